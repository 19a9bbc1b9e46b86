//! Position tests for FotM 11.0 the Sequence of Play (11.1 set-up, 11.2 phase order, 11.3 turn
//! one, 11.4-11.5 Burnside's pause and roll, 11.6 dusk), the optional 10.4 Lee, 10.5
//! Longstreet's bonus and 10.6 Burnside's resolve, and 18.0 How to Win.
//!
//! Whole turns are driven from a new game with an almost empty map: the few brigades placed
//! have lost two steps, so each side's Rally Phase asks for a decision and shows where the
//! sequence stands. Other phases are passed with Done (or the way out they offer).

mod common;

use common::{approx, p_d6};
use engine::{Actor, Game, Side};
use fotm::testkit::{after_setup, clear_map, hex, id, phase, put, put_cmdr};
use fotm::victory::{self, Level};
use fotm::{Action, Fate, Fotm, Loc, LongstreetBonus, Pause, Phase, Unit};
use hexmap::Hex;

/// A new game at set-up with only the named brigades on the map (each at `hex`, facing,
/// two steps lost) and the named commanders; everyone else is out of the game. The set-up is
/// accepted, so the first turn's first decision is pending.
fn bare(options: &[&str], brigades: &[(&str, &str, u8)], commanders: &[(&str, &str)]) -> Fotm {
    let opts: Vec<String> = options.iter().map(|s| (*s).to_string()).collect();
    let mut g = Fotm::new(&opts).expect("options");
    for b in g.all_brigades() {
        g.bde_mut(b).loc = Loc::Gone(Fate::Eliminated);
    }
    // Everyone but Lee (who comes only by 10.4) is out of the game unless named.
    for c in g.all_commanders() {
        g.cmdr_mut(c).hex = None;
        g.cmdr_mut(c).gone = g.cinfo(c).id != "Lee";
    }
    for &(name, at, f) in brigades {
        let b = put(&mut g, name, at, f);
        g.bde_mut(b).losses = 2;
    }
    for &(name, at) in commanders {
        let c = put_cmdr(&mut g, name, at);
        g.cmdr_mut(c).gone = false;
    }
    g.apply(&Action::Done).expect("Confederate set-up");
    g.apply(&Action::Done).expect("Union set-up");
    g
}

/// The two rallying brigades far apart on the valley floor.
fn two_sides() -> Vec<(&'static str, &'static str, u8)> {
    vec![("Scammon", "3016", 0), ("Garland", "0615", 3)]
}

/// The action a test driver takes at a side's decision: Done where offered (the Rally Phase
/// included: nothing is rallied), else the first way out of the phase, else the first action.
fn pass(g: &Fotm) -> Action {
    let legal = g.legal_actions();
    for a in [Action::Done, Action::EndMove, Action::Choose(false)] {
        if legal.contains(&a) {
            return a;
        }
    }
    legal[0]
}

/// One decision: chance takes `roll` if it is an outcome (else the first), a side passes.
fn step(g: &mut Fotm, roll: u8) {
    match g.actor() {
        Actor::Chance => {
            let outcomes = g.chance_outcomes();
            let a = outcomes.iter().find(|(a, _)| *a == Action::Roll(roll)).unwrap_or(&outcomes[0]).0;
            g.apply(&a).expect("chance outcome");
        }
        Actor::Side(_) => {
            let a = pass(g);
            g.apply(&a).expect("pass");
        }
        Actor::Over => panic!("game over"),
    }
}

/// Drives until `stop` holds or the game is over; returns the (turn, side, phase) of every
/// decision on the way, consecutive repeats dropped.
fn drive(g: &mut Fotm, roll: u8, stop: impl Fn(&Fotm) -> bool) -> Vec<(u8, Side, Phase)> {
    let mut seen: Vec<(u8, Side, Phase)> = Vec::new();
    let mut n = 0;
    while g.actor() != Actor::Over && !stop(g) {
        let here = (g.turn, g.phasing, g.phase);
        if seen.last() != Some(&here) {
            seen.push(here);
        }
        step(g, roll);
        n += 1;
        assert!(n < 20_000, "runaway");
    }
    seen
}

/// The prompt's rule.
fn rule(g: &Fotm) -> String {
    g.prompt().rule
}

fn turn(g: &Fotm, label: &str) -> u8 {
    g.oob().turn(label).unwrap_or_else(|| panic!("turn {label}"))
}

// ---------------------------------------------------------------------------------------
// 11.2-11.3 Phase order

/// Where a phase stands in 11.2's order of a turn.
fn rank(side: Side, p: Phase) -> usize {
    let order = [
        (Side::Union, Phase::BurnsideRoll),
        (Side::Union, Phase::Rally),
        (Side::Union, Phase::Movement),
        (Side::Union, Phase::Reinforcement),
        (Side::Union, Phase::Combat),
        (Side::Confederate, Phase::Rally),
        (Side::Confederate, Phase::Movement),
        (Side::Confederate, Phase::Reinforcement),
        (Side::Confederate, Phase::Combat),
    ];
    order.iter().position(|&x| x == (side, p)).unwrap_or_else(|| panic!("no decision expected in {side:?} {p:?}"))
}

#[test]
fn rule_11_2_union_then_confederate_and_turn_one_has_no_union_rally() {
    let mut g = bare(&[], &two_sides(), &[]);
    assert_eq!(g.turn, 1);
    let seen = drive(&mut g, 1, |g| g.turn > 3);
    for t in 1..=3 {
        let this: Vec<(Side, Phase)> = seen.iter().filter(|x| x.0 == t).map(|x| (x.1, x.2)).collect();
        let ranks: Vec<usize> = this.iter().map(|&(s, p)| rank(s, p)).collect();
        assert!(ranks.windows(2).all(|w| w[0] < w[1]), "turn {t} out of 11.2 order: {this:?}");
        let rallies: Vec<Side> = this.iter().filter(|x| x.1 == Phase::Rally).map(|x| x.0).collect();
        if t == 1 {
            // 11.3: turn one begins with the Union Movement Phase.
            assert_eq!(rallies, vec![Side::Confederate], "turn 1: {this:?}");
        } else {
            assert_eq!(rallies, vec![Side::Union, Side::Confederate], "turn {t}: {this:?}");
        }
    }
}

#[test]
fn rule_11_2_game_ends_after_9_pm() {
    let mut g = bare(&[], &two_sides(), &[]);
    let seen = drive(&mut g, 1, |_| false);
    assert_eq!(g.actor(), Actor::Over);
    assert_eq!(g.phase, Phase::Over);
    assert_eq!(g.turn, turn(&g, "9 PM"));
    assert_eq!(g.turn, g.last_turn());
    // The last decisions were on the 9 PM turn.
    assert_eq!(seen.last().map(|x| x.0), Some(g.last_turn()));
    // 18.1: the outcome says how it was decided (gaps or margin), for the page's header.
    let level = g.outcome().and_then(|o| o.level).expect("an outcome with its level");
    assert!(level.contains("18.1"), "{level}");
}

// ---------------------------------------------------------------------------------------
// 11.4-11.5 Burnside, 10.6 Burnside's resolve

/// Drives to the Burnside roll of `label` (the chance decision citing 11.5).
fn to_burnside_roll(g: &mut Fotm, label: &str) {
    let t = turn(g, label);
    drive(g, 1, |g| g.turn == t && g.actor() == Actor::Chance && rule(g) == "FotM 11.5");
    assert_eq!(g.turn, t, "no Burnside roll on {label}");
}

/// The exact probability that the pending Burnside roll resumes the offensive.
fn p_resume(g: &Fotm) -> f64 {
    p_d6(g, |h| h.pause == Pause::Resumed)
}

/// The pause after the pending Burnside roll comes up `roll` (on a copy of the game).
fn pause_after(g: &Fotm, roll: u8) -> Pause {
    let mut h = g.clone();
    h.apply(&Action::Roll(roll)).unwrap();
    h.pause
}

#[test]
fn rule_11_4_the_pause_starts_at_12_pm() {
    let mut g = bare(&[], &two_sides(), &[]);
    let noon = turn(&g, "12 PM");
    drive(&mut g, 1, |g| g.turn == noon - 1 && g.phase == Phase::Rally && g.phasing == Side::Confederate);
    assert_eq!(g.pause, Pause::NotYet);
    drive(&mut g, 1, |g| g.turn == noon);
    assert_eq!(g.pause, Pause::InForce);
}

#[test]
fn rule_11_5_burnside_roll_1_pm_five_or_six_2_pm_four_to_six() {
    let mut g = bare(&[], &two_sides(), &[]);
    to_burnside_roll(&mut g, "1 PM");
    assert_eq!(g.pause, Pause::InForce);
    approx(p_resume(&g), 2.0 / 6.0);
    // The roll comes before the Union Rally Phase (11.2 A.1).
    assert_eq!(pause_after(&g, 5), Pause::Resumed);
    // A 4 fails at 1 PM; then 2 PM rolls again, needing 4-6.
    g.apply(&Action::Roll(4)).unwrap();
    assert_eq!(g.pause, Pause::InForce);
    to_burnside_roll(&mut g, "2 PM");
    approx(p_resume(&g), 3.0 / 6.0);
    assert_eq!(pause_after(&g, 4), Pause::Resumed);
    // Failing at 2 PM too: the pause ends with the 3 PM turn, no third roll.
    g.apply(&Action::Roll(3)).unwrap();
    assert_eq!(g.pause, Pause::InForce);
    let three = turn(&g, "3 PM");
    let seen = drive(&mut g, 1, |g| g.turn == three + 1);
    assert!(!seen.iter().any(|x| x.2 == Phase::BurnsideRoll), "no roll after 2 PM: {seen:?}");
    assert_eq!(g.pause, Pause::Resumed);
}

#[test]
fn rule_11_5_no_roll_once_the_offensive_resumed() {
    let mut g = bare(&[], &two_sides(), &[]);
    to_burnside_roll(&mut g, "1 PM");
    g.apply(&Action::Roll(6)).unwrap();
    let two = turn(&g, "2 PM");
    let seen = drive(&mut g, 1, |g| g.turn == two + 1);
    assert!(!seen.iter().any(|x| x.0 == two && x.2 == Phase::BurnsideRoll), "{seen:?}");
}

#[test]
fn rule_10_6_burnside_resolve_ends_the_pause_at_1_pm_without_a_roll() {
    let mut g = bare(&["burnside-resolve"], &two_sides(), &[]);
    let noon = turn(&g, "12 PM");
    drive(&mut g, 1, |g| g.turn == noon);
    assert_eq!(g.pause, Pause::InForce, "the 12 PM pause still happens");
    let seen = drive(&mut g, 1, |g| g.turn == noon + 2);
    assert!(!seen.iter().any(|x| x.2 == Phase::BurnsideRoll), "{seen:?}");
    assert!(g.pause == Pause::Resumed);
    // Resumed already during the 1 PM Union Rally Phase.
    assert!(seen.contains(&(noon + 1, Side::Union, Phase::Rally)));
}

// ---------------------------------------------------------------------------------------
// 11.6 Dusk

#[test]
fn rule_11_6_dusk_is_8_pm_and_9_pm_only() {
    let mut g = after_setup(&[]);
    let dusk: Vec<u8> = (1..=g.last_turn())
        .filter(|&t| {
            g.turn = t;
            g.dusk()
        })
        .collect();
    assert_eq!(dusk, vec![turn(&g, "8 PM"), turn(&g, "9 PM")]);
    assert_eq!(g.last_turn(), 15);
}

// ---------------------------------------------------------------------------------------
// 10.4 Lee, 10.5 Longstreet's bonus

/// Longstreet on 0615 with Garland; Scammon two hexes off on 0815 (level valley floor).
fn with_longstreet(options: &[&str], union_at: &str) -> Fotm {
    bare(options, &[("Scammon", union_at, 0), ("Garland", "0615", 3)], &[("Longstreet", "0615")])
}

fn lee(g: &Fotm) -> u8 {
    g.commander_id("Lee").expect("Lee")
}

/// Drives to the first 10.4 decision and brings Lee on; returns that turn.
fn lee_arrives(g: &mut Fotm) -> u8 {
    drive(g, 1, |g| rule(g) == "FotM 10.4");
    let t = g.turn;
    g.apply(&Action::Choose(true)).unwrap();
    t
}

#[test]
fn rule_10_4_lee_may_come_from_3_pm_in_longstreets_hex() {
    let mut g = with_longstreet(&["lee"], "3016");
    let three = turn(&g, "3 PM");
    let seen = drive(&mut g, 1, |g| rule(g) == "FotM 10.4");
    assert_eq!(g.turn, three, "first offered at 3 PM");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!((g.phasing, g.phase), (Side::Confederate, Phase::Rally));
    assert!(seen.iter().all(|x| x.0 <= three));
    assert_eq!(g.legal_actions(), vec![Action::Choose(true), Action::Choose(false)]);
    g.apply(&Action::Choose(true)).unwrap();
    let l = lee(&g);
    assert_eq!(g.cmdr(l).hex, Some(hex("0615")));
    assert_eq!(g.lee.arrived, Some(three));
    // Lee now helps the Rally Phase under way: Garland may rally with him.
    let garland = id(&g, "Garland");
    assert!(g.legal_actions().contains(&Action::Rally { brigade: garland, by: Some(l) }));
    // He leaves in the Rally Phase three turns after his arrival: still there in the Union half
    // of that turn, gone by the first Confederate decision (its Rally Phase).
    drive(&mut g, 1, |g| g.turn == three + 3);
    assert_eq!(g.phasing, Side::Union);
    assert!(g.cmdr(l).hex.is_some(), "still there before the Confederate Rally Phase");
    drive(&mut g, 1, |g| g.turn == three + 3 && g.phasing == Side::Confederate);
    assert_eq!(g.phase, Phase::Rally);
    assert!(g.lee.left && g.cmdr(l).hex.is_none());
    // And never comes back: no 10.4 decision to the end of the game.
    drive(&mut g, 1, |g| rule(g) == "FotM 10.4");
    assert_eq!(g.actor(), Actor::Over);
    assert!(g.cmdr(l).hex.is_none());
}

#[test]
fn rule_10_4_without_the_option_lee_never_comes() {
    let mut g = with_longstreet(&[], "3016");
    drive(&mut g, 1, |g| rule(g) == "FotM 10.4");
    assert_eq!(g.actor(), Actor::Over);
    assert!(g.lee.arrived.is_none());
}

#[test]
fn rule_10_4_one_vp_a_turn_lee_is_within_two_hexes_of_a_union_brigade() {
    let mut g = with_longstreet(&["lee"], "0815");
    assert_eq!(hex("0615").distance(hex("0815")), 2);
    let three = lee_arrives(&mut g);
    let before = g.scored[Side::Union.index()];
    drive(&mut g, 1, |g| g.turn == three + 1);
    let scammon = id(&g, "Scammon");
    assert_eq!(g.hex_of(scammon), Some(hex("0815")), "the driver does not move brigades");
    assert_eq!(g.scored[Side::Union.index()], before + 1);
    drive(&mut g, 1, |g| g.turn == three + 3);
    assert_eq!(g.scored[Side::Union.index()], before + 3, "three turns with Lee on the map");
    drive(&mut g, 1, |g| g.turn == three + 4);
    assert_eq!(g.scored[Side::Union.index()], before + 3, "gone in the Rally Phase of his third turn after");
}

#[test]
fn rule_10_4_lee_leaves_when_a_union_brigade_comes_adjacent() {
    let mut g = after_setup(&["lee"]);
    clear_map(&mut g);
    let l = put_cmdr(&mut g, "Lee", "0615");
    g.lee.arrived = Some(9);
    put(&mut g, "Garland", "0615", 3);
    let b = put(&mut g, "Scammon", "0817", 0);
    g.bde_mut(b).losses = 2;
    phase(&mut g, 9, Side::Union, Phase::Rally);
    assert_eq!(g.cmdr(l).hex, Some(hex("0615")), "three hexes away: he stays");
    g.set_loc(b, Loc::Map(hex("0616")));
    g.apply(&Action::Done).unwrap();
    assert!(g.lee.left && g.cmdr(l).gone && g.cmdr(l).hex.is_none());
}

/// Lee brought on at 3 PM beside Longstreet and Garland (0615), Scammon on `from`; the game
/// driven to the Union Movement Phase of 4 PM, Scammon facing `to` and selected; and the Union
/// VP then.
fn lee_watched(from: Hex, to: Hex) -> (Fotm, u16) {
    let mut g = with_longstreet(&["lee"], &from.label());
    let three = lee_arrives(&mut g);
    drive(&mut g, 1, |g| g.turn == three + 1 && g.phasing == Side::Union && g.phase == Phase::Movement);
    let s = id(&g, "Scammon");
    assert_eq!(g.hex_of(s), Some(from), "the driver moves no brigade");
    g.bde_mut(s).facing = fotm::facing::front_towards(from, to);
    g.apply(&Action::Select(Unit::Brigade(s))).unwrap();
    let vp = g.scored[Side::Union.index()];
    (g, vp)
}

#[test]
fn lee_chased_off_scores_the_turn_he_is_chased() {
    let lee_hex = hex("0615");
    let from = hex("0815");
    let to = from.neighbours().into_iter().find(|n| n.distance(lee_hex) == 1).expect("a hex beside Lee");
    let (mut g, before) = lee_watched(from, to);
    let four = g.turn;
    g.apply(&Action::Step(to)).unwrap();
    let l = lee(&g);
    assert!(g.lee.left && g.cmdr(l).hex.is_none(), "removed at once");
    assert_eq!(g.scored[Side::Union.index()], before + 1, "the turn he was chased off scores");
    // And only once: the end of the turn finds him gone.
    drive(&mut g, 1, |g| g.turn == four + 1);
    assert_eq!(g.scored[Side::Union.index()], before + 1);
}

#[test]
fn lee_two_hexes_from_a_union_brigade_stays_and_scores_at_the_end_of_the_turn() {
    // The negative case: Scammon stops two hexes off; Lee stays, the VP comes at the turn's end.
    let lee_hex = hex("0615");
    let to = hex("0815");
    let from = to.neighbours().into_iter().find(|n| n.distance(lee_hex) == 3).expect("a hex three off");
    let (mut g, before) = lee_watched(from, to);
    let four = g.turn;
    g.apply(&Action::Step(to)).unwrap();
    let l = lee(&g);
    assert!(!g.lee.left && g.cmdr(l).hex.is_some());
    assert_eq!(g.scored[Side::Union.index()], before);
    drive(&mut g, 1, |g| g.turn == four + 1);
    assert_eq!(g.scored[Side::Union.index()], before + 1);
}

/// 3 PM's Confederate Rally Phase with Longstreet and Garland on 0615, Scammon on `union_at`,
/// and `also` (another commander) with Longstreet if named.
fn lee_offered(union_at: &str, also: Option<&str>) -> Fotm {
    let mut g = after_setup(&["lee"]);
    clear_map(&mut g);
    put_cmdr(&mut g, "Longstreet", "0615");
    if let Some(c) = also {
        put_cmdr(&mut g, c, "0615");
    }
    let garland = put(&mut g, "Garland", "0615", 3);
    g.bde_mut(garland).losses = 2;
    put(&mut g, "Scammon", union_at, 0);
    phase(&mut g, 9, Side::Confederate, Phase::Rally);
    g
}

#[test]
fn lee_is_not_offered_when_longstreets_hex_holds_two_commanders() {
    // 4.1, 10.2: two commanders a hex at most; Lee is placed in Longstreet's hex (10.4).
    let g = lee_offered("3016", Some("DHHill"));
    assert_ne!(rule(&g), "FotM 10.4");
    // The negative case: Longstreet alone, Lee is offered.
    let g = lee_offered("3016", None);
    assert_eq!(rule(&g), "FotM 10.4");
}

#[test]
fn rule_10_5_longstreet_with_lee_earns_a_bonus_next_turn() {
    let mut g = with_longstreet(&["longstreet-bonus"], "3016");
    let three = lee_arrives(&mut g);
    drive(&mut g, 1, |g| rule(g) == "FotM 10.5");
    // Lee left in the Rally Phase of 6 PM with Longstreet in his hex: the bonus is chosen on
    // the next turn's Confederate Rally Phase.
    assert!(g.lee.left);
    assert_eq!(g.lee.bonus_turn, Some(three + 4));
    assert_eq!((g.turn, g.phasing, g.phase), (three + 4, Side::Confederate, Phase::Rally));
    g.apply(&Action::Choose(true)).unwrap();
    assert_eq!(g.lee.bonus, Some(LongstreetBonus::Rally));
    let l = g.commander_id("Longstreet").unwrap();
    let garland = id(&g, "Garland");
    assert!(g.legal_actions().contains(&Action::Rally { brigade: garland, by: Some(l) }));
}

#[test]
fn rule_10_5_no_bonus_if_longstreet_was_away() {
    let mut g = with_longstreet(&["longstreet-bonus"], "3016");
    lee_arrives(&mut g);
    let l = g.commander_id("Longstreet").unwrap();
    g.cmdr_mut(l).hex = Some(hex("0215"));
    drive(&mut g, 1, |g| rule(g) == "FotM 10.5");
    assert_eq!(g.actor(), Actor::Over);
    assert!(g.lee.left && g.lee.bonus_turn.is_none());
}

// ---------------------------------------------------------------------------------------
// 11.1 Set-up

#[test]
fn rule_11_1_confederates_within_two_hexes_union_on_the_listed_hex() {
    let g = Fotm::new(&[]).unwrap();
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Done));
    let garland = id(&g, "Garland");
    let gap = hex("1607");
    assert_eq!(g.hex_of(garland), Some(gap));
    let hexes: Vec<_> = legal
        .iter()
        .filter_map(|a| match *a {
            Action::Deploy { unit: Unit::Brigade(b), hex, .. } if b == garland => Some(hex),
            _ => None,
        })
        .collect();
    assert!(hexes.iter().all(|h| h.distance(gap) <= 2));
    assert!(hexes.iter().any(|h| h.distance(gap) == 2));
    // Every facing, on his own hex too (except the one he has).
    for f in 0..6 {
        let a = Action::Deploy { unit: Unit::Brigade(garland), hex: gap, facing: f };
        assert_eq!(legal.contains(&a), f != g.bde(garland).facing, "facing {f}");
    }
    // No Union unit is set up by the Confederate player.
    assert!(!legal.iter().any(|a| matches!(a, Action::Deploy { unit, .. } if g.owner(*unit) == Side::Union)));

    // The Union: the listed hex only, choosing facing.
    let mut g = g;
    g.apply(&Action::Done).unwrap();
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    let legal = g.legal_actions();
    for a in &legal {
        if let Action::Deploy { unit, hex, .. } = *a {
            assert_eq!(g.owner(unit), Side::Union);
            assert_eq!(g.unit_hex(unit), Some(hex), "{a:?} moves a Union unit");
        }
    }
    g.apply(&Action::Done).unwrap();
    assert_eq!(g.turn, 1);
    assert_ne!(g.phase, Phase::Setup);
}

#[test]
fn rule_11_1_set_up_respects_stacking() {
    let mut g = Fotm::new(&[]).unwrap();
    let (garland, colquitt, bondurant, rosser) =
        (id(&g, "Garland"), id(&g, "Colquitt"), id(&g, "Bondurant"), id(&g, "Rosser"));
    let gap = hex("1607");
    let offered = |g: &Fotm, b: u8, h: hexmap::Hex| {
        g.legal_actions()
            .iter()
            .any(|a| matches!(*a, Action::Deploy { unit: Unit::Brigade(x), hex, .. } if x == b && hex == h))
    };
    // Bondurant (1707) and Rosser (1508) may join Garland on the gap.
    assert!(offered(&g, bondurant, gap));
    assert!(offered(&g, rosser, gap));
    g.apply(&Action::Deploy { unit: Unit::Brigade(bondurant), hex: gap, facing: 3 }).unwrap();
    // With a second infantry brigade there by hand, the hex is full (three brigades): Rosser's
    // cavalry (1508, within two hexes) may no longer set up there.
    g.set_loc(colquitt, Loc::Map(gap));
    assert_eq!(g.stack_at(gap).len(), 3);
    assert!(!offered(&g, rosser, gap));
    // A unit is re-placed once: Bondurant is not offered again.
    assert!(
        !g.legal_actions()
            .iter()
            .any(|a| matches!(*a, Action::Deploy { unit: Unit::Brigade(b), .. } if b == bondurant))
    );
    // Garland re-faces in place.
    let a = Action::Deploy { unit: Unit::Brigade(garland), hex: gap, facing: 2 };
    assert!(g.legal_actions().contains(&a));
    g.apply(&a).unwrap();
    assert_eq!((g.hex_of(garland), g.bde(garland).facing), (Some(gap), 2));
}

// ---------------------------------------------------------------------------------------
// 18.1 How to win

#[test]
fn rule_18_1_confederates_hold_everything_at_the_start() {
    let g = after_setup(&[]);
    assert_eq!(g.control, [Side::Confederate; 3]);
    assert_eq!(victory::vp(&g), [0, victory::KEY_HEX_VP]);
    assert_eq!(victory::result(&g), (Some(Side::Confederate), Level::Decisive));
}

#[test]
fn rule_18_1_control_passes_to_the_side_that_last_entered() {
    let mut g = after_setup(&[]);
    clear_map(&mut g);
    let key = g.map().key_hex();
    assert_eq!(key, hex("2601"));
    let s = put(&mut g, "Scammon", "2601", 0);
    assert_eq!(g.control[2], Side::Union);
    assert_eq!(victory::vp(&g), [victory::KEY_HEX_VP, 0]);
    // Leaving does not give it back; the Confederates must re-enter.
    g.set_loc(s, Loc::Map(hex("2602")));
    assert_eq!(g.control[2], Side::Union);
    put(&mut g, "Garland", "2601", 3);
    assert_eq!(g.control[2], Side::Confederate);
}

#[test]
fn rule_18_1_first_gap_capture_is_recorded() {
    let mut g = after_setup(&[]);
    clear_map(&mut g);
    g.turn = 7;
    assert_eq!(g.gap_captured, None);
    let s = put(&mut g, "Scammon", "1607", 0);
    assert_eq!(g.control[0], Side::Union);
    assert_eq!(g.gap_captured, Some(7));
    // Losing and retaking the gap, or taking the other one later, keeps the first turn.
    put(&mut g, "Garland", "1607", 3);
    g.turn = 9;
    g.set_loc(s, Loc::Map(hex("2405")));
    assert_eq!(g.control, [Side::Confederate, Side::Union, Side::Confederate]);
    assert_eq!(g.gap_captured, Some(7));
    // A Confederate entering 2601 is no capture.
    let mut g = after_setup(&[]);
    clear_map(&mut g);
    put(&mut g, "Garland", "2405", 3);
    assert_eq!(g.gap_captured, None);
}

#[test]
fn rule_18_1_decisive_victory_holding_both_gaps() {
    let mut g = after_setup(&[]);
    g.control = [Side::Union, Side::Union, Side::Confederate];
    g.scored = [0, 40];
    assert_eq!(victory::result(&g), (Some(Side::Union), Level::Decisive));
}

#[test]
fn rule_18_1_vp_margin_decides_when_the_gaps_are_split() {
    let mut g = after_setup(&[]);
    g.control = [Side::Union, Side::Confederate, Side::Confederate];
    // Confederates have 2601's 5 VP.
    for (union, level, winner) in [
        (5, Level::Draw, None),
        (12, Level::Draw, None),
        (13, Level::Minor, Some(Side::Union)),
        (20, Level::Minor, Some(Side::Union)),
        (21, Level::Major, Some(Side::Union)),
    ] {
        g.scored = [union, 0];
        assert_eq!(victory::result(&g), (winner, level), "Union {union} vs Confederate 5");
    }
    g.scored = [0, 3];
    assert_eq!(victory::result(&g), (Some(Side::Confederate), Level::Minor), "margin 8");
    g.scored = [0, 11];
    assert_eq!(victory::result(&g), (Some(Side::Confederate), Level::Major), "margin 16");
    g.scored = [0, 2];
    assert_eq!(victory::result(&g), (None, Level::Draw), "margin 7");
}

#[test]
fn rule_10_4_lee_may_arrive_beside_a_union_brigade_and_stays() {
    // No rule bars Lee from Longstreet's hex when a Union brigade is already adjacent (an earlier
    // reading did), and that brigade did not move adjacent to him: he stays (10.4).
    // Scammon on 0614, behind Garland (0615, facing east): adjacent, but in no ZOC, so the
    // 12 PM withdrawal (11.4) does not move him.
    let mut g = with_longstreet(&["lee"], "0614");
    let three = lee_arrives(&mut g);
    let l = lee(&g);
    assert_eq!(g.cmdr(l).hex, Some(hex("0615")));
    drive(&mut g, 1, |g| g.turn == three + 1);
    assert_eq!(g.hex_of(id(&g, "Scammon")), Some(hex("0614")), "the driver moved nothing");
    assert!(!g.lee.left && g.cmdr(l).hex == Some(hex("0615")), "still there: no Union brigade moved");
}

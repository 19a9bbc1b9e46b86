//! Position tests for FotM 15.0 (the Combat Phase) and 9.1-9.4 (artillery fire): legal
//! announcements, who may join, the SP each roll uses (exact dice distributions), step losses
//! on the Lead Brigade, woods, dusk, routs and leader casualties from combat. Rule text is cited
//! by number only.
//!
//! The flat ground used: 2816 and its ring are clear, level 0; 2016 is woods at level 0; 1716 is
//! a clear knoll at level 1 with level-0 neighbours.

mod common;

use common::*;
use engine::{Actor, Game, Side};
use fotm::facing::rear_towards;
use fotm::testkit::*;
use fotm::{Action, Fotm, Loc, Phase, Unit};

/// 11 AM: before Burnside's pause, not dusk.
const TURN: u8 = 5;
/// 8 PM: dusk (11.6).
const DUSK: u8 = 14;

fn combat(g: &mut Fotm, side: Side, turn: u8) {
    phase(g, turn, side, Phase::Combat);
}

/// The Union Combat Phase of `TURN`; `who` assault `target`.
fn union_assault(g: &mut Fotm, target: &str, who: &[u8]) {
    combat(g, Side::Union, TURN);
    assault(g, target, who);
}

// ---------------------------------------------------------------------------------------
// 15.1-15.2, 15.4: announcing Assaults.

#[test]
fn rule_15_4_close_combat_at_the_same_elevation_is_mandatory() {
    let (mut g, s, _) = face_off("Scammon", "Garland");
    combat(&mut g, Side::Union, TURN);
    assert!(legal(&g, Action::Assault(hex("2815"))));
    assert!(!legal(&g, Action::Done), "FotM 15.4: the adjacent hex at the same level must be assaulted");
    assert_eq!(g.why_illegal(&Action::Done).rule, "FotM 15.4");
    // Launch needs infantry or cavalry; Cancel is always there.
    act(&mut g, Action::Assault(hex("2815")));
    assert!(!legal(&g, Action::Launch));
    assert!(legal(&g, Action::Cancel));
    act(&mut g, Action::Join(s));
    assert!(legal(&g, Action::Launch));
    // Join toggles.
    act(&mut g, Action::Join(s));
    assert!(!legal(&g, Action::Launch));
    // Called off, the log says so (the tenth playtest); nothing of the kind before.
    let called = |g: &fotm::Fotm| g.log().events().iter().any(|e| e.text.contains("Assault on 2815 is called off"));
    assert!(!called(&g));
    g.set_logging(true);
    act(&mut g, Action::Cancel);
    assert!(called(&g));
}

#[test]
fn rule_15_4_close_combat_across_elevations_is_optional() {
    let (mut g, _, _) = face_off_at("Scammon", "1715", "Garland", "1716");
    combat(&mut g, Side::Union, TURN);
    assert!(legal(&g, Action::Assault(hex("1716"))));
    assert!(legal(&g, Action::Done), "FotM 15.4: close combat up a level is optional");
}

/// Turns Scammon on 2816 to put its rear to 2815.
fn turn_about(g: &mut Fotm, s: u8) {
    g.bde_mut(s).facing = rear_towards(hex("2816"), hex("2815"));
}

#[test]
fn rule_15_4_column_regrouped_and_rear_create_no_obligation_and_cannot_join() {
    // (why, what is done to Scammon, whether the Assault itself is refused)
    type Case = (&'static str, fn(&mut Fotm, u8), bool);
    let cases: [Case; 3] = [
        ("15.2: a column cannot attack", |g, s| g.bde_mut(s).column = true, true),
        ("12.3: regrouped this turn, no Assault", |g, s| g.bde_mut(s).regrouped = true, false),
        ("5.1: no combat into the rear hexes", turn_about, true),
    ];
    for (why, tweak, refused) in cases {
        let (mut g, s, _) = face_off("Scammon", "Garland");
        tweak(&mut g, s);
        combat(&mut g, Side::Union, TURN);
        assert!(legal(&g, Action::Done), "{why}");
        if refused {
            assert!(!legal(&g, Action::Assault(hex("2815"))), "{why}");
        }
    }
}

#[test]
fn rule_11_4_no_union_assault_during_the_pause() {
    let (mut g, _, _) = face_off("Scammon", "Garland");
    g.pause = fotm::Pause::InForce;
    combat(&mut g, Side::Union, TURN);
    assert_eq!(g.legal_actions(), vec![Action::Done]);
}

#[test]
fn rule_11_4_a_confederate_infantry_assault_ends_the_pause() {
    let (mut g, c, _) = face_off_at("Garland", "2815", "Scammon", "2816");
    g.pause = fotm::Pause::InForce;
    combat(&mut g, Side::Confederate, TURN);
    assault(&mut g, "2816", &[c]);
    assert_eq!(g.pause, fotm::Pause::Resumed);
}

#[test]
fn rule_15_2_a_hex_is_assaulted_once_and_a_brigade_assaults_once() {
    let (mut g, s, _) = face_off("Scammon", "Garland");
    union_assault(&mut g, "2815", &[s]);
    assert_dice(&g, 6);
    act(&mut g, dice(0));
    // Reorder stage, then the phase again.
    act(&mut g, Action::Done);
    assert!(g.bde(s).assaulted);
    assert!(!legal(&g, Action::Assault(hex("2815"))), "15.2: one Assault a hex a phase");
    assert!(legal(&g, Action::Done));
}

#[test]
fn rule_8_2_mounted_cavalry_cannot_assault_woods_or_uphill() {
    let (mut g, _, _) = face_off_at("Whiting", "1916", "Garland", "2016");
    combat(&mut g, Side::Union, TURN);
    assert!(!legal(&g, Action::Assault(hex("2016"))), "8.2: no mounted assault into woods");
    assert!(legal(&g, Action::Done), "8.2: so none is owed");

    let (mut g, _, _) = face_off_at("Whiting", "1715", "Garland", "1716");
    combat(&mut g, Side::Union, TURN);
    assert!(!legal(&g, Action::Assault(hex("1716"))), "8.2: no mounted assault uphill");

    // Dismounted, it may (and at the woods it owes close combat).
    let (mut g, w, _) = face_off_at("Whiting", "1916", "Garland", "2016");
    g.bde_mut(w).mounted = false;
    combat(&mut g, Side::Union, TURN);
    assert!(legal(&g, Action::Assault(hex("2016"))));
    assert!(!legal(&g, Action::Done));
}

// ---------------------------------------------------------------------------------------
// 15.2, 5.1, 8.3, 15.3, 15.7: the SP of close combat and of defensive fire.

/// The dice of the first roll when `attacker` on `from` (facing `to`) assaults `defender` on
/// `to` alone in the Union Combat Phase; the defender turns its rear unless `faces`; `tweak`
/// is applied to (game, attacker, defender) first.
fn first_roll(attacker: &str, from: &str, defender: &str, to: &str, faces: bool, tweak: fn(&mut Fotm, u8, u8), n: u8) {
    let (mut g, a, d) =
        if faces { face_to_face(attacker, defender) } else { face_off_at(attacker, from, defender, to) };
    tweak(&mut g, a, d);
    union_assault(&mut g, to, &[a]);
    assert_dice(&g, n);
}

/// No change to the set-up.
fn as_is(_: &mut Fotm, _: u8, _: u8) {}

#[test]
fn rule_15_2_one_die_per_sp_into_a_front_hex() {
    first_roll("Scammon", "2816", "Garland", "2815", false, as_is, 6);
}

#[test]
fn rule_5_1_half_sp_rounded_up_into_a_flank_hex() {
    let mut g = empty();
    // Facing 1 puts 2815 (direction 0) on a flank: front directions are 1 and 2.
    let s = put(&mut g, "Scammon", "2816", 1);
    assert_eq!(fotm::facing::arc(hex("2816"), 1, hex("2815")), Some(fotm::facing::Arc::Flank));
    put_back(&mut g, "Colquitt", "2815", "2816");
    union_assault(&mut g, "2815", &[s]);
    assert_dice(&g, 3);
}

#[test]
fn rule_15_3_higher_target_minus_a_level_lower_target_plus_one() {
    first_roll("Scammon", "1715", "Garland", "1716", false, as_is, 5);
    first_roll("Scammon", "1716", "Garland", "1715", false, as_is, 7);
}

#[test]
fn rule_8_3_dismounted_cavalry_halved_rounded_down() {
    first_roll("Whiting", "2816", "Garland", "2815", false, |g, w, _| g.bde_mut(w).mounted = false, 1);
}

/// Scammon on a hex next to 2815 assaults it with `second` from the hex beside Scammon's;
/// Garland on 2815 turns its rear to Scammon. Returns after the launch: (game, Scammon,
/// second).
fn two_hexes_assault(second: &str) -> (Fotm, u8, u8) {
    let mut g = empty();
    let t = hex("2815");
    let ring = t.neighbours();
    let (a, b) = (ring[3].label(), ring[2].label());
    let s = put_facing(&mut g, "Scammon", &a, "2815");
    let d = put_facing(&mut g, second, &b, "2815");
    put(&mut g, "Garland", "2815", rear_towards(t, ring[3]));
    assert_eq!(fotm::facing::arc(t, rear_towards(t, ring[3]), ring[2]), Some(fotm::facing::Arc::Flank));
    union_assault(&mut g, "2815", &[s, d]);
    (g, s, d)
}

#[test]
fn rule_15_2_two_union_corps_lose_one_sp_and_ten_dice_at_most() {
    // Scammon (IX Corps) and Doubleday (I Corps) from two hexes next to 2815. Garland turns
    // its rear to Scammon, so Doubleday is on its flank: it fires back at half SP (2) first.
    let (mut g, s, d) = two_hexes_assault("Doubleday");
    // Two leads possible: Scammon's and Doubleday's hexes' top infantry (4.2).
    assert!(legal(&g, Action::Lead(s)) && legal(&g, Action::Lead(d)));
    act(&mut g, Action::Lead(s));
    assert_dice(&g, 2);
    act(&mut g, dice(0));
    assert_dice(&g, 6 + 4 - 1);

    let (mut g, s, _) = two_hexes_assault("Crook");
    act(&mut g, Action::Lead(s));
    assert_dice(&g, 2);
    act(&mut g, dice(0));
    assert_dice(&g, 10); // 6 + 6, ten dice at most
}

/// 15.2 said before the roll (the fifth playtest: a player added a brigade and the dice fell
/// with no word why). Joining Doubleday (I Corps) to Scammon (IX Corps) names the -1 on the
/// join, and the log names it before the close combat roll; Crook (IX Corps) joins silently.
#[test]
fn rule_15_2_the_corps_penalty_is_named_before_the_roll() {
    for (second, mixed) in [("Doubleday", true), ("Crook", false)] {
        let mut g = empty();
        let t = hex("2815");
        let ring = t.neighbours();
        let s = put_facing(&mut g, "Scammon", &ring[3].label(), "2815");
        let d = put_facing(&mut g, second, &ring[2].label(), "2815");
        put(&mut g, "Garland", "2815", rear_towards(t, ring[3]));
        combat(&mut g, Side::Union, TURN);
        act(&mut g, Action::Assault(t));
        act(&mut g, Action::Join(s));
        let label = engine::Game::describe(&g, &Action::Join(d));
        assert_eq!(label.contains("two corps, -1 SP to the attack (15.2)"), mixed, "{label}");
        act(&mut g, Action::Join(d));
        act(&mut g, Action::Launch);
        act(&mut g, Action::Lead(s));
        act(&mut g, dice(0));
        let said = g.log().events().iter().any(|e| e.text.contains("Brigades of two Union corps"));
        assert_eq!(said, mixed, "{second}");
    }
}

/// 15.4 (the seventh playtest): an Assault nobody may make names each nearby brigade's own
/// bar, not every condition at once: a brigade in column (15.2), a battery out of range
/// (9.1). The neighbour: in line, the same brigade may assault.
#[test]
fn rule_15_4_an_assault_refused_names_what_bars_each_brigade() {
    let (mut g, s, _) = face_off("Scammon", "Garland");
    g.bde_mut(s).column = true;
    put_facing(&mut g, "Benjamin", "2819", "2815");
    combat(&mut g, Side::Union, TURN);
    let why = g.why_illegal(&Action::Assault(hex("2815")));
    assert_eq!(why.rule, "FotM 15.4");
    assert!(why.reason.contains("is in column (FotM 15.2)"), "{}", why.reason);
    assert!(why.reason.contains("beyond its range (FotM 9.1)"), "{}", why.reason);
    // The brigade itself, clicked between Assaults (the page's probe of a unit): its bar.
    let why = engine::explain(&g, &engine::Probe::Unit { unit: "Scammon".into() });
    assert!(
        why.refusals.iter().any(|r| r.reason.contains("may assault nothing now") && r.reason.contains("is in column")),
        "{:?}",
        why.refusals
    );
    let (mut g, _, _) = face_off("Scammon", "Garland");
    combat(&mut g, Side::Union, TURN);
    assert!(legal(&g, Action::Assault(hex("2815"))));
}

/// As [`two_hexes_assault`] with Crook beside Scammon and Benjamin (IX Corps, canister 1)
/// stacked with Scammon, all facing 2815: 1 + 6 + 6 SP of one corps. Returns after the launch
/// and the choice of Scammon as the Lead: (game, Scammon, Benjamin).
fn guns_and_twelve_sp() -> (Fotm, u8, u8) {
    let (mut g, s, gun, c) = guns_beside_two_brigades();
    union_assault(&mut g, "2815", &[s, gun, c]);
    act(&mut g, Action::Lead(s));
    (g, s, gun)
}

/// Scammon and Benjamin beside 2815, Crook on the next hex, all facing it, Garland in it:
/// (game, Scammon, Benjamin, Crook), before any Assault.
fn guns_beside_two_brigades() -> (Fotm, u8, u8, u8) {
    let mut g = empty();
    let t = hex("2815");
    let ring = t.neighbours();
    let (a, b) = (ring[3].label(), ring[2].label());
    let s = put_facing(&mut g, "Scammon", &a, "2815");
    let gun = put_facing(&mut g, "Benjamin", &a, "2815");
    let c = put_facing(&mut g, "Crook", &b, "2815");
    put(&mut g, "Garland", "2815", rear_towards(t, ring[3]));
    (g, s, gun, c)
}

#[test]
fn ten_dice_per_assault_so_the_guns_leave_close_combat_only_the_rest() {
    // 15.2: ten dice for the whole Assault, not for each roll. Benjamin's canister rolls one
    // die, so the close combat of 12 SP rolls nine, not ten: 10 dice in all, never 11.
    let (mut g, _, _) = guns_and_twelve_sp();
    assert_dice(&g, 1);
    act(&mut g, dice(0));
    // Garland (rear to Scammon, Crook on its flank) fires back at half SP: the defender's own
    // ten dice are untouched by the attacker's.
    assert_dice(&g, 2);
    act(&mut g, dice(0));
    assert_dice(&g, 9);
    // The prompt says why (the fifth playtest: the odds' dice on the way showed 9 with no word).
    assert!(g.prompt().text.ends_with("roll 9 dice of 10: ten dice per Assault, 15.2"), "{}", g.prompt().text);
}

#[test]
fn under_ten_dice_an_assault_rolls_every_sp() {
    // The negative case: canister 1 and close combat 6 (Scammon alone with Benjamin): 7 dice,
    // nothing held back.
    let (mut g, s, _) = face_off("Scammon", "Garland");
    let gun = put_facing(&mut g, "Benjamin", "2816", "2815");
    union_assault(&mut g, "2815", &[s, gun]);
    assert_dice(&g, 1);
    act(&mut g, dice(0));
    assert_dice(&g, 6);
    assert!(g.prompt().text.ends_with("roll 6 dice"), "nothing held back, nothing said: {}", g.prompt().text);
}

// ---------------------------------------------------------------------------------------
// 15.7 defensive fire.

#[test]
fn rule_15_7_defensive_fire_precedes_close_combat_column_defends_at_a_quarter() {
    first_roll("Scammon", "2816", "Colquitt", "2815", true, as_is, 5);
    // 5 / 4 rounded up
    first_roll("Scammon", "2816", "Colquitt", "2815", true, |g, _, c| g.bde_mut(c).column = true, 2);
    // 17.4
    first_roll("Scammon", "2816", "Colquitt", "2815", true, |g, _, c| g.bde_mut(c).routed = true, 2);
}

#[test]
fn rule_15_7_two_losses_to_the_assaulting_lead_force_a_morale_check() {
    let (mut g, s, _) = face_to_face("Scammon", "Colquitt");
    union_assault(&mut g, "2815", &[s]);
    act(&mut g, dice(3));
    assert_eq!(g.bde(s).losses, 2, "15.7: at most two steps");
    // The morale check: a d6, 5-6 passes.
    assert_eq!(g.chance_outcomes(), d6());
    act(&mut g, Action::Roll(4));
    // Failed: Scammon retreats away from 2815; the Assault ends there (15.7, see tests/review.rs).
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    let to = g.legal_actions();
    assert!(to.iter().all(|a| matches!(a, Action::RetreatTo(h) if h.distance(hex("2815")) == 2)), "{to:?}");
    act(&mut g, to[0]);
    assert_ne!(g.hex_of(s), Some(hex("2816")));
    // No close combat: straight to the reorder step.
    assert_eq!(g.legal_actions(), vec![Action::Done]);
}

#[test]
fn a_battery_in_column_or_routed_suppresses_at_a_quarter_of_its_sp() {
    // 15.2, 17.4: Lane (ranged 2) answers Benjamin's suppression fire with its own, at a
    // quarter rounded up (1) in column or routed, as its canister would be; in line, 2.
    for (why, tweak, n) in [
        ("in line: full", (|_: &mut Fotm, _: u8| {}) as fn(&mut Fotm, u8), 2),
        ("15.2: in column", |g: &mut Fotm, l: u8| g.bde_mut(l).column = true, 1),
        ("17.4: routed", |g: &mut Fotm, l: u8| g.bde_mut(l).routed = true, 1),
    ] {
        let mut g = empty();
        let b = put_facing(&mut g, "Benjamin", "2816", "2815");
        let l = put_facing(&mut g, "Lane", "2815", "2816");
        tweak(&mut g, l);
        union_assault(&mut g, "2815", &[b]);
        assert_dice(&g, 2);
        act(&mut g, dice(0));
        assert_eq!(g.prompt().rule, "FotM 15.2", "{why}: Lane's suppression fire: {:?}", g.prompt());
        assert_dice(&g, n);
    }
}

// ---------------------------------------------------------------------------------------
// 15.8 step losses and 17.2.

#[test]
fn rule_15_8_two_steps_at_most_from_the_lead_which_goes_to_the_bottom() {
    let (mut g, s, c) = face_off("Scammon", "Colquitt");
    let a = put_back(&mut g, "GBAnderson", "2815", "2816");
    union_assault(&mut g, "2815", &[s]);
    // 4.2: the top infantry brigade leads (no choice).
    assert_dice(&g, 6);
    act(&mut g, dice(3));
    assert_eq!((g.bde(c).losses, g.bde(a).losses), (2, 0));
    assert_eq!(g.stack_at(hex("2815")), vec![a, c], "15.8: to the bottom");
    // 17.2: Colquitt chooses a morale check or a retreat.
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.legal_actions(), vec![Action::Choose(true), Action::Choose(false)]);
}

#[test]
fn a_lead_eliminated_by_the_first_six_passes_one_step_on_and_no_morale_choice() {
    // 15.8, 17.2: Colquitt, on its last step, leads; Lane's battery is under G. B. Anderson.
    // Two sixes: Colquitt is eliminated by the first, Anderson (the next Lead) takes the
    // second. Anderson lost one step, not two: it stays where it is in the stack and is offered
    // no morale check or retreat.
    let (mut g, s, c) = face_off("Scammon", "Colquitt");
    let a = put_back(&mut g, "GBAnderson", "2815", "2816");
    let l = put_back(&mut g, "Lane", "2815", "2816");
    g.bde_mut(c).losses = g.steps_left(c) - 1;
    union_assault(&mut g, "2815", &[s]);
    act(&mut g, dice(2));
    assert_eq!(g.bde(c).loc, Loc::Gone(fotm::Fate::Eliminated));
    assert_eq!(g.bde(a).losses, 1);
    assert_eq!(g.stack_at(hex("2815")), vec![a, l], "15.8: one step, not sent to the bottom");
    assert!(
        g.legal_actions().iter().all(|x| !matches!(x, Action::Choose(_))),
        "17.2: no two-step choice: {:?}",
        g.legal_actions()
    );
    assert_eq!(g.actor(), Actor::Side(Side::Union), "the Assault ends: the attacker restacks");
}

#[test]
fn rule_15_8_lose_steps_eliminates_and_scores() {
    let (mut g, s, j) = face_off("Scammon", "Jenkins");
    g.bde_mut(j).losses = 1;
    combat(&mut g, Side::Union, TURN);
    let before = g.scored;
    assault(&mut g, "2815", &[s]);
    act(&mut g, dice(1));
    assert_eq!(g.bde(j).loc, Loc::Gone(fotm::Fate::Eliminated));
    assert_eq!(g.scored[0], before[0] + fotm::victory::vp::ELIMINATED_INFANTRY);
    // 15.10: the hex is vacated: Scammon must advance.
    assert_eq!(g.legal_actions(), vec![Action::Advance(s)]);
    act(&mut g, Action::Advance(s));
    assert_eq!(g.hex_of(s), Some(hex("2815")));
}

// ---------------------------------------------------------------------------------------
// 15.3 woods, 11.6 dusk.

#[test]
fn rule_15_3_woods_reroll_one_six_still_hits_on_five_or_six() {
    let (mut g, s, c) = face_off_at("Scammon", "1916", "Colquitt", "2016");
    union_assault(&mut g, "2016", &[s]);
    g.set_logging(true);
    act(&mut g, dice(1));
    assert_eq!(g.chance_outcomes(), d6());
    let mut miss = g.clone();
    act(&mut miss, Action::Roll(4));
    assert_eq!(miss.bde(c).losses, 0);
    act(&mut g, Action::Roll(5));
    assert_eq!(g.bde(c).losses, 1);
    // The log reads in order: the roll as it fell, then the re-roll and what it left (the
    // tenth playtest read the re-roll before the roll).
    let texts: Vec<&str> = miss.log().events().iter().map(|e| e.text.as_str()).collect();
    let roll = texts.iter().position(|t| t.contains("one six")).expect("the roll");
    let reroll = texts
        .iter()
        .position(|t| t.starts_with("Woods re-roll of a six: 4, the six is saved; 0 count"))
        .expect("the re-roll");
    assert!(roll < reroll, "{texts:?}");
}

#[test]
fn rule_11_6_dusk_ignores_the_first_six() {
    let (mut g, s, c) = face_off("Scammon", "Colquitt");
    combat(&mut g, Side::Union, DUSK);
    assault(&mut g, "2815", &[s]);
    g.set_logging(true);
    act(&mut g, dice(2));
    assert_eq!(g.bde(c).losses, 1);
    // The roll as it fell, then what dusk made of it (the tenth playtest).
    let texts: Vec<&str> = g.log().events().iter().map(|e| e.text.as_str()).collect();
    let roll = texts.iter().position(|t| t.contains("2 sixes")).expect("the roll");
    let dusk = texts.iter().position(|t| t.contains("Dusk: that six is ignored, 1 count")).expect("dusk");
    assert!(roll < dusk, "{texts:?}");
}

// ---------------------------------------------------------------------------------------
// 9.1-9.4 artillery.

#[test]
fn rule_9_1_ranged_fire_reaches_three_hexes() {
    let mut g = empty();
    let b = put_facing(&mut g, "Benjamin", "2816", "2815");
    put(&mut g, "Garland", "2813", 0);
    put(&mut g, "Colquitt", "3216", 0);
    combat(&mut g, Side::Union, TURN);
    assert_eq!(hex("2816").distance(hex("2813")), 3);
    assert!(legal(&g, Action::Assault(hex("2813"))));
    assert_eq!(hex("2816").distance(hex("3216")), 4);
    assert!(!legal(&g, Action::Assault(hex("3216"))));
    // Artillery alone: ranged fire at 2 SP; no defensive fire at that range, no close combat.
    assault(&mut g, "2813", &[b]);
    assert_dice(&g, 2);
}

/// Whether the battery `gun` on 2816 (facing 2815, made dismounted if `dismounted`) may fire at
/// Garland two hexes off on 2814 in the Union Combat Phase of `turn`.
fn fires_at_2814(gun: &str, dismounted: bool, turn: u8) -> bool {
    let mut g = empty();
    let b = put_facing(&mut g, gun, "2816", "2815");
    if dismounted {
        g.bde_mut(b).mounted = false;
    }
    put(&mut g, "Garland", "2814", 0);
    combat(&mut g, Side::Union, turn);
    legal(&g, Action::Assault(hex("2814")))
}

#[test]
fn rule_11_6_dusk_artillery_range_is_one() {
    assert!(!fires_at_2814("Benjamin", false, DUSK));
}

#[test]
fn rule_8_4_horse_artillery_fires_only_dismounted() {
    assert!(!fires_at_2814("Robertson", false, TURN));
    assert!(fires_at_2814("Robertson", true, TURN));
}

#[test]
fn rule_9_3_canister_adjacent_with_infantry_then_close_combat() {
    let (mut g, s, _) = face_off("Scammon", "Garland");
    let b = put_facing(&mut g, "B4US", "2816", "2815");
    union_assault(&mut g, "2815", &[s, b]);
    // 15.6: canister, the right number (2), first; IX and I Corps together: -1 (15.2), once,
    // on the close combat roll.
    assert_dice(&g, 2);
    act(&mut g, dice(0));
    assert_dice(&g, 6 - 1);
}

#[test]
fn the_corps_penalty_is_one_sp_off_the_whole_assault_not_off_every_roll() {
    // 15.2: Benjamin (IX Corps, ranged 2) and B4US (I Corps, ranged 1) two hexes off, with no
    // close combat: the one SP comes off their artillery roll, 2 + 1 - 1.
    let mut g = empty();
    let b = put_facing(&mut g, "Benjamin", "2816", "2815");
    let b4 = put_facing(&mut g, "B4US", "2816", "2815");
    put(&mut g, "Garland", "2814", 0);
    union_assault(&mut g, "2814", &[b, b4]);
    assert_dice(&g, 2);
    // The negative case: one corps only, no penalty (Benjamin alone, 2).
    let mut g = empty();
    let b = put_facing(&mut g, "Benjamin", "2816", "2815");
    put(&mut g, "Garland", "2814", 0);
    union_assault(&mut g, "2814", &[b]);
    assert_dice(&g, 2);
}

#[test]
fn rule_9_4_suppression_takes_one_step_at_most_and_is_mandatory() {
    let mut g = empty();
    let b = put_facing(&mut g, "Benjamin", "2816", "2815");
    // Lane faces Benjamin, two hexes south (facing 3: front south and south-west), so it can
    // answer (5.1 at range).
    let l = put(&mut g, "Lane", "2814", 3);
    let gar = put(&mut g, "Garland", "2814", 3);
    union_assault(&mut g, "2814", &[b]);
    assert_dice(&g, 2);
    act(&mut g, dice(2));
    assert_eq!((g.bde(l).losses, g.bde(gar).losses), (1, 0), "9.4: one step, on the artillery");
    // No ranged fire at the infantry after suppression (15.6): Lane, now 1-2, answers with
    // defensive suppression fire at Benjamin (15.7), and the Assault ends.
    assert_dice(&g, 1);
    act(&mut g, dice(1));
    assert_eq!(g.bde(b).losses, 1);
    assert_eq!(g.legal_actions(), vec![Action::Done]);
}

/// The hex reached from `from` by one step in each direction `dir(f + k)` for `k` in `ks`.
fn steps(from: &str, f: u8, ks: &[u8]) -> String {
    ks.iter().fold(hex(from), |h, &k| h.neighbour(fotm::facing::dir(f + k))).label()
}

/// The dice Benjamin (ranged 2) on `from` facing `f` rolls at Garland alone on `to` in the
/// Union Combat Phase, or `None` when it may not fire there.
fn benjamin_at(from: &str, f: u8, to: &str) -> Option<u8> {
    let mut g = empty();
    let b = put(&mut g, "Benjamin", from, f);
    put(&mut g, "Garland", to, 0);
    assert!(fotm::los::clear(&g, hex(from), hex(to)), "{from} sees {to}");
    assert_eq!(g.map().elevation(hex(to)), Some(0), "{to} is at level 0");
    combat(&mut g, Side::Union, TURN);
    if !legal(&g, Action::Assault(hex(to))) {
        return None;
    }
    assault(&mut g, to, &[b]);
    let n = u8::try_from(g.chance_outcomes().len() - 1).expect("a roll");
    assert_dice(&g, n);
    Some(n)
}

#[test]
fn a_battery_fires_full_to_its_front_half_to_its_flanks_and_never_to_its_rear_at_any_range() {
    // 5.1, 9.2 (Reading: the arcs extend along the vertex lines; a hex on a line counts in the
    // better arc). Benjamin on 2816 (flat, level 0), facing 0: its front directions are 0 and 1,
    // its flanks 2 and 5, its rear 3 and 4 (k = the direction's place after the facing).
    type Case = (&'static str, u8, &'static [u8], Option<u8>);
    let cases: [Case; 14] = [
        ("front, straight ahead of the vertex, range 2", 0, &[0, 1], Some(2)),
        ("front, across a front side, range 3", 0, &[0, 0, 0], Some(2)),
        ("front, range 3 between the lines", 0, &[0, 0, 1], Some(2)),
        ("front/flank line, range 2: front", 0, &[1, 2], Some(2)),
        ("front/flank line, range 2, the other side: front", 0, &[5, 0], Some(2)),
        ("flank, straight out, range 2", 0, &[2, 2], Some(1)),
        ("flank, straight out, range 3", 0, &[5, 5, 5], Some(1)),
        ("flank/rear line, range 2: flank", 0, &[2, 3], Some(1)),
        ("flank/rear line, range 2, the other side: flank", 3, &[4, 5], Some(1)),
        ("flank/rear line, range 2, facing 3: flank", 3, &[2, 3], Some(1)),
        // Facing 3 turns the rear north, where the field is open.
        ("rear, straight out, range 2", 3, &[3, 3], None),
        ("rear, straight out, range 3", 3, &[3, 3, 3], None),
        ("rear, straight behind the vertex, range 2", 3, &[3, 4], None),
        ("rear, range 3 between the lines", 3, &[3, 3, 4], None),
    ];
    for (why, f, ks, want) in cases {
        let to = steps("2816", f, ks);
        assert_eq!(benjamin_at("2816", f, &to), want, "{why}: 2816 facing {f} at {to}");
    }
}

#[test]
fn a_battery_on_a_knoll_does_not_fire_four_hexes_into_its_rear() {
    // 9.1: from the knoll 1716 (level 1) a lower target is in range at four hexes. Four hexes
    // straight out in direction 5 lie in the front of facing 5, the flank of facing 3 and the
    // rear of facing 2: full SP, half, none (before, the rear fired at full SP).
    let to = steps("1716", 0, &[5, 5, 5, 5]);
    assert_eq!(hex("1716").distance(hex(&to)), 4);
    assert_eq!(benjamin_at("1716", 5, &to), Some(2), "front");
    assert_eq!(benjamin_at("1716", 3, &to), Some(1), "flank");
    assert_eq!(benjamin_at("1716", 2, &to), None, "rear");
    // Out of the rear arc the adjacent hex stays refused as before (5.1).
    let next = steps("1716", 0, &[5]);
    assert_eq!(fotm::facing::arc_at(hex("1716"), 2, hex(&next)), Some(fotm::facing::Arc::Rear));
}

#[test]
fn a_defending_battery_suppresses_only_what_it_faces() {
    // 15.7 with 5.1 at range: Lane on 2814 answers Benjamin's suppression fire from 2816 (two
    // hexes south) at full SP when facing it, and not at all with its rear to it.
    for (f, answer) in [(3u8, true), (0u8, false)] {
        let mut g = empty();
        let b = put_facing(&mut g, "Benjamin", "2816", "2815");
        put(&mut g, "Lane", "2814", f);
        union_assault(&mut g, "2814", &[b]);
        assert_dice(&g, 2);
        act(&mut g, dice(0));
        assert_eq!(g.actor() == Actor::Chance, answer, "Lane facing {f}: {:?}", g.prompt());
        if answer {
            assert_dice(&g, 2);
        }
    }
}

#[test]
fn rule_15_7_defending_artillery_chooses_suppression_or_canister() {
    let (mut g, s, l) = face_to_face("Scammon", "Lane");
    let b = put_facing(&mut g, "Benjamin", "2917", "2815");
    combat(&mut g, Side::Union, TURN);
    assert_eq!(hex("2917").distance(hex("2815")), 2);
    assault(&mut g, "2815", &[s, b]);
    // Offensive suppression at Lane: Benjamin's 2.
    assert_dice(&g, 2);
    act(&mut g, dice(0));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.legal_actions(), vec![Action::Choose(true), Action::Choose(false)]);
    let mut can = g.clone();
    // Suppression: Lane's ranged 2 at Benjamin, then nothing left to fire at Scammon.
    act(&mut g, Action::Choose(true));
    assert_dice(&g, 2);
    act(&mut g, dice(2));
    assert_eq!(g.bde(b).losses, 1);
    // Canister instead: Lane's canister 3 at the lead (Scammon).
    act(&mut can, Action::Choose(false));
    assert_dice(&can, 3);
    act(&mut can, dice(1));
    assert_eq!(can.bde(s).losses, 1);
    let _ = l;
}

// ---------------------------------------------------------------------------------------
// 17.4 rout and 16.1 leader casualties from combat.

/// Scammon (2816) assaults Colquitt (2815, rear turned) alone and rolls four sixes; Rosser
/// screens Colquitt's hex if `screened`. Returns (game, Colquitt).
fn four_sixes(screened: bool) -> (Fotm, u8) {
    let (mut g, s, c) = face_off("Scammon", "Colquitt");
    if screened {
        put_back(&mut g, "Rosser", "2815", "2816");
    }
    union_assault(&mut g, "2815", &[s]);
    act(&mut g, dice(4));
    (g, c)
}

#[test]
fn rule_17_4_four_sixes_rout_the_hex() {
    let (g, c) = four_sixes(false);
    assert_eq!(g.bde(c).losses, 2);
    assert!(g.bde(c).routed);
    assert_eq!(fotm::facing::arc(hex("2815"), g.bde(c).facing, hex("2816")), Some(fotm::facing::Arc::Rear));
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::RetreatTo(_))));
}

#[test]
fn rule_17_4_mounted_cavalry_screens_the_rout() {
    let (g, c) = four_sixes(true);
    assert!(!g.bde(c).routed);
    // 17.2 instead.
    assert_eq!(g.legal_actions(), vec![Action::Choose(true), Action::Choose(false)]);
}

#[test]
fn rule_16_1_four_sixes_with_artillery_and_close_combat_cause_an_lcm() {
    let (mut g, s, c) = face_off("Scammon", "Colquitt");
    let b = put_facing(&mut g, "B4US", "2816", "2815");
    put_back(&mut g, "Rosser", "2815", "2816");
    combat(&mut g, Side::Union, TURN);
    let before = g.scored[0];
    assault(&mut g, "2815", &[s, b]);
    act(&mut g, dice(1)); // canister
    act(&mut g, dice(3)); // close combat
    assert_eq!(g.bde(c).lcm, 1);
    assert_eq!(g.scored[0], before + fotm::victory::vp::LCM);

    // Without artillery fire, four close-combat sixes cause none.
    let (g, c) = four_sixes(true);
    assert_eq!(g.bde(c).lcm, 0);
}

#[test]
fn rule_7_2_sharpshooters_two_ones_in_close_combat() {
    let (mut g, p, c) = face_off("Phelps", "Colquitt");
    let hill = put_cmdr(&mut g, "DHHill", "2815");
    union_assault(&mut g, "2815", &[p]);
    // Two dice, ones counted: (sixes, ones) with ones capped at 2.
    let o = g.chance_outcomes();
    let p11: f64 = o.iter().filter(|(a, _)| *a == Action::Dice { sixes: 0, ones: 2 }).map(|(_, p)| p).sum();
    approx(p11, 1.0 / 36.0);
    act(&mut g, Action::Dice { sixes: 0, ones: 2 });
    // The Union picks: D. H. Hill or Colquitt's officers.
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert_eq!(g.legal_actions(), vec![Action::Pick(Unit::Brigade(c)), Action::Pick(Unit::Commander(hill))]);
    act(&mut g, Action::Pick(Unit::Commander(hill)));
    assert_eq!(g.cmdr(hill).casualties, 1);
    assert_eq!(g.cname(hill), "Hill's successor");
}

#[test]
fn rule_2_4_an_assaulted_guard_is_eliminated_and_its_prisoner_freed() {
    let mut g = empty();
    let s = put_facing(&mut g, "Scammon", "2816", "2815");
    let c = id(&g, "Colquitt");
    let gar = id(&g, "Garland");
    g.bde_mut(c).loc = Loc::Prisoner(0);
    g.guards.push(fotm::Guard {
        side: Side::Confederate,
        parent: gar,
        hex: Some(hex("2815")),
        prisoners: vec![c],
        rejoins: None,
        done: false,
    });
    combat(&mut g, Side::Union, TURN);
    assert!(legal(&g, Action::Assault(hex("2815"))));
    let before = g.scored;
    assault(&mut g, "2815", &[s]);
    assert!(g.guards[0].done);
    assert_eq!(g.bde(c).loc, Loc::Gone(fotm::Fate::Freed));
    assert_eq!(g.scored, before);
    let _ = Unit::Brigade(gar);
}

// ---------------------------------------------------------------------------------------
// 9.4 one instance of suppression fire, against two batteries too.

/// Benjamin on 2816 assaults 2815, held by Lane and Cutts facing it: the Union Combat Phase,
/// launched.
fn two_batteries() -> (Fotm, u8, u8, u8) {
    let mut g = empty();
    let b = put_facing(&mut g, "Benjamin", "2816", "2815");
    let l = put_facing(&mut g, "Lane", "2815", "2816");
    let c = put_facing(&mut g, "Cutts", "2815", "2816");
    union_assault(&mut g, "2815", &[b]);
    (g, b, l, c)
}

#[test]
fn one_suppression_instance_against_two_batteries_the_firer_choosing_the_target() {
    // 9.4, 15.4, 15.8 (Reading): one roll of every suppressing SP, one step at most, on the
    // battery the attacker targets (his choice between Lane and Cutts).
    let (mut g, _, l, c) = two_batteries();
    assert_eq!(g.prompt().rule, "FotM 9.4");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert_eq!(g.legal_actions(), vec![Action::Pick(Unit::Brigade(l)), Action::Pick(Unit::Brigade(c))]);
    act(&mut g, Action::Pick(Unit::Brigade(c)));
    assert_dice(&g, 2);
    act(&mut g, dice(2));
    assert_eq!((g.bde(l).losses, g.bde(c).losses), (0, 1), "9.4: one step, on Cutts only");
    // The defender answers in one instance too: Lane's 2 and Cutts's 2 (3, now reduced) at
    // Benjamin, the only battery to target (no question).
    assert_eq!(g.actor(), Actor::Chance);
    let n = 2 + g.printed_sp(c);
    assert_dice(&g, n);
}

#[test]
fn one_battery_in_the_hex_is_targeted_without_a_question() {
    // The negative case: Lane alone is the target: straight to the roll.
    let mut g = empty();
    let b = put_facing(&mut g, "Benjamin", "2816", "2815");
    let l = put_facing(&mut g, "Lane", "2815", "2816");
    union_assault(&mut g, "2815", &[b]);
    assert_dice(&g, 2);
    act(&mut g, dice(1));
    assert_eq!(g.bde(l).losses, 1);
}

#[test]
fn the_defender_targets_one_of_two_assaulting_batteries_with_its_suppression_fire() {
    // 15.7, 9.4: Benjamin and B4US suppress Lane (2 + 1 - 1 for two corps, 15.2); Lane answers
    // at the battery the Confederate player chooses.
    let mut g = empty();
    let b = put_facing(&mut g, "Benjamin", "2816", "2815");
    let b4 = put_facing(&mut g, "B4US", "2816", "2815");
    let l = put_facing(&mut g, "Lane", "2815", "2816");
    union_assault(&mut g, "2815", &[b, b4]);
    assert_dice(&g, 2);
    act(&mut g, dice(0));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.legal_actions(), vec![Action::Pick(Unit::Brigade(b)), Action::Pick(Unit::Brigade(b4))]);
    act(&mut g, Action::Pick(Unit::Brigade(b4)));
    assert_dice(&g, g.printed_sp(l));
    act(&mut g, dice(2));
    assert_eq!((g.bde(b).losses, g.bde(b4).losses), (0, 1), "9.4: one step, on B4US");
}

#[test]
fn the_defenders_suppression_and_defensive_fire_share_its_ten_dice() {
    // 15.2 for the defending side: its suppression fire (9.4) and its defensive fire (15.7)
    // roll at most ten dice between them. Lane suppresses Benjamin with 2; Colquitt and
    // Garland, 9 SP facing Scammon, then fire 8, not 9.
    let (mut g, s, _) = face_to_face("Scammon", "Lane");
    put_facing(&mut g, "Colquitt", "2815", "2816");
    put_facing(&mut g, "Garland", "2815", "2816");
    let b = put_facing(&mut g, "Benjamin", "2917", "2815");
    combat(&mut g, Side::Union, TURN);
    assault(&mut g, "2815", &[s, b]);
    act(&mut g, dice(0));
    let mut canister = g.clone();
    act(&mut g, Action::Choose(true));
    assert_dice(&g, 2);
    act(&mut g, dice(0));
    assert_dice(&g, 8);
    // The negative case: no suppression roll, so defensive fire (9 SP and Lane's canister 3)
    // has all ten.
    act(&mut canister, Action::Choose(false));
    assert_dice(&canister, 10);
}

/// The third playtest: Bondurant on Fox's Gap suppresses the Union guns on 1710, where Battery E
/// (2 ranged SP, 1 up the hill, 9.1) stands with Robertson's horse artillery of another corps:
/// the corps' -1 (15.2) leaves no die, and the log says so instead of passing over the
/// defender's roll in silence. Without Robertson (the neighbour) Battery E rolls its die.
#[test]
fn a_defensive_suppression_left_with_no_dice_says_why() {
    for with_robertson in [true, false] {
        let mut g = empty();
        let e = put(&mut g, "Benjamin", "1710", 0);
        if with_robertson {
            put(&mut g, "Robertson", "1710", 0);
        }
        let b = put(&mut g, "Bondurant", "1607", 3);
        combat(&mut g, Side::Confederate, TURN);
        assault(&mut g, "1710", &[b]);
        if with_robertson {
            act(&mut g, Action::Pick(Unit::Brigade(e)));
        }
        assert_dice(&g, 1);
        act(&mut g, dice(0));
        let said = g.log().events().iter().any(|e| e.text.contains("two corps in the hex (15.2), no dice"));
        if with_robertson {
            assert!(said, "{:?}", g.log().events().last());
            assert_ne!(g.actor(), Actor::Chance, "no defensive roll");
        } else {
            assert!(!said);
            assert_dice(&g, 1);
        }
    }
}

/// The eighth playtest (finding 5): joining a battery to an Assault whose close combat would
/// fill the ten dice warns that its fire takes some of them (15.2); with close combat of six
/// SP (Scammon alone) it warns of nothing.
#[test]
fn a_battery_joining_warns_when_it_shares_the_ten_dice() {
    let announce = |with_crook: bool| {
        let (mut g, s, gun, c) = guns_beside_two_brigades();
        phase(&mut g, TURN, Side::Union, Phase::Combat);
        act(&mut g, Action::Assault(hex("2815")));
        act(&mut g, Action::Join(s));
        if with_crook {
            act(&mut g, Action::Join(c));
        }
        g.action_view(&Action::Join(gun)).warning
    };
    let w = announce(true).expect("a warning with 12 SP of close combat");
    assert!(w.contains("ten dice") && w.contains("15.2"), "{w}");
    assert_eq!(announce(false), None, "six SP of close combat and a die of canister: room for all");
}

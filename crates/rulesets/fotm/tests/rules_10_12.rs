//! Position tests for the FotM 12.0 Rally Phase: Rally (12.2) and Regroup (12.3), by Brigade
//! Officers (10.3) or Commanders (10.1, 10.2), with Lee (10.4), Longstreet's bonus (10.5) and
//! dusk (11.6). Success probabilities are asserted exactly over the d6's chance outcomes.

mod common;

use common::{approx, empty_with as empty, legal, p_d6};
use engine::{Actor, Game, Side};
use fotm::facing::{Arc, arc};
use fotm::testkit::{hex, phase, put, put_cmdr};
use fotm::{Action, Fotm, LongstreetBonus, Phase, zoc};

/// 11 AM: no dusk, no Lee.
const MORNING: u8 = 5;

/// Opens `side`'s Rally Phase on `turn`.
fn rally(g: &mut Fotm, turn: u8, side: Side) {
    phase(g, turn, side, Phase::Rally);
}

/// Applies the attempt `a`, then returns the exact probability (over the d6) that `ok` holds
/// after the roll.
fn p_success(g: &Fotm, a: Action, ok: impl Fn(&Fotm) -> bool) -> f64 {
    let mut g = g.clone();
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e:?}"));
    p_d6(&g, ok)
}

/// Puts brigade `name` on `at` facing `f` with `losses`.
fn worn(g: &mut Fotm, name: &str, at: &str, f: u8, losses: u8) -> u8 {
    let b = put(g, name, at, f);
    g.bde_mut(b).losses = losses;
    b
}

/// Scammon (Union, 6 SP) on the valley floor at 2215 with `losses`.
fn scammon(g: &mut Fotm, losses: u8) -> u8 {
    worn(g, "Scammon", "2215", 0, losses)
}

/// An empty map with only Scammon, as [`scammon`].
fn with_scammon(losses: u8) -> (Fotm, u8) {
    let mut g = empty(&[]);
    let b = scammon(&mut g, losses);
    (g, b)
}

fn rallied(b: u8, from: u8) -> impl Fn(&Fotm) -> bool {
    move |g: &Fotm| g.bde(b).losses == from - 1
}

// ---------------------------------------------------------------------------------------
// 12.2 Rally

#[test]
fn rule_12_2_only_brigades_that_lost_two_steps_may_rally() {
    let (mut g, b) = with_scammon(1);
    rally(&mut g, MORNING, Side::Union);
    // Nothing to attempt: the phase passes at once (the test stack ends the game after it).
    assert_eq!(g.actor(), Actor::Over);

    let (mut g, b2) = with_scammon(2);
    assert_eq!(b, b2);
    rally(&mut g, MORNING, Side::Union);
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert_eq!(g.legal_actions(), vec![Action::Done, Action::Rally { brigade: b, by: None }]);
}

#[test]
fn rule_12_2_officers_rally_on_5_or_6_and_regain_one_step() {
    let (mut g, b) = with_scammon(3);
    rally(&mut g, MORNING, Side::Union);
    let a = Action::Rally { brigade: b, by: None };
    approx(p_success(&g, a, rallied(b, 3)), 2.0 / 6.0);
    // Failure leaves it as it was.
    approx(p_success(&g, a, |g| g.bde(b).losses == 3), 4.0 / 6.0);
    // The exact faces: 5 and 6 succeed.
    let mut h = g.clone();
    h.apply(&a).unwrap();
    h.apply(&Action::Roll(5)).unwrap();
    assert_eq!(h.bde(b).losses, 2);
    let mut h = g.clone();
    h.apply(&a).unwrap();
    h.apply(&Action::Roll(4)).unwrap();
    assert_eq!(h.bde(b).losses, 3);
}

#[test]
fn rule_12_2_never_back_to_full_strength() {
    let (mut g, b) = with_scammon(2);
    rally(&mut g, MORNING, Side::Union);
    g.apply(&Action::Rally { brigade: b, by: None }).unwrap();
    g.apply(&Action::Roll(6)).unwrap();
    assert_eq!(g.bde(b).losses, 1);
    // One step down: no further attempt, next turn either.
    rally(&mut g, MORNING + 1, Side::Union);
    assert_eq!(g.actor(), Actor::Over);
}

#[test]
fn rule_12_1_one_attempt_per_brigade_per_phase() {
    let (mut g, b) = with_scammon(3);
    let c = put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, MORNING, Side::Union);
    g.apply(&Action::Rally { brigade: b, by: None }).unwrap();
    g.apply(&Action::Roll(1)).unwrap();
    // Cox could still lend his CM, but Scammon has had its attempt: the phase is over.
    assert_eq!(g.actor(), Actor::Over);
    assert_eq!(g.cmdr(c).hex, Some(hex("2215")));
}

#[test]
fn rule_10_3_one_lcm_is_minus_one_two_lcms_bar_the_officers() {
    let (mut g, b) = with_scammon(2);
    g.bde_mut(b).lcm = 1;
    rally(&mut g, MORNING, Side::Union);
    approx(p_success(&g, Action::Rally { brigade: b, by: None }, rallied(b, 2)), 1.0 / 6.0);

    let (mut g, b) = with_scammon(2);
    g.bde_mut(b).lcm = 2;
    rally(&mut g, MORNING, Side::Union);
    assert_eq!(g.actor(), Actor::Over, "two LCMs and no commander: nothing to attempt");

    let (mut g, b) = with_scammon(2);
    g.bde_mut(b).lcm = 2;
    let cox = put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, MORNING, Side::Union);
    assert!(!legal(&g, Action::Rally { brigade: b, by: None }));
    let why = g.why_illegal(&Action::Rally { brigade: b, by: None });
    assert_eq!(why.rule, "FotM 10.3");
    // Cox's CM 2: 3-6 succeed; the LCMs do not count against a commander (12.2 Reading).
    assert_eq!(g.cm(cox), 2);
    approx(p_success(&g, Action::Rally { brigade: b, by: Some(cox) }, rallied(b, 2)), 4.0 / 6.0);
}

#[test]
fn rule_12_2_in_an_enemy_zoc_only_a_commander_in_the_hex() {
    let (mut g, b) = with_scammon(2);
    // Garland north of 2215 facing south: 2215 is in its front (6.1), level ground.
    put(&mut g, "Garland", "2214", 3);
    assert!(zoc::in_enemy_zoc(&g, hex("2215"), Side::Union));
    let cox = put_cmdr(&mut g, "Cox", "2216");
    rally(&mut g, MORNING, Side::Union);
    assert_eq!(g.actor(), Actor::Over, "Cox is adjacent, not in the hex: nothing to attempt");

    let (mut g, b2) = with_scammon(2);
    assert_eq!(b, b2);
    put(&mut g, "Garland", "2214", 3);
    put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, MORNING, Side::Union);
    assert_eq!(g.legal_actions(), vec![Action::Done, Action::Rally { brigade: b, by: Some(cox) }]);
    assert_eq!(g.why_illegal(&Action::Rally { brigade: b, by: None }).rule, "FotM 12.2");
}

#[test]
fn rule_12_2_outside_a_zoc_officers_or_a_commander() {
    let (mut g, b) = with_scammon(2);
    // Garland facing away (north): 2215 is in its rear, no ZOC.
    put(&mut g, "Garland", "2214", 0);
    assert!(!zoc::in_enemy_zoc(&g, hex("2215"), Side::Union));
    let cox = put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, MORNING, Side::Union);
    assert!(legal(&g, Action::Rally { brigade: b, by: None }));
    assert!(legal(&g, Action::Rally { brigade: b, by: Some(cox) }));
    approx(p_success(&g, Action::Rally { brigade: b, by: Some(cox) }, rallied(b, 2)), 4.0 / 6.0);
}

// ---------------------------------------------------------------------------------------
// 10.1-10.2 Commanders: CM as DRM and as the number of brigades

#[test]
fn rule_10_2_cm_is_the_number_of_brigades_a_commander_helps() {
    let (mut g, s) = with_scammon(2);
    let c = worn(&mut g, "Crook", "2215", 0, 2);
    g.bde_mut(c).lcm = 2;
    g.bde_mut(s).lcm = 2;
    let w = put_cmdr(&mut g, "Willcox", "2215");
    assert_eq!(g.cm(w), 1);
    rally(&mut g, MORNING, Side::Union);
    assert!(legal(&g, Action::Rally { brigade: s, by: Some(w) }));
    assert!(legal(&g, Action::Rally { brigade: c, by: Some(w) }));
    g.apply(&Action::Rally { brigade: s, by: Some(w) }).unwrap();
    g.apply(&Action::Roll(1)).unwrap();
    // Willcox has lent his one CM (even on a failure): nothing left for Crook.
    assert_eq!(g.actor(), Actor::Over);
}

#[test]
fn rule_10_2_two_commanders_never_combine_on_one_roll() {
    let (mut g, s) = with_scammon(2);
    let c = worn(&mut g, "Crook", "2215", 0, 2);
    let cox = put_cmdr(&mut g, "Cox", "2215");
    let w = put_cmdr(&mut g, "Willcox", "2215");
    rally(&mut g, MORNING, Side::Union);
    // Each lends his own CM to one roll: Cox +2 (4/6), Willcox +1 (3/6); never +3.
    approx(p_success(&g, Action::Rally { brigade: s, by: Some(cox) }, rallied(s, 2)), 4.0 / 6.0);
    approx(p_success(&g, Action::Rally { brigade: s, by: Some(w) }, rallied(s, 2)), 3.0 / 6.0);
    // They can each help a different brigade in the hex.
    g.apply(&Action::Rally { brigade: s, by: Some(w) }).unwrap();
    g.apply(&Action::Roll(2)).unwrap();
    assert!(legal(&g, Action::Rally { brigade: c, by: Some(cox) }));
    assert!(!legal(&g, Action::Rally { brigade: c, by: Some(w) }));
    assert_eq!(g.why_illegal(&Action::Rally { brigade: c, by: Some(w) }).rule, "FotM 10.2");
}

// ---------------------------------------------------------------------------------------
// 12.3 Regroup

#[test]
fn rule_12_3_regroup_needs_a_commander_in_the_hex() {
    let (mut g, b) = with_scammon(2);
    g.bde_mut(b).routed = true;
    let cox = put_cmdr(&mut g, "Cox", "2216");
    rally(&mut g, MORNING, Side::Union);
    assert_eq!(g.actor(), Actor::Over, "officers cannot regroup; Cox is only adjacent");

    let (mut g, _) = with_scammon(2);
    g.bde_mut(b).routed = true;
    put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, MORNING, Side::Union);
    // A routed brigade regroups; it does not rally (Reading) until regrouped.
    assert_eq!(g.legal_actions(), vec![Action::Done, Action::Regroup { brigade: b, by: cox }]);
}

#[test]
fn rule_12_3_regroup_on_5_or_6_plus_cm_faces_the_enemy() {
    let (mut g, b) = with_scammon(0);
    g.bde_mut(b).routed = true;
    // Routed, rear towards the enemy to the south.
    g.bde_mut(b).facing = 0;
    put(&mut g, "Garland", "2218", 0);
    let cox = put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, MORNING, Side::Union);
    let a = Action::Regroup { brigade: b, by: cox };
    approx(p_success(&g, a, |g| !g.bde(b).routed), 4.0 / 6.0);
    let mut h = g.clone();
    h.apply(&a).unwrap();
    h.apply(&Action::Roll(3)).unwrap();
    let bde = h.bde(b);
    assert!(!bde.routed && bde.regrouped);
    // Turned to face Garland, three hexes due south: the hex towards him is in front.
    assert_eq!(arc(hex("2215"), bde.facing, hex("2216")), Some(Arc::Front));
    let mut h = g.clone();
    h.apply(&a).unwrap();
    h.apply(&Action::Roll(2)).unwrap();
    assert!(h.bde(b).routed && !h.bde(b).regrouped);
}

// ---------------------------------------------------------------------------------------
// 11.6 Dusk

#[test]
fn rule_11_6_dusk_is_minus_one_to_rally_and_regroup() {
    let mut g = empty(&[]);
    let dusk = g.oob().turn("8 PM").expect("8 PM");
    let b = scammon(&mut g, 2);
    let cox = put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, dusk, Side::Union);
    assert!(g.dusk());
    approx(p_success(&g, Action::Rally { brigade: b, by: None }, rallied(b, 2)), 1.0 / 6.0);
    approx(p_success(&g, Action::Rally { brigade: b, by: Some(cox) }, rallied(b, 2)), 3.0 / 6.0);

    let (mut g, b) = with_scammon(2);
    g.bde_mut(b).routed = true;
    put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, dusk + 1, Side::Union);
    assert!(g.dusk(), "9 PM is dusk too");
    approx(p_success(&g, Action::Regroup { brigade: b, by: cox }, |g| !g.bde(b).routed), 3.0 / 6.0);

    // One LCM at dusk: 5 + 6 needed less two, impossible; the attempt is still allowed.
    let (mut g, b) = with_scammon(2);
    g.bde_mut(b).lcm = 1;
    rally(&mut g, dusk, Side::Union);
    approx(p_success(&g, Action::Rally { brigade: b, by: None }, rallied(b, 2)), 0.0);
}

// ---------------------------------------------------------------------------------------
// 10.4 Lee, 10.5 Longstreet

#[test]
fn rule_10_4_lee_rallies_up_to_four_brigades_in_or_adjacent_to_his_hex() {
    let mut g = empty(&["lee"]);
    let lee = put_cmdr(&mut g, "Lee", "2215");
    g.lee.arrived = Some(MORNING);
    let names = ["Garland", "Colquitt", "GBAnderson", "Ripley", "Rodes"];
    let hexes = ["2215", "2214", "2216", "2115", "2315"];
    let mut bs = Vec::new();
    for (n, h) in names.iter().zip(hexes) {
        let b = worn(&mut g, n, h, 3, 2);
        g.bde_mut(b).lcm = 2;
        bs.push(b);
    }
    // A sixth brigade two hexes off is out of his reach.
    let far = worn(&mut g, "Drayton", "2217", 3, 2);
    g.bde_mut(far).lcm = 2;
    rally(&mut g, MORNING, Side::Confederate);
    assert_eq!(g.cm(lee), 3);
    for &b in &bs {
        assert!(legal(&g, Action::Rally { brigade: b, by: Some(lee) }), "{}", g.name(b));
    }
    assert!(!legal(&g, Action::Rally { brigade: far, by: Some(lee) }));
    // CM 3: 2-6 succeed.
    approx(p_success(&g, Action::Rally { brigade: bs[1], by: Some(lee) }, rallied(bs[1], 2)), 5.0 / 6.0);
    for &b in &bs[..4] {
        g.apply(&Action::Rally { brigade: b, by: Some(lee) }).unwrap();
        g.apply(&Action::Roll(1)).unwrap();
    }
    // Four brigades helped: not a fifth (and nothing else is left).
    assert_eq!(g.actor(), Actor::Over);
}

#[test]
fn rule_10_5_longstreet_adds_one_to_his_cm_on_the_bonus_turn() {
    let setup = |bonus: Option<LongstreetBonus>| {
        let mut g = empty(&["longstreet-bonus"]);
        let l = put_cmdr(&mut g, "Longstreet", "2215");
        let b = worn(&mut g, "Garland", "2215", 3, 2);
        let r = put(&mut g, "Colquitt", "2215", 3);
        g.bde_mut(r).routed = true;
        g.lee.bonus_turn = Some(MORNING);
        g.lee.bonus = bonus;
        g.lee.left = true;
        g.lee.arrived = Some(MORNING - 3);
        rally(&mut g, MORNING, Side::Confederate);
        (g, l, b, r)
    };
    let (g, l, b, r) = setup(Some(LongstreetBonus::Rally));
    assert_eq!(g.cm(l), 2);
    approx(p_success(&g, Action::Rally { brigade: b, by: Some(l) }, rallied(b, 2)), 5.0 / 6.0);
    approx(p_success(&g, Action::Regroup { brigade: r, by: l }, |g| !g.bde(r).routed), 5.0 / 6.0);
    // Other officers do not share it.
    approx(p_success(&g, Action::Rally { brigade: b, by: None }, rallied(b, 2)), 2.0 / 6.0);
    // The Assault bonus chosen instead: his CM alone.
    let (g, l, b, _) = setup(Some(LongstreetBonus::Assault));
    approx(p_success(&g, Action::Rally { brigade: b, by: Some(l) }, rallied(b, 2)), 4.0 / 6.0);
}

#[test]
fn rule_12_1_done_ends_the_phase_and_only_the_phasing_side_rallies() {
    let (mut g, b) = with_scammon(2);
    let c = worn(&mut g, "Garland", "2218", 3, 2);
    rally(&mut g, MORNING, Side::Union);
    let acts = g.legal_actions();
    assert!(acts.contains(&Action::Rally { brigade: b, by: None }));
    assert!(!acts.contains(&Action::Rally { brigade: c, by: None }));
    g.apply(&Action::Done).unwrap();
    assert_eq!(g.actor(), Actor::Over);
    assert_eq!(g.bde(b).losses, 2);
}

// ---------------------------------------------------------------------------------------
// 10.5 Longstreet's Assault bonus: the Confederate player's choice.

/// Garland on 2815 facing Scammon on 2816 (its rear to Garland: no defensive fire), Longstreet
/// on `longstreet`, the Assault bonus of 10.5 chosen for this turn; the Confederate Combat
/// Phase with Garland's Assault on 2816 launched.
fn longstreet_assault(longstreet: &str) -> (Fotm, u8) {
    let mut g = empty(&["longstreet-bonus"]);
    let gar = put(&mut g, "Garland", "2815", fotm::facing::front_towards(hex("2815"), hex("2816")));
    put(&mut g, "Scammon", "2816", fotm::facing::rear_towards(hex("2816"), hex("2815")));
    put_cmdr(&mut g, "Longstreet", longstreet);
    g.lee.bonus_turn = Some(MORNING);
    g.lee.bonus = Some(LongstreetBonus::Assault);
    g.lee.left = true;
    g.lee.arrived = Some(MORNING - 3);
    phase(&mut g, MORNING, Side::Confederate, Phase::Combat);
    for a in [Action::Assault(hex("2816")), Action::Join(gar), Action::Launch] {
        g.apply(&a).unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    }
    (g, gar)
}

/// The dice of the pending roll (sixes counted only).
fn pending_dice(g: &Fotm) -> usize {
    assert_eq!(g.actor(), Actor::Chance, "{:?}", g.prompt());
    g.chance_outcomes().len() - 1
}

#[test]
fn longstreets_two_sp_go_to_the_assault_the_confederate_player_chooses() {
    // 10.5 "can add": at the launch of an Assault made from Longstreet's hex, the Confederate
    // player decides.
    let (g, gar) = longstreet_assault("2815");
    let sp = usize::from(g.printed_sp(gar));
    assert_eq!(g.prompt().rule, "FotM 10.5");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.legal_actions(), vec![Action::Choose(true), Action::Choose(false)]);
    let mut take = g.clone();
    take.apply(&Action::Choose(true)).expect("legal");
    assert_eq!(pending_dice(&take), sp + 2);
    assert_eq!(take.lee.bonus_turn, None, "10.5: one time");
    // Kept for another Assault: this one rolls Garland's SP, and the bonus is still there.
    let mut keep = g;
    keep.apply(&Action::Choose(false)).expect("legal");
    assert_eq!(pending_dice(&keep), sp);
    assert_eq!(keep.lee.bonus_turn, Some(MORNING));
}

#[test]
fn longstreet_away_from_the_assaulting_hexes_is_no_question() {
    // The negative case: Longstreet elsewhere takes no part, so nothing is asked.
    let (g, gar) = longstreet_assault("2210");
    assert_eq!(pending_dice(&g), usize::from(g.printed_sp(gar)));
}

// ---------------------------------------------------------------------------------------
// 10.3, 12.2: the LCM penalty and a commander's Rally attempt.

#[test]
fn a_commander_rallying_a_brigade_ignores_its_lcm_its_officers_do_not() {
    // Reading (12.2 over 10.3): 12.2 puts the -1 under "If using Inherent Officers" and the CM
    // under "If using a Commander"; the commander stands in for the lost officers. Scammon, two
    // steps down with one LCM, Cox (CM 2) with it.
    let (mut g, b) = with_scammon(2);
    g.bde_mut(b).lcm = 1;
    let cox = put_cmdr(&mut g, "Cox", "2215");
    rally(&mut g, MORNING, Side::Union);
    // Cox: 3-6 (+2, no -1).
    approx(p_success(&g, Action::Rally { brigade: b, by: Some(cox) }, rallied(b, 2)), 4.0 / 6.0);
    // The negative case: its officers take the -1: a 6 only.
    approx(p_success(&g, Action::Rally { brigade: b, by: None }, rallied(b, 2)), 1.0 / 6.0);
    // (A Morale Check is different: 17.2 adds the LCM's -1 and the CM together; see
    // rules_16_17.rs, rule_17_2_lcm_minus_one_commander_plus_cm.)
}

//! Position tests for FotM 16.0 (leader casualties, with 7.2 sharpshooters and 10.4 Lee) and
//! 17.0 (morale checks, retreats, routs, captures and guards, with 4.1 over-stacking). Rule text
//! is cited by number only.
//!
//! The ground: 2816 and its ring are clear, level 0; 1716 is a clear knoll at level 1.

mod common;

use common::*;
use engine::{Actor, Game, Side};
use fotm::testkit::*;
use fotm::{Action, Fate, Fotm, Loc, Phase, Unit};

/// 11 AM.
const TURN: u8 = 5;

/// Scammon (2816) assaults Colquitt (2815, rear turned) and takes two steps off it: Colquitt's
/// 17.2 choice is pending.
fn two_losses(g: &mut Fotm) -> (u8, u8) {
    let s = put_facing(g, "Scammon", "2816", "2815");
    let c = put_back(g, "Colquitt", "2815", "2816");
    phase(g, TURN, Side::Union, Phase::Combat);
    assault(g, "2815", &[s]);
    act(g, dice(2));
    assert_eq!(g.bde(c).losses, 2);
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    (s, c)
}

/// An empty map where Colquitt (not yet placed) carries `lcm` leader casualty markers.
fn colquitt_with_lcm(lcm: u8) -> (Fotm, u8) {
    let mut g = empty();
    let c = id(&g, "Colquitt");
    g.bde_mut(c).lcm = lcm;
    (g, c)
}

// ---------------------------------------------------------------------------------------
// 17.2 morale check.

#[test]
fn rule_17_2_morale_check_passes_on_five_or_six() {
    let mut g = empty();
    let (_, c) = two_losses(&mut g);
    act(&mut g, Action::Choose(true));
    assert_eq!(g.chance_outcomes(), d6());
    let mut fail = g.clone();
    act(&mut g, Action::Roll(5));
    assert_eq!(g.hex_of(c), Some(hex("2815")), "passed: it stays");
    act(&mut fail, Action::Roll(4));
    assert_eq!(fail.actor(), Actor::Side(Side::Confederate));
    assert!(fail.legal_actions().iter().all(|a| matches!(a, Action::RetreatTo(_))));
}

/// The odds tally counts each retreat for the side that made it (issue 15: an Assault's odds
/// said nothing of the defender falling back); a passed check counts none.
#[test]
fn rule_17_3_a_retreat_is_tallied_for_its_side() {
    let count = |g: &Fotm, k: &str| g.tally().iter().find(|(n, _)| n == k).map(|(_, v)| *v).expect(k);
    let mut g = empty();
    two_losses(&mut g);
    act(&mut g, Action::Choose(true));
    let mut fail = g.clone();
    act(&mut g, Action::Roll(5));
    assert_eq!(count(&g, "confederate retreats"), 0, "passed: no retreat");
    act(&mut fail, Action::Roll(4));
    let to = fail.legal_actions()[0];
    act(&mut fail, to);
    assert_eq!(count(&fail, "confederate retreats"), 1);
    assert_eq!(count(&fail, "union retreats"), 0);
}

#[test]
fn rule_17_2_lcm_minus_one_commander_plus_cm() {
    let (mut g, _) = colquitt_with_lcm(1);
    two_losses(&mut g);
    act(&mut g, Action::Choose(true));
    act(&mut g, Action::Roll(5));
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::RetreatTo(_))), "5 - 1 fails");

    let (mut g, c) = colquitt_with_lcm(1);
    put_cmdr(&mut g, "DHHill", "2815"); // CM 2
    two_losses(&mut g);
    act(&mut g, Action::Choose(true));
    act(&mut g, Action::Roll(4));
    assert_eq!(g.hex_of(c), Some(hex("2815")), "4 - 1 + 2 passes");
}

#[test]
fn rule_10_3_two_lcms_and_no_commander_cannot_check() {
    let (mut g, _) = colquitt_with_lcm(2);
    two_losses(&mut g);
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::RetreatTo(_))), "{:?}", g.legal_actions());
}

// ---------------------------------------------------------------------------------------
// 17.3 retreat.

#[test]
fn rule_17_3_retreat_one_hex_away_not_into_enemy_zoc() {
    let mut g = empty();
    // Whiting at 2613 faces 2714 so its ZOC covers that retreat hex.
    put_facing(&mut g, "Whiting", "2613", "2714");
    let (_, c) = two_losses(&mut g);
    act(&mut g, Action::Choose(false));
    let to: Vec<_> = g.legal_actions();
    let away: Vec<Action> = hex("2815")
        .neighbours()
        .into_iter()
        .filter(|n| n.distance(hex("2816")) == 2 && !fotm::zoc::in_enemy_zoc(&g, *n, Side::Confederate))
        .map(Action::RetreatTo)
        .collect();
    assert!(!away.is_empty());
    assert!(fotm::zoc::in_enemy_zoc(&g, hex("2714"), Side::Confederate));
    assert!(!to.contains(&Action::RetreatTo(hex("2714"))));
    assert_eq!(to.len(), away.len());
    for a in &away {
        assert!(to.contains(a));
    }
    act(&mut g, away[0]);
    assert_ne!(g.hex_of(c), Some(hex("2815")));
}

#[test]
fn rule_17_3_retreat_to_the_same_or_lower_elevation_first() {
    // Colquitt on 1816 (level 0) next to the knoll 1716 (level 1), assaulted from the side
    // away from the knoll.
    let mut g = empty();
    let d = hex("1816");
    let knoll = hex("1716");
    let from = d.neighbours().into_iter().find(|n| n.distance(knoll) == 2).expect("a hex opposite the knoll");
    let s = put_facing(&mut g, "Scammon", &from.label(), "1816");
    let c = put_back(&mut g, "Colquitt", "1816", &from.label());
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, "1816", &[s]);
    act(&mut g, dice(2));
    act(&mut g, Action::Choose(false));
    let to = g.legal_actions();
    assert!(!to.is_empty());
    assert!(!to.contains(&Action::RetreatTo(knoll)), "17.3: not uphill while a level hex is open: {to:?}");
    let _ = c;
}

#[test]
fn rule_17_5_no_retreat_means_capture_and_a_guard_detaches() {
    let mut g = empty();
    // Union brigades fill every hex away from Scammon.
    let blockers = ["Crook", "Christ", "Welsh"];
    let away: Vec<_> = hex("2815").neighbours().into_iter().filter(|n| n.distance(hex("2816")) == 2).collect();
    assert_eq!(away.len(), 3);
    for (n, h) in blockers.iter().zip(&away) {
        put_back(&mut g, n, &h.label(), "2815");
    }
    let (s, c) = two_losses(&mut g);
    act(&mut g, Action::Choose(false));
    assert_eq!(g.legal_actions(), vec![Action::Done], "no retreat hex: captured");
    act(&mut g, Action::Done);
    assert_eq!(g.bde(c).loc, Loc::Prisoner(0));
    assert_eq!(g.guards.len(), 1);
    assert_eq!((g.guards[0].parent, g.guards[0].hex, g.guards[0].prisoners.clone()), (s, Some(hex("2815")), vec![c]));
    assert_eq!(g.bde(s).losses, 1, "Reading: the guard is a step of its parent");
}

/// Scammon on 2816 with `losses` steps off its counter, one of them the guard it detached
/// (escorting Colquitt, off the map, rejoining on `TURN`).
fn guard_out(losses: u8) -> (Fotm, u8) {
    let mut g = empty();
    let s = put(&mut g, "Scammon", "2816", 0);
    g.bde_mut(s).losses = losses;
    let c = id(&g, "Colquitt");
    g.bde_mut(c).loc = Loc::Gone(Fate::Captured);
    g.guards.push(fotm::Guard {
        side: Side::Union,
        parent: s,
        hex: None,
        prisoners: vec![c],
        rejoins: Some(TURN),
        done: false,
    });
    (g, s)
}

/// Colquitt, assaulted by Scammon with `scammon_steps` steps left, loses two steps, chooses to
/// retreat and cannot: Union brigades fill every hex away from Scammon. (game, Scammon, Colquitt)
fn cornered(scammon_steps: u8) -> (Fotm, u8, u8) {
    let mut g = empty();
    let away: Vec<_> = hex("2815").neighbours().into_iter().filter(|n| n.distance(hex("2816")) == 2).collect();
    for (n, h) in ["Crook", "Christ", "Welsh"].iter().zip(&away) {
        put_back(&mut g, n, &h.label(), "2815");
    }
    let (s, c) = two_losses(&mut g);
    // Worn down before the capture (as by an earlier Assault this phase).
    g.bde_mut(s).losses = u8::try_from(g.info(s).steps()).expect("few steps") - scammon_steps;
    act(&mut g, Action::Choose(false));
    act(&mut g, Action::Done);
    (g, s, c)
}

#[test]
fn a_brigade_captured_with_no_guard_to_spare_is_removed_without_vp() {
    // 17.5 (Reading): Scammon, on its last step, cannot detach a guard. Colquitt is captured all
    // the same, and with no escort it can never be exited: removed, no VP (not eliminated,
    // which would pay the Union 2 VP, more than an escorted capture's 1).
    let (g, s, c) = cornered(1);
    assert_eq!(g.bde(c).loc, Loc::Gone(Fate::Captured));
    assert!(g.guards.is_empty());
    assert_eq!(g.steps_left(s), 1);
    assert_eq!(g.scored, empty().scored, "no VP for either side");
    // The negative case: with a step to spare Scammon detaches the guard that takes Colquitt.
    let (g, s, c) = cornered(2);
    assert_eq!(g.bde(c).loc, Loc::Prisoner(0));
    assert_eq!(g.guards[0].parent, s);
    assert_eq!(g.steps_left(s), 1);
}

#[test]
fn rule_17_5_guards_rejoin_their_parent() {
    // The guard was Scammon's only missing SP: it rejoins, and Scammon, which never lost a
    // step, is whole again.
    let (mut g, s) = guard_out(1);
    phase(&mut g, TURN, Side::Union, Phase::Reinforcement);
    assert!(g.guards[0].done);
    assert_eq!(g.bde(s).losses, 0);
}

#[test]
fn a_guard_out_is_no_lost_step_so_a_brigade_never_rallies_back_to_full_through_it() {
    // 2.3, 12.2 with 2.4, 17.5: Scammon lost one step in combat and detached a guard (two off
    // its counter). The guard's SP are detached, not lost: Scammon has lost one step, so it may
    // not rally; when the guard rejoins it stands one step down, never back to full strength.
    let (mut g, s) = guard_out(2);
    // Crook (two steps lost, far off) keeps the Rally Phase open.
    let k = put(&mut g, "Crook", "2210", 0);
    g.bde_mut(k).losses = 2;
    phase(&mut g, TURN, Side::Union, Phase::Rally);
    assert!(legal(&g, Action::Rally { brigade: k, by: None }));
    assert!(!legal(&g, Action::Rally { brigade: s, by: None }), "12.2: one step lost, not two");
    let refused = g.why_illegal(&Action::Rally { brigade: s, by: None });
    assert_eq!(refused.rule, "FotM 12.2");
    assert!(refused.reason.contains("guard"), "{}", refused.reason);
    phase(&mut g, TURN, Side::Union, Phase::Reinforcement);
    assert_eq!(g.bde(s).losses, 1, "17.5: the guard's step back, the lost one still lost");

    // The negative case: two steps lost and the guard out (three off): it may rally, once
    // successful and the guard back it stands one step down.
    let (mut g, s) = guard_out(3);
    phase(&mut g, TURN, Side::Union, Phase::Rally);
    act(&mut g, Action::Rally { brigade: s, by: None });
    act(&mut g, Action::Roll(6));
    assert_eq!(g.bde(s).losses, 2);
    phase(&mut g, TURN, Side::Union, Phase::Reinforcement);
    assert_eq!(g.bde(s).losses, 1);
}

// ---------------------------------------------------------------------------------------
// 17.4 rout.

#[test]
fn rule_17_4_a_routed_brigade_routed_again_is_captured() {
    let mut g = empty();
    let s = put_facing(&mut g, "Scammon", "2816", "2815");
    let c = put_back(&mut g, "Colquitt", "2815", "2816");
    g.bde_mut(c).routed = true;
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, "2815", &[s]);
    act(&mut g, dice(4));
    assert_eq!(g.bde(c).loc, Loc::Prisoner(0));
    // 15.10: the hex is vacated: Scammon advances.
    assert_eq!(g.legal_actions(), vec![Action::Advance(s)]);
}

#[test]
fn rule_17_4_one_step_left_and_forced_to_retreat_routs() {
    let mut g = empty();
    let s = put_facing(&mut g, "Scammon", "2816", "2815");
    let c = put_back(&mut g, "Colquitt", "2815", "2816");
    g.bde_mut(c).losses = 2; // 3 SP, three steps; two more leave one
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, "2815", &[s]);
    act(&mut g, dice(2));
    assert_eq!(g.steps_left(c), 1);
    act(&mut g, Action::Choose(true));
    act(&mut g, Action::Roll(1));
    assert!(g.bde(c).routed, "17.4");
}

// ---------------------------------------------------------------------------------------
// 4.1 over-stacking after a retreat.

#[test]
fn rule_4_1_the_opponent_picks_who_retreats_further() {
    let mut g = empty();
    // Every retreat hex but one is blocked; that one holds two Confederate infantry.
    let away: Vec<_> = hex("2815").neighbours().into_iter().filter(|n| n.distance(hex("2816")) == 2).collect();
    put_back(&mut g, "Crook", &away[0].label(), "2815");
    put_back(&mut g, "Christ", &away[1].label(), "2815");
    let r = put(&mut g, "Ripley", &away[2].label(), 0);
    let o = put(&mut g, "Rodes", &away[2].label(), 0);
    let (_, c) = two_losses(&mut g);
    act(&mut g, Action::Choose(false));
    assert_eq!(g.legal_actions(), vec![Action::RetreatTo(away[2])], "17.3: into the full hex");
    act(&mut g, Action::RetreatTo(away[2]));
    // 4.1: the Union picks which of the three retreats one more hex.
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    let picks = g.legal_actions();
    for b in [r, o, c] {
        assert!(picks.contains(&Action::Pick(Unit::Brigade(b))));
    }
    act(&mut g, Action::Pick(Unit::Brigade(r)));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::RetreatTo(h) if h.distance(hex("2816")) == 3)));
}

// ---------------------------------------------------------------------------------------
// 16.1-16.2 leader casualties.

/// Union Scammon + B4US on 2816 assault 2815 (Rosser screens any rout); four attacker sixes
/// with artillery fire and close combat: a leader casualty on the Lead Brigade.
fn leader_casualty(g: &mut Fotm) -> u8 {
    let s = put_facing(g, "Scammon", "2816", "2815");
    let b = put_facing(g, "B4US", "2816", "2815");
    put_back(g, "Rosser", "2815", "2816");
    phase(g, TURN, Side::Union, Phase::Combat);
    assault(g, "2815", &[s, b]);
    act(g, dice(1));
    act(g, dice(3));
    s
}

/// Colquitt on 2815 (rear to 2816) with two leader casualty markers, so a further leader
/// casualty falls on a commander (16.2).
fn worn_colquitt(g: &mut Fotm) -> u8 {
    let c = put_back(g, "Colquitt", "2815", "2816");
    g.bde_mut(c).lcm = 2;
    c
}

#[test]
fn rule_16_2_with_two_lcms_the_commander_is_hit() {
    let mut g = empty();
    let c = worn_colquitt(&mut g);
    let hill = put_cmdr(&mut g, "DHHill", "2815");
    let before = g.scored[0];
    leader_casualty(&mut g);
    assert_eq!(g.bde(c).lcm, 2);
    assert_eq!(g.cmdr(hill).casualties, 1);
    assert_eq!(g.scored[0], before + fotm::victory::vp::COMMANDER);
}

#[test]
fn rule_16_2_two_commanders_each_hit_with_probability_one_half() {
    let mut g = empty();
    worn_colquitt(&mut g);
    let hill = put_cmdr(&mut g, "DHHill", "2815");
    let long = put_cmdr(&mut g, "Longstreet", "2815");
    let before = g.scored[0];
    leader_casualty(&mut g);
    let o = g.chance_outcomes();
    assert_eq!(o.len(), 2);
    assert!(o.contains(&(Action::Pick(Unit::Commander(hill)), 0.5)));
    assert!(o.contains(&(Action::Pick(Unit::Commander(long)), 0.5)));
    act(&mut g, Action::Pick(Unit::Commander(long)));
    assert_eq!(g.scored[0], before + fotm::victory::vp::LONGSTREET);
    assert_eq!(g.cname(long), "Longstreet's successor");
}

/// Jenkins (Confederate sharpshooters, 2815) assault Union 2816, rolling two ones: the
/// Confederates may pick a commander with the Union Lead Brigade.
fn sharpshooters(g: &mut Fotm, cmdr: &str) -> u8 {
    let j = put_facing(g, "Jenkins", "2815", "2816");
    let s = put_back(g, "Scammon", "2816", "2815");
    let c = put_cmdr(g, cmdr, "2816");
    phase(g, TURN, Side::Confederate, Phase::Combat);
    assault(g, "2816", &[j]);
    act(g, Action::Dice { sixes: 0, ones: 2 });
    assert_eq!(g.legal_actions(), vec![Action::Pick(Unit::Brigade(s)), Action::Pick(Unit::Commander(c))]);
    act(g, Action::Pick(Unit::Commander(c)));
    c
}

#[test]
fn rule_16_2_reno_is_cox_s_first_casualty() {
    let mut g = empty();
    let before = g.scored[1];
    let cox = sharpshooters(&mut g, "Cox");
    assert_eq!(g.cmdr(cox).casualties, 1);
    assert_eq!(g.cname(cox), "Brig. Gen. Jacob D. Cox", "not flipped yet");
    assert_eq!(g.cm(cox), 2);
    assert_eq!(g.scored[1], before + fotm::victory::vp::COMMANDER);
}

#[test]
fn rule_16_2_mcclellan_is_removed_for_ten_vp() {
    let mut g = empty();
    let before = g.scored[1];
    let m = sharpshooters(&mut g, "McClellan");
    assert!(g.cmdr(m).gone);
    assert_eq!(g.cmdr(m).hex, None);
    assert_eq!(g.scored[1], before + fotm::victory::vp::MCCLELLAN);
}

#[test]
fn rule_16_2_a_replacement_hit_again_is_removed() {
    let mut g = empty();
    let w = id_c(&g, "Willcox");
    g.cmdr_mut(w).casualties = 1;
    let before = g.scored[1];
    sharpshooters(&mut g, "Willcox");
    assert!(g.cmdr(w).gone);
    assert_eq!(g.scored[1], before, "Reading: no VP for a replacement");
}

fn id_c(g: &Fotm, n: &str) -> u8 {
    cid(g, n)
}

#[test]
fn rule_10_4_lee_is_never_a_casualty() {
    let mut g = empty();
    worn_colquitt(&mut g);
    // Lee joins Colquitt with the Union brigades already beside the hex: none moved adjacent
    // to him, so he stays (10.4) and is with the Lead Brigade when the casualty comes.
    let s = put_facing(&mut g, "Scammon", "2816", "2815");
    let b = put_facing(&mut g, "B4US", "2816", "2815");
    put_back(&mut g, "Rosser", "2815", "2816");
    let lee = put_cmdr(&mut g, "Lee", "2815");
    let before = g.scored;
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, "2815", &[s, b]);
    act(&mut g, dice(1));
    act(&mut g, dice(3));
    // The casualty finds no other commander: nothing happens, and Lee is never hit.
    assert_eq!(g.cmdr(lee).casualties, 0);
    assert_eq!(g.cmdr(lee).hex, Some(hexmap::Hex::from_label("2815").expect("hex")));
    assert_eq!(g.scored, before);
}

/// Reading (17.3; the eighth playtest): a commander is not moved by his brigade's retreat;
/// left without a brigade of his side he stays, and the log says so. With another brigade of
/// his side still in the hex, nothing is said.
#[test]
fn rule_17_3_a_commander_left_alone_by_a_retreat_stays_and_the_log_says_so() {
    for with_garland in [false, true] {
        let mut g = empty();
        let (_, c) = two_losses(&mut g);
        // Placed once the losses are taken, so the Assault's dice are the same.
        let hill = put_cmdr(&mut g, "DHHill", "2815");
        if with_garland {
            put_back(&mut g, "Garland", "2815", "2816");
        }
        let before = g.log().events().len();
        act(&mut g, Action::Choose(false));
        let to = g.legal_actions()[0];
        act(&mut g, to);
        assert_ne!(g.hex_of(c), Some(hex("2815")), "Colquitt retreated");
        assert_eq!(g.cmdr(hill).hex, Some(hex("2815")), "Hill stays");
        let said = g.log().events()[before..].iter().any(|e| e.text.contains("stays in 2815 without a brigade"));
        assert_eq!(said, !with_garland, "{:?}", g.log().events()[before..].iter().map(|e| &e.text).collect::<Vec<_>>());
    }
}

/// The ninth playtest: the 17.2 choice's buttons say what each answer does, not "yes" and
/// "no"; elsewhere a plain yes-or-no (none pending) reads as before.
#[test]
fn rule_17_2_the_choice_is_named_by_what_it_does() {
    let mut g = empty();
    two_losses(&mut g);
    assert_eq!(g.describe(&Action::Choose(true)), "take the morale check (17.2)");
    assert_eq!(g.describe(&Action::Choose(false)), "retreat (17.3)");
    let plain = empty();
    assert_eq!(plain.describe(&Action::Choose(true)), "yes");
}

//! Position tests for the rule review's fixes: each sets up a position with `fotm::testkit`,
//! then checks the legal actions allowed and refused and the exact chance outcomes. Rule text
//! is cited by number only.
//!
//! The ground: 2816 and its ring are clear, level 0 (checked where a test leans on it).

use engine::{Actor, Game, Side};
use fotm::testkit::*;
use fotm::{Action, Fate, Fotm, Loc, Pause, Phase, Unit};
use hexmap::Hex;

/// 11 AM: before Burnside's pause, not dusk.
const TURN: u8 = 5;
/// 12 PM: the pause's first turn (11.4).
const NOON: u8 = 6;

mod common;
use common::{act, assert_dice, d6, dice, legal};

fn empty(options: &[&str]) -> Fotm {
    common::empty_with(options)
}

fn put_facing(g: &mut Fotm, name: &str, at: Hex, towards: Hex) -> u8 {
    common::put_facing(g, name, &at.label(), &towards.label())
}

fn put_back(g: &mut Fotm, name: &str, at: Hex, from: Hex) -> u8 {
    common::put_back(g, name, &at.label(), &from.label())
}

fn assault(g: &mut Fotm, target: Hex, who: &[u8]) {
    common::assault(g, &target.label(), who);
}

/// Clear, level-0 ground round 2816 (the tests' flat field).
fn flat(g: &Fotm, h: Hex) -> bool {
    g.map().elevation(h) == Some(0) && g.map().terrain(h) == Some(fotm::map::Terrain::Clear)
}

/// Two flat hexes adjacent to `target` and to each other: (a, b).
fn two_adjacent(g: &Fotm, target: Hex) -> (Hex, Hex) {
    let ns: Vec<Hex> = target.neighbours().into_iter().filter(|&n| flat(g, n)).collect();
    for &a in &ns {
        for &b in &ns {
            if a.distance(b) == 1 {
                return (a, b);
            }
        }
    }
    panic!("no pair round {target}");
}

// ---------------------------------------------------------------------------------------
// 15.7: the assaulting Lead Brigade's failed morale check ends the Assault.

/// Scammon and Crook (IX Corps) assault Colquitt from two hexes; Colquitt's defensive fire
/// takes two steps off Scammon, the Lead Brigade: its morale check is pending.
fn lead_shot_down() -> (Fotm, u8, u8, u8) {
    let mut g = empty(&[]);
    let t = hex("2815");
    let a = hex("2816");
    let b = t.neighbours().into_iter().find(|&n| n.distance(a) == 1 && flat(&g, n)).expect("a second hex");
    assert!(flat(&g, t) && flat(&g, a));
    let s = put_facing(&mut g, "Scammon", a, t);
    let k = put_facing(&mut g, "Crook", b, t);
    let c = put_facing(&mut g, "Colquitt", t, a);
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, t, &[s, k]);
    // 4.2: the attacker chooses between the top infantry of each hex.
    assert_eq!(g.legal_actions(), vec![Action::Lead(s), Action::Lead(k)]);
    act(&mut g, Action::Lead(s));
    // 15.7: Colquitt's 5 SP (front) at the assault.
    assert_dice(&g, 5);
    act(&mut g, dice(3));
    assert_eq!(g.bde(s).losses, 2, "15.7: two steps at most");
    assert_eq!(g.chance_outcomes(), d6(), "15.7: the Lead Brigade's morale check");
    (g, s, k, c)
}

#[test]
fn fotm_15_7_failed_attacker_morale_check_ends_the_assault() {
    let (mut g, s, k, c) = lead_shot_down();
    act(&mut g, Action::Roll(4));
    // The brigades in Scammon's hex fall back, away from the target.
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    let to = g.legal_actions();
    assert!(!to.is_empty() && to.iter().all(|a| matches!(a, Action::RetreatTo(_))), "{to:?}");
    act(&mut g, to[0]);
    assert_ne!(g.hex_of(s), Some(hex("2816")));
    // The Assault ends: Crook makes no close combat, Colquitt holds, untouched.
    assert_ne!(g.actor(), Actor::Chance, "no close combat roll after the failed check");
    assert_eq!(g.bde(c).losses, 0);
    assert_eq!(g.hex_of(c), Some(hex("2815")));
    assert!(g.bde(k).assaulted, "15.2: Crook has had its Assault");
    assert!(!legal(&g, Action::Advance(k)));
    assert!(legal(&g, Action::Done));
}

#[test]
fn fotm_15_7_passed_attacker_morale_check_continues_the_assault() {
    let (mut g, s, k, _) = lead_shot_down();
    act(&mut g, Action::Roll(5));
    // Close combat: Crook 6 and Scammon's counter two steps down, both into a front hex.
    let sp = 6 + g.printed_sp(s);
    assert_dice(&g, sp.min(10));
    assert_eq!(g.hex_of(s), Some(hex("2816")), "passed: Scammon stays");
    assert!(g.hex_of(k).is_some_and(|h| h.distance(hex("2815")) == 1));
}

// ---------------------------------------------------------------------------------------
// 15.6: offensive artillery fire that empties the hex lets friendly infantry occupy it.

#[test]
fn fotm_15_6_any_adjacent_infantry_may_occupy_a_hex_emptied_by_artillery() {
    let mut g = empty(&[]);
    let gun_at = hex("2816");
    let t = hex("2814");
    assert_eq!(gun_at.distance(t), 2);
    let near = t
        .neighbours()
        .into_iter()
        .find(|&n| n.distance(gun_at) >= 2 && flat(&g, n) && n != hex("2815"))
        .expect("a hex beside the target");
    let b = put_facing(&mut g, "Benjamin", gun_at, hex("2815"));
    let s = put_facing(&mut g, "Scammon", near, t);
    let c = put_back(&mut g, "Colquitt", t, near);
    let steps = u8::try_from(g.info(c).steps()).expect("few steps");
    g.bde_mut(c).losses = steps - 1;
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    // Scammon has made its own Assault already this phase: no close combat is owed at the
    // target.
    g.bde_mut(s).assaulted = true;
    assert!(!legal(&g, Action::Join(s)));
    assault(&mut g, t, &[b]);
    // Ranged fire: Benjamin's 2 SP at two hexes.
    assert_dice(&g, 2);
    act(&mut g, dice(1));
    assert_eq!(g.bde(c).loc, Loc::Gone(Fate::Eliminated));
    // 15.6: Scammon, beside the emptied hex, may occupy it; it need not (Done is legal).
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert_eq!(g.legal_actions(), vec![Action::Advance(s), Action::Done]);
    let mut stay = g.clone();
    act(&mut stay, Action::Done);
    assert_eq!(stay.hex_of(s), Some(near));
    act(&mut g, Action::Advance(s));
    assert_eq!(g.hex_of(s), Some(t));
}

// ---------------------------------------------------------------------------------------
// 16.1: a leader casualty needs artillery fire that rolled.

#[test]
fn fotm_16_1_guns_reduced_to_no_dice_are_no_artillery_fire() {
    let mut g = empty(&[]);
    // Colquitt and Rosser (mounted: no rout) on the knoll 1716 (level 1); Gibbon assaults it
    // from a level-0 hex beside it, with B4US (I Corps, like Gibbon: no corps penalty) two
    // hexes off: its ranged 1 less one for the higher target (9.2) leaves no dice.
    let t = hex("1716");
    let a =
        t.neighbours().into_iter().find(|&n| g.map().elevation(n) == Some(0) && flat(&g, n)).expect("a level-0 hex");
    let gi = put_facing(&mut g, "Gibbon", a, t);
    let c = put_back(&mut g, "Colquitt", t, a);
    put_back(&mut g, "Rosser", t, a);
    let b4 = fotm::testkit::put(&mut g, "B4US", &a.label(), 0);
    let spot = t
        .ring(2)
        .into_iter()
        .find(|&h| flat(&g, h) && g.occupant(h).is_none() && fotm::los::clear(&g, h, t))
        .expect("a flat hex two off the knoll that sees it");
    let f = (0..6).find(|&f| fotm::facing::arc_at(spot, f, t) == Some(fotm::facing::Arc::Front)).expect("a facing");
    g.set_loc(b4, Loc::Map(spot));
    g.bde_mut(b4).facing = f;
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, t, &[b4, gi]);
    // The first roll is the close combat: Gibbon's SP less one level (15.3).
    let n = g.printed_sp(gi) - 1;
    assert_dice(&g, n);
    act(&mut g, dice(4));
    assert_eq!(g.bde(c).lcm, 0, "16.1: no artillery fire was made");
}

// ---------------------------------------------------------------------------------------
// 4.2: stacking order outside the Movement Phase and the end of an Assault.

/// Scammon over Crook on 2816, a Confederate brigade beside them.
fn stacked(options: &[&str], p: Phase) -> (Fotm, u8, u8) {
    let mut g = empty(options);
    let s = put_facing(&mut g, "Scammon", hex("2816"), hex("2815"));
    let k = put_facing(&mut g, "Crook", hex("2816"), hex("2815"));
    put_back(&mut g, "Colquitt", hex("2815"), hex("2816"));
    g.bde_mut(k).losses = 2;
    phase(&mut g, TURN, Side::Union, p);
    (g, s, k)
}

#[test]
fn fotm_4_2_stacking_order_is_fixed_between_assaults_without_the_option() {
    let (g, _, k) = stacked(&[], Phase::Combat);
    assert!(!legal(&g, Action::ToTop(k)));
    let why = g.why_illegal(&Action::ToTop(k));
    assert_eq!(why.rule, "FotM 4.2", "{why:?}");
    let (g, _, k) = stacked(&[], Phase::Rally);
    assert!(!legal(&g, Action::ToTop(k)));
    assert_eq!(g.why_illegal(&Action::ToTop(k)).rule, "FotM 4.2");
}

#[test]
fn fotm_4_2_optional_simple_stacking_reorders_any_time_outside_an_assault() {
    let (mut g, s, k) = stacked(&["simple-stacking"], Phase::Combat);
    assert_eq!(g.stack_at(hex("2816")), vec![s, k]);
    assert!(legal(&g, Action::ToTop(k)));
    assert!(!legal(&g, Action::ToTop(s)), "already on top");
    act(&mut g, Action::ToTop(k));
    assert_eq!(g.stack_at(hex("2816")), vec![k, s]);
    // Never during an Assault.
    act(&mut g, Action::Assault(hex("2815")));
    assert!(!legal(&g, Action::ToTop(s)));
    // In the Rally Phase too.
    let (mut g, s, k) = stacked(&["simple-stacking"], Phase::Rally);
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert!(legal(&g, Action::ToTop(k)));
    act(&mut g, Action::ToTop(k));
    assert_eq!(g.stack_at(hex("2816")), vec![k, s]);
}

// ---------------------------------------------------------------------------------------
// 11.4: horse artillery is artillery: entering a Union ZOC ends the pause.

#[test]
fn fotm_11_4_confederate_horse_artillery_entering_a_union_zoc_ends_the_pause() {
    let mut g = empty(&[]);
    let u = hex("2816");
    let z = hex("2815");
    let from = z.neighbours().into_iter().find(|&n| n.distance(u) == 2 && flat(&g, n)).expect("a hex");
    put_facing(&mut g, "Scammon", u, z);
    assert!(fotm::zoc::in_enemy_zoc(&g, z, Side::Confederate));
    assert!(!fotm::zoc::in_enemy_zoc(&g, from, Side::Confederate));
    let p = put_facing(&mut g, "Pelham", from, z);
    assert!(g.bde(p).mounted);
    phase(&mut g, NOON, Side::Confederate, Phase::Movement);
    g.pause = Pause::InForce;
    act(&mut g, Action::Select(Unit::Brigade(p)));
    act(&mut g, Action::Step(z));
    assert_eq!(g.hex_of(p), Some(z));
    assert_eq!(g.pause, Pause::Resumed);
}

// ---------------------------------------------------------------------------------------
// 10.1: Burnside and McClellan must end out of the enemy ZOC.

#[test]
fn fotm_10_1_burnside_may_not_end_his_move_still_in_the_zoc() {
    let mut g = empty(&[]);
    let t = hex("2815");
    let (a, b) = two_adjacent(&g, t);
    let c = put_facing(&mut g, "Colquitt", t, a);
    let zoc = fotm::zoc::zoc_of(&g, c);
    assert!(zoc.contains(&a), "{zoc:?}");
    // Colquitt faces a: a is a front hex, and the hexes beside it are front or flank.
    let b = if zoc.contains(&b) {
        b
    } else {
        a.neighbours()
            .into_iter()
            .find(|&n| n.distance(t) == 1 && zoc.contains(&n) && flat(&g, n))
            .expect("a second ZOC hex")
    };
    put_back(&mut g, "Scammon", a, t);
    put_back(&mut g, "Crook", b, t);
    let bu = put_cmdr(&mut g, "Burnside", &a.label());
    g.cmdr_mut(bu).must_leave_zoc = true;
    phase(&mut g, TURN, Side::Union, Phase::Movement);
    // Unbound, he may make the same move between friends in ZOC hexes (6.1).
    let mut free = g.clone();
    free.cmdr_mut(bu).must_leave_zoc = false;
    act(&mut free, Action::Select(Unit::Commander(bu)));
    assert!(legal(&free, Action::Step(b)));
    act(&mut g, Action::Select(Unit::Commander(bu)));
    assert!(!legal(&g, Action::EndMove));
    assert_eq!(g.why_illegal(&Action::EndMove).rule, "FotM 10.1");
    // Bound to leave, he may not go deeper into the ZOC (he would stop there, 6.1).
    assert!(!legal(&g, Action::Step(b)));
    assert_eq!(g.why_illegal(&Action::Step(b)).rule, "FotM 10.1");
    let out = a.neighbours().into_iter().find(|&n| legal(&g, Action::Step(n)) && !zoc.contains(&n)).expect("a way out");
    act(&mut g, Action::Step(out));
    assert!(legal(&g, Action::EndMove));
}

// ---------------------------------------------------------------------------------------
// 10.2: a commander's CM reaches as many brigades as his CM.

#[test]
fn fotm_10_2_a_cm_of_one_helps_one_brigade_s_morale_check_a_phase() {
    let mut g = empty(&[]);
    let h = hex("2816");
    let (t1, t2) = two_adjacent(&g, h);
    let s = put_facing(&mut g, "Scammon", h, t1);
    let k = put_facing(&mut g, "Crook", h, t2);
    put_facing(&mut g, "Colquitt", t1, h);
    put_facing(&mut g, "Garland", t2, h);
    let w = put_cmdr(&mut g, "Willcox", &h.label());
    assert_eq!(g.cm(w), 1);
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    // First Assault: Scammon loses two steps to defensive fire; with Willcox's +1 a 4 passes.
    assault(&mut g, t1, &[s]);
    act(&mut g, dice(2));
    assert_eq!(g.bde(s).losses, 2);
    assert_eq!(g.chance_outcomes(), d6());
    act(&mut g, Action::Roll(4));
    assert_eq!(g.hex_of(s), Some(h), "passed with the CM");
    assert_eq!(g.actor(), Actor::Chance, "close combat follows");
    act(&mut g, dice(0));
    act(&mut g, Action::Done);
    // Second Assault: Crook loses two steps; Willcox has lent his CM of 1 already: a 4 fails.
    assault(&mut g, t2, &[k]);
    act(&mut g, dice(2));
    assert_eq!(g.bde(k).losses, 2);
    assert_eq!(g.chance_outcomes(), d6());
    act(&mut g, Action::Roll(4));
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert!(g.legal_actions().iter().all(|a| matches!(a, Action::RetreatTo(_))), "{:?}", g.legal_actions());
}

// ---------------------------------------------------------------------------------------
// 17.4 and 17.5: a routed brigade routed again is captured by the guard beside it.

#[test]
fn fotm_17_5_a_guard_takes_a_second_prisoner_but_not_a_third() {
    let mut g = empty(&[]);
    let a = hex("2816");
    let t = hex("2815");
    let s = put_facing(&mut g, "Scammon", a, t);
    let c = put_back(&mut g, "Colquitt", t, a);
    g.bde_mut(c).routed = true;
    let gar = id(&g, "Garland");
    g.bde_mut(gar).loc = Loc::Prisoner(0);
    g.guards.push(fotm::Guard {
        side: Side::Union,
        parent: s,
        hex: Some(a),
        prisoners: vec![gar],
        rejoins: None,
        done: false,
    });
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, t, &[s]);
    // 17.4: routed, Colquitt defends at a quarter of its 5 SP, rounded up; Scammon's 6 attack.
    assert_dice(&g, 6);
    act(&mut g, dice(4));
    // Routed again: captured, and the guard beside it, with room for two, takes it.
    assert_eq!(g.bde(c).loc, Loc::Prisoner(0));
    assert_eq!(g.guards.len(), 1);
    assert_eq!(g.guards[0].prisoners, vec![gar, c]);
    assert_eq!(g.bde(s).losses, 0, "no second guard detached");
    // A third prisoner needs a new guard.
    let mut g2 = empty(&[]);
    let s = put_facing(&mut g2, "Scammon", a, t);
    let c = put_back(&mut g2, "Colquitt", t, a);
    g2.bde_mut(c).routed = true;
    let (p1, p2) = (id(&g2, "Garland"), id(&g2, "Rodes"));
    g2.bde_mut(p1).loc = Loc::Prisoner(0);
    g2.bde_mut(p2).loc = Loc::Prisoner(0);
    g2.guards.push(fotm::Guard {
        side: Side::Union,
        parent: s,
        hex: Some(a),
        prisoners: vec![p1, p2],
        rejoins: None,
        done: false,
    });
    phase(&mut g2, TURN, Side::Union, Phase::Combat);
    assault(&mut g2, t, &[s]);
    act(&mut g2, dice(4));
    assert_eq!(g2.guards.len(), 2);
    assert_eq!(g2.bde(c).loc, Loc::Prisoner(1));
    assert_eq!(g2.bde(s).losses, 1, "Scammon detaches the new guard");
}

// ---------------------------------------------------------------------------------------
// 11.4: Confederate suppression fire does not end Burnside's pause.

#[test]
fn fotm_11_4_confederate_suppression_fire_leaves_the_pause_in_force() {
    let (mut g, lane, benjamin) = common::face_off_at("Lane", "2816", "Benjamin", "2814");
    g.pause = Pause::InForce;
    phase(&mut g, TURN, Side::Confederate, Phase::Combat);
    common::assault(&mut g, "2814", &[lane]);
    // Lane's ranged fire must be suppression at the Union battery (9.4, 15.6).
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.pause, Pause::InForce, "11.4: announcing suppression fire does not free the Union");
    act(&mut g, dice(1));
    assert_eq!(g.bde(benjamin).losses, 1, "9.4: one step on the battery");
    // Whatever the Union battery answers with, the pause holds.
    while g.actor() == Actor::Chance {
        act(&mut g, dice(0));
    }
    assert_eq!(g.pause, Pause::InForce, "11.4: suppression fire, and the answer to it, leave the pause in force");
}

// ---------------------------------------------------------------------------------------
// 4.2: at the end of his own Assault the phasing player may change stacking order.

#[test]
fn fotm_4_2_the_attacker_may_restack_at_the_end_of_an_assault() {
    let (mut g, scammon, _) = common::face_off("Scammon", "Garland");
    let facing = g.bde(scammon).facing;
    let crook = put(&mut g, "Crook", "2816", facing);
    assert_eq!(g.stack_at(hex("2816")), vec![scammon, crook]);
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    common::assault(&mut g, "2815", &[scammon]);
    while g.actor() == Actor::Chance {
        act(&mut g, dice(0));
    }
    assert_eq!(g.prompt().rule, "FotM 4.2", "the end of the Assault offers restacking");
    assert!(legal(&g, Action::ToTop(crook)), "4.2: the phasing player may put Crook on top");
    act(&mut g, Action::ToTop(crook));
    assert_eq!(g.stack_at(hex("2816")), vec![crook, scammon]);
}

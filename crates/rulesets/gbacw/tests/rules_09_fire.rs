//! Step 8, the Fire Phases on the position: 9.0-9.88, 8.21-8.35, 6.35, 7.23, 11.21, 11.31,
//! 13.14-13.44, 15.0, 15.11-15.13, 17.11, 17.72. Each rule with the neighbouring case where
//! it must not apply. The clear, level strip by the river (columns 23-24, rows 26-31) is the
//! usual ground; Pillow's ridge (1929-1930) carries the crest.

use engine::{Game, Side};
use gbacw::charts::{self, FireResult};
use gbacw::fire::morale::Check;
use gbacw::fire::resolve::{self, Step};
use gbacw::fire::{FireFrame, Share};
use gbacw::terrain::Terrain;
use gbacw::testkit::{self as tk, hex, ok, refused};
use gbacw::{Action, Fate, Formation, Frame, Gbacw, Loc, Phase, UnitId};

/// `side`'s Offensive Fire Phase on an emptied map.
fn offensive(side: Side) -> Gbacw {
    let mut g = tk::empty();
    tk::phase(&mut g, 1, side, Phase::OffensiveFire);
    g
}

/// The first frontal hexside `u`'s shot at `target` may leave by.
fn via(g: &Gbacw, u: UnitId, target: &str) -> u8 {
    let k = gbacw::fire::facing_kind(g, u);
    gbacw::facing::leaves_by(k, g.unit(u).facing, g.hex_of(u).unwrap(), hex(target))[0]
}

fn fire(g: &mut Gbacw, u: UnitId, sp: u8, target: &str) {
    let v = via(g, u, target);
    ok(g, Action::Fire { unit: u, sp, via: v });
}

/// The resolution under way.
fn resolution(g: &Gbacw) -> &resolve::Resolution {
    match g.stack.last() {
        Some(Frame::Fire(FireFrame::Resolve(r))) => r,
        other => panic!("no fire resolving: {other:?}"),
    }
}

fn roll(g: &mut Gbacw, d: u8) {
    g.apply(&Action::Roll(d)).unwrap_or_else(|e| panic!("roll {d}: {e:?} at {}", g.prompt().text));
}

/// The die that gives `want` on the column the pending fire die reads.
fn die_for(g: &Gbacw, want: impl Fn(FireResult) -> bool) -> u8 {
    let r = resolution(g);
    let Some(Step::Die { group, unit }) = r.steps.first().copied() else { panic!("no fire die pending") };
    let col = resolve::group_column(g, &r.groups[usize::from(group)], unit, r.target, r.density);
    (1..=6).find(|&d| want(charts::fire_result(col, d))).unwrap_or_else(|| panic!("no such die on column {col}"))
}

/// Rolls 3 for every chance step left of the fire (dice, depletion, morale against 3).
fn finish(g: &mut Gbacw) {
    while matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))) {
        roll(g, 3);
    }
}

fn is_loss(points: u8, then_pin: bool) -> impl Fn(FireResult) -> bool {
    move |r| r == FireResult::Loss { points, then_pin }
}

/// Union 27th Illinois (7 SP, muskets) in 2328 facing south; Confederate 12th Tennessee (5 SP)
/// in 2329 facing north: adjacent, frontal to frontal, clear level ground.
fn duel() -> (Gbacw, UnitId, UnitId) {
    let mut g = offensive(Side::Union);
    for h in ["2328", "2329", "2326", "2330"] {
        assert!(tk::is(&g, hex(h), Terrain::Clear), "{h} clear");
    }
    let a = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    let t = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    g.unit_mut(t).morale = Some(3);
    (g, a, t)
}

#[test]
fn rule_9_3_four_per_hexside() {
    let (mut g, a, _) = duel();
    let b = tk::place(&mut g, "30IL", "2328", Formation::Line, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    let v = via(&g, a, "2329");
    assert_eq!(refused(&g, Action::Fire { unit: a, sp: 5, via: v }), "GBACW 9.3", "five through one hexside");
    fire(&mut g, a, 4, "2329");
    assert_eq!(refused(&g, Action::Fire { unit: b, sp: 1, via: v }), "GBACW 9.3", "the hex's four are spent");
    // 9.32: a battery in the hex is not held to the four.
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    fire(&mut g, bat, 6, "2329");
    // The budget is the hex's for the whole phase: at another target through the same
    // hexside nothing more may go, through another frontal hexside it may.
    ok(&mut g, Action::Resolve);
    while matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))) {
        roll(&mut g, 6);
    }
    tk::retreat_first(&mut g);
    let se = hex("2328").neighbours()[2];
    assert!(tk::is(&g, se, Terrain::Clear));
    let t2 = tk::place(&mut g, "13TN", &se.label(), Formation::Line, 5);
    g.unit_mut(t2).morale = Some(3);
    ok(&mut g, Action::FireAt(se));
    assert_eq!(via(&g, b, &se.label()), 2);
    ok(&mut g, Action::Fire { unit: b, sp: 4, via: 2 });
    assert_eq!(refused(&g, Action::Fire { unit: a, sp: 1, via: 2 }), "GBACW 9.3");
}

#[test]
fn rule_9_42_both_before_losses() {
    let (mut g, a, t) = duel();
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let density = resolution(&g).density;
    assert_eq!(density, 5, "the 12th's five points before any loss (8.23, R19)");
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    assert_eq!(g.strength(t), 5, "no loss applied while the artillery die waits (9.42)");
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    assert!(g.strength(t) < 4 || g.hex_of(t).is_none(), "both fires' losses applied together");
    assert_eq!(resolution(&g).density, 5, "density stays the stack's before the losses");
}

#[test]
fn rule_9_44_once_each_type() {
    let (mut g, a, _) = duel();
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    let b = tk::place(&mut g, "30IL", "2328", Formation::Line, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 2, "2329");
    ok(&mut g, Action::Resolve);
    roll(&mut g, 2); // no effect at this column
    assert!(!matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))));
    // Artillery may still fire at the hex; small arms may not (9.44).
    ok(&mut g, Action::FireAt(hex("2329")));
    assert_eq!(refused(&g, Action::Fire { unit: b, sp: 1, via: 3 }), "GBACW 9.44");
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    while matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))) {
        roll(&mut g, 6);
    }
    tk::retreat_first(&mut g);
    // Unless it routed and retreated (13.31) or is gone, the 12th still stands there.
    if g.hex_of(tk::unit(&g, "12TN")) == Some(hex("2329")) {
        assert_eq!(refused(&g, Action::FireAt(hex("2329"))), "GBACW 9.44", "both arms have fired (R10)");
    }
}

#[test]
fn rule_9_46_split_minimum() {
    let mut g = offensive(Side::Union);
    let a = tk::place(&mut g, "27IL", "2327", Formation::Line, 3);
    let t = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    g.unit_mut(t).morale = Some(3);
    ok(&mut g, Action::FireAt(hex("2329")));
    // Muskets at two hexes: x1/2. One point makes a half: refused as a split share.
    assert_eq!(refused(&g, Action::Fire { unit: a, sp: 1, via: 3 }), "GBACW 9.46");
    ok(&mut g, Action::Fire { unit: a, sp: 2, via: 3 });
    // A weak unit's whole strength always may: one point left of one.
    let mut h = offensive(Side::Union);
    let w = tk::place(&mut h, "Dollins", "2327", Formation::Dismounted, 3);
    let t = tk::place(&mut h, "12TN", "2329", Formation::Line, 0);
    h.unit_mut(t).morale = Some(3);
    ok(&mut h, Action::FireAt(hex("2329")));
    ok(&mut h, Action::Fire { unit: w, sp: 1, via: 3 });
}

#[test]
fn rule_9_45_never_more_than_current_strength_in_a_phase() {
    let (mut g, a, _) = duel();
    let se = hex("2328").neighbours()[2];
    let t2 = tk::place(&mut g, "13TN", &se.label(), Formation::Line, 5);
    g.unit_mut(t2).morale = Some(3);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    ok(&mut g, Action::Resolve);
    finish(&mut g);
    ok(&mut g, Action::FireAt(se));
    assert_eq!(refused(&g, Action::Fire { unit: a, sp: 4, via: 2 }), "GBACW 9.45", "three left of seven");
    ok(&mut g, Action::Fire { unit: a, sp: 3, via: 2 });
    ok(&mut g, Action::Resolve);
    // 12.22, 12.26: both hexes recorded for the Melee Phase.
    assert_eq!(g.fired_at, vec![(a, hex("2329")), (a, se)]);
}

#[test]
fn rule_7_23_vertex_counts_frontal() {
    let (g, a, t) = duel();
    let target = hex("2329");
    let from = hexmap::Hex::from_label("2329")
        .unwrap()
        .neighbours()
        .iter()
        .flat_map(|n| n.neighbours())
        .find(|c| c.distance(target) == 2 && matches!(hexmap::exit(target, *c), Some(hexmap::Crossing::Vertex(..))))
        .expect("a hex two away on a vertex spine");
    let Some(hexmap::Crossing::Vertex(s1, _)) = hexmap::exit(target, from) else { unreachable!() };
    let side = gbacw::facing::index(s1);
    let share = Share { unit: a, from, sp: 2, via: 0, arm: gbacw::authored::Arm::SmallArms, range: 2, halves: 2 };
    let mut g2 = g.clone();
    // Facing one hexside short of the vertex: one of its two hexsides frontal.
    g2.unit_mut(t).facing = (side + 5) % 6;
    assert!(!resolve::enfilades(&g2, &share, t, target), "a line through a front/rear vertex is frontal");
    assert_eq!(resolve::shifts(&g2, &[share], t, target, 5)[2], 0);
    // Facing away: both enfilade: one right.
    g2.unit_mut(t).facing = (side + 3) % 6;
    assert!(resolve::enfilades(&g2, &share, t, target));
    assert_eq!(resolve::shifts(&g2, &[share], t, target, 5)[2], 1);
}

#[test]
fn rule_6_35_and_r6_routed_and_mounted_targets_one_right_only() {
    let (mut g, a, t) = duel();
    let share =
        Share { unit: a, from: hex("2328"), sp: 4, via: 3, arm: gbacw::authored::Arm::SmallArms, range: 1, halves: 8 };
    assert_eq!(resolve::shifts(&g, &[share], t, hex("2329"), 5), vec![0, 0, 0, 0], "frontal, clear, density 5");
    g.unit_mut(t).routed = true;
    assert_eq!(resolve::shifts(&g, &[share], t, hex("2329"), 5)[2], 1, "routed: enfiladed (6.35)");
    g.unit_mut(t).routed = false;
    g.unit_mut(t).formation = Formation::Mounted;
    assert_eq!(resolve::shifts(&g, &[share], t, hex("2329"), 5)[2], 1, "mounted: one right, not more (R6)");
}

#[test]
fn rule_9_52_crest_only_when_firer_lower() {
    let mut g = offensive(Side::Union);
    let up = hex("1930");
    let down = hex("1929");
    assert!(g.map().height_ft(up) > g.map().height_ft(down));
    let a = tk::place(&mut g, "27IL", "1929", Formation::Line, 3);
    let t = tk::place(&mut g, "12TN", "1930", Formation::Line, 0);
    let arm = gbacw::authored::Arm::SmallArms;
    let below = Share { unit: a, from: down, sp: 4, via: 3, arm, range: 1, halves: 8 };
    // Woods one left (9.53) and the crest one left (9.52): the firer is lower.
    assert_eq!(&resolve::shifts(&g, &[below], t, up, 5)[..2], &[-1, -1]);
    // Fired on from above, across the same crest: no crest benefit.
    let above = Share { unit: t, from: up, sp: 4, via: 0, arm, range: 1, halves: 8 };
    assert_eq!(&resolve::shifts(&g, &[above], a, down, 5)[..2], &[-1, 0]);
    // 9.51: the net never passes two columns: woods, crest and density 1 point (one left).
    let total = [8u32].iter().sum::<u32>() / 2;
    let col = gbacw::strength::column(
        charts::FireRow::SmallArmsAndCounterBattery,
        total,
        resolve::shifts(&g, &[below], t, up, 1),
    );
    assert_eq!(col, charts::fire_column(charts::FireRow::SmallArmsAndCounterBattery, 4) - 2);
}

#[test]
fn rule_8_23_density_from_the_whole_stack() {
    let mut g = offensive(Side::Union);
    tk::place(&mut g, "12TN", "2330", Formation::Line, 0);
    tk::place(&mut g, "13TN", "2330", Formation::Line, 0);
    tk::place(&mut g, "Watson", "2330", Formation::Unlimbered, 0);
    assert_eq!(resolve::density_points(&g, hex("2330")), 11, "5 + 5 + a battery's 1 (8.33)");
    assert_eq!(charts::density_shift(11), 2);
}

#[test]
fn rule_8_22_long_range_each_unit() {
    let mut g = offensive(Side::Union);
    let bat = tk::place(&mut g, "Taylor", "2326", Formation::Unlimbered, 3);
    for id in ["12TN", "13TN"] {
        let u = tk::place(&mut g, id, "2330", Formation::Line, 0);
        g.unit_mut(u).morale = Some(3);
    }
    ok(&mut g, Action::FireAt(hex("2330")));
    fire(&mut g, bat, 6, "2330");
    ok(&mut g, Action::Resolve);
    let dice = resolution(&g).steps.iter().filter(|s| matches!(s, Step::Die { .. })).count();
    assert_eq!(dice, 2, "four hexes: one die for each unit of the stack");
    // Neighbouring case: at two hexes, one die at the stack.
    let mut h = offensive(Side::Union);
    let bat = tk::place(&mut h, "Taylor", "2328", Formation::Unlimbered, 3);
    for id in ["12TN", "13TN"] {
        tk::place(&mut h, id, "2330", Formation::Line, 0);
    }
    ok(&mut h, Action::FireAt(hex("2330")));
    fire(&mut h, bat, 6, "2330");
    ok(&mut h, Action::Resolve);
    assert_eq!(resolution(&h).steps.iter().filter(|s| matches!(s, Step::Die { .. })).count(), 1);
}

#[test]
fn rule_13_44_long_range_casualties_check_every_unit() {
    let mut g = offensive(Side::Union);
    let bat = tk::place(&mut g, "Taylor", "2326", Formation::Unlimbered, 3);
    let mut us = Vec::new();
    for id in ["12TN", "13TN"] {
        let u = tk::place(&mut g, id, "2330", Formation::Line, 0);
        g.unit_mut(u).morale = Some(3);
        g.unit_mut(u).lost = 3; // two points each: density 4, no shift
        us.push(u);
    }
    ok(&mut g, Action::FireAt(hex("2330")));
    fire(&mut g, bat, 6, "2330");
    ok(&mut g, Action::Resolve);
    let hit = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, hit);
    let miss = die_for(&g, |r| r == FireResult::NoEffect);
    roll(&mut g, miss);
    let checked: Vec<UnitId> =
        resolution(&g).steps.iter().filter_map(|s| if let Step::Morale(u, _) = s { Some(*u) } else { None }).collect();
    assert_eq!(checked, us, "the unit hit and the one not hit both check");
}

#[test]
fn rule_8_21_top_unit_takes_losses_and_overflows() {
    let mut g = offensive(Side::Union);
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    let top = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    let under = tk::place(&mut g, "13TN", "2329", Formation::Line, 0);
    let guns = tk::place(&mut g, "Watson", "2329", Formation::Unlimbered, 0);
    g.unit_mut(top).lost = 4;
    for u in [top, under, guns] {
        g.unit_mut(u).morale = Some(5);
    }
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { points: 2, .. }));
    roll(&mut g, d);
    assert_eq!(g.unit(top).loc, Loc::Gone(Fate::Eliminated), "the top unit's one point");
    assert_eq!(g.strength(under), 4, "the rest from the next infantry");
    assert_eq!(g.strength(guns), 6, "artillery loses nothing while infantry stands");
}

#[test]
fn rule_9_82_small_arms_hit_only_the_crew_artillery_the_guns() {
    let mut g = offensive(Side::Union);
    let a = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    let guns = tk::place(&mut g, "Watson", "2329", Formation::Unlimbered, 0);
    g.unit_mut(guns).morale = Some(5);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { points: 1, .. }));
    roll(&mut g, d);
    assert_eq!(g.unit(guns).crew_lost, 1, "half crew");
    assert_eq!(g.strength(guns), 6, "no gun lost to small arms");
    assert_eq!(gbacw::fire::fire_strength(&g, guns), 3, "15.13: half the guns fire");
}

#[test]
fn rule_9_88_second_die_pins() {
    let (mut g, a, t) = duel();
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    let _ = a;
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, is_loss(1, true));
    roll(&mut g, d);
    assert_eq!(resolution(&g).steps.first(), Some(&Step::Morale(t, Check::Casualty { then_pin: true })));
    roll(&mut g, 3); // passed: 3 against morale 3
    assert_eq!(resolution(&g).steps.first(), Some(&Step::Morale(t, Check::SecondPin)));
    roll(&mut g, 4);
    assert!(g.pinned.contains(&hex("2329")), "the second die above morale pins the hex");
    assert!(!g.unit(t).routed);
    // Neighbouring case: a plain loss asks no second die.
    let (mut h, _, t) = duel();
    let bat = tk::place(&mut h, "Taylor", "2328", Formation::Unlimbered, 3);
    h.unit_mut(bat).lost = 4; // two guns
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, bat, 2, "2329");
    ok(&mut h, Action::Resolve);
    let d = die_for(&h, is_loss(1, false));
    roll(&mut h, d);
    roll(&mut h, 3);
    assert!(!matches!(h.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))), "no second die");
    assert!(!h.pinned.contains(&hex("2329")) && !h.unit(t).routed);
}

#[test]
fn rule_9_83_pin_or_rout_by_morale_with_modifiers() {
    let (mut g, a, t) = duel();
    g.unit_mut(t).facing = 3; // its back to the 27th: enfiladed, +1 (R7)
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| r == FireResult::PinOrRout);
    roll(&mut g, d);
    roll(&mut g, 3); // 3 + 1 enfiladed > 3: routs
    assert!(g.unit(t).routed, "routed");
    assert!(!g.pinned.contains(&hex("2329")));
    // Neighbouring case: a leader in the hex takes the one back (13.23): pinned.
    let (mut h, a, t) = duel();
    h.unit_mut(t).facing = 3;
    tk::put_leader(&mut h, "Russell", "2329");
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, a, 4, "2329");
    ok(&mut h, Action::Resolve);
    let d = die_for(&h, |r| r == FireResult::PinOrRout);
    roll(&mut h, d);
    roll(&mut h, 3);
    assert!(!h.unit(t).routed && h.pinned.contains(&hex("2329")), "pinned");
}

#[test]
fn rule_11_21_depletion_per_unit() {
    let (mut g, a, _) = duel();
    let beside = hex("2329").neighbours()[2];
    assert!(tk::is(&g, beside, Terrain::Clear));
    let face = gbacw::facing::toward(beside, hex("2329")).unwrap();
    let b = tk::place(&mut g, "30IL", &beside.label(), Formation::Line, face);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    fire(&mut g, b, 4, "2329");
    ok(&mut g, Action::Resolve);
    roll(&mut g, 1);
    let r = resolution(&g);
    assert_eq!(r.steps[..2], [Step::Deplete(a), Step::Deplete(b)], "a die of 1: a roll for each unit that fired");
    roll(&mut g, 2);
    roll(&mut g, 3);
    assert!(g.unit(a).depleted, "1-2 depletes");
    assert!(!g.unit(b).depleted, "3 does not");
    // Neighbouring case: a die of 2 asks nothing.
    let (mut h, a, _) = duel();
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, a, 4, "2329");
    ok(&mut h, Action::Resolve);
    roll(&mut h, 2);
    assert!(
        !matches!(h.stack.last(), Some(Frame::Fire(FireFrame::Resolve(r))) if r.steps.iter().any(|s| matches!(s, Step::Deplete(_))))
    );
}

#[test]
fn rule_13_14_elephant_once() {
    let (mut g, a, t) = duel();
    g.unit_mut(t).morale = None;
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| r == FireResult::Pin);
    roll(&mut g, d);
    assert_eq!(g.prompt().rule, "GBACW 13.14");
    assert!(g.chance_outcomes().iter().all(|(a, _)| matches!(a, Action::Roll2(_))), "two dice on 13.15");
    g.apply(&Action::Roll2(7)).unwrap();
    assert_eq!(g.unit(t).morale, Some(charts::seeing_the_elephant(7)));
    assert_eq!(g.prompt().rule, "GBACW 13.0", "then the check itself, on one die");
    assert!(g.chance_outcomes().iter().all(|(a, _)| matches!(a, Action::Roll(_))));
    finish(&mut g);
    // Once: the rating is the unit's for good; the next check rolls one die straight away.
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    assert_eq!(g.prompt().rule, "GBACW 13.0");
    assert!(g.chance_outcomes().iter().all(|(a, _)| matches!(a, Action::Roll(_))));
}

#[test]
fn rule_17_72_leaders_before_morale() {
    let (mut g, a, t) = duel();
    let l = tk::put_leader(&mut g, "Russell", "2329");
    ok(&mut g, Action::FireAt(hex("2329")));
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    let _ = a;
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    let steps = &resolution(&g).steps;
    assert!(matches!(steps[0], Step::Leader(x, _) if x == l), "the leader rolls first: {steps:?}");
    assert!(matches!(steps[1], Step::Morale(u, _) if u == t));
    assert_eq!(g.prompt().rule, "GBACW 17.72");
    g.apply(&Action::Roll2(2)).unwrap();
    assert_eq!(g.leaders[usize::from(l)].loc, Loc::Gone(Fate::Killed), "2 on the artillery column kills");
    // Neighbouring case: a pin result is no casualty: no leader roll.
    let (mut h, a, _) = duel();
    tk::put_leader(&mut h, "Russell", "2329");
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, a, 4, "2329");
    ok(&mut h, Action::Resolve);
    let d = die_for(&h, |r| r == FireResult::Pin);
    roll(&mut h, d);
    assert!(resolution(&h).steps.iter().all(|s| !matches!(s, Step::Leader(..))));
}

#[test]
fn rule_17_76_small_arms_capture_as_printed_or_dropped_r18() {
    for (options, captured) in [(vec![], true), (vec!["no-fire-capture".to_string()], false)] {
        let mut g = Gbacw::new(&options).unwrap();
        tk::clear_map(&mut g);
        tk::phase(&mut g, 1, Side::Union, Phase::OffensiveFire);
        let a = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
        let t = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
        g.unit_mut(t).morale = Some(3);
        let l = tk::put_leader(&mut g, "Russell", "2329");
        ok(&mut g, Action::FireAt(hex("2329")));
        fire(&mut g, a, 4, "2329");
        ok(&mut g, Action::Resolve);
        let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
        roll(&mut g, d);
        g.apply(&Action::Roll2(7)).unwrap();
        assert_eq!(g.leaders[usize::from(l)].loc == Loc::Gone(Fate::Captured), captured, "{options:?}");
    }
}

#[test]
fn rule_11_31_a_battery_spends_one_round_a_phase_even_split() {
    let (mut g, _, _) = duel();
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    let se = hex("2328").neighbours()[2];
    let t2 = tk::place(&mut g, "13TN", &se.label(), Formation::Line, 5);
    g.unit_mut(t2).morale = Some(3);
    let before = g.unit(bat).rounds;
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 3, "2329");
    ok(&mut g, Action::Resolve);
    roll(&mut g, 1);
    while matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))) {
        roll(&mut g, 1);
    }
    ok(&mut g, Action::FireAt(se));
    ok(&mut g, Action::Fire { unit: bat, sp: 3, via: 2 });
    ok(&mut g, Action::Resolve);
    assert_eq!(g.unit(bat).rounds, before - 1, "one round for the split fire");
    // 11.32: no rounds left, no fire.
    let (mut h, _, _) = duel();
    let bat = tk::place(&mut h, "Taylor", "2328", Formation::Unlimbered, 3);
    h.unit_mut(bat).rounds = 0;
    let v = via(&h, bat, "2329");
    let a = tk::unit(&h, "27IL");
    ok(&mut h, Action::FireAt(hex("2329")));
    let _ = a;
    assert_eq!(refused(&h, Action::Fire { unit: bat, sp: 6, via: v }), "GBACW 11.32");
}

/// A change to a unit's condition.
type Spoil = fn(&mut Gbacw, UnitId);

#[test]
fn rule_9_62_13_32_11_22_9_84_15_0_who_never_fires() {
    let cases: [(&str, Spoil, &str); 6] = [
        ("GBACW 9.62", |g, u| g.unit_mut(u).formation = Formation::Column, "27IL"),
        ("GBACW 13.32", |g, u| g.unit_mut(u).routed = true, "27IL"),
        ("GBACW 11.22", |g, u| g.unit_mut(u).depleted = true, "27IL"),
        (
            "GBACW 9.84",
            |g, u| {
                g.pinned.push(g.hex_of(u).unwrap());
                g.legal_memo.forget();
            },
            "27IL",
        ),
        ("GBACW 15.0", |g, u| g.unit_mut(u).moved = true, "Taylor"),
        ("GBACW 9.62", |g, u| g.unit_mut(u).formation = Formation::Limbered, "Taylor"),
    ];
    for (rule, spoil, id) in cases {
        let (mut g, a, _) = duel();
        let u = if id == "27IL" { a } else { tk::place(&mut g, id, "2328", Formation::Unlimbered, 3) };
        let v = via(&g, u, "2329");
        ok(&mut g, Action::FireAt(hex("2329")));
        // The neighbouring case: unspoilt it may fire.
        assert!(g.legal_actions().iter().any(|x| matches!(x, Action::Fire { unit, .. } if *unit == u)), "{rule}");
        spoil(&mut g, u);
        assert_eq!(refused(&g, Action::Fire { unit: u, sp: 1, via: v }), rule);
    }
    // 15.0: a battery that did not move fires; an infantry regiment that moved fires too.
    let (mut g, a, _) = duel();
    g.unit_mut(a).moved = true;
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
}

#[test]
fn rule_17_11_out_of_command_never_offensively() {
    let (mut g, a, _) = duel();
    g.command.unit_ok[usize::from(a)] = false;
    assert_eq!(refused(&g, Action::FireAt(hex("2329"))), "GBACW 17.11");
    // Neighbouring case: in the Defensive Fire Phase it may fire.
    let mut h = tk::empty();
    tk::phase(&mut h, 1, Side::Confederate, Phase::DefensiveFire);
    let a = tk::place(&mut h, "27IL", "2328", Formation::Line, 3);
    let t = tk::place(&mut h, "12TN", "2329", Formation::Line, 0);
    h.unit_mut(t).morale = Some(3);
    h.command.unit_ok[usize::from(a)] = false;
    assert_eq!(h.actor(), engine::Actor::Side(Side::Union));
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, a, 4, "2329");
}

#[test]
fn rule_9_7_9_23_sight_and_range() {
    let mut g = offensive(Side::Union);
    tk::place(&mut g, "27IL", "2326", Formation::Line, 3);
    let t = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    g.unit_mut(t).morale = Some(3);
    assert_eq!(refused(&g, Action::FireAt(hex("2329"))), "GBACW 9.23", "muskets reach two hexes");
    let mut h = offensive(Side::Union);
    tk::place(&mut h, "27IL", "2327", Formation::Line, 3);
    tk::place(&mut h, "30IL", "2328", Formation::Column, 3);
    tk::place(&mut h, "12TN", "2329", Formation::Line, 0);
    assert_eq!(refused(&h, Action::FireAt(hex("2329"))), "GBACW 9.7", "the column between blocks (9.71)");
}

#[test]
fn rule_9_86_a_pinned_leader_left_alone_is_not_held_to_17_52() {
    // Fire may destroy a leader's stack and pin his hex: he may not move (9.84, 9.86), so
    // the Movement Phase must still end (found by random games: a dead end).
    let mut g = tk::movement(Side::Union);
    tk::put_leader(&mut g, "McClernand", "2328");
    tk::place(&mut g, "12TN", "2330", Formation::Line, 0);
    g.pinned.push(hex("2328"));
    assert!(g.legal_actions().contains(&Action::Done));
    // Neighbouring case: unpinned, he must go to a unit or away first.
    g.pinned.clear();
    g.legal_memo.forget();
    assert_eq!(refused(&g, Action::Done), "GBACW 17.52");
}

#[test]
fn rule_17_53_leader_joins_the_nearest_unit_of_his_command() {
    let (mut g, _, t) = duel();
    g.unit_mut(t).lost = 4; // one point left
    let l = tk::put_leader(&mut g, "Russell", "2329");
    let own = tk::place(&mut g, "13TN", "2331", Formation::Line, 0);
    tk::place(&mut g, "13AR", "2330", Formation::Line, 0); // nearer, but Tappan's
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    assert_eq!(g.unit(t).loc, Loc::Gone(Fate::Eliminated));
    g.apply(&Action::Roll2(7)).unwrap(); // 17.72 first: unhurt
    assert_eq!(g.leader_hex(l), g.hex_of(own), "to his own brigade's 13th, not the nearer 13th Arkansas");
    // Neighbouring case: two of his units equally near: the owner chooses.
    let (mut h, _, t) = duel();
    h.unit_mut(t).lost = 4;
    let l = tk::put_leader(&mut h, "Russell", "2329");
    let other = hex("2329").neighbours()[2].neighbours()[2];
    assert_eq!(other.distance(hex("2329")), 2);
    tk::place(&mut h, "13TN", "2331", Formation::Line, 0);
    tk::place(&mut h, "21TN", &other.label(), Formation::Line, 0);
    let bat = tk::place(&mut h, "Taylor", "2328", Formation::Unlimbered, 3);
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, bat, 6, "2329");
    ok(&mut h, Action::Resolve);
    let d = die_for(&h, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut h, d);
    h.apply(&Action::Roll2(7)).unwrap();
    assert_eq!(h.prompt().rule, "GBACW 17.53");
    assert_eq!(h.actor(), engine::Actor::Side(Side::Confederate), "the owner places him");
    let mut choices = h.legal_actions();
    choices.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![Action::LeaderTo(hex("2331")), Action::LeaderTo(other)];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(choices, want);
    ok(&mut h, Action::LeaderTo(other));
    assert_eq!(h.leader_hex(l), Some(other));
}

#[test]
fn rule_8_41_reorder_after_the_top_unit_runs_dry() {
    let (mut g, a, _) = duel();
    let b = tk::place(&mut g, "30IL", "2328", Formation::Line, 3);
    assert_eq!(refused(&g, Action::ToTop(b)), "GBACW 8.41", "no reordering in a Fire Phase otherwise");
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    ok(&mut g, Action::Resolve);
    roll(&mut g, 1); // the fire die: a depletion roll
    roll(&mut g, 1); // the 27th runs dry
    finish(&mut g);
    assert!(g.unit(a).depleted);
    ok(&mut g, Action::ToTop(b));
    assert_eq!(g.units_at(hex("2328"))[0], b);
    // Each unit once: the 27th may go back on top, then neither again (a finite phase).
    ok(&mut g, Action::ToTop(a));
    assert_eq!(refused(&g, Action::ToTop(b)), "GBACW 8.41");
}

#[test]
fn rule_13_33_routed_and_hurt_again_routs_again_without_a_die() {
    let (mut g, _, t) = duel();
    g.unit_mut(t).routed = true;
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    assert!(g.unit(t).routed);
    assert!(!matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))), "no morale die for it");
    // Neighbouring case: a routed unit given a P/R still rolls (a second rout result, 13.33).
    let (mut h, a, t) = duel();
    h.unit_mut(t).routed = true;
    h.unit_mut(t).facing = 3;
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, a, 2, "2329");
    ok(&mut h, Action::Resolve);
    let d = die_for(&h, |r| r == FireResult::PinOrRout);
    roll(&mut h, d);
    assert_eq!(resolution(&h).steps.first(), Some(&Step::Morale(t, Check::PinOrRout)));
}

#[test]
fn rule_9_51_net_cap_two() {
    // Woods and the crest, fired on from below, by a fire of one point (density one: one more
    // left): three left, read two left.
    let mut g = offensive(Side::Union);
    let a = tk::place(&mut g, "Dollins", "1929", Formation::Dismounted, 3);
    let t = tk::place(&mut g, "Miller", "1930", Formation::Dismounted, 0);
    g.unit_mut(t).morale = Some(3);
    assert_eq!(g.hex_of(a).unwrap().distance(hex("1930")), 1);
    ok(&mut g, Action::FireAt(hex("1930")));
    fire(&mut g, a, 1, "1930");
    ok(&mut g, Action::Resolve);
    let r = resolution(&g);
    let s = resolve::shifts(&g, &r.groups[0].shares, t, hex("1930"), r.density);
    assert_eq!(s, vec![-1, -1, 0, -1]);
    let col = resolve::group_column(&g, &r.groups[0], t, hex("1930"), r.density);
    assert_eq!(
        col,
        charts::fire_column(charts::FireRow::SmallArmsAndCounterBattery, 1) - 1,
        "column 2 less two, held at the first"
    );
    // Neighbouring case: from above the crest does not count: two left exactly.
    let mut h = offensive(Side::Union);
    let a = tk::place(&mut h, "Dollins", "1930", Formation::Dismounted, 0);
    let t = tk::place(&mut h, "Miller", "1929", Formation::Dismounted, 3);
    h.unit_mut(t).morale = Some(3);
    ok(&mut h, Action::FireAt(hex("1929")));
    fire(&mut h, a, 1, "1929");
    ok(&mut h, Action::Resolve);
    let r = resolution(&h);
    assert_eq!(resolve::shifts(&h, &r.groups[0].shares, t, hex("1929"), r.density), vec![-1, 0, 0, -1]);
}

/// Union 27th Illinois in 2328 facing south at the Confederate supply wagon in 2329.
fn at_the_wagon() -> (Gbacw, UnitId, UnitId) {
    let mut g = offensive(Side::Union);
    let a = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    let w = tk::place(&mut g, "CWagon", "2329", Formation::Wagon, 0);
    g.unit_mut(w).morale = Some(3);
    (g, a, w)
}

#[test]
fn rule_11_12_small_arms_kill_the_crew_not_the_wagon() {
    let (mut g, a, w) = at_the_wagon();
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    assert!(gbacw::fire::wagon::crewless(&g, w), "the crew is killed");
    assert_eq!(g.hex_of(w), Some(hex("2329")), "the wagon stays");
    assert!(!matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Resolve(_)))), "no crew left to check");
    assert!(!gbacw::movement::movable(&g, gbacw::Piece::Unit(w)), "11.1: a crewless wagon never moves");
    // Neighbouring case: a wagon under infantry is not hit (8.21).
    let (mut h, a, w) = at_the_wagon();
    let t = tk::place(&mut h, "12TN", "2329", Formation::Line, 0);
    h.unit_mut(t).morale = Some(3);
    tk::place(&mut h, "CWagon", "2329", Formation::Wagon, 0); // back under the 12th
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, a, 4, "2329");
    ok(&mut h, Action::Resolve);
    let d = die_for(&h, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut h, d);
    assert!(!gbacw::fire::wagon::crewless(&h, w));
    assert!(h.unit(t).lost > 0);
}

#[test]
fn rule_11_34_artillery_hits_the_wagons_ammunition() {
    let (mut g, _, w) = at_the_wagon();
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    let (boxes, rounds) = (g.unit(w).boxes, g.unit(w).rounds);
    assert!(boxes > 0 && rounds > 0);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { points: 1, .. }));
    roll(&mut g, d);
    assert_eq!(g.prompt().rule, "GBACW 11.34");
    roll(&mut g, 2);
    let charts::AmmoLoss::Lose { small_arms, artillery: charts::ArtilleryLoss::Rounds(r) } = charts::ammo_loss(1, 2)
    else {
        panic!("11.34 column 1, die 2 loses boxes")
    };
    assert_eq!((g.unit(w).boxes, g.unit(w).rounds), (boxes - small_arms, rounds - r));
    assert!(!gbacw::fire::wagon::crewless(&g, w), "artillery does not touch the crew");
}

#[test]
fn rule_11_16_wagon_crews_fire_only_defensively() {
    let mut g = tk::empty();
    tk::phase(&mut g, 1, Side::Union, Phase::DefensiveFire);
    let t = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    g.unit_mut(t).morale = Some(3);
    let w = tk::place(&mut g, "CWagon", "2329", Formation::Wagon, 0);
    ok(&mut g, Action::FireAt(hex("2328")));
    ok(&mut g, Action::Fire { unit: w, sp: 1, via: 0 });
    // Neighbouring case: in its own Offensive Fire Phase it may not.
    let mut h = tk::empty();
    tk::phase(&mut h, 1, Side::Confederate, Phase::OffensiveFire);
    tk::place(&mut h, "27IL", "2328", Formation::Line, 3);
    tk::place(&mut h, "CWagon", "2329", Formation::Wagon, 0);
    assert_eq!(refused(&h, Action::FireAt(hex("2328"))), "GBACW 11.16");
}

#[test]
fn rule_15_2_caissons_may_explode_when_guns_are_lost_to_artillery() {
    let mut g = offensive(Side::Union);
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    let guns = tk::place(&mut g, "Watson", "2329", Formation::Unlimbered, 0);
    g.unit_mut(guns).morale = Some(5);
    let rounds = g.unit(guns).rounds;
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut g, d);
    assert!(g.strength(guns) < 6, "guns lost");
    assert_eq!(g.prompt().rule, "GBACW 15.2");
    roll(&mut g, 1); // a caisson hit
    roll(&mut g, 4); // four rounds
    assert_eq!(g.unit(guns).rounds, rounds - 4);
    // Neighbouring case: small arms kill crews, never guns: no caisson roll.
    let mut h = offensive(Side::Union);
    let a = tk::place(&mut h, "27IL", "2328", Formation::Line, 3);
    let guns = tk::place(&mut h, "Watson", "2329", Formation::Unlimbered, 0);
    h.unit_mut(guns).morale = Some(5);
    ok(&mut h, Action::FireAt(hex("2329")));
    fire(&mut h, a, 4, "2329");
    ok(&mut h, Action::Resolve);
    let d = die_for(&h, |r| matches!(r, FireResult::Loss { .. }));
    roll(&mut h, d);
    assert_ne!(h.prompt().rule, "GBACW 15.2");
}

#[test]
fn rule_15_0_a_battery_that_moved_fires_in_the_enemy_player_turn() {
    // It moved in its own Movement Phase: in the enemy's Player-Turn it may fire defensively.
    let mut g = tk::empty();
    tk::phase(&mut g, 1, Side::Confederate, Phase::DefensiveFire);
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    g.unit_mut(bat).moved = true;
    tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, bat, 6, "2329");
    // Neighbouring case: in its own Player-Turn it may not (rule_9_62_..._who_never_fires).
}

#[test]
fn rule_9_41_combined_across_hexes_never_small_arms_with_artillery() {
    let (mut g, a, t) = duel();
    let beside = hex("2329").neighbours()[2];
    let face = gbacw::facing::toward(beside, hex("2329")).unwrap();
    let b = tk::place(&mut g, "30IL", &beside.label(), Formation::Line, face);
    let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    fire(&mut g, a, 4, "2329");
    fire(&mut g, b, 4, "2329");
    fire(&mut g, bat, 6, "2329");
    ok(&mut g, Action::Resolve);
    let r = resolution(&g);
    assert_eq!(r.groups.len(), 2, "small arms and artillery apart");
    let sa = &r.groups[0];
    assert_eq!(sa.shares.len(), 2, "two hexes' small arms in one total");
    let total = gbacw::strength::total_points(sa.shares.iter().map(|s| s.halves));
    assert_eq!(total, 16, "4 x2 + 4 x2");
    let sa_col = resolve::group_column(&g, sa, t, hex("2329"), r.density);
    // The 30th fires from the 12th's flank: its group is enfiladed (7.23), one right.
    assert_eq!(sa_col, charts::fire_column(charts::FireRow::SmallArmsAndCounterBattery, 16) + 1);
    let art_col = resolve::group_column(&g, &r.groups[1], t, hex("2329"), r.density);
    // The guns fire from the front: their own fire is not shifted by the 30th's flank shot.
    assert_eq!(art_col, charts::fire_column(charts::FireRow::Grapeshot, 60), "60 on the Grapeshot row, not 76");
    assert_eq!(r.steps.iter().filter(|s| matches!(s, Step::Die { .. })).count(), 2, "one die each");
}

/// 6.11 (the audit, session 12): a unit in Column fired upon goes into Line once the fire is
/// resolved, keeping its facing (R39); a unit in Line fired upon stays as it is.
#[test]
fn rule_6_11_a_column_fired_upon_goes_into_line() {
    for (before, after) in [(Formation::Column, Formation::Line), (Formation::Line, Formation::Line)] {
        let (mut g, a, t) = duel();
        g.unit_mut(t).formation = before;
        ok(&mut g, Action::FireAt(hex("2329")));
        fire(&mut g, a, 4, "2329"); // 9.3: four through one hexside
        ok(&mut g, Action::Resolve);
        finish(&mut g);
        assert_eq!((g.unit(t).formation, g.unit(t).facing), (after, 0), "{before:?}");
    }
}

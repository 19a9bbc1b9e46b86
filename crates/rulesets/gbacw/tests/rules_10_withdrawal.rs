//! Step 9, withdrawal fire: 10.1-10.19, 6.23 and 6.24, each with the neighbouring case where
//! it must not fire. The clear, level strip by the river (columns 23-24, rows 26-31) is the
//! ground: the Confederate 12th Tennessee in 2329 faces north, so its zone covers 2328 and
//! the Union units there withdraw under its fire.

use engine::{Actor, Game, Side};
use gbacw::charts::FireResult;
use gbacw::facing::dir;
use gbacw::testkit::{self as tk, die_for, hex, ok, refused, resolution, roll_all};
use gbacw::withdrawal::{Trigger, Volley};
use gbacw::{Action, Formation, Frame, Gbacw, Piece, UnitId};

/// The Union's Movement Phase with the 12th Tennessee (morale 3, worn down to 2 SP so every
/// result lies on its columns) in 2329 facing north.
fn union_moves() -> (Gbacw, UnitId) {
    let mut g = tk::movement(Side::Union);
    let t = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    g.unit_mut(t).morale = Some(3);
    g.unit_mut(t).lost = 3;
    (g, t)
}

/// [`union_moves`] with the 27th Illinois in 2328 facing the enemy, stepping out to 2327: the
/// position, the mover and the 12th Tennessee.
fn step_out() -> (Gbacw, UnitId, UnitId) {
    let (mut g, t) = union_moves();
    let u = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(hex("2327")));
    (g, u, t)
}

fn union(g: &mut Gbacw, id: &str, at: &str, facing: u8) -> UnitId {
    let u = tk::place(g, id, at, Formation::Line, facing);
    g.unit_mut(u).morale = Some(3);
    u
}

/// Resolves the pending fire with no effect: a die of no effect, or a rout result whose
/// morale checks all pass.
fn miss(g: &mut Gbacw) {
    let d = die_for(g, |r| matches!(r, FireResult::NoEffect | FireResult::Rout));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(g, 1);
}

/// The withdrawal fire pending.
fn volley(g: &Gbacw) -> &Volley {
    match g.stack.last() {
        Some(Frame::Withdraw(v)) => v,
        other => panic!("no withdrawal fire pending: {other:?}"),
    }
}

fn fires(g: &Gbacw) -> Vec<Action> {
    g.legal_actions().into_iter().filter(|a| matches!(a, Action::Fire { .. })).collect()
}

/// The Confederate fires its one shot with `u`.
fn shoot(g: &mut Gbacw, u: UnitId) {
    let a = fires(g).into_iter().find(|a| matches!(a, Action::Fire { unit, .. } if *unit == u)).expect("a shot");
    ok(g, a);
}

#[test]
fn rule_10_1_leaving_a_zone_draws_fire_first() {
    let (mut g, u, t) = step_out();
    // 10.11: the fire comes before the mover leaves, at one hex, the enemy's decision.
    assert_eq!(g.hex_of(u), Some(hex("2328")), "still in the hex it is leaving");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.prompt().rule, "GBACW 10.1");
    let v = volley(&g);
    assert_eq!((v.trigger, v.at, v.hit.clone(), v.firers.clone()), (Trigger::Leaving, hex("2328"), vec![u], vec![t]));
    // Declining is a choice (10.1 "may"); then the step is made.
    ok(&mut g, Action::Done);
    assert_eq!(g.hex_of(u), Some(hex("2327")));
    assert_eq!(g.actor(), Actor::Side(Side::Union));
}

#[test]
fn rule_10_1_no_zone_no_fire() {
    let (mut g, t) = union_moves();
    g.unit_mut(t).facing = 3; // faced away: 2328 is behind it
    let u = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(g.hex_of(u), Some(hex("2327")), "no zone covers 2328: the step is made at once");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
}

#[test]
fn rule_10_18_leader_draws_none_the_unit_does() {
    let (mut g, _) = union_moves();
    let l = tk::put_leader(&mut g, "McClernand", "2328");
    union(&mut g, "27IL", "2327", 0);
    ok(&mut g, Action::Select(Piece::Leader(l)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(g.leader_hex(l), Some(hex("2327")), "10.18: a leader withdraws unfired on");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    // A unit leaving the same hex draws the fire.
    ok(&mut g, Action::EndMove);
    let u = union(&mut g, "30IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(g.prompt().rule, "GBACW 10.1");
}

#[test]
fn rule_10_13_stack_one_shot() {
    let (mut g, t) = union_moves();
    let a = union(&mut g, "27IL", "2328", 3);
    let b = union(&mut g, "30IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(a)));
    ok(&mut g, Action::Join(Piece::Unit(b)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(volley(&g).hit, vec![a, b], "the stack is one target");
    assert_eq!(fires(&g).len(), 1, "one shot at the stack");
    shoot(&mut g, t);
    assert_eq!(resolution(&g).hit, vec![a, b]);
    miss(&mut g);
    // The one shot spent, the stack steps on together.
    assert_eq!((g.hex_of(a), g.hex_of(b)), (Some(hex("2327")), Some(hex("2327"))));
    assert_eq!(g.actor(), Actor::Side(Side::Union));
}

#[test]
fn rule_10_19_every_eligible_unit_once() {
    let (mut g, t) = union_moves();
    // A second Confederate whose zone covers 2328: from its south-east, facing north-west.
    let se = hex("2328").neighbour(dir(2));
    let t2 = tk::place(&mut g, "13TN", &se.label(), Formation::Line, 5);
    g.unit_mut(t2).morale = Some(3);
    let u = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(volley(&g).firers, vec![t, t2]);
    shoot(&mut g, t);
    miss(&mut g);
    // The 12th has fired; the 13th may still, once.
    let left: Vec<UnitId> = fires(&g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Fire { unit, .. } => Some(unit),
            _ => None,
        })
        .collect();
    assert_eq!(left, vec![t2]);
    let a = fires(&g)[0];
    let Action::Fire { via, .. } = a else { unreachable!() };
    assert_eq!(refused(&g, Action::Fire { unit: t, sp: 2, via }), "GBACW 10.19");
}

#[test]
fn rule_10_14_covering_units_fired_on() {
    let (mut g, t) = union_moves();
    let a = union(&mut g, "27IL", "2328", 3);
    let b = union(&mut g, "30IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(a)));
    ok(&mut g, Action::Step(hex("2327")));
    // The mover goes unharmed, at once; the unit staying covers it.
    assert_eq!(g.hex_of(a), Some(hex("2327")));
    let v = volley(&g);
    assert_eq!((v.at, v.hit.clone()), (hex("2328"), vec![b]));
    shoot(&mut g, t);
    assert_eq!(resolution(&g).hit, vec![b], "only the unit that stays is fired at");
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 1);
    assert_eq!(g.strength(a), 7, "the mover lost nothing");
    assert!(g.strength(b) < 6, "the unit covering it took the loss");
}

#[test]
fn rule_10_16_enfiladed_when_leaving() {
    let (mut g, t) = union_moves();
    // Facing the enemy (south); withdrawing north it turns its back (7.11, R39).
    let u = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(g.unit(u).facing, 0, "faces the hex it enters before the fire");
    shoot(&mut g, t);
    assert_eq!(resolution(&g).enfiladed, vec![u]);
    // Sidling south-east keeps the enemy on a frontal hexside: no enfilade.
    let (mut g, t) = union_moves();
    let u = union(&mut g, "27IL", "2328", 3);
    let se = hex("2328").neighbour(dir(2));
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(se));
    assert_eq!(g.unit(u).facing, 2);
    shoot(&mut g, t);
    assert!(resolution(&g).enfiladed.is_empty());
}

#[test]
fn rule_10_15_pinned_mover_takes_one_hex_then_pinned() {
    let (mut g, u, t) = step_out();
    shoot(&mut g, t);
    let d = die_for(&g, |r| r == FireResult::Pin);
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6); // above morale 3 (+1 enfiladed): pinned
    assert_eq!(g.hex_of(u), Some(hex("2327")), "the one step is taken");
    assert!(g.pinned.contains(&hex("2327")) && !g.pinned.contains(&hex("2328")), "the pin goes with it");
    assert_eq!(refused(&g, Action::Step(hex("2326"))), "GBACW 9.84");
}

#[test]
fn rule_10_15_withdrawal_fire_routs_the_mover_mid_move() {
    let (mut g, u, t) = step_out();
    shoot(&mut g, t);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6); // the casualty check fails: it routs
    assert!(g.unit(u).routed);
    // It retreats three hexes (13.31) instead of taking the step; its owner chooses.
    assert_eq!(g.prompt().rule, "GBACW 13.31");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    tk::retreat_first(&mut g);
    let at = g.hex_of(u).expect("retreated, not captured");
    assert_eq!(at.distance(hex("2328")), 3);
    // Its move is over: the phase goes on without it.
    assert!(matches!(refused(&g, Action::Select(Piece::Unit(u))).as_str(), "GBACW 5.0"));
}

#[test]
fn rule_10_17_free_shot_and_depletion() {
    let (mut g, _, t) = step_out();
    shoot(&mut g, t);
    // Not a Fire Phase's fire: its record is its own (10.12, 10.17).
    assert_eq!(resolution(&g).shot, gbacw::fire::Shot::Withdrawal);
    assert!(resolution(&g).rec.spent.iter().all(|&(v, _)| v == t));
    // A die of 1 calls for the firer's depletion roll (10.17 note, 11.21).
    assert!(gbacw::charts::fire_ammo_check(1));
    g.apply(&Action::Roll(1)).unwrap();
    assert_eq!(g.prompt().rule, "GBACW 11.21");
    g.apply(&Action::Roll(1)).unwrap();
    assert!(g.unit(t).depleted, "out of ammunition after its free shot");
}

#[test]
fn rule_10_17_the_firer_fires_its_whole_strength_in_the_fire_phase() {
    let (mut g, _, t) = step_out();
    shoot(&mut g, t);
    miss(&mut g);
    ok(&mut g, Action::EndMove);
    ok(&mut g, Action::Done);
    // The Confederate's Defensive Fire Phase: the 12th's free shot spent none of it (9.45).
    assert_eq!(g.phase, gbacw::Phase::DefensiveFire);
    tk::place(&mut g, "30IL", "2328", Formation::Line, 3);
    g.legal_memo.forget();
    ok(&mut g, Action::FireAt(hex("2328")));
    ok(&mut g, Action::Fire { unit: t, sp: 2, via: 0 });
}

#[test]
fn rule_6_24_change_in_zone_draws_fire() {
    let (mut g, _) = union_moves();
    let u = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Form(Formation::Column));
    assert_eq!(volley(&g).trigger, Trigger::Formation);
    assert_eq!(volley(&g).hit, vec![u]);
    ok(&mut g, Action::Done);
    assert_eq!(g.unit(u).formation, Formation::Column, "declined: the change is made");
    // Out of any zone, no fire.
    let (mut g, _) = union_moves();
    let u = union(&mut g, "27IL", "2326", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Form(Formation::Column));
    assert_eq!(g.unit(u).formation, Formation::Column);
    assert_eq!(g.actor(), Actor::Side(Side::Union));
}

/// Taylor's battery limbered in 2327, two hexes north of the 12th Tennessee's muskets (in
/// range and sight, out of its zone), about to unlimber.
fn unlimbering() -> (Gbacw, UnitId, UnitId) {
    let (mut g, t) = union_moves();
    let b = tk::place(&mut g, "Taylor", "2327", Formation::Limbered, 3);
    ok(&mut g, Action::Select(Piece::Unit(b)));
    ok(&mut g, Action::Form(Formation::Unlimbered));
    (g, b, t)
}

#[test]
fn rule_6_23_pin_cancels_unlimber() {
    let (mut g, b, t) = unlimbering();
    assert_eq!(g.prompt().rule, "GBACW 6.24");
    assert_eq!(volley(&g).firers, vec![t], "small arms in range and sight may fire first (6.23)");
    shoot(&mut g, t);
    let d = die_for(&g, |r| r == FireResult::Pin);
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6);
    assert!(g.pinned.contains(&hex("2327")));
    assert_eq!(g.unit(b).formation, Formation::Limbered, "pinned: the change is not made");
}

#[test]
fn rule_6_23_unlimbers_when_unhurt() {
    let (mut g, b, t) = unlimbering();
    shoot(&mut g, t);
    miss(&mut g);
    assert_eq!(g.unit(b).formation, Formation::Unlimbered);
    // Out of range and sight of any small arms, nothing fires.
    let (mut g, _) = union_moves();
    let b = tk::place(&mut g, "Taylor", "2325", Formation::Limbered, 3);
    ok(&mut g, Action::Select(Piece::Unit(b)));
    ok(&mut g, Action::Form(Formation::Unlimbered));
    assert_eq!(g.unit(b).formation, Formation::Unlimbered);
}

#[test]
fn rule_9_84_pinned_units_still_fire_withdrawal_fire() {
    let (mut g, t) = union_moves();
    g.pinned.push(hex("2329"));
    let u = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(volley(&g).firers, vec![t]);
    // A routed unit has no zone and fires nothing (13.32).
    let (mut g, t) = union_moves();
    g.unit_mut(t).routed = true;
    let u = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(g.hex_of(u), Some(hex("2327")));
}

#[test]
fn rule_10_0_mounted_zone_fires_only_at_mounted_cavalry() {
    // Miller's company, mounted with pistols, in 2329: its zone is all six hexes, but only
    // against mounted cavalry (10.0 exception).
    let mut g = tk::movement(Side::Union);
    let m = tk::place(&mut g, "Miller", "2329", Formation::Mounted, 0);
    g.unit_mut(m).morale = Some(3);
    let foot = union(&mut g, "27IL", "2328", 3);
    ok(&mut g, Action::Select(Piece::Unit(foot)));
    ok(&mut g, Action::Step(hex("2327")));
    assert_eq!(g.hex_of(foot), Some(hex("2327")), "men on foot leave it unfired on");
    ok(&mut g, Action::EndMove);
    let horse = tk::place(&mut g, "Delano", "2328", Formation::Mounted, 3);
    ok(&mut g, Action::Select(Piece::Unit(horse)));
    let away = hex("2427");
    ok(&mut g, Action::Step(away));
    assert_eq!(volley(&g).firers, vec![m], "mounted cavalry leaving draws its fire");
}

#[test]
fn rule_10_17_callable_in_the_retreat_before_melee_phase() {
    // Step 10's Retreat Before Melee Phase asks the same question of a unit leaving (12.83):
    // the volley comes back to push, and is the enemy's decision.
    let (mut g, t) = union_moves();
    let u = union(&mut g, "27IL", "2328", 3);
    tk::phase(&mut g, 1, Side::Union, gbacw::Phase::RetreatBeforeMelee);
    let (v, covered) =
        gbacw::withdrawal::leaving(&g, Side::Union, &[Piece::Unit(u)], hex("2328")).expect("the 12th may fire");
    assert!(!covered);
    assert_eq!((v.firers.clone(), v.hit.clone()), (vec![t], vec![u]));
    v.push(&mut g);
    assert_eq!((g.actor(), g.prompt().rule.as_str()), (Actor::Side(Side::Confederate), "GBACW 10.1"));
    // Leaders alone draw none here either (10.18).
    let l = tk::put_leader(&mut g, "McClernand", "2328");
    assert!(gbacw::withdrawal::leaving(&g, Side::Union, &[Piece::Leader(l)], hex("2328")).is_none());
}

/// 10.15 with 8.16 (a bot's game, session 19: a Column passed into a friend's road hex, was
/// pinned there by withdrawal fire and could neither end nor go on): withdrawal fire may pin
/// the mover in the hex it steps into, so a step that draws it enters only where the move may
/// end. The neighbouring case: with the hex free the same step is open and draws the fire.
#[test]
fn rule_10_15_a_step_drawing_withdrawal_fire_enters_only_where_it_may_end() {
    let (mut g, _) = union_moves();
    let u = union(&mut g, "27IL", "2328", 3);
    tk::place(&mut g, "30IL", "2327", Formation::Column, 3);
    ok(&mut g, Action::Select(Piece::Unit(u)));
    assert_eq!(refused(&g, Action::Step(hex("2327"))), "GBACW 10.15");
    let (mut free, _) = union_moves();
    let u = union(&mut free, "27IL", "2328", 3);
    ok(&mut free, Action::Select(Piece::Unit(u)));
    ok(&mut free, Action::Step(hex("2327")));
    assert!(matches!(free.stack.last(), Some(Frame::Withdraw(_))), "the step draws the fire");
}

//! 4.0 Movement: movement points and the Terrain Effects Chart (4.1), stacking (4.2),
//! the three-part procedure (4.3: melee obligations, satisfying them, maneuver), Leader
//! Second Movement (3.2.3), and the movement limits of 10.1 (the guard), 11.9 (Union
//! embarkation), 13.2.1 (demoralized Confederates) and 13.2.3 (looting).
//!
//! Units move one hex per action so that opportunity fire (5.2) falls exactly where it
//! should; a unit finishes moving when another unit starts.

use crate::action::Action;
use crate::counters::{Kind, UnitId};
use crate::map::{Region, Terrain};
use crate::procedure::Frame;
use crate::sequence::{activated, guarding, looting};
use crate::setup::{stack_ok, within_land_hexes};
use crate::state::{Belmont, Fate, Loc, Stage};
use crate::{charts, fire};
use engine::Side;
use hexmap::Hex;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Half-MP to cross from `from` into the adjacent `to` (Terrain Effects Chart), or
/// `None` where the unit may not go.
pub(crate) fn cost(g: &Belmont, u: UnitId, from: Hex, to: Hex) -> Option<u8> {
    let map = g.map();
    let info = map.get(to)?;
    if info.region == Region::River || matches!(info.terrain, Terrain::River | Terrain::Entrenchment) {
        return None;
    }
    let artillery = g.counter(u).kind == Kind::FieldArtillery;
    if artillery && matches!(info.terrain, Terrain::Pond | Terrain::Marsh) {
        return None;
    }
    if map.road(from, to) {
        return Some(charts::COST_ROAD);
    }
    if info.shore {
        let along = map.get(from).is_some_and(|f| f.shore);
        return Some(if along { charts::COST_SHORE_ALONG } else { charts::COST_SHORE_OTHER });
    }
    Some(match info.terrain {
        Terrain::FelledTrees | Terrain::Woods | Terrain::Marsh => 2 * charts::HALF,
        Terrain::Pond => 3 * charts::HALF,
        _ => charts::HALF,
    })
}

/// Whether `u` may stand on `h` after a normal step: no enemy there, stacking kept
/// (4.2), the guard's leash (2.1), Kentucky only for Confederates who start there.
fn may_enter(g: &Belmont, u: UnitId, h: Hex) -> bool {
    let side = g.owner(u);
    if g.holder(h).is_some_and(|s| s != side) {
        return false;
    }
    if guarding(g, u) && !within_land_hexes(g, g.map().hunters_farm_dock, h, 3) {
        return false;
    }
    stack_ok(g, u, h)
}

/// Hexes of unresolved melee markers.
fn melee_hexes(g: &Belmont) -> Vec<Hex> {
    g.markers.iter().filter(|m| !m.resolved).map(|m| m.target).collect()
}

/// Whether the unit may move at all in this activation.
fn may_move(g: &Belmont, u: UnitId) -> bool {
    let act = g.act.as_ref().expect("activation");
    activated(g, u)
        && g.allowance(u) > 0
        && !looting(g, u)
        && (act.moving == Some(u) || !g.unit(u).moved)
        && matches!(g.unit(u).loc, Loc::Hex(_))
}

/// Half-MP the unit has left (a fresh unit has its full allowance).
fn mp_left(g: &Belmont, u: UnitId) -> u8 {
    let act = g.act.as_ref().expect("activation");
    if act.moving == Some(u) || g.unit(u).moved { g.unit(u).mp } else { g.allowance(u) }
}

/// Units that may take part in a melee or charge as attackers (6.0, 6.5, 11.7).
pub(crate) fn may_melee(g: &Belmont, u: UnitId) -> bool {
    let c = g.counter(u);
    !g.unit(u).debarked
        && match c.kind {
            Kind::Infantry | Kind::Cavalry => true,
            Kind::Leader => c.rank == Some(crate::counters::Rank::Regiment),
            _ => false,
        }
}

/// 4.3.3 Maneuver: steps for units that have not moved.
pub(crate) fn maneuver_legal(g: &Belmont) -> Vec<Action> {
    let act = g.act.as_ref().expect("activation");
    let melee = melee_hexes(g);
    let mut out = Vec::new();
    for u in g.ids() {
        if !may_move(g, u) {
            continue;
        }
        let Loc::Hex(from) = g.unit(u).loc else {
            continue;
        };
        let left = mp_left(g, u);
        for to in from.neighbours() {
            if melee.contains(&to) {
                continue; // 4.3.3: may not enter a melee hex.
            }
            let Some(c) = cost(g, u, from, to) else {
                continue;
            };
            if c > left || !may_enter(g, u, to) {
                continue;
            }
            if act.demoralized && !demoralized_step_ok(g, u, from, to) {
                continue;
            }
            out.push(Action::Move { unit: u, to });
        }
    }
    out
}

/// 13.2.1: a demoralized unit in Missouri moves away from the camp toward the river,
/// avoiding Union-occupied neighbours where it can.
fn demoralized_step_ok(g: &Belmont, u: UnitId, from: Hex, to: Hex) -> bool {
    if g.map().get(from).is_none_or(|i| i.region != Region::Missouri) || g.counter(u).side != Side::Confederate {
        return true;
    }
    let camp_d = |h: Hex| g.map().camp.iter().map(|c| c.distance(h)).min().unwrap_or(0);
    let river_d = |h: Hex| crate::retreat::river_distance(g, h);
    let away = camp_d(to) > camp_d(from) || (camp_d(to) == camp_d(from) && river_d(to) < river_d(from));
    let near_union = |h: Hex| h.neighbours().iter().any(|&n| g.holder(n) == Some(Side::Union));
    // Moving next to the Union is allowed only when already next to it.
    away && (near_union(from) || !near_union(to))
}

/// 13.2.1: the stage may end once every demoralized unit has moved (or cannot).
pub(crate) fn demoralized_done(g: &Belmont) -> bool {
    let act = g.act.as_ref().expect("activation");
    if !act.demoralized {
        return true;
    }
    let legal = maneuver_legal(g);
    // Only units on the Missouri side are demoralized; those in Kentucky move freely.
    let in_missouri = |u: UnitId| g.hex_of(u).is_some_and(|h| g.map().is_missouri(h));
    !legal.iter().any(|a| {
        matches!(a, Action::Move { unit, .. } if !g.unit(*unit).moved && g.counter(*unit).side == Side::Confederate && in_missouri(*unit))
    })
}

/// 4.3.2: steps toward a melee hex, and the step into it across its marker's hexside.
pub(crate) fn melee_move_legal(g: &Belmont) -> Vec<Action> {
    let mut out = Vec::new();
    if g.markers.iter().all(|m| m.resolved) {
        return out;
    }
    for u in g.ids() {
        if !may_move(g, u) || !may_melee(g, u) {
            continue;
        }
        let Loc::Hex(from) = g.unit(u).loc else {
            continue;
        };
        if melee_hexes(g).contains(&from) {
            continue; // Already in a melee hex: its movement is over.
        }
        let left = mp_left(g, u);
        let need = melee_need(g, u, left);
        let melee = melee_hexes(g);
        for to in from.neighbours() {
            let Some(c) = cost(g, u, from, to) else {
                continue;
            };
            if c > left {
                continue;
            }
            // Either the step into a melee hex across its marker's hexside, or a step
            // that still leaves time to get there.
            let into_melee = crate::melee::entry_marker(g, u, from, to).is_some();
            let on_the_way =
                may_enter(g, u, to) && !melee.contains(&to) && need.get(&to).is_some_and(|&n| n <= u32::from(left - c));
            if into_melee || on_the_way {
                out.push(Action::Move { unit: u, to });
            }
        }
    }
    out
}

/// For each hex, the fewest half-MP the unit needs from there to step into an open
/// melee hex through a valid entry (4.3.2: the units must be able to reach the melee
/// hex), found by one backward search from the entries.
fn melee_need(g: &Belmont, u: UnitId, left: u8) -> HashMap<Hex, u32> {
    let melee = melee_hexes(g);
    let standable = |h: Hex| may_enter(g, u, h) && !melee.contains(&h);
    let mut need: HashMap<Hex, u32> = HashMap::new();
    let mut heap = BinaryHeap::new();
    for m in g.markers.iter().filter(|m| !m.resolved) {
        for e in m.target.neighbours() {
            if crate::melee::entry_marker(g, u, e, m.target).is_none() {
                continue;
            }
            if let Some(c) = cost(g, u, e, m.target) {
                let c = u32::from(c);
                if c <= u32::from(left) && need.get(&e).is_none_or(|&d| c < d) {
                    need.insert(e, c);
                    heap.push(Reverse((c, e)));
                }
            }
        }
    }
    while let Some(Reverse((d, b))) = heap.pop() {
        if need.get(&b).is_some_and(|&x| x < d) || !standable(b) {
            continue;
        }
        for a in b.neighbours() {
            let Some(c) = cost(g, u, a, b) else { continue };
            let nd = d + u32::from(c);
            if nd <= u32::from(left) && need.get(&a).is_none_or(|&x| nd < x) {
                need.insert(a, nd);
                heap.push(Reverse((nd, a)));
            }
        }
    }
    need
}

/// Moves a unit one hex (4.0), or into a melee hex (4.3.2).
pub(crate) fn step(g: &mut Belmont, u: UnitId, to: Hex) {
    let from = g.hex_of(u).expect("on map");
    let stage = g.act.as_ref().expect("activation").stage;
    let fresh = g.act.as_ref().expect("activation").moving != Some(u);
    if fresh {
        let mp = if g.unit(u).moved { g.unit(u).mp } else { g.allowance(u) };
        g.unit_mut(u).mp = mp;
        g.unit_mut(u).moved = true;
        g.act.as_mut().expect("activation").moving = Some(u);
    }
    let c = cost(g, u, from, to).expect("legal step");
    g.unit_mut(u).mp -= c;
    if stage == Stage::MeleeMoves
        && let Some(m) = crate::melee::entry_marker(g, u, from, to)
    {
        crate::melee::join(g, m, u, from);
        g.set_loc(u, Loc::Hex(to));
        g.act.as_mut().expect("activation").moving = None;
        let n = g.name(u);
        g.log.push("Belmont 4.3.2", || format!("{n} moves from {from} into the melee hex {to}."));
        fire::after_entering(g, u, to, None);
        return;
    }
    g.set_loc(u, Loc::Hex(to));
    let n = g.name(u);
    g.log.push("Belmont 4.0", || format!("{n} moves {from} to {to}."));
    crate::retreat::claim_abandoned(g, u, to);
    if embark_at_hunters_farm(g, u, to) {
        return;
    }
    fire::after_entering(g, u, to, None);
}

/// 11.9: Union units entering Hunter's Farm dock board the transports and leave.
pub(crate) fn embark_at_hunters_farm(g: &mut Belmont, u: UnitId, to: Hex) -> bool {
    if to != g.map().hunters_farm_dock || g.counter(u).side != Side::Union || g.is_vessel(u) {
        return false;
    }
    if g.counter(u).kind == Kind::Infantry {
        let i = usize::from(g.unit(u).flipped);
        g.embarked[i] += 1;
        if g.opt.embark_vp {
            g.vp[0] += if i == 0 { charts::vp::OPT_EMBARKED_UNBROKEN } else { charts::vp::OPT_EMBARKED_BROKEN };
        }
    }
    g.set_loc(u, Loc::Gone(Fate::Embarked));
    if let Some(act) = g.act.as_mut()
        && act.moving == Some(u)
    {
        act.moving = None;
    }
    let n = g.name(u);
    g.log.push("Belmont 11.9", || format!("{n} boards the transports at Hunter's Farm and leaves the game."));
    true
}

/// 3.2.3: leaders move up to three hexes each.
pub(crate) fn second_move_legal(g: &Belmont, f: &Frame) -> Vec<Action> {
    let Frame::SecondMove { side, done, moving } = f else { unreachable!() };
    let mut out = vec![Action::Done];
    for u in g.ids() {
        if !g.is_leader(u) || g.owner(u) != *side || done.contains(&u) || looting(g, u) {
            continue;
        }
        let Loc::Hex(from) = g.unit(u).loc else {
            continue;
        };
        let left = match moving {
            Some((m, left)) if *m == u => *left,
            _ => charts::SECOND_MOVE_HEXES,
        };
        if left == 0 {
            continue;
        }
        for to in from.neighbours() {
            if cost(g, u, from, to).is_some() && may_enter(g, u, to) {
                out.push(Action::Move { unit: u, to });
            }
        }
    }
    out
}

pub(crate) fn second_move_apply(g: &mut Belmont, f: Frame, a: &Action) {
    let Frame::SecondMove { side, mut done, moving } = f else { unreachable!() };
    match a {
        Action::Done => {
            let s = crate::procedure::side_name(side);
            g.log.push("Belmont 3.2.3", || format!("{s} Leader Second Movement ends."));
        }
        Action::Move { unit, to } => {
            let left = match moving {
                Some((m, left)) if m == *unit => left,
                Some((m, _)) => {
                    done.push(m);
                    charts::SECOND_MOVE_HEXES
                }
                None => charts::SECOND_MOVE_HEXES,
            };
            let from = g.hex_of(*unit).expect("on map");
            g.set_loc(*unit, Loc::Hex(*to));
            let (n, t) = (g.name(*unit), *to);
            g.log.push("Belmont 3.2.3", || format!("{n} moves {from} to {t}."));
            let mut moving = Some((*unit, left - 1));
            if left - 1 == 0 {
                done.push(*unit);
                moving = None;
            }
            g.stack.push(Frame::SecondMove { side, done, moving });
            if !embark_at_hunters_farm(g, *unit, *to) {
                fire::after_entering(g, *unit, *to, None);
            }
        }
        _ => unreachable!(),
    }
}

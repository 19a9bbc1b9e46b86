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

/// 4.3.3 Maneuver: steps for units that have not moved (and for the unit now moving).
pub(crate) fn maneuver_legal(g: &Belmont) -> Vec<Action> {
    let melee = melee_hexes(g);
    let mut out = Vec::new();
    // 13.2.1: a demoralized unit under way moves on while it can; no other unit starts.
    if let Some(u) = demoralized_must_continue(g) {
        maneuver_steps(g, u, &melee, &mut out);
        return out;
    }
    for u in g.ids() {
        maneuver_steps(g, u, &melee, &mut out);
    }
    out
}

/// 4.3.3: the unit's steps (none into a melee hex).
fn maneuver_steps(g: &Belmont, u: UnitId, melee: &[Hex], out: &mut Vec<Action>) {
    let act = g.act.as_ref().expect("activation");
    if !may_move(g, u) {
        return;
    }
    let Loc::Hex(from) = g.unit(u).loc else {
        return;
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

/// 13.2.1: a Confederate unit on the Missouri side (demoralized when its activation is).
fn in_missouri_cs(g: &Belmont, u: UnitId) -> bool {
    g.counter(u).side == Side::Confederate && g.hex_of(u).is_some_and(|h| g.map().is_missouri(h))
}

/// 13.2.1: the demoralized unit now moving, while it still has a step away from the
/// camp: it must move up to its full allowance, so it takes that step before any other
/// unit starts and before the stage may end. With no such step left it simply stops.
pub(crate) fn demoralized_must_continue(g: &Belmont) -> Option<UnitId> {
    let act = g.act.as_ref()?;
    let u = act.moving?;
    if !act.demoralized || act.stage != Stage::Maneuver || !in_missouri_cs(g, u) {
        return None;
    }
    let mut steps = Vec::new();
    maneuver_steps(g, u, &melee_hexes(g), &mut steps);
    (!steps.is_empty()).then_some(u)
}

/// 13.2.1: a demoralized unit in Missouri moves away from the camp toward the river,
/// avoiding Union-occupied neighbours where it can.
fn demoralized_step_ok(g: &Belmont, u: UnitId, from: Hex, to: Hex) -> bool {
    if !in_missouri_cs(g, u) {
        return true;
    }
    let camp_d = |h: Hex| g.map().camp.iter().map(|c| c.distance(h)).min().unwrap_or(0);
    let river_d = |h: Hex| crate::retreat::river_distance(g, h);
    let away = camp_d(to) > camp_d(from) || (camp_d(to) == camp_d(from) && river_d(to) < river_d(from));
    let near_union = |h: Hex| h.neighbours().iter().any(|&n| g.holder(n) == Some(Side::Union));
    // Moving next to the Union is allowed only when already next to it.
    away && (near_union(from) || !near_union(to))
}

/// 13.2.1: the stage may end once every demoralized unit has moved its full allowance
/// (or cannot move at all).
pub(crate) fn demoralized_done(g: &Belmont) -> bool {
    let act = g.act.as_ref().expect("activation");
    if !act.demoralized {
        return true;
    }
    if demoralized_must_continue(g).is_some() {
        return false;
    }
    let legal = maneuver_legal(g);
    // Only units on the Missouri side are demoralized; those in Kentucky move freely.
    !legal.iter().any(|a| matches!(a, Action::Move { unit, .. } if !g.unit(*unit).moved && in_missouri_cs(g, *unit)))
}

/// 4.3.2: steps toward a melee hex, and the step into it across its marker's hexside.
pub(crate) fn melee_move_legal(g: &Belmont) -> Vec<Action> {
    let mut out = Vec::new();
    if g.markers.iter().all(|m| m.resolved) {
        return out;
    }
    // 4.3.2 with 6.0: a regiment leader who went in ahead is followed at once.
    let follow = follow_moves(g);
    if !follow.is_empty() {
        return follow;
    }
    let melee = melee_hexes(g);
    for u in g.ids() {
        melee_steps(g, u, None, &melee, &mut out);
    }
    out
}

/// 4.3.2: the unit's steps toward an open melee hex, and into it (only toward and into
/// marker `only`, if given).
fn melee_steps(g: &Belmont, u: UnitId, only: Option<usize>, melee: &[Hex], out: &mut Vec<Action>) {
    if !may_move(g, u) || !may_melee(g, u) {
        return;
    }
    let Loc::Hex(from) = g.unit(u).loc else {
        return;
    };
    if melee.contains(&from) {
        return; // Already in a melee hex: its movement is over.
    }
    let left = mp_left(g, u);
    let need = melee_need(g, u, left, only);
    for to in from.neighbours() {
        let Some(c) = cost(g, u, from, to) else {
            continue;
        };
        if c > left {
            continue;
        }
        // Either the step into a melee hex across its marker's hexside, or a step
        // that still leaves time to get there.
        let into_melee = crate::melee::entry_marker(g, u, from, to).is_some_and(|(i, _)| only.is_none_or(|o| o == i));
        let on_the_way =
            may_enter(g, u, to) && !melee.contains(&to) && need.get(&to).is_some_and(|&n| n <= u32::from(left - c));
        if into_melee || on_the_way {
            out.push(Action::Move { unit: u, to });
        }
    }
}

/// 4.3.2 with 6.0: a regiment leader standing in a melee hex ahead of every unit of his
/// command (he went in first for a broken company to follow): his marker and himself.
fn waiting_leader(g: &Belmont) -> Option<(usize, UnitId)> {
    for (i, m) in g.markers.iter().enumerate() {
        if m.resolved || m.forced || m.charge {
            continue;
        }
        let all: Vec<UnitId> = m.group.iter().chain(m.second.iter().flat_map(|(_, s)| s)).copied().collect();
        for &l in &all {
            if g.is_leader(l)
                && g.hex_of(l) == Some(m.target)
                && !all.iter().any(|&x| !g.is_leader(x) && g.commands(l, x))
            {
                return Some((i, l));
            }
        }
    }
    None
}

/// 4.3.2 with 6.0: while a regiment leader waits in a melee hex for a unit of his
/// command, the only moves are theirs, toward and into his melee; none other may move
/// and the step may not end. Empty when no one waits or no one can still follow (he is
/// then an unsupported leader, 6.7).
pub(crate) fn follow_moves(g: &Belmont) -> Vec<Action> {
    let mut out = Vec::new();
    if g.act.as_ref().is_none_or(|a| a.stage != Stage::MeleeMoves) {
        return out;
    }
    let Some((i, l)) = waiting_leader(g) else {
        return out;
    };
    let melee = melee_hexes(g);
    for c in g.ids() {
        if !g.is_leader(c) && g.commands(l, c) {
            melee_steps(g, c, Some(i), &melee, &mut out);
        }
    }
    out
}

/// 6.0 with 4.3.2: whether a broken company of regiment leader `l`'s own regiment could
/// follow him into `target` across the hexside from `from` this activation: one that has
/// not moved and can still reach `from` and step in. Reading: such a company accompanies
/// him even though he goes in first (it may not go in without him), wherever it stands,
/// as long as it can make the melee hex; it must then follow at once ([`follow_moves`]).
pub(crate) fn broken_follower_ready(g: &Belmont, l: UnitId, from: Hex, target: Hex) -> bool {
    let regiment = g.counter(l).formation;
    let mut melee: Option<Vec<Hex>> = None;
    g.ids().any(|c| {
        // The cheap tests first: this is asked for every hex a leader might enter from.
        if g.counter(c).formation != regiment || !crate::melee::needs_leader(g, c) || g.unit(c).moved {
            return false;
        }
        if crate::melee::regimental_leader(g, c) != Some(l) || !may_move(g, c) || !may_melee(g, c) {
            return false;
        }
        let melee = melee.get_or_insert_with(|| melee_hexes(g));
        g.hex_of(c).is_some_and(|h| !melee.contains(&h)) && reaches_through(g, c, from, target, melee)
    })
}

/// Whether unmoved `u` can reach `from` and step from it into `target` with its
/// allowance, standing only where it may (4.2, 4.3.2: not in another melee hex).
fn reaches_through(g: &Belmont, u: UnitId, from: Hex, target: Hex, melee: &[Hex]) -> bool {
    let Some(start) = g.hex_of(u) else {
        return false;
    };
    let Some(last) = cost(g, u, from, target) else {
        return false;
    };
    let Some(budget) = u32::from(g.allowance(u)).checked_sub(u32::from(last)) else {
        return false;
    };
    // No step costs less than a road's half-MP.
    if u32::from(start.distance(from)) * u32::from(charts::COST_ROAD) > budget {
        return false;
    }
    let r = hexmap::reach(
        start,
        budget,
        |a, b| cost(g, u, a, b).filter(|_| may_enter(g, u, b) && !melee.contains(&b)).map(u32::from),
        |_| true,
    );
    r.cost.contains_key(&from)
}

/// For each hex, the fewest half-MP the unit needs from there to step into an open
/// melee hex through a valid entry (4.3.2: the units must be able to reach the melee
/// hex), found by one backward search from the entries.
fn melee_need(g: &Belmont, u: UnitId, left: u8, only: Option<usize>) -> HashMap<Hex, u32> {
    let melee = melee_hexes(g);
    let standable = |h: Hex| may_enter(g, u, h) && !melee.contains(&h);
    let mut need: HashMap<Hex, u32> = HashMap::new();
    let mut heap = BinaryHeap::new();
    for (i, m) in g.markers.iter().enumerate().filter(|(_, m)| !m.resolved) {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        for e in m.target.neighbours() {
            if crate::melee::entry_marker(g, u, e, m.target).is_none_or(|(j, _)| j != i) {
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
            let s = side.title();
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

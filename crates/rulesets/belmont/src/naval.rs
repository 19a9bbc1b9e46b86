//! 11.0 Naval Vessels: hits (11.1), repair (11.2), stacking (11.3), combat (11.4, in
//! `fire`), movement (11.5), gunboats carrying a company (11.6), Confederate transports
//! (11.7) and their initial limits (11.8); Union embarkation (11.9) is in `movement`.
//!
//! Readings:
//! - 11.5: a vessel moves to any hex up to three sections from its own (four counting
//!   the first). Its path runs by river hexes through the sections between its start and
//!   its destination, and its owner chooses it ([`Frame::ChooseRoute`]): what a path
//!   changes is only which enemy units it passes in sight of, so the choice is offered as
//!   those sets (one action each; none when there is only one).
//! - 5.2 with 11.4 and 11.5: opportunity fire at a moving vessel is one die a firer,
//!   hitting on a 6. 5.2 excepts gunboats as well as the Iron Banks from "no limit", and
//!   gives only the batteries' limit (once during the enemy vessels' movement, "if a unit
//!   fires on one gunboat it may not fire on the other"); a careful player reads the
//!   gunboats' limit the same way: each gunboat conducts opportunity fire once an
//!   activation, at any river hex of a transport's path within its range and LOS ("for
//!   every river hex the transport enters" says where it may fire, not how often), or at a
//!   ground unit entering its ZOC (`fire::opp_offer`). Before, every
//!   gunboat rolled for every river hex entered: 12 dice a crossing on average, 46
//!   transports sunk in 40 random games.
//! - 11.5: a transport's path is traced (and fired on) only when its start or its
//!   destination is in the LOS of an enemy gunboat; a gunboat's always is, for the Iron
//!   Banks (5.2 gives them all of its movement). 11.7: an emptied transport's way back is
//!   traced whenever a path could fall in a gunboat's range and LOS; it reaches the turn
//!   track when the activation ends.
//! - 5.2: the side firing chooses which of the units in sight fire ([`Frame::NavalOpp`]);
//!   only those are used up, so batteries held back may fire at the other gunboat.
//!   A battery reaches as far at a moving gunboat as it volleys (Volley Fire Chart: 14
//!   hexes, the long-range batteries 36).
//! - 11.7: a unit boards a transport on Columbus dock by moving onto it: from the dock hex,
//!   or from the hex next to it with the movement points to enter the dock, before or after
//!   moving earlier in its own move; a loaded transport must leave the dock before the
//!   activation ends.
//! - 11.1: the die for a company aboard a hit vessel is rolled once a hit; on 4-6 the
//!   owner assigns the break to one of the unbroken companies aboard (7.0: hits are
//!   applied by their owner).
//! - 10.0 with 1.2 HQ: gunboats are units the HQ chit activates, so Confused Orders reach
//!   them; a forced move would take a vessel out of the river or across it hex by hex,
//!   which 10.3 does not force, so on gray 1-5 a gunboat stays in place and takes no other
//!   part in the activation, as every confused unit does; gray 6, or Grant beside it or
//!   aboard (10.5), and it operates normally (`confused::roll`).
//! - 11.2: only gunboats repair ("If a gunboat has damage").

use crate::action::Action;
use crate::charts;
use crate::counters::{Kind, UnitId};
use crate::fire;
use crate::los::los;
use crate::map::{Region, Terrain};
use crate::procedure::Frame;
use crate::sequence::{activated, activated_units};
use crate::state::{Belmont, Fate, Loc};

use hexmap::Hex;
use std::sync::OnceLock;

fn section(g: &Belmont, h: Hex) -> Option<u8> {
    g.map().get(h).and_then(|i| i.river_section)
}

fn aboard(g: &Belmont, v: UnitId) -> Vec<UnitId> {
    g.ids().filter(|&u| g.unit(u).loc == Loc::Aboard(v)).collect()
}

/// Vessels the active side may move now.
fn movable_vessels(g: &Belmont) -> Vec<UnitId> {
    let act = g.act.as_ref().expect("activation");
    g.ids()
        .filter(|&v| g.hex_of(v).is_some() && !act.sailed.contains(&v) && g.owner(v) == act.side)
        .filter(|&v| match g.counter(v).kind {
            Kind::Gunboat => activated(g, v),
            // 11.7: a transport moves with the regiment aboard it.
            Kind::Transport => {
                let load = aboard(g, v);
                !load.is_empty()
                    && load.iter().all(|&u| g.counter(u).formation == Some(usize::from(act.formation)))
                    && !g.transports_held.contains(&v)
            }
            _ => false,
        })
        .collect()
}

/// The hexes with a river section (river hexes, and docks by the section they open
/// on), with it and their terrain, in map order: worked out once, as every vessel's
/// listing looks through them.
fn sectioned_hexes() -> &'static [(Hex, u8, Terrain)] {
    static HEXES: OnceLock<Vec<(Hex, u8, Terrain)>> = OnceLock::new();
    HEXES.get_or_init(|| {
        crate::map::belmont().hexes().filter_map(|(h, i)| i.river_section.map(|s| (h, s, i.terrain))).collect()
    })
}

/// 11.5: where a vessel may sail.
fn destinations(g: &Belmont, v: UnitId) -> Vec<Hex> {
    let Some(here) = g.hex_of(v) else {
        return vec![];
    };
    let Some(s) = section(g, here) else {
        return vec![];
    };
    let reach = charts::VESSEL_SECTIONS - 1;
    sectioned_hexes()
        .iter()
        .filter(|&&(h, t, terrain)| {
            h != here
                && t.abs_diff(s) <= reach
                && (terrain == Terrain::Dock
                    || (terrain == Terrain::River && !g.here(h).iter().any(|&o| g.is_vessel(o))))
        })
        .map(|&(h, _, _)| h)
        .filter(|&h| g.counter(v).kind != Kind::Transport || (transport_may_go(g, h) && h != g.map().columbus_dock))
        .collect()
}

/// 11.8: before the limits are lifted the transport's destination is fixed: it goes
/// to the Belmont dock (or a river hex next to it) and back.
fn transport_may_go(g: &Belmont, h: Hex) -> bool {
    if !g.transport_limits {
        return true;
    }
    let b = g.map().belmont_dock;
    h == b || h.distance(b) == 1 || h == g.map().columbus_dock
}

pub(crate) fn legal(g: &Belmont) -> Vec<Action> {
    let mut out = Vec::new();
    for v in movable_vessels(g) {
        for to in destinations(g, v) {
            out.push(Action::Sail { vessel: v, to });
        }
    }
    out.extend(board_legal(g));
    out.extend(debark_legal(g));
    out
}

fn capacity(g: &Belmont) -> usize {
    if !g.transport_limits {
        return usize::MAX;
    }
    let base = charts::initial_transport_capacity(g.turn);
    let extra = u8::from(g.opt.bigger_transport && base > 0);
    usize::from((base + extra).min(5))
}

fn board_legal(g: &Belmont) -> Vec<Action> {
    let act = g.act.as_ref().expect("activation");
    let dock = g.map().columbus_dock;
    let mut out = Vec::new();
    // The side's vessels on the map and what each carries, looked up once.
    let vessels: Vec<(UnitId, Hex, Vec<UnitId>)> = g
        .ids()
        .filter(|&v| g.is_vessel(v) && g.owner(v) == act.side)
        .filter_map(|v| g.hex_of(v).map(|vh| (v, vh, aboard(g, v))))
        .collect();
    for u in activated_units(g) {
        // A unit boards in its own move: before it has moved, or as it moves (11.7).
        let moving = act.moving == Some(u);
        if (g.unit(u).moved && !moving) || !matches!(g.counter(u).kind, Kind::Infantry | Kind::Leader) {
            continue;
        }
        let Some(h) = g.hex_of(u) else { continue };
        let mp = crate::movement::mp_left(g, u);
        // 11.7: moving onto the transport on the dock: the step onto the dock is paid.
        let reaches_dock =
            h == dock || (h.distance(dock) == 1 && crate::movement::cost(g, u, h, dock).is_some_and(|c| c <= mp));
        for &(v, vh, ref load) in &vessels {
            let companies = load.iter().filter(|&&x| !g.is_leader(x)).count();
            let is_company = !g.is_leader(u);
            let ok = match g.counter(v).kind {
                Kind::Transport => {
                    vh == dock
                        && !act.sailed.contains(&v)
                        && reaches_dock
                        && g.map().get(h).is_some_and(|i| i.region == Region::Kentucky)
                        && !g.transports_held.contains(&v)
                        && load.iter().all(|&x| g.counter(x).formation == g.counter(u).formation)
                        && (!is_company || companies < capacity(g))
                        && (!g.transport_limits || transports_in_use(g, v) == 0)
                }
                // 11.6: one company and any number of leaders, next to the gunboat
                // when it lies on or by a dock or by land.
                Kind::Gunboat => h.distance(vh) <= 1 && (!is_company || companies == 0),
                _ => false,
            };
            if ok {
                out.push(Action::Board { unit: u, vessel: v });
            }
        }
    }
    out
}

/// 11.8: only one transport is in use before the limits are lifted.
fn transports_in_use(g: &Belmont, except: UnitId) -> usize {
    g.ids().filter(|&t| t != except && g.counter(t).kind == Kind::Transport && !aboard(g, t).is_empty()).count()
}

pub(crate) fn board(g: &mut Belmont, u: UnitId, v: UnitId) {
    let act = g.act.as_mut().expect("activation");
    if act.moving == Some(u) {
        act.moving = None; // Aboard, its own move is over.
    }
    g.set_loc(u, Loc::Aboard(v));
    g.unit_mut(u).moved = true;
    let (n, vn) = (g.name(u), g.name(v));
    g.log.push("Belmont 11.7", || format!("{n} boards {vn}."));
}

fn debark_legal(g: &Belmont) -> Vec<Action> {
    let mut out = Vec::new();
    for u in activated_units(g) {
        let Loc::Aboard(v) = g.unit(u).loc else {
            continue;
        };
        let Some(vh) = g.hex_of(v) else { continue };
        // 11.7, 11.8: into a Missouri land hex beside the vessel, or the dock it lies on (the
        // seventh playtest: a transport sailed onto the Belmont dock, where 11.8 sends its
        // companies ashore, and they could not leave it).
        let on_dock = g.map().get(vh).is_some_and(|i| i.terrain == Terrain::Dock);
        for to in on_dock.then_some(vh).into_iter().chain(vh.neighbours()) {
            let Some(info) = g.map().get(to) else {
                continue;
            };
            if info.region != Region::Missouri || info.terrain == Terrain::River {
                continue;
            }
            if g.counter(v).kind == Kind::Transport && g.transport_limits && to != g.map().belmont_dock {
                continue; // 11.8: the debarkation hex must be the Belmont dock.
            }
            if g.holder(to).is_some_and(|s| s != g.owner(u)) || !crate::setup::stack_ok(g, u, to) {
                continue;
            }
            out.push(Action::Move { unit: u, to });
        }
    }
    out
}

/// 11.7: a unit leaves its vessel with two movement points and may not melee this turn.
pub(crate) fn debark(g: &mut Belmont, u: UnitId, to: Hex) {
    let Loc::Aboard(v) = g.unit(u).loc else { unreachable!() };
    crate::movement::hand_over(g, u);
    g.act.as_mut().expect("activation").sailed.push(v); // 11.7: when one unit debarks, the transport's movement is done.
    g.set_loc(u, Loc::Hex(to));
    g.unit_mut(u).moved = true;
    g.unit_mut(u).debarked = true;
    let enter = crate::movement::cost(g, u, to, to).unwrap_or(charts::HALF);
    let side = g.owner(u);
    // 11.7: may enter a Union ZOC but not pass through it.
    g.unit_mut(u).mp = if g.in_zoc_of(to, side.enemy()) { 0 } else { charts::MP_DEBARK.saturating_sub(enter) };
    let (n, vn) = (g.name(u), g.name(v));
    g.log.push("Belmont 11.7", || format!("{n} debarks from {vn} at {to}."));
    if aboard(g, v).is_empty() && g.counter(v).kind == Kind::Transport {
        // 11.7: empty, it heads back to Columbus by the turn track. Where a path back could
        // fall in a gunboat's range and LOS it is shown (its owner choosing it) and may be
        // fired on (5.2); it then stays on the map until the activation ends
        // (`end_activation`).
        let vh = g.hex_of(v).expect("on map");
        if offer_route(g, v, vh, g.map().columbus_dock) {
            g.log.push("Belmont 11.7", || format!("{vn} heads back to Columbus past the Union gunboats."));
        } else {
            g.set_loc(v, Loc::TurnTrack);
            g.log.push("Belmont 11.7", || format!("{vn} heads back to Columbus (turn track)."));
        }
    }
    fire::after_entering(g, u, to, None);
}

/// 5.2: the enemy units that may fire at vessel `v` as it moves, each with its hex and
/// range: at a transport the gunboats, at a gunboat the Iron Banks batteries (11.4), each
/// once an activation (so not those that have fired).
fn watchers(g: &Belmont, v: UnitId) -> Vec<(UnitId, Hex, u16)> {
    let side = g.owner(v);
    let kind = match g.counter(v).kind {
        Kind::Transport => Kind::Gunboat,
        Kind::Gunboat => Kind::IronBanks,
        _ => return vec![],
    };
    let fired = |w: UnitId| g.act.as_ref().is_some_and(|a| a.banks_fired.contains(&w));
    g.ids()
        .filter(|&w| g.counter(w).kind == kind && g.owner(w) == side.enemy() && !fired(w))
        .filter_map(|w| g.hex_of(w).map(|h| (w, h, crate::fire::range_of(g, w))))
        .collect()
}

/// 11.5: the sets of `watchers` (by index, as bits) a path from `from` to `to` can pass
/// in the range and LOS of, each set once, fewest first. A path runs by river hexes through
/// the sections between its ends; only the river hexes it enters count (5.2).
fn sight_sets(g: &Belmont, from: Hex, to: Hex, watchers: &[(UnitId, Hex, u16)]) -> Vec<u32> {
    let map = g.map();
    let (Some(s), Some(t)) = (section(g, from), section(g, to)) else {
        return vec![0];
    };
    let (lo, hi) = (s.min(t), s.max(t));
    // The watchers that see river hex `p`, as bits (worked out once a cell, below).
    let sight = |p: Hex| -> u32 {
        watchers
            .iter()
            .enumerate()
            .filter(|&(_, &(_, wh, range))| wh.distance(p) <= range && crate::los::los_kept(g, wh, p))
            .fold(0, |m, (i, _)| m | 1 << i)
    };
    // By map cell: the sight mask of a river hex (worked out once), and which masks a
    // path has reached it with (a bit per mask: at most six watchers, 64 masks).
    assert!(watchers.len() <= 6, "at most six batteries or two gunboats watch");
    let cell = |h: Hex| map.cells.index(h).expect("on the map");
    let mut sight_of: Vec<Option<u32>> = vec![None; map.cells.len()];
    let mut known: Vec<u64> = vec![0; map.cells.len()];
    let mut queue = std::collections::VecDeque::from([(from, 0u32)]);
    let mut out = Vec::new();
    known[cell(from)] |= 1;
    while let Some((h, mask)) = queue.pop_front() {
        if h == to {
            if !out.contains(&mask) {
                out.push(mask);
            }
            continue;
        }
        for n in h.neighbours() {
            let Some(info) = map.get(n) else { continue };
            let river = info.terrain == Terrain::River && info.river_section.is_some_and(|x| (lo..=hi).contains(&x));
            if !river && n != to {
                continue;
            }
            let c = cell(n);
            let m =
                if info.terrain == Terrain::River { mask | *sight_of[c].get_or_insert_with(|| sight(n)) } else { mask };
            if known[c] & (1 << m) == 0 {
                known[c] |= 1 << m;
                queue.push_back((n, m));
            }
        }
    }
    if out.is_empty() {
        out.push(0);
    }
    out.sort_by_key(|&m| (m.count_ones(), m));
    out
}

/// 11.5, 11.7, 5.2: after vessel `v` moves from `from` to `to`, its path is traced: the
/// owner chooses it where paths differ in whom they pass in sight of, then the enemy may
/// fire. Whether anything was offered.
fn offer_route(g: &mut Belmont, v: UnitId, from: Hex, to: Hex) -> bool {
    let w = watchers(g, v);
    if w.is_empty() {
        return false;
    }
    let sets = sight_sets(g, from, to, &w);
    if sets.iter().all(|&m| m == 0) {
        return false;
    }
    let names = |m: u32| -> Vec<UnitId> { (0..w.len()).filter(|&i| m & (1 << i) != 0).map(|i| w[i].0).collect() };
    if let [only] = sets[..] {
        offer_fire(g, v, names(only));
    } else {
        g.stack.push(Frame::ChooseRoute { vessel: v, routes: sets.into_iter().map(names).collect() });
    }
    true
}

/// 5.2: the enemy decides which of `firers` fire at the moving vessel.
fn offer_fire(g: &mut Belmont, v: UnitId, firers: Vec<UnitId>) {
    if !firers.is_empty() {
        g.stack.push(Frame::NavalOpp { target: v, firers });
    }
}

/// 11.5: a transport's path is traced only if its start or destination is in the LOS of
/// an enemy gunboat.
fn transport_traced(g: &Belmont, v: UnitId, from: Hex, to: Hex) -> bool {
    let side = g.owner(v);
    g.ids()
        .filter(|&b| g.counter(b).kind == Kind::Gunboat && g.owner(b) == side.enemy())
        .filter_map(|b| g.hex_of(b))
        .any(|b| los(g, b, from) || los(g, b, to))
}

/// The legal choices of the naval frames: a path (11.5), which units fire (5.2), which
/// company aboard breaks (11.1).
pub(crate) fn choice_legal(g: &Belmont, f: &Frame) -> Vec<Action> {
    match f {
        Frame::ChooseRoute { routes, .. } => routes.iter().cloned().map(Action::Route).collect(),
        Frame::NavalOpp { firers, .. } => {
            let n = firers.len().min(8);
            let subset = |mask: usize| (0..n).filter(|i| mask & (1 << i) != 0).map(|i| firers[i]).collect();
            (1..1usize << n).rev().map(|m| Action::OppFire(subset(m))).chain([Action::OppFire(vec![])]).collect()
        }
        Frame::BreakAboard { vessel } => unbroken_aboard(g, *vessel).into_iter().map(Action::TakeHit).collect(),
        _ => vec![],
    }
}

fn unbroken_aboard(g: &Belmont, v: UnitId) -> Vec<UnitId> {
    aboard(g, v).into_iter().filter(|&u| !g.is_leader(u) && !g.unit(u).flipped).collect()
}

pub(crate) fn choice_apply(g: &mut Belmont, f: Frame, a: &Action) {
    match (f, a) {
        (Frame::ChooseRoute { vessel, .. }, Action::Route(past)) => {
            let n = g.name(vessel);
            let names: Vec<&str> = past.iter().map(|&u| g.name(u)).collect();
            g.log.push("Belmont 11.5", || {
                if names.is_empty() {
                    format!("{n} takes a path out of the enemy's sight.")
                } else {
                    format!("{n} takes a path in sight of {}.", names.join(", "))
                }
            });
            offer_fire(g, vessel, past.clone());
        }
        (Frame::NavalOpp { target, .. }, Action::OppFire(firers)) => {
            let n = g.name(target);
            if firers.is_empty() {
                g.log.push("Belmont 5.2", || format!("No opportunity fire at {n}."));
                return;
            }
            let names: Vec<&str> = firers.iter().map(|&u| g.name(u)).collect();
            g.log.push("Belmont 5.2", || format!("Opportunity fire at {n} by {}.", names.join(", ")));
            g.act.as_mut().expect("activation").banks_fired.extend(firers.iter().copied());
            let dice = u8::try_from(firers.len()).expect("few");
            g.stack.push(Frame::OppRoll { mover: target, dice });
        }
        (Frame::VesselBreak { vessel }, Action::Roll(r)) => {
            let n = g.name(vessel);
            let can = unbroken_aboard(g, vessel);
            if *r < charts::VESSEL_BREAK_ON || can.is_empty() {
                g.log.push("Belmont 11.1", || format!("Rolled {r}: no company aboard {n} breaks."));
            } else if let [c] = can[..] {
                break_aboard(g, c, *r);
            } else {
                g.log.push("Belmont 11.1", || format!("Rolled {r}: a company aboard {n} breaks."));
                g.stack.push(Frame::BreakAboard { vessel });
            }
        }
        (Frame::BreakAboard { .. }, Action::TakeHit(c)) => break_aboard(g, *c, 0),
        (f, a) => unreachable!("{f:?} {a:?}"),
    }
}

/// 11.1: a company aboard breaks (`r`: the die, if its own).
fn break_aboard(g: &mut Belmont, c: UnitId, r: u8) {
    g.unit_mut(c).flipped = true;
    let n = g.name(c);
    if r > 0 {
        g.log.push("Belmont 11.1", || format!("Rolled {r}: {n} breaks aboard."));
    } else {
        g.log.push("Belmont 11.1", || format!("{n} breaks aboard."));
    }
}

pub(crate) fn sail(g: &mut Belmont, v: UnitId, to: Hex) {
    let from = g.hex_of(v).expect("on map");
    g.set_loc(v, Loc::Hex(to));
    g.act.as_mut().expect("activation").sailed.push(v);
    let n = g.name(v);
    g.log.push("Belmont 11.5", || format!("{n} sails from {from} to {to}."));
    // 11.5: a transport's path is traced only if an end is in a gunboat's LOS; a gunboat's
    // is for the Iron Banks (5.2).
    let traced = match g.counter(v).kind {
        Kind::Transport => transport_traced(g, v, from, to),
        Kind::Gunboat => true,
        _ => false,
    };
    if traced {
        offer_route(g, v, from, to);
    }
}

/// 11.1, 11.4: hits on a hex with vessels: random vessel if several.
pub(crate) fn hit_vessels(g: &mut Belmont, vessels: Vec<UnitId>, hits: u8) {
    if vessels.len() == 1 {
        g.stack.push(Frame::VesselHits { vessel: vessels[0], hits });
    } else if !vessels.is_empty() {
        g.stack.push(Frame::PickStruck { among: vessels, hits });
    }
}

pub(crate) fn pick_struck(g: &mut Belmont, among: &[UnitId], hits: u8, a: &Action) {
    let Action::Pick(i) = *a else { unreachable!() };
    let u = among[usize::from(i)];
    if g.is_vessel(u) {
        g.stack.push(Frame::VesselHits { vessel: u, hits });
    } else {
        for _ in 0..hits {
            if g.in_play(u) {
                fire::apply_hit(g, u, false);
            }
        }
    }
}

/// 11.1: each hit marks damage; companies aboard may break, leaders check; six sink.
pub(crate) fn vessel_hits(g: &mut Belmont, v: UnitId, hits: u8) {
    if !g.in_play(v) || hits == 0 {
        return;
    }
    g.unit_mut(v).damage += 1;
    let d = g.unit(v).damage;
    let n = g.name(v);
    g.log.push("Belmont 11.1", || format!("{n} is hit: damage {d}."));
    if d >= charts::VESSEL_SINKS_AT {
        g.log.push("Belmont 11.1", || format!("{n} sinks: 5 VP."));
        for u in aboard(g, v) {
            if g.is_leader(u) {
                fire::kill_leader(g, u, Fate::Killed);
            } else {
                fire::eliminate(g, u);
            }
        }
        g.set_loc(v, Loc::Gone(Fate::Eliminated));
        let enemy = g.counter(v).side.enemy();
        g.vp[enemy.index()] += charts::vp::VESSEL_SUNK;
        return;
    }
    if hits > 1 {
        g.stack.push(Frame::VesselHits { vessel: v, hits: hits - 1 });
    }
    let load = aboard(g, v);
    let leaders: Vec<UnitId> = load.iter().copied().filter(|&u| g.is_leader(u)).collect();
    for l in leaders {
        g.stack.push(Frame::Casualty { leader: l });
    }
    // 11.1: a die a hit; on 4-6 its owner assigns the break to a company aboard.
    if load.iter().any(|&u| !g.is_leader(u) && !g.unit(u).flipped) {
        g.stack.push(Frame::VesselBreak { vessel: v });
    }
}

/// 11.2: damaged gunboats try to repair in the Rally portion of the turn.
pub(crate) fn push_repairs(g: &mut Belmont) {
    for v in g.ids().collect::<Vec<_>>() {
        if g.counter(v).kind == Kind::Gunboat && g.in_play(v) && g.unit(v).damage > 0 {
            g.stack.push(Frame::Repair { vessel: v });
        }
    }
}

pub(crate) fn repair(g: &mut Belmont, v: UnitId, a: &Action) {
    let Action::Roll(r) = *a else { unreachable!() };
    let n = g.name(v);
    if r >= charts::REPAIR_ON {
        g.unit_mut(v).damage -= 1;
        g.log.push("Belmont 11.2", || format!("{n} repairs one damage (rolled {r})."));
    } else {
        g.log.push("Belmont 11.2", || format!("{n} fails to repair (rolled {r})."));
    }
}

/// 11.7: a loaded transport may not stay on Columbus dock.
pub(crate) fn may_end_activation(g: &Belmont) -> bool {
    let dock = g.map().columbus_dock;
    !g.ids().any(|t| g.counter(t).kind == Kind::Transport && g.hex_of(t) == Some(dock) && !aboard(g, t).is_empty())
}

/// 11.7: a transport with units still aboard waits for their chit next turn.
pub(crate) fn end_activation(g: &mut Belmont) {
    let dock = g.map().columbus_dock;
    for t in g.ids().collect::<Vec<_>>() {
        if g.counter(t).kind == Kind::Transport
            && g.hex_of(t).is_some()
            && !aboard(g, t).is_empty()
            && !g.transports_held.contains(&t)
        {
            g.transports_held.push(t);
        }
        // 11.7: an emptied transport that was fired on during its way back reaches the
        // turn track.
        if g.counter(t).kind == Kind::Transport && g.hex_of(t).is_some_and(|h| h != dock) && aboard(g, t).is_empty() {
            g.set_loc(t, Loc::TurnTrack);
        }
    }
}

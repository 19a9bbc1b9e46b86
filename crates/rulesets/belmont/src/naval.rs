//! 11.0 Naval Vessels: hits (11.1), repair (11.2), stacking (11.3), combat (11.4, in
//! `fire`), movement (11.5), gunboats carrying a company (11.6), Confederate transports
//! (11.7) and their initial limits (11.8); Union embarkation (11.9) is in `movement`.
//!
//! Readings:
//! - 11.5: a vessel moves to any hex up to three sections from its own (four counting
//!   the first); its path is the shortest river route, used for opportunity fire.
//! - 5.2: Iron Banks batteries in range and LOS of any hex of a gunboat's route may
//!   each fire once during that movement; gunboats fire one die per river hex a
//!   transport enters within their range and LOS.
//! - 11.7: units board a transport on Columbus dock from the dock hex or a hex next to
//!   it; a loaded transport must leave the dock before the activation ends.
//! - 11.7: an emptied transport's way back is the shortest river route to Columbus dock;
//!   if any river hex of it lies in a gunboat's range and LOS the transport takes that
//!   fire (as when sailing) and goes to the turn track when the activation ends.
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
use engine::Side;
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
        if g.unit(u).moved || !matches!(g.counter(u).kind, Kind::Infantry | Kind::Leader) {
            continue;
        }
        let Some(h) = g.hex_of(u) else { continue };
        for &(v, vh, ref load) in &vessels {
            let companies = load.iter().filter(|&&x| !g.is_leader(x)).count();
            let is_company = !g.is_leader(u);
            let ok = match g.counter(v).kind {
                Kind::Transport => {
                    vh == dock
                        && !act.sailed.contains(&v)
                        && h.distance(dock) <= 1
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
        for to in vh.neighbours() {
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
    let act = g.act.as_mut().expect("activation");
    if let Some(prev) = act.moving.replace(u) {
        let _ = prev;
    }
    act.sailed.push(v); // 11.7: when one unit debarks, the transport's movement is done.
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
        // 11.7: empty, it heads back to Columbus by the turn track. Where the way back
        // lies in a gunboat's range and LOS it is shown hex by hex and may be fired on
        // (5.2); it stays on the map until the activation ends (`end_activation`).
        let vh = g.hex_of(v).expect("on map");
        let back = route(vh, g.map().columbus_dock);
        let dice = transport_fire_dice(g, g.owner(v), &back);
        if dice == 0 {
            g.set_loc(v, Loc::TurnTrack);
            g.log.push("Belmont 11.7", || format!("{vn} heads back to Columbus (turn track)."));
        } else {
            g.log.push("Belmont 11.7", || format!("{vn} heads back to Columbus past the Union gunboats."));
            let dice = u8::try_from(dice.min(60)).expect("small");
            g.stack.push(Frame::OppOffer { mover: v, hex: vh, dice, only_from: None });
        }
    }
    fire::after_entering(g, u, to, None);
}

/// 5.2, 11.4: opportunity-fire dice at a transport on `path`: one per enemy gunboat for
/// every river hex entered within its range and LOS.
fn transport_fire_dice(g: &Belmont, side: Side, path: &[Hex]) -> usize {
    let gunboats: Vec<Hex> = g
        .ids()
        .filter(|&b| g.counter(b).kind == Kind::Gunboat && g.owner(b) == side.enemy())
        .filter_map(|b| g.hex_of(b))
        .collect();
    path.iter()
        .skip(1)
        .filter(|&&p| g.map().get(p).is_some_and(|i| i.terrain == Terrain::River))
        .map(|&p| gunboats.iter().filter(|&&gb| gb.distance(p) <= charts::GUNBOAT_RANGE && los(g, gb, p)).count())
        .sum()
}

/// The river route a vessel takes (11.5): the shortest by river and dock hexes.
fn route(from: Hex, to: Hex) -> Vec<Hex> {
    crate::tables::river_route(from, to, 200).unwrap_or_else(|| vec![from, to])
}

pub(crate) fn sail(g: &mut Belmont, v: UnitId, to: Hex) {
    let from = g.hex_of(v).expect("on map");
    g.set_loc(v, Loc::Hex(to));
    g.act.as_mut().expect("activation").sailed.push(v);
    let n = g.name(v);
    g.log.push("Belmont 11.5", || format!("{n} sails from {from} to {to}."));
    let path = route(from, to);
    let side = g.owner(v);
    let dice: usize = match g.counter(v).kind {
        Kind::Gunboat => {
            // 5.2: each Iron Banks battery may fire once during a gunboat's movement.
            let act = g.act.as_ref().expect("activation");
            let batteries: Vec<UnitId> = g
                .ids()
                .filter(|&b| {
                    g.counter(b).kind == Kind::IronBanks
                        && g.owner(b) == side.enemy()
                        && !act.banks_fired.contains(&b)
                        && g.hex_of(b).is_some_and(|bh| {
                            path.iter().any(|&p| bh.distance(p) <= charts::IRON_BANKS_RANGE && los(g, bh, p))
                        })
                })
                .collect();
            let n = batteries.len();
            g.act.as_mut().expect("activation").banks_fired.extend(batteries);
            n
        }
        // 5.2: a die per gunboat for every river hex entered in its range and LOS.
        Kind::Transport => transport_fire_dice(g, side, &path),
        _ => 0,
    };
    if dice > 0 {
        let dice = u8::try_from(dice.min(60)).expect("small");
        g.stack.push(Frame::OppOffer { mover: v, hex: to, dice, only_from: None });
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
    if let Some(&c) = load.iter().find(|&&u| !g.is_leader(u) && !g.unit(u).flipped) {
        g.stack.push(Frame::BreakRoll { unit: c, on: charts::VESSEL_BREAK_ON });
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
    let _ = Side::Union;
}

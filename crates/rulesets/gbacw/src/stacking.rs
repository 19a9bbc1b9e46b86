//! 8.0-8.4 Stacking: what a hex may hold when a Movement Phase ends (8.11-8.14, the authored
//! Stacking Restrictions Chart 8.18), Column infantry alone (8.16), mounted cavalry only with
//! mounted cavalry (8.17), and the order of a stack (8.4).
//!
//! Readings:
//! - 8.0 checks the limits "at the end of" the phase. A finished move is not reopened (issue
//!   16), so a unit whose move ended in a hex could never leave it again to put right a hex
//!   over its limits: each move therefore ends only where the hex, as it then stands, is
//!   within them, and the phase ends only with every hex within them (a hex over them from
//!   before the phase must be put right by moving units out).
//! - R41: a pinned hex is not held to them. A pin (9.84) forbids the very move that would put
//!   it right: a mover pinned by withdrawal fire where it was only passing through (10.15,
//!   6.23), or units displaced into it, stay over the limits until they may move again.
//! - R13 (6.11 with 8.16 and 8.17): Column infantry, limbered artillery and mounted cavalry
//!   pass through friendly hexes paying the terrain, never the road; Column infantry never
//!   ends a move with another combat unit (nor another unit with it), mounted cavalry only
//!   with mounted cavalry and leaders.
//! - 8.12: a unit's Stacking Points are its current strength (infantry, cavalry), one for a
//!   battery, four for a wagon.
//! - 8.41: a unit may be put on top of its stack once in each of its side's Movement Phases
//!   (issue 16: the order is set once a phase, so the phase is finite); units entering a hex
//!   go under those already there.

use crate::oob::Kind;
use crate::refusal::why;
use crate::state::{Formation, Gbacw, Loc, UnitId};
use engine::{Illegal, Side};
use hexmap::Hex;

/// 8.12-8.13: a unit's Stacking Points.
#[must_use]
pub fn stacking_points(g: &Gbacw, u: UnitId) -> u16 {
    match g.info(u).kind {
        Kind::Infantry | Kind::Cavalry => u16::from(g.strength(u)),
        Kind::Battery { .. } => 1,
        // 11.14; a crew off its wagon stacks as the men it is.
        Kind::Wagon { .. } if crate::fire::wagon::crew_away(g, u) => u16::from(g.strength(u)),
        Kind::Wagon { .. } => 4,
        Kind::Gunboat { .. } | Kind::HeavyGuns { .. } => 0,
    }
}

/// Whether a unit stands on land and stacks (8.1): not the gunboats on the river nor the
/// heavy guns off the map (the exclusive rules').
#[must_use]
pub fn stacks(g: &Gbacw, u: UnitId) -> bool {
    !matches!(g.info(u).kind, Kind::Gunboat { .. } | Kind::HeavyGuns { .. })
}

/// `side`'s units in `h` that stack (gunboats apart), top first.
#[must_use]
pub fn friends_at(g: &Gbacw, h: Hex, side: Side) -> Vec<UnitId> {
    g.units_at(h).into_iter().filter(|&u| g.side_of(u) == side && stacks(g, u)).collect()
}

/// More units than any hex's stack holds (8.11 allows a handful): room for [`friends_in`].
const FEW: usize = 16;

/// As [`friends_at`], into `buf` instead of a new list (asked of every step and every
/// counter's hex in a listing); a list when `buf` is too short.
fn friends_in<'b>(g: &Gbacw, h: Hex, side: Side, buf: &'b mut [UnitId; FEW]) -> std::borrow::Cow<'b, [UnitId]> {
    let mut n = 0;
    for u in g.units_here(h).filter(|&u| g.side_of(u) == side && stacks(g, u)) {
        if n == FEW {
            return std::borrow::Cow::Owned(friends_at(g, h, side));
        }
        buf[n] = u;
        n += 1;
    }
    let units = &mut buf[..n];
    units.sort_by_key(|&u| (g.unit(u).order, u));
    std::borrow::Cow::Borrowed(units)
}

/// How units in a hex break 8.11-8.17, found without words (a listing asks this of every
/// move; the words are made only for a refusal, [`fault`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Breach {
    /// 8.11: more units than the terrain holds.
    Units(usize),
    /// 8.11: more Stacking Points than the terrain holds.
    Points(u16),
    /// 8.13: more batteries than the terrain holds.
    Batteries(usize),
    /// 8.16: this unit in Column shares the hex with another combat unit.
    Column(UnitId),
    /// 8.17: mounted cavalry (the first) with a unit not mounted (the second).
    Mounted(UnitId, UnitId),
}

/// How `units` together in `h` would break 8.11-8.17, if they would.
fn breach(g: &Gbacw, h: Hex, units: &[UnitId]) -> Option<Breach> {
    let limit = g.charts().stacking(g.map().terrain(h)?);
    if units.len() > usize::from(limit.units) {
        return Some(Breach::Units(units.len()));
    }
    let sp: u16 = units.iter().map(|&u| stacking_points(g, u)).sum();
    if sp > u16::from(limit.sp) {
        return Some(Breach::Points(sp));
    }
    let batteries = units.iter().filter(|&&u| matches!(g.info(u).kind, Kind::Battery { .. })).count();
    if batteries > usize::from(limit.batteries) {
        return Some(Breach::Batteries(batteries));
    }
    company(g, units)
}

/// How `units` would break 8.16 or 8.17 together in any hex: Column with another unit,
/// mounted cavalry with a unit not mounted.
fn company(g: &Gbacw, units: &[UnitId]) -> Option<Breach> {
    if units.len() > 1 {
        if let Some(&c) = units.iter().find(|&&u| g.unit(u).formation == Formation::Column) {
            return Some(Breach::Column(c));
        }
        let mounted = |u: UnitId| g.unit(u).formation == Formation::Mounted;
        if let Some(&m) = units.iter().find(|&&u| mounted(u))
            && let Some(&o) = units.iter().find(|&&u| !mounted(u))
        {
            return Some(Breach::Mounted(m, o));
        }
    }
    None
}

/// Why `units` may not move as one stack: in no hex could they end together (8.16, 8.17), and
/// a stack changes no formation on the way (6.2), so its move could never end.
#[must_use]
pub fn never_together(g: &Gbacw, units: &[UnitId]) -> Option<Illegal> {
    let no = |rule: &str, reason: String| Some(Illegal { rule: format!("GBACW {rule}"), reason });
    match company(g, units)? {
        Breach::Column(c) => no(
            "8.16",
            format!("{} in Column may end a move with no other combat unit, so it moves alone", g.info(c).name),
        ),
        Breach::Mounted(m, o) => no(
            "8.17",
            format!("mounted {} may end a move only with mounted cavalry, not {}", g.info(m).name, g.info(o).name),
        ),
        _ => None,
    }
}

/// Whether `units` alone in `h`, as they stand, would keep within 8.11-8.17 (for a move
/// into a hex no friend holds).
#[must_use]
pub fn within_limits(g: &Gbacw, h: Hex, units: &[UnitId]) -> bool {
    breach(g, h, units).is_none()
}

/// Why `side`'s units in `h` break 8.11-8.17 as they stand, if they do (a pinned hex never
/// does: R41).
#[must_use]
pub fn fault(g: &Gbacw, h: Hex, side: Side) -> Option<Illegal> {
    let mut buf = [0; FEW];
    let units = friends_in(g, h, side, &mut buf);
    if units.is_empty() || g.pinned.contains(&h) {
        return None;
    }
    let terrain = g.map().terrain(h)?;
    let limit = g.charts().stacking(terrain);
    let no = |rule: &str, reason: String| Some(Illegal { rule: format!("GBACW {rule}"), reason });
    match breach(g, h, &units)? {
        Breach::Units(n) => no("8.11", why!("{h} ({}) holds at most {} units, not {n}", terrain.key(), limit.units)),
        Breach::Points(sp) => {
            no("8.11", why!("{h} ({}) holds at most {} Stacking Points, not {sp}", terrain.key(), limit.sp))
        }
        Breach::Batteries(n) => {
            no("8.13", why!("{h} ({}) holds at most {} batteries, not {n}", terrain.key(), limit.batteries))
        }
        Breach::Column(c) => no("8.16", why!("{} in Column may share {h} with no other combat unit", g.info(c).name)),
        Breach::Mounted(m, o) => no(
            "8.17",
            why!(
                "mounted {} may share {h} only with mounted cavalry and leaders, not {}",
                g.info(m).name,
                g.info(o).name
            ),
        ),
    }
}

/// The first hex of `side`'s over its limits, with why.
#[must_use]
pub fn any_fault(g: &Gbacw, side: Side) -> Option<Illegal> {
    let mut hexes: Vec<Hex> = g.unit_ids().filter(|&u| g.side_of(u) == side).filter_map(|u| g.hex_of(u)).collect();
    hexes.sort();
    hexes.dedup();
    hexes.into_iter().find_map(|h| fault(g, h, side))
}

/// 8.41: whether `u` may go to the top of its stack now (not there already, another friendly
/// unit beneath it; `raised` the units already put on top this phase).
#[must_use]
pub fn may_raise(g: &Gbacw, u: UnitId, raised: &[UnitId]) -> bool {
    let Loc::Map(h) = g.unit(u).loc else { return false };
    // As `friends_at(..)`'s length and first, without the list (asked of every unit at every
    // decision of the Movement Phase): the top is the least (order, id), as `units_at` sorts.
    let side = g.side_of(u);
    let (mut n, mut top) = (0, None);
    for v in g.units_here(h).filter(|&v| g.side_of(v) == side && stacks(g, v)) {
        n += 1;
        let key = (g.unit(v).order, v);
        if top.is_none_or(|t| key < t) {
            top = Some(key);
        }
    }
    n > 1 && top.map(|t| t.1) != Some(u) && !raised.contains(&u)
}

/// 8.41: puts `u` on top of its hex's stack.
pub fn raise(g: &mut Gbacw, u: UnitId) {
    let Loc::Map(h) = g.unit(u).loc else { return };
    let mut stack = g.units_at(h);
    stack.retain(|&v| v != u);
    stack.insert(0, u);
    for (i, v) in stack.into_iter().enumerate() {
        g.unit_mut(v).order = u16::try_from(i).unwrap_or(u16::MAX);
    }
}

/// 8.41: the place under every unit already in `h`, for a unit entering it.
#[must_use]
pub fn bottom(g: &Gbacw, h: Hex, except: UnitId) -> u16 {
    g.units_at(h).into_iter().filter(|&v| v != except).map(|v| g.unit(v).order + 1).max().unwrap_or(0)
}

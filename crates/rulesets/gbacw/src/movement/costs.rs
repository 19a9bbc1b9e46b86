//! 5.0, 5.15, 5.19, 6.11-6.14: what a counter may spend and what a step costs it, from the
//! authored Terrain Effects on Movement Chart ([`crate::authored::Charts`]). MP are counted in
//! half points throughout (the chart's 1/2).
//!
//! Readings:
//! - A battery's allowance is its limbered one; unlimbered it does not step (6.13) but may
//!   limber, paying from that allowance. Dismounted cavalry moves as Line (6.14), its
//!   allowance Line's. A formation change is paid from the allowance of the formation the unit
//!   changes from; after it, the new formation's allowance bounds what the unit has spent.
//! - 6.11: a road hex "occupied by a Friendly unit" is one holding a friendly combat unit
//!   (leaders never count for stacking, 8.14) other than those moving with the mover; the
//!   step into it is priced as if no road crossed the hexside, so a stream with a road over
//!   it is no bridge to the mover either. 6.11 names Column infantry, limbered guns and
//!   mounted cavalry: a leader keeps the road (the audit, session 12).
//! - 5.15's dearest terrain: each hex carries one terrain, already the dearest of what the
//!   ground holds (the map's authoring, `data/belmont.map`), so the step's price is that
//!   terrain's with the hexside's added.

use crate::action::Piece;
use crate::authored::{Cost, Mover};
use crate::oob::Kind;
use crate::state::{Formation, Gbacw};
use hexmap::Hex;

/// The chart column a counter moves by (5.19), or `None` if it has none: unlimbered
/// artillery (6.13), the heavy guns, and the gunboats, which move by the exclusive rules' own
/// price ([`step_price`]).
#[must_use]
pub fn mover_of(g: &Gbacw, p: Piece) -> Option<Mover> {
    match p {
        Piece::Leader(_) => Some(Mover::Leader),
        Piece::Unit(u) => match (g.info(u).kind, g.unit(u).formation) {
            (Kind::Gunboat { .. } | Kind::HeavyGuns { .. }, _) | (_, Formation::Unlimbered) => None,
            (_, Formation::Line | Formation::Dismounted) => Some(Mover::Line),
            (_, Formation::Column) => Some(Mover::Column),
            (_, Formation::Mounted) => Some(Mover::Mounted),
            (_, Formation::Limbered) => Some(Mover::Limbered),
            (_, Formation::Wagon) => Some(Mover::Wagon),
        },
    }
}

/// Whether the counter moves at all in the Movement Phase: every leader and unit but the
/// heavy guns off the map (exclusive rules) and a wagon whose crew was killed (11.1; a crew
/// off its wagon walks, the wagon stays where it left it).
#[must_use]
pub fn movable(g: &Gbacw, p: Piece) -> bool {
    match p {
        Piece::Leader(_) => true,
        Piece::Unit(u) => !matches!(g.info(u).kind, Kind::HeavyGuns { .. }) && !crate::fire::wagon::crew_dead(g, u),
    }
}

/// Whether the counter is one of the gunboats, which move by the exclusive rules (plan 2.5 c):
/// along the river alone, with no facing and no zone of control.
#[must_use]
pub fn is_gunboat(g: &Gbacw, p: Piece) -> bool {
    matches!(p, Piece::Unit(u) if matches!(g.info(u).kind, Kind::Gunboat { .. }))
}

/// The counter's Movement Allowance in half MP (5.0, 5.19): its formation's; a battery's the
/// limbered one even unlimbered (see the module's readings).
#[must_use]
pub fn allowance(g: &Gbacw, p: Piece) -> u16 {
    if is_gunboat(g, p) {
        return u16::from(crate::scenario::belmont().gunboat_mp) * 2;
    }
    let charts = g.charts();
    let mover = match p {
        Piece::Unit(u) if g.unit(u).formation == Formation::Unlimbered => Some(Mover::Limbered),
        _ => mover_of(g, p),
    };
    mover.map_or(0, |m| charts.allowance(m).halves())
}

/// Whether a friendly combat unit other than `moving` stands in `h` (6.11, 8.0).
#[must_use]
pub fn friend_in(g: &Gbacw, h: Hex, side: engine::Side, moving: &[Piece]) -> bool {
    g.units_here(h).any(|u| g.side_of(u) == side && crate::stacking::stacks(g, u) && !moving.contains(&Piece::Unit(u)))
}

/// 5.15, 5.19, 6.11-6.12: the price of the step from `from` into the adjacent `to` for the
/// counter `p`; `road_denied` when a friendly unit on `to` keeps the mover off the road
/// (6.11). `None` when the hexes are not adjacent or `to` is off the map.
#[must_use]
pub fn step_price(g: &Gbacw, p: Piece, from: Hex, to: Hex, road_denied: bool) -> Option<Cost> {
    if is_gunboat(g, p) {
        // Plan 2.5 c: 1 MP a river hex; the land is closed to it.
        g.map().step(from, to)?;
        let open = g.map().terrain(to) == Some(crate::terrain::Terrain::River);
        return Some(if open { Cost::Mp(crate::authored::Mp(2)) } else { Cost::Prohibited });
    }
    let mover = mover_of(g, p)?;
    let mut step = g.map().step(from, to)?;
    // 6.11 names Column infantry, limbered guns and mounted cavalry; a leader keeps the road
    // (the audit, session 12).
    if road_denied && mover != Mover::Leader {
        step.road = false;
    }
    Some(g.charts().step_cost(step, mover))
}

/// 4.0 B: the price of coming onto the map at a landing hex: the hex's own terrain (no
/// hexside is crossed, no road followed).
#[must_use]
pub fn entry_price(g: &Gbacw, p: Piece, to: Hex) -> Option<Cost> {
    let mover = mover_of(g, p)?;
    Some(g.charts().enter_cost(g.map().terrain(to)?, mover))
}

/// The text of half MP ("1 1/2").
#[must_use]
pub fn mp(halves: u16) -> String {
    crate::authored::Mp(halves).to_string()
}

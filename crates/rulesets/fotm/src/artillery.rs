//! 9.1-9.4 Artillery fire: ranged fire (the left number) out to three hexes, four at a lower
//! target; canister (the right number) at adjacent hexes only, never across a three-level
//! change; suppression fire against enemy artillery, always ranged (9.4); line of sight (9.5,
//! [`crate::los`]); horse artillery fires only dismounted (8.4); range one hex at dusk (11.6);
//! full SP into the front, half into a flank, none into the rear, at any range (5.1, Reading
//! at [`crate::facing::arc_at`]).

use crate::facing::{self, Arc};
use crate::oob::Strength;
use crate::state::{Bid, Fotm};
use crate::{los, sequence};
use hexmap::Hex;

/// 9.1: ranged fire's range to a target at the same or a higher elevation.
pub const RANGE: u16 = 3;
/// 9.1, 15.3: the extra hex of range against a lower target.
pub const RANGE_DOWNHILL_BONUS: u16 = 1;
/// 9.3: canister fire reaches adjacent hexes only.
pub const CANISTER_RANGE: u16 = 1;
/// 9.3: an elevation change canister cannot cross.
pub const CANISTER_CLIFF: u8 = 3;
/// 9.2, 15.3: SP each artillery brigade loses with ranged fire at a higher target.
pub const UPHILL_PENALTY: u8 = 1;

/// Whether the brigade is artillery able to fire at all: horse artillery must be dismounted
/// (8.4); a brigade in column cannot attack (15.2).
#[must_use]
pub fn can_fire(g: &Fotm, b: Bid) -> bool {
    g.arm(b).is_artillery() && g.hex_of(b).is_some() && !g.bde(b).mounted
}

/// The brigade's ranged and canister SP now (9.1).
#[must_use]
pub fn fire_sp(g: &Fotm, b: Bid) -> (u8, u8) {
    match g.strength(b) {
        Strength::Fire { ranged, canister } => (ranged, canister),
        Strength::Sp(n) => (n, n),
    }
}

/// Whether `target` is higher / lower than `from`.
fn elev(g: &Fotm, h: Hex) -> u8 {
    g.map().elevation(h).unwrap_or(0)
}

/// 9.1, 15.3, 11.6: whether ranged fire from `from` reaches `target` (distance only).
#[must_use]
pub fn in_range(g: &Fotm, from: Hex, target: Hex) -> bool {
    let d = from.distance(target);
    if d == 0 {
        return false;
    }
    if g.dusk() {
        return d <= sequence::DUSK_RANGE;
    }
    let bonus = if elev(g, target) < elev(g, from) { RANGE_DOWNHILL_BONUS } else { 0 };
    d <= RANGE + bonus
}

/// 5.1, 9.2: the arc of the target from the firing brigade, at any range: the arcs extend
/// beyond the adjacent hexes along the facing's vertex lines, a hex on a dividing line in the
/// better arc (Reading: see [`facing::arc_at`]). So a battery fires at full SP into its front,
/// at half into its flanks and not at all into its rear, near or far.
fn target_arc(g: &Fotm, b: Bid, target: Hex) -> Option<Arc> {
    let h = g.hex_of(b)?;
    facing::arc_at(h, g.bde(b).facing, target)
}

/// 5.1: SP scaled by arc: full to the front, half rounded up to a flank, none to the rear.
#[must_use]
pub fn by_arc(sp: u8, arc: Option<Arc>) -> u8 {
    match arc {
        None | Some(Arc::Front) => sp,
        Some(Arc::Flank) => sp.div_ceil(2),
        Some(Arc::Rear) => 0,
    }
}

/// 9.2, 9.4, 15.3, 5.1: the SP of ranged (or suppression) fire from `b` at `target`, or `None`
/// when it cannot fire there (out of range, no LOS, the rear arc at any range); half SP,
/// rounded up, into the flank arc at any range.
#[must_use]
pub fn ranged_sp(g: &Fotm, b: Bid, target: Hex) -> Option<u8> {
    let h = g.hex_of(b)?;
    if !can_fire(g, b) || !in_range(g, h, target) || !los::clear(g, h, target) {
        return None;
    }
    let arc = target_arc(g, b, target);
    if arc == Some(Arc::Rear) {
        return None;
    }
    let mut sp = fire_sp(g, b).0;
    if elev(g, target) > elev(g, h) {
        sp = sp.saturating_sub(UPHILL_PENALTY);
    }
    Some(by_arc(sp, arc))
}

/// 9.3: the SP of canister fire from `b` at the adjacent `target`, or `None` when it cannot
/// (not adjacent, across a three-level change, the rear arc). No elevation reduction.
#[must_use]
pub fn canister_sp(g: &Fotm, b: Bid, target: Hex) -> Option<u8> {
    let h = g.hex_of(b)?;
    if !can_fire(g, b) || h.distance(target) != CANISTER_RANGE {
        return None;
    }
    if g.map().elevation_change(h, target).is_none_or(|c| c >= CANISTER_CLIFF) {
        return None;
    }
    let arc = target_arc(g, b, target);
    if arc == Some(Arc::Rear) {
        return None;
    }
    Some(by_arc(fire_sp(g, b).1, arc))
}

/// The SP the artillery brigade would fire at `target` against infantry or cavalry (15.6):
/// canister when adjacent, ranged otherwise.
#[must_use]
pub fn offensive_sp(g: &Fotm, b: Bid, target: Hex) -> Option<u8> {
    let h = g.hex_of(b)?;
    if h.distance(target) == CANISTER_RANGE { canister_sp(g, b, target) } else { ranged_sp(g, b, target) }
}

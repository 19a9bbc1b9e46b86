//! Where movement meets the other rules: zones of control (10.0, [`crate::zoc`]) and
//! withdrawal fire (10.1, 6.23, 6.24, plan step 9). The withdrawal-fire functions are the one
//! place that step replaces; until then no fire is triggered.

use crate::action::Piece;
use crate::state::{Gbacw, UnitId};
use engine::Side;
use hexmap::Hex;

/// Whether `h` is in the ZOC of an enemy of `side` for movement (5.2, 10.1): a zone that
/// triggers fire and bars a restricted mover ([`crate::zoc::Purpose::Fire`]). Reading: the
/// mover is taken as on foot, so mounted cavalry's zone (which counts only against mounted
/// cavalry, 10.0) does not bar it; a mounted mover's case comes with withdrawal fire.
#[must_use]
pub fn in_enemy_zoc(g: &Gbacw, side: Side, h: Hex) -> bool {
    crate::zoc::in_enemy_zoc(g, side, h, crate::zoc::Purpose::Fire { mounted: false })
}

/// 10.1, 10.13, 10.14: the counters `moving` are about to step out of `from`, an enemy-ZOC
/// hex; the enemy may fire first (withdrawal fire: the mover already faces its destination,
/// 7.11, R39). **The withdrawal-fire step (plan step 9) pushes its frame here**; until then
/// nothing happens.
pub fn withdrawal_on_leaving(_g: &mut Gbacw, _moving: &[Piece], _from: Hex) {}

/// 6.23, 6.24: unit `u` changes formation in `at` (limbering or unlimbering in enemy small
/// arms' range and sight, or any change in an enemy ZOC). **The withdrawal-fire step (plan
/// step 9) pushes its frame here**; until then nothing happens.
pub fn withdrawal_on_formation_change(_g: &mut Gbacw, _u: UnitId, _at: Hex) {}

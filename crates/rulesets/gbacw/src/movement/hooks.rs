//! Where movement meets rules built in later steps: zones of control (10.0, plan step 7) and
//! withdrawal fire (10.1, 6.23, 6.24, plan step 9). Each function here is the one place its
//! step replaces; until then no hex is in an enemy ZOC and no fire is triggered.

use crate::action::Piece;
use crate::state::{Gbacw, UnitId};
use engine::Side;
use hexmap::Hex;

/// Whether `h` is in the ZOC of an enemy of `side` for movement (5.2, 10.1). **Stub until the
/// ZOC step (plan step 7)**: no hex is.
#[must_use]
pub fn in_enemy_zoc(_g: &Gbacw, _side: Side, _h: Hex) -> bool {
    false
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

//! 15.3 Combat Terrain Effects and the woods of 9.5 as functions of terrain and elevation
//! levels alone. The Assault ([`crate::combat`]), line of sight ([`crate::los`]) and the Terrain
//! Effects Chart aid all read them, so the chart cannot disagree with play.

use crate::map::Terrain;

/// 15.3: whether the side fired at in a hex of this terrain re-rolls one of the sixes (woods);
/// the six stands on [`crate::combat::WOODS_KEEP`] or more.
#[must_use]
pub fn rerolls_a_six(target: Terrain) -> bool {
    target == Terrain::Woods
}

/// 15.3, 8.2: whether mounted cavalry may make close combat into a hex of this terrain,
/// `uphill` if it is higher than the cavalry's own: not into woods, not uphill.
#[must_use]
pub fn mounted_may_close(target: Terrain, uphill: bool) -> bool {
    target != Terrain::Woods && !uphill
}

/// 15.3: the close-combat SP adjustment for one hex at level `from` attacking a hex at level
/// `target`: -1 per level when the target is higher, +1 when it is lower whatever the drop.
#[must_use]
pub fn close_combat_elevation(from: i32, target: i32) -> i32 {
    if target > from {
        from - target
    } else if target < from {
        1
    } else {
        0
    }
}

/// 9.5: whether an intervening hex of this terrain blocks artillery's line of sight (woods:
/// fire may begin or end in them, not pass through).
#[must_use]
pub fn blocks_sight(t: Terrain) -> bool {
    t == Terrain::Woods
}

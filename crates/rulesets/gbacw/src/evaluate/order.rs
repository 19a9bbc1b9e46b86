//! Whether a unit stands outside its brigade commander's Effectiveness Radius (17.11), for the
//! evaluation's timed plan: out of command a unit moves one hex a turn (17.11, 5.2), so a
//! regiment its colonel has left behind late in the day is slow to reach the landing.
//!
//! Distances are counted in hexes, as the radii are (17.11); the rules' path (through no enemy
//! unit or zone, R37) is left out, so the count is a lower bound. A term that charged every hex
//! beyond the radii (17.11, 17.21) was measured and dropped: it held greedy's regiments back with
//! their commanders and the Union burned the camp in 1 game of 10 instead of 6 (docs/balance).

use crate::command::{brigade_leader, effectiveness_radius, unit_brigade};
use crate::state::{Gbacw, LeaderId, UnitId};
use engine::Side;
use hexmap::Hex;

/// Hexes beyond its brigade commander's Effectiveness Radius unit `u` stands (17.11), 0 when
/// it is stacked with a friendly leader (17.0, 17.23) or has no brigade (5.3).
pub(crate) fn unit_beyond(g: &Gbacw, u: UnitId, leaders: &[Hex]) -> u32 {
    let Some(h) = g.hex_of(u) else { return 0 };
    let Some(b) = unit_brigade(g, u) else { return 0 };
    if leaders.contains(&h) {
        return 0;
    }
    let Some(lh) = g.leader_hex(brigade_leader(g, b)) else { return 0 };
    u32::from(lh.distance(h)).saturating_sub(u32::from(effectiveness_radius(g, b)))
}

/// The hexes of `side`'s leaders on the map.
pub(crate) fn leader_hexes(g: &Gbacw, side: Side) -> Vec<Hex> {
    g.leader_ids().filter(|&l: &LeaderId| g.leader_info(l).2 == side).filter_map(|l| g.leader_hex(l)).collect()
}

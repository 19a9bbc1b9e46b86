//! 13.2 costs: what entering a hex costs a brigade (on foot or by horse, in column on a road
//! or not) or a commander, whether it must stop there, and a brigade's MP allowance (13.1,
//! 8.1, 11.6).

use super::*;

/// How a brigade moves for 13.2: infantry and dismounted cavalry on foot, the rest by horse.
pub(super) fn on_foot(g: &Fotm, b: Bid) -> bool {
    match g.arm(b) {
        Arm::Infantry => true,
        Arm::Cavalry => !g.bde(b).mounted,
        Arm::Artillery | Arm::HorseArtillery => false,
    }
}

/// The cost in half MP for brigade `b` to enter the adjacent `to` from `from`, and whether it
/// must stop there (13.2, 13.3, 8.2). `column_road`: road column movement is open (the
/// brigade is in column, not entering an enemy ZOC, the hex not crowded); it applies only
/// along a road.
pub(crate) fn brigade_cost(g: &Fotm, b: Bid, from: Hex, to: Hex, column_road: bool) -> Result<(u8, bool), Illegal> {
    terrain_cost(g, on_foot(g, b), from, to, column_road)
}

/// The ground one step crosses, as 13.2 prices it: woods in the hex entered, a road along the
/// hexside, the levels of elevation changed, a steep hillside. [`terrain_cost`] reads it off
/// the map; the Terrain Effects Chart aid prices its rows with the same [`ground_cost`].
#[derive(Clone, Copy, Default, Debug)]
pub(crate) struct Ground {
    /// The hex entered is woods.
    pub(crate) woods: bool,
    /// A road crosses the hexside.
    pub(crate) road: bool,
    /// Levels of elevation changed.
    pub(crate) change: u8,
    /// The hex entered is a steep hillside.
    pub(crate) steep: bool,
}

impl Ground {
    /// A hex of this terrain entered off the road, on the level.
    pub(crate) fn of(terrain: Terrain) -> Ground {
        Ground { woods: terrain == Terrain::Woods, ..Ground::default() }
    }
}

/// 13.2, 13.3: the cost in half MP of `ground` for a brigade on foot (infantry, dismounted
/// cavalry, guards) or not, and whether it must stop there; `Err` with the elevation change
/// when that change bars it (three levels everyone, two those not on foot). `column_road`: see
/// [`brigade_cost`].
pub(crate) fn ground_cost(ground: Ground, foot: bool, column_road: bool) -> Result<(u8, bool), u8> {
    let change = ground.change;
    if change >= PROHIBITED_CHANGE || (change >= HORSE_PROHIBITED_CHANGE && !foot) {
        return Err(change);
    }
    if column_road && ground.road {
        return Ok((ROAD_HALF, false));
    }
    let woods = ground.woods && !ground.road;
    let base = match (woods, foot) {
        (false, _) => CLEAR_COST,
        (true, true) => WOODS_FOOT_COST,
        (true, false) => WOODS_HORSE_COST,
    };
    let elevation = match (change, foot) {
        (0, _) | (1, true) => 0,
        _ => SURCHARGE,
    };
    let steep = if ground.steep { SURCHARGE } else { 0 };
    Ok(((base + elevation + steep) * 2, woods && !foot))
}

/// The 13.2 cost in half MP for a brigade on foot (infantry, dismounted cavalry, and guards)
/// or not to enter `to` from `from`, and whether it must stop there; see [`brigade_cost`].
pub(crate) fn terrain_cost(g: &Fotm, foot: bool, from: Hex, to: Hex, column_road: bool) -> Result<(u8, bool), Illegal> {
    let map = g.map();
    let Some(terrain) = map.terrain(to) else {
        return Err(no("FotM 13.1", format!("{to} is off the map")));
    };
    let ground = Ground {
        road: map.road(from, to),
        change: map.elevation_change(from, to).unwrap_or(0),
        steep: map.steep_hillside(to),
        ..Ground::of(terrain)
    };
    ground_cost(ground, foot, column_road).map_err(|change| {
        if change >= PROHIBITED_CHANGE {
            no("FotM 13.2", format!("a {change}-level elevation change into {to} is prohibited to all units"))
        } else {
            no("FotM 13.2", format!("cavalry and artillery may not cross a two-level elevation change into {to}"))
        }
    })
}

/// 13.2 notations, 13.3: a commander's cost in half MP for `ground` (1/2 along a road, 1
/// otherwise, whatever the terrain), or `None` across a prohibited change.
pub(crate) fn commander_ground_cost(ground: Ground) -> Option<u8> {
    (ground.change < PROHIBITED_CHANGE).then_some(if ground.road { ROAD_HALF } else { CLEAR_COST * 2 })
}

/// The cost in half MP for a commander to enter `to` from `from` (13.2 notations, 13.3).
pub(crate) fn commander_cost(g: &Fotm, from: Hex, to: Hex) -> Result<u8, Illegal> {
    let map = g.map();
    if !map.contains(to) {
        return Err(no("FotM 13.1", format!("{to} is off the map")));
    }
    let ground =
        Ground { road: map.road(from, to), change: map.elevation_change(from, to).unwrap_or(0), ..Ground::default() };
    commander_ground_cost(ground)
        .ok_or_else(|| no("FotM 13.2", format!("a three-level elevation change into {to} is prohibited to all units")))
}

/// A brigade's MP allowance in half points (13.1, 8.1, 11.6).
pub(crate) fn allowance(g: &Fotm, b: Bid) -> u8 {
    let mp = match g.arm(b) {
        Arm::Infantry => INFANTRY_MP,
        Arm::Artillery => ARTILLERY_MP,
        Arm::HorseArtillery => MOUNTED_MP,
        Arm::Cavalry if g.bde(b).mounted => MOUNTED_MP,
        Arm::Cavalry => DISMOUNTED_MP,
    };
    let dusk = if g.dusk() { sequence::DUSK_MP_LOSS } else { 0 };
    mp.saturating_sub(dusk) * 2
}

/// 13.2's prohibitions alone: whether brigade `b` could cross from `from` into the adjacent
/// `to` at all, MP aside (a three-level change bars everyone, a two-level change cavalry and
/// artillery not on foot). Retreats (17.3) and the post-combat advance (15.10) are moves too.
pub(crate) fn may_cross(g: &Fotm, b: Bid, from: Hex, to: Hex) -> bool {
    brigade_cost(g, b, from, to, false).is_ok()
}

/// Whether brigade `b` is on foot for 13.2 (used by the automatic moves).
pub(crate) fn moves_on_foot(g: &Fotm, b: Bid) -> bool {
    on_foot(g, b)
}

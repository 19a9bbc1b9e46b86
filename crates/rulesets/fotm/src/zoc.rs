//! 6.0 Zones of Control: a brigade's two front and two flank hexes, reaching level ground and
//! down slope (but not down a three-level drop), never up slope (6.1).

use crate::facing::{flank_dirs, front_dirs};
use crate::state::{Bid, Fotm, Loc};
use engine::Side;
use hexmap::Hex;

/// Whether the brigade exerts a ZOC at all. Reading: a routed brigade exerts none (it has
/// turned its rear to the enemy and is fleeing, 17.4); every other brigade on the map does,
/// in column or line, mounted or not.
#[must_use]
pub fn exerts(g: &Fotm, b: Bid) -> bool {
    matches!(g.bde(b).loc, Loc::Map(_)) && !g.bde(b).routed
}

/// Whether a brigade standing on `from` projects its ZOC into the adjacent hex `to` by
/// elevation alone (6.1): level or down slope, but not across a three-level change.
#[must_use]
pub fn reaches(g: &Fotm, from: Hex, to: Hex) -> bool {
    let map = g.map();
    match (map.elevation(from), map.elevation(to)) {
        (Some(a), Some(b)) => b <= a && a - b < 3,
        _ => false,
    }
}

/// The hexes in the brigade's ZOC (6.1).
#[must_use]
pub fn zoc_of(g: &Fotm, b: Bid) -> Vec<Hex> {
    let Loc::Map(h) = g.bde(b).loc else { return vec![] };
    if !exerts(g, b) {
        return vec![];
    }
    let f = g.bde(b).facing;
    front_dirs(f).into_iter().chain(flank_dirs(f)).map(|d| h.neighbour(d)).filter(|&n| reaches(g, h, n)).collect()
}

/// Whether the brigade's ZOC covers `hex` (6.1): an adjacent hex in its front or flank that
/// its ZOC reaches by elevation. The same test as [`zoc_of`], without building the list.
#[must_use]
pub fn covers(g: &Fotm, b: Bid, hex: Hex) -> bool {
    let Loc::Map(h) = g.bde(b).loc else { return false };
    exerts(g, b)
        && crate::facing::arc(h, g.bde(b).facing, hex).is_some_and(|a| a != crate::facing::Arc::Rear)
        && reaches(g, h, hex)
}

/// The enemy brigades (enemies of `side`) whose ZOC covers `hex`.
#[must_use]
pub fn sources(g: &Fotm, hex: Hex, side: Side) -> Vec<Bid> {
    g.on_map(side.enemy()).filter(|&b| covers(g, b, hex)).collect()
}

/// Whether `hex` is in the ZOC of a brigade hostile to `side` (6.1).
#[must_use]
pub fn in_enemy_zoc(g: &Fotm, hex: Hex, side: Side) -> bool {
    g.on_map(side.enemy()).any(|b| covers(g, b, hex))
}

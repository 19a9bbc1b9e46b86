//! 6.0 Zones of Control: a brigade's two front and two flank hexes, reaching level ground and
//! down slope (but not down a three-level drop), never up slope (6.1).

use crate::facing::{flank_dirs, front_dirs};
use crate::state::{Bid, Fotm, Loc};
use engine::Side;
use hexmap::Hex;

/// Whether the brigade exerts a ZOC at all: every brigade on the map does, in column or line,
/// mounted or not, routed or not. Reading (6.1, 17.4): 6.1 gives every brigade a ZOC by its
/// facing and makes no exception, and 17.4's list of what a rout changes (the about-face, the
/// Rout marker, the flight, no entering enemy ZOC, 25% in defence) does not take it away. The
/// about-face is what frees the victor: the routed brigade's rear, which has no ZOC, is turned
/// to the attacker. (An earlier reading gave routed brigades no ZOC; the text does not.)
#[must_use]
pub fn exerts(g: &Fotm, b: Bid) -> bool {
    matches!(g.bde(b).loc, Loc::Map(_))
}

/// Whether a brigade standing on `from` projects its ZOC into the adjacent hex `to` by
/// elevation alone (6.1): level or down slope, but not across a three-level change.
#[must_use]
pub fn reaches(g: &Fotm, from: Hex, to: Hex) -> bool {
    let map = g.map();
    match (map.elevation(from), map.elevation(to)) {
        (Some(a), Some(b)) => reaches_level(a, b),
        _ => false,
    }
}

/// [`reaches`] by the two hexes' elevation levels.
fn reaches_level(from: u8, to: u8) -> bool {
    to <= from && from - to < 3
}

/// The hexes in the brigade's ZOC (6.1).
#[must_use]
pub fn zoc_of(g: &Fotm, b: Bid) -> Vec<Hex> {
    zoc_hexes(g, b).into_iter().flatten().collect()
}

/// The hexes in the brigade's ZOC (6.1), as [`zoc_of`] lists them, without the list: its front
/// and flank hexes in that order, `None` for one its elevation does not reach ([`reaches`],
/// the brigade's own level read once), all `None` for a brigade that exerts no ZOC.
pub(crate) fn zoc_hexes(g: &Fotm, b: Bid) -> [Option<Hex>; 4] {
    let map = g.map();
    let (Loc::Map(h), true) = (g.bde(b).loc, exerts(g, b)) else { return [None; 4] };
    let Some(level) = map.elevation(h) else { return [None; 4] };
    let f = g.bde(b).facing;
    let [front_a, front_b] = front_dirs(f);
    let [flank_a, flank_b] = flank_dirs(f);
    [front_a, front_b, flank_a, flank_b].map(|d| {
        let n = h.neighbour(d);
        map.elevation(n).is_some_and(|to| reaches_level(level, to)).then_some(n)
    })
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

//! 10.0 Zones of control: which hexes an enemy unit controls, and what for. Two questions
//! are asked of a zone, and the rules answer them differently, so every caller names its
//! [`Purpose`]:
//! - [`Purpose::Fire`]: withdrawal fire (10.1), retreat fire (10.2) and the moves and
//!   retreats that may not enter a zone (5.2, 12.82, 12.92). A friendly unit in the hex does
//!   not negate the zone (10.5). Mounted cavalry's zone counts only against mounted cavalry
//!   (10.0 exception); an ammunition-depleted unit has none (11.22).
//! - [`Purpose::Paths`]: supply paths (10.3, 11.23) and leadership radii (10.4, 13.53,
//!   17.11, 17.21). A friendly unit in the hex negates the zone (10.5); mounted cavalry
//!   controls all six hexes (16.31); a depleted unit still controls (11.22).
//!
//! Who has a zone (10.0): infantry in Line, dismounted cavalry and unlimbered batteries, into
//! the three hexes beyond their frontal hexsides (7.0); mounted cavalry into all six. None:
//! Column infantry and limbered batteries (ruling R36), supply wagons and their crews (10.0,
//! 11.16), leaders (10.0: they are not units here at all), routed units (13.32). No zone
//! crosses an impassable hexside (10.5: the wet bayou) or leaves the map.
//!
//! Readings:
//! - Gunboats and the Columbus guns have no zone (the plan's exclusive rule 2.5 c; the
//!   Columbus guns are not even on the map).
//! - A battery whose whole crew is lost (15.12) controls nothing: guns without men.
//! - Engaged units have no zone (12.94).

use crate::authored::Cost;
use crate::facing::{self, Facing};
use crate::oob::Kind;
use crate::state::{Formation, Gbacw, Loc, UnitId};
use engine::Side;
use hexmap::Hex;
use std::cell::RefCell;

/// What a zone of control is asked about.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Purpose {
    /// Withdrawal and retreat fire, and the moves and retreats barred from a zone (10.0-10.2,
    /// 5.2, 12.82, 12.92), by a mover that is mounted cavalry or not (10.0 exception, 16.31).
    Fire {
        /// The unit leaving or entering is mounted cavalry.
        mounted: bool,
    },
    /// Supply and leadership paths (10.3-10.5, 11.23, 13.53).
    Paths,
}

/// The extent of one unit's zone.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Zone {
    /// No zone.
    None,
    /// The three hexes beyond its frontal hexsides (10.0, 7.0).
    Front,
    /// All six adjacent hexes (10.0, 16.31).
    All,
}

/// The zone unit `u` exerts for `purpose`.
#[must_use]
pub fn zone(g: &Gbacw, u: UnitId, purpose: Purpose) -> Zone {
    let st = g.unit(u);
    if !matches!(st.loc, Loc::Map(_)) || st.routed {
        return Zone::None;
    }
    if crate::melee::engaged(g, u) {
        return Zone::None;
    }
    match g.info(u).kind {
        Kind::Infantry | Kind::Cavalry => {}
        Kind::Battery { .. } if st.crew_lost < 2 => {}
        _ => return Zone::None,
    }
    let z = match st.formation {
        Formation::Line | Formation::Dismounted | Formation::Unlimbered => Zone::Front,
        Formation::Mounted => Zone::All,
        Formation::Column | Formation::Limbered | Formation::Wagon => Zone::None,
    };
    match purpose {
        Purpose::Paths => z,
        Purpose::Fire { .. } if st.depleted => Zone::None,
        Purpose::Fire { mounted: false } if st.formation == Formation::Mounted => Zone::None,
        Purpose::Fire { .. } => z,
    }
}

/// Whether no unit may cross the hexside between adjacent `a` and `b` (the chart prohibits
/// every mover: the wet bayou, 14.1, 10.5).
#[must_use]
pub fn impassable_side(g: &Gbacw, a: Hex, b: Hex) -> bool {
    g.map().hexside(a, b).is_some_and(|k| g.charts().hexside_move(k).costs.iter().all(|c| *c == Cost::Prohibited))
}

/// Whether no unit may enter `h` (off the map, or terrain the chart prohibits to every
/// mover: pond and river).
#[must_use]
pub fn impassable_hex(g: &Gbacw, h: Hex) -> bool {
    g.map().terrain(h).is_none_or(|t| g.charts().terrain_move(t).costs.iter().all(|c| *c == Cost::Prohibited))
}

/// The hexes unit `u` controls for `purpose`: on the map, not across an impassable hexside.
#[must_use]
pub fn zoc_hexes(g: &Gbacw, u: UnitId, purpose: Purpose) -> Vec<Hex> {
    let z = zone(g, u, purpose);
    let Some(at) = g.hex_of(u) else { return Vec::new() };
    if z == Zone::None {
        return Vec::new();
    }
    let faced = g.unit(u).facing;
    (0..6u8)
        .filter(|&s| z == Zone::All || facing::frontal(Facing::Line, faced, s))
        .map(|s| at.neighbour(facing::dir(s)))
        .filter(|&n| g.map().contains(n) && !impassable_side(g, at, n))
        .collect()
}

/// Whether unit `u` controls hex `h` for `purpose`.
#[must_use]
pub fn controls(g: &Gbacw, u: UnitId, h: Hex, purpose: Purpose) -> bool {
    let Some(at) = g.hex_of(u) else { return false };
    let Some(s) = facing::toward(at, h) else { return false };
    // As `zoc_hexes(..).contains(&h)`, without the list (it is asked for every step).
    let yes = match zone(g, u, purpose) {
        Zone::None => false,
        z => {
            (z == Zone::All || facing::frontal(Facing::Line, g.unit(u).facing, s))
                && g.map().contains(h)
                && !impassable_side(g, at, h)
        }
    };
    debug_assert_eq!(yes, zoc_hexes(g, u, purpose).contains(&h));
    yes
}

/// The units of `side`'s enemy whose zones cover `h` for `purpose` (each may fire
/// withdrawal or retreat fire, 10.19).
#[must_use]
pub fn controllers(g: &Gbacw, side: Side, h: Hex, purpose: Purpose) -> Vec<UnitId> {
    h.neighbours()
        .into_iter()
        .flat_map(|n| g.units_at(n))
        .filter(|&u| g.side_of(u) != side && controls(g, u, h, purpose))
        .collect()
}

/// Whether `h` lies in a zone of `side`'s enemy for `purpose` (for [`Purpose::Paths`] this
/// ignores friendly units in the hex: see [`Paths`]).
#[must_use]
pub fn in_enemy_zoc(g: &Gbacw, side: Side, h: Hex, purpose: Purpose) -> bool {
    h.neighbours().into_iter().any(|n| g.units_here(n).any(|u| g.side_of(u) != side && controls(g, u, h, purpose)))
}

/// 10.3-10.5, 11.23, 13.53: the hexes a supply path or a leadership radius of `side` may
/// not pass through, computed once for a whole phase's tracing, and the radii traced from
/// each hex so far (a brigade commander's radius is asked of each of his units: traced once).
/// Hexes are kept by the map grid's dense index, so a trace is array work (plan step 12:
/// the hashed sets and the general search were a fifth of random play's time).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paths {
    /// By grid index: whether a path may not pass through the hex.
    blocked: Vec<bool>,
    /// Balls traced so far: (centre, radius) and each hex's length by grid index
    /// ([`UNREACHED`] where no path of at most the radius reaches).
    traced: RefCell<Vec<Ball>>,
}

/// One traced radius: its centre and length, and each hex's length by grid index.
type Ball = ((Hex, u8), Vec<u8>);

/// A hex no path reaches in a traced ball.
const UNREACHED: u8 = u8::MAX;

/// A neighbour no path may step to (off the map, or across an impassable hexside).
const NO_WAY: u32 = u32::MAX;

/// The map's ways for paths, worked out once (the map and charts are fixed): for each hex
/// by grid index, the grid index of the neighbour in each direction that a path may step to
/// ([`NO_WAY`] off the map or across an impassable hexside, 10.5), and whether a path may
/// not go on from the hex (terrain no unit may enter).
struct Ways {
    next: Vec<[u32; 6]>,
    closed: Vec<bool>,
}

fn ways(g: &Gbacw) -> &'static Ways {
    static WAYS: std::sync::OnceLock<Ways> = std::sync::OnceLock::new();
    WAYS.get_or_init(|| {
        let cells = &g.map().cells;
        let mut next = vec![[NO_WAY; 6]; cells.len()];
        let mut closed = vec![true; cells.len()];
        for (h, _) in g.map().hexes() {
            let Some(i) = cells.index(h) else { continue };
            closed[i] = impassable_hex(g, h);
            for (k, n) in h.neighbours().into_iter().enumerate() {
                if g.map().contains(n) && !impassable_side(g, h, n) {
                    next[i][k] = cells.index(n).and_then(|j| u32::try_from(j).ok()).unwrap_or(NO_WAY);
                }
            }
        }
        Ways { next, closed }
    })
}

impl Paths {
    /// The blocked hexes for `side`: every hex holding an enemy unit (13.53, 11.23), and
    /// every hex in an enemy zone for paths that holds no friendly unit (10.5).
    #[must_use]
    pub fn new(g: &Gbacw, side: Side) -> Paths {
        // One pass over the units marks each hex's friends, enemies and zones; a second
        // turns the marks into the blocked flags in place (it is built at every command
        // refresh and rally and supply listing).
        const FRIEND: u8 = 1;
        const ENEMY: u8 = 2;
        const ZONE: u8 = 4;
        let cells = &g.map().cells;
        let mut marks = vec![0u8; cells.len()];
        for u in g.unit_ids() {
            let Some(at) = g.hex_of(u) else { continue };
            let Some(i) = cells.index(at) else { continue };
            if g.side_of(u) == side {
                marks[i] |= FRIEND;
                continue;
            }
            marks[i] |= ENEMY;
            let z = zone(g, u, Purpose::Paths);
            if z == Zone::None {
                continue;
            }
            let faced = g.unit(u).facing;
            let next = &ways(g).next[i];
            for s in 0..6u8 {
                // Hexside `s` faces `Direction::ALL[s]` (`facing::dir`), the order of the
                // ways: the way there is a hex on the map not across an impassable hexside,
                // exactly what `zoc_hexes` keeps.
                let j = next[usize::from(s)];
                if j != NO_WAY && (z == Zone::All || facing::frontal(Facing::Line, faced, s)) {
                    marks[j as usize] |= ZONE;
                }
            }
        }
        let blocked: Vec<bool> =
            marks.into_iter().map(|m| m & ENEMY != 0 || (m & ZONE != 0 && m & FRIEND == 0)).collect();
        #[cfg(debug_assertions)]
        for u in g.unit_ids().filter(|&u| g.side_of(u) != side) {
            for z in zoc_hexes(g, u, Purpose::Paths) {
                debug_assert!(
                    cells.index(z).is_none_or(|j| blocked[j] || g.units_here(z).any(|v| g.side_of(v) == side))
                );
            }
        }
        Paths { blocked, traced: RefCell::default() }
    }

    /// Whether a path may not pass through `h`.
    #[must_use]
    pub fn blocks(&self, g: &Gbacw, h: Hex) -> bool {
        g.map().cells.index(h).is_some_and(|i| self.blocked.get(i).copied().unwrap_or(false))
    }

    /// Ruling R37: the length in hexes of the shortest path from `from` to `to` of at most
    /// `max` hexes that passes through no blocked hex, enters no impassable hex and crosses
    /// no impassable hexside (10.4, 10.5, 13.53); terrain costs nothing. The ends themselves
    /// never block (a path is traced *through* hexes). `None` when there is none.
    ///
    /// Every hex within `max` of `from` is traced at once and kept: a blocked or impassable
    /// hex is reached (as an end) but never passed through, which gives each end the length
    /// a search for it alone would.
    #[must_use]
    pub fn distance(&self, g: &Gbacw, from: Hex, to: Hex, max: u8) -> Option<u8> {
        if from == to {
            return Some(0);
        }
        if from.distance(to) > u16::from(max) {
            return None;
        }
        let cells = &g.map().cells;
        let (Some(start), Some(end)) = (cells.index(from), cells.index(to)) else {
            return self.distance_off_grid(g, from, to, max);
        };
        let mut traced = self.traced.borrow_mut();
        let ball = match traced.iter().position(|(k, _)| *k == (from, max)) {
            Some(i) => &traced[i].1,
            None => {
                traced.push(((from, max), self.trace(g, start, max)));
                &traced.last().expect("just pushed").1
            }
        };
        Some(ball[end]).filter(|&d| d != UNREACHED)
    }

    /// Every hex's length from grid index `start` within `max`, breadth first (each step
    /// costs one).
    fn trace(&self, g: &Gbacw, start: usize, max: u8) -> Vec<u8> {
        let ways = ways(g);
        let mut dist = vec![UNREACHED; ways.next.len()];
        dist[start] = 0;
        let mut queue = vec![start];
        let mut head = 0;
        while let Some(&at) = queue.get(head) {
            head += 1;
            let d = dist[at];
            if (at != start && (self.blocked[at] || ways.closed[at])) || d >= max {
                continue;
            }
            for &n in &ways.next[at] {
                let Ok(n) = usize::try_from(n) else { continue };
                if n < dist.len() && dist[n] == UNREACHED {
                    dist[n] = d + 1;
                    queue.push(n);
                }
            }
        }
        dist
    }

    /// [`Paths::distance`] for an end outside the map's grid (never met in play: leaders and
    /// units off the map are not traced from), by the general search.
    fn distance_off_grid(&self, g: &Gbacw, from: Hex, to: Hex, max: u8) -> Option<u8> {
        let step = |a: Hex, b: Hex| (g.map().contains(b) && !impassable_side(g, a, b)).then_some(1u32);
        let through = |h: Hex| !self.blocks(g, h) && !impassable_hex(g, h);
        let reach = hexmap::reach(from, u32::from(max), step, through);
        reach.cost.get(&to).and_then(|(c, _)| u8::try_from(*c).ok())
    }
}

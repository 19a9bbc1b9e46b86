//! 5.0 Facing: a brigade points at one of its hex's six vertices. The two hexes across the
//! sides meeting at that vertex are its Front, the next two its Flanks, the last two its Rear.
//!
//! Facing `f` (0-5) is the vertex between directions `f` and `f + 1` in die order (N, NE, SE,
//! S, SW, NW). On this map hexmap's north is geographic West (see [`crate::map`]).

use hexmap::{Direction, Hex};

/// How a hex lies relative to a brigade's facing (5.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Arc {
    /// Full SP in combat; the only hexes a brigade may move into (13.1).
    Front,
    /// Half SP, rounded up (5.1).
    Flank,
    /// No combat (5.1); entered only by orderly withdrawal (13.2).
    Rear,
}

/// The direction with die-order index `i` (taken modulo 6).
#[must_use]
pub fn dir(i: u8) -> Direction {
    Direction::ALL[usize::from(i % 6)]
}

/// The die-order index (0-5) of a direction.
#[must_use]
pub fn index(d: Direction) -> u8 {
    d.die() - 1
}

/// The two directions of the front hexes of facing `f`.
#[must_use]
pub fn front_dirs(f: u8) -> [Direction; 2] {
    [dir(f), dir(f + 1)]
}

/// The two directions of the flank hexes of facing `f`.
#[must_use]
pub fn flank_dirs(f: u8) -> [Direction; 2] {
    [dir(f + 5), dir(f + 2)]
}

/// The two directions of the rear hexes of facing `f`.
#[must_use]
pub fn rear_dirs(f: u8) -> [Direction; 2] {
    [dir(f + 3), dir(f + 4)]
}

/// Where the direction `d` lies for a brigade facing `f`.
#[must_use]
pub fn arc_of_dir(f: u8, d: Direction) -> Arc {
    match (index(d) + 6 - f % 6) % 6 {
        0 | 1 => Arc::Front,
        2 | 5 => Arc::Flank,
        _ => Arc::Rear,
    }
}

/// Where the adjacent hex `to` lies for a brigade on `from` facing `f`, or `None` if the
/// hexes are not adjacent.
#[must_use]
pub fn arc(from: Hex, f: u8, to: Hex) -> Option<Arc> {
    from.direction_to(to).map(|d| arc_of_dir(f, d))
}

/// 5.1, 9.2: where the hex `to`, at any distance, lies for a brigade on `from` facing `f`;
/// `None` for `from` itself. For an adjacent hex it is [`arc`].
///
/// Reading: the rulebook draws the arcs for the adjacent hexes only; beyond them they extend as
/// players extend them, along the lines from the hex's centre through its vertices. Those six
/// lines split the map into six 60-degree sectors, one around each hexside direction, and a
/// hex lies in the arc of the sector holding its centre: front within 60 degrees of the facing
/// vertex, rear more than 120 degrees from it, flank between. A hex whose centre lies on a
/// dividing line (2, 4, ... hexes straight out from a vertex) counts in the better of its two
/// arcs for the brigade (front rather than flank, flank rather than rear), as a defender fires
/// through its best arc (15.7).
#[must_use]
pub fn arc_at(from: Hex, f: u8, to: Hex) -> Option<Arc> {
    if from == to {
        return None;
    }
    // Cube coordinates: their dot product is the plane's, up to scale, so angles compare
    // exactly in integers. `u` points at the facing vertex (the sum of its two front steps).
    let cube = |(q, r): (i16, i16)| [i32::from(q), i32::from(r), -i32::from(q) - i32::from(r)];
    let [a, b] = front_dirs(f).map(|d| cube(d.offset()));
    let u = [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
    let v = cube((to.q - from.q, to.r - from.r));
    let dot: i32 = (0..3).map(|i| u[i] * v[i]).sum();
    let vv: i32 = (0..3).map(|i| v[i] * v[i]).sum();
    // |u|^2 = 6; the angle is 60 degrees where cos = 1/2: 4 dot^2 = 6 |v|^2.
    let beyond_60 = 2 * dot * dot < 3 * vv;
    Some(if dot >= 0 && !beyond_60 {
        Arc::Front
    } else if dot < 0 && 2 * dot * dot > 3 * vv {
        Arc::Rear
    } else {
        Arc::Flank
    })
}

/// The number of vertex-steps (60-degree turns) from facing `a` to facing `b` the short way
/// (13.2 Change Facing counts "hex facing changes").
#[must_use]
pub fn turns(a: u8, b: u8) -> u8 {
    let d = (b % 6 + 6 - a % 6) % 6;
    d.min(6 - d)
}

/// The facing whose front hexes are `d` and the next direction clockwise: the facing that
/// puts `d` in front on the left. Any facing `f` with `d` in its front is `f == index(d)` or
/// `f == index(d) - 1`.
#[must_use]
pub fn facings_towards(d: Direction) -> [u8; 2] {
    let i = index(d);
    [i, (i + 5) % 6]
}

/// The facing that turns a brigade's rear towards the hex `from` (17.4: a routed brigade turns
/// its rear towards the attacking enemy): the facing for which `from` is a rear hex, the first
/// of the two in die order.
#[must_use]
pub fn rear_towards(hex: Hex, from: Hex) -> u8 {
    let Some(d) = hex.direction_to(from) else { return 0 };
    (0..6).find(|&f| arc_of_dir(f, d) == Arc::Rear).unwrap_or(0)
}

/// The facing that puts the hex `towards` in front (12.3: a regrouped brigade is turned to face
/// the enemy), the first of the two in die order.
#[must_use]
pub fn front_towards(hex: Hex, towards: Hex) -> u8 {
    let Some(d) = hex.direction_to(towards) else { return 0 };
    facings_towards(d)[1].min(facings_towards(d)[0])
}

/// A compass name for a facing as a player reads it on this map (West at the top): the
/// vertex's direction, between two hexside directions.
#[must_use]
pub fn facing_name(f: u8) -> &'static str {
    // Vertex f lies between hexmap directions f and f+1. Hexmap north is geographic West.
    ["west-northwest", "north", "east-northeast", "east-southeast", "south", "west-southwest"][usize::from(f % 6)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arcs_partition_the_six_directions() {
        for f in 0..6 {
            let mut fronts = 0;
            let mut flanks = 0;
            let mut rears = 0;
            for d in Direction::ALL {
                match arc_of_dir(f, d) {
                    Arc::Front => fronts += 1,
                    Arc::Flank => flanks += 1,
                    Arc::Rear => rears += 1,
                }
            }
            assert_eq!((fronts, flanks, rears), (2, 2, 2));
            for d in front_dirs(f) {
                assert_eq!(arc_of_dir(f, d), Arc::Front);
            }
            for d in flank_dirs(f) {
                assert_eq!(arc_of_dir(f, d), Arc::Flank);
            }
            for d in rear_dirs(f) {
                assert_eq!(arc_of_dir(f, d), Arc::Rear);
                assert_eq!(arc_of_dir(f, d.opposite()), Arc::Front);
            }
        }
    }

    #[test]
    fn arcs_at_range_agree_with_the_adjacent_arcs_and_split_each_ring_evenly() {
        let h = Hex::from_col_row(10, 10);
        for f in 0..6 {
            for d in Direction::ALL {
                assert_eq!(arc_at(h, f, h.neighbour(d)), Some(arc_of_dir(f, d)));
            }
            assert_eq!(arc_at(h, f, h), None);
            // Ring 2: six hexes straight out across the sides (2 front, 2 flank, 2 rear) and six
            // straight out from the vertices, on the dividing lines but for the one ahead and
            // the one behind (ahead front; front/flank lines front; flank/rear lines flank;
            // behind rear): 5, 4, 3.
            let ring = h.ring(2);
            let count = |a: Arc| ring.iter().filter(|&&t| arc_at(h, f, t) == Some(a)).count();
            assert_eq!((count(Arc::Front), count(Arc::Flank), count(Arc::Rear)), (5, 4, 3), "facing {f}");
        }
    }

    #[test]
    fn turning_counts_vertex_steps() {
        assert_eq!(turns(0, 0), 0);
        assert_eq!(turns(0, 1), 1);
        assert_eq!(turns(0, 3), 3);
        assert_eq!(turns(0, 5), 1);
        assert_eq!(turns(4, 1), 3);
    }

    #[test]
    fn rear_and_front_towards() {
        let h = Hex::from_col_row(10, 10);
        for d in Direction::ALL {
            let n = h.neighbour(d);
            assert_eq!(arc(h, rear_towards(h, n), n), Some(Arc::Rear));
            assert_eq!(arc(h, front_towards(h, n), n), Some(Arc::Front));
        }
    }
}

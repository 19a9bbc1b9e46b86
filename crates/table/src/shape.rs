//! Stands and terrain as shapes on the table, and the exact tests the rules ask of them:
//! whether two segments cross (a line of sight over a wall), a point lies in a polygon (a
//! stand in the woods), and two convex shapes overlap (stands may not interpenetrate, 6.6).
//! All in integer arithmetic on [`Pos`]: touching counts, as a stand's edge on a wood's edge
//! is in contact with it.

use crate::angle::{Facing, rotate};
use crate::{Pos, orient};
use serde::{Deserialize, Serialize};

/// A stand on the table: a rectangle `width` across its front and `depth` front to back,
/// centred on `centre` and facing `facing` (its front edge toward the facing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stand {
    /// The middle of the stand.
    pub centre: Pos,
    /// Which way its front faces.
    pub facing: Facing,
    /// Across its front, in sixteenths.
    pub width: i32,
    /// Front to back, in sixteenths.
    pub depth: i32,
}

impl Stand {
    /// Its corners, anticlockwise from the front left: front left, back left, back right,
    /// front right, each to the nearest sixteenth of the turned rectangle.
    #[must_use]
    pub fn corners(&self) -> [Pos; 4] {
        let (w, d) = (self.width / 2, self.depth / 2);
        let (w2, d2) = (self.width - w, self.depth - d);
        let c = self.centre;
        // Facing up the table, the front edge is at +y and the left at -x.
        let square = [c.offset(-w, d2), c.offset(-w, -d), c.offset(w2, -d), c.offset(w2, d2)];
        let turn = i32::from(self.facing.degrees());
        square.map(|p| rotate(p, c, turn))
    }

    /// The ends of its front edge: left, then right.
    #[must_use]
    pub fn front(&self) -> (Pos, Pos) {
        let [fl, _, _, fr] = self.corners();
        (fl, fr)
    }

    /// The stand as a polygon.
    #[must_use]
    pub fn polygon(&self) -> Polygon {
        Polygon { points: self.corners().to_vec() }
    }
}

/// A closed shape on the table: woods, a town, a field; its corners in order (either way
/// round), the last joined to the first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Polygon {
    /// Its corners.
    pub points: Vec<Pos>,
}

impl Polygon {
    /// Its edges, each from one corner to the next.
    pub fn edges(&self) -> impl Iterator<Item = (Pos, Pos)> + '_ {
        let n = self.points.len();
        (0..n).map(move |i| (self.points[i], self.points[(i + 1) % n]))
    }
}

/// Whether `p` lies on the segment from `a` to `b`, its ends included.
#[must_use]
pub fn on_segment(p: Pos, a: Pos, b: Pos) -> bool {
    orient(a, b, p) == 0 && p.x >= a.x.min(b.x) && p.x <= a.x.max(b.x) && p.y >= a.y.min(b.y) && p.y <= a.y.max(b.y)
}

/// Whether the segments `a`-`b` and `c`-`d` meet, touching included.
#[must_use]
pub fn segments_cross(a: Pos, b: Pos, c: Pos, d: Pos) -> bool {
    let (d1, d2) = (orient(c, d, a).signum(), orient(c, d, b).signum());
    let (d3, d4) = (orient(a, b, c).signum(), orient(a, b, d).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    on_segment(a, c, d) || on_segment(b, c, d) || on_segment(c, a, b) || on_segment(d, a, b)
}

/// Whether `p` lies in `poly` or on its edge (an even-odd count of the edges a ray to the
/// right crosses; a point on an edge is in).
#[must_use]
pub fn point_in_polygon(p: Pos, poly: &Polygon) -> bool {
    let mut inside = false;
    for (a, b) in poly.edges() {
        if on_segment(p, a, b) {
            return true;
        }
        // The edge straddles the ray's height (half-open, so a vertex counts once).
        if (a.y > p.y) != (b.y > p.y) {
            // Where the edge meets the height, right of p: orient's sign, with the edge
            // taken upward.
            let (lo, hi) = if a.y < b.y { (a, b) } else { (b, a) };
            if orient(lo, hi, p) > 0 {
                inside = !inside;
            }
        }
    }
    inside
}

/// Whether two shapes overlap or touch: some edge of one meets an edge of the other, or one
/// lies inside the other. Exact for any simple polygons; stands are convex.
#[must_use]
pub fn overlap(a: &Polygon, b: &Polygon) -> bool {
    if a.points.is_empty() || b.points.is_empty() {
        return false;
    }
    a.edges().any(|(p, q)| b.edges().any(|(r, s)| segments_cross(p, q, r, s)))
        || point_in_polygon(a.points[0], b)
        || point_in_polygon(b.points[0], a)
}

/// Whether the segment `a`-`b` meets `poly` (crosses an edge, or lies inside it): a line of
/// sight into or across woods.
#[must_use]
pub fn segment_meets(a: Pos, b: Pos, poly: &Polygon) -> bool {
    poly.edges().any(|(p, q)| segments_cross(a, b, p, q)) || point_in_polygon(a, poly)
}

/// A line drawn on the table, open at both ends: a fence, a wall, a stream, a road (its
/// corners in order).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Polyline {
    /// Its corners.
    pub points: Vec<Pos>,
}

impl Polyline {
    /// Its pieces, each from one corner to the next.
    pub fn pieces(&self) -> impl Iterator<Item = (Pos, Pos)> + '_ {
        self.points.windows(2).map(|w| (w[0], w[1]))
    }

    /// Whether the segment `a`-`b` meets it (a move or a line of sight crossing a fence).
    #[must_use]
    pub fn crossed_by(&self, a: Pos, b: Pos) -> bool {
        self.pieces().any(|(p, q)| segments_cross(a, b, p, q))
    }

    /// Whether shape `poly` meets it (a stand on the wall).
    #[must_use]
    pub fn touches(&self, poly: &Polygon) -> bool {
        self.pieces().any(|(p, q)| crate::shape::segment_meets(p, q, poly))
    }
}

/// Whether the insides of two convex shapes overlap: touching along an edge or at a corner does
/// not count (friends in contact, R10 of the ROTR plan). Exact: no edge direction of either
/// separates them by more than a touch.
#[must_use]
pub fn overlap_interior(a: &Polygon, b: &Polygon) -> bool {
    if a.points.len() < 3 || b.points.len() < 3 {
        return false;
    }
    let project = |poly: &Polygon, n: (i64, i64)| {
        let dots = poly.points.iter().map(|p| i64::from(p.x) * n.0 + i64::from(p.y) * n.1);
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for d in dots {
            lo = lo.min(d);
            hi = hi.max(d);
        }
        (lo, hi)
    };
    !a.edges().chain(b.edges()).any(|(p, q)| {
        let (ex, ey) = p.to(q);
        let n = (-ey, ex);
        if n == (0, 0) {
            return false;
        }
        let ((alo, ahi), (blo, bhi)) = (project(a, n), project(b, n));
        ahi <= blo || bhi <= alo
    })
}

/// Whether `a` lies wholly within `b`, its edge included (all stands in the woods): every
/// corner of `a` in `b` and no edge of `a` crossing out through an edge of `b`.
#[must_use]
pub fn inside(a: &Polygon, b: &Polygon) -> bool {
    a.points.iter().all(|&p| point_in_polygon(p, b))
        && !a.edges().any(|(p, q)| {
            b.edges().any(|(r, s)| {
                let (d1, d2) = (orient(r, s, p).signum(), orient(r, s, q).signum());
                let (d3, d4) = (orient(p, q, r).signum(), orient(p, q, s).signum());
                d1 * d2 < 0 && d3 * d4 < 0
            })
        })
}

/// Ground in levels (hills, 7.3, 8.8, 9.16): areas each with a whole level, nested higher
/// within lower; the level of a point is the highest area holding it (its edge included),
/// 0 outside them all.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Levels {
    /// The areas and their levels.
    pub areas: Vec<(Polygon, u8)>,
}

impl Levels {
    /// The level of the ground at `p`.
    #[must_use]
    pub fn level_at(&self, p: Pos) -> u8 {
        self.areas.iter().filter(|(a, _)| point_in_polygon(p, a)).map(|&(_, l)| l).max().unwrap_or(0)
    }

    /// The level under a shape: the highest level any of its corners stands on.
    #[must_use]
    pub fn level_under(&self, shape: &Polygon) -> u8 {
        shape.points.iter().map(|&p| self.level_at(p)).max().unwrap_or(0)
    }
}

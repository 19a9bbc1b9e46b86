//! Stands and terrain as shapes on the table, and the exact tests the rules ask of them:
//! whether two segments cross (a line of sight over a wall), a point lies in a polygon (a
//! stand in the woods), and two convex shapes overlap (stands may not interpenetrate, 6.6).
//! All in integer arithmetic on [`Pos`]: touching counts, as a stand's edge on a wood's edge
//! is in contact with it.

use crate::angle::Facing;
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
        let (w, d) = (i64::from(self.width / 2), i64::from(self.depth / 2));
        let (w2, d2) = (i64::from(self.width) - w, i64::from(self.depth) - d);
        let c = self.centre;
        // Facing up the table, the front edge is at +y and the left at -x; the table read once
        // for the four corners (as `angle::rotate` would turn each).
        let turn = i32::from(self.facing.degrees());
        let cs = (crate::angle::cos(turn), crate::angle::sin(turn));
        [(-w, d2), (-w, -d), (w2, -d), (w2, d2)].map(|o| crate::angle::turn_offset(c, o, cs))
    }

    /// The ends of its front edge: left, then right.
    #[must_use]
    pub fn front(&self) -> (Pos, Pos) {
        let [fl, _, _, fr] = self.corners();
        (fl, fr)
    }

    /// The middle of its front edge: where a formation change about it keeps it (R16 of the
    /// ROTR plan), and a column's head stands on its trail.
    #[must_use]
    pub fn front_middle(&self) -> Pos {
        let (l, r) = self.front();
        l.midpoint(r)
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

    /// Its length in sixteenths (floating point, IEEE-exact operations only).
    #[must_use]
    pub fn length(&self) -> f64 {
        self.pieces().map(|(p, q)| (p.dist2(q) as f64).sqrt()).sum()
    }

    /// The point `s` sixteenths along it from its first corner (clamped to its ends), to the
    /// nearest sixteenth: where a column on a road stands (R15 of the ROTR plan).
    #[must_use]
    pub fn point_at(&self, s: f64) -> Pos {
        let mut left = s.max(0.0);
        for (p, q) in self.pieces() {
            let len = (p.dist2(q) as f64).sqrt();
            if left <= len && len > 0.0 {
                let t = left / len;
                let x = f64::from(p.x) + f64::from(q.x - p.x) * t;
                let y = f64::from(p.y) + f64::from(q.y - p.y) * t;
                return Pos::new(x.round() as i32, y.round() as i32);
            }
            left -= len;
        }
        self.points.last().copied().unwrap_or_default()
    }

    /// How far along it, in sixteenths, lies the point of it nearest `p` (the first such).
    #[must_use]
    pub fn project(&self, p: Pos) -> f64 {
        let (mut best, mut at, mut walked) = (f64::INFINITY, 0.0, 0.0);
        for (a, b) in self.pieces() {
            let (abx, aby) = a.to(b);
            let (apx, apy) = a.to(p);
            let len2 = (abx * abx + aby * aby) as f64;
            let t = if len2 == 0.0 { 0.0 } else { ((abx * apx + aby * apy) as f64 / len2).clamp(0.0, 1.0) };
            let (dx, dy) = (apx as f64 - t * abx as f64, apy as f64 - t * aby as f64);
            let d = dx * dx + dy * dy;
            if d < best {
                best = d;
                at = walked + t * len2.sqrt();
            }
            walked += len2.sqrt();
        }
        at
    }
}

/// Each edge of a building (or any closed shape) with the facing straight out of it, the
/// whole degree nearest its outward normal: units in a building fire out of its edges (R50
/// of the ROTR plan).
#[must_use]
pub fn edges_outward(poly: &Polygon) -> Vec<(Pos, Pos, crate::Facing)> {
    // Twice the signed area: positive when the corners run anticlockwise.
    let area2: i64 = poly.edges().map(|(a, b)| i64::from(a.x) * i64::from(b.y) - i64::from(b.x) * i64::from(a.y)).sum();
    poly.edges()
        .map(|(a, b)| {
            let (ex, ey) = a.to(b);
            // Outward: to the right of an anticlockwise edge, to the left of a clockwise one.
            let (nx, ny) = if area2 > 0 { (ey, -ex) } else { (-ey, ex) };
            let mid = Pos::new(a.x + (b.x - a.x) / 2, a.y + (b.y - a.y) / 2);
            let out = Pos::new(mid.x + i32::try_from(nx).unwrap_or(0), mid.y + i32::try_from(ny).unwrap_or(0));
            (a, b, crate::angle::facing_toward(mid, out))
        })
        .collect()
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
/// 0 outside them all. Each area's edges may carry a slope class (6.7's slopes: which kind of
/// ground climbing over that edge is), which [`Levels::crossings`] reports.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Levels {
    /// The areas and their levels.
    pub areas: Vec<(Polygon, u8)>,
    /// For each area, in order, the slope class of each of its edges (edge `i` from corner `i`
    /// to the next); an area without a list, or an edge beyond its list, is class 0.
    #[serde(default)]
    pub slopes: Vec<Vec<u8>>,
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

/// The box with sides along the table's edges that holds a shape: a cheap test that rules out
/// most far-off stands before the exact one (a wheel tests up to 180 poses against every
/// stand on the table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Bbox {
    /// Its lower left corner.
    pub lo: Pos,
    /// Its upper right corner.
    pub hi: Pos,
}

impl Bbox {
    /// The box holding every one of `points`; `None` when there are none.
    #[must_use]
    pub fn of(points: &[Pos]) -> Option<Bbox> {
        let first = *points.first()?;
        let mut b = Bbox { lo: first, hi: first };
        for p in &points[1..] {
            b.lo = Pos::new(b.lo.x.min(p.x), b.lo.y.min(p.y));
            b.hi = Pos::new(b.hi.x.max(p.x), b.hi.y.max(p.y));
        }
        Some(b)
    }

    /// The box grown by `r` sixteenths on every side.
    #[must_use]
    pub fn grown(self, r: i32) -> Bbox {
        Bbox { lo: self.lo.offset(-r, -r), hi: self.hi.offset(r, r) }
    }

    /// Whether the two boxes come within `r` sixteenths of each other along both of the table's
    /// axes (touching counts). Shapes within `r` of each other always have boxes near by `r`,
    /// so a `false` here settles [`crate::within`] and [`overlap`] without the exact test.
    #[must_use]
    pub fn near(&self, other: &Bbox, r: i64) -> bool {
        let gap = |lo: i32, hi: i32| i64::from(lo) - i64::from(hi);
        gap(other.lo.x, self.hi.x) <= r
            && gap(self.lo.x, other.hi.x) <= r
            && gap(other.lo.y, self.hi.y) <= r
            && gap(self.lo.y, other.hi.y) <= r
    }
}

impl Polygon {
    /// The box holding it; `None` when it has no corners.
    #[must_use]
    pub fn bbox(&self) -> Option<Bbox> {
        Bbox::of(&self.points)
    }
}

/// The box holding `poly`, as [`Polygon::bbox`].
#[must_use]
pub fn bbox(poly: &Polygon) -> Option<Bbox> {
    poly.bbox()
}

/// Whether segments `p`-`q` and `r`-`s` cross at a point inside both (touching excluded).
fn cross_properly(p: Pos, q: Pos, r: Pos, s: Pos) -> bool {
    let (d1, d2) = (orient(r, s, p).signum(), orient(r, s, q).signum());
    let (d3, d4) = (orient(p, q, r).signum(), orient(p, q, s).signum());
    d1 * d2 < 0 && d3 * d4 < 0
}

/// Whether the insides of two simple polygons, convex or not, share a point; touching along an
/// edge or at a corner does not count (ROTR plan 6.2: a scenario's terrain features of one
/// layer may touch, never overlap). [`overlap_interior`] answers this for convex shapes; terrain is seldom convex,
/// so this is built from the same exact predicates: an edge of one crossing an edge of the
/// other at a point inside both; or a piece of an edge (cut at the other's corners lying on it)
/// whose middle is strictly inside the other; or both outlines the same. Coordinates are
/// doubled so every middle is a whole point.
#[must_use]
pub fn interiors_meet(a: &Polygon, b: &Polygon) -> bool {
    if a.points.len() < 3 || b.points.len() < 3 {
        return false;
    }
    let double = |p: &Polygon| Polygon { points: p.points.iter().map(|q| Pos::new(2 * q.x, 2 * q.y)).collect() };
    let (a, b) = (double(a), double(b));
    if a.edges().any(|(p, q)| b.edges().any(|(r, s)| cross_properly(p, q, r, s))) {
        return true;
    }
    let on_edge = |p: Pos, poly: &Polygon| poly.edges().any(|(r, s)| on_segment(p, r, s));
    // Some(true): a middle strictly inside the other; Some(false): none inside, some outside;
    // None: every middle on the other's outline.
    let probe = |x: &Polygon, y: &Polygon| -> Option<bool> {
        let mut all_on_edge = true;
        for (p, q) in x.edges() {
            let (dx, dy) = p.to(q);
            let mut cuts: Vec<Pos> = y.points.iter().copied().filter(|&c| on_segment(c, p, q)).collect();
            cuts.extend([p, q]);
            cuts.sort_by_key(|c| {
                let (cx, cy) = p.to(*c);
                cx * dx + cy * dy
            });
            cuts.dedup();
            for w in cuts.windows(2) {
                let mid = Pos::new(w[0].x + (w[1].x - w[0].x) / 2, w[0].y + (w[1].y - w[0].y) / 2);
                if on_edge(mid, y) {
                    continue;
                }
                all_on_edge = false;
                if point_in_polygon(mid, y) {
                    return Some(true);
                }
            }
        }
        (!all_on_edge).then_some(false)
    };
    match (probe(&a, &b), probe(&b, &a)) {
        (Some(true), _) | (_, Some(true)) => true,
        // Every piece of each outline lies on the other's: the same outline.
        (None, None) => true,
        _ => false,
    }
}

//! What the rules ask of a line drawn on the table beyond whether something crosses it
//! ([`Polyline::crossed_by`]): whether a stand lies within a distance of it (8.6: behind a wall;
//! 8.10: resting arms on a fence within 1/2 inch; R35, R36 of the ROTR plan), whether it lies
//! between two shapes (on the range line from a firer to its target), and walking along it
//! (a road, R15).

use crate::Pos;
use crate::contact::Ratio;
use crate::measure::within;
use crate::shape::{Polygon, Polyline};

/// A point whose coordinates are `x / den`, `y / den` sixteenths (`den` > 0): the foot of a
/// perpendicular, which is seldom on a whole sixteenth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Scaled {
    x: i128,
    y: i128,
    den: i128,
}

impl Scaled {
    fn whole(p: Pos) -> Scaled {
        Scaled { x: i128::from(p.x), y: i128::from(p.y), den: 1 }
    }

    /// Its coordinates over the common denominator `den` (a multiple of its own).
    fn over(self, den: i128) -> (i128, i128) {
        let k = den / self.den;
        (self.x * k, self.y * k)
    }
}

fn orient128(a: (i128, i128), b: (i128, i128), c: (i128, i128)) -> i128 {
    (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0)
}

fn on_segment128(p: (i128, i128), a: (i128, i128), b: (i128, i128)) -> bool {
    orient128(a, b, p) == 0 && p.0 >= a.0.min(b.0) && p.0 <= a.0.max(b.0) && p.1 >= a.1.min(b.1) && p.1 <= a.1.max(b.1)
}

/// Whether the segment `p`-`q` (fractional ends) meets the segment `a`-`b`, touching included:
/// [`crate::segments_cross`] over a common denominator.
fn scaled_cross(p: Scaled, q: Scaled, a: Pos, b: Pos) -> bool {
    let den = p.den * q.den;
    let (p, q) = (p.over(den), q.over(den));
    let (a, b) = (Scaled::whole(a).over(den), Scaled::whole(b).over(den));
    let (d1, d2) = (orient128(a, b, p).signum(), orient128(a, b, q).signum());
    let (d3, d4) = (orient128(p, q, a).signum(), orient128(p, q, b).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    on_segment128(p, a, b) || on_segment128(q, a, b) || on_segment128(a, p, q) || on_segment128(b, p, q)
}

/// The point of the segment `s`-`t` nearest `p`, and the square of its distance from `p`.
fn foot(p: Pos, s: Pos, t: Pos) -> (Scaled, Ratio) {
    let (ex, ey) = s.to(t);
    let (vx, vy) = s.to(p);
    let len2 = i128::from(ex * ex + ey * ey);
    let along = i128::from(ex) * i128::from(vx) + i128::from(ey) * i128::from(vy);
    let end = |e: Pos| (Scaled::whole(e), Ratio::whole(i128::from(e.dist2(p))));
    if len2 == 0 || along <= 0 {
        return end(s);
    }
    if along >= len2 {
        return end(t);
    }
    let at = Scaled {
        x: i128::from(s.x) * len2 + along * i128::from(ex),
        y: i128::from(s.y) * len2 + along * i128::from(ey),
        den: len2,
    };
    let cross = i128::from(ex) * i128::from(vy) - i128::from(ey) * i128::from(vx);
    (at, Ratio::new(cross * cross, len2).unwrap_or(Ratio::whole(0)))
}

/// The nearest points of two shapes apart (the ends of R9.3's range line), exactly, the first
/// nearest pair found when there are several (edges facing each other square on); `None` when
/// they touch or overlap, or either is empty.
fn nearest(a: &Polygon, b: &Polygon) -> Option<(Scaled, Scaled)> {
    if a.points.is_empty() || b.points.is_empty() || crate::overlap(a, b) {
        return None;
    }
    let mut best: Option<(Ratio, Scaled, Scaled)> = None;
    let mut consider = |g: Ratio, from_a: Scaled, from_b: Scaled| {
        if best.is_none_or(|(b, _, _)| g < b) {
            best = Some((g, from_a, from_b));
        }
    };
    let pieces = |poly: &Polygon| -> Vec<(Pos, Pos)> {
        if poly.points.len() == 1 { vec![(poly.points[0], poly.points[0])] } else { poly.edges().collect() }
    };
    let (ea, eb) = (pieces(a), pieces(b));
    for &p in &a.points {
        for &(s, t) in &eb {
            let (f, g) = foot(p, s, t);
            consider(g, Scaled::whole(p), f);
        }
    }
    for &p in &b.points {
        for &(s, t) in &ea {
            let (f, g) = foot(p, s, t);
            consider(g, f, Scaled::whole(p));
        }
    }
    best.map(|(_, x, y)| (x, y))
}

impl Polyline {
    /// Whether some point of it lies within `r` sixteenths of `poly`, touching or crossing it
    /// included (8.6: a stand behind a wall lies within 1/2 inch of it, R35.2; 8.10: a fence
    /// to rest arms on, R36.1). Exact, as [`within`].
    #[must_use]
    pub fn within(&self, poly: &Polygon, r: i64) -> bool {
        if let [p] = self.points.as_slice() {
            return within(&Polygon { points: vec![*p] }, poly, r);
        }
        // A piece as a two-cornered shape: its two edges are the piece there and back.
        self.pieces().any(|(p, q)| within(&Polygon { points: vec![p, q] }, poly, r))
    }

    /// Whether it lies between the shapes `a` and `b`: it meets the range line joining their
    /// nearest points (R9.3; 8.6's "behind" cover, R35.2, and 8.10's rest "in front", R36.1),
    /// found exactly even where an end of that line is not on a whole sixteenth. Where several
    /// pairs of points are equally near (two edges square on to each other), the first pair
    /// found stands for them: a corner of `a`, else a corner of `b`, in corner order. Shapes
    /// touching or overlapping have nothing between them.
    #[must_use]
    pub fn between(&self, a: &Polygon, b: &Polygon) -> bool {
        let Some((p, q)) = nearest(a, b) else { return false };
        if let [only] = self.points.as_slice() {
            return scaled_cross(p, q, *only, *only);
        }
        self.pieces().any(|(s, t)| scaled_cross(p, q, s, t))
    }
}

impl Polyline {
    /// How far along it, in sixteenths, a walk of `dist` sixteenths from `from_s` ends, going
    /// toward its last corner (`toward_end`) or its first, stopping at the end it reaches (a
    /// column on a road, R15.4; a trail's head). `from_s` is clamped to the line first, and a
    /// negative `dist` walks nowhere. Floating point, like [`Polyline::point_at`], whose point
    /// this distance names.
    #[must_use]
    pub fn follow(&self, from_s: f64, toward_end: bool, dist: f64) -> f64 {
        let len = self.length();
        let start = from_s.clamp(0.0, len);
        let step = dist.max(0.0);
        if toward_end { (start + step).min(len) } else { (start - step).max(0.0) }
    }

    /// The way a walker at `s` sixteenths along it faces going toward its last corner
    /// (`toward_end`) or its first: down the piece it stands on (at a corner, the piece it
    /// goes on to; at the far end, the last piece it walked), to the whole degree. Up the
    /// table for a line of fewer than two distinct corners.
    #[must_use]
    pub fn facing_at(&self, s: f64, toward_end: bool) -> crate::Facing {
        let pieces: Vec<(Pos, Pos)> = self.pieces().filter(|(a, b)| a != b).collect();
        let (mut walked, mut found) = (0.0, None);
        for &(a, b) in &pieces {
            let len = (a.dist2(b) as f64).sqrt();
            // Going forward, a corner belongs to the piece after it; going back, to the one
            // before it.
            let here = if toward_end { s < walked + len } else { s <= walked + len };
            if here {
                found = Some((a, b));
                break;
            }
            walked += len;
        }
        let Some((a, b)) = found.or_else(|| pieces.last().copied()) else { return crate::Facing::default() };
        if toward_end { crate::angle::facing_toward(a, b) } else { crate::angle::facing_toward(b, a) }
    }
}

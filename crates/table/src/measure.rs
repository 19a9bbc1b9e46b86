//! Measuring on the table: whether one shape lies within a distance of another (a closure
//! within 2 inches, a target within range) and the range between them in whole inches,
//! partial inches rounded up (8.1: 9 1/4 inches is 10). Exact: squared distances are compared
//! in integers, never rooted.

use crate::contact::Ratio;
use crate::shape::{Polygon, overlap};
use crate::{Pos, SIXTEENTHS};

/// Whether `p` lies within `r` sixteenths of the segment `a`-`b` (its ends included).
#[must_use]
pub fn point_within_segment(p: Pos, a: Pos, b: Pos, r: i64) -> bool {
    let r2 = i128::from(r) * i128::from(r);
    let (abx, aby) = a.to(b);
    let (apx, apy) = a.to(p);
    let len2 = i128::from(abx * abx + aby * aby);
    let t = i128::from(abx) * i128::from(apx) + i128::from(aby) * i128::from(apy);
    if len2 == 0 || t <= 0 {
        return i128::from(a.dist2(p)) <= r2;
    }
    if t >= len2 {
        return i128::from(b.dist2(p)) <= r2;
    }
    // The foot of the perpendicular falls inside: the distance is |cross| / |ab|.
    let cross = i128::from(abx) * i128::from(apy) - i128::from(aby) * i128::from(apx);
    cross * cross <= r2 * len2
}

/// Whether the shapes `a` and `b` come within `r` sixteenths of each other (overlapping or
/// touching: any `r`).
#[must_use]
pub fn within(a: &Polygon, b: &Polygon, r: i64) -> bool {
    if overlap(a, b) {
        return true;
    }
    // Apart, the nearest points are a corner of one and an edge of the other.
    let near =
        |x: &Polygon, y: &Polygon| x.points.iter().any(|&p| y.edges().any(|(s, t)| point_within_segment(p, s, t, r)));
    near(a, b) || near(b, a)
}

/// The range from `a` to `b` in whole inches, partial inches rounded up (8.1); 0 when they
/// touch or overlap; `u32::MAX` when either is empty. The least whole inches within reach is
/// the whole sixteenths within reach rounded up to inches.
#[must_use]
pub fn range_inches(a: &Polygon, b: &Polygon) -> u32 {
    let d = distance_sixteenths(a, b);
    if d == i64::MAX {
        return u32::MAX;
    }
    let inch = i64::from(SIXTEENTHS);
    u32::try_from((d + inch - 1) / inch).unwrap_or(u32::MAX)
}

/// The distance from `a` to `b` in whole sixteenths, rounded up (0 when they touch): the least
/// `k` for which [`within`] holds, found exactly.
#[must_use]
pub fn distance_sixteenths(a: &Polygon, b: &Polygon) -> i64 {
    if a.points.is_empty() || b.points.is_empty() {
        return i64::MAX;
    }
    let (mut lo, mut hi) = (0i64, 1i64);
    while !within(a, b, hi) {
        lo = hi;
        hi *= 2;
    }
    // within(lo) is false unless lo == 0; within(hi) is true.
    if within(a, b, lo) {
        return lo;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if within(a, b, mid) { hi = mid } else { lo = mid }
    }
    hi
}

/// The square of the distance from `p` to the segment `a`-`b`, in square sixteenths, exact.
fn segment_gap_squared(p: Pos, a: Pos, b: Pos) -> Ratio {
    let (abx, aby) = a.to(b);
    let (apx, apy) = a.to(p);
    let len2 = i128::from(abx * abx + aby * aby);
    let t = i128::from(abx) * i128::from(apx) + i128::from(aby) * i128::from(apy);
    if len2 == 0 || t <= 0 {
        return Ratio::whole(i128::from(a.dist2(p)));
    }
    if t >= len2 {
        return Ratio::whole(i128::from(b.dist2(p)));
    }
    let cross = i128::from(abx) * i128::from(apy) - i128::from(aby) * i128::from(apx);
    Ratio::new(cross * cross, len2).unwrap_or(Ratio::whole(0))
}

/// The square of the least distance between the shapes `a` and `b`, in square sixteenths, as
/// an exact fraction (zero when they touch or overlap; `None` when either is empty). The
/// distance itself is seldom a fraction (a corner to a corner is the root of a whole number),
/// but its square always is, so any two gaps, or a gap and a length, compare exactly: R51's
/// Skirmish Line chain (at least 3 inches from every other stand, at most 6 from the next)
/// and 5.5's 3 inches read it through [`gap_at_least`] and [`within`].
#[must_use]
pub fn gap_squared(a: &Polygon, b: &Polygon) -> Option<Ratio> {
    if a.points.is_empty() || b.points.is_empty() {
        return None;
    }
    if overlap(a, b) {
        return Some(Ratio::whole(0));
    }
    // Apart, the nearest points are a corner of one and an edge (or corner) of the other.
    [corner_gap_squared(a, b), corner_gap_squared(b, a)].into_iter().flatten().min()
}

/// The least squared distance from a corner of `x` to an edge (or the lone corner) of `y`.
fn corner_gap_squared(x: &Polygon, y: &Polygon) -> Option<Ratio> {
    x.points
        .iter()
        .flat_map(|&p| {
            let lone = (y.points.len() == 1).then(|| Ratio::whole(i128::from(p.dist2(y.points[0]))));
            y.edges().map(move |(s, t)| segment_gap_squared(p, s, t)).chain(lone)
        })
        .min()
}

/// The gap between two stands, squared ([`gap_squared`] of their rectangles).
#[must_use]
pub fn stand_gap_squared(a: &crate::Stand, b: &crate::Stand) -> Ratio {
    gap_squared(&a.polygon(), &b.polygon()).unwrap_or(Ratio::whole(0))
}

/// Whether `a` and `b` are at least `r` sixteenths apart edge to edge (5.5: a Skirmish Line's
/// stands at least 3 inches apart), exactly: a gap of exactly `r` is at least `r`. Empty
/// shapes are never apart.
#[must_use]
pub fn gap_at_least(a: &Polygon, b: &Polygon, r: i64) -> bool {
    let r = i128::from(r.max(0));
    gap_squared(a, b).is_some_and(|g| g >= Ratio::whole(r * r))
}

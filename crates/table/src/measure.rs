//! Measuring on the table: whether one shape lies within a distance of another (a closure
//! within 2 inches, a target within range) and the range between them in whole inches,
//! partial inches rounded up (8.1: 9 1/4 inches is 10). Exact: squared distances are compared
//! in integers, never rooted.

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

//! How far a shape may move straight before it meets another (the plan's geometry step 1, item
//! 4: every move's exact legal distance, 6.6 and 4.1 of the engine's parametrised actions):
//! the least travel at which a moving convex shape first touches an obstacle, as an exact
//! fraction of sixteenths, never rounded, so a page can clamp a drag to it and the predicate
//! agree to the sixteenth.

use crate::Pos;
use crate::angle::{Facing, ONE};
use crate::shape::{Polygon, overlap};
use std::cmp::Ordering;

/// A non-negative length in sixteenths as an exact fraction `num / den` (`den` > 0).
#[derive(Clone, Copy, Debug, Eq)]
pub struct Ratio {
    /// The numerator.
    pub num: i128,
    /// The denominator, positive.
    pub den: i128,
}

impl Ratio {
    /// `n` whole sixteenths.
    #[must_use]
    pub const fn whole(n: i128) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// `num / den` in lowest terms with a positive denominator; `None` when `den` is zero.
    #[must_use]
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let (mut a, mut b) = (num.unsigned_abs(), den.unsigned_abs());
        while b != 0 {
            (a, b) = (b, a % b);
        }
        let g = i128::try_from(a.max(1)).unwrap_or(1);
        let sign = den.signum();
        Some(Ratio { num: sign * num / g, den: sign * den / g })
    }

    /// The whole sixteenths at or below it.
    #[must_use]
    pub fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }

    /// As floating point (for a page's drawing, never for a rule).
    #[must_use]
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl PartialEq for Ratio {
    fn eq(&self, o: &Ratio) -> bool {
        self.num * o.den == o.num * self.den
    }
}

impl PartialOrd for Ratio {
    fn partial_cmp(&self, o: &Ratio) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Ratio {
    fn cmp(&self, o: &Ratio) -> Ordering {
        (self.num * o.den).cmp(&(o.num * self.den))
    }
}

/// `p` moved `travel` sixteenths along `bearing` (the sine table's direction, so the length
/// is exact to a part in 65,536), to the nearest sixteenth.
#[must_use]
pub fn moved(p: Pos, bearing: Facing, travel: i64) -> Pos {
    let (fx, fy) = bearing.vector();
    let step = |v: i64| i32::try_from(crate::angle::unscale(travel * v)).unwrap_or(i32::MAX);
    Pos::new(p.x + step(fx), p.y + step(fy))
}

/// The least travel along `bearing` at which `moving` (convex) first touches any of
/// `obstacles` (convex), or `None` if it never does; zero if it touches one already. A shape
/// sliding past another along a shared line touches it from the start.
#[must_use]
pub fn first_contact(moving: &Polygon, bearing: Facing, obstacles: &[Polygon]) -> Option<Ratio> {
    let d = bearing.vector();
    let mut best: Option<Ratio> = None;
    for o in obstacles {
        let t = contact_with(moving, d, o);
        if t == Some(Ratio::whole(0)) {
            return t;
        }
        if let Some(t) = t
            && best.is_none_or(|b| t < b)
        {
            best = Some(t);
        }
    }
    best
}

/// The least travel along the tabled direction `(dx, dy)` at which `moving` meets `o`.
fn contact_with(moving: &Polygon, (dx, dy): (i64, i64), o: &Polygon) -> Option<Ratio> {
    if overlap(moving, o) {
        return Some(Ratio::whole(0));
    }
    let mut best: Option<Ratio> = None;
    let mut consider = |r: Ratio| {
        if best.is_none_or(|b| r < b) {
            best = Some(r);
        }
    };
    // A moving corner meets a fixed edge, and a fixed corner meets a moving edge (the same sum
    // with the motion reversed).
    for &v in &moving.points {
        for (a, b) in o.edges() {
            if let Some(t) = hit(v, (dx, dy), a, b) {
                consider(t);
            }
        }
    }
    for &w in &o.points {
        for (a, b) in moving.edges() {
            if let Some(t) = hit(w, (-dx, -dy), a, b) {
                consider(t);
            }
        }
    }
    best
}

/// As [`first_contact`] for several moving shapes at once (a body's stands, which move
/// together), the least travel at which any of them meets any obstacle. Obstacles that no
/// moving shape's lane reaches (wholly to one side of the lanes the shapes slide along, or
/// wholly behind them) are dropped first by two dot products a corner, so a line crossing a
/// crowded table tests only what lies ahead of it.
#[must_use]
pub fn first_contact_all(moving: &[Polygon], bearing: Facing, obstacles: &[Polygon]) -> Option<Ratio> {
    let (dx, dy) = bearing.vector();
    // Across the lane (the bearing turned a quarter) and along it.
    let across = |p: &Pos| -i64::from(p.x) * dy + i64::from(p.y) * dx;
    let along = |p: &Pos| i64::from(p.x) * dx + i64::from(p.y) * dy;
    let span = |poly: &Polygon, f: &dyn Fn(&Pos) -> i64| {
        poly.points.iter().map(f).fold((i64::MAX, i64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
    };
    let mut best: Option<Ratio> = None;
    for m in moving {
        let ((alo, ahi), (flo, _)) = (span(m, &across), span(m, &along));
        for o in obstacles {
            let ((olo, ohi), (_, ohi_f)) = (span(o, &across), span(o, &along));
            if o.points.is_empty() || olo > ahi || alo > ohi || ohi_f < flo {
                continue;
            }
            if let Some(t) = contact_with(m, (dx, dy), o)
                && best.is_none_or(|b| t < b)
            {
                best = Some(t);
            }
        }
    }
    best
}

/// The travel (in sixteenths along the direction `d`, scaled by [`ONE`]) at which point `v`
/// moving along `d` meets the segment `a`-`b`, if it does at a travel of zero or more.
fn hit(v: Pos, d: (i64, i64), a: Pos, b: Pos) -> Option<Ratio> {
    let (ex, ey) = a.to(b);
    let (ax, ay) = v.to(a);
    // v + s d = a + u e, with s the travel scaled by ONE: s = cross(a - v, e) / cross(d, e).
    let den = i128::from(d.0) * i128::from(ey) - i128::from(d.1) * i128::from(ex);
    if den == 0 {
        return None;
    }
    let s_num = i128::from(ax) * i128::from(ey) - i128::from(ay) * i128::from(ex);
    let u_num = i128::from(ax) * i128::from(d.1) - i128::from(ay) * i128::from(d.0);
    // Normalise the signs so the denominator is positive.
    let (s_num, u_num, den) = if den < 0 { (-s_num, -u_num, -den) } else { (s_num, u_num, den) };
    if s_num < 0 || u_num < 0 || u_num > den {
        return None;
    }
    // The travel in sixteenths: s * ONE / |d| with |d| = ONE for the tabled vector's scale.
    Some(Ratio { num: s_num * i128::from(ONE), den })
}

/// Whether `moving` may travel `travel` whole sixteenths along `bearing` without touching any
/// of `obstacles` on the way, its end included (the predicate a move's range must agree
/// with).
#[must_use]
pub fn clear_for(moving: &Polygon, bearing: Facing, travel: i64, obstacles: &[Polygon]) -> bool {
    first_contact(moving, bearing, obstacles).is_none_or(|t| t > Ratio::whole(i128::from(travel)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Stand;
    use crate::{Facing, SIXTEENTHS};

    fn stand(x: i32, y: i32) -> Polygon {
        Stand { centre: Pos::inches(x, y), facing: Facing::new(0), width: SIXTEENTHS, depth: SIXTEENTHS / 2 }.polygon()
    }

    #[test]
    fn a_stand_marching_up_the_table_meets_the_one_ahead_at_the_gap() {
        // Front edge at y = 164, the other's back edge at 236: 4 1/2 inches.
        let gap = first_contact(&stand(10, 10), Facing::new(0), &[stand(10, 15)]).expect("ahead");
        assert_eq!(gap, Ratio::whole(72));
        assert!(clear_for(&stand(10, 10), Facing::new(0), 71, &[stand(10, 15)]));
        assert!(!clear_for(&stand(10, 10), Facing::new(0), 72, &[stand(10, 15)]), "touching at 72");
        // Marching the other way, it never meets it; beside the lane, neither.
        assert_eq!(first_contact(&stand(10, 10), Facing::new(180), &[stand(10, 15)]), None);
        assert_eq!(first_contact(&stand(10, 10), Facing::new(0), &[stand(12, 15)]), None);
    }

    #[test]
    fn an_oblique_march_meets_a_corner_by_the_exact_fraction() {
        let t = first_contact(&stand(10, 10), Facing::new(45), &[stand(14, 14)]).expect("meets");
        // Up and to the right at 45 degrees, some 60-90 sixteenths, met at a fraction.
        let moved_by = t.to_f64();
        assert!(moved_by > 60.0 && moved_by < 90.0, "{moved_by}");
        assert!(t.den > 1, "a fraction, not rounded: {t:?}");
    }

    #[test]
    fn touching_already_is_zero() {
        assert_eq!(first_contact(&stand(10, 10), Facing::new(90), &[stand(11, 10)]), Some(Ratio::whole(0)));
    }
}

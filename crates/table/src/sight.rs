//! Lines of sight over the table (8.8: from the centre of each firing stand to any portion of
//! the target, blocked by other units, towns, buildings, woods and hills) and the length of
//! a line inside woods (8.6, 8.7: more than an inch of woods). Which shapes block is the
//! ruleset's to say (8.8's higher ground lets a unit see over what is nearer to it); this
//! module answers for the shapes it is given.
//!
//! Reading: a shape blocks only a line that passes through its inside; a line that grazes
//! its edge or corner does not (stands in contact along a wood's edge still see along it).
//! Lines end at points that need not be whole sixteenths, so the tests here work in floating
//! point, with only the operations IEEE 754 rounds exactly (`+ - * /` and `sqrt`): the same
//! answer on every machine.

use crate::Pos;
use crate::shape::Polygon;

/// A point in sixteenths, not necessarily whole.
type Pt = (f64, f64);

/// How near, in sixteenths, counts as on a line (a thousandth of a sixteenth).
const EPS: f64 = 1e-3;

fn pt(p: Pos) -> Pt {
    (f64::from(p.x), f64::from(p.y))
}

fn cross(o: Pt, a: Pt, b: Pt) -> f64 {
    (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
}

fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

fn distance(a: Pt, b: Pt) -> f64 {
    ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).sqrt()
}

/// Whether `p` lies inside `poly`, not on or within [`EPS`] of its edge.
fn strictly_inside(p: Pt, poly: &Polygon) -> bool {
    let mut inside = false;
    for (a, b) in poly.edges() {
        let (a, b) = (pt(a), pt(b));
        let len = distance(a, b);
        // On the edge (within EPS of the segment): not inside.
        if len > 0.0 {
            let t = (((p.0 - a.0) * (b.0 - a.0) + (p.1 - a.1) * (b.1 - a.1)) / (len * len)).clamp(0.0, 1.0);
            if distance(p, lerp(a, b, t)) <= EPS {
                return false;
            }
        } else if distance(p, a) <= EPS {
            return false;
        }
        if (a.1 > p.1) != (b.1 > p.1) {
            let x = a.0 + (p.1 - a.1) * (b.0 - a.0) / (b.1 - a.1);
            if x > p.0 {
                inside = !inside;
            }
        }
    }
    inside
}

/// Where along `a`-`b` (0 to 1) it meets the edges of `poly`, with both ends.
fn cuts(a: Pt, b: Pt, poly: &Polygon) -> Vec<f64> {
    let mut ts = vec![0.0, 1.0];
    let d = (b.0 - a.0, b.1 - a.1);
    for (p, q) in poly.edges() {
        let (p, q) = (pt(p), pt(q));
        let e = (q.0 - p.0, q.1 - p.1);
        let den = d.0 * e.1 - d.1 * e.0;
        if den.abs() < f64::MIN_POSITIVE {
            // Parallel: where the edge's ends fall along the line, if on it.
            for v in [p, q] {
                if cross(a, b, v).abs() <= EPS * distance(a, b) {
                    let len2 = d.0 * d.0 + d.1 * d.1;
                    if len2 > 0.0 {
                        ts.push(((v.0 - a.0) * d.0 + (v.1 - a.1) * d.1) / len2);
                    }
                }
            }
            continue;
        }
        let t = ((p.0 - a.0) * e.1 - (p.1 - a.1) * e.0) / den;
        let u = ((p.0 - a.0) * d.1 - (p.1 - a.1) * d.0) / den;
        if (-1e-12..=1.0 + 1e-12).contains(&u) {
            ts.push(t);
        }
    }
    ts.retain(|t| (0.0..=1.0).contains(t));
    ts.sort_by(f64::total_cmp);
    ts.dedup();
    ts
}

/// The length, in sixteenths, of the line `a`-`b` inside `poly` (8.6: through more than an
/// inch of woods; 8.7: less than an inch needs no visibility roll).
#[must_use]
pub fn length_inside(a: Pos, b: Pos, poly: &Polygon) -> f64 {
    length_inside_pt(pt(a), pt(b), poly)
}

fn length_inside_pt(a: Pt, b: Pt, poly: &Polygon) -> f64 {
    let ts = cuts(a, b, poly);
    let len = distance(a, b);
    ts.windows(2).filter(|w| strictly_inside(lerp(a, b, (w[0] + w[1]) / 2.0), poly)).map(|w| (w[1] - w[0]) * len).sum()
}

/// Whether the line from `a` to `b` passes through the inside of any of `blockers`.
fn blocked(a: Pt, b: Pt, blockers: &[&Polygon]) -> bool {
    blockers.iter().any(|poly| {
        let ts = cuts(a, b, poly);
        ts.windows(2).any(|w| w[1] - w[0] > 1e-12 && strictly_inside(lerp(a, b, (w[0] + w[1]) / 2.0), poly))
    })
}

/// Whether the line from `a` to `b` passes through the inside of none of `blockers`.
#[must_use]
pub fn line_clear(a: Pos, b: Pos, blockers: &[&Polygon]) -> bool {
    !blocked(pt(a), pt(b), blockers)
}

/// As [`line_clear`], to a point `b` in sixteenths that need not be whole (a point along a
/// target's edge).
#[must_use]
pub fn line_clear_to(a: Pos, b: (f64, f64), blockers: &[&Polygon]) -> bool {
    !blocked(pt(a), b, blockers)
}

/// 8.8: whether some portion of `target` can be seen from `from` past `blockers`. Exact up to
/// [`EPS`]: along each edge of the target, which points are seen changes only where a line
/// from `from` through a blocker's corner meets the edge, so the corners, those points and
/// one point between each two of them settle every stretch.
#[must_use]
pub fn sees(from: Pos, target: &Polygon, blockers: &[&Polygon]) -> bool {
    let f = pt(from);
    let corners: Vec<Pt> = blockers.iter().flat_map(|p| p.points.iter().map(|&q| pt(q))).collect();
    for (p, q) in target.edges() {
        let (p, q) = (pt(p), pt(q));
        let mut ts = vec![0.0, 1.0];
        let e = (q.0 - p.0, q.1 - p.1);
        for &c in &corners {
            // Where the line from `from` through corner c meets the edge p-q.
            let d = (c.0 - f.0, c.1 - f.1);
            let den = d.0 * e.1 - d.1 * e.0;
            if den.abs() < f64::MIN_POSITIVE {
                continue;
            }
            let u = ((p.0 - f.0) * d.1 - (p.1 - f.1) * d.0) / den;
            if (0.0..=1.0).contains(&u) {
                ts.push(u);
            }
        }
        ts.sort_by(f64::total_cmp);
        ts.dedup();
        let mids: Vec<f64> = ts.windows(2).map(|w| (w[0] + w[1]) / 2.0).collect();
        if ts.iter().chain(&mids).any(|&t| !blocked(f, lerp(p, q, t), blockers)) {
            return true;
        }
    }
    // A target of one point (no edges to walk).
    target.points.len() == 1 && !blocked(f, pt(target.points[0]), blockers)
}

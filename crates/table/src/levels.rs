//! Crossing ground in levels (6.7: slopes slow a move; 7.3, 8.8, 9.16: higher ground): where a
//! path goes up or down a level, and over which kind of slope. The path's corners are whole
//! sixteenths but where it crosses a contour seldom is, so the cuts are found in floating
//! point with only IEEE-exact operations (as [`crate::sight`] does), and the level between two
//! cuts is read at their middle, an edge counting as in (as [`Levels::level_at`] reads it).

use crate::Pos;
use crate::shape::{Levels, Polygon, inside};

/// One step up or down where a path crosses a contour.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Crossing {
    /// The level before it.
    pub from: u8,
    /// The level after it.
    pub to: u8,
    /// The slope class of the contour crossed: that of the higher area's edge there (the
    /// steepest if several meet there), 0 if none is listed.
    pub class: u8,
    /// How far along the path, in sixteenths.
    pub at: f64,
}

/// Something wrong with a [`Levels`] as authored, found when it is loaded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelsFault {
    /// Area `i` (of level 2 or more) lies wholly inside no area one level lower.
    NotNested(usize),
    /// Area `i` lists more slope classes than it has edges.
    TooManySlopes(usize),
    /// More slope lists than areas.
    SlopesWithoutArea,
}

type Pt = (f64, f64);

/// How near, in sixteenths, counts as on an edge (a millionth of a sixteenth).
const EPS: f64 = 1e-6;

fn pt(p: Pos) -> Pt {
    (f64::from(p.x), f64::from(p.y))
}

fn near_segment(p: Pt, a: Pt, b: Pt) -> bool {
    let (ex, ey) = (b.0 - a.0, b.1 - a.1);
    let len2 = ex * ex + ey * ey;
    let t = if len2 > 0.0 { (((p.0 - a.0) * ex + (p.1 - a.1) * ey) / len2).clamp(0.0, 1.0) } else { 0.0 };
    let (dx, dy) = (p.0 - a.0 - t * ex, p.1 - a.1 - t * ey);
    (dx * dx + dy * dy).sqrt() <= EPS
}

/// Whether `p` lies in `poly`, its edge (to within [`EPS`]) included.
fn holds(poly: &Polygon, p: Pt) -> bool {
    let mut inside = false;
    for (a, b) in poly.edges() {
        let (a, b) = (pt(a), pt(b));
        if near_segment(p, a, b) {
            return true;
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

impl Levels {
    fn level_at_pt(&self, p: Pt) -> u8 {
        self.areas.iter().filter(|(a, _)| holds(a, p)).map(|&(_, l)| l).max().unwrap_or(0)
    }

    fn class(&self, area: usize, edge: usize) -> u8 {
        self.slopes.get(area).and_then(|s| s.get(edge)).copied().unwrap_or(0)
    }

    /// Each change of level along `path` (its corners in order), in order along it: from
    /// which level to which, over which slope class, and where. A path that runs along a
    /// contour stays on the higher level (an edge is in); one that only touches a contour at a
    /// point and turns back does not cross it.
    #[must_use]
    pub fn crossings(&self, path: &[Pos]) -> Vec<Crossing> {
        let mut out = Vec::new();
        let Some(&first) = path.first() else { return out };
        let mut level = self.level_at(first);
        let mut walked = 0.0;
        for w in path.windows(2) {
            let (a, b) = (pt(w[0]), pt(w[1]));
            let len = ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).sqrt();
            let cuts = self.cuts(a, b);
            for pair in cuts.windows(2) {
                let (t0, t1) = (pair[0], pair[1]);
                if t1 - t0 <= f64::EPSILON {
                    continue;
                }
                let mid = lerp(a, b, (t0 + t1) / 2.0);
                let here = self.level_at_pt(mid);
                if here != level {
                    let at = lerp(a, b, t0);
                    out.push(Crossing {
                        from: level,
                        to: here,
                        class: self.class_at(at, level.max(here)),
                        at: walked + t0 * len,
                    });
                    level = here;
                }
            }
            walked += len;
        }
        // Ending on a contour's edge is ending on the higher ground (an edge is in).
        let end = path[path.len() - 1];
        let last = self.level_at(end);
        if last != level {
            out.push(Crossing { from: level, to: last, class: self.class_at(pt(end), level.max(last)), at: walked });
        }
        out
    }

    /// Where along `a`-`b` (0 to 1) it meets any area's edge, with both ends, in order.
    fn cuts(&self, a: Pt, b: Pt) -> Vec<f64> {
        let mut ts = vec![0.0, 1.0];
        let d = (b.0 - a.0, b.1 - a.1);
        let len2 = d.0 * d.0 + d.1 * d.1;
        if len2 == 0.0 {
            return ts;
        }
        for (poly, _) in &self.areas {
            for (p, q) in poly.edges() {
                let (p, q) = (pt(p), pt(q));
                let e = (q.0 - p.0, q.1 - p.1);
                let den = d.0 * e.1 - d.1 * e.0;
                if den == 0.0 {
                    // Parallel: where the edge's ends fall along the piece, if on its line.
                    for v in [p, q] {
                        if ((v.0 - a.0) * d.1 - (v.1 - a.1) * d.0) == 0.0 {
                            ts.push(((v.0 - a.0) * d.0 + (v.1 - a.1) * d.1) / len2);
                        }
                    }
                    continue;
                }
                let t = ((p.0 - a.0) * e.1 - (p.1 - a.1) * e.0) / den;
                let u = ((p.0 - a.0) * d.1 - (p.1 - a.1) * d.0) / den;
                if (0.0..=1.0).contains(&u) {
                    ts.push(t);
                }
            }
        }
        ts.retain(|t| (0.0..=1.0).contains(t));
        ts.sort_by(f64::total_cmp);
        ts.dedup();
        ts
    }

    /// The steepest slope class among the edges through `p` of areas at `level`.
    fn class_at(&self, p: Pt, level: u8) -> u8 {
        self.areas
            .iter()
            .enumerate()
            .filter(|(_, (_, l))| *l == level)
            .flat_map(|(i, (poly, _))| {
                poly.edges()
                    .enumerate()
                    .filter(move |(_, (s, t))| near_segment(p, pt(*s), pt(*t)))
                    .map(move |(k, _)| (i, k))
            })
            .map(|(i, k)| self.class(i, k))
            .max()
            .unwrap_or(0)
    }

    /// What is wrong with it as authored (empty when nothing): each area of level 2 or more
    /// must lie inside an area one level lower (nested contours), and no area may list more
    /// slope classes than it has edges.
    #[must_use]
    pub fn faults(&self) -> Vec<LevelsFault> {
        let mut out = Vec::new();
        for (i, (poly, l)) in self.areas.iter().enumerate() {
            if *l >= 2 && !self.areas.iter().any(|(o, m)| *m + 1 == *l && inside(poly, o)) {
                out.push(LevelsFault::NotNested(i));
            }
            if self.slopes.get(i).is_some_and(|s| s.len() > poly.points.len()) {
                out.push(LevelsFault::TooManySlopes(i));
            }
        }
        if self.slopes.len() > self.areas.len() {
            out.push(LevelsFault::SlopesWithoutArea);
        }
        out
    }
}

fn lerp(a: Pt, b: Pt, t: f64) -> Pt {
    (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t)
}

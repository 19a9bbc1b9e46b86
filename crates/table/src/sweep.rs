//! The ground a stand covers as it moves, so a move that would pass through another stand
//! is refused (6.6: no interpenetration) and not only one that ends on it: a straight move
//! sweeps the hull of its start and end; a wheel about a fixed end turns a whole degree at a
//! time, and each degree's stand is tested (the arc between two degrees strays less than a
//! sixteenth from the chord on any stand a table holds).

use crate::angle::rotate;
use crate::shape::{Polygon, Stand, overlap};
use crate::{Pos, orient};

/// The smallest convex polygon holding every point of `points` (anticlockwise, no three
/// corners on a line); the points themselves when fewer than three.
#[must_use]
pub fn hull(points: &[Pos]) -> Polygon {
    let mut p = points.to_vec();
    p.sort_unstable();
    p.dedup();
    if p.len() < 3 {
        return Polygon { points: p };
    }
    let mut lower: Vec<Pos> = Vec::new();
    for &q in &p {
        while lower.len() >= 2 && orient(lower[lower.len() - 2], lower[lower.len() - 1], q) <= 0 {
            lower.pop();
        }
        lower.push(q);
    }
    let mut upper: Vec<Pos> = Vec::new();
    for &q in p.iter().rev() {
        while upper.len() >= 2 && orient(upper[upper.len() - 2], upper[upper.len() - 1], q) <= 0 {
            upper.pop();
        }
        upper.push(q);
    }
    lower.pop();
    upper.pop();
    lower.extend(upper);
    Polygon { points: lower }
}

/// The ground `stand` covers moving straight, without turning, until its centre stands on
/// `to`.
#[must_use]
pub fn translation(stand: &Stand, to: Pos) -> Polygon {
    let end = Stand { centre: to, ..*stand };
    let mut points = stand.corners().to_vec();
    points.extend(end.corners());
    hull(&points)
}

/// `stand` turned `deg` degrees clockwise (negative: anticlockwise) about `pivot` (a front
/// corner, for a wheel), facing and all.
#[must_use]
pub fn turned(stand: &Stand, pivot: Pos, deg: i32) -> Stand {
    Stand { centre: rotate(stand.centre, pivot, deg), facing: stand.facing.turned(deg), ..*stand }
}

/// The stand at each whole degree of a wheel of `deg` degrees about `pivot`, the start left
/// out and the end included.
#[must_use]
pub fn wheel(stand: &Stand, pivot: Pos, deg: i32) -> Vec<Stand> {
    let step = deg.signum();
    (1..=deg.abs()).map(|k| turned(stand, pivot, k * step)).collect()
}

/// Whether the ground `path` covers meets none of `others`.
#[must_use]
pub fn clear(path: &[Polygon], others: &[Polygon]) -> bool {
    path.iter().all(|p| others.iter().all(|o| !overlap(p, o)))
}

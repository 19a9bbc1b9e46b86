//! Wheels (6.3: one end of the unit stays put and the other swings to the new facing; R11 of
//! the ROTR plan): how far a body may wheel before some degree's pose meets an obstacle, and
//! what the swing costs. The wheel is tested a whole degree at a time, as [`crate::sweep`]
//! does for one stand: R11.4 defines "the wheel is clear" as every whole degree's pose clear,
//! so a page and the rules agree on the same poses.

use crate::Pos;
use crate::formation::Body;
use crate::measure::within;
use crate::shape::{Bbox, Polygon, overlap_interior};
use crate::sweep::turned;
use serde::{Deserialize, Serialize};

/// Which way a wheel turns the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Sense {
    /// Clockwise seen from above: the facing turns right. About the right end the left end
    /// swings forward; about the left end the right end swings back (R11.3 allows both).
    Clockwise,
    /// Anticlockwise: the facing turns left.
    Anticlockwise,
}

impl Sense {
    /// +1 for clockwise, -1 for anticlockwise: the sign [`Body::wheeled`] takes.
    #[must_use]
    pub const fn sign(self) -> i32 {
        match self {
            Sense::Clockwise => 1,
            Sense::Anticlockwise => -1,
        }
    }
}

/// How near an obstacle a pose may come before it is blocked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Clearance {
    /// Touching is allowed; overlapping insides is not (friends in contact, R10.2). The
    /// obstacles must be convex (stands), as [`overlap_interior`] asks.
    Touch,
    /// The pose must stay more than this many sixteenths from every obstacle: `Apart(0)`
    /// forbids touching (any move short of a charge, R10.2 and R10.3). Any simple polygon.
    Apart(i64),
}

impl Clearance {
    fn blocks(self, a: &Polygon, b: &Polygon) -> bool {
        match self {
            Clearance::Touch => overlap_interior(a, b),
            Clearance::Apart(r) => within(a, b, r.max(0)),
        }
    }

    fn reach(self) -> i64 {
        match self {
            Clearance::Touch => 0,
            Clearance::Apart(r) => r.max(0),
        }
    }
}

/// The first whole degree, from 1 to `max`, of a wheel of `body` about `pivot` (an end of its
/// front, which stays put) the way `sense` turns, at which some stand of the body would be
/// blocked by one of `obstacles` under `clearance`; `None` when every degree up to `max` is
/// clear. The starting pose (degree 0) is the caller's to judge: a body already touching a
/// friend at its pivot may still wheel away from it under [`Clearance::Touch`].
///
/// Each stand's pose is [`Body::wheeled`]'s (every degree taken from the start, so rounding does
/// not pile up). Obstacles beyond the circle the body's far corner sweeps are dropped first,
/// then each pose is checked box against box before the exact test.
#[must_use]
pub fn first_blocked_degree(
    body: &Body,
    pivot: Pos,
    sense: Sense,
    obstacles: &[Polygon],
    clearance: Clearance,
    max: u16,
) -> Option<u16> {
    let reach = clearance.reach();
    // The circle the far corner sweeps, grown by the rounding of a turned corner (a centre and
    // then a corner each to the nearest sixteenth: under 2 sixteenths together).
    let radius = body.stands.iter().flat_map(|s| s.corners()).map(|c| c.dist2(pivot).isqrt() + 3).max()?;
    let r = i32::try_from(radius).unwrap_or(i32::MAX / 4);
    let disc = Bbox { lo: pivot, hi: pivot }.grown(r);
    let near: Vec<(&Polygon, Bbox)> =
        obstacles.iter().filter_map(|o| o.bbox().map(|b| (o, b))).filter(|(_, b)| disc.near(b, reach)).collect();
    if near.is_empty() {
        return None;
    }
    let step = sense.sign();
    (1..=max).find(|&k| {
        body.stands.iter().any(|s| {
            let pose = turned(s, pivot, step * i32::from(k)).polygon();
            let Some(pb) = pose.bbox() else { return false };
            near.iter().any(|(o, ob)| pb.near(ob, reach) && clearance.blocks(&pose, o))
        })
    })
}

/// The cost of a wheel of `deg` degrees by a front `width` sixteenths wide: the arc its moving
/// end's outer front corner travels, in whole sixteenths rounded up (R11.2:
/// `ceil(W x deg x 355 / (180 x 113))`, 355/113 standing for pi, exact in integers and never
/// below the true arc). Zero for a front of no width.
#[must_use]
pub fn arc_cost(width: i32, deg: u16) -> i64 {
    let w = i64::from(width.max(0));
    let num = w * i64::from(deg) * 355;
    let den = 180 * 113;
    (num + den - 1) / den
}

/// The most whole degrees, up to 180 (R11.3), that `body` may wheel about `pivot` the way
/// `sense` turns with `allowance` sixteenths of movement: every degree's pose clear under
/// `clearance` ([`first_blocked_degree`]) and the arc of a front `width` wide within the
/// allowance ([`arc_cost`]). Zero when not even one degree is possible.
#[must_use]
pub fn wheel_range(
    body: &Body,
    pivot: Pos,
    sense: Sense,
    obstacles: &[Polygon],
    clearance: Clearance,
    width: i32,
    allowance: i64,
) -> u16 {
    let affordable = (0..=180u16).rev().find(|&d| arc_cost(width, d) <= allowance).unwrap_or(0);
    first_blocked_degree(body, pivot, sense, obstacles, clearance, affordable).map_or(affordable, |b| b - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Facing;
    use crate::formation::{Formation, layout};
    use crate::shape::Stand;

    /// A six-stand line of 2-inch by 1-inch stands (25 mm) facing up the table, its front from
    /// (8, 20) to (20, 20) inches: wide enough that its far end moves over 3 sixteenths a
    /// degree, so each degree's rounding (under a sixteenth) cannot move the answer.
    fn line() -> Body {
        layout(Formation::Line, 6, 32, 16, Pos::new(224, 320), Facing::new(0))
    }

    fn block(x: i32, y: i32) -> Polygon {
        Stand { centre: Pos::new(x, y), facing: Facing::new(0), width: 16, depth: 8 }.polygon()
    }

    #[test]
    fn a_wheel_stops_at_the_degree_its_swinging_end_meets_a_stand() {
        let body = line();
        let (left, right) = body.front();
        assert_eq!((left, right), (Pos::new(128, 320), Pos::new(320, 320)));
        // A stand whose bottom edge is 35 sixteenths ahead, over where the left end swings:
        // 192 sin t is 33.3 at 10 degrees and 36.6 at 11, so the 11th is the first to touch.
        let ahead = block(130, 320 + 35 + 4);
        let one = std::slice::from_ref(&ahead);
        assert_eq!(first_blocked_degree(&body, right, Sense::Clockwise, one, Clearance::Apart(0), 180), Some(11));
        // The pose before is clear, the pose at it is not.
        let clear = |d: i32| body.wheeled(right, d).stands.iter().all(|s| !within(&s.polygon(), &ahead, 0));
        assert!(clear(10) && !clear(11));
        // Kept 2 sixteenths off, it stops a degree sooner.
        assert_eq!(first_blocked_degree(&body, right, Sense::Clockwise, one, Clearance::Apart(2), 180), Some(10));
        // The other way the left end swings back and never meets it.
        assert_eq!(first_blocked_degree(&body, right, Sense::Anticlockwise, one, Clearance::Apart(0), 180), None);
        // Stopping short of it: clear.
        assert_eq!(first_blocked_degree(&body, right, Sense::Clockwise, one, Clearance::Apart(0), 10), None);
    }

    #[test]
    fn a_friend_touching_the_pivot_end_blocks_only_when_touching_is_forbidden() {
        let body = line();
        let (_, right) = body.front();
        // A stand touching the line's right end, edge to edge.
        let friend = Stand { centre: Pos::new(336, 312), facing: Facing::new(0), width: 32, depth: 16 }.polygon();
        let one = std::slice::from_ref(&friend);
        assert_eq!(first_blocked_degree(&body, right, Sense::Clockwise, one, Clearance::Apart(0), 90), Some(1));
        assert_eq!(first_blocked_degree(&body, right, Sense::Clockwise, one, Clearance::Touch, 90), None);
        // Wheeling back about the same end swings the right stand's back corner into the friend,
        // once it has moved a whole sixteenth (16 sin t rounds to 1 from about 2 degrees; the
        // stand's centre rounds on its own, so the 4th degree here).
        assert_eq!(first_blocked_degree(&body, right, Sense::Anticlockwise, one, Clearance::Touch, 90), Some(4));
    }

    #[test]
    fn a_wheels_cost_is_its_arc_rounded_up() {
        // Six inches wheeled a quarter turn: 96 pi / 2 = 150.8 sixteenths.
        assert_eq!(arc_cost(96, 90), 151);
        assert_eq!(arc_cost(96, 0), 0);
        assert_eq!(arc_cost(-5, 90), 0);
        // 355/113 exceeds pi, so a half turn of 113 sixteenths is 355 exactly.
        assert_eq!(arc_cost(113, 180), 355);
    }

    #[test]
    fn the_range_of_a_wheel_is_the_lesser_of_the_allowance_and_the_first_block() {
        let body = line();
        let (_, right) = body.front();
        let ahead = block(130, 320 + 35 + 4);
        // 6 inches of movement buys 192 x t x pi / 180 <= 96: t <= 28.6 degrees; the stand
        // ahead stops it at 10.
        assert_eq!(wheel_range(&body, right, Sense::Clockwise, &[], Clearance::Apart(0), 192, 96), 28);
        assert_eq!(wheel_range(&body, right, Sense::Clockwise, &[ahead], Clearance::Apart(0), 192, 96), 10);
        assert_eq!(wheel_range(&body, right, Sense::Clockwise, &[], Clearance::Apart(0), 192, 0), 0);
    }
}

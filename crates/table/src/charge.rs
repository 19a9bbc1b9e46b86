//! Charges into contact (9.0, 6.11; R22 of the ROTR plan): where an attacker stands when its
//! front meets a chosen edge of its target (the *contact pose*), and the path that takes it
//! there, a wheel about a named end to square its front to that edge and then a straight move
//! of at most 45 degrees off its facing (R13).
//!
//! Stands' corners lie on whole sixteenths and a turned edge seldom passes through another
//! one, so two stands at an arbitrary facing can seldom lie exactly edge to edge. The pose is
//! therefore the nearest whole-sixteenth placement: touching where the geometry allows it (any
//! facing a multiple of 90 degrees, and whenever some corner can rest on the other's edge),
//! otherwise within a sixteenth, and in every case with no inside overlapping the target's.

use crate::angle::{Facing, ONE, facing_toward};
use crate::contact::{Ratio, first_contact};
use crate::formation::{Body, Edge, Frame};
use crate::measure::gap_squared;
use crate::shape::{Polygon, Stand, overlap_interior};
use crate::sweep::hull;
use crate::{Pos, SIXTEENTHS};

/// How far back, in sixteenths, the attacker is set off before it slides into contact.
const STANDOFF: i64 = 2 * SIXTEENTHS as i64;

/// The table point at `forward`, `right` in a frame (each scaled by [`ONE`]), to the nearest
/// sixteenth.
fn from_frame(f: &Frame, forward: i64, right: i64) -> Pos {
    let scale = i128::from(ONE) * i128::from(ONE);
    let round = |v: i128| {
        let half = scale / 2;
        let q = if v >= 0 { (v + half) / scale } else { -((-v + half) / scale) };
        i32::try_from(q).unwrap_or(i32::MAX)
    };
    let x = i128::from(forward) * i128::from(f.forward.0) + i128::from(right) * i128::from(f.right.0);
    let y = i128::from(forward) * i128::from(f.forward.1) + i128::from(right) * i128::from(f.right.1);
    Pos::new(round(x), round(y))
}

/// The body moved by `dx`, `dy` sixteenths, facing as it was.
fn shifted(body: &Body, dx: i32, dy: i32) -> Body {
    Body { stands: body.stands.iter().map(|s| Stand { centre: s.centre.offset(dx, dy), ..*s }).collect() }
}

/// The signed turn, in whole degrees from -179 to 180, from facing `from` to facing `to`.
fn turn_between(from: Facing, to: Facing) -> i32 {
    let d = (i32::from(to.degrees()) - i32::from(from.degrees())).rem_euclid(360);
    if d > 180 { d - 360 } else { d }
}

/// Each stand's centre relative to the middle of the body's front, rightward and forward in its
/// own frame, to the sixteenth. A body turned to a facing off the table's axes has its corners
/// rounded stand by stand, so offsets that were equal (one rank's forward offsets, one file's
/// rightward ones) may come back a sixteenth apart; offsets within 2 sixteenths of each other
/// are taken as one (their rounded mean), which straightens the ranks and files again.
fn own_offsets(body: &Body) -> Vec<(i32, i32)> {
    let own = Frame::of(body);
    let mid = body.front_middle();
    let local: Vec<(i64, i64)> = body
        .stands
        .iter()
        .map(|s| {
            let (ax, ay) = mid.to(s.centre);
            (ax * own.right.0 + ay * own.right.1, ax * own.forward.0 + ay * own.forward.1)
        })
        .collect();
    let right = snap(&local.iter().map(|l| l.0).collect::<Vec<_>>());
    let forward = snap(&local.iter().map(|l| l.1).collect::<Vec<_>>());
    right.into_iter().zip(forward).collect()
}

/// Values scaled by [`ONE`] to whole sixteenths, those within 2 sixteenths of their group's
/// least taken as one: the group's rounded mean.
fn snap(values: &[i64]) -> Vec<i32> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by_key(|&i| values[i]);
    let mut out = vec![0; values.len()];
    let mut k = 0;
    while k < order.len() {
        let low = values[order[k]];
        let n = order[k..].iter().take_while(|&&i| values[i] - low <= 2 * ONE).count();
        let group = &order[k..k + n];
        let sum: i64 = group.iter().map(|&i| values[i]).sum();
        let mean = crate::angle::unscale(sum / i64::try_from(n).unwrap_or(1));
        for &i in group {
            out[i] = i32::try_from(mean).unwrap_or(0);
        }
        k += n;
    }
    out
}

/// Where `attacker` stands when it has charged into `target`'s `edge` (R22.3): facing square
/// onto that edge, the middle of its front `offset` sixteenths to its own right of the edge's
/// middle, its front against the edge. The attacker keeps its formation and stand order; it is
/// turned about its front's middle, set a little off the edge and slid along its new facing
/// until it meets the target, then settled on the nearest whole sixteenths that touch the
/// target without overlapping it (or, where none touch, come within a sixteenth). `None` when
/// either body has no stands, or the offset carries the attacker clear past the edge so that
/// it would never meet the target.
#[must_use]
pub fn contact_pose(attacker: &Body, target: &Body, edge: Edge, offset: i32) -> Option<Body> {
    if attacker.stands.is_empty() || target.stands.is_empty() {
        return None;
    }
    let f = Frame::of(target);
    let tf = target.facing();
    let off = i64::from(offset) * ONE;
    let (mid_fwd, mid_right) = ((f.front + f.back) / 2, (f.left + f.rightmost) / 2);
    // The edge's point and the way the attacker faces: square onto the edge, toward the target.
    let (point, facing) = match edge {
        Edge::Front => (from_frame(&f, f.front, mid_right - off), tf.turned(180)),
        Edge::Rear => (from_frame(&f, f.back, mid_right + off), tf),
        Edge::Left => (from_frame(&f, mid_fwd - off, f.left), tf.turned(90)),
        Edge::Right => (from_frame(&f, mid_fwd + off, f.rightmost), tf.turned(-90)),
    };
    // Laid out afresh about the edge's point, as `layout` lays out a formation: each stand's
    // place relative to the front's middle in the attacker's own frame, turned to the new
    // facing in one rounding.
    let offsets = own_offsets(attacker);
    let placed = Body {
        stands: attacker
            .stands
            .iter()
            .zip(offsets)
            .map(|(s, (right, forward))| {
                let centre = crate::angle::rotate(point.offset(right, forward), point, i32::from(facing.degrees()));
                Stand { centre, facing, ..*s }
            })
            .collect(),
    };
    let start = placed.translated(facing, -STANDOFF);
    // Slide in along the facing until the first stand meets the target.
    let targets: Vec<Polygon> = target.stands.iter().map(Stand::polygon).collect();
    let travel = start.stands.iter().filter_map(|s| first_contact(&s.polygon(), facing, &targets)).min()?;
    Some(settle(&start, facing, travel, &targets))
}

/// `start` moved the exact `travel` along `facing`, rounded to the whole sixteenths that best
/// keep it in contact with `targets`: of the placements around the exact one whose insides
/// overlap none of them, the one nearest the targets (touching, where any does), and of
/// those the nearest the exact one.
fn settle(start: &Body, facing: Facing, travel: Ratio, targets: &[Polygon]) -> Body {
    let (fx, fy) = facing.vector();
    // The exact displacement, scaled by the travel's denominator and ONE.
    let den = travel.den * i128::from(ONE);
    let floor = |v: i64| i32::try_from((travel.num * i128::from(v)).div_euclid(den)).unwrap_or(0);
    let (x0, y0) = (floor(fx), floor(fy));
    let clear = |b: &Body| b.stands.iter().all(|s| targets.iter().all(|t| !overlap_interior(&s.polygon(), t)));
    // The least gap between the body and the targets, squared and exact (zero: touching).
    let gap = |b: &Body| {
        b.stands
            .iter()
            .flat_map(|s| {
                let p = s.polygon();
                targets.iter().filter_map(move |t| gap_squared(&p, t))
            })
            .min()
    };
    // The exact displacement, for the tie-break only (IEEE-exact operations: the same on every
    // machine).
    let t = travel.to_f64() / ONE as f64;
    let exact = (t * fx as f64, t * fy as f64);
    let mut best: Option<((Ratio, i64), Body)> = None;
    for dx in -1..=2 {
        for dy in -1..=2 {
            let (cx, cy) = (x0 + dx, y0 + dy);
            let b = shifted(start, cx, cy);
            if !clear(&b) {
                continue;
            }
            let Some(g) = gap(&b) else { continue };
            let off = (f64::from(cx) - exact.0).powi(2) + (f64::from(cy) - exact.1).powi(2);
            // Nearness in 1/1024ths of a square sixteenth, as a whole number to compare.
            let key = (g, (off * 1024.0).round() as i64);
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, b));
            }
        }
    }
    // Some placement a sixteenth short along each axis is always clear; failing that (a target
    // of crossing stands), the start itself, set off by the standoff, is.
    best.map_or_else(|| start.clone(), |(_, b)| b)
}

/// A charge's way into contact (R22.3): a wheel about an end of the attacker's front, then a
/// straight move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChargePath {
    /// The wheel, in degrees clockwise (negative: anticlockwise) about the pivot; 0 for none.
    pub wheel: i32,
    /// The attacker after the wheel.
    pub wheeled: Body,
    /// The straight move from the wheeled body to the pose, in sixteenths (its front's middle
    /// to the pose's).
    pub shift: (i32, i32),
    /// The whole degree nearest the straight move's direction (the wheeled facing for none).
    pub bearing: Facing,
    /// The straight move's length in sixteenths, rounded up.
    pub length: i64,
}

impl ChargePath {
    /// The ground the straight move covers, stand by stand: each wheeled stand's hull with its
    /// place in `pose` (to test the path clear, R22.4, with [`crate::sweep::clear`]; the wheel's
    /// own poses are [`crate::wheel::first_blocked_degree`]'s).
    #[must_use]
    pub fn sweep(&self, pose: &Body) -> Vec<Polygon> {
        self.wheeled
            .stands
            .iter()
            .zip(&pose.stands)
            .map(|(from, to)| {
                let mut points = from.corners().to_vec();
                points.extend(to.corners());
                hull(&points)
            })
            .collect()
    }
}

/// The path of R22.3 from `attacker` to `pose` (a [`contact_pose`] of it): the wheel about
/// `pivot` (an end of its front) that turns it to the pose's facing, the shorter way round, and
/// the straight move from there to the pose. `None` when the straight move would run more than
/// 45 degrees off the wheeled facing (R13: obliques to 45 degrees, never backward), or either
/// body has no stands.
#[must_use]
pub fn charge_path(attacker: &Body, pose: &Body, pivot: Pos) -> Option<ChargePath> {
    if attacker.stands.is_empty() || pose.stands.is_empty() {
        return None;
    }
    let wheel = turn_between(attacker.facing(), pose.facing());
    let wheeled = attacker.wheeled(pivot, wheel);
    let (from, to) = (wheeled.front_middle(), pose.front_middle());
    let shift = (to.x - from.x, to.y - from.y);
    let d2 = from.dist2(to);
    let root = d2.isqrt();
    let length = if root * root == d2 { root } else { root + 1 };
    let facing = wheeled.facing();
    if length == 0 {
        return Some(ChargePath { wheel, wheeled, shift, bearing: facing, length });
    }
    // R13: within 45 degrees of the facing, exactly (the tabled direction's tangent).
    if !facing.within(from, to, 45) {
        return None;
    }
    Some(ChargePath { wheel, wheeled, shift, bearing: facing_toward(from, to), length })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formation::{Formation, layout};
    use crate::measure::within;
    use crate::shape::overlap;

    fn line(n: usize, at: Pos, facing: i32) -> Body {
        layout(Formation::Line, n, SIXTEENTHS, SIXTEENTHS / 2, at, Facing::new(facing))
    }

    fn polys(b: &Body) -> Vec<Polygon> {
        b.stands.iter().map(Stand::polygon).collect()
    }

    fn touches_without_overlap(a: &Body, b: &Body) -> (bool, bool) {
        let (pa, pb) = (polys(a), polys(b));
        let touch = pa.iter().any(|x| pb.iter().any(|y| overlap(x, y)));
        let inside = pa.iter().any(|x| pb.iter().any(|y| overlap_interior(x, y)));
        (touch, inside)
    }

    #[test]
    fn contact_pose_touches_but_does_not_overlap() {
        // A target line facing up the table, its front from (17, 20) to (23, 20) inches.
        let target = line(6, Pos::inches(20, 20), 0);
        let attacker = line(4, Pos::inches(26, 30), 135);
        for edge in [Edge::Front, Edge::Left, Edge::Right, Edge::Rear] {
            let pose = contact_pose(&attacker, &target, edge, 0).expect("meets the edge");
            assert_eq!(touches_without_overlap(&pose, &target), (true, false), "{edge:?}");
            assert_eq!(pose.stands.len(), 4);
        }
        // On the front, square on: its front along the target's front line, faces down.
        let pose = contact_pose(&attacker, &target, Edge::Front, 0).expect("meets");
        assert_eq!(pose.facing(), Facing::new(180));
        // Its corners came from a facing of 135 degrees, each rounded: to a sixteenth or two.
        let close = |p: Pos, q: Pos| (p.x - q.x).abs() <= 2 && p.y == q.y;
        let (l, r) = pose.front();
        assert!(close(l, Pos::inches(22, 20)) && close(r, Pos::inches(18, 20)), "centred on the front: {l:?} {r:?}");
        assert!(pose.stands.iter().all(|s| s.front().0.y == 320), "every stand on the front line");
        // Offset two inches to its own right: toward the target's left.
        let pose = contact_pose(&attacker, &target, Edge::Front, 32).expect("meets");
        let (l, r) = pose.front();
        assert!(close(l, Pos::inches(20, 20)) && close(r, Pos::inches(16, 20)), "{l:?} {r:?}");
        // A square-on attacker comes in exactly.
        let square = line(4, Pos::inches(20, 30), 180);
        let pose = contact_pose(&square, &target, Edge::Front, 0).expect("meets");
        assert_eq!(pose.front(), (Pos::inches(22, 20), Pos::inches(18, 20)));
        // On the left flank it faces right, its front on the target's left side.
        let pose = contact_pose(&attacker, &target, Edge::Left, 0).expect("meets");
        assert_eq!(pose.facing(), Facing::new(90));
        assert_eq!(pose.front().0.x, 17 * 16);
        // So far along that it misses the target altogether: none.
        assert_eq!(contact_pose(&attacker, &target, Edge::Front, 200), None);
    }

    #[test]
    fn a_turned_target_is_met_within_a_sixteenth_and_never_overlapped() {
        let target = line(5, Pos::inches(30, 30), 23);
        let attacker = line(3, Pos::inches(20, 40), 200);
        for edge in [Edge::Front, Edge::Left, Edge::Right, Edge::Rear] {
            for offset in [-16, 0, 5, 16] {
                let pose = contact_pose(&attacker, &target, edge, offset).expect("meets");
                let (_, inside) = touches_without_overlap(&pose, &target);
                assert!(!inside, "{edge:?} {offset}");
                let near = polys(&pose).iter().any(|x| polys(&target).iter().any(|y| within(x, y, 1)));
                assert!(near, "{edge:?} {offset}: within a sixteenth");
            }
        }
    }

    #[test]
    fn a_charge_wheels_square_then_moves_straight_in() {
        let target = line(6, Pos::inches(20, 20), 0);
        // An attacker up the table facing down at a slant: wheel 30 degrees, then in.
        let attacker = line(4, Pos::inches(21, 30), 150);
        let pose = contact_pose(&attacker, &target, Edge::Front, 0).expect("meets");
        let (l, _) = attacker.front();
        let path = charge_path(&attacker, &pose, l).expect("a straight way in");
        assert_eq!(path.wheel, 30);
        assert_eq!(path.wheeled.facing(), Facing::new(180));
        assert!(path.length > 10 * 16 && path.length < 12 * 16, "{path:?}");
        assert!(path.wheeled.facing().within(Pos::new(0, 0), Pos::new(path.shift.0, path.shift.1), 45));
        assert_eq!(path.sweep(&pose).len(), 4);
        // Charging the rear from in front would take a move backward: no path.
        let rear = contact_pose(&attacker, &target, Edge::Rear, 0).expect("meets");
        assert_eq!(charge_path(&attacker, &rear, l), None);
    }
}

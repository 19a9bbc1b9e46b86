//! A March Column's trail (5.1, 6.3: the front stand turns for free and the rest follow; R15 of
//! the ROTR plan): the path its head has walked, each stretch with the facing it was walked at,
//! the column's stands standing on it ([`crate::formation::march_along`]'s arrangement), and
//! whether a march along it passes clear of everything (6.6).
//!
//! R15.3 defines "the column passed clear" by sampling: the column is laid out at every `step`
//! sixteenths of the head's travel, and each stand's way between two layouts is swept, straight
//! along a stretch by the hull of its two places, and round a corner by turning it on the
//! corner a whole degree at a time. Lengths along the trail are floating point with
//! IEEE-exact operations only, as [`crate::Polyline::point_at`] does.

use crate::Pos;
use crate::angle::Facing;
use crate::contact::moved;
use crate::formation::Body;
use crate::shape::{Bbox, Polygon, Stand};
use crate::sweep::hull;
use crate::wheel::Clearance;
use serde::{Deserialize, Serialize};

/// The way a March Column's head has come: corners in order, the head's front middle last, and
/// the facing each stretch was walked at (kept, not recomputed from the rounded corners, which
/// could give the next whole degree). Built by [`Trail::straight`] and [`march`], which keep one
/// facing a stretch.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Trail {
    points: Vec<Pos>,
    facings: Vec<Facing>,
}

impl Trail {
    /// A straight trail `length` sixteenths long ending at `head`, walked facing `facing`: the
    /// trail of a column just formed (R16), long enough to hold it.
    #[must_use]
    pub fn straight(head: Pos, facing: Facing, length: i64) -> Trail {
        Trail { points: vec![moved(head, facing, -length.max(1)), head], facings: vec![facing] }
    }

    /// Its corners, the head's front middle last.
    #[must_use]
    pub fn points(&self) -> &[Pos] {
        &self.points
    }

    /// The facing of each stretch, first to last.
    #[must_use]
    pub fn facings(&self) -> &[Facing] {
        &self.facings
    }

    /// Where the head's front middle stands.
    #[must_use]
    pub fn head(&self) -> Pos {
        self.points.last().copied().unwrap_or_default()
    }

    /// The way the head faces: its last stretch's.
    #[must_use]
    pub fn facing(&self) -> Facing {
        self.facings.last().copied().unwrap_or_default()
    }

    /// The facing of stretch `j`; a trail read from a file with too few facings lends its last
    /// one rather than failing.
    fn stretch_facing(&self, j: usize) -> Facing {
        self.facings.get(j).copied().unwrap_or_else(|| self.facing())
    }

    fn lengths(&self) -> Vec<f64> {
        self.points.windows(2).map(|w| (w[0].dist2(w[1]) as f64).sqrt()).collect()
    }

    /// Its length in sixteenths.
    #[must_use]
    pub fn length(&self) -> f64 {
        self.lengths().iter().sum()
    }

    /// The stand `width` by `depth` whose centre lies `arc` sixteenths from the trail's start,
    /// facing its stretch (at a corner, the stretch before it); at the start for any `arc` at
    /// or before it.
    fn stand_at(&self, lengths: &[f64], arc: f64, width: i32, depth: i32) -> Stand {
        let mut left = arc.max(0.0);
        for (j, &len) in lengths.iter().enumerate() {
            if left <= len && len > 0.0 {
                let (a, b) = (self.points[j], self.points[j + 1]);
                let t = left / len;
                let x = f64::from(a.x) + f64::from(b.x - a.x) * t;
                let y = f64::from(a.y) + f64::from(b.y - a.y) * t;
                return Stand {
                    centre: Pos::new(x.round() as i32, y.round() as i32),
                    facing: self.stretch_facing(j),
                    width,
                    depth,
                };
            }
            left -= len;
        }
        let facing = self.facings.iter().zip(lengths).find(|(_, l)| **l > 0.0).map_or(self.facing(), |(f, _)| *f);
        Stand { centre: self.points.first().copied().unwrap_or_default(), facing, width, depth }
    }

    /// How far behind the head's front, along the trail, stand `i` of a column has its centre.
    fn back(i: usize, depth: i32, gap: i32) -> f64 {
        f64::from(depth) / 2.0 + i as f64 * f64::from(depth + gap)
    }

    /// The column of `n` stands `width` by `depth`, `gap` apart, standing on the trail (5.1,
    /// R15.1), head first: each centre on the trail, facing its stretch. A trail too short
    /// leaves the rear stands on its first corner.
    #[must_use]
    pub fn column(&self, n: usize, width: i32, depth: i32, gap: i32) -> Body {
        let lengths = self.lengths();
        let total: f64 = lengths.iter().sum();
        Body {
            stands: (0..n).map(|i| self.stand_at(&lengths, total - Trail::back(i, depth, gap), width, depth)).collect(),
        }
    }

    /// The trail walked the other way (R14's countermarch: the rear rank leads): its corners in
    /// reverse order and each stretch's facing turned about. Trim it to the column's length
    /// first ([`Trail::trimmed`]) so that the new head stands where the rear stand's back was.
    #[must_use]
    pub fn reversed(&self) -> Trail {
        Trail {
            points: self.points.iter().rev().copied().collect(),
            facings: self.facings.iter().rev().map(|f| f.turned(180)).collect(),
        }
    }

    /// The trail with only its last `keep` sixteenths (the column's length, R15.1), its first
    /// corner moved up the stretch it lies on; the whole trail when it is shorter.
    #[must_use]
    pub fn trimmed(&self, keep: f64) -> Trail {
        let lengths = self.lengths();
        let total: f64 = lengths.iter().sum();
        let cut = total - keep.max(0.0);
        if cut <= 0.0 {
            return self.clone();
        }
        let mut walked = 0.0;
        for (j, &len) in lengths.iter().enumerate() {
            if walked + len > cut && len > 0.0 {
                let (a, b) = (self.points[j], self.points[j + 1]);
                let t = (cut - walked) / len;
                let x = f64::from(a.x) + f64::from(b.x - a.x) * t;
                let y = f64::from(a.y) + f64::from(b.y - a.y) * t;
                let mut points = vec![Pos::new(x.round() as i32, y.round() as i32)];
                points.extend_from_slice(&self.points[j + 1..]);
                return Trail { points, facings: self.facings.get(j..).unwrap_or_default().to_vec() };
            }
            walked += len;
        }
        self.clone()
    }
}

/// The trail after a march (R15.2): the head turned `turn` degrees (clockwise positive, at
/// most 90 either way, free by 6.3) and then walked `dist` sixteenths straight on. `None` for a
/// turn past 90 degrees or a negative distance. A turn with no distance leaves the trail as it
/// is: a stand's place and facing come from the stretch its centre stands on.
#[must_use]
pub fn march(trail: &Trail, turn: i32, dist: i64) -> Option<Trail> {
    if turn.abs() > 90 || dist < 0 {
        return None;
    }
    if dist == 0 {
        return Some(trail.clone());
    }
    let facing = trail.facing().turned(turn);
    let head = moved(trail.head(), facing, dist);
    let mut next = trail.clone();
    next.points.push(head);
    next.facings.push(facing);
    Some(next)
}

/// Whether a column of `n` stands `width` by `depth`, `gap` apart, passes clear of `obstacles`
/// (under `clearance`) as its head walks from the end of `before` to the end of `after` (R15.3):
/// laid out every `step` sixteenths of the head's travel (and at its end), each stand's way
/// between two layouts swept along the trail. `None` when `after` does not continue `before`
/// (the same corners and facings first) or `step` is not positive.
#[must_use]
pub fn column_sweep_clear(
    before: &Trail,
    after: &Trail,
    column: (usize, i32, i32, i32),
    obstacles: &[Polygon],
    clearance: Clearance,
    step: i32,
) -> Option<bool> {
    let (n, width, depth, gap) = column;
    let k = before.points.len();
    if step <= 0
        || after.points.len() < k
        || after.points[..k] != before.points[..]
        || after.facings.len() < before.facings.len()
        || after.facings[..before.facings.len()] != before.facings[..]
    {
        return None;
    }
    let lengths = after.lengths();
    let (start, end): (f64, f64) = (lengths[..k.saturating_sub(1)].iter().sum(), lengths.iter().sum());
    let reach = match clearance {
        Clearance::Touch => 0,
        Clearance::Apart(r) => r.max(0),
    };
    let boxed: Vec<(&Polygon, Bbox)> = obstacles.iter().filter_map(|o| o.bbox().map(|b| (o, b))).collect();
    if boxed.is_empty() {
        // Nothing to meet: clear without sweeping.
        return Some(true);
    }
    let blocked = |shape: &Polygon| {
        let Some(sb) = shape.bbox() else { return false };
        boxed.iter().any(|(o, ob)| {
            sb.near(ob, reach)
                && match clearance {
                    Clearance::Touch => crate::shape::overlap_interior(shape, o),
                    Clearance::Apart(r) => crate::measure::within(shape, o, r.max(0)),
                }
        })
    };
    let mut samples = vec![start];
    let mut s = start + f64::from(step);
    while s < end {
        samples.push(s);
        s += f64::from(step);
    }
    samples.push(end);
    for w in samples.windows(2) {
        for i in 0..n {
            let back = Trail::back(i, depth, gap);
            let way = sweep_along(after, &lengths, (w[0] - back, w[1] - back), width, depth);
            if way.iter().any(&blocked) {
                return Some(false);
            }
        }
    }
    Some(true)
}

/// The ground a stand `width` by `depth` covers as its centre goes along `trail` from arc
/// `from` to arc `to`: along each stretch, the hull of its places at the two ends; at each
/// corner passed, the stand on the corner at each whole degree from one stretch's facing to
/// the next's, the shorter way round.
fn sweep_along(trail: &Trail, lengths: &[f64], (from, to): (f64, f64), width: i32, depth: i32) -> Vec<Polygon> {
    let (from, to) = (from.max(0.0), to.max(0.0));
    let at = |arc: f64| trail.stand_at(lengths, arc, width, depth);
    let mut out = Vec::new();
    // Where the stand starts the stretch it is on: at first its place at `from`; after a
    // corner, on the corner facing the new stretch.
    let mut start = at(from);
    let mut walked = 0.0;
    for (j, &len) in lengths.iter().enumerate() {
        let corner = walked + len;
        walked = corner;
        if corner < from || len == 0.0 {
            continue;
        }
        if corner >= to {
            break;
        }
        // Along stretch j to the corner, then round it.
        let b = at(corner);
        out.push(hull(&[start.corners(), b.corners()].concat()));
        let next = trail.facings.get(j + 1).copied().unwrap_or(b.facing);
        let turn = (i32::from(next.degrees()) - i32::from(b.facing.degrees()) + 540).rem_euclid(360) - 180;
        for d in 1..=turn.abs() {
            out.push(Stand { facing: b.facing.turned(d * turn.signum()), ..b }.polygon());
        }
        start = Stand { facing: next, ..b };
    }
    let end = at(to);
    if start.facing == end.facing {
        out.push(hull(&[start.corners(), end.corners()].concat()));
    } else {
        // Only where a stand is held on the trail's first corner: both places.
        out.push(start.polygon());
        out.push(end.polygon());
    }
    out
}

#[cfg(test)]
mod reversed_tests {
    use super::*;

    /// A trail reversed twice is itself; reversed, its head is its old start, facing back
    /// down its first stretch.
    #[test]
    fn reversed_twice_is_the_trail_and_leads_from_the_old_start() {
        let t = march(&Trail::straight(Pos::new(100, 100), Facing::new(0), 80), 30, 64).expect("a march");
        assert_eq!(t.reversed().reversed(), t);
        let r = t.reversed();
        assert_eq!(r.head(), t.points()[0]);
        assert_eq!(r.facing(), t.facings()[0].turned(180));
        assert_eq!(r.points().len(), t.points().len());
        assert!((r.length() - t.length()).abs() < 1e-9);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formation::march_along;

    #[test]
    fn a_march_turns_the_head_and_the_column_follows_its_trail() {
        let trail = Trail::straight(Pos::new(0, 96), Facing::new(0), 96);
        assert_eq!(trail.points(), &[Pos::new(0, 0), Pos::new(0, 96)]);
        let on = march(&trail, 90, 48).expect("a quarter turn is free");
        assert_eq!(on.head(), Pos::new(48, 96));
        assert_eq!(on.facing(), Facing::new(90));
        // The same stands as march_along lays on the same path.
        let col = on.column(4, 16, 16, 0);
        assert_eq!(col, march_along(on.points(), 4, 16, 16, 0));
        assert_eq!(col.stands[0].facing, Facing::new(90));
        assert_eq!(col.stands[3].facing, Facing::new(0), "round the corner");
        assert!(march(&trail, 91, 10).is_none() && march(&trail, 0, -1).is_none());
        assert_eq!(march(&trail, 45, 0), Some(trail.clone()));
        // Trimmed to the column's length, the trail keeps its last stretch and corner.
        let short = on.trimmed(64.0);
        assert_eq!(short.points(), &[Pos::new(0, 80), Pos::new(0, 96), Pos::new(48, 96)]);
        assert_eq!(short.column(4, 16, 16, 0), col);
    }

    #[test]
    fn trail_sweep_blocks_a_corner_cut() {
        // Three 1-inch-square stands up the table, turning right at (0, 96).
        let before = Trail::straight(Pos::new(0, 96), Facing::new(0), 48);
        let after = march(&before, 90, 48).expect("a march");
        let column = (3, 16, 16, 0);
        // A post just outside the corner's left: no layout on either stretch touches it (the
        // first stretch's stands end at x = -8), but a stand turning on the corner swings its
        // corner 11 sixteenths out.
        let post = Polygon { points: vec![Pos::new(-10, 96), Pos::new(-9, 96), Pos::new(-9, 98), Pos::new(-10, 98)] };
        let layouts_clear = (0..=48).all(|s| {
            let mid = march(&before, 90, s).expect("a march");
            mid.column(3, 16, 16, 0).stands.iter().all(|st| !crate::overlap(&st.polygon(), &post))
        });
        assert!(layouts_clear, "every layout misses it");
        let one = std::slice::from_ref(&post);
        assert_eq!(column_sweep_clear(&before, &after, column, one, Clearance::Apart(0), 4), Some(false));
        // Three sixteenths further out it is clear.
        let far = Polygon { points: vec![Pos::new(-13, 96), Pos::new(-12, 96), Pos::new(-12, 98), Pos::new(-13, 98)] };
        assert_eq!(column_sweep_clear(&before, &after, column, &[far], Clearance::Apart(0), 4), Some(true));
        // A post in the lane ahead between two samples is met by the hull between them.
        let ahead = Polygon { points: vec![Pos::new(30, 90), Pos::new(31, 90), Pos::new(31, 91), Pos::new(30, 91)] };
        assert_eq!(column_sweep_clear(&before, &after, column, &[ahead], Clearance::Apart(0), 40), Some(false));
        // A trail that does not continue the first: none.
        let other = Trail::straight(Pos::new(5, 5), Facing::new(0), 48);
        assert_eq!(column_sweep_clear(&before, &other, column, &[], Clearance::Apart(0), 4), None);
        assert_eq!(column_sweep_clear(&before, &after, column, &[], Clearance::Apart(0), 0), None);
    }
}

//! A unit as its stands on the table: laid out in a formation (5.1-5.5: stands abreast in
//! Line, a stand's width apart in Extended Line, at least 3 inches apart in Skirmish Line, two
//! abreast in Assault Column at 15 mm and one behind another at 25 mm, one behind another in
//! March Column as deep as the Line is wide),
//! and the questions fire and melee ask of its edges: whether a point lies in its fire arc
//! (8.1: 45 degrees out from its ends), behind the line of its front (8.11: enfilade), or
//! directly behind it (9.x: a rear attack).

use crate::angle::{Facing, rotate};
use crate::shape::{Polygon, Stand};
use crate::sweep::hull;
use crate::{Pos, SIXTEENTHS, orient};
use serde::{Deserialize, Serialize};

/// How a unit's stands stand (5.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Formation {
    /// 5.3: all stands abreast and touching.
    Line,
    /// 5.4: abreast, each a stand's width from the next.
    ExtendedLine,
    /// 5.5: abreast in a single rank, 3 inches apart (the least the rule allows).
    SkirmishLine,
    /// 5.2: `files` stands abreast (two for 15 mm figures, one for 25 mm), as many ranks deep
    /// as it takes, touching. A column of no files is laid out as one file.
    AssaultColumn {
        /// Stands abreast in each rank: 5.2 gives 2 for 15 mm and 1 for 25 mm.
        files: u8,
    },
    /// 5.1: one stand behind another, as deep as the unit's Line is wide (touching when the
    /// stands are as deep as they are wide, or for mounted cavalry).
    MarchColumn {
        /// Mounted cavalry: the stands touch whatever their depth (5.1).
        touching: bool,
    },
}

/// 5.5: the least gap between stands of a Skirmish Line.
pub const SKIRMISH_GAP: i32 = 3 * SIXTEENTHS;

/// A unit's stands on the table, all facing one way (a bent line is two bodies).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Body {
    /// Its stands, left to right across the front rank, then rank by rank to the rear.
    pub stands: Vec<Stand>,
}

/// `n` stands `width` by `depth` in formation `f`, the middle of the formation's front edge
/// on `front` and facing `facing`.
#[must_use]
pub fn layout(f: Formation, n: usize, width: i32, depth: i32, front: Pos, facing: Facing) -> Body {
    let count = i32::try_from(n).unwrap_or(i32::MAX);
    // Each stand's centre in the unit's own frame: x to its right, y forward, the front
    // edge's middle at the origin.
    let abreast = |gap: i32| -> Vec<(i32, i32)> {
        let total = count * width + (count - 1).max(0) * gap;
        (0..count).map(|i| (-total / 2 + i * (width + gap) + width / 2, -depth / 2)).collect()
    };
    let local: Vec<(i32, i32)> = match f {
        Formation::Line => abreast(0),
        Formation::ExtendedLine => abreast(width),
        Formation::SkirmishLine => abreast(SKIRMISH_GAP),
        Formation::AssaultColumn { files } => {
            let files = i32::from(files.max(1));
            let total = files * width;
            (0..count)
                .map(|i| (-total / 2 + (i % files) * width + width / 2, -(i / files) * depth - depth / 2))
                .collect()
        }
        Formation::MarchColumn { touching } => {
            // 5.1: as deep as the Line is wide, the spare depth shared between the gaps (to
            // the sixteenth: the last stand's back edge is exactly the Line's width behind).
            let spare = if touching || count < 2 { 0 } else { (count * width - count * depth).max(0) };
            let gaps = (count - 1).max(1);
            (0..count).map(|i| (0, -(i * depth + i * spare / gaps) - depth / 2)).collect()
        }
    };
    let turn = i32::from(facing.degrees());
    let stands = local
        .into_iter()
        .map(|(x, y)| Stand { centre: rotate(front.offset(x, y), front, turn), facing, width, depth })
        .collect();
    Body { stands }
}

/// As [`layout`], placed so that stand `slot` (in [`Body::stands`] order) has the middle of
/// its front edge on `pivot`: a formation change made about a chosen stand, which keeps its
/// place (6.2; R16 of the ROTR plan). `None` when there is no such stand.
#[must_use]
pub fn layout_about(
    f: Formation,
    n: usize,
    width: i32,
    depth: i32,
    slot: usize,
    pivot: Pos,
    facing: Facing,
) -> Option<Body> {
    let at_origin = layout(f, n, width, depth, Pos::new(0, 0), facing);
    let (l, r) = at_origin.stands.get(slot)?.front();
    let mid = l.midpoint(r);
    let (dx, dy) = (pivot.x - mid.x, pivot.y - mid.y);
    let stands = at_origin.stands.iter().map(|s| Stand { centre: s.centre.offset(dx, dy), ..*s }).collect();
    Some(Body { stands })
}

impl Body {
    /// The way the unit faces (its first stand's).
    #[must_use]
    pub fn facing(&self) -> Facing {
        self.stands.first().map_or_else(Facing::default, |s| s.facing)
    }

    /// The ends of its front: the front left corner of its leftmost front stand and the
    /// front right corner of its rightmost, found as the extremes along its front.
    #[must_use]
    pub fn front(&self) -> (Pos, Pos) {
        let fronts: Vec<Pos> = self
            .stands
            .iter()
            .flat_map(|s| {
                let (l, r) = s.front();
                [l, r]
            })
            .collect();
        let (fx, fy) = self.facing().vector();
        // Along the front (rightward: the facing turned clockwise a quarter) and forward.
        let (rx, ry) = (fy, -fx);
        let along = |p: &Pos| i64::from(p.x) * rx + i64::from(p.y) * ry;
        let ahead = |p: &Pos| i64::from(p.x) * fx + i64::from(p.y) * fy;
        let most = fronts.iter().map(ahead).max().unwrap_or(0);
        let first: Vec<&Pos> = fronts.iter().filter(|p| most - ahead(p) <= crate::angle::ONE).collect();
        let left = first.iter().min_by_key(|p| along(p)).map_or(Pos::default(), |p| **p);
        let right = first.iter().max_by_key(|p| along(p)).map_or(Pos::default(), |p| **p);
        (left, right)
    }

    /// The middle of its front, to the sixteenth: where a commander rides with it (R8 of the
    /// ROTR plan) and a charge is aimed from.
    #[must_use]
    pub fn front_middle(&self) -> Pos {
        let (l, r) = self.front();
        l.midpoint(r)
    }

    /// The body moved `travel` sixteenths straight along `bearing`, facing as it was.
    #[must_use]
    pub fn translated(&self, bearing: Facing, travel: i64) -> Body {
        let stands = self
            .stands
            .iter()
            .map(|s| Stand { centre: crate::contact::moved(s.centre, bearing, travel), ..*s })
            .collect();
        Body { stands }
    }

    /// The body wheeled `deg` degrees clockwise (negative: anticlockwise) about `pivot` (an
    /// end of its front, for a wheel), each stand turned with it.
    #[must_use]
    pub fn wheeled(&self, pivot: Pos, deg: i32) -> Body {
        Body { stands: self.stands.iter().map(|s| crate::sweep::turned(s, pivot, deg)).collect() }
    }

    /// The body about-faced: each stand turned round where it stands, the ranks in the new
    /// order (the rear rank now first).
    #[must_use]
    pub fn about_face(&self) -> Body {
        let mut stands: Vec<Stand> = self.stands.iter().map(|s| Stand { facing: s.facing.turned(180), ..*s }).collect();
        stands.reverse();
        Body { stands }
    }

    /// Its `k` front stands, left to right (8.13 and 5.2: only the front two stands of a 15 mm
    /// Assault Column fire, the front one at 25 mm): the stands whose front edges lie furthest
    /// forward, the leftmost first among those level, so an about-faced column's new front
    /// rank is found whatever order its stands are listed in. All of them when `k` is more.
    #[must_use]
    pub fn front_rank(&self, k: usize) -> Body {
        let (fx, fy) = self.facing().vector();
        // Each stand's front midpoint (doubled, to stay whole) forward and rightward in the
        // body's frame, scaled by twice ONE.
        let place = |s: &Stand| {
            let (l, r) = s.front();
            let mid = (i64::from(l.x) + i64::from(r.x), i64::from(l.y) + i64::from(r.y));
            (mid.0 * fx + mid.1 * fy, mid.0 * fy - mid.1 * fx)
        };
        let mut order: Vec<(i64, i64, Stand)> = self.stands.iter().map(|s| (place(s).0, place(s).1, *s)).collect();
        order.sort_by_key(|&(ahead, right, _)| (-ahead, right));
        // Ranks: stands level to within 2 sixteenths of the rank's foremost (each stand's
        // corners round on their own), each rank left to right.
        let tolerance = 4 * crate::angle::ONE;
        let mut ranked: Vec<Stand> = Vec::new();
        let mut rest = order.as_slice();
        while let Some(&(top, _, _)) = rest.first() {
            let n = rest.iter().take_while(|&&(ahead, _, _)| top - ahead <= tolerance).count();
            let mut rank: Vec<(i64, Stand)> = rest[..n].iter().map(|&(_, right, s)| (right, s)).collect();
            rank.sort_by_key(|&(right, _)| right);
            ranked.extend(rank.into_iter().map(|(_, s)| s));
            rest = &rest[n..];
        }
        ranked.truncate(k);
        ranked.sort_by_key(|s| place(s).1);
        Body { stands: ranked }
    }

    /// The ground it covers: the hull of its stands (gaps of a loose formation included).
    #[must_use]
    pub fn outline(&self) -> Polygon {
        let points: Vec<Pos> = self.stands.iter().flat_map(Stand::corners).collect();
        hull(&points)
    }

    /// 8.1: whether `p` lies in its fire arc: ahead of its front, between its ends or within
    /// 45 degrees out from either end.
    #[must_use]
    pub fn in_arc(&self, p: Pos) -> bool {
        let (l, r) = self.front();
        let f = self.facing();
        // Ahead of the front's line turns anticlockwise from its left end to its right.
        if orient(l, r, p) <= 0 {
            return false;
        }
        // Between the lines drawn straight forward from its two ends, in its own frame.
        let frame = Frame::of(self);
        let across = |q: Pos| frame.local(q).1;
        f.within(l, p, 45) || f.within(r, p, 45) || (across(l)..=across(r)).contains(&across(p))
    }

    /// 8.11: whether `p` lies behind the line drawn straight out from its front (enfilade).
    #[must_use]
    pub fn enfiladed_from(&self, p: Pos) -> bool {
        let (l, r) = self.front();
        orient(l, r, p) < 0
    }
}

/// 5.1: a March Column of `n` stands led along `path` (its head's way, first point first):
/// the head's front edge's middle on the path's last point, facing down its last stretch,
/// and each stand behind on the path `gap` sixteenths behind the one before (their
/// centres spaced `depth + gap` along the path), facing the way the path runs there. A
/// path too short leaves the rear stands on its first point.
#[must_use]
pub fn march_along(path: &[Pos], n: usize, width: i32, depth: i32, gap: i32) -> Body {
    if path.is_empty() {
        return Body { stands: Vec::new() };
    }
    // Back along the path from its end: the point `back` sixteenths behind the head, and the
    // facing of the stretch it lies on.
    let behind = |back: f64| -> (Pos, Facing) {
        let mut left = back;
        for w in path.windows(2).rev() {
            let (a, b) = (w[0], w[1]);
            let len = (a.dist2(b) as f64).sqrt();
            if len > 0.0 && left <= len {
                let t = left / len;
                let x = f64::from(b.x) + f64::from(a.x - b.x) * t;
                let y = f64::from(b.y) + f64::from(a.y - b.y) * t;
                return (Pos::new(x.round() as i32, y.round() as i32), crate::angle::facing_toward(a, b));
            }
            left -= len;
        }
        let first = path[0];
        let facing = path.windows(2).next().map_or_else(Facing::default, |w| crate::angle::facing_toward(w[0], w[1]));
        (first, facing)
    };
    let stands = (0..n)
        .map(|i| {
            let back = f64::from(depth) / 2.0 + i as f64 * f64::from(depth + gap);
            let (centre, facing) = behind(back);
            Stand { centre, facing, width, depth }
        })
        .collect();
    Body { stands }
}

/// A side of a unit, as a charge or a shot meets it (9.1, 9.18; 8.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    /// Ahead of its front.
    Front,
    /// Off its left end.
    Left,
    /// Off its right end.
    Right,
    /// Behind it, between its sides.
    Rear,
}

/// A body's extent in its own frame: forward along its facing and rightward across it, each
/// scaled by [`crate::angle::ONE`], measured from the table's corner.
pub(crate) struct Frame {
    pub(crate) forward: (i64, i64),
    pub(crate) right: (i64, i64),
    pub(crate) front: i64,
    pub(crate) back: i64,
    pub(crate) left: i64,
    pub(crate) rightmost: i64,
}

impl Frame {
    pub(crate) fn of(body: &Body) -> Frame {
        let (fx, fy) = body.facing().vector();
        let (forward, right) = ((fx, fy), (fy, -fx));
        let mut f = Frame { forward, right, front: i64::MIN, back: i64::MAX, left: i64::MAX, rightmost: i64::MIN };
        for p in body.stands.iter().flat_map(Stand::corners) {
            let (a, r) = f.local(p);
            f.front = f.front.max(a);
            f.back = f.back.min(a);
            f.left = f.left.min(r);
            f.rightmost = f.rightmost.max(r);
        }
        f
    }

    /// How far `p` lies forward and rightward, in the frame's scale.
    pub(crate) fn local(&self, p: Pos) -> (i64, i64) {
        let (x, y) = (i64::from(p.x), i64::from(p.y));
        (x * self.forward.0 + y * self.forward.1, x * self.right.0 + y * self.right.1)
    }

    fn edge(&self, p: Pos) -> Edge {
        let (a, r) = self.local(p);
        if a >= self.front {
            return Edge::Front;
        }
        if a <= self.back && (self.left..=self.rightmost).contains(&r) {
            return Edge::Rear;
        }
        // Off to a side (or within the body: the nearer side of the four).
        if r < self.left {
            return Edge::Left;
        }
        if r > self.rightmost {
            return Edge::Right;
        }
        let gaps = [
            (self.front - a, Edge::Front),
            (a - self.back, Edge::Rear),
            (r - self.left, Edge::Left),
            (self.rightmost - r, Edge::Right),
        ];
        gaps.into_iter().min_by_key(|g| g.0).map_or(Edge::Front, |g| g.1)
    }
}

impl Body {
    /// Which side of it the point `p` lies off (9.1: the edge a charge strikes; 8.11).
    #[must_use]
    pub fn edge_facing(&self, p: Pos) -> Edge {
        Frame::of(self).edge(p)
    }

    /// 9.18, R23 of the ROTR plan: whether every stand of `other` lies directly behind this
    /// body (behind its rear, between the lines straight back from its ends).
    #[must_use]
    pub fn has_directly_behind(&self, other: &Body) -> bool {
        let f = Frame::of(self);
        other.stands.iter().flat_map(Stand::corners).all(|p| {
            let (a, r) = f.local(p);
            a <= f.back && (f.left..=f.rightmost).contains(&r)
        })
    }

    /// 9.1, 8.11: whether every stand of `other` lies behind the line of this body's front
    /// (a flank or rear attack, judged from where the attacker starts).
    #[must_use]
    pub fn has_behind_front(&self, other: &Body) -> bool {
        let f = Frame::of(self);
        other.stands.iter().flat_map(Stand::corners).all(|p| f.local(p).0 < f.front)
    }
}

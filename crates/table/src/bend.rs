//! Bent lines (6.5: a Line or Extended Line may bend to follow a wood's edge or a fence
//! corner, or to refuse a flank; R17 of the ROTR plan): one part of the line wheels about the
//! joint between two stands while the other stays put, and the unit becomes two bodies, each
//! with its own front, arcs (8.1) and flanks (8.11, 9.1).

use crate::Pos;
use crate::formation::Body;
use serde::{Deserialize, Serialize};

/// Which part of a bent line swings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The stands left of the joint.
    Left,
    /// The stands right of the joint.
    Right,
}

/// A line bent once (R17.1): the part that stayed, the part that swung, and how.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BentBody {
    /// The part that did not move.
    pub fixed: Body,
    /// The part that wheeled about the joint.
    pub swung: Body,
    /// Which side of the joint swung.
    pub side: Side,
    /// The corner it wheeled about: the swung part's front corner at the joint.
    pub joint: Pos,
    /// The wheel, in degrees clockwise (negative: anticlockwise).
    pub deg: i32,
    /// The line as it stood before the bend, kept so straightening restores it to the
    /// sixteenth rather than turning the swung part back with a second rounding.
    pub straight: Body,
}

/// `body` (a Line or Extended Line, its stands left to right) bent at `joint`, the join between
/// stands `joint - 1` and `joint`: the stands on `side` of it wheel `deg` degrees (clockwise
/// positive, 1 to 90 either way, R17.1) about their front corner at the joint, the rest stay.
/// `None` for a body of fewer than 3 stands, a joint that is not between two of its stands, or
/// a turn outside 1-90 degrees. Whether each degree is clear is the caller's to ask
/// ([`crate::wheel::first_blocked_degree`] on the swinging part).
#[must_use]
pub fn bend(body: &Body, joint: usize, side: Side, deg: i32) -> Option<BentBody> {
    let n = body.stands.len();
    if n < 3 || joint == 0 || joint >= n || !(1..=90).contains(&deg.abs()) {
        return None;
    }
    let (left, right) = body.stands.split_at(joint);
    let (fixed, moving, pivot) = match side {
        Side::Left => (right, left, left.last()?.front().1),
        Side::Right => (left, right, right.first()?.front().0),
    };
    let swung = Body { stands: moving.to_vec() }.wheeled(pivot, deg);
    Some(BentBody { fixed: Body { stands: fixed.to_vec() }, swung, side, joint: pivot, deg, straight: body.clone() })
}

impl BentBody {
    /// The line straightened (R17.3: the swung part wheels back; a forced retreat does this
    /// first, for nothing): exactly the line as it stood before the bend.
    #[must_use]
    pub fn straightened(&self) -> Body {
        self.straight.clone()
    }

    /// Its two parts, left then right: each a body with its own front and arcs (R17.2).
    #[must_use]
    pub fn parts(&self) -> [&Body; 2] {
        match self.side {
            Side::Left => [&self.swung, &self.fixed],
            Side::Right => [&self.fixed, &self.swung],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formation::{Formation, layout};
    use crate::{Facing, SIXTEENTHS};

    fn line() -> Body {
        layout(Formation::Line, 6, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(20, 20), Facing::new(0))
    }

    #[test]
    fn a_refused_flank_swings_one_part_back_about_the_joint() {
        let body = line();
        // The right two stands refused: wheeled 45 degrees back (clockwise about their left
        // front corner swings their right end back).
        let bent = bend(&body, 4, Side::Right, 45).expect("a joint between stands");
        assert_eq!(bent.fixed.stands, body.stands[..4].to_vec(), "the fixed part is unchanged");
        assert_eq!(bent.joint, Pos::inches(21, 20));
        assert_eq!(bent.swung.facing(), Facing::new(45));
        assert_eq!(bent.swung.front().0, bent.joint, "the swung part's left end stays on the joint");
        let [l, r] = bent.parts();
        assert_eq!((l.stands.len(), r.stands.len()), (4, 2));
        // Its own arc: a point straight ahead of the refused part, off to the right.
        assert!(r.in_arc(Pos::inches(25, 22)) && !bent.fixed.in_arc(Pos::new(25 * 16, 20 * 16 - 40)));
        assert_eq!(bent.straightened(), body, "straightening undoes the bend");
    }

    #[test]
    fn a_bend_needs_three_stands_a_joint_and_at_most_a_right_angle() {
        let body = line();
        assert!(bend(&body, 0, Side::Left, 10).is_none(), "no joint before the first stand");
        assert!(bend(&body, 6, Side::Left, 10).is_none(), "nor after the last");
        assert!(bend(&body, 3, Side::Left, 0).is_none() && bend(&body, 3, Side::Left, 91).is_none());
        assert!(bend(&body, 3, Side::Left, -90).is_some());
        let two = layout(Formation::Line, 2, SIXTEENTHS, 8, Pos::inches(20, 20), Facing::new(0));
        assert!(bend(&two, 1, Side::Left, 10).is_none(), "R17.1: three stands or more");
    }
}

//! Lines between hex centres, for line of sight.

use crate::{Direction, Hex};

/// One step of a centre-to-centre line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineStep {
    /// The line passes through this hex.
    One(Hex),
    /// The line runs exactly along the hexside between these two hexes; a rule decides
    /// what that means (Belmont 5.0: LOS along a hexside is not blocked).
    Tie(Hex, Hex),
}

impl LineStep {
    /// The hexes of this step (one or two).
    pub fn hexes(self) -> impl Iterator<Item = Hex> {
        let (a, b) = match self {
            LineStep::One(h) => (h, None),
            LineStep::Tie(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }
}

fn cube_round(x: f64, y: f64, z: f64) -> Hex {
    let (mut rx, mut ry, rz) = (x.round(), y.round(), z.round());
    let (dx, dy, dz) = ((rx - x).abs(), (ry - y).abs(), (rz - z).abs());
    if dx > dy && dx > dz {
        rx = -ry - rz;
    } else if dy > dz {
        ry = -rx - rz;
    }
    // Coordinates are small map indices; the casts cannot overflow.
    #[allow(clippy::cast_possible_truncation)]
    Hex::new(rx as i16, ry as i16)
}

/// The hexes a line from the centre of `a` to the centre of `b` passes through, in
/// order, both ends included. Where the line runs exactly along a hexside, the step is
/// a [`LineStep::Tie`] naming both hexes rather than silently picking one.
#[must_use]
pub fn line(a: Hex, b: Hex) -> Vec<LineStep> {
    let n = a.distance(b);
    if n == 0 {
        return vec![LineStep::One(a)];
    }
    (0..=n).map(|i| step(a, b, i, n)).collect()
}

/// Step `i` of `n` (`n` the distance, at least 1) of the line from `a` to `b`.
fn step(a: Hex, b: Hex, i: u16, n: u16) -> LineStep {
    // Nudge the end points slightly both ways; where the two roundings disagree the
    // exact line lies on a hexside.
    const E: f64 = 1e-6;
    let (aq, ar, as_) = (f64::from(a.q), f64::from(a.r), f64::from(a.s()));
    let (bq, br, bs) = (f64::from(b.q), f64::from(b.r), f64::from(b.s()));
    let t = f64::from(i) / f64::from(n);
    let q = aq + (bq - aq) * t;
    let r = ar + (br - ar) * t;
    let s = as_ + (bs - as_) * t;
    let plus = cube_round(q + E, r + 2.0 * E, s - 3.0 * E);
    let minus = cube_round(q - E, r - 2.0 * E, s + 3.0 * E);
    if plus == minus { LineStep::One(plus) } else { LineStep::Tie(plus, minus) }
}

/// Where a centre-to-centre line crosses the edge of a hex: across one hexside, or exactly
/// through a vertex, where a rule decides which of the two hexsides meeting there counts
/// (GBACW 7.23: fire through a vertex is frontal if either hexside is).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Crossing {
    /// Across the hexside facing this direction.
    Side(Direction),
    /// Through the vertex between these two hexsides, clockwise (die order) first.
    Vertex(Direction, Direction),
}

/// Where the line from the centre of `a` to the centre of `b` leaves `a` ([`line`]'s first
/// step); `None` if they are the same hex. Where it enters `b` is `exit(b, a)`: the line is
/// the same both ways.
#[must_use]
pub fn exit(a: Hex, b: Hex) -> Option<Crossing> {
    let n = a.distance(b);
    if n == 0 {
        return None;
    }
    let side = |h: Hex| a.direction_to(h).expect("a line's second hex is next to its first");
    match step(a, b, 1, n) {
        LineStep::One(h) => Some(Crossing::Side(side(h))),
        LineStep::Tie(x, y) => {
            let (dx, dy) = (side(x), side(y));
            Some(if (dx as usize + 1) % 6 == dy as usize { Crossing::Vertex(dx, dy) } else { Crossing::Vertex(dy, dx) })
        }
    }
}

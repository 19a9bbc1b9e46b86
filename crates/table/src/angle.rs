//! Whole-degree facings and turns by a fixed table of sines, so that turning a stand gives
//! the same sixteenths on every machine (the platform's `sin` may round its last bit
//! otherwise, and one sixteenth decides a contact).

use crate::Pos;
use serde::{Deserialize, Serialize};

/// The fixed-point scale of [`SIN`]: 1.0 is `1 << 16`.
pub const ONE: i64 = 1 << 16;

/// `round(sin(d degrees) * 65536)` for d = 0..=90.
const SIN: [i64; 91] = [
    0, 1144, 2287, 3430, 4572, 5712, 6850, 7987, 9121, 10252, 11380, 12505, 13626, 14742, 15855, 16962, 18064, 19161,
    20252, 21336, 22415, 23486, 24550, 25607, 26656, 27697, 28729, 29753, 30767, 31772, 32768, 33754, 34729, 35693,
    36647, 37590, 38521, 39441, 40348, 41243, 42126, 42995, 43852, 44695, 45525, 46341, 47143, 47930, 48703, 49461,
    50203, 50931, 51643, 52339, 53020, 53684, 54332, 54963, 55578, 56175, 56756, 57319, 57865, 58393, 58903, 59396,
    59870, 60326, 60764, 61183, 61584, 61966, 62328, 62672, 62997, 63303, 63589, 63856, 64104, 64332, 64540, 64729,
    64898, 65048, 65177, 65287, 65376, 65446, 65496, 65526, 65536,
];

/// The sine of `deg` whole degrees (any integer), scaled by [`ONE`].
#[must_use]
pub fn sin(deg: i32) -> i64 {
    let d = deg.rem_euclid(360);
    let (quarter, within) = (d / 90, usize::try_from(d % 90).unwrap_or(0));
    match quarter {
        0 => SIN[within],
        1 => SIN[90 - within],
        2 => -SIN[within],
        _ => -SIN[90 - within],
    }
}

/// The cosine of `deg` whole degrees, scaled by [`ONE`].
#[must_use]
pub fn cos(deg: i32) -> i64 {
    sin(deg + 90)
}

/// Division by [`ONE`] rounded to the nearest integer, halves away from zero: the same on
/// every machine.
pub(crate) fn unscale(v: i64) -> i64 {
    let half = ONE / 2;
    if v >= 0 { (v + half) / ONE } else { -((-v + half) / ONE) }
}

/// `p` turned `deg` degrees clockwise about `about`, to the nearest sixteenth.
#[must_use]
pub fn rotate(p: Pos, about: Pos, deg: i32) -> Pos {
    turn_offset(about, about.to(p), (cos(deg), sin(deg)))
}

/// The point `about` plus the offset `(dx, dy)` turned clockwise by the angle whose scaled
/// cosine and sine are `(c, s)`, to the nearest sixteenth: [`rotate`] with the table read once,
/// for the corners of one stand.
#[must_use]
pub fn turn_offset(about: Pos, (dx, dy): (i64, i64), (c, s): (i64, i64)) -> Pos {
    // Clockwise on a table whose y runs up: (x, y) -> (x cos + y sin, -x sin + y cos).
    let x = unscale(dx * c + dy * s);
    let y = unscale(-dx * s + dy * c);
    Pos::new(about.x + i32::try_from(x).unwrap_or(i32::MAX), about.y + i32::try_from(y).unwrap_or(i32::MAX))
}

/// Which way a unit faces: whole degrees clockwise from the table's top edge (0 faces up the
/// table, 90 to the right).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Facing(u16);

impl Facing {
    /// The facing `deg` degrees clockwise from the top edge (any integer, taken modulo 360).
    #[must_use]
    pub fn new(deg: i32) -> Facing {
        Facing(u16::try_from(deg.rem_euclid(360)).unwrap_or(0))
    }

    /// Its degrees, 0..360.
    #[must_use]
    pub const fn degrees(self) -> u16 {
        self.0
    }

    /// This facing turned `deg` degrees clockwise (negative: anticlockwise).
    #[must_use]
    pub fn turned(self, deg: i32) -> Facing {
        Facing::new(i32::from(self.0) + deg)
    }

    /// The direction it points, scaled by [`ONE`]: (sin, cos) of its degrees.
    #[must_use]
    pub fn vector(self) -> (i64, i64) {
        let d = i32::from(self.0);
        (sin(d), cos(d))
    }

    /// Whether `to` lies within `half` degrees either side of this facing seen from `from`
    /// (8.1: 45 degrees from a unit's ends), its edges included; `from` itself is not. Exact
    /// against the tabled direction: the angle's tangent is compared by cross and dot
    /// products.
    #[must_use]
    pub fn within(self, from: Pos, to: Pos, half: u16) -> bool {
        let (vx, vy) = from.to(to);
        if vx == 0 && vy == 0 {
            return false;
        }
        let (fx, fy) = self.vector();
        let dot = i128::from(fx) * i128::from(vx) + i128::from(fy) * i128::from(vy);
        let cross = (i128::from(fx) * i128::from(vy) - i128::from(fy) * i128::from(vx)).abs();
        let h = i32::from(half.min(180));
        if h == 180 {
            return true;
        }
        if cross == 0 && dot < 0 {
            // Straight behind: beyond any half-angle short of 180.
            return false;
        }
        // With the angle t between the facing and `to` (0..=180): t <= h exactly when
        // sin(h - t) >= 0, that is sin h cos t - cos h sin t >= 0, scaled by both lengths.
        i128::from(sin(h)) * dot - i128::from(cos(h)) * cross >= 0
    }
}

/// The whole-degree facing nearest the direction from `from` to `to` (the one whose tabled
/// direction has the greatest cosine with it; the lesser degree on a tie), so a stand led
/// along a path faces down it; up the table when the points are one.
#[must_use]
pub fn facing_toward(from: Pos, to: Pos) -> Facing {
    let (vx, vy) = from.to(to);
    let mut best = (i128::MIN, 0u16);
    for d in 0..360u16 {
        let (fx, fy) = Facing(d).vector();
        // The cosine times both lengths; the tabled vectors' lengths differ by a part in
        // 65,536 at most, less than a whole degree's change.
        let dot = i128::from(fx) * i128::from(vx) + i128::from(fy) * i128::from(vy);
        if dot > best.0 {
            best = (dot, d);
        }
    }
    Facing(best.1)
}

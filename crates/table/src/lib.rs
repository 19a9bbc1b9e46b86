//! The geometry of a miniatures table, the counterpart of `hexmap` for rulesets measured in
//! inches (issue 17: Regimental On To Richmond). Everything a rule asks of the table is
//! answered exactly, in integers, so a position hashes and a record replays to the same
//! state on every machine:
//!
//! - positions are whole sixteenths of an inch ([`Pos`], [`SIXTEENTHS`]); facings are whole
//!   degrees, clockwise from the table's top edge ([`Facing`]), turned by a fixed table of
//!   sines ([`angle`]), never by the platform's floating point;
//! - a stand is a rectangle on the table ([`Stand`]); terrain is polygons ([`Polygon`]);
//! - the predicates are exact: whether segments cross, a point lies in a polygon, two convex
//!   shapes overlap ([`shape`]), a shape lies within a distance of another and the range
//!   between them in whole inches rounded up ([`measure`]), a point lies within a fire arc
//!   ([`Facing::within`]), a moving stand sweeps across another ([`sweep`]), and a stand
//!   sees some portion of a target past what stands between ([`sight`]).
//! - the moves a unit makes are built from them: how far it may go straight before it meets
//!   something ([`contact`]), how far it may wheel and what the wheel costs ([`wheel`]), a
//!   line bent at a joint ([`bend`](mod@bend)), a March Column's trail and its sampled sweep ([`trail`]),
//!   and a charge's contact pose and path ([`charge`]); and the questions terrain asks: how
//!   near a wall lies and whether it lies between firer and target ([`polyline`]), and where a
//!   path climbs or descends ([`levels`]).
//!
//! Property tests check these against `geo`, an independent geometry crate, or against dense
//! sampling (`tests/against_geo.rs`, `tests/against_geo_moves.rs`); `benches/geometry.rs` times
//! the two questions a turn asks most.

pub mod angle;
pub mod bend;
pub mod charge;
pub mod contact;
pub mod formation;
pub mod levels;
pub mod measure;
pub mod polyline;
pub mod shape;
pub mod sight;
pub mod sweep;
pub mod trail;
pub mod wheel;

pub use angle::Facing;
pub use bend::{BentBody, Side, bend};
pub use charge::{ChargePath, charge_path, contact_pose};
pub use contact::Ratio;
pub use formation::{Body, Edge, Formation, layout, layout_about};
pub use levels::{Crossing, LevelsFault};
pub use measure::{distance_sixteenths, gap_at_least, gap_squared, range_inches, stand_gap_squared, within};
pub use shape::{
    Bbox, Levels, Polygon, Polyline, Stand, bbox, edges_outward, inside, interiors_meet, overlap, overlap_interior,
    point_in_polygon, segments_cross,
};
pub use trail::{Trail, column_sweep_clear, march};
pub use wheel::{Clearance, Sense, arc_cost, first_blocked_degree, wheel_range};

use serde::{Deserialize, Serialize};

/// Sixteenths of an inch in an inch: the table's unit of length.
pub const SIXTEENTHS: i32 = 16;

/// A point on the table, in sixteenths of an inch from its lower left corner (x to the right,
/// y toward the top edge).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Pos {
    /// Across the table.
    pub x: i32,
    /// Up the table.
    pub y: i32,
}

impl Pos {
    /// The point at `x`, `y` sixteenths.
    #[must_use]
    pub const fn new(x: i32, y: i32) -> Pos {
        Pos { x, y }
    }

    /// The point `x`, `y` whole inches from the corner.
    #[must_use]
    pub const fn inches(x: i32, y: i32) -> Pos {
        Pos { x: x * SIXTEENTHS, y: y * SIXTEENTHS }
    }

    /// The vector from `self` to `to`, in sixteenths (wide, so products never overflow).
    #[must_use]
    pub fn to(self, to: Pos) -> (i64, i64) {
        (i64::from(to.x) - i64::from(self.x), i64::from(to.y) - i64::from(self.y))
    }

    /// The square of the distance to `to`, in square sixteenths: exact.
    #[must_use]
    pub fn dist2(self, to: Pos) -> i64 {
        let (dx, dy) = self.to(to);
        dx * dx + dy * dy
    }

    /// The point moved by `dx`, `dy` sixteenths.
    #[must_use]
    pub const fn offset(self, dx: i32, dy: i32) -> Pos {
        Pos { x: self.x + dx, y: self.y + dy }
    }

    /// The point halfway to `to`, to the sixteenth (rounded toward `self`).
    #[must_use]
    pub const fn midpoint(self, to: Pos) -> Pos {
        Pos { x: self.x + (to.x - self.x) / 2, y: self.y + (to.y - self.y) / 2 }
    }
}

/// Twice the signed area of the triangle `a`, `b`, `c`: positive when they turn
/// anticlockwise, zero when they lie on one line. Exact.
#[must_use]
pub fn orient(a: Pos, b: Pos, c: Pos) -> i64 {
    let (abx, aby) = a.to(b);
    let (acx, acy) = a.to(c);
    abx * acy - aby * acx
}

#[cfg(test)]
mod tests;

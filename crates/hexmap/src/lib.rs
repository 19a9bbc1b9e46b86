//! Hex geometry for wargame maps, and nothing else: this crate knows no terrain.
//!
//! Maps print four-digit labels, column then row (`1607`). Underneath, a [`Hex`] is
//! axial `(q, r)` so that distance and neighbours are plain arithmetic. The layout is
//! flat-topped hexes in vertical columns (columns run north-south), with even-numbered
//! printed columns shifted half a hex down ("odd-q" once columns are counted from 0).
//!
//! ```
//! use hexmap::{Hex, Direction};
//! let fox = Hex::from_label("1607").unwrap();
//! let turner = Hex::from_label("2405").unwrap();
//! assert_eq!(fox.label(), "1607");
//! assert_eq!(fox.neighbour(Direction::N).label(), "1606");
//! assert!(fox.distance(turner) >= 8);
//! ```
//!
//! Movement and line of sight take closures, so rules own the terrain: movement is
//! priced per hexside crossing `(from, to)` (roads and rivers live on hexsides), and a
//! line that runs exactly along a hexside reports both hexes as a [`LineStep::Tie`]
//! (Belmont 1.2 and 5.0: LOS along a hexside is not blocked by either hex).

mod grid;
mod line;
mod reach;

pub use grid::HexGrid;
pub use line::{Crossing, LineStep, exit, line};
pub use reach::{Reach, path, reach};

use serde::{Deserialize, Serialize};
use std::fmt;

/// A hex in axial coordinates. `q` is the column (0-based), `r` the axial row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub struct Hex {
    /// Axial column: the printed column minus one.
    pub q: i16,
    /// Axial row: the printed row minus one, less half the column (rounded down).
    pub r: i16,
}

/// The six directions across hexsides, numbered as a die names them: 1 is north, then
/// clockwise (Belmont 10.0 and 12.1 roll a die for a map direction).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Direction {
    /// Die 1: north.
    N,
    /// Die 2: north-east.
    NE,
    /// Die 3: south-east.
    SE,
    /// Die 4: south.
    S,
    /// Die 5: south-west.
    SW,
    /// Die 6: north-west.
    NW,
}

impl Direction {
    /// All six, in die order.
    pub const ALL: [Direction; 6] =
        [Direction::N, Direction::NE, Direction::SE, Direction::S, Direction::SW, Direction::NW];

    /// The direction a die face names (1-6).
    #[must_use]
    pub fn from_die(face: u8) -> Option<Direction> {
        Self::ALL.get(usize::from(face).checked_sub(1)?).copied()
    }

    /// The die face (1-6) naming this direction.
    #[must_use]
    pub const fn die(self) -> u8 {
        self as u8 + 1
    }

    /// The axial step one hex this way.
    #[must_use]
    pub const fn offset(self) -> (i16, i16) {
        match self {
            Direction::N => (0, -1),
            Direction::NE => (1, -1),
            Direction::SE => (1, 0),
            Direction::S => (0, 1),
            Direction::SW => (-1, 1),
            Direction::NW => (-1, 0),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Self::ALL[(self as usize + 3) % 6]
    }

    /// The compass name ("north-west").
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "north",
            Direction::NE => "north-east",
            Direction::SE => "south-east",
            Direction::S => "south",
            Direction::SW => "south-west",
            Direction::NW => "north-west",
        }
    }
}

/// Why a label did not name a hex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabelError(pub String);

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}' is not a four-digit hex label (column then row, like 1607)", self.0)
    }
}

impl std::error::Error for LabelError {}

impl Hex {
    /// The hex at axial `(q, r)`.
    #[must_use]
    pub const fn new(q: i16, r: i16) -> Hex {
        Hex { q, r }
    }

    /// The hex printed at `column`, `row` (both 1-based, as on the map).
    #[must_use]
    pub const fn from_col_row(column: i16, row: i16) -> Hex {
        let q = column - 1;
        let r = (row - 1) - (q - (q & 1)) / 2;
        Hex { q, r }
    }

    /// The printed (column, row), both 1-based.
    #[must_use]
    pub const fn col_row(self) -> (i16, i16) {
        let row = self.r + (self.q - (self.q & 1)) / 2;
        (self.q + 1, row + 1)
    }

    /// Parses a printed label: four digits, column then row. Column or row 00 names the hex
    /// just off a map's first edge (FotM 8.5's breakout exit steps into one): every label
    /// [`Hex::label`] prints for a hex at column and row 0 or more parses back (the fifth
    /// playtest: the exit button's action was refused as "not a hex label").
    ///
    /// # Errors
    /// [`LabelError`] when the text is not four ASCII digits.
    pub fn from_label(label: &str) -> Result<Hex, LabelError> {
        let bad = || LabelError(label.to_string());
        if label.len() != 4 || !label.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let column: i16 = label[..2].parse().map_err(|_| bad())?;
        let row: i16 = label[2..].parse().map_err(|_| bad())?;
        Ok(Hex::from_col_row(column, row))
    }

    /// The printed label, column then row (`"1607"`).
    #[must_use]
    pub fn label(self) -> String {
        let (c, r) = self.col_row();
        format!("{c:02}{r:02}")
    }

    /// The third cube coordinate.
    #[must_use]
    pub const fn s(self) -> i16 {
        -self.q - self.r
    }

    /// The neighbour across the hexside in `dir`.
    #[must_use]
    pub const fn neighbour(self, dir: Direction) -> Hex {
        let (dq, dr) = dir.offset();
        Hex { q: self.q + dq, r: self.r + dr }
    }

    /// The six neighbours, in die order.
    #[must_use]
    pub fn neighbours(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.neighbour(d))
    }

    /// Hexes between centres, not counting this one (adjacent hexes are 1 apart).
    #[must_use]
    pub const fn distance(self, other: Hex) -> u16 {
        let dq = (self.q - other.q).unsigned_abs();
        let dr = (self.r - other.r).unsigned_abs();
        let ds = (self.s() - other.s()).unsigned_abs();
        let m = if dq > dr { dq } else { dr };
        if m > ds { m } else { ds }
    }

    /// The direction from this hex to an adjacent one, if they are adjacent.
    #[must_use]
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::ALL.into_iter().find(|&d| self.neighbour(d) == other)
    }

    /// All hexes within `radius` of this one (this one included).
    #[must_use]
    pub fn within(self, radius: u16) -> Vec<Hex> {
        let n = radius as i16;
        let mut out = Vec::new();
        for dq in -n..=n {
            for dr in (-n).max(-dq - n)..=n.min(-dq + n) {
                out.push(Hex::new(self.q + dq, self.r + dr));
            }
        }
        out
    }

    /// The hexes exactly `radius` away.
    #[must_use]
    pub fn ring(self, radius: u16) -> Vec<Hex> {
        self.within(radius).into_iter().filter(|h| self.distance(*h) == radius).collect()
    }

    /// Centre of the hex in a flat-topped layout with unit outer radius (x east, y south).
    #[must_use]
    pub fn centre(self) -> (f64, f64) {
        let q = f64::from(self.q);
        let r = f64::from(self.r);
        (1.5 * q, 3f64.sqrt() * (r + q / 2.0))
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

impl fmt::Debug for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hex({})", self.label())
    }
}

impl From<Hex> for String {
    fn from(h: Hex) -> String {
        h.label()
    }
}

impl TryFrom<String> for Hex {
    type Error = LabelError;
    fn try_from(s: String) -> Result<Hex, LabelError> {
        Hex::from_label(&s)
    }
}

/// A hexside, the key for features that lie between hexes (roads, slopes, melee
/// entry). Both faces of one hexside are equal: `Hexside::new(a, b) == Hexside::new(b, a)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Hexside {
    lo: Hex,
    hi: Hex,
}

impl Hexside {
    /// The hexside between two adjacent hexes, or `None` if they are not adjacent.
    #[must_use]
    pub fn new(a: Hex, b: Hex) -> Option<Hexside> {
        (a.distance(b) == 1).then(|| if a < b { Hexside { lo: a, hi: b } } else { Hexside { lo: b, hi: a } })
    }

    /// The two hexes, in a fixed order.
    #[must_use]
    pub const fn hexes(self) -> (Hex, Hex) {
        (self.lo, self.hi)
    }

    /// The hex on the other face from `h`, if `h` is one of the two.
    #[must_use]
    pub fn other(self, h: Hex) -> Option<Hex> {
        if h == self.lo {
            Some(self.hi)
        } else if h == self.hi {
            Some(self.lo)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests;

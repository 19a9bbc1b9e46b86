//! A drawable position on a continuous table (issue 17; `docs/plans/rotr.md` 4.4): what
//! [`crate::BoardView::table`] holds for a ruleset measured in inches instead of hexes. Every
//! length is in sixteenths of an inch and every facing in whole degrees clockwise from the
//! table's top edge, as `crates/table` keeps them, so a page draws exactly what the rules
//! test. A hex ruleset leaves it out and its JSON is unchanged.

use serde::{Deserialize, Serialize};

/// A point on the table: x to the right, y down from the top edge, in sixteenths of an inch.
pub type TablePoint = [i32; 2];

/// The table and everything on it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    /// Width, in sixteenths of an inch.
    pub width: i32,
    /// Depth (top edge to bottom edge), in sixteenths of an inch.
    pub depth: i32,
    /// Terrain areas: woods, fields, towns, hills' levels.
    pub areas: Vec<TableArea>,
    /// Terrain lines: roads, fences, walls, streams, contours.
    pub lines: Vec<TableLine>,
    /// Every stand on the table.
    pub stands: Vec<StandView>,
    /// The units the stands belong to.
    pub units: Vec<TableUnit>,
    /// Commanders, each at a point or with a unit.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub commanders: Vec<TableCommander>,
    /// Pairings the rules make between units (a melee, a firefight), to draw as lines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<TableMark>,
}

/// A terrain area.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableArea {
    /// Its terrain class, a key of the board's legend ("woods", "town").
    pub kind: String,
    /// Its name, if the map names it ("Belmont woods").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its outline, in order.
    pub points: Vec<TablePoint>,
    /// Its level above the table, for hills (0 the table itself).
    #[serde(default)]
    pub level: i8,
}

/// A terrain line.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableLine {
    /// Its class ("road", "fence", "stone_wall", "stream", "contour").
    pub kind: String,
    /// Its points, in order.
    pub points: Vec<TablePoint>,
    /// A contour's slope class ("slight", "steep"), if it is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slope: Option<String>,
}

/// One stand: a rectangle at its centre, turned to its facing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandView {
    /// The [`TableUnit::id`] of its unit.
    pub unit: String,
    /// Its centre.
    pub centre: TablePoint,
    /// Its facing, whole degrees clockwise from the top edge.
    pub facing: u16,
    /// Frontage, in sixteenths of an inch.
    pub width: i32,
    /// Depth, in sixteenths of an inch.
    pub depth: i32,
    /// Figures (or guns) on it.
    pub figures: u8,
    /// Figures lost from it, marked on the stand.
    #[serde(default)]
    pub lost: u8,
}

/// A unit on the table, as a page lists and colours it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableUnit {
    /// Its id, as actions name it ([`crate::ActionView::unit`], [`crate::ActionView::target`]).
    pub id: String,
    /// Its name in the rules' words.
    pub name: String,
    /// Its side's name ("union").
    pub side: String,
    /// Its arm ("infantry", "cavalry", "artillery").
    pub arm: String,
    /// Its formation in the rules' words ("Line", "March Column").
    pub formation: String,
    /// Its status words (a Morale Marker, disordered, prone), as counters carry them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub status: Vec<String>,
}

/// A commander on the table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCommander {
    /// His id, as actions name him.
    pub id: String,
    /// His name.
    pub name: String,
    /// His side's name.
    pub side: String,
    /// Where he stands.
    pub at: TablePoint,
    /// The unit he is attached to, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

/// A pairing the rules make between two units ("melee", "firefight").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableMark {
    /// What it is.
    pub kind: String,
    /// One unit's id.
    pub from: String,
    /// The other's.
    pub to: String,
    /// Its words, with the rule ("Melee (9.1)").
    pub label: String,
}

impl TableView {
    /// Whether `id` names a unit or a commander on the table.
    #[must_use]
    pub fn names(&self, id: &str) -> bool {
        self.units.iter().any(|u| u.id == id) || self.commanders.iter().any(|c| c.id == id)
    }
}

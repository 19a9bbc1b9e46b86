//! The scenario's two files as written (`data/belmont.table.ron`, `data/belmont-oob.ron`), field
//! for field: every record is read, none is skipped, so a misspelt field is an error with its
//! line rather than a value silently ignored. Inches stay strings here; `load.rs` turns them
//! into sixteenths and checks them, and builds [`super::Scenario`].
// Prose fields (titles, notes) and sources are parsed so that a misspelt field is refused with
// its line; not every one is read yet.
#![allow(dead_code)]

use crate::authored::{Header, Sources, TunedHeader};
use serde::Deserialize;

/// A point in inches as written: ("62.5", "72").
pub(super) type RawPoint = (String, String);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Ground {
    pub kind: String,
    pub source: Sources,
}

/// One feature: a kind from sheet A's terrain key and its shape (exactly one of `polygon` and
/// `polyline`), with the layer of an area or the level of a contour.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFeature {
    pub name: String,
    pub kind: String,
    #[serde(default)]
    pub layer: Option<u8>,
    #[serde(default)]
    pub level: Option<u8>,
    #[serde(default)]
    pub polygon: Option<Vec<RawPoint>>,
    #[serde(default)]
    pub polyline: Option<Vec<RawPoint>>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawNamedPoint {
    pub name: String,
    pub at: RawPoint,
    pub bearing: i32,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRetreatEdge {
    pub side: String,
    pub edge: String,
    pub from: String,
    pub to: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTable {
    pub header: Header,
    pub size: RawPoint,
    pub source: Sources,
    pub ground: Ground,
    pub features: Vec<RawFeature>,
    pub points: Vec<RawNamedPoint>,
    pub retreat_edges: Vec<RawRetreatEdge>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawTurns {
    pub count: u8,
    pub first: String,
    pub minutes: u16,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawBrigade {
    pub chit: String,
    pub side: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCommander {
    pub name: String,
    pub side: String,
    pub brigade: Option<String>,
    #[serde(rename = "type")]
    pub kind: String,
    pub with: String,
    pub source: Sources,
}

/// How a unit comes onto the table (plan 6.4, 6.5).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) enum RawEntry {
    /// On the table at the start: its front's middle, facing and formation.
    SetUp { front: RawPoint, facing: i32, formation: String },
    /// Later, at a point of the table file (R55).
    Arrives { turn: u8, at: String, formation: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawUnit {
    pub name: String,
    pub side: String,
    pub brigade: String,
    pub arm: String,
    #[serde(default)]
    pub men: Option<u16>,
    #[serde(default)]
    pub men_source: Option<Sources>,
    #[serde(default)]
    pub guns: Option<u8>,
    pub figures: u16,
    pub stands: u16,
    pub weapon: String,
    pub poor_weapons: bool,
    #[serde(default)]
    pub heavy: Option<bool>,
    #[serde(rename = "type")]
    pub kind: String,
    pub enters: RawEntry,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCup {
    pub turn: u8,
    pub chits: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawImpetuous {
    pub side: String,
    pub modifier: i8,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAssigned {
    pub performance: String,
    pub units: Vec<(String, String)>,
    pub commanders: Vec<(String, String)>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEvent {
    pub event: String,
    pub vp: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawObjective {
    pub name: String,
    pub side: String,
    pub vp: u16,
    pub area: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawVictory {
    pub events: Vec<RawEvent>,
    pub objectives: Vec<RawObjective>,
    pub draw_margin: u16,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawOob {
    pub header: TunedHeader,
    pub scale: String,
    pub turns: RawTurns,
    pub brigades: Vec<RawBrigade>,
    pub commanders: Vec<RawCommander>,
    pub units: Vec<RawUnit>,
    pub cup: Vec<RawCup>,
    pub impetuous: Vec<RawImpetuous>,
    pub assigned_values: RawAssigned,
    pub victory: RawVictory,
}

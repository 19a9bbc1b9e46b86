//! The Belmont scenario, `rotr-belmont` (plan section 6): **AUTHORED, a table drawn from the
//! historical geography, not a published scenario.** Its table (`data/belmont.table.ron`, plan
//! 6.2) and its orders of battle, set-up, arrivals, turns and victory (`data/belmont-oob.ron`,
//! plan 6.3-6.7) are read by [`load`], which checks every feature, unit and placement against
//! the game sheets and the table's geometry and reports every problem at once with its file
//! and line.
//!
//! Lengths are whole sixteenths of an inch and facings whole degrees (plan 1.2), so the shapes
//! are `table` crate shapes and every check is one of its exact predicates.

mod load;
mod raw;

pub use load::{OOB_FILE, TABLE_FILE, load, load_text};

use crate::sheets::{Performance, Quality};
use table::{Body, Facing, Levels, Polygon, Polyline, Pos};

/// The table's file, compiled in.
pub const BELMONT_TABLE_RON: &str = include_str!("../../data/belmont.table.ron");

/// The orders of battle's file, compiled in.
pub const BELMONT_OOB_RON: &str = include_str!("../../data/belmont-oob.ron");

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// The Union.
    Union,
    /// The Confederacy.
    Confederate,
}

impl Side {
    /// Both, the Union first (R5: the Union rates its commanders first).
    pub const ALL: [Side; 2] = [Side::Union, Side::Confederate];

    /// The files' word for it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Side::Union => "Union",
            Side::Confederate => "Confederate",
        }
    }

    fn parse(s: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|x| x.name() == s)
    }
}

/// A feature's shape: an area drawn on a layer, a contour of higher ground, or a line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// An area of its kind; a later layer covers an earlier one, and areas of one layer never
    /// overlap.
    Area {
        /// The layer it is drawn on.
        layer: u8,
        /// Its outline.
        polygon: Polygon,
    },
    /// Ground of `level` (7.3, 8.8, 9.16) inside a contour whose edges are the feature's slope
    /// kind (6.7).
    Rise {
        /// The level inside it.
        level: u8,
        /// Its contour.
        polygon: Polygon,
    },
    /// A road, fence or wall.
    Line(Polyline),
}

/// One terrain feature of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feature {
    /// Its name ("Pond").
    pub name: String,
    /// Its kind, a key of sheet A's terrain key (areas, lines or slopes).
    pub kind: String,
    /// Where it lies.
    pub shape: Shape,
}

/// A named point: a landing or an entry, with the bearing units enter along (R55).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Point {
    /// Its name, as the orders of battle cite it.
    pub name: String,
    /// Where it is.
    pub at: Pos,
    /// The way units arriving there face.
    pub bearing: Facing,
}

/// A table edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// y = the table's height.
    Top,
    /// y = 0.
    Bottom,
    /// x = 0.
    Left,
    /// x = the table's width.
    Right,
}

/// A stretch of a table edge a side's units retreat off (R37), `from` to `to` sixteenths
/// along it (x for the top and bottom, y for the sides).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetreatEdge {
    /// Whose.
    pub side: Side,
    /// Which edge.
    pub edge: Edge,
    /// Where the stretch begins.
    pub from: i32,
    /// Where it ends.
    pub to: i32,
}

/// The table (plan 6.2).
#[derive(Clone, Debug)]
pub struct Table {
    /// Its width and height in sixteenths.
    pub size: Pos,
    /// The kind of ground no feature covers.
    pub ground: String,
    /// Its features in the file's order.
    pub features: Vec<Feature>,
    /// Its named points.
    pub points: Vec<Point>,
    /// The retreat edges.
    pub retreat_edges: Vec<RetreatEdge>,
    /// The slope kinds of the rises, in order: a rise's edges carry class 1 + its index.
    slope_kinds: Vec<String>,
}

impl Table {
    /// The table itself as a polygon.
    #[must_use]
    pub fn rect(&self) -> Polygon {
        rect(self.size)
    }

    /// The point named `name`.
    #[must_use]
    pub fn point(&self, name: &str) -> Option<&Point> {
        self.points.iter().find(|p| p.name == name)
    }

    /// The feature named `name`.
    #[must_use]
    pub fn feature(&self, name: &str) -> Option<&Feature> {
        self.features.iter().find(|f| f.name == name)
    }

    /// The ground in levels (7.3, 8.8, 9.16): each rise with its level, its edges of class 1 +
    /// the index of its slope kind in [`Table::slope_kind`]'s order.
    #[must_use]
    pub fn levels(&self) -> Levels {
        let mut levels = Levels::default();
        for f in &self.features {
            if let Shape::Rise { level, polygon } = &f.shape {
                let class = self.slope_kinds.iter().position(|k| *k == f.kind).map_or(0, |i| i + 1);
                levels.slopes.push(vec![u8::try_from(class).unwrap_or(0); polygon.points.len()]);
                levels.areas.push((polygon.clone(), *level));
            }
        }
        levels
    }

    /// The slope kind of class `class` in [`Table::levels`] (0: none).
    #[must_use]
    pub fn slope_kind(&self, class: u8) -> Option<&str> {
        usize::from(class).checked_sub(1).and_then(|i| self.slope_kinds.get(i)).map(String::as_str)
    }
}

/// The rectangle from the origin to `size`.
fn rect(size: Pos) -> Polygon {
    Polygon { points: vec![Pos::new(0, 0), Pos::new(size.x, 0), size, Pos::new(0, size.y)] }
}

/// A unit's arm (1.1-1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arm {
    /// Foot.
    Infantry,
    /// Cavalry; it comes onto the table mounted (plan 6.4).
    Cavalry,
    /// Guns by sections.
    Artillery,
}

/// How a unit stands when it comes onto the table (5.0, 7.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Formation {
    /// 5.3.
    Line,
    /// 5.4.
    ExtendedLine,
    /// 5.5.
    SkirmishLine,
    /// 5.2.
    AssaultColumn,
    /// 5.1.
    MarchColumn,
    /// Artillery sections abreast, ready to fire.
    Unlimbered,
    /// Artillery limbered, in March Column.
    Limbered,
}

impl Formation {
    const ALL: [Formation; 7] = [
        Formation::Line,
        Formation::ExtendedLine,
        Formation::SkirmishLine,
        Formation::AssaultColumn,
        Formation::MarchColumn,
        Formation::Unlimbered,
        Formation::Limbered,
    ];

    /// The files' word for it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Formation::Line => "Line",
            Formation::ExtendedLine => "ExtendedLine",
            Formation::SkirmishLine => "SkirmishLine",
            Formation::AssaultColumn => "AssaultColumn",
            Formation::MarchColumn => "MarchColumn",
            Formation::Unlimbered => "Unlimbered",
            Formation::Limbered => "Limbered",
        }
    }

    fn parse(s: &str) -> Option<Formation> {
        Formation::ALL.into_iter().find(|f| f.name() == s)
    }

    /// The rules' words for it ("March Column"), for logs and pages.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Formation::Line => "Line",
            Formation::ExtendedLine => "Extended Line",
            Formation::SkirmishLine => "Skirmish Line",
            Formation::AssaultColumn => "Assault Column",
            Formation::MarchColumn => "March Column",
            Formation::Unlimbered => "unlimbered",
            Formation::Limbered => "limbered",
        }
    }
}

/// How a unit comes onto the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// On the table at the start (plan 6.4).
    SetUp {
        /// The middle of the formation's front edge.
        front: Pos,
        /// Its facing.
        facing: Facing,
        /// Its formation.
        formation: Formation,
    },
    /// On turn `turn` at the table's point `at` (plan 6.5, R55).
    Arrives {
        /// The turn it is due.
        turn: u8,
        /// The point's name.
        at: String,
        /// Its formation as it enters.
        formation: Formation,
    },
}

/// One unit of the orders of battle (plan 6.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its name.
    pub name: String,
    /// Whose.
    pub side: Side,
    /// Its brigade's chit.
    pub brigade: String,
    /// Its arm.
    pub arm: Arm,
    /// Its men, where the history gives them.
    pub men: Option<u16>,
    /// Figures at the start (crew figures for artillery).
    pub figures: u16,
    /// Figures on each stand, the last holding the remainder.
    pub stand_figures: Vec<u8>,
    /// Guns (artillery).
    pub guns: u8,
    /// A small-arms name or a gun bore of sheet A.
    pub weapon: String,
    /// 8.3's poor weapons.
    pub poor_weapons: bool,
    /// 8.4's heavy artillery.
    pub heavy: bool,
    /// Its type (2.2), one sheet A rates.
    pub unit_type: String,
    /// How it comes on.
    pub entry: Entry,
    /// Its stands' width and depth in sixteenths as it comes on: the scale's stand for its
    /// arm (a gun stand unlimbered, a limber stand limbered).
    pub stand: (i32, i32),
}

/// A commander (2.3, 2.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commander {
    /// His name.
    pub name: String,
    /// Whose.
    pub side: Side,
    /// His brigade's chit; `None` for the overall commander (R1: he has no chit).
    pub brigade: Option<String>,
    /// His type, A to D.
    pub commander_type: String,
    /// The unit he starts attached to, or arrives with.
    pub with: String,
}

/// A brigade and its chit (4.1, 4.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brigade {
    /// The chit's name.
    pub chit: String,
    /// Whose.
    pub side: Side,
}

/// An objective scored at the end (plan 6.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Objective {
    /// Its name.
    pub name: String,
    /// Who scores it.
    pub side: Side,
    /// Its victory points.
    pub vp: u16,
    /// The table's feature it is judged on.
    pub area: String,
}

/// The scenario: its table and its forces, checked.
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The orders of battle's title.
    pub title: String,
    /// "AUTHORED: ...".
    pub status: String,
    /// The figure scale its strengths are counted at ("15mm").
    pub scale: String,
    /// The table.
    pub table: Table,
    /// Turns in the game.
    pub turns: u8,
    /// Turn 1's clock, minutes after midnight.
    pub first_minute: u16,
    /// Minutes a turn.
    pub minutes: u16,
    /// The brigades.
    pub brigades: Vec<Brigade>,
    /// The commanders, in the file's order (R5 rolls them in it).
    pub commanders: Vec<Commander>,
    /// The units.
    pub units: Vec<Unit>,
    /// The cup where it changes: (turn, chits).
    pub cup: Vec<(u8, Vec<String>)>,
    /// Each side's impetuous modifier (2.7 option).
    pub impetuous: Vec<(Side, i8)>,
    /// The events scoring victory points for the other side, and how many.
    pub vp_events: Vec<(String, u16)>,
    /// The objectives.
    pub objectives: Vec<Objective>,
    /// A margin of this or less is a draw.
    pub draw_margin: u16,
    /// Stands abreast in an Assault Column at the scale (5.2).
    pub assault_column_files: u8,
    /// The values the option `assigned-values` fixes (2.5, plan 6.3).
    pub assigned: Assigned,
}

/// The option `assigned-values` (2.5, plan 6.3): performances and qualities fixed, not rolled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assigned {
    /// Every unit's performance but those listed.
    pub performance: Performance,
    /// The units listed, each with its performance.
    pub units: Vec<(String, Performance)>,
    /// Each commander type's quality.
    pub commanders: Vec<(String, Quality)>,
}

impl Assigned {
    /// The performance the option gives the unit named `unit`.
    #[must_use]
    pub fn performance_of(&self, unit: &str) -> Performance {
        self.units.iter().find(|u| u.0 == unit).map_or(self.performance, |u| u.1)
    }
}

impl Scenario {
    /// The unit named `name`.
    #[must_use]
    pub fn unit(&self, name: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.name == name)
    }

    /// The stands of a unit set up on the table (plan 6.4), laid out by `table::layout`; `None`
    /// for a unit that arrives later.
    #[must_use]
    pub fn set_up_body(&self, unit: &Unit) -> Option<Body> {
        match unit.entry {
            Entry::SetUp { front, facing, formation } => {
                Some(load::lay_out(unit, formation, front, facing, self.assault_column_files))
            }
            Entry::Arrives { .. } => None,
        }
    }

    /// The stands of an arriving unit as R55 places them: in its formation (a column), the
    /// rear stand's back edge on the entry point, facing the point's bearing.
    #[must_use]
    pub fn arrival_body(&self, unit: &Unit) -> Option<Body> {
        match &unit.entry {
            Entry::Arrives { at, formation, .. } => {
                let p = self.table.point(at)?;
                Some(load::arrival(unit, *formation, p.at, p.bearing, self.assault_column_files))
            }
            Entry::SetUp { .. } => None,
        }
    }

    /// The clock at the start of turn `turn` ("10:20").
    #[must_use]
    pub fn clock(&self, turn: u8) -> String {
        let m = self.first_minute + u16::from(turn.saturating_sub(1)) * self.minutes;
        format!("{}:{:02}", m / 60, m % 60)
    }
}

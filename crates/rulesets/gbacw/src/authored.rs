//! The charts the standard rules cite "see mapsheet" and do not print, as typed records with
//! the accessors the rules call: the Terrain Effects on Movement Chart (5.19), the Stacking
//! Restrictions Chart (8.18), the Range Effects Chart (9.25), the Terrain Effects on Combat
//! Chart (9.56; 16.22 cites it as 9.57, ruling R2 of `docs/plans/gbacw.md`) and the heights of
//! 9.72-9.73's Line of Sight gauge.
//!
//! **Authored.** The published charts are not in the rulebook text. The numbers live in
//! `data/standard-charts.ron`, whose header says why each was chosen; a value the rulebook
//! fixes (9.45's and 9.46's examples, 9.52, 9.53, 9.72, 9.73, 7.12, 7.21) is checked by the
//! loader against the case that fixes it. Every record carries its [`Source`], so the log can
//! say "authored 9.25 value" or "9.45 example". A user who owns the published game may type its
//! charts in; [`parse`] checks every edit and reports each problem with its line.
//!
//! Scale (issue 16): 120 yards a hex, 20 minutes a turn, a Strength Point about 100 men or one
//! gun. Movement Points are counted in half-points ([`Mp`]), range multipliers in halves
//! ([`Times`]).
//!
//! CONTRACT (for the rules modules): the public items below; [`standard`] gives the shipped
//! charts.

mod load;

pub use load::parse;

use crate::terrain::{HexsideKind, Terrain};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// Where a chart value (or an order-of-battle value) comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    /// Authored: the text cites a chart it does not print, or is silent; says why.
    Authored(String),
    /// Fixed by the rulebook: the case that fixes it ("9.45 example").
    Rulebook(String),
    /// A fact from `shared/history/belmont-and-south-mountain.md`, with its source key.
    History(String),
}

/// Every record of a data file says where its values come from and says something, and a
/// fact from the history cites its source key (the charts', the order of battle's and the
/// exclusive rules' loaders).
pub(crate) fn check_sources(ck: &mut datafile::RonCheck<'_>, loc: datafile::Loc, who: &str, source: &[Source]) {
    if source.is_empty() {
        ck.field(
            loc,
            "source",
            format!("{who} has no source: Authored(\"why\"), Rulebook(\"case\") or History(\"fact [key]\")"),
        );
    }
    for s in source {
        match s {
            Source::History(n) if !(n.contains('[') && n.contains(']')) => {
                ck.field(loc, "source", format!("{who}: a History fact cites its source key, [Key]: '{n}'"));
            }
            _ if s.note().trim().is_empty() => ck.field(loc, "source", format!("{who}: a source with nothing to say")),
            _ => {}
        }
    }
}

impl Source {
    /// Whether this value is ours rather than the rulebook's or the history's.
    #[must_use]
    pub const fn is_authored(&self) -> bool {
        matches!(self, Source::Authored(_))
    }

    /// The note: the reason, the case or the fact.
    #[must_use]
    pub fn note(&self) -> &str {
        match self {
            Source::Authored(s) | Source::Rulebook(s) | Source::History(s) => s,
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Authored(s) => write!(f, "authored: {s}"),
            Source::Rulebook(s) => write!(f, "rulebook {s}"),
            Source::History(s) => write!(f, "history: {s}"),
        }
    }
}

/// Writes a count of halves as the charts print it: `1/2`, `1`, `1 1/2`.
fn write_halves(f: &mut fmt::Formatter<'_>, halves: u16) -> fmt::Result {
    match (halves / 2, halves % 2) {
        (0, 1) => f.write_str("1/2"),
        (whole, 0) => write!(f, "{whole}"),
        (whole, _) => write!(f, "{whole} 1/2"),
    }
}

/// Movement Points, counted in half-points (a road hex costs 1/2, 5.19).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub struct Mp(pub u16);

impl Mp {
    /// Whole Movement Points.
    #[must_use]
    pub const fn whole(mp: u16) -> Mp {
        Mp(mp * 2)
    }

    /// The count in half-points.
    #[must_use]
    pub const fn halves(self) -> u16 {
        self.0
    }
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_halves(f, self.0)
    }
}

/// What entering a hex or crossing a hexside costs one kind of mover (5.19).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cost {
    /// This many Movement Points.
    Mp(Mp),
    /// "P" on the chart: the mover may not enter or cross.
    Prohibited,
}

impl Cost {
    /// The Movement Points, or `None` when prohibited.
    #[must_use]
    pub const fn mp(self) -> Option<Mp> {
        match self {
            Cost::Mp(mp) => Some(mp),
            Cost::Prohibited => None,
        }
    }

    /// Both costs paid together: prohibited if either is.
    #[must_use]
    pub const fn plus(self, other: Cost) -> Cost {
        match (self, other) {
            (Cost::Mp(a), Cost::Mp(b)) => Cost::Mp(Mp(a.0 + b.0)),
            _ => Cost::Prohibited,
        }
    }

    /// Whether `self` is no dearer than `other` (prohibited is dearest).
    #[must_use]
    pub const fn at_most(self, other: Cost) -> bool {
        match (self, other) {
            (_, Cost::Prohibited) => true,
            (Cost::Prohibited, Cost::Mp(_)) => false,
            (Cost::Mp(a), Cost::Mp(b)) => a.0 <= b.0,
        }
    }
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Mp(mp) => write!(f, "{mp}"),
            Cost::Prohibited => f.write_str("P"),
        }
    }
}

/// A range multiplier of current strength (9.2, 9.25), counted in halves: x1/2 is 1, x10 is 20.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Times(pub u16);

impl Times {
    /// The multiplier in halves.
    #[must_use]
    pub const fn halves(self) -> u16 {
        self.0
    }

    /// `points` (whole Strength Points or guns) multiplied, in half-points; 9.45's two guns at
    /// x1/2 are 2 halves, one point (R29: strengths in half-points).
    #[must_use]
    pub const fn of(self, points: u32) -> u32 {
        points * self.0 as u32
    }
}

impl fmt::Display for Times {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("x")?;
        write_halves(f, self.0)
    }
}

/// The columns of the Terrain Effects on Movement Chart: how a unit moves (5.19, 6.0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Mover {
    /// Infantry in Line, dismounted cavalry (6.14), gun crews off their guns and wagon crews
    /// (6.13, 15.1): no road benefit (6.12).
    Line,
    /// Infantry in Column (6.11).
    Column,
    /// Mounted cavalry (6.14).
    Mounted,
    /// Limbered artillery (6.13). Unlimbered artillery does not move.
    Limbered,
    /// A crewed supply wagon (11.1).
    Wagon,
    /// A leader (17.0).
    Leader,
}

impl Mover {
    /// Every mover, in chart order.
    pub const ALL: [Mover; 6] =
        [Mover::Line, Mover::Column, Mover::Mounted, Mover::Limbered, Mover::Wagon, Mover::Leader];

    /// The chart column's name.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Mover::Line => "line",
            Mover::Column => "column",
            Mover::Mounted => "mounted",
            Mover::Limbered => "limbered",
            Mover::Wagon => "wagon",
            Mover::Leader => "leader",
        }
    }

    /// 6.11-6.12: whether a road (and a bridge on it) serves this mover. Line does not.
    #[must_use]
    pub const fn uses_roads(self) -> bool {
        !matches!(self, Mover::Line)
    }

    /// This mover's place in [`Mover::ALL`].
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// The Formation Change column of 5.19 (6.0, 6.2), and facing (7.12).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum FormationChange {
    /// Infantry Line to Column or back (6.11-6.12).
    LineColumn,
    /// Artillery limbers or unlimbers (6.13).
    LimberUnlimber,
    /// Cavalry mounts or dismounts, at the end of its Movement Phase only (6.22).
    MountDismount,
    /// A change of facing: free (7.12).
    Facing,
}

impl FormationChange {
    /// Every change, in chart order.
    pub const ALL: [FormationChange; 4] = [
        FormationChange::LineColumn,
        FormationChange::LimberUnlimber,
        FormationChange::MountDismount,
        FormationChange::Facing,
    ];
}

/// Which row of the Fire CRT a weapon fires on, and whether 9.3's per-hexside cap binds it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Arm {
    /// Small arms (9.15): capped per hexside (9.3).
    SmallArms,
    /// Artillery (9.14): no per-hexside cap (9.32).
    Artillery,
}

/// The scale every distance, allowance and strength here assumes (issue 16; plan R33).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scale {
    /// Yards between hex centres.
    pub yards_per_hex: u16,
    /// Minutes a Game-Turn.
    pub minutes_per_turn: u16,
    /// Men a Strength Point.
    pub men_per_sp: u16,
    /// Why.
    pub source: Vec<Source>,
}

/// One mover's Movement Allowance (5.0, 5.19).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Allowance {
    /// Who.
    pub mover: Mover,
    /// The allowance.
    pub mp: Mp,
    /// Why.
    pub source: Vec<Source>,
}

/// The cost of one formation change (5.19 Formation Change column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormationCost {
    /// Which change.
    pub change: FormationChange,
    /// Its cost.
    pub mp: Mp,
    /// Why.
    pub source: Vec<Source>,
}

/// One terrain's row of 5.19: the cost to enter it, by mover, and whether a forced retreat may
/// enter it (issue 16: "prohibited" is movement's word; retreats are not movement, 5.18).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainMove {
    /// The terrain.
    pub terrain: Terrain,
    /// Cost by mover, in [`Mover::ALL`] order.
    pub costs: [Cost; 6],
    /// Whether a retreat (rout 13.3, melee 12.92, displacement 14.3, retreat before melee
    /// 12.81) may enter it whatever the unit's movement cost; false makes it impassable terrain
    /// for 12.92 and 14.1.
    pub retreat: bool,
    /// Why.
    pub source: Vec<Source>,
}

/// One hexside kind's row of 5.19: the cost added to crossing it, by mover (for a crest, only
/// going up), and whether a retreat may cross it (14.1's impassable hexside when not).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexsideMove {
    /// The kind.
    pub kind: HexsideKind,
    /// Added cost by mover, in [`Mover::ALL`] order.
    pub costs: [Cost; 6],
    /// Whether a retreat may cross it.
    pub retreat: bool,
    /// Why.
    pub source: Vec<Source>,
}

/// The road line of 5.19: what a road hexside costs the movers it serves (6.11-6.12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoadMove {
    /// Cost of a step along a road.
    pub mp: Mp,
    /// Why.
    pub source: Vec<Source>,
}

/// One terrain's row of the Stacking Restrictions Chart (8.18): what may end a phase in a hex
/// (8.11-8.13), melee in it per side (12.71-12.73), and fire out of it through one hexside
/// (7.21, 9.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stacking {
    /// The terrain.
    pub terrain: Terrain,
    /// Combat units (8.11; leaders and markers never count, 8.14).
    pub units: u8,
    /// Stacking Points (8.12: current strength; a battery 1, a wagon 4).
    pub sp: u8,
    /// Batteries (8.13).
    pub batteries: u8,
    /// Units a side may melee with in the hex (12.71).
    pub melee_units: u8,
    /// Strength Points a side may melee with in the hex (12.71-12.72).
    pub melee_sp: u8,
    /// Small-arms Strength Points that may fire out through one frontal hexside, before range
    /// (7.21, 9.3, 9.31); batteries are not capped (9.32).
    pub fire_sp: u8,
    /// Why.
    pub source: Vec<Source>,
}

/// One band of a weapon's Range Effects Chart row: from the band before it (or 1) out to `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Band {
    /// The longest range, in hexes (9.23: the target hex counted, the firer's not), of the band.
    pub to: u8,
    /// The multiplier of current strength.
    pub times: Times,
    /// Why.
    pub source: Vec<Source>,
}

/// One weapon type of the Range Effects Chart (3.34, 9.2, 9.25).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weapon {
    /// The letter(s) on the counter ("M", "HB").
    pub code: String,
    /// What it is.
    pub name: String,
    /// Small arms or artillery.
    pub arm: Arm,
    /// The bands, nearest first, each reaching further than the last.
    pub bands: Vec<Band>,
}

impl Weapon {
    /// The maximum range, in hexes (9.23).
    #[must_use]
    pub fn max_range(&self) -> u8 {
        self.bands.last().map_or(0, |b| b.to)
    }

    /// The band a range falls in, `None` beyond the maximum (or at range 0).
    #[must_use]
    pub fn band(&self, hexes: u16) -> Option<&Band> {
        if hexes == 0 {
            return None;
        }
        self.bands.iter().find(|b| hexes <= u16::from(b.to))
    }

    /// The multiplier at a range, `None` out of range (9.23).
    #[must_use]
    pub fn times(&self, hexes: u16) -> Option<Times> {
        self.band(hexes).map(|b| b.times)
    }
}

/// One terrain's row of the Terrain Effects on Combat Chart (9.56).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TerrainCombat {
    /// The terrain.
    pub terrain: Terrain,
    /// Columns left for a defender in it (9.5, 9.51, 9.53).
    pub fire_shift: u8,
    /// Height above the ground, feet, for line of sight (9.71-9.73); 0 never blocks.
    pub los_ft: u8,
    /// Added to a meleeing attacker's effective strength when it enters (12.31; at most one
    /// point of terrain a melee, 12.0 note).
    pub melee: i8,
    /// Whether cavalry may charge into it (16.22).
    pub charge: bool,
    /// Why.
    pub source: Vec<Source>,
}

/// One hexside kind's row of 9.56. A crest's effects apply only from below: fire from a lower
/// firer (9.52), melee and charges going up (12.31, 16.22).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexsideCombat {
    /// The kind.
    pub kind: HexsideKind,
    /// Columns left for a defender fired on across it (9.52).
    pub fire_shift: u8,
    /// Added to a meleeing attacker's effective strength when it crosses (12.31).
    pub melee: i8,
    /// Whether cavalry may charge across it (16.22).
    pub charge: bool,
    /// Why.
    pub source: Vec<Source>,
}

/// 9.72-9.73: the heights the Line of Sight gauge works in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gauge {
    /// Trees (9.72).
    pub trees_ft: u8,
    /// Infantry, artillery, dismounted cavalry and crews (9.72).
    pub men_ft: u8,
    /// Mounted cavalry and supply wagons (9.72).
    pub mounted_ft: u8,
    /// How far a sight line may pass below an obstacle and stay clear (9.73, ruling R3).
    pub grace_ft: u8,
    /// The gauge's height increment; map heights are counted in it (9.73).
    pub step_ft: u8,
    /// Why.
    pub source: Vec<Source>,
}

impl Gauge {
    /// The height a unit adds to its hex (9.72): mounted cavalry and wagons are tall.
    #[must_use]
    pub const fn unit_ft(&self, tall: bool) -> u8 {
        if tall { self.mounted_ft } else { self.men_ft }
    }
}

/// One step of a move, as 5.19 prices it (see [`Charts::step_cost`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    /// The terrain of the hex entered.
    pub into: Terrain,
    /// What lies on the hexside crossed, if anything.
    pub across: Option<HexsideKind>,
    /// Whether the hex entered is higher (a crest costs only going up).
    pub climbing: bool,
    /// Whether a road crosses the hexside.
    pub road: bool,
}

/// The authored charts, checked: every terrain, hexside kind, mover and change has exactly one
/// row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Charts {
    /// The scale the values assume.
    pub scale: Scale,
    allowances: Vec<Allowance>,
    formation: Vec<FormationCost>,
    terrain_move: Vec<TerrainMove>,
    hexside_move: Vec<HexsideMove>,
    /// The road line of 5.19.
    pub road: RoadMove,
    stacking: Vec<Stacking>,
    weapons: Vec<Weapon>,
    terrain_combat: Vec<TerrainCombat>,
    hexside_combat: Vec<HexsideCombat>,
    /// The Line of Sight gauge's heights.
    pub gauge: Gauge,
}

impl Charts {
    // --- 5.19 Terrain Effects on Movement.

    /// A mover's Movement Allowance (5.0).
    #[must_use]
    pub fn allowance(&self, mover: Mover) -> Mp {
        self.allowances[mover.index()].mp
    }

    /// The record behind [`Charts::allowance`], with its source.
    #[must_use]
    pub fn allowance_record(&self, mover: Mover) -> &Allowance {
        &self.allowances[mover.index()]
    }

    /// The cost of a formation change (6.2) or of facing (7.12).
    #[must_use]
    pub fn formation_cost(&self, change: FormationChange) -> Mp {
        self.formation_record(change).mp
    }

    /// The record behind [`Charts::formation_cost`].
    #[must_use]
    pub fn formation_record(&self, change: FormationChange) -> &FormationCost {
        &self.formation[change as usize]
    }

    /// The cost for `mover` to enter a hex of `terrain`, off road (5.15).
    #[must_use]
    pub fn enter_cost(&self, terrain: Terrain, mover: Mover) -> Cost {
        self.terrain_move[terrain.index()].costs[mover.index()]
    }

    /// The cost added for `mover` to cross a hexside of `kind` (a crest: going up only).
    #[must_use]
    pub fn hexside_cost(&self, kind: HexsideKind, mover: Mover) -> Cost {
        self.hexside_move[kind.index()].costs[mover.index()]
    }

    /// A step along a road, for the movers a road serves (6.11-6.12); `None` for Line.
    #[must_use]
    pub fn road_cost(&self, mover: Mover) -> Option<Mp> {
        mover.uses_roads().then_some(self.road.mp)
    }

    /// What one step costs `mover`. Along a road a road mover pays the road cost whatever the
    /// terrain, and a road over a stream is a bridge or ford (6.11-6.12); a road never makes an
    /// impassable hexside passable. Otherwise the hex's cost plus the hexside's (a crest only
    /// when climbing). Whether a friendly unit on the road denies the road (6.11) is the
    /// movement rules' business.
    #[must_use]
    pub fn step_cost(&self, step: Step, mover: Mover) -> Cost {
        let side = step.across.filter(|&k| k != HexsideKind::Crest || step.climbing);
        if step.road
            && let Some(mp) = self.road_cost(mover)
        {
            return match side {
                Some(k) if !self.hexside_move(k).retreat => Cost::Prohibited,
                _ => Cost::Mp(mp),
            };
        }
        let hex = self.enter_cost(step.into, mover);
        side.map_or(hex, |k| hex.plus(self.hexside_cost(k, mover)))
    }

    /// Whether a forced retreat may enter `terrain` (issue 16; 12.92, 14.1).
    #[must_use]
    pub fn retreat_may_enter(&self, terrain: Terrain) -> bool {
        self.terrain_move[terrain.index()].retreat
    }

    /// Whether a forced retreat may cross a hexside of `kind` (14.1).
    #[must_use]
    pub fn retreat_may_cross(&self, kind: HexsideKind) -> bool {
        self.hexside_move[kind.index()].retreat
    }

    /// Whether a retreat may take this step at all.
    #[must_use]
    pub fn retreat_may_step(&self, into: Terrain, across: Option<HexsideKind>) -> bool {
        self.retreat_may_enter(into) && across.is_none_or(|k| self.retreat_may_cross(k))
    }

    /// A terrain's movement row, with its source.
    #[must_use]
    pub fn terrain_move(&self, terrain: Terrain) -> &TerrainMove {
        &self.terrain_move[terrain.index()]
    }

    /// A hexside kind's movement row, with its source.
    #[must_use]
    pub fn hexside_move(&self, kind: HexsideKind) -> &HexsideMove {
        &self.hexside_move[kind.index()]
    }

    // --- 8.18 Stacking Restrictions.

    /// A terrain's stacking row (8.11-8.13, 12.71, 7.21).
    #[must_use]
    pub fn stacking(&self, terrain: Terrain) -> &Stacking {
        &self.stacking[terrain.index()]
    }

    // --- 9.25 Range Effects.

    /// A weapon type by its counter code.
    #[must_use]
    pub fn weapon(&self, code: &str) -> Option<&Weapon> {
        self.weapons.iter().find(|w| w.code == code)
    }

    /// Every weapon type, in chart order.
    #[must_use]
    pub fn weapons(&self) -> &[Weapon] {
        &self.weapons
    }

    /// The range multiplier of `code` at `hexes` (9.2), `None` out of range or for an unknown
    /// code (9.21: no weapon type, no fire).
    #[must_use]
    pub fn range_multiplier(&self, code: &str, hexes: u16) -> Option<Times> {
        self.weapon(code)?.times(hexes)
    }

    // --- 9.56 Terrain Effects on Combat.

    /// A terrain's combat row, with its source.
    #[must_use]
    pub fn terrain_combat(&self, terrain: Terrain) -> &TerrainCombat {
        &self.terrain_combat[terrain.index()]
    }

    /// A hexside kind's combat row, with its source.
    #[must_use]
    pub fn hexside_combat(&self, kind: HexsideKind) -> &HexsideCombat {
        &self.hexside_combat[kind.index()]
    }

    /// Columns left for a defender in `terrain` (9.5).
    #[must_use]
    pub fn fire_shift(&self, terrain: Terrain) -> u8 {
        self.terrain_combat(terrain).fire_shift
    }

    /// Columns left for a defender fired on across a hexside of `kind` (for a crest, when the
    /// firer is lower, 9.52).
    #[must_use]
    pub fn hexside_fire_shift(&self, kind: HexsideKind) -> u8 {
        self.hexside_combat(kind).fire_shift
    }

    /// The height of `terrain` above its ground for line of sight, feet (9.72).
    #[must_use]
    pub fn los_height_ft(&self, terrain: Terrain) -> u8 {
        self.terrain_combat(terrain).los_ft
    }

    /// Whether `terrain` is blocking terrain (9.71): it has a height.
    #[must_use]
    pub fn blocks_los(&self, terrain: Terrain) -> bool {
        self.los_height_ft(terrain) > 0
    }

    /// What a meleeing attacker's strength changes by on entering `terrain` (12.31).
    #[must_use]
    pub fn melee_effect(&self, terrain: Terrain) -> i8 {
        self.terrain_combat(terrain).melee
    }

    /// What a meleeing attacker's strength changes by on crossing a hexside of `kind` (12.31;
    /// a crest going up).
    #[must_use]
    pub fn hexside_melee_effect(&self, kind: HexsideKind) -> i8 {
        self.hexside_combat(kind).melee
    }

    /// Whether cavalry may charge a unit in `terrain` (16.22).
    #[must_use]
    pub fn charge_into(&self, terrain: Terrain) -> bool {
        self.terrain_combat(terrain).charge
    }

    /// Whether cavalry may charge across a hexside of `kind` (16.22; a crest going up).
    #[must_use]
    pub fn charge_across(&self, kind: HexsideKind) -> bool {
        self.hexside_combat(kind).charge
    }

    /// The Line of Sight gauge's heights (9.72-9.73).
    #[must_use]
    pub const fn gauge(&self) -> &Gauge {
        &self.gauge
    }
}

/// The name the shipped file goes by in error reports.
pub const CHARTS_FILE: &str = "data/standard-charts.ron";

/// The shipped charts, `data/standard-charts.ron`, parsed once.
///
/// # Panics
/// With the full report when the shipped file is bad (a test guarantees it is not).
pub fn standard() -> &'static Charts {
    static CHARTS: OnceLock<Charts> = OnceLock::new();
    CHARTS.get_or_init(|| {
        parse(include_str!("../data/standard-charts.ron"), CHARTS_FILE)
            .unwrap_or_else(|errors| panic!("the shipped charts are invalid:\n{}", datafile::report(&errors)))
    })
}

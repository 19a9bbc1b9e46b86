//! Game sheets A, B and C (`data/sheets.ron`): **AUTHORED, NOT THE PUBLISHED SHEETS.** The
//! text cites them and does not print them (plan section 5); every value is ours unless its
//! record cites the case that fixes it, and the loader holds those cells to the text.
//!
//! [`Sheets`] is what play reads: the unit and commander values (2.1-2.5, 10.4), the morale
//! results (10.2, 2.7), the figure-loss categories (10.3), the fire tables at both scales (8.1,
//! 8.2) and the melee bands (9.12), the movement rates (6.1), each behind a chart function the
//! rules and the calculators share.

mod load;
mod raw;

pub use load::{load, load_text};
pub use raw::Source;

use crate::dice::AdRoll;

/// The text's file, compiled in.
pub const SHEETS_RON: &str = include_str!("../../data/sheets.ron");

/// A unit's performance, rolled at first need (2.1). Average is the unnamed level with no
/// modifier between Abysmal and Good (ruling R2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Performance {
    /// 6.9, 8.15, 9.9, 11.0.
    Abysmal,
    /// Ruling R2.
    Average,
    /// 6.9, 9.9.
    Good,
    /// 6.9, 8.15, 9.9, 11.0.
    Outstanding,
}

impl Performance {
    /// In the sheets' column order.
    pub const ALL: [Performance; 4] =
        [Performance::Abysmal, Performance::Average, Performance::Good, Performance::Outstanding];

    /// The sheets' word for it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Performance::Abysmal => "Abysmal",
            Performance::Average => "Average",
            Performance::Good => "Good",
            Performance::Outstanding => "Outstanding",
        }
    }

    fn parse(s: &str) -> Option<Performance> {
        Performance::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// A commander's quality, rolled at first need (2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Quality {
    /// 2.3, 9.10.
    Poltroon,
    /// 9.10, 9.14.
    Cautious,
    /// 9.10, 9.14, 10.4.
    Aggressive,
    /// 9.10, 9.14.
    Firebrand,
    /// 2.3.
    Exceptional,
}

impl Quality {
    /// In the sheets' order.
    pub const ALL: [Quality; 5] =
        [Quality::Poltroon, Quality::Cautious, Quality::Aggressive, Quality::Firebrand, Quality::Exceptional];

    /// The sheets' word for it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Quality::Poltroon => "Poltroon",
            Quality::Cautious => "Cautious",
            Quality::Aggressive => "Aggressive",
            Quality::Firebrand => "Firebrand",
            Quality::Exceptional => "Exceptional",
        }
    }

    fn parse(s: &str) -> Option<Quality> {
        Quality::ALL.into_iter().find(|q| q.name() == s)
    }
}

/// A result of the Morale Results Table (10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoraleResult {
    /// No effect: the marker comes off.
    Ne,
    /// Advance (2.7, 7.4): the advance die decides how.
    Advance,
    /// Deploy (7.4).
    Deploy,
    /// Half speed (7.4).
    Half,
    /// Stand (9.3).
    Stand,
    /// The marker is kept (10.1).
    KeepMarker,
    /// Withdraw one full move.
    Wd1,
    /// Withdraw two full moves (2.7).
    Wd2,
    /// Routed and removed (9.9).
    Rout,
}

impl MoraleResult {
    const ALL: [MoraleResult; 9] = [
        MoraleResult::Ne,
        MoraleResult::Advance,
        MoraleResult::Deploy,
        MoraleResult::Half,
        MoraleResult::Stand,
        MoraleResult::KeepMarker,
        MoraleResult::Wd1,
        MoraleResult::Wd2,
        MoraleResult::Rout,
    ];

    /// The sheet's code for it.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            MoraleResult::Ne => "NE",
            MoraleResult::Advance => "Adv",
            MoraleResult::Deploy => "Deploy",
            MoraleResult::Half => "Half",
            MoraleResult::Stand => "Stand",
            MoraleResult::KeepMarker => "MM",
            MoraleResult::Wd1 => "WD1",
            MoraleResult::Wd2 => "WD2",
            MoraleResult::Rout => "Rout",
        }
    }

    fn parse(s: &str) -> Option<MoraleResult> {
        MoraleResult::ALL.into_iter().find(|r| r.code() == s)
    }
}

/// How much of its original strength a unit has lost (10.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LossCategory {
    /// Nothing lost.
    None,
    /// At most 10%.
    Light,
    /// Over 10% to 25%.
    Moderate,
    /// Over 25% to 50%.
    Substantial,
    /// Over 50%.
    Severe,
}

/// The figure scale (intro, 1.1): 15 mm reads sheet B, 25 mm sheet C.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scale {
    /// Sheet B, 25 men a figure (this file's choice in the text's 20-25).
    Mm15,
    /// Sheet C, about 38 men a figure.
    Mm25,
}

/// What fires (8.1, 8.2): small arms by figures, artillery by guns with its ammunition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FireKind {
    /// Muskets, rifles, carbines: a column a figure.
    SmallArms,
    /// Artillery firing shot or shell: a column a gun.
    ShotShell,
    /// Smoothbore guns firing canister.
    CanisterSmoothbore,
    /// Rifled guns firing canister.
    CanisterRifled,
}

/// A fire table's result (8.2): figures killed (each with a Morale Marker), or at 25 mm a
/// morale hit alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FireResult {
    /// Figures killed.
    pub figures: u16,
    /// A Morale Marker without a figure (sheet C's "M"); a kill brings one anyway (8.2).
    pub morale_hit: bool,
}

/// One cell of a fire table: sheet B's figures, sheet C's "-", "M" or "Kn".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Figures(u8),
    Morale,
}

/// A fire table: rows for modified rolls -3 (or less) to 10 (or more), a column per figure or
/// gun firing.
#[derive(Clone, Debug)]
struct FireTable {
    rows: Vec<Vec<Cell>>,
}

/// The lowest and highest modified fire rolls the tables print (8.1: beyond them, the end row).
pub const FIRE_ROLLS: std::ops::RangeInclusive<i8> = -3..=10;

impl FireTable {
    fn columns(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    fn cell(&self, count: usize, roll: i8) -> FireResult {
        let r = usize::try_from(roll.clamp(*FIRE_ROLLS.start(), *FIRE_ROLLS.end()) - FIRE_ROLLS.start()).unwrap_or(0);
        match count.checked_sub(1).and_then(|c| self.rows.get(r).and_then(|row| row.get(c))) {
            Some(Cell::Figures(n)) => FireResult { figures: u16::from(*n), morale_hit: *n > 0 },
            Some(Cell::Morale) => FireResult { figures: 0, morale_hit: true },
            None => FireResult::default(),
        }
    }
}

/// One melee band (9.12): from a ratio of totals up, what the loser and the winner lose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeleeBand {
    /// The sheet's name for the ratio ("3/2").
    pub ratio: String,
    /// The least ratio of the winner's total to the loser's, as (numerator, denominator).
    pub from: (u32, u32),
    /// Stands the loser loses (sheet B; 0 on sheet C).
    pub loser_stands: u8,
    /// Figures the loser loses (sheet C; "0" on sheet B).
    pub loser_figures: AdRoll,
    /// Full moves of retreat (9.12).
    pub retreat_moves: u8,
    /// Figures the winner loses.
    pub winner_figures: AdRoll,
}

/// A unit type's row of the Unit Values table (2.1-2.2).
#[derive(Clone, Debug)]
struct UnitType {
    name: String,
    by_face: [Performance; 10],
    cv: [u8; 4],
}

/// A commander type's row (2.3-2.4).
#[derive(Clone, Debug)]
struct CommanderType {
    name: String,
    by_face: [Quality; 10],
}

/// The game sheets as play reads them. Built only by [`load`] / [`load_text`], which check
/// every cell the text fixes.
#[derive(Clone, Debug)]
pub struct Sheets {
    /// The file's title.
    pub title: String,
    /// "AUTHORED, NOT THE PUBLISHED SHEETS".
    pub status: String,
    unit_types: Vec<UnitType>,
    commander_types: Vec<CommanderType>,
    passes: [u8; 5],
    morale: [Vec<(i16, MoraleResult)>; 4],
    impetuous: Vec<(MoraleResult, MoraleResult)>,
    losses: Vec<(u8, u8, u8, u8)>,
    fire_b: [FireTable; 4],
    fire_c: [FireTable; 3],
    melee_b: Vec<MeleeBand>,
    melee_c: Vec<MeleeBand>,
    /// (arm, formation, sixteenths of an inch).
    rates: Vec<(String, String, i32)>,
    rebuild_attempts: u8,
    small_arms: Vec<String>,
    bores: Vec<String>,
    basings: Vec<Basing>,
    terrain: TerrainKinds,
}

/// A stand's size in sixteenths of an inch, and what it holds (1.1-1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StandSize {
    /// Across its front.
    pub width: i32,
    /// Front to back.
    pub depth: i32,
    /// Figures a stand holds (crew figures for a gun stand).
    pub figures: u8,
    /// Guns a stand holds (gun stands only).
    pub guns: u8,
}

/// How a scale bases its units (intro, 1.1-1.3): what a scenario's orders of battle are counted
/// and laid out by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Basing {
    /// "15mm" or "25mm".
    pub name: String,
    /// Men a figure.
    pub men_per_figure: u16,
    /// An infantry stand.
    pub infantry: StandSize,
    /// A mounted cavalry stand.
    pub mounted: StandSize,
    /// A dismounted cavalry stand.
    pub dismounted: StandSize,
    /// A gun section's stand.
    pub gun: StandSize,
    /// A limbered section's stand.
    pub limber: StandSize,
    /// Stands abreast in an Assault Column (5.2).
    pub assault_column_files: u8,
}

/// Sheet A's terrain key by kind: what a scenario's features may be.
#[derive(Clone, Debug, Default)]
struct TerrainKinds {
    /// Area kinds, and whether no unit enters them.
    areas: Vec<(String, bool)>,
    /// Area kinds that disorder a unit entering (6.7), with their type: 0 for A to 3 for D.
    disorder: Vec<(String, usize)>,
    /// 6.7: (arm, formations, the numbers for types A-D).
    numbers: Vec<(String, Vec<String>, [i8; 4])>,
    /// 6.7: each unit type's modifier to the number.
    type_modifiers: Vec<(String, i8)>,
    lines: Vec<String>,
    slopes: Vec<String>,
}

impl Sheets {
    /// The small arms sheet A's ranges name (8.3), in its order.
    pub fn small_arms(&self) -> impl Iterator<Item = &str> {
        self.small_arms.iter().map(String::as_str)
    }

    /// The artillery bores sheet A's shot/shell maxima name (8.4, 7.6), in its order.
    pub fn gun_bores(&self) -> impl Iterator<Item = &str> {
        self.bores.iter().map(String::as_str)
    }

    /// How the scale named `name` ("15mm", "25mm") bases its units.
    #[must_use]
    pub fn basing(&self, name: &str) -> Option<&Basing> {
        self.basings.iter().find(|b| b.name == name)
    }

    /// The area kinds of sheet A's terrain key.
    pub fn area_kinds(&self) -> impl Iterator<Item = &str> {
        self.terrain.areas.iter().map(|a| a.0.as_str())
    }

    /// Whether no unit enters an area of `kind` (its disordering is "impassable").
    #[must_use]
    pub fn impassable(&self, kind: &str) -> bool {
        self.terrain.areas.iter().any(|a| a.0 == kind && a.1)
    }

    /// 6.7: the disordering type of an area of `kind`, 0 for A to 3 for D; `None` for ground
    /// that does not disorder (open, water, towns and buildings, which their own rules govern).
    #[must_use]
    pub fn disorder_type(&self, kind: &str) -> Option<usize> {
        self.terrain.disorder.iter().find(|(k, _)| k == kind).map(|&(_, t)| t)
    }

    /// 6.7: the number a unit of `arm` ("Infantry", "MountedCavalry", "Artillery") in
    /// `formation` and of `unit_type` must roll at or under on a D10 to enter ground of
    /// disordering type `t` (0 for A to 3 for D) unhindered; `None` where the sheet gives none.
    #[must_use]
    pub fn disorder_number(&self, arm: &str, formation: &str, unit_type: &str, t: usize) -> Option<i8> {
        let base = self.terrain.numbers.iter().find(|(a, fs, _)| a == arm && fs.iter().any(|f| f == formation))?.2;
        let m = self.terrain.type_modifiers.iter().find(|(k, _)| k == unit_type).map_or(0, |&(_, m)| m);
        base.get(t).map(|n| n + m)
    }

    /// The line kinds of sheet A's terrain key (fences, walls, roads).
    pub fn line_kinds(&self) -> impl Iterator<Item = &str> {
        self.terrain.lines.iter().map(String::as_str)
    }

    /// The slope kinds of sheet A's terrain key (6.7).
    pub fn slope_kinds(&self) -> impl Iterator<Item = &str> {
        self.terrain.slopes.iter().map(String::as_str)
    }

    /// 2.1: the performance a unit of `unit_type` ("Raw" ... "Elite") rolls on a D10 face.
    #[must_use]
    pub fn performance(&self, unit_type: &str, d10: u8) -> Option<Performance> {
        self.unit_types.iter().find(|t| t.name == unit_type)?.by_face.get(usize::from(d10)).copied()
    }

    /// 2.1: the Combat Value of a unit of `unit_type` with `performance`.
    #[must_use]
    pub fn cv(&self, unit_type: &str, performance: Performance) -> Option<u8> {
        let i = Performance::ALL.iter().position(|&p| p == performance)?;
        self.unit_types.iter().find(|t| t.name == unit_type).map(|t| t.cv[i])
    }

    /// The unit types the sheet rates, in its order.
    pub fn unit_types(&self) -> impl Iterator<Item = &str> {
        self.unit_types.iter().map(|t| t.name.as_str())
    }

    /// 2.3: the quality a commander of `commander_type` ("A" ... "D") rolls on a D10 face.
    #[must_use]
    pub fn quality(&self, commander_type: &str, d10: u8) -> Option<Quality> {
        self.commander_types.iter().find(|t| t.name == commander_type)?.by_face.get(usize::from(d10)).copied()
    }

    /// 10.4: a commander's morale passes for the game.
    #[must_use]
    pub fn passes(&self, quality: Quality) -> u8 {
        self.passes[Quality::ALL.iter().position(|&q| q == quality).unwrap_or(0)]
    }

    /// 10.2 and 2.7: the result of a modified percentile roll (losses already taken off,
    /// 10.3) in `performance`'s column, read through the impetuous column for an impetuous
    /// unit. A roll above the last band reads it; below the first, the first.
    #[must_use]
    pub fn morale_result(&self, performance: Performance, impetuous: bool, modified: i16) -> MoraleResult {
        let column = &self.morale[Performance::ALL.iter().position(|&p| p == performance).unwrap_or(0)];
        let plain =
            column.iter().find(|&&(high, _)| modified <= high).or(column.last()).map_or(MoraleResult::Ne, |b| b.1);
        if impetuous { self.impetuous.iter().find(|m| m.0 == plain).map_or(plain, |m| m.1) } else { plain }
    }

    /// 10.3: the loss category of a unit that began with `original` figures (guns for
    /// artillery, ruling R31) and has lost `lost`. The sheet's rows up to 40; beyond, the
    /// same arithmetic (each bound inclusive).
    #[must_use]
    pub fn loss_category(&self, original: u16, lost: u16) -> LossCategory {
        if lost == 0 {
            return LossCategory::None;
        }
        let (light, moderate, substantial) = match self.losses.iter().find(|r| u16::from(r.0) == original) {
            Some(&(_, l, m, s)) => (u16::from(l), u16::from(m), u16::from(s)),
            None => (original / 10, original / 4, original / 2),
        };
        match lost {
            l if l <= light => LossCategory::Light,
            l if l <= moderate => LossCategory::Moderate,
            l if l <= substantial => LossCategory::Substantial,
            _ => LossCategory::Severe,
        }
    }

    /// 8.1, 8.2: what `count` figures (small arms) or guns (artillery) firing `kind` do on a
    /// modified roll at `scale`. A count beyond the table's columns reads the last column and
    /// the column for the rest, with the one roll, and adds them (8.1: 48 figures are 40
    /// and 8; ruling R28 at 25 mm).
    #[must_use]
    pub fn fire(&self, scale: Scale, kind: FireKind, count: u16, modified_roll: i8) -> FireResult {
        let table = match (scale, kind) {
            (Scale::Mm15, FireKind::SmallArms) => &self.fire_b[0],
            (Scale::Mm15, FireKind::ShotShell) => &self.fire_b[1],
            (Scale::Mm15, FireKind::CanisterSmoothbore) => &self.fire_b[2],
            (Scale::Mm15, FireKind::CanisterRifled) => &self.fire_b[3],
            (Scale::Mm25, FireKind::SmallArms | FireKind::ShotShell) => &self.fire_c[0],
            (Scale::Mm25, FireKind::CanisterSmoothbore) => &self.fire_c[1],
            (Scale::Mm25, FireKind::CanisterRifled) => &self.fire_c[2],
        };
        let columns = table.columns().max(1);
        let mut left = usize::from(count);
        let mut out = FireResult::default();
        while left > 0 {
            let part = table.cell(left.min(columns), modified_roll);
            out.figures += part.figures;
            out.morale_hit |= part.morale_hit;
            left = left.saturating_sub(columns);
        }
        out
    }

    /// 9.12: the band a melee's ratio of totals (`winner` to `loser`, ties rerolled before)
    /// falls in at `scale`: the highest band whose least ratio it reaches. `None` when the
    /// winner's total is not above the loser's.
    #[must_use]
    pub fn melee_band(&self, scale: Scale, winner: u32, loser: u32) -> Option<&MeleeBand> {
        if winner <= loser {
            return None;
        }
        let bands = if scale == Scale::Mm15 { &self.melee_b } else { &self.melee_c };
        bands.iter().rev().find(|b| u64::from(winner) * u64::from(b.from.1) >= u64::from(loser) * u64::from(b.from.0))
    }

    /// 6.1: a unit's move in sixteenths of an inch, by arm ("Infantry", "MountedCavalry",
    /// "Artillery", "Commander") and formation as the sheet names them.
    #[must_use]
    pub fn movement(&self, arm: &str, formation: &str) -> Option<i32> {
        self.rates.iter().find(|r| r.0 == arm && r.1 == formation).map(|r| r.2)
    }

    /// 11.0: rebuilding attempts a game.
    #[must_use]
    pub fn rebuild_attempts(&self) -> u8 {
        self.rebuild_attempts
    }
}

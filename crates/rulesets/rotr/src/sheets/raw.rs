//! The game sheets' file as written (`data/sheets.ron`), field for field: every record is
//! read, none is skipped, so a misspelt field is an error with its line rather than a value
//! silently ignored. Prose fields (`why`, `meaning`, a cost's words) stay prose; the numbers
//! play reads are checked and turned into [`super::Sheets`] by `load.rs`.
// Prose and the values later steps of the plan read (terrain key, ranges, modifiers) are
// parsed so that a misspelt field is refused with its line; not every one is read yet.
#![allow(dead_code)]

use crate::authored::TunedHeader;
pub use crate::authored::{Source, Sources};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSheets {
    pub header: TunedHeader,
    pub scales: Vec<RawScale>,
    pub dice: RawDice,
    pub sheet_a: SheetA,
    pub fire_modifiers: Modifiers,
    pub ranges: RawRanges,
    pub sheet_b: SheetB,
    pub sheet_c: SheetC,
    pub checks: Vec<Check>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStand {
    pub width: String,
    pub depth: String,
    #[serde(default)]
    pub figures: Option<u8>,
    #[serde(default)]
    pub crew: Option<u8>,
    #[serde(default)]
    pub guns: Option<u8>,
    pub source: Sources,
}

/// Counts a scale states in stands (15 mm) or figures (25 mm): 5.6's detachments, 6.15's towns
/// and buildings.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct Capacity {
    #[serde(default)]
    pub stands: Option<u8>,
    #[serde(default)]
    pub figures: Option<u8>,
    #[serde(default)]
    pub per_edge: Option<u8>,
    #[serde(default)]
    pub per_edge_figures: Option<u8>,
    #[serde(default)]
    pub min_stands: Option<u8>,
    #[serde(default)]
    pub max_stands: Option<u8>,
    #[serde(default)]
    pub min_figures: Option<u8>,
    #[serde(default)]
    pub max_figures: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawScale {
    pub name: String,
    pub sheet: String,
    pub men_per_figure: u16,
    pub source: Sources,
    pub infantry_stand: RawStand,
    pub mounted_stand: RawStand,
    pub dismounted_stand: RawStand,
    pub gun_stand: RawStand,
    pub limber_stand: RawStand,
    pub assault_column_files: u8,
    pub assault_column_firing_stands: u8,
    pub fire_chart_columns: u8,
    pub straggler_dice: String,
    pub detachment_limit: Capacity,
    pub town: Capacity,
    pub building: Capacity,
    pub source_notes: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Faces {
    pub faces: Vec<u8>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Percentile {
    pub faces: String,
    pub tens_die: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawDice {
    pub d10: Faces,
    pub percentile: Percentile,
    pub averaging_die: Faces,
    pub sums_in_36ths_2ad: Vec<(u8, u32)>,
    pub sums_in_216ths_3ad: Vec<(u8, u32)>,
}

/// A D10 band of a type's roll: (what it gives, lowest face, highest face).
pub(super) type RollBand = (String, u8, u8);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct UnitType {
    #[serde(rename = "type")]
    pub kind: String,
    pub roll: Vec<RollBand>,
    pub cv: Vec<u8>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SourceOnly {
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct UnitValues {
    pub why: String,
    pub performances: Vec<String>,
    pub performances_source: Sources,
    pub types: Vec<UnitType>,
    pub artillery: SourceOnly,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CommanderType {
    #[serde(rename = "type")]
    pub kind: String,
    pub roll: Vec<RollBand>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Casualty {
    pub fire_kill_on: Vec<u8>,
    pub melee_on: Vec<u8>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Inches {
    pub inches: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CommanderValues {
    pub why: String,
    pub qualities: Vec<String>,
    pub qualities_source: Sources,
    pub types: Vec<CommanderType>,
    pub morale_passes: Vec<(String, u8)>,
    pub morale_passes_source: Sources,
    pub melee_modifiers: Vec<(String, i8, String)>,
    pub melee_modifiers_source: Sources,
    pub cv_roll_modifiers: Vec<(String, i8)>,
    pub cv_roll_modifiers_source: Sources,
    pub casualty: Casualty,
    pub movement: Inches,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Impetuous {
    pub why: String,
    pub raw_on: Vec<u8>,
    pub trained_on: Vec<u8>,
    pub modifiers: Vec<(String, i8)>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Rate {
    pub arm: String,
    pub formation: String,
    pub inches: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Cost {
    pub what: String,
    pub cost: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Movement {
    pub why: String,
    pub rates: Vec<Rate>,
    pub costs: Vec<Cost>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DisorderNumbers {
    pub arm: String,
    pub formations: Vec<String>,
    pub a: i8,
    pub b: i8,
    pub c: i8,
    pub d: i8,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Disordering {
    pub why: String,
    pub numbers: Vec<DisorderNumbers>,
    pub type_modifiers: Vec<(String, i8)>,
    pub type_modifiers_source: Sources,
    pub fixed: Sources,
}

/// One modifier to a roll, with the variants some carry ("light / medium / heavy cover").
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Modifier {
    pub when: String,
    pub value: i8,
    #[serde(default)]
    pub value_substantial: Option<i8>,
    #[serde(default)]
    pub value_severe: Option<i8>,
    #[serde(default)]
    pub value_heavy: Option<i8>,
    #[serde(default)]
    pub value_medium: Option<i8>,
    #[serde(default)]
    pub value_cautious_poltroon: Option<i8>,
    #[serde(default)]
    pub value_aggressive: Option<i8>,
    #[serde(default)]
    pub value_shot_shell: Option<i8>,
    #[serde(default)]
    pub value_abysmal: Option<i8>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Modifiers {
    pub why: String,
    pub modifiers: Vec<Modifier>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoraleColumn {
    pub performance: String,
    pub bands: Vec<(i16, String)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoraleResultText {
    pub code: String,
    pub meaning: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MoraleResults {
    pub why: String,
    pub loss_modifiers: Vec<(String, i16)>,
    pub loss_modifiers_source: Sources,
    pub columns: Vec<MoraleColumn>,
    pub columns_source: Sources,
    pub impetuous_column: Vec<(String, String)>,
    pub impetuous_column_source: Sources,
    pub results: Vec<MoraleResultText>,
    pub artillery: SourceOnly,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AdvanceResult {
    pub why: String,
    pub roll: String,
    pub impetuous_modifier: i8,
    pub bands: Vec<(i8, String)>,
    pub none_visible: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FigureLosses {
    pub why: String,
    pub rule: String,
    pub source: Sources,
    pub rows: Vec<(u8, u8, u8, u8)>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Rebuilding {
    pub why: String,
    pub roll: String,
    pub modifiers: Vec<(String, i8)>,
    pub bands: Vec<(u8, String)>,
    pub figures_25mm: Vec<(String, u8)>,
    pub attempts_per_game: u8,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Straggling {
    pub why: String,
    pub dice_15mm: String,
    pub dice_25mm: String,
    pub modifiers: Vec<(String, i8)>,
    pub doubletime: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainArea {
    pub kind: String,
    pub disorder: String,
    pub cover: String,
    pub visibility: String,
    pub blocks_sight: bool,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainLine {
    pub kind: String,
    pub obstruction: bool,
    pub cover: String,
    pub support: bool,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainSlope {
    pub kind: String,
    pub disorder: String,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TerrainKey {
    pub why: String,
    pub areas: Vec<TerrainArea>,
    pub lines: Vec<TerrainLine>,
    pub slopes: Vec<TerrainSlope>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SheetA {
    pub unit_values: UnitValues,
    pub commander_values: CommanderValues,
    pub impetuous: Impetuous,
    pub movement: Movement,
    pub disordering: Disordering,
    pub closing_modifiers: Modifiers,
    pub cv_roll_modifiers: Modifiers,
    pub morale_results: MoraleResults,
    pub advance_result: AdvanceResult,
    pub figure_losses: FigureLosses,
    pub rebuilding: Rebuilding,
    pub straggling: Straggling,
    pub terrain_key: TerrainKey,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ArtilleryBands {
    pub ammunition: String,
    pub bands: Vec<(String, i8)>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRanges {
    pub why: String,
    pub small_arms: Vec<(String, String)>,
    pub small_arms_source: Sources,
    pub canister_max: String,
    pub shot_shell_max: Vec<(String, String)>,
    pub higher_ground_bonus: String,
    pub maxima_source: Sources,
    pub artillery_bands: Vec<ArtilleryBands>,
    pub rounding: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RateRow {
    pub roll: String,
    pub rate: String,
}

/// A sheet B fire table row: the modified roll, then figures lost for 1, 2, ... firing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LossRow {
    pub roll: String,
    pub losses: Vec<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct LossTable {
    pub multiplier: String,
    pub columns: u8,
    pub rows: Vec<LossRow>,
}

/// A sheet C fire table row: "-", "M" or "Kn" for 1, 2, ... firing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ResultRow {
    pub roll: String,
    pub results: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ResultTable {
    pub multiplier: String,
    pub columns: u8,
    pub rows: Vec<ResultRow>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Crew {
    pub losses_to_lose_a_gun: u8,
    pub losses_to_remove_stand: u8,
    #[serde(default)]
    pub four_crew_option: Option<String>,
    pub source: Sources,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FireB {
    pub why: String,
    pub rates_why: String,
    pub rates: Vec<RateRow>,
    pub results: String,
    pub over_40: String,
    pub fixed: Sources,
    pub small_arms: LossTable,
    pub shot_shell: LossTable,
    pub canister_smoothbore: LossTable,
    pub canister_rifled: LossTable,
    pub artillery_crew: Crew,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MeleeBandB {
    pub ratio: String,
    pub from: String,
    pub to_below: String,
    pub loser_stands: u8,
    pub retreat_moves: u8,
    pub winner_figures: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MeleeB {
    pub why: String,
    pub bands: Vec<MeleeBandB>,
    pub source: Sources,
    pub markers: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SheetB {
    pub fire: FireB,
    pub melee: MeleeB,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FireC {
    pub why: String,
    pub small_arms_and_shot_shell: ResultTable,
    pub canister_smoothbore: ResultTable,
    pub canister_rifled: ResultTable,
    pub over_20: String,
    pub artillery_crew: Crew,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MeleeBandC {
    pub ratio: String,
    pub loser_figures: String,
    pub retreat_moves: u8,
    pub winner_figures: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MeleeC {
    pub why: String,
    pub bands: Vec<MeleeBandC>,
    pub source: Sources,
    pub markers: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SheetC {
    pub fire: FireC,
    pub melee: MeleeC,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Check {
    pub what: String,
    pub expect: String,
    pub source: Sources,
}

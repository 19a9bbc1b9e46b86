//! Reading and checking `data/standard-charts.ron` (the format is described at its top).

use super::{
    Allowance, Arm, Band, Charts, Cost, FormationChange, FormationCost, Gauge, HexsideCombat, HexsideMove, Mover, Mp,
    RoadMove, Scale, Source, Stacking, TerrainCombat, TerrainMove, Times, Weapon,
};
use crate::terrain::{HexsideKind, Terrain};
use datafile::{DataError, Loc};
use serde::Deserialize;

/// A chart cell that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// Not Movement Points.
    #[error("'{0}' is not Movement Points (write 0, 1/2, 1, 1 1/2, 3/2, 2 ...{1})")]
    Mp(String, &'static str),
    /// Not a range multiplier.
    #[error("'{0}' is not a range multiplier (write x1/2, x1, x1 1/2, x2 ...)")]
    Times(String),
}

/// A count of halves written as the charts print it: `2`, `1/2`, `3/2`, `1 1/2`, `1.5`.
fn halves(text: &str) -> Option<u16> {
    let t = text.trim().trim_start_matches('+');
    let whole =
        |s: &str| if s.bytes().all(|b| b.is_ascii_digit()) && !s.is_empty() { s.parse::<u16>().ok() } else { None };
    if let Some((w, f)) = t.split_once(' ') {
        return (f.trim() == "1/2").then(|| whole(w).map(|w| w * 2 + 1)).flatten();
    }
    if let Some(n) = t.strip_suffix("/2") {
        return whole(n);
    }
    if let Some((w, f)) = t.split_once('.') {
        let w = whole(w)?;
        return match f {
            "0" => Some(w * 2),
            "5" => Some(w * 2 + 1),
            _ => None,
        };
    }
    whole(t).map(|w| w * 2)
}

fn parse_mp(text: &str) -> Result<Mp, CellError> {
    halves(text).map(Mp).ok_or_else(|| CellError::Mp(text.to_string(), ""))
}

fn parse_cost(text: &str) -> Result<Cost, CellError> {
    if text.trim() == "P" {
        return Ok(Cost::Prohibited);
    }
    halves(text).map(|h| Cost::Mp(Mp(h))).ok_or_else(|| CellError::Mp(text.to_string(), " or P"))
}

fn parse_times(text: &str) -> Result<Times, CellError> {
    let bad = || CellError::Times(text.to_string());
    let n = text.trim().strip_prefix('x').ok_or_else(bad)?;
    match halves(n) {
        Some(h) if h > 0 => Ok(Times(h)),
        _ => Err(bad()),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCharts {
    scale: RawScale,
    movement: RawMovement,
    stacking: Vec<RawStacking>,
    ranges: Vec<RawWeapon>,
    combat: RawCombat,
    gauge: RawGauge,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScale {
    yards_per_hex: u16,
    minutes_per_turn: u16,
    men_per_sp: u16,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMovement {
    allowances: Vec<RawAllowance>,
    formation: Vec<RawFormation>,
    terrain: Vec<RawCosts<Terrain>>,
    hexsides: Vec<RawCosts<HexsideKind>>,
    road: RawRoad,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawAllowance {
    mover: Mover,
    mp: String,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFormation {
    change: FormationChange,
    mp: String,
    source: Vec<Source>,
}

/// A row of costs by mover, for a terrain or a hexside kind.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCosts<K> {
    #[serde(alias = "terrain", alias = "hexside")]
    of: K,
    line: String,
    column: String,
    mounted: String,
    limbered: String,
    wagon: String,
    leader: String,
    retreat: bool,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRoad {
    mp: String,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawStacking {
    terrain: Terrain,
    units: u8,
    sp: u8,
    batteries: u8,
    melee_units: u8,
    melee_sp: u8,
    fire_sp: u8,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWeapon {
    code: String,
    name: String,
    arm: Arm,
    bands: Vec<RawBand>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBand {
    to: u8,
    times: String,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCombat {
    terrain: Vec<RawTerrainCombat>,
    hexsides: Vec<RawHexsideCombat>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTerrainCombat {
    terrain: Terrain,
    fire_shift: u8,
    los_ft: u8,
    melee: i8,
    charge: bool,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHexsideCombat {
    hexside: HexsideKind,
    fire_shift: u8,
    melee: i8,
    charge: bool,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGauge {
    trees_ft: u8,
    men_ft: u8,
    mounted_ft: u8,
    grace_ft: u8,
    step_ft: u8,
    source: Vec<Source>,
}

/// The loader's checker: `datafile::RonCheck`, with this file's own checks beside.
struct Check<'t>(datafile::RonCheck<'t>);

impl<'t> std::ops::Deref for Check<'t> {
    type Target = datafile::RonCheck<'t>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Check<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Check<'_> {
    /// Every record says where its values come from, and says something.
    fn sources(&mut self, loc: Loc, what: &str, source: &[Source]) {
        crate::authored::check_sources(&mut self.0, loc, what, source);
    }

    fn mp(&mut self, loc: Loc, field: &str, text: &str) -> Mp {
        parse_mp(text).unwrap_or_else(|e| {
            self.field(loc, field, e.to_string());
            Mp(0)
        })
    }
}

/// Parses and checks a chart file (the format is described at the top of
/// `data/standard-charts.ron`), reporting every problem found.
///
/// Checks: RON syntax and field names; every mover, formation change, terrain and hexside kind
/// has exactly one row in each chart that keys on it; every cell reads; every record has a
/// source; a column is never slower than a line (issue 16), in allowance, terrain or hexside; a
/// terrain no unit may enter is closed to retreats and holds nothing; the values the rulebook
/// fixes: facing is free (7.12), clear holds 7.21's three units of 3 Strength Points, shifts are
/// at most two (9.51), woods shift one (9.53) and a crest one (9.52), smoothbore artillery "HB"
/// is x10 at range 1 and x1/2 at 10 (9.45) and at 16 (9.46, issue 16), the gauge's heights
/// (9.72-9.73) and woods as tall as its trees; weapon codes are one to three capital letters,
/// once each, with bands reaching further each time.
///
/// # Errors
/// Every problem found, sorted by line. A syntax error stops the parse and is reported alone.
pub fn parse(text: &str, file: &str) -> Result<Charts, Vec<DataError>> {
    let raw: RawCharts = ron::Options::default().from_str(text).map_err(|e| {
        vec![DataError { file: file.to_string(), line: e.span.start.line, message: e.code.to_string() }]
    })?;
    let mut ck = Check(datafile::RonCheck::new(text, file));
    let charts = build(&raw, &mut ck);
    ck.0.errs.finish(charts)
}

fn build(raw: &RawCharts, ck: &mut Check<'_>) -> Option<Charts> {
    let scale = scale(&raw.scale, ck);
    let allowances = allowances(&raw.movement.allowances, ck);
    let formation = formation(&raw.movement.formation, ck);
    let terrain_move = costs(&raw.movement.terrain, "movement.terrain", "terrain", &Terrain::ALL, Terrain::key, ck);
    let hexside_move =
        costs(&raw.movement.hexsides, "movement.hexsides", "hexside", &HexsideKind::ALL, HexsideKind::key, ck);
    let road_line = ck.key_line("road");
    let road_loc = Loc { start: 0, end: 0, line: road_line };
    ck.sources(road_loc, "the road line", &raw.movement.road.source);
    let road_mp = parse_mp(&raw.movement.road.mp).unwrap_or_else(|e| {
        ck.errs.at(road_line, e.to_string());
        Mp(0)
    });
    let road = RoadMove { mp: road_mp, source: raw.movement.road.source.clone() };
    let stacking = stacking(&raw.stacking, ck);
    let weapons = weapons(&raw.ranges, ck);
    let (terrain_combat, hexside_combat) = combat(&raw.combat, ck);
    let gauge = gauge(&raw.gauge, ck);
    let terrain_move: Vec<TerrainMove> = terrain_move?
        .into_iter()
        .map(|(of, costs, retreat, source)| TerrainMove { terrain: of, costs, retreat, source })
        .collect();
    let hexside_move: Vec<HexsideMove> = hexside_move?
        .into_iter()
        .map(|(of, costs, retreat, source)| HexsideMove { kind: of, costs, retreat, source })
        .collect();
    let (terrain_combat, stacking) = (terrain_combat?, stacking?);
    if let Some(woods) = terrain_combat.iter().find(|t| t.terrain == Terrain::Woods)
        && woods.los_ft != gauge.trees_ft
    {
        let loc = ck.loc("combat.terrain", Terrain::Woods.index());
        ck.field(loc, "los_ft", format!("woods stand {} ft but 9.72's trees {} ft", woods.los_ft, gauge.trees_ft));
    }
    for (m, s) in terrain_move.iter().zip(&stacking) {
        let open = m.costs.iter().any(|c| c.mp().is_some());
        if !open && (s.units > 0 || s.sp > 0) {
            let loc = ck.loc("stacking", m.terrain.index());
            ck.field(loc, "units", format!("no unit may enter {}, so it stacks nothing", m.terrain.key()));
        }
    }
    Some(Charts {
        scale,
        allowances: allowances?,
        formation: formation?,
        terrain_move,
        hexside_move,
        road,
        stacking,
        weapons,
        terrain_combat,
        hexside_combat: hexside_combat?,
        gauge,
    })
}

fn scale(raw: &RawScale, ck: &mut Check<'_>) -> Scale {
    let line = ck.key_line("scale");
    ck.sources(Loc { start: 0, end: 0, line }, "the scale", &raw.source);
    for (what, v) in [
        ("yards_per_hex", raw.yards_per_hex),
        ("minutes_per_turn", raw.minutes_per_turn),
        ("men_per_sp", raw.men_per_sp),
    ] {
        if v == 0 {
            ck.errs.at(line, format!("the scale's {what} is 0"));
        }
    }
    Scale {
        yards_per_hex: raw.yards_per_hex,
        minutes_per_turn: raw.minutes_per_turn,
        men_per_sp: raw.men_per_sp,
        source: raw.source.clone(),
    }
}

/// Places each keyed record in its slot, reporting a key given twice and a key missing (at the
/// list's first record, or the file's start).
fn slots<K: Copy + PartialEq, T>(
    ck: &mut Check<'_>,
    path: &str,
    field: &str,
    all: &[K],
    name: impl Fn(K) -> String,
    records: impl IntoIterator<Item = (K, T)>,
) -> Option<Vec<T>> {
    let mut out: Vec<Option<T>> = all.iter().map(|_| None).collect();
    for (i, (k, v)) in records.into_iter().enumerate() {
        let loc = ck.loc(path, i);
        let slot = all.iter().position(|x| *x == k).unwrap_or(0);
        if out[slot].is_some() {
            ck.field(loc, field, format!("{} has two rows in {path}", name(k)));
        } else {
            out[slot] = Some(v);
        }
    }
    let first = ck.loc(path, 0).line;
    for (k, v) in all.iter().zip(&out) {
        if v.is_none() {
            ck.errs.at(first, format!("{} has no row in {path}", name(*k)));
        }
    }
    out.into_iter().collect()
}

fn allowances(raw: &[RawAllowance], ck: &mut Check<'_>) -> Option<Vec<Allowance>> {
    let mut rows = Vec::new();
    for (i, a) in raw.iter().enumerate() {
        let loc = ck.loc("movement.allowances", i);
        ck.sources(loc, &format!("the {} allowance", a.mover.key()), &a.source);
        let mp = ck.mp(loc, "mp", &a.mp);
        rows.push((a.mover, Allowance { mover: a.mover, mp, source: a.source.clone() }));
    }
    let all = slots(ck, "movement.allowances", "mover", &Mover::ALL, |m| format!("mover {}", m.key()), rows)?;
    let (line, column) = (&all[Mover::Line.index()], &all[Mover::Column.index()]);
    if column.mp < line.mp {
        let loc = ck.loc("movement.allowances", raw.iter().position(|a| a.mover == Mover::Column).unwrap_or(0));
        ck.field(loc, "mp", format!("a column ({}) is slower than a line ({}) (issue 16)", column.mp, line.mp));
    }
    Some(all)
}

fn formation(raw: &[RawFormation], ck: &mut Check<'_>) -> Option<Vec<FormationCost>> {
    let mut rows = Vec::new();
    for (i, f) in raw.iter().enumerate() {
        let loc = ck.loc("movement.formation", i);
        ck.sources(loc, &format!("the {:?} change", f.change), &f.source);
        let mp = ck.mp(loc, "mp", &f.mp);
        if f.change == FormationChange::Facing && mp != Mp(0) {
            ck.field(loc, "mp", format!("facing costs nothing (7.12), not {mp}"));
        }
        rows.push((f.change, FormationCost { change: f.change, mp, source: f.source.clone() }));
    }
    slots(ck, "movement.formation", "change", &FormationChange::ALL, |c| format!("change {c:?}"), rows)
}

type CostRow<K> = (K, [Cost; 6], bool, Vec<Source>);

fn costs<K: Copy + PartialEq>(
    raw: &[RawCosts<K>],
    path: &str,
    field: &str,
    all: &[K],
    key: fn(K) -> &'static str,
    ck: &mut Check<'_>,
) -> Option<Vec<CostRow<K>>> {
    let mut rows = Vec::new();
    for (i, r) in raw.iter().enumerate() {
        let loc = ck.loc(path, i);
        let what = key(r.of);
        ck.sources(loc, what, &r.source);
        let cells = [&r.line, &r.column, &r.mounted, &r.limbered, &r.wagon, &r.leader];
        let costs: [Cost; 6] = std::array::from_fn(|m| {
            parse_cost(cells[m]).unwrap_or_else(|e| {
                ck.field(loc, Mover::ALL[m].key(), format!("{what}: {e}"));
                Cost::Prohibited
            })
        });
        let (line, column) = (costs[Mover::Line.index()], costs[Mover::Column.index()]);
        if !column.at_most(line) {
            ck.field(loc, "column", format!("{what}: a column ({column}) is slower than a line ({line}) (issue 16)"));
        }
        if costs.iter().all(|c| c.mp().is_none()) && r.retreat {
            ck.field(loc, "retreat", format!("{what}: no unit may move there, so no retreat may either"));
        }
        rows.push((r.of, (r.of, costs, r.retreat, r.source.clone())));
    }
    slots(ck, path, field, all, |k| key(k).to_string(), rows)
}

fn stacking(raw: &[RawStacking], ck: &mut Check<'_>) -> Option<Vec<Stacking>> {
    let mut rows = Vec::new();
    for (i, s) in raw.iter().enumerate() {
        let loc = ck.loc("stacking", i);
        let what = s.terrain.key();
        ck.sources(loc, &format!("stacking in {what}"), &s.source);
        if s.melee_units > s.units || s.melee_sp > s.sp {
            ck.field(loc, "melee_sp", format!("{what}: a side melees with more than the hex holds"));
        }
        if s.fire_sp > s.sp {
            ck.field(loc, "fire_sp", format!("{what}: more fires through a hexside than the hex holds"));
        }
        if s.terrain == Terrain::Clear && (s.units < 3 || s.sp < 9 || s.fire_sp < 4) {
            ck.field(
                loc,
                "units",
                "clear must hold 7.21's example: three units of 3 Strength Points, 4 through a hexside",
            );
        }
        let row = Stacking {
            terrain: s.terrain,
            units: s.units,
            sp: s.sp,
            batteries: s.batteries,
            melee_units: s.melee_units,
            melee_sp: s.melee_sp,
            fire_sp: s.fire_sp,
            source: s.source.clone(),
        };
        rows.push((s.terrain, row));
    }
    slots(ck, "stacking", "terrain", &Terrain::ALL, |t| t.key().to_string(), rows)
}

fn weapons(raw: &[RawWeapon], ck: &mut Check<'_>) -> Vec<Weapon> {
    let mut out: Vec<Weapon> = Vec::new();
    let mut band_index = 0;
    for (i, w) in raw.iter().enumerate() {
        let loc = ck.loc("ranges", i);
        let code = w.code.as_str();
        if !(1..=3).contains(&code.len()) || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            ck.field(loc, "code", format!("weapon code '{code}' must be one to three capital letters (3.34)"));
        } else if out.iter().any(|o| o.code == code) {
            ck.field(loc, "code", format!("weapon {code} has two rows"));
        }
        if w.name.trim().is_empty() {
            ck.field(loc, "name", format!("weapon {code} has no name"));
        }
        if w.bands.is_empty() {
            ck.field(loc, "bands", format!("weapon {code} has no range bands (9.23: every weapon has a range)"));
        }
        let mut bands: Vec<Band> = Vec::new();
        for b in &w.bands {
            let bloc = ck.loc("ranges.bands", band_index);
            band_index += 1;
            ck.sources(bloc, &format!("{code}'s band to {}", b.to), &b.source);
            let times = parse_times(&b.times).unwrap_or_else(|e| {
                ck.field(bloc, "times", format!("{code}: {e}"));
                Times(1)
            });
            let from = bands.last().map_or(0, |l| l.to);
            if b.to <= from {
                ck.field(bloc, "to", format!("{code}: the band to {} does not reach past {from}", b.to));
            }
            bands.push(Band { to: b.to, times, source: b.source.clone() });
        }
        out.push(Weapon { code: w.code.clone(), name: w.name.clone(), arm: w.arm, bands });
    }
    // 9.45 and 9.46's examples fix three points of the smoothbore battery's row (issue 16).
    match out.iter().position(|w| w.code == "HB") {
        None => {
            let line = ck.key_line("ranges");
            ck.at(line, "no HB weapon: 9.45's example fires smoothbore guns (HB)");
        }
        Some(i) => {
            let loc = ck.loc("ranges", i);
            let hb = &out[i];
            for (hexes, times, case) in
                [(1, Times(20), "9.45 example"), (10, Times(1), "9.45 example"), (16, Times(1), "9.46 example")]
            {
                let got = hb.times(hexes);
                if got != Some(times) {
                    let got = got.map_or("out of range".to_string(), |t| t.to_string());
                    ck.field(loc, "bands", format!("HB at {hexes} hexes is {got}; the {case} fixes {times}"));
                }
            }
            if hb.arm != Arm::Artillery {
                ck.field(loc, "arm", "HB is artillery (9.45's battery)");
            }
        }
    }
    out
}

fn combat(raw: &RawCombat, ck: &mut Check<'_>) -> (Option<Vec<TerrainCombat>>, Option<Vec<HexsideCombat>>) {
    let mut rows = Vec::new();
    for (i, t) in raw.terrain.iter().enumerate() {
        let loc = ck.loc("combat.terrain", i);
        let what = t.terrain.key();
        ck.sources(loc, &format!("{what}'s combat row"), &t.source);
        if t.fire_shift > 2 {
            ck.field(loc, "fire_shift", format!("{what}: {} columns; 9.51 nets at most two", t.fire_shift));
        }
        if t.terrain == Terrain::Woods && t.fire_shift != 1 {
            ck.field(loc, "fire_shift", format!("woods shift one column left (9.53), not {}", t.fire_shift));
        }
        if t.los_ft % 5 != 0 {
            ck.field(loc, "los_ft", format!("{what}: {} ft; heights go in 5 ft steps (9.73)", t.los_ft));
        }
        if !(-1..=1).contains(&t.melee) {
            ck.field(loc, "melee", format!("{what}: melee {}; terrain adjusts one point (12.0)", t.melee));
        }
        let row = TerrainCombat {
            terrain: t.terrain,
            fire_shift: t.fire_shift,
            los_ft: t.los_ft,
            melee: t.melee,
            charge: t.charge,
            source: t.source.clone(),
        };
        rows.push((t.terrain, row));
    }
    let terrain = slots(ck, "combat.terrain", "terrain", &Terrain::ALL, |t| t.key().to_string(), rows);
    let mut rows = Vec::new();
    for (i, h) in raw.hexsides.iter().enumerate() {
        let loc = ck.loc("combat.hexsides", i);
        let what = h.hexside.key();
        ck.sources(loc, &format!("{what}'s combat row"), &h.source);
        if h.fire_shift > 2 {
            ck.field(loc, "fire_shift", format!("{what}: {} columns; 9.51 nets at most two", h.fire_shift));
        }
        if h.hexside == HexsideKind::Crest && h.fire_shift != 1 {
            ck.field(loc, "fire_shift", format!("a crest shifts one column left (9.52), not {}", h.fire_shift));
        }
        if !(-1..=1).contains(&h.melee) {
            ck.field(loc, "melee", format!("{what}: melee {}; terrain adjusts one point (12.0)", h.melee));
        }
        let row = HexsideCombat {
            kind: h.hexside,
            fire_shift: h.fire_shift,
            melee: h.melee,
            charge: h.charge,
            source: h.source.clone(),
        };
        rows.push((h.hexside, row));
    }
    let hexsides = slots(ck, "combat.hexsides", "hexside", &HexsideKind::ALL, |k| k.key().to_string(), rows);
    (terrain, hexsides)
}

fn gauge(raw: &RawGauge, ck: &mut Check<'_>) -> Gauge {
    let line = ck.key_line("gauge");
    ck.sources(Loc { start: 0, end: 0, line }, "the gauge", &raw.source);
    for (what, got, want, case) in [
        ("trees_ft", raw.trees_ft, 20, "9.72"),
        ("men_ft", raw.men_ft, 5, "9.72"),
        ("mounted_ft", raw.mounted_ft, 10, "9.72"),
        ("grace_ft", raw.grace_ft, 5, "9.73"),
        ("step_ft", raw.step_ft, 5, "9.73"),
    ] {
        if got != want {
            ck.errs.at(line, format!("the gauge's {what} is {got}; {case} fixes {want}"));
        }
    }
    Gauge {
        trees_ft: raw.trees_ft,
        men_ft: raw.men_ft,
        mounted_ft: raw.mounted_ft,
        grace_ft: raw.grace_ft,
        step_ft: raw.step_ft,
        source: raw.source.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_as_the_charts_print_them() {
        assert_eq!(halves("1/2"), Some(1));
        assert_eq!(halves("3/2"), Some(3));
        assert_eq!(halves("1 1/2"), Some(3));
        assert_eq!(halves("1.5"), Some(3));
        assert_eq!(halves("+2"), Some(4));
        assert_eq!(halves("0"), Some(0));
        assert_eq!(halves("1/3"), None);
        assert_eq!(halves("x"), None);
        assert_eq!(parse_cost("P"), Ok(Cost::Prohibited));
        assert_eq!(parse_times("x10"), Ok(Times(20)));
        assert_eq!(parse_times("x1/2"), Ok(Times(1)));
        assert!(parse_times("10").is_err() && parse_times("x0").is_err());
        assert_eq!(Times(3).to_string(), "x1 1/2");
        assert_eq!(Mp(1).to_string(), "1/2");
        assert_eq!(Cost::Mp(Mp(4)).to_string(), "2");
    }
}

//! Reading and checking `data/sheets.ron` (its format is described at its top). Every problem
//! is reported at once, each with its file and line (`datafile::RonCheck`): a field misspelt,
//! a D10 face rated twice or not at all, a morale band out of order, a fire cell off the
//! sheets' curve, a cell the text fixes (the `checks` list) changed.

use super::raw::{self, RawSheets, Source};
use super::{
    Basing, Cell, CommanderType, FIRE_ROLLS, FireTable, MeleeBand, MoraleResult, Performance, Quality, Sheets,
    StandSize, TerrainKinds, UnitType,
};
use crate::authored::sixteenths;
use crate::dice::AdRoll;
use datafile::{DataError, Loc, RonCheck};

/// The sheets compiled into the program (`data/sheets.ron`).
///
/// # Errors
/// Every problem found, each with its line.
pub fn load() -> Result<Sheets, Vec<DataError>> {
    load_text(super::SHEETS_RON, "crates/rulesets/rotr/data/sheets.ron")
}

/// The sheets in `text`, read from `file` (named in the problems).
///
/// # Errors
/// Every problem found, each with its line.
pub fn load_text(text: &str, file: &str) -> Result<Sheets, Vec<DataError>> {
    // Optional fields are written bare ("value_heavy: 2"), not as Some(2).
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let raw: RawSheets = options.from_str(text).map_err(|e| {
        vec![DataError { file: file.to_string(), line: e.span.start.line, message: e.code.to_string() }]
    })?;
    let mut ck = RonCheck::new(text, file);
    crate::authored::check_authored(&mut ck, &raw.header.status, "the published sheets");
    let unit_types = unit_types(&raw.sheet_a.unit_values, &mut ck);
    let commander_types = commander_types(&raw.sheet_a.commander_values, &mut ck);
    let passes = passes(&raw.sheet_a.commander_values, &mut ck);
    let (morale, impetuous) = morale(&raw.sheet_a.morale_results, &mut ck);
    losses(&raw.sheet_a.figure_losses, &mut ck);
    let rates = rates(&raw.sheet_a.movement, &mut ck);
    let curve = curve(&raw.sheet_b.fire.rates, &mut ck);
    let fb = &raw.sheet_b.fire;
    let fire_b = [
        loss_table(&fb.small_arms, "sheet_b.fire.small_arms", &curve, &mut ck),
        loss_table(&fb.shot_shell, "sheet_b.fire.shot_shell", &curve, &mut ck),
        loss_table(&fb.canister_smoothbore, "sheet_b.fire.canister_smoothbore", &curve, &mut ck),
        loss_table(&fb.canister_rifled, "sheet_b.fire.canister_rifled", &curve, &mut ck),
    ];
    let fc = &raw.sheet_c.fire;
    let fire_c = [
        result_table(&fc.small_arms_and_shot_shell, "sheet_c.fire.small_arms_and_shot_shell", &curve, &mut ck),
        result_table(&fc.canister_smoothbore, "sheet_c.fire.canister_smoothbore", &curve, &mut ck),
        result_table(&fc.canister_rifled, "sheet_c.fire.canister_rifled", &curve, &mut ck),
    ];
    let melee_b = melee_b(&raw.sheet_b.melee, &mut ck);
    let melee_c = melee_c(&raw.sheet_c.melee, &mut ck);
    dice(&raw.dice, &mut ck);
    scales(&raw, &mut ck);
    let rebuild_attempts = raw.sheet_a.rebuilding.attempts_per_game;
    let basings = raw.scales.iter().filter_map(basing).collect();
    let tk = &raw.sheet_a.terrain_key;
    let terrain = TerrainKinds {
        areas: tk.areas.iter().map(|a| (a.kind.clone(), a.disorder == "impassable")).collect(),
        disorder: tk
            .areas
            .iter()
            .filter_map(|a| ["A", "B", "C", "D"].iter().position(|t| *t == a.disorder).map(|t| (a.kind.clone(), t)))
            .collect(),
        numbers: raw
            .sheet_a
            .disordering
            .numbers
            .iter()
            .map(|n| (n.arm.clone(), n.formations.clone(), [n.a, n.b, n.c, n.d]))
            .collect(),
        type_modifiers: raw.sheet_a.disordering.type_modifiers.clone(),
        lines: tk.lines.iter().map(|l| l.kind.clone()).collect(),
        slopes: tk.slopes.iter().map(|s| s.kind.clone()).collect(),
    };
    let sheets = Sheets {
        title: raw.header.title.clone(),
        status: raw.header.status.clone(),
        unit_types,
        commander_types,
        passes,
        morale,
        impetuous,
        losses: raw.sheet_a.figure_losses.rows.clone(),
        fire_b,
        fire_c,
        melee_b,
        melee_c,
        rates,
        rebuild_attempts,
        small_arms: raw.ranges.small_arms.iter().map(|w| w.0.clone()).collect(),
        bores: raw.ranges.shot_shell_max.iter().map(|b| b.0.clone()).collect(),
        basings,
        terrain,
    };
    checks(&raw, &sheets, &mut ck);
    if ck.errs.list.is_empty() { Ok(sheets) } else { Err(ck.errs.list) }
}

/// A type's D10 roll (2.1, 2.3): each face 0-9 named exactly once, by a name `parse` knows.
fn faces<T: Copy>(
    ck: &mut RonCheck<'_>,
    loc: Loc,
    what: &str,
    roll: &[raw::RollBand],
    parse: impl Fn(&str) -> Option<T>,
) -> Option<[T; 10]> {
    let mut out: [Option<T>; 10] = [None; 10];
    let mut ok = true;
    for (name, lo, hi) in roll {
        let Some(v) = parse(name) else {
            ck.field(loc, "roll", format!("{what}: '{name}' is not a result of this table"));
            ok = false;
            continue;
        };
        if lo > hi || *hi > 9 {
            ck.field(loc, "roll", format!("{what}: {name} on {lo}-{hi}; a D10 reads 0-9 (intro)"));
            ok = false;
            continue;
        }
        for f in *lo..=*hi {
            if out[usize::from(f)].replace(v).is_some() {
                ck.field(loc, "roll", format!("{what}: face {f} is rated twice"));
                ok = false;
            }
        }
    }
    for (f, v) in out.iter().enumerate() {
        if v.is_none() {
            ck.field(loc, "roll", format!("{what}: face {f} is rated by nothing (each of 0-9 once, 2.1)"));
            ok = false;
        }
    }
    ok.then(|| out.map(|v| v.expect("checked")))
}

fn unit_types(raw: &raw::UnitValues, ck: &mut RonCheck<'_>) -> Vec<UnitType> {
    let names: Vec<&str> = raw.performances.iter().map(String::as_str).collect();
    if names != Performance::ALL.map(Performance::name) {
        let line = ck.key_line("performances");
        ck.at(line, "the performances are Abysmal, Average, Good, Outstanding, in that order (ruling R2)");
    }
    let mut out = Vec::new();
    for (i, t) in raw.types.iter().enumerate() {
        let loc = ck.loc("sheet_a.unit_values.types", i);
        let what = format!("unit type {}", t.kind);
        let by_face = faces(ck, loc, &what, &t.roll, Performance::parse);
        let cv: Option<[u8; 4]> = t.cv.clone().try_into().ok();
        match cv {
            Some(cv) if cv.iter().all(|&c| c <= 9) && cv.windows(2).all(|w| w[0] <= w[1]) => {
                if let Some(by_face) = by_face {
                    out.push(UnitType { name: t.kind.clone(), by_face, cv });
                }
            }
            _ => ck.field(loc, "cv", format!("{what}: four CVs of 0-9, one a performance, never falling ({:?})", t.cv)),
        }
    }
    out
}

fn commander_types(raw: &raw::CommanderValues, ck: &mut RonCheck<'_>) -> Vec<CommanderType> {
    let names: Vec<&str> = raw.qualities.iter().map(String::as_str).collect();
    if names != Quality::ALL.map(Quality::name) {
        let line = ck.key_line("qualities");
        ck.at(line, "the qualities are Poltroon, Cautious, Aggressive, Firebrand, Exceptional (2.3)");
    }
    let mut out = Vec::new();
    for (i, t) in raw.types.iter().enumerate() {
        let loc = ck.loc("sheet_a.commander_values.types", i);
        if let Some(by_face) = faces(ck, loc, &format!("commander type {}", t.kind), &t.roll, Quality::parse) {
            out.push(CommanderType { name: t.kind.clone(), by_face });
        }
    }
    out
}

fn passes(raw: &raw::CommanderValues, ck: &mut RonCheck<'_>) -> [u8; 5] {
    let mut out = [0; 5];
    let line = ck.key_line("morale_passes");
    for q in Quality::ALL {
        match raw.morale_passes.iter().filter(|p| p.0 == q.name()).count() {
            1 => out[q as usize] = raw.morale_passes.iter().find(|p| p.0 == q.name()).map_or(0, |p| p.1),
            n => ck.at(line, format!("morale passes for {}: {n} entries, not one (10.4)", q.name())),
        }
    }
    out
}

type Morale = ([Vec<(i16, MoraleResult)>; 4], Vec<(MoraleResult, MoraleResult)>);

fn morale(raw: &raw::MoraleResults, ck: &mut RonCheck<'_>) -> Morale {
    let mut columns: [Vec<(i16, MoraleResult)>; 4] = Default::default();
    let mut seen = [false; 4];
    for (i, c) in raw.columns.iter().enumerate() {
        let loc = ck.loc("sheet_a.morale_results.columns", i);
        let Some(p) = Performance::parse(&c.performance) else {
            ck.field(loc, "performance", format!("'{}' is not a performance", c.performance));
            continue;
        };
        if std::mem::replace(&mut seen[p as usize], true) {
            ck.field(loc, "performance", format!("{} has two columns", p.name()));
        }
        let mut bands = Vec::new();
        for (high, code) in &c.bands {
            match MoraleResult::parse(code) {
                Some(r) => bands.push((*high, r)),
                None => ck.field(loc, "bands", format!("{}: '{code}' is not a morale result (10.2)", p.name())),
            }
        }
        if !c.bands.windows(2).all(|w| w[0].0 < w[1].0) {
            ck.field(loc, "bands", format!("{}: the bands' highest rolls must rise", p.name()));
        }
        if c.bands.last().is_none_or(|b| b.0 < 99) {
            ck.field(loc, "bands", format!("{}: the bands must reach 99 (a %D10 reads 00-99)", p.name()));
        }
        columns[p as usize] = bands;
    }
    for p in Performance::ALL.into_iter().filter(|p| !seen[*p as usize]) {
        let line = ck.key_line("columns");
        ck.at(line, format!("no morale column for {}", p.name()));
    }
    let mut impetuous = Vec::new();
    let line = ck.key_line("impetuous_column");
    for (from, to) in &raw.impetuous_column {
        match (MoraleResult::parse(from), MoraleResult::parse(to)) {
            (Some(a), Some(b)) => impetuous.push((a, b)),
            _ => ck.at(line, format!("impetuous column: '{from}' to '{to}' names no morale result")),
        }
    }
    for r in MoraleResult::ALL.into_iter().filter(|r| !impetuous.iter().any(|m| m.0 == *r)) {
        ck.at(line, format!("impetuous column: nothing for {} (2.7)", r.code()));
    }
    (columns, impetuous)
}

/// 10.3's arithmetic, row by row: Light to 10%, Moderate to 25%, Substantial to 50% of the
/// original strength, each bound inclusive (ruling R31).
fn losses(raw: &raw::FigureLosses, ck: &mut RonCheck<'_>) {
    for (i, &(orig, l, m, s)) in raw.rows.iter().enumerate() {
        let want = (orig / 10, orig / 4, orig / 2);
        if (l, m, s) != want {
            let loc = ck.loc("sheet_a.figure_losses.rows", i);
            ck.at(loc.line, format!("{orig} figures: ({l}, {m}, {s}); 10.3 gives {want:?}"));
        }
        if i > 0 && raw.rows[i - 1].0 + 1 != orig {
            let loc = ck.loc("sheet_a.figure_losses.rows", i);
            ck.at(loc.line, format!("{orig} figures follows {}: one row for each strength", raw.rows[i - 1].0));
        }
    }
}

fn rates(raw: &raw::Movement, ck: &mut RonCheck<'_>) -> Vec<(String, String, i32)> {
    let mut out = Vec::new();
    for (i, r) in raw.rates.iter().enumerate() {
        match sixteenths(&r.inches) {
            Some(s) => out.push((r.arm.clone(), r.formation.clone(), s)),
            None => {
                let loc = ck.loc("sheet_a.movement.rates", i);
                ck.field(loc, "inches", format!("'{}' is not inches (write 6, 1/2, 2 1/2)", r.inches));
            }
        }
    }
    out
}

/// The fire rate curve, in ten-thousandths, one a modified roll from -3 to 10 (plan 5.2).
fn curve(raw: &[raw::RateRow], ck: &mut RonCheck<'_>) -> Vec<u32> {
    let mut out = Vec::new();
    for (i, r) in raw.iter().enumerate() {
        let parsed = r
            .rate
            .split_once('.')
            .and_then(|(w, f)| (w == "0" && f.len() == 4).then(|| f.parse::<u32>().ok()).flatten());
        match parsed {
            Some(v) => out.push(v),
            None => {
                let loc = ck.loc("sheet_b.fire.rates", i);
                ck.field(loc, "rate", format!("'{}' is not a rate written 0.dddd", r.rate));
            }
        }
    }
    if out.len() != FIRE_ROLLS.len() {
        let line = ck.key_line("rates");
        ck.at(line, format!("{} rates; one a modified roll from -3 to 10", out.len()));
    }
    out
}

/// A table's multiplier in tenths ("1", "1.6 a gun", "3.5 a gun").
fn tenths(text: &str) -> Option<u32> {
    let n = text.split_whitespace().next()?;
    match n.split_once('.') {
        Some((w, f)) if f.len() == 1 => Some(w.parse::<u32>().ok()? * 10 + f.parse::<u32>().ok()?),
        Some(_) => None,
        None => n.parse::<u32>().ok().map(|w| w * 10),
    }
}

/// The rows' roll labels, -3 or less to 10 or more, in order.
fn roll_label(roll: i8) -> String {
    match roll {
        r if r == *FIRE_ROLLS.start() => format!("{r} or less"),
        r if r == *FIRE_ROLLS.end() => format!("{r} or more"),
        r => r.to_string(),
    }
}

/// Sheet B's cell on the curve: round half up of count x multiplier x rate (plan 5.2), in
/// figures. `tenths` is the multiplier, `rate` in ten-thousandths.
fn on_curve(count: u32, tenths: u32, rate: u32) -> (u32, u32) {
    (count * tenths * rate, 100_000)
}

/// Checks a table's shape common to both sheets: the roll labels in order, the column count,
/// and monotone rows and columns (more firing, or a lower roll, never kills fewer). False when
/// the table is not laid out to be read cell by cell (labels or columns wrong).
fn shape<T: Copy>(
    ck: &mut RonCheck<'_>,
    path: &str,
    columns: u8,
    rows: &[(String, Vec<T>)],
    rank: impl Fn(T) -> u32,
) -> bool {
    let mut ok = true;
    let labels: Vec<String> = FIRE_ROLLS.map(roll_label).collect();
    if rows.len() != labels.len() {
        let line = ck.loc(path, 0).line;
        ck.at(line, format!("{} rows; one a modified roll from -3 or less to 10 or more", rows.len()));
        return false;
    }
    for (i, (roll, cells)) in rows.iter().enumerate() {
        let loc = ck.loc(path, i);
        if *roll != labels[i] {
            ck.field(loc, "roll", format!("row {} is '{roll}'; expected '{}'", i + 1, labels[i]));
            ok = false;
        }
        if cells.len() != usize::from(columns) {
            ck.at(loc.line, format!("roll {roll}: {} cells for {columns} columns", cells.len()));
            ok = false;
            continue;
        }
        if !cells.windows(2).all(|w| rank(w[0]) <= rank(w[1])) {
            ck.at(loc.line, format!("roll {roll}: more firing kills fewer somewhere along the row (not monotone)"));
        }
        if i > 0
            && rows[i - 1].1.len() == cells.len()
            && !rows[i - 1].1.iter().zip(cells).all(|(a, b)| rank(*a) >= rank(*b))
        {
            ck.at(loc.line, format!("roll {roll}: a higher roll kills more than the row above (not monotone)"));
        }
    }
    ok
}

fn loss_table(raw: &raw::LossTable, at: &str, curve: &[u32], ck: &mut RonCheck<'_>) -> FireTable {
    let path = format!("{at}.rows");
    let rows: Vec<(String, Vec<u8>)> = raw.rows.iter().map(|r| (r.roll.clone(), r.losses.clone())).collect();
    let shaped = shape(ck, &path, raw.columns, &rows, u32::from);
    match tenths(&raw.multiplier) {
        Some(m) if shaped && curve.len() == rows.len() => {
            for (i, (roll, cells)) in rows.iter().enumerate() {
                for (c, &got) in cells.iter().enumerate() {
                    let (num, den) = on_curve(u32::try_from(c + 1).unwrap_or(0), m, curve[i]);
                    let want = (2 * num + den) / (2 * den);
                    if u32::from(got) != want {
                        let loc = ck.loc(&path, i);
                        ck.at(
                            loc.line,
                            format!("roll {roll}, {} firing: {got}; the sheets' curve gives {want}", c + 1),
                        );
                    }
                }
            }
        }
        Some(_) => {}
        None => {
            let line = ck.key_line(at.rsplit('.').next().unwrap_or(at));
            ck.at(line, format!("'{}' is not a multiplier (write 1, 1.6 a gun)", raw.multiplier));
        }
    }
    FireTable { rows: rows.into_iter().map(|(_, r)| r.into_iter().map(Cell::Figures).collect()).collect() }
}

/// A sheet C cell: "-" nothing, "M" a morale hit, "Kn" n figures.
fn c_cell(text: &str) -> Option<Cell> {
    match text {
        "-" => Some(Cell::Figures(0)),
        "M" => Some(Cell::Morale),
        k => k.strip_prefix('K').and_then(|n| n.parse::<u8>().ok()).filter(|&n| n > 0).map(Cell::Figures),
    }
}

/// How a sheet C cell ranks for monotony: nothing, a morale hit, then figures.
fn c_rank(c: Cell) -> u32 {
    match c {
        Cell::Figures(0) => 0,
        Cell::Morale => 1,
        Cell::Figures(n) => 1 + u32::from(n),
    }
}

fn result_table(raw: &raw::ResultTable, at: &str, curve: &[u32], ck: &mut RonCheck<'_>) -> FireTable {
    let path = format!("{at}.rows");
    let mut rows: Vec<(String, Vec<Cell>)> = Vec::new();
    for (i, r) in raw.rows.iter().enumerate() {
        let mut cells = Vec::new();
        for text in &r.results {
            match c_cell(text) {
                Some(c) => cells.push(c),
                None => {
                    let loc = ck.loc(&path, i);
                    ck.at(loc.line, format!("roll {}: '{text}' is not a result (write -, M or K1, K2 ...)", r.roll));
                    cells.push(Cell::Figures(0));
                }
            }
        }
        rows.push((r.roll.clone(), cells));
    }
    let shaped = shape(ck, &path, raw.columns, &rows, c_rank);
    if let (Some(m), true) = (tenths(&raw.multiplier), shaped && curve.len() == rows.len()) {
        for (i, (roll, cells)) in rows.iter().enumerate() {
            for (c, &got) in cells.iter().enumerate() {
                let (num, den) = on_curve(u32::try_from(c + 1).unwrap_or(0), m, curve[i]);
                // Half a figure or more kills (rounded half up); a quarter to a half is a
                // morale hit (plan 5.2, 8.2).
                let want = if 2 * num >= den {
                    Cell::Figures(u8::try_from((2 * num + den) / (2 * den)).unwrap_or(u8::MAX))
                } else if 4 * num >= den {
                    Cell::Morale
                } else {
                    Cell::Figures(0)
                };
                if got != want {
                    let loc = ck.loc(&path, i);
                    ck.at(
                        loc.line,
                        format!("roll {roll}, {} firing: {got:?}; the sheets' curve gives {want:?}", c + 1),
                    );
                }
            }
        }
    }
    FireTable { rows: rows.into_iter().map(|(_, r)| r).collect() }
}

/// A ratio as the sheets write it ("1", "3/2", "2/1", "4").
fn ratio(text: &str) -> Option<(u32, u32)> {
    match text.split_once('/') {
        Some((n, d)) => Some((n.parse().ok()?, d.parse().ok().filter(|&d: &u32| d > 0)?)),
        None => Some((text.parse().ok()?, 1)),
    }
}

fn roll_of(ck: &mut RonCheck<'_>, loc: Loc, field: &str, text: &str) -> AdRoll {
    text.parse().unwrap_or_else(|e: crate::dice::BadRoll| {
        ck.field(loc, field, e.to_string());
        AdRoll { dice: 0, minus: 0 }
    })
}

fn melee_b(raw: &raw::MeleeB, ck: &mut RonCheck<'_>) -> Vec<MeleeBand> {
    let mut out = Vec::new();
    for (i, b) in raw.bands.iter().enumerate() {
        let loc = ck.loc("sheet_b.melee.bands", i);
        let (Some(from), Some(named)) = (ratio(&b.from), ratio(&b.ratio)) else {
            ck.field(loc, "from", format!("'{}' or '{}' is not a ratio", b.from, b.ratio));
            continue;
        };
        if u64::from(from.0) * u64::from(named.1) != u64::from(named.0) * u64::from(from.1) {
            ck.field(loc, "from", format!("band {} begins at {}", b.ratio, b.from));
        }
        let winner_figures = roll_of(ck, loc, "winner_figures", &b.winner_figures);
        out.push(MeleeBand {
            ratio: b.ratio.clone(),
            from,
            loser_stands: b.loser_stands,
            loser_figures: AdRoll { dice: 0, minus: 0 },
            retreat_moves: b.retreat_moves,
            winner_figures,
        });
    }
    rising(ck, "sheet_b.melee.bands", &out);
    out
}

fn melee_c(raw: &raw::MeleeC, ck: &mut RonCheck<'_>) -> Vec<MeleeBand> {
    let mut out = Vec::new();
    for (i, b) in raw.bands.iter().enumerate() {
        let loc = ck.loc("sheet_c.melee.bands", i);
        let Some(from) = ratio(&b.ratio) else {
            ck.field(loc, "ratio", format!("'{}' is not a ratio", b.ratio));
            continue;
        };
        let loser_figures = roll_of(ck, loc, "loser_figures", &b.loser_figures);
        let winner_figures = roll_of(ck, loc, "winner_figures", &b.winner_figures);
        // 9.12 (25 mm): one full move of retreat for each averaging die the loser rolls.
        if loser_figures.dice != b.retreat_moves {
            ck.field(
                loc,
                "retreat_moves",
                format!("{}: {} moves for {loser_figures} (9.12: a move an AD)", b.ratio, b.retreat_moves),
            );
        }
        out.push(MeleeBand {
            ratio: b.ratio.clone(),
            from,
            loser_stands: 0,
            loser_figures,
            retreat_moves: b.retreat_moves,
            winner_figures,
        });
    }
    rising(ck, "sheet_c.melee.bands", &out);
    out
}

/// The bands' least ratios rise, the first at 1/1 (ties are rerolled, 9.12).
fn rising(ck: &mut RonCheck<'_>, path: &str, bands: &[MeleeBand]) {
    if bands.first().is_some_and(|b| b.from != (1, 1)) {
        let loc = ck.loc(path, 0);
        ck.at(loc.line, "the first band begins at 1/1 (9.12: the higher total wins)");
    }
    for (i, w) in bands.windows(2).enumerate() {
        if u64::from(w[0].from.0) * u64::from(w[1].from.1) >= u64::from(w[1].from.0) * u64::from(w[0].from.1) {
            let loc = ck.loc(path, i + 1);
            ck.at(loc.line, format!("band {} does not begin above {}", w[1].ratio, w[0].ratio));
        }
    }
}

/// The dice as the file states them agree with [`crate::dice`]'s.
fn dice(raw: &raw::RawDice, ck: &mut RonCheck<'_>) {
    if raw.d10.faces != crate::dice::D10_FACES.collect::<Vec<_>>() {
        let line = ck.key_line("d10");
        ck.at(line, "a D10 reads 0 to 9 (intro)");
    }
    if raw.averaging_die.faces != crate::dice::AVERAGING_FACES {
        let line = ck.key_line("averaging_die");
        ck.at(line, "the averaging die's faces are 2, 3, 3, 4, 4, 5 (ruling R3)");
    }
    for (key, n, table) in
        [("sums_in_36ths_2ad", 2, &raw.sums_in_36ths_2ad), ("sums_in_216ths_3ad", 3, &raw.sums_in_216ths_3ad)]
    {
        if *table != (AdRoll { dice: n, minus: 0 }).distribution() {
            let line = ck.key_line(key);
            ck.at(line, format!("{key} is not the sum of {n} averaging dice"));
        }
    }
}

/// A scale's basing in sixteenths; `None` when a size does not read (reported by [`scales`]).
fn basing(s: &raw::RawScale) -> Option<Basing> {
    let size = |st: &raw::RawStand| -> Option<StandSize> {
        Some(StandSize {
            width: sixteenths(&st.width)?,
            depth: sixteenths(&st.depth)?,
            figures: st.figures.or(st.crew).unwrap_or(0),
            guns: st.guns.unwrap_or(0),
        })
    };
    Some(Basing {
        name: s.name.clone(),
        men_per_figure: s.men_per_figure,
        infantry: size(&s.infantry_stand)?,
        mounted: size(&s.mounted_stand)?,
        dismounted: size(&s.dismounted_stand)?,
        gun: size(&s.gun_stand)?,
        limber: size(&s.limber_stand)?,
        assault_column_files: s.assault_column_files,
    })
}

/// The two scales (intro, 1.1-1.3): 15 mm reads sheet B with 40 fire columns, 25 mm sheet C
/// with 20 (8.1), every stand's size in inches, and a source for each.
fn scales(raw: &RawSheets, ck: &mut RonCheck<'_>) {
    let names: Vec<(&str, &str, u8)> =
        raw.scales.iter().map(|s| (s.name.as_str(), s.sheet.as_str(), s.fire_chart_columns)).collect();
    let want = [
        ("15mm", "B", raw.sheet_b.fire.small_arms.columns),
        ("25mm", "C", raw.sheet_c.fire.small_arms_and_shot_shell.columns),
    ];
    if names != want {
        let line = ck.key_line("scales");
        ck.at(
            line,
            format!(
                "the scales are 15mm (sheet B, {} columns) and 25mm (sheet C, {} columns), not {names:?}",
                want[0].2, want[1].2
            ),
        );
    }
    for (i, s) in raw.scales.iter().enumerate() {
        let loc = ck.loc("scales", i);
        for (field, stand) in [
            ("infantry_stand", &s.infantry_stand),
            ("mounted_stand", &s.mounted_stand),
            ("dismounted_stand", &s.dismounted_stand),
            ("gun_stand", &s.gun_stand),
            ("limber_stand", &s.limber_stand),
        ] {
            if sixteenths(&stand.width).is_none_or(|w| w <= 0) || sixteenths(&stand.depth).is_none_or(|d| d <= 0) {
                ck.field(loc, field, format!("{}: {} by {} is not a size in inches", s.name, stand.width, stand.depth));
            }
            if stand.source.is_empty() {
                ck.field(loc, field, format!("{}: every stand cites a source", s.name));
            }
        }
        if let Err(e) = s.straggler_dice.parse::<AdRoll>() {
            ck.field(loc, "straggler_dice", e.to_string());
        }
    }
}

/// The `checks` list: each cell the text fixes, held to it. A check the loader does not know
/// is a problem too, so the list cannot claim what nothing verifies.
fn checks(raw: &RawSheets, s: &Sheets, ck: &mut RonCheck<'_>) {
    use super::{FireKind, Scale};
    for (i, c) in raw.checks.iter().enumerate() {
        let loc = ck.loc("checks", i);
        let small = |n: u16| s.fire(Scale::Mm15, FireKind::SmallArms, n, 3).figures.to_string();
        let inches = |arm: &str, f: &str| s.movement(arm, f).map_or("none".into(), |x| (x / 16).to_string());
        let got: String = match c.what.as_str() {
            "sheet B small arms, 40 figures, modified roll 3" => small(40),
            "sheet B small arms, 8 figures, modified roll 3" => small(8),
            "sheet B small arms, 48 figures, modified roll 3 (40 plus 8)" => small(48),
            "movement, infantry Line" => inches("Infantry", "Line"),
            "movement, mounted cavalry charge in Line" => inches("MountedCavalry", "Charge"),
            "movement, commander" => inches("Commander", "Any"),
            "movement, Extended Line equals Line; Skirmish Line equals March Column" => {
                let same = ["Infantry", "MountedCavalry"].iter().all(|a| {
                    s.movement(a, "ExtendedLine") == s.movement(a, "Line")
                        && s.movement(a, "SkirmishLine") == s.movement(a, "MarchColumn")
                });
                if same { "equal" } else { "different" }.into()
            }
            "morale passes, Aggressive" => s.passes(Quality::Aggressive).to_string(),
            "impetuous column maps WD2 to Rout" => {
                s.impetuous.iter().find(|m| m.0 == MoraleResult::Wd2).map_or("nothing", |m| m.1.code()).into()
            }
            "sheet C melee retreats 1, 1, 2, 2, 3 full moves" => {
                s.melee_c.iter().map(|b| b.retreat_moves.to_string()).collect::<Vec<_>>().join(",")
            }
            "rebuilding: 4 attempts; results 1AD-1, 2AD-2, 3AD-3" => {
                let results: Vec<&str> = raw.sheet_a.rebuilding.bands.iter().map(|b| b.1.as_str()).skip(1).collect();
                if results == ["1AD-1", "2AD-2", "3AD-3"] { s.rebuild_attempts.to_string() } else { results.join(",") }
            }
            "every fire column and row monotone: more figures or a lower roll never kill fewer" => {
                // Checked table by table above; a failure there has its own line.
                "monotone".into()
            }
            other => {
                ck.field(loc, "what", format!("no check is known by the name '{other}'"));
                continue;
            }
        };
        if got != c.expect {
            let case = c.source.iter().find_map(|s| if let Source::Rulebook(r) = s { Some(r.as_str()) } else { None });
            ck.field(
                loc,
                "expect",
                format!("{}: the sheets give {got}; {} fixes {}", c.what, case.unwrap_or("the text"), c.expect),
            );
        }
        if c.source.is_empty() {
            ck.field(loc, "source", format!("{}: a check cites what fixes it", c.what));
        }
    }
}

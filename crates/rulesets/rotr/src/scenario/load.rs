//! Reading and checking the scenario's two files (their formats are described at their tops).
//! Every problem is reported at once, each with its file and line (`datafile::RonCheck`): a
//! field misspelt; a feature off the table, self-intersecting, overlapping another of its layer
//! or of a kind sheet A's terrain key lacks; a road drawn as an area; a point off the table; a
//! unit whose brigade, weapon, type, figures or stands do not agree with the sheets and plan
//! 6.3; a brigade 4.1 refuses; a unit set up off the table, in water or on another's stands; an
//! arrival outside the game's turns; a cup that is not R1's.

use super::raw::{RawEntry, RawFeature, RawOob, RawPoint, RawTable, RawUnit};
use super::{
    Arm, Assigned, Brigade, Commander, Edge, Entry, Feature, Formation, Objective, Point, RetreatEdge, Scenario, Shape,
    Side, Table, Unit, rect,
};
use crate::authored::{check_authored, sixteenths};
use crate::sheets::{Basing, Performance, Quality, Sheets};
use datafile::{DataError, RonCheck};
use std::collections::BTreeSet;
use table::shape::on_segment;
use table::{
    Body, Facing, Polygon, Polyline, Pos, Stand, inside, interiors_meet, orient, overlap_interior, point_in_polygon,
};

/// The table's file as named in problems.
pub const TABLE_FILE: &str = "crates/rulesets/rotr/data/belmont.table.ron";

/// The orders of battle's file as named in problems.
pub const OOB_FILE: &str = "crates/rulesets/rotr/data/belmont-oob.ron";

/// The Belmont scenario compiled into the program, checked against `sheets`.
///
/// # Errors
/// Every problem found in either file, each with its file and line.
pub fn load(sheets: &Sheets) -> Result<Scenario, Vec<DataError>> {
    load_text(super::BELMONT_TABLE_RON, TABLE_FILE, super::BELMONT_OOB_RON, OOB_FILE, sheets)
}

/// The scenario in `table_text` (read from `table_file`) and `oob_text` (from `oob_file`).
///
/// # Errors
/// Every problem found in either file, each with its file and line.
pub fn load_text(
    table_text: &str,
    table_file: &str,
    oob_text: &str,
    oob_file: &str,
    sheets: &Sheets,
) -> Result<Scenario, Vec<DataError>> {
    // Optional fields are written bare ("layer: 0"), not as Some(0).
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let parse_error = |file: &str, e: ron::error::SpannedError| DataError {
        file: file.to_string(),
        line: e.span.start.line,
        message: e.code.to_string(),
    };
    let raw_table: Result<RawTable, _> = options.from_str(table_text);
    let raw_oob: Result<RawOob, _> = options.from_str(oob_text);
    let (raw_table, raw_oob) = match (raw_table, raw_oob) {
        (Ok(t), Ok(o)) => (t, o),
        (t, o) => {
            let mut errs = Vec::new();
            if let Err(e) = t {
                errs.push(parse_error(table_file, e));
            }
            if let Err(e) = o {
                errs.push(parse_error(oob_file, e));
            }
            return Err(errs);
        }
    };
    let mut tck = RonCheck::new(table_text, table_file);
    let table = table(&raw_table, sheets, &mut tck);
    let mut ock = RonCheck::new(oob_text, oob_file);
    let scenario = oob(&raw_oob, table, sheets, &mut ock);
    let mut errs = tck.errs.list;
    errs.extend(ock.errs.list);
    match scenario {
        Some(s) if errs.is_empty() => Ok(s),
        _ if errs.is_empty() => Err(vec![DataError { file: oob_file.into(), line: 0, message: "unreadable".into() }]),
        _ => Err(errs),
    }
}

/// Inches as the files write them, in sixteenths: whole ("62"), with a fraction ("41 3/4",
/// "1/2", as the sheets write them) or a decimal that is a whole sixteenth ("62.5", "45.875",
/// "31.8125"); never negative (the table's origin is its lower left corner, plan 6.2).
pub(crate) fn inches(text: &str) -> Option<i32> {
    let t = text.trim();
    let Some((whole, frac)) = t.split_once('.') else {
        return sixteenths(t).filter(|&s| s >= 0);
    };
    if frac.is_empty() || frac.len() > 4 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let w: i32 = if whole.is_empty() { 0 } else { whole.parse().ok().filter(|&w: &i32| w >= 0)? };
    let scale = 10_i32.pow(u32::try_from(frac.len()).ok()?);
    let f: i32 = frac.parse().ok()?;
    // A whole sixteenth: f / scale * 16 is an integer.
    (f * 16 % scale == 0).then(|| w * 16 + f * 16 / scale)
}

fn point(raw: &RawPoint) -> Result<Pos, String> {
    match (inches(&raw.0), inches(&raw.1)) {
        (Some(x), Some(y)) => Ok(Pos::new(x, y)),
        _ => Err(format!("({}, {}) is not a point in inches to the sixteenth (write 62, 62.5, 41 3/4)", raw.0, raw.1)),
    }
}

fn points(raw: &[RawPoint]) -> Result<Vec<Pos>, String> {
    raw.iter().map(point).collect()
}

/// Why `poly` is not a simple polygon with an inside (plan 6.2: at least 3 corners, no edge
/// meeting another but its neighbours at their shared corner), or `None` when it is one.
fn not_simple(poly: &Polygon) -> Option<String> {
    let n = poly.points.len();
    if n < 3 {
        return Some(format!("{n} corners; a polygon needs at least 3"));
    }
    let edges: Vec<(Pos, Pos)> = poly.edges().collect();
    if let Some(i) = edges.iter().position(|(a, b)| a == b) {
        return Some(format!("corner {} repeats the one before it", (i + 1) % n + 1));
    }
    for i in 0..n {
        for j in i + 1..n {
            let ((a, b), (c, d)) = (edges[i], edges[j]);
            let neighbours = j == i + 1 || (i == 0 && j == n - 1);
            let meet = if neighbours {
                // They share one corner; they may not run back along each other.
                let (shared, x, y) = if b == c { (b, a, d) } else { (a, b, c) };
                orient(x, shared, y) == 0 && (on_segment(y, x, shared) || on_segment(x, shared, y))
            } else {
                table::segments_cross(a, b, c, d)
            };
            if meet {
                return Some(format!("edges {} and {} meet: the polygon crosses itself", i + 1, j + 1));
            }
        }
    }
    let area2: i64 = poly.edges().map(|(a, b)| i64::from(a.x) * i64::from(b.y) - i64::from(b.x) * i64::from(a.y)).sum();
    (area2 == 0).then(|| "it has no area".to_string())
}

fn side(ck: &mut RonCheck<'_>, loc: datafile::Loc, text: &str) -> Option<Side> {
    let s = Side::parse(text);
    if s.is_none() {
        ck.field(loc, "side", format!("'{text}' is not a side (Union, Confederate)"));
    }
    s
}

/// The table file: every feature's kind and shape, on the table and clear of its layer.
fn table(raw: &RawTable, sheets: &Sheets, ck: &mut RonCheck<'_>) -> Table {
    check_authored(ck, &raw.header.status, "a published scenario");
    let size = match point(&raw.size) {
        Ok(p) if p.x > 0 && p.y > 0 => p,
        Ok(_) | Err(_) => {
            let line = ck.key_line("size");
            ck.at(line, format!("({}, {}) is not a table's width and height in inches", raw.size.0, raw.size.1));
            Pos::inches(96, 72)
        }
    };
    let board = rect(size);
    if !sheets.area_kinds().any(|k| k == raw.ground.kind) {
        let line = ck.key_line("ground");
        ck.at(line, format!("ground '{}' is not an area kind of sheet A's terrain key", raw.ground.kind));
    }
    let mut features: Vec<(usize, Feature)> = Vec::new();
    for (i, f) in raw.features.iter().enumerate() {
        if let Some(feature) = feature(f, i, sheets, &board, ck) {
            features.push((i, feature));
        }
    }
    for (k, (i, f)) in features.iter().enumerate() {
        if features[..k].iter().any(|(_, g)| g.name == f.name) {
            ck.field(ck.loc("features", *i), "name", format!("two features are named '{}'", f.name));
        }
        // Areas of one layer, and rises of one level, never overlap (touching allowed).
        for (_, g) in &features[..k] {
            let clash = match (&f.shape, &g.shape) {
                (Shape::Area { layer: a, polygon: p }, Shape::Area { layer: b, polygon: q })
                | (Shape::Rise { level: a, polygon: p }, Shape::Rise { level: b, polygon: q }) => {
                    a == b && interiors_meet(p, q)
                }
                _ => false,
            };
            if clash {
                let what = if matches!(f.shape, Shape::Area { .. }) { "layer" } else { "level" };
                ck.field(
                    ck.loc("features", *i),
                    "polygon",
                    format!(
                        "'{}' overlaps '{}' on the same {what} (features of one {what} may touch, not overlap)",
                        f.name, g.name
                    ),
                );
            }
        }
    }
    let slope_kinds: Vec<String> = sheets.slope_kinds().map(String::from).collect();
    let mut out = Table {
        size,
        ground: raw.ground.kind.clone(),
        features: features.into_iter().map(|(_, f)| f).collect(),
        points: Vec::new(),
        retreat_edges: Vec::new(),
        slope_kinds,
    };
    for fault in out.levels().faults() {
        let line = ck.key_line("features");
        ck.at(line, format!("the rises do not nest: {fault:?} (a level 2 lies inside a level 1)"));
    }
    for (i, p) in raw.points.iter().enumerate() {
        let loc = ck.loc("points", i);
        let at = match point(&p.at) {
            Ok(at) if point_in_polygon(at, &board) => at,
            Ok(_) => {
                ck.field(loc, "at", format!("'{}' is off the table", p.name));
                continue;
            }
            Err(e) => {
                ck.field(loc, "at", e);
                continue;
            }
        };
        if !(0..360).contains(&p.bearing) {
            ck.field(loc, "bearing", format!("'{}': bearing {} is not whole degrees 0-359", p.name, p.bearing));
        }
        if out.points.iter().any(|q| q.name == p.name) {
            ck.field(loc, "name", format!("two points are named '{}'", p.name));
        }
        out.points.push(Point { name: p.name.clone(), at, bearing: Facing::new(p.bearing) });
    }
    for (i, e) in raw.retreat_edges.iter().enumerate() {
        let loc = ck.loc("retreat_edges", i);
        let Some(s) = side(ck, loc, &e.side) else { continue };
        let (edge, length) = match e.edge.as_str() {
            "top" => (Edge::Top, size.x),
            "bottom" => (Edge::Bottom, size.x),
            "left" => (Edge::Left, size.y),
            "right" => (Edge::Right, size.y),
            other => {
                ck.field(loc, "edge", format!("'{other}' is not an edge (top, bottom, left, right)"));
                continue;
            }
        };
        match (inches(&e.from), inches(&e.to)) {
            (Some(from), Some(to)) if from < to && to <= length => {
                out.retreat_edges.push(RetreatEdge { side: s, edge, from, to });
            }
            _ => ck.field(loc, "from", format!("{} to {} is not a stretch of the {} edge", e.from, e.to, e.edge)),
        }
    }
    out
}

/// One feature, its kind deciding its shape: an area kind a polygon on a layer, a line kind a
/// polyline (roads are lines), a slope kind a contour with a level.
fn feature(f: &RawFeature, i: usize, sheets: &Sheets, board: &Polygon, ck: &mut RonCheck<'_>) -> Option<Feature> {
    let loc = ck.loc("features", i);
    let area = sheets.area_kinds().any(|k| k == f.kind);
    let line = sheets.line_kinds().any(|k| k == f.kind);
    let slope = sheets.slope_kinds().any(|k| k == f.kind);
    if !(area || line || slope) {
        ck.field(loc, "kind", format!("'{}': kind '{}' is not a key of sheet A's terrain key", f.name, f.kind));
        return None;
    }
    if f.source.is_empty() {
        ck.field(loc, "source", format!("'{}': every feature cites a source", f.name));
    }
    let shape = if line {
        if f.polygon.is_some() || f.layer.is_some() || f.level.is_some() {
            ck.field(loc, "kind", format!("'{}': a {} is a line: a polyline, with no layer or level", f.name, f.kind));
            return None;
        }
        let Some(raw) = &f.polyline else {
            ck.field(loc, "kind", format!("'{}': a {} is a line: give its polyline", f.name, f.kind));
            return None;
        };
        let pts = points(raw).map_err(|e| ck.field(loc, "polyline", e)).ok()?;
        if pts.len() < 2 || pts.windows(2).any(|w| w[0] == w[1]) {
            ck.field(loc, "polyline", format!("'{}': a line needs 2 or more distinct corners in turn", f.name));
            return None;
        }
        if !pts.iter().all(|&p| point_in_polygon(p, board)) {
            ck.field(loc, "polyline", format!("'{}' runs off the table", f.name));
        }
        Shape::Line(Polyline { points: pts })
    } else {
        if f.polyline.is_some() {
            ck.field(loc, "polyline", format!("'{}': a {} is an area: a polygon, not a polyline", f.name, f.kind));
            return None;
        }
        let Some(raw) = &f.polygon else {
            ck.field(loc, "kind", format!("'{}': a {} is an area: give its polygon", f.name, f.kind));
            return None;
        };
        let polygon = Polygon { points: points(raw).map_err(|e| ck.field(loc, "polygon", e)).ok()? };
        if let Some(why) = not_simple(&polygon) {
            ck.field(loc, "polygon", format!("'{}': {why}", f.name));
            return None;
        }
        if !inside(&polygon, board) {
            ck.field(loc, "polygon", format!("'{}' does not lie on the table", f.name));
        }
        match (area, f.layer, f.level) {
            (true, Some(layer), None) => Shape::Area { layer, polygon },
            (false, None, Some(level)) if level > 0 => Shape::Rise { level, polygon },
            (true, _, _) => {
                ck.field(loc, "kind", format!("'{}': an area has a layer and no level", f.name));
                return None;
            }
            (false, _, _) => {
                ck.field(
                    loc,
                    "kind",
                    format!("'{}': a rise of {} slopes has a level of 1 or more and no layer", f.name, f.kind),
                );
                return None;
            }
        }
    };
    Some(Feature { name: f.name.clone(), kind: f.kind.clone(), shape })
}

/// A unit's stands laid out in `formation` with the middle of its front on `front` (5.0).
pub(super) fn lay_out(unit: &Unit, formation: Formation, front: Pos, facing: Facing, files: u8) -> Body {
    let f = match formation {
        Formation::Line | Formation::Unlimbered => table::Formation::Line,
        Formation::ExtendedLine => table::Formation::ExtendedLine,
        Formation::SkirmishLine => table::Formation::SkirmishLine,
        Formation::AssaultColumn => table::Formation::AssaultColumn { files },
        Formation::MarchColumn => table::Formation::MarchColumn { touching: unit.arm == Arm::Cavalry },
        Formation::Limbered => table::Formation::MarchColumn { touching: false },
    };
    table::layout(f, unit.stand_figures.len(), unit.stand.0, unit.stand.1, front, facing)
}

/// R55: a unit entering at `at` facing `bearing`, laid out in `formation` with its rear
/// stand's back edge centred on the point.
pub(super) fn arrival(unit: &Unit, formation: Formation, at: Pos, bearing: Facing, files: u8) -> Body {
    let body = lay_out(unit, formation, at, bearing, files);
    let Some(rear) = body.stands.last() else { return body };
    let [_, bl, br, _] = rear.corners();
    let back = bl.midpoint(br);
    let (dx, dy) = (at.x - back.x, at.y - back.y);
    Body { stands: body.stands.iter().map(|s| Stand { centre: s.centre.offset(dx, dy), ..*s }).collect() }
}

/// Plan 6.3: figures = men / men a figure, rounded half up; stands of the stand's figures, the
/// last holding the remainder. Artillery: a stand a section of the stand's guns, its crew the
/// stand's figures (1.3).
fn count(u: &RawUnit, arm: Arm, basing: &Basing) -> Result<(u16, Vec<u8>), String> {
    if arm == Arm::Artillery {
        let guns = u.guns.ok_or("artillery gives its guns")?;
        let per = basing.gun.guns.max(1);
        let stands = guns.div_ceil(per);
        return Ok((u16::from(stands) * u16::from(basing.gun.figures), vec![basing.gun.figures; usize::from(stands)]));
    }
    let men = u.men.ok_or("infantry and cavalry give their men")?;
    let mpf = basing.men_per_figure.max(1);
    let figures = (2 * u32::from(men) + u32::from(mpf)) / (2 * u32::from(mpf));
    let per = u32::from(if arm == Arm::Cavalry { basing.mounted.figures } else { basing.infantry.figures }.max(1));
    let mut stands = vec![u8::try_from(per).unwrap_or(1); usize::try_from(figures / per).unwrap_or(0)];
    if figures % per > 0 {
        stands.push(u8::try_from(figures % per).unwrap_or(0));
    }
    Ok((u16::try_from(figures).unwrap_or(u16::MAX), stands))
}

/// A formation the unit's arm takes as it comes on (5.0, 7.0): artillery unlimbered or
/// limbered, cavalry (mounted) in no Assault Column.
fn formation(ck: &mut RonCheck<'_>, loc: datafile::Loc, arm: Arm, text: &str) -> Option<Formation> {
    let f = Formation::parse(text);
    let fits = match f {
        None => false,
        Some(Formation::Unlimbered | Formation::Limbered) => arm == Arm::Artillery,
        Some(Formation::AssaultColumn) => arm == Arm::Infantry,
        Some(_) => arm != Arm::Artillery,
    };
    if !fits {
        ck.field(loc, "enters", format!("'{text}' is not a formation of the arm {arm:?} as it comes on (5.0, 7.0)"));
        return None;
    }
    f
}

/// One unit of the orders of battle, checked against the sheets.
fn unit(u: &RawUnit, i: usize, sheets: &Sheets, basing: &Basing, ck: &mut RonCheck<'_>) -> Option<Unit> {
    let loc = ck.loc("units", i);
    let side = side(ck, loc, &u.side);
    let arm = match u.arm.as_str() {
        "Infantry" => Some(Arm::Infantry),
        "Cavalry" => Some(Arm::Cavalry),
        "Artillery" => Some(Arm::Artillery),
        other => {
            ck.field(loc, "arm", format!("'{other}' is not an arm (Infantry, Cavalry, Artillery)"));
            None
        }
    };
    let arm = arm?;
    let weapons: Vec<&str> =
        if arm == Arm::Artillery { sheets.gun_bores().collect() } else { sheets.small_arms().collect() };
    if !weapons.contains(&u.weapon.as_str()) {
        ck.field(
            loc,
            "weapon",
            format!(
                "{}: '{}' is not one of sheet A's {} ({})",
                u.name,
                u.weapon,
                if arm == Arm::Artillery { "gun bores" } else { "small arms" },
                weapons.join(", ")
            ),
        );
    }
    if !sheets.unit_types().any(|t| t == u.kind) {
        ck.field(loc, "type", format!("{}: '{}' is not a unit type sheet A rates (2.2)", u.name, u.kind));
    }
    if (u.guns.is_some() || u.heavy.is_some()) != (arm == Arm::Artillery) {
        ck.field(loc, "arm", format!("{}: guns and heavy are given for artillery and only for it", u.name));
    }
    if arm != Arm::Artillery && u.men_source.as_ref().is_none_or(Vec::is_empty) {
        ck.field(loc, "men", format!("{}: the men cite their source (men_source)", u.name));
    }
    let (figures, stand_figures) = match count(u, arm, basing) {
        Ok(c) => c,
        Err(why) => {
            ck.field(loc, "figures", format!("{}: {why}", u.name));
            return None;
        }
    };
    if (u.figures, usize::from(u.stands)) != (figures, stand_figures.len()) {
        ck.field(
            loc,
            "figures",
            format!(
                "{}: {} figures on {} stands; plan 6.3's count gives {figures} on {}",
                u.name,
                u.figures,
                u.stands,
                stand_figures.len()
            ),
        );
    }
    let entry = match &u.enters {
        RawEntry::SetUp { front, facing, formation: f } => {
            let front = point(front).map_err(|e| ck.field(loc, "enters", e)).ok()?;
            if !(0..360).contains(facing) {
                ck.field(loc, "enters", format!("{}: facing {facing} is not whole degrees 0-359", u.name));
            }
            Entry::SetUp { front, facing: Facing::new(*facing), formation: formation(ck, loc, arm, f)? }
        }
        RawEntry::Arrives { turn, at, formation: f } => {
            Entry::Arrives { turn: *turn, at: at.clone(), formation: formation(ck, loc, arm, f)? }
        }
    };
    let limbered = matches!(
        entry,
        Entry::Arrives { formation: Formation::Limbered, .. } | Entry::SetUp { formation: Formation::Limbered, .. }
    );
    let stand = match arm {
        Arm::Infantry => basing.infantry,
        Arm::Cavalry => basing.mounted,
        Arm::Artillery if limbered => basing.limber,
        Arm::Artillery => basing.gun,
    };
    Some(Unit {
        name: u.name.clone(),
        side: side?,
        brigade: u.brigade.clone(),
        arm,
        men: u.men,
        figures,
        stand_figures,
        guns: u.guns.unwrap_or(0),
        weapon: u.weapon.clone(),
        poor_weapons: u.poor_weapons,
        heavy: u.heavy.unwrap_or(false),
        unit_type: u.kind.clone(),
        entry,
        stand: (stand.width, stand.depth),
    })
}

/// "10:20" as minutes after midnight.
fn clock(text: &str) -> Option<u16> {
    let (h, m) = text.split_once(':')?;
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60 && text.len() == 5).then_some(h * 60 + m)
}

/// The orders of battle, set-up, arrivals, cup and victory, checked against the sheets and the
/// table.
fn oob(raw: &RawOob, table: Table, sheets: &Sheets, ck: &mut RonCheck<'_>) -> Option<Scenario> {
    check_authored(ck, &raw.header.status, "a published scenario");
    let Some(basing) = sheets.basing(&raw.scale) else {
        let line = ck.key_line("scale");
        ck.at(line, format!("'{}' is not a scale of the sheets (15mm, 25mm)", raw.scale));
        return None;
    };
    let first_minute = clock(&raw.turns.first).unwrap_or_else(|| {
        let loc = ck.key_loc("turns");
        ck.field(loc, "first", format!("'{}' is not a clock time (write 10:20)", raw.turns.first));
        0
    });
    if raw.turns.count == 0 || raw.turns.minutes == 0 {
        let loc = ck.key_loc("turns");
        ck.field(loc, "count", "a game has one or more turns of one or more minutes");
    }
    let turns = raw.turns.count;
    let mut brigades: Vec<Brigade> = Vec::new();
    for (i, b) in raw.brigades.iter().enumerate() {
        let loc = ck.loc("brigades", i);
        if brigades.iter().any(|c| c.chit == b.chit) {
            ck.field(loc, "chit", format!("two brigades have the chit '{}'", b.chit));
        }
        if let Some(s) = side(ck, loc, &b.side) {
            brigades.push(Brigade { chit: b.chit.clone(), side: s });
        }
    }
    let mut units: Vec<(usize, Unit)> = Vec::new();
    for (i, u) in raw.units.iter().enumerate() {
        let loc = ck.loc("units", i);
        if raw.units[..i].iter().any(|v| v.name == u.name) {
            ck.field(loc, "name", format!("two units are named '{}'", u.name));
        }
        let Some(unit) = unit(u, i, sheets, basing, ck) else { continue };
        match brigades.iter().find(|b| b.chit == unit.brigade) {
            None => ck.field(loc, "brigade", format!("{}: no brigade has the chit '{}'", unit.name, unit.brigade)),
            Some(b) if b.side != unit.side => {
                ck.field(loc, "brigade", format!("{}: brigade {} is the other side's", unit.name, b.chit));
            }
            Some(_) => {}
        }
        units.push((i, unit));
    }
    brigade_sizes(&brigades, &units, ck);
    let commanders = commanders(raw, &brigades, &units, sheets, ck);
    placements(&units, &table, turns, basing.assault_column_files, ck);
    cup(raw, &brigades, &units, turns, ck);
    let mut impetuous = Vec::new();
    for (i, m) in raw.impetuous.iter().enumerate() {
        if let Some(s) = side(ck, ck.loc("impetuous", i), &m.side) {
            impetuous.push((s, m.modifier));
        }
    }
    let assigned = assigned(raw, &units, sheets, ck);
    let mut objectives = Vec::new();
    for (i, o) in raw.victory.objectives.iter().enumerate() {
        let loc = ck.loc("victory.objectives", i);
        if table.feature(&o.area).is_none() {
            ck.field(loc, "area", format!("{}: the table has no feature '{}'", o.name, o.area));
        }
        if let Some(s) = side(ck, loc, &o.side) {
            objectives.push(Objective { name: o.name.clone(), side: s, vp: o.vp, area: o.area.clone() });
        }
    }
    Some(Scenario {
        title: raw.header.title.clone(),
        status: raw.header.status.clone(),
        scale: raw.scale.clone(),
        table,
        turns,
        first_minute,
        minutes: raw.turns.minutes,
        brigades,
        commanders,
        units: units.into_iter().map(|(_, u)| u).collect(),
        cup: raw.cup.iter().map(|c| (c.turn, c.chits.clone())).collect(),
        impetuous,
        vp_events: raw.victory.events.iter().map(|e| (e.event.clone(), e.vp)).collect(),
        objectives,
        draw_margin: raw.victory.draw_margin,
        assault_column_files: basing.assault_column_files,
        assigned,
    })
}

/// 4.1: a brigade is 2 or more infantry or cavalry units, with at most 7 units in all.
fn brigade_sizes(brigades: &[Brigade], units: &[(usize, Unit)], ck: &mut RonCheck<'_>) {
    for (i, b) in brigades.iter().enumerate() {
        let of: Vec<&Unit> = units.iter().map(|(_, u)| u).filter(|u| u.brigade == b.chit).collect();
        let foot_or_horse = of.iter().filter(|u| u.arm != Arm::Artillery).count();
        if foot_or_horse < 2 || of.len() > 7 {
            let loc = ck.loc("brigades", i);
            ck.field(
                loc,
                "chit",
                format!("brigade {}: {foot_or_horse} infantry or cavalry units and {} in all; 4.1 asks 2 or more, and 7 at most in all", b.chit, of.len()),
            );
        }
    }
}

/// 2.3, 2.4, R1, R5: each commander of a type A-D the sheets rate, with a unit of his side;
/// each brigade one commander and each side one overall commander (no chit).
fn commanders(
    raw: &RawOob,
    brigades: &[Brigade],
    units: &[(usize, Unit)],
    sheets: &Sheets,
    ck: &mut RonCheck<'_>,
) -> Vec<Commander> {
    let mut out = Vec::new();
    for (i, c) in raw.commanders.iter().enumerate() {
        let loc = ck.loc("commanders", i);
        if !["A", "B", "C", "D"].contains(&c.kind.as_str()) || sheets.quality(&c.kind, 0).is_none() {
            ck.field(
                loc,
                "type",
                format!("{}: '{}' is not a commander type A-D the sheets rate (2.3)", c.name, c.kind),
            );
        }
        let Some(s) = side(ck, loc, &c.side) else { continue };
        if let Some(b) = &c.brigade
            && !brigades.iter().any(|x| x.chit == *b && x.side == s)
        {
            ck.field(loc, "brigade", format!("{}: no {} brigade has the chit '{b}'", c.name, s.name()));
        }
        if !units.iter().any(|(_, u)| u.name == c.with && u.side == s) {
            ck.field(loc, "with", format!("{}: no {} unit is named '{}'", c.name, s.name(), c.with));
        }
        out.push(Commander {
            name: c.name.clone(),
            side: s,
            brigade: c.brigade.clone(),
            commander_type: c.kind.clone(),
            with: c.with.clone(),
        });
    }
    for (i, b) in brigades.iter().enumerate() {
        let n = out.iter().filter(|c| c.brigade.as_deref() == Some(&b.chit)).count();
        if n != 1 {
            ck.field(ck.loc("brigades", i), "chit", format!("brigade {}: {n} commanders, not one", b.chit));
        }
    }
    for s in Side::ALL {
        let n = out.iter().filter(|c| c.side == s && c.brigade.is_none()).count();
        if n != 1 {
            let line = ck.key_line("commanders");
            ck.at(line, format!("the {}: {n} overall commanders (brigade: None), not one", s.name()));
        }
    }
    out
}

/// Plan 6.4, 6.5, R55: every unit set up lies on the table, clear of impassable ground and of
/// every other unit's stands (touching allowed); every arrival is due within the game's turns
/// at a point of the table, in a column that lies on the table clear of impassable ground.
fn placements(units: &[(usize, Unit)], table: &Table, turns: u8, files: u8, ck: &mut RonCheck<'_>) {
    let board = table.rect();
    let water: Vec<&Feature> =
        table.features.iter().filter(|f| matches!(f.shape, Shape::Area { .. }) && f.kind == "water").collect();
    let mut placed: Vec<(&Unit, Body)> = Vec::new();
    for (i, u) in units {
        let loc = ck.loc("units", *i);
        let body = match &u.entry {
            Entry::SetUp { front, facing, formation } => lay_out(u, *formation, *front, *facing, files),
            Entry::Arrives { turn, at, formation } => {
                if !(1..=turns).contains(turn) {
                    ck.field(loc, "enters", format!("{}: due on turn {turn}; the game has turns 1-{turns}", u.name));
                }
                if !matches!(formation, Formation::MarchColumn | Formation::Limbered) {
                    ck.field(
                        loc,
                        "enters",
                        format!("{}: R55 brings a unit on in March Column (limbered guns)", u.name),
                    );
                }
                let Some(p) = table.point(at) else {
                    ck.field(loc, "enters", format!("{}: the table has no point '{at}'", u.name));
                    continue;
                };
                arrival(u, *formation, p.at, p.bearing, files)
            }
        };
        let when = if matches!(u.entry, Entry::SetUp { .. }) { "at set-up" } else { "as it arrives" };
        if !body.stands.iter().all(|s| inside(&s.polygon(), &board)) {
            ck.field(loc, "enters", format!("{}: its stands do not all lie on the table {when}", u.name));
        }
        for w in &water {
            if let Shape::Area { polygon, .. } = &w.shape
                && body.stands.iter().any(|s| interiors_meet(&s.polygon(), polygon))
            {
                ck.field(
                    loc,
                    "enters",
                    format!("{}: its stands stand in {} ({}: no unit enters) {when}", u.name, w.name, w.kind),
                );
            }
        }
        if matches!(u.entry, Entry::SetUp { .. }) {
            for (other, ob) in &placed {
                let meet =
                    body.stands.iter().any(|s| ob.stands.iter().any(|t| overlap_interior(&s.polygon(), &t.polygon())));
                if meet {
                    ck.field(
                        loc,
                        "enters",
                        format!("{}: its stands overlap those of {} at set-up", u.name, other.name),
                    );
                }
            }
            placed.push((u, body));
        }
    }
}

/// R1 (plan 6.5): the cup on each listed turn holds a chit for each brigade with a unit set up
/// or arrived by then, and the list names every turn where that changes, turn 1 first.
fn cup(raw: &RawOob, brigades: &[Brigade], units: &[(usize, Unit)], turns: u8, ck: &mut RonCheck<'_>) {
    let due = |turn: u8| -> BTreeSet<&str> {
        brigades
            .iter()
            .filter(|b| {
                units.iter().any(|(_, u)| {
                    u.brigade == b.chit
                        && match u.entry {
                            Entry::SetUp { .. } => true,
                            Entry::Arrives { turn: t, .. } => t <= turn,
                        }
                })
            })
            .map(|b| b.chit.as_str())
            .collect()
    };
    let mut want: Vec<u8> = Vec::new();
    for t in 1..=turns {
        if t == 1 || due(t) != due(t - 1) {
            want.push(t);
        }
    }
    for (i, c) in raw.cup.iter().enumerate() {
        let loc = ck.loc("cup", i);
        let listed: BTreeSet<&str> = c.chits.iter().map(String::as_str).collect();
        let r1 = due(c.turn);
        if listed != r1 || listed.len() != c.chits.len() {
            let r1: Vec<&str> = r1.into_iter().collect();
            ck.field(loc, "chits", format!("turn {}: R1 puts {} in the cup", c.turn, r1.join(", ")));
        }
    }
    let listed: Vec<u8> = raw.cup.iter().map(|c| c.turn).collect();
    if listed != want {
        let line = ck.key_line("cup");
        ck.at(line, format!("the cup is listed on turns {listed:?}; it changes on turns {want:?} (R1)"));
    }
}

/// Plan 6.3's option `assigned-values` (2.5): a performance sheet A names for each unit listed,
/// and for each commander type a quality its column can roll (2.3).
fn assigned(raw: &RawOob, units: &[(usize, Unit)], sheets: &Sheets, ck: &mut RonCheck<'_>) -> Assigned {
    let a = &raw.assigned_values;
    let loc = ck.key_loc("assigned_values");
    let performance = |s: &str| Performance::ALL.into_iter().find(|p| p.name() == s);
    let mut out = Assigned { performance: Performance::Average, units: Vec::new(), commanders: Vec::new() };
    match performance(&a.performance) {
        Some(p) => out.performance = p,
        None => ck.field(loc, "performance", format!("'{}' is not a performance (ruling R2)", a.performance)),
    }
    for (name, p) in &a.units {
        match performance(p) {
            Some(p) if units.iter().any(|(_, u)| u.name == *name) => out.units.push((name.clone(), p)),
            _ => ck.field(loc, "units", format!("'{name}' at '{p}': a unit of the orders of battle at a performance")),
        }
    }
    for (t, q) in &a.commanders {
        match (0..10).filter_map(|f| sheets.quality(t, f)).find(|r: &Quality| r.name() == q) {
            Some(q) => out.commanders.push((t.clone(), q)),
            None => ck.field(
                loc,
                "commanders",
                format!("type '{t}' at '{q}': not a quality that type's column rolls (2.3)"),
            ),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::inches;

    /// Plan 6.2 writes inches as decimals ("62.5", "45.875") and fractions ("41 3/4"); each is
    /// a whole sixteenth (plan 1.2). Anything finer, or negative, is refused.
    #[test]
    fn inches_read_as_sixteenths() {
        assert_eq!(inches("62"), Some(992));
        assert_eq!(inches("62.5"), Some(1000));
        assert_eq!(inches("41 3/4"), Some(668));
        assert_eq!(inches("45.875"), Some(734));
        assert_eq!(inches("31.8125"), Some(509));
        assert_eq!(inches("0.0625"), Some(1));
        assert_eq!(inches("81.55"), None, "not a sixteenth");
        assert_eq!(inches("0.03125"), None, "a thirty-second");
        assert_eq!(inches("-1"), None);
        assert_eq!(inches("6."), None);
        assert_eq!(inches("x"), None);
    }
}

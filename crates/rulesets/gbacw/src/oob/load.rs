//! Reading and checking `data/belmont-oob.ron` (the format is described at its top).

use super::{Bce, Brigade, Commander, Kind, Level, Morale, OrderOfBattle, Ratings, Start, Turns, Unit, clock_minutes};
use crate::authored::{Arm, Charts, Source};
use crate::map::Map;
use crate::terrain::Terrain;
use datafile::{DataError, Loc, field_line};
use engine::Side;
use hexmap::Hex;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    turns: RawTurns,
    first_player: RawPlayer,
    union: RawSide,
    confederate: RawSide,
}

#[derive(Deserialize, Clone, Copy)]
enum RawPlayer {
    Union,
    Confederate,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTurns {
    first: String,
    minutes: u16,
    last: String,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSide {
    commanders: Vec<RawCommander>,
    brigades: Vec<RawBrigade>,
    units: Vec<RawUnit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCommander {
    id: String,
    name: String,
    level: Level,
    dir: u8,
    cp: u8,
    promotion: Vec<String>,
    start: RawStart,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBrigade {
    id: String,
    name: String,
    #[serde(default)]
    division: Option<String>,
    provisional: bool,
    independent: bool,
    leader: RawLeader,
    replacement: Ratings,
    bce: Bce,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeader {
    name: String,
    er: u8,
    rally: u8,
    dir: u8,
    start: RawStart,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUnit {
    id: String,
    name: String,
    #[serde(default)]
    brigade: Option<String>,
    arm: Kind,
    #[serde(default)]
    men: Option<u32>,
    #[serde(default)]
    sp: Option<u8>,
    weapon: String,
    morale: Morale,
    known: u8,
    start: RawStart,
    source: Vec<Source>,
}

#[derive(Deserialize)]
enum RawStart {
    Setup(String),
    Arrive(String, String),
    OffMap(String),
}

/// Sanity bounds, not rules: the largest regiment, battery and radius a counter carries.
const MAX_SP: u8 = 20;
const MAX_GUNS: u8 = 12;
const MAX_RADIUS: u8 = 10;

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
    /// Every record says where its values come from; a fact cites its source key.
    fn sources(&mut self, loc: Loc, who: &str, source: &[Source]) {
        crate::authored::check_sources(&mut self.0, loc, who, source);
    }
}

/// What a start needs checked against: the map, the track, and who is starting.
struct Where<'a> {
    map: &'a Map,
    turns: &'a Turns,
    loc: Loc,
    field: &'a str,
    who: &'a str,
}

fn start(ck: &mut Check<'_>, w: &Where<'_>, raw: &RawStart) -> Start {
    match raw {
        RawStart::Setup(label) => match Hex::from_label(label) {
            Ok(h) if w.map.contains(h) => Start::Setup(h),
            Ok(h) => {
                ck.field(w.loc, w.field, format!("{}: set-up hex {h} is off the map", w.who));
                Start::Setup(h)
            }
            Err(e) => {
                ck.field(w.loc, w.field, format!("{}: {e}", w.who));
                Start::Setup(Hex::new(0, 0))
            }
        },
        RawStart::Arrive(time, landing) => {
            let turn = w.turns.turn(time).unwrap_or_else(|| {
                let last = w.turns.label(w.turns.count).unwrap_or_default();
                let every = w.turns.minutes;
                ck.field(
                    w.loc,
                    w.field,
                    format!("{}: '{time}' is not a turn (every {every} minutes to {last})", w.who),
                );
                1
            });
            if w.map.landing(landing).is_none() {
                let names: Vec<&str> = w.map.landings.iter().map(|l| l.name.as_str()).collect();
                ck.field(w.loc, w.field, format!("{}: '{landing}' is not a landing ({})", w.who, names.join(", ")));
            }
            Start::Arrive { turn, landing: landing.clone() }
        }
        RawStart::OffMap(name) => {
            if w.map.offmap_point(name).is_none() {
                ck.field(w.loc, w.field, format!("{}: '{name}' is not an off-map point of the map", w.who));
            }
            Start::OffMap(name.clone())
        }
    }
}

/// Parses and checks an order-of-battle file (the format is described at the top of
/// `data/belmont-oob.ron`) against the rules, `map` and `charts`, reporting every problem found.
///
/// Checks: RON syntax and field names; the turn track; ids one word and once each (units in one
/// namespace, leaders in another); names present; every record has a source and every History
/// fact its source key in brackets; commanders' radii and points; a division's promotion list
/// holds exactly its brigades (17.83), an other commander's none; a brigade's division is a division commander of
/// its side unless it is independent (17.66), a provisional brigade says why (Authored), every
/// brigade has units, ratings and BCE boxes are in bounds (at most its infantry and cavalry SP);
/// regiments, cavalry and batteries belong to a brigade of their side (no independent
/// regiments, issue 16) and wagons, gunboats and heavy guns to none (11.13); Strength Points for
/// men only, guns and rounds for guns; weapon codes on the Range Effects Chart, small arms for
/// men and artillery for guns; morale "?" or 1-5, the known value 1-5 and equal to a printed one;
/// starts on the map, gunboats on the river, land units where the Stacking Chart lets them stand,
/// arrivals on a turn of the track at a landing, heavy guns at an off-map point; and the set-up
/// within 8.18's units, Strength Points and batteries in every hex.
///
/// # Errors
/// Every problem found, sorted by line. A syntax error stops the parse and is reported alone.
pub fn parse(text: &str, file: &str, map: &Map, charts: &Charts) -> Result<OrderOfBattle, Vec<DataError>> {
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let raw: RawFile = options.from_str(text).map_err(|e| {
        vec![DataError { file: file.to_string(), line: e.span.start.line, message: e.code.to_string() }]
    })?;
    let mut ck = Check(datafile::RonCheck::new(text, file));
    let oob = build(&raw, map, charts, &mut ck);
    ck.0.errs.finish(Some(oob))
}

fn turns(raw: &RawTurns, ck: &mut Check<'_>) -> Turns {
    let line = field_line(ck.text, Loc { start: 0, end: ck.text.len(), line: 1 }, "turns");
    ck.sources(Loc { start: 0, end: 0, line }, "the turn track", &raw.source);
    let first = clock_minutes(&raw.first);
    let last = clock_minutes(&raw.last);
    for (label, got) in [(&raw.first, first), (&raw.last, last)] {
        if got.is_none() {
            ck.errs.at(line, format!("'{label}' is not a clock time (write 10:00 AM)"));
        }
    }
    let minutes = raw.minutes.max(1);
    if raw.minutes == 0 {
        ck.errs.at(line, "a Game-Turn of 0 minutes");
    }
    let (first, last) = (first.unwrap_or(0), last.unwrap_or(0));
    let span = last.checked_sub(first).unwrap_or_else(|| {
        ck.errs.at(line, format!("the last turn, {}, is before the first, {}", raw.last, raw.first));
        0
    });
    if span % minutes != 0 {
        ck.errs.at(line, format!("{} is not a whole number of {minutes}-minute turns after {}", raw.last, raw.first));
    }
    let count = u8::try_from(span / minutes + 1).unwrap_or_else(|_| {
        ck.errs.at(line, "more Game-Turns than 255");
        1
    });
    Turns { first, minutes, count }
}

fn ratings(ck: &mut Check<'_>, loc: Loc, field: &str, who: &str, r: Ratings) {
    if !(1..=MAX_RADIUS).contains(&r.er) || r.rally > 5 || !(1..=MAX_RADIUS).contains(&r.dir) {
        ck.field(
            loc,
            field,
            format!("{who}: ER {}, Rally {}, DIR {}: ER and DIR 1-{MAX_RADIUS}, Rally 0-5", r.er, r.rally, r.dir),
        );
    }
}

#[allow(clippy::too_many_lines)]
fn build(raw: &RawFile, map: &Map, charts: &Charts, ck: &mut Check<'_>) -> OrderOfBattle {
    let turns = turns(&raw.turns, ck);
    let first_player = match raw.first_player {
        RawPlayer::Union => Side::Union,
        RawPlayer::Confederate => Side::Confederate,
    };
    let sides = [(Side::Union, &raw.union), (Side::Confederate, &raw.confederate)];
    let mut leader_ids: HashMap<String, usize> = HashMap::new();
    let mut unit_ids: HashMap<String, usize> = HashMap::new();
    let check_id = |ck: &mut Check<'_>, ids: &mut HashMap<String, usize>, loc: Loc, id: &str| {
        if id.trim().is_empty() || id.contains(char::is_whitespace) {
            ck.field(loc, "id", format!("id '{id}' must be one word"));
        } else if let Some(first) = ids.get(id) {
            ck.field(loc, "id", format!("id {id} is used twice (first on line {first})"));
        } else {
            ids.insert(id.to_string(), loc.line);
        }
    };

    // Commanders.
    let mut commanders = Vec::new();
    let mut commander_locs = Vec::new();
    for (side, rs) in sides {
        for (i, c) in rs.commanders.iter().enumerate() {
            let loc = ck.loc(&format!("{}.commanders", side.name()), i);
            check_id(ck, &mut leader_ids, loc, &c.id);
            let who = c.id.as_str();
            ck.sources(loc, who, &c.source);
            if c.name.trim().is_empty() {
                ck.field(loc, "name", format!("{who} has no name"));
            }
            if !(1..=MAX_RADIUS).contains(&c.dir) || c.cp > 6 {
                ck.field(
                    loc,
                    "dir",
                    format!("{who}: DIR {} and {} Command Points: DIR 1-{MAX_RADIUS}, CP 0-6", c.dir, c.cp),
                );
            }
            let start = start(ck, &Where { map, turns: &turns, loc, field: "start", who }, &c.start);
            commanders.push(Commander {
                id: c.id.clone(),
                name: c.name.clone(),
                side,
                level: c.level,
                dir: c.dir,
                cp: c.cp,
                promotion: c.promotion.clone(),
                start,
                source: c.source.clone(),
            });
            commander_locs.push(loc);
        }
        if !rs.commanders.iter().any(|c| c.level == Level::Division) {
            ck.errs.at(0, format!("the {} side has no division commander (17.2)", side.name()));
        }
    }

    // Brigades.
    let mut brigades = Vec::new();
    let mut brigade_locs = Vec::new();
    for (side, rs) in sides {
        for (i, b) in rs.brigades.iter().enumerate() {
            let loc = ck.loc(&format!("{}.brigades", side.name()), i);
            check_id(ck, &mut leader_ids, loc, &b.id);
            let who = b.id.as_str();
            ck.sources(loc, who, &b.source);
            for (field, value) in [("name", &b.name), ("leader", &b.leader.name)] {
                if value.trim().is_empty() {
                    ck.field(loc, field, format!("{who} has no {field} name"));
                }
            }
            match (&b.division, b.independent) {
                (Some(_), true) => {
                    ck.field(loc, "division", format!("{who} is independent (17.66): it starts in no division"))
                }
                (None, false) => ck.at_record(loc, format!("{who} needs its division, or independent: true (17.66)")),
                (Some(d), false) => match commanders.iter().find(|c| c.id == *d) {
                    Some(c) if c.side == side && c.level == Level::Division => {}
                    _ => ck.field(loc, "division", format!("{who}: '{d}' is not a {} division commander", side.name())),
                },
                (None, true) => {}
            }
            if b.provisional && !b.source.iter().any(Source::is_authored) {
                ck.field(loc, "source", format!("{who} is provisional: say why, as Authored(\"...\")"));
            }
            let leader = Ratings { er: b.leader.er, rally: b.leader.rally, dir: b.leader.dir };
            ratings(ck, loc, "leader", who, leader);
            ratings(ck, loc, "replacement", &format!("{who}'s replacement"), b.replacement);
            let start = start(ck, &Where { map, turns: &turns, loc, field: "leader", who }, &b.leader.start);
            brigades.push(Brigade {
                id: b.id.clone(),
                name: b.name.clone(),
                side,
                division: b.division.clone(),
                provisional: b.provisional,
                independent: b.independent,
                leader: b.leader.name.clone(),
                ratings: leader,
                start,
                replacement: b.replacement,
                bce: b.bce,
                source: b.source.clone(),
            });
            brigade_locs.push(loc);
        }
    }

    // Promotion priority (17.83).
    for (c, &loc) in commanders.iter().zip(&commander_locs) {
        let own: Vec<&str> =
            brigades.iter().filter(|b| b.division.as_deref() == Some(c.id.as_str())).map(|b| b.id.as_str()).collect();
        match c.level {
            Level::Other if !c.promotion.is_empty() => {
                ck.field(loc, "promotion", format!("{}: an other commander (17.3) has no brigades to promote", c.id));
            }
            Level::Other => {}
            Level::Division => {
                let mut listed = c.promotion.clone();
                listed.sort();
                listed.dedup();
                let mut wanted: Vec<String> = own.iter().map(ToString::to_string).collect();
                wanted.sort();
                if listed.len() != c.promotion.len() || listed != wanted {
                    ck.field(
                        loc,
                        "promotion",
                        format!(
                            "{}: the promotion list (17.83) must name each of his brigades once: {}",
                            c.id,
                            own.join(", ")
                        ),
                    );
                }
            }
        }
    }

    // Units.
    let mut units: Vec<Unit> = Vec::new();
    let mut unit_locs = Vec::new();
    for (side, rs) in sides {
        for (i, u) in rs.units.iter().enumerate() {
            let loc = ck.loc(&format!("{}.units", side.name()), i);
            check_id(ck, &mut unit_ids, loc, &u.id);
            let who = u.id.as_str();
            ck.sources(loc, who, &u.source);
            if u.name.trim().is_empty() {
                ck.field(loc, "name", format!("{who} has no name"));
            }
            unit_checks(ck, loc, side, u, &brigades, charts);
            let start = start(ck, &Where { map, turns: &turns, loc, field: "start", who }, &u.start);
            start_fits(ck, loc, u, &start, map, charts);
            units.push(Unit {
                id: u.id.clone(),
                name: u.name.clone(),
                side,
                brigade: u.brigade.clone(),
                kind: u.arm,
                men: u.men,
                sp: u.sp,
                weapon: u.weapon.clone(),
                morale: u.morale,
                known: u.known,
                start,
                source: u.source.clone(),
            });
            unit_locs.push(loc);
        }
    }

    let oob = OrderOfBattle { turns, first_player, commanders, brigades, units };
    for (b, &loc) in oob.brigades.iter().zip(&brigade_locs) {
        let sp = oob.brigade_sp(&b.id);
        if oob.units_in(&b.id).next().is_none() {
            ck.at_record(loc, format!("{} has no units", b.id));
        } else if b.bce.boxes == 0 || u32::from(b.bce.boxes) > sp.max(1) {
            ck.field(
                loc,
                "bce",
                format!("{}: {} BCE boxes; 18.0 counts 1 to its {sp} infantry and cavalry SP", b.id, b.bce.boxes),
            );
        }
    }
    stacking_at_setup(ck, &oob, &unit_locs, map, charts);
    oob
}

impl Check<'_> {
    fn at_record(&mut self, loc: Loc, message: String) {
        self.errs.at(loc.line, message);
    }
}

fn unit_checks(ck: &mut Check<'_>, loc: Loc, side: Side, u: &RawUnit, brigades: &[Brigade], charts: &Charts) {
    let who = u.id.as_str();
    match (&u.brigade, u.arm.needs_brigade()) {
        (None, true) => ck.at_record(
            loc,
            format!("{who} needs a brigade: no independent regiments (issue 16); a provisional one will do"),
        ),
        (Some(_), false) => {
            ck.field(loc, "brigade", format!("{who} belongs to no brigade (11.13: wagons are independent)"))
        }
        (Some(b), true) => match brigades.iter().find(|x| x.id == *b) {
            Some(x) if x.side == side => {}
            _ => ck.field(loc, "brigade", format!("{who}: '{b}' is not a {} brigade", side.name())),
        },
        (None, false) => {}
    }
    match (u.sp, u.arm.has_sp()) {
        (None, true) => ck.at_record(loc, format!("{who} needs `sp`, its Strength Points")),
        (Some(sp), true) if !(1..=MAX_SP).contains(&sp) => {
            ck.field(loc, "sp", format!("{who}: {sp} SP is outside 1-{MAX_SP}"))
        }
        (Some(_), false) => ck.field(loc, "sp", format!("{who}: guns are its strength (9.13), not `sp`")),
        _ => {}
    }
    if let Some((guns, rounds)) = u.arm.guns()
        && (!(1..=MAX_GUNS).contains(&guns) || rounds == 0)
    {
        ck.field(loc, "arm", format!("{who}: {guns} guns and {rounds} rounds: 1-{MAX_GUNS} guns and some rounds"));
    }
    match charts.weapon(&u.weapon) {
        None => {
            let codes: Vec<&str> = charts.weapons().iter().map(|w| w.code.as_str()).collect();
            ck.field(loc, "weapon", format!("{who}: '{}' is not a weapon of 9.25 ({})", u.weapon, codes.join(", ")));
        }
        Some(w) => {
            let wanted = if u.arm.guns().is_some() { Arm::Artillery } else { Arm::SmallArms };
            if w.arm != wanted {
                ck.field(loc, "weapon", format!("{who}: {} is {:?}, but the unit fires {wanted:?}", w.code, w.arm));
            }
        }
    }
    if let Morale::Rated(m) = u.morale
        && !(1..=5).contains(&m)
    {
        ck.field(loc, "morale", format!("{who}: morale {m} is outside 1-5 (13.11)"));
    }
    if !(1..=5).contains(&u.known) {
        ck.field(loc, "known", format!("{who}: known morale {} is outside 1-5", u.known));
    } else if let Morale::Rated(m) = u.morale
        && m != u.known
    {
        ck.field(loc, "known", format!("{who}: known morale {} differs from its printed {m}", u.known));
    }
}

/// A unit starts where it can be: gunboats on the river, heavy guns off the map, land units on
/// land the Stacking Chart lets them stand on.
fn start_fits(ck: &mut Check<'_>, loc: Loc, u: &RawUnit, start: &Start, map: &Map, charts: &Charts) {
    let who = u.id.as_str();
    match (u.arm, start) {
        (Kind::HeavyGuns { .. }, Start::OffMap(_)) => {}
        (Kind::HeavyGuns { .. }, _) => {
            ck.field(loc, "start", format!("{who}: heavy guns fire from off the map: OffMap(\"...\")"))
        }
        (_, Start::OffMap(_)) => ck.field(loc, "start", format!("{who}: only heavy guns start off the map")),
        (Kind::Gunboat { .. }, Start::Setup(h)) if map.terrain(*h) != Some(Terrain::River) => {
            ck.field(loc, "start", format!("{who}: a gunboat starts on the river, not {h}"));
        }
        (Kind::Gunboat { .. }, _) => {}
        (_, Start::Setup(h)) => {
            if let Some(t) = map.terrain(*h)
                && charts.stacking(t).units == 0
            {
                ck.field(loc, "start", format!("{who}: no unit stands in {} ({h})", t.key()));
            }
        }
        (_, Start::Arrive { .. }) => {}
    }
}

/// 8.18 at the listed set-up hexes.
fn stacking_at_setup(ck: &mut Check<'_>, oob: &OrderOfBattle, locs: &[Loc], map: &Map, charts: &Charts) {
    let mut at: BTreeMap<Hex, (u32, u32, u32, Loc)> = BTreeMap::new();
    for (u, loc) in oob.units.iter().zip(locs) {
        let Start::Setup(h) = u.start else { continue };
        if matches!(u.kind, Kind::Gunboat { .. } | Kind::HeavyGuns { .. }) {
            continue;
        }
        let e = at.entry(h).or_default();
        e.0 += 1;
        e.1 += u32::from(u.stacking_points());
        e.2 += u32::from(matches!(u.kind, Kind::Battery { .. }));
        e.3 = *loc;
    }
    for (h, (units, sp, batteries, loc)) in at {
        let Some(t) = map.terrain(h) else { continue };
        let s = charts.stacking(t);
        if units > u32::from(s.units) || sp > u32::from(s.sp) || batteries > u32::from(s.batteries) {
            ck.field(
                loc,
                "start",
                format!(
                    "{h} ({}) holds {units} units, {sp} SP, {batteries} batteries at set-up; 8.18 allows {}, {}, {}",
                    t.key(),
                    s.units,
                    s.sp,
                    s.batteries
                ),
            );
        }
    }
}

//! The Belmont scenario's exclusive rules, as data (`data/belmont-exclusive.ron`, whose header
//! gives the format): the Victory Point schedule (17.73, 17.82, 12.93, 18.0), burning Camp
//! Johnston, the Union's embarkation at Hunter's Farm, the effect of a lost BCE (18.0), the
//! victory conditions (4.0), the gunboats' Movement Allowance (plan 2.5 c) and what an other
//! commander may do (17.3: Polk). **Authored**:
//! the standard rules leave all of these to exclusive rules the text does not print. [`crate::victory`] and [`crate::final_command`] apply them.

use crate::authored::{Source, check_sources};
use crate::map::Map;
use crate::oob::{Level, OrderOfBattle};
use datafile::DataError;
use hexmap::Hex;
use serde::Deserialize;
use std::sync::OnceLock;

/// The file the shipped exclusive rules come from, for error messages.
pub const EXCLUSIVE_FILE: &str = "data/belmont-exclusive.ron";

/// VP for a commander's fate (17.73).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FateVp {
    /// Killed.
    pub killed: u16,
    /// Wounded.
    pub wounded: u16,
    /// Captured.
    pub captured: u16,
}

/// The Victory Point schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VpSchedule {
    /// A Strength Point killed.
    pub sp_killed: u16,
    /// A Strength Point captured (12.93, 14.1).
    pub sp_captured: u16,
    /// A gun lost.
    pub gun_lost: u16,
    /// A gun captured.
    pub gun_captured: u16,
    /// A brigade commander (or his replacement, 17.82).
    pub brigade_commander: FateVp,
    /// A division or other commander.
    pub division_commander: FateVp,
}

/// The exclusive rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exclusive {
    /// The VP schedule.
    pub vp: VpSchedule,
    /// VP to the Union for burning the camp.
    pub camp_burned: u16,
    /// The landing hexes the Union embarks from.
    pub embark_hexes: Vec<Hex>,
    /// The first Game-Turn of embarkation.
    pub embark_from: u8,
    /// Added to the morale dice of a unit whose brigade lost its BCE (18.0).
    pub bce_morale: u8,
    /// A VP margin this small or smaller is a draw.
    pub draw_within: u16,
    /// The gunboats' Movement Allowance in MP, a river hex costing 1 (plan 2.5 c).
    pub gunboat_mp: u8,
    /// 17.3: the other commanders (their places in the order of battle's commanders) who spend
    /// their Command Points on any brigade commander of their side within their Divisional
    /// Integrity Radius, whatever his division (17.22 otherwise).
    pub other_commanders: Vec<usize>,
    /// The short scenario's last Game-Turn ([`crate::SCENARIO_CAMP`]).
    pub camp_last: u8,
    /// VP to the Confederates in the short scenario if the camp still stands at its end.
    pub camp_held: u16,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    vp: RawVp,
    camp: RawCamp,
    embarkation: RawEmbark,
    bce: RawBce,
    victory: RawVictory,
    gunboats: RawGunboats,
    other_commanders: RawOthers,
    camp_scenario: RawShort,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShort {
    last: String,
    held: u16,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVp {
    sp_killed: u16,
    sp_captured: u16,
    gun_lost: u16,
    gun_captured: u16,
    brigade_commander: FateVp,
    division_commander: FateVp,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCamp {
    burned: u16,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEmbark {
    landing: String,
    from: String,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBce {
    morale: u8,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVictory {
    draw_within: u16,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGunboats {
    mp: u8,
    source: Vec<Source>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawOthers {
    leaders: Vec<String>,
    source: Vec<Source>,
}

/// Reads and checks an exclusive-rules file against the map (the landing exists), the order of
/// battle (embarkation begins on a turn of its track; each other commander is one of its
/// commanders rated "Other", 17.3); every record has its source; a morale penalty is
/// at most 5 (13.1's scale).
///
/// # Errors
/// Every problem found, by line. A syntax error stops the parse and is reported alone.
pub fn parse(text: &str, file: &str, map: &Map, oob: &OrderOfBattle) -> Result<Exclusive, Vec<DataError>> {
    let turns = &oob.turns;
    let raw: RawFile = ron::from_str(text).map_err(|e| {
        vec![DataError { file: file.to_string(), line: e.span.start.line, message: e.code.to_string() }]
    })?;
    let mut ck = datafile::RonCheck::new(text, file);
    for (key, source) in [
        ("vp", &raw.vp.source),
        ("camp", &raw.camp.source),
        ("embarkation", &raw.embarkation.source),
        ("bce", &raw.bce.source),
        ("victory", &raw.victory.source),
        ("gunboats", &raw.gunboats.source),
        ("other_commanders", &raw.other_commanders.source),
        ("camp_scenario", &raw.camp_scenario.source),
    ] {
        let loc = ck.key_loc(key);
        check_sources(&mut ck, loc, key, source);
    }
    let embark = ck.key_loc("embarkation");
    let embark_hexes = match map.landing(&raw.embarkation.landing) {
        Some(l) => l.hexes.clone(),
        None => {
            ck.field(embark, "landing", format!("the map has no landing '{}'", raw.embarkation.landing));
            Vec::new()
        }
    };
    let embark_from = turns.turn(&raw.embarkation.from).unwrap_or_else(|| {
        ck.field(embark, "from", format!("'{}' is no Game-Turn of the turn track", raw.embarkation.from));
        0
    });
    let camp_last = match turns.turn(&raw.camp_scenario.last) {
        Some(t) if t < turns.count => t,
        found => {
            let loc = ck.key_loc("camp_scenario");
            let why =
                if found.is_some() { "is not before the battle's last" } else { "is no Game-Turn of the turn track" };
            ck.field(loc, "last", format!("'{}' {why}", raw.camp_scenario.last));
            0
        }
    };
    if !(1..=5).contains(&raw.bce.morale) {
        let loc = ck.key_loc("bce");
        ck.field(loc, "morale", format!("a morale penalty of {} is off 13.1's scale of 1 to 5", raw.bce.morale));
    }
    if raw.gunboats.mp == 0 {
        let loc = ck.key_loc("gunboats");
        ck.field(loc, "mp", "gunboats with no Movement Allowance could not move at all".to_string());
    }
    let mut other_commanders = Vec::new();
    for id in &raw.other_commanders.leaders {
        match oob.commanders.iter().position(|c| &c.id == id) {
            Some(i) if oob.commanders[i].level == Level::Other => other_commanders.push(i),
            Some(_) => {
                let loc = ck.key_loc("other_commanders");
                ck.field(loc, "leaders", format!("'{id}' is no \"other commander\" (17.3) of the order of battle"));
            }
            None => {
                let loc = ck.key_loc("other_commanders");
                ck.field(loc, "leaders", format!("the order of battle has no commander '{id}'"));
            }
        }
    }
    let v = &raw.vp;
    let ex = Exclusive {
        vp: VpSchedule {
            sp_killed: v.sp_killed,
            sp_captured: v.sp_captured,
            gun_lost: v.gun_lost,
            gun_captured: v.gun_captured,
            brigade_commander: v.brigade_commander,
            division_commander: v.division_commander,
        },
        camp_burned: raw.camp.burned,
        embark_hexes,
        embark_from,
        bce_morale: raw.bce.morale,
        draw_within: raw.victory.draw_within,
        gunboat_mp: raw.gunboats.mp,
        other_commanders,
        camp_last,
        camp_held: raw.camp_scenario.held,
    };
    ck.errs.finish(Some(ex))
}

/// The shipped exclusive rules, checked against the shipped map and turn track.
///
/// # Panics
/// If the shipped file is invalid (a test reads it).
#[must_use]
pub fn belmont() -> &'static Exclusive {
    static EX: OnceLock<Exclusive> = OnceLock::new();
    EX.get_or_init(|| {
        parse(
            include_str!("../data/belmont-exclusive.ron"),
            EXCLUSIVE_FILE,
            crate::map::belmont(),
            crate::oob::belmont(),
        )
        .unwrap_or_else(|errors| panic!("the shipped exclusive rules are invalid:\n{}", datafile::report(&errors)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_text(text: &str) -> Result<Exclusive, Vec<DataError>> {
        parse(text, EXCLUSIVE_FILE, crate::map::belmont(), crate::oob::belmont())
    }

    #[test]
    fn the_shipped_file_reads_and_embarks_at_hunters_farm_from_2_pm() {
        let ex = belmont();
        assert_eq!(ex.embark_hexes.len(), 3);
        assert_eq!(crate::oob::belmont().turns.label(ex.embark_from).as_deref(), Some("2:00 PM"));
        assert_eq!(crate::oob::belmont().turns.label(ex.camp_last).as_deref(), Some("12:40 PM"));
        assert_eq!(ex.camp_last, 9, "the short scenario is nine Game-Turns");
    }

    /// Each problem is reported on its own line: an unknown landing, a time off the track, a
    /// morale penalty off the scale, a record with no source.
    #[test]
    fn every_problem_is_reported_with_its_line() {
        let text = include_str!("../data/belmont-exclusive.ron");
        let bad = text
            .replace("landing: \"hunters\"", "landing: \"nowhere\"")
            .replace("from: \"2:00 PM\"", "from: \"2:10 PM\"")
            .replace("bce: (morale: 1,", "bce: (morale: 9,")
            .replace("leaders: [\"Polk\"]", "leaders: [\"Pillow\"]")
            .replace("last: \"12:40 PM\"", "last: \"12:50 PM\"");
        let errs = parse_text(&bad).expect_err("invalid");
        let line_of = |needle: &str| bad.lines().position(|l| l.contains(needle)).unwrap() + 1;
        for (needle, words) in [
            ("nowhere", "no landing"),
            ("2:10 PM", "no Game-Turn"),
            ("morale: 9", "off 13.1"),
            ("\"Pillow\"]", "no \"other commander\""),
            ("12:50 PM", "no Game-Turn"),
        ] {
            assert!(errs.iter().any(|e| e.line == line_of(needle) && e.message.contains(words)), "{needle}: {errs:?}");
        }
        // The BCE record with its source list emptied: the problem names the record's line.
        let start = text.find("\n    bce: (").expect("the bce record");
        let open = start + text[start..].find("source: [").expect("its source") + "source: [".len();
        let close = open + text[open..].find("\")]").expect("its end") + 2;
        let unsourced = format!("{}{}", &text[..open], &text[close..]);
        let errs = parse_text(&unsourced).expect_err("a record with no source");
        let line = unsourced.lines().position(|l| l.contains("source: []")).unwrap() + 1;
        assert!(errs.iter().any(|e| e.message.starts_with("bce has no source") && e.line == line), "{errs:?}");
        let typo = text.replacen("bce: (morale: 1,", "bce: (morale: 1, moral: 2,", 1);
        assert!(parse_text(&typo).is_err(), "an unknown field is refused");
    }
}

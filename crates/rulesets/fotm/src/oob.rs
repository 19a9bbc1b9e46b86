//! The South Mountain order of battle (Fire on the Mountain 2.0, 10.0, 20.0) and its set-up and
//! reinforcement card (11.1, 14.0, 19.0, 19.1): every brigade with its step track, every
//! commander with his Command Modifier, where each starts or when and where it arrives, and the
//! turn track.
//!
//! **Authored.** The rulebook text prints no counter values, OOB chart or player aid card.
//! `data/south-mountain-oob.ron` derives them from the orders of battle in
//! `shared/history/belmont-and-south-mountain.md`, each value with its reasoning and source key.
//! The scale: 1 SP for about 250 men ([`sp_for_men`]); a step is one SP (2.3).
//!
//! CONTRACT (for the rules modules): the public items below. [`parse`] checks a file against the
//! rules and a [`Map`]; [`south_mountain`] gives the shipped data, checked against the shipped map.

use crate::data::DataError;
use crate::map::Map;
use datafile::Loc;
use engine::Side;
use hexmap::Hex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

/// Men per strength point, the authored scale (see [`sp_for_men`]).
pub const MEN_PER_SP: u32 = 250;

/// The authored scale from men to the SP of an infantry or cavalry brigade: `men / 250` rounded
/// to the nearest whole number, halves down, and at least 2 (so every brigade has a step to lose
/// before it is eliminated).
#[must_use]
pub const fn sp_for_men(men: u32) -> u8 {
    // Nearest, halves down: (2m + 250 - 1) / 500 in integers.
    let sp = (2 * men + MEN_PER_SP - 1) / (2 * MEN_PER_SP);
    if sp < 2 {
        2
    } else if sp > 255 {
        255
    } else {
        sp as u8
    }
}

/// What a brigade is (2.3): its icon, and for cavalry and artillery whether it is horse
/// artillery (2.3, 8.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Arm {
    /// Infantry: one SP number.
    Infantry,
    /// Cavalry: one SP number, halved (rounded down) when dismounted (8.3, 15.2).
    Cavalry,
    /// Artillery: ranged and canister numbers (9.1).
    Artillery,
    /// Horse artillery (Pelham, Robertson; 8.4): artillery that moves mounted.
    HorseArtillery,
}

impl Arm {
    /// Artillery or horse artillery.
    #[must_use]
    pub const fn is_artillery(self) -> bool {
        matches!(self, Arm::Artillery | Arm::HorseArtillery)
    }
}

/// A Union counter's corps (2.1's colours; 15.2's cross-corps penalty).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Corps {
    /// I Corps (Hooker): light blue.
    First,
    /// IX Corps (Reno, then Cox): dark blue.
    Ninth,
    /// The Cavalry Division (the rules' "XII Cavalry Corp"): white.
    Cavalry,
}

/// A commander's level of command (2.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Level {
    /// McClellan, Lee.
    Army,
    /// Burnside (Right Wing), Longstreet (his command).
    Wing,
    /// A corps.
    Corps,
    /// A division.
    Division,
}

/// One step of a brigade's strength track: what its counter shows (2.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Strength {
    /// Infantry and cavalry: strength points.
    Sp(u8),
    /// Artillery: ranged fire (two or more hexes) and canister fire (adjacent) SP (9.1).
    Fire {
        /// Ranged fire SP.
        ranged: u8,
        /// Canister fire SP.
        canister: u8,
    },
}

impl Strength {
    /// The strength in a player's words ("5 SP", "2 ranged / 3 canister SP").
    #[must_use]
    pub fn words(self) -> String {
        match self {
            Strength::Sp(n) => format!("{n} SP"),
            Strength::Fire { ranged, canister } => format!("{ranged} ranged / {canister} canister SP"),
        }
    }
}

/// Where a unit starts (11.1, 14.0, 19.0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Start {
    /// On this hex at set-up. Confederates may set up within two hexes of it, the Union exactly
    /// on it (11.1).
    Setup(Hex),
    /// A reinforcement: enters on this turn (1-based) at this entry hex of the map (14.0).
    Arrive {
        /// Game turn, 1 = 7 AM.
        turn: u8,
        /// Name of a [`crate::map::Entry`].
        entry: String,
    },
    /// Only with this optional rule, from this turn (10.4: Lee).
    Optional {
        /// The rule number ("10.4").
        rule: String,
        /// First game turn it may appear.
        turn: u8,
    },
}

impl Start {
    /// Whether a reinforcement's turn has come by game turn `turn` (14.1).
    #[must_use]
    pub fn arrived_by(&self, turn: u8) -> bool {
        matches!(self, Start::Arrive { turn: t, .. } if *t <= turn)
    }
}

/// A brigade counter (2.3) and its inherent brigade officer (10.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Brigade {
    /// The counter's name and unique id: the brigade's commander during the battle (2.3).
    pub id: String,
    /// Full name ("Scammon's Brigade").
    pub name: String,
    /// The inherent brigade officer (10.3), as history knows him. No modifier: only Leader
    /// Casualty Markers change his rolls (10.3, 12.2, 17.2).
    pub officer: String,
    /// Owner.
    pub side: Side,
    /// Infantry, cavalry, artillery or horse artillery.
    pub arm: Arm,
    /// A sharpshooter brigade, with a red SP (7.2).
    pub sharpshooters: bool,
    /// Union only: the corps (2.1, 15.2).
    pub corps: Option<Corps>,
    /// The division (2.4: a guard is detached from a brigade of the division).
    pub division: String,
    /// The strength in men the SP was derived from, where known.
    pub men: Option<u32>,
    /// The step track, full strength first; one entry a step (2.3). The brigade is eliminated
    /// when it loses a step on the last entry.
    pub track: Vec<Strength>,
    /// Where it starts.
    pub start: Start,
}

impl Brigade {
    /// Full strength (the first step of the track).
    #[must_use]
    pub fn full(&self) -> Strength {
        self.track[0]
    }

    /// How many steps the brigade has before elimination.
    #[must_use]
    pub fn steps(&self) -> usize {
        self.track.len()
    }

    /// The strength after `losses` steps lost, or `None` when that eliminates it.
    #[must_use]
    pub fn after_losses(&self, losses: usize) -> Option<Strength> {
        self.track.get(losses).copied()
    }
}

/// The reverse side of a commander counter (16.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Replacement {
    /// Who takes over.
    pub name: String,
    /// His Command Modifier.
    pub cm: u8,
}

/// A commander counter (2.2, 10.1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commander {
    /// Unique id ("Cox", "DHHill").
    pub id: String,
    /// Full name and rank.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Army, wing, corps or division.
    pub level: Level,
    /// Command Modifier: the die-roll bonus and the number of brigades it helps (2.2, 10.1).
    pub cm: u8,
    /// The reverse side, or `None` when he is irreplaceable (McClellan, Lee; 16.2).
    pub replacement: Option<Replacement>,
    /// A second commander inside this counter, who is the first casualty (Reno in Cox; 2.2,
    /// 16.2).
    pub inherent: Option<String>,
    /// Where he starts.
    pub start: Start,
}

/// The whole order of battle, the turn track and the set-up and reinforcement card.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderOfBattle {
    /// Turn labels, turn 1 first ("7 AM" ... "9 PM").
    pub turns: Vec<String>,
    /// Every brigade, Union first, in file order.
    pub brigades: Vec<Brigade>,
    /// Every commander, Union first, in file order.
    pub commanders: Vec<Commander>,
}

/// One line of the reinforcement card: what enters at one entry hex on one turn (19.1).
#[derive(Clone, Debug, PartialEq)]
pub struct Arrival<'a> {
    /// Game turn (1 = 7 AM).
    pub turn: u8,
    /// The entry's name in the map.
    pub entry: &'a str,
    /// The side.
    pub side: Side,
    /// Brigades, in file order.
    pub brigades: Vec<&'a Brigade>,
    /// Commanders, in file order.
    pub commanders: Vec<&'a Commander>,
}

impl OrderOfBattle {
    /// The brigade with this id.
    #[must_use]
    pub fn brigade(&self, id: &str) -> Option<&Brigade> {
        self.brigades.iter().find(|b| b.id == id)
    }

    /// The commander with this id.
    #[must_use]
    pub fn commander(&self, id: &str) -> Option<&Commander> {
        self.commanders.iter().find(|c| c.id == id)
    }

    /// The turn number (1-based) of a turn label ("3 PM" is 9).
    #[must_use]
    pub fn turn(&self, label: &str) -> Option<u8> {
        self.turns.iter().position(|t| t == label).and_then(|i| u8::try_from(i + 1).ok())
    }

    /// The label of a turn number.
    #[must_use]
    pub fn turn_label(&self, turn: u8) -> Option<&str> {
        self.turns.get(usize::from(turn).checked_sub(1)?).map(String::as_str)
    }

    /// Brigades of one side, in file order.
    pub fn brigades_of(&self, side: Side) -> impl Iterator<Item = &Brigade> {
        self.brigades.iter().filter(move |b| b.side == side)
    }

    /// Commanders of one side, in file order.
    pub fn commanders_of(&self, side: Side) -> impl Iterator<Item = &Commander> {
        self.commanders.iter().filter(move |c| c.side == side)
    }

    /// The set-up card of one side (11.1): every unit on the map at the start with its listed
    /// hex, brigades then commanders, as (id, hex).
    #[must_use]
    pub fn setup(&self, side: Side) -> Vec<(&str, Hex)> {
        let brigades = self.brigades_of(side).map(|b| (b.id.as_str(), &b.start));
        let commanders = self.commanders_of(side).map(|c| (c.id.as_str(), &c.start));
        brigades
            .chain(commanders)
            .filter_map(|(id, s)| match s {
                Start::Setup(h) => Some((id, *h)),
                _ => None,
            })
            .collect()
    }

    /// The reinforcement card (19.1): every arrival, by turn, then side (Union first), then
    /// entry in order of first appearance.
    #[must_use]
    pub fn reinforcements(&self) -> Vec<Arrival<'_>> {
        let mut card: BTreeMap<(u8, Side), Vec<Arrival<'_>>> = BTreeMap::new();
        for b in &self.brigades {
            if let Start::Arrive { turn, entry } = &b.start {
                arrival(&mut card, *turn, b.side, entry).brigades.push(b);
            }
        }
        for c in &self.commanders {
            if let Start::Arrive { turn, entry } = &c.start {
                arrival(&mut card, *turn, c.side, entry).commanders.push(c);
            }
        }
        card.into_values().flatten().collect()
    }
}

fn arrival<'a, 'c>(
    card: &'c mut BTreeMap<(u8, Side), Vec<Arrival<'a>>>,
    turn: u8,
    side: Side,
    entry: &'a str,
) -> &'c mut Arrival<'a> {
    let list = card.entry((turn, side)).or_default();
    let i = match list.iter().position(|a| a.entry == entry) {
        Some(i) => i,
        None => {
            list.push(Arrival { turn, entry, side, brigades: Vec::new(), commanders: Vec::new() });
            list.len() - 1
        }
    };
    &mut list[i]
}

// ------------------------------------------------------------------------------------------
// Loading.

/// The name the shipped file goes by in error reports.
pub const OOB_FILE: &str = "data/south-mountain-oob.ron";

/// The shipped order of battle, `data/south-mountain-oob.ron`, checked against the shipped map,
/// parsed once.
///
/// # Panics
/// With the full report when the shipped file is bad (a test guarantees it is not).
pub fn south_mountain() -> &'static OrderOfBattle {
    static OOB: OnceLock<OrderOfBattle> = OnceLock::new();
    OOB.get_or_init(|| {
        parse(include_str!("../data/south-mountain-oob.ron"), OOB_FILE, crate::map::south_mountain()).unwrap_or_else(
            |errors| panic!("the shipped order of battle is invalid:\n{}", crate::data::report(&errors)),
        )
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    turns: Vec<String>,
    union: RawSide,
    confederate: RawSide,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSide {
    commanders: Vec<RawCommander>,
    brigades: Vec<RawBrigade>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCommander {
    id: String,
    name: String,
    level: Level,
    cm: u8,
    #[serde(default)]
    replacement: Option<Replacement>,
    #[serde(default)]
    inherent: Option<String>,
    start: RawStart,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBrigade {
    id: String,
    name: String,
    officer: String,
    arm: Arm,
    #[serde(default)]
    sharpshooters: bool,
    #[serde(default)]
    corps: Option<Corps>,
    division: String,
    #[serde(default)]
    men: Option<u32>,
    #[serde(default)]
    sp: Option<u8>,
    #[serde(default)]
    fire: Option<Vec<(u8, u8)>>,
    start: RawStart,
}

#[derive(Deserialize)]
enum RawStart {
    Setup(String),
    Arrive(String, String),
    Optional(String, String),
}

/// Turns the rules name, with the rule that names them.
const RULE_TURNS: [(&str, &str); 7] = [
    ("7 AM", "11.1"),
    ("12 PM", "11.4"),
    ("1 PM", "11.5"),
    ("2 PM", "11.5"),
    ("3 PM", "10.4"),
    ("8 PM", "11.6"),
    ("9 PM", "11.6"),
];

/// The largest SP a counter may carry (a sanity bound, not a rule: 15.2 caps an assault at ten
/// dice).
const MAX_SP: u8 = 10;

/// The most a Command Modifier may be (a sanity bound).
const MAX_CM: u8 = 6;

/// Parses and checks an order-of-battle file (the format is described at the top of
/// `data/south-mountain-oob.ron`) against the rules and `map`, reporting every problem found.
///
/// Checks: RON syntax and field names; the turn track (unique labels, starting at 7 AM, holding
/// the turns 10.4, 11.1 and 11.4-11.6 name); unique one-word ids; names, officers and divisions
/// present; infantry and cavalry give `sp` (1-10) and no `fire`; artillery gives a `fire` track
/// that never rises and drops every step, with ranged at least 1; sharpshooters are exactly
/// Phelps and Jenkins (7.2); horse artillery exactly Robertson and Pelham (2.3); at least five
/// Union cavalry brigades (8.5); every Union brigade has a corps and no Confederate one does,
/// Union cavalry in the Cavalry corps; commanders' CM 1-6; replacement sides on everyone but
/// McClellan and Lee (16.2); Reno inherent in Cox and nowhere else (2.2); the commanders the
/// rules name exist (McClellan, Burnside, Cox, Longstreet, Lee); Lee only with 10.4 and only
/// he optional; starts name a hex on the map, a turn on the track and an entry hex of the
/// unit's side; listed set-up hexes respect 4.1.
///
/// # Errors
/// Every problem found, sorted by line. A syntax error stops the parse and is reported alone.
pub fn parse(text: &str, file: &str, map: &Map) -> Result<OrderOfBattle, Vec<DataError>> {
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let raw: RawFile = options.from_str(text).map_err(|e| {
        vec![DataError { file: file.to_string(), line: e.span.start.line, message: e.code.to_string() }]
    })?;
    let mut ck = Check::new(text, file);
    let oob = build(&raw, map, &mut ck);
    ck.errs.finish(Some(oob))
}

/// The loader's checker (`datafile::RonCheck`).
type Check<'t> = datafile::RonCheck<'t>;

fn side_key(side: Side) -> &'static str {
    side.name()
}

fn one_word(s: &str) -> bool {
    !s.trim().is_empty() && !s.contains(char::is_whitespace)
}

#[allow(clippy::too_many_lines)]
fn build(raw: &RawFile, map: &Map, ck: &mut Check<'_>) -> OrderOfBattle {
    // The turn track.
    let turns_loc = |ck: &Check<'_>, i: usize| ck.loc("turns", i).line;
    let mut turns: Vec<String> = Vec::new();
    for (i, t) in raw.turns.iter().enumerate() {
        if t.trim().is_empty() {
            let line = turns_loc(ck, i);
            ck.at(line, "a turn label is empty");
        } else if turns.contains(t) {
            let line = turns_loc(ck, i);
            ck.at(line, format!("turn '{t}' is on the track twice"));
        }
        turns.push(t.clone());
    }
    let track_line = turns_loc(ck, 0);
    if turns.is_empty() {
        ck.at(track_line, "the turn track is empty");
    } else if turns[0] != "7 AM" {
        ck.at(track_line, format!("the first turn is '{}'; 11.1 starts the game at 7 AM", turns[0]));
    }
    for (label, rule) in RULE_TURNS {
        if !turns.iter().any(|t| t == label) {
            ck.at(track_line, format!("the turn track has no '{label}', which {rule} names"));
        }
    }
    if turns.len() > usize::from(u8::MAX) {
        ck.at(track_line, "more turns than a u8 can number");
    }
    let turn_of = |label: &str| turns.iter().position(|t| t == label).and_then(|i| u8::try_from(i + 1).ok());

    let sides = [(Side::Union, &raw.union), (Side::Confederate, &raw.confederate)];
    let mut ids: HashMap<String, usize> = HashMap::new();
    let mut check_id = |ck: &mut Check<'_>, loc: Loc, id: &str| {
        if !one_word(id) {
            ck.field(loc, "id", format!("id '{id}' must be one word"));
        } else if let Some(first) = ids.get(id) {
            ck.field(loc, "id", format!("id {id} is used twice (first on line {first})"));
        } else {
            ids.insert(id.to_string(), loc.line);
        }
    };
    let start_of = |ck: &mut Check<'_>, loc: Loc, who: &str, side: Side, s: &RawStart| -> Start {
        let bad_turn = |ck: &mut Check<'_>, t: &str| {
            ck.field(loc, "start", format!("{who}: '{t}' is not a turn on the track ({})", turns.join(", ")));
            1
        };
        match s {
            RawStart::Setup(label) => match Hex::from_label(label) {
                Ok(h) if map.contains(h) => Start::Setup(h),
                Ok(_) => {
                    ck.field(loc, "start", format!("{who}: set-up hex {label} is off the map"));
                    Start::Setup(Hex::new(0, 0))
                }
                Err(e) => {
                    ck.field(loc, "start", format!("{who}: {e}"));
                    Start::Setup(Hex::new(0, 0))
                }
            },
            RawStart::Arrive(t, entry) => {
                let turn = turn_of(t).unwrap_or_else(|| bad_turn(ck, t));
                match map.entry(entry) {
                    None => {
                        let names: Vec<&str> = map.entries_of(side).iter().map(|e| e.name.as_str()).collect();
                        ck.field(
                            loc,
                            "start",
                            format!("{who}: '{entry}' is not an entry hex of the map ({})", names.join(", ")),
                        );
                    }
                    Some(e) if e.side != side => {
                        ck.field(loc, "start", format!("{who}: entry {entry} is a {} entry hex (14.1)", e.side.name()))
                    }
                    Some(_) => {}
                }
                Start::Arrive { turn, entry: entry.clone() }
            }
            RawStart::Optional(rule, t) => {
                let turn = turn_of(t).unwrap_or_else(|| bad_turn(ck, t));
                Start::Optional { rule: rule.clone(), turn }
            }
        }
    };

    // Commanders.
    let mut commanders = Vec::new();
    let mut commander_locs = Vec::new();
    for (side, rs) in sides {
        for (i, c) in rs.commanders.iter().enumerate() {
            let loc = ck.loc(&format!("{}.commanders", side_key(side)), i);
            check_id(ck, loc, &c.id);
            let who = c.id.as_str();
            if c.name.trim().is_empty() {
                ck.field(loc, "name", format!("{who} has no name"));
            }
            if !(1..=MAX_CM).contains(&c.cm) {
                ck.field(loc, "cm", format!("{who}: CM {} is outside 1-{MAX_CM} (2.2: it also counts brigades)", c.cm));
            }
            let irreplaceable = matches!(who, "McClellan" | "Lee");
            match (&c.replacement, irreplaceable) {
                (Some(_), true) => {
                    ck.field(loc, "replacement", format!("{who} is irreplaceable: no reverse side (16.2)"));
                }
                (None, false) => ck.at(loc.line, format!("{who} needs a replacement side (16.2)")),
                (Some(r), false) => {
                    if r.name.trim().is_empty() {
                        ck.field(loc, "replacement", format!("{who}: the replacement has no name"));
                    }
                    if !(1..=MAX_CM).contains(&r.cm) {
                        ck.field(loc, "replacement", format!("{who}: replacement CM {} is outside 1-{MAX_CM}", r.cm));
                    }
                }
                (None, true) => {}
            }
            match (&c.inherent, who) {
                (None, "Cox") => {
                    ck.at(loc.line, "Cox carries Reno inherent in his counter (2.2): inherent: \"...Reno\"")
                }
                (Some(name), "Cox") if !name.contains("Reno") => {
                    ck.field(loc, "inherent", format!("Cox's inherent commander is Reno (2.2), not {name}"));
                }
                (Some(_), other) if other != "Cox" => {
                    ck.field(
                        loc,
                        "inherent",
                        format!("{other}: only Cox has a commander inherent in his counter (2.2)"),
                    );
                }
                _ => {}
            }
            let start = start_of(ck, loc, who, side, &c.start);
            match (&start, who) {
                (Start::Optional { rule, .. }, "Lee") if rule != "10.4" => {
                    ck.field(loc, "start", format!("Lee comes only with optional rule 10.4, not {rule}"));
                }
                (Start::Optional { .. }, "Lee") => {}
                (_, "Lee") => ck.field(loc, "start", "Lee comes only with optional rule 10.4: Optional(\"10.4\", ...)"),
                (Start::Optional { .. }, _) => {
                    ck.field(loc, "start", format!("{who}: only Lee is optional (10.4)"));
                }
                _ => {}
            }
            commanders.push(Commander {
                id: c.id.clone(),
                name: c.name.clone(),
                side,
                level: c.level,
                cm: c.cm,
                replacement: c.replacement.clone(),
                inherent: c.inherent.clone(),
                start,
            });
            commander_locs.push(loc);
        }
    }
    for (id, side, rule) in [
        ("McClellan", Side::Union, "10.1, 16.2, 18.1"),
        ("Burnside", Side::Union, "10.1, 11.4, 18.1"),
        ("Cox", Side::Union, "2.2, 16.2"),
        ("Longstreet", Side::Confederate, "10.4, 10.5, 18.1"),
        ("Lee", Side::Confederate, "10.4, 16.2"),
    ] {
        match commanders.iter().find(|c| c.id == id) {
            None => ck.at(0, format!("no commander {id}: {rule} name him")),
            Some(c) if c.side != side => {
                let line = commander_locs[commanders.iter().position(|x| x.id == id).unwrap_or(0)].line;
                ck.at(line, format!("{id} belongs to the {} side", side.name()));
            }
            Some(_) => {}
        }
    }

    // Brigades.
    let mut brigades = Vec::new();
    let mut brigade_locs = Vec::new();
    for (side, rs) in sides {
        for (i, b) in rs.brigades.iter().enumerate() {
            let loc = ck.loc(&format!("{}.brigades", side_key(side)), i);
            check_id(ck, loc, &b.id);
            let who = b.id.as_str();
            for (field, value) in [("name", &b.name), ("officer", &b.officer), ("division", &b.division)] {
                if value.trim().is_empty() {
                    ck.field(loc, field, format!("{who} has no {field}"));
                }
            }
            let track = if b.arm.is_artillery() {
                if b.sp.is_some() {
                    ck.field(loc, "sp", format!("{who}: artillery has ranged and canister values in `fire`, not `sp`"));
                }
                fire_track(ck, loc, who, b.fire.as_deref())
            } else {
                if b.fire.is_some() {
                    ck.field(loc, "fire", format!("{who}: only artillery has ranged and canister values (9.1)"));
                }
                match b.sp {
                    None => {
                        ck.at(loc.line, format!("{who} needs `sp`, its full strength (2.3)"));
                        vec![Strength::Sp(1)]
                    }
                    Some(sp) if !(1..=MAX_SP).contains(&sp) => {
                        ck.field(loc, "sp", format!("{who}: SP {sp} is outside 1-{MAX_SP}"));
                        vec![Strength::Sp(1)]
                    }
                    // 2.3: a step is one SP, so the track runs down from full strength to 1.
                    Some(sp) => (1..=sp).rev().map(Strength::Sp).collect(),
                }
            };
            if b.sharpshooters && b.arm != Arm::Infantry {
                ck.field(loc, "sharpshooters", format!("{who}: sharpshooter brigades are infantry (7.2)"));
            }
            match (side, b.corps) {
                (Side::Union, None) => ck.at(loc.line, format!("{who}: a Union brigade needs its corps (2.1, 15.2)")),
                (Side::Confederate, Some(_)) => {
                    ck.field(loc, "corps", format!("{who}: corps are Union colours (2.1); give the division only"));
                }
                (Side::Union, Some(c)) if b.arm == Arm::Cavalry && c != Corps::Cavalry => {
                    ck.field(loc, "corps", format!("{who}: Union cavalry belongs to the Cavalry corps (2.1)"));
                }
                _ => {}
            }
            let start = start_of(ck, loc, who, side, &b.start);
            if matches!(start, Start::Optional { .. }) {
                ck.field(loc, "start", format!("{who}: only Lee is optional (10.4)"));
            }
            brigades.push(Brigade {
                id: b.id.clone(),
                name: b.name.clone(),
                officer: b.officer.clone(),
                side,
                arm: b.arm,
                sharpshooters: b.sharpshooters,
                corps: b.corps,
                division: b.division.clone(),
                men: b.men,
                track,
                start,
            });
            brigade_locs.push(loc);
        }
    }
    // Named brigades (2.3, 7.2) and the count 8.5 implies.
    let line_of = |id: &str| brigades.iter().position(|b| b.id == id).map_or(0, |i| brigade_locs[i].line);
    for (flag, what, rule, expected) in [
        (0, "sharpshooter brigades", "7.2", [("Phelps", Side::Union), ("Jenkins", Side::Confederate)]),
        (1, "horse artillery brigades", "2.3", [("Robertson", Side::Union), ("Pelham", Side::Confederate)]),
    ] {
        let has = |b: &Brigade| if flag == 0 { b.sharpshooters } else { b.arm == Arm::HorseArtillery };
        for b in brigades.iter().filter(|b| has(b)) {
            if !expected.contains(&(b.id.as_str(), b.side)) {
                let names = expected.map(|(id, _)| id).join(" and ");
                ck.at(line_of(&b.id), format!("{}: the {what} are {names} ({rule})", b.id));
            }
        }
        for (id, side) in expected {
            if !brigades.iter().any(|b| b.id == id && b.side == side && has(b)) {
                ck.at(line_of(id), format!("{id} must be among the {} {what} ({rule})", side.name()));
            }
        }
    }
    let union_cavalry = brigades.iter().filter(|b| b.side == Side::Union && b.arm == Arm::Cavalry).count();
    if union_cavalry < 5 {
        ck.at(0, format!("{union_cavalry} Union cavalry brigades; 8.5 lets up to five break out, so there are five"));
    }

    // 4.1 at the listed set-up hexes.
    let mut at: BTreeMap<Hex, (usize, usize, usize, usize)> = BTreeMap::new();
    for (i, b) in brigades.iter().enumerate() {
        if let Start::Setup(h) = b.start {
            let e = at.entry(h).or_insert((0, 0, 0, brigade_locs[i].line));
            e.0 += 1;
            e.1 += usize::from(b.arm == Arm::Infantry);
            e.3 = brigade_locs[i].line;
        }
    }
    for (i, c) in commanders.iter().enumerate() {
        if let Start::Setup(h) = c.start {
            let e = at.entry(h).or_insert((0, 0, 0, commander_locs[i].line));
            e.2 += 1;
        }
    }
    for (h, (n, infantry, commanders, line)) in at {
        if n > 3 {
            ck.at(line, format!("{n} brigades set up in {h}; 4.1 allows three"));
        }
        if infantry >= 3 {
            ck.at(line, format!("{infantry} infantry brigades set up in {h}; 4.1 forbids three"));
        }
        if commanders > 2 {
            ck.at(line, format!("{commanders} commanders set up in {h}; 4.1 allows two"));
        }
    }
    OrderOfBattle { turns, brigades, commanders }
}

/// Checks an artillery step track (2.3, 9.1) and turns it into strengths.
fn fire_track(ck: &mut Check<'_>, loc: Loc, who: &str, fire: Option<&[(u8, u8)]>) -> Vec<Strength> {
    let Some(fire) = fire.filter(|f| !f.is_empty()) else {
        ck.at(loc.line, format!("{who}: artillery needs `fire`, its ranged-canister step track (9.1)"));
        return vec![Strength::Fire { ranged: 1, canister: 1 }];
    };
    for &(r, c) in fire {
        if !(1..=MAX_SP).contains(&r) || c > MAX_SP {
            ck.field(loc, "fire", format!("{who}: {r}-{c} must have ranged 1-{MAX_SP} and canister 0-{MAX_SP}"));
        }
    }
    for w in fire.windows(2) {
        let ((r0, c0), (r1, c1)) = (w[0], w[1]);
        if r1 > r0 || c1 > c0 || (r1 == r0 && c1 == c0) {
            ck.field(
                loc,
                "fire",
                format!("{who}: step {r1}-{c1} after {r0}-{c0}; each step loss must lower the values"),
            );
        }
    }
    fire.iter().map(|&(ranged, canister)| Strength::Fire { ranged, canister }).collect()
}

//! Belmont's order of battle and OB Roster at regimental scale (3.3, 9.81, 11.24, 11.3, 17.73,
//! 18.0): every regiment, battery, cavalry unit, wagon, gunboat and the Columbus guns with its
//! strength, weapon type and morale; every leader with his ratings (17.1-17.3); brigades, their
//! replacement leaders (17.81) and BCE boxes (18.0); promotion priority (17.83); set-up hexes,
//! the reinforcement schedule (4.0 B) and the turn track.
//!
//! **Authored.** The rulebook text has no OB Roster, and no GBACW game of Belmont was printed.
//! `data/belmont-oob.ron` takes its facts from `shared/history/belmont-and-south-mountain.md`
//! (each cited as `History("... [key]")`) and labels every other value authored; its header
//! gives the conventions: 100 men a Strength Point ([`sp_for_men`]), no independent regiments
//! (provisional brigades instead, issue 16), green morale with a known value per unit for the
//! known-morale option.
//!
//! CONTRACT (for the rules modules): the public items below. [`parse`] checks a file against the
//! rules, a [`Map`](crate::map::Map) and the [`Charts`](crate::authored::Charts); [`belmont`]
//! gives the shipped data, checked against the shipped map and charts.

mod load;

pub use load::parse;

use crate::authored::Source;
use engine::Side;
use hexmap::Hex;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Men a Strength Point (issue 16).
pub const MEN_PER_SP: u32 = 100;

/// The authored scale from men to an infantry or cavalry unit's Strength Points: `men / 100`,
/// halves up, at least 1.
#[must_use]
pub const fn sp_for_men(men: u32) -> u8 {
    let sp = (men + MEN_PER_SP / 2) / MEN_PER_SP;
    if sp < 1 {
        1
    } else if sp > 255 {
        255
    } else {
        sp as u8
    }
}

/// A commander above the brigade (17.2, 17.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Deserialize)]
pub enum Level {
    /// A division commander: Divisional Integrity Radius and Command Points (17.2).
    Division,
    /// An "other commander" whose powers the exclusive rules give (17.3): Polk.
    Other,
}

/// What a unit is, with what its kind carries.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Deserialize)]
pub enum Kind {
    /// An infantry regiment.
    Infantry,
    /// Cavalry: a regiment, battalion or company.
    Cavalry,
    /// A battery (9.13, 11.3, 15.1): fire strength its guns, a crew of two steps.
    Battery {
        /// Guns.
        guns: u8,
        /// Rounds of ammunition (11.3).
        rounds: u8,
    },
    /// A supply wagon (11.1) with its crew.
    Wagon {
        /// Small-arms boxes: units it may resupply (11.24).
        small_arms: u8,
        /// Artillery boxes: rounds it holds (11.32, plan R28).
        artillery: u8,
    },
    /// A gunboat (exclusive rules).
    Gunboat {
        /// Guns that bear.
        guns: u8,
        /// Rounds.
        rounds: u8,
    },
    /// Heavy guns firing from off the map (exclusive rules).
    HeavyGuns {
        /// Guns that bear.
        guns: u8,
        /// Rounds.
        rounds: u8,
    },
}

impl Kind {
    /// Guns and rounds, for the kinds that fire guns.
    #[must_use]
    pub const fn guns(self) -> Option<(u8, u8)> {
        match self {
            Kind::Battery { guns, rounds } | Kind::Gunboat { guns, rounds } | Kind::HeavyGuns { guns, rounds } => {
                Some((guns, rounds))
            }
            _ => None,
        }
    }

    /// Whether the unit must belong to a brigade: regiments, cavalry and batteries (issue 16;
    /// wagons are independent by 11.13, gunboats and heavy guns the exclusive rules').
    #[must_use]
    pub const fn needs_brigade(self) -> bool {
        matches!(self, Kind::Infantry | Kind::Cavalry | Kind::Battery { .. })
    }

    /// Whether the unit's strength is Strength Points of men (infantry, cavalry, a wagon's crew).
    #[must_use]
    pub const fn has_sp(self) -> bool {
        matches!(self, Kind::Infantry | Kind::Cavalry | Kind::Wagon { .. })
    }
}

/// A morale rating (13.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Deserialize)]
pub enum Morale {
    /// "?": green, rolled on the Seeing the Elephant Table when first needed (13.12, 13.14).
    Green,
    /// A printed rating, 1 (worst) to 5 (best).
    Rated(u8),
}

/// Where a unit or leader starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// On this hex at set-up.
    Setup(Hex),
    /// A reinforcement (4.0 B): enters on this Game-Turn (1-based) at this landing of the map.
    Arrive {
        /// Game-Turn.
        turn: u8,
        /// The landing's name in the map.
        landing: String,
    },
    /// At a named point off the map (the Columbus guns).
    OffMap(String),
}

/// A commander above the brigades.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Commander {
    /// Unique id.
    pub id: String,
    /// Rank and name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Division or other (17.3).
    pub level: Level,
    /// Divisional Integrity Radius, hexes (17.21).
    pub dir: u8,
    /// Command Points (17.22).
    pub cp: u8,
    /// His brigades in promotion order (17.83); empty for an other commander.
    pub promotion: Vec<String>,
    /// Where he starts.
    pub start: Start,
    /// Facts and authored values.
    pub source: Vec<Source>,
}

/// A brigade commander's three ratings (17.1), or his replacement's (17.81).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ratings {
    /// Effectiveness Radius, hexes (17.11).
    pub er: u8,
    /// Rally Rating (17.13).
    pub rally: u8,
    /// Divisional Integrity Radius if promoted (17.1, 17.85).
    pub dir: u8,
}

/// A brigade's BCE boxes and what losing them is worth (18.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bce {
    /// Boxes before the Victory Point award: Strength Points lost before the brigade has lost
    /// its Brigade Combat Effectiveness.
    pub boxes: u8,
    /// Victory Points for the brigade's loss of BCE.
    pub vp: u8,
}

/// A brigade (17.1): its commander's counter, front and back, and its OB Roster line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Brigade {
    /// Unique id; also the leader's id.
    pub id: String,
    /// The brigade's name.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// The division it starts in; `None` when independent (17.66).
    pub division: Option<String>,
    /// A provisional brigade, authored (no brigade in the history).
    pub provisional: bool,
    /// An independent brigade (17.66).
    pub independent: bool,
    /// The commander's name.
    pub leader: String,
    /// His ratings.
    pub ratings: Ratings,
    /// Where he starts.
    pub start: Start,
    /// The replacement counter on the back (17.81).
    pub replacement: Ratings,
    /// BCE (18.0).
    pub bce: Bce,
    /// Facts and authored values.
    pub source: Vec<Source>,
}

/// A combat unit (3.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Unique id.
    pub id: String,
    /// Designation (3.33).
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Its brigade; `None` for wagons, gunboats and heavy guns.
    pub brigade: Option<String>,
    /// What it is.
    pub kind: Kind,
    /// Men, where the history gives them (the middle of a range).
    pub men: Option<u32>,
    /// Strength Points for infantry, cavalry and wagon crews.
    pub sp: Option<u8>,
    /// Weapon type code (3.34), a row of the Range Effects Chart.
    pub weapon: String,
    /// Printed morale (13.1).
    pub morale: Morale,
    /// Morale for the known-morale option (13.12 replaced by this rating).
    pub known: u8,
    /// Where it starts.
    pub start: Start,
    /// Facts and authored values.
    pub source: Vec<Source>,
}

impl Unit {
    /// Initial strength (2.0): Strength Points, or guns for a battery (9.13).
    #[must_use]
    pub fn strength(&self) -> u8 {
        self.sp.or_else(|| self.kind.guns().map(|(g, _)| g)).unwrap_or(0)
    }

    /// Stacking Points (8.12-8.13): strength, a battery 1, a wagon 4; gunboats and heavy guns
    /// stand on no land hex.
    #[must_use]
    pub fn stacking_points(&self) -> u8 {
        match self.kind {
            Kind::Infantry | Kind::Cavalry => self.strength(),
            Kind::Battery { .. } => 1,
            Kind::Wagon { .. } => 4,
            Kind::Gunboat { .. } | Kind::HeavyGuns { .. } => 0,
        }
    }

    /// The unit's morale with the known-morale option, or as printed.
    #[must_use]
    pub const fn morale_with(&self, known_option: bool) -> Morale {
        if known_option { Morale::Rated(self.known) } else { self.morale }
    }
}

/// The turn track: Game-Turns of fixed length from a first clock time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turns {
    /// Minutes after midnight at the start of Game-Turn 1.
    pub first: u16,
    /// Minutes a Game-Turn.
    pub minutes: u16,
    /// Game-Turns.
    pub count: u8,
}

/// Minutes after midnight of a clock label ("1:00 PM").
#[must_use]
pub fn clock_minutes(label: &str) -> Option<u16> {
    let (time, half) = label.trim().split_once(' ')?;
    let (h, m) = time.split_once(':')?;
    if m.len() != 2 {
        return None;
    }
    let (h, m): (u16, u16) = (h.parse().ok()?, m.parse().ok()?);
    if !(1..=12).contains(&h) || m > 59 {
        return None;
    }
    let h = h % 12;
    match half {
        "AM" => Some(h * 60 + m),
        "PM" => Some((h + 12) * 60 + m),
        _ => None,
    }
}

/// The clock label of minutes after midnight ("1:00 PM").
#[must_use]
pub fn clock_label(minutes: u16) -> String {
    let (h, m) = ((minutes / 60) % 24, minutes % 60);
    let half = if h < 12 { "AM" } else { "PM" };
    let h12 = if h % 12 == 0 { 12 } else { h % 12 };
    format!("{h12}:{m:02} {half}")
}

impl Turns {
    /// The clock label a Game-Turn starts at (turn 1 is the first).
    #[must_use]
    pub fn label(&self, turn: u8) -> Option<String> {
        (1..=self.count).contains(&turn).then(|| clock_label(self.first + u16::from(turn - 1) * self.minutes))
    }

    /// The Game-Turn that starts at a clock label.
    #[must_use]
    pub fn turn(&self, label: &str) -> Option<u8> {
        let m = clock_minutes(label)?.checked_sub(self.first)?;
        let t = u8::try_from(m / self.minutes + 1).ok()?;
        (m % self.minutes == 0 && t <= self.count).then_some(t)
    }
}

/// One line of the reinforcement schedule: what lands at one landing on one turn (4.0 B).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival<'a> {
    /// Game-Turn.
    pub turn: u8,
    /// The side.
    pub side: Side,
    /// The landing.
    pub landing: &'a str,
    /// Units, in file order.
    pub units: Vec<&'a str>,
    /// Leaders (commanders and brigade commanders), in file order.
    pub leaders: Vec<&'a str>,
}

/// The whole order of battle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderOfBattle {
    /// The turn track.
    pub turns: Turns,
    /// Who moves first each Game-Turn (4.0).
    pub first_player: Side,
    /// Commanders above the brigades, Union first, in file order.
    pub commanders: Vec<Commander>,
    /// Brigades, Union first, in file order.
    pub brigades: Vec<Brigade>,
    /// Units, Union first, in file order.
    pub units: Vec<Unit>,
}

impl OrderOfBattle {
    /// A unit by id.
    #[must_use]
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// A brigade by id.
    #[must_use]
    pub fn brigade(&self, id: &str) -> Option<&Brigade> {
        self.brigades.iter().find(|b| b.id == id)
    }

    /// A commander by id.
    #[must_use]
    pub fn commander(&self, id: &str) -> Option<&Commander> {
        self.commanders.iter().find(|c| c.id == id)
    }

    /// One side's units, in file order.
    pub fn units_of(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.side == side)
    }

    /// A brigade's units, in file order.
    pub fn units_in<'a>(&'a self, brigade: &str) -> impl Iterator<Item = &'a Unit> + use<'a> {
        let brigade = brigade.to_string();
        self.units.iter().filter(move |u| u.brigade.as_deref() == Some(brigade.as_str()))
    }

    /// A brigade's infantry and cavalry Strength Points at the start: what its BCE counts (18.0).
    #[must_use]
    pub fn brigade_sp(&self, brigade: &str) -> u32 {
        self.units_in(brigade)
            .filter(|u| matches!(u.kind, Kind::Infantry | Kind::Cavalry))
            .map(|u| u32::from(u.strength()))
            .sum()
    }

    /// A division commander's brigades in promotion order (17.83).
    #[must_use]
    pub fn promotion(&self, commander: &str) -> &[String] {
        self.commander(commander).map_or(&[], |c| c.promotion.as_slice())
    }

    /// One side's set-up: every unit and leader on the map at the start, as (id, hex); units,
    /// then commanders, then brigade commanders (by brigade id).
    #[must_use]
    pub fn setup(&self, side: Side) -> Vec<(&str, Hex)> {
        let units = self.units_of(side).map(|u| (u.id.as_str(), &u.start));
        let commanders = self.commanders.iter().filter(|c| c.side == side).map(|c| (c.id.as_str(), &c.start));
        let brigades = self.brigades.iter().filter(|b| b.side == side).map(|b| (b.id.as_str(), &b.start));
        units
            .chain(commanders)
            .chain(brigades)
            .filter_map(|(id, s)| match s {
                Start::Setup(h) => Some((id, *h)),
                _ => None,
            })
            .collect()
    }

    /// The reinforcement schedule (4.0 B): every arrival by turn, then side (Union first), then
    /// landing in order of first appearance.
    #[must_use]
    pub fn reinforcements(&self) -> Vec<Arrival<'_>> {
        let mut card: BTreeMap<(u8, Side), Vec<Arrival<'_>>> = BTreeMap::new();
        let entries = self
            .units
            .iter()
            .map(|u| (u.side, &u.start, u.id.as_str(), false))
            .chain(self.commanders.iter().map(|c| (c.side, &c.start, c.id.as_str(), true)))
            .chain(self.brigades.iter().map(|b| (b.side, &b.start, b.id.as_str(), true)));
        for (side, start, id, leader) in entries {
            let Start::Arrive { turn, landing } = start else {
                continue;
            };
            let list = card.entry((*turn, side)).or_default();
            let i = match list.iter().position(|a| a.landing == landing) {
                Some(i) => i,
                None => {
                    list.push(Arrival { turn: *turn, side, landing, units: Vec::new(), leaders: Vec::new() });
                    list.len() - 1
                }
            };
            if leader { list[i].leaders.push(id) } else { list[i].units.push(id) }
        }
        card.into_values().flatten().collect()
    }
}

/// The name the shipped file goes by in error reports.
pub const OOB_FILE: &str = "data/belmont-oob.ron";

/// The shipped order of battle, `data/belmont-oob.ron`, checked against the shipped map and
/// charts, parsed once.
///
/// # Panics
/// With the full report when the shipped file is bad (a test guarantees it is not).
pub fn belmont() -> &'static OrderOfBattle {
    static OOB: OnceLock<OrderOfBattle> = OnceLock::new();
    OOB.get_or_init(|| {
        parse(include_str!("../data/belmont-oob.ron"), OOB_FILE, crate::map::belmont(), crate::authored::standard())
            .unwrap_or_else(|errors| panic!("the shipped order of battle is invalid:\n{}", datafile::report(&errors)))
    })
}

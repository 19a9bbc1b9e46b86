//! The Belmont counter mix (Belmont 2.1-2.4): companies A-K of each regiment, leaders,
//! batteries, Iron Banks batteries, gunboats, transports and order chits.
//!
//! **Authored.** The rulebook text gives no counter values; `data/counters.ron` holds
//! authored strength values, each with its reasoning, drawn from the orders of battle in
//! `shared/history/belmont-and-south-mountain.md`. A user who owns the published game
//! can type the printed values in.
//!
//! CONTRACT (used by the rules modules): the public items below.

use crate::data::DataError;
use datafile::{Errors, Loc, field_line, record_locs};
use engine::Side;
use hexmap::Hex;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

/// Index of a counter in [`OrderOfBattle::counters`].
pub type UnitId = u16;

/// What a counter is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Kind {
    /// An infantry company (black SP: volley and melee).
    Infantry,
    /// A cavalry company (green SP: charges only).
    Cavalry,
    /// A field artillery battery (black SP: volley; no SP in melee, 6.6).
    FieldArtillery,
    /// An Iron Banks battery (12.0): fixed, hits on its printed range.
    IronBanks,
    /// A gunboat (11.0).
    Gunboat,
    /// A transport (11.7); no combat ability.
    Transport,
    /// A leader (blue SP: melee).
    Leader,
}

/// A leader's level of command (1.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Rank {
    /// Grant, Polk: activated by HQ, rally two companies in or adjacent (9.0).
    Army,
    /// Brigade leaders: activated by HQ.
    Brigade,
    /// Regiment leaders (also the cavalry and artillery leaders): activated by their
    /// formation's chit.
    Regiment,
}

/// Where a counter starts (2.1-2.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Start {
    /// On this hex (the authored default deployment; set-up may move it within its zone).
    Hex(Hex),
    /// In the CSA Columbus Reserve Box (2.3).
    ReserveBox,
    /// On the turn track, returning to Columbus dock (2.2: the first CS transport).
    TurnTrack,
}

/// One counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Counter {
    /// Short unique id: "27IL-A", "Grant", "Tyler", "Stewart".
    pub id: String,
    /// Name as printed or as history knows it.
    pub name: String,
    /// Owner.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
    /// The formation whose order chit activates it (an index into
    /// [`OrderOfBattle::formations`]). Brigade and army leaders, batteries and gunboats
    /// belong to their side's HQ formation; transports to none.
    pub formation: Option<usize>,
    /// Company letter A-K (no J) for companies.
    pub company: Option<char>,
    /// Front-side SP (full strength / unbroken / healthy).
    pub sp: u8,
    /// Reverse-side SP (broken / reduced / wounded).
    pub sp_reverse: u8,
    /// Leaders only.
    pub rank: Option<Rank>,
    /// Iron Banks batteries: the lowest die roll that hits (4 for "4-6").
    pub hit_on: Option<u8>,
    /// Iron Banks batteries: subject to catastrophic failure (12.2).
    pub catastrophic: bool,
    /// Iron Banks batteries: long range, 36 hexes, may fire outside LOS (12.0, 12.1).
    pub long_range: bool,
    /// Where it starts.
    pub start: Start,
}

/// What kind of formation a chit activates.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum FormationKind {
    /// Army and brigade leaders, artillery and gunboats (1.2 HQ).
    Hq,
    /// The side's cavalry companies and cavalry leaders.
    Cavalry,
    /// An infantry regiment.
    Regiment,
}

/// A formation activated by one order chit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Formation {
    /// Code printed on the chit: "HQ", "CAV", "27IL", "13TN".
    pub code: String,
    /// Full name ("27th Illinois").
    pub name: String,
    /// Owner.
    pub side: Side,
    /// Kind.
    pub kind: FormationKind,
    /// The regiment (or cavalry/artillery) leader, a counter index.
    pub leader: Option<UnitId>,
    /// The brigade leader it belongs to (9.0 rally, 9.1 high morale), a counter index.
    pub brigade: Option<UnitId>,
}

/// Where a chit starts (2.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum ChitStart {
    /// In the draw cup.
    Cup,
    /// In the CSA Columbus Reserve Box, entering with its regiment (13.1, 13.2.2).
    Reserve,
    /// Set aside until needed (the Union Confused Orders chit).
    SetAside,
}

/// An order chit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chit {
    /// Owner.
    pub side: Side,
    /// The formation activated, or `None` for the side's Confused Orders chit (10.0).
    pub formation: Option<usize>,
    /// Where it starts.
    pub start: ChitStart,
}

/// Every counter, formation and chit.
#[derive(Clone, Debug, PartialEq)]
pub struct OrderOfBattle {
    /// Counters; a [`UnitId`] indexes this.
    pub counters: Vec<Counter>,
    /// Formations.
    pub formations: Vec<Formation>,
    /// Order chits; a chit id indexes this.
    pub chits: Vec<Chit>,
    /// Where set-up (2.1-2.3) puts each counter: one per counter, same index as
    /// [`OrderOfBattle::counters`]. The rules place on-map units within their zone.
    pub zones: Vec<Zone>,
}

impl OrderOfBattle {
    /// The counter with this id string.
    #[must_use]
    pub fn find(&self, id: &str) -> Option<UnitId> {
        self.counters.iter().position(|c| c.id == id).map(|i| i as UnitId)
    }

    /// The formation with this code and side.
    #[must_use]
    pub fn formation(&self, side: Side, code: &str) -> Option<usize> {
        self.formations.iter().position(|f| f.side == side && f.code == code)
    }
}

// ----------------------------------------------------------------------------------------
// Set-up zones
// ----------------------------------------------------------------------------------------

/// The hex every on-map counter's [`Counter::start`] holds until the map's set-up hexes are
/// authored: the rules place on-map units from [`OrderOfBattle::zones`] instead.
pub const PLACEHOLDER_HEX: &str = "0101";

/// Where set-up (2.1-2.3) puts a counter. The map module knows which hexes each on-map zone
/// covers; the counter data only says which zone.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Zone {
    /// West of the Union set-up line (2.1).
    UnionSetup,
    /// Within three land hexes of the Hunter's Farm dock (2.1). The Union player picks the
    /// guard regiment during set-up, so the data starts no counter here.
    HunterFarmGuard,
    /// In Missouri, east of the Confederate set-up line (2.2).
    ConfederateSetup,
    /// On the Belmont dock hex (2.2).
    BelmontDock,
    /// In Kentucky, in or near Columbus or the Columbus dock (2.2).
    Columbus,
    /// In this numbered river section, 1-6 (1.3; 2.1 puts the gunboats in section 1).
    RiverSection(u8),
    /// In a Kentucky entrenchment hex, up to three Iron Banks batteries a hex (2.2).
    Entrenchment,
    /// In the CSA Columbus Reserve Box (2.3).
    ReserveBox,
    /// On the turn track (2.2: the first CS transport).
    TurnTrack,
}

impl Zone {
    /// Whether set-up puts a counter of this zone on the map (not in a box or on a track).
    #[must_use]
    pub const fn on_map(self) -> bool {
        !matches!(self, Zone::ReserveBox | Zone::TurnTrack)
    }

    /// The [`Counter::start`] this zone implies: the Reserve Box, the turn track, or the
    /// placeholder hex for on-map zones.
    #[must_use]
    pub fn default_start(self) -> Start {
        match self {
            Zone::ReserveBox => Start::ReserveBox,
            Zone::TurnTrack => Start::TurnTrack,
            _ => Start::Hex(placeholder_hex()),
        }
    }
}

fn placeholder_hex() -> Hex {
    Hex::from_label(PLACEHOLDER_HEX).expect("the placeholder is a valid label")
}

// ----------------------------------------------------------------------------------------
// Lookups
// ----------------------------------------------------------------------------------------

impl OrderOfBattle {
    /// The counter with this id. Panics when `id` is out of range.
    #[must_use]
    pub fn counter(&self, id: UnitId) -> &Counter {
        &self.counters[usize::from(id)]
    }

    /// Where set-up puts this counter (2.1-2.3). Panics when `id` is out of range.
    #[must_use]
    pub fn zone(&self, id: UnitId) -> Zone {
        self.zones[usize::from(id)]
    }

    /// Every counter set-up puts in this zone, in counter order.
    #[must_use]
    pub fn in_zone(&self, zone: Zone) -> Vec<UnitId> {
        self.ids().filter(|&u| self.zone(u) == zone).collect()
    }

    /// Every counter of this side and kind, in counter order.
    #[must_use]
    pub fn of_kind(&self, side: Side, kind: Kind) -> Vec<UnitId> {
        self.ids()
            .filter(|&u| {
                let c = self.counter(u);
                c.side == side && c.kind == kind
            })
            .collect()
    }

    /// Every counter the formation's chit activates (1.2 Order Chits), in counter order.
    #[must_use]
    pub fn members(&self, formation: usize) -> Vec<UnitId> {
        self.ids().filter(|&u| self.counter(u).formation == Some(formation)).collect()
    }

    /// The infantry or cavalry companies of a formation, in letter (counter) order.
    #[must_use]
    pub fn companies_of(&self, formation: usize) -> Vec<UnitId> {
        self.ids()
            .filter(|&u| {
                let c = self.counter(u);
                c.formation == Some(formation) && matches!(c.kind, Kind::Infantry | Kind::Cavalry)
            })
            .collect()
    }

    /// The leaders activated with a formation: a regiment's leader; both Confederate
    /// cavalry leaders (6.5); on HQ, the army and brigade leaders and the artillery leader.
    #[must_use]
    pub fn leaders_of(&self, formation: usize) -> Vec<UnitId> {
        self.ids()
            .filter(|&u| {
                let c = self.counter(u);
                c.formation == Some(formation) && c.kind == Kind::Leader
            })
            .collect()
    }

    /// Every leader of a side, in counter order.
    #[must_use]
    pub fn leaders(&self, side: Side) -> Vec<UnitId> {
        self.of_kind(side, Kind::Leader)
    }

    /// The side's army leader (1.2: Grant, Polk).
    #[must_use]
    pub fn army_leader(&self, side: Side) -> Option<UnitId> {
        self.ids().find(|&u| {
            let c = self.counter(u);
            c.side == side && c.rank == Some(Rank::Army)
        })
    }

    /// The brigade leader of the counter's formation, if it has one (9.0, 9.1).
    #[must_use]
    pub fn brigade_of(&self, unit: UnitId) -> Option<UnitId> {
        self.formations.get(self.counter(unit).formation?)?.brigade
    }

    /// The regiment (or cavalry) leader of the counter's formation, if it has one.
    #[must_use]
    pub fn regiment_leader_of(&self, unit: UnitId) -> Option<UnitId> {
        self.formations.get(self.counter(unit).formation?)?.leader
    }

    /// 9.0: whether `leader` "belongs to" the company's regiment or brigade: a regiment-rank
    /// leader of the company's own formation (so both cavalry leaders for a cavalry
    /// company), or the brigade leader of that formation. Army leaders rally by their own
    /// 9.0 clause and answer `false` here.
    #[must_use]
    pub fn leader_belongs(&self, leader: UnitId, company: UnitId) -> bool {
        let l = self.counter(leader);
        let c = self.counter(company);
        if l.kind != Kind::Leader || l.side != c.side || c.formation.is_none() {
            return false;
        }
        match l.rank {
            Some(Rank::Regiment) => l.formation == c.formation,
            Some(Rank::Brigade) => self.brigade_of(company) == Some(leader),
            _ => false,
        }
    }

    /// The chit that activates this formation.
    #[must_use]
    pub fn chit_of(&self, formation: usize) -> Option<usize> {
        self.chits.iter().position(|c| c.formation == Some(formation))
    }

    /// The side's Confused Orders chit (10.0).
    #[must_use]
    pub fn confused_orders_chit(&self, side: Side) -> Option<usize> {
        self.chits.iter().position(|c| c.side == side && c.formation.is_none())
    }

    /// The chits of a side that start in `start` (2.4), in chit order.
    #[must_use]
    pub fn chits_starting(&self, side: Side, start: ChitStart) -> Vec<usize> {
        (0..self.chits.len()).filter(|&i| self.chits[i].side == side && self.chits[i].start == start).collect()
    }

    /// A chit's printed name: "Union 27IL", "Confederate HQ", "Union Confused Orders".
    #[must_use]
    pub fn chit_name(&self, chit: usize) -> String {
        let Some(c) = self.chits.get(chit) else {
            return format!("chit {chit}");
        };
        let side = c.side.title();
        match c.formation.and_then(|f| self.formations.get(f)) {
            Some(f) => format!("{side} {}", f.code),
            None => format!("{side} Confused Orders"),
        }
    }

    fn ids(&self) -> impl Iterator<Item = UnitId> + '_ {
        (0..self.counters.len()).map(|i| i as UnitId)
    }
}

// ----------------------------------------------------------------------------------------
// Loading
// ----------------------------------------------------------------------------------------

/// The shipped counter mix, `data/counters.ron`, parsed and validated once.
///
/// # Panics
/// With the full report when the shipped file is bad (a test guarantees it is not).
pub fn belmont() -> &'static OrderOfBattle {
    static OOB: OnceLock<OrderOfBattle> = OnceLock::new();
    OOB.get_or_init(|| {
        parse(include_str!("../data/counters.ron"), "data/counters.ron")
            .unwrap_or_else(|errors| panic!("{}", crate::data::report(&errors)))
    })
}

/// The file as written: codes and ids where the model has indices.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    union: RawSide,
    confederate: RawSide,
    chits: Vec<RawChit>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSide {
    formations: Vec<RawFormation>,
    counters: Vec<RawCounter>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFormation {
    code: String,
    name: String,
    kind: FormationKind,
    #[serde(default)]
    leader: Option<String>,
    #[serde(default)]
    brigade: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCounter {
    id: String,
    name: String,
    kind: Kind,
    #[serde(default)]
    formation: Option<String>,
    #[serde(default)]
    company: Option<char>,
    sp: u8,
    sp_reverse: u8,
    #[serde(default)]
    rank: Option<Rank>,
    #[serde(default)]
    hit_on: Option<u8>,
    #[serde(default)]
    catastrophic: bool,
    #[serde(default)]
    long_range: bool,
    zone: Zone,
    #[serde(default)]
    start: Option<Start>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChit {
    side: Side,
    formation: Option<String>,
    start: ChitStart,
}

/// Collects problems with their lines.
struct Check<'t> {
    text: &'t str,
    errs: Errors<'t>,
}

impl Check<'_> {
    fn at(&mut self, line: usize, message: impl Into<String>) {
        self.errs.at(line, message);
    }

    /// A problem with one field of a record: the line of that field when it is written,
    /// else the record's first line.
    fn field(&mut self, loc: Loc, field: &str, message: impl Into<String>) {
        let line = field_line(self.text, loc, field);
        self.at(line, message);
    }
}

/// The order chits of 2.4 and where they start: (side, formation code or `None` for
/// Confused Orders, start).
const CHITS_2_4: &[(Side, Option<&str>, ChitStart)] = &[
    (Side::Union, Some("HQ"), ChitStart::Cup),
    (Side::Union, Some("CAV"), ChitStart::Cup),
    (Side::Union, Some("27IL"), ChitStart::Cup),
    (Side::Union, Some("30IL"), ChitStart::Cup),
    (Side::Union, Some("31IL"), ChitStart::Cup),
    (Side::Union, Some("22IL"), ChitStart::Cup),
    (Side::Union, Some("7IA"), ChitStart::Cup),
    (Side::Union, None, ChitStart::SetAside),
    (Side::Confederate, Some("HQ"), ChitStart::Cup),
    (Side::Confederate, Some("CAV"), ChitStart::Cup),
    (Side::Confederate, Some("12TN"), ChitStart::Cup),
    (Side::Confederate, Some("13TN"), ChitStart::Cup),
    (Side::Confederate, Some("13AR"), ChitStart::Cup),
    (Side::Confederate, None, ChitStart::Cup),
    (Side::Confederate, Some("11LA"), ChitStart::Reserve),
    (Side::Confederate, Some("1MS"), ChitStart::Reserve),
    (Side::Confederate, Some("2TN"), ChitStart::Reserve),
    (Side::Confederate, Some("21TN"), ChitStart::Reserve),
    (Side::Confederate, Some("22TN"), ChitStart::Reserve),
];

/// Company letters: A-K without J (1.2 Company).
const LETTERS: [char; 10] = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K'];

/// Parses and validates a counter file (the format is described at the top of
/// `data/counters.ron`), reporting every problem found, each with `file` and its line.
///
/// Checks: RON syntax and field names; unique ids and formation codes; companies lettered
/// A-K without J, ten per regiment, with ids `REGIMENT-LETTER` (1.2); every formation, leader
/// and brigade reference resolves to the right kind of counter of the same side; leaders
/// have a rank and nothing else does; Iron Banks batteries have a hit range, and exactly
/// two (Stewart 4-6, Point Coupee 5-6) are long range and subject to catastrophic failure
/// (12.0, 12.2); SP within 0-6 and reverse SP no more than the front; the set-up zones of
/// 2.1-2.3 (counts of regiments, gunboats, transports, Iron Banks; the 13th Tennessee's
/// 2 + 8 split); one chit per formation and exactly the chits of 2.4, where 2.4 puts them.
///
/// # Errors
/// Every problem found. A syntax error stops the parse, so it is reported alone.
pub fn parse(text: &str, file: &str) -> Result<OrderOfBattle, Vec<DataError>> {
    let options = ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let raw: RawFile = options.from_str(text).map_err(|e| {
        vec![DataError { file: file.to_string(), line: e.span.start.line, message: e.code.to_string() }]
    })?;
    let locs = record_locs(text);
    let mut check = Check { text, errs: Errors::new(file) };
    let oob = build(&raw, &locs, &mut check);
    check.errs.finish(Some(oob))
}

#[allow(clippy::too_many_lines)]
fn build(raw: &RawFile, locs: &HashMap<String, Vec<Loc>>, ck: &mut Check<'_>) -> OrderOfBattle {
    let loc = |path: &str, i: usize| locs.get(path).and_then(|l| l.get(i)).copied().unwrap_or_default();
    let sides = [(Side::Union, &raw.union, "union"), (Side::Confederate, &raw.confederate, "confederate")];

    // Formations: indices in file order, Union first.
    let mut f_raw: Vec<(Side, &RawFormation, Loc)> = Vec::new();
    let mut f_index: HashMap<(Side, &str), usize> = HashMap::new();
    for (side, rs, key) in sides {
        for (i, f) in rs.formations.iter().enumerate() {
            let l = loc(&format!("{key}.formations"), i);
            if f.code.trim().is_empty() || f.code.contains(char::is_whitespace) {
                ck.field(l, "code", format!("formation code '{}' must be one word", f.code));
            }
            if f.name.trim().is_empty() {
                ck.field(l, "name", format!("formation {} has no name", f.code));
            }
            if let std::collections::hash_map::Entry::Vacant(e) = f_index.entry((side, f.code.as_str())) {
                e.insert(f_raw.len());
            } else {
                ck.field(l, "code", format!("{} formation code {} appears twice", side.title(), f.code));
            }
            f_raw.push((side, f, l));
        }
    }

    // Counters: UnitIds in file order, Union first.
    let mut c_raw: Vec<(Side, &RawCounter, Loc)> = Vec::new();
    let mut c_index: HashMap<&str, usize> = HashMap::new();
    for (side, rs, key) in sides {
        for (i, c) in rs.counters.iter().enumerate() {
            let l = loc(&format!("{key}.counters"), i);
            if c.id.trim().is_empty() || c.id.contains(char::is_whitespace) {
                ck.field(l, "id", format!("id '{}' must be one word", c.id));
            }
            if let Some(&first) = c_index.get(c.id.as_str()) {
                let first_line = c_raw[first].2.line;
                ck.field(l, "id", format!("id {} is used twice (first on line {first_line})", c.id));
            } else {
                c_index.insert(c.id.as_str(), c_raw.len());
            }
            c_raw.push((side, c, l));
        }
    }
    if c_raw.len() > usize::from(UnitId::MAX) {
        ck.at(0, format!("{} counters is more than a UnitId can index", c_raw.len()));
    }

    // Per-counter checks, resolving formations.
    let mut counters = Vec::with_capacity(c_raw.len());
    let mut zones = Vec::with_capacity(c_raw.len());
    for &(side, c, l) in &c_raw {
        let who = &c.id;
        if c.name.trim().is_empty() {
            ck.field(l, "name", format!("{who} has no name"));
        }
        // SP (1.2 SP; authored scale 0-6).
        if c.sp > 6 {
            ck.field(l, "sp", format!("{who}: SP {} is outside 0-6", c.sp));
        }
        if c.sp_reverse > c.sp {
            ck.field(l, "sp_reverse", format!("{who}: reverse SP {} is more than front SP {}", c.sp_reverse, c.sp));
        }
        match c.kind {
            Kind::Transport if c.sp != 0 || c.sp_reverse != 0 => {
                ck.field(l, "sp", format!("{who}: transports have no combat ability (11.4): SP 0"));
            }
            Kind::Infantry | Kind::Cavalry | Kind::FieldArtillery | Kind::IronBanks | Kind::Gunboat if c.sp == 0 => {
                ck.field(l, "sp", format!("{who}: a combat unit needs at least 1 SP"));
            }
            _ => {}
        }
        // Who may own what.
        match (c.kind, side) {
            (Kind::Gunboat, Side::Confederate) => {
                ck.field(l, "kind", format!("{who}: only the Union has gunboats (2.1, 11.0)"))
            }
            (Kind::Transport, Side::Union) => {
                ck.field(l, "kind", format!("{who}: Union transports are not counters (11.9)"))
            }
            (Kind::IronBanks, Side::Union) => {
                ck.field(l, "kind", format!("{who}: Iron Banks batteries are Confederate (12.0)"))
            }
            _ => {}
        }
        // Formation.
        let formation = match (&c.formation, c.kind) {
            (Some(code), Kind::Transport) => {
                ck.field(
                    l,
                    "formation",
                    format!("{who}: transports are activated by no chit (11.7); remove formation {code}"),
                );
                None
            }
            (None, Kind::Transport) => None,
            (None, _) => {
                ck.at(l.line, format!("{who} needs a formation (the chit that activates it)"));
                None
            }
            (Some(code), kind) => match f_index.get(&(side, code.as_str())) {
                None => {
                    ck.field(l, "formation", format!("{who}: no {} formation has code {code}", side.title()));
                    None
                }
                Some(&f) => {
                    let fk = f_raw[f].1.kind;
                    let wanted = match (kind, c.rank) {
                        (Kind::Infantry, _) => Some(FormationKind::Regiment),
                        (Kind::Cavalry, _) => Some(FormationKind::Cavalry),
                        (Kind::FieldArtillery | Kind::IronBanks | Kind::Gunboat, _)
                        | (Kind::Leader, Some(Rank::Army | Rank::Brigade)) => Some(FormationKind::Hq),
                        _ => None,
                    };
                    if wanted.is_some_and(|w| w != fk) {
                        ck.field(
                            l,
                            "formation",
                            format!(
                                "{who}: a {kind:?} counter is activated by a {:?} chit (1.2), not {code}",
                                wanted.unwrap_or(fk)
                            ),
                        );
                    }
                    Some(f)
                }
            },
        };
        // Rank.
        match (c.kind, c.rank) {
            (Kind::Leader, None) => ck.at(l.line, format!("{who}: a leader needs a rank (Army, Brigade or Regiment)")),
            (Kind::Leader, Some(_)) | (_, None) => {}
            (_, Some(_)) => ck.field(l, "rank", format!("{who}: only leaders have a rank")),
        }
        // Company letter.
        let letter_ok = |ch: char| LETTERS.contains(&ch);
        match (c.kind, c.company) {
            (Kind::Infantry, None) => {
                ck.at(l.line, format!("{who}: an infantry company needs its letter (A-K without J, 1.2)"))
            }
            (Kind::Infantry | Kind::Cavalry, Some(ch)) if !letter_ok(ch) => {
                ck.field(l, "company", format!("{who}: company letter {ch:?} is not A-K without J (1.2)"));
            }
            (Kind::Infantry, Some(ch)) => {
                if let Some(code) = &c.formation {
                    let id = format!("{code}-{ch}");
                    if *who != id {
                        ck.field(l, "id", format!("{who}: an infantry company's id is REGIMENT-LETTER, here {id}"));
                    }
                }
            }
            (Kind::Cavalry, _) | (_, None) => {}
            (_, Some(_)) => ck.field(l, "company", format!("{who}: only infantry and cavalry companies have a letter")),
        }
        // Iron Banks fields (1.2 Iron Banks Batteries, 12.0, 12.2).
        if c.kind == Kind::IronBanks {
            match c.hit_on {
                None => ck.at(
                    l.line,
                    format!("{who}: an Iron Banks battery needs hit_on, the low end of its printed hit range (1.2)"),
                ),
                Some(h) if !(2..=6).contains(&h) => {
                    ck.field(l, "hit_on", format!("{who}: hit_on {h} is not a die roll 2-6"))
                }
                Some(_) => {}
            }
            if c.long_range != c.catastrophic {
                ck.field(
                    l,
                    "long_range",
                    format!("{who}: long range and catastrophic failure go together (12.0, 12.2)"),
                );
            }
        } else {
            if c.hit_on.is_some() {
                ck.field(l, "hit_on", format!("{who}: only Iron Banks batteries have hit_on"));
            }
            if c.long_range {
                ck.field(l, "long_range", format!("{who}: only Iron Banks batteries are long range (12.0)"));
            }
            if c.catastrophic {
                ck.field(
                    l,
                    "catastrophic",
                    format!("{who}: only Iron Banks batteries suffer catastrophic failure (12.2)"),
                );
            }
        }
        // Zone and start.
        zone_checks(ck, side, c, l);
        let start = match &c.start {
            None => c.zone.default_start(),
            Some(s) => {
                let fits = match s {
                    Start::ReserveBox => c.zone == Zone::ReserveBox,
                    Start::TurnTrack => c.zone == Zone::TurnTrack,
                    Start::Hex(_) => c.zone.on_map(),
                };
                if !fits {
                    ck.field(l, "start", format!("{who}: start {s:?} does not fit zone {:?}", c.zone));
                }
                s.clone()
            }
        };
        counters.push(Counter {
            id: c.id.clone(),
            name: c.name.clone(),
            side,
            kind: c.kind,
            formation,
            company: c.company,
            sp: c.sp,
            sp_reverse: c.sp_reverse,
            rank: c.rank,
            hit_on: c.hit_on,
            catastrophic: c.catastrophic,
            long_range: c.long_range,
            start,
        });
        zones.push(c.zone);
    }

    // Formations: leaders, brigades, companies.
    let mut formations = Vec::with_capacity(f_raw.len());
    for (fi, &(side, f, l)) in f_raw.iter().enumerate() {
        let code = &f.code;
        let mut resolve = |field: &str, id: &Option<String>, rank: Rank| -> Option<UnitId> {
            let id = id.as_ref()?;
            let Some(&u) = c_index.get(id.as_str()) else {
                ck.field(l, field, format!("{code}: {field} {id} is not a counter"));
                return None;
            };
            let c = &counters[u];
            if c.side != side || c.kind != Kind::Leader || c.rank != Some(rank) {
                ck.field(l, field, format!("{code}: {field} {id} is not a {} {rank:?}-rank leader", side.title()));
            } else if rank == Rank::Regiment && c.formation != Some(fi) {
                ck.field(l, field, format!("{code}: leader {id} belongs to another formation"));
            }
            Some(u as UnitId)
        };
        let leader = resolve("leader", &f.leader, Rank::Regiment);
        let brigade = resolve("brigade", &f.brigade, Rank::Brigade);
        match f.kind {
            FormationKind::Hq => {
                if leader.is_some() {
                    ck.field(
                        l,
                        "leader",
                        format!(
                            "{} HQ activates army and brigade leaders (1.2); it has no formation leader",
                            side.title()
                        ),
                    );
                }
                if brigade.is_some() {
                    ck.field(l, "brigade", format!("{} HQ belongs to no brigade", side.title()));
                }
            }
            FormationKind::Regiment => {
                if f.brigade.is_none() {
                    ck.at(
                        l.line,
                        format!("{code}: every regiment belongs to a brigade leader (1.2; 9.0 rally, 9.1 morale)"),
                    );
                }
                regiment_companies(ck, fi, code, l, &c_raw, &counters);
            }
            FormationKind::Cavalry => {
                if !counters.iter().any(|c| c.formation == Some(fi) && c.kind == Kind::Cavalry) {
                    ck.at(l.line, format!("{code}: a cavalry formation with no cavalry company"));
                }
            }
        }
        // Every regiment-rank leader of a regiment must be that regiment's leader.
        if f.kind == FormationKind::Regiment {
            for (u, c) in counters.iter().enumerate() {
                if c.formation == Some(fi) && c.rank == Some(Rank::Regiment) && leader != Some(u as UnitId) {
                    ck.field(
                        c_raw[u].2,
                        "formation",
                        format!(
                            "{}: a regiment leader of {code}, but {code} names {} as its leader",
                            c.id,
                            f.leader.as_deref().unwrap_or("none")
                        ),
                    );
                }
            }
        }
        formations.push(Formation { code: f.code.clone(), name: f.name.clone(), side, kind: f.kind, leader, brigade });
    }
    for side in Side::BOTH {
        for (kind, what) in [(FormationKind::Hq, "HQ"), (FormationKind::Cavalry, "cavalry")] {
            let n = formations.iter().filter(|f| f.side == side && f.kind == kind).count();
            if n != 1 {
                ck.at(0, format!("the {} has {n} {what} formations; it needs exactly one (1.2, 2.4)", side.title()));
            }
        }
    }

    // Chits.
    let mut chits = Vec::with_capacity(raw.chits.len());
    let mut seen: HashMap<(Side, Option<usize>), usize> = HashMap::new();
    for (i, ch) in raw.chits.iter().enumerate() {
        let l = loc("chits", i);
        let formation = match &ch.formation {
            None => None,
            Some(code) => match f_index.get(&(ch.side, code.as_str())) {
                Some(&f) => Some(f),
                None => {
                    ck.field(l, "formation", format!("chit: no {} formation has code {code}", ch.side.title()));
                    chits.push(Chit { side: ch.side, formation: None, start: ch.start });
                    continue;
                }
            },
        };
        let name = format!("{} {}", ch.side.title(), ch.formation.as_deref().unwrap_or("Confused Orders"));
        if let Some(&first) = seen.get(&(ch.side, formation)) {
            ck.at(l.line, format!("{name}: a second chit (the first is on line {})", loc("chits", first).line));
        } else {
            seen.insert((ch.side, formation), i);
            match CHITS_2_4.iter().find(|e| e.0 == ch.side && e.1 == ch.formation.as_deref()) {
                None => ck.at(l.line, format!("{name}: 2.4 lists no such order chit")),
                Some(e) if e.2 != ch.start => {
                    ck.field(l, "start", format!("{name}: 2.4 puts this chit in {:?}, not {:?}", e.2, ch.start));
                }
                Some(_) => {}
            }
        }
        chits.push(Chit { side: ch.side, formation, start: ch.start });
    }
    for &(side, code, start) in CHITS_2_4 {
        let present = raw.chits.iter().any(|c| c.side == side && c.formation.as_deref() == code);
        if present {
            continue;
        }
        let name = format!("{} {}", side.title(), code.unwrap_or("Confused Orders"));
        match code.and_then(|c| f_index.get(&(side, c))) {
            Some(&f) => ck.at(
                f_raw[f].2.line,
                format!("{name}: 2.4 puts its order chit in {start:?}, but the chit list has none"),
            ),
            None => ck.at(0, format!("{name}: 2.4 lists this order chit, but it is missing")),
        }
    }
    for (fi, &(side, f, l)) in f_raw.iter().enumerate() {
        let listed = CHITS_2_4.iter().any(|e| e.0 == side && e.1 == Some(f.code.as_str()));
        if !listed && !seen.contains_key(&(side, Some(fi))) {
            ck.at(l.line, format!("{}: formation has no order chit (2.4)", f.code));
        }
    }

    let oob = OrderOfBattle { counters, formations, chits, zones };
    setup_checks(ck, &oob, &c_raw, &f_raw);
    oob
}

/// Zones a counter may use (2.1-2.3).
fn zone_checks(ck: &mut Check<'_>, side: Side, c: &RawCounter, l: Loc) {
    let who = &c.id;
    let z = c.zone;
    if let Zone::RiverSection(n) = z
        && !(1..=6).contains(&n)
    {
        ck.field(l, "zone", format!("{who}: river sections are numbered 1-6 (1.3)"));
        return;
    }
    let ok = match (c.kind, side) {
        (Kind::Gunboat, _) => z == Zone::RiverSection(1),
        (Kind::Transport, _) => matches!(z, Zone::TurnTrack | Zone::ReserveBox),
        (Kind::IronBanks, _) => z == Zone::Entrenchment,
        (_, Side::Union) => z == Zone::UnionSetup,
        (_, Side::Confederate) => {
            matches!(z, Zone::ConfederateSetup | Zone::BelmontDock | Zone::Columbus | Zone::ReserveBox)
        }
    };
    if !ok {
        let why = match (c.kind, side) {
            (Kind::Gunboat, _) => "2.1 puts the gunboats in river section 1",
            (Kind::Transport, _) => "2.2 and 2.3 put transports on the turn track or in the Reserve Box",
            (Kind::IronBanks, _) => "2.2 puts Iron Banks batteries in entrenchments",
            (_, Side::Union) => {
                "2.1 sets the Union up west of the set-up line (UnionSetup); the Hunter's Farm guard is chosen during set-up"
            }
            (_, Side::Confederate) => {
                "2.2 and 2.3 use ConfederateSetup, BelmontDock, Columbus and ReserveBox for ground units"
            }
        };
        ck.field(l, "zone", format!("{who}: zone {z:?}: {why}"));
    }
}

/// Ten companies A-K without J (1.2 Company).
fn regiment_companies(
    ck: &mut Check<'_>,
    fi: usize,
    code: &str,
    l: Loc,
    c_raw: &[(Side, &RawCounter, Loc)],
    counters: &[Counter],
) {
    let mut by_letter: BTreeMap<char, usize> = BTreeMap::new();
    let mut count = 0;
    for (u, c) in counters.iter().enumerate() {
        if c.formation != Some(fi) || c.kind != Kind::Infantry {
            continue;
        }
        count += 1;
        if let Some(ch) = c.company {
            if let Some(&first) = by_letter.get(&ch) {
                ck.field(
                    c_raw[u].2,
                    "company",
                    format!("{}: {code} already has a company {ch} ({})", c.id, counters[first].id),
                );
            } else {
                by_letter.insert(ch, u);
            }
        }
    }
    let missing: String = LETTERS.iter().filter(|ch| !by_letter.contains_key(ch)).collect();
    if count != 10 || !missing.is_empty() {
        let missing = if missing.is_empty() { String::new() } else { format!(", missing {missing}") };
        ck.at(l.line, format!("{code} has {count} companies{missing}; a regiment has ten, A-K without J (1.2, 2.0)"));
    }
}

/// What 2.1-2.3 put where, counted.
fn setup_checks(
    ck: &mut Check<'_>,
    oob: &OrderOfBattle,
    c_raw: &[(Side, &RawCounter, Loc)],
    f_raw: &[(Side, &RawFormation, Loc)],
) {
    let count = |side: Side, kind: Kind| oob.counters.iter().filter(|c| c.side == side && c.kind == kind).count();
    let regiments =
        |side: Side| oob.formations.iter().filter(|f| f.side == side && f.kind == FormationKind::Regiment).count();
    for (side, want, rule) in [(Side::Union, 5, "2.1"), (Side::Confederate, 8, "2.2 and 2.3")] {
        let n = regiments(side);
        if n != want {
            ck.at(0, format!("the {} has {n} regiments; {rule} give it {want}", side.title()));
        }
    }
    for side in Side::BOTH {
        let n = oob.counters.iter().filter(|c| c.side == side && c.rank == Some(Rank::Army)).count();
        if n != 1 {
            ck.at(0, format!("the {} has {n} army leaders; 1.2 gives each side one", side.title()));
        }
    }
    let gunboats = count(Side::Union, Kind::Gunboat);
    if gunboats != 2 {
        ck.at(0, format!("{gunboats} gunboats; 2.1 places two"));
    }
    let transports = count(Side::Confederate, Kind::Transport);
    let on_track = oob
        .counters
        .iter()
        .zip(&oob.zones)
        .filter(|(c, z)| c.kind == Kind::Transport && **z == Zone::TurnTrack)
        .count();
    if transports != 5 || on_track != 1 {
        ck.at(0, format!("{transports} transports, {on_track} on the turn track; 2.2 puts one on the turn track and 2.3 four in the Reserve Box"));
    }
    let banks: Vec<usize> = (0..oob.counters.len()).filter(|&u| oob.counters[u].kind == Kind::IronBanks).collect();
    if banks.len() != 6 {
        ck.at(0, format!("{} Iron Banks batteries; 2.2 places six", banks.len()));
    }
    let long: Vec<&str> =
        banks.iter().filter(|&&u| oob.counters[u].long_range).map(|&u| oob.counters[u].id.as_str()).collect();
    if long.len() != 2 {
        ck.at(
            0,
            format!(
                "{} long-range Iron Banks batteries ({}); 12.0 has exactly two, Stewart and Point Coupee",
                long.len(),
                long.join(", ")
            ),
        );
    }
    for (id, hit, range) in [("Stewart", 4, "4-6"), ("PointCoupee", 5, "5-6")] {
        match oob.find(id).map(usize::from) {
            None => ck.at(0, format!("no counter {id}: 12.0 names it")),
            Some(u) => {
                let c = &oob.counters[u];
                let l = c_raw[u].2;
                if c.kind != Kind::IronBanks || !c.long_range || !c.catastrophic {
                    ck.at(l.line, format!("{id}: 12.0 and 12.2 make it a long-range Iron Banks battery subject to catastrophic failure"));
                } else if c.hit_on != Some(hit) {
                    ck.field(l, "hit_on", format!("{id}: 12.0 gives it {range}: hit_on {hit}"));
                }
            }
        }
    }
    // Whole regiments set up together, except the 13th Tennessee (2.2); reserve regiments
    // go with their chits (2.3, 2.4).
    for (fi, f) in oob.formations.iter().enumerate() {
        if f.kind != FormationKind::Regiment {
            continue;
        }
        let fl = f_raw[fi].2;
        let members: Vec<usize> = (0..oob.counters.len()).filter(|&u| oob.counters[u].formation == Some(fi)).collect();
        if f.side == Side::Confederate && f.code == "13TN" {
            let at = |z: Zone| {
                members.iter().filter(|&&u| oob.counters[u].kind == Kind::Infantry && oob.zones[u] == z).count()
            };
            let (dock, columbus) = (at(Zone::BelmontDock), at(Zone::Columbus));
            if dock != 2 || columbus != 8 {
                ck.at(
                    fl.line,
                    format!("13TN: {dock} companies on the Belmont dock and {columbus} at Columbus; 2.2 puts 2 and 8"),
                );
            }
            if let Some(leader) = f.leader
                && oob.zones[usize::from(leader)] != Zone::BelmontDock
            {
                ck.field(
                    c_raw[usize::from(leader)].2,
                    "zone",
                    "13TN's leader sets up with its two companies on the Belmont dock (2.2)",
                );
            }
            continue;
        }
        if let Some(&first) = members.first() {
            let zone = oob.zones[first];
            for &u in &members[1..] {
                if oob.zones[u] != zone {
                    ck.field(
                        c_raw[u].2,
                        "zone",
                        format!(
                            "{}: {} sets up whole in {zone:?} (2.1-2.3), not {:?}",
                            oob.counters[u].id, f.code, oob.zones[u]
                        ),
                    );
                }
            }
            let reserve_chit = oob.chit_of(fi).is_some_and(|ch| oob.chits[ch].start == ChitStart::Reserve);
            if reserve_chit != (zone == Zone::ReserveBox) {
                ck.at(
                    fl.line,
                    format!(
                        "{}: its chit and its companies must both start in the Reserve Box or both not (2.3, 2.4)",
                        f.code
                    ),
                );
            }
        }
    }
}

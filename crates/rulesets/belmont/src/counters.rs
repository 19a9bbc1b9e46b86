//! The Belmont counter mix (Belmont 2.1-2.4): companies A-K of each regiment, leaders,
//! batteries, Iron Banks batteries, gunboats, transports and order chits.
//!
//! **Authored.** The rulebook text gives no counter values; `data/counters.ron` holds
//! authored strength values, each with its reasoning, drawn from the orders of battle in
//! `shared/history/belmont-and-south-mountain.md`. A user who owns the published game
//! can type the printed values in.
//!
//! CONTRACT (used by the rules modules): the public items below.

use engine::Side;
use hexmap::Hex;
use serde::{Deserialize, Serialize};

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

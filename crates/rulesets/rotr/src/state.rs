//! The position: every unit's stands on the table (or its arrival still to come), every
//! commander's rating and place, the turn, and the procedures under way (plan 1.5). The
//! scenario and the sheets are fixed data read through [`Rotr::scenario`] and
//! [`Rotr::sheets`]; the state holds only what play changes, so its hash is the position's.

use crate::options::Options;
use crate::procedure::Frame;
use crate::scenario::{self, Formation, Scenario, Side};
use crate::sheets::{self, Performance, Quality, Sheets};
use engine::Log;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use table::{Body, Pos};

/// A unit, by its place in the scenario's orders of battle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct UnitId(pub u8);

/// A commander, by his place in the scenario's list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct CommanderId(pub u8);

/// A brigade and its chit (4.1, 4.3), by its place in the scenario's list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub struct BrigadeId(pub u8);

/// Where a unit is.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Place {
    /// Not yet on the table: due on a later turn, or waiting for room (R55).
    Due,
    /// On the table, its stands where they stand.
    Table(Body),
}

/// One unit as play changes it (plan 1.5).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct UnitState {
    /// Where it is.
    pub place: Place,
    /// How it stands (5.0, 7.0).
    pub formation: Formation,
    /// Figures on each stand now (guns' crew for artillery).
    pub figures: Vec<u8>,
    /// Its performance once rolled or assigned (2.1, R4); `None` until a rule first needs it.
    pub performance: Option<Performance>,
    /// A March Column's trail (R15.1): the way its head has come, once it has marched; `None`
    /// until then (a column as it arrived or formed lies straight behind its head).
    pub trail: Option<table::Trail>,
}

/// Where a commander is (R8).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Post {
    /// Attached to a unit, riding with it; off the table while it is.
    With(UnitId),
    /// At a point of the table.
    At(Pos),
}

/// One commander as play changes him.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CommanderState {
    /// His quality once rolled or assigned (2.3, R5).
    pub quality: Option<Quality>,
    /// Where he is.
    pub post: Post,
    /// Morale passes used (10.4), shared with any replacement (10.5).
    pub passes_used: u8,
    /// Sixteenths walked this turn (6.14, R8.2).
    pub walked: i64,
}

/// The game.
#[derive(Clone, PartialEq, Hash, Debug)]
pub struct Rotr {
    /// The options as named, for records.
    pub(crate) option_names: Vec<String>,
    /// The options.
    pub(crate) opt: Options,
    /// The turn under way, from 1.
    pub turn: u8,
    /// The chits still in the cup this turn (4.3), in the scenario's order.
    pub cup: Vec<BrigadeId>,
    /// Every unit, in the orders of battle's order.
    pub units: Vec<UnitState>,
    /// Every commander, in the scenario's order.
    pub commanders: Vec<CommanderState>,
    /// The procedures under way, the pending one on top (`engine::procedure`).
    pub(crate) stack: Vec<Frame>,
    /// What happened, each event citing its rule.
    pub(crate) log: Log,
    /// The legal actions of the position, listed once (not part of the position).
    pub(crate) legal_memo: engine::LegalMemo<crate::Action>,
    /// The body moves' ranges found in the position (not part of the position).
    pub(crate) reach: crate::movement::Reach,
}

/// The Belmont scenario, loaded once from the files compiled in.
///
/// # Panics
/// If the compiled-in files do not load: the scenario's own tests refuse such a build.
#[must_use]
pub fn belmont() -> &'static Scenario {
    static S: OnceLock<Scenario> = OnceLock::new();
    S.get_or_init(|| scenario::load(standard()).unwrap_or_else(|e| panic!("{}", datafile::report(&e))))
}

/// The game sheets, loaded once from the file compiled in.
///
/// # Panics
/// If the compiled-in file does not load: the sheets' own tests refuse such a build.
#[must_use]
pub fn standard() -> &'static Sheets {
    static S: OnceLock<Sheets> = OnceLock::new();
    S.get_or_init(|| sheets::load().unwrap_or_else(|e| panic!("{}", datafile::report(&e))))
}

impl Rotr {
    /// The scenario being played.
    #[must_use]
    pub fn scenario(&self) -> &'static Scenario {
        belmont()
    }

    /// The game sheets (authored).
    #[must_use]
    pub fn sheets(&self) -> &'static Sheets {
        standard()
    }

    /// Every unit's id.
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> + use<> {
        (0..self.units.len()).map(|i| UnitId(u8::try_from(i).expect("under 256 units")))
    }

    /// Every commander's id.
    pub fn commander_ids(&self) -> impl Iterator<Item = CommanderId> + use<> {
        (0..self.commanders.len()).map(|i| CommanderId(u8::try_from(i).expect("under 256 commanders")))
    }

    /// Every brigade's id.
    pub fn brigade_ids(&self) -> impl Iterator<Item = BrigadeId> + use<> {
        (0..self.scenario().brigades.len()).map(|i| BrigadeId(u8::try_from(i).expect("under 256 brigades")))
    }

    /// Unit `u`'s state.
    #[must_use]
    pub fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[usize::from(u.0)]
    }

    /// Unit `u`'s state, to change.
    pub(crate) fn unit_mut(&mut self, u: UnitId) -> &mut UnitState {
        &mut self.units[usize::from(u.0)]
    }

    /// Unit `u` as the orders of battle give it.
    #[must_use]
    pub fn info(&self, u: UnitId) -> &'static scenario::Unit {
        &belmont().units[usize::from(u.0)]
    }

    /// Commander `c`'s state.
    #[must_use]
    pub fn commander(&self, c: CommanderId) -> &CommanderState {
        &self.commanders[usize::from(c.0)]
    }

    /// Commander `c` as the scenario gives him.
    #[must_use]
    pub fn commander_info(&self, c: CommanderId) -> &'static scenario::Commander {
        &belmont().commanders[usize::from(c.0)]
    }

    /// Brigade `b` as the scenario gives it.
    #[must_use]
    pub fn brigade(&self, b: BrigadeId) -> &'static scenario::Brigade {
        &belmont().brigades[usize::from(b.0)]
    }

    /// The brigade unit `u` belongs to.
    #[must_use]
    pub fn brigade_of(&self, u: UnitId) -> BrigadeId {
        self.brigade_named(&self.info(u).brigade).expect("the loader checks every unit's brigade")
    }

    /// The brigade whose chit is `chit`.
    #[must_use]
    pub fn brigade_named(&self, chit: &str) -> Option<BrigadeId> {
        self.brigade_ids().find(|&b| self.brigade(b).chit == chit)
    }

    /// The unit named `name`.
    #[must_use]
    pub fn unit_named(&self, name: &str) -> Option<UnitId> {
        self.unit_ids().find(|&u| self.info(u).name == name)
    }

    /// Unit `u`'s stands, if it is on the table.
    #[must_use]
    pub fn body(&self, u: UnitId) -> Option<&Body> {
        match &self.unit(u).place {
            Place::Table(b) => Some(b),
            Place::Due => None,
        }
    }

    /// The units of brigade `b`.
    pub fn brigade_units(&self, b: BrigadeId) -> impl Iterator<Item = UnitId> + '_ {
        self.unit_ids().filter(move |&u| self.brigade_of(u) == b)
    }

    /// The turn unit `u` is due on, if it arrives during play (R55).
    #[must_use]
    pub fn due_turn(&self, u: UnitId) -> Option<u8> {
        match self.info(u).entry {
            scenario::Entry::Arrives { turn, .. } => Some(turn),
            scenario::Entry::SetUp { .. } => None,
        }
    }

    /// Whether unit `u` may arrive now: due by this turn and not yet on the table (R55).
    #[must_use]
    pub fn arriving(&self, u: UnitId) -> bool {
        self.unit(u).place == Place::Due && self.due_turn(u).is_some_and(|t| t <= self.turn)
    }

    /// The side of a scenario side, as the engine names it.
    #[must_use]
    pub fn engine_side(side: Side) -> engine::Side {
        match side {
            Side::Union => engine::Side::Union,
            Side::Confederate => engine::Side::Confederate,
        }
    }

    /// Whose brigade `b` is.
    #[must_use]
    pub fn brigade_side(&self, b: BrigadeId) -> engine::Side {
        Rotr::engine_side(self.brigade(b).side)
    }

    /// Where commander `c` stands on the table, if he is on it (R8: with his unit's front
    /// middle while attached).
    #[must_use]
    pub fn commander_point(&self, c: CommanderId) -> Option<Pos> {
        match self.commander(c).post {
            Post::At(p) => Some(p),
            Post::With(u) => Some(self.body(u)?.front_middle()),
        }
    }

    /// The clock at the start of the turn under way ("10:20").
    #[must_use]
    pub fn clock(&self) -> String {
        belmont().clock(self.turn)
    }
}

impl Rotr {
    /// Whether the game is over (4.6): nothing is pending but the end.
    #[must_use]
    pub fn over(&self) -> bool {
        matches!(self.stack.last(), Some(Frame::Over) | None)
    }

    /// The procedure whose decision is pending, on top of the stack.
    #[must_use]
    pub fn pending(&self) -> Option<&Frame> {
        self.stack.last()
    }

    /// Forgets what was worked out from the position (its legal actions, its ranges): called at
    /// every change of it, and by benchmarks that time the working out.
    pub fn forget(&mut self) {
        self.legal_memo.forget();
        self.reach.forget();
    }
}

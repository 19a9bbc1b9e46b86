//! Belmont: Grant's Baptism of Command (John Poniske, Compass Games / Paper Wars 2017).
//!
//! Every rule of the rulebook in code, one module per rule section, each citing its
//! numbers; the charts' numbers in [`charts`]. The map and counter values are
//! **authored** (the rulebook text has neither): see [`map`] and [`counters`].
//!
//! ```
//! use belmont::Belmont;
//! use engine::{Actor, Dice, Game};
//! let mut game = Belmont::new(&[]).unwrap();
//! let mut dice = Dice::seeded(1);
//! for _ in 0..200 {
//!     let a = match game.actor() {
//!         Actor::Over => break,
//!         Actor::Chance => dice.sample(&game.chance_outcomes()).clone(),
//!         Actor::Side(_) => dice.choose(&game.legal_actions()).clone(),
//!     };
//!     game.apply(&a).unwrap();
//! }
//! ```
//!
//! Readings of ambiguous rules are noted beside the rule number in the module that
//! implements it, marked "Reading:".

mod action;
mod action_view;
mod aids;
mod camp;
pub mod charts;
mod confused;
pub mod counters;
pub mod data;
mod describe;
mod evaluate;
mod fire;
mod iron_banks;
mod los;
pub mod map;
mod melee;
mod metrics;
mod movement;
mod naval;
pub mod odds;
mod poshash;
mod probe;
mod procedure;
mod rally;
mod retreat;
mod scoring;
mod sequence;
mod setup;
mod state;
mod tables;
mod tally;
#[doc(hidden)]
pub mod testkit;
mod view;

pub use action::Action;
pub use melee::{MStage, MeleeState};
pub use procedure::{Frame, VolleyDie};
pub use retreat::RetreatState;
pub use state::{Activation, Belmont, ChitLoc, Fate, Loc, Marker, Stage, Unit};

use engine::{ActionView, Actor, BoardView, Game, Illegal, Log, OptionInfo, Outcome, Prompt, ScenarioInfo, Side};

/// The scenario id.
pub const SCENARIO: &str = "belmont";

/// The 15.0 optional rules, as scenario options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    /// 15.0: +1 VP to the Union per unbroken company, 1/2 per broken, boarding at
    /// Hunter's Farm.
    pub embark_vp: bool,
    /// 15.0: the Confederates get only 2 reserve transports (3 in all).
    pub fewer_transports: bool,
    /// 15.0: 1/2 VP to the Confederates per unbroken CS company adjacent to an unbroken
    /// Union company at game end.
    pub adjacent_vp: bool,
    /// 15.0: 1/4 VP to the Confederates per unbroken Union unit on the map at game end.
    pub union_on_map_vp: bool,
    /// 15.0: the initial transport carries one more company a turn (at most 5).
    pub bigger_transport: bool,
}

/// Options by name: (name, description, setter).
const OPTIONS: [(&str, &str); 5] = [
    (
        "embark-vp",
        "Belmont 15.0 (vs an experienced Confederate): the Union scores 1 VP per unbroken and 1/2 VP per broken infantry company that boards at Hunter's Farm dock",
    ),
    ("fewer-transports", "Belmont 15.0 (vs an experienced Confederate): only 2 reserve transports, 3 in all"),
    (
        "adjacent-vp",
        "Belmont 15.0 (vs an experienced Union): the Confederates score 1/2 VP per unbroken CS infantry company adjacent to an unbroken Union infantry company at game end",
    ),
    (
        "union-on-map-vp",
        "Belmont 15.0 (vs an experienced Union): the Confederates score 1/4 VP per unbroken Union unit on the map at game end",
    ),
    (
        "bigger-transport",
        "Belmont 15.0 (vs an experienced Union): the initial transport carries one more company each turn, at most 5",
    ),
];

/// Why a game could not be set up: an option it does not know.
pub type SetupError = engine::UnknownOption;

impl Options {
    /// Parses option names.
    ///
    /// # Errors
    /// [`SetupError`] for a name not in 15.0's list.
    pub fn parse(names: &[String]) -> Result<Options, SetupError> {
        let mut o = Options::default();
        for n in names {
            match n.as_str() {
                "embark-vp" => o.embark_vp = true,
                "fewer-transports" => o.fewer_transports = true,
                "adjacent-vp" => o.adjacent_vp = true,
                "union-on-map-vp" => o.union_on_map_vp = true,
                "bigger-transport" => o.bigger_transport = true,
                _ => return Err(SetupError::new(n, SCENARIO, &OPTIONS)),
            }
        }
        Ok(o)
    }
}

/// The scenario as a menu shows it.
#[must_use]
pub fn scenario_info() -> ScenarioInfo {
    ScenarioInfo {
        id: SCENARIO.into(),
        ruleset: "belmont".into(),
        title: "Belmont: Grant's Baptism of Command, 7 November 1861".into(),
        description: "Grant's landing at Hunter's Farm and attack on Camp Johnston, 12 turns, chit-pull activation by regiment. \
                      Map drawn from the historical geography, not the published map; counter strengths authored from the \
                      historical orders of battle, not the published counters."
            .into(),
        options: OptionInfo::table(&OPTIONS),
    }
}

impl Belmont {
    /// A new game at the start of set-up (2.0).
    ///
    /// # Errors
    /// [`SetupError`] for an unknown option.
    pub fn new(options: &[String]) -> Result<Belmont, SetupError> {
        let opt = Options::parse(options)?;
        Ok(setup::new_game(options.to_vec(), opt))
    }
}

impl Game for Belmont {
    type Action = Action;

    fn scenario(&self) -> (&str, &[String]) {
        (SCENARIO, &self.options)
    }

    fn actor(&self) -> Actor {
        procedure::actor(self)
    }

    fn prompt(&self) -> Prompt {
        let (rule, text) = procedure::prompt(self);
        Prompt { actor: self.actor(), rule: rule.into(), text }
    }

    /// The word-at-a-time [`poshash::position_hash`] (the log, the memo and the occupancy index
    /// hash to nothing): bots and the odds enumerator hash every position they reach, and
    /// the default byte-at-a-time FNV-1a was a sixth of a greedy decision's time.
    fn state_hash(&self) -> u64 {
        poshash::position_hash(self)
    }

    /// Where each unit is: Belmont has no facing or formation.
    fn layout_hash(&self) -> u64 {
        poshash::layout_hash(self)
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.actor() {
            Actor::Side(_) => procedure::legal(self),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        match self.actor() {
            Actor::Chance => procedure::chance(self),
            _ => Vec::new(),
        }
    }

    fn apply_unchecked(&mut self, action: &Action) {
        procedure::apply(self, action);
    }

    fn why_illegal(&self, action: &Action) -> Illegal {
        describe::why_illegal(self, action)
    }

    fn describe(&self, action: &Action) -> String {
        describe::describe(self, action)
    }

    fn action_view(&self, action: &Action) -> ActionView {
        action_view::action_view(self, action)
    }

    fn vp(&self) -> [f64; 2] {
        let q = f64::from(charts::VP_UNIT);
        [f64::from(self.vp[0]) / q, f64::from(self.vp[1]) / q]
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.actor() == Actor::Over).then(|| Outcome {
            // 14.0: the most VP wins; the Union wins ties.
            winner: Some(if self.vp[0] >= self.vp[1] { Side::Union } else { Side::Confederate }),
            vp: self.vp(),
            level: (self.vp[0] == self.vp[1]).then(|| "the Union wins ties (14.0)".to_string()),
        })
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn aids(&self) -> Vec<engine::AidTable> {
        aids::aids()
    }

    fn odds_horizon(&self) -> bool {
        matches!(self.top(), Some(Frame::DrawChit))
    }

    fn odds_own(&self, began: &Action) -> engine::OddsOwn<Action> {
        procedure::odds_own(self, began)
    }

    /// The unit's half-MP left in the activation's move (4.0), once it has begun moving; none
    /// in a melee hex, where its move is over (4.3.2).
    fn moves_left(&self, unit: &str) -> Option<u32> {
        let u = self.oob().counters.iter().position(|c| c.id == unit)?;
        let id = counters::UnitId::try_from(u).ok()?;
        let state = self.units.get(u)?;
        let in_melee = self.hex_of(id).is_some_and(|h| !self.side_at(h, self.owner(id).enemy()).is_empty());
        state.moved.then(|| if in_melee { 0 } else { u32::from(state.mp) })
    }

    fn probe(&self, p: &engine::Probe) -> Vec<Action> {
        probe::probe(self, p)
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_enabled(on);
    }

    fn board(&self) -> BoardView {
        view::board(self)
    }

    fn evaluate(&self, side: Side) -> f64 {
        match self.outcome() {
            Some(o) => f64::from(u8::from(o.winner == Some(side))),
            None => evaluate::evaluate(self, side),
        }
    }

    fn tally(&self) -> Vec<(String, i64)> {
        tally::tally(self)
    }

    fn metrics(&self) -> Vec<(String, engine::Metric)> {
        metrics::metrics(self)
    }
}

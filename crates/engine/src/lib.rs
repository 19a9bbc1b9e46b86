//! The vocabulary every muster ruleset shares; it knows no ruleset.
//!
//! A game is one value implementing [`Game`]. At every moment exactly one [`Actor`] is
//! to act: a side, [`Actor::Chance`] (a die roll, a chit pull, a random pick, listed
//! with its probabilities by [`Game::chance_outcomes`]) or nobody ([`Actor::Over`]).
//! Rules code never calls a random number generator: runners sample chance with a
//! seeded [`Dice`], the odds calculator enumerates it, records store it.
//!
//! ```
//! # use engine::*;
//! # fn demo<G: Game>(mut game: G) {
//! let mut dice = Dice::seeded(7);
//! while game.actor() != Actor::Over {
//!     let action = match game.actor() {
//!         Actor::Chance => dice.sample(&game.chance_outcomes()).clone(),
//!         _ => game.legal_actions()[0].clone(),
//!     };
//!     game.apply(&action).expect("a listed action is legal");
//! }
//! # }
//! ```

pub mod chance;
pub mod conformance;
pub mod counts;
mod log;
mod memo;
mod probe;
pub mod procedure;
pub mod reach;
mod record;
mod rng;
mod table_view;
mod view;
pub mod way_on;
pub mod words;

pub use log::{Event, Log};
pub use memo::LegalMemo;
pub use probe::{Explanation, Probe, explain};
pub use record::{Record, RecordError, hash_hex, replay};
pub use rng::Dice;
pub use table_view::{StandView, TableArea, TableCommander, TableLine, TableMark, TablePoint, TableUnit, TableView};
pub use view::{
    ActionView, AidTable, BoardView, CounterView, HexView, LegendEntry, LineView, MarkView, Param, StatusView,
};

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use std::hash::{Hash, Hasher};

/// The two sides of every game muster plays.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The United States.
    Union,
    /// The Confederate States.
    Confederate,
}

impl Side {
    /// Both sides, Union first.
    pub const BOTH: [Side; 2] = [Side::Union, Side::Confederate];

    /// The other side.
    #[must_use]
    pub const fn enemy(self) -> Side {
        match self {
            Side::Union => Side::Confederate,
            Side::Confederate => Side::Union,
        }
    }

    /// `0` for the Union, `1` for the Confederacy, for two-element arrays.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name used on the command line and in JSON.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::Union => "union",
            Side::Confederate => "confederate",
        }
    }

    /// The name as the rulebooks write it in prose ("Union", "Confederate").
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Side::Union => "Union",
            Side::Confederate => "Confederate",
        }
    }
}

impl std::str::FromStr for Side {
    type Err = String;
    fn from_str(s: &str) -> Result<Side, String> {
        match s.to_ascii_lowercase().as_str() {
            "union" | "us" | "usa" => Ok(Side::Union),
            "confederate" | "cs" | "csa" => Ok(Side::Confederate),
            _ => Err(format!("'{s}' is not a side (union or confederate)")),
        }
    }
}

/// Who acts next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Actor {
    /// A side has a decision pending.
    Side(Side),
    /// Chance decides: see [`Game::chance_outcomes`].
    Chance,
    /// The game is over.
    Over,
}

/// A refused action: the rule it breaks and why. The game is left unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[error("illegal under {rule}: {reason}")]
pub struct Illegal {
    /// The rule broken, as the rulebook numbers it ("Belmont 4.2 Stacking").
    pub rule: String,
    /// What is wrong with the action, in the rulebook's terms.
    pub reason: String,
}

impl Illegal {
    /// The refusal under `rule` for `reason`.
    #[must_use]
    pub fn new(rule: impl Into<String>, reason: impl Into<String>) -> Illegal {
        Illegal { rule: rule.into(), reason: reason.into() }
    }
}

/// The pending decision, as a player reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prompt {
    /// Who must decide.
    pub actor: Actor,
    /// The rule that asks for this decision.
    pub rule: String,
    /// What is being decided.
    pub text: String,
}

/// How a finished game came out.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Victory points, Union then Confederate.
    pub vp: [f64; 2],
    /// The result in the rulebook's words where it grades victories or decides otherwise
    /// than by the VP ("Decisive Victory: both gaps held, 18.1"); `None` when the VP say it
    /// (the seventh playtest: "wins (VP 4 to 5)" for a win by the gaps read as a VP win).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// Facts about a scenario that a menu or lobby shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioInfo {
    /// The name used on the command line (`belmont`).
    pub id: String,
    /// The ruleset crate that plays it.
    pub ruleset: String,
    /// A title.
    pub title: String,
    /// A description, saying what is authored rather than published.
    pub description: String,
    /// The options a player may switch on.
    pub options: Vec<OptionInfo>,
}

/// A scenario option (an optional rule).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OptionInfo {
    /// The name given to `--option`.
    pub name: String,
    /// The rule it switches on, and what it does.
    pub description: String,
}

impl OptionInfo {
    /// A ruleset's option table, `(name, description)` rows, as a menu lists it.
    #[must_use]
    pub fn table(rows: &[(&str, &str)]) -> Vec<OptionInfo> {
        rows.iter().map(|(n, d)| OptionInfo { name: (*n).into(), description: (*d).into() }).collect()
    }
}

/// An option name a scenario does not know: every ruleset's set-up error, naming the known
/// options from the same table the menu lists, so the two never drift apart.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown option '{name}' for {scenario} (known: {})", known.join(", "))]
pub struct UnknownOption {
    /// The name given.
    pub name: String,
    /// The scenario's id.
    pub scenario: String,
    /// The names it knows, in table order.
    pub known: Vec<String>,
}

impl UnknownOption {
    /// The refusal of option `name` by `scenario`, whose options are `rows`.
    #[must_use]
    pub fn new(name: &str, scenario: &str, rows: &[(&str, &str)]) -> UnknownOption {
        UnknownOption {
            name: name.into(),
            scenario: scenario.into(),
            known: rows.iter().map(|(n, _)| (*n).into()).collect(),
        }
    }
}

/// One of a ruleset's measures of a position ([`Game::metrics`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// A number (a count, a turn), or `None` where it does not apply.
    Number(Option<f64>),
    /// Yes or no (who holds a gap: yes for the Union), or `None` where it does not apply.
    YesNo(Option<bool>),
}

impl Metric {
    /// The value as a number, yes being 1 and no 0; `None` where it does not apply.
    #[must_use]
    pub fn value(self) -> Option<f64> {
        match self {
            Metric::Number(v) => v,
            Metric::YesNo(v) => v.map(|b| f64::from(u8::from(b))),
        }
    }
}

/// How the odds of an action go on at the acting side's own later decision ([`Game::odds_own`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OddsOwn<A> {
    /// The odds stop: the decision is the player's to make, and starts something new.
    Stop,
    /// The decision belongs to what the action began: answered by the side's best move by
    /// the ruleset's evaluation (the greedy bot), as the other side's are.
    Best,
    /// The decision belongs to what the action began and the odds assume this action (an
    /// Assault launched as announced so far).
    Take(A),
}

/// A game in progress: the contract between every ruleset and every runner, bot, server
/// and analysis tool.
///
/// Implementation note: rulesets provide the required methods; the provided ones are
/// final in spirit. [`Game::apply`] checks the action against the one source of legal
/// actions before calling [`Game::apply_unchecked`], so a refused action can never
/// leave a half-changed state.
pub trait Game: Clone + Hash + Send + Sync + 'static {
    /// An action: a side's choice or a chance outcome.
    type Action: Clone + PartialEq + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;

    /// The scenario this game plays, and the options switched on, for records.
    fn scenario(&self) -> (&str, &[String]);

    /// Who acts next.
    fn actor(&self) -> Actor;

    /// The pending decision: who decides, under which rule, about what.
    fn prompt(&self) -> Prompt;

    /// The actions open to the side to act; empty when Chance acts or the game is over.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// The outcomes of the pending chance decision with their probabilities (summing to
    /// one); empty unless [`Game::actor`] is [`Actor::Chance`].
    fn chance_outcomes(&self) -> Vec<(Self::Action, f64)>;

    /// Applies an action known to be legal (or a listed chance outcome).
    ///
    /// # Panics
    /// May panic, or corrupt the game, if the action is not legal: call [`Game::apply`].
    fn apply_unchecked(&mut self, action: &Self::Action);

    /// Why an action that is not legal now is refused: the rule it breaks. The default is
    /// [`refusal`]: the pending decision's rule and why the action is not among its choices.
    /// Rulesets override it where they can name a more particular rule.
    fn why_illegal(&self, action: &Self::Action) -> Illegal {
        refusal(self, action)
    }

    /// The action in the rulebook's words. The default is its `Debug` form, for games
    /// nobody reads (test toys); rulesets override it.
    fn describe(&self, action: &Self::Action) -> String {
        format!("{action:?}")
    }

    /// The action as a page shows it: its words and the unit and hexes it belongs to. The
    /// default is a button labelled by [`Game::describe`]; rulesets with a map override it
    /// so that moves, fire and placement can be made by clicking the map.
    fn action_view(&self, action: &Self::Action) -> ActionView {
        ActionView { label: self.describe(action), kind: "choice".into(), ..ActionView::default() }
    }

    /// The actions a player who looked for `probe` means (a click on a hex with a unit
    /// selected: the step there, the attack on it; Done: the end of the phase), legal or
    /// not, so that [`explain`] can say why those not offered are refused. Only actions of
    /// the kind the pending decision takes. The default names none.
    fn probe(&self, _probe: &Probe) -> Vec<Self::Action> {
        Vec::new()
    }

    /// The action `action` with the values it carries ([`ActionView::params`], in order) set
    /// to `values`: a listed move of six inches as one of four and a half, for a page's drag
    /// or the conformance suite's samples. `None` when it carries no values, or not that
    /// many. Whether the result is legal is [`Game::is_legal`]'s to say. The default: `None`
    /// (hex rulesets list every action).
    fn with_params(&self, _action: &Self::Action, _values: &[i64]) -> Option<Self::Action> {
        None
    }

    /// What bars the unit selected in `probe` from what the click means, where an action of
    /// the kind is offered there all the same: between FotM Assaults, a hex clicked with a
    /// brigade selected offers the Assault another brigade may make, while the brigade
    /// selected may not join it (the eighth playtest: "offered" for a hex in its rear). The
    /// page still offers [`Explanation::actions`], with this reason beside them. The default
    /// names none.
    fn probe_bar(&self, _probe: &Probe) -> Option<Illegal> {
        None
    }

    /// The player aids a page shows (charts, the turn record), from the ruleset's own data.
    /// The default has none.
    fn aids(&self) -> Vec<AidTable> {
        Vec::new()
    }

    /// Whether what an action started has run its course here, so the odds of it shown to
    /// a player stop (`analysis::outcomes_through`): chance beyond belongs to what comes
    /// next (Belmont: the next order chit pulled, 3.2.2). The default never stops early.
    fn odds_horizon(&self) -> bool {
        false
    }

    /// What the odds of an earlier action take for the acting side's own decision here
    /// (`analysis::outcomes_through`, issue 15): where that action's work is still under
    /// way (a melee being fought, an Assault being announced), the odds carry through the
    /// decision, by the side's best move ([`OddsOwn::Best`]) or the one the ruleset names
    /// ([`OddsOwn::Take`]: an Assault launched as it stands), so they reach the dice that
    /// decide. `began` is the action whose odds these are, so that the odds of one melee
    /// stop before the next. The default stops there.
    fn odds_own(&self, _began: &Self::Action) -> OddsOwn<Self::Action> {
        OddsOwn::Stop
    }

    /// The movement `unit` (a [`CounterView`] id) has left in the move under way, in the
    /// ruleset's own units (half Movement Points, say), if it is moving: moves by
    /// destination ([`reach`]) take the way that leaves the most. `None` where the ruleset
    /// does not say (then the fewest actions).
    fn moves_left(&self, _unit: &str) -> Option<u32> {
        None
    }

    /// A position the rules cannot finish legally although actions are offered: a unit
    /// that has begun something (a move, say) and can no longer complete it without undo,
    /// so only a fallback lets play go on. `Some` says what and why; the conformance
    /// suite fails on it ([`conformance::random_games`]). The default finds none.
    fn dead_end(&self) -> Option<String> {
        None
    }

    /// Victory points now, Union then Confederate.
    fn vp(&self) -> [f64; 2];

    /// The result, once [`Game::actor`] is [`Actor::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// The event log, every event citing its rule. The default is an empty log, for games
    /// that keep none (test toys); rulesets override it and [`Game::set_logging`].
    fn log(&self) -> &Log {
        static NONE: Log = Log::silent();
        &NONE
    }

    /// Turns event recording on or off (off for bots and bulk simulation). The default does
    /// nothing, matching the default [`Game::log`].
    fn set_logging(&mut self, _on: bool) {}

    /// The position as something to draw. The default is an empty board, for games with no
    /// map (test toys).
    fn board(&self) -> BoardView {
        BoardView::default()
    }

    /// A number from 0 (worst) to 1 (best) saying how well `side` stands, for bots
    /// that cut searches short. The default reads the VP margin.
    fn evaluate(&self, side: Side) -> f64 {
        let vp = self.vp();
        let margin = vp[side.index()] - vp[side.enemy().index()];
        1.0 / (1.0 + (-margin / 10.0).exp())
    }

    /// Counts that a report of what happened cares about, by name: the odds calculator
    /// reports the change in each from before an action to after it ("union companies
    /// eliminated +1"). A ruleset lists the same keys in the same order in every
    /// position, each a count of the whole position (losses so far, units broken now),
    /// never a delta. The default reports victory points only, in quarter points:
    /// `("union vp x4", ..)` and `("confederate vp x4", ..)`.
    fn tally(&self) -> Vec<(String, i64)> {
        let vp = self.vp();
        Side::BOTH
            .iter()
            .map(|s| {
                // Quarter points are exact for every ruleset's VP so far.
                #[allow(clippy::cast_possible_truncation)]
                let q = (vp[s.index()] * 4.0).round() as i64;
                (format!("{} vp x4", s.name()), q)
            })
            .collect()
    }

    /// Measures a designer asks of a finished game, by name, for balance studies:
    /// `muster simulate` reports each one's mean over the games where it applies, and for
    /// a [`Metric::YesNo`] the share of those games where it holds, with a confidence
    /// interval. A ruleset lists the same keys in the same order in every position, each
    /// read from the position as it stands (at the end of a game, the result), `None`
    /// where a measure does not apply (the turn a fort fell, when it never fell). Name a
    /// yes/no measure by what yes means ("fox's gap held by union"), a turn by what
    /// happened on it ("camp johnston falls (turn)"). The default declares none.
    fn metrics(&self) -> Vec<(String, Metric)> {
        Vec::new()
    }

    /// Whether `action` may be taken now: the one source of legality that [`Game::apply`],
    /// the server and the conformance checks ask. The default is membership: one of the
    /// [`Game::legal_actions`] of the side to act, or of the [`Game::chance_outcomes`] when
    /// Chance acts. A ruleset whose actions carry continuous values (a distance, an angle: a
    /// table measured in inches, issue 17) overrides it, and its `legal_actions` stays the
    /// finite menu bots and the terminal choose from; every listed action must pass it (the
    /// conformance suite plays listed actions through [`Game::apply`]).
    fn is_legal(&self, action: &Self::Action) -> bool {
        match self.actor() {
            Actor::Over => false,
            Actor::Chance => self.chance_outcomes().iter().any(|(a, _)| a == action),
            Actor::Side(_) => self.legal_actions().contains(action),
        }
    }

    /// Applies `action` if it is legal now ([`Game::is_legal`]); otherwise returns why not
    /// and changes nothing.
    ///
    /// # Errors
    /// [`Illegal`] naming the rule the action breaks.
    fn apply(&mut self, action: &Self::Action) -> Result<(), Illegal> {
        if !self.is_legal(action) {
            return Err(self.why_illegal(action));
        }
        self.apply_unchecked(action);
        Ok(())
    }

    /// A hash of the whole position (not the log), stable across runs and machines of
    /// the same build, used to check that a replay reaches the identical state.
    fn state_hash(&self) -> u64 {
        let mut h = Fnv64::default();
        self.hash(&mut h);
        h.finish()
    }

    /// A hash of how the units stand (where, facing, formation, stack order), leaving out
    /// what they have spent doing it. Bots use it to see that an action takes their units
    /// back to an arrangement they left earlier in the same run of decisions (a step and the
    /// step back, a facing flipped and flipped again): a walk in a circle that the state hash,
    /// which counts movement points, sees as progress (issue 15: bots that play like
    /// opponents). Only compared within one game; need not be stable across runs. The
    /// default is the state hash, under which only exact repeats count.
    fn layout_hash(&self) -> u64 {
        self.state_hash()
    }

    /// A hash of where the units stand, leaving out how ([`Game::layout_hash`] less facing,
    /// formation and stack order). A unit that steps out and turns to step back comes back
    /// to the same places in another facing, a layout it never left: bots also count going
    /// back to places left earlier in the run as a step back (a playtest: Fire on the
    /// Mountain brigades forced-marching out and back, 13.5). A ruleset whose layout already
    /// holds nothing but places keeps the default, the layout hash.
    fn places_hash(&self) -> u64 {
        self.layout_hash()
    }
}

/// The plain refusal of an action that is not legal now, naming the pending decision's rule:
/// the game is over, chance decides and this is not one of its outcomes, or the side to act
/// has no such choice. [`Game::why_illegal`]'s default, and a ruleset's fallback.
pub fn refusal<G: Game>(game: &G, action: &G::Action) -> Illegal {
    let p = game.prompt();
    let what = game.describe(action);
    let reason = match p.actor {
        Actor::Over => "the game is over".to_string(),
        Actor::Chance => format!("chance decides now ({}); {what} is not one of its outcomes", p.text),
        Actor::Side(s) => format!("{what} is not a choice the {} has now ({})", s.title(), p.text),
    };
    Illegal { rule: p.rule, reason }
}

/// FNV-1a, 64 bits: a fixed, seedless hash, so `final_hash` means the same in every run.
#[derive(Clone, Copy)]
pub struct Fnv64(u64);

impl Default for Fnv64 {
    fn default() -> Self {
        Fnv64(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv64 {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 ^= u64::from(*b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

#[cfg(test)]
mod tests;

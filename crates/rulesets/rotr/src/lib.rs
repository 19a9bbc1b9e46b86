//! Regimental On To Richmond (issue 17; `docs/plans/rotr.md`): a miniatures ruleset played on a
//! continuous table (`crates/table`). Built step by step by the plan; so far:
//!
//! - [`sheets`]: game sheets A, B and C, **authored, not the published sheets**, with their
//!   loader (every problem with its line) and the chart functions the rules will call.
//! - [`dice`]: the D10, the percentile die and averaging dice as exact distributions.
//! - [`scenario`]: the Belmont scenario's table and orders of battle, **authored from the
//!   history, not a published scenario**, with their loader (every problem with its line).
//! - step 4, the game itself ([`Rotr`], an `engine::Game`): commanders rated at set-up (R5) and
//!   units' performance at first need or by option (R4) ([`ratings`]), each turn
//!   the brigade chit cup (4.3, R1, [`sequence`]), each drawn brigade's activation with its
//!   units selected, finished or passed and its arrivals brought on (4.4, R6, R55,
//!   [`activation`]), the game's end after the last turn and the objectives (4.6, plan 6.7,
//!   [`victory`]); the board as a page draws the table ([`view`]). The operations (movement,
//!   fire, melee, morale) come in steps 5-13. Under construction: the catalog builds
//!   `rotr-belmont` by id and lists it in no menu.

pub mod action;
pub mod activation;
mod authored;
pub mod commanders;
pub mod describe;
pub mod dice;
pub mod movement;
pub mod options;
pub mod procedure;
pub mod ratings;
pub mod scenario;
pub mod sequence;
pub mod sheets;
pub mod state;
pub mod testkit;
pub mod victory;
pub mod view;

pub use action::Action;
pub use options::{Options, SetupError};
pub use state::{BrigadeId, CommanderId, Rotr, UnitId};

use engine::{ActionView, Actor, BoardView, Game, Illegal, Log, Outcome, Prompt, ScenarioInfo};

/// The scenario id.
pub const SCENARIO: &str = "rotr-belmont";

/// The scenario as a menu lists it.
#[must_use]
pub fn scenario_info() -> ScenarioInfo {
    ScenarioInfo {
        id: SCENARIO.into(),
        ruleset: "rotr".into(),
        title: "Belmont, Pillow's line, 10:20 to 12:30 (Regimental On To Richmond)".into(),
        description: "Under construction (issue 17): the brigade chit cup, activations, arrivals and \
                      commanders' ratings play; movement, fire and melee come next. A table drawn from \
                      the historical geography, AUTHORED, not a published scenario; game sheets A-C \
                      AUTHORED, not the published sheets."
            .into(),
        options: Options::table(),
    }
}

impl Rotr {
    /// A new game at set-up.
    ///
    /// # Errors
    /// [`SetupError`] for an unknown option or two that exclude each other.
    pub fn new(options: &[String]) -> Result<Rotr, SetupError> {
        let opt = Options::parse(options)?;
        let mut g = sequence::new_game(options.to_vec(), opt);
        engine::procedure::settle(&mut g);
        Ok(g)
    }
}

impl Game for Rotr {
    type Action = Action;

    fn scenario(&self) -> (&str, &[String]) {
        (SCENARIO, &self.option_names)
    }

    fn actor(&self) -> Actor {
        engine::procedure::actor(self)
    }

    fn prompt(&self) -> Prompt {
        let (rule, text) = engine::procedure::prompt(self, ("ROTR 4.6", "The game is over."));
        Prompt { actor: self.actor(), rule: rule.into(), text }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.actor() {
            Actor::Side(_) => self.legal_memo.held_or(|| self.state_hash(), || engine::procedure::legal(self)),
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        match self.actor() {
            Actor::Chance => engine::procedure::chance(self),
            _ => Vec::new(),
        }
    }

    fn apply_unchecked(&mut self, action: &Action) {
        self.forget();
        engine::procedure::apply(self, action);
    }

    fn why_illegal(&self, action: &Action) -> Illegal {
        if !describe::names_known(self, action) {
            let p = self.prompt();
            return Illegal { rule: p.rule, reason: describe::describe(self, action) };
        }
        engine::procedure::why(self, action).unwrap_or_else(|| engine::refusal(self, action))
    }

    fn describe(&self, action: &Action) -> String {
        describe::describe(self, action)
    }

    fn action_view(&self, action: &Action) -> ActionView {
        describe::action_view(self, action)
    }

    fn with_params(&self, action: &Action, values: &[i64]) -> Option<Action> {
        describe::with_params(action, values)
    }

    /// Body moves (6.3) carry distances and angles: legal when the activation admits the unit
    /// and the geometry its values describe is clear (R10-R14), the same test that bounds
    /// their ranges. Everything else is a listed action or chance outcome.
    fn is_legal(&self, action: &Action) -> bool {
        if !describe::names_known(self, action) {
            return false;
        }
        match (self.actor(), self.stack.last()) {
            (Actor::Side(_), Some(procedure::Frame::Activation(act))) if action.body_move().is_some() => {
                movement::ops::check(self, act, action).is_ok()
            }
            (Actor::Side(_), Some(procedure::Frame::Activation(act)))
                if matches!(action, Action::Walk { .. } | Action::Attach { .. }) =>
            {
                commanders::check(self, act, action).is_ok()
            }
            (Actor::Side(_), Some(procedure::Frame::Activation(act))) if matches!(action, Action::Form { .. }) => {
                movement::formation::check(self, act, action).is_ok()
            }
            (Actor::Side(_), _) => self.legal_actions().contains(action),
            (Actor::Chance, _) => self.chance_outcomes().iter().any(|(o, _)| o == action),
            (Actor::Over, _) => false,
        }
    }

    fn vp(&self) -> [f64; 2] {
        victory::vp(self).map(f64::from)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.actor() == Actor::Over).then(|| Outcome { winner: victory::winner(self), vp: self.vp(), level: None })
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_enabled(on);
    }

    fn board(&self) -> BoardView {
        view::board(self)
    }
}

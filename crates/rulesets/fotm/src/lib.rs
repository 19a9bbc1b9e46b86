//! Fire on the Mountain (John Poniske, Legion Wargames 2022): brigade-level South Mountain,
//! 14 September 1862, with facing, zones of control by facing and elevation, step losses on
//! strength counters, and hourly player turns from 7 AM to 9 PM.
//!
//! Every rule of the rulebook in code on the shared `engine` core, one module per rule
//! section, each citing its numbers:
//!
//! - [`stacking`] 4.0, [`facing`] 5.0, [`zoc`] 6.0;
//! - `movement` 13.0 with 8.1-8.4 mounting, 14.0 reinforcements, routed and guard movement
//!   (17.4, 17.5) and the 8.5 breakout;
//! - `los` 9.5; `combat` 15.0 with artillery fire 9.1-9.4 and leader casualties 16.0;
//! - `retreat` 17.0; `rally` 12.0; `sequence` 11.0 with 10.4-10.6; `victory` 18.0.
//!
//! The scenario's **authored data** and its loaders:
//!
//! - [`map`]: the South Mountain map, `data/south-mountain.map`: terrain, elevation levels,
//!   roads, entry hexes and places, with Fox's Gap on 1607, Turner's Gap on 2405 and the key
//!   hex 2601 where 8.5 and 18.1 need them. West is at the top of the printed map.
//! - [`oob`]: the order of battle and the set-up and reinforcement card (19.0, 19.1),
//!   `data/south-mountain-oob.ron`.
//! - [`view`]: the map and a position as an [`engine::BoardView`] for `muster render`.
//! - [`data`]: the loaders' error type. Every loader reports every problem at once, each with
//!   its file and line.
//!
//! **Authored.** The rulebook text has no map, no counter values and no player aid card. All
//! three are drawn from `shared/history/belmont-and-south-mountain.md` ("GAME 2: FIRE ON THE
//! MOUNTAIN") and say so in their headers. Rule numbers are cited; no rulebook prose is copied.
//! Readings of ambiguous rules are noted beside the rule number, marked "Reading:".

mod action;
mod action_view;
mod aids;
mod artillery;
mod casualty;
mod combat;
pub mod data;
mod describe;
mod evaluate;
pub mod facing;
pub mod los;
pub mod map;
mod metrics;
mod movement;
pub mod odds;
pub mod oob;
mod poshash;
mod probe;
mod procedure;
mod rally;
mod retreat;
mod routed;
mod sequence;
mod setup;
pub mod stacking;
mod state;
mod steps;
mod tally;
mod terrain;
#[doc(hidden)]
pub mod testkit;
pub mod victory;
pub mod view;
pub mod zoc;

pub use action::Action;
pub use movement::{Column, MoveFrame, Mover};
pub use procedure::Frame;
pub use state::{Bde, Bid, Cid, Cmdr, Fate, Fotm, Guard, LeeState, Loc, LongstreetBonus, Pause, Phase, Unit};
pub use view::{board_view, setup_view};

use engine::{ActionView, Actor, BoardView, Game, Illegal, Log, OptionInfo, Outcome, Prompt, ScenarioInfo, Side};

/// The scenario id.
pub const SCENARIO: &str = "fotm";

/// The optional rules, as scenario options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    /// 10.4: Lee may come onto the map from 3 PM.
    pub lee: bool,
    /// 10.5: Longstreet's bonus after Lee leaves (needs 10.4).
    pub longstreet_bonus: bool,
    /// 10.6: Burnside resumes the offensive at 1 PM without a roll.
    pub burnside_resolve: bool,
    /// 4.2 optional: stacking order may be changed at any time except during an Assault.
    pub simple_stacking: bool,
}

/// Options: (name, description).
const OPTIONS: [(&str, &str); 4] = [
    ("lee", "FotM 10.4 Presence of Lee: Lee may join Longstreet from 3 PM for three turns"),
    ("longstreet-bonus", "FotM 10.5 Longstreet Bonus: with Lee, Longstreet may earn a one-time bonus (implies lee)"),
    ("burnside-resolve", "FotM 10.6 Burnside Resolve: the pause lasts only the 12 PM turn; no Burnside roll"),
    ("simple-stacking", "FotM 4.2 (optional): stacking order may be changed at any time except during an Assault"),
];

/// Why a game could not be set up: an option it does not know.
pub type SetupError = engine::UnknownOption;

impl Options {
    /// Parses option names.
    ///
    /// # Errors
    /// [`SetupError`] for a name not in the list.
    pub fn parse(names: &[String]) -> Result<Options, SetupError> {
        let mut o = Options::default();
        for n in names {
            match n.as_str() {
                "lee" => o.lee = true,
                "longstreet-bonus" => {
                    o.lee = true;
                    o.longstreet_bonus = true;
                }
                "burnside-resolve" => o.burnside_resolve = true,
                "simple-stacking" => o.simple_stacking = true,
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
        ruleset: "fotm".into(),
        title: "Fire on the Mountain: South Mountain, 14 September 1862".into(),
        description: "The Union assault on Fox's and Turner's Gaps, 15 hourly turns from 7 AM to 9 PM, brigades with \
                      facing, step losses and zones of control by elevation. Map drawn from the historical geography, \
                      not the published map; order of battle, strengths and arrival times authored from the historical \
                      record, not the published counters and player aid card."
            .into(),
        options: OptionInfo::table(&OPTIONS),
    }
}

impl Fotm {
    /// A new game at the start of set-up (11.1).
    ///
    /// # Errors
    /// [`SetupError`] for an unknown option.
    pub fn new(options: &[String]) -> Result<Fotm, SetupError> {
        let opt = Options::parse(options)?;
        let mut g = setup::new_game(options.to_vec(), opt);
        procedure::settle(&mut g);
        Ok(g)
    }

    /// [`Game::layout_hash`] with `how` (each brigade's facing, formation, mount and order),
    /// [`Game::places_hash`] without.
    fn arrangement_hash(&self, how: bool) -> u64 {
        use engine::words::WordSink;
        // Bots ask at every position they look at: words per counter on the position hash's
        // own chain.
        let mut chain = poshash::Chain::default();
        for b in &self.brigades {
            chain.word(b.loc.word());
            if how {
                chain.word(
                    u64::from(b.order)
                        | u64::from(b.facing) << 16
                        | u64::from(b.column) << 24
                        | u64::from(b.mounted) << 25,
                );
            }
        }
        for c in &self.commanders {
            chain.word(c.hex.map_or(0, |x| 1 << 32 | poshash::hex_word(x)));
        }
        chain.finish()
    }
}

impl Game for Fotm {
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

    /// The word-at-a-time [`poshash::PositionHasher`] over the position (the log and the memo
    /// hash to nothing): it keys the legal-action memo at every decision, where the default
    /// byte-at-a-time FNV-1a was a fifth of a decision's time.
    fn state_hash(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = poshash::PositionHasher::default();
        self.hash(&mut h);
        h.finish()
    }

    /// Each brigade's place, facing, formation, mount and stack order, and each commander's
    /// hex.
    fn layout_hash(&self) -> u64 {
        self.arrangement_hash(true)
    }

    /// Each brigade's and each commander's place, without facing, formation, mount or order.
    fn places_hash(&self) -> u64 {
        self.arrangement_hash(false)
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
        let v = victory::vp(self);
        [f64::from(v[0]), f64::from(v[1])]
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.actor() == Actor::Over).then(|| {
            let (winner, level) = victory::result(self);
            Outcome { winner, vp: self.vp(), level: Some(victory::level_words(self, level)) }
        })
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn aids(&self) -> Vec<engine::AidTable> {
        aids::aids(self.oob(), self.map())
    }

    fn probe(&self, p: &engine::Probe) -> Vec<Action> {
        probe::probe(self, p)
    }

    fn probe_bar(&self, p: &engine::Probe) -> Option<engine::Illegal> {
        probe::bar(self, p)
    }

    fn dead_end(&self) -> Option<String> {
        movement::dead_end(self)
    }

    fn odds_own(&self, began: &Action) -> engine::OddsOwn<Action> {
        procedure::odds_own(self, began)
    }

    /// The moving unit's MP left, in half points (13.1), overspent by a forced march as none.
    fn moves_left(&self, unit: &str) -> Option<u32> {
        let m = movement::mover(self)?;
        (action_view::unit_id(self, m.unit).as_deref() == Some(unit))
            .then(|| u32::from(m.allowance.saturating_sub(m.spent)))
    }

    fn set_logging(&mut self, on: bool) {
        self.log.set_enabled(on);
    }

    fn board(&self) -> BoardView {
        view::board(self)
    }

    fn evaluate(&self, side: Side) -> f64 {
        match self.outcome() {
            Some(o) => match o.winner {
                Some(w) if w == side => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
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

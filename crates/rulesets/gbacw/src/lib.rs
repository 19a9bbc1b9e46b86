//! The Great Battles of the American Civil War standard rules
//! (`shared/rules/gbacw-standard-rules.txt`), built in the steps of `docs/plans/gbacw.md`.
//!
//! **Under construction, not yet a playable ruleset, and not in the catalog.** Built so far:
//! - step 1, the charts the rulebook prints ([`charts`]);
//! - step 3, the data and its loaders, every file labelled authored where it is ours: the
//!   mapsheet charts the text cites but does not print, 5.19, 8.18, 9.25, 9.56 and 9.73's
//!   gauge ([`authored`], `data/standard-charts.ron`); the Belmont battlefield at 120 yards a
//!   hex ([`map`], `data/belmont.map`); Belmont's order of battle, leaders, reinforcements,
//!   promotion priority and BCE ([`oob`], `data/belmont-oob.ron`); the terrain names they
//!   share ([`terrain`]). Each loader reports every problem with its file and line;
//! - step 4, the game itself ([`Gbacw`], an `engine::Game`): the sequence of play, each
//!   Game-Turn two Player-Turns of phases A to J (4.0, [`sequence`]), the units and leaders
//!   where the order of battle sets them up, reinforcements waiting for their side's
//!   Movement Phase, and the game's end after the last Game-Turn; the board as a page draws it
//!   ([`view`]). What each phase holds comes in the later steps: until then a phase is the
//!   acting player's Done. Not in the catalog until it plays;
//! - step 5, the Movement Phase ([`movement`]): counters moving singly or as stacks hex by
//!   hex at their formation's allowance and the authored 5.19 prices (5.0-5.2), formation
//!   changes (6.0-6.22), facing with each step and at a move's end (7.1, 8.42), stacking at
//!   the end of each move and of the phase ([`stacking`], 8.0-8.4), leaders (17.52, 17.75:
//!   [`leaders`]) and reinforcements brought on at their landings (4.0 B);
//! - from later steps, hexside facing (7.0, [`facing`]) and line of sight (9.7, [`los`]),
//!   asked of the position ([`Gbacw::sees`]);
//! - step 7's zones of control (10.0, 10.3-10.5, 11.22, 13.32, 16.31, [`zoc`]), each asked
//!   for a purpose: withdrawal and retreat fire, or supply and leadership paths;
//! - step 6's Initial Command Phase (17.0-17.23, 17.6, [`command`]): attach and detach,
//!   Command Points, radii traced around enemy units and zones, and the command status fixed
//!   for the Player-Turn ([`command::in_command`], [`command::brigade_in_dir`]);
//! - step 8, the Defensive and Offensive Fire Phases ([`fire`]): fire announced at a hex and
//!   built share by share through frontal hexsides (9.0-9.46, 7.22, R21), both arms rolled
//!   before any loss (9.42, R19), the shifts (9.5-9.53, 7.23, 8.35, 9.51), losses (8.21-8.22,
//!   9.81-9.82, 15.11-15.13), depletion and rounds (11.21, 11.31-11.32), leader casualties
//!   (17.72, 17.76, R18 as an option) and morale (13.14-13.44, 9.83-9.88, [`fire::morale`]);
//!   leaders left alone and stacks reordered after a fire (17.53, 8.41); exact odds of one
//!   fire ([`odds`]);
//! - step 9, withdrawal fire when units leave or change formation in an enemy zone (10.1-10.19,
//!   6.23, 6.24) and retreat fire when a retreat enters one (10.2), free shots resolved by the
//!   fire module ([`withdrawal`]); rout retreats chosen hex by hex by their owners (13.31,
//!   13.33, 14.1-14.4, 5.17), displacement and its chains (14.3, 8.15), crews leaving their
//!   guns (15.16) and leaders going along (13.43) ([`retreat`]);
//! - step 10, the Retreat Before Melee Phase (12.8-12.89, 16.1's mounted retreat) and the
//!   Melee Phase (12.0-12.98, 7.3, 17.54, 17.73) ([`melee`]): melees announced, answered
//!   by retreats before melee under withdrawal fire, declared from adjacent hexes through
//!   frontal hexsides and resolved on 12.98 (the `melee-erratum` option for R17's cells),
//!   losses and captures by the owner's choice, melee retreats and the routs after them,
//!   engaged hexes fought again every Player-Turn until resolved (12.94); cavalry charges
//!   (16.2-16.27: from within four hexes of the Movement Phase's start, through the one front
//!   hexside, at double strength but against mounted cavalry, the charged held in place, the
//!   chargers routed after); exact odds of one melee ([`odds::melee`]);
//! - position builders for tests ([`testkit`]).
//!
//! Scale (issue 16): 120 yards a hex, 20 minutes a Game-Turn, a Strength Point about 100 men
//! or one gun.

pub mod action;
pub mod action_view;
mod aids;
mod aids_charts;
pub mod authored;
pub mod charts;
pub mod command;
pub mod describe;
mod evaluate;
pub mod facing;
pub mod final_command;
pub mod fire;
pub mod leaders;
pub mod los;
pub mod map;
pub mod melee;
pub mod movement;
pub mod odds;
pub mod oob;
mod probe;
pub mod procedure;
pub mod rally;
mod refusal;
pub mod resupply;
pub mod retreat;
pub mod scenario;
pub mod sequence;
pub mod stacking;
pub mod state;
pub mod strength;
mod tally;
pub mod terrain;
pub mod testkit;
pub mod victory;
pub mod view;
pub mod withdrawal;
pub mod zoc;

pub use action::{Action, Piece};
pub use procedure::Frame;
pub use state::{Fate, Formation, Gbacw, LeaderId, Loc, Phase, UnitId};

use engine::{ActionView, Actor, BoardView, Game, Illegal, Log, OptionInfo, Outcome, Prompt, ScenarioInfo};

/// The scenario id.
pub const SCENARIO: &str = "gbacw-belmont";

/// The short scenario's id: the battle's first nine Game-Turns (the exclusive rules'
/// `camp_scenario`), for tests, bots and a first game.
pub const SCENARIO_CAMP: &str = "gbacw-belmont-camp";

/// The scenario's options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Options {
    /// Every unit's morale known from the start (13.12-13.15 replaced by the order of
    /// battle's known values), so a balance study is not all noise (issue 16).
    pub known_morale: bool,
    /// 17.76 variant (plan R18): small-arms fire never captures a leader (the printed 7).
    pub no_fire_capture: bool,
    /// 12.98 erratum (plan R17): die 2 at +1 reads "-/C1R2" and die 6 at +2 "Rpls/Rpls", as
    /// the table's diagonals run; the printed cells are the default.
    pub melee_erratum: bool,
    /// The short scenario ([`SCENARIO_CAMP`]): not an option a player names, but its own
    /// scenario id; kept here so the state knows which day it plays.
    pub camp: bool,
}

/// Options: (name, description).
const OPTIONS: [(&str, &str); 3] = [
    ("known-morale", "GBACW 13.12 variant: every green unit's morale known from the start (authored values)"),
    ("no-fire-capture", "GBACW 17.76 variant (R18): small-arms fire never captures a leader"),
    (
        "melee-erratum",
        "GBACW 12.98 erratum (R17): die 2 at +1 reads -/C1R2 and die 6 at +2 Rpls/Rpls, as the table's diagonals run",
    ),
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
                "known-morale" => o.known_morale = true,
                "no-fire-capture" => o.no_fire_capture = true,
                "melee-erratum" => o.melee_erratum = true,
                _ => return Err(SetupError::new(n, SCENARIO, &OPTIONS)),
            }
        }
        Ok(o)
    }
}

/// The short scenario as a menu shows it.
#[must_use]
pub fn scenario_info_camp() -> ScenarioInfo {
    ScenarioInfo {
        id: SCENARIO_CAMP.into(),
        ruleset: "gbacw".into(),
        title: "Belmont: the attack on Camp Johnston, 10:00 AM to 12:40 PM (GBACW, short)".into(),
        description: "The battle's first nine Game-Turns under the GBACW standard rules: Grant's regiments against \
                      Pillow's line in the timber, and the race for the camp before Cheatham crosses. The same \
                      map, set-up and Victory Point schedule as the full battle; the day goes on after it, so \
                      no Union troops are left behind: losses and the camp decide. Authored, as the full \
                      battle is, not a published scenario."
            .into(),
        options: OptionInfo::table(&OPTIONS),
    }
}

/// The scenario as a menu shows it.
#[must_use]
pub fn scenario_info() -> ScenarioInfo {
    ScenarioInfo {
        id: SCENARIO.into(),
        ruleset: "gbacw".into(),
        title: "Belmont, 7 November 1861 (GBACW standard rules)".into(),
        description: "Grant's raid on Camp Johnston at regimental scale under the Great Battles of the American Civil \
                      War standard rules: 120 yards a hex, 20 minutes a Game-Turn; burn the camp and get back to the \
                      transports by nightfall. Map, order of battle, exclusive rules and the mapsheet charts the \
                      rulebook cites are authored from the historical record, not the published game."
            .into(),
        options: OptionInfo::table(&OPTIONS),
    }
}

impl Gbacw {
    /// A new game at the start of the first Game-Turn.
    ///
    /// # Errors
    /// [`SetupError`] for an unknown option.
    pub fn new(options: &[String]) -> Result<Gbacw, SetupError> {
        Gbacw::new_scenario(SCENARIO, options)
    }

    /// A new game of scenario `id` ([`SCENARIO`] or [`SCENARIO_CAMP`]) at the start of its
    /// first Game-Turn.
    ///
    /// # Errors
    /// [`SetupError`] for an unknown option.
    ///
    /// # Panics
    /// For an id that is neither.
    pub fn new_scenario(id: &str, options: &[String]) -> Result<Gbacw, SetupError> {
        let mut opt = Options::parse(options)?;
        opt.camp = match id {
            SCENARIO => false,
            SCENARIO_CAMP => true,
            _ => panic!("gbacw has no scenario {id}"),
        };
        let mut g = sequence::new_game(options.to_vec(), opt);
        engine::procedure::settle(&mut g);
        Ok(g)
    }
}

impl Game for Gbacw {
    type Action = Action;

    fn scenario(&self) -> (&str, &[String]) {
        (if self.opt.camp { SCENARIO_CAMP } else { SCENARIO }, &self.options)
    }

    fn actor(&self) -> Actor {
        engine::procedure::actor(self)
    }

    fn prompt(&self) -> Prompt {
        let (rule, text) = engine::procedure::prompt(self, ("GBACW 4.0", "The game is over."));
        Prompt { actor: self.actor(), rule: rule.into(), text }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match self.actor() {
            Actor::Side(_) => {
                self.legal_memo.held_or(|| self.state_hash(), || refusal::quietly(|| engine::procedure::legal(self)))
            }
            _ => Vec::new(),
        }
    }

    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        match self.actor() {
            Actor::Chance => engine::procedure::chance(self),
            _ => Vec::new(),
        }
    }

    /// Refusals met while applying (the rules' own checks of what comes next: announcements,
    /// advances, automatic frames) are only ever read as yes or no, so they are made without
    /// words, as in a listing; the log is written as always.
    fn apply_unchecked(&mut self, action: &Action) {
        self.legal_memo.forget();
        refusal::quietly(|| engine::procedure::apply(self, action));
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

    /// The odds of a fire or a melee being declared (a unit's share or an attacker added)
    /// carry through the declaring player's next decision as it stands: resolved (9.0, 12.0).
    /// What the fire or melee then leaves to settle is the side's best move, as the other
    /// side's replies are: its own retreats and routs (13.31, 12.92-12.95, 14.0), the melee's
    /// points, Engaged options, advance and facing (12.74, 12.85, 12.94, 12.98) and a leader
    /// placed after a stack is lost (17.53). The third audit: `--through` stopped at the
    /// attacker's own retreat path, so a repulse's cost on the way back was never counted.
    /// Anything else (the next announcement, the next fire) is the player's to start.
    fn odds_own(&self, _began: &Action) -> engine::OddsOwn<Action> {
        use melee::MeleeFrame as M;
        match self.stack.last() {
            // 12.8 (R24): the melee declared at a hex is made by the units announced against
            // it: the odds add each of them before resolving (the sixth playtest: the odds of
            // declaring read as a melee with no attacker).
            Some(Frame::Melee(M::Declare { target, attackers })) => {
                let legal = self.legal_actions();
                self.melee
                    .announced
                    .iter()
                    .filter(|&&(u, h)| h == *target && !attackers.iter().any(|&(a, _)| a == u))
                    .map(|&(u, _)| Action::Attack(u))
                    .find(|a| legal.contains(a))
                    .map_or(engine::OddsOwn::Take(Action::Resolve), engine::OddsOwn::Take)
            }
            Some(Frame::Fire(fire::FireFrame::Declare(_))) => engine::OddsOwn::Take(Action::Resolve),
            Some(
                Frame::Retreat(_)
                | Frame::Fire(fire::FireFrame::Place { .. })
                | Frame::Melee(M::Bout(_) | M::After(_) | M::Reface { .. } | M::Advance(_)),
            ) => engine::OddsOwn::Best,
            _ => engine::OddsOwn::Stop,
        }
    }

    fn probe(&self, p: &engine::Probe) -> Vec<Action> {
        probe::probe(self, p)
    }

    /// The moving counters' MP left, in half points (5.0, 5.11): the least any of them has
    /// left, since a stack moving together stops with its slowest. Moves by destination take
    /// the way that leaves the most (the road, not the detour through the timber).
    fn moves_left(&self, unit: &str) -> Option<u32> {
        let m = movement::mover(self)?;
        (movement::counter_id(self, m.pieces[0]) == unit).then(|| {
            m.pieces
                .iter()
                .zip(&m.spent)
                .map(|(&p, &s)| u32::from(movement::allowance(self, p).saturating_sub(s)))
                .min()
                .unwrap_or(0)
        })
    }

    fn dead_end(&self) -> Option<String> {
        movement::dead_end(self)
    }

    /// Victory points by the scenario's schedule ([`victory`]).
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

    fn aids(&self) -> Vec<engine::AidTable> {
        aids::aids(self.oob(), self.charts(), self.last_turn(), !self.embarks())
    }

    fn evaluate(&self, side: engine::Side) -> f64 {
        evaluate::evaluate(self, side)
    }

    fn tally(&self) -> Vec<(String, i64)> {
        tally::tally(self)
    }

    fn metrics(&self) -> Vec<(String, engine::Metric)> {
        tally::metrics(self)
    }
}

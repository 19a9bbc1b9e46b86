//! One live game, whatever its ruleset: the position, the actions in force, the seats and
//! their bots, behind the object-safe [`Session`] so the server holds every ruleset's
//! games in one map. Built by [`build`] through the catalog, by replaying the stored
//! entries.
//!
//! The stored entries are an append-only list of [`Entry`]: a side's action, a chance
//! outcome, or an undo marker that takes the actions in force back to an earlier ply.
//! `seq` counts entries; `ply` counts actions in force.

use crate::store::{GameMeta, StoredGame};
use bots::Bot;
use engine::{Actor, Dice, Game, Illegal, Side};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};

/// The most chance outcomes the odds display enumerates before giving up.
pub const ODDS_LIMIT: usize = 200_000;

/// The most decisions the odds answer on their way, either side's (distinct positions): a
/// Belmont melee fought through its rounds, both sides choosing, takes some 460 (115 ms); a
/// Belmont melee marker whose companies walk in under opportunity fire went past 1,024 and
/// stopped short (the fourth playtest), so four times that.
pub const ODDS_REPLIES: usize = 4_096;

/// Playouts that finish the odds where the exact walk stops short (`analysis::odds_through`),
/// for the best reply and for each option of the other side's first choice.
const ODDS_PLAYOUTS: usize = 150;

/// The most options of the other side's first choice shown one by one beside its best
/// reply (`analysis::outcomes_range`): a Lead Brigade or a company to take a hit, not a
/// whole move.
const ODDS_CHOICES: usize = 6;

/// Chance outcomes the greedy reply enumerates per action it weighs, and paths it samples
/// beyond (kept small: a reply is chosen at every position where the other side decides).
const REPLY_LIMIT: usize = 64;
const REPLY_SAMPLES: u32 = 8;

/// How many of the latest actions in force a state carries (`recent`).
const RECENT: usize = 12;

/// Above this many legal actions a state lists only those without a hex (buttons) or without
/// a unit, and counts the rest by unit (`unit_actions`); the page asks for a unit's when it is selected. A
/// Belmont set-up has tens of thousands (issue 15: every state answer under 200 KB).
pub const ACTIONS_INLINE: usize = 400;

/// Positions looked at to find a unit's reach (a move's worth: FotM's take a few hundred).
const REACH_POSITIONS: usize = 4_000;

/// The most log events a state carries; the page asks again from where it got to.
pub const LOG_PAGE: usize = 300;

/// One stored entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Entry {
    /// An action (a side's or chance's), as the ruleset serialises it.
    A(Value),
    /// Take the actions in force back to this many.
    Undo(usize),
}

impl Entry {
    fn text(&self) -> String {
        serde_json::to_string(self).expect("entries serialise")
    }
}

/// Why a session refused a request; nothing changed.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// The JSON is not an action of this ruleset.
    #[error("not an action of this game: {0}")]
    BadAction(String),
    /// The action is not legal now.
    #[error("{0}")]
    Illegal(Illegal),
    /// It is not this seat's decision.
    #[error("{0}")]
    NotYourTurn(String),
    /// Undo is not open now.
    #[error("{0}")]
    CannotUndo(String),
    /// A ply or index out of range.
    #[error("{0}")]
    OutOfRange(String),
    /// The odds cannot be enumerated within [`ODDS_LIMIT`].
    #[error("{0}")]
    TooLarge(String),
    /// The stored entries do not replay (a corrupt or foreign database).
    #[error("stored game does not replay: {0}")]
    Corrupt(String),
}

/// Whether the bot seat to act is at work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotStatus {
    /// No bot seat is to act, or none has started.
    Idle,
    /// Waiting for one of the server's thinking slots.
    Waiting,
    /// Choosing.
    Thinking,
}

/// What a bot seat will play: its side, the sequence number it was asked at, and the
/// work (to run on a blocking thread) that returns the action as JSON.
pub struct BotJob {
    /// The bot's side.
    pub side: Side,
    /// The sequence number the position had; the answer is void if it changed.
    pub seq: u64,
    /// Chooses the action.
    pub work: Box<dyn FnOnce() -> Value + Send>,
}

/// Analysis work (an action's odds, the replay marks), run off the game's lock.
pub type Job = Box<dyn FnOnce() -> Result<Value, Refusal> + Send>;

/// A live game of any ruleset.
pub trait Session: Send + Sync {
    /// The game's fixed facts.
    fn meta(&self) -> &GameMeta;
    /// Entries stored so far.
    fn seq(&self) -> u64;
    /// Who acts now.
    fn actor(&self) -> Actor;
    /// The state a seat (or a spectator, `None`) sees, with log events from `log_from`,
    /// as JSON text (`API.md`); `bot` says whether a bot seat is choosing or waiting for a
    /// thinking slot.
    fn state(&self, seat: Option<Side>, log_from: usize, bot: BotStatus) -> String;
    /// The legal actions now, as a JSON array (text).
    fn legal_json(&self) -> String;
    /// The legal actions of the seat to act whose view names `unit` and a hex, as
    /// `{"seq", "unit", "actions"}` (text; `API.md`), each with its index in the whole
    /// list; no actions for a seat not to act.
    fn unit_actions(&self, seat: Option<Side>, unit: &str) -> String;
    /// Applies `side`'s action and then chance until a side is to decide; returns the
    /// entries to store. On a refusal nothing changed.
    ///
    /// # Errors
    /// [`Refusal`] naming why.
    fn act(&mut self, side: Side, action: &Value) -> Result<Vec<String>, Refusal>;
    /// Takes back `side`'s last action, or with `to`, every action in force from ply `to`
    /// on (one click that sent several, a destination's path: issue 15 F5) when all of them
    /// are `side`'s own; returns the one marker entry to store.
    ///
    /// # Errors
    /// [`Refusal::CannotUndo`] when a die has rolled or another seat has acted since.
    fn undo(&mut self, side: Side, to: Option<usize>) -> Result<Vec<String>, Refusal>;
    /// Resolves any pending chance (a game whose last write was cut short); the entries
    /// to store, usually none.
    fn settle(&mut self) -> Vec<String>;
    /// The bot's work, if a bot seat is to act.
    fn bot_job(&self) -> Option<BotJob>;
    /// The position after the first `ply` actions in force.
    ///
    /// # Errors
    /// [`Refusal::OutOfRange`] past the last ply.
    fn replay(&self, ply: usize) -> Result<Value, Refusal>;
    /// What `action` of `side` would leave (issue 17's ghost of a drag, the page computing no
    /// rule): the position after it, played on a copy, with the moving unit's movement left,
    /// as `{"position", "moves_left"}`; the game is not changed. Chance after it is not rolled.
    ///
    /// # Errors
    /// As [`Session::act`]: a bad action, not this seat's decision, or the rule it breaks.
    fn preview(&self, side: Side, action: &Value) -> Result<Value, Refusal>;
    /// The work of enumerating the exact outcome classes of legal action `index`, to run
    /// on a blocking thread (it may expand up to [`ODDS_LIMIT`] chance outcomes).
    ///
    /// # Errors
    /// [`Refusal::OutOfRange`] for a bad index; the work itself answers
    /// [`Refusal::TooLarge`]. With `follow`, the odds are of the action and then that unit's
    /// joining what it began (its one action on the same hex), as the page sends them by one
    /// click; a unit with no such action leaves the odds of the action alone.
    fn odds(&self, index: usize, follow: Option<&str>) -> Result<Job, Refusal>;
    /// Everywhere `unit` can get to by the seat's own consecutive decisions, with the actions
    /// that take it there (`engine::reach::destinations`), as `{"seq", "unit",
    /// "destinations"}` (text); none for a seat not to act.
    fn reach(&self, seat: Option<Side>, unit: &str) -> String;
    /// What the rules say of something the seat to act looked for and was not offered (a
    /// hex clicked, a unit, Done): `engine::explain`, as JSON.
    fn why(&self, probe: &engine::Probe) -> Value;
    /// The map without counters, as SVG.
    fn map_svg(&self) -> String;
    /// The map's key drawn as the map draws it (`render::legend_svg`): terrain, levels, lines,
    /// counters.
    fn legend_svg(&self) -> String;
    /// The map's terrain legend (`engine::LegendEntry`s) and the ruleset's player aids
    /// (`engine::AidTable`s), as `{"terrain", "aids"}`.
    fn legend(&self) -> Value;
    /// A game in a line, for the lobby's "My games": `{"id", "title", "actor", "players",
    /// "outcome", "ply", "turn"}`.
    fn summary(&self) -> Value;
    /// The game as a record (`engine::Record`: ruleset, scenario, options, every action in
    /// force, dice included, and the hash reached), as `muster play --save` writes one: a
    /// player downloads it to replay, cut and weigh positions with the command line
    /// (`muster replay`, `position`, `odds`), or to report a ruling with its reproduction.
    fn record(&self) -> Value;
    /// The work of finding where each turn and each side's stretch of play begins among the
    /// actions in force, for replay by turn and phase: `[{"ply", "turn", "actor"}]`, ply 0
    /// first; run off the game's lock (it replays the whole game). The work answers
    /// [`Refusal::Corrupt`] if the stored actions no longer replay.
    fn marks(&self) -> Job;
}

/// What a state and a replay show of a position.
#[derive(Serialize)]
struct PositionOut<'a> {
    counters_svg: String,
    counters: &'a [engine::CounterView],
    tracks: &'a [(String, String)],
    marks: &'a [engine::MarkView],
    prompt: PromptOut,
    /// The score at this position, and the result if it is the end (a replay shows both
    /// as they stood, not the live game's: the third playtest's finding 18).
    vp: [f64; 2],
    outcome: Option<engine::Outcome>,
}

#[derive(Serialize)]
struct PromptOut {
    rule: String,
    text: String,
}

fn position<'a, G: Game>(game: &G, board: &'a engine::BoardView) -> PositionOut<'a> {
    PositionOut {
        counters_svg: render::counters_svg(board),
        counters: &board.counters,
        tracks: &board.tracks,
        marks: &board.marks,
        prompt: {
            let p = game.prompt();
            PromptOut { rule: p.rule, text: p.text }
        },
        vp: game.vp(),
        outcome: game.outcome(),
    }
}

/// One legal action as the page gets it: its index, its [`engine::ActionView`], and the
/// ruleset's own JSON to send back.
#[derive(Serialize)]
struct ActionOut<'a, A> {
    index: usize,
    #[serde(flatten)]
    view: engine::ActionView,
    action: &'a A,
}

/// A unit with hex actions, in a state that does not list them.
#[derive(Serialize)]
struct UnitCount {
    unit: String,
    count: usize,
}

/// A unit's actions (`GET /api/games/{id}/actions?unit=`).
#[derive(Serialize)]
struct UnitActionsOut<'a, A> {
    seq: u64,
    unit: &'a str,
    actions: Vec<ActionOut<'a, A>>,
}

#[derive(Serialize)]
struct RecentOut<'a> {
    ply: usize,
    actor: &'static str,
    label: &'a str,
    /// The action's kind and hexes, so a page can draw what was fired at (an arrow).
    kind: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    from: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hex: Option<&'a str>,
}

/// The state (`API.md`), serialised straight from the game: a set-up may list tens of
/// thousands of actions, too many to build as a JSON tree first.
#[derive(Serialize)]
struct StateOut<'a, A> {
    id: &'a str,
    scenario: &'a str,
    title: &'a str,
    options: &'a [String],
    seq: u64,
    ply: usize,
    seat: Option<&'static str>,
    players: std::collections::BTreeMap<&'static str, &'a str>,
    actor: &'static str,
    yours: bool,
    thinking: bool,
    /// The bot to act waits for one of the server's thinking slots (issue 18).
    waiting: bool,
    /// While a bot thinks: the decisions its side has made since the other side's last, so
    /// a page can show a long bot turn moving on (the eighth playtest: Belmont's `mcts:2s`
    /// spent minutes a turn on thousands of small decisions behind one "thinking").
    #[serde(skip_serializing_if = "Option::is_none")]
    bot_run: Option<usize>,
    actions: Vec<ActionOut<'a, A>>,
    /// Set when `actions` lists only the buttons ([`ACTIONS_INLINE`]): the units with hex
    /// actions and how many each has.
    #[serde(skip_serializing_if = "Option::is_none")]
    unit_actions: Option<Vec<UnitCount>>,
    actions_total: usize,
    /// The board, the prompt, the score and the result.
    #[serde(flatten)]
    position: PositionOut<'a>,
    log_len: usize,
    log_from: usize,
    log: Vec<EventOut<'a>>,
    recent: Vec<RecentOut<'a>>,
    can_undo: bool,
}

/// A log event with the play that wrote it, so a page can fold a side's turn by unit
/// (issue 15: a bot turn summarised per unit): `ply` is the action it followed (none for
/// the set-up's own events), `by` the side whose decision led to it (a die's events go with
/// the decision that rolled it) and `unit` the unit that decision named, if any.
#[derive(Serialize)]
struct EventOut<'a> {
    rule: &'a str,
    text: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    ply: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    by: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit: Option<&'a str>,
}

/// An action in force, with who took it and what it was called when taken.
#[derive(Clone)]
struct Ply<A> {
    action: A,
    actor: Actor,
    label: String,
    /// The action's view when taken: its kind, unit and hexes.
    view: engine::ActionView,
    /// The log's length once it was applied.
    log_end: usize,
}

type SharedBot<G> = Arc<Mutex<Box<dyn Bot<G> + Send>>>;

struct Live<G: Game> {
    meta: GameMeta,
    /// The scenario's title, as the lobby shows it.
    title: String,
    fresh: G,
    /// The position, logging.
    game: G,
    /// The same position with no log, for bots and odds, which clone it many times.
    quiet: G,
    plies: Vec<Ply<G::Action>>,
    seq: u64,
    dice: Dice,
    bots: [Option<SharedBot<G>>; 2],
}

/// A random 64-bit seed from the operating system.
pub(crate) fn os_seed() -> u64 {
    let mut b = [0u8; 8];
    getrandom::fill(&mut b).expect("the operating system's random source");
    u64::from_le_bytes(b)
}

/// Builds the live game a stored game describes, replaying its entries.
///
/// # Errors
/// A message when the catalog refuses the scenario or options, or an entry does not
/// replay.
pub fn build(stored: &StoredGame, ceiling: &bots::Ceiling) -> Result<Box<dyn Session>, String> {
    struct Build<'a>(&'a StoredGame, &'a bots::Ceiling);
    impl catalog::Visit for Build<'_> {
        type Out = Result<Box<dyn Session>, String>;
        fn visit<G: Game>(self, mut game: G) -> Self::Out {
            game.set_logging(true);
            let meta = self.0.meta.clone();
            let mut bots: [Option<SharedBot<G>>; 2] = [None, None];
            for side in Side::BOTH {
                let player = &meta.players[side.index()];
                if player != "human" {
                    let spec = bots::parse_bot_spec(player)?;
                    bots[side.index()] = Some(Arc::new(Mutex::new(spec.build_for_seat::<G>(os_seed(), self.1))));
                }
            }
            let title = catalog::scenario(&meta.scenario).map_or_else(|| game.board().title, |s| s.title);
            let mut quiet = game.clone();
            quiet.set_logging(false);
            let mut live = Live {
                meta,
                title,
                fresh: game.clone(),
                game,
                quiet,
                plies: Vec::new(),
                seq: 0,
                dice: Dice::seeded(os_seed()),
                bots,
            };
            for (i, text) in self.0.entries.iter().enumerate() {
                live.load_entry(text).map_err(|e| format!("entry {i}: {e}"))?;
            }
            Ok(Box::new(live))
        }
    }
    catalog::with_game(&stored.meta.scenario, &stored.meta.options, Build(stored, ceiling))
        .map_err(|e| e.to_string())?
}

/// The actor as the API names it: `union`, `confederate`, `chance` or `over`.
#[must_use]
pub fn actor_name(a: Actor) -> &'static str {
    match a {
        Actor::Side(s) => s.name(),
        Actor::Chance => "chance",
        Actor::Over => "over",
    }
}

impl<G: Game> Live<G> {
    /// Whether `seat` is the side to act now.
    fn to_act(&self, seat: Option<Side>) -> bool {
        seat.is_some_and(|s| self.game.actor() == Actor::Side(s))
    }

    /// Each of `legal` with its index and its view, as states and unit lists send them.
    /// A choice of a unit to move says whose move under way it ends, when one is.
    fn views<'a>(&self, legal: &'a [G::Action]) -> Vec<ActionOut<'a, G::Action>> {
        let mut out: Vec<ActionOut<'a, G::Action>> = legal
            .iter()
            .enumerate()
            .map(|(index, action)| ActionOut { index, view: self.game.action_view(action), action })
            .collect();
        // A choice of a unit to move that ends another's move (FotM 13.1), found by playing
        // it where the ruleset does not say (`ActionView::ends`).
        if out.iter().any(|a| a.view.kind == "move") {
            for a in out.iter_mut().filter(|a| a.view.kind == "select" && a.view.ends.is_none()) {
                if let Some(unit) = a.view.unit.as_deref() {
                    a.view.ends = engine::reach::ends_moves(&self.quiet, a.action, unit);
                }
            }
        }
        out
    }

    fn load_entry(&mut self, text: &str) -> Result<(), Refusal> {
        let entry: Entry = serde_json::from_str(text).map_err(|e| Refusal::Corrupt(e.to_string()))?;
        match entry {
            Entry::A(v) => {
                let action: G::Action = serde_json::from_value(v).map_err(|e| Refusal::Corrupt(e.to_string()))?;
                self.push(action).map_err(|e| Refusal::Corrupt(e.to_string()))?;
            }
            Entry::Undo(ply) => self.truncate(ply)?,
        }
        self.seq += 1;
        Ok(())
    }

    /// Applies an action through [`Game::apply`] (checked against the one source of legal
    /// actions, refused with its rule) and keeps it in force. Describing it first is safe
    /// for any well-formed action: the conformance check `hostile_actions_refused` holds
    /// every ruleset to that.
    fn push(&mut self, action: G::Action) -> Result<(), Illegal> {
        let actor = self.game.actor();
        let label = self.game.describe(&action);
        let view = self.game.action_view(&action);
        self.game.apply(&action)?;
        self.record(action, actor, label, view);
        Ok(())
    }

    /// Keeps an action already applied to `game` in force, and plays it on the quiet twin.
    fn record(&mut self, action: G::Action, actor: Actor, label: String, view: engine::ActionView) {
        self.quiet.apply_unchecked(&action);
        let log_end = self.game.log().events().len();
        self.plies.push(Ply { action, actor, label, view, log_end });
    }

    /// How many decisions `actor`'s side has made since the other side's last (chance's
    /// rolls between them not counted).
    fn run_of(&self, actor: Actor) -> usize {
        let Actor::Side(side) = actor else { return 0 };
        self.plies
            .iter()
            .rev()
            .take_while(|p| p.actor != Actor::Side(side.enemy()))
            .filter(|p| p.actor == Actor::Side(side))
            .count()
    }

    /// The log's events `from..to`, each with the play that wrote it.
    fn events_out(&self, from: usize, to: usize) -> Vec<EventOut<'_>> {
        let events = self.game.log().events();
        let start = self.fresh.log().events().len();
        let board = self.game.board();
        let owner = |id: &str| board.counters.iter().find(|c| c.id == id).map(|c| c.side.clone());
        (from..to)
            .map(|i| {
                let e = &events[i];
                // Ply k wrote the events from the end of ply k-1's to its own `log_end`.
                let k = self.plies.partition_point(|p| p.log_end <= i);
                let ply = (i >= start && k < self.plies.len()).then_some(k);
                let (by, unit) = ply.map_or((None, None), |k| self.author(k));
                // The event's own unit when the ruleset names one of the acting side's (a
                // move ended by choosing the next unit belongs to the unit that moved); the
                // enemy's brigade losing a step in it stays under the acting unit (F15).
                let own = e.unit.as_deref().filter(|u| by.is_some_and(|b| owner(u).as_deref() == Some(actor_name(b))));
                EventOut {
                    rule: &e.rule,
                    text: &e.text,
                    ply: ply.map(|k| k + 1),
                    by: by.map(actor_name),
                    unit: own.or(unit),
                }
            })
            .collect()
    }

    /// Whose doing the events of ply `k` are (issue 15 F15: a Union Assault filed under
    /// the Confederate brigade that chose its losses): the side's decision before them (a
    /// die's events go with it), or, when that decision is a reply inside the other side's
    /// action (a `choice`: who takes the hit, fight on or retreat), that action; and the unit
    /// that action named, or the last its side named just before (an Assault launched after
    /// its brigades joined).
    fn author(&self, k: usize) -> (Option<Actor>, Option<&str>) {
        let kinds: Vec<(Actor, &str)> = self.plies[..=k].iter().map(|p| (p.actor, p.view.kind.as_str())).collect();
        let Some(at) = crate::author::author_ply(&kinds, k) else { return (None, None) };
        let decisions: Vec<usize> = (0..at).rev().filter(|&i| matches!(self.plies[i].actor, Actor::Side(_))).collect();
        let actor = self.plies[at].actor;
        let combat = |i: usize| matches!(self.plies[i].view.kind.as_str(), "melee" | "fire");
        let unit = self.plies[at].view.unit.as_deref().or_else(|| {
            // An attack launched with no unit of its own: the units that joined it.
            if !combat(at) {
                return None;
            }
            decisions
                .iter()
                .copied()
                .take_while(|&i| self.plies[i].actor == actor && combat(i))
                .find_map(|i| self.plies[i].view.unit.as_deref())
        });
        (Some(actor), unit)
    }

    /// Takes the actions in force back to `ply`, rebuilding the position by replay.
    fn truncate(&mut self, ply: usize) -> Result<(), Refusal> {
        if ply > self.plies.len() {
            return Err(Refusal::Corrupt(format!("undo to ply {ply} of {}", self.plies.len())));
        }
        self.plies.truncate(ply);
        self.game = self.replayed(ply, true)?;
        self.quiet = self.replayed(ply, false)?;
        Ok(())
    }

    fn replayed(&self, ply: usize, logging: bool) -> Result<G, Refusal> {
        let mut g = self.fresh.clone();
        g.set_logging(logging);
        for p in &self.plies[..ply] {
            g.apply(&p.action).map_err(|e| Refusal::Corrupt(e.to_string()))?;
        }
        Ok(g)
    }

    /// Samples chance until a side is to decide or the game ends; the entries made.
    fn resolve_chance(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while self.game.actor() == Actor::Chance {
            let outcomes = self.game.chance_outcomes();
            let action = self.dice.sample(&outcomes).clone();
            out.push(Entry::A(serde_json::to_value(&action).expect("actions serialise")).text());
            // A listed outcome: no need to list them again to check it.
            let label = self.game.describe(&action);
            let view = self.game.action_view(&action);
            self.game.apply_unchecked(&action);
            self.record(action, Actor::Chance, label, view);
        }
        self.seq += out.len() as u64;
        out
    }

    fn can_undo(&self, side: Side) -> Result<(), String> {
        if self.bots[side.index()].is_some() {
            return Err("a computer seat does not take back its moves".into());
        }
        let Some(last) = self.plies.last() else {
            return Err("nothing has been played yet".into());
        };
        if last.actor != Actor::Side(side) {
            return Err(match last.actor {
                Actor::Chance => "the dice have rolled since; their result stands".into(),
                _ => format!("{} has acted since", side.enemy().title()),
            });
        }
        if self.game.actor() != Actor::Side(side) {
            return Err("the decision has passed to the other side".into());
        }
        Ok(())
    }
}

impl<G: Game> Session for Live<G> {
    fn meta(&self) -> &GameMeta {
        &self.meta
    }

    fn seq(&self) -> u64 {
        self.seq
    }

    fn actor(&self) -> Actor {
        self.game.actor()
    }

    fn state(&self, seat: Option<Side>, log_from: usize, bot: BotStatus) -> String {
        let actor = self.game.actor();
        let yours = self.to_act(seat);
        let legal = if yours { self.game.legal_actions() } else { Vec::new() };
        let mut actions = self.views(&legal);
        let mut unit_actions = None;
        if actions.len() > ACTIONS_INLINE {
            let mut counts: Vec<UnitCount> = Vec::new();
            for a in actions.iter().filter(|a| a.view.hex.is_some()) {
                // An action counters take together (a volley's firers) counts for each.
                for unit in a.view.units() {
                    match counts.iter_mut().find(|c| c.unit == unit) {
                        Some(c) => c.count += 1,
                        None => counts.push(UnitCount { unit: unit.to_owned(), count: 1 }),
                    }
                }
            }
            actions.retain(|a| a.view.hex.is_none() || a.view.unit.is_none());
            unit_actions = Some(counts);
        }
        let events = self.game.log().events();
        let log_from = log_from.min(events.len());
        let log_to = (log_from + LOG_PAGE).min(events.len());
        let recent: Vec<RecentOut<'_>> = self
            .plies
            .iter()
            .enumerate()
            .skip(self.plies.len().saturating_sub(RECENT))
            .map(|(i, p)| RecentOut {
                ply: i + 1,
                actor: actor_name(p.actor),
                label: &p.label,
                kind: &p.view.kind,
                from: p.view.from.as_deref(),
                hex: p.view.hex.as_deref(),
            })
            .collect();
        let board = self.game.board();
        let (_, options) = self.game.scenario();
        let out = StateOut {
            id: &self.meta.id,
            scenario: &self.meta.scenario,
            title: &self.title,
            options,
            seq: self.seq,
            ply: self.plies.len(),
            seat: seat.map(Side::name),
            players: Side::BOTH.map(|s| (s.name(), self.meta.players[s.index()].as_str())).into_iter().collect(),
            actor: actor_name(actor),
            yours,
            thinking: bot != BotStatus::Idle,
            waiting: bot == BotStatus::Waiting,
            bot_run: (bot != BotStatus::Idle).then(|| self.run_of(actor)),
            actions,
            unit_actions,
            actions_total: legal.len(),
            position: position(&self.game, &board),
            log_len: events.len(),
            log_from,
            log: self.events_out(log_from, log_to),
            recent,
            can_undo: seat.is_some_and(|s| self.can_undo(s).is_ok()),
        };
        serde_json::to_string(&out).expect("states serialise")
    }

    fn unit_actions(&self, seat: Option<Side>, unit: &str) -> String {
        let legal = if self.to_act(seat) { self.game.legal_actions() } else { Vec::new() };
        let mut actions = self.views(&legal);
        actions.retain(|a| a.view.hex.is_some() && a.view.units().any(|u| u == unit));
        serde_json::to_string(&UnitActionsOut { seq: self.seq, unit, actions }).expect("actions serialise")
    }

    fn legal_json(&self) -> String {
        serde_json::to_string(&self.game.legal_actions()).expect("actions serialise")
    }

    fn act(&mut self, side: Side, action: &Value) -> Result<Vec<String>, Refusal> {
        let action: G::Action =
            serde_json::from_value(action.clone()).map_err(|e| Refusal::BadAction(e.to_string()))?;
        match self.game.actor() {
            Actor::Side(s) if s == side => {}
            Actor::Side(s) => return Err(Refusal::NotYourTurn(format!("it is {}'s decision", s.title()))),
            Actor::Chance => return Err(Refusal::NotYourTurn("chance decides now".into())),
            Actor::Over => return Err(Refusal::NotYourTurn("the game is over".into())),
        }
        self.push(action.clone()).map_err(Refusal::Illegal)?;
        self.seq += 1;
        let mut entries = vec![Entry::A(serde_json::to_value(&action).expect("actions serialise")).text()];
        entries.extend(self.resolve_chance());
        Ok(entries)
    }

    fn preview(&self, side: Side, action: &Value) -> Result<Value, Refusal> {
        let action: G::Action =
            serde_json::from_value(action.clone()).map_err(|e| Refusal::BadAction(e.to_string()))?;
        if self.game.actor() != Actor::Side(side) {
            return Err(Refusal::NotYourTurn(format!("it is not {}'s decision", side.title())));
        }
        let unit = self.game.action_view(&action).unit;
        let mut after = self.quiet.clone();
        after.apply(&action).map_err(Refusal::Illegal)?;
        let moves_left = unit.as_deref().and_then(|u| after.moves_left(u));
        Ok(json!({"position": position(&after, &after.board()), "moves_left": moves_left}))
    }

    fn undo(&mut self, side: Side, to: Option<usize>) -> Result<Vec<String>, Refusal> {
        self.can_undo(side).map_err(Refusal::CannotUndo)?;
        let last = self.plies.len() - 1;
        let ply = to.unwrap_or(last);
        if ply > last {
            return Err(Refusal::CannotUndo(format!("ply {ply}: only {} actions are in force", last + 1)));
        }
        // Several at once only when every one of them is the seat's own: no die has rolled
        // and the other side has not decided in between.
        if let Some(p) = self.plies[ply..].iter().find(|p| p.actor != Actor::Side(side)) {
            return Err(Refusal::CannotUndo(match p.actor {
                Actor::Chance => "the dice have rolled since; their result stands".into(),
                _ => format!("{} has acted since", side.enemy().title()),
            }));
        }
        self.truncate(ply)?;
        self.seq += 1;
        Ok(vec![Entry::Undo(ply).text()])
    }

    fn settle(&mut self) -> Vec<String> {
        self.resolve_chance()
    }

    fn bot_job(&self) -> Option<BotJob> {
        let Actor::Side(side) = self.game.actor() else { return None };
        let bot = Arc::clone(self.bots[side.index()].as_ref()?);
        let quiet = self.quiet.clone();
        Some(BotJob {
            side,
            seq: self.seq,
            work: Box::new(move || {
                let legal = quiet.legal_actions();
                let action = bot.lock().expect("bot lock").choose_from(&quiet, &legal);
                serde_json::to_value(&action).expect("actions serialise")
            }),
        })
    }

    fn replay(&self, ply: usize) -> Result<Value, Refusal> {
        if ply > self.plies.len() {
            return Err(Refusal::OutOfRange(format!("ply {ply}: the game has {} so far", self.plies.len())));
        }
        let game = self.replayed(ply, false)?;
        let Value::Object(mut m) = json!(position(&game, &game.board())) else { unreachable!("a struct") };
        m.insert("ply".into(), json!(ply));
        m.insert("plies".into(), json!(self.plies.len()));
        m.insert("label".into(), json!(ply.checked_sub(1).map(|i| &self.plies[i].label)));
        Ok(Value::Object(m))
    }

    fn odds(&self, index: usize, follow: Option<&str>) -> Result<Job, Refusal> {
        let legal = self.game.legal_actions();
        let action = legal
            .get(index)
            .ok_or_else(|| Refusal::OutOfRange(format!("action {index}: there are {} legal actions", legal.len())))?
            .clone();
        let label = self.game.describe(&action);
        // The unit the page sends in next by the same click (the tenth playtest: an Assault's
        // odds assumed brigades joining that the click never joined): the odds start from the
        // action taken, with that unit's joining as the action.
        let (quiet, action) = match follow.and_then(|u| followed(&self.quiet, &action, u)) {
            Some((after, join)) => (after, join),
            None => (self.quiet.clone(), action),
        };
        Ok(Box::new(move || {
            // Through the opponent's choices (a defender's which-company-takes-the-hit), each
            // answered as the greedy bot would: the odds reach the dice that decide.
            let mut reply = |g: &G| bots::GreedyBot::with_limits(0, REPLY_LIMIT, REPLY_SAMPLES).choose(g);
            // And beside them, the odds for each option of the other side's first choice
            // (a defender's Lead Brigade, 4.2 in Fire on the Mountain): the page shows the
            // range, so the outcome the opponent may choose is never missing.
            // Where too many decisions lie on the way to follow them all exactly, sampled
            // playouts finish the rest (labelled as such: `sampled`), from a seed of the
            // position, so the same position always shows the same odds.
            let reach = analysis::Reach {
                limit: ODDS_LIMIT,
                max_replies: ODDS_REPLIES,
                max_choices: ODDS_CHOICES,
                playouts: ODDS_PLAYOUTS,
                seed: quiet.state_hash(),
            };
            let (through, alternatives) = analysis::odds_through(&quiet, &action, reach, &mut reply)
                .map_err(|e| Refusal::TooLarge(format!("more than {} chance outcomes to enumerate ({e})", e.limit)))?;
            let own_made = through.own_made.clone();
            let (replies, own, taken, cut, rolls, unfinished, sampled) = (
                through.replies,
                through.own,
                through.taken,
                through.cut,
                through.rolls,
                through.unfinished,
                through.sampled,
            );
            let dist = through.distribution;
            let classes = |d: &analysis::Distribution<G>| -> Vec<Value> {
                d.classes().into_iter().map(|c| json!({"probability": c.probability, "changes": c.changes})).collect()
            };
            let alternatives: Vec<Value> = alternatives
                .iter()
                .map(|a| json!({"choice": a.choice, "question": a.question, "classes": classes(&a.through.distribution)}))
                .collect();
            let assumption = odds_assumption(replies, (own, &own_made), &taken, cut, alternatives.len());
            // Where the odds made the player's own choices for him (fight on or retreat), the
            // dice alone as far as his first such choice, beside them (the eighth playtest: a
            // melee marker read "90.6% retreated", the retreat being the player's own).
            // Only where the dice decide something before that choice: odds that could only
            // say "nothing changes" (a FotM Assault's Lead chosen before any die) say nothing.
            let to_own = if own > 0 {
                analysis::outcomes_to_own_choice(&quiet, &action, ODDS_LIMIT, ODDS_REPLIES, &mut reply)
                    .ok()
                    .filter(|t| t.distribution.classes().iter().any(|c| !c.changes.is_empty()))
                    .map(|t| {
                        let question = t.distribution.positions.iter().find_map(|r| {
                            (r.game.actor() == quiet.actor() && r.game.outcome().is_none())
                                .then(|| r.game.prompt().text)
                        });
                        json!({"classes": classes(&t.distribution), "unfinished": t.unfinished, "question": question})
                    })
            } else {
                None
            };
            Ok(
                json!({"label": label, "classes": classes(&dist), "alternatives": alternatives, "rolls": rolls, "unfinished": unfinished, "sampled": sampled, "expanded": dist.expanded, "replies": replies, "own": own + taken.len(), "cut": cut, "assumption": assumption, "to_own": to_own}),
            )
        }))
    }

    fn reach(&self, seat: Option<Side>, unit: &str) -> String {
        let destinations = if self.to_act(seat) {
            engine::reach::destinations(&self.quiet, unit, REACH_POSITIONS)
        } else {
            Vec::new()
        };
        json!({"seq": self.seq, "unit": unit, "destinations": destinations}).to_string()
    }

    fn why(&self, probe: &engine::Probe) -> Value {
        let mut why = engine::explain(&self.game, probe);
        // A hex beyond the unit's reach: say so in the reach's terms, with the rule that
        // stops it on the way there, rather than "not adjacent" (issue 15 F2).
        if !why.offered
            && let engine::Probe::Hex { hex, unit: Some(unit) } = probe
            && let Some(r) = crate::beyond::beyond_reach(&self.quiet, unit, hex, REACH_POSITIONS, why.refusals.first())
        {
            why.refusals = vec![r];
        }
        json!(why)
    }

    fn map_svg(&self) -> String {
        render::map_svg(&self.fresh.board())
    }

    fn legend_svg(&self) -> String {
        render::legend_svg(&self.fresh.board())
    }

    fn legend(&self) -> Value {
        let board = self.fresh.board();
        json!({"terrain": board.legend, "aids": self.fresh.aids(), "north": board.north})
    }

    fn record(&self) -> Value {
        let (scenario, options) = self.game.scenario();
        let record = engine::Record {
            ruleset: catalog::scenario(scenario).map_or_else(String::new, |s| s.ruleset),
            scenario: scenario.to_string(),
            options: options.to_vec(),
            seed: None,
            actions: self.plies.iter().map(|p| p.action.clone()).collect(),
            final_hash: Some(engine::hash_hex(self.game.state_hash())),
        };
        json!(record)
    }

    fn summary(&self) -> Value {
        let turn =
            self.game.board().tracks.into_iter().find(|(n, _)| n.to_lowercase().starts_with("turn")).map(|(_, v)| v);
        json!({
            "id": self.meta.id,
            "title": self.title,
            "actor": actor_name(self.game.actor()),
            "players": Side::BOTH.map(|s| (s.name(), self.meta.players[s.index()].clone())).into_iter().collect::<std::collections::BTreeMap<_, _>>(),
            "outcome": self.game.outcome(),
            "ply": self.plies.len(),
            "turn": turn,
        })
    }

    fn marks(&self) -> Job {
        let mut g = self.fresh.clone();
        let actions: Vec<G::Action> = self.plies.iter().map(|p| p.action.clone()).collect();
        Box::new(move || {
            g.set_logging(false);
            let mut marks = Vec::new();
            let mut last: Option<(Option<String>, &'static str)> = None;
            for ply in 0..=actions.len() {
                if ply > 0 {
                    g.apply(&actions[ply - 1]).map_err(|e| Refusal::Corrupt(e.to_string()))?;
                }
                let actor = actor_name(g.actor());
                if actor == "chance" {
                    continue;
                }
                let now = (turn_of(&g), actor);
                if last.as_ref() != Some(&now) {
                    marks.push(json!({"ply": ply, "turn": now.0, "actor": actor}));
                    last = Some(now);
                }
            }
            Ok(Value::Array(marks))
        })
    }
}

/// The turn track's value ("3 of 12"), read from the board's tracks.
fn turn_of<G: Game>(g: &G) -> Option<String> {
    g.board().tracks.into_iter().find(|(name, _)| name.to_lowercase().starts_with("turn")).map(|(_, v)| v)
}

/// What the odds assumed on the way (issue 15), in a player's words, or `None` where chance
/// alone decided: the other side's choices and the player's own inside what the action began.
/// `action` taken in `game`, and then `unit`'s one action on the same hex (its joining the
/// Assault the action announced; never a choice such as taking it out), if it has exactly one.
fn followed<G: Game>(game: &G, action: &G::Action, unit: &str) -> Option<(G, G::Action)> {
    let view = game.action_view(action);
    let mut after = game.clone();
    after.apply_unchecked(action);
    if after.actor() != game.actor() {
        return None;
    }
    let mut joins = after.legal_actions().into_iter().filter(|a| {
        let v = after.action_view(a);
        v.unit.as_deref() == Some(unit) && v.hex == view.hex && v.kind != "choice"
    });
    let join = joins.next()?;
    joins.next().is_none().then_some((after, join))
}

fn odds_assumption(
    replies: usize,
    (own, own_made): (usize, &[String]),
    taken: &[String],
    cut: bool,
    options: usize,
) -> Option<String> {
    let mut parts = Vec::new();
    if replies > 0 {
        parts.push(format!("the other side's {replies} choice(s) on the way answered by its best move by the ruleset's evaluation (the greedy bot)"));
    }
    if options > 0 {
        parts.push(format!(
            "beside it, each of the {options} options of the other side's first choice, shown as a range"
        ));
    }
    if own > 0 {
        // Which, by name, as far as they go (the tenth playtest: which Lead Brigade).
        let named = if own_made.is_empty() { String::new() } else { format!(": {}", own_made.join("; ")) };
        parts.push(format!(
            "your own {own} choice(s) inside it (who takes a hit, who leads, fighting on, retreats) made as the greedy bot would{named}"
        ));
    }
    if !taken.is_empty() {
        parts.push(format!("your own steps after it: {}", taken.join("; ")));
    }
    if cut {
        parts.push(format!("beyond {ODDS_REPLIES} choices the odds stop where one is still to be made"));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

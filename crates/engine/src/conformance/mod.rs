//! The conformance suite every ruleset runs, generic over [`Game`] and knowing no ruleset.
//!
//! Modelled on OpenSpiel's `open_spiel/tests/basic_tests.h` (`RandomSimTest`,
//! `CheckChanceOutcomes`, serialization round trips), where every game's test file calls
//! the same shared checks; and on Rally the Troops' fuzzer, which hunts crashes, dead
//! ends and runaway games. A ruleset's `tests/conformance.rs` is one line per check:
//!
//! ```no_run
//! # use engine::Game;
//! # fn demo<G: Game + PartialEq>(new: impl Fn() -> G + Copy) -> Result<(), String> {
//! use engine::conformance;
//! conformance::random_games(new, 5, 1, 20_000)?;
//! conformance::random_openings(new, 5, 1, 500)?;
//! conformance::replay_identical(new, 2, 2, 20_000)?;
//! conformance::illegal_refused_eq(new, 2, 3, 20_000)?;
//! conformance::clone_independent_eq(new, 2, 4, 20_000)?;
//! conformance::metrics_stable(new, 2, 5, 20_000)?;
//! conformance::action_views_on_board(new, 1, 6, 20_000)?;
//! conformance::hostile_actions_refused(new, 1, 7, 20_000)?;
//! # Ok(()) }
//! ```
//!
//! # The random policy
//!
//! Every check plays games with one policy, [`random_action`], so that a failure is
//! reproduced from its seed alone: game `i` of a batch seeded `seed` uses
//! `Dice::seeded(Dice::game_seed(seed, i))` (the *game seed* every failure message
//! prints), and at each decision draws exactly once from it: `Dice::sample` over
//! [`Game::chance_outcomes`] when Chance acts, `Dice::choose` over
//! [`Game::legal_actions`] when a side acts.
//!
//! # Failures
//!
//! Each check returns `Err` with every failure found (one per failing game), each naming
//! the check, the game seed, the decision number (0-based, counted from `new()`) and the
//! pending prompt (its rule and text), so the position can be rebuilt with
//! [`replay_random`]. Panics inside the game are caught and reported the same way.

mod params;
mod probes;
pub use probes::probes_explained;

use crate::{Actor, Dice, Game, Record, RecordError, hash_hex, replay};
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt::Debug;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Mixed into a game seed for the values [`action_views_on_board`] samples from the ranges of
/// parametrised actions (issue 17), so the random policy's draws stay as they were.
const PARAM_SAMPLES: u64 = 0x5041_5241_4d53;

/// How far the sum of a chance node's probabilities may stray from one.
pub const PROBABILITY_TOLERANCE: f64 = 1e-9;

/// How many positions along each game [`illegal_refused`] probes.
const ILLEGAL_PROBE_POSITIONS: usize = 64;

/// How many legal actions of other positions [`illegal_refused`] keeps per game.
const POOL_SIZE: usize = 256;

/// [`clone_independent`] clones the game every this many decisions.
const CLONE_STRIDE: u64 = 64;

/// How many decisions [`clone_independent`] plays on each clone.
const CLONE_ROLLOUT: u64 = 8;

/// The suite's random policy: one draw from `dice`, by probability among the chance
/// outcomes when Chance acts, uniformly among the legal actions when a side acts;
/// `None` once the game is over.
///
/// # Panics
/// At a dead end: a side to act with no legal action, or Chance with no outcome
/// ([`random_games`] reports these as failures instead).
pub fn random_action<G: Game>(game: &G, dice: &mut Dice) -> Option<G::Action> {
    match game.actor() {
        Actor::Over => None,
        Actor::Chance => {
            let outcomes = game.chance_outcomes();
            assert!(!outcomes.is_empty(), "dead end: Chance acts with no outcome at {}", prompt_of(game));
            Some(dice.sample(&outcomes).clone())
        }
        Actor::Side(side) => {
            let legal = game.legal_actions();
            assert!(!legal.is_empty(), "dead end: {side:?} acts with no legal action at {}", prompt_of(game));
            Some(dice.choose(&legal).clone())
        }
    }
}

/// Plays up to `decisions` decisions of the random policy ([`random_action`]) on `game`
/// with `dice`, stopping early if the game ends; returns the actions taken. This is the
/// definition of "play N random decisions" that legal-action count files use.
///
/// # Panics
/// At a dead end (see [`random_action`]), or if the game refuses an action it listed.
pub fn play_random<G: Game>(game: &mut G, dice: &mut Dice, decisions: u64) -> Vec<G::Action> {
    let mut taken = Vec::new();
    for _ in 0..decisions {
        let Some(action) = random_action(game, dice) else {
            break;
        };
        if let Err(illegal) = game.apply(&action) {
            panic!("the game refused an action it listed ({action:?}): {illegal}");
        }
        taken.push(action);
    }
    taken
}

/// Plays one whole random game from a clone of `base` per seed, applying unchecked (the
/// workload of the `games` bench group, for `perf record` in the rulesets' `random_play`
/// examples); returns the decisions played in all.
///
/// # Panics
/// At a dead end (see [`random_action`]).
pub fn random_decisions<G: Game>(base: &G, seeds: std::ops::Range<u64>) -> u64 {
    let mut decisions = 0;
    for seed in seeds {
        let mut game = base.clone();
        let mut dice = Dice::seeded(seed);
        while let Some(action) = random_action(&game, &mut dice) {
            game.apply_unchecked(&action);
            decisions += 1;
        }
    }
    decisions
}

/// Rebuilds the position a failure message names: a fresh game from `new`, then
/// `decisions` decisions of the random policy with `Dice::seeded(game_seed)`.
///
/// # Panics
/// As [`play_random`].
pub fn replay_random<G: Game>(new: impl Fn() -> G, game_seed: u64, decisions: u64) -> G {
    let mut game = new();
    play_random(&mut game, &mut Dice::seeded(game_seed), decisions);
    game
}

/// Plays `games` random games to the end, checking every decision, in the manner of
/// OpenSpiel's `RandomSimTest` and `CheckChanceOutcomes` (`open_spiel/tests/basic_tests.h`).
///
/// Fails on:
/// - a panic anywhere in the game (caught; the message names the game seed);
/// - a dead end: a side to act with no legal action, a chance node with no outcome, or a
///   position the ruleset itself reports it cannot finish legally ([`Game::dead_end`]: a
///   unit that began a move it can no longer complete without undo);
/// - a runaway: the game not over after `max_decisions` decisions;
/// - at every chance node, a probability outside (0, 1] or not finite, or probabilities
///   whose sum is more than [`PROBABILITY_TOLERANCE`] from one;
/// - duplicates among the legal actions or the chance outcomes, or two distinct actions
///   that serialize to the same JSON (a record could not tell them apart);
/// - the action taken not surviving a JSON round trip;
/// - a listed action or outcome refused by [`Game::apply`];
/// - [`Game::legal_actions`] not empty when Chance acts or the game is over,
///   [`Game::chance_outcomes`] not empty when a side acts or the game is over, the
///   prompt's actor differing from [`Game::actor`], or no [`Game::outcome`] at the end.
///
/// # Errors
/// One line per failing game (each game stops at its first failure).
pub fn random_games<G: Game>(new: impl Fn() -> G, games: u64, seed: u64, max_decisions: u64) -> Result<(), String> {
    random_walks("random_games", new, games, seed, max_decisions, true)
}

/// Every check of the suite on games from `new`, for `PartialEq` games: [`random_games`] on
/// `games` games, then [`replay_identical`], [`illegal_refused_eq`] and
/// [`clone_independent_eq`] on `checked` games each, seeds `seed`, `seed + 1`, ... so one
/// call covers one start position. Stops at the first check that fails.
///
/// # Errors
/// The failing check's report.
pub fn suite_eq<G: Game + PartialEq>(
    new: impl Fn() -> G,
    games: u64,
    checked: u64,
    seed: u64,
    max_decisions: u64,
) -> Result<(), String> {
    random_games(&new, games, seed, max_decisions)?;
    replay_identical(&new, checked, seed + 1, max_decisions)?;
    illegal_refused_eq(&new, checked, seed + 2, max_decisions)?;
    clone_independent_eq(&new, checked, seed + 3, max_decisions)
}

/// Whole games played by the two deterministic players, one always taking the first legal
/// action listed and one always the last (chance sampled from `seed`), each end within
/// `max_decisions`: no phase or activation is endless however a player chooses, where random
/// play would leave a loop of free actions (a facing flipped back and forth, a unit selected
/// and selected again) by chance (GBACW's issue 16: "finite phases").
///
/// # Errors
/// One line for each player that meets a side with no action or does not finish.
pub fn first_and_last_players_finish<G: Game>(
    new: impl Fn() -> G,
    seed: u64,
    max_decisions: u64,
) -> Result<(), String> {
    let mut failures = Vec::new();
    for (name, first) in [("first-action", true), ("last-action", false)] {
        let run = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
            let mut g = new();
            g.set_logging(false);
            let mut dice = Dice::seeded(seed);
            for _ in 0..max_decisions {
                let a = match g.actor() {
                    Actor::Over => return Ok(()),
                    Actor::Chance => dice.sample(&g.chance_outcomes()).clone(),
                    Actor::Side(_) => {
                        let legal = g.legal_actions();
                        let pick = if first { legal.first() } else { legal.last() };
                        pick.ok_or_else(|| format!("no legal action at {}", g.prompt().text))?.clone()
                    }
                };
                g.apply(&a).map_err(|e| format!("a listed action refused ({}: {})", e.rule, e.reason))?;
            }
            Err(format!("no end after {max_decisions} decisions, at {}", g.prompt().text))
        }));
        match run {
            Ok(Ok(())) => {}
            Ok(Err(e)) => failures.push(format!("{name} player: {e}")),
            Err(p) => failures.push(format!("{name} player: panicked: {}", panic_message(p.as_ref()))),
        }
    }
    if failures.is_empty() { Ok(()) } else { Err(format!("first_and_last_players_finish:\n{}", failures.join("\n"))) }
}

/// Fails a test with a check's report, printed as written (not `Debug`-escaped).
///
/// # Panics
/// When `result` is an error.
pub fn expect(result: Result<(), String>) {
    if let Err(report) = result {
        panic!("\n{report}");
    }
}

/// The checks of [`random_games`] over the first `decisions` decisions of each of
/// `games` random games (a game that ends sooner is checked to its end): for rulesets
/// whose whole games are too slow for a debug-profile `cargo test`, with
/// [`random_games`] run on whole games in an `#[ignore]`d or release test.
///
/// # Errors
/// One line per failing game (each game stops at its first failure).
pub fn random_openings<G: Game>(new: impl Fn() -> G, games: u64, seed: u64, decisions: u64) -> Result<(), String> {
    random_walks("random_openings", new, games, seed, decisions, false)
}

/// The body of [`random_games`] (`to_end`) and [`random_openings`].
fn random_walks<G: Game>(
    check: &'static str,
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
    to_end: bool,
) -> Result<(), String> {
    run_batch(check, &new, games, seed, |trail| {
        let mut game = new();
        let mut dice = Dice::seeded(trail.game_seed);
        loop {
            let Some(action) = checked_action(&game, &mut dice).map_err(|e| trail.fail(&new, e))? else {
                return match game.outcome() {
                    Some(_) => Ok(()),
                    None => Err(trail.fail(&new, "the game is over but outcome() is None".into())),
                };
            };
            if let Some(why) = game.dead_end() {
                return Err(trail.fail(&new, format!("dead end: {why}")));
            }
            if trail.actions.len() as u64 >= max_decisions {
                return if to_end {
                    Err(trail.fail(&new, format!("runaway: the game is not over after {max_decisions} decisions")))
                } else {
                    Ok(())
                };
            }
            trail.pending = true;
            if let Err(illegal) = game.apply(&action) {
                return Err(trail.fail(&new, format!("the game refused an action it listed ({action:?}): {illegal}")));
            }
            trail.pending = false;
            trail.actions.push(action);
        }
    })
}

/// Checks that records replay to the identical state, in the manner of OpenSpiel's
/// serialization checks in `open_spiel/tests/basic_tests.h`: for each of `games` random
/// games (played to the end or to `max_decisions` decisions, whichever comes first),
/// the action list is saved as an [`crate::Record`] to JSON, parsed back (it must equal
/// the original), and replayed with [`crate::replay`] onto a fresh game with logging off;
/// it must reach the original's [`Game::state_hash`], and so must replays of prefixes cut
/// at several points (each compared with the original's hash at that point). The
/// original plays with logging as `new` sets it, so a log that leaked into the hash or
/// into the play shows up here too.
///
/// # Errors
/// One line per failing game, naming the first decision whose hash differs.
pub fn replay_identical<G: Game>(new: impl Fn() -> G, games: u64, seed: u64, max_decisions: u64) -> Result<(), String> {
    run_batch("replay_identical", &new, games, seed, |trail| {
        let mut game = new();
        let mut dice = Dice::seeded(trail.game_seed);
        let mut hashes = vec![game.state_hash()];
        while (trail.actions.len() as u64) < max_decisions {
            let Some(action) = random_action(&game, &mut dice) else {
                break;
            };
            trail.play(&mut game, action);
            hashes.push(game.state_hash());
        }
        let (scenario, options) = game.scenario();
        let record = Record {
            ruleset: scenario.to_string(),
            scenario: scenario.to_string(),
            options: options.to_vec(),
            seed: Some(trail.game_seed),
            actions: trail.actions.clone(),
            final_hash: Some(hash_hex(game.state_hash())),
        };
        let json = serde_json::to_string(&record)
            .map_err(|e| trail.fail(&new, format!("the record does not serialize: {e}")))?;
        let back: Record<G::Action> = serde_json::from_str(&json)
            .map_err(|e| trail.fail(&new, format!("the record's JSON does not parse back: {e}")))?;
        if back != record {
            return Err(trail.fail(&new, "the record parsed back from JSON differs from the one written".into()));
        }
        let quiet = || {
            let mut g = new();
            g.set_logging(false);
            g
        };
        let n = back.actions.len();
        let mut cuts = vec![n, 1, n / 7, n / 3, (2 * n) / 3];
        cuts.retain(|&k| k <= n);
        cuts.dedup();
        for k in cuts {
            let replayed = match replay(quiet(), &back.actions[..k]) {
                Ok(g) => g,
                Err(RecordError::Illegal { index, illegal }) => {
                    return Err(diverged(
                        trail,
                        &new,
                        &hashes,
                        &format!("replaying {k} actions: action {index} refused: {illegal}"),
                    ));
                }
                Err(e) => return Err(trail.fail(&new, format!("replaying {k} actions: {e}"))),
            };
            if k == n
                && let Err(e) = back.check_hash(&replayed)
            {
                return Err(diverged(trail, &new, &hashes, &format!("replaying the whole record: {e}")));
            }
            if replayed.state_hash() != hashes[k] {
                return Err(diverged(
                    trail,
                    &new,
                    &hashes,
                    &format!(
                        "replaying the first {k} actions reached hash {}, the original had {}",
                        hash_hex(replayed.state_hash()),
                        hash_hex(hashes[k])
                    ),
                ));
            }
        }
        Ok(())
    })
}

/// Checks that [`Game::metrics`] declares the same measures in the same order, each of
/// the same kind ([`crate::Metric::Number`] or [`crate::Metric::YesNo`]), at every
/// position of `games` random games (to the end or to `max_decisions`), and that no
/// number is NaN or infinite, so that a balance study can line games up by key.
///
/// # Errors
/// One line per failing game, naming the first position that differs.
pub fn metrics_stable<G: Game>(new: impl Fn() -> G, games: u64, seed: u64, max_decisions: u64) -> Result<(), String> {
    let shape = |g: &G| -> Vec<(String, bool)> {
        g.metrics().into_iter().map(|(k, m)| (k, matches!(m, crate::Metric::YesNo(_)))).collect()
    };
    run_batch("metrics_stable", &new, games, seed, |trail| {
        let mut game = new();
        let mut dice = Dice::seeded(trail.game_seed);
        let first = shape(&game);
        loop {
            if shape(&game) != first {
                return Err(trail
                    .fail(&new, format!("the metrics {:?} differ from those at the start {first:?}", shape(&game))));
            }
            if let Some((k, _)) = game.metrics().iter().find(|(_, m)| m.value().is_some_and(|v| !v.is_finite())) {
                return Err(trail.fail(&new, format!("the metric {k:?} is not a finite number")));
            }
            if trail.actions.len() as u64 >= max_decisions {
                return Ok(());
            }
            let Some(action) = random_action(&game, &mut dice) else {
                return Ok(());
            };
            trail.play(&mut game, action);
        }
    })
}

/// The kinds an [`crate::ActionView`] may have, for a page to group and style actions by:
/// `chance` is a chance outcome (a roll, a pull, a pick), `choice` any other button,
/// `formation` a change of how a unit stands that moves it nowhere (a table's formation
/// change, mounting, limbering: `docs/plans/rotr.md` 4.3).
pub const ACTION_KINDS: [&str; 13] = [
    "move",
    "fire",
    "melee",
    "place",
    "retreat",
    "rally",
    "select",
    "face",
    "board",
    "done",
    "choice",
    "chance",
    "formation",
];

/// Checks that every action a page is offered can be shown on the board
/// ([`Game::action_view`]): along each of `games` random games (to the end or to
/// `max_decisions`), at every position, every legal action and chance outcome has a view whose
/// `label` is exactly [`Game::describe`]'s, whose `kind` is one of [`ACTION_KINDS`], whose
/// `hex` and `from`, if any, are labels of hexes of [`Game::board`], and whose `unit`, if any,
/// is a non-empty id. A `unit` that is the [`crate::CounterView::id`] of a counter on the board
/// must stand on the view's `from`, if it has one, and must not move or retreat into the hex
/// it stands on; a unit off the map (aboard, not yet arrived) is any non-empty id. A
/// placement (`place`) names its hex.
///
/// Parametrised actions (issue 17) are checked too: each value's range in the view is exact,
/// every value inside it legal by [`Game::is_legal`] and the first ones outside refused
/// (sampled through [`Game::with_params`]).
///
/// # Errors
/// One line per failing game, naming the action and what is wrong with its view.
pub fn action_views_on_board<G: Game>(
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
) -> Result<(), String> {
    run_batch("action_views_on_board", &new, games, seed, |trail| {
        let mut game = new();
        game.set_logging(false);
        let mut dice = Dice::seeded(trail.game_seed);
        // The values sampled from parametrised actions' ranges, apart from the policy's draws.
        let mut samples = Dice::seeded(trail.game_seed ^ PARAM_SAMPLES);
        loop {
            let actions: Vec<G::Action> = match game.actor() {
                Actor::Over => return Ok(()),
                Actor::Chance => game.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
                Actor::Side(_) => game.legal_actions(),
            };
            let board = game.board();
            let hexes: HashSet<&str> = board.hexes.iter().map(|h| h.hex.as_str()).collect();
            let counters: HashMap<&str, &str> =
                board.counters.iter().map(|c| (c.id.as_str(), c.hex.as_str())).collect();
            for a in &actions {
                view_fault(&game, a, &hexes, &counters, board.table.as_ref())
                    .and_then(|()| params::params_fault(&game, a, &mut samples))
                    .map_err(|e| trail.fail(&new, format!("{a:?}: {e}")))?;
            }
            if trail.actions.len() as u64 >= max_decisions {
                return Ok(());
            }
            let Some(action) = random_action(&game, &mut dice) else {
                return Ok(());
            };
            trail.play(&mut game, action);
        }
    })
}

/// What is wrong with the view of action `a` (see [`action_views_on_board`]), given the
/// board's hex labels and its counters' hexes by id.
pub(crate) fn view_fault<G: Game>(
    game: &G,
    a: &G::Action,
    hexes: &HashSet<&str>,
    counters: &HashMap<&str, &str>,
    table: Option<&crate::TableView>,
) -> Result<(), String> {
    let v = game.action_view(a);
    let said = game.describe(a);
    if v.label != said {
        return Err(format!("its view's label {:?} is not describe()'s {said:?}", v.label));
    }
    if !ACTION_KINDS.contains(&v.kind.as_str()) {
        return Err(format!("its view's kind {:?} is not one of {ACTION_KINDS:?}", v.kind));
    }
    // On a table (issue 17) an action names units, never hexes; on a map, never a target.
    match table {
        Some(t) => {
            if v.hex.is_some() || v.from.is_some() {
                return Err("its view names a hex on a table".into());
            }
            for (field, id) in [("unit", &v.unit), ("target", &v.target)] {
                if let Some(id) = id
                    && !t.names(id)
                {
                    return Err(format!("its view's {field} {id:?} is not a unit or commander on the table"));
                }
            }
            return Ok(());
        }
        None if v.target.is_some() => return Err("its view names a target unit on a hex map (a table's field)".into()),
        None => {}
    }
    for (field, h) in [("hex", &v.hex), ("from", &v.from)] {
        if let Some(h) = h
            && !hexes.contains(h.as_str())
        {
            return Err(format!("its view's {field} {h:?} is not a hex of the board"));
        }
    }
    if v.kind == "place" && v.hex.is_none() {
        return Err("its view is a placement naming no hex".into());
    }
    let Some(unit) = &v.unit else { return Ok(()) };
    if unit.trim().is_empty() {
        return Err("its view names a unit with an empty id".into());
    }
    let Some(&at) = counters.get(unit.as_str()) else { return Ok(()) };
    if let Some(from) = &v.from
        && from != at
    {
        return Err(format!("its view's unit {unit} stands on {at}, not on its from {from}"));
    }
    if matches!(v.kind.as_str(), "move" | "retreat") && v.hex.as_deref() == Some(at) {
        return Err(format!("its view's unit {unit} would {} into {at}, where it already stands", v.kind));
    }
    Ok(())
}

/// Checks that actions not legal now are refused and change nothing, as OpenSpiel's
/// `basic_tests.h` checks illegal-action handling and "Illegal input changes nothing" in
/// muster's brief demands. For each of `games` random games (to the end or to
/// `max_decisions`), the legal actions of other positions of the same game (earlier and
/// later) and its chance outcomes are collected; then, at 64 positions spread along the
/// game and at its end, some that are not legal there are offered to [`Game::apply`]:
/// other positions' actions to a side, chance outcomes to a side, side actions and
/// unoffered outcomes to Chance, anything once the game is over. Each must be refused
/// with an [`crate::Illegal`] whose rule and reason are not empty, leaving
/// [`Game::state_hash`] and the log's length unchanged.
///
/// Use [`illegal_refused_eq`] when the game is `PartialEq`: it also compares the whole
/// state with a clone taken before.
///
/// # Errors
/// One line per failing game.
pub fn illegal_refused<G: Game>(new: impl Fn() -> G, games: u64, seed: u64, max_decisions: u64) -> Result<(), String> {
    illegal_inner("illegal_refused", new, games, seed, max_decisions, None::<fn(&G, &G) -> bool>)
}

/// [`illegal_refused`], also checking with `==` that a refused action leaves the state
/// equal to a clone taken before it was offered.
///
/// # Errors
/// One line per failing game.
pub fn illegal_refused_eq<G: Game + PartialEq>(
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
) -> Result<(), String> {
    illegal_inner("illegal_refused_eq", new, games, seed, max_decisions, Some(|a: &G, b: &G| a == b))
}

/// Checks that a clone is an independent value, as OpenSpiel's `basic_tests.h` plays on
/// clones of states mid-game: along each of `games` random games (to the end or to
/// `max_decisions`), every 64th position is cloned; the clone must hash like the
/// original, and playing 8 random decisions on the clone must leave the original's
/// [`Game::state_hash`] and log length unchanged; then a decision on the original must
/// leave the clone's hash unchanged.
///
/// Use [`clone_independent_eq`] when the game is `PartialEq`.
///
/// # Errors
/// One line per failing game.
pub fn clone_independent<G: Game>(
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
) -> Result<(), String> {
    clone_inner("clone_independent", new, games, seed, max_decisions, None::<fn(&G, &G) -> bool>)
}

/// [`clone_independent`], also checking with `==` that a fresh clone equals the original
/// and that the original still equals a snapshot after the clone is played on.
///
/// # Errors
/// One line per failing game.
pub fn clone_independent_eq<G: Game + PartialEq>(
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
) -> Result<(), String> {
    clone_inner("clone_independent_eq", new, games, seed, max_decisions, Some(|a: &G, b: &G| a == b))
}

/// Checks that actions a hostile client could send are refused, or taken, without a panic:
/// a server deserialises actions from anyone on the network, so well-formed JSON naming a
/// formation, unit, chit or hex that does not exist must be refused with an
/// [`crate::Illegal`] like any other illegal action.
///
/// Each of `games` random games (to the end or to `max_decisions`) is played once to collect
/// actions, and replayed to probe positions: [`HOSTILE_PROBE_POSITIONS`] spread along it, the
/// first position at which each rule asks for a decision (up to [`HOSTILE_RULE_POSITIONS`]),
/// and its end. At each, the JSON of one action of each shape on offer there (legal actions or
/// chance outcomes), and of one action of each other shape offered in this game or earlier
/// games of the batch, is made hostile one leaf at a time: each integer replaced by each of
/// [`HOSTILE_INTEGERS`], by one more than itself and by `null`; each string by each of
/// [`HOSTILE_STRINGS`], by itself with its first or its last character changed, and by
/// `null`; each `null` by those integers and strings; each boolean by its negation. Every
/// variant that deserialises back into [`Game::Action`] (so the integers that fit its type,
/// the strings its fields parse) is given to [`Game::describe`], [`Game::action_view`] and,
/// unless it is legal there, [`Game::why_illegal`]: none may panic. Then to [`Game::apply`]: a
/// variant that is legal must be accepted (on a clone); any other must be refused citing a
/// rule and giving a reason, leaving [`Game::state_hash`] and the log's length unchanged.
///
/// # Errors
/// One entry per failing game, listing its first few distinct faults (at most
/// [`HOSTILE_FAULTS_PER_GAME`]), each naming the position, the hostile action's JSON (and the
/// action it was made from), the method and the panic message or what went wrong.
pub fn hostile_actions_refused<G: Game>(
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
) -> Result<(), String> {
    // Actions of each shape offered in this game or earlier games of the batch, by shape.
    let mut pool: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    run_batch("hostile_actions_refused", &new, games, seed, |trail| {
        // Pass 1: play the game, keeping a few actions of each shape offered along it (a
        // sample of each position's, so that listing them costs little).
        let mut game = new();
        game.set_logging(false);
        let mut pick = Dice::seeded(trail.game_seed ^ 0x4057_11ed);
        let keep = |a: &G::Action, pool: &mut BTreeMap<String, Vec<Value>>| {
            if let Ok(v) = serde_json::to_value(a) {
                let kept = pool.entry(shape(&v)).or_default();
                if kept.len() < HOSTILE_POOL_PER_SHAPE && !kept.contains(&v) {
                    kept.push(v);
                }
            }
        };
        play_offering(trail, &new, &mut game, max_decisions, |offer, taken| {
            match offer {
                Offer::Chance(outcomes) => keep(&pick.choose(outcomes).0, &mut pool),
                Offer::Side(legal) => keep(pick.choose(legal), &mut pool),
            }
            keep(taken, &mut pool);
        })?;
        // Pass 2: replay it, offering hostile variants at positions spread along it and at
        // the first position of each rule's decision.
        let actions = std::mem::take(&mut trail.actions);
        let n = actions.len();
        let stride = (n / HOSTILE_PROBE_POSITIONS).max(1);
        let mut game = new();
        game.set_logging(false);
        let mut faults = Faults::default();
        let mut rules: HashSet<String> = HashSet::new();
        for (i, action) in actions.iter().enumerate() {
            let first_of_rule = rules.len() < HOSTILE_RULE_POSITIONS && rules.insert(game.prompt().rule);
            if (i % stride == 0 || first_of_rule)
                && !hostile_probe(trail, &new, &mut game, &pool, &mut pick, &mut faults)
            {
                break;
            }
            trail.play(&mut game, action.clone());
        }
        if trail.actions.len() == n {
            hostile_probe(trail, &new, &mut game, &pool, &mut pick, &mut faults);
        }
        if faults.lines.is_empty() { Ok(()) } else { Err(faults.lines.join("\n")) }
    })
}

// ---------------------------------------------------------------------------------------

/// What a position offered: chance's outcomes or the side's legal actions.
enum Offer<'a, A> {
    Chance(&'a [(A, f64)]),
    Side(&'a [A]),
}

/// Pass 1 of the two-pass checks: plays `game` (fresh, logging off) by the random policy
/// of [`random_action`] with the trail's seed, listing each position once, showing each
/// position's offer and the action taken to `see`, and recording the actions in `trail`.
///
/// # Errors
/// A dead end (a side or chance with nothing to do), as a failure message.
fn play_offering<G: Game>(
    trail: &mut Trail<G::Action>,
    new: &impl Fn() -> G,
    game: &mut G,
    max_decisions: u64,
    mut see: impl FnMut(Offer<'_, G::Action>, &G::Action),
) -> Result<(), String> {
    let mut dice = Dice::seeded(trail.game_seed);
    while (trail.actions.len() as u64) < max_decisions {
        let action = match game.actor() {
            Actor::Over => break,
            Actor::Chance => {
                let outcomes = game.chance_outcomes();
                if outcomes.is_empty() {
                    return Err(trail.fail(new, "dead end: Chance acts with no outcome".into()));
                }
                let a = dice.sample(&outcomes).clone();
                see(Offer::Chance(&outcomes), &a);
                a
            }
            Actor::Side(side) => {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    return Err(trail.fail(new, format!("dead end: {side:?} acts with no legal action")));
                }
                let a = dice.choose(&legal).clone();
                see(Offer::Side(&legal), &a);
                a
            }
        };
        trail.play(game, action);
    }
    Ok(())
}

/// Where a game of a batch stands, for failure messages and panic reports.
struct Trail<A> {
    check: &'static str,
    index: u64,
    batch_seed: u64,
    game_seed: u64,
    /// Actions taken so far from `new()`.
    actions: Vec<A>,
    /// An action was being applied (so a panic happened inside `apply`).
    pending: bool,
}

impl<A: Clone + Debug> Trail<A> {
    /// Applies `action` (known legal) to `game` and records it; a panic inside is reported
    /// as one in `apply`.
    fn play<G: Game<Action = A>>(&mut self, game: &mut G, action: A) {
        self.pending = true;
        game.apply_unchecked(&action);
        self.pending = false;
        self.actions.push(action);
    }

    /// A failure message for this game at its current decision.
    fn fail<G: Game<Action = A>>(&self, new: &impl Fn() -> G, what: String) -> String {
        self.fail_at(new, self.actions.len(), what)
    }

    /// A failure message for this game at decision `at` (the position after `at` actions).
    fn fail_at<G: Game<Action = A>>(&self, new: &impl Fn() -> G, at: usize, what: String) -> String {
        let actions = &self.actions[..at.min(self.actions.len())];
        let prompt = catch_unwind(AssertUnwindSafe(|| {
            let mut g = new();
            g.set_logging(false);
            for a in actions {
                g.apply_unchecked(a);
            }
            prompt_of(&g)
        }))
        .unwrap_or_else(|_| "(the position could not be rebuilt: it panics)".into());
        format!(
            "{}: {what}\n    game {} of batch seed {} (game seed {}), decision {at}, at {prompt}\n    rebuild: engine::conformance::replay_random(new, {}, {at})",
            self.check, self.index, self.batch_seed, self.game_seed, self.game_seed
        )
    }
}

/// The prompt as failure messages print it.
fn prompt_of<G: Game>(game: &G) -> String {
    let p = game.prompt();
    format!("[{:?}] {}: {}", p.actor, p.rule, p.text)
}

/// Runs `one` for each game of a batch with panics caught, collecting the failures.
fn run_batch<G: Game>(
    check: &'static str,
    new: &impl Fn() -> G,
    games: u64,
    seed: u64,
    mut one: impl FnMut(&mut Trail<G::Action>) -> Result<(), String>,
) -> Result<(), String> {
    let mut failures = Vec::new();
    for index in 0..games {
        let mut trail = Trail {
            check,
            index,
            batch_seed: seed,
            game_seed: Dice::game_seed(seed, index),
            actions: Vec::new(),
            pending: false,
        };
        match catch_unwind(AssertUnwindSafe(|| one(&mut trail))) {
            Ok(Ok(())) => {}
            Ok(Err(message)) => failures.push(message),
            Err(payload) => {
                let what = panic_message(payload.as_ref());
                let during =
                    if trail.pending { "while applying the next action" } else { "while listing or checking actions" };
                failures.push(trail.fail(new, format!("panic {during}: {what}")));
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} of {games} games failed:\n{}", failures.len(), failures.join("\n")))
    }
}

/// [`random_action`] with every per-decision check of [`random_games`].
fn checked_action<G: Game>(game: &G, dice: &mut Dice) -> Result<Option<G::Action>, String> {
    let actor = game.actor();
    let prompt = game.prompt();
    if prompt.actor != actor {
        return Err(format!("prompt() says {:?} acts, actor() says {actor:?}", prompt.actor));
    }
    let action = match actor {
        Actor::Over => {
            if !game.legal_actions().is_empty() {
                return Err("the game is over but legal_actions() is not empty".into());
            }
            if !game.chance_outcomes().is_empty() {
                return Err("the game is over but chance_outcomes() is not empty".into());
            }
            return Ok(None);
        }
        Actor::Chance => {
            if !game.legal_actions().is_empty() {
                return Err("Chance acts but legal_actions() is not empty".into());
            }
            let outcomes = game.chance_outcomes();
            if outcomes.is_empty() {
                return Err("dead end: Chance acts with no outcome".into());
            }
            let mut sum = 0.0;
            for (a, p) in &outcomes {
                if !(p.is_finite() && *p > 0.0 && *p <= 1.0) {
                    return Err(format!("chance outcome {a:?} has probability {p}, outside (0, 1]"));
                }
                sum += p;
            }
            if (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
                return Err(format!("chance probabilities sum to {sum:.12}, not 1 ({} outcomes)", outcomes.len()));
            }
            distinct(outcomes.iter().map(|(a, _)| a), "chance outcome")?;
            dice.sample(&outcomes).clone()
        }
        Actor::Side(side) => {
            if !game.chance_outcomes().is_empty() {
                return Err(format!("{side:?} acts but chance_outcomes() is not empty"));
            }
            let legal = game.legal_actions();
            if legal.is_empty() {
                return Err(format!("dead end: {side:?} acts with no legal action"));
            }
            distinct(legal.iter(), "legal action")?;
            dice.choose(&legal).clone()
        }
    };
    let json = serde_json::to_string(&action).map_err(|e| format!("action {action:?} does not serialize: {e}"))?;
    match serde_json::from_str::<G::Action>(&json) {
        Ok(back) if back == action => Ok(Some(action)),
        Ok(back) => Err(format!("action {action:?} comes back from JSON {json} as {back:?}")),
        Err(e) => Err(format!("action {action:?} serializes to {json}, which does not parse back: {e}")),
    }
}

/// Checks a list of actions for duplicates (by `==`) and for distinct actions sharing a
/// JSON form.
fn distinct<'a, A: PartialEq + Debug + serde::Serialize + 'a>(
    actions: impl Iterator<Item = &'a A>,
    what: &str,
) -> Result<(), String> {
    let mut seen: HashMap<String, &A> = HashMap::new();
    for a in actions {
        let json = serde_json::to_string(a).map_err(|e| format!("{what} {a:?} does not serialize: {e}"))?;
        if let Some(b) = seen.insert(json.clone(), a) {
            return Err(if *b == *a {
                format!("{what} {a:?} is listed twice")
            } else {
                format!("distinct {what}s {b:?} and {a:?} both serialize to {json}")
            });
        }
    }
    Ok(())
}

/// Finds the first decision at which a quiet replay of the trail departs from `hashes`
/// and names it in the failure message.
fn diverged<G: Game>(trail: &Trail<G::Action>, new: &impl Fn() -> G, hashes: &[u64], what: &str) -> String {
    let mut g = new();
    g.set_logging(false);
    if g.state_hash() != hashes[0] {
        return trail.fail_at(new, 0, format!("{what}; two fresh games hash differently"));
    }
    for (i, a) in trail.actions.iter().enumerate() {
        if let Err(illegal) = g.apply(a) {
            return trail.fail_at(
                new,
                i,
                format!("{what}; first divergence: action {a:?} refused on replay: {illegal}"),
            );
        }
        if g.state_hash() != hashes[i + 1] {
            return trail.fail_at(
                new,
                i,
                format!("{what}; first divergence: after action {i} ({a:?}) the replay's hash differs"),
            );
        }
    }
    trail.fail(new, format!("{what}; a step-by-step replay matches at every decision"))
}

/// The body of [`illegal_refused`] and [`illegal_refused_eq`].
fn illegal_inner<G: Game>(
    check: &'static str,
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
    same: Option<impl Fn(&G, &G) -> bool>,
) -> Result<(), String> {
    run_batch(check, &new, games, seed, |trail| {
        // Pass 1: play the game, keeping a sample of every position's legal actions and
        // every chance outcome offered.
        let mut game = new();
        game.set_logging(false);
        let mut pick = Dice::seeded(trail.game_seed ^ 0x5eed);
        let mut side_pool: Vec<G::Action> = Vec::new();
        let mut chance_pool: Vec<G::Action> = Vec::new();
        let mut offered = 0u64;
        play_offering(trail, &new, &mut game, max_decisions, |offer, _| match offer {
            Offer::Chance(outcomes) => {
                for (a, _) in outcomes {
                    if chance_pool.len() < POOL_SIZE && !chance_pool.contains(a) {
                        chance_pool.push(a.clone());
                    }
                }
            }
            Offer::Side(legal) => {
                for a in legal {
                    // Reservoir sampling over every legal action ever listed.
                    offered += 1;
                    if side_pool.len() < POOL_SIZE {
                        side_pool.push(a.clone());
                    } else {
                        let j = pick.below(u32::try_from(offered).unwrap_or(u32::MAX)) as usize;
                        if j < POOL_SIZE {
                            side_pool[j] = a.clone();
                        }
                    }
                }
            }
        })?;
        // Pass 2: replay it, offering illegal actions at positions spread along it.
        let actions = std::mem::take(&mut trail.actions);
        let n = actions.len();
        let stride = (n / ILLEGAL_PROBE_POSITIONS).max(1);
        let mut game = new();
        game.set_logging(false);
        for (i, action) in actions.iter().enumerate() {
            if i % stride == 0 {
                probe(trail, &new, &mut game, &side_pool, &chance_pool, &mut pick, same.as_ref())?;
            }
            trail.pending = true;
            if let Err(illegal) = game.apply(action) {
                return Err(trail.fail(&new, format!("replaying the game, action {action:?} was refused: {illegal}")));
            }
            trail.pending = false;
            trail.actions.push(action.clone());
        }
        probe(trail, &new, &mut game, &side_pool, &chance_pool, &mut pick, same.as_ref())
    })
}

/// Offers a few actions that are not legal now and checks each is refused cleanly.
fn probe<G: Game>(
    trail: &Trail<G::Action>,
    new: &impl Fn() -> G,
    game: &mut G,
    side_pool: &[G::Action],
    chance_pool: &[G::Action],
    pick: &mut Dice,
    same: Option<&impl Fn(&G, &G) -> bool>,
) -> Result<(), String> {
    let actor = game.actor();
    let now: Vec<G::Action> = match actor {
        Actor::Chance => game.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
        Actor::Side(_) => game.legal_actions(),
        Actor::Over => Vec::new(),
    };
    let mut candidates: Vec<(G::Action, &str)> = Vec::new();
    let mut take = |pool: &[G::Action], label: &'static str, count: usize| {
        let mut found = 0;
        for _ in 0..4 * count {
            if pool.is_empty() || found == count {
                break;
            }
            let c = pick.choose(pool);
            // Not legal by the ruleset's predicate (issue 17: off the menu may still be legal).
            if !now.contains(c) && !game.is_legal(c) {
                candidates.push((c.clone(), label));
                found += 1;
            }
        }
    };
    match actor {
        Actor::Side(_) => {
            take(side_pool, "another position's legal action offered to a side", 2);
            take(chance_pool, "a chance outcome offered to a side", 1);
        }
        Actor::Chance => {
            take(chance_pool, "a chance outcome not offered now", 1);
            take(side_pool, "a side's action offered to Chance", 2);
        }
        Actor::Over => {
            take(side_pool, "a side's action offered after the game is over", 2);
            take(chance_pool, "a chance outcome offered after the game is over", 1);
        }
    }
    for (candidate, label) in candidates {
        let hash = game.state_hash();
        let events = game.log().events().len();
        let snapshot = same.map(|_| game.clone());
        match game.apply(&candidate) {
            Ok(()) => return Err(trail.fail(new, format!("{label}, {candidate:?}, was accepted"))),
            Err(illegal) => {
                if illegal.rule.trim().is_empty() {
                    return Err(
                        trail.fail(new, format!("{label}, {candidate:?}, was refused citing no rule: {illegal:?}"))
                    );
                }
                if illegal.reason.trim().is_empty() {
                    return Err(
                        trail.fail(new, format!("{label}, {candidate:?}, was refused giving no reason: {illegal:?}"))
                    );
                }
            }
        }
        if game.state_hash() != hash {
            return Err(trail.fail(new, format!("refusing {label}, {candidate:?}, changed the state hash")));
        }
        if game.log().events().len() != events {
            return Err(trail.fail(new, format!("refusing {label}, {candidate:?}, changed the log")));
        }
        if let (Some(same), Some(snapshot)) = (same, snapshot.as_ref())
            && !same(game, snapshot)
        {
            return Err(trail.fail(
                new,
                format!("refusing {label}, {candidate:?}, changed the state (== a clone taken before is false)"),
            ));
        }
    }
    Ok(())
}

/// The body of [`clone_independent`] and [`clone_independent_eq`].
fn clone_inner<G: Game>(
    check: &'static str,
    new: impl Fn() -> G,
    games: u64,
    seed: u64,
    max_decisions: u64,
    same: Option<impl Fn(&G, &G) -> bool>,
) -> Result<(), String> {
    run_batch(check, &new, games, seed, |trail| {
        let mut game = new();
        let mut dice = Dice::seeded(trail.game_seed);
        let mut side_dice = Dice::seeded(trail.game_seed ^ 0xc10e);
        while (trail.actions.len() as u64) < max_decisions {
            if (trail.actions.len() as u64).is_multiple_of(CLONE_STRIDE) && game.actor() != Actor::Over {
                let hash = game.state_hash();
                let events = game.log().events().len();
                let snapshot = same.as_ref().map(|_| game.clone());
                let mut copy = game.clone();
                if copy.state_hash() != hash {
                    return Err(trail.fail(&new, "a clone hashes differently from the original".into()));
                }
                if let Some(same) = &same
                    && !same(&copy, &game)
                {
                    return Err(trail.fail(&new, "a clone is not == to the original".into()));
                }
                let played = play_random(&mut copy, &mut side_dice, CLONE_ROLLOUT);
                if !played.is_empty() && game.state_hash() != hash {
                    return Err(trail.fail(&new, format!("playing {played:?} on a clone changed the original's hash")));
                }
                if game.log().events().len() != events {
                    return Err(trail.fail(&new, format!("playing {played:?} on a clone changed the original's log")));
                }
                if let (Some(same), Some(snapshot)) = (&same, &snapshot)
                    && !same(&game, snapshot)
                {
                    return Err(trail
                        .fail(&new, format!("playing {played:?} on a clone changed the original (!= its snapshot)")));
                }
                let copy_hash = copy.state_hash();
                let Some(action) = random_action(&game, &mut dice) else {
                    break;
                };
                trail.play(&mut game, action);
                if copy.state_hash() != copy_hash {
                    return Err(trail.fail(&new, "a decision on the original changed a clone's hash".into()));
                }
                continue;
            }
            let Some(action) = random_action(&game, &mut dice) else {
                break;
            };
            trail.play(&mut game, action);
        }
        Ok(())
    })
}

/// The values [`hostile_actions_refused`] puts in place of an integer (those that do not fit
/// the field's type fail to deserialise and are skipped): small numbers, a die's faces and one
/// past them, the largest `u8`, `u16`, `u32` and `u64`, and negatives.
pub const HOSTILE_INTEGERS: [i128; 12] =
    [0, 1, 6, 7, 99, 255, 65_535, 4_294_967_295, 18_446_744_073_709_551_615, -1, -32_768, -9_223_372_036_854_775_808];

/// The strings [`hostile_actions_refused`] puts in place of a string (besides the original
/// with a character changed): empty, a hex label far off any map, and nonsense.
pub const HOSTILE_STRINGS: [&str; 3] = ["", "9999", "ZZ99"];

/// How many positions along each game [`hostile_actions_refused`] probes.
pub const HOSTILE_PROBE_POSITIONS: usize = 12;

/// How many distinct faults [`hostile_actions_refused`] reports per game.
pub const HOSTILE_FAULTS_PER_GAME: usize = 12;

/// How many decisions of distinct rules [`hostile_actions_refused`] probes per game, at the
/// first position each rule asks (besides those spread along the game).
pub const HOSTILE_RULE_POSITIONS: usize = 48;

/// How many actions of one shape [`hostile_actions_refused`] keeps from a batch.
const HOSTILE_POOL_PER_SHAPE: usize = 4;

/// How many actions [`hostile_actions_refused`] makes hostile at one position.
const HOSTILE_TEMPLATES: usize = 64;

/// The faults [`hostile_actions_refused`] has found in one game, one line each, and the
/// keys (method, action shape, message without its numbers) that make a fault distinct.
#[derive(Default)]
struct Faults {
    lines: Vec<String>,
    seen: HashSet<(String, String, String)>,
}

impl Faults {
    /// Records a fault unless one like it is recorded; false once the game has enough.
    fn add<G: Game>(
        &mut self,
        trail: &Trail<G::Action>,
        new: &impl Fn() -> G,
        key: (&str, &str, &str),
        what: String,
    ) -> bool {
        let digitless: String = key.2.chars().filter(|c| !c.is_ascii_digit()).collect();
        if self.seen.insert((key.0.to_string(), key.1.to_string(), digitless)) {
            self.lines.push(trail.fail(new, what));
        }
        self.lines.len() < HOSTILE_FAULTS_PER_GAME
    }
}

/// The shape of an action's JSON: its structure and keys, every leaf replaced by a marker of
/// its kind (`null` counting as a number, so `Some(3)` and `None` share a shape).
fn shape(v: &Value) -> String {
    fn walk(v: &Value, out: &mut String) {
        match v {
            Value::Null | Value::Number(_) => out.push('0'),
            Value::Bool(_) => out.push('b'),
            Value::String(_) => out.push('s'),
            Value::Array(xs) => {
                out.push('[');
                for x in xs {
                    walk(x, out);
                    out.push(',');
                }
                out.push(']');
            }
            Value::Object(m) => {
                out.push('{');
                for (k, x) in m {
                    out.push_str(k);
                    out.push(':');
                    walk(x, out);
                    out.push(',');
                }
                out.push('}');
            }
        }
    }
    let mut out = String::new();
    walk(v, &mut out);
    out
}

/// The hostile variants of an action's JSON, one leaf changed in each (see
/// [`hostile_actions_refused`]).
fn hostile_variants(template: &Value) -> Vec<Value> {
    fn leaves(v: &Value, path: &str, out: &mut Vec<(String, Value)>) {
        match v {
            Value::Array(xs) => {
                for (i, x) in xs.iter().enumerate() {
                    leaves(x, &format!("{path}/{i}"), out);
                }
            }
            Value::Object(m) => {
                for (k, x) in m {
                    leaves(x, &format!("{path}/{}", k.replace('~', "~0").replace('/', "~1")), out);
                }
            }
            leaf => out.push((path.to_string(), leaf.clone())),
        }
    }
    let integers = || HOSTILE_INTEGERS.iter().filter_map(|&i| integer(i));
    let strings = || HOSTILE_STRINGS.iter().map(|&s| Value::from(s));
    let mut found = Vec::new();
    leaves(template, "", &mut found);
    let mut variants = Vec::new();
    for (path, leaf) in found {
        let replacements: Vec<Value> = match &leaf {
            Value::Null => integers().chain(strings()).collect(),
            Value::Bool(b) => vec![Value::Bool(!b)],
            Value::Number(n) => {
                let next = n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)).and_then(|i| integer(i + 1));
                integers().chain(next).chain([Value::Null]).collect()
            }
            Value::String(s) => {
                let first: String =
                    s.chars().enumerate().map(|(i, c)| if i == 0 { other_char(c) } else { c }).collect();
                let last_at = s.chars().count().saturating_sub(1);
                let last: String =
                    s.chars().enumerate().map(|(i, c)| if i == last_at { other_char(c) } else { c }).collect();
                strings().chain([Value::from(first), Value::from(last), Value::Null]).collect()
            }
            Value::Array(_) | Value::Object(_) => Vec::new(),
        };
        for r in replacements {
            if r == leaf {
                continue;
            }
            let mut v = template.clone();
            match v.pointer_mut(&path) {
                Some(slot) => *slot = r,
                None => continue,
            }
            variants.push(v);
        }
    }
    variants
}

/// An integer as JSON, if JSON's numbers (`i64` or `u64`) hold it.
fn integer(i: i128) -> Option<Value> {
    u64::try_from(i).map(Value::from).ok().or_else(|| i64::try_from(i).map(Value::from).ok())
}

/// Another character in place of `c`: a digit for a digit, a letter for anything else.
fn other_char(c: char) -> char {
    match c {
        '9' => '0',
        '0'..='8' => char::from(c as u8 + 1),
        'Z' | 'z' => 'A',
        _ => 'Z',
    }
}

/// The message a caught panic carried.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".into())
}

/// Offers hostile variants of the actions on offer now and of `pool`'s at `game`'s position
/// (see [`hostile_actions_refused`]), adding what goes wrong to `faults`. False when the game
/// should stop: enough faults, or a refusal that changed the state.
fn hostile_probe<G: Game>(
    trail: &Trail<G::Action>,
    new: &impl Fn() -> G,
    game: &mut G,
    pool: &BTreeMap<String, Vec<Value>>,
    pick: &mut Dice,
    faults: &mut Faults,
) -> bool {
    let now: Vec<G::Action> = match game.actor() {
        Actor::Chance => game.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
        Actor::Side(_) => game.legal_actions(),
        Actor::Over => Vec::new(),
    };
    // One template of each shape on offer now (chosen at random among its actions), then one
    // of each other shape the game offered elsewhere.
    let mut templates: BTreeMap<String, (Value, u32)> = BTreeMap::new();
    for a in &now {
        let Ok(v) = serde_json::to_value(a) else { continue };
        let slot = templates.entry(shape(&v)).or_insert((Value::Null, 0));
        slot.1 += 1;
        if pick.below(slot.1) == 0 {
            slot.0 = v;
        }
    }
    let mut chosen: Vec<(String, Value)> = templates.into_iter().map(|(s, (v, _))| (s, v)).collect();
    for (s, kept) in pool {
        if !chosen.iter().any(|(c, _)| c == s) && !kept.is_empty() {
            chosen.push((s.clone(), pick.choose(kept).clone()));
        }
    }
    chosen.truncate(HOSTILE_TEMPLATES);
    let mut tried: HashSet<String> = HashSet::new();
    for (shape_of, template) in &chosen {
        for variant in hostile_variants(template) {
            let json = variant.to_string();
            if !tried.insert(json.clone()) {
                continue;
            }
            let Ok(action) = serde_json::from_value::<G::Action>(variant) else { continue };
            let mut fault = |method: &str, message: &str, what: String| {
                faults.add(trail, new, (method, shape_of, message), format!("{json} (made from {template}): {what}"))
            };
            // The ruleset's own predicate (issue 17), asked like any method of a hostile action.
            let g: &G = game;
            let legal = match catch_unwind(AssertUnwindSafe(|| g.is_legal(&action))) {
                Ok(legal) => legal,
                Err(payload) => {
                    let message = panic_message(payload.as_ref());
                    if !fault("is_legal", &message, format!("is_legal panicked: {message}")) {
                        return false;
                    }
                    continue;
                }
            };
            let mut panicked = false;
            for method in ["describe", "action_view", "why_illegal"] {
                if method == "why_illegal" && legal {
                    continue;
                }
                let g: &G = game;
                let call = || match method {
                    "describe" => drop(g.describe(&action)),
                    "action_view" => drop(g.action_view(&action)),
                    _ => drop(g.why_illegal(&action)),
                };
                if let Err(payload) = catch_unwind(AssertUnwindSafe(call)) {
                    let message = panic_message(payload.as_ref());
                    panicked = true;
                    if !fault(method, &message, format!("{method} panicked: {message}")) {
                        return false;
                    }
                }
            }
            if panicked {
                continue;
            }
            if legal {
                let mut copy = game.clone();
                match catch_unwind(AssertUnwindSafe(|| copy.apply(&action))) {
                    Ok(Ok(())) => {}
                    Ok(Err(illegal)) => {
                        if !fault("apply", "refused", format!("it is legal here but apply refused it: {illegal}")) {
                            return false;
                        }
                    }
                    Err(payload) => {
                        let message = panic_message(payload.as_ref());
                        if !fault("apply", &message, format!("apply panicked on this legal action: {message}")) {
                            return false;
                        }
                    }
                }
                continue;
            }
            let hash = game.state_hash();
            let events = game.log().events().len();
            match catch_unwind(AssertUnwindSafe(|| game.apply(&action))) {
                Ok(Ok(())) => {
                    fault("apply", "accepted", "it is not legal here but apply accepted it".into());
                    return false;
                }
                Ok(Err(illegal)) => {
                    if illegal.rule.trim().is_empty() || illegal.reason.trim().is_empty() {
                        let what = format!("refused without a rule or a reason: {illegal:?}");
                        if !fault("apply", "blank", what) {
                            return false;
                        }
                    }
                }
                Err(payload) => {
                    let message = panic_message(payload.as_ref());
                    fault("apply", &message, format!("apply panicked: {message}"));
                    return false;
                }
            }
            if game.state_hash() != hash {
                fault("apply", "hash", "refusing it changed the state hash".into());
                return false;
            }
            if game.log().events().len() != events {
                fault("apply", "log", "refusing it changed the log".into());
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    //! The suite on a toy race (each turn a side rolls a die or passes; first to 10
    //! wins), sound and with one fault planted at a time: each check must pass the sound
    //! game and catch the fault it exists for.
    use super::*;
    use crate::{Illegal, Log, Outcome, Prompt, Side};
    use std::hash::{Hash, Hasher};
    use std::sync::{Arc, Mutex};

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    enum Fault {
        None,
        Panics,
        DeadEnd,
        Runaway,
        BadOdds,
        Duplicate,
        AcceptsIllegal,
        ChangesOnRefusal,
        LogInHash,
        SharedClone,
        MetricsShift,
        ViewMislabelled,
        ViewBadKind,
        ViewOffBoard,
        DescribeIndexes,
        /// `is_legal` narrower than the menu: a listed pass is refused.
        NarrowPredicate,
        /// Passing is never limited: a player who always passes never ends the game, though
        /// random play does.
        FreeLoop,
    }

    #[derive(Clone, Debug)]
    struct Toy {
        pos: [u8; 2],
        turn: Side,
        rolling: bool,
        passes: u32,
        fault: Fault,
        log: Log,
        /// Shared between clones when the fault is `SharedClone`.
        shared: Arc<Mutex<u32>>,
    }

    impl Hash for Toy {
        fn hash<H: Hasher>(&self, h: &mut H) {
            self.pos.hash(h);
            self.turn.hash(h);
            self.rolling.hash(h);
            self.passes.hash(h);
            if self.fault == Fault::LogInHash {
                self.log.events().len().hash(h);
            }
            if self.fault == Fault::SharedClone {
                self.shared.lock().unwrap().hash(h);
            }
        }
    }

    impl PartialEq for Toy {
        fn eq(&self, o: &Toy) -> bool {
            self.pos == o.pos && self.turn == o.turn && self.rolling == o.rolling && self.passes == o.passes
        }
    }

    #[derive(Clone, PartialEq, Debug, serde::Serialize, serde::Deserialize)]
    enum Act {
        Roll,
        Pass,
        Die(u8),
    }

    impl Game for Toy {
        type Action = Act;
        fn scenario(&self) -> (&str, &[String]) {
            ("toy", &[])
        }
        fn actor(&self) -> Actor {
            if self.pos.iter().any(|p| *p >= 10) && self.fault != Fault::Runaway {
                Actor::Over
            } else if self.rolling {
                Actor::Chance
            } else {
                Actor::Side(self.turn)
            }
        }
        fn prompt(&self) -> Prompt {
            Prompt { actor: self.actor(), rule: "Toy 1".into(), text: "roll or pass".into() }
        }
        fn legal_actions(&self) -> Vec<Act> {
            match self.actor() {
                Actor::Side(_) if self.fault == Fault::DeadEnd && self.passes >= 3 => vec![],
                Actor::Side(_) if self.fault == Fault::Duplicate => {
                    vec![Act::Roll, Act::Pass, Act::Roll]
                }
                Actor::Side(_) if self.passes >= 20 && self.fault != Fault::FreeLoop => vec![Act::Roll],
                Actor::Side(_) => vec![Act::Roll, Act::Pass],
                _ => vec![],
            }
        }
        fn chance_outcomes(&self) -> Vec<(Act, f64)> {
            let p = if self.fault == Fault::BadOdds { 1.0 / 7.0 } else { 1.0 / 6.0 };
            if self.actor() == Actor::Chance { (1..=6).map(|d| (Act::Die(d), p)).collect() } else { vec![] }
        }
        fn apply_unchecked(&mut self, a: &Act) {
            if self.fault == Fault::SharedClone {
                *self.shared.lock().unwrap() += 1;
            }
            match a {
                Act::Roll => self.rolling = true,
                Act::Pass => {
                    assert!(self.fault != Fault::Panics || self.passes < 2, "the toy panics on its third pass");
                    self.passes += 1;
                    self.turn = self.turn.enemy();
                }
                Act::Die(d) => {
                    let i = self.turn.index();
                    self.pos[i] = self.pos[i].saturating_add(*d);
                    if self.fault == Fault::Runaway {
                        self.pos[i] %= 10;
                    }
                    self.log.push("Toy 2", || format!("rolled {d}"));
                    self.rolling = false;
                    self.turn = self.turn.enemy();
                }
            }
        }
        fn is_legal(&self, a: &Act) -> bool {
            match self.actor() {
                Actor::Over => false,
                Actor::Chance => self.chance_outcomes().iter().any(|(o, _)| o == a),
                Actor::Side(_) if self.fault == Fault::NarrowPredicate && *a == Act::Pass => false,
                Actor::Side(_) => self.legal_actions().contains(a),
            }
        }
        fn apply(&mut self, a: &Act) -> Result<(), Illegal> {
            let legal = self.is_legal(a);
            match self.fault {
                Fault::AcceptsIllegal if matches!(a, Act::Die(_)) && !self.rolling => {
                    self.apply_unchecked(a);
                    return Ok(());
                }
                Fault::ChangesOnRefusal if !legal => {
                    self.passes += 1;
                }
                _ => {}
            }
            if !legal {
                return Err(self.why_illegal(a));
            }
            self.apply_unchecked(a);
            Ok(())
        }
        fn describe(&self, a: &Act) -> String {
            match a {
                // Indexes a table by the die, as a careless ruleset might: a die of 7 panics.
                Act::Die(d) if self.fault == Fault::DescribeIndexes => {
                    let faces = ["no face", "one", "two", "three", "four", "five", "six"];
                    format!("roll {}", faces[usize::from(*d)])
                }
                _ => format!("{a:?}"),
            }
        }
        fn action_view(&self, a: &Act) -> crate::ActionView {
            let label = self.describe(a);
            let choice = crate::ActionView { label, kind: "choice".into(), ..crate::ActionView::default() };
            match self.fault {
                Fault::ViewMislabelled if *a == Act::Pass => {
                    crate::ActionView { label: "pass the die".into(), ..choice }
                }
                Fault::ViewBadKind => crate::ActionView { kind: "roll".into(), ..choice },
                Fault::ViewOffBoard => crate::ActionView { hex: Some("0101".into()), ..choice },
                _ => choice,
            }
        }
        fn vp(&self) -> [f64; 2] {
            [f64::from(self.pos[0]), f64::from(self.pos[1])]
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.actor() == Actor::Over).then(|| Outcome {
                winner: Some(if self.pos[0] >= 10 { Side::Union } else { Side::Confederate }),
                vp: self.vp(),
                level: None,
            })
        }
        fn log(&self) -> &Log {
            &self.log
        }
        fn set_logging(&mut self, on: bool) {
            self.log.set_enabled(on);
        }
        fn metrics(&self) -> Vec<(String, crate::Metric)> {
            let lead = crate::Metric::YesNo(Some(self.pos[0] > self.pos[1]));
            let passes = crate::Metric::Number((self.passes > 0).then_some(f64::from(self.passes)));
            let mut m = vec![("union ahead".to_string(), lead), ("passes".to_string(), passes)];
            if self.fault == Fault::MetricsShift && self.passes > 0 {
                m.swap(0, 1);
            }
            m
        }
    }

    fn toy(fault: Fault) -> impl Fn() -> Toy + Copy {
        move || Toy {
            pos: [0, 0],
            turn: Side::Union,
            rolling: false,
            passes: 0,
            fault,
            log: Log::recording(),
            shared: Arc::new(Mutex::new(0)),
        }
    }

    fn all(new: impl Fn() -> Toy + Copy) -> Vec<(&'static str, Result<(), String>)> {
        vec![
            ("random_games", random_games(new, 20, 1, 1_000)),
            ("random_openings", random_openings(new, 20, 1, 5)),
            ("replay_identical", replay_identical(new, 20, 2, 1_000)),
            ("illegal_refused", illegal_refused(new, 20, 3, 1_000)),
            ("illegal_refused_eq", illegal_refused_eq(new, 20, 3, 1_000)),
            ("clone_independent", clone_independent(new, 20, 4, 1_000)),
            ("clone_independent_eq", clone_independent_eq(new, 20, 4, 1_000)),
            ("metrics_stable", metrics_stable(new, 20, 5, 1_000)),
            ("action_views_on_board", action_views_on_board(new, 20, 6, 1_000)),
            ("hostile_actions_refused", hostile_actions_refused(new, 20, 7, 1_000)),
            ("first_and_last_players_finish", first_and_last_players_finish(new, 8, 1_000)),
        ]
    }

    /// The error of check `name` on a toy with `fault`, which must fail it.
    fn caught(fault: Fault, name: &str) -> String {
        let (_, r) = all(toy(fault)).into_iter().find(|(n, _)| *n == name).expect("a check");
        r.expect_err(&format!("{name} should catch {fault:?}"))
    }

    /// An endless loop of free passes is caught by the player who always passes, while
    /// random play, which rolls half the time, ends every game.
    #[test]
    fn first_and_last_players_catch_a_free_loop() {
        let e = caught(Fault::FreeLoop, "first_and_last_players_finish");
        assert!(e.contains("last-action player: no end after 1000 decisions"), "{e}");
        assert!(!e.contains("first-action"), "{e}");
        let (_, r) = all(toy(Fault::FreeLoop)).into_iter().find(|(n, _)| *n == "random_games").expect("a check");
        assert_eq!(r, Ok(()));
    }

    #[test]
    fn a_sound_game_passes_every_check() {
        for (name, r) in all(toy(Fault::None)) {
            assert_eq!(r, Ok(()), "{name}");
        }
    }

    #[test]
    fn random_games_catch_panics_dead_ends_runaways_bad_odds_and_duplicates() {
        let e = caught(Fault::Panics, "random_games");
        assert!(e.contains("panic") && e.contains("third pass") && e.contains("game seed"), "{e}");
        assert!(e.contains("Toy 1: roll or pass"), "the message names the prompt: {e}");
        let e = caught(Fault::DeadEnd, "random_games");
        assert!(e.contains("dead end"), "{e}");
        let e = caught(Fault::Runaway, "random_games");
        assert!(e.contains("runaway"), "{e}");
        assert_eq!(random_openings(toy(Fault::Runaway), 3, 1, 200), Ok(()), "openings stop at their bound");
        let e = caught(Fault::BadOdds, "random_games");
        assert!(e.contains("sum to"), "{e}");
        let e = caught(Fault::Duplicate, "random_games");
        assert!(e.contains("listed twice"), "{e}");
        // Every check catches panics, not just random_games.
        assert!(caught(Fault::Panics, "replay_identical").contains("panic"));
    }

    /// Issue 17: a ruleset's legality predicate must pass every action it lists.
    #[test]
    fn random_games_catch_a_predicate_that_refuses_a_listed_action() {
        let e = caught(Fault::NarrowPredicate, "random_games");
        assert!(e.contains("refused an action it listed") && e.contains("Pass"), "{e}");
    }

    #[test]
    fn failures_name_a_position_that_replay_random_rebuilds() {
        let e = caught(Fault::DeadEnd, "random_games");
        let line = e.lines().find(|l| l.contains("rebuild:")).expect("a rebuild line");
        let args: Vec<u64> =
            line.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
        let g = replay_random(toy(Fault::DeadEnd), args[0], args[1]);
        assert!(matches!(g.actor(), Actor::Side(_)) && g.legal_actions().is_empty());
    }

    #[test]
    fn illegal_refused_catches_accepted_and_state_changing_refusals() {
        let e = caught(Fault::AcceptsIllegal, "illegal_refused");
        assert!(e.contains("was accepted"), "{e}");
        let e = caught(Fault::ChangesOnRefusal, "illegal_refused");
        assert!(e.contains("changed the state hash"), "{e}");
        let e = caught(Fault::ChangesOnRefusal, "illegal_refused_eq");
        assert!(e.contains("changed the state hash"), "{e}");
    }

    #[test]
    fn replay_identical_catches_a_log_in_the_hash() {
        let e = caught(Fault::LogInHash, "replay_identical");
        assert!(e.contains("first divergence"), "{e}");
    }

    #[test]
    fn clone_independent_catches_shared_state() {
        let e = caught(Fault::SharedClone, "clone_independent");
        assert!(e.contains("changed the original's hash"), "{e}");
    }

    #[test]
    fn action_views_on_board_catches_wrong_labels_kinds_and_hexes() {
        let e = caught(Fault::ViewMislabelled, "action_views_on_board");
        assert!(e.contains("\"pass the die\" is not describe()'s \"Pass\"") && e.contains("game seed"), "{e}");
        let e = caught(Fault::ViewBadKind, "action_views_on_board");
        assert!(e.contains("kind \"roll\" is not one of"), "{e}");
        let e = caught(Fault::ViewOffBoard, "action_views_on_board");
        assert!(e.contains("hex \"0101\" is not a hex of the board"), "{e}");
    }

    #[test]
    fn hostile_actions_refused_catches_panics_acceptances_and_state_changes() {
        let e = caught(Fault::DescribeIndexes, "hostile_actions_refused");
        for method in ["describe panicked", "action_view panicked", "why_illegal panicked"] {
            assert!(e.contains(method), "{method}: {e}");
        }
        assert!(e.contains("{\"Die\":7}") && e.contains("index out of bounds"), "the action and the panic: {e}");
        assert!(e.contains("game seed") && e.contains("rebuild:"), "the position: {e}");
        // A legal die is described without a panic, so only the hostile ones fail.
        assert!(!e.contains("{\"Die\":6} "), "{e}");
        let e = caught(Fault::ChangesOnRefusal, "hostile_actions_refused");
        assert!(e.contains("changed the state hash"), "{e}");
        let e = caught(Fault::AcceptsIllegal, "hostile_actions_refused");
        assert!(e.contains("apply accepted it"), "{e}");
    }

    #[test]
    fn hostile_variants_change_one_leaf_each() {
        let v: Value = serde_json::json!({"place": {"unit": 3, "hex": "0405", "leader": null, "yes": true}});
        let variants = hostile_variants(&v);
        let has = |j: Value| variants.contains(&j);
        assert!(has(serde_json::json!({"place": {"unit": 99, "hex": "0405", "leader": null, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": 4, "hex": "0405", "leader": null, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": -1, "hex": "0405", "leader": null, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": u64::MAX, "hex": "0405", "leader": null, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": 3, "hex": "9999", "leader": null, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": 3, "hex": "1405", "leader": null, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": 3, "hex": "0406", "leader": null, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": 3, "hex": "0405", "leader": 255, "yes": true}})));
        assert!(has(serde_json::json!({"place": {"unit": 3, "hex": "0405", "leader": null, "yes": false}})));
        assert!(!has(v.clone()), "every variant differs from the original");
        for x in &variants {
            let changed =
                ["unit", "hex", "leader", "yes"].iter().filter(|k| x["place"][**k] != v["place"][**k]).count();
            assert_eq!(changed, 1, "one leaf changed in {x}");
        }
    }

    #[test]
    fn metrics_stable_catches_keys_that_move() {
        let e = caught(Fault::MetricsShift, "metrics_stable");
        assert!(e.contains("differ from those at the start") && e.contains("game seed"), "{e}");
    }
}

//! The batch runner `selfplay` and `simulate` share: many bot-vs-bot games of one
//! scenario on worker threads, game i seeded by `Dice::game_seed(SEED, i)`, with a
//! progress bar, every failure caught and counted.

use crate::commands::replay::winner_name;
use crate::records;
use crate::stats::wilson;
use anyhow::{Result, bail};
use bots::{BotSpec, parse_bot_spec, play_out_into};
use engine::{Dice, Game, Metric, Record};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// The arguments every batch command takes.
#[derive(clap::Args, Debug)]
pub struct BatchArgs {
    /// The scenario (see `muster scenarios`).
    pub scenario: String,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The batch seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The Union's bot: random, greedy, mcts, mcts:ITERATIONS or mcts:SECONDSs.
    #[arg(long, value_name = "BOT", default_value = "random", value_parser = parse_bot_spec)]
    pub union: BotSpec,
    /// The Confederacy's bot: random, greedy, mcts, mcts:ITERATIONS or mcts:SECONDSs.
    #[arg(long, value_name = "BOT", default_value = "random", value_parser = parse_bot_spec)]
    pub confederate: BotSpec,
    /// Switch on an optional rule (repeatable; see `muster scenarios`).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
    /// A game that has not ended after this many decisions is an error.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_decisions: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
}

/// The bots of a batch, as JSON prints them.
#[derive(Serialize, Debug)]
pub struct Bots {
    /// The Union's.
    pub union: String,
    /// The Confederacy's.
    pub confederate: String,
}

impl BatchArgs {
    /// The bots, named as on the command line.
    pub fn bots(&self) -> Bots {
        Bots { union: self.union.to_string(), confederate: self.confederate.to_string() }
    }
}

/// How one game of a batch went.
#[derive(Serialize, Debug, Clone)]
pub struct GameResult {
    /// The game's seed.
    pub seed: u64,
    /// "union", "confederate", "draw", or `None` for a game that errored.
    pub winner: Option<&'static str>,
    /// Decisions made (chance outcomes included).
    pub decisions: u64,
    /// The final position's hash, unless the game panicked.
    pub final_hash: Option<String>,
    /// Final VP, Union then Confederate, for a finished game.
    #[serde(skip)]
    pub vp: Option<[f64; 2]>,
    /// The ruleset's metrics at the end, for a finished game.
    #[serde(skip)]
    pub metrics: Vec<(String, Metric)>,
    /// What went wrong, for a game that errored.
    #[serde(skip)]
    pub error: Option<String>,
}

/// How a batch's games ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Union wins.
    pub union: u64,
    /// Confederate wins.
    pub confederate: u64,
    /// Draws.
    pub draws: u64,
    /// Games that errored.
    pub errors: u64,
}

impl Counts {
    /// Counts the results.
    #[must_use]
    pub fn of(results: &[GameResult]) -> Counts {
        let mut c = Counts::default();
        for g in results {
            match g.winner {
                Some("union") => c.union += 1,
                Some("confederate") => c.confederate += 1,
                Some(_) => c.draws += 1,
                None => c.errors += 1,
            }
        }
        c
    }

    /// The games that finished.
    #[must_use]
    pub fn finished(&self) -> u64 {
        self.union + self.confederate + self.draws
    }

    /// Writes a line for each result with its share of the finished games and Wilson 95%
    /// interval, and the errors.
    pub fn write_rates(&self, s: &mut String) {
        let decided = self.finished();
        for (name, w) in [("Union", self.union), ("Confederate", self.confederate), ("Draws", self.draws)] {
            let _ = match wilson(w, decided) {
                Some((p, lo, hi)) => writeln!(
                    s,
                    "  {name:<12} {w:>6}  {:5.1}%  (95% interval {:.1}-{:.1}%)",
                    100.0 * p,
                    100.0 * lo,
                    100.0 * hi
                ),
                None => writeln!(s, "  {name:<12} {w:>6}"),
            };
        }
        let _ = writeln!(s, "  {:<12} {:>6}", "Errors", self.errors);
    }
}

/// The first line of a batch's text report: scenario, games, bots, seed and time.
#[must_use]
pub fn headline(args: &BatchArgs, seconds: f64) -> String {
    format!(
        "{}: {} games, {} (Union) vs {} (Confederate), seed {}, {seconds:.1} s\n",
        args.scenario, args.games, args.union, args.confederate, args.seed
    )
}

/// Plays the batch from `start`, showing a progress bar labelled `label` on a terminal,
/// reporting each errored game on standard error, and handing each game's record to
/// `each` (game index, record). The results are in game order whatever the threads.
///
/// # Errors
/// The first error `each` returned, once every game has run.
pub fn run<G: Game>(
    start: &G,
    args: &BatchArgs,
    label: &str,
    each: impl Fn(u64, &Record<G::Action>) -> Result<()> + Sync,
) -> Result<Vec<GameResult>> {
    let threads =
        args.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from)).clamp(1, 64);
    let bar = ProgressBar::with_draw_target(
        Some(args.games),
        if std::io::stderr().is_terminal() { ProgressDrawTarget::stderr() } else { ProgressDrawTarget::hidden() },
    );
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} games, {elapsed} elapsed, ETA {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.set_message(format!("{label} {}", args.scenario));
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<Option<GameResult>>> = Mutex::new(vec![None; usize::try_from(args.games)?]);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= args.games {
                        break;
                    }
                    let (line, record) = one_game(start, args, i);
                    if let Some(e) = &line.error {
                        bar.suspend(|| eprintln!("game {i} (seed {}): {e}", line.seed));
                    }
                    if let Err(e) = each(i, &record) {
                        failures.lock().expect("not poisoned").push(format!("{e:#}"));
                    }
                    results.lock().expect("not poisoned")[usize::try_from(i).expect("fits")] = Some(line);
                    bar.inc(1);
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failures.into_inner()?.first() {
        bail!("{e}");
    }
    Ok(results.into_inner()?.into_iter().map(|r| r.expect("every game ran")).collect())
}

/// Plays game `i` of the batch, catching a panic.
pub fn one_game<G: Game>(start: &G, args: &BatchArgs, i: u64) -> (GameResult, Record<G::Action>) {
    let seed = Dice::game_seed(args.seed, i);
    let mut game = start.clone();
    game.set_logging(false);
    let mut actions = Vec::new();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut union = args.union.build::<G>(Dice::game_seed(seed, 1));
        let mut confederate = args.confederate.build::<G>(Dice::game_seed(seed, 2));
        let mut dice = Dice::seeded(seed);
        play_out_into(&mut game, [union.as_mut(), confederate.as_mut()], &mut dice, args.max_decisions, &mut actions)
    }));
    let decisions = actions.len() as u64;
    let line = |record: &Record<G::Action>, error: Option<String>| GameResult {
        seed,
        winner: None,
        decisions,
        final_hash: record.final_hash.clone(),
        vp: None,
        metrics: Vec::new(),
        error,
    };
    match result {
        Ok(Ok(())) => {
            let record = records::record_of(&game, Some(seed), &actions);
            let finished = GameResult {
                winner: winner_name(&game),
                vp: Some(game.vp()),
                metrics: game.metrics(),
                ..line(&record, None)
            };
            (finished, record)
        }
        Ok(Err(e)) => {
            let record = records::record_of(&game, Some(seed), &actions);
            (line(&record, Some(e.to_string())), record)
        }
        Err(panic) => {
            let msg = panic
                .downcast_ref::<&str>()
                .map(|s| (*s).to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".into());
            // The position may be half-changed: record the actions (the last is the one
            // that panicked) from a fresh game, without a hash.
            let mut record = records::record_of(start, Some(seed), &actions);
            record.final_hash = None;
            let error = format!("panicked at decision {}: {msg}", decisions.saturating_sub(1));
            (line(&record, Some(error)), record)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{BatchArgs, one_game};
    use clap::Parser;
    use engine::{Actor, Game, Metric, Outcome, Prompt, Side};

    /// A toy game: the Union steps; step `panic_at` panics, and after `dead_at` steps
    /// the Union has nothing to do.
    #[derive(Clone, Hash, Debug)]
    struct Toy {
        steps: u32,
        panic_at: u32,
        dead_at: u32,
    }

    impl Game for Toy {
        type Action = u32;
        fn scenario(&self) -> (&str, &[String]) {
            ("toy", &[])
        }
        fn actor(&self) -> Actor {
            if self.steps >= 10 { Actor::Over } else { Actor::Side(Side::Union) }
        }
        fn prompt(&self) -> Prompt {
            Prompt { actor: self.actor(), rule: "Toy 1".into(), text: "step".into() }
        }
        fn legal_actions(&self) -> Vec<u32> {
            if self.actor() == Actor::Over || self.steps >= self.dead_at { vec![] } else { vec![self.steps] }
        }
        fn chance_outcomes(&self) -> Vec<(u32, f64)> {
            vec![]
        }
        fn apply_unchecked(&mut self, _: &u32) {
            self.steps += 1;
            assert!(self.steps != self.panic_at, "boom");
        }
        fn vp(&self) -> [f64; 2] {
            [f64::from(self.steps), 0.0]
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.actor() == Actor::Over).then(|| Outcome { winner: Some(Side::Union), vp: self.vp(), level: None })
        }
        fn metrics(&self) -> Vec<(String, Metric)> {
            vec![("steps".into(), Metric::Number(Some(f64::from(self.steps))))]
        }
    }

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: BatchArgs,
    }

    fn args() -> BatchArgs {
        Cli::parse_from(["selfplay", "toy", "--games", "1"]).args
    }

    #[test]
    fn a_finished_game_reports_its_winner_hash_vp_and_metrics() {
        let toy = Toy { steps: 0, panic_at: 99, dead_at: 99 };
        let (line, record) = one_game(&toy, &args(), 0);
        assert_eq!(line.winner, Some("union"));
        assert_eq!(line.decisions, 10);
        assert_eq!(record.actions, (0..10).collect::<Vec<_>>());
        assert!(line.final_hash.is_some() && line.error.is_none());
        assert_eq!(line.vp, Some([10.0, 0.0]));
        assert_eq!(line.metrics, vec![("steps".to_string(), Metric::Number(Some(10.0)))]);
    }

    #[test]
    fn a_panic_is_an_error_and_its_record_ends_with_the_action_that_panicked() {
        let toy = Toy { steps: 0, panic_at: 3, dead_at: 99 };
        let (line, record) = one_game(&toy, &args(), 0);
        assert_eq!(line.winner, None);
        assert_eq!(line.final_hash, None);
        assert_eq!(line.decisions, 3);
        assert_eq!(record.actions, vec![0, 1, 2]);
        assert_eq!(record.final_hash, None);
        assert!(line.metrics.is_empty() && line.vp.is_none());
        let e = line.error.unwrap();
        assert!(e.contains("panicked at decision 2") && e.contains("boom"), "{e}");
    }

    #[test]
    fn a_dead_end_is_an_error() {
        let toy = Toy { steps: 0, panic_at: 99, dead_at: 4 };
        let (line, record) = one_game(&toy, &args(), 0);
        assert_eq!(line.winner, None);
        assert_eq!(line.decisions, 4);
        assert_eq!(record.actions.len(), 4);
        assert!(line.error.unwrap().contains("dead end"));
        assert!(line.final_hash.is_some(), "the position is whole: its hash is reported");
    }

    #[test]
    fn results_come_back_in_game_order_whatever_the_threads() {
        let toy = Toy { steps: 0, panic_at: 99, dead_at: 99 };
        let mut a = args();
        a.games = 7;
        a.threads = Some(3);
        let seen = std::sync::Mutex::new(Vec::new());
        let lines = super::run(&toy, &a, "test", |i, _| {
            seen.lock().unwrap().push(i);
            Ok(())
        })
        .unwrap();
        let seeds: Vec<u64> = lines.iter().map(|l| l.seed).collect();
        assert_eq!(seeds, (0..7).map(|i| engine::Dice::game_seed(1, i)).collect::<Vec<_>>());
        let mut seen = seen.into_inner().unwrap();
        seen.sort_unstable();
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
        a.threads = Some(1);
        assert!(super::run(&toy, &a, "test", |i, _| if i == 4 { anyhow::bail!("disk full") } else { Ok(()) }).is_err());
    }
}

//! `muster selfplay`: bot against bot (random, greedy, MCTS), many games, with statistics.

use super::replay::{Vp, winner_name};
use crate::records;
use anyhow::{Result, bail};
use bots::{BotSpec, parse_bot_spec, play_out_into};
use catalog::Visit;
use engine::{Dice, Game};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::fmt::Write as _;
use std::io::IsTerminal;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Play many bot-vs-bot games and report win rates, decisions and VP.
///
/// Each side is played by a bot: random (the default), greedy, or mcts (mcts:N for N
/// iterations a decision, mcts:Xs for X seconds). Game i samples chance with the seed
/// `Dice::game_seed(SEED, i)` (its bots with seeds derived from that one), so every
/// game is reproducible alone and the results do not depend on the number of threads
/// (except with a time budget, which searches as far as the machine gets). A game that panics, reaches a
/// side with no legal action, or runs past the decision bound counts as an error, and
/// any error makes the exit code 1.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario (see `muster scenarios`).
    scenario: String,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// The batch seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The Union's bot: random, greedy, mcts, mcts:ITERATIONS or mcts:SECONDSs.
    #[arg(long, value_name = "BOT", default_value = "random", value_parser = parse_bot_spec)]
    union: BotSpec,
    /// The Confederacy's bot: random, greedy, mcts, mcts:ITERATIONS or mcts:SECONDSs.
    #[arg(long, value_name = "BOT", default_value = "random", value_parser = parse_bot_spec)]
    confederate: BotSpec,
    /// Write each game's record to DIR/<scenario>-<i>.json (errored games too, so that
    /// `muster replay` reproduces the failure).
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
    /// Print {"games", "bots": {"union", "confederate"}, "wins": {"union",
    /// "confederate"}, "draws", "errors", "mean_decisions", "mean_vp": {"union",
    /// "confederate"}, "per_game": [{"seed", "winner", "decisions", "final_hash"}]} as
    /// JSON. Means are over the games that finished; winner is null for a game that
    /// errored.
    #[arg(long)]
    json: bool,
    /// Switch on an optional rule (repeatable; see `muster scenarios`).
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// A game that has not ended after this many decisions is an error.
    #[arg(long, default_value_t = 1_000_000)]
    max_decisions: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

/// One game's line in the report.
#[derive(Serialize, Debug, Clone)]
struct PerGame {
    seed: u64,
    winner: Option<&'static str>,
    decisions: u64,
    final_hash: Option<String>,
    #[serde(skip)]
    vp: Option<[f64; 2]>,
    #[serde(skip)]
    error: Option<String>,
}

/// The batch's result, as `--json` prints it.
#[derive(Serialize, Debug)]
struct Report {
    games: u64,
    bots: Bots,
    wins: Wins,
    draws: u64,
    errors: u64,
    mean_decisions: Option<f64>,
    mean_vp: Option<Vp>,
    /// Wall-clock time: in the summary only, so that the JSON of a seed is always the same.
    #[serde(skip)]
    seconds: f64,
    per_game: Vec<PerGame>,
}

#[derive(Serialize, Debug)]
struct Bots {
    union: String,
    confederate: String,
}

#[derive(Serialize, Debug, Default)]
struct Wins {
    union: u64,
    confederate: u64,
}

struct Batch<'a> {
    args: &'a Args,
}

impl Visit for Batch<'_> {
    type Out = Result<Vec<PerGame>>;
    fn visit<G: Game>(self, start: G) -> Self::Out {
        let args = self.args;
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
        bar.set_message(format!("selfplay {}", args.scenario));
        let next = AtomicU64::new(0);
        let results: Mutex<Vec<Option<PerGame>>> = Mutex::new(vec![None; usize::try_from(args.games)?]);
        let save_failures = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= args.games {
                            break;
                        }
                        let (line, record) = one_game(&start, args, i);
                        if let Some(e) = &line.error {
                            bar.suspend(|| eprintln!("game {i} (seed {}): {e}", line.seed));
                        }
                        if let Some(dir) = &args.save_dir {
                            let path = dir.join(format!("{}-{i}.json", args.scenario));
                            if let Err(e) = records::save(&path, &record) {
                                save_failures.lock().expect("not poisoned").push(format!("{e:#}"));
                            }
                        }
                        results.lock().expect("not poisoned")[usize::try_from(i).expect("fits")] = Some(line);
                        bar.inc(1);
                    }
                });
            }
        });
        bar.finish_and_clear();
        if let Some(e) = save_failures.into_inner()?.first() {
            bail!("{e}");
        }
        Ok(results.into_inner()?.into_iter().map(|r| r.expect("every game ran")).collect())
    }
}

/// Plays game `i` of the batch, catching a panic.
fn one_game<G: Game>(start: &G, args: &Args, i: u64) -> (PerGame, engine::Record<G::Action>) {
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
    let (line, record) = match result {
        Ok(Ok(())) => {
            let record = records::record_of(&game, Some(seed), &actions);
            let line = PerGame {
                seed,
                winner: winner_name(&game),
                decisions,
                final_hash: record.final_hash.clone(),
                vp: Some(game.vp()),
                error: None,
            };
            (line, record)
        }
        Ok(Err(e)) => {
            let record = records::record_of(&game, Some(seed), &actions);
            let line = PerGame {
                seed,
                winner: None,
                decisions,
                final_hash: record.final_hash.clone(),
                vp: None,
                error: Some(e.to_string()),
            };
            (line, record)
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
            let line = PerGame {
                seed,
                winner: None,
                decisions,
                final_hash: None,
                vp: None,
                error: Some(format!("panicked at decision {}: {msg}", decisions.saturating_sub(1))),
            };
            (line, record)
        }
    };
    (line, record)
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let start = std::time::Instant::now();
    let per_game = super::with_game(&args.scenario, &args.options, Batch { args })??;
    let seconds = start.elapsed().as_secs_f64();
    let mut wins = Wins::default();
    let (mut draws, mut errors) = (0, 0);
    let (mut decisions, mut vp, mut finished) = (0u64, [0.0; 2], 0u64);
    for g in &per_game {
        match g.winner {
            Some("union") => wins.union += 1,
            Some("confederate") => wins.confederate += 1,
            Some(_) => draws += 1,
            None => errors += 1,
        }
        if let Some(v) = g.vp {
            finished += 1;
            decisions += g.decisions;
            vp[0] += v[0];
            vp[1] += v[1];
        }
    }
    #[allow(clippy::cast_precision_loss)]
    let n = finished as f64;
    #[allow(clippy::cast_precision_loss)]
    let mean_decisions = (finished > 0).then(|| decisions as f64 / n);
    let mean_vp = (finished > 0).then(|| Vp { union: vp[0] / n, confederate: vp[1] / n });
    let bots = Bots { union: args.union.to_string(), confederate: args.confederate.to_string() };
    let report = Report { games: args.games, bots, wins, draws, errors, mean_decisions, mean_vp, seconds, per_game };
    if args.json {
        super::print(&serde_json::to_string_pretty(&report)?)?;
    } else {
        super::print(&summary(args, &report))?;
    }
    Ok(if errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn summary(args: &Args, r: &Report) -> String {
    let mut s = format!(
        "{}: {} games, {} (Union) vs {} (Confederate), seed {}, {:.1} s\n",
        args.scenario, r.games, r.bots.union, r.bots.confederate, args.seed, r.seconds
    );
    let decided = r.games - r.errors;
    for (name, w) in [("Union", r.wins.union), ("Confederate", r.wins.confederate), ("Draws", r.draws)] {
        let _ = match wilson(w, decided) {
            Some((p, lo, hi)) => {
                writeln!(
                    s,
                    "  {name:<12} {w:>6}  {:5.1}%  (95% interval {:.1}-{:.1}%)",
                    100.0 * p,
                    100.0 * lo,
                    100.0 * hi
                )
            }
            None => writeln!(s, "  {name:<12} {w:>6}"),
        };
    }
    let _ = writeln!(s, "  {:<12} {:>6}", "Errors", r.errors);
    if let (Some(d), Some(vp)) = (r.mean_decisions, r.mean_vp) {
        let _ =
            writeln!(s, "  mean decisions {d:.1}; mean VP Union {:.2}, Confederate {:.2}", vp.union, vp.confederate);
    }
    if let Some(dir) = &args.save_dir {
        let _ = writeln!(s, "  records in {}", dir.display());
    }
    s.trim_end().to_string()
}

/// A share with its Wilson 95% score interval, or `None` with no games.
fn wilson(k: u64, n: u64) -> Option<(f64, f64, f64)> {
    if n == 0 {
        return None;
    }
    #[allow(clippy::cast_precision_loss)]
    let (k, n) = (k as f64, n as f64);
    let z: f64 = 1.96;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    Some((p, (c - h).max(0.0), (c + h).min(1.0)))
}

#[cfg(test)]
mod tests {
    use super::{Args, one_game, wilson};
    use clap::Parser;
    use engine::{Actor, BoardView, Game, Illegal, Log, Outcome, Prompt, Side};

    /// A toy game: the Union steps; step `panic_at` panics, and after `dead_at` steps
    /// the Union has nothing to do.
    #[derive(Clone, Hash, Debug)]
    struct Toy {
        steps: u32,
        panic_at: u32,
        dead_at: u32,
        #[allow(clippy::struct_field_names)]
        log: Log,
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
        fn why_illegal(&self, _: &u32) -> Illegal {
            Illegal { rule: "Toy 1".into(), reason: "no".into() }
        }
        fn describe(&self, a: &u32) -> String {
            a.to_string()
        }
        fn vp(&self) -> [f64; 2] {
            [f64::from(self.steps), 0.0]
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.actor() == Actor::Over).then(|| Outcome { winner: Some(Side::Union), vp: self.vp() })
        }
        fn log(&self) -> &Log {
            &self.log
        }
        fn set_logging(&mut self, on: bool) {
            self.log.set_enabled(on);
        }
        fn board(&self) -> BoardView {
            BoardView::default()
        }
    }

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: Args,
    }

    fn args() -> Args {
        Cli::parse_from(["selfplay", "toy", "--games", "1"]).args
    }

    #[test]
    fn a_finished_game_reports_its_winner_and_hash() {
        let toy = Toy { steps: 0, panic_at: 99, dead_at: 99, log: Log::default() };
        let (line, record) = one_game(&toy, &args(), 0);
        assert_eq!(line.winner, Some("union"));
        assert_eq!(line.decisions, 10);
        assert_eq!(record.actions, (0..10).collect::<Vec<_>>());
        assert!(line.final_hash.is_some() && line.error.is_none());
    }

    #[test]
    fn a_panic_is_an_error_and_its_record_ends_with_the_action_that_panicked() {
        let toy = Toy { steps: 0, panic_at: 3, dead_at: 99, log: Log::default() };
        let (line, record) = one_game(&toy, &args(), 0);
        assert_eq!(line.winner, None);
        assert_eq!(line.final_hash, None);
        assert_eq!(line.decisions, 3);
        assert_eq!(record.actions, vec![0, 1, 2]);
        assert_eq!(record.final_hash, None);
        let e = line.error.unwrap();
        assert!(e.contains("panicked at decision 2") && e.contains("boom"), "{e}");
    }

    #[test]
    fn a_dead_end_is_an_error() {
        let toy = Toy { steps: 0, panic_at: 99, dead_at: 4, log: Log::default() };
        let (line, record) = one_game(&toy, &args(), 0);
        assert_eq!(line.winner, None);
        assert_eq!(line.decisions, 4);
        assert_eq!(record.actions.len(), 4);
        assert!(line.error.unwrap().contains("dead end"));
        assert!(line.final_hash.is_some(), "the position is whole: its hash is reported");
    }

    #[test]
    fn wilson_interval_brackets_the_share() {
        let (p, lo, hi) = wilson(45, 100).unwrap();
        assert!((p - 0.45).abs() < 1e-12);
        assert!(lo < p && p < hi);
        assert!((lo - 0.3561).abs() < 1e-3 && (hi - 0.5476).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0, 0), None);
        let (_, lo, _) = wilson(0, 10).unwrap();
        assert!(lo.abs() < 1e-12);
    }
}

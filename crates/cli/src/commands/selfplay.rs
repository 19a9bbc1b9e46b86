//! `muster selfplay`: bot against bot (random, greedy, MCTS), many games, with statistics.

use super::replay::Vp;
use crate::batch::{self, BatchArgs, Bots, Counts, GameResult};
use crate::records;
use anyhow::Result;
use catalog::Visit;
use engine::Game;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

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
    #[command(flatten)]
    batch: BatchArgs,
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
    per_game: Vec<GameResult>,
}

#[derive(Serialize, Debug)]
struct Wins {
    union: u64,
    confederate: u64,
}

struct Batch<'a> {
    args: &'a Args,
}

impl Visit for Batch<'_> {
    type Out = Result<Vec<GameResult>>;
    fn visit<G: Game>(self, start: G) -> Self::Out {
        let args = self.args;
        batch::run(&start, &args.batch, "selfplay", |i, record| match &args.save_dir {
            Some(dir) => records::save(&dir.join(format!("{}-{i}.json", args.batch.scenario)), record),
            None => Ok(()),
        })
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let start = std::time::Instant::now();
    let per_game = super::with_game(&args.batch.scenario, &args.batch.options, Batch { args })??;
    let seconds = start.elapsed().as_secs_f64();
    let counts = Counts::of(&per_game);
    let (mut decisions, mut vp, mut finished) = (0u64, [0.0; 2], 0u64);
    for g in &per_game {
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
    let bots = args.batch.bots();
    let wins = Wins { union: counts.union, confederate: counts.confederate };
    let (draws, errors) = (counts.draws, counts.errors);
    let report =
        Report { games: args.batch.games, bots, wins, draws, errors, mean_decisions, mean_vp, seconds, per_game };
    if args.json {
        super::print(&serde_json::to_string_pretty(&report)?)?;
    } else {
        super::print(&summary(args, &report))?;
    }
    Ok(if errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn summary(args: &Args, r: &Report) -> String {
    let mut s = batch::headline(&args.batch, r.seconds);
    let counts = Counts { union: r.wins.union, confederate: r.wins.confederate, draws: r.draws, errors: r.errors };
    counts.write_rates(&mut s);
    if let (Some(d), Some(vp)) = (r.mean_decisions, r.mean_vp) {
        let _ =
            writeln!(s, "  mean decisions {d:.1}; mean VP Union {:.2}, Confederate {:.2}", vp.union, vp.confederate);
    }
    if let Some(dir) = &args.save_dir {
        let _ = writeln!(s, "  records in {}", dir.display());
    }
    s.trim_end().to_string()
}

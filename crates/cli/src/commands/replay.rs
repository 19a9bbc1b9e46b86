//! `muster replay`: check a record and report how its game stands.

use crate::records::{self, RawRecord};
use anyhow::Result;
use catalog::Visit;
use engine::{Actor, Game, hash_hex};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Check a game record by replaying it, and print how the game stands.
///
/// Replays a record (JSON, as `play --save` and `selfplay --save-dir` write it),
/// checking every action against the rules and the final position against the record's
/// `final_hash`, then print the result: decisions, winner, VP and the hash reached.
/// A record with an illegal action (the first one is named by its 0-based index, with
/// the rule it breaks) or a hash that does not match is refused with exit code 1.
/// A record without `final_hash` (cut short, or built by `muster position`) is a
/// position, not a checked game: its actions are each checked, but nothing says they
/// are the game someone played, and the report says so ("checked": false); `--strict`
/// refuses it instead.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The record file.
    file: PathBuf,
    /// Print {"scenario", "decisions", "winner", "vp": {"union", "confederate"},
    /// "final_hash", "checked", "over"} as JSON; winner is "union", "confederate",
    /// "draw", or null while the game is not over; "final_hash" is the hash the replay
    /// reached, "checked" whether the record carried that same hash (false: a position,
    /// not a checked game).
    #[arg(long)]
    json: bool,
    /// Refuse (exit code 1) a record that carries no `final_hash` to check.
    #[arg(long)]
    strict: bool,
    /// Also print the game's event log, every event with the rule it cites.
    #[arg(long)]
    log: bool,
}

/// The replay's result, as `--json` prints it.
#[derive(Serialize, Debug)]
struct Report {
    scenario: String,
    decisions: usize,
    winner: Option<&'static str>,
    vp: Vp,
    final_hash: String,
    checked: bool,
    over: bool,
}

/// Victory points by side.
#[derive(Serialize, Debug, Clone, Copy, Default)]
pub struct Vp {
    /// The Union's.
    pub union: f64,
    /// The Confederacy's.
    pub confederate: f64,
}

impl From<[f64; 2]> for Vp {
    fn from(vp: [f64; 2]) -> Vp {
        Vp { union: vp[0], confederate: vp[1] }
    }
}

/// The winner's name as JSON prints it: "union", "confederate", "draw", or `None`
/// while the game is on.
pub fn winner_name<G: Game>(game: &G) -> Option<&'static str> {
    game.outcome().map(|o| o.winner.map_or("draw", engine::Side::name))
}

struct Replay<'a> {
    raw: &'a RawRecord,
    log: bool,
}

impl Visit for Replay<'_> {
    type Out = Result<(Report, Vec<engine::Event>)>;
    fn visit<G: Game>(self, mut game: G) -> Self::Out {
        game.set_logging(self.log);
        let (game, record) = self.raw.replay(game)?;
        let report = Report {
            scenario: self.raw.scenario.clone(),
            decisions: record.actions.len(),
            winner: winner_name(&game),
            vp: game.vp().into(),
            final_hash: hash_hex(game.state_hash()),
            checked: record.final_hash.is_some(),
            over: game.actor() == Actor::Over,
        };
        Ok((report, game.log().events().to_vec()))
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let raw = records::read(&args.file)?;
    // The scenario comes from the file, not the command line: an unknown one is a bad
    // record (exit 1), not a usage error.
    let (report, log) = catalog::with_game(&raw.scenario, &raw.options, Replay { raw: &raw, log: args.log })
        .map_err(|e| anyhow::anyhow!("{}: {e}", raw.path))??;
    if args.strict && !report.checked {
        anyhow::bail!(
            "{}: record refused: it carries no final_hash, so it is a position (cut short or built by hand), not a checked game",
            raw.path
        );
    }
    let mut text = String::new();
    if args.log {
        for e in &log {
            let _ = writeln!(text, "[{}] {}", e.rule, e.text);
        }
    }
    if args.json {
        text.push_str(&serde_json::to_string_pretty(&report)?);
    } else {
        let state = match report.winner {
            None => "not over".to_string(),
            Some("draw") => "over: a draw".to_string(),
            Some(w) => format!("over: {w} wins"),
        };
        let _ = write!(
            text,
            "{}: {} decisions replayed, every one legal; {state}\nVP: Union {}, Confederate {}\nfinal_hash: {}",
            report.scenario, report.decisions, report.vp.union, report.vp.confederate, report.final_hash
        );
        if !report.checked {
            text.push_str(
                "\nunchecked: the record carries no final_hash, so this is a position (cut short or built by hand), not a checked game",
            );
        }
    }
    super::print(&text)?;
    Ok(ExitCode::SUCCESS)
}

//! `muster render`: a map or a position as SVG.

use crate::records;
use anyhow::{Context, Result, bail};
use catalog::Visit;
use engine::Game;
use std::path::PathBuf;
use std::process::ExitCode;

/// Draw a scenario's map, or the position a record reaches, as SVG.
///
/// The drawing shows terrain with a legend, elevation, hex
/// numbers, place names, roads and set-up lines, the counters with strength and status,
/// and the tracks. With --record, the record is replayed first (every action checked)
/// and the position it reaches is drawn.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario (see `muster scenarios`).
    scenario: String,
    /// A game record to replay first; its scenario must match and its options are used.
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// Where to write the SVG.
    #[arg(long, value_name = "FILE.svg")]
    out: PathBuf,
    /// Switch on an optional rule (repeatable; see `muster scenarios`); not with --record.
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Print {"out", "hexes", "counters", "stands", "bytes"} as JSON (stands: on a table, issue 17).
    #[arg(long)]
    json: bool,
}

struct Draw<'a> {
    raw: Option<&'a records::RawRecord>,
}

impl Visit for Draw<'_> {
    type Out = Result<engine::BoardView>;
    fn visit<G: Game>(self, game: G) -> Self::Out {
        let game = match self.raw {
            Some(raw) => raw.replay(game)?.0,
            None => game,
        };
        Ok(game.board())
    }
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let raw = args.record.as_deref().map(records::read).transpose()?;
    let options = match &raw {
        Some(r) => {
            if r.scenario != args.scenario {
                bail!("{} is a record of {}, not {}", r.path, r.scenario, args.scenario);
            }
            if !args.options.is_empty() {
                bail!("--option cannot be given with --record: the record's options are used");
            }
            r.options.clone()
        }
        None => args.options.clone(),
    };
    let board = super::with_game(&args.scenario, &options, Draw { raw: raw.as_ref() })??;
    // A table (a ruleset measured in inches, issue 17) is drawn as a table, a map as hexes.
    let svg = render::table_svg(&board).unwrap_or_else(|| render::svg(&board));
    let stands = board.table.as_ref().map_or(0, |t| t.stands.len());
    if let Some(dir) = args.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(&args.out, &svg).with_context(|| format!("writing {}", args.out.display()))?;
    if args.json {
        let report = serde_json::json!({
            "out": args.out.display().to_string(),
            "hexes": board.hexes.len(),
            "counters": board.counters.len(),
            "stands": stands,
            "bytes": svg.len(),
        });
        super::print(&serde_json::to_string_pretty(&report)?)?;
    } else {
        let what = if board.table.is_some() {
            format!("a table, {stands} stands")
        } else {
            format!("{} hexes, {} counters", board.hexes.len(), board.counters.len())
        };
        super::print(&format!("Wrote {} ({what}).", args.out.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

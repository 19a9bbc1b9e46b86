//! `muster`: play, simulate, replay, weigh the odds of and draw muster's wargames from the
//! command line.
//!
//! One module per command under [`commands`]; the SVG writer is the `render` crate; record
//! files in [`records`]. Exit codes: 0 success, 1 a failure the command reports (an
//! error in selfplay, a refused record, odds too large to enumerate), 2 a usage error
//! (clap's own, an unknown scenario, option or bot).

mod batch;
mod chart;
mod commands;
mod records;
mod stats;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Play, simulate, replay and draw American Civil War board wargames with every rule
/// enforced.
#[derive(Parser, Debug)]
#[command(
    name = "muster",
    version,
    after_help = "Exit codes: 0 success; 1 a failure the command reports (an error in selfplay, a refused record, odds too large to enumerate); 2 a usage error."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Scenarios(commands::scenarios::Args),
    Play(commands::play::Args),
    Selfplay(commands::selfplay::Args),
    Simulate(commands::simulate::Args),
    Replay(commands::replay::Args),
    Position(commands::position::Args),
    Odds(commands::odds::Args),
    Render(commands::render::Args),
    Serve(Box<commands::serve::Args>),
}

/// A usage error found after parsing (an unknown scenario or option): exit code 2.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Scenarios(a) => commands::scenarios::run(&a),
        Command::Play(a) => commands::play::run(&a),
        Command::Selfplay(a) => commands::selfplay::run(&a),
        Command::Simulate(a) => commands::simulate::run(&a),
        Command::Replay(a) => commands::replay::run(&a),
        Command::Position(a) => commands::position::run(&a),
        Command::Odds(a) => commands::odds::run(&a),
        Command::Render(a) => commands::render::run(&a),
        Command::Serve(a) => commands::serve::run(&a),
    };
    match result {
        Ok(code) => code,
        // A closed pipe (`muster scenarios | head`) is the reader's choice, not a failure.
        Err(e)
            if e.chain().any(|c| {
                c.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            }) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) if e.is::<Usage>() => {
            eprintln!("error: {e:#}\n\nFor more information, try '--help'.");
            ExitCode::from(2)
        }
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

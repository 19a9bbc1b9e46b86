//! One module per `muster` command: its arguments (with their `--help` text) and its run.

pub mod calc;
pub mod odds;
pub mod play;
pub mod position;
pub mod render;
pub mod replay;
pub mod scenarios;
pub mod selfplay;
pub mod serve;
pub mod simulate;

use crate::Usage;
use catalog::{CatalogError, Visit};

/// Builds a scenario named on the command line: an unknown scenario or option is a
/// usage error (exit code 2).
pub fn with_game<V: Visit>(scenario: &str, options: &[String], v: V) -> anyhow::Result<V::Out> {
    catalog::with_game(scenario, options, v).map_err(|e: CatalogError| Usage(e.to_string()).into())
}

/// Writes `text` and a newline to standard output. Unlike `println!`, a closed pipe
/// (`muster scenarios | head`) is an error the caller returns, not a panic; `main`
/// ends quietly on it.
pub fn print(text: &str) -> anyhow::Result<()> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(())
}

/// The lower-cased words of a filter a person typed (`play`'s TEXT, `position`'s PICK).
pub fn filter_words(text: &str) -> Vec<String> {
    text.trim_start_matches('/').split_whitespace().map(str::to_lowercase).collect()
}

/// Whether an action's description mentions every word of a filter, ignoring case.
pub fn mentions(description: &str, words: &[String]) -> bool {
    let d = description.to_lowercase();
    words.iter().all(|w| d.contains(w.as_str()))
}

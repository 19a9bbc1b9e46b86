//! `muster scenarios`: what can be played, with its options.

use anyhow::Result;
use std::fmt::Write as _;
use std::process::ExitCode;

/// List the scenarios muster can play, with their options.
///
/// Each scenario shows its id (the name the other commands take), its ruleset, title and
/// description (saying what is authored rather than published), and the optional rules
/// that `--option NAME` switches on in `play`, `selfplay` and `render`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Print a JSON array of scenarios (id, ruleset, title, description, options with
    /// name and description) instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let all = catalog::scenarios();
    if args.json {
        super::print(&serde_json::to_string_pretty(&all)?)?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = String::new();
    for s in &all {
        writeln!(out, "{}  ({} ruleset)\n  {}\n", s.id, s.ruleset, s.title)?;
        for line in render::wrap(&s.description, 76) {
            writeln!(out, "  {line}")?;
        }
        if s.options.is_empty() {
            writeln!(out, "\n  No options.")?;
        } else {
            writeln!(out, "\n  Options (--option NAME):")?;
            for o in &s.options {
                writeln!(out, "    {}", o.name)?;
                for line in render::wrap(&o.description, 70) {
                    writeln!(out, "        {line}")?;
                }
            }
        }
        writeln!(out)?;
    }
    super::print(out.trim_end())?;
    Ok(ExitCode::SUCCESS)
}

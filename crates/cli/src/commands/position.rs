//! `muster position`: build a test position by hand (cut a record short, append chosen
//! actions and dice) and show the decision it reaches, so anyone can reproduce a ruling.

use crate::Usage;
use crate::records::{self, RawRecord};
use anyhow::{Result, bail};
use catalog::Visit;
use engine::{Actor, Game, Record};
use serde::Serialize;
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Build a position to test a ruling: cut a record short, append chosen actions and
/// dice, and show the decision reached with everything that may be chosen there.
///
/// FROM is a record file (as `play --save` and `selfplay --save-dir` write it) or a
/// scenario id (a fresh game). `--at N` keeps only the record's first N actions. Each
/// `--then PICK` then takes one decision, in order, whoever is to act, chance included:
/// PICK is `#N` (the Nth entry of the list this command prints, from 1), words that
/// all appear in exactly one entry's description ("volley 1712", "roll 6"; an entry whose
/// whole description is the words wins over entries that merely contain them), or the
/// action's JSON as the list's `--json` shows it. A pick that matches nothing, or more
/// than one entry, or an illegal action, is refused naming the rule (exit code 1).
///
/// It prints the decision reached (who acts, the prompt and its rule) and every legal
/// action numbered, or every chance outcome with its probability; `--log` prints the
/// game's event log first. `--save FILE` writes the position as a record without
/// `final_hash`: `muster replay` reports it as a position, not a checked game, and
/// `muster odds FILE` weighs its actions.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A record file, or a scenario id for a fresh game.
    from: String,
    /// Keep only the record's first N actions.
    #[arg(long, value_name = "N")]
    at: Option<usize>,
    /// Then take this decision (repeatable, in order): #N, words, or an action's JSON.
    #[arg(long = "then", value_name = "PICK")]
    picks: Vec<String>,
    /// Switch on an optional rule when FROM is a scenario (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Write the position reached as a record (without final_hash) here.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Print the game's event log, every event with its rule, before the decision.
    #[arg(long)]
    log: bool,
    /// Print every unit on the map first: its hex, the hex's terrain and elevation, its
    /// facing where the ruleset has one (0-5: the vertex between hexside directions f and
    /// f+1 in die order N, NE, SE, S, SW, NW), strength and status. For rulings that hang
    /// on facing and elevation, without reading them off the SVG.
    #[arg(long)]
    units: bool,
    /// Print {"scenario", "decisions", "actor", "prompt": {"text", "rule"}, "choices":
    /// [{"index", "description", "probability", "action"}], "log": [{"rule", "text"}],
    /// "units": [{"id", "name", "side", "kind", "hex", "terrain", "elevation", "facing",
    /// "strength", "status"}]} as JSON ("log" and "units" only when asked for); "actor" is "union", "confederate", "chance" or "over"; "probability"
    /// is null for a side's action; "action" is the JSON a --then or a record takes.
    #[arg(long)]
    json: bool,
}

/// One entry of the decision's list.
#[derive(Serialize, Debug)]
struct Choice {
    index: usize,
    description: String,
    probability: Option<f64>,
    action: Value,
}

/// A unit on the map, as `--units` prints it.
#[derive(Serialize, Debug)]
struct UnitLine {
    id: String,
    name: String,
    side: String,
    kind: String,
    hex: String,
    terrain: Option<String>,
    elevation: Option<i8>,
    facing: Option<u8>,
    strength: String,
    status: Vec<String>,
}

#[derive(Serialize, Debug)]
struct LogLine {
    rule: String,
    text: String,
}

/// The position reached, as `--json` prints it.
#[derive(Serialize, Debug)]
struct Report {
    scenario: String,
    decisions: usize,
    actor: &'static str,
    prompt: Prompt,
    choices: Vec<Choice>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    log: Vec<LogLine>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    units: Vec<UnitLine>,
}

#[derive(Serialize, Debug)]
struct Prompt {
    text: String,
    rule: String,
}

struct Build<'a> {
    args: &'a Args,
    /// The record FROM names, if it names one.
    raw: Option<&'a RawRecord>,
}

/// The decision's list: legal actions, or chance outcomes with their probabilities.
fn list<G: Game>(game: &G) -> Vec<(G::Action, Option<f64>)> {
    match game.actor() {
        Actor::Side(_) => game.legal_actions().into_iter().map(|a| (a, None)).collect(),
        Actor::Chance => game.chance_outcomes().into_iter().map(|(a, p)| (a, Some(p))).collect(),
        Actor::Over => Vec::new(),
    }
}

/// The entry of `choices` that `pick` names.
///
/// # Errors
/// A message when it names none or several, or its JSON is not an action here.
fn resolve<G: Game>(game: &G, choices: &[(G::Action, Option<f64>)], pick: &str) -> Result<G::Action> {
    let t = pick.trim();
    if game.actor() == Actor::Over {
        bail!("'{t}': the game is over: there is no decision to take");
    }
    if let Some(n) = t.strip_prefix('#') {
        let n: usize = n.trim().parse().map_err(|_| anyhow::anyhow!("'{t}': # takes an entry number"))?;
        return match n.checked_sub(1).and_then(|k| choices.get(k)) {
            Some((a, _)) => Ok(a.clone()),
            None => bail!("'{t}': the list has {} entries, numbered 1 to {}", choices.len(), choices.len()),
        };
    }
    if t.starts_with('{') || t.starts_with('"') || t.starts_with('[') {
        let action: G::Action =
            serde_json::from_str(t).map_err(|e| anyhow::anyhow!("'{t}' is not an action of this game: {e}"))?;
        if !choices.iter().any(|(a, _)| *a == action) {
            let why = game.why_illegal(&action);
            bail!("'{t}' is illegal under {}: {}", why.rule, why.reason);
        }
        return Ok(action);
    }
    let words = super::filter_words(t);
    if words.is_empty() {
        bail!("an empty pick: give #N, words from an entry, or an action's JSON");
    }
    let descriptions: Vec<String> = choices.iter().map(|(a, _)| game.describe(a)).collect();
    let found: Vec<usize> = (0..choices.len()).filter(|&i| super::mentions(&descriptions[i], &words)).collect();
    let exact: Vec<usize> = found.iter().copied().filter(|&i| descriptions[i].eq_ignore_ascii_case(t)).collect();
    match (found.as_slice(), exact.as_slice()) {
        (_, [i]) | ([i], _) => Ok(choices[*i].0.clone()),
        ([], _) => {
            bail!("'{t}': no entry of the {} offered mentions every word ({})", choices.len(), game.prompt().text)
        }
        (many, _) => {
            let shown: Vec<String> = many.iter().take(8).map(|&i| format!("#{} {}", i + 1, descriptions[i])).collect();
            let more = if many.len() > 8 { format!(" and {} more", many.len() - 8) } else { String::new() };
            bail!("'{t}' matches {} entries: {}{more}; add words or pick by #N", many.len(), shown.join("; "))
        }
    }
}

impl Visit for Build<'_> {
    type Out = Result<Report>;
    fn visit<G: Game>(self, mut game: G) -> Self::Out {
        game.set_logging(self.args.log);
        let mut record: Record<G::Action> = match self.raw {
            Some(raw) => raw.typed::<G>()?,
            None => records::record_of(&game, None, &[]),
        };
        let from = self.raw.map_or(self.args.from.as_str(), |r| r.path.as_str());
        if let Some(n) = self.args.at {
            if n > record.actions.len() {
                return Err(Usage(format!("--at {n}: {from} has only {} actions", record.actions.len())).into());
            }
            record.actions.truncate(n);
        }
        let mut game = match self.raw {
            Some(raw) => raw.replay_actions(game, &record.actions)?,
            None => game,
        };
        for (k, pick) in self.args.picks.iter().enumerate() {
            let choices = list(&game);
            let action = resolve(&game, &choices, pick)
                .map_err(|e| anyhow::anyhow!("--then {} (decision {}): {e}", k + 1, record.actions.len()))?;
            game.apply(&action)
                .map_err(|i| anyhow::anyhow!("--then {}: illegal under {}: {}", k + 1, i.rule, i.reason))?;
            record.actions.push(action);
        }
        if let Some(path) = &self.args.save {
            // A position, not a checked game: no final_hash, and no seed (chance was chosen).
            record.final_hash = None;
            record.seed = None;
            records::save(path, &record)?;
        }
        let actor = match game.actor() {
            Actor::Side(s) => s.name(),
            Actor::Chance => "chance",
            Actor::Over => "over",
        };
        let prompt = game.prompt();
        let choices = list(&game)
            .into_iter()
            .enumerate()
            .map(|(i, (a, p))| {
                Ok(Choice {
                    index: i + 1,
                    description: game.describe(&a),
                    probability: p,
                    action: serde_json::to_value(&a)?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let log = if !self.args.log {
            Vec::new()
        } else {
            game.log().events().iter().map(|e| LogLine { rule: e.rule.clone(), text: e.text.clone() }).collect()
        };
        let units = if self.args.units { units(&game) } else { Vec::new() };
        Ok(Report {
            scenario: game.scenario().0.to_string(),
            decisions: record.actions.len(),
            actor,
            prompt: Prompt { text: prompt.text, rule: prompt.rule },
            choices,
            log,
            units,
        })
    }
}

/// Every counter on the map with its hex's terrain and elevation.
fn units<G: Game>(game: &G) -> Vec<UnitLine> {
    let board = game.board();
    let hexes: std::collections::HashMap<&str, &engine::HexView> =
        board.hexes.iter().map(|h| (h.hex.as_str(), h)).collect();
    board
        .counters
        .iter()
        .map(|c| {
            let h = hexes.get(c.hex.as_str());
            UnitLine {
                id: c.id.clone(),
                name: c.name.clone(),
                side: c.side.clone(),
                kind: c.kind.clone(),
                hex: c.hex.clone(),
                terrain: h.map(|h| h.terrain.clone()),
                elevation: h.map(|h| h.elevation),
                facing: c.facing.or(c.faces_side),
                strength: c.strength.clone(),
                status: c.status.clone(),
            }
        })
        .collect()
}

fn to_text(r: &Report, saved: Option<&Path>) -> String {
    let mut s = String::new();
    for u in &r.units {
        let ground = match (&u.terrain, u.elevation) {
            (Some(t), Some(e)) => format!("{t}, level {e}"),
            _ => "off the map".into(),
        };
        let facing = u.facing.map_or_else(String::new, |f| format!(", facing {f}"));
        let status = if u.status.is_empty() { String::new() } else { format!(" [{}]", u.status.join(", ")) };
        let name =
            if u.name.replace(' ', "-") == u.id || u.name == u.id { String::new() } else { format!(" \"{}\"", u.name) };
        let _ = writeln!(
            s,
            "{:<10} {} {}{name} in {} ({ground}){facing}, strength {}{status}",
            u.id, u.side, u.kind, u.hex, u.strength
        );
    }
    if !r.units.is_empty() {
        s.push('\n');
    }
    for e in &r.log {
        let _ = writeln!(s, "[{}] {}", e.rule, e.text);
    }
    if !r.log.is_empty() {
        s.push('\n');
    }
    let _ = writeln!(s, "{} after {} decisions; {} to act", r.scenario, r.decisions, r.actor);
    if r.actor != "over" {
        let _ = writeln!(s, "[{}] {}", r.prompt.rule, r.prompt.text);
    }
    let width = r.choices.len().to_string().len();
    for c in &r.choices {
        match c.probability {
            Some(p) => {
                let _ = writeln!(s, "  #{:<width$} {:>8}  {}", c.index, super::odds::percent(p), c.description);
            }
            None => {
                let _ = writeln!(s, "  #{:<width$} {}", c.index, c.description);
            }
        }
    }
    if let Some(path) = saved {
        let _ = writeln!(s, "Saved the position ({} decisions, no final_hash) to {}.", r.decisions, path.display());
    }
    s.trim_end().to_string()
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let path = Path::new(&args.from);
    let report = if path.is_file() {
        let raw = records::read(path)?;
        if !args.options.is_empty() {
            return Err(Usage("--option applies to a scenario; a record carries its own options".into()).into());
        }
        catalog::with_game(&raw.scenario, &raw.options, Build { args, raw: Some(&raw) })
            .map_err(|e| anyhow::anyhow!("{}: {e}", raw.path))??
    } else {
        if args.from.ends_with(".json") || args.from.contains(std::path::MAIN_SEPARATOR) {
            bail!("{}: no such record file", args.from);
        }
        if args.at.is_some() {
            return Err(Usage(format!("--at needs a record file; '{}' is not one", args.from)).into());
        }
        super::with_game(&args.from, &args.options, Build { args, raw: None })??
    };
    if args.json {
        super::print(&serde_json::to_string_pretty(&report)?)?;
    } else {
        super::print(&to_text(&report, args.save.as_deref()))?;
    }
    Ok(ExitCode::SUCCESS)
}

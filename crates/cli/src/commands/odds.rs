//! `muster odds`: the exact odds of each action at the end of a record.

use crate::Usage;
use crate::records::{self, RawRecord};
use analysis::{Distribution, TooLarge};
use anyhow::{Result, bail};
use catalog::Visit;
use engine::{Actor, Game};
use serde_json::{Map, Value, json};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Exact odds of every action at the end of a record, chance enumerated, never sampled.
///
/// Replays the record (as `play --save` and `selfplay --save-dir` write it), then for
/// each legal action of the position it reaches (or only action N, numbered as `play`
/// lists them, from 1) applies the action and enumerates every chance outcome that
/// follows (dice, chit pulls, hits) until a side is to decide or the game is over. It
/// prints each class of outcome (what the ruleset counts: units eliminated, broken,
/// reduced, retreated, captured, leaders wounded, killed or captured, VP in quarter
/// points) with its probability, and each count's own distribution. Probabilities sum
/// to one. When the record ends with chance to act, it prints the odds of that chance
/// resolving. A position whose chance would take more than --limit outcomes to
/// enumerate is refused with exit code 1, never approximated.
///
/// Quick calculators, with no record needed: `muster odds belmont volley`, `muster odds
/// belmont melee`, `muster odds fotm assault` (each with its own --help).
#[derive(clap::Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    /// A calculator instead of a record.
    #[command(subcommand)]
    calc: Option<super::calc::Calc>,
    /// The record file.
    #[arg(required = true)]
    file: Option<PathBuf>,
    /// Only this action (1 = the first legal action, as `play` numbers them).
    #[arg(long, value_name = "N")]
    action: Option<usize>,
    /// Refuse an action whose chance takes more than this many outcomes to enumerate.
    #[arg(long, value_name = "L", default_value_t = 100_000)]
    limit: usize,
    /// Carry the odds through the other side's decisions on the way (which company takes
    /// the hit, where it retreats), each answered by the greedy bot's best move by the
    /// ruleset's evaluation, until the side acting decides again or the ruleset's horizon
    /// (Belmont: the next chit pull), as the game page does; and through the acting side's
    /// own decisions inside what the action began (who takes a melee's hit, fighting on;
    /// an Assault still being announced is launched as it stands). Chance stays exact; the
    /// replies are the one assumption, and the report counts them. Beside the best reply,
    /// the odds for each option of the other side's first choice (up to six: a Lead
    /// Brigade, a company to take the hit), so what it may choose instead is shown too.
    #[arg(long)]
    through: bool,
    /// With --through: where more decisions lie on the way than can be followed exactly,
    /// this many sampled playouts (chance rolled, each side answering as above, from a seed
    /// of the position) finish the share left, and the report says how much is estimated.
    /// 0 leaves that share unworked.
    #[arg(long, value_name = "N", default_value_t = 300)]
    playouts: usize,
    /// Print {"position": {"prompt", "rule"}, "actions": [{"index", "action",
    /// "outcomes": [{"probability", "changes": {key: delta}}], "marginals": {key:
    /// [[delta, probability], ...]}}]}. Outcomes are the classes of equal changes, most
    /// likely first; "changes" lists the keys that change (an empty object: nothing
    /// does); "marginals" lists the keys that can change. "index" is null for chance
    /// pending at the end of the record. "replies" (with --through) counts the
    /// decisions answered on the way, either side's, else null; "alternatives" (with
    /// --through) lists [{"choice", "question", "outcomes"}] for the other side's first choice;
    /// "rolls" (with --through) the rolls met on the way, as the ruleset prompts them;
    /// "unfinished" the chance the exact walk stopped with a decision still to make, and
    /// "sampled" how many playouts estimate that share (0: none, the share left unworked).
    #[arg(long)]
    json: bool,
}

/// One action's odds, ready to print.
struct Entry {
    index: Option<usize>,
    action: String,
    classes: Vec<analysis::Class>,
    marginals: Vec<analysis::Marginal>,
    positions: usize,
    expanded: usize,
    /// With --through: the other side's decisions answered on the way.
    replies: Option<usize>,
    /// With --through: each option of the other side's first choice and the outcomes if
    /// it takes it (`analysis::outcomes_range`).
    alternatives: Vec<(String, String, Vec<analysis::Class>)>,
    /// With --through: the rolls met on the way, as the ruleset prompts them.
    rolls: Vec<String>,
    /// With --through: the chance the exact walk stopped with a decision still to make.
    unfinished: f64,
    /// With --through: the playouts that estimate that share (0: exact).
    sampled: usize,
}

struct Odds<'a> {
    raw: &'a RawRecord,
    args: &'a Args,
}

impl Visit for Odds<'_> {
    type Out = Result<(engine::Prompt, Vec<Entry>)>;
    fn visit<G: Game>(self, mut game: G) -> Self::Out {
        game.set_logging(false);
        let (game, _) = self.raw.replay(game)?;
        let prompt = game.prompt();
        let limit = self.args.limit;
        let mut entries = Vec::new();
        let mut too_large = Vec::new();
        match game.actor() {
            Actor::Over => bail!("{}: the game is over: there is no decision to weigh", self.raw.path),
            Actor::Chance => {
                if self.args.action.is_some() {
                    return Err(Usage(format!(
                        "{}: chance is to act at the end of the record, not a side: there are no actions to pick with --action",
                        self.raw.path
                    ))
                    .into());
                }
                match analysis::resolve(&game, limit) {
                    Ok(d) => entries.push(entry(None, format!("chance: {}", prompt.text), &d)),
                    Err(TooLarge { .. }) => too_large.push(format!("the pending chance ({})", prompt.text)),
                }
            }
            Actor::Side(_) => {
                let legal = game.legal_actions();
                let picked: Vec<usize> = match self.args.action {
                    Some(n) if n >= 1 && n <= legal.len() => vec![n - 1],
                    Some(n) => {
                        return Err(Usage(format!(
                            "--action {n}: the position has {} legal actions, numbered 1 to {}",
                            legal.len(),
                            legal.len()
                        ))
                        .into());
                    }
                    None => (0..legal.len()).collect(),
                };
                for i in picked {
                    let a = &legal[i];
                    let odds = if self.args.through {
                        let mut reply = |g: &G| {
                            bots::Bot::choose(&mut bots::GreedyBot::with_limits(0, REPLY_LIMIT, REPLY_SAMPLES), g)
                        };
                        let reach = analysis::Reach {
                            limit,
                            max_replies: MAX_REPLIES,
                            max_choices: MAX_CHOICES,
                            playouts: self.args.playouts,
                            seed: game.state_hash(),
                        };
                        analysis::odds_through(&game, a, reach, &mut reply).map(|(t, alts)| {
                            let alts = alts
                                .into_iter()
                                .map(|x| (x.choice, x.question, x.through.distribution.classes()))
                                .collect();
                            let n = t.replies + t.own + t.taken.len();
                            (t.distribution, Some(n), alts, t.rolls, (t.unfinished, t.sampled))
                        })
                    } else {
                        analysis::outcomes(&game, a, limit).map(|d| (d, None, Vec::new(), Vec::new(), (0.0, 0)))
                    };
                    match odds {
                        Ok((d, replies, alternatives, rolls, (unfinished, sampled))) => {
                            let e = entry(Some(i + 1), game.describe(a), &d);
                            entries.push(Entry { replies, alternatives, rolls, unfinished, sampled, ..e });
                        }
                        Err(TooLarge { .. }) => too_large.push(format!("action {} ({})", i + 1, game.describe(a))),
                    }
                }
            }
        }
        if !too_large.is_empty() {
            let n = too_large.len();
            let shown: Vec<&str> = too_large.iter().take(5).map(String::as_str).collect();
            let more = if n > 5 { format!(" and {} more", n - 5) } else { String::new() };
            bail!(
                "{}: too large to enumerate exactly: {}{more} would take more than {limit} chance outcomes before the next decision. Odds are never approximated: raise --limit, or pick another action with --action N",
                self.raw.path,
                shown.join(", ")
            );
        }
        Ok((prompt, entries))
    }
}

fn entry<G: Game>(index: Option<usize>, action: String, d: &Distribution<G>) -> Entry {
    Entry {
        index,
        action,
        classes: d.classes(),
        marginals: d.marginals().into_iter().filter(analysis::Marginal::varies).collect(),
        positions: d.positions.len(),
        expanded: d.expanded,
        replies: None,
        alternatives: Vec::new(),
        rolls: Vec::new(),
        unfinished: 0.0,
        sampled: 0,
    }
}

/// With --through: the decisions answered at most (distinct positions), and the greedy
/// reply's own bounds, as the server's odds use them.
const MAX_REPLIES: usize = 4_096;
const REPLY_LIMIT: usize = 64;
const REPLY_SAMPLES: u32 = 8;
/// With --through: the most options of the other side's first choice shown one by one.
const MAX_CHOICES: usize = 6;
/// Outcomes shown for each of those options in the text report.
const SHOW_CHOICE_CLASSES: usize = 4;

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let (Some(file), None) = (&args.file, &args.calc) else {
        return args
            .calc
            .as_ref()
            .map_or_else(|| Err(Usage("a record file or a calculator is needed".into()).into()), super::calc::run);
    };
    let raw = records::read(file)?;
    // The scenario comes from the file: an unknown one is a bad record (exit 1).
    let (prompt, entries) = catalog::with_game(&raw.scenario, &raw.options, Odds { raw: &raw, args })
        .map_err(|e| anyhow::anyhow!("{}: {e}", raw.path))??;
    if args.json {
        super::print(&serde_json::to_string_pretty(&to_json(&prompt, &entries))?)?;
    } else {
        super::print(&to_text(&prompt, &entries))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn to_json(prompt: &engine::Prompt, entries: &[Entry]) -> Value {
    let actions: Vec<Value> = entries
        .iter()
        .map(|e| {
            let marginals: Map<String, Value> = e
                .marginals
                .iter()
                .map(|m| (m.key.clone(), Value::Array(m.values.iter().map(|(d, p)| json!([d, p])).collect())))
                .collect();
            let alternatives: Vec<Value> = e
                .alternatives
                .iter()
                .map(|(choice, question, classes)| json!({ "choice": choice, "question": question, "outcomes": outcomes_json(classes) }))
                .collect();
            json!({ "index": e.index, "action": e.action, "outcomes": outcomes_json(&e.classes), "marginals": marginals, "replies": e.replies, "alternatives": alternatives, "rolls": e.rolls, "unfinished": e.unfinished, "sampled": e.sampled })
        })
        .collect();
    json!({ "position": { "prompt": prompt.text, "rule": prompt.rule }, "actions": actions })
}

/// Outcomes as JSON: each class's probability and its changes by key.
fn outcomes_json(classes: &[analysis::Class]) -> Vec<Value> {
    classes
        .iter()
        .map(|c| {
            let changes: Map<String, Value> = c.changes.iter().map(|(k, d)| (k.clone(), json!(d))).collect();
            json!({ "probability": c.probability, "changes": changes })
        })
        .collect()
}

/// Classes shown per action in the text report.
const SHOW_CLASSES: usize = 12;

fn to_text(prompt: &engine::Prompt, entries: &[Entry]) -> String {
    let mut s = format!("[{}] {}\n", prompt.rule, prompt.text);
    let _ = writeln!(s, "Exact odds until the next decision (chance enumerated, never sampled):\n");
    for e in entries {
        let head = e.index.map_or_else(String::new, |i| format!("{i}. "));
        if e.expanded == 0 {
            let what = e.classes.first().map_or_else(String::new, |c| changes(&c.changes));
            let _ = writeln!(s, "{head}{}\n   no chance: {what}\n", e.action);
            continue;
        }
        let _ = writeln!(
            s,
            "{head}{}\n   {} outcome{}, {} position{}, {} chance outcomes enumerated",
            e.action,
            e.classes.len(),
            if e.classes.len() == 1 { "" } else { "s" },
            e.positions,
            if e.positions == 1 { "" } else { "s" },
            e.expanded
        );
        if let Some(n) = e.replies.filter(|&n| n > 0) {
            let _ = writeln!(
                s,
                "   through {n} decision(s) on the way, each the greedy best move or the procedure's next step"
            );
        }
        for c in e.classes.iter().take(SHOW_CLASSES) {
            let _ = writeln!(s, "   {:>8}  {}", percent(c.probability), changes(&c.changes));
        }
        if e.classes.len() > SHOW_CLASSES {
            let rest: f64 = e.classes[SHOW_CLASSES..].iter().map(|c| c.probability).sum();
            let _ = writeln!(s, "   {:>8}  ... {} less likely outcomes", percent(rest), e.classes.len() - SHOW_CLASSES);
        }
        if e.unfinished > 0.0 && e.sampled > 0 {
            let _ = writeln!(
                s,
                "   {} of it estimated by {} sampled playouts (more than {MAX_REPLIES} decisions on the way to follow exactly)",
                percent(e.unfinished),
                e.sampled
            );
        } else if e.unfinished > 0.0 {
            let _ = writeln!(
                s,
                "   {} not worked out to the end (more than {MAX_REPLIES} decisions on the way): the outcomes above may understate what follows",
                percent(e.unfinished)
            );
        }
        if !e.rolls.is_empty() {
            let _ = writeln!(s, "   the dice on the way: {}", e.rolls.join("; "));
        }
        if !e.alternatives.is_empty() {
            let _ = writeln!(s, "   beside the best reply, each option of the other side's first choice:");
            for (choice, question, classes) in &e.alternatives {
                let _ = writeln!(s, "   if it chooses \"{choice}\" ({question}):");
                for c in classes.iter().take(SHOW_CHOICE_CLASSES) {
                    let _ = writeln!(s, "     {:>8}  {}", percent(c.probability), changes(&c.changes));
                }
            }
        }
        for m in &e.marginals {
            let values: Vec<String> = m.values.iter().map(|(d, p)| format!("{d:+} {}", percent(*p))).collect();
            let _ = writeln!(s, "   {}: {}", m.key, values.join(", "));
        }
        s.push('\n');
    }
    s.trim_end().to_string()
}

/// A class's changes in words: "union companies broken +1, union vp x4 +8".
fn changes(changes: &[(String, i64)]) -> String {
    if changes.is_empty() {
        return "no change tallied".into();
    }
    changes.iter().map(|(k, d)| format!("{k} {d:+}")).collect::<Vec<_>>().join(", ")
}

/// A probability as a percentage with enough digits to tell small ones apart.
pub(crate) fn percent(p: f64) -> String {
    let pc = 100.0 * p;
    if pc == 0.0 || pc >= 0.1 { format!("{pc:.2}%") } else { format!("{pc:.2e}%") }
}

#[cfg(test)]
mod tests {
    use super::percent;

    #[test]
    fn percentages_keep_small_odds_visible() {
        assert_eq!(percent(0.5), "50.00%");
        assert_eq!(percent(1.0 / 36.0), "2.78%");
        assert_eq!(percent(1.0 / 46_656.0), "2.14e-3%");
        assert_eq!(percent(1.0), "100.00%");
    }
}

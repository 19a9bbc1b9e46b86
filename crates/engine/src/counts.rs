//! Legal-action count files, in the manner of shakmaty's perft files: each line names a
//! position reached by seeded random play from a ruleset's start and the number of legal
//! actions (or chance outcomes) there, with the rule that must be prompting. A regression
//! guard on the legal-action generator and the procedures that lead to each position.
//!
//! A line is `NAME SEED DECISIONS COUNT  # RULE what is pending`: start from the ruleset's
//! start position, make one `Dice::seeded(SEED)`, play DECISIONS decisions of
//! [`crate::conformance::random_action`] (applied unchecked), then COUNT is
//! `legal_actions().len()` if a side acts, `chance_outcomes().len()` if Chance acts, 0 if the
//! game is over; and the comment's first two words (`"Belmont 5.1"`) must equal
//! `prompt().rule` there, so a count matching by coincidence after the procedure drifted still
//! fails.

use crate::{Actor, Dice, Game, conformance};

/// One line of a count file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1-based line number in the file.
    pub number: usize,
    /// The line's name.
    pub name: String,
    /// The dice seed.
    pub seed: u64,
    /// Decisions played from the start.
    pub decisions: u64,
    /// The expected count.
    pub count: usize,
    /// The rule the comment names ("Belmont 5.1"), if its first word is `ruleset`.
    pub rule: Option<String>,
}

/// Parses a count file (`file` names it in messages), reporting every malformed line at once.
/// A comment whose first word is `ruleset` names the rule the line's position must prompt.
///
/// # Errors
/// Every malformed line, as `file:line: problem`, one a line.
pub fn parse(text: &str, file: &str, ruleset: &str) -> Result<Vec<Line>, String> {
    let mut lines = Vec::new();
    let mut errors = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let (data, comment) = raw.split_once('#').unwrap_or((raw, ""));
        let fields: Vec<&str> = data.split_whitespace().collect();
        if fields.is_empty() {
            continue;
        }
        let [name, seed, decisions, count] = fields[..] else {
            errors.push(format!("{file}:{number}: expected NAME SEED DECISIONS COUNT, found {:?}", data.trim()));
            continue;
        };
        match (seed.parse(), decisions.parse(), count.parse()) {
            (Ok(seed), Ok(decisions), Ok(count)) => {
                let words: Vec<&str> = comment.split_whitespace().collect();
                let rule = match words[..] {
                    [r, n, ..] if r == ruleset => Some(format!("{r} {n}")),
                    _ => None,
                };
                lines.push(Line { number, name: name.to_string(), seed, decisions, count, rule });
            }
            _ => {
                errors.push(format!("{file}:{number}: SEED, DECISIONS and COUNT must be numbers in {:?}", data.trim()))
            }
        }
    }
    if errors.is_empty() { Ok(lines) } else { Err(errors.join("\n")) }
}

/// The count a line checks: legal actions, chance outcomes, or 0 once the game is over.
pub fn count<G: Game>(game: &G) -> usize {
    match game.actor() {
        Actor::Over => 0,
        Actor::Chance => game.chance_outcomes().len(),
        Actor::Side(_) => game.legal_actions().len(),
    }
}

/// Plays every seed's lines in order of decisions (one game per seed, from `start()`) and
/// hands each line its position.
pub fn visit<G: Game>(lines: &[Line], start: impl Fn() -> G, mut at: impl FnMut(&Line, &G)) {
    let mut order: Vec<&Line> = lines.iter().collect();
    order.sort_by_key(|l| (l.seed, l.decisions));
    let mut current: Option<(u64, G, Dice, u64)> = None;
    for line in order {
        if current.as_ref().is_none_or(|(seed, ..)| *seed != line.seed) {
            current = Some((line.seed, start(), Dice::seeded(line.seed), 0));
        }
        let (_, game, dice, played) = current.as_mut().expect("a game");
        while *played < line.decisions {
            let Some(action) = conformance::random_action(game, dice) else {
                break;
            };
            game.apply_unchecked(&action);
            *played += 1;
        }
        at(line, game);
    }
}

/// Checks every line of a count file against the engine.
///
/// # Errors
/// A report of every malformed or mismatched line.
pub fn check<G: Game>(text: &str, file: &str, ruleset: &str, start: impl Fn() -> G) -> Result<usize, String> {
    let lines = parse(text, file, ruleset)?;
    let mut mismatches = Vec::new();
    visit(&lines, start, |line, game| {
        let got = count(game);
        let prompt = game.prompt();
        let rule_ok = line.rule.as_ref().is_none_or(|r| *r == prompt.rule);
        if got != line.count || !rule_ok {
            mismatches.push(format!(
                "{file}:{} {} (seed {}, {} decisions): expected {} at {}, found {got} at {}: {}",
                line.number,
                line.name,
                line.seed,
                line.decisions,
                line.count,
                line.rule.as_deref().unwrap_or("(no rule given)"),
                prompt.rule,
                prompt.text
            ));
        }
    });
    if mismatches.is_empty() {
        Ok(lines.len())
    } else {
        Err(format!(
            "{} of {} lines differ (if the change is intended, see {file}'s header to regenerate):\n{}",
            mismatches.len(),
            lines.len(),
            mismatches.join("\n")
        ))
    }
}

/// The file's lines with the engine's current counts and prompts, for pasting over the file
/// after an intended change.
///
/// # Errors
/// The file's malformed lines.
pub fn regenerate<G: Game>(text: &str, file: &str, ruleset: &str, start: impl Fn() -> G) -> Result<String, String> {
    let lines = parse(text, file, ruleset)?;
    let mut out = Vec::new();
    visit(&lines, start, |line, game| {
        let p = game.prompt();
        out.push((
            line.number,
            format!(
                "{:<20} {:>4} {:>10} {:>6}   # {} {}",
                line.name,
                line.seed,
                line.decisions,
                count(game),
                p.rule,
                p.text
            ),
        ));
    });
    out.sort();
    Ok(out.into_iter().map(|(_, l)| l + "\n").collect())
}

/// For each seed, the first decision (below `decisions`) at which each prompting rule is
/// pending, with its count: where to look when choosing positions for new lines.
pub fn survey<G: Game>(start: impl Fn() -> G, seeds: std::ops::RangeInclusive<u64>, decisions: u64) -> String {
    let mut out = String::new();
    for seed in seeds {
        let mut game = start();
        let mut dice = Dice::seeded(seed);
        let mut seen = std::collections::BTreeSet::new();
        for d in 0..decisions {
            let p = game.prompt();
            if seen.insert((format!("{:?}", p.actor), p.rule.clone())) {
                out.push_str(&format!("{seed:>4} {d:>10} {:>6}   # {} {}\n", count(&game), p.rule, p.text));
            }
            let Some(action) = conformance::random_action(&game, &mut dice) else {
                break;
            };
            game.apply_unchecked(&action);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parser_reports_every_bad_line() {
        let bad = "# a comment\nok 1 2 3 # Belmont 5.1 fine\nshort 1 2\nwords a b c\n\n";
        let e = parse(bad, "counts.txt", "Belmont").expect_err("two bad lines");
        assert!(e.contains("counts.txt:3") && e.contains("counts.txt:4"), "{e}");
        let good = parse("x 7 0 13 # Belmont 3.2.2 Pull", "counts.txt", "Belmont").expect("a good line");
        assert_eq!((good[0].seed, good[0].decisions, good[0].count), (7, 0, 13));
        assert_eq!(good[0].rule.as_deref(), Some("Belmont 3.2.2"));
        let other = parse("x 7 0 13 # FotM 3.2.2 Pull", "counts.txt", "Belmont").expect("a good line");
        assert_eq!(other[0].rule, None, "another ruleset's rule is not checked");
    }
}

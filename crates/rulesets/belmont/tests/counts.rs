//! Legal-action counts at positions reached by seeded random play, read from
//! `tests/counts.txt` (its header defines a line's meaning exactly), in the manner of
//! shakmaty's perft files. Every line is checked and every mismatch reported at once.

use belmont::Belmont;
use engine::{Actor, Dice, Game, conformance};

/// The count file, compiled in so the test needs no working directory.
const COUNTS: &str = include_str!("counts.txt");

/// One line of the count file.
struct Line {
    /// 1-based line number in counts.txt.
    number: usize,
    name: String,
    seed: u64,
    decisions: u64,
    count: usize,
    /// The rule the comment names ("Belmont 5.1"), if any.
    rule: Option<String>,
}

/// Parses the count file, reporting every malformed line.
fn parse(text: &str) -> Result<Vec<Line>, String> {
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
            errors.push(format!("counts.txt:{number}: expected NAME SEED DECISIONS COUNT, found {:?}", data.trim()));
            continue;
        };
        match (seed.parse(), decisions.parse(), count.parse()) {
            (Ok(seed), Ok(decisions), Ok(count)) => {
                let words: Vec<&str> = comment.split_whitespace().collect();
                let rule = match words[..] {
                    [ruleset, number, ..] if ruleset == "Belmont" => Some(format!("{ruleset} {number}")),
                    _ => None,
                };
                lines.push(Line { number, name: name.to_string(), seed, decisions, count, rule });
            }
            _ => errors
                .push(format!("counts.txt:{number}: SEED, DECISIONS and COUNT must be numbers in {:?}", data.trim())),
        }
    }
    if errors.is_empty() { Ok(lines) } else { Err(errors.join("\n")) }
}

/// The count a line checks: legal actions, chance outcomes, or 0 once the game is over.
fn count(game: &Belmont) -> usize {
    match game.actor() {
        Actor::Over => 0,
        Actor::Chance => game.chance_outcomes().len(),
        Actor::Side(_) => game.legal_actions().len(),
    }
}

/// Plays every seed's lines in order of decisions (one game per seed) and hands each
/// line its position.
fn visit(lines: &[Line], mut at: impl FnMut(&Line, &Belmont)) {
    let mut order: Vec<&Line> = lines.iter().collect();
    order.sort_by_key(|l| (l.seed, l.decisions));
    let mut current: Option<(u64, Belmont, Dice, u64)> = None;
    for line in order {
        if current.as_ref().is_none_or(|(seed, ..)| *seed != line.seed) {
            let mut game = Belmont::after_setup(&[]);
            game.set_logging(false);
            current = Some((line.seed, game, Dice::seeded(line.seed), 0));
        }
        let (_, game, dice, played) = current.as_mut().expect("a game");
        // `conformance::play_random`, one decision at a time, applying unchecked: the
        // action was just drawn from the legal list, and this halves the cost.
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

#[test]
fn counts_match_the_file() {
    let lines = parse(COUNTS).unwrap_or_else(|e| panic!("\n{e}"));
    assert!(lines.len() >= 10, "counts.txt has only {} lines", lines.len());
    let mut mismatches = Vec::new();
    visit(&lines, |line, game| {
        let got = count(game);
        let prompt = game.prompt();
        let rule_ok = line.rule.as_ref().is_none_or(|r| *r == prompt.rule);
        if got != line.count || !rule_ok {
            mismatches.push(format!(
                "counts.txt:{} {} (seed {}, {} decisions): expected {} at {}, found {got} at {}: {}",
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
    assert!(
        mismatches.is_empty(),
        "\n{} of {} lines differ (if the change is intended, see counts.txt's header to regenerate):\n{}",
        mismatches.len(),
        lines.len(),
        mismatches.join("\n")
    );
}

#[test]
fn the_count_file_parser_reports_every_bad_line() {
    let bad = "# a comment\nok 1 2 3 # Belmont 5.1 fine\nshort 1 2\nwords a b c\n\n";
    let e = parse(bad).err().expect("two bad lines");
    assert!(e.contains("counts.txt:3") && e.contains("counts.txt:4"), "{e}");
    let good = parse("x 7 0 13 # Belmont 3.2.2 Pull").expect("a good line");
    assert_eq!((good[0].seed, good[0].decisions, good[0].count), (7, 0, 13));
    assert_eq!(good[0].rule.as_deref(), Some("Belmont 3.2.2"));
}

/// Prints the file's lines with the current engine's counts and prompts, for pasting
/// over counts.txt after an intended change.
#[test]
#[ignore = "prints regenerated lines for counts.txt; run with --nocapture"]
fn regenerate() {
    let lines = parse(COUNTS).unwrap_or_else(|e| panic!("\n{e}"));
    let mut out = Vec::new();
    visit(&lines, |line, game| {
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
    for (_, l) in out {
        println!("{l}");
    }
}

/// Lists, for a few seeds, the first decision at which each prompt rule is pending and
/// its count: where to look when choosing positions for new lines of counts.txt.
#[test]
#[ignore = "prints a survey of positions; run with --release --nocapture"]
fn survey() {
    for seed in 1..=4u64 {
        let mut game = Belmont::after_setup(&[]);
        game.set_logging(false);
        let mut dice = Dice::seeded(seed);
        let mut seen = std::collections::BTreeSet::new();
        for decisions in 0..1_000u64 {
            let p = game.prompt();
            if seen.insert((format!("{:?}", p.actor), p.rule.clone())) {
                println!("{seed:>4} {decisions:>10} {:>6}   # {} {}", count(&game), p.rule, p.text);
            }
            let Some(action) = conformance::random_action(&game, &mut dice) else {
                break;
            };
            game.apply_unchecked(&action);
        }
    }
}

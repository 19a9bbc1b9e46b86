//! Legal-action counts at positions reached by seeded random play, read from `tests/counts.txt`
//! (its header defines a line's meaning exactly) and checked by the shared `engine::counts`, in
//! the manner of shakmaty's perft files. Every line is checked and every mismatch reported.

use engine::{Game, counts};
use rotr::Rotr;

/// The count file, compiled in so the test needs no working directory.
const COUNTS: &str = include_str!("counts.txt");

/// Where every line starts: a new game, logging off.
fn start() -> Rotr {
    let mut game = Rotr::new(&[]).expect("the scenario");
    game.set_logging(false);
    game
}

#[test]
fn counts_match_the_file() {
    let n = counts::check(COUNTS, "counts.txt", "ROTR", start).unwrap_or_else(|e| panic!("\n{e}"));
    assert!(n >= 6, "counts.txt has only {n} lines");
}

/// Prints the file's lines with the current engine's counts and prompts, for pasting over
/// counts.txt after an intended change.
#[test]
#[ignore = "prints regenerated lines for counts.txt; run with --nocapture"]
fn regenerate() {
    print!("{}", counts::regenerate(COUNTS, "counts.txt", "ROTR", start).unwrap_or_else(|e| panic!("\n{e}")));
}

/// Lists, for a few seeds, the first decision at which each prompt rule is pending and its
/// count: where to look when choosing positions for new lines of counts.txt.
#[test]
#[ignore = "prints a survey of positions; run with --nocapture"]
fn survey() {
    print!("{}", counts::survey(start, 1..=4, 2_000));
}

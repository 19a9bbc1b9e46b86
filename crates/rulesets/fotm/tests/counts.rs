//! Legal-action counts at positions reached by seeded random play, read from `counts.txt`
//! (from set-up accepted as authored) and `counts-contact.txt` (from `testkit::engaged(9)`, a
//! 3 PM position in contact), checked by the shared `engine::counts` in the manner of
//! shakmaty's perft files. Each file's header defines a line's meaning exactly.

use engine::{Game, counts};
use fotm::{Fotm, testkit};

/// The count files, compiled in so the test needs no working directory.
const COUNTS: &str = include_str!("counts.txt");
const CONTACT: &str = include_str!("counts-contact.txt");

/// Where `counts.txt` lines start: both set-ups accepted as authored, logging off.
fn start() -> Fotm {
    let mut g = testkit::after_setup(&[]);
    g.set_logging(false);
    g
}

/// Where `counts-contact.txt` lines start: 3 PM, the armies in contact, logging off.
fn contact() -> Fotm {
    let mut g = testkit::engaged(9);
    g.set_logging(false);
    g
}

#[test]
fn counts_match_the_files() {
    let n = counts::check(COUNTS, "counts.txt", "FotM", start).unwrap_or_else(|e| panic!("\n{e}"));
    let m = counts::check(CONTACT, "counts-contact.txt", "FotM", contact).unwrap_or_else(|e| panic!("\n{e}"));
    assert!(n >= 8 && m >= 8, "counts.txt has {n} lines, counts-contact.txt {m}");
}

/// Prints both files' lines with the current engine's counts and prompts, for pasting over
/// them after an intended change.
#[test]
#[ignore = "prints regenerated lines for the count files; run with --nocapture"]
fn regenerate() {
    println!("== counts.txt");
    print!("{}", counts::regenerate(COUNTS, "counts.txt", "FotM", start).unwrap_or_else(|e| panic!("\n{e}")));
    println!("== counts-contact.txt");
    print!(
        "{}",
        counts::regenerate(CONTACT, "counts-contact.txt", "FotM", contact).unwrap_or_else(|e| panic!("\n{e}"))
    );
}

/// Lists, for a few seeds, the first decision at which each prompt rule is pending and its
/// count: where to look when choosing positions for new lines.
#[test]
#[ignore = "prints a survey of positions; run with --release --nocapture"]
fn survey() {
    println!("== from set-up");
    print!("{}", counts::survey(start, 1..=3, 1_000));
    println!("== from contact");
    print!("{}", counts::survey(contact, 1..=3, 1_000));
}

//! Belmont against the shared conformance suite, `engine::conformance` (modelled on
//! OpenSpiel's `tests/basic_tests.h`): random games without panics, dead ends or
//! runaways, chance outcomes that sum to one, records that replay to the identical
//! state, illegal actions refused without a trace, clones independent of each other.
//!
//! A whole random Belmont game is about 3,000 decisions and, in the test profile, takes
//! close to a minute (almost all of it listing legal actions; see docs/performance.md).
//! So the default tests check the first few hundred decisions of several games, and the
//! `#[ignore]`d tests below play whole games; run them in release:
//!
//! ```text
//! cargo test -p belmont --release --test conformance -- --include-ignored
//! ```

use belmont::Belmont;
use engine::conformance;

/// A game from the start of set-up, no options.
fn new() -> Belmont {
    Belmont::new(&[]).expect("the scenario with no options")
}

/// A game from the start of set-up with every 15.0 option on.
fn with_options() -> Belmont {
    let all = ["embark-vp", "fewer-transports", "adjacent-vp", "union-on-map-vp", "bigger-transport"];
    Belmont::new(&all.map(String::from)).expect("every 15.0 option")
}

/// Fails the test with the suite's report, printed as written (not `Debug`-escaped).
fn check(result: Result<(), String>) {
    if let Err(report) = result {
        panic!("\n{report}");
    }
}

/// Decisions checked per game in the default tests: turn 1 and most of turn 2.
const OPENING: u64 = 500;

/// Runaway bound for whole games: about six times the longest game seen.
const MAX_DECISIONS: u64 = 20_000;

#[test]
fn openings_have_no_dead_ends_and_sound_chance() {
    check(conformance::random_openings(new, 4, 1, OPENING));
    check(conformance::random_openings(with_options, 1, 11, OPENING));
}

#[test]
fn records_replay_to_the_identical_state() {
    check(conformance::replay_identical(new, 2, 2, OPENING));
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    check(conformance::illegal_refused_eq(new, 2, 3, OPENING));
}

#[test]
fn clones_are_independent() {
    check(conformance::clone_independent_eq(new, 2, 4, OPENING));
}

#[test]
#[ignore = "whole games: about a minute each in the test profile; run with --release"]
fn whole_random_games() {
    check(conformance::random_games(new, 8, 100, MAX_DECISIONS));
    check(conformance::random_games(with_options, 2, 101, MAX_DECISIONS));
}

#[test]
#[ignore = "whole games: about a minute each in the test profile; run with --release"]
fn whole_games_replay_refuse_and_clone() {
    check(conformance::replay_identical(new, 2, 102, MAX_DECISIONS));
    check(conformance::illegal_refused_eq(new, 2, 103, MAX_DECISIONS));
    check(conformance::clone_independent_eq(new, 2, 104, MAX_DECISIONS));
}

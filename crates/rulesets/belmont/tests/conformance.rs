//! Belmont against the shared conformance suite, `engine::conformance` (modelled on
//! OpenSpiel's `tests/basic_tests.h`): whole random games without panics, dead ends or
//! runaways, chance outcomes that sum to one at every chance node, records that replay
//! to the identical state, illegal actions refused without a trace, clones independent
//! of each other, every action shown on the board as a page would.
//!
//! Every game starts at set-up (`Belmont::new`), so the set-up decisions are checked
//! too. A random Belmont game is about 3,700 decisions. A failure names the game seed
//! and decision; `engine::conformance::replay_random` rebuilds that position.
//!
//! The `#[ignore]`d soak test plays many more games; run it in release:
//!
//! ```text
//! cargo test -p belmont --release --test conformance -- --ignored
//! ```

use belmont::Belmont;
use engine::conformance::{self, expect as check};

/// A game from the start of set-up, no options.
fn new() -> Belmont {
    Belmont::new(&[]).expect("the scenario with no options")
}

/// A game from the start of set-up with every 15.0 option on.
fn with_options() -> Belmont {
    let all = ["embark-vp", "fewer-transports", "adjacent-vp", "union-on-map-vp", "bigger-transport"];
    Belmont::new(&all.map(String::from)).expect("every 15.0 option")
}

/// Runaway bound: about five times the longest random game seen (4,300 decisions).
const MAX_DECISIONS: u64 = 20_000;

#[test]
fn random_games_end_without_dead_ends_and_with_sound_chance() {
    check(conformance::random_games(new, 8, 1, MAX_DECISIONS));
    check(conformance::random_games(with_options, 2, 11, MAX_DECISIONS));
}

#[test]
fn records_replay_to_the_identical_state() {
    check(conformance::replay_identical(new, 3, 2, MAX_DECISIONS));
}

#[test]
fn illegal_actions_are_refused_and_change_nothing() {
    check(conformance::illegal_refused_eq(new, 3, 3, MAX_DECISIONS));
}

#[test]
fn clones_are_independent() {
    check(conformance::clone_independent_eq(new, 3, 4, MAX_DECISIONS));
}

#[test]
fn every_action_can_be_shown_on_the_board() {
    check(conformance::action_views_on_board(new, 1, 6, MAX_DECISIONS));
    check(conformance::action_views_on_board(with_options, 1, 16, MAX_DECISIONS));
}

#[test]
#[ignore = "a soak of 200 random games and 20 of each other check: run with --release"]
fn soak() {
    check(conformance::suite_eq(new, 200, 20, 1000, MAX_DECISIONS));
    check(conformance::random_games(with_options, 50, 1010, MAX_DECISIONS));
    check(conformance::action_views_on_board(new, 20, 1040, MAX_DECISIONS));
}

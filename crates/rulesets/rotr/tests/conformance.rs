//! ROTR against the shared conformance suite, `engine::conformance`: whole random games without
//! panics, dead ends or runaways, chance summing to one, records replaying to the identical
//! state, illegal and hostile actions refused unchanged, clones independent, every action shown
//! on the table.

use engine::conformance::{self, expect as check};
use rotr::Rotr;

fn new() -> Rotr {
    Rotr::new(&[]).expect("the scenario with no options")
}

fn at_start() -> Rotr {
    Rotr::new(&["performance-at-start".to_string()]).expect("a known option")
}

/// Runaway bound: 13 turns of five activations, with room for what the operations will add.
const MAX_DECISIONS: u64 = 100_000;

#[test]
fn the_suite_passes() {
    check(conformance::suite_eq(new, 3, 1, 1, MAX_DECISIONS));
    check(conformance::random_games(at_start, 2, 5, MAX_DECISIONS));
    check(conformance::action_views_on_board(new, 1, 6, MAX_DECISIONS));
    check(conformance::hostile_actions_refused(new, 1, 7, MAX_DECISIONS));
}

/// Every phase finite however a player chooses: the players that always take the first and
/// always the last action listed finish.
#[test]
fn runaway_check_first_and_last_action_players_finish() {
    check(conformance::first_and_last_players_finish(new, 11, MAX_DECISIONS));
}

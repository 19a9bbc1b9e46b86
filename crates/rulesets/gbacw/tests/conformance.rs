//! GBACW against the shared conformance suite, `engine::conformance`: whole random games
//! without panics, dead ends or runaways, chance summing to one, records replaying to the
//! identical state, illegal and hostile actions refused unchanged, clones independent, every
//! action shown on the board.

use engine::conformance::{self, expect as check};
use gbacw::Gbacw;

fn new() -> Gbacw {
    Gbacw::new(&[]).expect("the scenario with no options")
}

fn known() -> Gbacw {
    Gbacw::new(&["known-morale".to_string()]).expect("known morale")
}

/// Runaway bound: 21 Game-Turns of two Player-Turns of nine phases, and room for what the
/// phases will hold.
const MAX_DECISIONS: u64 = 200_000;

#[test]
fn the_suite_passes() {
    check(conformance::suite_eq(new, 3, 1, 1, MAX_DECISIONS));
    check(conformance::random_games(known, 2, 5, MAX_DECISIONS));
    check(conformance::action_views_on_board(new, 1, 6, MAX_DECISIONS));
    check(conformance::hostile_actions_refused(new, 1, 7, MAX_DECISIONS));
}

//! Fire on the Mountain against the shared conformance suite, `engine::conformance`: whole
//! random games without panics, dead ends or runaways, chance outcomes that sum to one at every
//! chance node, records that replay to the identical state, illegal actions refused without a
//! trace, clones independent of each other, every action shown on the board as a page would.
//!
//! Every game starts at set-up (`Fotm::new`), so the set-up decisions are checked too. A
//! failure names the game seed and decision; `engine::conformance::replay_random` rebuilds that
//! position. The `#[ignore]`d soak test plays many more games; run it in release:
//!
//! ```text
//! cargo test -p fotm --release --test conformance -- --ignored
//! ```

use engine::conformance::{self, expect as check};
use fotm::Fotm;

/// A game from the start of set-up, no options.
fn new() -> Fotm {
    Fotm::new(&[]).expect("the scenario with no options")
}

/// A game from the start of set-up with every option on.
fn with_options() -> Fotm {
    let all = ["lee", "longstreet-bonus", "burnside-resolve", "simple-stacking"];
    Fotm::new(&all.map(String::from)).expect("every option")
}

/// A position in contact at 10 AM (before Burnside's pause) and at 3 PM, so random play meets
/// combat, retreat, rout, capture and rally at once (random play from set-up rarely brings the
/// armies together).
fn engaged_morning() -> Fotm {
    fotm::testkit::engaged(4)
}

fn engaged_afternoon() -> Fotm {
    fotm::testkit::engaged(9)
}

/// Runaway bound.
const MAX_DECISIONS: u64 = 40_000;

#[test]
fn random_games_end_without_dead_ends_and_with_sound_chance() {
    check(conformance::random_games(new, 6, 1, MAX_DECISIONS));
    check(conformance::random_games(with_options, 2, 11, MAX_DECISIONS));
}

#[test]
fn random_games_in_contact_end_without_dead_ends_and_with_sound_chance() {
    check(conformance::random_games(engaged_morning, 6, 21, MAX_DECISIONS));
    check(conformance::random_games(engaged_afternoon, 6, 22, MAX_DECISIONS));
    check(conformance::replay_identical(engaged_morning, 2, 23, MAX_DECISIONS));
    check(conformance::illegal_refused_eq(engaged_afternoon, 2, 24, MAX_DECISIONS));
    check(conformance::clone_independent_eq(engaged_morning, 2, 25, MAX_DECISIONS));
}

/// The contact positions really do lead to combat: some brigade loses a step, some
/// retreats or routs, within a few random games.
#[test]
fn random_games_in_contact_fight() {
    use engine::{Dice, Game};
    let mut fought = 0;
    for seed in 0..4 {
        let mut g = engaged_afternoon();
        let mut dice = Dice::seeded(seed);
        conformance::play_random(&mut g, &mut dice, MAX_DECISIONS);
        let t = g.tally();
        let get = |k: &str| t.iter().find(|(n, _)| n == k).map_or(0, |(_, v)| *v);
        fought += get("union steps lost") + get("confederate steps lost");
    }
    assert!(fought > 0, "no steps lost in four random games from contact");
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
    check(conformance::action_views_on_board(new, 2, 6, MAX_DECISIONS));
    check(conformance::action_views_on_board(engaged_morning, 2, 26, MAX_DECISIONS));
    check(conformance::action_views_on_board(engaged_afternoon, 2, 27, MAX_DECISIONS));
}

#[test]
#[ignore = "a soak of 100 random games and 20 of each other check from each start: run with --release"]
fn soak() {
    check(conformance::suite_eq(new, 100, 20, 1000, MAX_DECISIONS));
    check(conformance::random_games(with_options, 50, 1010, MAX_DECISIONS));
    check(conformance::suite_eq(engaged_morning, 100, 20, 1020, MAX_DECISIONS));
    check(conformance::suite_eq(engaged_afternoon, 100, 20, 1030, MAX_DECISIONS));
    check(conformance::action_views_on_board(engaged_afternoon, 50, 1040, MAX_DECISIONS));
}

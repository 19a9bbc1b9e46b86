//! Belmont against the shared conformance suite, `engine::conformance` (modelled on
//! OpenSpiel's `tests/basic_tests.h`): whole random games without panics, dead ends or
//! runaways, chance outcomes that sum to one at every chance node, records that replay
//! to the identical state, illegal actions refused without a trace, clones independent
//! of each other, every action shown on the board as a page would, hostile actions
//! (well-formed JSON naming what does not exist) refused without a panic.
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

/// A server takes actions as JSON from anyone: well-formed nonsense (a formation, unit, chit
/// or hex that does not exist) is refused naming a rule, never a panic.
#[test]
fn hostile_actions_are_refused_without_panics() {
    check(conformance::hostile_actions_refused(new, 1, 7, MAX_DECISIONS));
    check(conformance::hostile_actions_refused(with_options, 1, 17, MAX_DECISIONS));
}

/// Nonsense by name, at set-up and in an activation: refused under the pending decision's
/// rule, saying what does not exist, the position unchanged.
#[test]
fn actions_naming_what_does_not_exist_are_refused_under_the_pending_rule() {
    use engine::{Actor, Dice, Game};
    let refuse = |g: &mut Belmont, json: &str, says: &str| {
        let a: belmont::Action = serde_json::from_str(json).expect(json);
        let hash = g.state_hash();
        let illegal = g.apply(&a).expect_err(json);
        assert_eq!(illegal.rule, g.prompt().rule, "{json}: {illegal}");
        assert!(illegal.reason.contains(says), "{json}: {illegal}");
        assert_eq!(g.state_hash(), hash, "{json}");
        assert!(!g.describe(&a).is_empty() && !g.action_view(&a).label.is_empty(), "{json}");
    };
    let mut g = new();
    refuse(&mut g, r#"{"guard":99}"#, "no formation #99");
    refuse(&mut g, r#"{"release":255}"#, "no formation #255");
    refuse(&mut g, r#"{"draw":200}"#, "no chit #200");
    refuse(&mut g, r#"{"guard_company":65535}"#, "no unit #65535");
    refuse(&mut g, r#"{"place":{"unit":0,"hex":"9999"}}"#, "9999 is not a hex of the map");
    refuse(&mut g, r#"{"rally":{"unit":3,"leader":999}}"#, "no unit #999");
    assert!(g.describe(&serde_json::from_str(r#"{"guard":99}"#).unwrap()).contains("no such formation"));
    // Into the first activation (4.0 movement), where refusals look at the unit moved.
    let mut dice = Dice::seeded(5);
    while !g.legal_actions().iter().any(|a| matches!(a, belmont::Action::Move { .. })) {
        assert_ne!(g.actor(), Actor::Over, "no activation reached");
        conformance::play_random(&mut g, &mut dice, 1);
    }
    refuse(&mut g, r#"{"move":{"unit":9999,"to":"1419"}}"#, "no unit #9999");
    refuse(&mut g, r#"{"volley":{"from":"9999","target":"1419","firers":255}}"#, "9999 is not a hex of the map");
    refuse(&mut g, r#"{"board":{"unit":0,"vessel":400}}"#, "no unit #400");
}

#[test]
#[ignore = "a soak of 200 random games and 20 of each other check: run with --release"]
fn soak() {
    check(conformance::suite_eq(new, 200, 20, 1000, MAX_DECISIONS));
    check(conformance::random_games(with_options, 50, 1010, MAX_DECISIONS));
    check(conformance::action_views_on_board(new, 20, 1040, MAX_DECISIONS));
    check(conformance::hostile_actions_refused(new, 20, 1050, MAX_DECISIONS));
    check(conformance::hostile_actions_refused(with_options, 10, 1060, MAX_DECISIONS));
}

/// The page's "why not" (issue 15): Done, every unit and the hexes around the play asked
/// about along random games, never panicking or changing the game, agreeing with the legal
/// actions.
#[test]
fn why_not_answers_agree_with_the_legal_actions() {
    check(conformance::probes_explained(new, 2, 41, MAX_DECISIONS));
}

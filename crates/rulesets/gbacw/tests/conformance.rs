//! GBACW against the shared conformance suite, `engine::conformance`: whole random games
//! without panics, dead ends or runaways, chance summing to one, records replaying to the
//! identical state, illegal and hostile actions refused unchanged, clones independent, every
//! action shown on the board.

use engine::Dice;
use engine::Game;
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

fn camp() -> Gbacw {
    Gbacw::new_scenario(gbacw::SCENARIO_CAMP, &[]).expect("the short scenario")
}

/// The short scenario (`gbacw-belmont-camp`) against the same suite.
#[test]
fn the_suite_passes_for_the_short_scenario() {
    check(conformance::suite_eq(camp, 3, 11, 1, MAX_DECISIONS));
    check(conformance::hostile_actions_refused(camp, 1, 12, MAX_DECISIONS));
}

#[test]
fn probes_are_explained() {
    check(conformance::probes_explained(new, 1, 9, 4_000));
}

/// Every phase finite however a player chooses: the players that always take the first and
/// always the last action listed finish.
#[test]
fn runaway_check_first_and_last_action_players_finish() {
    check(conformance::first_and_last_players_finish(new, 11, MAX_DECISIONS));
}

/// A position in contact (the set-up keeps the armies apart, so random games from it never
/// meet): the Union's first line faces the Confederates' across the clear strip by the river,
/// batteries unlimbered behind, cavalry mounted on the flank, leaders with the front units;
/// the Union's Movement Phase of Game-Turn 1.
fn contact() -> Gbacw {
    use gbacw::testkit as tk;
    use gbacw::{Formation, Phase};
    let mut g = tk::empty();
    let units = [
        ("27IL", "2327", 3, Formation::Line),
        ("30IL", "2427", 3, Formation::Line),
        ("31IL", "2227", 3, Formation::Line),
        ("22IL", "2326", 3, Formation::Line),
        ("Taylor", "2326", 3, Formation::Unlimbered),
        ("Dollins", "2226", 3, Formation::Mounted),
        ("12TN", "2328", 0, Formation::Line),
        ("13TN", "2428", 0, Formation::Line),
        ("21TN", "2228", 0, Formation::Line),
        ("22TN", "2329", 0, Formation::Line),
        ("Watson", "2329", 0, Formation::Unlimbered),
        ("Miller", "2129", 0, Formation::Mounted),
    ];
    for (id, at, facing, f) in units {
        assert!(g.map().terrain(tk::hex(at)).is_some_and(|t| g.charts().stacking(t).units > 0), "{at} is land");
        tk::place(&mut g, id, at, f, facing);
    }
    tk::put_leader(&mut g, "McClernand", "2327");
    tk::put_leader(&mut g, "Russell", "2328");
    tk::phase(&mut g, 1, engine::Side::Union, Phase::Movement);
    g
}

/// Whole random games from [`contact`]: withdrawal and retreat fire, rout retreats,
/// displacement and captures come up, and none may panic, leave a side with nothing to do or
/// run away; the records replay.
#[test]
fn random_games_in_contact() {
    check(conformance::suite_eq(contact, 24, 2, 31, MAX_DECISIONS));
    check(conformance::action_views_on_board(contact, 2, 6, MAX_DECISIONS));
    check(conformance::probes_explained(contact, 2, 9, 4_000));
    check(conformance::hostile_actions_refused(contact, 1, 7, MAX_DECISIONS));
    let mut rules = std::collections::BTreeSet::new();
    for seed in 1..=20 {
        let mut g = contact();
        g.set_logging(false);
        let mut dice = Dice::seeded(seed);
        for _ in 0..400 {
            rules.insert(g.prompt().rule);
            if conformance::play_random(&mut g, &mut dice, 1).is_empty() {
                break;
            }
        }
    }
    for rule in ["GBACW 10.1", "GBACW 13.31", "GBACW 6.24"] {
        assert!(rules.contains(rule), "{rule} never came up: {rules:?}");
    }
}

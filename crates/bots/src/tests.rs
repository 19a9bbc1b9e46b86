//! The bots on toy games with known answers, and on Belmont for legality.
use crate::toy::{Choice, ChoiceAction, Dash, DashAction, Switch};
use crate::*;
use engine::{Actor, Dice, Game, Side};

#[test]
fn greedy_takes_the_best_expectation_exactly() {
    // Risky is worth 3 1/3 VP: better than a safe 3, worse than a safe 4.
    for seed in 0..10 {
        let mut bot = GreedyBot::new(seed);
        assert_eq!(bot.choose(&Choice::new(3)), ChoiceAction::Risky, "seed {seed}");
        assert_eq!(bot.choose(&Choice::new(4)), ChoiceAction::Safe, "seed {seed}");
    }
    let mut bot = GreedyBot::new(1);
    let v = bot.value(&Choice::new(3), &ChoiceAction::Risky, Side::Union);
    assert!((v - (0.5 + 20.0 / 600.0)).abs() < 1e-12, "{v}");
}

#[test]
fn greedy_samples_when_enumeration_is_too_large() {
    // A limit of 3 chance outcomes cannot enumerate two dice: the bot samples, and with
    // enough paths still sees that a safe 1 is worse than the gamble.
    let mut bot = GreedyBot::with_limits(7, 3, 2_000);
    let v = bot.value(&Choice::new(1), &ChoiceAction::Risky, Side::Union);
    assert!((v - (0.5 + 20.0 / 600.0)).abs() < 0.01, "{v}");
    assert_eq!(bot.choose(&Choice::new(1)), ChoiceAction::Risky);
    // Reproducible from the seed.
    let a = GreedyBot::with_limits(9, 3, 10).value(&Choice::new(1), &ChoiceAction::Risky, Side::Union);
    let b = GreedyBot::with_limits(9, 3, 10).value(&Choice::new(1), &ChoiceAction::Risky, Side::Union);
    assert!((a - b).abs() < f64::EPSILON);
}

#[test]
fn greedy_breaks_ties_with_its_generator() {
    // In Dash's first position no action changes the VP before the Confederacy decides
    // except a step (+1) or a gamble (+5/3 expected); the gamble is best. At 14, a step
    // wins for sure and a gamble only 2 times in 3.
    let mut g = Dash::new();
    assert_eq!(GreedyBot::new(1).choose(&g), DashAction::Gamble);
    g.pos = [14, 0];
    assert_eq!(GreedyBot::new(1).choose(&g), DashAction::Step);
    // Three equal choices (nothing is worth anything): different seeds pick all three.
    let mut worthless = Choice::new(0);
    worthless.prize = 0;
    let mut picks = std::collections::HashSet::new();
    for seed in 0..30 {
        picks.insert(format!("{:?}", GreedyBot::new(seed).choose(&worthless)));
    }
    assert_eq!(picks.len(), 3, "{picks:?}");
}

/// Plays Dash: `bots[0]` the Union. Returns the winner.
fn dash(bots: [&mut dyn Bot<Dash>; 2], seed: u64) -> Option<Side> {
    let mut g = Dash::new();
    play_out(&mut g, bots, &mut Dice::seeded(seed), 10_000).expect("ends");
    g.outcome().unwrap().winner
}

#[test]
fn mcts_beats_random() {
    let config = MctsConfig { budget: Budget::Iterations(200), rollout_depth: 40, ..MctsConfig::default() };
    let mut wins = 0;
    for i in 0..20u64 {
        let mut mcts = MctsBot::new(Dice::game_seed(i, 1), config);
        let mut random = RandomBot::new(Dice::game_seed(i, 2));
        let side = if i % 2 == 0 { Side::Union } else { Side::Confederate };
        let winner =
            if side == Side::Union { dash([&mut mcts, &mut random], i) } else { dash([&mut random, &mut mcts], i) };
        wins += u32::from(winner == Some(side));
    }
    assert!(wins >= 18, "MCTS won {wins} of 20 against random");
}

#[test]
fn mcts_reuses_its_tree_and_is_reproducible() {
    let config = MctsConfig { budget: Budget::Iterations(300), ..MctsConfig::default() };
    let mut bot: MctsBot<Dash> = MctsBot::new(5, config);
    let mut g = Dash::new();
    let mut dice = Dice::seeded(5);
    let mut reused = 0;
    let mut first = None;
    while g.actor() != Actor::Over {
        let a = match g.actor() {
            Actor::Chance => dice.sample(&g.chance_outcomes()).clone(),
            Actor::Side(Side::Union) => {
                let a = bot.choose(&g);
                let s = bot.stats();
                assert_eq!(s.iterations, 300);
                reused += u32::from(s.reused_visits > 0);
                first.get_or_insert_with(|| (a.clone(), bot.root_edges()));
                a
            }
            Actor::Side(Side::Confederate) => dice.choose(&g.legal_actions()).clone(),
            Actor::Over => unreachable!(),
        };
        g.apply(&a).unwrap();
    }
    assert!(reused > 0, "the tree was reused");
    let (a, edges) = first.unwrap();
    assert_eq!(edges.len(), 4, "every first action tried");
    assert_eq!(edges.iter().map(|e| e.1).sum::<u64>(), 300);
    let mut again: MctsBot<Dash> = MctsBot::new(5, config);
    assert_eq!(again.choose(&Dash::new()), a, "the same seed picks the same action");
    assert!(matches!(a, DashAction::Gamble | DashAction::Step), "{a:?}: {edges:?}");
}

#[test]
fn a_time_budget_runs_at_least_one_iteration() {
    let config = MctsConfig { budget: Budget::Time(std::time::Duration::from_millis(20)), ..MctsConfig::default() };
    let mut bot: MctsBot<Dash> = MctsBot::new(1, config);
    let _ = bot.choose(&Dash::new());
    assert!(bot.stats().iterations >= 1);
    assert_eq!(Bot::<Dash>::name(&bot), "mcts:0.02s");
}

/// Greedy and a small MCTS play legal Belmont actions, and every bot a spec names can
/// be built and plays.
#[test]
fn bots_play_belmont_legally() {
    use belmont::Belmont;
    for spec in ["greedy", "mcts:10", "random"] {
        let spec = parse_bot_spec(spec).unwrap();
        let mut game = Belmont::after_setup(&[]);
        game.set_logging(false);
        let mut u: Box<dyn Bot<Belmont>> = spec.build(1);
        let mut c: Box<dyn Bot<Belmont>> = spec.build(2);
        assert_eq!(u.name(), spec.to_string());
        let mut actions = Vec::new();
        let r = play_out_into(&mut game, [u.as_mut(), c.as_mut()], &mut Dice::seeded(3), 200, &mut actions);
        match r {
            Ok(()) | Err(PlayError::TooLong { .. }) => {}
            Err(e) => panic!("{spec}: {e}"),
        }
        assert!(actions.len() >= 100, "{spec}");
    }
}

#[test]
fn greedy_weighs_a_sample_of_a_long_list() {
    // With one action weighed, the pick is whichever the sample holds: over seeds, all
    // three appear; with all weighed, only the best.
    let mut picks = std::collections::HashSet::new();
    for seed in 0..30 {
        picks.insert(format!("{:?}", GreedyBot::new(seed).max_actions(1).choose(&Choice::new(3))));
    }
    assert_eq!(picks.len(), 3, "{picks:?}");
    assert_eq!(GreedyBot::new(0).max_actions(3).choose(&Choice::new(3)), ChoiceAction::Risky);
    // With two weighed, they are the list's ends (where rulesets put the way on): Nothing
    // and Risky, never Safe, though a safe 4 is the best.
    for seed in 0..10 {
        assert_eq!(GreedyBot::new(seed).max_actions(2).choose(&Choice::new(4)), ChoiceAction::Risky, "seed {seed}");
    }
}

/// A bot does not step straight back into a position it decided in: flipping the switch
/// looks best every time, but the second flip would undo the first, so both bots finish
/// within a few decisions instead of flipping until the bound.
#[test]
fn bots_leave_a_loop_the_rules_allow() {
    for seed in 0..8 {
        let mut greedy = GreedyBot::new(seed);
        let mut mcts = MctsBot::new(seed, MctsConfig { budget: Budget::Iterations(50), ..MctsConfig::default() });
        for bot in [&mut greedy as &mut dyn Bot<Switch>, &mut mcts] {
            let mut g = Switch::default();
            let mut idle = RandomBot::new(0);
            let actions = play_out(&mut g, [bot, &mut idle], &mut Dice::seeded(seed), 10).expect("finishes");
            assert!(actions.len() <= 3, "seed {seed}: {actions:?}");
        }
    }
    // Flipping is the search's choice (it looks best); one flip later, flipping again
    // would go back to where the bot decided, so it finishes.
    let mut g = Switch::default();
    let mut always_flip = MctsBot::new(1, MctsConfig { budget: Budget::Iterations(50), ..MctsConfig::default() });
    assert_eq!(always_flip.choose(&g), crate::toy::SwitchAction::Flip);
    g.on = true;
    assert_eq!(always_flip.choose(&g), crate::toy::SwitchAction::Finish, "flipping back is a loop");
}

/// A walk in a circle spends movement points, so no position repeats; the units' layout
/// does, and neither bot takes its unit back to a place it left in the same run: from the
/// middle it goes on to the far end and then finishes. Without the layout (`plain`), the
/// same bots pace until the points run out: the layout is what stops them.
#[test]
fn bots_do_not_walk_in_a_circle_within_a_run() {
    use crate::toy::{Pace, PaceAction};
    for seed in 0..6 {
        let mut greedy = GreedyBot::new(seed);
        let mut mcts = MctsBot::new(seed, MctsConfig { budget: Budget::Iterations(60), ..MctsConfig::default() });
        for bot in [&mut greedy as &mut dyn Bot<Pace>, &mut mcts] {
            // With `rolls`, chance acts between the steps: still one run (issue 15 playtest).
            for rolls in [false, true] {
                let mut g = Pace { at: 1, mp: 12, rolls, ..Pace::default() };
                let mut idle = RandomBot::new(0);
                let actions = play_out(&mut g, [&mut *bot, &mut idle], &mut Dice::seeded(seed), 80).expect("finishes");
                let own: Vec<_> = actions.iter().filter(|a| !matches!(a, PaceAction::Roll(_))).collect();
                assert!(own.len() <= 2, "seed {seed}, rolls {rolls}: {actions:?}");
                assert_eq!(own.last(), Some(&&PaceAction::Finish));
            }
        }
    }
    let mut greedy = GreedyBot::new(1);
    let mut g = Pace { at: 1, mp: 12, plain: true, ..Pace::default() };
    let actions =
        play_out(&mut g, [&mut greedy as &mut dyn Bot<Pace>, &mut RandomBot::new(0)], &mut Dice::seeded(1), 40)
            .expect("finishes");
    assert!(g.spent >= 8, "without the layout the bot paces on: {actions:?}");
}

/// A unit that faces the way it steps never stands in a layout it left when it walks back
/// (it faces the other way), but it stands in a place it left: neither bot walks out and back
/// (a playtest: Fire on the Mountain brigades forced-marching out and back, 13.5). Without the
/// places (`placeless`) the layouts alone let greedy walk back.
#[test]
fn bots_do_not_walk_out_and_back_facing_the_other_way() {
    use crate::toy::{Pace, PaceAction};
    let own = |actions: &[PaceAction]| actions.iter().filter(|a| !matches!(a, PaceAction::Roll(_))).count();
    for seed in 0..6 {
        let mut greedy = GreedyBot::new(seed);
        let mut mcts = MctsBot::new(seed, MctsConfig { budget: Budget::Iterations(60), ..MctsConfig::default() });
        for bot in [&mut greedy as &mut dyn Bot<Pace>, &mut mcts] {
            let mut g = Pace { at: 1, mp: 12, facing: true, ..Pace::default() };
            let mut idle = RandomBot::new(0);
            let actions = play_out(&mut g, [&mut *bot, &mut idle], &mut Dice::seeded(seed), 80).expect("finishes");
            assert!(own(&actions) <= 2, "seed {seed}: {actions:?}");
        }
    }
    let walked_back = (0..6).any(|seed| {
        let mut g = Pace { at: 1, mp: 12, facing: true, placeless: true, ..Pace::default() };
        let mut greedy = GreedyBot::new(seed);
        let actions =
            play_out(&mut g, [&mut greedy as &mut dyn Bot<Pace>, &mut RandomBot::new(0)], &mut Dice::seeded(seed), 80)
                .expect("finishes");
        own(&actions) > 2
    });
    assert!(walked_back, "with layouts alone some run walks back facing the other way");
}

/// A free action that never repeats a position (a counter ticks) is taken only so long:
/// after [`Recent::LONG_RUN`] decisions in a row with nobody else acting, both bots pick
/// at random, which soon finishes.
#[test]
fn bots_stop_dithering() {
    let bound = u64::from(Recent::LONG_RUN) + 100;
    let mut greedy = GreedyBot::new(3);
    let mut mcts = MctsBot::new(3, MctsConfig { budget: Budget::Iterations(20), ..MctsConfig::default() });
    for bot in [&mut greedy as &mut dyn Bot<Switch>, &mut mcts] {
        let mut g = Switch { counter: true, ..Switch::default() };
        let mut idle = RandomBot::new(0);
        let actions = play_out(&mut g, [bot, &mut idle], &mut Dice::seeded(1), bound).expect("finishes");
        assert_eq!(actions.last(), Some(&crate::toy::SwitchAction::Finish));
        assert!(g.ticks >= Recent::LONG_RUN - 1, "ticking looked best until then: {}", g.ticks);
    }
}

#[test]
fn a_capped_tree_stays_within_its_cap_and_still_plays() {
    // Dash's tree grows with every iteration; a seat's cap stops it and the search goes on
    // with the nodes it has, still finding the winning gamble.
    let config = MctsConfig { budget: Budget::Iterations(3_000), max_nodes: 40, ..MctsConfig::default() };
    let mut bot = MctsBot::<Dash>::new(5, config);
    let g = Dash::new();
    assert_eq!(bot.choose(&g), DashAction::Gamble);
    assert!(bot.stats().nodes <= 40, "{:?}", bot.stats());
    assert_eq!(bot.stats().iterations, 3_000);
    let mut uncapped =
        MctsBot::<Dash>::new(5, MctsConfig { budget: Budget::Iterations(3_000), ..MctsConfig::default() });
    uncapped.choose(&g);
    assert!(uncapped.stats().nodes > 40, "the cap is what held the first tree: {:?}", uncapped.stats());
    // The seat's bots carry the server's cap.
    assert!(SEAT_MAX_NODES < MctsConfig::default().max_nodes);
}

/// GBACW's fire takes three decisions (announce, share, resolve) before its dice: greedy with
/// its default look-ahead fires at a regiment it can hurt two hexes off (no melee to go to
/// instead: the evaluation values a melee announced as well, 12.8), since the evaluation
/// counts a fire announced at what its dice are expected to do; with no enemy in reach it is
/// done.
#[test]
fn greedy_fires_in_gbacw_when_it_can_hurt_the_enemy() {
    use gbacw::testkit as tk;
    use gbacw::{Action, Formation, Phase};
    let mut g = tk::empty();
    tk::phase(&mut g, 1, Side::Union, Phase::OffensiveFire);
    let a = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    tk::place(&mut g, "12TN", "2330", Formation::Line, 0);
    // Their commanders with them: with none on the map, ending the phase would bring 17.81's
    // replacements at the Final Command Phase, and the evaluation would prize that instead.
    for l in ["Grant", "McClernand"] {
        tk::put_leader(&mut g, l, "2328");
    }
    tk::put_leader(&mut g, "Russell", "2330");
    let mut bot = GreedyBot::new(3);
    assert!(g.legal_actions().contains(&Action::FireAt(tk::hex("2330"))), "in musket range");
    assert_eq!(bot.choose(&g), Action::FireAt(tk::hex("2330")));
    g.apply(&Action::FireAt(tk::hex("2330"))).unwrap();
    assert!(matches!(bot.choose(&g), Action::Fire { unit, .. } if unit == a));
    // The neighbour: the enemy out of every musket's reach.
    let mut far = tk::empty();
    tk::phase(&mut far, 1, Side::Union, Phase::OffensiveFire);
    tk::place(&mut far, "27IL", "2328", Formation::Line, 3);
    tk::place(&mut far, "12TN", "2340", Formation::Line, 0);
    assert_eq!(far.legal_actions(), vec![Action::Done]);
}

/// Issue 15 (a playtest against `mcts:2s`: nine to thirty stack reorders a Movement Phase, a
/// brigade facing five ways in one move): a rearrangement that gains nothing ties with the
/// step it puts off, within the search's noise. MCTS marches and finishes without turning or
/// reordering, and wins; where facing the right way wins the game, it turns, once, and wins.
#[test]
fn mcts_makes_no_rearrangement_that_gains_nothing() {
    use crate::toy::{Drill, DrillAction};
    for seed in 0..8 {
        for facing_pays in [false, true] {
            let mut g = Drill { mp: 4, facing_pays, ..Drill::default() };
            let config = MctsConfig { budget: Budget::Iterations(300), ..MctsConfig::default() };
            let mut bot = MctsBot::new(seed, config);
            let mut idle = RandomBot::new(0);
            let actions = play_out(&mut g, [&mut bot as &mut dyn Bot<Drill>, &mut idle], &mut Dice::seeded(seed), 60)
                .expect("finishes");
            let turns = actions.iter().filter(|a| matches!(a, DrillAction::Face(_))).count();
            let reorders = actions.iter().filter(|a| **a == DrillAction::Reorder).count();
            assert!(g.won(), "seed {seed}, facing pays {facing_pays}: {actions:?}");
            assert_eq!((turns, reorders), (usize::from(facing_pays), 0), "seed {seed}: {actions:?}");
        }
    }
}

/// Issue 15: trivial decisions at once. Against the clock, a decision where every action is
/// worth the same stops searching as soon as every action has been tried; a close one (a
/// gamble worth 3 1/3 VP against a sure 3) uses most of its time.
#[test]
fn a_search_against_the_clock_stops_when_more_would_not_change_the_move() {
    use std::time::{Duration, Instant};
    let mut worthless = Choice::new(0);
    worthless.prize = 0;
    let budget = |ms| MctsConfig { budget: Budget::Time(Duration::from_millis(ms)), ..MctsConfig::default() };
    let mut bot: MctsBot<Choice> = MctsBot::new(1, budget(3_000));
    let start = Instant::now();
    let _ = bot.choose(&worthless);
    assert!(start.elapsed() < Duration::from_millis(1_500), "{:?}", bot.stats());
    assert!(bot.stats().iterations < 1_000, "{:?}", bot.stats());
    let mut bot: MctsBot<Choice> = MctsBot::new(1, budget(300));
    let start = Instant::now();
    let _ = bot.choose(&Choice::new(3));
    assert!(start.elapsed() >= Duration::from_millis(200), "{:?}", bot.stats());
}

/// Issue 15, on Fire on the Mountain: a Confederate Movement Phase with stacks to reorder
/// (4.2: any time, free) played by MCTS reorders nothing and turns no brigade twice in a move.
#[test]
fn mcts_plays_a_fotm_movement_phase_without_reordering() {
    use fotm::testkit::{after_setup, phase_going_on};
    let mut g = after_setup(&[]);
    phase_going_on(&mut g, 2, Side::Confederate, fotm::Phase::Movement);
    g.set_logging(false);
    let config = MctsConfig { budget: Budget::Iterations(300), ..MctsConfig::default() };
    for seed in 0..2 {
        let mut g = g.clone();
        let mut bot = MctsBot::new(seed, config);
        let (mut reorders, mut turns, mut decisions) = (0, 0, 0);
        while g.actor() == Actor::Side(Side::Confederate) && g.phase == fotm::Phase::Movement {
            let a = bot.choose(&g);
            match a {
                fotm::Action::ToTop(_) => reorders += 1,
                fotm::Action::Face(_) => turns += 1,
                fotm::Action::Select(_) => turns = 0,
                _ => {}
            }
            assert!(turns <= 1, "seed {seed}: a brigade turned twice in one move");
            decisions += 1;
            g.apply(&a).expect("legal");
        }
        assert_eq!(reorders, 0, "seed {seed}");
        assert!(decisions < 80, "seed {seed}: {decisions} decisions");
    }
}

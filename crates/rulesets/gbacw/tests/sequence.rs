//! 4.0 The sequence of play: two Player-Turns a Game-Turn, phases A to J in order, the
//! Defensive Fire Phase the non-phasing player's, the Interphase advancing the Game-Turn, the
//! end after the last; reinforcements landing in their side's Movement Phase of their turn.

use engine::{Actor, Game, Side};
use gbacw::{Action, Gbacw, Loc, Phase, Piece};

/// Ends the phase under way: Done until the phase changes (the Initial Command Phase may ask
/// twice, 17.6 then 17.22; the Movement Phase's Done is followed by 6.22's offer of mounting
/// and dismounting when there is one).
fn done(g: &mut Gbacw) {
    let at = (g.turn, g.phasing, g.phase);
    while g.actor() != Actor::Over && (g.turn, g.phasing, g.phase) == at {
        g.apply(&Action::Done).expect("Done is legal in every phase so far");
    }
}

/// A phase that asks nothing of a fresh army passes by itself: E and F (no unit next to the
/// enemy, no engaged hex), G (no unit out of ammunition), H (none routed, no pin) and J (no
/// commander lost, no wagon crewless, no embarkation yet).
fn quiet(p: Phase) -> bool {
    matches!(p, Phase::RetreatBeforeMelee | Phase::Melee | Phase::Resupply | Phase::Rally | Phase::FinalCommand)
}

#[test]
fn rule_4_0_phases_in_order_each_player_turn_and_defensive_fire_by_the_other_side() {
    let mut g = Gbacw::new(&[]).unwrap();
    let first = g.phasing;
    assert_eq!(first, Side::Union, "the Union is first player (authored, history's timeline)");
    for phasing in [first, first.enemy()] {
        // E, F, G, H and J pass by themselves with nothing to decide (12.8, 12.0, 11.23, 13.5,
        // 17.8).
        for phase in Phase::ALL.into_iter().filter(|p| !quiet(*p)) {
            assert_eq!((g.turn, g.phasing, g.phase), (1, phasing, phase));
            let acts = if phase == Phase::DefensiveFire { phasing.enemy() } else { phasing };
            assert_eq!(g.actor(), Actor::Side(acts), "{phase:?}");
            assert!(g.prompt().text.contains(phase.name()), "{}", g.prompt().text);
            done(&mut g);
        }
    }
    // 4.0 3: the Interphase advances the Game-Turn; the first player moves first again.
    assert_eq!((g.turn, g.phasing, g.phase), (2, first, Phase::InitialCommand));
}

#[test]
fn rule_4_0_the_game_ends_after_the_last_game_turn() {
    let mut g = Gbacw::new(&[]).unwrap();
    let last = g.last_turn();
    assert_eq!(last, 21, "10:00 AM to 4:40 PM (authored turn track)");
    let per_turn = 2 * Phase::ALL.into_iter().filter(|p| !quiet(*p)).count();
    for _ in 0..(usize::from(last) * per_turn - 1) {
        done(&mut g);
        assert_ne!(g.actor(), Actor::Over);
    }
    assert_eq!(g.turn, last);
    done(&mut g);
    assert_eq!(g.actor(), Actor::Over);
    assert!(g.outcome().is_some());
    assert!(g.legal_actions().is_empty());
    assert!(g.apply(&Action::Done).is_err(), "nothing after the end");
}

#[test]
fn rule_4_0_b_reinforcements_come_on_at_their_landing_in_their_sides_movement_phase() {
    let mut g = Gbacw::new(&[]).unwrap();
    let arrivals = g.oob().reinforcements();
    let first = arrivals.first().expect("the scenario has reinforcements");
    let (turn, side) = (first.turn, first.side);
    let unit = g.unit_by_id(first.units[0]).expect("a unit arrives");
    let select = Action::Select(Piece::Unit(unit));
    while !(g.turn == turn && g.phasing == side && g.phase == Phase::Movement) {
        assert_eq!(g.unit(unit).loc, Loc::Waiting, "not before turn {turn}'s {side:?} Movement Phase");
        if g.phase == Phase::Movement {
            let why = g.apply(&select).expect_err("not due yet");
            assert_eq!(why.rule, "GBACW 4.0", "{why:?}");
        }
        done(&mut g);
    }
    assert_eq!(g.unit(unit).loc, Loc::Waiting, "it waits off the map until brought on");
    g.apply(&select).expect("due now");
    let landing = g.map().landing(first.landing).expect("its landing").hexes.clone();
    let steps: Vec<Action> = g.legal_actions().into_iter().filter(|a| matches!(a, Action::Step(_))).collect();
    assert!(
        !steps.is_empty() && steps.iter().all(|a| matches!(a, Action::Step(h) if landing.contains(h))),
        "{steps:?}"
    );
    g.apply(&steps[0]).expect("onto the landing");
    assert!(matches!(g.unit(unit).loc, Loc::Map(h) if landing.contains(&h)), "{:?}", g.unit(unit).loc);
}

#[test]
fn the_set_up_puts_every_unit_and_leader_where_the_order_of_battle_says() {
    let g = Gbacw::new(&[]).unwrap();
    for side in [Side::Union, Side::Confederate] {
        for (id, hex) in g.oob().setup(side) {
            let at = g
                .unit_by_id(id)
                .map(|u| g.unit(u).loc)
                .or_else(|| g.leader_by_id(id).map(|l| g.leaders[usize::from(l)].loc));
            assert_eq!(at, Some(Loc::Map(hex)), "{id}");
        }
    }
    // The board draws them: every counter on a map hex, units facing a hexside (7.0).
    let board = g.board();
    assert!(board.counters.iter().all(|c| board.hexes.iter().any(|h| h.hex == c.hex)));
    assert!(board.counters.iter().filter(|c| c.kind == "infantry").all(|c| c.faces_side.is_some()));
}

//! Position tests for the FotM 11.3 leash on Union cavalry, by the reading in
//! `movement/leave.rs`: stranded cavalry (farther than two hexes from every Union infantry and
//! artillery brigade) must close up in its move, and the Movement Phase may not end while it
//! has not moved and could; the infantry is not bound. Rule text is cited by number only.

mod common;

use common::{act, empty_on, legal, refused};
use engine::{Game, Side};
use fotm::facing::front_towards;
use fotm::testkit::{id, phase, put};
use fotm::{Action, Fotm, Phase, Unit};
use hexmap::{Direction, Hex};

/// A run of `len` clear, level hexes without roads, each south of the one before.
fn clear_run(len: usize) -> Vec<Hex> {
    let m = fotm::map::south_mountain();
    let clear =
        |h: Hex| m.terrain(h) == Some(fotm::map::Terrain::Clear) && m.elevation(h) == Some(0) && !m.is_road_hex(h);
    let run =
        |h: Hex| std::iter::successors(Some(h), |x| Some(x.neighbour(Direction::S))).take(len).collect::<Vec<_>>();
    m.hexes().map(|(h, _)| run(h)).find(|r| r.iter().all(|&h| clear(h))).expect("a clear run")
}

/// Turn `turn`, the Union Movement Phase: Whiting's cavalry on `run[0]` facing south, Scammon's
/// infantry on `run[gap]`; Pleasonton released (11.3).
fn stranded(turn: u8, gap: usize) -> (Fotm, Vec<Hex>) {
    let run = clear_run(gap + 1);
    let mut g = empty_on(turn);
    put(&mut g, "Whiting", &run[0].label(), front_towards(run[0], run[1]));
    put(&mut g, "Scammon", &run[gap].label(), front_towards(run[gap], run[gap - 1]));
    g.cavalry_released = true;
    phase(&mut g, turn, Side::Union, Phase::Movement);
    (g, run)
}

fn select(g: &mut Fotm, name: &str) {
    let b = id(g, name);
    act(g, Action::Select(Unit::Brigade(b)));
}

/// Whiting, five hexes from Scammon, may not end its move until it is within two: each step
/// nearer leaves it bound while the next is open; at two hexes it may stop.
#[test]
fn rule_11_3_stranded_cavalry_closes_up_in_its_move() {
    let (mut g, run) = stranded(3, 5);
    select(&mut g, "Whiting");
    for (k, &h) in run.iter().enumerate().skip(1).take(2) {
        assert_eq!(refused(&g, Action::EndMove), "FotM 11.3", "{} hexes off", 6 - k);
        assert!(g.why_illegal(&Action::EndMove).reason.contains("must close within two hexes"));
        act(&mut g, Action::Step(h));
    }
    // Three hexes off: one more step.
    assert_eq!(refused(&g, Action::EndMove), "FotM 11.3");
    act(&mut g, Action::Step(run[3]));
    assert!(legal(&g, Action::EndMove), "two hexes off");
    assert!(legal(&g, Action::Done));
}

/// The neighbouring case: cavalry within two hexes is not stranded: it may stay put.
#[test]
fn rule_11_3_cavalry_within_two_hexes_may_end_at_once() {
    let (mut g, _) = stranded(3, 2);
    assert!(legal(&g, Action::Done), "nothing bound");
    select(&mut g, "Whiting");
    assert!(legal(&g, Action::EndMove));
}

/// The phase may not end while stranded cavalry that has not moved could close up; the
/// infantry may walk away from it (the rule binds the cavalry), and then the cavalry must
/// follow before the phase ends.
#[test]
fn rule_11_3_the_phase_waits_for_stranded_cavalry_and_the_infantry_is_free() {
    let (mut g, run) = stranded(3, 4);
    assert_eq!(refused(&g, Action::Done), "FotM 11.3");
    assert!(g.why_illegal(&Action::Done).reason.starts_with("Whiting"), "{:?}", g.why_illegal(&Action::Done));
    // Within two: Scammon may walk off south, leaving Whiting behind.
    let (mut g2, run2) = stranded(3, 2);
    select(&mut g2, "Scammon");
    let away = run2[2].neighbour(Direction::S);
    act(&mut g2, Action::Step(away));
    assert!(legal(&g2, Action::EndMove), "the infantry is not bound");
    assert_eq!(refused(&g2, Action::Done), "FotM 11.3", "Whiting must follow");
    // Once the stranded cavalry has moved, the phase may end.
    select(&mut g, "Whiting");
    act(&mut g, Action::Step(run[1]));
    act(&mut g, Action::Step(run[2]));
    assert!(legal(&g, Action::Done));
}

/// The leash does not bind on turn one before Pleasonton's stop, nor once the 8.5 breakout
/// is open, nor with no Union infantry or artillery on the map.
#[test]
fn rule_11_3_the_leash_lapses() {
    let (mut g, _) = stranded(1, 5);
    g.cavalry_released = false;
    assert!(legal(&g, Action::Done), "turn one, no stop yet");
    let (mut g, _) = stranded(4, 5);
    g.gap_captured = Some(3);
    assert!(legal(&g, Action::Done), "the breakout is open");
    let (mut g, _) = stranded(3, 5);
    let s = id(&g, "Scammon");
    g.bde_mut(s).loc = fotm::Loc::Entering;
    assert!(legal(&g, Action::Done), "no infantry or artillery on the map");
}

/// The ninth playtest: stranded cavalry may not spend its move sideways, no nearer (a step
/// across, at the same distance, is refused), and facing away it must turn and close.
#[test]
fn rule_11_3_stranded_cavalry_steps_only_nearer_and_turns_to() {
    let (mut g, run) = stranded(3, 5);
    let w = id(&g, "Whiting");
    // Facing east, between north-east and south-east: its front hexes lead away from
    // Scammon (north-east) or across (south-east, no nearer).
    let (ne, se) = (run[0].neighbour(Direction::NE), run[0].neighbour(Direction::SE));
    let front = |f: u8, n| fotm::facing::arc(run[0], f, n) == Some(fotm::facing::Arc::Front);
    let east = (0..6u8).find(|&f| front(f, ne) && front(f, se)).expect("a facing with both in front");
    g.bde_mut(w).facing = east;
    select(&mut g, "Whiting");
    let scammon = run[5];
    assert_eq!(se.distance(scammon), run[0].distance(scammon), "across, no nearer");
    assert_eq!(refused(&g, Action::Step(se)), "FotM 11.3", "no step across while stranded");
    assert_eq!(refused(&g, Action::EndMove), "FotM 11.3", "a turn and a step nearer are open");
    act(&mut g, Action::Face(front_towards(run[0], run[1])));
    assert!(legal(&g, Action::Step(run[1])), "turned, it closes");
}

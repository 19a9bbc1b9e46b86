//! 4.1 with 13.1 and 11.3: a unit may pass through a hex it could not end its move in, but it
//! is offered the step only when its move can still finish from there. Issue 15's dead end:
//! Union cavalry held East by 11.3 stepped into a full stack and had nothing left but facing
//! and formation (only undo got it out).

mod common;

use common::{act, empty_on, legal, put_back, refused};
use engine::{Game, Side};
use fotm::facing::front_towards;
use fotm::testkit::{id, phase, put};
use fotm::{Action, Fotm, Phase, Unit};
use hexmap::{Direction, Hex};

/// Clear, level, on the map.
fn plain(h: Hex) -> bool {
    let m = fotm::map::south_mountain();
    m.contains(h) && m.terrain(h) == Some(fotm::map::Terrain::Clear) && m.elevation(h) == Some(0) && !m.is_road_hex(h)
}

/// The first hex X with X, the hex North of it (geographic West, where the cavalry starts)
/// and its S, SE and SW neighbours all plain.
fn site() -> Hex {
    let m = fotm::map::south_mountain();
    m.hexes()
        .map(|(h, _)| h)
        .find(|&x| {
            plain(x)
                && [Direction::N, Direction::S, Direction::SE, Direction::SW].iter().all(|&d| plain(x.neighbour(d)))
        })
        .expect("a plain site")
}

/// Turn 3, Union Movement: a full Union stack on X (two infantry and a battery, 4.1), Davis's
/// cavalry North of it facing X, halted and not released (11.3: no further West), and a Confederate
/// brigade on each hex of `blocked` with its rear to X (no ZOC on X, 6.1). Davis selected.
fn position(x: Hex, blocked: &[Direction]) -> Fotm {
    let mut g = empty_on(3);
    for name in ["Scammon", "Crook", "Benjamin"] {
        put(&mut g, name, &x.label(), 0);
    }
    let from = x.neighbour(Direction::N);
    put(&mut g, "Davis", &from.label(), front_towards(from, x));
    for (d, name) in blocked.iter().zip(["Garland", "Colquitt", "Ripley"]) {
        put_back(&mut g, name, &x.neighbour(*d).label(), &x.label());
    }
    g.cavalry_halted = true;
    assert!(!g.cavalry_released);
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let davis = id(&g, "Davis");
    act(&mut g, Action::Select(Unit::Brigade(davis)));
    g
}

#[test]
fn rule_4_1_no_step_into_a_full_hex_with_no_way_on() {
    let x = site();
    let g = position(x, &[Direction::S, Direction::SE, Direction::SW]);
    // Every hex on from X is West (11.3) or held by the enemy (13.4): X would be a dead end.
    assert_eq!(refused(&g, Action::Step(x)), "FotM 4.1");
    assert!(g.why_illegal(&Action::Step(x)).reason.contains("no way on"), "{}", g.why_illegal(&Action::Step(x)).reason);
}

#[test]
fn rule_4_1_a_full_hex_may_be_passed_through_when_a_way_on_is_open() {
    let x = site();
    // The neighbouring case: the South hex is open, so Davis may pass through X.
    let mut g = position(x, &[Direction::SE, Direction::SW]);
    assert!(legal(&g, Action::Step(x)));
    act(&mut g, Action::Step(x));
    assert!(g.dead_end().is_none());
    assert!(!legal(&g, Action::EndMove), "4.1: may not end over-stacked");
    // On from X, facing it round first if needed (13.2's free changes).
    let on = x.neighbour(Direction::S);
    if !legal(&g, Action::Step(on)) {
        let f = front_towards(x, on);
        act(&mut g, Action::Face(f));
    }
    act(&mut g, Action::Step(on));
    assert!(legal(&g, Action::EndMove));
}

/// Turn 3, Union Movement: Farnsworth's cavalry, mounted, on X with `infantry` Union infantry
/// brigades, every neighbour of X held by a Confederate brigade with its rear to X; Farnsworth
/// selected.
fn mounted_in_a_stack(infantry: &[&str]) -> (Fotm, Hex) {
    let x = site();
    let mut g = empty_on(3);
    for name in infantry {
        put(&mut g, name, &x.label(), 0);
    }
    put(&mut g, "Farnsworth", &x.label(), 0);
    let names = ["Garland", "Colquitt", "Ripley", "Rodes", "GBAnderson", "Drayton"];
    for (d, name) in Direction::ALL.iter().zip(names) {
        put_back(&mut g, name, &x.neighbour(*d).label(), &x.label());
    }
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let f = id(&g, "Farnsworth");
    act(&mut g, Action::Select(Unit::Brigade(f)));
    (g, x)
}

#[test]
fn rule_4_1_no_dismounting_into_a_third_infantry_with_no_way_on() {
    // 8.3: dismounted cavalry stacks as infantry, so Farnsworth dismounting beside two
    // infantry brigades would make three (4.1), and he could not leave X.
    let (g, _) = mounted_in_a_stack(&["Scammon", "Crook"]);
    assert_eq!(refused(&g, Action::Mount), "FotM 4.1");
    assert!(legal(&g, Action::EndMove), "mounted, the stack is legal");
    // The neighbouring case: beside one infantry brigade he may dismount and stay.
    let (mut g, x) = mounted_in_a_stack(&["Scammon"]);
    assert!(legal(&g, Action::Mount));
    act(&mut g, Action::Mount);
    assert!(!g.bde(id(&g, "Farnsworth")).mounted);
    assert!(legal(&g, Action::EndMove), "two infantry-like brigades in {x}");
}

/// The page's "why not" (issue 15) reads the same refusal: a click on X with Davis moving
/// names 4.1; a click on the open hex beside him is offered; Done (the end of his move) is.
#[test]
fn why_not_a_click_on_the_dead_end_hex_names_4_1() {
    let x = site();
    let g = position(x, &[Direction::S, Direction::SE, Direction::SW]);
    let davis = Some("Davis".to_string());
    let why = engine::explain(&g, &engine::Probe::Hex { hex: x.label(), unit: davis.clone() });
    assert!(!why.offered);
    assert_eq!(why.refusals.iter().map(|r| r.rule.as_str()).collect::<Vec<_>>(), ["FotM 4.1"]);
    let from = x.neighbour(Direction::N);
    let open = from.neighbours().into_iter().find(|&h| legal(&g, Action::Step(h))).expect("some step is open");
    assert!(engine::explain(&g, &engine::Probe::Hex { hex: open.label(), unit: davis }).offered);
    assert!(engine::explain(&g, &engine::Probe::Finish).offered, "he may end his move where he stands");
}

/// The eighth playtest (finding 8): the reach rings X, which the move may pass through but
/// not end in (4.1), and says so; the hex beyond X, where it may end, carries nothing.
#[test]
fn rule_4_1_the_reach_marks_a_hex_to_pass_through_only() {
    let x = site();
    let g = position(x, &[]);
    let reach = engine::reach::destinations(&g, "Davis", 5_000);
    let at = |h: Hex| reach.iter().find(|d| d.hex == h.label()).unwrap_or_else(|| panic!("{h} reached"));
    let through = at(x);
    assert!(through.passes.as_deref().is_some_and(|p| p.contains("FotM 4.1")), "{:?}", through.passes);
    assert_eq!(at(x.neighbour(Direction::S)).passes, None, "it may end beyond X");
}

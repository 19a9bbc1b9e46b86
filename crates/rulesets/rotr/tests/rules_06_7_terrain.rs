//! Disordering terrain (6.7, ruling R19): a move stops at the edge of disordering ground, the
//! unit tests it with a D10 against sheet A's number before moving on, and a failure halves its
//! normal distance; a unit standing in such ground tests it before it moves; a halved unit tests
//! no more. Belmont's table is timber (type C) wherever no area lies; the clearing is open.

use engine::{Actor, Game};
use rotr::movement::terrain::{GROUND, number, owed};
use rotr::procedure::Frame;
use rotr::scenario::Formation;
use rotr::testkit::{activate, clear_table, put, rated, unit};
use rotr::{Action, Rotr, UnitId};
use table::Pos;

fn act(g: &Rotr) -> &rotr::activation::Activation {
    match g.pending() {
        Some(Frame::Activation(a)) => a,
        other => panic!("no activation: {other:?}"),
    }
}

/// The 27th Illinois alone, McClernand's chit drawn and the regiment selected, in Line at
/// `front` facing `facing`.
fn placed(front: Pos, facing: i32) -> (Rotr, UnitId) {
    let mut g = rated();
    clear_table(&mut g);
    let u = unit(&g, "27th Illinois");
    put(&mut g, u, Formation::Line, front, facing);
    activate(&mut g, "McClernand");
    g.apply(&Action::Select(u)).expect("select");
    (g, u)
}

/// The farthest straight move listed for the selected unit (the menu's "as far as it may go").
fn most_straight(g: &Rotr) -> i32 {
    let far = |a: &Action| match *a {
        Action::Move { angle: 0, dist, .. } => Some(dist),
        _ => None,
    };
    g.legal_actions().iter().filter_map(far).max().expect("a move straight ahead listed")
}

/// Sheet A's number for the 27th in Line entering timber (type C).
fn timber_number(g: &Rotr, u: UnitId) -> u8 {
    u8::try_from(number(g, u, 2).expect("a number")).expect("0-9")
}

/// R19.3: a unit standing in the timber tests it before it moves: its moves are refused naming
/// 6.7 until it has; a pass leaves its whole move.
#[test]
fn rule_6_7_a_unit_in_the_timber_tests_before_it_moves() {
    let (mut g, u) = placed(Pos::inches(20, 50), 0);
    assert_eq!(owed(&g, act(&g), u), Some(GROUND));
    let e = g.apply(&Action::Move { unit: u, angle: 0, dist: 16 }).expect_err("test first");
    assert_eq!(e.rule, "ROTR 6.7");
    assert!(e.reason.contains("woods"), "{}", e.reason);
    assert!(g.legal_actions().contains(&Action::Enter(u)));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move { .. })));
    g.apply(&Action::Enter(u)).expect("tests");
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.chance_outcomes().len(), 10);
    let n = timber_number(&g, u);
    g.apply(&Action::D10(n)).expect("at the number: passes");
    assert!(g.log().events().iter().any(|e| e.rule == "ROTR 6.7" && e.text.contains("moves on normally")));
    g.apply(&Action::Move { unit: u, angle: 0, dist: 96 }).expect("its whole 6 inches");
}

/// R19.2: a roll over the number halves the normal distance (3 inches for a Line).
#[test]
fn rule_6_7_over_the_number_halves_the_move() {
    let (mut g, u) = placed(Pos::inches(20, 50), 0);
    g.apply(&Action::Enter(u)).expect("tests");
    let n = timber_number(&g, u);
    g.apply(&Action::D10(n + 1)).expect("one over: fails");
    assert!(g.log().events().iter().any(|e| e.text.contains("disordered")));
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 49 }).is_err());
    g.apply(&Action::Move { unit: u, angle: 0, dist: 48 }).expect("3 inches");
}

/// R19.1, R19.2: from the clearing a move ends at the timber's edge; there it owes a test, and
/// failing it with more than the halved move used it moves no further. A unit in the open does
/// not test before it moves (R19.3's neighbour).
#[test]
fn rule_6_7_a_move_stops_at_the_edge_then_tests() {
    // The clearing's north edge is y = 10 inches between x = 62 and 82; facing 180 the line
    // walks toward it from y = 14.
    let (mut g, u) = placed(Pos::inches(72, 14), 180);
    assert_eq!(owed(&g, act(&g), u), None, "in the open: nothing to test yet");
    let most = most_straight(&g);
    assert_eq!(most, 64, "4 inches to the edge");
    assert!(g.clone().apply(&Action::Move { unit: u, angle: 0, dist: 65 }).is_err(), "into the timber");
    g.apply(&Action::Move { unit: u, angle: 0, dist: 64 }).expect("to the edge");
    assert_eq!(owed(&g, act(&g), u), Some(GROUND));
    g.apply(&Action::Enter(u)).expect("tests");
    let n = timber_number(&g, u);
    g.apply(&Action::D10(n + 1)).expect("fails");
    // Halved to 3 inches with 4 used: no further this turn.
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 1 }).is_err());
    assert!(!g.legal_actions().contains(&Action::Enter(u)), "a halved unit tests no more (R19.4)");
}

/// R19.4: a unit that passed one piece of ground tests the next it meets: from the timber,
/// having passed, a line walking on the Slough (a swamp, type C) stops at its edge and owes it.
#[test]
fn rule_6_7_each_new_piece_tests_again() {
    // Facing 180 (toward y = 0) at (20, 30): the Slough's south edge is about 4 inches ahead.
    let (mut g, u) = placed(Pos::inches(20, 30), 180);
    assert_eq!(owed(&g, act(&g), u), Some(GROUND), "in the timber");
    g.apply(&Action::Enter(u)).expect("tests the timber");
    let n = timber_number(&g, u);
    g.apply(&Action::D10(n)).expect("passes");
    let most = most_straight(&g);
    assert!(most < 96, "the Slough stops it short of 6 inches: {most}");
    g.apply(&Action::Move { unit: u, angle: 0, dist: most }).expect("to the edge");
    let slough = owed(&g, act(&g), u).expect("owes the Slough");
    assert_ne!(slough, GROUND);
    assert_eq!(rotr::movement::terrain::piece(&g, slough).0, "Slough");
    assert!(g.legal_actions().contains(&Action::Enter(u)));
}

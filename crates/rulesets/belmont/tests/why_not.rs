//! The page's "why not" (issue 15) on Belmont's volley (5.1): a click on a hex with a company
//! selected at its volley step is a volley from its hex, and the refusal names what stops it:
//! the range of the Volley Fire Chart, or nothing there to hit; in range, it is offered.

mod common;
mod common_late;

use common::*;
use engine::{Probe, Side, explain};

/// 30IL-H on clear ground, 13AR-A `range` hexes south, the 30th Illinois activated to volley.
fn volley_at(range: usize) -> (belmont::Belmont, hexmap::Hex, hexmap::Hex) {
    let mut g = fresh();
    let a = clear("0331");
    let t = south_n(a, range);
    g.put("30IL-H", &a.label());
    g.put("13AR-A", &t.label());
    g.activate(Side::Union, "30IL", belmont::Stage::Volley);
    (g, a, t)
}

#[test]
fn a_volley_out_of_range_names_the_chart_and_in_range_is_offered() {
    let (g, _, t) = volley_at(4);
    let why = explain(&g, &Probe::Hex { hex: t.label(), unit: Some("30IL-H".into()) });
    assert!(!why.offered);
    let r = why.refusals.iter().find(|r| r.rule == "Belmont 5.1").expect("a 5.1 refusal");
    assert!(r.reason.contains("4 hexes") && r.reason.contains("reach"), "{}", r.reason);
    // The neighbouring case: one hex away, the volley is there to take.
    let (g, _, t) = volley_at(1);
    assert!(explain(&g, &Probe::Hex { hex: t.label(), unit: Some("30IL-H".into()) }).offered);
}

#[test]
fn a_volley_at_an_empty_hex_says_nothing_is_there() {
    let (g, a, _) = volley_at(1);
    let empty = south_n(a, 1).neighbour(hexmap::Direction::SE);
    let why = explain(&g, &Probe::Hex { hex: empty.label(), unit: Some("30IL-H".into()) });
    assert!(why.refusals.iter().any(|r| r.reason.contains("no enemy unit")), "{:?}", why.refusals);
}

/// The second playtest: a hex clicked beyond the ring (where opportunity fire cut the move
/// short) heard "holds the enemy". A hex not beside the unit says so (4.1); the hex beside it
/// is offered.
#[test]
fn a_move_to_a_hex_not_beside_the_unit_names_one_hex_at_a_time() {
    let mut g = fresh();
    g.put("31IL-A", "0331");
    g.put("13AR-A", "0334");
    g.activate(Side::Union, "31IL", belmont::Stage::Maneuver);
    let why = explain(&g, &Probe::Hex { hex: "0334".into(), unit: Some("31IL-A".into()) });
    assert!(!why.offered);
    let r = why.refusals.iter().find(|r| r.rule == "Belmont 4.1").expect("a 4.1 refusal");
    assert!(r.reason.contains("not beside"), "{}", r.reason);
    assert!(!r.reason.contains("holds the enemy"), "{}", r.reason);
    assert!(explain(&g, &Probe::Hex { hex: "0332".into(), unit: Some("31IL-A".into()) }).offered);
}

/// The second playtest: Fouke's three hexes of Leader Second Movement (3.2.3) were never
/// named. After three steps a fourth names the limit; a step two hexes off names one hex at a
/// time; a first step beside him is offered.
#[test]
fn leader_second_movement_names_its_three_hexes() {
    use belmont::Frame;
    let mut g = fresh();
    g.put("Grant", "0331");
    g.put("McClernand", "0631"); // keeps the Leader Second Movement open once Grant is done
    g.set_stack(vec![Frame::EndTurn, Frame::SecondMove { side: Side::Union, done: vec![], moving: None }]);
    let ask = |g: &belmont::Belmont, h: &str| explain(g, &Probe::Hex { hex: h.into(), unit: Some("Grant".into()) });
    assert!(ask(&g, "0332").offered);
    let far = ask(&g, "0333");
    assert!(
        far.refusals.iter().any(|r| r.rule == "Belmont 3.2.3" && r.reason.contains("one hex at a time")),
        "{far:?}"
    );
    let mut at = hexmap::Hex::from_label("0331").unwrap();
    for _ in 0..3 {
        at = south(at);
        go(&mut g, "Grant", at);
    }
    let next = south(at).label();
    let done = ask(&g, &next);
    assert!(!done.offered);
    assert!(done.refusals.iter().any(|r| r.rule == "Belmont 3.2.3" && r.reason.contains("3 hexes")), "{done:?}");
}

/// The fifth playtest: on the turn after the camp fell a looting company, clicked, said
/// nothing. Asked about the unit in the maneuver step, the engine names 13.2.3; a company
/// of the same regiment away from the camp has its moves offered; one of another regiment
/// is not activated (4.0).
#[test]
fn a_looting_company_clicked_says_it_is_looting() {
    let mut g = common_late::camp_fallen(4, 5, &[("30IL-A", "2029"), ("30IL-C", "1520"), ("31IL-A", "1420")]);
    g.activate(Side::Union, "30IL", belmont::Stage::Maneuver);
    let why = explain(&g, &Probe::Unit { unit: "30IL-A".into() });
    assert!(!why.offered);
    assert_eq!(why.refusals.len(), 1, "one reason for every step: {:?}", why.refusals);
    assert_eq!(why.refusals[0].rule, "Belmont 13.2.3");
    assert!(explain(&g, &Probe::Unit { unit: "30IL-C".into() }).offered);
    let other = explain(&g, &Probe::Unit { unit: "31IL-A".into() });
    assert!(other.refusals.iter().any(|r| r.rule == "Belmont 4.0"), "{:?}", other.refusals);
}

/// The ninth playtest: a step the unit's movement points do not cover names them (4.1), not
/// a catch-all; with the points to spare the same kind of step is offered.
#[test]
fn a_step_beyond_the_movement_points_left_names_them() {
    let mut g = fresh();
    g.put("31IL-A", "0331");
    g.activate(Side::Union, "31IL", belmont::Stage::Maneuver);
    let ask =
        |g: &belmont::Belmont, h: hexmap::Hex| explain(g, &Probe::Hex { hex: h.label(), unit: Some("31IL-A".into()) });
    // South while it can.
    let mut at = hexmap::Hex::from_label("0331").unwrap();
    let mut steps = 0;
    while ask(&g, south(at)).offered {
        assert!(steps < 20, "a move runs out");
        go(&mut g, "31IL-A", south(at));
        at = south(at);
        steps += 1;
    }
    assert!(steps > 0, "the first step was offered");
    let why = ask(&g, south(at));
    assert!(!why.offered);
    let r = why.refusals.first().expect("a refusal");
    assert_eq!(r.rule, "Belmont 4.1", "{r:?}");
    assert!(r.reason.contains(" costs ") && r.reason.contains(" left"), "the points, not a catch-all: {r:?}");
}

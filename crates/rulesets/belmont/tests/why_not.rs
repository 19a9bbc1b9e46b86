//! The page's "why not" (issue 15) on Belmont's volley (5.1): a click on a hex with a company
//! selected at its volley step is a volley from its hex, and the refusal names what stops it:
//! the range of the Volley Fire Chart, or nothing there to hit; in range, it is offered.

mod common;

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

//! Moves by destination (issue 15): `engine::reach::destinations` on Belmont's maneuver
//! (4.3.3): every hex a company reaches applies as its path says, step by step (4.0's one hex
//! a move), and each is within its movement allowance.

mod common;

use common::*;
use engine::Side;

#[test]
fn a_company_reaches_hexes_by_paths_that_apply() {
    let mut g = fresh();
    let a = clear("0331");
    g.put("30IL-H", &a.label());
    g.activate(Side::Union, "30IL", belmont::Stage::Maneuver);
    let reach = engine::reach::destinations(&g, "30IL-H", 5_000);
    assert!(reach.len() > 3, "{} hexes", reach.len());
    for d in &reach {
        let mut h = g.clone();
        for step in &d.path {
            act(&mut h, step.clone());
        }
        assert_eq!(h.hex_of(h.id("30IL-H")).map(|x| x.label()), Some(d.hex.clone()), "the path ends where it says");
        assert!(d.path.len() as u16 >= a.distance(hexmap::Hex::from_label(&d.hex).unwrap()), "one hex a move (4.0)");
    }
}

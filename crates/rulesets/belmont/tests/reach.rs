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

/// A click decides only where the company goes (issue 15): of the ways into a melee hex,
/// the one across its marker's hexside is taken when there is one (4.3.2), and when the
/// only way moves the marker to another hexside the destination says so.
#[test]
fn a_destination_keeps_a_melee_marker_on_its_hexside_or_says_it_moves_it() {
    let b = hex("0332");
    let (entry, t) = (south(b), south(south(b)));
    let other = t
        .neighbours()
        .into_iter()
        .find(|&n| n != entry && info(n).terrain == belmont::map::Terrain::Clear && n.distance(entry) == 1)
        .unwrap();
    // `full`: the entry hex holds three companies already (stacking, 4.2), so the way
    // through it is shut.
    for (full, keeps) in [(false, true), (true, false)] {
        let mut g = fresh();
        g.put("13AR-A", &t.label());
        g.put("27IL-A", &other.label());
        if full {
            for c in ["27IL-B", "27IL-C", "27IL-D"] {
                g.put(c, &entry.label());
            }
        }
        mark(&mut g, Side::Union, "27IL", entry, t);
        let reach = engine::reach::destinations(&g, "27IL-A", 5_000);
        let d = reach.iter().find(|d| d.hex == t.label()).expect("the melee hex is reached");
        assert_eq!(d.keeps, keeps, "full {full}: {:?} {:?}", d.via, d.changes);
        let names = |c: &String| {
            c.contains("Melee marker") && c.contains(&format!("from the {entry} hexside to the {other} hexside"))
        };
        assert_eq!(d.changes.iter().any(names), !keeps, "{:?}", d.changes);
        // The fifth playtest: a marker moved is asked first, as a change of formation is.
        assert_eq!(d.alters.iter().any(names), !keeps, "{:?}", d.alters);
        let way: Vec<String> = if keeps { vec![entry.label(), t.label()] } else { vec![t.label()] };
        assert_eq!(d.via, way);
    }
}

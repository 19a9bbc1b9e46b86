//! The map as a `BoardView` for `muster render fotm`: every hex with its terrain class and
//! elevation, a legend for every class, the roads, the names, and the set-up counters.

use std::collections::HashSet;

#[test]
fn empty_board_view_draws_the_whole_map() {
    let board = fotm::board_view();
    let map = fotm::map::south_mountain();
    assert!(board.title.contains("authored from the historical geography"));
    assert_eq!(board.hexes.len(), 36 * 18);
    assert!(board.counters.is_empty());
    let classes: HashSet<&str> = board.hexes.iter().map(|h| h.terrain.as_str()).collect();
    let legend: HashSet<&str> = board.legend.iter().map(|l| l.terrain.as_str()).collect();
    assert_eq!(classes, legend, "a legend entry for every class used, and no other");
    let levels: HashSet<i8> = board.hexes.iter().map(|h| h.elevation).collect();
    assert_eq!(levels, (0..=6).collect());
    let fox = board.hexes.iter().find(|h| h.hex == "1607").unwrap();
    assert_eq!((fox.name.as_deref(), fox.elevation, fox.terrain.as_str()), (Some("Fox's Gap"), 3, "clear"));
    assert_eq!(board.lines.len(), map.road_paths.len());
    assert!(board.lines.iter().all(|l| l.kind == "road" && !l.hexside));
    // The elevation legend and the orientation are in the tracks panel.
    let tracks: Vec<&str> = board.tracks.iter().map(|(k, _)| k.as_str()).collect();
    assert!(tracks.contains(&"Elevation levels") && tracks.contains(&"Orientation"), "{tracks:?}");
    let levels_text = &board.tracks.iter().find(|(k, _)| k == "Elevation levels").unwrap().1;
    assert!(levels_text.contains("3 upper slopes and gaps (1000-1150 ft)"), "{levels_text}");
}

#[test]
fn setup_view_places_the_7_am_units() {
    let board = fotm::setup_view();
    assert_eq!(board.counters.len(), 16);
    let garland = board.counters.iter().find(|c| c.id == "Garland").unwrap();
    assert_eq!((garland.hex.as_str(), garland.side.as_str(), garland.strength.as_str()), ("1607", "confederate", "4"));
    let cutts = board.counters.iter().find(|c| c.id == "Cutts").unwrap();
    assert_eq!((cutts.kind.as_str(), cutts.strength.as_str()), ("artillery", "3-4"));
    let hill = board.counters.iter().find(|c| c.id == "DHHill").unwrap();
    assert_eq!((hill.kind.as_str(), hill.strength.as_str()), ("leader", "CM 2"));
    assert!(
        board.tracks.iter().any(|(k, v)| k.starts_with("Reinforcements") && v.contains("7 AM union at old-sharpsburg"))
    );
}

#[test]
fn the_phase_track_names_the_side_setting_up() {
    // Issue 15 F3: the tracks said "Confederate Set-up" while the Union set up.
    use engine::{Actor, Game, Side};
    let phase = |g: &fotm::Fotm| g.board().tracks.into_iter().find(|(k, _)| k == "Phase").unwrap().1;
    let mut g = fotm::Fotm::new(&[]).expect("the standard game");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert!(phase(&g).starts_with("Confederate"), "{}", phase(&g));
    let done = g.legal_actions().into_iter().find(|a| g.action_view(a).kind == "done").unwrap();
    g.apply(&done).unwrap();
    assert_eq!(g.actor(), Actor::Side(Side::Union), "{}", g.prompt().text);
    assert!(phase(&g).starts_with("Union"), "{}", phase(&g));
}

//! Moves by destination (issue 15): `engine::reach::destinations` on Fire on the Mountain's
//! own movement (13.1-13.5): every hex reached applies as the path says, the hexes only a
//! forced march reaches carry its warning (13.5), and nothing lies beyond one forced hex.

mod common;

use common::{act, empty_on};
use engine::Game;
use engine::Side;
use fotm::testkit::{hex, id, phase, put};
use fotm::{Action, Phase, Unit};

#[test]
fn destinations_apply_as_their_paths_say_and_forced_march_hexes_are_marked() {
    let mut g = empty_on(3);
    put(&mut g, "Scammon", "1318", 0);
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let reach = engine::reach::destinations(&g, "Scammon", 5_000);
    assert!(reach.len() > 20, "{} hexes", reach.len());
    let start = hex("1318");
    assert!(reach.iter().all(|d| d.hex != "1318"), "not its own hex");
    for d in &reach {
        let mut h = g.clone();
        for a in &d.path {
            act(&mut h, *a);
        }
        let at = h.hex_of(id(&h, "Scammon")).expect("on the map");
        assert_eq!(at.label(), d.hex, "the path ends where it says");
        // `via` is each hex stepped into, adjacent in turn, ending here.
        assert_eq!(d.via.last(), Some(&d.hex));
        let mut prev = start;
        for v in &d.via {
            let v = hex(v);
            assert_eq!(prev.distance(v), 1, "{}: {:?}", d.hex, d.via);
            prev = v;
        }
        assert!(d.stops.is_none(), "nothing interrupts on an empty map: {}", d.hex);
    }
    // 13.5: the hexes only a forced march reaches carry its warning; the rest do not.
    let forced: Vec<_> = reach.iter().filter(|d| d.warning.as_deref().is_some_and(|w| w.contains("13.5"))).collect();
    assert!(!forced.is_empty(), "a forced-march hex is marked");
    // Forced exactly where the move overspends its MP ("6 of 4 MP spent").
    let over = |after: &str| {
        let n: Vec<f64> =
            after.split(|c: char| !c.is_ascii_digit() && c != '.').filter_map(|w| w.parse().ok()).collect();
        n.len() >= 3 && n[n.len() - 2] > n[n.len() - 1]
    };
    for d in &reach {
        assert_eq!(d.warning.is_some(), over(&d.after), "{}: {} / {:?}", d.hex, d.after, d.warning);
    }
    // Clear, level ground: four hexes on foot, a fifth by forced march, never a sixth.
    let far = reach.iter().map(|d| start.distance(hexmap::Hex::from_label(&d.hex).unwrap())).max().unwrap();
    assert!((4..=5).contains(&far), "at most five hexes: {far}");
    // The path begins by choosing the brigade (13.1).
    let b = id(&g, "Scammon");
    assert!(reach.iter().all(|d| d.path[0] == Action::Select(Unit::Brigade(b))));
}

/// `Game::layout_hash` sees where a brigade stands, how it faces and its formation, not
/// what it has done this phase: having moved leaves the layout as it was though the state
/// differs; a turn, a step or a change of formation changes it.
#[test]
fn the_layout_counts_place_facing_and_formation_not_what_was_spent() {
    let mut g = empty_on(3);
    put(&mut g, "Scammon", "1318", 0);
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let b = id(&g, "Scammon");
    let (layout, state) = (g.layout_hash(), g.state_hash());
    let mut spent = g.clone();
    spent.bde_mut(b).moved = true;
    assert_eq!(spent.layout_hash(), layout, "having moved is no new arrangement");
    assert_ne!(spent.state_hash(), state);
    let mut turned = g.clone();
    turned.bde_mut(b).facing = (g.bde(b).facing + 1) % 6;
    assert_ne!(turned.layout_hash(), layout, "a turn is");
    let mut stepped = g.clone();
    stepped.bde_mut(b).loc = fotm::Loc::Map(hex("1317"));
    assert_ne!(stepped.layout_hash(), layout, "a step is");
    let mut column = g.clone();
    column.bde_mut(b).column = !g.bde(b).column;
    assert_ne!(column.layout_hash(), layout, "a change of formation is");
}

/// A click decides only where the brigade goes (issue 15): a hex it can reach facing as it
/// does is reached that way, turning back after the turns the way needs (13.2), and a hex
/// it can reach only turned says so in the turn's words.
#[test]
fn a_destination_keeps_the_facing_when_any_path_does_and_names_the_turn_when_none_does() {
    let mut g = empty_on(3);
    put(&mut g, "Scammon", "1318", 0);
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let b = id(&g, "Scammon");
    let reach = engine::reach::destinations(&g, "Scammon", 5_000);
    for d in &reach {
        let mut h = g.clone();
        for a in &d.path {
            act(&mut h, *a);
        }
        assert_eq!(d.keeps, h.bde(b).facing == 0, "{}: {:?}", d.hex, d.changes);
        assert_eq!(d.keeps, d.changes.is_empty(), "{}", d.hex);
        if !d.keeps {
            assert!(d.changes[0].starts_with("arrives turned (face "), "{:?}", d.changes);
        }
    }
    // 1418 lies behind the front: the way there turns, steps and turns back.
    let behind = reach.iter().find(|d| d.hex == "1418").expect("reached");
    assert!(behind.keeps, "{:?}", behind.path);
    assert!(behind.path.iter().filter(|a| matches!(a, Action::Face(_))).count() >= 2, "{:?}", behind.path);
    // Some hexes cost the turn back more than is left: reached turned, and saying so.
    assert!(reach.iter().any(|d| !d.keeps), "some hex is reached only turned");
}

/// The second playtest (issue 15): a click took Welsh through the woods (4 MP) where the road
/// cost 2. Of the ways to a hex, the one leaving the most MP is taken (`Game::moves_left`):
/// every destination leaves at least as much as the step-by-step road does.
#[test]
fn a_destination_is_reached_by_the_way_that_leaves_the_most_movement() {
    let map = fotm::map::south_mountain();
    // A road run of three hexes from a clear start, all on the map.
    let road = map.road_paths.iter().map(|r| r.hexes.clone()).find(|h| h.len() > 4).expect("a road");
    let (start, far) = (road[0], road[3]);
    let mut g = empty_on(3);
    let toward = start.direction_to(road[1]).map(fotm::facing::index).unwrap();
    put(&mut g, "Scammon", &start.label(), toward);
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let reach = engine::reach::destinations(&g, "Scammon", 20_000);
    // The same hexes by hand along the road, in column (13.3: roads in column).
    let mut by_hand = g.clone();
    act(&mut by_hand, Action::Select(Unit::Brigade(id(&g, "Scammon"))));
    let b = id(&g, "Scammon");
    for &h in &road[1..=3] {
        let want = by_hand.hex_of(b).and_then(|x| x.direction_to(h)).map(fotm::facing::index).unwrap();
        let face = [want, (want + 5) % 6]
            .into_iter()
            .find(|&f| by_hand.legal_actions().contains(&Action::Face(f)) || by_hand.bde(b).facing == f);
        if let Some(f) = face.filter(|&f| by_hand.bde(b).facing != f) {
            act(&mut by_hand, Action::Face(f));
        }
        if !by_hand.legal_actions().contains(&Action::Step(h)) {
            return; // the road leaves the front arc here; the property below still holds
        }
        act(&mut by_hand, Action::Step(h));
    }
    let hand_left = by_hand.moves_left("Scammon").expect("moving");
    let d = reach.iter().find(|d| d.hex == far.label()).expect("reached");
    assert!(d.left.expect("FotM says") >= hand_left, "{:?} leaves {:?}, by hand {hand_left}", d.via, d.left);
    // Every destination's `left` is what its path leaves: the allowance less the MP spent.
    let allowance = {
        let mut s = g.clone();
        act(&mut s, Action::Select(Unit::Brigade(b)));
        s.moves_left("Scammon").expect("moving")
    };
    for d in &reach {
        let mut h = g.clone();
        for a in &d.path {
            act(&mut h, *a);
        }
        assert_eq!(d.left, h.moves_left("Scammon"), "{}", d.hex);
        let spent = u32::from(common::mover(&h).spent);
        assert_eq!(d.left, Some(allowance.saturating_sub(spent)), "{}", d.hex);
    }
    // Not moving, a brigade has no movement to speak of.
    assert_eq!(g.moves_left("Scammon"), None);
}

/// Issue 15 F6: a reinforcement arrives facing as its entry sets it, and the reach names the
/// way (West at the top, 8.5) rather than "facing otherwise"; F7: choosing one unit while
/// another moves says whose move that ends, and choosing the first unit of the phase ends none.
#[test]
fn a_reinforcement_names_its_facing_and_choosing_another_unit_names_the_move_it_ends() {
    let done = |g: &mut fotm::Fotm| {
        let d = g.legal_actions().into_iter().rev().find(|a| g.action_view(a).kind == "done").expect("Done");
        g.apply(&d).expect("legal");
    };
    let mut g = fotm::Fotm::new(&[]).expect("the standard game");
    done(&mut g); // the Confederate set-up as authored (11.1)
    done(&mut g); // the Union's
    let first = engine::reach::destinations(&g, "Whiting", 5_000);
    assert!(!first.is_empty() && first.iter().all(|d| d.ends.is_none()), "no move under way to end");
    let benjamin = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Select(Unit::Brigade(_))) && g.action_view(a).unit.as_deref() == Some("Benjamin"))
        .expect("Benjamin may move");
    g.apply(&benjamin).expect("legal");
    let whiting = engine::reach::destinations(&g, "Whiting", 5_000);
    assert!(!whiting.is_empty());
    for d in &whiting {
        assert!(d.ends.as_deref().is_some_and(|e| e.starts_with("ends the move of ")), "{}: {:?}", d.hex, d.ends);
        assert!(d.changes.contains(d.ends.as_ref().unwrap()), "{:?}", d.changes);
    }
    done(&mut g); // the Union Movement Phase ends: reinforcements (14.1)
    assert_eq!(g.phase, Phase::Reinforcement, "{}", g.prompt().text);
    let unit = g.legal_actions().into_iter().find_map(|a| {
        let v = g.action_view(&a);
        (v.kind == "select").then(|| v.unit.unwrap())
    });
    let reach = engine::reach::destinations(&g, &unit.expect("a reinforcement"), 5_000);
    assert!(!reach.is_empty());
    for d in &reach {
        assert!(d.changes.iter().all(|c| !c.contains("otherwise")), "{}: {:?}", d.hex, d.changes);
    }
    assert!(
        reach.iter().any(|d| d.changes.iter().any(|c| c.starts_with("arrives facing west"))),
        "the entry facing, named"
    );
}

/// The fifth playtest: Welsh, formed in line, was sent to a hex by a path that re-formed him
/// in column for the road, unasked. A way that keeps the brigade's formation is taken wherever
/// one reaches the hex; a hex only a change of formation reaches says so (`alters`, among the
/// changes), so the page asks first.
#[test]
fn a_destination_keeps_the_formation_where_it_can_and_says_when_it_cannot() {
    let map = fotm::map::south_mountain();
    let road = map.road_paths.iter().map(|r| r.hexes.clone()).find(|h| h.len() > 8).expect("a road");
    let start = road[0];
    let mut g = empty_on(3);
    let toward = start.direction_to(road[1]).map(fotm::facing::index).unwrap();
    put(&mut g, "Scammon", &start.label(), toward);
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let b = id(&g, "Scammon");
    assert!(!g.bde(b).column, "in line");
    let reach = engine::reach::destinations(&g, "Scammon", 40_000);
    let near = reach.iter().find(|d| d.hex == road[1].label()).expect("the next road hex");
    assert!(near.alters.is_empty(), "one hex on, in line: {:?}", near.changes);
    assert!(!near.path.contains(&Action::Formation), "{:?}", near.path);
    for d in &reach {
        let mut h = g.clone();
        for a in &d.path {
            act(&mut h, *a);
        }
        assert_eq!(d.alters.is_empty(), !h.bde(b).column, "{}: {:?} {:?}", d.hex, d.alters, d.path);
        if !d.alters.is_empty() {
            assert_eq!(d.alters, vec!["now column".to_string()]);
            assert!(d.changes.contains(&"now column".to_string()));
        }
    }
    assert!(reach.iter().any(|d| !d.alters.is_empty()), "the road beyond a line's reach is reached in column");
}

//! Position tests for the automatic moves and the breakout: FotM 17.4 routed brigades, 17.5
//! guards with their prisoners, 8.5 the Union cavalry breakout and the Confederate pursuit.
//! Rule text is cited by number only.

mod common;

use common::{act, empty_on as empty, legal};
use engine::{Game, Side};
use fotm::testkit::{hex, id, phase, put, top};
use fotm::{Action, Fate, Fotm, Frame, Guard, Loc, MoveFrame, Phase, Unit};
use hexmap::{Direction, Hex};

/// The nearest distance from `h` to one of `side`'s entry hexes.
fn to_entry(side: Side, h: Hex) -> u16 {
    fotm::map::south_mountain().entries_of(side).iter().map(|e| e.hex.distance(h)).min().expect("entries")
}

// ------------------------------------------------------------------------------------------
// 17.4 routed brigades.

#[test]
fn rule_17_4_routed_brigade_exits_by_its_entry_and_counts_as_eliminated() {
    let mut g = empty(3);
    let b = put(&mut g, "Scammon", "1717", 0);
    g.bde_mut(b).routed = true;
    let before = g.scored[Side::Confederate.index()];
    phase(&mut g, 3, Side::Union, Phase::Movement);
    assert_eq!(g.bde(b).loc, Loc::Gone(Fate::RoutedOff));
    assert_eq!(g.scored[Side::Confederate.index()], before + fotm::victory::vp::ELIMINATED_INFANTRY);
    assert!(!legal(&g, Action::Select(Unit::Brigade(b))));
}

#[test]
fn rule_17_4_routed_brigade_makes_for_the_road_and_the_entry() {
    let mut g = empty(3);
    let start = hex("1315");
    let b = put(&mut g, "Scammon", "1315", 0);
    g.bde_mut(b).routed = true;
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let at = g.hex_of(b).expect("still on the map");
    assert_ne!(at, start, "it used its MP");
    // First to the nearest road (by MP), then along it: it stands on the road, or nearer an entry.
    let road = fotm::map::south_mountain().is_road_hex(at);
    assert!(road || to_entry(Side::Union, at) < to_entry(Side::Union, start), "{at}");
    assert!(g.bde(b).moved, "it is not moved again by the player");
}

#[test]
fn rule_17_4_routed_brigades_never_enter_enemy_zoc() {
    let mut g = empty(3);
    let b = put(&mut g, "Scammon", "1816", 0);
    g.bde_mut(b).routed = true;
    // Garland on 1617's far side covering 1717 (the road to the entry) with its front.
    let road = hex("1717");
    let enemy = road.neighbour(Direction::SW);
    put(&mut g, "Garland", &enemy.label(), fotm::facing::front_towards(enemy, road));
    assert!(fotm::zoc::in_enemy_zoc(&g, road, Side::Union));
    phase(&mut g, 3, Side::Union, Phase::Movement);
    if let Some(at) = g.hex_of(b) {
        assert!(!fotm::zoc::in_enemy_zoc(&g, at, Side::Union) || at == hex("1816"));
    } else {
        panic!("Scammon cannot have reached an entry through the ZOC: {:?}", g.bde(b).loc);
    }
}

// ------------------------------------------------------------------------------------------
// 17.5 guards.

fn guard(g: &mut Fotm, at: &str, prisoner: &str) -> usize {
    let p = id(g, prisoner);
    let parent = id(g, "Crook");
    g.guards.push(Guard {
        side: Side::Union,
        parent,
        hex: Some(hex(at)),
        prisoners: vec![p],
        rejoins: None,
        done: false,
    });
    g.bde_mut(p).loc = Loc::Prisoner(0);
    g.guards.len() - 1
}

#[test]
fn rule_17_5_guard_exits_and_scores_per_prisoner() {
    let mut g = empty(4);
    let i = guard(&mut g, "1717", "Garland");
    let before = g.scored[Side::Union.index()];
    phase(&mut g, 4, Side::Union, Phase::Movement);
    let garland = id(&g, "Garland");
    assert_eq!(g.bde(garland).loc, Loc::Gone(Fate::Captured));
    assert_eq!(g.scored[Side::Union.index()], before + fotm::victory::vp::CAPTURED_EXITED);
    assert_eq!(g.guards[i].hex, None);
    assert_eq!(g.guards[i].rejoins, Some(5));
}

#[test]
fn rule_17_5_guard_moves_four_mp_toward_an_entry() {
    let mut g = empty(4);
    let i = guard(&mut g, "1315", "Garland");
    phase(&mut g, 4, Side::Union, Phase::Movement);
    let at = g.guards[i].hex.expect("not yet off");
    let road = fotm::map::south_mountain().is_road_hex(at);
    assert!(road || to_entry(Side::Union, at) < to_entry(Side::Union, hex("1315")), "{at}");
    assert!(hex("1315").distance(at) <= 4);
}

// ------------------------------------------------------------------------------------------
// 8.5 breakout and pursuit.

/// Whiting on the West edge hex 1001 facing West, a gap captured on `captured`.
fn at_the_edge(turn: u8, captured: u8) -> (Fotm, Hex) {
    let mut g = empty(turn);
    let edge = hex("1001");
    assert!(fotm::map::south_mountain().west_edge().contains(&edge));
    put(&mut g, "Whiting", "1001", 0);
    g.gap_captured = Some(captured);
    g.cavalry_released = true;
    phase(&mut g, turn, Side::Union, Phase::Movement);
    let b = id(&g, "Whiting");
    act(&mut g, Action::Select(Unit::Brigade(b)));
    (g, edge.neighbour(Direction::N))
}

#[test]
fn rule_8_5_cavalry_exits_west_from_the_turn_after_a_gap_falls() {
    let (mut g, off) = at_the_edge(5, 4);
    assert!(!fotm::map::south_mountain().contains(off));
    // The third playtest: the exit is a button in the breakout's words, not a step into a hex
    // the map does not draw; a step onto the map (the neighbour) keeps its hex.
    let v = g.action_view(&Action::Step(off));
    assert_eq!(v.hex, None);
    assert_eq!(v.label, "exit the West edge (8.5 cavalry breakout)");
    let on = hex("1001").neighbour(Direction::S);
    assert_eq!(g.action_view(&Action::Step(on)).hex, Some(on.label()));
    // The fifth playtest: the exit's action is sent as JSON and must come back the same (its
    // hex is row 00, just off the map).
    let json = serde_json::to_string(&Action::Step(off)).unwrap();
    assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), Action::Step(off), "{json}");
    let before = g.scored[Side::Union.index()];
    act(&mut g, Action::Step(off));
    let b = id(&g, "Whiting");
    assert_eq!(g.bde(b).loc, Loc::Gone(Fate::BrokeOut));
    assert_eq!(g.broke_out, 1);
    assert_eq!(g.pursuit_owed, g.printed_sp(b));
    assert_eq!(g.scored[Side::Union.index()], before + fotm::victory::vp::CAVALRY_EXITED);
}

#[test]
fn rule_8_5_not_on_the_turn_of_the_capture_nor_a_sixth() {
    let (g, off) = at_the_edge(5, 5);
    assert!(!legal(&g, Action::Step(off)));
    assert_eq!(g.why_illegal(&Action::Step(off)).rule, "FotM 8.5");
    let (mut g, off) = at_the_edge(5, 3);
    g.broke_out = 5;
    assert!(!legal(&g, Action::Step(off)));
}

#[test]
fn rule_8_5_confederates_pursue_the_next_turn_from_within_seven_hexes() {
    let mut g = empty(6);
    let edge = hex("1001");
    g.breakout_exits.push((edge, 5, 3));
    g.pursuit_owed = 3;
    g.broke_out = 1;
    let near = put(&mut g, "Garland", "1002", 3);
    let far = put(&mut g, "Colquitt", "2412", 3);
    phase(&mut g, 6, Side::Confederate, Phase::Movement);
    assert!(matches!(top(&g), Frame::Move(f) if matches!(**f, MoveFrame::Pursuit)));
    assert!(legal(&g, Action::Pick(Unit::Brigade(near))));
    assert!(!legal(&g, Action::Pick(Unit::Brigade(far))), "only those within seven hexes first");
    act(&mut g, Action::Pick(Unit::Brigade(near)));
    assert_eq!(g.pursuit_owed, 0);
    // Garland goes at once, no VP to the Union.
    assert_eq!(g.bde(near).loc, Loc::Gone(Fate::Pursued));
    assert_eq!(g.scored[Side::Union.index()], 0);
}

#[test]
fn rule_8_5_no_pursuit_on_the_turn_of_the_exit() {
    let mut g = empty(6);
    g.breakout_exits.push((hex("1001"), 6, 3));
    g.pursuit_owed = 3;
    put(&mut g, "Garland", "1002", 3);
    phase(&mut g, 6, Side::Confederate, Phase::Movement);
    assert!(matches!(top(&g), Frame::Move(f) if matches!(**f, MoveFrame::Phase { .. })));
}

/// 8.5 "the shortest path (by MPs)" with 13.2/13.3 (the eighth playtest: pursuers crawled a
/// hex a turn down the mountain): Garland in Turner's Gap forms column (1 MP) and marches off
/// by the National Road at 1/2 MP a hex in one Movement Phase; one already on the West edge
/// leaves as it is, in line.
#[test]
fn rule_8_5_pursuers_take_the_road_in_column() {
    for (at, column) in [("2405", true), ("2401", false)] {
        let mut g = empty(6);
        g.breakout_exits.push((hex("1001"), 5, 3));
        g.pursuit_owed = 3;
        g.broke_out = 1;
        let b = put(&mut g, "Garland", at, 3);
        phase(&mut g, 6, Side::Confederate, Phase::Movement);
        act(&mut g, Action::Pick(Unit::Brigade(b)));
        assert_eq!(g.bde(b).loc, Loc::Gone(Fate::Pursued), "{at}: off the map at once");
        assert_eq!(g.bde(b).column, column, "{at}");
        let formed = g.log().events().iter().any(|e| e.rule == "FotM 13.3" && e.text.contains("forms column"));
        assert_eq!(formed, column, "{at}");
    }
}

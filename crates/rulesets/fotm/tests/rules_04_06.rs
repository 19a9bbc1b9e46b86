//! Position tests for FotM 4.0 Stacking (4.1 limits, 4.2 Lead Brigade), 5.0 Facing (5.1 arcs)
//! and 6.0 Zones of Control (6.1), on real hexes of the authored map.

mod common;

use common::empty;
use engine::Side;
use fotm::facing::{self, Arc, arc};
use fotm::testkit::{after_setup, clear_map, hex, put, put_cmdr};
use fotm::{Fotm, stacking, zoc};
use hexmap::{Direction, Hex};

/// Puts each (brigade, hex, facing) in order (each at the bottom of its hex's stack); returns
/// their numbers.
fn put_all<const N: usize>(g: &mut Fotm, units: [(&str, &str, u8); N]) -> [u8; N] {
    units.map(|(name, at, f)| put(g, name, at, f))
}

fn dismount(g: &mut Fotm, b: u8) {
    g.bde_mut(b).mounted = false;
}

// ---------------------------------------------------------------------------------------
// 4.1 Stacking limits

#[test]
fn rule_4_1_three_brigades_but_never_three_infantry() {
    let mut g = empty();
    let [a, b, art] = put_all(&mut g, [("Garland", "2215", 3), ("Colquitt", "2215", 3), ("Lane", "2215", 3)]);
    let [inf3, art2] = put_all(&mut g, [("Ripley", "2216", 3), ("Bondurant", "2216", 3)]);
    assert!(stacking::legal_stack(&g, &[a, b, art]), "two infantry and a battery");
    assert!(!stacking::legal_stack(&g, &[a, b, inf3]), "three infantry");
    assert!(!stacking::legal_stack(&g, &[a, b, art, art2]), "four brigades");
    assert!(stacking::legal_stack(&g, &[a, art, art2]));
    // has_room: a third infantry brigade may not join, a second battery may.
    assert!(!stacking::has_room(&g, hex("2215"), inf3));
    assert!(!stacking::has_room(&g, hex("2215"), art2), "already three brigades");
    assert!(!stacking::over_stacked(&g, hex("2215"), Side::Confederate));
    put(&mut g, "Ripley", "2215", 3);
    assert!(stacking::over_stacked(&g, hex("2215"), Side::Confederate));
}

#[test]
fn rule_4_1_dismounted_cavalry_counts_as_infantry() {
    // Reading (8.3): dismounted cavalry functions as infantry, so two infantry and a dismounted
    // cavalry brigade are three infantry.
    let mut g = empty();
    let [a, b, cav] = put_all(&mut g, [("Scammon", "2215", 0), ("Crook", "2215", 0), ("Whiting", "2216", 0)]);
    assert!(g.bde(cav).mounted);
    assert!(stacking::legal_stack(&g, &[a, b, cav]), "mounted cavalry is not infantry");
    assert!(stacking::has_room(&g, hex("2215"), cav));
    // Asked before dismounting (the move's way on): no room dismounted beside two infantry,
    // room beside one.
    assert!(!stacking::has_room_dismounted(&g, hex("2215"), cav));
    g.bde_mut(b).loc = fotm::Loc::Map(hex("2214"));
    assert!(stacking::has_room_dismounted(&g, hex("2215"), cav));
    g.bde_mut(b).loc = fotm::Loc::Map(hex("2215"));
    dismount(&mut g, cav);
    assert!(!stacking::legal_stack(&g, &[a, b, cav]));
    assert!(!stacking::has_room(&g, hex("2215"), cav));
}

#[test]
fn rule_4_1_two_commanders_a_hex() {
    let mut g = empty();
    put_cmdr(&mut g, "Cox", "2215");
    assert!(stacking::has_commander_room(&g, hex("2215"), Side::Union, None));
    let w = put_cmdr(&mut g, "Willcox", "2215");
    assert!(!stacking::has_commander_room(&g, hex("2215"), Side::Union, None));
    // Willcox himself moving within the hex is not a third.
    assert!(stacking::has_commander_room(&g, hex("2215"), Side::Union, Some(w)));
}

// ---------------------------------------------------------------------------------------
// 4.2 Lead Brigade

#[test]
fn rule_4_2_infantry_leads_top_of_each_hex() {
    // The 4.2 examples: hex one holds two infantry and a battery, hex two two infantry and a
    // cavalry brigade, in that order.
    let mut g = empty();
    let [i1, i2, art] = put_all(&mut g, [("Scammon", "2215", 0), ("Crook", "2215", 0), ("Benjamin", "2215", 0)]);
    let [i3, i4, cav] = put_all(&mut g, [("Christ", "2216", 0), ("Welsh", "2216", 0), ("Whiting", "2216", 0)]);
    // All six: the top infantry brigade of either hex.
    assert_eq!(stacking::lead_candidates(&g, &[art, cav, i4, i3, i2, i1]), vec![i1, i3]);
    // Hex one and the middle infantry of hex two.
    assert_eq!(stacking::lead_candidates(&g, &[i1, i2, art, i4]), vec![i1, i4]);
    // Infantry plus the battery: infantry leads.
    assert_eq!(stacking::lead_candidates(&g, &[i1, art]), vec![i1]);
    assert_eq!(stacking::lead_candidates(&g, &[i2, art]), vec![i2]);
    // Top infantry and the cavalry of hex two: the infantry, unless it has lost two steps.
    assert_eq!(stacking::lead_candidates(&g, &[i3, cav]), vec![i3]);
    g.bde_mut(i3).losses = 1;
    assert_eq!(stacking::lead_candidates(&g, &[i3, cav]), vec![i3]);
    g.bde_mut(i3).losses = 2;
    assert_eq!(stacking::lead_candidates(&g, &[i3, cav]), vec![i3, cav]);
    // Dismounted cavalry may be chosen too (4.2 "mounted or dismounted").
    dismount(&mut g, cav);
    assert_eq!(stacking::lead_candidates(&g, &[i3, cav]), vec![i3, cav]);
    // Every infantry brigade present must be worn.
    assert_eq!(stacking::lead_candidates(&g, &[i3, i4, cav]), vec![i3]);
}

#[test]
fn rule_4_2_sharpshooters_always_lead() {
    let mut g = empty();
    let [i1, phelps] = put_all(&mut g, [("Scammon", "2215", 0), ("Phelps", "2215", 0)]);
    assert!(g.info(phelps).sharpshooters);
    g.bde_mut(phelps).losses = 3;
    assert_eq!(stacking::lead_candidates(&g, &[i1, phelps]), vec![phelps]);
    let mut g = empty();
    let [jenkins, garland] = put_all(&mut g, [("Jenkins", "2215", 3), ("Garland", "2215", 3)]);
    g.to_top(garland);
    assert_eq!(stacking::lead_candidates(&g, &[garland, jenkins]), vec![jenkins]);
}

#[test]
fn rule_4_2_artillery_leads_only_alone() {
    let mut g = empty();
    let [art, cav] = put_all(&mut g, [("Lane", "2215", 3), ("Rosser", "2215", 3)]);
    assert_eq!(stacking::lead_candidates(&g, &[art]), vec![art]);
    assert_eq!(stacking::lead_candidates(&g, &[art, cav]), vec![cav], "cavalry without infantry leads");
    let a2 = put(&mut g, "Bondurant", "2215", 3);
    // Two batteries alone: the top one.
    assert_eq!(stacking::lead_candidates(&g, &[a2, art]), vec![art]);
}

#[test]
fn rule_4_2_stack_order_decides_the_top() {
    let mut g = empty();
    let [a, b] = put_all(&mut g, [("Garland", "2215", 3), ("Colquitt", "2215", 3)]);
    assert_eq!(g.stack_at(hex("2215")), vec![a, b]);
    assert_eq!(stacking::lead_candidates(&g, &[a, b]), vec![a]);
    g.to_top(b);
    assert_eq!(g.stack_at(hex("2215")), vec![b, a]);
    assert_eq!(stacking::lead_candidates(&g, &[a, b]), vec![b]);
}

// ---------------------------------------------------------------------------------------
// 5.1 Facing

#[test]
fn rule_5_1_front_flank_rear_on_the_map() {
    // Garland at Fox's Gap facing 3 (east-southeast on this map): front S and SW (hexmap), that
    // is 1608 east of him; rear N and NE, 1606 west of him.
    let g = empty();
    let gap = hex("1607");
    let f = 3;
    assert_eq!(arc(gap, f, hex("1608")), Some(Arc::Front));
    assert_eq!(arc(gap, f, gap.neighbour(Direction::SW)), Some(Arc::Front));
    assert_eq!(arc(gap, f, gap.neighbour(Direction::SE)), Some(Arc::Flank));
    assert_eq!(arc(gap, f, gap.neighbour(Direction::NW)), Some(Arc::Flank));
    assert_eq!(arc(gap, f, hex("1606")), Some(Arc::Rear));
    assert_eq!(arc(gap, f, gap.neighbour(Direction::NE)), Some(Arc::Rear));
    assert_eq!(arc(gap, f, hex("1609")), None, "not adjacent");
    // The default set-up facings put the Confederates' front east, the Union's west.
    let g2 = after_setup(&[]);
    let garland = fotm::testkit::id(&g2, "Garland");
    assert_eq!(g2.bde(garland).facing, 3);
    assert_eq!(facing::facing_name(3), "east-southeast");
    assert_eq!(facing::facing_name(0), "west-northwest");
    let _ = g;
}

#[test]
fn rule_5_1_every_facing_has_two_hexes_in_each_arc() {
    let h = hex("2215");
    for f in 0..6 {
        let count = |a: Arc| h.neighbours().iter().filter(|&&n| arc(h, f, n) == Some(a)).count();
        assert_eq!((count(Arc::Front), count(Arc::Flank), count(Arc::Rear)), (2, 2, 2), "facing {f}");
    }
}

// ---------------------------------------------------------------------------------------
// 6.1 Zones of control

fn sorted(mut v: Vec<Hex>) -> Vec<Hex> {
    v.sort();
    v
}

#[test]
fn rule_6_1_zoc_is_front_and_flank_on_level_ground() {
    let mut g = empty();
    let h = hex("2215");
    for n in h.neighbours() {
        assert_eq!(g.map().elevation(n), Some(0));
    }
    let b = put(&mut g, "Garland", "2215", 3);
    let expect: Vec<Hex> = h.neighbours().into_iter().filter(|&n| arc(h, 3, n) != Some(Arc::Rear)).collect();
    assert_eq!(expect.len(), 4);
    assert_eq!(sorted(zoc::zoc_of(&g, b)), sorted(expect.clone()));
    for n in h.neighbours() {
        assert_eq!(zoc::in_enemy_zoc(&g, n, Side::Union), expect.contains(&n), "{n}");
        // A side is never in its own ZOC.
        assert!(!zoc::in_enemy_zoc(&g, n, Side::Confederate));
    }
    assert_eq!(zoc::sources(&g, hex("2216"), Side::Union), vec![b]);
}

#[test]
fn rule_6_1_zoc_reaches_down_slope_not_up() {
    // Pleasonton's knoll 1716 (1) above the valley floor (0).
    let mut g = empty();
    assert_eq!(g.map().elevation(hex("1716")), Some(1));
    assert_eq!(g.map().elevation(hex("1717")), Some(0));
    // Down: a brigade on the knoll facing 3 has 1717 (south, hexmap) in front.
    let b = put(&mut g, "Garland", "1716", 3);
    assert!(zoc::zoc_of(&g, b).contains(&hex("1717")));
    // Up: from 1717 facing 0, the knoll is in front but above.
    let mut g = empty();
    let b = put(&mut g, "Garland", "1717", 0);
    assert_eq!(arc(hex("1717"), 0, hex("1716")), Some(Arc::Front));
    assert!(!zoc::zoc_of(&g, b).contains(&hex("1716")));
    assert!(!zoc::in_enemy_zoc(&g, hex("1716"), Side::Union));
}

/// A hex with a neighbour `drop` levels lower, found on the map.
fn ledge(g: &Fotm, drop: u8) -> (Hex, Hex) {
    let map = g.map();
    map.hexes()
        .find_map(|(h, _)| {
            let e = map.elevation(h)?;
            h.neighbours().into_iter().find(|&n| map.elevation(n).is_some_and(|x| x + drop == e)).map(|n| (h, n))
        })
        .expect("a ledge")
}

#[test]
fn rule_6_1_zoc_not_down_a_three_level_drop() {
    let mut g = empty();
    for (drop, reaches) in [(2, true), (3, false)] {
        clear_map(&mut g);
        let (top, below) = ledge(&g, drop);
        let d = top.direction_to(below).expect("adjacent");
        let f = facing::facings_towards(d)[0];
        let b = put(&mut g, "Garland", &top.label(), f);
        assert_eq!(arc(top, f, below), Some(Arc::Front));
        assert_eq!(zoc::zoc_of(&g, b).contains(&below), reaches, "{drop}-level drop {top}-{below}");
    }
}

#[test]
fn rule_6_1_routed_brigades_still_exert_zoc_by_their_facing() {
    // Reading in zoc.rs: 6.1 makes no exception for a routed brigade (17.4 does not either).
    let mut g = empty();
    let b = put(&mut g, "Garland", "2215", 3);
    let before = zoc::zoc_of(&g, b);
    assert!(!before.is_empty());
    g.bde_mut(b).routed = true;
    assert_eq!(zoc::zoc_of(&g, b), before);
    assert!(zoc::in_enemy_zoc(&g, hex("2216"), Side::Union));
    // The negative case: 17.4 turns a routed brigade's rear to the attacker, and the rear has
    // no ZOC.
    let rear = facing::rear_towards(hex("2215"), hex("2216"));
    g.bde_mut(b).facing = rear;
    assert!(!zoc::in_enemy_zoc(&g, hex("2216"), Side::Union));
    // In column a brigade still has its ZOC (Reading in zoc.rs).
    g.bde_mut(b).routed = false;
    g.bde_mut(b).facing = 3;
    g.bde_mut(b).column = true;
    assert!(zoc::in_enemy_zoc(&g, hex("2216"), Side::Union));
}

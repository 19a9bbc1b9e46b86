//! Position tests for FotM 9.5 Line of Sight: woods, brigades at the level of both ends,
//! ground higher than both ends, the crest (fourth case, see the Reading in `los.rs`), lines
//! along a hexside, and adjacent hexes. Hexes are real hexes of the authored map; each test
//! first asserts the ground it relies on.

mod common;

use common::empty;
use fotm::Fotm;
use fotm::los;
use fotm::map::Terrain::{self, Clear, Woods};
use fotm::testkit::{after_setup, hex, put};
use hexmap::{Direction, Hex, LineStep};

/// Asserts a hex's elevation and terrain, so a map edit that moves the ground fails loudly.
fn ground(g: &Fotm, label: &str, level: u8, terrain: Terrain) -> Hex {
    let h = hex(label);
    assert_eq!(g.map().elevation(h), Some(level), "{label} elevation");
    assert_eq!(g.map().terrain(h), Some(terrain), "{label} terrain");
    h
}

/// Asserts the ground of each hex along a line, (label, elevation, terrain) from one end to the
/// other; returns the two ends.
fn line_of(g: &Fotm, hexes: &[(&str, u8, Terrain)]) -> (Hex, Hex) {
    let ends: Vec<Hex> = hexes.iter().map(|&(label, level, terrain)| ground(g, label, level, terrain)).collect();
    (ends[0], ends[ends.len() - 1])
}

/// LOS both ways (9.5 traces a line; it reads the same from either end).
fn sees(g: &Fotm, a: Hex, b: Hex) -> bool {
    let ab = los::clear(g, a, b);
    assert_eq!(ab, los::clear(g, b, a), "LOS {a}-{b} differs by direction");
    ab
}

// ---------------------------------------------------------------------------------------
// Open ground and adjacency

#[test]
fn rule_9_5_open_level_ground_is_clear() {
    let g = empty();
    let (a, b) = line_of(&g, &[("2215", 0, Clear), ("2216", 0, Clear), ("2217", 0, Clear)]);
    assert!(sees(&g, a, b));
}

#[test]
fn rule_9_5_adjacent_hexes_always_see_each_other() {
    let g = empty();
    // Woods, a two-level climb, a three-level ledge: adjacent hexes still see (canister, 9.3).
    for (a, b) in [("2016", "2017"), ("1607", "1507"), ("0907", "0908")] {
        assert!(sees(&g, hex(a), hex(b)), "{a}-{b}");
    }
    assert!(g.map().elevation_change(hex("0907"), hex("0908")).is_some_and(|d| d >= 2));
}

// ---------------------------------------------------------------------------------------
// First case: woods

#[test]
fn rule_9_5_intervening_woods_block() {
    let g = empty();
    let (a, b) = line_of(&g, &[("2015", 0, Clear), ("2016", 0, Woods), ("2017", 0, Clear)]);
    assert!(!sees(&g, a, b));
}

#[test]
fn rule_9_5_fire_may_begin_and_end_in_woods() {
    let g = empty();
    let (w, b) = line_of(&g, &[("2016", 0, Woods), ("2017", 0, Clear), ("2018", 0, Clear)]);
    assert!(sees(&g, w, b), "from woods");
    let (a, w) = line_of(&g, &[("2014", 0, Clear), ("2015", 0, Clear), ("2016", 0, Woods)]);
    assert!(sees(&g, a, w), "into woods");
}

// ---------------------------------------------------------------------------------------
// Second case: brigades at the level of both ends

#[test]
fn rule_9_5_brigades_of_either_side_block_on_level_ground() {
    let (a, m, b) = (hex("2215"), hex("2216"), hex("2217"));
    for name in ["Scammon", "Garland"] {
        let mut g = empty();
        ground(&g, "2216", 0, Clear);
        put(&mut g, name, "2216", 0);
        assert!(!sees(&g, a, b), "{name} on {m}");
    }
}

#[test]
fn rule_9_5_brigades_below_the_firing_hex_do_not_block() {
    // 1716 is Pleasonton's knoll (1); 1717 and 1718 are valley floor (0). A brigade on 1717
    // stands level with the target only, so it does not block (and neither does the slope).
    let mut g = empty();
    let (a, b) = line_of(&g, &[("1716", 1, Clear), ("1717", 0, Clear), ("1718", 0, Clear)]);
    put(&mut g, "Scammon", "1717", 0);
    assert!(sees(&g, a, b));
}

// ---------------------------------------------------------------------------------------
// Third case: ground higher than both ends

#[test]
fn rule_9_5_higher_intervening_ground_blocks() {
    let g = empty();
    let (a, b) = line_of(&g, &[("1715", 0, Clear), ("1716", 1, Clear), ("1717", 0, Clear)]);
    assert!(!sees(&g, a, b));
    // Level ground beside the knoll is clear.
    assert!(sees(&g, hex("1815"), hex("1817")));
}

// ---------------------------------------------------------------------------------------
// Fourth case: the crest (Reading in los.rs)

#[test]
fn rule_9_5_gun_on_the_edge_of_the_height_fires_down() {
    // Fox's Gap (3) down the south-east slope: 1608 and 1609 (2) fall below the gun, so it sees
    // 1610 (1). The same line read uphill: the target on the edge of its height is seen.
    let g = empty();
    let (a, b) = line_of(&g, &[("1607", 3, Clear), ("1608", 2, Clear), ("1609", 2, Clear), ("1610", 1, Clear)]);
    assert!(sees(&g, a, b));
}

#[test]
fn rule_9_5_a_plateau_at_the_guns_level_masks_lower_ground() {
    // 9.5 example (Scammon, Ferrero): a gun on 1608 (2) has 1609 at its own level in front, and
    // the ground beyond is lower: 1610 and 1611 (1) are out of LOS, one and two hexes behind
    // that intervening hex. The same holds firing up from 1610/1611 at 1608.
    let g = empty();
    let (a, far) = line_of(&g, &[("1608", 2, Clear), ("1609", 2, Clear), ("1610", 1, Clear), ("1611", 1, Clear)]);
    let near = hex("1610");
    assert!(!sees(&g, a, near));
    assert!(!sees(&g, a, far));
    // The hex on the plateau's edge itself sees down the slope.
    assert!(sees(&g, hex("1609"), far));
}

#[test]
fn rule_9_5_crest_applies_however_many_levels_apart() {
    // From Fox's Gap (3) to 1611 (1): 1608 and 1609 (2) and 1610 (1) are all below the gun.
    let g = empty();
    assert!(sees(&g, hex("1607"), hex("1611")));
    // From 1607 to 1612 (1) the line also passes 1611 (1): all lower, clear.
    assert_eq!(g.map().elevation(hex("1612")), Some(1));
    assert!(sees(&g, hex("1607"), hex("1612")));
}

// ---------------------------------------------------------------------------------------
// A line along a hexside

/// Lines of length two that run along the hexside between `a + N` and `a + NE`, all four
/// hexes on one level (the ends may be woods: fire may begin and end there), found by
/// searching the map.
fn hexside_lines(g: &Fotm) -> Vec<(Hex, Hex, Hex, Hex)> {
    let map = g.map();
    let mut out = Vec::new();
    for (a, _) in map.hexes() {
        let (l, r) = (a.neighbour(Direction::N), a.neighbour(Direction::NE));
        let b = l.neighbour(Direction::NE);
        if !map.contains(b) || !map.contains(l) || !map.contains(r) {
            continue;
        }
        let level = map.elevation(a);
        if [l, r, b].iter().all(|&h| map.elevation(h) == level) {
            out.push((a, b, l, r));
        }
    }
    out
}

#[test]
fn rule_9_5_line_along_a_hexside_blocked_only_if_both_hexes_block() {
    let g = empty();
    let lines = hexside_lines(&g);
    let woods = |h: Hex| g.map().terrain(h) == Some(Woods);
    // The geometry: hexmap reports the middle step as a tie between the two hexes.
    let (a, b, l, r) = lines[0];
    assert!(matches!(hexmap::line(a, b)[1], LineStep::Tie(x, y) if (x, y) == (l, r) || (x, y) == (r, l)));
    let one = lines.iter().find(|(_, _, l, r)| woods(*l) != woods(*r)).expect("a hexside with woods on one side");
    assert!(sees(&g, one.0, one.1), "woods on one side only: {one:?}");
    let both = lines.iter().find(|(_, _, l, r)| woods(*l) && woods(*r)).expect("a hexside between two woods hexes");
    assert!(!sees(&g, both.0, both.1), "woods on both sides: {both:?}");
    let neither = lines.iter().find(|(_, _, l, r)| !woods(*l) && !woods(*r)).expect("an open hexside");
    // Brigades on one side of an open hexside do not block; on both sides they do.
    let mut g2 = g.clone();
    let (a, b, l, r) = *neither;
    g2.set_loc(fotm::testkit::id(&g2, "Scammon"), fotm::Loc::Map(l));
    assert!(sees(&g2, a, b));
    g2.set_loc(fotm::testkit::id(&g2, "Crook"), fotm::Loc::Map(r));
    assert!(!sees(&g2, a, b));
}

// ---------------------------------------------------------------------------------------
// The real set-up

#[test]
fn rule_9_5_on_the_set_up_map() {
    let g = after_setup(&[]);
    // Bondurant's battery in Wise's field (1707, clear, 3) looks down the open slope east of
    // Fox's Gap: 1708 and 1709 (2) fall away below it, on to the farms at 1710 (1).
    assert_eq!(g.hex_of(fotm::testkit::id(&g, "Bondurant")), Some(hex("1707")));
    let (gun, farm) = line_of(&g, &[("1707", 3, Clear), ("1708", 2, Clear), ("1709", 2, Clear), ("1710", 1, Clear)]);
    assert!(sees(&g, gun, hex("1709")));
    assert!(sees(&g, gun, farm));
    // Garland at Fox's Gap cannot cover the wooded west slope: 1606 is woods.
    let (gap, _) = line_of(&g, &[("1607", 3, Clear), ("1606", 2, Woods)]);
    assert!(!sees(&g, gap, hex("1605")));
}

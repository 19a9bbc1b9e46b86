//! 10.0 Zones of control by formation and purpose (10.0, 10.3-10.5, 11.22, 13.32, 16.31,
//! ruling R36), each case beside the neighbouring one where it must not apply.

use engine::Side;
use gbacw::facing::{dir, toward};
use gbacw::testkit::{empty, hex, place};
use gbacw::zoc::{Paths, Purpose, controllers, in_enemy_zoc, zoc_hexes};
use gbacw::{Formation, Gbacw, UnitId};
use hexmap::Hex;

const FOOT: Purpose = Purpose::Fire { mounted: false };
const HORSE: Purpose = Purpose::Fire { mounted: true };

/// The neighbours of `at` across hexsides `sides`, sorted.
fn sides(at: &str, sides: &[u8]) -> Vec<Hex> {
    let mut v: Vec<Hex> = sides.iter().map(|&s| hex(at).neighbour(dir(s))).collect();
    v.sort();
    v
}

fn zoc(g: &Gbacw, u: UnitId, p: Purpose) -> Vec<Hex> {
    let mut v = zoc_hexes(g, u, p);
    v.sort();
    v
}

#[test]
fn rule_10_0_line_three_front_hexes() {
    let mut g = empty();
    let u = place(&mut g, "27IL", "0522", Formation::Line, 0);
    assert_eq!(zoc(&g, u, FOOT), sides("0522", &[5, 0, 1]), "the hexes beyond the frontal hexsides N, NE, NW");
    assert_eq!(zoc(&g, u, Purpose::Paths), sides("0522", &[5, 0, 1]));
    // Faced about, the zone turns with it; the rear hexes are never in it.
    let u = place(&mut g, "27IL", "0522", Formation::Line, 3);
    assert_eq!(zoc(&g, u, FOOT), sides("0522", &[2, 3, 4]));
    assert!(!zoc(&g, u, FOOT).contains(&hex("0521")));
}

#[test]
fn rule_10_0_dismounted_cavalry_and_unlimbered_batteries_like_line() {
    let mut g = empty();
    let cav = place(&mut g, "Delano", "0522", Formation::Dismounted, 1);
    assert_eq!(zoc(&g, cav, FOOT), sides("0522", &[0, 1, 2]));
    let guns = place(&mut g, "Taylor", "0822", Formation::Unlimbered, 2);
    assert_eq!(zoc(&g, guns, FOOT), sides("0822", &[1, 2, 3]));
}

#[test]
fn ruling_r36_column_and_limbered_have_no_zone_line_beside_them_does() {
    let mut g = empty();
    let col = place(&mut g, "27IL", "0522", Formation::Column, 0);
    let lim = place(&mut g, "Taylor", "0822", Formation::Limbered, 0);
    for p in [FOOT, HORSE, Purpose::Paths] {
        assert!(zoc(&g, col, p).is_empty() && zoc(&g, lim, p).is_empty(), "{p:?}");
    }
    let line = place(&mut g, "30IL", "1022", Formation::Line, 0);
    assert_eq!(zoc(&g, line, FOOT).len(), 3);
}

#[test]
fn rule_10_0_wagons_have_no_zone() {
    let mut g = empty();
    let w = place(&mut g, "UWagon", "0522", Formation::Wagon, 0);
    assert!(zoc(&g, w, Purpose::Paths).is_empty() && zoc(&g, w, FOOT).is_empty());
}

#[test]
fn rule_16_31_mounted_six_for_paths_and_mounted_movers_only() {
    let mut g = empty();
    let cav = place(&mut g, "Delano", "0522", Formation::Mounted, 0);
    assert_eq!(zoc(&g, cav, Purpose::Paths), sides("0522", &[0, 1, 2, 3, 4, 5]), "16.31: all six for paths");
    assert_eq!(zoc(&g, cav, HORSE).len(), 6, "10.0: all six against mounted cavalry leaving or entering");
    assert!(zoc(&g, cav, FOOT).is_empty(), "10.0 exception: no withdrawal or retreat fire at men on foot");
}

#[test]
fn rule_11_22_depleted_paths_only() {
    let mut g = empty();
    let u = place(&mut g, "27IL", "0522", Formation::Line, 0);
    g.unit_mut(u).depleted = true;
    assert_eq!(zoc(&g, u, Purpose::Paths).len(), 3, "still blocks supply and leadership paths");
    assert!(zoc(&g, u, FOOT).is_empty() && zoc(&g, u, HORSE).is_empty(), "no fire, so no withdrawal fire");
    g.unit_mut(u).depleted = false;
    assert_eq!(zoc(&g, u, FOOT).len(), 3, "with ammunition it fires");
}

#[test]
fn rule_13_32_routed_no_zone() {
    let mut g = empty();
    let u = place(&mut g, "27IL", "0522", Formation::Line, 0);
    g.unit_mut(u).routed = true;
    assert!(zoc(&g, u, Purpose::Paths).is_empty() && zoc(&g, u, FOOT).is_empty());
    g.unit_mut(u).routed = false;
    assert_eq!(zoc(&g, u, Purpose::Paths).len(), 3);
}

#[test]
fn rule_10_5_no_zone_across_the_wet_bayou_but_across_a_dry_stretch() {
    let mut g = empty();
    // 0617's southern hexsides are all wet bayou (the map's [hexsides]).
    let wet = place(&mut g, "27IL", "0617", Formation::Line, 3);
    assert!(zoc(&g, wet, FOOT).is_empty() && zoc(&g, wet, Purpose::Paths).is_empty());
    // 0417's are dry stretches (stream): the zone crosses them.
    let dry = place(&mut g, "30IL", "0417", Formation::Line, 3);
    assert_eq!(zoc(&g, dry, FOOT), sides("0417", &[2, 3, 4]));
}

#[test]
fn rule_10_5_friendly_unit_negates_for_paths_only() {
    let mut g = empty();
    let target = hex("0521");
    let at = target.neighbour(dir(1));
    let facing = toward(at, target).unwrap();
    place(&mut g, "12TN", &at.label(), Formation::Line, facing);
    assert!(
        Paths::new(&g, Side::Union).blocks(&g, target),
        "an empty hex in the enemy's zone blocks a path (10.3, 10.4)"
    );
    assert!(Paths::new(&g, Side::Union).blocks(&g, at), "so does the enemy's own hex (13.53)");
    place(&mut g, "27IL", "0521", Formation::Line, 0);
    assert!(!Paths::new(&g, Side::Union).blocks(&g, target), "a friendly unit there negates it for paths");
    assert!(in_enemy_zoc(&g, Side::Union, target, FOOT), "but not for withdrawal or retreat fire (10.5)");
    assert!(
        Paths::new(&g, Side::Confederate).blocks(&g, target),
        "the unit's own hex blocks the enemy's paths (13.53)"
    );
}

#[test]
fn rule_10_19_every_enemy_unit_whose_zone_covers_the_hex() {
    let mut g = empty();
    let target = hex("0521");
    let (a, b) = (target.neighbour(dir(1)), target.neighbour(dir(5)));
    let u = place(&mut g, "12TN", &a.label(), Formation::Line, toward(a, target).unwrap());
    let v = place(&mut g, "13TN", &b.label(), Formation::Line, toward(b, target).unwrap());
    let mut c = controllers(&g, Side::Union, target, FOOT);
    c.sort_unstable();
    assert_eq!(c, vec![u, v]);
    // Faced away, the second no longer controls it.
    place(&mut g, "13TN", &b.label(), Formation::Line, toward(target, b).unwrap());
    assert_eq!(controllers(&g, Side::Union, target, FOOT), vec![u]);
    assert!(controllers(&g, Side::Confederate, target, FOOT).is_empty(), "a side's own units are no enemy");
}

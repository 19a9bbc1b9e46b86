//! Position tests for Belmont 5.0-5.3 (line of sight, volley, opportunity and defensive
//! fire) and 6.0-6.10 (melee). Each test names the rule it checks; rule text is cited by
//! number only.

mod common;

use belmont::map::Terrain;
use belmont::{Action, Belmont, Frame, MStage, Stage, VolleyDie};
use common::*;
use engine::{Actor, Game, Side};
use hexmap::Hex;

// ------------------------------------------------------------------------------------
// Helpers local to these sections.

/// Terrain through which LOS is never blocked by the hex itself.
fn open(h: Hex) -> bool {
    [Terrain::Clear, Terrain::Pond, Terrain::Marsh, Terrain::FelledTrees, Terrain::Building]
        .iter()
        .any(|&t| plain(h, t))
}

/// Whether a volley from `from` at `to` is among the legal actions.
fn can_volley(g: &Belmont, from: Hex, to: Hex) -> bool {
    g.legal_actions().iter().any(|a| matches!(a, Action::Volley { from: f, target: t, .. } if *f == from && *t == to))
}

/// Asserts a battery may not fire along a line `dist` hexes long between open hexes
/// whose inner hexes are all plain `terrain` (named `what`).
fn assert_los_blocked(dist: u16, terrain: Terrain, what: &str) {
    let (a, b) = find_line(dist, open, |h| plain(h, terrain));
    let g = battery_at(a, b);
    assert!(!can_volley(&g, a, b), "{what} between {a} and {b}");
}

/// A Union battery at `from` and a Confederate company at `to`, the Union HQ volleying.
fn battery_at(from: Hex, to: Hex) -> Belmont {
    let mut g = placed(&[("Taylor-1", from), ("13AR-A", to)]);
    g.activate(Side::Union, "HQ", Stage::Volley);
    g
}

/// The dice of the pending volley.
fn volley_dice(g: &Belmont) -> Vec<VolleyDie> {
    match g.top() {
        Some(Frame::Volley { dice, .. }) => dice.clone(),
        other => panic!("no volley pending: {other:?}"),
    }
}

/// The chance outcomes, as (hits, probability).
fn hit_distribution(g: &Belmont) -> Vec<(u8, f64)> {
    g.chance_outcomes()
        .into_iter()
        .map(|(a, p)| match a {
            Action::Hits(k) => (k, p),
            other => panic!("expected Hits, got {other:?}"),
        })
        .collect()
}

fn binom(n: u64, k: u64) -> f64 {
    let mut c = 1.0;
    for i in 0..k {
        c = c * (n - i) as f64 / (i + 1) as f64;
    }
    c * (1.0f64 / 6.0).powi(k as i32) * (5.0f64 / 6.0).powi((n - k) as i32)
}

// ------------------------------------------------------------------------------------
// 5.0 Ranged Combat: line of sight (1.2 LOS, Terrain Effects Chart)

#[test]
fn rule_5_0_los_along_open_ground() {
    let (a, b) = (clear("0331"), clear("0333"));
    let g = battery_at(a, b);
    assert!(can_volley(&g, a, b));
}

#[test]
fn rule_5_0_woods_block_los() {
    assert_los_blocked(2, Terrain::Woods, "woods");
}

#[test]
fn rule_5_0_camp_blocks_los() {
    assert_los_blocked(3, Terrain::Camp, "camp");
}

#[test]
fn rule_5_0_crops_block_los() {
    assert_los_blocked(2, Terrain::Crops, "crops");
}

#[test]
fn rule_5_0_slope_blocks_los() {
    // 1727 to 1928 across the slope hex 1827 on the face of Pillow's ridge.
    let (a, m, b) = (hex("1727"), hex("1827"), hex("1928"));
    assert!(info(m).slope && !info(a).slope && !info(b).slope && info(m).terrain == Terrain::Clear);
    assert_eq!(hexmap::line(a, b)[1], hexmap::LineStep::One(m));
    let g = battery_at(a, b);
    assert!(!can_volley(&g, a, b));
}

#[test]
fn rule_5_0_brush_blocks_only_through_three_brush_hexes() {
    let brushy = |h: Hex| plain(h, Terrain::Brush);
    // 0121 -> 0223: two brush hexes between; 0121 -> 0523: three.
    let (a, near, far) = (hex("0121"), hex("0223"), hex("0523"));
    let inner = |b: Hex| hexmap::line(a, b)[1..a.distance(b) as usize].to_vec();
    assert!(inner(near).iter().all(|s| matches!(s, hexmap::LineStep::One(x) if brushy(*x))));
    assert_eq!(inner(near).len(), 2);
    assert!(inner(far).iter().all(|s| matches!(s, hexmap::LineStep::One(x) if brushy(*x))));
    assert_eq!(inner(far).len(), 3);
    let g = battery_at(a, near);
    assert!(can_volley(&g, a, near));
    let g = battery_at(a, far);
    assert!(!can_volley(&g, a, far));
}

#[test]
fn rule_5_0_los_along_a_hexside_is_not_blocked() {
    // 1733 -> 1831 runs along the hexside between two woods hexes, 1732 and 1832.
    let (a, b) = (hex("1733"), hex("1831"));
    let steps = hexmap::line(a, b);
    let hexmap::LineStep::Tie(x, y) = steps[1] else { panic!("{steps:?}") };
    assert_eq!(info(x).terrain, Terrain::Woods);
    assert_eq!(info(y).terrain, Terrain::Woods);
    let g = battery_at(a, b);
    assert!(can_volley(&g, a, b));
}

#[test]
fn rule_5_0_adjacent_hexes_always_see_each_other() {
    let (a, b) = find_hex("woods next to woods", |h| plain(h, Terrain::Woods) && plain(south(h), Terrain::Woods))
        .pipe(|h| (h, south(h)));
    let g = battery_at(a, b);
    assert!(can_volley(&g, a, b));
}

#[test]
fn rule_5_0_ground_units_block_los_of_either_side() {
    let (a, m, b) = (clear("0331"), clear("0332"), clear("0333"));
    for id in ["30IL-A", "12TN-A"] {
        let mut g = battery_at(a, b);
        g.put(id, &m.label());
        assert!(!can_volley(&g, a, b), "{id} in between");
    }
}

#[test]
fn rule_5_0_vessels_do_not_block_los() {
    // Tyler on the river between an Iron Banks battery and a Union gunboat target.
    let bank = hex("3421");
    assert_eq!(info(bank).terrain, Terrain::Entrenchment);
    let target = hex("3021");
    let mid = hex("3221");
    let mut g = placed(&[("Stewart", bank), ("Tyler", target), ("Lexington", mid)]);
    g.activate(Side::Confederate, "HQ", Stage::Volley);
    assert!(can_volley(&g, bank, target));
}

trait Pipe: Sized {
    fn pipe<T>(self, f: impl FnOnce(Self) -> T) -> T {
        f(self)
    }
}
impl<T> Pipe for T {}

// ------------------------------------------------------------------------------------
// 5.1 Volley Fire: who, at what, how far

#[test]
fn rule_5_1_infantry_range_is_two_hexes() {
    let mut g = fresh();
    let from = clear("0331");
    put_at(&mut g, &[("30IL-A", from), ("13AR-A", hex("0333")), ("13AR-B", hex("0334"))]);
    g.activate(Side::Union, "30IL", Stage::Volley);
    assert!(can_volley(&g, from, hex("0333")));
    assert_eq!(from.distance(hex("0334")), 3);
    assert!(!can_volley(&g, from, hex("0334")));
}

#[test]
fn rule_5_1_field_artillery_range_is_eight_hexes() {
    // A clear line of sight eight and nine hexes long along the plank road's clearing is
    // not available; use open ground found on the map.
    // Along the Missouri shore, where nothing blocks: 2225 -> 2233 is eight hexes and
    // 2124 -> 2232 nine.
    let (a, b8) = (hex("2225"), hex("2233"));
    assert_eq!(a.distance(b8), 8);
    let g = battery_at(a, b8);
    assert!(can_volley(&g, a, b8), "{a} -> {b8}");
    let (a, b9) = (hex("2124"), hex("2232"));
    assert_eq!(a.distance(b9), 9);
    let mut g = battery_at(a, b9);
    g.put("13AR-B", "2231"); // something in range, so the volley step stays open
    assert!(!can_volley(&g, a, b9), "{a} -> {b9}");
    assert!(can_volley(&g, a, hex("2231")));
}

#[test]
fn rule_5_1_broken_infantry_leaders_and_cavalry_do_not_volley() {
    let mut g = fresh();
    let (a, b) = (clear("0331"), clear("0332"));
    g.put("30IL-A", &a.label());
    g.set_flipped("30IL-A", true);
    put_at(&mut g, &[("Fouke", a), ("13AR-A", b)]);
    g.activate(Side::Union, "30IL", Stage::Volley);
    assert!(!can_volley(&g, a, b));
    let mut g = placed(&[("CAV-Dollins", a), ("13AR-A", b)]);
    g.activate(Side::Union, "CAV", Stage::Volley);
    assert!(!can_volley(&g, a, b));
}

#[test]
fn rule_5_1_each_hex_volleys_once_per_activation() {
    let mut g = fresh();
    let a = clear("0331");
    put_at(&mut g, &[("30IL-A", a), ("30IL-B", a), ("13AR-A", hex("0333")), ("13AR-B", hex("0432"))]);
    g.put("30IL-K", "0631"); // another hex that may still fire keeps the step open
    g.activate(Side::Union, "30IL", Stage::Volley);
    // Only 30IL-A fires (bit 0).
    act(&mut g, Action::Volley { from: a, target: hex("0333"), firers: 1 });
    rolls(&mut g, &[1, 1]);
    assert_eq!(rule(&g), "Belmont 5.1");
    assert!(can_volley(&g, hex("0631"), hex("0432")));
    assert!(!can_volley(&g, a, hex("0432")), "30IL-B may not fire separately from the same hex");
    let e = assert_refused(&mut g, &Action::Volley { from: a, target: hex("0432"), firers: 2 });
    assert_eq!(e.rule, "Belmont 5.1");
    assert!(e.reason.contains("already fired"), "{e:?}");
}

#[test]
fn rule_5_1_volley_dice_equal_the_firers_sp() {
    let mut g = fresh();
    let a = clear("0331");
    g.put("27IL-A", &a.label()); // 3 SP
    g.put("30IL-A", &a.label()); // 2 SP, not activated
    g.put("13AR-A", "0333");
    g.activate(Side::Union, "27IL", Stage::Volley);
    fire_all(&mut g, a, hex("0333"));
    assert_eq!(volley_dice(&g), vec![VolleyDie::Infantry; 3], "only activated units fire");
    assert_logged(&g, "Belmont 5.1", "3 dice");
}

#[test]
fn rule_5_1_infantry_and_field_artillery_may_not_target_gunboats_or_the_river() {
    let shore = hex("2227");
    let river = shore.neighbours().into_iter().find(|&n| map().is_river(n)).unwrap();
    let mut g = placed(&[("13AR-A", shore), ("Tyler", river)]);
    g.activate(Side::Confederate, "13AR", Stage::Volley);
    assert!(!can_volley(&g, shore, river));
    let mut g = placed(&[("Watson-A", shore), ("Tyler", river)]);
    g.activate(Side::Confederate, "HQ", Stage::Volley);
    assert!(!can_volley(&g, shore, river));
    // The gunboat may fire at the infantry.
    let mut g = placed(&[("13AR-A", shore), ("Tyler", river)]);
    g.activate(Side::Union, "HQ", Stage::Volley);
    assert!(can_volley(&g, river, shore));
}

#[test]
fn rule_5_1_iron_banks_only_at_gunboats_until_the_camp_falls() {
    let bank = hex("3421");
    let boat = hex("3021");
    let missouri = hex("2221");
    assert!(bank.distance(missouri) <= 14);
    let mut g = placed(&[("Hamilton", bank), ("Tyler", boat), ("31IL-A", missouri)]);
    g.activate(Side::Confederate, "HQ", Stage::Volley);
    assert!(can_volley(&g, bank, boat));
    assert!(!can_volley(&g, bank, missouri), "5.1 Important: gunboats only");
    // 13.2.2 (Reading in camp.rs): lifted by the end-of-turn functions of the capture turn.
    g.camp_captured = Some(1);
    g.changed();
    assert!(!can_volley(&g, bank, missouri));
    g.turn = 2;
    g.changed();
    assert!(can_volley(&g, bank, missouri), "13.2.2: Missouri hexes once the camp has fallen");
}

#[test]
fn rule_5_1_only_gunboats_fire_on_the_entrenchments() {
    let bank = hex("3421");
    let boat = hex("3021");
    let mut g = placed(&[("Hamilton", bank), ("Tyler", boat)]);
    g.activate(Side::Union, "HQ", Stage::Volley);
    assert!(can_volley(&g, boat, bank));
    let mut g = fresh();
    g.put("Hamilton", &bank.label());
    let shore = hex("3321");
    g.put("Taylor-1", &shore.label());
    g.activate(Side::Union, "HQ", Stage::Volley);
    assert!(!can_volley(&g, shore, bank));
}

// ------------------------------------------------------------------------------------
// 5.1 Volley Fire: terrain modifiers (Terrain Effects Chart, Direct Fire Effects)

fn dice_count(from: Hex, firer: &str, code: &str, target: Hex) -> usize {
    let mut g = placed(&[(firer, from), ("13AR-A", target)]);
    g.activate(Side::Union, code, Stage::Volley);
    fire_all(&mut g, from, target);
    volley_dice(&g).len()
}

#[test]
fn rule_5_1_targeting_felled_trees_loses_a_die() {
    let (from, ft) = find_hex("clear next to felled trees", |h| {
        plain(h, Terrain::Clear) && h.neighbours().iter().any(|&n| plain(n, Terrain::FelledTrees))
    })
    .pipe(|h| (h, h.neighbours().into_iter().find(|&n| plain(n, Terrain::FelledTrees)).unwrap()));
    assert_eq!(dice_count(from, "27IL-A", "27IL", ft), 2, "3 SP less 1");
}

#[test]
fn rule_5_1_targeting_woods_from_clear_loses_a_die_but_not_from_woods() {
    let (c, w) = find_hex("clear next to woods", |h| {
        plain(h, Terrain::Clear) && h.neighbours().iter().any(|&n| plain(n, Terrain::Woods))
    })
    .pipe(|h| (h, h.neighbours().into_iter().find(|&n| plain(n, Terrain::Woods)).unwrap()));
    assert_eq!(dice_count(c, "27IL-A", "27IL", w), 2);
    let (w1, w2) = find_hex("woods next to woods", |h| plain(h, Terrain::Woods) && plain(south(h), Terrain::Woods))
        .pipe(|h| (h, south(h)));
    assert_eq!(dice_count(w1, "27IL-A", "27IL", w2), 3);
}

/// 5.1 with 7.2 (the fourth playtest): a 1-SP company firing into the woods would roll no
/// die; that is no volley, so it is not offered (and no leader's casualty check follows a
/// volley that never was), and choosing it names the terrain. The neighbour, a 3-SP
/// company, fires two dice there.
#[test]
fn rule_5_1_a_volley_that_terrain_takes_every_die_from_is_none() {
    let (c, w) = find_hex("clear next to woods", |h| {
        plain(h, Terrain::Clear) && h.neighbours().iter().any(|&n| plain(n, Terrain::Woods))
    })
    .pipe(|h| (h, h.neighbours().into_iter().find(|&n| plain(n, Terrain::Woods)).unwrap()));
    let mut g = placed(&[("30IL-H", c), ("13AR-A", w)]);
    g.activate(Side::Union, "30IL", Stage::Volley);
    let volley = Action::Volley { from: c, target: w, firers: 1 };
    assert!(!g.legal_actions().contains(&volley), "no die to roll");
    let e = assert_refused(&mut g, &volley);
    assert!(e.reason.contains("terrain"), "{e:?}");
    let mut g = placed(&[("27IL-A", c), ("13AR-A", w)]);
    g.activate(Side::Union, "27IL", Stage::Volley);
    assert!(g.legal_actions().contains(&volley), "3 SP less 1: two dice");
}

#[test]
fn rule_5_1_firing_from_a_pond_loses_a_die() {
    let (p, t) = find_hex("pond next to clear or woods", |h| {
        plain(h, Terrain::Pond) && h.neighbours().iter().any(|&n| plain(n, Terrain::Pond) || plain(n, Terrain::Clear))
    })
    .pipe(|h| (h, h.neighbours().into_iter().find(|&n| plain(n, Terrain::Pond) || plain(n, Terrain::Clear)).unwrap()));
    assert_eq!(dice_count(p, "27IL-A", "27IL", t), 2);
}

#[test]
fn rule_5_1_firing_up_a_slope_loses_a_die() {
    // 1429 (woods, bottomland) -> 1530 (clear, slope on Pillow's ridge).
    let (low, top) = (hex("1429"), hex("1530"));
    assert!(info(top).slope && info(top).height > info(low).height && info(top).terrain == Terrain::Clear);
    assert_eq!(dice_count(low, "27IL-A", "27IL", top), 2);
    // Firing down is not affected.
    let mut g = placed(&[("13AR-A", top), ("27IL-A", low)]);
    g.activate(Side::Confederate, "13AR", Stage::Volley);
    fire_all(&mut g, top, low);
    // 13AR-A: 2 SP; woods target from clear: -1.
    assert_eq!(volley_dice(&g).len(), 1);
}

#[test]
fn rule_5_1_rising_ground_without_a_slope_hex_costs_nothing() {
    // 2026 (felled trees, bottomland: no penalty for firing from it) -> 1927 (clear, on
    // the ridge's gentle east side, not a slope hex): the map's convention is that only
    // a slope face counts.
    let (low, top) = (hex("2026"), hex("1927"));
    assert!(info(top).height > info(low).height && !info(top).slope);
    assert_eq!((info(low).terrain, info(top).terrain), (Terrain::FelledTrees, Terrain::Clear));
    assert_eq!(dice_count(low, "27IL-A", "27IL", top), 3);
}

// ------------------------------------------------------------------------------------
// 5.1 Volley Fire: results (rules card 6.1)

#[test]
fn rule_5_1_infantry_at_one_hex_hits_on_6() {
    let mut g = one_die_volley(1);
    roll(&mut g, 6);
    assert!(flipped(&g, "13AR-A"), "a hit breaks the company (7.1)");
    assert_logged(&g, "Belmont 5.1", "Rolled 6: Hit");
}

#[test]
fn rule_5_1_infantry_at_one_hex_forces_a_retreat_on_5() {
    let mut g = one_die_volley(1);
    roll(&mut g, 5);
    assert!(!flipped(&g, "13AR-A"));
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.unit == g.id("13AR-A")), "{:?}", g.top());
    assert_eq!(g.actor(), Actor::Side(Side::Confederate), "the owner retreats it");
}

#[test]
fn rule_5_1_infantry_at_one_hex_misses_on_1_to_4() {
    for d in 1..=4 {
        let mut g = one_die_volley(1);
        let before = g.units.clone();
        roll(&mut g, d);
        assert_eq!(g.units, before, "roll {d}");
    }
}

#[test]
fn rule_5_1_infantry_at_two_hexes_retreat_on_6_only() {
    let mut g = one_die_volley(2);
    roll(&mut g, 6);
    assert!(!flipped(&g, "13AR-A"));
    assert!(matches!(g.top(), Some(Frame::Retreat(_))));
    let mut g = one_die_volley(2);
    let before = g.units.clone();
    roll(&mut g, 5);
    assert_eq!(g.units, before);
}

/// 5.1 with 8.0 (the fifth playtest): infantry at two hexes only force retreats and a
/// battery does not retreat, so a volley at a battery alone could change nothing: it is not
/// offered and naming it says why. The neighbours: a leader beside the battery (his casualty
/// check follows any volley, 5.1), the same company at one hex (it hits on a 6), and a
/// company beside the battery (it can be made to retreat) are all offered.
#[test]
fn rule_5_1_a_volley_that_could_change_nothing_is_not_offered() {
    let (a, far, near) = {
        let a = clear("0331");
        (a, south_n(a, 2), south_n(a, 1))
    };
    let volley = Action::Volley { from: a, target: far, firers: 1 };
    let mut g = placed(&[("27IL-A", a), ("Watson-A", far)]);
    g.activate(Side::Union, "27IL", Stage::Volley);
    assert!(!can_volley(&g, a, far), "infantry at 2 hexes cannot touch a lone battery");
    let e = assert_refused(&mut g, &volley);
    assert!(e.reason.contains("change nothing") && e.rule == "Belmont 5.1", "{e:?}");
    for (others, target) in [
        (vec![("Watson-A", far), ("Beltzhoover", far)], far),
        (vec![("Watson-A", near)], near),
        (vec![("Watson-A", far), ("13AR-A", far)], far),
    ] {
        let mut units = vec![("27IL-A", a)];
        units.extend(others.iter().copied());
        let mut g = placed(&units);
        g.activate(Side::Union, "27IL", Stage::Volley);
        assert!(can_volley(&g, a, target), "{others:?}");
    }
}

/// Taylor-1 (3 dice) at `range` hexes from 13AR-A along open ground.
fn artillery_volley(range: u16) -> Belmont {
    let (a, b) = if range <= 3 {
        (clear("0331"), south_n(clear("0331"), usize::from(range)))
    } else {
        (hex("2225"), south_n(hex("2225"), usize::from(range)))
    };
    let mut g = battery_at(a, b);
    fire_all(&mut g, a, b);
    assert_eq!(volley_dice(&g), vec![VolleyDie::FieldArtillery; 3]);
    g
}

#[test]
fn rule_5_1_field_artillery_results_by_range() {
    // Range 1: 1-2 miss, 3-4 retreat, 5-6 hit.
    let mut g = artillery_volley(1);
    rolls(&mut g, &[2]);
    assert!(!flipped(&g, "13AR-A") && matches!(g.top(), Some(Frame::Volley { .. })));
    roll(&mut g, 5);
    assert!(flipped(&g, "13AR-A"));
    let mut g = artillery_volley(1);
    roll(&mut g, 3);
    assert!(matches!(g.top(), Some(Frame::Retreat(_))));
    // Range 2: 1-3 miss, 4-5 retreat, 6 hit.
    let mut g = artillery_volley(2);
    roll(&mut g, 3);
    assert!(matches!(g.top(), Some(Frame::Volley { .. })) && !flipped(&g, "13AR-A"));
    roll(&mut g, 6);
    assert!(flipped(&g, "13AR-A"));
    let mut g = artillery_volley(2);
    roll(&mut g, 4);
    assert!(matches!(g.top(), Some(Frame::Retreat(_))));
    // Range > 2: 1-5 miss, 6 hit.
    let mut g = artillery_volley(5);
    rolls(&mut g, &[5, 4]);
    assert!(!flipped(&g, "13AR-A") && matches!(g.top(), Some(Frame::Volley { .. })));
    roll(&mut g, 6);
    assert!(flipped(&g, "13AR-A"));
}

/// Tyler at `from` volleys at 12TN-A at `target` with every eligible firer.
fn tyler_volley(from: Hex, target: Hex) -> Belmont {
    let mut g = placed(&[("Tyler", from), ("12TN-A", target)]);
    g.activate(Side::Union, "HQ", Stage::Volley);
    fire_all(&mut g, from, target);
    g
}

#[test]
fn rule_5_1_gunboat_results_by_range() {
    // Tyler (4 dice) from the river at a company on the shore.
    let shore = hex("2227");
    let near = shore.neighbours().into_iter().find(|&n| map().is_river(n)).unwrap();
    let mut g = tyler_volley(near, shore);
    assert_eq!(volley_dice(&g), vec![VolleyDie::Gunboat; 4]);
    rolls(&mut g, &[4]);
    assert!(!flipped(&g, "12TN-A"));
    roll(&mut g, 5);
    assert!(flipped(&g, "12TN-A"), "range 1-5: 5-6 hit");
    // Beyond five hexes only a 6 hits.
    let far = hexmap::Hex::from_label("2827").unwrap();
    assert!(map().is_river(far) && far.distance(shore) == 6);
    let mut g = tyler_volley(far, shore);
    rolls(&mut g, &[5, 5, 5]);
    assert!(!flipped(&g, "12TN-A"));
    roll(&mut g, 6);
    assert!(flipped(&g, "12TN-A"));
}

#[test]
fn rule_5_1_results_apply_as_rolled_and_stop_when_the_hex_empties() {
    let mut g = fresh();
    let a = clear("0331");
    put_at(&mut g, &[("27IL-A", a), ("13AR-A", hex("0332"))]);
    g.set_flipped("13AR-A", true);
    g.activate(Side::Union, "27IL", Stage::Volley);
    fire_all(&mut g, a, hex("0332"));
    roll(&mut g, 6);
    assert!(gone(&g, "13AR-A"), "a hit on a broken company eliminates it");
    assert!(!matches!(g.top(), Some(Frame::Volley { .. })), "no more dice at an empty hex");
    assert_eq!(g.vp(), [2.0, 0.0]);
}

#[test]
fn rule_5_1_leaders_in_the_target_hex_check_once_per_activation() {
    let mut g = fresh();
    let (a, b, t) = (clear("0331"), clear("0432"), clear("0333"));
    put_at(&mut g, &[("27IL-A", a), ("27IL-B", b), ("13AR-A", t), ("Tappan", t)]);
    g.activate(Side::Union, "27IL", Stage::Volley);
    fire_all(&mut g, a, t);
    rolls(&mut g, &[1, 1, 1]);
    // Regardless of the result, one casualty check.
    assert!(matches!(g.top(), Some(Frame::Casualty { leader }) if *leader == g.id("Tappan")), "{:?}", g.top());
    assert_d6(&g);
    roll(&mut g, 1);
    assert_eq!(rule(&g), "Belmont 5.1");
    fire_all(&mut g, b, t);
    rolls(&mut g, &[1, 1, 1]);
    assert!(!matches!(g.top(), Some(Frame::Casualty { .. })), "no second check for the same hex");
    let checks = g.log().events().iter().filter(|e| e.rule == "Belmont 7.2").count();
    assert_eq!(checks, 1);
}

// ------------------------------------------------------------------------------------
// 5.2 Opportunity Fire

/// 31IL-A about to move south from 0331 toward 0333 (13AR companies placed by caller).
fn opp_position() -> Belmont {
    let mut g = fresh();
    g.put("31IL-A", "0331");
    g.put("31IL-K", "0631"); // keeps the maneuver step open
    g.activate(Side::Union, "31IL", Stage::Maneuver);
    g
}

/// [`opp_position`] with 13AR-A at 0333: 31IL-A has moved into its ZOC at 0332.
fn opp_offered() -> Belmont {
    let mut g = opp_position();
    g.put("13AR-A", "0333");
    go(&mut g, "31IL-A", hex("0332"));
    g
}

#[test]
fn rule_5_2_entering_an_enemy_zoc_draws_one_die_per_eligible_counter() {
    let mut g = opp_position();
    put_at(&mut g, &[("13AR-A", hex("0333")), ("13AR-B", hex("0333"))]);
    g.put("Watson-A", "0432"); // artillery exerts a ZOC too
    go(&mut g, "31IL-A", hex("0332"));
    assert_eq!(rule(&g), "Belmont 5.2");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.legal_actions(), vec![Action::Fire(true), Action::Fire(false)]);
    // The prompt names the firers (the second playtest: it gave only the dice).
    let text = g.prompt().text;
    for id in ["13AR-A", "13AR-B", "Watson-A"] {
        assert!(text.contains(id), "{text}");
    }
    assert!(text.contains("3 dice"), "{text}");
    act(&mut g, Action::Fire(true));
    let dist = hit_distribution(&g);
    assert_eq!(dist.len(), 4);
    for (k, p) in dist {
        assert!((p - binom(3, u64::from(k))).abs() < EPS, "{k}: {p}");
    }
    act(&mut g, Action::Hits(1));
    assert!(flipped(&g, "31IL-A"));
}

#[test]
fn rule_5_2_two_hits_eliminate_the_mover() {
    let mut g = opp_position();
    put_at(&mut g, &[("13AR-A", hex("0333")), ("13AR-B", hex("0333"))]);
    go(&mut g, "31IL-A", hex("0332"));
    act(&mut g, Action::Fire(true));
    act(&mut g, Action::Hits(2));
    assert!(gone(&g, "31IL-A"));
    assert_eq!(g.vp(), [0.0, 2.0]);
}

#[test]
fn rule_5_2_no_fire_from_cavalry_leaders_or_broken_infantry() {
    let mut g = opp_position();
    put_at(&mut g, &[("MSCAV-A", hex("0333")), ("Pillow", hex("0432")), ("13AR-A", hex("0232"))]);
    g.set_flipped("13AR-A", true);
    go(&mut g, "31IL-A", hex("0332"));
    assert_eq!(rule(&g), "Belmont 4.3.3", "nobody may fire: {:?}", g.top());
    // An unbroken company adds exactly one die.
    let mut g = opp_position();
    put_at(
        &mut g,
        &[("MSCAV-A", hex("0333")), ("Pillow", hex("0432")), ("13AR-A", hex("0232")), ("13AR-B", hex("0232"))],
    );
    g.set_flipped("13AR-A", true);
    go(&mut g, "31IL-A", hex("0332"));
    assert!(matches!(g.top(), Some(Frame::OppOffer { dice: 1, .. })), "{:?}", g.top());
}

#[test]
fn rule_5_2_no_fire_from_a_hex_marked_for_melee() {
    let mut g = placed(&[("31IL-A", hex("0331")), ("31IL-B", hex("0431"))]);
    let t = hex("0333");
    g.put("13AR-A", &t.label());
    mark(&mut g, Side::Union, "31IL", hex("0332"), t);
    // 31IL-A moves toward the melee: entering 0332 (adjacent to the marked hex) draws no fire.
    go(&mut g, "31IL-A", hex("0332"));
    assert!(!matches!(g.top(), Some(Frame::OppOffer { .. })), "{:?}", g.top());
}

#[test]
fn rule_5_2_the_firer_may_hold_fire() {
    let mut g = opp_offered();
    act(&mut g, Action::Fire(false));
    assert!(!flipped(&g, "31IL-A"));
    assert_eq!(rule(&g), "Belmont 4.3.3");
}

#[test]
fn rule_5_2_every_hex_entered_in_a_zoc_draws_fire_again() {
    let mut g = opp_offered();
    act(&mut g, Action::Fire(true));
    act(&mut g, Action::Hits(0));
    // 0432 is still adjacent to 0333.
    go(&mut g, "31IL-A", hex("0432"));
    assert!(matches!(g.top(), Some(Frame::OppOffer { dice: 1, .. })), "{:?}", g.top());
}

#[test]
fn rule_5_2_companies_that_retreated_this_activation_do_not_fire() {
    let mut g = opp_position();
    g.put("13AR-A", "0333");
    let u = g.id("13AR-A");
    g.units[usize::from(u)].shaken = true;
    go(&mut g, "31IL-A", hex("0332"));
    assert!(!matches!(g.top(), Some(Frame::OppOffer { .. })));
}

#[test]
fn rule_5_2_a_moving_leader_takes_a_casualty_check_instead() {
    let mut g = placed(&[("Logan", hex("0331")), ("31IL-K", hex("0631")), ("13AR-A", hex("0333"))]);
    g.activate(Side::Union, "31IL", Stage::Maneuver);
    go(&mut g, "Logan", hex("0332"));
    act(&mut g, Action::Fire(true));
    assert!(matches!(g.top(), Some(Frame::Casualty { .. })), "7.2: {:?}", g.top());
    roll(&mut g, 6);
    assert!(flipped(&g, "Logan"));
}

#[test]
fn rule_5_2_leader_second_movement_triggers_opportunity_fire() {
    let mut g = placed(&[("Grant", hex("0331")), ("13AR-A", hex("0333"))]);
    g.set_stack(vec![Frame::EndTurn, Frame::SecondMove { side: Side::Union, done: vec![], moving: None }]);
    go(&mut g, "Grant", hex("0332"));
    assert!(matches!(g.top(), Some(Frame::OppOffer { .. })), "{:?}", g.top());
}

// ------------------------------------------------------------------------------------
// 5.3 Defensive Fire

#[test]
fn rule_5_3_unbroken_infantry_fires_one_die_per_sp_before_melee() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    resolve_first(&mut g);
    assert_eq!(rule(&g), "Belmont 5.3"); // defensive fire, not a volley (fifth playtest)
    assert_eq!(volley_dice(&g), vec![VolleyDie::DefInfantry; 2]);
    assert_logged(&g, "Belmont 5.3", "Defensive fire from 0333: 2 dice");
}

#[test]
fn rule_5_3_infantry_defensive_6_hits_and_5_sends_the_attacker_back() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    resolve_first(&mut g);
    roll(&mut g, 6);
    assert!(flipped(&g, "31IL-A"));
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    resolve_first(&mut g);
    roll(&mut g, 5);
    assert_eq!(at(&g, "31IL-A"), Some(hex("0332")), "5.3: back to the entry hex");
    assert_logged(&g, "Belmont 8.4", "entry hex");
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    resolve_first(&mut g);
    rolls(&mut g, &[4, 1]);
    assert!(!flipped(&g, "31IL-A"));
    assert_eq!(at(&g, "31IL-A"), Some(hex("0333")));
    assert_eq!(melee_stage(&g), Some(MStage::AttRoll));
}

#[test]
fn rule_5_3_field_artillery_hits_on_4_to_6() {
    let mut g = melee_ready(&["Watson-A", "13AR-H"], &["31IL-A"]);
    g.set_flipped("13AR-H", true); // broken: no defensive fire
    resolve_first(&mut g);
    assert_eq!(volley_dice(&g), vec![VolleyDie::DefArtillery; 3]);
    roll(&mut g, 4);
    assert!(flipped(&g, "31IL-A"));
    roll(&mut g, 3);
    assert!(!gone(&g, "31IL-A"));
}

#[test]
fn rule_5_3_broken_infantry_and_retreated_companies_do_not_fire() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    g.set_flipped("13AR-A", true);
    resolve_first(&mut g);
    assert!(!matches!(g.top(), Some(Frame::Volley { .. })));
    assert_eq!(melee_stage(&g), Some(MStage::AttRoll));
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    let u = g.id("13AR-A");
    g.units[usize::from(u)].shaken = true;
    resolve_first(&mut g);
    assert_eq!(melee_stage(&g), Some(MStage::AttRoll));
}

#[test]
fn rule_5_3_attacking_leaders_check_under_defensive_fire() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A", "Logan"]);
    resolve_first(&mut g);
    rolls(&mut g, &[1, 1]);
    assert!(matches!(g.top(), Some(Frame::Casualty { leader }) if *leader == g.id("Logan")), "{:?}", g.top());
}

// ------------------------------------------------------------------------------------
// 6.0 Melee Combat, 6.1 Melee Procedure

/// 31IL-A attacks 13AR-A ([`first_round`]); the first round's dice are `att` and `def`.
fn duel(att: u8, def: u8) -> Belmont {
    let mut g = first_round(&["13AR-A"], &["31IL-A"]);
    rolls(&mut g, &[att, def]);
    g
}

/// Resolves the melee through defensive fire with misses.
#[test]
fn rule_6_1_melee_dice_are_fair() {
    let mut g = first_round(&["13AR-A"], &["31IL-A"]);
    assert_eq!(rule(&g), "Belmont 6.1");
    assert_d6(&g);
    roll(&mut g, 3);
    assert_eq!(melee_stage(&g), Some(MStage::DefRoll));
    assert_d6(&g);
}

#[test]
fn rule_6_1_the_lower_strength_takes_one_hit() {
    // 31IL-A 2 + 4 = 6 against 13AR-A 2 + 3 = 5.
    let g = duel(4, 3);
    assert!(flipped(&g, "13AR-A") && !flipped(&g, "31IL-A"));
    assert_logged(&g, "Belmont 6.1", "attacker 6 (die 4), defender 5 (die 3)");
    // Both sides remain: the attacker decides first.
    assert_eq!(melee_stage(&g), Some(MStage::AttContinue));
    assert_eq!(g.actor(), Actor::Side(Side::Union));
}

#[test]
fn rule_6_1_a_difference_of_five_inflicts_a_second_hit() {
    let g = duel(6, 1); // 8 against 3
    assert!(gone(&g, "13AR-A"));
    assert_eq!(g.vp(), [2.0, 0.0]);
    let g = duel(5, 1); // 7 against 3: only one hit
    assert!(flipped(&g, "13AR-A") && !gone(&g, "13AR-A"));
}

#[test]
fn rule_6_1_ties_hurt_the_attacker() {
    let g = duel(3, 3);
    assert!(flipped(&g, "31IL-A") && !flipped(&g, "13AR-A"));
}

#[test]
fn rule_6_1_defender_wins_and_hits_the_attacker() {
    let g = duel(1, 6); // 3 against 8
    assert!(gone(&g, "31IL-A"));
    assert_eq!(g.vp(), [0.0, 2.0]);
}

#[test]
fn rule_6_1_attacker_then_defender_decide_to_continue() {
    let mut g = duel(4, 3);
    assert_eq!(g.legal_actions(), vec![Action::Continue(true), Action::Continue(false)]);
    act(&mut g, Action::Continue(true));
    assert_eq!(melee_stage(&g), Some(MStage::DefContinue));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    act(&mut g, Action::Continue(true));
    // Another round, without another defensive fire.
    assert_eq!(melee_stage(&g), Some(MStage::AttRoll));
}

#[test]
fn rule_6_1_attacker_retreat_returns_to_the_entry_hex() {
    let mut g = duel(4, 3);
    act(&mut g, Action::Continue(false));
    assert_eq!(at(&g, "31IL-A"), Some(hex("0332")));
    assert_logged(&g, "Belmont 6.1", "The attacker retreats");
    assert_logged(&g, "Belmont 6.0", "Melee at 0333 resolved");
}

#[test]
fn rule_6_1_defender_retreat_moves_every_defending_company() {
    let mut g = first_round(&["13AR-A", "13AR-B"], &["31IL-A"]);
    rolls(&mut g, &[6, 1]); // 8 against 5: one hit, the defender's choice
    let b = g.id("13AR-B");
    act(&mut g, Action::TakeHit(b));
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(false));
    // Each defender retreats one hex, chosen by its owner.
    for _ in 0..2 {
        let Some(Frame::Retreat(r)) = g.top() else { panic!("{:?}", g.top()) };
        let u = r.unit;
        let to = first_retreat(&g);
        act(&mut g, Action::RetreatTo(to));
        assert_eq!(g.hex_of(u).unwrap().distance(hex("0333")), 1);
        hold_fire(&mut g);
    }
    assert!(g.side_at(hex("0333"), Side::Confederate).is_empty());
}

#[test]
fn rule_6_1_felled_trees_woods_and_slope_reduce_the_attack() {
    // From clear into woods: -1.
    let (c, w) = find_hex("clear next to woods", |h| {
        plain(h, Terrain::Clear) && off_road(h) && h.neighbours().iter().any(|&n| plain(n, Terrain::Woods))
    })
    .pipe(|h| (h, h.neighbours().into_iter().find(|&n| plain(n, Terrain::Woods)).unwrap()));
    let strength = |entry: Hex, t: Hex| {
        let mut g = fresh();
        g.put("13AR-A", &t.label());
        g.set_flipped("13AR-A", true);
        g.put("31IL-A", &entry.label());
        mark(&mut g, Side::Union, "31IL", entry, t);
        go(&mut g, "31IL-A", t);
        while g.act.as_ref().unwrap().stage != Stage::Melees {
            act(&mut g, Action::Done);
        }
        resolve_first(&mut g);
        rolls(&mut g, &[1, 1]);

        g.log().events().iter().rev().find(|e| e.rule == "Belmont 6.1").unwrap().text.clone()
    };
    assert!(strength(c, w).contains("attacker 2 (die 1)"), "{}", strength(c, w));
    // From felled trees: -1.
    let (f, t) = find_hex("felled trees next to clear", |h| {
        plain(h, Terrain::FelledTrees) && h.neighbours().iter().any(|&n| plain(n, Terrain::Clear))
    })
    .pipe(|h| (h, h.neighbours().into_iter().find(|&n| plain(n, Terrain::Clear)).unwrap()));
    assert!(strength(f, t).contains("attacker 2 (die 1)"), "{}", strength(f, t));
    // Up a slope: -1 (1429 woods, bottomland, into 1530 clear on the ridge).
    assert!(strength(hex("1429"), hex("1530")).contains("attacker 2 (die 1)"));
    // Up the ridge's gentle side, where there is no slope hex: only the felled trees
    // of 2026 count.
    assert!(strength(hex("2026"), hex("1927")).contains("attacker 2 (die 1)"));
    // From clear into clear: no change.
    assert!(strength(clear("0332"), clear("0333")).contains("attacker 3 (die 1)"));
}

#[test]
fn rule_6_0_one_defending_leader_adds_sp_by_the_defenders_choice() {
    let mut g = first_round(&["13AR-A", "Pillow", "Tappan"], &["31IL-A"]);
    assert_eq!(melee_stage(&g), Some(MStage::DefLeader));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    let (p, t) = (g.id("Pillow"), g.id("Tappan"));
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::LeaderAdds(p)) && legal.contains(&Action::LeaderAdds(t)) && legal.len() == 2);
    act(&mut g, Action::LeaderAdds(t));
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "defender 4 (die 1)"); // 2 + Tappan 1 + 1
}

#[test]
fn rule_6_0_broken_attackers_add_sp_only_with_their_regiment_leader() {
    let mut g = melee_ready(&["13AR-H"], &["31IL-A", "31IL-B"]);
    g.set_flipped("31IL-B", true);
    g.set_flipped("13AR-H", true);
    past_defensive_fire(&mut g);
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "attacker 3 (die 1)"); // 2 + 0 + 1
    let mut g = melee_ready(&["13AR-H"], &["31IL-A", "31IL-B", "Logan"]);
    g.set_flipped("31IL-B", true);
    g.set_flipped("13AR-H", true);
    past_defensive_fire(&mut g);
    pass_casualty_checks(&mut g);
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "attacker 5 (die 1)"); // 2 + 1 + Logan 1 + 1
}

#[test]
fn rule_6_0_a_company_broken_by_defensive_fire_still_attacks() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A", "31IL-B"]);
    resolve_first(&mut g);
    roll(&mut g, 6); // defensive fire hits: the attacker picks which company breaks
    let a = g.id("31IL-A");
    act(&mut g, Action::TakeHit(a));
    roll(&mut g, 1);
    assert!(flipped(&g, "31IL-A"));
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "attacker 4 (die 1)"); // broken 1 + 2 + 1
}

#[test]
fn rule_6_0_a_company_broken_in_an_earlier_round_keeps_adding_its_sp() {
    // Reading: 6.0 limits which broken companies may make a melee attack; one broken
    // after it went in (as the defensive-fire exception shows) fights on, broken side up.
    let mut g = first_round(&["13AR-A"], &["31IL-A", "31IL-B"]);
    rolls(&mut g, &[2, 4]); // 6 against 6: a tie hurts the attacker
    let a = g.id("31IL-A");
    act(&mut g, Action::TakeHit(a));
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(true));
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "attacker 4 (die 1)"); // 31IL-A broken 1 + 31IL-B 2 + 1
}

#[test]
fn rule_6_0_a_lone_broken_company_cannot_attack_a_lone_gun_or_an_unsupported_leader() {
    // 31IL-A broken beside a lone battery or a lone leader: no melee is possible for it.
    for target in ["Watson-A", "Pillow"] {
        let mut g = placed(&[(target, hex("0333")), ("31IL-A", hex("0332"))]);
        g.set_flipped("31IL-A", true);
        g.activate(Side::Union, "31IL", Stage::Markers);
        assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Marker { .. })), "{target}");
    }
    // Accompanied by Logan it takes the gun (8.7).
    let mut g = placed(&[("Watson-A", hex("0333")), ("31IL-A", hex("0332"))]);
    g.set_flipped("31IL-A", true);
    g.put("Logan", "0332");
    mark(&mut g, Side::Union, "31IL", hex("0332"), hex("0333"));
    refuse_mv(&mut g, "31IL-A", hex("0333"));
    go(&mut g, "Logan", hex("0333"));
    go(&mut g, "31IL-A", hex("0333"));
    to_melees(&mut g);
    resolve_first(&mut g);
    rolls(&mut g, &[1, 1, 1]); // the battery's defensive fire misses
    roll(&mut g, 1); // Logan's casualty check under defensive fire (7.2)
    assert_eq!(g.owner(g.id("Watson-A")), Side::Union);
    assert_logged(&g, "Belmont 8.7", "Watson-A is captured");
}

/// 6.0 (the fourth playtest): a company broken by opportunity fire as it stepped into the
/// melee hex, without its regimental leader, may not attack: no melee (no defensive fire, no
/// rounds, no capture of a lone defending leader), and it goes back to its entry hex. The
/// neighbour: broken by this melee's defensive fire, it still attacks
/// (`rule_6_0_a_company_broken_by_defensive_fire_still_attacks`).
#[test]
fn rule_6_0_a_company_broken_on_the_way_in_without_its_leader_does_not_attack() {
    for defender in ["13AR-A", "Pillow"] {
        let mut g = melee_ready(&[defender], &["31IL-A"]);
        g.set_flipped("31IL-A", true); // broken by opportunity fire as it went in
        to_melees(&mut g);
        resolve_first(&mut g);
        assert_logged(&g, "Belmont 6.0", "may not attack");
        assert_eq!(at(&g, "31IL-A"), Some(hex("0332")), "back to its entry hex");
        assert!(!logged(&g, "Belmont 6.1", "Melee round"), "no rounds");
        assert_eq!(at(&g, defender), Some(hex("0333")), "{defender} untouched, not captured");
    }
}

#[test]
fn rule_6_7_a_leader_whose_broken_company_is_shot_down_on_the_way_is_captured() {
    // Logan goes in first for 31IL-A (broken), a hex behind; on its way into the entry
    // hex it is shot down, and Logan is left unsupported in the melee hex.
    let mut g = fresh();
    let (behind, entry, t) = (hex("0331"), hex("0332"), hex("0333"));
    put_at(&mut g, &[("13AR-A", t), ("31IL-A", behind)]);
    g.set_flipped("31IL-A", true);
    g.put("Logan", &entry.label());
    let flank = entry
        .neighbours()
        .into_iter()
        .find(|&n| n != t && n.distance(behind) > 1 && info(n).terrain == Terrain::Clear)
        .expect("a clear flank hex");
    g.put("13AR-B", &flank.label());
    mark(&mut g, Side::Union, "31IL", entry, t);
    go(&mut g, "Logan", t);
    hold_fire(&mut g);
    go(&mut g, "31IL-A", entry);
    assert!(matches!(g.top(), Some(Frame::OppOffer { .. })), "{:?}", g.top());
    act(&mut g, Action::Fire(true));
    act(&mut g, Action::Hits(1));
    assert!(gone(&g, "31IL-A"));
    to_melees(&mut g);
    resolve_first(&mut g);
    assert_eq!(fate(&g, "Logan"), Some(belmont::Fate::Captured));
    assert!(!logged(&g, "Belmont 6.1", "Melee round"), "no rounds for a leader alone");
    assert_eq!(g.vp(), [0.0, 5.0], "14.1: the company 2, the regiment leader 3");
}

#[test]
fn rule_6_0_only_infantry_and_regiment_leaders_attack() {
    // Artillery may not enter a melee hex (6.6): a battery next to the enemy is no
    // attacker, and no marker can be placed for it alone.
    let mut g = placed(&[("Taylor-1", hex("0332")), ("13AR-A", hex("0333"))]);
    g.activate(Side::Union, "HQ", Stage::Markers);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Marker { .. })));
}

#[test]
fn rule_6_1_melee_ends_when_one_side_is_gone_and_leaders_check() {
    let mut g = melee_ready(&["13AR-H", "Tappan"], &["31IL-A", "Logan"]);
    g.set_flipped("13AR-H", true);
    past_defensive_fire(&mut g);
    rolls(&mut g, &[6, 1]); // 2 + 1 + 6 = 9 against 1 + 1 + 1 = 3: two hits
    assert!(gone(&g, "13AR-H"));
    // Tappan, left without companies, is captured (6.7); Logan checks (7.2).
    assert_eq!(fate(&g, "Tappan"), Some(belmont::Fate::Captured));
    assert!(matches!(g.top(), Some(Frame::Casualty { leader }) if *leader == g.id("Logan")), "{:?}", g.top());
    assert!(g.markers[0].resolved);
}

// ------------------------------------------------------------------------------------
// 6.2 Over-Stacking

#[test]
fn rule_6_2_attacker_moves_units_back_broken_first() {
    // A coordinated melee (6.10) brings four companies into the hex.
    let mut g = fresh();
    let t = hex("0432");
    let (e1, e2) = (hex("0332"), hex("0431"));
    assert!(e1.distance(t) == 1 && e2.distance(t) == 1 && e1.distance(e2) == 1);
    g.put("13AR-H", &t.label());
    g.set_flipped("13AR-H", true);
    put_all(&mut g, &["31IL-A", "31IL-B", "Logan"], e1);
    put_all(&mut g, &["31IL-C", "31IL-D", "31IL-E"], e2);
    g.set_flipped("31IL-D", true);
    mark(&mut g, Side::Union, "31IL", e1, t);
    go_all(&mut g, &["31IL-A", "31IL-B", "Logan", "31IL-C", "31IL-D", "31IL-E"], t);
    assert!(g.markers[0].second.is_some());
    assert_eq!(g.stack_count(t), 6, "6.2: stacking is ignored in the melee hex");
    to_melees(&mut g);
    resolve_first(&mut g);
    rolls(&mut g, &[6, 1]);
    assert!(gone(&g, "13AR-H"));
    // Casualty check for Logan first, then the over-stack.
    pass_casualty_checks(&mut g);
    assert_eq!(rule(&g), "Belmont 6.2");
    let d = g.id("31IL-D");
    let legal = g.legal_actions();
    assert!(!legal.is_empty());
    // 8.4: back out by the hexside it came in by, its own group's entry (the fourth playtest:
    // companies were sent out by another group's entry hex).
    assert_eq!(legal, vec![Action::Move { unit: d, to: e2 }], "31IL-D came in from {e2}");
    act(&mut g, Action::Move { unit: d, to: e2 });
    assert_eq!(at(&g, "31IL-D"), Some(e2));
    // Four unbroken remain: one more goes back.
    assert_eq!(rule(&g), "Belmont 6.2");
    let legal = g.legal_actions();
    let logan = g.id("Logan");
    assert!(!legal.iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == logan)), "the leader stays");
    // Guns held in the hex do not move back either (8.0: artillery does not retreat; random
    // play looped moving captured guns back that never left).
    let mut k = g.clone();
    let guns = k.put("Taylor-1", &t.label());
    assert!(!k.legal_actions().iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == guns)));
    act(&mut g, legal[0].clone());
    assert_eq!(g.stack_count(t), 3);
    assert_eq!(at(&g, "Logan"), Some(t));
}

// ------------------------------------------------------------------------------------
// 6.3 Unbridled Fury

/// The attackers win after the defender chose to retreat; the fury die is next.
fn fury_ready(with_leader: bool) -> Belmont {
    let attackers: &[&str] = if with_leader { &["31IL-A", "31IL-B", "Logan"] } else { &["31IL-A", "31IL-B"] };
    let mut g = first_round(&["13AR-A"], attackers);
    pass_casualty_checks(&mut g);
    rolls(&mut g, &[1, 2]); // 4 + 1 (+1 Logan) against 2 + 2: one hit
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(false));
    let Some(Frame::Retreat(_)) = g.top() else { panic!("{:?}", g.top()) };
    let to = first_retreat(&g);
    act(&mut g, Action::RetreatTo(to));
    hold_fire(&mut g);
    pass_casualty_checks(&mut g);
    g
}

#[test]
fn rule_6_3_fury_on_4_to_6_attacks_the_retreat_hex() {
    let mut g = fury_ready(false);
    assert_eq!(melee_stage(&g), Some(MStage::FuryRoll));
    assert_d6(&g);
    let fled = at(&g, "13AR-A").unwrap();
    roll(&mut g, 4);
    assert_logged(&g, "Belmont 6.3", "Unbridled Fury");
    assert_eq!(at(&g, "31IL-A"), Some(fled));
    assert_eq!(g.markers.last().unwrap().target, fled);
    // The retreated company may not fire defensively: straight to the melee dice.
    assert_eq!(melee_stage(&g), Some(MStage::AttRoll));
}

#[test]
fn rule_6_3_fury_on_1_to_3_the_attackers_stay() {
    let mut g = fury_ready(false);
    roll(&mut g, 3);
    assert_eq!(at(&g, "31IL-A"), Some(hex("0333")));
    assert_logged(&g, "Belmont 6.3", "remain in place");
}

#[test]
fn rule_6_3_a_regimental_leader_may_rein_in_the_fury() {
    let mut g = fury_ready(true);
    roll(&mut g, 6);
    assert_eq!(melee_stage(&g), Some(MStage::FuryRein));
    assert_eq!(g.legal_actions(), vec![Action::Fury(true), Action::Fury(false)]);
    let mut g2 = g.clone();
    act(&mut g, Action::Fury(false));
    assert_eq!(at(&g, "31IL-A"), Some(hex("0333")));
    act(&mut g2, Action::Fury(true));
    assert_ne!(at(&g2, "31IL-A"), Some(hex("0333")));
}

#[test]
fn rule_6_3_a_fury_melee_does_not_trigger_another() {
    let mut g = fury_ready(false);
    roll(&mut g, 5);
    rolls(&mut g, &[6, 1]); // the second melee is won outright
    assert!(gone(&g, "13AR-A"));
    assert!(!matches!(melee_stage(&g), Some(MStage::FuryRoll)));
}

// ------------------------------------------------------------------------------------
// 6.4 Cavalry as a Target of Melee, 6.5 Cavalry Charge

#[test]
fn rule_6_4_attacked_cavalry_retreats_two_hexes_without_fire_or_rounds() {
    let mut g = melee_ready(&["MSCAV-A", "MSCAV-B"], &["31IL-A"]);
    resolve_first(&mut g);
    assert_logged(&g, "Belmont 6.4", "retreats two hexes");
    for _ in 0..4 {
        if let Some(Frame::Retreat(_)) = g.top() {
            let to = match g.legal_actions()[0] {
                Action::RetreatTo(h) => h,
                Action::Accompany(_) => {
                    act(&mut g, Action::Accompany(true));
                    continue;
                }
                ref a => panic!("{a:?}"),
            };
            act(&mut g, Action::RetreatTo(to));
        }
        hold_fire(&mut g);
    }
    for id in ["MSCAV-A", "MSCAV-B"] {
        assert_eq!(at(&g, id).unwrap().distance(hex("0333")), 2, "{id}");
        assert!(!flipped(&g, id));
    }
    assert_eq!(at(&g, "31IL-A"), Some(hex("0333")));
    assert!(!matches!(melee_stage(&g), Some(MStage::FuryRoll)), "no fury after a cavalry target");
}

#[test]
fn rule_6_5_cavalry_charges_only_broken_infantry_cavalry_or_leaders() {
    let mut g = placed(&[("MSCAV-A", hex("0331")), ("27IL-A", hex("0333"))]);
    g.activate(Side::Confederate, "CAV", Stage::Markers);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Marker { .. })), "unbroken infantry");
    g.set_flipped("27IL-A", true);
    assert!(g.legal_actions().contains(&Action::Marker { target: hex("0333"), from: hex("0332") }));
    // A hex of leaders only, and cavalry.
    let mut g = placed(&[
        ("MSCAV-A", hex("0331")),
        ("Grant", hex("0333")),
        ("CAV-Dollins", hex("0432")),
        ("Taylor-1", hex("0334")),
    ]);
    g.activate(Side::Confederate, "CAV", Stage::Markers);
    let targets: Vec<Hex> = g
        .legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Marker { target, .. } => Some(*target),
            _ => None,
        })
        .collect();
    assert!(targets.contains(&hex("0333")) && targets.contains(&hex("0432")));
    assert!(!targets.contains(&hex("0334")), "not artillery");
}

#[test]
fn rule_6_5_a_charge_is_resolved_as_a_melee() {
    let mut g = placed(&[("MSCAV-A", hex("0332")), ("27IL-A", hex("0333"))]);
    g.set_flipped("27IL-A", true);
    g.activate(Side::Confederate, "CAV", Stage::Markers);
    act(&mut g, Action::Marker { target: hex("0333"), from: hex("0332") });
    assert!(g.markers[0].charge);
    act(&mut g, Action::Done);
    go(&mut g, "MSCAV-A", hex("0333"));
    to_melees(&mut g);
    resolve_first(&mut g);
    rolls(&mut g, &[5, 1]); // 2 + 5 against 1 + 1
    assert!(gone(&g, "27IL-A"));
}

// ------------------------------------------------------------------------------------
// 6.6 Artillery in Melee, 6.7 Unsupported Leader in Melee

#[test]
fn rule_6_6_artillery_adds_no_sp_in_melee() {
    let mut g = first_round(&["13AR-A", "Watson-A"], &["31IL-A"]);
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "defender 3 (die 1)"); // 13AR-A 2 + 1; no battery SP
}

#[test]
fn rule_6_6_artillery_alone_is_captured_once_the_attackers_survive_defensive_fire() {
    let mut g = melee_ready(&["Watson-A"], &["31IL-A"]);
    resolve_first(&mut g);
    rolls(&mut g, &[1, 2, 3]);
    assert_eq!(
        g.unit(g.id("Watson-A")).captor,
        Some(u8::try_from(g.oob().formation(Side::Union, "31IL").unwrap()).unwrap())
    );
    assert_logged(&g, "Belmont 8.7", "captured");
    assert_eq!(g.owner(g.id("Watson-A")), Side::Union);
}

#[test]
fn rule_6_6_artillery_does_not_retreat_with_the_defenders() {
    let mut g = first_round(&["13AR-A", "Watson-A"], &["31IL-A", "31IL-B"]);
    rolls(&mut g, &[3, 1]); // 4 + 3 = 7 against 2 + 1 = 3: one hit
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(false));
    let to = first_retreat(&g);
    act(&mut g, Action::RetreatTo(to));
    hold_fire(&mut g);
    assert_eq!(at(&g, "Watson-A"), Some(hex("0333")));
    assert_eq!(g.owner(g.id("Watson-A")), Side::Union, "8.7: left alone, it is captured");
}

#[test]
fn rule_6_7_unsupported_leader_is_captured_and_scored_as_killed() {
    let mut g = melee_ready(&["Pillow"], &["31IL-A"]);
    resolve_first(&mut g);
    assert_eq!(fate(&g, "Pillow"), Some(belmont::Fate::Captured));
    assert_eq!(g.vp(), [4.0, 0.0], "14.1: a brigade leader killed is worth 4 VP");
    assert_logged(&g, "Belmont 6.7", "captured");
}

// ------------------------------------------------------------------------------------
// 6.8 Grant's Influence

#[test]
fn rule_6_8_grant_within_five_hexes_may_spend_influence_to_reroll() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    g.put("Grant", "0631"); // within five hexes of 0333
    past_defensive_fire(&mut g);
    rolls(&mut g, &[1, 6]);
    assert_eq!(melee_stage(&g), Some(MStage::RerollOffer));
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    act(&mut g, Action::Reroll(true));
    assert_eq!(g.influence, 9);
    assert_eq!(melee_stage(&g), Some(MStage::Reroll));
    assert_d6(&g);
    roll(&mut g, 6); // 2 + 6 = 8 against 2 + 6 = 8: a tie (the re-roll must be used)
    assert!(flipped(&g, "31IL-A"));
    assert_logged(&g, "Belmont 6.8", "9 points left");
    // Both dice said: the one taken back, then the new one (the tenth playtest).
    assert_logged(&g, "Belmont 6.8", "re-rolls its 1");
    assert_logged(&g, "Belmont 6.8", "The re-roll: 6.");
}

#[test]
fn rule_6_8_declining_keeps_the_roll_and_the_point() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    g.put("Grant", "0631");
    past_defensive_fire(&mut g);
    rolls(&mut g, &[4, 1]);
    act(&mut g, Action::Reroll(false));
    assert_eq!(g.influence, 10);
    assert!(flipped(&g, "13AR-A"));
}

#[test]
fn rule_6_8_no_reroll_beyond_five_hexes_or_without_points() {
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    let far = find_hex("six hexes away", |h| h.distance(hex("0333")) == 6 && map().is_land(h));
    g.put("Grant", &far.label());
    past_defensive_fire(&mut g);
    rolls(&mut g, &[1, 6]);
    assert_ne!(melee_stage(&g), Some(MStage::RerollOffer));
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    g.put("Grant", "0631");
    g.influence = 0;
    past_defensive_fire(&mut g);
    rolls(&mut g, &[1, 6]);
    assert_ne!(melee_stage(&g), Some(MStage::RerollOffer));
}

#[test]
fn rule_6_8_the_union_defender_rerolls_its_own_die() {
    let mut g = placed(&[("31IL-A", hex("0333")), ("Grant", hex("0631")), ("13AR-A", hex("0332"))]);
    mark(&mut g, Side::Confederate, "13AR", hex("0332"), hex("0333"));
    go(&mut g, "13AR-A", hex("0333"));
    to_melees(&mut g);
    resolve_first(&mut g);
    rolls(&mut g, &[1, 1]); // defensive fire misses
    rolls(&mut g, &[6, 1]); // CS 8 against Union 3
    act(&mut g, Action::Reroll(true));
    roll(&mut g, 6); // Union die becomes 6: 8 against 8, a tie
    assert!(flipped(&g, "13AR-A"), "ties hurt the attacker");
    assert!(!flipped(&g, "31IL-A"));
}

#[test]
fn rule_6_8_only_one_reroll_per_round() {
    let mut g = melee_ready(&["13AR-A", "13AR-B"], &["31IL-A"]);
    g.put("Grant", "0631");
    past_defensive_fire(&mut g);
    rolls(&mut g, &[1, 6]);
    act(&mut g, Action::Reroll(true));
    roll(&mut g, 2);
    assert_ne!(melee_stage(&g), Some(MStage::RerollOffer));
    assert_eq!(g.influence, 9);
}

// ------------------------------------------------------------------------------------
// 6.9 Multiple Melees

#[test]
fn rule_6_9_an_empty_melee_hex_sends_the_attackers_back() {
    let mut g = fresh();
    let t = hex("0432");
    let (e1, e2) = (hex("0431"), hex("0433"));
    assert!(e1.distance(t) == 1 && e2.distance(t) == 1 && e1.distance(e2) > 1);
    g.put("13AR-H", &t.label());
    g.set_flipped("13AR-H", true);
    put_at(&mut g, &[("31IL-A", e1), ("31IL-B", e2)]);
    g.activate(Side::Union, "31IL", Stage::Markers);
    act(&mut g, Action::Marker { target: t, from: e1 });
    act(&mut g, Action::Marker { target: t, from: e2 });
    act(&mut g, Action::Done);
    go(&mut g, "31IL-A", t);
    go(&mut g, "31IL-B", t);
    to_melees(&mut g);
    assert_eq!(g.legal_actions(), vec![Action::Resolve(0), Action::Resolve(1)]);
    act(&mut g, Action::Resolve(0));
    rolls(&mut g, &[6, 1]);
    assert!(gone(&g, "13AR-H"));
    while matches!(g.top(), Some(Frame::Melee(_))) {
        roll(&mut g, 1); // fury die: stays
    }
    assert_eq!(g.legal_actions(), vec![Action::Resolve(1)]);
    act(&mut g, Action::Resolve(1));
    assert_eq!(at(&g, "31IL-B"), Some(e2), "6.9: back to its entry hex");
    assert_logged(&g, "Belmont 6.9", "return");
    assert!(g.markers.iter().all(|m| m.resolved));
}

// ------------------------------------------------------------------------------------
// 6.10 Coordinated Melee Combat

#[test]
fn rule_6_10_coordinated_melee_needs_an_adjacent_hexside_and_the_regiment_leader() {
    let t = hex("0432");
    let (e1, e2, far) = (hex("0332"), hex("0431"), hex("0533"));
    // Without the leader, a second hexside makes no coordinated group.
    let mut g = placed(&[("13AR-A", t), ("31IL-A", e1), ("31IL-B", e2)]);
    mark(&mut g, Side::Union, "31IL", e1, t);
    go(&mut g, "31IL-A", t);
    refuse_mv(&mut g, "31IL-B", t);
    // With Logan in the first group it may.
    let mut g = placed(&[("13AR-A", t), ("31IL-A", e1), ("Logan", e1), ("31IL-B", e2), ("31IL-C", far)]);
    mark(&mut g, Side::Union, "31IL", e1, t);
    go_all(&mut g, &["31IL-A", "Logan", "31IL-B"], t);
    assert_eq!(g.markers[0].second, Some((e2, vec![g.id("31IL-B")])));
    assert_logged(&g, "Belmont 6.10", "coordinated");
    // Not from a hexside that is not adjacent to the first.
    refuse_mv(&mut g, "31IL-C", t);
}

#[test]
fn rule_6_10_defensive_fire_targets_one_group_and_strengths_combine() {
    let t = hex("0432");
    let (e1, e2) = (hex("0332"), hex("0431"));
    let mut g = placed(&[("13AR-A", t), ("31IL-A", e1), ("Logan", e1), ("31IL-B", e2)]);
    mark(&mut g, Side::Union, "31IL", e1, t);
    go_all(&mut g, &["31IL-A", "Logan", "31IL-B"], t);
    to_melees(&mut g);
    resolve_first(&mut g);
    assert_eq!(melee_stage(&g), Some(MStage::DefTarget));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    act(&mut g, Action::TargetGroup(1));
    roll(&mut g, 6);
    assert!(flipped(&g, "31IL-B") && !flipped(&g, "31IL-A"), "only the second group may be hit");
    roll(&mut g, 5);
    assert_eq!(at(&g, "31IL-B"), Some(e2), "and it retreats to its own entry hex");
    rolls(&mut g, &[1, 1]);
    // 31IL-A 2 + Logan 1 + die 1 (31IL-B has left).
    assert_logged(&g, "Belmont 6.1", "attacker 4 (die 1)");
}

/// 5.2 before the move: the move's view warns of the opportunity fire the rules will offer,
/// with the dice and the chance of a hit, and a move out of every enemy ZOC carries none.
#[test]
fn rule_5_2_a_move_into_an_enemy_zoc_is_warned_of_with_its_odds() {
    let mut g = opp_position();
    put_at(&mut g, &[("13AR-A", hex("0333")), ("13AR-B", hex("0333"))]);
    let into = Action::Move { unit: g.id("31IL-A"), to: hex("0332") };
    let warning = g.action_view(&into).warning.expect("a move into two companies' ZOC is warned of");
    assert!(warning.contains("Belmont 5.2") && warning.contains("2 enemy units"), "{warning}");
    assert!(warning.contains("31% chance of at least one hit"), "1 - (5/6)^2: {warning}");
    let away = Action::Move { unit: g.id("31IL-A"), to: hex("0330") };
    assert_eq!(g.action_view(&away).warning, None, "no enemy ZOC at 0330");
    // The warning says what the rules then do.
    go(&mut g, "31IL-A", hex("0332"));
    assert!(matches!(g.top(), Some(Frame::OppOffer { dice: 2, .. })), "{:?}", g.top());
    // The offer names its target, the hex and the dice, so the firer need not read the log.
    let offer = g.prompt().text;
    assert!(offer.contains("0332") && offer.contains("2 dice") && offer.contains("31"), "{offer}");
}

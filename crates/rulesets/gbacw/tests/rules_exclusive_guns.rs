//! Belmont's exclusive guns (plan 2.5 c, d; authored): the gunboats Tyler and Lexington fire
//! from the river, and the Columbus heavy guns from their point off the map, all round (no
//! facing), on the heavy guns' range chart, paying a round a phase (11.31-11.32); the Columbus
//! guns see the bottomland from the bluffs, the gunboats need a line of sight (9.7).

use engine::{Game, Side};
use gbacw::fire::{fire_hex, wagon::crew_sides};
use gbacw::testkit::{self as tk, ok, refused};
use gbacw::{Action, Frame, Gbacw, Loc, Phase, UnitId};
use hexmap::Hex;

/// The Confederate Defensive Fire Phase on an emptied map with the Columbus guns at their
/// point, and a Union regiment `range` hexes from it on the map.
fn columbus_at(range: u16) -> (Gbacw, UnitId, UnitId, Hex) {
    let mut g = tk::empty();
    let c = g.unit_by_id("Columbus").unwrap();
    let point = g.map().offmap_point("Columbus").expect("the map names Columbus");
    g.unit_mut(c).loc = Loc::OffMap(point);
    let target = tk::find(&g, "a hex at that range", |h| h.distance(point) == range);
    let u = tk::put(&mut g, "27IL", &target.label(), 0);
    tk::phase(&mut g, 3, Side::Union, Phase::DefensiveFire);
    (g, c, u, target)
}

/// Every die of the resolution a 3 (no loss on a low column).
fn finish(g: &mut Gbacw) {
    while matches!(g.stack.last(), Some(Frame::Fire(_))) && g.actor() == engine::Actor::Chance {
        let a = g
            .chance_outcomes()
            .iter()
            .map(|(a, _)| *a)
            .find(|a| *a == Action::Roll(3))
            .unwrap_or(g.chance_outcomes()[0].0);
        g.apply(&a).unwrap();
    }
}

#[test]
fn exclusive_columbus_guns_fire_from_off_the_map_without_line_of_sight() {
    let (mut g, c, _, target) = columbus_at(12);
    let from = fire_hex(&g, c).expect("the off-map point");
    assert!(g.hex_of(c).is_none(), "off the map");
    ok(&mut g, Action::FireAt(target));
    let via = crew_sides(from, target)[0];
    let rounds = g.unit(c).rounds;
    ok(&mut g, Action::Fire { unit: c, sp: 6, via });
    ok(&mut g, Action::Resolve);
    finish(&mut g);
    assert_eq!(g.unit(c).rounds, rounds - 1, "11.31: one round for the phase");
}

#[test]
fn exclusive_columbus_guns_reach_thirty_hexes_and_no_more() {
    let (g, _, _, target) = columbus_at(31);
    assert!(!g.legal_actions().contains(&Action::FireAt(target)));
    assert_eq!(refused(&g, Action::FireAt(target)), "GBACW 9.23");
    let (g, _, _, target) = columbus_at(30);
    assert!(g.legal_actions().contains(&Action::FireAt(target)), "x1/2 at 21-30 hexes");
}

#[test]
fn exclusive_guns_with_no_rounds_left_do_not_fire() {
    let (mut g, c, _, target) = columbus_at(12);
    g.unit_mut(c).rounds = 0;
    g.legal_memo.forget();
    assert_eq!(refused(&g, Action::FireAt(target)), "GBACW 11.32");
    let mut d = g.clone();
    d.stack.push(Frame::Fire(gbacw::fire::FireFrame::Declare(Box::new(gbacw::fire::Declaration {
        rec: Default::default(),
        target,
        shares: Vec::new(),
    }))));
    let via = crew_sides(fire_hex(&d, c).unwrap(), target)[0];
    assert_eq!(refused(&d, Action::Fire { unit: c, sp: 6, via }), "GBACW 11.32");
}

/// A gunboat on the river fires all round: any hexside its line of fire crosses.
#[test]
fn exclusive_a_gunboat_fires_all_round_from_the_river() {
    let mut g = tk::empty();
    let t = g.unit_by_id("Tyler").unwrap();
    let river = tk::find(&g, "a river hex", |h| tk::is(&g, h, gbacw::terrain::Terrain::River));
    g.unit_mut(t).loc = Loc::Map(river);
    let bank = tk::find(&g, "land beside the river", |h| {
        h.distance(river) == 1 && !tk::is(&g, h, gbacw::terrain::Terrain::River) && g.map().terrain(h).is_some()
    });
    let u = tk::put(&mut g, "12TN", &bank.label(), 0);
    tk::phase(&mut g, 3, Side::Union, Phase::OffensiveFire);
    ok(&mut g, Action::FireAt(bank));
    let via = crew_sides(river, bank)[0];
    ok(&mut g, Action::Fire { unit: t, sp: 4, via });
    assert_eq!(g.unit(u).loc, Loc::Map(bank));
}

/// 9.7: a gunboat needs a line of sight, the timber of the bank blocking it; the Columbus
/// guns, on the bluffs, fire at the same hex (the neighbouring case).
#[test]
fn exclusive_a_gunboat_needs_a_line_of_sight_the_columbus_guns_do_not() {
    let base = tk::empty();
    let point = base.map().offmap_point("Columbus").unwrap();
    let river: Vec<Hex> =
        base.map().hexes().map(|(h, _)| h).filter(|&h| tk::is(&base, h, gbacw::terrain::Terrain::River)).collect();
    let mut found = false;
    'search: for &r in &river {
        for t in r.ring(4) {
            if !tk::is(&base, t, gbacw::terrain::Terrain::Woods) || t.distance(point) > 20 {
                continue;
            }
            let mut g = base.clone();
            let boat = g.unit_by_id("Tyler").unwrap();
            g.unit_mut(boat).loc = Loc::Map(r);
            tk::put(&mut g, "12TN", &t.label(), 0);
            tk::phase(&mut g, 3, Side::Union, Phase::OffensiveFire);
            if refused(&g, Action::FireAt(t)) != "GBACW 9.7" {
                continue;
            }
            // The same target under the Columbus guns, in the Confederates' own phase.
            let mut c = base.clone();
            let guns = c.unit_by_id("Columbus").unwrap();
            c.unit_mut(guns).loc = Loc::OffMap(point);
            tk::put(&mut c, "27IL", &t.label(), 0);
            tk::phase(&mut c, 3, Side::Union, Phase::DefensiveFire);
            assert!(c.legal_actions().contains(&Action::FireAt(t)), "the bluffs see {t}");
            found = true;
            break 'search;
        }
    }
    assert!(found, "a wooded hex the gunboats cannot see");
}

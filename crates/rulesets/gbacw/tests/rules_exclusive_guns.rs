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
    d.legal_memo.forget();
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

/// The Union's Movement Phase on an emptied map with Tyler on a river hex that has a river
/// neighbour and a land one; the hexes (boat, river, land).
fn tyler_afloat() -> (Gbacw, UnitId, Hex, Hex, Hex) {
    let mut g = tk::movement(Side::Union);
    let river = |g: &Gbacw, h: Hex| tk::is(g, h, gbacw::terrain::Terrain::River);
    let land = |g: &Gbacw, h: Hex| g.map().terrain(h).is_some() && !river(g, h);
    let at = tk::find(&g, "a river hex by the bank with river beyond", |h| {
        river(&g, h) && h.neighbours().iter().any(|&n| river(&g, n)) && h.neighbours().iter().any(|&n| land(&g, n))
    });
    let on = at.neighbours().into_iter().find(|&n| river(&g, n)).unwrap();
    let bank = at.neighbours().into_iter().find(|&n| land(&g, n)).unwrap();
    let t = g.unit_by_id("Tyler").unwrap();
    g.unit_mut(t).loc = Loc::Map(at);
    g.legal_memo.forget();
    (g, t, at, on, bank)
}

/// Plan 2.5 c: a gunboat moves in the Union's Movement Phase, a river hex for 1 MP, never onto
/// the land, with no facing to choose; the Columbus guns never move.
#[test]
fn exclusive_a_gunboat_steams_along_the_river_and_never_ashore() {
    let (mut g, t, _, on, bank) = tyler_afloat();
    let c = tk::movement(Side::Confederate);
    let columbus = c.unit_by_id("Columbus").unwrap();
    assert_eq!(refused(&c, Action::Select(gbacw::Piece::Unit(columbus))), "GBACW 5.0");
    ok(&mut g, Action::Select(gbacw::Piece::Unit(t)));
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Step(on)));
    assert!(!legal.contains(&Action::Step(bank)));
    assert_eq!(refused(&g, Action::Step(bank)), "GBACW 5.19");
    assert!(!legal.iter().any(|a| matches!(a, Action::Face(_))), "no facing");
    ok(&mut g, Action::Step(on));
    assert_eq!(g.hex_of(t), Some(on));
    ok(&mut g, Action::EndMove);
    assert_eq!(refused(&g, Action::Select(gbacw::Piece::Unit(t))), "GBACW 5.0", "moved");
}

/// The allowance is the exclusive rules' (12 MP): the twelfth river hex is entered, the
/// thirteenth is not.
#[test]
fn exclusive_a_gunboat_has_twelve_movement_points() {
    let (mut g, t, at, on, _) = tyler_afloat();
    tk::moving(&mut g, &[gbacw::Piece::Unit(t)], 22);
    ok(&mut g, Action::Step(on));
    let next = on.neighbours().into_iter().find(|&n| n != at && tk::is(&g, n, gbacw::terrain::Terrain::River));
    if let Some(next) = next {
        assert_eq!(refused(&g, Action::Step(next)), "GBACW 5.11");
    }
    assert_eq!(gbacw::movement::allowance(&g, gbacw::Piece::Unit(t)), 24);
}

/// A gunboat has no zone and is in none: leaving the enemy's bank it draws no withdrawal fire
/// (10.1), and no regiment moves with it; a Confederate regiment on the bank may not melee it.
#[test]
fn exclusive_a_gunboat_draws_no_withdrawal_fire_and_is_never_meleed() {
    let (mut g, t, at, on, bank) = tyler_afloat();
    let c = tk::put(&mut g, "12TN", &bank.label(), gbacw::facing::toward(bank, at).unwrap());
    g.command.unit_ok = vec![true; g.units.len()];
    let purpose = gbacw::zoc::Purpose::Fire { mounted: false };
    assert!(gbacw::zoc::in_enemy_zoc(&g, Side::Union, at, purpose), "the 12th's zone reaches the boat");
    ok(&mut g, Action::Select(gbacw::Piece::Unit(t)));
    ok(&mut g, Action::Step(on));
    assert_eq!(g.hex_of(t), Some(on), "no withdrawal fire holds the step");
    assert!(matches!(g.stack.last(), Some(Frame::Move(_))));
    // The Confederates' melee: the boat's hex is never a target, and says why.
    let mut m = g.clone();
    m.unit_mut(t).loc = Loc::Map(at);
    tk::phase(&mut m, 1, Side::Confederate, Phase::RetreatBeforeMelee);
    m.unit_mut(c).morale = Some(3);
    assert!(!m.legal_actions().contains(&Action::Announce { unit: c, at }));
    let why = gbacw::melee::attack::may_melee(&m, c, at).unwrap_err();
    assert!(why.rule == "GBACW 12.0" && why.reason.contains("never meleed"), "{why:?}");
    // The neighbour: with the boat gone the hex is merely empty.
    m.unit_mut(t).loc = Loc::Map(on);
    let why = gbacw::melee::attack::may_melee(&m, c, at).unwrap_err();
    assert!(why.reason.contains("no enemy unit holds"), "{why:?}");
}

/// 13.31 with plan 2.5 c: a routed gunboat steams away by river hexes only (a routed regiment
/// on the bank beside it retreats over the land), and where no river is left it stays where it
/// is, routed, never captured.
#[test]
fn exclusive_a_routed_gunboat_retreats_along_the_river_or_stays() {
    let (mut g, t, at, _, bank) = tyler_afloat();
    let c = tk::put(&mut g, "12TN", &bank.label(), gbacw::facing::toward(bank, at).unwrap());
    g.command.unit_ok = vec![true; g.units.len()];
    let mut boat = g.clone();
    tk::rout(&mut boat, t, &[c]);
    let next: Vec<Hex> = boat
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::RetreatTo(h) => Some(h),
            _ => None,
        })
        .collect();
    assert!(!next.is_empty(), "the river is open");
    assert!(next.iter().all(|&h| tk::is(&boat, h, gbacw::terrain::Terrain::River)), "{next:?}");
    // The neighbour: a Union regiment routed from the bank retreats over the land.
    let mut foot = g.clone();
    let u = tk::put(&mut foot, "27IL", &bank.label(), 0);
    foot.unit_mut(c).loc = Loc::Map(
        bank.neighbours()
            .into_iter()
            .find(|&n| n != at && foot.map().terrain(n).is_some() && !tk::is(&foot, n, gbacw::terrain::Terrain::River))
            .unwrap(),
    );
    tk::rout(&mut foot, u, &[c]);
    let on_land = foot
        .legal_actions()
        .into_iter()
        .any(|a| matches!(a, Action::RetreatTo(h) if !tk::is(&foot, h, gbacw::terrain::Terrain::River)));
    assert!(on_land, "a regiment goes ashore");
    // No river left that leads away (R32: farther from where it began, never toward the
    // enemy's edge): the boat stays, routed.
    let boxed_at = |h: Hex| {
        let mut b = g.clone();
        b.unit_mut(t).loc = Loc::Map(h);
        tk::rout(&mut b, t, &[c]);
        b
    };
    let lonely = tk::find(&g, "a river hex the boat cannot leave by R32", |h| {
        tk::is(&g, h, gbacw::terrain::Terrain::River)
            && !boxed_at(h).legal_actions().iter().any(|a| matches!(a, Action::RetreatTo(_)))
    });
    let boxed = boxed_at(lonely);
    assert_eq!(boxed.unit(t).loc, Loc::Map(lonely));
    assert!(boxed.unit(t).routed);
}

/// 7.0 and 9.82 with plan 2.5 c (the second audit): a gunboat has no facing, so it is never
/// enfiladed (no column shift, no +1 on its morale die), and musketry strikes its crew, not its
/// guns, as it does a battery's.
#[test]
fn exclusive_a_gunboat_is_never_enfiladed_and_musketry_strikes_its_crew() {
    use gbacw::facing::Facing;
    use gbacw::fire::resolve::enfilades;
    let (mut g, t, at, _, bank) = tyler_afloat();
    assert_eq!(gbacw::fire::facing_kind(&g, t), Facing::None);
    let c = tk::put(&mut g, "12TN", &bank.label(), gbacw::facing::toward(bank, at).unwrap());
    g.command.unit_ok = vec![true; g.units.len()];
    tk::phase(&mut g, 3, Side::Confederate, Phase::OffensiveFire);
    ok(&mut g, Action::FireAt(at));
    let via = gbacw::facing::toward(bank, at).unwrap();
    ok(&mut g, Action::Fire { unit: c, sp: 4, via });
    let Some(Frame::Fire(gbacw::fire::FireFrame::Declare(d))) = g.stack.last() else { panic!("declared") };
    assert!(!enfilades(&g, &d.shares[0], t, at), "frontal to every hexside");
    ok(&mut g, Action::Resolve);
    let die = tk::die_for(&g, |r| matches!(r, gbacw::charts::FireResult::Loss { .. }));
    let guns = g.strength(t);
    tk::roll_all(&mut g, die);
    assert_eq!(g.strength(t), guns, "no gun lost to musketry");
    assert_eq!(g.unit(t).crew_lost, 1, "the crew is struck");
}

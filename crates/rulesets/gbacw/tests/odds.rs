//! `gbacw::odds::fire` against the engine: real fires set up on the map, every chance outcome
//! of their resolution enumerated by `analysis::outcomes`, and the calculator given the same
//! column, morale and modifiers must give the same chances of each loss, elimination, rout,
//! pin and depletion.

use engine::{Game, Side};
use gbacw::authored::Arm;
use gbacw::fire::FireFrame;
use gbacw::fire::resolve::{self, Group};
use gbacw::odds::{self, Fire};
use gbacw::testkit::{self as tk, hex};
use gbacw::{Action, Formation, Frame, Gbacw, Phase, UnitId};

fn close(a: f64, b: f64, what: &str) {
    assert!((a - b).abs() < 1e-12, "{what}: engine {a} calculator {b}");
}

/// The column the declared fire reads at its first target.
fn column(g: &Gbacw, t: UnitId) -> usize {
    let Some(Frame::Fire(FireFrame::Declare(d))) = g.stack.last() else { panic!("no fire declared") };
    let arm = d.shares[0].arm;
    let grp = Group { arm, shares: d.shares.clone(), long: false, dice: Vec::new() };
    resolve::group_column(g, &grp, t, d.target, resolve::density_points(g, d.target))
}

/// Resolves the declared fire by exact enumeration and compares it with the calculator.
fn check(g: &Gbacw, t: UnitId, firer: UnitId, modifier: i32) {
    let target = hex("2329");
    let small_arms =
        matches!(g.stack.last(), Some(Frame::Fire(FireFrame::Declare(d))) if d.shares[0].arm == Arm::SmallArms);
    let f = Fire {
        column: column(g, t),
        small_arms,
        morale: g.unit(t).morale,
        modifier,
        initial: g.info(t).strength(),
        lost: g.unit(t).lost,
    };
    let o = odds::fire(&f);
    let d = analysis::outcomes(g, &Action::Resolve, 1_000_000).expect("small enough");
    close(d.total(), 1.0, "total");
    let lost0 = g.unit(t).lost;
    for k in 0..4u8 {
        let e = d.mean(|x| f64::from(u8::from(x.unit(t).lost - lost0 == k)));
        close(e, o.loss[usize::from(k)], &format!("loss {k}"));
    }
    close(d.mean(|x| f64::from(u8::from(x.hex_of(t).is_none()))), o.eliminated, "eliminated");
    close(d.mean(|x| f64::from(u8::from(x.hex_of(t).is_some() && x.unit(t).routed))), o.routed, "routed");
    close(
        d.mean(|x| f64::from(u8::from(x.hex_of(t).is_some() && !x.unit(t).routed && x.pinned.contains(&target)))),
        o.pinned,
        "pinned",
    );
    close(d.mean(|x| f64::from(u8::from(x.unit(firer).depleted))), o.depleted, "depleted");
}

/// Union 27th Illinois in 2328 facing south at the 12th Tennessee in 2329 facing `faced`.
fn setup(faced: u8, morale: Option<u8>, lost: u8) -> (Gbacw, UnitId, UnitId) {
    let mut g = tk::empty();
    tk::phase(&mut g, 1, Side::Union, Phase::OffensiveFire);
    let a = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    let t = tk::place(&mut g, "12TN", "2329", Formation::Line, faced);
    g.unit_mut(t).morale = morale;
    g.unit_mut(t).lost = lost;
    (g, a, t)
}

fn declare(g: &mut Gbacw, u: UnitId, sp: u8) {
    g.apply(&Action::FireAt(hex("2329"))).unwrap();
    g.apply(&Action::Fire { unit: u, sp, via: 3 }).unwrap();
}

#[test]
fn small_arms_frontal_matches_the_engine() {
    let (mut g, a, t) = setup(0, Some(3), 0);
    declare(&mut g, a, 4);
    check(&g, t, a, 0);
}

#[test]
fn small_arms_enfilading_a_green_unit_matches_the_engine() {
    let (mut g, a, t) = setup(3, None, 0);
    declare(&mut g, a, 4);
    check(&g, t, a, 1);
}

#[test]
fn grapeshot_at_a_worn_unit_matches_the_engine() {
    for (lost, morale) in [(2, 4), (4, 2), (0, 5)] {
        let (mut g, _, t) = setup(0, Some(morale), lost);
        let bat = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
        declare(&mut g, bat, 6);
        check(&g, t, bat, 0);
    }
}

#[test]
fn the_odds_of_a_share_carry_through_to_the_roll() {
    let (mut g, a, _) = setup(0, Some(3), 0);
    g.apply(&Action::FireAt(hex("2329"))).unwrap();
    let share = Action::Fire { unit: a, sp: 4, via: 3 };
    let mut after = g.clone();
    after.apply(&share).unwrap();
    assert_eq!(after.odds_own(&share), engine::OddsOwn::Take(Action::Resolve));
}

/// A withdrawal shot is one fire at one unit (10.1, R40): the calculator gives its odds too.
/// The 12th Tennessee in 2329 facing north fires at the 27th Illinois (morale 3) stepping out
/// of 2328 to 2327, its back turned (10.16: enfiladed, +1 to its morale dice).
#[test]
fn a_withdrawal_shot_matches_the_engine() {
    let mut g = tk::movement(Side::Union);
    let t = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    let f = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    g.unit_mut(t).morale = Some(3);
    g.apply(&Action::Select(gbacw::Piece::Unit(t))).unwrap();
    g.apply(&Action::Step(hex("2327"))).unwrap();
    let (arm, times, range, vias, sp) = gbacw::withdrawal::aim(&g, Side::Confederate, f, hex("2328"), t).unwrap();
    let halves = gbacw::strength::final_halves(sp, times);
    let share = gbacw::fire::Share { unit: f, from: hex("2329"), sp, via: vias[0], arm, range, halves };
    let grp = Group { arm, shares: vec![share], long: false, dice: Vec::new() };
    let column = resolve::group_column(&g, &grp, t, hex("2328"), resolve::density_points(&g, hex("2328")));
    let o = odds::fire(&Fire { column, small_arms: true, morale: Some(3), modifier: 1, initial: 7, lost: 0 });
    let d = analysis::outcomes(&g, &Action::Fire { unit: f, sp, via: vias[0] }, 1_000_000).expect("small enough");
    close(d.total(), 1.0, "total");
    for k in 0..4u8 {
        close(d.mean(|x| f64::from(u8::from(x.unit(t).lost == k))), o.loss[usize::from(k)], &format!("loss {k}"));
    }
    close(d.mean(|x| f64::from(u8::from(x.unit(t).routed))), o.routed, "routed");
    // 10.15: a pinned mover has taken its step and is pinned where it stands.
    let pinned = |x: &Gbacw| !x.unit(t).routed && x.hex_of(t).is_some_and(|h| x.pinned.contains(&h));
    close(d.mean(|x| f64::from(u8::from(pinned(x)))), o.pinned, "pinned");
    close(d.mean(|x| f64::from(u8::from(x.unit(f).depleted))), o.depleted, "depleted");
}

/// One melee of the 27th Illinois (in 2328, `lost` points down) into the 12th Tennessee (in
/// 2329, 5 points), resolved by exact enumeration up to the first decision after the
/// die, against `odds::melee`.
fn melee_matches(lost: u8, erratum: bool) {
    use gbacw::melee::attack;
    let opts: Vec<String> = if erratum { vec!["melee-erratum".into()] } else { Vec::new() };
    let mut g = Gbacw::new(&opts).unwrap();
    tk::clear_map(&mut g);
    let a = tk::place(&mut g, "27IL", "2328", Formation::Line, 3);
    let t = tk::place(&mut g, "12TN", "2329", Formation::Line, 0);
    g.unit_mut(a).morale = Some(3);
    g.unit_mut(a).lost = lost;
    g.unit_mut(t).morale = Some(3);
    g.command.unit_ok = vec![true; g.units.len()];
    tk::phase(&mut g, 1, Side::Union, Phase::RetreatBeforeMelee);
    g.apply(&Action::Announce { unit: a, at: hex("2329") }).unwrap();
    g.apply(&Action::Done).unwrap();
    g.apply(&Action::Done).unwrap();
    g.apply(&Action::MeleeAt(hex("2329"))).unwrap();
    g.apply(&Action::Attack(a)).unwrap();
    let differential = attack::differential(&g, &[(a, hex("2328"))], hex("2329"));
    let points = [g.strength(a), g.strength(t)];
    let o = odds::melee(&odds::Melee { differential, erratum, points });
    let d = analysis::outcomes(&g, &Action::Resolve, 1_000_000).expect("small enough");
    close(d.total(), 1.0, "total");
    let target = hex("2329");
    let retreating = |x: &Gbacw, u: UnitId| {
        x.stack.iter().any(|f| matches!(f, Frame::Retreat(gbacw::retreat::RetreatFrame::Go(r)) if r.units.contains(&u) && matches!(r.why, gbacw::retreat::Why::Melee | gbacw::retreat::Why::FallBack)))
    };
    for (i, u) in [(0, a), (1, t)] {
        let lost0 = g.unit(u).lost;
        close(d.mean(|x| f64::from(x.unit(u).captured)), o.captured[i], "captured");
        close(d.mean(|x| f64::from(x.unit(u).lost - lost0 - x.unit(u).captured)), o.killed[i], "killed");
        // A melee retreat under way (a rout after a check is no part of the table).
        close(d.mean(|x| f64::from(u8::from(retreating(x, u)))), o.retreat[i], "retreat");
    }
    close(d.mean(|x| f64::from(u8::from(x.engaged.contains(&target)))), o.engaged, "engaged");
}

#[test]
fn melee_matches_the_engine() {
    // 7 against 5 (+2), 4 against 5 (-1), 2 against 5 (-3); and the erratum at +2.
    for lost in [0, 3, 5] {
        melee_matches(lost, false);
    }
    melee_matches(0, true);
}

/// The third audit: a melee's odds through the attacker's own retreat (12.95) stopped there;
/// what a fire or melee leaves to settle, its side's retreats above all, is answered by its
/// best move; the next fire or announcement is the player's to start (the odds stop).
#[test]
fn the_odds_carry_through_the_sides_own_retreats_and_stop_at_a_new_decision() {
    let (mut g, a, _) = setup(0, Some(3), 0);
    let share = Action::Fire { unit: a, sp: 4, via: 3 };
    assert_eq!(g.odds_own(&share), engine::OddsOwn::Stop, "the Fire Phase: a new fire is the player's");
    tk::rout(&mut g, a, &[]);
    assert!(matches!(g.stack.last(), Some(Frame::Retreat(_))));
    assert_eq!(g.odds_own(&share), engine::OddsOwn::Best, "its own rout's path: the best");
}

/// The sixth playtest: Done was greyed with no reason while a fire was being declared; it
/// names 9.0 and what is to do.
#[test]
fn done_while_a_fire_is_declared_says_what_to_do() {
    let (mut g, a, _) = setup(0, Some(3), 0);
    g.apply(&Action::FireAt(hex("2329"))).unwrap();
    let e = g.apply(&Action::Done).unwrap_err();
    assert_eq!(e.rule, "GBACW 9.0");
    assert!(e.reason.contains("add a unit's share"), "{}", e.reason);
    g.apply(&Action::Fire { unit: a, sp: 4, via: 3 }).unwrap();
    assert!(g.apply(&Action::Done).unwrap_err().reason.contains("or resolve it"));
}

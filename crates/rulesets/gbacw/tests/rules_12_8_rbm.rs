//! Step 10, the Retreat Before Melee Phase: 12.8-12.89 and 16.1, each with the neighbouring
//! case where it must not fire. The Union's 27th Illinois in 2328 faces south and announces a
//! melee at 2329, where the Confederate 12th Tennessee (morale 3) faces north; the 12th may
//! fall back south, out of the 27th's zone.

use engine::{Actor, Game, Side};
use gbacw::charts::FireResult;
use gbacw::melee::MeleeFrame;
use gbacw::testkit::{self as tk, die_for, hex, ok, refused, retreat_first, roll_all};
use gbacw::{Action, Formation, Frame, Gbacw, Phase, UnitId};

/// The Confederate's answer pending for 2329 after the 27th's announcement.
fn announced() -> (Gbacw, UnitId, UnitId) {
    let (mut g, u, c) = tk::contact();
    tk::phase(&mut g, 1, Side::Union, Phase::RetreatBeforeMelee);
    ok(&mut g, Action::Announce { unit: u, at: hex("2329") });
    ok(&mut g, Action::Done);
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.prompt().rule, "GBACW 12.8");
    (g, u, c)
}

/// The Union's withdrawal shot with `u`, its first listed.
fn shoot(g: &mut Gbacw, u: UnitId) {
    let a = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Fire { unit, .. } if *unit == u))
        .expect("a withdrawal shot");
    ok(g, a);
}

/// The 12th retreats before melee toward 2330 and the 27th fires at it as it leaves (12.83):
/// the fire die is pending.
fn shot_at() -> (Gbacw, UnitId) {
    let (mut g, u, c) = announced();
    ok(&mut g, Action::Retire(c));
    ok(&mut g, Action::RetreatTo(hex("2330")));
    shoot(&mut g, u);
    (g, c)
}

#[test]
fn rule_12_81_one_or_two_hexes_then_morale() {
    let (mut g, u, c) = announced();
    ok(&mut g, Action::Retire(c));
    ok(&mut g, Action::RetreatTo(hex("2330")));
    // 12.83: the 27th may fire as the 12th leaves its zone; it declines.
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert_eq!(g.prompt().rule, "GBACW 10.1");
    ok(&mut g, Action::Done);
    assert_eq!(g.hex_of(c), Some(hex("2330")));
    // One hex is enough (12.81); a second may follow.
    assert!(g.legal_actions().contains(&Action::EndMove));
    ok(&mut g, Action::RetreatTo(hex("2331")));
    // 12.83: a morale check, fired on or not.
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.prompt().rule, "GBACW 13.0");
    roll_all(&mut g, 1);
    assert_eq!(g.hex_of(c), Some(hex("2331")));
    assert!(!g.unit(c).routed);
    // 12.85: the hex vacated, the 27th may advance into it, and then may not melee.
    assert_eq!(g.prompt().rule, "GBACW 12.85");
    ok(&mut g, Action::Advance(u));
    assert_eq!(g.hex_of(u), Some(hex("2329")));
    ok(&mut g, Action::Done);
    assert!(g.phase > Phase::Melee || g.phasing == Side::Confederate, "nothing left to melee: F passes");
}

#[test]
fn rule_12_82_not_into_an_enemy_zone() {
    let (mut g, _, c) = announced();
    let v = tk::place(&mut g, "30IL", "2331", Formation::Line, 0);
    g.unit_mut(v).morale = Some(3);
    g.legal_memo.forget();
    ok(&mut g, Action::Retire(c));
    // 2330 lies in the 30th's zone now.
    assert_eq!(refused(&g, Action::RetreatTo(hex("2330"))), "GBACW 12.82");
    // The neighbouring hex out of every zone stays open.
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::RetreatTo(_))), "{:?}", g.legal_actions());
}

#[test]
fn rule_12_84_mounted_cavalry_no_fire_no_check() {
    let (mut g, _, c) = announced();
    g.unit_mut(c).formation = Formation::Mounted;
    g.legal_memo.forget();
    ok(&mut g, Action::Retire(c));
    ok(&mut g, Action::RetreatTo(hex("2330")));
    assert_eq!(g.hex_of(c), Some(hex("2330")), "no withdrawal fire");
    ok(&mut g, Action::EndMove);
    assert_ne!(g.actor(), Actor::Chance, "no morale check");
}

#[test]
fn rule_12_86_12_87_who_may_not_retreat() {
    // Unlimbered guns, pinned and routed units are not offered.
    for case in 0..3 {
        let (mut g, _, c) = announced();
        match case {
            0 => {
                g.unit_mut(c).loc = gbacw::Loc::Gone(gbacw::Fate::Eliminated);
                let b = tk::place(&mut g, "Watson", "2329", Formation::Unlimbered, 0);
                g.legal_memo.forget();
                assert_eq!(refused(&g, Action::Retire(b)), "GBACW 12.86");
                continue;
            }
            1 => g.pinned.push(hex("2329")),
            _ => g.unit_mut(c).routed = true,
        }
        g.legal_memo.forget();
        assert_eq!(refused(&g, Action::Retire(c)), "GBACW 12.87");
    }
    // The neighbouring case: unpinned and in good order, it may.
    let (g, _, c) = announced();
    assert!(g.legal_actions().contains(&Action::Retire(c)));
}

#[test]
fn rule_12_88_pinned_by_withdrawal_stays() {
    let (mut g, c) = shot_at();
    let d = die_for(&g, |r| matches!(r, FireResult::Pin | FireResult::PinOrRout));
    let pin_or_rout = matches!(
        gbacw::charts::fire_result(
            gbacw::fire::resolve::group_column(&g, &tk::resolution(&g).groups[0], c, hex("2329"), 5),
            d
        ),
        FireResult::PinOrRout
    );
    g.apply(&Action::Roll(d)).unwrap();
    // P/R: a passed check pins; P: a failed one pins.
    roll_all(&mut g, if pin_or_rout { 1 } else { 6 });
    // The Union declines any further shot.
    while g.actor() == Actor::Side(Side::Union) && matches!(g.stack.last(), Some(Frame::Withdraw(_))) {
        ok(&mut g, Action::Done);
    }
    assert!(g.pinned.contains(&hex("2329")));
    assert_eq!(g.hex_of(c), Some(hex("2329")), "pinned by the fire, it stays to accept the melee");
    assert!(g.log().events().iter().any(|e| e.rule == "GBACW 12.88"));
}

#[test]
fn rule_12_83_withdrawal_fire_routs_the_retreating_unit() {
    let (mut g, c) = shot_at();
    let d = die_for(&g, |r| matches!(r, FireResult::Rout | FireResult::PinOrRout));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6);
    assert!(g.unit(c).routed, "routed by the withdrawal fire");
    // It retreats three hexes as a routed unit (13.31), not as a retreat before melee.
    retreat_first(&mut g);
    assert_eq!(g.hex_of(c).map(|h| h.distance(hex("2329"))), Some(3));
    assert!(!g.stack.iter().any(|f| matches!(f, Frame::Melee(MeleeFrame::Rbm(_)))));
}

#[test]
fn rule_12_8_accept() {
    let (mut g, _, c) = announced();
    ok(&mut g, Action::Done);
    assert_eq!(g.hex_of(c), Some(hex("2329")));
    assert_eq!(g.phase, Phase::Melee);
    assert_eq!(g.actor(), Actor::Side(Side::Union));
}

#[test]
fn rule_16_1_mounted_may_enter_a_zone_drawing_retreat_fire_r12() {
    let (mut g, _, c) = announced();
    g.unit_mut(c).formation = Formation::Mounted;
    let v = tk::place(&mut g, "30IL", "2331", Formation::Line, 0);
    g.unit_mut(v).morale = Some(3);
    g.legal_memo.forget();
    ok(&mut g, Action::Retire(c));
    // 2330 is in the 30th's zone: mounted cavalry may enter it (R12), under retreat fire.
    ok(&mut g, Action::RetreatTo(hex("2330")));
    assert_eq!(g.hex_of(c), Some(hex("2330")));
    assert_eq!((g.actor(), g.prompt().rule.as_str()), (Actor::Side(Side::Union), "GBACW 10.2"));
}

/// 11.17, 12.83 with 11.1 and 11.12: a crewed wagon may retreat before melee; withdrawal fire
/// that kills its crew as it leaves stops it where it is, crewless, and the dead crew neither
/// routs nor checks (the third audit: the wagon went on retreating and its dead crew rallied).
#[test]
fn rule_11_17_a_wagon_whose_crew_is_killed_retreating_before_melee_stays() {
    let (mut g, u, c) = announced();
    g.unit_mut(c).loc = gbacw::Loc::Gone(gbacw::Fate::Eliminated);
    let w = tk::place(&mut g, "CWagon", "2329", Formation::Wagon, 0);
    g.unit_mut(w).morale = Some(3);
    g.legal_memo.forget();
    assert!(g.legal_actions().contains(&Action::Retire(w)), "11.17: a crewed wagon may");
    ok(&mut g, Action::Retire(w));
    ok(&mut g, Action::RetreatTo(hex("2330")));
    shoot(&mut g, u);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6);
    while g.actor() == Actor::Side(Side::Union) && matches!(g.stack.last(), Some(Frame::Withdraw(_))) {
        ok(&mut g, Action::Done);
    }
    assert!(gbacw::fire::wagon::crew_dead(&g, w), "small arms kill the crew (11.12)");
    assert_eq!(g.hex_of(w), Some(hex("2329")), "it stays where its crew fell (11.1)");
    assert!(!g.unit(w).routed);
    assert!(!g.stack.iter().any(|f| matches!(f, Frame::Melee(MeleeFrame::Rbm(_)))));
    // The neighbouring case: a shot whose pin the crew shrugs off lets it go on.
    let (mut g, u, c) = announced();
    g.unit_mut(c).loc = gbacw::Loc::Gone(gbacw::Fate::Eliminated);
    let w = tk::place(&mut g, "CWagon", "2329", Formation::Wagon, 0);
    g.unit_mut(w).morale = Some(3);
    g.legal_memo.forget();
    ok(&mut g, Action::Retire(w));
    ok(&mut g, Action::RetreatTo(hex("2330")));
    shoot(&mut g, u);
    let d = die_for(&g, |r| r == FireResult::Pin);
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 1);
    assert_eq!(g.hex_of(w), Some(hex("2330")));
    assert!(!gbacw::fire::wagon::crewless(&g, w));
}

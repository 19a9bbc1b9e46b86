//! Step 10, cavalry charges: 16.2-16.33, each with the neighbouring case where it must not
//! fire. Delano's Adams County cavalry (1 SP), mounted in 2328 facing south, charges the
//! 12th Tennessee in 2329.

use engine::{Actor, Game, Side};
use gbacw::charts::MeleeEffect;
use gbacw::melee::{MeleeFrame, attack, bout};
use gbacw::terrain::Terrain;
use gbacw::testkit::{self as tk, hex, ok, refused, retreat_first, roll_all};
use gbacw::{Action, Formation, Frame, Gbacw, Phase, UnitId};

/// Delano mounted in `from` facing `facing` and the 12th Tennessee in `at`, the Union's
/// Movement Phase begun (16.23 records where Delano starts) and then its Phase E.
fn charge_ground(from: &str, facing: u8, at: &str) -> (Gbacw, UnitId, UnitId) {
    let (mut g, u, c) = tk::contact();
    g.unit_mut(u).loc = gbacw::Loc::Gone(gbacw::Fate::Eliminated);
    g.unit_mut(c).loc = gbacw::Loc::Map(hex(at));
    let d = tk::place(&mut g, "Delano", from, Formation::Mounted, facing);
    g.unit_mut(d).morale = Some(3);
    tk::phase(&mut g, 1, Side::Union, Phase::Movement);
    g.command.unit_ok = vec![true; g.units.len()];
    tk::phase(&mut g, 1, Side::Union, Phase::RetreatBeforeMelee);
    (g, d, c)
}

fn ground() -> (Gbacw, UnitId, UnitId) {
    charge_ground("2328", 3, "2329")
}

/// Charges 2329 with `d`, the defender accepting; the die is pending.
fn charge(g: &mut Gbacw, d: UnitId) {
    ok(g, Action::Charge { unit: d, at: hex("2329") });
    // The infantry may not retreat before a charge (16.26): no answer is asked.
    ok(g, Action::Done);
    ok(g, Action::MeleeAt(hex("2329")));
    ok(g, Action::Attack(d));
    ok(g, Action::Resolve);
}

fn roll_for(g: &mut Gbacw, want: (MeleeEffect, MeleeEffect)) {
    let Some(Frame::Melee(MeleeFrame::Bout(b))) = g.stack.last() else { panic!("no melee") };
    let diff = attack::differential(g, &b.attackers, b.target);
    let die = (1..=6).find(|&d| bout::result(g, diff, d) == want).unwrap_or_else(|| panic!("none at {diff:+}"));
    g.apply(&Action::Roll(die)).unwrap();
}

#[test]
fn rule_16_24_charge_doubles_but_not_against_mounted_16_33() {
    let (mut g, d, _) = ground();
    ok(&mut g, Action::Charge { unit: d, at: hex("2329") });
    let atk = [(d, hex("2328"))];
    assert_eq!(attack::strengths(&g, &atk, hex("2329")).0.base, 2, "1 SP charging: 2");
    // 16.33: against mounted cavalry, neither doubles.
    let (mut g2, d2, c2) = ground();
    g2.unit_mut(c2).formation = Formation::Mounted;
    ok(&mut g2, Action::Charge { unit: d2, at: hex("2329") });
    let (a, def) = attack::strengths(&g2, &atk, hex("2329"));
    assert_eq!((a.base, def.base), (1, 5));
    // Neighbouring case: a plain melee by mounted cavalry is at its strength (12.13).
    let (mut g3, d3, _) = ground();
    ok(&mut g3, Action::Announce { unit: d3, at: hex("2329") });
    assert_eq!(attack::strengths(&g3, &atk, hex("2329")).0.base, 1);
}

#[test]
fn rule_16_23_within_four_hexes_of_the_movement_start() {
    let (mut g, d, _) = ground();
    g.melee.charge_start = vec![(d, hex("2324"))];
    g.legal_memo.forget();
    assert_eq!(refused(&g, Action::Charge { unit: d, at: hex("2329") }), "GBACW 16.23");
    // It may still melee normally.
    assert!(g.legal_actions().contains(&Action::Announce { unit: d, at: hex("2329") }));
    // Neighbouring case: four hexes off, it may charge.
    g.melee.charge_start = vec![(d, hex("2325"))];
    g.legal_memo.forget();
    ok(&mut g, Action::Charge { unit: d, at: hex("2329") });
}

#[test]
fn rule_16_22_no_charge_into_woods() {
    let g0 = tk::empty();
    let woods = tk::find(&g0, "woods next to clear ground", |h| {
        tk::is(&g0, h, Terrain::Woods)
            && h.neighbours().iter().any(|&n| tk::is(&g0, n, Terrain::Clear) && g0.map().hexside(n, h).is_none())
    });
    let from = *woods
        .neighbours()
        .iter()
        .find(|&&n| tk::is(&g0, n, Terrain::Clear) && g0.map().hexside(n, woods).is_none())
        .unwrap();
    let facing = gbacw::facing::toward(from, woods).unwrap();
    let (g, d, _) = charge_ground(&from.label(), facing, &woods.label());
    assert_eq!(refused(&g, Action::Charge { unit: d, at: woods }), "GBACW 16.22");
    assert!(g.legal_actions().contains(&Action::Announce { unit: d, at: woods }), "a melee it may make");
}

#[test]
fn rule_16_26_no_rbm_vs_charge() {
    let (mut g, d, c) = ground();
    ok(&mut g, Action::Charge { unit: d, at: hex("2329") });
    assert_eq!(gbacw::melee::rbm::retire_check(&g, c, hex("2329")).unwrap_err().rule, "GBACW 16.26");
    // Nothing to answer: the Melee Phase follows at once.
    ok(&mut g, Action::Done);
    assert_eq!((g.phase, g.actor()), (Phase::Melee, Actor::Side(Side::Union)));
    // Neighbouring case: against a plain melee it may retreat.
    let (mut g, d, c) = ground();
    ok(&mut g, Action::Announce { unit: d, at: hex("2329") });
    ok(&mut g, Action::Done);
    assert!(g.legal_actions().contains(&Action::Retire(c)));
    // Mounted cavalry may retreat before a charge; the charger melees no one and stays in order.
    let (mut g, d, c) = ground();
    g.unit_mut(c).formation = Formation::Mounted;
    ok(&mut g, Action::Charge { unit: d, at: hex("2329") });
    ok(&mut g, Action::Done);
    ok(&mut g, Action::Retire(c));
    ok(&mut g, Action::RetreatTo(hex("2330")));
    ok(&mut g, Action::EndMove);
    while g.phase == Phase::RetreatBeforeMelee && g.actor() == Actor::Side(Side::Union) {
        ok(&mut g, Action::Done);
    }
    assert!(!g.unit(d).routed);
}

/// Delano charges the 12th worn to one point (2 against 1, +1) and rolls for `a`/`d`.
fn charged_at_one(a: MeleeEffect, d: MeleeEffect) -> (Gbacw, UnitId, UnitId) {
    let (mut g, cav, c) = ground();
    g.unit_mut(c).lost = 4;
    charge(&mut g, cav);
    roll_for(&mut g, (a, d));
    (g, cav, c)
}

#[test]
fn rule_16_25_chargers_rout() {
    // Die 1 at +1 reads "-/C1R2": the 12th is taken.
    let (mut g, d, c) = charged_at_one(MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 1, retreat: 2 });
    assert_eq!(g.unit(c).loc, gbacw::Loc::Gone(gbacw::Fate::Captured));
    assert!(g.unit(d).routed, "the charger routs after the melee");
    retreat_first(&mut g);
    assert_eq!(g.hex_of(d).map(|h| h.distance(hex("2329"))), Some(3), "and retreats three hexes (13.31)");
    // Neighbouring case: a plain melee leaves the cavalry in order.
    let (mut g, d, c) = ground();
    g.unit_mut(c).lost = 4; // 1 against 1: 0; die 1 reads "-/C1R2"
    ok(&mut g, Action::Announce { unit: d, at: hex("2329") });
    ok(&mut g, Action::Done);
    ok(&mut g, Action::Done);
    ok(&mut g, Action::MeleeAt(hex("2329")));
    ok(&mut g, Action::Attack(d));
    ok(&mut g, Action::Resolve);
    roll_for(&mut g, (MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 1, retreat: 2 }));
    roll_all(&mut g, 1);
    assert!(!g.unit(d).routed);
}

#[test]
fn rule_16_27_engaged_chargers_rout_too() {
    // +1; die 4 reads "Eng/Eng".
    let (mut g, d, c) = charged_at_one(MeleeEffect::Engaged, MeleeEffect::Engaged);
    assert!(g.unit(d).routed);
    retreat_first(&mut g);
    assert_eq!(g.hex_of(c), Some(hex("2329")));
    assert_ne!(g.hex_of(d), Some(hex("2329")), "the routed charger has left the melee");
}

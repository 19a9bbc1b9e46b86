//! Step 10, melee: 12.0-12.98, 7.3, 17.54, 17.73, each rule's effect and the neighbouring case
//! where it must not fire. The clear, level strip by the river is the ground: the Union's 27th
//! Illinois in 2328 faces south at the Confederate 12th Tennessee in 2329, faced north.

use engine::{Actor, Game, Side};
use gbacw::charts::MeleeEffect;
use gbacw::melee::{MeleeFrame, attack, bout};
use gbacw::testkit::{self as tk, hex, ok, refused, roll_all};
use gbacw::{Action, Formation, Frame, Gbacw, Phase, UnitId};

/// Begins the phasing side's Phase E on the position.
fn phase_e(g: &mut Gbacw, side: Side) {
    tk::phase(g, 1, side, Phase::RetreatBeforeMelee);
    engine::procedure::settle(g);
}

/// Announces `attacks` in Phase E, the defender accepting every melee; Phase F is under way.
fn announced(g: &mut Gbacw, attacks: &[(UnitId, &str)]) {
    for &(unit, at) in attacks {
        ok(g, Action::Announce { unit, at: hex(at) });
    }
    ok(g, Action::Done);
    while matches!(g.stack.last(), Some(Frame::Melee(MeleeFrame::Defend(_)))) {
        ok(g, Action::Done);
    }
    assert_eq!(g.phase, Phase::Melee);
}

/// Declares a melee at `at` by `units` and resolves it, up to the die.
fn declare(g: &mut Gbacw, at: &str, units: &[UnitId]) {
    ok(g, Action::MeleeAt(hex(at)));
    for &u in units {
        ok(g, Action::Attack(u));
    }
    ok(g, Action::Resolve);
}

/// Phase E to the die: `u` announced against 2329 and meleeing it alone, accepted.
fn fight(g: &mut Gbacw, u: UnitId) {
    phase_e(g, Side::Union);
    announced(g, &[(u, "2329")]);
    declare(g, "2329", &[u]);
}

/// The melee pending its die.
fn pending(g: &Gbacw) -> &bout::Bout {
    match g.stack.last() {
        Some(Frame::Melee(MeleeFrame::Bout(b))) => b,
        other => panic!("no melee resolving: {other:?}"),
    }
}

/// Rolls the die that gives a result `want` on the pending melee's differential.
fn roll_for(g: &mut Gbacw, want: impl Fn((MeleeEffect, MeleeEffect)) -> bool) {
    let b = pending(g);
    let diff = attack::differential(g, &b.attackers, b.target);
    let die = (1..=6).find(|&d| want(bout::result(g, diff, d))).unwrap_or_else(|| panic!("no such die at {diff:+}"));
    g.apply(&Action::Roll(die)).unwrap();
}

/// Takes the first listed choice until Chance or the Melee Phase frame is pending.
fn play_out(g: &mut Gbacw, die: u8) {
    play_out_by(g, |_, outcomes| {
        outcomes.iter().map(|(a, _)| *a).find(|a| *a == Action::Roll(die)).unwrap_or(outcomes[0].0)
    });
}

/// Plays on to the Melee Phase frame, chance as `pick` chooses, each side its first choice.
fn play_out_by(g: &mut Gbacw, mut pick: impl FnMut(&Gbacw, &[(Action, f64)]) -> Action) {
    for _ in 0..200 {
        match g.actor() {
            Actor::Chance => {
                let outcomes = g.chance_outcomes();
                let a = pick(g, &outcomes);
                g.apply(&a).unwrap();
            }
            Actor::Side(_) if matches!(g.stack.last(), Some(Frame::Melee(MeleeFrame::Phase))) => return,
            Actor::Side(_) => {
                let a = g.legal_actions()[0];
                g.apply(&a).unwrap();
            }
            Actor::Over => return,
        }
    }
}

/// The rule `u` may not melee `at` under, in the phasing side's Phase E.
fn why_not(g: &Gbacw, u: UnitId, at: &str) -> String {
    let mut g = g.clone();
    g.phasing = g.side_of(u);
    g.phase = Phase::RetreatBeforeMelee;
    attack::may_melee(&g, u, hex(at)).expect_err("refused").rule
}

#[test]
fn rule_12_22_melee_what_you_fired_at() {
    let (mut g, u, _) = tk::contact();
    let other = tk::place(&mut g, "13TN", "2427", Formation::Line, 3);
    g.unit_mut(other).morale = Some(3);
    // It fired at another hex: it may melee only that one.
    g.fired_at = vec![(u, hex("2427"))];
    assert_eq!(why_not(&g, u, "2329"), "GBACW 12.22");
    // It fired at 2329: 2329 it may melee.
    g.fired_at = vec![(u, hex("2329"))];
    phase_e(&mut g, Side::Union);
    ok(&mut g, Action::Announce { unit: u, at: hex("2329") });
    // Neighbouring case: a unit that fired at nothing melees any hex next to it.
    let (mut g, u, _) = tk::contact();
    phase_e(&mut g, Side::Union);
    ok(&mut g, Action::Announce { unit: u, at: hex("2329") });
    // 12.26: one hex only.
    assert_eq!(refused(&g, Action::Announce { unit: u, at: hex("2329") }), "GBACW 12.26");
}

#[test]
fn rule_12_2_who_may_initiate() {
    let (g0, u, _) = tk::contact();
    // 7.31: the target behind the attacker's frontal hexsides.
    let mut g = g0.clone();
    g.unit_mut(u).facing = 0;
    assert_eq!(why_not(&g, u, "2329"), "GBACW 7.31");
    // 12.24: Column may not initiate.
    let mut g = g0.clone();
    g.unit_mut(u).formation = Formation::Column;
    assert_eq!(why_not(&g, u, "2329"), "GBACW 12.24");
    // 12.25: gun crews may not.
    let mut g = g0.clone();
    let b = tk::place(&mut g, "Taylor", "2328", Formation::Unlimbered, 3);
    assert_eq!(why_not(&g, b, "2329"), "GBACW 12.25");
    // 12.96: pinned units may not.
    let mut g = g0.clone();
    g.pinned.push(hex("2328"));
    assert_eq!(why_not(&g, u, "2329"), "GBACW 12.96");
    // 13.32: routed units may not.
    let mut g = g0.clone();
    g.unit_mut(u).routed = true;
    assert_eq!(why_not(&g, u, "2329"), "GBACW 13.32");
    // 17.11: out of command, it may not.
    let mut g = g0.clone();
    g.command.unit_ok = vec![true; g.units.len()];
    g.command.unit_ok[usize::from(u)] = false;
    assert_eq!(why_not(&g, u, "2329"), "GBACW 17.11");
    // The neighbouring case: in command, in Line, faced at it, it may; the refusal of the
    // announcement names the rule too.
    let mut g = g0.clone();
    g.command.unit_ok = vec![true; g.units.len()];
    let v = tk::place(&mut g, "30IL", "2229", Formation::Line, 0);
    phase_e(&mut g, Side::Union);
    assert!(g.legal_actions().contains(&Action::Announce { unit: u, at: hex("2329") }));
    let _ = v;
    assert_eq!(refused(&g, Action::Announce { unit: u, at: hex("2327") }), "GBACW 12.0");
}

#[test]
fn rule_12_8_only_announced_units_melee() {
    let (mut g, u, _) = tk::contact();
    let v = tk::place(&mut g, "30IL", "2229", Formation::Line, 1);
    g.unit_mut(v).morale = Some(3);
    phase_e(&mut g, Side::Union);
    announced(&mut g, &[(u, "2329")]);
    ok(&mut g, Action::MeleeAt(hex("2329")));
    // R24: the 30th, not announced, may not join; the 27th may.
    assert_eq!(refused(&g, Action::Attack(v)), "GBACW 12.8");
    ok(&mut g, Action::Attack(u));
}

#[test]
fn rule_12_0_nothing_announced_nothing_to_melee() {
    // Phase E with nothing to announce passes by itself, and so does Phase F.
    let (mut g, u, _) = tk::contact();
    g.unit_mut(u).facing = 0;
    phase_e(&mut g, Side::Union);
    assert!(!g.stack.iter().any(|f| matches!(f, Frame::Melee(_))), "{:?}", g.stack);
    assert_eq!(g.phasing, Side::Confederate, "the Union Player-Turn is over");
}

#[test]
fn rule_12_52_morale_bonus() {
    let (mut g, u, c) = tk::contact();
    g.phasing = Side::Union;
    let atk = [(u, hex("2328"))];
    g.unit_mut(u).morale = Some(5);
    let (a, d) = attack::strengths(&g, &atk, hex("2329"));
    assert!(a.morale && !d.morale, "5 against 3: two better");
    assert_eq!((a.total(), d.total()), (8, 5));
    // Neighbouring case: one better is no bonus.
    g.unit_mut(u).morale = Some(4);
    let (a, d) = attack::strengths(&g, &atk, hex("2329"));
    assert!(!a.morale && !d.morale);
    // The defender's bonus, and 12.4's leader: one point per side.
    g.unit_mut(c).morale = Some(5);
    g.unit_mut(u).morale = Some(2);
    tk::put_leader(&mut g, "Russell", "2329");
    let (a, d) = attack::strengths(&g, &atk, hex("2329"));
    assert!(d.morale && d.leader && !a.morale);
    assert_eq!(d.total(), 7);
}

#[test]
fn rule_12_51_routed_halved_and_16_32_mounted_doubled() {
    let (mut g, u, c) = tk::contact();
    g.phasing = Side::Union;
    let atk = [(u, hex("2328"))];
    g.unit_mut(c).routed = true;
    assert_eq!(attack::strengths(&g, &atk, hex("2329")).1.base, 2, "5 halved rounding down");
    g.unit_mut(c).routed = false;
    g.unit_mut(c).formation = Formation::Mounted;
    assert_eq!(attack::strengths(&g, &atk, hex("2329")).1.base, 10, "mounted against foot: doubled");
    // Neighbouring case: against mounted cavalry, no doubling (16.33).
    g.unit_mut(u).formation = Formation::Mounted;
    assert_eq!(attack::strengths(&g, &atk, hex("2329")).1.base, 5);
}

#[test]
fn rule_12_92_unlimbered_captured() {
    // Two points of the 27th against the Watson battery's crew (1): +1; die 2 reads "-/R2".
    let (mut g, u, c) = tk::contact();
    g.unit_mut(c).loc = gbacw::Loc::Gone(gbacw::Fate::Eliminated);
    let b = tk::place(&mut g, "Watson", "2329", Formation::Unlimbered, 0);
    g.unit_mut(b).morale = Some(3);
    g.unit_mut(u).lost = 5;
    g.pinned.push(hex("2329"));
    fight(&mut g, u);
    roll_for(&mut g, |r| r == (MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 0, retreat: 2 }));
    play_out(&mut g, 1);
    assert_eq!(g.unit(b).loc, gbacw::Loc::Gone(gbacw::Fate::Captured), "guns and crew taken");
    assert!(!g.pinned.contains(&hex("2329")), "no pin is left for the units taking the hex");
    assert_eq!(g.hex_of(u), Some(hex("2329")), "the 27th takes the hex");
    // Neighbouring case: a limbered battery retreats instead.
    let (mut g, u, c) = tk::contact();
    g.unit_mut(c).loc = gbacw::Loc::Gone(gbacw::Fate::Eliminated);
    let b = tk::place(&mut g, "Watson", "2329", Formation::Limbered, 0);
    g.unit_mut(b).morale = Some(3);
    g.unit_mut(u).lost = 5;
    phase_e(&mut g, Side::Union);
    // The battery may retreat before melee (limbered); it accepts.
    assert!(g.legal_actions().is_empty() || g.actor() == Actor::Side(Side::Union));
    announced(&mut g, &[(u, "2329")]);
    declare(&mut g, "2329", &[u]);
    roll_for(&mut g, |r| r == (MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 0, retreat: 2 }));
    play_out(&mut g, 1);
    let at = g.hex_of(b).expect("retreated, not captured");
    assert_eq!(at.distance(hex("2329")), 2);
}

#[test]
fn rule_12_93_captured_points_recorded() {
    // 7 against 5 (+2); die 1 reads "-/C1R3": one point captured, the rest retreat three.
    let (mut g, u, c) = tk::contact();
    fight(&mut g, u);
    roll_for(&mut g, |r| r == (MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 1, retreat: 3 }));
    play_out(&mut g, 1);
    assert_eq!((g.unit(c).lost, g.unit(c).captured), (1, 1), "recorded as captured, not killed");
    assert_eq!(g.hex_of(c).map(|h| h.distance(hex("2329"))), Some(3), "retreated three, then held (die 1)");
    assert_eq!(g.hex_of(u), Some(hex("2329")));
    // Victory counts it as captured: the Union's points for it equal a captured point's.
    let before = gbacw::victory::vp(&g);
    g.unit_mut(c).captured = 0;
    assert_ne!(gbacw::victory::vp(&g), before, "a killed point scores differently from a captured one");
}

#[test]
fn rule_12_91_k_takes_a_point_owner_chooses() {
    // Two Confederate regiments in 2329: a K result asks their owner which loses (12.74).
    let (mut g, u, c) = tk::contact();
    let c2 = tk::place(&mut g, "13TN", "2329", Formation::Line, 0);
    g.unit_mut(c2).morale = Some(3);
    g.unit_mut(c).lost = 3;
    g.unit_mut(c2).lost = 3; // 4 defending against 7: +3; die 2 reads "K/C1R2"
    fight(&mut g, u);
    roll_for(&mut g, |r| r == (MeleeEffect::Casualty, MeleeEffect::Loss { captured: 1, retreat: 2 }));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate), "the owner chooses which unit is captured");
    assert_eq!(g.prompt().rule, "GBACW 12.74");
    assert_eq!(refused(&g, Action::Casualty(u)), "GBACW 12.74");
    ok(&mut g, Action::Casualty(c2));
    assert_eq!(g.unit(c2).captured, 1);
    assert_eq!(g.unit(u).lost, 1, "the attacker's one unit loses its K without asking");
}

#[test]
fn rule_12_74_infantry_before_crews() {
    // The 12th with a battery: a C takes the infantry's point, not the crew's.
    let (mut g, u, c) = tk::contact();
    let b = tk::place(&mut g, "Watson", "2329", Formation::Limbered, 0);
    g.unit_mut(b).morale = Some(3);
    fight(&mut g, u);
    let cands = pending(&g).candidates(&g, Side::Confederate);
    assert_eq!(cands, vec![c]);
}

#[test]
fn rule_12_94_engaged_options() {
    // 7 against 5 +2; die 5 reads "Eng/Eng".
    let (mut g, u, c) = tk::contact();
    fight(&mut g, u);
    roll_for(&mut g, |r| r == (MeleeEffect::Engaged, MeleeEffect::Engaged));
    play_out(&mut g, 1);
    assert_eq!(g.engaged, vec![hex("2329")]);
    assert_eq!((g.hex_of(u), g.hex_of(c)), (Some(hex("2329")), Some(hex("2329"))), "both sides in the hex");
    // Engaged units have no zone and neither fire nor are fired upon (12.94, 12.6).
    assert_eq!(gbacw::zoc::zone(&g, u, gbacw::zoc::Purpose::Paths), gbacw::zoc::Zone::None);
    assert_eq!(gbacw::fire::armed(&g, u, false).unwrap_err().rule, "GBACW 12.94");
    // The Confederate Player-Turn: option 3 is offered in Phase E.
    phase_e(&mut g, Side::Confederate);
    assert!(g.legal_actions().contains(&Action::Retire(c)), "{:?}", g.legal_actions());
    // Options 1 and 2: without option 3, Phase F must melee the hex again.
    ok(&mut g, Action::Done);
    assert_eq!(g.phase, Phase::Melee);
    assert_eq!(refused(&g, Action::Done), "GBACW 12.94");
    ok(&mut g, Action::MeleeAt(hex("2329")));
    ok(&mut g, Action::Resolve);
    assert_eq!(pending(&g).attackers, vec![(c, hex("2329"))], "the engaged units fight on");
    // Option 3 instead: the unit retreats two hexes, and the hex is no longer engaged.
    let (mut g2, _, c2) = {
        let mut g2 = g.clone();
        g2.engaged = vec![hex("2329")];
        let u = tk::unit(&g2, "27IL");
        let c = tk::unit(&g2, "12TN");
        g2.unit_mut(u).loc = gbacw::Loc::Map(hex("2329"));
        g2.unit_mut(c).loc = gbacw::Loc::Map(hex("2329"));
        (g2, u, c)
    };
    phase_e(&mut g2, Side::Confederate);
    ok(&mut g2, Action::Retire(c2));
    tk::retreat_first(&mut g2);
    roll_all(&mut g2, 1);
    assert_eq!(g2.hex_of(c2).map(|h| h.distance(hex("2329"))), Some(2));
    ok(&mut g2, Action::Done);
    assert!(g2.engaged.is_empty(), "one side gone: the hex is no longer engaged");
}

#[test]
fn rule_12_97_mutual_wipe_engaged() {
    // One point against one point and a leader: -1; die 1 reads "K/C1R2", wiping both out.
    let (mut g, u, c) = tk::contact();
    g.unit_mut(u).lost = 6;
    g.unit_mut(c).lost = 4;
    tk::put_leader(&mut g, "Russell", "2329");
    fight(&mut g, u);
    g.apply(&Action::Roll(1)).unwrap();
    assert_eq!(pending_or_none(&g), None, "no loss is taken");
    play_out(&mut g, 1);
    assert_eq!(g.engaged, vec![hex("2329")], "read as engaged");
    assert_eq!((g.strength(u), g.strength(c)), (1, 1));
    // Neighbouring case: the defender has two points: the result stands.
    let (mut g, u, c) = tk::contact();
    g.unit_mut(u).lost = 6;
    g.unit_mut(c).lost = 3;
    fight(&mut g, u);
    g.apply(&Action::Roll(1)).unwrap();
    play_out(&mut g, 1);
    assert!(g.engaged.is_empty());
    assert_eq!(g.hex_of(u), None, "the attacker's last point killed");
    assert_eq!(g.unit(c).captured, 1);
}

fn pending_or_none(g: &Gbacw) -> Option<Side> {
    match g.stack.last() {
        Some(Frame::Melee(MeleeFrame::Bout(b))) => match b.steps.first() {
            Some(bout::Step::Lose { side, .. }) => Some(*side),
            _ => None,
        },
        _ => None,
    }
}

#[test]
fn rule_12_92_retreat_then_rout_r30() {
    // "-/C1R3", then a morale check the 12th fails (die 6 against 3): it routs three more.
    let (mut g, u, c) = tk::contact();
    fight(&mut g, u);
    roll_for(&mut g, |r| r == (MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 1, retreat: 3 }));
    // The melee retreat: three hexes, none in an enemy zone (12.92).
    tk::retreat_first(&mut g);
    let after_melee = g.hex_of(c).unwrap();
    assert_eq!(after_melee.distance(hex("2329")), 3);
    roll_all(&mut g, 6);
    assert!(g.unit(c).routed, "failed its check at the end of the retreat");
    tk::retreat_first(&mut g);
    assert_eq!(g.hex_of(c).map(|h| h.distance(after_melee)), Some(3), "R30: the rout retreats three more");
}

#[test]
fn rule_12_95_repulse_both_check_phasing_retreats() {
    // 5 against 5 (0); die 4 reads "Rpls/Rpls".
    let (mut g, u, c) = tk::contact();
    g.unit_mut(u).lost = 2;
    fight(&mut g, u);
    roll_for(&mut g, |r| r == (MeleeEffect::Repulsed, MeleeEffect::Repulsed));
    tk::retreat_first(&mut g);
    roll_all(&mut g, 1);
    tk::retreat_first(&mut g);
    roll_all(&mut g, 1);
    assert_eq!(g.hex_of(u).map(|h| h.distance(hex("2328"))), Some(2), "the phasing side retreats two");
    assert_eq!(g.hex_of(c), Some(hex("2329")), "the defender stays");
}

/// 13.41 after a melee (the third audit): every unit of the meleed stack checks, each
/// separately. The 12th Tennessee on top passes (die 1); the 13th Arkansas beneath fails
/// (die 6) and routs. Under 13.42's fire rule (the top first, the rest only if it routs) the
/// 13th would never have been checked: the neighbouring case, a fire, is
/// `rules_09_fire`'s 13.42 test.
#[test]
fn rule_13_41_every_unit_meleed_checks_its_morale() {
    let (mut g, u, c) = tk::contact();
    let second = tk::place(&mut g, "13AR", "2329", Formation::Line, 0);
    g.unit_mut(second).morale = Some(3);
    // 6 against 5 + 1: differential 0, where a die reads "Rpls/Rpls".
    g.unit_mut(second).lost = g.strength(second) - 1;
    g.unit_mut(u).lost = 1;
    fight(&mut g, u);
    roll_for(&mut g, |r| r == (MeleeEffect::Repulsed, MeleeEffect::Repulsed));
    let mut checked_second = false;
    play_out_by(&mut g, |g, outcomes| {
        let worst = g.prompt().text.contains("13th Arkansas");
        checked_second |= worst;
        if worst { outcomes[outcomes.len() - 1].0 } else { outcomes[0].0 }
    });
    assert!(checked_second, "the unit beneath checked its morale");
    assert!(!g.unit(c).routed, "the top unit passed");
    assert!(g.unit(second).routed, "the unit beneath failed on its own check and routed");
}

#[test]
fn rule_12_24_column_meleed_goes_to_line() {
    let (mut g, u, c) = tk::contact();
    g.unit_mut(c).formation = Formation::Column;
    g.unit_mut(c).lost = 2; // 7 against 3: +4; die 5 reads "-/C1R2"
    fight(&mut g, u);
    roll_for(&mut g, |r| matches!(r, (MeleeEffect::NoEffect, MeleeEffect::Loss { .. })));
    play_out(&mut g, 1);
    assert_eq!(g.unit(c).formation, Formation::Line);
}

/// 9.85 (the audit, session 12): a pinned unit meleed is unpinned; the pin on a hex not
/// meleed stays until its owner's Rally Phase.
#[test]
fn rule_9_85_a_pinned_unit_meleed_is_unpinned() {
    let (mut g, u, c) = tk::contact();
    let (at, elsewhere) = (g.hex_of(c).unwrap(), tk::hex("0101"));
    g.pinned = vec![at, elsewhere];
    fight(&mut g, u);
    roll_for(&mut g, |r| matches!(r, (MeleeEffect::Engaged, MeleeEffect::Engaged)));
    play_out(&mut g, 1);
    assert!(!g.pinned.contains(&at), "the meleed hex is unpinned");
    assert!(g.pinned.contains(&elsewhere), "a hex not meleed keeps its pin");
}

#[test]
fn rule_17_54_leader_alone_with_the_enemy_captured() {
    let (mut g, u, c) = tk::contact();
    g.unit_mut(c).lost = 4; // 1 against 7: +6; every die takes two or more: none left
    let l = tk::put_leader(&mut g, "Russell", "2329");
    fight(&mut g, u);
    roll_for(&mut g, |r| matches!(r, (_, MeleeEffect::Loss { captured: 2, .. })));
    play_out(&mut g, 12);
    assert_eq!(g.leaders[usize::from(l)].loc, gbacw::Loc::Gone(gbacw::Fate::Captured));
}

#[test]
fn rule_12_98_erratum_option() {
    let g = Gbacw::new(&["melee-erratum".to_string()]).unwrap();
    assert_eq!(bout::result(&g, 2, 6), (MeleeEffect::Repulsed, MeleeEffect::Repulsed));
    assert_eq!(bout::result(&g, 1, 2), (MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 1, retreat: 2 }));
    // The printed table stays the default (R17).
    let g = tk::new_game();
    assert_eq!(bout::result(&g, 2, 6), (MeleeEffect::Loss { captured: 1, retreat: 2 }, MeleeEffect::Repulsed));
    assert_eq!(bout::result(&g, 1, 2), (MeleeEffect::NoEffect, MeleeEffect::Loss { captured: 0, retreat: 2 }));
}

#[test]
fn rule_18_0_wrecked_brigade_may_not_initiate() {
    let (mut g, u, _) = tk::contact();
    // Every box of the McClernand brigade marked: its 30th and 31st all lost.
    for id in ["30IL", "31IL", "Dollins", "Delano"] {
        let v = tk::unit(&g, id);
        g.unit_mut(v).lost = g.info(v).strength();
    }
    g.unit_mut(u).lost = 3;
    tk::phase(&mut g, 1, Side::Union, Phase::Movement);
    assert!(gbacw::victory::unit_bce_lost(&g, u));
    assert_eq!(why_not(&g, u, "2329"), "GBACW 18.0");
    // The neighbouring case: with its boxes unmarked, it may.
    for id in ["30IL", "31IL", "Dollins", "Delano"] {
        let v = tk::unit(&g, id);
        g.unit_mut(v).lost = 0;
    }
    g.phase = Phase::RetreatBeforeMelee;
    assert!(attack::may_melee(&g, u, hex("2329")).is_ok());
}

/// Engaged hexes never freeze the game: random play from a position with an engaged hex on
/// Game-Turn 1 reaches the end, and no hex stays engaged through more than a few Player-Turns
/// in a row.
#[test]
fn engaged_hexes_resolve_under_random_play() {
    for seed in 1..=6u64 {
        let mut g = Gbacw::new(&[]).unwrap();
        g.set_logging(false);
        let u = tk::unit(&g, "27IL");
        let c = tk::unit(&g, "12TN");
        for (x, at) in [(u, "2329"), (c, "2329")] {
            g.unit_mut(x).loc = gbacw::Loc::Map(hex(at));
            g.unit_mut(x).morale = Some(3);
        }
        g.engaged = vec![hex("2329")];
        let mut dice = engine::Dice::seeded(seed);
        let mut streak: Vec<(hexmap::Hex, u32)> = Vec::new();
        let mut turn = (g.turn, g.phasing);
        for _ in 0..200_000 {
            if (g.turn, g.phasing) != turn {
                turn = (g.turn, g.phasing);
                streak.retain(|(h, _)| g.engaged.contains(h));
                for &h in &g.engaged {
                    match streak.iter_mut().find(|(e, _)| *e == h) {
                        Some(s) => s.1 += 1,
                        None => streak.push((h, 1)),
                    }
                }
                assert!(streak.iter().all(|&(_, n)| n <= 8), "seed {seed}: a hex engaged too long: {streak:?}");
            }
            let a = match g.actor() {
                Actor::Over => break,
                Actor::Chance => *dice.sample(&g.chance_outcomes()),
                Actor::Side(_) => {
                    let legal = g.legal_actions();
                    assert!(
                        !legal.is_empty(),
                        "seed {seed}: dead end at {:?}: {:?}; engaged {:?}",
                        g.prompt(),
                        g.why_illegal(&Action::Done),
                        g.engaged
                    );
                    *dice.choose(&legal)
                }
            };
            g.apply(&a).unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e:?}"));
        }
        assert_eq!(g.actor(), Actor::Over, "seed {seed}: the game ends");
    }
}

#[test]
fn rule_12_31_terrain_one_point_12_32_not_inside() {
    use gbacw::terrain::{HexsideKind, Terrain};
    let g = tk::empty();
    // Open ground, no hexside: nothing.
    let open = |h: hexmap::Hex| g.map().terrain(h).is_some_and(|t| g.charts().melee_effect(t) == 0);
    let a = tk::find(&g, "open ground", |h| {
        open(h) && h.neighbours().iter().any(|&n| open(n) && g.map().hexside(h, n).is_none())
    });
    let b = *a.neighbours().iter().find(|&&n| open(n) && g.map().hexside(a, n).is_none()).unwrap();
    assert_eq!(attack::terrain_point(&g, a, b), 0);
    // A crest crossed going up, onto open ground: one point; going down: none.
    let height = |h: hexmap::Hex| g.map().height_ft(h).unwrap_or(0);
    let up = |l: hexmap::Hex, h: hexmap::Hex| {
        open(l) && open(h) && g.map().hexside(l, h) == Some(HexsideKind::Crest) && height(l) < height(h)
    };
    let low = tk::find(&g, "below a crest", |l| l.neighbours().iter().any(|&h| up(l, h)));
    let high = *low.neighbours().iter().find(|&&h| up(low, h)).unwrap();
    assert_eq!(attack::terrain_point(&g, low, high), -1);
    assert_eq!(attack::terrain_point(&g, high, low), 0);
    // Into the woods: one point, and never more than one (12.0's note).
    let w = tk::find(&g, "woods by clear ground", |h| {
        tk::is(&g, h, Terrain::Woods) && h.neighbours().iter().any(|&n| tk::is(&g, n, Terrain::Clear))
    });
    let n = *w.neighbours().iter().find(|&&n| tk::is(&g, n, Terrain::Clear)).unwrap();
    assert_eq!(attack::terrain_point(&g, n, w), -1);
    // 12.32: units already in an engaged hex pay nothing.
    assert_eq!(attack::terrain_point(&g, w, w), 0);
}

#[test]
fn rule_12_72_attacker_limit() {
    let (mut g, u, _) = tk::contact();
    let from = hex("2229");
    let f = gbacw::facing::toward(from, hex("2329")).unwrap();
    let v = tk::place(&mut g, "31IL", "2229", Formation::Line, f);
    g.unit_mut(v).morale = Some(3);
    phase_e(&mut g, Side::Union);
    announced(&mut g, &[(u, "2329"), (v, "2329")]);
    ok(&mut g, Action::MeleeAt(hex("2329")));
    ok(&mut g, Action::Attack(u));
    // 7 + 6 = 13 Strength Points: over the clear hex's 12 (the authored 8.18).
    assert_eq!(refused(&g, Action::Attack(v)), "GBACW 12.72");
}

#[test]
fn rule_12_94_engaged_units_neither_move_nor_are_fired_on() {
    let (mut g, u, c) = tk::contact();
    g.unit_mut(u).loc = gbacw::Loc::Map(hex("2329"));
    g.engaged = vec![hex("2329")];
    tk::phase(&mut g, 1, Side::Union, Phase::Movement);
    assert_eq!(refused(&g, Action::Select(gbacw::Piece::Unit(u))), "GBACW 12.94");
    // 12.6: no fire into the hex.
    let s = tk::place(&mut g, "30IL", "2330", Formation::Line, 0);
    tk::phase(&mut g, 1, Side::Union, Phase::OffensiveFire);
    let rec = gbacw::fire::Record::default();
    assert_eq!(gbacw::fire::firer(&g, &rec, s, hex("2329")).unwrap_err().rule, "GBACW 12.6");
    // The neighbouring case: the hex no longer engaged, it may be fired at.
    g.engaged.clear();
    assert!(gbacw::fire::firer(&g, &rec, s, hex("2329")).is_ok(), "{:?}", gbacw::fire::firer(&g, &rec, s, hex("2329")));
    assert_eq!(g.hex_of(c), Some(hex("2329")));
}

#[test]
fn rule_12_51_routed_engaged_must_retreat() {
    let (mut g, u, c) = tk::contact();
    g.unit_mut(u).loc = gbacw::Loc::Map(hex("2329"));
    g.unit_mut(u).routed = true;
    g.engaged = vec![hex("2329")];
    phase_e(&mut g, Side::Union);
    // It retreats out of the melee (two hexes, no enemy zone) as its Phase E begins.
    assert_eq!(g.prompt().rule, "GBACW 12.92");
    tk::retreat_first(&mut g);
    assert_eq!(g.hex_of(u).map(|h| h.distance(hex("2329"))), Some(2));
    assert_eq!(g.hex_of(c), Some(hex("2329")));
}

#[test]
fn melee_actions_read_like_the_rulebook_and_show_on_the_page() {
    let (mut g, u, _) = tk::contact();
    phase_e(&mut g, Side::Union);
    let a = Action::Announce { unit: u, at: hex("2329") };
    assert_eq!(g.describe(&a), "announce 27th Illinois to melee 2329 (12.8)");
    announced(&mut g, &[(u, "2329")]);
    let m = Action::MeleeAt(hex("2329"));
    let v = g.action_view(&m);
    assert_eq!((v.kind.as_str(), v.hex.as_deref()), ("melee", Some("2329")));
    ok(&mut g, m);
    let v = g.action_view(&Action::Attack(u));
    assert_eq!((v.kind.as_str(), v.hex.as_deref(), v.from.as_deref()), ("melee", Some("2329"), Some("2328")));
    assert_eq!(g.describe(&Action::Attack(u)), "27th Illinois melees 2329 (12.75)");
    assert_eq!(g.describe(&Action::Resolve), "resolve the melee at 2329 (12.98)");
    // The odds of declaring the melee add the units announced against the hex first (the
    // sixth playtest: they read as a melee with no attacker), then roll.
    assert_eq!(g.odds_own(&m), engine::OddsOwn::Take(Action::Attack(u)));
    // A refusal names the side once (the sixth playtest read "the Union is to Union: ...").
    let why = g.apply(&Action::EndMove).unwrap_err().reason;
    assert!(why.starts_with("not offered now: the Union is to add units meleeing 2329"), "{why}");
    // The odds of an attacker added carry through to the roll.
    ok(&mut g, Action::Attack(u));
    assert_eq!(g.odds_own(&Action::Attack(u)), engine::OddsOwn::Take(Action::Resolve));
}

/// Seven pairs of units face each other across open ground (Union north, Confederate south;
/// a battery and a mounted troop each side), the Union's Movement Phase of Game-Turn 1 begun.
fn line_of_contact() -> Gbacw {
    let mut g = tk::new_game();
    g.set_logging(false);
    let open = |g: &Gbacw, h: hexmap::Hex| {
        g.map().terrain(h).is_some_and(|t| g.charts().stacking(t).units > 0 && g.charts().melee_effect(t) == 0)
    };
    let below = |h: hexmap::Hex| {
        let (col, row) = h.col_row();
        hexmap::Hex::from_label(&format!("{col:02}{:02}", row + 1)).ok()
    };
    let pairs = [
        ("27IL", "12TN"),
        ("30IL", "13TN"),
        ("31IL", "21TN"),
        ("22IL", "22TN"),
        ("7IA", "13AR"),
        ("Delano", "Miller"),
        ("Taylor", "Watson"),
    ];
    let mut used: Vec<hexmap::Hex> = Vec::new();
    for (a, b) in pairs {
        let top = tk::find(&g, "open ground over open ground", |h| {
            let (_, row) = h.col_row();
            below(h).is_some_and(|s| {
                row > 15
                    && open(&g, h)
                    && open(&g, s)
                    && g.map().hexside(h, s).is_none()
                    && used.iter().all(|&x| x.distance(h) > 1 && x.distance(s) > 1)
            })
        });
        let bottom = below(top).expect("found");
        used.extend([top, bottom]);
        for (id, at, facing) in [(a, top, 3), (b, bottom, 0)] {
            let u = tk::unit(&g, id);
            let f = match g.info(u).kind {
                gbacw::oob::Kind::Cavalry => Formation::Mounted,
                gbacw::oob::Kind::Battery { .. } => Formation::Unlimbered,
                _ => Formation::Line,
            };
            let st = g.unit_mut(u);
            (st.loc, st.facing, st.formation) = (gbacw::Loc::Map(at), facing, f);
        }
    }
    tk::phase(&mut g, 1, Side::Union, Phase::Movement);
    g
}

/// Random play from a line of contact melees, retreats before melee and engages, and every
/// game reaches its end: no phase of E or F is a dead end or runs away.
#[test]
fn random_play_from_a_line_of_contact_reaches_the_end() {
    let mut melees = 0;
    for seed in [3u64, 4, 12, 55] {
        let mut g = line_of_contact();
        let mut dice = engine::Dice::seeded(seed);
        for _ in 0..200_000 {
            let a = match g.actor() {
                Actor::Over => break,
                Actor::Chance => *dice.sample(&g.chance_outcomes()),
                Actor::Side(_) => {
                    let legal = g.legal_actions();
                    assert!(!legal.is_empty(), "seed {seed}: dead end at {:?}", g.prompt());
                    if legal.iter().any(|a| matches!(a, Action::MeleeAt(_))) {
                        melees += 1;
                    }
                    *dice.choose(&legal)
                }
            };
            g.apply(&a).unwrap_or_else(|e| panic!("seed {seed}: {a:?}: {e:?}"));
        }
        assert_eq!(g.actor(), Actor::Over, "seed {seed}: the game ends");
    }
    assert!(melees > 0, "the line of contact offers melees");
}

#[test]
fn rule_12_94_engaged_leaders_have_no_radius() {
    let (mut g, u, _) = tk::contact();
    g.unit_mut(u).loc = gbacw::Loc::Map(hex("2329"));
    tk::put_leader(&mut g, "McClernand", "2329");
    let v = tk::place(&mut g, "30IL", "2330", Formation::Line, 3);
    let mut free = g.clone();
    g.engaged = vec![hex("2329")];
    tk::initial_command(&mut g, Side::Union);
    assert!(!gbacw::command::in_command(&g, v), "an engaged brigade commander has no Effectiveness Radius");
    assert!(gbacw::command::in_command(&g, u), "the units stacked with him are commanded");
    // The neighbouring case: not engaged, his radius reaches the 30th.
    tk::initial_command(&mut free, Side::Union);
    assert!(gbacw::command::in_command(&free, v));
}

/// 11.19, 12.93: a wagon taken in melee is the captor's, and takes one point only: the sixth
/// playtest's C2 captured the crewless wagon for the Union with the first point and gave it
/// back to the Confederates with the second.
#[test]
fn rule_11_19_a_wagon_captured_in_melee_stays_captured() {
    let (mut g, u, c) = tk::contact();
    g.unit_mut(c).loc = gbacw::Loc::Gone(gbacw::Fate::Eliminated);
    let w = tk::place(&mut g, "CWagon", "2329", Formation::Wagon, 0);
    g.unit_mut(w).lost = 1; // crewless
    phase_e(&mut g, Side::Union);
    announced(&mut g, &[(u, "2329")]);
    declare(&mut g, "2329", &[u]);
    roll_for(&mut g, |r| matches!(r.1, MeleeEffect::Loss { captured, .. } if captured >= 2));
    play_out(&mut g, 1);
    assert_eq!(g.side_of(w), Side::Union, "the Union's, once and for all");
    assert_eq!(
        g.log().events().iter().filter(|e| e.rule == "GBACW 11.19").count(),
        1,
        "{:?}",
        g.log().events().iter().map(|e| &e.text).collect::<Vec<_>>()
    );
}

/// 13.33 with 12.92 (the fourth audit): a routed unit meleed for a "C1R2" loses the point,
/// retreats its two hexes and then routs again (three more); without the casualty ("R2"
/// alone, or a unit not routed) it does not.
#[test]
fn rule_13_33_a_routed_unit_hurt_in_melee_routs_again_after_its_retreat() {
    let run = |routed: bool, want: MeleeEffect| {
        let (mut g, u, c) = tk::contact();
        g.unit_mut(c).routed = routed;
        g.unit_mut(c).morale = Some(5);
        fight(&mut g, u);
        let b = pending(&g);
        let diff = attack::differential(&g, &b.attackers, b.target);
        if !(1..=6).any(|d| bout::result(&g, diff, d).1 == want) {
            return None;
        }
        roll_for(&mut g, |r| r.1 == want);
        let before = g.log().events().len();
        play_out(&mut g, 6);
        let again =
            g.log().events()[before..].iter().any(|e| e.rule == "GBACW 13.33" && e.text.contains("routs again"));
        Some((again, g.hex_of(c).map(|h| h.distance(hex("2329")))))
    };
    let hurt = MeleeEffect::Loss { captured: 1, retreat: 2 };
    let (again, far) = run(true, hurt).expect("a C1R2 at this differential");
    assert!(again, "routed and hurt: routs again");
    assert!(far.is_none_or(|d| d > 2), "two hexes, then three more: {far:?}");
    let (again, _) = run(false, hurt).expect("a C1R2");
    assert!(!again, "not routed: a morale check, no second rout");
    if let Some((again, _)) = run(true, MeleeEffect::Loss { captured: 0, retreat: 2 }) {
        assert!(!again, "routed but no casualty: no second rout");
    }
}

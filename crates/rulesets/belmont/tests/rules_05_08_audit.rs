//! Position tests for the rulings of issue 14's audit in Belmont 5.0-8.0: Unbridled Fury
//! follows only this melee's defenders (6.3), companies broken mid-melee (6.0), the
//! retreat direction a player may choose (8.2), dice lost to terrain (5.1) and the
//! cavalry leader's casualty check when attacked (6.4, 7.2). Rule text is cited by
//! number only.

mod common;

use belmont::map::Terrain;
use belmont::{Action, Belmont, Frame, MStage, Stage, VolleyDie};
use common::*;
use engine::{Game, Side};
use hexmap::Hex;

/// Marks `id` as having retreated earlier this activation (5.2, 5.3).
fn shaken(g: &mut Belmont, id: &str) {
    let u = g.id(id);
    g.units[usize::from(u)].shaken = true;
    g.changed();
}

/// The retreat hexes offered at the pending retreat step.
fn retreat_options(g: &Belmont) -> Vec<Hex> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::RetreatTo(h) => Some(h),
            _ => None,
        })
        .collect()
}

// ------------------------------------------------------------------------------------
// 6.3 Unbridled Fury: only this melee's retreated defenders

#[test]
fn rule_6_3_no_fury_when_the_defender_was_destroyed_not_retreated() {
    // 13AR-B fell back from a volley earlier this activation and stands beside the melee
    // hex; 13AR-A, the defender, is destroyed in the round (8 against 3: two hits). The
    // defender did not retreat: no fury die, and 13AR-B is not attacked.
    let mut g = melee_ready(&["13AR-A"], &["31IL-A"]);
    g.put("13AR-B", &south(hex("0333")).label());
    shaken(&mut g, "13AR-B");
    past_defensive_fire(&mut g);
    rolls(&mut g, &[6, 1]);
    pass_casualty_checks(&mut g);
    assert!(gone(&g, "13AR-A"));
    assert_eq!(at(&g, "31IL-A"), Some(hex("0333")));
    assert_ne!(melee_stage(&g), Some(MStage::FuryRoll), "{:?}", g.top());
    assert_eq!(at(&g, "13AR-B"), Some(south(hex("0333"))));
}

#[test]
fn rule_6_3_the_fury_strikes_only_the_hex_this_melees_defender_retreated_into() {
    // As above, but the defender chooses to retreat: the fury die is rolled, and on a 4
    // it strikes the hex 13AR-A retreated into, with no choice of 13AR-B's hex.
    let mut g = first_round(&["13AR-A"], &["31IL-A", "31IL-B"]);
    let beside = south(hex("0333"));
    g.put("13AR-B", &beside.label());
    shaken(&mut g, "13AR-B");
    pass_casualty_checks(&mut g);
    rolls(&mut g, &[1, 2]); // 4 + 1 against 2 + 2: one hit on the defender
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(false));
    let Some(Frame::Retreat(_)) = g.top() else { panic!("{:?}", g.top()) };
    let to = *retreat_options(&g).iter().find(|&&h| h != beside).expect("a retreat hex other than 13AR-B's");
    act(&mut g, Action::RetreatTo(to));
    hold_fire(&mut g);
    pass_casualty_checks(&mut g);
    assert_eq!(melee_stage(&g), Some(MStage::FuryRoll), "the defender retreated: the fury die");
    roll(&mut g, 4);
    assert_ne!(melee_stage(&g), Some(MStage::FuryTarget), "only one hex is the defender's");
    assert_eq!(at(&g, "31IL-A"), Some(to));
    assert_eq!(g.markers.last().unwrap().target, to);
    assert_eq!(at(&g, "13AR-B"), Some(beside), "untouched");
}

// ------------------------------------------------------------------------------------
// 8.2 Retreat Direction: "may", not "must"

/// 27IL-A at 0432 in a Confederate activation, `friendly` hexes each holding a Union
/// company; its retreat (8.3) is started and the options returned, sorted.
fn union_retreat_options(friendly: &[Hex]) -> (Belmont, Vec<Hex>) {
    let mut g = fresh();
    g.put("Polk", "0142"); // keeps the maneuver step open
    g.activate(Side::Confederate, "HQ", Stage::Maneuver);
    let h = hex("0432");
    g.put("27IL-A", &h.label());
    for (f, id) in friendly.iter().zip(["30IL-A", "30IL-B", "30IL-C", "30IL-D", "30IL-E"]) {
        g.put(id, &f.label());
    }
    g.push_frame(Frame::ChooseRetreater { hex: h, side: Side::Union, entry: None, among: None });
    let u = g.id("27IL-A");
    act(&mut g, Action::Retreater(u));
    let mut v = retreat_options(&g);
    v.sort();
    (g, v)
}

#[test]
fn rule_8_2_turning_aside_is_offered_only_to_avoid_what_the_goal_ward_hexes_meet() {
    let h = hex("0432");
    let dock = map().hunters_farm_dock;
    let toward: Vec<Hex> = h.neighbours().into_iter().filter(|n| n.distance(dock) < h.distance(dock)).collect();
    let aside: Vec<Hex> = h.neighbours().into_iter().filter(|n| !toward.contains(n) && map().is_land(*n)).collect();
    assert!(!toward.is_empty() && aside.len() >= 2);
    // Goal-ward hexes free: only they are offered (nothing to avoid).
    let (_, opts) = union_retreat_options(&[]);
    let mut want = toward.clone();
    want.sort();
    assert_eq!(opts, want);
    // Goal-ward hexes with friendlies, and friendlies in one hex aside too: that hex
    // avoids nothing and is not offered; the free hexes aside are, and so is the goal.
    let mut friendly = toward.clone();
    friendly.push(aside[0]);
    let (_, opts) = union_retreat_options(&friendly);
    assert!(!opts.contains(&aside[0]), "{opts:?}");
    for t in &toward {
        assert!(opts.contains(t), "{opts:?}");
    }
    assert!(aside[1..].iter().any(|a| opts.contains(a)), "{opts:?}");
}

// ------------------------------------------------------------------------------------
// 6.0 Companies broken mid-melee

#[test]
fn rule_6_0_a_defender_broken_in_a_round_defends_on_with_its_broken_sp() {
    // Round 1: 31IL-A 2 + 6 against 13AR-A 2 + 4: one hit, 13AR-A broken. Round 2: it
    // adds its broken SP 1 (6.1: the defender totals the SP of his units).
    let mut g = first_round(&["13AR-A"], &["31IL-A"]);
    rolls(&mut g, &[6, 4]);
    assert!(flipped(&g, "13AR-A"));
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(true));
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "defender 2 (die 1)");
}

#[test]
fn rule_6_0_a_company_broken_before_it_went_in_still_needs_its_leader() {
    // The neighbouring case: 31IL-B was broken before the melee (not by its defensive
    // fire, not in a round) and Logan is not in it: it adds nothing, in every round.
    let mut g = melee_ready(&["13AR-A", "13AR-B"], &["31IL-A", "31IL-B"]);
    g.set_flipped("31IL-B", true);
    g.set_flipped("13AR-A", true);
    g.set_flipped("13AR-B", true); // no defensive fire
    past_defensive_fire(&mut g);
    rolls(&mut g, &[1, 1]); // 2 + 0 + 1 = 3 against 1 + 1 + 1 = 3: a tie, the attacker is hit
    assert_logged(&g, "Belmont 6.1", "attacker 3 (die 1)");
    assert!(flipped(&g, "31IL-A"), "7.0: the unbroken company takes the hit");
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(true));
    rolls(&mut g, &[1, 1]);
    // 31IL-A, broken in round 1, adds 1; 31IL-B still nothing.
    assert_logged(&g, "Belmont 6.1", "attacker 2 (die 1)");
}

// ------------------------------------------------------------------------------------
// 5.1 Dice lost to terrain: the firer's choice

/// A clear hex beside a woods hex (targeting woods from clear loses a die).
fn clear_beside_woods() -> (Hex, Hex) {
    let c = find_hex("clear next to woods", |h| {
        plain(h, Terrain::Clear) && h.neighbours().iter().any(|&n| plain(n, Terrain::Woods))
    });
    (c, c.neighbours().into_iter().find(|&n| plain(n, Terrain::Woods)).unwrap())
}

/// The pending volley's dice.
fn volley_dice(g: &Belmont) -> Vec<VolleyDie> {
    match g.top() {
        Some(Frame::Volley { dice, .. }) => dice.clone(),
        other => panic!("no volley pending: {other:?}"),
    }
}

#[test]
fn rule_5_1_the_firer_chooses_which_kind_of_die_terrain_takes() {
    // 31IL-A (2 SP) with Watson-A, a battery it captured (8.7: activated by the 31st's
    // chit, 3 SP), fire from clear into woods: one die is lost, and the Union chooses
    // whether it is an infantry die or an artillery die.
    let (c, w) = clear_beside_woods();
    let mut g = fresh();
    put_at(&mut g, &[("31IL-A", c), ("Watson-A", c), ("13AR-A", w)]);
    let gun = g.id("Watson-A");
    let captor = u8::try_from(g.oob().formation(Side::Union, "31IL").unwrap()).unwrap();
    g.units[usize::from(gun)].captor = Some(captor);
    g.changed();
    g.activate(Side::Union, "31IL", Stage::Volley);
    fire_all(&mut g, c, w);
    assert_eq!(rule(&g), "Belmont 5.1");
    assert_eq!(g.actor(), engine::Actor::Side(Side::Union));
    let inf = g.id("31IL-A");
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    let mut want = vec![Action::LoseDie(inf), Action::LoseDie(gun)];
    want.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, want);
    let mut art = g.clone();
    act(&mut art, Action::LoseDie(gun));
    assert_eq!(volley_dice(&art), [vec![VolleyDie::Infantry; 2], vec![VolleyDie::FieldArtillery; 2]].concat());
    act(&mut g, Action::LoseDie(inf));
    assert_eq!(volley_dice(&g), [vec![VolleyDie::Infantry; 1], vec![VolleyDie::FieldArtillery; 3]].concat());
    assert_logged(&g, "Belmont 5.1", "lost to terrain");
}

#[test]
fn rule_5_1_dice_of_one_kind_are_simply_lost() {
    // Two infantry companies: whichever die goes, the volley is the same; no question.
    let (c, w) = clear_beside_woods();
    let mut g = placed(&[("31IL-A", c), ("31IL-B", c), ("13AR-A", w)]);
    g.activate(Side::Union, "31IL", Stage::Volley);
    fire_all(&mut g, c, w);
    assert_eq!(volley_dice(&g), vec![VolleyDie::Infantry; 3]);
}

// ------------------------------------------------------------------------------------
// 6.4 with 7.2: a cavalry leader retreating from the melee hex

/// Resolves a melee against cavalry (6.4) through its retreats, leaders going along,
/// each retreat step to the first hex offered; counts the casualty checks (7.2) of
/// `leader` (each passed with a 1) and returns the position.
fn cavalry_retreats(defenders: &[&str], leader: &str) -> (Belmont, usize) {
    let mut g = melee_ready(defenders, &["31IL-A"]);
    resolve_first(&mut g);
    let l = g.id(leader);
    let mut checks = 0;
    for _ in 0..30 {
        match g.top().cloned() {
            Some(Frame::Retreat(_)) => {
                let a = g.legal_actions()[0].clone();
                let a = if matches!(a, Action::Accompany(_)) { Action::Accompany(true) } else { a };
                act(&mut g, a);
            }
            Some(Frame::OppOffer { .. }) => act(&mut g, Action::Fire(false)),
            Some(Frame::Casualty { leader }) => {
                checks += usize::from(leader == l);
                roll(&mut g, 1);
            }
            _ => break,
        }
    }
    (g, checks)
}

#[test]
fn rule_6_4_a_cavalry_leader_retreating_from_the_melee_hex_takes_a_casualty_check() {
    let (g, checks) = cavalry_retreats(&["MSCAV-A", "Miller"], "Miller");
    assert_eq!(at(&g, "Miller").unwrap().distance(hex("0333")), 2, "8.0: two hexes");
    assert_eq!(checks, 1, "7.2: one check for retreating from a melee hex");
}

#[test]
fn rule_6_4_the_attackers_leader_who_takes_the_hex_checks_once_as_ever() {
    // The neighbouring case: Logan, with the attackers, stays in the melee hex and takes
    // the one check for being there at its conclusion (7.2), not a retreat check.
    let mut g = melee_ready(&["MSCAV-A"], &["31IL-A", "Logan"]);
    resolve_first(&mut g);
    let logan = g.id("Logan");
    let mut checks = 0;
    for _ in 0..30 {
        match g.top().cloned() {
            Some(Frame::Retreat(_)) => {
                let a = g.legal_actions()[0].clone();
                act(&mut g, a);
            }
            Some(Frame::OppOffer { .. }) => act(&mut g, Action::Fire(false)),
            Some(Frame::Casualty { leader }) => {
                checks += usize::from(leader == logan);
                roll(&mut g, 1);
            }
            _ => break,
        }
    }
    assert_eq!(at(&g, "Logan"), Some(hex("0333")));
    assert_eq!(checks, 1);
}

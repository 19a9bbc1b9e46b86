//! Position tests for Belmont 9.0-9.1 (rally, High Morale) and 10.0-10.5 (Confused
//! Orders). Each test builds a position with the testkit and drives it through the
//! public `Game` API; probabilities are read off the chance outcomes exactly.

mod common_late;
use common_late::*;

// ------------------------------------------------------------------ 9.0 Rally

/// A broken company at `label` and a rally phase for its side, High Morale off.
/// A [`fresh`] position where neither side has high morale (9.1).
fn low_morale() -> Belmont {
    let mut g = fresh();
    g.high_morale = [false, false];
    g
}

/// With `killed` killed and each company broken at its hex, asserts the chance each
/// rallies on its own in a Union rally phase, in sixths.
fn union_rally_after_loss(killed: &str, companies: &[(&str, &str, u8)]) {
    let mut g = fresh();
    for (id, label, _) in companies {
        broken_at(&mut g, id, label);
    }
    g.put_loc(killed, Loc::Gone(Fate::Killed));
    rally_phase(&mut g, Side::Union);
    for (id, _, sixths) in companies {
        let (got, want) = (rally_chance(&g, id, None), f64::from(*sixths) / 6.0);
        assert!((got - want).abs() < EPS, "{id}: probability {got}, expected {want}");
    }
}

/// `leader` rallies each of `units` in turn, each rally roll a `die`.
fn rally_two(g: &mut Belmont, leader: u16, units: [u16; 2], die: u8) {
    for unit in units {
        act(g, Action::Rally { unit, leader: Some(leader) });
        roll(g, die);
    }
}

fn broken_at(g: &mut Belmont, id: &str, label: &str) -> belmont::counters::UnitId {
    let u = g.put(id, label);
    g.set_flipped(id, true);
    u
}

fn rally_chance(g: &Belmont, id: &str, leader: Option<&str>) -> f64 {
    let mut g = g.clone();
    let unit = g.id(id);
    let leader = leader.map(|l| g.id(l));
    act(&mut g, Action::Rally { unit, leader });
    assert_eq!(g.prompt().rule, "Belmont 9.0");
    assert_d6(&g);
    let id = id.to_string();
    prob1(&g, &move |g| !flipped(g, &id))
}

#[test]
fn r9_0_alone_a_company_rallies_on_a_six() {
    let mut g = low_morale();
    let u = broken_at(&mut g, "30IL-A", "1520");
    rally_phase(&mut g, Side::Union);
    assert_eq!(g.prompt().rule, "Belmont 9.0");
    assert_eq!(g.legal_actions(), vec![Action::Done, Action::Rally { unit: u, leader: None }]);
    assert_p(rally_chance(&g, "30IL-A", None), 1.0 / 6.0);
    // The 6 rallies, the 5 does not.
    let mut six = g.clone();
    act(&mut six, Action::Rally { unit: u, leader: None });
    roll(&mut six, 6);
    assert!(!flipped(&six, "30IL-A"));
    let mut five = g.clone();
    act(&mut five, Action::Rally { unit: u, leader: None });
    roll(&mut five, 5);
    assert!(flipped(&five, "30IL-A"));
}

#[test]
fn r9_0_a_leader_of_another_regiment_or_brigade_helps_on_5_6() {
    let mut g = low_morale();
    broken_at(&mut g, "31IL-A", "1520");
    g.put("Fouke", "1520"); // 30th Illinois: same brigade (McClernand), other regiment
    g.put("Dougherty", "1520"); // brigade leader of the 22nd Illinois and 7th Iowa
    rally_phase(&mut g, Side::Union);
    assert_p(rally_chance(&g, "31IL-A", Some("Fouke")), 2.0 / 6.0);
    assert_p(rally_chance(&g, "31IL-A", Some("Dougherty")), 2.0 / 6.0);
}

#[test]
fn r9_0_its_own_regiment_or_brigade_leader_helps_on_4_6() {
    let mut g = low_morale();
    broken_at(&mut g, "30IL-A", "1520");
    put_each(&mut g, &[("Fouke", "1520"), ("McClernand", "1520")]);
    broken_at(&mut g, "13AR-A", "1530");
    g.put("Tappan", "1530"); // 2.2 note: brigade leader of the 13th Arkansas
    rally_phase(&mut g, Side::Union);
    assert_p(rally_chance(&g, "30IL-A", Some("Fouke")), 3.0 / 6.0);
    assert_p(rally_chance(&g, "30IL-A", Some("McClernand")), 3.0 / 6.0);
    rally_phase(&mut g, Side::Confederate);
    assert_p(rally_chance(&g, "13AR-A", Some("Tappan")), 3.0 / 6.0);
}

#[test]
fn r9_0_a_wounded_leader_still_helps() {
    let mut g = low_morale();
    broken_at(&mut g, "30IL-A", "1520");
    g.put("Fouke", "1520");
    g.set_flipped("Fouke", true);
    rally_phase(&mut g, Side::Union);
    assert_p(rally_chance(&g, "30IL-A", Some("Fouke")), 3.0 / 6.0);
}

#[test]
fn r9_0_both_cavalry_leaders_belong_to_the_cavalry_companies() {
    // Logwood is the Tennessee companies' own leader (2.3), though the formation's
    // listed leader is Miller.
    let mut g = fresh();
    broken_at(&mut g, "TNCAV-A", "1530");
    g.put("Logwood", "1530");
    broken_at(&mut g, "MSCAV-A", "1532");
    g.put("Miller", "1532");
    rally_phase(&mut g, Side::Confederate);
    assert_p(rally_chance(&g, "TNCAV-A", Some("Logwood")), 3.0 / 6.0);
    assert_p(rally_chance(&g, "MSCAV-A", Some("Miller")), 3.0 / 6.0);
}

#[test]
fn r9_0_other_leaders_rally_only_in_their_own_hex() {
    let mut g = fresh();
    let u = broken_at(&mut g, "30IL-A", "1520");
    let fouke = g.put("Fouke", &nb("1520", 1));
    rally_phase(&mut g, Side::Union);
    assert!(!is_legal(&g, &Action::Rally { unit: u, leader: Some(fouke) }));
    assert!(is_legal(&g, &Action::Rally { unit: u, leader: None }));
}

#[test]
fn r9_0_a_leader_rallies_only_one_company() {
    let mut g = fresh();
    let a = broken_at(&mut g, "30IL-A", "1520");
    let b = broken_at(&mut g, "30IL-B", "1520");
    let fouke = g.put("Fouke", "1520");
    rally_phase(&mut g, Side::Union);
    assert!(is_legal(&g, &Action::Rally { unit: b, leader: Some(fouke) }));
    act(&mut g, Action::Rally { unit: a, leader: Some(fouke) });
    roll(&mut g, 1);
    assert!(flipped(&g, "30IL-A"));
    assert!(!is_legal(&g, &Action::Rally { unit: b, leader: Some(fouke) }));
    assert!(is_legal(&g, &Action::Rally { unit: b, leader: None }));
}

#[test]
fn r9_0_grant_rallies_two_companies_in_or_adjacent_on_4_6() {
    let mut g = low_morale();
    let a = broken_at(&mut g, "22IL-A", "1520");
    let b = broken_at(&mut g, "7IA-A", &nb("1520", 3));
    let c = broken_at(&mut g, "31IL-A", &nb("1520", 5));
    let far = broken_at(&mut g, "30IL-A", "1517"); // three hexes away
    let grant = g.put("Grant", "1520");
    rally_phase(&mut g, Side::Union);
    for u in [a, b, c] {
        assert!(is_legal(&g, &Action::Rally { unit: u, leader: Some(grant) }));
    }
    assert!(!is_legal(&g, &Action::Rally { unit: far, leader: Some(grant) }));
    // Adjacent, and of no regiment or brigade of his: still 4-6.
    assert_p(rally_chance(&g, "7IA-A", Some("Grant")), 3.0 / 6.0);
    assert_p(rally_chance(&g, "22IL-A", Some("Grant")), 3.0 / 6.0);
    rally_two(&mut g, grant, [a, b], 1);
    // Two rallies spent: the third company rallies without him.
    assert!(!is_legal(&g, &Action::Rally { unit: c, leader: Some(grant) }));
    assert!(is_legal(&g, &Action::Rally { unit: c, leader: None }));
}

#[test]
fn r9_0_polk_rallies_two_companies_in_or_adjacent_on_4_6() {
    let mut g = fresh();
    let a = broken_at(&mut g, "12TN-A", "1530");
    let b = broken_at(&mut g, "11LA-A", &nb("1530", 2));
    let c = broken_at(&mut g, "13AR-A", &nb("1530", 4));
    let polk = g.put("Polk", "1530");
    rally_phase(&mut g, Side::Confederate);
    assert_p(rally_chance(&g, "11LA-A", Some("Polk")), 3.0 / 6.0);
    rally_two(&mut g, polk, [a, b], 2);
    assert!(!is_legal(&g, &Action::Rally { unit: c, leader: Some(polk) }));
}

#[test]
fn r9_0_only_broken_companies_out_of_enemy_zoc_may_rally() {
    let mut g = fresh();
    let a = broken_at(&mut g, "30IL-A", "1520");
    g.put("30IL-B", "1720"); // unbroken: nothing to rally
    g.put("Taylor-1", "1722");
    g.set_flipped("Taylor-1", true); // reduced artillery is not a broken company
    let c = broken_at(&mut g, "30IL-C", "1220");
    g.put("13AR-A", &nb("1220", 1)); // unbroken infantry: a ZOC
    let d = broken_at(&mut g, "30IL-D", "1226");
    g.put("Tappan", &nb("1226", 1)); // leaders, cavalry and broken infantry have no ZOC
    g.put("MSCAV-A", &nb("1226", 3));
    broken_at(&mut g, "13AR-B", &nb("1226", 5));
    rally_phase(&mut g, Side::Union);
    let rallies: Vec<_> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Rally { unit, leader: None } => Some(unit),
            _ => None,
        })
        .collect();
    assert_eq!(rallies, vec![a, d]);
    let _ = c;
}

#[test]
fn r9_0_each_company_tries_once_a_turn() {
    let mut g = fresh();
    let a = broken_at(&mut g, "30IL-A", "1520");
    broken_at(&mut g, "30IL-B", "1720");
    rally_phase(&mut g, Side::Union);
    act(&mut g, Action::Rally { unit: a, leader: None });
    roll(&mut g, 1);
    assert!(!is_legal(&g, &Action::Rally { unit: a, leader: None }));
    // A new rally phase the same turn: still spent.
    rally_phase(&mut g, Side::Union);
    assert!(!is_legal(&g, &Action::Rally { unit: a, leader: None }));
    // 3.2.5: the next turn it may try again.
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, 2);
    rally_phase(&mut g, Side::Union);
    assert!(is_legal(&g, &Action::Rally { unit: a, leader: None }));
}

#[test]
fn r3_2_4_the_union_rallies_first_then_the_confederates() {
    let mut g = fresh();
    broken_at(&mut g, "30IL-A", "1520");
    broken_at(&mut g, "13AR-A", "1530");
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn, Frame::DrawChit]);
    assert_eq!(g.top(), Some(&Frame::Rally { side: Side::Union, used: vec![] }));
    act(&mut g, Action::Done);
    assert_eq!(g.top(), Some(&Frame::Rally { side: Side::Confederate, used: vec![] }));
}

// ------------------------------------------------------------------ 9.1 High Morale

#[test]
fn r9_1_high_morale_adds_one_to_every_rally_roll() {
    let mut g = fresh();
    assert_eq!(g.high_morale, [true, false], "9.1: the Union begins with it");
    broken_at(&mut g, "30IL-A", "1520");
    broken_at(&mut g, "31IL-A", "1720");
    g.put("Fouke", "1720"); // not of the 31st: 5-6, +1
    broken_at(&mut g, "22IL-A", "1920");
    g.put("Hart", "1920"); // own leader: 4-6, +1
    rally_phase(&mut g, Side::Union);
    assert_p(rally_chance(&g, "30IL-A", None), 2.0 / 6.0);
    assert_p(rally_chance(&g, "31IL-A", Some("Fouke")), 3.0 / 6.0);
    assert_p(rally_chance(&g, "22IL-A", Some("Hart")), 4.0 / 6.0);
    // The Confederates begin without it.
    broken_at(&mut g, "13AR-A", "1530");
    rally_phase(&mut g, Side::Confederate);
    assert_p(rally_chance(&g, "13AR-A", None), 1.0 / 6.0);
}

#[test]
fn r9_1_no_bonus_for_the_companies_of_a_killed_regiment_leader() {
    union_rally_after_loss("Fouke", &[("30IL-A", "1520", 1), ("31IL-A", "1720", 2)]);
}

#[test]
fn r9_1_no_bonus_for_the_regiments_of_a_killed_brigade_leader() {
    // 22IL-A is of Dougherty's brigade.
    union_rally_after_loss("McClernand", &[("27IL-F", "1520", 1), ("31IL-A", "1720", 1), ("22IL-A", "1920", 2)]);
}

#[test]
fn r9_1_a_killed_army_leader_loses_the_bonus_entirely() {
    union_rally_after_loss("Grant", &[("22IL-A", "1920", 1), ("CAV-Dollins", "1720", 1)]);
}

#[test]
fn r9_1_the_union_loses_high_morale_at_the_start_of_turn_7() {
    let mut g = fresh();
    g.turn = 5;
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, 6);
    assert_eq!(g.high_morale, [true, false]);
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, 7);
    assert_eq!(g.high_morale, [false, false], "the Confederates do not gain it at turn 7");
    assert!(logged(&g, "Belmont 9.1", "loses"));
}

#[test]
fn r9_1_the_camp_turn_ends_with_the_morale_swap() {
    let mut g = camp_fallen(3, 3, &[]);
    broken_at(&mut g, "30IL-A", "1520");
    broken_at(&mut g, "13AR-A", "1530");
    // During the capture turn the Union still has it.
    rally_phase(&mut g, Side::Union);
    assert_p(rally_chance(&g, "30IL-A", None), 2.0 / 6.0);
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, 4);
    assert_eq!(g.high_morale, [false, true]);
    rally_phase(&mut g, Side::Union);
    assert_p(rally_chance(&g, "30IL-A", None), 1.0 / 6.0);
    rally_phase(&mut g, Side::Confederate);
    assert_p(rally_chance(&g, "13AR-A", None), 2.0 / 6.0);
    // The Confederates keep it for the rest of the game, past turn 7.
    g.turn = 8;
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.high_morale, [false, true]);
}

// ------------------------------------------------------------------ 10.0 Confused Orders

/// Puts `side`'s Confused Orders chit and the formation's chit in the cup (plus
/// `others`), pulls the Confused Orders chit, then the formation's chit.
fn confuse(g: &mut Belmont, side: Side, code: &str, others: &[u8]) {
    let cc = confused_chit(g, side);
    let c = chit(g, side, code);
    let mut cup = vec![cc, c];
    cup.extend_from_slice(others);
    only_in_cup(g, &cup);
    act(g, Action::Draw(cc));
    assert!(g.confused[side.index()], "10.0: the next {code} chit is confused");
    act(g, Action::Draw(c));
    assert_eq!(g.top(), Some(&Frame::Confusion { chit: c }));
    assert_eq!(g.prompt().rule, "Belmont 10.0");
}

/// A chit that keeps the cup from emptying, so the turn waits at the next pull.
fn spare(g: &Belmont) -> u8 {
    chit(g, Side::Union, "CAV")
}

/// [`confuse`] the Confederate formation `code`, with the [`spare`] chit left in the cup.
fn confuse_cs(g: &mut Belmont, code: &str) {
    let s = spare(g);
    confuse(g, Side::Confederate, code, &[s]);
}

#[test]
fn r10_0_the_blue_and_gray_dice_are_36_outcomes_of_1_in_36() {
    let mut g = fresh();
    g.put("13AR-A", "1520");
    confuse_cs(&mut g, "13AR");
    assert_pair(&g);
}

#[test]
fn r10_0_gray_1_3_moves_the_regiment_one_hex_in_the_blue_direction() {
    let mut g = placed(&[("13AR-A", "1520"), ("13AR-B", "1520")]);
    g.put("12TN-A", "1520"); // not activated: stays
    confuse_cs(&mut g, "13AR");
    for blue in 1..=6 {
        for gray in 1..=3 {
            let mut c = g.clone();
            roll_pair(&mut c, blue, gray);
            let to = nb("1520", blue);
            assert_eq!(at(&c, "13AR-A").as_deref(), Some(to.as_str()), "blue {blue} gray {gray}");
            assert_eq!(at(&c, "13AR-B").as_deref(), Some(to.as_str()));
            assert_eq!(at(&c, "12TN-A").as_deref(), Some("1520"));
            // And it does nothing else this activation: the turn waits at the next pull.
            assert_eq!(c.top(), Some(&Frame::DrawChit), "blue {blue} gray {gray}");
        }
    }
}

#[test]
fn r10_0_gray_4_5_stands_without_volley_or_move_and_6_operates_normally() {
    let mut g = fresh();
    g.put("13AR-A", "1520");
    g.put("30IL-A", &nb("1520", 4)); // adjacent: in range
    confuse_cs(&mut g, "13AR");
    for gray in 4..=5 {
        for blue in 1..=6 {
            let mut c = g.clone();
            roll_pair(&mut c, blue, gray);
            assert_eq!(at(&c, "13AR-A").as_deref(), Some("1520"));
            assert_eq!(c.top(), Some(&Frame::DrawChit), "no volley, no move: the activation is over");
            assert!(!logged(&c, "Belmont 5.1", "Volley"));
        }
    }
    let mut c = g.clone();
    roll_pair(&mut c, 3, 6);
    assert_eq!(c.top(), Some(&Frame::Activate));
    assert!(c.legal_actions().iter().any(|a| matches!(a, Action::Volley { .. })), "6: the orders are deciphered");
    act(&mut c, Action::Done);
    // Volley done; no markers; on to maneuver, where it may move.
    while c.act.as_ref().is_some_and(|a| a.stage != Stage::Maneuver) {
        act(&mut c, Action::Done);
    }
    assert!(c.legal_actions().iter().any(|a| matches!(a, Action::Move { .. })));
}

#[test]
fn r10_0_the_chit_waits_for_the_next_chit_of_its_own_side() {
    let mut g = placed(&[("13AR-A", "1520"), ("30IL-A", "1720")]);
    let cc = confused_chit(&g, Side::Confederate);
    let union = chit(&g, Side::Union, "30IL");
    let cs = chit(&g, Side::Confederate, "13AR");
    only_in_cup(&mut g, &[cc, union, cs]);
    act(&mut g, Action::Draw(cc));
    act(&mut g, Action::Draw(union));
    assert_eq!(g.top(), Some(&Frame::Activate), "a Union chit is not confused by the CS chit");
    assert!(g.confused[Side::Confederate.index()]);
    // Finish the Union activation.
    while g.top() == Some(&Frame::Activate) {
        act(&mut g, Action::Done);
    }
    assert_eq!(g.top(), Some(&Frame::DrawChit));
    act(&mut g, Action::Draw(cs));
    assert_eq!(g.top(), Some(&Frame::Confusion { chit: cs }));
    assert!(!g.confused[Side::Confederate.index()]);
}

#[test]
fn r10_0_pulled_after_all_its_sides_unit_chits_it_has_no_effect() {
    let mut g = fresh();
    g.put("13AR-A", "1520");
    let cc = confused_chit(&g, Side::Confederate);
    let union = chit(&g, Side::Union, "30IL");
    only_in_cup(&mut g, &[cc, union]);
    act(&mut g, Action::Draw(cc));
    assert!(!g.confused[Side::Confederate.index()]);
    assert!(logged(&g, "Belmont 10.0", "no effect"));
}

// ------------------------------------------------------------------ 10.1 Union reserve

#[test]
fn r10_1_the_unreleased_guard_ignores_confused_orders() {
    let mut g = fresh();
    assert_eq!(g.guard_units.len(), 5);
    let guard = g.name(g.guard_units[0]).to_string(); // 27IL-A
    g.put(&guard, "1505");
    g.put("Buford", "1505"); // the guard's regiment leader
    g.put("27IL-F", "1520"); // the five released companies are affected
    let s = spare(&g);
    let cc = confused_chit(&g, Side::Union);
    let _ = cc;
    confuse(&mut g, Side::Union, "27IL", &[s]);
    let mut c = g.clone();
    roll_pair(&mut c, 4, 1);
    hold_fire(&mut c);
    assert_eq!(at(&c, &guard).as_deref(), Some("1505"));
    assert_eq!(at(&c, "Buford").as_deref(), Some("1505"));
    assert_eq!(at(&c, "27IL-F"), Some(nb("1520", 4)));
    // Once Grant has called the reserve (14.3) the guard is affected too.
    let mut c = g.clone();
    c.guard_released = true;
    roll_pair(&mut c, 4, 1);
    hold_fire(&mut c);
    assert_eq!(at(&c, &guard), Some(nb("1505", 4)));
    assert_eq!(at(&c, "Buford"), Some(nb("1505", 4)));
}

// ------------------------------------------------------------------ 10.2 Forced melee

#[test]
fn r10_2_a_company_forced_into_an_enemy_hex_must_melee() {
    let mut g = fresh();
    g.put("13AR-A", "1520");
    let target = nb("1520", 1);
    g.put("30IL-A", &target);
    confuse_cs(&mut g, "13AR");
    roll_pair(&mut g, 1, 2);
    hold_fire(&mut g);
    assert_eq!(at(&g, "13AR-A"), Some(target.clone()));
    assert_eq!(g.markers.len(), 1);
    let m = &g.markers[0];
    assert!(m.forced && !m.charge);
    assert_eq!((m.target, m.entry), (hex(&target), hex("1520")));
    // The melee is conducted normally: the attacker resolves it, defensive fire first.
    assert_eq!(g.legal_actions(), vec![Action::Resolve(0)]);
    act(&mut g, Action::Resolve(0));
    assert!(matches!(g.top(), Some(Frame::Volley { .. })), "5.3 defensive fire: {:?}", g.top());
}

#[test]
fn r10_2_broken_companies_without_their_regiment_leader_do_not_enter_melee() {
    let mut g = fresh();
    g.put("12TN-A", "1520");
    g.set_flipped("12TN-A", true);
    g.put("12TN-B", "1620");
    g.set_flipped("12TN-B", true);
    g.put("Russel", "1620");
    g.put("30IL-A", &nb("1520", 1));
    g.put("30IL-B", &nb("1620", 1));
    confuse_cs(&mut g, "12TN");
    roll_pair(&mut g, 1, 3);
    hold_fire(&mut g);
    assert_eq!(at(&g, "12TN-A").as_deref(), Some("1520"), "no leader: stays");
    assert_eq!(at(&g, "12TN-B"), Some(nb("1620", 1)), "with Russel: forced into melee");
    assert_eq!(at(&g, "Russel"), Some(nb("1620", 1)));
}

#[test]
fn r10_2_a_confused_brigade_or_army_leader_never_enters_an_enemy_hex() {
    // HQ activates the army and brigade leaders and the artillery (1.2); none of them
    // attacks (6.0, 6.6), so a confused HQ marches nobody into the enemy: each stays.
    let mut g = fresh();
    for (id, label) in [("Pillow", "1520"), ("Tappan", "1620"), ("Polk", "1720")] {
        g.put(id, label);
    }
    g.put("30IL-A", &nb("1520", 1));
    g.put("30IL-B", &nb("1620", 1));
    g.put("30IL-C", &nb("1720", 1));
    let c = confused_move(&g, Side::Confederate, "HQ", 1);
    for (id, label) in [("Pillow", "1520"), ("Tappan", "1620"), ("Polk", "1720")] {
        assert_eq!(at(&c, id).as_deref(), Some(label), "{id} stays");
        assert!(!matches!(loc(&c, id), Loc::Gone(_)), "{id} is not captured (6.7)");
    }
    assert!(c.markers.is_empty(), "no forced melee: {:?}", c.markers);
    assert!(logged(&c, "Belmont 10.3", "without a company of his command"));
    // The neighbouring case: with no enemy ahead they do move one hex (10.0).
    let mut g = fresh();
    g.put("Pillow", "1520");
    let c = confused_move(&g, Side::Confederate, "HQ", 1);
    assert_eq!(at(&c, "Pillow"), Some(nb("1520", 1)));
}

#[test]
fn r10_2_a_confused_artillery_leader_stays_with_his_guns() {
    // Beltzhoover (HQ) beside his battery: the guns are not forced in (10.3), so neither
    // is he, alone (4.3.2, 6.7).
    let mut g = placed(&[("Beltzhoover", "1520"), ("Watson-A", "1520")]);
    g.put("30IL-A", &nb("1520", 1));
    let c = confused_move(&g, Side::Confederate, "HQ", 1);
    assert_eq!(at(&c, "Beltzhoover").as_deref(), Some("1520"));
    assert_eq!(at(&c, "Watson-A").as_deref(), Some("1520"));
    assert!(c.markers.is_empty());
}

#[test]
fn r10_2_a_confused_regiment_leader_enters_only_with_a_company_of_his_command() {
    // Russel alone at 1520 while his company is forced in from 1620: he does not go in
    // alone (4.3.2); his company's melee goes on without him.
    let mut g = placed(&[("Russel", "1520"), ("12TN-A", "1620")]);
    g.put("30IL-A", &nb("1520", 1));
    g.put("30IL-B", &nb("1620", 1));
    let c = confused_move(&g, Side::Confederate, "12TN", 1);
    assert_eq!(at(&c, "Russel").as_deref(), Some("1520"), "not into the enemy alone");
    assert_eq!(at(&c, "12TN-A"), Some(nb("1620", 1)), "his company is forced in (10.2)");
    assert_eq!(c.markers.len(), 1);
    assert_eq!(c.markers[0].target, hex(&nb("1620", 1)));
    // With a company of his command beside him, he goes in with it: one forced melee,
    // both in its group, resolved normally (10.2).
    let mut g = placed(&[("Russel", "1520"), ("12TN-A", "1520")]);
    g.put("30IL-A", &nb("1520", 1));
    g.put("Pillow", "1520"); // not activated (10.4): never into the enemy hex
    let c = confused_move(&g, Side::Confederate, "12TN", 1);
    assert_eq!(at(&c, "Russel"), Some(nb("1520", 1)));
    assert_eq!(at(&c, "12TN-A"), Some(nb("1520", 1)));
    assert_eq!(at(&c, "Pillow").as_deref(), Some("1520"));
    assert_eq!(c.markers.len(), 1);
    let group = &c.markers[0].group;
    assert!(group.contains(&c.id("Russel")) && group.contains(&c.id("12TN-A")));
    assert_eq!(c.legal_actions(), vec![Action::Resolve(0)]);
    // A company of another regiment is no escort: the 13th Arkansas's company is not his.
    let mut g = placed(&[("Russel", "1520"), ("13AR-A", "1520")]);
    g.put("30IL-A", &nb("1520", 1));
    let c = confused_move(&g, Side::Confederate, "12TN", 1);
    assert_eq!(at(&c, "Russel").as_deref(), Some("1520"));
    assert!(c.markers.is_empty());
}

// ------------------------------------------------------------------ 10.3 Exceptions

fn confused_move(g: &Belmont, side: Side, code: &str, blue: u8) -> Belmont {
    let mut c = g.clone();
    let s = if side == Side::Union { chit(&c, Side::Confederate, "CAV") } else { spare(&c) };
    confuse(&mut c, side, code, &[s]);
    roll_pair(&mut c, blue, 1);
    hold_fire(&mut c);
    c
}

#[test]
fn r10_3_not_off_the_board() {
    let mut g = fresh();
    g.put("13AR-A", "1501");
    let c = confused_move(&g, Side::Confederate, "13AR", 1);
    assert_eq!(at(&c, "13AR-A").as_deref(), Some("1501"));
    assert!(logged(&c, "Belmont 10.3", "map"));
}

#[test]
fn r10_3_not_into_the_river() {
    let mut g = fresh();
    g.put("13AR-A", "2220");
    assert!(g.map().is_river(hex(&nb("2220", 2))));
    let c = confused_move(&g, Side::Confederate, "13AR", 2);
    assert_eq!(at(&c, "13AR-A").as_deref(), Some("2220"));
}

#[test]
fn r10_3_field_artillery_not_into_marsh_pond_or_an_enemy_hex() {
    let mut g = fresh();
    // Marsh north of 0816, pond south of 0929.
    assert_eq!(g.map().terrain(hex("0815")), Some(belmont::map::Terrain::Marsh));
    assert_eq!(g.map().terrain(hex("0930")), Some(belmont::map::Terrain::Pond));
    g.put("Watson-A", "0816");
    g.put("13TN-A", "0816"); // infantry goes into the marsh (not HQ: not activated)
    let c = confused_move(&g, Side::Confederate, "HQ", 1);
    assert_eq!(at(&c, "Watson-A").as_deref(), Some("0816"));

    let mut g = fresh();
    g.put("Watson-B", "0929");
    let c = confused_move(&g, Side::Confederate, "HQ", 4);
    assert_eq!(at(&c, "Watson-B").as_deref(), Some("0929"));

    let mut g = fresh();
    g.put("Watson-A", "1520");
    g.put("30IL-A", &nb("1520", 1));
    let c = confused_move(&g, Side::Confederate, "HQ", 1);
    assert_eq!(at(&c, "Watson-A").as_deref(), Some("1520"));
    assert!(c.markers.is_empty());

    // Infantry does go into the marsh.
    let mut g = fresh();
    g.put("13AR-A", "0816");
    let c = confused_move(&g, Side::Confederate, "13AR", 1);
    assert_eq!(at(&c, "13AR-A").as_deref(), Some("0815"));
}

#[test]
fn r10_3_cavalry_may_be_forced_into_a_charge_but_not_a_melee() {
    let mut g = fresh();
    g.put("MSCAV-A", "1520");
    g.put("30IL-A", &nb("1520", 1)); // unbroken infantry: a melee, not a charge
    let c = confused_move(&g, Side::Confederate, "CAV", 1);
    assert_eq!(at(&c, "MSCAV-A").as_deref(), Some("1520"));
    assert!(c.markers.is_empty());

    let mut g = fresh();
    g.put("MSCAV-A", "1520");
    g.put("30IL-A", &nb("1520", 1));
    g.set_flipped("30IL-A", true); // broken infantry may be charged (6.5)
    let c = confused_move(&g, Side::Confederate, "CAV", 1);
    assert_eq!(at(&c, "MSCAV-A"), Some(nb("1520", 1)));
    assert_eq!(c.markers.len(), 1);
    assert!(c.markers[0].charge && c.markers[0].forced);
}

#[test]
fn r10_3_not_into_an_over_stacked_hex() {
    let mut g = fresh();
    g.put("13AR-A", "1520");
    let to = nb("1520", 4);
    for id in ["12TN-A", "12TN-B", "12TN-C"] {
        g.put(id, &to);
    }
    let c = confused_move(&g, Side::Confederate, "13AR", 4);
    assert_eq!(at(&c, "13AR-A").as_deref(), Some("1520"));
    assert!(logged(&c, "Belmont 10.3", "over-stacked"));
    // With room for one more, it goes.
    let mut g2 = g.clone();
    g2.put_loc("12TN-C", Loc::Reserve);
    let c = confused_move(&g2, Side::Confederate, "13AR", 4);
    assert_eq!(at(&c, "13AR-A"), Some(to));
}

#[test]
fn r10_3_a_column_moves_together_in_the_blue_direction() {
    // Three companies in a hex and three more in the hex behind them in the blue
    // direction: all six move one hex; none is blocked by its own regiment.
    let mut g = fresh();
    let front = nb("1520", 4);
    for id in ["13AR-A", "13AR-B", "13AR-C"] {
        g.put(id, "1520");
    }
    for id in ["13AR-D", "13AR-E", "13AR-F"] {
        g.put(id, &front);
    }
    let c = confused_move(&g, Side::Confederate, "13AR", 4);
    for id in ["13AR-A", "13AR-B", "13AR-C"] {
        assert_eq!(at(&c, id), Some(front.clone()), "{id}");
    }
    for id in ["13AR-D", "13AR-E", "13AR-F"] {
        assert_eq!(at(&c, id), Some(nb(&front, 4)), "{id}");
    }
}

// ------------------------------------------------------------------ 10.4 Non-activated leaders

#[test]
fn r10_4_a_non_activated_leader_moves_with_the_confused_companies() {
    let mut g = fresh();
    g.put("12TN-A", "1520");
    g.put("Pillow", "1520"); // HQ: not activated by the 12th Tennessee's chit
    g.put("Tappan", "1520"); // commands no company here: goes along too
    let c = confused_move(&g, Side::Confederate, "12TN", 3);
    let to = nb("1520", 3);
    assert_eq!(at(&c, "12TN-A"), Some(to.clone()));
    assert_eq!(at(&c, "Pillow"), Some(to.clone()));
    assert_eq!(at(&c, "Tappan"), Some(to));
}

#[test]
fn r10_4_but_not_if_a_non_activated_company_of_his_command_stays() {
    let mut g = fresh();
    g.put("12TN-A", "1520");
    g.put("13TN-A", "1520"); // Pillow's brigade, not activated
    g.put("Pillow", "1520");
    let c = confused_move(&g, Side::Confederate, "12TN", 3);
    assert_eq!(at(&c, "12TN-A"), Some(nb("1520", 3)));
    assert_eq!(at(&c, "13TN-A").as_deref(), Some("1520"), "not activated");
    assert_eq!(at(&c, "Pillow").as_deref(), Some("1520"));
}

#[test]
fn r10_4_a_leader_does_not_go_where_his_companies_could_not() {
    // The companies stay (10.3, over-stacking); the leader, whom stacking does not
    // limit, stays with them.
    let mut g = placed(&[("12TN-A", "1520"), ("Pillow", "1520")]);
    let to = nb("1520", 3);
    for id in ["13AR-A", "13AR-B", "13AR-C"] {
        g.put(id, &to);
    }
    let c = confused_move(&g, Side::Confederate, "12TN", 3);
    assert_eq!(at(&c, "12TN-A").as_deref(), Some("1520"));
    assert_eq!(at(&c, "Pillow").as_deref(), Some("1520"));
}

#[test]
fn r10_0_confused_orders_do_not_affect_second_leader_movement() {
    let mut g = fresh();
    g.put("Pillow", "1530");
    only_in_cup(&mut g, &[]);
    g.confused = [false, true]; // pulled, with a unit chit still to come
    g.set_stack(vec![Frame::EndTurn, Frame::DrawChit]);
    // The cup is empty: leader second movement, the Confederate leaders free to move.
    assert!(matches!(g.top(), Some(Frame::SecondMove { side: Side::Confederate, .. })));
    assert!(is_legal(&g, &mv(&g, "Pillow", &nb("1530", 1))));
}

// ------------------------------------------------------------------ 10.5 U.S. Grant

#[test]
fn r10_5_units_with_or_adjacent_to_grant_operate_normally() {
    let mut g = placed(&[("Grant", "1520"), ("30IL-A", "1520")]);
    g.put("30IL-B", &nb("1520", 2));
    put_each(&mut g, &[("30IL-C", "1517"), ("Fouke", "1517")]);
    let c = confused_move(&g, Side::Union, "30IL", 4);
    assert_eq!(at(&c, "30IL-A").as_deref(), Some("1520"));
    assert_eq!(at(&c, "30IL-B"), Some(nb("1520", 2)));
    assert_eq!(at(&c, "30IL-C"), Some(nb("1517", 4)));
    assert_eq!(at(&c, "Fouke"), Some(nb("1517", 4)));
    // The exempt companies keep their activation: they may still move.
    assert_eq!(c.top(), Some(&Frame::Activate));
    assert_eq!(c.act.as_ref().map(|a| a.stage), Some(Stage::Maneuver));
    let a = c.id("30IL-A");
    let b = c.id("30IL-B");
    let moves = movers(&c);
    assert!(moves.contains(&a) && moves.contains(&b));
    assert!(!moves.contains(&c.id("30IL-C")), "the confused company is done");
}

#[test]
fn r10_5_grant_himself_is_immune() {
    let g = placed(&[("Grant", "1520"), ("McClernand", "1720")]);
    let c = confused_move(&g, Side::Union, "HQ", 1);
    assert_eq!(at(&c, "Grant").as_deref(), Some("1520"));
    assert_eq!(at(&c, "McClernand"), Some(nb("1720", 1)));
}

#[test]
fn r10_5_grant_does_not_steady_the_enemy() {
    // Reading: Grant's immunity covers Union companies and leaders.
    let mut g = fresh();
    g.put("Grant", "1520");
    g.put("13AR-A", &nb("1520", 1));
    let c = confused_move(&g, Side::Confederate, "13AR", 1);
    assert_eq!(at(&c, "13AR-A"), Some(nb(&nb("1520", 1), 1)));
}

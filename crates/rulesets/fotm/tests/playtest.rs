//! What the second playtest found (issue 15), as a player reads it: every decision that changes the map is
//! logged in the rulebook's words, each event belongs to the unit it is about, and a click
//! that is not offered hears its rule.

mod common;

use common::*;
use engine::{Game, Side};
use fotm::testkit::{hex, id, phase, put};
use fotm::{Action, Fotm, Phase, Unit};

fn events(g: &Fotm) -> Vec<(String, String, Option<String>)> {
    g.log().events().iter().map(|e| (e.rule.clone(), e.text.clone(), e.unit.clone())).collect()
}

/// 13.2: a change of facing is logged with the facing's name; 13.1: the end of a unit's
/// move, which choosing the next unit brings about, names the unit that moved, not the next.
#[test]
fn facing_changes_are_logged_and_a_move_ends_under_its_own_unit() {
    let mut g = empty_on(3);
    put(&mut g, "Scammon", "1318", 0);
    put(&mut g, "Crook", "1518", 0);
    phase(&mut g, 3, Side::Union, Phase::Movement);
    let (s, c) = (id(&g, "Scammon"), id(&g, "Crook"));
    act(&mut g, Action::Select(Unit::Brigade(s)));
    act(&mut g, Action::Face(1));
    let log = events(&g);
    assert!(log.iter().any(|(r, t, _)| r == "FotM 13.2" && t == "Scammon's Brigade faces north"), "{log:?}");
    act(&mut g, Action::Step(hex("1417")));
    let before = g.log().events().len();
    act(&mut g, Action::Select(Unit::Brigade(c)));
    let ended: Vec<_> = events(&g).into_iter().skip(before).filter(|(_, t, _)| t.contains("ends its move")).collect();
    assert_eq!(ended.len(), 1, "{ended:?}");
    assert_eq!(ended[0].2.as_deref(), Some("Scammon"), "the event is Scammon's, not Crook's");
    // The events the next unit's choice writes about itself carry no unit of their own.
    assert!(events(&g).into_iter().skip(before).any(|(_, t, u)| t.contains("begins to move") && u.is_none()));
}

/// 15.4 Initiation: a brigade joining or leaving an Assault is logged; the rolls are named
/// in the rulebook's words ("Close combat (15.4): one six"), never by the code's names.
#[test]
fn assault_joins_and_rolls_are_logged_in_the_rulebooks_words() {
    let (mut g, s, _) = face_off("Scammon", "Colquitt");
    phase(&mut g, 5, Side::Union, Phase::Combat);
    act(&mut g, Action::Assault(hex("2815")));
    act(&mut g, Action::Join(s));
    act(&mut g, Action::Join(s));
    act(&mut g, Action::Join(s));
    let texts: Vec<String> = events(&g).into_iter().map(|(_, t, _)| t).collect();
    let joins = texts.iter().filter(|t| t.as_str() == "Scammon's Brigade joins the Assault on 2815").count();
    let leaves = texts.iter().filter(|t| t.as_str() == "Scammon's Brigade leaves the Assault on 2815").count();
    assert_eq!((joins, leaves), (2, 1), "{texts:?}");
    act(&mut g, Action::Launch);
    let mut dice = engine::Dice::seeded(7);
    while g.actor() == engine::Actor::Chance {
        let outcomes = g.chance_outcomes();
        let a = *dice.sample(&outcomes);
        act(&mut g, a);
    }
    // No code names anywhere in the log: strengths and fates in words; a step lost or a
    // brigade gone is the brigade's own event, whoever's decision brought it.
    for (_, t, u) in events(&g) {
        assert!(!t.contains("Sp(") && !t.contains("Fire {") && !t.contains("{:?}"), "{t}");
        if t.contains(" loses ") || t.contains("out of the game") {
            assert!(u.is_some(), "{t}");
        }
    }
    let notes: Vec<String> = events(&g).into_iter().filter(|(r, _, _)| r == "FotM 15.2").map(|(_, t, _)| t).collect();
    // A roll with no dice says so (the ninth playtest: a battery firing for nothing left no line).
    let (none, rolls): (Vec<String>, Vec<String>) = notes.into_iter().partition(|t| t.ends_with("no dice"));
    assert!(none.iter().all(|t| t.contains(" SP, no dice")), "{none:?}");
    assert!(!rolls.is_empty());
    for t in &rolls {
        assert!(!t.contains("(es)") && !t.contains("Close:") && !t.contains("Off"), "{t}");
        // The ninth playtest: how many dice were rolled, beside what they gave.
        assert!(t.contains(" dice): ") || t.contains("(one die): "), "{t}");
        assert!(t.ends_with("no sixes") || t.ends_with("one six") || t.ends_with(" sixes"), "{t}");
    }
}

/// The page's "why not" (issue 15 playtest): with an Assault announced, a hex clicked with a
/// brigade selected that may not join it names the rule, instead of "Nothing to do"; the
/// brigade that may join is offered.
#[test]
fn why_not_a_brigade_that_may_not_join_the_assault_hears_the_rule() {
    let (mut g, _, _) = face_off("Scammon", "Colquitt");
    put(&mut g, "Crook", "2010", 0);
    phase(&mut g, 5, Side::Union, Phase::Combat);
    act(&mut g, Action::Assault(hex("2815")));
    let ask = |who: &str| engine::explain(&g, &engine::Probe::Hex { hex: "2815".into(), unit: Some(who.into()) });
    let far = ask("Crook");
    assert!(!far.offered);
    assert!(far.refusals.iter().any(|r| r.rule.starts_with("FotM 15")), "{far:?}");
    assert!(ask("Scammon").offered, "the brigade beside it may join");
}

/// The eighth playtest (finding 6): between Assaults, a hex clicked with a brigade selected
/// means that brigade's Assault. Crook, beside 2815 with it in his rear (5.1), hears why he
/// may not join; the Assault Scammon may make is still listed for the page to offer. Scammon
/// selected, the same click is offered.
#[test]
fn why_not_a_brigade_with_the_hex_in_its_rear_hears_5_1_between_assaults() {
    let (mut g, _, _) = face_off("Scammon", "Colquitt");
    put_back(&mut g, "Crook", "2915", "2815");
    phase(&mut g, 5, Side::Union, Phase::Combat);
    let ask = |who: &str| engine::explain(&g, &engine::Probe::Hex { hex: "2815".into(), unit: Some(who.into()) });
    let crook = ask("Crook");
    assert!(!crook.offered, "{crook:?}");
    assert_eq!(crook.refusals.iter().map(|r| r.rule.as_str()).collect::<Vec<_>>(), ["FotM 5.1"], "{crook:?}");
    assert!(crook.refusals[0].reason.contains("cannot join an Assault on 2815"), "{crook:?}");
    let assault = g.legal_actions().iter().position(|a| *a == Action::Assault(hex("2815")));
    assert_eq!(crook.actions, assault.into_iter().collect::<Vec<_>>(), "the Assault is still listed");
    let scammon = ask("Scammon");
    assert!(scammon.offered && scammon.refusals.is_empty(), "{scammon:?}");
    // No brigade selected: the Assault is offered, whoever makes it.
    assert!(engine::explain(&g, &engine::Probe::Hex { hex: "2815".into(), unit: None }).offered);
}

/// The second playtest: an Assault's odds listed only steps and VP, never whether the gap
/// falls. The tally counts each side's gaps and 2601 held (18.1), so the odds show it.
#[test]
fn the_tally_counts_the_gaps_each_side_holds() {
    let mut g = empty_on(5);
    let held = |g: &Fotm, side: &str| {
        g.tally().into_iter().find(|(k, _)| k == &format!("{side} gaps and 2601 held")).map(|(_, v)| v)
    };
    assert_eq!((held(&g, "union"), held(&g, "confederate")), (Some(0), Some(3)), "the Confederates hold all three");
    g.control[0] = Side::Union;
    assert_eq!((held(&g, "union"), held(&g, "confederate")), (Some(1), Some(2)), "Fox's Gap taken");
}

/// The second playtest: a hex already assaulted said "Nothing to do in 1608" once no other
/// Assault was left to make. A click there is still asked as an Assault, and 15.2 (one
/// Assault on a hex a phase) answers; before the Assault the same click is offered.
#[test]
fn why_not_a_hex_already_assaulted_names_15_2() {
    let (mut g, s, _) = face_off("Scammon", "Colquitt");
    phase(&mut g, 5, Side::Union, Phase::Combat);
    let ask = |g: &Fotm| engine::explain(g, &engine::Probe::Hex { hex: "2815".into(), unit: None });
    assert!(ask(&g).offered, "not yet assaulted");
    act(&mut g, Action::Assault(hex("2815")));
    act(&mut g, Action::Join(s));
    act(&mut g, Action::Launch);
    // Every roll a miss: the defender stays in 2815.
    while g.actor() != engine::Actor::Side(Side::Union) || !g.legal_actions().contains(&Action::Done) {
        let a = if g.actor() == engine::Actor::Chance { g.chance_outcomes()[0].0 } else { g.legal_actions()[0] };
        act(&mut g, a);
    }
    while g.prompt().text.starts_with("End of the Assault") {
        act(&mut g, Action::Done);
    }
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Assault(_))), "no Assault left");
    assert!(g.hex_of(id(&g, "Colquitt")) == Some(hex("2815")));
    let why = ask(&g);
    assert!(!why.offered);
    assert_eq!(why.refusals.iter().map(|r| r.rule.as_str()).collect::<Vec<_>>(), ["FotM 15.2"], "{why:?}");
}

/// The eighth playtest (finding 12): the log says what makes up the close-combat SP, each
/// brigade's share with its halving and the Assault's adjustments, not only the sixes rolled.
/// With brigades of one corps no corps penalty is named; with two corps it is (15.2).
#[test]
fn close_combat_sp_are_logged_share_by_share() {
    let notes = |two_corps: bool| {
        let (mut g, s, _) = face_off("Scammon", "Colquitt");
        let mut joiners = vec![s];
        if two_corps {
            joiners.push(put_facing(&mut g, "Seymour", "2915", "2815"));
        }
        phase(&mut g, 5, Side::Union, Phase::Combat);
        act(&mut g, Action::Assault(hex("2815")));
        for &b in &joiners {
            act(&mut g, Action::Join(b));
        }
        act(&mut g, Action::Launch);
        // Every roll a miss, each choice the first offered, until close combat is rolled.
        for _ in 0..50 {
            if g.log().events().iter().any(|e| e.text.starts_with("Close combat at")) {
                break;
            }
            let a = if g.actor() == engine::Actor::Chance { g.chance_outcomes()[0].0 } else { g.legal_actions()[0] };
            act(&mut g, a);
        }
        g.log().events().iter().find(|e| e.text.starts_with("Close combat at")).map(|e| e.text.clone())
    };
    let one = notes(false).expect("a close combat");
    assert!(one.starts_with("Close combat at 2815: Scammon's Brigade "), "{one}");
    assert!(!one.contains("two corps"), "{one}");
    let two = notes(true).expect("a close combat");
    assert!(two.contains("Seymour") && two.contains("-1 for brigades of two corps (15.2)"), "{two}");
}

//! Plan step 4: the set-up's ratings (2.3, R5; 2.1, R4), the brigade chit cup (4.3, R1), a
//! brigade's activation (4.4, R6), arrivals (R55) and the game's end (4.6), each with the
//! neighbouring case where the rule must not fire.

use engine::{Actor, Game, Side};
use rotr::scenario::Formation;
use rotr::sheets::Quality;
use rotr::state::{Place, Post};
use rotr::testkit::{begin_turn, put, rated, unit};
use rotr::{Action, BrigadeId, Rotr};
use table::Pos;

fn chit(g: &Rotr, name: &str) -> BrigadeId {
    g.brigade_named(name).unwrap_or_else(|| panic!("no brigade {name}"))
}

fn chits(g: &Rotr) -> Vec<&str> {
    g.cup.iter().map(|&b| g.brigade(b).chit.as_str()).collect()
}

/// Draws `name`'s chit from the cup.
fn draw(g: &mut Rotr, name: &str) {
    let b = chit(g, name);
    assert_eq!(g.actor(), Actor::Chance, "{}", g.prompt().text);
    g.apply(&Action::Draw(b)).expect("the chit is in the cup");
}

/// R5: every commander is rated at set-up, before the first chit, the Union's first; each roll
/// is a D10 of ten equal faces read on sheet A's column for his type.
#[test]
fn rule_2_3_commander_rolled_at_setup() {
    let mut g = Rotr::new(&[]).expect("no options");
    let mut rated = Vec::new();
    while let Some(rotr::procedure::Frame::Rate(rotr::ratings::Rating::Quality(c))) = g.pending() {
        let outcomes = g.chance_outcomes();
        assert_eq!(outcomes.len(), 10);
        assert!(outcomes.iter().all(|(_, p)| (*p - 0.1).abs() < 1e-12));
        rated.push(g.commander_info(*c).side);
        g.apply(&Action::D10(9)).expect("a face");
    }
    assert_eq!(rated.len(), g.commanders.len(), "every commander rolled");
    let unions = rated.iter().take_while(|&&s| s == rotr::scenario::Side::Union).count();
    assert_eq!(unions, 3, "the Union's three first: {rated:?}");
    assert!(g.commanders.iter().all(|c| c.quality.is_some()));
    // A 9 on the A column: the sheet's own reading, with its passes (10.4).
    let grant = g.commander_ids().find(|&c| g.commander_info(c).name.contains("Grant")).expect("Grant");
    let t = &g.commander_info(grant).commander_type;
    assert_eq!(g.commander(grant).quality, g.sheets().quality(t, 9));
    assert!(g.log().events().iter().any(|e| e.rule == "ROTR 2.3" && e.text.contains("Grant")));
    // Then the first chit.
    assert_eq!(g.prompt().rule, "ROTR 4.3");
}

/// 2.5: with assigned values nothing is rolled; each commander takes his type's quality.
#[test]
fn rule_2_5_assigned_values_roll_nothing() {
    let g = rated();
    assert_eq!(g.prompt().rule, "ROTR 4.3", "straight to the first draw");
    let mcclernand = g.commander_ids().find(|&c| g.commander_info(c).name.contains("McClernand")).expect("him");
    assert_eq!(g.commander(mcclernand).quality, Some(Quality::Cautious), "type A assigned Cautious");
    assert_eq!(rotr::ratings::passes(&g, mcclernand), Some(g.sheets().passes(Quality::Cautious)));
    assert!(g.units.iter().all(|u| u.performance.is_some()), "every unit assigned (2.5)");
}

/// R4: by default no unit's performance is rolled at set-up; `performance-at-start` rolls every
/// one, after the commanders.
#[test]
fn rule_2_1_performance_at_first_need_or_at_start() {
    let g = Rotr::new(&[]).expect("no options");
    assert!(g.units.iter().all(|u| u.performance.is_none()));
    let mut g = Rotr::new(&["performance-at-start".to_string()]).expect("known");
    let mut performed = 0;
    while g.actor() == Actor::Chance && g.prompt().rule != "ROTR 4.3" {
        if g.prompt().rule == "ROTR 2.1" {
            performed += 1;
            assert!(g.commanders.iter().all(|c| c.quality.is_some()), "commanders first (R5)");
        }
        g.apply(&Action::D10(0)).expect("a face");
    }
    assert_eq!(performed, g.units.len());
    let iowa = unit(&g, "7th Iowa");
    assert_eq!(g.unit(iowa).performance, g.sheets().performance(&g.info(iowa).unit_type, 0));
    assert!(rotr::ratings::cv(&g, iowa).is_some());
}

#[test]
fn exclusive_options_are_refused_with_both_names() {
    let e = Rotr::new(&["assigned-values".into(), "performance-at-start".into()]).expect_err("refused");
    let m = e.to_string();
    assert!(m.contains("assigned-values") && m.contains("performance-at-start") && m.contains("2.5"), "{m}");
    let e = Rotr::new(&["no-such".into()]).expect_err("refused");
    assert!(e.to_string().contains("assigned-values"), "lists the known: {e}");
}

/// 4.3, R1: one cup for both sides; each chit left equally likely, the last drawn without a
/// roll.
#[test]
fn rule_4_3_one_cup_both_sides() {
    let mut g = rated();
    assert_eq!(chits(&g), ["McClernand", "Dougherty", "Russell", "Tappan"]);
    let o = g.chance_outcomes();
    assert_eq!(o.len(), 4);
    assert!(o.iter().all(|(_, p)| (*p - 0.25).abs() < 1e-12));
    draw(&mut g, "Russell");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate), "Russell's brigade activates");
    g.apply(&Action::EndActivation).expect("end");
    let o = g.chance_outcomes();
    assert_eq!(o.len(), 3);
    assert!(o.iter().all(|(_, p)| (*p - 1.0 / 3.0).abs() < 1e-12));
    assert!(!o.iter().any(|(a, _)| *a == Action::Draw(chit(&g, "Russell"))), "set aside");
    draw(&mut g, "McClernand");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    g.apply(&Action::EndActivation).expect("end");
    draw(&mut g, "Tappan");
    g.apply(&Action::EndActivation).expect("end");
    // One chit left: drawn at once.
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert!(g.cup.is_empty());
    assert!(g.prompt().text.contains("Dougherty"), "{}", g.prompt().text);
    g.apply(&Action::EndActivation).expect("end");
    assert_eq!(g.turn, 2, "the cup empty, the turn ends (4.6)");
}

/// R1: a brigade with no unit on the table and none due has no chit; it joins the cup on the
/// turn its first unit is due.
#[test]
fn rule_4_3_brigade_without_units_has_no_chit() {
    let mut g = rated();
    assert!(!chits(&g).contains(&"Walker"), "Walker's units are due from turn 2");
    begin_turn(&mut g, 2);
    assert!(chits(&g).contains(&"Walker"));
    // The cup R1 computes is the one the scenario's file writes (the loader holds it to R1).
    for (turn, listed) in g.scenario().cup.clone() {
        begin_turn(&mut g, turn);
        assert_eq!(chits(&g), listed.iter().map(String::as_str).collect::<Vec<_>>(), "turn {turn}");
    }
}

/// 4.4, R6: the drawn brigade's units only; a finished unit is not selected again; a unit is
/// selected again only after the one selected in between has done something, so an activation
/// is finite.
#[test]
fn rule_4_4_units_of_the_drawn_brigade_once_finished() {
    let mut g = rated();
    draw(&mut g, "McClernand");
    let (i27, i30, iowa) = (unit(&g, "27th Illinois"), unit(&g, "30th Illinois"), unit(&g, "7th Iowa"));
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Select(i27)) && legal.contains(&Action::Select(i30)));
    assert!(!legal.contains(&Action::Select(iowa)), "Dougherty's brigade");
    let e = g.apply(&Action::Select(iowa)).expect_err("not this brigade");
    assert_eq!(e.rule, "ROTR 4.4");
    assert!(e.reason.contains("McClernand"), "{}", e.reason);
    g.apply(&Action::Select(i27)).expect("select");
    assert!(g.legal_actions().contains(&Action::FinishUnit(i27)));
    g.apply(&Action::Select(i30)).expect("switch (R6)");
    let e = g.apply(&Action::Select(i27)).expect_err("nothing done since");
    assert_eq!(e.rule, "ROTR 4.4");
    g.apply(&Action::FinishUnit(i30)).expect("finish");
    let e = g.apply(&Action::Select(i30)).expect_err("finished");
    assert!(e.reason.contains("over for this activation"), "{}", e.reason);
    assert!(g.legal_actions().contains(&Action::EndActivation));
}

/// R55: a unit due this turn is brought on during its brigade's activation, in March Column
/// with its rear stand's back edge on the entry point; the activation may not end while it may
/// still arrive.
#[test]
fn r55_arrival_due_must_arrive() {
    let mut g = rated();
    begin_turn(&mut g, 2);
    draw(&mut g, "Walker");
    let tn2 = unit(&g, "2nd Tennessee");
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::Arrive(tn2)));
    assert!(!legal.contains(&Action::EndActivation));
    let e = g.apply(&Action::EndActivation).expect_err("must arrive");
    assert_eq!(e.rule, "ROTR R55");
    // 15th Tennessee is due on turn 3, not now.
    let tn15 = unit(&g, "15th Tennessee");
    assert!(!legal.contains(&Action::Arrive(tn15)));
    g.apply(&Action::Arrive(tn2)).expect("arrives");
    let body = g.body(tn2).expect("on the table");
    let (_, entry) = rotr::activation::entry(&g, tn2).expect("an entry");
    assert_eq!(body, &entry);
    // Its rear stand's back edge on the landing, facing inland (R55).
    let landing = g.scenario().table.point("Belmont landing").expect("the point").at;
    let [_, bl, br, _] = body.stands.last().expect("stands").corners();
    let back = bl.midpoint(br);
    assert!(back.dist2(landing) <= 2, "{back:?} {landing:?}");
    assert_eq!(g.unit(tn2).formation, Formation::MarchColumn);
    assert!(g.legal_actions().contains(&Action::EndActivation));
    // Walker came with it.
    let walker = g.commander_ids().find(|&c| g.commander_info(c).brigade.as_deref() == Some("Walker"));
    if let Some(w) = walker {
        assert_eq!(g.commander(w).post, Post::With(tn2));
        assert!(g.commander_point(w).is_some(), "on the table with his unit");
    }
}

/// R55: if the entry is not clear the unit waits for a later activation, and the activation
/// may end.
#[test]
fn r55_arrival_waits_when_blocked() {
    let mut g = rated();
    begin_turn(&mut g, 2);
    let tn2 = unit(&g, "2nd Tennessee");
    // Another unit stands on the landing.
    let blocker = unit(&g, "13th Arkansas");
    let (_, entry) = rotr::activation::entry(&g, tn2).expect("entry");
    put(&mut g, blocker, Formation::Line, entry.stands[0].centre, 270);
    draw(&mut g, "Walker");
    let legal = g.legal_actions();
    assert!(!legal.contains(&Action::Arrive(tn2)), "{legal:?}");
    assert!(legal.contains(&Action::EndActivation));
    let e = g.apply(&Action::Arrive(tn2)).expect_err("blocked");
    assert_eq!(e.rule, "ROTR R55");
    assert!(e.reason.contains("not clear"), "{}", e.reason);
    g.apply(&Action::EndActivation).expect("ends");
    assert_eq!(g.unit(tn2).place, Place::Due, "waits");
}

/// Plan 6.4: no two units' stands overlap at set-up, and every commander starts with his unit.
#[test]
fn set_up_has_no_overlaps() {
    let g = rated();
    let bodies: Vec<_> = g.unit_ids().filter_map(|u| g.body(u).map(|b| (u, b.clone()))).collect();
    for (i, (u, a)) in bodies.iter().enumerate() {
        for (v, b) in &bodies[i + 1..] {
            for s in &a.stands {
                for t in &b.stands {
                    assert!(
                        !table::overlap_interior(&s.polygon(), &t.polygon()),
                        "{} meets {}",
                        g.info(*u).name,
                        g.info(*v).name
                    );
                }
            }
        }
    }
    for c in g.commander_ids() {
        let Post::With(u) = g.commander(c).post else { panic!("attached at set-up") };
        assert_eq!(g.info(u).name, g.commander_info(c).with);
    }
}

/// 4.6: the game ends after the scenario's last turn, not before.
#[test]
fn rule_4_6_ends_after_the_last_turn() {
    let mut g = rated();
    begin_turn(&mut g, 13);
    assert_ne!(g.actor(), Actor::Over, "turn 13 is played");
    while g.actor() != Actor::Over {
        let a = match g.actor() {
            Actor::Chance => g.chance_outcomes()[0].0,
            _ => *g.legal_actions().last().expect("an action"),
        };
        g.apply(&a).expect("legal");
    }
    assert_eq!(g.turn, 14);
    assert!(g.outcome().is_some());
    assert!(g.log().events().iter().any(|e| e.rule == "ROTR 4.6" && e.text.contains("game ends")));
}

fn objective(g: &Rotr, name: &str) -> rotr::scenario::Objective {
    g.scenario().objectives.iter().find(|o| o.name == name).cloned().expect("objective")
}

fn area(g: &Rotr, name: &str) -> table::Polygon {
    match &g.scenario().table.feature(name).expect("feature").shape {
        rotr::scenario::Shape::Area { polygon, .. } | rotr::scenario::Shape::Rise { polygon, .. } => polygon.clone(),
        rotr::scenario::Shape::Line(_) => panic!("an area"),
    }
}

/// Every Confederate unit off the table.
fn clear_confederates(g: &mut Rotr) -> Vec<rotr::UnitId> {
    let cs: Vec<_> = g.unit_ids().filter(|&u| g.info(u).side == rotr::scenario::Side::Confederate).collect();
    for &u in &cs {
        rotr::testkit::lift(g, u);
    }
    cs
}

/// Plan 6.7, the camp: a Union infantry unit with a stand's centre in the tents and no
/// Confederate unit within 6 inches of them; a Confederate company at 6 inches denies it, one
/// a sixteenth farther does not.
#[test]
fn objective_camp_johnston() {
    use rotr::victory::objective_met;
    let mut g = rated();
    for o in &g.scenario().objectives {
        assert!(rotr::victory::OBJECTIVES.contains(&o.name.as_str()), "{} is judged", o.name);
    }
    let camp = objective(&g, "Camp Johnston");
    assert!(!objective_met(&g, &camp), "at set-up");
    let cs = clear_confederates(&mut g);
    assert!(!objective_met(&g, &camp), "nobody in the tents");
    // The tents are 63-73 by 27-37 inches; a regiment's line across them, facing the top edge.
    let i27 = unit(&g, "27th Illinois");
    put(&mut g, i27, Formation::Line, Pos::inches(68, 30), 0);
    assert!(objective_met(&g, &camp));
    // A Confederate company to the east facing east, its back edge `gap` sixteenths off the tents.
    let horse = cs.iter().copied().find(|&u| g.info(u).arm == rotr::scenario::Arm::Cavalry).expect("horse");
    let depth = g.info(horse).stand.1;
    let tents = area(&g, "Camp Johnston's tents");
    for (gap, met) in [(96, false), (97, true)] {
        put(&mut g, horse, Formation::Line, Pos::new(73 * 16 + depth + gap, 32 * 16), 90);
        let d =
            g.body(horse).expect("on").stands.iter().map(|s| table::distance_sixteenths(&s.polygon(), &tents)).min();
        assert_eq!(d, Some(i64::from(gap)));
        assert_eq!(objective_met(&g, &camp), met, "a company {gap} sixteenths off");
    }
    // A Union cavalry company in the tents instead of the regiment: infantry only.
    rotr::testkit::lift(&mut g, i27);
    rotr::testkit::lift(&mut g, horse);
    assert!(!objective_met(&g, &camp));
}

/// The point a fraction `t` of the way along the ridge band's middle (plan 6.2's Pillow's
/// ridge runs from its north-west end to its south-east end).
fn on_ridge(g: &Rotr, t: f64) -> Pos {
    let r = area(g, "Pillow's ridge");
    let mid = |a: Pos, b: Pos| ((f64::from(a.x) + f64::from(b.x)) / 2.0, (f64::from(a.y) + f64::from(b.y)) / 2.0);
    let (nw, se) = (mid(r.points[1], r.points[2]), mid(r.points[0], r.points[3]));
    #[allow(clippy::cast_possible_truncation)]
    Pos::new((nw.0 + t * (se.0 - nw.0)) as i32, (nw.1 + t * (se.1 - nw.1)) as i32)
}

/// Plan 6.7, the ridge: held by three Confederate infantry units on it, not by two; cleared
/// when none stands on it.
#[test]
fn objective_the_ridge_held_needs_three() {
    use rotr::victory::objective_met;
    let mut g = rated();
    let (held, cleared) = (objective(&g, "The ridge held"), objective(&g, "The ridge cleared"));
    assert!(objective_met(&g, &held) && !objective_met(&g, &cleared), "Pillow's line at set-up");
    let cs = clear_confederates(&mut g);
    assert!(objective_met(&g, &cleared) && !objective_met(&g, &held));
    let foot: Vec<_> = cs.into_iter().filter(|&u| g.info(u).arm == rotr::scenario::Arm::Infantry).collect();
    let spots = [0.15, 0.5, 0.85];
    for (k, (&u, &t)) in foot.iter().zip(&spots).enumerate() {
        let at = on_ridge(&g, t);
        put(&mut g, u, Formation::Line, at, 307);
        assert!(!objective_met(&g, &cleared));
        assert_eq!(objective_met(&g, &held), k == 2, "{} units on the ridge", k + 1);
    }
}

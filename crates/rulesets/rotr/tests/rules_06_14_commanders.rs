//! Commanders on the table (6.14, ruling R8): 24 inches a turn in straight legs, split between
//! units; a brigade commander walks in his brigade's activation only, the overall commander in
//! any of his side's; attached, he rides with his unit. Each with the case where it must not.

use engine::Game;
use rotr::scenario::Formation;
use rotr::state::Post;
use rotr::testkit::{activate, begin_turn, clear_table, put, rated, unit};
use rotr::{Action, CommanderId, Rotr};
use table::Pos;

fn commander(g: &Rotr, name: &str) -> CommanderId {
    g.commander_ids().find(|&c| g.commander_info(c).name.contains(name)).unwrap_or_else(|| panic!("no {name}"))
}

/// McClernand's two regiments 8 inches apart on open ground, McClernand with the 30th
/// Illinois, McClernand's chit drawn.
fn brigade() -> (Rotr, CommanderId) {
    let mut g = rated();
    clear_table(&mut g);
    let (i27, i30) = (unit(&g, "27th Illinois"), unit(&g, "30th Illinois"));
    put(&mut g, i30, Formation::Line, Pos::inches(20, 50), 0);
    put(&mut g, i27, Formation::Line, Pos::inches(40, 50), 0);
    activate(&mut g, "McClernand");
    let c = commander(&g, "McClernand");
    assert_eq!(g.commander(c).post, Post::With(i30));
    (g, c)
}

/// 6.14, R8: a walk costs its length; 24 inches a turn split between legs; a leg past what is
/// left is refused, one within it is not.
#[test]
fn rule_6_14_commander_splits_24_inches() {
    let (mut g, c) = brigade();
    let from = g.commander_point(c).expect("on the table");
    // 4 inches straight down the table, then attach to the 27th, then walk on.
    g.apply(&Action::Walk { commander: c, x: from.x, y: from.y + 64 }).expect("4 inches");
    assert_eq!(rotr::commanders::left(&g, c), 20 * 16);
    let i27 = unit(&g, "27th Illinois");
    g.apply(&Action::Attach { commander: c, unit: i27 }).expect("to the 27th");
    assert_eq!(g.commander(c).post, Post::With(i27));
    let left = rotr::commanders::left(&g, c);
    assert!(left < 20 * 16 && left > 0, "{left}");
    let at = g.commander_point(c).expect("with the 27th");
    let too_far = Action::Walk { commander: c, x: at.x, y: at.y - i32::try_from(left).expect("small") - 1 };
    let e = g.apply(&too_far).expect_err("past what is left");
    assert_eq!(e.rule, "ROTR 6.14");
    assert!(e.reason.contains("24 inches"), "{}", e.reason);
    g.apply(&Action::Walk { commander: c, x: at.x, y: at.y - i32::try_from(left).expect("small") }).expect("exactly");
    assert_eq!(rotr::commanders::left(&g, c), 0);
    assert!(g.log().events().iter().any(|e| e.rule == "ROTR 6.14" && e.text.contains("walks 4 in")));
}

/// R8.2: a brigade commander walks only in his brigade's activation; the overall commander in
/// any of his side's, and in none of the other side's.
#[test]
fn rule_6_14_who_walks_when() {
    let mut g = rated();
    activate(&mut g, "Dougherty");
    let (mcclernand, grant, pillow) = (commander(&g, "McClernand"), commander(&g, "Grant"), commander(&g, "Pillow"));
    let at = |g: &Rotr, c| g.commander_point(c).expect("on the table");
    let step = |g: &Rotr, c| {
        let p = at(g, c);
        Action::Walk { commander: c, x: p.x + 16, y: p.y }
    };
    let e = g.apply(&step(&g, mcclernand)).expect_err("not his brigade's chit");
    assert!(e.reason.contains("his brigade's activation"), "{}", e.reason);
    assert!(g.clone().apply(&step(&g, pillow)).is_err(), "the other side's commander");
    g.apply(&step(&g, grant)).expect("the overall commander, in any of his side's activations");
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Attach { commander, .. } if *commander == grant)));
    assert!(!g.legal_actions().iter().any(
        |a| matches!(a, Action::Walk { commander, .. } | Action::Attach { commander, .. } if *commander == mcclernand)
    ));
}

/// R8.2: the inches left carry over within the turn and are whole again the next.
#[test]
fn rule_6_14_the_inches_are_a_turns() {
    let mut g = rated();
    activate(&mut g, "Dougherty");
    let grant = commander(&g, "Grant");
    let p = g.commander_point(grant).expect("on");
    g.apply(&Action::Walk { commander: grant, x: p.x + 160, y: p.y }).expect("10 inches");
    g.apply(&Action::EndActivation).expect("end");
    assert_eq!(rotr::commanders::left(&g, grant), 14 * 16, "carried to the next activation");
    begin_turn(&mut g, 2);
    assert_eq!(rotr::commanders::left(&g, grant), 24 * 16);
}

/// R8.1, R8.5: attached, he rides with his unit at no cost; walking off the table is refused.
#[test]
fn rule_6_14_an_attached_commander_rides_with_his_unit() {
    let (mut g, c) = brigade();
    let i30 = unit(&g, "30th Illinois");
    rotr::testkit::ground_tested(&mut g, i30);
    let before = g.commander_point(c).expect("on");
    g.apply(&Action::Move { unit: i30, angle: 0, dist: 64 }).expect("the 30th moves 4 inches");
    let after = g.commander_point(c).expect("on");
    assert_eq!((after.x - before.x, after.y - before.y), (0, 64));
    assert_eq!(rotr::commanders::left(&g, c), 24 * 16, "riding costs nothing");
    let e = g.apply(&Action::Walk { commander: c, x: -1, y: after.y }).expect_err("off the table");
    assert_eq!(e.rule, "ROTR R10");
    let e = g.apply(&Action::Attach { commander: c, unit: i30 }).expect_err("with it already");
    assert!(e.reason.contains("already"), "{}", e.reason);
}

/// The menu's walk carries exact ranges: a circle of the inches left, clipped to the table.
#[test]
fn the_walk_ranges_are_the_circle_of_inches_left() {
    let (g, c) = brigade();
    let walk = g.legal_actions().into_iter().find(|a| matches!(a, Action::Walk { .. })).expect("a walk listed");
    let Action::Walk { x, y, .. } = walk else { unreachable!() };
    let v = g.action_view(&walk);
    assert_eq!(v.unit.as_deref(), Some(rotr::view::commander_id(c).as_str()));
    let from = g.commander_point(c).expect("on");
    let r = 24 * 16i64;
    let dy = i64::from(y - from.y);
    let h = i64::try_from(u64::try_from(r * r - dy * dy).expect("inside").isqrt()).expect("small");
    let width = i64::from(g.scenario().table.size.x);
    assert_eq!(
        (v.params[0].min, v.params[0].max),
        ((i64::from(from.x) - h).max(0), (i64::from(from.x) + h).min(width))
    );
    assert_eq!(v.params[0].value, i64::from(x));
}

//! G. the Ammunition Resupply Phase (11.2-11.33) and H. the Rally Phase (9.85, 13.5, 17.13),
//! position by position: each rule's effect beside the neighbouring case where it does not
//! apply. Hexes are found in Belmont's bottomland timber (`data/belmont.map`).

use engine::{Actor, Game, Side};
use gbacw::terrain::Terrain;
use gbacw::testkit::{self as tk, ok, refused};
use gbacw::{Action, Formation, Gbacw, Phase, UnitId};
use hexmap::Hex;

/// A hex of the bottomland's timber with timber three hexes round, on the map, no hexside
/// feature within (so only the rules under test stand in a path's way).
fn open_ground(g: &Gbacw) -> Hex {
    tk::find(g, "timber three hexes round", |h| {
        h.within(3).into_iter().all(|n| {
            tk::is(g, n, Terrain::Woods)
                && n.neighbours().into_iter().all(|m| g.map().step(n, m).is_none_or(|s| s.across.is_none()))
        })
    })
}

/// `id` at `h`, facing 0, in its usual formation.
fn at(g: &mut Gbacw, id: &str, h: Hex) -> UnitId {
    tk::put(g, id, &h.label(), 0)
}

/// The 27th Illinois out of ammunition in the timber, the Union wagon beside it.
fn depleted_beside_a_wagon() -> (Gbacw, UnitId, UnitId) {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let u = at(&mut g, "27IL", h);
    let w = at(&mut g, "UWagon", h.neighbour(hexmap::Direction::S));
    g.unit_mut(u).depleted = true;
    (g, u, w)
}

/// The Union's Ammunition Resupply Phase on the position as it stands.
fn resupply(g: &mut Gbacw) {
    tk::phase(g, 3, Side::Union, Phase::Resupply);
}

/// The Union's Rally Phase on the position as it stands.
fn rally(g: &mut Gbacw) {
    tk::phase(g, 3, Side::Union, Phase::Rally);
}

// ---------------------------------------------------------------------------------------
// 11.2-11.33 the Ammunition Resupply Phase.

#[test]
fn rule_11_23_a_depleted_unit_is_resupplied_from_a_wagon_in_reach() {
    let (mut g, u, w) = depleted_beside_a_wagon();
    resupply(&mut g);
    assert_eq!(g.prompt().rule, "GBACW 11.23");
    let boxes = g.unit(w).boxes;
    ok(&mut g, Action::Resupply { unit: u, wagon: w });
    assert!(!g.unit(u).depleted);
    assert_eq!(g.unit(w).boxes, boxes - 1, "11.24: one small-arms box a unit");
    // Nothing more to resupply: Done ends the phase.
    assert_eq!(g.legal_actions(), vec![Action::Done]);
}

#[test]
fn rule_11_23_a_wagon_beyond_a_columns_move_is_out_of_reach() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let u = at(&mut g, "27IL", h);
    let far = g.map().hexes().map(|(x, _)| x).find(|x| x.distance(h) >= 20).expect("a far hex");
    let w = at(&mut g, "UWagon", far);
    g.unit_mut(u).depleted = true;
    // The phase has nothing to offer: it passes by itself.
    resupply(&mut g);
    assert_ne!(g.phase, Phase::Resupply, "no bare Done is asked");
    g.phase = Phase::Resupply;
    g.stack.push(gbacw::Frame::Resupply(Default::default()));
    assert_eq!(refused(&g, Action::Resupply { unit: u, wagon: w }), "GBACW 11.23");
}

/// 11.23, 10.5: a path passes through no enemy-held hex; a friendly unit in a hex of the
/// enemy's zone opens it to the path.
#[test]
fn rule_11_23_enemy_units_block_the_path_and_a_friend_opens_the_zone() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let u = at(&mut g, "27IL", h);
    let w = at(&mut g, "UWagon", h.neighbour(hexmap::Direction::S).neighbour(hexmap::Direction::S));
    g.unit_mut(u).depleted = true;
    let enemies = ["12TN", "13TN", "21TN", "22TN", "13AR", "2TN"];
    let ring = h.neighbours();
    let gap = ring[3];
    // Each faces the hex that will give way, so its neighbours' zones cover it (10.0).
    for (id, n) in enemies.iter().zip(ring) {
        let facing = if n == gap { 0 } else { gbacw::facing::toward(n, gap).unwrap_or(0) };
        tk::place(&mut g, id, &n.label(), Formation::Line, facing);
    }
    g.phase = Phase::Resupply;
    g.phasing = Side::Union;
    g.stack = vec![gbacw::Frame::Over, gbacw::Frame::Resupply(Default::default())];
    assert_eq!(refused(&g, Action::Resupply { unit: u, wagon: w }), "GBACW 11.23", "walled in by the enemy");
    // One of the six gives way to a friend: his hex opens the path though the enemy's zone
    // covers it.
    let e = g.units_at(gap)[0];
    g.unit_mut(e).loc = gbacw::Loc::Waiting;
    tk::place(&mut g, "30IL", &gap.label(), Formation::Line, 0);
    assert!(gbacw::zoc::in_enemy_zoc(&g, Side::Union, gap, gbacw::zoc::Purpose::Paths));
    g.legal_memo.forget();
    ok(&mut g, Action::Resupply { unit: u, wagon: w });
}

#[test]
fn rule_11_24_a_wagon_with_no_boxes_left_resupplies_nobody() {
    let (mut g, u, w) = depleted_beside_a_wagon();
    g.unit_mut(w).boxes = 0;
    g.phase = Phase::Resupply;
    g.stack.push(gbacw::Frame::Resupply(Default::default()));
    assert_eq!(refused(&g, Action::Resupply { unit: u, wagon: w }), "GBACW 11.24");
}

#[test]
fn rule_11_25_neither_the_unit_nor_the_wagon_moved() {
    for moved_unit in [true, false] {
        let (mut g, u, w) = depleted_beside_a_wagon();
        let mover = if moved_unit { u } else { w };
        g.unit_mut(mover).moved = true;
        g.phase = Phase::Resupply;
        g.stack.push(gbacw::Frame::Resupply(Default::default()));
        assert_eq!(refused(&g, Action::Resupply { unit: u, wagon: w }), "GBACW 11.25");
    }
}

/// 11.32, R28: a battery is refilled to its roster's rounds, one artillery box a round, as far
/// as the wagon's boxes go.
#[test]
fn rule_11_32_a_battery_is_refilled_from_the_artillery_boxes() {
    for (boxes, after, left) in [(8u8, 12u8, 1u8), (3, 8, 0)] {
        let mut g = tk::empty();
        let h = open_ground(&g);
        let b = tk::place(&mut g, "Taylor", &h.label(), Formation::Unlimbered, 0);
        let w = at(&mut g, "UWagon", h.neighbour(hexmap::Direction::S));
        g.unit_mut(b).rounds = 5;
        g.unit_mut(w).rounds = boxes;
        resupply(&mut g);
        ok(&mut g, Action::Resupply { unit: b, wagon: w });
        assert_eq!((g.unit(b).rounds, g.unit(w).rounds), (after, left));
    }
}

/// 11.33: rounds pass only between batteries of one side and one type; Belmont's two
/// batteries face each other, so the exchange is refused with its rule.
#[test]
fn rule_11_33_rounds_pass_only_between_a_sides_batteries() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let t = tk::place(&mut g, "Taylor", &h.label(), Formation::Unlimbered, 0);
    let wat = tk::place(&mut g, "Watson", &h.neighbour(hexmap::Direction::S).label(), Formation::Unlimbered, 3);
    g.unit_mut(wat).rounds = 4;
    g.phase = Phase::Resupply;
    g.phasing = Side::Union;
    g.stack.push(gbacw::Frame::Resupply(Default::default()));
    assert_eq!(refused(&g, Action::Transfer { from: t, to: wat }), "GBACW 11.33");
    assert_eq!(refused(&g, Action::Transfer { from: t, to: t }), "GBACW 11.33");
}

// ---------------------------------------------------------------------------------------
// 9.85, 13.5, 17.13 the Rally Phase.

#[test]
fn rule_9_85_pins_come_off_the_phasing_players_units_only() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let e = h.neighbour(hexmap::Direction::S).neighbour(hexmap::Direction::S);
    at(&mut g, "27IL", h);
    at(&mut g, "12TN", e);
    g.pinned = vec![h, e];
    rally(&mut g);
    assert_eq!(g.pinned, vec![e], "the Confederate pin stays until his own Rally Phase");
}

#[test]
fn rule_13_52_a_routed_unit_stacked_with_a_leader_rallies_free() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let with = at(&mut g, "27IL", h);
    let far = g.map().hexes().map(|(x, _)| x).find(|x| x.distance(h) >= 12).expect("a far hex");
    let alone = at(&mut g, "30IL", far);
    tk::put_leader(&mut g, "Grant", &h.label());
    tk::put_leader(&mut g, "McClernand", &h.label());
    g.unit_mut(with).routed = true;
    g.unit_mut(alone).routed = true;
    rally(&mut g);
    assert!(!g.unit(with).routed, "13.52 1: stacked with a leader");
    assert!(g.unit(alone).routed, "out of McClernand's radius and alone: still routed");
    assert_ne!(g.phase, Phase::Rally, "nothing left to decide: the phase passed");
}

/// 13.52 2, 17.13: a Rally Point rallies a unit of the commander's own brigade within his
/// Effectiveness Radius; his Rally Rating bounds them (Dougherty: one).
#[test]
fn rule_13_52_rally_points_within_the_effectiveness_radius() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let s = h.neighbour(hexmap::Direction::S);
    let a = at(&mut g, "22IL", s);
    let b = at(&mut g, "7IA", s.neighbour(hexmap::Direction::S));
    tk::put_leader(&mut g, "Dougherty", &h.label());
    g.unit_mut(a).routed = true;
    g.unit_mut(b).routed = true;
    // McClernand's routed 27th keeps the phase open once Dougherty's point is spent.
    let n = h.neighbour(hexmap::Direction::N);
    let k = at(&mut g, "27IL", n);
    tk::put_leader(&mut g, "McClernand", &n.neighbour(hexmap::Direction::N).label());
    g.unit_mut(k).routed = true;
    rally(&mut g);
    assert_eq!(g.prompt().rule, "GBACW 13.52");
    assert!(g.legal_actions().contains(&Action::Rally(b)));
    ok(&mut g, Action::Rally(a));
    assert!(!g.unit(a).routed);
    assert_eq!(refused(&g, Action::Rally(b)), "GBACW 17.13", "his one Rally Point is spent");
}

#[test]
fn rule_13_53_the_radius_is_not_traced_through_the_enemy() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let u = at(&mut g, "22IL", h);
    tk::put_leader(&mut g, "Dougherty", &h.neighbour(hexmap::Direction::S).neighbour(hexmap::Direction::S).label());
    g.unit_mut(u).routed = true;
    // A unit of his other brigade keeps the phase open whatever happens to 22IL.
    let k = at(&mut g, "27IL", h.neighbour(hexmap::Direction::N));
    tk::put_leader(&mut g, "McClernand", &h.neighbour(hexmap::Direction::N).neighbour(hexmap::Direction::N).label());
    g.unit_mut(k).routed = true;
    let enemies = ["12TN", "13TN", "21TN", "22TN", "13AR", "2TN"];
    for (id, n) in enemies.iter().zip(h.neighbours()).filter(|(_, n)| *n != h.neighbour(hexmap::Direction::N)) {
        tk::place(&mut g, id, &n.label(), Formation::Line, 0);
    }
    rally(&mut g);
    assert_eq!(refused(&g, Action::Rally(u)), "GBACW 13.53");
}

/// 13.54: a battery's crew rallies on a die at or under its morale (Taylor: 3); 6 fails.
#[test]
fn rule_13_54_a_gun_crew_rallies_by_the_die() {
    for (die, rallied) in [(3u8, true), (4, false)] {
        let mut g = tk::empty();
        let h = open_ground(&g);
        let t = tk::place(&mut g, "Taylor", &h.label(), Formation::Limbered, 0);
        g.unit_mut(t).routed = true;
        rally(&mut g);
        assert_eq!(g.actor(), Actor::Chance);
        assert_eq!(g.prompt().rule, "GBACW 13.54");
        g.apply(&Action::Roll(die)).unwrap();
        assert_eq!(!g.unit(t).routed, rallied, "die {die}");
    }
    // Stacked with a leader it rallies with no die.
    let mut g = tk::empty();
    let h = open_ground(&g);
    let t = tk::place(&mut g, "Taylor", &h.label(), Formation::Limbered, 0);
    tk::put_leader(&mut g, "McClernand", &h.label());
    g.unit_mut(t).routed = true;
    rally(&mut g);
    assert!(!g.unit(t).routed);
    assert_ne!(g.actor(), Actor::Chance);
}

/// 13.54 against 13.52: a battery is never rallied by a Rally Point.
#[test]
fn rule_13_52_batteries_take_no_rally_points() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let t = tk::place(&mut g, "Taylor", &h.label(), Formation::Limbered, 0);
    let u = at(&mut g, "27IL", h.neighbour(hexmap::Direction::N));
    tk::put_leader(&mut g, "McClernand", &h.neighbour(hexmap::Direction::S).label());
    g.unit_mut(t).routed = true;
    g.unit_mut(u).routed = true;
    rally(&mut g);
    g.apply(&Action::Roll(6)).unwrap();
    assert!(g.unit(t).routed);
    assert_eq!(refused(&g, Action::Rally(t)), "GBACW 13.54");
    ok(&mut g, Action::Rally(u));
}

/// The page's "why not": a wagon's hex clicked with a unit selected is its resupply there,
/// and a moved unit hears 11.25; a routed unit clicked in the Rally Phase is its Rally Point,
/// and one beyond the radius hears 13.53.
#[test]
fn why_not_resupply_and_rally_clicks_name_their_rules() {
    let (mut g, u, w) = depleted_beside_a_wagon();
    g.unit_mut(u).moved = true;
    g.phase = Phase::Resupply;
    g.stack.push(gbacw::Frame::Resupply(Default::default()));
    let wagon_hex = g.hex_of(w).unwrap().label();
    let why = engine::explain(&g, &engine::Probe::Hex { hex: wagon_hex.clone(), unit: Some("27IL".into()) });
    assert!(why.refusals.iter().any(|r| r.rule == "GBACW 11.25"), "{why:?}");
    g.unit_mut(u).moved = false;
    g.legal_memo.forget();
    assert!(engine::explain(&g, &engine::Probe::Hex { hex: wagon_hex, unit: Some("27IL".into()) }).offered);

    let mut g = tk::empty();
    let h = open_ground(&g);
    let near = at(&mut g, "27IL", h);
    let far = g.map().hexes().map(|(x, _)| x).find(|x| x.distance(h) >= 12).expect("a far hex");
    let away = at(&mut g, "30IL", far);
    tk::put_leader(&mut g, "McClernand", &h.neighbour(hexmap::Direction::N).label());
    g.unit_mut(near).routed = true;
    g.unit_mut(away).routed = true;
    rally(&mut g);
    let ask = |g: &Gbacw, id: &str| engine::explain(g, &engine::Probe::Unit { unit: id.into() });
    assert!(ask(&g, "27IL").offered);
    assert!(ask(&g, "30IL").refusals.iter().any(|r| r.rule == "GBACW 13.53"));
}

/// 11.19: a wagon its crew left is the captor's once his foot enter its hex: crewless, his to
/// recrew (11.18), resupplying his units from the Game-Turn after; its crew leaves play. The
/// third audit: a captured wagon was removed from play.
#[test]
fn rule_11_19_a_captured_wagon_serves_its_captor_from_the_turn_after_it_is_crewed() {
    let mut g = tk::empty();
    let h = open_ground(&g);
    let n = h.neighbour(hexmap::Direction::S);
    let inf = at(&mut g, "27IL", h);
    let thirsty = at(&mut g, "30IL", h.neighbour(hexmap::Direction::N));
    let w = at(&mut g, "CWagon", n);
    // Its crew routed off it, three hexes away.
    let far = n.neighbour(hexmap::Direction::S).neighbour(hexmap::Direction::S).neighbour(hexmap::Direction::S);
    g.unit_mut(w).abandoned = Some(n);
    g.unit_mut(w).formation = Formation::Line;
    g.unit_mut(w).loc = gbacw::Loc::Map(far);
    g.unit_mut(w).routed = true;
    assert_eq!(g.side_of(w), Side::Confederate);
    tk::phase(&mut g, 3, Side::Union, Phase::Movement);
    ok(&mut g, Action::Select(gbacw::Piece::Unit(inf)));
    ok(&mut g, Action::Step(n));
    assert_eq!(g.side_of(w), Side::Union, "the captor's now");
    assert_eq!(g.hex_of(w), Some(n), "the counter is the wagon, where it was left");
    assert!(gbacw::fire::wagon::crew_dead(&g, w), "its crew left play");
    assert!(g.units_at(far).is_empty());
    // Crewed by the captor in his Final Command Phase.
    g.phase = Phase::FinalCommand;
    g.stack = vec![gbacw::Frame::Over, gbacw::Frame::Final(gbacw::final_command::FinalFrame::Choices)];
    g.legal_memo.forget();
    ok(&mut g, Action::Recrew { wagon: w, from: inf });
    assert_eq!(g.strength(w), 1);
    // Not this Game-Turn's resupply...
    g.unit_mut(thirsty).depleted = true;
    for u in [inf, thirsty, w] {
        g.unit_mut(u).moved = false;
    }
    g.phasing = Side::Union;
    g.phase = Phase::Resupply;
    let refusal = |g: &Gbacw| gbacw::resupply::resupply_refusal(g, &gbacw::zoc::Paths::new(g, Side::Union), thirsty, w);
    assert_eq!(refusal(&g).unwrap_err().rule, "GBACW 11.19");
    // ... but the next's.
    g.turn = 4;
    assert!(refusal(&g).is_ok(), "{:?}", refusal(&g));
    // The neighbouring case: the Confederates' own wagon, never taken, is not theirs to lose.
    let mut g = tk::empty();
    let w = at(&mut g, "CWagon", n);
    assert!(!g.unit(w).taken && g.side_of(w) == Side::Confederate);
}

//! Position tests for FotM 13.0 Movement (with 4.2 reordering, 6.1 ZOC in movement, 8.1-8.4
//! mounting, 10.1, 11.3, 11.4, 11.6) and 14.0 Reinforcements. Each test names the rule it
//! checks; rule text is cited by number only.

mod common;

use common::{act, empty_on as empty, legal, mover, refused};
use engine::{Game, Side};
use fotm::testkit::{cid, hex, id, phase, put, put_cmdr, top};
use fotm::{Action, Fotm, Frame, Loc, MoveFrame, Pause, Phase, Unit, facing};
use hexmap::{Direction, Hex};

// ------------------------------------------------------------------------------------------
// Helpers.

/// `side`'s Movement Phase begins.
fn movement(g: &mut Fotm, side: Side) {
    let t = g.turn;
    phase(g, t, side, Phase::Movement);
}

/// Half MP spent by the unit moving.
fn spent(g: &Fotm) -> u8 {
    mover(g).spent
}

/// The rule a refusal cites.
fn n(h: Hex, d: Direction) -> Hex {
    h.neighbour(d)
}

/// A plain hex: clear, level 0, no road through it.
fn plain(label: &str) -> Hex {
    let h = hex(label);
    let m = fotm::map::south_mountain();
    assert_eq!(m.terrain(h), Some(fotm::map::Terrain::Clear), "{label}");
    assert_eq!(m.elevation(h), Some(0), "{label}");
    assert!(!m.is_road_hex(h), "{label} is a road hex");
    h
}

/// Selects a brigade by name.
fn select(g: &mut Fotm, name: &str) {
    let b = id(g, name);
    act(g, Action::Select(Unit::Brigade(b)));
}

/// `name` on `at` facing `f` on turn 3, selected to move in the Union Movement Phase.
fn moving(name: &str, at: &str, f: u8) -> Fotm {
    moving_on(3, name, at, f, |_, _| {})
}

/// `name` on `at` facing `f` on `turn`; `prep` (given the brigade) runs before the Union
/// Movement Phase begins; then `name` is selected to move.
fn moving_on(turn: u8, name: &str, at: &str, f: u8, prep: impl FnOnce(&mut Fotm, u8)) -> Fotm {
    let mut g = empty(turn);
    let b = put(&mut g, name, at, f);
    prep(&mut g, b);
    movement(&mut g, Side::Union);
    select(&mut g, name);
    g
}

/// Scammon facing 0 on the plain hex `label` (see [`plain`]), selected to move on turn 3.
fn scammon_on_plain(label: &str) -> (Fotm, Hex) {
    let at = plain(label);
    (moving("Scammon", label, 0), at)
}

/// Pleasonton's cavalry released (11.3).
fn released(g: &mut Fotm, _: u8) {
    g.cavalry_released = true;
}

/// Steps the unit moving `n` hexes due N from `from`; returns where it stands.
fn walk_north(g: &mut Fotm, from: Hex, n: usize) -> Hex {
    let mut at = from;
    for _ in 0..n {
        at = at.neighbour(Direction::N);
        act(g, Action::Step(at));
    }
    at
}

// ------------------------------------------------------------------------------------------
// 13.1 allowances, one hex always, front hexes only.

#[test]
fn rule_13_1_artillery_moves_four_clear_hexes_and_no_more() {
    let start = plain("1318");
    let mut g = moving("Benjamin", "1318", 0);
    let at = walk_north(&mut g, start, 4);
    assert_eq!(spent(&g), 8);
    // Artillery may not force march (13.5): the fifth hex is refused for lack of MP.
    assert_eq!(refused(&g, Action::Step(n(at, Direction::N))), "FotM 13.1");
    assert!(legal(&g, Action::EndMove));
}

#[test]
fn rule_13_1_one_hex_always_even_when_it_costs_more() {
    // Dusk (11.6) leaves artillery 3 MP; entering woods costs it 3, which it may always do
    // as its first hex; woods also stop it (13.2).
    let dusk = fotm::oob::south_mountain().turn("8 PM").expect("8 PM");
    let mut g = moving_on(dusk, "Benjamin", "0717", 0, |_, _| {});
    assert!(g.dusk());
    assert_eq!(mover(&g).allowance, 6, "11.6: 4 MP less one");
    act(&mut g, Action::Step(hex("0716")));
    assert_eq!(spent(&g), 6);
    assert!(mover(&g).stopped);
}

#[test]
fn rule_13_1_brigades_move_into_front_hexes_only() {
    let (g, at) = scammon_on_plain("1317");
    // Facing 0: front N and NE, flanks NW and SE, rear S and SW.
    assert!(legal(&g, Action::Step(n(at, Direction::N))));
    assert!(legal(&g, Action::Step(n(at, Direction::NE))));
    assert_eq!(refused(&g, Action::Step(n(at, Direction::NW))), "FotM 13.1");
    assert_eq!(refused(&g, Action::Step(n(at, Direction::SE))), "FotM 13.1");
}

#[test]
fn rule_13_1_commanders_move_in_any_direction() {
    let mut g = empty(3);
    let at = plain("1317");
    let c = put_cmdr(&mut g, "Cox", "1317");
    movement(&mut g, Side::Union);
    act(&mut g, Action::Select(Unit::Commander(c)));
    assert_eq!(mover(&g).allowance, 12);
    for d in Direction::ALL {
        assert!(legal(&g, Action::Step(n(at, d))), "{d:?}");
    }
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Face(_))));
}

#[test]
fn rule_13_1_each_unit_moves_once_a_phase() {
    let mut g = empty(3);
    put(&mut g, "Scammon", "1317", 0);
    put(&mut g, "Crook", "1517", 0);
    movement(&mut g, Side::Union);
    select(&mut g, "Scammon");
    act(&mut g, Action::Step(n(hex("1317"), Direction::N)));
    // Selecting another unit ends Scammon's move; Scammon may not be picked again.
    select(&mut g, "Crook");
    let scammon = Unit::Brigade(id(&g, "Scammon"));
    assert!(!legal(&g, Action::Select(scammon)));
    act(&mut g, Action::EndMove);
    assert!(!legal(&g, Action::Select(scammon)));
    assert!(legal(&g, Action::Done));
}

// ------------------------------------------------------------------------------------------
// 13.2 costs.

#[test]
fn rule_13_2_orderly_withdrawal_doubles_the_first_hex_only() {
    let (mut g, at) = scammon_on_plain("1316");
    let back = n(at, Direction::S);
    // Said before the step (the tenth playtest); a front step says nothing of it.
    let warning = engine::Game::action_view(&g, &Action::Step(back)).warning.expect("the doubled cost is said");
    assert!(warning.contains("FotM 13.2") && warning.contains("2 MP"), "{warning}");
    assert_eq!(engine::Game::action_view(&g, &Action::Step(n(at, Direction::N))).warning, None);
    act(&mut g, Action::Step(back));
    assert_eq!(spent(&g), 4, "first rear hex costs double");
    assert_eq!(engine::Game::action_view(&g, &Action::Step(n(back, Direction::S))).warning, None, "only the first");
    assert_eq!(g.bde(id(&g, "Scammon")).facing, 0, "without changing facing");
    act(&mut g, Action::Step(n(back, Direction::S)));
    assert_eq!(spent(&g), 6, "later rear hexes their normal cost");
}

#[test]
fn rule_13_2_withdrawal_only_from_the_start_of_the_move() {
    let (mut g, at) = scammon_on_plain("1317");
    let fwd = n(at, Direction::N);
    act(&mut g, Action::Step(fwd));
    assert_eq!(refused(&g, Action::Step(n(fwd, Direction::S))), "FotM 13.1");
}

#[test]
fn rule_13_2_two_facing_changes_free_then_one_mp_each() {
    let mut g = moving("Scammon", "1317", 0);
    act(&mut g, Action::Face(2));
    assert_eq!(spent(&g), 0, "two vertex changes are free");
    act(&mut g, Action::Face(3));
    assert_eq!(spent(&g), 2, "the third costs 1 MP");
    act(&mut g, Action::Face(1));
    assert_eq!(spent(&g), 6, "two more cost 2 MP");
}

#[test]
fn rule_13_2_woods_cost_infantry_two_and_stop_cavalry_at_three() {
    let mut g = moving("Scammon", "0717", 0);
    assert_eq!(facing::arc(hex("0717"), 0, hex("0716")), Some(facing::Arc::Front));
    act(&mut g, Action::Step(hex("0716")));
    assert_eq!(spent(&g), 4);
    assert!(!mover(&g).stopped);

    let mut g = moving_on(3, "Whiting", "0717", 0, released);
    act(&mut g, Action::Step(hex("0716")));
    assert_eq!(spent(&g), 6);
    assert!(mover(&g).stopped, "8.2: mounted cavalry stops in woods");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Step(_))));
}

/// Two adjacent hexes with this elevation change, the lower first, of the same terrain and
/// not joined by a road, the upper no steep hillside; and the terrain's infantry cost.
fn slope(change: u8) -> (Hex, Hex, u8) {
    let m = fotm::map::south_mountain();
    for (h, _) in m.hexes() {
        for up in h.neighbours() {
            if m.contains(up)
                && m.elevation(up).unwrap_or(0) == m.elevation(h).unwrap_or(0) + change
                && !m.road(h, up)
                && m.terrain(up) == m.terrain(h)
                && !m.steep_hillside(up)
                && !m.steep_hillside(h)
            {
                let woods = m.terrain(h) == Some(fotm::map::Terrain::Woods);
                return (h, up, if woods { 2 } else { 1 });
            }
        }
    }
    panic!("no {change}-level slope in the open");
}

/// Starts `name` moving at `from` facing `to`; returns the legal verdict on stepping to `to`.
fn try_step(name: &str, from: Hex, to: Hex) -> (Fotm, bool) {
    let g = moving_on(3, name, &from.label(), facing::front_towards(from, to), released);
    let ok = legal(&g, Action::Step(to));
    (g, ok)
}

#[test]
fn rule_13_2_one_level_costs_cavalry_and_artillery_one_more() {
    let (low, up, foot) = slope(1);
    let horse = if foot == 2 { 3 } else { 1 };
    let (mut g, ok) = try_step("Scammon", low, up);
    assert!(ok);
    act(&mut g, Action::Step(up));
    assert_eq!(spent(&g), foot * 2, "infantry: normal cost");
    let (mut g, ok) = try_step("Benjamin", up, low);
    assert!(ok);
    act(&mut g, Action::Step(low));
    assert_eq!(spent(&g), (horse + 1) * 2, "artillery: +1 down as well as up");
}

#[test]
fn rule_13_2_two_levels_infantry_pays_one_more_others_prohibited() {
    let (low, up, foot) = slope(2);
    let (mut g, ok) = try_step("Scammon", low, up);
    assert!(ok);
    act(&mut g, Action::Step(up));
    assert_eq!(spent(&g), (foot + 1) * 2);
    let (g, ok) = try_step("Whiting", low, up);
    assert!(!ok);
    assert_eq!(g.why_illegal(&Action::Step(up)).rule, "FotM 13.2");
}

#[test]
fn rule_13_2_three_levels_prohibited_to_all() {
    let m = fotm::map::south_mountain();
    let pair = m
        .hexes()
        .flat_map(|(h, _)| h.neighbours().into_iter().map(move |x| (h, x)))
        .find(|&(a, b)| m.contains(b) && m.elevation_change(a, b) == Some(3))
        .expect("a ledge");
    let (g, ok) = try_step("Scammon", pair.0, pair.1);
    assert!(!ok);
    assert_eq!(g.why_illegal(&Action::Step(pair.1)).rule, "FotM 13.2");
}

#[test]
fn rule_13_2_steep_hillside_costs_one_more() {
    let m = fotm::map::south_mountain();
    let (from, steep) = m
        .hexes()
        .filter(|(h, _)| m.steep_hillside(*h))
        .flat_map(|(h, _)| h.neighbours().into_iter().map(move |x| (x, h)))
        .find(|&(a, b)| {
            m.contains(a) && m.elevation_change(a, b) == Some(1) && !m.road(a, b) && m.terrain(b) == m.terrain(a)
        })
        .expect("a steep hillside one level from a neighbour of the same terrain");
    let woods = m.terrain(steep) == Some(fotm::map::Terrain::Woods);
    let (mut g, ok) = try_step("Scammon", from, steep);
    assert!(ok);
    act(&mut g, Action::Step(steep));
    let base = if woods { 2 } else { 1 };
    assert_eq!(spent(&g), (base + 1) * 2);
}

// ------------------------------------------------------------------------------------------
// 13.3 columns and road column movement.

/// The National Road from its entry: 1718 1717 1816 1815 1814.
fn national() -> [Hex; 5] {
    ["1718", "1717", "1816", "1815", "1814"].map(hex)
}

/// Scammon at the road's start facing along it (in column if `column`), `prep` run on the
/// game, then selected to move in the Union Movement Phase.
fn on_the_road(column: bool, prep: impl FnOnce(&mut Fotm, [Hex; 5])) -> (Fotm, [Hex; 5]) {
    let r = national();
    let g = moving_on(3, "Scammon", &r[0].label(), facing::front_towards(r[0], r[1]), |g, b| {
        if column {
            g.bde_mut(b).column = true;
        }
        prep(g, r);
    });
    (g, r)
}

#[test]
fn rule_13_3_column_on_the_road_pays_half() {
    let (mut g, r) = on_the_road(true, |_, _| {});
    act(&mut g, Action::Step(r[1]));
    assert_eq!(spent(&g), 1);
    let f = facing::front_towards(r[1], r[2]);
    if g.bde(id(&g, "Scammon")).facing != f {
        act(&mut g, Action::Face(f));
    }
    act(&mut g, Action::Step(r[2]));
    assert_eq!(spent(&g), 2);
}

#[test]
fn rule_13_3_line_on_the_road_pays_full() {
    let (mut g, r) = on_the_road(false, |_, _| {});
    act(&mut g, Action::Step(r[1]));
    assert_eq!(spent(&g), 2);
}

#[test]
fn rule_13_3_a_hex_of_three_brigades_costs_the_non_road_rate() {
    let (mut g, r) = on_the_road(true, |g, r| {
        for name in ["Crook", "Christ", "Benjamin"] {
            put(g, name, &r[1].label(), 0);
        }
    });
    act(&mut g, Action::Step(r[1]));
    assert_eq!(spent(&g), 2);
}

#[test]
fn rule_13_3_no_road_column_rate_into_an_enemy_zoc() {
    let (mut g, r) = on_the_road(true, |g, r| {
        // A Confederate brigade beyond r[1], facing it.
        let beyond = r[2];
        put(g, "Garland", &beyond.label(), facing::front_towards(beyond, r[1]));
    });
    act(&mut g, Action::Step(r[1]));
    assert_eq!(spent(&g), 2, "normal cost into the ZOC");
    assert!(mover(&g).stopped, "6.1");
}

#[test]
fn rule_13_3_formation_change_only_on_a_road_for_one_mp() {
    let (g, _) = scammon_on_plain("1317");
    assert_eq!(refused(&g, Action::Formation), "FotM 13.3");

    let r = national();
    let mut g = moving("Scammon", &r[1].label(), 0);
    act(&mut g, Action::Formation);
    assert!(g.bde(id(&g, "Scammon")).column);
    assert_eq!(spent(&g), 2);
}

#[test]
fn rule_13_3_commanders_half_on_roads_one_off() {
    let r = national();
    let mut g = empty(3);
    let c = put_cmdr(&mut g, "Cox", &r[0].label());
    movement(&mut g, Side::Union);
    act(&mut g, Action::Select(Unit::Commander(c)));
    act(&mut g, Action::Step(r[1]));
    assert_eq!(spent(&g), 1);
    let off = r[1]
        .neighbours()
        .into_iter()
        .find(|&h| !fotm::map::south_mountain().road(r[1], h) && fotm::map::south_mountain().contains(h))
        .expect("a non-road neighbour");
    act(&mut g, Action::Step(off));
    assert_eq!(spent(&g), 3);
}

// ------------------------------------------------------------------------------------------
// 6.1 ZOC, 13.4 occupied hexes, 4.1 stacking at the end of a move.

/// Scammon on 1317 facing 0; a Confederate brigade two hexes N facing back at it: its ZOC
/// covers the hex N of Scammon.
fn facing_off() -> (Fotm, Hex, Hex) {
    let mut g = empty(3);
    let at = plain("1317");
    let mid = n(at, Direction::N);
    let enemy = n(mid, Direction::N);
    put(&mut g, "Scammon", "1317", 0);
    put(&mut g, "Garland", &enemy.label(), 3);
    movement(&mut g, Side::Union);
    (g, at, mid)
}

#[test]
fn rule_6_1_entering_an_enemy_zoc_stops_the_move() {
    let (mut g, _, mid) = facing_off();
    select(&mut g, "Scammon");
    act(&mut g, Action::Step(mid));
    assert!(mover(&g).stopped);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Step(_))));
    assert!(legal(&g, Action::EndMove));
}

#[test]
fn rule_6_1_no_brigade_moves_zoc_to_zoc() {
    let (mut g, _, mid) = facing_off();
    // Start Scammon already in the ZOC, facing so that the NE hex (also in the ZOC) is front.
    let b = id(&g, "Scammon");
    g.set_loc(b, Loc::Map(mid));
    let garland = n(mid, Direction::N);
    let side_hex = n(mid, Direction::NE);
    assert!(fotm::zoc::in_enemy_zoc(&g, side_hex, Side::Union), "test set-up: {side_hex} in Garland's ZOC");
    let _ = garland;
    select(&mut g, "Scammon");
    assert_eq!(refused(&g, Action::Step(side_hex)), "FotM 6.1");
}

#[test]
fn rule_6_1_commanders_zoc_to_zoc_only_with_friends_in_both() {
    let (mut g, _, mid) = facing_off();
    let side_hex = n(mid, Direction::NE);
    let c = put_cmdr(&mut g, "Cox", &mid.label());
    act(&mut g, Action::Select(Unit::Commander(c)));
    assert_eq!(refused(&g, Action::Step(side_hex)), "FotM 6.1");

    let (mut g, _, mid) = facing_off();
    let c = put_cmdr(&mut g, "Cox", &mid.label());
    put(&mut g, "Crook", &mid.label(), 0);
    put(&mut g, "Christ", &side_hex.label(), 0);
    act(&mut g, Action::Select(Unit::Commander(c)));
    assert!(legal(&g, Action::Step(side_hex)));
}

#[test]
fn rule_13_4_never_into_enemy_hexes_through_friends() {
    let at = plain("1317");
    let ahead = n(at, Direction::N);
    let mut g = moving_on(3, "Scammon", "1317", 0, |g, _| {
        put(g, "Rosser", &n(at, Direction::NE).label(), 1);
        put(g, "Crook", &ahead.label(), 0);
        put(g, "Christ", &ahead.label(), 0);
    });
    assert_eq!(refused(&g, Action::Step(n(at, Direction::NE))), "FotM 13.4");
    // Through the two infantry brigades: it may enter but not stop there (4.1).
    act(&mut g, Action::Step(ahead));
    assert_eq!(refused(&g, Action::EndMove), "FotM 4.1");
    act(&mut g, Action::Step(n(ahead, Direction::N)));
    assert!(legal(&g, Action::EndMove));
}

/// Reading (13.4; the fifth playtest): a hex where an enemy commander stands without a
/// brigade is no enemy brigade's hex, so Scammon may enter it and both stay; the log says so.
/// The neighbour: the same commander with a brigade of his bars the hex.
#[test]
fn rule_13_4_a_lone_enemy_commander_does_not_bar_the_hex_and_the_log_says_so() {
    let at = plain("1317");
    let ahead = n(at, Direction::N);
    let mut g = moving_on(3, "Scammon", "1317", 0, |g, _| {
        put_cmdr(g, "DHHill", &ahead.label());
    });
    act(&mut g, Action::Step(ahead));
    let last = g.log().events().iter().rev().find(|e| e.rule == "FotM 13.2").expect("the step is logged");
    assert!(last.text.contains("13.4 bars only hexes of enemy brigades"), "{}", last.text);
    assert_eq!(g.cmdr(cid(&g, "DHHill")).hex, Some(ahead), "he stays");
    let g = moving_on(3, "Scammon", "1317", 0, |g, _| {
        put_cmdr(g, "DHHill", &ahead.label());
        put(g, "Garland", &ahead.label(), 3);
    });
    assert_eq!(refused(&g, Action::Step(ahead)), "FotM 13.4");
}

/// 13.1, 17.4 (the seventh playtest: a brigade that had moved, clicked, heard only "not a
/// choice"): picking a brigade whose move is over names 13.1; a routed one names 17.4; one
/// that has not moved may be picked.
#[test]
fn rule_13_1_a_brigade_that_has_moved_or_is_routed_says_why_it_is_not_picked() {
    let at = plain("1317");
    let mut g = moving_on(3, "Scammon", "1317", 0, |g, _| {
        put(g, "Crook", "1417", 0);
        let r = put(g, "Christ", "1517", 0);
        g.bde_mut(r).routed = true;
    });
    act(&mut g, Action::Step(n(at, Direction::N)));
    act(&mut g, Action::EndMove);
    let (s, c, r) = (id(&g, "Scammon"), id(&g, "Crook"), id(&g, "Christ"));
    assert_eq!(refused(&g, Action::Select(Unit::Brigade(s))), "FotM 13.1");
    assert_eq!(refused(&g, Action::Select(Unit::Brigade(r))), "FotM 17.4");
    assert!(legal(&g, Action::Select(Unit::Brigade(c))));
}

// ------------------------------------------------------------------------------------------
// 13.5 forced march.

/// Scammon walks five clear hexes N; returns the game at the forced-march roll.
fn forced_march(lcm: u8, with_cox: bool) -> Fotm {
    let mut g = moving_on(3, "Scammon", "1318", 0, |g, b| g.bde_mut(b).lcm = lcm);
    let at = walk_north(&mut g, hex("1318"), 4);
    let fifth = n(at, Direction::N);
    if lcm >= 2 {
        assert_eq!(refused(&g, Action::Step(fifth)), "FotM 13.1");
        return g;
    }
    act(&mut g, Action::Step(fifth));
    assert!(mover(&g).forced && mover(&g).stopped);
    if with_cox {
        put_cmdr(&mut g, "Cox", &fifth.label());
    }
    act(&mut g, Action::EndMove);
    g
}

#[test]
fn rule_13_5_forced_march_one_hex_then_a_roll() {
    let mut g = forced_march(0, false);
    assert!(matches!(top(&g), Frame::Move(f) if matches!(**f, MoveFrame::ForceMarch(_))));
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 6);
    assert!(outcomes.iter().all(|(_, p)| (*p - 1.0 / 6.0).abs() < 1e-12));
    act(&mut g, Action::Roll(3));
    assert_eq!(g.bde(id(&g, "Scammon")).losses, 1, "1-3: a step lost");
    let mut g = forced_march(0, false);
    act(&mut g, Action::Roll(4));
    assert_eq!(g.bde(id(&g, "Scammon")).losses, 0, "4-6: no effect");
}

#[test]
fn rule_13_5_commander_and_lcm_modify_the_roll() {
    // Cox (CM 2) in the hex, one LCM: net +1; a 2 loses (3), a 3 does not (4).
    let mut g = forced_march(1, true);
    act(&mut g, Action::Roll(2));
    assert_eq!(g.bde(id(&g, "Scammon")).losses, 1);
    let mut g = forced_march(1, true);
    act(&mut g, Action::Roll(3));
    assert_eq!(g.bde(id(&g, "Scammon")).losses, 0);
    // One LCM alone: a 4 loses (3).
    let mut g = forced_march(1, false);
    act(&mut g, Action::Roll(4));
    assert_eq!(g.bde(id(&g, "Scammon")).losses, 1);
}

#[test]
fn rule_13_5_two_lcms_may_not_force_march() {
    let _ = forced_march(2, false);
}

#[test]
fn a_brigade_that_forced_marched_may_still_turn_free_to_face_the_enemy() {
    let mut g = moving_on(3, "Scammon", "1318", 0, |_, _| {});
    let at = walk_north(&mut g, hex("1318"), 5);
    assert!(mover(&g).forced && spent(&g) > mover(&g).allowance, "13.5: more than the allowance spent");
    let f = g.bde(id(&g, "Scammon")).facing;
    // 13.2: the first two facing changes cost nothing, so no MP are needed for them.
    act(&mut g, Action::Face((f + 1) % 6));
    act(&mut g, Action::Face((f + 2) % 6));
    assert_eq!(g.bde(id(&g, "Scammon")).facing, (f + 2) % 6);
    // The negative case: a third change costs 1 MP, which it has not got.
    assert_eq!(refused(&g, Action::Face((f + 3) % 6)), "FotM 13.2");
    let _ = at;
}

#[test]
fn a_brigade_whose_one_hex_cost_more_than_its_allowance_may_still_turn_free() {
    // 13.1's one hex: artillery at dusk (3 MP) climbing one level into woods (3 + 1 MP).
    let dusk = fotm::oob::south_mountain().turn("8 PM").expect("8 PM");
    let m = fotm::map::south_mountain();
    let (from, to) = m
        .hexes()
        .flat_map(|(h, _)| h.neighbours().into_iter().map(move |n| (h, n)))
        .find(|&(h, n)| {
            m.terrain(n) == Some(fotm::map::Terrain::Woods) && m.elevation_change(h, n) == Some(1) && !m.road(h, n)
        })
        .expect("a one-level climb into woods");
    let mut g = moving_on(dusk, "Benjamin", &from.label(), facing::front_towards(from, to), |_, _| {});
    act(&mut g, Action::Step(to));
    assert!(spent(&g) > mover(&g).allowance, "{} of {}", spent(&g), mover(&g).allowance);
    let f = g.bde(id(&g, "Benjamin")).facing;
    act(&mut g, Action::Face((f + 5) % 6));
    act(&mut g, Action::Face((f + 4) % 6));
    assert_eq!(refused(&g, Action::Face((f + 3) % 6)), "FotM 13.2");
}

#[test]
fn rule_13_5_losing_the_last_step_eliminates_and_scores() {
    let mut g = forced_march(0, false);
    let b = id(&g, "Scammon");
    let steps = u8::try_from(g.info(b).steps()).expect("steps");
    g.bde_mut(b).losses = steps - 1;
    let before = g.scored;
    act(&mut g, Action::Roll(1));
    assert_eq!(g.bde(b).loc, Loc::Gone(fotm::Fate::Eliminated));
    assert_eq!(
        g.scored[Side::Confederate.index()],
        before[Side::Confederate.index()] + fotm::victory::vp::ELIMINATED_INFANTRY
    );
}

// ------------------------------------------------------------------------------------------
// 8.1-8.4 mounting.

#[test]
fn rule_8_1_dismounted_cavalry_has_four_mp_and_moves_as_infantry() {
    let mut g = moving_on(3, "Whiting", "0717", 0, |g, b| {
        g.bde_mut(b).mounted = false;
        g.cavalry_released = true;
    });
    assert_eq!(mover(&g).allowance, 8);
    act(&mut g, Action::Step(hex("0716")));
    assert_eq!(spent(&g), 4, "woods at the infantry rate");
    assert!(!mover(&g).stopped);
}

#[test]
fn rule_8_1_mount_at_the_beginning_or_as_the_last_act() {
    let at = plain("1317");
    let mut g = moving_on(3, "Whiting", "1317", 0, released);
    act(&mut g, Action::Mount);
    assert!(!g.bde(id(&g, "Whiting")).mounted);
    assert_eq!(spent(&g), 2);
    // Not again at the beginning: that would undo the first change in place.
    assert_eq!(refused(&g, Action::Mount), "FotM 8.1");
    act(&mut g, Action::Step(n(at, Direction::N)));
    // At the end, after moving, it may change back (the third playtest: horse artillery mounts,
    // moves and dismounts to fire); the change ends the move.
    act(&mut g, Action::Mount);
    assert!(g.bde(id(&g, "Whiting")).mounted);
    assert!(matches!(top(&g), Frame::Move(f) if matches!(**f, MoveFrame::Phase { .. })));

    // Mounting after moving ends the move.
    let mut g = moving_on(3, "Whiting", "1317", 0, released);
    act(&mut g, Action::Step(n(at, Direction::N)));
    act(&mut g, Action::Mount);
    assert!(!g.bde(id(&g, "Whiting")).mounted);
    assert!(matches!(top(&g), Frame::Move(f) if matches!(**f, MoveFrame::Phase { .. })));
}

#[test]
fn rule_8_4_horse_artillery_must_be_mounted_to_move() {
    let at = plain("1317");
    let mut g = moving_on(3, "Robertson", "1317", 0, |g, b| g.bde_mut(b).mounted = false);
    assert_eq!(refused(&g, Action::Step(n(at, Direction::N))), "FotM 8.4");
    act(&mut g, Action::Mount);
    assert!(legal(&g, Action::Step(n(at, Direction::N))));
    // 8.1 with 8.4: mounted to move, it dismounts at the end of its move to fire.
    act(&mut g, Action::Step(n(at, Direction::N)));
    assert!(legal(&g, Action::Mount), "dismount at the end");
    act(&mut g, Action::Mount);
    assert!(!g.bde(id(&g, "Robertson")).mounted);
}

// ------------------------------------------------------------------------------------------
// 4.2 stack order.

#[test]
fn rule_4_2_phasing_player_reorders_stacks_in_movement() {
    let mut g = empty(3);
    let a = put(&mut g, "Scammon", "1317", 0);
    let b = put(&mut g, "Crook", "1317", 0);
    movement(&mut g, Side::Union);
    assert!(!legal(&g, Action::ToTop(a)), "already on top");
    act(&mut g, Action::ToTop(b));
    assert_eq!(g.stack_at(hex("1317")), vec![b, a]);
}

// ------------------------------------------------------------------------------------------
// 11.3, 11.4, 10.1.

#[test]
fn rule_11_3_turn_one_cavalry_stops_in_artillery_range() {
    let at = plain("1317");
    let ahead = n(at, Direction::N);
    // Lane's Battery 3 hexes beyond `ahead` on level ground.
    let mut art = ahead;
    for _ in 0..3 {
        art = n(art, Direction::NE);
    }
    let mut g = moving_on(1, "Whiting", "1317", 1, |g, _| {
        put(g, "Lane", &art.label(), 3);
        g.cavalry_released = true;
    });
    let step = n(at, Direction::NE);
    assert!(step.distance(art) <= 3);
    act(&mut g, Action::Step(step));
    assert!(mover(&g).stopped);
    assert!(g.cavalry_halted, "from the stop, the West ban binds");
}

/// The second playtest's reading, the text's order: Pleasonton's cavalry advances West until
/// it comes within Confederate artillery range (the stop); the ban on moving further West
/// follows the stop, not the start of the game.
#[test]
fn rule_11_3_cavalry_advances_west_until_it_stops() {
    let at = plain("1317");
    let g = moving_on(1, "Whiting", "1317", 0, |g, _| {
        put(g, "Scammon", "1517", 0);
    });
    assert!(!g.cavalry_halted);
    assert!(legal(&g, Action::Step(n(at, Direction::N))), "West, before any stop");
}

#[test]
fn rule_11_3_no_cavalry_further_west_until_infantry_passes() {
    let at = plain("1317");
    let mut g = moving_on(1, "Whiting", "1317", 0, |g, _| {
        put(g, "Scammon", "1517", 0);
        g.cavalry_halted = true;
    });
    assert_eq!(refused(&g, Action::Step(n(at, Direction::N))), "FotM 11.3");
    act(&mut g, Action::EndMove);
    select(&mut g, "Scammon");
    walk_north(&mut g, hex("1517"), 2);
    assert!(g.cavalry_released, "Scammon is West of all the cavalry");
}

#[test]
fn rule_11_3_cavalry_stays_within_two_hexes_of_infantry() {
    let at = plain("1317");
    let mut g = moving_on(3, "Whiting", "1317", 0, |g, _| {
        put(g, "Scammon", &n(at, Direction::S).label(), 0);
        g.cavalry_released = true;
    });
    let one = n(at, Direction::N);
    act(&mut g, Action::Step(one));
    assert_eq!(refused(&g, Action::Step(n(one, Direction::N))), "FotM 11.3");
}

/// The third playtest: the leash binds "for the remainder of the game" from Pleasonton's stop,
/// so on turn one after the stop a cavalry brigade may not ride East away from the infantry;
/// before the stop (the neighbour) it may.
#[test]
fn rule_11_3_the_leash_binds_on_turn_one_from_the_stop() {
    let m = fotm::map::south_mountain();
    let clear =
        |h: Hex| m.terrain(h) == Some(fotm::map::Terrain::Clear) && m.elevation(h) == Some(0) && !m.is_road_hex(h);
    let at = m
        .hexes()
        .map(|(h, _)| h)
        .find(|&h| {
            clear(h)
                && clear(n(h, Direction::S))
                && clear(n(n(h, Direction::S), Direction::S))
                && clear(n(h, Direction::N))
        })
        .expect("a clear run of four hexes");
    let east = n(at, Direction::S);
    for halted in [true, false] {
        let mut g = moving_on(1, "Whiting", &at.label(), 0, |g, _| {
            put(g, "Scammon", &n(at, Direction::N).label(), 0);
            g.cavalry_halted = halted;
        });
        act(&mut g, Action::Step(east));
        let further = n(east, Direction::S);
        if halted {
            assert_eq!(refused(&g, Action::Step(further)), "FotM 11.3", "three hexes from Scammon");
        } else {
            assert!(legal(&g, Action::Step(further)), "before the stop");
        }
    }
}

#[test]
fn rule_11_4_pause_bars_entering_confederate_zoc() {
    let (mut g, _, mid) = facing_off();
    g.pause = Pause::InForce;
    select(&mut g, "Scammon");
    assert_eq!(refused(&g, Action::Step(mid)), "FotM 11.4");
}

#[test]
fn rule_11_4_at_12_pm_union_units_must_leave_confederate_zoc() {
    let noon = fotm::oob::south_mountain().turn("12 PM").expect("12 PM");
    let mut g = empty(noon);
    let at = plain("1317");
    let mid = n(at, Direction::N);
    put(&mut g, "Scammon", &mid.label(), 0);
    put(&mut g, "Garland", &n(mid, Direction::N).label(), 3);
    g.pause = Pause::InForce;
    movement(&mut g, Side::Union);
    assert!(!legal(&g, Action::Done), "Scammon must still leave the ZOC");
    assert_eq!(g.why_illegal(&Action::Done).rule, "FotM 11.4");
    select(&mut g, "Scammon");
    assert_eq!(refused(&g, Action::EndMove), "FotM 11.4");
    act(&mut g, Action::Step(at));
    assert!(legal(&g, Action::Done));
}

#[test]
fn rule_11_4_confederate_infantry_entering_union_zoc_ends_the_pause() {
    let mut g = empty(7);
    let at = plain("1317");
    let mid = n(at, Direction::N);
    put(&mut g, "Scammon", "1317", 0);
    put(&mut g, "Garland", &n(mid, Direction::N).label(), 3);
    g.pause = Pause::InForce;
    movement(&mut g, Side::Confederate);
    select(&mut g, "Garland");
    // The ninth playtest: the step that ends the pause says so before it is taken.
    let warning = g.action_view(&Action::Step(mid)).warning.unwrap_or_default();
    assert!(warning.contains("ends Burnside's pause (FotM 11.4)"), "{warning}");
    act(&mut g, Action::Step(mid));
    assert_eq!(g.pause, Pause::Resumed);
    // The neighbouring case: no pause in force, the same step warns of nothing.
    let mut g = empty(7);
    put(&mut g, "Scammon", "1317", 0);
    put(&mut g, "Garland", &n(mid, Direction::N).label(), 3);
    movement(&mut g, Side::Confederate);
    select(&mut g, "Garland");
    assert_eq!(g.action_view(&Action::Step(mid)).warning, None);
}

#[test]
fn rule_10_1_burnside_must_leave_enemy_zoc() {
    let (mut g, _, mid) = facing_off();
    let c = cid(&g, "Burnside");
    g.cmdr_mut(c).hex = Some(mid);
    g.cmdr_mut(c).must_leave_zoc = true;
    assert!(!legal(&g, Action::Done));
    act(&mut g, Action::Select(Unit::Commander(c)));
    assert_eq!(refused(&g, Action::EndMove), "FotM 10.1");
    act(&mut g, Action::Step(hex("1317")));
    act(&mut g, Action::Done);
    assert!(!g.cmdr(c).must_leave_zoc, "the flag is spent");
}

// ------------------------------------------------------------------------------------------
// 14.0 reinforcements.

/// The Union Reinforcement Phase of 7 AM: Scammon arrives at the Old Sharpsburg Road entry.
fn reinforcements(turn: u8) -> Fotm {
    let mut g = empty(turn);
    phase(&mut g, turn, Side::Union, Phase::Reinforcement);
    g
}

#[test]
fn rule_14_2_reinforcements_enter_in_column_along_the_road() {
    let mut g = reinforcements(1);
    let scammon = id(&g, "Scammon");
    assert_eq!(g.bde(scammon).loc, Loc::Entering);
    act(&mut g, Action::Select(Unit::Brigade(scammon)));
    let entry = fotm::map::south_mountain().entry("old-sharpsburg").expect("entry").hex;
    assert_eq!(g.legal_actions().iter().filter(|a| matches!(a, Action::Step(_))).count(), 1);
    act(&mut g, Action::Step(entry));
    assert_eq!(g.hex_of(scammon), Some(entry));
    assert!(g.bde(scammon).column);
    assert_eq!(spent(&g), 0, "the first stack enters with its full allowance");
    // The next hex along the road is in front, at 1/2 MP.
    let next = hex("0817");
    act(&mut g, Action::Step(next));
    assert_eq!(spent(&g), 1);
}

#[test]
fn rule_14_2_later_stacks_pay_half_an_mp_per_stack_ahead() {
    // 12 PM: Christ and Welsh arrive together by the Old Sharpsburg Road; put a third infantry
    // brigade with them to make two stacks.
    let noon = fotm::oob::south_mountain().turn("12 PM").expect("12 PM");
    let mut g = empty(noon);
    let nagle = id(&g, "Nagle");
    g.bde_mut(nagle).loc = Loc::Entering;
    phase(&mut g, noon, Side::Union, Phase::Reinforcement);
    let entry = hex("0818");
    for (name, off) in [("Christ", 0), ("Welsh", 0), ("Nagle", 1)] {
        let b = id(&g, name);
        act(&mut g, Action::Select(Unit::Brigade(b)));
        act(&mut g, Action::Step(entry));
        assert_eq!(spent(&g), off, "{name}");
        let next = hex("0817");
        act(&mut g, Action::Step(next));
    }
}

#[test]
fn rule_14_2_blocked_entry_within_two_hexes() {
    let mut g = empty(1);
    let entry = hex("0818");
    put(&mut g, "Garland", "0818", 0);
    phase(&mut g, 1, Side::Union, Phase::Reinforcement);
    let b = id(&g, "Scammon");
    act(&mut g, Action::Select(Unit::Brigade(b)));
    let steps: Vec<Hex> =
        g.legal_actions().iter().filter_map(|a| if let Action::Step(h) = a { Some(*h) } else { None }).collect();
    assert!(!steps.is_empty());
    assert!(steps.iter().all(|h| h.distance(entry) <= 2 && *h != entry));
}

#[test]
fn rule_14_2_reading_reinforcements_may_be_held_back() {
    let mut g = reinforcements(1);
    act(&mut g, Action::Done);
    assert_eq!(g.bde(id(&g, "Scammon")).loc, Loc::Entering);
}

// ------------------------------------------------------------------------------------------
// Random play moves units and brings reinforcements on.

#[test]
fn random_play_moves_units_and_brings_reinforcements_on() {
    let mut g = Fotm::new(&[]).expect("new game");
    g.set_logging(false);
    let mut dice = engine::Dice::seeded(7);
    let taken = engine::conformance::play_random(&mut g, &mut dice, 40_000);
    let steps = taken.iter().filter(|a| matches!(a, Action::Step(_))).count();
    assert!(steps > 50, "only {steps} steps in a random game");
    let arrived = g
        .all_brigades()
        .filter(|&b| matches!(g.info(b).start, fotm::oob::Start::Arrive { .. }))
        .filter(|&b| !matches!(g.bde(b).loc, Loc::Waiting | Loc::Entering))
        .count();
    assert!(arrived > 0, "no reinforcement ever entered");
}

/// The log reads in order (the tenth playtest): a step is logged before what it brings about,
/// here Fox's Gap passing to the Union (18.1).
#[test]
fn a_step_is_logged_before_the_gap_it_takes() {
    let fox = hex("1607");
    let mut g = (0u8..6)
        .flat_map(|f| fox.neighbours().into_iter().map(move |n| (f, n)))
        .map(|(f, n)| moving("Scammon", &n.label(), f))
        .find(|g| legal(g, Action::Step(fox)))
        .expect("a hex and facing from which Scammon may step onto Fox's Gap");
    g.set_logging(true);
    act(&mut g, Action::Step(fox));
    let texts: Vec<&str> = g.log().events().iter().map(|e| e.text.as_str()).collect();
    let step = texts.iter().position(|t| t.contains("enters 1607")).expect("the step");
    let control = texts.iter().position(|t| t.contains("control")).expect("the gap changes hands");
    assert!(step < control, "{texts:?}");
}

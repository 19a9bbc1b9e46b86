//! Position tests for Belmont 13.0-13.2.4 (Camp Johnston), 14.0-14.4 (scoring) and
//! 15.0 (optional rules). Positions come from the testkit; play goes through the public
//! `Game` API, probabilities straight from the chance outcomes.

mod common_late;
use common_late::*;

/// Ends the activation under way by passing every remaining stage.
fn finish_activation(g: &mut Belmont) {
    while g.act.is_some() && g.top() == Some(&Frame::Activate) {
        act(g, Action::Done);
    }
}

/// A Union company steps into an empty camp hex on `turn` and its activation ends.
fn capture_on(turn: u8) -> Belmont {
    let mut g = fresh();
    g.turn = turn;
    g.put("30IL-A", "2027");
    let spare = chit(&g, Side::Confederate, "13AR");
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    only_in_cup(&mut g, &[spare]);
    step(&mut g, "30IL-A", "2028");
    assert_eq!(g.camp_captured, None, "13.2: not before the activation's melees are over");
    finish_activation(&mut g);
    g
}

// ------------------------------------------------------------------ 13.1 Camp still standing

fn to_turn_start(g: &mut Belmont, turn: u8) {
    g.turn = turn - 1;
    only_in_cup(g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, turn);
    if g.top() == Some(&Frame::CallReserve) {
        act(g, Action::CallReserve(false));
    }
}

#[test]
fn r13_1_from_turn_7_polk_releases_one_regiment_and_one_transport_a_turn() {
    let mut g = Belmont::after_setup(&[]);
    to_turn_start(&mut g, 6);
    assert_ne!(g.top(), Some(&Frame::Reinforce), "not before turn 7");
    assert!(g.transport_limits);
    to_turn_start(&mut g, 7);
    assert_eq!(g.top(), Some(&Frame::Reinforce));
    assert_eq!(g.prompt().rule, "Belmont 13.1");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    let regs: Vec<&str> = g
        .legal_actions()
        .iter()
        .map(|a| match a {
            Action::Release(f) => g.oob().formations[usize::from(*f)].code.as_str(),
            _ => panic!("{a:?}"),
        })
        .collect();
    assert_eq!(regs, vec!["11LA", "1MS", "2TN", "21TN", "22TN"]);
    assert!(!g.transport_limits, "13.1: the transport limitation is lifted");
    let f = u8::try_from(g.oob().formation(Side::Confederate, "2TN").unwrap()).unwrap();
    let at_dock_before = g.ids().filter(|&u| g.hex_of(u) == Some(g.map().columbus_dock) && g.is_vessel(u)).count();
    act(&mut g, Action::Release(f));
    assert!(matches!(g.top(), Some(Frame::PlaceReserve { .. })), "13.1: the owner places them");
    place_released(&mut g);
    assert_eq!(g.top(), Some(&Frame::DrawChit));
    let map = g.map();
    for u in g.oob().members(usize::from(f)) {
        let h = g.hex_of(u).unwrap_or_else(|| panic!("{} placed", g.name(u)));
        assert!(map.columbus.contains(&h) || h == map.columbus_dock, "{} at {h}", g.name(u));
    }
    assert_eq!(g.chits[usize::from(chit(&g, Side::Confederate, "2TN"))], ChitLoc::Cup);
    assert_eq!(g.chits[usize::from(chit(&g, Side::Confederate, "1MS"))], ChitLoc::Reserve);
    let at_dock = g.ids().filter(|&u| g.hex_of(u) == Some(map.columbus_dock) && g.is_vessel(u)).count();
    assert_eq!(at_dock, at_dock_before + 1);
    // 13.1 note: the Iron Banks restriction stays and the Confused Orders chits are not
    // switched.
    assert_eq!(g.chits[usize::from(confused_chit(&g, Side::Union))], ChitLoc::Aside);
    assert_ne!(g.chits[usize::from(confused_chit(&g, Side::Confederate))], ChitLoc::Removed);
    // Turn 8: another.
    to_turn_start(&mut g, 8);
    assert_eq!(g.top(), Some(&Frame::Reinforce));
    assert_eq!(g.legal_actions().len(), 4);
}

#[test]
fn r13_1_no_release_once_the_camp_has_fallen() {
    let mut g = Belmont::after_setup(&[]);
    g.camp_captured = Some(2);
    to_turn_start(&mut g, 7);
    assert_ne!(g.top(), Some(&Frame::Reinforce));
}

// ------------------------------------------------------------------ 13.2 Capture

#[test]
fn r13_2_the_camp_falls_after_the_activation_with_a_union_unit_in_a_camp_hex() {
    let g = capture_on(3);
    assert_eq!(g.camp_captured, Some(3));
    assert!(logged(&g, "Belmont 13.2", "captures Camp Johnston"));
    assert_eq!(g.vp(), [10.0, 0.0]);
}

#[test]
fn r13_2_not_while_confederates_share_the_hex() {
    let mut g = placed(&[("30IL-A", "2029"), ("13AR-A", "2029")]);
    let spare = chit(&g, Side::Confederate, "12TN");
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    only_in_cup(&mut g, &[spare]);
    finish_activation(&mut g);
    assert_eq!(g.camp_captured, None);
}

#[test]
fn r14_2_the_capture_award_falls_by_turn() {
    let want = [10.0, 10.0, 10.0, 10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0];
    for (i, vp) in want.iter().enumerate() {
        let turn = u8::try_from(i + 1).unwrap();
        let g = capture_on(turn);
        assert_eq!(g.camp_captured, Some(turn));
        assert_eq!(g.vp()[0], *vp, "turn {turn}");
    }
}

#[test]
fn r14_2_the_award_is_made_once() {
    let mut g = capture_on(3);
    g.put("30IL-B", "2130");
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    finish_activation(&mut g);
    assert_eq!(g.vp(), [10.0, 0.0]);
}

// ------------------------------------------------------------------ 13.2.1 Morale loss

/// The capture turn, with a Confederate regiment's chit pulled after the capture.
fn demoralized(code: &str, setup: &dyn Fn(&mut Belmont)) -> Belmont {
    let mut g = capture_on(3);
    setup(&mut g);
    let c = chit(&g, Side::Confederate, code);
    let spare = chit(&g, Side::Union, "HQ");
    only_in_cup(&mut g, &[c, spare]);
    assert_eq!(g.top(), Some(&Frame::DrawChit));
    act(&mut g, Action::Draw(c));
    assert!(g.act.as_ref().unwrap().demoralized);
    g
}

#[test]
fn r13_2_1_demoralized_confederates_may_not_volley_or_melee() {
    let g = demoralized("13AR", &|g| {
        g.put("13AR-A", "1826");
        g.put("30IL-B", &nb("1826", 6));
    });
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Volley { .. } | Action::Marker { .. })));
    assert_eq!(g.act.as_ref().unwrap().stage, Stage::Maneuver);
}

#[test]
fn r13_2_1_they_must_move_away_from_the_camp_toward_the_river() {
    let mut g = demoralized("13AR", &|g| {
        g.put("13AR-A", "1726");
    });
    assert!(!is_legal(&g, &Action::Done), "must move");
    let from = hex("1726");
    let moves: Vec<Hex> = destinations(&g);
    assert!(!moves.is_empty());
    for to in &moves {
        assert!(camp_d(&g, *to) >= camp_d(&g, from), "{to} is not away from the camp");
        assert!(river_d(&g, *to) <= river_d(&g, from), "{to} is not toward the river");
        assert!(camp_d(&g, *to) > camp_d(&g, from) || river_d(&g, *to) < river_d(&g, from), "{to} gains nothing");
    }
    let to = moves[0].label();
    step(&mut g, "13AR-A", &to);
    // It moves on up to its full allowance (see the full-allowance tests below).
    move_on(&mut g, "13AR-A");
    assert!(may_end(&g));
}

/// Distance from `h` to the nearest camp hex.
fn camp_d(g: &Belmont, h: Hex) -> u16 {
    g.map().camp.iter().map(|c| c.distance(h)).min().unwrap()
}

/// Distance from `h` to the nearest river hex (13.2.1 "toward the banks").
fn river_d(g: &Belmont, h: Hex) -> u16 {
    g.map().hexes().filter(|(r, _)| g.map().is_river(*r)).map(|(r, _)| r.distance(h)).min().unwrap()
}

/// The steps a company at `h` may take in a plain (not demoralized) Confederate
/// maneuver.
fn plain_steps(h: Hex) -> Vec<Hex> {
    let mut g = fresh();
    g.put("13AR-A", &h.label());
    g.activate(Side::Confederate, "13AR", Stage::Maneuver);
    destinations(&g)
}

#[test]
fn r13_2_1_the_flight_is_toward_the_river_not_merely_away_from_the_camp() {
    // A Missouri hex near the camp with an open step away from the camp that also leads
    // away from the river, and one that leads toward the river without nearing the camp.
    let g0 = fresh();
    let (h, inland, riverward) = g0
        .map()
        .hexes()
        .map(|(h, _)| h)
        .filter(|&h| g0.map().is_missouri(h) && !g0.map().is_river(h) && (2..=5).contains(&camp_d(&g0, h)))
        .find_map(|h| {
            let steps = plain_steps(h);
            let inland = steps
                .iter()
                .copied()
                .find(|&n| camp_d(&g0, n) > camp_d(&g0, h) && river_d(&g0, n) > river_d(&g0, h))?;
            let riverward = steps
                .iter()
                .copied()
                .find(|&n| camp_d(&g0, n) >= camp_d(&g0, h) && river_d(&g0, n) < river_d(&g0, h))?;
            Some((h, inland, riverward))
        })
        .expect("such a hex");
    let g = demoralized("13AR", &|g| {
        g.put("13AR-A", &h.label());
    });
    let moves: Vec<Hex> = destinations(&g);
    assert!(!moves.contains(&inland), "{inland}: away from the camp but away from the river too");
    assert!(moves.contains(&riverward), "{riverward}: toward the river, no nearer the camp");
    for to in &moves {
        assert!(camp_d(&g, *to) >= camp_d(&g, h) && river_d(&g, *to) <= river_d(&g, h), "{to}");
    }
}

/// Whether the activation may end now (or, with nothing left to decide, has ended).
fn may_end(g: &Belmont) -> bool {
    g.act.is_none() || is_legal(g, &Action::Done)
}

/// Moves the demoralized unit now moving on (its first legal step each time) while it
/// has a step; checks that meanwhile nothing else may be done.
fn move_on(g: &mut Belmont, id: &str) {
    let u = g.id(id);
    for _ in 0..20 {
        let legal = g.legal_actions();
        let Some(next) = legal.iter().find(|a| matches!(a, Action::Move { unit, .. } if *unit == u)).cloned() else {
            return;
        };
        assert!(legal.iter().all(|a| matches!(a, Action::Move { unit, .. } if *unit == u)), "{legal:?}");
        assert!(!is_legal(g, &Action::Done));
        act(g, next);
        hold_fire(g);
    }
    panic!("{id} never stopped");
}

#[test]
fn rule_13_2_1_a_demoralized_unit_moves_its_full_allowance_before_another_starts() {
    let mut g = demoralized("13AR", &|g| {
        put_each(g, &[("13AR-A", "1726"), ("13AR-B", "1826")]);
    });
    let a = g.id("13AR-A");
    let first = g
        .legal_actions()
        .into_iter()
        .find(|x| matches!(x, Action::Move { unit, .. } if *unit == a))
        .expect("13AR-A may move");
    act(&mut g, first);
    assert!(g.unit(a).mp > 0, "movement points left");
    // Before: 13AR-A could stop here and 13AR-B start. Now 13AR-A must go on.
    let e = g.apply(&Action::Done).expect_err("Done refused");
    assert_eq!(e.rule, "Belmont 13.2.1");
    let b_moves: Vec<Action> = g
        .legal_actions()
        .into_iter()
        .filter(|x| matches!(x, Action::Move { unit, .. } if *unit == g.id("13AR-B")))
        .collect();
    assert!(b_moves.is_empty());
    let some_b_step = Action::Move { unit: g.id("13AR-B"), to: hex("1826").neighbour(Direction::from_die(1).unwrap()) };
    let e = g.apply(&some_b_step).expect_err("13AR-B may not start");
    assert_eq!(e.rule, "Belmont 13.2.1");
    move_on(&mut g, "13AR-A");
    // 13AR-A has stopped (no step away is left): 13AR-B must now move in its turn.
    assert!(!is_legal(&g, &Action::Done));
    assert!(g.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == g.id("13AR-B"))));
    let first_b = g
        .legal_actions()
        .into_iter()
        .find(|x| matches!(x, Action::Move { unit, .. } if *unit == g.id("13AR-B")))
        .unwrap();
    act(&mut g, first_b);
    move_on(&mut g, "13AR-B");
    assert!(may_end(&g), "no dead end: both have stopped");
}

/// Whether a hex is beside a Union-held hex (13.2.1 "contact").
fn in_contact(g: &Belmont, h: Hex) -> bool {
    h.neighbours().iter().any(|&n| g.holder(n) == Some(Side::Union))
}

/// 13.2.1 "avoiding contact with Union occupied hexes if possible": a demoralized company
/// already beside a Union company, with a way away from the camp that leaves contact, must
/// take it; the step along the Union line, open to it with no Union company there, is not
/// offered (the fourth playtest's units walked toward the Union). Where every step away ends
/// in contact, a unit already in contact may still take them.
#[test]
fn r13_2_1_a_demoralized_unit_avoids_contact_where_it_can() {
    let g0 = fresh();
    let land = |h: Hex| g0.is_land(h) && g0.map().is_missouri(h);
    let candidates: Vec<Hex> =
        g0.map().hexes().map(|(h, _)| h).filter(|&h| land(h) && (3..=6).contains(&camp_d(&g0, h))).collect();
    let with = |h: Hex, union: &[Hex]| {
        demoralized("13AR", &|g| {
            g.put("13AR-A", &h.label());
            for (i, p) in union.iter().enumerate() {
                g.put(["30IL-B", "30IL-C"][i], &p.label());
            }
        })
    };
    // The case where a way out of contact is open.
    let mut found = false;
    'out: for &h in candidates.iter().step_by(3) {
        let free = destinations(&with(h, &[]));
        for p in h.neighbours().into_iter().filter(|&p| land(p) && camp_d(&g0, p) < camp_d(&g0, h)) {
            let g = with(h, &[p]);
            let moves = destinations(&g);
            let along: Vec<Hex> = free.iter().copied().filter(|&n| n.distance(p) == 1).collect();
            if moves.is_empty() || along.is_empty() {
                continue;
            }
            assert!(moves.iter().all(|&m| !in_contact(&g, m)), "{h} with the Union at {p}: {moves:?}");
            assert!(along.iter().all(|n| !moves.contains(n)), "{along:?} keep contact");
            found = true;
            break 'out;
        }
    }
    assert!(found, "a hex with a step out of contact and one along the Union line");
    // The case where every step away ends in contact: taken all the same.
    let mut found = false;
    'all: for &h in &candidates {
        let free = destinations(&with(h, &[]));
        if free.is_empty() {
            continue;
        }
        let ring: Vec<Hex> =
            free.iter().flat_map(|n| n.neighbours()).filter(|&q| land(q) && q.distance(h) == 2).collect();
        for p in h.neighbours().into_iter().filter(|&p| land(p) && !free.contains(&p)) {
            for &q in &ring {
                if !free.iter().all(|&n| n.distance(p) == 1 || n.distance(q) == 1) || free.contains(&q) {
                    continue;
                }
                let g = with(h, &[p, q]);
                let moves = destinations(&g);
                assert!(!moves.is_empty(), "{h}: in contact at {p} and {q}, every way away in contact too: {free:?}");
                assert!(moves.iter().all(|&m| in_contact(&g, m)));
                found = true;
                break 'all;
            }
        }
    }
    assert!(found, "a hex whose every step away ends in contact");
}

#[test]
fn r13_2_1_only_the_missouri_side_is_demoralized() {
    let g = demoralized("13TN", &|g| {
        g.put("13TN-A", "2232"); // Missouri, by Belmont
        g.put("13TN-C", "3330"); // Kentucky
    });
    let c = g.id("13TN-C");
    assert!(
        g.legal_actions().iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == c)),
        "Kentucky units move freely"
    );
    let mut g = g;
    let away = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move { unit, .. } if *unit == g.id("13TN-A")))
        .expect("13TN-A must move");
    act(&mut g, away);
    move_on(&mut g, "13TN-A");
    assert!(may_end(&g), "the Kentucky company need not move");
}

#[test]
fn r13_2_1_no_confederate_second_movement_or_rally_on_the_capture_turn() {
    let mut g = capture_on(3);
    put_each(&mut g, &[("Pillow", "1526"), ("13AR-A", "1526")]);
    g.set_flipped("13AR-A", true);
    put_each(&mut g, &[("Grant", "1520"), ("30IL-B", "1520")]);
    g.set_flipped("30IL-B", true);
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::DrawChit]);
    assert!(matches!(g.top(), Some(Frame::SecondMove { side: Side::Union, .. })));
    assert!(!g.frames().iter().any(|f| matches!(
        f,
        Frame::SecondMove { side: Side::Confederate, .. } | Frame::Rally { side: Side::Confederate, .. }
    )));
    act(&mut g, Action::Done);
    assert!(matches!(g.top(), Some(Frame::Rally { side: Side::Union, .. })));
    act(&mut g, Action::Done);
    assert_eq!(g.turn, 4, "straight on to the end of the turn");
}

// ------------------------------------------------------------------ 13.2.2 Polk releases

/// A game after set-up whose turn 3, on which the camp was captured, has just ended
/// with an empty cup (13.2.2).
fn after_capture_turn() -> Belmont {
    let mut g = Belmont::after_setup(&[]);
    g.turn = 3;
    g.camp_captured = Some(3);
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    g
}

#[test]
fn r13_2_2_at_the_end_of_the_capture_turn_polk_releases_the_reserve() {
    let mut g = after_capture_turn();
    assert!(matches!(g.top(), Some(Frame::PlaceReserve { .. })), "13.2.2: the owner places them");
    place_released(&mut g);
    assert_eq!(g.turn, 4);
    assert!(logged(&g, "Belmont 13.2.2", "Polk releases the reserve"));
    // The looting of the turn after is said ahead (fifth playtest).
    assert!(logged(&g, "Belmont 13.2.3", "may not move unless they retreat"));
    let map = g.map();
    // Every reserve unit in and around Columbus, within the stacking limit.
    for u in g.ids() {
        if g.counter(u).side == Side::Confederate && !g.is_vessel(u) {
            assert_ne!(g.unit(u).loc, Loc::Reserve, "{}", g.name(u));
        }
    }
    for id in ["Polk", "Cheatham", "Samuel", "11LA-A", "22TN-K", "TNCAV-B", "Logwood"] {
        let h = g.hex_of(g.id(id)).unwrap();
        assert!(map.columbus.contains(&h) || h == map.columbus_dock, "{id} at {h}");
    }
    for h in map.columbus.iter().chain([&map.columbus_dock]) {
        assert!(g.stack_count(*h) <= 3, "{h} over-stacked");
    }
    // Their chits into the cup.
    for code in ["2TN", "21TN", "22TN", "11LA", "1MS"] {
        assert_eq!(g.chits[usize::from(chit(&g, Side::Confederate, code))], ChitLoc::Cup, "{code}");
    }
    // All transports on the Columbus dock; limits lifted.
    for t in ["Transport-1", "Transport-2", "Transport-3", "Transport-4", "Transport-5"] {
        assert_eq!(g.hex_of(g.id(t)), Some(map.columbus_dock), "{t}");
    }
    assert!(!g.transport_limits);
    // The Confused Orders chits are swapped.
    assert_eq!(g.chits[usize::from(confused_chit(&g, Side::Confederate))], ChitLoc::Removed);
    assert_eq!(g.chits[usize::from(confused_chit(&g, Side::Union))], ChitLoc::Cup);
    // 13.2.4 / 9.1.
    assert_eq!(g.high_morale, [false, true]);
}

#[test]
fn r13_2_2_transports_may_land_anywhere_in_missouri_afterwards() {
    let mut g = after_capture_turn();
    g.clear_map();
    put_each(&mut g, &[("Transport-3", "3329"), ("21TN-A", "3329")]);
    g.activate(Side::Confederate, "21TN", Stage::Maneuver);
    board(&mut g, "21TN-A", "Transport-3");
    sail(&mut g, "Transport-3", "2320");
    hold_fire(&mut g);
    assert!(is_legal(&g, &mv(&g, "21TN-A", "2220")));
}

// ------------------------------------------------------------------ 13.2.3 Looting

#[test]
fn r13_2_3_union_troops_in_or_within_three_hexes_of_the_camp_cannot_move_next_turn() {
    let mut g = camp_fallen(3, 4, &[]);
    g.put("30IL-A", "2029"); // in the camp
    let three = nb(&nb(&nb("1929", 6), 6), 6);
    let camp_d = |g: &Belmont, l: &str| g.map().camp.iter().map(|c| c.distance(hex(l))).min().unwrap();
    assert_eq!(camp_d(&g, &three), 3);
    assert!(camp_d(&g, "1520") > 3);
    g.put("30IL-B", &three); // three hexes from the camp
    g.put("30IL-C", "1520"); // farther
    g.put("Fouke", "2029");
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    let a = g.id("30IL-A");
    let b = g.id("30IL-B");
    let movers = movers(&g);
    assert!(!movers.contains(&a) && !movers.contains(&b) && !movers.contains(&g.id("Fouke")));
    assert!(movers.contains(&g.id("30IL-C")));
    // Nor do their leaders take a second movement.
    let mut sm = g.clone();
    sm.set_stack(vec![Frame::Over, Frame::SecondMove { side: Side::Union, done: vec![], moving: None }]);
    assert!(!sm.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == sm.id("Fouke"))));
    // The turn after, they move again.
    let mut later = camp_fallen(3, 5, &[("30IL-A", "2029")]);
    later.activate(Side::Union, "30IL", Stage::Maneuver);
    assert!(
        later.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == later.id("30IL-A")))
    );
}

#[test]
fn r13_2_3_looters_place_no_melee_markers() {
    let mut g = camp_fallen(3, 4, &[("30IL-A", "1828"), ("13AR-A", "1727")]);
    g.activate(Side::Union, "30IL", Stage::Markers);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Marker { .. })));
    let mut g = camp_fallen(3, 6, &[("30IL-A", "1828"), ("13AR-A", "1727")]);
    g.activate(Side::Union, "30IL", Stage::Markers);
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Marker { .. })));
}

/// The fourth playtest: on the looting turn a marker was offered on a hex whose every way in
/// passes within three hexes of the camp, where a Union company stepping in stops to loot
/// (13.2.3); the company walked in and froze short of the melee. Such a marker is not
/// offered (4.3.1: the units must be able to reach the melee hex); two turns on it is.
#[test]
fn r13_2_3_no_melee_marker_whose_only_way_in_passes_the_looting_zone() {
    let g = fresh();
    let camp_d = |h: Hex| g.map().camp.iter().map(|c| c.distance(h)).min().unwrap();
    let clear = |h: Hex| g.map().get(h).is_some_and(|i| format!("{:?}", i.terrain).contains("Clear"));
    // A target two hexes from the camp (every hex beside it within three), a company four
    // hexes out, beside a hex of the target's ring but not beside the target.
    let (s, t) = g
        .map()
        .hexes()
        .map(|(t, _)| t)
        .filter(|&t| camp_d(t) == 2 && clear(t))
        .find_map(|t| {
            t.neighbours()
                .into_iter()
                .filter(|&e| clear(e))
                .flat_map(|e| e.neighbours())
                .find(|&s| camp_d(s) == 4 && clear(s) && s.distance(t) == 2)
                .map(|s| (s, t))
        })
        .expect("such hexes by the camp");
    let units = [("30IL-A", s.label()), ("13AR-A", t.label())];
    let units: Vec<(&str, &str)> = units.iter().map(|(u, h)| (*u, h.as_str())).collect();
    let marker_on = |turn: u8| {
        let mut g = camp_fallen(3, turn, &units);
        g.activate(Side::Union, "30IL", Stage::Markers);
        g.legal_actions().iter().any(|a| matches!(a, Action::Marker { target, .. } if *target == t))
    };
    assert!(!marker_on(4), "the looting turn: every way in stops in the zone");
    assert!(marker_on(6), "the looting is over");
}

/// 13.2.3 is about the troops the Union holds (8.7): a Confederate battery its regiment
/// captured loots with it and stays put; a Union battery the Confederates captured is theirs
/// and moves with its captors (the fourth playtest offered the Union's captured guns moves).
#[test]
fn r13_2_3_captured_guns_loot_with_their_captors_not_their_counters_side() {
    let mut g = camp_fallen(3, 4, &[("30IL-A", "2029"), ("30IL-C", "1520")]);
    let watson = put_captured(&mut g, "Watson-A", "2029", Side::Union, "30IL");
    g.changed();
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    let m = movers(&g);
    assert!(!m.contains(&watson), "captured by the looters: it loots with them");
    assert!(m.contains(&g.id("30IL-C")), "far from the camp: it moves");
    let mut g = camp_fallen(3, 4, &[("13AR-A", "1727")]);
    let taylor = put_captured(&mut g, "Taylor-1", "1727", Side::Confederate, "13AR");
    g.changed();
    assert!(g.map().camp.iter().any(|c| c.distance(hex("1727")) <= 3));
    g.activate(Side::Confederate, "13AR", Stage::Maneuver);
    assert!(movers(&g).contains(&taylor), "a Confederate-held gun does not loot");
    // The turn after, the Union's captured gun moves again.
    let mut g = camp_fallen(3, 5, &[("30IL-A", "2029")]);
    let watson = put_captured(&mut g, "Watson-A", "2029", Side::Union, "30IL");
    g.changed();
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    assert!(movers(&g).contains(&watson));
}

/// The 30th Illinois's chit drawn confused (10.0) on `turn`, the camp taken on turn 3,
/// 30IL-A and Fouke in the camp at 2029 and 30IL-C far off at 1520; blue `blue`, gray 1.
fn confused_looters(turn: u8, blue: u8) -> Belmont {
    let mut g = camp_fallen(3, turn, &[("30IL-A", "2029"), ("Fouke", "2029"), ("30IL-C", "1520")]);
    let cc = confused_chit(&g, Side::Union);
    let c = chit(&g, Side::Union, "30IL");
    let spare = chit(&g, Side::Confederate, "13AR");
    only_in_cup(&mut g, &[cc, c, spare]);
    act(&mut g, Action::Draw(cc));
    act(&mut g, Action::Draw(c));
    assert_eq!(g.top(), Some(&Frame::Confusion { chit: c }));
    roll_pair(&mut g, blue, 1);
    hold_fire(&mut g);
    g
}

#[test]
fn r13_2_3_looters_stay_put_under_confused_orders_too() {
    let blue = 3;
    let g = confused_looters(4, blue);
    assert_eq!(at(&g, "30IL-A").as_deref(), Some("2029"), "looting: it may not move (13.2.3)");
    assert_eq!(at(&g, "Fouke").as_deref(), Some("2029"));
    assert_eq!(at(&g, "30IL-C"), Some(nb("1520", blue)), "far from the camp: confused as usual");
    assert!(logged(&g, "Belmont 13.2.3", "looting"));
    // The turn after, the looting is over: the same orders move them (10.0).
    let g = confused_looters(5, blue);
    assert_eq!(at(&g, "30IL-A"), Some(nb("2029", blue)));
    assert_eq!(at(&g, "Fouke"), Some(nb("2029", blue)));
}

// ------------------------------------------------------------------ 13.2.4 High Morale

#[test]
fn r13_2_4_the_turn_after_the_capture_morale_changes_sides() {
    let mut g = capture_on(3);
    g.put("30IL-B", "1520");
    g.set_flipped("30IL-B", true);
    g.put("13AR-A", "1530");
    g.set_flipped("13AR-A", true);
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, 4);
    rally_phase(&mut g, Side::Union);
    let u = g.id("30IL-B");
    act(&mut g, Action::Rally { unit: u, leader: None });
    assert_p(prob1(&g, &|g| !flipped(g, "30IL-B")), 1.0 / 6.0);
    rally_phase(&mut g, Side::Confederate);
    let c = g.id("13AR-A");
    act(&mut g, Action::Rally { unit: c, leader: None });
    assert_p(prob1(&g, &|g| !flipped(g, "13AR-A")), 2.0 / 6.0);
}

// ------------------------------------------------------------------ 14.1 Casualties

#[test]
fn r14_1_killed_leaders_score_by_rank() {
    for (id, side_scoring, vp) in [
        ("Fouke", Side::Confederate, 3.0),
        ("Russel", Side::Union, 3.0),
        ("McClernand", Side::Confederate, 4.0),
        ("Pillow", Side::Union, 4.0),
        ("Grant", Side::Confederate, 5.0),
        ("Polk", Side::Union, 5.0),
    ] {
        let mut g = fresh();
        let l = g.put(id, "1520");
        g.set_flipped(id, true);
        g.set_stack(vec![Frame::Over, Frame::Casualty { leader: l }]);
        assert_p(prob1(&g, &|g| g.vp()[side_scoring.index()] == vp), 2.0 / 6.0);
        roll(&mut g, 5);
        assert_eq!(loc(&g, id), Loc::Gone(Fate::Killed));
        assert_eq!(g.vp()[side_scoring.index()], vp, "{id}");
        assert_eq!(g.vp()[side_scoring.enemy().index()], 0.0);
    }
}

#[test]
fn r14_1_an_eliminated_company_scores_2() {
    let mut g = fresh();
    g.put("13AR-A", "1520");
    g.put("30IL-A", &nb("1520", 1));
    g.set_flipped("30IL-A", true);
    g.activate(Side::Confederate, "13AR", Stage::Volley);
    let v = g.legal_actions().into_iter().find(|a| matches!(a, Action::Volley { .. })).unwrap();
    act(&mut g, v);
    roll(&mut g, 6); // range 1: a hit
    assert_eq!(loc(&g, "30IL-A"), Loc::Gone(Fate::Eliminated));
    assert_eq!(g.vp(), [0.0, 2.0]);
}

#[test]
fn r14_1_a_sunk_vessel_scores_5() {
    let mut g = fresh();
    let tyler = g.put("Tyler", "2320");
    g.units[usize::from(tyler)].damage = 5;
    g.set_stack(vec![Frame::Over, Frame::VesselHits { vessel: tyler, hits: 1 }]);
    assert_eq!(g.vp(), [0.0, 5.0]);
}

// ------------------------------------------------------------------ 14.3 Calling the reserve

#[test]
fn r14_3_grant_may_call_the_reserve_at_the_start_of_a_turn_for_5_cs_vp() {
    let mut g = Belmont::after_setup(&[]);
    // After set-up, turn 1 begins with the offer (after_setup declined it).
    g.turn = 1;
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.top(), Some(&Frame::CallReserve));
    assert_eq!(g.prompt().rule, "Belmont 14.3");
    assert_eq!(g.legal_actions(), vec![Action::CallReserve(false), Action::CallReserve(true)]);
    let guard = g.name(g.guard_units[0]).to_string();
    // Held, the guard stays within three land hexes of the dock.
    let mut held = g.clone();
    act(&mut held, Action::CallReserve(false));
    held.clear_map();
    held.put(&guard, "1905");
    held.activate(Side::Union, "27IL", Stage::Maneuver);
    let leash = |h: &Hex| h.distance(hex("2005")) <= 3;
    let mut h = held.clone();
    let mut far = false;
    for _ in 0..6 {
        let Some(to) =
            destinations(&h).into_iter().filter(|t| *t != hex("2005")).max_by_key(|t| t.distance(hex("2005")))
        else {
            break;
        };
        assert!(leash(&to), "held guard stepping to {to}");
        step(&mut h, &guard, &to.label());
        far |= !leash(&to);
    }
    assert!(!far);
    act(&mut g, Action::CallReserve(true));
    assert!(g.guard_released);
    assert_eq!(g.vp(), [0.0, 5.0]);
    assert!(logged(&g, "Belmont 14.3", "calls the reserve"));
    // Released, the guard may go beyond the dock's three hexes.
    let mut free = g.clone();
    free.clear_map();
    free.put(&guard, "1908");
    free.activate(Side::Union, "27IL", Stage::Maneuver);
    assert!(destinations(&free).iter().any(|t| !leash(t)));
    // It is called once: no offer the next turn.
    to_next_turn(&mut g);
    assert_ne!(g.top(), Some(&Frame::CallReserve));
    assert_eq!(g.vp(), [0.0, 5.0]);
}

#[test]
fn r14_3_reading_the_held_guard_keeps_2_1s_three_land_hexes_not_five() {
    // 14.3 calls the guard's limit "the five hex range"; 2.1, which sets it, says three
    // land hexes. A held guard company on the three-hex edge may not step to a land hex
    // four from the dock (inside five); it may move within the three; released, it goes.
    let g0 = Belmont::after_setup(&[]);
    let guard = g0.name(g0.guard_units[0]).to_string();
    let dock = g0.map().hunters_farm_dock;
    let three = g0.map().land_within(dock, 3);
    let four = g0.map().land_within(dock, 4);
    let (edge, out) = three
        .iter()
        .find_map(|&h| {
            let n =
                h.neighbours().into_iter().find(|n| four.contains(n) && !three.contains(n) && n.distance(dock) <= 5)?;
            let inner = h.neighbours().into_iter().any(|i| three.contains(&i) && i != dock);
            inner.then_some((h, n))
        })
        .expect("a three-hex edge with a four-hex land neighbour");
    let mut held = g0.clone();
    held.clear_map();
    held.put(&guard, &edge.label());
    held.activate(Side::Union, "27IL", Stage::Maneuver);
    let dest = destinations(&held);
    assert!(!dest.contains(&out), "{out} is four land hexes from the dock: beyond 2.1's three");
    assert!(dest.iter().any(|d| three.contains(d)), "within the three it moves freely");
    let mut free = held.clone();
    free.guard_released = true;
    free.changed();
    assert!(destinations(&free).contains(&out), "released (14.3), the leash is gone");
}

fn to_next_turn(g: &mut Belmont) {
    let t = g.turn;
    only_in_cup(g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, t + 1);
}

// ------------------------------------------------------------------ 14.4 End of game

/// A [`fresh`] position where the camp was captured on turn 4: no 5 VP to the
/// Confederates for the camp at the end (14.4).
fn captured_on_4() -> Belmont {
    let mut g = fresh();
    g.camp_captured = Some(4);
    g
}

/// Runs the end of turn 12 into final scoring.
fn final_scoring(g: &mut Belmont) {
    g.turn = 12;
    only_in_cup(g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
}

#[test]
fn r14_4_a_wounded_leader_dies_on_a_six_and_scores_as_killed_else_2_as_wounded() {
    let mut g = captured_on_4();
    g.put("Pillow", "1530");
    g.set_flipped("Pillow", true);
    final_scoring(&mut g);
    assert_eq!(g.prompt().rule, "Belmont 14.4");
    assert!(matches!(g.top(), Some(Frame::WoundedRoll { .. })));
    assert_d6(&g);
    assert_p(prob1(&g, &|g| g.vp()[0] == 4.0), 1.0 / 6.0);
    assert_p(prob1(&g, &|g| g.vp()[0] == 2.0), 5.0 / 6.0);
    let mut six = g.clone();
    roll(&mut six, 6);
    assert_eq!(loc(&six, "Pillow"), Loc::Gone(Fate::Killed));
    assert_eq!(six.actor(), Actor::Over);
    assert_eq!(six.vp(), [4.0, 0.0]);
}

#[test]
fn r14_4_damaged_vessels_and_captured_artillery_score_2_each() {
    let mut g = captured_on_4();
    let tyler = g.put("Tyler", "2320");
    g.units[usize::from(tyler)].damage = 2;
    let lex = g.put("Lexington", "2322"); // undamaged
    let _ = lex;
    let t = g.put("Transport-2", "3329");
    g.units[usize::from(t)].damage = 1;
    let sunk = g.put_loc("Transport-3", Loc::Gone(Fate::Eliminated)); // sunk, scored then
    g.units[usize::from(sunk)].damage = 6;
    // Watson-A taken by the 27th Illinois (8.7); Taylor-1 captured and removed.
    put_captured(&mut g, "Watson-A", "1725", Side::Union, "27IL");
    g.put_loc("Taylor-1", Loc::Gone(Fate::Captured));
    final_scoring(&mut g);
    assert_eq!(g.actor(), Actor::Over);
    // Union: Transport-2 damaged (2) + Watson-A (2). Confederates: Tyler (2) + Taylor-1 (2).
    assert_eq!(g.vp(), [4.0, 4.0]);
}

#[test]
fn rule_14_4_a_gun_retaken_by_its_own_side_scores_for_no_one() {
    let mut g = captured_on_4();
    // Watson-A (Confederate) taken by the Union, then re-taken by the 13th Arkansas
    // (8.7: now the Confederates' captured artillery): no enemy counter, no VP.
    put_captured(&mut g, "Watson-A", "1725", Side::Confederate, "13AR");
    // Taylor-1 (Union) held by the 13th Arkansas: 2 VP to the Confederates.
    put_captured(&mut g, "Taylor-1", "1726", Side::Confederate, "13AR");
    final_scoring(&mut g);
    assert_eq!(g.actor(), Actor::Over);
    assert_eq!(g.vp(), [0.0, 2.0]);
}

#[test]
fn r14_4_half_a_vp_per_broken_union_unit_on_the_map() {
    let mut g = captured_on_4();
    for id in ["30IL-A", "30IL-B", "CAV-Dollins"] {
        g.put(id, "1520");
        g.set_flipped(id, true);
    }
    g.put("30IL-C", "1620"); // unbroken
    g.put_loc("30IL-D", Loc::Gone(Fate::Embarked)); // broken but gone home (11.9)
    g.set_flipped("30IL-D", true);
    g.put("13AR-A", "1530");
    g.set_flipped("13AR-A", true); // broken Confederates score nothing
    final_scoring(&mut g);
    assert_eq!(g.vp(), [0.0, 1.5]);
}

#[test]
fn r14_4_five_vp_to_the_confederates_if_the_camp_never_fell() {
    let mut g = fresh();
    final_scoring(&mut g);
    assert_eq!(g.vp(), [0.0, 5.0]);
    let out = g.outcome().expect("over");
    assert_eq!(out.winner, Some(Side::Confederate));
    assert_eq!(out.level, None, "the VP say it: no tie to explain");
}

#[test]
fn r14_0_the_union_wins_ties() {
    let mut g = fresh();
    g.vp = [12, 0];
    final_scoring(&mut g); // +5 VP to the Confederates: 3 + 5 = 8 ... from 12 quarters
    assert_eq!(g.vp(), [3.0, 5.0]);
    let mut g = fresh();
    g.vp = [20, 0];
    final_scoring(&mut g);
    assert_eq!(g.vp(), [5.0, 5.0]);
    let out = g.outcome().unwrap();
    assert_eq!(out.winner, Some(Side::Union));
    // The page's header says why the Union wins at 5 to 5.
    assert!(out.level.as_deref().is_some_and(|l| l.contains("ties") && l.contains("14.0")), "{out:?}");
}

// ------------------------------------------------------------------ 15.0 Optional rules

#[test]
fn r15_0_the_options_parse_and_unknown_ones_are_refused() {
    let names: Vec<String> = belmont::scenario_info().options.into_iter().map(|o| o.name).collect();
    assert_eq!(names, vec!["embark-vp", "fewer-transports", "adjacent-vp", "union-on-map-vp", "bigger-transport"]);
    let g = fresh_with(&["embark-vp", "fewer-transports", "adjacent-vp", "union-on-map-vp", "bigger-transport"]);
    let o = g.opts();
    assert!(o.embark_vp && o.fewer_transports && o.adjacent_vp && o.union_on_map_vp && o.bigger_transport);
    assert!(Belmont::new(&["no-such-rule".to_string()]).is_err());
}

fn embark_three(options: &[&str]) -> Belmont {
    let mut g = fresh_with(options);
    put_each(&mut g, &[("30IL-A", "1905"), ("30IL-B", "1905")]);
    g.set_flipped("30IL-B", true);
    g.put("Fouke", "1905");
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    for id in ["30IL-A", "30IL-B", "Fouke"] {
        step(&mut g, id, "2005");
    }
    g
}

#[test]
fn r15_0_embark_vp_one_per_unbroken_and_half_per_broken_company() {
    assert_eq!(embark_three(&[]).vp(), [0.0, 0.0]);
    assert_eq!(embark_three(&["embark-vp"]).vp(), [1.5, 0.0]);
}

#[test]
fn r15_0_fewer_transports_two_in_reserve_three_in_all() {
    let mut g = Belmont::after_setup(&["fewer-transports".to_string()]);
    g.turn = 3;
    g.camp_captured = Some(3);
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    let dock = g.map().columbus_dock;
    let at_dock = g
        .ids()
        .filter(|&u| g.counter(u).kind == belmont::counters::Kind::Transport && g.hex_of(u) == Some(dock))
        .count();
    assert_eq!(at_dock, 3);
    // 13.1 turn by turn: the third release brings no transport.
    let mut g = Belmont::after_setup(&["fewer-transports".to_string()]);
    let mut counts = Vec::new();
    for turn in 7..=9 {
        to_turn_start(&mut g, turn);
        let first = g.legal_actions()[0].clone();
        act(&mut g, first);
        counts.push(
            g.ids()
                .filter(|&u| g.counter(u).kind == belmont::counters::Kind::Transport && g.unit(u).loc == Loc::Reserve)
                .count(),
        );
    }
    assert_eq!(counts, vec![3, 2, 2]);
}

#[test]
fn r15_0_adjacent_vp_half_per_unbroken_cs_company_beside_an_unbroken_union_company() {
    let setup = |g: &mut Belmont| {
        g.camp_captured = Some(4);
        g.put("30IL-A", "1520"); // unbroken
        g.put("13AR-A", &nb("1520", 1)); // counts
        g.put("13AR-B", &nb("1520", 2)); // counts
        g.put("13AR-C", &nb("1520", 3));
        g.set_flipped("13AR-C", true); // broken: does not
        g.put("30IL-B", "1530");
        g.set_flipped("30IL-B", true); // broken Union company: no one scores beside it
        g.put("12TN-A", &nb("1530", 1));
    };
    let mut g = fresh_with(&["adjacent-vp"]);
    setup(&mut g);
    final_scoring(&mut g);
    assert_eq!(g.vp(), [0.0, 1.0 + 0.5]); // 1 for the two companies, 1/2 for broken 30IL-B (14.4)
    let mut g = fresh();
    setup(&mut g);
    final_scoring(&mut g);
    assert_eq!(g.vp(), [0.0, 0.5]);
}

#[test]
fn r15_0_union_on_map_vp_a_quarter_per_unbroken_union_unit() {
    let setup = |g: &mut Belmont| {
        g.camp_captured = Some(4);
        put_each(g, &[("30IL-A", "1520"), ("30IL-B", "1520"), ("CAV-Dollins", "1720"), ("30IL-C", "1620")]);
        g.set_flipped("30IL-C", true); // broken: 1/2 under 14.4 instead
        g.put("Taylor-1", "1820");
        g.set_flipped("Taylor-1", true); // reduced artillery is not broken: counts
        g.put("Grant", "1520"); // reading: leaders and vessels are not counted
        g.put("Tyler", "2320");
    };
    let mut g = fresh_with(&["union-on-map-vp"]);
    setup(&mut g);
    final_scoring(&mut g);
    assert_eq!(g.vp(), [0.0, 4.0 * 0.25 + 0.5]);
}

#[test]
fn r15_0_bigger_transport_one_more_company_a_turn_at_most_five() {
    for (turn, want) in [(2u8, 2usize), (3, 3), (4, 4), (5, 5), (6, 5)] {
        let mut g = at_columbus_dock(&["bigger-transport"], turn);
        g.activate(Side::Confederate, "13TN", Stage::Maneuver);
        let n = board_while(&mut g, "Transport-1", |_, _| true);
        assert_eq!(n, want, "turn {turn}");
    }
}

//! Position tests for Belmont 2.0-2.4 (set-up), 3.0-3.2.5 (turn sequence and the chit
//! cup) and 4.0-4.3.3 (movement, stacking and melee obligations). Each test names the
//! rule it checks; rule text is cited by number only.

mod common;

use belmont::counters::{ChitStart, Kind};
use belmont::map::{Region, Terrain};
use belmont::{Action, Belmont, ChitLoc, Frame, Loc, Marker, Stage};
use common::*;
use engine::{Actor, Game, Side};
use hexmap::Hex;

// ------------------------------------------------------------------------------------
// Helpers local to these sections.

/// A game at the start of set-up.
fn new_game() -> Belmont {
    Belmont::new(&[]).expect("no options")
}

fn formation(g: &Belmont, side: Side, code: &str) -> u8 {
    u8::try_from(g.oob().formation(side, code).expect("formation")).unwrap()
}

/// Counter ids of a formation's companies.
fn companies(g: &Belmont, side: Side, code: &str) -> Vec<u16> {
    g.oob().companies_of(usize::from(formation(g, side, code)))
}

/// A pair of adjacent plain, road-free hexes: `from` of terrain `a`, `to` of terrain `b`.
fn step_pair(a: Terrain, b: Terrain) -> (Hex, Hex) {
    let from = find_hex(&format!("{a:?} next to {b:?}"), |h| {
        plain(h, a) && off_road(h) && h.neighbours().iter().any(|&n| plain(n, b) && off_road(n))
    });
    let to = from.neighbours().into_iter().find(|&n| plain(n, b) && off_road(n)).expect("found");
    (from, to)
}

/// Half movement points the unit has left after its last step.
fn mp(g: &Belmont, id: &str) -> u8 {
    g.unit(g.id(id)).mp
}

/// A position with one activation under way, `code` of `side` at `stage`.
fn activation(g: &mut Belmont, side: Side, code: &str, stage: Stage) {
    g.activate(side, code, stage);
}

/// A [`fresh`] position and a lane south from the [`arena`]'s second hex `b`: the
/// entry hex south of it and the melee hex `t` south of that.
fn lane() -> (Belmont, Hex, Hex, Hex) {
    let g = fresh();
    let [_, b, _, _] = arena();
    let entry = south(b);
    let t = south(entry);
    (g, b, entry, t)
}

/// A [`fresh`] position with `id` at `from`, formation `code` of `side` activated to
/// maneuver.
fn ready_to_move(side: Side, code: &str, id: &str, from: Hex) -> Belmont {
    let mut g = fresh();
    g.put(id, &from.label());
    activation(&mut g, side, code, Stage::Maneuver);
    g
}

/// [`ready_to_move`], then `id` moves into `to`.
fn stepped(side: Side, code: &str, id: &str, from: Hex, to: Hex) -> Belmont {
    let mut g = ready_to_move(side, code, id, from);
    go(&mut g, id, to);
    g
}

/// Union `id` of formation `code` starts at the head of `run` and walks down it to the
/// hex before its last. `keeper`, another unit of the formation at 0331, keeps the
/// maneuver step open (a step with nothing left but Done passes by itself).
fn walk_run(code: &str, id: &str, keeper: &str, run: &[Hex]) -> Belmont {
    let mut g = fresh();
    g.put(id, &run[0].label());
    g.put(keeper, "0331");
    activation(&mut g, Side::Union, code, Stage::Maneuver);
    for &h in &run[1..run.len() - 1] {
        go(&mut g, id, h);
    }
    g
}

/// 27IL-A stepping from `from` into `to` has `half_mp` half movement points left
/// (`what` the cost); Taylor-1 may not enter `to`. Returns the position with Taylor-1.
fn costs_and_bars_artillery(from: Hex, to: Hex, half_mp: u8, what: &str) -> Belmont {
    let g = stepped(Side::Union, "27IL", "27IL-A", from, to);
    assert_eq!(mp(&g, "27IL-A"), half_mp, "{what}");
    let mut g = ready_to_move(Side::Union, "HQ", "Taylor-1", from);
    refuse_mv(&mut g, "Taylor-1", to);
    g
}

/// A new game where the Union has picked formation `code` of its regiments as the guard
/// and its first five companies as the guard companies (2.1).
fn guard_chosen(code: &str) -> Belmont {
    let mut g = new_game();
    let f = formation(&g, Side::Union, code);
    act(&mut g, Action::Guard(f));
    for u in companies(&g, Side::Union, code).into_iter().take(5) {
        act(&mut g, Action::GuardCompany(u));
    }
    g
}

/// A clear arena in the Union zone (the open ground at 0331-0634), checked.
fn arena() -> [Hex; 4] {
    let hexes = [hex("0331"), hex("0332"), hex("0431"), hex("0432")];
    for h in hexes {
        assert_eq!(info(h).terrain, Terrain::Clear, "{h}");
    }
    hexes
}

// ------------------------------------------------------------------------------------
// 2.0 Setting Up the Game

#[test]
fn rule_2_0_union_sets_up_first_and_tracks_start_at_zero() {
    let g = new_game();
    assert_eq!(g.turn, 0, "set-up comes before turn 1");
    assert_eq!(g.actor(), Actor::Side(Side::Union), "2.0: the Union places first");
    assert_eq!(rule(&g), "Belmont 2.1");
    assert_eq!(g.vp(), [0.0, 0.0], "2.0: both VP markers on 0");
    assert_eq!(g.influence, 10, "2.0: Grant's Influence on the tenth space");
    let g = Belmont::after_setup(&[]);
    assert_eq!(g.turn, 1, "2.0: the Game Turn marker on the first space");
    assert_eq!(g.vp(), [0.0, 0.0]);
    assert_eq!(g.influence, 10);
}

#[test]
fn rule_2_0_confederates_deploy_after_the_union() {
    let mut g = guard_chosen("30IL");
    assert!(matches!(g.top(), Some(Frame::Deploy { side: Side::Union, .. })), "{:?}", g.top());
    act(&mut g, Action::Done);
    assert!(matches!(g.top(), Some(Frame::Deploy { side: Side::Confederate, .. })), "{:?}", g.top());
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    act(&mut g, Action::Done);
    assert_eq!(g.turn, 1);
}

// ------------------------------------------------------------------------------------
// 2.1 Union Setup

#[test]
fn rule_2_1_union_chooses_any_union_regiment_as_guard() {
    let g = new_game();
    let mut expected: Vec<Action> =
        ["27IL", "30IL", "31IL", "22IL", "7IA"].iter().map(|c| Action::Guard(formation(&g, Side::Union, c))).collect();
    let mut legal = g.legal_actions();
    expected.sort_by_key(|a| format!("{a:?}"));
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, expected, "2.1: one of the five Union regiments, not HQ or cavalry");
}

#[test]
fn rule_2_1_five_guard_companies_of_the_chosen_regiment() {
    let mut g = new_game();
    let f = formation(&g, Side::Union, "31IL");
    act(&mut g, Action::Guard(f));
    assert_eq!(g.guard, Some(f));
    let own = companies(&g, Side::Union, "31IL");
    let other = g.id("27IL-A");
    assert_refused(&mut g, &Action::GuardCompany(other));
    for (i, &u) in own.iter().take(5).enumerate() {
        let legal = g.legal_actions();
        assert_eq!(legal.len(), 10 - i, "each company once");
        assert!(legal.iter().all(|a| matches!(a, Action::GuardCompany(c) if own.contains(c))));
        act(&mut g, Action::GuardCompany(u));
    }
    assert_eq!(g.guard_units, own[..5].to_vec());
    assert!(matches!(g.top(), Some(Frame::Deploy { .. })), "a sixth company is not asked for");
}

#[test]
fn rule_2_1_guard_sets_up_within_three_land_hexes_of_hunters_farm_dock() {
    let mut g = new_game();
    let f = formation(&g, Side::Union, "7IA");
    act(&mut g, Action::Guard(f));
    let own = companies(&g, Side::Union, "7IA");
    for &u in own.iter().skip(5) {
        act(&mut g, Action::GuardCompany(u));
    }
    let dock = map().hunters_farm_dock;
    assert_eq!(dock, hex("2005"));
    let near = map().land_within(dock, 3);
    let lauman = g.id("Lauman");
    for &u in own.iter().skip(5).chain([lauman].iter()) {
        let h = g.hex_of(u).expect("on the map");
        assert!(near.contains(&h), "{} at {h} is not within three land hexes of {dock}", g.name(u));
    }
    // The other five companies and every other Union land unit: west of the set-up line.
    for u in g.ids() {
        let c = g.counter(u);
        if c.side != Side::Union || g.is_vessel(u) {
            continue;
        }
        let h = g.hex_of(u).expect("every Union land unit is on the map");
        assert!(map().union_setup.contains(&h), "{} at {h}", c.id);
    }
    // Gunboats in river section #1.
    for id in ["Tyler", "Lexington"] {
        let h = at(&g, id).expect("on the map");
        assert_eq!(info(h).river_section, Some(1), "{id} at {h}");
        assert_eq!(info(h).region, Region::River);
    }
    // During deployment a guard company may only be re-placed near the dock.
    let guard = own[5];
    let legal = g.legal_actions();
    let places: Vec<Hex> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Place { unit, hex } if *unit == guard => Some(*hex),
            _ => None,
        })
        .collect();
    assert!(!places.is_empty());
    assert!(places.iter().all(|h| near.contains(h)), "{places:?}");
    let far = hex("0333");
    assert!(map().union_setup.contains(&far) && !near.contains(&far));
    assert_refused(&mut g, &Action::Place { unit: guard, hex: far });
    // A company of the regiment that is not on guard may go there.
    let free = own[0];
    assert_legal(&g, &Action::Place { unit: free, hex: far });
}

/// The hexes the deployment list offers `id` (2.1-2.3).
fn placements(g: &Belmont, id: &str) -> Vec<Hex> {
    let u = g.id(id);
    g.legal_actions()
        .iter()
        .filter_map(|a| match a {
            Action::Place { unit, hex } if *unit == u => Some(*hex),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_2_1_deployment_keeps_to_the_stacking_rules() {
    // 4.2 holds during set-up: a full hex is offered to no fourth unit but to a leader,
    // and cavalry and infantry are not offered each other's hexes.
    let mut g = guard_chosen("30IL");
    let [a, b, c, _] = arena();
    put_all(&mut g, &["27IL-A", "27IL-B", "27IL-C"], a);
    g.put("31IL-B", &b.label());
    g.put("CAV-Delano", &c.label());
    let company = placements(&g, "31IL-A");
    assert!(!company.contains(&a), "a fourth unit in a full hex");
    assert!(company.contains(&b), "a second infantry company beside the first");
    assert!(!company.contains(&c), "infantry with cavalry");
    assert!(placements(&g, "Buford").contains(&a), "leaders ignore the limit");
    let cavalry = placements(&g, "CAV-Dollins");
    assert!(!cavalry.contains(&b), "cavalry with infantry");
    assert!(cavalry.contains(&c), "cavalry with cavalry");
}

/// The authored default deployment (2.1, 2.2: free within the zone) never leaves a leader
/// alone, where the first enemy into his hex captures him (6.7); each HQ leader stands with
/// the company of his command nearest the enemy's zone (the playtest's Grant, McClernand
/// and Dougherty stood alone nearest the camp and fell on turn 1).
#[test]
fn rule_2_0_the_default_deployment_leaves_no_leader_alone() {
    let g = Belmont::after_setup(&[]);
    let board = g.board();
    let leaders: Vec<_> = board.counters.iter().filter(|c| c.kind == "leader").collect();
    assert!(leaders.len() > 8, "{} leaders on the map", leaders.len());
    for l in &leaders {
        let company = board.counters.iter().any(|c| c.hex == l.hex && c.kind != "leader" && c.side == l.side);
        assert!(company, "{} stands alone in {}", l.id, l.hex);
    }
    // Grant stands with his side's leading company but the dock guard's (2.1): none is
    // nearer the Confederate zone.
    let cs: Vec<Hex> = map().confederate_setup.iter().copied().collect();
    let away = |h: &str| cs.iter().map(|e| e.distance(hex(h))).min().unwrap();
    let grant = leaders.iter().find(|c| c.id == "Grant").expect("on the map");
    let guard: Vec<&str> = g.guard_units.iter().map(|&u| g.counter(u).id.as_str()).collect();
    let main_body =
        board.counters.iter().filter(|c| c.side == "union" && c.kind == "infantry" && !guard.contains(&c.id.as_str()));
    assert!(main_body.clone().all(|c| away(&c.hex) >= away(&grant.hex)), "Grant at {}", grant.hex);
    assert!(main_body.clone().any(|c| c.hex == grant.hex));
}

#[test]
fn rule_2_1_guard_must_remain_within_three_land_hexes_of_the_dock() {
    let mut g = Belmont::after_setup(&[]);
    // after_setup: the 27th Illinois guards with companies A-E.
    assert_eq!(g.guard, Some(formation(&g, Side::Union, "27IL")));
    g.clear_map();
    let dock = map().hunters_farm_dock;
    let near = map().land_within(dock, 3);
    // A guard company on the edge of the leash.
    let edge = *near
        .iter()
        .find(|&&h| {
            h.neighbours()
                .iter()
                .any(|&n| map().is_land(n) && !near.contains(&n) && info(n).terrain != Terrain::Entrenchment)
        })
        .expect("an edge hex");
    let out = edge.neighbours().into_iter().find(|&n| map().is_land(n) && !near.contains(&n)).unwrap();
    let u = g.put("27IL-A", &edge.label());
    activation(&mut g, Side::Union, "27IL", Stage::Maneuver);
    assert_refused(&mut g, &Action::Move { unit: u, to: out });
    // A company of the same regiment that is not on guard may go there.
    let (fh, _) = (edge, out);
    let free = g.put("27IL-F", &fh.label());
    assert_legal(&g, &Action::Move { unit: free, to: out });
}

// ------------------------------------------------------------------------------------
// 2.2 Confederate Setup

#[test]
fn rule_2_2_confederate_units_where_they_belong() {
    let g = Belmont::after_setup(&[]);
    let east = |id: &str| {
        let h = at(&g, id).unwrap_or_else(|| panic!("{id} not on the map"));
        assert!(map().confederate_setup.contains(&h), "{id} at {h} is not east of the set-up line");
    };
    for id in ["Pillow", "Tappan", "Russel", "Watson-A", "Watson-B", "Beltzhoover", "MSCAV-A", "MSCAV-B", "Miller"] {
        east(id);
    }
    for &u in &companies(&g, Side::Confederate, "13AR") {
        east(g.name(u));
    }
    for &u in &companies(&g, Side::Confederate, "12TN") {
        east(g.name(u));
    }
    // 2.2 note: no regimental leader for the 13th AR.
    assert_eq!(g.oob().formations[usize::from(formation(&g, Side::Confederate, "13AR"))].leader, None);
    // Two companies of the 13th TN and their leader on the Belmont dock.
    let dock = map().belmont_dock;
    assert_eq!(dock, hex("2231"));
    let tn13 = companies(&g, Side::Confederate, "13TN");
    let on_dock: Vec<u16> = tn13.iter().copied().filter(|&u| g.hex_of(u) == Some(dock)).collect();
    assert_eq!(on_dock.len(), 2, "2.2: two companies of the 13th TN on the Belmont dock");
    assert_eq!(at(&g, "Wright"), Some(dock));
    // The other eight in or near Columbus.
    for &u in tn13.iter().filter(|u| !on_dock.contains(u)) {
        let h = g.hex_of(u).expect("on the map");
        assert!(map().columbus.contains(&h) || h == map().columbus_dock, "{} at {h}", g.name(u));
    }
    // Six Iron Banks batteries in the entrenchments, up to three per hex.
    let banks: Vec<u16> = g.ids().filter(|&u| g.counter(u).kind == Kind::IronBanks).collect();
    assert_eq!(banks.len(), 6);
    for &b in &banks {
        let h = g.hex_of(b).expect("on the map");
        assert!(map().entrenchments.contains(&h), "{} at {h}", g.name(b));
        assert!(g.ground_at(h).len() <= 3, "at most three per entrenchment hex");
    }
    // One transport on the turn track.
    assert_eq!(g.unit(g.id("Transport-1")).loc, Loc::TurnTrack);
}

#[test]
fn rule_2_2_belmont_dock_companies_are_fixed_and_others_stay_east() {
    let mut g = guard_chosen("27IL");
    act(&mut g, Action::Done);
    assert!(matches!(g.top(), Some(Frame::Deploy { side: Side::Confederate, .. })));
    let legal = g.legal_actions();
    let wright = g.id("Wright");
    let tn13a = g.id("13TN-A");
    assert!(!legal.iter().any(|a| matches!(a, Action::Place { unit, .. } if *unit == wright || *unit == tn13a)));
    // Pillow may only be re-placed east of the set-up line.
    let pillow = g.id("Pillow");
    assert!(legal.iter().any(|a| matches!(a, Action::Place { unit, .. } if *unit == pillow)));
    for a in &legal {
        if let Action::Place { unit, hex } = a
            && *unit == pillow
        {
            assert!(map().confederate_setup.contains(hex), "{hex}");
        }
    }
    assert_refused(&mut g, &Action::Place { unit: pillow, hex: hex("0333") });
    // Each unit is re-placed at most once.
    let to = legal.iter().find_map(|a| match a {
        Action::Place { unit, hex } if *unit == pillow => Some(*hex),
        _ => None,
    });
    act(&mut g, Action::Place { unit: pillow, hex: to.unwrap() });
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Place { unit, .. } if *unit == pillow)));
}

// ------------------------------------------------------------------------------------
// 2.3 Confederate Reinforcements

#[test]
fn rule_2_3_reinforcements_begin_in_the_columbus_reserve_box() {
    let g = Belmont::after_setup(&[]);
    let mut ids: Vec<String> =
        ["Polk", "Cheatham", "Samuel", "Blythe", "Walker", "Picket", "Freeman", "TNCAV-A", "TNCAV-B", "Logwood"]
            .iter()
            .map(|s| (*s).to_string())
            .collect();
    for code in ["11LA", "1MS", "2TN", "21TN", "22TN"] {
        ids.extend(companies(&g, Side::Confederate, code).into_iter().map(|u| g.name(u).to_string()));
    }
    for id in &ids {
        assert_eq!(g.unit(g.id(id)).loc, Loc::Reserve, "{id}");
    }
    let reserve_transports =
        g.ids().filter(|&u| g.counter(u).kind == Kind::Transport && g.unit(u).loc == Loc::Reserve).count();
    assert_eq!(reserve_transports, 4, "2.3: four transports in the box");
    // Nothing else of the Confederates is in the box.
    let in_box = g.ids().filter(|&u| g.counter(u).side == Side::Confederate && g.unit(u).loc == Loc::Reserve).count();
    assert_eq!(in_box, ids.len() + 4);
}

// ------------------------------------------------------------------------------------
// 2.4 Markers and Order Chits

#[test]
fn rule_2_4_cup_reserve_and_set_aside_chits() {
    let g = Belmont::after_setup(&[]);
    let oob = g.oob();
    let names = |loc: ChitLoc| {
        let mut v: Vec<String> =
            (0..g.chits.len()).filter(|&c| g.chits[c] == loc).map(|c| g.chit_name(u8::try_from(c).unwrap())).collect();
        v.sort();
        v
    };
    let cup = names(ChitLoc::Cup);
    let union_in_cup = cup.iter().filter(|n| n.starts_with("Union")).count();
    assert_eq!(union_in_cup, 7, "all seven Union order chits: {cup:?}");
    for n in ["CS HQ", "CS CAV", "CS 12TN", "CS 13TN", "CS 13AR", "CS Confused Orders"] {
        assert!(cup.contains(&n.to_string()), "{n} in the cup: {cup:?}");
    }
    assert_eq!(cup.len(), 13);
    assert!(!cup.contains(&"Union Confused Orders".to_string()));
    let reserve = names(ChitLoc::Reserve);
    assert_eq!(reserve, vec!["CS 11LA", "CS 1MS", "CS 21TN", "CS 22TN", "CS 2TN"]);
    assert_eq!(names(ChitLoc::Aside), vec!["Union Confused Orders"]);
    // The order of battle agrees.
    assert_eq!(oob.chits_starting(Side::Union, ChitStart::SetAside).len(), 1);
}

// ------------------------------------------------------------------------------------
// 3.2 Turn Sequence; 3.2.2 Conduct Orders

#[test]
fn rule_3_2_2_each_chit_in_the_cup_is_equally_likely() {
    let g = Belmont::after_setup(&[]);
    assert_eq!(rule(&g), "Belmont 3.2.2");
    let out = g.chance_outcomes();
    let cup = g.cup();
    assert_eq!(out.len(), cup.len());
    for (a, p) in &out {
        assert!(matches!(a, Action::Draw(c) if cup.contains(c)));
        assert!((p - 1.0 / 13.0).abs() < EPS);
    }
    let total: f64 = out.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < EPS);
}

fn chit(g: &Belmont, name: &str) -> u8 {
    (0..g.chits.len())
        .map(|c| u8::try_from(c).unwrap())
        .find(|&c| g.chit_name(c) == name)
        .unwrap_or_else(|| panic!("no chit {name}"))
}

#[test]
fn rule_3_2_2_a_pulled_chit_goes_to_the_track_and_activates_its_units() {
    let mut g = Belmont::after_setup(&[]);
    let c = chit(&g, "Union 27IL");
    act(&mut g, Action::Draw(c));
    assert_eq!(g.chits[usize::from(c)], ChitLoc::Track);
    assert_eq!(g.cup().len(), 12);
    let a = g.act.as_ref().expect("an activation");
    assert_eq!(a.side, Side::Union);
    assert_eq!(usize::from(a.formation), g.oob().formation(Side::Union, "27IL").unwrap());
    assert_logged(&g, "Belmont 3.2.2", "Union 27IL is pulled");
    // The next pull is from the twelve left, each 1/12.
    let mut g2 = g.clone();
    g2.act = None;
    g2.set_stack(vec![Frame::EndTurn, Frame::DrawChit]);
    let out = g2.chance_outcomes();
    assert_eq!(out.len(), 12);
    assert!(out.iter().all(|(a, p)| !matches!(a, Action::Draw(x) if *x == c) && (p - 1.0 / 12.0).abs() < EPS));
}

#[test]
fn rule_3_2_2_confused_orders_chit_waits_for_the_next_chit_of_its_side() {
    let mut g = Belmont::after_setup(&[]);
    let c = chit(&g, "CS Confused Orders");
    act(&mut g, Action::Draw(c));
    assert!(g.act.is_none(), "the Confused Orders chit activates nobody");
    assert!(g.confused[Side::Confederate.index()]);
    assert_eq!(rule(&g), "Belmont 3.2.2");
    assert_eq!(g.chance_outcomes().len(), 12);
    // A Union chit is unaffected.
    let u = chit(&g, "Union HQ");
    act(&mut g, Action::Draw(u));
    assert!(g.frames().iter().all(|f| !matches!(f, Frame::Confusion { .. })));
    assert!(g.confused[Side::Confederate.index()], "still waiting for a CS chit");
}

#[test]
fn rule_3_2_2_activation_steps_in_order_volley_markers_moves_melee() {
    let [a, b, _, _] = arena();
    let mut g = placed(&[("27IL-A", a), ("27IL-B", b)]);
    let cs = south_n(b, 2); // 0334: two hexes from 0332
    g.put("13AR-A", &cs.label());
    activation(&mut g, Side::Union, "27IL", Stage::Volley);
    assert_eq!(rule(&g), "Belmont 5.1");
    // 4.0: no movement before volley fire has concluded.
    refuse_mv(&mut g, "27IL-A", north(a));
    act(&mut g, Action::Done);
    assert_eq!(g.act.as_ref().unwrap().stage, Stage::Markers);
    assert_eq!(rule(&g), "Belmont 4.3.1");
    act(&mut g, Action::Done);
    // No marker: the melee-move step has nothing to do and passes by itself.
    assert_eq!(g.act.as_ref().unwrap().stage, Stage::Maneuver);
    assert_eq!(rule(&g), "Belmont 4.3.3");
    // No volley once movement has begun.
    let v = Action::Volley { from: b, target: cs, firers: 1 };
    assert_refused(&mut g, &v);
    act(&mut g, Action::Done);
    // The activation ends: its markers are removed and the next chit is pulled.
    assert!(g.act.is_none());
    assert_logged(&g, "Belmont 3.2.2", "activation ends");
}

// ------------------------------------------------------------------------------------
// 3.2.3 Leader Second Movement, 3.2.4 Rally, 3.2.5 End Turn

/// A position where the cup is empty and the last activation is about to end.
fn last_activation() -> Belmont {
    let mut g = fresh();
    activation(&mut g, Side::Union, "30IL", Stage::Maneuver);
    g
}

#[test]
fn rule_3_2_3_union_leaders_then_confederate_leaders_move_three_hexes() {
    let mut g = last_activation();
    let [a, _, _, _] = arena();
    put_at(&mut g, &[("Grant", a), ("McClernand", a)]);
    let p = find_hex("a clear CS hex", |h| plain(h, Terrain::Clear) && map().confederate_setup.contains(&h));
    g.put("Pillow", &p.label());
    act(&mut g, Action::Done); // end of the 30IL activation; cup is empty
    assert_eq!(rule(&g), "Belmont 3.2.3");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    let grant = g.id("Grant");
    // Three hexes south, whatever the terrain.
    let mut h = a;
    for _ in 0..3 {
        let to = south(h);
        act(&mut g, Action::Move { unit: grant, to });
        h = to;
    }
    assert_eq!(g.hex_of(grant), Some(south_n(a, 3)));
    assert!(
        !g.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == grant)),
        "at most three hexes"
    );
    assert_refused(&mut g, &Action::Move { unit: grant, to: south(h) });
    act(&mut g, Action::Done);
    assert_eq!(rule(&g), "Belmont 3.2.3");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    let pillow = g.id("Pillow");
    assert!(g.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == pillow)));
    assert!(!g.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == grant)));
}

#[test]
fn rule_3_2_4_rally_union_first_then_confederates() {
    let mut g = last_activation();
    let [a, _, _, _] = arena();
    g.put("27IL-A", &a.label());
    g.set_flipped("27IL-A", true);
    let p = find_hex("a clear CS hex", |h| plain(h, Terrain::Clear) && map().confederate_setup.contains(&h));
    g.put("13AR-A", &p.label());
    g.set_flipped("13AR-A", true);
    act(&mut g, Action::Done);
    // No leaders on the map: second movement passes by itself.
    assert_eq!(rule(&g), "Belmont 9.0");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    act(&mut g, Action::Done);
    assert_eq!(rule(&g), "Belmont 9.0");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
}

#[test]
fn rule_3_2_5_end_turn_returns_chits_transports_and_advances_the_turn() {
    let mut g = fresh();
    let t = g.put_loc("Transport-1", Loc::TurnTrack);
    let pulled = chit(&g, "Union 27IL");
    for c in &mut g.chits {
        if *c == ChitLoc::Cup {
            *c = ChitLoc::Track;
        }
    }
    g.markers.push(Marker {
        target: hex("0332"),
        entry: hex("0331"),
        group: vec![],
        second: None,
        charge: false,
        forced: false,
        resolved: true,
        rolled: vec![],
    });
    assert!(g.cup().is_empty());
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(g.turn, 2);
    assert_eq!(g.hex_of(t), Some(map().columbus_dock), "3.2.5: transports on the track go to Columbus dock");
    assert!(g.markers.is_empty(), "3.2.5: melee markers removed");
    assert_eq!(g.chits[usize::from(pulled)], ChitLoc::Cup);
    assert_eq!(g.cup().len(), 13, "3.2.5: the pulled chits go back into the cup");
    // The reserve chits stay in the box.
    assert_eq!(g.chits.iter().filter(|c| **c == ChitLoc::Reserve).count(), 5);
    assert_logged(&g, "Belmont 3.2", "Turn 2 begins");
}

// ------------------------------------------------------------------------------------
// 4.0 Movement, 4.1 Movement Points

#[test]
fn rule_4_0_only_activated_units_move() {
    let [a, b, _, _] = arena();
    let mut g = placed(&[("27IL-A", a), ("30IL-A", b)]);
    activation(&mut g, Side::Union, "27IL", Stage::Maneuver);
    assert_legal(&g, &mv(&g, "27IL-A", north(a)));
    let e = refuse_mv(&mut g, "30IL-A", south(b));
    assert_eq!(e.rule, "Belmont 4.0");
    // A unit finishes moving when another unit starts.
    go(&mut g, "27IL-A", north(a));
    let c = g.put("27IL-C", &south(b).label());
    act(&mut g, Action::Move { unit: c, to: south_n(b, 2) });
    let e = refuse_mv(&mut g, "27IL-A", north(north(a)));
    assert_eq!(e.rule, "Belmont 4.3");
}

#[test]
fn rule_4_1_clear_costs_one_and_woods_two_movement_points() {
    let (c1, c2) = step_pair(Terrain::Clear, Terrain::Clear);
    let g = stepped(Side::Union, "27IL", "27IL-A", c1, c2);
    assert_eq!(mp(&g, "27IL-A"), 10, "6 MP (12 half) less 1 MP");
    let (c, w) = step_pair(Terrain::Clear, Terrain::Woods);
    let g = stepped(Side::Union, "27IL", "27IL-A", c, w);
    assert_eq!(mp(&g, "27IL-A"), 8, "woods: 2 MP");
}

#[test]
fn rule_4_1_three_woods_hexes_exhaust_six_movement_points() {
    let run = column_run(&[Terrain::Woods; 5]);
    assert!(run.iter().all(|&h| off_road(h)));
    let mut g = walk_run("27IL", "27IL-A", "27IL-K", &run);
    assert_eq!(mp(&g, "27IL-A"), 0);
    let e = refuse_mv(&mut g, "27IL-A", run[4]);
    assert!(e.rule.starts_with("Belmont 4"), "{e:?}");
}

#[test]
fn rule_4_1_cavalry_has_eight_movement_points() {
    let run = column_run(&[Terrain::Woods; 6]);
    let mut g = walk_run("CAV", "CAV-Dollins", "CAV-Delano", &run);
    assert_eq!(mp(&g, "CAV-Dollins"), 0, "four woods hexes = 8 MP");
    refuse_mv(&mut g, "CAV-Dollins", run[5]);
}

#[test]
fn rule_4_1_road_costs_half_a_movement_point() {
    // The plank road runs along row 33 (0333-0433-0533 ...).
    let (a, b, c) = (hex("0333"), hex("0433"), hex("0533"));
    assert!(map().road(a, b) && map().road(b, c));
    let mut g = ready_to_move(Side::Union, "27IL", "27IL-A", a);
    go(&mut g, "27IL-A", b);
    go(&mut g, "27IL-A", c);
    assert_eq!(mp(&g, "27IL-A"), 10, "two road hexsides: 1/2 + 1/2 MP");
    // Off the road the hex's own terrain counts again.
    let off = c.neighbours().into_iter().find(|&n| !map().road(c, n) && info(n).terrain == Terrain::Clear).unwrap();
    go(&mut g, "27IL-A", off);
    assert_eq!(mp(&g, "27IL-A"), 8);
}

#[test]
fn rule_4_1_pond_costs_three_and_bars_artillery() {
    let (from, pond) = step_pair(Terrain::Woods, Terrain::Pond);
    costs_and_bars_artillery(from, pond, 6, "pond: 3 MP");
}

#[test]
fn rule_4_1_marsh_costs_two_and_bars_artillery() {
    let (from, marsh) = step_pair(Terrain::Woods, Terrain::Marsh);
    let g = costs_and_bars_artillery(from, marsh, 8, "marsh: 2 MP");
    // Artillery may move into other terrain.
    let other = from.neighbours().into_iter().find(|&n| plain(n, Terrain::Woods) && off_road(n)).unwrap();
    assert_legal(&g, &mv(&g, "Taylor-1", other));
}

#[test]
fn rule_4_1_felled_trees_cost_two() {
    let (from, ft) = step_pair(Terrain::Clear, Terrain::FelledTrees);
    let g = stepped(Side::Confederate, "13AR", "13AR-A", from, ft);
    assert_eq!(mp(&g, "13AR-A"), 8);
}

#[test]
fn rule_4_1_shore_costs_one_along_the_shore_and_two_otherwise() {
    // 2127 (clear, inland) -> 2227 (clear, shore) -> 2228 (clear, shore).
    let (inland, s1, s2) = (hex("2127"), hex("2227"), hex("2228"));
    assert!(!info(inland).shore && info(s1).shore && info(s2).shore);
    assert_eq!((info(s1).terrain, info(s2).terrain), (Terrain::Clear, Terrain::Clear));
    assert!(!map().road(inland, s1) && !map().road(s1, s2));
    let mut g = stepped(Side::Confederate, "13AR", "13AR-A", inland, s1);
    assert_eq!(mp(&g, "13AR-A"), 8, "into shore from inland: 2 MP");
    go(&mut g, "13AR-A", s2);
    assert_eq!(mp(&g, "13AR-A"), 6, "shore to shore: 1 MP");
}

#[test]
fn rule_4_1_iron_banks_batteries_have_no_movement() {
    let mut g = fresh();
    let e = map().entrenchments[0];
    let s = g.put("Stewart", &e.label());
    activation(&mut g, Side::Confederate, "HQ", Stage::Maneuver);
    assert_eq!(g.allowance(s), 0);
    for n in e.neighbours() {
        assert_refused(&mut g, &Action::Move { unit: s, to: n });
    }
    // Nobody may enter an entrenchment either (Terrain Effects Chart).
    let next = e.neighbours().into_iter().find(|&n| map().is_land(n) && !map().entrenchments.contains(&n)).unwrap();
    g.put("Polk", &next.label());
    refuse_mv(&mut g, "Polk", e);
}

#[test]
fn rule_4_1_no_entry_into_the_river() {
    let mut g = fresh();
    let shore = hex("2227");
    let river = shore.neighbours().into_iter().find(|&n| map().is_river(n)).unwrap();
    g.put("13AR-A", &shore.label());
    activation(&mut g, Side::Confederate, "13AR", Stage::Maneuver);
    refuse_mv(&mut g, "13AR-A", river);
}

// ------------------------------------------------------------------------------------
// 4.2 Stacking

#[test]
fn rule_4_2_stacking_limit_blocks_fourth_unit() {
    let mut g = fresh();
    let [a, b, _, _] = arena();
    put_all(&mut g, &["27IL-A", "27IL-B", "Taylor-1"], b);
    put_at(&mut g, &[("27IL-C", a), ("Buford", a), ("Grant", a)]);
    activation(&mut g, Side::Union, "27IL", Stage::Maneuver);
    let e = refuse_mv(&mut g, "27IL-C", b);
    assert_eq!(e.rule, "Belmont 4.2");
    // Leaders do not count and ignore the limit.
    go(&mut g, "Buford", b);
    assert_eq!(g.stack_count(b), 3);
    assert_eq!(g.ground_at(b).len(), 4);
}

#[test]
fn rule_4_2_artillery_infantry_and_several_regiments_may_stack() {
    let [a, b, _, _] = arena();
    let mut g = placed(&[("Taylor-1", b), ("30IL-A", b), ("27IL-A", a)]);
    activation(&mut g, Side::Union, "27IL", Stage::Maneuver);
    assert_legal(&g, &mv(&g, "27IL-A", b));
}

#[test]
fn rule_4_2_cavalry_may_not_share_a_hex_with_other_units() {
    let [a, b, c, _] = arena();
    let mut g = placed(&[("CAV-Dollins", a), ("27IL-A", b), ("27IL-B", c)]);
    activation(&mut g, Side::Union, "CAV", Stage::Maneuver);
    refuse_mv(&mut g, "CAV-Dollins", b);
    // Cavalry with cavalry is allowed.
    g.put("CAV-Delano", &north(a).label());
    assert_legal(&g, &mv(&g, "CAV-Dollins", north(a)));
    // Infantry may not join cavalry.
    let mut g2 = g.clone();
    g2.activate(Side::Union, "27IL", Stage::Maneuver);
    refuse_mv(&mut g2, "27IL-B", a);
    // Not even leaders: a cavalry leader may not join infantry, nor infantry leaders cavalry.
    let mut g3 = fresh();
    g3.put("Miller", &a.label());
    g3.put("12TN-A", &b.label());
    g3.activate(Side::Confederate, "CAV", Stage::Maneuver);
    refuse_mv(&mut g3, "Miller", b);
}

// ------------------------------------------------------------------------------------
// 4.3 Movement Procedure: 4.3.1 Create Melee Obligations

/// 27IL-A and 27IL-B at `a`/`b`, an enemy at `t` two south of `b`.
fn melee_position() -> (Belmont, Hex, Hex) {
    let [a, b, _, _] = arena();
    let mut g = placed(&[("27IL-A", a), ("27IL-B", b)]);
    let t = south_n(b, 2);
    assert_eq!(info(t).terrain, Terrain::Clear);
    g.put("13AR-A", &t.label());
    g.activate(Side::Union, "27IL", Stage::Markers);
    (g, b, t)
}

#[test]
fn rule_4_3_1_marker_only_where_an_activated_unit_can_reach() {
    let (mut g, b, t) = melee_position();
    let entry = south(b);
    assert_legal(&g, &Action::Marker { target: t, from: entry });
    // A target out of every activated unit's reach.
    let far = find_hex("a far clear hex", |h| plain(h, Terrain::Clear) && h.distance(t) > 12);
    g.put("13AR-B", &far.label());
    let from = far.neighbours()[0];
    let e = assert_refused(&mut g, &Action::Marker { target: far, from });
    assert_eq!(e.rule, "Belmont 4.3.1");
    // Nor entered from an enemy-held hex.
    let beside = t.neighbours().into_iter().find(|&n| n != entry && info(n).terrain == Terrain::Clear).unwrap();
    g.put("13AR-C", &beside.label());
    assert_refused(&mut g, &Action::Marker { target: t, from: beside });
    // Nor on a hex without enemy.
    assert_refused(&mut g, &Action::Marker { target: entry, from: b });
    act(&mut g, Action::Marker { target: t, from: entry });
    assert_eq!(g.markers.len(), 1);
    assert_logged(&g, "Belmont 4.3.1", "marker placed");
}

#[test]
fn rule_4_3_1_the_path_to_the_marker_counts_terrain() {
    // A unit three woods hexes from the melee hex cannot reach it: only two woods steps
    // fit before the step into the melee hex.
    let run = column_run(&[Terrain::Woods; 5]);
    let mut g = fresh();
    g.put("27IL-A", &run[0].label());
    g.put("13AR-A", &run[4].label());
    g.activate(Side::Union, "27IL", Stage::Markers);
    assert_refused(&mut g, &Action::Marker { target: run[4], from: run[3] });
    let mut g = fresh();
    g.put("27IL-A", &run[1].label());
    g.put("13AR-A", &run[4].label());
    g.activate(Side::Union, "27IL", Stage::Markers);
    assert_legal(&g, &Action::Marker { target: run[4], from: run[3] });
}

#[test]
fn rule_4_3_1_a_broken_company_counts_for_a_marker_only_with_its_regiment_leader() {
    // 6.0: a broken company attacks only with its regimental leader, so alone it cannot
    // really reach the melee and no marker may be placed for it, even against a lone
    // unsupported leader.
    let [_, b, _, _] = arena();
    let entry = south(b);
    let t = south(entry);
    let marker = Action::Marker { target: t, from: entry };
    let setup = |buford: Option<Hex>| {
        let mut g = placed(&[("Pillow", t), ("27IL-A", entry)]);
        g.set_flipped("27IL-A", true);
        if let Some(h) = buford {
            g.put("Buford", &h.label());
        }
        g.activate(Side::Union, "27IL", Stage::Markers);
        g
    };
    let mut g = setup(None);
    let e = assert_refused(&mut g, &marker);
    assert_eq!(e.rule, "Belmont 4.3.1");
    // Its leader too far away to go in with it: still none.
    let far = find_hex("a clear hex far from the melee", |h| plain(h, Terrain::Clear) && h.distance(t) > 10);
    let mut g = setup(Some(far));
    assert_refused(&mut g, &marker);
    // With Buford beside it, it may.
    let g = setup(Some(b));
    assert_legal(&g, &marker);
}

// ------------------------------------------------------------------------------------
// 4.3.2 Satisfy Melee Obligations

#[test]
fn rule_4_3_2_only_melee_participants_move_toward_the_marker() {
    let (mut g, b, t) = melee_position();
    let entry = south(b);
    // A third company far away that cannot reach the melee hex.
    let far =
        find_hex("a far hex", |h| plain(h, Terrain::Clear) && h.distance(t) > 10 && map().union_setup.contains(&h));
    g.put("27IL-C", &far.label());
    act(&mut g, Action::Marker { target: t, from: entry });
    act(&mut g, Action::Done);
    assert_eq!(rule(&g), "Belmont 4.3.2");
    let legal = g.legal_actions();
    let c = g.id("27IL-C");
    assert!(
        !legal.iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == c)),
        "4.3.2: non-participants wait"
    );
    // 27IL-B steps into the entry hex, then across the marker's hexside into the melee hex.
    go(&mut g, "27IL-B", entry);
    go(&mut g, "27IL-B", t);
    assert_eq!(at(&g, "27IL-B"), Some(t));
    assert_eq!(g.markers[0].group, vec![g.id("27IL-B")]);
    assert_logged(&g, "Belmont 4.3.2", "into the melee hex");
}

/// 4.3.2 (the seventh playtest): only units that will melee move now, so a company that has
/// set out for the melee hex goes on in before another moves or the step ends; it could
/// otherwise walk up under the marker, stop beside the enemy and let the marker lapse,
/// crossing his front unfired on (5.2). Once it is in, the others move and Done is offered.
#[test]
fn rule_4_3_2_a_company_on_its_way_goes_on_into_the_melee_hex() {
    let (mut g, b, t) = melee_position();
    let entry = south(b);
    act(&mut g, Action::Marker { target: t, from: entry });
    act(&mut g, Action::Done);
    go(&mut g, "27IL-B", entry);
    let a = g.id("27IL-A");
    assert!(!g.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == a)));
    let e = assert_refused(&mut g, &Action::Done);
    assert!(e.rule == "Belmont 4.3.2" && e.reason.contains("on its way"), "{e:?}");
    go(&mut g, "27IL-B", t);
    assert_legal(&g, &Action::Done);
}

#[test]
fn rule_4_3_2_at_most_three_units_through_an_entry_hexside() {
    let (mut g, b, entry, t) = lane();
    g.put("13AR-A", &t.label());
    put_all(&mut g, &["27IL-A", "27IL-B", "27IL-C"], entry);
    put_at(&mut g, &[("27IL-D", b), ("Buford", entry)]);
    mark(&mut g, Side::Union, "27IL", entry, t);
    let d = g.id("27IL-D");
    let d_moves =
        |g: &Belmont| g.legal_actions().iter().filter(|x| matches!(x, Action::Move { unit, .. } if *unit == d)).count();
    go(&mut g, "27IL-A", t);
    go(&mut g, "27IL-B", t);
    assert!(d_moves(&g) > 0, "a third unit may still use the hexside");
    go(&mut g, "27IL-C", t);
    // The entry hex is free again, but the hexside is full: the fourth company may not
    // even start toward it.
    assert_eq!(d_moves(&g), 0);
    refuse_mv(&mut g, "27IL-D", entry);
    // The regiment leader is not counted.
    go(&mut g, "Buford", t);
    assert_eq!(g.markers[0].group.len(), 4);
}

#[test]
fn rule_4_3_2_regiment_leader_enters_only_with_a_company_of_his_command() {
    let (mut g, b, entry, t) = lane();
    put_at(&mut g, &[("13AR-A", t), ("Buford", entry), ("27IL-A", b)]);
    mark(&mut g, Side::Union, "27IL", entry, t);
    refuse_mv(&mut g, "Buford", t);
    go(&mut g, "27IL-A", entry);
    go(&mut g, "27IL-A", t);
    go(&mut g, "Buford", t);
    assert_eq!(at(&g, "Buford"), Some(t));
}

/// A [`lane`] with `defender` in the melee hex, 27IL-A broken in the entry hex (or,
/// if not `in_entry`, the hex behind it) and `other` in the entry hex.
fn lane_with_broken_27il_a(defender: &str, in_entry: bool, other: &str) -> (Belmont, Hex, Hex, Hex) {
    let (mut g, b, entry, t) = lane();
    put_at(&mut g, &[(defender, t), ("27IL-A", if in_entry { entry } else { b })]);
    g.set_flipped("27IL-A", true);
    g.put(other, &entry.label());
    (g, b, entry, t)
}

/// Buford and 27IL-A (broken) ready to attack `t` from `entry`, the 4.3.2 step under way.
fn broken_company_at_entry(defender: &str) -> (Belmont, Hex, Hex) {
    let (mut g, _, entry, t) = lane_with_broken_27il_a(defender, true, "Buford");
    mark(&mut g, Side::Union, "27IL", entry, t);
    assert_eq!(rule(&g), "Belmont 4.3.2");
    (g, entry, t)
}

#[test]
fn rule_4_3_2_a_broken_company_may_not_enter_a_melee_hex_without_its_regiment_leader() {
    // A lone Confederate battery, and 27IL-B unbroken beside the broken 27IL-A: the
    // marker stands (27IL-B can attack), but 27IL-A may not go in without Buford.
    let (mut g, _, entry, t) = lane_with_broken_27il_a("Watson-A", true, "27IL-B");
    mark(&mut g, Side::Union, "27IL", entry, t);
    let e = refuse_mv(&mut g, "27IL-A", t);
    assert_eq!(e.rule, "Belmont 6.0");
    // The refusal names the leader and what to do (the tenth playtest).
    assert!(e.reason.contains("Buford") && e.reason.contains("move Buford in first"), "{}", e.reason);
    go(&mut g, "27IL-B", t);
    hold_fire(&mut g);
    refuse_mv(&mut g, "27IL-A", t);
    assert_eq!(g.markers[0].group, vec![g.id("27IL-B")]);
}

#[test]
fn rule_4_3_2_the_regiment_leader_may_go_in_first_for_a_broken_company_that_follows() {
    let (mut g, _, t) = broken_company_at_entry("Pillow");
    // 27IL-A may not lead; Buford may, with 27IL-A ready to follow him.
    refuse_mv(&mut g, "27IL-A", t);
    go(&mut g, "Buford", t);
    hold_fire(&mut g);
    assert_eq!(at(&g, "Buford"), Some(t));
    // Now 27IL-A must follow: only its moves toward and into his melee, not even Done.
    let legal = g.legal_actions();
    let a_id = g.id("27IL-A");
    assert!(legal.iter().all(|x| matches!(x, Action::Move { unit, .. } if *unit == a_id)), "{legal:?}");
    assert_legal(&g, &mv(&g, "27IL-A", t));
    let e = assert_refused(&mut g, &Action::Done);
    assert_eq!(e.rule, "Belmont 4.3.2");
    go(&mut g, "27IL-A", t);
    hold_fire(&mut g);
    assert_eq!(g.markers[0].group, vec![g.id("Buford"), g.id("27IL-A")]);
    // Followed: the step may end (with nothing else to do, it has).
    to_melees(&mut g);
    // The melee: Pillow, unsupported, is captured (6.7).
    act(&mut g, Action::Resolve(0));
    assert_eq!(fate(&g, "Pillow"), Some(belmont::Fate::Captured));
}

#[test]
fn rule_4_3_2_a_broken_company_behind_its_leader_walks_up_and_follows_him_in() {
    // 27IL-A (broken) one hex behind the entry hex, Buford in it; another company of
    // the regiment, 27IL-C, is far off with a melee of its own to make.
    let (mut g, _, entry, t) = lane_with_broken_27il_a("13AR-A", false, "Buford");
    let far = find_hex("a clear hex far off with a clear neighbour", |h| {
        plain(h, Terrain::Clear) && h.distance(t) > 14 && h.neighbours().iter().any(|&n| plain(n, Terrain::Clear))
    });
    let t2 = far.neighbours().into_iter().find(|&n| plain(n, Terrain::Clear)).unwrap();
    put_at(&mut g, &[("27IL-C", far), ("13AR-B", t2)]);
    g.activate(Side::Union, "27IL", Stage::Markers);
    act(&mut g, Action::Marker { target: t, from: entry });
    act(&mut g, Action::Marker { target: t2, from: far });
    act(&mut g, Action::Done);
    assert_legal(&g, &mv(&g, "27IL-C", t2));
    // 27IL-A may not start toward the melee before its leader is in it.
    refuse_mv(&mut g, "27IL-A", entry);
    go(&mut g, "Buford", t);
    hold_fire(&mut g);
    // Only 27IL-A's way in is open: to the entry hex, then across the marker's hexside.
    let legal = g.legal_actions();
    let a_id = g.id("27IL-A");
    assert!(!legal.is_empty() && legal.iter().all(|x| matches!(x, Action::Move { unit, .. } if *unit == a_id)));
    assert_eq!(refuse_mv(&mut g, "27IL-C", t2).rule, "Belmont 4.3.2");
    assert_eq!(assert_refused(&mut g, &Action::Done).rule, "Belmont 4.3.2");
    go(&mut g, "27IL-A", entry);
    hold_fire(&mut g);
    go(&mut g, "27IL-A", t);
    hold_fire(&mut g);
    assert_eq!(g.markers[0].group, vec![g.id("Buford"), a_id]);
    // Followed: the other melee may be answered again.
    go(&mut g, "27IL-C", t2);
    hold_fire(&mut g);
    // In the rounds the broken company adds its SP with Buford beside it (6.0).
    to_melees(&mut g);
    act(&mut g, Action::Resolve(0));
    rolls(&mut g, &[1, 1]); // defensive fire misses
    roll(&mut g, 1); // Buford's casualty check (7.2)
    rolls(&mut g, &[1, 1]);
    assert_logged(&g, "Belmont 6.1", "attacker 3 (die 1)"); // 27IL-A 1 + Buford 1 + 1
}

#[test]
fn rule_4_3_2_a_leader_goes_in_first_only_for_a_broken_company_that_can_follow() {
    // The broken company has already moved this activation: it cannot follow, so Buford
    // may not go in ahead of it.
    let (mut g, entry, t) = broken_company_at_entry("Pillow");
    let a = g.id("27IL-A");
    g.units[usize::from(a)].moved = true;
    g.changed();
    refuse_mv(&mut g, "Buford", t);
    // Nor for a broken company of another regiment.
    let (mut g, _, _) = broken_company_at_entry("Pillow");
    put_at(&mut g, &[("27IL-A", hex("0142")), ("30IL-A", entry)]);
    g.set_flipped("30IL-A", true);
    refuse_mv(&mut g, "Buford", t);
}

#[test]
fn rule_4_3_2_marker_shifts_to_the_hexside_actually_used() {
    let (mut g, _, entry, t) = lane();
    g.put("13AR-A", &t.label());
    // The company stands on another neighbour of the melee hex.
    let other = t
        .neighbours()
        .into_iter()
        .find(|&n| n != entry && info(n).terrain == Terrain::Clear && n.distance(entry) == 1)
        .unwrap();
    g.put("27IL-A", &other.label());
    mark(&mut g, Side::Union, "27IL", entry, t);
    go(&mut g, "27IL-A", t);
    assert_eq!(g.markers[0].entry, other, "the marker now shows the hexside used");
    assert_logged(&g, "Belmont 4.3.2", "shifts");
}

#[test]
fn rule_4_3_2_unmet_markers_are_removed() {
    let (mut g, b, t) = melee_position();
    act(&mut g, Action::Marker { target: t, from: south(b) });
    act(&mut g, Action::Done);
    assert_eq!(rule(&g), "Belmont 4.3.2");
    act(&mut g, Action::Done);
    assert!(g.markers.is_empty());
    assert_logged(&g, "Belmont 4.3.2", "without attackers removed");
}

// ------------------------------------------------------------------------------------
// 4.3.3 Maneuver

#[test]
fn rule_4_3_3_no_entering_a_melee_hex_in_maneuver() {
    let (mut g, _, entry, t) = lane();
    let a = arena()[0];
    put_at(&mut g, &[("13AR-A", t), ("27IL-A", entry)]);
    let side = t
        .neighbours()
        .into_iter()
        .find(|&n| n != entry && n.distance(entry) == 1 && info(n).terrain == Terrain::Clear)
        .unwrap();
    put_at(&mut g, &[("27IL-B", side), ("27IL-C", a)]);
    mark(&mut g, Side::Union, "27IL", entry, t);
    go(&mut g, "27IL-A", t);
    act(&mut g, Action::Done);
    assert_eq!(rule(&g), "Belmont 4.3.3");
    // 27IL-B may not join the melee now; it may move to the entry hex.
    refuse_mv(&mut g, "27IL-B", t);
    assert_legal(&g, &mv(&g, "27IL-B", entry));
    // Units that took part in the melee moves have moved.
    assert!(!g.legal_actions().iter().any(|x| matches!(x, Action::Move { unit, .. } if *unit == g.id("27IL-A"))));
}

#[test]
fn rule_4_3_3_maneuver_may_not_enter_enemy_hexes() {
    let [a, b, _, _] = arena();
    let mut g = placed(&[("27IL-A", a), ("13AR-A", b)]);
    g.activate(Side::Union, "27IL", Stage::Maneuver);
    refuse_mv(&mut g, "27IL-A", b);
}

//! Step 9, retreats: 13.31-13.33, 14.1-14.4 (R31, R32), 5.17, 8.15, 15.16 (R27), 13.43 and
//! 10.2 retreat fire, each beside the case where it must not apply. The Confederates retreat
//! on the clear strip by the river (columns 23-24, rows 26-31), away from the Union's north
//! edge (R32: never toward the enemy's retreat edge).

use engine::{Actor, Game, Side};
use gbacw::charts::FireResult;
use gbacw::facing::dir;
use gbacw::retreat::RetreatFrame;
use gbacw::testkit::{self as tk, die_for, hex, ok, refused, roll_all};
use gbacw::{Action, Fate, Formation, Frame, Gbacw, Loc, Phase, Piece, UnitId};
use hexmap::Hex;

/// The Union's Offensive Fire Phase on an emptied map.
fn offensive() -> Gbacw {
    let mut g = tk::empty();
    tk::phase(&mut g, 1, Side::Union, Phase::OffensiveFire);
    g
}

fn unit(g: &mut Gbacw, id: &str, at: Hex, f: Formation, facing: u8) -> UnitId {
    let u = tk::place(g, id, &at.label(), f, facing);
    g.unit_mut(u).morale = Some(3);
    u
}

/// The hexes the pending retreat may enter.
fn offered(g: &Gbacw) -> Vec<Hex> {
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::RetreatTo(h) => Some(h),
            _ => None,
        })
        .collect()
}

/// Union units in Column (no zone, R36) in each hex of `hexes`: enemy units that only block.
fn block(g: &mut Gbacw, hexes: &[Hex]) {
    let ids = ["27IL", "30IL", "31IL", "22IL", "7IA", "Dollins", "Delano"];
    for (id, &h) in ids.iter().zip(hexes) {
        unit(g, id, h, Formation::Column, 0);
    }
}

#[test]
fn rule_13_31_rout_retreats_three_each_step_farther() {
    let mut g = offensive();
    let start = hex("2329");
    let u = unit(&mut g, "12TN", start, Formation::Line, 0);
    tk::rout(&mut g, u, &[]);
    assert_eq!((g.actor(), g.prompt().rule.as_str()), (Actor::Side(Side::Confederate), "GBACW 13.31"));
    for k in 1..=3u16 {
        let next = offered(&g);
        assert!(!next.is_empty());
        assert!(next.iter().all(|h| h.distance(start) == k), "R32: each step farther from {start}: {next:?}");
        ok(&mut g, Action::RetreatTo(next[0]));
    }
    assert_eq!(g.hex_of(u).map(|h| h.distance(start)), Some(3));
    assert_eq!(g.prompt().rule, "GBACW 9.0", "the Fire Phase goes on");
}

#[test]
fn ruling_r32_never_toward_the_enemys_edge() {
    let mut g = offensive();
    let u = unit(&mut g, "12TN", hex("2329"), Formation::Line, 0);
    tk::rout(&mut g, u, &[]);
    // The Union retreats north; a Confederate never steps north, toward it.
    assert_eq!(refused(&g, Action::RetreatTo(hex("2328"))), "GBACW 14.4");
    assert_eq!(refused(&g, Action::RetreatTo(hex("2331"))), "GBACW 14.4", "not adjacent");
    assert!(offered(&g).contains(&hex("2330")));
}

#[test]
fn rule_14_1_surrounded_captured() {
    let mut g = offensive();
    let at = hex("2329");
    let u = unit(&mut g, "12TN", at, Formation::Line, 0);
    let ring: Vec<Hex> = (0..6).map(|s| at.neighbour(dir(s))).collect();
    block(&mut g, &ring);
    let l = tk::put_leader(&mut g, "Russell", "2329");
    tk::rout(&mut g, u, &[]);
    assert_eq!(g.unit(u).loc, Loc::Gone(Fate::Captured));
    assert!(g.log().events().iter().any(|e| e.rule == "GBACW 14.1"));
    // 17.53: its leader, left alone in a hex surrounded by the enemy, is captured too.
    assert_eq!(g.leaders[usize::from(l)].loc, Loc::Gone(Fate::Captured));
    // One way open (south, away from the Union's edge): it retreats.
    let mut g = offensive();
    let u = unit(&mut g, "12TN", at, Formation::Line, 0);
    let mut walls = ring.clone();
    walls.remove(3);
    block(&mut g, &walls);
    let l = tk::put_leader(&mut g, "Russell", "2329");
    tk::rout(&mut g, u, &[]);
    assert_eq!(offered(&g), vec![ring[3]]);
    tk::retreat_first(&mut g);
    assert_eq!(g.leader_hex(l), g.hex_of(u), "not surrounded: he goes along");
}

#[test]
fn rule_5_17_forced_off_the_map_captured() {
    let mut g = offensive();
    let cols = g.map().cols();
    let rows = g.map().rows();
    let corner = Hex::from_label(&format!("{cols:02}{rows:02}")).expect("the south-east corner");
    let u = unit(&mut g, "12TN", corner, Formation::Line, 0);
    let around: Vec<Hex> = corner.neighbours().into_iter().filter(|&h| g.map().contains(h)).collect();
    block(&mut g, &around);
    tk::rout(&mut g, u, &[]);
    assert_eq!(g.unit(u).loc, Loc::Gone(Fate::Captured));
    assert!(g.log().events().iter().any(|e| e.rule == "GBACW 5.17"));
}

#[test]
fn rule_14_3_friendly_only_if_no_other_path() {
    let mut g = offensive();
    let u = unit(&mut g, "12TN", hex("2329"), Formation::Line, 0);
    unit(&mut g, "13TN", hex("2330"), Formation::Line, 0);
    tk::rout(&mut g, u, &[]);
    assert!(!offered(&g).is_empty());
    assert_eq!(refused(&g, Action::RetreatTo(hex("2330"))), "GBACW 14.3");
}

#[test]
fn rule_14_3_displacement_chain() {
    // The 12th (routed) in 2327, the 13th in 2328 below it, the 21st in 2329 below that;
    // every other way out of 2327 and 2328 held by the enemy.
    let mut g = offensive();
    let (h0, h1, h2) = (hex("2327"), hex("2328"), hex("2329"));
    let a = unit(&mut g, "12TN", h0, Formation::Line, 0);
    let b = unit(&mut g, "13TN", h1, Formation::Line, 0);
    let c = unit(&mut g, "21TN", h2, Formation::Line, 0);
    let mut walls: Vec<Hex> = [0, 1, 2, 4, 5].iter().map(|&s| h0.neighbour(dir(s))).collect();
    walls.extend([2, 4].iter().map(|&s| h1.neighbour(dir(s))));
    walls.sort();
    walls.dedup();
    block(&mut g, &walls);
    tk::rout(&mut g, a, &[]);
    assert_eq!(offered(&g), vec![h1], "no other way: onto the friendly unit");
    ok(&mut g, Action::RetreatTo(h1));
    // The 13th is displaced one hex; its only way is onto the 21st (14.3's third unit).
    assert_eq!((g.prompt().rule.as_str(), offered(&g)), ("GBACW 14.3", vec![h2]));
    ok(&mut g, Action::RetreatTo(h2));
    assert_eq!(g.hex_of(b), Some(h2));
    // The 21st is displaced in turn, to a vacant hex.
    assert_eq!(g.prompt().rule, "GBACW 14.3");
    let next = offered(&g);
    assert!(!next.is_empty() && next.iter().all(|h| g.units_at(*h).is_empty()));
    ok(&mut g, Action::RetreatTo(next[0]));
    assert_eq!(g.hex_of(c), Some(next[0]));
    // Each displaced unit checks its morale at the end of its retreat (passes on a 1).
    assert_eq!(g.actor(), Actor::Chance);
    assert_eq!(g.prompt().rule, "GBACW 13.0");
    roll_all(&mut g, 1);
    assert!(!g.unit(b).routed && !g.unit(c).routed);
    // The 12th goes on from 2328, its rout not done.
    assert_eq!(g.hex_of(a), Some(h1));
    assert_eq!(g.prompt().rule, "GBACW 13.31");
}

#[test]
fn rule_14_3_displaced_unit_that_routs_retreats_three() {
    let mut g = offensive();
    let a = unit(&mut g, "12TN", hex("2327"), Formation::Line, 0);
    let b = unit(&mut g, "13TN", hex("2328"), Formation::Line, 0);
    let walls: Vec<Hex> = [0, 1, 2, 4, 5].iter().map(|&s| hex("2327").neighbour(dir(s))).collect();
    block(&mut g, &walls);
    tk::rout(&mut g, a, &[]);
    ok(&mut g, Action::RetreatTo(hex("2328")));
    let next = offered(&g);
    ok(&mut g, Action::RetreatTo(next[0]));
    roll_all(&mut g, 6); // the check fails
    assert!(g.unit(b).routed);
    assert_eq!(g.prompt().rule, "GBACW 13.31", "now it routs three hexes");
}

#[test]
fn rule_13_43_leader_goes_or_stays() {
    // With another unit staying, the leader chooses.
    let mut g = offensive();
    let u = unit(&mut g, "12TN", hex("2329"), Formation::Line, 0);
    unit(&mut g, "13TN", hex("2329"), Formation::Line, 0);
    let l = tk::put_leader(&mut g, "Russell", "2329");
    tk::rout(&mut g, u, &[]);
    assert!(g.legal_actions().contains(&Action::Join(Piece::Leader(l))));
    let first = offered(&g)[0];
    ok(&mut g, Action::RetreatTo(first));
    assert_eq!(g.leader_hex(l), Some(hex("2329")), "he stays with the unit beneath");
    // The last unit to leave takes him along.
    let mut g = offensive();
    let u = unit(&mut g, "12TN", hex("2329"), Formation::Line, 0);
    let l = tk::put_leader(&mut g, "Russell", "2329");
    tk::rout(&mut g, u, &[]);
    assert!(!g.legal_actions().contains(&Action::Join(Piece::Leader(l))));
    tk::retreat_first(&mut g);
    assert_eq!(g.leader_hex(l), g.hex_of(u));
}

#[test]
fn rule_15_16_crew_leaves_unlimbered_guns() {
    let mut g = offensive();
    let b = unit(&mut g, "Watson", hex("2329"), Formation::Unlimbered, 0);
    tk::rout(&mut g, b, &[]);
    assert_eq!(g.unit(b).abandoned, Some(hex("2329")));
    tk::retreat_first(&mut g);
    assert_ne!(g.hex_of(b), Some(hex("2329")), "the crew retreats; the guns stay");
    assert_eq!(g.unit(b).formation, Formation::Line, "R14: a crew off its guns is Line");
    let board = g.board();
    let guns = board.counters.iter().find(|c| c.id == "Watson-guns").expect("the guns on the board");
    assert_eq!((guns.hex.as_str(), guns.status.clone()), ("2329", vec!["abandoned".to_string()]));
    // R27: Union infantry entering the hex takes the guns.
    tk::phase(&mut g, 1, Side::Union, Phase::Movement);
    let inf = unit(&mut g, "27IL", hex("2328"), Formation::Line, 3);
    ok(&mut g, Action::Select(Piece::Unit(inf)));
    ok(&mut g, Action::Step(hex("2329")));
    assert_eq!(g.unit(b).loc, Loc::Gone(Fate::Captured));
}

#[test]
fn rule_15_16_limbered_battery_routs_whole() {
    let mut g = offensive();
    let b = unit(&mut g, "Watson", hex("2329"), Formation::Limbered, 0);
    tk::rout(&mut g, b, &[]);
    assert_eq!(g.unit(b).abandoned, None);
    tk::retreat_first(&mut g);
    assert_eq!((g.unit(b).formation, g.hex_of(b).map(|h| h.distance(hex("2329")))), (Formation::Limbered, Some(3)));
}

/// The 27th Illinois in 2330 facing north fires at the 12th Tennessee in 2329 and routs it.
/// The 30th Illinois, south-west of 2330 facing north, has the hex north-west of 2330 in its
/// zone; the hex north-east of 2330 is in the 27th's zone only.
fn routed_by_the_27th() -> (Gbacw, UnitId, UnitId, UnitId) {
    let mut g = offensive();
    let s = hex("2330");
    let a = unit(&mut g, "27IL", s, Formation::Line, 0);
    let c = unit(&mut g, "30IL", s.neighbour(dir(4)), Formation::Line, 0);
    let t = unit(&mut g, "12TN", hex("2329"), Formation::Line, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    ok(&mut g, Action::Fire { unit: a, sp: 4, via: 0 });
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6);
    assert!(g.unit(t).routed);
    assert_eq!(g.prompt().rule, "GBACW 13.31", "the Fire Phase's rout retreats");
    (g, a, c, t)
}

/// Unit `u` takes its retreat-fire shot.
fn shoot(g: &mut Gbacw, u: UnitId) {
    let a =
        g.legal_actions().into_iter().find(|a| matches!(a, Action::Fire { unit, .. } if *unit == u)).expect("its shot");
    ok(g, a);
}

#[test]
fn rule_10_2_retreat_fire_from_another_unit() {
    let (mut g, _, c, _) = routed_by_the_27th();
    let nw = hex("2330").neighbour(dir(5));
    assert!(offered(&g).contains(&nw));
    ok(&mut g, Action::RetreatTo(nw));
    assert_eq!((g.prompt().rule.as_str(), g.actor()), ("GBACW 10.2", Actor::Side(Side::Union)));
    match g.stack.last() {
        Some(Frame::Withdraw(v)) => assert_eq!(v.firers, vec![c], "the 27th caused the retreat: not it"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn rule_10_2_none_from_the_unit_that_caused_it_and_no_withdrawal_fire() {
    let (mut g, _, _, t) = routed_by_the_27th();
    // Into the 27th's own zone: no retreat fire (10.2); leaving 2329, in its zone, no
    // withdrawal fire either (10.17).
    let ne = hex("2330").neighbour(dir(1));
    assert!(offered(&g).contains(&ne));
    ok(&mut g, Action::RetreatTo(ne));
    assert_eq!(g.hex_of(t), Some(ne));
    assert!(matches!(g.stack.last(), Some(Frame::Retreat(RetreatFrame::Go(_)))));
}

#[test]
fn rule_10_2_no_rerout() {
    let (mut g, _, c, t) = routed_by_the_27th();
    let nw = hex("2330").neighbour(dir(5));
    ok(&mut g, Action::RetreatTo(nw));
    shoot(&mut g, c);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6);
    assert!(g.strength(t) < 5 || g.hex_of(t).is_none());
    assert!(!g.log().events().iter().any(|e| e.text.contains("routs again")), "10.2: no new rout");
    assert!(!g.fired_at.contains(&(c, nw)), "a free shot is no Offensive Fire Phase fire (12.22)");
    // Its one retreat goes on: one hex gone of three, no second retreat of three.
    let retreats = g.stack.iter().filter(|f| matches!(f, Frame::Retreat(_))).count();
    assert_eq!(retreats, usize::from(g.hex_of(t).is_some()));
    if let Some(Frame::Retreat(RetreatFrame::Go(r))) = g.stack.last() {
        assert_eq!((r.path.len(), r.length, r.fired.clone()), (1, 3, vec![c]));
    }
}

#[test]
fn rule_13_33_routed_unit_hurt_again_routs_three_more() {
    let (mut g, _, _, t) = routed_by_the_27th();
    tk::retreat_first(&mut g);
    while g.actor() == Actor::Side(Side::Union) && matches!(g.stack.last(), Some(Frame::Withdraw(_))) {
        ok(&mut g, Action::Done);
    }
    tk::retreat_first(&mut g);
    let at = g.hex_of(t).expect("retreated");
    // A fresh Fire Phase: the 31st, next to it, fires; a casualty routs it again (13.33).
    tk::phase(&mut g, 1, Side::Union, Phase::OffensiveFire);
    let from = at.neighbour(dir(0));
    let f = unit(&mut g, "31IL", from, Formation::Line, 3);
    ok(&mut g, Action::FireAt(at));
    ok(&mut g, Action::Fire { unit: f, sp: 4, via: 3 });
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6);
    if g.hex_of(t).is_some() {
        assert!(g.log().events().iter().any(|e| e.rule == "GBACW 13.33"));
        assert_eq!(g.prompt().rule, "GBACW 13.31", "three hexes more");
    }
}

/// 11.12, 11.17: a crew that routs leaves its wagon crewless where it stands and routs its
/// three hexes as the Wagon Crew Counter (the third audit: it never left the hex, and rallied
/// on the wagon). The wagon is drawn where it was left.
#[test]
fn rule_11_17_routed_wagon_crew_leaves_the_wagon() {
    let mut g = offensive();
    let w = unit(&mut g, "CWagon", hex("2329"), Formation::Wagon, 0);
    tk::rout(&mut g, w, &[]);
    assert_eq!(g.unit(w).abandoned, Some(hex("2329")), "the wagon stays");
    assert!(gbacw::fire::wagon::crewless(&g, w) && gbacw::fire::wagon::crew_away(&g, w));
    tk::retreat_first(&mut g);
    let crew_at = g.hex_of(w).expect("the crew on the map");
    assert_eq!(crew_at.distance(hex("2329")), 3, "the crew routs three hexes (11.12)");
    assert_eq!(g.unit(w).formation, Formation::Line, "on foot");
    let board = g.board();
    let wagon = board.counters.iter().find(|c| c.id == "CWagon-wagon").expect("the wagon on the board");
    assert_eq!((wagon.hex.as_str(), wagon.status.clone()), ("2329", vec!["crewless".to_string()]));
    let crew = board.counters.iter().find(|c| c.id == "CWagon").expect("the crew");
    assert_eq!(crew.kind, "wagon crew");
    // A routed unit retreating onto the crew's hex... and onto a wagon: the wagon is never
    // displaced (11.17), a crew off its wagon is (14.3) like any unit.
    let mut g = offensive();
    let u = unit(&mut g, "12TN", hex("2329"), Formation::Line, 0);
    let w = unit(&mut g, "CWagon", hex("2330"), Formation::Wagon, 0);
    tk::rout(&mut g, u, &[]);
    ok(&mut g, Action::RetreatTo(hex("2330")));
    assert_eq!(g.hex_of(w), Some(hex("2330")));
    assert!(matches!(g.stack.last(), Some(Frame::Retreat(RetreatFrame::Go(_)))));
}

/// 11.19: enemy foot or horse entering the hex of a wagon its crew left take it, and the crew
/// leaves play wherever it is (the wagon is the captor's, crewless); the crew itself, rallied, walks back onto it and crews it again;
/// routed, it does not.
/// The Confederate wagon in 2329 in the Offensive Fire Phase, its crew routed off it (11.12):
/// the wagon left crewless in 2329, the crew counter gone away.
fn wagon_left() -> (Gbacw, gbacw::UnitId) {
    let mut g = offensive();
    let w = unit(&mut g, "CWagon", hex("2329"), Formation::Wagon, 0);
    tk::rout(&mut g, w, &[]);
    tk::retreat_first(&mut g);
    (g, w)
}

#[test]
fn rule_11_19_a_wagon_left_by_its_crew_is_taken_or_crewed_again() {
    let (mut g, w) = wagon_left();
    tk::phase(&mut g, 1, Side::Union, Phase::Movement);
    let inf = unit(&mut g, "27IL", hex("2328"), Formation::Line, 3);
    ok(&mut g, Action::Select(Piece::Unit(inf)));
    ok(&mut g, Action::Step(hex("2329")));
    assert_eq!((g.side_of(w), g.hex_of(w)), (Side::Union, Some(hex("2329"))), "the wagon is the captor's");
    assert!(gbacw::fire::wagon::crew_dead(&g, w), "its crew left play");
    assert!(g.log().events().iter().any(|e| e.rule == "GBACW 11.19"));
    // The crew comes back: rallied, it crews its wagon again as it enters the hex.
    let (mut g, w) = wagon_left();
    let crew_at = g.hex_of(w).unwrap();
    tk::phase(&mut g, 2, Side::Confederate, Phase::Movement);
    let back = |g: &mut Gbacw| {
        let mut at = crew_at;
        ok(g, Action::Select(Piece::Unit(w)));
        while at != hex("2329") {
            let next = at.neighbours().into_iter().min_by_key(|n| n.distance(hex("2329"))).unwrap();
            if g.apply(&Action::Step(next)).is_err() {
                return false;
            }
            at = next;
        }
        true
    };
    let mut routed = g.clone();
    assert!(!gbacw::fire::wagon::crew_dead(&routed, w));
    g.unit_mut(w).routed = false;
    assert!(back(&mut g), "the crew walks back");
    assert_eq!(g.unit(w).abandoned, None);
    assert_eq!((g.unit(w).formation, g.hex_of(w)), (Formation::Wagon, Some(hex("2329"))));
    assert!(!gbacw::fire::wagon::crewless(&g, w));
    // Still routed, it may not move toward the enemy's wagon... nor is it back on the wagon.
    let _ = back(&mut routed);
    assert_eq!(routed.unit(w).abandoned, Some(hex("2329")), "a routed crew does not crew it");
}

/// 11.19 with 8.16 (random play, session 16): a Column regiment that would take a wagon its
/// crew left may not step in where it could then end nowhere (the wagon, now its own, shares
/// the hex); the step was offered as plain and the move came to a dead end. In Line it may.
#[test]
fn rule_11_19_a_column_does_not_take_a_wagon_it_could_not_then_leave() {
    for (formation, offered) in [(Formation::Column, false), (Formation::Line, true)] {
        let (mut g, _) = wagon_left();
        tk::phase(&mut g, 1, Side::Union, Phase::Movement);
        let inf = unit(&mut g, "27IL", hex("2328"), formation, 3);
        ok(&mut g, Action::Select(Piece::Unit(inf)));
        let fresh = g.legal_actions().contains(&Action::Step(hex("2329")));
        assert!(fresh || !offered, "{formation:?}: the step is in reach with the whole allowance");
        // Spend all but one MP (the step's price), so no step can follow it.
        let allowance = gbacw::movement::costs::allowance(&g, Piece::Unit(inf));
        if let Some(gbacw::procedure::Frame::Move(mf)) = g.stack.last_mut()
            && let gbacw::movement::MoveFrame::Moving(m) = mf.as_mut()
        {
            m.spent[0] = allowance.saturating_sub(2);
        }
        g.legal_memo.forget();
        assert_eq!(g.legal_actions().contains(&Action::Step(hex("2329"))), offered, "{formation:?}");
    }
}

/// 11.12: a crew killed off its wagon leaves the counter on the wagon, empty, for 11.18 to
/// recrew; killed, it neither routs nor rallies.
#[test]
fn rule_11_12_a_crew_killed_off_its_wagon_leaves_it_empty() {
    let (mut g, w) = wagon_left();
    assert_ne!(g.hex_of(w), Some(hex("2329")));
    assert!(gbacw::fire::wagon::crew_killed(&mut g, w));
    assert_eq!(g.hex_of(w), Some(hex("2329")), "the counter is the empty wagon again");
    assert!(gbacw::fire::wagon::crew_dead(&g, w));
    assert!(!g.unit(w).routed, "a dead crew does not rally");
    assert_eq!(g.unit(w).abandoned, None);
}

#[test]
fn rule_10_2_once_per_firer_per_retreat() {
    let (mut g, _, c, t) = routed_by_the_27th();
    let nw = hex("2330").neighbour(dir(5));
    ok(&mut g, Action::RetreatTo(nw));
    shoot(&mut g, c);
    let d = die_for(&g, |r| r == FireResult::NoEffect || r == FireResult::Pin);
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 1);
    // The 30th has fired at this retreat: wherever it goes on in the 30th's zone, no more.
    for next in offered(&g) {
        let mut h = g.clone();
        ok(&mut h, Action::RetreatTo(next));
        assert!(!matches!(h.stack.last(), Some(Frame::Withdraw(v)) if v.firers.contains(&c)), "{next}");
    }
    assert!(g.unit(t).routed);
}

#[test]
fn rule_13_42_a_stack_routed_retreats_unit_by_unit() {
    // The 12th on top of the 13th in 2329; a rout result and failed checks rout both.
    let mut g = offensive();
    let a = unit(&mut g, "27IL", hex("2330"), Formation::Line, 0);
    let top = unit(&mut g, "12TN", hex("2329"), Formation::Line, 3);
    let under = unit(&mut g, "13TN", hex("2329"), Formation::Line, 3);
    ok(&mut g, Action::FireAt(hex("2329")));
    ok(&mut g, Action::Fire { unit: a, sp: 4, via: 0 });
    ok(&mut g, Action::Resolve);
    let d = die_for(&g, |r| r == FireResult::Rout);
    g.apply(&Action::Roll(d)).unwrap();
    roll_all(&mut g, 6);
    assert!(g.unit(top).routed && g.unit(under).routed, "13.42: the top routs, the one beneath checks");
    // The top unit retreats first, then the other, each its own three hexes.
    match g.stack.last() {
        Some(Frame::Retreat(RetreatFrame::Go(r))) => assert_eq!(r.units, vec![top]),
        other => panic!("{other:?}"),
    }
    tk::retreat_first(&mut g);
    assert_eq!(g.hex_of(top).map(|h| h.distance(hex("2329"))), Some(3));
    assert_eq!(g.hex_of(under).map(|h| h.distance(hex("2329"))), Some(3));
}

#[test]
fn rule_17_53_retreat_fire_destroys_the_unit_its_leader_joins_his_command() {
    let (mut g, _, c, t) = routed_by_the_27th();
    let l = tk::leader(&g, "Russell");
    // Russell rode with the routed 12th; the 13th stands far off.
    g.leaders[usize::from(l)].loc = Loc::Map(hex("2329"));
    unit(&mut g, "13TN", hex("2333"), Formation::Line, 0);
    g.unit_mut(t).lost = 4; // one Strength Point left
    g.legal_memo.forget();
    let nw = hex("2330").neighbour(dir(5));
    ok(&mut g, Action::RetreatTo(nw));
    assert_eq!(g.leader_hex(l), Some(nw), "the last unit to leave took him along (13.43)");
    shoot(&mut g, c);
    let d = die_for(&g, |r| matches!(r, FireResult::Loss { .. }));
    g.apply(&Action::Roll(d)).unwrap();
    while g.actor() == Actor::Chance {
        let outcomes = g.chance_outcomes();
        // Leader rolls: an 8 leaves him unhurt (a 7 on small arms captures him, R18).
        let a = if matches!(outcomes[0].0, Action::Roll2(_)) { Action::Roll2(8) } else { Action::Roll(1) };
        g.apply(&a).unwrap();
    }
    assert_eq!(g.unit(t).loc, Loc::Gone(Fate::Eliminated));
    assert_eq!(g.leader_hex(l), Some(hex("2333")), "17.53: to the nearest unit of his command");
}

/// 14.4 "away from Enemy" (the second audit: a displaced regiment fell back into the hex its
/// side had just lost, beside the enemy): with the 27th Illinois two hexes south of the routed
/// 12th Tennessee, no first step that comes nearer the 27th is offered while others are open.
/// The neighbour: with the 27th adjacent, no hex is nearer than it already is, so the hexes
/// beside it stay open.
#[test]
fn rule_14_4_a_retreat_goes_away_from_the_enemy_while_it_can() {
    for gap in [2u16, 1] {
        let mut g = offensive();
        let start = hex("2329");
        let enemy = tk::find(&g, "a hex to the Confederate south", |h| {
            h.distance(start) == gap && h.col_row().1 > start.col_row().1 && g.map().terrain(h).is_some()
        });
        unit(&mut g, "27IL", enemy, Formation::Column, 0);
        let u = unit(&mut g, "12TN", start, Formation::Line, 0);
        tk::rout(&mut g, u, &[]);
        let next = offered(&g);
        assert!(!next.is_empty());
        if gap == 2 {
            assert!(next.iter().all(|h| h.distance(enemy) >= gap), "{next:?} comes nearer {enemy}");
        } else {
            assert!(next.iter().any(|h| h.distance(enemy) == 1), "{next:?}: the hexes beside the 27th stay open");
        }
    }
}

/// The sixth playtest read "die 5, modified 6, against morale 3" and could not tell the +1:
/// a morale die's modifiers are named in the log with their cases.
#[test]
fn a_morale_die_names_its_modifiers() {
    let mut g = offensive();
    let u = unit(&mut g, "12TN", hex("2329"), Formation::Line, 0);
    let half = g.info(u).strength() / 2 + 1;
    g.unit_mut(u).lost = half;
    assert_eq!(gbacw::fire::morale::modified_text(&g, u, false, 5), "modified 6 (over half lost 13.24 +1)");
    tk::put_leader(&mut g, "Russell", "2329");
    assert_eq!(
        gbacw::fire::morale::modified_text(&g, u, true, 5),
        "modified 6 (leader with it 13.23 -1, over half lost 13.24 +1, enfiladed 13.26 +1)"
    );
    g.unit_mut(u).lost = 0;
    g.leaders.iter_mut().for_each(|l| l.loc = Loc::Gone(Fate::Eliminated));
    assert_eq!(gbacw::fire::morale::modified_text(&g, u, false, 5), "modified 5");
}

/// The neighbouring case of the crew killed off its wagon: enemy guns stand on the wagon (only
/// foot or horse take one, 11.19), so the empty wagon cannot come back among them; it is lost.
#[test]
fn rule_11_12_a_crew_killed_off_a_wagon_that_enemy_guns_stand_on_loses_it() {
    let (mut g, w) = wagon_left();
    unit(&mut g, "Taylor", hex("2329"), Formation::Limbered, 0);
    assert_eq!(g.unit(w).abandoned, Some(hex("2329")), "guns do not take a wagon");
    assert!(gbacw::fire::wagon::crew_killed(&mut g, w));
    assert_eq!(g.unit(w).loc, Loc::Gone(Fate::Eliminated));
}

/// 13.31 "in addition to any other retreats" (the fourth audit): a unit routed one hex into a
/// two-hex fall-back (by retreat fire, 10.2) makes its second hex first, then routs three
/// more. A unit routed with no retreat under way routs at once (the neighbouring case,
/// `rule_13_31_rout_retreats_three_each_step_farther`).
#[test]
fn rule_13_31_a_unit_routed_on_its_way_finishes_the_retreat_then_routs() {
    let mut g = offensive();
    let start = hex("2329");
    let u = unit(&mut g, "12TN", start, Formation::Line, 0);
    tk::fall_back(&mut g, u, 2, &[]);
    let first = offered(&g)[0];
    ok(&mut g, Action::RetreatTo(first));
    // Routed on the way, as retreat fire would rout it.
    tk::rout(&mut g, u, &[]);
    assert_eq!(g.hex_of(u), Some(first), "the rout waits");
    let mut entered = vec![first];
    while let Some(&next) = offered(&g).first() {
        ok(&mut g, Action::RetreatTo(next));
        entered.push(next);
    }
    assert_eq!(entered.len(), 5, "two hexes of the fall-back, then three of the rout: {entered:?}");
    let lines: Vec<String> =
        g.log().events().iter().filter(|e| e.text.contains("retreats into")).map(|e| e.text.clone()).collect();
    assert!(lines[1].contains("(2 of 2)") && lines[2].contains("(1 of 3)"), "{lines:?}");
}

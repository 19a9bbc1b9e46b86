//! 5.0-8.4 and 17.52/17.75 in the Movement Phase, position by position: each rule's effect and
//! the neighbouring case where it does not apply. Hexes are Belmont's (`data/belmont.map`):
//! the timber of columns 1-14 (woods), the farm road through 1515-1517, the stream and wet
//! bayou under row 17, Pillow's crest at 2027-2028.

use engine::{Game, Side};
use gbacw::authored::Mover as Col;
use gbacw::movement::mover;
use gbacw::terrain::Terrain;
use gbacw::testkit::{self as tk, hex, ok, refused};
use gbacw::{Action, Fate, Formation, Gbacw, Loc, Piece};

fn select(g: &mut Gbacw, u: gbacw::UnitId) {
    ok(g, Action::Select(Piece::Unit(u)));
}

fn step(g: &mut Gbacw, to: &str) {
    ok(g, Action::Step(hex(to)));
}

fn spent(g: &Gbacw) -> u16 {
    mover(g).expect("a move under way").spent[0]
}

fn woods(col: Col) -> u16 {
    tk::new_game().charts().enter_cost(Terrain::Woods, col).mp().expect("passable").halves()
}

/// 5.11 for moves by destination: the MP the moving counter has left, and none asked of a
/// counter not moving.
#[test]
fn rule_5_11_moves_left_is_the_allowance_less_what_was_spent() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    let other = tk::put(&mut g, "30IL", "0810", 0);
    let allowance = g.charts().allowance(Col::Line).halves();
    select(&mut g, u);
    assert_eq!(g.moves_left("27IL"), Some(u32::from(allowance)));
    assert_eq!(g.moves_left(&g.info(other).id.clone()), None, "not the one moving");
    step(&mut g, "0509");
    assert_eq!(g.moves_left("27IL"), Some(u32::from(allowance - woods(Col::Line))));
}

#[test]
fn rule_5_11_no_step_past_the_allowance() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    let allowance = g.charts().allowance(Col::Line).halves();
    tk::moving(&mut g, &[Piece::Unit(u)], allowance - woods(Col::Line) + 1);
    assert_eq!(refused(&g, Action::Step(hex("0509"))), "GBACW 5.11");
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    tk::moving(&mut g, &[Piece::Unit(u)], allowance - woods(Col::Line));
    step(&mut g, "0509");
    assert_eq!(spent(&g), allowance, "every MP spent, none saved");
}

#[test]
fn rule_5_12_enemy_hex_never_entered() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    tk::put(&mut g, "12TN", "0509", 3);
    select(&mut g, u);
    assert_eq!(refused(&g, Action::Step(hex("0509"))), "GBACW 5.12");
    step(&mut g, "0511");
}

#[test]
fn rule_5_16_hex_by_hex_and_5_17_not_off_the_map() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0101", 0);
    select(&mut g, u);
    assert_eq!(refused(&g, Action::Step(hex("0103"))), "GBACW 5.16");
    let off = hex("0101").neighbour(hexmap::Direction::N);
    assert_eq!(refused(&g, Action::Step(off)), "GBACW 5.17");
    step(&mut g, "0102");
}

#[test]
fn rule_5_15_cost_by_terrain_and_formation() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    select(&mut g, u);
    step(&mut g, "0509");
    assert_eq!(spent(&g), woods(Col::Line));
    let mut g = tk::movement(Side::Union);
    let b = tk::put(&mut g, "Taylor", "0510", 0);
    assert_eq!(g.unit(b).formation, Formation::Limbered);
    select(&mut g, b);
    step(&mut g, "0509");
    assert_eq!(spent(&g), woods(Col::Limbered));
    assert!(woods(Col::Limbered) > woods(Col::Line), "guns pay more in timber (5.19 authored)");
}

#[test]
fn rule_5_19_stream_adds_its_cost_and_the_wet_bayou_is_prohibited() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0417", 3);
    select(&mut g, u);
    step(&mut g, "0418");
    let stream = g.charts().hexside_cost(gbacw::terrain::HexsideKind::Stream, Col::Line).mp().unwrap().halves();
    assert_eq!(spent(&g), woods(Col::Line) + stream);
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0617", 3);
    select(&mut g, u);
    assert_eq!(refused(&g, Action::Step(hex("0618"))), "GBACW 5.19");
}

#[test]
fn rule_5_19_crest_costs_going_up_only() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "2027", 3);
    select(&mut g, u);
    step(&mut g, "2028");
    let up = spent(&g);
    assert!(up > woods(Col::Line), "climbing the crest costs extra");
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "2028", 0);
    select(&mut g, u);
    step(&mut g, "2027");
    assert_eq!(spent(&g), woods(Col::Line), "going down costs the hex only");
}

#[test]
fn rule_6_11_column_uses_the_road_and_6_12_line_does_not() {
    let road = g_road();
    let mut g = tk::movement(Side::Union);
    let u = tk::put_in(&mut g, "27IL", "1515", 3, Formation::Column);
    select(&mut g, u);
    step(&mut g, "1516");
    assert_eq!(spent(&g), road);
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "1515", 3);
    select(&mut g, u);
    step(&mut g, "1516");
    assert_eq!(spent(&g), woods(Col::Line));
}

fn g_road() -> u16 {
    tk::new_game().charts().road_cost(Col::Column).expect("column uses roads").halves()
}

#[test]
fn rule_6_11_column_through_friend_pays_terrain() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put_in(&mut g, "30IL", "1515", 3, Formation::Column);
    tk::put(&mut g, "7IA", "1516", 3);
    select(&mut g, u);
    step(&mut g, "1516");
    assert_eq!(spent(&g), woods(Col::Column), "the friend on the road denies it");
    // R13, 8.16: it passes through but may not stop there.
    assert_eq!(refused(&g, Action::EndMove), "GBACW 8.16");
    step(&mut g, "1517");
    assert_eq!(spent(&g), woods(Col::Column) + g_road(), "back on an empty road");
    ok(&mut g, Action::EndMove);
}

/// 6.11, 8.16, 8.17 (the independent audit, session 12): Column and mounted cavalry pass a
/// friendly-held hex only where a road runs through it; in the timber off the road the step
/// is refused. Mounted cavalry may enter a hex of mounted cavalry alone.
#[test]
fn rule_8_16_8_17_no_passing_a_friend_off_the_road() {
    let (a, b) = ("0917", "0916");
    assert!(!hex(b).neighbours().iter().any(|&n| tk::new_game().map().road(hex(b), n)), "{b} has no road");
    let mut g = tk::movement(Side::Union);
    let c = tk::put_in(&mut g, "7IA", a, 0, Formation::Column);
    tk::put(&mut g, "22IL", b, 0);
    select(&mut g, c);
    assert_eq!(refused(&g, Action::Step(hex(b))), "GBACW 8.16");
    let mut g = tk::movement(Side::Union);
    let m = tk::put_in(&mut g, "Delano", a, 0, Formation::Mounted);
    tk::put(&mut g, "22IL", b, 0);
    select(&mut g, m);
    assert_eq!(refused(&g, Action::Step(hex(b))), "GBACW 8.17");
    // Beside mounted cavalry alone it may go.
    let mut g = tk::movement(Side::Union);
    let m = tk::put_in(&mut g, "Delano", a, 0, Formation::Mounted);
    tk::put_in(&mut g, "Dollins", b, 0, Formation::Mounted);
    select(&mut g, m);
    step(&mut g, b);
}

/// 6.11 names Column, limbered guns and mounted cavalry: a leader on the road keeps it
/// through a friend's hex (the audit, session 12).
#[test]
fn rule_6_11_a_leader_keeps_the_road_through_a_friend() {
    let mut g = tk::movement(Side::Union);
    let l = tk::put_leader(&mut g, "McClernand", "1515");
    tk::put(&mut g, "7IA", "1516", 3);
    ok(&mut g, Action::Select(gbacw::Piece::Leader(l)));
    step(&mut g, "1516");
    let road = tk::new_game().charts().road_cost(Col::Leader).expect("leaders use roads").halves();
    assert_eq!(spent(&g), road);
}

#[test]
fn rule_8_16_column_alone_but_line_stacks() {
    let mut g = tk::movement(Side::Union);
    let c = tk::put_in(&mut g, "30IL", "0510", 0, Formation::Column);
    tk::put(&mut g, "7IA", "0509", 0);
    select(&mut g, c);
    // Off the road the friend's hex is closed to the column outright (6.11, 8.16).
    assert_eq!(refused(&g, Action::Step(hex("0509"))), "GBACW 8.16");
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "30IL", "0510", 0);
    tk::put(&mut g, "7IA", "0509", 0);
    select(&mut g, u);
    step(&mut g, "0509");
    ok(&mut g, Action::EndMove);
    assert_eq!(g.units_at(hex("0509")).len(), 2);
}

#[test]
fn rule_8_17_mounted_cavalry_only_with_mounted_cavalry() {
    let mut g = tk::movement(Side::Union);
    let c = tk::put(&mut g, "Dollins", "0510", 0);
    tk::put(&mut g, "27IL", "0509", 0);
    tk::put(&mut g, "Delano", "0511", 0);
    select(&mut g, c);
    // Off the road the infantry's hex is closed to it (6.11, 8.17); the cavalry's is open.
    assert_eq!(refused(&g, Action::Step(hex("0509"))), "GBACW 8.17");
    step(&mut g, "0511");
    ok(&mut g, Action::EndMove);
}

#[test]
fn rule_8_11_stacking_limit_at_the_end_of_a_move_not_in_passing() {
    // Woods: 3 units and 10 Stacking Points (8.18 authored).
    let mut g = tk::movement(Side::Union);
    tk::put(&mut g, "30IL", "0509", 0);
    let iowa = tk::put(&mut g, "7IA", "0510", 0);
    let big = tk::put(&mut g, "27IL", "0511", 0);
    select(&mut g, iowa);
    step(&mut g, "0509");
    ok(&mut g, Action::EndMove); // 9 SP
    select(&mut g, big);
    step(&mut g, "0510");
    step(&mut g, "0509"); // passing is free of the limit (8.0) ...
    assert_eq!(refused(&g, Action::EndMove), "GBACW 8.11"); // ... ending is not: 16 SP
    step(&mut g, "0508");
    ok(&mut g, Action::EndMove);
}

#[test]
fn rule_8_11_a_step_with_no_way_on_is_not_offered() {
    let mut g = tk::movement(Side::Union);
    tk::put(&mut g, "30IL", "0509", 0);
    tk::put(&mut g, "7IA", "0509", 0);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    let allowance = g.charts().allowance(Col::Line).halves();
    tk::moving(&mut g, &[Piece::Unit(u)], allowance - woods(Col::Line));
    assert_eq!(refused(&g, Action::Step(hex("0509"))), "GBACW 8.11");
    assert!(g.legal_actions().contains(&Action::Step(hex("0511"))), "a hex it may stay in");
}

#[test]
fn rule_5_2_routed_unit_moves_one_hex_and_keeps_its_formation() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    g.unit_mut(u).routed = true;
    select(&mut g, u);
    assert_eq!(refused(&g, Action::Form(Formation::Column)), "GBACW 5.2");
    step(&mut g, "0509");
    assert_eq!(refused(&g, Action::Step(hex("0508"))), "GBACW 5.2");
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    select(&mut g, u);
    step(&mut g, "0509");
    step(&mut g, "0508");
}

#[test]
fn rule_6_2_formation_changes_cost_mp() {
    let change = tk::new_game().charts().formation_cost(gbacw::authored::FormationChange::LineColumn).halves();
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    select(&mut g, u);
    ok(&mut g, Action::Form(Formation::Column));
    assert_eq!((g.unit(u).formation, spent(&g)), (Formation::Column, change));
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    let late = g.charts().allowance(Col::Line).halves() - change + 1;
    tk::moving(&mut g, &[Piece::Unit(u)], late);
    assert_eq!(refused(&g, Action::Form(Formation::Column)), "GBACW 6.22");
}

#[test]
fn rule_6_13_unlimbered_guns_limber_before_they_move() {
    let mut g = tk::movement(Side::Union);
    let b = tk::put_in(&mut g, "Taylor", "0510", 0, Formation::Unlimbered);
    select(&mut g, b);
    assert_eq!(refused(&g, Action::Step(hex("0509"))), "GBACW 6.13");
    ok(&mut g, Action::Form(Formation::Limbered));
    step(&mut g, "0509");
}

#[test]
fn rule_6_22_cavalry_mounts_and_dismounts_only_at_the_phase_end() {
    let mut g = tk::movement(Side::Union);
    let c = tk::put(&mut g, "Dollins", "0510", 0);
    select(&mut g, c);
    assert_eq!(refused(&g, Action::Form(Formation::Dismounted)), "GBACW 6.22");
    ok(&mut g, Action::EndMove);
    ok(&mut g, Action::Done);
    assert_eq!(g.prompt().rule, "GBACW 6.22");
    ok(&mut g, Action::Mount(c));
    assert_eq!(g.unit(c).formation, Formation::Dismounted);
    assert!(g.apply(&Action::Mount(c)).is_err(), "once a phase");
    // With no MP left, no change.
    let mut g = tk::movement(Side::Union);
    let c = tk::put(&mut g, "Dollins", "0510", 0);
    let all = g.charts().allowance(Col::Mounted).halves();
    tk::moving(&mut g, &[Piece::Unit(c)], all);
    ok(&mut g, Action::EndMove);
    ok(&mut g, Action::Done);
    assert_ne!(g.prompt().rule, "GBACW 6.22", "no cavalry could change: the phase is over");
}

#[test]
fn rule_7_11_a_unit_faces_the_hex_it_enters() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    select(&mut g, u);
    step(&mut g, "0511");
    assert_eq!(g.unit(u).facing, 3, "south, toward the hex entered");
    assert!(g.unit(u).moved, "entering a hex is moving (15.0, 11.25)");
}

#[test]
fn rule_7_12_facing_ends_the_move_and_turns_the_stack() {
    let mut g = tk::movement(Side::Union);
    let a = tk::put(&mut g, "30IL", "0510", 0);
    let b = tk::put(&mut g, "7IA", "0510", 0);
    select(&mut g, a);
    ok(&mut g, Action::Face(2));
    assert_eq!((g.unit(a).facing, g.unit(b).facing), (2, 2), "stacked units share one facing (8.42)");
    assert!(!g.unit(a).moved, "facing is not movement (7.12)");
    assert_eq!(refused(&g, Action::Select(Piece::Unit(a))), "GBACW 5.0", "a finished move is not reopened");
    select(&mut g, b);
    assert_eq!(refused(&g, Action::Face(2)), "GBACW 7.12", "already so faced");
}

#[test]
fn rule_7_12_facing_free_for_a_routed_unit() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    g.unit_mut(u).routed = true;
    select(&mut g, u);
    step(&mut g, "0511");
    ok(&mut g, Action::Face(0));
    assert_eq!(g.unit(u).facing, 0);
}

#[test]
fn rule_8_42_a_mover_adopts_the_facing_of_the_hex() {
    let mut g = tk::movement(Side::Union);
    tk::put(&mut g, "7IA", "0511", 4);
    let u = tk::put(&mut g, "30IL", "0510", 0);
    select(&mut g, u);
    step(&mut g, "0511");
    ok(&mut g, Action::EndMove);
    assert_eq!(g.unit(u).facing, 4);
    // Alone, it keeps the facing its last step gave it.
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "30IL", "0510", 0);
    select(&mut g, u);
    step(&mut g, "0511");
    ok(&mut g, Action::EndMove);
    assert_eq!(g.unit(u).facing, 3);
}

#[test]
fn rule_8_41_stack_order_set_once_a_phase() {
    let mut g = tk::movement(Side::Union);
    let a = tk::put(&mut g, "27IL", "0510", 0);
    let b = tk::put(&mut g, "7IA", "0510", 0);
    assert_eq!(g.units_at(hex("0510")), vec![a, b]);
    assert_eq!(refused(&g, Action::ToTop(a)), "GBACW 8.41", "already on top");
    ok(&mut g, Action::ToTop(b));
    assert_eq!(g.units_at(hex("0510")), vec![b, a]);
    ok(&mut g, Action::ToTop(a));
    assert_eq!(refused(&g, Action::ToTop(b)), "GBACW 8.41", "once a phase");
}

#[test]
fn rule_5_0_a_stack_moves_together_each_paying_its_own() {
    let mut g = tk::movement(Side::Union);
    let a = tk::put(&mut g, "27IL", "0510", 0);
    let b = tk::put(&mut g, "Taylor", "0510", 0);
    select(&mut g, a);
    ok(&mut g, Action::Join(Piece::Unit(b)));
    step(&mut g, "0511");
    assert_eq!((g.hex_of(a), g.hex_of(b)), (Some(hex("0511")), Some(hex("0511"))));
    assert_eq!(mover(&g).unwrap().spent, vec![woods(Col::Line), woods(Col::Limbered)]);
    let c = tk::put(&mut g, "7IA", "0511", 0);
    assert_eq!(refused(&g, Action::Join(Piece::Unit(c))), "GBACW 5.0", "a stack forms before its first step");
}

/// 8.16, 8.17 with 5.0: a stack that could end together nowhere may not form (a stack
/// changes no formation on the way). Random play found a Column regiment joined to mounted
/// cavalry: the way-on search gave up at its limit and the stack came to a hex with no legal
/// action. The neighbours: two mounted cavalry companies may go together, so may a Line
/// regiment and its battery (above).
#[test]
fn rule_8_16_8_17_a_stack_that_could_end_nowhere_does_not_form() {
    for (formation, rule) in [(Formation::Column, "GBACW 8.16"), (Formation::Line, "GBACW 8.17")] {
        let mut g = tk::movement(Side::Union);
        let c = tk::put(&mut g, "Dollins", "0510", 0);
        let i = tk::put_in(&mut g, "27IL", "0510", 0, formation);
        select(&mut g, c);
        assert_eq!(refused(&g, Action::Join(Piece::Unit(i))), rule, "{formation:?}");
    }
    let mut g = tk::movement(Side::Union);
    let c = tk::put(&mut g, "Dollins", "0510", 0);
    let d = tk::put(&mut g, "Delano", "0510", 0);
    select(&mut g, c);
    ok(&mut g, Action::Join(Piece::Unit(d)));
}

#[test]
fn rule_9_84_pinned_units_face_but_do_not_move() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    g.pinned.push(hex("0510"));
    select(&mut g, u);
    assert_eq!(refused(&g, Action::Step(hex("0511"))), "GBACW 9.84");
    assert_eq!(refused(&g, Action::Form(Formation::Column)), "GBACW 9.84");
    ok(&mut g, Action::Face(3));
}

#[test]
fn rule_17_52_leader_ends_with_a_unit_unless_five_hexes_from_the_enemy() {
    let mut g = tk::movement(Side::Union);
    let l = tk::put_leader(&mut g, "McClernand", "0510");
    tk::put(&mut g, "27IL", "0512", 0);
    tk::put(&mut g, "12TN", "0514", 0);
    ok(&mut g, Action::Select(Piece::Leader(l)));
    assert_eq!(refused(&g, Action::EndMove), "GBACW 17.52");
    assert_eq!(refused(&g, Action::Done), "GBACW 5.0");
    step(&mut g, "0511");
    step(&mut g, "0512");
    ok(&mut g, Action::EndMove);
    // Far from the enemy he may stand alone.
    let mut g = tk::movement(Side::Union);
    let l = tk::put_leader(&mut g, "McClernand", "0510");
    tk::put(&mut g, "12TN", "0520", 0);
    ok(&mut g, Action::Select(Piece::Leader(l)));
    ok(&mut g, Action::EndMove);
    ok(&mut g, Action::Done);
}

#[test]
fn rule_17_52_the_last_unit_does_not_leave_a_leader_whose_move_is_over() {
    let mut g = tk::movement(Side::Union);
    let l = tk::put_leader(&mut g, "McClernand", "0510");
    let u = tk::put(&mut g, "27IL", "0510", 0);
    tk::put(&mut g, "12TN", "0514", 0);
    ok(&mut g, Action::Select(Piece::Leader(l)));
    ok(&mut g, Action::EndMove);
    select(&mut g, u);
    assert_eq!(refused(&g, Action::Step(hex("0509"))), "GBACW 17.52");
}

#[test]
fn rule_17_75_an_enemy_leader_alone_is_captured_by_a_unit_entering() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0510", 0);
    let r = tk::put_leader(&mut g, "Russell", "0511");
    select(&mut g, u);
    step(&mut g, "0511");
    assert_eq!(g.leaders[usize::from(r)].loc, Loc::Gone(Fate::Captured));
    // A leader does not capture, and may not enter (5.12).
    let mut g = tk::movement(Side::Union);
    let l = tk::put_leader(&mut g, "McClernand", "0510");
    tk::put(&mut g, "27IL", "0510", 0);
    tk::put_leader(&mut g, "Russell", "0511");
    ok(&mut g, Action::Select(Piece::Leader(l)));
    assert_eq!(refused(&g, Action::Step(hex("0511"))), "GBACW 5.12");
}

#[test]
fn rule_5_0_moves_by_destination_through_engine_reach() {
    let mut g = tk::movement(Side::Union);
    tk::put(&mut g, "27IL", "0510", 0);
    // In Column the enemy has no zone (R36): leaving a Line's zone would stop the way on at
    // the enemy's withdrawal fire (10.1), his decision, not the mover's.
    tk::put_in(&mut g, "12TN", "0508", 3, Formation::Column);
    let dests = engine::reach::destinations(&g, "27IL", 20_000);
    let labels: Vec<&str> = dests.iter().map(|d| d.hex.as_str()).collect();
    // Woods at 1 1/2 MP: four hexes out of six MP; never the enemy's hex (5.12), and round
    // it, not through it: 0506 lies four hexes north but five round the enemy.
    assert!(labels.contains(&"0514") && labels.contains(&"0507"), "{labels:?}");
    assert!(!labels.iter().any(|h| ["0508", "0515", "0506"].contains(h)), "{labels:?}");
    let d = dests.iter().find(|d| d.hex == "0512").expect("two hexes south");
    for a in &d.path {
        ok(&mut g, *a);
    }
    assert_eq!(g.hex_of(tk::unit(&g, "27IL")), Some(hex("0512")));
}

#[test]
fn rule_17_52_a_leader_who_cannot_move_does_not_stop_the_phase() {
    // McClernand alone two hexes from the enemy, outside his division's radius: one hex a
    // turn (17.21), and every hex he could reach as near. The rule he cannot keep does not
    // hold the phase (a dead end otherwise).
    let mut g = tk::movement(Side::Union);
    let l = tk::put_leader(&mut g, "McClernand", "0510");
    tk::put(&mut g, "12TN", "0512", 0);
    let b = gbacw::command::brigade(&g, l).expect("a brigade commander");
    g.command.in_dir[b] = false;
    g.legal_memo.forget();
    assert_eq!(refused(&g, Action::Select(Piece::Leader(l))), "GBACW 17.52");
    ok(&mut g, Action::Done);
    // Within the radius he can get away, so he must.
    let mut g = tk::movement(Side::Union);
    let l = tk::put_leader(&mut g, "McClernand", "0510");
    tk::put(&mut g, "12TN", "0512", 0);
    assert_eq!(refused(&g, Action::Done), "GBACW 17.52");
    ok(&mut g, Action::Select(Piece::Leader(l)));
}

/// 5.0 with the second audit: a stack moves at its slowest counter's pace, and its prompt says
/// so (a leader on top showed his own 12 MP); a leader alone (the neighbour) shows his.
#[test]
fn a_stacks_prompt_counts_its_slowest_counters_movement_points() {
    let mut g = tk::movement(Side::Union);
    let u = tk::put(&mut g, "27IL", "0916", 0);
    let l = tk::put_leader(&mut g, "Grant", "0916");
    let foot = gbacw::movement::allowance(&g, Piece::Unit(u));
    let horse = gbacw::movement::allowance(&g, Piece::Leader(l));
    assert!(foot < horse);
    let mut stack = g.clone();
    tk::moving(&mut stack, &[Piece::Leader(l), Piece::Unit(u)], 0);
    let of = |h: u16| format!("of {} MP", gbacw::movement::mp(h));
    assert!(stack.prompt().text.contains(&of(foot)), "{}", stack.prompt().text);
    tk::moving(&mut g, &[Piece::Leader(l)], 0);
    assert!(g.prompt().text.contains(&of(horse)), "{}", g.prompt().text);
}

/// The fire log reads the Fire Combat Results Table's cells in words (the second audit: it
/// printed the program's names).
#[test]
fn the_fire_tables_results_read_as_the_table_prints_them() {
    use gbacw::charts::FireResult;
    assert_eq!(FireResult::NoEffect.to_string(), "- (no effect)");
    assert_eq!(FireResult::PinOrRout.to_string(), "P/R (pin or rout)");
    assert_eq!(FireResult::Loss { points: 2, then_pin: false }.to_string(), "2 (points lost, morale check)");
    assert_eq!(
        FireResult::Loss { points: 1, then_pin: true }.to_string(),
        "1* (points lost, morale check, then a pin check)"
    );
}

//! Movement I (plan step 5): straight moves and obliques (6.3, R13), side steps (R12), wheels
//! (R11), the about face (R14), the movement budget (3.0, R7) and interpenetration (6.6, R10),
//! each with the neighbouring case where the rule must not fire. Positions are built on open
//! ground in the table's south-west (x 4-36, y 44-70 inches), the rest of the table cleared.

use engine::Game;
use rotr::movement::{End, inches};
use rotr::scenario::Formation;
use rotr::testkit::{activate, clear_table, ground_tested, put, rated, unit};
use rotr::{Action, Rotr, UnitId};
use table::Pos;

/// The 27th Illinois (29 figures: ten stands) alone in Line at (20, 60) facing up the table's
/// y axis (0 degrees), McClernand's chit drawn and the regiment selected.
fn alone() -> (Rotr, UnitId) {
    let mut g = rated();
    clear_table(&mut g);
    let u = unit(&g, "27th Illinois");
    put(&mut g, u, Formation::Line, Pos::inches(20, 50), 0);
    activate(&mut g, "McClernand");
    g.apply(&Action::Select(u)).expect("select");
    // Open ground for these tests: the timber's test (6.7) is tests/rules_06_7_terrain.rs's.
    ground_tested(&mut g, u);
    (g, u)
}

/// The most of the distances `pick` reads from the listed actions (the menu's "as far as it
/// may go").
fn most_listed(g: &Rotr, pick: impl Fn(&Action) -> Option<i32>) -> i32 {
    g.legal_actions().iter().filter_map(pick).max().expect("such an action listed")
}

fn front(g: &Rotr, u: UnitId) -> (Pos, Pos) {
    g.body(u).expect("on the table").front()
}

/// 6.1, R7: a Line moves 6 inches (sheet A); 96 sixteenths straight ahead are legal, 97 not.
#[test]
fn rule_6_3_straight_ahead_to_the_normal_move_and_no_further() {
    let (mut g, u) = alone();
    let e = g.apply(&Action::Move { unit: u, angle: 0, dist: 97 }).expect_err("past 6 inches");
    assert_eq!(e.rule, "ROTR 6.6");
    assert!(e.reason.contains("6 in"), "{}", e.reason);
    let before = front(&g, u);
    g.apply(&Action::Move { unit: u, angle: 0, dist: 60 }).expect("3 3/4 inches");
    let after = front(&g, u);
    assert_eq!((after.0.y - before.0.y, after.0.x - before.0.x), (60, 0), "straight along the facing");
    // 36 left: one more than that is refused, that much is legal.
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 37 }).is_err());
    g.apply(&Action::Move { unit: u, angle: 0, dist: 36 }).expect("the rest");
    assert!(g.log().events().iter().any(|e| e.text.contains("moves 2 1/4 in straight ahead")));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move { .. })), "nothing left");
}

/// 6.3, R13: an oblique of 45 degrees is legal, 46 is not; the unit keeps its facing.
#[test]
fn rule_6_3_oblique_45_not_46() {
    let (mut g, u) = alone();
    let e = g.apply(&Action::Move { unit: u, angle: 46, dist: 16 }).expect_err("46 degrees");
    assert_eq!(e.rule, "ROTR 6.3");
    assert!(e.reason.contains("45"), "{}", e.reason);
    g.apply(&Action::Move { unit: u, angle: -45, dist: 32 }).expect("45 to the left");
    let b = g.body(u).expect("on");
    assert_eq!(b.facing().degrees(), 0, "the facing is kept");
    let (l, _) = b.front();
    let (l0, _) = alone().0.body(u).expect("on").front();
    // Facing 0 is +y; 45 degrees to the left is the facing turned -45: toward -x.
    assert!((l.y - l0.y - 23).abs() <= 1 && (l.x - l0.x).abs() == 23, "{l0:?} -> {l:?}");
}

/// 6.3, R12: side steps total at most half the normal move (3 inches for a Line); each inch
/// costs an inch.
#[test]
fn rule_6_3_side_step_half_total() {
    let (mut g, u) = alone();
    assert!(g.apply(&Action::SideStep { unit: u, right: true, dist: 49 }).is_err(), "over 3 inches");
    g.apply(&Action::SideStep { unit: u, right: true, dist: 32 }).expect("2 inches");
    let e = g.apply(&Action::SideStep { unit: u, right: false, dist: 17 }).expect_err("3 1/16 in all");
    assert_eq!(e.rule, "ROTR 6.6");
    g.apply(&Action::SideStep { unit: u, right: false, dist: 16 }).expect("3 in all");
    // It paid 3 inches of its 6: 3 left to move straight.
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 49 }).is_err());
    g.apply(&Action::Move { unit: u, angle: 0, dist: 48 }).expect("3 inches left");
}

/// 6.3, R11: a wheel pays the arc its moving end's outer corner travels; a wheel the
/// movement left cannot pay is refused.
#[test]
fn rule_6_3_wheel_pays_the_arc() {
    let (mut g, u) = alone();
    let width = rotr::movement::front_width(g.body(u).expect("on"));
    let cost = table::arc_cost(width, 20);
    let (_, right) = front(&g, u);
    g.apply(&Action::Wheel { unit: u, end: End::Right, forward: true, deg: 20 }).expect("20 degrees");
    let (_, r2) = front(&g, u);
    assert!(right.dist2(r2) <= 2, "the right end stays put: {right:?} {r2:?}");
    assert_eq!(g.body(u).expect("on").facing().degrees(), 20);
    let left = 96 - cost;
    assert!(g.log().events().iter().any(|e| e.text.contains(&format!("{} of movement left", inches(left)))));
    // The most it may still wheel: the largest arc within what is left.
    let most = (0..=180u16).rev().find(|&d| table::arc_cost(width, d) <= left).expect("some");
    let over = Action::Wheel { unit: u, end: End::Right, forward: true, deg: i32::from(most) + 1 };
    assert_eq!(g.apply(&over).expect_err("past the allowance").rule, "ROTR 6.3");
    g.apply(&Action::Wheel { unit: u, end: End::Right, forward: true, deg: i32::from(most) }).expect("the most");
}

/// R11.3: a wheel may swing back; about the left end, back turns the facing right.
#[test]
fn rule_6_3_wheel_back_about_the_left_end() {
    let (mut g, u) = alone();
    let (left, _) = front(&g, u);
    g.apply(&Action::Wheel { unit: u, end: End::Left, forward: false, deg: 10 }).expect("back");
    assert_eq!(g.body(u).expect("on").facing().degrees(), 10);
    assert!(left.dist2(front(&g, u).0) <= 2, "the left end stays put");
}

/// 6.3, R14: a Line about-faces free; an Assault Column pays a quarter of its move; and an
/// about face straight after another is refused (it would undo it for nothing).
#[test]
fn rule_6_3_line_about_face_free_column_pays_a_quarter() {
    let (mut g, u) = alone();
    g.apply(&Action::AboutFace(u)).expect("free");
    assert_eq!(g.body(u).expect("on").facing().degrees(), 180);
    let e = g.apply(&Action::AboutFace(u)).expect_err("straight after another");
    assert_eq!(e.rule, "ROTR 6.3");
    g.apply(&Action::Move { unit: u, angle: 0, dist: 96 }).expect("still 6 inches");
    g.apply(&Action::AboutFace(u)).expect("after a move: free again");

    let mut g = rated();
    clear_table(&mut g);
    let u = unit(&g, "27th Illinois");
    put(&mut g, u, Formation::AssaultColumn, Pos::inches(20, 50), 0);
    activate(&mut g, "McClernand");
    ground_tested(&mut g, u);
    g.apply(&Action::AboutFace(u)).expect("a quarter of 9 inches");
    // 9 inches (144) less a quarter (36): 108 left.
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 109 }).is_err());
    g.apply(&Action::Move { unit: u, angle: 0, dist: 108 }).expect("the rest");
}

/// 6.6, R10: a move through another unit's stands is refused; one that stops a sixteenth
/// short of them is legal, and so is its menu's most.
#[test]
fn rule_6_6_move_through_a_stand_refused() {
    let (mut g, u) = alone();
    let other = unit(&g, "30th Illinois");
    // The 30th's front edge 4 inches ahead of the 27th's, facing the same way: its rear edge is
    // then 4 inches plus its depth ahead; a friend 3 inches ahead of the 27th's front at the
    // nearest point.
    let depth = g.info(other).stand.1;
    let (l, _) = front(&g, u);
    put(&mut g, other, Formation::Line, Pos::new(l.x + 48, l.y + 48 + depth), 0);
    let e = g.apply(&Action::Move { unit: u, angle: 0, dist: 90 }).expect_err("through the 30th");
    assert_eq!(e.rule, "ROTR 6.6");
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 48 }).is_err(), "touching is no move's end (R10.2)");
    let most = most_listed(&g, |a| match *a {
        Action::Move { angle: 0, dist, .. } => Some(dist),
        _ => None,
    });
    assert_eq!(most, 47, "a sixteenth short");
    g.apply(&Action::Move { unit: u, angle: 0, dist: 47 }).expect("a sixteenth short");
}

/// Places `other` in Line facing 0 abutting `u`'s end on the +x side (`plus_x`) or the -x side,
/// its stands' edges on the same line as `u`'s end stand's.
fn abut(g: &mut Rotr, u: UnitId, other: UnitId, plus_x: bool) {
    let xs = |b: &table::Body| {
        let xs: Vec<i32> = b.stands.iter().flat_map(|s| s.corners().map(|c| c.x)).collect();
        (*xs.iter().min().expect("stands"), *xs.iter().max().expect("stands"))
    };
    let (lo, hi) = xs(g.body(u).expect("on"));
    let y = g.body(u).expect("on").front().0.y;
    put(g, other, Formation::Line, Pos::new(0, y), 0);
    let (olo, ohi) = xs(g.body(other).expect("on"));
    let dx = if plus_x { hi - olo } else { lo - ohi };
    put(g, other, Formation::Line, Pos::new(dx, y), 0);
}

/// R10.2: a unit touching a friend beside it may advance along it, but may not side-step into
/// it; it may side-step away.
#[test]
fn rule_6_6_a_friend_touching_the_flank_is_no_bar_to_advancing() {
    for plus_x in [true, false] {
        let (mut g, u) = alone();
        let other = unit(&g, "30th Illinois");
        abut(&mut g, u, other, plus_x);
        let (b, ob) = (g.body(u).expect("on").clone(), g.body(other).expect("on").clone());
        let touch = |s: &table::Stand| b.stands.iter().any(|t| table::within(&s.polygon(), &t.polygon(), 0));
        let inside = |s: &table::Stand| b.stands.iter().any(|t| table::overlap_interior(&s.polygon(), &t.polygon()));
        assert!(ob.stands.iter().any(touch) && !ob.stands.iter().any(inside), "the two lines touch");
        let mut h = g.clone();
        h.apply(&Action::Move { unit: u, angle: 0, dist: 96 }).expect("advances along its friend");
        // Facing 0 (+y), the unit's right is +x (the facing turned 90 degrees: sin 90, cos 90).
        let toward = plus_x;
        let mut h = g.clone();
        assert!(h.apply(&Action::SideStep { unit: u, right: toward, dist: 8 }).is_err(), "into the friend");
        h.apply(&Action::SideStep { unit: u, right: !toward, dist: 8 }).expect("away from it");
    }
}

/// R10.4: stands never leave the table.
#[test]
fn rule_6_6_the_table_edge_stops_a_move() {
    let mut g = rated();
    clear_table(&mut g);
    let u = unit(&g, "27th Illinois");
    // Facing 180 (toward y = 0), the front 2 inches from the top edge.
    put(&mut g, u, Formation::Line, Pos::inches(20, 2), 180);
    activate(&mut g, "McClernand");
    ground_tested(&mut g, u);
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 32 }).is_err());
    g.apply(&Action::Move { unit: u, angle: 0, dist: 31 }).expect("a sixteenth short of the edge");
}

/// R6: a unit selected and switched away from may be selected again once the other has done
/// something; an operation names its unit and selects it.
#[test]
fn rule_4_4_a_unit_that_acted_lets_the_player_switch_back() {
    let (mut g, u) = alone();
    let other = unit(&g, "30th Illinois");
    put(&mut g, other, Formation::Line, Pos::inches(20, 30), 0);
    g.apply(&Action::Select(other)).expect("switch");
    ground_tested(&mut g, other);
    assert!(g.apply(&Action::Select(u)).is_err(), "nothing done since");
    g.apply(&Action::Move { unit: other, angle: 0, dist: 16 }).expect("the 30th moves");
    g.apply(&Action::Select(u)).expect("now the 27th again");
    // An operation by a unit of another brigade is refused, naming 4.4.
    let iowa = unit(&g, "7th Iowa");
    put(&mut g, iowa, Formation::Line, Pos::inches(40, 60), 0);
    let e = g.apply(&Action::Move { unit: iowa, angle: 0, dist: 16 }).expect_err("Dougherty's");
    assert_eq!(e.rule, "ROTR 4.4");
}

/// The menu lists points of each range, all legal, with the range in each view (plan 4.1).
#[test]
fn the_menu_samples_the_ranges_and_views_carry_them() {
    let (g, u) = alone();
    let legal = g.legal_actions();
    let moves: Vec<_> = legal.iter().filter(|a| a.body_move() == Some(u)).collect();
    assert!(moves.len() >= 8, "{moves:?}");
    for a in &moves {
        assert!(g.is_legal(a), "{a:?}");
    }
    let v = g.action_view(&Action::Move { unit: u, angle: 0, dist: 96 });
    assert_eq!(v.params.len(), 2);
    assert_eq!((v.params[0].min, v.params[0].max), (-45, 45), "open ground: every angle");
    assert_eq!((v.params[1].min, v.params[1].max), (1, 96));
    assert_eq!(v.kind, "move");
    assert_eq!(g.action_view(&Action::AboutFace(u)).kind, "face");
}

/// The 2nd Tennessee in March Column in the timber at (30, 45) facing 0, Walker's chit drawn
/// on turn 2 (it is Walker's), nothing else on the table.
fn column() -> (Rotr, UnitId) {
    let mut g = rated();
    rotr::testkit::begin_turn(&mut g, 2);
    clear_table(&mut g);
    let u = unit(&g, "2nd Tennessee");
    put(&mut g, u, Formation::MarchColumn, Pos::inches(30, 45), 0);
    activate(&mut g, "Walker");
    g.apply(&Action::Select(u)).expect("select");
    ground_tested(&mut g, u);
    (g, u)
}

fn head(g: &Rotr, u: UnitId) -> table::Stand {
    g.body(u).expect("on").stands[0]
}

/// 5.1, R15: a March Column marches 12 inches (sheet A), its stands following its head.
#[test]
fn rule_5_1_march_column_follows_its_head() {
    let (mut g, u) = column();
    let before = g.body(u).expect("on").clone();
    assert!(g.apply(&Action::March { unit: u, turn: 0, dist: 193 }).is_err(), "past 12 inches");
    g.apply(&Action::March { unit: u, turn: 0, dist: 96 }).expect("6 inches");
    let after = g.body(u).expect("on");
    for (a, b) in before.stands.iter().zip(&after.stands) {
        assert!((b.centre.y - a.centre.y - 96).abs() <= 1 && (b.centre.x - a.centre.x).abs() <= 1, "{a:?} -> {b:?}");
    }
    assert!(g.log().events().iter().any(|e| e.text.contains("marches 6 in")));
    // A turn of 90 degrees to the right, then 2 inches: the head faces 90, the rear still 0.
    g.apply(&Action::March { unit: u, turn: 90, dist: 32 }).expect("a right turn");
    let b = g.body(u).expect("on");
    assert_eq!(b.stands[0].facing.degrees(), 90);
    assert_eq!(b.stands.last().expect("stands").facing.degrees(), 0, "the rear follows the trail");
    // 64 of 192 left.
    assert!(g.apply(&Action::March { unit: u, turn: 0, dist: 65 }).is_err());
    g.apply(&Action::March { unit: u, turn: 0, dist: 64 }).expect("the rest");
}

/// 6.3: the head turns at most 90 degrees.
#[test]
fn rule_6_3_column_head_turns_90_not_91() {
    let (mut g, u) = column();
    let e = g.apply(&Action::March { unit: u, turn: -91, dist: 16 }).expect_err("91 degrees");
    assert_eq!(e.rule, "ROTR 6.3");
    g.apply(&Action::March { unit: u, turn: -90, dist: 16 }).expect("90 degrees");
    assert_eq!(head(&g, u).facing.degrees(), 270);
}

/// R15: a column marches, never moves as a body; a line moves, never marches.
#[test]
fn rule_5_1_columns_march_lines_move() {
    let (mut g, u) = column();
    let e = g.apply(&Action::Move { unit: u, angle: 0, dist: 16 }).expect_err("a column");
    assert_eq!(e.rule, "ROTR 5.1");
    let (mut g, u) = alone();
    let e = g.apply(&Action::March { unit: u, turn: 0, dist: 16 }).expect_err("a line");
    assert_eq!(e.rule, "ROTR 5.1");
}

/// 6.6, R15.3: a column stops short of a unit across its way; the most listed is legal and a
/// sixteenth more is not.
#[test]
fn rule_6_6_a_column_stops_short_of_a_unit_ahead() {
    let (mut g, u) = column();
    let other = unit(&g, "15th Tennessee");
    let h = head(&g, u);
    let depth = g.info(other).stand.1;
    // A line across the way, its rear edge 5 inches ahead of the head's front.
    put(&mut g, other, Formation::Line, Pos::new(h.centre.x, h.centre.y + h.depth / 2 + 80 + depth), 0);
    let most = most_listed(&g, |a| match *a {
        Action::March { turn: 0, dist, .. } => Some(dist),
        _ => None,
    });
    assert!((78..80).contains(&most), "{most}");
    assert!(g.clone().apply(&Action::March { unit: u, turn: 0, dist: most + 1 }).is_err());
    g.apply(&Action::March { unit: u, turn: 0, dist: most }).expect("short of it");
}

/// R14: a column's countermarch costs a quarter of its move, and its rear stand leads.
#[test]
fn rule_6_3_column_about_face_costs_a_quarter_and_the_rear_leads() {
    let (mut g, u) = column();
    let rear = *g.body(u).expect("on").stands.last().expect("stands");
    g.apply(&Action::AboutFace(u)).expect("countermarch");
    let h = head(&g, u);
    assert_eq!(h.facing.degrees(), 180);
    assert!(h.centre.dist2(rear.centre) <= 4, "the old rear leads: {rear:?} {h:?}");
    // 192 less 48.
    assert!(g.apply(&Action::March { unit: u, turn: 0, dist: 145 }).is_err());
    g.apply(&Action::March { unit: u, turn: 0, dist: 144 }).expect("the rest");
}

/// R10.5: water is impassable: a line marching on the pond stops short of its edge.
#[test]
fn rule_6_6_water_stops_a_move() {
    let mut g = rated();
    clear_table(&mut g);
    let u = unit(&g, "27th Illinois");
    // Facing 180 (toward y = 0), its front at y = 27 inches, below the pond (y 15.5-23).
    put(&mut g, u, Formation::Line, Pos::inches(17, 27), 180);
    activate(&mut g, "McClernand");
    g.apply(&Action::Select(u)).expect("select");
    ground_tested(&mut g, u);
    let most = most_listed(&g, |a| match *a {
        Action::Move { angle: 0, dist, .. } => Some(dist),
        _ => None,
    });
    assert!(most < 96, "the pond is nearer than the 6 inches: {most}");
    assert!(g.clone().apply(&Action::Move { unit: u, angle: 0, dist: most + 1 }).is_err());
    g.apply(&Action::Move { unit: u, angle: 0, dist: most }).expect("short of the water");
    let pond = match &g.scenario().table.feature("Pond").expect("the pond").shape {
        rotr::scenario::Shape::Area { polygon, .. } => polygon.clone(),
        _ => panic!("an area"),
    };
    assert!(g.body(u).expect("on").stands.iter().all(|s| !table::within(&s.polygon(), &pond, 0)));
}

/// 6.2, R16: a formation change keeps the chosen stand's front middle in place and turns to the
/// facing chosen; it costs half the move (a Line's 6 inches: 3 left).
#[test]
fn rule_6_2_pivot_stand_stays_and_half_the_move_is_spent() {
    let (mut g, u) = alone();
    let pivot = g.body(u).expect("on").stands[4].front_middle();
    g.apply(&Action::Form { unit: u, to: Formation::AssaultColumn, pivot: 4, facing: 90 }).expect("to column");
    assert_eq!(g.unit(u).formation, Formation::AssaultColumn);
    let b = g.body(u).expect("on");
    assert_eq!(b.facing().degrees(), 90);
    // The 5th stand (left half of ten) takes the column's front left slot (R16.2).
    assert!(b.stands.iter().any(|s| s.front_middle().dist2(pivot) <= 2), "the pivot keeps its place");
    assert!(b.stands[0].front_middle().dist2(pivot) <= 2, "the front left slot");
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 49 }).is_err(), "3 inches left");
    g.apply(&Action::Move { unit: u, angle: 0, dist: 48 }).expect("3 inches");
    assert!(g.log().events().iter().any(|e| e.rule == "ROTR 6.2" && e.text.contains("from Line to Assault Column")));
}

/// R16.4: one formation change an activation.
#[test]
fn rule_6_2_one_change_an_activation() {
    let (mut g, u) = alone();
    g.apply(&Action::Form { unit: u, to: Formation::ExtendedLine, pivot: 0, facing: 0 }).expect("once");
    let e = g.apply(&Action::Form { unit: u, to: Formation::Line, pivot: 0, facing: 0 }).expect_err("twice");
    assert_eq!(e.rule, "ROTR 6.2");
    assert!(e.reason.contains("R16.4"), "{}", e.reason);
}

/// 3.1 operation 3: a change and a half move; a unit that has moved more than half may not
/// change, one that has moved exactly half may.
#[test]
fn rule_3_1_change_move_only_within_half() {
    let (mut g, u) = alone();
    let mut h = g.clone();
    h.apply(&Action::Move { unit: u, angle: 0, dist: 49 }).expect("a sixteenth past half");
    let e =
        h.apply(&Action::Form { unit: u, to: Formation::AssaultColumn, pivot: 0, facing: 0 }).expect_err("past half");
    assert_eq!(e.rule, "ROTR 3.1");
    g.apply(&Action::Move { unit: u, angle: 0, dist: 48 }).expect("half");
    g.apply(&Action::Form { unit: u, to: Formation::AssaultColumn, pivot: 0, facing: 0 }).expect("exactly half");
    assert!(g.apply(&Action::Move { unit: u, angle: 0, dist: 1 }).is_err(), "nothing left");
}

/// R16.2, R16.6: a March Column forms Line about its head, which keeps its place, its trail
/// gone; a Line forms March Column and marches on a new trail.
#[test]
fn rule_6_2_column_deploys_about_its_head_and_a_line_forms_column() {
    let (mut g, u) = column();
    let head = g.body(u).expect("on").stands[0].front_middle();
    g.apply(&Action::Form { unit: u, to: Formation::Line, pivot: 0, facing: 0 }).expect("deploys");
    assert!(g.body(u).expect("on").stands[0].front_middle().dist2(head) <= 2);
    assert!(g.unit(u).trail.is_none(), "no trail in Line");
    assert!(g.apply(&Action::March { unit: u, turn: 0, dist: 16 }).is_err(), "a Line does not march");
    // It began as a March Column, 12 inches (6.1, R7.2): half is spent, 6 left for the line.
    g.apply(&Action::Move { unit: u, angle: 0, dist: 96 }).expect("6 inches left");

    let (mut g, u) = alone();
    g.apply(&Action::Form { unit: u, to: Formation::MarchColumn, pivot: 0, facing: 0 }).expect("column");
    assert!(g.unit(u).trail.is_some());
    g.apply(&Action::March { unit: u, turn: 0, dist: 48 }).expect("marches what is left of a Line's 6");
}

/// R16.3: the new layout must be clear; 5.0: mounted cavalry forms no Assault Column.
#[test]
fn rule_6_2_the_new_layout_must_be_clear_and_open_to_the_arm() {
    let (mut g, u) = alone();
    let other = unit(&g, "30th Illinois");
    // A friend 2 inches behind the line: a March Column about the middle stand facing as now
    // trails back over it; facing about, it trails forward, clear.
    let (l, r) = front(&g, u);
    let depth = g.info(u).stand.1;
    // (2 1/4 inches: at 2 the 30th's stands would fit exactly between the column's.)
    put(&mut g, other, Formation::Line, Pos::new((l.x + r.x) / 2, l.y - depth - 36), 0);
    let e = g.clone().apply(&Action::Form { unit: u, to: Formation::MarchColumn, pivot: 5, facing: 0 });
    assert_eq!(e.expect_err("trails over the 30th").rule, "ROTR 6.6");
    g.apply(&Action::Form { unit: u, to: Formation::MarchColumn, pivot: 5, facing: 180 }).expect("clear");

    let mut g = rated();
    clear_table(&mut g);
    let horse = unit(&g, "Delano's cavalry company");
    put(&mut g, horse, Formation::Line, Pos::inches(20, 50), 0);
    activate(&mut g, "McClernand");
    let e = g.apply(&Action::Form { unit: horse, to: Formation::AssaultColumn, pivot: 0, facing: 0 }).expect_err("5.0");
    assert_eq!(e.rule, "ROTR 6.2");
}

//! Position tests of the table's geometry, each with the case next to it that must not fire.

use crate::angle::{cos, rotate, sin};
use crate::shape::{Polygon, Stand, on_segment};
use crate::sweep::{clear, hull, translation, wheel};
use crate::*;

fn stand(x: i32, y: i32, facing: i32) -> Stand {
    // A 15 mm infantry stand of the rules' example: 1 inch wide, 1/2 inch deep.
    Stand { centre: Pos::inches(x, y), facing: Facing::new(facing), width: SIXTEENTHS, depth: SIXTEENTHS / 2 }
}

#[test]
fn the_sine_table_is_exact_at_the_right_angles_and_symmetric() {
    for d in [0, 90, 180, 270, 360, -90] {
        assert_eq!(sin(d).abs() + cos(d).abs(), angle::ONE, "{d}");
    }
    for d in 0..360 {
        assert_eq!(sin(d), -sin(-d), "{d}");
        assert_eq!(sin(d), cos(90 - d), "{d}");
    }
}

#[test]
fn a_quarter_turn_clockwise_takes_up_the_table_to_the_right() {
    let o = Pos::new(0, 0);
    assert_eq!(rotate(Pos::new(0, 16), o, 90), Pos::new(16, 0));
    assert_eq!(rotate(Pos::new(0, 16), o, -90), Pos::new(-16, 0));
    assert_eq!(rotate(Pos::new(5, 7), o, 360), Pos::new(5, 7));
    // Turned and turned back, a point comes home to within a sixteenth; each turn is taken
    // from the start, never step upon step, so rounding does not pile up.
    for d in 1..360 {
        let p = rotate(rotate(Pos::inches(6, 3), o, d), o, -d);
        assert!(p.dist2(Pos::inches(6, 3)) <= 2, "{d}: {p:?}");
    }
}

#[test]
fn a_stand_facing_up_has_its_front_at_the_top() {
    let s = stand(10, 10, 0);
    let (fl, fr) = s.front();
    assert_eq!((fl, fr), (Pos::new(152, 164), Pos::new(168, 164)));
    // Facing right, the front is the right edge, left end at the top.
    let (fl, fr) = stand(10, 10, 90).front();
    assert_eq!((fl, fr), (Pos::new(164, 168), Pos::new(164, 152)));
}

#[test]
fn segments_cross_when_they_meet_and_not_when_parallel_apart() {
    let p = |x, y| Pos::new(x, y);
    assert!(segments_cross(p(0, 0), p(10, 10), p(0, 10), p(10, 0)));
    assert!(segments_cross(p(0, 0), p(10, 0), p(10, 0), p(20, 5)), "touching at an end");
    assert!(!segments_cross(p(0, 0), p(10, 0), p(0, 1), p(10, 1)), "parallel, a sixteenth apart");
    assert!(!segments_cross(p(0, 0), p(10, 0), p(11, 0), p(20, 0)), "on one line, apart");
    assert!(on_segment(p(5, 0), p(0, 0), p(10, 0)));
}

#[test]
fn a_point_on_the_woods_edge_is_in_the_woods_and_one_beside_it_is_not() {
    let woods = Polygon { points: vec![Pos::inches(0, 0), Pos::inches(4, 0), Pos::inches(4, 4), Pos::inches(0, 4)] };
    assert!(point_in_polygon(Pos::inches(2, 2), &woods));
    assert!(point_in_polygon(Pos::inches(4, 2), &woods), "on the edge");
    assert!(point_in_polygon(Pos::inches(4, 4), &woods), "a corner");
    assert!(!point_in_polygon(Pos::new(65, 32), &woods), "a sixteenth outside");
}

#[test]
fn stands_side_by_side_touch_and_a_sixteenth_apart_do_not() {
    let a = stand(10, 10, 0).polygon();
    let b = stand(11, 10, 0).polygon();
    assert!(overlap(&a, &b), "edges shared");
    let c = Stand { centre: Pos::new(177, 160), ..stand(0, 0, 0) }.polygon();
    assert!(!overlap(&a, &c), "a sixteenth between them");
    assert!(within(&a, &c, 1) && !within(&a, &c, 0));
}

#[test]
fn ranges_round_partial_inches_up() {
    let a = stand(10, 10, 0).polygon();
    // The front edge at y = 164; a stand whose back edge is 9 1/4 inches further up.
    let back = 164 + 9 * 16 + 4;
    let b = Stand { centre: Pos::new(160, back + 4), ..stand(0, 0, 0) }.polygon();
    assert_eq!(range_inches(&a, &b), 10, "9 1/4 inches rounds up to 10 (8.1)");
    let c = Stand { centre: Pos::new(160, 164 + 9 * 16 + 4), ..stand(0, 0, 0) }.polygon();
    assert_eq!(range_inches(&a, &c), 9, "exactly 9 inches is 9");
    assert_eq!(range_inches(&a, &a), 0);
}

#[test]
fn fire_arcs_take_45_degrees_either_side_and_not_a_degree_more() {
    let f = Facing::new(0);
    let o = Pos::new(0, 0);
    assert!(f.within(o, Pos::new(0, 100), 45));
    assert!(f.within(o, Pos::new(100, 100), 45), "on the edge of the arc");
    assert!(!f.within(o, Pos::new(101, 100), 45), "just outside");
    assert!(!f.within(o, Pos::new(0, -100), 45), "behind");
    assert!(!f.within(o, o, 45), "not its own point");
    assert!(f.within(o, Pos::new(100, -1), 91) && !f.within(o, Pos::new(100, -2), 90));
    assert!(!Facing::new(0).within(o, Pos::new(0, -5), 0) && Facing::new(0).within(o, Pos::new(0, 5), 0));
}

#[test]
fn a_straight_move_through_a_stand_is_blocked_and_one_past_it_is_clear() {
    let mover = stand(10, 10, 0);
    let blocker = stand(10, 14, 0).polygon();
    let path = translation(&mover, Pos::inches(10, 18));
    assert!(!clear(&[path], std::slice::from_ref(&blocker)), "through it");
    let beside = translation(&mover, Pos::inches(10, 12));
    assert!(clear(&[beside], &[blocker]), "stops short");
}

#[test]
fn a_wheel_sweeps_each_degree_and_hits_what_the_arc_crosses() {
    // A right wheel: the front right corner stays put, the left end swings forward.
    let mover = stand(10, 10, 0);
    let (_, pivot) = mover.front();
    let steps = wheel(&mover, pivot, 90);
    assert_eq!(steps.len(), 90);
    assert_eq!(steps.last().map(|s| s.facing), Some(Facing::new(90)));
    assert_eq!(steps.last().map(|s| s.front().1), Some(pivot), "its right end stays on the pivot");
    // A stand in front, on the arc's way, is hit; one behind is not.
    let on_arc = stand(10, 11, 0).polygon();
    let shapes: Vec<Polygon> = steps.iter().map(Stand::polygon).collect();
    assert!(!clear(&shapes, std::slice::from_ref(&on_arc)));
    let behind = stand(10, 8, 0).polygon();
    assert!(clear(&shapes, &[behind]));
}

#[test]
fn the_hull_of_a_square_and_its_middle_is_the_square() {
    let h = hull(&[Pos::new(0, 0), Pos::new(4, 0), Pos::new(4, 4), Pos::new(0, 4), Pos::new(2, 2), Pos::new(2, 0)]);
    assert_eq!(h.points.len(), 4, "{h:?}");
}

/// A six-stand regiment of 1-inch by 1/2-inch stands facing up the table, its front's middle
/// at (20, 20) inches.
fn regiment(f: Formation) -> Body {
    layout(f, 6, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(20, 20), Facing::new(0))
}

#[test]
fn formations_lay_out_their_stands_as_5_1_to_5_5_say() {
    let line = regiment(Formation::Line);
    assert_eq!(line.front(), (Pos::inches(17, 20), Pos::inches(23, 20)), "six inches wide, centred");
    let shapes: Vec<Polygon> = line.stands.iter().map(Stand::polygon).collect();
    assert!(overlap(&shapes[0], &shapes[1]), "5.3: touching");
    let ext = regiment(Formation::ExtendedLine);
    assert_eq!(
        ext.front(),
        (Pos::new(232, 320), Pos::new(408, 320)),
        "5.4: eleven inches, a stand's width between stands"
    );
    let sk = regiment(Formation::SkirmishLine);
    let (l, r) = sk.front();
    assert_eq!(r.x - l.x, 6 * SIXTEENTHS + 5 * formation::SKIRMISH_GAP, "5.5: 3 inches apart");
    let ac = regiment(Formation::AssaultColumn { files: 2 });
    assert_eq!(ac.front(), (Pos::inches(19, 20), Pos::inches(21, 20)), "5.2: two abreast");
    assert_eq!(ac.stands[5].centre, Pos::new(20 * 16 + 8, 20 * 16 - 20), "three ranks deep");
    // 5.1: as deep as the Line is wide: six inches, the 1/2-inch stands spread out.
    let mc = regiment(Formation::MarchColumn { touching: false });
    let back = mc.stands.last().map(|s| s.corners()[1].y).unwrap_or_default();
    assert_eq!(20 * 16 - back, 6 * SIXTEENTHS);
    let cav = regiment(Formation::MarchColumn { touching: true });
    let back = cav.stands.last().map(|s| s.corners()[1].y).unwrap_or_default();
    assert_eq!(20 * 16 - back, 3 * SIXTEENTHS, "mounted: touching");
}

#[test]
fn a_formation_turns_about_its_fronts_middle() {
    let right = layout(Formation::Line, 6, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(20, 20), Facing::new(90));
    assert_eq!(right.front(), (Pos::inches(20, 23), Pos::inches(20, 17)));
}

#[test]
fn the_fire_arc_runs_45_degrees_out_from_the_ends_and_not_behind_the_front() {
    let line = regiment(Formation::Line);
    assert!(line.in_arc(Pos::inches(20, 21)), "straight ahead, close: between the ends");
    assert!(line.in_arc(Pos::inches(27, 24)), "45 degrees out from the right end");
    assert!(!line.in_arc(Pos::new(27 * 16 + 1, 24 * 16)), "a sixteenth beyond");
    assert!(!line.in_arc(Pos::inches(20, 20)), "on the front's line");
    assert!(!line.in_arc(Pos::inches(20, 18)), "behind");
}

#[test]
fn enfilade_is_behind_the_line_straight_out_from_the_front() {
    let line = regiment(Formation::Line);
    assert!(line.enfiladed_from(Pos::inches(40, 19)), "off to the side, behind the front's line");
    assert!(!line.enfiladed_from(Pos::inches(40, 20)), "on the line");
    assert!(!line.enfiladed_from(Pos::inches(40, 21)), "ahead of it");
}

fn square(x0: i32, y0: i32, x1: i32, y1: i32) -> Polygon {
    Polygon { points: vec![Pos::inches(x0, y0), Pos::inches(x1, y0), Pos::inches(x1, y1), Pos::inches(x0, y1)] }
}

#[test]
fn a_line_through_woods_is_blocked_and_one_along_its_edge_is_not() {
    let woods = square(4, 0, 8, 4);
    assert!(!sight::line_clear(Pos::inches(0, 2), Pos::inches(12, 2), &[&woods]), "through the middle");
    assert!(sight::line_clear(Pos::inches(0, 4), Pos::inches(12, 4), &[&woods]), "along its edge (Reading)");
    assert!(sight::line_clear(Pos::inches(0, 5), Pos::inches(12, 5), &[&woods]), "past it");
    assert!((sight::length_inside(Pos::inches(0, 2), Pos::inches(12, 2), &woods) - 64.0).abs() < 1e-9, "four inches");
    assert!(sight::length_inside(Pos::inches(5, 0), Pos::inches(7, 0), &woods).abs() < 1e-9, "along the edge");
    assert!(
        (sight::length_inside(Pos::inches(5, 0), Pos::inches(5, 1), &woods) - 16.0).abs() < 1e-9,
        "from the edge in"
    );
}

#[test]
fn some_portion_of_a_target_half_hidden_is_seen_and_one_wholly_hidden_is_not() {
    let from = Pos::inches(0, 0);
    let wall = square(4, -1, 5, 1);
    // A target across the line, its top end peeking past the wall: seen (8.8 any portion).
    let half = square(10, 1, 11, 5);
    assert!(sight::sees(from, &half, &[&wall]));
    // Straight behind the wall and small enough to hide: not seen.
    let hidden = square(10, 0, 11, 1);
    let tall_wall = square(4, -2, 5, 2);
    assert!(!sight::sees(from, &hidden, &[&tall_wall]));
    // Nothing between: seen.
    assert!(sight::sees(from, &hidden, &[]));
}

#[test]
fn facings_toward_a_point_are_the_nearest_whole_degree() {
    let o = Pos::new(0, 0);
    assert_eq!(angle::facing_toward(o, Pos::new(0, 10)), Facing::new(0));
    assert_eq!(angle::facing_toward(o, Pos::new(10, 0)), Facing::new(90));
    assert_eq!(angle::facing_toward(o, Pos::new(10, 10)), Facing::new(45));
    assert_eq!(angle::facing_toward(o, Pos::new(-10, -10)), Facing::new(225));
    assert_eq!(angle::facing_toward(o, Pos::new(100, 173)), Facing::new(30), "tan 30 = 0.577");
}

#[test]
fn a_fence_is_crossed_by_a_move_over_it_and_not_by_one_beside_it() {
    let fence = Polyline { points: vec![Pos::inches(0, 5), Pos::inches(10, 5), Pos::inches(10, 9)] };
    assert!(fence.crossed_by(Pos::inches(3, 2), Pos::inches(3, 8)));
    assert!(fence.crossed_by(Pos::inches(8, 7), Pos::inches(12, 7)), "its second piece");
    assert!(!fence.crossed_by(Pos::inches(12, 2), Pos::inches(12, 8)), "beyond its end");
    assert!(fence.touches(&stand(5, 5, 0).polygon()) && !fence.touches(&stand(5, 7, 0).polygon()));
}

#[test]
fn a_march_column_follows_its_heads_path_round_a_corner() {
    // Up the table six inches, then right six: the head faces right at the end.
    let path = [Pos::inches(0, 0), Pos::inches(0, 6), Pos::inches(6, 6)];
    let col = formation::march_along(&path, 4, SIXTEENTHS, SIXTEENTHS, 0);
    assert_eq!(col.stands.len(), 4);
    assert_eq!(col.stands[0].centre, Pos::new(6 * 16 - 8, 96), "half a stand behind the head's front");
    assert_eq!(col.stands[0].facing, Facing::new(90));
    // The sixth inch back is round the corner: that stand faces up the table.
    assert_eq!(col.stands[3].centre, Pos::new(6 * 16 - 56, 96));
    let long = formation::march_along(&path, 8, SIXTEENTHS, SIXTEENTHS, 0);
    assert_eq!(long.stands[7].facing, Facing::new(0), "round the corner, facing up the path");
    assert_eq!(long.stands[7].centre, Pos::new(0, 96 - 24));
}

#[test]
fn friends_side_by_side_touch_without_their_insides_overlapping() {
    let a = stand(10, 10, 0).polygon();
    assert!(!overlap_interior(&a, &stand(11, 10, 0).polygon()), "edge to edge");
    assert!(overlap_interior(&a, &a), "one on the other");
    let half = Stand { centre: Pos::new(168, 160), ..stand(0, 0, 0) }.polygon();
    assert!(overlap_interior(&a, &half), "half a stand over");
    assert!(overlap(&a, &stand(11, 10, 0).polygon()), "but they touch");
}

#[test]
fn a_stand_is_inside_the_woods_only_wholly() {
    let woods = square(8, 8, 12, 12);
    assert!(inside(&stand(10, 10, 0).polygon(), &woods));
    assert!(inside(&Stand { centre: Pos::new(136, 136), ..stand(0, 0, 0) }.polygon(), &woods), "on its edge");
    assert!(!inside(&stand(8, 10, 0).polygon(), &woods), "half out");
}

#[test]
fn distances_round_up_to_the_sixteenth() {
    let a = stand(10, 10, 0).polygon();
    let b = Stand { centre: Pos::new(160, 164 + 4 + 9), ..stand(0, 0, 0) }.polygon();
    assert_eq!(distance_sixteenths(&a, &b), 9);
    assert_eq!(distance_sixteenths(&a, &stand(11, 10, 0).polygon()), 0);
    // Diagonally: corners (168, 164) and (171, 168) are 5 apart exactly; (172, 168) is
    // sqrt(32) = 5.66 from (168, 164): rounded up, 6.
    let c = Stand { centre: Pos::new(171 + 8, 168 + 4), ..stand(0, 0, 0) }.polygon();
    assert_eq!(distance_sixteenths(&a, &c), 5);
    let d = Stand { centre: Pos::new(172 + 8, 168 + 4), ..stand(0, 0, 0) }.polygon();
    assert_eq!(distance_sixteenths(&a, &d), 6);
}

#[test]
fn a_body_moves_wheels_and_about_faces() {
    let line = layout(Formation::Line, 3, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(20, 20), Facing::new(0));
    let on = line.translated(Facing::new(0), 32);
    assert_eq!(on.front(), (Pos::new(296, 352), Pos::new(344, 352)), "two inches up the table");
    let (_, right) = line.front();
    let wheeled = line.wheeled(right, 90);
    assert_eq!(wheeled.facing(), Facing::new(90));
    assert_eq!(wheeled.front().1, right, "the right end stays");
    let back = line.about_face();
    assert_eq!(back.facing(), Facing::new(180));
    assert_eq!(back.about_face(), line, "twice is the start");
}

#[test]
fn a_point_off_a_line_lies_off_its_front_a_flank_or_its_rear() {
    let line = regiment(Formation::Line);
    assert_eq!(line.edge_facing(Pos::inches(20, 25)), Edge::Front);
    assert_eq!(line.edge_facing(Pos::inches(10, 19)), Edge::Left);
    assert_eq!(line.edge_facing(Pos::inches(30, 19)), Edge::Right);
    assert_eq!(line.edge_facing(Pos::inches(20, 15)), Edge::Rear);
    assert_eq!(line.edge_facing(Pos::inches(30, 15)), Edge::Right, "behind, but off its right end");
}

#[test]
fn a_rear_attack_starts_directly_behind_and_a_flank_one_behind_the_front() {
    let target = regiment(Formation::Line);
    let behind = layout(Formation::Line, 4, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(20, 16), Facing::new(0));
    assert!(target.has_directly_behind(&behind) && target.has_behind_front(&behind));
    // Off to the left, behind the front: a flank, not a rear.
    let left = layout(Formation::Line, 4, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(10, 17), Facing::new(90));
    assert!(!target.has_directly_behind(&left) && target.has_behind_front(&left));
    // Ahead of the front: neither.
    let ahead = layout(Formation::Line, 4, SIXTEENTHS, SIXTEENTHS / 2, Pos::inches(20, 24), Facing::new(180));
    assert!(!target.has_behind_front(&ahead));
}

#[test]
fn the_ground_is_as_high_as_the_highest_hill_holding_it() {
    let levels = Levels { areas: vec![(square(0, 0, 20, 20), 1), (square(5, 5, 10, 10), 2)], slopes: Vec::new() };
    assert_eq!(levels.level_at(Pos::inches(7, 7)), 2);
    assert_eq!(levels.level_at(Pos::inches(15, 15)), 1);
    assert_eq!(levels.level_at(Pos::inches(10, 7)), 2, "on the crest's edge");
    assert_eq!(levels.level_at(Pos::inches(25, 25)), 0);
    assert_eq!(levels.level_under(&stand(10, 10, 0).polygon()), 2, "a corner on the crest");
}

#[test]
fn a_road_gives_points_along_it_and_how_far_along_a_point_lies() {
    let road = Polyline { points: vec![Pos::inches(0, 0), Pos::inches(0, 6), Pos::inches(6, 6)] };
    assert!((road.length() - 12.0 * 16.0).abs() < 1e-9);
    assert_eq!(road.point_at(3.0 * 16.0), Pos::inches(0, 3));
    assert_eq!(road.point_at(8.0 * 16.0), Pos::inches(2, 6), "round the corner");
    assert_eq!(road.point_at(99.0 * 16.0), Pos::inches(6, 6), "clamped to its end");
    assert!((road.project(Pos::inches(1, 3)) - 48.0).abs() < 1e-9, "beside the first stretch");
    assert!((road.project(Pos::inches(4, 9)) - 160.0).abs() < 1e-9, "above the second");
}

#[test]
fn a_buildings_edges_face_out_of_it_either_way_round() {
    let house = square(0, 0, 2, 2);
    let faces: Vec<u16> = edges_outward(&house).iter().map(|e| e.2.degrees()).collect();
    assert_eq!(faces, vec![180, 90, 0, 270], "south, east, north, west edges");
    let mut back = house.clone();
    back.points.reverse();
    let mut faces: Vec<u16> = edges_outward(&back).iter().map(|e| e.2.degrees()).collect();
    faces.sort_unstable();
    assert_eq!(faces, vec![0, 90, 180, 270]);
}

#[test]
fn a_formation_change_about_a_stand_keeps_that_stand_in_place() {
    let pivot = Pos::inches(30, 30);
    for f in [
        Formation::Line,
        Formation::AssaultColumn { files: 2 },
        Formation::AssaultColumn { files: 1 },
        Formation::MarchColumn { touching: false },
    ] {
        for facing in [0, 37, 90, 200] {
            for slot in [0, 2, 5] {
                let b =
                    layout_about(f, 6, SIXTEENTHS, SIXTEENTHS / 2, slot, pivot, Facing::new(facing)).expect("a stand");
                let (l, r) = b.stands[slot].front();
                let mid = l.midpoint(r);
                assert_eq!(mid, pivot, "{f:?} facing {facing} about stand {slot}");
            }
        }
    }
    assert!(layout_about(Formation::Line, 6, SIXTEENTHS, 8, 6, pivot, Facing::new(0)).is_none(), "no seventh stand");
}

#[test]
fn an_assault_column_is_two_files_at_15_mm_and_one_at_25_mm() {
    // 5.2: six 15 mm stands two abreast, three ranks deep, touching.
    let two = regiment(Formation::AssaultColumn { files: 2 });
    let centres: Vec<Pos> = two.stands.iter().map(|s| s.centre).collect();
    let (x, y) = (20 * 16, 20 * 16);
    assert_eq!(
        centres,
        vec![
            Pos::new(x - 8, y - 4),
            Pos::new(x + 8, y - 4),
            Pos::new(x - 8, y - 12),
            Pos::new(x + 8, y - 12),
            Pos::new(x - 8, y - 20),
            Pos::new(x + 8, y - 20)
        ]
    );
    // 5.2 at 25 mm: 2-inch by 1-inch stands one behind another, touching.
    let one = layout(Formation::AssaultColumn { files: 1 }, 4, 32, 16, Pos::inches(20, 20), Facing::new(0));
    let centres: Vec<Pos> = one.stands.iter().map(|s| s.centre).collect();
    assert_eq!(centres, vec![Pos::new(x, y - 8), Pos::new(x, y - 24), Pos::new(x, y - 40), Pos::new(x, y - 56)]);
    assert_eq!(one.front(), (Pos::new(x - 16, y), Pos::new(x + 16, y)), "one stand wide");
    // No files at all is one file, not a panic.
    let none = layout(Formation::AssaultColumn { files: 0 }, 4, 32, 16, Pos::inches(20, 20), Facing::new(0));
    assert_eq!(none, one);
}

#[test]
fn the_front_rank_is_the_foremost_stands_left_to_right() {
    // 8.13 / 5.2: the front two of a 15 mm column fire, and only they.
    let two = layout(Formation::AssaultColumn { files: 2 }, 5, 16, 8, Pos::inches(20, 20), Facing::new(37));
    let front = two.front_rank(2);
    assert_eq!(front.stands, two.stands[..2].to_vec());
    assert_eq!(two.front_rank(1).stands, two.stands[..1].to_vec(), "the left of the two");
    // About faced, the odd rear stand leads and the next rank fills in beside it.
    let back = two.about_face();
    let front = back.front_rank(2);
    assert!(front.stands.contains(&back.stands[0]), "the old rear stand: {front:?}");
    assert!(!front.stands.iter().any(|s| two.stands[..2].iter().any(|t| t.centre == s.centre)), "not the old front");
    // A line's front rank is all of it; asking for more gives what there is.
    let line = regiment(Formation::Line);
    assert_eq!(line.front_rank(10), line);
    assert_eq!(line.front_rank(0).stands, Vec::new());
}

#[test]
fn gaps_between_stands_are_exact_squares() {
    let a = stand(10, 10, 0);
    // Side by side, an inch between their edges: 16 squared.
    let b = Stand { centre: Pos::new(160 + 32, 160), ..a };
    assert_eq!(measure::stand_gap_squared(&a, &b), Ratio::whole(256));
    assert_eq!(measure::stand_gap_squared(&a, &stand(11, 10, 0)), Ratio::whole(0), "touching");
    // Corner to corner, 3 across and 4 up: 25.
    let c = Stand { centre: Pos::new(168 + 3 + 8, 164 + 4 + 4), ..a };
    assert_eq!(measure::stand_gap_squared(&a, &c), Ratio::whole(25));
    // A corner to a slanting edge: the square is a fraction, kept whole. The edge from (0, 0)
    // to (32, 16) and the corner (20, 0) are 16 x 20 / sqrt(1280) apart: squared, 80.
    let slant = Polygon { points: vec![Pos::new(0, 0), Pos::new(32, 16), Pos::new(0, 16)] };
    let corner = Polygon { points: vec![Pos::new(20, 0), Pos::new(40, 0), Pos::new(40, -5)] };
    assert_eq!(gap_squared(&slant, &corner), Some(Ratio::whole(80)));
    let nearer = Polygon { points: vec![Pos::new(21, 0), Pos::new(40, 0), Pos::new(40, -5)] };
    assert_eq!(gap_squared(&slant, &nearer), Ratio::new(441, 5), "21 x 16 / sqrt(1280), squared");
    assert!(gap_at_least(&a.polygon(), &b.polygon(), 16), "exactly an inch is at least an inch");
    assert!(!gap_at_least(&a.polygon(), &b.polygon(), 17));
    assert!(within(&a.polygon(), &b.polygon(), 16) && !within(&a.polygon(), &b.polygon(), 15));
    assert_eq!(gap_squared(&a.polygon(), &Polygon::default()), None);
}

#[test]
fn a_stand_is_behind_a_wall_it_lies_near_with_the_wall_on_the_range_line() {
    // A wall along y = 20 inches from x = 15 to 25; a target just above it, a firer below.
    let wall = Polyline { points: vec![Pos::inches(15, 20), Pos::inches(25, 20)] };
    let target = Stand { centre: Pos::new(320, 320 + 4 + 4), ..stand(0, 0, 0) }.polygon();
    assert!(wall.within(&target, 8), "its back edge 4 sixteenths from the wall");
    assert!(wall.within(&target, 4) && !wall.within(&target, 3), "exactly 4");
    let firer = stand(20, 10, 0).polygon();
    assert!(wall.between(&firer, &target), "the range line crosses it");
    // A firer off to the side, beyond the wall's end: the range line passes the end.
    let flank = stand(30, 20, 0).polygon();
    assert!(!wall.between(&flank, &target), "round the end");
    // The wall's far side: a stand on the same side as the target is not behind it.
    let beside = Stand { centre: Pos::new(320, 400), ..stand(0, 0, 0) }.polygon();
    assert!(!wall.between(&beside, &target));
    // A range line ending a fraction of a sixteenth short of the wall still misses it: the
    // firer's corner over a slanting edge whose nearest point is not a whole sixteenth.
    let slant = Polygon { points: vec![Pos::new(0, 0), Pos::new(32, 16), Pos::new(0, 16)] };
    let corner = Polygon { points: vec![Pos::new(21, 0), Pos::new(40, 0), Pos::new(40, -5)] };
    // The foot from (21, 0) lands at (16.8, 8.4): a wall from (16, 8) to (17, 9) passes a
    // hair beyond it (at x = 16.8 it is at y = 8.8), one from (16, 9) to (18, 7) crosses the line.
    assert!(!Polyline { points: vec![Pos::new(16, 8), Pos::new(17, 9)] }.between(&slant, &corner));
    assert!(Polyline { points: vec![Pos::new(16, 9), Pos::new(18, 7)] }.between(&slant, &corner));
}

#[test]
fn polyline_follow_stays_on_road() {
    // Up six inches, then right six: twelve inches of road.
    let road = Polyline { points: vec![Pos::inches(0, 0), Pos::inches(0, 6), Pos::inches(6, 6)] };
    let s = road.follow(road.project(Pos::inches(0, 2)), true, 8.0 * 16.0);
    assert!((s - 160.0).abs() < 1e-9);
    assert_eq!(road.point_at(s), Pos::inches(4, 6), "round the corner, on the road");
    assert_eq!(road.facing_at(s, true), Facing::new(90));
    // Back the other way from there, past the start: stops at the start.
    let back = road.follow(s, false, 99.0 * 16.0);
    assert_eq!(road.point_at(back), Pos::inches(0, 0));
    assert_eq!(road.facing_at(back, false), Facing::new(180), "walking back down the first piece");
    // At the corner, going on faces the next piece; going back, the piece walked.
    assert_eq!(road.facing_at(96.0, true), Facing::new(90));
    assert_eq!(road.facing_at(96.0, false), Facing::new(180));
    assert_eq!(road.follow(50.0, true, -5.0), 50.0, "no walking backward by a negative distance");
    assert_eq!(Polyline::default().follow(3.0, true, 4.0), 0.0, "an empty road has nowhere to go");
}

#[test]
fn boxes_rule_out_far_shapes_and_keep_near_ones() {
    let a = stand(10, 10, 0).polygon();
    let ba = bbox(&a).expect("corners");
    assert_eq!((ba.lo, ba.hi), (Pos::new(152, 156), Pos::new(168, 164)));
    let b = Stand { centre: Pos::new(168 + 5 + 8, 160), ..stand(0, 0, 0) }.polygon();
    let bb = b.bbox().expect("corners");
    assert!(bb.near(&ba, 5) && !bb.near(&ba, 4), "five sixteenths apart across");
    assert!(ba.grown(5).near(&bb, 0));
    assert_eq!(Polygon::default().bbox(), None);
}

#[test]
fn levels_crossings_report_up_and_down() {
    // A hill (level 1) from 0 to 20 inches with a crest (level 2) from 5 to 10; the hill's
    // south edge is a steep slope (class 3), the crest's edges class 1.
    let levels = Levels {
        areas: vec![(square(0, 0, 20, 20), 1), (square(5, 5, 10, 10), 2)],
        slopes: vec![vec![3, 0, 0, 0], vec![1, 1, 1, 1]],
    };
    assert!(levels.faults().is_empty());
    // Straight up the table through the crest and out the top.
    let path = [Pos::inches(7, -2), Pos::inches(7, 25)];
    let steps: Vec<(u8, u8, u8, f64)> = levels.crossings(&path).iter().map(|c| (c.from, c.to, c.class, c.at)).collect();
    assert_eq!(
        steps,
        vec![(0, 1, 3, 32.0), (1, 2, 1, 7.0 * 16.0), (2, 1, 1, 12.0 * 16.0), (1, 0, 0, 22.0 * 16.0)],
        "up the steep face, over the crest, down the far side"
    );
    // Along the crest's edge and back: on the crest the whole way (an edge is in).
    let along = [Pos::inches(7, 2), Pos::inches(5, 6), Pos::inches(5, 9)];
    let steps: Vec<(u8, u8)> = levels.crossings(&along).iter().map(|c| (c.from, c.to)).collect();
    assert_eq!(steps, vec![(1, 2)]);
    // Touching the crest's corner and turning away: no crossing.
    let graze = [Pos::inches(3, 3), Pos::inches(5, 5), Pos::inches(7, 3)];
    let steps: Vec<(u8, u8)> = levels.crossings(&graze).iter().map(|c| (c.from, c.to)).collect();
    assert_eq!(steps, Vec::new(), "a corner touched is not climbed");
    // Ending on the crest's edge ends on the crest.
    let onto = [Pos::inches(7, 2), Pos::inches(7, 5)];
    assert_eq!(levels.crossings(&onto).iter().map(|c| c.to).collect::<Vec<_>>(), vec![2]);
    assert!(levels.crossings(&[]).is_empty());
}

#[test]
fn levels_that_do_not_nest_are_faults() {
    let bad = Levels { areas: vec![(square(0, 0, 4, 4), 1), (square(3, 3, 8, 8), 2)], slopes: vec![vec![0; 5]] };
    assert_eq!(bad.faults(), vec![LevelsFault::TooManySlopes(0), LevelsFault::NotNested(1)]);
}

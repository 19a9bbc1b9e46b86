//! The table's exact predicates against `geo`, an independent geometry crate, on random
//! shapes (issue 17: "check it against an independent geometry crate in property tests").
//! `geo` works in floating point, so each comparison keeps away from the boundary where a
//! rounding could decide: touching cases are tested by position tests in `src/tests.rs`.

use geo::{
    Area, BooleanOps, Contains, ConvexHull, Coord, Distance, Euclidean, Intersects, Line, LineString, MultiLineString,
    MultiPoint, Point, Polygon as GeoPolygon,
};
mod common;

use common::{coord, geo_polygon, pos, stand};
use proptest::prelude::*;
use table::shape::{Polygon, Stand};
use table::{Facing, Pos, SIXTEENTHS};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn segments_cross_as_geo_says(a in pos(), b in pos(), c in pos(), d in pos()) {
        let mine = table::segments_cross(a, b, c, d);
        let theirs = Line::new(coord(a), coord(b)).intersects(&Line::new(coord(c), coord(d)));
        prop_assert_eq!(mine, theirs);
    }

    #[test]
    fn points_lie_in_stands_as_geo_says(s in stand(), p in pos()) {
        let poly = s.polygon();
        let g = geo_polygon(&poly);
        let mine = table::point_in_polygon(p, &poly);
        let inside = g.contains(&Point::from(coord(p)));
        let on_edge = g.exterior().lines().any(|l| l.intersects(&Point::from(coord(p))));
        prop_assert_eq!(mine, inside || on_edge);
    }

    #[test]
    fn stands_overlap_as_geo_says(a in stand(), b in stand()) {
        let (pa, pb) = (a.polygon(), b.polygon());
        prop_assert_eq!(table::overlap(&pa, &pb), geo_polygon(&pa).intersects(&geo_polygon(&pb)));
    }

    #[test]
    fn ranges_agree_with_geo_distance(a in stand(), b in stand()) {
        let (pa, pb) = (a.polygon(), b.polygon());
        let d = Euclidean.distance(&geo_polygon(&pa), &geo_polygon(&pb)) / f64::from(SIXTEENTHS);
        // Away from a whole inch, where floating point could round either way.
        prop_assume!((d - d.round()).abs() > 1e-6 || d == 0.0);
        prop_assert_eq!(table::range_inches(&pa, &pb), d.ceil() as u32);
    }

    #[test]
    fn a_stands_corners_are_its_rectangle_turned(s in stand()) {
        let [fl, bl, br, fr] = s.corners();
        // Opposite sides equal to a sixteenth or two (each corner rounds on its own).
        let near = |x: i64, y: i64| (x as f64).sqrt() - (y as f64).sqrt();
        prop_assert!(near(fl.dist2(fr), br.dist2(bl)).abs() <= 2.0);
        prop_assert!(near(fl.dist2(bl), fr.dist2(br)).abs() <= 2.0);
        prop_assert!((fl.dist2(fr) as f64).sqrt() - f64::from(s.width) <= 2.0);
    }

    #[test]
    fn hulls_enclose_what_geo_hulls_do(points in proptest::collection::vec(pos(), 3..12)) {
        let mine = table::sweep::hull(&points);
        let theirs = MultiPoint::from(points.iter().map(|&p| Point::from(coord(p))).collect::<Vec<_>>()).convex_hull();
        let area = |p: &GeoPolygon<f64>| p.unsigned_area();
        prop_assert!((area(&geo_polygon(&mine)) - area(&theirs)).abs() < 1e-6);
    }

    #[test]
    fn fire_arcs_agree_with_the_angle(f in 0i32..360, to in pos(), half in 1u16..90) {
        let from = Pos::new(0, 0);
        prop_assume!(to != from);
        // The angle from the facing, clockwise from up the table, by floating point.
        let bearing = f64::from(to.x).atan2(f64::from(to.y)).to_degrees();
        let off = ((bearing - f64::from(f)).rem_euclid(360.0) + 180.0).rem_euclid(360.0) - 180.0;
        // Away from the arc's edge, where the tabled sines may round either way.
        prop_assume!((off.abs() - f64::from(half)).abs() > 0.01);
        prop_assert_eq!(Facing::new(f).within(from, to, half), off.abs() <= f64::from(half));
    }

    #[test]
    fn the_length_inside_woods_agrees_with_geo_clipping(s in stand(), a in pos(), b in pos()) {
        let poly = s.polygon();
        let line = MultiLineString::new(vec![LineString::from(vec![coord(a), coord(b)])]);
        let inside = geo_polygon(&poly).clip(&line, false);
        let theirs: f64 = inside.0.iter().map(|l| l.lines().map(|x| Euclidean.distance(x.start, x.end)).sum::<f64>()).sum();
        prop_assert!((table::sight::length_inside(a, b, &poly) - theirs).abs() < 1e-6, "{} vs {}", table::sight::length_inside(a, b, &poly), theirs);
    }

    #[test]
    fn a_target_seen_at_any_sampled_point_is_seen(from in pos(), t in stand(), w in stand()) {
        let (target, wall) = (t.polygon(), w.polygon());
        prop_assume!(!table::overlap(&target, &wall) && !table::point_in_polygon(from, &wall));
        // Sample each target edge at every sixteenth, exactly on the edge: a point seen means
        // the target is.
        let seen_sample = target.edges().any(|(p, q)| {
            let n = p.dist2(q).max(1).isqrt().max(1);
            (0..=n).any(|k| {
                let t = k as f64 / n as f64;
                let at = (f64::from(p.x) + f64::from(q.x - p.x) * t, f64::from(p.y) + f64::from(q.y - p.y) * t);
                table::sight::line_clear_to(from, at, &[&wall])
            })
        });
        if seen_sample {
            prop_assert!(table::sight::sees(from, &target, &[&wall]));
        }
    }

    #[test]
    fn first_contact_is_where_geo_first_sees_them_meet(m in stand(), o in stand(), bearing in 0i32..360) {
        let (pm, po) = (m.polygon(), o.polygon());
        prop_assume!(!table::overlap(&pm, &po));
        let f = Facing::new(bearing);
        let (dx, dy) = f.vector();
        let shifted = |t: f64| {
            let k = t / table::angle::ONE as f64;
            GeoPolygon::new(
                LineString::from(pm.points.iter().map(|p| Coord { x: f64::from(p.x) + k * dx as f64, y: f64::from(p.y) + k * dy as f64 }).collect::<Vec<_>>()),
                vec![],
            )
        };
        let obstacle = geo_polygon(&po);
        match table::contact::first_contact(&pm, f, std::slice::from_ref(&po)) {
            Some(t) => {
                let t = t.to_f64();
                prop_assert!(Euclidean.distance(&shifted(t), &obstacle) < 1e-6, "touching at {}", t);
                if t > 0.01 {
                    prop_assert!(!shifted(t - 0.01).intersects(&obstacle), "not before {}", t);
                }
            }
            None => {
                for k in 0..300 {
                    prop_assert!(!shifted(f64::from(k) * 7.0).intersects(&obstacle), "met at {} though none was found", k * 7);
                }
            }
        }
    }

    #[test]
    fn insides_overlap_as_geo_finds_an_area_between_them(a in stand(), b in stand()) {
        let (pa, pb) = (a.polygon(), b.polygon());
        let area = geo_polygon(&pa).intersection(&geo_polygon(&pb)).unsigned_area();
        // Away from a sliver whose area floating point could lose.
        prop_assume!(area == 0.0 || area > 1e-6);
        prop_assert_eq!(table::overlap_interior(&pa, &pb), area > 0.0);
    }

    #[test]
    fn distances_in_sixteenths_agree_with_geo(a in stand(), b in stand()) {
        let (pa, pb) = (a.polygon(), b.polygon());
        let d = Euclidean.distance(&geo_polygon(&pa), &geo_polygon(&pb));
        prop_assume!((d - d.round()).abs() > 1e-6 || d == 0.0);
        prop_assert_eq!(table::distance_sixteenths(&pa, &pb), d.ceil() as i64);
    }

    #[test]
    fn a_roads_nearest_point_is_as_near_as_geo_says(points in proptest::collection::vec(pos(), 2..6), p in pos()) {
        let road = table::Polyline { points: points.clone() };
        let line = LineString::from(points.iter().map(|&q| coord(q)).collect::<Vec<_>>());
        let theirs = Euclidean.distance(&Point::from(coord(p)), &line);
        let near = road.point_at(road.project(p));
        let mine = (p.dist2(near) as f64).sqrt();
        // The point found is rounded to the sixteenth.
        prop_assert!((mine - theirs).abs() <= 1.0, "{} vs {}", mine, theirs);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn gaps_agree_with_geo_distance(a in stand(), b in stand()) {
        let (pa, pb) = (a.polygon(), b.polygon());
        let theirs = Euclidean.distance(&geo_polygon(&pa), &geo_polygon(&pb));
        let mine = table::gap_squared(&pa, &pb).expect("stands have corners");
        prop_assert!((mine.to_f64().sqrt() - theirs).abs() < 1e-6, "{:?} vs {}", mine, theirs);
        // At least r exactly as geo says, away from the boundary floating point could decide.
        let r = theirs.round() as i64;
        prop_assume!((theirs - theirs.round()).abs() > 1e-6);
        prop_assert_eq!(table::gap_at_least(&pa, &pb, r), theirs >= r as f64);
    }
}

/// The nearest points of two stands by floating point, and whether the pair is the only one
/// nearest by a clear margin (edges square on to each other have many).
fn nearest_f64(a: &Polygon, b: &Polygon) -> (Coord<f64>, Coord<f64>, bool) {
    let mut found: Vec<(f64, Coord<f64>, Coord<f64>)> = Vec::new();
    let mut scan = |x: &Polygon, y: &Polygon, flip: bool| {
        for &p in &x.points {
            for (s, t) in y.edges() {
                let (p, s, t) = (coord(p), coord(s), coord(t));
                let e = (t.x - s.x, t.y - s.y);
                let len2 = e.0 * e.0 + e.1 * e.1;
                let u =
                    if len2 == 0.0 { 0.0 } else { (((p.x - s.x) * e.0 + (p.y - s.y) * e.1) / len2).clamp(0.0, 1.0) };
                let f = Coord { x: s.x + u * e.0, y: s.y + u * e.1 };
                let d = ((p.x - f.x).powi(2) + (p.y - f.y).powi(2)).sqrt();
                found.push(if flip { (d, f, p) } else { (d, p, f) });
            }
        }
    };
    scan(a, b, false);
    scan(b, a, true);
    found.sort_by(|x, y| x.0.total_cmp(&y.0));
    let (d, p, q) = found[0];
    let far = |c: Coord<f64>, o: Coord<f64>| (c.x - o.x).abs() + (c.y - o.y).abs() > 1e-6;
    let unique = found.iter().skip(1).all(|&(e, x, y)| e - d > 1e-6 || !(far(x, p) || far(y, q)));
    (p, q, unique)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn a_line_lies_within_a_distance_of_a_stand_as_geo_says(s in stand(), points in proptest::collection::vec(pos(), 1..5), r in 0i64..64) {
        let wall = table::Polyline { points: points.clone() };
        let poly = s.polygon();
        let theirs = if points.len() == 1 {
            Euclidean.distance(&Point::from(coord(points[0])), &geo_polygon(&poly))
        } else {
            Euclidean.distance(&LineString::from(points.iter().map(|&q| coord(q)).collect::<Vec<_>>()), &geo_polygon(&poly))
        };
        prop_assume!((theirs - r as f64).abs() > 1e-6);
        prop_assert_eq!(wall.within(&poly, r), theirs <= r as f64, "{}", theirs);
    }

    #[test]
    fn a_line_lies_between_two_stands_as_geo_crosses_their_range_line(a in stand(), b in stand(), points in proptest::collection::vec(pos(), 2..5)) {
        let (pa, pb) = (a.polygon(), b.polygon());
        prop_assume!(!table::overlap(&pa, &pb));
        let (p, q, unique) = nearest_f64(&pa, &pb);
        prop_assume!(unique);
        let wall = table::Polyline { points: points.clone() };
        let line = LineString::from(points.iter().map(|&c| coord(c)).collect::<Vec<_>>());
        let range = Line::new(p, q);
        // Away from a graze floating point could decide.
        let d = Euclidean.distance(&range, &line);
        prop_assume!(d == 0.0 || d > 1e-6);
        let grazes = line.points().any(|c| Euclidean.distance(&range, &c) < 1e-6) || Euclidean.distance(&Point::from(p), &line) < 1e-6 || Euclidean.distance(&Point::from(q), &line) < 1e-6;
        prop_assume!(!grazes);
        prop_assert_eq!(wall.between(&pa, &pb), range.intersects(&line));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn boxes_are_geos_bounding_rects_and_never_rule_out_a_near_pair(a in stand(), b in stand(), r in 0i64..48) {
        use geo::BoundingRect;
        let (pa, pb) = (a.polygon(), b.polygon());
        let (ba, bb) = (pa.bbox().expect("corners"), pb.bbox().expect("corners"));
        let rect = geo_polygon(&pa).bounding_rect().expect("corners");
        prop_assert_eq!((f64::from(ba.lo.x), f64::from(ba.lo.y)), (rect.min().x, rect.min().y));
        prop_assert_eq!((f64::from(ba.hi.x), f64::from(ba.hi.y)), (rect.max().x, rect.max().y));
        if table::within(&pa, &pb, r) {
            prop_assert!(ba.near(&bb, r), "within {} but the boxes are not near", r);
        }
        // Boxes apart by more than r on an axis: geo finds the shapes more than r apart.
        if !ba.near(&bb, r) {
            prop_assert!(Euclidean.distance(&geo_polygon(&pa), &geo_polygon(&pb)) > r as f64);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    #[test]
    fn first_contact_of_a_body_is_its_least_stands(moving in proptest::collection::vec(stand(), 1..4), obstacles in proptest::collection::vec(stand(), 0..8), bearing in 0i32..360) {
        let moving: Vec<Polygon> = moving.iter().map(Stand::polygon).collect();
        let obstacles: Vec<Polygon> = obstacles.iter().map(Stand::polygon).collect();
        let f = Facing::new(bearing);
        let each = moving.iter().filter_map(|m| table::contact::first_contact(m, f, &obstacles)).min();
        prop_assert_eq!(table::contact::first_contact_all(&moving, f, &obstacles), each);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn a_stand_is_inside_a_wood_as_geo_contains_it(a in stand(), b in stand(), grow in 1i32..8) {
        // A wood a few times a stand's size, somewhere near, so both answers come up.
        let wood = Stand { centre: Pos::new(b.centre.x / 8, b.centre.y / 8), width: b.width * grow, depth: b.depth * grow * 2, ..b }.polygon();
        let pa = Stand { centre: Pos::new(a.centre.x / 8, a.centre.y / 8), ..a }.polygon();
        prop_assert_eq!(table::inside(&pa, &wood), geo_polygon(&wood).contains(&geo_polygon(&pa)));
    }
}

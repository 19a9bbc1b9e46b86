//! The table's exact predicates against `geo`, an independent geometry crate, on random
//! shapes (issue 17: "check it against an independent geometry crate in property tests").
//! `geo` works in floating point, so each comparison keeps away from the boundary where a
//! rounding could decide: touching cases are tested by position tests in `src/tests.rs`.

use geo::{
    Area, BooleanOps, Contains, ConvexHull, Coord, Distance, Euclidean, Intersects, Line, LineString, MultiLineString,
    MultiPoint, Point, Polygon as GeoPolygon,
};
use proptest::prelude::*;
use table::shape::{Polygon, Stand};
use table::{Facing, Pos, SIXTEENTHS};

fn coord(p: Pos) -> Coord<f64> {
    Coord { x: f64::from(p.x), y: f64::from(p.y) }
}

fn geo_polygon(p: &Polygon) -> GeoPolygon<f64> {
    GeoPolygon::new(LineString::from(p.points.iter().map(|&q| coord(q)).collect::<Vec<_>>()), vec![])
}

fn pos() -> impl Strategy<Value = Pos> {
    (-400i32..400, -400i32..400).prop_map(|(x, y)| Pos::new(x, y))
}

fn stand() -> impl Strategy<Value = Stand> {
    (pos(), 0i32..360, 4i32..64, 4i32..32).prop_map(|(centre, f, width, depth)| Stand {
        centre,
        facing: Facing::new(f),
        width,
        depth,
    })
}

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

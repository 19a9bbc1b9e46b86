//! What the property tests against `geo` share: conversions and random shapes.
#![allow(dead_code)]

use geo::{Coord, LineString, Polygon as GeoPolygon};
use proptest::prelude::*;
use table::shape::{Polygon, Stand};
use table::{Facing, Pos};

pub fn coord(p: Pos) -> Coord<f64> {
    Coord { x: f64::from(p.x), y: f64::from(p.y) }
}

pub fn geo_polygon(p: &Polygon) -> GeoPolygon<f64> {
    GeoPolygon::new(LineString::from(p.points.iter().map(|&q| coord(q)).collect::<Vec<_>>()), vec![])
}

pub fn pos() -> impl Strategy<Value = Pos> {
    (-400i32..400, -400i32..400).prop_map(|(x, y)| Pos::new(x, y))
}

pub fn stand() -> impl Strategy<Value = Stand> {
    (pos(), 0i32..360, 4i32..64, 4i32..32).prop_map(|(centre, f, width, depth)| Stand {
        centre,
        facing: Facing::new(f),
        width,
        depth,
    })
}

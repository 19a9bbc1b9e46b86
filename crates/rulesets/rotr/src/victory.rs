//! Victory (4.6; the scenario's authored schedule, plan 6.7): VP for what the other side loses
//! (figures, units routed, guns, commanders: counted as the steps that cause them are built),
//! and the objectives, judged at the game's end. More VP wins; a margin of the scenario's
//! `draw_margin` or less is a draw.
//!
//! The objectives are the scenario's; each is judged by the test its name stands for in plan
//! 6.7 ([`objective_met`]), since the test is logic, not a number. Morale Markers (10.1) come
//! with step 9: until then no unit carries one, and "without a marker" is every unit.

use crate::scenario::{Arm, Objective, Shape, Side};
use crate::state::{Rotr, UnitId};
use table::{Polygon, point_in_polygon};

/// Sixteenths of an inch no Confederate unit may be within of the camp (plan 6.7).
const CAMP_CLEAR: i64 = 6 * 16;

/// Confederate infantry units on the ridge that hold it (plan 6.7).
const RIDGE_HELD_BY: usize = 3;

/// The polygon of the feature named `area`, if it is an area or a rise.
fn area(g: &Rotr, name: &str) -> Option<&'static Polygon> {
    match &g.scenario().table.feature(name)?.shape {
        Shape::Area { polygon, .. } | Shape::Rise { polygon, .. } => Some(polygon),
        Shape::Line(_) => None,
    }
}

/// Side `side`'s infantry units on the table.
fn infantry(g: &Rotr, side: Side) -> impl Iterator<Item = UnitId> + '_ {
    g.unit_ids().filter(move |&u| g.info(u).side == side && g.info(u).arm == Arm::Infantry && g.body(u).is_some())
}

/// Whether a stand of unit `u` has its centre in `poly`.
fn centre_in(g: &Rotr, u: UnitId, poly: &Polygon) -> bool {
    g.body(u).is_some_and(|b| b.stands.iter().any(|s| point_in_polygon(s.centre, poly)))
}

/// Whether objective `o` is met as the position stands (plan 6.7):
/// - "Camp Johnston": a Union infantry unit has a stand's centre in the tents, and no
///   Confederate unit is within 6 inches of them;
/// - "The ridge cleared": no Confederate infantry unit has a stand on the ridge;
/// - "The ridge held": three or more Confederate infantry units have stands on the ridge.
///
/// An objective of another name is never met (the scenario's test refuses one).
#[must_use]
pub fn objective_met(g: &Rotr, o: &Objective) -> bool {
    let Some(poly) = area(g, &o.area) else { return false };
    match o.name.as_str() {
        "Camp Johnston" => {
            infantry(g, Side::Union).any(|u| centre_in(g, u, poly))
                && !g.unit_ids().filter(|&u| g.info(u).side == Side::Confederate).any(|u| {
                    g.body(u).is_some_and(|b| b.stands.iter().any(|s| table::within(&s.polygon(), poly, CAMP_CLEAR)))
                })
        }
        "The ridge cleared" => !infantry(g, Side::Confederate).any(|u| centre_in(g, u, poly)),
        "The ridge held" => infantry(g, Side::Confederate).filter(|&u| centre_in(g, u, poly)).count() >= RIDGE_HELD_BY,
        _ => false,
    }
}

/// The objectives' names [`objective_met`] knows.
pub const OBJECTIVES: [&str; 3] = ["Camp Johnston", "The ridge cleared", "The ridge held"];

/// Victory points, Union then Confederate: the objectives once the game is over.
#[must_use]
pub fn vp(g: &Rotr) -> [u32; 2] {
    let mut vp = [0u32; 2];
    if g.over() {
        for o in g.scenario().objectives.iter().filter(|o| objective_met(g, o)) {
            vp[usize::from(o.side == Side::Confederate)] += u32::from(o.vp);
        }
    }
    vp
}

/// The winner by the VP, or `None` for a draw (a margin of `draw_margin` or less).
#[must_use]
pub fn winner(g: &Rotr) -> Option<engine::Side> {
    let [u, c] = vp(g);
    let margin = u32::from(g.scenario().draw_margin);
    if u > c + margin {
        Some(engine::Side::Union)
    } else if c > u + margin {
        Some(engine::Side::Confederate)
    } else {
        None
    }
}

//! How long a unit needs to reach Camp Johnston or Hunter's Farm landing, in Game-Turns, for
//! the evaluation's timed plan (the exclusive rules' camp and embarkation): the cheapest
//! Movement Point cost from every hex to the nearest camp hex and to the nearest landing hex,
//! by the 5.19 chart (roads for the movers 6.11 lets use them), divided by the mover's
//! allowance. The map alone is priced: no unit, zone or retreat is in the way, so the answer
//! is a lower bound, and the evaluation keeps a margin over it.
//!
//! The tables are worked out once from the shipped map and charts (both immutable statics).

use crate::authored::{Cost, FormationChange, Mover};
use crate::oob::Kind;
use crate::state::{Formation, Gbacw, UnitId};
use crate::terrain::Terrain;
use hexmap::Hex;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The movers a journey is made by: infantry in Column (6.11's road), mounted cavalry,
/// limbered guns.
const MOVERS: [Mover; 3] = [Mover::Column, Mover::Mounted, Mover::Limbered];

/// Half Movement Points from each hex to the nearest goal hex, per mover in [`MOVERS`]' order,
/// and from the camp hex nearest the goal.
struct Table {
    cost: [HashMap<Hex, u32>; 3],
    from_camp: [Option<u32>; 3],
}

/// Where the plan goes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Goal {
    /// Any hex of Camp Johnston (the exclusive rule burns it from one).
    Camp,
    /// Hunter's Farm landing (the exclusive rule embarks from it).
    Landing,
}

fn table(goal: Goal) -> &'static Table {
    static CAMP: OnceLock<Table> = OnceLock::new();
    static LANDING: OnceLock<Table> = OnceLock::new();
    let cell = match goal {
        Goal::Camp => &CAMP,
        Goal::Landing => &LANDING,
    };
    cell.get_or_init(|| build(goal))
}

/// Camp Johnston's hexes on the shipped map.
pub(crate) fn camp_hexes() -> &'static [Hex] {
    static CAMP: OnceLock<Vec<Hex>> = OnceLock::new();
    CAMP.get_or_init(|| {
        crate::map::belmont().hexes().filter(|(_, v)| v.terrain == Terrain::Camp).map(|(h, _)| h).collect()
    })
}

/// The goal's hexes on the shipped map.
fn goal_hexes(goal: Goal) -> &'static [Hex] {
    match goal {
        Goal::Landing => &crate::scenario::belmont().embark_hexes,
        Goal::Camp => camp_hexes(),
    }
}

/// Every hex's cheapest cost to the goal: a search outward from the goal hexes pricing each
/// step the way a unit walking toward the goal would pay it (from `next` into `at`).
fn build(goal: Goal) -> Table {
    let map = crate::map::belmont();
    let charts = crate::authored::standard();
    let starts = goal_hexes(goal);
    let cost = MOVERS.map(|mover| {
        let mut best: HashMap<Hex, u32> = HashMap::new();
        for &s in starts {
            let r = hexmap::reach(
                s,
                u32::MAX / 2,
                |at, next| match charts.step_cost(map.step(next, at)?, mover) {
                    Cost::Mp(mp) => Some(u32::from(mp.halves())),
                    Cost::Prohibited => None,
                },
                |_| true,
            );
            for (h, (c, _)) in r.cost {
                best.entry(h).and_modify(|b| *b = (*b).min(c)).or_insert(c);
            }
        }
        best
    });
    let from_camp = std::array::from_fn(|i| camp_hexes().iter().filter_map(|c| cost[i].get(c).copied()).min());
    Table { cost, from_camp }
}

/// The mover unit `u` makes a journey as, and the half-MP it first spends getting into that
/// formation (6.2); `None` for counters that make none (wagons score nothing, 11.19; the
/// gunboats and the heavy guns do not go ashore).
fn journey_mover(g: &Gbacw, u: UnitId) -> Option<(Mover, u32)> {
    let charts = g.charts();
    let change = |c: FormationChange| u32::from(charts.formation_cost(c).halves());
    let f = g.unit(u).formation;
    match g.info(u).kind {
        Kind::Infantry => {
            Some((Mover::Column, if f == Formation::Column { 0 } else { change(FormationChange::LineColumn) }))
        }
        Kind::Cavalry => {
            Some((Mover::Mounted, if f == Formation::Mounted { 0 } else { change(FormationChange::MountDismount) }))
        }
        Kind::Battery { .. } => {
            Some((Mover::Limbered, if f == Formation::Limbered { 0 } else { change(FormationChange::LimberUnlimber) }))
        }
        _ => None,
    }
}

/// Game-Turns of movement mover `m` needs from `from` to the goal, with `extra` half-MP spent
/// first; `None` when the map offers no way.
fn turns_by(g: &Gbacw, m: Mover, from: Hex, goal: Goal, extra: u32) -> Option<f64> {
    let i = MOVERS.iter().position(|&x| x == m)?;
    let c = table(goal).cost[i].get(&from)?;
    let allowance = f64::from(g.charts().allowance(m).halves()).max(1.0);
    Some(f64::from(c + extra) / allowance)
}

/// Game-Turns unit `u` needs from hex `from` to the goal at its full allowance (formation
/// change included), or `None` if it makes no journey or has no way.
pub(crate) fn unit_turns(g: &Gbacw, u: UnitId, from: Hex, goal: Goal) -> Option<f64> {
    let (m, extra) = journey_mover(g, u)?;
    turns_by(g, m, from, goal, extra)
}

/// Game-Turns unit `u` needs from its hex to the camp and on from the camp to the landing
/// (in the short scenario, which ends before the day does, only to the camp).
pub(crate) fn round_trip(g: &Gbacw, u: UnitId, from: Hex) -> Option<f64> {
    let (m, extra) = journey_mover(g, u)?;
    let out = turns_by(g, m, from, Goal::Camp, extra)?;
    if !g.embarks() {
        return Some(out);
    }
    Some(out + back_from_camp(g, m)?)
}

/// Game-Turns mover `m` needs from the camp hex nearest the landing back to the landing.
fn back_from_camp(g: &Gbacw, m: Mover) -> Option<f64> {
    let i = MOVERS.iter().position(|&x| x == m)?;
    let c = table(Goal::Landing).from_camp[i]?;
    Some(f64::from(c) / f64::from(g.charts().allowance(m).halves()).max(1.0))
}

/// Game-Turns a commander needs from `from` to the landing: a column's (he goes with his men,
/// not at his horse's pace).
pub(crate) fn leader_turns(g: &Gbacw, from: Hex) -> Option<f64> {
    turns_by(g, Mover::Column, from, Goal::Landing, 0)
}

/// Game-Turns a column of infantry needs from `from` to the camp and on to the landing: a
/// commander's round trip is his men's, not his horse's.
pub(crate) fn column_round_trip(g: &Gbacw, from: Hex) -> Option<f64> {
    let out = turns_by(g, Mover::Column, from, Goal::Camp, 0)?;
    if !g.embarks() {
        return Some(out);
    }
    Some(out + back_from_camp(g, Mover::Column)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_road_brings_a_column_home_faster_than_the_woods() {
        let g = crate::testkit::empty();
        let u = g.unit_by_id("27IL").expect("27IL");
        // The camp's gap (2130) is on the farm road; 1830 is in the timber beside the ridge.
        let road = unit_turns(&g, u, crate::testkit::hex("2130"), Goal::Landing).unwrap();
        let woods = unit_turns(&g, u, crate::testkit::hex("1330"), Goal::Landing).unwrap();
        assert!(road < woods, "{road} against {woods}");
        assert!(road > 2.0 && road < 6.0, "about 40 road hexes at 12 a turn, plus forming column: {road}");
        let landing = crate::scenario::belmont().embark_hexes[0];
        assert!(unit_turns(&g, u, landing, Goal::Landing).unwrap() < 0.5);
    }
}

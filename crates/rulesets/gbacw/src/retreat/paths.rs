//! 14.1-14.4, 5.17, R31, R32: the hexes a retreat may go on to. The owner chooses among them
//! (14.4: "the final say"); what is offered is every hex that begins a continuation of the
//! full length the retreat still owes.
//!
//! Readings:
//! - R32: each step ends strictly farther (in hexes) from the hex the retreat began in, so no
//!   hex is entered twice (14.4), and never nearer the enemy's retreat edge (the map's 14.4
//!   edges: toward one's own lines, away from the enemy's).
//! - 14.1, 5.17: never into an enemy unit's hex, off the map, into water or across a hexside
//!   a forced retreat may not cross (the authored 5.19 "retreat" column). An enemy leader
//!   alone does not stop a retreat; he is captured (17.75).
//! - 14.3, R31, read over whole continuations: one that enters no hex holding other friendly
//!   units is always open (14.2 lets it pass enemy zones, drawing retreat fire); one through
//!   friendly units only when no continuation is both vacant of friends and clear of enemy
//!   zones. With none at all the retreat cannot be made (13.31, 14.1: captured).
//! - 14.4's advice to follow the cheapest terrain is the owner's to weigh: the retreating
//!   player has "the final say" among the paths these rules leave open.
//! - 14.4's "away from Enemy" (the second audit): where some continuation never steps nearer
//!   the nearest enemy unit than the hex it leaves, only those are open; where none does, any
//!   (R32 still holds). So a displaced unit does not fall back into the hex its side has just
//!   lost in melee, beside the enemy, while another way is open.
//! - A routed gunboat steams away by river hexes alone, in no zone and past any friend (plan
//!   2.5 c); with no way open it stays where it is, for no land unit can take it
//!   ([`super::capture`]).

use crate::map::Edge;
use crate::state::{Formation, Gbacw, UnitId};
use crate::zoc::{self, Purpose};
use engine::Side;
use hexmap::Hex;

/// How far `h` lies from `edge`, in rows or columns.
fn edge_distance(g: &Gbacw, h: Hex, edge: Edge) -> i32 {
    let (c, r) = h.col_row();
    let (cols, rows) = (g.map().cols(), g.map().rows());
    i32::from(match edge {
        Edge::North => r - 1,
        Edge::South => rows - r,
        Edge::East => cols - c,
        Edge::West => c - 1,
    })
}

/// Whether `units` are gunboats alone, which retreat along the river (plan 2.5 c).
#[must_use]
pub fn afloat(g: &Gbacw, units: &[UnitId]) -> bool {
    !units.is_empty() && units.iter().all(|&u| matches!(g.info(u).kind, crate::oob::Kind::Gunboat { .. }))
}

/// 14.1, 5.17, R32: whether a retreat of `side`'s `units` begun in `start` may step from
/// `from` into the adjacent `to`, whatever friendly units or zones are there. Gunboats go by
/// river hexes only (plan 2.5 c).
#[must_use]
pub fn open_step(g: &Gbacw, side: Side, units: &[UnitId], start: Hex, from: Hex, to: Hex) -> bool {
    let map = g.map();
    let Some(terrain) = map.terrain(to) else { return false };
    if to.distance(start) <= from.distance(start) {
        return false;
    }
    let edge = map.retreat_edge(side.enemy());
    if edge_distance(g, to, edge) < edge_distance(g, from, edge) {
        return false;
    }
    if g.units_here(to).any(|u| g.side_of(u) != side) {
        return false;
    }
    if afloat(g, units) {
        return terrain == crate::terrain::Terrain::River;
    }
    g.charts().retreat_may_step(terrain, map.hexside(from, to))
}

/// Whether `h` holds friendly units other than those retreating, wagons apart (14.3, 8.15;
/// 11.17: a wagon is never displaced).
#[must_use]
pub fn friendly(g: &Gbacw, side: Side, h: Hex, own: &[UnitId]) -> bool {
    crate::stacking::friends_at(g, h, side)
        .into_iter()
        .any(|u| !own.contains(&u) && !crate::fire::wagon::is_wagon_itself(g, u))
}

/// The zone purpose a retreat of `units` meets (10.0: mounted cavalry's zone only stops
/// mounted cavalry).
#[must_use]
pub fn purpose(g: &Gbacw, units: &[UnitId]) -> Purpose {
    let mounted = !units.is_empty() && units.iter().all(|&u| g.unit(u).formation == Formation::Mounted);
    Purpose::Fire { mounted }
}

/// Every continuation of `left` hexes from `from` of a retreat begun in `start`.
fn continuations(g: &Gbacw, side: Side, units: &[UnitId], start: Hex, from: Hex, left: u8) -> Vec<Vec<Hex>> {
    if left == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for to in from.neighbours() {
        if !open_step(g, side, units, start, from, to) {
            continue;
        }
        for mut rest in continuations(g, side, units, start, to, left - 1) {
            rest.insert(0, to);
            out.push(rest);
        }
    }
    out
}

/// The hexes a retreat of `units` of `side`, begun in `start` and now in `from` with `left`
/// hexes still owed, may enter next (14.3 and R31 applied over the continuations); with
/// `no_zoc` (12.92's melee retreats) never through an enemy zone.
#[must_use]
pub fn next_hexes(g: &Gbacw, side: Side, units: &[UnitId], start: Hex, from: Hex, left: u8, no_zoc: bool) -> Vec<Hex> {
    let mut all = continuations(g, side, units, start, from, left);
    if afloat(g, units) {
        // A gunboat is in no zone and stacks with no one.
        let mut out: Vec<Hex> = all.iter().map(|p| p[0]).collect();
        out.sort();
        out.dedup();
        return out;
    }
    let purpose = purpose(g, units);
    if no_zoc {
        all.retain(|p| !p.iter().any(|&h| zoc::in_enemy_zoc(g, side, h, purpose)));
    }
    let through_friends = |p: &Vec<Hex>| p.iter().any(|&h| friendly(g, side, h, units));
    let in_zone = |p: &Vec<Hex>| p.iter().any(|&h| zoc::in_enemy_zoc(g, side, h, purpose));
    let clean = all.iter().any(|p| !through_friends(p) && !in_zone(p));
    all.retain(|p| !clean || !through_friends(p));
    // 14.4 "away from Enemy": where some continuation never steps nearer the enemy, only those.
    let enemy: Vec<Hex> = g.unit_ids().filter(|&u| g.side_of(u) != side).filter_map(|u| g.hex_of(u)).collect();
    let nearest = |h: Hex| enemy.iter().map(|e| e.distance(h)).min().unwrap_or(u16::MAX);
    let away =
        |p: &Vec<Hex>| std::iter::once(&from).chain(p.iter()).zip(p.iter()).all(|(&a, &b)| nearest(b) >= nearest(a));
    if all.iter().any(away) {
        all.retain(away);
    }
    let mut out: Vec<Hex> = all.iter().map(|p| p[0]).collect();
    out.sort();
    out.dedup();
    out
}

/// 5.17: whether the only way on from `from` would leave the map (for the log's word).
#[must_use]
pub fn at_edge(g: &Gbacw, from: Hex) -> bool {
    from.neighbours().iter().any(|&n| !g.map().contains(n))
}

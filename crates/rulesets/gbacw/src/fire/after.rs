//! What a fire leaves to the owners: 17.53, a leader whose stack fire eliminated goes to the
//! nearest combat unit of his command (the owner's choice among the nearest); 8.41, a stack
//! whose top unit ran out of ammunition may be reordered at the end of the Fire Phase.
//!
//! Readings:
//! - 17.53 "his command": a brigade commander's brigade; a division commander's attached
//!   brigades; an other commander's (17.3), every friendly combat unit. With none of his
//!   command on the map, the nearest friendly combat unit; with none at all, he stays.
//!   Distance is in hexes.
//! - 17.53's second sentence: a leader left alone by fire (or a retreat's capture) in a hex
//!   every neighbour of which is off the map, impassable, enemy-held or in an enemy zone
//!   (for paths, 10.4; a friendly unit there opens it) is captured instead of placed.
//! - 8.41: the firing player may put units of such a stack on top while the Fire Phase is
//!   pending, each unit once a phase (so the phase stays finite).

use crate::command;
use crate::state::{Gbacw, LeaderId, UnitId};
use engine::Side;
use hexmap::Hex;

/// Whether unit `u` is in leader `l`'s command (17.53).
#[must_use]
pub fn in_command_of(g: &Gbacw, l: LeaderId, u: UnitId) -> bool {
    if g.side_of(u) != g.leader_info(l).2 {
        return false;
    }
    let b = command::unit_brigade(g, u);
    match command::brigade(g, l) {
        Some(own) => b == Some(own),
        None if command::is_division(g, l) => b.is_some_and(|b| command::division_of(g, b) == Some(l)),
        None => true,
    }
}

/// 17.53: the hexes nearest `from` holding a combat unit of `l`'s command (or, with none on
/// the map, any friendly combat unit), nearest first and all at that distance.
#[must_use]
pub fn nearest_command(g: &Gbacw, l: LeaderId, from: Hex) -> Vec<Hex> {
    let side = g.leader_info(l).2;
    let friendly = |u: UnitId| g.side_of(u) == side && !matches!(g.info(u).kind, crate::oob::Kind::Wagon { .. });
    let mut hexes: Vec<Hex> =
        g.unit_ids().filter(|&u| friendly(u) && in_command_of(g, l, u)).filter_map(|u| g.hex_of(u)).collect();
    if hexes.is_empty() {
        hexes = g.unit_ids().filter(|&u| friendly(u)).filter_map(|u| g.hex_of(u)).collect();
    }
    let Some(best) = hexes.iter().map(|h| h.distance(from)).min() else { return Vec::new() };
    hexes.retain(|h| h.distance(from) == best);
    hexes.sort();
    hexes.dedup();
    hexes
}

/// 17.53: the leaders of `owner` left alone in `h` by the fire, each with the hexes he may be
/// placed in (more than one: the owner chooses).
#[must_use]
pub fn stranded(g: &Gbacw, h: Hex, owner: Side) -> Vec<(LeaderId, Vec<Hex>)> {
    if g.units_here(h).any(|u| g.side_of(u) == owner) {
        return Vec::new();
    }
    crate::leaders::leaders_at(g, h, owner)
        .into_iter()
        .map(|l| (l, nearest_command(g, l, h)))
        .filter(|(_, hexes)| !hexes.is_empty())
        .collect()
}

/// 17.53: whether a leader of `side` alone in `h` is surrounded: no neighbour he could go to.
#[must_use]
pub fn surrounded(g: &Gbacw, h: Hex, side: Side) -> bool {
    use crate::zoc::{self, Purpose};
    h.neighbours().into_iter().all(|n| {
        let units = g.units_at(n);
        !g.map().contains(n)
            || zoc::impassable_hex(g, n)
            || zoc::impassable_side(g, h, n)
            || units.iter().any(|&u| g.side_of(u) != side)
            || (units.is_empty() && zoc::in_enemy_zoc(g, side, n, Purpose::Paths))
    })
}

/// Places leader `l` in `to` (17.53).
pub fn place(g: &mut Gbacw, l: LeaderId, to: Hex) {
    g.leaders[usize::from(l)].loc = crate::state::Loc::Map(to);
    let name = g.leader_info(l).1;
    g.log.push("GBACW 17.53", || format!("{name}, his stack gone, joins the nearest unit of his command in {to}."));
}

/// 8.41: the units the firing side may put on top now: in a hex listed (its top unit ran out
/// of ammunition this phase), not on top already, not raised already this phase.
#[must_use]
pub fn may_raise(g: &Gbacw, reorder: &[Hex], raised: &[UnitId], side: Side) -> Vec<UnitId> {
    let mut out = Vec::new();
    for &h in reorder {
        let stack: Vec<UnitId> = g.units_at(h).into_iter().filter(|&u| g.side_of(u) == side).collect();
        out.extend(stack.into_iter().skip(1).filter(|u| !raised.contains(u)));
    }
    out
}

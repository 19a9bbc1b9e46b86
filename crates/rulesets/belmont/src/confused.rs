//! 10.0 Confused Orders: the blue and gray dice (10.0), the Union reserve (10.1),
//! forced melee (10.2), the exceptions (10.3), non-activated leaders (10.4) and Grant's
//! immunity (10.5).
//!
//! Reading: units that are confused (gray 1-5) take no other part in the activation:
//! on 1-3 they move one hex in the blue die's direction first, on 4-5 they stand. Units
//! exempt under 10.1 and 10.5 operate normally.
//!
//! 13.2.3 against 10.0: looting Union troops stay put under Confused Orders too (and the
//! leaders among them do not go along, 10.4); they are still confused for the activation.
//!
//! Reading (10.2 with 4.3.2, 6.0, 6.7): a leader is forced into an enemy hex only with a
//! company of his own command forced in across the same hexside; otherwise he stays, as
//! 10.3 keeps artillery out of forced melee. Army and brigade leaders never attack (6.0).

use crate::action::Action;
use crate::charts;
use crate::counters::{Kind, Rank, UnitId};
use crate::fire;
use crate::map::Terrain;
use crate::sequence::{activated, guarding, looting};
use crate::state::{Belmont, Loc, Marker};
use engine::Side;
use hexmap::Direction;

/// 10.5: Grant himself and anything stacked with or adjacent to him is immune, a gunboat
/// he is aboard included. Reading: "any company or leader" near Grant means his own side's;
/// he does not steady the enemy.
fn near_grant(g: &Belmont, u: UnitId) -> bool {
    let Some(h) = g.hex_of(u) else { return false };
    g.owner(u) == Side::Union
        && g.ids().any(|l| {
            g.counter(l).side == Side::Union
                && g.rank(l) == Some(Rank::Army)
                && (g.unit(l).loc == Loc::Aboard(u) || g.hex_of(l).is_some_and(|gh| gh.distance(h) <= 1))
        })
}

/// Reading (10.0 with 11.5, 10.3): the gunboats of a confused HQ activation are confused
/// too, but a one-hex move fits no river section and 10.3 bars forced moves into the river:
/// they stay in place and take no part, as Iron Banks batteries do (10.5 frees one beside
/// or carrying Grant).
fn gunboats_hold(g: &mut Belmont, affected: &[UnitId]) {
    let gunboats: Vec<UnitId> = affected.iter().copied().filter(|&v| g.is_vessel(v)).collect();
    for v in gunboats {
        let n = g.name(v);
        g.log.push("Belmont 10.3", || format!("{n} stays in place under Confused Orders."));
    }
}

pub(crate) fn roll(g: &mut Belmont, chit: u8, a: &Action) {
    let Action::RollPair { blue, gray } = *a else { unreachable!() };
    let name = g.chit_name(chit);
    let dir = Direction::from_die(blue).expect("die face");
    let affected: Vec<UnitId> = g
        .ids()
        .filter(|&u| {
            activated(g, u)
                && g.hex_of(u).is_some()
                && !guarding(g, u)
                && !near_grant(g, u)
                && (!g.is_vessel(u) || g.counter(u).kind == Kind::Gunboat)
        })
        .collect();
    if gray >= charts::CONFUSED_NORMAL_ON {
        g.log.push("Belmont 10.0", || {
            format!("Confused Orders for {name}: blue {blue}, gray {gray}: the orders are deciphered.")
        });
        return;
    }
    if gray > charts::CONFUSED_MOVE_MAX {
        g.log.push("Belmont 10.0", || {
            format!("Confused Orders for {name}: blue {blue}, gray {gray}: the regiment stays in place.")
        });
        gunboats_hold(g, &affected);
        g.act.as_mut().expect("activation").frozen.extend(affected);
        return;
    }
    g.log.push("Belmont 10.0", || {
        format!("Confused Orders for {name}: blue {blue}, gray {gray}: the regiment moves one hex {}.", dir.name())
    });
    gunboats_hold(g, &affected);
    // 13.2.3: looters may not move, and Confused Orders do not move them either.
    let looters: Vec<UnitId> = affected.iter().copied().filter(|&u| looting(g, u)).collect();
    for u in looters {
        let n = g.name(u);
        g.log.push("Belmont 13.2.3", || format!("{n}, looting the camp, stays in place."));
    }
    let mut movers: Vec<UnitId> = affected
        .iter()
        .copied()
        .filter(|&u| g.counter(u).kind != Kind::IronBanks && !g.is_vessel(u) && !looting(g, u))
        .collect();
    // All move in the same direction at once: companies before leaders (so a broken
    // company still finds its regiment leader beside it, 10.2), and the hexes farthest
    // along the blue direction first (so a column is not blocked by its own rear, 10.3).
    let (dq, dr) = dir.offset();
    let ahead = |h: hexmap::Hex| {
        i32::from(h.q) * i32::from(dq) + i32::from(h.r) * i32::from(dr) + i32::from(h.s()) * i32::from(-dq - dr)
    };
    movers.sort_by_key(|&u| (g.is_leader(u), std::cmp::Reverse(g.hex_of(u).map_or(0, ahead))));
    let start: Vec<(UnitId, hexmap::Hex)> = movers.iter().filter_map(|&u| g.hex_of(u).map(|h| (u, h))).collect();
    // 10.4: non-activated leaders with moving companies go along, unless a company of
    // their own command stays behind in the hex.
    let mut followers = Vec::new();
    for l in g.ids() {
        if !g.is_leader(l) || activated(g, l) || g.owner(l) != g.act.as_ref().expect("activation").side {
            continue;
        }
        let Some(h) = g.hex_of(l) else { continue };
        let moving_here = movers.iter().any(|&u| g.hex_of(u) == Some(h));
        let own_staying =
            g.side_at(h, g.owner(l)).iter().any(|&c| !g.is_leader(c) && !activated(g, c) && g.commands(l, c));
        if moving_here && !own_staying && !near_grant(g, l) && !looting(g, l) {
            followers.push(l);
        }
    }
    for u in movers {
        forced_move(g, u, dir);
    }
    for l in followers {
        if let Some(h) = g.hex_of(l) {
            let to = h.neighbour(dir);
            // 10.4: he goes with the companies, so only if one of them did go.
            let went = start.iter().any(|&(u, s)| s == h && !g.is_leader(u) && g.hex_of(u) == Some(to));
            if went && crate::movement::cost(g, l, h, to).is_some() && g.holder(to).is_none_or(|s| s == g.owner(l)) {
                g.set_loc(l, Loc::Hex(to));
            }
        }
    }
    g.act.as_mut().expect("activation").frozen.extend(affected);
}

/// 10.2 with 4.3.2, 6.0 and 6.7: whether a confused leader goes into the enemy hex `to`.
/// Only infantry companies and regiment leaders attack (6.0), a regiment leader enters a
/// melee hex only with a unit of his command (4.3.2; a cavalry leader, his cavalry in a
/// charge), and a leader alone would only be captured (6.7); so, as 10.3 keeps artillery
/// out, a leader is forced in only when a company of his command was forced into the same
/// hex across the same hexside (companies move before leaders). Army and brigade leaders
/// never are: they do not attack.
fn leads_company_in(g: &Belmont, l: UnitId, from: hexmap::Hex, to: hexmap::Hex) -> bool {
    g.rank(l) == Some(Rank::Regiment)
        && g.markers.iter().any(|m| {
            m.forced
                && !m.resolved
                && m.target == to
                && m.entry == from
                && m.group.iter().any(|&c| !g.is_leader(c) && g.commands(l, c))
        })
}

/// 10.2 / 10.3: one unit's forced move.
fn forced_move(g: &mut Belmont, u: UnitId, dir: Direction) {
    let from = g.hex_of(u).expect("on map");
    let to = from.neighbour(dir);
    let n = g.name(u);
    let stay = |g: &mut Belmont, why: &str| {
        let why = why.to_string();
        g.log.push("Belmont 10.3", || format!("{n} stays in place: {why}."));
    };
    // 10.3: not off the board or into the river.
    let Some(info) = g.map().get(to) else {
        return stay(g, "the move would leave the map");
    };
    if matches!(info.terrain, Terrain::River | Terrain::Entrenchment) || crate::movement::cost(g, u, from, to).is_none()
    {
        return stay(g, "the move is into the river or prohibited terrain");
    }
    let side = g.owner(u);
    let enemy_there = g.holder(to) == Some(side.enemy());
    let kind = g.counter(u).kind;
    if enemy_there {
        let charge = kind == Kind::Cavalry || g.is_cavalry_leader(u);
        match kind {
            Kind::FieldArtillery => return stay(g, "artillery is not forced into an enemy hex"),
            Kind::Cavalry if !crate::melee::chargeable(g, to, side.enemy()) => {
                return stay(g, "cavalry may be forced into a charge, not a melee");
            }
            Kind::Infantry if g.unit(u).flipped => {
                let leader_along =
                    g.ids().any(|l| g.is_leader(l) && g.commands(l, u) && g.hex_of(l) == Some(from) && activated(g, l));
                if !leader_along {
                    return stay(g, "broken, without its regimental leader");
                }
            }
            Kind::Leader if !leads_company_in(g, u, from, to) => {
                return stay(g, "a leader is not forced into an enemy hex without a company of his command");
            }
            _ => {}
        }
        // 10.2: a marker is placed and the unit enters the melee hex.
        let idx = match g.markers.iter().position(|m| m.target == to && m.entry == from && m.forced) {
            Some(i) => i,
            None => {
                g.markers.push(Marker {
                    target: to,
                    entry: from,
                    group: vec![],
                    second: None,
                    charge,
                    forced: true,
                    resolved: false,
                    rolled: vec![],
                });
                g.markers.len() - 1
            }
        };
        g.markers[idx].group.push(u);
        g.set_loc(u, Loc::Hex(to));
        g.unit_mut(u).moved = true;
        g.log.push("Belmont 10.2", || format!("{n} is forced into melee at {to}."));
        fire::after_entering(g, u, to, None);
        return;
    }
    if !crate::setup::stack_ok(g, u, to) {
        return stay(g, "the hex would be over-stacked");
    }
    if kind == Kind::FieldArtillery && matches!(info.terrain, Terrain::Marsh | Terrain::Pond) {
        return stay(g, "artillery is not forced into marsh or pond");
    }
    g.set_loc(u, Loc::Hex(to));
    g.unit_mut(u).moved = true;
    g.log.push("Belmont 10.0", || format!("{n} moves {from} to {to} under Confused Orders."));
    if !crate::movement::embark_at_hunters_farm(g, u, to) {
        fire::after_entering(g, u, to, None);
    }
}

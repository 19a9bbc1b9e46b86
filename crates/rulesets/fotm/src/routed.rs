//! The automatic moves at the start of a side's Movement Phase: routed brigades (17.4) and
//! guards with their prisoners (17.5) making for the nearest road and along it off the map by
//! one of their side's entry hexes, and brigades sent after the broken-out Union cavalry (8.5)
//! making for the West edge by the cheapest path.
//!
//! Readings:
//! - The engine picks the path: the cheapest (in MP) way to the nearest road hex (ties: the
//!   lower hex), then the cheapest way along road
//!   hexsides to the nearest entry hex of the side. A unit that cannot go on stops.
//! - A unit reaching its exit hex (an entry hex; for pursuers any West-edge hex) leaves the
//!   map at once: the step off costs nothing.
//! - Routed brigades and pursuers never enter an enemy ZOC or an enemy-held hex (17.4; 6.1 for
//!   pursuers, who route round it). Guards are not units (1.3): they ignore ZOC but never enter
//!   an enemy-held hex, and move on foot (as infantry) with 4 MP (13.1).
//! - 13.1's one hex always applies. A brigade that would end over-stacked (4.1) stops on the
//!   last hex of its path where it may end.
//! - 8.5 whole brigades: the Confederates designate whole brigades until the SP sent cover the
//!   SP owed (the last brigade may send more than owed); SP owed for an exit are due from the
//!   next turn's Confederate Movement Phase.

use crate::facing;
use crate::movement::{self, Ctx, GUARD_MP};
use crate::oob::Arm;
use crate::state::{Bid, Fate, Fotm, Loc};
use crate::victory;
use engine::Side;
use hexmap::Hex;

/// 8.5: the radius round an exit hex the pursuit is drawn from first.
pub const PURSUIT_RADIUS: u16 = 7;
/// A budget no path on the map reaches, for searches without a limit (half MP).
const UNLIMITED: u32 = 10_000;

/// 8.5: records a Union cavalry exit for the pursuit.
pub(crate) fn record_exit(g: &mut Fotm, hex: Hex, sp: u8) {
    g.breakout_exits.push((hex, g.turn, sp));
}

/// 8.5: the SP the Confederates must still designate now (exits of earlier turns).
#[must_use]
pub(crate) fn pursuit_due(g: &Fotm) -> u8 {
    let this_turn: u8 = g.breakout_exits.iter().filter(|e| e.1 == g.turn).map(|e| e.2).sum();
    g.pursuit_owed.saturating_sub(this_turn)
}

/// 8.5: the brigades the Confederates may designate now: un-routed infantry and cavalry
/// within seven hexes of an exit hex, or failing any, the closest.
#[must_use]
pub(crate) fn pursuit_candidates(g: &Fotm) -> Vec<Bid> {
    if pursuit_due(g) == 0 {
        return vec![];
    }
    let exits: Vec<Hex> = g.breakout_exits.iter().filter(|e| e.1 < g.turn).map(|e| e.0).collect();
    let pool: Vec<(Bid, u16)> = g
        .on_map(Side::Confederate)
        .filter(|&b| {
            let d = g.bde(b);
            !d.routed && !d.pursuing && matches!(g.arm(b), Arm::Infantry | Arm::Cavalry)
        })
        .filter_map(|b| {
            let h = g.hex_of(b)?;
            exits.iter().map(|e| e.distance(h)).min().map(|d| (b, d))
        })
        .collect();
    let Some(nearest) = pool.iter().map(|p| p.1).min() else { return vec![] };
    let cut = nearest.max(PURSUIT_RADIUS);
    pool.into_iter().filter(|p| p.1 <= cut).map(|p| p.0).collect()
}

/// 8.5: the Confederates send this brigade after the cavalry.
pub(crate) fn designate(g: &mut Fotm, b: Bid) {
    let sp = g.printed_sp(b).min(pursuit_due(g));
    g.pursuit_owed -= sp;
    g.bde_mut(b).pursuing = true;
    g.note("FotM 8.5", |g| format!("{} is sent off the map after the Union cavalry", g.name(b)));
}

/// Runs the automatic moves of `side` (17.4, 17.5, 8.5).
pub(crate) fn run(g: &mut Fotm, side: Side) {
    let routed: Vec<Bid> = g.on_map(side).filter(|&b| g.bde(b).routed).collect();
    for b in routed {
        g.bde_mut(b).moved = true;
        let exits: Vec<Hex> = g.map().entries_of(side).iter().map(|e| e.hex).collect();
        let foot = movement::moves_on_foot(g, b);
        let budget = movement::allowance(g, b);
        match walk(g, side, b, foot, budget, &exits, true, true) {
            Walk::Exited => crate::steps::eliminate(g, b, Fate::RoutedOff, "FotM 17.4"),
            Walk::Stayed => {}
        }
    }
    for i in 0..g.guards.len() {
        let gd = &g.guards[i];
        if gd.side != side || gd.done || gd.hex.is_none() {
            continue;
        }
        let exits: Vec<Hex> = g.map().entries_of(side).iter().map(|e| e.hex).collect();
        let gi = u8::try_from(i).expect("few guards");
        if matches!(walk_guard(g, side, gi, &exits), Walk::Exited) {
            guard_exits(g, i);
        }
    }
    let pursuers: Vec<Bid> = g.on_map(side).filter(|&b| g.bde(b).pursuing).collect();
    for b in pursuers {
        g.bde_mut(b).moved = true;
        let exits = g.map().west_edge();
        let foot = movement::moves_on_foot(g, b);
        let budget = movement::allowance(g, b);
        if matches!(walk(g, side, b, foot, budget, &exits, true, false), Walk::Exited) {
            g.set_loc(b, Loc::Gone(Fate::Pursued));
            g.note("FotM 8.5", |g| format!("{} leaves the map after the Union cavalry", g.name(b)));
        }
    }
}

/// 17.5: a guard and its prisoners leave the map.
fn guard_exits(g: &mut Fotm, i: usize) {
    let side = g.guards[i].side;
    let prisoners = g.guards[i].prisoners.clone();
    for p in prisoners {
        g.set_loc(p, Loc::Gone(Fate::Captured));
        g.score(side, victory::vp::CAPTURED_EXITED, "FotM 17.5", |g| {
            format!("{} escorted off the map as prisoners", g.name(p))
        });
    }
    let turn = g.turn;
    let gd = &mut g.guards[i];
    gd.hex = None;
    gd.rejoins = Some(turn + 1);
    g.note("FotM 17.5", |_| format!("A {} guard leaves the map; it rejoins next turn", side.title()));
}

/// How an automatic move ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Walk {
    /// Off the map.
    Exited,
    /// Still on the map (perhaps where it began).
    Stayed,
}

/// A guard's move: 4 MP on foot (17.5).
fn walk_guard(g: &mut Fotm, side: Side, gi: u8, exits: &[Hex]) -> Walk {
    let Some(start) = g.guards[usize::from(gi)].hex else { return Walk::Stayed };
    let ctx = Ctx::new(g, side);
    let route = plan(g, &ctx, start, true, exits, false, true);
    let (end, out) = spend(g, &route, true, GUARD_MP * 2, exits);
    g.guards[usize::from(gi)].hex = Some(end);
    if end != start {
        g.note("FotM 17.5", |_| format!("A {} guard moves {start} to {end}", side.title()));
    }
    out
}

/// A brigade's automatic move: plan a route, spend the MP along it, stop where it may end.
#[allow(clippy::too_many_arguments)]
fn walk(
    g: &mut Fotm,
    side: Side,
    b: Bid,
    foot: bool,
    budget: u8,
    exits: &[Hex],
    avoid_zoc: bool,
    by_road: bool,
) -> Walk {
    let Some(start) = g.hex_of(b) else { return Walk::Stayed };
    let ctx = Ctx::new(g, side);
    let route = plan(g, &ctx, start, foot, exits, avoid_zoc, by_road);
    let (mut end, out) = spend(g, &route, foot, budget, exits);
    if out == Walk::Exited {
        // Through every hex of the path, the exit hex included, then off (18.1, 10.4).
        let upto = route.iter().position(|&h| h == end).unwrap_or(0);
        for &h in &route[1..=upto] {
            g.set_loc(b, Loc::Map(h));
        }
        if g.bde(b).routed {
            crate::retreat::commanders_left(g, start, side, "FotM 17.4");
        }
        return out;
    }
    // 4.1: back along the route to a hex it may end in.
    let upto = route.iter().position(|&h| h == end).unwrap_or(0);
    for &h in route[..=upto].iter().rev() {
        end = h;
        if h == start || crate::stacking::has_room(g, h, b) {
            break;
        }
    }
    if end != start {
        let at_end = route.iter().position(|&h| h == end).unwrap_or(1).max(1);
        let prev = route[at_end - 1];
        // Through every hex of the path, as a moving brigade goes (18.1 control, 10.4 Lee).
        for &h in &route[1..=at_end] {
            g.set_loc(b, Loc::Map(h));
        }
        g.bde_mut(b).facing = facing::front_towards(prev, end);
        let rule = if g.bde(b).routed { "FotM 17.4" } else { "FotM 8.5" };
        g.note(rule, |g| format!("{} moves {start} to {end}", g.name(b)));
        if g.bde(b).routed {
            crate::retreat::commanders_left(g, start, side, rule);
        }
    }
    Walk::Stayed
}

/// Walks the route spending `budget` half MP (13.1: the first hex always); returns the hex
/// reached and whether an exit hex was reached.
fn spend(g: &Fotm, route: &[Hex], foot: bool, budget: u8, exits: &[Hex]) -> (Hex, Walk) {
    let mut at = route[0];
    if exits.contains(&at) {
        return (at, Walk::Exited);
    }
    let mut spent: u16 = 0;
    for (i, &next) in route.iter().enumerate().skip(1) {
        let Ok((half, stop)) = movement::terrain_cost(g, foot, at, next, false) else { break };
        if i > 1 && spent + u16::from(half) > u16::from(budget) {
            break;
        }
        spent += u16::from(half);
        at = next;
        if exits.contains(&at) {
            return (at, Walk::Exited);
        }
        if stop {
            break;
        }
    }
    (at, Walk::Stayed)
}

/// The route (start first): for 17.4/17.5 the nearest road, then along it to the nearest exit;
/// for 8.5 the cheapest path to any exit hex.
fn plan(g: &Fotm, ctx: &Ctx, start: Hex, foot: bool, exits: &[Hex], avoid_zoc: bool, by_road: bool) -> Vec<Hex> {
    let map = g.map();
    let open = |to: Hex| map.contains(to) && !ctx.enemy_at(to) && !(avoid_zoc && ctx.zoc(to));
    let price = |from: Hex, to: Hex| -> Option<u32> {
        if !open(to) {
            return None;
        }
        movement::terrain_cost(g, foot, from, to, false).ok().map(|(h, _)| u32::from(h))
    };
    if !by_road {
        let r = hexmap::reach(start, UNLIMITED, price, |_| true);
        let best = exits.iter().filter_map(|&e| r.cost.get(&e).map(|c| (c.0, e))).min();
        return best.and_then(|(_, e)| r.route(e)).unwrap_or_else(|| vec![start]);
    }
    let mut route = vec![start];
    let mut at = start;
    if !map.is_road_hex(start) {
        let r = hexmap::reach(start, UNLIMITED, price, |_| true);
        let best = r.cost.iter().filter(|(h, _)| map.is_road_hex(**h)).map(|(h, c)| (c.0, *h)).min();
        let Some((_, road)) = best else { return route };
        route = r.route(road).unwrap_or_else(|| vec![start]);
        at = road;
    }
    // Along road hexsides to the nearest exit.
    let r = hexmap::reach(
        at,
        UNLIMITED,
        |from, to| {
            if !map.road(from, to) {
                return None;
            }
            price(from, to)
        },
        |_| true,
    );
    if let Some((_, e)) = exits.iter().filter_map(|&e| r.cost.get(&e).map(|c| (c.0, e))).min()
        && let Some(rest) = r.route(e)
    {
        route.extend(rest.into_iter().skip(1));
    }
    route
}

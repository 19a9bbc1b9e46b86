//! The automatic moves at the start of a side's Movement Phase: routed brigades (17.4) and
//! guards with their prisoners (17.5) making for the nearest road and along it off the map by
//! one of their side's entry hexes, and brigades sent after the broken-out Union cavalry (8.5)
//! making for the West edge by the cheapest path.
//!
//! Readings:
//! - The engine picks the path. Routed brigades and guards: the cheapest (in MP) way to the
//!   nearest road hex (ties: the lower hex), then the cheapest way along road hexsides to the
//!   nearest entry hex of the side. Pursuers (8.5, "the shortest path (by MPs)"): the cheapest
//!   way to the West edge by the moves a player would make, forming column on a road hex
//!   (13.3) to march along the road at 1/2 MP a hex (13.2) where that is cheaper; the column
//!   is kept. A unit that cannot go on stops.
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
        let budget = movement::allowance(g, b);
        match walk(g, side, b, budget, &exits, false) {
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
        let budget = movement::allowance(g, b);
        if matches!(walk(g, side, b, budget, &exits, true), Walk::Exited) {
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

/// One leg of an automatic move: into `hex` (the hex it stands on, for forming column) for
/// `half` MP, whether it must stop there (13.2 woods), and whether it is in column after.
#[derive(Clone, Copy, Debug)]
struct Leg {
    hex: Hex,
    half: u8,
    stop: bool,
    column: bool,
}

/// The legs along `route` (start first) at the 13.2 costs out of column, up to the first hex
/// it cannot enter.
fn legs_along(g: &Fotm, route: &[Hex], foot: bool, column: bool) -> Vec<Leg> {
    let mut out = Vec::new();
    for w in route.windows(2) {
        let Ok((half, stop)) = movement::terrain_cost(g, foot, w[0], w[1], false) else { break };
        out.push(Leg { hex: w[1], half, stop, column });
    }
    out
}

/// A guard's move: 4 MP on foot (17.5).
fn walk_guard(g: &mut Fotm, side: Side, gi: u8, exits: &[Hex]) -> Walk {
    let Some(start) = g.guards[usize::from(gi)].hex else { return Walk::Stayed };
    let ctx = Ctx::new(g, side);
    let legs = legs_along(g, &plan(g, &ctx, start, true, exits, false), true, false);
    let (n, out) = spend(&legs, start, GUARD_MP * 2, exits);
    let end = legs[..n].last().map_or(start, |l| l.hex);
    g.guards[usize::from(gi)].hex = Some(end);
    if end != start {
        g.note("FotM 17.5", |_| format!("A {} guard moves {start} to {end}", side.title()));
    }
    out
}

/// A brigade's automatic move: plan a route (along the road for 17.4, the cheapest for 8.5),
/// spend the MP along it, stop where it may end.
fn walk(g: &mut Fotm, side: Side, b: Bid, budget: u8, exits: &[Hex], pursuit: bool) -> Walk {
    let Some(start) = g.hex_of(b) else { return Walk::Stayed };
    let foot = movement::moves_on_foot(g, b);
    let ctx = Ctx::new(g, side);
    let column = g.bde(b).column;
    let legs = if pursuit {
        pursuit_legs(g, &ctx, start, foot, column, exits)
    } else {
        legs_along(g, &plan(g, &ctx, start, foot, exits, true), foot, column)
    };
    let (n, out) = spend(&legs, start, budget, exits);
    let mut taken = &legs[..n];
    if out == Walk::Stayed {
        // 4.1: back along the route to a hex it may end in.
        while let Some(last) = taken.last() {
            if last.hex == start || crate::stacking::has_room(g, last.hex, b) {
                break;
            }
            taken = &taken[..taken.len() - 1];
        }
    }
    let Some(last) = taken.last().copied() else { return out };
    // Through every hex of the path, as a moving brigade goes (18.1 control, 10.4 Lee), the
    // exit hex included.
    let (mut prev, mut before) = (start, start);
    for leg in taken {
        if leg.hex != prev {
            g.set_loc(b, Loc::Map(leg.hex));
            before = prev;
            prev = leg.hex;
        }
    }
    if last.column != g.bde(b).column {
        g.bde_mut(b).column = last.column;
        g.note("FotM 13.3", |g| format!("{} forms column for the road", g.name(b)));
    }
    let rule = if g.bde(b).routed { "FotM 17.4" } else { "FotM 8.5" };
    if out == Walk::Stayed && last.hex != start {
        let end = last.hex;
        g.bde_mut(b).facing = facing::front_towards(before, end);
        g.note(rule, |g| format!("{} moves {start} to {end}", g.name(b)));
    }
    if g.bde(b).routed && last.hex != start {
        crate::retreat::commanders_left(g, start, side, rule);
    }
    out
}

/// Walks `legs` from `start` spending `budget` half MP (13.1: the first hex always; forming
/// column only with the MP for it); returns the legs taken and whether an exit hex was reached.
fn spend(legs: &[Leg], start: Hex, budget: u8, exits: &[Hex]) -> (usize, Walk) {
    if exits.contains(&start) {
        return (0, Walk::Exited);
    }
    let (mut spent, mut stepped, mut at) = (0u16, false, start);
    for (i, leg) in legs.iter().enumerate() {
        let step = leg.hex != at;
        if (stepped || !step) && spent + u16::from(leg.half) > u16::from(budget) {
            return (i, Walk::Stayed);
        }
        spent += u16::from(leg.half);
        stepped |= step;
        at = leg.hex;
        if exits.contains(&at) {
            return (i + 1, Walk::Exited);
        }
        if leg.stop {
            return (i + 1, Walk::Stayed);
        }
    }
    (legs.len(), Walk::Stayed)
}

/// 8.5 "the shortest path (by MPs)": the cheapest way to any exit hex by the moves a player
/// would make: off the road at the 13.2 costs, forming column on a road hex (13.3, 1 MP), and
/// along the road in column at 1/2 MP a hex (13.2); never into an enemy ZOC or an enemy-held
/// hex (6.1). Before, the pursuers never formed column and crawled a hex a turn down the
/// mountain roads (the eighth playtest).
fn pursuit_legs(g: &Fotm, ctx: &Ctx, start: Hex, foot: bool, column: bool, exits: &[Hex]) -> Vec<Leg> {
    use std::cmp::Reverse;
    use std::collections::{BinaryHeap, HashMap};
    type Node = (Hex, bool);
    let map = g.map();
    let open = |to: Hex| map.contains(to) && !ctx.enemy_at(to) && !ctx.zoc(to);
    let mut best: HashMap<Node, (u32, Option<(Node, Leg)>)> = HashMap::from([((start, column), (0, None))]);
    let mut heap = BinaryHeap::from([Reverse((0u32, start, column))]);
    let mut goal = None;
    while let Some(Reverse((cost, at, col))) = heap.pop() {
        if best.get(&(at, col)).is_some_and(|b| b.0 < cost) {
            continue;
        }
        if exits.contains(&at) {
            goal = Some((at, col));
            break;
        }
        let mut next: Vec<Leg> = Vec::new();
        if !col && map.is_road_hex(at) {
            next.push(Leg { hex: at, half: movement::FORMATION_COST * 2, stop: false, column: true });
        }
        for n in at.neighbours().into_iter().filter(|&n| open(n)) {
            let column_road = col && ctx.friendly_at(n) < movement::CROWDED;
            if let Ok((half, stop)) = movement::terrain_cost(g, foot, at, n, column_road) {
                next.push(Leg { hex: n, half, stop, column: col });
            }
        }
        for leg in next {
            let c = cost + u32::from(leg.half);
            let key = (leg.hex, leg.column);
            if best.get(&key).is_none_or(|b| c < b.0) {
                best.insert(key, (c, Some(((at, col), leg))));
                heap.push(Reverse((c, leg.hex, leg.column)));
            }
        }
    }
    let mut legs = Vec::new();
    let mut at = goal;
    while let Some(key) = at {
        let Some((_, Some((from, leg)))) = best.get(&key) else { break };
        legs.push(*leg);
        at = Some(*from);
    }
    legs.reverse();
    legs
}

/// The route (start first) for 17.4 and 17.5: the nearest road, then along it to the nearest
/// exit.
fn plan(g: &Fotm, ctx: &Ctx, start: Hex, foot: bool, exits: &[Hex], avoid_zoc: bool) -> Vec<Hex> {
    let map = g.map();
    let open = |to: Hex| map.contains(to) && !ctx.enemy_at(to) && !(avoid_zoc && ctx.zoc(to));
    let price = |from: Hex, to: Hex| -> Option<u32> {
        if !open(to) {
            return None;
        }
        movement::terrain_cost(g, foot, from, to, false).ok().map(|(h, _)| u32::from(h))
    };
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

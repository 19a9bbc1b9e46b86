//! How well a side stands, for bots that cut their searches short (`engine::Game::evaluate`).
//! Authored heuristics, not rules: the VP margin so far (victory::vp), the strength each side
//! still has in the field, a fire or a melee announced but not yet rolled at what its dice are
//! expected to do ([`pending_fire`], [`melee::pending_melee`]), and the Union's timed plan
//! ([`plan`]): the camp's prospect and the advance on it while a unit has time to go there and
//! come back, and each unit's danger of being left on the map at the end (the exclusive rules'
//! camp and embarkation), both timed by the unit's own journey over the map ([`journey`])
//! against the Union's Movement Phases left. Weights measured by bot-against-bot play
//! (`muster simulate gbacw-belmont`, docs/balance/README.md).

use crate::authored::Arm;
use crate::fire::FireFrame;
use crate::fire::resolve::{self, Group};
use crate::fire::wagon::is_wagon;
use crate::odds;
use crate::oob::Kind;
use crate::procedure::Frame;
use crate::scenario;
use crate::state::{Fate, Gbacw, Loc, Phase, UnitId};
use engine::Side;
use hexmap::Hex;
use journey::Goal;

mod exposure;
mod journey;
mod melee;
mod order;

/// Weight of a Strength Point (or gun) still in the field, in VP: a point lost is already a
/// VP to the enemy; one still standing is worth something more to its own side.
const FIELD: f64 = 0.3;
/// Hexes beyond which Union infantry has no hold on the camp this turn (the set-up's line is
/// about seventeen hexes off, so the pull is felt from the first move).
const CAMP_REACH: f64 = 30.0;
/// VP a hex for each unrouted Union regiment's advance on the camp while it stands: every
/// regiment counts, not only the nearest, so a search that moves any of them forward sees
/// the gain (as FotM's ADVANCE); small against a Strength Point lost (1 VP).
const ADVANCE: f64 = 0.05;
/// VP a hex a Union unit stands beyond its brigade commander's radius while the camp stands
/// (17.11), a little under [`ADVANCE`].
const COMMAND: f64 = 0.04;
/// Game-Turns of margin a regiment keeps over its bare journey to the landing (the map priced
/// with no enemy in the way): zones of control (10.0), a turn out of command (17.11) or a rout
/// (13.3) cost turns the journey does not count, so it should set out with this many to spare.
const LANDING_MARGIN: f64 = 3.0;
/// Game-Turns of margin kept over the round trip to the camp and back to the landing before
/// the camp stops pulling a unit forward: the way to the camp runs through Pillow's line.
const CAMP_MARGIN: f64 = 2.0;
/// Spread, in Game-Turns, of how the danger rises as the margin runs out: a turn's slack is
/// worth much, a few turns' nearly everything.
const TIME_WIDTH: f64 = 0.75;
/// VP a rout is worth to the side that caused it, beyond the points it cost: a routed unit
/// leaves the line and may not return for turns (13.3-13.5).
const ROUT: f64 = 1.0;
/// Spread of the logistic curve, in VP.
const SCALE: f64 = 12.0;

/// The current strength of `side`'s combat units (no wagons) on the map or safely aboard the
/// transports: a regiment that embarks is saved, not lost, so embarking never looks like a
/// loss to a search.
fn field(g: &Gbacw, side: Side) -> f64 {
    g.unit_ids()
        .filter(|&u| g.side_of(u) == side && !is_wagon(g, u))
        .filter(|&u| g.hex_of(u).is_some() || g.unit(u).loc == Loc::Gone(Fate::Embarked))
        .map(|u| f64::from(g.strength(u)))
        .sum()
}

/// What unit `u` would give the Confederates if captured as it stands (the embarkation rule).
fn captured_value(g: &Gbacw, u: UnitId) -> f64 {
    let s = &scenario::belmont().vp;
    let per = if crate::fire::has_rounds(g, u) { s.gun_captured } else { s.sp_captured };
    f64::from(g.strength(u)) * f64::from(per)
}

/// What a fire announced and not yet rolled is expected to win the firing side, in VP, with
/// the side: its shares ([`FireFrame::Declare`], or a resolution whose dice are still to
/// come) read as each arm's one die at the unit it hits first (9.16, 8.21), by the exact odds
/// of [`odds::fire`]. Without it a fire is worth nothing until its dice are rolled, and a
/// search that stops at the announcement or at a share (greedy's glance) never fires: the
/// announcement, the shares and the roll are three decisions. An estimate: long-range fire at
/// each unit of a stack (8.22) and the units beneath the first are left out.
fn pending_fire(g: &Gbacw) -> Option<(Side, f64)> {
    match g.stack.last()? {
        Frame::Fire(FireFrame::Declare(d)) if !d.shares.is_empty() => {
            let side = crate::fire::firing_side(g);
            let v = [Arm::SmallArms, Arm::Artillery]
                .into_iter()
                .map(|arm| Group {
                    arm,
                    shares: d.shares.iter().copied().filter(|s| s.arm == arm).collect(),
                    long: false,
                    dice: Vec::new(),
                })
                .filter(|grp| !grp.shares.is_empty())
                .map(|grp| group_value(g, &grp, d.target, side))
                .sum();
            Some((side, v))
        }
        Frame::Fire(FireFrame::Resolve(r))
            if r.stage == resolve::Stage::Dice && r.groups.iter().all(|grp| grp.dice.is_empty()) =>
        {
            Some((r.side, r.groups.iter().map(|grp| group_value(g, grp, r.target, r.side)).sum()))
        }
        _ => None,
    }
}

/// One arm's expected worth at the first unit it hits ([`pending_fire`]).
fn group_value(g: &Gbacw, grp: &Group, target: Hex, side: Side) -> f64 {
    let Some(t) = resolve::first_hit(g, side, target) else { return 0.0 };
    let density = resolve::density_points(g, target);
    let enfiladed = grp.shares.iter().any(|s| resolve::enfilades(g, s, t, target));
    let f = odds::Fire {
        column: resolve::group_column(g, grp, t, target, density),
        small_arms: grp.arm == Arm::SmallArms,
        morale: g.unit(t).morale,
        modifier: i32::from(enfiladed),
        initial: g.info(t).strength(),
        lost: g.unit(t).lost,
    };
    let o = odds::fire(&f);
    let s = &scenario::belmont().vp;
    let per = f64::from(if crate::fire::has_rounds(g, t) { s.gun_lost } else { s.sp_killed });
    let points: f64 = o.loss.iter().zip(0u8..).map(|(p, k)| p * f64::from(k)).sum();
    points * (per + FIELD) + o.routed * ROUT
}

/// The Union's Movement Phases still to come before its last Final Command Phase, the one
/// under way included: the turns a unit has to reach the landing and embark (the exclusive
/// rule: in the Union's Final Command Phase, which follows its Movement Phase).
fn moves_left(g: &Gbacw) -> f64 {
    let this = g.phasing == Side::Union && g.phase <= Phase::Movement;
    f64::from(g.last_turn().saturating_sub(g.turn)) + if this { 1.0 } else { 0.0 }
}

/// The chance, as a logistic over the turns to spare, that a journey needing `turns` of
/// movement with `left` to make it in falls short by more than `margin` allows.
fn short(left: f64, turns: f64, margin: f64) -> f64 {
    1.0 / (1.0 + ((left - turns - margin) / TIME_WIDTH).exp())
}

/// The chance the camp's timed plan gives a unit in hex `h`, `trip` Game-Turns of movement from
/// the camp (and back, in the full battle), of burning it with `left` Movement Phases to come.
/// In the short scenario, which needs the camp reached only: a unit standing unengaged in a camp
/// hex has it (the Union's Final Command Phase burns it, the exclusive rule), whatever the clock
/// says, and with no Movement Phase left a unit elsewhere has none. Without these the logistic
/// read a regiment in the camp on the last turn as a one-in-five chance and one beside it as
/// nearly the same, so the last step in was worth a fraction of a VP to the search and was not
/// taken (session 20: the camp left standing with a regiment a hex from it).
fn camp_time(g: &Gbacw, h: Hex, left: f64, trip: f64) -> f64 {
    if g.embarks() {
        return 1.0 - short(left, trip, CAMP_MARGIN);
    }
    if g.map().terrain(h) == Some(crate::terrain::Terrain::Camp) && !g.engaged.contains(&h) {
        1.0
    } else if left < 0.5 {
        0.0
    } else {
        1.0 - short(left, trip, short_margin(trip))
    }
}

/// The short scenario's margin over a journey of `trip` Game-Turns to the camp: as long as the
/// journey itself, up to [`CAMP_MARGIN`]. What the bare journey leaves out (zones, a turn out
/// of command, a rout) grows with the way still to go, and the camp need only be reached, not
/// left again; a flat two turns wrote off a regiment two hexes from the tents on the last turn
/// (its chance read 0.16), so the search saw a fraction of a VP in the steps toward them.
fn short_margin(trip: f64) -> f64 {
    trip.min(CAMP_MARGIN)
}

/// The timed plan: the camp's prospect and every Union unit's and leader's advance on it while
/// there is time to go there and come back (the exclusive rules' camp and embarkation), and
/// each Union unit's danger of being left on the map when the day ends, as a share of what its
/// capture would give the Confederates. The time is the unit's own journey by the 5.19 chart
/// ([`journey`]) against the Union's Movement Phases left, so a battery or a regiment deep in
/// the timber turns for home before a company of horse on the road does.
fn plan(g: &Gbacw) -> f64 {
    let ex = scenario::belmont();
    let left = moves_left(g);
    let mut m = 0.0;
    let camp = journey::camp_hexes();
    let to_camp = |h: Hex| camp.iter().map(|c| f64::from(c.distance(h))).fold(CAMP_REACH, f64::min);
    let leaders = order::leader_hexes(g, Side::Union);
    if !g.camp_burned {
        // Unrouted infantry and cavalry burn the camp (the exclusive rule).
        let mut hold: f64 = 0.0;
        for u in g.unit_ids().filter(|&u| g.side_of(u) == Side::Union && !g.unit(u).routed) {
            let Some(h) = g.hex_of(u) else { continue };
            // 17.11: a unit beyond its commander's radius walks a hex a turn; below ADVANCE,
            // so a regiment still steps forward and its commander is drawn after it.
            m -= COMMAND * f64::from(order::unit_beyond(g, u, &leaders));
            if !matches!(g.info(u).kind, Kind::Infantry | Kind::Cavalry) {
                continue;
            }
            let Some(trip) = journey::round_trip(g, u, h) else { continue };
            let time = camp_time(g, h, left, trip);
            let near = CAMP_REACH - to_camp(h);
            hold = hold.max(time * near / CAMP_REACH);
            m += ADVANCE * time * near;
        }
        m += hold * f64::from(ex.camp_burned);
        if !g.embarks() && !g.over {
            // The short scenario: a camp still standing at the end is the Confederates' (at
            // the end, `victory::vp` counts it).
            m -= (1.0 - hold) * f64::from(ex.camp_held);
        }
        // Commanders lead the advance, or their regiments could not go on within their radii.
        for l in g.leader_ids().filter(|&l| g.leader_info(l).2 == Side::Union) {
            let Some(h) = g.leader_hex(l) else { continue };
            let Some(trip) = journey::column_round_trip(g, h) else { continue };
            let margin = if g.embarks() { CAMP_MARGIN } else { short_margin(trip) };
            m += ADVANCE * (1.0 - short(left, trip, margin)) * (CAMP_REACH - to_camp(h));
        }
    }
    // The short scenario ends before the day does: nobody is left behind.
    if !g.over && g.embarks() {
        for u in g.unit_ids().filter(|&u| g.side_of(u) == Side::Union) {
            let Some(h) = g.hex_of(u) else { continue };
            let Some(mut turns) = journey::unit_turns(g, u, h, Goal::Landing) else { continue };
            if order::unit_beyond(g, u, &leaders) > 0 {
                // 17.11: out of command it walks a hex a turn until its commander comes back
                // for it, a turn at least.
                let walk = ex.embark_hexes.iter().map(|e| f64::from(e.distance(h))).fold(f64::INFINITY, f64::min);
                turns = walk.min(turns + 1.0);
            }
            m -= short(left, turns, LANDING_MARGIN) * captured_value(g, u);
        }
        // The embarkation rule captures a commander left on the map too (the second audit).
        for l in g.leader_ids().filter(|&l| g.leader_info(l).2 == Side::Union) {
            let Some(h) = g.leader_hex(l) else { continue };
            let Some(turns) = journey::leader_turns(g, h) else { continue };
            let vp = f64::from(crate::victory::leader_table(g, l).captured);
            m -= short(left, turns, LANDING_MARGIN) * vp;
        }
    }
    m
}

/// The estimated final margin for the Union, in VP.
fn union_margin(g: &Gbacw) -> f64 {
    let vp = crate::victory::vp(g);
    let mut m = f64::from(vp[0]) - f64::from(vp[1]);
    for (side, v) in pending_fire(g).into_iter().chain(melee::pending_melee(g)) {
        m += if side == Side::Union { v } else { -v };
    }
    m += FIELD * (field(g, Side::Union) - field(g, Side::Confederate));
    m += exposure::exposure(g, Side::Confederate) - exposure::exposure(g, Side::Union);
    m + plan(g)
}

/// 0 (lost) to 1 (won) for `side`; 0.5 is even.
pub(crate) fn evaluate(g: &Gbacw, side: Side) -> f64 {
    let m = union_margin(g);
    let m = if side == Side::Union { m } else { -m };
    1.0 / (1.0 + (-m / SCALE).exp())
}

//! How well a side stands, for bots that cut their searches short (`engine::Game::evaluate`).
//! Authored heuristics, not rules: the VP margin so far (victory::vp), the strength each side
//! still has in the field, the camp's prospect while it stands (the exclusive rule's VP, by
//! how near unrouted Union infantry is), and, as the afternoon wears on, the Union troops far
//! from Hunter's Farm landing who would count as captured if the day ended (the embarkation
//! rule), and a fire announced but not yet rolled at what the dice are expected to do
//! ([`pending_fire`]). Weights to be tuned by bot-against-bot play (`muster simulate gbacw-belmont`, plan
//! step 12).

use crate::authored::Arm;
use crate::fire::FireFrame;
use crate::fire::resolve::{self, Group};
use crate::fire::wagon::is_wagon;
use crate::odds;
use crate::oob::Kind;
use crate::procedure::Frame;
use crate::scenario;
use crate::state::{Fate, Gbacw, Loc, UnitId};
use crate::terrain::Terrain;
use engine::Side;
use hexmap::Hex;

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
/// Game-Turns before embarkation opens from which the troops left behind begin to weigh.
const EMBARK_LEAD: f64 = 3.0;
/// Hexes from the landing at which a unit is as good as left behind (half weight at this many).
const LANDING_HALF: f64 = 4.0;
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
    let (groups, target, side) = match g.stack.last()? {
        Frame::Fire(FireFrame::Declare(d)) if !d.shares.is_empty() => {
            let groups = [Arm::SmallArms, Arm::Artillery]
                .into_iter()
                .map(|arm| Group {
                    arm,
                    shares: d.shares.iter().copied().filter(|s| s.arm == arm).collect(),
                    long: false,
                    dice: Vec::new(),
                })
                .filter(|grp| !grp.shares.is_empty())
                .collect();
            (groups, d.target, crate::fire::firing_side(g))
        }
        Frame::Fire(FireFrame::Resolve(r))
            if r.stage == resolve::Stage::Dice && r.groups.iter().all(|grp| grp.dice.is_empty()) =>
        {
            (r.groups.clone(), r.target, r.side)
        }
        _ => return None,
    };
    Some((side, groups.iter().map(|grp| group_value(g, grp, target, side)).sum()))
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

/// The estimated final margin for the Union, in VP.
fn union_margin(g: &Gbacw) -> f64 {
    let ex = scenario::belmont();
    let vp = crate::victory::vp(g);
    let mut m = f64::from(vp[0]) - f64::from(vp[1]);
    if let Some((side, v)) = pending_fire(g) {
        m += if side == Side::Union { v } else { -v };
    }
    m += FIELD * (field(g, Side::Union) - field(g, Side::Confederate));
    let union_foot: Vec<UnitId> = g
        .unit_ids()
        .filter(|&u| g.side_of(u) == Side::Union && matches!(g.info(u).kind, Kind::Infantry | Kind::Cavalry))
        .filter(|&u| g.hex_of(u).is_some() && !g.unit(u).routed)
        .collect();
    if !g.camp_burned {
        let camp: Vec<_> = g.map().hexes().filter(|(_, v)| v.terrain == Terrain::Camp).map(|(h, _)| h).collect();
        let nearest = union_foot
            .iter()
            .filter_map(|&u| g.hex_of(u))
            .flat_map(|h| camp.iter().map(move |c| f64::from(c.distance(h))))
            .fold(f64::INFINITY, f64::min);
        let hold = (1.0 - nearest / CAMP_REACH).clamp(0.0, 1.0);
        m += hold * f64::from(ex.camp_burned);
        let advance: f64 = union_foot
            .iter()
            .filter_map(|&u| g.hex_of(u))
            .map(|h| CAMP_REACH - camp.iter().map(|c| f64::from(c.distance(h))).fold(CAMP_REACH, f64::min))
            .sum();
        m += ADVANCE * advance;
    }
    let last = f64::from(g.last_turn());
    let opens = f64::from(ex.embark_from) - EMBARK_LEAD;
    let late = ((f64::from(g.turn) - opens) / (last - opens)).clamp(0.0, 1.0);
    if late > 0.0 {
        for u in g.unit_ids().filter(|&u| g.side_of(u) == Side::Union && !is_wagon(g, u)) {
            let Some(h) = g.hex_of(u) else { continue };
            let d = ex.embark_hexes.iter().map(|e| f64::from(e.distance(h))).fold(f64::INFINITY, f64::min);
            m -= late * captured_value(g, u) * d / (d + LANDING_HALF);
        }
    }
    m
}

/// 0 (lost) to 1 (won) for `side`; 0.5 is even.
pub(crate) fn evaluate(g: &Gbacw, side: Side) -> f64 {
    let m = union_margin(g);
    let m = if side == Side::Union { m } else { -m };
    1.0 / (1.0 + (-m / SCALE).exp())
}

//! How well a side stands, for bots that cut their search short (engine's
//! `Game::evaluate`). Authored heuristics, not rules: the VP margin, what end-game scoring
//! (14.4) would add if the game ended now, the camp's prospects (14.2, 14.4), the
//! troops still fit to fight and the leaders left alone where the enemy would capture them
//! (6.7).

use crate::charts::{self, VP_UNIT};
use crate::counters::{Kind, UnitId};
use crate::state::{Belmont, Loc};
use engine::Side;
use hexmap::Hex;

/// Weight of a company still in good order, in VP (an eliminated one is worth 2 VP to
/// the enemy; a broken one is halfway there).
const UNBROKEN: f64 = 1.0;
const BROKEN: f64 = 0.4;
/// Share of a leader's 14.1 value a side stands to lose while he is alone in his hex, with
/// no company or battery of his side: the first enemy into it captures him (6.7, scored as
/// killed). Nothing else the evaluation reads changes where a leader stands, so without it a
/// bot re-placing its units in set-up (2.0) left leaders alone at random (a playtest).
const LONE_LEADER: f64 = 0.25;
/// Cost to the side moving, in VP, of each melee marker it has placed that no attacker has
/// answered yet (4.3.1, 4.3.2). A marker binds the activation: until the obligations are met
/// only the units going into a melee may move. Nothing else the evaluation reads changes when
/// one is placed, so a bot placed them at random and left them unfilled (a playtest: 12TN's
/// 27 markers).
const UNMET_MARKER: f64 = 0.1;
/// Share of a Confederate company's worth it keeps while it stands in Kentucky (and half the
/// gap while it is aboard a vessel): the battle is fought in Missouri, and a company at
/// Columbus takes no part until a transport carries it over (11.7, 11.8). Without it nothing
/// the evaluation read changed when the 13th Tennessee was ferried, and the fourth playtest's
/// bot never ferried a company.
const KENTUCKY: f64 = 0.7;
/// Worth of a battery at full strength and reduced (7.1: its reverse, for good), in VP. A
/// destroyed battery scores nothing (14.1 has no line for it) but its guns are gone; without
/// a worth the bots walked batteries into opportunity fire for nothing (fourth playtest).
const BATTERY: f64 = 0.8;
const BATTERY_REDUCED: f64 = 0.4;
/// Spread of the logistic curve, in VP.
const SCALE: f64 = 8.0;
/// Distance (hexes) beyond which the Union has no real hold on the camp this turn.
const CAMP_REACH: f64 = 12.0;
/// Worth to the Union, in VP, of each unbroken Union infantry company at the camp, falling to
/// nothing at [`CAMP_REACH`]: the camp's hold above reads only the nearest company, so no
/// other company's step changed the evaluation, and the seventh playtest's Union bot walked
/// its companies at random and never closed on the camp. Small beside a company's worth
/// ([`UNBROKEN`]), so none walks into a loss for a hex.
const APPROACH: f64 = 0.1;

/// The estimated final margin for the Union, in VP.
fn union_margin(g: &Belmont) -> f64 {
    let q = f64::from(VP_UNIT);
    let mut m = f64::from(g.vp[0] - g.vp[1]) / q;
    let mut nearest = f64::INFINITY;
    for u in g.ids() {
        let h = match g.unit(u).loc {
            Loc::Hex(h) => h,
            Loc::Aboard(_) => {
                m += aboard(g, u);
                continue;
            }
            _ => continue,
        };
        let c = g.counter(u);
        let sign = if g.owner(u) == Side::Union { 1.0 } else { -1.0 };
        if c.kind == Kind::Leader && alone(g, u, h) {
            m -= sign * LONE_LEADER * f64::from(crate::fire::leader_vp(g, u)) / q;
        }
        if c.kind == Kind::FieldArtillery || c.kind == Kind::IronBanks {
            m += sign * if g.unit(u).flipped { BATTERY_REDUCED } else { BATTERY };
            if g.unit(u).captor.is_some() {
                // 14.4: an artillery counter the enemy holds at the end scores for him.
                m += sign * f64::from(charts::vp::ARTILLERY_CAPTURED) / q;
            }
            continue;
        }
        if !matches!(c.kind, Kind::Infantry | Kind::Cavalry) {
            continue;
        }
        let broken = g.unit(u).flipped;
        m += sign * worth(c.side, Some(broken)) * presence(g, u, h);
        if c.side == Side::Union && !broken && c.kind == Kind::Infantry {
            let d = g.map().camp.iter().map(|x| f64::from(x.distance(h))).fold(f64::INFINITY, f64::min);
            nearest = nearest.min(d);
            if g.camp_captured.is_none() {
                m += APPROACH * (1.0 - d / CAMP_REACH).clamp(0.0, 1.0);
            }
        }
    }
    m += opportunity_fire_due(g);
    if let Some(act) = &g.act {
        let unmet = g.markers.iter().filter(|k| !k.resolved && k.group.is_empty()).count();
        let sign = if act.side == Side::Union { 1.0 } else { -1.0 };
        m -= sign * UNMET_MARKER * f64::from(u32::try_from(unmet).unwrap_or(u32::MAX));
    }
    if g.camp_captured.is_none() {
        // 14.2 / 14.4: the camp is worth its capture award to the Union, or 5 VP to the
        // Confederates if it holds; weigh by how close unbroken Union infantry stands.
        let hold = (1.0 - nearest / CAMP_REACH).clamp(0.0, 1.0);
        let award = f64::from(charts::camp_capture_award(g.turn.max(1))) / q;
        let held = f64::from(charts::vp::CAMP_HELD) / q;
        m += hold * award - (1.0 - hold) * held;
    }
    m
}

/// The share of its worth a company brings to the battle where it stands: all of it in
/// Missouri, [`KENTUCKY`] for a Confederate company at Columbus.
fn presence(g: &Belmont, u: UnitId, h: Hex) -> f64 {
    if g.counter(u).side == Side::Confederate && !g.map().is_missouri(h) { KENTUCKY } else { 1.0 }
}

/// A company `u` aboard a vessel, for the Union margin: a Union company on a gunboat (11.6) is
/// still in the battle; a Confederate one on a transport is half-way from Kentucky.
fn aboard(g: &Belmont, u: UnitId) -> f64 {
    let c = g.counter(u);
    if !matches!(c.kind, Kind::Infantry | Kind::Cavalry) {
        return 0.0;
    }
    let w = worth(c.side, Some(g.unit(u).flipped));
    if c.side == Side::Union { w } else { -w * (1.0 + KENTUCKY) / 2.0 }
}

/// What a company of `side` is worth to it, in VP: in good order (`Some(false)`), broken
/// (`Some(true)`; 14.4: a broken Union unit on the map is 1/2 VP to the Confederates), or
/// eliminated (`None`: 14.1, 2 VP to the enemy).
fn worth(side: Side, broken: Option<bool>) -> f64 {
    let q = f64::from(VP_UNIT);
    match broken {
        Some(false) => UNBROKEN,
        Some(true) if side == Side::Union => BROKEN - f64::from(charts::vp::BROKEN_UNION_UNIT) / q,
        Some(true) => BROKEN,
        None => -f64::from(charts::vp::COMPANY) / q,
    }
}

/// The opportunity fire the enemy is offered at a company or battery that has just moved (5.2), for the
/// Union, in VP: the expected cost of its hits as if the fire were made (a 6 on each die; the
/// first hit breaks the company, the second eliminates it, 7.1). The enemy decides whether to
/// fire, so a search that stops at the offer scores the move as if no shot could come, and
/// a playtest's cavalry walked into the fire: a side offered fire that pays takes it.
fn opportunity_fire_due(g: &Belmont) -> f64 {
    let Some(crate::procedure::Frame::OppOffer { mover, dice, .. }) = g.stack.last() else { return 0.0 };
    let c = g.counter(*mover);
    // Worth in good order, after one hit and after two (7.1: broken or reduced, then gone).
    let ladder = match c.kind {
        Kind::Infantry | Kind::Cavalry => [worth(c.side, Some(false)), worth(c.side, Some(true)), worth(c.side, None)],
        Kind::FieldArtillery => [BATTERY, BATTERY_REDUCED, 0.0],
        _ => return 0.0,
    };
    let (p, n) = (charts::opportunity_hit_chance(), i32::from(*dice));
    let none = (1.0 - p).powi(n);
    let one = f64::from(n) * p * (1.0 - p).powi(n - 1);
    let at = usize::from(g.unit(*mover).flipped);
    let first = ladder[at] - ladder[at + 1];
    let second = if at == 0 { ladder[1] - ladder[2] } else { 0.0 };
    let cost = (1.0 - none) * first + (1.0 - none - one) * second;
    if c.side == Side::Union { -cost } else { cost }
}

/// Whether leader `u`, on land hex `h`, has no company or battery of his side with him (see
/// [`LONE_LEADER`]); a leader aboard a vessel or in the river is not counted.
fn alone(g: &Belmont, u: UnitId, h: Hex) -> bool {
    let side = g.owner(u);
    g.is_land(h) && !g.here(h).iter().any(|&x| g.owner(x) == side && !g.is_leader(x) && !g.is_vessel(x))
}

/// 0 (lost) to 1 (won) for `side`; 0.5 is even.
pub(crate) fn evaluate(g: &Belmont, side: Side) -> f64 {
    let m = union_margin(g);
    let m = if side == Side::Union { m } else { -m };
    1.0 / (1.0 + (-m / SCALE).exp())
}

//! How well a side stands, for bots that cut their search short (engine's
//! `Game::evaluate`). Authored heuristics, not rules: the VP margin, what end-game scoring
//! (14.4) would add if the game ended now, the camp's prospects (14.2, 14.4) and the
//! troops still fit to fight.

use crate::charts::{self, VP_UNIT};
use crate::counters::Kind;
use crate::state::Belmont;
use engine::Side;

/// Weight of a company still in good order, in VP (an eliminated one is worth 2 VP to
/// the enemy; a broken one is halfway there).
const UNBROKEN: f64 = 1.0;
const BROKEN: f64 = 0.4;
/// Spread of the logistic curve, in VP.
const SCALE: f64 = 8.0;
/// Distance (hexes) beyond which the Union has no real hold on the camp this turn.
const CAMP_REACH: f64 = 12.0;

/// The estimated final margin for the Union, in VP.
fn union_margin(g: &Belmont) -> f64 {
    let q = f64::from(VP_UNIT);
    let mut m = f64::from(g.vp[0] - g.vp[1]) / q;
    let mut nearest = f64::INFINITY;
    for u in g.ids() {
        let Some(h) = g.hex_of(u) else { continue };
        let c = g.counter(u);
        if !matches!(c.kind, Kind::Infantry | Kind::Cavalry) {
            continue;
        }
        let sign = if g.owner(u) == Side::Union { 1.0 } else { -1.0 };
        let broken = g.unit(u).flipped;
        m += sign * if broken { BROKEN } else { UNBROKEN };
        if c.side == Side::Union {
            if broken {
                // 14.4: 1/2 VP to the Confederates per broken Union unit on the map.
                m -= f64::from(charts::vp::BROKEN_UNION_UNIT) / q;
            } else if c.kind == Kind::Infantry {
                let d = g.map().camp.iter().map(|x| f64::from(x.distance(h))).fold(f64::INFINITY, f64::min);
                nearest = nearest.min(d);
            }
        }
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

/// 0 (lost) to 1 (won) for `side`; 0.5 is even.
pub(crate) fn evaluate(g: &Belmont, side: Side) -> f64 {
    let m = union_margin(g);
    let m = if side == Side::Union { m } else { -m };
    1.0 / (1.0 + (-m / SCALE).exp())
}

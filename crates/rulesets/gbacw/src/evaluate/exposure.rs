//! What a commander above the brigades stacked within the enemy's reach may cost his side
//! (17.72, 17.76): each casualty the unit he is with suffers rolls two dice that may wound,
//! kill or capture him, and a division commander captured is 6 VP. Every game the Union's
//! MCTS lost to random in session 18's sample lost a commander so. Brigade commanders are left
//! out: they must stand with their regiments to keep them in command (17.11), and pricing
//! their exposure held the advance back (docs/balance/README.md, session 18).
//!
//! An estimate, not a rule: each enemy combat unit whose weapon reaches a hex (no line of
//! sight traced) is taken to cause a casualty there in its side's next Fire Phase with
//! [`HIT`] chance; the leader's dice are the 17.76 table's.

use crate::authored::Arm;
use crate::state::{Gbacw, LeaderId};
use crate::victory::leader_table;
use engine::Side;
use hexmap::Hex;

/// The chance that one enemy unit in reach causes a casualty to the stack.
const HIT: f64 = 0.3;

/// 17.76, two dice: small-arms fire wounds on 5 (4/36), kills on 2 or 12 (2/36), captures on
/// 7 (6/36); artillery wounds on 3 (2/36), kills on 2 (1/36).
const SMALL_ARMS: [f64; 3] = [4.0 / 36.0, 2.0 / 36.0, 6.0 / 36.0];
/// As [`SMALL_ARMS`], for artillery (wounded, killed, captured).
const ARTILLERY: [f64; 3] = [2.0 / 36.0, 1.0 / 36.0, 0.0];

/// The chances a stack in `h` of `side` suffers a casualty from small arms and from artillery.
fn danger(g: &Gbacw, h: Hex, side: Side) -> (f64, f64) {
    let (mut spared_small, mut spared_art) = (1.0, 1.0);
    for u in g.unit_ids().filter(|&u| g.side_of(u) != side) {
        let st = g.unit(u);
        let Some(at) = g.hex_of(u) else { continue };
        if st.routed || at.distance(h) > 20 {
            continue;
        }
        let Some(w) = g.charts().weapon(&g.info(u).weapon) else { continue };
        if at.distance(h) > u16::from(w.max_range()) {
            continue;
        }
        match w.arm {
            Arm::SmallArms if !st.depleted => spared_small *= 1.0 - HIT,
            Arm::Artillery => spared_art *= 1.0 - HIT,
            Arm::SmallArms => {}
        }
    }
    (1.0 - spared_small, 1.0 - spared_art)
}

/// The VP `side`'s commanders above the brigades are expected to give the enemy by 17.72
/// before they move again.
pub(crate) fn exposure(g: &Gbacw, side: Side) -> f64 {
    // Commanders above the brigades only: a brigade commander must stand with his regiments.
    g.leader_ids()
        .filter(|&l| g.leader_info(l).2 == side && crate::command::brigade(g, l).is_none())
        .map(|l| leader(g, l, side))
        .sum()
}

fn leader(g: &Gbacw, l: LeaderId, side: Side) -> f64 {
    let Some(h) = g.leader_hex(l) else { return 0.0 };
    if !g.units_here(h).any(|u| g.side_of(u) == side) {
        return 0.0;
    }
    let t = leader_table(g, l);
    let vp = |p: [f64; 3]| p[0] * f64::from(t.wounded) + p[1] * f64::from(t.killed) + p[2] * f64::from(t.captured);
    let cost = |x: Hex| {
        let (s, a) = danger(g, x, side);
        s * vp(SMALL_ARMS) + a * vp(ARTILLERY)
    };
    cost(h)
}

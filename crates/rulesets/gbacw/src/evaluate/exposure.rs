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
//!
//! Any commander standing alone by the enemy's landing is priced too, by the chance a
//! reinforcement comes on and walks in (17.75, [`alone`]): without it the term above read a
//! lone commander as safe, and Grant went alone to the Confederate landing.

use crate::authored::Arm;
use crate::oob::Start;
use crate::state::{Gbacw, LeaderId, Loc};
use crate::victory::leader_table;
use engine::Side;
use hexmap::Hex;

/// The chance that one enemy unit in reach causes a casualty to the stack.
const HIT: f64 = 0.3;
/// The chance that a landing with an enemy reinforcement due, in the hex of a leader standing
/// alone, costs him his freedom before he moves again, halved for each hex off ([`alone`]).
const CATCH: f64 = 0.5;

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

/// The VP `side`'s commanders are expected to give the enemy before they move again: those
/// above the brigades stacked within reach of the enemy's weapons by 17.72, and any commander
/// alone where an enemy unit may walk in by 17.75 ([`alone`]).
pub(crate) fn exposure(g: &Gbacw, side: Side) -> f64 {
    g.leader_ids()
        .filter(|&l| g.leader_info(l).2 == side)
        .filter_map(|l| Some((l, g.leader_hex(l)?)))
        .map(|(l, h)| {
            if !g.units_here(h).any(|u| g.side_of(u) == side) {
                alone(g, h, side) * f64::from(leader_table(g, l).captured)
            } else if crate::command::brigade(g, l).is_none() {
                // Commanders above the brigades only: a brigade commander must stand with
                // his regiments.
                leader(g, l, h, side)
            } else {
                0.0
            }
        })
        .sum()
}

/// The chance an enemy combat unit walks into hex `h`, where a leader of `side` stands alone,
/// before he moves again (17.75: he is captured). 17.52 keeps a leader who ends a Movement
/// Phase alone five hexes from every enemy unit on the map, but not from the enemy's landing:
/// a reinforcement due comes on there and walks on. Each landing with an enemy reinforcement
/// due by the enemy's next Movement Phase counts [`CATCH`] when it is the leader's hex, halving
/// with each hex off, none beyond [`crate::leaders::ALONE_DISTANCE`]. Authored: in 200 games
/// of the camp scenario the Union's `mcts:200` lost Grant so six times, each alone on or beside
/// the Confederate landing at 2425 (session 20), since the term on stacked commanders read a
/// lone one as safe. Enemy units on the map are left out: priced too, they pulled the Union's
/// regiments after the Confederate colonels wandering alone (captured 190 times in 200 games
/// against 87) and away from the camp.
fn alone(g: &Gbacw, h: Hex, side: Side) -> f64 {
    let spared: f64 = g
        .unit_ids()
        .filter(|&u| g.side_of(u) != side && g.unit(u).loc == Loc::Waiting)
        .filter_map(|u| match &g.info(u).start {
            Start::Arrive { turn, landing } if *turn <= g.turn.saturating_add(1) => g.map().landing(landing),
            _ => None,
        })
        .flat_map(|l| l.hexes.iter().copied())
        .map(|at| at.distance(h))
        .filter(|&d| d <= crate::leaders::ALONE_DISTANCE)
        .map(|d| 1.0 - CATCH * 0.5f64.powi(i32::from(d)))
        .product();
    1.0 - spared
}

fn leader(g: &Gbacw, l: LeaderId, h: Hex, side: Side) -> f64 {
    let t = leader_table(g, l);
    let vp = |p: [f64; 3]| p[0] * f64::from(t.wounded) + p[1] * f64::from(t.killed) + p[2] * f64::from(t.captured);
    let cost = |x: Hex| {
        let (s, a) = danger(g, x, side);
        s * vp(SMALL_ARMS) + a * vp(ARTILLERY)
    };
    cost(h)
}

//! Quick exact odds of one fire at one unit standing alone (9.16 with 9.81-9.88, 11.21,
//! 13.14-13.26): the column the fire reads after every shift, the unit's morale (or green) and
//! its standing modifiers in; the chance of each loss, of a rout, of a pin, of elimination
//! and of each firer's depletion out. Every die is enumerated with the probabilities the fire
//! itself rolls, in the fire's order: the CRT die, depletion, the 13.15 roll of a green unit,
//! the morale die, the 9.88 second die. `tests/odds.rs` checks it against the engine's own
//! enumeration of real fires (`analysis::outcomes`).
//!
//! [`melee`] gives the same for one melee (12.98) at a differential.
//!
//! What it leaves out, because it depends on the position: a stack (8.21 overflow, 13.42 the
//! units beneath, 8.22 long range), a second arm's fire at the same hex (9.42), and leaders
//! (a leader's -1, 13.23, is lost if 17.72 takes him before the check).

use crate::charts::{self, FireResult, MeleeEffect};

/// One fire at one unit, as the table reads it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fire {
    /// The column after every shift (9.16, 9.51).
    pub column: usize,
    /// Small arms (11.21's depletion) or artillery.
    pub small_arms: bool,
    /// Morale, or `None` for a green unit (13.14: two dice on 13.15 first).
    pub morale: Option<u8>,
    /// What every morale die adds besides 13.24 (-1 leader, +1 enfiladed: 13.23, 13.26, R8).
    pub modifier: i32,
    /// The unit's initial strength (13.24).
    pub initial: u8,
    /// Its losses before the fire.
    pub lost: u8,
}

/// The chances of what one fire does.
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct FireOdds {
    /// Chance of losing 0, 1, 2 and 3 Strength Points.
    pub loss: [f64; 4],
    /// Chance of being eliminated.
    pub eliminated: f64,
    /// Chance of routing.
    pub routed: f64,
    /// Chance of being pinned (and not routed).
    pub pinned: f64,
    /// Chance that one given firing unit runs out of ammunition (11.21).
    pub depleted: f64,
}

/// The chance one die plus `modifier` exceeds `morale` (13.21, 9.83, 9.87, 9.88).
#[must_use]
pub fn above(morale: u8, modifier: i32) -> f64 {
    f64::from(u8::try_from((1..=6).filter(|d| d + modifier > i32::from(morale)).count()).expect("six")) / 6.0
}

/// 13.15: the chance of each morale a green unit turns out to have.
#[must_use]
pub fn elephant() -> Vec<(u8, f64)> {
    let mut out: Vec<(u8, f64)> = Vec::new();
    for s in 2..=12u8 {
        let p = f64::from(6 - (i32::from(s) - 7).abs()) / 36.0;
        let m = charts::seeing_the_elephant(s);
        match out.iter_mut().find(|(v, _)| *v == m) {
            Some(e) => e.1 += p,
            None => out.push((m, p)),
        }
    }
    out
}

/// The exact odds of `f`.
#[must_use]
pub fn fire(f: &Fire) -> FireOdds {
    let mut o = FireOdds::default();
    let strength = f.initial.saturating_sub(f.lost);
    let morales = f.morale.map_or_else(elephant, |m| vec![(m, 1.0)]);
    for die in 1..=6u8 {
        let pd = 1.0 / 6.0;
        if f.small_arms && charts::fire_ammo_check(die) {
            o.depleted += pd * (2.0 / 6.0);
        }
        let res = charts::fire_result(f.column, die);
        let lost = match res {
            FireResult::Loss { points, .. } => points.min(strength),
            _ => 0,
        };
        o.loss[usize::from(lost)] += pd;
        if lost > 0 && lost >= strength {
            o.eliminated += pd;
            continue;
        }
        let half = i32::from(u32::from(f.lost + lost) * 2 > u32::from(f.initial));
        let modifier = f.modifier + half;
        for &(m, pm) in &morales {
            let p = pd * pm;
            let up = above(m, modifier);
            match res {
                FireResult::NoEffect => {}
                FireResult::Pin => o.pinned += p * up,
                FireResult::Rout => o.routed += p * up,
                FireResult::PinOrRout => {
                    o.routed += p * up;
                    o.pinned += p * (1.0 - up);
                }
                FireResult::Loss { then_pin, .. } => {
                    o.routed += p * up;
                    if then_pin {
                        o.pinned += p * (1.0 - up) * up;
                    }
                }
            }
        }
    }
    o
}

/// One melee (12.98) at a differential, after every adjustment (R16), as the table reads it:
/// the die's chances of each side's results. What follows the die and depends on the position
/// (12.97's wipe-out of both sides read as engaged, whose points a loss comes from, leader
/// rolls, the morale checks after a retreat) is left out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Melee {
    /// Attacker less defender (12.0; R1 reads it at the table's end columns).
    pub differential: i32,
    /// The `melee-erratum` option's reading of R17's cells.
    pub erratum: bool,
    /// The Strength Points each side may lose, [attacker, defender] (a "C3" takes no more
    /// than there are).
    pub points: [u8; 2],
}

/// The chances of what one melee does to each side, [attacker, defender].
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct MeleeOdds {
    /// Expected Strength Points killed (12.91).
    pub killed: [f64; 2],
    /// Expected Strength Points captured (12.93).
    pub captured: [f64; 2],
    /// Chance of a retreat, "R#" or the phasing side's "Rpls" (12.92, 12.95).
    pub retreat: [f64; 2],
    /// Chance of a "Rpls" (12.95).
    pub repulsed: f64,
    /// Chance of "Eng" (12.94).
    pub engaged: f64,
}

/// The exact odds of `m`.
#[must_use]
pub fn melee(m: &Melee) -> MeleeOdds {
    let mut o = MeleeOdds::default();
    for die in 1..=6u8 {
        let p = 1.0 / 6.0;
        let (a, d) = if m.erratum {
            charts::melee_result_erratum(m.differential, die)
        } else {
            charts::melee_result(m.differential, die)
        };
        for (i, e) in [(0, a), (1, d)] {
            match e {
                MeleeEffect::Casualty => o.killed[i] += p * f64::from(m.points[i].min(1)),
                MeleeEffect::Loss { captured, retreat } => {
                    o.captured[i] += p * f64::from(captured.min(m.points[i]));
                    // A side whose last point is captured has nothing left to retreat.
                    if retreat > 0 && captured < m.points[i] {
                        o.retreat[i] += p;
                    }
                }
                MeleeEffect::Repulsed if i == 0 => {
                    o.retreat[0] += p;
                    o.repulsed += p;
                }
                MeleeEffect::Engaged if i == 0 => o.engaged += p,
                _ => {}
            }
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odds_sum_and_the_green_unit_averages_over_13_15() {
        let f = Fire { column: 5, small_arms: true, morale: Some(3), modifier: 0, initial: 5, lost: 0 };
        let o = fire(&f);
        assert!((o.loss.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((elephant().iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((o.depleted - 1.0 / 18.0).abs() < 1e-12);
        assert!((above(3, 0) - 0.5).abs() < 1e-12);
        assert!((above(3, 1) - 4.0 / 6.0).abs() < 1e-12);
        assert!(above(5, -1) < 1e-12);
    }
}

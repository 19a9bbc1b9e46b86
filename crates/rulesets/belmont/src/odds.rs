//! Quick exact odds of the common procedures, for players who want an answer without a
//! position: one volley (5.1 and the Volley Fire Chart) and one melee round (6.1). Computed
//! exactly from the chart functions the procedures themselves call ([`charts`]), never
//! sampled; `tests/odds.rs` checks them against the engine's own enumeration.
//!
//! What these leave out, because it depends on the position: terrain dice (subtract them
//! from the dice yourself), the target hex emptying before the last die (5.1: results are
//! applied as they occur, so later dice are not rolled), hits the target cannot take.

use crate::charts::{self, Effect};

/// Who fires a volley (Volley Fire Chart, rules card 6.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Firer {
    /// Unbroken infantry: range 2.
    Infantry,
    /// Field artillery: range 8.
    FieldArtillery,
    /// Gunboats: range 14.
    Gunboat,
}

impl Firer {
    /// Every firer, in chart order.
    pub const ALL: [Firer; 3] = [Firer::Infantry, Firer::FieldArtillery, Firer::Gunboat];

    /// The chart's greatest range, in hexes.
    #[must_use]
    pub fn max_range(self) -> u16 {
        match self {
            Firer::Infantry => charts::INFANTRY_RANGE,
            Firer::FieldArtillery => charts::FIELD_ARTILLERY_RANGE,
            Firer::Gunboat => charts::GUNBOAT_RANGE,
        }
    }

    /// What one die rolled at `range` does (the chart function the volley procedure uses).
    #[must_use]
    pub fn effect(self, range: u16, die: u8) -> Effect {
        match self {
            Firer::Infantry => charts::infantry_volley(range, die),
            Firer::FieldArtillery => charts::field_artillery_volley(range, die),
            Firer::Gunboat => charts::gunboat_volley(range, die),
        }
    }

    /// The name used on the command line.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Firer::Infantry => "infantry",
            Firer::FieldArtillery => "field-artillery",
            Firer::Gunboat => "gunboat",
        }
    }
}

/// The exact results of one volley's dice.
#[derive(Clone, Debug, PartialEq)]
pub struct VolleyOdds {
    /// One die's (hit, retreat, miss) probabilities at this range.
    pub per_die: (f64, f64, f64),
    /// `hits[k]`: the probability of exactly k hit results, k = 0..=dice.
    pub hits: Vec<f64>,
    /// `retreats[k]`: the probability of exactly k retreat results.
    pub retreats: Vec<f64>,
    /// (hits, retreats, probability) for every possible pair, most hits first.
    pub joint: Vec<(u8, u8, f64)>,
}

/// The exact distribution of the hit and retreat results of `dice` volley dice fired by
/// `firer` at `range` hexes (5.1: each die read on the Volley Fire Chart on its own).
#[must_use]
pub fn volley(firer: Firer, dice: u8, range: u16) -> VolleyOdds {
    let (mut hit, mut retreat) = (0.0, 0.0);
    for die in 1..=6 {
        match firer.effect(range, die) {
            Effect::Hit => hit += 1.0 / 6.0,
            Effect::Retreat => retreat += 1.0 / 6.0,
            Effect::Miss => {}
        }
    }
    let miss = 1.0 - hit - retreat;
    let n = usize::from(dice);
    let (mut hits, mut retreats, mut joint) = (vec![0.0; n + 1], vec![0.0; n + 1], Vec::new());
    for h in (0..=n).rev() {
        for (r, slot) in retreats.iter_mut().enumerate().take(n - h + 1) {
            let p = multinomial(n, &[h, r]) * pow(hit, h) * pow(retreat, r) * pow(miss, n - h - r);
            hits[h] += p;
            *slot += p;
            joint.push((h as u8, r as u8, p));
        }
    }
    VolleyOdds { per_die: (hit, retreat, miss), hits, retreats, joint }
}

/// The exact results of one melee round.
#[derive(Clone, Debug, PartialEq)]
pub struct MeleeOdds {
    /// `attacker_hits[k]`: the probability the attacker suffers k hits, k = 0..=2.
    pub attacker_hits: [f64; 3],
    /// `defender_hits[k]`: the probability the defender suffers k hits.
    pub defender_hits: [f64; 3],
}

/// One melee round (6.1): the attacker's strength `attack` (SP plus the terrain modifier,
/// before the die) against the defender's `defence` (SP, one leader's included), each
/// adding a d6; every one of the 36 rolls read with [`charts::melee_hits`].
#[must_use]
pub fn melee_round(attack: i16, defence: i16) -> MeleeOdds {
    let mut odds = MeleeOdds { attacker_hits: [0.0; 3], defender_hits: [0.0; 3] };
    for a in 1..=6 {
        for d in 1..=6 {
            let (ah, dh) = charts::melee_hits(attack + a, defence + d);
            odds.attacker_hits[usize::from(ah)] += 1.0 / 36.0;
            odds.defender_hits[usize::from(dh)] += 1.0 / 36.0;
        }
    }
    odds
}

/// n! / (k1! k2! ... (n - sum k)!).
fn multinomial(n: usize, ks: &[usize]) -> f64 {
    let mut c = 1.0;
    let mut left = n;
    for &k in ks {
        c *= binomial(left, k);
        left -= k;
    }
    c
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |c, i| c * (n - i) as f64 / (i + 1) as f64)
}

fn pow(p: f64, k: usize) -> f64 {
    p.powi(i32::try_from(k).unwrap_or(i32::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volley_sums_to_one_and_reads_the_chart() {
        let v = volley(Firer::Infantry, 3, 1);
        assert!((v.per_die.0 - 1.0 / 6.0).abs() < 1e-15 && (v.per_die.1 - 1.0 / 6.0).abs() < 1e-15);
        for d in [&v.hits, &v.retreats] {
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        }
        assert!((v.joint.iter().map(|j| j.2).sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((v.hits[3] - 1.0 / 216.0).abs() < 1e-15);
        // Field artillery beyond range 2: 6 hits, no retreats.
        let f = volley(Firer::FieldArtillery, 2, 5);
        assert_eq!(f.retreats[0], 1.0);
    }

    #[test]
    fn melee_round_ties_cost_the_attacker() {
        let m = melee_round(3, 3);
        // P(tie) = 6/36, P(attacker lower) = 15/36: the attacker is hit in 21 of 36.
        assert!((1.0 - m.attacker_hits[0] - 21.0 / 36.0).abs() < 1e-12);
        assert!((m.defender_hits.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}

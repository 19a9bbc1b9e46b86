//! Chance outcomes of plain dice, exact, for rulesets to wrap in their own roll actions
//! ("Chance is a player": a die is a decision whose outcomes carry their probabilities).

/// One die of `sides` faces: each face, 1 to `sides`, with probability 1/`sides`.
#[must_use]
pub fn die(sides: u8) -> Vec<(u8, f64)> {
    (1..=sides).map(|face| (face, 1.0 / f64::from(sides))).collect()
}

/// The sum of two six-sided dice, 2 to 12, each with its exact probability (1/36 for 2 and
/// 12, 6/36 for 7): eleven outcomes where the sum is all that matters (GBACW 13.15, 17.76).
#[must_use]
pub fn two_d6_sum() -> Vec<(u8, f64)> {
    (2u8..=12).map(|s| (s, f64::from(6 - s.abs_diff(7)) / 36.0)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_die_and_two_dice_sum_to_one_with_the_counted_ways() {
        let d6 = die(6);
        assert_eq!(d6.len(), 6);
        assert!((d6.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
        let two = two_d6_sum();
        assert_eq!(two.len(), 11);
        assert!((two.iter().map(|(_, p)| p).sum::<f64>() - 1.0).abs() < 1e-12);
        // Each sum's probability is its count of the 36 ordered pairs.
        for (s, p) in two {
            let ways = (1..=6u8).flat_map(|a| (1..=6u8).map(move |b| a + b)).filter(|&t| t == s).count();
            assert!((p - ways as f64 / 36.0).abs() < 1e-15, "{s}");
        }
    }
}

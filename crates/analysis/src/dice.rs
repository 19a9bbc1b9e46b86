//! Exact distributions of plain dice, for calculators and comparisons: built by convolution,
//! never sampled.

/// The sum of `n` dice of `sides` faces: `p[s]` is the probability the sum is `s`
/// (`p.len() == n * sides + 1`; sums below `n` have probability zero).
#[must_use]
pub fn sum(n: usize, sides: usize) -> Vec<f64> {
    let face = 1.0 / sides as f64;
    let mut p = vec![0.0; n * sides + 1];
    p[0] = 1.0;
    for k in 0..n {
        // Sums after k dice reach k * sides; fold in one more die from the top down.
        for s in (0..=(k + 1) * sides).rev() {
            let lo = s.saturating_sub(sides);
            let hi = s.saturating_sub(1).min(k * sides);
            p[s] = if s == 0 { 0.0 } else { (lo..=hi).map(|t| p[t]).sum::<f64>() * face };
        }
    }
    p
}

#[cfg(test)]
mod tests {
    #[test]
    fn two_dice_sum_as_the_table_says() {
        let p = super::sum(2, 6);
        assert_eq!(p.len(), 13);
        assert!((p[7] - 6.0 / 36.0).abs() < 1e-15 && (p[2] - 1.0 / 36.0).abs() < 1e-15 && p[1] == 0.0);
        let q = super::sum(10, 6);
        assert!((q.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        assert!((q[60] - 6f64.powi(-10)).abs() < 1e-20);
    }
}

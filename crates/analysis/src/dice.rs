//! Exact distributions of plain dice, for calculators and comparisons: built by counting,
//! never sampled.

/// The sum of `n` dice of `sides` faces: `p[s]` is the probability the sum is `s`
/// (`p.len() == n * sides + 1`; sums below `n` have probability zero).
///
/// The ways to roll each sum are counted in integers, one die at a time with a sliding
/// window (the ways to reach `s` with one more die are the ways to reach `s - sides ..= s - 1`
/// without it: a prefix sum and one subtraction per sum, no loop over the faces), then each
/// count is divided once by `sides^n`. While `sides^n` is below 2^53 (up to 20d6) every count
/// and the divisor are exact in `f64`, so each probability is the correctly rounded quotient;
/// up to 2^128 (49d6) the counts are exact in `u128` and each probability is within two
/// roundings. Beyond that it falls back on [`sum_by_convolution`].
#[must_use]
pub fn sum(n: usize, sides: usize) -> Vec<f64> {
    if sides == 0 || n == 0 {
        return sum_by_convolution(n, sides);
    }
    let Ok(e) = u32::try_from(n) else { return sum_by_convolution(n, sides) };
    let len = n * sides + 1;
    if let Some(total) = u64::try_from(sides).ok().and_then(|s| s.checked_pow(e)) {
        // Small pools (10d6 has 61 sums) count on the stack.
        let mut stack = [0u64; 2 * SMALL];
        let mut heap = Vec::new();
        let buf = if len <= SMALL {
            &mut stack[..2 * len]
        } else {
            heap.resize(2 * len, 0);
            &mut heap[..]
        };
        let c = counts(n, sides, buf);
        // Both exact in f64 below 2^53; above, each is rounded once.
        #[allow(clippy::cast_precision_loss)]
        return quotients(n, sides, c, |c| c as f64, total as f64);
    }
    if let Some(total) = u128::try_from(sides).ok().and_then(|s| s.checked_pow(e)) {
        let mut buf = vec![0u128; 2 * len];
        let c = counts(n, sides, &mut buf);
        #[allow(clippy::cast_precision_loss)]
        return quotients(n, sides, c, |c| c as f64, total as f64);
    }
    sum_by_convolution(n, sides)
}

/// The most sums [`sum`] counts on the stack.
const SMALL: usize = 64;

/// `c[s] / total` for each count of `n` dice of `sides` faces, given the lower half (up to
/// `n * (sides + 1) / 2`). The counts are zero below `n` and symmetric from `n` to the top,
/// so the quotients of the lower half are mirrored: each probability is one quotient, the
/// same bits on both sides.
fn quotients<C: Copy>(n: usize, sides: usize, c: &[C], float: impl Fn(C) -> f64, total: f64) -> Vec<f64> {
    let mut p = Vec::with_capacity(n * sides + 1);
    p.resize(n, 0.0);
    let reach = n * (sides - 1) + 1;
    let half = reach.div_ceil(2);
    p.extend(c[n..n + half].iter().map(|&c| float(c) / total));
    p.extend_from_within(n..n + reach - half);
    p[n + half..].reverse();
    p
}

/// Unsigned integer counts for [`counts`]: modular addition and subtraction (a window's
/// change can be negative; the counts themselves never leave the type's range, so the modular
/// sums are the true ones).
trait Count: Copy + Default {
    const ONE: Self;
    fn add(self, x: Self) -> Self;
    fn sub(self, x: Self) -> Self;
}
macro_rules! count {
    ($($t:ty),*) => {$(
        impl Count for $t {
            const ONE: Self = 1;
            fn add(self, x: Self) -> Self {
                self.wrapping_add(x)
            }
            fn sub(self, x: Self) -> Self {
                self.wrapping_sub(x)
            }
        }
    )*};
}
count!(u64, u128);

/// `c[s]` for `s` in `0..=n * (sides + 1) / 2`, the lower half: the number of the `sides^n`
/// rolls of `n` dice whose sum is `s` (the caller has checked `sides^n` fits in `C`). `buf` is
/// zeros, `2 * (n * sides + 1)` long; the counts are the front of one half of it.
fn counts<C: Count>(n: usize, sides: usize, buf: &mut [C]) -> &[C] {
    let len = n * sides + 1;
    // Two halves, the counts after k dice and after k + 1. Counts past k * sides are zero (no
    // entry there is ever written), so a window reaching past them reads zeros.
    let (mut old, mut new) = buf.split_at_mut(len);
    old[0] = C::ONE;
    // The counts after k dice are symmetric about k * (sides + 1) / 2, so only the lower half
    // is worked out, and the few counts just above it that the next window reaches mirrored.
    let mut half = 0;
    for k in 0..n {
        let next_half = (k + 1) * (sides + 1) / 2;
        let mirror = k * (sides + 1);
        for s in half + 1..next_half.min(k * sides + 1) {
            old[s] = old[mirror - s];
        }
        // One more die reaches s from s - sides ..= s - 1: a window of `sides` counts that
        // slides up one sum at a time (one count in, one out), so no loop over the faces.
        let mut w = C::default();
        new[0] = C::default();
        let rise = next_half.min(sides);
        for (dst, &add) in new[1..=rise].iter_mut().zip(&old[..rise]) {
            w = w.add(add);
            *dst = w;
        }
        if next_half > sides {
            let slide =
                new[sides + 1..=next_half].iter_mut().zip(&old[sides..next_half]).zip(&old[..next_half - sides]);
            for ((dst, &add), &drop) in slide {
                w = w.add(add.sub(drop));
                *dst = w;
            }
        }
        half = next_half;
        core::mem::swap(&mut old, &mut new);
    }
    &old[..=half]
}

/// [`sum`] by direct convolution in `f64`, face by face (`O(n² · sides²)`): the reference the
/// counting is tested against, and its fallback past `u128`.
#[must_use]
pub fn sum_by_convolution(n: usize, sides: usize) -> Vec<f64> {
    #[allow(clippy::cast_precision_loss)]
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

    #[test]
    fn exact_quotients_of_the_counts() {
        // 10d6: 4,395,456 of the 60,466,176 rolls sum to 35 (the mode), one to 10.
        let q = super::sum(10, 6);
        assert_eq!(q[35], 4_395_456.0 / 60_466_176.0);
        assert_eq!(q[10], 1.0 / 60_466_176.0);
        assert_eq!(q[9], 0.0);
        assert_eq!(super::sum(3, 6)[10], 27.0 / 216.0);
        assert_eq!(super::sum(1, 20), [vec![0.0], vec![1.0 / 20.0; 20]].concat());
        assert_eq!(super::sum(0, 6), vec![1.0]);
    }

    #[test]
    fn counting_equals_the_convolution() {
        // The u64 range, the u128 range (40d6, 30d20) and past it (60d6, the convolution).
        for (n, sides) in (0..=12).flat_map(|n| [1, 2, 3, 4, 6, 8, 10, 12, 20, 100].map(|s| (n, s))).chain([
            (20, 6),
            (25, 6),
            (40, 6),
            (30, 20),
            (60, 6),
        ]) {
            let new = super::sum(n, sides);
            let old = super::sum_by_convolution(n, sides);
            assert_eq!(new.len(), old.len(), "{n}d{sides}");
            for (s, (a, b)) in new.iter().zip(&old).enumerate() {
                assert!((a - b).abs() <= 1e-14 * b.abs(), "{n}d{sides} sum {s}: counted {a}, convolved {b}");
            }
            assert!((new.iter().sum::<f64>() - 1.0).abs() < 1e-12, "{n}d{sides}");
        }
    }
}

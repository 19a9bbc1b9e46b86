//! The statistics batch commands report: shares with Wilson 95% score intervals, and
//! distributions (mean, sample standard deviation, quartiles, histogram).

use serde::Serialize;

/// The normal quantile for a two-sided 95% interval.
const Z95: f64 = 1.96;

/// A share with its Wilson 95% score interval, or `None` with no games: `(share, low,
/// high)`.
#[must_use]
pub fn wilson(k: u64, n: u64) -> Option<(f64, f64, f64)> {
    if n == 0 {
        return None;
    }
    #[allow(clippy::cast_precision_loss)]
    let (k, n) = (k as f64, n as f64);
    let z = Z95;
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    Some((p, (c - h).max(0.0), (c + h).min(1.0)))
}

/// `count` of `of` games, as JSON prints it: the share and its Wilson 95% interval.
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
pub struct Share {
    /// The games counted.
    pub count: u64,
    /// Out of how many.
    pub of: u64,
    /// `count / of`.
    pub share: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

impl Share {
    /// `count` of `of`, or `None` when `of` is zero.
    #[must_use]
    pub fn of(count: u64, of: u64) -> Option<Share> {
        wilson(count, of).map(|(share, low, high)| Share { count, of, share, low, high })
    }
}

/// The `q` quantile (0 to 1) of sorted values, interpolating linearly between order
/// statistics (Hyndman and Fan's type 7, the default of R and numpy).
///
/// # Panics
/// If `sorted` is empty.
#[must_use]
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    assert!(!sorted.is_empty(), "the quantile of nothing");
    #[allow(clippy::cast_precision_loss)]
    let h = (sorted.len() - 1) as f64 * q.clamp(0.0, 1.0);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let lo = h.floor() as usize;
    let hi = (lo + 1).min(sorted.len() - 1);
    sorted[lo] + (h - h.floor()) * (sorted[hi] - sorted[lo])
}

/// One histogram bar: the values `from <= v < to` (the last bar also holds its upper
/// end's values, if any fall there).
#[derive(Serialize, Debug, Clone, Copy, PartialEq)]
pub struct Bin {
    /// Lower end, included.
    pub from: f64,
    /// Upper end, excluded.
    pub to: f64,
    /// How many values.
    pub count: u64,
}

/// A sample's summary, as JSON prints it.
#[derive(Serialize, Debug, Clone, PartialEq)]
pub struct Distribution {
    /// How many values.
    pub n: u64,
    /// The mean.
    pub mean: f64,
    /// The sample standard deviation (divisor n - 1; 0 for one value).
    pub sd: f64,
    /// The least value.
    pub min: f64,
    /// The first quartile.
    pub q1: f64,
    /// The median.
    pub median: f64,
    /// The third quartile.
    pub q3: f64,
    /// The greatest value.
    pub max: f64,
    /// Bars of equal width, from the least value to the greatest.
    pub histogram: Vec<Bin>,
}

/// At most this many histogram bars.
const MAX_BINS: f64 = 30.0;

impl Distribution {
    /// The summary of `values`, or `None` if there are none.
    #[must_use]
    pub fn of(values: &[f64]) -> Option<Distribution> {
        if values.is_empty() {
            return None;
        }
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        #[allow(clippy::cast_precision_loss)]
        let n = v.len() as f64;
        let mean = v.iter().sum::<f64>() / n;
        let sd = if v.len() > 1 { (v.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt() } else { 0.0 };
        Some(Distribution {
            n: v.len() as u64,
            mean,
            sd,
            min: v[0],
            q1: quantile(&v, 0.25),
            median: quantile(&v, 0.5),
            q3: quantile(&v, 0.75),
            max: v[v.len() - 1],
            histogram: histogram(&v),
        })
    }
}

/// Bars of a round width (0.25, 0.5, 1, 2, 5, 10, 20, 50...; at least 1 when every value
/// is whole) starting at a multiple of it, at most [`MAX_BINS`] of them.
fn histogram(sorted: &[f64]) -> Vec<Bin> {
    let (min, max) = (sorted[0], sorted[sorted.len() - 1]);
    let whole = sorted.iter().all(|x| x.fract() == 0.0);
    let mut width: f64 = if whole { 1.0 } else { 0.25 };
    let bins = |w: f64| (max / w).floor() - (min / w).floor() + 1.0;
    let mut steps = [2.0, 2.5, 2.0].iter().cycle();
    while bins(width) > MAX_BINS {
        // 0.25, 0.5, 1, 2, 5, 10, 20, 50, ...
        width *= if width < 1.0 { 2.0 } else { *steps.next().expect("endless") };
    }
    let start = (min / width).floor() * width;
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = bins(width) as usize;
    let mut out: Vec<Bin> = (0..n)
        .map(|i| {
            #[allow(clippy::cast_precision_loss)]
            let from = start + i as f64 * width;
            Bin { from, to: from + width, count: 0 }
        })
        .collect();
    for x in sorted {
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let i = (((x - start) / width).floor() as usize).min(n - 1);
        out[i].count += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{Bin, Distribution, Share, quantile, wilson};

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-4
    }

    #[test]
    fn wilson_intervals_match_known_values() {
        // Wilson score intervals at z = 1.96, worked by hand.
        for (k, n, lo, hi) in [
            (45, 100, 0.356_14, 0.547_56),
            (5, 10, 0.236_59, 0.763_41),
            (0, 10, 0.0, 0.277_54),
            (10, 10, 0.722_46, 1.0),
            (1, 2, 0.094_53, 0.905_47),
            (81, 263, 0.255_29, 0.366_21),
        ] {
            let (p, l, h) = wilson(k, n).unwrap();
            #[allow(clippy::cast_precision_loss)]
            let share = k as f64 / n as f64;
            assert!(close(p, share) && close(l, lo) && close(h, hi), "{k}/{n}: {l} {h}");
            assert!(l <= p && p <= h);
        }
        assert_eq!(wilson(0, 0), None);
        assert_eq!(Share::of(3, 0), None);
        let s = Share::of(5, 10).unwrap();
        assert_eq!((s.count, s.of), (5, 10));
        assert!(close(s.share, 0.5) && close(s.low, 0.236_59));
    }

    #[test]
    fn quantiles_interpolate_between_order_statistics() {
        let odd = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert!(
            close(quantile(&odd, 0.25), 2.0) && close(quantile(&odd, 0.5), 3.0) && close(quantile(&odd, 0.75), 4.0)
        );
        // numpy.percentile([1, 2, 3, 4], [25, 50, 75]) = [1.75, 2.5, 3.25].
        let even = [1.0, 2.0, 3.0, 4.0];
        assert!(
            close(quantile(&even, 0.25), 1.75)
                && close(quantile(&even, 0.5), 2.5)
                && close(quantile(&even, 0.75), 3.25)
        );
        assert!(close(quantile(&even, 0.0), 1.0) && close(quantile(&even, 1.0), 4.0));
        // numpy.percentile([0, 10, 30, 70, 150], 90) = 118.
        assert!(close(quantile(&[0.0, 10.0, 30.0, 70.0, 150.0], 0.9), 118.0));
        assert!(close(quantile(&[7.0], 0.3), 7.0));
    }

    #[test]
    fn a_distribution_summarises_and_bins_its_values() {
        let d = Distribution::of(&[5.0, 2.0, 4.0, 4.0, 4.0, 5.0, 7.0, 9.0]).unwrap();
        assert_eq!(d.n, 8);
        assert!(close(d.mean, 5.0));
        // Sum of squares 32 over 7.
        assert!(close(d.sd, (32.0f64 / 7.0).sqrt()));
        assert!(close(d.min, 2.0) && close(d.max, 9.0));
        assert!(close(d.q1, 4.0) && close(d.median, 4.5) && close(d.q3, 5.5));
        assert_eq!(d.histogram.len(), 8, "whole values in bars of 1 from 2 to 9");
        assert_eq!(d.histogram[0], Bin { from: 2.0, to: 3.0, count: 1 });
        assert_eq!(d.histogram[2].count, 3);
        assert_eq!(d.histogram.iter().map(|b| b.count).sum::<u64>(), 8);
        assert_eq!(Distribution::of(&[]), None);
        let one = Distribution::of(&[3.5]).unwrap();
        assert!(close(one.sd, 0.0));
        assert_eq!(one.histogram, vec![Bin { from: 3.5, to: 3.75, count: 1 }]);
    }

    #[test]
    fn wide_ranges_get_round_bars_and_keep_every_value() {
        let values: Vec<f64> = (-40..=260).map(f64::from).collect();
        let d = Distribution::of(&values).unwrap();
        assert!(d.histogram.len() <= 30);
        let w = d.histogram[0].to - d.histogram[0].from;
        assert!(close(w, 20.0), "{w}");
        assert!(close(d.histogram[0].from, -40.0));
        assert_eq!(d.histogram.iter().map(|b| b.count).sum::<u64>(), values.len() as u64);
        let quarters: Vec<f64> = (0..20).map(|i| f64::from(i) * 0.25 - 3.0).collect();
        let q = Distribution::of(&quarters).unwrap();
        assert_eq!(q.histogram.len(), 20);
        assert!(q.histogram.iter().all(|b| b.count == 1));
    }
}

//! The dice the rules roll (intro; plan section 1.4), each an exact distribution so that a
//! roll is a chance decision with known weights: the D10 read 0-9, the percentile %D10 read
//! 00-99, and averaging dice (faces 2, 3, 3, 4, 4, 5; ruling R3) summed and reduced, never
//! below 0 ("2AD-2", 6.9's stragglers, 8.7's visibility, 9.12's 25 mm losses, 11.0's rebuilding).

use std::fmt;
use std::str::FromStr;

/// The averaging die's faces (ruling R3: the hobby's die; the text uses it without saying).
pub const AVERAGING_FACES: [u8; 6] = [2, 3, 3, 4, 4, 5];

/// The D10's faces, read 0 to 9 (intro).
pub const D10_FACES: std::ops::RangeInclusive<u8> = 0..=9;

/// `dice` averaging dice summed, less `minus`, never below 0: "1AD", "2AD-2", "3AD-3"; "0"
/// is no roll at all (a result that costs nothing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AdRoll {
    /// How many averaging dice.
    pub dice: u8,
    /// Taken off the sum.
    pub minus: u8,
}

/// A roll written in a way [`AdRoll`] does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not an averaging-dice roll (write 0, 1AD, 2AD-2, 3AD-3 ...)")]
pub struct BadRoll(pub String);

impl FromStr for AdRoll {
    type Err = BadRoll;

    fn from_str(s: &str) -> Result<AdRoll, BadRoll> {
        let bad = || BadRoll(s.to_string());
        let t = s.trim();
        if t == "0" {
            return Ok(AdRoll { dice: 0, minus: 0 });
        }
        let (dice, rest) = t.split_once("AD").ok_or_else(bad)?;
        let dice: u8 = dice.parse().map_err(|_| bad())?;
        let minus = match rest {
            "" => 0,
            r => r.strip_prefix('-').and_then(|m| m.parse().ok()).ok_or_else(bad)?,
        };
        if dice == 0 || dice > 6 {
            return Err(bad());
        }
        Ok(AdRoll { dice, minus })
    }
}

impl fmt::Display for AdRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.dice, self.minus) {
            (0, _) => write!(f, "0"),
            (d, 0) => write!(f, "{d}AD"),
            (d, m) => write!(f, "{d}AD-{m}"),
        }
    }
}

impl AdRoll {
    /// The weight every outcome's count is out of: 6 to the number of dice.
    #[must_use]
    pub fn denominator(self) -> u32 {
        6u32.pow(u32::from(self.dice))
    }

    /// Each value the roll can give with the number of the [`AdRoll::denominator`] ways to
    /// roll it, lowest first; the values below `minus` all read 0.
    #[must_use]
    pub fn distribution(self) -> Vec<(u8, u32)> {
        let mut sums = vec![1u32];
        for _ in 0..self.dice {
            let mut next = vec![0u32; sums.len() + 5];
            for (s, &n) in sums.iter().enumerate() {
                for f in AVERAGING_FACES {
                    next[s + usize::from(f)] += n;
                }
            }
            sums = next;
        }
        let mut out: Vec<(u8, u32)> = Vec::new();
        for (s, &n) in sums.iter().enumerate().filter(|&(_, &n)| n > 0) {
            let v = u8::try_from(s).unwrap_or(u8::MAX).saturating_sub(self.minus);
            match out.last_mut() {
                Some(last) if last.0 == v => last.1 += n,
                _ => out.push((v, n)),
            }
        }
        out
    }

    /// The mean value, as a fraction of the denominator's worth: for the log and the odds.
    #[must_use]
    pub fn mean(self) -> f64 {
        let d = self.distribution();
        d.iter().map(|&(v, n)| f64::from(v) * f64::from(n)).sum::<f64>() / f64::from(self.denominator())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averaging_die_distribution() {
        let one: AdRoll = "1AD".parse().unwrap();
        assert_eq!(one.distribution(), vec![(2, 1), (3, 2), (4, 2), (5, 1)]);
        assert!((one.mean() - 3.5).abs() < 1e-12);
    }

    #[test]
    fn two_ad_sums_to_36ths() {
        let two: AdRoll = "2AD".parse().unwrap();
        assert_eq!(two.denominator(), 36);
        assert_eq!(two.distribution(), vec![(4, 1), (5, 4), (6, 8), (7, 10), (8, 8), (9, 4), (10, 1)]);
        assert_eq!(two.distribution().iter().map(|x| x.1).sum::<u32>(), 36);
    }

    /// 8.7's "1AD-1" and 11.0's "3AD-3": less the minus, never below 0 (here never reached);
    /// a minus past the least sum floors at 0 and merges those outcomes.
    #[test]
    fn nad_minus_k_floors_at_zero() {
        let r: AdRoll = "1AD-3".parse().unwrap();
        assert_eq!(r.distribution(), vec![(0, 3), (1, 2), (2, 1)]);
        let r: AdRoll = "3AD-3".parse().unwrap();
        assert_eq!(r.distribution().first(), Some(&(3, 1)));
        assert_eq!(r.distribution().iter().map(|x| x.1).sum::<u32>(), 216);
        let none: AdRoll = "0".parse().unwrap();
        assert_eq!(none.distribution(), vec![(0, 1)]);
        assert_eq!(none.to_string(), "0");
    }

    #[test]
    fn a_roll_written_wrong_is_refused() {
        for bad in ["", "AD", "2D", "2AD+1", "2AD-", "0AD", "xAD-1"] {
            assert!(bad.parse::<AdRoll>().is_err(), "{bad}");
        }
        assert_eq!("2AD-2".parse::<AdRoll>().unwrap().to_string(), "2AD-2");
    }
}

//! The seeded generator runners use to sample chance. Rules never see it.

use rand::SeedableRng;
use rand::rngs::ChaCha8Rng;

/// A seeded source of chance decisions (ChaCha8, a named, portable algorithm).
#[derive(Debug)]
pub struct Dice(ChaCha8Rng);

impl Dice {
    /// A generator from a seed.
    #[must_use]
    pub fn seeded(seed: u64) -> Dice {
        Dice(ChaCha8Rng::seed_from_u64(seed))
    }

    /// The seed for game `index` of a batch seeded `seed`: independent of thread count.
    #[must_use]
    pub fn game_seed(seed: u64, index: u64) -> u64 {
        // SplitMix64 of the pair, so neighbouring games get unrelated streams.
        let mut z = seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(0x6a09_e667_f3bc_c909);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n` (rejection sampling, so no bias; `n` must be > 0).
    ///
    /// # Panics
    /// If `n` is zero.
    pub fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "below(0)");
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let x = rand::Rng::next_u32(&mut self.0);
            if x < zone {
                return x % n;
            }
        }
    }

    /// A uniform number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        let x = rand::Rng::next_u64(&mut self.0) >> 11;
        // 53 random bits into the mantissa.
        #[allow(clippy::cast_precision_loss)]
        let f = x as f64 / (1u64 << 53) as f64;
        f
    }

    /// Picks one outcome by its probability.
    ///
    /// # Panics
    /// If `outcomes` is empty.
    pub fn sample<'a, A>(&mut self, outcomes: &'a [(A, f64)]) -> &'a A {
        assert!(!outcomes.is_empty(), "no chance outcomes to sample");
        let mut u = self.unit();
        for (a, p) in outcomes {
            if u < *p {
                return a;
            }
            u -= p;
        }
        &outcomes[outcomes.len() - 1].0
    }

    /// Picks one item uniformly.
    ///
    /// # Panics
    /// If `items` is empty.
    pub fn choose<'a, A>(&mut self, items: &'a [A]) -> &'a A {
        let n = u32::try_from(items.len()).expect("fewer than 2^32 items");
        &items[self.below(n) as usize]
    }
}

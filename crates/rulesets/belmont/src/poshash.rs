//! The position's hash ([`position_hash`]), a word at a time: [`engine::Game::state_hash`],
//! and the check that builds with debug assertions make of the legal-action memo.
//!
//! Bots and the odds enumerator hash every position they reach. The engine's default, a
//! byte-at-a-time FNV-1a over the derived `Hash`, cost about 3 µs a position, most of it the
//! 175 counters, and was a sixth of a greedy decision's time. This hash is seedless, so it
//! is the same in every run and on every machine (as a record's `final_hash` must be):
//! each counter packed into two words, the rest of the position through the derived `Hash`
//! impls with a hasher that mixes each integer as one word, the words going round four
//! independent lanes. Records made by builds before this one carry the FNV-1a value and no
//! longer replay to it.
//!
//! Each mixing step is a bijection of the running state for a fixed word, and of the word
//! for a fixed state, so two positions whose words differ in one place always hash apart.

use crate::state::{Belmont, Loc, Unit};
use engine::words::{WordHasher, WordSink, mix};
use std::hash::{Hash, Hasher};

/// Four lanes of [`mix`] chains taking the words in turn, so that consecutive multiplies
/// overlap; the lanes and the word count join at the end. Where a word falls decides its
/// lane and its place on the lane, so a word moved elsewhere changes the hash as a changed
/// word does.
struct Lanes {
    lanes: [u64; 4],
    words: usize,
}

impl Lanes {
    fn new() -> Lanes {
        Lanes { lanes: [0xcbf2_9ce4_8422_2325, 1, 2, 3], words: 0 }
    }
}

impl WordSink for Lanes {
    #[inline]
    fn word(&mut self, w: u64) {
        let lane = &mut self.lanes[self.words % 4];
        *lane = mix(*lane, w);
        self.words += 1;
    }

    fn finish(&self) -> u64 {
        self.lanes.iter().fold(self.words as u64, |h, &l| mix(h, l))
    }
}

/// A counter's state as two words, every field in its own bits.
fn unit_words(u: &Unit) -> [u64; 2] {
    let (tag, payload) = match u.loc {
        Loc::Hex(h) => (0u64, (u64::from(h.q.cast_unsigned()) << 16) | u64::from(h.r.cast_unsigned())),
        Loc::Reserve => (1, 0),
        Loc::TurnTrack => (2, 0),
        Loc::Aboard(v) => (3, u64::from(v)),
        Loc::Gone(f) => (4, f as u64),
    };
    let flags = u64::from(u.flipped)
        | u64::from(u.moved) << 1
        | u64::from(u.shaken) << 2
        | u64::from(u.rallied) << 3
        | u64::from(u.debarked) << 4
        | u64::from(u.broken_in_melee) << 5;
    let captor = u.captor.map_or(0, |c| (1 << 8) | u64::from(c));
    [payload | tag << 32 | flags << 40, u64::from(u.damage) | u64::from(u.mp) << 8 | captor << 16]
}

/// `Game::layout_hash`: where each counter is, a word each (bots ask at every position they
/// look at).
pub(crate) fn layout_hash(g: &Belmont) -> u64 {
    let mut lanes = Lanes::new();
    for u in &g.units {
        lanes.word(unit_words(u)[0] & 0xff_ffff_ffff); // the place: tag and payload, no flags
    }
    lanes.finish()
}

/// The position's hash, `Game::state_hash`: every field (the
/// occupancy index, the memo and the log are derived or not part of it), the counters
/// two words each. (An odd count of counters pads with zero words; the count is hashed.)
pub(crate) fn position_hash(g: &Belmont) -> u64 {
    let Belmont {
        options,
        opt,
        turn,
        units,
        chits,
        vp,
        camp_captured,
        influence,
        high_morale,
        guard,
        guard_units,
        guard_released,
        confused,
        act,
        markers,
        transports_free,
        transports_held,
        transport_limits,
        embarked,
        retreats,
        occ: _,
        legal_memo: _,
        stack,
        log: _,
    } = g;
    // The counters, two at a time on four lanes of their own (kept in registers).
    let mut lanes = [1u64, 2, 3, 4];
    for pair in units.chunks(2) {
        let [a, b] = unit_words(&pair[0]);
        let [c, d] = pair.get(1).map_or([0, 0], unit_words);
        lanes = [mix(lanes[0], a), mix(lanes[1], b), mix(lanes[2], c), mix(lanes[3], d)];
    }
    let mut h = WordHasher(Lanes::new());
    h.write_usize(units.len());
    for l in lanes {
        h.0.word(l);
    }
    (options, opt, turn, chits, vp, camp_captured, influence, high_morale).hash(&mut h);
    (guard, guard_units, guard_released, confused, act, markers).hash(&mut h);
    (transports_free, transports_held, transport_limits, embarked, retreats, stack).hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Fate;
    use engine::Game;
    use hexmap::Hex;

    fn unit(loc: Loc) -> Unit {
        Unit::fresh(loc)
    }

    /// Every field of a counter, and every kind of place, has its own bits.
    #[test]
    fn unit_words_tell_every_field_apart() {
        let base = unit(Loc::Hex(Hex::new(3, -1)));
        let variants = [
            base.clone(),
            unit(Loc::Hex(Hex::new(3, 0))),
            unit(Loc::Hex(Hex::new(-1, -1))),
            unit(Loc::Reserve),
            unit(Loc::TurnTrack),
            unit(Loc::Aboard(0)),
            unit(Loc::Aboard(1)),
            unit(Loc::Gone(Fate::Eliminated)),
            unit(Loc::Gone(Fate::Killed)),
            Unit { flipped: true, ..base.clone() },
            Unit { moved: true, ..base.clone() },
            Unit { shaken: true, ..base.clone() },
            Unit { rallied: true, ..base.clone() },
            Unit { debarked: true, ..base.clone() },
            Unit { broken_in_melee: true, ..base.clone() },
            Unit { damage: 1, ..base.clone() },
            Unit { damage: 255, ..base.clone() },
            Unit { mp: 1, ..base.clone() },
            Unit { mp: 255, ..base.clone() },
            Unit { captor: Some(0), ..base.clone() },
            Unit { captor: Some(255), ..base.clone() },
        ];
        for (i, a) in variants.iter().enumerate() {
            for b in &variants[i + 1..] {
                assert_ne!(unit_words(a), unit_words(b), "{a:?} and {b:?}");
            }
        }
    }

    /// A change anywhere in the position changes the key; the log does not.
    #[test]
    fn the_key_follows_the_position() {
        let g = Belmont::after_setup(&[]);
        let k = position_hash(&g);
        let mut h = g.clone();
        h.set_logging(false);
        assert_eq!(position_hash(&h), k);
        let mut h = g.clone();
        h.units[174].mp = 1;
        assert_ne!(position_hash(&h), k);
        let mut h = g.clone();
        h.units.swap(0, 4);
        assert_ne!(position_hash(&h), k, "counters swapped");
        let mut h = g.clone();
        h.vp[1] += 1;
        assert_ne!(position_hash(&h), k);
        let mut h = g;
        h.stack.pop();
        assert_ne!(position_hash(&h), k);
    }
}

//! Word-at-a-time hashing for rulesets' position hashes (Fire on the Mountain's state hash,
//! Belmont's legal-action memo key). The engine's default state hash is FNV-1a, one byte
//! at a time; a position is mostly small integers, and mixing each as one 64-bit word is
//! several times cheaper. A ruleset says what a word does to its running state and how the
//! hash ends ([`WordSink`]); [`WordHasher`] turns the derived `Hash` impls' writes into
//! words, the same on every platform (`usize` and `isize` widened to 64 bits, bytes read
//! little-endian), so a hash can be stored in records.

use std::hash::Hasher;

/// An odd 64-bit multiplier (2^64 / the golden ratio).
pub const K: u64 = 0x9e37_79b9_7f4a_7c15;

/// Mixes one word into a running state: xor, multiply (carries every bit upward), then
/// fold the high half down so the next word's low bits meet the whole of this one. For a
/// fixed word it is a bijection of the state, and for a fixed state of the word, so two
/// inputs one word apart always leave different states.
#[inline]
#[must_use]
pub fn mix(state: u64, w: u64) -> u64 {
    let h = (state ^ w).wrapping_mul(K);
    h ^ (h >> 32)
}

/// A hash's running state, fed one 64-bit word at a time.
pub trait WordSink {
    /// Takes in one word.
    fn word(&mut self, w: u64);
    /// The hash of the words so far.
    fn finish(&self) -> u64;
}

/// A [`Hasher`] that feeds each integer written to it to `S` as one word: see the
/// [module documentation](self).
#[derive(Clone, Copy, Debug, Default)]
pub struct WordHasher<S>(pub S);

impl<S: WordSink> Hasher for WordHasher<S> {
    fn finish(&self) -> u64 {
        self.0.finish()
    }

    /// Byte strings (names, `Vec<u8>` contents): the length, then eight bytes a word,
    /// little-endian, the last word zero-padded.
    fn write(&mut self, bytes: &[u8]) {
        self.0.word(bytes.len() as u64);
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.0.word(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.0.word(u64::from_le_bytes(w));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.0.word(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.0.word(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.0.word(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.0.word(i);
    }

    fn write_u128(&mut self, i: u128) {
        // Both halves; the truncations are the point.
        #[allow(clippy::cast_possible_truncation)]
        {
            self.0.word(i as u64);
            self.0.word((i >> 64) as u64);
        }
    }

    /// Lengths and enum discriminants: 64 bits on every platform.
    fn write_usize(&mut self, i: usize) {
        self.0.word(i as u64);
    }

    // The signed writes default to the unsigned ones of the same width, except `isize`, which
    // would go through `usize` at the platform's width: sign-extend it to 64 bits instead.
    fn write_isize(&mut self, i: isize) {
        self.0.word(i as i64 as u64);
    }
}

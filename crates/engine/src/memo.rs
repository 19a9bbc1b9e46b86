//! A memo of a position's legal actions, keyed by its state hash, kept inside the game value.
//! `Game::apply` lists the legal actions to check the action given, right after a runner listed
//! them to choose it; the memo makes the second listing a hash and a copy. It is not part of
//! the position: it hashes to nothing and compares equal to any other memo, so a game can
//! derive `Hash` and `PartialEq` with it inside.

use std::hash::{Hash, Hasher};
use std::sync::Mutex;

/// The last legal-action list a game computed, with the state hash it belongs to.
#[derive(Debug)]
pub struct LegalMemo<A>(Mutex<Option<(u64, Vec<A>)>>);

/// Empty (derived `Default` would ask `A: Default`).
impl<A> Default for LegalMemo<A> {
    fn default() -> Self {
        LegalMemo(Mutex::new(None))
    }
}

impl<A: Clone> LegalMemo<A> {
    /// The list for the position hashing to `key`: the memoised one if it is that
    /// position's, otherwise `list()`, remembered.
    pub fn get_or(&self, key: u64, list: impl FnOnce() -> Vec<A>) -> Vec<A> {
        if let Ok(memo) = self.0.lock()
            && let Some((k, v)) = memo.as_ref()
            && *k == key
        {
            return v.clone();
        }
        let v = list();
        if let Ok(mut memo) = self.0.lock() {
            *memo = Some((key, v.clone()));
        }
        v
    }
}

/// A clone starts with the same entry; the key keeps either from using it once they differ.
impl<A: Clone> Clone for LegalMemo<A> {
    fn clone(&self) -> Self {
        LegalMemo(Mutex::new(self.0.lock().map(|m| m.clone()).unwrap_or(None)))
    }
}

/// Not part of the position.
impl<A> Hash for LegalMemo<A> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

/// Not part of the position.
impl<A> PartialEq for LegalMemo<A> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<A> Eq for LegalMemo<A> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_once_per_key_and_is_no_part_of_the_position() {
        let memo: LegalMemo<u8> = LegalMemo::default();
        let mut calls = 0;
        let mut list = |v: Vec<u8>| {
            calls += 1;
            v
        };
        assert_eq!(memo.get_or(1, || list(vec![1, 2])), vec![1, 2]);
        assert_eq!(memo.get_or(1, || list(vec![9])), vec![1, 2], "memoised for key 1");
        assert_eq!(memo.get_or(2, || list(vec![3])), vec![3], "another key lists again");
        assert_eq!(calls, 2);
        let copy = memo.clone();
        assert_eq!(copy.get_or(2, || vec![7]), vec![3]);
        assert!(memo == LegalMemo::default());
    }
}

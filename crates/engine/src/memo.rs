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

    /// For a game that forgets the memo at every change of position ([`LegalMemo::forget`])
    /// instead of hashing the position to find out: the list held, if any, otherwise
    /// `list()`, held. `hash` is the position's hash; it is computed only in builds with
    /// debug assertions, which check that a list held is the position's (panicking if the
    /// position changed without a `forget`), so that the tests find a change that forgot
    /// to forget.
    pub fn held_or(&self, hash: impl Fn() -> u64, list: impl FnOnce() -> Vec<A>) -> Vec<A> {
        if let Ok(memo) = self.0.lock()
            && let Some((k, v)) = memo.as_ref()
        {
            assert!(
                !cfg!(debug_assertions) || *k == hash(),
                "the legal-action memo outlived a change of position (forget it at the change)"
            );
            return v.clone();
        }
        let v = list();
        self.hold(hash, v.clone());
        v
    }

    /// Holds `list` as the position's legal actions (see [`LegalMemo::held_or`]).
    pub fn hold(&self, hash: impl Fn() -> u64, list: Vec<A>) {
        let key = if cfg!(debug_assertions) { hash() } else { 0 };
        if let Ok(mut memo) = self.0.lock() {
            *memo = Some((key, list));
        }
    }

    /// Forgets the list held: the position is changing.
    pub fn forget(&mut self) {
        self.take(None);
    }

    /// The list held, if any, forgotten: the position is about to change, and the caller
    /// wants the list it was chosen from. `hash`, if given, is the position's hash, checked
    /// as [`LegalMemo::held_or`] checks it (callers pass it in builds with debug assertions).
    pub fn take(&mut self, hash: Option<u64>) -> Option<Vec<A>> {
        let (k, v) = self.0.get_mut().ok()?.take()?;
        assert!(
            hash.is_none_or(|h| h == k),
            "the legal-action memo outlived a change of position (forget it at the change)"
        );
        Some(v)
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

    #[test]
    fn a_held_list_lasts_until_forgotten() {
        let mut memo: LegalMemo<u8> = LegalMemo::default();
        let mut calls = 0;
        let mut list = |v: Vec<u8>| {
            calls += 1;
            v
        };
        assert_eq!(memo.held_or(|| 1, || list(vec![1, 2])), vec![1, 2]);
        assert_eq!(memo.held_or(|| 1, || list(vec![9])), vec![1, 2], "held");
        memo.forget();
        assert_eq!(memo.held_or(|| 2, || list(vec![3])), vec![3], "listed again once forgotten");
        assert_eq!(calls, 2);
        assert_eq!(memo.take(Some(2)), Some(vec![3]));
        assert_eq!(memo.take(None), None);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "outlived a change of position")]
    fn a_change_without_forgetting_is_caught_in_debug_builds() {
        let memo: LegalMemo<u8> = LegalMemo::default();
        memo.held_or(|| 1, || vec![1]);
        memo.held_or(|| 2, || vec![2]);
    }
}

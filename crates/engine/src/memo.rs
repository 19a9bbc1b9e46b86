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
        self.held_with(hash, list, <[A]>::to_vec)
    }

    /// [`LegalMemo::held_or`], lending the list to `read` instead of copying it out (for a
    /// caller that only asks something of it, such as whether it is empty).
    pub fn held_with<R>(
        &self,
        hash: impl Fn() -> u64,
        list: impl FnOnce() -> Vec<A>,
        read: impl FnOnce(&[A]) -> R,
    ) -> R {
        if let Ok(memo) = self.0.lock()
            && let Some((k, v)) = memo.as_ref()
        {
            check(*k, hash);
            return read(v);
        }
        // Listed without the lock: a listing may itself ask for a list.
        let v = list();
        let key = key(hash);
        match self.0.lock() {
            Ok(mut memo) => read(&memo.insert((key, v)).1),
            Err(_) => read(&v),
        }
    }

    /// Holds `list` as the position's legal actions (see [`LegalMemo::held_or`]).
    pub fn hold(&self, hash: impl Fn() -> u64, list: Vec<A>) {
        let key = key(hash);
        if let Ok(mut memo) = self.0.lock() {
            *memo = Some((key, list));
        }
    }

    /// Forgets the list held: the position is changing.
    pub fn forget(&mut self) {
        if let Ok(memo) = self.0.get_mut() {
            *memo = None;
        }
    }

    /// The list held, if any, forgotten: the position is about to change, and the caller
    /// wants the list it was chosen from. Checked against `hash` as
    /// [`LegalMemo::held_or`] checks.
    pub fn take(&self, hash: impl Fn() -> u64) -> Option<Vec<A>> {
        let (k, v) = self.0.lock().ok()?.take()?;
        check(k, hash);
        Some(v)
    }
}

/// A held list's key: the position's hash in builds with debug assertions (checked by
/// [`check`]), nothing otherwise (the hash is never computed).
fn key(hash: impl Fn() -> u64) -> u64 {
    if cfg!(debug_assertions) { hash() } else { 0 }
}

/// In builds with debug assertions, that a held list's key is the position's hash.
fn check(key: u64, hash: impl Fn() -> u64) {
    assert!(
        !cfg!(debug_assertions) || key == hash(),
        "the legal-action memo outlived a change of position (forget it at the change)"
    );
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
        let calls = std::cell::Cell::new(0);
        let list = |v: Vec<u8>| {
            calls.set(calls.get() + 1);
            v
        };
        assert_eq!(memo.held_or(|| 1, || list(vec![1, 2])), vec![1, 2]);
        assert_eq!(memo.held_or(|| 1, || list(vec![9])), vec![1, 2], "held");
        memo.forget();
        assert_eq!(memo.held_or(|| 2, || list(vec![3])), vec![3], "listed again once forgotten");
        assert_eq!(calls.get(), 2);
        assert_eq!(memo.held_with(|| 2, || list(vec![8]), <[u8]>::len), 1, "lent, not listed again");
        assert_eq!(memo.take(|| 2), Some(vec![3]));
        assert_eq!(memo.take(|| 2), None);
        assert_eq!(memo.held_with(|| 3, || list(vec![4, 5]), <[u8]>::len), 2, "listed and held");
        assert_eq!(memo.held_or(|| 3, || list(vec![9])), vec![4, 5]);
        assert_eq!(calls.get(), 3, "listed once per position: [1, 2], [3], [4, 5]");
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "outlived a change of position")]
    fn a_change_without_forgetting_is_caught_in_debug_builds() {
        let memo: LegalMemo<u8> = LegalMemo::default();
        memo.held_or(|| 1, || vec![1]);
        memo.held_or(|| 2, || vec![2]);
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "outlived a change of position")]
    fn taking_a_stale_list_is_caught_in_debug_builds() {
        let memo: LegalMemo<u8> = LegalMemo::default();
        memo.held_or(|| 1, || vec![1]);
        memo.take(|| 2);
    }
}

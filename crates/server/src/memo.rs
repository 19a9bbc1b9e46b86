//! Odds worked out once per position and action (issue 15: odds over the time budget). A
//! page asks the same odds more than once: under a small choice's button, then in the
//! dialog its click opens, then again after a refusal for time. Each answer is kept for the
//! game's position (its `seq`) and the action's index, and work already under way is waited
//! for rather than begun again; work that outlives its request's budget still finishes and
//! is kept, so asking again answers at once (the seventh playtest: odds refused for time
//! while three asks for the same position queued behind one another on one analysis slot).

use crate::session::Refusal;
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;
use tokio::sync::watch;

/// Answers kept at most (the oldest go first).
const KEPT: usize = 256;

/// What one piece of analysis answered, once it has.
pub(crate) type Answer = Option<Result<Value, Refusal>>;

/// Which odds: a game, its position, the action's index there, and the unit that joins what
/// it begins, if the page sends one.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    pub game: String,
    pub seq: u64,
    pub index: usize,
    pub follow: Option<String>,
}

/// Whoever asks for a key either finds it (done or under way) or is the one to work it out.
pub(crate) enum Claim {
    /// Answered already, or being worked out: wait on it.
    Found(watch::Receiver<Answer>),
    /// New: the caller does the work and sends its answer (dropping the sender unsent
    /// means the work never ran: waiters are told, and the key is free again).
    Mine(watch::Sender<Answer>, watch::Receiver<Answer>),
}

/// The kept answers, shared by every request of the server.
#[derive(Default)]
pub(crate) struct Memo {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    cells: HashMap<Key, watch::Receiver<Answer>>,
    order: VecDeque<Key>,
}

impl Memo {
    /// The answer for `key`, or the right to work it out.
    pub(crate) fn claim(&self, key: &Key) -> Claim {
        let mut inner = self.inner.lock().expect("memo lock");
        if let Some(rx) = inner.cells.get(key) {
            // A cell whose worker gave up unanswered is claimed afresh.
            if rx.borrow().is_some() || rx.has_changed().is_ok() {
                return Claim::Found(rx.clone());
            }
        }
        let (tx, rx) = watch::channel(None);
        if inner.cells.insert(key.clone(), rx.clone()).is_none() {
            inner.order.push_back(key.clone());
        }
        while inner.order.len() > KEPT {
            if let Some(old) = inner.order.pop_front() {
                inner.cells.remove(&old);
            }
        }
        Claim::Mine(tx, rx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key(index: usize) -> Key {
        Key { game: "g".into(), seq: 3, index, follow: None }
    }

    #[test]
    fn a_key_is_worked_out_once_and_its_answer_kept() {
        let memo = Memo::default();
        let Claim::Mine(tx, _) = memo.claim(&key(0)) else { panic!("a new key is the caller's") };
        let Claim::Found(rx) = memo.claim(&key(0)) else { panic!("under way: found") };
        assert!(rx.borrow().is_none(), "not answered yet");
        tx.send(Some(Ok(json!(1)))).unwrap();
        drop(tx);
        let Claim::Found(rx) = memo.claim(&key(0)) else { panic!("answered: found") };
        assert_eq!(rx.borrow().clone(), Some(Ok(json!(1))), "kept after its worker is gone");
        assert!(matches!(memo.claim(&key(1)), Claim::Mine(..)), "another index is another key");
    }

    #[test]
    fn work_that_never_ran_frees_its_key() {
        let memo = Memo::default();
        let Claim::Mine(tx, _) = memo.claim(&key(0)) else { panic!() };
        drop(tx);
        assert!(matches!(memo.claim(&key(0)), Claim::Mine(..)), "claimed afresh");
    }

    #[test]
    fn the_oldest_answers_go_first() {
        let memo = Memo::default();
        let mut keep = Vec::new();
        for i in 0..=KEPT {
            let Claim::Mine(tx, _) = memo.claim(&key(i)) else { panic!() };
            tx.send(Some(Ok(json!(i)))).unwrap();
            keep.push(tx);
        }
        assert!(matches!(memo.claim(&key(0)), Claim::Mine(..)), "the first is forgotten");
        assert!(matches!(memo.claim(&key(KEPT)), Claim::Found(_)), "the last is kept");
    }
}

//! The way-on search movement needs (FotM 4.1, GBACW 8.11-8.17): a step is offered only when
//! the move can still end legally after it, found by playing the move forward on copies of
//! the position. The rulesets say what ends a move and what carries it on; this module walks
//! the positions, each once (by [`Game::state_hash`]), at most [`LIMIT`] of them, and marks
//! the search under way on its thread so the rules' own checks called inside it do not start
//! another ([`searching`]): the outer search is the judge, so it ends.

use crate::Game;
use std::cell::Cell;
use std::collections::HashSet;

/// Positions a search visits at most; past it the move is taken as finishable (a move has
/// far fewer).
pub const LIMIT: usize = 4096;

thread_local! {
    static SEARCHING: Cell<bool> = const { Cell::new(false) };
}

/// Whether a search is under way on this thread: a check asked inside it answers yes.
#[must_use]
pub fn searching() -> bool {
    SEARCHING.get()
}

/// Marks a search under way on this thread until dropped (a panic inside one included).
struct Searching;

impl Drop for Searching {
    fn drop(&mut self) {
        SEARCHING.set(false);
    }
}

/// Whether some continuation from `start` reaches a position `ends` accepts (the move over,
/// or able to end where it stands), by the actions `steps` lists in each position.
pub fn finishable<G: Game>(start: G, ends: impl Fn(&G) -> bool, steps: impl Fn(&G) -> Vec<G::Action>) -> bool {
    SEARCHING.set(true);
    let _searching = Searching;
    if ends(&start) {
        return true;
    }
    let mut seen = HashSet::from([start.state_hash()]);
    let mut open = vec![start];
    // Each position is judged as it is made, so the search stops at the first that ends
    // without copying its siblings.
    while let Some(p) = open.pop() {
        for a in steps(&p) {
            let mut next = p.clone();
            next.apply_unchecked(&a);
            if !seen.insert(next.state_hash()) {
                continue;
            }
            if seen.len() > LIMIT || ends(&next) {
                return true;
            }
            open.push(next);
        }
    }
    false
}

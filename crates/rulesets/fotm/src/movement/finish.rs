//! 4.1 with 13.1: a brigade (or commander) may pass through a hex it could not end its move
//! in, but a step into such a hex is offered only when the unit can still get out of it: some
//! continuation of its own move (steps, facing changes, formation, mounting) reaches a hex it
//! may end in. Without this a unit could step where it can neither stay nor go on, and only
//! undo would get it out (or a fallback would leave it over-stacked).
//!
//! The search plays the unit's move forward on copies of the position, each position once
//! (by [`engine::Game::state_hash`]), inside the rules' own checks; nested searches are not
//! started (the outer search decides), so it ends.

use super::{Ctx, MoveFrame, may_end, mover, room};
use crate::Action;
use crate::state::Fotm;
use engine::Game;
use std::cell::Cell;
use std::collections::HashSet;

/// Positions a search visits at most; past it the step is allowed (a move has far fewer).
const LIMIT: usize = 4096;

thread_local! {
    static SEARCHING: Cell<bool> = const { Cell::new(false) };
}

/// Whether the unit moving (on top of the stack) could finish its move legally after `a`
/// (a step, a facing change, a formation change, mounting). Inside a search it answers yes:
/// the outer search is the judge.
pub(super) fn can_finish_after(g: &Fotm, a: &Action) -> bool {
    if SEARCHING.get() {
        return true;
    }
    let mut first = g.clone();
    first.set_logging(false);
    first.apply_unchecked(a);
    finishable(first)
}

/// Marks a search under way on this thread until dropped (a panic inside one included).
struct Searching;

impl Searching {
    fn start() -> Searching {
        SEARCHING.set(true);
        Searching
    }
}

impl Drop for Searching {
    fn drop(&mut self) {
        SEARCHING.set(false);
    }
}

/// Whether some continuation of the move on top of `start`'s stack ends it legally.
fn finishable(start: Fotm) -> bool {
    let _searching = Searching::start();
    let mut seen = HashSet::new();
    let mut open = vec![start];
    while let Some(p) = open.pop() {
        if !seen.insert(p.state_hash()) {
            continue;
        }
        if seen.len() > LIMIT {
            return true;
        }
        let Some(m) = mover(&p) else {
            // The move waits on chance (the forced-march roll, 13.5) or is over: the unit
            // stopped where its last step took it, which had room (13.1's stop checks 4.1).
            return true;
        };
        if may_end(&p, &Ctx::new(&p, m.side), m).is_ok() {
            return true;
        }
        for a in MoveFrame::mover_legal(m, &p) {
            if matches!(a, Action::Step(_) | Action::Face(_) | Action::Formation | Action::Mount) {
                let mut next = p.clone();
                next.apply_unchecked(&a);
                open.push(next);
            }
        }
    }
    false
}

/// 4.1's dead end, for [`engine::Game::dead_end`]: a unit moving that may not end its move
/// where it stands (stacking) and whose move can no longer finish legally.
pub(crate) fn dead_end(g: &Fotm) -> Option<String> {
    let m = mover(g)?;
    let at = g.unit_hex(m.unit)?;
    if room(g, m.unit, at) || SEARCHING.get() {
        return None;
    }
    let mut start = g.clone();
    start.set_logging(false);
    (!finishable(start))
        .then(|| format!("{} stands over-stacked in {at} (4.1) and its move cannot finish", g.uname(m.unit)))
}

//! 4.1 with 13.1: a brigade (or commander) may pass through a hex it could not end its move
//! in, but a step into such a hex is offered only when the unit can still get out of it: some
//! continuation of its own move (steps, facing changes, formation, mounting) reaches a hex it
//! may end in. Without this a unit could step where it can neither stay nor go on, and only
//! undo would get it out (or a fallback would leave it over-stacked).
//!
//! The search is the engine's ([`engine::way_on`]); this module says what ends the move and
//! what carries it on.

use super::{Ctx, MoveFrame, may_end, mover, room};
use crate::Action;
use crate::state::Fotm;
use engine::Game;
use engine::way_on::searching;

/// Whether the unit moving (on top of the stack) could finish its move legally after `a`
/// (a step, a facing change, a formation change, mounting). Inside a search it answers yes:
/// the outer search is the judge.
pub(super) fn can_finish_after(g: &Fotm, a: &Action) -> bool {
    if searching() {
        return true;
    }
    let mut first = g.clone();
    first.set_logging(false);
    first.apply_unchecked(a);
    finishable(first)
}

/// Whether some continuation of the move on top of `start`'s stack ends it legally.
fn finishable(start: Fotm) -> bool {
    engine::way_on::finishable(
        start,
        // No mover: the move waits on chance (the forced-march roll, 13.5) or is over, the
        // unit stopped where its last step took it, which had room (13.1's stop checks 4.1).
        |p| mover(p).is_none_or(|m| may_end(p, &Ctx::new(p, m.side), m).is_ok()),
        |p| {
            mover(p).map_or_else(Vec::new, |m| {
                MoveFrame::mover_legal(m, p)
                    .into_iter()
                    .filter(|a| matches!(a, Action::Step(_) | Action::Face(_) | Action::Formation | Action::Mount))
                    .collect()
            })
        },
    )
}

/// 4.1's dead end, for [`engine::Game::dead_end`]: a unit moving that may not end its move
/// where it stands (stacking) and whose move can no longer finish legally.
pub(crate) fn dead_end(g: &Fotm) -> Option<String> {
    let m = mover(g)?;
    let at = g.unit_hex(m.unit)?;
    if room(g, m.unit, at) || searching() {
        return None;
    }
    let mut start = g.clone();
    start.set_logging(false);
    (!finishable(start))
        .then(|| format!("{} stands over-stacked in {at} (4.1) and its move cannot finish", g.uname(m.unit)))
}

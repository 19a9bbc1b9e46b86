//! A step or formation change is offered only when the move can still end legally after it
//! (FotM's `movement/finish.rs`): some continuation of the same move (steps, formation
//! changes) reaches a place it may end (8.11-8.17, 17.52). Without this a unit could pass into
//! a hex it may not stay in and find no way out, and the phase could not end.
//!
//! The search is the engine's ([`engine::way_on`]); this module says what ends the move and
//! what carries it on.

use super::{MoveFrame, Mover, may_end, mover};
use crate::action::Action;
use crate::procedure::Frame;
use crate::state::Gbacw;
use engine::way_on::searching;
use engine::{Game, Illegal};
use hexmap::Hex;

/// Whether the step from `at` into `to` keeps the move able to end: yes inside a search (the
/// outer search judges), yes when [`plainly_ends`] sees it, else as [`keeps_way_on`] finds.
pub(super) fn step_keeps_way(g: &Gbacw, m: &Mover, at: Option<Hex>, to: Hex) -> bool {
    searching() || plainly_ends(g, m, at, to) || keeps_way_on(g, &Action::Step(to))
}

/// Whether the step from `at` (`None`: a landing) into `to` plainly leaves the move able to
/// end there, without playing it on a copy (plan step 12: that was two fifths of random
/// play). No enemy zone is left, so no withdrawal fire holds the step (10.1), and where it
/// lands:
/// - units that stack: only friends that stack stand in `to`, and with
///   them the movers keep within its limits (8.11-8.17); leaders with them are with a unit
///   (17.52);
/// - otherwise (leaders alone, gunboats) the hex's stacking is as it was and within its
///   limits, and each leader has a friendly unit there or may stand alone there (17.52).
///
/// Nor may guns or a wagon left by their crews stand there. Otherwise [`keeps_way_on`] judges.
pub(super) fn plainly_ends(g: &Gbacw, m: &Mover, at: Option<Hex>, to: Hex) -> bool {
    let units = super::hooks::units(m);
    let stackers: Vec<_> = units.iter().copied().filter(|&u| crate::stacking::stacks(g, u)).collect();
    let lands = if stackers.is_empty() {
        let leaders = units.len() < m.pieces.len();
        crate::stacking::fault(g, to, m.side).is_none()
            && (!leaders
                || !crate::stacking::friends_at(g, to, m.side).is_empty()
                || crate::leaders::may_stand_alone(g, to, m.side))
    } else {
        let mut here = g.units_at(to);
        here.iter().all(|&u| g.side_of(u) == m.side && crate::stacking::stacks(g, u)) && {
            here.extend(&stackers);
            crate::stacking::within_limits(g, to, &here)
        }
    };
    // Guns or a wagon left in `to` change hands or crews as units enter (15.16, 11.19), and
    // what then stands there is no longer plain (random play found a Column regiment taking
    // a crewless wagon and unable to end beside it, 8.16).
    let left_there = g.units.iter().any(|st| st.abandoned == Some(to));
    let plain =
        lands && !left_there && at.is_none_or(|at| crate::withdrawal::leaving(g, m.side, &m.pieces, at).is_none());
    debug_assert!(!plain || keeps_way_on(g, &Action::Step(to)), "a plain step to {to} that the search refuses");
    plain
}

/// Whether changing the moving unit to formation `f` in `at` plainly leaves its move able
/// to end there: it stands alone, within the hex's limits, and no enemy zone covers it, so
/// no withdrawal fire holds the change (6.23, 6.24). Otherwise [`keeps_way_on`] judges.
pub(super) fn plainly_forms(g: &Gbacw, m: &Mover, at: Hex, f: crate::state::Formation) -> bool {
    let [super::Piece::Unit(u)] = m.pieces[..] else { return false };
    let plain = g.units_here(at).eq([u])
        && crate::stacking::within_limits(g, at, &[u])
        && crate::withdrawal::formation_change(g, u, at, f).is_none();
    debug_assert!(!plain || keeps_way_on(g, &Action::Form(f)), "a plain change to {f:?} that the search refuses");
    plain
}

/// Whether the move on top of `g`'s stack could still end legally after `a`. Inside a search
/// it answers yes: the outer search judges.
pub(super) fn keeps_way_on(g: &Gbacw, a: &Action) -> bool {
    if searching() {
        return true;
    }
    let mut next = g.clone();
    next.set_logging(false);
    next.apply_unchecked(a);
    if firing(&next) {
        return finishable(next);
    }
    match mover(&next) {
        None => true,
        Some(m) if may_end(&next, m).is_ok() => true,
        Some(_) => finishable(next),
    }
}

/// Whether a move just begun as `m` could end legally.
pub(super) fn can_finish(g: &Gbacw, m: &Mover) -> bool {
    if searching() {
        return true;
    }
    let mut start = g.clone();
    start.set_logging(false);
    start.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m.clone()))));
    finishable(start)
}

/// The refusal of an action that leaves the move no legal end.
pub(super) fn dead_end_refusal(g: &Gbacw, a: &Action) -> Option<Illegal> {
    (!keeps_way_on(g, a)).then(|| Illegal {
        rule: "GBACW 8.11".into(),
        reason: "the move could not then end anywhere it may stay (stacking 8.11-8.17, leaders 17.52)".into(),
    })
}

/// Whether the enemy's withdrawal fire holds the move's step (10.1, 6.24).
fn firing(g: &Gbacw) -> bool {
    matches!(g.stack.last(), Some(Frame::Withdraw(_)))
}

/// Whether some continuation of the move on top of `start`'s stack ends it legally. A step
/// held by withdrawal fire is followed as if the enemy declined to fire (10.1 "may"): the step
/// is then made, and the move must still be able to end (a pin or rout only ends it sooner,
/// 10.15, R41).
fn finishable(start: Gbacw) -> bool {
    engine::way_on::finishable(
        start,
        |p| !firing(p) && mover(p).is_none_or(|m| may_end(p, m).is_ok()),
        |p| {
            if firing(p) {
                return vec![Action::Done];
            }
            mover(p).map_or_else(Vec::new, |m| {
                super::mover_legal(m, p)
                    .into_iter()
                    .filter(|a| matches!(a, Action::Step(_) | Action::Form(_)))
                    .collect()
            })
        },
    )
}

/// For [`engine::Game::dead_end`]: counters moving that may not end where they stand and
/// whose move can no longer end legally.
pub(crate) fn dead_end(g: &Gbacw) -> Option<String> {
    let m = mover(g)?;
    if searching() || may_end(g, m).is_ok() || m.pieces.iter().all(|&p| super::hex(g, p).is_none()) {
        return None;
    }
    let mut start = g.clone();
    start.set_logging(false);
    (!finishable(start))
        .then(|| format!("{} may not end its move where it stands and cannot go on", super::name(g, m.pieces[0])))
}

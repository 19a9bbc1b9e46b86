//! What a click the page did not offer would mean (`engine::Game::probe`, issue 15), so the
//! page can say which rule forbids it: a hex clicked with a unit selected is its move there
//! (4.0, 4.2, 11.7), a volley from its hex at it (5.1), its melee marker there (4.3.1), its set-up placement (2.1-2.3), a
//! vessel's sailing (11.5) or the retreat hex (8.0); a unit clicked is the choice of it that
//! is pending (7.0 hits, 8.3 retreats), or in a step of moves its steps beside it; Done is the end of the phase or step. Only actions of
//! the kinds the pending decision takes.

use crate::action::Action;
use crate::counters::UnitId;
use crate::procedure::Frame;
use crate::state::Belmont;
use engine::{Game, Probe};
use hexmap::Hex;

/// The actions `p` means now, legal or not.
pub(crate) fn probe(g: &Belmont, p: &Probe) -> Vec<Action> {
    let legal = g.legal_actions();
    let has = |kind: fn(&Action) -> bool| legal.iter().any(kind);
    match p {
        Probe::Finish => vec![Action::Done],
        Probe::Unit { unit } => {
            let Some(u) = unit_by_id(g, unit) else { return vec![] };
            let mut out = Vec::new();
            for (kind, a) in [
                (has(|a| matches!(a, Action::TakeHit(_))), Action::TakeHit(u)),
                (has(|a| matches!(a, Action::Retreater(_))), Action::Retreater(u)),
                (has(|a| matches!(a, Action::LoseDie(_))), Action::LoseDie(u)),
                (has(|a| matches!(a, Action::GuardCompany(_))), Action::GuardCompany(u)),
            ] {
                if kind {
                    out.push(a);
                }
            }
            // A unit of the seat clicked in a step of moves with none of its own: its steps to
            // each hex beside it, so the page hears why it may not move (not activated, 4.0;
            // looting, 13.2.3; already moved, 4.3; or what stops each step).
            if out.is_empty()
                && (has(|a| matches!(a, Action::Move { .. })) || move_stage(g))
                && let Some(from) = g.hex_of(u)
            {
                out.extend(
                    from.neighbours()
                        .into_iter()
                        .filter(|&n| g.map().get(n).is_some())
                        .map(|to| Action::Move { unit: u, to }),
                );
            }
            out
        }
        Probe::Hex { hex, unit } => {
            let Ok(h) = Hex::from_label(hex) else { return vec![] };
            let mut out = Vec::new();
            if has(|a| matches!(a, Action::RetreatTo(_))) {
                out.push(Action::RetreatTo(h));
            }
            let Some(u) = unit.as_deref().and_then(|id| unit_by_id(g, id)) else { return out };
            // In Leader Second Movement a hex is a step there even once no leader has one
            // left, so the three hexes of 3.2.3 are named rather than nothing.
            if has(|a| matches!(a, Action::Move { .. })) || matches!(g.stack.last(), Some(Frame::SecondMove { .. })) {
                out.push(Action::Move { unit: u, to: h });
            }
            if has(|a| matches!(a, Action::Place { .. })) {
                out.push(Action::Place { unit: u, hex: h });
            }
            if has(|a| matches!(a, Action::Sail { .. })) {
                out.push(Action::Sail { vessel: u, to: h });
            }
            if let Some(from) = g.hex_of(u) {
                if has(|a| matches!(a, Action::Marker { .. })) {
                    out.push(Action::Marker { target: h, from });
                }
                // 5.1: a volley from the unit's hex (the firers' choice is the page's next step).
                if has(|a| matches!(a, Action::Volley { .. })) || volley_stage(g) {
                    out.push(Action::Volley { from, target: h, firers: 1 });
                }
            }
            out
        }
    }
}

/// A unit by the id the board gives its counter (`view::board`).
fn unit_by_id(g: &Belmont, id: &str) -> Option<UnitId> {
    g.oob().counters.iter().position(|c| c.id == id).and_then(|i| UnitId::try_from(i).ok())
}

/// Whether an activation is at a step of moves (4.3.2 melee moves, 4.3.3 maneuver).
fn move_stage(g: &Belmont) -> bool {
    matches!(g.stack.last(), Some(Frame::Activate))
        && g.act
            .as_ref()
            .is_some_and(|x| matches!(x.stage, crate::state::Stage::MeleeMoves | crate::state::Stage::Maneuver))
}

/// Whether the activation is at its volley step (5.1), even with no volley left to offer, so a
/// click on a hex is explained as a volley ("out of range", "no line of sight").
fn volley_stage(g: &Belmont) -> bool {
    g.act.as_ref().is_some_and(|a| a.stage == crate::state::Stage::Volley)
}

//! What a click the page did not offer would mean (`engine::Game::probe`), so the page can
//! say which rule forbids it: a hex clicked while counters move is a step there (5.11, 5.12,
//! 5.16, 5.17, 5.19, 5.2...); a counter clicked is its selection to move (5.0, 4.0 B), or its
//! joining the stack moving; Done is the end of the move or the phase. In a Fire Phase a hex
//! clicked is a fire announced at it (9.0), and Done while announcing resolves the fire. Only
//! actions of the kinds the pending decision takes. In a retreat a hex clicked is the next
//! hex (14.4). In the Ammunition Resupply Phase a hex clicked with a unit selected is its
//! resupply from the wagon there (11.23); in the Rally Phase a unit clicked is its rally by a
//! Rally Point (13.52); in the Final Command Phase a unit clicked is its embarkation (the
//! exclusive rule) and a hex clicked the replacement's placement (17.81).

use crate::action::{Action, Piece};
use crate::movement;
use crate::state::Gbacw;
use engine::Probe;
use hexmap::Hex;

/// A counter by its board id.
fn piece_by_id(g: &Gbacw, id: &str) -> Option<Piece> {
    g.unit_by_id(id).map(Piece::Unit).or_else(|| g.leader_by_id(id).map(Piece::Leader))
}

/// The actions `p` means now, legal or not.
pub(crate) fn probe(g: &Gbacw, p: &Probe) -> Vec<Action> {
    let moving = movement::mover(g).is_some();
    let in_movement = matches!(g.stack.last(), Some(crate::Frame::Move(_)));
    let declaring = matches!(g.stack.last(), Some(crate::Frame::Fire(crate::fire::FireFrame::Declare(_))));
    let placing = matches!(g.stack.last(), Some(crate::Frame::Fire(crate::fire::FireFrame::Place { .. })));
    let firing = matches!(g.stack.last(), Some(crate::Frame::Fire(crate::fire::FireFrame::Phase(_))));
    let retreating = matches!(g.stack.last(), Some(crate::Frame::Retreat(_)));
    let resupplying = matches!(g.stack.last(), Some(crate::Frame::Resupply(_)));
    let rallying = matches!(g.stack.last(), Some(crate::Frame::Rally(crate::rally::RallyFrame::Points { .. })));
    let replacing =
        matches!(g.stack.last(), Some(crate::Frame::Final(crate::final_command::FinalFrame::Replace { .. })));
    let final_choices = matches!(g.stack.last(), Some(crate::Frame::Final(crate::final_command::FinalFrame::Choices)));
    match p {
        Probe::Finish if declaring => vec![Action::Resolve],
        Probe::Finish => vec![if moving { Action::EndMove } else { Action::Done }],
        Probe::Unit { unit } => match piece_by_id(g, unit) {
            Some(u) if moving => vec![Action::Join(u)],
            Some(u) if in_movement => vec![Action::Select(u)],
            Some(Piece::Unit(u)) if rallying => vec![Action::Rally(u)],
            Some(u) if final_choices => vec![Action::Embark(u)],
            _ => vec![],
        },
        Probe::Hex { hex, unit } => match Hex::from_label(hex) {
            Ok(h) if resupplying => match unit.as_deref().and_then(|id| g.unit_by_id(id)) {
                Some(u) => g
                    .units_at(h)
                    .into_iter()
                    .filter(|&w| crate::fire::wagon::is_wagon(g, w))
                    .map(|wagon| Action::Resupply { unit: u, wagon })
                    .collect(),
                None => vec![],
            },
            Ok(h) if replacing => vec![Action::LeaderTo(h)],
            Ok(h) if moving => vec![Action::Step(h)],
            Ok(h) if firing => vec![Action::FireAt(h)],
            Ok(h) if placing => vec![Action::LeaderTo(h)],
            Ok(h) if retreating => vec![Action::RetreatTo(h)],
            _ => vec![],
        },
    }
}

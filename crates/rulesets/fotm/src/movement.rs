//! 13.0 Movement, 14.0 Reinforcements, and the automatic moves of routed brigades (17.4),
//! guards (17.5) and the 8.5 pursuit.
//!
//! STUB: to be written.

use crate::action::Action;
use crate::procedure::{Frame, Procedure};
use crate::state::Fotm;
use engine::{Actor, Side};

/// Movement under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveFrame {
    /// The phasing player moves units one at a time, or Done.
    Phase {
        /// The phasing side.
        side: Side,
    },
}

/// Begins a side's Movement Phase.
pub(crate) fn start_phase(g: &mut Fotm, side: Side) {
    g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side })));
}

/// Begins a side's Reinforcement Phase.
pub(crate) fn start_reinforcements(_g: &mut Fotm, _side: Side) {}

impl Procedure for MoveFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            MoveFrame::Phase { side } => Actor::Side(*side),
        }
    }
    fn prompt(&self, _g: &Fotm) -> (&'static str, String) {
        ("FotM 13.1", "Move units, or Done".into())
    }
    fn legal(&self, _g: &Fotm) -> Vec<Action> {
        vec![Action::Done]
    }
    fn apply(self, _g: &mut Fotm, _a: &Action) {}
}

//! 12.0 The Rally Phase: Rally (12.2) and Regroup (12.3).
//!
//! STUB: to be written.

use crate::action::Action;
use crate::procedure::Procedure;
use crate::state::Fotm;
use engine::{Actor, Side};

/// The Rally Phase under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RallyFrame {
    /// The phasing player picks attempts, or Done.
    Choose {
        /// The phasing side.
        side: Side,
    },
}

/// Begins a side's Rally Phase (pushes its frame if there is anything to decide).
pub(crate) fn start_phase(_g: &mut Fotm, _side: Side) {}

impl Procedure for RallyFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            RallyFrame::Choose { side } => Actor::Side(*side),
        }
    }
    fn prompt(&self, _g: &Fotm) -> (&'static str, String) {
        ("FotM 12.1", "Rally or regroup brigades, or Done".into())
    }
    fn legal(&self, _g: &Fotm) -> Vec<Action> {
        vec![Action::Done]
    }
    fn apply(self, _g: &mut Fotm, _a: &Action) {}
}

//! 15.0 The Combat Phase: Assaults with offensive artillery fire, defensive fire and close
//! combat, with artillery fire (9.1-9.4) and leader casualties (16.0).
//!
//! STUB: to be written.

use crate::action::Action;
use crate::procedure::Procedure;
use crate::state::Fotm;
use engine::{Actor, Side};

/// Combat under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum CombatFrame {
    /// The phasing player announces Assaults, or Done.
    Phase {
        /// The phasing side.
        side: Side,
    },
}

/// Begins a side's Combat Phase.
pub(crate) fn start_phase(_g: &mut Fotm, _side: Side) {}

impl Procedure for CombatFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            CombatFrame::Phase { side } => Actor::Side(*side),
        }
    }
    fn prompt(&self, _g: &Fotm) -> (&'static str, String) {
        ("FotM 15.1", "Announce an Assault, or Done".into())
    }
    fn legal(&self, _g: &Fotm) -> Vec<Action> {
        vec![Action::Done]
    }
    fn apply(self, _g: &mut Fotm, _a: &Action) {}
}

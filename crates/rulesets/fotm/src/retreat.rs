//! 17.0 Retreat and rout: morale checks (17.2), retreats (17.3), routs (17.4), captured
//! brigades and their guards (17.5).
//!
//! STUB: to be written.

use crate::action::Action;
use crate::procedure::Procedure;
use crate::state::Fotm;
use engine::{Actor, Side};

/// A retreat procedure under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RetreatFrame {
    /// Placeholder.
    Placeholder {
        /// Side.
        side: Side,
    },
}

/// 17.5: guards that exited the map a turn ago rejoin their parent brigades in the
/// Reinforcement Phase.
pub(crate) fn rejoin_guards(_g: &mut Fotm, _side: Side) {}

impl Procedure for RetreatFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            RetreatFrame::Placeholder { side } => Actor::Side(*side),
        }
    }
    fn prompt(&self, _g: &Fotm) -> (&'static str, String) {
        ("FotM 17.3", "Retreat".into())
    }
    fn legal(&self, _g: &Fotm) -> Vec<Action> {
        vec![Action::Done]
    }
    fn apply(self, _g: &mut Fotm, _a: &Action) {}
}

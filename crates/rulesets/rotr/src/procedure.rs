//! The stack of procedures under way (`engine::procedure`): each rule module's frames, routed.

use crate::action::Action;
use crate::state::Rotr;

pub(crate) use engine::procedure::Procedure;

engine::frames! {
    /// A procedure under way.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    pub enum Frame for Rotr, Action {
        /// 4.0, 4.3, 4.6: the turn, the cup and the game's end.
        Seq(crate::sequence::SeqFrame),
        /// 2.1, 2.3, R4, R5: a commander's quality or a unit's performance rolled.
        Rate(crate::ratings::Rating),
        /// 4.4, R6: a brigade's activation.
        Activation(Box<crate::activation::Activation>),
        /// 6.7, R19: a unit tests disordering ground.
        Terrain(crate::movement::terrain::Test),
    }
    /// The game is over (4.6: the scenario's last turn played).
    over Over => ("ROTR 4.6", "The game is over.")
}

impl engine::procedure::Stacked for Rotr {
    type Action = Action;
    type Frame = Frame;
    fn frames(&self) -> &[Frame] {
        &self.stack
    }
    fn frames_mut(&mut self) -> &mut Vec<Frame> {
        &mut self.stack
    }
}

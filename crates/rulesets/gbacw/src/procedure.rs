//! The stack of procedures under way (`engine::procedure`): each rule module's frames, routed.

use crate::action::Action;
use crate::state::Gbacw;
use crate::{movement, sequence};

pub(crate) use engine::procedure::Procedure;

engine::frames! {
    /// A procedure under way.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    pub enum Frame for Gbacw, Action {
        /// 4.0 the sequence of play.
        Seq(sequence::SeqFrame),
        /// 17.0 the Initial Command Phase.
        Command(crate::command::CommandFrame),
        /// B. the Movement Phase (5.0-8.4).
        Move(Box<movement::MoveFrame>),
        /// C., D. the Fire Phases (9.0).
        Fire(crate::fire::FireFrame),
        /// G. the Ammunition Resupply Phase (11.23).
        Resupply(crate::resupply::ResupplyFrame),
        /// H. the Rally Phase (13.5).
        Rally(crate::rally::RallyFrame),
        /// J. the Final Command Phase (17.8, 11.18, exclusive rules).
        Final(crate::final_command::FinalFrame),
        /// 10.1, 10.2, 6.23, 6.24: the enemy's withdrawal or retreat fire.
        Withdraw(Box<crate::withdrawal::Volley>),
        /// E., F. the Retreat Before Melee and Melee Phases (12.0-12.98).
        Melee(crate::melee::MeleeFrame),
        /// 13.31, 14.0: a retreat.
        Retreat(crate::retreat::RetreatFrame),
    }
    /// The game is over (4.0: the last Game-Turn played).
    over Over => ("GBACW 4.0", "The game is over.")
}

impl engine::procedure::Stacked for Gbacw {
    type Action = Action;
    type Frame = Frame;
    fn frames(&self) -> &[Frame] {
        &self.stack
    }
    fn frames_mut(&mut self) -> &mut Vec<Frame> {
        &mut self.stack
    }
}

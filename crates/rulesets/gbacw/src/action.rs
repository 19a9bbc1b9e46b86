//! Every decision a player or chance makes, as one value: the record of a game is a list of
//! these. Serialised in records and on the wire; the variants name the rules' own acts.

use crate::state::LeaderId;
use serde::{Deserialize, Serialize};

/// An action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// The phasing player (or, in the Defensive Fire Phase, the non-phasing player) is done
    /// with the phase (4.0).
    Done,
    /// Chance: one die, 1-6.
    Roll(u8),
    /// Chance: two dice summed, 2-12 (13.15, 17.76).
    Roll2(u8),
    /// 17.61: detach this brigade commander's brigade from its division.
    Detach(LeaderId),
    /// 17.64, 17.66: attach this brigade commander's brigade to division commander `to`.
    Attach {
        /// The brigade's commander.
        brigade: LeaderId,
        /// The division commander.
        to: LeaderId,
    },
    /// 17.22: division commander `by` spends a Command Point to add a hex to this brigade
    /// commander's Effectiveness Radius.
    Augment {
        /// The division commander.
        by: LeaderId,
        /// The brigade commander.
        brigade: LeaderId,
    },
}

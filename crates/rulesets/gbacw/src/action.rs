//! Every decision a player or chance makes, as one value: the record of a game is a list of
//! these. Serialised in records and on the wire; the variants name the rules' own acts.

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
}

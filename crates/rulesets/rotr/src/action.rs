//! Every decision a player or chance makes, as one value: the record of a game is a list of
//! these, serialised in records and on the wire. The operations that carry distances and
//! angles (plan 4.2) join as their steps build them; step 4 has the sequence's own acts.

use crate::state::{BrigadeId, UnitId};
use serde::{Deserialize, Serialize};

/// An action.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    /// Chance: a D10, read 0 to 9 (the text's introduction; plan 1.4).
    D10(u8),
    /// Chance: the chit drawn from the cup (4.3, R1).
    Draw(BrigadeId),
    /// The phasing player picks the unit to operate next (4.4, R6).
    Select(UnitId),
    /// The phasing player is done with the selected unit's operations this activation (4.4,
    /// R6); passing a unit is finishing it having done nothing.
    FinishUnit(UnitId),
    /// A unit due this turn enters the table (R55).
    Arrive(UnitId),
    /// The phasing player ends the brigade's activation (4.4, R6); its chit is set aside.
    EndActivation,
}

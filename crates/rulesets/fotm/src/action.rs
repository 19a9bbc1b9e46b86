//! Everything a player or chance can do. Units are order-of-battle numbers ([`Bid`], [`Cid`]);
//! hexes serialise as their printed labels, so a saved record reads like a game report.

use crate::state::{Bid, Unit};
use hexmap::Hex;
use serde::{Deserialize, Serialize};

/// A player's choice or a chance outcome.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Action {
    // ---- generic ----
    /// End the phase, or finish the choice under way.
    Done,
    /// Chance: one d6 came up this number.
    Roll(u8),
    /// Chance: a combat roll (15.2) came up with this many sixes and this many ones (the ones
    /// matter only when sharpshooters are present, 7.2; otherwise always 0).
    Dice {
        /// Sixes rolled.
        sixes: u8,
        /// Ones rolled, counted up to 2 (7.2 needs "two ones").
        ones: u8,
    },
    /// Choose this unit (which brigade takes a loss, detaches a guard, retreats further,
    /// which commander is the casualty...).
    Pick(Unit),
    /// Yes or no to the question asked (Lee's arrival, a morale check instead of retreat...).
    Choose(bool),

    // ---- 11.1 set-up ----
    /// Place a unit on a hex with a facing (Confederates within two hexes of the listed hex;
    /// Union units on their listed hex, choosing facing only).
    Deploy {
        /// The unit.
        unit: Unit,
        /// The hex.
        hex: Hex,
        /// The facing (brigades; 0 for commanders).
        facing: u8,
    },

    // ---- 13.0 movement, 14.0 reinforcements, 4.2 stacking order ----
    /// Begin moving this unit (ends the move of the unit moving before).
    Select(Unit),
    /// The moving unit enters this adjacent hex (or, entering from off the map, this entry hex).
    Step(Hex),
    /// The moving brigade turns to this facing (13.2 Change Facing).
    Face(u8),
    /// The moving brigade changes formation, line to column or back (13.3).
    Formation,
    /// The moving cavalry or horse artillery mounts or dismounts (8.1).
    Mount,
    /// The moving unit stops.
    EndMove,
    /// Put this brigade on top of its stack (4.2).
    ToTop(Bid),

    // ---- 15.0 combat ----
    /// Announce an Assault on this hex (15.4 Initiation).
    Assault(Hex),
    /// Add this brigade to the Assault being announced, or take it out again.
    Join(Bid),
    /// The Assault is announced as it stands: resolve it.
    Launch,
    /// Drop the Assault being announced (nothing has been rolled).
    Cancel,
    /// Choose the Lead Brigade (4.2).
    Lead(Bid),
    /// 15.10: this brigade advances into the vacated hex.
    Advance(Bid),
    /// 17.3: retreat the brigade into this hex.
    RetreatTo(Hex),

    // ---- 12.0 rally ----
    /// Attempt to rally this brigade (12.2), with this commander or (None) its officers.
    Rally {
        /// The brigade.
        brigade: Bid,
        /// The commander lending his CM, or `None` for the inherent Brigade Officers.
        by: Option<u8>,
    },
    /// Attempt to regroup this routed brigade with this commander (12.3).
    Regroup {
        /// The brigade.
        brigade: Bid,
        /// The commander.
        by: u8,
    },
}

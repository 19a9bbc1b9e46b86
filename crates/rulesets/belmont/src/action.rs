//! Every decision of the game, a side's or Chance's, as one enum. Actions name what they
//! change (the unit, the hexes) so a record reads without the board.

use crate::counters::UnitId;
use hexmap::Hex;
use serde::{Deserialize, Serialize};

/// An action: a chance outcome or a side's choice.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    // ---- Chance ----
    /// One six-sided die.
    Roll(u8),
    /// The blue (direction) and gray (effect) dice together (10.0, 12.1).
    RollPair {
        /// Blue die: a map direction.
        blue: u8,
        /// Gray die: what happens.
        gray: u8,
    },
    /// The order chit pulled from the draw cup (3.2.2), by chit index.
    Draw(u8),
    /// How many of a batch of opportunity-fire dice rolled a 6 (5.2).
    Hits(u8),
    /// A random pick among equals (11.1 which vessel, 11.4 which battery), by index.
    Pick(u8),

    // ---- Set-up (2.0) ----
    /// 2.1: the Union chooses the regiment guarding Hunter's Farm dock (formation index).
    Guard(u8),
    /// 2.1: one of the five companies of the guard regiment that stay at the dock.
    GuardCompany(UnitId),
    /// 2.1 / 2.2: place a unit on a hex of its set-up zone.
    Place {
        /// The unit.
        unit: UnitId,
        /// Where.
        hex: Hex,
    },

    // ---- Turn (3.2, 13.1, 14.3) ----
    /// 14.3: Grant calls the reserve (true) or not (false) at the start of the turn.
    CallReserve(bool),
    /// 13.1: Polk releases this regiment from the reserve box (formation index).
    Release(u8),

    // ---- Activation ----
    /// 5.1: volley from a hex at a target hex with the chosen firers (a bit per unit
    /// of the firing hex's eligible units, in id order).
    Volley {
        /// Firing hex.
        from: Hex,
        /// Target hex.
        target: Hex,
        /// Which eligible units fire.
        firers: u8,
    },
    /// 4.3.1: place a melee marker on `target`, entered from `from`.
    Marker {
        /// The melee hex.
        target: Hex,
        /// The entry hex (the marker's hexside lies between them).
        from: Hex,
    },
    /// 4.0: move a unit one hex (or into a melee hex across a marker's hexside).
    Move {
        /// The unit.
        unit: UnitId,
        /// The adjacent hex.
        to: Hex,
    },
    /// 11.7 / 11.6: a unit steps aboard a vessel.
    Board {
        /// The unit.
        unit: UnitId,
        /// The vessel.
        vessel: UnitId,
    },
    /// 11.5: a vessel moves to a river hex (or dock).
    Sail {
        /// The vessel.
        vessel: UnitId,
        /// Destination.
        to: Hex,
    },
    /// Finish the current phase, unit or step.
    Done,

    // ---- Responses, often by the side not moving ----
    /// 5.2: conduct opportunity fire (true) or hold it (false).
    Fire(bool),
    /// 7.0: this unit takes the hit.
    TakeHit(UnitId),
    /// 5.1: a die of this firer's is one of those lost to terrain (the firer chooses
    /// when the volley's dice are of more than one kind).
    LoseDie(UnitId),
    /// 8.3: this unit retreats.
    Retreater(UnitId),
    /// 8.0: retreat into this hex.
    RetreatTo(Hex),
    /// 8.1: leaders in the hex accompany the retreating unit (true) or stay (false).
    Accompany(bool),
    /// 6.0: resolve the melee at this marker next (index into the markers).
    Resolve(u8),
    /// 5.3: defensive fire targets this attacking group (0 or 1) of a coordinated melee.
    TargetGroup(u8),
    /// 6.1: continue the melee (true) or retreat (false).
    Continue(bool),
    /// 6.3: the regimental leader lets the fury run (true) or reins it in (false).
    Fury(bool),
    /// 6.3: the hex the fury attacks.
    FuryTarget(Hex),
    /// 6.8: spend one of Grant's influence points to re-roll (true) or not (false).
    Reroll(bool),
    /// 6.0: this leader contributes its SP to the melee.
    LeaderAdds(UnitId),
    /// 9.0: attempt to rally a company, assisted by a leader or not.
    Rally {
        /// The broken company.
        unit: UnitId,
        /// The assisting leader, if any.
        leader: Option<UnitId>,
    },
    /// 11.5, 11.7: the moving vessel's owner picks its path by the enemy units it passes
    /// in sight of (the gunboats a transport's path enters the range and LOS of, the Iron
    /// Banks batteries a gunboat's does), in id order; none: a path out of their sight.
    Route(Vec<UnitId>),
    /// 5.2: these units (of those in sight of the moving vessel's path) each fire their one
    /// opportunity-fire die at it, in id order; none: hold fire.
    OppFire(Vec<UnitId>),
    /// 12.1: the long-range battery fires at a hex outside its LOS.
    Bombard {
        /// The battery.
        battery: UnitId,
        /// Target hex.
        target: Hex,
    },
}

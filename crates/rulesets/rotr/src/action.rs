//! Every decision a player or chance makes, as one value: the record of a game is a list of
//! these, serialised in records and on the wire. The operations that carry distances and
//! angles (plan 4.2) join as their steps build them; step 4 has the sequence's own acts.

use crate::movement::End;
use crate::scenario::Formation;
use crate::state::{BrigadeId, CommanderId, UnitId};
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
    /// 6.3, R13: the unit moves straight `dist` sixteenths of an inch along its facing turned
    /// `angle` degrees (-45 to 45; 0 straight ahead, positive to the right), keeping its facing.
    Move {
        /// The unit.
        unit: UnitId,
        /// Degrees off its facing.
        angle: i32,
        /// Sixteenths of an inch.
        dist: i32,
    },
    /// 6.3, R12: the unit steps `dist` sixteenths straight to its right or left, not turning.
    SideStep {
        /// The unit.
        unit: UnitId,
        /// To its right (else its left).
        right: bool,
        /// Sixteenths of an inch.
        dist: i32,
    },
    /// 6.3, R11: the unit wheels `deg` degrees about the front corner of `end`, which stays
    /// put, its other end swinging forward or back.
    Wheel {
        /// The unit.
        unit: UnitId,
        /// The end that stays put.
        end: End,
        /// The moving end swings forward (else back).
        forward: bool,
        /// Whole degrees, 1 to 180.
        deg: i32,
    },
    /// 6.3, R14: the unit about-faces, each stand turning where it stands (a column
    /// countermarches: its rear rank leads).
    AboutFace(UnitId),
    /// 5.1, 6.3, R15: a March Column's head turns `turn` degrees (-90 to 90, positive to the
    /// right, free) and walks `dist` sixteenths straight on, the column following its trail.
    March {
        /// The unit.
        unit: UnitId,
        /// Degrees the head turns first.
        turn: i32,
        /// Sixteenths of an inch.
        dist: i32,
    },
    /// 6.2, R16: the unit changes into formation `to` about its stand `pivot` (its index, left
    /// to right and front to rear), facing `facing` degrees.
    Form {
        /// The unit.
        unit: UnitId,
        /// The new formation.
        to: Formation,
        /// The stand that keeps its place.
        pivot: u8,
        /// The new facing, 0 to 359.
        facing: i32,
    },
    /// 6.7, R19: the unit, stopped at the edge of disordering ground (or standing in it before
    /// it moves), tests it with a D10 so as to move on.
    Enter(UnitId),
    /// 6.14, R8: a commander walks straight to the point `x`, `y` (sixteenths of an inch from
    /// the table's corner), leaving any unit he was with.
    Walk {
        /// The commander.
        commander: CommanderId,
        /// Across the table.
        x: i32,
        /// Down the table.
        y: i32,
    },
    /// 6.14, R8: a commander rides to a friendly unit and attaches himself to it.
    Attach {
        /// The commander.
        commander: CommanderId,
        /// The unit.
        unit: UnitId,
    },
}

impl Action {
    /// A D10's ten faces, each a tenth: every roll of one die (plan 1.4).
    #[must_use]
    pub fn d10() -> Vec<(Action, f64)> {
        crate::dice::D10_FACES.map(|f| (Action::D10(f), 0.1)).collect()
    }

    /// The unit a body move (6.3) moves, if it is one.
    #[must_use]
    pub fn body_move(&self) -> Option<UnitId> {
        match *self {
            Action::Move { unit, .. }
            | Action::SideStep { unit, .. }
            | Action::Wheel { unit, .. }
            | Action::AboutFace(unit)
            | Action::March { unit, .. } => Some(unit),
            _ => None,
        }
    }
}

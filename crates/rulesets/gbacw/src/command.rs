//! 17.0 Command, as movement asks it (5.2, 6.21, 17.11, 17.21).
//!
//! **A stub until the command step (plan step 6)** replaces it with the Initial Command
//! Phase's findings (17.0: Effectiveness Radius, Divisional Integrity Radius, Command Points,
//! attachment): until then every unit and leader is in command.

use crate::state::{Gbacw, LeaderId, UnitId};

/// Whether a combat unit is in command this Player-Turn (17.11, 17.23, 5.3): out of command it
/// moves one hex only and changes no formation (5.2, 6.21). Always true until step 6.
#[must_use]
pub fn in_command(_g: &Gbacw, _u: UnitId) -> bool {
    true
}

/// Whether a brigade commander is inside his division commander's Divisional Integrity
/// Radius, or detached or independent (17.21): outside it he moves one hex only (5.2). Always
/// true until step 6.
#[must_use]
pub fn leader_in_command(_g: &Gbacw, _l: LeaderId) -> bool {
    true
}

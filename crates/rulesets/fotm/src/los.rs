//! 9.5 Line of Sight for artillery fire.
//!
//! STUB: to be written.

use crate::state::Fotm;
use hexmap::Hex;

/// Whether artillery on `from` can see `to` (9.5).
#[must_use]
pub fn clear(_g: &Fotm, _from: Hex, _to: Hex) -> bool {
    true
}

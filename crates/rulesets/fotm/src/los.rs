//! 9.5 Line of Sight for artillery fire: a straight line from the centre of the firing hex to
//! the centre of the target hex ([`hexmap::line`]); a hex the line merely grazes along a
//! hexside blocks only if the hex on the other side of that hexside blocks too.
//!
//! The four blocking cases of 9.5, for each intervening hex (neither end):
//!
//! 1. woods (fire may begin or end in woods, never pass through them);
//! 2. brigades of either side, when that hex, the firing hex and the target hex are all at one
//!    elevation;
//! 3. ground higher than both ends;
//! 4. the crest: when the ends are at different elevations, ground as high as the higher end.
//!
//! Reading (9.5 fourth case, "use common sense"): the rule asks that a gun on high ground be
//! adjacent to lower ground to fire down, and the reverse to fire up; its example blocks a
//! lower target behind one or two intervening hexes at the gun's own level. So the test is
//! made along the line: between ends at different elevations, every intervening hex must lie
//! below the higher end. A gun firing down must stand on the edge of its height (the next hex
//! on the line is lower), a target above must stand on the edge of its height, and a plateau
//! at the higher end's level anywhere between masks the lower ground. Between ends at the same
//! elevation only cases 1-3 apply. Elevation is the only height: brigades never raise a hex.
//!
//! Adjacent hexes always see each other (canister, 9.3), whatever the ground.

use crate::state::Fotm;
use hexmap::{Hex, LineStep};

/// Whether artillery on `from` can see `to` (9.5).
#[must_use]
pub fn clear(g: &Fotm, from: Hex, to: Hex) -> bool {
    if from.distance(to) <= 1 {
        return true;
    }
    let steps = hexmap::line(from, to);
    let inner = &steps[1..steps.len() - 1];
    inner.iter().all(|step| match *step {
        LineStep::One(h) => !blocks(g, from, to, h),
        // 9.5: along a hexside, blocking terrain in one hex but not the other does not block.
        LineStep::Tie(a, b) => !(blocks(g, from, to, a) && blocks(g, from, to, b)),
    })
}

/// Whether the intervening hex `h` blocks the line from `from` to `to` (9.5). A hex off the
/// map blocks nothing (the line can only graze it along the map edge).
#[must_use]
pub fn blocks(g: &Fotm, from: Hex, to: Hex, h: Hex) -> bool {
    let map = g.map();
    let (Some(ef), Some(et), Some(eh)) = (map.elevation(from), map.elevation(to), map.elevation(h)) else {
        return false;
    };
    // Case 1: woods.
    if map.terrain(h).is_some_and(crate::terrain::blocks_sight) {
        return true;
    }
    // Case 2: brigades on ground level with both ends.
    if ef == et && eh == ef && g.occupant(h).is_some() {
        return true;
    }
    // Case 3: higher than both ends.
    if eh > ef.max(et) {
        return true;
    }
    // Case 4 (Reading above): the crest masks ground at the other end's lower level.
    ef != et && eh >= ef.max(et)
}

//! Line of sight (1.2 LOS, 5.0, Terrain Effects Chart "Blocks LOS?").
//!
//! Reading: only hexes strictly between the two ends can block. A line that runs along
//! a hexside (a tie between two hexes) is never blocked (5.0). Camp, woods, crops and
//! slope hexes block; brush blocks once the line passes through three brush hexes; ground
//! units block, vessels do not (5.0). Adjacent hexes always see each other.

use crate::map::Terrain;
use crate::state::Belmont;
use hexmap::{Hex, LineStep};

/// Whether `from` sees `to`.
pub(crate) fn los(g: &Belmont, from: Hex, to: Hex) -> bool {
    if from.distance(to) <= 1 {
        return true;
    }
    let steps = hexmap::line(from, to);
    let mut brush = 0;
    for step in &steps[1..steps.len() - 1] {
        let LineStep::One(h) = *step else { continue };
        let Some(info) = g.map().get(h) else { continue };
        if info.slope || matches!(info.terrain, Terrain::Camp | Terrain::Woods | Terrain::Crops) {
            return false;
        }
        if info.terrain == Terrain::Brush {
            brush += 1;
            if brush >= 3 {
                return false;
            }
        }
        if !g.ground_at(h).is_empty() {
            return false;
        }
    }
    true
}

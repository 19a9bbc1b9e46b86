//! Line of sight (1.2 LOS, 5.0, Terrain Effects Chart "Blocks LOS?").
//!
//! Reading: only hexes strictly between the two ends can block. A line that runs along
//! a hexside (a tie between two hexes) is never blocked (5.0). Camp, woods, crops and
//! slope hexes block; brush blocks once the line passes through three brush hexes; ground
//! units block, vessels do not (5.0). Adjacent hexes always see each other.

use crate::charts;
use crate::state::Belmont;
use hexmap::{Hex, LineStep};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Whether `from` sees `to`.
pub(crate) fn los(g: &Belmont, from: Hex, to: Hex) -> bool {
    if from.distance(to) <= 1 {
        return true;
    }
    terrain_line(from, to).is_some_and(|between| unblocked(g, &between))
}

/// [`los`] for the many asks of the river war (5.2, 11.5: every river hex a vessel might
/// pass, from the few hexes of the gunboats and batteries): the terrain part of each line
/// is kept per thread (the map does not change), the units on it looked at each time.
pub(crate) fn los_kept(g: &Belmont, from: Hex, to: Hex) -> bool {
    type Lines = HashMap<(Hex, Hex), Option<Rc<[Hex]>>>;
    thread_local! {
        static LINES: RefCell<Lines> = RefCell::new(HashMap::new());
    }
    if from.distance(to) <= 1 {
        return true;
    }
    let line = LINES.with(|lines| {
        let mut lines = lines.borrow_mut();
        if lines.len() > 200_000 {
            lines.clear(); // A bound on memory: a long run of games forgets and starts again.
        }
        lines.entry((from, to)).or_insert_with(|| terrain_line(from, to).map(Rc::from)).clone()
    });
    line.is_some_and(|between| unblocked(g, &between))
}

/// The hexes strictly between `from` and `to` that a unit could block the line in, or
/// `None` where the terrain blocks it (ties along a hexside never block).
fn terrain_line(from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let map = crate::map::belmont();
    let steps = hexmap::line(from, to);
    // Hexes that block only together (brush), counted along the line.
    let mut thin = 0;
    let mut between = Vec::new();
    for step in &steps[1..steps.len() - 1] {
        let LineStep::One(h) = *step else { continue };
        let Some(info) = map.get(h) else { continue };
        match charts::los_blocked_after(info.terrain, info.slope) {
            Some(n) if n <= 1 => return None,
            Some(n) => {
                thin += 1;
                if thin >= n {
                    return None;
                }
            }
            None => {}
        }
        between.push(h);
    }
    Some(between)
}

/// No ground unit stands on any of `hexes` (vessels do not block, 5.0).
fn unblocked(g: &Belmont, hexes: &[Hex]) -> bool {
    hexes.iter().all(|&h| g.here(h).iter().all(|&u| g.is_vessel(u)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept lines answer as `los` does, asked twice (the second time from the cache),
    /// with units standing on the map and after they move.
    #[test]
    fn los_kept_answers_as_los() {
        let mut g = Belmont::after_setup(&[]);
        let hexes: Vec<Hex> = g.map().cells.iter().map(|(h, _)| h).step_by(37).collect();
        for round in 0..2 {
            if round == 1 {
                let u = g.id("13TN-C");
                for &h in hexes.iter().step_by(3) {
                    g.set_loc(u, crate::state::Loc::Hex(h));
                }
            }
            for &a in &hexes {
                for &b in &hexes {
                    assert_eq!(los_kept(&g, a, b), los(&g, a, b), "{a} {b}");
                    assert_eq!(los_kept(&g, a, b), los(&g, a, b), "{a} {b} again");
                }
            }
        }
    }
}

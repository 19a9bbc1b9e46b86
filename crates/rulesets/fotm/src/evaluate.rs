//! How well a side stands, for bots that cut searches short (`engine::Game::evaluate`):
//! the 18.1 VP margin, the gaps held (a Decisive Victory is worth more than any margin), the
//! strength each side has left, and how far the Union's fighting brigades still have to go
//! to the objectives the Confederates hold. Authored weights, tuned only by bot-against-bot
//! play (`muster selfplay fotm --union greedy`), not taken from the rulebook.

use crate::oob::{Arm, Start};
use crate::state::{Fotm, Loc};
use engine::Side;
use hexmap::Hex;

/// Weight of one gap held, in VP-margin units.
const GAP: f64 = 8.0;
/// Weight of the SP difference on the map, in VP-margin units a SP.
const SP: f64 = 0.5;
/// Weight of the Union's advance: VP-margin units for each hex one of its infantry or
/// artillery brigades comes closer to the nearest objective (18.1: Fox's Gap, Turner's Gap,
/// 2601) the Confederates hold. Every brigade counts, not only the nearest, so a search
/// that moves any of them forward sees the gain; it is small against a step lost (0.2) or
/// a gap (8), so no brigade walks into a loss for a hex.
const ADVANCE: f64 = 0.1;
/// Distances are counted up to this many hexes; brigades not yet on the map count as this
/// far until they wait at their entry hex (14.1).
const FAR: u16 = 24;
/// Scale of the logistic squashing, in VP-margin units.
const SCALE: f64 = 12.0;

/// A number from 0 to 1: how well `side` stands.
pub(crate) fn evaluate(g: &Fotm, side: Side) -> f64 {
    let vp = crate::victory::vp(g);
    let mut union = f64::from(vp[0]) - f64::from(vp[1]);
    for s in &g.control[..2] {
        union += if *s == Side::Union { GAP } else { -GAP };
    }
    union += ADVANCE * advance(g);
    let sp = |s: Side| -> f64 {
        g.all_brigades()
            .filter(|&b| g.side_of(b) == s && matches!(g.bde(b).loc, Loc::Map(_) | Loc::Entering | Loc::Waiting))
            .map(|b| f64::from(g.printed_sp(b)))
            .sum()
    };
    // The Union starts with far more SP: compare against the starting ratio, not zero.
    union += SP * (sp(Side::Union) / 2.5 - sp(Side::Confederate));
    let margin = if side == Side::Union { union } else { -union };
    1.0 / (1.0 + (-margin / SCALE).exp())
}

/// How far forward the Union's infantry and artillery brigades stand, in hexes summed over
/// them: each counts half of [`FAR`] less its distance (from where it is, or from its entry
/// hex while it waits there) to the nearest objective the Confederates hold, so the sum is
/// near zero midway and the logistic in [`evaluate`] keeps its slope. Zero once the Union
/// holds all three.
fn advance(g: &Fotm) -> f64 {
    let objectives = crate::victory::tracked(g);
    let held: Vec<Hex> =
        objectives.iter().zip(&g.control).filter(|(_, s)| **s == Side::Confederate).map(|(h, _)| *h).collect();
    if held.is_empty() {
        return 0.0;
    }
    let nearest = |h: Hex| held.iter().map(|o| h.distance(*o)).min().unwrap_or(FAR).min(FAR);
    g.all_brigades()
        .filter(|&b| g.side_of(b) == Side::Union && !matches!(g.arm(b), Arm::Cavalry) && !g.bde(b).routed)
        .map(|b| {
            let at = match g.bde(b).loc {
                Loc::Map(h) => Some(h),
                Loc::Entering => match &g.info(b).start {
                    Start::Arrive { entry, .. } => g.map().entry(entry).map(|e| e.hex),
                    _ => None,
                },
                Loc::Waiting => None,
                // Gone or captured brigades no longer count (their SP and VP do).
                Loc::Prisoner(_) | Loc::Gone(_) => return 0.0,
            };
            f64::from(FAR / 2) - f64::from(at.map_or(FAR, nearest))
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{after_setup, engaged, hex};
    use engine::Game;

    /// The Union's infantry brigades on the map, farthest from Fox's Gap first.
    fn union_infantry(g: &Fotm) -> Vec<crate::state::Bid> {
        let fox = g.map().fox_gap();
        let mut v: Vec<_> = g.on_map(Side::Union).filter(|&b| g.arm(b) == Arm::Infantry && !g.bde(b).routed).collect();
        v.sort_by_key(|&b| std::cmp::Reverse(g.hex_of(b).map_or(0, |h| h.distance(fox))));
        v
    }

    /// Moves `b` to the neighbouring map hex nearest its nearest Confederate-held objective.
    fn step_forward(g: &mut Fotm, b: crate::state::Bid) {
        let at = g.hex_of(b).expect("on the map");
        let held: Vec<Hex> = crate::victory::tracked(g)
            .into_iter()
            .zip(g.control)
            .filter(|(_, s)| *s == Side::Confederate)
            .map(|(h, _)| h)
            .collect();
        let d = |h: Hex| held.iter().map(|o| h.distance(*o)).min().unwrap();
        let to = at.neighbours().into_iter().filter(|&h| g.map().contains(h)).min_by_key(|&h| d(h)).unwrap();
        assert!(d(to) < d(at));
        g.bde_mut(b).loc = Loc::Map(to);
    }

    #[test]
    fn the_sides_evaluations_add_up_to_one() {
        let g = after_setup(&[]);
        let (u, c) = (g.evaluate(Side::Union), g.evaluate(Side::Confederate));
        assert!((u + c - 1.0).abs() < 1e-12 && u > 0.0 && c > 0.0, "{u} {c}");
    }

    /// Every Union brigade's advance counts, not only the nearest one's: a search that
    /// moves any brigade forward sees the gain.
    #[test]
    fn any_union_brigade_advancing_raises_the_union_evaluation() {
        let mut g = engaged(9);
        let brigades = union_infantry(&g);
        assert!(brigades.len() >= 2);
        for b in [brigades[0], brigades[brigades.len() - 1]] {
            let before = g.evaluate(Side::Union);
            step_forward(&mut g, b);
            assert!(g.evaluate(Side::Union) > before, "{}", g.name(b));
        }
    }

    /// A gap held is worth more than any brigade's march: 18.0's Decisive Victory.
    #[test]
    fn taking_a_gap_outweighs_marching() {
        let mut g = engaged(9);
        let before = g.evaluate(Side::Union);
        let b = union_infantry(&g)[0];
        step_forward(&mut g, b);
        let marched = g.evaluate(Side::Union) - before;
        let mut gap = engaged(9);
        crate::victory::occupy(&mut gap, hex(crate::map::FOX_GAP), Side::Union);
        assert!(gap.evaluate(Side::Union) - before > 10.0 * marched);
    }
}

//! How well a side stands, for bots that cut searches short (`engine::Game::evaluate`):
//! the 18.1 VP margin, the gaps held (a Decisive Victory is worth more than any margin), the
//! strength each side has left, how far the Union's fighting brigades still have to go to
//! the objectives the Confederates hold, whether a gap the Union took is still garrisoned,
//! and how many Union brigades stand ready to assault an objective. Authored weights, tuned
//! only by bot-against-bot play (`crates/bots/examples/tune.rs`, `muster selfplay fotm`), not
//! taken from the rulebook.

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
/// a gap (8), so no brigade walks into a loss for a hex. The same weight pulls a brigade
/// back into an objective the Union took and left empty ([`garrison`]).
const ADVANCE: f64 = 0.1;
/// Distances are counted up to this many hexes; brigades not yet on the map count as this
/// far until they wait at their entry hex (14.1).
const FAR: u16 = 24;
/// Weight of each Union infantry or cavalry brigade standing ready to assault an objective:
/// in line, not routed, beside a gap or 2601 with Confederates on it, the hex not in its rear
/// (15.4, 5.1). A brigade marched up in column (13.3) cannot attack (15.2), and no short
/// search sees a formation change pay off two phases later. Only objectives count: a bonus
/// for standing beside any enemy would be lost by beating him back.
const READY: f64 = 2.0;
/// Ready brigades counted an objective: about what one Assault of ten dice (15.2) needs.
const READY_CAP: u8 = 3;
/// Scale of the logistic squashing, in VP-margin units.
const SCALE: f64 = 12.0;

/// A number from 0 to 1: how well `side` stands.
pub(crate) fn evaluate(g: &Fotm, side: Side) -> f64 {
    let vp = crate::victory::vp(g);
    let mut union = f64::from(vp[0]) - f64::from(vp[1]);
    for s in &g.control[..2] {
        union += if *s == Side::Union { GAP } else { -GAP };
    }
    union += ADVANCE * (advance(g) - garrison(g));
    union += READY * ready(g);
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

/// The Union's fighting brigades: not cavalry, not routed.
fn fighting(g: &Fotm, b: crate::state::Bid) -> bool {
    g.side_of(b) == Side::Union && !matches!(g.arm(b), Arm::Cavalry) && !g.bde(b).routed
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
        .filter(|&b| fighting(g, b))
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

/// For each objective the Union controls with no brigade on it, how far the nearest of its
/// fighting brigades stands (at most [`FAR`]), in hexes summed. Control passes to the next
/// brigade to enter (18.1), so a gap marched through and left is soon lost again: this pulls
/// one brigade back into it while [`advance`] sends the rest on to the next objective.
fn garrison(g: &Fotm) -> f64 {
    let objectives = crate::victory::tracked(g);
    let mut sum = 0.0;
    for (&o, &s) in objectives.iter().zip(&g.control) {
        if s == Side::Union && g.occupant(o).is_none() {
            let nearest = g.on_map(Side::Union).filter(|&b| fighting(g, b)).filter_map(|b| g.hex_of(b));
            sum += f64::from(nearest.map(|h| h.distance(o)).min().unwrap_or(FAR).min(FAR));
        }
    }
    sum
}

/// How many Union brigades stand ready to assault the objectives (see [`READY`]), at most
/// [`READY_CAP`] an objective; an objective the Union controls counts in full, so that taking
/// one keeps the credit its attackers had.
fn ready(g: &Fotm) -> f64 {
    let objectives = crate::victory::tracked(g);
    // Which objectives have Confederates on them, read in one pass.
    let mut held = [false; 3];
    for b in g.on_map(Side::Confederate) {
        if let Some(h) = g.hex_of(b)
            && let Some(i) = objectives.iter().position(|&o| o == h)
        {
            held[i] = true;
        }
    }
    let mut count = [0u8; 3];
    if held.iter().any(|&h| h) {
        for b in g.on_map(Side::Union) {
            let (Some(h), d) = (g.hex_of(b), g.bde(b)) else { continue };
            if d.column || d.routed {
                continue;
            }
            for i in 0..3 {
                if held[i] && h.distance(objectives[i]) == 1 && crate::combat::may_close(g, b, objectives[i]) {
                    count[i] = (count[i] + 1).min(READY_CAP);
                }
            }
        }
    }
    (0..3).map(|i| if g.control[i] == Side::Union { READY_CAP } else { count[i] }).map(f64::from).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::{after_setup, engaged, hex};
    use engine::Game;

    /// The Union's infantry brigades on the map and not beside an objective (where a step
    /// could change whether they stand ready to assault), farthest from Fox's Gap first.
    fn union_infantry(g: &Fotm) -> Vec<crate::state::Bid> {
        let fox = g.map().fox_gap();
        let objectives = crate::victory::tracked(g);
        let mut v: Vec<_> = g
            .on_map(Side::Union)
            .filter(|&b| g.arm(b) == Arm::Infantry && !g.bde(b).routed)
            .filter(|&b| g.hex_of(b).is_some_and(|h| objectives.iter().all(|o| h.distance(*o) > 1)))
            .collect();
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

    /// A gap taken is worth more than any brigade's march: 18.0's Decisive Victory. Taken
    /// means held: its defenders gone (here, back to 2601, strength unchanged) and a Union
    /// brigade on it.
    #[test]
    fn taking_a_gap_outweighs_marching() {
        let mut g = engaged(9);
        let before = g.evaluate(Side::Union);
        let b = union_infantry(&g)[0];
        step_forward(&mut g, b);
        let marched = g.evaluate(Side::Union) - before;
        assert!(marched > 0.0);
        let mut gap = engaged(9);
        let fox = hex(crate::map::FOX_GAP);
        for d in gap.brigades_at(fox, Side::Confederate) {
            gap.bde_mut(d).loc = Loc::Map(hex("2601"));
        }
        gap.bde_mut(b).loc = Loc::Map(fox);
        crate::victory::occupy(&mut gap, fox, Side::Union);
        assert!(gap.evaluate(Side::Union) - before > 5.0 * marched, "{} {marched}", gap.evaluate(Side::Union) - before);
    }

    /// A gap taken and left empty pulls the nearest Union brigade back into it (18.1: control
    /// goes with the last brigade to enter).
    #[test]
    fn a_gap_left_empty_calls_a_brigade_back() {
        let mut g = engaged(9);
        let fox = hex(crate::map::FOX_GAP);
        for d in g.brigades_at(fox, Side::Confederate) {
            g.bde_mut(d).loc = Loc::Map(hex("2601"));
        }
        crate::victory::occupy(&mut g, fox, Side::Union);
        let b = union_infantry(&g).into_iter().min_by_key(|&b| g.hex_of(b).map(|h| h.distance(fox))).unwrap();
        let empty = g.evaluate(Side::Union);
        g.bde_mut(b).loc = Loc::Map(fox);
        assert!(g.evaluate(Side::Union) > empty);
    }

    /// Brigades beside an objective the Confederates hold count as ready to assault only in
    /// line (15.2: a column cannot attack).
    #[test]
    fn brigades_in_line_beside_an_objective_are_ready_in_column_not() {
        let mut g = engaged(9);
        assert_eq!(g.control, [Side::Confederate; 3]);
        assert!(ready(&g) > 0.0, "the fixture has Union brigades ready");
        let before = g.evaluate(Side::Union);
        let union: Vec<_> = g.on_map(Side::Union).collect();
        for b in union {
            g.bde_mut(b).column = true;
        }
        assert!(ready(&g).abs() < 1e-9);
        assert!(g.evaluate(Side::Union) < before);
    }
}

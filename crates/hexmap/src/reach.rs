//! Movement reach and paths, priced per hexside crossing.

use crate::Hex;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

/// Cheapest cost to every hex reachable within a budget, with the predecessor on one
/// cheapest path so a route can be read back.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// Hex to (cost spent to enter it, previous hex on a cheapest path).
    pub cost: HashMap<Hex, (u32, Option<Hex>)>,
}

impl Reach {
    /// The route from the start to `to` (start first), if `to` was reached.
    #[must_use]
    pub fn route(&self, to: Hex) -> Option<Vec<Hex>> {
        let mut out = vec![to];
        let mut at = to;
        loop {
            let (_, prev) = self.cost.get(&at)?;
            match prev {
                Some(p) => {
                    out.push(*p);
                    at = *p;
                }
                None => break,
            }
        }
        out.reverse();
        Some(out)
    }
}

/// Every hex reachable from `start` spending at most `budget`, where
/// `cost(from, to)` prices crossing the hexside from `from` into the adjacent `to`
/// (`None` when the crossing is forbidden) and `may_continue(hex)` says whether
/// movement may go on from a hex once entered (false for a hex where a unit must stop).
pub fn reach(
    start: Hex,
    budget: u32,
    mut cost: impl FnMut(Hex, Hex) -> Option<u32>,
    mut may_continue: impl FnMut(Hex) -> bool,
) -> Reach {
    let mut out = Reach::default();
    out.cost.insert(start, (0, None));
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u32, start)));
    while let Some(Reverse((spent, at))) = heap.pop() {
        if out.cost.get(&at).is_some_and(|(c, _)| *c < spent) {
            continue;
        }
        if at != start && !may_continue(at) {
            continue;
        }
        for next in at.neighbours() {
            let Some(step) = cost(at, next) else { continue };
            let total = spent + step;
            if total > budget {
                continue;
            }
            if out.cost.get(&next).is_none_or(|(c, _)| total < *c) {
                out.cost.insert(next, (total, Some(at)));
                heap.push(Reverse((total, next)));
            }
        }
    }
    out
}

/// A cheapest route from `start` to `goal` within `budget`, start first, priced as in
/// [`reach`].
pub fn path(
    start: Hex,
    goal: Hex,
    budget: u32,
    cost: impl FnMut(Hex, Hex) -> Option<u32>,
    may_continue: impl FnMut(Hex) -> bool,
) -> Option<(u32, Vec<Hex>)> {
    let r = reach(start, budget, cost, may_continue);
    let spent = r.cost.get(&goal)?.0;
    Some((spent, r.route(goal)?))
}

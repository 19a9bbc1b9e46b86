//! Movement reach and paths, priced per hexside crossing.

use crate::Hex;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// A small multiplicative hasher for hex keys: searches hash thousands of hexes per
/// legal-action list, and SipHash's protection against crafted keys buys nothing here.
#[derive(Clone, Copy, Default)]
pub struct HexHasher(u64);

impl Hasher for HexHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_i16(&mut self, n: i16) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(n as u16)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// A map keyed by hexes with [`HexHasher`].
pub type HexMap<V> = HashMap<Hex, V, BuildHasherDefault<HexHasher>>;

/// Cheapest cost to every hex reachable within a budget, with the predecessor on one
/// cheapest path so a route can be read back.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    /// Hex to (cost spent to enter it, previous hex on a cheapest path).
    pub cost: HexMap<(u32, Option<Hex>)>,
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

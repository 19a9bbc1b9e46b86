//! Dense tables over the map for the movement searches, and the search itself.
//!
//! Listing moves into melee (4.3.1, 4.3.2) searches every activated unit's reach at every
//! decision. With the Terrain Effects Chart read afresh per hexside (a `BTreeSet` lookup
//! for the road) and the reach kept in SipHash `HashMap`s, those searches were most of a
//! random game's time. Here the chart's movement costs are worked out once per hexside
//! and the guard's "three land hexes" once per hex ([`tables`]), and a search keeps its
//! costs in one byte a map hex ([`Reach`]) and its queue in one-word heap entries
//! ([`reach`], [`need`]). The answers are the same: a cheapest cost is a cheapest cost
//! whatever order the search finds it in.

use crate::charts;
use crate::map::{Map, Region};
use hexmap::Hex;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::OnceLock;

/// "Not reached" in a [`Reach`], and "may not cross" in a [`Tables`] cost table.
const NONE: u8 = u8::MAX;

/// The direction (die order, as [`Hex::neighbours`] lists them) from `from` to the adjacent
/// `to`, or `None` if they are not adjacent.
#[must_use]
pub(crate) fn direction(from: Hex, to: Hex) -> Option<usize> {
    match (to.q - from.q, to.r - from.r) {
        (0, -1) => Some(0),
        (1, -1) => Some(1),
        (1, 0) => Some(2),
        (0, 1) => Some(3),
        (-1, 1) => Some(4),
        (-1, 0) => Some(5),
        _ => None,
    }
}

/// Half-MP to cross from `from` into `to` by the Terrain Effects Chart (4.1), or `None`
/// where a unit may not go: the river and the entrenchments for everyone, ponds and
/// marshes for field artillery. Roads are read across the hexside; a shore hex costs
/// less entered along the shore.
#[must_use]
pub(crate) fn chart_cost(map: &Map, artillery: bool, from: Hex, to: Hex) -> Option<u8> {
    let info = map.get(to)?;
    if info.region == Region::River {
        return None;
    }
    let cost = charts::terrain_cost(info.terrain, artillery)?;
    if map.road(from, to) {
        return Some(charts::COST_ROAD);
    }
    if info.shore {
        let along = map.get(from).is_some_and(|f| f.shore);
        return Some(if along { charts::COST_SHORE_ALONG } else { charts::COST_SHORE_OTHER });
    }
    Some(cost)
}

/// The shipped map by dense index ([`hexmap::HexGrid::index`]): each hex, its six
/// neighbours' indices, and [`chart_cost`] across each of its hexsides.
pub(crate) struct Tables {
    /// The hex at each index.
    hex: Vec<Hex>,
    /// The neighbours' indices in die order ([`Hex::neighbours`]), `u16::MAX` off the map.
    next: Vec<[u16; 6]>,
    /// Step costs out of each hex for everyone but field artillery, [`NONE`] forbidden.
    foot: Vec<[u8; 6]>,
    /// The same for field artillery (no ponds or marshes).
    artillery: Vec<[u8; 6]>,
    /// 2.1: the fewest steps from Hunter's Farm dock through land hexes only ([`NONE`] for
    /// none within 254).
    land_from_dock: Vec<u8>,
}

impl Tables {
    /// The step costs out of every hex for field artillery or for everyone else.
    fn costs(&self, artillery: bool) -> &[[u8; 6]] {
        if artillery { &self.artillery } else { &self.foot }
    }

    /// The cost of the step from `from` into the adjacent `to`, or `None` if the step is
    /// forbidden; `None` outright if `from` is off the map or `to` not adjacent (ask
    /// [`chart_cost`]).
    #[inline]
    #[must_use]
    pub(crate) fn step(&self, map: &Map, artillery: bool, from: Hex, to: Hex) -> Option<Option<u8>> {
        let i = map.cells.index(from)?;
        let d = direction(from, to)?;
        let c = self.costs(artillery)[i][d];
        Some((c != NONE).then_some(c))
    }

    /// 2.1: whether `to` is within `n` (below 254) steps of Hunter's Farm dock through land.
    #[must_use]
    pub(crate) fn land_near_dock(&self, map: &Map, to: Hex, n: u8) -> bool {
        debug_assert!(n < NONE - 1);
        map.cells.index(to).is_some_and(|i| self.land_from_dock[i] <= n)
    }
}

/// The shipped map's tables, worked out once.
#[must_use]
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let map = crate::map::belmont();
        let n = map.cells.len();
        let mut t = Tables {
            hex: vec![Hex::new(0, 0); n],
            next: vec![[u16::MAX; 6]; n],
            foot: vec![[NONE; 6]; n],
            artillery: vec![[NONE; 6]; n],
            land_from_dock: Vec::new(),
        };
        for (h, _) in map.hexes() {
            let i = map.cells.index(h).expect("a map hex");
            t.hex[i] = h;
            for (d, to) in h.neighbours().into_iter().enumerate() {
                t.next[i][d] = map.cells.index(to).map_or(u16::MAX, |j| u16::try_from(j).expect("a small map"));
                t.foot[i][d] = chart_cost(map, false, h, to).unwrap_or(NONE);
                t.artillery[i][d] = chart_cost(map, true, h, to).unwrap_or(NONE);
            }
        }
        // Every step onto land costs 1: the same search, with a cost table of its own.
        let land: Vec<[u8; 6]> = t
            .next
            .iter()
            .map(|n| n.map(|j| if j != u16::MAX && map.is_land(t.hex[usize::from(j)]) { 1 } else { NONE }))
            .collect();
        t.land_from_dock = search(&t, &land, map.hunters_farm_dock, NONE - 1, |_| true).spent;
        t
    })
}

/// The cheapest cost of reaching each map hex from a start within a budget, one byte a
/// hex ([`hexmap::reach`]'s costs, without the routes).
pub(crate) struct Reach {
    spent: Vec<u8>,
}

impl Reach {
    /// Half-MP spent to reach `h`, if it was reached.
    #[inline]
    #[must_use]
    pub(crate) fn spent(&self, map: &Map, h: Hex) -> Option<u8> {
        let c = *self.spent.get(map.cells.index(h)?)?;
        (c != NONE).then_some(c)
    }
}

/// Every hex a unit can reach from `start` spending at most `budget` half-MP (4.1, the
/// Terrain Effects Chart; field artillery by its own column), entering only hexes where
/// `may_stand` says it may be ([`hexmap::reach`] with those costs).
pub(crate) fn reach(start: Hex, budget: u8, artillery: bool, may_stand: impl FnMut(Hex) -> bool) -> Reach {
    let t = tables();
    search(t, t.costs(artillery), start, budget, may_stand)
}

/// For each hex, the fewest half-MP from there to one of `goals` (each with what is
/// spent from it: the step into a melee hex), moving only through hexes where
/// `may_stand` says the unit may be, within `budget`. A hex is marked even where the unit
/// may not stand, but no path continues through it. (A backward [`reach`].)
///
/// Given `toward` (the hex of the unit asking), only hexes `h` with `need(h)` plus a
/// road's half-MP per hex from `h` to `toward` within `budget` are sure to be marked:
/// every hex on their cheapest paths is within that bound too, and no step costs less
/// than a road's, so the search leaves the rest of the map alone. Without, every hex is.
pub(crate) fn need(
    goals: &[(Hex, u8)],
    budget: u8,
    artillery: bool,
    toward: Option<Hex>,
    may_stand: impl FnMut(Hex) -> bool,
) -> Reach {
    let t = tables();
    let map = crate::map::belmont();
    let mut spent = vec![NONE; t.hex.len()];
    let mut queue = Queue::default();
    for &(h, c) in goals {
        if let Some(i) = map.cells.index(h)
            && u16::from(c) + least_left(h, toward) <= u16::from(budget)
            && c < spent[i]
        {
            spent[i] = c;
            queue.push(c, i);
        }
    }
    run(t, t.costs(artillery), &mut spent, &mut queue, budget, Way::Backward(toward), may_stand);
    Reach { spent }
}

/// The forward search from `start` ([`reach`]) with any cost table.
fn search(t: &Tables, costs: &[[u8; 6]], start: Hex, budget: u8, may_stand: impl FnMut(Hex) -> bool) -> Reach {
    let map = crate::map::belmont();
    let mut spent = vec![NONE; t.hex.len()];
    let Some(s) = map.cells.index(start) else {
        return Reach { spent };
    };
    spent[s] = 0;
    let mut queue = Queue::default();
    queue.push(0, s);
    run(t, costs, &mut spent, &mut queue, budget, Way::Forward, may_stand);
    Reach { spent }
}

/// Hexes (by index) waiting to be searched from, cheapest first: a binary heap of
/// cost and index packed in one word, in a single allocation.
#[derive(Default)]
struct Queue(BinaryHeap<Reverse<u32>>);

impl Queue {
    fn push(&mut self, cost: u8, i: usize) {
        if self.0.capacity() == 0 {
            self.0.reserve(64);
        }
        self.0.push(Reverse(u32::from(cost) << 16 | u32::try_from(i).expect("a small map")));
    }

    fn pop(&mut self) -> Option<(u8, usize)> {
        self.0.pop().map(|Reverse(k)| ((k >> 16) as u8, (k & 0xffff) as usize))
    }
}

/// Which way a search runs.
#[derive(Clone, Copy)]
enum Way {
    /// From a start ([`reach`]).
    Forward,
    /// Toward goals, only as far as is useful to a unit on the given hex, if any ([`need`]).
    Backward(Option<Hex>),
}

/// The least half-MP still to spend from `h` to `toward`, if given: a road's per hex.
fn least_left(h: Hex, toward: Option<Hex>) -> u16 {
    toward.map_or(0, |t| h.distance(t) * u16::from(charts::COST_ROAD))
}

/// Dijkstra's search: every step costs at least 1, so each hex is searched from once, at
/// its cheapest cost; a hex may still wait in the queue at a dearer cost found before
/// (it is then skipped). Forward, a step is priced out of the hex left and only into
/// hexes where the unit may stand. Backward, a step is priced into the hex left, only
/// from hexes where it may stand, and only to hexes close enough to `toward` if given.
fn run(
    t: &Tables,
    costs: &[[u8; 6]],
    spent: &mut [u8],
    queue: &mut Queue,
    budget: u8,
    way: Way,
    mut may_stand: impl FnMut(Hex) -> bool,
) {
    let (backward, toward) = match way {
        Way::Forward => (false, None),
        Way::Backward(toward) => (true, toward),
    };
    while let Some((d, i)) = queue.pop() {
        if spent[i] < d || (backward && !may_stand(t.hex[i])) {
            continue;
        }
        for dir in 0..6 {
            let j = t.next[i][dir];
            if j == u16::MAX {
                continue;
            }
            let j = usize::from(j);
            let step = if backward { costs[j][(dir + 3) % 6] } else { costs[i][dir] };
            if step == NONE {
                continue;
            }
            let total = u16::from(d) + u16::from(step);
            if total + least_left(t.hex[j], toward) <= u16::from(budget)
                && total < u16::from(spent[j])
                && (backward || may_stand(t.hex[j]))
            {
                spent[j] = total as u8;
                queue.push(total as u8, j);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Some hexes a unit may not stand in, for the searches below.
    fn blocked(h: Hex) -> bool {
        (h.q * 7 + h.r * 3).rem_euclid(5) == 0
    }

    /// The dense search finds the same cheapest costs as `hexmap::reach`.
    #[test]
    fn reach_agrees_with_hexmap() {
        let map = crate::map::belmont();
        for (start, _) in map.hexes().step_by(7) {
            for (budget, art) in [(3u8, false), (12, false), (12, true), (16, false)] {
                let ours = reach(start, budget, art, |h| !blocked(h));
                let theirs = hexmap::reach(
                    start,
                    u32::from(budget),
                    |a, b| chart_cost(map, art, a, b).filter(|_| !blocked(b)).map(u32::from),
                    |_| true,
                );
                for (h, _) in map.hexes() {
                    assert_eq!(ours.spent(map, h).map(u32::from), theirs.cost.get(&h).map(|c| c.0), "{start} to {h}");
                }
            }
        }
    }

    /// The backward search agrees with a binary-heap search over `HashMap`s (the way
    /// `movement::melee_need` searched before it used [`need`]) wherever it marks a hex,
    /// and marks every hex close enough to `toward`.
    #[test]
    fn need_agrees_with_a_heap_search() {
        let map = crate::map::belmont();
        for (target, _) in map.hexes().step_by(11) {
            let goals: Vec<(Hex, u8)> = target
                .neighbours()
                .into_iter()
                .filter_map(|e| chart_cost(map, false, e, target).map(|c| (e, c)))
                .collect();
            let budget = 12;
            let toward = Hex::new(target.q + 2, target.r - 1);
            let ours = need(&goals, budget, false, Some(toward), |h| !blocked(h));
            let all = need(&goals, budget, false, None, |h| !blocked(h));
            let mut theirs: HashMap<Hex, u32> = HashMap::new();
            let mut heap = BinaryHeap::new();
            for &(e, c) in &goals {
                if c <= budget && theirs.get(&e).is_none_or(|&d| u32::from(c) < d) {
                    theirs.insert(e, c.into());
                    heap.push(Reverse((u32::from(c), e)));
                }
            }
            while let Some(Reverse((d, b))) = heap.pop() {
                if theirs.get(&b).is_some_and(|&x| x < d) || blocked(b) {
                    continue;
                }
                for a in b.neighbours() {
                    let Some(c) = chart_cost(map, false, a, b) else { continue };
                    let nd = d + u32::from(c);
                    if nd <= u32::from(budget) && theirs.get(&a).is_none_or(|&x| nd < x) {
                        theirs.insert(a, nd);
                        heap.push(Reverse((nd, a)));
                    }
                }
            }
            for (h, _) in map.hexes() {
                let theirs = theirs.get(&h).copied();
                assert_eq!(all.spent(map, h).map(u32::from), theirs, "{h}");
                let sure = theirs.is_some_and(|n| n + u32::from(h.distance(toward)) <= u32::from(budget));
                match ours.spent(map, h).map(u32::from) {
                    None => assert!(!sure, "{h} toward {target}: {theirs:?} left out"),
                    ours => assert_eq!(ours, theirs, "{h} toward {target}"),
                }
            }
        }
    }

    /// The table gives the chart's cost for every hexside, and defers for anything else.
    #[test]
    fn costs_match_the_chart() {
        let map = crate::map::belmont();
        for (h, _) in map.hexes() {
            for n in h.neighbours() {
                for art in [false, true] {
                    assert_eq!(tables().step(map, art, h, n), Some(chart_cost(map, art, h, n)));
                }
            }
            assert_eq!(tables().step(map, false, h, h), None, "a hex and itself are not adjacent");
        }
    }

    /// No step costs less than a road's half-MP: the searches' callers skip units farther
    /// from every goal than their allowance allows at that rate.
    #[test]
    fn no_step_is_cheaper_than_a_road() {
        let t = tables();
        for row in t.foot.iter().chain(&t.artillery) {
            assert!(row.iter().all(|&c| c >= charts::COST_ROAD));
        }
    }

    /// 2.1's land steps from the dock, as a search over land would find them.
    #[test]
    fn land_steps_from_the_dock() {
        let map = crate::map::belmont();
        let dock = map.hunters_farm_dock;
        let r = hexmap::reach(dock, 3, |_, b| map.is_land(b).then_some(1), |_| true);
        for (h, _) in map.hexes() {
            assert_eq!(tables().land_near_dock(map, h, 3), r.cost.contains_key(&h), "{h}");
        }
    }
}

//! 9.7 Line of sight: a straight line from the centre of the firer's hex to the centre of
//! the target's, blocked (9.71) by terrain and units in the hexes and hexsides between,
//! depending on the heights at both ends and of the obstacle (9.72, 9.73). The map and the
//! units are asked through [`Sight`], so this module is geometry and arithmetic only.
//!
//! Readings (plan, section 3, and issue 16's corrections):
//! - R3, 9.73: the algorithm as printed ("H/D equals (hp - 5)/dp") would block nearly every
//!   line; the gauge says an obstacle blocks only when it stands above the line, and a line
//!   that meets or passes over it is clear, with five feet of grace. So terrain blocks iff
//!   `(hp - 5) * D > H * dp`, in integers (no division): H the higher end over the lower,
//!   D the ends' distance, hp the obstacle's top over the lower end, dp its distance from
//!   the lower end. The ends' heights include the men standing there (9.72: five feet,
//!   mounted cavalry and wagons ten).
//! - Units as obstacles (9.71): with the grace, men on level ground would never block,
//!   which empties 9.71 on a flat map. Ruling: a unit in a hex between blocks unless the
//!   line passes clear above its heads, with no grace: it blocks iff `hp * D >= H * dp`.
//!   On level ground an occupied hex between always blocks; from higher ground one fires
//!   over the troops between.
//! - 9.7: only hexes and hexsides that are not the ends' own count; adjacent hexes always
//!   see each other (R38).
//! - R22: a line running exactly along a hexside is blocked only if both hexes beside it
//!   block.
//! - The position ([`Gbacw`] as [`Sight`]): ground from the map's heights, terrain from the
//!   authored chart (9.56's sight heights: woods 20), units per 9.72 from what stands in
//!   the hex, a crest hexside at its higher hex's ground.
//! - Hexsides (crests, 9.52): a hexside between two hexes of the line, neither of them an
//!   end, blocks as terrain at its own height, half a hex further on than the nearer hex.

use crate::oob::Kind;
use crate::state::{Formation, Gbacw, UnitId};
use crate::terrain::HexsideKind;
use hexmap::{Hex, LineStep, line};

/// 9.72: men standing (infantry, artillery, dismounted cavalry), in feet.
pub const MEN_FT: i32 = 5;
/// 9.72: mounted cavalry and supply wagons, in feet.
pub const MOUNTED_FT: i32 = 10;
/// 9.73: the gauge's grace below an obstacle, in feet.
pub const GRACE_FT: i32 = 5;

/// What the map and the units say about heights, in feet.
pub trait Sight {
    /// The ground level of a hex (9.72: the map's own heights).
    fn ground(&self, h: Hex) -> i32;
    /// The height above its ground of the terrain in a hex that blocks sight (trees 20),
    /// 0 where none does (9.56, 9.71).
    fn terrain(&self, h: Hex) -> i32;
    /// The height above its ground of the tallest unit in a hex (men 5, mounted cavalry and
    /// wagons 10), 0 where there is none (9.71, 9.72).
    fn units(&self, h: Hex) -> i32;
    /// The top of a hexside that blocks sight (a crest), in feet above the map's zero;
    /// `None` where the hexside is no obstacle.
    fn hexside(&self, a: Hex, b: Hex) -> Option<i32>;
}

/// 9.7: whether a unit `from_ft` tall at `from` sees a unit `to_ft` tall at `to`.
#[must_use]
pub fn clear(map: &impl Sight, from: Hex, from_ft: i32, to: Hex, to_ft: i32) -> bool {
    let d = i32::from(from.distance(to));
    if d <= 1 {
        return true;
    }
    let (a, b) = (map.ground(from) + from_ft, map.ground(to) + to_ft);
    let (low_hex, low, rise) = if a <= b { (from, a, b - a) } else { (to, b, a - b) };
    // Distances in half hexes, so a hexside sits between two hexes exactly.
    let d2 = 2 * d;
    let half = |h: Hex| 2 * i32::from(h.distance(low_hex));
    // Terrain (and bare ground) above the line by more than the grace.
    let terrain_blocks = |top: i32, dp2: i32| (top - low - GRACE_FT) * d2 > rise * dp2;
    // Men between: above the line or touching it, no grace.
    let units_block = |top: i32, dp2: i32| (top - low) * d2 >= rise * dp2;
    let hex_blocks = |h: Hex| {
        let (ground, dp2) = (map.ground(h), half(h));
        terrain_blocks(ground + map.terrain(h), dp2) || (map.units(h) > 0 && units_block(ground + map.units(h), dp2))
    };
    let steps = line(from, to);
    let inner = &steps[1..steps.len() - 1];
    for step in inner {
        let blocked = match *step {
            LineStep::One(h) => hex_blocks(h),
            LineStep::Tie(x, y) => hex_blocks(x) && hex_blocks(y),
        };
        if blocked {
            return false;
        }
    }
    // Hexsides crossed between two hexes of the line, neither an end.
    for pair in inner.windows(2) {
        if let [LineStep::One(x), LineStep::One(y)] = *pair
            && let Some(top) = map.hexside(x, y)
            && terrain_blocks(top, (half(x) + half(y)) / 2)
        {
            return false;
        }
    }
    true
}

/// The height a unit adds to its hex (9.72): mounted cavalry and supply wagons are tall, men
/// on foot (infantry, dismounted cavalry, gun crews) are not. Reading: a gunboat stands as
/// tall as a wagon.
#[must_use]
pub fn unit_ft(g: &Gbacw, u: UnitId) -> i32 {
    let tall = matches!(g.unit(u).formation, Formation::Mounted | Formation::Wagon)
        || matches!(g.info(u).kind, Kind::Gunboat { .. });
    i32::from(g.charts().gauge().unit_ft(tall))
}

/// 9.72 for the position: ground from the map's heights, terrain from the authored 9.56
/// chart's sight heights, the tallest unit standing in a hex (leaders alone are no
/// obstacle), and a crest hexside at the higher of its two hexes' ground (the chart gives
/// crests no height of their own).
impl Sight for Gbacw {
    fn ground(&self, h: Hex) -> i32 {
        self.map().height_ft(h).map_or(0, i32::from)
    }
    fn terrain(&self, h: Hex) -> i32 {
        self.map().terrain(h).map_or(0, |t| i32::from(self.charts().los_height_ft(t)))
    }
    fn units(&self, h: Hex) -> i32 {
        self.units_here(h).map(|u| unit_ft(self, u)).max().unwrap_or(0)
    }
    fn hexside(&self, a: Hex, b: Hex) -> Option<i32> {
        (self.map().hexside(a, b) == Some(HexsideKind::Crest)).then(|| self.ground(a).max(self.ground(b)))
    }
}

impl Gbacw {
    /// 9.7: whether the hex `from` sees the hex `to`, each end at its tallest unit's height
    /// (a man's where none stands).
    #[must_use]
    pub fn sees(&self, from: Hex, to: Hex) -> bool {
        let end = |h: Hex| Some(Sight::units(self, h)).filter(|&f| f > 0).unwrap_or(MEN_FT);
        clear(self, from, end(from), to, end(to))
    }

    /// 9.7: whether unit `firer` sees unit `target`, each at its own height (9.72); false
    /// if either is off the map.
    #[must_use]
    pub fn unit_sees(&self, firer: UnitId, target: UnitId) -> bool {
        match (self.hex_of(firer), self.hex_of(target)) {
            (Some(a), Some(b)) => clear(self, a, unit_ft(self, firer), b, unit_ft(self, target)),
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A test map: level ground at 0 unless set, with woods, units and crests where set.
    #[derive(Default)]
    struct Map {
        ground: HashMap<Hex, i32>,
        trees: Vec<Hex>,
        men: HashMap<Hex, i32>,
        crests: Vec<(Hex, Hex, i32)>,
    }

    impl Sight for Map {
        fn ground(&self, h: Hex) -> i32 {
            self.ground.get(&h).copied().unwrap_or(0)
        }
        fn terrain(&self, h: Hex) -> i32 {
            if self.trees.contains(&h) { 20 } else { 0 }
        }
        fn units(&self, h: Hex) -> i32 {
            self.men.get(&h).copied().unwrap_or(0)
        }
        fn hexside(&self, a: Hex, b: Hex) -> Option<i32> {
            self.crests.iter().find(|(x, y, _)| (*x, *y) == (a, b) || (*x, *y) == (b, a)).map(|c| c.2)
        }
    }

    fn h(label: &str) -> Hex {
        Hex::from_label(label).unwrap()
    }

    /// Three hexes in a column: 0505, 0506 (between), 0507.
    fn column() -> (Hex, Hex, Hex) {
        (h("0505"), h("0506"), h("0507"))
    }

    #[test]
    fn rule_9_7_adjacent_hexes_always_see_each_other() {
        let (a, b, _) = column();
        let map = Map { trees: vec![a, b], ground: HashMap::from([(b, 100)]), ..Map::default() };
        assert!(clear(&map, a, MEN_FT, b, MEN_FT));
    }

    #[test]
    fn rule_9_71_woods_between_on_level_ground_block_and_the_ends_own_woods_do_not() {
        let (a, m, t) = column();
        let between = Map { trees: vec![m], ..Map::default() };
        assert!(!clear(&between, a, MEN_FT, t, MEN_FT));
        let ends = Map { trees: vec![a, t], ..Map::default() };
        assert!(clear(&ends, a, MEN_FT, t, MEN_FT), "out of and into a blocking hex is clear (9.7)");
    }

    #[test]
    fn rule_9_73_a_line_meeting_the_obstacle_is_clear_five_feet_over_the_grace_blocks() {
        // The target's men stand at 5 ft on level ground, the firer's on ground G, two hexes
        // away, woods (20 ft) in the hex between: (20 - 5 - 5) * 2 hexes = G * 1 hex at G = 20.
        let (a, m, t) = column();
        let at = |g: i32| Map { trees: vec![m], ground: HashMap::from([(a, g)]), ..Map::default() };
        assert!(clear(&at(20), a, MEN_FT, t, MEN_FT), "a line meeting the obstacle is clear (R3)");
        assert!(clear(&at(30), a, MEN_FT, t, MEN_FT), "over it is clear");
        assert!(!clear(&at(15), a, MEN_FT, t, MEN_FT), "five feet lower and the trees block");
    }

    #[test]
    fn ruling_units_between_block_on_level_ground_and_are_fired_over_from_higher_ground() {
        let (a, m, t) = column();
        let level = Map { men: HashMap::from([(m, MEN_FT)]), ..Map::default() };
        assert!(!clear(&level, a, MEN_FT, t, MEN_FT), "an occupied hex between blocks on level ground (9.71)");
        let empty = Map::default();
        assert!(clear(&empty, a, MEN_FT, t, MEN_FT), "and an empty one does not");
        let high = Map { men: HashMap::from([(m, MEN_FT)]), ground: HashMap::from([(a, 10)]), ..Map::default() };
        assert!(clear(&high, a, MEN_FT, t, MEN_FT), "from ten feet up, over the heads between");
        // Mounted men between are taller: ten feet up is not enough, twenty is.
        let horse =
            |g: i32| Map { men: HashMap::from([(m, MOUNTED_FT)]), ground: HashMap::from([(a, g)]), ..Map::default() };
        assert!(!clear(&horse(10), a, MEN_FT, t, MEN_FT));
        assert!(clear(&horse(20), a, MEN_FT, t, MEN_FT));
    }

    #[test]
    fn rule_9_72_a_rise_between_blocks_level_ends_beyond_the_grace() {
        let (a, m, t) = column();
        let rise = |g: i32| Map { ground: HashMap::from([(m, g)]), ..Map::default() };
        assert!(clear(&rise(10), a, MEN_FT, t, MEN_FT), "ten feet of ground: at the grace, clear");
        assert!(!clear(&rise(15), a, MEN_FT, t, MEN_FT), "fifteen blocks");
    }

    #[test]
    fn r22_a_line_along_a_hexside_is_blocked_only_if_both_hexes_block() {
        let a = h("0505");
        let tie =
            |t: Hex| line(a, t).into_iter().find_map(|s| if let LineStep::Tie(x, y) = s { Some((x, y)) } else { None });
        let (t, (x, y)) = a.ring(2).into_iter().find_map(|t| tie(t).map(|xy| (t, xy))).expect("a line along a hexside");
        let one = Map { trees: vec![x], ..Map::default() };
        assert!(clear(&one, a, MEN_FT, t, MEN_FT), "one side of the hexside wooded: clear");
        let both = Map { trees: vec![x, y], ..Map::default() };
        assert!(!clear(&both, a, MEN_FT, t, MEN_FT), "both: blocked");
    }

    #[test]
    fn rule_9_52_a_crest_between_blocks_but_not_the_ends_own_hexsides() {
        let (a, t) = (h("0505"), h("0508"));
        let (m1, m2) = (h("0506"), h("0507"));
        let crest = Map { crests: vec![(m1, m2, 20)], ..Map::default() };
        assert!(!clear(&crest, a, MEN_FT, t, MEN_FT), "a 20-ft crest between the middle hexes blocks");
        let low = Map { crests: vec![(m1, m2, 10)], ..Map::default() };
        assert!(clear(&low, a, MEN_FT, t, MEN_FT), "ten feet is within the grace");
        let own = Map { crests: vec![(a, m1, 40)], ..Map::default() };
        assert!(clear(&own, a, MEN_FT, t, MEN_FT), "the firer's own hexside does not block (9.7)");
    }
}

//! The Belmont map (Belmont 1.3 and the Terrain Effects Chart): terrain per hex, roads on
//! hexsides, river sections, docks, Camp Johnston, the Iron Banks entrenchments and the
//! set-up line.
//!
//! **Authored.** The published map is not in the rulebook text; `data/belmont.map` is
//! drawn from `shared/history/belmont-and-south-mountain.md` at 140 yards a hex. A user
//! who owns the published game can edit that file.
//!
//! CONTRACT (used by the rules modules): the public items below. The loader and data
//! are filled in by `load`.

use hexmap::{Hex, Hexside};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Terrain types of the Terrain Effects Chart. Shore, road and slope are overlays held
/// separately on [`HexInfo`] and in [`Map::roads`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Terrain {
    /// Clear: 1 MP.
    Clear,
    /// Building: 1 MP.
    Building,
    /// Camp (Camp Johnston): 1 MP, blocks LOS.
    Camp,
    /// Felled trees (abatis): 2 MP.
    FelledTrees,
    /// Brush: 1 MP; blocks LOS through three brush hexes.
    Brush,
    /// Woods: 2 MP; blocks LOS.
    Woods,
    /// Crops (corn): 1 MP; blocks LOS.
    Crops,
    /// Pond: 3 MP, no artillery.
    Pond,
    /// Marsh: 2 MP, no artillery.
    Marsh,
    /// Dock: 1 MP; vessels may also lie here (11.3).
    Dock,
    /// River: vessels only (by river section).
    River,
    /// Iron Banks entrenchment: no movement in or out; only gunboats may fire on it.
    Entrenchment,
}

/// Which bank a hex is on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Region {
    /// The Missouri (west) bank: the battlefield.
    Missouri,
    /// The Kentucky (east) bank: Columbus and the Iron Banks.
    Kentucky,
    /// The Mississippi.
    River,
}

/// Everything the rules need to know about one hex.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HexInfo {
    /// Terrain type.
    pub terrain: Terrain,
    /// Bank.
    pub region: Region,
    /// A land hex on the river bank (Terrain Effects Chart, Shore).
    pub shore: bool,
    /// The hex holds a slope (blocks LOS through it).
    pub slope: bool,
    /// Height level: 0 bottomland, higher on ridges and the bluffs. Fire or melee from a
    /// lower to a higher hex across a slope is "from bottom of slope to slope top".
    pub height: u8,
    /// River section 1-6 for river hexes (and for dock hexes, the section they open on).
    pub river_section: Option<u8>,
    /// A place name, if one is printed here.
    pub name: Option<String>,
}

/// The whole map.
#[derive(Clone, Debug)]
pub struct Map {
    /// Columns and rows (1-based printed labels run 0101 to cols/rows).
    pub cols: i16,
    /// Rows.
    pub rows: i16,
    /// Dense storage indexed by [`Map::index`].
    pub cells: Vec<Option<HexInfo>>,
    /// Hexsides a road crosses.
    pub roads: HashSet<Hexside>,
    /// Roads as hex sequences, for drawing.
    pub road_paths: Vec<Vec<Hex>>,
    /// Hunter's Farm dock (Union embarkation, 11.9; Union retreat goal, 8.2).
    pub hunters_farm_dock: Hex,
    /// Belmont dock (13th TN set-up; initial transport destination, 11.8).
    pub belmont_dock: Hex,
    /// Columbus dock (Confederate loading, 11.7).
    pub columbus_dock: Hex,
    /// Camp Johnston hexes (13.0).
    pub camp: Vec<Hex>,
    /// Iron Banks entrenchment hexes (12.0).
    pub entrenchments: Vec<Hex>,
    /// Missouri hexes west of the set-up line, where the Union sets up (2.1).
    pub union_setup: HashSet<Hex>,
    /// Missouri hexes east of the set-up line, where the Confederates set up (2.2).
    pub confederate_setup: HashSet<Hex>,
    /// The set-up line as hexside pairs, for drawing.
    pub setup_line: Vec<(Hex, Hex)>,
    /// Kentucky land hexes "in or near Columbus" (2.2, 2.3, 13.1, 13.2.2).
    pub columbus: Vec<Hex>,
}

impl Map {
    /// Dense index of a hex, if it is on the map.
    #[must_use]
    pub fn index(&self, h: Hex) -> Option<usize> {
        let (c, r) = h.col_row();
        (c >= 1 && r >= 1 && c <= self.cols && r <= self.rows)
            .then(|| ((c - 1) as usize) * (self.rows as usize) + (r - 1) as usize)
    }

    /// The hex's information, if it is on the map.
    #[must_use]
    pub fn get(&self, h: Hex) -> Option<&HexInfo> {
        self.cells.get(self.index(h)?)?.as_ref()
    }

    /// Whether a road crosses the hexside between two adjacent hexes.
    #[must_use]
    pub fn road(&self, a: Hex, b: Hex) -> bool {
        Hexside::new(a, b).is_some_and(|s| self.roads.contains(&s))
    }

    /// Every hex on the map with its information.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, &HexInfo)> {
        (1..=self.cols).flat_map(move |c| {
            (1..=self.rows).filter_map(move |r| {
                let h = Hex::from_col_row(c, r);
                self.get(h).map(|i| (h, i))
            })
        })
    }
}

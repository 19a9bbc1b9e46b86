//! The Belmont map (Belmont 1.3 and the Terrain Effects Chart): terrain per hex, roads on
//! hexsides, river sections, docks, Camp Johnston, the Iron Banks entrenchments and the
//! set-up line.
//!
//! **Authored.** The published map is not in the rulebook text; `data/belmont.map` is
//! drawn from `shared/history/belmont-and-south-mountain.md` at 140 yards a hex. A user
//! who owns the published game can edit that file.
//!
//! CONTRACT (used by the rules modules): the public items below. [`parse`] reads and
//! checks a map file (the format is described at the top of `data/belmont.map`), and
//! [`belmont`] gives the shipped map.

use crate::data::{DataError, report};
use datafile::{Errors, Grid, Sections, split_sections};
use hexmap::{Hex, HexGrid, Hexside};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap, VecDeque};
use std::sync::OnceLock;

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
    /// Every hex's information, 0101 to CCRR.
    pub cells: HexGrid<HexInfo>,
    /// Hexsides a road crosses.
    pub roads: BTreeSet<Hexside>,
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
    pub union_setup: BTreeSet<Hex>,
    /// Missouri hexes east of the set-up line, where the Confederates set up (2.2).
    pub confederate_setup: BTreeSet<Hex>,
    /// The set-up line as hexside pairs, for drawing.
    pub setup_line: Vec<(Hex, Hex)>,
    /// Kentucky land hexes "in or near Columbus" (2.2, 2.3, 13.1, 13.2.2).
    pub columbus: Vec<Hex>,
}

impl Map {
    /// Columns (printed labels run 01 to `cols`).
    #[must_use]
    pub const fn cols(&self) -> i16 {
        self.cells.cols()
    }

    /// Rows.
    #[must_use]
    pub const fn rows(&self) -> i16 {
        self.cells.rows()
    }

    /// The hex's information, if it is on the map.
    #[must_use]
    pub fn get(&self, h: Hex) -> Option<&HexInfo> {
        self.cells.get(h)
    }

    /// Whether a road crosses the hexside between two adjacent hexes.
    #[must_use]
    pub fn road(&self, a: Hex, b: Hex) -> bool {
        Hexside::new(a, b).is_some_and(|s| self.roads.contains(&s))
    }

    /// Every hex on the map with its information, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, &HexInfo)> {
        self.cells.iter()
    }
}

impl Terrain {
    /// Every terrain type, in the order of the Terrain Effects Chart.
    pub const ALL: [Terrain; 12] = [
        Terrain::Clear,
        Terrain::Building,
        Terrain::Camp,
        Terrain::FelledTrees,
        Terrain::Brush,
        Terrain::Woods,
        Terrain::Crops,
        Terrain::Pond,
        Terrain::Marsh,
        Terrain::Dock,
        Terrain::River,
        Terrain::Entrenchment,
    ];

    /// The name of this terrain in a map file's `[legend]` (`"felled-trees"`).
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Building => "building",
            Terrain::Camp => "camp",
            Terrain::FelledTrees => "felled-trees",
            Terrain::Brush => "brush",
            Terrain::Woods => "woods",
            Terrain::Crops => "crops",
            Terrain::Pond => "pond",
            Terrain::Marsh => "marsh",
            Terrain::Dock => "dock",
            Terrain::River => "river",
            Terrain::Entrenchment => "entrenchment",
        }
    }

    /// The terrain a `[legend]` name stands for.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.key() == key)
    }
}

impl Map {
    /// The hex's terrain, if it is on the map.
    #[must_use]
    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.get(h).map(|i| i.terrain)
    }

    /// The hex's bank, if it is on the map.
    #[must_use]
    pub fn region(&self, h: Hex) -> Option<Region> {
        self.get(h).map(|i| i.region)
    }

    /// A land hex: on the map and not the Mississippi.
    #[must_use]
    pub fn is_land(&self, h: Hex) -> bool {
        self.get(h).is_some_and(|i| i.region != Region::River)
    }

    /// A river hex (vessels only, TEC River).
    #[must_use]
    pub fn is_river(&self, h: Hex) -> bool {
        self.get(h).is_some_and(|i| i.region == Region::River)
    }

    /// A land hex on the Missouri bank, where the battle is fought.
    #[must_use]
    pub fn is_missouri(&self, h: Hex) -> bool {
        self.get(h).is_some_and(|i| i.region == Region::Missouri)
    }

    /// A hex of Camp Johnston (13.0).
    #[must_use]
    pub fn in_camp(&self, h: Hex) -> bool {
        self.camp.contains(&h)
    }

    /// An Iron Banks entrenchment hex (12.0; no unit moves in or out, TEC).
    #[must_use]
    pub fn is_entrenchment(&self, h: Hex) -> bool {
        self.entrenchments.contains(&h)
    }

    /// A hex "in or near Columbus" (2.2, 2.3, 13.1, 13.2.2). The Columbus dock is not
    /// one; compare with [`Map::columbus_dock`].
    #[must_use]
    pub fn in_columbus(&self, h: Hex) -> bool {
        self.columbus.contains(&h)
    }

    /// The river section (1-6) of a river hex, or the section a dock opens on.
    #[must_use]
    pub fn river_section(&self, h: Hex) -> Option<u8> {
        self.get(h).and_then(|i| i.river_section)
    }

    /// The river hexes of one river section (1.3, 11.5), in column order.
    #[must_use]
    pub fn river_hexes_of_section(&self, section: u8) -> Vec<Hex> {
        self.hexes()
            .filter(|(_, i)| i.region == Region::River && i.river_section == Some(section))
            .map(|(h, _)| h)
            .collect()
    }

    /// The three docks: Hunter's Farm, Belmont, Columbus.
    #[must_use]
    pub const fn docks(&self) -> [Hex; 3] {
        [self.hunters_farm_dock, self.belmont_dock, self.columbus_dock]
    }

    /// The hex carrying a place name, if any (`"Camp Johnston"`).
    #[must_use]
    pub fn place(&self, name: &str) -> Option<Hex> {
        self.hexes().find(|(_, i)| i.name.as_deref() == Some(name)).map(|(h, _)| h)
    }

    /// Land hexes reachable from `from` in at most `steps` steps that pass only through
    /// land hexes, `from` included (the guard's "within three land hexes", 2.1). Sorted.
    #[must_use]
    pub fn land_within(&self, from: Hex, steps: u16) -> Vec<Hex> {
        let mut seen: HashMap<Hex, u16> = HashMap::new();
        let mut queue = VecDeque::new();
        if self.is_land(from) {
            seen.insert(from, 0);
            queue.push_back(from);
        }
        while let Some(h) = queue.pop_front() {
            let d = seen[&h];
            if d == steps {
                continue;
            }
            for n in h.neighbours() {
                if self.is_land(n) && !seen.contains_key(&n) {
                    seen.insert(n, d + 1);
                    queue.push_back(n);
                }
            }
        }
        let mut out: Vec<Hex> = seen.into_keys().collect();
        out.sort_unstable();
        out
    }
}

/// The name the shipped map file goes by in error reports.
pub const MAP_FILE: &str = "data/belmont.map";

/// The shipped map, `data/belmont.map`, parsed once.
///
/// # Panics
/// If the shipped file has a problem, with the full report (a test guarantees it has none).
#[must_use]
pub fn belmont() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| match parse(include_str!("../data/belmont.map"), MAP_FILE) {
        Ok(map) => map,
        Err(errors) => panic!("the shipped Belmont map is invalid:\n{}", report(&errors)),
    })
}

/// Reads a map file (the format is described at the top of `data/belmont.map`) and
/// checks all of it.
///
/// # Errors
/// Every problem found, each with `file` and its 1-based line (0 when a whole section is
/// missing), sorted by line.
pub fn parse(text: &str, file: &str) -> Result<Map, Vec<DataError>> {
    let mut errs = Errors::new(file);
    let sections = split_sections(text, &SECTIONS, &mut errs);
    let map = build(&sections, &mut errs);
    match map {
        Some(map) if errs.list.is_empty() => Ok(map),
        _ => {
            errs.list.sort_by_key(|e| e.line);
            Err(errs.list)
        }
    }
}

// ------------------------------------------------------------------------------------
// The parser.

/// Sections a map file may have; `roads` and `places` may be left out.
const SECTIONS: [&str; 11] =
    ["map", "legend", "terrain", "region", "height", "section", "overlay", "roads", "docks", "columbus", "places"];

fn read_size(sections: &Sections, errs: &mut Errors) -> Option<(i16, i16)> {
    let Some(sec) = sections.get("map") else {
        errs.at(0, "missing section [map] (it holds 'size COLUMNS ROWS')");
        return None;
    };
    let mut size = None;
    let mut bad = false;
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        match words.as_slice() {
            ["size", c, r] => match (c.parse::<i16>(), r.parse::<i16>()) {
                (Ok(c), Ok(r)) if (1..=99).contains(&c) && (1..=99).contains(&r) => {
                    if size.is_some() {
                        errs.at(no, "[map] gives the size twice");
                    }
                    size = Some((c, r));
                }
                _ => {
                    errs.at(no, format!("'{l}': size needs two numbers from 1 to 99, columns then rows"));
                    bad = true;
                }
            },
            _ => errs.at(no, format!("'{l}' is not a [map] line (expected 'size COLUMNS ROWS')")),
        }
    }
    if size.is_none() && !bad {
        errs.at(sec.header, "[map] has no 'size COLUMNS ROWS' line");
    }
    size
}

fn read_legend(sections: &Sections, errs: &mut Errors) -> HashMap<char, Terrain> {
    let Some(sec) = sections.get("legend") else {
        errs.at(0, "missing section [legend]");
        return HashMap::new();
    };
    let names = Terrain::ALL.map(Terrain::key).join(", ");
    datafile::read_legend(sec, errs, |name| {
        Terrain::from_key(name).ok_or_else(|| format!("unknown terrain '{name}' (known: {names})"))
    })
}

fn read_grid(name: &str, sections: &Sections, errs: &mut Errors, cols: i16, rows: i16) -> Option<Grid> {
    let Some(sec) = sections.get(name) else {
        errs.at(0, format!("missing section [{name}]"));
        return None;
    };
    Some(datafile::read_grid(name, sec, errs, cols, rows))
}

/// Which set-up zone a Missouri hex is in (the `[region]` grid's U and C).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Zone {
    Union,
    Confederate,
}

struct Grids {
    terrain: Grid,
    region: Grid,
    height: Grid,
    section: Grid,
    overlay: Grid,
}

/// Reads one hex from the five grids, reporting each bad symbol.
fn read_cell(g: &Grids, legend: &HashMap<char, Terrain>, h: Hex, errs: &mut Errors) -> Option<(HexInfo, Option<Zone>)> {
    let label = h.label();
    let (tl, tc) = g.terrain.at(h.col_row())?;
    let (rl, rc) = g.region.at(h.col_row())?;
    let (hl, hc) = g.height.at(h.col_row())?;
    let (sl, sc) = g.section.at(h.col_row())?;
    let (ol, oc) = g.overlay.at(h.col_row())?;
    let terrain = legend.get(&tc).copied();
    if terrain.is_none() {
        errs.at(tl, format!("hex {label}: '{tc}' is not a symbol of the [legend]"));
    }
    let region = match rc {
        'U' => Some((Region::Missouri, Some(Zone::Union))),
        'C' => Some((Region::Missouri, Some(Zone::Confederate))),
        'M' => Some((Region::Missouri, None)),
        'K' => Some((Region::Kentucky, None)),
        '~' => Some((Region::River, None)),
        _ => {
            errs.at(rl, format!("hex {label}: region '{rc}' is not one of U C M K ~"));
            None
        }
    };
    let (terrain, (region, zone)) = (terrain?, region?);
    let river = terrain == Terrain::River;
    if river != (region == Region::River) {
        errs.at(rl, format!("hex {label}: region '{rc}' does not fit its {} terrain", terrain.key()));
    }
    let height = match (river, hc) {
        (true, '~') => Some(0),
        (true, _) => {
            errs.at(hl, format!("river hex {label} must be '~' in [height], not '{hc}'"));
            None
        }
        (false, d) if d.is_ascii_digit() => u8::try_from(d.to_digit(10).unwrap_or(0)).ok(),
        (false, _) => {
            errs.at(hl, format!("land hex {label} needs a height digit in [height], not '{hc}'"));
            None
        }
    };
    let section = match sc {
        '.' => None,
        '1'..='6' => u8::try_from(sc.to_digit(10).unwrap_or(0)).ok(),
        _ => {
            errs.at(sl, format!("hex {label}: '{sc}' is not a river section (1-6) or '.'"));
            None
        }
    };
    match (terrain, section) {
        (Terrain::River, None) if sc == '.' => errs.at(sl, format!("river hex {label} has no river section (1-6)")),
        (Terrain::Dock, None) if sc == '.' => {
            errs.at(sl, format!("dock {label} needs the river section it opens on (1-6)"));
        }
        (Terrain::River | Terrain::Dock, _) | (_, None) => {}
        (t, Some(s)) => {
            errs.at(sl, format!("hex {label} is {}, not a river or dock hex, but has river section {s}", t.key()));
        }
    }
    let (shore, slope) = match oc {
        '.' => (false, false),
        's' => (true, false),
        '^' => (false, true),
        '*' => (true, true),
        _ => {
            errs.at(ol, format!("hex {label}: overlay '{oc}' is not one of . s ^ *"));
            (false, false)
        }
    };
    if river && (shore || slope) {
        errs.at(ol, format!("river hex {label} cannot be shore or slope"));
    }
    let info = HexInfo { terrain, region, shore, slope, height: height?, river_section: section, name: None };
    Some((info, zone))
}

/// Parses a label naming a hex on the map, reporting a bad or off-map one.
fn hex_on_map(map: &Map, errs: &mut Errors, line: usize, label: &str, what: &str) -> Option<Hex> {
    datafile::hex_on_map(errs, line, label, what, map.cols(), map.rows())
}

/// The connected pieces of a set of hexes, each in discovery order.
fn pieces(hexes: &[Hex]) -> Vec<Vec<Hex>> {
    let set: BTreeSet<Hex> = hexes.iter().copied().collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for &start in hexes {
        if !seen.insert(start) {
            continue;
        }
        let mut piece = vec![start];
        let mut i = 0;
        while i < piece.len() {
            for n in piece[i].neighbours() {
                if set.contains(&n) && seen.insert(n) {
                    piece.push(n);
                }
            }
            i += 1;
        }
        out.push(piece);
    }
    out
}

fn build(sections: &Sections, errs: &mut Errors) -> Option<Map> {
    let (cols, rows) = read_size(sections, errs)?;
    let legend = read_legend(sections, errs);
    let grids = [
        read_grid("terrain", sections, errs, cols, rows),
        read_grid("region", sections, errs, cols, rows),
        read_grid("height", sections, errs, cols, rows),
        read_grid("section", sections, errs, cols, rows),
        read_grid("overlay", sections, errs, cols, rows),
    ];
    let [Some(terrain), Some(region), Some(height), Some(section), Some(overlay)] = grids else {
        return None;
    };
    let g = Grids { terrain, region, height, section, overlay };
    let header = |name: &str| sections.get(name).map_or(0, |s| s.header);

    let placeholder = Hex::new(0, 0);
    let mut map = Map {
        cells: HexGrid::new(cols, rows),
        roads: BTreeSet::new(),
        road_paths: Vec::new(),
        hunters_farm_dock: placeholder,
        belmont_dock: placeholder,
        columbus_dock: placeholder,
        camp: Vec::new(),
        entrenchments: Vec::new(),
        union_setup: BTreeSet::new(),
        confederate_setup: BTreeSet::new(),
        setup_line: Vec::new(),
        columbus: Vec::new(),
    };
    let mut zones: HashMap<Hex, Zone> = HashMap::new();
    for c in 1..=cols {
        for r in 1..=rows {
            let h = Hex::from_col_row(c, r);
            if let Some((info, zone)) = read_cell(&g, &legend, h, errs) {
                map.cells.set(h, info);
                if let Some(z) = zone {
                    zones.insert(h, z);
                }
            }
        }
    }
    check_neighbours(&map, &g, errs);
    // A row lost to a grid error would split river sections; report the row, not that.
    if map.cells.is_full() {
        check_sections(&map, &g, header("section"), errs);
    }
    collect_features(&mut map, &g, &zones, header("terrain"), header("region"), errs);
    read_docks(&mut map, sections, &g, errs);
    read_roads(&mut map, sections, errs);
    read_columbus(&mut map, sections, errs);
    read_places(&mut map, sections, errs);
    Some(map)
}

/// Checks that need a hex's neighbours: shore, slope, banks, docks.
fn check_neighbours(map: &Map, g: &Grids, errs: &mut Errors) {
    for (h, info) in map.hexes() {
        let label = h.label();
        let land_neighbours = || h.neighbours().into_iter().filter_map(|n| map.get(n).map(|i| (n, i)));
        let beside_river = land_neighbours().any(|(_, i)| i.region == Region::River);
        if info.shore && !beside_river {
            errs.at(g.overlay.line(h.col_row()), format!("shore hex {label} is not beside a river hex"));
        }
        if info.slope && !land_neighbours().any(|(_, i)| i.region != Region::River && i.height < info.height) {
            errs.at(
                g.overlay.line(h.col_row()),
                format!("slope hex {label} has no lower land beside it (a slope hex is the upper hex of a rise)"),
            );
        }
        if info.region == Region::Missouri
            && let Some((n, _)) = land_neighbours().find(|(_, i)| i.region == Region::Kentucky)
        {
            errs.at(
                g.region.line(h.col_row()),
                format!("Missouri hex {label} borders Kentucky hex {} with no river between", n.label()),
            );
        }
        if info.terrain == Terrain::Dock {
            if !beside_river {
                errs.at(g.terrain.line(h.col_row()), format!("dock {label} is not beside a river hex"));
            } else if let Some(s) = info.river_section
                && !land_neighbours().any(|(_, i)| i.region == Region::River && i.river_section == Some(s))
            {
                errs.at(
                    g.section.line(h.col_row()),
                    format!("dock {label} opens on river section {s}, but no river hex beside it is in section {s}"),
                );
            }
        }
    }
}

/// Every river section 1-6 has hexes, all in one piece.
fn check_sections(map: &Map, g: &Grids, header: usize, errs: &mut Errors) {
    for s in 1..=6 {
        let hexes = map.river_hexes_of_section(s);
        if hexes.is_empty() {
            errs.at(header, format!("river section {s} has no hexes (1.3 divides the river into six)"));
            continue;
        }
        let parts = pieces(&hexes);
        if parts.len() > 1 {
            let stray = parts[1][0];
            errs.at(
                g.section.line(stray.col_row()),
                format!("river section {s} is in {} separate pieces (one holds {})", parts.len(), stray.label()),
            );
        }
    }
}

/// Camp, entrenchments and set-up zones from the grids.
fn collect_features(
    map: &mut Map,
    g: &Grids,
    zones: &HashMap<Hex, Zone>,
    terrain_header: usize,
    region_header: usize,
    errs: &mut Errors,
) {
    let mut camp = Vec::new();
    let mut entrenchments = Vec::new();
    for (h, info) in map.hexes() {
        match info.terrain {
            Terrain::Camp if info.region != Region::Missouri => {
                errs.at(g.terrain.line(h.col_row()), format!("camp hex {} is not in Missouri", h.label()));
            }
            Terrain::Camp => camp.push(h),
            Terrain::Entrenchment if info.region != Region::Kentucky => {
                errs.at(g.terrain.line(h.col_row()), format!("entrenchment {} is not in Kentucky", h.label()));
            }
            Terrain::Entrenchment => entrenchments.push(h),
            _ => {}
        }
    }
    if camp.is_empty() {
        errs.at(terrain_header, "no camp terrain: Camp Johnston (13.0) needs at least one hex");
    } else if pieces(&camp).len() > 1 {
        errs.at(terrain_header, "Camp Johnston's hexes are not all in one piece");
    }
    if entrenchments.is_empty() {
        errs.at(terrain_header, "no entrenchment terrain: the Iron Banks batteries (2.2, 12.0) need at least one hex");
    }
    map.camp = camp;
    map.entrenchments = entrenchments;
    for (&h, &z) in zones {
        match z {
            Zone::Union => map.union_setup.insert(h),
            Zone::Confederate => map.confederate_setup.insert(h),
        };
    }
    if map.union_setup.is_empty() {
        errs.at(region_header, "no Union set-up hexes (U) in [region] (2.1)");
    }
    if map.confederate_setup.is_empty() {
        errs.at(region_header, "no Confederate set-up hexes (C) in [region] (2.2)");
    }
    let mut line = Vec::new();
    for (h, _) in map.hexes() {
        if zones.get(&h) == Some(&Zone::Union) {
            for n in h.neighbours() {
                if zones.get(&n) == Some(&Zone::Confederate) {
                    line.push((h, n));
                }
            }
        }
    }
    map.setup_line = line;
}

fn read_docks(map: &mut Map, sections: &Sections, g: &Grids, errs: &mut Errors) {
    const KEYS: [(&str, Region); 3] =
        [("hunters", Region::Missouri), ("belmont", Region::Missouri), ("columbus", Region::Kentucky)];
    let mut found: [Option<Hex>; 3] = [None; 3];
    let mut header = 0;
    if let Some(sec) = sections.get("docks") {
        header = sec.header;
        for &(no, l) in &sec.lines {
            let words: Vec<&str> = l.split_whitespace().collect();
            let [key, label] = words.as_slice() else {
                errs.at(no, format!("'{l}': a [docks] line is NAME LABEL (hunters, belmont or columbus)"));
                continue;
            };
            let Some(k) = KEYS.iter().position(|(name, _)| name == key) else {
                errs.at(no, format!("unknown dock '{key}' (expected hunters, belmont or columbus)"));
                continue;
            };
            if found[k].is_some() {
                errs.at(no, format!("the {key} dock is named twice"));
                continue;
            }
            let Some(h) = hex_on_map(map, errs, no, label, &format!("the {key} dock")) else {
                continue;
            };
            found[k] = Some(h);
            if let Some(info) = map.get(h) {
                if info.terrain != Terrain::Dock {
                    errs.at(no, format!("the {key} dock {label} is {} terrain, not dock", info.terrain.key()));
                }
                if info.region != KEYS[k].1 {
                    errs.at(no, format!("the {key} dock {label} must be in {:?}", KEYS[k].1));
                }
            }
        }
    } else {
        errs.at(0, "missing section [docks]");
    }
    for (k, (key, _)) in KEYS.iter().enumerate() {
        if found[k].is_none() {
            errs.at(header, format!("[docks] does not name the {key} dock"));
        }
    }
    let named: Vec<Hex> = found.iter().flatten().copied().collect();
    for (h, info) in map.hexes() {
        if info.terrain == Terrain::Dock && !named.contains(&h) {
            errs.at(
                g.terrain.line(h.col_row()),
                format!("dock {} is not one of the docks named in [docks]", h.label()),
            );
        }
    }
    let [hunters, belmont, columbus] = found;
    map.hunters_farm_dock = hunters.unwrap_or(map.hunters_farm_dock);
    map.belmont_dock = belmont.unwrap_or(map.belmont_dock);
    map.columbus_dock = columbus.unwrap_or(map.columbus_dock);
}

fn read_roads(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = sections.get("roads") else {
        return;
    };
    for road in datafile::read_roads(sec, errs, map.cols(), map.rows()) {
        let name = &road.name;
        let before = errs.list.len();
        for h in &road.hexes {
            match map.terrain(*h) {
                Some(Terrain::River) => errs.at(road.line, format!("road {name} runs through river hex {h}")),
                Some(Terrain::Entrenchment) => {
                    errs.at(road.line, format!("road {name} enters entrenchment {h}, which no unit may enter"));
                }
                _ => {}
            }
        }
        if errs.list.len() == before {
            map.roads.extend(road.hexes.windows(2).filter_map(|w| Hexside::new(w[0], w[1])));
            map.road_paths.push(road.hexes);
        }
    }
}

fn read_columbus(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = sections.get("columbus") else {
        errs.at(0, "missing section [columbus] (the hexes in or near Columbus, 2.2, 2.3)");
        return;
    };
    let mut out = Vec::new();
    for &(no, l) in &sec.lines {
        for label in l.split_whitespace() {
            let Some(h) = hex_on_map(map, errs, no, label, "[columbus]") else {
                continue;
            };
            match map.get(h) {
                Some(i) if i.region != Region::Kentucky => {
                    errs.at(no, format!("Columbus hex {label} is not Kentucky land"));
                }
                Some(i) if matches!(i.terrain, Terrain::Entrenchment | Terrain::Dock) => {
                    errs.at(
                        no,
                        format!("Columbus hex {label} is {}; list only hexes units may be placed in", i.terrain.key()),
                    );
                }
                _ if out.contains(&h) => errs.at(no, format!("Columbus hex {label} is listed twice")),
                _ => out.push(h),
            }
        }
    }
    if out.is_empty() {
        errs.at(sec.header, "[columbus] lists no hexes");
    }
    map.columbus = out;
}

fn read_places(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = sections.get("places") else {
        return;
    };
    for (no, label, name) in datafile::label_name_lines(sec, errs, "place") {
        let Some(h) = hex_on_map(map, errs, no, label, &format!("place {name}")) else {
            continue;
        };
        if let Some(info) = map.cells.get_mut(h) {
            if let Some(old) = &info.name {
                errs.at(no, format!("hex {label} already has the name '{old}'"));
            } else {
                info.name = Some(name.to_string());
            }
        }
    }
}

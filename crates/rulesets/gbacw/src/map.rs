//! The Belmont battlefield at the standard rules' regimental scale (3.1): terrain and ground
//! height per hex, crests, streams and the bayou on hexsides, the farm and plank roads, the
//! landings, each side's retreat edge (14.4), named places, and points off the map (Columbus).
//!
//! **Authored.** The rulebook text holds no map. `data/belmont.map` is drawn from
//! `shared/history/belmont-and-south-mountain.md` at 120 yards a hex (issue 16), from the same
//! yard grid as Belmont's own map, so the two agree; its header gives the fit. A user may
//! redraw it; [`parse`] checks every edit and reports each problem with its line.
//!
//! CONTRACT (for the rules modules): the public items below. Heights are in 5-ft units
//! ([`HEIGHT_STEP_FT`], 9.73); the charts price terrain ([`crate::authored`]), and
//! [`Map::step`] says what one step crosses in the charts' terms.

use crate::authored::Step;
use crate::terrain::{HexsideKind, Terrain};
use datafile::{DataError, Errors, Grid, Section, Sections, split_sections};
use engine::Side;
use hexmap::{Hex, HexGrid, Hexside};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::OnceLock;

/// Feet in one unit of a map's heights (9.73: the gauge works in 5-ft increments).
pub const HEIGHT_STEP_FT: u8 = 5;

/// A map edge, as printed; north is up.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Edge {
    /// Row 01.
    North,
    /// The last row.
    South,
    /// The last column.
    East,
    /// Column 01.
    West,
}

impl Edge {
    const ALL: [(Edge, &'static str); 4] =
        [(Edge::North, "north"), (Edge::South, "south"), (Edge::East, "east"), (Edge::West, "west")];

    fn from_key(key: &str) -> Option<Edge> {
        Edge::ALL.iter().find(|(_, k)| *k == key).map(|(e, _)| *e)
    }
}

/// Everything the rules need to know about one hex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HexInfo {
    /// Terrain.
    pub terrain: Terrain,
    /// Ground height in 5-ft units (9.72-9.73).
    pub height: u8,
    /// A place name, if one is printed here.
    pub name: Option<String>,
}

/// A road as drawn: one name, its hexes in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Road {
    /// The road's name ("farm").
    pub name: String,
    /// Its hexes, each adjacent to the next; lines of one name joined.
    pub hexes: Vec<Hex>,
}

/// A landing: bank hexes where boats put troops ashore or take them off.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    /// Its name ("hunters", "belmont", "confederate").
    pub name: String,
    /// Its hexes, land beside the river.
    pub hexes: Vec<Hex>,
}

/// A named point off the map, at the hex it would be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OffMap {
    /// Its name ("Columbus").
    pub name: String,
    /// The hex it would be, off the map.
    pub hex: Hex,
}

/// The whole map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// Yards between hex centres.
    pub yards_per_hex: u16,
    /// Every hex's information, 0101 to CCRR.
    pub cells: HexGrid<HexInfo>,
    /// Crests, streams and bayou on hexsides.
    pub hexsides: BTreeMap<Hexside, HexsideKind>,
    /// Hexsides a road crosses.
    pub roads: BTreeSet<Hexside>,
    /// Roads as hex sequences, in file order.
    pub road_paths: Vec<Road>,
    /// Landings, in file order.
    pub landings: Vec<Landing>,
    /// The edge each side retreats toward (14.4), by [`Side::index`].
    pub retreat: [Edge; 2],
    /// Points off the map, in file order.
    pub offmap: Vec<OffMap>,
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

    /// Whether the hex is on the map (5.17).
    #[must_use]
    pub fn contains(&self, h: Hex) -> bool {
        self.get(h).is_some()
    }

    /// Every hex with its information, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, &HexInfo)> {
        self.cells.iter()
    }

    /// The hex's terrain, if it is on the map.
    #[must_use]
    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.get(h).map(|i| i.terrain)
    }

    /// The hex's ground height in 5-ft units, if it is on the map.
    #[must_use]
    pub fn height(&self, h: Hex) -> Option<u8> {
        self.get(h).map(|i| i.height)
    }

    /// The hex's ground height in feet (9.72: ground level zero), if it is on the map.
    #[must_use]
    pub fn height_ft(&self, h: Hex) -> Option<u16> {
        self.height(h).map(|u| u16::from(u) * u16::from(HEIGHT_STEP_FT))
    }

    /// Water: pond or river.
    #[must_use]
    pub fn is_water(&self, h: Hex) -> bool {
        self.terrain(h).is_some_and(Terrain::is_water)
    }

    /// What lies on the hexside between two adjacent hexes (not roads).
    #[must_use]
    pub fn hexside(&self, a: Hex, b: Hex) -> Option<HexsideKind> {
        Hexside::new(a, b).and_then(|s| self.hexsides.get(&s).copied())
    }

    /// Whether stepping from `from` to `to` goes up a crest (9.52, 12.31, 16.22).
    #[must_use]
    pub fn crest_up(&self, from: Hex, to: Hex) -> bool {
        self.hexside(from, to) == Some(HexsideKind::Crest) && self.height(to) > self.height(from)
    }

    /// Whether a road crosses the hexside between two adjacent hexes.
    #[must_use]
    pub fn road(&self, a: Hex, b: Hex) -> bool {
        Hexside::new(a, b).is_some_and(|s| self.roads.contains(&s))
    }

    /// One step from `from` to the adjacent `to`, in the terms the charts price (5.19); `None`
    /// when `to` is off the map or not adjacent.
    #[must_use]
    pub fn step(&self, from: Hex, to: Hex) -> Option<Step> {
        let side = Hexside::new(from, to)?;
        let into = self.terrain(to)?;
        Some(Step {
            into,
            across: self.hexsides.get(&side).copied(),
            climbing: self.height(to) > self.height(from),
            road: self.roads.contains(&side),
        })
    }

    /// A landing by name.
    #[must_use]
    pub fn landing(&self, name: &str) -> Option<&Landing> {
        self.landings.iter().find(|l| l.name == name)
    }

    /// The edge `side` retreats toward (14.4).
    #[must_use]
    pub const fn retreat_edge(&self, side: Side) -> Edge {
        self.retreat[side.index()]
    }

    /// Whether the hex lies on a map edge.
    #[must_use]
    pub fn on_edge(&self, h: Hex, edge: Edge) -> bool {
        let (c, r) = h.col_row();
        self.contains(h)
            && match edge {
                Edge::North => r == 1,
                Edge::South => r == self.rows(),
                Edge::East => c == self.cols(),
                Edge::West => c == 1,
            }
    }

    /// The hex carrying a place name, if any.
    #[must_use]
    pub fn place(&self, name: &str) -> Option<Hex> {
        self.hexes().find(|(_, i)| i.name.as_deref() == Some(name)).map(|(h, _)| h)
    }

    /// The off-map hex of a named point ("Columbus").
    #[must_use]
    pub fn offmap_point(&self, name: &str) -> Option<Hex> {
        self.offmap.iter().find(|o| o.name == name).map(|o| o.hex)
    }
}

/// The name the shipped map file goes by in error reports.
pub const MAP_FILE: &str = "data/belmont.map";

/// The shipped map, `data/belmont.map`, parsed once.
///
/// # Panics
/// With the full report when the shipped file is bad (a test guarantees it is not).
#[must_use]
pub fn belmont() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| {
        parse(include_str!("../data/belmont.map"), MAP_FILE)
            .unwrap_or_else(|errors| panic!("the shipped Belmont map is invalid:\n{}", datafile::report(&errors)))
    })
}

/// Sections a map file may have; `hexsides`, `roads` and `places` may be left out.
const SECTIONS: [&str; 10] =
    ["map", "legend", "terrain", "height", "hexsides", "roads", "landings", "retreat", "places", "offmap"];

/// The landings the Belmont scenario names (its entry hexes and embarkation).
const LANDINGS: [&str; 3] = ["hunters", "belmont", "confederate"];

/// Reads a map file (the format is described at the top of `data/belmont.map`) and checks all
/// of it: the size and scale; every grid row and symbol; heights as digits; hexsides between
/// adjacent hexes on the map, once each, crests written higher hex first, streams and bayou
/// between land hexes; roads of adjacent hexes, never through water or across the bayou;
/// the landings the scenario names, on land beside the river; both sides' retreat edges; places
/// on the map; off-map points off it, Columbus among them; the river in one piece.
///
/// # Errors
/// Every problem found, each with `file` and its 1-based line (0 when a whole section is
/// missing), sorted by line.
pub fn parse(text: &str, file: &str) -> Result<Map, Vec<DataError>> {
    let mut errs = Errors::new(file);
    let sections = split_sections(text, &SECTIONS, &mut errs);
    let map = build(&sections, &mut errs);
    errs.finish(map)
}

fn section<'s, 't>(sections: &'s Sections<'t>, name: &str, errs: &mut Errors) -> Option<&'s Section<'t>> {
    let sec = sections.get(name);
    if sec.is_none() {
        errs.at(0, format!("missing section [{name}]"));
    }
    sec
}

fn read_header(sections: &Sections, errs: &mut Errors) -> Option<(i16, i16, u16)> {
    let sec = section(sections, "map", errs)?;
    let (mut size, mut yards) = (None, None);
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        match words.as_slice() {
            ["size", c, r] => match (c.parse::<i16>(), r.parse::<i16>()) {
                (Ok(c), Ok(r)) if (1..=99).contains(&c) && (1..=99).contains(&r) && size.is_none() => {
                    size = Some((c, r));
                }
                _ => errs.at(no, format!("'{l}': size is two numbers from 1 to 99, columns then rows, once")),
            },
            ["yards", y] => match y.parse::<u16>() {
                Ok(y) if y > 0 && yards.is_none() => yards = Some(y),
                _ => errs.at(no, format!("'{l}': yards is one number, the yards between hex centres, once")),
            },
            _ => errs.at(no, format!("'{l}' is not a [map] line (size COLUMNS ROWS, or yards YARDS)")),
        }
    }
    if size.is_none() {
        errs.at(sec.header, "[map] gives no 'size COLUMNS ROWS'");
    }
    if yards.is_none() {
        errs.at(sec.header, "[map] gives no 'yards YARDS' (the scale)");
    }
    let (c, r) = size?;
    Some((c, r, yards?))
}

fn read_grid(name: &str, sections: &Sections, errs: &mut Errors, cols: i16, rows: i16) -> Option<Grid> {
    let sec = section(sections, name, errs)?;
    Some(datafile::read_grid(name, sec, errs, cols, rows))
}

fn build(sections: &Sections, errs: &mut Errors) -> Option<Map> {
    let (cols, rows, yards_per_hex) = read_header(sections, errs)?;
    let legend = match section(sections, "legend", errs) {
        Some(sec) => {
            let names = Terrain::ALL.map(Terrain::key).join(", ");
            datafile::read_legend(sec, errs, |name| {
                Terrain::from_key(name).ok_or_else(|| format!("unknown terrain '{name}' (known: {names})"))
            })
        }
        None => HashMap::new(),
    };
    let terrain = read_grid("terrain", sections, errs, cols, rows);
    let height = read_grid("height", sections, errs, cols, rows);
    let (terrain, height) = (terrain?, height?);
    let mut cells = HexGrid::new(cols, rows);
    for c in 1..=cols {
        for r in 1..=rows {
            let h = Hex::from_col_row(c, r);
            let (Some((tl, tc)), Some((hl, hc))) = (terrain.at((c, r)), height.at((c, r))) else {
                continue;
            };
            let t = legend.get(&tc).copied();
            if t.is_none() {
                errs.at(tl, format!("hex {h}: '{tc}' is not a symbol of the [legend]"));
            }
            let ht = hc.to_digit(10).and_then(|d| u8::try_from(d).ok());
            if ht.is_none() {
                errs.at(hl, format!("hex {h}: height '{hc}' is not a digit (5-ft units)"));
            }
            if let (Some(terrain), Some(height)) = (t, ht) {
                cells.set(h, HexInfo { terrain, height, name: None });
            }
        }
    }
    let mut map = Map {
        yards_per_hex,
        cells,
        hexsides: BTreeMap::new(),
        roads: BTreeSet::new(),
        road_paths: Vec::new(),
        landings: Vec::new(),
        retreat: [Edge::North, Edge::North],
        offmap: Vec::new(),
    };
    let full = map.cells.is_full();
    if full {
        check_river(&map, &terrain, sections, errs);
    }
    read_hexsides(&mut map, sections, errs);
    read_roads(&mut map, sections, errs);
    read_landings(&mut map, sections, errs);
    read_retreat(&mut map, sections, errs);
    read_places(&mut map, sections, errs);
    read_offmap(&mut map, sections, errs);
    Some(map)
}

/// The river is one piece, so gunboats can go from one end to the other.
fn check_river(map: &Map, grid: &Grid, sections: &Sections, errs: &mut Errors) {
    let river: BTreeSet<Hex> = map.hexes().filter(|(_, i)| i.terrain == Terrain::River).map(|(h, _)| h).collect();
    let Some(&start) = river.iter().next() else {
        return;
    };
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some(h) = stack.pop() {
        for n in h.neighbours() {
            if river.contains(&n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    if let Some(stray) = river.iter().find(|h| !seen.contains(h)) {
        let line = grid.line(stray.col_row());
        let line = if line == 0 { sections.get("terrain").map_or(0, |s| s.header) } else { line };
        errs.at(line, format!("river hex {stray} is cut off from the rest of the river"));
    }
}

fn on_map(map: &Map, errs: &mut Errors, line: usize, label: &str, what: &str) -> Option<Hex> {
    datafile::hex_on_map(errs, line, label, what, map.cols(), map.rows())
}

fn read_hexsides(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = sections.get("hexsides") else {
        return;
    };
    let mut first: HashMap<Hexside, usize> = HashMap::new();
    for &(no, l) in &sec.lines {
        let Some((kind, rest)) = l.split_once(':') else {
            errs.at(no, format!("'{l}': a hexside line is KIND: A-B A-B ... (crest, stream or bayou)"));
            continue;
        };
        let Some(kind) = HexsideKind::from_key(kind.trim()) else {
            errs.at(no, format!("unknown hexside kind '{}' (crest, stream or bayou)", kind.trim()));
            continue;
        };
        for pair in rest.split_whitespace() {
            let Some((a, b)) = pair.split_once('-') else {
                errs.at(no, format!("'{pair}' is not a hexside (write A-B)"));
                continue;
            };
            let what = format!("{} {pair}", kind.key());
            let (Some(a), Some(b)) = (on_map(map, errs, no, a, &what), on_map(map, errs, no, b, &what)) else {
                continue;
            };
            let Some(side) = Hexside::new(a, b) else {
                errs.at(no, format!("{what}: {a} and {b} are not adjacent"));
                continue;
            };
            if let Some(at) = first.get(&side) {
                errs.at(no, format!("{what}: that hexside is already given (line {at})"));
                continue;
            }
            first.insert(side, no);
            // Hexes whose grid cells did not read are reported there, not here.
            match (kind, map.height(a), map.height(b)) {
                (HexsideKind::Crest, Some(ha), Some(hb)) if ha <= hb => {
                    errs.at(no, format!("crest {pair}: {a} ({ha}) must be higher than {b} ({hb}); write HIGH-LOW"));
                }
                (HexsideKind::Stream | HexsideKind::Bayou, _, _) if map.is_water(a) || map.is_water(b) => {
                    errs.at(no, format!("{what} touches water; a {} runs between land hexes", kind.key()));
                }
                _ => {}
            }
            map.hexsides.insert(side, kind);
        }
    }
}

fn read_roads(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = sections.get("roads") else {
        return;
    };
    for road in datafile::read_roads(sec, errs, map.cols(), map.rows()) {
        let name = &road.name;
        let before = errs.list.len();
        for h in &road.hexes {
            if map.is_water(*h) {
                errs.at(road.line, format!("road {name} runs through water at {h}"));
            }
        }
        for w in road.hexes.windows(2) {
            if map.hexside(w[0], w[1]) == Some(HexsideKind::Bayou) {
                errs.at(road.line, format!("road {name} crosses the bayou at {}-{}, which is impassable", w[0], w[1]));
            }
        }
        if errs.list.len() > before {
            continue;
        }
        map.roads.extend(road.hexes.windows(2).filter_map(|w| Hexside::new(w[0], w[1])));
        match map.road_paths.iter_mut().find(|r| r.name == *name) {
            Some(r) if r.hexes.last() == road.hexes.first() => r.hexes.extend(&road.hexes[1..]),
            Some(_) => errs.at(road.line, format!("road {name} goes on, but not from where its last line ended")),
            None => map.road_paths.push(Road { name: name.clone(), hexes: road.hexes }),
        }
    }
}

fn read_landings(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = section(sections, "landings", errs) else {
        return;
    };
    for &(no, l) in &sec.lines {
        let Some((name, rest)) = l.split_once(':') else {
            errs.at(no, format!("'{l}': a landing line is NAME: LABEL ..."));
            continue;
        };
        let name = name.trim();
        if map.landing(name).is_some() {
            errs.at(no, format!("landing {name} is given twice"));
            continue;
        }
        let mut hexes = Vec::new();
        for label in rest.split_whitespace() {
            let Some(h) = on_map(map, errs, no, label, &format!("landing {name}")) else {
                continue;
            };
            let beside_river = h.neighbours().into_iter().any(|n| map.terrain(n) == Some(Terrain::River));
            if map.contains(h) && (map.is_water(h) || !beside_river) {
                errs.at(no, format!("landing {name}: {h} is not a land hex on the river bank"));
            }
            hexes.push(h);
        }
        if hexes.is_empty() {
            errs.at(no, format!("landing {name} has no hexes"));
        }
        map.landings.push(Landing { name: name.to_string(), hexes });
    }
    for name in LANDINGS {
        if map.landing(name).is_none() {
            errs.at(sec.header, format!("no landing '{name}' (the scenario lands and embarks there)"));
        }
    }
}

fn read_retreat(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = section(sections, "retreat", errs) else {
        return;
    };
    let mut got: [Option<Edge>; 2] = [None, None];
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        let [side, edge] = words.as_slice() else {
            errs.at(no, format!("'{l}': a retreat line is SIDE EDGE (union north)"));
            continue;
        };
        let Some(side) = Side::BOTH.into_iter().find(|s| s.name() == *side) else {
            errs.at(no, format!("'{side}' is not a side (union or confederate)"));
            continue;
        };
        let Some(edge) = Edge::from_key(edge) else {
            errs.at(no, format!("'{edge}' is not an edge (north, south, east or west)"));
            continue;
        };
        if got[side.index()].replace(edge).is_some() {
            errs.at(no, format!("the {} retreat edge is given twice", side.name()));
        }
    }
    for side in Side::BOTH {
        match got[side.index()] {
            Some(e) => map.retreat[side.index()] = e,
            None => errs.at(sec.header, format!("no retreat edge for the {} side (14.4)", side.name())),
        }
    }
}

fn read_places(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = sections.get("places") else {
        return;
    };
    for (no, label, name) in datafile::label_name_lines(sec, errs, "place") {
        let Some(h) = on_map(map, errs, no, label, &format!("place {name}")) else {
            continue;
        };
        if let Some(info) = map.cells.get_mut(h) {
            match &info.name {
                Some(old) => errs.at(no, format!("hex {label} already has the name '{old}'")),
                None => info.name = Some(name.to_string()),
            }
        }
    }
}

fn read_offmap(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = section(sections, "offmap", errs) else {
        return;
    };
    for (no, label, name) in datafile::label_name_lines(sec, errs, "off-map point") {
        match Hex::from_label(label) {
            Err(e) => errs.at(no, format!("off-map point {name}: {e}")),
            Ok(h) if map.contains(h) => errs.at(no, format!("off-map point {name}: {h} is on the map")),
            Ok(hex) => map.offmap.push(OffMap { name: name.to_string(), hex }),
        }
    }
    if map.offmap_point("Columbus").is_none() {
        errs.at(sec.header, "no off-map point 'Columbus' (its heavy guns fire from there)");
    }
}

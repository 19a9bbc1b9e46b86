//! The South Mountain map (Fire on the Mountain 1.1 and the terrain of 13.2 and 15.3): terrain
//! and elevation level per hex, roads on hexsides, entry hexes, place names, and the map edge
//! that is geographic west.
//!
//! **Authored.** The published map is not in the rulebook text. `data/south-mountain.map` is
//! drawn from `shared/history/belmont-and-south-mountain.md` at 300 yards a hex, with **west at
//! the top** so that the labels the rules name fit the ground: Fox's Gap is 1607, Turner's Gap
//! 2405, and the key hex 2601 is the National Road's exit toward Boonsboro (8.5, 18.1). A user
//! who owns the published game can edit that file; [`parse`] checks all of it.
//!
//! CONTRACT (for the rules modules): the public items below. Hexmap's directions are map
//! directions: its "north" (up the page) is geographic west here. Use [`Map::eastward`] and
//! [`Map::west_edge`] for the rules' compass words (8.5, 11.3).

use crate::data::DataError;
use datafile::{Errors, Grid, Section, Sections, split_sections};
use engine::Side;
use hexmap::{Hex, HexGrid, Hexside};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

/// Fox's Gap, hex 1607 (8.5, 18.1).
pub const FOX_GAP: &str = "1607";
/// Turner's Gap, hex 2405 (8.5, 18.1).
pub const TURNERS_GAP: &str = "2405";
/// The hex worth 5 VP to its controller (18.1).
pub const KEY_HEX: &str = "2601";
/// The terrain types of 13.2 and 15.3. Roads (13.2, 13.3) lie on hexsides, in [`Map::roads`];
/// elevation and steep hillsides come from [`HexInfo::elevation`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Terrain {
    /// Clear (13.2: 1 MP; 15.3: no effect).
    Clear,
    /// Woods (13.2: infantry 2 MP, others 3 MP and stop; 15.3: the defender's re-roll, no
    /// mounted assault; 9.5: blocks LOS).
    Woods,
}

impl Terrain {
    /// Every terrain type, in the order of 13.2.
    pub const ALL: [Terrain; 2] = [Terrain::Clear, Terrain::Woods];

    /// The name of this terrain in a map file's `[legend]`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Terrain::Clear => "clear",
            Terrain::Woods => "woods",
        }
    }

    /// The terrain a `[legend]` name stands for.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Terrain> {
        Terrain::ALL.into_iter().find(|t| t.key() == key)
    }
}

/// A map edge, as printed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Edge {
    /// Row 01.
    Top,
    /// The last row.
    Bottom,
    /// Column 01.
    Left,
    /// The last column.
    Right,
}

impl Edge {
    const ALL: [(Edge, &'static str); 4] =
        [(Edge::Top, "top"), (Edge::Bottom, "bottom"), (Edge::Left, "left"), (Edge::Right, "right")];

    fn from_key(key: &str) -> Option<Edge> {
        Edge::ALL.iter().find(|(_, k)| *k == key).map(|(e, _)| *e)
    }
}

/// One elevation level and the band of ground it stands for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Level {
    /// The level number (0 is the lowest).
    pub level: u8,
    /// Lowest elevation in the band, feet (inclusive).
    pub from_ft: u16,
    /// Top of the band, feet (exclusive).
    pub to_ft: u16,
    /// What the band is ("valley floor").
    pub name: String,
}

/// Everything the rules need to know about one hex.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HexInfo {
    /// Terrain type.
    pub terrain: Terrain,
    /// Elevation level (see [`Map::levels`]).
    pub elevation: u8,
    /// A place name, if one is printed here.
    pub name: Option<String>,
}

/// A road as drawn: one line of the `[roads]` section.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Road {
    /// The road's name ("National Road").
    pub name: String,
    /// Its hexes in order, each adjacent to the next.
    pub hexes: Vec<Hex>,
}

/// A reinforcement entry hex (14.1, 14.2), also where routed brigades and guards leave the map
/// (17.4, 17.5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Short name, used by the order of battle ("national", "boonsboro").
    pub name: String,
    /// The side whose units enter here.
    pub side: Side,
    /// The hex, on the map edge and on a road.
    pub hex: Hex,
}

/// The whole map.
#[derive(Clone, Debug, PartialEq)]
pub struct Map {
    /// The printed edge that is geographic west (8.5's "West edge").
    pub west: Edge,
    /// The elevation levels, lowest first; `levels[i].level == i`.
    pub levels: Vec<Level>,
    /// Every hex's information, 0101 to CCRR.
    pub cells: HexGrid<HexInfo>,
    /// Hexsides a road crosses.
    pub roads: BTreeSet<Hexside>,
    /// Roads as hex sequences, in file order.
    pub road_paths: Vec<Road>,
    /// Entry hexes, in file order.
    pub entries: Vec<Entry>,
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

    /// Whether the hex is on the map.
    #[must_use]
    pub fn contains(&self, h: Hex) -> bool {
        self.get(h).is_some()
    }

    /// Every hex on the map with its information, column by column.
    pub fn hexes(&self) -> impl Iterator<Item = (Hex, &HexInfo)> {
        self.cells.iter()
    }

    /// The hex's terrain, if it is on the map.
    #[must_use]
    pub fn terrain(&self, h: Hex) -> Option<Terrain> {
        self.get(h).map(|i| i.terrain)
    }

    /// The hex's elevation level, if it is on the map.
    #[must_use]
    pub fn elevation(&self, h: Hex) -> Option<u8> {
        self.get(h).map(|i| i.elevation)
    }

    /// The band of an elevation level.
    #[must_use]
    pub fn level(&self, level: u8) -> Option<&Level> {
        self.levels.get(usize::from(level))
    }

    /// The number of levels the elevation changes between two hexes (13.2, 6.1, 9.3), if both
    /// are on the map. Meant for adjacent hexes, but any two will do.
    #[must_use]
    pub fn elevation_change(&self, a: Hex, b: Hex) -> Option<u8> {
        Some(self.elevation(a)?.abs_diff(self.elevation(b)?))
    }

    /// 13.2 Steep Hillside. Reading: the change is measured across the hex, between two
    /// opposite neighbours, one above the hex and one below it: a hex is a steep hillside when
    /// it has such a pair (which always differs by two levels or more) (the hex lies within a slope that climbs at least two
    /// levels in the span of three hexes). "Two or three" names the changes a one-hex span has on
    /// the printed map; the two hexes here whose span is four levels (0908, 2805) are steeper
    /// still, so they count too. The earlier reading (each side two or three levels from the hex,
    /// four to six across) marked three hexes of the map and none on the approaches, and gave
    /// the rule almost nothing the two-level row did not already charge.
    #[must_use]
    pub fn steep_hillside(&self, h: Hex) -> bool {
        let Some(e) = self.elevation(h) else {
            return false;
        };
        hexmap::Direction::ALL.into_iter().any(|d| {
            let (Some(up), Some(down)) = (self.elevation(h.neighbour(d)), self.elevation(h.neighbour(d.opposite())))
            else {
                return false;
            };
            up > e && e > down
        })
    }

    /// Whether a road crosses the hexside between two adjacent hexes (13.2, 13.3).
    #[must_use]
    pub fn road(&self, a: Hex, b: Hex) -> bool {
        Hexside::new(a, b).is_some_and(|s| self.roads.contains(&s))
    }

    /// Whether a road runs through the hex.
    #[must_use]
    pub fn is_road_hex(&self, h: Hex) -> bool {
        h.neighbours().into_iter().any(|n| self.road(h, n))
    }

    /// Whether the hex lies on the printed edge `edge`.
    #[must_use]
    pub fn on_edge(&self, h: Hex, edge: Edge) -> bool {
        let (c, r) = h.col_row();
        self.cells.index(h).is_some()
            && match edge {
                Edge::Top => r == 1,
                Edge::Bottom => r == self.rows(),
                Edge::Left => c == 1,
                Edge::Right => c == self.cols(),
            }
    }

    /// Whether the hex lies on any map edge.
    #[must_use]
    pub fn on_any_edge(&self, h: Hex) -> bool {
        [Edge::Top, Edge::Bottom, Edge::Left, Edge::Right].into_iter().any(|e| self.on_edge(h, e))
    }

    /// The hexes of the geographic west edge (8.5), in label order.
    #[must_use]
    pub fn west_edge(&self) -> Vec<Hex> {
        self.hexes().map(|(h, _)| h).filter(|&h| self.on_edge(h, self.west)).collect()
    }

    /// How far east the hex's centre lies, in hex radii from the west edge's side of the map
    /// (larger is further east). Compares positions for "further West" (11.3) and "the West edge"
    /// (8.5) whichever way the map is printed.
    #[must_use]
    pub fn eastward(&self, h: Hex) -> f64 {
        let (x, y) = h.centre();
        match self.west {
            Edge::Top => y,
            Edge::Bottom => -y,
            Edge::Left => x,
            Edge::Right => -x,
        }
    }

    /// The hex carrying a place name, if any (`"Fox's Gap"`).
    #[must_use]
    pub fn place(&self, name: &str) -> Option<Hex> {
        self.hexes().find(|(_, i)| i.name.as_deref() == Some(name)).map(|(h, _)| h)
    }

    /// The entry hex with this name.
    #[must_use]
    pub fn entry(&self, name: &str) -> Option<&Entry> {
        self.entries.iter().find(|e| e.name == name)
    }

    /// The entry hexes of one side, in file order.
    #[must_use]
    pub fn entries_of(&self, side: Side) -> Vec<&Entry> {
        self.entries.iter().filter(|e| e.side == side).collect()
    }

    /// Fox's Gap (8.5, 18.1).
    #[must_use]
    pub fn fox_gap(&self) -> Hex {
        rule_hex(FOX_GAP)
    }

    /// Turner's Gap (8.5, 18.1).
    #[must_use]
    pub fn turners_gap(&self) -> Hex {
        rule_hex(TURNERS_GAP)
    }

    /// The 5 VP hex (18.1).
    #[must_use]
    pub fn key_hex(&self) -> Hex {
        rule_hex(KEY_HEX)
    }
}

fn rule_hex(label: &str) -> Hex {
    Hex::from_label(label).expect("the rules' labels are valid")
}

/// The name the shipped map file goes by in error reports.
pub const MAP_FILE: &str = "data/south-mountain.map";

/// The shipped map, `data/south-mountain.map`, parsed once.
///
/// # Panics
/// If the shipped file has a problem, with the full report (a test guarantees it has none).
#[must_use]
pub fn south_mountain() -> &'static Map {
    static MAP: OnceLock<Map> = OnceLock::new();
    MAP.get_or_init(|| match parse(include_str!("../data/south-mountain.map"), MAP_FILE) {
        Ok(map) => map,
        Err(errors) => panic!("the shipped South Mountain map is invalid:\n{}", crate::data::report(&errors)),
    })
}

/// Reads a map file (the format is described at the top of `data/south-mountain.map`) and checks
/// all of it: sizes, levels, legend, both grids, roads (adjacent steps), entries (on the edge and
/// on a road), places, and what the rules need of it (Fox's Gap on 1607 and Turner's Gap on
/// 2405, both road hexes; 2601 on the map; a west edge).
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

// ------------------------------------------------------------------------------------------
// The parser.

const SECTIONS: [&str; 8] = ["map", "levels", "legend", "terrain", "elevation", "roads", "entries", "places"];

fn section<'s, 't>(sections: &'s Sections<'t>, name: &str, errs: &mut Errors, what: &str) -> Option<&'s Section<'t>> {
    let s = sections.get(name);
    if s.is_none() {
        errs.at(0, format!("missing section [{name}] ({what})"));
    }
    s
}

fn read_map_section(sections: &Sections, errs: &mut Errors) -> Option<(i16, i16, Edge)> {
    let sec = section(sections, "map", errs, "'size COLUMNS ROWS' and 'west EDGE'")?;
    let (mut size, mut west) = (None, None);
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        match words.as_slice() {
            ["size", c, r] => match (c.parse::<i16>(), r.parse::<i16>()) {
                (Ok(c), Ok(r)) if (1..=99).contains(&c) && (1..=99).contains(&r) => size = Some((c, r)),
                _ => errs.at(no, format!("'{l}': size needs two numbers from 1 to 99 (labels are two digits each)")),
            },
            ["west", e] => match Edge::from_key(e) {
                Some(e) => west = Some(e),
                None => errs.at(no, format!("'{e}' is not a map edge (top, bottom, left or right)")),
            },
            _ => errs.at(no, format!("'{l}': a [map] line is 'size COLUMNS ROWS' or 'west EDGE'")),
        }
    }
    if size.is_none() {
        errs.at(sec.header, "[map] gives no 'size COLUMNS ROWS'");
    }
    if west.is_none() {
        errs.at(sec.header, "[map] gives no 'west EDGE' (8.5 and 11.3 need the West edge)");
    }
    let (c, r) = size?;
    Some((c, r, west?))
}

fn read_levels(sections: &Sections, errs: &mut Errors) -> Vec<Level> {
    let Some(sec) = section(sections, "levels", errs, "LEVEL FROM TO NAME for each elevation level") else {
        return Vec::new();
    };
    let mut levels: Vec<Level> = Vec::new();
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        let [level, from, to, name @ ..] = words.as_slice() else {
            errs.at(no, format!("'{l}': a [levels] line is LEVEL FROM TO NAME (feet)"));
            continue;
        };
        let (Ok(level), Ok(from), Ok(to)) = (level.parse::<u8>(), from.parse::<u16>(), to.parse::<u16>()) else {
            errs.at(no, format!("'{l}': LEVEL, FROM and TO must be whole numbers"));
            continue;
        };
        let expected = levels.len();
        if usize::from(level) != expected {
            errs.at(no, format!("level {level} is out of order: level {expected} belongs here (lowest first, from 0)"));
            continue;
        }
        if level > 9 {
            errs.at(no, "the [elevation] grid has one digit a hex: at most ten levels, 0-9");
            continue;
        }
        if from >= to {
            errs.at(no, format!("level {level}: its band {from}-{to} ft is empty"));
        }
        if let Some(prev) = levels.last()
            && prev.to_ft != from
        {
            errs.at(
                no,
                format!("level {level} starts at {from} ft but level {} ends at {} ft", prev.level, prev.to_ft),
            );
        }
        if name.is_empty() {
            errs.at(no, format!("level {level} has no name"));
        }
        levels.push(Level { level, from_ft: from, to_ft: to, name: name.join(" ") });
    }
    if levels.is_empty() {
        errs.at(sec.header, "[levels] defines no levels");
    }
    levels
}

fn read_legend(sections: &Sections, errs: &mut Errors) -> HashMap<char, Terrain> {
    let Some(sec) = section(sections, "legend", errs, "SYMBOL TERRAIN lines") else {
        return HashMap::new();
    };
    let names = Terrain::ALL.map(Terrain::key).join(", ");
    datafile::read_legend(sec, errs, |name| {
        Terrain::from_key(name).ok_or_else(|| format!("unknown terrain '{name}' (the rules know: {names})"))
    })
}

fn read_grid(name: &str, sections: &Sections, errs: &mut Errors, cols: i16, rows: i16) -> Option<Grid> {
    let sec = section(sections, name, errs, "one line per map row")?;
    Some(datafile::read_grid(name, sec, errs, cols, rows))
}

/// Parses a label naming a hex on the map, reporting a bad or off-map one.
fn hex_on_map(map: &Map, errs: &mut Errors, line: usize, label: &str, what: &str) -> Option<Hex> {
    datafile::hex_on_map(errs, line, label, what, map.cols(), map.rows())
}

fn build(sections: &Sections, errs: &mut Errors) -> Option<Map> {
    let map_sec = read_map_section(sections, errs);
    let levels = read_levels(sections, errs);
    let legend = read_legend(sections, errs);
    let (cols, rows, west) = map_sec?;
    let terrain = read_grid("terrain", sections, errs, cols, rows);
    let elevation = read_grid("elevation", sections, errs, cols, rows);
    let (terrain, elevation) = (terrain?, elevation?);

    let mut map = Map {
        west,
        levels,
        cells: HexGrid::new(cols, rows),
        roads: BTreeSet::new(),
        road_paths: Vec::new(),
        entries: Vec::new(),
    };
    for c in 1..=cols {
        for r in 1..=rows {
            let h = Hex::from_col_row(c, r);
            let label = h.label();
            let t = terrain.at(h.col_row()).and_then(|(line, ch)| {
                let t = legend.get(&ch).copied();
                if t.is_none() && !legend.is_empty() {
                    errs.at(line, format!("hex {label}: '{ch}' is not a symbol of the [legend]"));
                }
                t
            });
            let e = elevation.at(h.col_row()).and_then(|(line, ch)| {
                let e = ch.to_digit(10).and_then(|d| u8::try_from(d).ok());
                match e {
                    None => errs.at(line, format!("hex {label}: elevation '{ch}' is not a digit")),
                    Some(d) if usize::from(d) >= map.levels.len() && !map.levels.is_empty() => errs.at(
                        line,
                        format!("hex {label}: elevation {d} is not a level of [levels] (0-{})", map.levels.len() - 1),
                    ),
                    Some(_) => {}
                }
                e
            });
            if let (Some(terrain), Some(elevation)) = (t, e) {
                map.cells.set(h, HexInfo { terrain, elevation, name: None });
            }
        }
    }
    read_roads(&mut map, sections, errs);
    read_entries(&mut map, sections, errs);
    read_places(&mut map, sections, errs);
    check_rule_hexes(&map, sections, errs);
    Some(map)
}

fn read_roads(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = section(sections, "roads", errs, "NAME: LABEL LABEL ... for each road") else {
        return;
    };
    for road in datafile::read_roads(sec, errs, map.cols(), map.rows()) {
        map.roads.extend(road.hexes.windows(2).filter_map(|w| Hexside::new(w[0], w[1])));
        map.road_paths.push(Road { name: road.name, hexes: road.hexes });
    }
    if map.road_paths.is_empty() && sec.lines.is_empty() {
        errs.at(sec.header, "[roads] lists no roads");
    }
}

fn read_entries(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = section(sections, "entries", errs, "NAME SIDE LABEL for each entry hex (14.2)") else {
        return;
    };
    for &(no, l) in &sec.lines {
        let words: Vec<&str> = l.split_whitespace().collect();
        let [name, side, label] = words.as_slice() else {
            errs.at(no, format!("'{l}': an [entries] line is NAME SIDE LABEL"));
            continue;
        };
        let side = match *side {
            "union" => Side::Union,
            "confederate" => Side::Confederate,
            other => {
                errs.at(no, format!("entry {name}: side '{other}' is not union or confederate"));
                continue;
            }
        };
        if map.entry(name).is_some() {
            errs.at(no, format!("entry {name} is named twice"));
            continue;
        }
        let Some(hex) = hex_on_map(map, errs, no, label, &format!("entry {name}")) else {
            continue;
        };
        if !map.on_any_edge(hex) {
            errs.at(no, format!("entry {name}: hex {label} is not on the map edge (14.2)"));
        }
        if !map.is_road_hex(hex) {
            errs.at(no, format!("entry {name}: hex {label} is not on a road (14.2 enters in road column)"));
        }
        map.entries.push(Entry { name: (*name).to_string(), side, hex });
    }
    for side in Side::BOTH {
        if map.entries_of(side).is_empty() {
            errs.at(sec.header, format!("[entries] names no {} entry hex (14.1)", side.name()));
        }
    }
}

fn read_places(map: &mut Map, sections: &Sections, errs: &mut Errors) {
    let Some(sec) = section(sections, "places", errs, "LABEL NAME lines") else {
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

/// What the rules need of any South Mountain map (8.5, 18.1).
fn check_rule_hexes(map: &Map, sections: &Sections, errs: &mut Errors) {
    let places = sections.get("places").map_or(0, |s| s.header);
    let line_of = |label: &str| {
        sections
            .get("places")
            .and_then(|s| s.lines.iter().find(|(_, l)| l.split_whitespace().next() == Some(label)))
            .map_or(places, |(no, _)| *no)
    };
    for (label, name) in [(FOX_GAP, "Fox's Gap"), (TURNERS_GAP, "Turner's Gap")] {
        let h = rule_hex(label);
        let line = line_of(label);
        if map.cells.index(h).is_none() {
            errs.at(line, format!("{name} is hex {label} (8.5, 18.1), which is off the map"));
            continue;
        }
        if !map.contains(h) {
            // Its row was not read; that problem is reported already.
            continue;
        }
        match map.place(name) {
            Some(at) if at == h => {}
            Some(at) => errs.at(line_of(&at.label()), format!("{name} must be hex {label} (18.1), not {}", at.label())),
            None => errs.at(line, format!("no place is named {name}: 18.1 puts it on hex {label}")),
        }
        if !map.road_paths.is_empty() && !map.is_road_hex(h) {
            errs.at(line, format!("{name} ({label}) is a pass: a road must run through it"));
        }
    }
    if map.cells.index(rule_hex(KEY_HEX)).is_none() {
        errs.at(line_of(KEY_HEX), format!("hex {KEY_HEX} (18.1) is off the map"));
    }
}

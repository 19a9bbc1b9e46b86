//! The authored Belmont map at 120 yards a hex, `data/belmont.map`: it parses and says it is
//! authored, its scale is the charts', the history's places sit where its yard-grid fit puts
//! them and where Belmont's own map has them, the ground works under the charts (the bayou
//! stops men where wet, the roads join the landings, Pillow's ridge faces the Union with
//! crests, Columbus's guns reach the bank), and the loader reports every problem in a broken
//! copy with its line.

use datafile::DataError;
use datafile::testing::{edit, grid_line, line_starting, set_symbol};
use engine::Side;
use gbacw::authored::{self, Cost, Mover};
use gbacw::map::{self, Edge, HEIGHT_STEP_FT, MAP_FILE, Map};
use gbacw::terrain::{HexsideKind, Terrain};
use hexmap::Hex;
use std::collections::{BTreeSet, HashMap, HashSet};

const TEXT: &str = include_str!("../data/belmont.map");
const BELMONT: &str = include_str!("../../belmont/data/belmont.map");

fn m() -> &'static Map {
    map::belmont()
}

fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("label")
}

/// The header's fit: a hex's centre in the history's yard grid.
fn yards(h: Hex) -> (f64, f64) {
    let (c, r) = h.col_row();
    let x = f64::from(c - 21) * 104.0;
    let y = f64::from(33 - r) * 120.0 - if c % 2 == 0 { 60.0 } else { 0.0 };
    (x, y)
}

/// The hex of this map whose centre is nearest a yard position.
fn at_yards(x: f64, y: f64) -> Hex {
    m().hexes()
        .map(|(h, _)| h)
        .min_by_key(|&h| {
            let (hx, hy) = yards(h);
            ((hx - x).powi(2) + (hy - y).powi(2)) as i64
        })
        .expect("a hex")
}

/// A hex of Belmont's own map (140 yd a hex; its header's fit) in the yard grid.
fn belmont_yards(h: Hex) -> (f64, f64) {
    let (c, r) = h.col_row();
    (f64::from(c - 20) * 121.0, f64::from(29 - r) * 140.0 + if c % 2 == 1 { 70.0 } else { 0.0 })
}

#[test]
fn shipped_map_parses_and_says_it_is_authored() {
    let parsed = map::parse(TEXT, MAP_FILE).unwrap_or_else(|e| panic!("{}", datafile::report(&e)));
    assert_eq!(&parsed, m());
    assert!(TEXT.contains("THIS MAP IS AUTHORED from the historical geography, not the published map."));
    assert!(TEXT.contains("belmont-and-south-mountain.md"));
    assert!(TEXT.contains("column = 21 + x / 104        row = 33 - y / 120"), "the yard-grid fit");
}

#[test]
fn size_and_scale_are_the_charts() {
    let map = m();
    assert_eq!((map.cols(), map.rows()), (28, 40));
    assert!(map.cells.is_full());
    let charts = authored::standard();
    assert_eq!(map.yards_per_hex, charts.scale.yards_per_hex);
    assert_eq!(HEIGHT_STEP_FT, charts.gauge().step_ft);
    assert!(!map.contains(hex("2901")) && !map.contains(hex("0141")));
}

#[test]
fn history_places_sit_where_the_fit_puts_them() {
    // (place, x, y) from the history's "Belmont geography" table.
    let places = [
        ("Camp Johnston", 0.0, 0.0),
        ("Belmont landing", 300.0, -200.0),
        ("Open field", -400.0, 0.0),
        ("Pond", -1300.0, -300.0),
        ("Bayou", -1200.0, 1900.0),
        ("First Union line", -1200.0, 2000.0),
        ("Confederate landing", 300.0, 900.0),
        ("Hunter's Farm landing", 0.0, 3500.0),
    ];
    for (name, x, y) in places {
        let h = m().place(name).unwrap_or_else(|| panic!("no place {name}"));
        assert!(h.distance(at_yards(x, y)) <= 1, "{name} at {h}, the fit says {}", at_yards(x, y));
    }
    assert_eq!(m().place("Camp Johnston"), Some(hex("2133")), "(0, 0)");
    assert_eq!(m().terrain(hex("2133")), Some(Terrain::Camp));
    // Pillow's line runs (-600, -300) to (0, +500) along the ridge.
    for (x, y) in [(-600.0, -300.0), (0.0, 500.0)] {
        let near = at_yards(x, y);
        assert!(m().hexes().any(|(h, i)| i.height == 2 && h.distance(near) <= 1), "the ridge near ({x}, {y})");
    }
    // Columbus stands off the east edge, about 1,900 yd east of the camp.
    let columbus = m().offmap_point("Columbus").expect("Columbus");
    assert!(!m().contains(columbus));
    assert_eq!(columbus.col_row(), (39, 33));
}

/// Belmont's own map's grid of one section, by hex.
fn belmont_grid(name: &str) -> HashMap<Hex, char> {
    let mut errs = datafile::Errors::new("belmont.map");
    let known: &[&'static str] =
        &["map", "legend", "terrain", "region", "height", "section", "overlay", "roads", "docks", "columbus", "places"];
    let sections = datafile::split_sections(BELMONT, known, &mut errs);
    let grid = datafile::read_grid(name, &sections[name], &mut errs, 40, 42);
    assert!(errs.list.is_empty(), "{}", datafile::report(&errs.list));
    let mut out = HashMap::new();
    for c in 1..=40 {
        for r in 1..=42 {
            out.insert(Hex::from_col_row(c, r), grid.at((c, r)).expect("cell").1);
        }
    }
    out
}

#[test]
fn map_agrees_with_belmonts_own_map() {
    let terrain = belmont_grid("terrain");
    let nearest_belmont = |h: Hex| {
        let (x, y) = yards(h);
        *terrain
            .keys()
            .min_by_key(|&&b| {
                let (bx, by) = belmont_yards(b);
                ((bx - x).powi(2) + (by - y).powi(2)) as i64
            })
            .expect("a hex")
    };
    // Water and land agree hex by hex, but for a few along the bank.
    let (mut agree, mut total) = (0, 0);
    for (h, info) in m().hexes() {
        let theirs = terrain[&nearest_belmont(h)] == '~';
        total += 1;
        agree += usize::from(theirs == (info.terrain == Terrain::River));
    }
    assert!(agree * 100 >= total * 97, "{agree} of {total} hexes agree on the river");
    // Belmont's named hexes, carried across the yard grid, land on or beside the same places here.
    for (theirs, ours) in [
        ("2029", "Camp Johnston"),
        ("2005", "Hunter's Farm landing"),
        ("2223", "Confederate landing"),
        ("1629", "Open field"),
        ("0931", "Pond"),
        ("0815", "Bayou"),
        ("1014", "First Union line"),
        ("1012", "Cornfield"),
        ("2231", "Belmont landing"),
    ] {
        let (x, y) = belmont_yards(hex(theirs));
        let here = m().place(ours).unwrap_or_else(|| panic!("no {ours}"));
        assert!(
            here.distance(at_yards(x, y)) <= 2,
            "{ours}: Belmont's {theirs} is {} here, not {here}",
            at_yards(x, y)
        );
    }
    // The camp's tents stand where Belmont's do, and its pond is a pond here.
    let camp: Vec<Hex> = m().hexes().filter(|(_, i)| i.terrain == Terrain::Camp).map(|(h, _)| h).collect();
    assert!(camp.iter().any(|&h| terrain[&nearest_belmont(h)] == 'c'));
    assert_eq!(m().terrain(m().place("Pond").expect("pond")), Some(Terrain::Pond));
}

#[test]
fn every_terrain_and_hexside_kind_appears() {
    let present: HashSet<Terrain> = m().hexes().map(|(_, i)| i.terrain).collect();
    for t in Terrain::ALL {
        assert!(present.contains(&t), "no {} hex", t.key());
    }
    let kinds: HashSet<HexsideKind> = m().hexsides.values().copied().collect();
    assert_eq!(kinds.len(), HexsideKind::ALL.len());
    let names: Vec<&str> = m().road_paths.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["farm", "plank"]);
}

/// Hexes reachable from `from` stepping only where `ok(from, to)` allows.
fn reach(from: Hex, ok: impl Fn(Hex, Hex) -> bool) -> BTreeSet<Hex> {
    let mut seen = BTreeSet::from([from]);
    let mut stack = vec![from];
    while let Some(h) = stack.pop() {
        for n in h.neighbours() {
            if m().contains(n) && ok(h, n) && seen.insert(n) {
                stack.push(n);
            }
        }
    }
    seen
}

#[test]
fn the_river_runs_the_map_for_the_gunboats() {
    let map = m();
    let river = |h: Hex| map.terrain(h) == Some(Terrain::River);
    let top = map
        .hexes()
        .find(|(h, i)| h.col_row().1 == 1 && i.terrain == Terrain::River)
        .map(|(h, _)| h)
        .expect("river at the top");
    let wet = reach(top, |_, n| river(n));
    assert!(wet.iter().any(|h| h.col_row().1 == 40), "the river reaches the south edge");
    assert_eq!(wet.len(), map.hexes().filter(|(h, _)| river(*h)).count(), "one piece");
}

#[test]
fn roads_join_the_landings_and_the_plank_road_the_west_edge() {
    let map = m();
    let on_road = reach(hex("2105"), |a, b| map.road(a, b));
    for landing in ["belmont"] {
        for h in &map.landing(landing).expect(landing).hexes {
            assert!(on_road.contains(h), "{landing} {h} by road from Hunter's Farm");
        }
    }
    assert!(on_road.iter().any(|&h| map.terrain(h) == Some(Terrain::Camp)), "the road runs through the camp");
    assert!(on_road.iter().any(|&h| map.on_edge(h, Edge::West)), "the plank road leaves west");
    // A column covers the farm road at 1/2 a hex: Hunter's Farm to the camp in a few turns.
    let charts = authored::standard();
    let farm = &map.road_paths[0].hexes;
    let cost: u16 = farm
        .windows(2)
        .map(|w| charts.step_cost(map.step(w[0], w[1]).expect("step"), Mover::Column).mp().expect("open").halves())
        .sum();
    let turns = f64::from(cost) / f64::from(charts.allowance(Mover::Column).halves());
    assert!((2.5..=4.0).contains(&turns), "{turns} turns by road");
}

#[test]
fn pillows_ridge_faces_the_union_with_crests() {
    let map = m();
    let crests: Vec<(Hex, Hex)> = map
        .hexsides
        .iter()
        .filter(|(_, k)| **k == HexsideKind::Crest)
        .map(|(s, _)| {
            let (a, b) = s.hexes();
            if map.height(a) > map.height(b) { (a, b) } else { (b, a) }
        })
        .collect();
    assert!(crests.len() >= 15);
    for &(high, low) in &crests {
        assert_eq!((map.height_ft(high), map.height_ft(low)), (Some(10), Some(0)), "{high}-{low}");
        assert!(yards(low).0 <= yards(high).0 || yards(low).1 > yards(high).1, "{low} lies west or north of {high}");
        assert!(map.crest_up(low, high) && !map.crest_up(high, low));
    }
    // The Union's approach from its first line climbs a crest to reach the ridge; the camp's
    // side is gentle.
    assert!(crests.iter().any(|&(h, _)| h == hex("1733")));
    let step = map.step(hex("1632"), hex("1733")).expect("adjacent");
    assert_eq!((step.across, step.climbing), (Some(HexsideKind::Crest), true));
    assert_eq!(map.hexside(hex("1733"), hex("1833")), None, "no crest toward the camp");
}

#[test]
fn the_bayou_stops_men_where_wet_and_lets_them_cross_where_dry() {
    let map = m();
    let charts = authored::standard();
    let cost = |a: &str, b: &str, mover| charts.step_cost(map.step(hex(a), hex(b)).expect("step"), mover);
    assert_eq!(cost("0117", "0118", Mover::Line), Cost::Prohibited, "wet");
    assert!(cost("0417", "0418", Mover::Line).mp().is_some(), "dry");
    assert!(cost("0417", "0418", Mover::Line).mp() > charts.enter_cost(Terrain::Woods, Mover::Line).mp());
    // Every Union unit can still walk from the first line to the camp, and the guns can drive
    // there from the farm road: the map has a way through for each.
    let camp = map.place("Camp Johnston").expect("camp");
    for (from, mover) in [("0716", Mover::Line), ("1316", Mover::Line), ("1513", Mover::Limbered)] {
        let open = reach(hex(from), |a, b| charts.step_cost(map.step(a, b).expect("step"), mover).mp().is_some());
        assert!(open.contains(&camp), "{mover:?} from {from}");
    }
    // Retreats never cross the wet bayou (14.1).
    assert!(!charts.retreat_may_step(Terrain::Woods, map.hexside(hex("0617"), hex("0618"))));
}

#[test]
fn landings_retreat_edges_and_the_guns_of_columbus() {
    let map = m();
    for name in ["hunters", "belmont", "confederate"] {
        let landing = map.landing(name).unwrap_or_else(|| panic!("no landing {name}"));
        for &h in &landing.hexes {
            assert!(!map.is_water(h) && h.neighbours().iter().any(|&n| map.terrain(n) == Some(Terrain::River)), "{h}");
        }
    }
    assert_eq!(map.landing("hunters").expect("hunters").hexes.len(), 3);
    assert_eq!((map.retreat_edge(Side::Union), map.retreat_edge(Side::Confederate)), (Edge::North, Edge::East));
    // The heavy guns (HV, 30 hexes) reach the camp from Columbus and Hunter's Farm landing from
    // the Iron Banks, as the history's ranges say [MH]; the landing is beyond Columbus itself.
    let hv = authored::standard().weapon("HV").expect("HV").max_range();
    let columbus = map.offmap_point("Columbus").expect("Columbus");
    let iron_banks = map.offmap_point("Iron Banks").expect("Iron Banks");
    let camp = map.place("Camp Johnston").expect("camp");
    let hunters = map.place("Hunter's Farm landing").expect("landing");
    assert!(columbus.distance(camp) <= u16::from(hv));
    assert!(iron_banks.distance(hunters) <= u16::from(hv));
    assert!(columbus.distance(hunters) > u16::from(hv));
}

fn errors(text: &str) -> Vec<DataError> {
    match map::parse(text, "broken.map") {
        Ok(_) => panic!("the broken copy parsed"),
        Err(e) => e,
    }
}

fn has(errs: &[DataError], line: usize, words: &str) -> bool {
    datafile::testing::has(errs, "broken.map", line, words)
}

#[test]
fn map_reports_every_problem() {
    // A bad terrain symbol, a height that is no digit, a crest written low-high, a hexside of
    // hexes that do not touch, a road through the pond, a landing inland, a retreat edge twice,
    // Columbus on the map.
    let terrain = grid_line(TEXT, "terrain", 10);
    let height = grid_line(TEXT, "height", 12);
    let crest = line_starting(TEXT, "crest: 2028-2027");
    let stream = line_starting(TEXT, "stream: 0317-0318");
    let plank = line_starting(TEXT, "plank: 1337");
    let landing = line_starting(TEXT, "belmont: 2434");
    let retreat = line_starting(TEXT, "confederate east");
    let columbus = line_starting(TEXT, "3933 Columbus");
    let text = edit(TEXT, terrain, |l| set_symbol(l, 3, 'Z'));
    let text = edit(&text, height, |l| set_symbol(l, 4, 'x'));
    let text = edit(&text, crest, |l| l.replacen("2028-2027", "2027-2028", 1));
    let text = edit(&text, stream, |l| l.replacen("0317-0318", "0317-0319", 1));
    let text = edit(&text, plank, |l| l.replacen("0937 0837", "0937 0836 0837", 1));
    let text = edit(&text, landing, |l| l.replacen("2434", "2134", 1));
    let text = edit(&text, retreat, |_| "union south".to_string());
    let text = edit(&text, columbus, |l| l.replacen("3933", "2133", 1));
    let errs = errors(&text);
    let report = datafile::report(&errs);
    assert!(has(&errs, terrain, "hex 0310: 'Z' is not a symbol of the [legend]"), "{report}");
    assert!(has(&errs, height, "hex 0412: height 'x' is not a digit"), "{report}");
    assert!(has(&errs, crest, "crest 2027-2028: 2027 (0) must be higher than 2028 (2)"), "{report}");
    assert!(has(&errs, stream, "stream 0317-0319: 0317 and 0319 are not adjacent"), "{report}");
    assert!(has(&errs, plank, "road plank runs through water at 0836"), "{report}");
    assert!(has(&errs, landing, "landing belmont: 2134 is not a land hex on the river bank"), "{report}");
    assert!(has(&errs, retreat, "the union retreat edge is given twice"), "{report}");
    assert!(has(&errs, columbus, "off-map point Columbus: 2133 is on the map"), "{report}");
    let offmap = line_starting(&text, "[offmap]");
    assert!(has(&errs, offmap, "no off-map point 'Columbus'"), "{report}");
    let retreat_header = line_starting(&text, "[retreat]");
    assert!(has(&errs, retreat_header, "no retreat edge for the confederate side"), "{report}");
    assert_eq!(errs.len(), 10, "{report}");
    assert!(report.starts_with(&format!("broken.map:{terrain}: ")), "sorted by line: {report}");
}

#[test]
fn map_reports_missing_sections_a_ragged_row_and_a_cut_river() {
    let ragged = grid_line(TEXT, "terrain", 5);
    let text = edit(TEXT, ragged, |l| l.replacen("ww", "w", 1));
    let text = text.replace("[landings]", "[landing]");
    let errs = errors(&text);
    let report = datafile::report(&errs);
    assert!(has(&errs, ragged, "[terrain] row 05 has 27 columns; the map is 28 wide"), "{report}");
    assert!(errs.iter().any(|e| e.message.starts_with("unknown section [landing]")), "{report}");
    assert!(has(&errs, 0, "missing section [landings]"), "{report}");
    // Land drawn across the river at row 20 cuts it in two.
    let row = grid_line(TEXT, "terrain", 20);
    let text = edit(TEXT, row, |l| l.replacen("~~~~", "wwww", 1));
    let errs = errors(&text);
    assert!(
        errs.iter().any(|e| e.message.contains("is cut off from the rest of the river")),
        "{}",
        datafile::report(&errs)
    );
}

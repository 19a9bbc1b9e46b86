//! The authored South Mountain map, `data/south-mountain.map`: it parses, it holds every terrain
//! the rules' terrain effects name, the key hexes sit where the rules need them (the gaps on the
//! ridge crest, reachable by road), the distances the rules imply hold, and the loader reports
//! every problem in a broken copy with its line.

use fotm::data::{DataError, report};
use fotm::map::{self, Edge, MAP_FILE, Map, Terrain};
use hexmap::Hex;
use std::collections::{HashMap, HashSet, VecDeque};

const TEXT: &str = include_str!("../data/south-mountain.map");

/// Road column: 1/2 MP a road hex (13.2, 13.3) from 4 MP (13.1), so 8 road hexes a turn.
const ROAD_HEXES_PER_TURN: usize = 8;

use datafile::testing::{edit, grid_line, line_starting, set_symbol};

fn m() -> &'static Map {
    map::south_mountain()
}

fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("label")
}

fn elev(h: Hex) -> u8 {
    m().elevation(h).unwrap_or_else(|| panic!("{h} is off the map"))
}

/// Shortest path along roads from `from` to any of `to`, in road hexes, using only road steps
/// that change elevation by at most `max_change` levels. `None` when there is none.
fn road_distance(from: Hex, to: &[Hex], max_change: u8) -> Option<usize> {
    let map = m();
    let mut seen: HashMap<Hex, usize> = HashMap::from([(from, 0)]);
    let mut queue = VecDeque::from([from]);
    while let Some(h) = queue.pop_front() {
        let d = seen[&h];
        if to.contains(&h) {
            return Some(d);
        }
        for n in h.neighbours() {
            if map.road(h, n) && map.elevation_change(h, n).is_some_and(|c| c <= max_change) && !seen.contains_key(&n) {
                seen.insert(n, d + 1);
                queue.push_back(n);
            }
        }
    }
    None
}

// ------------------------------------------------------------------------------------------
// The shipped file.

#[test]
fn shipped_map_parses_and_says_it_is_authored() {
    let parsed = map::parse(TEXT, MAP_FILE).unwrap_or_else(|e| panic!("{}", report(&e)));
    assert_eq!(&parsed, m());
    assert!(TEXT.contains("THIS MAP IS AUTHORED from the historical geography, not the published map"));
    assert!(TEXT.contains("belmont-and-south-mountain.md"));
    assert!(TEXT.contains("WEST IS AT THE TOP"));
}

#[test]
fn map_is_full_and_labels_round_trip() {
    let map = m();
    assert_eq!((map.cols(), map.rows()), (36, 18));
    assert_eq!(map.cells.len(), 36 * 18);
    assert!(map.cells.is_full(), "every hex has information");
    let mut indexes = HashSet::new();
    for (h, _) in map.hexes() {
        assert_eq!(Hex::from_label(&h.label()), Ok(h));
        assert!(indexes.insert(map.cells.index(h).expect("on the map")));
    }
    assert!(!map.contains(Hex::from_col_row(37, 1)));
    assert!(!map.contains(Hex::from_col_row(1, 19)));
    assert!(!map.contains(Hex::from_col_row(0, 5)));
}

#[test]
fn elevation_levels_are_the_authored_bands() {
    let map = m();
    assert_eq!(map.levels.len(), 7, "levels 0-6");
    for (i, l) in map.levels.iter().enumerate() {
        assert_eq!(usize::from(l.level), i);
        assert_eq!(
            l.to_ft - l.from_ft,
            if i == 0 {
                700
            } else if i == 6 {
                350
            } else {
                150
            },
            "{l:?}"
        );
    }
    // The gaps' 1,060-1,070 ft [WikiFG] [WikiTG] are level 3; Lambs Knoll's 1,758 ft is 6.
    let level_of = |ft: u16| map.levels.iter().find(|l| (l.from_ft..l.to_ft).contains(&ft)).map(|l| l.level);
    assert_eq!(level_of(1060), Some(3));
    assert_eq!(level_of(1070), Some(3));
    assert_eq!(level_of(1758), Some(6));
    let used: HashSet<u8> = map.hexes().map(|(_, i)| i.elevation).collect();
    assert_eq!(used, (0..=6).collect(), "every level appears");
}

// ------------------------------------------------------------------------------------------
// Terrain the rules name (13.2, 15.3, 9.5).

#[test]
fn every_terrain_type_the_rules_name_appears() {
    let map = m();
    // 13.2 and 15.3: clear, woods.
    let present: HashSet<Terrain> = map.hexes().map(|(_, i)| i.terrain).collect();
    for t in Terrain::ALL {
        assert!(present.contains(&t), "no {} hex", t.key());
        assert_eq!(Terrain::from_key(t.key()), Some(t));
    }
    // 13.2 Road hex: a road from one road hex to another, through woods too (the woods cost it
    // negates).
    assert!(!map.roads.is_empty());
    assert!(map.roads.iter().any(|s| {
        let (a, b) = s.hexes();
        map.terrain(a) == Some(Terrain::Woods) && map.terrain(b) == Some(Terrain::Woods)
    }));
    // 13.2 One, Two and Three Elevation Change hexes; 15.3 higher and lower elevation.
    let mut changes = HashSet::new();
    for (h, _) in map.hexes() {
        for n in h.neighbours() {
            if let Some(c) = map.elevation_change(h, n) {
                changes.insert(c);
            }
        }
    }
    for c in [0, 1, 2, 3] {
        assert!(changes.contains(&c), "no {c}-level change between neighbours");
    }
    assert!(!changes.iter().any(|&c| c > 3), "no change beyond 13.2's rows");
    // 13.2 Steep Hillside: 111 hexes by the reading in map.rs (109 with a span of two or three
    // levels, 0908 and 2805 with four).
    let steep: Vec<String> = map.hexes().filter(|(h, _)| map.steep_hillside(*h)).map(|(h, _)| h.label()).collect();
    assert_eq!(steep.len(), 111, "{steep:?}");
}

/// Whether some pair of opposite neighbours of `h` is one above and one below it, differing by
/// `span` levels exactly; and whether any pair is one above and one below at all.
fn spans(h: Hex) -> (Vec<u8>, bool) {
    let map = m();
    let e = elev(h);
    let mut v = Vec::new();
    for d in hexmap::Direction::ALL {
        if let (Some(up), Some(down)) = (map.elevation(h.neighbour(d)), map.elevation(h.neighbour(d.opposite())))
            && up > e
            && e > down
        {
            v.push(up - down);
        }
    }
    let any = !v.is_empty();
    (v, any)
}

#[test]
fn steep_hillside_reading() {
    let map = m();
    // 2805: Rodes's peak 2804 (5) on one side, 2806 (1) on the other: four levels across.
    assert_eq!((elev(hex("2804")), elev(hex("2805")), elev(hex("2806"))), (5, 3, 1));
    assert!(map.steep_hillside(hex("2805")));
    // On the approaches: a hex between a neighbour one level below and the opposite one a level
    // above (two levels across it) is a steep hillside: 0114 (1) between 0113 (2) and 0115 (0).
    assert_eq!((elev(hex("0113")), elev(hex("0114")), elev(hex("0115"))), (2, 1, 0));
    assert!(map.steep_hillside(hex("0114")));
    let mut two_across = 0;
    for (h, _) in map.hexes() {
        let (v, _) = spans(h);
        let steep = v.iter().any(|&s| s >= 2);
        assert_eq!(map.steep_hillside(h), steep, "{h}: spans {v:?}");
        if v.contains(&2) && !v.iter().any(|&s| s > 2) {
            two_across += 1;
        }
    }
    assert!(two_across > 50, "a one-level-a-hex slope is the common steep hillside ({two_across})");
    // The negative case: no opposite pair one above and one below (a crest, a saddle, a valley
    // floor, or a slope with level ground on one side) is never steep.
    for (h, _) in map.hexes() {
        if !spans(h).1 {
            assert!(!map.steep_hillside(h), "{h}");
        }
    }
    // 1607, Fox's Gap, is a saddle on the crest: higher along the ridge, lower across it.
    assert!(!map.steep_hillside(hex("1607")));
}

#[test]
fn roads_climb_one_level_at_most() {
    // 13.2 forbids guns and horses a two-level change; roads must carry them over the mountain.
    let map = m();
    for road in &map.road_paths {
        for w in road.hexes.windows(2) {
            let c = map.elevation_change(w[0], w[1]).unwrap();
            assert!(c <= 1, "{}: {} -> {} changes {c} levels", road.name, w[0], w[1]);
        }
    }
    let names: HashSet<&str> = map.road_paths.iter().map(|r| r.name.as_str()).collect();
    for name in ["National Road", "Old Sharpsburg Road", "Wood Road", "Ridge Road", "Old Hagerstown Road"] {
        assert!(names.contains(name), "no {name}");
    }
}

// ------------------------------------------------------------------------------------------
// The hexes the rules name (8.5, 18.1).

#[test]
fn key_hexes_are_where_the_rules_need_them() {
    let map = m();
    assert_eq!(map.place("Fox's Gap"), Some(hex("1607")));
    assert_eq!(map.place("Turner's Gap"), Some(hex("2405")));
    assert_eq!((map.fox_gap(), map.turners_gap(), map.key_hex()), (hex("1607"), hex("2405"), hex("2601")));
    // 1607 and 2405: eight columns apart, the ridge running along the columns.
    assert_eq!(map.fox_gap().distance(map.turners_gap()), 8);
    // 2601: the National Road's exit toward Boonsboro, on the west edge: the Confederates' road in.
    let boonsboro = map.entry("boonsboro").expect("entry");
    assert_eq!(boonsboro.hex, map.key_hex());
    assert!(map.on_edge(map.key_hex(), map.west));
    let national: Vec<&Vec<Hex>> =
        map.road_paths.iter().filter(|r| r.name == "National Road").map(|r| &r.hexes).collect();
    assert!(national.iter().any(|p| p.contains(&map.key_hex()) && p.contains(&map.turners_gap())));
    assert!(map.road_paths.iter().any(|r| r.name == "Old Sharpsburg Road" && r.hexes.contains(&map.fox_gap())));
}

#[test]
fn west_is_at_the_top() {
    let map = m();
    assert_eq!(map.west, Edge::Top);
    let west = map.west_edge();
    assert_eq!(west.len(), 36);
    assert!(west.iter().all(|h| h.col_row().1 == 1));
    // Further east is further down the page; even columns sit half a hex lower.
    assert!(map.eastward(hex("2406")) > map.eastward(hex("2405")));
    assert!(map.eastward(hex("2405")) > map.eastward(hex("2505")));
    assert!(map.eastward(hex("2601")) < map.eastward(hex("2405")));
}

/// How many full hexes east of `a` the hex `b` lies (negative: west).
fn rows_east(a: Hex, b: Hex) -> f64 {
    (m().eastward(b) - m().eastward(a)) / 3f64.sqrt()
}

#[test]
fn both_gaps_sit_on_the_ridge_crest() {
    let map = m();
    for (name, gap) in [("Fox's Gap", map.fox_gap()), ("Turner's Gap", map.turners_gap())] {
        let e = elev(gap);
        assert_eq!(e, 3, "{name}");
        let (c, _) = gap.col_row();
        // A pass: lower ground straight east and straight west of it.
        assert!(elev(gap.neighbour(hexmap::Direction::S)) < e, "{name}: east of it is lower");
        assert!(elev(gap.neighbour(hexmap::Direction::N)) < e, "{name}: west of it is lower");
        // The eastern approaches: within four hexes, every hex in a cone opening eastward from the
        // gap (at least a hex east, and half a row more for every column aside) is lower.
        for h in gap.within(4) {
            let aside = f64::from((h.col_row().0 - c).abs());
            if map.contains(h) && rows_east(gap, h) >= 0.99 + aside / 2.0 {
                assert!(elev(h) < e, "{name}: {h} ({}) is east of the gap but not lower", elev(h));
            }
        }
        // A saddle: the crest climbs on both sides along the ridge (south: lower columns; north:
        // higher), within two hexes.
        let higher = |side: i16| {
            gap.within(2).into_iter().any(|h| {
                let (hc, _) = h.col_row();
                map.contains(h) && (hc - c).signum() == side && elev(h) > e
            })
        };
        assert!(higher(-1) && higher(1), "{name} is a saddle of the crest");
    }
    // The crest between the gaps stays above them: the Wood Road runs below it on the west.
    for label in ["1807", "1907", "2006", "2106", "2206", "2306"] {
        assert_eq!(elev(hex(label)), 4, "{label} on the crest");
    }
}

#[test]
fn gaps_are_reachable_by_road_from_both_sides() {
    let map = m();
    let gaps = [map.fox_gap(), map.turners_gap()];
    for entry in &map.entries {
        for gap in gaps {
            // 13.2: guns and cavalry cannot take a two-level change, so every road step is one level.
            assert!(road_distance(entry.hex, &[gap], 1).is_some(), "no road from {} to {gap}", entry.name);
        }
    }
    // The IX Corps' road: the Old Sharpsburg Road climbs to Fox's Gap in 15 hexes, two turns in
    // road column: Scammon, entering at 7 AM, is at the gap for the 9 AM fight [TP4] [Cox].
    let old_sharpsburg = map.entry("old-sharpsburg").unwrap().hex;
    assert_eq!(road_distance(old_sharpsburg, &[map.fox_gap()], 1), Some(15));
    // The National Road from Bolivar to Turner's Gap: 16 hexes, two turns.
    let national = map.entry("national").unwrap().hex;
    assert_eq!(road_distance(national, &[map.turners_gap()], 1), Some(16));
    // The Wood Road joins the gaps along the crest (the Confederate lateral route) in 8 hexes.
    assert_eq!(road_distance(map.turners_gap(), &[map.fox_gap()], 0), Some(8));
    assert!(road_distance(map.turners_gap(), &[map.fox_gap()], 0).unwrap() <= ROAD_HEXES_PER_TURN);
}

#[test]
fn union_cavalry_can_break_out_west_by_road() {
    // 8.5: from either gap, once taken, Union cavalry can ride off the West edge. Mounted cavalry
    // stop in woods unless on a road (8.2) and cannot take two levels (13.2): so by road.
    let map = m();
    let west = map.west_edge();
    for gap in [map.fox_gap(), map.turners_gap()] {
        let d = road_distance(gap, &west, 1).expect("a road west");
        assert!(d <= 6, "{gap}: {d} road hexes to the west edge");
    }
    // The breakout forces Confederate exits from within seven hexes of the exit hex (8.5): the
    // gaps' garrisons are within that reach of their exits.
    assert!(map.key_hex().distance(map.turners_gap()) <= 7);
    assert!(map.entry("sharpsburg").unwrap().hex.distance(map.fox_gap()) <= 7);
}

#[test]
fn entries_are_on_their_sides_edges_and_on_roads() {
    let map = m();
    assert_eq!(map.entries_of(engine::Side::Union).len(), 2);
    assert_eq!(map.entries_of(engine::Side::Confederate).len(), 3);
    for e in &map.entries {
        assert!(map.is_road_hex(e.hex), "{} on a road (14.2)", e.name);
        let edge = match e.side {
            engine::Side::Union => Edge::Bottom,
            engine::Side::Confederate => Edge::Top,
        };
        assert!(map.on_edge(e.hex, edge), "{} {} on its side's edge", e.name, e.hex);
    }
}

#[test]
fn places_from_the_history() {
    let map = m();
    for (name, label) in [
        ("Lambs Knoll", "0907"),
        ("Colquitt's line", "2207"),
        ("Garland's line", "1008"),
        ("Frosttown Gap", "3304"),
        ("Mount Tabor Church", "3414"),
        ("Bolivar", "1718"),
        ("Pleasonton's knoll", "1716"),
        ("Rodes's peaks", "2804"),
    ] {
        assert_eq!(map.place(name), Some(hex(label)), "{name}");
    }
    // Lambs Knoll is the highest ground [Lambs]; Pleasonton's knoll stands above the valley.
    assert_eq!(elev(hex("0907")), 6);
    assert!(hex("1716").neighbours().iter().all(|n| elev(*n) < elev(hex("1716"))));
    // Wise's fields are open [SMCW2]; the Mountain House clearing too.
    for label in ["1607", "1707", "1507", "2405"] {
        assert_eq!(m().terrain(hex(label)), Some(Terrain::Clear), "{label}");
    }
    // 9.5's example looks down from Fox's Gap on 1611 and 1710, below it.
    assert!(elev(hex("1611")) < elev(hex("1607")) && elev(hex("1710")) < elev(hex("1607")));
}

// ------------------------------------------------------------------------------------------
// Broken copies: every problem, each with its line.

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
fn broken_copy_reports_both_problems_with_lines() {
    let terrain = grid_line(TEXT, "terrain", 10);
    let road = line_starting(TEXT, "Wood Road:");
    let text = edit(TEXT, terrain, |l| set_symbol(l, 3, 'Z'));
    let text = edit(&text, road, |l| l.replace(" 1806 ", " 1906 1806 "));
    let errs = errors(&text);
    assert_eq!(errs.len(), 2, "{}", report(&errs));
    assert!(has(&errs, terrain, "hex 0310: 'Z' is not a symbol"), "{}", report(&errs));
    assert!(has(&errs, road, "the step 1707 -> 1906 joins hexes that are not adjacent"), "{}", report(&errs));
    assert!(errs[0].line < errs[1].line, "sorted by line");
    assert!(report(&errs).starts_with(&format!("broken.map:{terrain}: ")));
}

#[test]
fn broken_grids_and_levels_are_reported() {
    // A ragged row, and an elevation that is no level.
    let ragged = grid_line(TEXT, "terrain", 5);
    let bad = grid_line(TEXT, "elevation", 12);
    let text = edit(TEXT, ragged, |s| s.replacen("ww", "w", 1));
    let text = edit(&text, bad, |s| set_symbol(&set_symbol(s, 2, '8'), 4, 'x'));
    let errs = errors(&text);
    assert!(has(&errs, ragged, "[terrain] row 05 has 35 columns"), "{}", report(&errs));
    assert!(has(&errs, bad, "hex 0212: elevation 8 is not a level"), "{}", report(&errs));
    assert!(has(&errs, bad, "hex 0412: elevation 'x' is not a digit"), "{}", report(&errs));
    assert_eq!(errs.len(), 3, "{}", report(&errs));
    // Levels that do not join, and a missing section.
    let level = line_starting(TEXT, "3  1000");
    let text = edit(TEXT, level, |s| s.replacen("3  1000", "3  1010", 1));
    let text = text.replace("[legend]", "[legendary]");
    let errs = errors(&text);
    assert!(has(&errs, level, "level 3 starts at 1010 ft but level 2 ends at 1000 ft"), "{}", report(&errs));
    assert!(errs.iter().any(|e| e.message.contains("unknown section [legendary]")), "{}", report(&errs));
    assert!(has(&errs, 0, "missing section [legend]"), "{}", report(&errs));
}

#[test]
fn broken_features_are_reported() {
    // Fox's Gap moved off 1607.
    let fox = line_starting(TEXT, "1607 Fox's Gap");
    let errs = errors(&edit(TEXT, fox, |s| s.replacen("1607", "1608", 1)));
    assert!(has(&errs, fox, "Fox's Gap must be hex 1607 (18.1), not 1608"), "{}", report(&errs));
    // An entry inland, and one not on a road.
    let national = line_starting(TEXT, "national ");
    let errs = errors(&edit(TEXT, national, |s| s.replacen("1718", "1716", 1)));
    assert!(has(&errs, national, "hex 1716 is not on the map edge"), "{}", report(&errs));
    assert!(has(&errs, national, "hex 1716 is not on a road"), "{}", report(&errs));
    // A place off the map, and a name used twice.
    let bolivar = line_starting(TEXT, "1718 Bolivar");
    let errs = errors(&edit(TEXT, bolivar, |s| s.replacen("1718 Bolivar", "4019 Lambs Knoll", 1)));
    assert!(has(&errs, bolivar, "hex 4019 is off the map"), "{}", report(&errs));
    // The map's west edge missing.
    let west = line_starting(TEXT, "west top");
    let errs = errors(&edit(TEXT, west, |_| "west sideways".into()));
    assert!(has(&errs, west, "'sideways' is not a map edge"), "{}", report(&errs));
}

#[test]
fn three_level_ledges_are_under_lambs_knoll_and_at_frosttown() {
    // 13.2 forbids every unit a three-level change: the header puts these ledges under Lambs
    // Knoll [Lambs] and in the Frosttown gorge [Cox] [SMCW], and nowhere else.
    let map = m();
    let mut cliffs = Vec::new();
    for (h, _) in map.hexes() {
        for n in h.neighbours() {
            if h < n && map.elevation_change(h, n) == Some(3) {
                cliffs.push(format!("{h}-{n}"));
            }
        }
    }
    assert_eq!(cliffs, ["0807-0908", "0907-0908", "0908-1007", "0909-1008", "3303-3403"]);
}

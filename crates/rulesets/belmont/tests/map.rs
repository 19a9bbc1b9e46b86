//! The authored Belmont map, `data/belmont.map`: it parses, it holds every terrain of the
//! Terrain Effects Chart, its distances fit what the rules imply, and the loader reports
//! every problem in a broken copy with its line.

use belmont::data::{DataError, report};
use belmont::map::{self, MAP_FILE, Map, Region, Terrain};
use hexmap::{Hex, LineStep, line};
use std::collections::HashSet;

const TEXT: &str = include_str!("../data/belmont.map");

/// Gunboat and Iron Banks static battery range (Volley Fire chart).
const BATTERY_RANGE: u16 = 14;
/// Stewart's and Point Coupee's long range (Volley Fire chart, 12.0).
const LONG_RANGE: u16 = 36;

use datafile::testing::{edit, grid_line, line_starting, set_symbol};

fn m() -> &'static Map {
    map::belmont()
}

fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("label")
}

fn labels(hexes: impl IntoIterator<Item = Hex>) -> String {
    hexes.into_iter().map(Hex::label).collect::<Vec<_>>().join(" ")
}

fn min_distance(from: &[Hex], to: &[Hex]) -> u16 {
    from.iter().flat_map(|a| to.iter().map(move |b| a.distance(*b))).min().expect("non-empty")
}

// ------------------------------------------------------------------------------------
// The shipped file.

#[test]
fn shipped_map_parses() {
    let parsed = map::parse(TEXT, MAP_FILE).unwrap_or_else(|e| panic!("{}", report(&e)));
    assert_eq!((parsed.cols(), parsed.rows()), (m().cols(), m().rows()));
    assert_eq!(parsed.cells, m().cells);
    assert!(TEXT.contains("AUTHORED"), "the header must say the map is authored");
    assert!(TEXT.contains("NOT the published Rick Barber map"));
    assert!(TEXT.contains("belmont-and-south-mountain.md"));
}

#[test]
fn map_is_full_and_labels_round_trip() {
    let map = m();
    assert!((36..=42).contains(&map.cols()), "cols {}", map.cols());
    assert!((38..=44).contains(&map.rows()), "rows {}", map.rows());
    assert_eq!(map.cells.len(), usize::try_from(i32::from(map.cols()) * i32::from(map.rows())).unwrap());
    assert!(map.cells.is_full(), "every hex has information");
    let mut indexes = HashSet::new();
    for (h, _) in map.hexes() {
        let label = h.label();
        assert_eq!(Hex::from_label(&label), Ok(h), "{label}");
        let (c, r) = h.col_row();
        assert_eq!(Hex::from_col_row(c, r), h);
        assert!(indexes.insert(map.cells.index(h).expect("on the map")), "index of {label} is unique");
    }
    assert_eq!(indexes.len(), map.cells.len());
    assert!(map.get(Hex::from_col_row(map.cols() + 1, 1)).is_none());
    assert!(map.get(Hex::from_col_row(1, map.rows() + 1)).is_none());
    assert!(map.get(Hex::from_col_row(0, 1)).is_none());
}

#[test]
fn every_terrain_effects_chart_type_appears() {
    let map = m();
    let present: HashSet<Terrain> = map.hexes().map(|(_, i)| i.terrain).collect();
    for t in Terrain::ALL {
        assert!(present.contains(&t), "no {} hex on the map", t.key());
        assert_eq!(Terrain::from_key(t.key()), Some(t));
    }
    assert!(map.hexes().any(|(_, i)| i.shore), "Shore");
    assert!(map.hexes().any(|(_, i)| i.slope), "Slope");
    assert!(!map.roads.is_empty() && !map.road_paths.is_empty(), "Road");
    assert!(map.hexes().any(|(_, i)| i.region == Region::Missouri && i.height == 1), "Pillow's ridge");
    assert!(map.hexes().any(|(_, i)| i.region == Region::Kentucky && i.height == 2), "Kentucky bluffs");
}

#[test]
fn overlays_are_consistent() {
    let map = m();
    for (h, i) in map.hexes() {
        let river = i.terrain == Terrain::River;
        assert_eq!(river, i.region == Region::River, "{h}");
        assert_eq!(river, i.river_section.is_some() && i.terrain != Terrain::Dock, "{h}");
        if i.shore {
            assert!(h.neighbours().iter().any(|n| map.is_river(*n)), "shore {h} on the bank");
        }
        if i.slope {
            assert!(
                h.neighbours().iter().any(|n| map.is_land(*n) && map.get(*n).unwrap().height < i.height),
                "slope {h} tops a rise"
            );
        }
        assert_eq!(map.is_land(h), !river);
    }
}

// ------------------------------------------------------------------------------------
// Places the rules name.

#[test]
fn key_hexes() {
    // Other modules and the counter set-up may name these hexes; keep them stable.
    let map = m();
    assert_eq!((map.cols(), map.rows()), (40, 42));
    assert_eq!(map.hunters_farm_dock, hex("2005"));
    assert_eq!(map.belmont_dock, hex("2231"));
    assert_eq!(map.columbus_dock, hex("3329"));
    assert!(map.in_camp(hex("2029")));
    assert_eq!(map.entrenchments, vec![hex("3421"), hex("3422"), hex("3423")]);
    assert_eq!(map.place("Belmont"), Some(hex("2131")));
    assert_eq!(map.place("Hunter's Farm"), Some(hex("1804")));
    assert_eq!(map.place("Iron Banks"), Some(hex("3422")));
}

#[test]
fn camp_johnston() {
    let map = m();
    assert!((5..=7).contains(&map.camp.len()), "camp: {}", labels(map.camp.clone()));
    for &h in &map.camp {
        assert!(map.in_camp(h));
        assert_eq!(map.terrain(h), Some(Terrain::Camp));
        assert!(map.is_missouri(h));
        assert!(map.confederate_setup.contains(&h), "the camp is the Confederates' to hold (2.2)");
    }
    assert!(map.in_camp(map.place("Camp Johnston").expect("named")));
    // The abatis lies round the camp on the landward side (1.1).
    let abatis =
        map.hexes().filter(|(h, i)| i.terrain == Terrain::FelledTrees && map.camp.iter().any(|c| c.distance(*h) <= 2));
    assert!(abatis.count() >= 8);
}

#[test]
fn iron_banks_entrenchments() {
    let map = m();
    let e = &map.entrenchments;
    // Six batteries, up to three a hex (2.2).
    assert!(e.len() >= 2, "entrenchments: {}", labels(e.clone()));
    assert!(e.len() * 3 >= 6);
    for &h in e {
        assert!(map.is_entrenchment(h));
        let info = map.get(h).unwrap();
        assert_eq!(info.region, Region::Kentucky);
        assert_eq!(info.height, 2, "on the bluffs");
        assert!(!map.roads.iter().any(|s| s.other(h).is_some()), "no road enters {h}");
    }
}

#[test]
fn docks() {
    let map = m();
    for (dock, region) in [
        (map.hunters_farm_dock, Region::Missouri),
        (map.belmont_dock, Region::Missouri),
        (map.columbus_dock, Region::Kentucky),
    ] {
        assert_eq!(map.terrain(dock), Some(Terrain::Dock), "{dock}");
        assert_eq!(map.region(dock), Some(region), "{dock}");
        assert!(dock.neighbours().iter().any(|n| map.is_river(*n)), "dock {dock} is beside the river");
        let s = map.river_section(dock).expect("a dock opens on a section");
        assert!(dock.neighbours().iter().any(|n| map.is_river(*n) && map.river_section(*n) == Some(s)));
    }
    let docks: HashSet<Hex> = map.hexes().filter(|(_, i)| i.terrain == Terrain::Dock).map(|(h, _)| h).collect();
    assert_eq!(docks, map.docks().into_iter().collect());
    // The Union gunboats start in section 1, off Hunter's Farm (2.1).
    assert_eq!(map.river_section(map.hunters_farm_dock), Some(1));
    // Belmont dock: the 13th Tennessee's set-up and the first transport's landing (2.2, 11.8).
    let b = map.belmont_dock;
    assert!(
        map.confederate_setup.contains(&b) || b.neighbours().iter().any(|n| map.confederate_setup.contains(n)),
        "Belmont dock {b} in or beside the Confederate zone"
    );
    assert!((3..=6).contains(&map.river_section(b).unwrap()));
    assert!((3..=6).contains(&map.river_section(map.columbus_dock).unwrap()));
}

#[test]
fn columbus_area() {
    let map = m();
    let area = &map.columbus;
    // Room for the reserve's five regiments and the 13th Tennessee at three a hex (2.2,
    // 2.3, 4.2, 13.2.2).
    assert!(area.len() >= 20, "columbus: {}", labels(area.clone()));
    for &h in area {
        assert!(map.in_columbus(h));
        assert_eq!(map.region(h), Some(Region::Kentucky), "{h}");
        assert!(map.is_land(h));
        assert!(!map.is_entrenchment(h) && h != map.columbus_dock, "{h}");
        assert!(h.distance(map.columbus_dock) <= 4, "{h} is near the Columbus dock");
    }
    assert!(map.in_columbus(map.place("Columbus").expect("named")));
    assert!(area.iter().filter(|h| map.terrain(**h) == Some(Terrain::Building)).count() >= 3, "the town");
    assert!(area.iter().any(|h| h.distance(map.columbus_dock) == 1), "units can reach the dock");
}

#[test]
fn roads() {
    let map = m();
    for path in &map.road_paths {
        for pair in path.windows(2) {
            assert_eq!(pair[0].distance(pair[1]), 1);
            assert!(map.road(pair[0], pair[1]));
            assert!(map.is_land(pair[0]) && map.is_land(pair[1]));
        }
    }
    // The farm road joins Hunter's Farm dock to the camp (1.1, "the only road").
    let mut reached = vec![map.hunters_farm_dock];
    let mut i = 0;
    while i < reached.len() {
        for n in reached[i].neighbours() {
            if map.road(reached[i], n) && !reached.contains(&n) {
                reached.push(n);
            }
        }
        i += 1;
    }
    assert!(reached.iter().any(|h| map.in_camp(*h)), "road from the landing to the camp");
    assert!(reached.contains(&map.belmont_dock), "and on to Belmont");
    assert!(reached.iter().any(|h| h.col_row().0 == 1), "the plank road runs west off the map");
}

// ------------------------------------------------------------------------------------
// River sections (1.3, 11.5, 8.2).

#[test]
fn river_sections() {
    let map = m();
    let mut mean_rows = Vec::new();
    for s in 1..=6 {
        let hexes = map.river_hexes_of_section(s);
        assert!(!hexes.is_empty(), "section {s} is empty");
        // Connected.
        let set: HashSet<Hex> = hexes.iter().copied().collect();
        let mut reached = vec![hexes[0]];
        let mut i = 0;
        while i < reached.len() {
            for n in reached[i].neighbours() {
                if set.contains(&n) && !reached.contains(&n) {
                    reached.push(n);
                }
            }
            i += 1;
        }
        assert_eq!(reached.len(), hexes.len(), "section {s} is in one piece");
        let total: i32 = hexes.iter().map(|h| i32::from(h.col_row().1)).sum();
        mean_rows.push(f64::from(total) / f64::from(u32::try_from(hexes.len()).unwrap()));
        println!("section {s}: {} hexes, e.g. {}", hexes.len(), hexes[hexes.len() / 2]);
    }
    assert!(mean_rows.windows(2).all(|w| w[0] < w[1]), "sections number downstream (south): {mean_rows:?}");
    let every: usize = (1..=6).map(|s| map.river_hexes_of_section(s).len()).sum();
    assert_eq!(every, map.hexes().filter(|(_, i)| i.terrain == Terrain::River).count());
    // The Confederate retreat goal, sections 3-6 (8.2), borders the Missouri bank at and
    // below the camp.
    let camp_north = map.camp.iter().map(|h| h.col_row().1).min().unwrap();
    for s in 3..=6 {
        let bank = map
            .river_hexes_of_section(s)
            .into_iter()
            .flat_map(Hex::neighbours)
            .filter(|n| map.is_missouri(*n) && n.col_row().1 >= camp_north - 8)
            .count();
        assert!(bank > 0, "section {s} borders the Missouri bank near or below the camp");
    }
    // Section 3 lies off the Confederate reinforcement landing (history: half a mile above
    // Belmont); section 4 off Belmont.
    let landing = map.place("Confederate landing").expect("named");
    assert!(landing.neighbours().iter().any(|n| map.river_section(*n) == Some(3)));
}

// ------------------------------------------------------------------------------------
// Distances the rules imply.

#[test]
fn iron_banks_reach_the_camp() {
    // Polk shelled the camp (1.1, 13.2.2): the camp is in 14-hex battery range.
    let map = m();
    let d = min_distance(&map.camp, &map.entrenchments);
    println!("nearest camp hex to an entrenchment: {d} hexes");
    assert!(d <= BATTERY_RANGE, "{d}");
    // Every entrenchment can reach the camp, so no battery placement is a trap.
    for &e in &map.entrenchments {
        assert!(min_distance(&map.camp, &[e]) <= BATTERY_RANGE, "{e}");
    }
}

#[test]
fn hunters_farm_dock_is_out_of_battery_range() {
    // The Union transports waited just out of the Iron Banks' range (11.9).
    let map = m();
    let d = min_distance(&[map.hunters_farm_dock], &map.entrenchments);
    println!("Hunter's Farm dock to the nearest entrenchment: {d} hexes");
    assert!(d > BATTERY_RANGE, "{d}");
}

#[test]
fn long_range_batteries_reach_dock_and_camp() {
    let map = m();
    for &e in &map.entrenchments {
        assert!(e.distance(map.hunters_farm_dock) <= LONG_RANGE, "{e}");
        for &c in &map.camp {
            assert!(e.distance(c) <= LONG_RANGE, "{e} to {c}");
        }
    }
}

#[test]
fn wooded_point_screens_the_landing() {
    // The landing was screened from Columbus by a wooded point (history, [Force]).
    let map = m();
    for &e in &map.entrenchments {
        let woods = line(e, map.hunters_farm_dock)
            .into_iter()
            .filter(|s| match s {
                LineStep::One(h) => map.terrain(*h) == Some(Terrain::Woods),
                LineStep::Tie(a, b) => [a, b].iter().all(|h| map.terrain(**h) == Some(Terrain::Woods)),
            })
            .count();
        assert!(woods > 0, "{e} sees the landing");
    }
}

#[test]
fn union_guard_sets_up_beside_hunters_farm_dock() {
    // 2.1: five companies within three land hexes of the dock; 14.3's five-hex range.
    let map = m();
    let dock = map.hunters_farm_dock;
    let near: Vec<Hex> = map.land_within(dock, 3).into_iter().filter(|h| *h != dock).collect();
    assert!(near.len() >= 5, "{}", labels(near.clone()));
    for &h in &near {
        assert!(h.distance(dock) <= 3);
        assert!(map.union_setup.contains(&h), "{h} near the dock is in the Union zone");
    }
    // Every Missouri hex within three of the dock, by plain distance too.
    for h in dock.within(3) {
        if map.is_missouri(h) && h != dock {
            assert!(map.union_setup.contains(&h), "{h}");
        }
    }
    assert!(!map.union_setup.contains(&dock), "entering the dock embarks (11.9)");
}

#[test]
fn setup_zones() {
    let map = m();
    for (zone, name) in [(&map.union_setup, "Union"), (&map.confederate_setup, "Confederate")] {
        let land = zone.iter().filter(|h| map.is_missouri(**h)).count();
        assert!(land >= 20, "{name} zone has {land} Missouri land hexes");
        assert_eq!(land, zone.len(), "{name} zone holds only Missouri land");
        println!("{name} zone: {} hexes", zone.len());
    }
    assert!(map.union_setup.is_disjoint(&map.confederate_setup));
    assert!(!map.setup_line.is_empty());
    for &(u, c) in &map.setup_line {
        assert_eq!(u.distance(c), 1);
        assert!(map.union_setup.contains(&u) && map.confederate_setup.contains(&c));
    }
    // "West of the set-up line": the Union zone's mean column is west of the Confederates'.
    let mean = |z: &std::collections::BTreeSet<Hex>| {
        z.iter().map(|h| f64::from(h.col_row().0)).sum::<f64>() / f64::from(u32::try_from(z.len()).unwrap())
    };
    assert!(mean(&map.union_setup) < mean(&map.confederate_setup));
    // Room between the armies: no Union set-up hex within 5 of the camp.
    assert!(min_distance(&map.camp, &map.union_setup.iter().copied().collect::<Vec<_>>()) > 5);
}

#[test]
fn land_within_stays_on_land() {
    let map = m();
    let dock = map.hunters_farm_dock;
    assert_eq!(map.land_within(dock, 0), vec![dock]);
    let one = map.land_within(dock, 1);
    assert!(one.iter().all(|h| map.is_land(*h) && h.distance(dock) <= 1));
    assert!(map.land_within(map.river_hexes_of_section(1)[0], 3).is_empty());
}

// ------------------------------------------------------------------------------------
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
    let plank = line_starting(TEXT, "plank:");
    let text = edit(TEXT, terrain, |l| set_symbol(l, 3, 'Z'));
    let text = edit(&text, plank, |l| l.replace(" 0133", " 0433"));
    let errs = errors(&text);
    assert_eq!(errs.len(), 2, "{}", report(&errs));
    assert!(has(&errs, terrain, "hex 0310: 'Z' is not a symbol"), "{}", report(&errs));
    assert!(has(&errs, plank, "0233 -> 0433"), "{}", report(&errs));
    assert!(errs[0].line < errs[1].line, "sorted by line");
    assert!(report(&errs).starts_with(&format!("broken.map:{terrain}: ")));
}

#[test]
fn broken_grids_are_reported() {
    // A ragged row.
    let l = grid_line(TEXT, "terrain", 5);
    let errs = errors(&edit(TEXT, l, |s| s.replacen("ww", "w", 1)));
    assert!(has(&errs, l, "has 39 columns"), "{}", report(&errs));
    // A river hex without a section, and a section on a land hex.
    let l = grid_line(TEXT, "section", 20);
    let river_col = (1..=m().cols()).find(|c| m().is_river(Hex::from_col_row(*c, 20))).unwrap();
    let col = usize::try_from(river_col).unwrap();
    let text = edit(TEXT, l, |s| set_symbol(&set_symbol(s, col, '.'), 1, '3'));
    let errs = errors(&text);
    assert!(has(&errs, l, &format!("river hex {} has no river section", Hex::from_col_row(river_col, 20))));
    assert!(has(&errs, l, "hex 0120 is woods, not a river or dock hex, but has river section 3"), "{}", report(&errs));
    // A region that does not fit the terrain; Missouri touching Kentucky.
    let l = grid_line(TEXT, "region", 20);
    let errs = errors(&edit(TEXT, l, |s| set_symbol(s, col, 'U')));
    assert!(has(&errs, l, "does not fit its river terrain"), "{}", report(&errs));
    // A shore hex away from the river and a slope on flat ground.
    let l = grid_line(TEXT, "overlay", 20);
    let errs = errors(&edit(TEXT, l, |s| set_symbol(&set_symbol(s, 1, 's'), 3, '^')));
    assert!(has(&errs, l, "shore hex 0120 is not beside a river hex"), "{}", report(&errs));
    assert!(has(&errs, l, "slope hex 0320 has no lower land"), "{}", report(&errs));
    // A dock inland.
    let l = grid_line(TEXT, "terrain", 20);
    let errs = errors(&edit(TEXT, l, |s| set_symbol(s, 2, 'd')));
    assert!(has(&errs, l, "dock 0220 is not beside a river hex"), "{}", report(&errs));
    assert!(has(&errs, l, "not one of the docks named"), "{}", report(&errs));
}

#[test]
fn broken_features_are_reported() {
    // A named hex off the map.
    let l = line_starting(TEXT, "2029 Camp Johnston");
    let errs = errors(&edit(TEXT, l, |s| s.replace("2029", "4550")));
    assert!(has(&errs, l, "hex 4550 is off the map"), "{}", report(&errs));
    // A road through the river.
    let l = line_starting(TEXT, "plank:");
    let errs = errors(&edit(TEXT, l, |_| "plank: 2231 2331".to_string()));
    assert!(has(&errs, l, "runs through river hex 2331"), "{}", report(&errs));
    // A dock that is not dock terrain.
    let l = line_starting(TEXT, "belmont ");
    let errs = errors(&edit(TEXT, l, |_| "belmont 2130".to_string()));
    assert!(has(&errs, l, "the belmont dock 2130 is camp terrain"), "{}", report(&errs));
    // Columbus hexes that are not Kentucky land.
    let l = line_starting(TEXT, "[columbus]") + 1;
    let l = l + TEXT.lines().skip(l - 1).position(|s| !s.starts_with('#')).unwrap();
    let errs = errors(&edit(TEXT, l, |s| format!("{s} 2029")));
    assert!(has(&errs, l, "Columbus hex 2029 is not Kentucky land"), "{}", report(&errs));
    // Unknown terrain in the legend.
    let l = line_starting(TEXT, "E  entrenchment");
    let errs = errors(&edit(TEXT, l, |_| "E  fortress".to_string()));
    assert!(has(&errs, l, "unknown terrain 'fortress'"), "{}", report(&errs));
}

#[test]
fn missing_places_are_reported() {
    // No docks section at all.
    let text = TEXT.replace("[docks]", "[nodocks]");
    let errs = errors(&text);
    assert!(has(&errs, line_starting(TEXT, "[docks]"), "unknown section [nodocks]"));
    assert!(errs.iter().any(|e| e.line == 0 && e.message.contains("missing section [docks]")), "{}", report(&errs));
    assert!(errs.iter().any(|e| e.message.contains("does not name the hunters dock")));
    // No camp and no entrenchments.
    let start = line_starting(TEXT, "[terrain]");
    let mut text = String::new();
    for (i, l) in TEXT.lines().enumerate() {
        let in_grid = i + 1 > start && i < grid_line(TEXT, "terrain", m().rows());
        let l = if in_grid && !l.starts_with('#') {
            let (grid, comment) = l.split_at(l.find("   #").unwrap_or(l.len()));
            grid.replace(['c', 'E'], ".") + comment
        } else {
            l.to_string()
        };
        text.push_str(&l);
        text.push('\n');
    }
    let errs = errors(&text);
    assert!(has(&errs, start, "no camp terrain"), "{}", report(&errs));
    assert!(has(&errs, start, "no entrenchment terrain"), "{}", report(&errs));
}

#[test]
fn every_problem_is_reported_at_once() {
    let a = grid_line(TEXT, "terrain", 30);
    let b = grid_line(TEXT, "height", 7);
    let c = line_starting(TEXT, "farm:");
    let d = line_starting(TEXT, "3422 Iron Banks");
    let mut text = edit(TEXT, a, |s| set_symbol(s, 1, '?'));
    text = edit(&text, b, |s| set_symbol(s, 1, 'x'));
    text = edit(&text, c, |s| format!("{s} 9999"));
    text = edit(&text, d, |s| s.replace("3422", "34x2"));
    let errs = errors(&text);
    let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
    assert!(a < b && b < c && c < d);
    assert_eq!(lines, vec![a, b, c, d], "{}", report(&errs));
}

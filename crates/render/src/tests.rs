//! The renderer's tests: every hex, counter, line and track drawn; the page's layers.

use super::*;
use engine::{HexView, LegendEntry};

fn tiny() -> BoardView {
    let hexes = ["0101", "0102", "0201", "0202"]
        .iter()
        .enumerate()
        .map(|(i, h)| HexView {
            hex: (*h).into(),
            terrain: if i == 0 { "woods".into() } else { "clear".into() },
            elevation: i8::from(i == 3),
            name: (i == 1).then(|| "Smith & Sons' <Farm>".into()),
        })
        .collect();
    BoardView {
        north: None,
        marks: Vec::new(),
        statuses: vec![engine::StatusView::new("damage #", "D#", "D2 vessel damage")],
        title: "Test".into(),
        hexes,
        lines: vec![
            LineView { kind: "road".into(), hexside: false, hexes: vec!["0101".into(), "0102".into()] },
            LineView { kind: "setup-line".into(), hexside: true, hexes: vec!["0101".into(), "0201".into()] },
        ],
        counters: vec![
            CounterView {
                id: "a".into(),
                hex: "0101".into(),
                side: "union".into(),
                kind: "infantry".into(),
                name: "27IL-A".into(),
                strength: "3".into(),
                status: vec![],
                facing: None,
                faces_side: None,
            },
            CounterView {
                id: "b".into(),
                hex: "0101".into(),
                side: "confederate".into(),
                kind: "gunboat".into(),
                name: "Grampus".into(),
                strength: "2 (4-6)".into(),
                status: vec!["damage 1".into(), "broken".into()],
                facing: Some(2),
                faces_side: None,
            },
        ],
        tracks: vec![("Turn".into(), "1 of 12".into())],
        legend: vec![
            LegendEntry { terrain: "clear".into(), name: "Clear".into(), fill: "#eeeecc".into() },
            LegendEntry { terrain: "woods".into(), name: "Woods".into(), fill: "#66aa55".into() },
        ],
        table: None,
    }
}

#[test]
fn draws_every_hex_counter_line_and_track() {
    let svg = svg(&tiny());
    assert!(svg.starts_with("<svg"));
    assert!(svg.trim_end().ends_with("</svg>"));
    // 4 map hexes + 1 woods texture + 2 elevation overlays on the map.
    assert!(svg.matches("<polygon").count() >= 7);
    assert!(svg.contains("Smith &amp; Sons&apos; &lt;Farm&gt;"));
    assert!(svg.contains("data-counter=\"a\"") && svg.contains("data-counter=\"b\""));
    assert!(svg.contains("class=\"road\"") && svg.contains("class=\"setup-line\""));
    assert!(svg.contains(">1 of 12<"));
    assert!(svg.contains(">D1<"), "damage badge");
    // One facing wedge on the faced counter, one on each faced legend sample.
    assert_eq!(svg.matches("class=\"facing\"").count(), 3);
    assert!(svg.contains("The wedge points at the vertex faced."));
    assert!(svg.contains("fill=\"#66aa55\""), "legend colour used");
    // 0202 is higher than its two neighbours on the map: a contour on each edge.
    let contours = &svg[svg.find("<g id=\"contours\"").unwrap()..];
    let contours = &contours[..contours.find("</g>").unwrap()];
    assert_eq!(contours.matches("<line").count(), 2);
}

#[test]
fn the_page_map_has_every_hex_and_empty_layers_but_no_counters() {
    let board = tiny();
    let map = map_svg(&board);
    assert!(map.starts_with("<svg") && map.trim_end().ends_with("</svg>"));
    assert!(map.contains("viewBox=\"0 0 "));
    for h in &board.hexes {
        assert_eq!(map.matches(&format!("class=\"hex\" data-hex=\"{}\"", h.hex)).count(), 1, "{}", h.hex);
    }
    assert_eq!(map.matches("class=\"hex\"").count(), board.hexes.len());
    assert!(!map.contains("data-counter"), "no counters");
    assert!(!map.contains("id=\"panel\""), "no panel");
    // The empty layers lie above the terrain and the labels, the overlay on top.
    let counters = map.find("<g id=\"counters\"></g>").expect("empty counters layer");
    let overlay = map.find("<g id=\"overlay\"></g>").expect("empty overlay layer");
    for below in ["id=\"terrain\"", "id=\"lines\"", "id=\"hex-numbers\"", "id=\"place-names\""] {
        assert!(map.find(below).unwrap() < counters, "{below} under the counters");
    }
    assert!(counters < overlay);
    // Smaller than the full drawing, which adds the title, counters and panel.
    assert!(map.len() < svg(&board).len());
}

#[test]
fn the_page_counters_are_one_group_per_counter_in_the_map_frame() {
    let board = tiny();
    let counters = counters_svg(&board);
    assert_eq!(counters.matches("data-counter=").count(), board.counters.len());
    assert_eq!(counters.matches("<g class=\"counter ").count(), board.counters.len());
    assert!(counters.contains(r#"data-counter="a" data-hex="0101" data-side="union""#));
    assert!(counters.contains(r#"data-counter="b" data-hex="0101" data-side="confederate""#));
    assert!(!counters.contains("<svg"), "a fragment, not a document");
    // Fanned: the two counters of the stack sit at different places.
    let at = |id: &str| {
        let from = counters.find(&format!("data-counter=\"{id}\"")).unwrap();
        let t = &counters[from..];
        t[t.find("translate(").unwrap()..t.find(')').unwrap()].to_string()
    };
    assert_ne!(at("a"), at("b"));
    // The same counters in svg(), a title band lower.
    let full = svg(&board);
    assert_eq!(full.matches("data-counter=\"a\"").count(), 1);
    // Off-map counters (no CCRR label) are not drawn.
    let mut off = board.clone();
    off.counters[0].hex = "reserve".into();
    assert_eq!(counters_svg(&off).matches("data-counter=").count(), 1);
}

#[test]
fn status_words_become_the_badges_the_ruleset_declares_with_their_numbers() {
    let declared = [
        StatusView::new("steps lost #", "-#", "-2 steps lost"),
        StatusView::new("lcm #", "L#", "L1 leader casualty markers"),
        StatusView::new("column", "COL", "COL column"),
        StatusView::new("# aboard", "+#", "+3 aboard"),
        StatusView::new("broken", "", "broken"),
    ];
    let b = |w: &str| badge(w, &declared).map(|b| b.0);
    assert_eq!(b("steps lost 2"), Some("-2".into()));
    assert_eq!(b("LCM 1"), Some("L1".into()), "without regard to case");
    assert_eq!(b("column"), Some("COL".into()));
    assert_eq!(b("3 aboard"), Some("+3".into()));
    assert_eq!(b("broken"), None, "declared with no badge: drawn otherwise");
    assert_eq!(b("columns"), Some("col".into()), "not the word: its first letters");
    assert_eq!(b("steps lost x"), Some("ste".into()), "no number where the word has one");
    assert_eq!(badge("3 aboard", &declared).map(|b| b.1), Some("+3 aboard".into()));
}

#[test]
fn the_shared_edge_lies_between_the_centres() {
    let a = Hex::from_label("0101").unwrap();
    let b = Hex::from_label("0201").unwrap();
    let f = Frame { min_x: 0.0, min_y: 0.0, top: TITLE };
    let (ca, cb) = (f.at(a), f.at(b));
    let (p, q) = edge(ca, cb);
    // One radius long, and both ends a radius from both centres (they are corners).
    assert!(((p.0 - q.0).hypot(p.1 - q.1) - R).abs() < 1e-6);
    for c in [ca, cb] {
        for e in [p, q] {
            assert!(((e.0 - c.0).hypot(e.1 - c.1) - R).abs() < 1e-6);
        }
    }
}

/// The wedge's direction: from the middle of its base to its tip, in degrees (y down).
fn wedge_degrees(svg: &str) -> f64 {
    let at = svg.find("class=\"facing\" d=\"M").expect("a wedge") + "class=\"facing\" d=\"M".len();
    let path = &svg[at..svg[at..].find('"').unwrap() + at];
    let points: Vec<(f64, f64)> = path
        .split(['M', 'L', 'z'])
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let (x, y) = p.trim().split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let (tip, b1, b2) = (points[0], points[1], points[2]);
    let mid = ((b1.0 + b2.0) / 2.0, (b1.1 + b2.1) / 2.0);
    (tip.1 - mid.1).atan2(tip.0 - mid.0).to_degrees()
}

/// GBACW 7.0: a counter facing a hexside gets a wedge across that hexside's middle
/// (north straight up, then every 60 degrees clockwise), and the legend says so.
#[test]
fn a_counter_facing_a_hexside_points_across_it() {
    for d in 0..6u8 {
        let mut board = tiny();
        board.counters.truncate(1);
        board.counters[0].faces_side = Some(d);
        let svg = svg(&board);
        let want = -90.0 + 60.0 * f64::from(d);
        let got = wedge_degrees(&svg);
        let off = (got - want).rem_euclid(360.0);
        assert!(off.min(360.0 - off) < 1.0, "side {d}: {got} degrees, want {want}");
        assert!(svg.contains("The wedge points across the hexside faced."));
        assert!(!svg.contains("at the vertex faced"));
    }
    // A vertex is half a hexside round: vertex 0 lies between north and north-east.
    let mut board = tiny();
    board.counters.truncate(1);
    board.counters[0].facing = Some(0);
    let off = (wedge_degrees(&svg(&board)) + 60.0).rem_euclid(360.0);
    assert!(off.min(360.0 - off) < 1.0);
}

#[test]
fn wrap_breaks_at_spaces_within_the_width() {
    assert_eq!(wrap("Grant lands at Hunter's Farm", 12), vec!["Grant lands", "at Hunter's", "Farm"]);
    assert_eq!(wrap("Chattanooga-Knoxville road", 5), vec!["Chattanooga-Knoxville", "road"]);
    assert!(wrap("   ", 10).is_empty());
}

/// The tooltip names the level and the place; every level on the map gets its own shade,
/// light to dark (the second playtest: past the fourth level the legend's shades were one).
#[test]
fn hex_tooltips_give_the_level_and_each_level_its_own_shade() {
    let board = tiny();
    let map = map_svg(&board);
    assert!(map.contains(", level 1</title>"), "the raised hex says its level");
    let shades: Vec<f64> = (1..=8).map(|e| shade(e, 8)).collect();
    assert!(shades.windows(2).all(|w| w[1] - w[0] > 0.04), "{shades:?}");
    assert!(shade(1, 1) > 0.0 && shade(8, 8) <= 0.5);
}

/// The page's key draws what the map draws (the second playtest: the page's legend listed only
/// some of the shades): every terrain, every level with its own shade, every kind of line.
#[test]
fn the_key_shows_every_terrain_level_and_line_the_map_draws() {
    let board = tiny();
    let key = legend_svg(&board);
    assert!(key.starts_with("<svg") && key.trim_end().ends_with("</svg>"));
    for l in &board.legend {
        assert!(key.contains(&esc(&l.name)), "{}", l.name);
    }
    let top = top_level(&board);
    for e in 1..=top {
        if board.hexes.iter().any(|h| h.elevation == e) {
            assert!(key.contains(&format!("Level {e}")), "level {e}");
            assert!(key.contains(&format!("fill-opacity=\"{:.2}\"", shade(e, top))), "level {e}'s shade");
        }
    }
    for l in &board.lines {
        assert!(key.contains(&esc(&capitalise(&line_style(&l.kind).name))), "{}", l.kind);
    }
    assert!(!key.contains("Tracks"), "the key only");
}

//! The authored charts, `data/standard-charts.ron`: they parse and say they are authored, every
//! record carries its source, the cells the rulebook fixes hold (9.45, 9.46, 7.21, 9.52, 9.53,
//! 9.72-9.73, 7.12), issue 16's corrections hold (a column never slower than a line, a retreat's
//! own rule for every terrain, stacking by units as well as SP), and the loader reports every
//! problem in a broken copy with its line.

use datafile::DataError;
use datafile::testing::{edit, line_starting};
use gbacw::authored::{self, CHARTS_FILE, Charts, Cost, FormationChange, Mover, Mp, Source, Step, Times};
use gbacw::terrain::{HexsideKind, Terrain};

const TEXT: &str = include_str!("../data/standard-charts.ron");

fn c() -> &'static Charts {
    authored::standard()
}

fn mp(halves: u16) -> Cost {
    Cost::Mp(Mp(halves))
}

#[test]
fn shipped_charts_parse_and_say_they_are_authored() {
    let parsed = authored::parse(TEXT, CHARTS_FILE).unwrap_or_else(|e| panic!("{}", datafile::report(&e)));
    assert_eq!(&parsed, c());
    assert!(TEXT.contains("THESE CHARTS ARE AUTHORED. They are NOT the published charts"));
    for case in ["5.19", "8.18", "9.25", "9.56"] {
        assert!(TEXT.contains(case), "the banner names {case}");
    }
}

#[test]
fn scale_is_issue_16s() {
    let s = &c().scale;
    assert_eq!((s.yards_per_hex, s.minutes_per_turn, s.men_per_sp), (120, 20, 100));
    assert!(s.source.iter().all(Source::is_authored));
}

/// Every record of every chart, with what it is, for the checks below.
fn every_source() -> Vec<(String, &'static [Source])> {
    let c = c();
    let mut out: Vec<(String, &[Source])> =
        vec![("scale".into(), &c.scale.source), ("road".into(), &c.road.source), ("gauge".into(), &c.gauge.source)];
    for m in Mover::ALL {
        out.push((format!("allowance {m:?}"), &c.allowance_record(m).source));
    }
    for f in FormationChange::ALL {
        out.push((format!("formation {f:?}"), &c.formation_record(f).source));
    }
    for t in Terrain::ALL {
        out.push((format!("move {t:?}"), &c.terrain_move(t).source));
        out.push((format!("stacking {t:?}"), &c.stacking(t).source));
        out.push((format!("combat {t:?}"), &c.terrain_combat(t).source));
    }
    for k in HexsideKind::ALL {
        out.push((format!("move {k:?}"), &c.hexside_move(k).source));
        out.push((format!("combat {k:?}"), &c.hexside_combat(k).source));
    }
    for w in c.weapons() {
        for b in &w.bands {
            out.push((format!("{} to {}", w.code, b.to), &b.source));
        }
    }
    out
}

#[test]
fn every_record_carries_its_source() {
    let all = every_source();
    assert!(all.len() > 60);
    for (what, source) in &all {
        assert!(!source.is_empty(), "{what} has no source");
        assert!(source.iter().all(|s| !s.note().trim().is_empty()), "{what}");
    }
    // The cells the text fixes say so, and say which case.
    let rulebook = |what: &str, case: &str| {
        let (_, source) = all.iter().find(|(w, _)| w == what).unwrap_or_else(|| panic!("no {what}"));
        assert!(
            source.iter().any(|s| matches!(s, Source::Rulebook(n) if n.contains(case))),
            "{what} cites {case}: {source:?}"
        );
    };
    rulebook("HB to 1", "9.45 example");
    rulebook("HB to 16", "9.45 example");
    rulebook("HB to 16", "9.46 example");
    rulebook("combat Woods", "9.53");
    rulebook("combat Woods", "9.72");
    rulebook("combat Crest", "9.52");
    rulebook("formation Facing", "7.12");
    rulebook("stacking Clear", "7.21");
    rulebook("gauge", "9.73");
    // Everything else the loader does not check against a case is authored.
    let hb2 = &c().weapon("HB").expect("HB").bands[1];
    assert!(hb2.source.iter().all(Source::is_authored));
    assert_eq!(hb2.source[0].to_string(), "authored: canister's reach, 240 yd");
}

#[test]
fn charts_rule_9_45_hb_points() {
    let c = c();
    // Four guns adjacent: 4 x 10 = 40; two guns at ten hexes: 2 x 1/2 = 1 (in half-points).
    let adjacent = c.range_multiplier("HB", 1).expect("HB at 1");
    let ten = c.range_multiplier("HB", 10).expect("HB at 10");
    assert_eq!((adjacent, ten), (Times(20), Times(1)));
    assert_eq!(adjacent.of(4), 80, "40 Strength Points");
    assert_eq!(ten.of(2), 2, "1 Strength Point");
    assert_eq!(adjacent.to_string(), "x10");
    assert_eq!(ten.to_string(), "x1/2");
    // Range counts the target hex, not the firer's (9.23): nothing at 0.
    assert_eq!(c.range_multiplier("HB", 0), None);
}

#[test]
fn charts_rule_9_46_half_at_16() {
    let c = c();
    let hb = c.weapon("HB").expect("HB");
    // Issue 16: 9.46 continues 9.45's battery; HB keeps half strength from ten out to sixteen.
    for hexes in 10..=16 {
        assert_eq!(hb.times(hexes), Some(Times(1)), "HB at {hexes}");
    }
    assert_eq!(hb.max_range(), 16);
    assert_eq!(hb.times(17), None);
    // 9.46's arithmetic: six guns split six ways at sixteen hexes make 1/2 each, under the
    // one-point minimum; split three ways, two guns make 1 each.
    assert!(hb.times(16).expect("16").of(1) < 2);
    assert_eq!(hb.times(16).expect("16").of(2), 2);
}

#[test]
fn ranges_fall_with_distance_and_fit_the_arms() {
    for w in c().weapons() {
        let mut last = u16::MAX;
        for hexes in 1..=u16::from(w.max_range()) {
            let t = w.times(hexes).expect("in range").halves();
            assert!(t <= last, "{} rises at {hexes}", w.code);
            last = t;
        }
    }
    let c = c();
    let max = |code: &str| c.weapon(code).expect(code).max_range();
    // At 120 yd a hex: smoothbore musket 240 yd, rifle 480, rifled gun 2,400, heavy 3,600.
    assert_eq!((max("M"), max("R"), max("P"), max("RF"), max("HV")), (2, 4, 1, 20, 30));
    assert!(max("C") < max("R") && max("CR") < max("R"));
    // The rulebook's named arms are all there (3.34, 6.14, 9.45).
    for code in ["M", "R", "C", "P", "CR", "HB", "RF", "HV"] {
        assert!(c.weapon(code).is_some(), "{code}");
    }
    assert_eq!(c.range_multiplier("ZZ", 1), None, "9.21: no weapon type, no fire");
}

#[test]
fn charts_rule_7_21_clear_holds_nine() {
    let s = c().stacking(Terrain::Clear);
    // Three regiments of 3 in a clear hex: all three may stand there...
    assert!(s.units >= 3 && s.sp >= 9, "{s:?}");
    // ...and fire 4 + 4 + 1 through three frontal hexsides.
    assert_eq!(s.fire_sp, 4);
    let mut left = 9;
    let mut per_side = Vec::new();
    while left > 0 {
        let n = left.min(s.fire_sp);
        per_side.push(n);
        left -= n;
    }
    assert_eq!(per_side, [4, 4, 1]);
    // Units as well as SP (8.11): twelve 1-SP companies do not fit where three regiments do.
    assert!(u32::from(s.units) < 12);
    // 8.18's rows: broken ground holds less; water nothing; a side melees with what a hex holds.
    for t in Terrain::ALL {
        let r = c().stacking(t);
        assert!(r.sp <= s.sp && r.units <= s.units, "{t:?}");
        assert!(r.melee_sp <= r.sp && r.melee_units <= r.units, "{t:?}");
        assert_eq!(r.units == 0, t.is_water(), "{t:?}");
    }
    assert!(c().stacking(Terrain::Woods).sp < s.sp);
}

#[test]
fn column_never_slower_than_a_line_in_woods() {
    let c = c();
    assert!(c.enter_cost(Terrain::Woods, Mover::Column).at_most(c.enter_cost(Terrain::Woods, Mover::Line)));
    assert!(c.allowance(Mover::Column) >= c.allowance(Mover::Line));
    // Nor anywhere else, on or off a road, across any hexside, up or down.
    for into in Terrain::ALL {
        for across in [None, Some(HexsideKind::Crest), Some(HexsideKind::Stream), Some(HexsideKind::Bayou)] {
            for (climbing, road) in [(false, false), (true, false), (false, true), (true, true)] {
                let step = Step { into, across, climbing, road };
                let (column, line) = (c.step_cost(step, Mover::Column), c.step_cost(step, Mover::Line));
                assert!(column.at_most(line), "{step:?}: column {column}, line {line}");
            }
        }
    }
}

#[test]
fn every_terrain_says_whether_a_forced_retreat_may_enter() {
    let c = c();
    for t in Terrain::ALL {
        let row = c.terrain_move(t);
        assert_eq!(row.terrain, t);
        // Only water refuses a retreat (12.92, 14.1)...
        assert_eq!(c.retreat_may_enter(t), !t.is_water(), "{t:?}");
        // ...so a battery routed where its teams may not move is not captured for want of a road.
        if c.enter_cost(t, Mover::Limbered) == Cost::Prohibited && !t.is_water() {
            assert!(c.retreat_may_enter(t), "{t:?}");
        }
    }
    assert!(c.retreat_may_step(Terrain::Woods, Some(HexsideKind::Stream)));
    assert!(!c.retreat_may_step(Terrain::Woods, Some(HexsideKind::Bayou)), "the wet bayou is impassable (14.1)");
    assert!(!c.retreat_may_step(Terrain::Pond, None));
}

#[test]
fn step_costs_follow_roads_bridges_and_crests() {
    let c = c();
    let woods = |across, climbing, road| Step { into: Terrain::Woods, across, climbing, road };
    // A column on a road pays the road's 1/2 through timber, over a stream (a bridge)...
    assert_eq!(c.step_cost(woods(None, false, true), Mover::Column), mp(1));
    assert_eq!(c.step_cost(woods(Some(HexsideKind::Stream), false, true), Mover::Limbered), mp(1));
    // ...a line never uses the road (6.12).
    assert_eq!(c.road_cost(Mover::Line), None);
    assert_eq!(c.step_cost(woods(None, false, true), Mover::Line), c.enter_cost(Terrain::Woods, Mover::Line));
    // A crest costs going up only.
    let up = c.step_cost(woods(Some(HexsideKind::Crest), true, false), Mover::Line);
    let down = c.step_cost(woods(Some(HexsideKind::Crest), false, false), Mover::Line);
    assert_eq!(up, c.enter_cost(Terrain::Woods, Mover::Line).plus(c.hexside_cost(HexsideKind::Crest, Mover::Line)));
    assert_eq!(down, c.enter_cost(Terrain::Woods, Mover::Line));
    // The bayou stops everyone, road or no road.
    for m in Mover::ALL {
        assert_eq!(c.step_cost(woods(Some(HexsideKind::Bayou), false, true), m), Cost::Prohibited, "{m:?}");
    }
    // Guns off the road: into timber slowly, never through abatis or marsh.
    assert!(c.enter_cost(Terrain::Woods, Mover::Limbered).mp().is_some());
    assert_eq!(c.enter_cost(Terrain::Abatis, Mover::Limbered), Cost::Prohibited);
    assert_eq!(c.enter_cost(Terrain::Marsh, Mover::Wagon), Cost::Prohibited);
    // Allowances and formation changes (5.19, 6.2, 7.12).
    assert_eq!(c.allowance(Mover::Line), Mp::whole(6));
    assert_eq!(c.allowance(Mover::Mounted), Mp::whole(12));
    assert_eq!(c.formation_cost(FormationChange::Facing), Mp(0));
    assert_eq!(c.formation_cost(FormationChange::LineColumn), Mp::whole(2));
    assert_eq!(c.enter_cost(Terrain::Woods, Mover::Line).to_string(), "1 1/2");
}

#[test]
fn combat_chart_cells_the_rules_fix_and_ours() {
    let c = c();
    assert_eq!(c.fire_shift(Terrain::Woods), 1, "9.53");
    assert_eq!(c.hexside_fire_shift(HexsideKind::Crest), 1, "9.52");
    assert_eq!(c.los_height_ft(Terrain::Woods), c.gauge().trees_ft, "9.72");
    let g = c.gauge();
    assert_eq!((g.trees_ft, g.men_ft, g.mounted_ft, g.grace_ft, g.step_ft), (20, 5, 10, 5, 5));
    assert_eq!((g.unit_ft(false), g.unit_ft(true)), (5, 10));
    assert!(c.blocks_los(Terrain::Woods) && !c.blocks_los(Terrain::Clear));
    // R3: clear iff (hp - 5) * D <= H * dp. Corn (10 ft) never blocks a level view between men;
    // the camp (15 ft) does.
    let level_clear = |obstacle_ft: i32| (obstacle_ft - i32::from(g.men_ft) - i32::from(g.grace_ft)) <= 0;
    assert!(level_clear(i32::from(c.los_height_ft(Terrain::Cornfield))));
    assert!(!level_clear(i32::from(c.los_height_ft(Terrain::Camp))));
    for t in Terrain::ALL {
        assert!(c.fire_shift(t) <= 2, "9.51");
        assert!((-1..=0).contains(&c.melee_effect(t)), "12.0: one point of terrain");
    }
    assert!(c.charge_into(Terrain::Clear) && c.charge_into(Terrain::Cornfield));
    assert!(!c.charge_into(Terrain::Woods) && !c.charge_into(Terrain::Camp));
    assert!(!c.charge_across(HexsideKind::Crest) && !c.charge_across(HexsideKind::Stream));
    assert_eq!(c.melee_effect(Terrain::Woods), -1);
    assert_eq!(c.hexside_melee_effect(HexsideKind::Crest), -1);
}

fn errors(text: &str) -> Vec<DataError> {
    match authored::parse(text, "broken.ron") {
        Ok(_) => panic!("the broken copy parsed"),
        Err(e) => e,
    }
}

fn has(errs: &[DataError], line: usize, words: &str) -> bool {
    datafile::testing::has(errs, "broken.ron", line, words)
}

#[test]
fn broken_charts_report_every_problem_with_lines() {
    // A column slower than a line in woods, and a cell that does not read.
    let woods = line_starting(TEXT, "(terrain: Woods, line:");
    let text = edit(TEXT, woods, |l| {
        l.replacen("column: \"1 1/2\"", "column: \"2\"", 1).replacen("wagon: \"3\"", "wagon: \"1/3\"", 1)
    });
    // 9.45's cell changed.
    let hb1 = line_starting(&text, "(to: 1, times: \"x10\"");
    let text = edit(&text, hb1, |l| l.replacen("x10", "x8", 1));
    // A stacking row that lets clear hold too little for 7.21.
    let clear = line_starting(&text, "(terrain: Clear, units: 4");
    let text = edit(&text, clear, |l| {
        l.replacen(
            "sp: 12, batteries: 2, melee_units: 4, melee_sp: 12",
            "sp: 8, batteries: 2, melee_units: 4, melee_sp: 8",
            1,
        )
    });
    // A source with nothing to say.
    let musket = line_starting(&text, "(to: 1, times: \"x2\", source: [Authored(\"buck");
    let text = edit(&text, musket, |_| "            (to: 1, times: \"x2\", source: []),".to_string());
    // The gauge's trees grown.
    let gauge = line_starting(&text, "trees_ft: 20");
    let text = edit(&text, gauge, |l| l.replacen("trees_ft: 20", "trees_ft: 25", 1));
    let errs = errors(&text);
    let report = datafile::report(&errs);
    assert!(has(&errs, woods, "woods: a column (2) is slower than a line (1 1/2)"), "{report}");
    assert!(has(&errs, woods, "'1/3' is not Movement Points"), "{report}");
    let hb = line_starting(&text, "(code: \"HB\"");
    assert!(has(&errs, hb, "HB at 1 hexes is x8; the 9.45 example fixes x10"), "{report}");
    assert!(has(&errs, clear, "7.21's example"), "{report}");
    assert!(has(&errs, musket, "M's band to 1 has no source"), "{report}");
    assert!(has(&errs, gauge - 1, "trees_ft is 25; 9.72 fixes 20"), "{report}");
    let woods_combat = line_starting(&text, "(terrain: Woods, fire_shift");
    assert!(has(&errs, woods_combat, "woods stand 20 ft but 9.72's trees 25 ft"), "{report}");
    assert_eq!(errs.len(), 7, "{report}");
    let lines: Vec<usize> = errs.iter().map(|e| e.line).collect();
    assert!(lines.windows(2).all(|w| w[0] <= w[1]), "sorted by line");
}

#[test]
fn broken_rows_missing_doubled_or_unreadable() {
    // A terrain's stacking row gone, and another terrain's given twice.
    let marsh = line_starting(TEXT, "(terrain: Marsh, units:");
    let text = edit(TEXT, marsh, |l| l.replacen("Marsh", "Abatis", 1));
    let errs = errors(&text);
    let report = datafile::report(&errs);
    assert!(has(&errs, marsh, "abatis has two rows in stacking"), "{report}");
    assert!(errs.iter().any(|e| e.message == "marsh has no row in stacking"), "{report}");
    // A syntax error is reported alone, with its line.
    let road = line_starting(TEXT, "road: (mp:");
    let errs = errors(&edit(TEXT, road, |l| l.replacen("road: (mp:", "road: (mpp:", 1)));
    assert_eq!(errs.len(), 1, "{}", datafile::report(&errs));
    assert_eq!(errs[0].line, road);
}

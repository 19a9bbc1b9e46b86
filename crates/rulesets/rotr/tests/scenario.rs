//! The Belmont scenario (authored; plan section 6): both files load clean, and each check the
//! loader makes reports its problem, with its file and line, when one line is edited to break it.

use datafile::DataError;
use datafile::testing::{edit, has, line_starting};
use rotr::scenario::{
    BELMONT_OOB_RON, BELMONT_TABLE_RON, Entry, OOB_FILE, Scenario, Shape, Side, TABLE_FILE, load, load_text,
};
use rotr::sheets::{Performance, Quality, Sheets};
use table::interiors_meet;
use table::{Polygon, Pos, inside, overlap_interior};

fn sheets() -> Sheets {
    rotr::sheets::load().unwrap_or_else(|e| panic!("{}", datafile::report(&e)))
}

fn scenario() -> Scenario {
    load(&sheets()).unwrap_or_else(|e| panic!("{}", datafile::report(&e)))
}

/// The 1-based line of the first line starting with `start` at or after the line starting with
/// `after`.
fn line_after(text: &str, after: &str, start: &str) -> usize {
    let from = line_starting(text, after) - 1;
    from + 1 + text.lines().skip(from).position(|l| l.trim_start().starts_with(start)).expect("line")
}

/// The table file with line `line` rewritten by `f`, loaded with the real orders of battle.
fn table_edited(line: usize, f: impl FnOnce(&str) -> String) -> Vec<DataError> {
    let text = edit(BELMONT_TABLE_RON, line, f);
    load_text(&text, TABLE_FILE, BELMONT_OOB_RON, OOB_FILE, &sheets()).expect_err("refused")
}

/// The orders of battle with line `line` rewritten by `f`, loaded with the real table.
fn oob_edited(line: usize, f: impl FnOnce(&str) -> String) -> Vec<DataError> {
    let text = edit(BELMONT_OOB_RON, line, f);
    load_text(BELMONT_TABLE_RON, TABLE_FILE, &text, OOB_FILE, &sheets()).expect_err("refused")
}

/// The line of field `field:` in the unit record named `unit`.
fn unit_line(unit: &str, field: &str) -> usize {
    line_after(BELMONT_OOB_RON, &format!("name: \"{unit}\""), field)
}

/// The line of field `field:` in the feature record named `feature`.
fn feature_line(feature: &str, field: &str) -> usize {
    line_after(BELMONT_TABLE_RON, &format!("name: \"{feature}\""), field)
}

#[test]
fn belmont_loads_and_says_it_is_authored() {
    let s = scenario();
    assert!(s.status.contains("AUTHORED") && s.status.contains("not a published scenario"));
    assert!(BELMONT_TABLE_RON.contains("AUTHORED: TABLE DRAWN FROM THE HISTORICAL GEOGRAPHY"));
    assert_eq!((s.units.len(), s.brigades.len(), s.commanders.len()), (18, 5, 7));
    assert_eq!(s.table.size, Pos::inches(96, 72));
    assert_eq!(s.table.features.len(), 14);
}

/// Plan 6.6: 13 turns of 10 minutes from 10:20; the last begins at 12:20.
#[test]
fn thirteen_turns_from_ten_twenty() {
    let s = scenario();
    assert_eq!(s.turns, 13);
    assert_eq!(
        (s.clock(1), s.clock(2), s.clock(7), s.clock(13)),
        ("10:20".into(), "10:30".into(), "11:20".into(), "12:20".into())
    );
}

/// Plan 6.3: figures = men / 25 rounded, 3 a stand (2 mounted), the last holding the rest;
/// artillery a stand a section of 2 guns with 2 crew (1.3).
#[test]
fn figures_and_stands_derive_from_men() {
    let s = scenario();
    let count = |n: &str| s.unit(n).map(|u| (u.figures, u.stand_figures.clone())).expect("unit");
    assert_eq!(count("27th Illinois"), (29, [vec![3; 9], vec![2]].concat()));
    assert_eq!(count("22nd Illinois"), (22, [vec![3; 7], vec![1]].concat()));
    assert_eq!(count("Dollins's cavalry company"), (3, vec![2, 1]));
    assert_eq!(count("Miller's cavalry"), (5, vec![2, 2, 1]));
    assert_eq!(count("Watson Battery"), (6, vec![2, 2, 2]));
    assert_eq!(s.unit("Watson Battery").map(|u| u.guns), Some(6));
}

/// Plan 6.4: no two units' stands overlap at set-up (touching allowed), every stand lies on the
/// table and out of the water.
#[test]
fn set_up_has_no_overlaps() {
    let s = scenario();
    let bodies: Vec<_> = s.units.iter().filter_map(|u| s.set_up_body(u).map(|b| (u.name.clone(), b))).collect();
    assert_eq!(bodies.len(), 14);
    let water: Vec<&Polygon> = s
        .table
        .features
        .iter()
        .filter_map(|f| match &f.shape {
            Shape::Area { polygon, .. } if f.kind == "water" => Some(polygon),
            _ => None,
        })
        .collect();
    for (k, (name, body)) in bodies.iter().enumerate() {
        for st in &body.stands {
            assert!(inside(&st.polygon(), &s.table.rect()), "{name} off the table");
            assert!(water.iter().all(|w| !interiors_meet(&st.polygon(), w)), "{name} in the water");
        }
        for (other, ob) in &bodies[..k] {
            let meet =
                body.stands.iter().any(|a| ob.stands.iter().any(|b| overlap_interior(&a.polygon(), &b.polygon())));
            assert!(!meet, "{name} overlaps {other}");
        }
    }
}

/// The neighbouring case: the 13th Arkansas set up on the 22nd Tennessee is refused at its own
/// entry line, naming the other.
#[test]
fn overlapping_set_up_is_refused_naming_both() {
    let line = unit_line("13th Arkansas", "enters:");
    let errs = oob_edited(line, |l| l.replace("(\"61.4375\", \"43.25\")", "(\"57\", \"37\")"));
    assert!(
        has(&errs, OOB_FILE, line, "13th Arkansas: its stands overlap those of 22nd Tennessee"),
        "{}",
        datafile::report(&errs)
    );
}

/// 5.0, 7.0: guns come on unlimbered or limbered, not in an infantry formation.
#[test]
fn a_formation_the_arm_lacks_is_refused() {
    let line = unit_line("Watson Battery", "enters:");
    let errs = oob_edited(line, |l| l.replace("\"Unlimbered\"", "\"Line\""));
    assert!(
        has(&errs, OOB_FILE, line, "'Line' is not a formation of the arm Artillery"),
        "{}",
        datafile::report(&errs)
    );
}

#[test]
fn a_unit_set_up_off_the_table_is_refused() {
    let line = unit_line("27th Illinois", "enters:");
    let errs = oob_edited(line, |l| l.replace("(\"36\", \"36\")", "(\"2\", \"36\")"));
    assert!(has(&errs, OOB_FILE, line, "do not all lie on the table at set-up"), "{}", datafile::report(&errs));
}

#[test]
fn a_unit_set_up_in_the_pond_is_refused() {
    let line = unit_line("Dollins's cavalry company", "enters:");
    let errs = oob_edited(line, |l| l.replace("(\"31.8125\", \"30.375\")", "(\"17\", \"20\")"));
    assert!(has(&errs, OOB_FILE, line, "stand in Pond"), "{}", datafile::report(&errs));
}

/// R55: each arrival enters in column, its rear stand's back edge on its point, all on the table.
#[test]
fn r55_arrivals_lie_on_the_table_in_column() {
    let s = scenario();
    for u in &s.units {
        let Entry::Arrives { at, .. } = &u.entry else { continue };
        let body = s.arrival_body(u).expect("arrival");
        let point = s.table.point(at).expect("point");
        assert!(body.stands.iter().all(|st| inside(&st.polygon(), &s.table.rect())), "{}", u.name);
        assert_eq!(body.facing(), point.bearing, "{}", u.name);
        let [_, bl, br, _] = body.stands.last().expect("stands").corners();
        assert!(bl.dist2(point.at) <= 2 * 16 * 16 && br.dist2(point.at) <= 2 * 16 * 16, "{}", u.name);
    }
}

#[test]
fn arrival_turns_lie_within_the_game() {
    let line = unit_line("11th Louisiana", "enters:");
    let errs = oob_edited(line, |l| l.replace("turn: 7", "turn: 14"));
    assert!(has(&errs, OOB_FILE, line, "due on turn 14; the game has turns 1-13"), "{}", datafile::report(&errs));
}

#[test]
fn an_arrival_at_no_point_is_refused() {
    let line = unit_line("2nd Tennessee", "enters:");
    let errs = oob_edited(line, |l| l.replace("Belmont landing", "Columbus"));
    assert!(has(&errs, OOB_FILE, line, "no point 'Columbus'"), "{}", datafile::report(&errs));
}

/// 4.1: two or more infantry or cavalry units a brigade. Moving the 22nd Illinois to McClernand
/// leaves Dougherty one, refused at Dougherty's line; McClernand, now 7, is still legal.
#[test]
fn rule_4_1_brigade_sizes_checked() {
    let line = unit_line("22nd Illinois", "name:");
    let errs = oob_edited(line, |l| l.replace("brigade: \"Dougherty\"", "brigade: \"McClernand\""));
    let dougherty = line_starting(BELMONT_OOB_RON, "(chit: \"Dougherty\"");
    assert!(
        has(&errs, OOB_FILE, dougherty, "brigade Dougherty: 1 infantry or cavalry units"),
        "{}",
        datafile::report(&errs)
    );
    let mcclernand = line_starting(BELMONT_OOB_RON, "(chit: \"McClernand\"");
    assert!(!errs.iter().any(|e| e.line == mcclernand), "{}", datafile::report(&errs));
    // Artillery does not count toward the two: Tappan without Miller's cavalry has one.
    let line = unit_line("Miller's cavalry", "name:");
    let errs = oob_edited(line, |l| l.replace("brigade: \"Tappan\"", "brigade: \"Russell\""));
    let tappan = line_starting(BELMONT_OOB_RON, "(chit: \"Tappan\"");
    assert!(
        has(&errs, OOB_FILE, tappan, "brigade Tappan: 1 infantry or cavalry units and 2 in all"),
        "{}",
        datafile::report(&errs)
    );
}

#[test]
fn a_unit_of_no_brigade_is_refused() {
    let line = unit_line("7th Iowa", "name:");
    let errs = oob_edited(line, |l| l.replace("brigade: \"Dougherty\"", "brigade: \"Lauman\""));
    assert!(has(&errs, OOB_FILE, line, "no brigade has the chit 'Lauman'"), "{}", datafile::report(&errs));
}

#[test]
fn figures_and_stands_must_agree_with_the_men() {
    let line = unit_line("27th Illinois", "figures:");
    let errs = oob_edited(line, |l| l.replace("figures: 29", "figures: 30"));
    assert!(has(&errs, OOB_FILE, line, "plan 6.3's count gives 29 on 10"), "{}", datafile::report(&errs));
    let line = unit_line("Watson Battery", "guns:");
    let errs = oob_edited(line, |l| l.replace("stands: 3", "stands: 2"));
    assert!(has(&errs, OOB_FILE, line, "gives 6 on 3"), "{}", datafile::report(&errs));
}

#[test]
fn a_weapon_the_sheets_lack_is_refused() {
    let line = unit_line("31st Illinois", "weapon:");
    let errs = oob_edited(line, |l| l.replace("\"smoothbore musket\"", "\"Enfield\""));
    assert!(has(&errs, OOB_FILE, line, "'Enfield' is not one of sheet A's small arms"), "{}", datafile::report(&errs));
    // A gun bore is not a small arm.
    let errs = oob_edited(line, |l| l.replace("\"smoothbore musket\"", "\"smoothbore\""));
    assert!(has(&errs, OOB_FILE, line, "not one of sheet A's small arms"), "{}", datafile::report(&errs));
}

#[test]
fn unit_and_commander_types_are_the_sheets() {
    let line = unit_line("7th Iowa", "weapon:");
    let errs = oob_edited(line, |l| l.replace("type: \"Trained\"", "type: \"Green\""));
    assert!(has(&errs, OOB_FILE, line, "'Green' is not a unit type sheet A rates"), "{}", datafile::report(&errs));
    let line = line_starting(BELMONT_OOB_RON, "(name: \"Col. Henry Dougherty\"");
    let errs = oob_edited(line, |l| l.replace("type: \"B\"", "type: \"E\""));
    assert!(has(&errs, OOB_FILE, line, "'E' is not a commander type A-D"), "{}", datafile::report(&errs));
}

#[test]
fn a_commander_with_no_unit_is_refused() {
    let line = line_starting(BELMONT_OOB_RON, "(name: \"Col. J. C. Tappan\"");
    let errs = oob_edited(line, |l| l.replace("with: \"13th Arkansas\"", "with: \"27th Illinois\""));
    assert!(has(&errs, OOB_FILE, line, "no Confederate unit is named '27th Illinois'"), "{}", datafile::report(&errs));
}

/// R1, plan 6.5: Walker's chit joins the cup on turn 2, when his first unit is due.
#[test]
fn the_cup_is_r1s() {
    let line = line_starting(BELMONT_OOB_RON, "(turn: 2, chits:");
    let errs = oob_edited(line, |l| l.replace(", \"Walker\"", ""));
    assert!(
        has(&errs, OOB_FILE, line, "turn 2: R1 puts Dougherty, McClernand, Russell, Tappan, Walker"),
        "{}",
        datafile::report(&errs)
    );
    let s = scenario();
    assert_eq!(s.cup[0].1, ["McClernand", "Dougherty", "Russell", "Tappan"]);
}

/// Plan 6.3's option `assigned-values` (2.5): the 7th Iowa Good, the rest Average; a quality a
/// type's column cannot roll is refused.
#[test]
fn assigned_values_are_the_sheets() {
    let s = scenario();
    assert_eq!(s.assigned.performance_of("7th Iowa"), Performance::Good);
    assert_eq!(s.assigned.performance_of("27th Illinois"), Performance::Average);
    assert!(s.assigned.commanders.contains(&("A".into(), Quality::Cautious)));
    let line = line_starting(BELMONT_OOB_RON, "commanders: [(\"A\"");
    let errs = oob_edited(line, |l| l.replace("(\"A\", \"Cautious\")", "(\"A\", \"Exceptional\")"));
    assert!(has(&errs, OOB_FILE, line, "type 'A' at 'Exceptional'"), "{}", datafile::report(&errs));
}

#[test]
fn a_misspelt_field_is_refused_with_its_line() {
    let line = feature_line("Pond", "layer:");
    let errs = table_edited(line, |l| l.replace("layer", "layr"));
    assert_eq!(errs.len(), 1);
    assert!(
        errs[0].line == line && errs[0].file == TABLE_FILE && errs[0].message.contains("layr"),
        "{}",
        datafile::report(&errs)
    );
}

#[test]
fn a_feature_off_the_table_is_refused() {
    let line = feature_line("Mississippi River", "polygon:");
    let errs = table_edited(line, |l| l.replace("(\"96\", \"0\")", "(\"97\", \"0\")"));
    assert!(
        has(&errs, TABLE_FILE, line, "'Mississippi River' does not lie on the table"),
        "{}",
        datafile::report(&errs)
    );
    let line = feature_line("Plank road", "polyline:");
    let errs = table_edited(line, |l| l.replace("(\"0\", \"12\")", "(\"0\", \"80\")"));
    assert!(has(&errs, TABLE_FILE, line, "'Plank road' runs off the table"), "{}", datafile::report(&errs));
}

/// Features of one layer may touch (the river and the clearing share x = 82, and load clean)
/// but not overlap: the pond moved to the slough's layer is refused.
#[test]
fn features_of_one_layer_do_not_overlap() {
    let line = feature_line("Pond", "layer:");
    let errs = table_edited(line, |l| l.replace("layer: 1", "layer: 0"));
    let at = feature_line("Pond", "polygon:");
    assert!(has(&errs, TABLE_FILE, at, "'Pond' overlaps 'Slough' on the same layer"), "{}", datafile::report(&errs));
}

#[test]
fn a_self_intersecting_polygon_is_refused() {
    let line = feature_line("Camp Johnston's tents", "polygon:");
    let errs =
        table_edited(line, |l| l.replace("(\"73\", \"27\"), (\"73\", \"37\")", "(\"73\", \"37\"), (\"73\", \"27\")"));
    assert!(has(&errs, TABLE_FILE, line, "crosses itself"), "{}", datafile::report(&errs));
    let errs = table_edited(line, |l| l.replace(", (\"73\", \"37\"), (\"63\", \"37\")", ""));
    assert!(has(&errs, TABLE_FILE, line, "2 corners; a polygon needs at least 3"), "{}", datafile::report(&errs));
}

#[test]
fn a_kind_the_terrain_key_lacks_is_refused() {
    let line = feature_line("Slough", "kind:");
    let errs = table_edited(line, |l| l.replace("\"swamp\"", "\"bog\""));
    assert!(
        has(&errs, TABLE_FILE, line, "kind 'bog' is not a key of sheet A's terrain key"),
        "{}",
        datafile::report(&errs)
    );
}

#[test]
fn roads_are_polylines() {
    let line = feature_line("Farm road", "polyline:");
    let errs = table_edited(line, |l| l.replace("polyline:", "polygon:"));
    let kind = feature_line("Farm road", "kind:");
    assert!(has(&errs, TABLE_FILE, kind, "a road is a line"), "{}", datafile::report(&errs));
}

#[test]
fn a_point_off_the_table_is_refused() {
    let line = line_after(BELMONT_TABLE_RON, "name: \"Belmont landing\"", "at:");
    let errs = table_edited(line, |l| l.replace("\"81.5\"", "\"96.5\""));
    assert!(has(&errs, TABLE_FILE, line, "'Belmont landing' is off the table"), "{}", datafile::report(&errs));
    let errs = table_edited(line, |l| l.replace("\"81.5\"", "\"81.55\""));
    assert!(has(&errs, TABLE_FILE, line, "not a point in inches to the sixteenth"), "{}", datafile::report(&errs));
}

/// Every problem at once, from both files.
#[test]
fn loader_reports_every_problem() {
    let kind = feature_line("Slough", "kind:");
    let table = edit(BELMONT_TABLE_RON, kind, |l| l.replace("\"swamp\"", "\"bog\""));
    let fig = unit_line("27th Illinois", "figures:");
    let oob = edit(BELMONT_OOB_RON, fig, |l| l.replace("figures: 29", "figures: 30"));
    let turn = unit_line("11th Louisiana", "enters:");
    let oob = edit(&oob, turn, |l| l.replace("turn: 7", "turn: 0"));
    let errs = load_text(&table, TABLE_FILE, &oob, OOB_FILE, &sheets()).expect_err("refused");
    assert!(has(&errs, TABLE_FILE, kind, "bog"), "{}", datafile::report(&errs));
    assert!(has(&errs, OOB_FILE, fig, "gives 29"), "{}", datafile::report(&errs));
    assert!(has(&errs, OOB_FILE, turn, "due on turn 0"), "{}", datafile::report(&errs));
}

/// The loader's overlap test for terrain, convex or not: touching is not overlapping.
#[test]
fn interiors_meet_is_exact_for_concave_shapes() {
    let poly = |pts: &[(i32, i32)]| Polygon { points: pts.iter().map(|&(x, y)| Pos::new(x, y)).collect() };
    let square = poly(&[(0, 0), (4, 0), (4, 4), (0, 4)]);
    assert!(!interiors_meet(&square, &poly(&[(4, 0), (8, 0), (8, 4), (4, 4)])), "shared edge");
    assert!(!interiors_meet(&square, &poly(&[(4, 4), (8, 4), (8, 8)])), "shared corner");
    assert!(interiors_meet(&square, &square.clone()), "the same square");
    assert!(interiors_meet(&square, &poly(&[(1, 1), (2, 1), (2, 2)])), "one inside the other");
    assert!(interiors_meet(&square, &poly(&[(3, 1), (6, 1), (6, 2), (3, 2)])), "crossing");
    // A U-shape and a block in its notch touch on three sides without overlapping.
    let u = poly(&[(0, 0), (6, 0), (6, 6), (4, 6), (4, 2), (2, 2), (2, 6), (0, 6)]);
    assert!(!interiors_meet(&u, &poly(&[(2, 2), (4, 2), (4, 6), (2, 6)])), "in the notch");
    assert!(interiors_meet(&u, &poly(&[(2, 1), (4, 1), (4, 6), (2, 6)])), "an inch too deep");
    // The ridge crosses the clearing and the abatis on another layer: no clash there.
    let s = scenario();
    assert!(s.table.levels().faults().is_empty());
    assert_eq!(s.table.levels().level_at(Pos::inches(56, 36)), 1);
    assert_eq!(s.table.levels().slopes[0][0], 1, "class 1: slight");
    assert!(s.commanders.iter().filter(|c| c.brigade.is_none()).map(|c| c.side).eq(Side::ALL));
}

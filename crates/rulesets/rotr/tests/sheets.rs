//! Game sheets A, B and C (authored; plan section 5): the loader holds the cells the text
//! fixes and reports every problem with its line; the chart functions read the sheets as the
//! rules will.

use datafile::testing::{edit, has, line_starting};
use rotr::sheets::{
    FireKind, LossCategory, MoraleResult, Performance, Quality, SHEETS_RON, Scale, Sheets, load, load_text,
};

const FILE: &str = "sheets.ron";

fn sheets() -> Sheets {
    load().unwrap_or_else(|e| panic!("{}", datafile::report(&e)))
}

/// The line of the first line starting with `start` at or after the line starting `after`.
fn line_after(after: &str, start: &str) -> usize {
    let from = line_starting(SHEETS_RON, after);
    from + SHEETS_RON.lines().skip(from).position(|l| l.trim_start().starts_with(start)).expect("line") + 1
}

#[test]
fn the_sheets_load_and_say_they_are_authored() {
    let s = sheets();
    assert!(s.status.contains("AUTHORED, NOT THE PUBLISHED SHEETS"));
}

#[test]
fn rule_8_1_forty_at_three_is_five() {
    assert_eq!(sheets().fire(Scale::Mm15, FireKind::SmallArms, 40, 3).figures, 5);
}

#[test]
fn rule_8_1_eight_at_three_is_one() {
    assert_eq!(sheets().fire(Scale::Mm15, FireKind::SmallArms, 8, 3).figures, 1);
}

/// 8.1: more than 40 figures read the 40 column and the column for the rest with one roll.
#[test]
fn rule_8_1_forty_eight_is_forty_plus_eight() {
    let s = sheets();
    assert_eq!(s.fire(Scale::Mm15, FireKind::SmallArms, 48, 3).figures, 6);
    // The neighbouring case: 40 alone is not split.
    assert_eq!(s.fire(Scale::Mm15, FireKind::SmallArms, 39, 3).figures, 5);
}

/// Ruling R28: sheet C splits at its 20 columns as 8.1 does at 40; a morale hit ("M") adds no
/// figure.
#[test]
fn sheet_c_over_twenty_splits_at_twenty() {
    let s = sheets();
    let twenty = s.fire(Scale::Mm25, FireKind::SmallArms, 20, 3);
    let two = s.fire(Scale::Mm25, FireKind::SmallArms, 2, 3);
    assert_eq!((twenty.figures, two.figures, two.morale_hit), (3, 0, true));
    let twenty_two = s.fire(Scale::Mm25, FireKind::SmallArms, 22, 3);
    assert_eq!(twenty_two.figures, 3);
    assert!(twenty_two.morale_hit);
    // Sheet C puts a gun firing shot/shell on a figure's row (8.1).
    assert_eq!(s.fire(Scale::Mm25, FireKind::ShotShell, 6, 0), s.fire(Scale::Mm25, FireKind::SmallArms, 6, 0));
}

/// 8.1: rolls beyond the printed rows read the end rows.
#[test]
fn rolls_beyond_the_rows_read_the_end_rows() {
    let s = sheets();
    assert_eq!(s.fire(Scale::Mm15, FireKind::SmallArms, 20, -7), s.fire(Scale::Mm15, FireKind::SmallArms, 20, -3));
    assert_eq!(s.fire(Scale::Mm15, FireKind::SmallArms, 40, 14).figures, 0);
}

#[test]
fn fire_tables_monotone() {
    let s = sheets();
    for scale in [Scale::Mm15, Scale::Mm25] {
        for kind in [FireKind::SmallArms, FireKind::ShotShell, FireKind::CanisterSmoothbore, FireKind::CanisterRifled] {
            for roll in -3..=10 {
                for n in 1..60 {
                    let (a, b) = (s.fire(scale, kind, n, roll), s.fire(scale, kind, n + 1, roll));
                    assert!(a.figures <= b.figures, "{scale:?} {kind:?} {n}@{roll}");
                    let worse = s.fire(scale, kind, n, roll + 1);
                    assert!(worse.figures <= a.figures, "{scale:?} {kind:?} {n}@{roll}");
                }
            }
        }
    }
}

/// The neighbouring case: a cell edited so that more figures kill fewer is refused, with the
/// row's line, as off the sheets' curve and not monotone.
#[test]
fn an_edited_fire_cell_is_refused_with_its_line() {
    let line = line_after("small_arms: (", "(roll: \"3\", losses:");
    let text = edit(SHEETS_RON, line, |l| l.replacen("[0, 0, 0, 1, 1,", "[0, 0, 0, 1, 0,", 1));
    let errs = load_text(&text, FILE).expect_err("refused");
    assert!(has(&errs, FILE, line, "not monotone"), "{}", datafile::report(&errs));
    assert!(has(&errs, FILE, line, "curve gives 1"), "{}", datafile::report(&errs));
}

/// A changed fixed cell (8.1's 40 at 3) is refused beside its own row, and a second problem
/// elsewhere is reported in the same pass: every problem at once.
#[test]
fn loader_reports_every_problem() {
    let row = line_after("small_arms: (", "(roll: \"3\", losses:");
    let text = edit(SHEETS_RON, row, |l| l.replacen("5, 5, 5, 5, 5]", "5, 5, 5, 5, 6]", 1));
    let passes = line_starting(&text, "morale_passes:");
    let text = edit(&text, passes, |l| l.replacen("(\"Aggressive\", 3)", "(\"Aggressive\", 2)", 1));
    let errs = load_text(&text, FILE).expect_err("refused");
    assert!(has(&errs, FILE, row, "curve gives 5"), "{}", datafile::report(&errs));
    let check = line_starting(&text, "(what: \"morale passes, Aggressive\"");
    assert!(has(&errs, FILE, check, "10.4 fixes 3"), "{}", datafile::report(&errs));
    let forty = line_starting(&text, "(what: \"sheet B small arms, 40 figures");
    assert!(has(&errs, FILE, forty, "8.1 fixes 5"), "{}", datafile::report(&errs));
}

#[test]
fn a_misspelt_field_is_refused_with_its_line() {
    let line = line_starting(SHEETS_RON, "attempts_per_game:");
    let text = edit(SHEETS_RON, line, |l| l.replace("attempts_per_game", "attempts_a_game"));
    let errs = load_text(&text, FILE).expect_err("refused");
    assert_eq!(errs.len(), 1);
    assert!(errs[0].line == line && errs[0].message.contains("attempts_a_game"), "{}", datafile::report(&errs));
}

#[test]
fn a_d10_face_rated_twice_is_refused() {
    let line = line_starting(SHEETS_RON, "(type: \"Raw\",");
    let text = edit(SHEETS_RON, line, |l| l.replacen("(\"Average\", 3, 7)", "(\"Average\", 2, 7)", 1));
    let errs = load_text(&text, FILE).expect_err("refused");
    assert!(has(&errs, FILE, line, "face 2 is rated twice"), "{}", datafile::report(&errs));
}

/// 10.3, ruling R31: each bound inclusive; beyond the sheet's 40 rows, the same arithmetic.
#[test]
fn rule_10_3_boundaries_inclusive() {
    let s = sheets();
    let cat = |o, l| s.loss_category(o, l);
    assert_eq!(cat(40, 0), LossCategory::None);
    assert_eq!(cat(40, 4), LossCategory::Light);
    assert_eq!(cat(40, 5), LossCategory::Moderate);
    assert_eq!(cat(40, 10), LossCategory::Moderate);
    assert_eq!(cat(40, 11), LossCategory::Substantial);
    assert_eq!(cat(40, 20), LossCategory::Substantial);
    assert_eq!(cat(40, 21), LossCategory::Severe);
    assert_eq!(cat(4, 1), LossCategory::Moderate, "a 4-figure unit is never Light");
    assert_eq!(cat(60, 6), LossCategory::Light);
    assert_eq!(cat(60, 7), LossCategory::Moderate);
}

#[test]
fn morale_columns_cover_00_99() {
    let s = sheets();
    for p in Performance::ALL {
        // Losses take up to 20 off (10.3): every modified roll reads a result.
        for roll in -20..=99 {
            let _ = s.morale_result(p, false, roll);
        }
        assert_eq!(
            s.morale_result(p, false, 99),
            if p == Performance::Abysmal { MoraleResult::Ne } else { MoraleResult::Advance }
        );
        assert_eq!(s.morale_result(p, false, -20), MoraleResult::Rout);
    }
    assert_eq!(s.morale_result(Performance::Average, false, 50), MoraleResult::Ne);
}

/// 2.7: an impetuous unit reads WD2 as Rout; the neighbouring results are not all Rout.
#[test]
fn rule_2_7_impetuous_wd2_is_rout() {
    let s = sheets();
    assert_eq!(s.morale_result(Performance::Average, false, 5), MoraleResult::Wd2);
    assert_eq!(s.morale_result(Performance::Average, true, 5), MoraleResult::Rout);
    assert_eq!(s.morale_result(Performance::Average, true, 50), MoraleResult::Ne);
}

#[test]
fn rule_10_4_aggressive_has_three_passes() {
    assert_eq!(sheets().passes(Quality::Aggressive), 3);
}

/// 2.1-2.4: every type rates every D10 face; an Elite unit is never Abysmal and a type D
/// commander never a Poltroon.
#[test]
fn rule_2_1_every_face_of_every_type_is_rated() {
    let s = sheets();
    for t in s.unit_types().collect::<Vec<_>>() {
        for f in 0..=9 {
            let p = s.performance(t, f).expect("rated");
            assert!(s.cv(t, p).is_some_and(|cv| cv <= 9));
        }
    }
    assert!((0..=9).all(|f| s.performance("Elite", f) != Some(Performance::Abysmal)));
    assert!((0..=9).all(|f| s.quality("D", f) != Some(Quality::Poltroon)));
    assert_eq!(s.performance("Elite", 10), None, "a D10 reads 0-9");
    assert_eq!(s.performance("Conscript", 3), None);
}

/// 9.12: the ratio of totals picks the band; a tie or a loss is no band (ties are rerolled).
#[test]
fn rule_9_12_melee_bands_by_ratio() {
    let s = sheets();
    let band = |w, l| s.melee_band(Scale::Mm25, w, l).map(|b| b.ratio.clone());
    assert_eq!(band(10, 10), None);
    assert_eq!(band(11, 10), Some("1/1".into()));
    assert_eq!(band(15, 10), Some("3/2".into()));
    assert_eq!(band(29, 10), Some("2/1".into()));
    assert_eq!(band(30, 10), Some("3/1".into()));
    assert_eq!(band(100, 10), Some("4/1".into()));
    let b = s.melee_band(Scale::Mm15, 40, 10).expect("4/1");
    assert_eq!((b.loser_stands, b.retreat_moves), (3, 3));
}

/// 6.1 with 6.7, 6.11, 6.14: the rates the text fixes, in sixteenths.
#[test]
fn movement_rates_the_text_fixes() {
    let s = sheets();
    assert_eq!(s.movement("Infantry", "Line"), Some(6 * 16));
    assert_eq!(s.movement("MountedCavalry", "Charge"), Some(24 * 16));
    assert_eq!(s.movement("Commander", "Any"), Some(24 * 16));
    assert_eq!(s.movement("MountedCavalry", "AssaultColumn"), None, "5.0: no mounted Assault Column");
    assert_eq!(s.rebuild_attempts(), 4);
}

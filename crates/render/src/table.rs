//! A continuous table as SVG (issue 17; `docs/plans/rotr.md` 4.4): terrain areas and lines,
//! then every stand as a rectangle turned to its facing, coloured by side, its front edge
//! drawn heavier and its losses as pips. Drawn from [`engine::TableView`] alone, in the same
//! sixteenths the rules test, scaled to pixels only here.

use crate::{CONFEDERATE_FILL, PAPER, UNION_FILL, esc};
use engine::{BoardView, StandView, TablePoint, TableView};
use std::fmt::Write as _;

/// Pixels an inch.
pub const PX_PER_INCH: f64 = 12.0;
const PX: f64 = PX_PER_INCH / 16.0;
/// Space around the table, in pixels.
const EDGE: f64 = 16.0;

fn px(v: i32) -> f64 {
    EDGE + f64::from(v) * PX
}

fn points(ps: &[TablePoint]) -> String {
    ps.iter().map(|p| format!("{:.1},{:.1}", px(p[0]), px(p[1]))).collect::<Vec<_>>().join(" ")
}

/// The fill of a terrain area: the board's legend when it names the kind, else a neutral tint.
fn area_fill<'b>(board: &'b BoardView, kind: &str) -> &'b str {
    board.legend.iter().find(|l| l.terrain == kind).map_or("#d9d2b8", |l| l.fill.as_str())
}

/// A line's stroke and width by its class.
fn line_style(kind: &str) -> (&'static str, f64, &'static str) {
    match kind {
        "road" => ("#8a6a3c", 4.0, ""),
        "trail" => ("#8a6a3c", 2.0, r#" stroke-dasharray="6 4""#),
        "stream" | "narrow_stream" => ("#4a7fb5", 3.0, ""),
        "stone_wall" => ("#6b6b6b", 3.0, ""),
        "fence" => ("#5a4630", 1.5, r#" stroke-dasharray="3 2""#),
        "contour" => ("#a0784a", 1.0, ""),
        _ => ("#555555", 1.5, ""),
    }
}

/// One stand: its rectangle about its centre, turned, the front edge heavier, a pip a
/// figure lost.
fn stand(s: &mut String, st: &StandView, fill: &str) {
    let (w, d) = (f64::from(st.width) * PX, f64::from(st.depth) * PX);
    let (cx, cy) = (px(st.centre[0]), px(st.centre[1]));
    let _ = write!(
        s,
        r#"<g class="stand" data-unit="{}" transform="translate({cx:.1},{cy:.1}) rotate({})">"#,
        esc(&st.unit),
        st.facing
    );
    let _ = write!(
        s,
        r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{d:.1}" fill="{fill}" stroke="#1a1a1a" stroke-width="0.8"/>"##,
        -w / 2.0,
        -d / 2.0
    );
    // The front edge: facing 0 is toward the top edge, so the front is the rectangle's top.
    let _ = write!(
        s,
        r##"<line class="front" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#1a1a1a" stroke-width="2"/>"##,
        -w / 2.0,
        -d / 2.0,
        w / 2.0,
        -d / 2.0
    );
    for i in 0..st.lost {
        let x = -w / 2.0 + 2.5 + f64::from(i) * 3.0;
        let _ = write!(s, r##"<circle class="lost" cx="{x:.1}" cy="{:.1}" r="1" fill="#c0392b"/>"##, d / 2.0 - 2.0);
    }
    s.push_str("</g>\n");
}

/// `board`'s table as a standalone SVG document, or `None` for a hex board.
#[must_use]
pub fn table_svg(board: &BoardView) -> Option<String> {
    let t: &TableView = board.table.as_ref()?;
    let (width, height) = (2.0 * EDGE + f64::from(t.width) * PX, 2.0 * EDGE + f64::from(t.depth) * PX);
    let mut s = String::with_capacity(4096 + 256 * t.stands.len());
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="Georgia, 'Times New Roman', serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", esc(&board.title));
    let _ = writeln!(
        s,
        r##"<rect x="{EDGE}" y="{EDGE}" width="{:.1}" height="{:.1}" fill="{PAPER}" stroke="#2b1d0e" stroke-width="2"/>"##,
        f64::from(t.width) * PX,
        f64::from(t.depth) * PX
    );
    // Higher ground over lower, so a hill's levels stack.
    let mut areas: Vec<_> = t.areas.iter().collect();
    areas.sort_by_key(|a| a.level);
    for a in areas {
        let title = a.name.as_deref().map(|n| format!("<title>{}</title>", esc(n))).unwrap_or_default();
        let _ = writeln!(
            s,
            r##"<polygon class="area" data-kind="{}" points="{}" fill="{}" stroke="#6b5b3e" stroke-width="0.6">{title}</polygon>"##,
            esc(&a.kind),
            points(&a.points),
            area_fill(board, &a.kind)
        );
    }
    for l in &t.lines {
        let (stroke, w, dash) = line_style(&l.kind);
        let _ = writeln!(
            s,
            r#"<polyline class="line" data-kind="{}" points="{}" fill="none" stroke="{stroke}" stroke-width="{w}"{dash}/>"#,
            esc(&l.kind),
            points(&l.points)
        );
    }
    for st in &t.stands {
        let union = t.units.iter().find(|u| u.id == st.unit).is_some_and(|u| u.side.eq_ignore_ascii_case("union"));
        stand(&mut s, st, if union { UNION_FILL } else { CONFEDERATE_FILL });
    }
    for c in &t.commanders {
        let _ = writeln!(
            s,
            r##"<circle class="commander" data-commander="{}" cx="{:.1}" cy="{:.1}" r="3" fill="#f1c40f" stroke="#1a1a1a"><title>{}</title></circle>"##,
            esc(&c.id),
            px(c.at[0]),
            px(c.at[1]),
            esc(&c.name)
        );
    }
    s.push_str("</svg>\n");
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{TableArea, TableUnit};

    fn board() -> BoardView {
        BoardView {
            title: "A table".into(),
            table: Some(TableView {
                width: 48 * 16,
                depth: 36 * 16,
                areas: vec![TableArea {
                    kind: "woods".into(),
                    points: vec![[0, 0], [160, 0], [160, 160]],
                    ..TableArea::default()
                }],
                stands: vec![StandView {
                    unit: "27IL".into(),
                    centre: [320, 320],
                    facing: 45,
                    width: 16,
                    depth: 8,
                    figures: 3,
                    lost: 1,
                }],
                units: vec![TableUnit { id: "27IL".into(), side: "union".into(), ..TableUnit::default() }],
                ..TableView::default()
            }),
            ..BoardView::default()
        }
    }

    /// A stand is drawn at its centre, turned to its facing, in its side's colour, with its
    /// front edge and a pip for the figure lost.
    #[test]
    fn table_svg_draws_rotated_stand() {
        let svg = table_svg(&board()).expect("a table");
        assert!(svg.contains(r#"data-unit="27IL" transform="translate(256.0,256.0) rotate(45)""#), "{svg}");
        assert!(svg.contains(&format!(r#"fill="{UNION_FILL}""#)));
        assert!(svg.contains(r#"width="12.0" height="6.0""#), "1 inch by 1/2 at 12 px an inch");
        assert_eq!(svg.matches(r#"class="lost""#).count(), 1);
        assert!(svg.contains(r#"class="front""#));
        assert!(svg.contains(r#"data-kind="woods""#));
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn a_hex_board_has_no_table_drawing() {
        assert_eq!(table_svg(&BoardView::default()), None);
    }
}

//! The SVG writer: any ruleset's [`BoardView`] drawn as a wargame map, by hand.
//!
//! Flat-topped hexes placed by `hexmap` (printed CCRR labels, unit-radius centres, x
//! east, y south) and filled with the legend colour of their terrain, with a texture
//! for terrain classes whose names say what they are (woods, brush, crops, marsh);
//! higher ground shaded and ringed with a contour along every hexside where the ground
//! drops; hex numbers printed small at the top of each hex, place names across it;
//! roads through hex centres, hexside lines (the set-up line) along the shared edges;
//! counters as small squares in their side's colour with name, unit symbol, strength
//! and status marks, a stack fanned out; a legend and a tracks panel on the right.
//! Nothing here knows a ruleset.

use engine::{BoardView, CounterView, LineView, StatusView};

mod table;
use hexmap::Hex;
use std::collections::HashMap;
use std::fmt::Write as _;
pub use table::{PX_PER_INCH, table_svg};

/// Hex radius in pixels (centre to corner).
const R: f64 = 32.0;
/// Space around the map.
const MARGIN: f64 = 24.0;
/// Height of the title band.
const TITLE: f64 = 44.0;
/// Width of the legend and tracks panel.
const PANEL: f64 = 430.0;

/// The Union counters' colour.
pub const UNION_FILL: &str = "#2f4f8f";
const UNION_INK: &str = "#ffffff";
/// The Confederate counters' colour.
pub const CONFEDERATE_FILL: &str = "#a5a094";
const CONFEDERATE_BAND: &str = "#c8a165";
const CONFEDERATE_INK: &str = "#1a1a1a";
/// The map's paper colour.
pub const PAPER: &str = "#f3ecd6";

/// Escapes text for SVG.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// A texture to lay over a terrain fill, chosen by the terrain key's name.
fn texture(terrain: &str) -> Option<&'static str> {
    let t = terrain.to_ascii_lowercase();
    if t.contains("wood") || t.contains("forest") {
        Some("tex-woods")
    } else if t.contains("brush") || t.contains("scrub") || t.contains("felled") {
        Some("tex-brush")
    } else if t.contains("crop") || t.contains("orchard") || t.contains("field") {
        Some("tex-crops")
    } else if t.contains("marsh") || t.contains("swamp") {
        Some("tex-marsh")
    } else {
        None
    }
}

/// How a line kind is drawn: casing colour and width, then stroke colour, width and dash.
struct LineStyle {
    casing: Option<(&'static str, f64)>,
    stroke: &'static str,
    width: f64,
    dash: Option<&'static str>,
    name: String,
}

fn line_style(kind: &str) -> LineStyle {
    let k = kind.to_ascii_lowercase();
    let name = kind.replace(['-', '_'], " ");
    if k.contains("road") || k.contains("pike") {
        LineStyle { casing: Some(("#5a3b1c", 5.0)), stroke: "#e2c48a", width: 2.6, dash: None, name }
    } else if k.contains("setup") || k.contains("set-up") || k.contains("boundary") {
        LineStyle { casing: None, stroke: "#c0202a", width: 3.2, dash: Some("7 4"), name }
    } else if k.contains("stream") || k.contains("creek") || k.contains("river") {
        LineStyle { casing: None, stroke: "#3d6fb0", width: 3.0, dash: None, name }
    } else if k.contains("wall") || k.contains("fence") {
        LineStyle { casing: None, stroke: "#555555", width: 2.5, dash: Some("2 2"), name }
    } else if k.contains("slope") || k.contains("crest") || k.contains("ridge") {
        LineStyle { casing: None, stroke: "#7a4b22", width: 3.0, dash: None, name }
    } else if k.contains("rail") {
        LineStyle { casing: Some(("#222222", 3.0)), stroke: "#ffffff", width: 1.5, dash: Some("6 6"), name }
    } else {
        LineStyle { casing: None, stroke: "#6a2c70", width: 2.5, dash: Some("4 3"), name }
    }
}

fn line_attrs(s: &LineStyle) -> String {
    let dash = s.dash.map(|d| format!(" stroke-dasharray=\"{d}\"")).unwrap_or_default();
    format!(
        "fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"{dash}",
        s.stroke, s.width
    )
}

/// The drawing's frame: where a hex centre lands in pixels.
struct Frame {
    min_x: f64,
    min_y: f64,
    /// Where the map's top edge lies (below the title band, if there is one).
    top: f64,
}

impl Frame {
    fn at(&self, h: Hex) -> (f64, f64) {
        let (x, y) = h.centre();
        (MARGIN + R + (x - self.min_x) * R, self.top + MARGIN + R * 0.87 + (y - self.min_y) * R)
    }
}

/// The six corners of a flat-topped hex of radius `r` around `(cx, cy)`.
fn corners(cx: f64, cy: f64, r: f64) -> String {
    let mut s = String::new();
    for k in 0..6 {
        let a = f64::from(k) * std::f64::consts::FRAC_PI_3;
        let _ = write!(s, "{}{:.1},{:.1}", if k == 0 { "" } else { " " }, cx + r * a.cos(), cy + r * a.sin());
    }
    s
}

/// The shared edge of two adjacent hexes with centres `a` and `b`.
fn edge(a: (f64, f64), b: (f64, f64)) -> ((f64, f64), (f64, f64)) {
    let m = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
    let d = (b.0 - a.0, b.1 - a.1);
    let len = d.0.hypot(d.1).max(1e-9);
    // The edge is perpendicular to the line of centres, one radius long.
    let p = (-d.1 / len * R / 2.0, d.0 / len * R / 2.0);
    ((m.0 + p.0, m.1 + p.1), (m.0 - p.0, m.1 - p.1))
}

/// Splits text into lines of at most `width` characters, at spaces (a longer word stands
/// alone on its line); no lines for empty text. The map's tracks panel and the command
/// line's listings both wrap with it.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

const DEFS: &str = r##"<defs>
<pattern id="tex-woods" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="3.5" cy="4" r="2.6" fill="#3f6b31" fill-opacity="0.55"/><circle cx="10.5" cy="11" r="2.6" fill="#3f6b31" fill-opacity="0.55"/></pattern>
<pattern id="tex-brush" width="10" height="10" patternUnits="userSpaceOnUse"><circle cx="2" cy="3" r="1.1" fill="#55702f" fill-opacity="0.6"/><circle cx="7" cy="8" r="1.1" fill="#55702f" fill-opacity="0.6"/></pattern>
<pattern id="tex-crops" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0,2 H8 M0,6 H8" stroke="#9c8330" stroke-width="0.8" stroke-opacity="0.6"/></pattern>
<pattern id="tex-marsh" width="12" height="10" patternUnits="userSpaceOnUse"><path d="M2,7 H7 M3,7 V4 M4.5,7 V3 M6,7 V4" stroke="#2f5f6f" stroke-width="0.7" stroke-opacity="0.7" fill="none"/></pattern>
<pattern id="tex-high" width="7" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0,0 V7" stroke="#7a4b22" stroke-width="1" stroke-opacity="0.35"/></pattern>
</defs>
"##;

/// What every counter draws alike, once per document: the text styles, the shadow, the
/// body by side, the Confederate band, the unit symbols (in the ink, `currentColor`, which
/// each counter sets) and the spent stripe. A counter then refers to them, so a state answer
/// carrying every counter stays small (issue 15: under 200 KB).
fn counter_defs(s: &mut String) {
    let size = R * 0.98;
    let (bx, by, bw, bh) = (size / 2.0 - 7.0, 9.0, 14.0, 9.0);
    let (mid, low) = (size / 2.0, by + bh);
    let box_ = format!(r#"<rect x="{bx:.1}" y="{by}" width="{bw}" height="{bh}"/>"#);
    let stroke = r#"fill="none" stroke="currentColor" stroke-width="0.9""#;
    let _ = write!(
        s,
        concat!(
            "<defs>\n",
            "<style>.k-t{{font-family:Helvetica,Arial,sans-serif;fill:currentColor}}.k-n{{font-size:5.8px}}",
            ".k-s{{font-size:8.5px;font-weight:bold;text-anchor:middle}}.k-b{{font-size:5.5px;text-anchor:middle;fill:#111}}</style>\n",
            r##"<rect id="k-shadow" x="1.3" y="1.3" width="{size:.1}" height="{size:.1}" rx="2" fill="#000" fill-opacity="0.35"/>"##,
            "\n",
            r##"<rect id="k-union" width="{size:.1}" height="{size:.1}" rx="2" fill="{uf}" stroke="#111" stroke-width="0.8"/>"##,
            "\n",
            r##"<rect id="k-confederate" width="{size:.1}" height="{size:.1}" rx="2" fill="{cf}" stroke="#111" stroke-width="0.8"/>"##,
            "\n",
            r#"<rect id="k-band" x="0.4" y="0.4" width="{band:.1}" height="7" rx="1.5" fill="{cb}"/>"#,
            "\n",
            r#"<g id="k-infantry" {stroke}>{box_}<path d="M{bx:.1},{by} l{bw},{bh} M{bx:.1},{low} l{bw},-{bh}"/></g>"#,
            "\n",
            r#"<g id="k-cavalry" {stroke}>{box_}<path d="M{bx:.1},{low} l{bw},-{bh}"/></g>"#,
            "\n",
            r#"<g id="k-artillery"><g {stroke}>{box_}</g><circle cx="{mid:.1}" cy="{cy:.1}" r="2" fill="currentColor"/></g>"#,
            "\n",
            r#"<text id="k-leader" x="{mid:.1}" y="{star:.1}" font-size="11" text-anchor="middle" fill="currentColor">&#9733;</text>"#,
            "\n",
            r#"<g id="k-vessel"><path d="M{hull:.1},{deck:.1} h14 l-3,4 h-8 z" fill="currentColor"/><path d="M{mid:.1},{deck:.1} v-5" {stroke}/></g>"#,
            "\n",
            r##"<g id="k-spent"><path d="M0,{stripe:.1} L{size:.1},4" stroke="#c0202a" stroke-width="2.2" stroke-opacity="0.85"/><circle cx="{size:.1}" cy="0" r="4.2" fill="#c0202a"/></g>"##,
            "\n</defs>\n"
        ),
        size = size,
        stroke = stroke,
        box_ = box_,
        bx = bx,
        by = by,
        bw = bw,
        bh = bh,
        low = low,
        mid = mid,
        uf = UNION_FILL,
        cf = CONFEDERATE_FILL,
        cb = CONFEDERATE_BAND,
        band = size - 0.8,
        cy = by + bh / 2.0,
        star = low - 0.5,
        hull = mid - 7.0,
        deck = by + 4.0,
        stripe = size - 4.0,
    );
}

/// Where the map lies: every placeable hex, the frame placing them, and the map's size
/// (margins included, the title band and the panel not).
struct Layout<'a> {
    placed: Vec<(Hex, &'a engine::HexView)>,
    frame: Frame,
    map_w: f64,
    map_h: f64,
}

impl<'a> Layout<'a> {
    /// Places every hex of `board` (labels that are not CCRR are skipped), the map's top
    /// edge `top` pixels down.
    fn new(board: &'a BoardView, top: f64) -> Self {
        let placed: Vec<(Hex, &engine::HexView)> =
            board.hexes.iter().filter_map(|h| Hex::from_label(&h.hex).ok().map(|x| (x, h))).collect();
        let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for (h, _) in &placed {
            let (x, y) = h.centre();
            min_x = min_x.min(x);
            min_y = min_y.min(y);
            max_x = max_x.max(x);
            max_y = max_y.max(y);
        }
        if placed.is_empty() {
            (min_x, min_y, max_x, max_y) = (0.0, 0.0, 0.0, 0.0);
        }
        let frame = Frame { min_x, min_y, top };
        let map_w = (max_x - min_x) * R + 2.0 * R + 2.0 * MARGIN;
        let map_h = (max_y - min_y) * R + 2.0 * R * 0.87 + 2.0 * MARGIN;
        Layout { placed, frame, map_w, map_h }
    }
}

/// The highest level on the map (0 when flat).
fn top_level(board: &BoardView) -> i8 {
    board.hexes.iter().map(|h| h.elevation).max().unwrap_or(0).max(0)
}

/// The brown wash over a hex `level` high on a map whose highest level is `top`: spread
/// evenly from light to dark over the map's own levels, so each level of the legend is told
/// from the next (a fixed step per level made every level past the fourth look alike).
fn shade(level: i8, top: i8) -> f64 {
    const LIGHTEST: f64 = 0.08;
    const DARKEST: f64 = 0.5;
    if top <= 1 {
        return LIGHTEST + (DARKEST - LIGHTEST) / 3.0;
    }
    LIGHTEST + (DARKEST - LIGHTEST) * f64::from(level.clamp(1, top) - 1) / f64::from(top - 1)
}

/// The top of the map in [`map_svg`] and [`counters_svg`], which have no title band.
const PAGE_TOP: f64 = 0.0;

/// Opens a standalone SVG document `width` by `height`: the root element, its title, the
/// texture patterns and the paper.
fn open(s: &mut String, title: &str, width: f64, height: f64) {
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="Georgia, 'Times New Roman', serif">"#
    );
    let _ = writeln!(s, "<title>{}</title>", esc(title));
    s.push_str(DEFS);
    counter_defs(s);
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="{PAPER}"/>"#);
}

/// Draws `board` as a standalone SVG document: the title, the map, the counters, and the
/// legend and tracks panel on the right. This is what `muster render` writes.
#[must_use]
pub fn svg(board: &BoardView) -> String {
    let layout = Layout::new(board, TITLE);
    let width = layout.map_w + PANEL;
    let height = (TITLE + layout.map_h).max(900.0);
    let lines: Vec<(&LineView, LineStyle)> = board.lines.iter().map(|l| (l, line_style(&l.kind))).collect();

    let mut s = String::with_capacity(1 << 20);
    open(&mut s, &board.title, width, height);
    let _ = writeln!(
        s,
        r##"<text x="{MARGIN}" y="30" font-size="22" font-weight="bold" fill="#2b1d0e">{}</text>"##,
        esc(&board.title)
    );
    terrain(&mut s, board, &layout, &lines);
    s.push_str("<g id=\"counters\">\n");
    counters(&mut s, board, &layout.frame);
    s.push_str("</g>\n");
    panel(&mut s, board, &lines, layout.map_w, height);
    s.push_str("</svg>\n");
    s
}

/// The map of `board` as a standalone SVG document for the game page: terrain, lines and
/// labels, no title, counters or panel. Every hex polygon has `class="hex"` and
/// `data-hex="CCRR"`; above the terrain and labels lie an empty `<g id="counters">` for
/// [`counters_svg`] and above that an empty `<g id="overlay">` for the page's highlights.
#[must_use]
pub fn map_svg(board: &BoardView) -> String {
    let layout = Layout::new(board, PAGE_TOP);
    let lines: Vec<(&LineView, LineStyle)> = board.lines.iter().map(|l| (l, line_style(&l.kind))).collect();
    let mut s = String::with_capacity(1 << 19);
    open(&mut s, &board.title, layout.map_w, PAGE_TOP + layout.map_h);
    terrain(&mut s, board, &layout, &lines);
    s.push_str("<g id=\"counters\"></g>\n<g id=\"overlay\"></g>\n</svg>\n");
    s
}

/// The counters of `board` in [`map_svg`]'s coordinates, to go inside its
/// `<g id="counters">`: one `<g class="counter" data-counter="ID" data-hex="CCRR"
/// data-side="SIDE">` per counter on a CCRR hex, each stack fanned out.
#[must_use]
pub fn counters_svg(board: &BoardView) -> String {
    let layout = Layout::new(board, PAGE_TOP);
    let mut s = String::with_capacity(512 * board.counters.len());
    counters(&mut s, board, &layout.frame);
    s
}

/// The map under the counters: its frame, terrain fills and textures, contours, lines,
/// hex numbers and place names.
fn terrain(s: &mut String, board: &BoardView, layout: &Layout, lines: &[(&LineView, LineStyle)]) {
    let Layout { placed, frame, map_w, map_h } = layout;
    let elevation: HashMap<Hex, i8> = placed.iter().map(|(h, v)| (*h, v.elevation)).collect();
    let top = top_level(board);
    let fills: HashMap<&str, &str> = board.legend.iter().map(|l| (l.terrain.as_str(), l.fill.as_str())).collect();
    let _ = writeln!(
        s,
        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#2b1d0e" stroke-width="2"/>"##,
        MARGIN / 2.0,
        frame.top + MARGIN / 2.0,
        map_w - MARGIN,
        map_h - MARGIN
    );

    // Terrain.
    s.push_str("<g id=\"terrain\" stroke=\"#3b3225\" stroke-opacity=\"0.45\" stroke-width=\"0.6\">\n");
    for (h, v) in placed {
        let (cx, cy) = frame.at(*h);
        let fill = fills.get(v.terrain.as_str()).copied().unwrap_or("#dddddd");
        // The tooltip: number, terrain, level and place ("1814 woods, level 3, Fox's Gap").
        let mut tip = format!("{} {}", v.hex, v.terrain);
        if v.elevation != 0 {
            let _ = write!(tip, ", level {}", v.elevation);
        }
        if let Some(n) = &v.name {
            let _ = write!(tip, ", {n}");
        }
        let _ = writeln!(
            s,
            r#"<polygon class="hex" data-hex="{}" points="{}" fill="{}"><title>{}</title></polygon>"#,
            esc(&v.hex),
            corners(cx, cy, R),
            esc(fill),
            esc(&tip)
        );
    }
    s.push_str("</g>\n<g id=\"texture\" stroke=\"none\" pointer-events=\"none\">\n");
    for (h, v) in placed {
        let (cx, cy) = frame.at(*h);
        if let Some(t) = texture(&v.terrain) {
            let _ = writeln!(s, r#"<polygon points="{}" fill="url(#{t})"/>"#, corners(cx, cy, R));
        }
        if v.elevation > 0 {
            let shade = shade(v.elevation, top);
            let _ = writeln!(
                s,
                r##"<polygon points="{p}" fill="#7a4b22" fill-opacity="{shade:.2}"/><polygon points="{p}" fill="url(#tex-high)"/>"##,
                p = corners(cx, cy, R)
            );
        }
    }
    s.push_str("</g>\n");

    // Contours: a brown edge wherever the ground drops to a neighbour.
    s.push_str("<g id=\"contours\" stroke=\"#6b3f17\" stroke-linecap=\"round\" pointer-events=\"none\">\n");
    for (h, v) in placed {
        for n in h.neighbours() {
            let Some(&e) = elevation.get(&n) else {
                continue;
            };
            if e < v.elevation {
                let ((x1, y1), (x2, y2)) = edge(frame.at(*h), frame.at(n));
                let w = 1.6 + f64::from(v.elevation - e);
                let _ =
                    writeln!(s, r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" stroke-width="{w:.1}"/>"#);
            }
        }
    }
    s.push_str("</g>\n");

    // Lines: casings first, then strokes, so that crossing roads join cleanly.
    s.push_str("<g id=\"lines\" pointer-events=\"none\">\n");
    for pass in 0..2 {
        for (l, style) in lines {
            let attrs = if pass == 0 {
                match style.casing {
                    Some((c, w)) => format!(
                        "fill=\"none\" stroke=\"{c}\" stroke-width=\"{w}\" stroke-linecap=\"round\" stroke-linejoin=\"round\""
                    ),
                    None => continue,
                }
            } else {
                line_attrs(style)
            };
            let hexes: Vec<Hex> = l.hexes.iter().filter_map(|x| Hex::from_label(x).ok()).collect();
            if l.hexside {
                let mut d = String::new();
                for pair in hexes.chunks_exact(2) {
                    let ((x1, y1), (x2, y2)) = edge(frame.at(pair[0]), frame.at(pair[1]));
                    let _ = write!(d, "M{x1:.1},{y1:.1} L{x2:.1},{y2:.1} ");
                }
                let _ = writeln!(s, r#"<path class="{}" d="{}" {attrs}/>"#, esc(&l.kind), d.trim_end());
            } else {
                let pts: Vec<String> = hexes
                    .iter()
                    .map(|h| {
                        let (x, y) = frame.at(*h);
                        format!("{x:.1},{y:.1}")
                    })
                    .collect();
                let _ = writeln!(s, r#"<polyline class="{}" points="{}" {attrs}/>"#, esc(&l.kind), pts.join(" "));
            }
        }
    }
    s.push_str("</g>\n");

    // Hex numbers, then place names.
    s.push_str("<g id=\"hex-numbers\" font-size=\"7.5\" fill=\"#2b1d0e\" fill-opacity=\"0.75\" text-anchor=\"middle\" font-family=\"Helvetica, Arial, sans-serif\" pointer-events=\"none\">\n");
    for (h, v) in placed {
        let (cx, cy) = frame.at(*h);
        let _ = writeln!(s, r#"<text x="{cx:.1}" y="{:.1}">{}</text>"#, cy - R * 0.62, esc(&v.hex));
    }
    s.push_str("</g>\n<g id=\"place-names\" font-size=\"11\" font-style=\"italic\" font-weight=\"bold\" fill=\"#2b1d0e\" text-anchor=\"middle\" stroke=\"#f3ecd6\" stroke-width=\"3\" paint-order=\"stroke\" stroke-linejoin=\"round\" pointer-events=\"none\">\n");
    for (h, v) in placed {
        if let Some(name) = &v.name {
            let (cx, cy) = frame.at(*h);
            let _ = writeln!(s, r#"<text x="{cx:.1}" y="{:.1}">{}</text>"#, cy + R * 0.78, esc(name));
        }
    }
    s.push_str("</g>\n");
}

/// Every counter of `board` on a CCRR hex, each stack fanned down and to the right so
/// that every name shows.
fn counters(s: &mut String, board: &BoardView, frame: &Frame) {
    let mut stacks: Vec<(Hex, Vec<&CounterView>)> = Vec::new();
    for c in &board.counters {
        let Ok(h) = Hex::from_label(&c.hex) else {
            continue;
        };
        match stacks.iter_mut().find(|(x, _)| *x == h) {
            Some((_, v)) => v.push(c),
            None => stacks.push((h, vec![c])),
        }
    }
    for (h, stack) in &stacks {
        let (cx, cy) = frame.at(*h);
        let n = stack.len();
        #[allow(clippy::cast_precision_loss)]
        let step = if n > 1 { (0.24 * R).min(0.6 * R / (n - 1) as f64) } else { 0.0 };
        #[allow(clippy::cast_precision_loss)]
        let spread = step * (n.saturating_sub(1)) as f64;
        for (k, c) in stack.iter().enumerate() {
            #[allow(clippy::cast_precision_loss)]
            let off = step * k as f64;
            counter(s, cx - spread / 2.0 + off, cy - spread / 2.0 + off, c, &board.statuses);
        }
    }
}

/// One counter, centred on `(x, y)`.
fn counter(s: &mut String, x: f64, y: f64, c: &CounterView, statuses: &[StatusView]) {
    let size = R * 0.98;
    let (x0, y0) = (x - size / 2.0, y - size / 2.0);
    let union = c.side.eq_ignore_ascii_case("union");
    let ink = if union { UNION_INK } else { CONFEDERATE_INK };
    let has = |w: &str| c.status.iter().any(|x| x.to_ascii_lowercase().contains(w));
    let spent = has("broken") || has("reduced") || has("wounded");
    let tip = format!(
        "{} ({}, {}): strength {}{}{}",
        c.name,
        c.side,
        c.kind,
        c.strength,
        if c.status.is_empty() { "" } else { "; " },
        c.status.join(", ")
    );
    let _ = writeln!(
        s,
        r#"<g class="counter {side}" data-counter="{}" data-hex="{}" data-side="{side}" transform="translate({x0:.1},{y0:.1})" color="{ink}"><title>{}</title>"#,
        esc(&c.id),
        esc(&c.hex),
        esc(&tip),
        side = esc(&c.side.to_ascii_lowercase())
    );
    // The drop shadow, the body and (Confederate) the band, drawn once in the defs
    // (`DEFS`: filters are not drawn by every renderer); a spent counter's body is paler.
    let _ = writeln!(
        s,
        r##"<use href="#k-shadow"/><use href="#k-{}"{}/>{}"##,
        if union { "union" } else { "confederate" },
        if spent { r#" fill-opacity="0.8""# } else { "" },
        if union { "" } else { r##"<use href="#k-band"/>"## }
    );
    // The name top left, where it still shows when another counter sits on this one.
    // Up to 12 characters; past 9 the text is squeezed to the counter's width, not cut.
    let name: String = c.name.chars().take(12).collect();
    let fit = if name.chars().count() > 9 { r#" textLength="27.5" lengthAdjust="spacingAndGlyphs""# } else { "" };
    let _ = writeln!(s, r#"<text class="k-t k-n" x="1.8" y="5.8"{fit}>{}</text>"#, esc(&name));
    // The unit symbol, NATO style where there is one (in the defs, drawn in the ink).
    let symbol = match c.kind.to_ascii_lowercase().as_str() {
        "infantry" => Some("infantry"),
        "cavalry" => Some("cavalry"),
        "artillery" | "battery" => Some("artillery"),
        "leader" => Some("leader"),
        "gunboat" | "transport" | "vessel" | "ship" => Some("vessel"),
        _ => None,
    };
    match symbol {
        Some(id) => {
            let _ = writeln!(s, r##"<use href="#k-{id}"/>"##);
        }
        None => {
            let _ = writeln!(
                s,
                r#"<text class="k-t" x="{:.1}" y="15" font-size="6" text-anchor="middle">{}</text>"#,
                size / 2.0,
                esc(&c.kind.chars().take(4).collect::<String>())
            );
        }
    }
    let _ =
        writeln!(s, r#"<text class="k-t k-s" x="{:.1}" y="{:.1}">{}</text>"#, size / 2.0, size - 3.0, esc(&c.strength));
    // Status marks: a red band for broken/reduced/wounded, corner badges for the rest.
    if spent {
        let letter = if has("wounded") {
            "W"
        } else if has("broken") {
            "B"
        } else {
            "R"
        };
        let _ = writeln!(
            s,
            r##"<use href="#k-spent"/><text x="{size:.1}" y="2.2" font-size="6" font-weight="bold" text-anchor="middle" fill="#fff" font-family="Helvetica, Arial, sans-serif">{letter}</text>"##
        );
    }
    let badges: Vec<String> = c.status.iter().filter_map(|st| badge(st, statuses).map(|(short, _)| short)).collect();
    for (k, b) in badges.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let by = 3.0 + 8.0 * k as f64;
        let _ = writeln!(
            s,
            r##"<rect x="-5" y="{:.1}" width="12" height="7" rx="1.5" fill="#fff3b0" stroke="#111" stroke-width="0.5"/><text class="k-t k-b" x="1" y="{:.1}">{}</text>"##,
            by,
            by + 5.3,
            esc(b)
        );
    }
    // A wedge outside the counter pointing where the unit faces, on screen (y down) for
    // flat-topped hexes: vertex `f` (between hexside directions f and f+1, die order from
    // north, clockwise) at -60 + 60f degrees; hexside `d` at -90 + 60d.
    let faced =
        c.facing.map(|f| -60.0 + 60.0 * f64::from(f % 6)).or(c.faces_side.map(|d| -90.0 + 60.0 * f64::from(d % 6)));
    if let Some(degrees) = faced {
        let a = f64::to_radians(degrees);
        let (ux, uy) = (a.cos(), a.sin());
        let (px, py) = (-uy, ux);
        let (mx, my) = (size / 2.0, size / 2.0);
        let reach = size * 0.5 + 1.0;
        let tip = (mx + ux * (reach + 7.0), my + uy * (reach + 7.0));
        let b1 = (mx + ux * reach + px * 4.4, my + uy * reach + py * 4.4);
        let b2 = (mx + ux * reach - px * 4.4, my + uy * reach - py * 4.4);
        let _ = writeln!(
            s,
            r##"<path class="facing" d="M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} z" fill="{ink}" stroke="#fff" stroke-width="0.6"/>"##,
            tip.0, tip.1, b1.0, b1.1, b2.0, b2.1
        );
    }
    s.push_str("</g>\n");
}

/// The badge for a status word, and its legend text, from the ruleset's declared statuses
/// (`BoardView::statuses`); `None` for a word declared with no badge (drawn otherwise, as a
/// broken company's stripe). A word the ruleset did not declare gets its first three letters.
fn badge(status: &str, statuses: &[StatusView]) -> Option<(String, String)> {
    match statuses.iter().find_map(|v| v.badge_for(status).map(|b| (b, v.legend.clone()))) {
        Some((b, _)) if b.is_empty() => None,
        Some(found) => Some(found),
        None => Some((status.chars().take(3).collect(), String::new())),
    }
}

/// The legend and tracks panel, right of the map.
fn panel(s: &mut String, board: &BoardView, lines: &[(&LineView, LineStyle)], map_w: f64, height: f64) {
    let x = map_w + 8.0;
    let w = PANEL - 24.0;
    let _ = writeln!(
        s,
        r##"<g id="panel" font-size="12" fill="#2b1d0e"><rect x="{x:.1}" y="{:.1}" width="{w:.1}" height="{:.1}" fill="#fbf7ea" stroke="#2b1d0e" stroke-width="1.5"/>"##,
        TITLE + MARGIN / 2.0,
        height - TITLE - MARGIN
    );
    let left = x + 14.0;
    let mut y = key(s, board, lines, left, w, TITLE + MARGIN / 2.0 + 26.0);
    heading(s, left, &mut y, "Tracks");
    for (k, v) in &board.tracks {
        let _ = writeln!(s, r#"<text x="{left:.1}" y="{y:.1}" font-weight="bold">{}</text>"#, esc(k));
        y += 15.0;
        let value = if v.is_empty() { "(empty)" } else { v.as_str() };
        for line in wrap(value, 58) {
            let _ = writeln!(s, r#"<text x="{:.1}" y="{y:.1}" font-size="11">{}</text>"#, left + 10.0, esc(&line));
            y += 14.0;
        }
        y += 4.0;
    }
    s.push_str("</g>\n");
}

/// A heading of the panel at `left`, `y` moved on past it.
fn heading(s: &mut String, left: f64, y: &mut f64, text: &str) {
    let _ = writeln!(s, r#"<text x="{left:.1}" y="{:.1}" font-size="15" font-weight="bold">{}</text>"#, *y, esc(text));
    *y += 20.0;
}

/// The map's key, `w` wide from `left`, starting `y` down: every terrain fill, each level's
/// shade and the contour, every kind of line, and the counters with what their marks mean;
/// the same drawing code as the map, so the key shows each shade the map draws. Returns the
/// `y` below it.
fn key(s: &mut String, board: &BoardView, lines: &[(&LineView, LineStyle)], left: f64, w: f64, y: f64) -> f64 {
    let mut y = y;
    let heading = |s: &mut String, y: &mut f64, text: &str| heading(s, left, y, text);
    heading(s, &mut y, "Terrain");
    for (i, l) in board.legend.iter().enumerate() {
        let col = if i % 2 == 0 { left } else { left + w / 2.0 };
        let (cx, cy) = (col + 10.0, y - 4.0);
        let tex = texture(&l.terrain)
            .map(|t| format!(r#"<polygon points="{}" fill="url(#{t})"/>"#, corners(cx, cy, 9.0)))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            r##"<polygon points="{}" fill="{}" stroke="#3b3225" stroke-width="0.7"/>{tex}<text x="{:.1}" y="{:.1}">{}</text>"##,
            corners(cx, cy, 9.0),
            esc(&l.fill),
            col + 24.0,
            y,
            esc(&l.name)
        );
        if i % 2 == 1 || i + 1 == board.legend.len() {
            y += 22.0;
        }
    }
    let levels: Vec<i8> = {
        let mut v: Vec<i8> = board.hexes.iter().map(|h| h.elevation).filter(|e| *e > 0).collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    if !levels.is_empty() {
        y += 6.0;
        heading(s, &mut y, "Elevation");
        for e in &levels {
            let (cx, cy) = (left + 10.0, y - 4.0);
            let shade = shade(*e, top_level(board));
            let p = corners(cx, cy, 9.0);
            let _ = writeln!(
                s,
                r##"<polygon points="{p}" fill="#e8e2b8" stroke="#3b3225" stroke-width="0.7"/><polygon points="{p}" fill="#7a4b22" fill-opacity="{shade:.2}"/><polygon points="{p}" fill="url(#tex-high)"/><text x="{:.1}" y="{y:.1}">Level {e}</text>"##,
                left + 24.0
            );
            y += 22.0;
        }
        let _ = writeln!(
            s,
            r##"<line x1="{left:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#6b3f17" stroke-width="2.6"/><text x="{:.1}" y="{y:.1}">Contour: the ground drops across this hexside</text>"##,
            y - 4.0,
            left + 20.0,
            y - 4.0,
            left + 24.0
        );
        y += 22.0;
    }
    let mut kinds: Vec<&LineStyle> = Vec::new();
    for (_, st) in lines {
        if !kinds.iter().any(|k| k.name == st.name) {
            kinds.push(st);
        }
    }
    if !kinds.is_empty() {
        y += 6.0;
        heading(s, &mut y, "Lines");
        for st in kinds {
            if let Some((c, cw)) = st.casing {
                let _ = writeln!(
                    s,
                    r#"<line x1="{left:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{c}" stroke-width="{cw}" stroke-linecap="round"/>"#,
                    y - 4.0,
                    left + 20.0,
                    y - 4.0
                );
            }
            let _ = writeln!(
                s,
                r#"<line x1="{left:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" {}/><text x="{:.1}" y="{y:.1}">{}</text>"#,
                y - 4.0,
                left + 20.0,
                y - 4.0,
                line_attrs(st),
                left + 28.0,
                esc(&capitalise(&st.name))
            );
            y += 22.0;
        }
    }
    y += 6.0;
    heading(s, &mut y, "Counters");
    let sample = |side: &str, status: Vec<String>, name: &str| CounterView {
        id: String::new(),
        hex: String::new(),
        side: side.into(),
        kind: "infantry".into(),
        name: name.into(),
        strength: "3".into(),
        status,
        facing: None,
        faces_side: None,
    };
    let cy = y + 8.0;
    let at_vertex = board.counters.iter().any(|c| c.facing.is_some());
    let at_side = board.counters.iter().any(|c| c.faces_side.is_some());
    let faced = at_vertex || at_side;
    let mut union = sample("union", vec![], "Union");
    let mut confederate = sample("confederate", vec![], "Confed.");
    if at_vertex {
        union.facing = Some(1);
        confederate.facing = Some(4);
    } else if at_side {
        union.faces_side = Some(1);
        confederate.faces_side = Some(4);
    }
    counter(s, left + 16.0, cy, &union, &board.statuses);
    counter(s, left + 16.0 + R * 1.5, cy, &confederate, &board.statuses);
    let spent = board.counters.iter().any(|c| {
        c.status.iter().any(|w| ["broken", "reduced", "wounded"].iter().any(|x| w.to_ascii_lowercase().contains(x)))
    });
    let mut notes: Vec<String> = vec!["Name, unit type, strength.".into()];
    if at_vertex {
        notes.push("The wedge points at the vertex faced.".into());
    } else if at_side {
        notes.push("The wedge points across the hexside faced.".into());
    }
    if spent || !faced {
        counter(s, left + 16.0 + R * 3.0, cy, &sample("union", vec!["broken".into()], "Broken"), &board.statuses);
        notes.push("B broken, R reduced, W wounded.".into());
    }
    let mut meanings: Vec<String> = Vec::new();
    for c in &board.counters {
        for w in &c.status {
            if let Some((_, m)) = badge(w, &board.statuses)
                && !m.is_empty()
                && !meanings.contains(&m)
            {
                meanings.push(m);
            }
        }
    }
    let text_x = left + 16.0 + R * if spent || !faced { 4.1 } else { 2.6 };
    let mut ty = cy - 8.0;
    for n in &notes {
        let _ = writeln!(s, r#"<text x="{text_x:.1}" y="{ty:.1}" font-size="10.5">{}</text>"#, esc(n));
        ty += 13.0;
    }
    for chunk in meanings.chunks(2) {
        let _ = writeln!(s, r#"<text x="{text_x:.1}" y="{ty:.1}" font-size="10.5">{}</text>"#, esc(&chunk.join("; ")));
        ty += 13.0;
    }
    let cy = cy.max(ty - R + 4.0);
    cy + R + 22.0
}

/// The map's key alone ([`key`]) as a standalone SVG document, for the game page's legend:
/// a document of its own (an `<img>`), so its patterns never clash with the map's.
#[must_use]
pub fn legend_svg(board: &BoardView) -> String {
    let lines: Vec<(&LineView, LineStyle)> = board.lines.iter().map(|l| (l, line_style(&l.kind))).collect();
    let w = PANEL - 24.0;
    let mut body = String::with_capacity(1 << 14);
    let height = key(&mut body, board, &lines, 14.0, w, 26.0);
    let mut s = String::with_capacity(body.len() + DEFS.len() + 4096);
    open(&mut s, &format!("{}: key", board.title), w + 14.0, height);
    let _ = writeln!(s, r##"<g font-size="12" fill="#2b1d0e">"##);
    s.push_str(&body);
    s.push_str("</g>\n</svg>\n");
    s
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests;

//! The balance chart `muster simulate --plot` writes, by hand in SVG, in the map's
//! colours and type: win and draw rates as bars with 95% whiskers beside the histogram of
//! the VP margin (Union minus Confederate), under a title naming scenario, bots, games
//! and seed.

use crate::stats::{Distribution, Share};
use render::{CONFEDERATE_FILL, PAPER, UNION_FILL, esc};
use std::fmt::Write as _;

/// Ink for text, axes and whiskers.
const INK: &str = "#2b1d0e";
/// Draws, and margin bars that hold a level score.
const LEVEL: &str = "#8c7853";
const WIDTH: f64 = 980.0;
const HEIGHT: f64 = 540.0;
/// The plotting area's top and bottom (both panels).
const TOP: f64 = 132.0;
const BOTTOM: f64 = 446.0;

/// What the chart shows.
pub struct Balance<'a> {
    /// The scenario's title.
    pub title: &'a str,
    /// Command, games, bots, seed.
    pub subtitle: &'a str,
    /// Union wins, Confederate wins, draws: label and share of the finished games.
    pub rates: [(&'a str, Option<&'a Share>); 3],
    /// The VP margin's distribution, if any game finished.
    pub margin: Option<&'a Distribution>,
}

/// A round step for about `ticks` ticks up to `max`.
fn tick_step(max: f64, ticks: f64) -> f64 {
    let raw = (max / ticks).max(1e-9);
    let p = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * p).find(|s| *s >= raw).unwrap_or(10.0 * p)
}

/// A number as short as it can be written: 3, 2.5, -1.25.
pub fn num(x: f64) -> String {
    let t = format!("{x:.2}");
    t.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Draws the chart as a standalone SVG document.
#[must_use]
pub fn balance(c: &Balance) -> String {
    let mut s = String::with_capacity(16 * 1024);
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{HEIGHT:.0}" viewBox="0 0 {WIDTH:.0} {HEIGHT:.0}" font-family="Georgia, 'Times New Roman', serif" fill="{INK}">"#
    );
    let _ = writeln!(s, "<title>{}: balance</title>", esc(c.title));
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="{PAPER}"/>"#);
    let _ = writeln!(
        s,
        r#"<rect x="10" y="10" width="{:.0}" height="{:.0}" fill="none" stroke="{INK}" stroke-width="2"/>"#,
        WIDTH - 20.0,
        HEIGHT - 20.0
    );
    let _ = writeln!(s, r#"<text x="30" y="44" font-size="22" font-weight="bold">{}</text>"#, esc(c.title));
    let _ = writeln!(s, r#"<text x="30" y="68" font-size="13.5">{}</text>"#, esc(c.subtitle));
    rates(&mut s, c.rates);
    margin(&mut s, c.margin);
    let of = c.rates.iter().find_map(|(_, r)| r.map(|r| r.of)).unwrap_or(0);
    let _ = writeln!(
        s,
        r#"<text x="30" y="{:.0}" font-size="11.5" font-style="italic">Rates are shares of the {of} finished games; whiskers are Wilson 95% score intervals. Drawn by muster.</text>"#,
        HEIGHT - 26.0
    );
    s.push_str("</svg>\n");
    s
}

/// A y position for `v` of `max`.
fn y_of(v: f64, max: f64) -> f64 {
    BOTTOM - (BOTTOM - TOP) * (v / max).clamp(0.0, 1.0)
}

/// Horizontal grid lines with labels, from 0 to `max` every `step`.
fn grid(s: &mut String, left: f64, right: f64, max: f64, step: f64, label: impl Fn(f64) -> String) {
    let mut v = 0.0;
    while v <= max + 1e-9 {
        let y = y_of(v, max);
        let _ = writeln!(
            s,
            r#"<line x1="{left:.1}" y1="{y:.1}" x2="{right:.1}" y2="{y:.1}" stroke="{INK}" stroke-opacity="0.18"/><text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{}</text>"#,
            left - 6.0,
            y + 4.0,
            label(v)
        );
        v += step;
    }
    let _ = writeln!(
        s,
        r#"<path d="M{left:.1},{TOP:.1} V{BOTTOM:.1} H{right:.1}" fill="none" stroke="{INK}" stroke-width="1.2"/>"#
    );
}

/// The left panel: three bars with whiskers.
fn rates(s: &mut String, rates: [(&str, Option<&Share>); 3]) {
    let (left, right) = (80.0, 390.0);
    let _ = writeln!(
        s,
        r#"<g id="rates"><text x="{left}" y="{:.0}" font-size="15" font-weight="bold">Result</text>"#,
        TOP - 36.0
    );
    grid(s, left, right, 1.0, 0.25, |v| format!("{:.0}%", 100.0 * v));
    let fills = [UNION_FILL, CONFEDERATE_FILL, LEVEL];
    let slot = (right - left) / 3.0;
    for (i, ((label, share), fill)) in rates.iter().zip(fills).enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let cx = left + slot * (i as f64 + 0.5);
        let _ = writeln!(
            s,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="12.5" text-anchor="middle">{}</text>"#,
            BOTTOM + 18.0,
            esc(label)
        );
        let Some(r) = share else { continue };
        let (y, w) = (y_of(r.share, 1.0), slot * 0.56);
        let _ = writeln!(
            s,
            r#"<rect x="{:.1}" y="{y:.1}" width="{w:.1}" height="{:.1}" fill="{fill}" stroke="{INK}" stroke-width="0.8"/>"#,
            cx - w / 2.0,
            BOTTOM - y
        );
        let (lo, hi) = (y_of(r.low, 1.0), y_of(r.high, 1.0));
        let _ = writeln!(
            s,
            r#"<path d="M{cx:.1},{lo:.1} V{hi:.1} M{:.1},{lo:.1} H{:.1} M{:.1},{hi:.1} H{:.1}" stroke="{INK}" stroke-width="1.6" fill="none"/>"#,
            cx - 9.0,
            cx + 9.0,
            cx - 9.0,
            cx + 9.0
        );
        let _ = writeln!(
            s,
            r#"<text x="{cx:.1}" y="{:.1}" font-size="12" font-weight="bold" text-anchor="middle">{:.1}%</text><text x="{cx:.1}" y="{:.1}" font-size="10" text-anchor="middle">{}</text>"#,
            hi - 7.0,
            100.0 * r.share,
            BOTTOM + 32.0,
            format_args!("{} of {}", r.count, r.of)
        );
    }
    s.push_str("</g>\n");
}

/// The right panel: the VP margin's histogram, coloured by who is ahead, with the mean.
fn margin(s: &mut String, d: Option<&Distribution>) {
    let (left, right) = (500.0, 940.0);
    let _ = writeln!(
        s,
        r#"<g id="margin"><text x="{left}" y="{:.0}" font-size="15" font-weight="bold">VP margin, Union minus Confederate (games)</text>"#,
        TOP - 36.0
    );
    let Some(d) = d.filter(|d| !d.histogram.is_empty()) else {
        let _ = writeln!(s, r#"<text x="{left}" y="{:.0}" font-size="13">No game finished.</text></g>"#, TOP + 40.0);
        return;
    };
    #[allow(clippy::cast_precision_loss)]
    let most = d.histogram.iter().map(|b| b.count).max().unwrap_or(1).max(1) as f64;
    let step = tick_step(most, 4.0);
    let max = (most / step).ceil() * step;
    grid(s, left, right, max, step, num);
    let (lo, hi) = (d.histogram[0].from, d.histogram[d.histogram.len() - 1].to);
    let x_of = |v: f64| left + (right - left) * (v - lo) / (hi - lo);
    // Whole-point bars of 1 hold one value each: label their middles by it.
    let unit = d.histogram.iter().all(|b| (b.to - b.from - 1.0).abs() < 1e-9 && b.from.fract() == 0.0);
    let every = d.histogram.len().div_ceil(12).max(1);
    for (i, b) in d.histogram.iter().enumerate() {
        let (x0, x1) = (x_of(b.from), x_of(b.to));
        let fill = if b.from > 0.0 {
            UNION_FILL
        } else if b.to <= 0.0 {
            CONFEDERATE_FILL
        } else {
            LEVEL
        };
        #[allow(clippy::cast_precision_loss)]
        let y = y_of(b.count as f64, max);
        if b.count > 0 {
            let _ = writeln!(
                s,
                r#"<rect x="{x0:.1}" y="{y:.1}" width="{:.1}" height="{:.1}" fill="{fill}" stroke="{INK}" stroke-width="0.6"><title>{} to {}: {} games</title></rect>"#,
                x1 - x0,
                BOTTOM - y,
                num(b.from),
                num(b.to),
                b.count
            );
        }
        if i % every == 0 {
            let (x, v) = if unit { ((x0 + x1) / 2.0, b.from) } else { (x0, b.from) };
            let _ = writeln!(
                s,
                r#"<path d="M{x:.1},{BOTTOM:.1} v4" stroke="{INK}"/><text x="{x:.1}" y="{:.1}" font-size="11" text-anchor="middle">{}</text>"#,
                BOTTOM + 16.0,
                num(v)
            );
        }
    }
    if lo < 0.0 && hi > 0.0 {
        let x = if unit { x_of(0.5) } else { x_of(0.0) };
        let _ = writeln!(
            s,
            r##"<line x1="{x:.1}" y1="{TOP:.1}" x2="{x:.1}" y2="{BOTTOM:.1}" stroke="#c0202a" stroke-width="1.2" stroke-dasharray="5 4"/>"##
        );
    }
    let mx = x_of(if unit { d.mean + 0.5 } else { d.mean });
    let _ = writeln!(
        s,
        r#"<path d="M{mx:.1},{:.1} l-6,-10 h12 z" fill="{INK}"/><text x="{mx:.1}" y="{:.1}" font-size="11.5" text-anchor="middle">mean {:+.2}, median {}</text>"#,
        TOP - 1.0,
        TOP - 14.0,
        d.mean,
        num(d.median)
    );
    let legend =
        [(UNION_FILL, "Union ahead"), (LEVEL, "level (or straddling 0)"), (CONFEDERATE_FILL, "Confederate ahead")];
    for (i, (fill, name)) in legend.iter().enumerate() {
        #[allow(clippy::cast_precision_loss)]
        let x = left + 150.0 * i as f64;
        let _ = writeln!(
            s,
            r#"<rect x="{x:.1}" y="{:.1}" width="12" height="12" fill="{fill}" stroke="{INK}" stroke-width="0.6"/><text x="{:.1}" y="{:.1}" font-size="11.5">{name}</text>"#,
            BOTTOM + 34.0,
            x + 17.0,
            BOTTOM + 44.0
        );
    }
    s.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::{Balance, balance, tick_step};
    use crate::stats::{Distribution, Share};

    #[test]
    fn the_chart_has_its_title_bars_whiskers_and_histogram() {
        let margin = Distribution::of(&[-3.0, -1.0, 0.0, 0.0, 2.0, 5.0]).unwrap();
        let u = Share::of(3, 6).unwrap();
        let c = Share::of(1, 6).unwrap();
        let d = Share::of(2, 6).unwrap();
        let svg = balance(&Balance {
            title: "Belmont & co",
            subtitle: "6 games, seed 1",
            rates: [("Union wins", Some(&u)), ("Confederate wins", Some(&c)), ("Draws", Some(&d))],
            margin: Some(&margin),
        });
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert!(svg.contains("Belmont &amp; co") && svg.contains("6 games, seed 1"));
        assert!(svg.contains("50.0%") && svg.contains("3 of 6"));
        assert_eq!(svg.matches("games</title></rect>").count(), 5, "one bar per margin with games");
        assert!(svg.contains("mean +0.50"));
        let empty = balance(&Balance {
            title: "t",
            subtitle: "s",
            rates: [("a", None), ("b", None), ("c", None)],
            margin: None,
        });
        assert!(empty.contains("No game finished."));
    }

    #[test]
    fn ticks_are_round() {
        assert!((tick_step(37.0, 4.0) - 10.0).abs() < 1e-9);
        assert!((tick_step(3.0, 4.0) - 1.0).abs() < 1e-9);
        assert!((tick_step(1800.0, 4.0) - 500.0).abs() < 1e-9);
    }
}

//! `muster simulate`, run as a user runs it: the JSON report's shape, results that do not
//! depend on the number of threads, the chart it writes and the usage errors it refuses.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_muster")).args(args).output().expect("muster runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `muster args` and parses its standard output as JSON, requiring success.
fn json(args: &[&str]) -> Value {
    let out = run(args);
    assert!(out.status.success(), "muster {args:?} failed: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("muster {args:?}: not JSON ({e}): {}", text(&out.stdout)))
}

/// A fresh scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-simulate-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("{v} is not a number"))
}

/// A share {"count", "of", "share", "low", "high"} of `of` games.
fn check_share(v: &Value, of: u64) {
    assert_eq!(v["of"], of, "{v}");
    let (s, lo, hi) = (num(&v["share"]), num(&v["low"]), num(&v["high"]));
    assert!((0.0..=1.0).contains(&lo) && lo <= s && s <= hi && hi <= 1.0, "{v}");
    #[allow(clippy::cast_precision_loss)]
    let expected = v["count"].as_u64().unwrap() as f64 / of as f64;
    assert!((s - expected).abs() < 1e-12);
}

/// A distribution of `n` values with ordered quartiles and a histogram holding them all.
fn check_distribution(v: &Value, n: u64) {
    assert_eq!(v["n"], n, "{v}");
    let q: Vec<f64> = ["min", "q1", "median", "q3", "max"].iter().map(|k| num(&v[*k])).collect();
    assert!(q.windows(2).all(|w| w[0] <= w[1]), "{v}");
    assert!(q[0] <= num(&v["mean"]) && num(&v["mean"]) <= q[4] && num(&v["sd"]) >= 0.0);
    let bars = v["histogram"].as_array().expect("a histogram");
    assert_eq!(bars.iter().map(|b| b["count"].as_u64().unwrap()).sum::<u64>(), n);
    assert!(num(&bars[0]["from"]) <= q[0] && q[4] <= num(&bars[bars.len() - 1]["to"]));
}

/// The report's shape for a batch of `games` that all finished; its metrics by name.
fn check_report(v: &Value, scenario: &str, games: u64) -> Vec<Value> {
    assert_eq!(v["scenario"], scenario);
    assert_eq!(
        (v["games"].as_u64(), v["finished"].as_u64(), v["errors"].as_u64()),
        (Some(games), Some(games), Some(0))
    );
    assert_eq!(v["bots"]["union"], "random");
    assert_eq!(v["seed"], 1);
    let counts: u64 = ["union", "confederate", "draw"]
        .iter()
        .map(|k| {
            check_share(&v["results"][k], games);
            v["results"][k]["count"].as_u64().unwrap()
        })
        .sum();
    assert_eq!(counts, games);
    for k in ["union", "confederate", "margin"] {
        check_distribution(&v["vp"][k], games);
    }
    let margin = num(&v["vp"]["union"]["mean"]) - num(&v["vp"]["confederate"]["mean"]);
    assert!((num(&v["vp"]["margin"]["mean"]) - margin).abs() < 1e-9);
    check_distribution(&v["decisions"], games);
    v["metrics"].as_array().expect("metrics").clone()
}

fn metric<'a>(metrics: &'a [Value], name: &str) -> &'a Value {
    metrics.iter().find(|m| m["name"] == name).unwrap_or_else(|| panic!("no metric {name}"))
}

#[test]
fn belmont_reports_rates_vp_length_and_when_the_camp_fell() {
    let v = json(&["simulate", "belmont", "--games", "4", "--threads", "2", "--json"]);
    let metrics = check_report(&v, "belmont", 4);
    assert_eq!(metrics[0]["name"], "camp johnston falls (turn)", "the ruleset's order");
    let captured = metric(&metrics, "camp johnston captured");
    check_share(&captured["share"], 4);
    let fell = metric(&metrics, "camp johnston falls (turn)");
    assert_eq!(fell["games"], captured["share"]["count"], "the turn applies where the camp fell");
    assert!(fell["share"].is_null(), "a turn is not a yes/no measure");
    assert_eq!(metric(&metrics, "union companies eliminated")["games"], 4);
}

#[test]
fn fotm_reports_who_holds_each_gap() {
    let v = json(&["simulate", "fotm", "--games", "6", "--json"]);
    let metrics = check_report(&v, "fotm", 6);
    for gap in ["fox's gap held by union", "turner's gap held by union", "hex 2601 held by union"] {
        let m = metric(&metrics, gap);
        assert_eq!(m["games"], 6);
        check_share(&m["share"], 6);
        assert!((num(&m["mean"]) - num(&m["share"]["share"])).abs() < 1e-12);
    }
    assert!(metric(&metrics, "union cavalry broken out")["share"].is_null());
}

#[test]
fn the_report_does_not_depend_on_the_threads() {
    let one = run(&["simulate", "fotm", "--games", "6", "--seed", "9", "--threads", "1", "--json"]);
    let two = run(&["simulate", "fotm", "--games", "6", "--seed", "9", "--threads", "2", "--json"]);
    assert!(one.status.success() && two.status.success());
    assert_eq!(text(&one.stdout), text(&two.stdout));
}

#[test]
fn plot_writes_a_titled_svg_chart() {
    let dir = scratch("plot");
    let path = dir.join("fotm.svg");
    let out = run(&["simulate", "fotm", "--games", "3", "--plot", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    assert!(
        report.contains("fotm: 3 games") && report.contains("95% interval") && report.contains("chart in"),
        "{report}"
    );
    let svg = std::fs::read_to_string(&path).expect("the chart is written");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("Fire on the Mountain") && svg.contains("3 games") && svg.contains("seed 1"));
    assert!(svg.contains("Union wins") && svg.contains("VP margin"));
}

#[test]
fn a_png_plot_or_an_unknown_bot_is_a_usage_error() {
    let dir = scratch("png");
    let path = dir.join("belmont.png");
    let out = run(&["simulate", "belmont", "--games", "1", "--plot", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let e = text(&out.stderr);
    assert!(e.contains("SVG") && e.contains("rsvg-convert"), "{e}");
    assert!(!path.exists());
    for args in [&["simulate", "belmont", "--union", "genius"][..], &["simulate", "nowhere"], &["simulate"]] {
        assert_eq!(run(args).status.code(), Some(2), "muster {args:?}");
    }
}

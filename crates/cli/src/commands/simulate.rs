//! `muster simulate`: Monte Carlo balance study, many bot-vs-bot games summarised with
//! confidence intervals, VP distributions, game length and the ruleset's own metrics.

use crate::Usage;
use crate::batch::{self, BatchArgs, Bots, Counts, GameResult};
use crate::chart::{self, num};
use crate::stats::{Distribution, Share};
use anyhow::Result;
use catalog::Visit;
use engine::Game;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Play many bot-vs-bot games and report the scenario's balance: win and draw rates with
/// 95% Wilson intervals, each side's VP distribution and the margin's, game length in
/// decisions, and the measures the ruleset declares (Belmont: the turn Camp Johnston
/// falls; Fire on the Mountain: who holds each gap at the end).
///
/// Games are played as by `muster selfplay`: game i samples chance with the seed
/// `Dice::game_seed(SEED, i)`, so the results do not depend on the number of threads
/// (except with a time budget). Rates are shares of the games that finished; a game that
/// panics, reaches a side with no legal action or runs past the decision bound counts as
/// an error and makes the exit code 1.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    batch: BatchArgs,
    /// Print one JSON object: {"scenario", "options", "bots": {"union", "confederate"},
    /// "games", "seed", "finished", "errors", "results": {"union", "confederate",
    /// "draw"}, "vp": {"union", "confederate", "margin"}, "decisions", "metrics":
    /// [{"name", "games", "mean", "share"}]}. Each result is a share {"count", "of",
    /// "share", "low", "high"} of the finished games with its Wilson 95% interval. Each
    /// of vp's entries (margin is Union minus Confederate) and decisions is a
    /// distribution {"n", "mean", "sd", "min", "q1", "median", "q3", "max",
    /// "histogram": [{"from", "to", "count"}]} (sd the sample standard deviation,
    /// quartiles interpolated, bars from <= v < to). A metric's mean is over the "games"
    /// where it applies; "share" is set for a yes/no metric (the share of those games
    /// where it is yes, with its interval). Null where no game finished.
    #[arg(long)]
    json: bool,
    /// Draw the win and draw rates (bars with 95% whiskers) and the VP margin's histogram,
    /// titled with scenario, bots, games and seed, into an SVG file. SVG only: for a PNG,
    /// convert it (`rsvg-convert -o FILE.png FILE.svg`).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

/// The study, as `--json` prints it.
#[derive(Serialize, Debug)]
struct Report {
    scenario: String,
    options: Vec<String>,
    bots: Bots,
    games: u64,
    seed: u64,
    finished: u64,
    errors: u64,
    results: Results,
    vp: VpDistributions,
    decisions: Option<Distribution>,
    metrics: Vec<Metric>,
    /// Wall-clock time: in the text report only, so that the JSON of a seed is always
    /// the same.
    #[serde(skip)]
    seconds: f64,
    /// The same results as counts, for the text report.
    #[serde(skip)]
    counts: Counts,
}

#[derive(Serialize, Debug)]
struct Results {
    union: Option<Share>,
    confederate: Option<Share>,
    draw: Option<Share>,
}

#[derive(Serialize, Debug)]
struct VpDistributions {
    union: Option<Distribution>,
    confederate: Option<Distribution>,
    margin: Option<Distribution>,
}

/// One of the ruleset's metrics over the batch.
#[derive(Serialize, Debug, PartialEq)]
struct Metric {
    name: String,
    /// The finished games where it applies.
    games: u64,
    /// Its mean over those games.
    mean: Option<f64>,
    /// For a yes/no metric: the share of those games where it is yes.
    share: Option<Share>,
}

struct Batch<'a> {
    args: &'a Args,
}

impl Visit for Batch<'_> {
    type Out = Result<Vec<GameResult>>;
    fn visit<G: Game>(self, start: G) -> Self::Out {
        batch::run(&start, &self.args.batch, "simulate", |_, _| Ok(()))
    }
}

/// Refuses a plot file that is not SVG before any game is played.
fn check_plot(path: &Path) -> Result<()> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    if ext == "svg" {
        return Ok(());
    }
    let svg = path.with_extension("svg");
    Err(Usage(format!(
        "--plot writes SVG only, and '{}' is not an .svg file name; write '{}' and convert it, \
         e.g. `rsvg-convert -o {} {}` (librsvg) or `inkscape {} -o {}`",
        path.display(),
        svg.display(),
        path.display(),
        svg.display(),
        svg.display(),
        path.display()
    ))
    .into())
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    if let Some(p) = &args.plot {
        check_plot(p)?;
    }
    let b = &args.batch;
    let start = std::time::Instant::now();
    let per_game = super::with_game(&b.scenario, &b.options, Batch { args })??;
    let report = report(b, &per_game, start.elapsed().as_secs_f64());
    if let Some(path) = &args.plot {
        std::fs::write(path, plot(&report))
            .map_err(|e| anyhow::anyhow!("cannot write the plot to {}: {e}", path.display()))?;
    }
    if args.json {
        super::print(&serde_json::to_string_pretty(&report)?)?;
    } else {
        super::print(&text(args, &report))?;
    }
    Ok(if report.errors > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Summarises the games, in game order.
fn report(b: &BatchArgs, per_game: &[GameResult], seconds: f64) -> Report {
    let counts = Counts::of(per_game);
    let n = counts.finished();
    let finished: Vec<&GameResult> = per_game.iter().filter(|g| g.vp.is_some()).collect();
    let vp: Vec<[f64; 2]> = finished.iter().filter_map(|g| g.vp).collect();
    let side = |i: usize| vp.iter().map(|v| v[i]).collect::<Vec<_>>();
    let margin: Vec<f64> = vp.iter().map(|v| v[0] - v[1]).collect();
    #[allow(clippy::cast_precision_loss)]
    let decisions: Vec<f64> = finished.iter().map(|g| g.decisions as f64).collect();
    Report {
        scenario: b.scenario.clone(),
        options: b.options.clone(),
        bots: b.bots(),
        games: b.games,
        seed: b.seed,
        finished: n,
        errors: counts.errors,
        results: Results {
            union: Share::of(counts.union, n),
            confederate: Share::of(counts.confederate, n),
            draw: Share::of(counts.draws, n),
        },
        vp: VpDistributions {
            union: Distribution::of(&side(0)),
            confederate: Distribution::of(&side(1)),
            margin: Distribution::of(&margin),
        },
        decisions: Distribution::of(&decisions),
        metrics: metrics(&finished),
        seconds,
        counts,
    }
}

/// Each metric's mean over the games where it applies, keys in the ruleset's order.
fn metrics(finished: &[&GameResult]) -> Vec<Metric> {
    // Name, yes/no, values where it applies.
    let mut values: Vec<(String, bool, Vec<f64>)> = Vec::new();
    for g in finished {
        for (k, m) in &g.metrics {
            let i = values.iter().position(|(n, ..)| n == k).unwrap_or_else(|| {
                values.push((k.clone(), false, Vec::new()));
                values.len() - 1
            });
            values[i].1 |= matches!(m, engine::Metric::YesNo(_));
            values[i].2.extend(m.value());
        }
    }
    values
        .into_iter()
        .map(|(name, yes_no, v)| {
            let games = v.len() as u64;
            #[allow(clippy::cast_precision_loss)]
            let mean = (games > 0).then(|| v.iter().sum::<f64>() / games as f64);
            let yes = v.iter().filter(|&&x| x == 1.0).count() as u64;
            Metric { name, games, mean, share: if yes_no { Share::of(yes, games) } else { None } }
        })
        .collect()
}

/// `12.5%` with its interval.
fn pct(s: &Share) -> String {
    format!("{:5.1}%  (95% interval {:.1}-{:.1}%)", 100.0 * s.share, 100.0 * s.low, 100.0 * s.high)
}

/// The readable report.
fn text(args: &Args, r: &Report) -> String {
    let mut s = batch::headline(&args.batch, r.seconds);
    if !r.options.is_empty() {
        let _ = writeln!(s, "  options: {}", r.options.join(", "));
    }
    r.counts.write_rates(&mut s);
    let rows = [
        ("Union VP", &r.vp.union),
        ("Confed. VP", &r.vp.confederate),
        ("Margin U-C", &r.vp.margin),
        ("Decisions", &r.decisions),
    ];
    if rows.iter().any(|(_, d)| d.is_some()) {
        let _ = writeln!(
            s,
            "\n  {:<12} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>8}",
            "", "mean", "sd", "min", "q1", "median", "q3", "max"
        );
    }
    for (name, d) in rows {
        if let Some(d) = d {
            let _ = writeln!(
                s,
                "  {name:<12} {:>9.2} {:>8.2} {:>8} {:>8} {:>8} {:>8} {:>8}",
                d.mean,
                d.sd,
                num(d.min),
                num(d.q1),
                num(d.median),
                num(d.q3),
                num(d.max)
            );
        }
    }
    for (name, d) in [
        ("Union VP", &r.vp.union),
        ("Confederate VP", &r.vp.confederate),
        ("VP margin (Union minus Confederate)", &r.vp.margin),
    ] {
        if let Some(d) = d {
            let _ = writeln!(s, "\n  {name}:");
            histogram(&mut s, d);
        }
    }
    if !r.metrics.is_empty() {
        let _ = writeln!(s, "\n  Metrics (mean over the finished games where each applies):");
        let w = r.metrics.iter().map(|m| m.name.len()).max().unwrap_or(0);
        for m in &r.metrics {
            let value = match (&m.share, m.mean) {
                (Some(x), _) => pct(x),
                (None, Some(mean)) => format!("{mean:6.2}"),
                (None, None) => "     -".into(),
            };
            let _ = writeln!(s, "  {:<w$}  {value}  in {} of {} games", m.name, m.games, r.finished);
        }
    }
    if let Some(p) = &args.plot {
        let _ = writeln!(s, "\n  chart in {}", p.display());
    }
    s.trim_end().to_string()
}

/// A text histogram, one line a bar, the longest 40 marks.
fn histogram(s: &mut String, d: &Distribution) {
    let most = d.histogram.iter().map(|b| b.count).max().unwrap_or(0).max(1);
    let w = d.histogram.iter().map(|b| num(b.from).len()).max().unwrap_or(1);
    let unit = d.histogram.first().is_some_and(|b| (b.to - b.from - 1.0).abs() < 1e-9)
        && d.histogram.iter().all(|b| b.from.fract() == 0.0);
    for b in &d.histogram {
        let marks = usize::try_from(b.count * 40 / most).unwrap_or(40);
        let marks = if b.count > 0 { marks.max(1) } else { 0 };
        // Whole-point bars of 1 hold one value each: label them by it.
        let label =
            if unit { format!("{:>w$}", num(b.from)) } else { format!("{:>w$} to {:>w$}", num(b.from), num(b.to)) };
        let _ = writeln!(s, "    {label} {:>6} {}", b.count, "#".repeat(marks));
    }
}

/// The chart: rates with whiskers and the margin's histogram, titled.
fn plot(r: &Report) -> String {
    let title = catalog::scenario(&r.scenario).map_or_else(|| r.scenario.clone(), |i| i.title);
    let mut subtitle = format!(
        "muster simulate {}: {} games, Union {} vs Confederate {}, seed {}",
        r.scenario, r.games, r.bots.union, r.bots.confederate, r.seed
    );
    if !r.options.is_empty() {
        let _ = write!(subtitle, ", options {}", r.options.join(" "));
    }
    if r.errors > 0 {
        let _ = write!(subtitle, " ({} errored)", r.errors);
    }
    chart::balance(&chart::Balance {
        title: &title,
        subtitle: &subtitle,
        rates: [
            ("Union wins", r.results.union.as_ref()),
            ("Confederate wins", r.results.confederate.as_ref()),
            ("Draws", r.results.draw.as_ref()),
        ],
        margin: r.vp.margin.as_ref(),
    })
}

#[cfg(test)]
mod tests {
    use super::{GameResult, check_plot, metrics};
    use engine::Metric::{self, Number, YesNo};
    use std::path::Path;

    fn game(m: &[(&str, Metric)]) -> GameResult {
        GameResult {
            seed: 0,
            winner: Some("union"),
            decisions: 1,
            final_hash: None,
            vp: Some([0.0, 0.0]),
            metrics: m.iter().map(|(k, v)| ((*k).to_string(), *v)).collect(),
            error: None,
        }
    }

    #[test]
    fn metrics_are_averaged_where_they_apply_and_yes_no_ones_get_a_share() {
        let games = [
            game(&[("fell (turn)", Number(Some(4.0))), ("held", YesNo(Some(true))), ("guns", Number(Some(1.0)))]),
            game(&[("fell (turn)", Number(None)), ("held", YesNo(Some(false))), ("guns", Number(Some(0.0)))]),
            game(&[("fell (turn)", Number(Some(6.0))), ("held", YesNo(Some(true))), ("guns", Number(Some(1.0)))]),
        ];
        let refs: Vec<&GameResult> = games.iter().collect();
        let m = metrics(&refs);
        assert_eq!(m.len(), 3);
        assert_eq!((m[0].name.as_str(), m[0].games, m[0].mean), ("fell (turn)", 2, Some(5.0)));
        assert!(m[0].share.is_none(), "a turn is not a yes/no measure");
        assert_eq!((m[1].name.as_str(), m[1].games), ("held", 3));
        let share = m[1].share.unwrap();
        assert_eq!((share.count, share.of), (2, 3));
        assert!(m[2].share.is_none(), "a count that happens to be 0 or 1 is still a count");
        let none = metrics(&[&game(&[("fell (turn)", Number(None))])]);
        assert_eq!((none[0].games, none[0].mean, none[0].share), (0, None, None));
    }

    #[test]
    fn only_svg_plots_are_accepted() {
        assert!(check_plot(Path::new("out/belmont.svg")).is_ok());
        assert!(check_plot(Path::new("belmont.SVG")).is_ok());
        let e = check_plot(Path::new("belmont.png")).unwrap_err();
        assert!(e.is::<crate::Usage>());
        let msg = e.to_string();
        assert!(msg.contains("SVG") && msg.contains("rsvg-convert -o belmont.png belmont.svg"), "{msg}");
        assert!(check_plot(Path::new("belmont")).is_err());
    }
}

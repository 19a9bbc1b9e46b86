//! Random games from `Gbacw::new` with logging off, the workload of the `games` bench group,
//! as one plain loop for `perf record`:
//! `cargo run --release -p gbacw --example random_play -- GAMES`.
use engine::{Game, conformance::random_decisions};
use gbacw::Gbacw;
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut base = Gbacw::new(&[]).expect("the scenario sets up");
    base.set_logging(false);
    let t = Instant::now();
    let decisions = random_decisions(&base, 1000..1000 + n);
    let s = t.elapsed().as_secs_f64();
    println!("{n} games, {decisions} decisions, {:.0} decisions/s, {:.1} games/s", decisions as f64 / s, n as f64 / s);
}

//! Random games from `Belmont::after_setup` with logging off, the workload of the `games`
//! bench group, as one plain loop for `perf record`:
//! `cargo run --release -p belmont --example random_play -- GAMES`.
use belmont::Belmont;
use engine::{Game, conformance::random_decisions};
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(20);
    let mut base = Belmont::after_setup(&[]);
    base.set_logging(false);
    let t = Instant::now();
    let decisions = random_decisions(&base, 1000..1000 + n);
    let s = t.elapsed().as_secs_f64();
    println!("{n} games, {decisions} decisions, {:.0} decisions/s, {:.1} games/s", decisions as f64 / s, n as f64 / s);
}

//! How fast Regimental On To Richmond plays Belmont on its table: random decisions, whole random
//! games, and the activation's menu (every body move's exact range, the marches' sweeps, the
//! commanders' walks) at a fixed position, through the shared harness `benchkit`. Figures and
//! the machine are in docs/performance.md.
//!
//! ```text
//! cargo bench -p rotr --bench play              # full criterion run
//! cargo bench -p rotr --bench play -- --quick   # a quick estimate
//! ```
//!
//! Games start from `Rotr::new(&[])` (set-up, the commanders' ratings pending). Logging off.

use benchkit::Criterion;
use engine::Game;
use rotr::Rotr;

/// The procedures whose legal-action lists are timed, by the rule that prompts them.
const PROCEDURES: [(&str, &str); 1] = [("activation-4.4", "ROTR 4.4")];

/// Forgets what the position has worked out (its list and its ranges), so each timed listing
/// computes them afresh.
fn nudge(g: &mut Rotr, _on: bool) {
    g.forget();
}

fn main() {
    let mut base = Rotr::new(&[]).expect("the scenario sets up");
    base.set_logging(false);
    let mut c = Criterion::default().configure_from_args();
    benchkit::legal(&mut c, "rotr", &base, &PROCEDURES, nudge);
    benchkit::decisions(&mut c, "rotr", &base);
    benchkit::games(&mut c, "rotr", &base);
    c.final_summary();
}

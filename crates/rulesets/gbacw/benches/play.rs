//! How fast the GBACW standard rules play Belmont: random decisions, whole random games, and
//! legal-action lists at fixed positions of its procedures, through the shared harness
//! `benchkit`. Figures and the machine are in docs/performance.md.
//!
//! ```text
//! cargo bench -p gbacw --bench play              # full criterion run (several minutes)
//! cargo bench -p gbacw --bench play -- --quick   # a quick estimate
//! ```
//!
//! Games start from `Gbacw::new(&[])` (Game-Turn 1, the Union's Initial Command Phase), the
//! full battle, and from the short scenario `gbacw-belmont-camp` (groups `gbacw-camp/...`).
//! Random play from there rarely brings the armies into contact; the Fire Phases' lists are
//! found where they first arise. Logging off throughout.

use benchkit::Criterion;
use engine::Game;
use gbacw::Gbacw;

/// The procedures whose legal-action lists are timed, by the rule that prompts them.
const PROCEDURES: [(&str, &str); 5] = [
    ("attach-17.6", "GBACW 17.6"),
    ("command-points-17.22", "GBACW 17.22"),
    ("movement-5.0", "GBACW 5.0"),
    ("moving-5.11", "GBACW 5.11"),
    ("fire-9.0", "GBACW 9.0"),
];

/// Changes the position's hash without changing its legal actions (the camp's exclusive
/// rule flag, which only VP read), and back.
fn nudge(g: &mut Gbacw, _on: bool) {
    g.camp_burned = !g.camp_burned;
}

fn main() {
    let mut base = Gbacw::new(&[]).expect("the scenario sets up");
    base.set_logging(false);
    // The short scenario (issue 16: how the figures change from the short to the full).
    let mut camp = Gbacw::new_scenario("gbacw-belmont-camp", &[]).expect("the scenario sets up");
    camp.set_logging(false);
    let mut c = Criterion::default().configure_from_args();
    benchkit::legal(&mut c, "gbacw", &base, &PROCEDURES, nudge);
    benchkit::decisions(&mut c, "gbacw", &base);
    benchkit::games(&mut c, "gbacw", &base);
    benchkit::decisions(&mut c, "gbacw-camp", &camp);
    benchkit::games(&mut c, "gbacw-camp", &camp);
    c.final_summary();
}

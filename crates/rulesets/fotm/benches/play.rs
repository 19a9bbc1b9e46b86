//! How fast Fire on the Mountain plays: random decisions, whole random games, and
//! legal-action lists at fixed positions, through the shared harness `benchkit`. Figures
//! and the machine are in docs/performance.md.
//!
//! ```text
//! cargo bench -p fotm --bench play              # full criterion run (several minutes)
//! cargo bench -p fotm --bench play -- --quick   # a quick estimate
//! ```
//!
//! Every game starts from `testkit::after_setup(&[])` (both set-ups accepted as authored)
//! with logging off.

use benchkit::Criterion;
use engine::Game;
use fotm::{Fotm, testkit};

/// The procedures whose legal-action lists are timed, by the rule that prompts them.
const PROCEDURES: [(&str, &str); 4] = [
    ("movement-13.1", "FotM 13.1"),
    ("assault-15.4", "FotM 15.4"),
    ("rally-12.1", "FotM 12.1"),
    ("retreat-17.3", "FotM 17.3"),
];

/// Changes the position's hash without changing its legal actions (a VP nudge), and back.
fn nudge(g: &mut Fotm, on: bool) {
    if on {
        g.scored[0] += 1;
    } else {
        g.scored[0] -= 1;
    }
}

fn main() {
    let mut base = testkit::after_setup(&[]);
    base.set_logging(false);
    let mut c = Criterion::default().configure_from_args();
    benchkit::legal(&mut c, &base, &PROCEDURES, nudge);
    benchkit::decisions(&mut c, &base);
    benchkit::games(&mut c, &base);
    c.final_summary();
}

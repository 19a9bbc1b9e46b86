//! How fast Belmont plays: random decisions, whole random games, and legal-action lists
//! at fixed positions, through the shared harness `benchkit`. Figures and the machine are
//! in docs/performance.md.
//!
//! ```text
//! cargo bench -p belmont --bench play              # full criterion run (several minutes)
//! cargo bench -p belmont --bench play -- --quick   # a quick estimate
//! ```
//!
//! (`--bench play` matters with `--quick`: a bare `cargo bench -p belmont -- --quick`
//! hands the flag to the test targets too, and libtest refuses it.)
//!
//! Every game starts from `Belmont::after_setup(&[])` (turn 1's first chit pull) with
//! logging off.

use belmont::Belmont;
use benchkit::Criterion;
use engine::Game;

/// The procedures whose legal-action lists are timed, by the rule that prompts them.
const PROCEDURES: [(&str, &str); 5] = [
    ("movement-4.3.3", "Belmont 4.3.3"),
    ("volley-5.1", "Belmont 5.1"),
    ("melee-markers-4.3.1", "Belmont 4.3.1"),
    ("leader-second-move-3.2.3", "Belmont 3.2.3"),
    ("rally-9.0", "Belmont 9.0"),
];

/// Forgets the position's memoised legal actions (Belmont's memo lasts until the position
/// changes, and is not keyed by its hash): the next listing generates.
fn nudge(g: &mut Belmont, _on: bool) {
    g.changed();
}

fn main() {
    let mut base = Belmont::after_setup(&[]);
    base.set_logging(false);
    let mut c = Criterion::default().configure_from_args();
    benchkit::legal(&mut c, "belmont", &base, &PROCEDURES, nudge);
    benchkit::decisions(&mut c, "belmont", &base);
    benchkit::games(&mut c, "belmont", &base);
    c.final_summary();
}

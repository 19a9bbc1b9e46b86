//! How fast Fire on the Mountain plays: random decisions, whole random games, and
//! legal-action lists at fixed positions, through the shared harness `benchkit`. Figures
//! and the machine are in docs/performance.md.
//!
//! ```text
//! cargo bench -p fotm --bench play              # full criterion run (several minutes)
//! cargo bench -p fotm --bench play -- --quick   # a quick estimate
//! ```
//!
//! Whole games start from `testkit::after_setup(&[])` (both set-ups accepted as authored).
//! Random play from there rarely brings the armies into contact, so decisions are also
//! timed, and the combat procedures' legal actions found, from `testkit::engaged(9)` (3 PM,
//! in contact). Logging off throughout.

use benchkit::Criterion;
use engine::Game;
use fotm::{Fotm, testkit};

/// The procedures whose legal-action lists are timed, by the rule that prompts them.
const PROCEDURES: [(&str, &str); 5] = [
    ("movement-13.1", "FotM 13.1"),
    ("assault-15.4", "FotM 15.4"),
    ("rally-12.1", "FotM 12.1"),
    ("retreat-17.3", "FotM 17.3"),
    ("advance-15.10", "FotM 15.10"),
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
    let mut contact = testkit::engaged(9);
    contact.set_logging(false);
    let mut c = Criterion::default().configure_from_args();
    benchkit::legal(&mut c, "fotm-contact", &contact, &PROCEDURES, nudge);
    benchkit::decisions(&mut c, "fotm", &base);
    benchkit::decisions(&mut c, "fotm-contact", &contact);
    benchkit::games(&mut c, "fotm", &base);
    c.final_summary();
}

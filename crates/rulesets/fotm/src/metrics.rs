//! What a balance study measures at the end of a Fire on the Mountain game
//! ([`engine::Game::metrics`]): who holds each gap and hex 2601 (18.1), when a gap first fell
//! to the Union (8.5), how many Union cavalry brigades broke out (8.5), and the steps each
//! side lost (2.3).

use crate::state::Fotm;
use engine::{Metric, Side};

/// The measures, the same keys in the same order in every position.
pub(crate) fn metrics(g: &Fotm) -> Vec<(String, Metric)> {
    let union = |s: Side| Metric::YesNo(Some(s == Side::Union));
    let mut out = vec![
        ("fox's gap held by union".to_string(), union(g.control[0])),
        ("turner's gap held by union".to_string(), union(g.control[1])),
        ("hex 2601 held by union".to_string(), union(g.control[2])),
        ("first gap captured (turn)".to_string(), Metric::Number(g.gap_captured.map(f64::from))),
        ("union cavalry broken out".to_string(), Metric::Number(Some(f64::from(g.broke_out)))),
    ];
    for side in Side::BOTH {
        let lost: u32 = g.all_brigades().filter(|&b| g.side_of(b) == side).map(|b| u32::from(g.bde(b).losses)).sum();
        out.push((format!("{} steps lost", side.name()), Metric::Number(Some(f64::from(lost)))));
    }
    out
}

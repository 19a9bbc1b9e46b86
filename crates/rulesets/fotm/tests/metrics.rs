//! `Game::metrics` for Fire on the Mountain: who holds each gap and 2601 (18.1), yes for the
//! Union; the turn a gap first fell (8.5); the cavalry breakout (8.5); the same keys and kinds
//! in every position (the shared `engine::conformance::metrics_stable`).

use engine::{Dice, Game, Metric, Side, conformance};
use fotm::Fotm;

fn get(g: &Fotm, key: &str) -> Metric {
    g.metrics().into_iter().find(|(k, _)| k == key).unwrap_or_else(|| panic!("no metric {key}")).1
}

#[test]
fn gap_control_is_yes_for_the_union() {
    let mut g = Fotm::new(&[]).expect("no options");
    for k in ["fox's gap held by union", "turner's gap held by union", "hex 2601 held by union"] {
        assert_eq!(get(&g, k), Metric::YesNo(Some(false)), "{k}: the Confederates hold it at the start");
    }
    assert_eq!(get(&g, "first gap captured (turn)"), Metric::Number(None));
    assert_eq!(get(&g, "union cavalry broken out"), Metric::Number(Some(0.0)));
    g.control[1] = Side::Union;
    g.gap_captured = Some(4);
    g.broke_out = 2;
    assert_eq!(get(&g, "fox's gap held by union"), Metric::YesNo(Some(false)));
    assert_eq!(get(&g, "turner's gap held by union"), Metric::YesNo(Some(true)));
    assert_eq!(get(&g, "first gap captured (turn)"), Metric::Number(Some(4.0)));
    assert_eq!(get(&g, "union cavalry broken out"), Metric::Number(Some(2.0)));
}

#[test]
fn every_position_lists_the_same_measures_and_a_finished_game_reads_its_state() {
    let new = || Fotm::new(&[]).expect("no options");
    if let Err(report) = conformance::metrics_stable(new, 3, 5, 20_000) {
        panic!("\n{report}");
    }
    let mut g = new();
    g.set_logging(false);
    conformance::play_random(&mut g, &mut Dice::seeded(5), 20_000);
    assert!(g.outcome().is_some());
    assert_eq!(get(&g, "fox's gap held by union"), Metric::YesNo(Some(g.control[0] == Side::Union)));
    assert_eq!(get(&g, "first gap captured (turn)").value(), g.gap_captured.map(f64::from));
}

//! `Game::metrics` for Belmont: the measures a balance study reports, the same keys and
//! kinds in every position (the shared `engine::conformance::metrics_stable`), and the
//! turn Camp Johnston falls (13.2) read from the position.

use belmont::Belmont;
use engine::{Dice, Game, Metric, conformance};

fn get(g: &Belmont, key: &str) -> Metric {
    g.metrics().into_iter().find(|(k, _)| k == key).unwrap_or_else(|| panic!("no metric {key}")).1
}

#[test]
fn the_camp_falls_on_the_turn_recorded_and_not_before() {
    let mut g = Belmont::after_setup(&[]);
    assert_eq!(g.metrics()[0].0, "camp johnston falls (turn)");
    assert_eq!(get(&g, "camp johnston falls (turn)"), Metric::Number(None), "the camp stands: no turn");
    assert_eq!(get(&g, "camp johnston captured"), Metric::YesNo(Some(false)));
    assert_eq!(get(&g, "union reserve called"), Metric::YesNo(Some(false)));
    assert_eq!(get(&g, "union companies eliminated"), Metric::Number(Some(0.0)));
    assert_eq!(get(&g, "confederate guns captured"), Metric::Number(Some(0.0)));
    g.camp_captured = Some(5);
    assert_eq!(get(&g, "camp johnston falls (turn)"), Metric::Number(Some(5.0)));
    assert_eq!(get(&g, "camp johnston captured"), Metric::YesNo(Some(true)));
}

#[test]
fn every_position_lists_the_same_measures_and_a_finished_game_has_them_all() {
    let new = || Belmont::new(&[]).expect("no options");
    if let Err(report) = conformance::metrics_stable(new, 1, 3, 20_000) {
        panic!("\n{report}");
    }
    let mut g = new();
    g.set_logging(false);
    conformance::play_random(&mut g, &mut Dice::seeded(3), 20_000);
    assert!(g.outcome().is_some());
    assert_eq!(get(&g, "camp johnston captured").value() == Some(1.0), g.camp_captured.is_some());
    assert!(g.metrics().iter().filter(|(k, _)| k != "camp johnston falls (turn)").all(|(_, v)| v.value().is_some()));
}

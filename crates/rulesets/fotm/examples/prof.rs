//! Profiling driver: random games from contact and from set-up, logging off.
use engine::{Dice, Game, conformance};
fn main() {
    let t = std::time::Instant::now();
    let mut n = 0;
    for seed in 0..300 {
        let mut g = fotm::testkit::engaged(9);
        g.set_logging(false);
        let mut dice = Dice::seeded(seed);
        while let Some(a) = conformance::random_action(&g, &mut dice) { g.apply(&a).unwrap(); n += 1; }
    }
    for seed in 0..300 {
        let mut g = fotm::Fotm::new(&[]).unwrap();
        g.set_logging(false);
        let mut dice = Dice::seeded(seed);
        while let Some(a) = conformance::random_action(&g, &mut dice) { g.apply(&a).unwrap(); n += 1; }
    }
    println!("{n} checked decisions in {:?}", t.elapsed());
}

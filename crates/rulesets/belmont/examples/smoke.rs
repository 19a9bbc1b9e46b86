//! Plays random games and reports decisions, to shake out dead ends.
use belmont::Belmont;
use engine::{Actor, Dice, Game};
fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    for seed in 0..n {
        let mut g = Belmont::new(&[]).unwrap();
        g.set_logging(std::env::var("LOG").is_ok());
        let mut dice = Dice::seeded(seed);
        let mut steps = 0u64;
        loop {
            let a = match g.actor() {
                Actor::Over => break,
                Actor::Chance => {
                    let o = g.chance_outcomes();
                    let s: f64 = o.iter().map(|x| x.1).sum();
                    assert!((s - 1.0).abs() < 1e-9, "sum {s} at {:?}", g.prompt());
                    dice.sample(&o).clone()
                }
                Actor::Side(_) => {
                    let l = g.legal_actions();
                    assert!(!l.is_empty(), "dead end at {:?}", g.prompt());
                    dice.choose(&l).clone()
                }
            };
            g.apply(&a).unwrap();
            steps += 1;
            if steps > 200_000 {
                panic!("runaway at {:?}", g.prompt());
            }
        }
        println!(
            "seed {seed}: {steps} decisions, turn {}, vp {:?}, winner {:?}",
            g.turn,
            g.vp(),
            g.outcome().unwrap().winner
        );
        if std::env::var("LOG").is_ok() {
            for e in g.log().events().iter().rev().take(40).rev() {
                println!("  [{}] {}", e.rule, e.text);
            }
        }
    }
}

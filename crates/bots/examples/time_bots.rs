//! Times bot decisions on Belmont: `time_bots SPEC [DECISIONS] [SEED]` plays SPEC for
//! both sides from the first chit pull and reports the time spent in the bots.
use belmont::Belmont;
use bots::parse_bot_spec;
use engine::{Actor, Dice, Game};
use std::time::{Duration, Instant};
fn main() {
    let mut args = std::env::args().skip(1);
    let spec = parse_bot_spec(&args.next().unwrap_or_else(|| "greedy".into())).expect("a bot spec");
    let decisions: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut game = Belmont::after_setup(&[]);
    game.set_logging(false);
    let mut bots = [spec.build::<Belmont>(Dice::game_seed(seed, 1)), spec.build::<Belmont>(Dice::game_seed(seed, 2))];
    let mut dice = Dice::seeded(seed);
    let (mut bot_time, mut bot_decisions, mut slowest, mut legal_total) =
        (Duration::ZERO, 0u64, (Duration::ZERO, 0, 0), 0);
    let start = Instant::now();
    for i in 0..decisions {
        let a = match game.actor() {
            Actor::Over => break,
            Actor::Chance => dice.sample(&game.chance_outcomes()).clone(),
            Actor::Side(s) => {
                let legal = game.legal_actions();
                let t = Instant::now();
                let a = bots[s.index()].choose_from(&game, &legal);
                let e = t.elapsed();
                bot_time += e;
                bot_decisions += 1;
                legal_total += legal.len();
                if e > slowest.0 {
                    slowest = (e, i, legal.len());
                }
                a
            }
        };
        let before = game.vp();
        let what = game.describe(&a);
        game.apply(&a).unwrap();
        if game.vp() != before {
            println!("  decision {i}: {what}: VP {:?} -> {:?}", before, game.vp());
        }
    }
    println!(
        "{spec}: {bot_decisions} bot decisions in {:.2}s ({:.2} ms each, mean {:.1} legal actions); slowest {:.1} ms at decision {} ({} actions); total {:.2}s; turn {}, vp {:?}",
        bot_time.as_secs_f64(),
        bot_time.as_secs_f64() * 1000.0 / bot_decisions.max(1) as f64,
        legal_total as f64 / bot_decisions.max(1) as f64,
        slowest.0.as_secs_f64() * 1000.0,
        slowest.1,
        slowest.2,
        start.elapsed().as_secs_f64(),
        game.turn,
        game.vp()
    );
}

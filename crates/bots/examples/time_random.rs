//! Times random Belmont games played with `play_out`: `time_random [GAMES]`.
use belmont::Belmont;
use bots::{RandomBot, play_out};
use engine::{Dice, Game};
use std::time::Instant;
fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    for i in 0..games {
        let t = Instant::now();
        let mut game = Belmont::new(&[]).unwrap();
        game.set_logging(false);
        let (mut u, mut c) = (RandomBot::new(Dice::game_seed(i, 1)), RandomBot::new(Dice::game_seed(i, 2)));
        let actions = play_out(&mut game, [&mut u, &mut c], &mut Dice::seeded(i), 1_000_000).expect("ends");
        println!("game {i}: {} decisions in {:.2}s, vp {:?}", actions.len(), t.elapsed().as_secs_f64(), game.vp());
    }
}

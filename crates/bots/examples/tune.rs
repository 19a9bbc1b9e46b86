//! Tries an MCTS configuration on Fire on the Mountain against another bot:
//! `tune GAMES ITERATIONS ROLLOUT EXPLORATION SIDE OPPONENT [SEED]` (SIDE union or
//! confederate: the side MCTS plays; OPPONENT a bot spec). Prints each result as it comes.
use bots::{Bot, Budget, MctsBot, MctsConfig, parse_bot_spec, play_out_into};
use engine::{Dice, Game, Side};
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = a[0].parse().unwrap();
    let iterations: u32 = a[1].parse().unwrap();
    let rollout: u32 = a[2].parse().unwrap();
    let exploration: f64 = a[3].parse().unwrap();
    let side = if a[4] == "union" { Side::Union } else { Side::Confederate };
    let opponent = parse_bot_spec(&a[5]).unwrap();
    let seed: u64 = a.get(6).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut wins = 0;
    let start = Instant::now();
    for i in 0..games {
        let gs = Dice::game_seed(seed, i);
        let mut game = fotm::Fotm::new(&[]).unwrap();
        game.set_logging(false);
        let config = MctsConfig { budget: Budget::Iterations(iterations), rollout_depth: rollout, exploration, ..MctsConfig::default() };
        let mut m: Box<dyn Bot<fotm::Fotm>> = Box::new(Timed(MctsBot::new(Dice::game_seed(gs, 1), config), 0));
        let mut o = opponent.build::<fotm::Fotm>(Dice::game_seed(gs, 2));
        let bots: [&mut dyn Bot<fotm::Fotm>; 2] =
            if side == Side::Union { [m.as_mut(), o.as_mut()] } else { [o.as_mut(), m.as_mut()] };
        let mut record = Vec::new();
        let actions = play_out_into(&mut game, bots, &mut Dice::seeded(gs), 6_000, &mut record).map(|()| record.len());
        if actions.is_err() {
            let tail: Vec<String> = record[record.len().saturating_sub(40)..].iter().map(|a| format!("{a:?}")).collect();
            println!("game {i} did not end; last actions: {}", tail.join(" "));
        }
        let out = game.outcome();
        let won = out.as_ref().and_then(|o| o.winner) == Some(side);
        wins += u32::from(won);
        println!(
            "game {i}: {:?} vp {:?} decisions {:?}; {wins}/{} after {:.0}s",
            out.as_ref().map(|o| o.winner),
            game.vp(),
            actions,
            i + 1,
            start.elapsed().as_secs_f64()
        );
    }
}

/// Reports slow decisions.
struct Timed(MctsBot<fotm::Fotm>, u64);
impl Bot<fotm::Fotm> for Timed {
    fn name(&self) -> String {
        self.0.name()
    }
    fn choose(&mut self, g: &fotm::Fotm) -> fotm::Action {
        let legal = g.legal_actions();
        self.choose_from(g, &legal)
    }
    fn choose_from(&mut self, g: &fotm::Fotm, legal: &[fotm::Action]) -> fotm::Action {
        let t = Instant::now();
        let a = self.0.choose_from(g, legal);
        self.1 += 1;
        if t.elapsed().as_secs_f64() > 0.5 {
            let s = self.0.stats();
            println!("  decision {}: {:.2}s, {} legal, {:?}", self.1, t.elapsed().as_secs_f64(), legal.len(), s);
        }
        a
    }
}

//! Tries an MCTS configuration against another bot, for tuning:
//! `tune GAMES ITERATIONS ROLLOUT EXPLORATION SIDE OPPONENT [SEED] [RULESET]` (SIDE union or
//! confederate: the side MCTS plays; OPPONENT a bot spec; RULESET fotm, the default, or
//! belmont). Prints each result as it comes, and any decision slower than half a second.
//! Environment: TUNE_FIRST (first game index), TUNE_SAVE=DIR (write each game's record
//! there, for `muster replay --log`).
use bots::{Bot, Budget, MctsBot, MctsConfig, parse_bot_spec, play_out_into};
use engine::{Dice, Game, Side};
use std::time::Instant;
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    match a.get(7).map(String::as_str) {
        Some("belmont") => run::<belmont::Belmont>(&a, "belmont", || belmont::Belmont::new(&[]).unwrap()),
        _ => run::<fotm::Fotm>(&a, "fotm", || fotm::Fotm::new(&[]).unwrap()),
    }
}

fn run<G: Game + 'static>(a: &[String], ruleset: &str, new: impl Fn() -> G) {
    let games: u64 = a[0].parse().unwrap();
    let iterations: u32 = a[1].parse().unwrap();
    let rollout: u32 = a[2].parse().unwrap();
    let exploration: f64 = a[3].parse().unwrap();
    let side = if a[4] == "union" { Side::Union } else { Side::Confederate };
    let opponent = parse_bot_spec(&a[5]).unwrap();
    let seed: u64 = a.get(6).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut wins = 0;
    let start = Instant::now();
    let first: u64 = std::env::var("TUNE_FIRST").ok().and_then(|s| s.parse().ok()).unwrap_or(0);
    for i in first..first + games {
        let gs = Dice::game_seed(seed, i);
        let mut game = new();
        game.set_logging(false);
        let config = MctsConfig {
            budget: Budget::Iterations(iterations),
            rollout_depth: rollout,
            exploration,
            ..MctsConfig::default()
        };
        let mut m: Box<dyn Bot<G>> = Box::new(Timed(MctsBot::new(Dice::game_seed(gs, 1), config), 0));
        let mut o = opponent.build::<G>(Dice::game_seed(gs, 2));
        let bots: [&mut dyn Bot<G>; 2] =
            if side == Side::Union { [m.as_mut(), o.as_mut()] } else { [o.as_mut(), m.as_mut()] };
        let mut record = Vec::new();
        let actions = play_out_into(&mut game, bots, &mut Dice::seeded(gs), 6_000, &mut record).map(|()| record.len());
        if actions.is_err() {
            let tail: Vec<String> =
                record[record.len().saturating_sub(40)..].iter().map(|a| format!("{a:?}")).collect();
            println!("game {i} did not end; last actions: {}", tail.join(" "));
        }
        if let Ok(dir) = std::env::var("TUNE_SAVE") {
            // A record `muster replay --log` reads, to see how the game went.
            let (scenario, options) = game.scenario();
            let rec = engine::Record {
                ruleset: ruleset.into(),
                scenario: scenario.into(),
                options: options.to_vec(),
                seed: Some(gs),
                actions: record.clone(),
                final_hash: Some(engine::hash_hex(game.state_hash())),
            };
            std::fs::write(format!("{dir}/game-{i}.json"), serde_json::to_string(&rec).unwrap()).unwrap();
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
struct Timed<G: Game>(MctsBot<G>, u64);
impl<G: Game> Bot<G> for Timed<G> {
    fn name(&self) -> String {
        self.0.name()
    }
    fn choose(&mut self, g: &G) -> G::Action {
        let legal = g.legal_actions();
        self.choose_from(g, &legal)
    }
    fn choose_from(&mut self, g: &G, legal: &[G::Action]) -> G::Action {
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

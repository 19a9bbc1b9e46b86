//! How fast the bots think: MCTS iterations a second and one greedy decision, on both
//! rulesets, at fixed positions. Figures and the machine are in docs/performance.md.
//!
//! ```text
//! cargo bench -p bots --bench search              # full criterion run
//! cargo bench -p bots --bench search -- --quick   # a quick estimate
//! ```
//!
//! Each MCTS sample is one search by a fresh bot (no tree to reuse) with an iteration
//! budget, from the position's first decision with a choice; criterion's "elem/s" is then
//! iterations a second. Positions: Fire on the Mountain in contact
//! (`fotm::testkit::engaged(9)`, 3 PM) and Belmont at its first chit pull
//! (`Belmont::after_setup`), logging off, chance sampled from seed 1 up to the decision.

use benchkit::{Criterion, Throughput};
use bots::{Bot, Budget, GreedyBot, MctsBot, MctsConfig};
use engine::{Actor, Dice, Game};
use std::hint::black_box;

/// Plays chance (seed 1) and forced decisions until a side has a choice.
fn first_choice<G: Game>(mut g: G) -> G {
    g.set_logging(false);
    let mut dice = Dice::seeded(1);
    loop {
        match g.actor() {
            Actor::Chance => {
                let a = dice.sample(&g.chance_outcomes()).clone();
                g.apply_unchecked(&a);
            }
            Actor::Side(_) => {
                let legal = g.legal_actions();
                if legal.len() > 1 {
                    return g;
                }
                g.apply_unchecked(&legal[0]);
            }
            Actor::Over => panic!("the game ended before a choice"),
        }
    }
}

fn bench<G: Game>(c: &mut Criterion, label: &str, game: &G, iterations: u32) {
    let legal = game.legal_actions();
    eprintln!("report: {label}: a decision with {} legal actions, prompt {:?}", legal.len(), game.prompt().text);
    let mut group = c.benchmark_group(format!("{label}/mcts"));
    group.throughput(Throughput::Elements(u64::from(iterations))).sample_size(10);
    group.bench_function(format!("{iterations}-iterations"), |b| {
        let config = MctsConfig { budget: Budget::Iterations(iterations), ..MctsConfig::default() };
        b.iter(|| black_box(MctsBot::new(7, config).choose_from(game, &legal)));
    });
    group.finish();
    let mut group = c.benchmark_group(format!("{label}/greedy"));
    group.throughput(Throughput::Elements(1)).sample_size(10);
    group.bench_function("decision", |b| b.iter(|| black_box(GreedyBot::new(7).choose_from(game, &legal))));
    group.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, "fotm-contact", &first_choice(fotm::testkit::engaged(9)), 2_000);
    bench(&mut c, "belmont", &first_choice(belmont::Belmont::after_setup(&[])), 200);
    c.final_summary();
}

//! Debugging aid for the FotM evaluation and MCTS: `fotm_at RECORD N [ITERATIONS [SEED]]`
//! replays a Fire on the Mountain record (as `muster play --save` or `tune` with TUNE_SAVE
//! write it) to its first N actions and prints the brigades on the map, control of the
//! objectives, each legal action with the evaluation it leads to, and, given ITERATIONS, what
//! an MCTS search of that many iterations chooses and how it visited the root's actions.
use engine::Game;
fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let rec: engine::Record<fotm::Action> = serde_json::from_str(&std::fs::read_to_string(&a[0]).unwrap()).unwrap();
    let n: usize = a[1].parse().unwrap();
    let mut g = fotm::Fotm::new(&rec.options).unwrap();
    g.set_logging(false);
    for x in &rec.actions[..n] {
        g.apply_unchecked(x);
    }
    println!("turn {} control {:?} actor {:?} prompt {:?}", g.turn, g.control, g.actor(), g.prompt());
    for b in g.all_brigades() {
        let d = g.bde(b);
        if let fotm::Loc::Map(h) = d.loc {
            println!(
                "{h} {:?} {:30} sp{} face{} {}{}{}",
                g.side_of(b),
                g.name(b),
                g.printed_sp(b),
                d.facing,
                if d.column { "column " } else { "" },
                if d.routed { "routed " } else { "" },
                if d.assaulted { "assaulted" } else { "" }
            );
        }
    }
    if let engine::Actor::Side(side) = g.actor() {
        println!("evaluate {:.4}", g.evaluate(side));
        for x in g.legal_actions() {
            let mut n = g.clone();
            n.apply_unchecked(&x);
            println!("  {:40} eval after {:.4}", g.describe(&x), n.evaluate(side));
        }
        if let Some(iters) = a.get(2) {
            let config =
                bots::MctsConfig { budget: bots::Budget::Iterations(iters.parse().unwrap()), ..Default::default() };
            let mut m = bots::MctsBot::new(a.get(3).map_or(1, |s| s.parse().unwrap()), config);
            let chosen = bots::Bot::choose(&mut m, &g);
            println!("mcts chose {}", g.describe(&chosen));
            let mut edges = m.root_edges();
            edges.sort_by_key(|e| std::cmp::Reverse(e.1));
            for (x, visits, mean) in edges {
                println!("  {:40} visits {visits:5} mean {mean:.4}", g.describe(&x));
            }
        }
    }
}

//! The benchmark harness every ruleset's `cargo bench` shares, generic over
//! [`engine::Game`]: (a) decisions per second along random games, (b) whole random games
//! per second, (c) `legal_actions` and `apply_unchecked` at fixed positions of different
//! procedures. Each ruleset's `benches/play.rs` builds its base position and calls these.
//!
//! Games play the conformance suite's random policy (`engine::conformance::random_action`):
//! chance outcomes sampled by probability, or a uniform pick among the legal actions, from
//! `Dice::seeded(seed)`. Besides criterion's own lines, the harness prints `report:` lines to
//! stderr: decisions per game and the rates over every game it played. Every group is named
//! `LABEL/...` (the ruleset, and where it starts), so rulesets' saved baselines never mix.

use criterion::{BatchSize, SamplingMode};
pub use criterion::{Criterion, Throughput};
use engine::{Actor, Dice, Game, conformance};
use std::hint::black_box;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

/// One decision the way bots and `muster selfplay` play: list, pick, apply without the
/// second listing `Game::apply` makes. Returns false once the game is over.
fn step<G: Game>(game: &mut G, dice: &mut Dice) -> bool {
    match conformance::random_action(game, dice) {
        Some(a) => {
            game.apply_unchecked(&a);
            true
        }
        None => false,
    }
}

/// One decision through the checked `Game::apply` (which lists the legal actions again).
fn step_checked<G: Game>(game: &mut G, dice: &mut Dice) -> bool {
    match conformance::random_action(game, dice) {
        Some(a) => {
            game.apply(&a).expect("a listed action is legal");
            true
        }
        None => false,
    }
}

/// A random game that never ends: when one is over the next seed starts from `base`.
struct Walker<G: Game> {
    base: G,
    game: G,
    dice: Dice,
    seed: u64,
    decisions: u64,
}

impl<G: Game> Walker<G> {
    fn new(base: &G) -> Walker<G> {
        Walker { base: base.clone(), game: base.clone(), dice: Dice::seeded(1), seed: 1, decisions: 0 }
    }

    fn next(&mut self, checked: bool) {
        let (game, dice) = (&mut self.game, &mut self.dice);
        let moved =
            catch_unwind(AssertUnwindSafe(|| if checked { step_checked(game, dice) } else { step(game, dice) }))
                .unwrap_or_else(|_| {
                    eprintln!(
                        "report: PANIC in the random game seeded {} (from the base position); skipped",
                        self.seed
                    );
                    false
                });
        if moved {
            self.decisions += 1;
        } else {
            self.seed += 1;
            self.game = self.base.clone();
            self.dice = Dice::seeded(self.seed);
        }
    }
}

/// (a) Decisions per second along random games (one iteration = one decision).
pub fn decisions<G: Game>(c: &mut Criterion, label: &str, base: &G) {
    let mut group = c.benchmark_group(format!("{label}/decisions"));
    group.throughput(Throughput::Elements(1)).sampling_mode(SamplingMode::Flat).sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for (name, checked) in [("list+apply_unchecked", false), ("list+apply_checked", true)] {
        let mut walker = Walker::new(base);
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let t = Instant::now();
                for _ in 0..iters {
                    walker.next(checked);
                }
                t.elapsed()
            });
        });
        eprintln!(
            "report: {label}/decisions/{name}: walked {} decisions over {} game(s) in all",
            walker.decisions, walker.seed
        );
    }
    group.finish();
}

/// (b) Whole random games per second, from the first chit pull to the end.
pub fn games<G: Game>(c: &mut Criterion, label: &str, base: &G) {
    let mut group = c.benchmark_group(format!("{label}/games"));
    group.sampling_mode(SamplingMode::Flat).sample_size(10).warm_up_time(Duration::from_millis(1));
    group.measurement_time(Duration::from_secs(60));
    let (mut seed, mut played, mut panicked, mut decisions, mut busy) = (1000u64, 0u64, 0u64, 0u64, Duration::ZERO);
    group.bench_function("random_game", |b| {
        b.iter_custom(|iters| {
            let t = Instant::now();
            for _ in 0..iters {
                let mut game = base.clone();
                let mut dice = Dice::seeded(seed);
                let mut n = 0;
                let ended = catch_unwind(AssertUnwindSafe(|| {
                    while step(&mut game, &mut dice) {
                        n += 1;
                    }
                }));
                if ended.is_ok() {
                    assert_eq!(game.actor(), Actor::Over);
                    played += 1;
                    decisions += n;
                } else {
                    eprintln!("report: PANIC in the random game seeded {seed} (from the base position); not counted");
                    panicked += 1;
                }
                seed += 1;
                black_box(&game);
            }
            let e = t.elapsed();
            busy += e;
            e
        });
    });
    group.finish();
    let secs = busy.as_secs_f64();
    eprintln!(
        "report: {label}/games: {played} whole games ({panicked} more panicked, their time included), {:.0} decisions a game \
         on average, {:.3} games/s, {:.0} decisions/s",
        decisions as f64 / played.max(1) as f64,
        played as f64 / secs,
        decisions as f64 / secs
    );
}

/// The first position of a seeded random game (seed 2) where `pick` holds, with its
/// decision number.
fn find<G: Game>(base: &G, pick: impl Fn(&G) -> bool) -> Option<(u64, G)> {
    let mut game = base.clone();
    let mut dice = Dice::seeded(2);
    for d in 0..3_000 {
        if pick(&game) {
            return Some((d, game));
        }
        if !step(&mut game, &mut dice) {
            return None;
        }
    }
    None
}

/// (c) `legal_actions` alone, and `apply_unchecked` of the first legal action (with the
/// automatic procedure steps it runs), at fixed positions of different procedures.
pub fn legal<G: Game>(c: &mut Criterion, label: &str, base: &G, rules: &[(&str, &str)], nudge: fn(&mut G, bool)) {
    let side_at = |rule: &str| {
        let rule = rule.to_string();
        move |g: &G| matches!(g.actor(), Actor::Side(_)) && g.prompt().rule == rule
    };
    let mut positions: Vec<(String, u64, G)> = Vec::new();
    for &(name, rule) in rules {
        match find(base, side_at(rule)) {
            Some((d, g)) => positions.push((name.to_string(), d, g)),
            None => eprintln!("report: {label}/legal/{name}: no such position in seed 2's first 3,000 decisions"),
        }
    }
    // The longest list among the first 1,000 decisions of the same game.
    let mut game = base.clone();
    let mut dice = Dice::seeded(2);
    let mut longest = (0usize, 0u64, base.clone());
    for d in 0..1_000 {
        let n = game.legal_actions().len();
        if n > longest.0 {
            longest = (n, d, game.clone());
        }
        if !step(&mut game, &mut dice) {
            break;
        }
    }
    positions.push(("longest-list".into(), longest.1, longest.2));

    // Rulesets memoise a position's legal actions inside the game value (keyed by its
    // state hash, or forgotten at every change), and a clone copies the memo. `generate`
    // measures the generation itself: each iteration gets a copy of the position whose
    // memo cannot answer for it (made untimed by `nudge(g, true)`, listing, and
    // `nudge(g, false)`: a ruleset keyed by the hash changes the position and back, one
    // that forgets just forgets). `memo_hit` measures a repeated call on the same value.
    let mut group = c.benchmark_group(format!("{label}/legal_actions"));
    group.sample_size(20).measurement_time(Duration::from_secs(5));
    for (name, d, g) in &positions {
        let p = g.prompt();
        eprintln!(
            "report: {label}/legal/{name}: seed 2, decision {d}, {} legal actions, at {}: {}",
            g.legal_actions().len(),
            p.rule,
            p.text
        );
        let cold = || {
            let mut c = g.clone();
            nudge(&mut c, true);
            black_box(c.legal_actions());
            nudge(&mut c, false);
            c
        };
        assert_eq!(cold().legal_actions(), g.legal_actions(), "the nudge leaves the list alone");
        group.bench_function(format!("generate/{name}"), |b| {
            b.iter_batched_ref(cold, |c| black_box(c.legal_actions()), BatchSize::SmallInput);
        });
        group.bench_function(format!("memo_hit/{name}"), |b| b.iter(|| black_box(g.legal_actions())));
    }
    group.finish();

    let mut group = c.benchmark_group(format!("{label}/apply_unchecked"));
    group.sample_size(20).measurement_time(Duration::from_secs(5));
    for (name, _, g) in &positions {
        let a = g.legal_actions()[0].clone();
        group.bench_function(name.as_str(), |b| {
            b.iter_batched_ref(|| g.clone(), |g| g.apply_unchecked(&a), BatchSize::SmallInput);
        });
    }
    group.finish();
}

//! Gunboat fire at transports (5.2, 11.5) over seeded random games: the dice each crossing
//! draws and the transports sunk, the cheap count the ruling table quotes:
//! `cargo run --release -p belmont --example transport_fire -- GAMES`.
use belmont::{Belmont, Frame, Loc};
use engine::{Dice, Game, conformance::random_action};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(40);
    let mut base = Belmont::after_setup(&[]);
    base.set_logging(false);
    let (mut rolls, mut dice_total, mut most, mut sunk) = (0u64, 0u64, 0u8, 0u64);
    for seed in 1000..1000 + n {
        let mut g = base.clone();
        let mut rng = Dice::seeded(seed);
        while let Some(a) = random_action(&g, &mut rng) {
            if let Some(Frame::OppRoll { mover, dice }) = g.top()
                && g.counter(*mover).kind == belmont::counters::Kind::Transport
            {
                rolls += 1;
                dice_total += u64::from(*dice);
                most = most.max(*dice);
            }
            g.apply_unchecked(&a);
        }
        sunk += g
            .ids()
            .filter(|&u| {
                g.counter(u).kind == belmont::counters::Kind::Transport && matches!(g.unit(u).loc, Loc::Gone(_))
            })
            .count() as u64;
    }
    println!(
        "{n} games: {rolls} gunboat fire rolls at transports, {dice_total} dice ({:.1} a roll, most {most}), {sunk} transports sunk",
        if rolls == 0 { 0.0 } else { dice_total as f64 / rolls as f64 }
    );
}

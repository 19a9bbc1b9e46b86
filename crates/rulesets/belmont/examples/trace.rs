//! Writes a full trace of seeded random games, to check that a change leaves the rules'
//! behaviour exactly as it was: run it before and after, and compare the files byte for
//! byte.
//!
//! ```text
//! cargo run --release -p belmont --example trace -- GAMES SETUP_GAMES > trace.txt
//! ```
//!
//! `GAMES` games (seeds 1, 2, ...) start from `Belmont::after_setup(&[])`, `SETUP_GAMES`
//! more (seeds 1001, 1002, ...) from `Belmont::new(&[])`, set-up included. At every
//! decision it writes the prompt, the full legal-action list or the chance outcomes with
//! their probabilities, the state hash, the position itself (a `Debug` dump of every
//! field, so independent of the hash function; a 128-bit digest of it, in full every 50
//! decisions), both sides' evaluations, the action
//! chosen with its description, and the log lines the action wrote. Every 50 decisions,
//! and at the end, the board view; at the end, the tally and metrics.
//!
//! Choices follow `engine::conformance::random_action` with `Dice::seeded(seed)`.

use belmont::Belmont;
use engine::{Actor, Dice, Game, Side};
use std::io::{BufWriter, Write};

fn position(g: &Belmont) -> String {
    format!(
        "turn {} units {:?} chits {:?} vp {:?} camp {:?} infl {} hm {:?} guard {:?} {:?} {} confused {:?} act {:?} markers {:?} tf {:?} th {:?} tl {} emb {:?} stack {:?}",
        g.turn,
        g.units,
        g.chits,
        g.vp,
        g.camp_captured,
        g.influence,
        g.high_morale,
        g.guard,
        g.guard_units,
        g.guard_released,
        g.confused,
        g.act,
        g.markers,
        g.transports_free,
        g.transports_held,
        g.transport_limits,
        g.embarked,
        g.frames(),
    )
}

/// A 128-bit digest of a text: two SipHashes with the std library's fixed keys, the second
/// salted (the full text is written every 50 decisions).
fn digest(s: &str) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut a = DefaultHasher::new();
    s.hash(&mut a);
    let mut b = DefaultHasher::new();
    0xbe1_u32.hash(&mut b);
    s.hash(&mut b);
    format!("{:016x}{:016x}", a.finish(), b.finish())
}

fn play(out: &mut impl Write, label: &str, mut g: Belmont, seed: u64) -> std::io::Result<u64> {
    g.set_logging(true);
    let mut dice = Dice::seeded(seed);
    let mut logged = g.log().events().len();
    let mut n = 0u64;
    writeln!(out, "== game {label} seed {seed}")?;
    loop {
        let p = g.prompt();
        writeln!(out, "# {n} {:?} [{}] {}", p.actor, p.rule, p.text)?;
        writeln!(out, "hash {:016x}", g.state_hash())?;
        let pos = position(&g);
        writeln!(out, "pos {}", digest(&pos))?;
        writeln!(out, "eval {:?} {:?}", g.evaluate(Side::Union), g.evaluate(Side::Confederate))?;
        if n.is_multiple_of(50) {
            writeln!(out, "pos {pos}")?;
            writeln!(out, "board {:?}", g.board())?;
        }
        match g.actor() {
            Actor::Over => break,
            Actor::Chance => writeln!(out, "chance {:?}", g.chance_outcomes())?,
            Actor::Side(_) => writeln!(out, "legal {:?}", g.legal_actions())?,
        }
        let a = engine::conformance::random_action(&g, &mut dice).expect("not over");
        writeln!(out, "take {a:?} / {}", g.describe(&a))?;
        g.apply(&a).expect("listed action is legal");
        for e in &g.log().events()[logged..] {
            writeln!(out, "log [{}] {}", e.rule, e.text)?;
        }
        logged = g.log().events().len();
        n += 1;
    }
    writeln!(out, "board {:?}", g.board())?;
    writeln!(out, "outcome {:?} vp {:?}", g.outcome(), g.vp())?;
    writeln!(out, "tally {:?}", g.tally())?;
    writeln!(out, "metrics {:?}", g.metrics())?;
    Ok(n)
}

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1).map(|s| s.parse::<u64>().expect("a number"));
    let games = args.next().unwrap_or(40);
    let setup_games = args.next().unwrap_or(5);
    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut total = 0;
    let base = Belmont::after_setup(&[]);
    for seed in 1..=games {
        total += play(&mut out, "after_setup", base.clone(), seed)?;
    }
    for seed in 1001..1001 + setup_games {
        total += play(&mut out, "new", Belmont::new(&[]).expect("no options"), seed)?;
    }
    out.flush()?;
    eprintln!("{} games, {total} decisions", games + setup_games);
    Ok(())
}

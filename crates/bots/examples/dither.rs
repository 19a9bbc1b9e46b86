//! Counts a bot's dithering in Fire on the Mountain records (issue 15: bots that play like
//! opponents): per side, the stack reorders (4.2), and per move the facing changes (13.2),
//! formation changes and mountings (13.3, 8.1), moves that end where they began, forced-march
//! rolls (13.5), and decisions per bot turn (a run of one side's decisions with no decision of
//! the other side between), forced ones (one legal action) apart.
//!
//! `cargo run --release -p bots --example dither -- DIR_OR_FILE...` (records as `muster selfplay
//! --save-dir` writes them). Everything but the labels it matches is read through the Game
//! trait (`action_view` kinds, `places_hash`, the prompt's rule).

use engine::{Actor, Game, Record, Side};

#[derive(Default)]
struct Counts {
    decisions: u64,
    forced: u64,
    turns: u64,
    longest_turn: u64,
    reorders: u64,
    moves: u64,
    faces: u64,
    formations: u64,
    /// Moves with at least one action that end with every unit where it stood at the start.
    empty_moves: u64,
    /// Moves that turned two or more times.
    flip_flops: u64,
    forced_marches: u64,
}

struct Move {
    places: u64,
    faces: u64,
    formations: u64,
    acted: bool,
}

fn count(record: &Record<fotm::Action>, c: &mut [Counts; 2]) {
    let mut g = fotm::Fotm::new(&record.options).expect("the scenario");
    g.set_logging(false);
    let mut last_side: Option<Side> = None;
    let mut run = 0u64;
    let mut moving: Option<(Side, Move)> = None;
    let finish = |m: Option<(Side, Move)>, places: u64, c: &mut [Counts; 2]| {
        if let Some((s, m)) = m {
            let k = &mut c[s.index()];
            k.moves += 1;
            k.faces += m.faces;
            k.formations += m.formations;
            k.flip_flops += u64::from(m.faces >= 2);
            k.empty_moves += u64::from(m.acted && m.places == places);
        }
    };
    for a in &record.actions {
        match g.actor() {
            Actor::Chance => {
                if g.prompt().rule.contains("13.5") {
                    // The side that marched is the one whose move it was.
                    let s = moving.as_ref().map_or(Side::Union, |(s, _)| *s);
                    c[s.index()].forced_marches += 1;
                }
            }
            Actor::Side(s) => {
                let k = &mut c[s.index()];
                k.decisions += 1;
                k.forced += u64::from(g.legal_actions().len() == 1);
                if last_side == Some(s) {
                    run += 1;
                } else {
                    if let Some(p) = last_side {
                        let k = &mut c[p.index()];
                        k.turns += 1;
                        k.longest_turn = k.longest_turn.max(run);
                    }
                    run = 1;
                    last_side = Some(s);
                }
                let view = g.action_view(a);
                let places = g.places_hash();
                match view.kind.as_str() {
                    "select" => {
                        finish(moving.take(), places, c);
                        moving = Some((s, Move { places, faces: 0, formations: 0, acted: false }));
                    }
                    "face" => {
                        if let Some((_, m)) = &mut moving {
                            m.faces += 1;
                            m.acted = true;
                        }
                    }
                    "move" => {
                        if let Some((_, m)) = &mut moving {
                            m.acted = true;
                            m.formations += u64::from(view.hex.is_none());
                        }
                    }
                    "done" => {
                        let mut next = g.clone();
                        next.apply_unchecked(a);
                        finish(moving.take(), next.places_hash(), c);
                    }
                    _ => {}
                }
                c[s.index()].reorders += u64::from(view.label.contains("top of its stack"));
            }
            Actor::Over => break,
        }
        g.apply_unchecked(a);
    }
    if let Some(p) = last_side {
        let k = &mut c[p.index()];
        k.turns += 1;
        k.longest_turn = k.longest_turn.max(run);
    }
}

fn main() {
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        let p = std::path::PathBuf::from(&arg);
        if p.is_dir() {
            let mut in_dir: Vec<_> = std::fs::read_dir(&p)
                .expect("a directory")
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect();
            in_dir.sort();
            files.extend(in_dir);
        } else {
            files.push(p);
        }
    }
    let mut total: [Counts; 2] = Default::default();
    println!(
        "{:<28} {:>5} {:>9} {:>6} {:>9} {:>6} {:>9} {:>9} {:>7} {:>7} {:>8}",
        "game side", "dec", "forced", "turns", "dec/turn", "max", "reorders", "face/mv", "form/mv", "empty", "fmarch"
    );
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        let record: Record<fotm::Action> = serde_json::from_str(&text).expect("a FotM record");
        let mut c: [Counts; 2] = Default::default();
        count(&record, &mut c);
        let name = f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for s in Side::BOTH {
            row(&format!("{name} {}", s.name()), &c[s.index()]);
            let t = &mut total[s.index()];
            let k = &c[s.index()];
            t.decisions += k.decisions;
            t.forced += k.forced;
            t.turns += k.turns;
            t.longest_turn = t.longest_turn.max(k.longest_turn);
            t.reorders += k.reorders;
            t.moves += k.moves;
            t.faces += k.faces;
            t.formations += k.formations;
            t.empty_moves += k.empty_moves;
            t.flip_flops += k.flip_flops;
            t.forced_marches += k.forced_marches;
        }
    }
    for s in Side::BOTH {
        row(&format!("all {}", s.name()), &total[s.index()]);
    }
}

#[allow(clippy::cast_precision_loss)]
fn row(name: &str, k: &Counts) {
    let per = |a: u64, b: u64| if b == 0 { 0.0 } else { a as f64 / b as f64 };
    println!(
        "{name:<28} {:>5} {:>9} {:>6} {:>9.1} {:>6} {:>9} {:>9.2} {:>7.2} {:>7} {:>8}",
        k.decisions,
        k.forced,
        k.turns,
        per(k.decisions, k.turns),
        k.longest_turn,
        k.reorders,
        per(k.faces, k.moves),
        per(k.formations, k.moves),
        format!("{}/{}", k.empty_moves, k.moves),
        k.forced_marches
    );
}

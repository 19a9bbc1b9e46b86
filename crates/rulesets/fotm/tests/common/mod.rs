//! Shared helpers for the Fire on the Mountain rule-section position tests (rules_*.rs): an
//! emptied map, brigades put facing towards or away from a hex, actions applied or checked,
//! an Assault announced and launched, and exact probabilities over a pending d6.
#![allow(dead_code)]

use engine::{Actor, Game};
use fotm::facing::{front_towards, rear_towards};
use fotm::testkit::{after_setup, clear_map, hex, put, top};
use fotm::{Action, Fotm, Frame, MoveFrame, Mover};

/// Tolerance for exact probabilities.
pub const EPS: f64 = 1e-12;

/// The game after set-up with every unit taken off the map and nothing pending.
pub fn empty() -> Fotm {
    empty_with(&[])
}

/// As [`empty`], with these options.
pub fn empty_with(options: &[&str]) -> Fotm {
    let mut g = after_setup(options);
    clear_map(&mut g);
    g
}

/// As [`empty`], on turn `turn`.
pub fn empty_on(turn: u8) -> Fotm {
    let mut g = empty();
    g.turn = turn;
    g
}

/// Puts a brigade facing `towards` (its front at that hex).
pub fn put_facing(g: &mut Fotm, name: &str, at: &str, towards: &str) -> u8 {
    let f = front_towards(hex(at), hex(towards));
    put(g, name, at, f)
}

/// Puts a brigade with its rear to `from`.
pub fn put_back(g: &mut Fotm, name: &str, at: &str, from: &str) -> u8 {
    let f = rear_towards(hex(at), hex(from));
    put(g, name, at, f)
}

/// Applies `a`, panicking with the refusal and the legal actions if it is refused.
pub fn act(g: &mut Fotm, a: Action) {
    g.apply(&a).unwrap_or_else(|e| panic!("{a:?} refused: {e:?}; legal {:?}", g.legal_actions()));
}

/// `a` is among the legal actions.
pub fn legal(g: &Fotm, a: Action) -> bool {
    g.legal_actions().contains(&a)
}

/// A roll of dice counting sixes only.
pub fn dice(sixes: u8) -> Action {
    Action::Dice { sixes, ones: 0 }
}

/// Announces and launches an Assault on `target` with `who`.
pub fn assault(g: &mut Fotm, target: &str, who: &[u8]) {
    act(g, Action::Assault(hex(target)));
    for &b in who {
        act(g, Action::Join(b));
    }
    act(g, Action::Launch);
}

/// The chance outcomes of one d6 roll, each face 1/6.
pub fn d6() -> Vec<(Action, f64)> {
    (1..=6).map(|d| (Action::Roll(d), 1.0 / 6.0)).collect()
}

/// The exact probability that `ok` holds after the pending d6 roll (six outcomes).
pub fn p_d6(g: &Fotm, ok: impl Fn(&Fotm) -> bool) -> f64 {
    assert_eq!(g.actor(), Actor::Chance, "a roll is pending");
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 6);
    outcomes
        .into_iter()
        .filter(|(roll, _)| {
            let mut h = g.clone();
            h.apply(roll).expect("a chance outcome");
            ok(&h)
        })
        .map(|(_, p)| p)
        .sum()
}

/// `a` equals `b` within [`EPS`].
pub fn approx(a: f64, b: f64) {
    assert!((a - b).abs() < EPS, "{a} != {b}");
}

/// The probability of exactly `k` sixes on `n` dice.
pub fn binom(n: u8, k: u8) -> f64 {
    let mut c = 1.0;
    for i in 0..k {
        c = c * f64::from(n - i) / f64::from(i + 1);
    }
    c * (1.0f64 / 6.0).powi(i32::from(k)) * (5.0f64 / 6.0).powi(i32::from(n - k))
}

/// The pending roll is `n` dice with sixes counted only: exactly the binomial distribution.
pub fn assert_dice(g: &Fotm, n: u8) {
    assert_eq!(g.actor(), Actor::Chance, "a roll is pending: {:?}", g.prompt());
    let o = g.chance_outcomes();
    assert_eq!(o.len(), usize::from(n) + 1, "{n} dice: {o:?}");
    for (a, p) in o {
        match a {
            Action::Dice { sixes, ones: 0 } => assert!((p - binom(n, sixes)).abs() < EPS, "{sixes} of {n}: {p}"),
            other => panic!("unexpected outcome {other:?}"),
        }
    }
}

/// `attacker` on 2816 facing 2815, `defender` on 2815 with its rear to 2816.
pub fn face_off(attacker: &str, defender: &str) -> (Fotm, u8, u8) {
    face_off_at(attacker, "2816", defender, "2815")
}

/// `attacker` on `from` facing `to`, `defender` on `to` with its rear to `from`.
pub fn face_off_at(attacker: &str, from: &str, defender: &str, to: &str) -> (Fotm, u8, u8) {
    let mut g = empty();
    let a = put_facing(&mut g, attacker, from, to);
    let d = put_back(&mut g, defender, to, from);
    (g, a, d)
}

/// `attacker` on 2816 and `defender` on 2815, each facing the other.
pub fn face_to_face(attacker: &str, defender: &str) -> (Fotm, u8, u8) {
    let mut g = empty();
    let a = put_facing(&mut g, attacker, "2816", "2815");
    let d = put_facing(&mut g, defender, "2815", "2816");
    (g, a, d)
}

/// The unit moving now.
pub fn mover(g: &Fotm) -> &Mover {
    match top(g) {
        Frame::Move(f) => match f.as_ref() {
            MoveFrame::Moving(m) => m,
            other => panic!("no unit moving: {other:?}"),
        },
        other => panic!("no movement frame: {other:?}"),
    }
}

/// The rule a refusal of `a` cites (asserting it is refused).
pub fn refused(g: &Fotm, a: Action) -> String {
    assert!(!legal(g, a), "{a:?} should be refused");
    g.why_illegal(&a).rule
}

//! Shared helpers for the position tests of rule sections 9.0-15.0 (rules_09_10.rs,
//! rules_11_12.rs, rules_13_15.rs). Positions are built with the testkit, then driven
//! through the public `Game` API only: legal actions, chance outcomes, apply.

#![allow(dead_code)]

pub use belmont::testkit::hex;
pub use belmont::{Action, Belmont, ChitLoc, Fate, Frame, Loc, Stage};
pub use engine::{Actor, Game, Side};
pub use hexmap::{Direction, Hex};

/// Tolerance for exact probabilities.
pub const EPS: f64 = 1e-12;

/// A game after set-up (turn 1, waiting at the first chit pull) with the map cleared
/// (everything in the reserve box but the first transport, on the turn track).
pub fn fresh() -> Belmont {
    fresh_with(&[])
}

/// As [`fresh`], with 15.0 options switched on.
pub fn fresh_with(options: &[&str]) -> Belmont {
    let opts: Vec<String> = options.iter().map(|s| (*s).to_string()).collect();
    let mut g = Belmont::after_setup(&opts);
    g.clear_map();
    // 2.2: the first transport is on the turn track, not in the reserve box.
    g.put_loc("Transport-1", Loc::TurnTrack);
    g
}

/// The label of the hex next to `label` in the direction a die face names (10.0, 12.1).
pub fn nb(label: &str, die: u8) -> String {
    hex(label).neighbour(Direction::from_die(die).expect("die face")).label()
}

/// Where a counter is, as a hex label, if on the map.
pub fn at(g: &Belmont, id: &str) -> Option<String> {
    g.hex_of(g.id(id)).map(Hex::label)
}

/// Where a counter is.
pub fn loc(g: &Belmont, id: &str) -> Loc {
    g.unit(g.id(id)).loc
}

/// Whether the counter is on its reverse side (broken, reduced, wounded).
pub fn flipped(g: &Belmont, id: &str) -> bool {
    g.unit(g.id(id)).flipped
}

/// Applies an action through the checked API, panicking with the rule it breaks.
pub fn act(g: &mut Belmont, a: Action) {
    if let Err(e) = g.apply(&a) {
        panic!("{a:?} refused: {e}; prompt {:?}; legal {:?}", g.prompt(), g.legal_actions());
    }
}

/// Applies one die roll (Chance must be to act).
pub fn roll(g: &mut Belmont, d: u8) {
    assert_eq!(g.actor(), Actor::Chance, "a roll is pending: {:?}", g.top());
    act(g, Action::Roll(d));
}

/// Applies the blue and gray dice (10.0, 12.1).
pub fn roll_pair(g: &mut Belmont, blue: u8, gray: u8) {
    assert_eq!(g.actor(), Actor::Chance, "a dice pair is pending: {:?}", g.top());
    act(g, Action::RollPair { blue, gray });
}

/// Asserts the pending chance is one six-sided die, each face 1/6.
pub fn assert_d6(g: &Belmont) {
    let out = g.chance_outcomes();
    assert_eq!(out.len(), 6, "one die: {out:?}");
    for (i, (a, p)) in out.iter().enumerate() {
        assert_eq!(*a, Action::Roll(u8::try_from(i + 1).unwrap()));
        assert!((p - 1.0 / 6.0).abs() < EPS, "face {} has p {p}", i + 1);
    }
}

/// Asserts the pending chance is the blue and gray dice: 36 pairs of 1/36 each.
pub fn assert_pair(g: &Belmont) {
    let out = g.chance_outcomes();
    assert_eq!(out.len(), 36, "two dice: {out:?}");
    let mut seen = Vec::new();
    for (a, p) in &out {
        assert!((p - 1.0 / 36.0).abs() < EPS, "{a:?} has p {p}");
        let Action::RollPair { blue, gray } = *a else { panic!("not a pair: {a:?}") };
        assert!((1..=6).contains(&blue) && (1..=6).contains(&gray));
        seen.push((blue, gray));
    }
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), 36);
}

/// The probability that `pred` holds once every pending chance decision has been
/// resolved (stopping at the first decision a side must make, or the end).
pub fn prob(g: &Belmont, pred: &dyn Fn(&Belmont) -> bool) -> f64 {
    if g.actor() != Actor::Chance {
        return if pred(g) { 1.0 } else { 0.0 };
    }
    g.chance_outcomes()
        .iter()
        .map(|(a, p)| {
            let mut c = g.clone();
            c.apply(a).expect("chance outcome");
            p * prob(&c, pred)
        })
        .sum()
}

/// The probability that `pred` holds after exactly one chance outcome.
pub fn prob1(g: &Belmont, pred: &dyn Fn(&Belmont) -> bool) -> f64 {
    assert_eq!(g.actor(), Actor::Chance, "a chance decision is pending: {:?}", g.top());
    g.chance_outcomes()
        .iter()
        .map(|(a, p)| {
            let mut c = g.clone();
            c.apply(a).expect("chance outcome");
            if pred(&c) { *p } else { 0.0 }
        })
        .sum()
}

/// Asserts two probabilities agree within [`EPS`].
#[track_caller]
pub fn assert_p(got: f64, want: f64) {
    assert!((got - want).abs() < EPS, "probability {got}, expected {want}");
}

/// The chit that activates a formation.
pub fn chit(g: &Belmont, side: Side, code: &str) -> u8 {
    let f = g.oob().formation(side, code).expect("formation");
    u8::try_from(g.oob().chit_of(f).expect("chit")).unwrap()
}

/// A side's Confused Orders chit.
pub fn confused_chit(g: &Belmont, side: Side) -> u8 {
    u8::try_from(g.oob().confused_orders_chit(side).expect("chit")).unwrap()
}

/// Empties the draw cup (every chit in it goes to the track) except `cup`, which go in.
pub fn only_in_cup(g: &mut Belmont, cup: &[u8]) {
    for (i, c) in g.chits.iter_mut().enumerate() {
        if cup.contains(&u8::try_from(i).unwrap()) {
            *c = ChitLoc::Cup;
        } else if *c == ChitLoc::Cup {
            *c = ChitLoc::Track;
        }
    }
}

/// Whether the log has an event citing `rule` whose text contains `needle`.
pub fn logged(g: &Belmont, rule: &str, needle: &str) -> bool {
    g.log().events().iter().any(|e| e.rule == rule && e.text.contains(needle))
}

/// Declines every pending opportunity-fire offer.
pub fn hold_fire(g: &mut Belmont) {
    while matches!(g.top(), Some(Frame::OppOffer { .. })) {
        act(g, Action::Fire(false));
    }
}

/// A rally phase for `side` on its own (the `Over` frame below it keeps the turn from
/// running on).
pub fn rally_phase(g: &mut Belmont, side: Side) {
    g.set_stack(vec![Frame::Over, Frame::Rally { side, used: vec![] }]);
}

/// A `Move` action.
pub fn mv(g: &Belmont, id: &str, to: &str) -> Action {
    Action::Move { unit: g.id(id), to: hex(to) }
}

/// Whether `a` is legal now.
pub fn is_legal(g: &Belmont, a: &Action) -> bool {
    g.legal_actions().contains(a)
}

/// VP in quarter points, Union then Confederate.
pub fn quarters(g: &Belmont) -> [i32; 2] {
    g.vp
}

/// Moves a unit one hex (4.0).
pub fn step(g: &mut Belmont, id: &str, to: &str) {
    let a = mv(g, id, to);
    act(g, a);
}

/// A unit boards a vessel (11.6, 11.7).
pub fn board(g: &mut Belmont, unit: &str, vessel: &str) {
    let a = Action::Board { unit: g.id(unit), vessel: g.id(vessel) };
    act(g, a);
}

/// A vessel sails (11.5).
pub fn sail(g: &mut Belmont, vessel: &str, to: &str) {
    let a = Action::Sail { vessel: g.id(vessel), to: hex(to) };
    act(g, a);
}

//! Shared helpers for the position tests of rule sections 9.0-15.0 (rules_09_10.rs,
//! rules_11_12.rs, rules_13_15.rs). Positions are built with the testkit, then driven
//! through the public `Game` API only: legal actions, chance outcomes, apply.

#![allow(dead_code, unused_imports)]

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
    loop {
        match g.top() {
            Some(Frame::OppOffer { .. }) => act(g, Action::Fire(false)),
            Some(Frame::NavalOpp { .. }) => act(g, Action::OppFire(vec![])),
            _ => break,
        }
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

/// A [`fresh`] position with each counter put in the hex of its label, in order.
pub fn placed(units: &[(&str, &str)]) -> Belmont {
    let mut g = fresh();
    put_each(&mut g, units);
    g
}

/// Puts each counter in the hex of its label, in order.
pub fn put_each(g: &mut Belmont, units: &[(&str, &str)]) {
    for (id, label) in units {
        g.put(id, label);
    }
}

/// The legal moves now, as (unit, destination).
pub fn moves(g: &Belmont) -> Vec<(u16, Hex)> {
    g.legal_actions()
        .into_iter()
        .filter_map(|x| match x {
            Action::Move { unit, to } => Some((unit, to)),
            _ => None,
        })
        .collect()
}

/// The units that have a legal move now (one entry per move).
pub fn movers(g: &Belmont) -> Vec<u16> {
    moves(g).into_iter().map(|(u, _)| u).collect()
}

/// The destinations of the legal moves now (one entry per move).
pub fn destinations(g: &Belmont) -> Vec<Hex> {
    moves(g).into_iter().map(|(_, h)| h).collect()
}

/// A [`fresh`] position on turn `turn`, the Union camp captured on turn `captured`
/// (13.2), with each counter put in the hex of its label.
pub fn camp_fallen(captured: u8, turn: u8, units: &[(&str, &str)]) -> Belmont {
    let mut g = fresh();
    g.turn = turn;
    g.camp_captured = Some(captured);
    put_each(&mut g, units);
    g
}

/// Puts `id` at `label` as artillery captured by `side`'s regiment `code` (8.7); returns
/// its unit.
pub fn put_captured(g: &mut Belmont, id: &str, label: &str, side: Side, code: &str) -> u16 {
    let u = g.put(id, label);
    g.units[usize::from(u)].captor = Some(u8::try_from(g.oob().formation(side, code).unwrap()).unwrap());
    u
}

/// A transport-capacity position (11.8, 15.0): `options` on, turn `turn`, Transport-1 and
/// 13TN-C, -D and -E on the Columbus dock (3329), 13TN-F, -G and -H beside it at 3328.
pub fn at_columbus_dock(options: &[&str], turn: u8) -> Belmont {
    let mut g = fresh_with(options);
    g.turn = turn;
    g.put("Transport-1", "3329");
    put_each(&mut g, &[("13TN-C", "3329"), ("13TN-D", "3329"), ("13TN-E", "3329")]);
    put_each(&mut g, &[("13TN-F", "3328"), ("13TN-G", "3328"), ("13TN-H", "3328")]);
    g
}

/// Boards `vessel` with the first legal boarder `take` accepts, again and again while there
/// is one; returns how many boarded.
pub fn board_while(g: &mut Belmont, vessel: &str, take: impl Fn(&Belmont, u16) -> bool) -> usize {
    let t = g.id(vessel);
    let mut n = 0;
    while let Some(a) = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Board { unit, vessel } if *vessel == t && take(g, *unit)))
    {
        act(g, a);
        n += 1;
    }
    n
}

/// Places the released reserve units (13.1, 13.2.2), each at the first hex offered.
pub fn place_released(g: &mut Belmont) {
    while matches!(g.top(), Some(Frame::PlaceReserve { .. })) {
        let a = g.legal_actions()[0].clone();
        act(g, a);
    }
}

//! Shared helpers for the Belmont rule-section position tests (rules_*.rs): a clean
//! position, hexes found by terrain, and assertions on legal, refused and chance actions.
#![allow(dead_code)]

use belmont::map::{HexInfo, Map, Region, Terrain};
use belmont::{Action, Belmont, Frame, Stage};
use engine::{Actor, Game, Illegal, Side};
use hexmap::Hex;

pub use belmont::testkit::hex;

/// Tolerance for exact probabilities.
pub const EPS: f64 = 1e-12;

/// A game after set-up with every counter taken off the map (to the reserve box). The
/// Hunter's Farm guard (2.1, 10.1; `after_setup` picks the 27th Illinois) is released so
/// that every company moves freely; tests of the guard start from `after_setup` itself.
pub fn fresh() -> Belmont {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.guard_released = true;
    g
}

/// The shipped map.
pub fn map() -> &'static Map {
    belmont::map::belmont()
}

/// A hex's information.
pub fn info(h: Hex) -> &'static HexInfo {
    map().get(h).unwrap_or_else(|| panic!("{h} is off the map"))
}

/// A Missouri hex of this terrain on flat bottomland: height 0, no slope, no shore.
pub fn plain(h: Hex, t: Terrain) -> bool {
    map()
        .get(h)
        .is_some_and(|i| i.terrain == t && i.region == Region::Missouri && i.height == 0 && !i.slope && !i.shore)
}

/// No road crosses any hexside of `h`.
pub fn off_road(h: Hex) -> bool {
    !h.neighbours().iter().any(|&n| map().road(h, n))
}

/// A pair of hexes `dist` apart whose centre line passes through exactly the hexes
/// `mid` accepts (one at a time, no hexside ties), both ends accepted by `end`.
pub fn find_line(dist: u16, end: impl Fn(Hex) -> bool, mid: impl Fn(Hex) -> bool) -> (Hex, Hex) {
    for (a, _) in map().hexes() {
        if !end(a) {
            continue;
        }
        for b in a.ring(dist) {
            if !end(b) || map().get(b).is_none() {
                continue;
            }
            let steps = hexmap::line(a, b);
            let inner = &steps[1..steps.len() - 1];
            if inner.iter().all(|s| matches!(s, hexmap::LineStep::One(x) if mid(*x))) {
                return (a, b);
            }
        }
    }
    panic!("no line of length {dist} found");
}

/// The first hex (map order) satisfying `pred`.
pub fn find_hex(what: &str, pred: impl Fn(Hex) -> bool) -> Hex {
    map().hexes().map(|(h, _)| h).find(|&h| pred(h)).unwrap_or_else(|| panic!("no hex: {what}"))
}

/// The neighbour of `h` one hex south (same column, next row).
pub fn south(h: Hex) -> Hex {
    h.neighbour(hexmap::Direction::S)
}

/// The neighbour of `h` one hex north.
pub fn north(h: Hex) -> Hex {
    h.neighbour(hexmap::Direction::N)
}

/// `n` hexes south of `h` in its column.
pub fn south_n(h: Hex, n: usize) -> Hex {
    (0..n).fold(h, |x, _| south(x))
}

/// A run of `n` hexes going south in one column whose terrains are `ts` (all plain).
pub fn column_run(ts: &[Terrain]) -> Vec<Hex> {
    let start = find_hex(&format!("a column run {ts:?}"), |h| (0..ts.len()).all(|i| plain(south_n(h, i), ts[i])));
    (0..ts.len()).map(|i| south_n(start, i)).collect()
}

/// Applies an action, panicking with the legal actions if refused.
pub fn act(g: &mut Belmont, a: Action) {
    if let Err(e) = g.apply(&a) {
        panic!(
            "{a:?} refused: {e}\nprompt {:?}\nlegal {:?}\nchance {:?}\ntop {:?}",
            g.prompt(),
            g.legal_actions(),
            g.chance_outcomes(),
            g.top()
        );
    }
}

/// Applies a die roll (Chance must be to act).
pub fn roll(g: &mut Belmont, d: u8) {
    assert_eq!(g.actor(), Actor::Chance, "expected a die roll; prompt {:?} top {:?}", g.prompt(), g.top());
    act(g, Action::Roll(d));
}

/// Applies several die rolls in order.
pub fn rolls(g: &mut Belmont, ds: &[u8]) {
    for &d in ds {
        roll(g, d);
    }
}

/// Asserts the pending chance is one fair six-sided die.
pub fn assert_d6(g: &Belmont) {
    assert_eq!(g.actor(), Actor::Chance, "prompt {:?}", g.prompt());
    let out = g.chance_outcomes();
    assert_eq!(out.len(), 6, "{out:?}");
    for (i, (a, p)) in out.iter().enumerate() {
        assert_eq!(*a, Action::Roll(u8::try_from(i + 1).unwrap()));
        assert!((p - 1.0 / 6.0).abs() < EPS, "{p}");
    }
}

/// Asserts `a` is legal now.
pub fn assert_legal(g: &Belmont, a: &Action) {
    assert!(
        g.legal_actions().contains(a),
        "{a:?} should be legal; prompt {:?}; legal {:?}",
        g.prompt(),
        g.legal_actions()
    );
}

/// Asserts `a` is not legal now, that `apply` refuses it citing a Belmont rule, and that
/// the position is unchanged. Returns the refusal.
pub fn assert_refused(g: &mut Belmont, a: &Action) -> Illegal {
    assert!(!g.legal_actions().contains(a), "{a:?} should not be legal; prompt {:?}", g.prompt());
    let before = g.state_hash();
    let e = g.apply(a).expect_err("apply must refuse");
    assert!(e.rule.starts_with("Belmont"), "refusal cites {:?}", e.rule);
    assert_eq!(g.state_hash(), before, "a refused action changed the position");
    e
}

/// Whether the log holds an event citing `rule` (exactly) whose text contains `text`.
pub fn logged(g: &Belmont, rule: &str, text: &str) -> bool {
    g.log().events().iter().any(|e| e.rule == rule && e.text.contains(text))
}

/// Asserts the log holds such an event.
pub fn assert_logged(g: &Belmont, rule: &str, text: &str) {
    assert!(
        logged(g, rule, text),
        "no event {rule} containing {text:?}; last events: {:#?}",
        g.log().events().iter().rev().take(12).collect::<Vec<_>>()
    );
}

/// Where a counter is, if on the map.
pub fn at(g: &Belmont, id: &str) -> Option<Hex> {
    g.hex_of(g.id(id))
}

/// Whether the counter is broken / reduced / wounded.
pub fn flipped(g: &Belmont, id: &str) -> bool {
    g.unit(g.id(id)).flipped
}

/// Whether the counter has left the game.
pub fn gone(g: &Belmont, id: &str) -> bool {
    matches!(g.unit(g.id(id)).loc, belmont::Loc::Gone(_))
}

/// The fate of a counter that has left the game.
pub fn fate(g: &Belmont, id: &str) -> Option<belmont::Fate> {
    match g.unit(g.id(id)).loc {
        belmont::Loc::Gone(f) => Some(f),
        _ => None,
    }
}

/// The prompt's rule.
pub fn rule(g: &Belmont) -> String {
    g.prompt().rule
}

/// A move action.
pub fn mv(g: &Belmont, id: &str, to: Hex) -> Action {
    Action::Move { unit: g.id(id), to }
}

/// Says Done until the prompt's rule is `rule` (at most `n` times).
pub fn done_until(g: &mut Belmont, rule_: &str) {
    for _ in 0..10 {
        if rule(g) == rule_ {
            return;
        }
        act(g, Action::Done);
    }
    panic!("never reached {rule_}; at {:?}", g.prompt());
}

/// The bitmask selecting every eligible firer in `from`.
pub fn all_firers(g: &Belmont, from: Hex, target: Hex) -> Action {
    let mut best = None;
    for a in g.legal_actions() {
        if let Action::Volley { from: f, target: t, firers } = a
            && f == from
            && t == target
            && best.is_none_or(|b: u8| firers.count_ones() > b.count_ones())
        {
            best = Some(firers);
        }
    }
    Action::Volley {
        from,
        target,
        firers: best.unwrap_or_else(|| panic!("no volley from {from} at {target}: {:?}", g.legal_actions())),
    }
}

/// The pending frame is a melee at a stage whose debug name is `stage`.
pub fn melee_stage(g: &Belmont) -> Option<belmont::MStage> {
    match g.top() {
        Some(Frame::Melee(m)) => Some(m.stage),
        _ => None,
    }
}

/// The side to act, if a side.
pub fn side_to_act(g: &Belmont) -> Option<Side> {
    match g.actor() {
        Actor::Side(s) => Some(s),
        _ => None,
    }
}

/// Moves a unit one hex (the move must be legal).
pub fn go(g: &mut Belmont, id: &str, to: Hex) {
    let a = mv(g, id, to);
    act(g, a);
}

/// Asserts a move is refused (see [`assert_refused`]).
pub fn refuse_mv(g: &mut Belmont, id: &str, to: Hex) -> Illegal {
    let a = mv(g, id, to);
    assert_refused(g, &a)
}

/// Volleys from `from` at `target` with every eligible firer.
pub fn fire_all(g: &mut Belmont, from: Hex, target: Hex) {
    let a = all_firers(g, from, target);
    act(g, a);
}

/// Says Done until the activation reaches its melee step.
pub fn to_melees(g: &mut Belmont) {
    for _ in 0..4 {
        if g.act.as_ref().is_none_or(|a| a.stage == belmont::Stage::Melees) {
            return;
        }
        act(g, Action::Done);
    }
    panic!("never reached the melees: {:?}", g.prompt());
}

/// Applies every pending hit that has only one possible taker (7.0).
pub fn take_forced_hits(g: &mut Belmont) {
    while let Some(Frame::Hit { .. }) = g.top() {
        let legal = g.legal_actions();
        assert_eq!(legal.len(), 1, "a real choice of hit: {legal:?}");
        act(g, legal[0].clone());
    }
}

/// Puts every counter in `ids` in hex `h`.
pub fn put_all(g: &mut Belmont, ids: &[&str], h: Hex) {
    for id in ids {
        g.put(id, &h.label());
    }
}

/// Flips every counter in `ids` (broken, reduced, wounded).
pub fn break_all(g: &mut Belmont, ids: &[&str]) {
    for id in ids {
        g.set_flipped(id, true);
    }
}

/// Activates `regiment` at its marker step, places one melee marker on `target` from
/// `entry` and ends the step (4.3.1).
pub fn mark(g: &mut Belmont, side: Side, regiment: &str, entry: Hex, target: Hex) {
    g.activate(side, regiment, belmont::Stage::Markers);
    act(g, Action::Marker { target, from: entry });
    act(g, Action::Done);
}

/// Union `firers` of `regiment` at 0331 volley with every eligible firer at `targets`,
/// stacked at `target` (`broken` among them flipped first); the dice are pending.
/// Returns the position and the target hex.
pub fn union_volley(
    regiment: &str,
    firers: &[&str],
    target: &str,
    targets: &[&str],
    broken: &[&str],
) -> (Belmont, Hex) {
    let mut g = fresh();
    let (a, t) = (hex("0331"), hex(target));
    put_all(&mut g, firers, a);
    put_all(&mut g, targets, t);
    break_all(&mut g, broken);
    g.activate(Side::Union, regiment, Stage::Volley);
    fire_all(&mut g, a, t);
    (g, t)
}

/// A melee from start to its first round: `regiment` is activated, a marker is placed on
/// `target` from `entry`, the `attackers` move in (4.3.2), and the melee is chosen (6.0).
pub fn attack(g: &mut Belmont, side: Side, regiment: &str, entry: Hex, target: Hex, attackers: &[&str]) {
    mark(g, side, regiment, entry, target);
    for id in attackers {
        go(g, id, target);
    }
    to_melees(g);
    act(g, Action::Resolve(0));
}

/// `attackers` of `regiment` at 0332 (placed there) attack `defenders` at 0333 (`broken`
/// ones flipped first) through [`attack`]: the melee is chosen. Returns the position,
/// the entry hex and the melee hex.
pub fn melee_0333(
    side: Side,
    regiment: &str,
    defenders: &[&str],
    attackers: &[&str],
    broken: &[&str],
) -> (Belmont, Hex, Hex) {
    let mut g = fresh();
    let (entry, t) = (hex("0332"), hex("0333"));
    put_all(&mut g, defenders, t);
    put_all(&mut g, attackers, entry);
    break_all(&mut g, broken);
    attack(&mut g, side, regiment, entry, t, attackers);
    (g, entry, t)
}

/// 31IL-A (2 SP) attacks 13AR-A at 0333 from 0332; the melee waits to be resolved.
pub fn melee_ready(defenders: &[&str], attackers: &[&str]) -> Belmont {
    let mut g = fresh();
    let (entry, t) = (hex("0332"), hex("0333"));
    put_all(&mut g, defenders, t);
    put_all(&mut g, attackers, entry);
    let code = g.oob().formations[g.counter(g.id(attackers[0])).formation.unwrap()].code.clone();
    let side = g.counter(g.id(attackers[0])).side;
    mark(&mut g, side, &code, entry, t);
    for id in attackers {
        go(&mut g, id, t);
        while matches!(g.top(), Some(Frame::OppOffer { .. })) {
            act(&mut g, Action::Fire(false));
        }
    }
    if g.act.as_ref().unwrap().stage == Stage::MeleeMoves {
        act(&mut g, Action::Done);
    }
    if g.act.as_ref().is_some_and(|a| a.stage == Stage::Maneuver) {
        act(&mut g, Action::Done);
    }
    g
}

pub fn resolve_first(g: &mut Belmont) {
    assert_eq!(rule(g), "Belmont 6.0", "{:?}", g.top());
    act(g, Action::Resolve(0));
}

pub fn past_defensive_fire(g: &mut Belmont) {
    resolve_first(g);
    while matches!(g.top(), Some(Frame::Volley { .. })) {
        roll(g, 1);
    }
}

/// [`melee_ready`], then through the defensive fire (misses) to the first melee round.
pub fn first_round(defenders: &[&str], attackers: &[&str]) -> Belmont {
    let mut g = melee_ready(defenders, attackers);
    past_defensive_fire(&mut g);
    g
}

/// One 1-SP Union company (30IL-H) fires at 13AR-A `range` hexes away on clear ground.
pub fn one_die_volley(range: u16) -> Belmont {
    let mut g = fresh();
    let a = clear("0331");
    let t = south_n(a, usize::from(range));
    g.put("30IL-H", &a.label());
    g.put("13AR-A", &t.label());
    g.activate(Side::Union, "30IL", Stage::Volley);
    fire_all(&mut g, a, t);
    assert_d6(&g);
    g
}

/// The clear ground at 0331-0634: a 4 x 4 block of clear hexes on flat ground (the
/// plank road runs along row 33; roads change movement only).
pub fn clear(label: &str) -> Hex {
    let h = hex(label);
    assert!(plain(h, Terrain::Clear), "{label} is not plain clear");
    h
}

/// Holds every opportunity fire offered (5.2).
pub fn hold_fire(g: &mut Belmont) {
    while matches!(g.top(), Some(Frame::OppOffer { .. })) {
        act(g, Action::Fire(false));
    }
}

/// Rolls a 1 for every pending casualty check (7.2): the leaders survive.
pub fn pass_casualty_checks(g: &mut Belmont) {
    while matches!(g.top(), Some(Frame::Casualty { .. })) {
        roll(g, 1);
    }
}

/// The first hex offered for the pending retreat step.
pub fn first_retreat(g: &Belmont) -> Hex {
    match g.legal_actions()[0] {
        Action::RetreatTo(h) => h,
        ref a => panic!("{a:?}"),
    }
}

/// A [`fresh`] position with each counter put in its hex, in order.
pub fn placed(units: &[(&str, Hex)]) -> Belmont {
    let mut g = fresh();
    put_at(&mut g, units);
    g
}

/// Puts each counter in its hex, in order.
pub fn put_at(g: &mut Belmont, units: &[(&str, Hex)]) {
    for (id, h) in units {
        g.put(id, &h.label());
    }
}

/// Moves each unit in `ids` into `to`, in order (each move must be legal).
pub fn go_all(g: &mut Belmont, ids: &[&str], to: Hex) {
    for id in ids {
        go(g, id, to);
    }
}

/// 5.2, 11.5: Transport-2 with 13TN-C aboard crossing to 2231 on a path in sight of both
/// Union gunboats (Tyler at 2416, Lexington at 3042), the Union to choose its opportunity
/// fire. Returns the game and the two gunboats.
pub fn crossing_in_sight_of_both_gunboats() -> (Belmont, Vec<belmont::counters::UnitId>) {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.transport_limits = false;
    g.put("Tyler", "2416");
    g.put("Lexington", "3042");
    let t = g.put("Transport-2", "3329");
    g.put_loc("13TN-C", belmont::Loc::Aboard(t));
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    act(&mut g, Action::Sail { vessel: t, to: hex("2231") });
    let both = vec![g.id("Tyler"), g.id("Lexington")];
    act(&mut g, Action::Route(both.clone()));
    (g, both)
}

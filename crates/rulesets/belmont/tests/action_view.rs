//! Position tests for `Game::action_view`: what a page shows of each legal action. A move,
//! a volley, a melee marker, a set-up placement and a retreat each name the counter they are
//! for (its board id) and the hexes they belong to; every label is `describe`'s.

mod common;

use belmont::{Action, Belmont, Frame, Stage};
use common::*;
use engine::{ActionView, Actor, Game, Side};
use hexmap::Hex;

/// The view of `a`, after checking that its label is `describe`'s.
fn view(g: &Belmont, a: &Action) -> ActionView {
    let v = g.action_view(a);
    assert_eq!(v.label, g.describe(a), "{a:?}");
    v
}

/// Where the board view draws the counter with this id, if it draws it.
fn drawn_at(g: &Belmont, id: &str) -> Option<Hex> {
    g.board().counters.iter().find(|c| c.id == id).map(|c| hex(&c.hex))
}

/// A view's hex (or from) as a hex.
fn at(label: Option<&String>) -> Option<Hex> {
    label.map(|l| hex(l))
}

/// The legal actions `pick` accepts; panics if there are none.
fn legal_where(g: &Belmont, pick: impl Fn(&Action) -> bool) -> Vec<Action> {
    let v: Vec<Action> = g.legal_actions().into_iter().filter(|a| pick(a)).collect();
    assert!(!v.is_empty(), "none of the legal actions fits; prompt {:?}; legal {:?}", g.prompt(), g.legal_actions());
    v
}

#[test]
fn rule_4_0_a_move_names_the_company_and_the_adjacent_hex_it_enters() {
    let mut g = fresh();
    let a = clear("0331");
    g.put("27IL-A", &a.label());
    g.activate(Side::Union, "27IL", Stage::Maneuver);
    let u = g.id("27IL-A");
    let moves = legal_where(&g, |x| matches!(x, Action::Move { unit, .. } if *unit == u));
    assert_eq!(drawn_at(&g, "27IL-A"), Some(a), "the unit id is a counter of the board view");
    for m in &moves {
        let Action::Move { to, .. } = m else { unreachable!() };
        let v = view(&g, m);
        assert_eq!(v.kind, "move");
        assert_eq!(v.unit.as_deref(), Some("27IL-A"));
        assert_eq!(at(v.hex.as_ref()), Some(*to));
        assert_eq!(a.distance(*to), 1, "4.0: one hex at a time");
        assert_eq!(v.from, None);
    }
    let done = view(&g, &Action::Done);
    assert_eq!((done.kind.as_str(), done.unit, done.hex), ("done", None, None), "Done is a button");
    assert!(view(&g, &moves[0]).together.is_empty(), "a move is one unit's: nothing acts with it");
}

#[test]
fn rule_5_1_a_volley_is_fire_from_the_firing_hex_at_the_target_hex() {
    let mut g = fresh();
    let (a, t) = (clear("0331"), hex("0333"));
    put_all(&mut g, &["30IL-A", "30IL-B"], a);
    g.put("13AR-A", &t.label());
    g.activate(Side::Union, "30IL", Stage::Volley);
    let volleys = legal_where(&g, |x| matches!(x, Action::Volley { target, .. } if *target == t));
    assert!(volleys.len() >= 3, "each firer alone and both together: {volleys:?}");
    for v in &volleys {
        let view = view(&g, v);
        assert_eq!(view.kind, "fire");
        assert_eq!(at(view.from.as_ref()), Some(a));
        assert_eq!(at(view.hex.as_ref()), Some(t));
        // The unit is the first firer the label names, standing on the firing hex.
        let unit = view.unit.expect("a firer");
        let first = view.label.split(" with ").nth(1).and_then(|s| s.split(", ").next()).expect("firers named");
        assert_eq!(unit, first, "{}", view.label);
        assert_eq!(drawn_at(&g, &unit), Some(a));
        // Every firer the label names is in `together`, in the label's order, so a page
        // makes one picker of the subsets (the seventh playtest: a button per subset).
        let named: Vec<&str> = view.label.split(" with ").nth(1).expect("firers").split(", ").collect();
        assert_eq!(view.together, named, "{}", view.label);
        assert!(view.together.iter().all(|id| drawn_at(&g, id) == Some(a)), "counters of the firing hex");
    }
    let sets: std::collections::BTreeSet<Vec<String>> = volleys.iter().map(|v| view(&g, v).together).collect();
    assert_eq!(sets.len(), volleys.len(), "no two volleys at one target share their firers");
    // The volley's dice are chance.
    let all = all_firers(&g, a, t);
    act(&mut g, all);
    assert_eq!(g.actor(), Actor::Chance);
    for (roll, _) in g.chance_outcomes() {
        let v = view(&g, &roll);
        assert_eq!((v.kind.as_str(), v.unit, v.hex), ("chance", None, None));
    }
}

#[test]
fn rule_4_3_1_a_melee_marker_is_melee_from_the_entry_hex_at_the_melee_hex() {
    let mut g = fresh();
    let (entry, t) = (hex("0332"), hex("0333"));
    g.put("31IL-A", &entry.label());
    g.put("13AR-A", &t.label());
    g.activate(Side::Union, "31IL", Stage::Markers);
    let marker = Action::Marker { target: t, from: entry };
    assert_legal(&g, &marker);
    let v = view(&g, &marker);
    assert_eq!(v.kind, "melee");
    assert_eq!(at(v.from.as_ref()), Some(entry));
    assert_eq!(at(v.hex.as_ref()), Some(t));
    assert!(g.board().marks.is_empty(), "no marker before it is placed");
    act(&mut g, marker);
    // The board draws the marker on its hexside: from the entry hex to the melee hex.
    let marks = g.board().marks;
    assert_eq!(marks.len(), 1, "{marks:?}");
    assert_eq!((marks[0].kind.as_str(), marks[0].from.as_deref()), ("melee", Some(entry.label().as_str())));
    assert_eq!(marks[0].hex, t.label());
    assert!(marks[0].label.contains("4.3.1"), "{}", marks[0].label);
    act(&mut g, Action::Done);
    // 4.3.2: the company answers the marker by moving into the melee hex.
    let go_in = mv(&g, "31IL-A", t);
    let v = view(&g, &go_in);
    assert_eq!((v.kind.as_str(), v.unit.as_deref()), ("move", Some("31IL-A")));
    assert_eq!(at(v.hex.as_ref()), Some(t));
    act(&mut g, go_in);
    hold_fire(&mut g);
    to_melees(&mut g);
    // 6.0: the melee to resolve is the melee hex.
    assert_legal(&g, &Action::Resolve(0));
    let v = view(&g, &Action::Resolve(0));
    assert_eq!(v.kind, "melee");
    assert_eq!(at(v.hex.as_ref()), Some(t));
}

#[test]
fn rule_2_0_set_up_placements_name_the_unit_and_the_hex() {
    let mut g = Belmont::new(&[]).expect("the scenario");
    // 2.1: the guard regiment and its companies are choices, then the deployment.
    while !g.legal_actions().iter().any(|a| matches!(a, Action::Place { .. })) {
        let first = g.legal_actions()[0].clone();
        let v = view(&g, &first);
        assert_eq!(v.kind, "choice", "{first:?}");
        if let Action::GuardCompany(u) = first {
            assert_eq!(v.unit.as_deref(), Some(g.name(u)));
        }
        act(&mut g, first);
    }
    let places = legal_where(&g, |a| matches!(a, Action::Place { .. }));
    let board = g.board();
    for p in &places {
        let Action::Place { unit, hex: h } = p else { unreachable!() };
        let v = view(&g, p);
        assert_eq!(v.kind, "place");
        assert_eq!(v.unit.as_deref(), Some(g.name(*unit)));
        assert_eq!(at(v.hex.as_ref()), Some(*h));
        assert!(board.hexes.iter().any(|x| Some(&x.hex) == v.hex.as_ref()), "{h} is a hex of the board");
    }
    assert!(
        places.iter().any(|p| board.counters.iter().any(|c| Some(&c.id) == view(&g, p).unit.as_ref())),
        "some placement moves a counter already drawn on the map"
    );
}

#[test]
fn rule_8_0_a_retreat_hex_names_the_retreating_company() {
    let mut g = fresh();
    // A Confederate activation under way, so the retreat returns to it.
    g.put("Polk", "0142");
    g.activate(Side::Confederate, "HQ", Stage::Maneuver);
    let h = hex("0432");
    g.put("27IL-A", &h.label());
    g.push_frame(Frame::ChooseRetreater { hex: h, side: Side::Union, entry: None, among: None });
    let u = g.id("27IL-A");
    let v = view(&g, &Action::Retreater(u));
    assert_eq!((v.kind.as_str(), v.unit.as_deref(), v.hex), ("retreat", Some("27IL-A"), None), "8.3: who retreats");
    act(&mut g, Action::Retreater(u));
    let steps = legal_where(&g, |a| matches!(a, Action::RetreatTo(_)));
    for s in &steps {
        let Action::RetreatTo(to) = s else { unreachable!() };
        let v = view(&g, s);
        assert_eq!(v.kind, "retreat");
        assert_eq!(v.unit.as_deref(), Some("27IL-A"), "the unit comes from the pending retreat");
        assert_eq!(at(v.hex.as_ref()), Some(*to));
        assert_eq!(h.distance(*to), 1);
    }
    assert_eq!(drawn_at(&g, "27IL-A"), Some(h));
}

#[test]
fn rule_5_2_opportunity_fire_at_a_vessel_names_its_firers_together_and_holding_fire_names_none() {
    let (g, _) = crossing_in_sight_of_both_gunboats();
    let fires = legal_where(&g, |x| matches!(x, Action::OppFire(_)));
    assert_eq!(fires.len(), 4, "each subset of two gunboats, and holding fire: {fires:?}");
    for a in &fires {
        let Action::OppFire(firers) = a else { unreachable!() };
        let v = view(&g, a);
        if firers.is_empty() {
            // Holding fire is a button of the panel (the tenth playtest found it only by
            // clicking the vessel).
            assert_eq!((v.kind.as_str(), v.hex.as_deref()), ("choice", None), "{}", v.label);
            continue;
        }
        assert_eq!(v.kind, "fire");
        let want: Vec<String> = firers.iter().map(|&u| g.oob().counters[usize::from(u)].id.clone()).collect();
        assert_eq!(v.together, want, "{}", v.label);
        assert_eq!(at(v.hex.as_ref()), Some(hex("2231")), "the vessel's hex");
    }
    // The prompt names the vessel and where it is.
    let p = g.prompt().text;
    assert!(p.contains("2231") && p.contains("hold fire"), "{p}");
}

/// 4.0 (the seventh playtest: switching units lost a move's MP unwarned): a step by another
/// unit says that it ends the move under way, with the MP left; the mover's own steps, and
/// any step once the mover has nothing left, say nothing.
#[test]
fn rule_4_0_another_units_step_says_it_ends_the_move_under_way() {
    let mut g = fresh();
    let a = clear("0331");
    put_all(&mut g, &["27IL-A", "27IL-B"], a);
    g.activate(Side::Union, "27IL", Stage::Maneuver);
    let steps = |g: &Belmont, id: &str| {
        let u = g.id(id);
        legal_where(g, |x| matches!(x, Action::Move { unit, .. } if *unit == u))
    };
    assert!(steps(&g, "27IL-B").iter().all(|m| view(&g, m).ends.is_none()), "nobody is moving yet");
    let first = steps(&g, "27IL-A").into_iter().find(|m| {
        let Action::Move { to, .. } = m else { return false };
        info(*to).terrain == belmont::map::Terrain::Clear
    });
    act(&mut g, first.expect("a step into clear"));
    let left = g.units[usize::from(g.id("27IL-A"))].mp;
    assert!(left > 0, "MP left after one step");
    for m in steps(&g, "27IL-B") {
        let ends = view(&g, &m).ends.expect("B's step ends A's move");
        assert!(ends.starts_with("ends the move of 27IL-A with") && ends.contains("4.0"), "{ends}");
    }
    assert!(steps(&g, "27IL-A").iter().all(|m| view(&g, m).ends.is_none()), "the mover's own steps end nothing");
    // Spent: nothing to warn of.
    let i = usize::from(g.id("27IL-A"));
    g.units[i].mp = 0;
    g.changed();
    assert!(steps(&g, "27IL-B").iter().all(|m| view(&g, m).ends.is_none()), "no MP left, nothing ended");
}

/// 4.3.3 (the eighth playtest skipped a regiment's maneuver with two quick Dones): Done in the
/// maneuver says which activated units have not moved and could; once each has moved, it says
/// nothing, and outside the maneuver Done carries no such warning.
#[test]
fn rule_4_3_3_done_names_the_activated_units_that_have_not_moved() {
    let mut g = fresh();
    let a = clear("0331");
    put_all(&mut g, &["27IL-A", "27IL-B"], a);
    g.activate(Side::Union, "27IL", Stage::Volley);
    assert_eq!(view(&g, &Action::Done).warning, None, "the volley stage moves nobody");
    g.activate(Side::Union, "27IL", Stage::Maneuver);
    let w = view(&g, &Action::Done).warning.expect("both unmoved");
    assert!(w.starts_with("2 activated units have not moved") && w.contains("27IL-A") && w.contains("4.3.3"), "{w}");
    for id in ["27IL-A", "27IL-B"] {
        let u = g.id(id);
        let step = legal_where(&g, |x| matches!(x, Action::Move { unit, .. } if *unit == u)).remove(0);
        act(&mut g, step);
        if id == "27IL-A" {
            let w = view(&g, &Action::Done).warning.expect("B unmoved");
            assert!(w.starts_with("27IL-B has not moved"), "{w}");
        }
    }
    assert_eq!(view(&g, &Action::Done).warning, None, "every unit has moved");
}

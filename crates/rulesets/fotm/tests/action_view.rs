//! Position tests for `Game::action_view`: what a page shows of each legal action. Set-up
//! placements, a unit's steps and facing changes, an Assault and a retreat each name the unit
//! they are for (its board id) and the hex they target; every label is `describe`'s.

mod common;

use common::*;
use engine::{ActionView, Actor, Game, Side};
use fotm::testkit::{hex, phase};
use fotm::{Action, Fotm, Phase, Unit};
use hexmap::Hex;

/// 11 AM.
const TURN: u8 = 5;

/// The view of `a`, after checking that its label is `describe`'s.
fn view(g: &Fotm, a: &Action) -> ActionView {
    let v = g.action_view(a);
    assert_eq!(v.label, g.describe(a), "{a:?}");
    assert_eq!(v.from, None, "no FotM action starts from a hex of its own: {a:?}");
    v
}

/// Where the board view draws the counter with this id, if it draws it.
fn drawn_at(g: &Fotm, id: &str) -> Option<Hex> {
    g.board().counters.iter().find(|c| c.id == id).map(|c| hex(&c.hex))
}

/// A view's hex as a hex.
fn at(v: &ActionView) -> Option<Hex> {
    v.hex.as_deref().map(hex)
}

/// The legal actions `pick` accepts; panics if there are none.
fn legal_where(g: &Fotm, pick: impl Fn(&Action) -> bool) -> Vec<Action> {
    let v: Vec<Action> = g.legal_actions().into_iter().filter(|a| pick(a)).collect();
    assert!(!v.is_empty(), "none of the legal actions fits; prompt {:?}; legal {:?}", g.prompt(), g.legal_actions());
    v
}

#[test]
fn rule_11_1_set_up_placements_name_the_unit_and_the_hex_one_per_facing() {
    let g = Fotm::new(&[]).expect("the scenario");
    let deploys = legal_where(&g, |a| matches!(a, Action::Deploy { .. }));
    let board = g.board();
    for d in &deploys {
        let Action::Deploy { unit, hex: h, .. } = *d else { unreachable!() };
        let v = view(&g, d);
        assert_eq!(v.kind, "place");
        assert_eq!(at(&v), Some(h));
        let id = v.unit.expect("the unit set up");
        assert!(board.counters.iter().any(|c| c.id == id), "{id} is a counter of the board view");
        if let Unit::Brigade(b) = unit {
            assert_eq!(id, g.info(b).id);
        }
    }
    // The six facings of one brigade on one hex share unit and hex; only the labels differ.
    let (b, h) = deploys
        .iter()
        .find_map(|d| match *d {
            Action::Deploy { unit: Unit::Brigade(b), hex, .. } if g.hex_of(b) != Some(hex) => Some((b, hex)),
            _ => None,
        })
        .expect("a brigade may set up off its listed hex");
    let menu: Vec<ActionView> =
        (0..6).map(|facing| view(&g, &Action::Deploy { unit: Unit::Brigade(b), hex: h, facing })).collect();
    assert!(menu.iter().all(|v| v.unit == menu[0].unit && v.hex == menu[0].hex && v.kind == "place"));
    let mut labels: Vec<&str> = menu.iter().map(|v| v.label.as_str()).collect();
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels.len(), 6, "{labels:?}");
}

#[test]
fn rule_13_1_a_step_names_the_unit_moving_and_the_adjacent_hex() {
    let mut g = empty();
    let at_hex = hex("2816");
    let s = put_facing(&mut g, "Scammon", "2816", "2815");
    phase(&mut g, TURN, Side::Union, Phase::Movement);
    let select = Action::Select(Unit::Brigade(s));
    assert!(legal(&g, select));
    let v = view(&g, &select);
    assert_eq!((v.kind.as_str(), v.unit.as_deref(), v.hex), ("select", Some("Scammon"), None));
    act(&mut g, select);
    // Step, Face and EndMove name the unit selected, which the actions themselves do not.
    let steps = legal_where(&g, |a| matches!(a, Action::Step(_)));
    for st in &steps {
        let Action::Step(to) = *st else { unreachable!() };
        let v = view(&g, st);
        assert_eq!(v.kind, "move");
        assert_eq!(v.unit.as_deref(), Some("Scammon"));
        assert_eq!(at(&v), Some(to));
        assert_eq!(at_hex.distance(to), 1);
    }
    assert_eq!(drawn_at(&g, "Scammon"), Some(at_hex));
    for f in legal_where(&g, |a| matches!(a, Action::Face(_))) {
        let v = view(&g, &f);
        assert_eq!((v.kind.as_str(), v.unit.as_deref(), v.hex), ("face", Some("Scammon"), None));
    }
    let v = view(&g, &Action::EndMove);
    assert_eq!((v.kind.as_str(), v.unit.as_deref(), v.hex), ("done", Some("Scammon"), None));
}

#[test]
fn rule_15_4_an_assault_is_melee_on_the_target_hex() {
    let (mut g, s, _) = face_off("Scammon", "Colquitt");
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    let target = hex("2815");
    let assault = Action::Assault(target);
    assert!(legal(&g, assault));
    let v = view(&g, &assault);
    assert_eq!(v.kind, "melee");
    assert_eq!(at(&v), Some(target));
    assert_eq!(v.unit.as_deref(), Some("Scammon"), "the brigade that may make it");
    assert!(g.board().marks.is_empty(), "no Assault under way yet");
    act(&mut g, assault);
    let marks = g.board().marks;
    assert!(!marks.is_empty() && marks.iter().all(|m| m.kind == "assault" && m.hex == "2815"), "{marks:?}");
    let join = Action::Join(s);
    assert!(legal(&g, join));
    let v = view(&g, &join);
    assert_eq!((v.kind.as_str(), v.unit.as_deref()), ("melee", Some("Scammon")));
    assert_eq!(at(&v), Some(target));
    assert_eq!(v.warning, None, "joining warns of nothing");
    act(&mut g, join);
    // The seventh playtest: the same choice once joined takes it out, and says so first.
    let leave = view(&g, &join);
    assert!(leave.warning.as_deref().is_some_and(|w| w.contains("leaves the Assault")), "{leave:?}");
    // The ninth playtest: taking it out is a choice, not an attack, so a page asks with the
    // warning before sending it (an attack goes through its odds).
    assert_eq!(leave.kind, "choice", "{leave:?}");
    let marks = g.board().marks;
    let from = g.hex_of(s).map(|h| h.label());
    assert!(marks.iter().any(|m| m.from == from), "an arrow from the joined brigade's hex: {marks:?}");
    let v = view(&g, &Action::Launch);
    assert_eq!((v.kind.as_str(), v.hex), ("melee", None), "Launch is a button");
    act(&mut g, Action::Launch);
    assert_eq!(g.actor(), Actor::Chance);
    for (roll, _) in g.chance_outcomes() {
        let v = view(&g, &roll);
        assert_eq!((v.kind.as_str(), v.unit, v.hex), ("chance", None, None));
    }
}

#[test]
fn rule_17_3_a_retreat_hex_names_the_retreating_brigade() {
    let (mut g, s, c) = face_off("Scammon", "Colquitt");
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, "2815", &[s]);
    act(&mut g, dice(2));
    assert_eq!(g.bde(c).losses, 2);
    // 17.2: a morale check (yes) or a retreat (no).
    for yes in [true, false] {
        let v = view(&g, &Action::Choose(yes));
        assert_eq!((v.kind.as_str(), v.unit, v.hex), ("choice", None, None));
    }
    act(&mut g, Action::Choose(false));
    let from = hex("2815");
    for r in legal_where(&g, |a| matches!(a, Action::RetreatTo(_))) {
        let Action::RetreatTo(to) = r else { unreachable!() };
        let v = view(&g, &r);
        assert_eq!(v.kind, "retreat");
        assert_eq!(v.unit.as_deref(), Some("Colquitt"), "the unit comes from the pending retreat");
        assert_eq!(at(&v), Some(to));
        assert_eq!(from.distance(to), 1);
    }
    assert_eq!(drawn_at(&g, "Colquitt"), Some(from));
}

/// The ninth playtest: an Assault is listed under every brigade that may join it, so the
/// hex lights whichever is selected; a brigade with the hex in its rear is not among them.
#[test]
fn an_assault_is_listed_under_every_brigade_that_may_join_it() {
    let (mut g, _, _) = face_off("Scammon", "Colquitt");
    put_facing(&mut g, "Seymour", "2915", "2815");
    put_back(&mut g, "Crook", "2715", "2815");
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    let v = view(&g, &Action::Assault(hex("2815")));
    assert!(v.together.contains(&"Scammon".to_string()) && v.together.contains(&"Seymour".to_string()), "{v:?}");
    assert!(!v.together.contains(&"Crook".to_string()), "the hex in its rear: {v:?}");
}

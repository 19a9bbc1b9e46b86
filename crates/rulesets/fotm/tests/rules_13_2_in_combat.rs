//! Position tests for 13.2's elevation prohibitions where combat moves brigades: the retreat
//! (17.3) and the post-combat advance (15.10). A two-level change is closed to cavalry and
//! artillery (open to infantry and dismounted cavalry, 8.3); a three-level change to all. Rule
//! text is cited by number only.

mod common;

use common::{act, assault, dice, empty_on as empty, put_back, put_facing};
use engine::{Actor, Game, Side};
use fotm::testkit::phase;
use fotm::{Action, Fate, Fotm, Loc, Phase};
use hexmap::Hex;

/// 3 PM: past Burnside's pause.
const TURN: u8 = 9;

/// A hex `h` on the map with a neighbour `low` two levels below it such that, retreating away
/// from the neighbour opposite `low`, `low` is a hex the brigade may enter by 17.3 but for
/// 13.2 (the same or lower elevation, farther from the assault); and that opposite hex.
fn two_level_drop() -> (Hex, Hex, Hex) {
    let m = fotm::map::south_mountain();
    m.hexes()
        .map(|(h, _)| h)
        .flat_map(|h| hexmap::Direction::ALL.into_iter().map(move |d| (h, h.neighbour(d), h.neighbour(d.opposite()))))
        .find(|&(h, low, from)| {
            m.contains(from) && m.elevation(h).zip(m.elevation(low)).is_some_and(|(a, b)| a == b + 2)
        })
        .expect("a two-level drop on the map")
}

/// The attacker's close combat roll of `sixes` sixes, each six kept if the target's woods make
/// the defender re-roll it (15.3).
fn roll(g: &mut Fotm, sixes: u8) {
    act(g, dice(sixes));
    while g.actor() == Actor::Chance && g.prompt().rule == "FotM 15.3" {
        act(g, Action::Roll(6));
    }
}

/// The Union `name` alone on `h` (mounted or not), its rear to Colquitt on `from`, loses two
/// steps to Colquitt's close combat and chooses to retreat: may it retreat to `to`?
fn may_retreat(name: &str, h: Hex, from: Hex, to: Hex, mounted: bool) -> bool {
    let mut g = empty(TURN);
    let c = put_facing(&mut g, "Colquitt", &from.label(), &h.label());
    let b = put_back(&mut g, name, &h.label(), &from.label());
    g.bde_mut(b).mounted = mounted;
    assert!(g.info(b).steps() > 2, "{name} survives two losses");
    phase(&mut g, TURN, Side::Confederate, Phase::Combat);
    assault(&mut g, &h.label(), &[c]);
    roll(&mut g, 2);
    assert_eq!(g.bde(b).losses, 2);
    act(&mut g, Action::Choose(false));
    assert_eq!(g.prompt().rule, "FotM 17.3");
    g.legal_actions().contains(&Action::RetreatTo(to))
}

#[test]
fn cavalry_and_artillery_never_retreat_across_a_two_level_change() {
    let (h, low, from) = two_level_drop();
    assert!(!may_retreat("Whiting", h, from, low, true), "mounted cavalry");
    assert!(!may_retreat("ICorpsGuns", h, from, low, false), "artillery");
    assert!(!may_retreat("Robertson", h, from, low, true), "horse artillery");
}

#[test]
fn infantry_and_dismounted_cavalry_retreat_across_a_two_level_change() {
    let (h, low, from) = two_level_drop();
    assert!(may_retreat("Scammon", h, from, low, false), "infantry");
    assert!(may_retreat("Whiting", h, from, low, false), "dismounted cavalry moves as infantry (8.3)");
}

/// Adjacent hexes `low`, `high` with `high` exactly `change` levels above `low`.
fn climb(change: u8) -> (Hex, Hex) {
    let m = fotm::map::south_mountain();
    m.hexes()
        .map(|(h, _)| h)
        .flat_map(|h| h.neighbours().into_iter().map(move |n| (h, n)))
        .find(|&(a, b)| m.elevation(a).zip(m.elevation(b)).is_some_and(|(x, y)| y == x + change))
        .expect("such a climb")
}

/// Scammon below assaults Colquitt (one step left, its rear to Scammon) `change` levels above
/// and eliminates it; returns the game at the advance, Scammon and the emptied hex.
fn eliminate_uphill(change: u8) -> (Fotm, u8, Hex) {
    let (low, high) = climb(change);
    let mut g = empty(TURN);
    let s = put_facing(&mut g, "Scammon", &low.label(), &high.label());
    let c = put_back(&mut g, "Colquitt", &high.label(), &low.label());
    let steps = u8::try_from(g.info(c).steps()).expect("few steps");
    g.bde_mut(c).losses = steps - 1;
    phase(&mut g, TURN, Side::Union, Phase::Combat);
    assault(&mut g, &high.label(), &[s]);
    assert_eq!(g.actor(), Actor::Chance, "the close combat roll");
    roll(&mut g, 1);
    assert_eq!(g.bde(c).loc, Loc::Gone(Fate::Eliminated));
    (g, s, high)
}

#[test]
fn no_mandatory_advance_up_a_three_level_change() {
    let (g, s, _) = eliminate_uphill(3);
    assert!(!g.legal_actions().contains(&Action::Advance(s)), "13.2: no unit crosses a three-level change");
}

#[test]
fn infantry_must_advance_up_a_two_level_change() {
    let (mut g, s, high) = eliminate_uphill(2);
    assert_eq!(g.legal_actions(), vec![Action::Advance(s)], "15.10: it must occupy the hex");
    act(&mut g, Action::Advance(s));
    assert_eq!(g.hex_of(s), Some(high));
}

/// The ninth playtest: an advance refused says why, with the rule: up a three-level change
/// 13.2 forbids it; and a click on the vacated hex with the brigade selected hears the same.
/// Up two levels the infantry may (the neighbouring case above).
#[test]
fn an_advance_refused_names_13_2() {
    let (g, s, high) = eliminate_uphill(3);
    let why = g.why_illegal(&Action::Advance(s));
    assert_eq!(why.rule, "FotM 13.2", "{why:?}");
    assert!(why.reason.contains("may not advance into"), "{why:?}");
    let unit = g.oob().brigades[usize::from(s)].id.clone();
    let click = engine::explain(&g, &engine::Probe::Hex { hex: high.label(), unit: Some(unit) });
    assert!(!click.offered && click.refusals.iter().any(|r| r.rule == "FotM 13.2"), "{click:?}");
}

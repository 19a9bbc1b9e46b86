//! Position tests for FotM 14.2 entering the map, with 6.1 (an enemy ZOC stops a unit that
//! comes on into it), 11.4 (Burnside's pause bars the Union from coming on into a Confederate
//! ZOC) and the blocked-entry alternative. 2601 is both the Confederate entry from Boonsboro
//! and the 18.1 key hex. Rule text is cited by number only.

mod common;

use common::{act, empty_on as empty, legal, mover, refused};
use engine::{Game, Side};
use fotm::testkit::{hex, id, phase, put};
use fotm::{Action, Fotm, Loc, Pause, Phase, Unit, facing, zoc};
use hexmap::Hex;

/// 10 AM: G. B. Anderson's Brigade arrives at the Boonsboro entry, 2601.
const TEN_AM: u8 = 4;

/// The hexes the entering unit is offered.
fn offered(g: &Fotm) -> Vec<Hex> {
    g.legal_actions().iter().filter_map(|a| if let Action::Step(h) = a { Some(*h) } else { None }).collect()
}

/// A neighbour of `of` on the map at the same or a higher level (so a brigade there facing
/// `of` puts it in its ZOC, 6.1), other than those in `not`.
fn overlooking(of: Hex, not: &[Hex]) -> Hex {
    let m = fotm::map::south_mountain();
    let e = m.elevation(of).expect("on the map");
    of.neighbours()
        .into_iter()
        .find(|&n| m.elevation(n).is_some_and(|x| x >= e) && !not.contains(&n))
        .expect("a neighbour at the same level or above")
}

/// The Confederate Reinforcement Phase of 10 AM with `prep` run first; G. B. Anderson selected.
fn anderson_enters(prep: impl FnOnce(&mut Fotm)) -> Fotm {
    let mut g = empty(TEN_AM);
    prep(&mut g);
    phase(&mut g, TEN_AM, Side::Confederate, Phase::Reinforcement);
    let b = id(&g, "GBAnderson");
    assert_eq!(g.bde(b).loc, Loc::Entering);
    act(&mut g, Action::Select(Unit::Brigade(b)));
    g
}

#[test]
fn a_reinforcement_coming_on_into_an_enemy_zoc_stops_there() {
    let key = hex("2601");
    let post = overlooking(key, &[]);
    let mut g = anderson_enters(|g| {
        put(g, "Scammon", &post.label(), facing::front_towards(post, key));
        g.control[2] = Side::Union;
    });
    assert!(zoc::in_enemy_zoc(&g, key, Side::Confederate), "set-up: 2601 in Scammon's ZOC");
    assert_eq!(offered(&g), vec![key], "the entry is not blocked: it is the only hex offered");
    act(&mut g, Action::Step(key));
    assert!(mover(&g).stopped, "6.1: entering an enemy ZOC stops the unit, coming on included");
    assert!(offered(&g).is_empty(), "no further hex");
    assert_eq!(refused(&g, Action::Step(hex("2602"))), "FotM 13.1");
    assert_eq!(g.control[2], Side::Confederate, "18.1: the brigade on 2601 takes the key hex back");
    assert!(legal(&g, Action::EndMove));
}

#[test]
fn a_reinforcement_coming_on_beside_an_enemy_rear_moves_on() {
    // The negative case: the Union brigade has its rear to 2601, so 2601 is not in its ZOC.
    let key = hex("2601");
    let post = overlooking(key, &[]);
    let mut g = anderson_enters(|g| {
        put(g, "Scammon", &post.label(), facing::rear_towards(post, key));
    });
    assert!(!zoc::in_enemy_zoc(&g, key, Side::Confederate));
    act(&mut g, Action::Step(key));
    assert!(!mover(&g).stopped);
    assert!(!offered(&g).is_empty(), "it may go on along the road");
}

#[test]
fn a_blocked_entry_moves_along_the_edge_within_two_hexes() {
    // A Union brigade holds 2601: the Confederates come on at an edge hex within two hexes.
    let key = hex("2601");
    let mut g = anderson_enters(|g| {
        put(g, "Scammon", "2601", 0);
    });
    let m = fotm::map::south_mountain();
    let hexes = offered(&g);
    assert!(!hexes.is_empty());
    assert!(hexes.iter().all(|&h| h != key && h.distance(key) <= 2 && m.on_any_edge(h)), "{hexes:?}");
    // Two hexes along the edge there is a hex out of reach of the blocker's ZOC (6.1 is adjacent).
    let far = *hexes.iter().find(|h| h.distance(key) == 2).expect("an edge hex two hexes off");
    // An inner hex within two hexes is not an entry (it lies beyond the edge, past the blocker).
    let inner = key.within(2).into_iter().find(|&h| m.contains(h) && !m.on_any_edge(h)).expect("an inner hex");
    assert_eq!(refused(&g, Action::Step(inner)), "FotM 14.2");
    act(&mut g, Action::Step(far));
    assert!(!mover(&g).stopped, "{far} is out of every Union ZOC");
}

#[test]
fn a_blocked_entry_beside_the_blocker_stops_in_its_zoc() {
    let key = hex("2601");
    let m = fotm::map::south_mountain();
    // Scammon on 2601 faces an edge neighbour on the same level or below.
    let e = m.elevation(key).expect("on the map");
    let beside = key
        .neighbours()
        .into_iter()
        .find(|&n| m.on_any_edge(n) && m.elevation(n).is_some_and(|x| x <= e && e - x < 3))
        .expect("an edge neighbour the ZOC reaches");
    let mut g = anderson_enters(|g| {
        put(g, "Scammon", "2601", facing::front_towards(key, beside));
    });
    assert!(offered(&g).contains(&beside));
    act(&mut g, Action::Step(beside));
    assert!(mover(&g).stopped, "6.1: it comes on in the blocker's ZOC and stops");
}

#[test]
fn an_entry_not_blocked_offers_no_alternative() {
    let key = hex("2601");
    let g = anderson_enters(|_| {});
    assert_eq!(offered(&g), vec![key]);
    let beside = key.neighbours().into_iter().find(|&n| fotm::map::south_mountain().on_any_edge(n)).expect("edge");
    assert_eq!(refused(&g, Action::Step(beside)), "FotM 14.2");
}

/// The Union Reinforcement Phase of 12 PM with the pause in force (or not), a Confederate
/// brigade overlooking the Old Sharpsburg Road entry (0818) facing it; Christ selected.
fn christ_enters(paused: bool) -> (Fotm, Hex) {
    let noon = fotm::oob::south_mountain().turn("12 PM").expect("12 PM");
    let entry = hex("0818");
    let post = overlooking(entry, &[]);
    let mut g = empty(noon);
    put(&mut g, "Garland", &post.label(), facing::front_towards(post, entry));
    g.pause = if paused { Pause::InForce } else { Pause::Resumed };
    phase(&mut g, noon, Side::Union, Phase::Reinforcement);
    let b = id(&g, "Christ");
    act(&mut g, Action::Select(Unit::Brigade(b)));
    assert!(zoc::in_enemy_zoc(&g, entry, Side::Union), "set-up: 0818 in Garland's ZOC");
    (g, entry)
}

#[test]
fn burnsides_pause_bars_coming_on_into_a_confederate_zoc() {
    let (mut g, entry) = christ_enters(true);
    assert_eq!(refused(&g, Action::Step(entry)), "FotM 11.4");
    // The entry is blocked to it: it may come on at an edge hex within two hexes, out of ZOC.
    let hexes = offered(&g);
    assert!(!hexes.is_empty(), "an edge hex out of the ZOC");
    assert!(hexes.iter().all(|&h| h.distance(entry) <= 2 && !zoc::in_enemy_zoc(&g, h, Side::Union)), "{hexes:?}");
    act(&mut g, Action::Step(hexes[0]));
    assert_eq!(g.pause, Pause::InForce);
}

#[test]
fn without_the_pause_a_union_column_comes_on_into_the_zoc_and_stops() {
    let (mut g, entry) = christ_enters(false);
    assert_eq!(offered(&g), vec![entry]);
    act(&mut g, Action::Step(entry));
    assert!(mover(&g).stopped);
}

/// 14.2 (the third playtest): a reinforcement selected and not brought on is held back, and the
/// log says so instead of dropping it in silence; one that enters (the neighbour) ends its move
/// on the map.
#[test]
fn a_reinforcement_held_back_is_logged_as_held_back() {
    let mut g = anderson_enters(|_| {});
    act(&mut g, Action::EndMove);
    let last = g.log().events().last().map(|e| e.text.clone()).unwrap_or_default();
    assert!(last.contains("is held back"), "{last}");
    assert_eq!(g.bde(id(&g, "GBAnderson")).loc, Loc::Entering);
    // Done says what it leaves off the map before the page sends it.
    let w = g.action_view(&Action::Done).warning.unwrap_or_default();
    assert!(w.contains("G. B. Anderson") && w.contains("14.2"), "{w}");
    let mut g = anderson_enters(|_| {});
    let first = offered(&g)[0];
    act(&mut g, Action::Step(first));
    act(&mut g, Action::EndMove);
    let last =
        g.log().events().iter().rev().find(|e| e.rule == "FotM 13.1").map(|e| e.text.clone()).unwrap_or_default();
    assert!(last.contains("ends its move in"), "{last}");
    let w = g.action_view(&Action::Done).warning.unwrap_or_default();
    assert!(!w.contains("G. B. Anderson"), "he came on: {w}");
}

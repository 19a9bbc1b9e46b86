//! Position tests for readings the rules audit asked to decide (issue 14, FotM 12): each test
//! checks the reading and a negative case. The readings themselves are written beside the rules
//! in the code: "further West" (11.3, movement.rs), routed brigades' ZOC (6.1, zoc.rs), control
//! by passing through (18.1, victory.rs), the commanders' VP (18.1, victory.rs). Rule text is
//! cited by number only.

mod common;

use common::{act, assault, empty_on as empty, legal, put_back, put_facing};
use engine::{Game, Side};
use fotm::testkit::{hex, id, phase, put, put_cmdr};
use fotm::{Action, Fotm, Phase, Unit, facing, zoc};

/// 11 AM: before Burnside's pause.
const TURN: u8 = 5;

fn select(g: &mut Fotm, u: Unit) {
    act(g, Action::Select(u));
}

// ------------------------------------------------------------------------------------------
// 11.3 "further West": hex centres, not the labels' row numbers.

/// Whiting (Pleasonton's cavalry, not released) on 1416 facing `to`, selected on turn 1.
/// 1416 is in an even column, which sits half a hex lower (further East) than its odd
/// neighbours of the same row number, 1316 and 1516.
fn whiting_towards(to: &str) -> Fotm {
    let mut g = empty(1);
    put(&mut g, "Whiting", "1416", facing::front_towards(hex("1416"), hex(to)));
    phase(&mut g, 1, Side::Union, Phase::Movement);
    g.cavalry_halted = true;
    assert!(!g.cavalry_released);
    let w = id(&g, "Whiting");
    select(&mut g, Unit::Brigade(w));
    g
}

#[test]
fn held_cavalry_may_not_step_half_a_hex_west_though_the_row_number_is_the_same() {
    let m = fotm::map::south_mountain();
    assert!(m.eastward(hex("1516")) < m.eastward(hex("1416")), "1516 lies half a hex further West");
    let g = whiting_towards("1516");
    assert!(!legal(&g, Action::Step(hex("1516"))));
    assert_eq!(g.why_illegal(&Action::Step(hex("1516"))).rule, "FotM 11.3");
}

#[test]
fn held_cavalry_may_step_half_a_hex_east() {
    // The negative case: 1517 is half a hex further East (a row number higher).
    let m = fotm::map::south_mountain();
    assert!(m.eastward(hex("1517")) > m.eastward(hex("1416")));
    let g = whiting_towards("1517");
    assert!(legal(&g, Action::Step(hex("1517"))));
}

/// Whiting on 1416; Scammon moves from 1318 to `to` (two hexes); is the cavalry released?
fn scammon_passes(to: &str, via: &str) -> bool {
    let mut g = empty(1);
    put(&mut g, "Whiting", "1416", 0);
    put(&mut g, "Scammon", "1318", facing::front_towards(hex("1318"), hex(via)));
    phase(&mut g, 1, Side::Union, Phase::Movement);
    let s = id(&g, "Scammon");
    select(&mut g, Unit::Brigade(s));
    act(&mut g, Action::Step(hex(via)));
    let f = facing::front_towards(hex(via), hex(to));
    if g.bde(s).facing != f {
        act(&mut g, Action::Face(f));
    }
    act(&mut g, Action::Step(hex(to)));
    g.cavalry_released
}

#[test]
fn infantry_half_a_hex_west_of_all_the_cavalry_releases_it() {
    // 1316 has the cavalry's row number but lies half a hex further West: it is West of it.
    assert!(scammon_passes("1316", "1317"));
}

#[test]
fn infantry_level_with_the_cavalry_does_not_release_it() {
    // The negative case: 1216 (even column, row 16) is exactly as far West as 1416.
    let m = fotm::map::south_mountain();
    assert_eq!(m.eastward(hex("1216")), m.eastward(hex("1416")));
    assert!(!scammon_passes("1216", "1217"));
}

// ------------------------------------------------------------------------------------------
// 6.1 routed brigades exert a ZOC by their facing.

/// Garland, routed, on 2215 facing 3 (its front towards 2216); Scammon two hexes off on 2217
/// facing it, selected.
fn toward_routed(garland_facing: u8) -> Fotm {
    let mut g = empty(TURN);
    let b = put(&mut g, "Garland", "2215", garland_facing);
    g.bde_mut(b).routed = true;
    put_facing(&mut g, "Scammon", "2217", "2216");
    phase(&mut g, TURN, Side::Union, Phase::Movement);
    let s = id(&g, "Scammon");
    select(&mut g, Unit::Brigade(s));
    g
}

#[test]
fn entering_a_routed_brigades_front_stops_the_move() {
    let mut g = toward_routed(facing::front_towards(hex("2215"), hex("2216")));
    act(&mut g, Action::Step(hex("2216")));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Step(_))), "6.1: it stops");
}

#[test]
fn entering_a_routed_brigades_rear_does_not() {
    // The negative case: 17.4 turned the routed brigade's rear to the attacker.
    let mut g = toward_routed(facing::rear_towards(hex("2215"), hex("2216")));
    assert!(!zoc::in_enemy_zoc(&g, hex("2216"), Side::Union));
    act(&mut g, Action::Step(hex("2216")));
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Step(_))));
}

// ------------------------------------------------------------------------------------------
// 18.1 control: a brigade that enters a gap takes it, even passing through.

/// On an empty map, `unit` on 1608 moves through Fox's Gap (1607) to 1606 and stops there.
fn through_fox_gap(brigade: bool) -> Fotm {
    let mut g = empty(TURN);
    let u = if brigade {
        Unit::Brigade(put(&mut g, "Scammon", "1608", facing::front_towards(hex("1608"), hex("1607"))))
    } else {
        Unit::Commander(put_cmdr(&mut g, "Cox", "1608"))
    };
    phase(&mut g, TURN, Side::Union, Phase::Movement);
    select(&mut g, u);
    act(&mut g, Action::Step(hex("1607")));
    act(&mut g, Action::Step(hex("1606")));
    act(&mut g, Action::EndMove);
    assert_eq!(g.unit_hex(u), Some(hex("1606")));
    g
}

#[test]
fn a_brigade_passing_through_a_gap_takes_it() {
    let g = through_fox_gap(true);
    assert_eq!(g.control[0], Side::Union, "Fox's Gap captured (18.1)");
    assert_eq!(g.gap_captured, Some(TURN), "8.5's clock starts");
}

#[test]
fn a_commander_passing_through_a_gap_does_not() {
    // The negative case: control is taken by brigades (18.1's "hold" is the armies').
    let g = through_fox_gap(false);
    assert_eq!(g.control[0], Side::Confederate);
    assert_eq!(g.gap_captured, None);
}

// ------------------------------------------------------------------------------------------
// 18.1 the commanders' VP: Longstreet's and Burnside's 5 replace the named commander's 2.

/// `shooter` (a sharpshooter brigade) on 2815 assaults 2816, where `victim` (a brigade) stands
/// with `cmdr`, and rolls two ones: the shooter's side picks the commander as the casualty
/// (7.2). Returns the VP the shooter's side gained.
fn sharpshooters_hit(shooter: &str, victim: &str, cmdr: &str) -> u16 {
    let mut g = empty(TURN);
    let j = put_facing(&mut g, shooter, "2815", "2816");
    put_back(&mut g, victim, "2816", "2815");
    let c = put_cmdr(&mut g, cmdr, "2816");
    let side = g.side_of(j);
    phase(&mut g, TURN, side, Phase::Combat);
    let before = g.scored[side.index()];
    assault(&mut g, "2816", &[j]);
    act(&mut g, Action::Dice { sixes: 0, ones: 2 });
    act(&mut g, Action::Pick(Unit::Commander(c)));
    assert_eq!(g.cmdr(c).casualties, 1, "{cmdr} is hit");
    g.scored[side.index()] - before
}

#[test]
fn longstreets_casualty_scores_five_not_seven() {
    assert_eq!(sharpshooters_hit("Phelps", "Colquitt", "Longstreet"), fotm::victory::vp::LONGSTREET);
}

#[test]
fn burnsides_casualty_scores_five_not_seven() {
    assert_eq!(sharpshooters_hit("Jenkins", "Scammon", "Burnside"), fotm::victory::vp::BURNSIDE);
}

#[test]
fn another_named_commanders_casualty_scores_two() {
    // The negative case: a named commander without a line of his own in 18.1.
    assert_eq!(sharpshooters_hit("Phelps", "Colquitt", "DHHill"), fotm::victory::vp::COMMANDER);
    assert_eq!(sharpshooters_hit("Jenkins", "Scammon", "Hooker"), fotm::victory::vp::COMMANDER);
}

#[test]
fn a_routed_brigade_fleeing_through_a_gap_takes_it_too() {
    // Routed brigades move hex by hex like any other (17.4): Scammon, routed on 1605 west of
    // Fox's Gap, flees along the Old Sharpsburg Road through 1607 toward its entry (0818).
    let mut g = empty(TURN);
    let s = put(&mut g, "Scammon", "1605", 0);
    g.bde_mut(s).routed = true;
    phase(&mut g, TURN, Side::Union, Phase::Movement);
    let at = g.hex_of(s).expect("still on the map");
    assert!(at != hex("1607") && at.distance(hex("1605")) > at.distance(hex("1607")), "passed through: {at}");
    assert_eq!(g.control[0], Side::Union);
}

#[test]
fn a_routed_brigade_leaving_by_2601_takes_it_on_the_way_off() {
    // The key hex is also the Confederate entry (and so their routed brigades' exit): Colquitt,
    // routed on the National Road one hex from 2601, leaves by it and has entered it.
    let mut g = empty(TURN);
    let key = hex("2601");
    let m = fotm::map::south_mountain();
    let next = key.neighbours().into_iter().find(|&n| m.road(key, n)).expect("the road into the map");
    let c = put(&mut g, "Colquitt", &next.label(), 0);
    g.bde_mut(c).routed = true;
    g.control[2] = Side::Union;
    phase(&mut g, TURN, Side::Confederate, Phase::Movement);
    assert_eq!(g.bde(c).loc, fotm::Loc::Gone(fotm::Fate::RoutedOff));
    assert_eq!(g.control[2], Side::Confederate);
}

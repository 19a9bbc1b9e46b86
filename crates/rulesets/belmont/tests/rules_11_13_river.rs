//! Position tests for the river war as issue 14's audit found it: gunboat fire at
//! transports and the transport's path (5.2, 11.4, 11.5, 11.7), the Iron Banks at moving
//! gunboats (5.1, 5.2), boarding at Columbus and the released reserve (11.7, 13.1, 13.2.2),
//! a company breaking aboard a hit vessel (11.1), debarked units and Union ZOC (11.7),
//! and gunboats under Confused Orders (10.0). Each ruling has its negative case beside it.

mod common_late;
use common_late::*;

/// A river hex two hexes from the Iron Banks entrenchment 3421 (section 3).
const OFF_BANKS: &str = "3221";

fn damage(g: &Belmont, id: &str) -> u8 {
    g.unit(g.id(id)).damage
}

/// No path to choose and no fire to decide or roll at a vessel.
fn no_fire_pending(g: &Belmont) -> bool {
    !matches!(g.top(), Some(Frame::ChooseRoute { .. } | Frame::NavalOpp { .. } | Frame::OppRoll { .. }))
}

fn ids(g: &Belmont, names: &[&str]) -> Vec<u16> {
    names.iter().map(|n| g.id(n)).collect()
}

/// The 13th Tennessee in its maneuver, transport limits lifted, `units` placed, each of
/// `loads` (transport, company) boarded on the Columbus dock (3329).
fn crossing(units: &[(&str, &str)], loads: &[(&str, &str)]) -> Belmont {
    let mut g = fresh();
    g.transport_limits = false;
    put_each(&mut g, units);
    for (t, c) in loads {
        put_each(&mut g, &[(t, "3329"), (c, "3329")]);
    }
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    for (t, c) in loads {
        board(&mut g, c, t);
    }
    g
}

// ------------------------------------------------------------------ 5.2, 11.5 gunboats at transports

#[test]
fn a_gunboat_fires_one_die_at_a_crossing_transport_not_one_a_hex() {
    let mut g = crossing(&[("Tyler", "2325")], &[("Transport-2", "13TN-C")]);
    sail(&mut g, "Transport-2", "2331");
    let Some(Frame::NavalOpp { target, firers }) = g.top().cloned() else { panic!("{:?}", g.top()) };
    assert_eq!(target, g.id("Transport-2"));
    assert_eq!(firers, ids(&g, &["Tyler"]));
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert_eq!(g.legal_actions(), vec![Action::OppFire(firers.clone()), Action::OppFire(vec![])]);
    act(&mut g, Action::OppFire(firers));
    assert!(matches!(g.top(), Some(Frame::OppRoll { dice: 1, .. })), "one die: {:?}", g.top());
    assert_p(prob1(&g, &|g| damage(g, "Transport-2") == 1), 1.0 / 6.0);
}

#[test]
fn a_gunboat_that_fired_at_one_transport_may_not_fire_at_another_in_that_activation() {
    let loads = [("Transport-2", "13TN-C"), ("Transport-3", "13TN-D")];
    let mut g = crossing(&[("Tyler", "2325")], &loads);
    sail(&mut g, "Transport-2", "2331");
    let tyler = ids(&g, &["Tyler"]);
    act(&mut g, Action::OppFire(tyler.clone()));
    act(&mut g, Action::Hits(0));
    sail(&mut g, "Transport-3", "2330");
    assert!(no_fire_pending(&g), "5.2: Tyler has fired this activation: {:?}", g.top());
    // Negative: holding fire uses nothing up; Tyler may fire at the second transport.
    let mut h = crossing(&[("Tyler", "2325")], &loads);
    sail(&mut h, "Transport-2", "2331");
    act(&mut h, Action::OppFire(vec![]));
    sail(&mut h, "Transport-3", "2330");
    assert_eq!(h.top(), Some(&Frame::NavalOpp { target: h.id("Transport-3"), firers: tyler }));
}

#[test]
fn a_transports_path_is_not_traced_when_neither_end_is_in_a_gunboats_los() {
    // Tyler lies in the cove at Hunter's Farm: no LOS to the Columbus dock or to 2301,
    // though a path between them runs past it.
    let mut g = crossing(&[("Tyler", "2103")], &[("Transport-2", "13TN-C")]);
    sail(&mut g, "Transport-2", "2301");
    assert!(no_fire_pending(&g), "11.5: no path traced, no fire: {:?}", g.top());
    // Negative: from 2314 Tyler sees the dock; the same crossing is traced and fired on.
    let mut h = crossing(&[("Tyler", "2314")], &[("Transport-2", "13TN-C")]);
    sail(&mut h, "Transport-2", "2301");
    assert_eq!(h.top(), Some(&Frame::NavalOpp { target: h.id("Transport-2"), firers: ids(&h, &["Tyler"]) }));
}

#[test]
fn the_transports_owner_chooses_which_gunboats_its_path_passes() {
    let mut g = crossing(&[("Tyler", "2416"), ("Lexington", "3042")], &[("Transport-2", "13TN-C")]);
    sail(&mut g, "Transport-2", "2231");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate), "11.5: the owner shows the path");
    assert_eq!(g.prompt().rule, "Belmont 11.5");
    let want: Vec<Action> = [&["Tyler"][..], &["Lexington"], &["Tyler", "Lexington"]]
        .iter()
        .map(|names| Action::Route(ids(&g, names)))
        .collect();
    assert_eq!(g.legal_actions(), want, "no path passes neither");
    let lex = Action::Route(ids(&g, &["Lexington"]));
    act(&mut g, lex);
    assert_eq!(g.top(), Some(&Frame::NavalOpp { target: g.id("Transport-2"), firers: ids(&g, &["Lexington"]) }));
    assert!(logged(&g, "Belmont 11.5", "in sight of Lexington"));
}

#[test]
fn a_path_out_of_every_gunboats_range_draws_no_fire() {
    let mut g = crossing(&[("Tyler", "2314")], &[("Transport-2", "13TN-C")]);
    sail(&mut g, "Transport-2", "2629");
    assert_eq!(g.legal_actions(), vec![Action::Route(vec![]), Action::Route(ids(&g, &["Tyler"]))]);
    act(&mut g, Action::Route(vec![]));
    assert!(no_fire_pending(&g), "{:?}", g.top());
    // Negative: the path in Tyler's sight may be fired on.
    let mut h = crossing(&[("Tyler", "2314")], &[("Transport-2", "13TN-C")]);
    sail(&mut h, "Transport-2", "2629");
    let seen = Action::Route(ids(&h, &["Tyler"]));
    act(&mut h, seen);
    assert!(matches!(h.top(), Some(Frame::NavalOpp { .. })));
}

// ------------------------------------------------------------------ 5.1, 5.2 the Iron Banks at gunboats

/// The Union HQ in its maneuver with Stewart and Hamilton at 3421, Smith at 3423, the
/// gunboats at 2327 and 2328.
fn gunboats_under_the_banks() -> Belmont {
    let mut g = placed(&[
        ("Stewart", "3421"),
        ("Hamilton", "3421"),
        ("Smith", "3423"),
        ("Tyler", "2327"),
        ("Lexington", "2328"),
    ]);
    g.activate(Side::Union, "HQ", Stage::Maneuver);
    g
}

#[test]
fn the_confederate_chooses_which_batteries_fire_at_a_moving_gunboat() {
    let mut g = gunboats_under_the_banks();
    sail(&mut g, "Tyler", OFF_BANKS);
    let banks = ids(&g, &["Stewart", "Hamilton", "Smith"]);
    assert_eq!(g.top(), Some(&Frame::NavalOpp { target: g.id("Tyler"), firers: banks.clone() }));
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    // Every subset, holding fire last: 2^3 choices.
    let legal = g.legal_actions();
    assert_eq!(legal.len(), 8);
    assert_eq!(legal.last(), Some(&Action::OppFire(vec![])));
    let stewart = Action::OppFire(ids(&g, &["Stewart"]));
    act(&mut g, stewart);
    assert!(matches!(g.top(), Some(Frame::OppRoll { dice: 1, .. })));
    act(&mut g, Action::Hits(1));
    assert_eq!(damage(&g, "Tyler"), 1);
    // Lexington next: Stewart has fired during this gunboat movement; the batteries held
    // back have not (declining uses nothing up).
    sail(&mut g, "Lexington", "3222");
    assert_eq!(g.top(), Some(&Frame::NavalOpp { target: g.id("Lexington"), firers: ids(&g, &["Hamilton", "Smith"]) }));
}

#[test]
fn a_battery_that_fired_at_one_gunboat_may_not_fire_at_the_other() {
    let mut g = gunboats_under_the_banks();
    sail(&mut g, "Tyler", OFF_BANKS);
    let all = ids(&g, &["Stewart", "Hamilton", "Smith"]);
    act(&mut g, Action::OppFire(all));
    act(&mut g, Action::Hits(0));
    sail(&mut g, "Lexington", "3222");
    assert!(no_fire_pending(&g), "5.2: each battery fires once during gunboat movement: {:?}", g.top());
}

/// Tyler on the Belmont dock (2231) with 30IL-A, Stewart (long range) on the banks, the
/// Confederate HQ to volley; the camp fallen on `captured`, if at all, and turn 3.
fn tyler_on_the_belmont_dock(captured: Option<u8>) -> Belmont {
    let mut g = placed(&[("Stewart", "3421"), ("Tyler", "2231"), ("30IL-A", "2231")]);
    g.turn = 3;
    g.camp_captured = captured;
    g.activate(Side::Confederate, "HQ", Stage::Volley);
    let v = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Volley { target, .. } if target.label() == "2231"))
        .expect("Stewart may fire at the gunboat's hex");
    act(&mut g, v);
    roll(&mut g, 6);
    g
}

#[test]
fn before_the_camp_falls_an_iron_banks_hit_on_a_dock_lands_on_the_gunboat_not_the_company() {
    let g = tyler_on_the_belmont_dock(None);
    assert_eq!(damage(&g, "Tyler"), 1);
    assert!(!flipped(&g, "30IL-A"), "5.1: the batteries fire only at gunboats");
    // Negative: once the camp has fallen (and its turn has ended) they fire on Missouri
    // land hexes, and the company in the hex takes the hit.
    let h = tyler_on_the_belmont_dock(Some(2));
    assert!(flipped(&h, "30IL-A"));
    assert_eq!(damage(&h, "Tyler"), 0);
}

// ------------------------------------------------------------------ 11.7, 13.1, 13.2.2 Columbus

#[test]
fn a_unit_may_walk_onto_the_columbus_dock_and_board_in_one_move() {
    let mut g = fresh();
    g.transport_limits = false;
    put_each(&mut g, &[("Transport-2", "3329"), ("13TN-C", "3327"), ("13TN-D", "3330")]);
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    let board_c = Action::Board { unit: g.id("13TN-C"), vessel: g.id("Transport-2") };
    assert!(!is_legal(&g, &board_c), "two hexes from the dock");
    step(&mut g, "13TN-C", "3328");
    assert!(is_legal(&g, &board_c), "11.7: on to the dock and aboard, the same move");
    let mut on_dock = g.clone();
    step(&mut on_dock, "13TN-C", "3329");
    assert!(is_legal(&on_dock, &board_c));
    act(&mut g, board_c.clone());
    assert_eq!(loc(&g, "13TN-C"), Loc::Aboard(g.id("Transport-2")));
    // Negative: once another unit has started moving, 13TN-C's move is over.
    let mut h = fresh();
    h.transport_limits = false;
    put_each(&mut h, &[("Transport-2", "3329"), ("13TN-C", "3327"), ("13TN-D", "3331")]);
    h.activate(Side::Confederate, "13TN", Stage::Maneuver);
    step(&mut h, "13TN-C", "3328");
    step(&mut h, "13TN-D", "3330");
    assert!(!is_legal(&h, &board_c), "4.3: its move ended when 13TN-D began");
}

#[test]
fn released_reserve_units_are_placed_by_their_owner_in_or_around_columbus() {
    let mut g = Belmont::after_setup(&[]);
    g.turn = 3;
    g.camp_captured = Some(3);
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    let Some(Frame::PlaceReserve { units }) = g.top().cloned() else { panic!("{:?}", g.top()) };
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(g.prompt().rule, "Belmont 13.2.2");
    let first = units[0];
    let map = g.map();
    let spots: Vec<Hex> = g
        .legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::Place { unit, hex } if unit == first => hex,
            a => panic!("{a:?}"),
        })
        .collect();
    assert!(spots.len() > 5, "a choice of hexes: {spots:?}");
    assert!(spots.iter().all(|h| map.columbus.contains(h) || *h == map.columbus_dock));
    // The owner picks the last hex offered, not the first.
    let pick = *spots.last().unwrap();
    act(&mut g, Action::Place { unit: first, hex: pick });
    assert_eq!(g.hex_of(first), Some(pick));
    // Negative: a hex outside Columbus is refused, and so is one at the stacking limit.
    let next = match g.top() {
        Some(Frame::PlaceReserve { units }) => units[0],
        f => panic!("{f:?}"),
    };
    assert!(!is_legal(&g, &Action::Place { unit: next, hex: hex("3421") }));
    assert!(!is_legal(&g, &Action::Place { unit: next, hex: hex("2029") }));
    let full = map.columbus.iter().copied().find(|&h| g.stack_count(h) >= 3);
    if let Some(full) = full {
        assert!(!is_legal(&g, &Action::Place { unit: next, hex: full }), "4.2 at {full}");
    }
    place_released(&mut g);
    assert!(g.ids().all(|u| g.unit(u).loc != Loc::Reserve || g.is_vessel(u)));
    // Then the next turn begins.
    assert_eq!(g.turn, 4);
    assert!(matches!(g.top(), Some(Frame::DrawChit | Frame::CallReserve)), "{:?}", g.top());
}

// ------------------------------------------------------------------ 11.1 breaking aboard

/// Transport-2 at 2331 carrying `aboard`, one hit pending.
fn hit_transport(aboard: &[&str]) -> Belmont {
    let mut g = fresh();
    g.put("Transport-2", "2331");
    let t = g.id("Transport-2");
    for id in aboard {
        g.put_loc(id, Loc::Aboard(t));
    }
    g.set_stack(vec![Frame::Over, Frame::VesselHits { vessel: t, hits: 1 }]);
    g
}

#[test]
fn the_owner_chooses_which_company_aboard_a_hit_transport_breaks() {
    let mut g = hit_transport(&["13TN-C", "13TN-D"]);
    assert_d6(&g);
    roll(&mut g, 5);
    assert_eq!(g.actor(), Actor::Side(Side::Confederate), "11.1 with 7.0: the owner assigns it");
    let want: Vec<Action> = ids(&g, &["13TN-C", "13TN-D"]).into_iter().map(Action::TakeHit).collect();
    assert_eq!(g.legal_actions(), want);
    let d = Action::TakeHit(g.id("13TN-D"));
    act(&mut g, d);
    assert!(flipped(&g, "13TN-D") && !flipped(&g, "13TN-C"));
    // Negative: a 1-3 breaks no one, and with one unbroken company aboard there is no
    // choice to make.
    let mut h = hit_transport(&["13TN-C", "13TN-D"]);
    roll(&mut h, 3);
    assert!(!flipped(&h, "13TN-C") && !flipped(&h, "13TN-D"));
    let mut k = hit_transport(&["13TN-C", "13TN-D"]);
    k.set_flipped("13TN-C", true);
    roll(&mut k, 4);
    assert!(flipped(&k, "13TN-D"));
    assert_eq!(k.top(), Some(&Frame::Over));
}

// ------------------------------------------------------------------ 11.7 debarked units and ZOC

/// 13TN-C lands from Transport-2 (at 2331) on the Belmont dock (2231) and walks up the
/// road to 2131, with `union` placed.
fn landed_and_on_the_road(union: &[(&str, &str)]) -> Belmont {
    let mut g = fresh();
    g.transport_limits = false;
    g.put("Transport-2", "2331");
    let t = g.id("Transport-2");
    g.put_loc("13TN-C", Loc::Aboard(t));
    put_each(&mut g, union);
    let spare = chit(&g, Side::Union, "HQ");
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    only_in_cup(&mut g, &[spare]);
    step(&mut g, "13TN-C", "2231");
    hold_fire(&mut g);
    step(&mut g, "13TN-C", "2131");
    hold_fire(&mut g);
    g
}

/// A land hex next to 2131 but two from the landing (2231): a company there has 2131 in
/// its ZOC and not the landing.
fn beside_the_road() -> String {
    let map = belmont::map::belmont();
    hex("2131")
        .neighbours()
        .into_iter()
        .find(|&h| h.distance(hex("2231")) == 2 && map.is_land(h) && h != hex("2030") && h != hex("2132"))
        .expect("a hex beside 2131")
        .label()
}

#[test]
fn a_debarked_unit_may_enter_a_union_zoc_later_in_its_move_but_not_walk_through_it() {
    let zoc = beside_the_road();
    let g = landed_and_on_the_road(&[("30IL-A", &zoc)]);
    let c = g.id("13TN-C");
    assert!(!movers(&g).contains(&c), "11.7: it stops in the Union ZOC");
    // Negative: with no Union ZOC on the road it walks on with its half MP left.
    let k = landed_and_on_the_road(&[]);
    assert!(movers(&k).contains(&c), "half an MP left on the road");
}

// ------------------------------------------------------------------ 10.0 gunboats under Confused Orders

/// The camp fallen (turn 3, so the Union chit is in play): the Union Confused Orders chit
/// pulled, then the HQ, rolled blue 1 and `gray`; Tyler at 2325, Grant at `grant`.
fn confused_hq(gray: u8, grant: &str) -> Belmont {
    let mut g = camp_fallen(2, 3, &[("Tyler", "2325"), ("Grant", grant), ("13TN-C", "2331")]);
    let hq = chit(&g, Side::Union, "HQ");
    let co = confused_chit(&g, Side::Union);
    only_in_cup(&mut g, &[co, hq]);
    g.set_stack(vec![Frame::Over, Frame::DrawChit]);
    act(&mut g, Action::Draw(co));
    act(&mut g, Action::Draw(hq));
    roll_pair(&mut g, 1, gray);
    g
}

fn tyler_acts(g: &Belmont) -> bool {
    let t = g.id("Tyler");
    let mut g = g.clone();
    // Past the volley stage, if Tyler has none, to the maneuver.
    for _ in 0..3 {
        if g.legal_actions().iter().any(|a| {
            matches!(a, Action::Sail { vessel, .. } if *vessel == t)
                || matches!(a, Action::Volley { from, .. } if Some(*from) == g.hex_of(t))
        }) {
            return true;
        }
        if !is_legal(&g, &Action::Done) {
            return false;
        }
        act(&mut g, Action::Done);
    }
    false
}

#[test]
fn confused_orders_hold_the_gunboats_in_place_on_gray_1_to_5() {
    for gray in [2, 4] {
        let g = confused_hq(gray, "1510");
        assert!(!tyler_acts(&g), "gray {gray}: 10.0 reaches the HQ's gunboats; 10.3 does not move them");
        assert!(logged(&g, "Belmont 10.3", "Tyler stays in place"));
    }
    // Negatives: gray 6 deciphers the orders, and Grant beside the gunboat steadies it.
    assert!(tyler_acts(&confused_hq(6, "1510")));
    assert!(tyler_acts(&confused_hq(4, "2225")));
}

// ------------------------------------------------------------------ 5.2 gunboats at ground units

/// Tyler at 2320 and 13TN-C, in its maneuver, walking along the two land hexes beside it
/// (entered from a land hex out of Tyler's reach): the hexes, in order.
fn along_the_gunboat() -> (Belmont, [String; 2]) {
    let map = belmont::map::belmont();
    let tyler = hex("2320");
    let shore: Vec<Hex> = tyler.neighbours().into_iter().filter(|&h| map.is_missouri(h) && map.is_land(h)).collect();
    let (a, b) = (shore[0], shore[1]);
    assert_eq!(a.distance(b), 1);
    let start = a
        .neighbours()
        .into_iter()
        .find(|&h| map.is_land(h) && h.distance(tyler) == 2 && h.distance(b) == 2)
        .expect("a start out of Tyler's reach");
    let mut g = placed(&[("Tyler", "2320"), ("13TN-C", &start.label())]);
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    (g, [a.label(), b.label()])
}

#[test]
fn a_gunboat_fires_at_ground_units_once_an_activation() {
    let (mut g, [a, b]) = along_the_gunboat();
    step(&mut g, "13TN-C", &a);
    assert!(matches!(g.top(), Some(Frame::OppOffer { dice: 1, .. })), "{:?}", g.top());
    act(&mut g, Action::Fire(true));
    act(&mut g, Action::Hits(0));
    step(&mut g, "13TN-C", &b);
    assert!(!matches!(g.top(), Some(Frame::OppOffer { .. })), "5.2: Tyler has fired: {:?}", g.top());
    // Negative: holding fire uses nothing up.
    let (mut h, [a, b]) = along_the_gunboat();
    step(&mut h, "13TN-C", &a);
    act(&mut h, Action::Fire(false));
    step(&mut h, "13TN-C", &b);
    assert!(matches!(h.top(), Some(Frame::OppOffer { dice: 1, .. })), "{:?}", h.top());
}

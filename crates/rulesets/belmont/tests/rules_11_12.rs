//! Position tests for Belmont 11.0-11.9 (naval vessels, transports) and 12.0-12.2 (the
//! Iron Banks long-range batteries). Positions come from the testkit; play goes through
//! the public `Game` API, probabilities straight from the chance outcomes.

mod common_late;
use common_late::*;

/// A river hex two hexes from the Iron Banks entrenchment 3421 (section 3).
const OFF_BANKS: &str = "3221";

fn damage(g: &Belmont, id: &str) -> u8 {
    g.unit(g.id(id)).damage
}

fn volleys_at(g: &Belmont, target: &str) -> Vec<Action> {
    g.legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Volley { target: t, .. } if t.label() == target))
        .collect()
}

/// The labels of the hexes vessel or battery `id` may sail to (`sail`) or bombard.
fn unit_targets(g: &Belmont, id: &str, sail: bool) -> Vec<String> {
    let u = g.id(id);
    g.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Sail { vessel, to } if sail && vessel == u => Some(to.label()),
            Action::Bombard { battery, target } if !sail && battery == u => Some(target.label()),
            _ => None,
        })
        .collect()
}

fn sails(g: &Belmont, vessel: &str) -> Vec<String> {
    unit_targets(g, vessel, true)
}

fn boards(g: &Belmont, unit: &str, vessel: &str) -> bool {
    is_legal(g, &Action::Board { unit: g.id(unit), vessel: g.id(vessel) })
}

fn bombard(g: &mut Belmont, battery: &str, target: &str) {
    let a = Action::Bombard { battery: g.id(battery), target: hex(target) };
    act(g, a);
}

fn aboard(g: &mut Belmont, id: &str, vessel: &str) {
    let v = g.id(vessel);
    g.put_loc(id, Loc::Aboard(v));
}

/// Transports free of the 11.8 limits, `units` placed, the 13th Tennessee activated to
/// maneuver.
fn tn13_maneuver(units: &[(&str, &str)]) -> Belmont {
    let mut g = fresh();
    g.transport_limits = false;
    put_each(&mut g, units);
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    g
}

/// On turn `turn` (the 11.8 limits in force), `units` placed, the 13th Tennessee activated
/// to maneuver.
fn tn13_on_turn(turn: u8, units: &[(&str, &str)]) -> Belmont {
    let mut g = fresh();
    g.turn = turn;
    put_each(&mut g, units);
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    g
}

/// [`tn13_maneuver`] with Transport-2 and `boarders` on the Columbus dock: they board and
/// the transport sails to 2320, off the Missouri shore.
fn sailed_to_2320(boarders: &[&str]) -> Belmont {
    let mut units = vec![("Transport-2", "3329")];
    units.extend(boarders.iter().map(|&b| (b, "3329")));
    let mut g = tn13_maneuver(&units);
    for b in boarders {
        board(&mut g, b, "Transport-2");
    }
    sail(&mut g, "Transport-2", "2320");
    g
}

/// Transport-2 (limits off) at `at` with 13TN-C aboard and `other` placed; the 13th
/// Tennessee activated to maneuver, only the Union HQ chit left in the cup.
fn afloat(at: &str, other: (&str, &str)) -> Belmont {
    let mut g = fresh();
    g.transport_limits = false;
    g.put("Transport-2", at);
    aboard(&mut g, "13TN-C", "Transport-2");
    g.put(other.0, other.1);
    let spare = chit(&g, Side::Union, "HQ");
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    only_in_cup(&mut g, &[spare]);
    g
}

// ------------------------------------------------------------------ 11.1 Hits on vessels

#[test]
fn r11_1_an_iron_banks_hit_marks_a_gunboat_damaged() {
    let mut g = placed(&[("Stewart", "3421"), ("Tyler", OFF_BANKS)]);
    g.activate(Side::Confederate, "HQ", Stage::Volley);
    let v = volleys_at(&g, OFF_BANKS);
    assert_eq!(v.len(), 1);
    act(&mut g, v[0].clone());
    assert_d6(&g);
    // 12.0: Stewart hits on 4-6 in LOS.
    assert_p(prob1(&g, &|g| damage(g, "Tyler") == 1), 3.0 / 6.0);
    roll(&mut g, 4);
    assert_eq!(damage(&g, "Tyler"), 1);
    assert!(logged(&g, "Belmont 11.1", "damage 1"));
}

#[test]
fn r11_1_each_hit_may_break_a_company_aboard_on_4_6_and_checks_each_leader() {
    let mut g = fresh();
    g.put("Tyler", OFF_BANKS);
    aboard(&mut g, "30IL-A", "Tyler");
    aboard(&mut g, "Fouke", "Tyler");
    aboard(&mut g, "McClernand", "Tyler");
    let tyler = g.id("Tyler");
    g.set_stack(vec![Frame::Over, Frame::VesselHits { vessel: tyler, hits: 1 }]);
    assert_eq!(damage(&g, "Tyler"), 1);
    assert!(matches!(g.top(), Some(Frame::VesselBreak { .. })));
    assert_p(prob(&g, &|g| flipped(g, "30IL-A")), 3.0 / 6.0);
    assert_p(prob(&g, &|g| flipped(g, "Fouke")), 1.0 / 6.0);
    assert_p(prob(&g, &|g| flipped(g, "McClernand")), 1.0 / 6.0);
    // Two hits: two break rolls' worth of chances, two checks per leader.
    let mut g2 = fresh();
    g2.put("Tyler", OFF_BANKS);
    aboard(&mut g2, "30IL-A", "Tyler");
    aboard(&mut g2, "Fouke", "Tyler");
    g2.set_stack(vec![Frame::Over, Frame::VesselHits { vessel: tyler, hits: 2 }]);
    assert_p(prob(&g2, &|g| flipped(g, "30IL-A")), 1.0 - 0.25);
    assert_p(prob(&g2, &|g| damage(g, "Tyler") == 2), 1.0);
    // Fouke: wounded on a 6 at either check, or killed (5-6) at the second once wounded.
    let wounded_or_worse = 1.0 - (5.0_f64 / 6.0).powi(2);
    assert_p(prob(&g2, &|g| flipped(g, "Fouke") || !g.in_play(g.id("Fouke"))), wounded_or_worse);
}

#[test]
fn r11_1_broken_companies_aboard_take_no_break_roll() {
    let mut g = fresh();
    g.put("Tyler", OFF_BANKS);
    aboard(&mut g, "30IL-A", "Tyler");
    g.set_flipped("30IL-A", true);
    let tyler = g.id("Tyler");
    g.set_stack(vec![Frame::Over, Frame::VesselHits { vessel: tyler, hits: 1 }]);
    assert_eq!(g.top(), Some(&Frame::Over));
    assert_eq!(loc(&g, "30IL-A"), Loc::Aboard(tyler));
}

#[test]
fn r11_1_the_sixth_hit_sinks_the_vessel_with_all_aboard_for_vp() {
    let mut g = fresh();
    g.put("Transport-2", "2331");
    aboard(&mut g, "13TN-C", "Transport-2");
    aboard(&mut g, "13TN-D", "Transport-2");
    aboard(&mut g, "Wright", "Transport-2");
    let t = g.id("Transport-2");
    g.units[usize::from(t)].damage = 5;
    g.set_stack(vec![Frame::Over, Frame::VesselHits { vessel: t, hits: 1 }]);
    assert_eq!(loc(&g, "Transport-2"), Loc::Gone(Fate::Eliminated));
    assert_eq!(loc(&g, "13TN-C"), Loc::Gone(Fate::Eliminated));
    assert_eq!(loc(&g, "13TN-D"), Loc::Gone(Fate::Eliminated));
    assert_eq!(loc(&g, "Wright"), Loc::Gone(Fate::Killed));
    // 14.1: 5 for the vessel, 2 for each company, 3 for the regiment leader.
    assert_eq!(g.vp(), [5.0 + 2.0 + 2.0 + 3.0, 0.0]);
}

#[test]
fn r11_1_a_hit_on_a_dock_with_several_vessels_strikes_one_at_random() {
    let mut g = fresh();
    g.put("Tyler", "3228"); // beside the Columbus dock
    put_each(&mut g, &[("Transport-2", "3329"), ("Transport-3", "3329")]);
    g.activate(Side::Union, "HQ", Stage::Volley);
    let v = volleys_at(&g, "3329");
    assert_eq!(v.len(), 1);
    act(&mut g, v[0].clone());
    roll(&mut g, 6);
    assert_eq!(g.prompt().rule, "Belmont 11.1");
    let out = g.chance_outcomes();
    assert_eq!(out.len(), 2);
    for (i, (a, p)) in out.iter().enumerate() {
        assert_eq!(*a, Action::Pick(u8::try_from(i).unwrap()));
        assert_p(*p, 0.5);
    }
    let mut c = g.clone();
    act(&mut c, Action::Pick(1));
    assert_eq!((damage(&c, "Transport-2"), damage(&c, "Transport-3")), (0, 1));
}

// ------------------------------------------------------------------ 11.2 Repair

#[test]
fn r11_2_a_damaged_gunboat_repairs_one_point_on_5_6_without_high_morale() {
    let mut g = fresh();
    assert!(g.high_morale[0]);
    put_each(&mut g, &[("Tyler", "2103"), ("Lexington", "2104"), ("Transport-2", "3329")]);
    let tyler = g.id("Tyler");
    g.units[usize::from(tyler)].damage = 2;
    let t2 = g.id("Transport-2");
    g.units[usize::from(t2)].damage = 2;
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn, Frame::DrawChit]);
    // The cup is empty: the Rally portion begins with the repair roll.
    assert_eq!(g.top(), Some(&Frame::Repair { vessel: tyler }));
    assert_eq!(g.prompt().rule, "Belmont 11.2");
    assert_d6(&g);
    assert_p(prob1(&g, &|g| damage(g, "Tyler") == 1), 2.0 / 6.0);
    roll(&mut g, 4);
    assert_eq!(damage(&g, "Tyler"), 2);
    // Only the damaged gunboat rolls; Lexington is undamaged, and (reading) transports
    // are not repaired: no more repair rolls.
    assert!(!g.frames().iter().any(|f| matches!(f, Frame::Repair { .. })));
    assert_eq!(damage(&g, "Transport-2"), 2);
}

// ------------------------------------------------------------------ 11.3 Stacking

#[test]
fn r11_3_one_vessel_per_river_hex_any_number_on_a_dock() {
    let mut g = placed(&[("Tyler", "2103"), ("Lexington", "2104"), ("Transport-2", "2005")]);
    g.activate(Side::Union, "HQ", Stage::Maneuver);
    let t = sails(&g, "Tyler");
    assert!(!t.contains(&"2104".to_string()), "Lexington's river hex");
    assert!(t.contains(&"2005".to_string()), "a dock takes any number");
    sail(&mut g, "Tyler", "2005");
    assert!(sails(&g, "Lexington").contains(&"2005".to_string()));
    assert!(sails(&g, "Lexington").contains(&"2103".to_string()), "Tyler's old hex is free");
}

// ------------------------------------------------------------------ 11.4 Vessel combat

#[test]
fn r11_4_only_gunboats_may_target_the_iron_banks_entrenchments() {
    let mut g = placed(&[("Stewart", "3421"), ("Tyler", OFF_BANKS)]);
    g.put("Taylor-1", "3322"); // field artillery beside the entrenchment
    g.put("Taylor-2", "3320");
    g.activate(Side::Union, "HQ", Stage::Volley);
    let v = volleys_at(&g, "3421");
    assert!(!v.is_empty());
    for a in &v {
        let Action::Volley { from, .. } = a else { unreachable!() };
        assert_eq!(from.label(), OFF_BANKS, "only the gunboat's hex: {a:?}");
    }
}

#[test]
fn r11_4_a_hit_among_several_batteries_strikes_one_at_random() {
    let mut g = placed(&[("Stewart", "3421"), ("Hamilton", "3421"), ("Tyler", OFF_BANKS)]);
    g.activate(Side::Union, "HQ", Stage::Volley);
    let v = volleys_at(&g, "3421");
    act(&mut g, v[0].clone());
    roll(&mut g, 6); // gunboat, range 2: 5-6 hits
    let out = g.chance_outcomes();
    assert_eq!(out.len(), 2, "random, not the owner's choice: {:?}", g.top());
    for (a, p) in &out {
        assert!(matches!(a, Action::Pick(_)));
        assert_p(*p, 0.5);
    }
    let mut c = g.clone();
    act(&mut c, Action::Pick(0));
    assert!(flipped(&c, "Stewart") ^ flipped(&c, "Hamilton"));
}

#[test]
fn r11_4_gunboats_fire_on_transports_moving_in_their_range_and_los() {
    let mut g = tn13_maneuver(&[("Tyler", "2325"), ("Transport-2", "3329"), ("13TN-C", "3329")]);
    board(&mut g, "13TN-C", "Transport-2");
    sail(&mut g, "Transport-2", "2331");
    let Some(Frame::NavalOpp { target, firers }) = g.top().cloned() else { panic!("5.2 / 11.4: {:?}", g.top()) };
    assert_eq!(target, g.id("Transport-2"));
    assert_eq!(firers, vec![g.id("Tyler")]);
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    act(&mut g, Action::OppFire(firers));
    // The gunboat's one die hits on a 6; a hit damages the transport, not the company.
    assert_p(prob1(&g, &|g| damage(g, "Transport-2") >= 1), 1.0 / 6.0);
}

#[test]
fn r11_4_transports_have_no_combat_ability() {
    let mut g = fresh();
    g.put("Transport-2", "2331");
    aboard(&mut g, "13TN-C", "Transport-2");
    g.put("30IL-A", "2230");
    g.activate(Side::Confederate, "13TN", Stage::Volley);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Volley { .. })));
}

// ------------------------------------------------------------------ 11.5 Movement

#[test]
fn r11_5_a_vessel_moves_up_to_four_river_sections_counting_its_own() {
    let mut g = fresh();
    g.put("Tyler", "2103"); // section 1
    g.activate(Side::Union, "HQ", Stage::Maneuver);
    let reach = sails(&g, "Tyler");
    let map = g.map();
    let section_of = |l: &String| map.river_section(hex(l)).expect("river or dock");
    assert!(reach.iter().all(|l| section_of(l) <= 4));
    for s in 1..=4 {
        assert!(reach.iter().any(|l| section_of(l) == s), "section {s}");
    }
    let far = map.river_hexes_of_section(5)[0];
    assert!(!reach.contains(&far.label()));
    // It moves once a turn's activation: after sailing, no more sails for it.
    let to = map.river_hexes_of_section(4)[0];
    sail(&mut g, "Tyler", &to.label());
    hold_fire(&mut g);
    assert!(sails(&g, "Tyler").is_empty());
}

// ------------------------------------------------------------------ 11.6 Gunboats

#[test]
fn r11_6_a_gunboat_carries_one_company_and_any_leaders() {
    let mut g = fresh();
    g.put("Tyler", "2106"); // beside Hunter's Farm dock
    put_each(&mut g, &[("30IL-A", "2006"), ("30IL-B", "2006")]);
    g.put("30IL-C", "1906"); // two hexes from the gunboat
    g.put("Fouke", "2006");
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    assert!(!boards(&g, "30IL-C", "Tyler"), "not adjacent");
    assert!(boards(&g, "30IL-A", "Tyler"));
    board(&mut g, "30IL-A", "Tyler");
    assert!(!boards(&g, "30IL-B", "Tyler"), "one company");
    assert!(boards(&g, "Fouke", "Tyler"), "and any number of leaders");
    // Only the HQ chit moves the gunboat.
    assert!(sails(&g, "Tyler").is_empty());
    g.activate(Side::Union, "HQ", Stage::Maneuver);
    assert!(sails(&g, "Tyler").contains(&"2320".to_string()));
    sail(&mut g, "Tyler", "2320");
    hold_fire(&mut g);
    assert_eq!(loc(&g, "30IL-A"), Loc::Aboard(g.id("Tyler")));
    // The company leaves on its own chit, into adjacent Missouri land.
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    assert!(is_legal(&g, &mv(&g, "30IL-A", "2220")));
    step(&mut g, "30IL-A", "2220");
    assert_eq!(at(&g, "30IL-A").as_deref(), Some("2220"));
}

// ------------------------------------------------------------------ 11.7 CS transports

#[test]
fn r11_7_units_board_only_on_the_columbus_dock_and_never_in_missouri() {
    // Transport-3 is at the Belmont dock.
    let g = tn13_maneuver(&[("Transport-2", "3329"), ("Transport-3", "2231"), ("13TN-C", "3329"), ("13TN-A", "2231")]);
    assert!(boards(&g, "13TN-C", "Transport-2"));
    assert!(!boards(&g, "13TN-A", "Transport-3"));
    assert!(!boards(&g, "13TN-A", "Transport-2"));
    // Transports are not activated by chits: with nobody aboard, none sails.
    assert!(sails(&g, "Transport-2").is_empty());
}

#[test]
fn r11_7_one_regiment_per_transport_split_over_several() {
    let mut g = tn13_maneuver(&[
        ("Transport-2", "3329"),
        ("Transport-3", "3329"),
        ("13TN-C", "3329"),
        ("13TN-D", "3329"),
        ("12TN-A", "3328"),
    ]);
    board(&mut g, "13TN-C", "Transport-2");
    assert!(boards(&g, "13TN-D", "Transport-3"), "a regiment may split over transports");
    sail(&mut g, "Transport-2", "3228");
    // Next, the 12th Tennessee may not share Transport-2 (still loaded, out in the river
    // anyway), but may take Transport-3.
    let mut c = g.clone();
    c.activate(Side::Confederate, "12TN", Stage::Maneuver);
    c.put("Transport-2", "3329");
    assert!(!boards(&c, "12TN-A", "Transport-2"), "one regiment per transport");
    assert!(boards(&c, "12TN-A", "Transport-3"));
}

#[test]
fn r11_7_a_loaded_transport_must_leave_the_dock_before_the_activation_ends() {
    let mut g = tn13_maneuver(&[("Transport-2", "3329"), ("13TN-C", "3329")]);
    assert!(is_legal(&g, &Action::Done));
    board(&mut g, "13TN-C", "Transport-2");
    assert!(!is_legal(&g, &Action::Done));
    sail(&mut g, "Transport-2", "2320");
    assert!(is_legal(&g, &Action::Done));
}

#[test]
fn r11_7_debarking_units_have_two_mp_and_the_empty_transport_goes_to_the_turn_track() {
    let mut g = sailed_to_2320(&["13TN-C"]);
    // Into any adjacent Missouri land hex.
    let land: Vec<Hex> =
        hex("2320").neighbours().into_iter().filter(|&h| g.map().is_missouri(h) && g.map().is_land(h)).collect();
    assert_eq!(land.len(), 2);
    for h in land {
        assert!(is_legal(&g, &mv(&g, "13TN-C", &h.label())));
    }
    step(&mut g, "13TN-C", "2220");
    assert_eq!(loc(&g, "Transport-2"), Loc::TurnTrack);
    // Two MP, the landing hex paid from them (shore to shore, 1): one more shore hex,
    // not a woods hex (2).
    assert!(is_legal(&g, &mv(&g, "13TN-C", "2219")));
    assert!(!is_legal(&g, &mv(&g, "13TN-C", "2120")));
    assert!(g.unit(g.id("13TN-C")).debarked);
    // 3.2.5: at the end of the turn the transport returns to the Columbus dock.
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(at(&g, "Transport-2").as_deref(), Some("3329"));
    assert!(!g.unit(g.id("13TN-C")).debarked);
}

#[test]
fn r11_7_debarking_units_may_enter_a_union_zoc_but_not_pass_through_it() {
    // 30IL-A, unbroken, has a ZOC over 2220.
    let mut g = afloat("2320", ("30IL-A", "2120"));
    assert!(hex("2120").distance(hex("2220")) == 1);
    step(&mut g, "13TN-C", "2220");
    hold_fire(&mut g);
    let c = g.id("13TN-C");
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == c)));
}

#[test]
fn r11_7_the_empty_transports_way_back_is_shown_for_gunboat_fire() {
    let mut g = afloat("2331", ("Tyler", "2325"));
    step(&mut g, "13TN-C", "2231");
    let Some(Frame::NavalOpp { target, firers }) = g.top().cloned() else { panic!("{:?}", g.top()) };
    assert_eq!(target, g.id("Transport-2"));
    act(&mut g, Action::OppFire(firers));
    assert_p(prob1(&g, &|g| damage(g, "Transport-2") >= 1), 1.0 / 6.0);
    act(&mut g, Action::Hits(1));
    assert_eq!(damage(&g, "Transport-2"), 1);
    // When the activation ends it is on the turn track.
    while g.top() == Some(&Frame::Activate) {
        act(&mut g, Action::Done);
    }
    assert_eq!(loc(&g, "Transport-2"), Loc::TurnTrack);
    assert_eq!(g.top(), Some(&Frame::DrawChit));
}

#[test]
fn r11_7_once_one_unit_debarks_the_transport_is_done_moving() {
    let mut g = sailed_to_2320(&["13TN-C", "13TN-D"]);
    step(&mut g, "13TN-C", "2220");
    assert!(sails(&g, "Transport-2").is_empty());
    assert_eq!(at(&g, "Transport-2").as_deref(), Some("2320"));
    // 13TN-D stays aboard to the end of the activation: the transport is held until the
    // regiment's chit next turn.
    while g.top() == Some(&Frame::Activate) && is_legal(&g, &Action::Done) {
        act(&mut g, Action::Done);
        if g.act.is_none() {
            break;
        }
    }
    assert!(g.transports_held.contains(&g.id("Transport-2")));
    let mut c = g.clone();
    c.activate(Side::Confederate, "12TN", Stage::Maneuver);
    assert!(sails(&c, "Transport-2").is_empty());
    // The 13th Tennessee's chit next turn frees it.
    let t13 = chit(&g, Side::Confederate, "13TN");
    only_in_cup(&mut g, &[t13]);
    g.set_stack(vec![Frame::Over, Frame::DrawChit]);
    act(&mut g, Action::Draw(t13));
    assert!(!g.transports_held.contains(&g.id("Transport-2")));
}

#[test]
fn r11_7_no_melee_on_the_turn_a_unit_leaves_a_transport() {
    let mut g = sailed_to_2320(&["13TN-C"]);
    step(&mut g, "13TN-C", "2220");
    // Later the same turn the regiment is activated again at the marker step (a test
    // position): no melee marker may be placed for it.
    g.put("30IL-A", "2219");
    let c = usize::from(g.id("13TN-C"));
    g.units[c].moved = false;
    let mut fresh_unit = g.clone();
    fresh_unit.units[c].debarked = false;
    g.activate(Side::Confederate, "13TN", Stage::Markers);
    fresh_unit.activate(Side::Confederate, "13TN", Stage::Markers);
    assert!(fresh_unit.legal_actions().iter().any(|a| matches!(a, Action::Marker { .. })));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Marker { .. })));
}

// ------------------------------------------------------------------ 11.8 Initial limits

#[test]
fn r11_8_the_first_transport_starts_on_the_turn_track() {
    let mut g = Belmont::after_setup(&[]);
    assert_eq!(loc(&g, "Transport-1"), Loc::TurnTrack);
    for t in ["Transport-2", "Transport-3", "Transport-4", "Transport-5"] {
        assert_eq!(loc(&g, t), Loc::Reserve);
    }
    only_in_cup(&mut g, &[]);
    g.set_stack(vec![Frame::EndTurn]);
    assert_eq!(at(&g, "Transport-1").as_deref(), Some("3329"));
}

/// How many companies of the 13th Tennessee may board Transport-1 on `turn`.
fn capacity(options: &[&str], turn: u8) -> usize {
    let mut g = at_columbus_dock(options, turn);
    put_each(&mut g, &[("13TN-I", "3330"), ("13TN-K", "3330"), ("Wright", "3330")]);
    g.activate(Side::Confederate, "13TN", Stage::Maneuver);
    let n = board_while(&mut g, "Transport-1", |g, unit| !g.is_leader(unit));
    // Leaders are not companies: Wright may still board.
    assert!(boards(&g, "Wright", "Transport-1") || n == 0);
    n
}

#[test]
fn r11_8_transport_capacity_grows_by_turn() {
    for (turn, want) in [(1u8, 0usize), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5)] {
        assert_eq!(capacity(&[], turn), want, "turn {turn}");
    }
}

#[test]
fn r11_8_the_destination_is_the_belmont_dock() {
    let mut g = tn13_on_turn(3, &[("Transport-1", "3329"), ("13TN-C", "3329")]);
    board(&mut g, "13TN-C", "Transport-1");
    let dest = sails(&g, "Transport-1");
    assert!(dest.contains(&"2231".to_string()));
    assert!(!dest.contains(&"2320".to_string()));
    let b = hex("2231");
    assert!(dest.iter().all(|l| hex(l) == b || hex(l).distance(b) == 1 || l == "3329"), "{dest:?}");
    sail(&mut g, "Transport-1", "2331");
    // Debarkation into the Belmont dock hex only.
    assert!(is_legal(&g, &mv(&g, "13TN-C", "2231")));
    assert!(!is_legal(&g, &mv(&g, "13TN-C", "2230")));
}

/// 11.7 with 11.8 (the seventh playtest): a transport that sails onto the Belmont dock hex
/// itself lands its companies there, the dock it lies on; before, they stayed aboard with no
/// way off. Not into the hexes beside the dock (11.8), and Done on the Columbus dock with a
/// loaded transport names 11.7.
#[test]
fn r11_8_a_transport_on_the_belmont_dock_lands_its_companies_there() {
    let mut g = tn13_on_turn(3, &[("Transport-1", "3329"), ("13TN-C", "3329")]);
    board(&mut g, "13TN-C", "Transport-1");
    assert!(!is_legal(&g, &Action::Done));
    let e = engine::Game::why_illegal(&g, &Action::Done);
    assert_eq!(e.rule, "Belmont 11.7", "{e:?}");
    sail(&mut g, "Transport-1", "2231");
    assert!(is_legal(&g, &mv(&g, "13TN-C", "2231")));
    assert!(!is_legal(&g, &mv(&g, "13TN-C", "2131")));
    let land = mv(&g, "13TN-C", "2231");
    act(&mut g, land);
    assert_eq!(g.hex_of(g.id("13TN-C")), Some(hex("2231")));
}

/// 11.7 with 4.0 (the seventh playtest): companies debarked one after another each had 2 MP,
/// and the earlier one's move ended unsaid when the next debarked. The log now says so; a
/// company whose MP are spent ends unremarked.
#[test]
fn r11_7_a_debarked_company_whose_move_ends_as_another_lands_is_named() {
    // `spent`: 13TN-C's MP are used up before 13TN-D lands.
    let named = |spent: bool| {
        let mut g = tn13_on_turn(3, &[("Transport-1", "3329"), ("13TN-C", "3329"), ("13TN-D", "3329")]);
        board(&mut g, "13TN-C", "Transport-1");
        board(&mut g, "13TN-D", "Transport-1");
        sail(&mut g, "Transport-1", "2231");
        let land = mv(&g, "13TN-C", "2231");
        act(&mut g, land);
        if spent {
            let c = usize::from(g.id("13TN-C"));
            g.units[c].mp = 0;
            g.changed();
        }
        let land = mv(&g, "13TN-D", "2231");
        act(&mut g, land);
        g.log()
            .events()
            .iter()
            .any(|e| e.rule == "Belmont 4.0" && e.text.starts_with("13TN-C's move is over as 13TN-D moves"))
    };
    assert!(named(false), "2 MP left unspent: said");
    assert!(!named(true), "nothing left: nothing to say");
}

#[test]
fn r11_8_only_one_transport_before_the_limits_are_lifted() {
    let mut g =
        tn13_on_turn(6, &[("Transport-1", "3329"), ("Transport-2", "3329"), ("13TN-C", "3329"), ("13TN-D", "3329")]);
    board(&mut g, "13TN-C", "Transport-1");
    assert!(!boards(&g, "13TN-D", "Transport-2"));
    assert!(boards(&g, "13TN-D", "Transport-1"));
}

// ------------------------------------------------------------------ 11.9 Union transports

#[test]
fn r11_9_union_units_entering_hunters_farm_dock_leave_the_game_for_no_cs_vp() {
    let mut g = placed(&[("30IL-A", "1905"), ("30IL-B", "2004")]);
    g.set_flipped("30IL-B", true);
    g.put("Fouke", "1905");
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    step(&mut g, "30IL-A", "2005");
    step(&mut g, "30IL-B", "2005");
    step(&mut g, "Fouke", "2005");
    for id in ["30IL-A", "30IL-B", "Fouke"] {
        assert_eq!(loc(&g, id), Loc::Gone(Fate::Embarked), "{id}");
    }
    assert_eq!(g.embarked, [1, 1]);
    assert_eq!(g.vp(), [0.0, 0.0]);
    assert!(logged(&g, "Belmont 11.9", "leaves the game"));
}

// ------------------------------------------------------------------ 12.0 Long-range batteries

fn banks_position(camp_turn: Option<u8>, turn: u8) -> Belmont {
    let mut g = fresh();
    g.turn = turn;
    g.camp_captured = camp_turn;
    put_each(&mut g, &[("Stewart", "3421"), ("PointCoupee", "3422"), ("Hamilton", "3423")]);
    g.put("30IL-A", "2221"); // Missouri, in LOS
    g.put("Tyler", "3220");
    // Something beside 1520 (woods, out of the batteries' sight), so that 1520 is worth
    // a blind shot (reading in iron_banks: aims are hexes with or next to units).
    g.put("31IL-A", &nb("1520", 4));
    g.activate(Side::Confederate, "HQ", Stage::Volley);
    g
}

#[test]
fn r12_0_until_the_camp_falls_the_iron_banks_fire_only_at_gunboats() {
    let g = banks_position(None, 3);
    assert!(volleys_at(&g, "2221").is_empty());
    assert_eq!(volleys_at(&g, "3220").len(), 3);
    // 13.2.2: the restriction is lifted with the end-of-turn functions of the capture
    // turn; the next turn they may fire on Missouri.
    let g = banks_position(Some(3), 3);
    assert!(volleys_at(&g, "2221").is_empty(), "still the capture turn");
    let g = banks_position(Some(3), 4);
    assert_eq!(volleys_at(&g, "2221").len(), 3);
    // 13.1 does not lift it.
    let mut g = banks_position(None, 8);
    g.transport_limits = false;
    assert!(volleys_at(&g, "2221").is_empty());
}

#[test]
fn r12_0_in_los_each_long_range_die_hits_on_the_counters_range() {
    let g = banks_position(Some(3), 4);
    for (from, id, hit_on) in [("3421", "Stewart", 4u8), ("3422", "PointCoupee", 5)] {
        let mut c = g.clone();
        let a = volleys_at(&c, "2221")
            .into_iter()
            .find(|a| matches!(a, Action::Volley { from: f, .. } if f.label() == from))
            .unwrap();
        act(&mut c, a);
        let Some(Frame::Volley { dice, .. }) = c.top().cloned() else { panic!() };
        let sp = usize::from(c.counter(c.id(id)).sp);
        assert_eq!(dice.len(), sp);
        assert!(dice.iter().all(|d| *d == belmont::VolleyDie::Battery { unit: c.id(id), hit_on }));
        assert_p(prob1(&c, &|g| flipped(g, "30IL-A")), f64::from(7 - hit_on) / 6.0);
    }
}

#[test]
fn r12_0_ordinary_batteries_reach_14_hexes_long_range_ones_36() {
    let mut g = camp_fallen(3, 4, &[("Hamilton", "3421"), ("Stewart", "3422")]);
    // A gunboat far down the river, in LOS across the water, 15-36 hexes away.
    let far = g
        .map()
        .river_hexes_of_section(6)
        .into_iter()
        .find(|h| (15..=36).contains(&h.distance(hex("3421"))) && h.distance(hex("3422")) <= 36)
        .unwrap();
    g.put("Tyler", &far.label());
    g.activate(Side::Confederate, "HQ", Stage::Volley);
    let v = volleys_at(&g, &far.label());
    assert!(v.iter().all(|a| matches!(a, Action::Volley { from, .. } if from.label() == "3422")), "{v:?}");
}

// ------------------------------------------------------------------ 12.1 Outside LOS

/// After the camp has fallen (turn 4), Stewart fires outside LOS at 1520, where 30IL-B
/// stands; the dice land blue 1 and gray `gray` (12.1).
fn blind_shot_at_30il_b(gray: u8) -> Belmont {
    let mut g = banks_position(Some(3), 4);
    g.put("30IL-B", "1520");
    bombard(&mut g, "Stewart", "1520");
    roll_pair(&mut g, 1, gray);
    g
}

fn bombards(g: &Belmont, battery: &str) -> Vec<String> {
    unit_targets(g, battery, false)
}

#[test]
fn r12_1_long_range_batteries_fire_outside_los_only_after_the_camp_falls() {
    let g = banks_position(None, 4);
    assert!(bombards(&g, "Stewart").is_empty());
    let g = banks_position(Some(3), 3);
    assert!(bombards(&g, "Stewart").is_empty(), "13.2.2: from the end of the capture turn");
    let g = banks_position(Some(3), 4);
    let b = bombards(&g, "Stewart");
    assert!(b.contains(&"1520".to_string()), "a woods hex out of sight");
    assert!(b.contains(&nb("1520", 4)), "31IL-A's hex, out of sight");
    assert!(!b.contains(&"2221".to_string()), "in LOS: an ordinary volley");
    assert!(!bombards(&g, "PointCoupee").is_empty());
    assert!(bombards(&g, "Hamilton").is_empty(), "not a long-range battery");
}

#[test]
fn r12_1_the_gray_die_lands_the_shot_on_5_6_else_one_hex_toward_the_blue() {
    let mut g = banks_position(Some(3), 4);
    bombard(&mut g, "Stewart", "1520");
    assert_eq!(g.prompt().rule, "Belmont 12.1");
    assert_pair(&g);
    for blue in 1..=6 {
        for gray in 1..=6 {
            let mut c = g.clone();
            roll_pair(&mut c, blue, gray);
            let landed = if gray >= 5 { "1520".to_string() } else { nb("1520", blue) };
            assert!(logged(&c, "Belmont 12.1", &format!("lands on {landed}")), "blue {blue} gray {gray}");
            // An empty hex: the fire is ineffective; on 31IL-A's hex, one die.
            let occupied = landed == nb("1520", 4);
            assert_eq!(logged(&c, "Belmont 12.1", "ineffective"), !occupied, "blue {blue} gray {gray}");
            assert_eq!(matches!(c.top(), Some(Frame::Volley { .. })), occupied);
        }
    }
}

#[test]
fn r12_1_units_in_the_hex_take_one_die_hitting_on_a_six() {
    let g = blind_shot_at_30il_b(5);
    assert_d6(&g);
    assert_p(prob(&g, &|g| flipped(g, "30IL-B")), 1.0 / 6.0);
    // One die for the hex, whatever the battery's SP (Stewart's is 3).
    let mut miss = g.clone();
    roll(&mut miss, 5);
    assert_ne!(miss.actor(), Actor::Chance, "{:?}", miss.top());
    assert!(!flipped(&miss, "30IL-B"));
    // The battery's own units are hit too if the shot lands on them.
    let mut g = banks_position(Some(3), 4);
    g.put("13AR-A", &nb("1520", 2));
    bombard(&mut g, "Stewart", "1520");
    roll_pair(&mut g, 2, 1);
    assert_p(prob(&g, &|g| flipped(g, "13AR-A")), 1.0 / 6.0);
}

#[test]
fn r12_1_leaders_in_the_hex_each_take_one_casualty_check() {
    // Leaders alone: a check each, no hit die.
    let mut g = banks_position(Some(3), 4);
    put_each(&mut g, &[("Fouke", "1520"), ("Logan", "1520")]);
    bombard(&mut g, "Stewart", "1520");
    roll_pair(&mut g, 1, 6);
    assert!(matches!(g.top(), Some(Frame::Casualty { .. })));
    assert_p(prob(&g, &|g| flipped(g, "Fouke")), 1.0 / 6.0);
    assert_p(prob(&g, &|g| flipped(g, "Logan")), 1.0 / 6.0);
    // With a company: still one check per leader (5.1: one per hex per activation).
    let mut g = banks_position(Some(3), 4);
    put_each(&mut g, &[("Fouke", "1520"), ("30IL-B", "1520")]);
    bombard(&mut g, "Stewart", "1520");
    roll_pair(&mut g, 1, 6);
    let mut checks = 0;
    let mut c = g.clone();
    while c.actor() == Actor::Chance {
        if matches!(c.top(), Some(Frame::Casualty { .. })) {
            checks += 1;
        }
        let (a, _) = c.chance_outcomes()[1].clone(); // always a 2: nothing dramatic
        c.apply(&a).unwrap();
    }
    assert_eq!(checks, 1);
}

#[test]
fn r12_1_a_shot_outside_los_is_the_batterys_volley() {
    let mut g = banks_position(Some(3), 4);
    bombard(&mut g, "Stewart", "1520");
    roll_pair(&mut g, 1, 6); // empty: ineffective
    assert_eq!(g.top(), Some(&Frame::Activate));
    assert!(bombards(&g, "Stewart").is_empty());
    assert!(!volleys_at(&g, "2221").iter().any(|a| matches!(a, Action::Volley { from, .. } if from.label() == "3421")));
    assert!(!volleys_at(&g, "3220").iter().any(|a| matches!(a, Action::Volley { from, .. } if from.label() == "3421")));
}

// ------------------------------------------------------------------ 12.2 Catastrophic failure

fn volley_from(g: &mut Belmont, from: &str, target: &str) {
    let a = volleys_at(g, target)
        .into_iter()
        .find(|a| matches!(a, Action::Volley { from: f, .. } if f.label() == from))
        .expect("volley");
    act(g, a);
}

#[test]
fn r12_2_stewart_is_destroyed_by_a_one_and_fires_no_more() {
    let mut g = banks_position(None, 3);
    volley_from(&mut g, "3421", "3220");
    assert_p(prob1(&g, &|g| loc(g, "Stewart") == Loc::Gone(Fate::Eliminated)), 1.0 / 6.0);
    roll(&mut g, 1);
    assert_eq!(loc(&g, "Stewart"), Loc::Gone(Fate::Eliminated));
    assert!(logged(&g, "Belmont 12.2", "Stewart"));
    assert_ne!(g.actor(), Actor::Chance, "its other dice are not rolled: {:?}", g.top());
    assert_eq!(g.vp(), [0.0, 0.0], "no VP for a battery that blows itself up");
}

#[test]
fn r12_2_point_coupee_is_reduced_by_its_first_one_then_destroyed() {
    let mut g = banks_position(None, 3);
    volley_from(&mut g, "3422", "3220");
    roll(&mut g, 1);
    assert!(flipped(&g, "PointCoupee"));
    assert!(g.in_play(g.id("PointCoupee")));
    assert!(logged(&g, "Belmont 12.2", "explodes and is reduced"), "the log says what it did");
    let mut c = g.clone();
    if c.actor() == Actor::Chance {
        roll(&mut c, 1);
        assert_eq!(loc(&c, "PointCoupee"), Loc::Gone(Fate::Eliminated));
    }
    // A later volley: a second 1 destroys it.
    let mut g = banks_position(None, 3);
    g.set_flipped("PointCoupee", true);
    volley_from(&mut g, "3422", "3220");
    roll(&mut g, 1);
    assert_eq!(loc(&g, "PointCoupee"), Loc::Gone(Fate::Eliminated));
    assert!(logged(&g, "Belmont 12.2", "explodes and is destroyed"));
}

#[test]
fn r12_2_other_batteries_do_not_fail() {
    let mut g = banks_position(None, 3);
    volley_from(&mut g, "3423", "3220");
    roll(&mut g, 1);
    assert!(g.in_play(g.id("Hamilton")) && !flipped(&g, "Hamilton"));
}

#[test]
fn r12_2_the_blind_shots_die_can_fail_too() {
    let mut g = blind_shot_at_30il_b(6);
    roll(&mut g, 1);
    assert_eq!(loc(&g, "Stewart"), Loc::Gone(Fate::Eliminated));
}

/// 12.2 on the page (the ninth playtest: nothing marked the risk): a volley with Stewart or
/// Point Coupee among its firers warns, with the chance, before it is fired; Hamilton's
/// does not, and the two batteries' counters carry the status.
#[test]
fn r12_2_a_volley_that_risks_catastrophic_failure_warns_first() {
    let g = banks_position(None, 3);
    let warning = |from: &str| {
        let a = volleys_at(&g, "3220")
            .into_iter()
            .find(|a| matches!(a, Action::Volley { from: f, .. } if f.label() == from))
            .expect("volley");
        g.action_view(&a).warning
    };
    let stewart = warning("3421").expect("Stewart warns");
    assert!(
        stewart.contains("Belmont 12.2") && stewart.contains("Stewart") && stewart.contains("destroyed"),
        "{stewart}"
    );
    assert!(stewart.contains('%'), "{stewart}");
    let coupee = warning("3422").expect("Point Coupee warns");
    assert!(coupee.contains("reduced"), "{coupee}");
    assert_eq!(warning("3423"), None, "Hamilton cannot fail so");
    let board = g.board();
    let status = |id: &str| board.counters.iter().find(|c| c.id == id).map(|c| c.status.clone()).unwrap();
    assert!(status("Stewart").contains(&"explodes on a 1".to_string()));
    assert!(!status("Hamilton").contains(&"explodes on a 1".to_string()));
    // The blind shot's one die (12.1) warns too.
    let mut b = banks_position(Some(3), 4);
    b.put("30IL-B", "1520");
    let shot = b.legal_actions().into_iter().find(|a| matches!(a, Action::Bombard { .. })).expect("a blind shot");
    assert!(b.action_view(&shot).warning.is_some_and(|w| w.contains("17%")));
}

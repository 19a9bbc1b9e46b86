//! Position tests for Belmont 7.0-7.2 (hits, broken and reduced units, casualty
//! checks) and 8.0-8.7 (retreat). Each test names the rule it checks; rule text is
//! cited by number only.

mod common;

use belmont::map::Region;
use belmont::{Action, Belmont, Fate, Frame, MStage, RetreatState, Stage};
use common::*;
use engine::{Actor, Game, Side};
use hexmap::Hex;

// ------------------------------------------------------------------------------------
// Helpers local to these sections.

/// A fresh position with an activation of the other side under way (so a procedure
/// pushed on top returns to it).
fn quiet(side: Side) -> Belmont {
    let mut g = fresh();
    // The side's army leader far away keeps the maneuver step open.
    g.put(if side == Side::Union { "Grant" } else { "Polk" }, "0142");
    g.activate(side, "HQ", Stage::Maneuver);
    g
}

/// Starts the 8.3 choice of who retreats from `hex` (as a volley's retreat result does).
fn retreat_from(g: &mut Belmont, hex: Hex, side: Side) {
    g.push_frame(Frame::ChooseRetreater { hex, side, entry: None, among: None });
}

/// Starts the 8.3 choice of who retreats from `hex` and picks `id`; returns its unit.
fn start_retreat(g: &mut Belmont, hex: Hex, side: Side, id: &str) -> u16 {
    retreat_from(g, hex, side);
    let u = g.id(id);
    act(g, Action::Retreater(u));
    u
}

/// [`quiet`] for `side` with `id` placed at `label`; returns the position and the hex.
fn quiet_at(side: Side, id: &str, label: &str) -> (Belmont, Hex) {
    let mut g = quiet(side);
    let h = hex(label);
    g.put(id, &h.label());
    (g, h)
}

/// [`quiet`] for the Confederates with 27IL-A on the [`point`]; returns the position and
/// the point's hexes.
fn on_point() -> (Belmont, Hex, Hex, Hex) {
    let (p, a, b) = point();
    let mut g = quiet(Side::Confederate);
    g.put("27IL-A", &p.label());
    (g, p, a, b)
}

/// Applies each pending hit to the first unit offered.
fn take_first_hits(g: &mut Belmont) {
    while let Some(Frame::Hit { .. }) = g.top() {
        let x = g.legal_actions()[0].clone();
        act(g, x);
    }
}

/// Whether unit `w` may be moved now.
fn can_move(g: &Belmont, w: u16) -> bool {
    g.legal_actions().iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == w))
}

/// The hexes offered for the pending retreat step.
fn retreat_options(g: &Belmont) -> Vec<Hex> {
    let mut v: Vec<Hex> = g
        .legal_actions()
        .into_iter()
        .map(|a| match a {
            Action::RetreatTo(h) => h,
            other => panic!("expected RetreatTo, got {other:?}"),
        })
        .collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<Hex>) -> Vec<Hex> {
    v.sort();
    v
}

/// Distance to the Confederate retreat goal (8.2): the nearest river hex of sections 3-6.
fn cs_goal(h: Hex) -> u16 {
    (3..=6).flat_map(|s| map().river_hexes_of_section(s)).map(|r| r.distance(h)).min().unwrap()
}

/// 2309: a woods point on the bank whose only land neighbours are 2209 and 2310.
fn point() -> (Hex, Hex, Hex) {
    let p = hex("2309");
    let land: Vec<Hex> = p.neighbours().into_iter().filter(|&n| map().is_land(n)).collect();
    assert_eq!(sorted(land), sorted(vec![hex("2209"), hex("2310")]));
    (p, hex("2209"), hex("2310"))
}

// ------------------------------------------------------------------------------------
// 7.0 Combat Results: the order hits are applied in

#[test]
fn rule_7_0_unbroken_before_broken_before_artillery_before_damaged_artillery() {
    // Three infantry dice at range 1.
    let (mut g, _) =
        union_volley("27IL", &["27IL-A", "Taylor-1"], "0332", &["13AR-A", "13AR-C", "Watson-A"], &["13AR-C"]);
    roll(&mut g, 6);
    assert!(flipped(&g, "13AR-A"), "the only unbroken company takes the first hit");
    assert!(!flipped(&g, "Watson-A"));
    roll(&mut g, 6);
    // Two broken companies: the owner chooses.
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    assert_eq!(rule(&g), "Belmont 7.0");
    let (ua, uc) = (g.id("13AR-A"), g.id("13AR-C"));
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, vec![Action::TakeHit(ua), Action::TakeHit(uc)]);
    let w = g.id("Watson-A");
    assert_refused(&mut g, &Action::TakeHit(w));
    act(&mut g, Action::TakeHit(uc));
    assert!(gone(&g, "13AR-C"));
    roll(&mut g, 6);
    assert!(gone(&g, "13AR-A"));
    assert!(!flipped(&g, "Watson-A"), "the battery has not been reached");
    assert!(g.in_play(g.id("Watson-A")));
}

#[test]
fn rule_7_0_artillery_takes_hits_only_after_the_companies() {
    // Range 2: 6 hits.
    let (mut g, _) = union_volley("HQ", &["Taylor-1"], "0333", &["Watson-A", "Watson-B"], &["Watson-B"]);
    roll(&mut g, 6);
    assert!(flipped(&g, "Watson-A"), "full-strength artillery before reduced artillery");
    assert!(!gone(&g, "Watson-B"));
    roll(&mut g, 6);
    assert_eq!(rule(&g), "Belmont 7.0", "two reduced batteries: the owner chooses");
    let b = g.id("Watson-B");
    act(&mut g, Action::TakeHit(b));
    assert!(gone(&g, "Watson-B"));
    assert_eq!(g.vp(), [0.0, 0.0], "14.1 scores companies, not batteries");
    assert_logged(&g, "Belmont 7.1", "Watson-B is destroyed");
}

#[test]
fn rule_7_0_no_hits_on_leaders() {
    let (mut g, _) = union_volley("30IL", &["30IL-H"], "0332", &["Pillow"], &[]);
    roll(&mut g, 6);
    assert!(!flipped(&g, "Pillow"), "a hit is not applied to a leader");
    assert!(matches!(g.top(), Some(Frame::Casualty { .. })), "the leader checks instead (7.2)");
}

#[test]
fn rule_7_0_melee_hits_go_to_the_losing_side_with_owner_choice() {
    let (mut g, _, _) = melee_0333(Side::Union, "31IL", &["13AR-H"], &["31IL-A", "31IL-B"], &["13AR-H"]);
    rolls(&mut g, &[1, 6]); // 2 + 2 + 1 = 5 against 1 + 6 = 7
    assert_eq!(g.actor(), Actor::Side(Side::Union), "the attacker assigns its own hit");
    let b = g.id("31IL-B");
    act(&mut g, Action::TakeHit(b));
    assert!(flipped(&g, "31IL-B") && !flipped(&g, "31IL-A"));
}

// ------------------------------------------------------------------------------------
// 7.1 Broken and Reduced Units

#[test]
fn rule_7_1_first_hit_flips_second_eliminates_for_2_vp() {
    let (mut g, _) = union_volley("27IL", &["27IL-A"], "0332", &["12TN-A"], &[]);
    roll(&mut g, 6);
    assert!(flipped(&g, "12TN-A") && !gone(&g, "12TN-A"));
    assert_eq!(g.sp(g.id("12TN-A")), g.counter(g.id("12TN-A")).sp_reverse);
    assert_logged(&g, "Belmont 7.1", "12TN-A is broken");
    roll(&mut g, 6);
    assert_eq!(fate(&g, "12TN-A"), Some(Fate::Eliminated));
    assert_eq!(g.vp(), [2.0, 0.0]);
    assert_logged(&g, "Belmont 14.1", "12TN-A is eliminated: 2 VP");
}

#[test]
fn rule_7_1_cavalry_breaks_and_is_eliminated_like_infantry() {
    let (mut g, _) = union_volley("27IL", &["27IL-A"], "0332", &["MSCAV-A"], &[]);
    rolls(&mut g, &[6, 6]);
    assert!(gone(&g, "MSCAV-A"));
    assert_eq!(g.vp(), [2.0, 0.0]);
}

#[test]
fn rule_7_1_artillery_is_reduced_then_destroyed() {
    let (mut g, _) = union_volley("27IL", &["27IL-A"], "0332", &["Watson-A"], &[]);
    roll(&mut g, 6);
    assert!(flipped(&g, "Watson-A"));
    assert_eq!(g.sp(g.id("Watson-A")), 2, "reduced side");
    assert_logged(&g, "Belmont 7.1", "Watson-A is reduced");
    roll(&mut g, 6);
    assert_eq!(fate(&g, "Watson-A"), Some(Fate::Eliminated));
}

// ------------------------------------------------------------------------------------
// 7.2 Casualty Check

fn check(id: &str, wounded: bool, d: u8) -> Belmont {
    let mut g = quiet(Side::Union);
    g.put(id, "0331");
    g.set_flipped(id, wounded);
    let l = g.id(id);
    g.push_frame(Frame::Casualty { leader: l });
    assert_eq!(rule(&g), "Belmont 7.2");
    assert_d6(&g);
    roll(&mut g, d);
    g
}

#[test]
fn rule_7_2_a_healthy_leader_is_wounded_on_a_6() {
    for d in 1..=5 {
        let g = check("Pillow", false, d);
        assert!(!flipped(&g, "Pillow") && !gone(&g, "Pillow"), "roll {d}");
    }
    let g = check("Pillow", false, 6);
    assert!(flipped(&g, "Pillow") && !gone(&g, "Pillow"));
    assert_eq!(g.vp(), [0.0, 0.0], "wounds score only at the end (14.4)");
    assert_logged(&g, "Belmont 7.2", "Pillow is wounded");
}

#[test]
fn rule_7_2_a_wounded_leader_is_killed_on_5_or_6() {
    for d in 1..=4 {
        let g = check("Pillow", true, d);
        assert!(!gone(&g, "Pillow"), "roll {d}");
    }
    for d in 5..=6 {
        let g = check("Pillow", true, d);
        assert_eq!(fate(&g, "Pillow"), Some(Fate::Killed), "roll {d}");
    }
}

#[test]
fn rule_7_2_killed_leaders_score_by_rank() {
    // 14.1: regiment leader 3, brigade leader 4, army leader 5.
    assert_eq!(check("Russel", true, 6).vp(), [3.0, 0.0]);
    assert_eq!(check("Pillow", true, 6).vp(), [4.0, 0.0]);
    assert_eq!(check("Polk", true, 6).vp(), [5.0, 0.0]);
    assert_eq!(check("Grant", true, 5).vp(), [0.0, 5.0]);
    assert_eq!(check("Logan", true, 5).vp(), [0.0, 3.0]);
    let g = check("Polk", true, 6);
    assert_logged(&g, "Belmont 7.2", "Polk is killed");
    assert_logged(&g, "Belmont 14.1", "Polk lost: 5 VP");
}

#[test]
fn rule_7_2_leader_in_the_melee_hex_checks_at_the_conclusion() {
    let (mut g, _, _) = melee_0333(Side::Union, "31IL", &["13AR-A", "Tappan"], &["31IL-A", "31IL-B"], &[]);
    rolls(&mut g, &[1, 1]); // defensive fire misses
    rolls(&mut g, &[1, 6]); // 5 against 2 + 1 + 6 = 9: two hits on the attackers
    let a = g.id("31IL-A");
    act(&mut g, Action::TakeHit(a));
    // Both attackers broken or gone; the round goes on.
    take_first_hits(&mut g);
    // Retreat: the attackers fall back; the defenders hold and Tappan checks once.
    if melee_stage(&g) == Some(MStage::AttContinue) {
        act(&mut g, Action::Continue(false));
    }
    hold_fire(&mut g);
    assert!(matches!(g.top(), Some(Frame::Casualty { leader }) if *leader == g.id("Tappan")), "{:?}", g.top());
}

#[test]
fn rule_7_2_attacking_leader_retreating_from_the_melee_checks() {
    // 13AR-H is broken: no defensive fire.
    let (mut g, entry, t) = melee_0333(Side::Union, "31IL", &["13AR-H"], &["31IL-A", "Logan"], &["13AR-H"]);
    rolls(&mut g, &[1, 1]); // 2 + 1 + 1 = 4 against 1 + 1 = 2: one hit, 13AR-H eliminated
    // Melee over; Logan checks at the conclusion in the melee hex.
    assert!(matches!(g.top(), Some(Frame::Casualty { leader }) if *leader == g.id("Logan")));
    // The same position with the attackers retreating after a round.
    let mut g = placed(&[("13AR-A", t), ("13AR-B", t), ("31IL-A", entry), ("Logan", entry)]);
    attack(&mut g, Side::Union, "31IL", entry, t, &["31IL-A", "Logan"]);
    rolls(&mut g, &[1, 1, 1, 1]); // defensive fire misses
    roll(&mut g, 1); // Logan's check under defensive fire
    rolls(&mut g, &[4, 1]); // 2 + 1 + 4 = 7 against 4 + 1 = 5: one hit
    let b = g.id("13AR-B");
    act(&mut g, Action::TakeHit(b));
    act(&mut g, Action::Continue(false));
    assert_eq!(at(&g, "Logan"), Some(entry));
    assert!(matches!(g.top(), Some(Frame::Casualty { leader }) if *leader == g.id("Logan")), "{:?}", g.top());
}

#[test]
fn rule_7_2_defending_leader_retreating_from_the_melee_checks() {
    let (mut g, _, _) = melee_0333(Side::Union, "31IL", &["13AR-A", "Tappan"], &["31IL-A", "31IL-B"], &[]);
    rolls(&mut g, &[1, 1]); // defensive fire misses
    rolls(&mut g, &[1, 1]); // 5 against 2 + 1 + 1 = 4: one hit
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(false)); // the defender retreats
    act(&mut g, Action::Accompany(true)); // Tappan goes along (8.1)
    let to = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(to));
    hold_fire(&mut g);
    assert_eq!(at(&g, "Tappan"), Some(to));
    let tappan = g.id("Tappan");
    let checks_pending = g.frames().iter().any(|f| matches!(f, Frame::Casualty { leader } if *leader == tappan));
    assert!(checks_pending, "7.2: retreating from a melee hex as the result of melee: {:?}", g.frames());
}

// ------------------------------------------------------------------------------------
// 8.0 Retreat: distances

#[test]
fn rule_8_0_infantry_retreats_one_hex() {
    let (mut g, h) = quiet_at(Side::Confederate, "27IL-A", "0432");
    retreat_from(&mut g, h, Side::Union);
    assert_eq!(rule(&g), "Belmont 8.3");
    let u = g.id("27IL-A");
    act(&mut g, Action::Retreater(u));
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.left == 1));
    let to = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(to));
    assert_eq!(g.hex_of(u), Some(to));
    assert!(!matches!(g.top(), Some(Frame::Retreat(_))), "one hex only");
    assert!(g.unit(u).shaken, "5.2/5.3: it has retreated this activation");
}

#[test]
fn rule_8_0_cavalry_and_cavalry_leaders_retreat_two_hexes() {
    let (mut g, h) = quiet_at(Side::Union, "MSCAV-A", "0432");
    g.put("Miller", &h.label());
    let u = start_retreat(&mut g, h, Side::Confederate, "MSCAV-A");
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.left == 2 && r.ask_leaders));
    act(&mut g, Action::Accompany(true));
    let first = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(first));
    let second = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(second));
    assert_eq!(g.hex_of(u), Some(second));
    assert_eq!(at(&g, "Miller"), Some(second));
    assert_eq!(h.distance(second), 2, "8.2: two hexes toward the goal");
}

#[test]
fn rule_8_0_artillery_does_not_retreat() {
    let (mut g, t) = union_volley("30IL", &["30IL-H"], "0332", &["Watson-A"], &[]);
    roll(&mut g, 5); // a retreat result
    assert_eq!(at(&g, "Watson-A"), Some(t));
    assert!(!matches!(g.top(), Some(Frame::Retreat(_)) | Some(Frame::ChooseRetreater { .. })));
}

#[test]
fn rule_8_0_a_retreat_result_moves_a_company_not_the_battery() {
    let (mut g, _) = union_volley("30IL", &["30IL-H"], "0332", &["Watson-A", "13AR-A"], &[]);
    roll(&mut g, 5);
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.unit == g.id("13AR-A")));
}

#[test]
fn rule_8_0_no_retreat_into_the_river_or_off_the_board() {
    let (mut g, p, a, b) = on_point();
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    assert!(retreat_options(&g).iter().all(|h| *h == a || *h == b));
    // The map corner 0101: only its two on-board neighbours.
    let mut g = quiet(Side::Union);
    g.put("13AR-A", "0101");
    start_retreat(&mut g, hex("0101"), Side::Confederate, "13AR-A");
    assert!(retreat_options(&g).iter().all(|h| map().get(*h).is_some()));
}

// ------------------------------------------------------------------------------------
// 8.1 Retreating Leaders

#[test]
fn rule_8_1_leaders_may_go_with_the_retreating_unit_or_stay() {
    for go_along in [true, false] {
        let mut g = quiet(Side::Confederate);
        let h = hex("0432");
        put_at(&mut g, &[("27IL-A", h), ("Buford", h), ("McClernand", h)]);
        retreat_from(&mut g, h, Side::Union);
        let u = g.id("27IL-A");
        act(&mut g, Action::Retreater(u));
        assert_eq!(g.legal_actions(), vec![Action::Accompany(true), Action::Accompany(false)]);
        act(&mut g, Action::Accompany(go_along));
        let to = retreat_options(&g)[0];
        act(&mut g, Action::RetreatTo(to));
        let expect = if go_along { to } else { h };
        assert_eq!(at(&g, "Buford"), Some(expect));
        assert_eq!(at(&g, "McClernand"), Some(expect));
    }
}

#[test]
fn rule_8_1_leaders_never_count_as_friendlies_to_avoid() {
    let (mut g, h) = quiet_at(Side::Confederate, "27IL-A", "0432");
    let dock = map().hunters_farm_dock;
    let best = h.neighbours().into_iter().min_by_key(|n| n.distance(dock)).unwrap();
    g.put("Grant", &best.label());
    start_retreat(&mut g, h, Side::Union, "27IL-A");
    assert!(retreat_options(&g).contains(&best));
}

// ------------------------------------------------------------------------------------
// 8.2 Retreat Direction

#[test]
fn rule_8_2_union_retreats_toward_hunters_farm_dock() {
    let (mut g, h) = quiet_at(Side::Confederate, "27IL-A", "0432");
    start_retreat(&mut g, h, Side::Union, "27IL-A");
    let dock = map().hunters_farm_dock;
    let toward: Vec<Hex> = h.neighbours().into_iter().filter(|n| n.distance(dock) < h.distance(dock)).collect();
    assert!(!toward.is_empty());
    assert_eq!(retreat_options(&g), sorted(toward));
}

#[test]
fn rule_8_2_confederates_retreat_toward_river_sections_3_to_6() {
    let (mut g, h) = quiet_at(Side::Union, "13AR-A", "0432");
    start_retreat(&mut g, h, Side::Confederate, "13AR-A");
    let toward: Vec<Hex> = h.neighbours().into_iter().filter(|&n| cs_goal(n) < cs_goal(h)).collect();
    assert!(!toward.is_empty());
    assert_eq!(retreat_options(&g), sorted(toward));
}

#[test]
fn rule_8_2_confederates_in_kentucky_retreat_toward_columbus() {
    let mut g = quiet(Side::Union);
    let h = hex("3424"); // Kentucky, just below the entrenchments
    assert_eq!(info(h).region, Region::Kentucky);
    g.put("13TN-C", &h.label());
    start_retreat(&mut g, h, Side::Confederate, "13TN-C");
    let dock = map().columbus_dock;
    for to in retreat_options(&g) {
        assert!(to.distance(dock) < h.distance(dock), "{to}");
    }
}

#[test]
fn rule_8_2_a_different_direction_may_avoid_friendlies_but_need_not() {
    // Every hex toward the dock holds friendlies: the owner may turn aside to a free hex
    // (8.2 "may"), or keep to the goal through his friendlies (then 8.5's rolls).
    let (mut g, h) = quiet_at(Side::Confederate, "27IL-A", "0432");
    let dock = map().hunters_farm_dock;
    let toward: Vec<Hex> = h.neighbours().into_iter().filter(|n| n.distance(dock) < h.distance(dock)).collect();
    let fill = ["30IL-A", "30IL-B", "30IL-C"];
    for (i, t) in toward.iter().enumerate() {
        g.put(fill[i], &t.label());
    }
    start_retreat(&mut g, h, Side::Union, "27IL-A");
    let opts = retreat_options(&g);
    for t in &toward {
        assert!(opts.contains(t), "toward the goal through friendlies is allowed: {opts:?}");
    }
    assert!(opts.iter().any(|o| !toward.contains(o)), "and a free hex aside: {opts:?}");
    // Taking the goal-ward hex: its stationary company rolls (8.5).
    act(&mut g, Action::RetreatTo(toward[0]));
    assert!(matches!(g.top(), Some(Frame::BreakRoll { .. })), "{:?}", g.top());
}

#[test]
fn rule_8_2_opportunity_fire_is_preferred_to_friendlies() {
    let (mut g, p, a, b) = on_point();
    g.put("30IL-A", &a.label()); // friendlies in 2209
    // 2310 is open but in the ZOC of a Confederate company beyond it.
    let beyond = b.neighbours().into_iter().find(|&n| map().is_land(n) && n.distance(p) == 2).unwrap();
    g.put("13AR-A", &beyond.label());
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    assert_eq!(retreat_options(&g), vec![b]);
    act(&mut g, Action::RetreatTo(b));
    assert!(matches!(g.top(), Some(Frame::OppOffer { .. })), "5.2: a retreat into a ZOC draws fire");
}

// ------------------------------------------------------------------------------------
// 8.3 Retreat from Volley or Defensive Fire

#[test]
fn rule_8_3_a_broken_unit_retreats_before_an_unbroken_one() {
    let (mut g, _) = union_volley("30IL", &["30IL-H"], "0332", &["13AR-A", "13AR-B", "13AR-C"], &["13AR-B"]);
    roll(&mut g, 5);
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.unit == g.id("13AR-B")), "{:?}", g.top());
}

#[test]
fn rule_8_3_the_owner_chooses_among_equals() {
    let (mut g, _) = union_volley("30IL", &["30IL-H"], "0332", &["13AR-A", "13AR-B"], &[]);
    roll(&mut g, 5);
    assert_eq!(rule(&g), "Belmont 8.3");
    assert_eq!(g.actor(), Actor::Side(Side::Confederate));
    let (ua, ub) = (g.id("13AR-A"), g.id("13AR-B"));
    let mut legal = g.legal_actions();
    legal.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(legal, vec![Action::Retreater(ua), Action::Retreater(ub)]);
    act(&mut g, Action::Retreater(ub));
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.unit == ub));
}

#[test]
fn rule_8_3_one_unit_retreats_per_result() {
    let (mut g, t) = union_volley("30IL", &["30IL-H"], "0332", &["13AR-A", "13AR-B"], &[]);
    roll(&mut g, 5);
    let ua = g.id("13AR-A");
    act(&mut g, Action::Retreater(ua));
    let to = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(to));
    hold_fire(&mut g);
    assert_eq!(at(&g, "13AR-B"), Some(t));
}

// ------------------------------------------------------------------------------------
// 8.4 Leaving Melee Hex

#[test]
fn rule_8_4_attackers_fall_back_to_the_entry_hex_then_retreat_normally_if_overstacked() {
    let mut g = fresh();
    let (entry, t) = (hex("0332"), hex("0333"));
    put_at(&mut g, &[("13AR-A", t), ("31IL-A", entry)]);
    mark(&mut g, Side::Union, "31IL", entry, t);
    go(&mut g, "31IL-A", t);
    // Meanwhile the entry hex fills up (three other companies, as in a maneuver).
    put_all(&mut g, &["30IL-A", "30IL-B", "30IL-C"], entry);
    to_melees(&mut g);
    act(&mut g, Action::Resolve(0));
    roll(&mut g, 5); // defensive fire: a retreat result
    assert_eq!(at(&g, "31IL-A"), Some(entry));
    // 8.5: the three companies it fell back into roll first (see the 8.4 tests below).
    for _ in 0..3 {
        assert!(matches!(g.top(), Some(Frame::BreakRoll { .. })), "{:?}", g.top());
        roll(&mut g, 1);
    }
    // Over-stacked in the entry hex: one more hex, determined normally.
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.unit == g.id("31IL-A")), "{:?}", g.top());
    let to = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(to));
    assert_eq!(to.distance(entry), 1);
    assert_eq!(g.stack_count(entry), 3);
}

/// 31IL-A and 31IL-B attack 13AR-A at 0333 from 0332, where the stationary 30IL-A (and
/// 30IL-B if `two`) stand; the melee is chosen, its defensive fire (two dice) pending.
fn melee_beside_friendlies(two: bool) -> Belmont {
    let mut g = fresh();
    let (entry, t) = (hex("0332"), hex("0333"));
    put_at(&mut g, &[("13AR-A", t), ("31IL-A", entry)]);
    if two {
        g.put("30IL-B", &entry.label());
    } else {
        g.put("31IL-B", &entry.label());
    }
    g.put("30IL-A", &entry.label());
    mark(&mut g, Side::Union, "31IL", entry, t);
    go(&mut g, "31IL-A", t);
    if !two {
        go(&mut g, "31IL-B", t);
    }
    to_melees(&mut g);
    act(&mut g, Action::Resolve(0));
    g
}

#[test]
fn rule_8_4_falling_back_into_the_entry_hex_rolls_for_its_stationary_companies() {
    // Defensive fire sends 31IL-A back to 0332: 30IL-A and 30IL-B, stationary there,
    // each roll one die, a 6 breaking (8.5). With no attacker left the melee is over.
    let mut g = melee_beside_friendlies(true);
    roll(&mut g, 5);
    assert_eq!(at(&g, "31IL-A"), Some(hex("0332")));
    let rolled = break_rolls(&mut g, &["30IL-A", "30IL-B"]);
    assert_eq!(rolled.iter().filter(|&&x| g.unit(x).flipped).count(), 1);
    assert_logged(&g, "Belmont 8.5", "breaks");
    assert_logged(&g, "Belmont 6.0", "Melee at 0333 resolved");
    assert!(!logged(&g, "Belmont 6.1", "Melee round"));
}

#[test]
fn rule_8_4_attackers_falling_back_are_one_group_and_earlier_retreaters_do_not_roll() {
    let mut g = melee_beside_friendlies(false);
    // Defensive fire: a retreat result; 31IL-B falls back and 30IL-A rolls for the group.
    roll(&mut g, 5);
    let b = g.id("31IL-B");
    act(&mut g, Action::Retreater(b));
    assert!(matches!(g.top(), Some(Frame::BreakRoll { unit, .. }) if *unit == g.id("30IL-A")), "{:?}", g.top());
    roll(&mut g, 1);
    roll(&mut g, 1); // the second defensive die misses
    // The round goes to the defender (2 + 2 against 2 + 5), and the attacker retreats.
    rolls(&mut g, &[2, 5]);
    assert!(flipped(&g, "31IL-A"));
    act(&mut g, Action::Continue(false));
    assert_eq!(at(&g, "31IL-A"), Some(hex("0332")));
    // 30IL-A has rolled for this melee's retreating group; 31IL-B retreated into the hex
    // itself earlier: no more dice.
    assert!(!g.frames().iter().any(|f| matches!(f, Frame::BreakRoll { .. })), "{:?}", g.frames());
}

#[test]
fn rule_8_4_units_moved_back_over_stacked_roll_once_as_a_group() {
    // A coordinated melee (6.10) wins with five companies in the hex; two go back to
    // the first entry hex, where 30IL-A now stands: it rolls once for both.
    let mut g = fresh();
    let t = hex("0432");
    let (e1, e2) = (hex("0332"), hex("0431"));
    g.put("13AR-H", &t.label());
    g.set_flipped("13AR-H", true);
    put_all(&mut g, &["31IL-A", "31IL-B", "Logan"], e1);
    put_all(&mut g, &["31IL-C", "31IL-D", "31IL-E"], e2);
    mark(&mut g, Side::Union, "31IL", e1, t);
    for id in ["31IL-A", "31IL-B", "Logan", "31IL-C", "31IL-D", "31IL-E"] {
        go(&mut g, id, t);
        hold_fire(&mut g);
    }
    g.put("30IL-A", &e1.label());
    to_melees(&mut g);
    act(&mut g, Action::Resolve(0));
    rolls(&mut g, &[6, 1]);
    assert!(gone(&g, "13AR-H"));
    pass_casualty_checks(&mut g);
    let mut rolls_for_30a = 0;
    for _ in 0..2 {
        assert_eq!(g.prompt().rule, "Belmont 6.2", "{:?}", g.top());
        let unit = g
            .legal_actions()
            .into_iter()
            .find_map(|a| match a {
                Action::Move { unit, to } if to == e1 => Some(unit),
                _ => None,
            })
            .expect("a move back to the first entry hex");
        act(&mut g, Action::Move { unit, to: e1 });
        hold_fire(&mut g);
        while let Some(Frame::BreakRoll { unit, .. }) = g.top().cloned() {
            assert_eq!(unit, g.id("30IL-A"));
            rolls_for_30a += 1;
            roll(&mut g, 1);
        }
    }
    assert_eq!(g.stack_count(t), 3);
    assert_eq!(rolls_for_30a, 1);
}

// ------------------------------------------------------------------------------------
// 8.5 Retreat into Friendlies

#[test]
fn rule_8_5_friendly_hex_is_chosen_over_enemy_and_each_stationary_company_rolls() {
    let (mut g, p, a, b) = on_point();
    put_at(&mut g, &[("30IL-A", a), ("30IL-B", a), ("13AR-A", b)]);
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    assert_eq!(retreat_options(&g), vec![a]);
    act(&mut g, Action::RetreatTo(a));
    hold_fire(&mut g);
    // One die per stationary company, each breaking it on a 6.
    let rolled = break_rolls(&mut g, &["30IL-A", "30IL-B"]);
    let broken: Vec<bool> = rolled.iter().map(|&x| g.unit(x).flipped).collect();
    assert_eq!(broken, vec![true, false]);
    assert!(!flipped(&g, "27IL-A"));
    assert_logged(&g, "Belmont 8.5", "breaks");
}

/// Rolls the pending 8.5 break rolls, a 6 for the first and a 5 for the others, checking
/// each is one die breaking on a 6 and that exactly the companies `expect` roll; returns
/// the units in the order they rolled.
fn break_rolls(g: &mut Belmont, expect: &[&str]) -> Vec<u16> {
    let mut rolled = vec![];
    while let Some(Frame::BreakRoll { unit, on }) = g.top().cloned() {
        assert_eq!(on, 6);
        assert_d6(g);
        rolled.push(unit);
        roll(g, if rolled.len() == 1 { 6 } else { 5 });
    }
    let want: Vec<u16> = expect.iter().map(|id| g.id(id)).collect();
    assert_eq!(sorted_ids(&rolled), sorted_ids(&want));
    rolled
}

fn sorted_ids(v: &[u16]) -> Vec<u16> {
    let mut v = v.to_vec();
    v.sort();
    v
}

#[test]
fn rule_8_5_units_that_retreated_earlier_do_not_roll() {
    let (mut g, p, a, _) = on_point();
    g.put("30IL-A", &a.label());
    let early = g.id("30IL-A");
    g.units[usize::from(early)].shaken = true;
    g.put("13AR-A", "2310");
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    act(&mut g, Action::RetreatTo(a));
    hold_fire(&mut g);
    assert!(!matches!(g.top(), Some(Frame::BreakRoll { .. })), "{:?}", g.top());
}

#[test]
fn rule_8_5_a_melee_retreat_is_one_group_for_the_break_rolls() {
    // Two defenders retreat from the same melee into a hex with one stationary company:
    // that company rolls once, not once per retreating company.
    let mut g = fresh();
    let (entry, t) = (hex("0332"), hex("0333"));
    put_at(&mut g, &[("13AR-A", t), ("13AR-B", t), ("31IL-A", entry), ("31IL-B", entry), ("31IL-C", entry)]);
    // Every open neighbour of the melee hex but one holds Union units; the last holds
    // one stationary Confederate company.
    let free: Vec<Hex> = t.neighbours().into_iter().filter(|&n| n != entry).collect();
    let stay = free[0];
    g.put("13AR-K", &stay.label());
    let fillers = ["30IL-A", "30IL-B", "30IL-C", "30IL-D"];
    for (i, &n) in free[1..].iter().enumerate() {
        g.put(fillers[i], &n.label());
    }
    mark(&mut g, Side::Union, "31IL", entry, t);
    for id in ["31IL-A", "31IL-B", "31IL-C"] {
        go(&mut g, id, t);
        hold_fire(&mut g);
    }
    g.put("30IL-E", &entry.label()); // the entry hex fills behind them
    to_melees(&mut g);
    act(&mut g, Action::Resolve(0));
    rolls(&mut g, &[1, 1, 1, 1]); // defensive fire misses
    rolls(&mut g, &[1, 6]); // 7 against 4 + 6 = 10: one hit on the attackers
    take_first_hits(&mut g);
    act(&mut g, Action::Continue(true));
    act(&mut g, Action::Continue(false)); // the defenders retreat
    let mut rolls_for_k = 0;
    for _ in 0..20 {
        match g.top() {
            Some(Frame::Retreat(_)) => {
                let to = retreat_options(&g)[0];
                assert_eq!(to, stay);
                act(&mut g, Action::RetreatTo(to));
            }
            Some(Frame::OppOffer { .. }) => act(&mut g, Action::Fire(false)),
            Some(Frame::BreakRoll { unit, .. }) => {
                assert_eq!(*unit, g.id("13AR-K"));
                rolls_for_k += 1;
                roll(&mut g, 1);
            }
            _ => break,
        }
    }
    assert_eq!(rolls_for_k, 1);
}

#[test]
fn rule_8_5_overstacked_retreat_goes_one_more_hex() {
    let (mut g, p, a, b) = on_point();
    put_all(&mut g, &["30IL-A", "30IL-B", "30IL-C"], a);
    put_all(&mut g, &["31IL-A", "31IL-B", "31IL-C"], b);
    let u = start_retreat(&mut g, p, Side::Union, "27IL-A");
    act(&mut g, Action::RetreatTo(a));
    // Break rolls for the three stationary companies come first.
    while matches!(g.top(), Some(Frame::BreakRoll { .. })) {
        roll(&mut g, 1);
    }
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.unit == u && r.extra_used), "{:?}", g.top());
    let next = retreat_options(&g);
    assert!(next.iter().all(|&n| n.distance(a) == 1 && n != p));
    act(&mut g, Action::RetreatTo(next[0]));
    assert_eq!(g.stack_count(a), 3);
}

#[test]
fn rule_8_5_overstacked_again_is_destroyed() {
    let (mut g, p, a, b) = on_point();
    let mut pool = (0..30).map(|i| {
        format!("{}-{}", ["30IL", "31IL", "22IL", "7IA"][i / 10 % 4], "ABCDEFGHIK".chars().nth(i % 10).unwrap())
    });
    for h in [a, b] {
        for _ in 0..3 {
            g.put(&pool.next().unwrap(), &h.label());
        }
    }
    // Every land neighbour of 2209 is full too.
    for n in a.neighbours() {
        if n != p && map().is_land(n) {
            for _ in 0..3 {
                g.put(&pool.next().unwrap(), &n.label());
            }
        }
    }
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    act(&mut g, Action::RetreatTo(a));
    while matches!(g.top(), Some(Frame::BreakRoll { .. })) {
        roll(&mut g, 1);
    }
    let n = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(n));
    assert_eq!(fate(&g, "27IL-A"), Some(Fate::Eliminated));
    assert_eq!(g.vp(), [0.0, 2.0]);
    assert_logged(&g, "Belmont 8.5", "destroyed");
}

#[test]
fn rule_8_5_a_free_hex_is_taken_before_ending_overstacked() {
    // Both neighbours hold friendlies; one is full. The unit must end where it fits.
    let (mut g, p, a, b) = on_point();
    put_all(&mut g, &["30IL-A", "30IL-B", "30IL-C"], a);
    g.put("31IL-A", &b.label());
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    assert_eq!(retreat_options(&g), vec![b], "8.5: over-stacked only with no other alternative");
}

#[test]
fn rule_8_5_an_enemy_held_extra_hex_destroys_the_retreating_unit() {
    // Over-stacked in 2209, whose other neighbours are all enemy-held: no breakout
    // after an over-stacked retreat; the unit is destroyed.
    let (mut g, p, a, b) = on_point();
    put_all(&mut g, &["30IL-A", "30IL-B", "30IL-C"], a);
    g.put("13AR-G", &b.label());
    let cs = ["13AR-A", "13AR-B", "13AR-C", "13AR-D", "13AR-E", "13AR-F"];
    let mut i = 0;
    for n in a.neighbours() {
        if n != p && n != b && map().is_land(n) {
            g.put(cs[i], &n.label());
            i += 1;
        }
    }
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    assert_eq!(retreat_options(&g), vec![a], "8.5: friendlies rather than the enemy");
    act(&mut g, Action::RetreatTo(a));
    for _ in 0..10 {
        match g.top() {
            Some(Frame::OppOffer { .. }) => act(&mut g, Action::Fire(false)),
            Some(Frame::BreakRoll { .. }) => roll(&mut g, 1),
            _ => break,
        }
    }
    assert_eq!(fate(&g, "27IL-A"), Some(Fate::Eliminated), "{:?}", g.top());
    assert_eq!(g.vp(), [0.0, 2.0]);
}

// ------------------------------------------------------------------------------------
// 8.6 Breakout

#[test]
fn rule_8_6_surrounded_companies_break_out_through_an_enemy_hex() {
    let (mut g, p, a, b) = on_point();
    put_at(&mut g, &[("13AR-A", a), ("13AR-B", a), ("12TN-A", b)]);
    // Another Confederate company beside 2209 but not in it.
    let side = a.neighbours().into_iter().find(|&n| map().is_land(n) && n != p && n != b && n.distance(b) > 1).unwrap();
    g.put("12TN-B", &side.label());
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    assert_eq!(retreat_options(&g), sorted(vec![a, b]));
    act(&mut g, Action::RetreatTo(a));
    assert_logged(&g, "Belmont 8.6", "retreats");
    // Fire only from the companies in the hex entered: two dice, not three.
    assert!(matches!(g.top(), Some(Frame::OppOffer { dice: 2, .. })), "{:?}", g.top());
    act(&mut g, Action::Fire(true));
    act(&mut g, Action::Hits(0));
    // It must go on out of the enemy hex; the next hex draws fire from all who qualify.
    assert!(matches!(g.top(), Some(Frame::Retreat(_))), "{:?}", g.top());
    let out = retreat_options(&g);
    assert!(!out.is_empty() && out.iter().all(|&h| g.holder(h) != Some(Side::Confederate)));
}

#[test]
fn rule_8_6_a_breakout_ending_overstacked_is_destroyed() {
    let (mut g, p, a, b) = on_point();
    put_at(&mut g, &[("13AR-A", a), ("12TN-A", b)]);
    // Beyond 2209, only full friendly hexes.
    let mut pool =
        (0..30).map(|i| format!("{}-{}", ["30IL", "31IL", "22IL"][i / 10], "ABCDEFGHIK".chars().nth(i % 10).unwrap()));
    for n in a.neighbours() {
        if n != p && n != b && map().is_land(n) {
            for _ in 0..3 {
                g.put(&pool.next().unwrap(), &n.label());
            }
        }
    }
    start_retreat(&mut g, p, Side::Union, "27IL-A");
    act(&mut g, Action::RetreatTo(a));
    hold_fire(&mut g);
    let n = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(n));
    while matches!(g.top(), Some(Frame::BreakRoll { .. }) | Some(Frame::OppOffer { .. })) {
        if matches!(g.top(), Some(Frame::OppOffer { .. })) {
            act(&mut g, Action::Fire(false));
        } else {
            roll(&mut g, 1);
        }
    }
    assert_eq!(fate(&g, "27IL-A"), Some(Fate::Eliminated));
}

#[test]
fn rule_8_6_the_board_edge_counts_toward_being_surrounded() {
    // The map corner 0101 with the enemy in both its neighbours: a breakout.
    let mut g = quiet(Side::Confederate);
    put_at(&mut g, &[("27IL-A", hex("0101")), ("13AR-A", hex("0201")), ("13AR-B", hex("0102"))]);
    let r = RetreatState {
        unit: g.id("27IL-A"),
        left: 1,
        extra_used: false,
        leaders: vec![],
        ask_leaders: false,
        broke_out: false,
        visited: vec![hex("0101")],
        melee: false,
    };
    g.push_frame(Frame::Retreat(Box::new(r)));
    assert_eq!(retreat_options(&g), sorted(vec![hex("0201"), hex("0102")]));
    act(&mut g, Action::RetreatTo(hex("0201")));
    assert_logged(&g, "Belmont 8.6", "27IL-A retreats 0101 to 0201");
}

// ------------------------------------------------------------------------------------
// 8.7 Capturing Artillery

#[test]
fn rule_8_7_damaged_artillery_last_in_the_hex_is_captured_not_destroyed() {
    let (mut g, _, _) =
        melee_0333(Side::Union, "31IL", &["13AR-H", "Watson-A"], &["31IL-A", "31IL-B"], &["13AR-H", "Watson-A"]);
    rolls(&mut g, &[1, 1]); // reduced battery: 2 dice of defensive fire, both miss
    rolls(&mut g, &[6, 1]); // 10 against 2: two hits: the company, then the battery
    assert!(gone(&g, "13AR-H"));
    let w = g.id("Watson-A");
    assert!(g.in_play(w), "the final hit is not applied");
    assert_eq!(g.owner(w), Side::Union);
    assert_logged(&g, "Belmont 8.7", "Watson-A is captured");
}

#[test]
fn rule_8_7_captured_artillery_answers_to_the_capturing_regiments_chit() {
    let (mut g, _, _) = melee_0333(Side::Union, "31IL", &["Watson-A"], &["31IL-A"], &[]);
    rolls(&mut g, &[1, 1, 1]);
    let w = g.id("Watson-A");
    assert_eq!(g.owner(w), Side::Union);
    // The 31st Illinois' chit activates it; the Union HQ chit does not.
    let mut h = g.clone();
    h.activate(Side::Union, "31IL", Stage::Maneuver);
    assert!(can_move(&h, w));
    let mut h = g.clone();
    h.activate(Side::Union, "HQ", Stage::Maneuver);
    h.put("Grant", "0631"); // something else to do keeps the step open
    assert!(!can_move(&h, w));
    let mut h = g.clone();
    h.put("Beltzhoover", "0631");
    h.activate(Side::Confederate, "HQ", Stage::Maneuver);
    assert!(!can_move(&h, w));
}

#[test]
fn rule_8_7_a_recaptured_gun_becomes_the_recapturing_regiments_captured_artillery() {
    // Watson-A (Confederate) taken earlier by the 31st Illinois stands alone; the 13th
    // Arkansas takes it back.
    let mut g = fresh();
    let (entry, t) = (hex("0332"), hex("0333"));
    let w = g.put("Watson-A", &t.label());
    let il31 = u8::try_from(g.oob().formation(Side::Union, "31IL").unwrap()).unwrap();
    g.units[usize::from(w)].captor = Some(il31);
    g.put("13AR-A", &entry.label());
    attack(&mut g, Side::Confederate, "13AR", entry, t, &["13AR-A"]);
    rolls(&mut g, &[1, 1, 1]); // its defensive fire, for the Union, misses
    let ar13 = u8::try_from(g.oob().formation(Side::Confederate, "13AR").unwrap()).unwrap();
    assert_eq!(g.unit(w).captor, Some(ar13), "the Confederates' captured artillery, not the original counter");
    assert_eq!(g.owner(w), Side::Confederate);
    assert_logged(&g, "Belmont 8.7", "captured again");
    // The 13th Arkansas' chit activates it; the Confederate HQ chit does not.
    let mut h = g.clone();
    h.activate(Side::Confederate, "13AR", Stage::Maneuver);
    assert!(can_move(&h, w));
    let mut h = g.clone();
    h.put("Beltzhoover", "0631"); // something else to do keeps the step open
    h.activate(Side::Confederate, "HQ", Stage::Maneuver);
    assert!(!can_move(&h, w));
}

#[test]
fn rule_8_7_leaders_with_artillery_left_alone_are_retreated() {
    let (mut g, _, _) = melee_0333(Side::Union, "31IL", &["Watson-A", "Beltzhoover"], &["31IL-A"], &[]);
    rolls(&mut g, &[1, 1, 1]);
    assert_eq!(g.owner(g.id("Watson-A")), Side::Union);
    // He checks (7.2: in the melee hex at its conclusion), then is retreated, not captured.
    assert!(matches!(g.top(), Some(Frame::Casualty { .. })));
    roll(&mut g, 1);
    assert!(matches!(g.top(), Some(Frame::Retreat(r)) if r.unit == g.id("Beltzhoover")), "{:?}", g.top());
    let to = retreat_options(&g)[0];
    act(&mut g, Action::RetreatTo(to));
    assert_eq!(at(&g, "Beltzhoover"), Some(to));
}

#[test]
fn rule_8_7_abandoned_captured_artillery_goes_to_the_first_regiment_entering() {
    let mut g = fresh();
    let w = g.put("Watson-A", "0333");
    let f = u8::try_from(g.oob().formation(Side::Union, "31IL").unwrap()).unwrap();
    g.units[usize::from(w)].captor = Some(f);
    put_at(&mut g, &[("30IL-A", hex("0332")), ("30IL-B", hex("0631"))]);
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    go(&mut g, "30IL-A", hex("0333"));
    assert_eq!(g.unit(w).captor, Some(u8::try_from(g.oob().formation(Side::Union, "30IL").unwrap()).unwrap()));
    assert_logged(&g, "Belmont 8.7", "abandoned");
    // Not abandoned while a company of the captor's regiment stands with it.
    let mut g = fresh();
    let w = g.put("Watson-A", "0333");
    g.units[usize::from(w)].captor = Some(f);
    put_at(&mut g, &[("31IL-A", hex("0333")), ("30IL-A", hex("0332"))]);
    g.activate(Side::Union, "30IL", Stage::Maneuver);
    go(&mut g, "30IL-A", hex("0333"));
    assert_eq!(g.unit(w).captor, Some(f));
    // An enemy regiment must melee for it (captured by its regiment, 8.7).
    let mut g = fresh();
    let w = g.put("Watson-A", "0333");
    g.units[usize::from(w)].captor = Some(f);
    g.put("12TN-A", "0332");
    g.activate(Side::Confederate, "12TN", Stage::Maneuver);
    refuse_mv(&mut g, "12TN-A", hex("0333"));
}

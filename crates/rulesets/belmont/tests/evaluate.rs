//! The bots' evaluation of a Belmont position (authored heuristics, not rules).

use belmont::Belmont;
use engine::{Game, Side};

#[test]
fn the_two_sides_evaluations_sum_to_one() {
    let g = Belmont::after_setup(&[]);
    let (u, c) = (g.evaluate(Side::Union), g.evaluate(Side::Confederate));
    assert!((u + c - 1.0).abs() < 1e-12);
    assert!(u > 0.0 && u < 1.0);
}

#[test]
fn union_infantry_near_the_camp_is_worth_more_to_the_union() {
    let mut far = Belmont::after_setup(&[]);
    far.clear_map();
    far.put("30IL-A", "1505");
    far.put("12TN-A", "3329");
    let mut near = far.clone();
    near.put("30IL-A", "1928");
    assert!(near.evaluate(Side::Union) > far.evaluate(Side::Union));
}

#[test]
fn vp_and_broken_companies_move_the_evaluation() {
    let base = Belmont::after_setup(&[]);
    let mut ahead = base.clone();
    ahead.vp[0] += 8;
    assert!(ahead.evaluate(Side::Union) > base.evaluate(Side::Union));
    let mut shaken = base.clone();
    shaken.set_flipped("30IL-A", true);
    assert!(shaken.evaluate(Side::Union) < base.evaluate(Side::Union));
}

/// 6.7: a leader alone in his hex is captured by the first enemy into it. Standing alone costs
/// his side part of what he is worth; with any company of his side (his own or another
/// regiment's, 4.2) he is not alone.
#[test]
fn a_leader_alone_costs_his_side() {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.put("12TN-A", "3329");
    g.put("30IL-A", "1505");
    g.put("Russel", "3329");
    g.put("13AR-A", "3328");
    let with = g.evaluate(Side::Confederate);
    g.put("Russel", "3330");
    assert!(g.evaluate(Side::Confederate) < with, "alone in 3330");
    // The neighbouring case: with another regiment's company he is not alone.
    g.put("13AR-A", "3330");
    assert!((g.evaluate(Side::Confederate) - with).abs() < 1e-12);
}

/// 5.2: the enemy decides whether to fire at a company that has just moved: until he has, the
/// position already counts the fire's expected hits against the mover, more for more dice; a
/// move that draws no fire counts none.
#[test]
fn opportunity_fire_offered_counts_against_the_mover() {
    use belmont::Frame;
    use belmont::testkit::hex;
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    let cav = g.put("MSCAV-A", "2020");
    g.put("30IL-A", "1505");
    let quiet = g.evaluate(Side::Confederate);
    let offered = |dice: u8| {
        let mut o = g.clone();
        o.push_frame(Frame::OppOffer { mover: cav, hex: hex("2020"), dice, only_from: None });
        o.evaluate(Side::Confederate)
    };
    let (one, three) = (offered(1), offered(3));
    assert!(one < quiet && three < one, "{quiet} {one} {three}");
}

/// 4.3.1: a melee marker nobody has answered costs the side that placed it; one with its
/// attackers in costs nothing.
#[test]
fn an_unanswered_melee_marker_costs_the_side_that_placed_it() {
    use belmont::testkit::hex;
    use belmont::{Marker, Stage};
    let mut g = Belmont::after_setup(&[]);
    g.activate(Side::Confederate, "12TN", Stage::MeleeMoves);
    let before = g.evaluate(Side::Confederate);
    let company = g.id("12TN-A");
    g.markers.push(Marker {
        target: hex("1505"),
        entry: hex("1605"),
        group: vec![],
        second: None,
        charge: false,
        forced: false,
        resolved: false,
        rolled: vec![],
    });
    assert!(g.evaluate(Side::Confederate) < before);
    g.markers[0].group.push(company);
    assert!((g.evaluate(Side::Confederate) - before).abs() < 1e-12, "answered");
}

/// A Confederate company at Columbus takes no part until it is ferried (11.7, 11.8): it
/// counts for less in Kentucky than aboard a transport, and less aboard than landed in
/// Missouri; a Union company is worth the same wherever it stands.
#[test]
fn a_company_ferried_to_missouri_counts_for_more() {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.put("30IL-A", "1505");
    g.put("13TN-C", "3329");
    let kentucky = g.evaluate(Side::Confederate);
    let transport = g.put("Transport-1", "3229");
    g.put_loc("13TN-C", belmont::Loc::Aboard(transport));
    let afloat = g.evaluate(Side::Confederate);
    g.put("13TN-C", "2232");
    let landed = g.evaluate(Side::Confederate);
    assert!(kentucky < afloat && afloat < landed, "{kentucky} {afloat} {landed}");
}

/// 7.1: a battery loses worth when reduced and more when destroyed; 14.4: held by the enemy
/// it scores for him.
#[test]
fn batteries_count_reduced_destroyed_and_captured() {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.put("30IL-A", "1505");
    g.put("12TN-A", "3329");
    g.put("Taylor-1", "1506");
    let full = g.evaluate(Side::Union);
    g.set_flipped("Taylor-1", true);
    let reduced = g.evaluate(Side::Union);
    let mut gone = g.clone();
    gone.put_loc("Taylor-1", belmont::Loc::Gone(belmont::Fate::Eliminated));
    let mut taken = g.clone();
    let t = taken.id("Taylor-1");
    taken.units[usize::from(t)].captor =
        Some(u8::try_from(taken.oob().formation(Side::Confederate, "12TN").unwrap()).unwrap());
    taken.changed();
    let (gone, taken) = (gone.evaluate(Side::Union), taken.evaluate(Side::Union));
    assert!(full > reduced && reduced > gone && gone > taken, "{full} {reduced} {gone} {taken}");
}

/// 5.2 and 7.1: opportunity fire offered at a battery that has just moved counts against it
/// too (the fourth playtest's battery walked back and forth under the Union's guns).
#[test]
fn opportunity_fire_offered_at_a_battery_counts_against_it() {
    use belmont::Frame;
    use belmont::testkit::hex;
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    let gun = g.put("Watson-A", "2020");
    g.put("30IL-A", "1505");
    let quiet = g.evaluate(Side::Confederate);
    let mut o = g.clone();
    o.push_frame(Frame::OppOffer { mover: gun, hex: hex("2020"), dice: 2, only_from: None });
    assert!(o.evaluate(Side::Confederate) < quiet);
}

/// Every unbroken Union company nearer the camp is worth more to the Union, not only the
/// nearest (the seventh playtest: the bot walked its other companies at random); beyond the
/// camp's reach, and once the camp has fallen, a step changes nothing.
#[test]
fn each_union_company_nearer_the_camp_is_worth_more_while_it_stands() {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.put("12TN-A", "3329");
    g.put("30IL-A", "1928");
    g.put("30IL-B", "1505");
    let behind = g.evaluate(Side::Union);
    g.put("30IL-B", "1727");
    assert!(g.evaluate(Side::Union) > behind, "the second company closer: better, though not the nearest");
    // Beyond the reach: a step there changes nothing.
    g.put("30IL-B", "0101");
    let far = g.evaluate(Side::Union);
    g.put("30IL-B", "0102");
    assert!((g.evaluate(Side::Union) - far).abs() < 1e-12);
    // Broken, a company counts no nearer for it.
    g.put("30IL-B", "1727");
    g.set_flipped("30IL-B", true);
    let broken_near = g.evaluate(Side::Union);
    g.put("30IL-B", "1505");
    assert!((g.evaluate(Side::Union) - broken_near).abs() < 1e-12, "a broken company's place is no pull");
    // The camp fallen (13.2), nothing pulls toward it.
    g.set_flipped("30IL-B", false);
    g.camp_captured = Some(2);
    let taken = g.evaluate(Side::Union);
    g.put("30IL-B", "1727");
    assert!((g.evaluate(Side::Union) - taken).abs() < 1e-12, "no pull once the camp has fallen");
}

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

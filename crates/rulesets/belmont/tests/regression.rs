//! One test per bug found in play, named for what went wrong.

use belmont::testkit::hex;
use belmont::{Belmont, Frame, RetreatState, Stage};
use engine::{Actor, Game, Side};

/// Selfplay seed 1, game 292: a retreat was scheduled for a company that was then
/// eliminated by the opportunity fire of an earlier step; choosing its retreat hex
/// panicked. A retreat whose unit has left the map now lapses.
#[test]
fn regression_retreat_of_a_unit_no_longer_on_the_map_lapses() {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.put("27IL-B", "1520");
    g.put("12TN-A", "1522");
    g.activate(Side::Union, "27IL", Stage::Maneuver);
    let gone = g.id("27IL-A"); // in the reserve box: not on the map
    g.push_frame(Frame::Retreat(Box::new(RetreatState {
        unit: gone,
        left: 1,
        extra_used: false,
        leaders: vec![],
        ask_leaders: true,
        broke_out: false,
        visited: vec![],
        melee: false,
    })));
    assert!(!matches!(g.top(), Some(Frame::Retreat(_))), "the lapsed retreat is skipped");
    assert_eq!(g.actor(), Actor::Side(Side::Union));
    assert!(!g.legal_actions().is_empty());
    let _ = hex("1520");
}

/// The fifth playtest: once every company that could go into a melee hex was in, the melee
/// moves (4.3.2) ended by themselves with nothing in the log, and the player took the
/// maneuver's Done (4.3.3) for theirs. A step that ends by itself says so; a step the player
/// ends does not.
#[test]
fn regression_a_step_that_ends_by_itself_says_so() {
    let mut g = Belmont::after_setup(&[]);
    g.clear_map();
    g.put("27IL-G", "1520");
    g.put("12TN-A", "3329");
    g.activate(Side::Union, "27IL", Stage::MeleeMoves);
    let frames = g.frames().to_vec();
    g.set_stack(frames);
    let said = |g: &Belmont| {
        g.log()
            .events()
            .iter()
            .any(|e| e.rule == "Belmont 4.3.2" && e.text.ends_with("nothing left to do; the step ends."))
    };
    assert!(said(&g), "no marker: the melee moves end by themselves: {:?}", g.log().events());
    assert_eq!(g.act.as_ref().unwrap().stage, Stage::Maneuver);
    // The maneuver has moves: it waits for the player, and says nothing.
    assert!(!g.log().events().iter().any(|e| e.rule == "Belmont 4.3.3" && e.text.contains("nothing left")));
}

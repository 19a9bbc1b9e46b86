//! Position builders for tests (plan step 4): a game rated and ready to draw, a unit put where
//! a test wants it, a turn begun afresh. They reach into the state as no action can, so a test
//! asserts a rule's effect on exactly the position it names.

use crate::procedure::Frame;
use crate::scenario::{Entry, Formation};
use crate::sequence::SeqFrame;
use crate::state::{Place, Rotr, UnitId};
use table::{Body, Facing, Pos};

/// A new game with `assigned-values` (nothing rolled at set-up), at turn 1's first draw.
///
/// # Panics
/// Never: the option is known.
#[must_use]
pub fn rated() -> Rotr {
    Rotr::new(&["assigned-values".to_string()]).expect("a known option")
}

/// The unit named `name`.
///
/// # Panics
/// If the orders of battle have no such unit.
#[must_use]
pub fn unit(g: &Rotr, name: &str) -> UnitId {
    g.unit_named(name).unwrap_or_else(|| panic!("no unit {name}"))
}

/// Unit `u`'s stands laid out in `formation` with the middle of its front edge on `front`,
/// facing `facing` degrees, as the scenario's loader lays out a set-up.
#[must_use]
pub fn body_at(g: &Rotr, u: UnitId, formation: Formation, front: Pos, facing: i32) -> Body {
    let mut info = g.info(u).clone();
    info.entry = Entry::SetUp { front, facing: Facing::new(facing), formation };
    g.scenario().set_up_body(&info).expect("a set-up entry has a body")
}

/// Puts unit `u` on the table in `formation` at `front` facing `facing` degrees.
pub fn put(g: &mut Rotr, u: UnitId, formation: Formation, front: Pos, facing: i32) {
    let body = body_at(g, u, formation, front, facing);
    g.forget();
    let s = g.unit_mut(u);
    s.place = Place::Table(body);
    s.formation = formation;
    s.trail = None;
    // A column stands on its trail, as it will march (R15.1).
    if crate::movement::column::marches(formation) {
        let (t, b) = crate::movement::column::straight(g, u, front, Facing::new(facing));
        let s = g.unit_mut(u);
        s.place = Place::Table(b);
        s.trail = Some(t);
    }
}

/// Takes unit `u` off the table, as if not yet arrived.
pub fn lift(g: &mut Rotr, u: UnitId) {
    g.forget();
    g.unit_mut(u).place = Place::Due;
}

/// Begins turn `turn` afresh (its cup filled by R1), whatever was under way.
pub fn begin_turn(g: &mut Rotr, turn: u8) {
    g.forget();
    g.turn = turn;
    g.cup.clear();
    g.stack = vec![Frame::Over, Frame::Seq(SeqFrame::Turn)];
    engine::procedure::settle(g);
}

/// Every unit off the table, for a test that wants open ground.
pub fn clear_table(g: &mut Rotr) {
    for u in g.unit_ids().collect::<Vec<_>>() {
        lift(g, u);
    }
}

/// Draws brigade `chit`'s chit so that its activation is pending (4.3).
///
/// # Panics
/// If no brigade has that chit or it is not in the cup.
pub fn activate(g: &mut Rotr, chit: &str) {
    use engine::Game;
    let b = g.brigade_named(chit).unwrap_or_else(|| panic!("no brigade {chit}"));
    g.apply(&crate::Action::Draw(b)).unwrap_or_else(|e| panic!("{chit}: {}", e.reason));
}

/// Records that unit `u` has tested the table's ground this activation and passed (6.7, R19),
/// for a test of moves in the timber that is not about the test: the activation under way must
/// be its brigade's.
///
/// # Panics
/// If no activation is under way.
pub fn ground_tested(g: &mut Rotr, u: UnitId) {
    g.forget();
    let s = {
        let Some(Frame::Activation(act)) = g.stack.last() else { panic!("no activation under way") };
        act.spent(g, u)
    };
    let Some(Frame::Activation(act)) = g.stack.last_mut() else { unreachable!() };
    let mut s = s;
    s.rolled.push(crate::movement::terrain::GROUND);
    act.spent.retain(|x| x.unit != u);
    act.spent.push(s);
}

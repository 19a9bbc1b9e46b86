//! Set-ups for tests: a game past set-up, an emptied map, units put where a test wants them,
//! and a phase pushed for a side. Not for play.

use crate::procedure::Frame;
use crate::state::{Bid, Cid, Fotm, Loc, Phase};
use engine::{Game, Side};
use hexmap::Hex;

/// A hex from its label.
///
/// # Panics
/// On a bad label.
#[must_use]
pub fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("a hex label")
}

/// A new game with both sides' set-up accepted as authored: the first turn's first decision.
///
/// # Panics
/// If the set-up does not accept Done.
#[must_use]
pub fn after_setup(options: &[&str]) -> Fotm {
    let opts: Vec<String> = options.iter().map(|s| (*s).to_string()).collect();
    let mut g = Fotm::new(&opts).expect("options");
    g.apply(&crate::Action::Done).expect("Confederate set-up done");
    g.apply(&crate::Action::Done).expect("Union set-up done");
    g
}

/// Takes every unit off the map (brigades back to Waiting, commanders off), empties the
/// procedure stack and the log.
pub fn clear_map(g: &mut Fotm) {
    for b in g.all_brigades() {
        g.bde_mut(b).loc = Loc::Waiting;
    }
    for c in g.all_commanders() {
        g.cmdr_mut(c).hex = None;
    }
    g.guards.clear();
    g.stack.clear();
}

/// A brigade's number by its order-of-battle id.
///
/// # Panics
/// On an unknown id.
#[must_use]
pub fn id(g: &Fotm, name: &str) -> Bid {
    g.brigade_id(name).unwrap_or_else(|| panic!("no brigade {name}"))
}

/// A commander's number by id.
///
/// # Panics
/// On an unknown id.
#[must_use]
pub fn cid(g: &Fotm, name: &str) -> Cid {
    g.commander_id(name).unwrap_or_else(|| panic!("no commander {name}"))
}

/// Puts a brigade on a hex with a facing, at the bottom of the stack there; returns its number.
pub fn put(g: &mut Fotm, name: &str, at: &str, facing: u8) -> Bid {
    let b = id(g, name);
    g.set_loc(b, Loc::Map(hex(at)));
    g.bde_mut(b).facing = facing;
    b
}

/// Puts a commander on a hex; returns his number.
pub fn put_cmdr(g: &mut Fotm, name: &str, at: &str) -> Cid {
    let c = cid(g, name);
    g.cmdr_mut(c).hex = Some(hex(at));
    c
}

/// Makes `side`'s `phase` the pending procedure on turn `turn` (clearing the stack first).
/// The game ends after that phase (the stack holds nothing beneath it but Over).
pub fn phase(g: &mut Fotm, turn: u8, side: Side, phase: Phase) {
    g.stack.clear();
    g.stack.push(Frame::Over);
    g.turn = turn;
    g.stack.push(Frame::Seq(crate::sequence::SeqFrame::Phase(side, phase)));
    crate::procedure::settle(g);
}

/// Pushes a frame onto the stack and runs any automatic frames.
pub fn push(g: &mut Fotm, f: Frame) {
    g.stack.push(f);
    crate::procedure::settle(g);
}

/// The frame on top of the stack.
///
/// # Panics
/// On an empty stack.
#[must_use]
pub fn top(g: &Fotm) -> &Frame {
    g.stack.last().expect("a frame")
}

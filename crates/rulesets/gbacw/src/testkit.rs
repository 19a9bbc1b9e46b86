//! Position builders for tests: an empty board, counters put where a test wants them, and a
//! phase begun. Not used by play.

use crate::command;
use crate::procedure::Frame;
use crate::state::{Fate, Formation, Gbacw, LeaderId, Loc, Phase, UnitId};
use engine::Side;
use hexmap::Hex;

/// A hex by its label ("0915").
///
/// # Panics
/// On a label that is not a hex.
#[must_use]
pub fn hex(label: &str) -> Hex {
    Hex::from_label(label).expect("a hex label")
}

/// A new game with every unit and leader taken off the board.
///
/// # Panics
/// If the scenario does not set up.
#[must_use]
pub fn empty() -> Gbacw {
    let mut g = Gbacw::new(&[]).expect("the scenario sets up");
    for u in &mut g.units {
        u.loc = Loc::Gone(Fate::Eliminated);
    }
    for l in &mut g.leaders {
        l.loc = Loc::Gone(Fate::Killed);
    }
    g
}

/// Puts unit `id` (its order-of-battle id) at `at` in `formation`, facing hexside `facing`.
///
/// # Panics
/// On an unknown id or hex label.
pub fn put(g: &mut Gbacw, id: &str, at: &str, formation: Formation, facing: u8) -> UnitId {
    let u = g.unit_by_id(id).unwrap_or_else(|| panic!("no unit {id}"));
    let st = g.unit_mut(u);
    st.loc = Loc::Map(hex(at));
    st.formation = formation;
    st.facing = facing;
    u
}

/// Puts leader `id` (a commander's id, or his brigade's) at `at`.
///
/// # Panics
/// On an unknown id or hex label.
pub fn put_leader(g: &mut Gbacw, id: &str, at: &str) -> LeaderId {
    let l = g.leader_by_id(id).unwrap_or_else(|| panic!("no leader {id}"));
    g.leaders[usize::from(l)].loc = Loc::Map(hex(at));
    l
}

/// Begins `side`'s Initial Command Phase on the position as it stands.
pub fn initial_command(g: &mut Gbacw, side: Side) {
    g.phasing = side;
    g.phase = Phase::InitialCommand;
    g.stack = vec![Frame::Over];
    command::begin(g);
    engine::procedure::settle(g);
}

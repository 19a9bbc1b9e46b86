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

/// As [`phase`], with the end of the turn (11.2 C, D) beneath the phase instead of the game's
/// end: the game goes on after it, so a bot looking past the phase sees the next turn, not a
/// result.
pub fn phase_going_on(g: &mut Fotm, turn: u8, side: Side, phase: Phase) {
    g.stack.clear();
    g.turn = turn;
    g.stack.push(Frame::Seq(crate::sequence::SeqFrame::EndTurn));
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

/// A position in contact, for random play that reaches combat: the game after set-up, moved to
/// the start of turn `turn`, with every Union brigade (on the map or not yet arrived) placed
/// as close to a Confederate brigade as stacking allows, facing it, and every Confederate
/// brigade due by then on the map near its listed hex or entry. Random play from here meets
/// mandatory close combat (15.4) at once, so it exercises combat, retreat, rout, capture and
/// rally under the conformance suite.
///
/// # Panics
/// If the set-up does not accept Done.
#[must_use]
pub fn engaged(turn: u8) -> Fotm {
    use crate::facing;
    use crate::oob::Start;
    let mut g = after_setup(&[]);
    g.stack.clear();
    g.turn = turn;
    // Confederates due by `turn` stand at their entry hex or as near it as stacking allows.
    for b in g.all_brigades() {
        if g.side_of(b) == Side::Confederate
            && g.bde(b).loc == Loc::Waiting
            && let Start::Arrive { turn: t, entry } = &g.info(b).start
            && *t <= turn
            && let Some(e) = g.map().entry(entry).map(|e| e.hex)
            && let Some(h) = nearest_room(&g, b, &[e])
        {
            g.set_loc(b, Loc::Map(h));
        }
    }
    // Every Union brigade as close as it fits to the Confederate line, facing it.
    let targets: Vec<Hex> = g.on_map(Side::Confederate).filter_map(|b| g.hex_of(b)).collect();
    for b in g.all_brigades() {
        if g.side_of(b) != Side::Union || matches!(g.bde(b).loc, Loc::Gone(_)) {
            continue;
        }
        g.set_loc(b, Loc::Waiting);
        let Some(h) = nearest_room(&g, b, &targets) else { continue };
        g.set_loc(b, Loc::Map(h));
        if let Some(t) = targets.iter().min_by_key(|t| (t.distance(h), **t)) {
            let d = h.distance(*t);
            // Face along the first step of a line towards the target.
            let next = h.neighbours().into_iter().min_by_key(|n| (n.distance(*t), *n)).unwrap_or(*t);
            if d > 0 {
                g.bde_mut(b).facing = facing::front_towards(h, next);
            }
        }
    }
    for c in g.all_commanders() {
        if g.cmdr(c).hex.is_none()
            && !g.cmdr(c).gone
            && matches!(g.cinfo(c).start, Start::Arrive { turn: t, .. } if t <= turn)
        {
            let side = g.cinfo(c).side;
            if let Some(h) = g.on_map(side).filter_map(|b| g.hex_of(b)).min() {
                g.cmdr_mut(c).hex = Some(h);
            }
        }
    }
    // 11.3: by then Pleasonton's cavalry came within Confederate artillery range on turn
    // one and stopped (the West ban holds until infantry or artillery passes it).
    g.cavalry_halted = true;
    g.stack.push(Frame::Seq(crate::sequence::SeqFrame::TurnStart));
    crate::procedure::settle(&mut g);
    g
}

/// The hex nearest to any of `near` (at least one hex away from them when they hold enemy
/// brigades) where `b` may stand: on the map, no enemy there, room under 4.1.
fn nearest_room(g: &Fotm, b: Bid, near: &[Hex]) -> Option<Hex> {
    let side = g.side_of(b);
    let map = g.map();
    for r in 0..8u16 {
        let mut ring: Vec<Hex> = near.iter().flat_map(|h| h.ring(r)).collect();
        ring.sort();
        ring.dedup();
        for h in ring {
            if map.contains(h) && g.occupant(h) != Some(side.enemy()) && crate::stacking::has_room(g, h, b) {
                return Some(h);
            }
        }
    }
    None
}

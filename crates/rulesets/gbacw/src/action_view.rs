//! Actions as a page shows them (`engine::ActionView`): the rulebook's words, the kind, and
//! the counter and hexes they belong to. Selecting, stepping and facing carry the moving
//! counter's id, so `engine::reach` finds a unit's destinations by playing them forward.

use crate::action::{Action, Piece};
use crate::movement;
use crate::state::Gbacw;
use engine::ActionView;

/// A unit's hex, if it is one of this game's and on the map.
fn unit_hex(g: &Gbacw, u: crate::state::UnitId) -> Option<hexmap::Hex> {
    if usize::from(u) < g.units.len() { g.hex_of(u) } else { None }
}

/// The vacated hex announced attackers may advance into (12.85).
fn advance_hex(g: &Gbacw) -> Option<hexmap::Hex> {
    match g.stack.last() {
        Some(crate::Frame::Melee(crate::melee::MeleeFrame::Advance(h))) => Some(*h),
        _ => None,
    }
}

/// The action's view.
#[must_use]
pub fn action_view(g: &Gbacw, a: &Action) -> ActionView {
    let lead = movement::mover(g).map(|m| m.pieces[0]);
    let (kind, unit, hex) = match *a {
        Action::Done => ("done", None, None),
        Action::Roll(_) | Action::Roll2(_) => ("chance", None, None),
        // 17.6, 17.22: about a brigade commander, where he stands.
        Action::Detach(l) | Action::Attach { brigade: l, .. } | Action::Augment { brigade: l, .. } => {
            ("choice", Some(Piece::Leader(l)), None)
        }
        // 5.0: begin a move; join the stack moving.
        Action::Select(p) | Action::Join(p) => ("select", Some(p), None),
        // 5.0, 7.11 (from off the map: the landing hex, 4.0 B).
        Action::Step(h) => ("move", lead, Some(h)),
        // 7.12: the facing the move ends with.
        Action::Face(_) => ("face", lead, None),
        // 6.2: paid from the move's MP.
        Action::Form(_) => ("move", lead, None),
        Action::EndMove => ("done", lead, None),
        // 8.41 stacking order, 6.22 mounting.
        Action::ToTop(u) | Action::Mount(u) => ("choice", Some(Piece::Unit(u)), None),
        // 9.0: the target announced; a unit's share (the page asks its odds); the roll.
        Action::FireAt(h) => ("choice", None, Some(h)),
        Action::Fire { unit, .. } => ("fire", Some(Piece::Unit(unit)), crate::describe::fire_target(g)),
        Action::Resolve => ("done", None, crate::describe::melee_target(g).or_else(|| crate::describe::fire_target(g))),
        // 14.4: the retreating unit's next hex.
        Action::RetreatTo(h) => match g.stack.last() {
            Some(crate::Frame::Retreat(crate::retreat::RetreatFrame::Go(r))) => {
                ("move", r.units.first().map(|&u| Piece::Unit(u)), Some(h))
            }
            _ => ("move", None, Some(h)),
        },
        // 17.53: where the leader goes.
        Action::LeaderTo(h) => match g.stack.last() {
            Some(crate::Frame::Fire(crate::fire::FireFrame::Place { leader, .. })) => {
                ("place", Some(Piece::Leader(*leader)), Some(h))
            }
            _ => ("place", None, Some(h)),
        },
        // 11.23: the unit, and the wagon's hex it draws from; 11.33: the battery that gives,
        // and the hex of the one that takes.
        Action::Resupply { unit, wagon } => ("choice", Some(Piece::Unit(unit)), unit_hex(g, wagon)),
        Action::Transfer { from, to } => ("choice", Some(Piece::Unit(from)), unit_hex(g, to)),
        // 13.52: the unit rallied; 11.18: the unit that gives the crew, at the wagon; the
        // counter that embarks.
        Action::Rally(u) => ("choice", Some(Piece::Unit(u)), None),
        Action::Recrew { wagon, from } => ("choice", Some(Piece::Unit(from)), unit_hex(g, wagon)),
        Action::Embark(p) => ("choice", Some(p), None),
        // 12.8: the attacker and the hex it will melee; 12.81, 12.94: the unit retreating;
        // 12.85: the unit advancing; 12.74: the unit taking the loss.
        Action::Announce { unit, at } | Action::Charge { unit, at } => ("choice", Some(Piece::Unit(unit)), Some(at)),
        Action::Retire(u) => ("retreat", Some(Piece::Unit(u)), None),
        Action::Advance(u) => ("move", Some(Piece::Unit(u)), advance_hex(g)),
        Action::Casualty(u) => ("choice", Some(Piece::Unit(u)), None),
        // 12.0: the hex meleed; 12.75 a unit joining (the page asks its odds).
        Action::MeleeAt(h) => ("melee", None, Some(h)),
        Action::Attack(u) => ("melee", Some(Piece::Unit(u)), crate::describe::melee_target(g)),
    };
    // The command decisions belong where their brigade commander stands.
    let from = match *a {
        Action::Detach(l) | Action::Attach { brigade: l, .. } | Action::Augment { brigade: l, .. }
            if usize::from(l) < g.leaders.len() =>
        {
            g.leader_hex(l).map(|h| h.label())
        }
        Action::Fire { unit, .. } | Action::Attack(unit) if usize::from(unit) < g.units.len() => {
            g.hex_of(unit).map(|h| h.label())
        }
        _ => None,
    };
    ActionView {
        label: crate::describe::describe(g, a),
        kind: kind.into(),
        // An action from outside may name a unit that does not exist: it has no counter.
        unit: unit.filter(|&p| movement::exists(g, p)).map(|p| movement::counter_id(g, p)),
        from,
        hex: hex.map(hexmap::Hex::label),
        warning: None,
        together: Vec::new(),
        ends: None,
        params: Vec::new(),
        target: None,
    }
}

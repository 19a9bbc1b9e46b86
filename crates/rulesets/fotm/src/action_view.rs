//! Actions as a page shows them (`engine::ActionView`): the rulebook's words (`describe`),
//! what sort of action each is, the unit it is for and the hex it targets, so that a player can
//! click a unit, see the hexes it may act on, and click one. Units are named by their
//! order-of-battle id (brigades "Scammon", commanders "DHHill"), the id `view::board` gives
//! each `CounterView`. No action here starts from a hex of its own, so `from` is always empty.

use crate::action::Action;
use crate::combat::{self, CombatFrame};
use crate::procedure::Frame;
use crate::retreat::RetreatFrame;
use crate::state::{Fotm, Unit};
use engine::{ActionView, Actor};
use hexmap::Hex;

/// The action's view: its kind, its unit and the `hex` it targets.
pub(crate) fn action_view(g: &Fotm, a: &Action) -> ActionView {
    let brigade = |b| Some(Unit::Brigade(b));
    let (kind, unit, hex): (&str, Option<Unit>, Option<Hex>) = match *a {
        // Dice: 15.2 combat rolls, morale checks, rallies...
        Action::Roll(_) | Action::Dice { .. } => ("chance", None, None),
        // A pick is chance's where the rules pick at random (16.0 which commander is hit),
        // else the owner's choice (4.1 who retreats further, 17.5 who guards, 8.5 pursuers).
        Action::Pick(u) if engine::Game::actor(g) == Actor::Chance => ("chance", Some(u), None),
        Action::Pick(u) => ("choice", Some(u), None),
        // Yes or no (17.2, 15.7, 10.4), and calling off an Assault before it is rolled (15.4).
        Action::Choose(_) | Action::Cancel => ("choice", None, None),
        Action::Done => ("done", None, None),
        // 11.1: set-up; the facing is in the label.
        Action::Deploy { unit, hex, .. } => ("place", Some(unit), Some(hex)),
        // 13.1, 14.2: begin moving a unit.
        Action::Select(u) => ("select", Some(u), None),
        // 13.1, 14.2 (from off the map: the entry hex).
        // 8.5: the breakout's exit is a step off the map: no hex the page draws, a button.
        Action::Step(h) if !g.map().contains(h) => ("move", mover(g), None),
        Action::Step(h) => ("move", mover(g), Some(h)),
        // 13.2 Change Facing.
        Action::Face(_) => ("face", mover(g), None),
        // 13.3 formation change and 8.1 mounting are paid for from the move's MP.
        Action::Formation | Action::Mount => ("move", mover(g), None),
        Action::EndMove => ("done", mover(g), None),
        // 4.2: stacking order.
        Action::ToTop(b) | Action::Lead(b) => ("choice", brigade(b), None),
        // 15.4: an Assault on a hex, for a brigade that may make it.
        Action::Assault(h) => ("melee", assailant(g, h), Some(h)),
        // 15.4, 15.5: infantry and cavalry close, artillery fires (9.0).
        Action::Join(b) => {
            let artillery = g.oob().brigades.get(usize::from(b)).is_some_and(|info| info.arm.is_artillery());
            // Taking a brigade out again is no attack: a choice, asked with its warning before
            // it is sent (the ninth playtest: a click on the hex took one out silently).
            let out = crate::combat::announced(g).is_some_and(|x| x.joined.contains(&b));
            let kind = if out {
                "choice"
            } else if artillery {
                "fire"
            } else {
                "melee"
            };
            (kind, brigade(b), assault_target(g))
        }
        Action::Launch => ("melee", None, None),
        // 15.10: into the vacated hex.
        Action::Advance(b) => ("move", brigade(b), assault_target(g)),
        // 17.3: the brigade whose retreat is pending.
        Action::RetreatTo(h) => ("retreat", retreating(g), Some(h)),
        // 12.2 rally, 12.3 regroup.
        Action::Rally { brigade: b, .. } | Action::Regroup { brigade: b, .. } => ("rally", brigade(b), None),
    };
    ActionView {
        label: crate::describe::describe(g, a),
        kind: kind.into(),
        // An action from outside may name a unit that does not exist: it has no counter.
        unit: unit.and_then(|u| unit_id(g, u)),
        from: None,
        hex: hex.map(Hex::label),
        warning: match *a {
            Action::Step(to) => crate::movement::step_warning(g, to),
            Action::Done => crate::movement::done_warning(g),
            // 15.4: the same choice takes a brigade out of the Assault it has joined; a click
            // meant to add it asks first (the seventh playtest toggled one out unawares).
            Action::Join(b) if crate::combat::announced(g).is_some_and(|x| x.joined.contains(&b)) => {
                Some(format!("{}: it is in the Assault already", crate::describe::describe(g, a)))
            }
            // 15.2: a battery joining an Assault whose close combat would fill the ten dice
            // takes some of them (the eighth playtest: adding guns lowered the odds, unsaid).
            Action::Join(b) if crate::combat::crowds_the_dice(g, b) => Some(format!(
                "{}'s fire shares the Assault's ten dice with the close combat (FotM 15.2): each die it rolls is one fewer for the close combat",
                g.name(b)
            )),
            _ => None,
        },
        // 15.4: an Assault is listed under every brigade that may join it, so a page lights
        // its hex whichever of them is selected (the ninth playtest: only the first one's).
        together: match *a {
            Action::Assault(h) => assailants(g, h),
            _ => Vec::new(),
        },
        ends: None,
        params: Vec::new(),
        target: None,
    }
}

/// The id the board view gives a unit's counter, if the unit is in the order of battle.
pub(crate) fn unit_id(g: &Fotm, u: Unit) -> Option<String> {
    match u {
        Unit::Brigade(b) => g.oob().brigades.get(usize::from(b)).map(|info| info.id.clone()),
        Unit::Commander(c) => g.oob().commanders.get(usize::from(c)).map(|info| info.id.clone()),
    }
}

/// 13.1: the unit moving now.
pub(crate) fn mover(g: &Fotm) -> Option<Unit> {
    crate::movement::mover(g).map(|m| m.unit)
}

/// 15.4: an Assault is announced on a hex before any brigade joins it, so its view names the
/// first brigade (in order of battle) of the phasing side that may join it: clicking that
/// brigade offers the hex.
fn assailant(g: &Fotm, target: Hex) -> Option<Unit> {
    match g.stack.last() {
        Some(Frame::Combat(f)) => match f.as_ref() {
            CombatFrame::Phase { side, .. } => {
                g.on_map(*side).find(|&b| combat::can_join(g, b, target)).map(Unit::Brigade)
            }
            _ => None,
        },
        _ => None,
    }
}

/// 15.4: every brigade of the side between Assaults that may join an Assault on `target`.
fn assailants(g: &Fotm, target: Hex) -> Vec<String> {
    match g.stack.last() {
        Some(Frame::Combat(f)) => match f.as_ref() {
            CombatFrame::Phase { side, .. } => g
                .on_map(*side)
                .filter(|&b| combat::can_join(g, b, target))
                .filter_map(|b| unit_id(g, Unit::Brigade(b)))
                .collect(),
            _ => Vec::new(),
        },
        _ => Vec::new(),
    }
}

/// The hex of the Assault under way.
fn assault_target(g: &Fotm) -> Option<Hex> {
    crate::combat::announced(g).map(|x| x.target)
}

/// 17.3: the brigade retreating now.
fn retreating(g: &Fotm) -> Option<Unit> {
    match g.stack.last() {
        Some(Frame::Retreat(f)) => match f.as_ref() {
            RetreatFrame::Retreat { b, .. } => Some(Unit::Brigade(*b)),
            _ => None,
        },
        _ => None,
    }
}

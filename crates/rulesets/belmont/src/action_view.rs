//! Actions as a page shows them (`engine::ActionView`): the rulebook's words (`describe`),
//! what sort of action each is, the counter it is for and the hexes it belongs to, so that a
//! player can click a counter, see the hexes it may act on, and click one. Units are named by
//! their counter id ("27IL-A"), the id `view::board` gives each `CounterView`.

use crate::action::Action;
use crate::counters::UnitId;
use crate::procedure::Frame;
use crate::state::{Belmont, Loc};
use engine::ActionView;
use hexmap::Hex;

/// The action's view: its kind, its unit, the hex it starts `from` (a volley's firing hex, a
/// melee marker's entry hex) and the `hex` it targets.
pub(crate) fn action_view(g: &Belmont, a: &Action) -> ActionView {
    let (kind, unit, from, hex): (&str, Option<UnitId>, Option<Hex>, Option<Hex>) = match a {
        // Dice, chit pulls (3.2.2), opportunity-fire hits (5.2), random picks (11.1, 11.4).
        Action::Roll(_) | Action::RollPair { .. } | Action::Draw(_) | Action::Hits(_) | Action::Pick(_) => {
            ("chance", None, None, None)
        }
        // 2.1 the guard regiment, 14.3 the reserve, 13.1 the release: a regiment, not a counter.
        Action::Guard(_) | Action::CallReserve(_) | Action::Release(_) => ("choice", None, None, None),
        // 2.1: which companies stay at the dock.
        Action::GuardCompany(u) => ("choice", Some(*u), None, None),
        // 2.1, 2.2: set-up in the zone.
        Action::Place { unit, hex } => ("place", Some(*unit), None, Some(*hex)),
        // 5.1: a volley belongs to its firing hex; its unit is the first of the firers chosen.
        Action::Volley { from, target, firers } => {
            let first = if g.act.is_some() { first_firer(g, *from, *firers) } else { None };
            ("fire", first, Some(*from), Some(*target))
        }
        // 4.3.1: a melee marker is the melee obligation itself, placed from its entry hex.
        Action::Marker { target, from } => ("melee", None, Some(*from), Some(*target)),
        // 4.0 (and 11.7 debarking: the unit is aboard, off the map).
        Action::Move { unit, to } => ("move", Some(*unit), None, Some(*to)),
        // 11.7, 11.6: the vessel's hex is where the unit goes.
        Action::Board { unit, vessel } => ("board", Some(*unit), None, on_map(g, *vessel)),
        // 11.5: naval movement.
        Action::Sail { vessel, to } => ("move", Some(*vessel), None, Some(*to)),
        Action::Done => ("done", None, None, None),
        // Yes or no: 5.2 opportunity fire, 8.1 leaders go along, 6.1 continue, 6.3 fury, 6.8.
        Action::Fire(_) | Action::Accompany(_) | Action::Continue(_) | Action::Fury(_) | Action::Reroll(_) => {
            ("choice", None, None, None)
        }
        // 7.0 who takes the hit, 6.0 the leader who adds his SP, 5.1 whose die terrain takes.
        Action::TakeHit(u) | Action::LeaderAdds(u) | Action::LoseDie(u) => ("choice", Some(*u), None, None),
        // 8.3: which unit retreats.
        Action::Retreater(u) => ("retreat", Some(*u), None, None),
        // 8.0, 8.2: the retreating unit is the one the pending retreat is for.
        Action::RetreatTo(h) => ("retreat", retreating(g), None, Some(*h)),
        // 6.0: the melee at a marker.
        Action::Resolve(i) => ("melee", None, None, g.markers.get(usize::from(*i)).map(|m| m.target)),
        // 5.3: defensive fire at an attacking group, which stands in the melee hex.
        Action::TargetGroup(_) => ("fire", None, None, melee_hex(g)),
        // 6.3: the fury attacks a hex.
        Action::FuryTarget(h) => ("melee", None, None, Some(*h)),
        // 9.0.
        Action::Rally { unit, .. } => ("rally", Some(*unit), None, None),
        // 11.5: the path of the vessel under way, which ends at its hex (it is there already).
        Action::Route(_) => {
            let v = naval_target(g);
            ("choice", v, None, v.and_then(|v| g.hex_of(v)))
        }
        // 5.2: opportunity fire at the moving vessel, from the first firer chosen.
        // Holding fire is a button, not a shot at the vessel's hex (the tenth playtest found it
        // only by clicking the vessel).
        Action::OppFire(firers) if firers.is_empty() => ("choice", None, None, None),
        Action::OppFire(firers) => {
            let first = firers.first().copied();
            ("fire", first, first.and_then(|u| on_map(g, u)), naval_target(g).and_then(|v| g.hex_of(v)))
        }
        // 12.1: the long-range battery fires blind.
        Action::Bombard { battery, target } => ("fire", Some(*battery), None, Some(*target)),
    };
    ActionView {
        label: crate::describe::describe(g, a),
        kind: kind.into(),
        // An action from outside may name a unit that does not exist: it has no counter.
        unit: unit.and_then(|u| g.oob().counters.get(usize::from(u))).map(|c| c.id.clone()),
        from: from.map(Hex::label),
        hex: hex.map(Hex::label),
        warning: match a {
            // An action from outside may name a unit that does not exist: no warning then.
            Action::Move { unit, to } if g.oob().counters.get(usize::from(*unit)).is_some() && g.in_play(*unit) => {
                crate::fire::opportunity_warning(g, *unit, *to)
            }
            Action::Done if g.act.is_some() => crate::movement::done_leaves(g),
            // 12.2: an Iron Banks battery among the firers may blow itself up.
            Action::Volley { from, firers, .. } if g.act.is_some() => crate::fire::catastrophe_warning(
                g,
                &crate::fire::picked(&crate::fire::volley_firers(g, *from), *firers),
                false,
            ),
            Action::Bombard { battery, .. } if g.oob().counters.get(usize::from(*battery)).is_some() => {
                crate::fire::catastrophe_warning(g, &[*battery], true)
            }
            _ => None,
        },
        together: together(g, a),
        ends: match a {
            Action::Move { unit, .. } if g.act.is_some() && g.oob().counters.get(usize::from(*unit)).is_some() => {
                crate::movement::ends_by(g, *unit)
            }
            _ => None,
        },
        params: Vec::new(),
        target: None,
    }
}

/// 5.1, 5.2: the firers a volley or an opportunity fire chooses, by counter id, so a page
/// offers one choice with a tick per firer rather than a button per subset.
fn together(g: &Belmont, a: &Action) -> Vec<String> {
    let firers: Vec<UnitId> = match a {
        Action::Volley { from, firers, .. } if g.act.is_some() => {
            crate::fire::picked(&crate::fire::volley_firers(g, *from), *firers)
        }
        Action::OppFire(firers) => firers.clone(),
        _ => return Vec::new(),
    };
    firers.into_iter().filter_map(|u| g.oob().counters.get(usize::from(u))).map(|c| c.id.clone()).collect()
}

/// 5.1: the first of the firers a volley's bitmask chooses among `from`'s eligible units.
fn first_firer(g: &Belmont, from: Hex, firers: u8) -> Option<UnitId> {
    crate::fire::picked(&crate::fire::volley_firers(g, from), firers).first().copied()
}

/// 11.5, 5.2: the vessel whose path or fire is pending.
fn naval_target(g: &Belmont) -> Option<UnitId> {
    match g.stack.last() {
        Some(Frame::ChooseRoute { vessel, .. }) => Some(*vessel),
        Some(Frame::NavalOpp { target, .. }) => Some(*target),
        _ => None,
    }
}

/// 8.0: the unit whose retreat is pending.
fn retreating(g: &Belmont) -> Option<UnitId> {
    match g.stack.last() {
        Some(Frame::Retreat(r)) => Some(r.unit),
        _ => None,
    }
}

/// 6.0: the hex of the melee under way.
fn melee_hex(g: &Belmont) -> Option<Hex> {
    match g.stack.last() {
        Some(Frame::Melee(m)) => g.markers.get(usize::from(m.marker)).map(|mk| mk.target),
        _ => None,
    }
}

/// Where unit `u` stands on the map, if it does; `None` for an id no unit has (a hostile
/// action's), so a view never panics.
fn on_map(g: &Belmont, u: UnitId) -> Option<Hex> {
    g.units.get(usize::from(u)).and_then(|x| match x.loc {
        Loc::Hex(h) => Some(h),
        _ => None,
    })
}

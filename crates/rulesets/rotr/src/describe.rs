//! Actions in the rulebook's words, and as a page shows them (`engine::ActionView`): a unit's
//! action names its table id so a page can hang it on the unit's stands.

use crate::action::Action;
use crate::procedure::Frame;
use crate::ratings::Rating;
use crate::state::Rotr;
use crate::view::unit_id;
use engine::ActionView;

/// Whether every unit and chit the action names is one of the scenario's (a hostile record's
/// `{"Select": 99}` names none).
#[must_use]
pub fn names_known(g: &Rotr, a: &Action) -> bool {
    match *a {
        Action::Select(u) | Action::FinishUnit(u) | Action::Arrive(u) => usize::from(u.0) < g.units.len(),
        Action::Draw(b) => usize::from(b.0) < g.scenario().brigades.len(),
        Action::D10(f) => f <= 9,
        Action::EndActivation => true,
    }
}

/// The action in words.
#[must_use]
pub fn describe(g: &Rotr, a: &Action) -> String {
    if !names_known(g, a) {
        return format!("{a:?}, which names no unit, chit or die face of the scenario");
    }
    match *a {
        Action::D10(f) => match g.stack.last() {
            Some(Frame::Rate(Rating::Quality(c))) => format!("{} rolls {f} (D10, 2.3)", g.commander_info(*c).name),
            Some(Frame::Rate(Rating::Performance(u))) => format!("{} rolls {f} (D10, 2.1)", g.info(*u).name),
            _ => format!("D10: {f}"),
        },
        Action::Draw(b) => format!("{}'s chit is drawn (4.3)", g.brigade(b).chit),
        Action::Select(u) => format!("Select {} to operate (4.4)", g.info(u).name),
        Action::FinishUnit(u) => format!("Finish {}'s operations (4.4)", g.info(u).name),
        Action::Arrive(u) => {
            let at = match &g.info(u).entry {
                crate::scenario::Entry::Arrives { at, .. } => at.as_str(),
                crate::scenario::Entry::SetUp { .. } => "its entry",
            };
            format!("Bring {} on at {at} (R55)", g.info(u).name)
        }
        Action::EndActivation => match g.stack.last() {
            Some(Frame::Activation(a)) => format!("End {}'s activation (4.4)", g.brigade(a.brigade).chit),
            _ => "End the activation (4.4)".into(),
        },
    }
}

/// The action as a page shows it.
#[must_use]
pub fn action_view(g: &Rotr, a: &Action) -> ActionView {
    if !names_known(g, a) {
        return ActionView { label: describe(g, a), kind: "choice".into(), ..ActionView::default() };
    }
    let (kind, unit) = match *a {
        Action::D10(_) | Action::Draw(_) => ("chance", None),
        Action::Select(u) => ("select", Some(u)),
        Action::FinishUnit(u) => ("choice", Some(u)),
        // Not on the table until it arrives: a button, not a unit's action.
        Action::Arrive(_) => ("move", None),
        Action::EndActivation => ("done", None),
    };
    ActionView { label: describe(g, a), kind: kind.into(), unit: unit.map(unit_id), ..ActionView::default() }
}

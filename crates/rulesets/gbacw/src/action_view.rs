//! Actions as a page shows them (`engine::ActionView`): the rulebook's words, the kind, and
//! the counter and hexes they belong to.

use crate::action::Action;
use crate::state::Gbacw;
use engine::ActionView;

/// The action's view.
#[must_use]
pub fn action_view(g: &Gbacw, a: &Action) -> ActionView {
    let kind = match a {
        Action::Done => "done",
        Action::Roll(_) | Action::Roll2(_) => "chance",
        Action::Detach(_) | Action::Attach { .. } | Action::Augment { .. } => "choice",
    };
    // The brigade commander the command decision is about, where he stands.
    let leader = match *a {
        Action::Detach(l) | Action::Attach { brigade: l, .. } | Action::Augment { brigade: l, .. } => Some(l),
        _ => None,
    };
    let (unit, from) = match leader.filter(|&l| usize::from(l) < g.leaders.len()) {
        Some(l) => (Some(g.leader_info(l).0.to_string()), g.leader_hex(l).map(|h| h.label())),
        None => (None, None),
    };
    ActionView { label: crate::describe::describe(g, a), kind: kind.into(), unit, from, ..ActionView::default() }
}

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
    };
    ActionView { label: crate::describe::describe(g, a), kind: kind.into(), ..ActionView::default() }
}

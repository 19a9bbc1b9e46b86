//! Actions in the rulebook's words, and why one is refused.

use crate::action::Action;
use crate::state::Gbacw;
use engine::{Game, Illegal};

/// The action in a player's words ("end the B. Movement Phase").
#[must_use]
pub fn describe(g: &Gbacw, a: &Action) -> String {
    match a {
        Action::Done => format!("end the {}", g.phase.name()),
        Action::Roll(d) => format!("roll {d}"),
        Action::Roll2(s) => format!("roll {s} on two dice"),
    }
}

/// Why `a` is not legal now, with the rule that forbids it.
#[must_use]
pub fn why_illegal(g: &Gbacw, a: &Action) -> Illegal {
    if let Some(why) = engine::procedure::why(g, a) {
        return why;
    }
    let rule = g.prompt().rule;
    let reason = match g.actor() {
        engine::Actor::Over => "the game is over".to_string(),
        engine::Actor::Chance => "chance is to act".to_string(),
        engine::Actor::Side(s) => format!("not offered now: the {} is to {}", s.title(), g.prompt().text),
    };
    Illegal { rule, reason }
}

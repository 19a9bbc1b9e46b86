//! Actions in the rulebook's words, and why one is refused.

use crate::action::Action;
use crate::command::CommandFrame;
use crate::procedure::Frame;
use crate::state::{Gbacw, LeaderId};
use engine::{Game, Illegal};

/// The action in a player's words ("end the B. Movement Phase").
#[must_use]
pub fn describe(g: &Gbacw, a: &Action) -> String {
    match a {
        Action::Done if g.stack.last() == Some(&Frame::Command(CommandFrame::Assign)) => {
            "announce no more attachments or detachments (17.6)".to_string()
        }
        Action::Done => format!("end the {}", g.phase.name()),
        Action::Detach(l) => format!("detach {}'s brigade from its division (17.61)", leader(g, *l)),
        Action::Attach { brigade, to } => {
            format!("attach {}'s brigade to {} (17.64)", leader(g, *brigade), leader(g, *to))
        }
        Action::Augment { by, brigade } => {
            format!(
                "{} spends a Command Point on {}'s Effectiveness Radius (17.22)",
                leader(g, *by),
                leader(g, *brigade)
            )
        }
        Action::Roll(d) => format!("roll {d}"),
        Action::Roll2(s) => format!("roll {s} on two dice"),
    }
}

/// A leader's name, or his number if there is no such leader.
fn leader(g: &Gbacw, l: LeaderId) -> String {
    if usize::from(l) < g.leaders.len() { g.leader_info(l).1.to_string() } else { format!("leader {l}") }
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

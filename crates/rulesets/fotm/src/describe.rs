//! Actions in the rulebook's words, and why a refused action is refused.

use crate::action::Action;
use crate::facing::facing_name;
use crate::procedure;
use crate::state::{Fotm, Unit};
use engine::Illegal;

/// The action in words.
pub(crate) fn describe(g: &Fotm, a: &Action) -> String {
    let u = |u: Unit| g.uname(u);
    let b = |b: crate::state::Bid| g.name(b).to_string();
    match *a {
        Action::Done => "Done".into(),
        Action::Roll(d) => format!("roll {d}"),
        Action::Dice { sixes, ones } => {
            if ones > 0 {
                format!("{sixes} six(es), {ones}{} one(s)", if ones >= 2 { "+" } else { "" })
            } else {
                format!("{sixes} six(es)")
            }
        }
        Action::Pick(x) => format!("choose {}", u(x)),
        Action::Choose(yes) => (if yes { "yes" } else { "no" }).into(),
        Action::Deploy { unit, hex, facing } => match unit {
            Unit::Brigade(_) => format!("set up {} in {hex} facing {}", u(unit), facing_name(facing)),
            Unit::Commander(_) => format!("set up {} in {hex}", u(unit)),
        },
        Action::Select(x) => format!("move {}", u(x)),
        Action::Step(h) => format!("enter {h}"),
        Action::Face(f) => format!("face {}", facing_name(f)),
        Action::Formation => "change formation (line/column)".into(),
        Action::Mount => "mount / dismount".into(),
        Action::EndMove => "end this unit's move".into(),
        Action::ToTop(x) => format!("put {} on top of its stack", b(x)),
        Action::Assault(h) => format!("assault {h}"),
        Action::Join(x) => format!("{} joins / leaves the Assault", b(x)),
        Action::Launch => "resolve the Assault".into(),
        Action::Cancel => "call off the Assault".into(),
        Action::Lead(x) => format!("{} leads", b(x)),
        Action::Advance(x) => format!("{} advances into the vacated hex", b(x)),
        Action::RetreatTo(h) => format!("retreat to {h}"),
        Action::Rally { brigade, by } => match by {
            Some(c) => format!("{} rallies {}", g.cname(c), b(brigade)),
            None => format!("{}'s officers rally it", b(brigade)),
        },
        Action::Regroup { brigade, by } => format!("{} regroups {}", g.cname(by), b(brigade)),
    }
}

/// Why an action is refused: the module's own reason where it has one, else the pending
/// decision's rule (`engine::refusal`).
pub(crate) fn why_illegal(g: &Fotm, a: &Action) -> Illegal {
    procedure::why(g, a).unwrap_or_else(|| engine::refusal(g, a))
}

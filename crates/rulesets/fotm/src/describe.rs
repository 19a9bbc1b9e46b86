//! Actions in the rulebook's words, and why a refused action is refused.

use crate::action::Action;
use crate::facing::facing_name;
use crate::procedure;
use crate::state::{Bid, Cid, Fotm, Unit};
use engine::Illegal;

/// A brigade's name, or words saying there is none: an action from outside the engine may
/// name any number.
fn brigade_name(g: &Fotm, b: Bid) -> String {
    match g.oob().brigades.get(usize::from(b)) {
        Some(info) => info.name.clone(),
        None => format!("brigade #{b} (no such brigade)"),
    }
}

/// A commander's name as he stands now, or words saying there is none.
fn commander_name(g: &Fotm, c: Cid) -> String {
    if usize::from(c) < g.oob().commanders.len() { g.cname(c) } else { format!("commander #{c} (no such commander)") }
}

/// A unit's name, or words saying there is none.
fn unit_name(g: &Fotm, u: Unit) -> String {
    match u {
        Unit::Brigade(b) => brigade_name(g, b),
        Unit::Commander(c) => commander_name(g, c),
    }
}

/// The first brigade or commander an action names that is not in the order of battle, in
/// words. An action from outside the engine is well-formed but may name anything; the rules'
/// own lookups expect what exists, so [`why_illegal`] refuses these first.
fn unknown(g: &Fotm, a: &Action) -> Option<String> {
    let oob = g.oob();
    let missing = |u: Unit| match u {
        Unit::Brigade(b) => (usize::from(b) >= oob.brigades.len()).then(|| format!("there is no brigade #{b}")),
        Unit::Commander(c) => (usize::from(c) >= oob.commanders.len()).then(|| format!("there is no commander #{c}")),
    };
    match *a {
        Action::Pick(u) | Action::Select(u) | Action::Deploy { unit: u, .. } => missing(u),
        Action::ToTop(b) | Action::Join(b) | Action::Lead(b) | Action::Advance(b) => missing(Unit::Brigade(b)),
        Action::Rally { brigade, by } => {
            missing(Unit::Brigade(brigade)).or_else(|| by.and_then(|c| missing(Unit::Commander(c))))
        }
        Action::Regroup { brigade, by } => missing(Unit::Brigade(brigade)).or_else(|| missing(Unit::Commander(by))),
        Action::Done
        | Action::Roll(_)
        | Action::Dice { .. }
        | Action::Choose(_)
        | Action::Step(_)
        | Action::Face(_)
        | Action::Formation
        | Action::Mount
        | Action::EndMove
        | Action::Assault(_)
        | Action::Launch
        | Action::Cancel
        | Action::RetreatTo(_) => None,
    }
}

/// The action in words.
pub(crate) fn describe(g: &Fotm, a: &Action) -> String {
    let u = |u: Unit| unit_name(g, u);
    let b = |b: Bid| brigade_name(g, b);
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
        Action::Choose(yes) => choice_words(g, yes).into(),
        Action::Deploy { unit, hex, facing } => match unit {
            Unit::Brigade(_) => format!("set up {} in {hex} facing {}", u(unit), facing_name(facing)),
            Unit::Commander(_) => format!("set up {} in {hex}", u(unit)),
        },
        Action::Select(x) => format!("move {}", u(x)),
        // 8.5 (the third playtest: the exit was offered as a step into a hex the map does not
        // draw, so no one could find it).
        Action::Step(h) if !g.map().contains(h) => "exit the West edge (8.5 cavalry breakout)".into(),
        Action::Step(h) => format!("enter {h}"),
        Action::Face(f) => format!("face {}", facing_name(f)),
        Action::Formation => "change formation (line/column)".into(),
        Action::Mount => "mount / dismount".into(),
        Action::EndMove => "end this unit's move".into(),
        Action::ToTop(x) => format!("put {} on top of its stack", b(x)),
        Action::Assault(h) => format!("assault {h}"),
        Action::Join(x) => {
            // Joins, or leaves again, the Assault being announced (15.4).
            let announced = crate::combat::announced(g).map(|a| (a.target, &a.joined));
            match announced {
                Some((t, joined)) if joined.contains(&x) => format!("{} leaves the Assault on {t}", b(x)),
                Some((t, joined)) => {
                    // 15.2: said before the roll (the fifth playtest: the dice fell, unexplained).
                    let mut with: Vec<_> = joined.clone();
                    with.push(x);
                    let known = usize::from(x) < g.oob().brigades.len();
                    let corps =
                        if known && crate::combat::mixed_corps(g, &with) && !crate::combat::mixed_corps(g, joined) {
                            ": brigades of two corps, -1 SP to the attack (15.2)"
                        } else {
                            ""
                        };
                    format!("{} joins the Assault on {t}{corps}", b(x))
                }
                None => format!("{} joins the Assault", b(x)),
            }
        }
        Action::Launch => "resolve the Assault".into(),
        Action::Cancel => "call off the Assault".into(),
        Action::Lead(x) => format!("{} leads", b(x)),
        Action::Advance(x) => format!("{} advances into the vacated hex", b(x)),
        Action::RetreatTo(h) => format!("retreat to {h}"),
        Action::Rally { brigade, by } => match by {
            Some(c) => format!("{} rallies {}", commander_name(g, c), b(brigade)),
            None => format!("{}'s officers rally it", b(brigade)),
        },
        Action::Regroup { brigade, by } => format!("{} regroups {}", commander_name(g, by), b(brigade)),
    }
}

/// Why an action is refused: the module's own reason where it has one, else the pending
/// decision's rule (`engine::refusal`).
pub(crate) fn why_illegal(g: &Fotm, a: &Action) -> Illegal {
    if let Some(missing) = unknown(g, a) {
        let (rule, text) = procedure::prompt(g);
        return Illegal { rule: rule.into(), reason: format!("{missing}; not a legal choice now: {text}") };
    }
    procedure::why(g, a).unwrap_or_else(|| engine::refusal(g, a))
}

/// A yes-or-no decision in the words of what each answer does (the ninth playtest: buttons
/// read only "yes" and "no").
fn choice_words(g: &Fotm, yes: bool) -> &'static str {
    use crate::combat::{CombatFrame, Stage};
    use crate::procedure::Frame;
    use crate::retreat::RetreatFrame;
    use crate::sequence::SeqFrame;
    let pick = |y: &'static str, n: &'static str| if yes { y } else { n };
    match g.stack.last() {
        Some(Frame::Retreat(r)) if matches!(**r, RetreatFrame::Choice { .. }) => {
            pick("take the morale check (17.2)", "retreat (17.3)")
        }
        Some(Frame::Combat(c)) => match c.as_ref() {
            CombatFrame::Assault(a) if a.stage == Stage::DefChoice => pick(
                "suppression fire at the assaulting artillery (15.7)",
                "canister fire with the infantry and cavalry (15.7)",
            ),
            CombatFrame::Assault(a) if a.stage == Stage::Longstreet => pick(
                "add Longstreet's 2 SP to this Assault (10.5)",
                "keep Longstreet's bonus for another Assault (10.5)",
            ),
            _ => pick("yes", "no"),
        },
        Some(Frame::Seq(SeqFrame::LeeArrives)) => pick("Lee arrives (10.4)", "Lee does not arrive yet (10.4)"),
        Some(Frame::Seq(SeqFrame::LongstreetBonus)) => pick(
            "Longstreet's bonus: +1 to his Rally and Regroup attempts this turn (10.5)",
            "Longstreet's bonus: +2 SP to one Assault this turn (10.5)",
        ),
        _ => pick("yes", "no"),
    }
}

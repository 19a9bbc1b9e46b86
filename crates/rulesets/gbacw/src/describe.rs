//! Actions in the rulebook's words, and why one is refused.

use crate::action::{Action, Piece};
use crate::command::CommandFrame;
use crate::melee::MeleeFrame;
use crate::movement;
use crate::procedure::Frame;
use crate::state::{Formation, Gbacw, LeaderId};

use engine::{Game, Illegal};

/// A counter's name, or a placeholder for one this game does not have.
fn piece(g: &Gbacw, p: Piece) -> String {
    if movement::exists(g, p) { movement::name(g, p) } else { format!("{p:?}") }
}

/// The action in a player's words ("end the B. Movement Phase").
#[must_use]
pub fn describe(g: &Gbacw, a: &Action) -> String {
    match *a {
        Action::Done if g.stack.last() == Some(&Frame::Command(CommandFrame::Assign)) => {
            "announce no more attachments or detachments (17.6)".to_string()
        }
        Action::Done => match g.stack.last() {
            Some(Frame::Move(f)) if matches!(**f, movement::MoveFrame::Mounting { .. }) => {
                format!("end the {} (no more mounting)", g.phase.name())
            }
            Some(Frame::Withdraw(v)) => format!("fire no more at {} (10.19)", v.at),
            Some(Frame::Melee(MeleeFrame::Defend(h))) => format!("accept the melee in {h} (12.8)"),
            Some(Frame::Melee(MeleeFrame::Advance(h))) => format!("advance no more into {h} (12.85)"),
            Some(Frame::Melee(MeleeFrame::Announce)) => "announce no more melees (12.8)".into(),
            _ => format!("end the {}", g.phase.name()),
        },
        Action::Detach(l) => format!("detach {}'s brigade from its division (17.61)", leader(g, l)),
        Action::Attach { brigade, to } => {
            format!("attach {}'s brigade to {} (17.64)", leader(g, brigade), leader(g, to))
        }
        Action::Augment { by, brigade } => {
            format!("{} spends a Command Point on {}'s Effectiveness Radius (17.22)", leader(g, by), leader(g, brigade))
        }
        Action::Roll(d) => format!("roll {d}"),
        Action::Roll2(s) => format!("roll {s} on two dice"),
        Action::Select(p) if movement::exists(g, p) && movement::hex(g, p).is_none() => {
            format!("bring {} onto the map", piece(g, p))
        }
        Action::Select(p) => format!("move {}", piece(g, p)),
        Action::Join(p) => match g.stack.last() {
            Some(Frame::Retreat(crate::retreat::RetreatFrame::Go(r))) => {
                let with = r.units.first().map_or_else(String::new, |&u| g.info(u).name.clone());
                format!("{} goes with {with} (13.43)", piece(g, p))
            }
            _ => format!("move {} with the stack", piece(g, p)),
        },
        Action::Step(h) => format!("enter {h}"),
        Action::Face(f) => match g.stack.last() {
            Some(Frame::Melee(MeleeFrame::Reface { hex, .. })) => {
                format!("face the units in {hex} {} after the melee (7.32)", crate::facing::dir(f).name())
            }
            _ => format!("end the move facing {}", crate::facing::dir(f).name()),
        },
        Action::Form(f) => match f {
            Formation::Column => "form Column".into(),
            Formation::Line => "form Line".into(),
            Formation::Limbered => "limber".into(),
            Formation::Unlimbered => "unlimber".into(),
            other => format!("take {other:?} formation"),
        },
        Action::EndMove if matches!(g.stack.last(), Some(Frame::Melee(_))) => {
            "stop the retreat before melee after one hex (12.81)".into()
        }
        Action::EndMove => match movement::mover(g) {
            Some(m) if movement::hex(g, m.pieces[0]).is_none() => "hold it back for a later Movement Phase".into(),
            _ => "end this move".into(),
        },
        Action::ToTop(u) if usize::from(u) < g.units.len() => {
            format!("put {} on top of its stack", g.info(u).name)
        }
        Action::Mount(u) if usize::from(u) < g.units.len() => {
            let verb = if g.unit(u).formation == Formation::Mounted { "dismount" } else { "mount" };
            format!("{verb} {}", g.info(u).name)
        }
        Action::ToTop(u) | Action::Mount(u) => format!("unit {u}"),
        Action::FireAt(h) => format!("announce a fire at {h} (9.0)"),
        Action::Fire { unit, sp, via } if usize::from(unit) < g.units.len() && volley(g).is_some() => {
            let (word, at) = volley(g).map_or(("withdrawal fire", String::new()), |v| {
                let w =
                    if v.trigger == crate::withdrawal::Trigger::Retreat { "retreat fire" } else { "withdrawal fire" };
                (w, v.at.label())
            });
            format!(
                "{} fires {word} ({sp}) at {at} through its {} hexside",
                g.info(unit).name,
                crate::facing::dir(via).name()
            )
        }
        Action::Fire { unit, sp, via } if usize::from(unit) < g.units.len() => {
            let at = fire_target(g).map_or_else(String::new, |h| format!(" at {h}"));
            format!(
                "{} fires {sp}{at} through its {} hexside (9.45)",
                g.info(unit).name,
                crate::facing::dir(via).name()
            )
        }
        Action::Fire { unit, .. } => format!("unit {unit} fires"),
        Action::LeaderTo(h) => match g.stack.last() {
            Some(Frame::Fire(crate::fire::FireFrame::Place { leader: l, .. })) => {
                format!("{} joins the units in {h} (17.53)", leader(g, *l))
            }
            _ => format!("the leader joins the units in {h} (17.53)"),
        },
        Action::Resupply { unit, wagon } => {
            format!("{} resupplies {} (11.23)", unit_name(g, wagon), unit_name(g, unit))
        }
        Action::Transfer { from, to } => {
            format!("{} passes a round to {} (11.33)", unit_name(g, from), unit_name(g, to))
        }
        Action::Rally(u) => {
            let by = (usize::from(u) < g.units.len())
                .then(|| crate::command::unit_brigade(g, u))
                .flatten()
                .map(|b| leader(g, crate::command::brigade_leader(g, b)));
            match by {
                Some(l) => format!("{l} rallies {} (13.52, 17.13)", unit_name(g, u)),
                None => format!("rally {} (13.52)", unit_name(g, u)),
            }
        }
        Action::Recrew { wagon, from } => {
            format!("{} gives a Strength Point to crew {} (11.18)", unit_name(g, from), unit_name(g, wagon))
        }
        Action::Embark(p) => format!("{} embarks at the landing (exclusive rule)", piece(g, p)),
        Action::RetreatTo(h) => match g.stack.last() {
            Some(Frame::Melee(MeleeFrame::Rbm(_))) => format!("retreat before melee into {h} (12.81)"),
            _ => format!("retreat into {h} (14.4)"),
        },
        Action::Announce { unit, at } => format!("announce {} to melee {at} (12.8)", unit_name(g, unit)),
        Action::Charge { unit, at } => format!("announce {} to charge {at} (16.2)", unit_name(g, unit)),
        Action::Retire(u) => match g.stack.last() {
            Some(Frame::Melee(MeleeFrame::Announce)) => {
                format!("pull {} out of the melee, two hexes back (12.94)", unit_name(g, u))
            }
            _ => format!("retreat {} before melee (12.81)", unit_name(g, u)),
        },
        Action::Advance(u) => format!("advance {} into the vacated hex (12.85)", unit_name(g, u)),
        Action::MeleeAt(h) => format!("melee the enemy in {h} (12.0)"),
        Action::Attack(u) => match melee_target(g) {
            Some(h) => format!("{} melees {h} (12.75)", unit_name(g, u)),
            None => format!("{} melees (12.75)", unit_name(g, u)),
        },
        Action::Casualty(u) => format!("{} takes the loss (12.74)", unit_name(g, u)),
        Action::Resolve if melee_target(g).is_some() => {
            format!("resolve the melee at {} (12.98)", melee_target(g).map(|h| h.label()).unwrap_or_default())
        }
        Action::Resolve => match fire_target(g) {
            Some(h) => format!("resolve the fire at {h} (9.42)"),
            None => "resolve the fire (9.42)".into(),
        },
    }
}

/// The hex a melee being declared is at (12.0).
pub(crate) fn melee_target(g: &Gbacw) -> Option<hexmap::Hex> {
    match g.stack.last() {
        Some(Frame::Melee(MeleeFrame::Declare { target, .. })) => Some(*target),
        _ => None,
    }
}

/// The withdrawal or retreat fire pending, if it is.
fn volley(g: &Gbacw) -> Option<&crate::withdrawal::Volley> {
    match g.stack.last() {
        Some(Frame::Withdraw(v)) => Some(v),
        _ => None,
    }
}

/// The hex a fire being announced is at.
pub(crate) fn fire_target(g: &Gbacw) -> Option<hexmap::Hex> {
    match g.stack.last() {
        Some(Frame::Fire(crate::fire::FireFrame::Declare(d))) => Some(d.target),
        Some(Frame::Withdraw(v)) => Some(v.at),
        _ => None,
    }
}

/// A unit's name, or its number if there is no such unit.
fn unit_name(g: &Gbacw, u: crate::state::UnitId) -> String {
    if usize::from(u) < g.units.len() { g.info(u).name.clone() } else { format!("unit {u}") }
}

/// A leader's name, or his number if there is no such leader.
fn leader(g: &Gbacw, l: LeaderId) -> String {
    if usize::from(l) < g.leaders.len() { g.leader_name(l) } else { format!("leader {l}") }
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
        // The prompt often names the side first ("Union: retreat ..."): said once (the sixth
        // playtest read "the Union is to Union: retreat").
        engine::Actor::Side(s) => {
            let text = g.prompt().text;
            let task = text.strip_prefix(&format!("{}: ", s.title())).unwrap_or(&text).to_string();
            format!("not offered now: the {} is to {task}", s.title())
        }
    };
    Illegal { rule, reason }
}

//! What a click the page did not offer would mean (`engine::Game::probe`, issue 15), so the
//! page can say which rule forbids it: a hex clicked while a unit moves is a step there (13.1,
//! 4.1, 6.1, 11.3...), in the Combat Phase an Assault on it (15.4) or, while one is announced,
//! the selected brigade joining it (15.4, 15.5), in a retreat the retreat
//! hex (17.3), at set-up a placement (11.1); a unit clicked is its selection to move (13.1,
//! 14.2) or whatever choice of a unit is pending; Done is the end of the move or the phase.
//! Only actions of the kinds the pending decision takes, so a click is never explained by a
//! rule of another phase.

use crate::action::Action;
use crate::action_view::mover;
use crate::combat::CombatFrame;
use crate::procedure::Frame;
use crate::state::{Fotm, Unit};
use engine::{Game, Illegal, Probe};
use hexmap::Hex;

/// The actions `p` means now, legal or not.
pub(crate) fn probe(g: &Fotm, p: &Probe) -> Vec<Action> {
    let legal = g.legal_actions();
    let has = |kind: fn(&Action) -> bool| legal.iter().any(kind);
    let moving = mover(g);
    match p {
        Probe::Finish => vec![if moving.is_some() { Action::EndMove } else { Action::Done }],
        Probe::Unit { unit } => {
            let Some(u) = unit_by_id(g, unit) else { return vec![] };
            let mut out = Vec::new();
            if moving.is_some() || has(|a| matches!(a, Action::Select(_))) {
                out.push(Action::Select(u));
            }
            if has(|a| matches!(a, Action::Pick(_))) {
                out.push(Action::Pick(u));
            }
            if let Unit::Brigade(b) = u {
                for (kind, a) in [
                    (has(|a| matches!(a, Action::Join(_))), Action::Join(b)),
                    (has(|a| matches!(a, Action::Lead(_))), Action::Lead(b)),
                    (has(|a| matches!(a, Action::Advance(_))), Action::Advance(b)),
                ] {
                    if kind {
                        out.push(a);
                    }
                }
                // Between Assaults, a brigade clicked is its joining one, so the page hears
                // what bars it from every Assault in reach (the seventh playtest: a battery
                // that could not fire, clicked, said nothing).
                if out.is_empty()
                    && matches!(g.stack.last(), Some(Frame::Combat(c)) if matches!(**c, CombatFrame::Phase { .. }))
                {
                    out.push(Action::Join(b));
                }
            }
            out
        }
        Probe::Hex { hex, unit } => {
            let Ok(h) = Hex::from_label(hex) else { return vec![] };
            let selected = unit.as_deref().and_then(|id| unit_by_id(g, id));
            let mut out = Vec::new();
            match (moving, selected) {
                (Some(m), Some(u)) if m != u => out.push(Action::Select(u)),
                (Some(_), _) => out.push(Action::Step(h)),
                (None, Some(u)) if has(|a| matches!(a, Action::Select(_))) => out.push(Action::Select(u)),
                _ => {}
            }
            // Between Assaults, a hex is an Assault on it even when none is left to make, so
            // a hex already assaulted hears 15.2 rather than nothing.
            if has(|a| matches!(a, Action::Assault(_)))
                || matches!(g.stack.last(), Some(Frame::Combat(c)) if matches!(**c, CombatFrame::Phase { .. }))
            {
                out.push(Action::Assault(h));
            }
            // While an Assault is announced, a hex clicked with a brigade selected is that
            // brigade joining it (15.4), so a battery out of range or sight hears why (15.5).
            if let Some(Unit::Brigade(b)) = selected
                && has(|a| matches!(a, Action::Join(_)))
            {
                out.push(Action::Join(b));
            }
            if has(|a| matches!(a, Action::RetreatTo(_))) {
                out.push(Action::RetreatTo(h));
            }
            // 15.10: the vacated hex clicked with a brigade selected is its advance there (the
            // ninth playtest heard "nothing to do" for cavalry that could not).
            if let Some(Unit::Brigade(b)) = selected
                && crate::combat::announced(g).is_some_and(|x| x.target == h)
                && matches!(g.stack.last(), Some(Frame::Combat(c)) if matches!(**c, CombatFrame::Assault(ref a) if matches!(a.stage, crate::combat::Stage::Advance | crate::combat::Stage::Reorder)))
            {
                out.push(Action::Advance(b));
            }
            if let Some(u) = selected
                && has(|a| matches!(a, Action::Deploy { .. }))
            {
                let facing = match u {
                    Unit::Brigade(b) => g.bde(b).facing,
                    Unit::Commander(_) => 0,
                };
                out.push(Action::Deploy { unit: u, hex: h, facing });
            }
            out
        }
    }
}

/// A unit by the id the board gives its counter (`view::board`): a brigade's or a
/// commander's order-of-battle id.
fn unit_by_id(g: &Fotm, id: &str) -> Option<Unit> {
    g.brigade_id(id).map(Unit::Brigade).or_else(|| g.commander_id(id).map(Unit::Commander))
}

/// Between Assaults, a hex clicked with a brigade of the phasing side selected means that
/// brigade's Assault on it (15.4): when another brigade may make it and the selected one may
/// not join, what bars it (a hex in its rear, 5.1; beyond its range, 15.5).
pub(crate) fn bar(g: &Fotm, p: &Probe) -> Option<Illegal> {
    let Probe::Hex { hex, unit: Some(id) } = p else { return None };
    let Some(Frame::Combat(c)) = g.stack.last() else { return None };
    let CombatFrame::Phase { side, .. } = **c else { return None };
    let b = g.brigade_id(id)?;
    let h = Hex::from_label(hex).ok()?;
    if g.side_of(b) != side || !g.legal_actions().contains(&Action::Assault(h)) {
        return None;
    }
    let (rule, why) = crate::combat::join_refusal(g, b, h)?;
    Some(Illegal { rule: rule.into(), reason: format!("{why}: it cannot join an Assault on {h}") })
}

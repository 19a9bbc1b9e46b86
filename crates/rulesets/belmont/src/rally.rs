//! 9.0 Rally Broken Units and 9.1 High Morale.
//!
//! Reading (9.0): Grant and Polk rally on 4-6 any two broken companies in or adjacent
//! to their hex; other leaders one company in their own hex, on 4-6 for their regiment
//! or brigade and 5-6 otherwise; alone a company needs a 6. High Morale adds +1 (9.1)
//! unless the company's regiment or brigade leader, or its army leader, has been killed.

use crate::action::Action;
use crate::charts::rally as r;
use crate::counters::{Kind, Rank, UnitId};
use crate::procedure::Frame;
use crate::state::{Belmont, Fate, Loc};
use engine::Side;

fn eligible(g: &Belmont, side: Side) -> Vec<UnitId> {
    g.ids()
        .filter(|&u| {
            g.owner(u) == side
                && matches!(g.counter(u).kind, Kind::Infantry | Kind::Cavalry)
                && g.unit(u).flipped
                && !g.unit(u).rallied
                && g.hex_of(u).is_some_and(|h| !g.in_zoc_of(h, side.enemy()))
        })
        .collect()
}

fn helpers(g: &Belmont, side: Side, u: UnitId, used: &[(UnitId, u8)]) -> Vec<UnitId> {
    let hex = g.hex_of(u).expect("on map");
    g.ids()
        .filter(|&l| {
            if !g.is_leader(l) || g.owner(l) != side {
                return false;
            }
            let Some(lh) = g.hex_of(l) else { return false };
            let spent = used.iter().find(|(x, _)| *x == l).map_or(0, |(_, n)| *n);
            if g.rank(l) == Some(Rank::Army) {
                lh.distance(hex) <= 1 && spent < r::ARMY_LEADER_RALLIES
            } else {
                lh == hex && spent < 1
            }
        })
        .collect()
}

pub(crate) fn legal(g: &Belmont, f: &Frame) -> Vec<Action> {
    let Frame::Rally { side, used } = f else { unreachable!() };
    let mut out = vec![Action::Done];
    for u in eligible(g, *side) {
        out.push(Action::Rally { unit: u, leader: None });
        for l in helpers(g, *side, u, used) {
            out.push(Action::Rally { unit: u, leader: Some(l) });
        }
    }
    out
}

fn dead(g: &Belmont, l: Option<UnitId>) -> bool {
    l.is_some_and(|l| matches!(g.unit(l).loc, Loc::Gone(Fate::Killed | Fate::Captured)))
}

/// 9.1: whether the company gets the High Morale bonus.
fn high_morale(g: &Belmont, u: UnitId) -> bool {
    let side = g.counter(u).side;
    if !g.high_morale[side.index()] {
        return false;
    }
    let army = g.ids().find(|&l| g.counter(l).side == side && g.rank(l) == Some(Rank::Army));
    if dead(g, army) {
        return false;
    }
    let Some(f) = g.counter(u).formation else {
        return true;
    };
    let form = &g.oob().formations[f];
    !dead(g, form.leader) && !dead(g, form.brigade)
}

pub(crate) fn apply(g: &mut Belmont, f: Frame, a: &Action) {
    match (f, a) {
        (Frame::Rally { side, .. }, Action::Done) => {
            let s = side.title();
            g.log.push("Belmont 9.0", || format!("{s} rally ends."));
        }
        (Frame::Rally { side, mut used }, Action::Rally { unit, leader }) => {
            let need = match leader {
                None => r::ALONE,
                // Both cavalry leaders belong to the cavalry companies (counters::leader_belongs).
                Some(l) if g.rank(*l) == Some(Rank::Army) || g.oob().leader_belongs(*l, *unit) => r::OWN_LEADER,
                Some(_) => r::OTHER_LEADER,
            };
            if let Some(l) = leader {
                match used.iter_mut().find(|(x, _)| x == l) {
                    Some((_, n)) => *n += 1,
                    None => used.push((*l, 1)),
                }
            }
            g.unit_mut(*unit).rallied = true;
            let bonus = high_morale(g, *unit);
            g.stack.push(Frame::Rally { side, used });
            g.stack.push(Frame::RallyRoll { unit: *unit, need, bonus });
        }
        (Frame::RallyRoll { unit, need, bonus }, Action::Roll(d)) => {
            let total = d + u8::from(bonus);
            let n = g.name(unit);
            if total >= need {
                g.unit_mut(unit).flipped = false;
                g.log.push("Belmont 9.0", || {
                    format!("{n} rallies: rolled {d}{} against {need}.", if bonus { " +1 High Morale" } else { "" })
                });
            } else {
                g.log.push("Belmont 9.0", || {
                    format!(
                        "{n} fails to rally: rolled {d}{} against {need}.",
                        if bonus { " +1 High Morale" } else { "" }
                    )
                });
            }
        }
        (f, a) => unreachable!("rally {f:?} {a:?}"),
    }
}

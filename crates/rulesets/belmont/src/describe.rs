//! Actions in the rulebook's words, and why an action is refused (the rule it breaks).

use crate::action::Action;
use crate::counters::UnitId;
use crate::procedure::Frame;
use crate::state::{Belmont, Loc, Stage};
use engine::{Actor, Game, Illegal};
use hexmap::Hex;

/// A counter's id ("27IL-A"), or words saying there is none: an action from outside the
/// engine may name any number.
fn unit_name(g: &Belmont, u: UnitId) -> String {
    match g.oob().counters.get(usize::from(u)) {
        Some(c) => c.id.clone(),
        None => format!("unit #{u} (no such unit)"),
    }
}

/// A formation's name, or words saying there is none.
fn formation_name(g: &Belmont, f: u8) -> String {
    match g.oob().formations.get(usize::from(f)) {
        Some(form) => form.name.clone(),
        None => format!("formation #{f} (no such formation)"),
    }
}

/// A chit's name, or words saying there is none.
fn chit(g: &Belmont, c: u8) -> String {
    if usize::from(c) < g.oob().chits.len() { g.chit_name(c) } else { format!("chit #{c} (no such chit)") }
}

/// The first unit, formation, chit or hex an action names that does not exist, in words. An
/// action from outside the engine is well-formed but may name anything; the rules' own
/// lookups expect what exists, so [`why_illegal`] refuses these first.
fn unknown(g: &Belmont, a: &Action) -> Option<String> {
    let oob = g.oob();
    let unit = |u: &UnitId| (usize::from(*u) >= oob.counters.len()).then(|| format!("there is no unit #{u}"));
    let formation = |f: &u8| (usize::from(*f) >= oob.formations.len()).then(|| format!("there is no formation #{f}"));
    let hex = |h: &Hex| g.map().get(*h).is_none().then(|| format!("{h} is not a hex of the map"));
    match a {
        Action::Draw(c) => (usize::from(*c) >= oob.chits.len()).then(|| format!("there is no chit #{c}")),
        Action::Guard(f) | Action::Release(f) => formation(f),
        Action::GuardCompany(u) | Action::TakeHit(u) | Action::Retreater(u) | Action::LeaderAdds(u) => unit(u),
        Action::LoseDie(u) => unit(u),
        Action::Place { unit: u, hex: h } | Action::Move { unit: u, to: h } | Action::Sail { vessel: u, to: h } => {
            unit(u).or_else(|| hex(h))
        }
        Action::Board { unit: u, vessel } => unit(u).or_else(|| unit(vessel)),
        Action::Rally { unit: u, leader } => unit(u).or_else(|| leader.as_ref().and_then(unit)),
        Action::Bombard { battery, target } => unit(battery).or_else(|| hex(target)),
        Action::Volley { from, target, .. } | Action::Marker { target, from } => hex(from).or_else(|| hex(target)),
        Action::RetreatTo(h) | Action::FuryTarget(h) => hex(h),
        Action::Route(us) | Action::OppFire(us) => us.iter().find_map(unit),
        Action::Roll(_)
        | Action::RollPair { .. }
        | Action::Hits(_)
        | Action::Pick(_)
        | Action::CallReserve(_)
        | Action::Done
        | Action::Fire(_)
        | Action::Accompany(_)
        | Action::Resolve(_)
        | Action::TargetGroup(_)
        | Action::Continue(_)
        | Action::Fury(_)
        | Action::Reroll(_) => None,
    }
}

pub(crate) fn describe(g: &Belmont, a: &Action) -> String {
    let n = |u: UnitId| unit_name(g, u);
    match a {
        Action::Roll(d) => format!("roll {d}"),
        Action::RollPair { blue, gray } => format!("blue die {blue}, gray die {gray}"),
        Action::Draw(c) => format!("pull the {} chit", chit(g, *c)),
        Action::Hits(k) => format!("{k} hit(s)"),
        Action::Pick(i) => format!("random pick #{}", u16::from(*i) + 1),
        Action::Guard(f) => format!("the {} guards Hunter's Farm dock (2.1)", formation_name(g, *f)),
        Action::GuardCompany(u) => format!("{} stays at the dock (2.1)", n(*u)),
        Action::Place { unit, hex } if matches!(g.stack.last(), Some(Frame::PlaceReserve { .. })) => {
            let rule = crate::sequence::release_rule(g).trim_start_matches("Belmont ");
            format!("place {} at {hex}, in or around Columbus ({rule})", n(*unit))
        }
        Action::Place { unit, hex } => format!("set up {} at {hex}", n(*unit)),
        Action::CallReserve(true) => "call the reserve (14.3: 5 VP to the Confederates)".into(),
        Action::CallReserve(false) => "keep the reserve at the dock".into(),
        Action::Release(f) => format!("release the {} (13.1)", formation_name(g, *f)),
        // 5.1: the firers are eligible units of the firing hex, so only in an activation.
        Action::Volley { from, target, firers } if g.act.is_some() => {
            let chosen = crate::fire::picked(&crate::fire::volley_firers(g, *from), *firers);
            let names: Vec<&str> = chosen.into_iter().map(|u| g.name(u)).collect();
            format!("volley from {from} at {target} with {}", names.join(", "))
        }
        Action::Volley { from, target, firers } => {
            format!("volley from {from} at {target} with firers {firers:#010b} (no activation under way)")
        }
        Action::Marker { target, from } => {
            format!("place a melee marker on {target}, entering from {from} (4.3.1)")
        }
        Action::Move { unit, to } => match g.units.get(usize::from(*unit)).map(|x| x.loc) {
            Some(Loc::Hex(h)) => format!("move {} from {h} to {to}", n(*unit)),
            Some(_) => format!("debark {} to {to} (11.7)", n(*unit)),
            None => format!("move {} to {to}", n(*unit)),
        },
        Action::Board { unit, vessel } => format!("{} boards {}", n(*unit), n(*vessel)),
        Action::Sail { vessel, to } => format!("{} sails to {to} (11.5)", n(*vessel)),
        Action::Done => "done".into(),
        Action::Fire(true) => "conduct opportunity fire (5.2)".into(),
        Action::Fire(false) => "hold fire".into(),
        Action::TakeHit(u) if matches!(g.stack.last(), Some(Frame::BreakAboard { .. })) => {
            format!("{} breaks aboard (11.1)", n(*u))
        }
        Action::TakeHit(u) => format!("{} takes the hit (7.0)", n(*u)),
        Action::LoseDie(u) => format!("a die of {} is lost to terrain (5.1)", n(*u)),
        Action::Route(past) if past.is_empty() => "take a path out of the enemy's sight (11.5)".into(),
        Action::Route(past) => format!("take a path in sight of {} (11.5)", names(g, past)),
        Action::OppFire(firers) if firers.is_empty() => "hold fire (5.2)".into(),
        Action::OppFire(firers) => format!("opportunity fire with {} (5.2)", names(g, firers)),
        Action::Retreater(u) => format!("{} retreats (8.3)", n(*u)),
        Action::RetreatTo(h) => format!("retreat to {h}"),
        Action::Accompany(true) => "leaders go with the retreating unit (8.1)".into(),
        Action::Accompany(false) => "leaders stay".into(),
        Action::Resolve(i) => resolve_label(g, usize::from(*i)),
        Action::TargetGroup(i) => format!("defensive fire at attacking group {} (5.3)", u16::from(*i) + 1),
        Action::Continue(true) => "continue the melee (6.1)".into(),
        Action::Continue(false) => "retreat from the melee (6.1)".into(),
        Action::Fury(true) => "let the fury run (6.3)".into(),
        Action::Fury(false) => "rein in the troops (6.3)".into(),
        Action::FuryTarget(h) => format!("the fury strikes {h} (6.3)"),
        Action::Reroll(true) => "spend Grant's influence to re-roll (6.8)".into(),
        Action::Reroll(false) => "keep the roll".into(),
        Action::LeaderAdds(u) => format!("{} adds his SP (6.0)", n(*u)),
        Action::Rally { unit, leader: None } => format!("rally {} alone (9.0)", n(*unit)),
        Action::Rally { unit, leader: Some(l) } => format!("rally {} with {} (9.0)", n(*unit), n(*l)),
        Action::Bombard { battery, target } => {
            format!("{} fires blind at {target} (12.1)", n(*battery))
        }
    }
}

/// Counters' ids joined ("Tyler, Lexington").
fn names(g: &Belmont, us: &[UnitId]) -> String {
    us.iter().map(|&u| unit_name(g, u)).collect::<Vec<_>>().join(", ")
}

/// Names the rule an action breaks now.
pub(crate) fn why_illegal(g: &Belmont, a: &Action) -> Illegal {
    let ill = |rule: &str, reason: String| Illegal { rule: rule.into(), reason };
    match g.actor() {
        Actor::Over => return ill("Belmont 3.1", "the game is over".into()),
        Actor::Chance
            if !matches!(
                a,
                Action::Roll(_) | Action::RollPair { .. } | Action::Draw(_) | Action::Hits(_) | Action::Pick(_)
            ) =>
        {
            return ill("Belmont 3.2", "chance decides now (a die roll or a chit pull)".into());
        }
        Actor::Chance => {
            return ill("Belmont 3.2", "that is not a possible outcome of this roll or pull".into());
        }
        Actor::Side(_) => {}
    }
    let (rule, text) = crate::procedure::prompt(g);
    if let Some(missing) = unknown(g, a) {
        return ill(rule, format!("{missing}; not a legal choice now ({text})"));
    }
    let stage = g.act.as_ref().map(|x| x.stage);
    match (g.stack.last(), a) {
        (Some(Frame::Activate), Action::Volley { from, target, firers }) if stage == Some(Stage::Volley) => {
            if g.act.as_ref().is_some_and(|x| x.fired_from.contains(from)) {
                return ill("Belmont 5.1", format!("{from} has already fired a volley this activation"));
            }
            if let Some(why) = crate::fire::volley_pointless(g, *from, *target, *firers) {
                return ill("Belmont 5.1", why);
            }
            ill("Belmont 5.1", crate::fire::volley_refusal(g, *from, *target))
        }
        (Some(Frame::Activate), Action::Done) if stage == Some(Stage::MeleeMoves) && crate::movement::must_go_on(g) => {
            ill(
                "Belmont 4.3.2",
                "the unit moving is on its way into a melee hex and must go on in: only units that melee move now"
                    .into(),
            )
        }
        (Some(Frame::Activate), Action::Done) if stage == Some(Stage::MeleeMoves) => ill(
            "Belmont 4.3.2",
            "a regiment leader went into a melee hex ahead of his company: it must follow him now".into(),
        ),
        (Some(Frame::Activate), Action::Done)
            if stage == Some(Stage::Maneuver) && !crate::naval::may_end_activation(g) =>
        {
            ill(
                "Belmont 11.7",
                "a loaded transport may not stay on the Columbus dock: sail it off before the activation ends".into(),
            )
        }
        (Some(Frame::Activate), Action::Done)
            if stage == Some(Stage::Maneuver) && !crate::movement::demoralized_done(g) =>
        {
            ill(
                "Belmont 13.2.1",
                "demoralized units must move their full allowance away from Camp Johnston while they can".into(),
            )
        }
        (Some(Frame::Activate), Action::Move { unit, to }) => {
            if !crate::sequence::activated(g, *unit) {
                return ill("Belmont 4.0", format!("{} is not activated by this chit", g.name(*unit)));
            }
            if let Some(m) = crate::movement::demoralized_must_continue(g)
                && m != *unit
            {
                return ill(
                    "Belmont 13.2.1",
                    format!("{} is demoralized and must move on away from the camp first", g.name(m)),
                );
            }
            if stage == Some(Stage::MeleeMoves) && !crate::movement::follow_moves(g).is_empty() {
                return ill(
                    "Belmont 4.3.2",
                    "a regiment leader went into a melee hex ahead of his company: it must follow him now".into(),
                );
            }
            if let Some(m) = g.act.as_ref().and_then(|a| a.moving)
                && m != *unit
                && crate::movement::must_go_on(g)
            {
                return ill(
                    "Belmont 4.3.2",
                    format!(
                        "{} is on its way into a melee hex and must go on in first: only units that melee move now",
                        g.name(m)
                    ),
                );
            }
            let into_melee = g.markers.iter().any(|m| !m.resolved && m.target == *to);
            if stage == Some(Stage::MeleeMoves) && into_melee && crate::melee::needs_leader(g, *unit) {
                // Which leader, and what to do (the tenth playtest: the order was unexplained).
                let leader = crate::melee::regimental_leader(g, *unit)
                    .map_or_else(|| "its regimental leader".to_string(), |l| g.name(l).to_string());
                return ill(
                    "Belmont 6.0",
                    format!(
                        "{} is broken: it may melee only with {leader} in the melee; move {leader} in first",
                        g.name(*unit)
                    ),
                );
            }
            if crate::sequence::looting(g, *unit) {
                return ill("Belmont 13.2.3", format!("{} is looting the camp and may not move", g.name(*unit)));
            }
            if g.unit(*unit).moved && g.act.as_ref().is_some_and(|x| x.moving != Some(*unit)) {
                return ill("Belmont 4.3", format!("{} has already moved this activation", g.name(*unit)));
            }
            if let Some(from) = g.hex_of(*unit)
                && from.distance(*to) != 1
            {
                return ill(
                    "Belmont 4.1",
                    format!(
                        "{to} is not beside {} in {from}: a unit moves one hex at a time (the ringed hexes are where its moves can take it)",
                        g.name(*unit)
                    ),
                );
            }
            if g.holder(*to).is_some_and(|s| s != g.owner(*unit)) {
                return ill(
                    "Belmont 4.3.2",
                    format!("{to} holds the enemy: only units answering a melee marker may enter"),
                );
            }
            if g.stack_count(*to) >= crate::charts::STACK_LIMIT {
                return ill("Belmont 4.2", format!("{to} is at the stacking limit"));
            }
            if let Some((rule, why)) = crate::movement::maneuver_step_refusal(g, *unit, *to) {
                return ill(rule, why);
            }
            ill(
                "Belmont 4.1",
                format!("{} cannot move to {to} now (movement points, terrain or adjacency)", g.name(*unit)),
            )
        }
        (Some(f @ Frame::SecondMove { .. }), Action::Move { unit, to }) => {
            crate::movement::second_move_refusal(g, f, *unit, *to)
        }
        (Some(Frame::Activate), Action::Marker { target, .. }) => {
            ill("Belmont 4.3.1", format!("no activated unit can reach {target} through that hexside this activation"))
        }
        _ => ill(rule, format!("not a legal choice now ({text})")),
    }
}

/// A number of dice in words: "one die", "3 dice".
pub(crate) fn dice_words(n: impl TryInto<u32>) -> String {
    match n.try_into().unwrap_or(u32::MAX) {
        1 => "one die".into(),
        n => format!("{n} dice"),
    }
}

/// "resolve the melee at 1728": with two markers on one hex (the fourth playtest: two buttons
/// read alike), each names its entry hex, and a coordinated melee its second group (6.10).
fn resolve_label(g: &Belmont, i: usize) -> String {
    let Some(m) = g.markers.get(i) else { return "resolve the melee".into() };
    let mut s = format!("resolve the melee at {}", m.target);
    if g.markers.iter().filter(|o| !o.resolved && o.target == m.target).count() > 1 {
        s += &format!(" entered from {}", m.entry);
    }
    if let Some((h, _)) = &m.second {
        s += &format!(", with the group from {h} (6.10)");
    }
    s
}

//! H. the Rally Phase (4.0 H, 9.85, 13.5, 17.13; plan R9 puts 17.13's Rally Points here): the
//! PIN markers on the phasing player's units come off, then his routed units rally.
//!
//! Order within the phase: pins off (9.85); every routed unit stacked with a friendly leader
//! rallies (13.52 1, and 13.54's last sentence for crews, wagon crews and independents); the
//! dice of 13.54 for the crews, wagon crews and independent units left; then the player spends
//! his brigade commanders' Rally Points (13.52 2, 17.13), one a unit of the commander's own
//! brigade within his Effectiveness Radius traced as 13.53 says ([`crate::zoc::Paths`], R37).
//!
//! Readings:
//! - A battery is rallied as a gun crew (13.54; 13.52 excludes batteries); a unit with no
//!   brigade is independent (5.3, 11.13).
//! - The 13.54 die is a comparison with morale, so it takes R8's modifiers (13.24: more than
//!   half lost, +1; the leader's -1 never applies, since a leader in the hex rallies the unit
//!   outright); a green unit sees the elephant first (13.14).
//! - A phase with nothing to decide passes by itself, so no player is asked for a bare Done.

use crate::action::Action;
use crate::charts;
use crate::command;
use crate::oob::Kind;
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Gbacw, UnitId};
use crate::zoc::Paths;
use engine::{Actor, Illegal};

/// The Rally Phase under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RallyFrame {
    /// 13.54: chance rolls for these units, next first.
    Rolls(Vec<UnitId>),
    /// 13.52 2, 17.13: the player spends Rally Points; `spent` per brigade (index, points).
    Points {
        /// Rally Points spent so far, by brigade.
        spent: Vec<(usize, u8)>,
    },
}

/// Whether `u` rallies by a die and not by Rally Points (13.54): a battery's crew, a wagon's
/// crew, or an independent unit.
#[must_use]
pub fn rallies_alone(g: &Gbacw, u: UnitId) -> bool {
    matches!(g.info(u).kind, Kind::Battery { .. } | Kind::Wagon { .. }) || command::unit_brigade(g, u).is_none()
}

/// The phasing player's routed units on the map.
fn routed(g: &Gbacw) -> Vec<UnitId> {
    g.unit_ids().filter(|&u| g.side_of(u) == g.phasing && g.unit(u).routed && g.hex_of(u).is_some()).collect()
}

/// Rallies unit `u`, logging why.
fn rally(g: &mut Gbacw, u: UnitId, rule: &'static str, why: &str) {
    g.unit_mut(u).routed = false;
    let name = g.info(u).name.clone();
    g.log.push(rule, || format!("{name} rallies ({why})."));
}

/// Begins the phasing player's Rally Phase (4.0 H): pins off, leaders' rallies, then the
/// dice and the Rally Points.
pub(crate) fn begin(g: &mut Gbacw) {
    let side = g.phasing;
    let before = g.pinned.len();
    let ours: Vec<_> = g.pinned.iter().copied().filter(|&h| g.units_here(h).any(|u| g.side_of(u) == side)).collect();
    g.pinned.retain(|h| !ours.contains(h));
    if g.pinned.len() < before {
        let hexes: Vec<String> = ours.iter().map(|h| h.label()).collect();
        g.log.push("GBACW 9.85", || format!("PIN markers come off {}.", hexes.join(", ")));
    }
    for u in routed(g) {
        let h = g.hex_of(u).expect("on the map");
        // 12.94: engaged leaders rally no one.
        if !g.engaged.contains(&h) && !crate::leaders::leaders_at(g, h, side).is_empty() {
            rally(g, u, "GBACW 13.52", "stacked with a leader");
        }
    }
    let dice: Vec<UnitId> = routed(g).into_iter().filter(|&u| rallies_alone(g, u)).collect();
    if dice.is_empty() {
        points(g, Vec::new());
    } else {
        g.stack.push(Frame::Rally(RallyFrame::Rolls(dice)));
    }
}

/// Offers the Rally Points, or ends the phase when none may be spent.
fn points(g: &mut Gbacw, spent: Vec<(usize, u8)>) {
    let f = RallyFrame::Points { spent };
    if f.legal(g).len() > 1 {
        g.stack.push(Frame::Rally(f));
    } else {
        crate::sequence::next_phase(g);
    }
}

/// 17.13: brigade `b`'s commander's Rally Rating (his replacement's, 17.81).
fn rating(g: &Gbacw, b: usize) -> u8 {
    let info = &g.oob().brigades[b];
    if g.leaders[usize::from(command::brigade_leader(g, b))].replaced {
        info.replacement.rally
    } else {
        info.ratings.rally
    }
}

/// 13.52 2, 13.53, 17.13: whether unit `u` may be rallied with a Rally Point now.
///
/// # Errors
/// The refusal, citing its rule.
pub fn point_refusal(g: &Gbacw, spent: &[(usize, u8)], paths: &Paths, u: UnitId) -> Result<usize, Illegal> {
    if usize::from(u) >= g.units.len() {
        return Err(no("13.52", "no such unit"));
    }
    let name = &g.info(u).name;
    if g.side_of(u) != g.phasing {
        return Err(no("13.52", why!("{name} is not the {}'s", g.phasing.title())));
    }
    let Some(h) = g.hex_of(u) else { return Err(no("13.52", why!("{name} is not on the map"))) };
    if !g.unit(u).routed {
        return Err(no("13.51", why!("{name} is not routed")));
    }
    if rallies_alone(g, u) {
        return Err(no("13.54", why!("{name} rallies by the die or with a leader in its hex, not by Rally Points")));
    }
    let b = command::unit_brigade(g, u).expect("not independent");
    let l = command::brigade_leader(g, b);
    let leader = g.leader_info(l).1;
    let used = spent.iter().find(|(x, _)| *x == b).map_or(0, |(_, n)| *n);
    if used >= rating(g, b) {
        return Err(no("17.13", why!("{leader} has spent his {} Rally Point(s)", rating(g, b))));
    }
    let er = command::effectiveness_radius(g, b);
    let within = g.leader_hex(l).is_some_and(|lh| !g.engaged.contains(&lh) && paths.distance(g, lh, h, er).is_some());
    if !within {
        return Err(no(
            "13.53",
            why!("{name} is not within {leader}'s Effectiveness Radius of {er}, traced clear of enemy units and zones"),
        ));
    }
    Ok(b)
}

impl Procedure<Gbacw, Action> for RallyFrame {
    fn actor(&self, g: &Gbacw) -> Actor {
        match self {
            RallyFrame::Rolls(_) => Actor::Chance,
            RallyFrame::Points { .. } => Actor::Side(g.phasing),
        }
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        match self {
            RallyFrame::Rolls(us) => match us.first() {
                Some(&u) if g.unit(u).morale.is_none() => {
                    ("GBACW 13.14", format!("{} sees the elephant", g.info(u).name))
                }
                Some(&u) => ("GBACW 13.54", format!("{}'s rally die", g.info(u).name)),
                None => ("GBACW 13.54", "the rally dice".into()),
            },
            RallyFrame::Points { .. } => (
                "GBACW 13.52",
                format!(
                    "{} Rally Phase: brigade commanders spend Rally Points on routed units within their Effectiveness Radius, or Done",
                    g.phasing.title()
                ),
            ),
        }
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        match self {
            RallyFrame::Rolls(_) => Vec::new(),
            RallyFrame::Points { spent } => {
                let paths = Paths::new(g, g.phasing);
                let mut out: Vec<Action> = routed(g)
                    .into_iter()
                    .filter(|&u| point_refusal(g, spent, &paths, u).is_ok())
                    .map(Action::Rally)
                    .collect();
                out.push(Action::Done);
                out
            }
        }
    }

    fn chance(&self, g: &Gbacw) -> Vec<(Action, f64)> {
        match self {
            RallyFrame::Rolls(us) => match us.first() {
                Some(&u) if g.unit(u).morale.is_none() => {
                    engine::chance::two_d6_sum().into_iter().map(|(s, p)| (Action::Roll2(s), p)).collect()
                }
                Some(_) => engine::chance::die(6).into_iter().map(|(d, p)| (Action::Roll(d), p)).collect(),
                None => Vec::new(),
            },
            RallyFrame::Points { .. } => Vec::new(),
        }
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        match (self, *a) {
            (RallyFrame::Rolls(us), Action::Roll2(roll)) => {
                let u = us[0];
                let m = charts::seeing_the_elephant(roll);
                g.unit_mut(u).morale = Some(m);
                let name = g.info(u).name.clone();
                g.log.push("GBACW 13.14", || format!("{name} sees the elephant: dice {roll}, morale {m} (13.15)."));
                g.stack.push(Frame::Rally(RallyFrame::Rolls(us)));
            }
            (RallyFrame::Rolls(mut us), Action::Roll(die)) => {
                let u = us.remove(0);
                let morale = i32::from(g.unit(u).morale.expect("known: the elephant came first"));
                let mods = crate::fire::morale::modifiers(g, u, false);
                let total = i32::from(die) + mods.total();
                if total <= morale {
                    rally(g, u, "GBACW 13.54", &format!("die {die}, {}, against morale {morale}", mods.text(die)));
                } else {
                    let name = g.info(u).name.clone();
                    g.log.push("GBACW 13.54", || {
                        format!("{name} stays routed (die {die}, {}, against morale {morale}).", mods.text(die))
                    });
                }
                if us.is_empty() {
                    points(g, Vec::new());
                } else {
                    g.stack.push(Frame::Rally(RallyFrame::Rolls(us)));
                }
            }
            (RallyFrame::Points { mut spent }, Action::Rally(u)) => {
                let b = command::unit_brigade(g, u).expect("checked by point_refusal");
                match spent.iter_mut().find(|(x, _)| *x == b) {
                    Some((_, n)) => *n += 1,
                    None => spent.push((b, 1)),
                }
                let leader = g.leader_info(command::brigade_leader(g, b)).1;
                rally(g, u, "GBACW 17.13", &format!("{leader} spends a Rally Point"));
                points(g, spent);
            }
            (RallyFrame::Points { .. }, Action::Done) => crate::sequence::next_phase(g),
            (f, a) => unreachable!("{f:?} {a:?}"),
        }
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        match (self, a) {
            (RallyFrame::Points { spent }, Action::Rally(u)) => {
                point_refusal(g, spent, &Paths::new(g, g.phasing), *u).err()
            }
            _ => None,
        }
    }
}

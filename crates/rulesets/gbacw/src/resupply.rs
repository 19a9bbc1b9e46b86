//! G. the Ammunition Resupply Phase (4.0 G, 11.2-11.33): the phasing player resupplies units
//! out of small-arms ammunition and batteries short of rounds from his supply wagons, and
//! shares rounds between batteries of one type that stood a Game-Turn without firing.
//!
//! Readings:
//! - 11.23: the path runs from the unit to the wagon, as far as an infantry regiment in Column
//!   could move in one Movement Phase over the terrain (the authored 5.19 Column costs, roads
//!   included); it passes through no enemy-held hex and no hex in an enemy zone for paths
//!   ([`crate::zoc::Paths`]: a friendly unit there negates the zone, 10.5); its two ends never
//!   block (a unit out of ammunition in the enemy's zone may still be reached).
//! - 11.24, R28: a wagon resupplies as many units of small arms as it has small-arms boxes;
//!   a battery is refilled towards its roster's rounds from the wagon's artillery boxes, one
//!   box a round, as far as they go.
//! - 11.25: neither the wagon nor the unit moved this Player-Turn (`moved`, set in the side's
//!   own Movement Phase); a crewless wagon resupplies nobody (11.1).
//! - 11.33: "an entire Game-Turn without firing" is read as: neither battery has fired since
//!   its side's previous Ammunition Resupply Phase began (the game's start for the first), and
//!   the two stand in the same or adjacent hexes now. Rounds move one at a time, and a battery
//!   that gave rounds this phase receives none (and the reverse), so the phase is finite.

use crate::action::Action;
use crate::authored::{Arm, Mover};
use crate::oob::Kind;
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Gbacw, UnitId};
use crate::zoc::Paths;
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// The Ammunition Resupply Phase under way: the batteries that gave and took rounds (11.33).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct ResupplyFrame {
    /// Batteries that gave rounds this phase.
    pub gave: Vec<UnitId>,
    /// Batteries that took rounds this phase.
    pub took: Vec<UnitId>,
}

/// Begins the phasing player's Ammunition Resupply Phase (4.0 G).
pub(crate) fn begin(g: &mut Gbacw) {
    let f = ResupplyFrame::default();
    // A phase with nothing to decide passes by itself (no bare Done asked of the player).
    if f.legal(g).len() > 1 {
        g.stack.push(Frame::Resupply(f));
    } else {
        crate::sequence::next_phase(g);
    }
}

/// A battery's rounds on its roster (11.3).
fn roster_rounds(g: &Gbacw, u: UnitId) -> Option<u8> {
    match g.info(u).kind {
        Kind::Battery { rounds, .. } => Some(rounds),
        _ => None,
    }
}

/// What unit `u` lacks: small-arms ammunition (11.22) or rounds (11.32); `None` when nothing.
fn need(g: &Gbacw, u: UnitId) -> Option<Arm> {
    let st = g.unit(u);
    if let Some(max) = roster_rounds(g, u) {
        return (st.rounds < max).then_some(Arm::Artillery);
    }
    let small_arms = g.charts().weapon(&g.info(u).weapon).is_some_and(|w| w.arm == Arm::SmallArms);
    (small_arms && st.depleted && !crate::fire::wagon::is_wagon(g, u)).then_some(Arm::SmallArms)
}

/// 11.23: whether a supply path runs from `from` to `to` for `side` (see the module's
/// readings), given the side's blocked hexes.
#[must_use]
pub fn supply_path(g: &Gbacw, paths: &Paths, from: Hex, to: Hex) -> bool {
    let charts = g.charts();
    let budget = u32::from(charts.allowance(Mover::Column).halves());
    let map = g.map();
    let step = |a: Hex, b: Hex| {
        let s = map.step(a, b)?;
        charts.step_cost(s, Mover::Column).mp().map(|m| u32::from(m.halves()))
    };
    let reach = hexmap::reach(from, budget, step, |h| h == from || !paths.blocks(g, h));
    reach.cost.contains_key(&to)
}

/// Whether `wagon` may resupply `unit` now; `Err` naming the rule that forbids it.
///
/// # Errors
/// The refusal, citing its rule (11.1, 11.22-11.25, 11.32).
pub fn resupply_refusal(g: &Gbacw, paths: &Paths, unit: UnitId, wagon: UnitId) -> Result<Arm, Illegal> {
    let n = g.units.len();
    if usize::from(unit) >= n || usize::from(wagon) >= n {
        return Err(no("11.23", "no such unit"));
    }
    let side = g.phasing;
    let name = &g.info(unit).name;
    let wname = &g.info(wagon).name;
    if g.side_of(unit) != side || g.side_of(wagon) != side {
        return Err(no("11.23", why!("only the {}'s units and wagons resupply now", side.title())));
    }
    let (Some(from), Some(to)) = (g.hex_of(unit), g.hex_of(wagon)) else {
        return Err(no("11.23", why!("{name} and {wname} must both be on the map")));
    };
    let Kind::Wagon { .. } = g.info(wagon).kind else {
        return Err(no("11.1", why!("{wname} is not a supply wagon")));
    };
    if crate::fire::wagon::crewless(g, wagon) {
        return Err(no("11.1", why!("{wname} has no crew")));
    }
    if g.unit(wagon).taken && g.unit(wagon).recrewed_on == Some(g.turn) {
        return Err(no("11.19", why!("{wname} was captured and crewed this Game-Turn: it resupplies from the next")));
    }
    let Some(arm) = need(g, unit) else {
        return Err(no("11.23", why!("{name} needs no ammunition")));
    };
    let st = g.unit(wagon);
    let empty = match arm {
        Arm::SmallArms => st.boxes == 0,
        Arm::Artillery => st.rounds == 0,
    };
    if empty {
        let what = if arm == Arm::SmallArms { "small-arms" } else { "artillery" };
        return Err(no("11.24", why!("{wname} has no {what} boxes left")));
    }
    if g.unit(unit).moved {
        return Err(no("11.25", why!("{name} moved this Player-Turn")));
    }
    if st.moved {
        return Err(no("11.25", why!("{wname} moved this Player-Turn")));
    }
    if !supply_path(g, paths, from, to) {
        return Err(no(
            "11.23",
            why!(
                "no supply path from {name} to {wname} within a Column's movement, clear of enemy units and enemy zones"
            ),
        ));
    }
    Ok(arm)
}

/// 11.33: whether battery `from` may give a round to battery `to` now.
///
/// # Errors
/// The refusal, citing its rule.
pub fn transfer_refusal(g: &Gbacw, f: &ResupplyFrame, from: UnitId, to: UnitId) -> Result<(), Illegal> {
    let n = g.units.len();
    if usize::from(from) >= n || usize::from(to) >= n || from == to {
        return Err(no("11.33", "two batteries are needed"));
    }
    let (a, b) = (&g.info(from).name, &g.info(to).name);
    let (Some(max), Some(_)) = (roster_rounds(g, to), roster_rounds(g, from)) else {
        return Err(no("11.33", "rounds pass only between batteries"));
    };
    if g.side_of(from) != g.phasing || g.side_of(to) != g.phasing {
        return Err(no("11.33", why!("only the {}'s batteries share rounds now", g.phasing.title())));
    }
    if g.info(from).weapon != g.info(to).weapon {
        return Err(no("11.33", why!("{a} and {b} are not of the same weapon type")));
    }
    let near = matches!((g.hex_of(from), g.hex_of(to)), (Some(x), Some(y)) if x.distance(y) <= 1);
    if !near {
        return Err(no("11.33", why!("{a} and {b} are not in the same or adjacent hexes")));
    }
    if let Some(&u) = [from, to].iter().find(|u| g.fired_guns.contains(u)) {
        return Err(no("11.33", why!("{} has fired this Game-Turn", g.info(u).name)));
    }
    if g.unit(from).rounds == 0 {
        return Err(no("11.33", why!("{a} has no rounds to give")));
    }
    if g.unit(to).rounds >= max {
        return Err(no("11.33", why!("{b} has all its rounds")));
    }
    if f.took.contains(&from) || f.gave.contains(&to) {
        return Err(no("11.33", "rounds go one way between batteries in a phase"));
    }
    Ok(())
}

impl Procedure<Gbacw, Action> for ResupplyFrame {
    fn actor(&self, g: &Gbacw) -> Actor {
        Actor::Side(g.phasing)
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        (
            "GBACW 11.23",
            format!(
                "{} Ammunition Resupply Phase: resupply units from wagons, share rounds between batteries, or Done",
                g.phasing.title()
            ),
        )
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        let side: Side = g.phasing;
        let mine: Vec<UnitId> = g.unit_ids().filter(|&u| g.side_of(u) == side && g.hex_of(u).is_some()).collect();
        let wagons: Vec<UnitId> = mine.iter().copied().filter(|&u| crate::fire::wagon::is_wagon(g, u)).collect();
        let mut out = Vec::new();
        let needy: Vec<UnitId> = mine.iter().copied().filter(|&u| need(g, u).is_some()).collect();
        if !needy.is_empty() && !wagons.is_empty() {
            let paths = Paths::new(g, side);
            for &unit in &needy {
                for &wagon in &wagons {
                    if resupply_refusal(g, &paths, unit, wagon).is_ok() {
                        out.push(Action::Resupply { unit, wagon });
                    }
                }
            }
        }
        let batteries: Vec<UnitId> = mine.iter().copied().filter(|&u| roster_rounds(g, u).is_some()).collect();
        for &from in &batteries {
            for &to in &batteries {
                if transfer_refusal(g, self, from, to).is_ok() {
                    out.push(Action::Transfer { from, to });
                }
            }
        }
        out.push(Action::Done);
        out
    }

    fn apply(mut self, g: &mut Gbacw, a: &Action) {
        match *a {
            Action::Done => {
                // 11.33: the span without firing starts again at this phase.
                let side = g.phasing;
                let oob = g.oob();
                g.fired_guns.retain(|&u| oob.units[usize::from(u)].side != side);
                crate::sequence::next_phase(g);
            }
            Action::Resupply { unit, wagon } => {
                resupply(g, unit, wagon);
                g.stack.push(Frame::Resupply(self));
            }
            Action::Transfer { from, to } => {
                g.unit_mut(from).rounds -= 1;
                g.unit_mut(to).rounds += 1;
                if !self.gave.contains(&from) {
                    self.gave.push(from);
                }
                if !self.took.contains(&to) {
                    self.took.push(to);
                }
                let (a, b) = (g.info(from).name.clone(), g.info(to).name.clone());
                g.log.push("GBACW 11.33", || format!("{a} passes a round to {b}."));
                g.stack.push(Frame::Resupply(self));
            }
            a => unreachable!("{a:?}"),
        }
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        match *a {
            Action::Resupply { unit, wagon } => resupply_refusal(g, &Paths::new(g, g.phasing), unit, wagon).err(),
            Action::Transfer { from, to } => transfer_refusal(g, self, from, to).err(),
            _ => None,
        }
    }
}

/// 11.24, 11.32, R28: the wagon resupplies the unit.
fn resupply(g: &mut Gbacw, unit: UnitId, wagon: UnitId) {
    let (name, wname) = (g.info(unit).name.clone(), g.info(wagon).name.clone());
    match need(g, unit) {
        Some(Arm::SmallArms) => {
            g.unit_mut(wagon).boxes -= 1;
            g.unit_mut(unit).depleted = false;
            g.log.push("GBACW 11.24", || format!("{wname} resupplies {name} with small-arms ammunition."));
        }
        Some(Arm::Artillery) => {
            let max = roster_rounds(g, unit).unwrap_or(0);
            let n = (max - g.unit(unit).rounds).min(g.unit(wagon).rounds);
            g.unit_mut(wagon).rounds -= n;
            g.unit_mut(unit).rounds += n;
            g.log.push("GBACW 11.32", || format!("{wname} gives {name} {n} round(s)."));
        }
        None => {}
    }
}

//! Who may melee where (12.2-12.26, 12.33, 7.31, 12.7, 13.32, 17.11, 18.0) and with what
//! strength (12.1, 12.3-12.52, 16.32, R16): the checks shared by the Retreat Before Melee
//! Phase's announcements and the Melee Phase's declarations, and the differential.
//!
//! Readings (plan section 3):
//! - R16: participating Stacking Points are capped at the hex's authored 8.18 melee limits
//!   first (12.72; top of the stack first for a defender, R34: the authored melee limits equal
//!   the stacking limits, so a defender never stands over them and the owner's choice never
//!   arises), then each unit's strength is doubled (16.32) or halved rounding down (12.51), then
//!   +1 for a leader (12.4), +1 for morale (12.52), and at most one point of terrain (12.31).
//! - 12.31, 12.32, R43: terrain is the worse of the hexside an attacker crosses and the hex
//!   it enters (the authored 9.56 gives both), per attacking unit, one point at most for the
//!   side; units already in an engaged hex pay none, only those joining it.
//! - R43: a leader counts (12.4) and rolls (17.72) for a side when he stands in the hex of one
//!   of its meleeing units at the melee; leaders do not enter the melee hex with attackers.
//! - 12.25, 12.96: crews, wagons and pinned units melee only in a hex they are engaged in;
//!   17.11 and 18.0 bar only the initiation of a melee, not its continuation.

use super::engaged;
use crate::fire::{self, wagon};
use crate::oob::Kind;
use crate::refusal::{no, why};
use crate::state::{Formation, Gbacw, UnitId};
use crate::{facing, stacking};
use engine::{Illegal, Side};
use hexmap::Hex;

/// Whether `u` is mounted cavalry (16.0).
#[must_use]
pub fn mounted(g: &Gbacw, u: UnitId) -> bool {
    g.unit(u).formation == Formation::Mounted
}

/// The enemy units of `side` in `h`.
#[must_use]
pub fn enemies_in(g: &Gbacw, side: Side, h: Hex) -> Vec<UnitId> {
    g.units_at(h).into_iter().filter(|&u| g.side_of(u) != side && stacking::stacks(g, u)).collect()
}

/// Whether `side`'s unit `u`, standing in `target` (an engaged hex) or next to it, may melee
/// into `target`: 12.0, 12.21 adjacency, 7.31 a frontal hexside, 12.33 a hex it could move
/// into, 12.22 and 12.26 the hex it fired at, 12.24 not Column, 12.25 no crews or wagons,
/// 12.85 not advanced this turn, 9.84 and 12.96 not pinned, 13.32 not routed, 17.11 in
/// command, 18.0 its brigade's BCE. Units already engaged in `target` continue its melee
/// whatever they are (12.94, 12.96).
///
/// # Errors
/// The refusal, citing its rule.
pub fn may_melee(g: &Gbacw, u: UnitId, target: Hex) -> Result<(), Illegal> {
    if usize::from(u) >= g.units.len() {
        return Err(no("12.0", why!("there is no unit {u}")));
    }
    let name = &g.info(u).name;
    let side = g.phasing;
    let Some(from) = g.hex_of(u) else { return Err(no("12.0", why!("{name} is not on the map"))) };
    if g.side_of(u) != side {
        return Err(no("12.0", why!("{name} is not the {}'s", side.title())));
    }
    if enemies_in(g, side, target).is_empty() {
        if g.units_here(target).any(|e| g.side_of(e) != side) {
            return Err(no(
                "12.0",
                why!("the gunboats in {target} are never meleed (the exclusive rules, plan 2.5 c)"),
            ));
        }
        return Err(no("12.0", why!("no enemy unit holds {target}")));
    }
    if g.unit(u).routed {
        return Err(no("13.32", why!("{name} is routed and may not initiate melee")));
    }
    if from == target {
        // 12.94 options 1 and 2, 12.96: the units engaged there fight on.
        return Ok(());
    }
    if engaged(g, u) {
        return Err(no("12.94", why!("{name} is engaged in melee in {from}")));
    }
    if from.distance(target) != 1 {
        return Err(no("12.21", why!("{name} is not adjacent to {target}")));
    }
    if g.melee.advanced.contains(&u) {
        return Err(no("12.85", why!("{name} advanced into a vacated hex and may not melee this turn")));
    }
    match g.info(u).kind {
        Kind::Battery { .. } | Kind::Gunboat { .. } | Kind::HeavyGuns { .. } => {
            return Err(no("12.25", why!("{name}'s gun crew may not initiate melee")));
        }
        Kind::Wagon { .. } => return Err(no("12.25", why!("{name}'s wagon crew may not initiate melee"))),
        Kind::Infantry | Kind::Cavalry => {}
    }
    if g.unit(u).formation == Formation::Column {
        return Err(no("12.24", why!("{name} is in Column and may not initiate melee")));
    }
    if g.pinned.contains(&from) {
        return Err(no("12.96", why!("{name} is pinned and may not initiate melee")));
    }
    if !crate::command::in_command(g, u) {
        return Err(no("17.11", why!("{name} is out of command and may not initiate melee")));
    }
    if crate::victory::unit_bce_lost(g, u) {
        return Err(no("18.0", why!("{name}'s brigade has lost its combat effectiveness")));
    }
    let fired: Vec<Hex> = g.fired_at.iter().filter(|(v, _)| *v == u).map(|&(_, h)| h).collect();
    if !fired.is_empty() && !fired.contains(&target) {
        return Err(no("12.22", why!("{name} fired at another hex and may melee only a hex it fired at")));
    }
    let side_to = facing::toward(from, target).expect("adjacent");
    if !facing::frontal(fire::facing_kind(g, u), g.unit(u).facing, side_to) {
        return Err(no("7.31", why!("{name} would enter {target} through no frontal hexside")));
    }
    match crate::movement::costs::step_price(g, crate::action::Piece::Unit(u), from, target, false) {
        Some(crate::authored::Cost::Mp(_)) => Ok(()),
        _ => Err(no("12.33", why!("{name} could not move into {target}"))),
    }
}

/// 12.11-12.14, 15.12: a unit's melee strength before any adjustment: infantry and cavalry
/// their current strength, a battery its crew (1 full, 0 half), a wagon its crew (1, or 0
/// without one).
#[must_use]
pub fn base_strength(g: &Gbacw, u: UnitId) -> i32 {
    match g.info(u).kind {
        Kind::Infantry | Kind::Cavalry => i32::from(g.strength(u)),
        Kind::Battery { .. } | Kind::Gunboat { .. } | Kind::HeavyGuns { .. } => i32::from(g.unit(u).crew_lost == 0),
        Kind::Wagon { .. } => i32::from(!wagon::crew_dead(g, u)),
    }
}

/// One side's melee strength and how it was reached.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Strength {
    /// The units counted (12.72: within the hex's melee limits).
    pub units: Vec<UnitId>,
    /// The strength after 12.72's cap and 16.32/12.51's doubling and halving.
    pub base: i32,
    /// 12.4: a leader's +1.
    pub leader: bool,
    /// 12.52: the morale +1.
    pub morale: bool,
    /// 12.31: the terrain point (0 or -1).
    pub terrain: i32,
}

impl Strength {
    /// The total (12.0).
    #[must_use]
    pub fn total(&self) -> i32 {
        self.base + i32::from(self.leader) + i32::from(self.morale) + self.terrain
    }

    /// The total with how it was reached, for the log ("6 (5, leader +1)"): the sixth playtest
    /// could not tell a terrain point from a missing leader.
    #[must_use]
    pub fn itemized(&self) -> String {
        let mut parts = vec![self.base.to_string()];
        if self.leader {
            parts.push("leader +1 (12.4)".into());
        }
        if self.morale {
            parts.push("morale +1 (12.52)".into());
        }
        if self.terrain != 0 {
            parts.push(format!("terrain {:+} (12.31)", self.terrain));
        }
        if parts.len() == 1 { self.total().to_string() } else { format!("{} ({})", self.total(), parts.join(", ")) }
    }
}

/// R16 first step, 12.71-12.73: the strength of `units` (top first) counted within the melee
/// limits of `target`, each doubled or halved as `adjust` says.
fn capped(g: &Gbacw, units: &[UnitId], target: Hex, adjust: impl Fn(UnitId, i32) -> i32) -> (Vec<UnitId>, i32) {
    let limit = g.map().terrain(target).map(|t| g.charts().stacking(t));
    let (max_units, max_sp) =
        limit.map_or((usize::MAX, u16::MAX), |l| (usize::from(l.melee_units), u16::from(l.melee_sp)));
    let mut room = max_sp;
    let mut counted = Vec::new();
    let mut total = 0;
    for &u in units.iter().take(max_units) {
        let sp = stacking::stacking_points(g, u);
        let base = base_strength(g, u);
        let part = if fire::is_foot_or_horse(g, u) {
            base.min(i32::from(room))
        } else if sp <= room {
            base
        } else {
            0
        };
        room = room.saturating_sub(sp);
        counted.push(u);
        total += adjust(u, part);
    }
    (counted, total)
}

/// 12.52: the lowest morale among `units` (unknown counts as none).
fn lowest(g: &Gbacw, units: &[UnitId]) -> Option<u8> {
    units.iter().filter_map(|&u| g.unit(u).morale).min()
}

/// 12.52: the highest morale among `units`.
fn highest(g: &Gbacw, units: &[UnitId]) -> Option<u8> {
    units.iter().filter_map(|&u| g.unit(u).morale).max()
}

/// 12.31, 12.32, R43: the terrain point an attacker coming from `from` pays entering `target`
/// (0 from inside an engaged hex; a crest counts only going up).
#[must_use]
pub fn terrain_point(g: &Gbacw, from: Hex, target: Hex) -> i32 {
    if from == target {
        return 0;
    }
    let charts = g.charts();
    let hex = g.map().terrain(target).map_or(0, |t| i32::from(charts.melee_effect(t)));
    // A crest only going up (the authored 9.56, as 9.52 has it for fire).
    let lower = g.map().height_ft(from).unwrap_or(0) < g.map().height_ft(target).unwrap_or(0);
    let side = g
        .map()
        .hexside(from, target)
        .filter(|&k| k != crate::terrain::HexsideKind::Crest || lower)
        .map_or(0, |k| i32::from(charts.hexside_melee_effect(k)));
    hex.min(side).clamp(-1, 0)
}

/// 12.0, R16: the attacker's and the defender's strengths for `attackers` (unit, hex it
/// melees from) of the phasing side into `target`.
#[must_use]
pub fn strengths(g: &Gbacw, attackers: &[(UnitId, Hex)], target: Hex) -> (Strength, Strength) {
    let side = g.phasing;
    let att_units: Vec<UnitId> = attackers.iter().map(|&(u, _)| u).collect();
    let defenders = enemies_in(g, side, target);
    let all_foot = att_units.iter().all(|&u| !mounted(g, u));
    let (dunits, dbase) = capped(g, &defenders, target, |u, s| {
        if mounted(g, u) && all_foot {
            s * 2 // 16.32
        } else if g.unit(u).routed {
            s / 2 // 12.51, rounding down
        } else {
            s
        }
    });
    // 16.24, R15: a charger doubles, but not against mounted cavalry (16.33).
    let all_mounted = !defenders.is_empty() && defenders.iter().all(|&u| mounted(g, u));
    let (aunits, abase) =
        capped(g, &att_units, target, |u, s| if g.melee.charges.contains(&u) && !all_mounted { s * 2 } else { s });
    let mut att = Strength { units: aunits, base: abase, ..Strength::default() };
    let mut def = Strength { units: dunits, base: dbase, ..Strength::default() };
    // 12.4, 17.4, R43: one leader per side.
    let mut hexes: Vec<Hex> = attackers.iter().map(|&(_, h)| h).collect();
    hexes.dedup();
    att.leader = hexes.iter().any(|&h| !crate::leaders::leaders_at(g, h, side).is_empty());
    def.leader = !crate::leaders::leaders_at(g, target, side.enemy()).is_empty();
    // 12.52.
    let (alow, ahigh) = (lowest(g, &att.units), highest(g, &att.units));
    let (dlow, dhigh) = (lowest(g, &def.units), highest(g, &def.units));
    att.morale = matches!((alow, dhigh), (Some(a), Some(d)) if a >= d + 2);
    def.morale = matches!((dlow, ahigh), (Some(d), Some(a)) if d >= a + 2);
    // 12.31, 12.32: one point at most.
    att.terrain = attackers.iter().map(|&(_, from)| terrain_point(g, from, target)).min().unwrap_or(0);
    (att, def)
}

/// 12.0, R1: the differential, attacker less defender.
#[must_use]
pub fn differential(g: &Gbacw, attackers: &[(UnitId, Hex)], target: Hex) -> i32 {
    let (a, d) = strengths(g, attackers, target);
    a.total() - d.total()
}

/// 12.72: whether `u` (from `from`) may join `attackers` into `target` within the hex's melee
/// limits for the attacker.
///
/// # Errors
/// The refusal, citing 12.72.
pub fn within_limits(g: &Gbacw, attackers: &[(UnitId, Hex)], u: UnitId, target: Hex) -> Result<(), Illegal> {
    let Some(t) = g.map().terrain(target) else { return Ok(()) };
    let l = g.charts().stacking(t);
    let n = attackers.len() + 1;
    let sp: u16 =
        attackers.iter().map(|&(v, _)| stacking::stacking_points(g, v)).sum::<u16>() + stacking::stacking_points(g, u);
    if n > usize::from(l.melee_units) || sp > u16::from(l.melee_sp) {
        return Err(no(
            "12.72",
            why!(
                "{target} takes at most {} units and {} Strength Points of a side in melee",
                l.melee_units,
                l.melee_sp
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod itemized_tests {
    use super::Strength;

    /// The log says how a melee strength was reached, and only the bare number when nothing
    /// was added.
    #[test]
    fn a_strength_reads_with_its_parts() {
        let s = Strength { units: Vec::new(), base: 5, leader: true, morale: false, terrain: -1 };
        assert_eq!(s.itemized(), "5 (5, leader +1 (12.4), terrain -1 (12.31))");
        let bare = Strength { units: Vec::new(), base: 2, leader: false, morale: false, terrain: 0 };
        assert_eq!(bare.itemized(), "2");
    }
}

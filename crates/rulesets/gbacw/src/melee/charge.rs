//! 16.2-16.27 cavalry charges: announced in the Retreat Before Melee Phase as melees are
//! (`Charge`), by mounted cavalry through its one front hexside (16.2, 7.31), from within four
//! hexes of the target where it began its Movement Phase (16.23), never into or across the
//! terrain the authored 9.56 marks (16.22, R2). The charged may not retreat before melee unless
//! mounted (16.26); the charger melees at double strength (16.24, R15) but against mounted
//! cavalry (16.33), and routs when the melee is over, engaged or not (16.25, 16.27).
//!
//! Readings:
//! - 16.23: a unit that was not mounted as its Movement Phase began (6.22 mounts only at its
//!   end) has no start to charge from.
//! - 16.26: a charger whose target hex is emptied by a mounted retreat before melee melees no
//!   one, so it does not rout; one that melees routs and retreats at once (13.31), from an
//!   engaged hex too (16.27).

use super::{attack, bout::Bout, no};
use crate::refusal::why;
use crate::state::{Gbacw, UnitId};
use engine::Illegal;
use hexmap::Hex;

/// 16.23: the farthest a charger may begin its Movement Phase from its target.
pub const CHARGE_REACH: u16 = 4;

/// Whether `h` is charged this Player-Turn (16.26).
#[must_use]
pub fn charged(g: &Gbacw, h: Hex) -> bool {
    g.melee.announced.iter().any(|&(u, t)| t == h && g.melee.charges.contains(&u))
}

/// Whether `u` may charge `at` (beyond [`attack::may_melee`]): mounted (16.0), from within
/// four hexes (16.23), not into or across terrain that stops a charge (16.22, R2).
///
/// # Errors
/// The refusal, citing its rule.
pub fn may_charge(g: &Gbacw, u: UnitId, at: Hex) -> Result<(), Illegal> {
    attack::may_melee(g, u, at)?;
    let name = &g.info(u).name;
    if !attack::mounted(g, u) {
        return Err(no("16.2", why!("{name} is not mounted cavalry")));
    }
    let start = g.melee.charge_start.iter().find(|&&(v, _)| v == u).map(|&(_, h)| h);
    match start {
        Some(h) if h.distance(at) <= CHARGE_REACH => {}
        _ => return Err(no("16.23", why!("{name} began its Movement Phase more than four hexes from {at}"))),
    }
    let charts = g.charts();
    if !g.map().terrain(at).is_some_and(|t| charts.charge_into(t)) {
        return Err(no("16.22", why!("cavalry may not charge into {at}'s terrain")));
    }
    let from = g.hex_of(u).expect("checked");
    if g.map().hexside(from, at).is_some_and(|k| !charts.charge_across(k)) {
        return Err(no("16.22", why!("cavalry may not charge across the hexside into {at}")));
    }
    Ok(())
}

/// 16.25, 16.27: the chargers of `b` still on the map rout and retreat (13.31).
pub(crate) fn rout_chargers(g: &mut Gbacw, b: &Bout) {
    let chargers: Vec<UnitId> = b
        .attackers
        .iter()
        .map(|&(u, _)| u)
        .filter(|u| g.melee.charges.contains(u))
        .filter(|&u| g.hex_of(u).is_some())
        .collect();
    for &u in &chargers {
        if !g.unit(u).routed {
            g.unit_mut(u).routed = true;
            let name = g.info(u).name.clone();
            g.log.push("GBACW 16.25", || format!("{name}, having charged, routs."));
        }
    }
    let cause = b.units(g, b.side.enemy());
    crate::retreat::rout(g, &chargers, &cause);
}

//! Melees announced (12.8, R24) or declared (12.0) and not yet rolled, at what their die is
//! expected to do (12.98, by [`odds::melee`]). Without it a melee is worth nothing to a search
//! until its die falls, several of the attacker's decisions and the defender's answer later
//! (announce in Phase E, the defender's Retreat Before Melee, name the hex in Phase F, add the
//! attackers, resolve): greedy, which glances one decision ahead, never melees, and a line held
//! in timber is never broken. The defender's answer sees the same estimate: retreating before a
//! melee it would lose (12.8) leaves no one to fight, and so no expected loss.
//!
//! An estimate: guns captured, leaders' casualties, 12.97 and the morale checks after a retreat
//! are left out; a retreat (an "R#" or a "Rpls") counts as a rout does in fire ([`ROUT`]).

use super::{FIELD, ROUT};
use crate::melee::{MeleeFrame, attack};
use crate::odds;
use crate::procedure::Frame;
use crate::scenario;
use crate::state::{Gbacw, Phase, UnitId};
use engine::Side;
use hexmap::Hex;

/// The melees still to be fought this Player-Turn: the one being declared, then each hex the
/// phasing side announced and has not yet meleed, with the attackers announced against it.
fn melees(g: &Gbacw) -> Vec<(Hex, Vec<(UnitId, Hex)>)> {
    if !matches!(g.phase, Phase::RetreatBeforeMelee | Phase::Melee) {
        return Vec::new();
    }
    let mut out: Vec<(Hex, Vec<(UnitId, Hex)>)> = Vec::new();
    if let Some(Frame::Melee(MeleeFrame::Declare { target, attackers })) = g.stack.last()
        && !attackers.is_empty()
    {
        out.push((*target, attackers.clone()));
    }
    // The hex being declared counts the attackers declared so far only.
    let declaring = out.first().map(|(t, _)| *t);
    for &(u, target) in &g.melee.announced {
        if Some(target) == declaring || g.melee.fought.contains(&target) || g.melee.attacked.contains(&u) {
            continue;
        }
        let Some(from) = g.hex_of(u) else { continue };
        match out.iter_mut().find(|(t, _)| *t == target) {
            Some((_, list)) => list.push((u, from)),
            None => out.push((target, vec![(u, from)])),
        }
    }
    out
}

/// What each melee still to come is expected to win the phasing side, in VP, summed.
pub(crate) fn pending_melee(g: &Gbacw) -> Option<(Side, f64)> {
    let side = g.phasing;
    let list = melees(g);
    if list.is_empty() {
        return None;
    }
    let vp = &scenario::belmont().vp;
    let mut total = 0.0;
    for (target, attackers) in list {
        let defenders = attack::enemies_in(g, side, target);
        if defenders.is_empty() || attackers.is_empty() {
            continue;
        }
        let points = |units: &mut dyn Iterator<Item = UnitId>| {
            u8::try_from(units.map(|u| u32::from(g.strength(u))).sum::<u32>().min(255)).unwrap_or(u8::MAX)
        };
        let m = odds::Melee {
            differential: attack::differential(g, &attackers, target),
            erratum: g.opt.melee_erratum,
            points: [points(&mut attackers.iter().map(|&(u, _)| u)), points(&mut defenders.iter().copied())],
        };
        let o = odds::melee(&m);
        let worth = |i: usize| {
            o.captured[i] * (f64::from(vp.sp_captured) + FIELD)
                + o.killed[i] * (f64::from(vp.sp_killed) + FIELD)
                + o.retreat[i] * ROUT
        };
        total += worth(1) - worth(0);
    }
    Some((side, total))
}

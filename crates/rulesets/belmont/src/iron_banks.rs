//! 12.0 Confederate Long Range Artillery: Stewart's and the Point Coupee batteries'
//! fire at hexes outside their LOS once the camp has fallen (12.1), with scatter. The
//! volley restriction until the camp falls (5.1) and catastrophic failure (12.2) are in
//! `fire`.
//!
//! Reading (12.1): a shot outside LOS is the battery's volley for the activation; it
//! is aimed at a Missouri land hex in its 36-hex range that it cannot see, from the end
//! of the capture turn on (13.2.2, `camp::banks_unleashed`).

use crate::action::Action;
use crate::charts;
use crate::counters::{Kind, UnitId};
use crate::los::los;
use crate::map::Region;
use crate::procedure::{Frame, VolleyDie};
use crate::sequence::activated;
use crate::state::Belmont;
use hexmap::{Direction, Hex};

/// 12.1: the shots outside LOS open to activated long-range batteries.
pub(crate) fn bombard_legal(g: &Belmont) -> Vec<Action> {
    if !crate::camp::banks_unleashed(g) {
        return vec![];
    }
    let act = g.act.as_ref().expect("activation");
    let mut out = Vec::new();
    for b in g.ids() {
        if !activated(g, b)
            || !g.counter(b).long_range
            || g.counter(b).kind != Kind::IronBanks
            || act.banks_fired.contains(&b)
        {
            continue;
        }
        let Some(from) = g.hex_of(b) else { continue };
        if act.fired_from.contains(&from) {
            continue;
        }
        // Reading: targets are hexes holding units, or next to them; an empty hex
        // far from anyone can only waste the shot.
        let mut aims: Vec<Hex> = g
            .ids()
            .filter(|&u| !g.is_vessel(u))
            .filter_map(|u| g.hex_of(u))
            .flat_map(|h| std::iter::once(h).chain(h.neighbours()))
            .collect();
        aims.sort();
        aims.dedup();
        for h in aims {
            let missouri = g.map().get(h).is_some_and(|i| i.region == Region::Missouri);
            if missouri && from.distance(h) <= charts::LONG_RANGE && !los(g, from, h) {
                out.push(Action::Bombard { battery: b, target: h });
            }
        }
    }
    out
}

pub(crate) fn bombard(g: &mut Belmont, battery: UnitId, target: Hex) {
    g.act.as_mut().expect("activation").banks_fired.push(battery);
    let n = g.name(battery);
    g.log.push("Belmont 12.1", || format!("{n} fires blind at {target}."));
    g.stack.push(Frame::Scatter { battery, target });
}

/// 12.1: gray 1-4 lands one hex away in the blue die's direction; 5-6 on target.
pub(crate) fn scatter(g: &mut Belmont, battery: UnitId, target: Hex, a: &Action) {
    let Action::RollPair { blue, gray } = *a else { unreachable!() };
    let landed = if gray >= charts::ON_TARGET_ON {
        target
    } else {
        target.neighbour(Direction::from_die(blue).expect("die face"))
    };
    g.log.push("Belmont 12.1", || format!("Blue {blue}, gray {gray}: the shot lands on {landed}."));
    let units = g.ground_at(landed);
    if units.is_empty() {
        g.log.push("Belmont 12.1", || "The hex is empty: the fire is ineffective.".into());
        return;
    }
    let side_hit = g.owner(units.iter().copied().find(|&u| !g.is_leader(u)).unwrap_or(units[0]));
    // Units: one die, a hit on a 6 (run as a one-die volley so 12.2 applies to it).
    if units.iter().any(|&u| !g.is_leader(u)) {
        g.stack.push(Frame::Volley {
            side: side_hit.enemy(),
            target: landed,
            range: 0,
            dice: vec![VolleyDie::Battery { unit: battery, hit_on: 6 }],
            entry: None,
            targets: None,
        });
    }
    // Leaders of either side: a casualty check each, and only this one for the shot
    // (5.1: one check per activation however often the hex is fired on).
    let leaders: Vec<UnitId> = units.into_iter().filter(|&u| g.is_leader(u)).collect();
    for l in leaders {
        if let Some(act) = g.act.as_mut() {
            if act.volley_checked.contains(&l) {
                continue;
            }
            act.volley_checked.push(l);
        }
        g.stack.push(Frame::Casualty { leader: l });
    }
}

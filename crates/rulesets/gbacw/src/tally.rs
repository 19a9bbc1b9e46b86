//! What the odds calculator counts (`engine::Game::tally`) and what a balance study measures
//! at a game's end (`engine::Game::metrics`).
//!
//! Each tally key counts the side that suffers it, and a state that can worsen is counted
//! with its worse states ("units routed or gone"), so a fire's or a melee's odds read as
//! losses, never as negative counts (issue 15's lesson from Belmont).

use crate::fire::wagon::is_wagon;
use crate::state::{Fate, Gbacw, Loc, UnitId};
use engine::{Metric, Side};

/// The counts, Union keys then Confederate keys, always in this order.
pub(crate) fn tally(g: &Gbacw) -> Vec<(String, i64)> {
    let vp = crate::victory::vp(g);
    let mut out = Vec::with_capacity(20);
    for side in Side::BOTH {
        let mine: Vec<UnitId> = g.unit_ids().filter(|&u| g.side_of(u) == side && !is_wagon(g, u)).collect();
        let sum = |f: &dyn Fn(UnitId) -> u32| -> i64 { mine.iter().map(|&u| i64::from(f(u))).sum() };
        let gone = |u: UnitId, f: Fate| g.unit(u).loc == Loc::Gone(f);
        let on_map = |u: UnitId| g.hex_of(u).is_some();
        let n = side.name();
        // 9.81, 12.91: Strength Points and guns lost; 15.12 crew steps.
        out.push((
            format!("{n} sp lost"),
            sum(&|u| if crate::fire::has_rounds(g, u) { 0 } else { u32::from(g.unit(u).lost) }),
        ));
        out.push((
            format!("{n} guns lost"),
            sum(&|u| if crate::fire::has_rounds(g, u) { u32::from(g.unit(u).lost) } else { 0 }),
        ));
        out.push((format!("{n} crew steps lost"), sum(&|u| u32::from(g.unit(u).crew_lost))));
        // 12.93, 14.1, 5.17: units captured; 9.81: eliminated.
        out.push((format!("{n} units captured"), sum(&|u| u32::from(gone(u, Fate::Captured)))));
        out.push((format!("{n} units eliminated"), sum(&|u| u32::from(gone(u, Fate::Eliminated)))));
        // 13.21: routed now, or gone (a routed unit lost later still counts).
        out.push((
            format!("{n} units routed or gone"),
            sum(&|u| {
                u32::from((on_map(u) && g.unit(u).routed) || gone(u, Fate::Eliminated) || gone(u, Fate::Captured))
            }),
        ));
        // 9.84: pinned (the marker covers its hex); a wagon's crew too (11.12: it may not
        // resupply or move).
        out.push((
            format!("{n} units pinned"),
            sum(&|u| u32::from(g.hex_of(u).is_some_and(|h| g.pinned.contains(&h))))
                + wagons(g, side).filter(|&w| g.hex_of(w).is_some_and(|h| g.pinned.contains(&h))).count() as i64,
        ));
        // 11.1, 11.12, 11.19, 11.34: wagons that lost their crew (killed, routed off, or the
        // wagon taken or destroyed), and the ammunition boxes and rounds they lost (the sixth
        // playtest: a gunboat's fire at a wagon read "100% nothing changes").
        out.push((
            format!("{n} wagons without crew"),
            wagons(g, side)
                .filter(|&w| {
                    g.unit(w).taken || matches!(g.unit(w).loc, Loc::Gone(_)) || crate::fire::wagon::crewless(g, w)
                })
                .count() as i64,
        ));
        out.push((format!("{n} wagon ammunition lost"), wagons(g, side).map(|w| ammunition_lost(g, w)).sum()));
        // 11.21: out of small-arms ammunition.
        out.push((format!("{n} units out of ammunition"), sum(&|u| u32::from(on_map(u) && g.unit(u).depleted))));
        // 17.73, 17.82: commanders lost, the replaced ones included.
        let lost_now = g
            .leader_ids()
            .filter(|&l| g.leader_info(l).2 == side)
            .filter(|&l| {
                matches!(g.leaders[usize::from(l)].loc, Loc::Gone(Fate::Killed | Fate::Wounded | Fate::Captured))
            })
            .count();
        let replaced = g.leader_losses.iter().filter(|(l, _)| g.leader_info(*l).2 == side).count();
        out.push((format!("{n} leaders lost"), i64::try_from(lost_now + replaced).unwrap_or(i64::MAX)));
        // 18.0.
        let wrecked = crate::victory::brigades_without_bce(g, side);
        out.push((format!("{n} brigades without bce"), i64::try_from(wrecked).unwrap_or(i64::MAX)));
        out.push((format!("{n} vp"), i64::from(vp[side.index()])));
    }
    out
}

/// The wagons `side` began with, wherever they are now (a captured one is still its loss).
fn wagons(g: &Gbacw, side: Side) -> impl Iterator<Item = UnitId> + '_ {
    g.unit_ids().filter(move |&u| is_wagon(g, u) && g.info(u).side == side)
}

/// The boxes and rounds wagon `w` has lost (11.34): all of them once it is gone or taken.
fn ammunition_lost(g: &Gbacw, w: UnitId) -> i64 {
    let crate::oob::Kind::Wagon { small_arms, artillery } = g.info(w).kind else { return 0 };
    let full = i64::from(small_arms) + i64::from(artillery);
    let st = g.unit(w);
    if st.taken || matches!(st.loc, Loc::Gone(_)) {
        return full;
    }
    full - i64::from(st.boxes) - i64::from(st.rounds)
}

/// The measures, the same keys in the same order in every position: the scenario's exclusive
/// rules (the camp burned, the Union embarked), each side's losses, and the BCE lost (18.0).
pub(crate) fn metrics(g: &Gbacw) -> Vec<(String, Metric)> {
    let embarked = g.unit_ids().filter(|&u| g.unit(u).loc == Loc::Gone(Fate::Embarked)).count();
    let mut out = vec![
        ("camp johnston burned".to_string(), Metric::YesNo(Some(g.camp_burned))),
        ("union units embarked".to_string(), Metric::Number(Some(embarked as f64))),
    ];
    for side in Side::BOTH {
        let lost: u32 =
            g.unit_ids().filter(|&u| g.side_of(u) == side && !is_wagon(g, u)).map(|u| u32::from(g.unit(u).lost)).sum();
        out.push((format!("{} sp and guns lost", side.name()), Metric::Number(Some(f64::from(lost)))));
        let wrecked = crate::victory::brigades_without_bce(g, side);
        out.push((format!("{} brigades without bce", side.name()), Metric::Number(Some(wrecked as f64))));
    }
    out
}

//! Victory Points and the winner (4.0: the victory conditions consulted after the last
//! Game-Turn), by the scenario's authored schedule ([`crate::scenario`]): Strength Points and
//! guns killed and captured, commanders killed, wounded and captured (17.73, 17.82 for each
//! replacement lost), brigades that lost their Brigade Combat Effectiveness (18.0), the camp
//! burned, and the Union's troops left behind when the game ends.
//!
//! Readings:
//! - A point lost (`lost`) is killed unless captured in melee (`captured`, 12.93); a unit gone
//!   captured (12.93, 14.1) gives its remaining points as captured. Batteries, gunboats and the heavy guns count guns.
//! - A wagon scores nothing: its crew is one point of no fighting worth, and 11.19 makes even a
//!   captured crew's loss worth no VP.
//! - 18.0: each point an infantry or cavalry unit of a brigade loses (or has captured) marks one
//!   of its boxes; a brigade with every box marked has lost its BCE.
//! - Embarkation: a Union combat unit or commander on the map when the game is over counts as
//!   captured; one that embarked ([`crate::state::Fate::Embarked`]) scores nothing; the
//!   gunboats, which steam away rather than embark, are never left behind (the audit, session 12).
//!   The short scenario ([`crate::SCENARIO_CAMP`]) ends before the day does: nothing is left
//!   behind, and a camp still standing at its end gives the Confederates its `camp_held` VP.
//! - 15.12: a battery (or gunboat) whose crew is gone scores its remaining guns as lost.

use crate::oob::{Kind, Level};
use crate::scenario::{self, FateVp};
use crate::state::{Fate, Gbacw, LeaderId, Loc, UnitId};
use engine::Side;

/// The points of unit `u` lost and captured so far, as (killed, captured); the game's end
/// captures the Union's troops left on the map when `over`.
fn losses(g: &Gbacw, u: UnitId, over: bool) -> (u16, u16) {
    let st = g.unit(u);
    // 12.93: points captured in melee are part of `lost`, recorded as captured.
    // 11.18: points given to crew a wagon are neither (the third audit).
    let killed = u16::from(st.lost.saturating_sub(st.captured).saturating_sub(st.given));
    let left = u16::from(g.strength(u));
    let captured = match st.loc {
        Loc::Gone(Fate::Captured) => left,
        // The gunboats cannot go aboard the transports: they are no troops left behind.
        Loc::Map(_) if over && g.embarks() && g.side_of(u) == Side::Union && !crate::fire::is_exclusive_guns(g, u) => {
            left
        }
        _ => 0,
    };
    // 15.12: guns whose crew is gone are eliminated, not captured (the second audit: they
    // scored nothing).
    let crew_gone = st.crew_lost >= 2 && st.loc == Loc::Gone(Fate::Eliminated);
    let eliminated = if crew_gone { left } else { 0 };
    (killed + eliminated, captured + u16::from(st.captured))
}

/// 18.0: whether brigade `b` has lost its Brigade Combat Effectiveness.
#[must_use]
pub fn bce_lost(g: &Gbacw, b: usize) -> bool {
    let (marked, boxes) = bce_marked(g, b);
    marked >= boxes
}

/// 18.0: the BCE boxes of brigade `b` marked off so far, and how many it has.
#[must_use]
pub fn bce_marked(g: &Gbacw, b: usize) -> (u16, u16) {
    let info = &g.oob().brigades[b];
    let over = g.over;
    let marked: u16 = g
        .unit_ids()
        .filter(|&u| g.info(u).brigade.as_deref() == Some(info.id.as_str()))
        .filter(|&u| matches!(g.info(u).kind, Kind::Infantry | Kind::Cavalry))
        .map(|u| {
            let (k, c) = losses(g, u, over);
            k + c
        })
        .sum();
    (marked, u16::from(info.bce.boxes))
}

/// 18.0: how many of `side`'s brigades have lost their BCE.
#[must_use]
pub fn brigades_without_bce(g: &Gbacw, side: Side) -> usize {
    (0..g.oob().brigades.len()).filter(|&b| g.oob().brigades[b].side == side && bce_lost(g, b)).count()
}

/// 18.0 with the exclusive rules: whether unit `u`'s brigade has lost its BCE.
#[must_use]
pub fn unit_bce_lost(g: &Gbacw, u: UnitId) -> bool {
    crate::command::unit_brigade(g, u).is_some_and(|b| bce_lost(g, b))
}

/// What a commander's fate is worth.
fn fate_vp(t: &FateVp, f: Fate) -> u16 {
    match f {
        Fate::Killed => t.killed,
        Fate::Wounded => t.wounded,
        Fate::Captured => t.captured,
        Fate::Eliminated | Fate::Embarked => 0,
    }
}

/// Leader `l`'s schedule: a division or other commander's, or a brigade commander's.
pub(crate) fn leader_table(g: &Gbacw, l: LeaderId) -> &'static FateVp {
    let s = &scenario::belmont().vp;
    match g.oob().commanders.get(usize::from(l)).map(|c| c.level) {
        Some(Level::Division | Level::Other) => &s.division_commander,
        None => &s.brigade_commander,
    }
}

/// Each side's Victory Points, Union then Confederate.
#[must_use]
pub fn vp(g: &Gbacw) -> [u16; 2] {
    let parts = vp_by_source(g);
    [parts[0].iter().sum(), parts[1].iter().sum()]
}

/// What each side's Victory Points come from, Union then Confederate, in [`VP_SOURCES`]' order.
#[must_use]
pub fn vp_by_source(g: &Gbacw) -> [[u16; 4]; 2] {
    let ex = scenario::belmont();
    let s = &ex.vp;
    let over = g.over;
    let mut out = [[0u16; 4]; 2];
    for u in g.unit_ids() {
        if crate::fire::wagon::is_wagon(g, u) {
            continue;
        }
        let (killed, captured) = losses(g, u, over);
        let (k, c) =
            if crate::fire::has_rounds(g, u) { (s.gun_lost, s.gun_captured) } else { (s.sp_killed, s.sp_captured) };
        out[g.side_of(u).enemy().index()][0] += killed * k + captured * c;
    }
    for l in g.leader_ids() {
        let (_, _, side) = g.leader_info(l);
        let enemy = side.enemy().index();
        match g.leaders[usize::from(l)].loc {
            Loc::Gone(f) => out[enemy][1] += fate_vp(leader_table(g, l), f),
            // The embarkation rule: a Union commander left on the map when the game is over is
            // captured with the troops (the second audit: only his units counted).
            Loc::Map(_) if over && g.embarks() && side == Side::Union => {
                out[enemy][1] += fate_vp(leader_table(g, l), Fate::Captured)
            }
            _ => {}
        }
    }
    // 17.82: replacements lost and put back, and the originals they replaced.
    for &(l, f) in &g.leader_losses {
        out[g.leader_info(l).2.enemy().index()][1] += fate_vp(leader_table(g, l), f);
    }
    for (b, info) in g.oob().brigades.iter().enumerate() {
        if bce_lost(g, b) {
            out[info.side.enemy().index()][2] += u16::from(info.bce.vp);
        }
    }
    if g.camp_burned {
        out[Side::Union.index()][3] += ex.camp_burned;
    } else if over && !g.embarks() {
        // The short scenario: the raid's object still stands.
        out[Side::Confederate.index()][3] += ex.camp_held;
    }
    out
}

/// The sources of [`vp_by_source`], in its order.
pub const VP_SOURCES: [&str; 4] = ["troops and guns", "commanders", "BCE (18.0)", "the camp"];

/// The embarkation rule at the game's end: logs what the Union troops and commanders left on
/// the map gave the Confederates (the second audit: the end said nothing of it). `before` is the
/// VP as they stood before the game was over.
pub(crate) fn log_left_behind(g: &mut Gbacw, before: [u16; 2]) {
    let after = vp(g);
    let gained = after[Side::Confederate.index()].saturating_sub(before[Side::Confederate.index()]);
    let left: Vec<String> = g
        .unit_ids()
        .filter(|&u| g.side_of(u) == Side::Union && matches!(g.unit(u).loc, Loc::Map(_)))
        .filter(|&u| !crate::fire::is_exclusive_guns(g, u) && !crate::fire::wagon::is_wagon(g, u))
        .map(|u| g.info(u).name.clone())
        .chain(
            g.leader_ids()
                .filter(|&l| g.leader_info(l).2 == Side::Union && matches!(g.leaders[usize::from(l)].loc, Loc::Map(_)))
                .map(|l| g.leader_name(l)),
        )
        .collect();
    if left.is_empty() {
        g.log.push("GBACW 4.0", || "Every Union unit and commander got away: none is left behind.".into());
    } else {
        let names = left.join(", ");
        g.log.push("GBACW 4.0", || {
            format!("Left on the map when the transports sailed, and captured (embarkation rule): {names}: Confederate +{gained} VP.")
        });
    }
}

/// 4.0: once the game is over, the side with more VP wins; a margin within the scenario's
/// `draw_within` is a draw.
#[must_use]
pub fn winner(g: &Gbacw) -> Option<Side> {
    let [u, c] = vp(g);
    let margin = u.abs_diff(c);
    if margin <= scenario::belmont().draw_within {
        None
    } else if u > c {
        Some(Side::Union)
    } else {
        Some(Side::Confederate)
    }
}

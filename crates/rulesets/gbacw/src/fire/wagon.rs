//! 11.1, 11.12, 11.16, 11.34: supply wagons under fire and firing.
//!
//! A wagon's crew is its Strength Point ([`crate::state::UnitState::lost`] counts it lost);
//! its ammunition is its small-arms boxes ([`crate::state::UnitState::boxes`]) and artillery
//! boxes (`rounds`).
//!
//! Readings:
//! - 8.21 with 11.12: a fire at a hex hits its infantry and cavalry first; with none, the top
//!   battery or wagon.
//! - 11.12: small arms' numbers kill the crew (the wagon turns crewless, no morale check: the
//!   crew is gone); artillery's numbers are a column of 11.34 and a die (no casualty to the
//!   crew, so no leader roll and no check); "P", "R" and "P/R" are the crew's morale checks
//!   either way.
//! - 11.1, 11.12, 11.17: a crew that routs leaves the wagon crewless where it stands and routs
//!   its three hexes as the Wagon Crew Counter. As with a battery's crew off its guns (15.16,
//!   R27), the counter then is the crew, on foot as a Line unit, and the wagon stays in
//!   [`crate::state::UnitState::abandoned`]: enemy foot or horse entering the wagon's hex take
//!   it (11.19), the crew, rallied, re-crews it by walking back onto it (reading: the rules
//!   give a routed crew no other way back, and 11.18 recrews only a wagon whose crew was
//!   killed). A crew killed away from its wagon leaves the counter on the wagon, crewless, for
//!   11.18 to recrew.
//! - 11.16: a crewed wagon's crew fires in its own Defensive Fire Phase only. A wagon has no
//!   facing (6.0, R14): its crew fires out through the hexside its line of fire crosses (at a
//!   vertex, either), under 9.3's budget like any small arms.
//! - 11.1: a crewless wagon neither fires nor moves.

use crate::charts::{self, AmmoLoss, ArtilleryLoss};
use crate::oob::Kind;
use crate::state::{Fate, Gbacw, Loc, UnitId};
use hexmap::{Crossing, Hex};

/// Whether the unit is a supply wagon.
#[must_use]
pub fn is_wagon(g: &Gbacw, u: UnitId) -> bool {
    matches!(g.info(u).kind, Kind::Wagon { .. })
}

/// 11.1: whether a wagon is without its crew (killed, or routed away): it neither moves nor
/// resupplies.
#[must_use]
pub fn crewless(g: &Gbacw, u: UnitId) -> bool {
    crew_dead(g, u) || crew_away(g, u)
}

/// 11.12, 12.91: whether a wagon's crew was killed (the counter stands for the empty wagon).
#[must_use]
pub fn crew_dead(g: &Gbacw, u: UnitId) -> bool {
    is_wagon(g, u) && g.strength(u) == 0
}

/// 11.12, 11.17: whether a wagon's crew has routed off it: the counter is the Wagon Crew
/// Counter, the wagon stands in `abandoned`.
#[must_use]
pub fn crew_away(g: &Gbacw, u: UnitId) -> bool {
    is_wagon(g, u) && g.unit(u).abandoned.is_some()
}

/// Whether the counter stands for the wagon itself (crewed or not), not for a crew off it:
/// such a counter is never displaced nor counted as a friend in a retreat's way (11.17).
#[must_use]
pub fn is_wagon_itself(g: &Gbacw, u: UnitId) -> bool {
    is_wagon(g, u) && !crew_away(g, u)
}

/// 11.12, 11.17: the crew of wagon `u`, in `h`, retreats or routs off it: the wagon stays in
/// `h`, crewless; the counter, now the crew, goes as a Line unit.
pub fn crew_leaves(g: &mut Gbacw, u: UnitId, h: Hex) {
    let st = g.unit_mut(u);
    st.abandoned = Some(h);
    st.formation = crate::state::Formation::Line;
    let name = g.info(u).name.clone();
    g.log.push("GBACW 11.17", || format!("{name}'s crew retreats; the wagon stays crewless in {h}."))
}

/// 11.19: the wagon `u` in `h` is captured: it passes to the enemy, crewless, for him to
/// recrew (11.18); its former crew leaves play wherever it is, and counts for no Victory
/// Points (wagons score none: [`crate::victory`]).
///
/// Reading: 11.18's "only one Strength Point may ever be assigned" binds each owner; the
/// captor may crew it once in his turn.
pub fn captured(g: &mut Gbacw, u: UnitId, h: Hex) {
    let crew = g.strength(u);
    let order = crate::stacking::bottom(g, h, u);
    let st = g.unit_mut(u);
    st.abandoned = None;
    st.loc = Loc::Map(h);
    st.order = order;
    st.formation = crate::state::Formation::Wagon;
    st.lost = st.lost.saturating_add(crew);
    st.routed = false;
    st.taken = !st.taken;
    st.recrewed_on = None;
    g.recrewed.retain(|&w| w != u);
    let (name, side) = (g.info(u).name.clone(), g.side_of(u));
    g.log.push("GBACW 11.19", || format!("{name} in {h} is captured by the {}; its crew leaves play.", side.title()));
}

/// 11.19 with 15.16's re-manning: the crew of wagon `u`, rallied, comes back onto it in `h`.
pub fn crew_returns(g: &mut Gbacw, u: UnitId, h: Hex) {
    let st = g.unit_mut(u);
    st.abandoned = None;
    st.formation = crate::state::Formation::Wagon;
    let name = g.info(u).name.clone();
    g.log.push("GBACW 11.1", || format!("{name}'s crew comes back onto its wagon in {h}."));
}

/// 11.16, R14: the hexsides a wagon crew's shot from `from` at `target` may leave by.
#[must_use]
pub fn crew_sides(from: Hex, target: Hex) -> Vec<u8> {
    match hexmap::exit(from, target) {
        None => Vec::new(),
        Some(Crossing::Side(d)) => vec![crate::facing::index(d)],
        Some(Crossing::Vertex(a, b)) => vec![crate::facing::index(a), crate::facing::index(b)],
    }
}

/// 11.12: small arms' casualties on a wagon: the crew is killed, the wagon crewless.
/// A crew killed off its wagon leaves the counter on the wagon, empty (11.18 may recrew it).
pub fn crew_killed(g: &mut Gbacw, u: UnitId) -> bool {
    if crew_dead(g, u) {
        return false;
    }
    let crew = g.strength(u);
    let st = g.unit_mut(u);
    st.lost += crew;
    st.routed = false;
    if let Some(w) = st.abandoned.take() {
        st.formation = crate::state::Formation::Wagon;
        let side = g.side_of(u);
        if g.units_here(w).any(|v| g.side_of(v) != side) {
            // Enemy guns or leaders stand on it (only foot or horse take a wagon, 11.19): the
            // empty wagon cannot be shown among them and is lost.
            g.unit_mut(u).loc = Loc::Gone(Fate::Eliminated);
        } else {
            let order = crate::stacking::bottom(g, w, u);
            let st = g.unit_mut(u);
            st.loc = Loc::Map(w);
            st.order = order;
        }
    }
    let name = g.info(u).name.clone();
    g.log.push("GBACW 11.12", || format!("{name}'s crew is killed: the wagon is crewless."));
    true
}

/// 11.12, 11.34: artillery's result of `points` (1-3) on a wagon, with the 11.34 die.
pub fn ammunition_hit(g: &mut Gbacw, u: UnitId, points: u8, die: u8) {
    let name = g.info(u).name.clone();
    match charts::ammo_loss(points.clamp(1, 3), die) {
        AmmoLoss::WagonEliminated => {
            g.unit_mut(u).loc = Loc::Gone(Fate::Eliminated);
            g.log.push("GBACW 11.34", || format!("{name} is destroyed."));
        }
        AmmoLoss::Lose { small_arms, artillery } => {
            let st = g.unit_mut(u);
            st.boxes = st.boxes.saturating_sub(small_arms);
            st.rounds = match artillery {
                ArtilleryLoss::Rounds(r) => st.rounds.saturating_sub(r),
                ArtilleryLoss::All => 0,
            };
            g.log.push("GBACW 11.34", || {
                format!("{name} loses {small_arms} small-arms box(es) and {artillery} of its artillery ammunition.")
            });
        }
    }
}

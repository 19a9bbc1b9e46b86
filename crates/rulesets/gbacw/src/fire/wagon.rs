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
//!   either way. A crew routed away leaves the wagon crewless where it stands (11.17, `routed`
//!   on the wagon stands for the crew counter, which is not placed: [`crate::retreat`]).
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

/// 11.1: whether a wagon has lost its crew (killed, or routed away).
#[must_use]
pub fn crewless(g: &Gbacw, u: UnitId) -> bool {
    is_wagon(g, u) && (g.strength(u) == 0 || g.unit(u).routed)
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
pub fn crew_killed(g: &mut Gbacw, u: UnitId) -> bool {
    if crewless(g, u) {
        return false;
    }
    let crew = g.strength(u);
    g.unit_mut(u).lost += crew;
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

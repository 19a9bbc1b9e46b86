//! The rulebook's charts as numbers: the Terrain Effects Chart's movement costs, the
//! Volley Fire Chart (rules card 6.1), opportunity and defensive fire (cards 6.2, 6.3),
//! 4.1 movement allowances, 11.8 transport capacity and 14.x victory points.
//!
//! These are transcribed chart values, not authored ones; they sit here, apart from the
//! logic, so that an erratum is a one-line change.

use crate::counters::Kind;
use crate::map::Terrain;

/// Movement costs are counted in half movement points so that road movement (1/2 MP)
/// is whole.
pub const HALF: u8 = 2;

/// 4.1: infantry, artillery and leaders have 6 MP.
pub const MP_FOOT: u8 = 6 * HALF;
/// 4.1: cavalry has 8 MP.
pub const MP_CAVALRY: u8 = 8 * HALF;
/// 3.2.3, 1.2: leaders may move up to three hexes in Leader Second Movement.
pub const SECOND_MOVE_HEXES: u8 = 3;
/// 11.7: debarking units have two movement points.
pub const MP_DEBARK: u8 = 2 * HALF;

/// Terrain Effects Chart: Road, 1/2 MP along a road.
pub const COST_ROAD: u8 = 1;
/// Terrain Effects Chart: Shore, 1 MP from shore hex to shore hex, otherwise 2 MP.
pub const COST_SHORE_ALONG: u8 = HALF;
/// Terrain Effects Chart: Shore, otherwise 2 MP.
pub const COST_SHORE_OTHER: u8 = 2 * HALF;

/// 4.2: at most three non-leader units in a hex.
pub const STACK_LIMIT: usize = 3;

// The Terrain Effects Chart, one function per column, each read by the rule that applies
// it (movement, LOS, volley, melee) and by the player aid, so the two cannot part.

/// Terrain Effects Chart, Movement Cost: half-MP to enter a hex of this terrain off the road
/// and away from the shore, or `None` where the unit may not go: the river and the Iron
/// Banks entrenchments for every ground unit, ponds and marshes for field artillery.
#[must_use]
pub fn terrain_cost(terrain: Terrain, artillery: bool) -> Option<u8> {
    match terrain {
        Terrain::River | Terrain::Entrenchment => None,
        Terrain::Pond | Terrain::Marsh if artillery => None,
        Terrain::FelledTrees | Terrain::Woods | Terrain::Marsh => Some(2 * HALF),
        Terrain::Pond => Some(3 * HALF),
        _ => Some(HALF),
    }
}

/// Terrain Effects Chart, Blocks LOS?: brush blocks a line that passes through this many
/// brush hexes.
pub const BRUSH_LOS_HEXES: u8 = 3;

/// Terrain Effects Chart, Blocks LOS?: how many hexes like this one a line must pass through
/// to be blocked (one for camp, woods, crops and any slope hex; [`BRUSH_LOS_HEXES`] for
/// brush), or `None` if they never block.
#[must_use]
pub fn los_blocked_after(terrain: Terrain, slope: bool) -> Option<u8> {
    if slope || matches!(terrain, Terrain::Camp | Terrain::Woods | Terrain::Crops) {
        Some(1)
    } else if terrain == Terrain::Brush {
        Some(BRUSH_LOS_HEXES)
    } else {
        None
    }
}

/// Terrain Effects Chart, River, and 12.0: whether a unit of this kind may fire on a hex of
/// this terrain at all (only gunboats on the entrenchments; no infantry or field artillery
/// on the river).
#[must_use]
pub fn may_target(terrain: Terrain, firer: Kind) -> bool {
    match terrain {
        Terrain::Entrenchment => firer == Kind::Gunboat,
        Terrain::River => !matches!(firer, Kind::Infantry | Kind::FieldArtillery),
        _ => true,
    }
}

/// Terrain Effects Chart, Direct Fire Effects of the target's hex: volley dice lost firing
/// into `target` from a `firer` hex (felled trees; woods from brush or clear).
#[must_use]
pub fn fire_dice_lost_into(target: Terrain, firer: Terrain) -> u8 {
    u8::from(target == Terrain::FelledTrees)
        + u8::from(target == Terrain::Woods && matches!(firer, Terrain::Brush | Terrain::Clear))
}

/// Terrain Effects Chart, Direct Fire Effects of the firer's hex: volley dice lost firing
/// out of a pond.
#[must_use]
pub fn fire_dice_lost_from(firer: Terrain) -> u8 {
    u8::from(firer == Terrain::Pond)
}

/// Terrain Effects Chart, Slope: volley dice lost firing from the bottom of a slope to its top.
pub const SLOPE_FIRE_DICE: u8 = 1;

/// Terrain Effects Chart, River ("prohibited") and 4.1 (no entering the entrenchments):
/// whether a hex of this terrain may be a melee hex.
#[must_use]
pub fn melee_allowed(target: Terrain) -> bool {
    !matches!(target, Terrain::River | Terrain::Entrenchment)
}

/// Terrain Effects Chart, Melee Effects of the attackers' entry hex: strength lost entering
/// melee from felled trees, a pond or a marsh.
#[must_use]
pub fn melee_lost_from(entry: Terrain) -> u8 {
    u8::from(matches!(entry, Terrain::FelledTrees | Terrain::Pond | Terrain::Marsh))
}

/// Terrain Effects Chart, Melee Effects of the melee hex: strength lost entering woods from
/// a clear hex.
#[must_use]
pub fn melee_lost_into(target: Terrain, entry: Terrain) -> u8 {
    u8::from(target == Terrain::Woods && entry == Terrain::Clear)
}

/// Terrain Effects Chart, Slope: strength lost entering melee from the bottom of a slope to
/// its top.
pub const SLOPE_MELEE_LOSS: u8 = 1;

/// What one volley die does.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Effect {
    /// No effect.
    Miss,
    /// One unit in the target hex retreats (8.3).
    Retreat,
    /// One hit (7.0).
    Hit,
}

/// Volley Fire Chart (rules card 6.1), infantry: range 2 hexes; range 1: 5 retreat, 6 hit;
/// range 2: 6 retreat.
pub const INFANTRY_RANGE: u16 = 2;
/// Field artillery: range 8 hexes.
pub const FIELD_ARTILLERY_RANGE: u16 = 8;
/// Gunboats: range 14 hexes.
pub const GUNBOAT_RANGE: u16 = 14;
/// Iron Banks static batteries: range 14 hexes.
pub const IRON_BANKS_RANGE: u16 = 14;
/// Long range batteries: range 36 hexes.
pub const LONG_RANGE: u16 = 36;
/// 6.8: Grant's influence reaches melees within five hexes.
pub const GRANT_INFLUENCE_RANGE: u16 = 5;
/// 2.0: Grant's Influence marker starts on the tenth space.
pub const GRANT_INFLUENCE_POINTS: u8 = 10;

/// Volley Fire Chart, infantry.
#[must_use]
pub fn infantry_volley(range: u16, die: u8) -> Effect {
    match (range, die) {
        (1, 6) => Effect::Hit,
        (1, 5) | (2, 6) => Effect::Retreat,
        _ => Effect::Miss,
    }
}

/// Volley Fire Chart, field artillery.
#[must_use]
pub fn field_artillery_volley(range: u16, die: u8) -> Effect {
    match (range, die) {
        (1, 5..=6) | (2, 6) => Effect::Hit,
        (1, 3..=4) | (2, 4..=5) => Effect::Retreat,
        (r, 6) if r > 2 => Effect::Hit,
        _ => Effect::Miss,
    }
}

/// Volley Fire Chart, gunboats.
#[must_use]
pub fn gunboat_volley(range: u16, die: u8) -> Effect {
    match (range, die) {
        (1..=5, 5..=6) => Effect::Hit,
        (_, 6) => Effect::Hit,
        _ => Effect::Miss,
    }
}

/// Rules card 6.2 / 5.2: each opportunity-fire die hits on a 6.
pub const OPPORTUNITY_HIT: u8 = 6;

/// Rules card 6.3 / 5.3: defensive fire by unbroken infantry, 5 retreat, 6 hit.
#[must_use]
pub fn infantry_defensive(die: u8) -> Effect {
    match die {
        6 => Effect::Hit,
        5 => Effect::Retreat,
        _ => Effect::Miss,
    }
}

/// Rules card 6.3 / 5.3: defensive fire by field artillery, 4-6 hit.
#[must_use]
pub fn artillery_defensive(die: u8) -> Effect {
    if die >= 4 { Effect::Hit } else { Effect::Miss }
}

/// 6.1: a melee difference of 5 or more inflicts a second hit.
pub const MELEE_SECOND_HIT: i16 = 5;

/// 6.1: the hits of one melee round from the two melee strengths (SP, terrain modifier
/// and die), as (attacker's hits, defender's hits): the smaller strength suffers one hit,
/// two at a difference of [`MELEE_SECOND_HIT`] or more; a tie costs the attacker one.
#[must_use]
pub fn melee_hits(attack: i16, defence: i16) -> (u8, u8) {
    if attack > defence {
        (0, 1 + u8::from(attack - defence >= MELEE_SECOND_HIT))
    } else if defence > attack {
        (1 + u8::from(defence - attack >= MELEE_SECOND_HIT), 0)
    } else {
        (1, 0)
    }
}
/// 6.3: Unbridled Fury on 4-6.
pub const FURY_ON: u8 = 4;
/// 7.2: a healthy leader is wounded on a 6.
pub const WOUND_ON: u8 = 6;
/// 7.2: a wounded leader is killed on 5-6.
pub const KILL_WOUNDED_ON: u8 = 5;
/// 8.5: a stationary company passed through by retreating troops breaks on a 6.
pub const RETREAT_THROUGH_BREAK: u8 = 6;
/// 11.1: a hit on a vessel breaks a company aboard on 4-6.
pub const VESSEL_BREAK_ON: u8 = 4;
/// 11.1: six hits sink a vessel.
pub const VESSEL_SINKS_AT: u8 = 6;
/// 11.2: a vessel repairs one damage on 5-6.
pub const REPAIR_ON: u8 = 5;
/// 11.5: vessels move up to four river sections a turn, counting the first.
pub const VESSEL_SECTIONS: u8 = 4;
/// 12.1: the gray die lands the shot on target on 5-6.
pub const ON_TARGET_ON: u8 = 5;
/// 14.4: a wounded leader dies at game end on a 6.
pub const WOUNDED_DIES_ON: u8 = 6;
/// 10.0: the gray die of Confused Orders: 1-3 move, 4-5 stand, 6 operate normally.
pub const CONFUSED_NORMAL_ON: u8 = 6;
/// 10.0: 1-3 move one hex.
pub const CONFUSED_MOVE_MAX: u8 = 3;

/// 9.0: the roll needed to rally.
pub mod rally {
    /// Without a leader: 6.
    pub const ALONE: u8 = 6;
    /// With a leader not of the company's regiment or brigade: 5-6.
    pub const OTHER_LEADER: u8 = 5;
    /// With its own regiment's or brigade's leader, or Grant / Polk: 4-6.
    pub const OWN_LEADER: u8 = 4;
    /// Army leaders rally two companies (in or adjacent); other leaders one (in hex).
    pub const ARMY_LEADER_RALLIES: u8 = 2;
}

/// 11.8: capacity of the one transport before the camp falls, by turn (turn 1 it is
/// still on the turn track).
#[must_use]
pub fn initial_transport_capacity(turn: u8) -> u8 {
    match turn {
        0..=1 => 0,
        2..=6 => turn - 1,
        _ => 5,
    }
}

/// 13.1: from the start of this turn, if the camp still stands, Polk releases reserves.
pub const RESERVE_RELEASE_TURN: u8 = 7;
/// 9.1: the Union loses High Morale at the start of this turn at the latest.
pub const UNION_MORALE_LOST_TURN: u8 = 7;
/// 3.1: final scoring after this turn.
pub const LAST_TURN: u8 = 12;

/// Victory points are kept in quarter points (15.0 awards 1/4 VP).
pub const VP_UNIT: i32 = 4;

/// 14.1 casualties, in quarter VP.
pub mod vp {
    use super::VP_UNIT;
    /// Each enemy company eliminated.
    pub const COMPANY: i32 = 2 * VP_UNIT;
    /// Each enemy regiment leader killed.
    pub const REGIMENT_LEADER: i32 = 3 * VP_UNIT;
    /// Each enemy brigade leader killed.
    pub const BRIGADE_LEADER: i32 = 4 * VP_UNIT;
    /// Enemy army leader killed.
    pub const ARMY_LEADER: i32 = 5 * VP_UNIT;
    /// Each enemy vessel sunk.
    pub const VESSEL_SUNK: i32 = 5 * VP_UNIT;
    /// 14.3: Grant calls the reserve: to the Confederates.
    pub const RESERVE_CALLED: i32 = 5 * VP_UNIT;
    /// 14.4: each enemy leader wounded.
    pub const LEADER_WOUNDED: i32 = 2 * VP_UNIT;
    /// 14.4: each enemy vessel damaged.
    pub const VESSEL_DAMAGED: i32 = 2 * VP_UNIT;
    /// 14.4: each enemy artillery counter captured.
    pub const ARTILLERY_CAPTURED: i32 = 2 * VP_UNIT;
    /// 14.4: to the Confederates for each broken Union unit on the map.
    pub const BROKEN_UNION_UNIT: i32 = VP_UNIT / 2;
    /// 14.4: to the Confederates if the camp never fell.
    pub const CAMP_HELD: i32 = 5 * VP_UNIT;
    /// 15.0 options.
    pub const OPT_EMBARKED_UNBROKEN: i32 = VP_UNIT;
    /// 15.0: broken company boarding at Hunter's Farm.
    pub const OPT_EMBARKED_BROKEN: i32 = VP_UNIT / 2;
    /// 15.0: CS company adjacent to an unbroken Union company at game end.
    pub const OPT_ADJACENT: i32 = VP_UNIT / 2;
    /// 15.0: each unbroken Union unit on the map at game end.
    pub const OPT_UNION_ON_MAP: i32 = VP_UNIT / 4;
}

/// 14.2: the one-time award for capturing the camp, by turn, in quarter VP.
#[must_use]
pub fn camp_capture_award(turn: u8) -> i32 {
    let vp = match turn {
        0..=4 => 10,
        5..=12 => 14 - i32::from(turn),
        _ => 2,
    };
    vp * VP_UNIT
}

/// The chance that one opportunity-fire die hits ([`OPPORTUNITY_HIT`] or more on a d6).
#[must_use]
pub fn opportunity_hit_chance() -> f64 {
    f64::from(7 - OPPORTUNITY_HIT) / 6.0
}

//! 10.1-10.19 withdrawal fire, 6.23-6.24 fire at a formation change, and 10.2 retreat fire:
//! the enemy's free shots at units leaving, changing formation in, or retreating into its
//! zones of control. Each eligible enemy unit may fire once at what triggered it (10.19); the
//! firing player chooses which fire, one by one, or declines the rest (`Done`). Every shot is
//! resolved by the fire module as a fire of its own ([`crate::fire::resolve`], with losses,
//! depletion, leader casualties and morale, 10.15, 10.17) outside any Fire Phase: it counts
//! against none of 9.44's and 9.45's limits (10.12, 10.17: a free shot).
//!
//! Readings:
//! - R40: a shot is one unit's whole current fire strength (through its hexside's 9.3 limit
//!   for small arms) at the units that triggered it, resolved alone: 10.19 has each eligible
//!   unit fire "once", so shots are not added together as 9.41 adds a Fire Phase's.
//! - Eligible: a unit whose zone (10.0, [`crate::zoc::Purpose::Fire`]) covers the hex and that
//!   could fire there (9.21, 9.62, 11.22, 11.32, 13.32, 15.0, 15.16); pinned units and units
//!   out of command may (9.84, 17.11); wagons never (11.16).
//! - 10.14: when some of a stack leave, they go unharmed and the units staying are fired at
//!   as they stand; when a whole stack leaves it is one target (10.13). Leaders alone draw
//!   nothing (10.18).
//! - 10.16, R39: the leaving units face the hex they are entering before the fire (7.11).
//! - R41, 10.15: a unit the fire pins takes its one step and is then pinned (the pin goes with
//!   it). 6.23: a battery limbering or unlimbering draws fire from every enemy small-arms unit
//!   in range and sight, besides the zone's; a pin or a crew casualty cancels the change (its
//!   Movement Points spent). 6.24: any other change in a zone draws the zone's fire at the
//!   unit changing; it completes unless the unit routs or is gone (as 10.15 lets a pinned
//!   mover take its step).
//! - 10.17, 12.83: the Retreat Before Melee Phase (step 10) calls [`leaving`], holds its own
//!   retreat while the [`Volley`] it returns is pushed, and goes on when it is done, as the
//!   Movement Phase does ([`crate::movement::hooks`]).
//! - 10.2: a retreat entering an enemy zone draws fire from the units exerting it, except
//!   those whose fire caused the retreat, each once a retreat ([`crate::retreat`]).

use crate::action::{Action, Piece};
use crate::authored::{Arm, Times};
use crate::fire::resolve::{self, Shot};
use crate::fire::{self, Declaration, Record, Share};
use crate::oob::Kind;
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Formation, Gbacw, UnitId};
use crate::{facing, stacking, strength, zoc};
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// What drew the fire.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Trigger {
    /// 10.1: units leaving an enemy zone.
    Leaving,
    /// 6.23, 6.24: a formation change.
    Formation,
    /// 10.2: a retreat entering an enemy zone.
    Retreat,
}

/// The enemy's free shots being taken.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Volley {
    /// The firing side.
    pub side: Side,
    /// The hex fired at.
    pub at: Hex,
    /// The units that may be hit, top first.
    pub hit: Vec<UnitId>,
    /// The units that may still fire.
    pub firers: Vec<UnitId>,
    /// What drew it.
    pub trigger: Trigger,
}

/// How a unit fires a free shot: its arm, multiplier, range, the hexsides it may fire
/// through, and the strength it fires.
pub type Aim = (Arm, Times, u16, Vec<u8>, u8);

/// Whether unit `u` of `side` may fire a free shot at `at` (whose top target is `first`),
/// and how; `Err` naming the rule that forbids it.
///
/// # Errors
/// The refusal, citing its rule.
pub fn aim(g: &Gbacw, side: Side, u: UnitId, at: Hex, first: UnitId) -> Result<Aim, Illegal> {
    let name = &g.info(u).name;
    let Some(from) = g.hex_of(u) else { return Err(no("10.19", why!("{name} is not on the map"))) };
    if g.side_of(u) != side {
        return Err(no("10.19", why!("{name} is not the {}'s", side.title())));
    }
    let kind = g.info(u).kind;
    if matches!(kind, Kind::Wagon { .. }) {
        return Err(no("11.16", why!("{name}'s crew fires no withdrawal or retreat fire")));
    }
    let weapon = fire::armed(g, u, false)?;
    let st = g.unit(u);
    let range = from.distance(at);
    let Some(times) = weapon.times(range) else {
        return Err(no("9.23", why!("{at} is beyond {name}'s range")));
    };
    if range > 1 && !g.unit_sees(u, first) {
        return Err(no("9.7", why!("{name} has no line of sight to {at}")));
    }
    let vias = facing::leaves_by(fire::facing_kind(g, u), st.facing, from, at);
    if vias.is_empty() {
        return Err(no("7.22", why!("{name} would fire at {at} through no frontal hexside")));
    }
    let mut sp = fire::fire_strength(g, u);
    if weapon.arm == Arm::SmallArms {
        let limit = g.map().terrain(from).map_or(strength::SP_PER_HEXSIDE, |t| g.charts().stacking(t).fire_sp);
        sp = sp.min(limit);
    }
    if sp == 0 {
        return Err(no("9.1", why!("{name} has no strength to fire")));
    }
    Ok((weapon.arm, times, range, vias, sp))
}

impl Volley {
    /// The units it may still hit, where it was aimed.
    #[must_use]
    pub fn targets(&self, g: &Gbacw) -> Vec<UnitId> {
        self.hit.iter().copied().filter(|&u| g.hex_of(u) == Some(self.at)).collect()
    }

    /// How `u` may fire now.
    ///
    /// # Errors
    /// The refusal, citing its rule.
    pub fn aim(&self, g: &Gbacw, u: UnitId) -> Result<Aim, Illegal> {
        if usize::from(u) >= g.units.len() || !self.firers.contains(&u) {
            return Err(no("10.19", "only an eligible enemy unit fires, once"));
        }
        let Some(&first) = self.targets(g).first() else { return Err(no("10.1", "nothing is left to fire at")) };
        aim(g, self.side, u, self.at, first)
    }

    fn shots(&self, g: &Gbacw) -> Vec<Action> {
        let mut out = Vec::new();
        for &u in &self.firers {
            if let Ok((.., vias, sp)) = self.aim(g, u) {
                out.extend(vias.into_iter().map(|via| Action::Fire { unit: u, sp, via }));
            }
        }
        out
    }

    /// The volley with only the units that may fire in it, if any may.
    fn ready(mut self, g: &Gbacw) -> Option<Volley> {
        let first = self.targets(g).first().copied()?;
        let (side, at) = (self.side, self.at);
        self.firers.retain(|&u| aim(g, side, u, at, first).is_ok());
        self.firers.sort_unstable();
        self.firers.dedup();
        (!self.firers.is_empty()).then_some(self)
    }

    /// Pushes the volley: the enemy's decision is pending.
    pub fn push(self, g: &mut Gbacw) {
        let who = self.targets(g).iter().map(|&u| g.info(u).name.clone()).collect::<Vec<_>>().join(", ");
        let at = self.at;
        let what = match self.trigger {
            Trigger::Leaving => format!("{who}, in an enemy zone of control in {at}, may draw withdrawal fire."),
            Trigger::Formation => format!("{who} changes formation under the enemy's guns in {at}."),
            Trigger::Retreat => format!("{who} retreats into an enemy zone of control in {at}."),
        };
        g.log.push(self.rule(), || what);
        g.stack.push(Frame::Withdraw(Box::new(self)));
    }

    fn rule(&self) -> &'static str {
        match self.trigger {
            Trigger::Leaving => "GBACW 10.1",
            Trigger::Formation => "GBACW 6.24",
            Trigger::Retreat => "GBACW 10.2",
        }
    }

    fn word(&self) -> &'static str {
        if self.trigger == Trigger::Retreat { "retreat fire" } else { "withdrawal fire" }
    }
}

/// 10.1, 10.13, 10.14, 10.18: counters `pieces` of `side` are to leave `from`; the enemy's
/// withdrawal fire, if any unit may fire, and whether it is at units staying (10.14: the
/// movers go first, unharmed, then [`covering`]) rather than at the movers (the caller holds
/// their step until the fire is done).
#[must_use]
pub fn leaving(g: &Gbacw, side: Side, pieces: &[Piece], from: Hex) -> Option<(Volley, bool)> {
    // A gunboat is in no zone (plan 2.5 c): none draws withdrawal fire.
    let movers: Vec<UnitId> = pieces
        .iter()
        .filter_map(|&p| match p {
            Piece::Unit(u) if stacking::stacks(g, u) => Some(u),
            _ => None,
        })
        .collect();
    if movers.is_empty() {
        return None;
    }
    let purpose = crate::retreat::paths::purpose(g, &movers);
    let firers = zoc::controllers(g, side, from, purpose);
    let staying: Vec<UnitId> =
        stacking::friends_at(g, from, side).into_iter().filter(|u| !movers.contains(u)).collect();
    let covered = !staying.is_empty();
    let hit = if covered { staying } else { movers };
    let v = Volley { side: side.enemy(), at: from, hit, firers, trigger: Trigger::Leaving };
    v.ready(g).map(|v| (v, covered))
}

/// 10.14: the volley at the units left in `from` after the movers of `side` have gone.
pub fn covering(g: &mut Gbacw, side: Side, moved: &[UnitId], from: Hex) {
    let purpose = crate::retreat::paths::purpose(g, moved);
    let firers = zoc::controllers(g, side, from, purpose);
    let hit = stacking::friends_at(g, from, side);
    let v = Volley { side: side.enemy(), at: from, hit, firers, trigger: Trigger::Leaving };
    if let Some(v) = v.ready(g) {
        let who = crate::movement::name(g, Piece::Unit(moved[0]));
        g.log.push("GBACW 10.14", || format!("{who} withdraws from {from} unfired on; the units staying cover it."));
        v.push(g);
    }
}

/// 6.23, 6.24: unit `u` in `at` is about to change to formation `to`; the enemy's fire at it,
/// if any unit may fire.
#[must_use]
pub fn formation_change(g: &Gbacw, u: UnitId, at: Hex, to: Formation) -> Option<Volley> {
    let side = g.side_of(u);
    let purpose = crate::retreat::paths::purpose(g, &[u]);
    let mut firers = zoc::controllers(g, side, at, purpose);
    let limbering = matches!(to, Formation::Limbered | Formation::Unlimbered) && fire::is_battery(g, u);
    if limbering {
        // 6.23: every enemy small-arms unit in range and sight may fire (wagons excepted).
        firers.extend(g.unit_ids().filter(|&e| {
            g.side_of(e) != side
                && g.hex_of(e).is_some()
                && g.charts().weapon(&g.info(e).weapon).is_some_and(|w| w.arm == Arm::SmallArms)
        }));
    }
    let v = Volley { side: side.enemy(), at, hit: vec![u], firers, trigger: Trigger::Formation };
    v.ready(g)
}

/// 10.2: the retreating `units` of `side` enter `h`; pushes retreat fire from the enemy units
/// whose zones cover it, but for those that caused the retreat or have fired at it.
pub(crate) fn entering(g: &mut Gbacw, side: Side, units: &[UnitId], h: Hex, cause: &[UnitId], fired: &[UnitId]) {
    if crate::retreat::paths::afloat(g, units) {
        // Plan 2.5 c: a gunboat is in no zone.
        return;
    }
    let purpose = crate::retreat::paths::purpose(g, units);
    let firers: Vec<UnitId> = zoc::controllers(g, side, h, purpose)
        .into_iter()
        .filter(|u| !cause.contains(u) && !fired.contains(u))
        .collect();
    let v = Volley { side: side.enemy(), at: h, hit: units.to_vec(), firers, trigger: Trigger::Retreat };
    if let Some(v) = v.ready(g) {
        v.push(g);
    }
}

impl Procedure<Gbacw, Action> for Volley {
    fn actor(&self, _g: &Gbacw) -> Actor {
        Actor::Side(self.side)
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        let who = self.targets(g).iter().map(|&u| g.info(u).name.clone()).collect::<Vec<_>>().join(", ");
        (self.rule(), format!("{}: fire {} at {who} in {}, or Done", self.side.title(), self.word(), self.at))
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        let mut v = self.shots(g);
        v.push(Action::Done);
        v
    }

    fn apply(mut self, g: &mut Gbacw, a: &Action) {
        match *a {
            Action::Done => {
                let (word, at, side) = (self.word(), self.at, self.side.title());
                g.log.push(self.rule(), || format!("The {side} fires no more {word} at {at}."));
            }
            Action::Fire { unit, sp, via } => {
                let (arm, times, range, ..) = self.aim(g, unit).expect("a legal shot");
                self.firers.retain(|&u| u != unit);
                let hit = self.targets(g);
                let (side, at, trigger) = (self.side, self.at, self.trigger);
                let name = g.info(unit).name.clone();
                let word = self.word();
                g.log.push(self.rule(), || format!("{name} fires {word} at {at}."));
                g.stack.push(Frame::Withdraw(Box::new(self)));
                if trigger == Trigger::Retreat {
                    crate::retreat::record_fire(g, unit);
                }
                let from = g.hex_of(unit).expect("on the map");
                let halves = strength::final_halves(sp, times);
                let share = Share { unit, from, sp, via, arm, range, halves };
                let d = Declaration { rec: Record::default(), target: at, shares: vec![share] };
                let shot = if trigger == Trigger::Retreat { Shot::Retreat } else { Shot::Withdrawal };
                resolve::start(g, d, side, shot, hit);
            }
            _ => unreachable!("{a:?}"),
        }
    }

    fn automatic(&self, g: &Gbacw) -> bool {
        self.shots(g).is_empty()
    }

    fn run(self, _g: &mut Gbacw) {}

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        match *a {
            Action::Fire { unit, sp, via } => match self.aim(g, unit) {
                Err(e) => Some(e),
                Ok((.., vias, _)) if !vias.contains(&via) => {
                    Some(no("7.22", why!("{}'s shot does not leave by that hexside", g.info(unit).name)))
                }
                Ok((.., whole)) if whole != sp => {
                    Some(no("10.19", why!("{} fires its whole strength, {whole}, once (R40)", g.info(unit).name)))
                }
                Ok(_) => None,
            },
            _ => None,
        }
    }
}

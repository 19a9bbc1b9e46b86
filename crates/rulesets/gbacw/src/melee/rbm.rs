//! E. the Retreat Before Melee Phase (12.8-12.89, 12.94 option 3, R23-R25, R12, 12.51).
//!
//! Readings (plan section 3):
//! - R24: the announcement names each attacking unit and its one target hex (12.26); only
//!   announced units melee, and only there; none is bound to.
//! - R25: every non-phasing unit in an announced hex may retreat before melee, but unlimbered
//!   guns (12.86), pinned or routed units (12.87), crewless wagons and units in an engaged hex.
//! - 12.81, 12.82, R44: a unit retreats one or two hexes, each step farther from the hex it
//!   left and never toward the enemy's retreat edge (as R32), never into an enemy zone (12.82)
//!   but mounted cavalry (R12, drawing retreat fire, 16.1), never into a hex of enemy or
//!   friendly units (stacking is not broken by a retreat before melee) or one a retreat may
//!   not enter (the authored 5.19).
//! - 12.83, R39: the unit faces its first hex and draws withdrawal fire as it leaves
//!   ([`crate::withdrawal::leaving`]; 10.14 when others stay); pinned by it, it stays (12.88)
//!   and checks no morale; otherwise it checks its morale at the end, fired on or not. Mounted
//!   cavalry draws no withdrawal fire and checks nothing (12.84).
//! - 12.85, R44: an advance into a vacated hex is no move of the Movement Phase: it draws no
//!   withdrawal fire; 8.18 binds it.
//! - R23, 12.94 option 3: the phasing player's engaged units may retreat two hexes (14.0, enemy
//!   zones allowed under 14.2, no fire from the enemy they were engaged with), checking morale
//!   at the end; unlimbered guns may not.

use super::{MeleeFrame, attack, names, no};
use crate::action::{Action, Piece};
use crate::procedure::Frame;
use crate::refusal::why;
use crate::retreat::{self, Why, paths};
use crate::state::{Formation, Gbacw, Loc, UnitId};
use crate::{facing, leaders, stacking, zoc};
use engine::Illegal;
use hexmap::Hex;

/// 12.81: the most hexes a retreat before melee goes.
pub const RBM_HEXES: usize = 2;

/// 12.94 option 3, 12.51: the hexes engaged units retreat out of a melee.
pub const DISENGAGE_HEXES: u8 = 2;

/// Begins the Retreat Before Melee Phase (4.0 E): the plan cleared, routed engaged units
/// pulled out (12.51); it passes by itself when nothing is to decide.
pub(crate) fn begin(g: &mut Gbacw) {
    let charge_start = std::mem::take(&mut g.melee.charge_start);
    g.melee = super::Plan { charge_start, ..super::Plan::default() };
    let side = g.phasing;
    // The frame goes on first: with only the game's end beneath, the position would read as
    // over (18.0's boxes count the Union's troops left on the map as captured then).
    g.stack.push(Frame::Melee(MeleeFrame::Announce));
    if announce_actions(g).iter().all(|a| *a == Action::Done) {
        g.stack.pop();
        g.stack.push(Frame::Melee(MeleeFrame::Close));
    }
    // 12.51: routed units engaged in melee retreat from it, or are captured.
    for h in g.engaged.clone() {
        let routed: Vec<UnitId> =
            g.units_at(h).into_iter().filter(|&u| g.side_of(u) == side && g.unit(u).routed).collect();
        if !routed.is_empty() {
            let names = names(g, routed.iter().copied());
            g.log.push("GBACW 12.51", || format!("{names}, routed, must retreat from the melee in {h}."));
            let cause = attack::enemies_in(g, side, h);
            retreat::melee(g, routed, h, DISENGAGE_HEXES, Why::Melee, &cause, &[]);
        }
    }
}

/// Whether `u` may retreat out of its engaged hex (12.94 option 3, R23).
fn may_disengage(g: &Gbacw, u: UnitId) -> bool {
    let Some(h) = g.hex_of(u) else { return false };
    g.side_of(u) == g.phasing
        && g.engaged.contains(&h)
        && g.unit(u).formation != Formation::Unlimbered
        && !g.melee.announced.iter().any(|&(_, t)| t == h)
        && !paths::next_hexes(g, g.phasing, &[u], h, h, DISENGAGE_HEXES, false).is_empty()
}

/// The Announce frame's actions: announcements, option 3 retreats, Done.
pub(crate) fn announce_actions(g: &Gbacw) -> Vec<Action> {
    let side = g.phasing;
    let mut v = Vec::new();
    for u in g.unit_ids() {
        if g.side_of(u) != side || g.melee.announced.iter().any(|&(a, _)| a == u) {
            continue;
        }
        let Some(from) = g.hex_of(u) else { continue };
        for at in from.neighbours() {
            if !g.melee.withdrawn.contains(&at) && attack::may_melee(g, u, at).is_ok() {
                v.push(Action::Announce { unit: u, at });
                if super::charge::may_charge(g, u, at).is_ok() {
                    v.push(Action::Charge { unit: u, at });
                }
            }
        }
        if may_disengage(g, u) {
            v.push(Action::Retire(u));
        }
    }
    v.push(Action::Done);
    v
}

/// Why an action of the Announce frame is refused.
pub(crate) fn announce_refusal(g: &Gbacw, a: Action) -> Option<Illegal> {
    match a {
        Action::Charge { unit, at } => {
            super::charge::may_charge(g, unit, at).err().or_else(|| announce_refusal(g, Action::Announce { unit, at }))
        }
        Action::Announce { unit, at } => {
            if usize::from(unit) < g.units.len() && g.melee.announced.iter().any(|&(u, _)| u == unit) {
                return Some(no("12.26", why!("{} is announced against one hex already", g.info(unit).name)));
            }
            if g.melee.withdrawn.contains(&at) {
                return Some(no("12.94", why!("units were pulled out of {at}: option 3 is not combined with 1 or 2")));
            }
            Some(attack::may_melee(g, unit, at).err().unwrap_or_else(|| no("12.21", why!("{at} is not adjacent"))))
        }
        Action::Retire(u) => Some(no("12.94", why!("unit {u} may not be pulled out of an engaged hex now"))),
        _ => None,
    }
}

/// Applies an action of the Announce frame.
pub(crate) fn announce(g: &mut Gbacw, a: Action) {
    match a {
        Action::Announce { unit, at } => {
            g.melee.announced.push((unit, at));
            let name = g.info(unit).name.clone();
            g.log.push("GBACW 12.8", || format!("{name} is announced to melee {at}."));
            g.stack.push(Frame::Melee(MeleeFrame::Announce));
        }
        Action::Charge { unit, at } => {
            g.melee.announced.push((unit, at));
            g.melee.charges.push(unit);
            let name = g.info(unit).name.clone();
            g.log.push("GBACW 16.2", || format!("{name} is announced to charge {at}."));
            g.stack.push(Frame::Melee(MeleeFrame::Announce));
        }
        Action::Retire(u) => {
            let h = g.hex_of(u).expect("on the map");
            if !g.melee.withdrawn.contains(&h) {
                g.melee.withdrawn.push(h);
            }
            let name = g.info(u).name.clone();
            g.log.push("GBACW 12.94", || format!("{name} retreats out of the melee in {h}."));
            g.stack.push(Frame::Melee(MeleeFrame::Announce));
            let cause = attack::enemies_in(g, g.phasing, h);
            retreat::melee(g, vec![u], h, DISENGAGE_HEXES, Why::FallBack, &cause, &[]);
        }
        Action::Done => {
            let mut hexes: Vec<Hex> = g.melee.announced.iter().map(|&(_, h)| h).collect();
            hexes.sort();
            hexes.dedup();
            g.stack.push(Frame::Melee(MeleeFrame::Close));
            for h in hexes.into_iter().rev() {
                g.stack.push(Frame::Melee(MeleeFrame::Defend(h)));
            }
        }
        a => unreachable!("{a:?}"),
    }
}

/// 12.86-12.88, R25: the defender's units in `h` that may retreat before melee.
pub(crate) fn may_retire(g: &Gbacw, h: Hex) -> Vec<UnitId> {
    g.units_at(h).into_iter().filter(|&u| retire_check(g, u, h).is_ok()).collect()
}

/// Whether the defender may retreat `u` from `h` before melee now (12.81-12.87, 12.94, 16.26,
/// R25).
///
/// # Errors
/// The refusal, citing its rule.
pub fn retire_check(g: &Gbacw, u: UnitId, h: Hex) -> Result<(), Illegal> {
    if usize::from(u) >= g.units.len() {
        return Err(no("12.81", why!("there is no unit {u}")));
    }
    let name = &g.info(u).name;
    if g.hex_of(u) != Some(h) || g.side_of(u) == g.phasing {
        return Err(no("12.81", why!("{name} is not a defender in {h}")));
    }
    if g.engaged.contains(&h) {
        return Err(no("12.94", why!("{name} is engaged in melee")));
    }
    if g.unit(u).formation == Formation::Unlimbered {
        return Err(no("12.86", why!("{name} is unlimbered artillery")));
    }
    if g.pinned.contains(&h) {
        return Err(no("12.87", why!("{name} is pinned")));
    }
    if g.unit(u).routed {
        return Err(no("12.87", why!("{name} is routed")));
    }
    if !attack::mounted(g, u) && super::charge::charged(g, h) {
        return Err(no("16.26", why!("{name} is charged: only mounted cavalry may retreat before a charge")));
    }
    if !crate::movement::costs::movable(g, Piece::Unit(u)) {
        return Err(no("11.1", why!("{name} cannot move")));
    }
    if steps(g, u, h, h).is_empty() {
        return Err(no("12.82", why!("{name} has no hex to retreat into out of enemy zones")));
    }
    Ok(())
}

/// Why the defender may not retreat `u` before melee.
pub(crate) fn retire_refusal(g: &Gbacw, u: UnitId, h: Hex) -> Illegal {
    retire_check(g, u, h).err().unwrap_or_else(|| no("12.81", "not now"))
}

/// 12.81, 12.82, R12, R44: the hexes unit `u`, retreating before melee from `start`, may
/// enter from `at`.
fn steps(g: &Gbacw, u: UnitId, start: Hex, at: Hex) -> Vec<Hex> {
    let side = g.side_of(u);
    let mounted = attack::mounted(g, u);
    let purpose = paths::purpose(g, &[u]);
    at.neighbours()
        .into_iter()
        .filter(|&to| paths::open_step(g, side, &[u], start, at, to))
        .filter(|&to| g.units_here(to).next().is_none())
        .filter(|&to| mounted || !zoc::in_enemy_zoc(g, side, to, purpose))
        .collect()
}

/// A unit retreating before melee.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rbm {
    /// The unit.
    pub unit: UnitId,
    /// The hex it leaves.
    pub start: Hex,
    /// The hexes entered.
    pub path: Vec<Hex>,
    /// Its first hex, held while the enemy's withdrawal fire is taken (12.83).
    pub pending: Option<Hex>,
}

/// The defender begins to retreat `u` from `h` before melee.
pub(crate) fn retire(g: &mut Gbacw, u: UnitId, h: Hex) {
    let name = g.info(u).name.clone();
    g.log.push("GBACW 12.81", || format!("{name} retreats before melee from {h}."));
    let r = Rbm { unit: u, start: h, path: Vec::new(), pending: None };
    g.stack.push(Frame::Melee(MeleeFrame::Rbm(Box::new(r))));
}

impl Rbm {
    fn at(&self) -> Hex {
        self.path.last().copied().unwrap_or(self.start)
    }

    fn gone(&self, g: &Gbacw) -> bool {
        // 11.1: a wagon whose crew the withdrawal fire killed stops where it is.
        g.hex_of(self.unit) != Some(self.at()) || g.unit(self.unit).routed || crate::fire::wagon::crewless(g, self.unit)
    }

    pub(crate) fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        let name = &g.info(self.unit).name;
        let more = if self.path.is_empty() { "" } else { ", or stop here" };
        (
            "GBACW 12.81",
            format!("retreat {name} before melee from {} ({} of 2 hexes){more}", self.at(), self.path.len()),
        )
    }

    pub(crate) fn legal(&self, g: &Gbacw) -> Vec<Action> {
        if self.pending.is_some() || self.gone(g) || self.path.len() >= RBM_HEXES {
            return Vec::new();
        }
        let mut v: Vec<Action> =
            steps(g, self.unit, self.start, self.at()).into_iter().map(Action::RetreatTo).collect();
        if !self.path.is_empty() {
            v.push(Action::EndMove);
        }
        v
    }

    pub(crate) fn automatic(&self, g: &Gbacw) -> bool {
        self.pending.is_some() || self.gone(g) || self.path.len() >= RBM_HEXES || self.legal(g).is_empty()
    }

    pub(crate) fn run(mut self, g: &mut Gbacw) {
        if self.gone(g) {
            return;
        }
        if let Some(to) = self.pending.take() {
            if g.pinned.contains(&self.start) {
                let name = g.info(self.unit).name.clone();
                g.log.push("GBACW 12.88", || format!("{name}, pinned by withdrawal fire, stays to accept the melee."));
                return;
            }
            self.step(g, to);
            g.stack.push(Frame::Melee(MeleeFrame::Rbm(Box::new(self))));
            return;
        }
        self.finish(g);
    }

    pub(crate) fn apply(mut self, g: &mut Gbacw, a: Action) {
        match a {
            Action::EndMove => self.finish(g),
            Action::RetreatTo(to) if self.path.is_empty() && !attack::mounted(g, self.unit) => {
                let (u, side, start) = (self.unit, g.side_of(self.unit), self.start);
                // R39: faced toward the hex it enters before the fire.
                g.unit_mut(u).facing = facing::toward(start, to).unwrap_or(g.unit(u).facing);
                match crate::withdrawal::leaving(g, side, &[Piece::Unit(u)], start) {
                    None => {
                        self.step(g, to);
                        g.stack.push(Frame::Melee(MeleeFrame::Rbm(Box::new(self))));
                    }
                    Some((v, false)) => {
                        self.pending = Some(to);
                        g.stack.push(Frame::Melee(MeleeFrame::Rbm(Box::new(self))));
                        v.push(g);
                    }
                    Some((_, true)) => {
                        self.step(g, to);
                        g.stack.push(Frame::Melee(MeleeFrame::Rbm(Box::new(self))));
                        crate::withdrawal::covering(g, side, &[u], start);
                    }
                }
            }
            Action::RetreatTo(to) => {
                self.step(g, to);
                let (u, side) = (self.unit, g.side_of(self.unit));
                g.stack.push(Frame::Melee(MeleeFrame::Rbm(Box::new(self))));
                if attack::mounted(g, u) {
                    // 16.1, R12: mounted cavalry entering an enemy zone draws retreat fire.
                    crate::withdrawal::entering(g, side, &[u], to, &[], &[]);
                }
            }
            a => unreachable!("{a:?}"),
        }
    }

    pub(crate) fn why(&self, g: &Gbacw, a: Action) -> Option<Illegal> {
        match a {
            Action::RetreatTo(h) => Some(if self.at().distance(h) != 1 {
                no("12.81", why!("{h} is not next to {}", self.at()))
            } else if self.path.len() >= RBM_HEXES {
                no("12.81", "a retreat before melee goes two hexes at most")
            } else if zoc::in_enemy_zoc(g, g.side_of(self.unit), h, paths::purpose(g, &[self.unit])) {
                no("12.82", why!("{h} is in an enemy zone of control"))
            } else {
                no("12.81", why!("{h} is not a hex away from {} open to the retreat (R44)", self.start))
            }),
            Action::EndMove => Some(no("12.81", "the unit must retreat at least one hex")),
            _ => None,
        }
    }

    /// The unit enters `to`, taking its hex's leaders along if it is the last to leave.
    fn step(&mut self, g: &mut Gbacw, to: Hex) {
        let (u, from) = (self.unit, self.at());
        let side = g.side_of(u);
        super::enter(g, u, from, to);
        self.path.push(to);
        let name = g.info(u).name.clone();
        let n = self.path.len();
        g.log.push("GBACW 12.81", || format!("{name} retreats before melee into {to} ({n} of 2)."));
        leaders::capture_alone(g, to, side);
        crate::retreat::guns_entered(g, to, side, &[u]);
    }

    /// 12.83, 12.84: the retreat is over: a morale check, but for mounted cavalry.
    fn finish(self, g: &mut Gbacw) {
        let u = self.unit;
        if attack::mounted(g, u) || self.path.is_empty() {
            return;
        }
        let cause: Vec<UnitId> = g.melee.announced.iter().filter(|&&(_, h)| h == self.start).map(|&(a, _)| a).collect();
        crate::fire::resolve::displaced_check(g, self.at(), g.side_of(u), vec![u], cause);
    }
}

/// The defender has answered for `h`: announced attackers may advance if it is vacated (12.85).
pub(crate) fn answered(g: &mut Gbacw, h: Hex) {
    if attack::enemies_in(g, g.phasing, h).is_empty() && !may_advance(g, h).is_empty() {
        g.stack.push(Frame::Melee(MeleeFrame::Advance(h)));
    }
}

fn advance_check(g: &Gbacw, u: UnitId, h: Hex) -> Result<(), Illegal> {
    if usize::from(u) >= g.units.len() {
        return Err(no("12.85", why!("there is no unit {u}")));
    }
    let name = &g.info(u).name;
    if !g.melee.announced.contains(&(u, h)) {
        return Err(no("12.85", why!("{name} was not announced against {h}")));
    }
    if !attack::enemies_in(g, g.phasing, h).is_empty() {
        return Err(no("12.85", why!("{h} is not vacated")));
    }
    if g.melee.advanced.contains(&u) {
        return Err(no("12.85", why!("{name} has advanced already")));
    }
    let Some(from) = g.hex_of(u) else { return Err(no("12.85", why!("{name} is not on the map"))) };
    if from.distance(h) != 1 || g.engaged.contains(&from) {
        return Err(no("12.85", why!("{name} is not next to {h}, free to advance")));
    }
    let mut c = g.clone();
    c.unit_mut(u).loc = Loc::Map(h);
    stacking::fault(&c, h, g.phasing).map_or(Ok(()), |mut e| {
        e.reason = format!("advancing, {name} would break 8.18: {}", e.reason);
        Err(e)
    })
}

/// 12.85: the announced attackers that may advance into vacated `h`.
pub(crate) fn may_advance(g: &Gbacw, h: Hex) -> Vec<UnitId> {
    super::announced_at(g, h, |u| advance_check(g, u, h).is_ok())
}

/// Why `u` may not advance into `h`.
pub(crate) fn advance_refusal(g: &Gbacw, u: UnitId, h: Hex) -> Illegal {
    advance_check(g, u, h).err().unwrap_or_else(|| no("12.85", "not now"))
}

/// 12.85: `u` advances into vacated `h`, and may not melee this Game-Turn.
pub(crate) fn advance(g: &mut Gbacw, u: UnitId, h: Hex) {
    let from = g.hex_of(u).expect("on the map");
    let side = g.side_of(u);
    super::enter(g, u, from, h);
    g.melee.advanced.push(u);
    let name = g.info(u).name.clone();
    g.log.push("GBACW 12.85", || format!("{name} advances into {h}, vacated; it may not melee this turn."));
    leaders::capture_alone(g, h, side);
    crate::retreat::guns_entered(g, h, side, &[u]);
}

//! One melee resolved (12.0 procedure, 12.9-12.98, 13.14, 17.72, R35, 12.24, 7.32, 17.54,
//! 17.73): green units' morale found (13.14: melee is their first taste), the die on 12.98
//! (the `melee-erratum` option reads R17's cells as the diagonals run), losses one point at a
//! time (12.91, 12.93, 12.74: infantry and cavalry before crews, else the owner's choice),
//! leader rolls (17.72, R35), then retreats and morale (12.92, 12.95, R30), then the hex taken
//! or engaged (12.94, 12.97).
//!
//! Readings (plan section 3):
//! - 12.92, 12.93: any "C" or "R" against unlimbered guns captures the battery whole (guns and
//!   crew); a "C" takes its points from the other units first (12.74).
//! - 12.97: both sides would lose every unit to "K" and "C" (unlimbered guns to "C" or "R"
//!   included): the result is read as engaged.
//! - A "K" on a battery is a crew step (12.91), a "C" a gun; on a wagon a "K" kills its crew,
//!   a "C" takes it.
//! - R43: leaders go with the last attacker to leave a hex (13.43 as R42 reads it).
//! - Attackers stand in their own hexes while the melee is resolved and enter the target
//!   when the defender is gone from it (or engaged): a retreat of theirs starts from where
//!   they stand, a defender's from the target; the units entering face as 7.11, then their
//!   owner faces them (7.32).
//! - A side's retreat moves its units of one hex together; morale checks follow at its end,
//!   every unit of the stack separately (13.41: a melee reaches them all; 13.42's top unit
//!   first is for fire, the third audit). A "Rpls" checks the defender where it stands;
//!   the phasing side's "Rpls" retreat is 12.95's, not 12.92's, so it may pass enemy zones
//!   (14.2, drawing retreat fire from any enemy but the one it fought, 10.2).
//! - 17.72, 12.95: the leader rolls come after the losses and before any retreat (12.95 puts
//!   the repulsed side's after its retreat; nothing between the two depends on the order).

use super::{MeleeFrame, attack, names, no};
use crate::action::Action;
use crate::charts::{self, LeaderRisk, MeleeEffect};
use crate::fire::{self, wagon};
use crate::oob::Kind;
use crate::procedure::Frame;
use crate::refusal::why;
use crate::retreat::{self, Why};
use crate::state::{Fate, Formation, Gbacw, LeaderId, Loc, UnitId};
use crate::{leaders, stacking};
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// 12.95: the hexes a repulsed attacker retreats.
pub const REPULSE_HEXES: u8 = 2;

/// A decision pending in a melee.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// 13.14: two dice on 13.15 for a green unit in the melee.
    Elephant(UnitId),
    /// 12.98: the die.
    Die,
    /// 12.91, 12.93, 12.74: one point lost by `side`, captured or not.
    Lose {
        /// The side losing it.
        side: Side,
        /// Captured (12.93) rather than killed (12.91).
        captured: bool,
    },
    /// 17.72, R35: two dice for a leader.
    Leader(LeaderId, LeaderRisk),
}

/// One melee.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Bout {
    /// The attacking (phasing) side.
    pub side: Side,
    /// The hex meleed.
    pub target: Hex,
    /// The attackers and the hexes they melee from.
    pub attackers: Vec<(UnitId, Hex)>,
    /// The defending units (every enemy unit in the hex: 12.72's excess is affected too).
    pub defenders: Vec<UnitId>,
    /// Pending decisions, next first.
    pub steps: Vec<Step>,
    /// The result, once rolled (attacker, defender).
    pub result: Option<(MeleeEffect, MeleeEffect)>,
    /// The units that lost a point in it: a routed one routs again (13.33; the fourth audit:
    /// a routed regiment meleed off its hex neither checked nor routed).
    pub hurt: Vec<UnitId>,
}

/// Begins resolving the melee of `attackers` at `target`.
pub(crate) fn start(g: &mut Gbacw, target: Hex, attackers: Vec<(UnitId, Hex)>) {
    let side = g.phasing;
    let defenders = attack::enemies_in(g, side, target);
    let mut steps: Vec<Step> = attackers
        .iter()
        .map(|&(u, _)| u)
        .chain(defenders.iter().copied())
        .filter(|&u| g.unit(u).morale.is_none())
        .map(Step::Elephant)
        .collect();
    steps.push(Step::Die);
    let b = Bout { side, target, attackers, defenders, steps, result: None, hurt: Vec::new() };
    b.advance(g);
}

/// 12.98 as the options read it.
#[must_use]
pub fn result(g: &Gbacw, differential: i32, die: u8) -> (MeleeEffect, MeleeEffect) {
    if g.opt.melee_erratum {
        charts::melee_result_erratum(differential, die)
    } else {
        charts::melee_result(differential, die)
    }
}

/// Whether `u` is unlimbered artillery (12.86, 12.92, 12.93).
fn unlimbered(g: &Gbacw, u: UnitId) -> bool {
    fire::is_battery(g, u) && g.unit(u).formation == Formation::Unlimbered
}

/// The points an effect takes: (killed, captured).
fn points(e: MeleeEffect) -> (u8, u8) {
    match e {
        MeleeEffect::Casualty => (1, 0),
        MeleeEffect::Loss { captured, .. } => (0, captured),
        _ => (0, 0),
    }
}

/// Whether an effect captures unlimbered guns whole (12.92, 12.93).
fn takes_guns(e: MeleeEffect) -> bool {
    matches!(e, MeleeEffect::Loss { .. })
}

impl Bout {
    /// The side's units in the melee, still on the map.
    #[must_use]
    pub fn units(&self, g: &Gbacw, side: Side) -> Vec<UnitId> {
        let list: Vec<UnitId> =
            if side == self.side { self.attackers.iter().map(|&(u, _)| u).collect() } else { self.defenders.clone() };
        // A wagon captured in this melee is the other side's now (11.19): it takes no second
        // point (the sixth playtest: C2 took the wagon, then gave it back).
        list.into_iter().filter(|&u| g.hex_of(u).is_some() && g.side_of(u) == side).collect()
    }

    /// 12.97: whether `e` would leave `side` no unit.
    fn wipes(&self, g: &Gbacw, side: Side, e: MeleeEffect) -> bool {
        let (k, c) = points(e);
        let life: u32 = self
            .units(g, side)
            .into_iter()
            .map(|u| match g.info(u).kind {
                _ if unlimbered(g, u) && takes_guns(e) => 0,
                Kind::Infantry | Kind::Cavalry => u32::from(g.strength(u)),
                Kind::Battery { .. } if k > 0 => u32::from(2 - g.unit(u).crew_lost.min(2)),
                Kind::Wagon { .. } => 1,
                _ => u32::from(g.strength(u)),
            })
            .sum();
        u32::from(k + c) >= life
    }

    /// 12.74: the units of `side` that may take the next point.
    #[must_use]
    pub fn candidates(&self, g: &Gbacw, side: Side) -> Vec<UnitId> {
        let units = self.units(g, side);
        let foot: Vec<UnitId> = units.iter().copied().filter(|&u| fire::is_foot_or_horse(g, u)).collect();
        if foot.is_empty() { units } else { foot }
    }

    pub(crate) fn actor(&self, _g: &Gbacw) -> Actor {
        match self.steps.first() {
            Some(Step::Lose { side, .. }) => Actor::Side(*side),
            _ => Actor::Chance,
        }
    }

    pub(crate) fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        match self.steps.first() {
            Some(Step::Elephant(u)) => ("GBACW 13.14", format!("{} sees the elephant", g.info(*u).name)),
            Some(Step::Die) => ("GBACW 12.98", format!("the melee die at {}", self.target)),
            Some(Step::Lose { side, captured }) => (
                "GBACW 12.74",
                format!(
                    "{}: choose the unit that loses a Strength Point {}",
                    side.title(),
                    if *captured { "captured" } else { "killed" }
                ),
            ),
            Some(Step::Leader(l, _)) => ("GBACW 17.72", format!("{}'s casualty roll", g.leader_info(*l).1)),
            None => ("GBACW 12.0", "the melee is resolved".into()),
        }
    }

    pub(crate) fn legal(&self, g: &Gbacw) -> Vec<Action> {
        match self.steps.first() {
            Some(Step::Lose { side, .. }) => self.candidates(g, *side).into_iter().map(Action::Casualty).collect(),
            _ => Vec::new(),
        }
    }

    pub(crate) fn chance(&self, g: &Gbacw) -> Vec<(Action, f64)> {
        match self.steps.first() {
            Some(Step::Die) => crate::fire::resolve::d6(),
            Some(Step::Elephant(_) | Step::Leader(..)) => crate::fire::resolve::two_d6(),
            _ => {
                let _ = g;
                Vec::new()
            }
        }
    }

    pub(crate) fn casualty_refusal(&self, g: &Gbacw, u: UnitId) -> Illegal {
        let name = if usize::from(u) < g.units.len() { g.info(u).name.clone() } else { format!("unit {u}") };
        no("12.74", why!("{name} may not take this loss: infantry and cavalry lose before crews, in this melee"))
    }

    pub(crate) fn apply(mut self, g: &mut Gbacw, a: &Action) {
        let step = self.steps.remove(0);
        match (step, *a) {
            (Step::Elephant(u), Action::Roll2(roll)) => {
                let m = charts::seeing_the_elephant(roll);
                g.unit_mut(u).morale = Some(m);
                let name = g.info(u).name.clone();
                g.log.push("GBACW 13.14", || {
                    format!("{name} sees the elephant in melee: dice {roll}, morale {m} (13.15).")
                });
            }
            (Step::Die, Action::Roll(die)) => self.rolled(g, die),
            (Step::Lose { captured, .. }, Action::Casualty(u)) => {
                self.hurt.push(u);
                lose(g, u, captured);
            }
            (Step::Leader(l, risk), Action::Roll2(roll)) => crate::fire::resolve::leader_casualty(g, l, risk, roll),
            (s, a) => unreachable!("{s:?} {a:?}"),
        }
        self.advance(g);
    }

    /// Moves on to the next decision, applying losses nobody has to choose.
    fn advance(mut self, g: &mut Gbacw) {
        loop {
            match self.steps.first().copied() {
                None => return self.finish(g),
                Some(Step::Lose { side, captured }) => {
                    let c = self.candidates(g, side);
                    if c.len() > 1 {
                        break;
                    }
                    self.steps.remove(0);
                    if let Some(&u) = c.first() {
                        self.hurt.push(u);
                        lose(g, u, captured);
                    }
                }
                Some(Step::Elephant(u)) if g.unit(u).morale.is_some() || g.hex_of(u).is_none() => {
                    self.steps.remove(0);
                }
                Some(Step::Leader(l, _)) if g.leader_hex(l).is_none() => {
                    self.steps.remove(0);
                }
                Some(_) => break,
            }
        }
        g.stack.push(Frame::Melee(MeleeFrame::Bout(Box::new(self))));
    }

    /// The leaders of `side` with its meleeing units (12.4, 17.72, R43).
    fn leaders(&self, g: &Gbacw, side: Side) -> Vec<LeaderId> {
        let mut hexes: Vec<Hex> =
            if side == self.side { self.attackers.iter().map(|&(_, h)| h).collect() } else { vec![self.target] };
        hexes.sort();
        hexes.dedup();
        hexes.into_iter().flat_map(|h| leaders::leaders_at(g, h, side)).collect()
    }

    /// 12.98: the die is rolled: the result, 12.97, guns taken, and the losses and leader rolls
    /// it calls for.
    fn rolled(&mut self, g: &mut Gbacw, die: u8) {
        let (att, def) = attack::strengths(g, &self.attackers, self.target);
        let diff = att.total() - def.total();
        let (mut a, mut d) = result(g, diff, die);
        let target = self.target;
        g.log.push("GBACW 12.98", || {
            format!(
                "Melee at {target}: {} against {}, differential {diff:+}, die {die}: attacker {a}, defender {d}.",
                att.itemized(),
                def.itemized()
            )
        });
        let (att_side, def_side) = (self.side, self.side.enemy());
        if self.wipes(g, att_side, a) && self.wipes(g, def_side, d) {
            g.log.push("GBACW 12.97", || "Both sides would be wiped out: the units are engaged instead.".into());
            (a, d) = (MeleeEffect::Engaged, MeleeEffect::Engaged);
        }
        for (side, e) in [(att_side, a), (def_side, d)] {
            if takes_guns(e) {
                let guns: Vec<UnitId> = self.units(g, side).into_iter().filter(|&u| unlimbered(g, u)).collect();
                for u in guns {
                    g.unit_mut(u).loc = Loc::Gone(Fate::Captured);
                    let name = g.info(u).name.clone();
                    g.log.push("GBACW 12.93", || format!("{name}'s unlimbered guns and crew are captured."));
                }
            }
            let (k, c) = points(e);
            self.steps.extend((0..k).map(|_| Step::Lose { side, captured: false }));
            self.steps.extend((0..c).map(|_| Step::Lose { side, captured: true }));
            let risk = match e {
                MeleeEffect::Casualty => Some(LeaderRisk::MeleeCasualty),
                MeleeEffect::Loss { captured, .. } if captured > 0 => Some(LeaderRisk::MeleeCapture),
                MeleeEffect::Repulsed => Some(LeaderRisk::MeleeRepulse),
                _ => None,
            };
            if let Some(risk) = risk {
                let ls = self.leaders(g, side);
                self.steps.extend(ls.into_iter().map(|l| Step::Leader(l, risk)));
            }
        }
        self.result = Some((a, d));
    }

    /// The losses and leader rolls are done: 12.24, engaged or not (12.94), the retreats
    /// (12.92, 12.95) and checks, then what follows them ([`Bout::after`]).
    fn finish(self, g: &mut Gbacw) {
        let (a, d) = self.result.expect("rolled");
        let (side, target) = (self.side, self.target);
        for u in self.units(g, side.enemy()) {
            if g.unit(u).formation == Formation::Column {
                g.unit_mut(u).formation = Formation::Line;
                let name = g.info(u).name.clone();
                g.log.push("GBACW 12.24", || format!("{name}, meleed in Column, goes into Line."));
            }
        }
        // 9.85: a pinned unit meleed is pinned no more (the marker covers its hex).
        if g.pinned.contains(&target) {
            g.pinned.retain(|&h| h != target);
            g.log.push("GBACW 9.85", || format!("The units meleed in {target} are no longer pinned."));
        }
        let attackers = self.units(g, side);
        let defenders = self.units(g, side.enemy());
        if a == MeleeEffect::Engaged {
            for &(u, from) in &self.attackers {
                if g.hex_of(u) == Some(from) && from != target {
                    super::enter(g, u, from, target);
                }
            }
            if !g.engaged.contains(&target) {
                g.engaged.push(target);
            }
            g.log.push("GBACW 12.94", || format!("The units in {target} are engaged."));
            g.stack.push(Frame::Melee(MeleeFrame::After(Box::new(self))));
            return;
        }
        g.engaged.retain(|&h| h != target);
        g.stack.push(Frame::Melee(MeleeFrame::After(Box::new(self.clone()))));
        let att_retreat = match a {
            MeleeEffect::Loss { retreat, .. } if retreat > 0 => Some((retreat, Why::Melee)),
            // 12.95: not 12.92's retreat, so enemy zones may be passed (14.2).
            MeleeEffect::Repulsed => Some((REPULSE_HEXES, Why::FallBack)),
            _ => None,
        };
        // 13.33: a routed unit that lost a point routs again, at the end of its side's retreat
        // (12.92) or at once when there is none (a "K").
        let rerouted = |units: &[UnitId]| -> Vec<UnitId> {
            units.iter().copied().filter(|&u| g.unit(u).routed && self.hurt.contains(&u)).collect()
        };
        let (att_again, def_again) = (rerouted(&attackers), rerouted(&defenders));
        if let Some((n, why)) = att_retreat {
            let mut hexes: Vec<Hex> = attackers.iter().filter_map(|&u| g.hex_of(u)).collect();
            hexes.sort();
            hexes.dedup();
            for h in hexes {
                let group: Vec<UnitId> = attackers.iter().copied().filter(|&u| g.hex_of(u) == Some(h)).collect();
                retreat::melee(g, group, h, n, why, &defenders, &att_again);
            }
        } else {
            retreat::rout_again(g, &att_again, &defenders);
        }
        match d {
            MeleeEffect::Loss { retreat, .. } if retreat > 0 => {
                retreat::melee(g, defenders, target, retreat, Why::Melee, &attackers, &def_again);
            }
            // 12.95: the non-phasing side stays and checks its morale.
            MeleeEffect::Repulsed => crate::fire::resolve::meleed_check(g, target, side.enemy(), defenders, attackers),
            _ => retreat::rout_again(g, &def_again, &attackers),
        }
    }

    /// After the retreats: the attackers take the hex if the defender is gone from it (12.0),
    /// leaders left alone with the enemy are captured (17.54, 17.73), abandoned guns taken
    /// (R27), and the side holding the hex faces its units (7.32).
    pub(crate) fn after(self, g: &mut Gbacw) {
        let (side, target) = (self.side, self.target);
        let holds = if g.engaged.contains(&target) {
            None
        } else if attack::enemies_in(g, side, target).is_empty() {
            let entering: Vec<(UnitId, Hex)> = self
                .attackers
                .iter()
                .copied()
                .filter(|&(u, from)| g.hex_of(u) == Some(from) && !g.unit(u).routed)
                .collect();
            // A pin on the hex went with its last defender (13.33, 9.84).
            retreat::unpin_if_empty(g, target);
            for &(u, from) in &entering {
                if from != target {
                    super::enter(g, u, from, target);
                }
            }
            let units: Vec<UnitId> = entering.iter().map(|&(u, _)| u).collect();
            if !units.is_empty() {
                let who = names(g, units.iter().copied());
                g.log.push("GBACW 12.0", || format!("{who} take {target}."));
                crate::retreat::guns_entered(g, target, side, &units);
            }
            (!stacking::friends_at(g, target, side).is_empty()).then_some(side)
        } else {
            Some(side.enemy())
        };
        if let Some(s) = holds {
            // 17.54, 17.73: a leader left alone in a hex the enemy holds is captured.
            if stacking::friends_at(g, target, s.enemy()).is_empty()
                && !leaders::leaders_at(g, target, s.enemy()).is_empty()
            {
                for l in leaders::leaders_at(g, target, s.enemy()) {
                    g.leaders[usize::from(l)].loc = Loc::Gone(Fate::Captured);
                    let name = g.leader_info(l).1;
                    g.log.push("GBACW 17.54", || format!("{name}, alone with the enemy in {target}, is captured."));
                }
            }
            g.stack.push(Frame::Melee(MeleeFrame::Reface { side: s, hex: target }));
        }
        // 16.25, 16.27: chargers rout once the melee is over, engaged or not (their retreats
        // go before the facing).
        super::charge::rout_chargers(g, &self);
        super::settle_engaged(g);
    }
}

/// 12.91, 12.93: unit `u` loses one point, captured or killed.
fn lose(g: &mut Gbacw, u: UnitId, captured: bool) {
    let name = g.info(u).name.clone();
    let word = if captured { "captured" } else { "killed" };
    match g.info(u).kind {
        // 11.19: a crew off its wagon is taken alone; the wagon stays where it left it.
        Kind::Wagon { .. } if captured && !wagon::crew_away(g, u) => {
            g.log.push("GBACW 12.93", || format!("{name} is captured."));
            let h = g.hex_of(u).expect("a wagon in the melee");
            wagon::captured(g, u, h);
        }
        Kind::Wagon { .. } => {
            wagon::crew_killed(g, u);
            g.log.push("GBACW 12.91", || format!("{name}'s crew is killed."));
        }
        Kind::Battery { .. } if !captured => {
            let st = g.unit_mut(u);
            st.crew_lost += 1;
            let gone = st.crew_lost >= 2;
            g.log.push("GBACW 12.91", || format!("{name}'s crew loses a step."));
            if gone {
                g.unit_mut(u).loc = Loc::Gone(Fate::Eliminated);
                g.log.push("GBACW 12.91", || format!("{name} is eliminated."));
            }
        }
        _ => {
            let st = g.unit_mut(u);
            st.lost += 1;
            if captured {
                st.captured += 1;
            }
            g.log.push(if captured { "GBACW 12.93" } else { "GBACW 12.91" }, || {
                format!("{name} loses a Strength Point, {word}.")
            });
            if g.strength(u) == 0 {
                g.unit_mut(u).loc = Loc::Gone(if captured { Fate::Captured } else { Fate::Eliminated });
                g.log.push("GBACW 12.91", || format!("{name} is gone."));
            }
        }
    }
}

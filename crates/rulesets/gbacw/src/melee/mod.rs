//! E. the Retreat Before Melee Phase ([`rbm`], 12.8-12.89) and F. the Melee Phase (12.0-12.98,
//! 7.3, 17.54, 17.73): who may melee ([`attack`]), and one melee resolved ([`bout`]).
//!
//! The phasing player announces attackers and their target hexes in Phase E (R24: binding as a
//! limit, not an obligation); the defender answers hex by hex, unit by unit. In Phase F the
//! phasing player names a hex (`MeleeAt`), adds announced attackers one by one (`Attack`) and
//! resolves (`Resolve`); each hex is meleed at most once a phase, each unit melees once
//! (12.26).
//!
//! Engaged hexes (12.94, plan section 6): each Player-Turn the phasing side's units in an
//! engaged hex melee again (options 1 and 2), the Phase F Done refused until they have, unless
//! the phasing player pulled units out of that hex in Phase E (option 3, R23; not combined
//! with 1 or 2). Each melee ends the engagement or renews it, and each option 3 takes a unit
//! out of the hex, so no hex stays engaged for good. Routed units engaged in a hex must
//! retreat from it as their Phase E begins (12.51: two hexes, never into an enemy zone, or
//! captured; reading).
//!
//! Reading: units join an engaged hex only by meleeing into it (12.94 option 2, 12.32); the
//! Movement Phase enters no hex the enemy holds (5.12), engaged or not.
//!
//! Cavalry charges (16.2-16.27, [`charge`]) are announced as melees are; chargers double
//! their strength (16.24, but not against mounted cavalry, 16.33) and rout when the melee is
//! over, engaged or not (16.25, 16.27).

pub mod attack;
pub mod bout;
pub mod charge;
pub mod rbm;

use crate::action::Action;
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Gbacw, UnitId};
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// What the Player-Turn's Phases E and F have announced and done.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Plan {
    /// 12.8, R24: the units announced to melee, each with its one target hex (12.26).
    pub announced: Vec<(UnitId, Hex)>,
    /// 16.2: the announced units that charge (each also in `announced`).
    pub charges: Vec<UnitId>,
    /// 16.23: where the phasing side's mounted cavalry stood as its Movement Phase began.
    pub charge_start: Vec<(UnitId, Hex)>,
    /// 12.85: units that advanced into a vacated hex: no melee this Game-Turn.
    pub advanced: Vec<UnitId>,
    /// 12.94 option 3: engaged hexes the phasing player pulled units out of this Player-Turn.
    pub withdrawn: Vec<Hex>,
    /// Hexes meleed this Melee Phase.
    pub fought: Vec<Hex>,
    /// Units that have meleed this Melee Phase (12.26: one melee each).
    pub attacked: Vec<UnitId>,
    /// 12.21: where each phasing unit stood as the Melee Phase began.
    pub start: Vec<(UnitId, Hex)>,
}

/// The melee procedures under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum MeleeFrame {
    /// E: the phasing player announces attackers (12.8) or pulls engaged units out (12.94
    /// option 3), or is Done.
    Announce,
    /// E: the defender retreats units in `hex` before melee or accepts (12.8, 12.81).
    Defend(Hex),
    /// E: a unit retreating before melee (12.81-12.84, 12.88).
    Rbm(Box<rbm::Rbm>),
    /// E: announced attackers may advance into `hex`, vacated (12.85).
    Advance(Hex),
    /// E: the phase ends once the defender has answered every announced hex.
    Close,
    /// F: the phasing player names a hex to melee, or is Done.
    Phase,
    /// F: attackers are added to the melee at a hex, or it is resolved.
    Declare {
        /// The hex meleed.
        target: Hex,
        /// The attackers and the hexes they melee from.
        attackers: Vec<(UnitId, Hex)>,
    },
    /// F: one melee being resolved (12.9, 12.98).
    Bout(Box<bout::Bout>),
    /// F: what follows a melee once its retreats are done (12.0, 17.54, 17.73).
    After(Box<bout::Bout>),
    /// 7.32: the side holding the hex after a melee faces its units there.
    Reface {
        /// The side.
        side: Side,
        /// The hex.
        hex: Hex,
    },
}

/// Whether unit `u` stands in an engaged hex (12.94).
#[must_use]
pub fn engaged(g: &Gbacw, u: UnitId) -> bool {
    g.hex_of(u).is_some_and(|h| g.engaged.contains(&h))
}

/// 12.94: an engaged hex stays engaged only while both sides have units in it.
pub(crate) fn settle_engaged(g: &mut Gbacw) {
    let hexes = g.engaged.clone();
    for h in hexes {
        let sides: Vec<Side> = g.units_here(h).map(|u| g.side_of(u)).collect();
        if !(sides.contains(&Side::Union) && sides.contains(&Side::Confederate)) {
            g.engaged.retain(|&e| e != h);
            g.log.push("GBACW 12.94", || format!("{h} is no longer engaged."));
        }
    }
}

/// Engaged hexes where the phasing side must still melee this phase (12.94, plan section 6).
#[must_use]
pub fn owed(g: &Gbacw) -> Vec<Hex> {
    let side = g.phasing;
    g.engaged
        .iter()
        .copied()
        .filter(|h| !g.melee.fought.contains(h) && !g.melee.withdrawn.contains(h))
        .filter(|&h| g.units_here(h).any(|u| g.side_of(u) == side))
        .filter(|&h| !attack::enemies_in(g, side, h).is_empty())
        .collect()
}

/// The phasing units in `target` that fight its melee on (12.94), top first, within limits.
fn engaged_attackers(g: &Gbacw, target: Hex) -> Vec<(UnitId, Hex)> {
    let mut out = Vec::new();
    for u in g.units_at(target) {
        if g.side_of(u) == g.phasing && attack::within_limits(g, &out, u, target).is_ok() {
            out.push((u, target));
        }
    }
    out
}

/// Whether `u` may join the melee at `target` now (R24 announced, 12.21 from where it began
/// the phase, 12.26 once, 12.72 limits, and [`attack::may_melee`]).
///
/// # Errors
/// The refusal, citing its rule.
pub fn may_join(g: &Gbacw, attackers: &[(UnitId, Hex)], u: UnitId, target: Hex) -> Result<(), Illegal> {
    attack::may_melee(g, u, target)?;
    let name = &g.info(u).name;
    if attackers.iter().any(|&(v, _)| v == u) || g.melee.attacked.contains(&u) {
        return Err(no("12.26", why!("{name} melees once a phase")));
    }
    if !g.melee.announced.contains(&(u, target)) {
        return Err(no("12.8", why!("{name} was not announced against {target} (R24)")));
    }
    let from = g.hex_of(u).expect("checked");
    if !g.melee.start.contains(&(u, from)) {
        return Err(no("12.21", why!("{name} did not begin the Melee Phase in {from}")));
    }
    attack::within_limits(g, attackers, u, target)
}

/// The units announced against `target` (12.8, R24) that pass `ok`, sorted, each once.
pub(crate) fn announced_at(g: &Gbacw, target: Hex, ok: impl Fn(UnitId) -> bool) -> Vec<UnitId> {
    let mut v: Vec<UnitId> =
        g.melee.announced.iter().filter(|&&(_, h)| h == target).map(|&(u, _)| u).filter(|&u| ok(u)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The units that may join the melee at `target` now.
fn joiners(g: &Gbacw, attackers: &[(UnitId, Hex)], target: Hex) -> Vec<UnitId> {
    announced_at(g, target, |u| may_join(g, attackers, u, target).is_ok())
}

/// The hexes the phasing player may melee now.
fn targets(g: &Gbacw) -> Vec<Hex> {
    let owed = owed(g);
    let mut hexes: Vec<Hex> = g.melee.announced.iter().map(|&(_, h)| h).chain(owed.iter().copied()).collect();
    hexes.sort();
    hexes.dedup();
    hexes
        .into_iter()
        .filter(|h| !g.melee.fought.contains(h) && !g.melee.withdrawn.contains(h))
        .filter(|&h| owed.contains(&h) || !joiners(g, &[], h).is_empty())
        .collect()
}

/// Begins the Melee Phase (4.0 F): it passes by itself when there is nothing to melee.
pub(crate) fn begin(g: &mut Gbacw) {
    let side = g.phasing;
    settle_engaged(g);
    g.melee.fought.clear();
    g.melee.attacked.clear();
    g.melee.start =
        g.unit_ids().filter(|&u| g.side_of(u) == side).filter_map(|u| g.hex_of(u).map(|h| (u, h))).collect();
    // The frame goes on first, so the position does not read as over (see [`rbm::begin`]).
    g.stack.push(Frame::Melee(MeleeFrame::Phase));
    if targets(g).is_empty() {
        g.stack.pop();
        settle_engaged(g);
        crate::sequence::next_phase(g);
    }
}

/// Unit `u` enters the adjacent `to` from `from` (12.0, 12.81, 12.85): faced as it goes
/// (7.11), under the stack there; the last unit of its side to leave `from` takes the leaders
/// there along (13.43 as R42 reads it, R43), none left alone near the enemy.
pub(crate) fn enter(g: &mut Gbacw, u: UnitId, from: Hex, to: Hex) {
    let order = crate::stacking::bottom(g, to, u);
    let f = crate::facing::toward(from, to).unwrap_or(g.unit(u).facing);
    let st = g.unit_mut(u);
    st.loc = crate::state::Loc::Map(to);
    st.facing = f;
    st.order = order;
    let side = g.side_of(u);
    if crate::stacking::friends_at(g, from, side).is_empty() {
        for l in crate::leaders::leaders_at(g, from, side) {
            g.leaders[usize::from(l)].loc = crate::state::Loc::Map(to);
        }
    }
}

/// The names of units.
pub(crate) fn names(g: &Gbacw, units: impl IntoIterator<Item = UnitId>) -> String {
    units.into_iter().map(|u| g.info(u).name.clone()).collect::<Vec<_>>().join(", ")
}

impl Procedure<Gbacw, Action> for MeleeFrame {
    fn actor(&self, g: &Gbacw) -> Actor {
        match self {
            MeleeFrame::Defend(_) => Actor::Side(g.phasing.enemy()),
            MeleeFrame::Rbm(r) => Actor::Side(g.side_of(r.unit)),
            MeleeFrame::Bout(b) => b.actor(g),
            MeleeFrame::Reface { side, .. } => Actor::Side(*side),
            _ => Actor::Side(g.phasing),
        }
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        let side = g.phasing.title();
        match self {
            MeleeFrame::Announce => (
                "GBACW 12.8",
                format!(
                    "{side}: announce units to melee and their target hexes (or pull engaged units out), then Done"
                ),
            ),
            MeleeFrame::Defend(h) => (
                "GBACW 12.8",
                format!(
                    "{}: retreat units in {h} before melee, or Done to accept the melee",
                    g.phasing.enemy().title()
                ),
            ),
            MeleeFrame::Rbm(r) => r.prompt(g),
            MeleeFrame::Advance(h) => ("GBACW 12.85", format!("{side}: advance announced attackers into {h}, or Done")),
            MeleeFrame::Close => ("GBACW 12.8", "the Retreat Before Melee Phase ends".into()),
            MeleeFrame::Phase => {
                let owed = owed(g);
                let must = if owed.is_empty() {
                    String::new()
                } else {
                    format!(" (engaged, must melee: {})", owed.iter().map(|h| h.label()).collect::<Vec<_>>().join(", "))
                };
                ("GBACW 12.0", format!("{side} F. Melee Phase: choose a hex to melee{must}, or Done"))
            }
            MeleeFrame::Declare { target, attackers } => {
                ("GBACW 12.75", format!("{side}: add units meleeing {target} ({} so far), or resolve", attackers.len()))
            }
            MeleeFrame::Bout(b) => b.prompt(g),
            MeleeFrame::After(_) => ("GBACW 12.0", "the melee is over".into()),
            MeleeFrame::Reface { side, hex } => {
                ("GBACW 7.32", format!("{}: face the units in {hex} after the melee", side.title()))
            }
        }
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        match self {
            MeleeFrame::Announce => rbm::announce_actions(g),
            MeleeFrame::Defend(h) => {
                let mut v: Vec<Action> = rbm::may_retire(g, *h).into_iter().map(Action::Retire).collect();
                v.push(Action::Done);
                v
            }
            MeleeFrame::Rbm(r) => r.legal(g),
            MeleeFrame::Advance(h) => {
                let mut v: Vec<Action> = rbm::may_advance(g, *h).into_iter().map(Action::Advance).collect();
                v.push(Action::Done);
                v
            }
            MeleeFrame::Phase => {
                let mut v: Vec<Action> = targets(g).into_iter().map(Action::MeleeAt).collect();
                if owed(g).is_empty() {
                    v.push(Action::Done);
                }
                v
            }
            MeleeFrame::Declare { target, attackers } => {
                let mut v: Vec<Action> = joiners(g, attackers, *target).into_iter().map(Action::Attack).collect();
                if !attackers.is_empty() {
                    v.push(Action::Resolve);
                }
                v
            }
            MeleeFrame::Bout(b) => b.legal(g),
            MeleeFrame::Reface { .. } => (0..6).map(Action::Face).collect(),
            MeleeFrame::Close | MeleeFrame::After(_) => Vec::new(),
        }
    }

    fn chance(&self, g: &Gbacw) -> Vec<(Action, f64)> {
        match self {
            MeleeFrame::Bout(b) => b.chance(g),
            _ => Vec::new(),
        }
    }

    fn automatic(&self, g: &Gbacw) -> bool {
        match self {
            MeleeFrame::Close | MeleeFrame::After(_) => true,
            MeleeFrame::Defend(h) => rbm::may_retire(g, *h).is_empty(),
            MeleeFrame::Advance(h) => rbm::may_advance(g, *h).is_empty(),
            MeleeFrame::Rbm(r) => r.automatic(g),
            MeleeFrame::Reface { side, hex } => {
                !g.units_here(*hex).any(|u| g.side_of(u) == *side) || g.engaged.contains(hex)
            }
            _ => false,
        }
    }

    fn run(self, g: &mut Gbacw) {
        match self {
            MeleeFrame::Close => {
                settle_engaged(g);
                crate::sequence::next_phase(g);
            }
            MeleeFrame::Defend(h) => rbm::answered(g, h),
            MeleeFrame::Rbm(r) => r.run(g),
            MeleeFrame::After(b) => b.after(g),
            MeleeFrame::Advance(_) | MeleeFrame::Reface { .. } => {}
            f => unreachable!("{f:?} is not automatic"),
        }
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        match (self, *a) {
            (MeleeFrame::Announce, a) => rbm::announce(g, a),
            (MeleeFrame::Defend(h), Action::Retire(u)) => {
                g.stack.push(Frame::Melee(MeleeFrame::Defend(h)));
                rbm::retire(g, u, h);
            }
            (MeleeFrame::Defend(h), Action::Done) => {
                let side = g.phasing.enemy().title();
                g.log.push("GBACW 12.8", || format!("The {side} accepts the melee in {h}."));
                rbm::answered(g, h);
            }
            (MeleeFrame::Rbm(r), a) => r.apply(g, a),
            (MeleeFrame::Advance(h), Action::Advance(u)) => {
                rbm::advance(g, u, h);
                g.stack.push(Frame::Melee(MeleeFrame::Advance(h)));
            }
            (MeleeFrame::Advance(_), Action::Done) => {}
            (MeleeFrame::Phase, Action::Done) => {
                settle_engaged(g);
                crate::sequence::next_phase(g);
            }
            (MeleeFrame::Phase, Action::MeleeAt(target)) => {
                g.log.push("GBACW 12.0", || format!("Melee declared at {target}."));
                let attackers = engaged_attackers(g, target);
                g.stack.push(Frame::Melee(MeleeFrame::Declare { target, attackers }));
            }
            (MeleeFrame::Declare { target, mut attackers }, Action::Attack(u)) => {
                let from = g.hex_of(u).expect("on the map");
                let name = g.info(u).name.clone();
                g.log.push("GBACW 12.75", || format!("{name} melees {target} from {from}."));
                attackers.push((u, from));
                g.stack.push(Frame::Melee(MeleeFrame::Declare { target, attackers }));
            }
            (MeleeFrame::Declare { target, attackers }, Action::Resolve) => {
                g.melee.fought.push(target);
                g.melee.attacked.extend(attackers.iter().map(|&(u, _)| u));
                g.stack.push(Frame::Melee(MeleeFrame::Phase));
                bout::start(g, target, attackers);
            }
            (MeleeFrame::Bout(b), a) => b.apply(g, &a),
            (MeleeFrame::Reface { side, hex }, Action::Face(f)) => {
                for u in g.units_at(hex) {
                    if g.side_of(u) == side {
                        g.unit_mut(u).facing = f % 6;
                    }
                }
                let d = crate::facing::dir(f).name();
                g.log.push("GBACW 7.32", || format!("The {} units in {hex} face {d}.", side.title()));
            }
            (f, a) => unreachable!("{f:?} {a:?}"),
        }
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        if self.legal(g).contains(a) {
            return None;
        }
        match (self, *a) {
            (MeleeFrame::Announce, a) => rbm::announce_refusal(g, a),
            (MeleeFrame::Defend(h), Action::Retire(u)) => Some(rbm::retire_refusal(g, u, *h)),
            (MeleeFrame::Advance(h), Action::Advance(u)) => Some(rbm::advance_refusal(g, u, *h)),
            (MeleeFrame::Rbm(r), a) => r.why(g, a),
            (MeleeFrame::Phase, Action::Done) => Some(no(
                "12.94",
                why!(
                    "the engaged hexes {} must be meleed again (or their units pulled out in Phase E)",
                    owed(g).iter().map(|h| h.label()).collect::<Vec<_>>().join(", ")
                ),
            )),
            (MeleeFrame::Phase, Action::MeleeAt(h)) => Some(if g.melee.fought.contains(&h) {
                no("12.0", why!("{h} has been meleed this phase"))
            } else if g.melee.withdrawn.contains(&h) {
                no("12.94", why!("units were pulled out of {h} this turn (option 3 is not combined with 1 or 2)"))
            } else {
                no("12.8", why!("no announced unit may melee {h} (R24)"))
            }),
            (MeleeFrame::Declare { target, attackers }, Action::Attack(u)) => may_join(g, attackers, u, *target).err(),
            (MeleeFrame::Declare { .. }, Action::Resolve) => Some(no("12.0", "no unit has been added to the melee")),
            (MeleeFrame::Bout(b), Action::Casualty(u)) => Some(b.casualty_refusal(g, u)),
            (MeleeFrame::Reface { .. }, Action::Face(_)) => Some(no("7.32", "a facing is a hexside, 0 to 5")),
            _ => None,
        }
    }
}

//! 12.0 The Rally Phase: Rally (12.2) to win back a lost step, Regroup (12.3) to remove a Rout
//! marker, with the leaders who may attempt them: Brigade Officers (2.3, 10.3) and Commanders
//! (10.1, 10.2), Lee's wider reach (10.4), Longstreet's bonus (10.5) and dusk (11.6).
//!
//! The phasing player picks one attempt at a time ([`Action::Rally`], [`Action::Regroup`]);
//! chance rolls its d6 ([`Action::Roll`]); [`Action::Done`] ends the phase.
//!
//! Readings:
//! - 12.1: each brigade makes at most one attempt (Rally or Regroup) a Rally Phase.
//! - 12.2/12.3: a routed brigade cannot Rally; it must first Regroup (in a later phase).
//! - 10.1/10.2: a commander's CM is also the number of attempts he may lend in a phase,
//!   successful or not; Lee's count is four (10.4), not his CM.
//! - 10.4: Lee reaches Rally attempts in his hex and the adjacent hexes; for Regroup he is an
//!   ordinary commander (his own hex only). Within his reach he counts as "present in the hex"
//!   for a brigade in an enemy ZOC (12.2).
//! - 12.2: the LCM -1 applies to attempts by Brigade Officers only; a commander's attempt adds
//!   his CM and ignores the brigade's LCMs.
//! - Success is the modified roll of 5 or more; a natural 6 is not an automatic success.
//! - 2.3, 2.4, 17.5: the SP a brigade has detached as a guard still out are not "lost": they
//!   come back when the guard rejoins. So 12.2 counts only the steps really lost
//!   ([`steps_lost`]): a brigade with one step lost and a guard out may not rally, and no
//!   detach, rally and rejoin brings a brigade that lost a step back to full strength.

use crate::action::Action;
use crate::facing::{Arc, arc, front_towards};
use crate::procedure::{Frame, Procedure, d6};
use crate::sequence::{DUSK_RALLY_DRM, longstreet_bonus};
use crate::state::{Bid, Cid, Fotm, LongstreetBonus};
use crate::zoc;
use engine::{Actor, Illegal, Side};
use hexmap::{Hex, LineStep};

/// 12.2, 12.3: the modified roll that succeeds.
pub const SUCCESS: i8 = 5;
/// 12.2: only brigades that have lost this many steps may Rally.
pub const MIN_LOSSES: u8 = 2;
/// 12.2, 10.3: the DRM for each LCM when the Brigade Officers rally.
pub const LCM_DRM: i8 = -1;
/// 10.3: with this many LCMs the Brigade Officers can no longer rally.
pub const OFFICERS_LOST: u8 = 2;
/// 10.4: the number of brigades Lee can help.
pub const LEE_BRIGADES: u8 = 4;
/// 10.4: Lee's reach for Rally attempts, in hexes.
pub const LEE_REACH: u16 = 1;
/// 10.5: Longstreet's Rally/Regroup bonus, on top of his CM.
pub const LONGSTREET_DRM: i8 = 1;

/// 12.2 with 2.3, 2.4, 17.5: the steps the brigade has lost, not counting the SP it has
/// detached as guards still out (on the map or waiting to rejoin): those return when the guard
/// rejoins. A guard eliminated by an assault (2.4) is gone, and its step is lost with it.
#[must_use]
pub fn steps_lost(g: &Fotm, b: Bid) -> u8 {
    let out = g.guards.iter().filter(|gd| gd.parent == b && !gd.done).count();
    g.bde(b).losses.saturating_sub(u8::try_from(out).unwrap_or(u8::MAX))
}

/// What has been done so far this Rally Phase.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RallyState {
    /// The phasing side.
    pub side: Side,
    /// Brigades that have made their attempt (Reading: one a phase).
    pub tried: Vec<Bid>,
    /// One entry per attempt each commander has lent (10.2: no more than his CM).
    pub lent: Vec<Cid>,
}

/// The Rally Phase under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RallyFrame {
    /// Automatic: opens the phase if any attempt is possible (after any 10.4 decision pushed
    /// above it).
    Start {
        /// The phasing side.
        side: Side,
    },
    /// The phasing player picks an attempt, or Done.
    Choose(RallyState),
    /// Chance: the d6 of an attempt.
    Roll {
        /// The phase so far.
        st: RallyState,
        /// The brigade.
        brigade: Bid,
        /// The commander lending his CM, or `None` for the Brigade Officers.
        by: Option<Cid>,
        /// A Regroup (12.3) rather than a Rally (12.2).
        regroup: bool,
    },
}

/// 10.2: the friendly commander in the brigade's hex who lends it his CM for a Morale Check
/// (17.2, 15.7) or a forced march (13.5): the best CM among those who have lent it to fewer
/// brigades than their CM this phase, or to this brigade already.
///
/// Reading (2.2, 10.1, 10.2): "the number of Brigades a Commander can apply its CM to" is
/// counted per phase, brigades not rolls; a commander already helping a brigade may help it
/// again. Commanders never combine: one CM a roll.
#[must_use]
pub fn cm_lender(g: &Fotm, b: Bid) -> Option<Cid> {
    let h = g.hex_of(b)?;
    let side = g.side_of(b);
    g.commanders_at(h)
        .into_iter()
        .filter(|&c| g.cinfo(c).side == side && !g.cmdr(c).gone)
        .filter(|&c| {
            let helped = g.cm_used.iter().filter(|&&(x, _)| x == c).count();
            g.cm_used.contains(&(c, b)) || helped < usize::from(g.cm(c))
        })
        .max_by_key(|&c| (g.cm(c), std::cmp::Reverse(c)))
}

/// 10.2: records that the commander lent his CM to the brigade this phase.
pub(crate) fn lend_cm(g: &mut Fotm, c: Cid, b: Bid) {
    if !g.cm_used.contains(&(c, b)) {
        g.cm_used.push((c, b));
    }
}

/// Begins a side's Rally Phase.
pub(crate) fn start_phase(g: &mut Fotm, side: Side) {
    g.stack.push(Frame::Rally(RallyFrame::Start { side }));
}

/// Attempts a commander may still lend this phase: his CM (10.2), four for Lee (10.4).
fn capacity(g: &Fotm, c: Cid) -> u8 {
    if is_lee(g, c) { LEE_BRIGADES } else { g.cm(c) }
}

fn is_lee(g: &Fotm, c: Cid) -> bool {
    g.cinfo(c).id == "Lee"
}

fn is_longstreet(g: &Fotm, c: Cid) -> bool {
    g.cinfo(c).id == "Longstreet"
}

/// Friendly commanders who can still lend their CM to an attempt by a brigade on `h`.
fn helpers(g: &Fotm, st: &RallyState, h: Hex, regroup: bool) -> Vec<Cid> {
    g.all_commanders()
        .filter(|&c| {
            let cm = g.cmdr(c);
            let Some(at) = cm.hex else { return false };
            let reach = if is_lee(g, c) && !regroup { LEE_REACH } else { 0 };
            g.cinfo(c).side == st.side
                && !cm.gone
                && at.distance(h) <= reach
                && u8::try_from(st.lent.iter().filter(|&&x| x == c).count()).unwrap_or(u8::MAX) < capacity(g, c)
        })
        .collect()
}

/// Every attempt still open to the phasing side (12.2, 12.3).
fn attempts(g: &Fotm, st: &RallyState) -> Vec<Action> {
    let mut out = Vec::new();
    for b in g.on_map(st.side) {
        if st.tried.contains(&b) {
            continue;
        }
        let Some(h) = g.hex_of(b) else { continue };
        let bde = g.bde(b);
        if bde.routed {
            out.extend(helpers(g, st, h, true).into_iter().map(|c| Action::Regroup { brigade: b, by: c }));
        } else if steps_lost(g, b) >= MIN_LOSSES {
            if bde.lcm < OFFICERS_LOST && !zoc::in_enemy_zoc(g, h, st.side) {
                out.push(Action::Rally { brigade: b, by: None });
            }
            out.extend(helpers(g, st, h, false).into_iter().map(|c| Action::Rally { brigade: b, by: Some(c) }));
        }
    }
    out
}

/// The DRM of an attempt: the commander's CM (10.2) with Longstreet's 10.5 bonus, or the
/// Brigade Officers' LCM penalty (10.3); -1 at dusk (11.6).
///
/// Reading (10.3, 12.2): the LCM's -1 is the officers' alone. 12.2 lists it under "If using
/// Inherent Officers" and the CM under "If using a Commander", and 10.3 has a commander stand
/// in for lost officers; a Morale Check differs, 17.2 adding both.
#[must_use]
pub fn drm(g: &Fotm, brigade: Bid, by: Option<Cid>) -> i8 {
    let mut d = match by {
        Some(c) => {
            let bonus =
                if is_longstreet(g, c) && longstreet_bonus(g, LongstreetBonus::Rally) { LONGSTREET_DRM } else { 0 };
            i8::try_from(g.cm(c)).unwrap_or(i8::MAX) + bonus
        }
        None => LCM_DRM * i8::try_from(g.bde(brigade).lcm).unwrap_or(i8::MAX),
    };
    if g.dusk() {
        d += DUSK_RALLY_DRM;
    }
    d
}

/// Opens the choice again if any attempt is left; otherwise the phase ends.
fn next(g: &mut Fotm, st: RallyState) {
    if attempts(g, &st).is_empty() {
        g.note("FotM 12.1", |_| format!("{} Rally Phase ends: no attempt left", st.side.title()));
    } else {
        g.stack.push(Frame::Rally(RallyFrame::Choose(st)));
    }
}

/// The facing a regrouped brigade on `h` takes towards the nearest enemy brigade (12.3), or
/// its present facing when no enemy is on the map. Reading: "face the enemy" puts the nearest
/// enemy brigade (lowest order-of-battle number among the nearest) in its front, along the
/// straight line towards it.
#[must_use]
pub fn facing_to_enemy(g: &Fotm, b: Bid) -> u8 {
    let keep = g.bde(b).facing;
    let Some(h) = g.hex_of(b) else { return keep };
    let side = g.side_of(b);
    let Some(target) = g.on_map(side.enemy()).filter_map(|e| g.hex_of(e)).min_by_key(|&e| e.distance(h)) else {
        return keep;
    };
    let line = hexmap::line(h, target);
    match line.get(1) {
        Some(LineStep::One(n)) => front_towards(h, *n),
        Some(LineStep::Tie(a, c)) => {
            (0..6).find(|&f| arc(h, f, *a) == Some(Arc::Front) && arc(h, f, *c) == Some(Arc::Front)).unwrap_or(keep)
        }
        None => keep,
    }
}

impl Procedure<Fotm, Action> for RallyFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            RallyFrame::Start { .. } => unreachable!("automatic"),
            RallyFrame::Choose(st) => Actor::Side(st.side),
            RallyFrame::Roll { .. } => Actor::Chance,
        }
    }

    fn prompt(&self, g: &Fotm) -> (&'static str, String) {
        match self {
            RallyFrame::Start { .. } => ("FotM 12.1", String::new()),
            RallyFrame::Choose(st) => (
                "FotM 12.1",
                format!("{} Rally Phase: attempt a Rally (12.2) or Regroup (12.3), or Done", st.side.title()),
            ),
            RallyFrame::Roll { brigade, by, regroup, .. } => {
                let (rule, what) = if *regroup { ("FotM 12.3", "Regroup") } else { ("FotM 12.2", "Rally") };
                let who = by.map_or_else(|| "its officers".to_string(), |c| g.cname(c));
                (
                    rule,
                    format!(
                        "{what} roll for {} by {who}: 5 or more with DRM {:+}",
                        g.name(*brigade),
                        drm(g, *brigade, *by)
                    ),
                )
            }
        }
    }

    fn legal(&self, g: &Fotm) -> Vec<Action> {
        match self {
            RallyFrame::Choose(st) => {
                let mut v = vec![Action::Done];
                v.extend(attempts(g, st));
                // 4.2 optional: simple stacking lets the stacks be reordered here too.
                v.extend(crate::stacking::reorder_actions(g, st.side));
                v
            }
            _ => vec![],
        }
    }

    fn chance(&self, _g: &Fotm) -> Vec<(Action, f64)> {
        match self {
            RallyFrame::Roll { .. } => d6(),
            _ => vec![],
        }
    }

    fn automatic(&self, _g: &Fotm) -> bool {
        matches!(self, RallyFrame::Start { .. })
    }

    fn run(self, g: &mut Fotm) {
        if let RallyFrame::Start { side } = self {
            next(g, RallyState { side, tried: vec![], lent: vec![] });
        }
    }

    fn apply(self, g: &mut Fotm, a: &Action) {
        match (self, *a) {
            (RallyFrame::Choose(st), Action::Done) => {
                g.note("FotM 12.1", |_| format!("{} Rally Phase ends", st.side.title()));
            }
            (RallyFrame::Choose(st), Action::ToTop(b)) => {
                crate::stacking::to_top(g, b);
                g.stack.push(Frame::Rally(RallyFrame::Choose(st)));
            }
            (RallyFrame::Choose(mut st), Action::Rally { brigade, by }) => {
                st.tried.push(brigade);
                st.lent.extend(by);
                g.stack.push(Frame::Rally(RallyFrame::Roll { st, brigade, by, regroup: false }));
            }
            (RallyFrame::Choose(mut st), Action::Regroup { brigade, by }) => {
                st.tried.push(brigade);
                st.lent.push(by);
                g.stack.push(Frame::Rally(RallyFrame::Roll { st, brigade, by: Some(by), regroup: true }));
            }
            (RallyFrame::Roll { st, brigade, by, regroup }, Action::Roll(d)) => {
                let total = i8::try_from(d).unwrap_or(i8::MAX) + drm(g, brigade, by);
                let ok = total >= SUCCESS;
                let who = by.map_or_else(|| "its officers".to_string(), |c| g.cname(c));
                if regroup {
                    if ok {
                        let f = facing_to_enemy(g, brigade);
                        let bde = g.bde_mut(brigade);
                        bde.routed = false;
                        bde.regrouped = true;
                        bde.facing = f;
                    }
                    g.note("FotM 12.3", |g| {
                        let res = if ok { "regroups and faces the enemy" } else { "stays routed" };
                        format!("{} ({who}) rolls {d}, total {total}: {res}", g.name(brigade))
                    });
                } else {
                    if ok {
                        g.bde_mut(brigade).losses -= 1;
                    }
                    g.note("FotM 12.2", |g| {
                        let res = if ok { "rallies, regaining a step" } else { "fails to rally" };
                        format!("{} ({who}) rolls {d}, total {total}: {res}", g.name(brigade))
                    });
                }
                next(g, st);
            }
            (f, a) => unreachable!("{f:?} cannot take {a:?}"),
        }
    }

    fn why(&self, g: &Fotm, a: &Action) -> Option<Illegal> {
        let RallyFrame::Choose(st) = self else { return None };
        let no = |rule: &'static str, reason: String| Some(Illegal { rule: rule.into(), reason });
        match *a {
            Action::Rally { brigade, by } => {
                let b = g.brigades.get(usize::from(brigade))?;
                let name = g.name(brigade);
                if g.side_of(brigade) != st.side || g.hex_of(brigade).is_none() {
                    return no("FotM 12.2", format!("{name} is not a brigade of the phasing side on the map"));
                }
                if st.tried.contains(&brigade) {
                    return no("FotM 12.1", format!("{name} has already made its attempt this phase"));
                }
                if b.routed {
                    return no("FotM 12.3", format!("{name} is routed: it must Regroup first"));
                }
                if steps_lost(g, brigade) < MIN_LOSSES {
                    let guard =
                        if b.losses >= MIN_LOSSES { " (its guard's SP are detached, not lost: 2.4, 17.5)" } else { "" };
                    return no("FotM 12.2", format!("{name} has not lost two or more steps{guard}"));
                }
                match by {
                    None if b.lcm >= OFFICERS_LOST => {
                        no("FotM 10.3", format!("{name} has two LCMs: its officers cannot rally it"))
                    }
                    None => {
                        no("FotM 12.2", format!("{name} is in an enemy ZOC: only a commander in its hex can rally it"))
                    }
                    Some(c) => no(
                        "FotM 10.2",
                        format!(
                            "{} is not with {name} or has already lent his CM to as many brigades as it allows",
                            g.cname(c)
                        ),
                    ),
                }
            }
            Action::ToTop(_) if !self.legal(g).contains(a) => Some(crate::stacking::reorder_refused()),
            Action::Regroup { brigade, by } => {
                let b = g.brigades.get(usize::from(brigade))?;
                if !b.routed {
                    return no("FotM 12.3", format!("{} is not routed", g.name(brigade)));
                }
                no(
                    "FotM 12.3",
                    format!(
                        "{} cannot regroup {} now: he must be in its hex with CM to spare",
                        g.cname(by),
                        g.name(brigade)
                    ),
                )
            }
            _ => None,
        }
    }
}

//! 17.0 Retreat and rout: the choice between a morale check and retreat (17.2), the morale
//! check itself, retreats (17.3) with the 4.1 over-stacking that may follow, routs (17.4), and
//! captured brigades with their guards (17.5, 2.4).
//!
//! Every procedure here is pushed by combat on top of its own continuation; each frame, once
//! done, pushes whatever the rule needs next (a retreat after a failed check, a capture when no
//! retreat hex exists) and otherwise simply returns to the frame below.

use crate::action::Action;
use crate::procedure::{Frame, Procedure, d6};
use crate::state::{Bid, Fate, Fotm, Guard, Loc, Unit};
use crate::{facing, stacking, zoc};
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// 17.2: the lowest modified roll that passes a morale check.
pub const MORALE_PASS: i8 = 5;
/// 17.2, 10.3: each LCM subtracts this from the morale roll.
pub const LCM_DRM: i8 = -1;
/// 10.3: with this many LCMs the brigade officers cannot take a morale check.
pub const LCM_NO_OFFICERS: u8 = 2;
/// 13.2: an elevation change no unit may cross (so no retreat crosses it either).
pub const CLIFF: u8 = 3;
/// 17.5: prisoners a guard may escort.
pub const GUARD_CAPACITY: usize = 2;

/// Why a brigade retreats: it decides whether a one-step brigade routs (17.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Cause {
    /// The owner chose to retreat instead of a morale check (17.2).
    Chosen,
    /// A failed morale check (17.2, 15.7): forced.
    Forced,
    /// A rout (17.4).
    Rout,
    /// One more hex to relieve over-stacking (4.1).
    Overstack,
}

/// A retreat procedure under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RetreatFrame {
    /// 17.2: after a two-step loss the owner chooses a morale check (yes) or a retreat (no).
    Choice {
        /// The brigade.
        b: Bid,
        /// The hexes of the enemy brigades it retreats away from.
        away: Vec<Hex>,
        /// Enemy brigades that would take it prisoner (17.5).
        capturers: Vec<Bid>,
        /// A mounted cavalry brigade screens the hex: no rout (17.4).
        screened: bool,
    },
    /// 17.2 (and 15.7): the morale roll.
    Morale {
        /// The brigade.
        b: Bid,
        /// As in `Choice`.
        away: Vec<Hex>,
        /// As in `Choice`.
        capturers: Vec<Bid>,
        /// As in `Choice`.
        screened: bool,
    },
    /// 17.3: the owner picks the hex the brigade retreats into.
    Retreat {
        /// The brigade.
        b: Bid,
        /// As in `Choice`.
        away: Vec<Hex>,
        /// As in `Choice`.
        capturers: Vec<Bid>,
        /// Why it retreats.
        cause: Cause,
    },
    /// 4.1: the opponent of the over-stacked side picks the brigade that retreats one more hex.
    Overstack {
        /// The over-stacked hex.
        hex: Hex,
        /// The over-stacked side.
        side: Side,
        /// As in `Choice`.
        away: Vec<Hex>,
        /// As in `Choice`.
        capturers: Vec<Bid>,
    },
    /// 17.5: the capturing side picks the brigade that detaches the guard.
    Capture {
        /// The captured brigade.
        prisoner: Bid,
        /// The brigades that may detach the guard.
        capturers: Vec<Bid>,
    },
}

/// Pushes the 17.2 choice (or, when no morale check is possible, the retreat) for a brigade that
/// has lost two steps in an Assault.
pub(crate) fn after_two_losses(g: &mut Fotm, b: Bid, away: Vec<Hex>, capturers: Vec<Bid>, screened: bool) {
    if can_check(g, b) {
        g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Choice { b, away, capturers, screened })));
    } else {
        g.note("FotM 10.3", |g| {
            format!("{} has two LCMs and no commander: it cannot check morale and retreats", g.name(b))
        });
        push_forced(g, b, away, capturers, screened);
    }
}

/// 10.3: whether the brigade can take a morale check: fewer than two LCMs, or a commander there.
pub(crate) fn can_check(g: &Fotm, b: Bid) -> bool {
    g.bde(b).lcm < LCM_NO_OFFICERS || best_cm(g, b).is_some()
}

/// 17.2, 10.2: the CM of one friendly commander in the brigade's hex (the best with CM to
/// spare this phase, [`crate::rally::cm_lender`]), if any.
/// Reading: the owner always lends the best CM available.
#[must_use]
pub fn best_cm(g: &Fotm, b: Bid) -> Option<u8> {
    crate::rally::cm_lender(g, b).map(|c| g.cm(c))
}

/// 10.2: a morale check is being rolled: the commander lending his CM spends it on `b`.
pub(crate) fn spend_cm(g: &mut Fotm, b: Bid) {
    if let Some(c) = crate::rally::cm_lender(g, b) {
        crate::rally::lend_cm(g, c, b);
    }
}

/// 17.2: the morale roll's modifier: -1 per LCM, plus one commander's CM.
#[must_use]
pub fn morale_drm(g: &Fotm, b: Bid) -> i8 {
    let lcm = i8::try_from(g.bde(b).lcm).unwrap_or(2) * LCM_DRM;
    lcm + best_cm(g, b).map_or(0, |c| i8::try_from(c).unwrap_or(0))
}

/// 15.7: a retreat forced on an attacking brigade by its Lead Brigade's failed check.
pub(crate) fn forced_retreat(g: &mut Fotm, b: Bid, away: Vec<Hex>, capturers: Vec<Bid>) {
    push_forced(g, b, away, capturers, false);
}

/// A retreat forced by a failed check: a brigade with one step left routs instead, unless a
/// mounted cavalry brigade screens its hex (17.4). Reading: "forced" means a failed morale
/// check; a retreat the owner chose is not forced.
fn push_forced(g: &mut Fotm, b: Bid, away: Vec<Hex>, capturers: Vec<Bid>, screened: bool) {
    if g.steps_left(b) == 1 && !screened {
        g.note("FotM 17.4", |g| format!("{} has one step left and is forced to retreat: it routs", g.name(b)));
        rout(g, b, away, capturers);
    } else {
        g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Retreat { b, away, capturers, cause: Cause::Forced })));
    }
}

/// 17.4: the brigade routs: a routed brigade routed again is captured; otherwise it turns its
/// rear to the attacker, takes a Rout marker and retreats (17.3).
pub(crate) fn rout(g: &mut Fotm, b: Bid, away: Vec<Hex>, capturers: Vec<Bid>) {
    let Some(h) = g.hex_of(b) else { return };
    if g.bde(b).routed {
        g.note("FotM 17.4", |g| format!("{} is routed again: it is captured", g.name(b)));
        capture(g, b, capturers);
        return;
    }
    if let Some(&from) = away.iter().min_by_key(|a| a.distance(h)) {
        g.bde_mut(b).facing = facing::rear_towards(h, from);
    }
    g.bde_mut(b).routed = true;
    g.note("FotM 17.4", |g| format!("{} routs", g.name(b)));
    g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Retreat { b, away, capturers, cause: Cause::Rout })));
}

/// The nearest distance from `h` to any of `away`.
fn dist(h: Hex, away: &[Hex]) -> u16 {
    away.iter().map(|a| a.distance(h)).min().unwrap_or(u16::MAX)
}

/// 17.3: the hexes the brigade may retreat into, and whether they are over-full (only full
/// hexes remain: the brigade may still enter one and 4.1 over-stacking follows).
///
/// Reading: "away from the assaulting brigades" means the new hex is farther from the nearest
/// of them than the hex it leaves; never into an enemy-occupied hex, an enemy ZOC or across a
/// change of elevation 13.2 prohibits to the brigade (three levels to all; two levels to
/// cavalry, artillery and horse artillery not on foot: a retreat is a move); the same or a
/// lower elevation when any such hex qualifies.
#[must_use]
pub fn retreat_hexes(g: &Fotm, b: Bid, away: &[Hex]) -> (Vec<Hex>, bool) {
    let Some(h) = g.hex_of(b) else { return (vec![], false) };
    let side = g.side_of(b);
    let map = g.map();
    let here = map.elevation(h).unwrap_or(0);
    let d0 = dist(h, away);
    let ok: Vec<Hex> = h
        .neighbours()
        .into_iter()
        .filter(|&n| map.contains(n))
        .filter(|&n| dist(n, away) > d0)
        .filter(|&n| g.occupant(n) != Some(side.enemy()))
        .filter(|&n| map.elevation_change(h, n).is_some_and(|c| c < CLIFF))
        .filter(|&n| crate::movement::may_cross(g, b, h, n))
        .filter(|&n| !zoc::in_enemy_zoc(g, n, side))
        .collect();
    let low: Vec<Hex> = ok.iter().copied().filter(|&n| map.elevation(n).unwrap_or(0) <= here).collect();
    let pool = if low.is_empty() { ok } else { low };
    let room: Vec<Hex> = pool.iter().copied().filter(|&n| stacking::has_room(g, n, b)).collect();
    if room.is_empty() {
        let full = !pool.is_empty();
        (pool, full)
    } else {
        (room, false)
    }
}

/// 17.5: the brigade is captured. An existing guard of the capturing side in or next to the
/// prisoner's hex with room takes it (Reading of "a guard may escort two"); otherwise the
/// capturing side picks the brigade that detaches a guard. Reading: detaching costs that
/// brigade a step, given back when the guard rejoins; a brigade with one step left cannot
/// detach one. Reading (17.5 with 2.4, 18.1): when none can, the brigade is still captured
/// (17.5's first sentence has no condition) but no guard can escort it off the map: it is
/// removed as captured and scores nothing, as 2.4 removes prisoners left without their guard
/// and 18.1 scores only prisoners escorted off. (It is not eliminated: that would pay the
/// captor more, 2 VP for infantry, than a capture escorted off, 1 VP.)
pub(crate) fn capture(g: &mut Fotm, prisoner: Bid, capturers: Vec<Bid>) {
    let Some(h) = g.hex_of(prisoner) else { return };
    let side = g.side_of(prisoner).enemy();
    if let Some(i) = g.guards.iter().position(|gd| {
        gd.side == side && !gd.done && gd.prisoners.len() < GUARD_CAPACITY && gd.hex.is_some_and(|x| x.distance(h) <= 1)
    }) {
        take_prisoner(g, i, prisoner);
        return;
    }
    let able: Vec<Bid> = detachers(g, &capturers);
    match able.len() {
        0 => {
            g.note("FotM 17.5", |g| {
                format!(
                    "{} is captured, but no brigade can spare a guard to escort it: removed, no VP",
                    g.name(prisoner)
                )
            });
            g.set_loc(prisoner, Loc::Gone(Fate::Captured));
            g.bde_mut(prisoner).routed = false;
        }
        1 => detach(g, able[0], prisoner),
        _ => g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Capture { prisoner, capturers: able }))),
    }
}

/// The capturers still on the map with a step to spare.
fn detachers(g: &Fotm, capturers: &[Bid]) -> Vec<Bid> {
    capturers.iter().copied().filter(|&c| g.hex_of(c).is_some() && g.steps_left(c) >= 2).collect()
}

/// 17.5: `parent` detaches a guard that takes `prisoner`.
fn detach(g: &mut Fotm, parent: Bid, prisoner: Bid) {
    let Some(h) = g.hex_of(prisoner) else { return };
    g.bde_mut(parent).losses += 1;
    g.guards.push(Guard {
        side: g.side_of(parent),
        parent,
        hex: Some(h),
        prisoners: vec![],
        rejoins: None,
        done: false,
    });
    let i = g.guards.len() - 1;
    g.note("FotM 17.5", |g| format!("{} detaches a guard", g.name(parent)));
    take_prisoner(g, i, prisoner);
}

fn take_prisoner(g: &mut Fotm, i: usize, prisoner: Bid) {
    g.guards[i].prisoners.push(prisoner);
    let idx = u8::try_from(i).unwrap_or(u8::MAX);
    g.set_loc(prisoner, Loc::Prisoner(idx));
    g.bde_mut(prisoner).routed = false;
    g.note("FotM 17.5", |g| format!("{} is captured", g.name(prisoner)));
}

/// 2.4: enemy guards on `hex` (enemies of `side`) are assaulted: eliminated at once, their
/// prisoners removed without VP.
pub(crate) fn guards_assaulted(g: &mut Fotm, hex: Hex, side: Side) {
    for i in 0..g.guards.len() {
        let gd = &g.guards[i];
        if gd.side != side.enemy() || gd.done || gd.hex != Some(hex) {
            continue;
        }
        let prisoners = gd.prisoners.clone();
        g.guards[i].done = true;
        g.guards[i].hex = None;
        for p in prisoners {
            g.set_loc(p, Loc::Gone(Fate::Freed));
        }
        g.note("FotM 2.4", |_| format!("The guard in {hex} is assaulted and eliminated; its prisoners are removed"));
    }
}

/// 17.5: guards that exited the map rejoin their parent brigades in their side's Reinforcement
/// Phase of the turn marked: the parent (if still in play) regains the step it spent.
pub(crate) fn rejoin_guards(g: &mut Fotm, side: Side) {
    for i in 0..g.guards.len() {
        let gd = &g.guards[i];
        if gd.side != side || gd.done || gd.rejoins.is_none_or(|t| t > g.turn) {
            continue;
        }
        let parent = gd.parent;
        g.guards[i].done = true;
        if matches!(g.bde(parent).loc, Loc::Map(_) | Loc::Entering | Loc::Waiting) && g.bde(parent).losses > 0 {
            g.bde_mut(parent).losses -= 1;
            g.note("FotM 17.5", |g| format!("The guard rejoins {}", g.name(parent)));
        }
    }
}

/// Moves the brigade into `to` and follows up any over-stacking (4.1).
fn retreat_into(g: &mut Fotm, b: Bid, to: Hex, away: Vec<Hex>, capturers: Vec<Bid>) {
    let side = g.side_of(b);
    let facing = g.bde(b).facing;
    let from = g.hex_of(b);
    g.set_loc(b, Loc::Map(to));
    g.bde_mut(b).facing = facing;
    g.retreats[side.index()] += 1;
    g.note("FotM 17.3", |g| format!("{} retreats to {to}", g.name(b)));
    if let Some(from) = from {
        commanders_left(g, from, side, "FotM 17.3");
    }
    if stacking::over_stacked(g, to, side) {
        g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Overstack { hex: to, side, away, capturers })));
    }
}

impl Procedure<Fotm, Action> for RetreatFrame {
    fn actor(&self, g: &Fotm) -> Actor {
        match self {
            RetreatFrame::Choice { b, .. } | RetreatFrame::Retreat { b, .. } => Actor::Side(g.side_of(*b)),
            RetreatFrame::Morale { .. } => Actor::Chance,
            RetreatFrame::Overstack { side, .. } => Actor::Side(side.enemy()),
            RetreatFrame::Capture { prisoner, .. } => Actor::Side(g.side_of(*prisoner).enemy()),
        }
    }

    fn prompt(&self, g: &Fotm) -> (&'static str, String) {
        match self {
            RetreatFrame::Choice { b, .. } => {
                ("FotM 17.2", format!("{} lost two steps: take a morale check or retreat?", g.name(*b)))
            }
            RetreatFrame::Morale { b, .. } => {
                ("FotM 17.2", format!("Morale check for {} (5-6 passes, modifier {:+})", g.name(*b), morale_drm(g, *b)))
            }
            RetreatFrame::Retreat { b, .. } => ("FotM 17.3", format!("Retreat {}: choose the hex", g.name(*b))),
            RetreatFrame::Overstack { hex, side, .. } => (
                "FotM 4.1",
                format!(
                    "{} is over-stacked in {hex}: choose the {} brigade that retreats one more hex",
                    side.title(),
                    side.title()
                ),
            ),
            RetreatFrame::Capture { prisoner, .. } => {
                ("FotM 17.5", format!("{} is captured: choose the brigade that detaches the guard", g.name(*prisoner)))
            }
        }
    }

    fn legal(&self, g: &Fotm) -> Vec<Action> {
        match self {
            RetreatFrame::Choice { .. } => vec![Action::Choose(true), Action::Choose(false)],
            RetreatFrame::Morale { .. } => vec![],
            RetreatFrame::Retreat { b, away, .. } => {
                let (hexes, _) = retreat_hexes(g, *b, away);
                if hexes.is_empty() { vec![Action::Done] } else { hexes.into_iter().map(Action::RetreatTo).collect() }
            }
            RetreatFrame::Overstack { hex, side, .. } => {
                g.brigades_at(*hex, *side).into_iter().map(|b| Action::Pick(Unit::Brigade(b))).collect()
            }
            RetreatFrame::Capture { capturers, .. } => {
                capturers.iter().map(|&b| Action::Pick(Unit::Brigade(b))).collect()
            }
        }
    }

    fn chance(&self, _g: &Fotm) -> Vec<(Action, f64)> {
        match self {
            RetreatFrame::Morale { .. } => d6(),
            _ => vec![],
        }
    }

    fn automatic(&self, g: &Fotm) -> bool {
        // A brigade gone meanwhile needs nothing more.
        match self {
            RetreatFrame::Choice { b, .. } | RetreatFrame::Morale { b, .. } | RetreatFrame::Retreat { b, .. } => {
                g.hex_of(*b).is_none()
            }
            RetreatFrame::Capture { prisoner, .. } => g.hex_of(*prisoner).is_none(),
            RetreatFrame::Overstack { hex, side, .. } => !stacking::over_stacked(g, *hex, *side),
        }
    }

    fn run(self, _g: &mut Fotm) {}

    fn apply(self, g: &mut Fotm, a: &Action) {
        match (self, *a) {
            (RetreatFrame::Choice { b, away, capturers, screened }, Action::Choose(check)) => {
                if check {
                    g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Morale { b, away, capturers, screened })));
                } else {
                    g.note("FotM 17.2", |g| format!("{} chooses to retreat", g.name(b)));
                    g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Retreat {
                        b,
                        away,
                        capturers,
                        cause: Cause::Chosen,
                    })));
                }
            }
            (RetreatFrame::Morale { b, away, capturers, screened }, Action::Roll(d)) => {
                let total = i8::try_from(d).unwrap_or(0) + morale_drm(g, b);
                spend_cm(g, b);
                if total >= MORALE_PASS {
                    g.note("FotM 17.2", |g| format!("{} passes its morale check ({d}, total {total})", g.name(b)));
                } else {
                    g.note("FotM 17.2", |g| format!("{} fails its morale check ({d}, total {total})", g.name(b)));
                    push_forced(g, b, away, capturers, screened);
                }
            }
            (RetreatFrame::Retreat { b, away, capturers, .. }, Action::RetreatTo(h)) => {
                retreat_into(g, b, h, away, capturers)
            }
            (RetreatFrame::Retreat { b, capturers, .. }, Action::Done) => {
                g.note("FotM 17.5", |g| format!("{} cannot retreat", g.name(b)));
                capture(g, b, capturers);
            }
            (RetreatFrame::Overstack { away, capturers, .. }, Action::Pick(Unit::Brigade(b))) => {
                g.note("FotM 4.1", |g| format!("{} must retreat one more hex", g.name(b)));
                g.stack.push(Frame::Retreat(Box::new(RetreatFrame::Retreat {
                    b,
                    away,
                    capturers,
                    cause: Cause::Overstack,
                })));
            }
            (RetreatFrame::Capture { prisoner, .. }, Action::Pick(Unit::Brigade(parent))) => {
                detach(g, parent, prisoner)
            }
            (f, a) => unreachable!("{f:?} cannot take {a:?}"),
        }
    }

    fn why(&self, g: &Fotm, a: &Action) -> Option<Illegal> {
        match (self, a) {
            (RetreatFrame::Retreat { b, .. }, Action::RetreatTo(h)) if !self.legal(g).contains(a) => Some(Illegal {
                rule: "FotM 17.3".into(),
                reason: format!(
                    "{} may not retreat to {h}: a retreat goes one hex away from the assaulting brigades, not into an enemy hex or ZOC, and no higher while a hex at the same or lower elevation is open",
                    g.name(*b)
                ),
            }),
            _ => None,
        }
    }
}

/// Reading (17.3, 17.4): a retreat or a rout moves brigades; the rules move no commander with
/// them, so one left without a brigade of his side stays, and the log says so (the eighth
/// playtest: Hooker stayed alone in 2406, unremarked). He moves in his side's next Movement
/// Phase (13.1; 10.1 when he is Burnside or McClellan in an enemy ZOC).
pub(crate) fn commanders_left(g: &mut Fotm, from: Hex, side: Side, rule: &str) {
    if g.occupant(from) == Some(side) {
        return;
    }
    let left: Vec<String> =
        g.commanders_at(from).into_iter().filter(|&c| g.cinfo(c).side == side).map(|c| g.cname(c)).collect();
    if left.is_empty() {
        return;
    }
    let (who, verb) = (left.join(" and "), if left.len() == 1 { "stays" } else { "stay" });
    g.note(rule, |_| format!("{who} {verb} in {from} without a brigade: the rules move no commander with a retreating or routed brigade (Reading)"));
}

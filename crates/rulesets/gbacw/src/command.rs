//! 17.0-17.2, 17.6 Leadership in the Initial Command Phase (4.0 A): the phasing player
//! attaches and detaches brigades (17.6), his division commanders spend Command Points on
//! the Effectiveness Radii of brigade commanders within their Divisional Integrity Radius
//! (17.12, 17.22), and then which brigade commanders are within DIR (17.21) and which units
//! are in command (17.0, 17.1, 17.11, 17.14, 17.23) is fixed for the whole Player-Turn and
//! stored ([`Command`]). Later steps ask [`in_command`] (17.11, 5.2, 6.21) and
//! [`brigade_in_dir`] (17.21).
//!
//! Radii are traced as ruling R37 reads 10.4, 10.5 and 13.53 ([`crate::zoc::Paths`]): the
//! shortest path in hexes, terrain costing nothing, through no enemy unit, no enemy zone of
//! control unless a friendly unit is in the hex, no impassable hex or hexside.
//!
//! Readings:
//! - 17.0's procedure puts a unit stacked with *any* friendly leader in command; that covers
//!   17.1's units of another command stacked with a brigade commander, 17.14 (a brigade
//!   commander with no units left) and 17.23 (a division commander's stack).
//! - Units without a brigade (supply wagons, 11.13; the exclusive rules' gunboats and guns)
//!   are always in command (5.3). There are no independent regiments (issue 16).
//! - Attachment and detachment last until changed in a later Initial Command Phase (17.64:
//!   the attached brigade "may be changed"; a detachment that lapsed each turn would need the
//!   brigade back within DIR every turn, 17.62, which empties it). Each brigade may be
//!   detached at most once and attached at most once in a phase, so the phase is finite. A
//!   detached brigade may be attached back to its own division (17.67's wording).
//! - A brigade attached to another division is that division's in every respect (17.21,
//!   17.22); an independent brigade attached to a division may be given its Command Points
//!   but is never out of DIR (17.66).
//! - A division whose commander is not on the map (killed, not yet arrived) has its
//!   brigade commanders out of DIR until promotion (17.65, 17.83).
//! - 17.3, the exclusive rules (`data/belmont-exclusive.ron`): Polk, an other commander, has
//!   his Command Points each Initial Command Phase and spends them on any brigade commander
//!   of his side within his own Divisional Integrity Radius, whatever the division; he brings
//!   no brigade within DIR (17.21 stays each division's) and, like any leader, commands the
//!   units stacked with him (17.0).
//! - The Brigade Combat Effectiveness bar on detaching (17.67) waits for BCE (plan step 11).

use crate::action::Action;
use crate::oob::{Level, OrderOfBattle};
use crate::procedure::{Frame, Procedure};
use crate::state::{Gbacw, LeaderId, Loc, UnitId};
use crate::zoc::Paths;
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// A refusal: the rule and the reason.
pub type Refusal = (&'static str, String);

/// Brigade assignments, Command Points, and the command status fixed in the Initial Command
/// Phase. Brigades are indexed as the order of battle lists them; commanders likewise.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Command {
    /// Per brigade: detached from its original division (17.61).
    pub detached: Vec<bool>,
    /// Per brigade: the division commander it is attached to (17.64, 17.66), if any.
    pub attached: Vec<Option<LeaderId>>,
    /// Per brigade: the commander who augmented its Effectiveness Radius this Player-Turn
    /// and by how many hexes (17.12, 17.22).
    pub augment: Vec<Option<(LeaderId, u8)>>,
    /// Per commander: Command Points left this Player-Turn (17.22).
    pub points: Vec<u8>,
    /// Per brigade: detached (bit 1) or attached (bit 2) already this phase.
    pub changed: Vec<u8>,
    /// Per unit: in command for the Player-Turn (17.0).
    pub unit_ok: Vec<bool>,
    /// Per brigade: its commander within his division commander's DIR for the Player-Turn,
    /// or not needing to be (17.21).
    pub in_dir: Vec<bool>,
}

const DETACHED: u8 = 1;
const ATTACHED: u8 = 2;

impl Command {
    /// Nothing attached or detached, every unit in command.
    #[must_use]
    pub fn new(oob: &OrderOfBattle) -> Command {
        let (nb, nc) = (oob.brigades.len(), oob.commanders.len());
        Command {
            detached: vec![false; nb],
            attached: vec![None; nb],
            augment: vec![None; nb],
            points: vec![0; nc],
            changed: vec![0; nb],
            unit_ok: vec![true; oob.units.len()],
            in_dir: vec![true; nb],
        }
    }
}

/// 17.11: whether unit `u` is in command this Player-Turn (as fixed in its side's last
/// Initial Command Phase).
#[must_use]
pub fn in_command(g: &Gbacw, u: UnitId) -> bool {
    g.command.unit_ok.get(usize::from(u)).copied().unwrap_or(true)
}

/// 17.21: whether brigade commander `l` may move freely this Player-Turn (within his
/// division commander's DIR, detached or independent). Other leaders always may.
#[must_use]
pub fn brigade_in_dir(g: &Gbacw, l: LeaderId) -> bool {
    brigade(g, l).is_none_or(|b| g.command.in_dir[b])
}

/// The brigade (its index in the order of battle) whose commander is leader `l`.
#[must_use]
pub fn brigade(g: &Gbacw, l: LeaderId) -> Option<usize> {
    usize::from(l).checked_sub(g.commander_count()).filter(|&b| b < g.oob().brigades.len())
}

/// The leader commanding brigade `b`.
#[must_use]
pub fn brigade_leader(g: &Gbacw, b: usize) -> LeaderId {
    LeaderId::try_from(g.commander_count() + b).expect("fewer than 65,536 leaders")
}

/// The brigade (index) of unit `u`, if it has one.
#[must_use]
pub fn unit_brigade(g: &Gbacw, u: UnitId) -> Option<usize> {
    let id = g.info(u).brigade.as_deref()?;
    g.oob().brigades.iter().position(|b| b.id == id)
}

/// Whether leader `l` is a division commander (17.2).
#[must_use]
pub fn is_division(g: &Gbacw, l: LeaderId) -> bool {
    g.oob().commanders.get(usize::from(l)).is_some_and(|c| c.level == Level::Division)
}

/// Whether leader `l` is one of the exclusive rules' other commanders (17.3) with Command
/// Points to give any brigade within his radius.
#[must_use]
pub fn is_other_commander(g: &Gbacw, l: LeaderId) -> bool {
    crate::scenario::belmont().other_commanders.contains(&usize::from(l))
        && g.oob().commanders.get(usize::from(l)).is_some_and(|c| c.level == Level::Other)
}

/// A division or other commander's Divisional Integrity Radius (17.2, 17.3).
pub(crate) fn dir_radius(g: &Gbacw, d: LeaderId) -> u8 {
    // 17.85: a promoted brigade commander brings his own Divisional Integrity Radius.
    if let Some((_, dir)) = g.leaders[usize::from(d)].promoted {
        return dir;
    }
    g.oob().commanders.get(usize::from(d)).map_or(0, |c| c.dir)
}

/// The division commander brigade `b` started under, if any.
#[must_use]
pub fn original_division(g: &Gbacw, b: usize) -> Option<LeaderId> {
    let id = g.oob().brigades[b].division.as_deref()?;
    g.oob().commanders.iter().position(|c| c.id == id).and_then(|i| LeaderId::try_from(i).ok())
}

/// The division commander brigade `b` answers to now: the one it is attached to, else its
/// original one unless detached (17.6); `None` for a detached or independent brigade.
#[must_use]
pub fn division_of(g: &Gbacw, b: usize) -> Option<LeaderId> {
    if let Some(d) = g.command.attached[b] {
        return Some(d);
    }
    if g.oob().brigades[b].independent || g.command.detached[b] { None } else { original_division(g, b) }
}

/// 17.1, 17.12: brigade `b`'s Effectiveness Radius this Player-Turn: its commander's (or his
/// replacement's, 17.81) plus the Command Points spent on it.
#[must_use]
pub fn effectiveness_radius(g: &Gbacw, b: usize) -> u8 {
    let info = &g.oob().brigades[b];
    let base =
        if g.leaders[usize::from(brigade_leader(g, b))].replaced { info.replacement.er } else { info.ratings.er };
    base + g.command.augment[b].map_or(0, |(_, n)| n)
}

/// Whether leader `to` is within `radius` of leader `from`, traced as R37 reads 10.4.
fn within(g: &Gbacw, paths: &Paths, from: LeaderId, to: LeaderId, radius: u8) -> bool {
    match (g.leader_hex(from), g.leader_hex(to)) {
        (Some(a), Some(b)) => paths.distance(g, a, b, radius).is_some(),
        _ => false,
    }
}

/// Whether brigade `b`'s commander is within DIR of division commander `d` now.
fn in_dir_of(g: &Gbacw, paths: &Paths, b: usize, d: LeaderId) -> bool {
    within(g, paths, d, brigade_leader(g, b), dir_radius(g, d))
}

/// 17.21, 17.66: brigade `b`'s commander may move freely.
fn dir_ok(g: &Gbacw, paths: &Paths, b: usize) -> bool {
    if g.oob().brigades[b].independent {
        return true;
    }
    division_of(g, b).is_none_or(|d| in_dir_of(g, paths, b, d))
}

/// 17.0, 17.1, 17.11, 17.14, 17.23, 5.3: whether unit `u` is in command now.
fn unit_ok(g: &Gbacw, paths: &Paths, leader_hexes: &[Hex], u: UnitId) -> bool {
    let Some(h) = g.hex_of(u) else { return true };
    let Some(b) = unit_brigade(g, u) else { return true };
    if leader_hexes.contains(&h) {
        return true;
    }
    // 12.94: an engaged leader has no Effectiveness Radius.
    g.leader_hex(brigade_leader(g, b))
        .is_some_and(|lh| !g.engaged.contains(&lh) && paths.distance(g, lh, h, effectiveness_radius(g, b)).is_some())
}

/// The brigades (indices) of `side`.
fn brigades_of(g: &Gbacw, side: Side) -> impl Iterator<Item = usize> + '_ {
    (0..g.oob().brigades.len()).filter(move |&b| g.oob().brigades[b].side == side)
}

/// The division commanders of `side`.
fn divisions_of(g: &Gbacw, side: Side) -> impl Iterator<Item = LeaderId> + '_ {
    g.leader_ids().filter(move |&l| is_division(g, l) && g.leader_info(l).2 == side)
}

/// `side`'s commanders with Command Points to spend: its division commanders (17.22) and its
/// other commanders (17.3).
fn spenders(g: &Gbacw, side: Side) -> impl Iterator<Item = LeaderId> + '_ {
    g.leader_ids().filter(move |&l| (is_division(g, l) || is_other_commander(g, l)) && g.leader_info(l).2 == side)
}

/// 17.0: works out, for the phasing side, which brigade commanders are within DIR and which
/// units are in command, and stores it for the Player-Turn.
pub fn refresh(g: &mut Gbacw) {
    let side = g.phasing;
    let paths = Paths::new(g, side);
    let leader_hexes: Vec<Hex> = g
        .leader_ids()
        .filter(|&l| g.leader_info(l).2 == side)
        .filter_map(|l| match g.leaders[usize::from(l)].loc {
            Loc::Map(h) => Some(h),
            _ => None,
        })
        .collect();
    let dirs: Vec<(usize, bool)> = brigades_of(g, side).map(|b| (b, dir_ok(g, &paths, b))).collect();
    let units: Vec<(UnitId, bool)> =
        g.unit_ids().filter(|&u| g.side_of(u) == side).map(|u| (u, unit_ok(g, &paths, &leader_hexes, u))).collect();
    for (b, ok) in dirs {
        g.command.in_dir[b] = ok;
    }
    for (u, ok) in units {
        g.command.unit_ok[usize::from(u)] = ok;
    }
}

/// The start of the phasing side's Initial Command Phase: its division commanders' Command
/// Points renewed (17.22, the glossary: each Game-Turn), last turn's augments and this
/// phase's announcements cleared, the status worked out, and the phase's first decision.
pub fn begin(g: &mut Gbacw) {
    let side = g.phasing;
    for b in brigades_of(g, side).collect::<Vec<_>>() {
        g.command.augment[b] = None;
        g.command.changed[b] = 0;
    }
    for (i, c) in g.oob().commanders.iter().enumerate() {
        if c.side == side {
            // 17.85: a promoted brigade commander has no Command Points.
            let promoted = g.leaders[i].promoted.is_some();
            let spends = c.level == Level::Division || is_other_commander(g, LeaderId::try_from(i).expect("few"));
            g.command.points[i] = if spends && !promoted { c.cp } else { 0 };
        }
    }
    refresh(g);
    g.stack.push(Frame::Command(CommandFrame::Assign));
}

/// The leader's name.
fn name(g: &Gbacw, l: LeaderId) -> String {
    g.leader_name(l)
}

/// Checks common to every command decision: `l` is a brigade commander of the phasing side.
fn phasing_brigade(g: &Gbacw, l: LeaderId, rule: &'static str) -> Result<usize, Refusal> {
    let b = brigade(g, l).ok_or((rule, "only a brigade commander's brigade may be named".to_string()))?;
    if g.oob().brigades[b].side != g.phasing {
        return Err(("GBACW 17.0", format!("{} is not the phasing player's", name(g, l))));
    }
    Ok(b)
}

/// 17.61-17.63, 17.65-17.67: why brigade commander `l`'s brigade may not be detached now.
///
/// # Errors
/// The rule and reason refusing it.
pub fn detach_refusal(g: &Gbacw, l: LeaderId) -> Result<(), Refusal> {
    detach_check(g, &Paths::new(g, g.phasing), l)
}

/// [`detach_refusal`] with the phasing side's paths already traced (a listing traces them once).
fn detach_check(g: &Gbacw, paths: &Paths, l: LeaderId) -> Result<(), Refusal> {
    let b = phasing_brigade(g, l, "GBACW 17.61")?;
    let Some(d) = original_division(g, b) else {
        return Err(("GBACW 17.66", format!("{} commands an independent brigade, in no division", name(g, l))));
    };
    if g.command.detached[b] {
        return Err(("GBACW 17.63", format!("{}'s brigade is already detached", name(g, l))));
    }
    if g.command.changed[b] & DETACHED != 0 {
        return Err(("GBACW 17.61", format!("{}'s brigade was already detached this phase", name(g, l))));
    }
    if !in_dir_of(g, paths, b, d) {
        let why = format!("{} is not within {}'s Divisional Integrity Radius", name(g, l), name(g, d));
        return Err(("GBACW 17.62", why));
    }
    if let Some(other) =
        brigades_of(g, g.phasing).find(|&o| o != b && g.command.detached[o] && original_division(g, o) == Some(d))
    {
        let why =
            format!("{}'s division already has {}'s brigade detached", name(g, d), name(g, brigade_leader(g, other)));
        return Err(("GBACW 17.63", why));
    }
    Ok(())
}

/// 17.62-17.64, 17.66: why brigade commander `l`'s brigade may not be attached to division
/// commander `to` now.
///
/// # Errors
/// The rule and reason refusing it.
pub fn attach_refusal(g: &Gbacw, l: LeaderId, to: LeaderId) -> Result<(), Refusal> {
    attach_check(g, &Paths::new(g, g.phasing), l, to)
}

/// [`attach_refusal`] with the phasing side's paths already traced.
fn attach_check(g: &Gbacw, paths: &Paths, l: LeaderId, to: LeaderId) -> Result<(), Refusal> {
    let b = phasing_brigade(g, l, "GBACW 17.64")?;
    if !is_division(g, to) || g.leader_info(to).2 != g.phasing {
        return Err(("GBACW 17.64", "a brigade is attached to one of its side's division commanders".into()));
    }
    if g.command.changed[b] & ATTACHED != 0 {
        return Err(("GBACW 17.64", format!("{}'s brigade was already attached this phase", name(g, l))));
    }
    if division_of(g, b) == Some(to) {
        return Err(("GBACW 17.64", format!("{}'s brigade is already under {}", name(g, l), name(g, to))));
    }
    if !g.oob().brigades[b].independent && !g.command.detached[b] {
        let why = format!("{}'s brigade must first be detached from its division", name(g, l));
        return Err(("GBACW 17.62", why));
    }
    if !in_dir_of(g, paths, b, to) {
        let why = format!("{} is not within {}'s Divisional Integrity Radius", name(g, l), name(g, to));
        return Err(("GBACW 17.64", why));
    }
    if original_division(g, b) != Some(to)
        && let Some(other) = brigades_of(g, g.phasing)
            .find(|&o| o != b && g.command.attached[o] == Some(to) && original_division(g, o) != Some(to))
    {
        let why = format!("{} already has {}'s brigade attached", name(g, to), name(g, brigade_leader(g, other)));
        return Err(("GBACW 17.63", why));
    }
    Ok(())
}

/// 17.12, 17.22: why division commander `by` may not spend a Command Point on brigade
/// commander `l` now.
///
/// # Errors
/// The rule and reason refusing it.
pub fn augment_refusal(g: &Gbacw, by: LeaderId, l: LeaderId) -> Result<(), Refusal> {
    augment_check(g, &Paths::new(g, g.phasing), by, l)
}

/// [`augment_refusal`] with the phasing side's paths already traced.
fn augment_check(g: &Gbacw, paths: &Paths, by: LeaderId, l: LeaderId) -> Result<(), Refusal> {
    let b = phasing_brigade(g, l, "GBACW 17.22")?;
    let other = is_other_commander(g, by);
    if !(is_division(g, by) || other) || g.leader_info(by).2 != g.phasing {
        return Err((
            "GBACW 17.22",
            "only the phasing player's division commanders (and other commanders, 17.3) have Command Points".into(),
        ));
    }
    if g.command.points[usize::from(by)] == 0 {
        return Err(("GBACW 17.22", format!("{} has no Command Points left", name(g, by))));
    }
    if !other && division_of(g, b) != Some(by) {
        return Err(("GBACW 17.22", format!("{} is not subordinate to {}", name(g, l), name(g, by))));
    }
    if let Some((other, _)) = g.command.augment[b]
        && other != by
    {
        return Err(("GBACW 17.22", format!("{} is already augmented by {}", name(g, l), name(g, other))));
    }
    if !in_dir_of(g, paths, b, by) {
        let why = format!("{} is not within {}'s Divisional Integrity Radius", name(g, l), name(g, by));
        return Err(("GBACW 17.12", why));
    }
    Ok(())
}

/// The Initial Command Phase's decisions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CommandFrame {
    /// 17.6: the phasing player attaches and detaches brigades, then is done.
    Assign,
    /// 17.22: his division commanders spend Command Points; Done fixes command (17.0).
    Points,
}

impl CommandFrame {
    fn assignments(g: &Gbacw) -> Vec<Action> {
        let mut out = Vec::new();
        let paths = Paths::new(g, g.phasing);
        for b in brigades_of(g, g.phasing) {
            let l = brigade_leader(g, b);
            if detach_check(g, &paths, l).is_ok() {
                out.push(Action::Detach(l));
            }
            for d in divisions_of(g, g.phasing) {
                if attach_check(g, &paths, l, d).is_ok() {
                    out.push(Action::Attach { brigade: l, to: d });
                }
            }
        }
        out
    }

    fn augments(g: &Gbacw) -> Vec<Action> {
        let mut out = Vec::new();
        let paths = Paths::new(g, g.phasing);
        for d in spenders(g, g.phasing).collect::<Vec<_>>() {
            for b in brigades_of(g, g.phasing) {
                let l = brigade_leader(g, b);
                if augment_check(g, &paths, d, l).is_ok() {
                    out.push(Action::Augment { by: d, brigade: l });
                }
            }
        }
        out
    }
}

/// The status in a line: who is out of command and out of DIR.
#[must_use]
pub fn summary(g: &Gbacw) -> String {
    let side = g.phasing;
    let units: Vec<&str> = g
        .unit_ids()
        .filter(|&u| g.side_of(u) == side && g.hex_of(u).is_some() && !in_command(g, u))
        .map(|u| g.info(u).name.as_str())
        .collect();
    let leaders: Vec<String> = brigades_of(g, side)
        .map(|b| brigade_leader(g, b))
        .filter(|&l| g.leader_hex(l).is_some() && !brigade_in_dir(g, l))
        .map(|l| name(g, l))
        .collect();
    let mut parts = Vec::new();
    parts.push(if units.is_empty() {
        "every unit in command".to_string()
    } else {
        format!("out of command (17.11): {}", units.join(", "))
    });
    if !leaders.is_empty() {
        parts.push(format!("out of Divisional Integrity Radius (17.21): {}", leaders.join(", ")));
    }
    let points: Vec<String> = spenders(g, side)
        .filter(|&d| g.leader_hex(d).is_some())
        .map(|d| format!("{} {}", name(g, d), g.command.points[usize::from(d)]))
        .collect();
    if !points.is_empty() {
        parts.push(format!("Command Points left: {}", points.join(", ")));
    }
    parts.join("; ")
}

impl Procedure<Gbacw, Action> for CommandFrame {
    fn actor(&self, g: &Gbacw) -> Actor {
        Actor::Side(g.phasing)
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        let side = g.phasing.title();
        match self {
            CommandFrame::Assign => (
                "GBACW 17.6",
                format!(
                    "{side} A. Initial Command Phase: attach or detach brigades, Done when finished; {}",
                    summary(g)
                ),
            ),
            CommandFrame::Points => (
                "GBACW 17.22",
                format!(
                    "{side} A. Initial Command Phase: spend Command Points on brigade commanders' Effectiveness Radii, \
                     Done to fix command for the Player-Turn; {}",
                    summary(g)
                ),
            ),
        }
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        let mut out = match self {
            CommandFrame::Assign => CommandFrame::assignments(g),
            CommandFrame::Points => CommandFrame::augments(g),
        };
        out.push(Action::Done);
        out
    }

    fn automatic(&self, g: &Gbacw) -> bool {
        *self == CommandFrame::Assign && CommandFrame::assignments(g).is_empty()
    }

    fn run(self, g: &mut Gbacw) {
        g.stack.push(Frame::Command(CommandFrame::Points));
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        match (self, *a) {
            (CommandFrame::Assign, Action::Detach(l)) => {
                let b = brigade(g, l).expect("legal");
                g.command.detached[b] = true;
                g.command.attached[b] = None;
                g.command.changed[b] |= DETACHED;
                let who = name(g, l);
                g.log.push("GBACW 17.61", || format!("{who}'s brigade is detached from its division."));
                refresh(g);
                g.stack.push(Frame::Command(self));
            }
            (CommandFrame::Assign, Action::Attach { brigade: l, to }) => {
                let b = brigade(g, l).expect("legal");
                if original_division(g, b) == Some(to) {
                    g.command.detached[b] = false;
                    g.command.attached[b] = None;
                } else {
                    g.command.attached[b] = Some(to);
                }
                g.command.changed[b] |= ATTACHED;
                let (who, whom) = (name(g, l), name(g, to));
                g.log.push("GBACW 17.64", || format!("{who}'s brigade is attached to {whom}."));
                refresh(g);
                g.stack.push(Frame::Command(self));
            }
            (CommandFrame::Assign, Action::Done) => g.stack.push(Frame::Command(CommandFrame::Points)),
            (CommandFrame::Points, Action::Augment { by, brigade: l }) => {
                let b = brigade(g, l).expect("legal");
                g.command.points[usize::from(by)] -= 1;
                let n = g.command.augment[b].map_or(0, |(_, n)| n) + 1;
                g.command.augment[b] = Some((by, n));
                let (who, whom) = (name(g, by), name(g, l));
                g.log.push("GBACW 17.22", || format!("{who} adds a hex to {whom}'s Effectiveness Radius (+{n})."));
                refresh(g);
                g.stack.push(Frame::Command(self));
            }
            (CommandFrame::Points, Action::Done) => {
                refresh(g);
                let s = summary(g);
                g.log.push("GBACW 17.0", || format!("Command fixed for the Player-Turn: {s}."));
                crate::sequence::next_phase(g);
            }
            (f, a) => unreachable!("{f:?} {a:?}"),
        }
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        let refusal = match (self, *a) {
            (CommandFrame::Assign, Action::Detach(l)) => detach_refusal(g, l).err(),
            (CommandFrame::Assign, Action::Attach { brigade, to }) => attach_refusal(g, brigade, to).err(),
            (CommandFrame::Points, Action::Augment { by, brigade }) => augment_refusal(g, by, brigade).err(),
            (CommandFrame::Points, Action::Detach(_) | Action::Attach { .. }) => {
                Some(("GBACW 17.0", "brigades are attached and detached before Command Points are spent".into()))
            }
            (CommandFrame::Assign, Action::Augment { .. }) => {
                Some(("GBACW 17.0", "Command Points are spent once attachments are announced: Done first".into()))
            }
            _ => None,
        };
        refusal.map(|(rule, reason)| Illegal { rule: rule.into(), reason })
    }
}

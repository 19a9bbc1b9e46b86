//! C. the Defensive Fire Phase (the non-phasing player fires) and D. the Offensive Fire Phase
//! (the phasing player fires): 9.0-9.88, 8.2-8.35, 6.3, 7.2, 11.21, 11.31-11.32, 15.1, 13.x
//! ([`morale`]) and 17.7 leader casualties.
//!
//! A fire, as FotM's Assault: the firing player announces a target hex (`FireAt`), adds shares
//! one by one (`Fire { unit, sp, via }`: `sp` of the unit's current strength through its
//! frontal hexside `via`), and resolves (`Resolve`). The announcement binds: once a hex is
//! announced it is fired at (no withdrawal of an announcement), so a phase is finite.
//!
//! Readings (plan section 3 where named):
//! - R19, 9.41, 9.42: a declaration at a hex holds its small-arms group and its artillery group
//!   together (9.41 never adds them); both are rolled before any loss is applied, density is
//!   the stack before any loss (8.23), then losses, then 17.72 leader rolls, then morale.
//! - 9.44, R10: each enemy unit in a hex fired at is fired upon by that arm for the rest of the
//!   Fire Phase, so a hex is announced at most once per arm a phase.
//! - 9.45-9.46: a unit fires at most its current strength over a phase; a share of less than
//!   its whole current strength (or one after an earlier share) is a split share and must
//!   reach a final strength of one point; a whole-strength single shot always may fire.
//! - 9.3, 9.31, 7.21: a hex's small arms put through each frontal hexside at most the
//!   authored 8.18 `fire_sp` (9.3's four) Strength Points, before range, over the whole Fire
//!   Phase, whatever targets they go to; artillery draws on no budget (9.32).
//! - 9.41, 7.23, 9.5: each group's column takes its own shifts: enfilade if one of its own
//!   shares enfilades the target, the best hexside one of its own shares crosses; the hex's
//!   terrain and the density (8.23) are the same for both. The morale modifier for enfilade
//!   (R7) counts any share of the declaration.
//! - R21: the hexside a share leaves by is the firer's choice among [`facing::leaves_by`].
//! - 15.13, R29: a half-crew battery's current fire strength is its guns halved, rounded up.
//! - 11.31: a battery spends one round the first time it fires in a phase, however it splits.
//! - 17.53 and 8.41 after a fire: [`after`].
//! - Wagons under fire and firing (11.1, 11.12, 11.16, 11.34): [`wagon`].
//! - Units the fire routs retreat when it is resolved (13.31, [`crate::retreat`]); withdrawal
//!   and retreat fire resolve here too, as free shots ([`crate::withdrawal`]).
//! - 12.6, 12.94: no fire into an engaged hex, and engaged units fire nothing (withdrawal and
//!   retreat fire included).
//! - Not yet built (later steps): gunboats and heavy guns (exclusive rules).

pub mod after;
pub mod morale;
pub mod resolve;
pub mod wagon;

pub use resolve::{Resolution, Shot, Stage};

use crate::action::Action;
use crate::authored::{Arm, Times};
use crate::facing::{self, Facing};
use crate::oob::Kind;
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Formation, Gbacw, Phase, UnitId};
use crate::strength;
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// One unit's share of a fire (9.45): what it puts in and how it reaches the target.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Share {
    /// The firing unit.
    pub unit: UnitId,
    /// Its hex.
    pub from: Hex,
    /// Current Strength Points (or guns) put in, before range (9.31, 9.45).
    pub sp: u8,
    /// The frontal hexside it fires through (7.22, R21).
    pub via: u8,
    /// Small arms or artillery (9.14-9.15, 9.41).
    pub arm: Arm,
    /// Range in hexes (9.23).
    pub range: u16,
    /// Final strength in half points (9.31, R29).
    pub halves: u32,
}

/// What a Fire Phase has spent so far.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Record {
    /// Current strength each unit has fired (9.45).
    pub spent: Vec<(UnitId, u8)>,
    /// Small-arms Strength Points fired out through a hexside of a hex (9.3).
    pub sides: Vec<(Hex, u8, u8)>,
    /// Units fired upon, by arm (9.44).
    pub fired_on: Vec<(UnitId, Arm)>,
    /// Batteries that have paid their round this phase (11.31).
    pub paid: Vec<UnitId>,
    /// Hexes whose top unit ran out of ammunition this phase (8.41).
    pub reorder: Vec<Hex>,
    /// Units put on top of their stacks under 8.41 this phase.
    pub raised: Vec<UnitId>,
}

impl Record {
    /// Current strength `u` has fired this phase.
    #[must_use]
    pub fn spent(&self, u: UnitId) -> u8 {
        self.spent.iter().filter(|(v, _)| *v == u).map(|(_, s)| *s).sum()
    }

    /// Small-arms SP fired through hexside `side` of `h`.
    #[must_use]
    pub fn through(&self, h: Hex, side: u8) -> u8 {
        self.sides.iter().filter(|(x, s, _)| *x == h && *s == side).map(|(_, _, n)| *n).sum()
    }

    /// Whether unit `u` has been fired upon by `arm` this phase.
    #[must_use]
    pub fn fired_on(&self, u: UnitId, arm: Arm) -> bool {
        self.fired_on.contains(&(u, arm))
    }
}

/// A fire being announced.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Declaration {
    /// The phase's record, shares of this declaration included.
    pub rec: Record,
    /// The target hex.
    pub target: Hex,
    /// The shares, in the order added.
    pub shares: Vec<Share>,
}

/// The Fire Phase under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum FireFrame {
    /// The firing player announces a target hex or is Done.
    Phase(Record),
    /// Shares are added to the fire at a hex, or it is resolved.
    Declare(Box<Declaration>),
    /// Chance resolves a fire (dice, depletion, leaders, morale).
    Resolve(Box<Resolution>),
    /// 17.53: the owner places a leader whose stack the fire eliminated, among the hexes of
    /// the nearest units of his command.
    Place {
        /// The leader.
        leader: crate::state::LeaderId,
        /// The hexes he may go to.
        hexes: Vec<Hex>,
    },
}

/// Begins a Fire Phase (4.0 C, D).
pub(crate) fn begin(g: &mut Gbacw) {
    if g.phase == Phase::OffensiveFire {
        g.fired_at.clear();
    }
    g.stack.push(Frame::Fire(FireFrame::Phase(Record::default())));
}

/// The side firing in the phase under way.
#[must_use]
pub fn firing_side(g: &Gbacw) -> Side {
    g.phase.actor(g.phasing)
}

/// 7.0: how a unit in its formation faces; Belmont's gunboats and Columbus guns have no facing
/// and are frontal to every hexside (the second audit: they were read as limbered, enfiladed
/// whenever fired on).
#[must_use]
pub fn facing_kind(g: &Gbacw, u: UnitId) -> Facing {
    if is_exclusive_guns(g, u) {
        return Facing::None;
    }
    match g.unit(u).formation {
        Formation::Line | Formation::Dismounted | Formation::Unlimbered => Facing::Line,
        Formation::Mounted => Facing::Mounted,
        Formation::Column | Formation::Limbered | Formation::Wagon => Facing::Enfiladed,
    }
}

/// Whether the unit is a battery (9.13, 15.0).
#[must_use]
pub fn is_battery(g: &Gbacw, u: UnitId) -> bool {
    matches!(g.info(u).kind, Kind::Battery { .. })
}

/// 9.82, 15.11: guns served by a crew that small arms strike instead of the guns: a battery,
/// and a gunboat (the second audit: musketry took a gunboat's guns).
#[must_use]
pub fn is_crewed_guns(g: &Gbacw, u: UnitId) -> bool {
    matches!(g.info(u).kind, Kind::Battery { .. } | Kind::Gunboat { .. })
}

/// Whether the unit carries rounds of artillery ammunition (11.3) and counts guns, not men: a
/// battery, and Belmont's gunboats and Columbus guns.
#[must_use]
pub fn has_rounds(g: &Gbacw, u: UnitId) -> bool {
    g.info(u).kind.guns().is_some()
}

/// Belmont's exclusive guns (plan 2.5 c, d): the gunboats on the river and the heavy guns
/// firing from Columbus off the map. They have no facing and no formation: they fire all
/// round (as a wagon's crew does), and the Columbus guns see the whole bottomland from the
/// Kentucky bluffs (authored).
#[must_use]
pub fn is_exclusive_guns(g: &Gbacw, u: UnitId) -> bool {
    matches!(g.info(u).kind, Kind::Gunboat { .. } | Kind::HeavyGuns { .. })
}

/// Where a unit fires from: its hex on the map, or the Columbus guns' point off it.
#[must_use]
pub fn fire_hex(g: &Gbacw, u: UnitId) -> Option<Hex> {
    match g.unit(u).loc {
        crate::state::Loc::Map(h) => Some(h),
        crate::state::Loc::OffMap(h) if matches!(g.info(u).kind, Kind::HeavyGuns { .. }) => Some(h),
        _ => None,
    }
}

/// Whether the unit is infantry or cavalry (8.21, 9.14).
#[must_use]
pub fn is_foot_or_horse(g: &Gbacw, u: UnitId) -> bool {
    matches!(g.info(u).kind, Kind::Infantry | Kind::Cavalry)
}

/// 9.12, 9.13, 15.13: a unit's current fire strength: its current strength; a battery's guns,
/// halved (rounding up) with a half crew.
#[must_use]
pub fn fire_strength(g: &Gbacw, u: UnitId) -> u8 {
    let s = g.strength(u);
    if is_crewed_guns(g, u) && g.unit(u).crew_lost == 1 { s.div_ceil(2) } else { s }
}

/// The enemy units of `side` in `h`, top first: what a fire there may hit.
#[must_use]
pub fn targets_in(g: &Gbacw, side: Side, h: Hex) -> Vec<UnitId> {
    g.units_at(h).into_iter().filter(|&u| g.side_of(u) != side).collect()
}

/// Whether a hex is still open to fire of `arm` this phase (9.44): some enemy unit there not
/// yet fired upon by it.
#[must_use]
pub fn open_to(g: &Gbacw, rec: &Record, side: Side, h: Hex, arm: Arm) -> bool {
    targets_in(g, side, h).into_iter().any(|u| !rec.fired_on(u, arm))
}

/// How a unit reaches a target: its arm, its range multiplier, the range, and the frontal
/// hexsides the shot may leave by.
pub type Reach = (Arm, Times, u16, Vec<u8>);

/// Whether unit `u` could fire at all now, whatever the target, and its weapon; `paid` when
/// a battery has paid this phase's round already (11.31). `Err` naming the rule that forbids
/// it (9.21, 9.62, 13.32, 11.22, 15.16, 11.32, 15.0).
///
/// # Errors
/// The refusal, citing its rule.
pub fn armed(g: &Gbacw, u: UnitId, paid: bool) -> Result<&'static crate::authored::Weapon, Illegal> {
    let name = &g.info(u).name;
    let Some(weapon) = g.charts().weapon(&g.info(u).weapon) else {
        return Err(no("9.21", why!("{name} has no weapon type")));
    };
    let st = g.unit(u);
    match st.formation {
        _ if is_exclusive_guns(g, u) => {}
        Formation::Column => return Err(no("9.62", why!("{name} is in Column"))),
        Formation::Limbered => return Err(no("9.62", why!("{name} is limbered"))),
        Formation::Mounted if !matches!(weapon.code.as_str(), "P" | "C" | "CR") => {
            return Err(no("9.62", why!("{name} is mounted without pistols, carbines or Colts")));
        }
        _ => {}
    }
    if st.routed {
        return Err(no("13.32", why!("{name} is routed")));
    }
    if crate::melee::engaged(g, u) {
        return Err(no("12.94", why!("{name} is engaged in melee")));
    }
    if weapon.arm == Arm::SmallArms && st.depleted {
        return Err(no("11.22", why!("{name} is out of ammunition")));
    }
    if is_battery(g, u) && st.abandoned.is_some() {
        return Err(no("15.16", why!("{name}'s crew has left its guns")));
    }
    if has_rounds(g, u) && st.rounds == 0 && !paid {
        return Err(no("11.32", why!("{name} has no rounds left")));
    }
    // 15.0: `moved` is set in the side's own Movement Phase, so it binds in its own
    // Player-Turn (the Offensive Fire Phase), not in the enemy's (its Defensive Fire).
    if is_battery(g, u) && st.moved && g.side_of(u) == g.phasing {
        return Err(no("15.0", why!("{name} moved this Player-Turn")));
    }
    Ok(weapon)
}

/// Whether unit `u` may fire at `target` this phase, whatever its share: its arm, range
/// multiplier, range and the frontal hexsides the shot may leave by; `Err` naming the rule
/// that forbids it (9.21, 9.62, 13.32, 9.84, 11.22, 11.32, 17.11, 15.0, 9.23, 9.7, 7.22, 9.44).
///
/// # Errors
/// The refusal, citing its rule.
pub fn firer(g: &Gbacw, rec: &Record, u: UnitId, target: Hex) -> Result<Reach, Illegal> {
    let side = firing_side(g);
    let name = &g.info(u).name;
    let Some(from) = fire_hex(g, u) else { return Err(no("9.0", why!("{name} is not on the map"))) };
    if g.side_of(u) != side {
        return Err(no("9.0", why!("{name} is not the {}'s", side.title())));
    }
    let targets = targets_in(g, side, target);
    if targets.is_empty() {
        return Err(no("9.0", why!("no enemy unit in {target} may be fired at")));
    }
    if g.engaged.contains(&target) {
        return Err(no("12.6", why!("{target} is engaged in melee: no fire into it")));
    }
    let kind = g.info(u).kind;
    let is_wagon = matches!(kind, Kind::Wagon { .. });
    if is_wagon && wagon::crew_dead(g, u) {
        return Err(no("11.1", why!("{name} has no crew")));
    }
    if is_wagon && g.phase != Phase::DefensiveFire {
        return Err(no("11.16", why!("{name}'s crew fires only in its Defensive Fire Phase")));
    }
    if g.pinned.contains(&from) {
        return Err(no("9.84", why!("{name} is pinned")));
    }
    let weapon = armed(g, u, rec.paid.contains(&u))?;
    if g.phase == Phase::OffensiveFire && !crate::command::in_command(g, u) {
        return Err(no("17.11", why!("{name} is out of command and may not fire offensively")));
    }
    let range = from.distance(target);
    let Some(times) = weapon.times(range) else {
        return Err(no("9.23", why!("{target} is {range} hexes off, beyond {name}'s {} hexes", weapon.max_range())));
    };
    let off_map = g.hex_of(u).is_none();
    if range > 1 && !off_map && !g.unit_sees(u, targets[0]) {
        return Err(no("9.7", why!("{name} has no line of sight to {target}")));
    }
    let vias = if is_wagon || is_exclusive_guns(g, u) {
        wagon::crew_sides(from, target)
    } else {
        facing::leaves_by(facing_kind(g, u), g.unit(u).facing, from, target)
    };
    if vias.is_empty() {
        return Err(no("7.22", why!("{name} would fire at {target} through no frontal hexside")));
    }
    if !open_to(g, rec, side, target, weapon.arm) {
        return Err(no("9.44", why!("{target} has been fired upon by that arm this Fire Phase")));
    }
    Ok((weapon.arm, times, range, vias))
}

/// Whether `u` may add the share `sp` through `via` to the declaration, and the share.
///
/// # Errors
/// The refusal, citing its rule (those of [`firer`], then 9.45, 9.46, 9.3).
pub fn share(g: &Gbacw, d: &Declaration, u: UnitId, sp: u8, via: u8) -> Result<Share, Illegal> {
    if usize::from(u) >= g.units.len() {
        return Err(no("9.0", why!("there is no unit {u}")));
    }
    let reach = firer(g, &d.rec, u, d.target)?;
    share_by(g, d, u, sp, via, &reach)
}

/// [`share`] for a unit whose [`firer`] answer is known.
fn share_by(g: &Gbacw, d: &Declaration, u: UnitId, sp: u8, via: u8, reach: &Reach) -> Result<Share, Illegal> {
    let (arm, times, range, vias) = (reach.0, reach.1, reach.2, &reach.3);
    let name = &g.info(u).name;
    let from = fire_hex(g, u).expect("checked by firer");
    if !vias.contains(&via) {
        return Err(no("7.22", why!("{name}'s shot at {} does not leave by that hexside", d.target)));
    }
    if d.shares.iter().any(|s| s.unit == u) {
        return Err(no("9.45", why!("{name} already fires at {}", d.target)));
    }
    let whole = fire_strength(g, u);
    let spent = d.rec.spent(u);
    let left = whole.saturating_sub(spent);
    if sp == 0 || sp > left {
        return Err(no("9.45", why!("{name} has {left} of its {whole} strength left to fire this phase")));
    }
    if !strength::share_allowed(whole, spent, sp, times) {
        return Err(no("9.46", why!("{name}'s split share of {sp} at {range} hexes would fire at less than 1")));
    }
    let halves = strength::final_halves(sp, times);
    if arm == Arm::SmallArms {
        let limit = g.map().terrain(from).map_or(strength::SP_PER_HEXSIDE, |t| g.charts().stacking(t).fire_sp);
        let used = d.rec.through(from, via);
        if sp > strength::hexside_room(limit, used) {
            return Err(no(
                "9.3",
                why!("{} small-arms points already fire out of {from} through that hexside; {limit} may", used),
            ));
        }
    }
    Ok(Share { unit: u, from, sp, via, arm, range, halves })
}

/// The shares a unit may add now, one per hexside and amount.
fn shares_of(g: &Gbacw, d: &Declaration, u: UnitId) -> Vec<Action> {
    let Ok(reach) = firer(g, &d.rec, u, d.target) else { return Vec::new() };
    let left = fire_strength(g, u).saturating_sub(d.rec.spent(u));
    let mut out = Vec::new();
    for &via in &reach.3 {
        for sp in (1..=left).rev() {
            if share_by(g, d, u, sp, via, &reach).is_ok() {
                out.push(Action::Fire { unit: u, sp, via });
            }
        }
    }
    out
}

/// Whether any unit of the firing side could fire at `target` now.
fn may_fire_at(g: &Gbacw, rec: &Record, target: Hex) -> bool {
    let d = Declaration { rec: rec.clone(), target, shares: Vec::new() };
    let side = firing_side(g);
    g.unit_ids()
        .filter(|&u| g.side_of(u) == side && fire_hex(g, u).is_some_and(|from| within_reach(g, u, from, target)))
        .any(|u| !shares_of(g, &d, u).is_empty())
}

/// Whether `target` lies within the longest range of `u`'s weapon from `from` (9.23): a
/// quick bar before [`firer`] asks everything else (plan step 12).
fn within_reach(g: &Gbacw, u: UnitId, from: Hex, target: Hex) -> bool {
    g.charts().weapon(&g.info(u).weapon).is_some_and(|w| from.distance(target) <= u16::from(w.max_range()))
}

/// The hexes the firing side may announce a fire at.
fn announceable(g: &Gbacw, rec: &Record) -> Vec<Hex> {
    let side = firing_side(g);
    let mut hexes: Vec<Hex> = g.unit_ids().filter(|&u| g.side_of(u) != side).filter_map(|u| g.hex_of(u)).collect();
    hexes.sort();
    hexes.dedup();
    hexes.into_iter().filter(|&h| may_fire_at(g, rec, h)).collect()
}

/// Adds a share to the record (9.45 spent, 9.3 hexside budget).
fn spend(rec: &mut Record, s: &Share) {
    rec.spent.push((s.unit, s.sp));
    if s.arm == Arm::SmallArms {
        rec.sides.push((s.from, s.via, s.sp));
    }
}

impl Procedure<Gbacw, Action> for FireFrame {
    fn actor(&self, g: &Gbacw) -> Actor {
        match self {
            FireFrame::Resolve(_) => Actor::Chance,
            FireFrame::Place { leader, .. } => Actor::Side(g.leader_info(*leader).2),
            _ => Actor::Side(firing_side(g)),
        }
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        let side = firing_side(g).title();
        match self {
            FireFrame::Phase(_) => ("GBACW 9.0", format!("{side} {}: announce a target hex, or Done", g.phase.name())),
            FireFrame::Declare(d) => (
                "GBACW 9.4",
                format!("{side}: add units firing at {} ({} so far), or resolve", d.target, d.shares.len()),
            ),
            FireFrame::Resolve(r) => r.prompt(g),
            FireFrame::Place { leader, .. } => {
                ("GBACW 17.53", format!("place {} with the nearest unit of his command", g.leader_info(*leader).1))
            }
        }
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        match self {
            FireFrame::Phase(rec) => {
                let mut v: Vec<Action> = announceable(g, rec).into_iter().map(Action::FireAt).collect();
                let side = firing_side(g);
                v.extend(after::may_raise(g, &rec.reorder, &rec.raised, side).into_iter().map(Action::ToTop));
                v.push(Action::Done);
                v
            }
            FireFrame::Place { hexes, .. } => hexes.iter().copied().map(Action::LeaderTo).collect(),
            FireFrame::Declare(d) => {
                let side = firing_side(g);
                let mut v: Vec<Action> = g
                    .unit_ids()
                    .filter(|&u| g.side_of(u) == side && fire_hex(g, u).is_some())
                    .flat_map(|u| shares_of(g, d, u))
                    .collect();
                if !d.shares.is_empty() {
                    v.push(Action::Resolve);
                }
                v
            }
            FireFrame::Resolve(_) => Vec::new(),
        }
    }

    fn chance(&self, g: &Gbacw) -> Vec<(Action, f64)> {
        match self {
            FireFrame::Resolve(r) => r.chance(g),
            _ => Vec::new(),
        }
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        match (self, a) {
            (FireFrame::Phase(_), Action::Done) => crate::sequence::next_phase(g),
            (FireFrame::Phase(rec), &Action::FireAt(target)) => {
                g.log.push("GBACW 9.0", || format!("Fire announced at {target}."));
                let d = Declaration { rec, target, shares: Vec::new() };
                g.stack.push(Frame::Fire(FireFrame::Declare(Box::new(d))));
            }
            (FireFrame::Declare(mut d), &Action::Fire { unit, sp, via }) => {
                let s = share(g, &d, unit, sp, via).expect("a legal share");
                spend(&mut d.rec, &s);
                let name = g.info(unit).name.clone();
                g.log.push("GBACW 9.45", || {
                    format!(
                        "{name} fires {sp} at {} ({} hexes, final {}).",
                        d.target,
                        s.range,
                        f64::from(s.halves) / 2.0
                    )
                });
                d.shares.push(s);
                g.stack.push(Frame::Fire(FireFrame::Declare(d)));
            }
            (FireFrame::Phase(mut rec), &Action::ToTop(u)) => {
                crate::stacking::raise(g, u);
                rec.raised.push(u);
                let name = g.info(u).name.clone();
                g.log.push("GBACW 8.41", || format!("{name} goes on top of its stack."));
                g.stack.push(Frame::Fire(FireFrame::Phase(rec)));
            }
            (FireFrame::Place { leader, .. }, &Action::LeaderTo(h)) => after::place(g, leader, h),
            (FireFrame::Declare(d), Action::Resolve) => {
                resolve::start(g, *d, firing_side(g), resolve::Shot::Phase, Vec::new());
            }
            (FireFrame::Resolve(r), a) => r.apply(g, a),
            (f, a) => unreachable!("{f:?} {a:?}"),
        }
    }

    fn automatic(&self, _g: &Gbacw) -> bool {
        false
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        match (self, a) {
            (FireFrame::Declare(d), &Action::Fire { unit, sp, via }) => share(g, d, unit, sp, via).err(),
            (FireFrame::Phase(rec), &Action::FireAt(h)) => {
                let side = firing_side(g);
                if targets_in(g, side, h).is_empty() {
                    Some(no("9.0", why!("no enemy unit in {h} may be fired at")))
                } else if !may_fire_at(g, rec, h) {
                    let d = Declaration { rec: rec.clone(), target: h, shares: Vec::new() };
                    let why = g
                        .unit_ids()
                        .filter(|&u| g.side_of(u) == side && fire_hex(g, u).is_some())
                        .find_map(|u| firer(g, &d.rec, u, h).err());
                    Some(why.unwrap_or_else(|| no("9.0", why!("no unit of yours may fire at {h}"))))
                } else {
                    None
                }
            }
            (FireFrame::Phase(rec), &Action::ToTop(u))
                if !after::may_raise(g, &rec.reorder, &rec.raised, firing_side(g)).contains(&u) =>
            {
                Some(no("8.41", "only a stack whose top unit ran out of ammunition this phase, each unit once"))
            }
            (FireFrame::Declare(d), Action::Resolve) if d.shares.is_empty() => {
                Some(no("9.0", "no unit has been added to the fire yet"))
            }
            // The sixth playtest: Done greyed with no reason while a fire was being declared.
            (FireFrame::Declare(d), Action::Done) => Some(no(
                "9.0",
                if d.shares.is_empty() {
                    format!("the fire at {} is being declared: add a unit's share, then resolve it", d.target)
                } else {
                    format!("the fire at {} is being declared: add another unit's share, or resolve it", d.target)
                },
            )),
            _ => None,
        }
    }
}

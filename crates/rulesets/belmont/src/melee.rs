//! 6.0 Melee Combat and 4.3.1-4.3.2 melee obligations: markers and the groups that
//! answer them, defensive fire (5.3), melee rounds (6.1), over-stacking (6.2),
//! Unbridled Fury (6.3), cavalry as target (6.4) and the charge (6.5), artillery in
//! melee (6.6), unsupported leaders (6.7), Grant's influence (6.8), multiple melees
//! (6.9) and coordinated melee (6.10).
//!
//! Readings:
//! - 4.3.1: the opponent's challenge is made by the engine: a marker may only be placed
//!   where an activated unit that could really attack can reach the melee hex through
//!   that entry this activation (a broken company only with its regimental leader able
//!   to go in through it too).
//! - 6.0 with 4.3.2: a broken infantry company enters a melee hex only when its regimental
//!   leader is in that melee (either group of a coordinated melee, 6.10: he is part of
//!   it). Since the leader may enter only with a unit of his command, he may go in first
//!   when a broken company of his regiment that has not moved can still reach the melee
//!   hex through the same entry; it must then follow at once (see
//!   `movement::broken_follower_ready`, `movement::follow_moves`). If it is shot down on
//!   the way he is an unsupported leader (6.7).
//! - 6.0: a company that was broken when it went in adds its SP in the rounds only while
//!   its regimental leader is in the melee hex. One broken after it went in, by this
//!   melee's defensive fire or in an earlier round, keeps adding its (broken) SP: the
//!   restriction governs which broken companies may make a melee attack, and the
//!   defensive-fire exception shows that breaking during the attack does not end it.
//! - 6.10: the terrain modifier is taken per attacking group, from its own entry hex.
//! - 6.3: the fury attack is made by the unbroken companies left in the first melee hex
//!   (up to three), entering from it; the retreated defenders may not fire defensively.
//!   It is rolled only when this melee's defenders retreated from it, and strikes only a
//!   hex they retreated into, never another enemy who fell back earlier in the activation.

use crate::action::Action;
use crate::charts;
use crate::counters::{FormationKind, Kind, Rank, UnitId};
use crate::fire;
use crate::movement::{Standing, cost, may_melee};
use crate::procedure::{Frame, VolleyDie, d6};
use crate::sequence::{activated, activated_units, looting};
use crate::state::{Belmont, Fate, Loc, Marker, Stage};
use crate::tables::Reach;
use engine::{Actor, Side};
use hexmap::Hex;

/// A melee under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MeleeState {
    /// Index into [`Belmont::markers`].
    pub marker: u8,
    /// Where it stands.
    pub stage: MStage,
    /// Attacker's die this round.
    pub att_roll: u8,
    /// Defender's die this round.
    pub def_roll: u8,
    /// The defending leader adding SP (6.0).
    pub def_leader: Option<UnitId>,
    /// Hexes defenders retreated into (6.3).
    pub retreat_hexes: Vec<Hex>,
    /// A fury melee: no further fury (6.3).
    pub fury: bool,
    /// 7.2: defending leaders present when the defender chose to retreat.
    pub fled: Vec<UnitId>,
    /// 6.3: this melee's defending companies that retreated from it (the fury follows
    /// only them, not enemies who retreated elsewhere earlier in the activation).
    pub retreated: Vec<UnitId>,
}

/// Stages of a melee.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum MStage {
    /// Decide what kind of melee this is (6.4, 6.7, 6.9, 8.7) and start defensive fire.
    Start,
    /// 5.3: the defender picks which group of a coordinated melee to fire on.
    DefTarget,
    /// After defensive fire: the rounds, or the end if no attacking company is left in
    /// the hex or only artillery defends (6.1, 6.7, 8.7).
    AfterFire,
    /// 6.0: the defender picks the leader who adds SP.
    DefLeader,
    /// 6.1: the attacker's die.
    AttRoll,
    /// 6.1: the defender's die.
    DefRoll,
    /// 6.8: the Union may spend influence to re-roll its die.
    RerollOffer,
    /// 6.8: the re-rolled die.
    Reroll,
    /// After the round's hits: continue or conclude.
    AfterRound,
    /// 6.1: the attacker decides to continue or retreat.
    AttContinue,
    /// 6.1: the defender decides.
    DefContinue,
    /// The melee is over: captures, casualty checks, over-stacking, fury.
    Conclude,
    /// 6.3: the fury die.
    FuryRoll,
    /// 6.3: the regimental leader may rein in.
    FuryRein,
    /// 6.3: which hex the fury strikes.
    FuryTarget,
}

fn marker<'a>(g: &'a Belmont, m: &MeleeState) -> &'a Marker {
    &g.markers[usize::from(m.marker)]
}

fn attacker_side(g: &Belmont) -> Side {
    g.act.as_ref().expect("activation").side
}

/// Attackers still in the melee hex, both groups.
fn attackers(g: &Belmont, mk: &Marker) -> Vec<UnitId> {
    let mut v: Vec<UnitId> = mk.group.iter().copied().filter(|&u| g.hex_of(u) == Some(mk.target)).collect();
    if let Some((_, s)) = &mk.second {
        v.extend(s.iter().copied().filter(|&u| g.hex_of(u) == Some(mk.target)));
    }
    v
}

/// Defenders in the melee hex (ground units of the other side).
fn defenders(g: &Belmont, mk: &Marker) -> Vec<UnitId> {
    g.side_at(mk.target, attacker_side(g).enemy())
}

fn non_leaders(g: &Belmont, v: &[UnitId]) -> Vec<UnitId> {
    v.iter().copied().filter(|&u| !g.is_leader(u)).collect()
}

pub(crate) fn actor(g: &Belmont, m: &MeleeState) -> Actor {
    let att = attacker_side(g);
    match m.stage {
        MStage::DefTarget | MStage::DefLeader | MStage::DefContinue => Actor::Side(att.enemy()),
        MStage::AttContinue | MStage::FuryRein | MStage::FuryTarget => Actor::Side(att),
        MStage::RerollOffer => Actor::Side(Side::Union),
        MStage::AttRoll | MStage::DefRoll | MStage::Reroll | MStage::FuryRoll => Actor::Chance,
        MStage::Start | MStage::AfterFire | MStage::AfterRound | MStage::Conclude => unreachable!("automatic"),
    }
}

/// Stages that run by themselves.
pub(crate) fn is_auto(m: &MeleeState) -> bool {
    matches!(m.stage, MStage::Start | MStage::AfterFire | MStage::AfterRound | MStage::Conclude)
}

pub(crate) fn prompt(g: &Belmont, m: &MeleeState) -> (&'static str, String) {
    let t = marker(g, m).target;
    match m.stage {
        MStage::DefTarget => {
            ("Belmont 5.3", format!("Melee at {t}: choose which attacking group defensive fire targets"))
        }
        MStage::DefLeader => ("Belmont 6.0", format!("Melee at {t}: choose the leader who adds SP")),
        MStage::AttRoll => ("Belmont 6.1", format!("Melee at {t}: the attacker's die")),
        MStage::DefRoll => ("Belmont 6.1", format!("Melee at {t}: the defender's die")),
        MStage::RerollOffer => {
            ("Belmont 6.8", format!("Melee at {t}: spend one of Grant's influence points to re-roll the Union die?"))
        }
        MStage::Reroll => ("Belmont 6.8", format!("Melee at {t}: the re-rolled Union die")),
        MStage::AttContinue => ("Belmont 6.1", format!("Melee at {t}: attacker, continue the melee or retreat?")),
        MStage::DefContinue => ("Belmont 6.1", format!("Melee at {t}: defender, continue the melee or retreat?")),
        MStage::FuryRoll => ("Belmont 6.3", format!("Melee at {t}: roll for Unbridled Fury")),
        MStage::FuryRein => ("Belmont 6.3", format!("Melee at {t}: Unbridled Fury: let it run, or rein it in?")),
        MStage::FuryTarget => ("Belmont 6.3", format!("Melee at {t}: choose the hex the fury strikes")),
        _ => ("Belmont 6.0", String::new()),
    }
}

pub(crate) fn legal(g: &Belmont, m: &MeleeState) -> Vec<Action> {
    match m.stage {
        MStage::DefTarget => vec![Action::TargetGroup(0), Action::TargetGroup(1)],
        MStage::DefLeader => leader_choices(g, marker(g, m)).into_iter().map(Action::LeaderAdds).collect(),
        MStage::AttContinue | MStage::DefContinue => {
            vec![Action::Continue(true), Action::Continue(false)]
        }
        MStage::RerollOffer => vec![Action::Reroll(false), Action::Reroll(true)],
        MStage::FuryRein => vec![Action::Fury(true), Action::Fury(false)],
        MStage::FuryTarget => fury_targets(g, m).into_iter().map(Action::FuryTarget).collect(),
        _ => vec![],
    }
}

pub(crate) fn chance(_g: &Belmont, m: &MeleeState) -> Vec<(Action, f64)> {
    match m.stage {
        MStage::AttRoll | MStage::DefRoll | MStage::Reroll | MStage::FuryRoll => d6(),
        _ => vec![],
    }
}

// ---------------------------------------------------------------- 4.3.1 markers

/// Whether the activated formation charges (6.5) rather than melees.
fn charging(g: &Belmont) -> bool {
    let f = g.act.as_ref().expect("activation").formation;
    g.oob().formations[usize::from(f)].kind == FormationKind::Cavalry
}

/// 6.5: cavalry may only charge broken infantry, cavalry, or a hex of leaders only.
pub(crate) fn chargeable(g: &Belmont, target: Hex, side: Side) -> bool {
    g.side_at(target, side).iter().all(|&u| match g.counter(u).kind {
        Kind::Infantry => g.unit(u).flipped,
        Kind::Cavalry | Kind::Leader => true,
        _ => false,
    })
}

/// Whether the hex may be a melee hex at all (Terrain Effects Chart: no melee in the
/// river; 4.1: no movement into the entrenchments).
fn meleeable(g: &Belmont, target: Hex) -> bool {
    g.map().get(target).is_some_and(|i| charts::melee_allowed(i.terrain))
}

/// 4.3.1: every marker the active side may place.
pub(crate) fn marker_legal(g: &Belmont) -> Vec<Action> {
    let act = g.act.as_ref().expect("activation");
    if act.demoralized {
        return vec![]; // 13.2.1: demoralized units move away.
    }
    let side = act.side;
    let charge = charging(g);
    // The enemy-held hexes that may be attacked, in hex order.
    let mut targets: Vec<Hex> = g.ids().filter(|&u| g.owner(u) == side.enemy()).filter_map(|u| g.hex_of(u)).collect();
    targets.sort();
    targets.dedup();
    targets.retain(|&target| {
        !g.side_at(target, side.enemy()).is_empty()
            && meleeable(g, target)
            && (!charge || chargeable(g, target, side.enemy()))
    });
    let movers: Vec<UnitId> = activated_units(g)
        .into_iter()
        .filter(|&u| {
            may_melee(g, u)
                && !g.is_leader(u)
                && !g.unit(u).moved
                && !looting(g, u)
                && matches!(g.unit(u).loc, Loc::Hex(_))
        })
        .collect();
    let standing = Standing::new();
    let reaches: Vec<(UnitId, (Reach, u8))> = movers
        .iter()
        .filter(|&&u| near_a_target(g, u, &targets))
        .filter_map(|&u| melee_reach(g, &standing, u).map(|r| (u, r)))
        .collect();
    // 6.0: a broken company could really attack only with its regimental leader, so it
    // counts only where he can reach the melee hex through the same entry.
    let mut leaders: Vec<UnitId> = movers.iter().filter_map(|&u| regimental_leader(g, u)).collect();
    leaders.sort_unstable();
    leaders.dedup();
    let leader_reaches: Vec<(UnitId, (Reach, u8))> = leaders
        .into_iter()
        .filter(|&l| activated(g, l) && !g.unit(l).moved && !looting(g, l) && matches!(g.unit(l).loc, Loc::Hex(_)))
        .filter(|&l| near_a_target(g, l, &targets))
        .filter_map(|l| melee_reach(g, &standing, l).map(|r| (l, r)))
        .collect();
    let could_attack = |u: UnitId, r: &(Reach, u8), from: Hex, target: Hex| {
        reaches_melee(g, u, r, from, target)
            && (!needs_leader(g, u)
                || leader_reaches
                    .iter()
                    .any(|(l, lr)| regimental_leader(g, u) == Some(*l) && reaches_melee(g, *l, lr, from, target)))
    };
    let mut out = Vec::new();
    for target in targets {
        for from in target.neighbours() {
            if g.markers.iter().any(|m| m.target == target && m.entry == from) {
                continue;
            }
            if !g.is_land(from) || g.holder(from) == Some(side.enemy()) {
                continue;
            }
            if reaches.iter().any(|(u, r)| could_attack(*u, r, from, target)) {
                out.push(Action::Marker { target, from });
            }
        }
    }
    out
}

/// Whether any of `targets` is close enough for `u` to step into this activation:
/// no step costs less than a road's half-MP, so one farther than its allowance allows in
/// road steps is out of reach, and its search ([`melee_reach`]) can be spared.
fn near_a_target(g: &Belmont, u: UnitId, targets: &[Hex]) -> bool {
    let mp = u16::from(g.allowance(u));
    g.hex_of(u).is_some_and(|h| targets.iter().any(|t| h.distance(*t) * u16::from(charts::COST_ROAD) <= mp))
}

/// Where `u` can stand this activation and the half-MP it spends getting there, with
/// its allowance (4.3.2 note: attackers must be able to reach the melee hex itself).
/// Where units may stand (no enemy, stacking kept, 4.2) is shared through `standing`.
fn melee_reach(g: &Belmont, standing: &Standing, u: UnitId) -> Option<(Reach, u8)> {
    let start = g.hex_of(u)?;
    let side = g.owner(u);
    let mp = g.allowance(u);
    let artillery = g.counter(u).kind == Kind::FieldArtillery;
    let class = Standing::class(g, u);
    let r = crate::tables::reach(start, mp, artillery, |b| {
        // 13.2.3: a hex where it would stop to loot is no way in (the fourth playtest).
        standing.get(class, start, b, || {
            g.holder(b).is_none_or(|s| s == side)
                && crate::setup::stack_ok(g, u, b)
                && !crate::movement::loots_at(g, u, b)
        })
    });
    Some((r, mp))
}

/// Whether a unit with this reach can step from `from` into `target` in time.
fn reaches_melee(g: &Belmont, u: UnitId, reach: &(Reach, u8), from: Hex, target: Hex) -> bool {
    let Some(spent) = reach.0.spent(g.map(), from) else {
        return false;
    };
    cost(g, u, from, target).is_some_and(|c| u16::from(spent) + u16::from(c) <= u16::from(reach.1))
}

/// 4.3.1: places the marker chosen from the stage's list. The list reads the markers
/// only to refuse a hexside that already has one ([`marker_legal`]), so the choices
/// after it are the same less this one: they are carried over to the legal-action memo
/// instead of searching every mover's reach again. `listed`: the stage's list, if the
/// caller has it (listed here otherwise).
pub(crate) fn place_listed_marker(g: &mut Belmont, target: Hex, from: Hex, listed: Option<Vec<Action>>) {
    let before = listed.unwrap_or_else(|| crate::procedure::legal(g));
    place_marker(g, target, from);
    let placed = Action::Marker { target, from };
    crate::procedure::remember_legal(g, before.into_iter().filter(|a| *a != placed).collect());
}

pub(crate) fn place_marker(g: &mut Belmont, target: Hex, from: Hex) {
    let charge = charging(g);
    g.markers.push(Marker {
        target,
        entry: from,
        group: vec![],
        second: None,
        charge,
        forced: false,
        resolved: false,
        rolled: vec![],
    });
    let what = if charge { "Charge" } else { "Melee" };
    g.log.push("Belmont 4.3.1", || format!("{what} marker placed on {target}, entered from {from}."));
}

/// 6.0: a broken infantry company, which attacks only with its regimental leader.
pub(crate) fn needs_leader(g: &Belmont, u: UnitId) -> bool {
    g.counter(u).kind == Kind::Infantry && g.unit(u).flipped
}

/// The leader of the company's own regiment (6.0 "their regimental leader").
pub(crate) fn regimental_leader(g: &Belmont, u: UnitId) -> Option<UnitId> {
    if g.is_leader(u) {
        return None;
    }
    g.counter(u).formation.and_then(|f| g.oob().formations[f].leader)
}

/// 6.0: whether the company's regimental leader is in marker `m`'s melee (either group),
/// in the melee hex.
fn leader_in_melee(g: &Belmont, m: &Marker, u: UnitId) -> bool {
    regimental_leader(g, u).is_some_and(|l| {
        g.hex_of(l) == Some(m.target)
            && (m.group.contains(&l) || m.second.as_ref().is_some_and(|(_, s)| s.contains(&l)))
    })
}

/// 4.3.2: the marker (and group: 0 first, 1 coordinated) a unit joins by stepping from
/// `from` into `to`, if it may.
pub(crate) fn entry_marker(g: &Belmont, u: UnitId, from: Hex, to: Hex) -> Option<(usize, u8)> {
    entry_marker_by(g, u, from, to, &|l, from, to| crate::movement::broken_follower_ready(g, l, from, to))
}

/// [`entry_marker`], asking `follower_ready(leader, from, to)` whether a broken company
/// could follow a regiment leader in (6.0, [`crate::movement::broken_follower_ready`]):
/// a listing asks it for every hexside, and answers from what it has worked out once.
pub(crate) fn entry_marker_by(
    g: &Belmont,
    u: UnitId,
    from: Hex,
    to: Hex,
    follower_ready: &dyn Fn(UnitId, Hex, Hex) -> bool,
) -> Option<(usize, u8)> {
    if !may_melee(g, u) {
        return None;
    }
    let cav = g.counter(u).kind == Kind::Cavalry || g.is_cavalry_leader(u);
    let regimental = g.is_leader(u);
    let broken = needs_leader(g, u);
    for (i, m) in g.markers.iter().enumerate() {
        if m.resolved || m.target != to || m.charge != cav || m.forced {
            continue;
        }
        // 6.0: a broken company goes in only with its regimental leader in the melee.
        if broken && !leader_in_melee(g, m, u) {
            continue;
        }
        let fits = |group: &[UnitId]| {
            let count = group.iter().filter(|&&x| !(g.is_leader(x))).count();
            if regimental {
                // 4.3.2: a regiment leader enters only with a unit of his command: one
                // already in, or (6.0) a broken company of his ready to follow him in.
                let has_own = group.iter().any(|&x| !g.is_leader(x) && g.commands(u, x));
                !group.contains(&u) && (has_own || (count < 3 && !cav && follower_ready(u, from, to)))
            } else {
                count < 3
            }
        };
        if from == m.entry {
            if fits(&m.group) {
                return Some((i, 0));
            }
            continue;
        }
        if m.group.is_empty() && m.second.is_none() && (!regimental || fits(&m.group)) {
            // 4.3.2 note: the marker shifts to the hexside actually used.
            return Some((i, 0));
        }
        // 6.10: a second group from an adjacent hexside, once per melee hex, with the
        // regimental leader (for a charge, both cavalry leaders) taking part, beside a
        // first group with a unit in it (not a leader waiting for his company, 4.3.2).
        if from.distance(m.entry) == 1 && m.group.iter().any(|&x| !g.is_leader(x)) {
            let other_coordinated =
                g.markers.iter().enumerate().any(|(j, o)| j != i && o.target == to && o.second.is_some());
            if other_coordinated {
                continue;
            }
            match &m.second {
                Some((e, s)) if *e == from && fits(s) => {
                    return Some((i, 1));
                }
                None if !regimental || cav => {
                    let led = if cav {
                        m.group.iter().any(|&x| g.is_cavalry_leader(x)) && g.is_cavalry_leader(u)
                    } else {
                        m.group.iter().any(|&x| g.is_leader(x))
                    };
                    if led {
                        return Some((i, 1));
                    }
                }
                _ => {}
            }
        }
    }
    None
}

pub(crate) fn join(g: &mut Belmont, (i, grp): (usize, u8), u: UnitId, from: Hex) {
    let m = &mut g.markers[i];
    if grp == 0 {
        if m.entry != from {
            let (t, old) = (m.target, m.entry);
            m.entry = from;
            g.log.push("Belmont 4.3.2", || {
                format!("The marker on {t} shifts from the {old} hexside to the {from} hexside.")
            });
        }
        g.markers[i].group.push(u);
    } else {
        match &mut g.markers[i].second {
            Some((_, s)) => s.push(u),
            None => g.markers[i].second = Some((from, vec![u])),
        }
        let t = g.markers[i].target;
        g.log.push("Belmont 6.10", || {
            format!("A second group joins the melee at {t} from {from}: a coordinated melee.")
        });
    }
}

/// 4.3.2: markers nobody answered are removed.
pub(crate) fn drop_unmet_markers(g: &mut Belmont) {
    let before = g.markers.len();
    g.markers.retain(|m| !m.group.is_empty());
    let dropped = before - g.markers.len();
    if dropped > 0 {
        g.log.push("Belmont 4.3.2", || format!("{dropped} melee marker(s) without attackers removed."));
    }
}

// ---------------------------------------------------------------- 6.0 resolution

pub(crate) fn choose_legal(g: &Belmont) -> Vec<Action> {
    if g.act.as_ref().is_none_or(|a| a.stage != Stage::Melees) {
        return vec![];
    }
    g.markers
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.resolved && !m.group.is_empty())
        .map(|(i, _)| Action::Resolve(i as u8))
        .collect()
}

pub(crate) fn choose_apply(g: &mut Belmont, a: &Action) {
    let Action::Resolve(i) = *a else { unreachable!() };
    g.stack.push(Frame::ChooseMelee);
    let t = g.markers[usize::from(i)].target;
    g.log.push("Belmont 6.0", || format!("Melee at {t} begins."));
    start(g, i, false);
}

fn start(g: &mut Belmont, marker: u8, fury: bool) {
    g.stack.push(Frame::Melee(Box::new(MeleeState {
        marker,
        stage: MStage::Start,
        att_roll: 0,
        def_roll: 0,
        def_leader: None,
        retreat_hexes: vec![],
        fury,
        fled: vec![],
        retreated: vec![],
    })));
}

/// 8.5: whether stationary company `s` has yet to roll for the retreating group of the
/// melee under way, a melee or its 6.2 over-stacking (recording that it now has).
/// Outside a melee, always.
pub(crate) fn first_roll_for_group(g: &mut Belmont, s: UnitId) -> bool {
    let Some(i) = g.stack.iter().rev().find_map(|f| match f {
        Frame::Melee(m) => Some(m.marker),
        Frame::Overstack { marker } => Some(*marker),
        _ => None,
    }) else {
        return true;
    };
    let rolled = &mut g.markers[usize::from(i)].rolled;
    if rolled.contains(&s) {
        return false;
    }
    rolled.push(s);
    true
}

/// Runs an automatic melee stage.
pub(crate) fn auto(g: &mut Belmont, mut m: MeleeState) {
    let mk = marker(g, &m).clone();
    match m.stage {
        MStage::Start => {
            let defs = defenders(g, &mk);
            let atts = attackers(g, &mk);
            if atts.is_empty() {
                return resolve_marker(g, &m);
            }
            if defs.is_empty() {
                // 6.9: nobody to fight: the attackers go back to their entry hexes.
                g.log.push("Belmont 6.9", || {
                    format!("{} is empty: the attackers return to their entry hexsides.", mk.target)
                });
                return_attackers(g, &mk);
                return resolve_marker(g, &m);
            }
            if non_leaders(g, &atts).is_empty() {
                // 6.7: a leader whose company never arrived is unsupported: captured.
                m.stage = MStage::Conclude;
                g.stack.push(Frame::Melee(Box::new(m)));
                return;
            }
            if !non_leaders(g, &atts).into_iter().any(|u| may_attack(g, &mk, u)) {
                // 6.0: broken companies without their regimental leader (broken on the way in,
                // by opportunity fire, not by this melee's defensive fire) may not attack: no
                // melee, and they go back to their entry hexsides as from an empty hex (the
                // fourth playtest: a lone broken company "captured" McClernand).
                g.log.push("Belmont 6.0", || {
                    format!(
                        "The companies in {} are broken and without their regimental leader: they may not attack, and go back to their entry hexsides.",
                        mk.target
                    )
                });
                return_attackers(g, &mk);
                return resolve_marker(g, &m);
            }
            let def_units = non_leaders(g, &defs);
            if !def_units.is_empty() && def_units.iter().all(|&u| g.counter(u).kind == Kind::Cavalry) {
                // 6.4: cavalry attacked retreats two hexes; no fire, no rounds, no fury.
                g.log.push("Belmont 6.4", || {
                    "Cavalry is the target: it retreats two hexes and the attackers take the hex.".into()
                });
                m.fury = true;
                // Reading: "the cavalry units and their leader retreat": the leaders go
                // with the cavalry (the retreat that runs first takes them), once. They
                // retreat from a melee hex as the result of melee combat, so each takes a
                // casualty check (7.2) at the conclusion.
                let leaders: Vec<UnitId> = defs.iter().copied().filter(|&u| g.is_leader(u)).collect();
                m.fled.clone_from(&leaders);
                m.stage = MStage::Conclude;
                g.stack.push(Frame::Melee(Box::new(m)));
                let last = def_units.len() - 1;
                for (i, &u) in def_units.iter().enumerate() {
                    crate::retreat::start_retreat(g, u, None, true);
                    if let Some(Frame::Retreat(r)) = g.stack.last_mut() {
                        r.ask_leaders = false;
                        if i == last {
                            r.leaders.clone_from(&leaders);
                        }
                    }
                }
                return;
            }
            if def_units.is_empty() {
                // 6.7: leaders alone in a melee are captured.
                m.stage = MStage::Conclude;
                g.stack.push(Frame::Melee(Box::new(m)));
                return;
            }
            // Defensive fire first (5.3, 6.1); what follows it is decided once it is over.
            m.stage = MStage::AfterFire;
            g.stack.push(Frame::Melee(Box::new(m)));
            if mk.second.is_some() && has_defensive_fire(g, &mk) {
                // 5.3: the defender first picks the group it fires on.
                if let Some(Frame::Melee(mm)) = g.stack.last_mut() {
                    mm.stage = MStage::DefTarget;
                }
                return;
            }
            defensive_fire(g, &mk, 0);
        }
        MStage::AfterFire => {
            let def_units = non_leaders(g, &defenders(g, &mk));
            if non_leaders(g, &attackers(g, &mk)).is_empty() || def_units.iter().all(|&u| g.is_artillery(u)) {
                // 8.7: artillery alone is taken by attackers who survived the fire; if
                // every attacking company fell back, no round is fought and leaders left
                // in the hex are unsupported (6.7).
                m.stage = MStage::Conclude;
            } else if leader_choices(g, &mk).len() > 1 {
                m.stage = MStage::DefLeader;
            } else {
                m.def_leader = leader_choices(g, &mk).first().copied();
                m.stage = MStage::AttRoll;
            }
            g.stack.push(Frame::Melee(Box::new(m)));
        }
        MStage::AfterRound => {
            let atts = non_leaders(g, &attackers(g, &mk));
            let defs = non_leaders(g, &defenders(g, &mk));
            if atts.is_empty() || defs.is_empty() || defs.iter().all(|&u| g.is_artillery(u)) {
                m.stage = MStage::Conclude;
            } else {
                m.stage = MStage::AttContinue;
            }
            g.stack.push(Frame::Melee(Box::new(m)));
        }
        MStage::Conclude => conclude(g, m),
        _ => unreachable!(),
    }
}

fn has_defensive_fire(g: &Belmont, mk: &Marker) -> bool {
    defensive_firers(g, mk).iter().any(|&u| g.sp(u) > 0)
}

/// 5.3: unbroken infantry and field artillery in the melee hex that have not retreated
/// this activation.
fn defensive_firers(g: &Belmont, mk: &Marker) -> Vec<UnitId> {
    defenders(g, mk)
        .into_iter()
        .filter(|&u| {
            !g.unit(u).shaken
                && match g.counter(u).kind {
                    Kind::Infantry => !g.unit(u).flipped,
                    Kind::FieldArtillery => true,
                    _ => false,
                }
        })
        .collect()
}

/// 5.3: one defensive fire at group `grp` before the rounds.
fn defensive_fire(g: &mut Belmont, mk: &Marker, grp: u8) {
    let firers = defensive_firers(g, mk);
    let (entry, group) = match (&mk.second, grp) {
        (Some((e, s)), 1) => (*e, s.clone()),
        _ => (mk.entry, mk.group.clone()),
    };
    let group: Vec<UnitId> = group.into_iter().filter(|&u| g.hex_of(u) == Some(mk.target)).collect();
    // 7.2: attacking leaders under defensive fire check once.
    if !firers.is_empty() {
        let leaders: Vec<UnitId> = group.iter().copied().filter(|&u| g.is_leader(u)).collect();
        for l in leaders {
            g.stack.push(Frame::Casualty { leader: l });
        }
    }
    let mut dice = Vec::new();
    for &u in &firers {
        let d = if g.counter(u).kind == Kind::Infantry { VolleyDie::DefInfantry } else { VolleyDie::DefArtillery };
        dice.extend(std::iter::repeat_n(d, usize::from(g.sp(u))));
    }
    if dice.is_empty() {
        return;
    }
    let n = dice.len();
    let t = mk.target;
    g.log.push("Belmont 5.3", || format!("Defensive fire from {t}: {}.", crate::describe::dice_words(n)));
    let side = attacker_side(g).enemy();
    g.stack.push(Frame::Volley { side, target: t, range: 1, dice, entry: Some(entry), targets: Some(group) });
}

/// Leaders on the defending side who may add SP (6.0: one, the defender's choice).
fn leader_choices(g: &Belmont, mk: &Marker) -> Vec<UnitId> {
    let mut v: Vec<UnitId> = defenders(g, mk).into_iter().filter(|&u| g.is_leader(u)).collect();
    v.sort_by_key(|&u| std::cmp::Reverse(g.sp(u)));
    v
}

/// 6.1: the attacker's strength before the die.
pub(crate) fn attack_strength(g: &Belmont, mk: &Marker) -> i16 {
    let mut total = 0i16;
    let mut groups = vec![(mk.entry, mk.group.clone())];
    if let Some((e, s)) = &mk.second {
        groups.push((*e, s.clone()));
    }
    let mut leader_sp = 0;
    for (entry, group) in groups {
        let present: Vec<UnitId> = group.into_iter().filter(|&u| g.hex_of(u) == Some(mk.target)).collect();
        if present.iter().all(|&u| g.is_leader(u)) {
            continue;
        }
        let mut sp = 0i16;
        for &u in &present {
            if g.is_leader(u) {
                leader_sp = leader_sp.max(i16::from(g.sp(u)));
                continue;
            }
            if may_attack(g, mk, u) {
                sp += i16::from(g.sp(u));
            }
        }
        sp -= i16::from(melee_terrain(g, entry, mk.target));
        total += sp;
    }
    total + leader_sp
}

/// 6.0: whether company `u` in marker `mk`'s hex may attack: unbroken, or broken with its
/// regimental leader in the melee, or broken after it went in (this melee's defensive fire
/// or a round).
fn may_attack(g: &Belmont, mk: &Marker, u: UnitId) -> bool {
    !needs_leader(g, u) || leader_in_melee(g, mk, u) || g.unit(u).broken_in_melee
}

/// Terrain Effects Chart, Melee Effects: strength lost entering from `from`.
pub(crate) fn melee_terrain(g: &Belmont, from: Hex, target: Hex) -> u8 {
    let (Some(f), Some(t)) = (g.map().get(from), g.map().get(target)) else {
        return 0;
    };
    let mut m = charts::melee_lost_from(f.terrain) + charts::melee_lost_into(t.terrain, f.terrain);
    // From the bottom of a slope to its top (see fire::terrain_dice).
    if t.slope && t.height > f.height {
        m += charts::SLOPE_MELEE_LOSS;
    }
    m
}

/// 6.1 / 6.6: the defender's strength before the die: companies (not artillery) and one
/// leader.
fn defence_strength(g: &Belmont, mk: &Marker, leader: Option<UnitId>) -> i16 {
    let companies: i16 = defenders(g, mk)
        .into_iter()
        .filter(|&u| matches!(g.counter(u).kind, Kind::Infantry | Kind::Cavalry))
        .map(|u| i16::from(g.sp(u)))
        .sum();
    companies + leader.filter(|&l| g.hex_of(l) == Some(mk.target)).map_or(0, |l| i16::from(g.sp(l)))
}

/// 6.8: whether the Union may spend influence on this melee.
fn grant_may_reroll(g: &Belmont, mk: &Marker) -> bool {
    if g.influence == 0 {
        return false;
    }
    let Some(grant) = g.ids().find(|&u| g.counter(u).side == Side::Union && g.rank(u) == Some(Rank::Army)) else {
        return false;
    };
    g.hex_of(grant).is_some_and(|h| h.distance(mk.target) <= charts::GRANT_INFLUENCE_RANGE)
}

pub(crate) fn apply(g: &mut Belmont, mut m: MeleeState, a: &Action) {
    let mk = marker(g, &m).clone();
    let att = attacker_side(g);
    match (m.stage, a) {
        (MStage::DefTarget, Action::TargetGroup(grp)) => {
            m.stage = MStage::AfterFire;
            g.stack.push(Frame::Melee(Box::new(m)));
            defensive_fire(g, &mk, *grp);
        }
        (MStage::DefLeader, Action::LeaderAdds(l)) => {
            m.def_leader = Some(*l);
            m.stage = MStage::AttRoll;
            g.stack.push(Frame::Melee(Box::new(m)));
        }
        (MStage::AttRoll, Action::Roll(r)) => {
            m.att_roll = *r;
            m.stage = MStage::DefRoll;
            g.stack.push(Frame::Melee(Box::new(m)));
        }
        (MStage::DefRoll, Action::Roll(r)) => {
            m.def_roll = *r;
            if grant_may_reroll(g, &mk) {
                m.stage = MStage::RerollOffer;
                g.stack.push(Frame::Melee(Box::new(m)));
            } else {
                round_result(g, m);
            }
        }
        (MStage::RerollOffer, Action::Reroll(yes)) => {
            if *yes {
                g.influence -= 1;
                let left = g.influence;
                // The die taken back, then the new one (the tenth playtest saw only the new).
                let first = if att == Side::Union { m.att_roll } else { m.def_roll };
                g.log.push("Belmont 6.8", || {
                    format!("Grant's influence: the Union re-rolls its {first} ({left} points left).")
                });
                m.stage = MStage::Reroll;
                g.stack.push(Frame::Melee(Box::new(m)));
            } else {
                round_result(g, m);
            }
        }
        (MStage::Reroll, Action::Roll(r)) => {
            g.log.push("Belmont 6.8", || format!("The re-roll: {r}."));
            if att == Side::Union {
                m.att_roll = *r;
            } else {
                m.def_roll = *r;
            }
            round_result(g, m);
        }
        (MStage::AttContinue, Action::Continue(go_on)) => {
            if *go_on {
                m.stage = MStage::DefContinue;
                g.stack.push(Frame::Melee(Box::new(m)));
            } else {
                g.log.push("Belmont 6.1", || "The attacker retreats.".into());
                m.stage = MStage::Conclude;
                g.stack.push(Frame::Melee(Box::new(m)));
                retreat_attackers(g, &mk);
            }
        }
        (MStage::DefContinue, Action::Continue(go_on)) => {
            if *go_on {
                m.stage = MStage::AttRoll;
                g.stack.push(Frame::Melee(Box::new(m)));
            } else {
                g.log.push("Belmont 6.1", || "The defender retreats.".into());
                m.stage = MStage::Conclude;
                m.fled = defenders(g, &mk).into_iter().filter(|&u| g.is_leader(u)).collect();
                let movers: Vec<UnitId> =
                    defenders(g, &mk).into_iter().filter(|&u| !g.is_artillery(u) && !g.is_leader(u)).collect();
                m.retreated.clone_from(&movers);
                g.stack.push(Frame::Melee(Box::new(m)));
                // Leaders go with the first retreating company if the owner wishes
                // (8.1); those left are captured at the conclusion (6.7).
                for u in movers {
                    crate::retreat::start_retreat(g, u, None, true);
                }
            }
        }
        (MStage::FuryRoll, Action::Roll(r)) => {
            if *r < charts::FURY_ON {
                g.log.push("Belmont 6.3", || format!("Rolled {r}: the attackers remain in place."));
                return;
            }
            g.log.push("Belmont 6.3", || format!("Rolled {r}: Unbridled Fury!"));
            let leader_present = g
                .ground_at(mk.target)
                .iter()
                .any(|&l| g.is_leader(l) && g.rank(l) == Some(Rank::Regiment) && g.owner(l) == att);
            if leader_present {
                m.stage = MStage::FuryRein;
                g.stack.push(Frame::Melee(Box::new(m)));
            } else {
                fury_next(g, m);
            }
        }
        (MStage::FuryRein, Action::Fury(run)) => {
            if *run {
                fury_next(g, m);
            } else {
                g.log.push("Belmont 6.3", || "The regimental leader reins in his troops.".into());
            }
        }
        (MStage::FuryTarget, Action::FuryTarget(h)) => launch_fury(g, &m, *h),
        (s, a) => unreachable!("melee {s:?} {a:?}"),
    }
}

/// 6.1: compare strengths, apply hits.
fn round_result(g: &mut Belmont, mut m: MeleeState) {
    let mk = marker(g, &m).clone();
    let att = attacker_side(g);
    let a = attack_strength(g, &mk) + i16::from(m.att_roll);
    let d = defence_strength(g, &mk, m.def_leader) + i16::from(m.def_roll);
    let (att_hits, def_hits) = charts::melee_hits(a, d);
    let (ar, dr) = (m.att_roll, m.def_roll);
    g.log.push("Belmont 6.1", || {
        format!("Melee round at {}: attacker {a} (die {ar}), defender {d} (die {dr}): attacker takes {att_hits}, defender takes {def_hits}.", mk.target)
    });
    m.stage = MStage::AfterRound;
    g.stack.push(Frame::Melee(Box::new(m)));
    let atts = attackers(g, &mk);
    // 7.0: as for fire, a hit only one unit can take is applied at once; a real choice
    // waits for the owner (only one side takes hits in a round, so order is kept).
    for _ in 0..att_hits {
        fire::push_hit(g, mk.target, att, true, Some(atts.clone()));
    }
    for _ in 0..def_hits {
        fire::push_hit(g, mk.target, att.enemy(), true, None);
    }
}

/// 8.4: all attackers fall back to their entry hexes.
fn retreat_attackers(g: &mut Belmont, mk: &Marker) {
    let mut groups = vec![(mk.entry, mk.group.clone())];
    if let Some((e, s)) = &mk.second {
        groups.push((*e, s.clone()));
    }
    for (entry, group) in groups {
        for u in group {
            if g.hex_of(u) == Some(mk.target) {
                if g.is_leader(u) {
                    g.set_loc(u, Loc::Hex(entry));
                    g.stack.push(Frame::Casualty { leader: u }); // 7.2 retreating from a melee hex
                } else {
                    crate::retreat::start_retreat(g, u, Some(entry), true);
                }
            }
        }
    }
}

/// 6.9: attackers return to their entry hexes without a fight.
fn return_attackers(g: &mut Belmont, mk: &Marker) {
    let mut groups = vec![(mk.entry, mk.group.clone())];
    if let Some((e, s)) = &mk.second {
        groups.push((*e, s.clone()));
    }
    for (entry, group) in groups {
        for u in group {
            if g.hex_of(u) == Some(mk.target) {
                g.set_loc(u, Loc::Hex(entry));
                if !g.is_leader(u) && g.stack_count(entry) > charts::STACK_LIMIT {
                    crate::retreat::start_retreat(g, u, Some(entry), true);
                }
            }
        }
    }
}

fn resolve_marker(g: &mut Belmont, m: &MeleeState) {
    g.markers[usize::from(m.marker)].resolved = true;
}

/// The end of a melee: 8.7 artillery captured, 6.7 leaders captured, 7.2 casualty
/// checks, 6.2 over-stacking, 6.3 fury.
fn conclude(g: &mut Belmont, mut m: MeleeState) {
    let mk = marker(g, &m).clone();
    let fled = std::mem::take(&mut m.fled);
    let atts = attackers(g, &mk);
    let att_units = non_leaders(g, &atts);
    let defs = defenders(g, &mk);
    let def_units = non_leaders(g, &defs);
    resolve_marker(g, &m);
    let attackers_hold = !att_units.is_empty() && def_units.iter().all(|&u| g.is_artillery(u));
    if attackers_hold {
        let guns: Vec<UnitId> = def_units.iter().copied().filter(|&u| g.is_artillery(u)).collect();
        for u in guns {
            crate::retreat::capture_artillery(g, u); // 6.6, 8.7
        }
        let leaders: Vec<UnitId> = defs.iter().copied().filter(|&u| g.is_leader(u)).collect();
        for l in leaders {
            if def_units.is_empty() || def_units.iter().all(|&u| g.is_artillery(u)) {
                if def_units.is_empty() {
                    // 6.7: unsupported leaders are captured, scored as killed.
                    let n = g.name(l);
                    g.log.push("Belmont 6.7", || format!("{n}, unsupported in the melee hex, is captured."));
                    fire::kill_leader(g, l, Fate::Captured);
                } else {
                    // 8.7: leaders with captured artillery are retreated.
                    crate::retreat::start_retreat(g, l, None, true);
                }
            }
        }
    } else if att_units.is_empty() {
        // Attack failed: attacking leaders left alone are captured (6.7).
        let leaders: Vec<UnitId> = atts.iter().copied().filter(|&u| g.is_leader(u)).collect();
        for l in leaders {
            let n = g.name(l);
            g.log.push("Belmont 6.7", || format!("{n}, unsupported in the melee hex, is captured."));
            fire::kill_leader(g, l, Fate::Captured);
        }
    }
    // 6.3: the hexes this melee's defenders retreated into (only theirs: an enemy who
    // fell back from a volley earlier in the activation and stands beside the melee hex
    // is not the defender's retreat hex).
    m.retreat_hexes = std::mem::take(&mut m.retreated)
        .into_iter()
        .filter_map(|u| g.hex_of(u))
        .filter(|h| h.distance(mk.target) == 1)
        .collect();
    let t = mk.target;
    g.log.push("Belmont 6.0", || format!("Melee at {t} resolved."));
    // 6.3 fury after 6.2 over-stacking: push fury first so over-stacking runs first.
    let defenders_retreated = attackers_hold && !m.retreat_hexes.is_empty();
    if attackers_hold && defenders_retreated && !m.fury && !mk.charge {
        m.stage = MStage::FuryRoll;
        g.stack.push(Frame::Melee(Box::new(m.clone())));
    }
    if attackers_hold && g.stack_count(t) > charts::STACK_LIMIT {
        g.stack.push(Frame::Overstack { marker: m.marker });
    }
    // 7.2: leaders in the melee hex at the conclusion check once, and so do leaders
    // who retreated from it with the defenders.
    let leaders: Vec<UnitId> = g.ground_at(t).into_iter().filter(|&u| g.is_leader(u)).collect();
    for l in leaders {
        g.stack.push(Frame::Casualty { leader: l });
    }
    for &l in &fled {
        if g.in_play(l) && g.hex_of(l) != Some(t) {
            g.stack.push(Frame::Casualty { leader: l });
        }
    }
}

/// 6.2: over-stacked melee hex: the attacker moves units back across the entry
/// hexsides, broken units first.
pub(crate) fn overstack_legal(g: &Belmont, marker: u8) -> Vec<Action> {
    let mk = &g.markers[usize::from(marker)];
    if g.stack_count(mk.target) <= charts::STACK_LIMIT {
        return vec![]; // Done: the frame lapses.
    }
    let side = attacker_side(g);
    // Companies and horse move back; guns do not retreat (8.0: captured guns the attacker
    // holds there stay; random play looped moving them back forever).
    let units: Vec<UnitId> = g
        .side_at(mk.target, side)
        .into_iter()
        .filter(|&u| matches!(g.counter(u).kind, Kind::Infantry | Kind::Cavalry))
        .collect();
    let broken: Vec<UnitId> = units.iter().copied().filter(|&u| g.unit(u).flipped).collect();
    let pool = if broken.is_empty() { units } else { broken };
    pool.into_iter().map(|u| Action::Move { unit: u, to: entry_of(g, mk.target, u).unwrap_or(mk.entry) }).collect()
}

/// 8.4 with 6.2: the hex unit `u` entered melee hex `target` from: its own group's entry,
/// under whichever marker on the hex it answered (the fourth playtest: companies that came
/// in from 1627 under a second marker were sent back out by the first one's entry, 1827).
fn entry_of(g: &Belmont, target: Hex, u: UnitId) -> Option<Hex> {
    g.markers.iter().filter(|m| m.target == target).find_map(|m| {
        if m.group.contains(&u) {
            Some(m.entry)
        } else {
            m.second.as_ref().filter(|(_, us)| us.contains(&u)).map(|(e, _)| *e)
        }
    })
}

pub(crate) fn overstack_apply(g: &mut Belmont, marker: u8, a: &Action) {
    let Action::Move { unit, to } = *a else { unreachable!() };
    // The frame stays below the move's consequences (8.5 rolls for the group) and lapses
    // once the hex is within the limit.
    g.stack.push(Frame::Overstack { marker });
    let n = g.name(unit);
    g.log.push("Belmont 6.2", || format!("{n} moves back out of the over-stacked melee hex to {to}."));
    crate::retreat::start_retreat(g, unit, Some(to), true);
}

fn fury_targets(g: &Belmont, m: &MeleeState) -> Vec<Hex> {
    let att = attacker_side(g);
    let mut v: Vec<Hex> =
        m.retreat_hexes.iter().copied().filter(|&h| !g.side_at(h, att.enemy()).is_empty() && meleeable(g, h)).collect();
    v.sort();
    v.dedup();
    v
}

fn fury_next(g: &mut Belmont, mut m: MeleeState) {
    let targets = fury_targets(g, &m);
    match targets.len() {
        0 => g.log.push("Belmont 6.3", || "No retreated enemy remains to pursue.".into()),
        1 => launch_fury(g, &m, targets[0]),
        _ => {
            m.stage = MStage::FuryTarget;
            g.stack.push(Frame::Melee(Box::new(m)));
        }
    }
}

/// 6.3: the unbroken companies in the first melee hex melee into `h`.
fn launch_fury(g: &mut Belmont, m: &MeleeState, h: Hex) {
    let from = marker(g, m).target;
    let att = attacker_side(g);
    let group: Vec<UnitId> = g
        .side_at(from, att)
        .into_iter()
        .filter(|&u| g.counter(u).kind == Kind::Infantry && !g.unit(u).flipped)
        .take(3)
        .collect();
    if group.is_empty() {
        return;
    }
    for &u in &group {
        g.set_loc(u, Loc::Hex(h));
    }
    g.markers.push(Marker {
        target: h,
        entry: from,
        group,
        second: None,
        charge: false,
        forced: false,
        resolved: false,
        rolled: vec![],
    });
    let idx = (g.markers.len() - 1) as u8;
    g.log.push("Belmont 6.3", || format!("The fury carries the attackers from {from} into {h}."));
    start(g, idx, true);
}

//! 8.0 Retreat: distances (8.0), retreating leaders (8.1), direction (8.2), who retreats
//! from fire (8.3), leaving a melee hex (8.4), retreat into friendlies and over-stacking
//! (8.5), breakout (8.6) and capturing artillery (8.7).
//!
//! Reading (8.2): the retreat goes toward the goal, and the owner may (not must) take
//! a different direction that avoids friendlies or opportunity fire every goal-ward hex
//! would meet: any hex toward the goal is offered, with every other hex that is less
//! exposed than the best of them (free of both beats opportunity fire, which beats
//! friendlies, which beats both). The one "must" of 8.2: when the choice is only
//! between friendlies and opportunity fire (no hex free of both), hexes with friendlies
//! are not offered. With nothing toward the goal, the least exposed hexes are offered.
//!
//! Reading (8.5): on its last hex a unit ends over-stacked only if it has no other
//! alternative, so hexes where it fits are kept first, before the 8.2 classes. A
//! retreat never re-enters a hex it has left (see [`RetreatState::visited`]).
//!
//! 8.4 with 8.5: attackers falling back to their entry hex (from defensive fire, a
//! melee round or over-stacking) retreat into the friendlies there like any retreat:
//! each stationary company rolls once for the melee's retreating group.

use crate::action::Action;
use crate::charts;
use crate::counters::{Kind, UnitId};
use crate::fire;
use crate::map::Terrain;
use crate::procedure::Frame;
use crate::state::{Belmont, Fate, Loc};
use engine::Side;
use hexmap::Hex;
use std::sync::OnceLock;

/// A unit retreating, hex by hex.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RetreatState {
    /// The retreating unit.
    pub unit: UnitId,
    /// Hexes still to retreat.
    pub left: u8,
    /// 8.5: the extra hex for an over-stacked retreat has been used.
    pub extra_used: bool,
    /// 8.1: leaders going along.
    pub leaders: Vec<UnitId>,
    /// 8.1: the owner has not yet said whether leaders go along.
    pub ask_leaders: bool,
    /// 8.6: passed through an enemy hex.
    pub broke_out: bool,
    /// The hex it retreats from and those it has entered: a retreat does not go back
    /// into them (8.0). Reading: "retreat" is movement away; without this an
    /// over-stacked unit's extra hex (8.5) could be the hex it fled.
    pub visited: Vec<Hex>,
    /// Retreating from a melee hex: the melee's retreating units are one group, and a
    /// stationary company passed through rolls once for the group (8.5).
    pub melee: bool,
}

/// 8.3: broken companies retreat before unbroken ones; artillery never retreats.
pub(crate) fn retreater_candidates(g: &Belmont, hex: Hex, side: Side, among: Option<&[UnitId]>) -> Vec<UnitId> {
    let units: Vec<UnitId> = g
        .side_at(hex, side)
        .into_iter()
        .filter(|&u| {
            matches!(g.counter(u).kind, Kind::Infantry | Kind::Cavalry) && among.is_none_or(|a| a.contains(&u))
        })
        .collect();
    let broken: Vec<UnitId> = units.iter().copied().filter(|&u| g.unit(u).flipped).collect();
    if broken.is_empty() { units } else { broken }
}

pub(crate) fn retreater_legal(g: &Belmont, f: &Frame) -> Vec<Action> {
    let Frame::ChooseRetreater { hex, side, among, .. } = f else { unreachable!() };
    retreater_candidates(g, *hex, *side, among.as_deref()).into_iter().map(Action::Retreater).collect()
}

pub(crate) fn retreater_apply(g: &mut Belmont, f: Frame, a: &Action) {
    let (Frame::ChooseRetreater { entry, .. }, Action::Retreater(u)) = (f, a) else { unreachable!() };
    // A retreat with an entry hex comes from defensive fire, the first step of the melee
    // (6.1): its units belong to the melee's retreating group (8.5).
    start_retreat(g, *u, entry, entry.is_some());
}

/// Hexes a unit retreats (8.0): cavalry and cavalry leaders two, others one.
fn distance_for(g: &Belmont, u: UnitId) -> u8 {
    if g.counter(u).kind == Kind::Cavalry || g.is_cavalry_leader(u) { 2 } else { 1 }
}

/// Starts a retreat. Attackers with an entry hex go straight back to it (8.4, 5.3).
pub(crate) fn start_retreat(g: &mut Belmont, u: UnitId, entry: Option<Hex>, melee: bool) {
    g.unit_mut(u).shaken = true;
    g.retreats[g.counter(u).side.index()] += 1;
    if g.is_artillery(u) {
        return; // 8.0: artillery does not retreat.
    }
    let n = g.name(u);
    if let Some(e) = entry {
        let from = g.hex_of(u);
        // (6.9's attackers, already back in the entry hex, pass into no one.)
        let stationary = if from == Some(e) { vec![] } else { stationary_companies(g, g.owner(u), e) };
        g.set_loc(u, Loc::Hex(e));
        g.log.push("Belmont 8.4", || {
            format!("{n} falls back from {} to its entry hex {e}.", from.map(|h| h.to_string()).unwrap_or_default())
        });
        // 8.4: further over-stacking retreat is determined normally.
        if g.stack_count(e) > charts::STACK_LIMIT && !g.is_leader(u) {
            g.stack.push(Frame::Retreat(Box::new(RetreatState {
                unit: u,
                left: 1,
                extra_used: true,
                leaders: vec![],
                ask_leaders: false,
                broke_out: false,
                visited: from.into_iter().chain([e]).collect(),
                melee,
            })));
        }
        // 8.5: falling back into the entry hex is a retreat into friendlies too.
        push_break_rolls(g, u, stationary, melee);
        fire::after_entering(g, u, e, None);
        return;
    }
    let hex = g.hex_of(u).expect("on map");
    let has_leaders = !g.is_leader(u) && !g.leaders_at(hex, g.owner(u)).is_empty();
    g.log.push("Belmont 8.0", || format!("{n} must retreat from {hex}."));
    g.stack.push(Frame::Retreat(Box::new(RetreatState {
        unit: u,
        left: distance_for(g, u),
        extra_used: false,
        leaders: vec![],
        ask_leaders: has_leaders,
        broke_out: false,
        visited: vec![hex],
        melee,
    })));
}

static LOWER_RIVER: OnceLock<Vec<u16>> = OnceLock::new();
static ANY_RIVER: OnceLock<Vec<u16>> = OnceLock::new();

/// For every hex of the shipped map, the distance to the nearest hex matching `goal`,
/// computed once.
fn distance_table(cell: &'static OnceLock<Vec<u16>>, goal: fn(&crate::map::HexInfo) -> bool) -> &'static [u16] {
    cell.get_or_init(|| {
        let map = crate::map::belmont();
        let goals: Vec<Hex> = map.hexes().filter(|(_, i)| goal(i)).map(|(h, _)| h).collect();
        let mut table = vec![0; map.cells.len()];
        for (h, _) in map.hexes() {
            table[map.cells.index(h).expect("on map")] = goals.iter().map(|g| g.distance(h)).min().unwrap_or(0);
        }
        table
    })
}

/// Distance from `h` to the nearest river hex (13.2.1: "toward the banks").
pub(crate) fn river_distance(g: &Belmont, h: Hex) -> u16 {
    distance_table(&ANY_RIVER, |i| i.terrain == Terrain::River)[g.map().cells.index(h).expect("on map")]
}

/// The hex a side retreats toward from `h` (8.2): the Union toward Hunter's Farm dock;
/// Confederates toward river sections 3-6, and in Kentucky toward Columbus.
fn goal_distance(g: &Belmont, side: Side, h: Hex) -> u16 {
    let map = g.map();
    match side {
        Side::Union => h.distance(map.hunters_farm_dock),
        Side::Confederate => {
            if map.get(h).is_some_and(|i| i.region == crate::map::Region::Kentucky) {
                return h.distance(map.columbus_dock);
            }
            distance_table(&LOWER_RIVER, |i| {
                i.terrain == Terrain::River && i.river_section.is_some_and(|s| (3..=6).contains(&s))
            })[map.cells.index(h).expect("on map")]
        }
    }
}

/// 8.2 / 8.5 / 8.6: where the unit may retreat next.
fn destinations(g: &Belmont, r: &RetreatState) -> (Vec<Hex>, bool) {
    let u = r.unit;
    let side = g.owner(u);
    // A unit that has left the map since its retreat was scheduled (eliminated,
    // embarked at Hunter's Farm) has nowhere to go; the frame lapses.
    let Some(from) = g.hex_of(u) else {
        return (vec![], false);
    };
    let enterable: Vec<Hex> = from
        .neighbours()
        .into_iter()
        .filter(|&h| !r.visited.contains(&h) && crate::movement::cost(g, u, from, h).is_some())
        .collect();
    let open: Vec<Hex> = enterable.iter().copied().filter(|&h| g.holder(h).is_none_or(|s| s == side)).collect();
    if open.is_empty() {
        if r.extra_used {
            // 8.5: the extra hex of an over-stacked retreat is enemy-held: destroyed.
            return (vec![], false);
        }
        // 8.6 Breakout: through an enemy hex.
        let enemy: Vec<Hex> = enterable.into_iter().filter(|&h| g.holder(h) == Some(side.enemy())).collect();
        return (enemy, true);
    }
    // 8.5: a unit ends its retreat over-stacked only if it has no other alternative.
    let fits: Vec<Hex> = if r.left <= 1 && !g.is_leader(u) {
        open.iter().copied().filter(|&h| crate::setup::stack_ok(g, u, h)).collect()
    } else {
        vec![]
    };
    let open = if fits.is_empty() { open } else { fits };
    let class = |h: Hex| -> u8 {
        let friendly = g.side_at(h, side).iter().any(|&o| !g.is_leader(o));
        let exposed = fire::opportunity_dice(g, u, h, None) > 0;
        match (friendly, exposed) {
            (false, false) => 0,
            (false, true) => 1,
            (true, false) => 2,
            (true, true) => 3,
        }
    };
    (choose_direction(open, class, |h| goal_distance(g, side, h) < goal_distance(g, side, from)), false)
}

/// 8.2: the hexes offered among `open`, each of class 0 (neither friendlies nor
/// opportunity fire), 1 (opportunity fire), 2 (friendlies) or 3 (both): see the module's
/// Reading. The one "must": with no hex free of both, friendlies are not offered
/// beside a hex of opportunity fire. Then the owner may retreat toward the goal by any
/// hex that leads there, or turn aside to a hex that avoids what every such hex meets.
fn choose_direction(open: Vec<Hex>, class: impl Fn(Hex) -> u8, toward: impl Fn(Hex) -> bool) -> Vec<Hex> {
    let has = |c: u8| open.iter().any(|&h| class(h) == c);
    let open: Vec<Hex> = if !has(0) && has(1) { open.into_iter().filter(|&h| class(h) <= 1).collect() } else { open };
    let Some(best_toward) = open.iter().filter(|&&h| toward(h)).map(|&h| class(h)).min() else {
        // Nothing leads toward the goal: a different direction, the least exposed.
        let best = open.iter().map(|&h| class(h)).min().unwrap_or(0);
        return open.into_iter().filter(|&h| class(h) == best).collect();
    };
    open.into_iter().filter(|&h| toward(h) || class(h) < best_toward).collect()
}

pub(crate) fn legal(g: &Belmont, r: &RetreatState) -> Vec<Action> {
    if g.hex_of(r.unit).is_none() {
        return vec![];
    }
    if r.ask_leaders {
        return vec![Action::Accompany(true), Action::Accompany(false)];
    }
    destinations(g, r).0.into_iter().map(Action::RetreatTo).collect()
}

/// Whether a retreat has anywhere to go; if not the unit is destroyed (8.5, 8.6).
pub(crate) fn stuck(g: &Belmont, r: &RetreatState) -> bool {
    !r.ask_leaders && destinations(g, r).0.is_empty()
}

pub(crate) fn apply(g: &mut Belmont, mut r: RetreatState, a: &Action) {
    let u = r.unit;
    match *a {
        Action::Accompany(yes) => {
            r.ask_leaders = false;
            if yes {
                let hex = g.hex_of(u).expect("on map");
                r.leaders = g.leaders_at(hex, g.owner(u));
            }
            push_or_destroy(g, r);
        }
        Action::RetreatTo(to) => {
            let (_, breakout) = destinations(g, &r);
            let from = g.hex_of(u).expect("on map");
            let stationary = stationary_companies(g, g.owner(u), to);
            g.set_loc(u, Loc::Hex(to));
            for &l in &r.leaders {
                g.set_loc(l, Loc::Hex(to));
            }
            let n = g.name(u);
            g.log
                .push(if breakout { "Belmont 8.6" } else { "Belmont 8.2" }, || format!("{n} retreats {from} to {to}."));
            r.visited.push(to);
            r.left = r.left.saturating_sub(1);
            let only_from = breakout.then_some(to);
            if breakout {
                r.broke_out = true;
                r.left = r.left.max(1);
            }
            if crate::movement::embark_at_hunters_farm(g, u, to) {
                return;
            }
            // Continue (or stop), then the consequences of entering this hex happen
            // first: they sit above the continuation on the stack.
            if r.left > 0 {
                push_or_destroy(g, r.clone());
            } else if !g.is_leader(u) && g.stack_count(to) > charts::STACK_LIMIT {
                // 8.5: over-stacked: one more hex; 8.6: after a breakout, destroyed.
                if r.extra_used || r.broke_out {
                    g.log.push("Belmont 8.5", || format!("{n} cannot end over-stacked and is destroyed."));
                    fire::eliminate(g, u);
                } else {
                    r.extra_used = true;
                    r.left = 1;
                    push_or_destroy(g, r.clone());
                }
            }
            push_break_rolls(g, u, stationary, r.melee);
            if !breakout {
                fire::after_entering(g, u, to, None);
            } else {
                fire::after_entering(g, u, to, only_from);
            }
        }
        _ => unreachable!(),
    }
}

/// 8.5: the stationary companies of `side` in `hex`: those that have not themselves
/// retreated this activation (so not the units that retreated into it in an earlier round
/// of the same melee).
fn stationary_companies(g: &Belmont, side: Side, hex: Hex) -> Vec<UnitId> {
    g.side_at(hex, side)
        .into_iter()
        .filter(|&o| matches!(g.counter(o).kind, Kind::Infantry | Kind::Cavalry) && !g.unit(o).shaken)
        .collect()
}

/// 8.5: a die for every stationary company a retreating unit passes into, breaking it on
/// a 6. Units retreating from a melee are one group, so each company rolls once for it.
fn push_break_rolls(g: &mut Belmont, u: UnitId, stationary: Vec<UnitId>, melee: bool) {
    if g.is_leader(u) {
        return;
    }
    for s in stationary {
        if melee && !crate::melee::first_roll_for_group(g, s) {
            continue;
        }
        g.stack.push(Frame::BreakRoll { unit: s, on: charts::RETREAT_THROUGH_BREAK });
    }
}

/// Pushes the next retreat step, or destroys a unit with nowhere to go (8.5, 8.6).
fn push_or_destroy(g: &mut Belmont, r: RetreatState) {
    if g.in_play(r.unit) && stuck(g, &r) {
        let n = g.name(r.unit);
        g.log.push("Belmont 8.6", || format!("{n} has nowhere to retreat and is destroyed."));
        if g.is_leader(r.unit) {
            fire::kill_leader(g, r.unit, Fate::Captured);
        } else {
            fire::eliminate(g, r.unit);
        }
        return;
    }
    if g.in_play(r.unit) {
        g.stack.push(Frame::Retreat(Box::new(r)));
    }
}

/// 8.7: a captured gun left alone in a hex is abandoned; the first regiment to enter
/// the hex gains control of it. A friendly regiment simply moves in (this is called
/// after `u` enters `hex`); an enemy one must melee for it, as for any gun alone.
pub(crate) fn claim_abandoned(g: &mut Belmont, u: UnitId, hex: Hex) {
    let Some(f) = g.counter(u).formation else {
        return;
    };
    if g.counter(u).kind != Kind::Infantry || g.oob().formations[f].kind != crate::counters::FormationKind::Regiment {
        return;
    }
    let others: Vec<UnitId> = g.ground_at(hex).into_iter().filter(|&o| o != u && !g.is_leader(o)).collect();
    let guns: Vec<UnitId> = others.iter().copied().filter(|&o| g.unit(o).captor.is_some()).collect();
    if guns.is_empty() || guns.len() != others.len() {
        return;
    }
    let f = u8::try_from(f).expect("few formations");
    for gun in guns {
        if g.owner(gun) == g.owner(u) && g.unit(gun).captor != Some(f) {
            g.unit_mut(gun).captor = Some(f);
            let (gn, un) = (g.name(gun), g.name(u));
            g.log.push("Belmont 8.7", || format!("{gn}, abandoned, comes under the control of {un}'s regiment."));
        }
    }
}

/// 8.7: artillery left alone with the enemy is captured by the victorious regiment, whose
/// chit activates it from now on. A captured gun captured again becomes the new captor's
/// captured artillery, never the original counter, even when its own side re-takes it.
pub(crate) fn capture_artillery(g: &mut Belmont, u: UnitId) {
    let captor = g.act.as_ref().map(|a| a.formation);
    let n = g.name(u);
    let recaptured = g.unit(u).captor.is_some();
    g.unit_mut(u).captor = captor;
    if captor.is_none() {
        // Captured outside an activation (should not happen): count it eliminated.
        g.set_loc(u, Loc::Gone(Fate::Captured));
    }
    g.unit_mut(u).shaken = true;
    if recaptured {
        g.log.push("Belmont 8.7", || format!("{n} is captured again: now the captor's captured artillery."));
    } else {
        g.log.push("Belmont 8.7", || format!("{n} is captured."));
    }
}

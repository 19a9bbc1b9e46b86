//! B. The Movement Phase: 5.0-5.2 movement, 6.0-6.22 formation changes, 7.1 facing, 8.0-8.4
//! stacking as moves end ([`crate::stacking`]), leaders (17.52, 17.75: [`crate::leaders`]),
//! and 4.0 B reinforcements coming onto the map at their landings.
//!
//! A counter's move: the phasing player selects it (`Select`), may add counters of its hex as
//! a stack (`Join`, before the first step), steps hex by hex (`Step`, each step facing the hex
//! entered, 7.11), changes formation (`Form`), and ends the move (`EndMove`, or `Face` to end
//! it facing a hexside). A finished move is not reopened (issue 16). Stacks are put in order
//! (`ToTop`) between moves. When the player is Done, cavalry with MP left may mount or
//! dismount (6.22), then the phase ends.
//!
//! Readings:
//! - 7.11-7.12 with issue 16: facing goes with each step (the mover faces the hex it enters)
//!   and once at the end of the move (`Face`), which turns the whole stack in the hex, since
//!   stacked units share one facing (7.0, 8.42). A move ended without `Face` adopts the facing
//!   of the units already in the hex (8.42), or keeps the mover's. So facing is free but
//!   finite: every counter's move ends once a phase.
//! - 5.0 stacks: the counters of a stack move together, each paying its own costs from its
//!   own allowance; a step is taken only if every one can take it. A stack changes formation
//!   unit by unit (`Form` is offered to a single unit's move). Reinforcements come on singly.
//! - 5.2: a routed or out-of-command unit, or a brigade commander out of his Divisional
//!   Integrity Radius (17.21), takes one step whatever its cost, unless the step is
//!   prohibited to it (5.19); it changes no formation (5.2, 6.21).
//! - 6.22: cavalry mounts or dismounts after the player has finished moving (the end of the
//!   phase), paying from what its own move left (a cavalry unit that did not move has its
//!   whole allowance); each unit once.
//! - 9.84: a unit in a pinned hex may face but not step or change formation.
//! - 4.0 B: a reinforcement due this Game-Turn or earlier may come on at any hex of its
//!   landing, paying that hex's terrain; one held back may come on in a later Movement Phase.
//! - A step or formation change is offered only if the move can still end legally after it
//!   (FotM's dead-end rule): a unit may pass through a hex it may not stay in (8.0, R13).

pub mod costs;
mod finish;
pub mod hooks;

pub use costs::{allowance, entry_price, friend_in, is_gunboat, movable, mover_of, mp, step_price};
pub(crate) use finish::dead_end;
pub use hooks::Pending;

use crate::action::{Action, Piece};
use crate::authored::{Cost, FormationChange};
use crate::oob::{Kind, Start};
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Formation, Gbacw, Loc, UnitId};
use crate::{command, facing, leaders, sequence, stacking};
use engine::way_on::searching;
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// The counters moving now and what they have spent (5.11).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Mover {
    /// Their side.
    pub side: Side,
    /// The counters, the one selected first.
    pub pieces: Vec<Piece>,
    /// Half MP spent, by counter.
    pub spent: Vec<u16>,
    /// A reinforcement not yet on the map: its landing's place in the map's list (4.0 B).
    pub landing: Option<usize>,
    /// Hexes entered.
    pub steps: u8,
    /// A step or formation change held until the enemy's withdrawal fire is done (10.1,
    /// 6.23, 6.24; [`hooks`]).
    pub pending: Option<hooks::Pending>,
}

/// The Movement Phase under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveFrame {
    /// The phasing player selects a counter to move, orders a stack, or is Done.
    Phase {
        /// The phasing side.
        side: Side,
        /// Counters whose moves have ended, with the half MP each spent.
        moved: Vec<(Piece, u16)>,
        /// Units put on top of their stacks this phase (8.41).
        raised: Vec<UnitId>,
    },
    /// Counters moving (on top of their `Phase`).
    Moving(Mover),
    /// 6.22: at the end of the phase, cavalry mounts or dismounts.
    Mounting {
        /// The phasing side.
        side: Side,
        /// Half MP each cavalry unit has left.
        left: Vec<(UnitId, u16)>,
        /// Units that have changed.
        changed: Vec<UnitId>,
        /// A change held until the enemy's fire at it is done (6.24).
        pending: Option<(UnitId, Formation)>,
    },
}

/// Begins the phasing side's Movement Phase.
pub(crate) fn start_phase(g: &mut Gbacw) {
    let side = g.phasing;
    for u in g.unit_ids() {
        if g.side_of(u) == side {
            g.unit_mut(u).moved = false;
        }
    }
    // 16.23: where mounted cavalry begins the phase, for its charges.
    g.melee.charge_start = g
        .unit_ids()
        .filter(|&u| g.side_of(u) == side && g.unit(u).formation == Formation::Mounted)
        .filter_map(|u| g.hex_of(u).map(|h| (u, h)))
        .collect();
    g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side, moved: Vec::new(), raised: Vec::new() })));
}

// ------------------------------------------------------------------------------------------
// Counters.

/// Whether the piece names a unit or leader of this game.
#[must_use]
pub fn exists(g: &Gbacw, p: Piece) -> bool {
    match p {
        Piece::Unit(u) => usize::from(u) < g.units.len(),
        Piece::Leader(l) => usize::from(l) < g.leaders.len(),
    }
}

/// Where the counter is.
#[must_use]
pub fn loc(g: &Gbacw, p: Piece) -> Loc {
    match p {
        Piece::Unit(u) => g.unit(u).loc,
        Piece::Leader(l) => g.leaders[usize::from(l)].loc,
    }
}

/// The counter's hex, if on the map.
#[must_use]
pub fn hex(g: &Gbacw, p: Piece) -> Option<Hex> {
    match loc(g, p) {
        Loc::Map(h) => Some(h),
        _ => None,
    }
}

/// The counter's owner.
#[must_use]
pub fn side(g: &Gbacw, p: Piece) -> Side {
    match p {
        Piece::Unit(u) => g.side_of(u),
        Piece::Leader(l) => g.leader_info(l).2,
    }
}

/// The counter's name.
#[must_use]
pub fn name(g: &Gbacw, p: Piece) -> String {
    match p {
        Piece::Unit(u) => g.info(u).name.clone(),
        Piece::Leader(l) => g.leader_name(l),
    }
}

/// The counter's id on the board (`engine::CounterView::id`).
#[must_use]
pub fn counter_id(g: &Gbacw, p: Piece) -> String {
    match p {
        Piece::Unit(u) => g.info(u).id.clone(),
        Piece::Leader(l) => g.leader_info(l).0.to_string(),
    }
}

/// How the counter starts (set-up, arrival, off the map).
fn start(g: &Gbacw, p: Piece) -> &'static Start {
    let oob = g.oob();
    match p {
        Piece::Unit(u) => &g.info(u).start,
        Piece::Leader(l) => {
            let i = usize::from(l);
            oob.commanders.get(i).map_or_else(|| &oob.brigades[i - oob.commanders.len()].start, |c| &c.start)
        }
    }
}

/// 4.0 B: the landing (its place in the map's list) a waiting reinforcement of the phasing
/// side may come on at now; `Err` with why not.
fn due(g: &Gbacw, p: Piece) -> Result<usize, Illegal> {
    let Start::Arrive { turn, landing } = start(g, p) else {
        return Err(no("4.0", why!("{} is not on the map", name(g, p))));
    };
    if *turn > g.turn {
        return Err(no("4.0", why!("{} arrives on Game-Turn {turn}", name(g, p))));
    }
    g.map()
        .landings
        .iter()
        .position(|l| &l.name == landing)
        .ok_or_else(|| no("4.0", why!("{}'s landing {landing} is not on the map", name(g, p))))
}

/// 5.2, 17.21: the rule that holds the counter to one hex this phase, if one does.
fn one_hex(g: &Gbacw, p: Piece) -> Option<&'static str> {
    match p {
        Piece::Unit(u) if g.unit(u).routed => Some("5.2"),
        Piece::Unit(u) if !command::in_command(g, u) => Some("5.2"),
        Piece::Leader(l) if !command::brigade_in_dir(g, l) => Some("17.21"),
        _ => None,
    }
}

/// The counters whose moves have ended this phase (the `Phase` frame's list).
fn moved(g: &Gbacw) -> &[(Piece, u16)] {
    g.stack
        .iter()
        .rev()
        .find_map(|f| match f {
            Frame::Move(m) => match m.as_ref() {
                MoveFrame::Phase { moved, .. } => Some(moved.as_slice()),
                _ => None,
            },
            _ => None,
        })
        .unwrap_or(&[])
}

/// The move under way, if the top frame is one.
#[must_use]
pub fn mover(g: &Gbacw) -> Option<&Mover> {
    match g.stack.last() {
        Some(Frame::Move(f)) => match f.as_ref() {
            MoveFrame::Moving(m) => Some(m),
            _ => None,
        },
        _ => None,
    }
}

// ------------------------------------------------------------------------------------------
// Checks.

/// Whether the counter may begin a move now; for a reinforcement, its landing.
fn select_check(g: &Gbacw, side: Side, p: Piece) -> Result<Option<usize>, Illegal> {
    if !exists(g, p) {
        return Err(no("5.0", "no such unit or leader"));
    }
    if self::side(g, p) != side {
        return Err(no("4.0", why!("{} is the enemy's: the {} player moves", name(g, p), side.title())));
    }
    if !movable(g, p) {
        return Err(no("5.0", why!("{} does not move", name(g, p))));
    }
    if moved(g).iter().any(|&(q, _)| q == p) {
        return Err(no("5.0", why!("{} has moved this phase; a finished move is not reopened", name(g, p))));
    }
    match loc(g, p) {
        // 12.94: engaged units do not move (12.94 option 3 is the Retreat Before Melee Phase's).
        Loc::Map(h) if matches!(p, Piece::Unit(_)) && g.engaged.contains(&h) => {
            return Err(no("12.94", why!("{} is engaged in melee", name(g, p))));
        }
        Loc::Map(_) => {}
        Loc::Waiting => return due(g, p).map(Some),
        Loc::OffMap(_) | Loc::Gone(_) => return Err(no("5.0", why!("{} is not on the map", name(g, p)))),
    }
    // Where it stands it may end, most often: judged without a move made up for it (this is
    // asked of every counter at every decision of the phase).
    let Some(at) = hex(g, p) else { return Ok(None) };
    let stays = stacking::fault(g, at, side).is_none()
        && match p {
            Piece::Leader(l) => leaders::fault(g, l).is_none(),
            Piece::Unit(_) => true,
        };
    if stays {
        return Ok(None);
    }
    let m = Mover { side, pieces: vec![p], spent: vec![0], landing: None, steps: 0, pending: None };
    if may_end(g, &m).is_err() && !finish::can_finish(g, &m) {
        return Err(may_end(g, &m).err().unwrap_or_else(|| no("8.11", "its move could not end legally")));
    }
    Ok(None)
}

/// 5.0: whether `p` may join the stack moving.
fn join_check(g: &Gbacw, m: &Mover, p: Piece) -> Result<(), Illegal> {
    let lead = m.pieces[0];
    if !exists(g, p) {
        return Err(no("5.0", "no such unit or leader"));
    }
    if m.pieces.contains(&p) {
        return Err(no("5.0", why!("{} is already moving", name(g, p))));
    }
    if m.landing.is_some() || m.steps > 0 {
        return Err(no("5.0", "a stack forms before its first step, on the map"));
    }
    if side(g, p) != m.side || !movable(g, p) || moved(g).iter().any(|&(q, _)| q == p) {
        return Err(no("5.0", why!("{} may not move with {} now", name(g, p), name(g, lead))));
    }
    if is_gunboat(g, p) || is_gunboat(g, lead) {
        return Err(no("5.0", "a gunboat moves alone (the exclusive rules, plan 2.5 c)"));
    }
    if hex(g, p).is_none() || hex(g, p) != hex(g, lead) {
        return Err(no("5.0", why!("{} is not stacked with {}", name(g, p), name(g, lead))));
    }
    // 8.16, 8.17: a stack that could end nowhere together (random play found a Column
    // regiment joined to cavalry, with no legal end and past the way-on search's limit).
    if let Piece::Unit(u) = p {
        let mut units = hooks::units(m);
        units.push(u);
        if let Some(f) = stacking::never_together(g, &units) {
            return Err(f);
        }
    }
    Ok(())
}

/// The half MP each counter of the stack pays to enter `to` now, or why it may not.
fn step_check(g: &Gbacw, m: &Mover, to: Hex) -> Result<Vec<u16>, Illegal> {
    let map = g.map();
    if !map.contains(to) {
        return Err(no("5.17", why!("{to} is off the map")));
    }
    let enemy_units = g.units_here(to).any(|u| g.side_of(u) != m.side);
    let enemy_leaders = !leaders::leaders_at(g, to, m.side.enemy()).is_empty();
    let has_unit = m.pieces.iter().any(|p| matches!(p, Piece::Unit(_)));
    if enemy_units || (enemy_leaders && !has_unit) {
        return Err(no("5.12", why!("enemy counters occupy {to}")));
    }
    let Some(at) = hex(g, m.pieces[0]) else {
        // 4.0 B: onto the map at the landing.
        let landing = &map.landings[m.landing.unwrap_or(0)];
        if !landing.hexes.contains(&to) {
            return Err(no(
                "4.0",
                why!("{} comes on at {} ({to} is not one of its hexes)", name(g, m.pieces[0]), landing.name),
            ));
        }
        return m
            .pieces
            .iter()
            .map(|&p| match entry_price(g, p, to) {
                Some(Cost::Mp(c)) if c.halves() <= allowance(g, p) => Ok(c.halves()),
                _ => Err(no("5.19", why!("{to} is prohibited to {}", name(g, p)))),
            })
            .collect();
    };
    if at.distance(to) != 1 {
        return Err(no("5.16", why!("{to} is not adjacent to {at}: movement is hex by hex")));
    }
    if g.pinned.contains(&at) {
        return Err(no("9.84", why!("the units in {at} are pinned and may not move")));
    }
    let road_denied = friend_in(g, to, m.side, &m.pieces);
    if road_denied && let Some(f) = crowded(g, m, to) {
        return Err(f);
    }
    let mut costs = Vec::with_capacity(m.pieces.len());
    for (i, &p) in m.pieces.iter().enumerate() {
        let Some(cost) = step_price(g, p, at, to, road_denied) else {
            return Err(no("6.13", why!("{} is unlimbered and may not move", name(g, p))));
        };
        let Cost::Mp(c) = cost else {
            return Err(no("5.19", why!("the step from {at} to {to} is prohibited to {}", name(g, p))));
        };
        if let Some(rule) = one_hex(g, p) {
            if m.steps > 0 {
                return Err(no(rule, format!("{} moves one hex only", name(g, p))));
            }
            if hooks::in_enemy_zoc(g, m.side, to) {
                return Err(no("5.2", why!("{} may not enter an enemy ZOC", name(g, p))));
            }
            if hooks::in_enemy_zoc(g, m.side, at)
                && to.neighbours().iter().any(|&n| g.units_here(n).any(|u| g.side_of(u) != m.side))
            {
                return Err(no("5.2", why!("{} may leave the enemy ZOC only to a hex next to no enemy", name(g, p))));
            }
            costs.push(c.halves());
            continue;
        }
        let left = allowance(g, p).saturating_sub(m.spent[i]);
        if c.halves() > left {
            return Err(no(
                "5.11",
                why!("{} has {} MP left; entering {to} costs {}", name(g, p), mp(left), mp(c.halves())),
            ));
        }
        costs.push(c.halves());
    }
    // 17.52: the last combat unit does not leave behind a leader whose move is over.
    let stays = stacking::friends_at(g, at, m.side).iter().any(|&u| !m.pieces.contains(&Piece::Unit(u)));
    if !stays && !leaders::may_stand_alone(g, at, m.side) {
        let done = moved(g);
        if let Some(l) = leaders::leaders_at(g, at, m.side)
            .into_iter()
            .find(|&l| !m.pieces.contains(&Piece::Leader(l)) && done.iter().any(|&(q, _)| q == Piece::Leader(l)))
        {
            return Err(no("17.52", why!("{} would be left alone in {at}, near the enemy", g.leader_info(l).1)));
        }
    }
    // 9.84: the pin covers the hex, so a move entering a pinned hex goes no farther: it may
    // enter only where it may end (the way-on search cannot see past withdrawal fire).
    if g.pinned.contains(&to) && !hooks::may_end_after(g, m, to, &costs) {
        return Err(no("9.84", why!("{to} is pinned: the move would stop there, where it may not end")));
    }
    // 10.15: withdrawal fire at a step may pin the mover, which then "may move one hex and
    // then it becomes pinned": a step that draws it enters only where the move may end (a
    // bot's Column passed into a friend's road hex, was pinned there and could neither end
    // nor go on, 8.16).
    if crate::withdrawal::leaving(g, m.side, &m.pieces, at).is_some() && !hooks::may_end_after(g, m, to, &costs) {
        return Err(no(
            "10.15",
            why!("leaving {at} draws withdrawal fire, which may pin the move in {to}, where it may not end"),
        ));
    }
    Ok(costs)
}

/// 6.11, 8.16, 8.17 (the audit, session 12, tightening R13): Column, limbered guns and mounted
/// cavalry enter a hex holding other friendly combat units only where a road runs through it
/// (paying its other terrain, as `road_denied` prices the step), and mounted cavalry besides a
/// hex of mounted cavalry alone (8.17). The refusal, if any.
fn crowded(g: &Gbacw, m: &Mover, to: Hex) -> Option<Illegal> {
    let map = g.map();
    let road_hex = to.neighbours().into_iter().any(|n| map.road(to, n));
    if road_hex {
        return None;
    }
    let others: Vec<UnitId> =
        stacking::friends_at(g, to, m.side).into_iter().filter(|u| !m.pieces.contains(&Piece::Unit(*u))).collect();
    m.pieces.iter().find_map(|&p| {
        let Piece::Unit(u) = p else { return None };
        match g.unit(u).formation {
            Formation::Column | Formation::Limbered => Some(no(
                "8.16",
                why!("{} may not move into {to}: it holds friendly units and no road (6.11)", name(g, p)),
            )),
            Formation::Mounted if others.iter().any(|&o| g.unit(o).formation != Formation::Mounted) => Some(no(
                "8.17",
                why!("{} may not move into {to}: mounted cavalry stacks only with mounted cavalry, and no road runs there (6.11)", name(g, p)),
            )),
            _ => None,
        }
    })
}

/// 8.11-8.17, 17.52: whether the move may end where the counters stand.
fn may_end(g: &Gbacw, m: &Mover) -> Result<(), Illegal> {
    let Some(h) = hex(g, m.pieces[0]) else { return Ok(()) };
    if let Some(f) = stacking::fault(g, h, m.side) {
        return Err(f);
    }
    for &p in &m.pieces {
        if let Piece::Leader(l) = p
            && let Some(f) = leaders::fault(g, l)
        {
            return Err(f);
        }
    }
    Ok(())
}

/// 6.2: the half MP the moving unit pays to take formation `f` now, or why it may not.
fn form_check(g: &Gbacw, m: &Mover, f: Formation) -> Result<u16, Illegal> {
    let [Piece::Unit(u)] = m.pieces[..] else {
        return Err(no("6.2", "a stack changes formation unit by unit: move the unit alone"));
    };
    let Some(at) = g.hex_of(u) else { return Err(no("6.2", "formation changes on the map")) };
    let now = g.unit(u).formation;
    let name = &g.info(u).name;
    let change = match (g.info(u).kind, now, f) {
        (Kind::Infantry, Formation::Line, Formation::Column) | (Kind::Infantry, Formation::Column, Formation::Line) => {
            FormationChange::LineColumn
        }
        (Kind::Battery { .. }, Formation::Limbered, Formation::Unlimbered)
        | (Kind::Battery { .. }, Formation::Unlimbered, Formation::Limbered) => FormationChange::LimberUnlimber,
        (Kind::Cavalry, _, Formation::Mounted | Formation::Dismounted) if now != f => {
            return Err(no("6.22", why!("{name} mounts or dismounts only at the end of the Movement Phase")));
        }
        _ => return Err(no("6.0", why!("{name} ({now:?}) has no {f:?} formation to change to"))),
    };
    if g.unit(u).routed {
        return Err(no("5.2", why!("{name} is routed and may not change formation")));
    }
    if !command::in_command(g, u) {
        return Err(no("6.21", why!("{name} is out of command and may not change formation")));
    }
    if g.pinned.contains(&at) {
        return Err(no("9.84", why!("{name} is pinned and may not change formation")));
    }
    let cost = g.charts().formation_cost(change).halves();
    let left = allowance(g, Piece::Unit(u)).saturating_sub(m.spent[0]);
    if cost > left {
        return Err(no("6.22", why!("{name} has {} MP left; the change costs {}", mp(left), mp(cost))));
    }
    Ok(cost)
}

/// 8.42: the facing the moving units take if the move ends now without a `Face`: that of the
/// units already in the hex, or the first moving unit's own; `None` for leaders alone.
fn end_facing(g: &Gbacw, m: &Mover) -> Option<u8> {
    let h = hex(g, m.pieces[0])?;
    if is_gunboat(g, m.pieces[0]) {
        return None;
    }
    let lead = m.pieces.iter().find_map(|&p| match p {
        Piece::Unit(u) => Some(u),
        Piece::Leader(_) => None,
    })?;
    let others = stacking::friends_at(g, h, m.side).into_iter().find(|&u| !m.pieces.contains(&Piece::Unit(u)));
    Some(g.unit(others.unwrap_or(lead)).facing)
}

/// 7.12, 8.42: whether the move may end facing hexside `f`.
fn face_check(g: &Gbacw, m: &Mover, f: u8) -> Result<(), Illegal> {
    if f > 5 {
        return Err(no("7.0", "a counter faces one of its hex's six hexsides, 0-5"));
    }
    match end_facing(g, m) {
        None => Err(no("7.0", "leaders and gunboats have no facing")),
        Some(now) if now == f => Err(no("7.12", "the stack already faces that hexside: end the move")),
        Some(_) => may_end(g, m),
    }
}

/// The moving counters' next actions, each legal (dead ends excluded).
fn mover_legal(m: &Mover, g: &Gbacw) -> Vec<Action> {
    let mut out = Vec::new();
    let Some(at) = hex(g, m.pieces[0]) else {
        let landing = &g.map().landings[m.landing.unwrap_or(0)];
        for &h in &landing.hexes {
            let a = Action::Step(h);
            if step_check(g, m, h).is_ok() && finish::step_keeps_way(g, m, None, h) {
                out.push(a);
            }
        }
        out.push(Action::EndMove);
        return out;
    };
    if m.steps == 0 {
        let here: Vec<Piece> = g
            .unit_ids()
            .filter(|&u| g.hex_of(u) == Some(at))
            .map(Piece::Unit)
            .chain(leaders::leaders_at(g, at, m.side).into_iter().map(Piece::Leader))
            .collect();
        out.extend(
            here.into_iter()
                .filter(|&p| join_check(g, m, p).is_ok() && finish::keeps_way_on(g, &Action::Join(p)))
                .map(Action::Join),
        );
    }
    for to in at.neighbours() {
        let a = Action::Step(to);
        if step_check(g, m, to).is_ok() && finish::step_keeps_way(g, m, Some(at), to) {
            out.push(a);
        }
    }
    for f in [Formation::Line, Formation::Column, Formation::Limbered, Formation::Unlimbered] {
        let a = Action::Form(f);
        if form_check(g, m, f).is_ok()
            && (searching() || finish::plainly_forms(g, m, at, f) || finish::keeps_way_on(g, &a))
        {
            out.push(a);
        }
    }
    if may_end(g, m).is_ok() {
        out.extend((0..6).filter(|&f| face_check(g, m, f).is_ok()).map(Action::Face));
        out.push(Action::EndMove);
    }
    out
}

/// 6.22: the cavalry of `side` with MP left and the MP, for the end of the phase.
fn mounting_left(g: &Gbacw, side: Side, moved: &[(Piece, u16)]) -> Vec<(UnitId, u16)> {
    g.unit_ids()
        .filter(|&u| g.side_of(u) == side && matches!(g.info(u).kind, Kind::Cavalry) && g.hex_of(u).is_some())
        .map(|u| {
            let spent = moved.iter().find(|&&(p, _)| p == Piece::Unit(u)).map_or(0, |&(_, s)| s);
            (u, allowance(g, Piece::Unit(u)).saturating_sub(spent))
        })
        .collect()
}

/// 6.22: whether cavalry unit `u` may mount or dismount now.
fn mount_check(g: &Gbacw, left: &[(UnitId, u16)], changed: &[UnitId], u: UnitId) -> Result<Formation, Illegal> {
    let Some(&(_, mp_left)) = left.iter().find(|&&(v, _)| v == u) else {
        return Err(no("6.14", "only the phasing player's cavalry on the map mounts and dismounts"));
    };
    let name = &g.info(u).name;
    if changed.contains(&u) {
        return Err(no("6.22", why!("{name} has already changed this phase")));
    }
    if g.unit(u).routed {
        return Err(no("5.2", why!("{name} is routed and may not change formation")));
    }
    if !command::in_command(g, u) {
        return Err(no("6.21", why!("{name} is out of command and may not change formation")));
    }
    let at = g.hex_of(u).expect("on the map");
    if g.pinned.contains(&at) {
        return Err(no("9.84", why!("{name} is pinned and may not change formation")));
    }
    let cost = g.charts().formation_cost(FormationChange::MountDismount).halves();
    if cost > mp_left {
        return Err(no("6.22", why!("{name} has {} MP left; mounting or dismounting costs {}", mp(mp_left), mp(cost))));
    }
    let to = if g.unit(u).formation == Formation::Mounted { Formation::Dismounted } else { Formation::Mounted };
    let mut after = g.clone();
    engine::Game::set_logging(&mut after, false);
    after.unit_mut(u).formation = to;
    if let Some(f) = stacking::fault(&after, at, g.side_of(u)) {
        return Err(f);
    }
    Ok(to)
}

/// Why the phasing player may not be Done yet (8.11-8.17, 17.52), if so. A leader left alone
/// near the enemy who could make no legal move of his own (17.21's one hex leading nowhere he
/// may stay) is not held to 17.52, as a pinned one is not: the phase must be able to end.
fn done_fault(g: &Gbacw, side: Side) -> Option<Illegal> {
    stacking::any_fault(g, side).or_else(|| {
        g.leader_ids()
            .filter(|&l| g.leader_info(l).2 == side)
            .filter(|&l| select_check(g, side, Piece::Leader(l)).is_ok())
            .find_map(|l| leaders::fault(g, l))
    })
}

// ------------------------------------------------------------------------------------------
// Applying.

/// Ends the move: the stack's facing (8.42, 7.12), the counters recorded as moved.
fn end_move(g: &mut Gbacw, m: &Mover, face: Option<u8>) {
    if let Some(h) = hex(g, m.pieces[0]) {
        if let Some(f) = face {
            for u in stacking::friends_at(g, h, m.side) {
                g.unit_mut(u).facing = f;
            }
            let dir = facing::dir(f).name();
            g.log.push("GBACW 7.12", || format!("The stack in {h} faces {dir}."));
        } else if let Some(f) = end_facing(g, m) {
            for &p in &m.pieces {
                if let Piece::Unit(u) = p {
                    g.unit_mut(u).facing = f;
                }
            }
        }
    }
    if let Some(Frame::Move(f)) = g.stack.last_mut()
        && let MoveFrame::Phase { moved, .. } = f.as_mut()
    {
        moved.extend(m.pieces.iter().copied().zip(m.spent.iter().copied()));
    }
}

/// 5.0, 7.11: the moving counters, facing `to`, enter it, paying `costs`.
fn take_step(g: &mut Gbacw, m: &mut Mover, to: Hex, costs: &[u16]) {
    let from = hex(g, m.pieces[0]);
    for (i, &p) in m.pieces.iter().enumerate() {
        m.spent[i] = m.spent[i].saturating_add(costs[i]);
        match p {
            Piece::Unit(u) => {
                if let Some(f) = from.and_then(|at| facing::toward(at, to)) {
                    g.unit_mut(u).facing = f;
                }
                let order = stacking::bottom(g, to, u);
                let st = g.unit_mut(u);
                st.loc = Loc::Map(to);
                st.order = order;
                st.moved = true;
            }
            Piece::Leader(l) => g.leaders[usize::from(l)].loc = Loc::Map(to),
        }
    }
    m.steps = m.steps.saturating_add(1);
    m.landing = None;
    let paid = mp(costs.iter().copied().max().unwrap_or(0));
    let rule = if from.is_none() { "GBACW 4.0" } else { "GBACW 5.15" };
    // Named only when logged: random play and the bots' searches log nothing.
    let who = if g.log.enabled() {
        m.pieces.iter().map(|&p| name(g, p)).collect::<Vec<_>>().join(", ")
    } else {
        String::new()
    };
    g.log.push(rule, || match from {
        None => format!("{who} comes onto the map at {to} ({paid} MP)."),
        Some(_) => format!("{who} enters {to} ({paid} MP)."),
    });
    let units: Vec<UnitId> = m
        .pieces
        .iter()
        .filter_map(|&p| match p {
            Piece::Unit(u) => Some(u),
            Piece::Leader(_) => None,
        })
        .collect();
    if !units.is_empty() {
        leaders::capture_alone(g, to, m.side);
        crate::retreat::guns_entered(g, to, m.side, &units);
    }
}

/// Applies an action of the counters moving.
fn apply_mover(g: &mut Gbacw, mut m: Mover, a: &Action) {
    match *a {
        Action::Join(p) => {
            m.pieces.push(p);
            m.spent.push(0);
            let (n, lead) = (name(g, p), name(g, m.pieces[0]));
            g.log.push("GBACW 5.0", || format!("{n} moves with {lead}."));
        }
        Action::Step(to) => {
            let costs = step_check(g, &m, to).expect("a legal step");
            if let Some(at) = hex(g, m.pieces[0]) {
                // 10.1: leaving an enemy zone, the enemy may fire first.
                match hooks::withdrawal_on_leaving(g, m, at, to, &costs) {
                    Some(held) => m = held,
                    None => return,
                }
            }
            take_step(g, &mut m, to, &costs);
        }
        Action::Form(f) => {
            let cost = form_check(g, &m, f).expect("a legal change");
            let Piece::Unit(u) = m.pieces[0] else { unreachable!("a unit") };
            let at = g.hex_of(u).expect("on the map");
            m.spent[0] = m.spent[0].saturating_add(cost);
            // 6.23, 6.24: the enemy may fire before the change is made.
            match hooks::withdrawal_on_formation_change(g, m, u, at, f) {
                Some(held) => m = held,
                None => return,
            }
            g.unit_mut(u).formation = f;
            let n = g.info(u).name.clone();
            g.log.push("GBACW 6.2", || format!("{n} changes to {f:?} ({} MP).", mp(cost)));
        }
        Action::Face(f) => {
            end_move(g, &m, Some(f));
            return;
        }
        _ => {
            end_move(g, &m, None);
            return;
        }
    }
    g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
}

/// The player is done moving: cavalry may mount or dismount (6.22), then the phase ends.
fn end_phase(g: &mut Gbacw, side: Side, moved: &[(Piece, u16)]) {
    let left = mounting_left(g, side, moved);
    if left.iter().any(|&(u, _)| mount_check(g, &left, &[], u).is_ok()) {
        g.stack.push(Frame::Move(Box::new(MoveFrame::Mounting { side, left, changed: Vec::new(), pending: None })));
    } else {
        sequence::next_phase(g);
    }
}

impl Procedure<Gbacw, Action> for MoveFrame {
    fn actor(&self, _g: &Gbacw) -> Actor {
        match self {
            MoveFrame::Phase { side, .. } | MoveFrame::Mounting { side, .. } => Actor::Side(*side),
            MoveFrame::Moving(m) => Actor::Side(m.side),
        }
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        match self {
            MoveFrame::Phase { side, .. } => (
                "GBACW 5.0",
                format!("{} {}: move a unit or leader, order a stack, or Done", side.title(), g.phase.name()),
            ),
            MoveFrame::Moving(m) => {
                let who = name(g, m.pieces[0]);
                let with = if m.pieces.len() > 1 { format!(" and {} more", m.pieces.len() - 1) } else { String::new() };
                match hex(g, m.pieces[0]) {
                    None => ("GBACW 4.0", format!("{who} comes onto the map: choose a landing hex, or hold it back")),
                    Some(h) => {
                        let what = if is_gunboat(g, m.pieces[0]) {
                            "steam on along the river or end its move"
                        } else {
                            "move on, change formation, face, or end its move"
                        };
                        // A stack goes as far as its slowest counter (the second audit: a
                        // leader on top showed his 12 MP).
                        let i = (0..m.pieces.len())
                            .min_by_key(|&i| allowance(g, m.pieces[i]).saturating_sub(m.spent[i]))
                            .unwrap_or(0);
                        let (spent, of) = (mp(m.spent[i]), mp(allowance(g, m.pieces[i])));
                        ("GBACW 5.11", format!("{who}{with} in {h}, {spent} of {of} MP spent: {what}"))
                    }
                }
            }
            MoveFrame::Mounting { side, .. } => {
                ("GBACW 6.22", format!("{} {}: cavalry may mount or dismount, or Done", side.title(), g.phase.name()))
            }
        }
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        match self {
            MoveFrame::Phase { side, raised, .. } => {
                let pieces = g.unit_ids().map(Piece::Unit).chain(g.leader_ids().map(Piece::Leader));
                let mut out: Vec<Action> =
                    pieces.filter(|&p| select_check(g, *side, p).is_ok()).map(Action::Select).collect();
                out.extend(
                    g.unit_ids()
                        .filter(|&u| g.side_of(u) == *side && stacking::may_raise(g, u, raised))
                        .map(Action::ToTop),
                );
                if done_fault(g, *side).is_none() {
                    out.push(Action::Done);
                }
                out
            }
            MoveFrame::Moving(m) => mover_legal(m, g),
            MoveFrame::Mounting { left, changed, .. } => {
                let mut out: Vec<Action> = left
                    .iter()
                    .filter(|&&(u, _)| mount_check(g, left, changed, u).is_ok())
                    .map(|&(u, _)| Action::Mount(u))
                    .collect();
                out.push(Action::Done);
                out
            }
        }
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        match self {
            MoveFrame::Phase { side, moved, mut raised } => match *a {
                Action::Select(p) => {
                    let landing = select_check(g, side, p).expect("a legal selection");
                    g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side, moved, raised })));
                    let m = Mover { side, pieces: vec![p], spent: vec![0], landing, steps: 0, pending: None };
                    g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
                }
                Action::ToTop(u) => {
                    stacking::raise(g, u);
                    raised.push(u);
                    let n = g.info(u).name.clone();
                    g.log.push("GBACW 8.41", || format!("{n} goes to the top of its stack."));
                    g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side, moved, raised })));
                }
                _ => end_phase(g, side, &moved),
            },
            MoveFrame::Moving(m) => apply_mover(g, m, a),
            MoveFrame::Mounting { side, left, mut changed, .. } => match *a {
                Action::Mount(u) => {
                    let to = mount_check(g, &left, &changed, u).expect("a legal change");
                    let at = g.hex_of(u).expect("on the map");
                    changed.push(u);
                    // 6.24: the enemy may fire before the change is made.
                    if let Some(volley) = crate::withdrawal::formation_change(g, u, at, to) {
                        let frame = MoveFrame::Mounting { side, left, changed, pending: Some((u, to)) };
                        g.stack.push(Frame::Move(Box::new(frame)));
                        volley.push(g);
                    } else {
                        hooks::mount(g, u, to);
                        g.stack.push(Frame::Move(Box::new(MoveFrame::Mounting { side, left, changed, pending: None })));
                    }
                }
                _ => sequence::next_phase(g),
            },
        }
    }

    /// A step or change held for withdrawal fire (10.1, 6.24) goes on once the fire is done.
    fn automatic(&self, _g: &Gbacw) -> bool {
        match self {
            MoveFrame::Moving(m) => m.pending.is_some(),
            MoveFrame::Mounting { pending, .. } => pending.is_some(),
            MoveFrame::Phase { .. } => false,
        }
    }

    fn run(self, g: &mut Gbacw) {
        match self {
            MoveFrame::Moving(m) => hooks::resume(g, m),
            MoveFrame::Mounting { side, left, changed, pending } => {
                if let Some((u, to)) = pending
                    && g.hex_of(u).is_some()
                    && !g.unit(u).routed
                {
                    hooks::mount(g, u, to);
                }
                g.stack.push(Frame::Move(Box::new(MoveFrame::Mounting { side, left, changed, pending: None })));
            }
            MoveFrame::Phase { .. } => unreachable!("the phase is not automatic"),
        }
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        match (self, *a) {
            (MoveFrame::Phase { side, .. }, Action::Select(p)) => select_check(g, *side, p).err(),
            (MoveFrame::Phase { side, raised, .. }, Action::ToTop(u)) => {
                let ok = usize::from(u) < g.units.len() && g.side_of(u) == *side && stacking::may_raise(g, u, raised);
                (!ok).then(|| {
                    no(
                        "8.41",
                        "a unit goes on top of a stack of its own side, once a Movement Phase, not already there",
                    )
                })
            }
            (MoveFrame::Phase { side, .. }, Action::Done) => done_fault(g, *side),
            (MoveFrame::Moving(m), Action::Join(p)) => {
                join_check(g, m, p).err().or_else(|| finish::dead_end_refusal(g, a))
            }
            (MoveFrame::Moving(m), Action::Step(to)) => {
                step_check(g, m, to).err().or_else(|| finish::dead_end_refusal(g, a))
            }
            (MoveFrame::Moving(m), Action::Form(f)) => {
                form_check(g, m, f).err().or_else(|| finish::dead_end_refusal(g, a))
            }
            (MoveFrame::Moving(m), Action::Face(f)) => face_check(g, m, f).err(),
            (MoveFrame::Moving(m), Action::EndMove) => may_end(g, m).err(),
            (MoveFrame::Moving(_), Action::Done | Action::Select(_)) => {
                Some(no("5.0", "finish this move first (end it, or face the stack)"))
            }
            (MoveFrame::Mounting { left, changed, .. }, Action::Mount(u)) => {
                if usize::from(u) < g.units.len() {
                    mount_check(g, left, changed, u).err()
                } else {
                    Some(no("6.14", "no such unit"))
                }
            }
            _ => None,
        }
    }
}

//! 13.0 Movement and 14.0 Reinforcements, with 8.1-8.4 mounting, the 8.5 breakout exit, the
//! 11.3 cavalry restraints, Burnside's pause (11.4), 10.1 commanders leaving ZOC, dusk (11.6)
//! and 4.2 stack reordering. The automatic moves (17.4 routed brigades, 17.5 guards, the 8.5
//! pursuit) are in [`crate::routed`].
//!
//! MP are counted in half points throughout (13.2 road column movement costs 1/2).
//!
//! Readings:
//! - 13.2 orderly withdrawal: a brigade may begin its move by entering a rear hex without
//!   turning, and may go on entering rear hexes as long as it neither turns nor enters a front
//!   hex; the first hex costs double, the rest their normal cost.
//! - 13.2/13.3 road column movement: 1/2 MP a hex replaces every terrain, elevation and steep
//!   hillside cost of that hex (the road is graded); the prohibitions still hold. A column
//!   brigade entering an enemy ZOC by road pays the normal cost (13.3).
//! - 13.3 formation change: the column's direction of march is set with ordinary facing
//!   changes (`Face`), the two free ones usually sufficing.
//! - 8.1 mounting: "beginning or end" of the unit's move: before its first hex, or as its last
//!   act (it ends the move); at each of the two at most once, so horse artillery may mount,
//!   move and dismount to fire (the third playtest); each change needs 1 MP left. Horse artillery has 6 MP
//!   whether it starts mounted or not (it must mount, 1 MP, to move: 8.4).
//! - 13.5 forced march: the one extra hex is a hex the brigade cannot pay for from its
//!   allowance (after its first hex, which 13.1 always allows); it stops there.
//! - A brigade may pass through a hex it could not end in (4.1), but only with MP left after
//!   entering it and no reason to stop there.
//! - 11.3: "further West" compares hex centres ([`crate::map::Map::eastward`]), not the labels'
//!   row numbers: with the columns staggered half a hex, the same diagonal step would count as
//!   West from one column and not from the next, and a held brigade could edge West by zigzag;
//!   the centre is where the counter stands. So a diagonal step half a hex West is "further
//!   West", and a brigade half a hex West of all the cavalry is West of it. The two-hex
//!   leash is read in [`leave`]: it binds from Pleasonton's stop (on turn one: the third
//!   playtest), or from turn 2 if he never stopped; no step may end farther than two hexes
//!   from every Union infantry and artillery brigade unless it is no farther than the hex
//!   left, and stranded cavalry must close up.
//! - 14.2: brigades of one entry join the forming stack in the order the player brings them
//!   on, a new stack starting when the forming one could not take the brigade (4.1); each stack
//!   ahead costs 1/2 MP. Commanders pay what the forming stack pays. An entry hex is blocked
//!   when an enemy brigade holds it, or, for a Union unit during Burnside's pause, when it is in
//!   a Confederate ZOC (11.4: the unit may not enter it). A blocked entry moves along the edge:
//!   the unit enters at a map-edge hex within two hexes of the designated one (it comes onto the
//!   map across the edge; it does not appear inside the map beyond the blocker). Coming on is
//!   entering a hex: an enemy ZOC there stops the unit (6.1) and 11.4 bars it to the Union
//!   during the pause. A player may hold units back: they stay at the entry for a later
//!   Reinforcement Phase.

mod costs;
mod entry;
mod finish;
mod leave;

use crate::action::Action;
use crate::facing::{self, Arc};
use crate::map::Terrain;
use crate::oob::{Arm, Corps, Start};
use crate::procedure::{Frame, Procedure, d6};
use crate::state::{Bid, Fate, Fotm, Loc, Unit};
use crate::{routed, sequence, stacking, victory};
pub(crate) use costs::{
    Ground, allowance, brigade_cost, commander_cost, commander_ground_cost, ground_cost, may_cross, moves_on_foot,
    terrain_cost,
};
use engine::{Actor, Illegal, Side};
pub(crate) use entry::{done_warning, start_reinforcements};
use entry::{entering_units, entry_check, entry_facing, entry_hexes, entry_of, join_column};
pub(crate) use finish::dead_end;
use hexmap::Hex;
use leave::{bound_to_leave, may_still_close, may_still_leave, pending_bound};

/// 13.1: infantry MP allowance.
pub const INFANTRY_MP: u8 = 4;
/// 13.1: artillery MP allowance.
pub const ARTILLERY_MP: u8 = 4;
/// 13.1, 8.1: mounted cavalry and horse artillery MP allowance.
pub const MOUNTED_MP: u8 = 6;
/// 8.1: cavalry starting its move dismounted.
pub const DISMOUNTED_MP: u8 = 4;
/// 13.1: commanders.
pub const COMMANDER_MP: u8 = 6;
/// 13.1, 17.5: guards.
pub const GUARD_MP: u8 = 4;
/// 13.2: facing changes free each Movement Phase.
pub const FREE_FACING_CHANGES: u8 = 2;
/// 13.2: MP per facing change beyond the free ones.
pub const FACING_COST: u8 = 1;
/// 13.2: clear hex.
pub const CLEAR_COST: u8 = 1;
/// 13.2: woods, infantry (and dismounted cavalry, 8.3).
pub const WOODS_FOOT_COST: u8 = 2;
/// 13.2: woods, cavalry and artillery.
pub const WOODS_HORSE_COST: u8 = 3;
/// 13.2: the surcharge for an elevation change (one level for cavalry and artillery, two for
/// infantry) and for a steep hillside.
pub const SURCHARGE: u8 = 1;
/// 13.2: the elevation change that is prohibited to all.
pub const PROHIBITED_CHANGE: u8 = 3;
/// 13.2: the elevation change prohibited to cavalry and artillery.
pub const HORSE_PROHIBITED_CHANGE: u8 = 2;
/// 13.2, 13.3: road column movement and commanders on a road, in half MP.
pub const ROAD_HALF: u8 = 1;
/// 13.3: a hex holding this many brigades denies road column movement through it.
pub const CROWDED: usize = 3;
/// 13.2: formation change.
pub const FORMATION_COST: u8 = 1;
/// 8.1: mounting or dismounting.
pub const MOUNT_COST: u8 = 1;
/// 13.5: the highest modified forced-march roll that loses a step.
pub const FORCE_MARCH_LOSS_MAX: i8 = 3;
/// 13.5: a brigade with this many LCMs may not force march.
pub const FORCE_MARCH_LCM_BAR: u8 = 2;
/// 11.3: Confederate artillery range for the turn-one stop (9.1), and with the artillery
/// higher than the cavalry.
pub const ARTILLERY_RANGE: [u16; 2] = [3, 4];
/// 11.3: how close Union cavalry stays to Union infantry or artillery.
pub const CAVALRY_LEASH: u16 = 2;
/// 8.5: Union cavalry brigades that may break out.
pub const BREAKOUT_MAX: u8 = 5;
/// 14.2: how far from a blocked entry hex units may enter.
pub const ENTRY_RADIUS: u16 = 2;
/// 14.2: half MP each stack ahead in the column spends off the map.
pub const OFF_MAP_HALF_PER_STACK: u8 = 1;

/// One entry's column this Reinforcement Phase (14.2).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Column {
    /// The entry hex.
    pub entry: Hex,
    /// Stacks completed ahead of the forming one.
    pub ahead: u8,
    /// Brigades of the forming stack.
    pub forming: Vec<Bid>,
}

/// The unit moving now and what it has done (13.1).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Mover {
    /// Its side.
    pub side: Side,
    /// The unit.
    pub unit: Unit,
    /// A reinforcement not yet placed: the entry hex it comes in by (14.2).
    pub entry: Option<Hex>,
    /// MP spent, in half points.
    pub spent: u8,
    /// MP allowance, in half points.
    pub allowance: u8,
    /// Facing changes made (13.2).
    pub turns: u8,
    /// Hexes entered.
    pub steps: u8,
    /// Must stop: it may not enter another hex (6.1, 8.2, 13.2, 13.5, 11.3).
    pub stopped: bool,
    /// Making an orderly withdrawal (13.2).
    pub withdrawing: bool,
    /// Entered its forced-march hex (13.5).
    pub forced: bool,
    /// Mounted or dismounted this move (8.1).
    pub mount_changed: bool,
}

/// Movement under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveFrame {
    /// The phasing player picks units to move (Movement Phase) or bring on (Reinforcement
    /// Phase), reorders stacks, or is Done.
    Phase {
        /// The phasing side.
        side: Side,
        /// The Reinforcement Phase (14.0) rather than the Movement Phase.
        reinforce: bool,
        /// The reinforcement columns so far (14.2).
        columns: Vec<Column>,
    },
    /// One unit moving (it sits on top of its `Phase`).
    Moving(Mover),
    /// 13.5: the forced-march roll for this brigade.
    ForceMarch(Bid),
    /// 17.4, 17.5, 8.5: the automatic moves at the start of a side's Movement Phase.
    Auto(Side),
    /// 8.5: the Confederates designate brigades to pursue off the map.
    Pursuit,
}

/// Begins a side's Movement Phase: the pursuit designation (8.5), then the automatic moves,
/// then the player's.
pub(crate) fn start_phase(g: &mut Fotm, side: Side) {
    g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side, reinforce: false, columns: vec![] })));
    g.stack.push(Frame::Move(Box::new(MoveFrame::Auto(side))));
    if side == Side::Confederate && routed::pursuit_due(g) > 0 {
        g.stack.push(Frame::Move(Box::new(MoveFrame::Pursuit)));
    }
}

/// Whether the unit has moved this phase.
fn has_moved(g: &Fotm, u: Unit) -> bool {
    match u {
        Unit::Brigade(b) => g.bde(b).moved,
        Unit::Commander(c) => g.cmdr(c).moved,
    }
}

/// Why `u` may not be picked to move now, when the rules say (the seventh playtest: a
/// brigade that had moved, clicked, heard only "not a choice"): its move is over (13.1), or it
/// is routed and moves by itself until regrouped (17.4).
fn select_refusal(g: &Fotm, u: Unit) -> Option<Illegal> {
    if let Unit::Brigade(b) = u
        && g.bde(b).routed
    {
        return Some(no(
            "FotM 17.4",
            format!(
                "{} is routed: it moves by itself toward the road and its army's entry hexes until regrouped",
                g.uname(u)
            ),
        ));
    }
    has_moved(g, u).then(|| no("FotM 13.1", format!("{} has moved this phase; its move is over", g.uname(u))))
}

/// The units the phasing player may still pick.
fn selectable(g: &Fotm, side: Side, reinforce: bool) -> Vec<Unit> {
    if reinforce {
        return entering_units(g, side).filter(|&u| !has_moved(g, u)).collect();
    }
    let brigades = g.on_map(side).filter(|&b| {
        let d = g.bde(b);
        !d.moved && !d.routed && !d.pursuing
    });
    let commanders = g.all_commanders().filter(|&c| {
        let cm = g.cmdr(c);
        g.cinfo(c).side == side && cm.hex.is_some() && !cm.gone && !cm.moved
    });
    brigades.map(Unit::Brigade).chain(commanders.map(Unit::Commander)).collect()
}

// ------------------------------------------------------------------------------------------
// What the board looks like to a moving side, built once per decision.

/// Occupancy and enemy ZOC for one side (6.1, 13.4), so that legality costs one scan.
pub(crate) struct Ctx {
    /// One [`Cell`] per hex of the map's rectangle, by [`hexmap::HexGrid::index`]. Brigades
    /// stand, and ZOC reaches (6.1: both hexes have an elevation), only on the map, so a hex
    /// outside the rectangle is empty and free of ZOC.
    cells: Vec<Cell>,
    /// Enemy artillery (11.3): hex and elevation.
    enemy_art: Vec<(Hex, u8)>,
    /// Friendly infantry and artillery hexes (11.3 leash).
    support: Vec<Hex>,
}

/// What [`Ctx`] knows of one hex. A dense table rather than hash maps: it is built at every
/// movement decision, and hashing each hex cost more than the rules checks that read it.
#[derive(Clone, Copy, Default)]
struct Cell {
    /// Friendly brigades on the hex.
    friendly: u8,
    /// Enemy brigades on the hex.
    enemy: u8,
    /// In the ZOC of an enemy brigade.
    zoc: bool,
}

impl Ctx {
    /// The board for `side`.
    pub(crate) fn new(g: &Fotm, side: Side) -> Ctx {
        let grid = &g.map().cells;
        let mut cells = vec![Cell::default(); grid.len()];
        let mut enemy_art = Vec::new();
        let mut support = Vec::new();
        for b in g.all_brigades() {
            let Loc::Map(h) = g.bde(b).loc else { continue };
            let cell = grid.index(h).and_then(|i| cells.get_mut(i));
            if g.side_of(b) == side {
                if let Some(c) = cell {
                    c.friendly += 1;
                }
                if supports(g, b) {
                    support.push(h);
                }
            } else {
                if let Some(c) = cell {
                    c.enemy += 1;
                }
                for z in crate::zoc::zoc_hexes(g, b).into_iter().flatten() {
                    if let Some(c) = grid.index(z).and_then(|i| cells.get_mut(i)) {
                        c.zoc = true;
                    }
                }
                if g.arm(b).is_artillery() {
                    enemy_art.push((h, g.map().elevation(h).unwrap_or(0)));
                }
            }
        }
        Ctx { cells, enemy_art, support }
    }

    /// The hex's cell; an empty one off the map's rectangle.
    fn cell(&self, h: Hex) -> Cell {
        crate::map::south_mountain().cells.index(h).and_then(|i| self.cells.get(i).copied()).unwrap_or_default()
    }

    /// Whether an enemy brigade holds the hex.
    pub(crate) fn enemy_at(&self, h: Hex) -> bool {
        self.cell(h).enemy > 0
    }

    /// Friendly brigades on the hex.
    pub(crate) fn friendly_at(&self, h: Hex) -> usize {
        usize::from(self.cell(h).friendly)
    }

    /// Whether the hex is in an enemy ZOC.
    pub(crate) fn zoc(&self, h: Hex) -> bool {
        self.cell(h).zoc
    }
}

/// A refusal citing a rule.
fn no(rule: &str, reason: String) -> Illegal {
    Illegal { rule: rule.into(), reason }
}

/// Whether a Union cavalry brigade (11.3, 8.5).
fn union_cavalry(g: &Fotm, u: Unit) -> Option<Bid> {
    match u {
        Unit::Brigade(b) if g.side_of(b) == Side::Union && g.arm(b) == Arm::Cavalry => Some(b),
        _ => None,
    }
}

/// 8.5: the West edge is open to Union cavalry (from the turn after a gap's capture, fewer
/// than five out so far).
pub(crate) fn breakout_open(g: &Fotm) -> bool {
    g.gap_captured.is_some_and(|t| g.turn > t) && g.broke_out < BREAKOUT_MAX
}

/// 11.3: whether brigade `b` is the infantry or artillery support Union cavalry waits for
/// and stays near (horse artillery is not: see `leave`'s Reading).
pub(super) fn supports(g: &Fotm, b: Bid) -> bool {
    matches!(g.arm(b), Arm::Infantry | Arm::Artillery)
}

/// 11.3: distance from `h` to the nearest friendly infantry or artillery.
fn support_distance(ctx: &Ctx, h: Hex) -> Option<u16> {
    ctx.support.iter().map(|s| s.distance(h)).min()
}

/// 13.5: whether the brigade may force march.
fn may_force_march(g: &Fotm, u: Unit) -> bool {
    matches!(u, Unit::Brigade(b) if matches!(g.arm(b), Arm::Infantry | Arm::Cavalry) && g.bde(b).lcm < FORCE_MARCH_LCM_BAR)
}

/// What entering a hex means for the mover.
#[derive(Clone, Copy, Debug)]
struct StepInfo {
    /// Half MP.
    half: u8,
    /// Must stop there.
    stop: bool,
    /// It is the forced-march hex (13.5).
    forced: bool,
    /// An orderly withdrawal step (13.2).
    withdraw: bool,
    /// Off the West edge (8.5).
    exit: bool,
    /// Into an enemy ZOC.
    zoc: bool,
    /// 11.3: Union cavalry coming within Confederate artillery range on turn one: it stops,
    /// and from then no Union cavalry moves further West until released.
    halts: bool,
}

/// Whether the mover may enter `to` from `at` now, and on what terms.
fn step_check(g: &Fotm, ctx: &Ctx, m: &Mover, at: Hex, to: Hex) -> Result<StepInfo, Illegal> {
    if m.stopped {
        return Err(no("FotM 13.1", format!("{} has stopped and may enter no further hex", g.uname(m.unit))));
    }
    if at.distance(to) != 1 {
        return Err(no("FotM 13.1", format!("{to} is not adjacent to {at}")));
    }
    let map = g.map();
    let on_map = map.contains(to);
    let off_west =
        union_cavalry(g, m.unit).is_some() && map.on_edge(at, map.west) && map.eastward(to) < map.eastward(at);
    if !on_map && !off_west {
        return Err(no("FotM 13.1", format!("{to} is off the map")));
    }
    if ctx.enemy_at(to) {
        return Err(no("FotM 13.4", format!("enemy brigades occupy {to}")));
    }
    let to_zoc = on_map && ctx.zoc(to);
    let at_zoc = ctx.zoc(at);
    let mut info =
        StepInfo { half: 0, stop: false, forced: false, withdraw: false, exit: !on_map, zoc: to_zoc, halts: false };
    match m.unit {
        Unit::Brigade(b) => {
            let d = g.bde(b);
            if g.arm(b) == Arm::HorseArtillery && !d.mounted {
                return Err(no("FotM 8.4", "horse artillery must be mounted to move".into()));
            }
            match facing::arc(at, d.facing, to) {
                Some(Arc::Front) => {}
                Some(Arc::Rear) if m.steps == 0 || m.withdrawing => info.withdraw = true,
                _ => {
                    return Err(no(
                        "FotM 13.1",
                        format!("{to} is not a front hex of {} (or a rear hex by orderly withdrawal, 13.2)", g.name(b)),
                    ));
                }
            }
            if at_zoc && to_zoc {
                return Err(no("FotM 6.1", "a brigade may not move directly from one enemy ZOC hex to another".into()));
            }
            if info.exit {
                if !breakout_open(g) {
                    return Err(no(
                        "FotM 8.5",
                        "Union cavalry may exit the West edge only from the turn after a gap is captured, five at most"
                            .into(),
                    ));
                }
                info.half = CLEAR_COST * 2;
            } else {
                let column_road = d.column && !to_zoc && ctx.friendly_at(to) < CROWDED;
                let (half, stop) = brigade_cost(g, b, at, to, column_road)?;
                info.half = if info.withdraw && m.steps == 0 { half * 2 } else { half };
                info.stop = stop;
            }
        }
        Unit::Commander(_) => {
            if at_zoc && to_zoc && (ctx.friendly_at(at) == 0 || ctx.friendly_at(to) == 0) {
                return Err(no(
                    "FotM 6.1",
                    "a commander moves directly between enemy ZOC hexes only with friendly brigades in both".into(),
                ));
            }
            info.half = commander_cost(g, at, to)?;
        }
    }
    // 10.1, 11.4: a unit bound to leave enemy ZOC may not step into another enemy ZOC hex (it
    // would stop there, 6.1) while a way out is open.
    if to_zoc && at_zoc && bound_to_leave(g, m.unit) && may_still_leave(g, ctx, m, at) {
        let rule = if sequence::must_withdraw(g) { "FotM 11.4" } else { "FotM 10.1" };
        return Err(no(rule, format!("{} must move out of the Confederate ZOC, not deeper into it", g.uname(m.unit))));
    }
    if m.side == Side::Union && to_zoc && sequence::union_paused(g) {
        return Err(no("FotM 11.4", format!("Burnside's pause: Union units may not enter a Confederate ZOC ({to})")));
    }
    if let Some(b) = union_cavalry(g, m.unit) {
        if g.cavalry_halted && !g.cavalry_released && map.eastward(to) < map.eastward(at) {
            return Err(no(
                "FotM 11.3",
                "Pleasonton's cavalry has come within Confederate artillery range: no Union cavalry moves further \
                 West until a Union infantry or artillery brigade is West of all of it"
                    .into(),
            ));
        }
        if leave::leash_binds(g)
            && on_map
            && let (Some(dt), Some(da)) = (support_distance(ctx, to), support_distance(ctx, at))
            && dt > CAVALRY_LEASH
            && dt >= da
        {
            // Beyond two hexes every step must bring it nearer (the ninth playtest: stranded
            // cavalry spent its move sideways, no nearer, until no step nearer was left).
            let why = if da > CAVALRY_LEASH {
                format!(
                    "{} is farther than two hexes from Union infantry or artillery: each step must bring it nearer",
                    g.name(b)
                )
            } else {
                format!("{} must stay within two hexes of Union infantry or artillery", g.name(b))
            };
            return Err(no("FotM 11.3", why));
        }
        if g.turn == 1 && on_map {
            let elev = map.elevation(to).unwrap_or(0);
            let in_range = ctx.enemy_art.iter().any(|&(h, e)| h.distance(to) <= ARTILLERY_RANGE[usize::from(e > elev)]);
            info.stop |= in_range;
            info.halts = in_range;
        }
    }
    let total = u16::from(m.spent) + u16::from(info.half);
    if total > u16::from(m.allowance) && m.steps > 0 {
        if may_force_march(g, m.unit) && !m.forced {
            info.forced = true;
        } else {
            return Err(no(
                "FotM 13.1",
                format!(
                    "{} has {} MP left; {to} costs {}",
                    g.uname(m.unit),
                    half_mp(m.allowance.saturating_sub(m.spent)),
                    half_mp(info.half)
                ),
            ));
        }
    }
    info.stop |= to_zoc || info.forced;
    // 4.1: a hex the unit could not end in may only be passed through.
    if on_map && (info.stop || total >= u16::from(m.allowance)) && !room(g, m.unit, to) {
        return Err(no(
            "FotM 4.1",
            format!("{} could not end its move in {to} (stacking) and could not go on", g.uname(m.unit)),
        ));
    }
    Ok(info)
}

/// [`step_check`], and 4.1's way on: a hex the unit could not end in is entered only if its
/// move can still finish legally from there ([`finish`]). For the moving unit on top of the
/// stack (the legal list and its refusals).
fn step_allowed(g: &Fotm, ctx: &Ctx, m: &Mover, at: Hex, to: Hex) -> Result<StepInfo, Illegal> {
    let info = step_check(g, ctx, m, at, to)?;
    if !info.exit && !room(g, m.unit, to) && !finish::can_finish_after(g, &Action::Step(to)) {
        return Err(no(
            "FotM 4.1",
            format!("{} could not end its move in {to} (stacking) and would find no way on from it", g.uname(m.unit)),
        ));
    }
    Ok(info)
}

/// 4.1's way on for what a unit does in place (a facing or formation change, mounting): in a
/// hex it may not end in, only what leaves it a way to finish its move; and no dismounting
/// that over-stacks the hex (8.3: dismounted cavalry stacks as infantry) with no way on.
fn keeps_way_on(g: &Fotm, m: &Mover, a: &Action) -> Result<(), Illegal> {
    // Only dismounting changes a stack where it stands; the search runs only when the unit
    // is, or would be, where it may not end.
    let dismount_overstacks = |at| match m.unit {
        Unit::Brigade(b) => {
            *a == Action::Mount
                && g.arm(b) == Arm::Cavalry
                && g.bde(b).mounted
                && !stacking::has_room_dismounted(g, at, b)
        }
        Unit::Commander(_) => false,
    };
    match g.unit_hex(m.unit) {
        Some(at) if (dismount_overstacks(at) || !room(g, m.unit, at)) && !finish::can_finish_after(g, a) => Err(no(
            "FotM 4.1",
            format!("{} may not end its move in {at} (stacking) and would find no way on after that", g.uname(m.unit)),
        )),
        _ => Ok(()),
    }
}

/// The unit moving (13.1), if a move is on top of the stack.
pub(crate) fn mover(g: &Fotm) -> Option<&Mover> {
    match g.stack.last() {
        Some(Frame::Move(f)) => match f.as_ref() {
            MoveFrame::Moving(m) => Some(m),
            _ => None,
        },
        _ => None,
    }
}

/// Reading (13.4): the rules bar only hexes of enemy brigades, so a unit may enter a hex
/// where enemy commanders stand alone, and they stay. Said in the log (the fifth playtest:
/// Seymour and D.H. Hill shared a hex with no word).
fn lone_enemy_commanders(g: &Fotm, to: Hex, side: Side) -> String {
    let enemy: Vec<String> =
        g.commanders_at(to).into_iter().filter(|&c| g.cinfo(c).side != side).map(|c| g.cname(c)).collect();
    if enemy.is_empty() || g.occupant(to).is_some_and(|s| s != side) {
        return String::new();
    }
    format!(
        ", where {} stands without a brigade: 13.4 bars only hexes of enemy brigades, so both stay (Reading)",
        enemy.join(" and ")
    )
}

/// What a step into `to` by the unit moving risks, for the page to warn of (issue 15): the
/// forced march (13.5), whose roll after the move loses a step on 3 or less.
pub(crate) fn step_warning(g: &Fotm, to: Hex) -> Option<String> {
    let m = mover(g)?;
    let at = g.unit_hex(m.unit)?;
    let info = step_check(g, &Ctx::new(g, m.side), m, at, to).ok()?;
    let mut out = Vec::new();
    if info.forced {
        out.push(format!(
            "forced march (FotM 13.5): after the move {} rolls a die and loses a step on {FORCE_MARCH_LOSS_MAX} or less (modified)",
            g.uname(m.unit)
        ));
    }
    // 13.2: the doubled cost of the first hex of an orderly withdrawal (the tenth playtest: a
    // step into a rear hex took 4 MP, unsaid).
    if info.withdraw && m.steps == 0 {
        out.push(format!(
            "orderly withdrawal (FotM 13.2): {} backs into a rear hex without turning, and {to} costs double, {} MP",
            g.uname(m.unit),
            half_mp(info.half)
        ));
    }
    // 11.4: a Confederate infantry or artillery brigade entering a Union ZOC ends Burnside's
    // pause (the ninth playtest: the Union attacked again with no word before the step).
    if let Unit::Brigade(b) = m.unit
        && info.zoc
        && m.side == Side::Confederate
        && sequence::union_paused(g)
        && (g.arm(b) == Arm::Infantry || g.arm(b).is_artillery())
    {
        out.push(format!(
            "{} entering a Union ZOC ends Burnside's pause (FotM 11.4): the Union may again enter Confederate ZOC and assault",
            g.uname(m.unit)
        ));
    }
    (!out.is_empty()).then(|| out.join("; "))
}

/// Half points as MP text ("2.5").
fn half_mp(h: u8) -> String {
    if h.is_multiple_of(2) { format!("{}", h / 2) } else { format!("{}.5", h / 2) }
}

/// Whether the unit may end a move on `h` (4.1).
pub(super) fn room(g: &Fotm, u: Unit, h: Hex) -> bool {
    match u {
        Unit::Brigade(b) => stacking::has_room(g, h, b),
        Unit::Commander(c) => stacking::has_commander_room(g, h, g.cinfo(c).side, Some(c)),
    }
}

/// Whether the mover may stop now (4.1 stacking where it ends; 11.4/10.1 leaving ZOC).
pub(super) fn may_end(g: &Fotm, ctx: &Ctx, m: &Mover) -> Result<(), Illegal> {
    let Some(at) = g.unit_hex(m.unit) else { return Ok(()) };
    if !room(g, m.unit, at) {
        return Err(no("FotM 4.1", format!("{} may not end its move over-stacked in {at}", g.uname(m.unit))));
    }
    if bound_to_leave(g, m.unit) && ctx.zoc(at) && may_still_leave(g, ctx, m, at) {
        let rule = if sequence::must_withdraw(g) { "FotM 11.4" } else { "FotM 10.1" };
        return Err(no(rule, format!("{} must move out of the Confederate ZOC this phase", g.uname(m.unit))));
    }
    if may_still_close(g, ctx, m, at) {
        return Err(no(
            "FotM 11.3",
            format!("{} must close within two hexes of Union infantry or artillery while it can", g.uname(m.unit)),
        ));
    }
    Ok(())
}

/// Starts a unit's move (or its entry, 14.2).
fn begin(g: &mut Fotm, side: Side, u: Unit, reinforce: bool) {
    let allowance = match u {
        Unit::Brigade(b) => {
            g.bde_mut(b).moved = true;
            allowance(g, b)
        }
        Unit::Commander(c) => {
            g.cmdr_mut(c).moved = true;
            COMMANDER_MP * 2
        }
    };
    let entry = if reinforce { entry_of(g, u) } else { None };
    g.note("FotM 13.1", |g| format!("{} begins to move ({} MP)", g.uname(u), half_mp(allowance)));
    g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(Mover {
        side,
        unit: u,
        entry,
        spent: 0,
        allowance,
        turns: 0,
        steps: 0,
        stopped: false,
        withdrawing: false,
        forced: false,
        mount_changed: false,
    }))));
}

/// Ends the mover's move; returns the forced-march roll to make, if any (13.5).
fn finish(g: &mut Fotm, m: &Mover) -> Option<Frame> {
    // The move ends when the next unit is chosen: the event is this unit's, not the next's.
    if g.log.enabled() {
        let (id, name) = (crate::action_view::unit_id(g, m.unit).unwrap_or_default(), g.uname(m.unit));
        match g.unit_hex(m.unit) {
            Some(h) => g.log.push_about(&id, "FotM 13.1", || format!("{name} ends its move in {h}")),
            // 14.2 (the third playtest: a reinforcement not brought on vanished from the phase
            // in silence): held back, it waits at its entry for a later phase.
            None => g.log.push_about(&id, "FotM 14.2", || format!("{name} is held back: it stays off the map for now")),
        }
    }
    match m.unit {
        Unit::Brigade(b) if m.forced && matches!(g.bde(b).loc, Loc::Map(_)) => {
            Some(Frame::Move(Box::new(MoveFrame::ForceMarch(b))))
        }
        _ => None,
    }
}

/// The end of a Movement or Reinforcement Phase: 10.1 flags are spent.
fn phase_end(g: &mut Fotm, side: Side, reinforce: bool) {
    if !reinforce && side == Side::Union {
        for c in g.all_commanders() {
            g.cmdr_mut(c).must_leave_zoc = false;
        }
    }
    let what = if reinforce { "Reinforcement" } else { "Movement" };
    g.note(if reinforce { "FotM 14.1" } else { "FotM 13.1" }, |_| format!("{} {what} Phase ends", side.title()));
}

/// 11.3: once a Union infantry or artillery brigade is West of all Pleasonton's cavalry, the
/// cavalry is released.
fn check_cavalry_release(g: &mut Fotm) {
    if g.cavalry_released {
        return;
    }
    let map = g.map();
    let cavalry: Vec<f64> = g
        .on_map(Side::Union)
        .filter(|&b| g.arm(b) == Arm::Cavalry && g.info(b).corps == Some(Corps::Cavalry))
        .filter_map(|b| g.hex_of(b).map(|h| map.eastward(h)))
        .collect();
    let west = cavalry.iter().copied().fold(f64::INFINITY, f64::min);
    let passed =
        g.on_map(Side::Union).filter(|&b| supports(g, b)).any(|b| g.hex_of(b).is_some_and(|h| map.eastward(h) < west));
    if passed {
        g.cavalry_released = true;
        g.note("FotM 11.3", |_| {
            "Union infantry or artillery is West of all the cavalry: the cavalry may move West".into()
        });
    }
}

/// 13.5: the brigades whose forced-march roll is still to come: the one moving, once it has
/// entered its forced-march hex, and any whose roll waits on the stack.
pub(crate) fn forced_marchers(g: &Fotm) -> impl Iterator<Item = Bid> + '_ {
    g.stack.iter().filter_map(|f| match f {
        Frame::Move(m) => match m.as_ref() {
            MoveFrame::Moving(Mover { unit: Unit::Brigade(b), forced: true, .. }) | MoveFrame::ForceMarch(b) => {
                Some(*b)
            }
            _ => None,
        },
        _ => None,
    })
}

/// 13.5: the chance that brigade `b`'s forced-march roll loses it a step.
pub(crate) fn straggle_chance(g: &Fotm, b: Bid) -> f64 {
    let losing = (i16::from(FORCE_MARCH_LOSS_MAX) - i16::from(force_march_drm(g, b))).clamp(0, 6);
    f64::from(losing) / 6.0
}

/// 13.5: the DRM of the forced-march roll: the CM of a friendly commander in the hex (the best
/// with CM to spare this phase, 10.2), less the LCMs.
pub(crate) fn force_march_drm(g: &Fotm, b: Bid) -> i8 {
    let cm = crate::rally::cm_lender(g, b).map_or(0, |c| g.cm(c));
    i8::try_from(cm).unwrap_or(0) - i8::try_from(g.bde(b).lcm).unwrap_or(0)
}

impl MoveFrame {
    /// The legal actions of a unit moving.
    pub(super) fn mover_legal(m: &Mover, g: &Fotm) -> Vec<Action> {
        let ctx = Ctx::new(g, m.side);
        let mut out = Vec::new();
        let Some(at) = g.unit_hex(m.unit) else {
            // 14.2: not yet on the map.
            if let Some(e) = m.entry {
                out.extend(entry_hexes(g, &ctx, m, e).into_iter().map(Action::Step));
            }
            out.push(Action::EndMove);
            out.extend(selectable(g, m.side, true).into_iter().map(Action::Select));
            out.push(Action::Done);
            return out;
        };
        for n in at.neighbours() {
            if step_allowed(g, &ctx, m, at, n).is_ok() {
                out.push(Action::Step(n));
            }
        }
        if let Unit::Brigade(b) = m.unit {
            for f in 0..6 {
                if face_cost(g, m, b, f).is_ok() && keeps_way_on(g, m, &Action::Face(f)).is_ok() {
                    out.push(Action::Face(f));
                }
            }
            if formation_check(g, m, b, at).is_ok() && keeps_way_on(g, m, &Action::Formation).is_ok() {
                out.push(Action::Formation);
            }
            if mount_check(g, m, b).is_ok()
                && (m.steps == 0 || may_end(g, &ctx, m).is_ok())
                && keeps_way_on(g, m, &Action::Mount).is_ok()
            {
                out.push(Action::Mount);
            }
        }
        if may_end(g, &ctx, m).is_ok() || out.is_empty() {
            out.push(Action::EndMove);
            let reinforce = m.entry.is_some();
            out.extend(selectable(g, m.side, reinforce).into_iter().map(Action::Select));
            if pending_bound(g, m.side, reinforce).is_none() {
                out.push(Action::Done);
            }
        }
        out
    }
}

/// 13.2: the MP cost (half points) of turning brigade `b` to facing `f` now.
fn face_cost(g: &Fotm, m: &Mover, b: Bid, f: u8) -> Result<u8, Illegal> {
    let d = g.bde(b);
    if f >= 6 || f == d.facing {
        return Err(no("FotM 13.2", "not a change of facing".into()));
    }
    if g.unit_hex(m.unit).is_none() {
        return Err(no("FotM 14.2", "the unit is not on the map yet".into()));
    }
    let t = facing::turns(d.facing, f);
    let free = FREE_FACING_CHANGES.saturating_sub(m.turns);
    let half = t.saturating_sub(free) * FACING_COST * 2;
    // A free change needs no MP, so it stays open after the move has spent the whole allowance
    // or more (13.1's one hex, 13.5's forced march): only the paid ones need MP left.
    if half > 0 && m.spent + half > m.allowance {
        return Err(no(
            "FotM 13.2",
            format!(
                "{t} facing change(s) cost {} MP; {} has {} left",
                half_mp(half),
                g.name(b),
                half_mp(m.allowance.saturating_sub(m.spent))
            ),
        ));
    }
    Ok(half)
}

/// 13.3: whether the brigade may change formation now.
fn formation_check(g: &Fotm, m: &Mover, b: Bid, at: Hex) -> Result<(), Illegal> {
    if !g.bde(b).column && !g.map().is_road_hex(at) {
        return Err(no("FotM 13.3", "a brigade forms column only on a road hex".into()));
    }
    if m.spent + FORMATION_COST * 2 > m.allowance {
        return Err(no("FotM 13.2", "a formation change costs 1 MP".into()));
    }
    Ok(())
}

/// 8.1: whether the brigade may mount or dismount now.
fn mount_check(g: &Fotm, m: &Mover, b: Bid) -> Result<(), Illegal> {
    if !matches!(g.arm(b), Arm::Cavalry | Arm::HorseArtillery) {
        return Err(no("FotM 8.1", "only cavalry and horse artillery mount and dismount".into()));
    }
    if m.mount_changed && m.steps == 0 {
        return Err(no(
            "FotM 8.1",
            "a brigade mounts or dismounts once at the beginning of its move, and again only at its end".into(),
        ));
    }
    if m.spent + MOUNT_COST * 2 > m.allowance {
        return Err(no("FotM 8.1", "mounting or dismounting costs 1 MP".into()));
    }
    Ok(())
}

impl Procedure<Fotm, Action> for MoveFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            MoveFrame::Phase { side, .. } => Actor::Side(*side),
            MoveFrame::Moving(m) => Actor::Side(m.side),
            MoveFrame::ForceMarch(_) => Actor::Chance,
            MoveFrame::Auto(side) => Actor::Side(*side),
            MoveFrame::Pursuit => Actor::Side(Side::Confederate),
        }
    }

    fn prompt(&self, g: &Fotm) -> (&'static str, String) {
        match self {
            MoveFrame::Phase { side, reinforce: false, .. } => {
                ("FotM 13.1", format!("{} Movement Phase: move a unit, reorder a stack, or Done", side.title()))
            }
            MoveFrame::Phase { side, .. } => {
                ("FotM 14.2", format!("{} Reinforcement Phase: bring a unit onto the map, or Done", side.title()))
            }
            MoveFrame::Moving(m) => match g.unit_hex(m.unit) {
                None => ("FotM 14.2", format!("{} enters the map: choose its hex", g.uname(m.unit))),
                Some(h) => (
                    "FotM 13.1",
                    format!(
                        "{} in {h}, {} of {} MP spent: move on, or end its move",
                        g.uname(m.unit),
                        half_mp(m.spent),
                        half_mp(m.allowance)
                    ),
                ),
            },
            MoveFrame::ForceMarch(b) => {
                ("FotM 13.5", format!("Forced march roll for {}: 1-3 loses a step", g.name(*b)))
            }
            MoveFrame::Auto(_) => ("FotM 17.4", "Routed brigades, guards and pursuers move".into()),
            MoveFrame::Pursuit => (
                "FotM 8.5",
                format!(
                    "Designate a brigade to pursue the Union cavalry off the map ({} SP owed)",
                    routed::pursuit_due(g)
                ),
            ),
        }
    }

    fn legal(&self, g: &Fotm) -> Vec<Action> {
        match self {
            MoveFrame::Phase { side, reinforce, .. } => {
                let mut out: Vec<Action> = selectable(g, *side, *reinforce).into_iter().map(Action::Select).collect();
                // 4.2: stacking order in the Movement Phase; in the Reinforcement Phase only
                // with the simple-stacking option.
                if *reinforce {
                    out.extend(stacking::reorder_actions(g, *side));
                } else {
                    out.extend(stacking::to_top_actions(g, *side));
                }
                if pending_bound(g, *side, *reinforce).is_none() || out.is_empty() {
                    out.push(Action::Done);
                }
                out
            }
            MoveFrame::Moving(m) => MoveFrame::mover_legal(m, g),
            MoveFrame::Pursuit => {
                routed::pursuit_candidates(g).into_iter().map(|b| Action::Pick(Unit::Brigade(b))).collect()
            }
            MoveFrame::ForceMarch(_) | MoveFrame::Auto(_) => vec![],
        }
    }

    fn chance(&self, _g: &Fotm) -> Vec<(Action, f64)> {
        match self {
            MoveFrame::ForceMarch(_) => d6(),
            _ => vec![],
        }
    }

    fn automatic(&self, g: &Fotm) -> bool {
        match self {
            MoveFrame::Auto(_) => true,
            MoveFrame::Pursuit => routed::pursuit_due(g) == 0 || routed::pursuit_candidates(g).is_empty(),
            _ => false,
        }
    }

    fn run(self, g: &mut Fotm) {
        match self {
            MoveFrame::Auto(side) => routed::run(g, side),
            MoveFrame::Pursuit => {}
            f => unreachable!("{f:?} waits for a decision"),
        }
    }

    fn apply(self, g: &mut Fotm, a: &Action) {
        match self {
            MoveFrame::Phase { side, reinforce, columns } => match *a {
                Action::Select(u) => {
                    g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side, reinforce, columns })));
                    begin(g, side, u, reinforce);
                }
                Action::ToTop(b) => {
                    stacking::to_top(g, b);
                    g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side, reinforce, columns })));
                }
                _ => phase_end(g, side, reinforce),
            },
            MoveFrame::Moving(m) => apply_mover(g, m, a),
            MoveFrame::ForceMarch(b) => {
                let Action::Roll(d) = *a else { unreachable!("a roll") };
                let drm = force_march_drm(g, b);
                if let Some(c) = crate::rally::cm_lender(g, b) {
                    crate::rally::lend_cm(g, c, b);
                }
                let total = i8::try_from(d).unwrap_or(0) + drm;
                if total <= FORCE_MARCH_LOSS_MAX {
                    g.note_bde(b, "FotM 13.5", |g| {
                        format!("Forced march: {} rolls {d} ({drm:+}): stragglers", g.name(b))
                    });
                    crate::steps::lose_steps(g, b, 1, "FotM 13.5");
                } else {
                    g.note_bde(b, "FotM 13.5", |g| {
                        format!("Forced march: {} rolls {d} ({drm:+}): no effect", g.name(b))
                    });
                }
            }
            MoveFrame::Pursuit => {
                if let Action::Pick(Unit::Brigade(b)) = *a {
                    routed::designate(g, b);
                }
                g.stack.push(Frame::Move(Box::new(MoveFrame::Pursuit)));
            }
            MoveFrame::Auto(_) => unreachable!("automatic"),
        }
    }

    fn why(&self, g: &Fotm, a: &Action) -> Option<Illegal> {
        if let MoveFrame::Phase { .. } = self
            && matches!(a, Action::ToTop(_))
            && !self.legal(g).contains(a)
        {
            return Some(stacking::reorder_refused());
        }
        if let Action::Select(u) = *a
            && matches!(self, MoveFrame::Phase { .. } | MoveFrame::Moving(_))
            && !self.legal(g).contains(a)
            && let Some(why) = select_refusal(g, u)
        {
            return Some(why);
        }
        if let MoveFrame::Phase { side, reinforce, .. } = self
            && *a == Action::Done
        {
            return pending_bound(g, *side, *reinforce);
        }
        let MoveFrame::Moving(m) = self else { return None };
        let ctx = Ctx::new(g, m.side);
        if let (None, Some(entry), Action::Step(to)) = (g.unit_hex(m.unit), m.entry, *a) {
            return entry_check(g, &ctx, m, entry, to).err();
        }
        let at = g.unit_hex(m.unit)?;
        match (*a, m.unit) {
            (Action::Step(to), _) => step_allowed(g, &ctx, m, at, to).err(),
            (Action::Face(f), Unit::Brigade(b)) => face_cost(g, m, b, f).and_then(|_| keeps_way_on(g, m, a)).err(),
            (Action::Formation, Unit::Brigade(b)) => {
                formation_check(g, m, b, at).and_then(|_| keeps_way_on(g, m, a)).err()
            }
            (Action::Mount, Unit::Brigade(b)) => mount_check(g, m, b).and_then(|_| keeps_way_on(g, m, a)).err(),
            (Action::EndMove | Action::Done | Action::Select(_), _) => may_end(g, &ctx, m).err().or_else(|| match *a {
                Action::Done => pending_bound(g, m.side, m.entry.is_some()),
                _ => None,
            }),
            _ => None,
        }
    }
}

/// Applies an action to the unit moving.
fn apply_mover(g: &mut Fotm, mut m: Mover, a: &Action) {
    let again = |g: &mut Fotm, m: Mover| g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
    match *a {
        Action::Step(to) if g.unit_hex(m.unit).is_none() => {
            // 14.2: onto the map in column, after the stacks ahead; an enemy ZOC stops it (6.1).
            let entry = m.entry.unwrap_or(to);
            let ctx = Ctx::new(g, m.side);
            m.stopped = entry_check(g, &ctx, &m, entry, to).expect("legal entry");
            let Some(Frame::Move(below)) = g.stack.last_mut() else { unreachable!("a phase beneath") };
            let MoveFrame::Phase { columns, .. } = below.as_mut() else { unreachable!("a phase beneath") };
            let mut cols = std::mem::take(columns);
            let off = join_column(g, &mut cols, entry, m.unit);
            if let Some(Frame::Move(below)) = g.stack.last_mut()
                && let MoveFrame::Phase { columns, .. } = below.as_mut()
            {
                *columns = cols;
            }
            m.spent = off.min(m.allowance);
            let f = entry_facing(g, entry);
            match m.unit {
                Unit::Brigade(b) => {
                    g.set_loc(b, Loc::Map(to));
                    g.bde_mut(b).column = true;
                    g.bde_mut(b).facing = f;
                    if m.side == Side::Confederate && crate::zoc::in_enemy_zoc(g, to, m.side) {
                        pause_broken(g, b);
                    }
                }
                Unit::Commander(c) => g.cmdr_mut(c).hex = Some(to),
            }
            g.note("FotM 14.2", |g| {
                let why = if m.stopped { " (enemy ZOC: stops, 6.1)" } else { "" };
                format!("{} enters the map at {to} ({} MP spent off the map){why}", g.uname(m.unit), half_mp(off))
            });
            again(g, m);
        }
        Action::Step(to) => {
            let at = g.unit_hex(m.unit).expect("on the map");
            let ctx = Ctx::new(g, m.side);
            let info = step_check(g, &ctx, &m, at, to).expect("legal step");
            m.spent = m.spent.saturating_add(info.half);
            m.steps += 1;
            m.stopped |= info.stop;
            m.forced |= info.forced;
            if info.halts && !g.cavalry_halted {
                g.cavalry_halted = true;
                g.note("FotM 11.3", |g| {
                    format!("{} is within Confederate artillery range and stops: no Union cavalry moves further West until Union infantry or artillery passes West of it", g.uname(m.unit))
                });
            }
            m.withdrawing = info.withdraw;
            if info.exit {
                let Unit::Brigade(b) = m.unit else { unreachable!("only cavalry exits") };
                g.broke_out += 1;
                g.pursuit_owed += g.printed_sp(b);
                routed::record_exit(g, at, g.printed_sp(b));
                g.set_loc(b, Loc::Gone(Fate::BrokeOut));
                g.score(Side::Union, victory::vp::CAVALRY_EXITED, "FotM 8.5", |g| {
                    format!("{} breaks out off the West edge", g.name(b))
                });
                return;
            }
            // The step first, then what it brings about (a gap's control, 18.1; a Union brigade
            // stopped by artillery, 11.3): the tenth playtest read them the other way round.
            g.note("FotM 13.2", |g| {
                let why = if info.forced {
                    " (forced march, 13.5)"
                } else if info.zoc {
                    " (enemy ZOC: stops, 6.1)"
                } else {
                    ""
                };
                format!(
                    "{} enters {to} for {} MP{why}{}",
                    g.uname(m.unit),
                    half_mp(info.half),
                    lone_enemy_commanders(g, to, m.side)
                )
            });
            match m.unit {
                Unit::Brigade(b) => g.set_loc(b, Loc::Map(to)),
                Unit::Commander(c) => g.cmdr_mut(c).hex = Some(to),
            }
            if let Unit::Brigade(b) = m.unit {
                if m.side == Side::Confederate && info.zoc {
                    pause_broken(g, b);
                }
                if m.side == Side::Union && supports(g, b) {
                    check_cavalry_release(g);
                }
            }
            again(g, m);
        }
        Action::Face(f) => {
            let Unit::Brigade(b) = m.unit else { unreachable!("brigades face") };
            let half = face_cost(g, &m, b, f).expect("legal");
            m.turns += facing::turns(g.bde(b).facing, f);
            m.spent += half;
            m.withdrawing = false;
            g.bde_mut(b).facing = f;
            g.note("FotM 13.2", |g| format!("{} faces {}", g.name(b), facing::facing_name(f)));
            again(g, m);
        }
        Action::Formation => {
            let Unit::Brigade(b) = m.unit else { unreachable!("brigades change formation") };
            m.spent += FORMATION_COST * 2;
            let col = !g.bde(b).column;
            g.bde_mut(b).column = col;
            g.note("FotM 13.3", |g| format!("{} forms {}", g.name(b), if col { "column" } else { "line" }));
            again(g, m);
        }
        Action::Mount => {
            let Unit::Brigade(b) = m.unit else { unreachable!("brigades mount") };
            m.spent += MOUNT_COST * 2;
            m.mount_changed = true;
            let mounted = !g.bde(b).mounted;
            g.bde_mut(b).mounted = mounted;
            g.note("FotM 8.1", |g| format!("{} {}", g.name(b), if mounted { "mounts" } else { "dismounts" }));
            if m.steps == 0 {
                again(g, m);
            } else if let Some(f) = finish(g, &m) {
                g.stack.push(f);
            }
        }
        Action::Select(u) => {
            let roll = finish(g, &m);
            let reinforce = matches!(g.stack.last(), Some(Frame::Move(f)) if matches!(**f, MoveFrame::Phase { reinforce: true, .. }));
            begin(g, m.side, u, reinforce);
            if let Some(f) = roll {
                g.stack.push(f);
            }
        }
        Action::EndMove => {
            if let Some(f) = finish(g, &m) {
                g.stack.push(f);
            }
        }
        _ => {
            // Done: the unit's move and the phase end.
            let roll = finish(g, &m);
            if let Some(Frame::Move(f)) = g.stack.pop()
                && let MoveFrame::Phase { side, reinforce, .. } = *f
            {
                phase_end(g, side, reinforce);
            }
            if let Some(f) = roll {
                g.stack.push(f);
            }
        }
    }
}

/// 11.4: a Confederate brigade has entered a Union ZOC (moving, or entering the map into one);
/// infantry or artillery (horse artillery included: it is artillery, 2.3) frees the Union from
/// the pause.
fn pause_broken(g: &mut Fotm, b: Bid) {
    if matches!(g.arm(b), Arm::Infantry) || g.arm(b).is_artillery() {
        sequence::end_pause(g, "a Confederate brigade entered a Union ZOC");
    }
}

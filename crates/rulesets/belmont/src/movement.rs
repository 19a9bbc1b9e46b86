//! 4.0 Movement: movement points and the Terrain Effects Chart (4.1), stacking (4.2),
//! the three-part procedure (4.3: melee obligations, satisfying them, maneuver), Leader
//! Second Movement (3.2.3), and the movement limits of 10.1 (the guard), 11.9 (Union
//! embarkation), 13.2.1 (demoralized Confederates) and 13.2.3 (looting).
//!
//! Units move one hex per action so that opportunity fire (5.2) falls exactly where it
//! should; a unit finishes moving when another unit starts.

use crate::action::Action;
use crate::counters::{Kind, UnitId};
use crate::procedure::Frame;
use crate::sequence::{activated, activated_units, guarding, looting};
use crate::setup::{stack_ok, within_land_hexes};
use crate::state::{Belmont, Fate, Loc, Stage};
use crate::tables::Reach;
use crate::{charts, fire};
use engine::Side;
use hexmap::Hex;
use std::cell::RefCell;
use std::rc::Rc;

/// Half-MP to cross from `from` into the adjacent `to` (Terrain Effects Chart), or
/// `None` where the unit may not go. Read from the table worked out once per hexside
/// ([`crate::tables::Tables::step`]); a hex and itself (naval debarking, 11.7) ask the
/// chart.
pub(crate) fn cost(g: &Belmont, u: UnitId, from: Hex, to: Hex) -> Option<u8> {
    let map = g.map();
    let artillery = g.counter(u).kind == Kind::FieldArtillery;
    crate::tables::tables()
        .step(map, artillery, from, to)
        .unwrap_or_else(|| crate::tables::chart_cost(map, artillery, from, to))
}

/// Whether `u` may stand on `h` after a normal step: no enemy there, stacking kept
/// (4.2), the guard's leash (2.1), Kentucky only for Confederates who start there.
fn may_enter(g: &Belmont, u: UnitId, h: Hex) -> bool {
    let side = g.owner(u);
    if g.holder(h).is_some_and(|s| s != side) {
        return false;
    }
    if guarding(g, u) && !within_land_hexes(g, g.map().hunters_farm_dock, h, 3) {
        return false;
    }
    stack_ok(g, u, h)
}

/// Whether units may stand on each hex, worked out at most once a hex for one listing.
/// Units of the side moving that stacking (4.2) and the guard's leash (2.1) treat alike
/// ([`Standing::class`]: cavalry or not, leader or not, guarding or not) get the same
/// answer on every hex but their own, which is asked afresh.
pub(crate) struct Standing {
    /// By class, by map hex: 0 not yet asked, 1 yes, 2 no.
    known: [RefCell<Vec<u8>>; 8],
}

impl Standing {
    pub(crate) fn new() -> Standing {
        Standing { known: Default::default() }
    }

    /// Which units `u` answers alike with.
    pub(crate) fn class(g: &Belmont, u: UnitId) -> usize {
        let cav = g.counter(u).kind == Kind::Cavalry || g.is_cavalry_leader(u);
        usize::from(cav) | usize::from(g.is_leader(u)) << 1 | usize::from(guarding(g, u)) << 2
    }

    /// `ask()` for a unit of `class` standing on `own`, about `h`: remembered for its
    /// class unless `h` is its own hex. Every `ask` given one `Standing` must be the same
    /// question (a unit of the side moving may stand there), asked of that unit.
    pub(crate) fn get(&self, class: usize, own: Hex, h: Hex, ask: impl FnOnce() -> bool) -> bool {
        let map = crate::map::belmont();
        let Some(i) = map.cells.index(h).filter(|_| h != own) else {
            return ask();
        };
        let seen = self.known[class].borrow().get(i).copied().unwrap_or(0);
        if seen != 0 {
            return seen == 1;
        }
        let yes = ask();
        let mut known = self.known[class].borrow_mut();
        if known.is_empty() {
            *known = vec![0; map.cells.len()];
        }
        known[i] = if yes { 1 } else { 2 };
        yes
    }
}

/// Hexes of unresolved melee markers.
fn melee_hexes(g: &Belmont) -> Vec<Hex> {
    g.markers.iter().filter(|m| !m.resolved).map(|m| m.target).collect()
}

/// Whether the unit may move at all in this activation.
fn may_move(g: &Belmont, u: UnitId) -> bool {
    let act = g.act.as_ref().expect("activation");
    activated(g, u)
        && g.allowance(u) > 0
        && !looting(g, u)
        && (act.moving == Some(u) || !g.unit(u).moved)
        && matches!(g.unit(u).loc, Loc::Hex(_))
}

/// 13.2.3 on the way to a melee: on the turn after the camp fell, a Union unit that steps into
/// a hex within three of the camp is looting there and goes no further, so no way into a melee
/// hex passes through one (the fourth playtest: a marker was offered, and its odds and moves
/// walked companies into the zone, where they stopped short of the melee with no reason
/// given). Standing there at the start is [`looting`] itself. Union troops are those the
/// Union holds: guns it captured loot with it, its own guns the Confederates took do not
/// (8.7; the fourth playtest moved captured guns on the looting turn).
pub(crate) fn loots_at(g: &Belmont, u: UnitId, h: Hex) -> bool {
    g.camp_captured.is_some_and(|t| g.turn == t + 1)
        && g.owner(u) == Side::Union
        && g.map().camp.iter().any(|c| c.distance(h) <= 3)
}

/// Half-MP the unit has left (a fresh unit has its full allowance).
pub(crate) fn mp_left(g: &Belmont, u: UnitId) -> u8 {
    let act = g.act.as_ref().expect("activation");
    if act.moving == Some(u) || g.unit(u).moved { g.unit(u).mp } else { g.allowance(u) }
}

/// Units that may take part in a melee or charge as attackers (6.0, 6.5, 11.7).
pub(crate) fn may_melee(g: &Belmont, u: UnitId) -> bool {
    let c = g.counter(u);
    !g.unit(u).debarked
        && match c.kind {
            Kind::Infantry | Kind::Cavalry => true,
            Kind::Leader => c.rank == Some(crate::counters::Rank::Regiment),
            _ => false,
        }
}

/// 4.3.3 Maneuver: steps for units that have not moved (and for the unit now moving).
pub(crate) fn maneuver_legal(g: &Belmont) -> Vec<Action> {
    let melee = melee_hexes(g);
    let mut out = Vec::new();
    // 13.2.1: a demoralized unit under way moves on while it can; no other unit starts.
    if let Some(u) = demoralized_must_continue(g) {
        maneuver_steps(g, u, &melee, &mut out);
        return out;
    }
    for u in activated_units(g) {
        maneuver_steps(g, u, &melee, &mut out);
    }
    out
}

/// 4.3.3: the unit's steps (none into a melee hex).
fn maneuver_steps(g: &Belmont, u: UnitId, melee: &[Hex], out: &mut Vec<Action>) {
    let act = g.act.as_ref().expect("activation");
    if !may_move(g, u) {
        return;
    }
    let Loc::Hex(from) = g.unit(u).loc else {
        return;
    };
    let left = mp_left(g, u);
    let mut steps: Vec<Hex> = from
        .neighbours()
        .into_iter()
        // 4.3.3: may not enter a melee hex.
        .filter(|to| !melee.contains(to))
        .filter(|&to| cost(g, u, from, to).is_some_and(|c| c <= left) && may_enter(g, u, to))
        .collect();
    if act.demoralized && in_missouri_cs(g, u) {
        steps = demoralized_steps(g, from, steps);
    }
    out.extend(steps.into_iter().map(|to| Action::Move { unit: u, to }));
}

/// Why `u` may not step into the adjacent `to` in the maneuver, by the checks
/// `maneuver_steps` makes, for the page's why (the ninth playtest: a catch-all "movement
/// points, terrain or adjacency"); `None` when none of them bars it.
pub(crate) fn maneuver_step_refusal(g: &Belmont, u: UnitId, to: Hex) -> Option<(&'static str, String)> {
    let Loc::Hex(from) = g.unit(u).loc else { return None };
    let name = g.name(u);
    if melee_hexes(g).contains(&to) {
        return Some(("Belmont 4.3.3", format!("{to} is a melee hex: no unit enters one in the maneuver")));
    }
    let left = g.act.as_ref().map_or_else(|| g.allowance(u), |_| mp_left(g, u));
    match cost(g, u, from, to) {
        None => return Some(("Belmont 4.1", format!("the Terrain Effects Chart bars {name} from {to}"))),
        Some(c) if c > left => {
            let (c, l) = (crate::aids::mp(c), crate::aids::mp(left));
            return Some(("Belmont 4.1", format!("entering {to} costs {c} MP and {name} has {l} left")));
        }
        _ => {}
    }
    if guarding(g, u) && !within_land_hexes(g, g.map().hunters_farm_dock, to, 3) {
        return Some((
            "Belmont 2.1",
            format!("{name} guards the Hunter's Farm dock: no more than three land hexes from it"),
        ));
    }
    if !stack_ok(g, u, to) {
        return Some(("Belmont 4.2", format!("{to} has no room for {name}")));
    }
    if g.act.as_ref().is_some_and(|a| a.demoralized)
        && in_missouri_cs(g, u)
        && demoralized_steps(g, from, vec![to]).is_empty()
    {
        return Some(("Belmont 13.2.1", format!("{name} is demoralized and must move away from Camp Johnston")));
    }
    None
}

/// 13.2.1: a Confederate unit on the Missouri side (demoralized when its activation is).
fn in_missouri_cs(g: &Belmont, u: UnitId) -> bool {
    g.owner(u) == Side::Confederate && g.hex_of(u).is_some_and(|h| g.map().is_missouri(h))
}

/// 13.2.1: the demoralized unit now moving, while it still has a step away from the
/// camp: it must move up to its full allowance, so it takes that step before any other
/// unit starts and before the stage may end. With no such step left it simply stops.
pub(crate) fn demoralized_must_continue(g: &Belmont) -> Option<UnitId> {
    let act = g.act.as_ref()?;
    let u = act.moving?;
    if !act.demoralized || act.stage != Stage::Maneuver || !in_missouri_cs(g, u) {
        return None;
    }
    let mut steps = Vec::new();
    maneuver_steps(g, u, &melee_hexes(g), &mut steps);
    (!steps.is_empty()).then_some(u)
}

/// 13.2.1: of a demoralized unit's steps, those it may take: away from the camp toward
/// the river, avoiding contact with Union-occupied hexes if possible.
///
/// Reading: "away from Camp Johnston toward the banks" is one direction with two
/// conditions: each step comes no nearer the camp and no farther from the river, and
/// gains on one of them (nearer the river, or, along the river, farther from the camp).
/// A step away from the camp that leaves the river behind is no flight to the banks.
/// "Avoiding contact if possible": where a step away ends out of contact (no Union-held
/// hex adjacent), only such steps are offered; where every step away ends in contact, a
/// unit already in contact may take them (it cannot avoid it), one out of contact remains
/// in place rather than seek it (the rule's "or remain in place"). The fourth playtest saw
/// a unit in contact walk along the Union line when a way out was open.
fn demoralized_steps(g: &Belmont, from: Hex, steps: Vec<Hex>) -> Vec<Hex> {
    let camp_d = |h: Hex| g.map().camp.iter().map(|c| c.distance(h)).min().unwrap_or(0);
    let river_d = |h: Hex| crate::retreat::river_distance(g, h);
    let (camp_from, river_from) = (camp_d(from), river_d(from));
    let away: Vec<Hex> = steps
        .into_iter()
        .filter(|&to| {
            let (camp_to, river_to) = (camp_d(to), river_d(to));
            camp_to >= camp_from && river_to <= river_from && (camp_to > camp_from || river_to < river_from)
        })
        .collect();
    let contact = |h: Hex| h.neighbours().iter().any(|&n| g.holder(n) == Some(Side::Union));
    let clear: Vec<Hex> = away.iter().copied().filter(|&h| !contact(h)).collect();
    if !clear.is_empty() || !contact(from) { clear } else { away }
}

/// 13.2.1: the stage may end once every demoralized unit has moved its full allowance
/// (or cannot move at all).
pub(crate) fn demoralized_done(g: &Belmont) -> bool {
    let act = g.act.as_ref().expect("activation");
    if !act.demoralized {
        return true;
    }
    if demoralized_must_continue(g).is_some() {
        return false;
    }
    let legal = maneuver_legal(g);
    // Only units on the Missouri side are demoralized; those in Kentucky move freely.
    !legal.iter().any(|a| matches!(a, Action::Move { unit, .. } if !g.unit(*unit).moved && in_missouri_cs(g, *unit)))
}

/// One listing of 4.3.2 moves: the open melee hexes, and for each regiment leader asked
/// about, the broken companies of his that could follow him in (6.0), each with its
/// reach. A listing asks about a leader for every hexside he might enter by; the
/// companies and their reaches are found once.
struct MeleeMoves<'g> {
    g: &'g Belmont,
    /// Hexes of unresolved melee markers.
    melee: Vec<Hex>,
    /// By leader, his followers found so far.
    followers: RefCell<Vec<(UnitId, Followers)>>,
    /// Where units may stand on the way (4.2, 2.1, not in another melee hex).
    standing: Standing,
    /// The melee entries of unbroken companies, by [`Standing::class`] (see [`melee_need`]).
    entries: RefCell<Vec<(usize, Entries)>>,
}

/// A regiment leader's broken companies that could follow him in, each with its reach.
type Followers = Vec<(UnitId, Reach)>;

/// Hexes a unit may step into a melee hex from, each with the step's cost.
type Entries = Rc<Vec<(Hex, u8)>>;

impl<'g> MeleeMoves<'g> {
    fn new(g: &'g Belmont) -> MeleeMoves<'g> {
        MeleeMoves {
            g,
            melee: melee_hexes(g),
            followers: RefCell::new(Vec::new()),
            standing: Standing::new(),
            entries: RefCell::new(Vec::new()),
        }
    }

    /// Whether `u` may stand on `h` on its way to a melee hex: [`may_enter`], and not
    /// in another melee hex (4.3.2).
    fn may_stand(&self, u: UnitId, class: usize, own: Hex, h: Hex) -> bool {
        self.standing
            .get(class, own, h, || may_enter(self.g, u, h) && !self.melee.contains(&h) && !loots_at(self.g, u, h))
    }

    /// [`broken_follower_ready`], from the followers' reaches found once.
    fn follower_ready(&self, l: UnitId, from: Hex, target: Hex) -> bool {
        let g = self.g;
        let mut known = self.followers.borrow_mut();
        let k = match known.iter().position(|(x, _)| *x == l) {
            Some(k) => k,
            None => {
                known.push((l, self.find_followers(l)));
                known.len() - 1
            }
        };
        // The reach at full allowance holds what a smaller budget would reach, at the
        // same cost: so `from` is reachable with the step in still to pay if its cost
        // leaves that much.
        known[k].1.iter().any(|&(c, ref reach)| {
            cost(g, c, from, target)
                .and_then(|last| g.allowance(c).checked_sub(last))
                .is_some_and(|budget| reach.spent(g.map(), from).is_some_and(|s| s <= budget))
        })
    }

    /// 6.0: the broken companies of regiment leader `l`'s own regiment that have not
    /// moved and may still move into a melee, standing outside the melee hexes, each with
    /// its reach at full allowance, standing only where it may (4.2, 4.3.2: not in
    /// another melee hex).
    fn find_followers(&self, l: UnitId) -> Followers {
        let g = self.g;
        let regiment = g.counter(l).formation;
        let mut out = Vec::new();
        for c in g.ids() {
            if g.counter(c).formation != regiment || !crate::melee::needs_leader(g, c) || g.unit(c).moved {
                continue;
            }
            if crate::melee::regimental_leader(g, c) != Some(l) || !may_move(g, c) || !may_melee(g, c) {
                continue;
            }
            let Some(start) = g.hex_of(c).filter(|h| !self.melee.contains(h)) else {
                continue;
            };
            let artillery = g.counter(c).kind == Kind::FieldArtillery;
            let class = Standing::class(g, c);
            let reach = crate::tables::reach(start, g.allowance(c), artillery, |b| self.may_stand(c, class, start, b));
            out.push((c, reach));
        }
        out
    }

    /// [`crate::melee::entry_marker`], answering 6.0's question from the followers found.
    fn entry_marker(&self, u: UnitId, from: Hex, to: Hex) -> Option<(usize, u8)> {
        crate::melee::entry_marker_by(self.g, u, from, to, &|l, from, to| self.follower_ready(l, from, to))
    }
}

/// 4.3.2: steps toward a melee hex, and the step into it across its marker's hexside.
pub(crate) fn melee_move_legal(g: &Belmont) -> Vec<Action> {
    let mut out = Vec::new();
    if g.markers.iter().all(|m| m.resolved) {
        return out;
    }
    // 4.3.2 with 6.0: a regiment leader who went in ahead is followed at once.
    let follow = follow_moves(g);
    if !follow.is_empty() {
        return follow;
    }
    let ctx = MeleeMoves::new(g);
    // 4.3.2: only units that will melee move now, so one that has set out goes on into its
    // melee hex while it can (the seventh playtest: a company walked up under a marker and
    // stopped beside the enemy, the marker lapsing, and crossed his front unfired on, 5.2).
    let going_on = going_on(&ctx);
    if !going_on.is_empty() {
        return going_on;
    }
    for u in activated_units(g) {
        melee_steps(&ctx, u, None, &mut out);
    }
    out
}

/// 4.3.2: the steps of the unit moving into a melee hex, while it is on its way and has one.
fn going_on(ctx: &MeleeMoves<'_>) -> Vec<Action> {
    let mut out = Vec::new();
    if let Some(u) = ctx.g.act.as_ref().and_then(|a| a.moving) {
        melee_steps(ctx, u, None, &mut out);
    }
    out
}

/// 4.3.2: whether a unit on its way into a melee hex must go on before another moves or the
/// step ends ([`melee_move_legal`]).
pub(crate) fn must_go_on(g: &Belmont) -> bool {
    g.act.as_ref().is_some_and(|a| a.stage == Stage::MeleeMoves) && !going_on(&MeleeMoves::new(g)).is_empty()
}

/// 4.3.2: where `u` stands and the half-MP it has left, if it may have steps toward or
/// into an open melee hex (only marker `only`'s, if given) to list.
fn melee_mover(ctx: &MeleeMoves<'_>, u: UnitId, only: Option<usize>) -> Option<(Hex, u8)> {
    let g = ctx.g;
    if !may_move(g, u) || !may_melee(g, u) {
        return None;
    }
    let Loc::Hex(from) = g.unit(u).loc else {
        return None;
    };
    if ctx.melee.contains(&from) {
        return None; // Already in a melee hex: its movement is over.
    }
    let left = mp_left(g, u);
    // No step costs less than a road's half-MP: with every open melee hex farther than
    // that allows, there is no step to list (and no search to run).
    let near = g.markers.iter().enumerate().any(|(i, m)| {
        !m.resolved
            && only.is_none_or(|o| o == i)
            && u32::from(from.distance(m.target)) * u32::from(charts::COST_ROAD) <= u32::from(left)
    });
    near.then_some((from, left))
}

/// 4.3.2: the unit's steps toward an open melee hex, and into it (only toward and into
/// marker `only`, if given).
fn melee_steps(ctx: &MeleeMoves<'_>, u: UnitId, only: Option<usize>, out: &mut Vec<Action>) {
    let g = ctx.g;
    let Some((from, left)) = melee_mover(ctx, u, only) else {
        return;
    };
    let need = melee_need(ctx, u, from, left, only);
    for to in from.neighbours() {
        let Some(c) = cost(g, u, from, to) else {
            continue;
        };
        if c > left {
            continue;
        }
        // Either the step into a melee hex across its marker's hexside, or a step
        // that still leaves time to get there.
        let into_melee = ctx.entry_marker(u, from, to).is_some_and(|(i, _)| only.is_none_or(|o| o == i));
        let on_the_way =
            may_enter(g, u, to) && !ctx.melee.contains(&to) && need.spent(g.map(), to).is_some_and(|n| n <= left - c);
        if into_melee || on_the_way {
            out.push(Action::Move { unit: u, to });
        }
    }
}

/// 4.3.2 with 6.0: a regiment leader standing in a melee hex ahead of every unit of his
/// command (he went in first for a broken company to follow): his marker and himself.
fn waiting_leader(g: &Belmont) -> Option<(usize, UnitId)> {
    for (i, m) in g.markers.iter().enumerate() {
        if m.resolved || m.forced || m.charge {
            continue;
        }
        let all: Vec<UnitId> = m.group.iter().chain(m.second.iter().flat_map(|(_, s)| s)).copied().collect();
        for &l in &all {
            if g.is_leader(l)
                && g.hex_of(l) == Some(m.target)
                && !all.iter().any(|&x| !g.is_leader(x) && g.commands(l, x))
            {
                return Some((i, l));
            }
        }
    }
    None
}

/// 4.3.2 with 6.0: while a regiment leader waits in a melee hex for a unit of his
/// command, the only moves are theirs, toward and into his melee; none other may move
/// and the step may not end. Empty when no one waits or no one can still follow (he is
/// then an unsupported leader, 6.7).
pub(crate) fn follow_moves(g: &Belmont) -> Vec<Action> {
    let mut out = Vec::new();
    if g.act.as_ref().is_none_or(|a| a.stage != Stage::MeleeMoves) {
        return out;
    }
    let Some((i, l)) = waiting_leader(g) else {
        return out;
    };
    let ctx = MeleeMoves::new(g);
    for c in g.ids() {
        if !g.is_leader(c) && g.commands(l, c) {
            melee_steps(&ctx, c, Some(i), &mut out);
        }
    }
    out
}

/// 6.0 with 4.3.2: whether a broken company of regiment leader `l`'s own regiment could
/// follow him into `target` across the hexside from `from` this activation: one that has
/// not moved and can still reach `from` and step in. Reading: such a company accompanies
/// him even though he goes in first (it may not go in without him), wherever it stands,
/// as long as it can make the melee hex; it must then follow at once ([`follow_moves`]).
pub(crate) fn broken_follower_ready(g: &Belmont, l: UnitId, from: Hex, target: Hex) -> bool {
    MeleeMoves::new(g).follower_ready(l, from, target)
}

/// For each hex, the fewest half-MP the unit on `own` needs from there to step into an
/// open melee hex through a valid entry (4.3.2: the units must be able to reach the melee
/// hex), found by one backward search from the entries (see [`crate::tables::need`]).
/// Sure for the hexes next to the unit that it could step to and still arrive in time,
/// all that [`melee_steps`] asks: a step costs at least a road's half-MP.
fn melee_need(ctx: &MeleeMoves<'_>, u: UnitId, own: Hex, left: u8, only: Option<usize>) -> Reach {
    let g = ctx.g;
    // The entries are the same for every unbroken company of a kind (cavalry or not:
    // broken companies and leaders enter on terms of their own, 6.0, 4.3.2): found once.
    let class = Standing::class(g, u);
    let alike = only.is_none() && !g.is_leader(u) && !crate::melee::needs_leader(g, u);
    let known = alike.then(|| ctx.entries.borrow().iter().find(|(k, _)| *k == class).map(|(_, e)| Rc::clone(e)));
    let entries = known.flatten().unwrap_or_else(|| {
        let e = Rc::new(melee_entries(ctx, u, only));
        if alike {
            ctx.entries.borrow_mut().push((class, Rc::clone(&e)));
        }
        e
    });
    let artillery = g.counter(u).kind == Kind::FieldArtillery;
    crate::tables::need(&entries, left, artillery, Some(own), |h| ctx.may_stand(u, class, own, h))
}

/// 4.3.2: the hexes from which `u` may step into an open melee hex (only marker `only`'s,
/// if given) across a hexside it may use, each with the step's cost.
fn melee_entries(ctx: &MeleeMoves<'_>, u: UnitId, only: Option<usize>) -> Vec<(Hex, u8)> {
    let g = ctx.g;
    let mut entries = Vec::new();
    for (i, m) in g.markers.iter().enumerate().filter(|(_, m)| !m.resolved) {
        if only.is_some_and(|o| o != i) {
            continue;
        }
        for e in m.target.neighbours() {
            if ctx.entry_marker(u, e, m.target).is_none_or(|(j, _)| j != i) {
                continue;
            }
            if let Some(c) = cost(g, u, e, m.target) {
                entries.push((e, c));
            }
        }
    }
    entries
}

/// 4.3.2 for a marker's odds (`procedure::declared_step`): the half-MP unit `u` would still
/// need after stepping to `to` to enter marker `m`'s hex (`Some(0)` for the step in), by the
/// same backward search that offers the melee moves; `None` when `to` is not on its way.
/// The step with the least need left is a step along a shortest way in, so a unit that must
/// go round a marsh or a friend still gets there (the fourth playtest: a nearest-hex rule
/// stopped two companies short and the odds read "nothing changes").
pub(crate) fn need_after_step(g: &Belmont, u: UnitId, to: Hex, m: usize) -> Option<u8> {
    if g.markers.get(m)?.target == to {
        return Some(0);
    }
    let ctx = MeleeMoves::new(g);
    let (from, left) = melee_mover(&ctx, u, Some(m))?;
    melee_need(&ctx, u, from, left, Some(m)).spent(g.map(), to)
}

/// `u` starts moving: the unit moving before it finishes (a unit finishes moving when
/// another starts), and the log says so when it had movement points left (the seventh
/// playtest: companies debarked one after another lost their 2 MP unsaid).
pub(crate) fn hand_over(g: &mut Belmont, u: UnitId) {
    let cut = cut_short(g, u);
    g.act.as_mut().expect("activation").moving = Some(u);
    if let Some(prev) = cut {
        let (p, n, left) = (g.name(prev), g.name(u), g.unit(prev).mp);
        g.log.push("Belmont 4.0", || {
            format!(
                "{p}'s move is over as {n} moves ({} MP left unspent; one unit moves at a time).",
                crate::aids::mp(left)
            )
        });
    }
}

/// 4.0: the unit moving now, with movement points left, whose move `u` starting would end.
fn cut_short(g: &Belmont, u: UnitId) -> Option<UnitId> {
    let prev = g.act.as_ref()?.moving?;
    (prev != u && g.unit(prev).mp > 0 && g.hex_of(prev).is_some()).then_some(prev)
}

/// Whether `u` has a step among the legal actions, read from their memo without copying
/// them (a page's views ask it of every step listed).
fn may_step(g: &Belmont, u: UnitId) -> bool {
    matches!(engine::Game::actor(g), engine::Actor::Side(_))
        && crate::procedure::read_legal(g, |legal| {
            legal.iter().any(|a| matches!(a, Action::Move { unit, .. } if *unit == u))
        })
}

/// 4.3.3: what Done leaves undone in the maneuver, in words, for a page to ask before it is
/// sent (the eighth playtest skipped a regiment's whole maneuver with two quick Dones): the
/// activated units that have not moved and could.
pub(crate) fn done_leaves(g: &Belmont) -> Option<String> {
    let act = g.act.as_ref()?;
    if act.stage != Stage::Maneuver || !matches!(g.stack.last(), Some(Frame::Activate)) {
        return None;
    }
    let idle: Vec<&str> =
        activated_units(g).into_iter().filter(|&u| !g.unit(u).moved && may_step(g, u)).map(|u| g.name(u)).collect();
    match idle.len() {
        0 => None,
        1 => Some(format!("{} has not moved and may still (4.3.3): Done ends the activation's moves", idle[0])),
        n => Some(format!(
            "{n} activated units have not moved and may still ({}; 4.3.3): Done ends the activation's moves",
            idle.join(", ")
        )),
    }
}

/// 4.0: what a step by `u` ends, in words, for a page to say before it is sent (the
/// seventh playtest: switching units lost a move's MP unwarned): the move of the unit under
/// way with movement points left and a step it could still take, if `u` is another.
pub(crate) fn ends_by(g: &Belmont, u: UnitId) -> Option<String> {
    let prev = cut_short(g, u).filter(|&p| may_step(g, p))?;
    Some(format!(
        "ends the move of {} with {} MP left (4.0: one unit moves at a time)",
        g.name(prev),
        crate::aids::mp(g.unit(prev).mp)
    ))
}

/// Moves a unit one hex (4.0), or into a melee hex (4.3.2).
pub(crate) fn step(g: &mut Belmont, u: UnitId, to: Hex) {
    let from = g.hex_of(u).expect("on map");
    let stage = g.act.as_ref().expect("activation").stage;
    let fresh = g.act.as_ref().expect("activation").moving != Some(u);
    if fresh {
        let mp = if g.unit(u).moved { g.unit(u).mp } else { g.allowance(u) };
        g.unit_mut(u).mp = mp;
        g.unit_mut(u).moved = true;
        hand_over(g, u);
    }
    let c = cost(g, u, from, to).expect("legal step");
    g.unit_mut(u).mp -= c;
    // 11.7: a unit that left a transport this turn may enter a Union ZOC but not pass
    // through it, however far it walked from the landing first.
    if g.unit(u).debarked && g.in_zoc_of(to, g.owner(u).enemy()) {
        g.unit_mut(u).mp = 0;
    }
    if stage == Stage::MeleeMoves
        && let Some(m) = crate::melee::entry_marker(g, u, from, to)
    {
        crate::melee::join(g, m, u, from);
        g.set_loc(u, Loc::Hex(to));
        g.act.as_mut().expect("activation").moving = None;
        let n = g.name(u);
        g.log.push("Belmont 4.3.2", || format!("{n} moves from {from} into the melee hex {to}."));
        fire::after_entering(g, u, to, None);
        return;
    }
    g.set_loc(u, Loc::Hex(to));
    let n = g.name(u);
    g.log.push("Belmont 4.0", || format!("{n} moves {from} to {to}."));
    crate::retreat::claim_abandoned(g, u, to);
    if embark_at_hunters_farm(g, u, to) {
        return;
    }
    fire::after_entering(g, u, to, None);
}

/// 11.9: Union units entering Hunter's Farm dock board the transports and leave.
pub(crate) fn embark_at_hunters_farm(g: &mut Belmont, u: UnitId, to: Hex) -> bool {
    if to != g.map().hunters_farm_dock || g.counter(u).side != Side::Union || g.is_vessel(u) {
        return false;
    }
    if g.counter(u).kind == Kind::Infantry {
        let i = usize::from(g.unit(u).flipped);
        g.embarked[i] += 1;
        if g.opt.embark_vp {
            g.vp[0] += if i == 0 { charts::vp::OPT_EMBARKED_UNBROKEN } else { charts::vp::OPT_EMBARKED_BROKEN };
        }
    }
    g.set_loc(u, Loc::Gone(Fate::Embarked));
    if let Some(act) = g.act.as_mut()
        && act.moving == Some(u)
    {
        act.moving = None;
    }
    let n = g.name(u);
    g.log.push("Belmont 11.9", || format!("{n} boards the transports at Hunter's Farm and leaves the game."));
    true
}

/// 3.2.3: leaders move up to three hexes each.
pub(crate) fn second_move_legal(g: &Belmont, f: &Frame) -> Vec<Action> {
    let Frame::SecondMove { side, done, moving } = f else { unreachable!() };
    let mut out = vec![Action::Done];
    for u in g.ids() {
        if !g.is_leader(u) || g.owner(u) != *side || done.contains(&u) || looting(g, u) {
            continue;
        }
        let Loc::Hex(from) = g.unit(u).loc else {
            continue;
        };
        let left = match moving {
            Some((m, left)) if *m == u => *left,
            _ => charts::SECOND_MOVE_HEXES,
        };
        if left == 0 {
            continue;
        }
        for to in from.neighbours() {
            if cost(g, u, from, to).is_some() && may_enter(g, u, to) {
                out.push(Action::Move { unit: u, to });
            }
        }
    }
    out
}

/// 3.2.3: why a leader's second-movement step to `to` is refused: not his side's leader,
/// already done, his three hexes spent, not one hex on, or a hex he may not enter.
pub(crate) fn second_move_refusal(g: &Belmont, f: &Frame, u: UnitId, to: Hex) -> engine::Illegal {
    let Frame::SecondMove { side, done, moving } = f else { unreachable!() };
    let ill = |rule: &str, reason: String| engine::Illegal { rule: rule.into(), reason };
    let n = g.name(u);
    if !g.is_leader(u) || g.owner(u) != *side {
        return ill("Belmont 3.2.3", format!("only {} leaders move in this Leader Second Movement", side.title()));
    }
    if looting(g, u) {
        return ill("Belmont 13.2.3", format!("{n} is looting the camp and may not move"));
    }
    let left = match moving {
        Some((m, left)) if *m == u => *left,
        _ if done.contains(&u) => 0,
        _ => charts::SECOND_MOVE_HEXES,
    };
    if left == 0 {
        return ill(
            "Belmont 3.2.3",
            format!("{n} has made his Leader Second Movement (up to {} hexes)", charts::SECOND_MOVE_HEXES),
        );
    }
    let Loc::Hex(from) = g.unit(u).loc else {
        return ill("Belmont 3.2.3", format!("{n} is not on the map"));
    };
    if from.distance(to) != 1 {
        return ill(
            "Belmont 3.2.3",
            format!(
                "{to} is not beside {n} in {from}: a leader moves one hex at a time, {} hexes in all ({left} left)",
                charts::SECOND_MOVE_HEXES
            ),
        );
    }
    if g.holder(to).is_some_and(|s| s != *side) {
        return ill("Belmont 4.3.2", format!("{to} holds the enemy"));
    }
    ill("Belmont 4.1", format!("{n} cannot enter {to} (terrain, stacking or the guard's leash: 4.1, 4.2, 2.1)"))
}

pub(crate) fn second_move_apply(g: &mut Belmont, f: Frame, a: &Action) {
    let Frame::SecondMove { side, mut done, moving } = f else { unreachable!() };
    match a {
        Action::Done => {
            let s = side.title();
            g.log.push("Belmont 3.2.3", || format!("{s} Leader Second Movement ends."));
        }
        Action::Move { unit, to } => {
            let left = match moving {
                Some((m, left)) if m == *unit => left,
                Some((m, _)) => {
                    done.push(m);
                    charts::SECOND_MOVE_HEXES
                }
                None => charts::SECOND_MOVE_HEXES,
            };
            let from = g.hex_of(*unit).expect("on map");
            g.set_loc(*unit, Loc::Hex(*to));
            let (n, t) = (g.name(*unit), *to);
            g.log.push("Belmont 3.2.3", || format!("{n} moves {from} to {t}."));
            let mut moving = Some((*unit, left - 1));
            if left - 1 == 0 {
                done.push(*unit);
                moving = None;
            }
            g.stack.push(Frame::SecondMove { side, done, moving });
            if !embark_at_hunters_farm(g, *unit, *to) {
                fire::after_entering(g, *unit, *to, None);
            }
        }
        _ => unreachable!(),
    }
}

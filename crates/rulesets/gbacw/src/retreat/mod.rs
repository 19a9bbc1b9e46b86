//! 13.31-13.33 and 14.0-14.4 retreats, with 8.15 and 14.3 displacement, 5.17, 15.16 crews
//! leaving their guns, 13.43 leaders, and 10.2 retreat fire drawn on the way
//! ([`crate::withdrawal`]).
//!
//! A retreat is the owner's, hex by hex (`RetreatTo`), among the hexes [`paths`] offers;
//! before its first step the owner may take leaders of the hex along (`Join`). Retreats cost
//! no Movement Points and are not movement (5.18), so a pinned unit still retreats (R26).
//!
//! Readings:
//! - 13.31, 13.33: a unit routed (or routed again) retreats three hexes, alone; several
//!   routed by one fire retreat one after another, the top one first.
//! - 14.3: entering a hex of friendly units displaces them, after any retreat fire the entry
//!   draws: the stack (its routed units apart) retreats one hex together, then its top unit
//!   checks its morale (the others too if it routs, 13.42); a displaced routed unit routs
//!   again and retreats three hexes (13.33). Displacement chains (14.3's third unit).
//! - R42 (plan section 3) gathers the readings below that the rules leave open.
//! - 13.43: a leader chooses to go with a routed unit or stay only while another friendly
//!   unit stays in the hex ("the unit beneath"); the last unit to leave a hex, start or
//!   passed through, takes him along. A
//!   leader left alone because his unit could not retreat goes to the nearest unit of his
//!   command (17.53).
//! - 15.16, R27: an unlimbered battery whose crew routs leaves its guns in the hex
//!   ([`crate::state::UnitState::abandoned`]); the crew retreats as a Line unit (R14). Enemy
//!   infantry or cavalry entering the hex take the guns, and the crew leaves play with them;
//!   the crew, no longer routed, re-mans them by entering the hex (R42, `guns_entered`).
//! - A hex left with none of its units keeps no pin (13.33: the routed unit is no longer
//!   pinned; the marker goes with the last unit).

pub mod paths;

use crate::action::{Action, Piece};
use crate::fire::resolve;
use crate::procedure::{Frame, Procedure};
use crate::refusal::{no, why};
use crate::state::{Fate, Formation, Gbacw, LeaderId, Loc, UnitId};
use crate::{facing, leaders, stacking};
use engine::{Actor, Illegal, Side};
use hexmap::Hex;

/// 13.31: a rout retreat's length in hexes.
pub const ROUT_HEXES: u8 = 3;

/// 14.3: a displaced unit's retreat.
pub const DISPLACED_HEXES: u8 = 1;

/// Why a retreat is made.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Why {
    /// 13.31, 13.33: a rout.
    Rout,
    /// 14.3, 8.15: displaced by a friendly retreat.
    Displaced,
    /// 12.92, 12.95, 12.51: a melee's retreat: never into an enemy zone (12.92), a morale
    /// check at its end (R30: a rout then retreats on under 14.2).
    Melee,
    /// 12.94 option 3 and 12.95's "Rpls": a melee's retreat that may pass enemy zones (14.2
    /// bars them only under 12.82 and 12.92), a morale check at the end; no fire from the enemy
    /// it fought (its `cause`, 10.2).
    FallBack,
}

/// A retreat under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Retreat {
    /// The retreating side.
    pub side: Side,
    /// The units retreating together, top first.
    pub units: Vec<UnitId>,
    /// Leaders going with them (13.43).
    pub leaders: Vec<LeaderId>,
    /// The hex it began in.
    pub start: Hex,
    /// The hexes entered so far.
    pub path: Vec<Hex>,
    /// The hexes it must retreat (13.31, 14.3, 14.4: the full distance).
    pub length: u8,
    /// Why.
    pub why: Why,
    /// The enemy units whose fire caused it (10.2: they fire no retreat fire at it).
    pub cause: Vec<UnitId>,
    /// Enemy units that have fired retreat fire at it (10.2: once each a retreat).
    pub fired: Vec<UnitId>,
    /// 13.33: its routed units that lost a point in the melee that sent it, to rout again at
    /// its end.
    pub reroute: Vec<UnitId>,
    /// 13.31: its units routed on the way (by retreat fire), to rout at its end.
    pub then_rout: Vec<UnitId>,
}

impl Retreat {
    /// Where it stands now.
    #[must_use]
    pub fn at(&self) -> Hex {
        self.path.last().copied().unwrap_or(self.start)
    }

    /// Its units still on the map with it.
    #[must_use]
    pub fn here(&self, g: &Gbacw) -> Vec<UnitId> {
        let at = self.at();
        self.units.iter().copied().filter(|&u| g.hex_of(u) == Some(at)).collect()
    }

    /// The hexes it may enter next.
    #[must_use]
    pub fn next(&self, g: &Gbacw) -> Vec<Hex> {
        let left = self.length.saturating_sub(u8::try_from(self.path.len()).unwrap_or(u8::MAX));
        let no_zoc = self.why == Why::Melee;
        paths::next_hexes(g, self.side, &self.units, self.start, self.at(), left, no_zoc)
    }

    /// 13.43: leaders in the start hex who may choose to go along (before the first step,
    /// while another friendly unit stays), and whether they must (none stays).
    fn leaders_left(&self, g: &Gbacw) -> (Vec<LeaderId>, bool) {
        if !self.path.is_empty() {
            return (Vec::new(), false);
        }
        let free: Vec<LeaderId> =
            leaders::leaders_at(g, self.start, self.side).into_iter().filter(|l| !self.leaders.contains(l)).collect();
        (free, !paths::friendly(g, self.side, self.start, &self.units))
    }

    fn names(&self, g: &Gbacw) -> String {
        self.units.iter().map(|&u| g.info(u).name.clone()).collect::<Vec<_>>().join(", ")
    }
}

/// Retreats under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum RetreatFrame {
    /// The owner chooses the next hex, or a leader to take along.
    Go(Box<Retreat>),
    /// 14.3: `by` have entered `hex`; its other units of `side` are displaced.
    Displace {
        /// The side retreating.
        side: Side,
        /// The hex entered.
        hex: Hex,
        /// The units that entered.
        by: Vec<UnitId>,
        /// The enemy units behind the first retreat.
        cause: Vec<UnitId>,
    },
}

/// 13.31, 13.33: the units `routed` (in the order they routed) retreat three hexes each, the
/// first on top; `cause` the enemy units whose fire routed them.
pub(crate) fn rout(g: &mut Gbacw, routed: &[UnitId], cause: &[UnitId]) {
    for &u in routed.iter().rev() {
        let Some(h) = g.hex_of(u) else { continue };
        if !g.unit(u).routed {
            continue;
        }
        // 13.31 "in addition to any other retreats": a unit routed on the way of a retreat
        // (retreat fire, 10.2) makes the rest of it first, then routs (the fourth audit: a
        // 12.94 pull-out of two hexes was cut to one).
        if let Some(r) = under_way(g, u) {
            if !r.then_rout.contains(&u) {
                r.then_rout.push(u);
            }
            continue;
        }
        push(g, vec![u], h, ROUT_HEXES, Why::Rout, cause);
    }
}

/// The retreat (not a rout) `u` is making and has not finished, if any.
fn under_way(g: &mut Gbacw, u: UnitId) -> Option<&mut Retreat> {
    g.stack.iter_mut().rev().find_map(|f| match f {
        Frame::Retreat(RetreatFrame::Go(r))
            if r.why != Why::Rout && r.units.contains(&u) && r.path.len() < usize::from(r.length) =>
        {
            Some(r.as_mut())
        }
        _ => None,
    })
}

/// 12.92, 12.94, 12.95: `units` (of one side, together) retreat `length` hexes from `h` for a
/// melee, `cause` the enemy units they fought; `reroute` those routed that lost a point in
/// it, to rout again at the end (13.33).
pub(crate) fn melee(
    g: &mut Gbacw,
    units: Vec<UnitId>,
    h: Hex,
    length: u8,
    why: Why,
    cause: &[UnitId],
    reroute: &[UnitId],
) {
    if !units.is_empty() {
        let below = g.stack.len();
        push(g, units, h, length, why, cause);
        // The retreat just begun, if one did (a crew-less wagon alone begins none), is the
        // top frame: push adds nothing above it.
        if g.stack.len() > below
            && let Some(Frame::Retreat(RetreatFrame::Go(r))) = g.stack.last_mut()
        {
            r.reroute = reroute.to_vec();
        }
    }
}

/// 13.33: routed units that lost a point and do not retreat for it rout again now.
pub(crate) fn rout_again(g: &mut Gbacw, units: &[UnitId], cause: &[UnitId]) {
    for &u in units {
        let name = g.info(u).name.clone();
        g.log.push("GBACW 13.33", || format!("{name}, routed, suffers casualties: it routs again."));
    }
    rout(g, units, cause);
}

/// Pushes a retreat of `units` from `h`.
fn push(g: &mut Gbacw, mut units: Vec<UnitId>, h: Hex, length: u8, why: Why, cause: &[UnitId]) {
    // 11.1, 11.17: a wagon never retreats but before melee (its own procedure): a killed crew
    // leaves nothing to go; a living one goes as the Wagon Crew Counter, the wagon stays.
    units.retain(|&u| !crate::fire::wagon::crew_dead(g, u));
    let Some(&first) = units.first() else { return };
    for &u in &units {
        if crate::fire::wagon::is_wagon_itself(g, u) {
            crate::fire::wagon::crew_leaves(g, u, h);
        }
    }
    let side = g.side_of(first);
    for &u in &units {
        // 15.16: the crew leaves its unlimbered guns where they stand.
        if g.unit(u).formation == Formation::Unlimbered {
            let st = g.unit_mut(u);
            st.abandoned = Some(h);
            st.formation = Formation::Line;
            let name = g.info(u).name.clone();
            g.log.push("GBACW 15.16", || format!("{name}'s crew leaves its guns in {h}."));
        }
    }
    let r = Retreat {
        side,
        units,
        leaders: Vec::new(),
        start: h,
        path: Vec::new(),
        length,
        why,
        cause: cause.to_vec(),
        fired: Vec::new(),
        reroute: Vec::new(),
        then_rout: Vec::new(),
    };
    g.stack.push(Frame::Retreat(RetreatFrame::Go(Box::new(r))));
}

/// A hex none of whose units is left keeps no pin marker (13.33, 9.84).
pub(crate) fn unpin_if_empty(g: &mut Gbacw, h: Hex) {
    if g.units_here(h).next().is_none() {
        g.pinned.retain(|&p| p != h);
    }
}

/// The retreat the top retreat frame is, to record a retreat-fire shot on (10.2).
pub(crate) fn record_fire(g: &mut Gbacw, firer: UnitId) {
    let found = g.stack.iter_mut().rev().find_map(|f| match f {
        Frame::Retreat(RetreatFrame::Go(r)) => Some(r),
        _ => None,
    });
    if let Some(r) = found {
        r.fired.push(firer);
    }
}

/// The retreat enters `to`.
fn step(g: &mut Gbacw, mut r: Retreat, to: Hex) {
    let from = r.at();
    let units = r.here(g);
    for &u in &units {
        let order = stacking::bottom(g, to, u);
        let f = facing::toward(from, to).unwrap_or(g.unit(u).facing);
        let st = g.unit_mut(u);
        st.facing = f;
        st.loc = Loc::Map(to);
        st.order = order;
    }
    // 13.43: the last unit to leave a hex takes its leaders along (a retreat passing
    // through, or a stack displaced, leaves none alone).
    if !paths::friendly(g, r.side, from, &units) {
        for l in leaders::leaders_at(g, from, r.side) {
            if !r.leaders.contains(&l) {
                r.leaders.push(l);
                let (name, with) = (g.leader_info(l).1, r.names(g));
                g.log.push("GBACW 13.43", || format!("{name} goes with {with}, the last unit to leave {from}."));
            }
        }
    }
    for &l in &r.leaders {
        if g.leader_hex(l) == Some(from) {
            g.leaders[usize::from(l)].loc = Loc::Map(to);
        }
    }
    r.path.push(to);
    let (who, n, of) = (r.names(g), r.path.len(), r.length);
    g.log.push("GBACW 14.4", || format!("{who} retreats into {to} ({n} of {of})."));
    unpin_if_empty(g, from);
    leaders::capture_alone(g, to, r.side);
    guns_entered(g, to, r.side, &units);
    let side = r.side;
    let cause = r.cause.clone();
    let fired = r.fired.clone();
    g.stack.push(Frame::Retreat(RetreatFrame::Go(Box::new(r))));
    if paths::friendly(g, side, to, &units) {
        g.stack.push(Frame::Retreat(RetreatFrame::Displace { side, hex: to, by: units.clone(), cause: cause.clone() }));
    }
    // 10.2: entering enemy zones draws retreat fire, before the displacement.
    crate::withdrawal::entering(g, side, &units, to, &cause, &fired);
}

/// The retreat has gone its full distance: a displaced stack checks its morale (14.3).
fn finish(g: &mut Gbacw, r: &Retreat) {
    // 13.31: those routed on the way rout now, from where the retreat ended.
    let routed: Vec<UnitId> = r.then_rout.iter().copied().filter(|u| r.here(g).contains(u)).collect();
    for &u in routed.iter().rev() {
        push(g, vec![u], r.at(), ROUT_HEXES, Why::Rout, &r.cause);
    }
    let units = r.here(g);
    let standing: Vec<UnitId> = units.into_iter().filter(|&u| !g.unit(u).routed).collect();
    match r.why {
        Why::Displaced => resolve::displaced_check(g, r.at(), r.side, standing, r.cause.clone()),
        // 13.41: a melee reached every unit of the stack; each checks.
        Why::Melee | Why::FallBack => {
            resolve::meleed_check(g, r.at(), r.side, standing, r.cause.clone());
            let again: Vec<UnitId> = r.reroute.iter().copied().filter(|u| r.here(g).contains(u)).collect();
            rout_again(g, &again, &r.cause);
        }
        _ => {}
    }
}

/// 13.31, 14.1, 5.17: the retreat cannot be made: its units are captured (gunboats apart).
fn capture(g: &mut Gbacw, r: &Retreat) {
    let at = r.at();
    if paths::afloat(g, &r.units) {
        // Plan 2.5 c: a gunboat with no river left to steam along stays, routed, out of reach.
        let names = r.names(g);
        g.log.push("GBACW 14.1", || format!("{names} can steam no farther from {at} and stays there, routed."));
        return;
    }
    let rule = if paths::at_edge(g, at) { "GBACW 5.17" } else { "GBACW 14.1" };
    for u in r.here(g) {
        let st = g.unit_mut(u);
        st.loc = Loc::Gone(Fate::Captured);
        st.abandoned = None;
        let name = g.info(u).name.clone();
        g.log.push(rule, || format!("{name} cannot retreat from {at}: captured."));
    }
    unpin_if_empty(g, at);
    resolve::strand(g, at, r.side);
}

/// 14.3: displaces the units of `side` in `hex` other than `by`.
fn displace(g: &mut Gbacw, side: Side, hex: Hex, by: &[UnitId], cause: &[UnitId]) {
    if !by.iter().any(|&u| g.hex_of(u) == Some(hex)) {
        return;
    }
    let friends: Vec<UnitId> = stacking::friends_at(g, hex, side)
        .into_iter()
        .filter(|&u| !by.contains(&u) && !crate::fire::wagon::is_wagon_itself(g, u))
        .collect();
    let (routed, standing): (Vec<UnitId>, Vec<UnitId>) = friends.into_iter().partition(|&u| g.unit(u).routed);
    for &u in routed.iter().rev() {
        let name = g.info(u).name.clone();
        g.log.push("GBACW 14.3", || format!("{name}, routed, is displaced: it routs again (13.33)."));
        push(g, vec![u], hex, ROUT_HEXES, Why::Rout, cause);
    }
    if !standing.is_empty() {
        let names = standing.iter().map(|&u| g.info(u).name.clone()).collect::<Vec<_>>().join(", ");
        g.log.push("GBACW 14.3", || format!("{names} displaced from {hex}."));
        push(g, standing, hex, DISPLACED_HEXES, Why::Displaced, cause);
    }
}

/// R27: abandoned guns of the enemy in `h`, entered by infantry or cavalry of `side`, are
/// captured; a battery's own crew entering re-mans its guns (unlimbered, as they stand).
/// 11.19 the same for a wagon its crew left: the enemy's foot or horse take it (and its crew
/// leaves play wherever it is), its own crew, rallied, takes it back.
pub(crate) fn guns_entered(g: &mut Gbacw, h: Hex, side: Side, entering: &[UnitId]) {
    for b in g.unit_ids() {
        if g.unit(b).abandoned != Some(h) {
            continue;
        }
        let name = g.info(b).name.clone();
        if crate::fire::wagon::is_wagon(g, b) {
            if g.side_of(b) == side && entering.contains(&b) && !g.unit(b).routed {
                crate::fire::wagon::crew_returns(g, b, h);
            } else if g.side_of(b) != side && entering.iter().any(|&u| crate::fire::is_foot_or_horse(g, u)) {
                crate::fire::wagon::captured(g, b, h);
            }
            continue;
        }
        if g.side_of(b) == side && entering.contains(&b) && !g.unit(b).routed {
            let st = g.unit_mut(b);
            st.abandoned = None;
            st.formation = Formation::Unlimbered;
            g.log.push("GBACW 15.16", || format!("{name}'s crew re-mans its guns in {h}."));
        } else if g.side_of(b) != side && entering.iter().any(|&u| crate::fire::is_foot_or_horse(g, u)) {
            // R42 (completing R27): the crew without guns leaves play with them (15.15).
            let st = g.unit_mut(b);
            st.abandoned = None;
            st.loc = Loc::Gone(Fate::Captured);
            g.log.push("GBACW 15.16", || format!("{name}'s abandoned guns in {h} are captured."));
        }
    }
}

impl Procedure<Gbacw, Action> for RetreatFrame {
    fn actor(&self, _g: &Gbacw) -> Actor {
        match self {
            RetreatFrame::Go(r) => Actor::Side(r.side),
            RetreatFrame::Displace { side, .. } => Actor::Side(*side),
        }
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        match self {
            RetreatFrame::Go(r) => {
                let (free, _) = r.leaders_left(g);
                let also = if free.is_empty() { "" } else { ", or take a leader along (13.43)" };
                let rule = match r.why {
                    Why::Rout => "GBACW 13.31",
                    Why::Displaced => "GBACW 14.3",
                    Why::Melee => "GBACW 12.92",
                    Why::FallBack => "GBACW 12.94",
                };
                (
                    rule,
                    format!(
                        "{}: retreat {} from {} ({} of {} hexes): choose the next hex{also}",
                        r.side.title(),
                        r.names(g),
                        r.at(),
                        r.path.len(),
                        r.length
                    ),
                )
            }
            RetreatFrame::Displace { hex, .. } => ("GBACW 14.3", format!("units in {hex} are displaced")),
        }
    }

    fn legal(&self, g: &Gbacw) -> Vec<Action> {
        let RetreatFrame::Go(r) = self else { return Vec::new() };
        let mut out: Vec<Action> = r.next(g).into_iter().map(Action::RetreatTo).collect();
        let (free, must) = r.leaders_left(g);
        if !must {
            out.extend(free.into_iter().map(|l| Action::Join(Piece::Leader(l))));
        }
        out
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        let RetreatFrame::Go(mut r) = self else { unreachable!("a displacement is automatic") };
        match *a {
            Action::RetreatTo(h) => step(g, *r, h),
            Action::Join(Piece::Leader(l)) => {
                r.leaders.push(l);
                let (name, with) = (g.leader_info(l).1, r.names(g));
                g.log.push("GBACW 13.43", || format!("{name} goes with {with}."));
                g.stack.push(Frame::Retreat(RetreatFrame::Go(r)));
            }
            _ => unreachable!("{a:?}"),
        }
    }

    fn automatic(&self, g: &Gbacw) -> bool {
        match self {
            RetreatFrame::Displace { .. } => true,
            RetreatFrame::Go(r) => {
                let (free, must) = r.leaders_left(g);
                r.here(g).is_empty()
                    || (must && !free.is_empty())
                    || usize::from(r.length) <= r.path.len()
                    || r.next(g).is_empty()
            }
        }
    }

    fn run(self, g: &mut Gbacw) {
        match self {
            RetreatFrame::Displace { side, hex, by, cause } => displace(g, side, hex, &by, &cause),
            RetreatFrame::Go(mut r) => {
                let (free, must) = r.leaders_left(g);
                if r.here(g).is_empty() {
                    // Its units gone (retreat fire): leaders with it join their command.
                    resolve::strand(g, r.at(), r.side);
                } else if must && !free.is_empty() {
                    for l in free {
                        r.leaders.push(l);
                        let (name, with) = (g.leader_info(l).1, r.names(g));
                        g.log.push("GBACW 13.43", || format!("{name} goes with {with}, the last unit to leave."));
                    }
                    g.stack.push(Frame::Retreat(RetreatFrame::Go(r)));
                } else if usize::from(r.length) <= r.path.len() {
                    finish(g, &r);
                } else {
                    capture(g, &r);
                }
            }
        }
    }

    fn why(&self, g: &Gbacw, a: &Action) -> Option<Illegal> {
        let RetreatFrame::Go(r) = self else { return None };
        match *a {
            Action::RetreatTo(h) if !r.next(g).contains(&h) => Some(retreat_refusal(g, r, h)),
            Action::Join(Piece::Leader(l)) if !self.legal(g).contains(a) => {
                let name = if usize::from(l) < g.leaders.len() { g.leader_info(l).1 } else { "no such leader" };
                Some(no("13.43", why!("{name} may not go with {} now", r.names(g))))
            }
            _ => None,
        }
    }
}

/// Why the retreat may not enter `h`, with its rule.
fn retreat_refusal(g: &Gbacw, r: &Retreat, h: Hex) -> Illegal {
    let from = r.at();
    if from.distance(h) != 1 {
        return no("14.4", why!("{h} is not next to {from}: a retreat goes hex by hex"));
    }
    if !g.map().contains(h) {
        return no("5.17", why!("{h} is off the map"));
    }
    if g.units_here(h).any(|u| g.side_of(u) != r.side) {
        return no("14.1", why!("enemy units hold {h}"));
    }
    if !paths::open_step(g, r.side, &r.units, r.start, from, h) {
        let terrain_ok = g.map().terrain(h).is_some_and(|t| g.charts().retreat_may_step(t, g.map().hexside(from, h)));
        return if terrain_ok {
            no("14.4", why!("{h} is not farther from {} or leads toward the enemy's lines (R32)", r.start))
        } else {
            no("14.1", why!("a retreat may not go from {from} into {h} (impassable)"))
        };
    }
    if paths::friendly(g, r.side, h, &r.units) {
        return no("14.3", why!("{h} holds friendly units and another way is open"));
    }
    no("13.31", why!("from {h} the retreat could not go its full {} hexes", r.length))
}

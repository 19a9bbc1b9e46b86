//! The position: where every counter is and what state it is in, the chits, the tracks,
//! and the stack of procedures under way.

use crate::counters::{ChitStart, Kind, OrderOfBattle, Rank, UnitId};
use crate::map::{Map, Region, Terrain};
use crate::procedure::Frame;
use crate::{Options, charts};
use engine::{Log, Side};
use hexmap::Hex;

/// Where a counter is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Loc {
    /// On the map.
    Hex(Hex),
    /// In the CSA Columbus Reserve Box (2.3).
    Reserve,
    /// On the turn track, returning to Columbus dock (2.2, 11.7).
    TurnTrack,
    /// Aboard a vessel.
    Aboard(UnitId),
    /// Out of the game.
    Gone(Fate),
}

/// How a counter left the game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Fate {
    /// A company or battery eliminated (7.1), a vessel sunk (11.1).
    Eliminated,
    /// A leader killed (7.2, 14.4).
    Killed,
    /// A leader captured (6.7) or artillery captured (8.7).
    Captured,
    /// A Union unit boarded the transports at Hunter's Farm (11.9).
    Embarked,
}

/// The changing state of one counter.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Unit {
    /// Where it is.
    pub loc: Loc,
    /// On its reverse side: broken (infantry, cavalry), reduced (artillery), wounded
    /// (leaders).
    pub flipped: bool,
    /// Vessel damage (11.1).
    pub damage: u8,
    /// Moved (or began moving) in the current activation (4.3).
    pub moved: bool,
    /// Half-MP left for the unit now moving.
    pub mp: u8,
    /// Retreated this activation: no opportunity or defensive fire (5.2, 5.3).
    pub shaken: bool,
    /// Attempted a rally this turn (9.0).
    pub rallied: bool,
    /// Left a transport this turn: no melee (11.7).
    pub debarked: bool,
    /// For captured artillery (8.7): the formation whose chit now activates it.
    pub captor: Option<u8>,
    /// Broken in a melee this activation, by its defensive fire or in a round: an
    /// attacking company broken after it went in keeps attacking (6.0).
    pub broken_in_melee: bool,
}

impl Unit {
    /// A counter at `loc`, face up, with nothing yet done or suffered.
    #[must_use]
    pub fn fresh(loc: Loc) -> Unit {
        Unit {
            loc,
            flipped: false,
            damage: 0,
            moved: false,
            mp: 0,
            shaken: false,
            rallied: false,
            debarked: false,
            captor: None,
            broken_in_melee: false,
        }
    }
}

/// Where each order chit is (2.4, 3.2.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ChitLoc {
    /// In the draw cup.
    Cup,
    /// Pulled this turn, on the Order Chit Track.
    Track,
    /// In the CSA Columbus Reserve Box.
    Reserve,
    /// Set aside until needed.
    Aside,
    /// Removed from the game (13.2.2).
    Removed,
}

/// A melee marker (4.3.1) and the attackers that answered it.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Marker {
    /// The melee hex.
    pub target: Hex,
    /// The entry hex; the marker lies on the hexside between them.
    pub entry: Hex,
    /// Units that entered across the entry hexside.
    pub group: Vec<UnitId>,
    /// 6.10: the second group of a coordinated melee: its entry hex and units.
    pub second: Option<(Hex, Vec<UnitId>)>,
    /// A cavalry charge (6.5).
    pub charge: bool,
    /// Placed by Confused Orders (10.2).
    pub forced: bool,
    /// Flipped to its Resolved side (6.0).
    pub resolved: bool,
    /// 8.5: stationary companies that have rolled for this melee's retreating group
    /// (its units falling back, retreating or moved out over-stacked, 6.2, 8.4).
    pub rolled: Vec<UnitId>,
}

/// The stages of one order-chit activation (3.2.2, 4.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    /// 5.1 volley fire.
    Volley,
    /// 4.3.1 create melee obligations.
    Markers,
    /// 4.3.2 satisfy melee obligations.
    MeleeMoves,
    /// 4.3.3 maneuver (and naval movement, 11.5).
    Maneuver,
    /// 6.0 melee combat, one marker at a time.
    Melees,
}

/// The activation under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Activation {
    /// The chit pulled.
    pub chit: u8,
    /// Its side.
    pub side: Side,
    /// The formation activated.
    pub formation: u8,
    /// Current stage.
    pub stage: Stage,
    /// Hexes that have fired a volley this activation (5.1: once per hex).
    pub fired_from: Vec<Hex>,
    /// Leaders already casualty-checked for volley fire this activation (5.1).
    pub volley_checked: Vec<UnitId>,
    /// The unit now moving, if any (a unit finishes before the next begins).
    pub moving: Option<UnitId>,
    /// Units that have used their one opportunity fire at moving vessels this activation
    /// (5.2): Iron Banks batteries at gunboats, gunboats at transports; and long-range
    /// batteries that fired outside LOS (12.1).
    pub banks_fired: Vec<UnitId>,
    /// Vessels that have moved this activation.
    pub sailed: Vec<UnitId>,
    /// 13.2.1: Confederate units demoralized this activation.
    pub demoralized: bool,
    /// 10.0: units held by Confused Orders this activation (they neither fire nor move).
    pub frozen: Vec<UnitId>,
}

/// The whole game: one value.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Belmont {
    pub(crate) options: Vec<String>,
    pub(crate) opt: Options,
    /// Game turn, 1-12 (0 during set-up).
    pub turn: u8,
    /// Every counter, indexed by [`UnitId`].
    pub units: Vec<Unit>,
    /// Every chit, indexed by chit id.
    pub chits: Vec<ChitLoc>,
    /// Victory points in quarter points, Union then Confederate.
    pub vp: [i32; 2],
    /// The turn Camp Johnston fell (13.2).
    pub camp_captured: Option<u8>,
    /// Grant's influence points (6.8).
    pub influence: u8,
    /// High Morale (9.1), Union then Confederate.
    pub high_morale: [bool; 2],
    /// The Union regiment guarding Hunter's Farm dock (2.1), a formation index.
    pub guard: Option<u8>,
    /// The five guard companies and whether they are still held (10.1, 14.3).
    pub guard_units: Vec<UnitId>,
    /// Grant has called the reserve (14.3).
    pub guard_released: bool,
    /// A side's Confused Orders chit was pulled and awaits its next unit chit (10.0).
    pub confused: [bool; 2],
    /// The activation under way.
    pub act: Option<Activation>,
    /// Melee markers on the map (removed at the end of each activation, 3.2.2).
    pub markers: Vec<Marker>,
    /// Transports the Confederates may use (11.8, 13.1, 13.2.2), counter ids.
    pub transports_free: Vec<UnitId>,
    /// Transports whose embarked units wait for their chit next turn (11.7).
    pub transports_held: Vec<UnitId>,
    /// 11.8: transport limitations in force.
    pub transport_limits: bool,
    /// Union companies embarked at Hunter's Farm (15.0 option), unbroken and broken.
    pub embarked: [u8; 2],
    /// Retreat results taken so far (8.0), by the side of the unit that retreated, Union then
    /// Confederate: what the odds count as "units retreated" ([`crate::tally`]). A unit's own
    /// mark (`shaken`) lasts one activation, so counting it showed "-1 retreated" in odds
    /// that ran past an activation's end, and a second retreat as none (the fourth playtest).
    pub retreats: [u16; 2],
    /// Which counters stand on each map hex: derived from `units[..].loc`, kept in step
    /// by [`Belmont::set_loc`], never hashed.
    pub(crate) occ: Occupancy,
    /// The legal actions of the pending decision, computed at most once per position.
    pub(crate) legal_memo: engine::LegalMemo<crate::Action>,
    /// Procedures under way, the top one pending.
    pub(crate) stack: Vec<Frame>,
    pub(crate) log: Log,
}

/// Counters per map hex (by [`Map::index`]): a derived index so that "who is here"
/// costs a lookup rather than a scan of every counter.
///
/// Flat, so that cloning a position (bots clone thousands a decision) copies two short
/// vectors rather than one per hex: `ids` holds every counter on the map, by hex and then
/// by id, and hex `i`'s counters are `ids[start[i]..start[i + 1]]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Occupancy {
    start: Vec<u16>,
    ids: Vec<UnitId>,
}

/// Derived from the units' locations, so not part of the position's hash.
impl std::hash::Hash for Occupancy {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Occupancy {
    /// An empty map of `cells` hexes.
    pub(crate) fn new(cells: usize) -> Occupancy {
        Occupancy { start: vec![0; cells + 1], ids: Vec::new() }
    }

    /// Adds `by` (+1 or -1) to the offsets of every hex after `cell`.
    fn shift(&mut self, cell: usize, by: i16) {
        for s in &mut self.start[cell + 1..] {
            *s = s.wrapping_add_signed(by);
        }
    }

    fn remove(&mut self, cell: usize, u: UnitId) {
        if let Some(k) = self.on(cell).iter().position(|&x| x == u) {
            self.ids.remove(usize::from(self.start[cell]) + k);
            self.shift(cell, -1);
        }
    }

    fn insert(&mut self, cell: usize, u: UnitId) {
        let here = self.on(cell);
        if let Err(k) = here.binary_search(&u) {
            self.ids.insert(usize::from(self.start[cell]) + k, u);
            self.shift(cell, 1);
        }
    }

    fn on(&self, cell: usize) -> &[UnitId] {
        &self.ids[usize::from(self.start[cell])..usize::from(self.start[cell + 1])]
    }
}

impl Belmont {
    /// Moves a counter, keeping the occupancy index in step (and forgetting the legal actions).
    pub(crate) fn set_loc(&mut self, u: UnitId, loc: Loc) {
        self.legal_memo.forget();
        let map = crate::map::belmont();
        if let Loc::Hex(h) = self.units[usize::from(u)].loc
            && let Some(i) = map.cells.index(h)
        {
            self.occ.remove(i, u);
        }
        if let Loc::Hex(h) = loc
            && let Some(i) = map.cells.index(h)
        {
            self.occ.insert(i, u);
        }
        self.units[usize::from(u)].loc = loc;
    }

    /// Counters on a hex, in id order, without allocating.
    #[must_use]
    pub fn here(&self, h: Hex) -> &[UnitId] {
        self.map().cells.index(h).map_or(&[], |i| self.occ.on(i))
    }

    /// The shipped order of battle.
    #[must_use]
    pub fn oob(&self) -> &'static OrderOfBattle {
        crate::counters::belmont()
    }

    /// The shipped map.
    #[must_use]
    pub fn map(&self) -> &'static Map {
        crate::map::belmont()
    }

    /// A counter's static data.
    #[must_use]
    pub fn counter(&self, u: UnitId) -> &'static crate::counters::Counter {
        &crate::counters::belmont().counters[usize::from(u)]
    }

    /// A counter's changing state.
    #[must_use]
    pub fn unit(&self, u: UnitId) -> &Unit {
        &self.units[usize::from(u)]
    }

    /// A counter to change (forgetting the legal actions, which may change with it).
    pub(crate) fn unit_mut(&mut self, u: UnitId) -> &mut Unit {
        self.legal_memo.forget();
        &mut self.units[usize::from(u)]
    }

    /// Forgets the legal actions worked out for the position: call it after changing a
    /// public field directly (tests and tools setting up a position). The rules forget
    /// them at every change they make; builds with debug assertions catch a change that
    /// did not.
    pub fn changed(&mut self) {
        self.legal_memo.forget();
    }

    /// All counter ids.
    pub fn ids(&self) -> impl Iterator<Item = UnitId> + use<> {
        0..u16::try_from(self.units.len()).expect("few counters")
    }

    /// The hex a counter is on, if on the map.
    #[must_use]
    pub fn hex_of(&self, u: UnitId) -> Option<Hex> {
        match self.unit(u).loc {
            Loc::Hex(h) => Some(h),
            _ => None,
        }
    }

    /// Counters on a hex (vessels included).
    #[must_use]
    pub fn at(&self, h: Hex) -> Vec<UnitId> {
        self.here(h).to_vec()
    }

    /// Ground counters (not vessels) on a hex.
    #[must_use]
    pub fn ground_at(&self, h: Hex) -> Vec<UnitId> {
        self.here(h).iter().copied().filter(|&u| !self.is_vessel(u)).collect()
    }

    /// Whose counters hold a hex (ground units only), if anyone's.
    #[must_use]
    pub fn holder(&self, h: Hex) -> Option<Side> {
        self.here(h).iter().copied().find(|&u| !self.is_vessel(u)).map(|u| self.owner(u))
    }

    /// Counters of `side` on hex `h`: those it controls, so captured artillery counts
    /// with its captor's side (8.7).
    #[must_use]
    pub fn side_at(&self, h: Hex, side: Side) -> Vec<UnitId> {
        self.ground_at(h).into_iter().filter(|&u| self.owner(u) == side).collect()
    }

    /// Whether the counter is a vessel.
    #[must_use]
    pub fn is_vessel(&self, u: UnitId) -> bool {
        matches!(self.counter(u).kind, Kind::Gunboat | Kind::Transport)
    }

    /// Whether the counter is a leader.
    #[must_use]
    pub fn is_leader(&self, u: UnitId) -> bool {
        self.counter(u).kind == Kind::Leader
    }

    /// Whether the counter is artillery (field or Iron Banks).
    #[must_use]
    pub fn is_artillery(&self, u: UnitId) -> bool {
        matches!(self.counter(u).kind, Kind::FieldArtillery | Kind::IronBanks)
    }

    /// A company (infantry or cavalry) that is broken.
    #[must_use]
    pub fn is_broken(&self, u: UnitId) -> bool {
        matches!(self.counter(u).kind, Kind::Infantry | Kind::Cavalry) && self.unit(u).flipped
    }

    /// A cavalry leader: a leader of the cavalry formation (4.2, 8.0).
    #[must_use]
    pub fn is_cavalry_leader(&self, u: UnitId) -> bool {
        let c = self.counter(u);
        c.kind == Kind::Leader
            && c.formation.is_some_and(|f| self.oob().formations[f].kind == crate::counters::FormationKind::Cavalry)
    }

    /// Units that count against the three-unit limit (4.2): not leaders, not vessels.
    #[must_use]
    pub fn stack_count(&self, h: Hex) -> usize {
        self.here(h).iter().filter(|&&u| !self.is_leader(u) && !self.is_vessel(u)).count()
    }

    /// Current SP: front or reverse side.
    #[must_use]
    pub fn sp(&self, u: UnitId) -> u8 {
        let c = self.counter(u);
        if self.unit(u).flipped { c.sp_reverse } else { c.sp }
    }

    /// Whether the unit exerts a zone of control (1.2 ZOC: not leaders, cavalry or
    /// broken infantry; artillery does; gunboats fire on adjacent ground units, 5.2).
    #[must_use]
    pub fn exerts_zoc(&self, u: UnitId) -> bool {
        match self.counter(u).kind {
            Kind::Infantry => !self.unit(u).flipped,
            Kind::FieldArtillery | Kind::Gunboat => true,
            _ => false,
        }
    }

    /// Whether `h` is adjacent to a unit of `side` that exerts a ZOC.
    #[must_use]
    pub fn in_zoc_of(&self, h: Hex, side: Side) -> bool {
        h.neighbours().iter().any(|&n| self.here(n).iter().any(|&u| self.owner(u) == side && self.exerts_zoc(u)))
    }

    /// Who controls a counter: its side, or for captured artillery the captor's (8.7).
    #[must_use]
    pub fn owner(&self, u: UnitId) -> Side {
        match self.unit(u).captor {
            Some(f) => self.oob().formations[usize::from(f)].side,
            None => self.counter(u).side,
        }
    }

    /// Whether a hex is on the map and land a ground unit may be on.
    #[must_use]
    pub fn is_land(&self, h: Hex) -> bool {
        self.map().get(h).is_some_and(|i| i.region != Region::River && i.terrain != Terrain::River)
    }

    /// Whether `h` is a Camp Johnston hex.
    #[must_use]
    pub fn is_camp(&self, h: Hex) -> bool {
        self.map().camp.contains(&h)
    }

    /// Leaders of `side` on `h`.
    #[must_use]
    pub fn leaders_at(&self, h: Hex, side: Side) -> Vec<UnitId> {
        self.side_at(h, side).into_iter().filter(|&u| self.is_leader(u)).collect()
    }

    /// Whether this leader commands the unit's regiment or its brigade (9.0).
    #[must_use]
    pub fn commands(&self, leader: UnitId, u: UnitId) -> bool {
        let Some(f) = self.counter(u).formation else {
            return false;
        };
        let form = &self.oob().formations[f];
        form.leader == Some(leader) || form.brigade == Some(leader)
    }

    /// The leader's rank.
    #[must_use]
    pub fn rank(&self, u: UnitId) -> Option<Rank> {
        self.counter(u).rank
    }

    /// Whether the counter is on the map or aboard a vessel (still in play).
    #[must_use]
    pub fn in_play(&self, u: UnitId) -> bool {
        matches!(self.unit(u).loc, Loc::Hex(_) | Loc::Aboard(_))
    }

    /// Chits in the draw cup.
    #[must_use]
    pub fn cup(&self) -> Vec<u8> {
        (0..self.chits.len())
            .filter(|&c| self.chits[c] == ChitLoc::Cup)
            .map(|c| u8::try_from(c).expect("few chits"))
            .collect()
    }

    /// The chit's name ("Union HQ", "CS Confused Orders").
    #[must_use]
    pub fn chit_name(&self, c: u8) -> String {
        let chit = &self.oob().chits[usize::from(c)];
        let side = if chit.side == Side::Union { "Union" } else { "CS" };
        match chit.formation {
            Some(f) => format!("{side} {}", self.oob().formations[f].code),
            None => format!("{side} Confused Orders"),
        }
    }

    /// A counter's short name for the log ("27IL-A").
    #[must_use]
    pub fn name(&self, u: UnitId) -> &'static str {
        &self.counter(u).id
    }

    /// Movement allowance in half-MP (4.1).
    #[must_use]
    pub fn allowance(&self, u: UnitId) -> u8 {
        match self.counter(u).kind {
            Kind::Cavalry => charts::MP_CAVALRY,
            Kind::Leader if self.is_cavalry_leader(u) => charts::MP_CAVALRY,
            Kind::IronBanks | Kind::Gunboat | Kind::Transport => 0,
            _ => charts::MP_FOOT,
        }
    }

    pub(crate) fn initial_chits(oob: &OrderOfBattle) -> Vec<ChitLoc> {
        oob.chits
            .iter()
            .map(|c| match c.start {
                ChitStart::Cup => ChitLoc::Cup,
                ChitStart::Reserve => ChitLoc::Reserve,
                ChitStart::SetAside => ChitLoc::Aside,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The occupancy index agrees with the counters' locations after any sequence of
    /// moves: each hex lists exactly its counters, in id order.
    #[test]
    fn the_occupancy_index_follows_every_move() {
        let mut g = Belmont::after_setup(&[]);
        let hexes: Vec<Hex> = g.map().cells.iter().map(|(h, _)| h).step_by(97).take(6).collect();
        let mut dice = engine::Dice::seeded(3);
        for _ in 0..400 {
            let u = UnitId::try_from(dice.below(u32::try_from(g.units.len()).unwrap())).unwrap();
            let loc = match dice.below(8) {
                0 => Loc::Reserve,
                k => Loc::Hex(hexes[k as usize % hexes.len()]),
            };
            g.set_loc(u, loc);
        }
        for (h, _) in g.map().cells.iter() {
            let want: Vec<UnitId> = g.ids().filter(|&u| g.unit(u).loc == Loc::Hex(h)).collect();
            assert_eq!(g.here(h), want.as_slice(), "{h:?}");
        }
    }

    /// The legal-action memo lasts until the position changes: a counter moved by
    /// `set_loc` forgets it, and so does `changed` after a field written directly; a change
    /// that forgets nothing is caught by the debug builds' hash check.
    #[test]
    fn the_legal_action_memo_is_forgotten_at_every_change() {
        use engine::Game;
        let mut g = Belmont::after_setup(&[]);
        // Play on to a decision with a list of moves, then take a moving unit off the map.
        let mut dice = engine::Dice::seeded(1);
        while !g.legal_actions().iter().any(|a| matches!(a, crate::Action::Move { .. })) {
            let a = engine::conformance::random_action(&g, &mut dice).expect("not over");
            g.apply_unchecked(&a);
        }
        let before = g.legal_actions();
        let Some(&crate::Action::Move { unit, .. }) = before.iter().find(|a| matches!(a, crate::Action::Move { .. }))
        else {
            unreachable!()
        };
        g.set_loc(unit, Loc::Reserve);
        let after = g.legal_actions();
        assert!(!after.iter().any(|a| matches!(a, crate::Action::Move { unit: u, .. } if *u == unit)));
        assert_eq!(after, crate::procedure::compute_legal(&g), "listed afresh");
        // A field written directly, then `changed`: listed afresh too.
        let mut g2 = g.clone();
        g2.vp[0] += 1;
        g2.changed();
        assert_eq!(g2.legal_actions(), crate::procedure::compute_legal(&g2));
        // Without `changed`, debug builds refuse the stale list.
        if cfg!(debug_assertions) {
            let mut g3 = g.clone();
            g3.vp[0] += 1;
            let stale = std::panic::catch_unwind(|| g3.legal_actions());
            assert!(stale.is_err(), "the hash check catches a change that forgot the memo");
        }
    }
}

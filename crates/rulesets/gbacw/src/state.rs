//! The position: the Game-Turn, the phasing player and phase (4.0), every unit's and
//! leader's place and condition, and the procedures under way. Static data (the order of
//! battle, the map, the authored charts) is not part of it: it is the scenario's, read
//! through [`Gbacw::oob`], [`Gbacw::map`] and [`Gbacw::charts`].
//!
//! Units and leaders are numbered by their place in the order of battle ([`UnitId`],
//! [`LeaderId`]): units first as `data/belmont-oob.ron` lists them; leaders are the
//! commanders (division and other, 17.2-17.3) in file order, then one per brigade, its
//! commander (17.1), in file order.

use crate::oob::{self, Kind, OrderOfBattle};
use crate::procedure::Frame;
use crate::{Options, authored, map};
use engine::{LegalMemo, Log, Side};
use hexmap::Hex;

/// A combat unit or wagon, by its place in the order of battle.
pub type UnitId = u16;
/// A leader, by its place among the commanders, then the brigade commanders.
pub type LeaderId = u16;

/// The phases of a Player-Turn (4.0), in order. There is no Phase I.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Phase {
    /// A. Initial Command Phase (17.0).
    InitialCommand,
    /// B. Movement Phase (5.0), with withdrawal fire (10.1) and reinforcements.
    Movement,
    /// C. Defensive Fire Phase: the non-phasing player fires (9.0).
    DefensiveFire,
    /// D. Offensive Fire Phase: the phasing player fires (9.0).
    OffensiveFire,
    /// E. Retreat Before Melee Phase (12.8).
    RetreatBeforeMelee,
    /// F. Melee Phase (12.0).
    Melee,
    /// G. Ammunition Resupply Phase (11.23).
    Resupply,
    /// H. Rally Phase (13.5).
    Rally,
    /// J. Final Command Phase (17.8).
    FinalCommand,
}

impl Phase {
    /// Every phase, in the order of 4.0.
    pub const ALL: [Phase; 9] = [
        Phase::InitialCommand,
        Phase::Movement,
        Phase::DefensiveFire,
        Phase::OffensiveFire,
        Phase::RetreatBeforeMelee,
        Phase::Melee,
        Phase::Resupply,
        Phase::Rally,
        Phase::FinalCommand,
    ];

    /// The letter and name 4.0 gives the phase ("B. Movement Phase").
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Phase::InitialCommand => "A. Initial Command Phase",
            Phase::Movement => "B. Movement Phase",
            Phase::DefensiveFire => "C. Defensive Fire Phase",
            Phase::OffensiveFire => "D. Offensive Fire Phase",
            Phase::RetreatBeforeMelee => "E. Retreat Before Melee Phase",
            Phase::Melee => "F. Melee Phase",
            Phase::Resupply => "G. Ammunition Resupply Phase",
            Phase::Rally => "H. Rally Phase",
            Phase::FinalCommand => "J. Final Command Phase",
        }
    }

    /// The phase after this one in the Player-Turn, or `None` after J.
    #[must_use]
    pub fn next(self) -> Option<Phase> {
        Phase::ALL.iter().position(|&p| p == self).and_then(|i| Phase::ALL.get(i + 1).copied())
    }

    /// Who acts in the phase: the non-phasing player in the Defensive Fire Phase (4.0 C),
    /// the phasing player otherwise.
    #[must_use]
    pub fn actor(self, phasing: Side) -> Side {
        if self == Phase::DefensiveFire { phasing.enemy() } else { phasing }
    }
}

/// Where a unit or leader is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Loc {
    /// Not yet arrived: a reinforcement (4.0 B).
    Waiting,
    /// On the map.
    Map(Hex),
    /// At a named point off the map (the Columbus guns, exclusive rules).
    OffMap(Hex),
    /// Gone from play: eliminated, captured, or off the map by the exclusive rules.
    Gone(Fate),
}

/// How a unit or leader left play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Fate {
    /// Every Strength Point or gun lost (9.8, 12.91).
    Eliminated,
    /// Captured (12.93, 14.1, 17.75).
    Captured,
    /// Killed (17.76).
    Killed,
    /// A leader wounded (17.73: removed from the game).
    Wounded,
    /// Gone aboard the transports at the landing (Belmont's exclusive rule): safe, no VP.
    Embarked,
}

/// A unit's formation (6.0): what it may do and how it faces (7.0).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Formation {
    /// Infantry in Line (6.1); the default.
    Line,
    /// Infantry in Column (6.11).
    Column,
    /// A battery limbered to move (6.13).
    Limbered,
    /// A battery unlimbered to fire (6.13).
    Unlimbered,
    /// Cavalry mounted (6.14).
    Mounted,
    /// Cavalry dismounted, fighting as Line (6.14).
    Dismounted,
    /// A supply wagon, which has no formation (6.0).
    Wagon,
}

/// A unit's condition.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct UnitState {
    /// Where it is.
    pub loc: Loc,
    /// The hexside it faces, 0-5 in die order (7.0).
    pub facing: u8,
    /// Its formation.
    pub formation: Formation,
    /// Strength Points (or guns) lost (3.32, 9.8), captured ones included.
    pub lost: u8,
    /// Of `lost`, the Strength Points (or guns) captured in melee (12.93: recorded on the OB
    /// Roster as captured, not killed).
    pub captured: u8,
    /// Of `lost`, the Strength Points given to crew wagons (11.18): off the unit's strength but
    /// neither killed nor captured, so no VP and no mark on its BCE (the third audit).
    pub given: u8,
    /// A battery's crew steps lost, 0-2 (15.12).
    pub crew_lost: u8,
    /// Its morale once known: printed, or rolled on first need for a green unit (13.14).
    pub morale: Option<u8>,
    /// Routed (13.21).
    pub routed: bool,
    /// Out of small-arms ammunition (11.21).
    pub depleted: bool,
    /// A battery's rounds left (11.3); a wagon's artillery boxes (11.1, 11.34).
    pub rounds: u8,
    /// A wagon's small-arms boxes left (11.24, 11.34).
    pub boxes: u8,
    /// Place in its hex's stack, lower on top (8.4).
    pub order: u16,
    /// 15.16, R27: a battery whose crew routed off its unlimbered guns: the hex the guns stand
    /// in, until the crew re-mans them or the enemy takes them. The counter is the crew.
    pub abandoned: Option<Hex>,
    /// Entered a hex in its side's last Movement Phase (15.0: a battery that moved does not
    /// fire; 11.25: resupply). Set by movement, cleared when its side's next one begins.
    pub moved: bool,
    /// 11.19: a supply wagon the enemy captured: now his (taken back, it is its own side's
    /// again).
    pub taken: bool,
    /// 11.18, 11.19: the Game-Turn a Strength Point last crewed the wagon (a captured wagon
    /// resupplies from the Game-Turn after).
    pub recrewed_on: Option<u8>,
}

/// A leader's condition.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LeaderState {
    /// Where he is.
    pub loc: Loc,
    /// A replacement stands in for him (17.81).
    pub replaced: bool,
    /// A division commander's counter now stands for the brigade commander promoted in his
    /// place (17.83): that brigade's index and the Divisional Integrity Radius he brings
    /// (17.85: and no Command Points).
    pub promoted: Option<(u16, u8)>,
}

/// A game of the GBACW standard rules on one scenario.
#[derive(Clone, Debug)]
pub struct Gbacw {
    /// The option names chosen, as given.
    pub options: Vec<String>,
    /// The options, parsed.
    pub opt: Options,
    /// The Game-Turn, 1-based; 0 before the first.
    pub turn: u8,
    /// The phasing player (4.0).
    pub phasing: Side,
    /// The phase under way.
    pub phase: Phase,
    /// Every unit, by [`UnitId`].
    pub units: Vec<UnitState>,
    /// Every leader, by [`LeaderId`].
    pub leaders: Vec<LeaderState>,
    /// Hexes whose units are pinned (9.84: the marker covers the hex).
    pub pinned: Vec<Hex>,
    /// The hexes each unit fired at in the last Offensive Fire Phase (12.22, 12.26: a unit
    /// melees only a hex it fired at), cleared as that phase begins.
    pub fired_at: Vec<(UnitId, Hex)>,
    /// Batteries that have fired since their side's last Ammunition Resupply Phase began
    /// (11.33: rounds pass only between batteries a Game-Turn unfired).
    pub fired_guns: Vec<UnitId>,
    /// Hexes engaged in melee (12.94): set by the Melee Phase (plan step 10); an engaged hex
    /// burns no camp and embarks no one.
    pub engaged: Vec<Hex>,
    /// The Retreat Before Melee and Melee Phases' announcements and what they have done
    /// (12.8, R24, 12.85, 12.94), cleared as each Phase E begins.
    pub melee: crate::melee::Plan,
    /// Brigade commanders lost and since replaced, with their fates, for VP (17.73, 17.82).
    pub leader_losses: Vec<(LeaderId, Fate)>,
    /// Camp Johnston burned (Belmont's exclusive rule).
    pub camp_burned: bool,
    /// The last Game-Turn is over (4.0): the victory conditions read the field as it stands
    /// (the troops left behind count as captured). A flag, not the actor: between two frames
    /// the stack can hold only the game's end for a moment.
    pub over: bool,
    /// Wagons given their one Strength Point of crew (11.18).
    pub recrewed: Vec<UnitId>,
    /// Brigade assignments, Command Points and command status (17.0, [`crate::command`]).
    pub command: crate::command::Command,
    /// The procedures under way, the pending one on top.
    pub stack: Vec<Frame>,
    /// The event log.
    pub log: Log,
    /// Legal actions, memoised by position.
    pub legal_memo: LegalMemo<crate::Action>,
    /// How many units stand in each hex, worked out at first need (not part of the position).
    pub(crate) occupied: Occupied,
}

/// Which units stand in each hex of the map grid (by its dense index), worked out at the
/// first question after a change (`Gbacw::unit_mut` forgets it): a list through the units
/// for each hex, so `units_at` looks only at the units there (plan step 12: scanning every
/// unit for each question was a quarter of random play). Not part of the position: it
/// hashes to nothing and compares equal to any other.
#[derive(Clone, Debug, Default)]
pub struct Occupied(std::sync::OnceLock<Occupancy>);

/// The lists of [`Occupied`]: the first unit in each hex, and the next in the same hex after
/// each unit ([`NO_UNIT`] ends a list).
#[derive(Clone, Debug)]
struct Occupancy {
    head: Vec<u16>,
    next: Vec<u16>,
}

/// The end of a list in [`Occupancy`].
const NO_UNIT: u16 = u16::MAX;

impl Occupied {
    /// The lists for `g`'s units.
    fn lists(&self, g: &Gbacw) -> &Occupancy {
        self.0.get_or_init(|| {
            let cells = &g.map().cells;
            let mut head = vec![NO_UNIT; cells.len()];
            let mut next = vec![NO_UNIT; g.units.len()];
            for (u, st) in g.units.iter().enumerate().rev() {
                if let Loc::Map(h) = st.loc
                    && let Some(i) = cells.index(h)
                    && let Ok(id) = u16::try_from(u)
                {
                    next[u] = head[i];
                    head[i] = id;
                }
            }
            Occupancy { head, next }
        })
    }
}

impl PartialEq for Gbacw {
    fn eq(&self, o: &Gbacw) -> bool {
        self.options == o.options
            && self.turn == o.turn
            && self.phasing == o.phasing
            && self.phase == o.phase
            && self.units == o.units
            && self.leaders == o.leaders
            && self.pinned == o.pinned
            && self.fired_at == o.fired_at
            && self.fired_guns == o.fired_guns
            && self.engaged == o.engaged
            && self.melee == o.melee
            && self.leader_losses == o.leader_losses
            && self.camp_burned == o.camp_burned
            && self.over == o.over
            && self.recrewed == o.recrewed
            && self.command == o.command
            && self.stack == o.stack
    }
}

impl std::hash::Hash for Gbacw {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.options.hash(h);
        self.turn.hash(h);
        self.phasing.hash(h);
        self.phase.hash(h);
        self.units.hash(h);
        self.leaders.hash(h);
        self.pinned.hash(h);
        self.fired_at.hash(h);
        self.fired_guns.hash(h);
        self.engaged.hash(h);
        self.melee.hash(h);
        self.leader_losses.hash(h);
        self.camp_burned.hash(h);
        self.over.hash(h);
        self.recrewed.hash(h);
        self.command.hash(h);
        self.stack.hash(h);
    }
}

impl Gbacw {
    /// The order of battle.
    #[must_use]
    pub fn oob(&self) -> &'static OrderOfBattle {
        oob::belmont()
    }

    /// The map.
    #[must_use]
    pub fn map(&self) -> &'static map::Map {
        map::belmont()
    }

    /// The authored charts (5.19, 8.18, 9.25, 9.56).
    #[must_use]
    pub fn charts(&self) -> &'static authored::Charts {
        authored::standard()
    }

    /// Every unit's id.
    pub fn unit_ids(&self) -> impl Iterator<Item = UnitId> + use<> {
        (0..self.units.len()).map(|i| UnitId::try_from(i).expect("fewer than 65,536 units"))
    }

    /// Every leader's id.
    pub fn leader_ids(&self) -> impl Iterator<Item = LeaderId> + use<> {
        (0..self.leaders.len()).map(|i| LeaderId::try_from(i).expect("fewer than 65,536 leaders"))
    }

    /// A unit's order-of-battle record.
    #[must_use]
    pub fn info(&self, u: UnitId) -> &'static oob::Unit {
        &self.oob().units[usize::from(u)]
    }

    /// A unit's condition.
    #[must_use]
    pub fn unit(&self, u: UnitId) -> &UnitState {
        &self.units[usize::from(u)]
    }

    /// A unit's condition, to change.
    pub fn unit_mut(&mut self, u: UnitId) -> &mut UnitState {
        // The position changes: the legal actions held for it go (a test's edit included),
        // and so do the counts of units by hex.
        self.legal_memo.forget();
        self.occupied = Occupied::default();
        &mut self.units[usize::from(u)]
    }

    /// A unit's owner: its order of battle's side, or for a wagon the enemy captured, his
    /// (11.19).
    #[must_use]
    pub fn side_of(&self, u: UnitId) -> Side {
        let side = self.info(u).side;
        if self.unit(u).taken { side.enemy() } else { side }
    }

    /// A unit's hex, if it is on the map.
    #[must_use]
    pub fn hex_of(&self, u: UnitId) -> Option<Hex> {
        match self.unit(u).loc {
            Loc::Map(h) => Some(h),
            _ => None,
        }
    }

    /// A unit's current strength (2.0): its initial strength less its losses.
    #[must_use]
    pub fn strength(&self, u: UnitId) -> u8 {
        self.info(u).strength().saturating_sub(self.unit(u).lost)
    }

    /// The units on the map in `h`, top of the stack first (8.4).
    #[must_use]
    pub fn units_at(&self, h: Hex) -> Vec<UnitId> {
        let Some(i) = self.map().cells.index(h) else {
            // Off the grid: no unit stands there (they stand on the map or off it).
            return self.unit_ids().filter(|&u| self.unit(u).loc == Loc::Map(h)).collect();
        };
        let lists = self.occupied.lists(self);
        let mut v = Vec::new();
        let mut at = lists.head[i];
        while at != NO_UNIT {
            v.push(at);
            at = lists.next[usize::from(at)];
        }
        if v.len() > 1 {
            v.sort_by_key(|&u| (self.unit(u).order, u));
        }
        v
    }

    /// The units on the map in `h` in no particular order, without a list: for questions
    /// that do not read the stack's order (is an enemy there, who controls a hex).
    pub fn units_here(&self, h: Hex) -> impl Iterator<Item = UnitId> + '_ {
        let lists = self.occupied.lists(self);
        let first = self.map().cells.index(h).map_or(NO_UNIT, |i| lists.head[i]);
        // Off the grid no unit stands (they stand on the map or off it).
        std::iter::successors((first != NO_UNIT).then_some(first), move |&u| {
            let n = lists.next[usize::from(u)];
            (n != NO_UNIT).then_some(n)
        })
    }

    /// The number of commanders above the brigades: leaders below this are commanders,
    /// the rest brigade commanders.
    #[must_use]
    pub fn commander_count(&self) -> usize {
        self.oob().commanders.len()
    }

    /// A leader's id (a commander's or a brigade's id in the order of battle) and name.
    #[must_use]
    pub fn leader_info(&self, l: LeaderId) -> (&'static str, &'static str, Side) {
        let oob = self.oob();
        let i = usize::from(l);
        match oob.commanders.get(i) {
            Some(c) => (c.id.as_str(), c.name.as_str(), c.side),
            None => {
                let b = &oob.brigades[i - oob.commanders.len()];
                (b.id.as_str(), b.leader.as_str(), b.side)
            }
        }
    }

    /// A leader's name as play shows it: a division commander's counter that stands for the
    /// brigade commander promoted in his place says so (17.83).
    #[must_use]
    pub fn leader_name(&self, l: LeaderId) -> String {
        let (_, name, _) = self.leader_info(l);
        match self.leaders[usize::from(l)].promoted {
            Some((b, _)) => {
                let brigade = &self.oob().brigades[usize::from(b)].name;
                format!("{name}'s successor, promoted from the {brigade}")
            }
            // 17.81 (the second audit: the replacement went by the lost leader's name).
            None if self.leaders[usize::from(l)].replaced => format!("{name}'s replacement"),
            None => name.to_string(),
        }
    }

    /// A leader's hex, if he is on the map.
    #[must_use]
    pub fn leader_hex(&self, l: LeaderId) -> Option<Hex> {
        match self.leaders[usize::from(l)].loc {
            Loc::Map(h) => Some(h),
            _ => None,
        }
    }

    /// A unit by its order-of-battle id.
    #[must_use]
    pub fn unit_by_id(&self, id: &str) -> Option<UnitId> {
        self.oob().units.iter().position(|u| u.id == id).and_then(|i| UnitId::try_from(i).ok())
    }

    /// A leader by his id (a commander's, or his brigade's).
    #[must_use]
    pub fn leader_by_id(&self, id: &str) -> Option<LeaderId> {
        self.leader_ids().find(|&l| self.leader_info(l).0 == id)
    }
}

/// A unit's condition at the start: where the order of battle sets it up, in the formation
/// its kind starts in (infantry in Line, batteries limbered, cavalry mounted), facing north,
/// nothing lost, morale known if printed (or with the known-morale option), full rounds.
#[must_use]
pub fn initial_unit(u: &oob::Unit, opt: &Options, map: &map::Map) -> UnitState {
    let loc = match &u.start {
        oob::Start::Setup(h) => Loc::Map(*h),
        oob::Start::Arrive { .. } => Loc::Waiting,
        oob::Start::OffMap(name) => map.offmap_point(name).map_or(Loc::Waiting, Loc::OffMap),
    };
    let formation = match u.kind {
        Kind::Infantry => Formation::Line,
        Kind::Cavalry => Formation::Mounted,
        Kind::Battery { .. } | Kind::Gunboat { .. } | Kind::HeavyGuns { .. } => Formation::Limbered,
        Kind::Wagon { .. } => Formation::Wagon,
    };
    let morale = match u.morale {
        oob::Morale::Rated(m) => Some(m),
        oob::Morale::Green if opt.known_morale => Some(u.known),
        oob::Morale::Green => None,
    };
    let (rounds, boxes) = match u.kind {
        Kind::Wagon { small_arms, artillery } => (artillery, small_arms),
        k => (k.guns().map_or(0, |(_, r)| r), 0),
    };
    UnitState {
        loc,
        facing: 0,
        formation,
        lost: 0,
        captured: 0,
        given: 0,
        crew_lost: 0,
        morale,
        routed: false,
        depleted: false,
        rounds,
        boxes,
        order: 0,
        abandoned: None,
        moved: false,
        taken: false,
        recrewed_on: None,
    }
}

/// A leader's place at the start.
#[must_use]
pub fn initial_leader(start: &oob::Start, map: &map::Map) -> LeaderState {
    let loc = match start {
        oob::Start::Setup(h) => Loc::Map(*h),
        oob::Start::Arrive { .. } => Loc::Waiting,
        oob::Start::OffMap(name) => map.offmap_point(name).map_or(Loc::Waiting, Loc::OffMap),
    };
    LeaderState { loc, replaced: false, promoted: None }
}

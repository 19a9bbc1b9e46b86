//! The position: where every brigade, commander and guard is and in what state, the turn and
//! phase, the tracks the rules keep (gap control, Burnside's pause, the cavalry breakout, Lee),
//! and the stack of procedures under way.
//!
//! Brigades and commanders are numbered by their place in the order of battle
//! ([`crate::oob::OrderOfBattle::brigades`], [`crate::oob::OrderOfBattle::commanders`]); those
//! numbers are what actions and records carry.

use crate::Options;
use crate::map::{self, Map};
use crate::oob::{self, Arm, Brigade, Commander, OrderOfBattle, Strength};
use crate::procedure::Frame;
use engine::{Log, Side};
use hexmap::Hex;
use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// A brigade's number: its index in the order of battle.
pub type Bid = u8;
/// A commander's number: its index in the order of battle.
pub type Cid = u8;

/// A brigade or a commander (1.3 "Unit").
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Unit {
    /// A brigade.
    Brigade(Bid),
    /// A commander.
    Commander(Cid),
}

/// The phases of a player's half of the turn (11.2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Set-up (11.1).
    Setup,
    /// A.1: the Burnside roll (11.5).
    BurnsideRoll,
    /// 12.0.
    Rally,
    /// 13.0.
    Movement,
    /// 14.0.
    Reinforcement,
    /// 15.0.
    Combat,
    /// C and D: victory check and turn marker.
    EndTurn,
    /// The game is over.
    Over,
}

/// Where a brigade is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Loc {
    /// Not yet arrived: on the Order of Battle chart until its turn (14.0).
    Waiting,
    /// Arrived this turn or earlier but not yet on the map: waiting at its entry (14.2).
    Entering,
    /// On the map.
    Map(Hex),
    /// A prisoner, escorted by this guard (17.5).
    Prisoner(u8),
    /// Out of the game, and how.
    Gone(Fate),
}

/// How a brigade left the map.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Fate {
    /// Lost its last step (2.3): in the Casualty Box.
    Eliminated,
    /// Routed off the map: eliminated for VP purposes (17.4).
    RoutedOff,
    /// Captured and escorted off the map (17.5), or captured with no guard to spare (17.5
    /// Reading, see `retreat::capture`): removed, no VP.
    Captured,
    /// Captured and removed with its guard when the guard was assaulted (2.4): no VP.
    Freed,
    /// A Union cavalry brigade that exited the West edge (8.5).
    BrokeOut,
    /// A Confederate brigade sent off the map after the breakout (8.5): no VP.
    Pursued,
}

impl Fate {
    /// How the brigade left the game, in a player's words.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Fate::Eliminated => "eliminated (2.3)",
            Fate::RoutedOff => "routed off the map (17.4)",
            Fate::Captured => "captured (17.5)",
            Fate::Freed => "freed when its guard was assaulted (2.4)",
            Fate::BrokeOut => "broke out to the west (8.5)",
            Fate::Pursued => "sent off in pursuit (8.5)",
        }
    }
}

impl Phase {
    /// The phase's name as the sequence of play gives it.
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Phase::Setup => "Set-up",
            Phase::BurnsideRoll => "Burnside roll",
            Phase::Rally => "Rally Phase",
            Phase::Movement => "Movement Phase",
            Phase::Reinforcement => "Reinforcement Phase",
            Phase::Combat => "Combat Phase",
            Phase::EndTurn => "End of turn",
            Phase::Over => "Game over",
        }
    }
}

/// [`Fotm::occupant`] for every hex at once, for rules that ask it of many hexes (15.4's
/// mandatory assaults and Assault targets): `occupant` scans every brigade per hex asked. It
/// borrows the game, so it cannot outlive a change to the position.
pub(crate) struct Occupancy<'a> {
    /// The position it was read from.
    g: &'a Fotm,
    /// By [`hexmap::HexGrid::index`] of the map: the side of the lowest-numbered brigade on the
    /// hex, the one `occupant` finds first.
    cells: Vec<Option<Side>>,
}

impl Occupancy<'_> {
    /// The side with a brigade on `hex`, if any: the same answer as [`Fotm::occupant`].
    pub(crate) fn occupant(&self, hex: Hex) -> Option<Side> {
        match self.g.map().cells.index(hex) {
            Some(i) => self.cells[i],
            // Outside the map's rectangle: no brigade stands there, but ask the position.
            None => self.g.occupant(hex),
        }
    }
}

/// The changing state of one brigade. Its `Hash` is by hand, as two packed words (see
/// [`crate::poshash`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Bde {
    /// Where it is.
    pub loc: Loc,
    /// Facing: the vertex it points at, 0-5; vertex `f` lies between directions `f` and `f+1`
    /// in die order (5.1). See [`crate::facing`].
    pub facing: u8,
    /// Steps lost: its counter is step `losses` of the track (2.3).
    pub losses: u8,
    /// Leader Casualty Markers, 0-2 (10.3, 16.1).
    pub lcm: u8,
    /// In column formation (13.3).
    pub column: bool,
    /// Cavalry and horse artillery: mounted (8.1). Always false for others.
    pub mounted: bool,
    /// Carries a Rout marker (17.4).
    pub routed: bool,
    /// Place in its hex's stack: lower is higher in the stack (4.2).
    pub order: u16,
    /// Moved (or began moving) this Movement Phase (13.1).
    pub moved: bool,
    /// Assaulted this Combat Phase (15.2).
    pub assaulted: bool,
    /// Regrouped this turn: may not assault (12.3).
    pub regrouped: bool,
    /// Ordered off the map after the cavalry breakout (8.5).
    pub pursuing: bool,
}

/// Where a commander is, and what has befallen him. Its `Hash` is by hand, as one packed word
/// (see [`crate::poshash`]).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Cmdr {
    /// On the map, or `None` (not arrived, or gone: see `gone`).
    pub hex: Option<Hex>,
    /// Casualties suffered (16.2): 0 the named commander; 1 flipped to the replacement (for Cox,
    /// Reno is the first casualty and the counter is not yet flipped); gone when `gone`.
    pub casualties: u8,
    /// Removed from the game (a replacement lost, McClellan or Lee lost, Lee's departure).
    pub gone: bool,
    /// Moved this Movement Phase.
    pub moved: bool,
    /// Burnside and McClellan put in an enemy ZOC by an enemy advance must leave it in the
    /// next Movement Phase (10.1).
    pub must_leave_zoc: bool,
}

impl Loc {
    /// The location as one word, distinct for distinct locations: a tag in bits 32-39 and the
    /// payload (a hex, a guard, a fate) in bits 0-31.
    pub(crate) fn word(self) -> u64 {
        let (tag, payload) = match self {
            Loc::Waiting => (0u64, 0),
            Loc::Entering => (1, 0),
            Loc::Map(h) => (2, crate::poshash::hex_word(h)),
            Loc::Prisoner(guard) => (3, u64::from(guard)),
            Loc::Gone(fate) => (4, fate as u64),
        };
        (tag << 32) | payload
    }
}

/// Packed by hand: the position hash runs at every decision and brigades are most of it. Every
/// field goes in whole, so equal brigades hash equal and brigades differing in any field
/// write different words; the destructuring makes a new field a compile error here.
impl Hash for Bde {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let Bde { loc, facing, losses, lcm, column, mounted, routed, order, moved, assaulted, regrouped, pursuing } =
            *self;
        let flags = [column, mounted, routed, moved, assaulted, regrouped, pursuing]
            .into_iter()
            .enumerate()
            .fold(0u64, |acc, (i, f)| acc | (u64::from(f) << i));
        state.write_u64(loc.word());
        state.write_u64(
            u64::from(order) | u64::from(facing) << 16 | u64::from(losses) << 24 | u64::from(lcm) << 32 | flags << 40,
        );
    }
}

/// Packed by hand into one word, like [`Bde`]'s.
impl Hash for Cmdr {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let Cmdr { hex, casualties, gone, moved, must_leave_zoc } = *self;
        let hex = hex.map_or(0, |h| 1 << 32 | crate::poshash::hex_word(h));
        let flags = u64::from(gone) | u64::from(moved) << 1 | u64::from(must_leave_zoc) << 2;
        state.write_u64(hex | u64::from(casualties) << 40 | flags << 48);
    }
}

/// A guard escorting prisoners off the map (2.4, 17.5).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Guard {
    /// The side the guard belongs to (the capturing side).
    pub side: Side,
    /// The brigade it was detached from; it rejoins that brigade (17.5).
    pub parent: Bid,
    /// On the map, or `None` once off.
    pub hex: Option<Hex>,
    /// Its prisoners, at most two (17.5).
    pub prisoners: Vec<Bid>,
    /// The turn in whose Reinforcement Phase it rejoins its parent (17.5), once it has exited.
    pub rejoins: Option<u8>,
    /// Eliminated by an assault (2.4), or rejoined.
    pub done: bool,
}

/// 11.4-11.5 and 10.6: the state of Burnside's pause.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Pause {
    /// Before 12 PM.
    NotYet,
    /// In force: no Union entry into Confederate ZOC, no Union assault.
    InForce,
    /// Offensive operations resumed.
    Resumed,
}

/// 10.4 Lee and 10.5 Longstreet's bonus.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct LeeState {
    /// The turn Lee arrived, if he has.
    pub arrived: Option<u8>,
    /// He has left the map (and may not return).
    pub left: bool,
    /// 10.5: Longstreet's bonus is available on this turn (the turn after Lee's exit).
    pub bonus_turn: Option<u8>,
    /// 10.5: which bonus Longstreet took, once chosen.
    pub bonus: Option<LongstreetBonus>,
}

/// 10.5: the two forms of Longstreet's one-time bonus.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum LongstreetBonus {
    /// +1 DRM to his Rally and Regroup attempts.
    Rally,
    /// +2 SP to one Assault he takes part in.
    Assault,
}

/// The whole position. The log and the legal-action memo are not part of it: they hash to
/// nothing and compare equal, so the derived `Hash` and `PartialEq` see the position alone.
#[derive(Clone, Debug, Hash, PartialEq)]
pub struct Fotm {
    /// Option names, as given.
    pub options: Vec<String>,
    /// The options switched on.
    pub opt: Options,
    /// The game turn, 1 = 7 AM (11.1).
    pub turn: u8,
    /// The phasing player (11.2).
    pub phasing: Side,
    /// The phase under way.
    pub phase: Phase,
    /// Every brigade, by order-of-battle index.
    pub brigades: Vec<Bde>,
    /// Every commander, by order-of-battle index.
    pub commanders: Vec<Cmdr>,
    /// Guards detached so far (17.5).
    pub guards: Vec<Guard>,
    /// Who controls Fox's Gap, Turner's Gap and hex 2601 (18.1): the side whose brigade last
    /// occupied it. Reading: the Confederates hold all three at the start.
    pub control: [Side; 3],
    /// The turn on which a gap was first captured (8.5).
    pub gap_captured: Option<u8>,
    /// Union cavalry brigades exited West (8.5).
    pub broke_out: u8,
    /// SP the Confederates still owe off the map (8.5).
    pub pursuit_owed: u8,
    /// Union cavalry exits off the West edge (8.5): (exit hex, turn, SP), for the pursuit.
    pub breakout_exits: Vec<(Hex, u8, u8)>,
    /// Burnside's pause (11.4).
    pub pause: Pause,
    /// 11.3: a Union cavalry brigade has come within Confederate artillery range on turn one
    /// and stopped: from then no Union cavalry moves further West until released. Reading:
    /// the West ban follows the stop, as the text orders them; before it the cavalry advances.
    pub cavalry_halted: bool,
    /// 11.3: Union cavalry may again move West (an infantry or artillery brigade has passed
    /// West of all of Pleasonton's cavalry).
    pub cavalry_released: bool,
    /// 10.4-10.5.
    pub lee: LeeState,
    /// Victory points scored by events so far, Union then Confederate (18.1). Control of 2601
    /// is added when VP are read.
    pub scored: [u16; 2],
    /// Retreats each side's brigades have made (17.3, 17.4, 4.1's one more hex), Union then
    /// Confederate: a statistic for the odds tally, not a rule's input.
    pub retreats: [u16; 2],
    /// Counter for stack order (4.2): the next `order` value to put a brigade at the bottom.
    pub next_order: u16,
    /// 10.2: (commander, brigade) for each brigade a commander has lent his CM to this phase
    /// for a Morale Check (17.2, 15.7) or a forced march (13.5); cleared as each phase begins.
    pub cm_used: Vec<(Cid, Bid)>,
    /// Procedures under way; the top is the pending decision.
    pub stack: Vec<Frame>,
    /// The rule-citing event log.
    pub log: Log,
    /// The legal actions of the current position, keyed by state hash.
    pub(crate) legal_memo: engine::LegalMemo<crate::Action>,
}

impl Fotm {
    /// The map.
    #[must_use]
    pub fn map(&self) -> &'static Map {
        map::south_mountain()
    }

    /// The order of battle.
    #[must_use]
    pub fn oob(&self) -> &'static OrderOfBattle {
        oob::south_mountain()
    }

    /// A brigade's counter data.
    #[must_use]
    pub fn info(&self, b: Bid) -> &'static Brigade {
        &oob::south_mountain().brigades[usize::from(b)]
    }

    /// A commander's counter data.
    #[must_use]
    pub fn cinfo(&self, c: Cid) -> &'static Commander {
        &oob::south_mountain().commanders[usize::from(c)]
    }

    /// A brigade's state.
    #[must_use]
    pub fn bde(&self, b: Bid) -> &Bde {
        &self.brigades[usize::from(b)]
    }

    /// A brigade's state, to change.
    pub fn bde_mut(&mut self, b: Bid) -> &mut Bde {
        &mut self.brigades[usize::from(b)]
    }

    /// A commander's state.
    #[must_use]
    pub fn cmdr(&self, c: Cid) -> &Cmdr {
        &self.commanders[usize::from(c)]
    }

    /// A commander's state, to change.
    pub fn cmdr_mut(&mut self, c: Cid) -> &mut Cmdr {
        &mut self.commanders[usize::from(c)]
    }

    /// Every brigade number.
    pub fn all_brigades(&self) -> impl Iterator<Item = Bid> + use<> {
        (0..self.brigades.len()).map(|i| Bid::try_from(i).expect("fewer than 256 brigades"))
    }

    /// Every commander number.
    pub fn all_commanders(&self) -> impl Iterator<Item = Cid> + use<> {
        (0..self.commanders.len()).map(|i| Cid::try_from(i).expect("fewer than 256 commanders"))
    }

    /// A brigade's owner.
    #[must_use]
    pub fn side_of(&self, b: Bid) -> Side {
        self.info(b).side
    }

    /// A unit's owner.
    #[must_use]
    pub fn owner(&self, u: Unit) -> Side {
        match u {
            Unit::Brigade(b) => self.info(b).side,
            Unit::Commander(c) => self.cinfo(c).side,
        }
    }

    /// A brigade's arm (2.3).
    #[must_use]
    pub fn arm(&self, b: Bid) -> Arm {
        self.info(b).arm
    }

    /// The hex a brigade is on, if on the map.
    #[must_use]
    pub fn hex_of(&self, b: Bid) -> Option<Hex> {
        match self.bde(b).loc {
            Loc::Map(h) => Some(h),
            _ => None,
        }
    }

    /// The hex a unit is on, if on the map.
    #[must_use]
    pub fn unit_hex(&self, u: Unit) -> Option<Hex> {
        match u {
            Unit::Brigade(b) => self.hex_of(b),
            Unit::Commander(c) => self.cmdr(c).hex,
        }
    }

    /// The brigade's counter now: step `losses` of its track (2.3).
    #[must_use]
    pub fn strength(&self, b: Bid) -> Strength {
        let info = self.info(b);
        info.after_losses(usize::from(self.bde(b).losses)).unwrap_or(info.track[info.track.len() - 1])
    }

    /// The printed SP of an infantry or cavalry brigade, or the ranged SP of artillery, before
    /// any modifier (2.3, 9.1).
    #[must_use]
    pub fn printed_sp(&self, b: Bid) -> u8 {
        match self.strength(b) {
            Strength::Sp(n) => n,
            Strength::Fire { ranged, .. } => ranged,
        }
    }

    /// Steps the brigade has left before elimination (its counter and those below it).
    #[must_use]
    pub fn steps_left(&self, b: Bid) -> u8 {
        u8::try_from(self.info(b).steps()).unwrap_or(u8::MAX).saturating_sub(self.bde(b).losses)
    }

    /// Brigades on `hex`, in stack order, top first (4.2).
    #[must_use]
    pub fn stack_at(&self, hex: Hex) -> Vec<Bid> {
        let mut v: Vec<Bid> = self.all_brigades().filter(|&b| self.bde(b).loc == Loc::Map(hex)).collect();
        v.sort_by_key(|&b| (self.bde(b).order, b));
        v
    }

    /// Brigades of `side` on `hex`, top first.
    #[must_use]
    pub fn brigades_at(&self, hex: Hex, side: Side) -> Vec<Bid> {
        let mut v = self.stack_at(hex);
        v.retain(|&b| self.side_of(b) == side);
        v
    }

    /// Commanders on `hex`.
    #[must_use]
    pub fn commanders_at(&self, hex: Hex) -> Vec<Cid> {
        self.all_commanders().filter(|&c| self.cmdr(c).hex == Some(hex)).collect()
    }

    /// The side with a brigade on `hex`, if any (a hex never holds both).
    #[must_use]
    pub fn occupant(&self, hex: Hex) -> Option<Side> {
        self.all_brigades().find(|&b| self.bde(b).loc == Loc::Map(hex)).map(|b| self.side_of(b))
    }

    /// Which side holds each hex, read off the position once (see [`Occupancy`]).
    #[must_use]
    pub(crate) fn occupancy(&self) -> Occupancy<'_> {
        let grid = &self.map().cells;
        let mut cells = vec![None; grid.len()];
        for b in self.all_brigades() {
            if let Loc::Map(h) = self.bde(b).loc
                && let Some(cell) = grid.index(h).and_then(|i| cells.get_mut(i))
                && cell.is_none()
            {
                *cell = Some(self.side_of(b));
            }
        }
        Occupancy { g: self, cells }
    }

    /// Brigades of `side` on the map.
    pub fn on_map(&self, side: Side) -> impl Iterator<Item = Bid> + '_ {
        self.all_brigades().filter(move |&b| self.side_of(b) == side && matches!(self.bde(b).loc, Loc::Map(_)))
    }

    /// Puts a brigade on a hex at the bottom of the stack there (or takes it off the map),
    /// updating gap control (18.1) and, for a Union brigade, Lee's presence (10.4).
    pub fn set_loc(&mut self, b: Bid, loc: Loc) {
        let order = self.next_order;
        self.next_order = self.next_order.wrapping_add(1);
        let side = self.side_of(b);
        let bde = self.bde_mut(b);
        if bde.loc != loc {
            bde.order = order;
        }
        bde.loc = loc;
        if let Loc::Map(h) = loc {
            crate::victory::occupy(self, h, side);
            if side == Side::Union {
                crate::sequence::union_brigade_moved(self, h);
            }
        }
    }

    /// Moves a brigade to the bottom of its stack (15.8).
    pub fn to_bottom(&mut self, b: Bid) {
        let order = self.next_order;
        self.next_order = self.next_order.wrapping_add(1);
        self.bde_mut(b).order = order;
    }

    /// Moves a brigade to the top of its stack (4.2: changing stacking order).
    pub fn to_top(&mut self, b: Bid) {
        let Some(h) = self.hex_of(b) else { return };
        let stack = self.stack_at(h);
        if stack.first() == Some(&b) {
            return;
        }
        // Renumber the hex from 0 so `b` is first and the rest keep their order. The same
        // order always gets the same numbers, so putting a stack back as it was restores
        // the position exactly, hash and all: reordering back and forth is then a loop that
        // bots recognise, not an endless supply of new positions. Brigades that enter the
        // hex later take `next_order`, which is higher, and go below.
        for (i, x) in std::iter::once(b).chain(stack.into_iter().filter(|&x| x != b)).enumerate() {
            self.bde_mut(x).order = u16::try_from(i).expect("a stack holds a few brigades");
        }
    }

    /// Whether the game turn is a dusk turn, 8 PM or 9 PM (11.6).
    #[must_use]
    pub fn dusk(&self) -> bool {
        let oob = self.oob();
        [oob.turn("8 PM"), oob.turn("9 PM")].contains(&Some(self.turn))
    }

    /// The turn's label ("1 PM").
    #[must_use]
    pub fn turn_label(&self) -> &'static str {
        self.oob().turn_label(self.turn).unwrap_or("?")
    }

    /// The last game turn (9 PM).
    #[must_use]
    pub fn last_turn(&self) -> u8 {
        u8::try_from(self.oob().turns.len()).unwrap_or(u8::MAX)
    }

    /// The commander's Command Modifier now: his own, his replacement's once flipped (16.2).
    #[must_use]
    pub fn cm(&self, c: Cid) -> u8 {
        let info = self.cinfo(c);
        let cm = self.cmdr(c);
        let flipped = if info.inherent.is_some() { cm.casualties >= 2 } else { cm.casualties >= 1 };
        match (&info.replacement, flipped) {
            (Some(r), true) => r.cm,
            _ => info.cm,
        }
    }

    /// The id of a commander by name in the order of battle.
    #[must_use]
    pub fn commander_id(&self, id: &str) -> Option<Cid> {
        self.oob().commanders.iter().position(|c| c.id == id).and_then(|i| Cid::try_from(i).ok())
    }

    /// The id of a brigade by name in the order of battle.
    #[must_use]
    pub fn brigade_id(&self, id: &str) -> Option<Bid> {
        self.oob().brigades.iter().position(|b| b.id == id).and_then(|i| Bid::try_from(i).ok())
    }

    /// The frame on top of the stack.
    #[must_use]
    pub fn top(&self) -> Option<&Frame> {
        self.stack.last()
    }

    /// Records an event in the log, citing its rule; the text is only built when the log is
    /// recording.
    pub fn note(&mut self, rule: &str, text: impl FnOnce(&Fotm) -> String) {
        if self.log.enabled() {
            let t = text(self);
            self.log.push(rule, || t);
        }
    }

    /// Logs an event about brigade `b` (its counter id on the event), for a page that groups
    /// events by unit: a roll or loss that chance brings after another unit's decision.
    pub fn note_bde(&mut self, b: Bid, rule: &str, text: impl FnOnce(&Fotm) -> String) {
        if self.log.enabled() {
            let (id, t) = (self.info(b).id.clone(), text(self));
            self.log.push_about(&id, rule, || t);
        }
    }

    /// Adds VP to a side's score (18.1), logging why.
    pub fn score(&mut self, side: Side, vp: u16, rule: &str, why: impl FnOnce(&Fotm) -> String) {
        self.scored[side.index()] += vp;
        self.note(rule, |g| format!("{} +{vp} VP: {}", side.title(), why(g)));
    }

    /// A brigade's name for the log ("Garland's Brigade").
    #[must_use]
    pub fn name(&self, b: Bid) -> &'static str {
        &self.info(b).name
    }

    /// A commander's name for the log, as he stands now.
    #[must_use]
    pub fn cname(&self, c: Cid) -> String {
        let info = self.cinfo(c);
        let cm = self.cmdr(c);
        match (&info.replacement, &info.inherent) {
            (Some(r), Some(_)) if cm.casualties >= 2 => r.name.clone(),
            (Some(r), None) if cm.casualties >= 1 => r.name.clone(),
            _ => info.name.clone(),
        }
    }

    /// A unit's name for the log.
    #[must_use]
    pub fn uname(&self, u: Unit) -> String {
        match u {
            Unit::Brigade(b) => self.name(b).to_string(),
            Unit::Commander(c) => self.cname(c),
        }
    }
}

#[cfg(test)]
mod tests {
    use engine::{Dice, Game, conformance::random_action};

    /// The occupancy snapshot combat reads answers as the scan of every brigade does, on
    /// every map hex, all along random games from contact (where units move, retreat, rout
    /// and die).
    #[test]
    fn the_occupancy_snapshot_agrees_with_the_scan() {
        for seed in 1..=3 {
            let mut g = crate::testkit::engaged(9);
            g.set_logging(false);
            let mut dice = Dice::seeded(seed);
            for _ in 0..400 {
                let snapshot = g.occupancy();
                for (h, _) in g.map().hexes() {
                    assert_eq!(snapshot.occupant(h), g.occupant(h), "seed {seed}, hex {h}");
                }
                let Some(a) = random_action(&g, &mut dice) else { break };
                g.apply_unchecked(&a);
            }
        }
    }
}

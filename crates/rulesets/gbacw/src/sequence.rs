//! 4.0 The sequence of play: each Game-Turn two Player-Turns, each of phases A to J, then
//! the Game-Turn Record Interphase; after the last Game-Turn the game is over and the
//! victory conditions are consulted. Set-up (the order of battle's hexes) is here too; the
//! Movement Phase, reinforcements coming on included (4.0 B), is [`crate::movement`]'s.
//!
//! Reading: what each phase holds is built phase by phase in the plan's later steps; a phase
//! with nothing yet to decide is the acting player's Done (`docs/plans/gbacw.md`, step 4).

use crate::action::Action;
use crate::procedure::{Frame, Procedure};
use crate::state::{Gbacw, Phase, initial_leader, initial_unit};
use crate::{Options, oob};
use engine::{Actor, Log, Side};

/// The sequence's own frames.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SeqFrame {
    /// The phase under way ([`Gbacw::phase`]) awaits the acting player's Done.
    Phase,
}

/// A new game at the start of the first Game-Turn: every unit and leader where the order of
/// battle sets it up (its set-up hexes are the scenario's, authored), reinforcements waiting.
#[must_use]
pub fn new_game(options: Vec<String>, opt: Options) -> Gbacw {
    let oob = oob::belmont();
    let map = crate::map::belmont();
    let units = oob.units.iter().map(|u| initial_unit(u, &opt, map)).collect();
    let leaders = oob
        .commanders
        .iter()
        .map(|c| initial_leader(&c.start, map))
        .chain(oob.brigades.iter().map(|b| initial_leader(&b.start, map)))
        .collect();
    let mut g = Gbacw {
        options,
        opt,
        turn: 1,
        phasing: oob.first_player,
        phase: Phase::InitialCommand,
        units,
        leaders,
        pinned: Vec::new(),
        fired_at: Vec::new(),
        fired_guns: Vec::new(),
        engaged: Vec::new(),
        melee: crate::melee::Plan::default(),
        leader_losses: Vec::new(),
        camp_burned: false,
        over: false,
        recrewed: Vec::new(),
        command: crate::command::Command::new(oob),
        stack: Vec::new(),
        log: Log::recording(),
        legal_memo: engine::LegalMemo::default(),
        occupied: crate::state::Occupied::default(),
    };
    let first = g.turn_label();
    g.log.push("GBACW 4.0", || format!("Game-Turn 1 ({first}) begins; the {} player moves first.", g.phasing.title()));
    g.stack.push(Frame::Over);
    push_phase(&mut g);
    g
}

/// The phase under way's first decision, each phase's module's own (17.0, 5.0 with
/// reinforcements coming on at their landings, 4.0 B, 9.0, 12.8, 12.0, 11.23, 13.5, 17.8).
pub(crate) fn push_phase(g: &mut Gbacw) {
    match g.phase {
        Phase::InitialCommand => crate::command::begin(g),
        Phase::Movement => crate::movement::start_phase(g),
        Phase::DefensiveFire | Phase::OffensiveFire => crate::fire::begin(g),
        Phase::RetreatBeforeMelee => crate::melee::rbm::begin(g),
        Phase::Melee => crate::melee::begin(g),
        Phase::Resupply => crate::resupply::begin(g),
        Phase::Rally => crate::rally::begin(g),
        Phase::FinalCommand => crate::final_command::begin(g),
    }
}

impl Gbacw {
    /// The Game-Turn's time on the turn track ("10:00 AM").
    #[must_use]
    pub fn turn_label(&self) -> String {
        self.oob().turns.label(self.turn).unwrap_or_else(|| format!("turn {}", self.turn))
    }

    /// The Game-Turns the scenario has.
    #[must_use]
    pub fn last_turn(&self) -> u8 {
        if self.opt.camp { crate::scenario::belmont().camp_last } else { self.oob().turns.count }
    }

    /// Whether the game ends with the Union's embarkation: the full battle; the short
    /// scenario stops before the day does, so nothing is left behind.
    #[must_use]
    pub fn embarks(&self) -> bool {
        !self.opt.camp
    }
}

/// Ends the phase under way: the next phase, the other Player-Turn, the Interphase and the
/// next Game-Turn, or the end of the game after the last.
pub(crate) fn next_phase(g: &mut Gbacw) {
    let first = g.oob().first_player;
    if let Some(p) = g.phase.next() {
        g.phase = p;
    } else if g.phasing == first {
        g.phasing = first.enemy();
        g.phase = Phase::InitialCommand;
        let side = g.phasing;
        g.log.push("GBACW 4.0", || format!("The {} Player-Turn begins.", side.title()));
    } else if g.turn >= g.last_turn() {
        g.log.push("GBACW 4.0", || "The last Game-Turn is over.".into());
        let before = crate::victory::vp(g);
        g.over = true;
        if g.embarks() {
            crate::victory::log_left_behind(g, before);
        }
        return;
    } else {
        // 4.0 3: the Game-Turn Record Interphase.
        g.turn += 1;
        g.phasing = first;
        g.phase = Phase::InitialCommand;
        let (t, label) = (g.turn, g.turn_label());
        g.log.push("GBACW 4.0", || format!("Game-Turn {t} ({label}) begins."));
    }
    push_phase(g);
}

impl Procedure<Gbacw, Action> for SeqFrame {
    fn actor(&self, g: &Gbacw) -> Actor {
        Actor::Side(g.phase.actor(g.phasing))
    }

    fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        let side: Side = g.phase.actor(g.phasing);
        ("GBACW 4.0", format!("{} {}: Done when finished", side.title(), g.phase.name()))
    }

    fn legal(&self, _g: &Gbacw) -> Vec<Action> {
        vec![Action::Done]
    }

    fn apply(self, g: &mut Gbacw, a: &Action) {
        match (self, a) {
            (SeqFrame::Phase, Action::Done) => next_phase(g),
            (f, a) => unreachable!("{f:?} {a:?}"),
        }
    }
}

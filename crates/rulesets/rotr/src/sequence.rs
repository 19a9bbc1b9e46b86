//! The sequence of play (4.0-4.6): the set-up's ratings, then each turn the cup filled with
//! the chits of the brigades that have something on the table or due (ruling R1), chits drawn
//! one at a time by chance, each drawn brigade's activation (4.4, [`crate::activation`]), the
//! reserve units' rebuilds once the cup is empty (4.5), and the turn's end; the game ends after
//! the scenario's last turn (4.6).

use crate::action::Action;
use crate::activation::Activation;
use crate::options::Options;
use crate::procedure::{Frame, Procedure};
use crate::scenario::Entry;
use crate::state::{BrigadeId, CommanderState, Place, Post, Rotr, UnitState, belmont};
use engine::{Actor, Log};

/// The sequence's own frames.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SeqFrame {
    /// 4.0: a turn begins (automatic): the cup is filled (R1), or the game ends after the
    /// scenario's last turn (4.6).
    Turn,
    /// 4.3: the next chit is drawn from the cup: chance over the chits left, each equally
    /// likely; the last is drawn without a roll. With the cup empty, the turn ends (4.5, 4.6).
    Cup,
}

/// A new game at set-up: every unit where the orders of battle set it up (or due later, R55),
/// every commander with the unit the scenario gives him, ratings to roll (R5), then turn 1.
#[must_use]
pub fn new_game(option_names: Vec<String>, opt: Options) -> Rotr {
    let s = belmont();
    let units = s
        .units
        .iter()
        .map(|u| {
            let (place, formation) = match u.entry {
                Entry::SetUp { formation, .. } => {
                    (Place::Table(s.set_up_body(u).expect("a unit set up has a body")), formation)
                }
                Entry::Arrives { formation, .. } => (Place::Due, formation),
            };
            UnitState { place, formation, figures: u.stand_figures.clone(), performance: None, trail: None }
        })
        .collect();
    let commanders = s
        .commanders
        .iter()
        .map(|c| {
            let with = s.units.iter().position(|u| u.name == c.with).expect("the loader checks whom he is with");
            let with = crate::state::UnitId(u8::try_from(with).expect("under 256 units"));
            CommanderState { quality: None, post: Post::With(with), passes_used: 0, walked: 0 }
        })
        .collect();
    let mut g = Rotr {
        option_names,
        opt,
        turn: 1,
        cup: Vec::new(),
        units,
        commanders,
        stack: vec![Frame::Over, Frame::Seq(SeqFrame::Turn)],
        log: Log::recording(),
        legal_memo: engine::LegalMemo::default(),
        reach: crate::movement::Reach::default(),
    };
    // Columns set up stand on a straight trail, as they will march (R15.1).
    for u in g.unit_ids().collect::<Vec<_>>() {
        if crate::movement::column::marches(g.unit(u).formation)
            && let Some(head) = g.body(u).and_then(|b| b.stands.first()).copied()
        {
            let (t, b) = crate::movement::column::straight(&g, u, head.front_middle(), head.facing);
            g.unit_mut(u).place = Place::Table(b);
            g.unit_mut(u).trail = Some(t);
        }
    }
    g.log.push("ROTR 4.2", || format!("{}: set-up ({}).", s.title, s.status));
    crate::ratings::at_set_up(&mut g);
    g
}

/// R1: the chits in the cup at a turn's start: every brigade with a unit on the table or due
/// to arrive by this turn, in the scenario's order.
#[must_use]
pub fn cup_for_turn(g: &Rotr) -> Vec<BrigadeId> {
    g.brigade_ids()
        .filter(|&b| g.brigade_units(b).any(|u| matches!(g.unit(u).place, Place::Table(_)) || g.arriving(u)))
        .collect()
}

/// The scenario's last turn (4.6).
#[must_use]
pub fn last_turn() -> u8 {
    belmont().turns
}

/// Draws brigade `b`'s chit: it leaves the cup and its activation begins (4.3, 4.4).
fn draw(g: &mut Rotr, b: BrigadeId) {
    g.cup.retain(|&c| c != b);
    let (chit, side) = (&g.brigade(b).chit, g.brigade(b).side.name());
    g.log.push("ROTR 4.3", || format!("{chit}'s chit ({side}) is drawn: its brigade activates (4.4)."));
    g.stack.push(Frame::Seq(SeqFrame::Cup));
    g.stack.push(Frame::Activation(Box::new(Activation::new(b))));
}

impl Procedure<Rotr, Action> for SeqFrame {
    fn actor(&self, _: &Rotr) -> Actor {
        Actor::Chance
    }

    fn prompt(&self, g: &Rotr) -> (&'static str, String) {
        let left: Vec<&str> = g.cup.iter().map(|&b| g.brigade(b).chit.as_str()).collect();
        ("ROTR 4.3", format!("Turn {} ({}): a chit drawn from the cup ({})", g.turn, g.clock(), left.join(", ")))
    }

    fn legal(&self, _: &Rotr) -> Vec<Action> {
        Vec::new()
    }

    fn chance(&self, g: &Rotr) -> Vec<(Action, f64)> {
        let n = g.cup.len();
        #[allow(clippy::cast_precision_loss)]
        let p = 1.0 / n.max(1) as f64;
        g.cup.iter().map(|&b| (Action::Draw(b), p)).collect()
    }

    fn apply(self, g: &mut Rotr, a: &Action) {
        if let Action::Draw(b) = *a {
            draw(g, b);
        }
    }

    /// A turn's start always runs at once; a draw does when fewer than two chits are left.
    fn automatic(&self, g: &Rotr) -> bool {
        match self {
            SeqFrame::Turn => true,
            SeqFrame::Cup => g.cup.len() < 2,
        }
    }

    fn run(self, g: &mut Rotr) {
        match self {
            SeqFrame::Turn => {
                if g.turn > last_turn() {
                    g.log.push("ROTR 4.6", || "The scenario's last turn is over: the game ends.".into());
                    return;
                }
                g.cup = cup_for_turn(g);
                // R8.2: each commander's 24 inches are a turn's.
                for c in &mut g.commanders {
                    c.walked = 0;
                }
                let (t, clock) = (g.turn, g.clock());
                let chits: Vec<&str> = g.cup.iter().map(|&b| g.brigade(b).chit.as_str()).collect();
                g.log.push("ROTR 4.3", || format!("Turn {t} ({clock}) begins; the cup holds {}.", chits.join(", ")));
                g.stack.push(Frame::Seq(SeqFrame::Cup));
            }
            SeqFrame::Cup => {
                if let Some(&b) = g.cup.first() {
                    draw(g, b);
                    return;
                }
                // 4.5: rebuilding needs losses, which come with fire and melee (steps 8, 12).
                let t = g.turn;
                g.log.push("ROTR 4.6", || format!("The cup is empty: turn {t} ends."));
                g.turn += 1;
                g.stack.push(Frame::Seq(SeqFrame::Turn));
            }
        }
    }
}

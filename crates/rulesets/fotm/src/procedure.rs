//! The stack of procedures under way and the one dispatch that asks each for its legal actions
//! and hands it the chosen one. The top frame is the pending decision; frames that need no
//! decision run at once.
//!
//! Each rule module owns its frames as a type of its own implementing [`Procedure`]; this file
//! only routes. A module's frame, once popped and handed an action, pushes whatever comes next
//! (itself again, a sub-procedure, nothing).

use crate::action::Action;
use crate::state::Fotm;
use crate::{combat, movement, rally, retreat, sequence, setup};
use engine::{Actor, Illegal};

/// One rule module's procedure under way.
pub(crate) trait Procedure: Sized {
    /// Who decides (a side, or chance). Never asked of an automatic frame.
    fn actor(&self, g: &Fotm) -> Actor;
    /// The rule that asks, and the question in the rulebook's words.
    fn prompt(&self, g: &Fotm) -> (&'static str, String);
    /// The legal actions when a side decides.
    fn legal(&self, g: &Fotm) -> Vec<Action>;
    /// The outcomes with their probabilities when chance decides.
    fn chance(&self, _g: &Fotm) -> Vec<(Action, f64)> {
        Vec::new()
    }
    /// Applies a legal action; the frame has been popped.
    fn apply(self, g: &mut Fotm, a: &Action);
    /// Whether the frame runs without a decision.
    fn automatic(&self, _g: &Fotm) -> bool {
        false
    }
    /// Runs an automatic frame; the frame has been popped.
    fn run(self, _g: &mut Fotm) {}
    /// Why an action is refused, when the module can say more than "not legal now".
    fn why(&self, _g: &Fotm, _a: &Action) -> Option<Illegal> {
        None
    }
}

/// A procedure under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Frame {
    /// 11.1 set-up.
    Setup(setup::SetupFrame),
    /// 11.2 the sequence of play: turn and phase boundaries, the Burnside roll, Lee.
    Seq(sequence::SeqFrame),
    /// 12.0 the Rally Phase.
    Rally(rally::RallyFrame),
    /// 13.0 movement and 14.0 reinforcements, with routed and guard movement (17.4, 17.5)
    /// and the breakout (8.5).
    Move(Box<movement::MoveFrame>),
    /// 15.0 combat, with artillery fire (9.0) and leader casualties (16.0).
    Combat(Box<combat::CombatFrame>),
    /// 17.0 morale checks, retreats, routs and captures.
    Retreat(Box<retreat::RetreatFrame>),
    /// The game is over.
    Over,
}

macro_rules! route {
    ($frame:expr, $f:ident => $body:expr, $over:expr) => {
        match $frame {
            Frame::Setup($f) => $body,
            Frame::Seq($f) => $body,
            Frame::Rally($f) => $body,
            Frame::Move($f) => $body,
            Frame::Combat($f) => $body,
            Frame::Retreat($f) => $body,
            Frame::Over => $over,
        }
    };
}

macro_rules! route_owned {
    ($frame:expr, $f:ident => $body:expr, $over:expr) => {
        match $frame {
            Frame::Setup($f) => $body,
            Frame::Seq($f) => $body,
            Frame::Rally($f) => $body,
            Frame::Move($f) => {
                let $f = *$f;
                $body
            }
            Frame::Combat($f) => {
                let $f = *$f;
                $body
            }
            Frame::Retreat($f) => {
                let $f = *$f;
                $body
            }
            Frame::Over => $over,
        }
    };
}

/// Who acts.
pub(crate) fn actor(g: &Fotm) -> Actor {
    match g.stack.last() {
        None => Actor::Over,
        Some(top) => route!(top, f => f.actor(g), Actor::Over),
    }
}

/// The pending decision's rule and text.
pub(crate) fn prompt(g: &Fotm) -> (&'static str, String) {
    match g.stack.last() {
        None => ("FotM 18.1", "The game is over.".into()),
        Some(top) => route!(top, f => f.prompt(g), ("FotM 18.1", "The game is over.".into())),
    }
}

/// The legal actions of the side to act, memoised until the position changes.
pub(crate) fn legal(g: &Fotm) -> Vec<Action> {
    use engine::Game;
    g.legal_memo.get_or(g.state_hash(), || match g.stack.last() {
        None => vec![],
        Some(top) => route!(top, f => f.legal(g), vec![]),
    })
}

/// The outcomes of the pending chance decision.
pub(crate) fn chance(g: &Fotm) -> Vec<(Action, f64)> {
    match g.stack.last() {
        None => vec![],
        Some(top) => route!(top, f => f.chance(g), vec![]),
    }
}

/// A module's own explanation of a refusal, if it has one.
pub(crate) fn why(g: &Fotm, a: &Action) -> Option<Illegal> {
    g.stack.last().and_then(|top| route!(top, f => f.why(g, a), None))
}

fn automatic(g: &Fotm, top: &Frame) -> bool {
    route!(top, f => f.automatic(g), false)
}

/// Applies a legal action to the top frame, then runs automatic frames until a decision is
/// pending, then the checks that follow any change (10.4 Lee's removal).
pub(crate) fn apply(g: &mut Fotm, a: &Action) {
    let top = g.stack.pop().expect("a pending decision");
    route_owned!(top, f => f.apply(g, a), g.stack.push(Frame::Over));
    settle(g);
}

/// Runs automatic frames until a decision is pending or the game is over.
pub(crate) fn settle(g: &mut Fotm) {
    let mut guard = 0u32;
    loop {
        sequence::after_change(g);
        let Some(top) = g.stack.last() else { return };
        if !automatic(g, top) {
            return;
        }
        let top = g.stack.pop().expect("checked");
        route_owned!(top, f => f.run(g), unreachable!("Over is not automatic"));
        guard += 1;
        assert!(guard < 100_000, "automatic frames loop: {:?}", g.stack.last());
    }
}

/// One six-sided die, as chance outcomes.
pub(crate) fn d6() -> Vec<(Action, f64)> {
    (1..=6).map(|d| (Action::Roll(d), 1.0 / 6.0)).collect()
}

/// The combat roll of `n` dice (15.2) as chance outcomes [`Action::Dice`]: the number of sixes,
/// and, when `count_ones`, the number of ones capped at two (7.2 "two ones"); probabilities
/// exact, summing to one.
pub(crate) fn combat_dice(n: u8, count_ones: bool) -> Vec<(Action, f64)> {
    let n = i32::from(n);
    let fact = |k: i32| -> f64 { (1..=k).map(f64::from).product() };
    let mut out: Vec<(Action, f64)> = Vec::new();
    for sixes in 0..=n {
        if count_ones {
            for ones in 0..=(n - sixes) {
                let other = n - sixes - ones;
                let p = fact(n) / (fact(sixes) * fact(ones) * fact(other))
                    * (1.0f64 / 6.0).powi(sixes + ones)
                    * (4.0f64 / 6.0).powi(other);
                let key = Action::Dice {
                    sixes: u8::try_from(sixes).expect("<=10"),
                    ones: u8::try_from(ones.min(2)).expect("<=2"),
                };
                match out.iter_mut().find(|(a, _)| *a == key) {
                    Some((_, q)) => *q += p,
                    None => out.push((key, p)),
                }
            }
        } else {
            let p =
                fact(n) / (fact(sixes) * fact(n - sixes)) * (1.0f64 / 6.0).powi(sixes) * (5.0f64 / 6.0).powi(n - sixes);
            out.push((Action::Dice { sixes: u8::try_from(sixes).expect("<=10"), ones: 0 }, p));
        }
    }
    out
}

/// What the odds of an earlier action take for the acting side's own decision here (issue
/// 15, `engine::Game::odds_own`): an Assault being announced (15.4 Initiation) with a
/// brigade in it is taken as launched as it stands, so the odds of a brigade joining it
/// reach its dice; with none yet, who joins is the side's best move, as is every choice
/// inside an Assault under way, its leader casualties (16.0) and the retreats it leaves
/// (17.0). Elsewhere the player starts something new: the odds stop.
pub(crate) fn odds_own(g: &Fotm) -> engine::OddsOwn<Action> {
    use crate::combat::{CombatFrame, Stage};
    let announcing = matches!(g.stack.last(), Some(Frame::Combat(c)) if matches!(&**c, CombatFrame::Assault(a) if a.stage == Stage::Announce));
    if announcing && engine::Game::legal_actions(g).contains(&Action::Launch) {
        return engine::OddsOwn::Take(Action::Launch);
    }
    let settling = g.stack.iter().any(|f| {
        matches!(f, Frame::Retreat(_)) || matches!(f, Frame::Combat(c) if !matches!(&**c, CombatFrame::Phase { .. }))
    });
    if settling { engine::OddsOwn::Best } else { engine::OddsOwn::Stop }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combat_dice_sum_to_one() {
        for n in 0..=10 {
            for ones in [false, true] {
                let d = combat_dice(n, ones);
                let total: f64 = d.iter().map(|(_, p)| p).sum();
                assert!((total - 1.0).abs() < 1e-12, "n={n} ones={ones}: {total}");
            }
        }
        // One die: a six 1/6, a one 1/6.
        let d = combat_dice(1, true);
        assert!(d.contains(&(Action::Dice { sixes: 1, ones: 0 }, 1.0 / 6.0)));
        let p_one: f64 = d.iter().filter(|(a, _)| matches!(a, Action::Dice { ones: 1, .. })).map(|(_, p)| p).sum();
        assert!((p_one - 1.0 / 6.0).abs() < 1e-12);
    }
}

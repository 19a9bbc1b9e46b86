//! The stack of procedures under way and the one dispatch that asks each for its legal actions
//! and hands it the chosen one. The top frame is the pending decision; frames that need no
//! decision run at once.
//!
//! Each rule module owns its frames as a type of its own implementing [`Procedure`]
//! (`engine::procedure`, shared with the other rulesets built on a stack); this file only
//! routes. A module's frame, once popped and handed an action, pushes whatever comes next
//! (itself again, a sub-procedure, nothing).

use crate::action::Action;
use crate::state::Fotm;
use crate::{combat, movement, rally, retreat, sequence, setup};
use engine::{Actor, Illegal};

pub(crate) use engine::procedure::Procedure;

engine::frames! {
    /// A procedure under way.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    pub enum Frame for Fotm, Action {
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
    }
    /// The game is over.
    over Over => ("FotM 18.1", "The game is over.")
}

impl engine::procedure::Stacked for Fotm {
    type Action = Action;
    type Frame = Frame;
    fn frames(&self) -> &[Frame] {
        &self.stack
    }
    fn frames_mut(&mut self) -> &mut Vec<Frame> {
        &mut self.stack
    }
    /// 10.4: Lee's removal, and the other checks that follow any change.
    fn after_change(&mut self) {
        sequence::after_change(self);
    }
}

/// Who acts.
pub(crate) fn actor(g: &Fotm) -> Actor {
    engine::procedure::actor(g)
}

/// The pending decision's rule and text.
pub(crate) fn prompt(g: &Fotm) -> (&'static str, String) {
    engine::procedure::prompt(g, ("FotM 18.1", "The game is over."))
}

/// The legal actions of the side to act, memoised until the position changes.
pub(crate) fn legal(g: &Fotm) -> Vec<Action> {
    use engine::Game;
    g.legal_memo.get_or(g.state_hash(), || engine::procedure::legal(g))
}

/// The outcomes of the pending chance decision.
pub(crate) fn chance(g: &Fotm) -> Vec<(Action, f64)> {
    engine::procedure::chance(g)
}

/// A module's own explanation of a refusal, if it has one.
pub(crate) fn why(g: &Fotm, a: &Action) -> Option<Illegal> {
    engine::procedure::why(g, a)
}

/// Applies a legal action to the top frame, then runs automatic frames until a decision is
/// pending, then the checks that follow any change (10.4 Lee's removal).
pub(crate) fn apply(g: &mut Fotm, a: &Action) {
    engine::procedure::apply(g, a);
}

/// Runs automatic frames until a decision is pending or the game is over.
pub(crate) fn settle(g: &mut Fotm) {
    engine::procedure::settle(g);
}

/// One six-sided die, as chance outcomes.
pub(crate) fn d6() -> Vec<(Action, f64)> {
    engine::chance::die(6).into_iter().map(|(d, p)| (Action::Roll(d), p)).collect()
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
/// 15, `engine::Game::odds_own`). An Assault being announced (15.4 Initiation) is taken as
/// launched as it stands: announced on a hex (`began` an [`Action::Assault`]) with no brigade
/// in it yet, the brigade the announcement names (the first that may join) joins and no other
/// (the tenth playtest: the odds assumed every brigade that might join, while the click joined
/// one); a brigade joining or leaving it, as it then stands. Every choice
/// inside an Assault under way, its leader casualties (16.0) and the retreats it leaves
/// (17.0) is the side's best move. Elsewhere the player starts something new: the odds stop.
pub(crate) fn odds_own(g: &Fotm, began: &Action) -> engine::OddsOwn<Action> {
    use crate::combat::{CombatFrame, Stage};
    let announcing = match g.stack.last() {
        Some(Frame::Combat(c)) => match &**c {
            CombatFrame::Assault(a) if a.stage == Stage::Announce => Some(a),
            _ => None,
        },
        _ => None,
    };
    if let Some(a) = announcing {
        let legal = engine::Game::legal_actions(g);
        let join = legal.iter().find(|x| matches!(x, Action::Join(b) if !a.joined.contains(b)));
        return match (began, join) {
            (Action::Assault(_), Some(j)) if a.joined.is_empty() => engine::OddsOwn::Take(*j),
            _ if legal.contains(&Action::Launch) => engine::OddsOwn::Take(Action::Launch),
            _ => engine::OddsOwn::Best,
        };
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

//! Parametrised actions (issue 17): an action that carries values on a continuous scale (a
//! distance, an angle) lists one point and says in its view ([`crate::ActionView::params`])
//! the exact range each value may take. [`params_fault`] samples each range, through
//! [`Game::with_params`], and asks [`Game::is_legal`]: every value inside is legal, the
//! first ones outside are not. [`super::action_views_on_board`] runs it on every action it
//! checks, so every ruleset's conformance test covers it; hex rulesets carry no values and
//! pass at once.

use crate::{Dice, Game};

/// Values sampled strictly inside each range, besides its ends and the listed value.
const INSIDE: usize = 3;

/// What is wrong with the values action `a` carries, if anything: a malformed range, a value
/// inside it that [`Game::is_legal`] refuses, one just outside that it accepts, or an action
/// rebuilt with a value whose view no longer carries it. `dice` draws the inner samples.
pub(super) fn params_fault<G: Game>(game: &G, a: &G::Action, dice: &mut Dice) -> Result<(), String> {
    let params = game.action_view(a).params;
    if params.is_empty() {
        return Ok(());
    }
    let listed: Vec<i64> = params.iter().map(|p| p.value).collect();
    if game.with_params(a, &listed).as_ref() != Some(a) {
        return Err("with_params of its own values is not the action listed".into());
    }
    for (i, p) in params.iter().enumerate() {
        if p.name.trim().is_empty() || p.unit.trim().is_empty() {
            return Err(format!("its value {i} has no name or no unit"));
        }
        if !(p.min <= p.value && p.value <= p.max) {
            return Err(format!("its {} {} lies outside its range {}..={}", p.name, p.value, p.min, p.max));
        }
        let at = |v: i64| {
            let mut values = listed.clone();
            values[i] = v;
            game.with_params(a, &values)
        };
        let mut inside = vec![p.min, p.max];
        if p.max - p.min > 1 {
            let span = u64::try_from(p.max - p.min - 1).unwrap_or(u64::MAX);
            for _ in 0..INSIDE {
                let k = dice.below(span.min(u64::from(u32::MAX)) as u32);
                inside.push(p.min + 1 + i64::from(k));
            }
        }
        for v in inside {
            let Some(b) = at(v) else {
                return Err(format!("with_params gives nothing for its {} {v}, inside {}..={}", p.name, p.min, p.max));
            };
            if !game.is_legal(&b) {
                return Err(format!("its {} {v} {} lies inside {}..={} and is refused", p.name, p.unit, p.min, p.max));
            }
            let again = game.action_view(&b).params;
            if again.get(i).map(|q| q.value) != Some(v) {
                return Err(format!("rebuilt with its {} {v}, its view carries {:?}", p.name, again.get(i)));
            }
        }
        for v in [p.min.checked_sub(1), p.max.checked_add(1)].into_iter().flatten() {
            if at(v).is_some_and(|b| game.is_legal(&b)) {
                return Err(format!(
                    "its {} {v} {} lies outside {}..={} and is accepted",
                    p.name, p.unit, p.min, p.max
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The check on a toy measured in sixteenths of an inch: two counters race along a line
    //! to 1,000, each move any distance from 1 to 160 (ten inches), no further than the goal.
    //! The menu lists two points of the range; the predicate takes the whole range.
    use super::super::action_views_on_board;
    use crate::{ActionView, Actor, Game, Log, Outcome, Param, Prompt, Side};

    const GOAL: i64 = 1_000;
    const STEP: i64 = 160;

    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    enum Fault {
        None,
        /// The view's range reaches one past what the predicate takes.
        Wide,
        /// The view's range starts one above what the predicate takes.
        Narrow,
    }

    #[derive(Clone, Hash, Debug)]
    struct Ruler {
        at: [i64; 2],
        turn: Side,
        fault: Fault,
        #[allow(clippy::struct_field_names)]
        log: Log,
    }

    #[derive(Clone, PartialEq, Debug, serde::Serialize, serde::Deserialize)]
    struct Move(i64);

    impl Ruler {
        /// The legal range of this turn's move.
        fn range(&self) -> (i64, i64) {
            (1, STEP.min(GOAL - self.at[self.turn.index()]))
        }
    }

    impl Game for Ruler {
        type Action = Move;
        fn scenario(&self) -> (&str, &[String]) {
            ("ruler", &[])
        }
        fn actor(&self) -> Actor {
            if self.at.iter().any(|&x| x >= GOAL) { Actor::Over } else { Actor::Side(self.turn) }
        }
        fn prompt(&self) -> Prompt {
            Prompt { actor: self.actor(), rule: "Ruler 1".into(), text: "move".into() }
        }
        fn legal_actions(&self) -> Vec<Move> {
            if self.actor() == Actor::Over {
                return vec![];
            }
            let (lo, hi) = self.range();
            let mut v = vec![Move(hi)];
            if (hi + lo) / 2 != hi {
                v.push(Move((hi + lo) / 2));
            }
            v
        }
        fn chance_outcomes(&self) -> Vec<(Move, f64)> {
            vec![]
        }
        fn is_legal(&self, a: &Move) -> bool {
            let (lo, hi) = self.range();
            self.actor() != Actor::Over && (lo..=hi).contains(&a.0)
        }
        fn apply_unchecked(&mut self, a: &Move) {
            self.at[self.turn.index()] += a.0;
            self.turn = self.turn.enemy();
        }
        fn action_view(&self, a: &Move) -> ActionView {
            let (lo, hi) = self.range();
            let (min, max) = match self.fault {
                Fault::None => (lo, hi),
                Fault::Wide => (lo, hi + 1),
                Fault::Narrow => (lo + 1, hi),
            };
            let value = a.0;
            let param = Param { name: "distance".into(), unit: "1/16 in".into(), min, max, value };
            ActionView { label: self.describe(a), kind: "move".into(), params: vec![param], ..ActionView::default() }
        }
        fn with_params(&self, _a: &Move, values: &[i64]) -> Option<Move> {
            match values {
                [d] => Some(Move(*d)),
                _ => None,
            }
        }
        fn vp(&self) -> [f64; 2] {
            self.at.map(|x| x as f64)
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.actor() == Actor::Over).then(|| Outcome {
                winner: Some(if self.at[0] >= GOAL { Side::Union } else { Side::Confederate }),
                vp: self.vp(),
                level: None,
            })
        }
        fn log(&self) -> &Log {
            &self.log
        }
        fn set_logging(&mut self, on: bool) {
            self.log.set_enabled(on);
        }
    }

    fn ruler(fault: Fault) -> impl Fn() -> Ruler + Copy {
        move || Ruler { at: [0, 0], turn: Side::Union, fault, log: Log::recording() }
    }

    #[test]
    fn exact_ranges_pass_and_the_listed_points_are_legal() {
        assert_eq!(action_views_on_board(ruler(Fault::None), 10, 1, 1_000), Ok(()));
        assert_eq!(crate::conformance::random_games(ruler(Fault::None), 10, 1, 1_000), Ok(()));
    }

    #[test]
    fn a_range_wider_than_the_predicate_is_caught() {
        let e = action_views_on_board(ruler(Fault::Wide), 3, 1, 1_000).expect_err("wide");
        assert!(e.contains("lies inside") && e.contains("is refused") && e.contains("game seed"), "{e}");
    }

    #[test]
    fn a_range_narrower_than_the_predicate_is_caught() {
        let e = action_views_on_board(ruler(Fault::Narrow), 3, 1, 1_000).expect_err("narrow");
        assert!(e.contains("lies outside") && e.contains("is accepted"), "{e}");
    }
}

//! The greedy bot: one step of look-ahead, with chance weighed exactly.

use crate::{Bot, Recent, score};
use engine::{Actor, Dice, Game, Side};

/// For each legal action, the expected [`score`] (the ruleset's [`Game::evaluate`], or
/// the result once the game is over) of the positions reached once chance has resolved
/// up to the next decision; the best action wins, ties broken by its seeded generator.
///
/// The expectation is exact ([`analysis::partial`]) when enumerating chance takes at
/// most `limit` chance outcomes. When it would take more, the bot **samples** the rest:
/// chance is enumerated exactly, layer by layer, as far as the limit allows, and from
/// each chance decision left pending it plays sampled chance paths with its own seeded
/// [`Dice`] (`samples` paths in all, at least one per pending decision), weighting
/// their mean by the exact probability of reaching that decision. The value is then an
/// unbiased estimate, not the exact expectation, and still reproducible from the seed.
///
/// When more than `max_actions` actions are legal (Belmont's set-up offers 35,000
/// placements), it weighs a sample of `max_actions` of them drawn with its generator, the
/// first and the last listed always among them: each costs an application, and the ruleset
/// lists the next position's actions in it.
///
/// **Its own next decision.** When an action leads, with no chance in between, to another
/// decision of the same side (choosing which unit to move, then where it goes), the bot
/// values it by the best action of that next decision, each scored as it stands once
/// applied (chance after it is not enumerated there), up to `lookahead` decisions deep,
/// while both lists hold at most [`LOOKAHEAD_MAX_ACTIONS`] actions. So picking a unit is
/// worth what its best move is worth, and ending a phase early no longer ties with
/// moving. Beyond that it sees as far as the next decision only: a decision that changes
/// nothing the evaluation reads looks like every other, and the tie is broken at random.
#[derive(Debug)]
pub struct GreedyBot {
    dice: Dice,
    limit: usize,
    samples: u32,
    max_actions: usize,
    lookahead: u32,
    recent: Recent,
}

/// [`GreedyBot`]'s default lookahead through its own consecutive decisions.
pub const DEFAULT_LOOKAHEAD: u32 = 1;
/// The longest list the lookahead looks through (at the decision and the one after it):
/// Fire on the Mountain's movement offers a few dozen actions, Belmont's several hundred,
/// where a second level would cost seconds a decision.
pub const LOOKAHEAD_MAX_ACTIONS: usize = 64;

/// [`GreedyBot`]'s default bound on chance outcomes enumerated per action. In Belmont,
/// ending an activation leads to the chit pull and the next activation's first rolls,
/// about 400-500 outcomes at 150 µs each; the bound keeps such actions to the pull
/// itself, exactly, and samples what follows it.
pub const DEFAULT_LIMIT: usize = 200;
/// [`GreedyBot`]'s default number of sampled chance paths per action when enumeration
/// stops short.
pub const DEFAULT_SAMPLES: u32 = 32;
/// [`GreedyBot`]'s default bound on the actions weighed per decision (more than Belmont's
/// longest list in play, about 800 movement actions; less than its set-up's).
pub const DEFAULT_MAX_ACTIONS: usize = 1_000;

impl GreedyBot {
    /// A greedy bot seeded `seed`, enumerating up to [`DEFAULT_LIMIT`] chance outcomes
    /// per action and sampling [`DEFAULT_SAMPLES`] paths beyond.
    #[must_use]
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_limits(seed, DEFAULT_LIMIT, DEFAULT_SAMPLES)
    }

    /// A greedy bot with its own bounds: at most `limit` chance outcomes enumerated per
    /// action, else `samples` sampled paths (at least one per pending chance decision).
    #[must_use]
    pub fn with_limits(seed: u64, limit: usize, samples: u32) -> GreedyBot {
        GreedyBot {
            dice: Dice::seeded(seed),
            limit,
            samples: samples.max(1),
            max_actions: DEFAULT_MAX_ACTIONS,
            lookahead: DEFAULT_LOOKAHEAD,
            recent: Recent::default(),
        }
    }

    /// The same bot looking `lookahead` of its own consecutive decisions ahead (0: the
    /// next decision only).
    #[must_use]
    pub fn lookahead(mut self, lookahead: u32) -> GreedyBot {
        self.lookahead = lookahead;
        self
    }

    /// The same bot weighing at most `max_actions` actions a decision (at least one).
    #[must_use]
    pub fn max_actions(mut self, max_actions: usize) -> GreedyBot {
        self.max_actions = max_actions.max(1);
        self
    }

    /// The expected score of `action` for `side`: exact when chance fits in the limit,
    /// else estimated as described on [`GreedyBot`]; through the side's own next
    /// decisions when `action` leads straight to one.
    pub fn value<G: Game>(&mut self, game: &G, action: &G::Action, side: Side) -> f64 {
        self.value_ahead(game, action, side, self.lookahead)
    }

    /// A look at `action` one of the side's own decisions ahead: its score right after it
    /// is applied, before any chance it starts (enumerating chance for every action of
    /// the next decision as well would cost Belmont a second a decision), or deeper while
    /// `depth` allows and no chance comes between.
    fn glance<G: Game>(&mut self, game: &G, action: &G::Action, side: Side, depth: u32) -> f64 {
        let mut next = game.clone();
        next.apply_unchecked(action);
        if self.recent.returns(game, &next) {
            // Undoing the action looked through (see [`Recent::returns`]).
            return f64::NEG_INFINITY;
        }
        if next.actor() == Actor::Side(side)
            && let Some(v) = self.own_next(&next, side, depth)
        {
            return v;
        }
        score(&next, side)
    }

    /// `next` is a decision of `side` reached with no chance between: minus infinity if
    /// the bot decided there lately (a loop, see [`Recent`]), the best [`GreedyBot::glance`]
    /// over its actions while `depth` and [`LOOKAHEAD_MAX_ACTIONS`] allow, else `None`
    /// (score it as it stands).
    fn own_next<G: Game>(&mut self, next: &G, side: Side, depth: u32) -> Option<f64> {
        if self.recent.contains(next.state_hash()) || self.recent.goes_back(next) {
            return Some(f64::NEG_INFINITY);
        }
        if depth == 0 {
            return None;
        }
        let legal = next.legal_actions();
        (!legal.is_empty() && legal.len() <= LOOKAHEAD_MAX_ACTIONS)
            .then(|| legal.iter().map(|a| self.glance(next, a, side, depth - 1)).fold(f64::NEG_INFINITY, f64::max))
    }

    fn value_ahead<G: Game>(&mut self, game: &G, action: &G::Action, side: Side, depth: u32) -> f64 {
        // A step back to an arrangement left in this run is a loop even when a roll of
        // chance follows it (opportunity fire at the unit stepping back), see [`Recent`].
        // Only made when the run has an arrangement to go back to: this runs for every action
        // the bot weighs.
        if self.recent.has_left() {
            let mut next = game.clone();
            next.set_logging(false);
            next.apply_unchecked(action);
            if next.actor() == Actor::Chance && self.recent.goes_back(&next) {
                return f64::NEG_INFINITY;
            }
        }
        let reached = analysis::partial(game, action, self.limit);
        if reached.expanded == 0
            && reached.pending.is_empty()
            && let [(_, next)] = reached.resolved.as_slice()
            && next.actor() == Actor::Side(side)
            && let Some(v) = self.own_next(next, side, depth)
        {
            return v;
        }
        let mut value: f64 = reached.resolved.iter().map(|(p, g)| p * score(g, side)).sum();
        if reached.pending.is_empty() {
            return value;
        }
        let n = u32::try_from(reached.pending.len()).unwrap_or(u32::MAX);
        let per = self.samples.div_ceil(n).max(1);
        for (p, start) in &reached.pending {
            let mut total = 0.0;
            for _ in 0..per {
                let mut g = start.clone();
                while g.actor() == Actor::Chance {
                    let outcomes = g.chance_outcomes();
                    if outcomes.is_empty() {
                        break;
                    }
                    let a = self.dice.sample(&outcomes).clone();
                    g.apply_unchecked(&a);
                }
                total += score(&g, side);
            }
            value += p * total / f64::from(per);
        }
        value
    }
}

impl<G: Game> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, game: &G) -> G::Action {
        let legal = game.legal_actions();
        self.choose_from(game, &legal)
    }

    fn choose_from(&mut self, game: &G, legal: &[G::Action]) -> G::Action {
        let Actor::Side(side) = game.actor() else {
            return self.dice.choose(legal).clone();
        };
        // Noted even when there is no choice: a loop may pass through a forced decision.
        self.recent.note(game);
        if legal.len() == 1 {
            return self.recent.chose(game, legal[0].clone());
        }
        if self.recent.dithering() {
            // See [`Recent`].
            let a = self.dice.choose(legal).clone();
            return self.recent.chose(game, a);
        }
        let mut weighed: Vec<usize> = (0..legal.len()).collect();
        if legal.len() > self.max_actions {
            // The two ends of the list are always weighed: rulesets put the way on there (a
            // set-up's or a stage's Done). Without it the way on was seldom in the sample, and
            // a bot that had to pick among the sample re-placed units until only leaders were
            // left to place, alone (a Belmont playtest, 6.7).
            let ends = if self.max_actions >= 2 { 2 } else { 0 };
            if ends == 2 {
                weighed.swap(1, legal.len() - 1);
            }
            // A partial Fisher-Yates shuffle of the rest: the next `max_actions - ends` are a
            // uniform sample of it.
            for i in ends..self.max_actions {
                let rest = u32::try_from(legal.len() - i).expect("fewer than 2^32 actions");
                let j = i + self.dice.below(rest) as usize;
                weighed.swap(i, j);
            }
            weighed.truncate(self.max_actions);
            weighed.sort_unstable();
        }
        let depth = if legal.len() <= LOOKAHEAD_MAX_ACTIONS { self.lookahead } else { 0 };
        let values: Vec<f64> = weighed.iter().map(|&i| self.value_ahead(game, &legal[i], side, depth)).collect();
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let ties: Vec<usize> = (0..weighed.len()).filter(|&k| values[k] >= best - 1e-12).map(|k| weighed[k]).collect();
        let chosen = legal[*self.dice.choose(&ties)].clone();
        self.recent.chose(game, chosen)
    }
}

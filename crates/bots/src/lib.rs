//! Computer players, over the engine's [`Game`] trait alone, and a runner that plays a
//! game to its end with them.
//!
//! A bot sees only what the trait offers every ruleset: the legal actions, chance's
//! odds, the position's evaluation. Chance is not a bot: [`play_out`] samples it with
//! the runner's own seeded [`Dice`], so a game is fixed by its seed and its bots.
//!
//! Three players, named on the command line by [`parse_bot_spec`]:
//! - [`RandomBot`] (`random`): uniform over the legal actions;
//! - [`GreedyBot`] (`greedy`): the action with the best expected evaluation once chance
//!   has resolved up to the next decision, the odds exact where [`analysis`] can
//!   enumerate them;
//! - [`MctsBot`] (`mcts`, `mcts:ITERATIONS`, `mcts:SECONDSs`): UCT search with explicit
//!   chance nodes, leaves scored by [`Game::evaluate`] (random rollouts optional), and the tree kept
//!   between decisions.
//!
//! Bots clone the game they are shown many times: hand them a game with its log empty
//! and off (a runner that shows a log to a person keeps a quiet copy for its bots),
//! or every clone copies the log.

mod greedy;
mod mcts;
mod spec;

pub use greedy::GreedyBot;
pub use mcts::{MctsBot, MctsConfig, SearchStats};
pub use spec::{BotSpec, Budget, Ceiling, SEAT_MAX_NODES, parse_bot_spec};

use engine::{Actor, Dice, Game, Illegal, Side};

/// A computer player for one seat.
pub trait Bot<G: Game> {
    /// A short name for reports ("random").
    fn name(&self) -> String;
    /// The action to take; called only when the bot's side is to act and has at least
    /// one legal action.
    fn choose(&mut self, game: &G) -> G::Action;

    /// The action to take, given the legal actions the runner already listed (`legal`
    /// is `game.legal_actions()`, never empty), which spares a bot listing them again:
    /// some rulesets offer thousands. The default ignores the list and calls
    /// [`Bot::choose`]. The runner checks the answer against `legal`.
    fn choose_from(&mut self, game: &G, legal: &[G::Action]) -> G::Action {
        let _ = legal;
        self.choose(game)
    }
}

/// Picks uniformly among the legal actions, with its own seeded [`Dice`].
#[derive(Debug)]
pub struct RandomBot {
    dice: Dice,
}

impl RandomBot {
    /// A random bot seeded `seed` (the same seed picks the same actions).
    #[must_use]
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { dice: Dice::seeded(seed) }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &G) -> G::Action {
        let legal = game.legal_actions();
        self.dice.choose(&legal).clone()
    }

    fn choose_from(&mut self, _: &G, legal: &[G::Action]) -> G::Action {
        self.dice.choose(legal).clone()
    }
}

/// Positions a bot has lately decided in, and how long it has been deciding alone.
///
/// Going back to a position with no chance in between is a loop (a toggle taken twice, an
/// announcement called off and made again): a bot that weighs the position the same way
/// the second time would go round it for ever, so bots avoid such actions while they have
/// another. Free actions can also walk without repeating (Fire on the Mountain lets a
/// player reorder any stack during the Movement Phase, 4.2, and the orders of twenty
/// stacks rarely come back): a search that finds every such step as good as the last, and
/// the opponent's turn worse, would take them for ever. So after [`Recent::LONG_RUN`]
/// decisions in a row with nobody else acting, a bot picks at random until someone else
/// acts, as the random player does: that finds the way on (a phase's Done) within a few
/// decisions wherever the rules offer one. Actions that hand the game straight on are not
/// enough: Fire on the Mountain's Movement, Reinforcement and Combat Phases are all the
/// phasing player's, so ending one hands the game to no one.
///
/// A walk in a circle need not repeat a position: a step and the step back, or a facing
/// turned and turned again, spend movement points, so the state hash differs. Within a run of
/// the bot's own decisions it also remembers each arrangement of the units
/// ([`Game::layout_hash`]), and avoids an action that takes them back to one it left in
/// this run while it has another (issue 15: no facing flip-flops or walks in a circle). It
/// remembers where the units stood as well ([`Game::places_hash`]): a unit that steps out,
/// turns and steps back stands as it never stood before, facing the other way, but in a place
/// it left (a playtest: Fire on the Mountain brigades forced-marching out and back, 13.5). A
/// roll of chance between two of its decisions (opportunity fire at a unit stepping) does not
/// end the run: the bot remembers where chance alone could take its last step.
#[derive(Debug, Default)]
pub(crate) struct Recent {
    hashes: std::collections::VecDeque<u64>,
    /// The position the bot's last action led to.
    after: Option<u64>,
    /// The positions chance alone can take that one to before a side decides (an
    /// opportunity-fire roll after a step): deciding in one still continues the run.
    by_chance: Vec<u64>,
    /// Decisions in a row, each in the position the one before led to.
    run: u32,
    /// The arrangements of the units seen in this run, the current one last.
    layouts: Vec<u64>,
    /// Where the units stood in this run, the current places last.
    places: Vec<u64>,
}

/// Pushes `hash` onto a run's `seen` list unless it is already the last, keeping at most
/// [`Recent::LEN`].
fn remember(seen: &mut Vec<u64>, hash: u64) {
    if seen.last() != Some(&hash) {
        if seen.len() == Recent::LEN {
            seen.remove(0);
        }
        seen.push(hash);
    }
}

/// Whether `hash` is one of a run's `seen` list other than the last (the current one).
fn left_earlier(seen: &[u64], hash: u64) -> bool {
    seen.split_last().is_some_and(|(now, before)| hash != *now && before.contains(&hash))
}

impl Recent {
    /// How many positions are remembered: more than a side's longest run of decisions
    /// without chance in any ruleset so far (a Fire on the Mountain Movement Phase).
    const LEN: usize = 256;
    /// A run this long is dithering: several times the longest run of real work seen
    /// (a Fire on the Mountain Movement Phase, a few hundred decisions).
    pub(crate) const LONG_RUN: u32 = 2_000;
    /// How many chance decisions in a row still continue a run.
    const CHANCE_DEPTH: u8 = 3;
    /// How many positions chance may lead to for the run to be followed through it.
    const CHANCE_POSITIONS: usize = 512;

    /// Remembers that the bot decides in this position.
    pub(crate) fn note<G: Game>(&mut self, game: &G) {
        let hash = game.state_hash();
        let continues = self.after == Some(hash) || self.by_chance.contains(&hash);
        self.run = if continues { self.run + 1 } else { 0 };
        if self.run == 0 {
            self.layouts.clear();
            self.places.clear();
        }
        remember(&mut self.layouts, game.layout_hash());
        remember(&mut self.places, game.places_hash());
        if self.hashes.len() == Self::LEN {
            self.hashes.pop_front();
        }
        self.hashes.push_back(hash);
    }

    /// Whether `next`, a position of the bot's own run, takes the units back to an
    /// arrangement, or to places, left earlier in the run (not the ones they are in now:
    /// firing or ending a move changes no arrangement and is no step back, a turn in place
    /// leaves the places as they are).
    pub(crate) fn goes_back<G: Game>(&self, next: &G) -> bool {
        left_earlier(&self.layouts, next.layout_hash()) || left_earlier(&self.places, next.places_hash())
    }

    /// Whether `next`, a position the bot looks at beyond `via` (the position one of its
    /// actions leads to), takes the units back to an arrangement or places of the run,
    /// the current ones included, that `via` left: a look ahead that turns a brigade to column
    /// and back, or steps out and back, sees the position it started from, which the run
    /// would then forbid as a step back ([`Recent::goes_back`]), so the first action must not
    /// borrow its value.
    pub(crate) fn returns<G: Game>(&self, via: &G, next: &G) -> bool {
        let back = |seen: &[u64], hash: u64, via: u64| hash != via && seen.contains(&hash);
        back(&self.layouts, next.layout_hash(), via.layout_hash())
            || back(&self.places, next.places_hash(), via.places_hash())
    }

    /// Whether the run has left an arrangement it could go back to: without one no step is a
    /// step back, and a caller need not make the position to ask.
    pub(crate) fn has_left(&self) -> bool {
        self.layouts.len() > 1
    }

    /// Whether the bot decided in this position lately.
    pub(crate) fn contains(&self, hash: u64) -> bool {
        self.hashes.contains(&hash)
    }

    /// Whether the bot has been deciding alone for [`Recent::LONG_RUN`] decisions.
    pub(crate) fn dithering(&self) -> bool {
        self.run >= Self::LONG_RUN
    }

    /// Remembers where the chosen action led, and returns the action.
    pub(crate) fn chose<G: Game>(&mut self, game: &G, action: G::Action) -> G::Action {
        let mut next = game.clone();
        next.set_logging(false);
        next.apply_unchecked(&action);
        self.after = Some(next.state_hash());
        self.by_chance.clear();
        // Chance's outcomes from there, a few levels and positions deep: a roll or two
        // between two steps of one unit's move, not a whole turn's.
        let mut open = vec![(next, 0u8)];
        while let Some((g, depth)) = open.pop() {
            if g.actor() != Actor::Chance || depth >= Self::CHANCE_DEPTH {
                continue;
            }
            for (a, _) in g.chance_outcomes() {
                if self.by_chance.len() >= Self::CHANCE_POSITIONS {
                    return action;
                }
                let mut child = g.clone();
                child.apply_unchecked(&a);
                self.by_chance.push(child.state_hash());
                open.push((child, depth + 1));
            }
        }
        action
    }
}

/// How good a position is for `side`, from 0 to 1: a finished game scores its result
/// (1 a win, 0 a loss, 1/2 a draw), any other position [`Game::evaluate`].
pub fn score<G: Game>(game: &G, side: Side) -> f64 {
    match game.outcome() {
        Some(o) if game.actor() == Actor::Over => match o.winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        },
        _ => game.evaluate(side),
    }
}

/// Why a game could not be played to its end.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayError {
    /// A side is to act but has no legal action: a ruleset bug.
    #[error("dead end after {decisions} decisions: {} is to act under {rule} but has no legal action", side.name())]
    DeadEnd {
        /// The side to act.
        side: Side,
        /// The rule of the pending decision.
        rule: String,
        /// Actions taken before it.
        decisions: u64,
    },
    /// Chance is to act but lists no outcome: a ruleset bug.
    #[error("chance has no outcomes after {decisions} decisions, under {rule}")]
    NoOutcomes {
        /// The rule of the pending decision.
        rule: String,
        /// Actions taken before it.
        decisions: u64,
    },
    /// The game did not end within the bound.
    #[error("the game did not end within {max_decisions} decisions")]
    TooLong {
        /// The bound.
        max_decisions: u64,
    },
    /// A bot chose an action the game refused.
    #[error("the {bot} bot chose an illegal action at decision {index}: {illegal}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// Index of the refused action.
        index: u64,
        /// The rule it breaks.
        illegal: Illegal,
    },
}

/// Plays `game` to its end: `bots[0]` plays the Union, `bots[1]` the Confederacy, and
/// chance is sampled with `dice` from [`Game::chance_outcomes`]. Returns every action
/// taken, chance outcomes included, in order: with the game's scenario and options, a
/// complete record.
///
/// # Errors
/// [`PlayError`] on a dead end, a chance node without outcomes, a refused bot action,
/// or more than `max_decisions` actions.
pub fn play_out<G: Game>(
    game: &mut G,
    bots: [&mut dyn Bot<G>; 2],
    dice: &mut Dice,
    max_decisions: u64,
) -> Result<Vec<G::Action>, PlayError> {
    let mut actions = Vec::new();
    play_out_into(game, bots, dice, max_decisions, &mut actions)?;
    Ok(actions)
}

/// [`play_out`], recording into `actions` as it goes, so that the caller keeps the
/// actions taken when the game stops on an error, or when a ruleset panics: each action
/// is pushed just before it is applied, so after a panic the last one is the action
/// whose application panicked (a record that reproduces it). A refused bot action is
/// not kept.
///
/// # Errors
/// As [`play_out`].
pub fn play_out_into<G: Game>(
    game: &mut G,
    mut bots: [&mut dyn Bot<G>; 2],
    dice: &mut Dice,
    max_decisions: u64,
    actions: &mut Vec<G::Action>,
) -> Result<(), PlayError> {
    let mut decisions = 0u64;
    loop {
        match game.actor() {
            Actor::Over => return Ok(()),
            _ if decisions >= max_decisions => return Err(PlayError::TooLong { max_decisions }),
            Actor::Chance => {
                let outcomes = game.chance_outcomes();
                if outcomes.is_empty() {
                    return Err(PlayError::NoOutcomes { rule: game.prompt().rule, decisions });
                }
                let a = dice.sample(&outcomes).clone();
                actions.push(a);
                // A listed outcome: no need to ask the game again whether it is legal.
                game.apply_unchecked(&actions[actions.len() - 1]);
            }
            Actor::Side(side) => {
                // One listing per decision serves the dead-end check, the bot and the
                // legality check (this is `Game::apply` without listing twice).
                let legal = game.legal_actions();
                if legal.is_empty() {
                    return Err(PlayError::DeadEnd { side, rule: game.prompt().rule, decisions });
                }
                let bot = &mut bots[side.index()];
                let a = bot.choose_from(game, &legal);
                if !legal.contains(&a) {
                    let illegal = game.why_illegal(&a);
                    return Err(PlayError::Illegal { bot: bot.name(), index: decisions, illegal });
                }
                actions.push(a);
                game.apply_unchecked(&actions[actions.len() - 1]);
            }
        }
        decisions += 1;
    }
}

#[cfg(test)]
mod toy;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod playtest;

#[cfg(test)]
mod runner_tests {
    use super::*;
    use belmont::Belmont;
    use engine::{Record, hash_hex, replay};

    fn random_game(seed: u64) -> (Belmont, Vec<belmont::Action>) {
        let mut game = Belmont::new(&[]).unwrap();
        game.set_logging(false);
        let (mut u, mut c) = (RandomBot::new(Dice::game_seed(seed, 1)), RandomBot::new(Dice::game_seed(seed, 2)));
        let mut dice = Dice::seeded(seed);
        let actions = play_out(&mut game, [&mut u, &mut c], &mut dice, 1_000_000).expect("plays to the end");
        (game, actions)
    }

    #[test]
    fn a_random_belmont_game_ends_and_replays_to_the_same_state() {
        let (game, actions) = random_game(3);
        assert_eq!(game.actor(), Actor::Over);
        let outcome = game.outcome().expect("an outcome once over");
        assert_eq!(outcome.vp, game.vp());
        let again = replay(Belmont::new(&[]).unwrap(), &actions).expect("the record replays");
        assert_eq!(again.state_hash(), game.state_hash());
        let record = Record {
            ruleset: "belmont".into(),
            scenario: "belmont".into(),
            options: vec![],
            seed: Some(3),
            actions,
            final_hash: Some(hash_hex(game.state_hash())),
        };
        record.check_hash(&again).expect("same hash");
    }

    #[test]
    fn the_bound_is_enforced() {
        let mut game = Belmont::new(&[]).unwrap();
        let (mut u, mut c) = (RandomBot::new(1), RandomBot::new(2));
        let mut actions = Vec::new();
        let err = play_out_into(&mut game, [&mut u, &mut c], &mut Dice::seeded(1), 10, &mut actions).unwrap_err();
        assert_eq!(err, PlayError::TooLong { max_decisions: 10 });
        assert_eq!(actions.len(), 10);
    }

    /// A bot that always answers with the first chance-only action, which no side may take.
    struct Cheat;
    impl Bot<Belmont> for Cheat {
        fn name(&self) -> String {
            "cheat".into()
        }
        fn choose(&mut self, _: &Belmont) -> belmont::Action {
            belmont::Action::Roll(6)
        }
    }

    #[test]
    fn an_illegal_bot_action_is_refused_and_not_kept() {
        let mut game = Belmont::new(&[]).unwrap();
        let before = game.state_hash();
        let (mut u, mut c) = (Cheat, Cheat);
        let mut actions = Vec::new();
        let err = play_out_into(&mut game, [&mut u, &mut c], &mut Dice::seeded(1), 100, &mut actions).unwrap_err();
        assert!(matches!(&err, PlayError::Illegal { bot, index: 0, .. } if bot == "cheat"), "{err:?}");
        assert!(actions.is_empty());
        assert_eq!(game.state_hash(), before, "illegal input changes nothing");
    }
}

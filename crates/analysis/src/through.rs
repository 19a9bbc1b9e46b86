//! Odds that do not stop at the opponent's first choice (issue 15). A melee's odds used to
//! end where the defender chose which company takes the hit, before the dice that decide it
//! were rolled, and read "100% no change". [`outcomes_through`] goes on: wherever the other
//! side is to decide, it applies that side's reply as `reply` chooses (the server uses the
//! greedy bot: the opponent's best move by the ruleset's evaluation) and expands chance
//! again, until the acting side decides again, the game ends, or the ruleset's
//! [`engine::Game::odds_horizon`] (Belmont: the next chit pull) says what the action started
//! has run its course. Where the acting side itself decides inside what its action began
//! (who takes a melee's hit, whether to fight on, an Assault still being announced), the
//! ruleset says how the odds go on ([`engine::Game::odds_own`]): by that side's best move
//! through `reply` too, by an action it names, or not at all. Only the replies are an
//! assumption; chance stays exact. [`outcomes_range`] weakens even that one: beside the best
//! reply it gives the odds for each option of the other side's first choice, so a page can
//! show the range instead of one guess at the opponent.

use crate::{Distribution, Pool, TooLarge, reach_until, tallied};
use engine::{Actor, Game, OddsOwn};

/// What [`outcomes_through`] found, and how far it went.
#[derive(Clone, Debug)]
pub struct Through<G> {
    /// The positions reached: the acting side to decide again, or the game over (or, past
    /// `max_replies`, the other side still to decide).
    pub distribution: Distribution<G>,
    /// How many of the other side's decisions were answered by `reply` (distinct positions).
    pub replies: usize,
    /// How many of the acting side's own later decisions were answered by `reply`
    /// ([`OddsOwn::Best`]).
    pub own: usize,
    /// The actions the ruleset named for them ([`OddsOwn::Take`]), each described once.
    pub taken: Vec<String>,
    /// The acting side's own choices `reply` made ([`OddsOwn::Best`]), each described once,
    /// at most [`OWN_NAMED`] (the tenth playtest: which Lead Brigade the odds assumed).
    pub own_made: Vec<String>,
    /// Whether `max_replies` stopped it with the other side still to decide somewhere.
    pub cut: bool,
    /// The rolls met on the way, as the ruleset prompts them ("Close combat: roll 7 dice
    /// (FotM 15.4)"), in order, each once: the first position's at each layer of chance, so
    /// one line of play's dice, not every branch's (the third playtest asked which dice each
    /// side rolls and why).
    pub rolls: Vec<String>,
    /// The chance that the walk stopped at `max_replies` with a decision still to make:
    /// the share of the odds not worked out to the end (a page says so rather than count it
    /// as what happened: the fourth playtest's melee marker read "2.9% broken" with most of
    /// its lines unfinished).
    pub unfinished: f64,
    /// The positions where it stopped short (their hashes), the `unfinished` share: what
    /// [`sample_unfinished`] plays on from.
    pub cut_at: Vec<u64>,
    /// How many sampled playouts estimate the unfinished share ([`sample_unfinished`]); 0
    /// when the odds are exact.
    pub sampled: usize,
}

/// The distribution of what follows `action` in `game` until the side taking it decides
/// again with the action's work done: chance expanded exactly, the other side's decisions
/// answered by `reply`, the acting side's own as [`engine::Game::odds_own`] says (each
/// distinct position once, at most `max_replies` in all). `game` is not changed.
///
/// # Errors
/// [`TooLarge`] when more than `limit` chance outcomes would have to be applied in all.
///
/// # Panics
/// As [`crate::outcomes`]; and if `reply` gives an action that is not legal.
pub fn outcomes_through<G: Game>(
    game: &G,
    action: &G::Action,
    limit: usize,
    max_replies: usize,
    reply: &mut dyn FnMut(&G) -> G::Action,
) -> Result<Through<G>, TooLarge> {
    walk(game, action, limit, max_replies, reply, Walk::Through)
}

/// One of the other side's options at its first decision after the action, and the odds
/// if it takes it there ([`outcomes_range`]).
#[derive(Clone, Debug)]
pub struct Alternative<G> {
    /// The option, as the ruleset describes it ("Garland's Brigade leads").
    pub choice: String,
    /// The question it answers: the prompt where it was first offered ("Garland's Brigade
    /// lost two steps: take a morale check (yes) or retreat (no)?"), so "yes" reads.
    pub question: String,
    /// The odds with that option taken wherever it is offered at that first decision, and
    /// every other decision answered as in the best-reply odds.
    pub through: Through<G>,
}

/// The odds of `action` as [`outcomes_through`] gives them (the other side answering by
/// `reply`, its best move), and beside them the range over the other side's first choice
/// (issue 15: a defender free to choose its Lead Brigade, 4.2 in Fire on the Mountain, did
/// not choose as the greedy reply would, and the outcome that happened was not in the
/// odds): for each option offered where the other side first decides after the action,
/// the odds with that option taken. None when that first choice offers fewer than two
/// options, or more than `max_choices` (a whole move, not a choice): the best reply stands
/// alone then. Options are told apart by their description, so the same choice offered in
/// positions that chance made different (after one die or another) counts as one.
///
/// # Errors
/// [`TooLarge`] as [`outcomes_through`], for any of the runs.
pub fn outcomes_range<G: Game>(
    game: &G,
    action: &G::Action,
    limit: usize,
    max_replies: usize,
    reply: &mut dyn FnMut(&G) -> G::Action,
    max_choices: usize,
) -> Result<(Through<G>, Vec<Alternative<G>>), TooLarge> {
    // The runs below meet the same positions again (they differ only from the first choice
    // on): each reply is worked out once.
    let mut known: std::collections::HashMap<u64, G::Action> = std::collections::HashMap::new();
    let mut reply = |g: &G| known.entry(g.state_hash()).or_insert_with(|| reply(g)).clone();
    let best = walk(game, action, limit, max_replies, &mut reply, Walk::Through)?;
    let first = walk(game, action, limit, max_replies, &mut reply, Walk::First)?;
    let other = |g: &G| matches!((g.actor(), game.actor()), (Actor::Side(s), Actor::Side(m)) if s != m);
    let firsts: Vec<&G> =
        first.distribution.positions.iter().map(|r| &r.game).filter(|g| other(g) && !g.odds_horizon()).collect();
    // Only a reply inside the action has a range worth showing: a choice of who takes the
    // hit, a Lead Brigade, a retreat. Where the other side's next decision is an act of its
    // own (a move, a rally, ending its phase), a range over its options says nothing of this
    // action (the tenth playtest: "0%-100% Confederate VP" on a one-company rally).
    let replies_only = firsts
        .iter()
        .all(|g| g.legal_actions().iter().all(|a| matches!(g.action_view(a).kind.as_str(), "choice" | "retreat")));
    if !replies_only {
        return Ok((best, Vec::new()));
    }
    let mut choices: Vec<(String, String)> = Vec::new();
    for g in &firsts {
        for a in g.legal_actions() {
            let said = g.describe(&a);
            if !choices.iter().any(|(c, _)| *c == said) {
                choices.push((said, g.prompt().text));
            }
        }
    }
    if choices.len() < 2 || choices.len() > max_choices {
        return Ok((best, Vec::new()));
    }
    let at: std::collections::HashSet<u64> = firsts.iter().map(|g| g.state_hash()).collect();
    let mut alternatives = Vec::with_capacity(choices.len());
    for (choice, question) in choices {
        let mut answer = |g: &G| {
            if at.contains(&g.state_hash())
                && let Some(a) = g.legal_actions().into_iter().find(|a| g.describe(a) == choice)
            {
                return a;
            }
            reply(g)
        };
        let through = walk(game, action, limit, max_replies, &mut answer, Walk::Through)?;
        alternatives.push(Alternative { choice, question, through });
    }
    Ok((best, alternatives))
}

/// The most of the acting side's own choices [`Through::own_made`] names.
pub const OWN_NAMED: usize = 3;

/// How far a [`walk`] goes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Through every decision the action began ([`outcomes_through`]).
    Through,
    /// To the other side's first decisions, reached, not answered ([`outcomes_range`]).
    First,
    /// Through the other side's decisions, but only to the acting side's own first one
    /// ([`outcomes_to_own_choice`]).
    ToOwn,
}

/// The odds of `action` only as far as the acting side's own next decision inside what it
/// began (a Belmont melee's continue-or-retreat after the first round, 6.1): the other side's
/// decisions answered by `reply` as in [`outcomes_through`], the acting side's never. Beside
/// [`outcomes_through`]'s whole course, which answers those by the side's best move, it shows
/// what the dice alone decide before the player chooses again (the eighth playtest: a melee
/// marker's odds read "90.6% retreated" because they assumed the player's own retreat).
///
/// # Errors
/// As [`outcomes_through`].
pub fn outcomes_to_own_choice<G: Game>(
    game: &G,
    action: &G::Action,
    limit: usize,
    max_replies: usize,
    reply: &mut dyn FnMut(&G) -> G::Action,
) -> Result<Through<G>, TooLarge> {
    walk(game, action, limit, max_replies, reply, Walk::ToOwn)
}

/// [`outcomes_through`]'s walk, as far as `mode` says.
fn walk<G: Game>(
    game: &G,
    action: &G::Action,
    limit: usize,
    max_replies: usize,
    reply: &mut dyn FnMut(&G) -> G::Action,
    mode: Walk,
) -> Result<Through<G>, TooLarge> {
    let before = game.tally();
    let side = match game.actor() {
        Actor::Side(s) => Some(s),
        _ => None,
    };
    let (done, pending) = reach_until(game, action, limit, true);
    if !pending.is_empty() {
        return Err(TooLarge { limit });
    }
    let mut expanded = done.expanded;
    let mut rolls = done.rolls;
    let mut unfinished = 0.0;
    let mut cut_at = Vec::new();
    let mut finals: Pool<G> = Pool::new();
    let mut open = done.items;
    let (mut replies, mut own, mut taken, mut cut) = (0usize, 0usize, Vec::<String>::new(), false);
    let mut own_made: Vec<String> = Vec::new();
    while !open.is_empty() {
        let mut next: Pool<G> = Pool::new();
        for (hash, g, p) in open {
            let answer = match (g.actor(), side) {
                _ if g.odds_horizon() => None,
                (Actor::Side(s), Some(mine)) if s != mine && mode == Walk::First => None,
                (Actor::Side(s), Some(mine)) if s != mine => Some(None),
                (Actor::Side(_), Some(_)) => match g.odds_own(action) {
                    OddsOwn::Best if mode == Walk::ToOwn => None,
                    OddsOwn::Stop => None,
                    OddsOwn::Best => Some(None),
                    OddsOwn::Take(a) => Some(Some(a)),
                },
                _ => None,
            };
            let Some(answer) = answer else {
                finals.add(hash, g, p);
                continue;
            };
            if cut || replies + own + taken.len() >= max_replies {
                cut = true;
                unfinished += p;
                cut_at.push(hash);
                finals.add(hash, g, p);
                continue;
            }
            let answer = match answer {
                Some(a) => {
                    let said = g.describe(&a);
                    if !taken.contains(&said) {
                        taken.push(said);
                    }
                    a
                }
                None if g.actor() != game.actor() => {
                    replies += 1;
                    reply(&g)
                }
                None => {
                    own += 1;
                    let a = reply(&g);
                    if own_made.len() < OWN_NAMED {
                        let said = g.describe(&a);
                        if !own_made.contains(&said) {
                            own_made.push(said);
                        }
                    }
                    a
                }
            };
            let (reached, pending) = reach_until(&g, &answer, limit.saturating_sub(expanded), true);
            if !pending.is_empty() {
                return Err(TooLarge { limit });
            }
            expanded += reached.expanded;
            for r in reached.rolls {
                if !rolls.contains(&r) {
                    rolls.push(r);
                }
            }
            for (h, child, q) in reached.items {
                next.add(h, child, p * q);
            }
        }
        open = next.items;
    }
    Ok(Through {
        distribution: tallied(&before, finals.items, expanded),
        replies,
        own,
        taken,
        own_made,
        cut,
        rolls,
        unfinished,
        cut_at,
        sampled: 0,
    })
}

/// The most decisions one sampled playout makes before it is counted where it stands.
const PLAYOUT_STEPS: usize = 2_000;

/// Completes the odds where [`outcomes_through`] stopped short (its `unfinished` share, too
/// many decisions to follow exactly: a Belmont melee of seven companies against four leaders
/// left 89% unfinished at 4,096 decisions and 73% at 32,768): `playouts` playouts, each from
/// one of the positions where it stopped (drawn by probability), played as the walk plays
/// (chance rolled with `dice`, the other side answering by `reply`, the acting side as
/// [`engine::Game::odds_own`] says) until the walk would have stopped, each carrying an equal
/// part of the unfinished share. The exact part stays exact; the result says how many
/// playouts estimate the rest (`sampled`), so a page can label it. Nothing to do when the odds
/// are exact.
pub fn sample_unfinished<G: Game>(
    game: &G,
    action: &G::Action,
    mut t: Through<G>,
    playouts: usize,
    dice: &mut engine::Dice,
    reply: &mut dyn FnMut(&G) -> G::Action,
) -> Through<G> {
    let Actor::Side(side) = game.actor() else { return t };
    if t.cut_at.is_empty() || playouts == 0 {
        return t;
    }
    let before = game.tally();
    let expanded = t.distribution.expanded;
    let (cut, done): (Vec<_>, Vec<_>) =
        std::mem::take(&mut t.distribution.positions).into_iter().partition(|r| t.cut_at.contains(&r.hash));
    let total: f64 = cut.iter().map(|r| r.probability).sum();
    let weights: Vec<(usize, f64)> = cut.iter().enumerate().map(|(i, r)| (i, r.probability / total)).collect();
    let mut pool: Pool<G> = Pool::new();
    for r in done {
        pool.add(r.hash, r.game, r.probability);
    }
    #[allow(clippy::cast_precision_loss)]
    let each = total / playouts as f64;
    // A reply is a function of the position: the playouts share their positions' answers (the
    // ninth playtest's Assaults took over a minute, nearly all of it choosing the same replies
    // again at positions the playouts had passed through before).
    let mut answered: std::collections::HashMap<u64, G::Action> = std::collections::HashMap::new();
    let mut reply = |g: &G| -> G::Action {
        let h = g.state_hash();
        if let Some(a) = answered.get(&h) {
            return a.clone();
        }
        let a = reply(g);
        answered.insert(h, a.clone());
        a
    };
    for _ in 0..playouts {
        let mut g = cut[*dice.sample(&weights)].game.clone();
        for _ in 0..PLAYOUT_STEPS {
            let a = match g.actor() {
                _ if g.odds_horizon() => break,
                Actor::Over => break,
                Actor::Chance => dice.sample(&g.chance_outcomes()).clone(),
                Actor::Side(s) if s != side => reply(&g),
                Actor::Side(_) => match g.odds_own(action) {
                    OddsOwn::Stop => break,
                    OddsOwn::Best => reply(&g),
                    OddsOwn::Take(a) => a,
                },
            };
            g.apply_unchecked(&a);
        }
        pool.add(g.state_hash(), g, each);
    }
    t.distribution = tallied(&before, pool.items, expanded);
    t.sampled = playouts;
    t
}

/// How far [`odds_through`] goes: the chance outcomes it may expand (`limit`), the decisions
/// it answers exactly (`max_replies`), the most options of the other side's first choice it
/// shows one by one (`max_choices`), and the playouts that finish what the exact walk leaves
/// (`playouts`, rolled from `seed`, so the same position always gives the same odds).
#[derive(Clone, Copy, Debug)]
pub struct Reach {
    /// As [`outcomes_through`]'s `limit`.
    pub limit: usize,
    /// As [`outcomes_through`]'s `max_replies`.
    pub max_replies: usize,
    /// As [`outcomes_range`]'s `max_choices`.
    pub max_choices: usize,
    /// As [`sample_unfinished`]'s `playouts`, for the best reply and for each option.
    pub playouts: usize,
    /// The sampling dice's seed.
    pub seed: u64,
}

/// The odds a page or the command line shows for `action`: [`outcomes_range`] (the best reply
/// and each option of the other side's first choice), each finished by
/// [`sample_unfinished`] where the exact walk stopped short.
///
/// # Errors
/// [`TooLarge`] as [`outcomes_range`].
pub fn odds_through<G: Game>(
    game: &G,
    action: &G::Action,
    reach: Reach,
    reply: &mut dyn FnMut(&G) -> G::Action,
) -> Result<(Through<G>, Vec<Alternative<G>>), TooLarge> {
    let (best, alternatives) = outcomes_range(game, action, reach.limit, reach.max_replies, reply, reach.max_choices)?;
    let mut dice = engine::Dice::seeded(reach.seed);
    let best = sample_unfinished(game, action, best, reach.playouts, &mut dice, reply);
    let alternatives = alternatives
        .into_iter()
        .map(|a| Alternative {
            through: sample_unfinished(game, action, a.through, reach.playouts, &mut dice, reply),
            ..a
        })
        .collect();
    Ok((best, alternatives))
}

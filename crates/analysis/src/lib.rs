//! Exact odds over the engine's [`Game`] trait: chance enumerated, never sampled.
//!
//! [`outcomes`] applies one action to a copy of a position and expands every chance
//! decision that follows (each die, chit pull, batch of hits, random pick) until a side
//! is to decide or the game is over, multiplying the probabilities along the way.
//! Positions reached by different rolls that are the same position (the same
//! [`Game::state_hash`]) are merged, both at the end and between chance decisions, so
//! two dice whose sum is all that matters cost 6 + 36 applications and leave 11
//! positions. (Merging trusts the 64-bit hash: two different positions would merge only
//! on a collision, about one chance in 10^19 per pair.) When more than a `limit` of chance outcomes would have to be applied,
//! the answer is [`TooLarge`], never an approximation.
//!
//! What happened is read from [`Game::tally`]: each reached position's tally minus the
//! tally before the action. [`Distribution::classes`] groups positions by those changes
//! ("union companies broken +1" with probability 0.31) and [`Distribution::marginals`]
//! gives each key's own distribution (P(k companies eliminated)).
//!
//! ```
//! # use engine::Game;
//! # fn demo<G: Game>(game: &G) -> Result<(), analysis::TooLarge> {
//! let action = &game.legal_actions()[0];
//! let odds = analysis::outcomes(game, action, 100_000)?;
//! for class in odds.classes() {
//!     println!("{:.4}: {:?}", class.probability, class.changes);
//! }
//! # Ok(())
//! # }
//! ```

pub mod dice;

mod through;
pub use through::{
    Alternative, OWN_NAMED, Reach, Through, odds_through, outcomes_range, outcomes_through, outcomes_to_own_choice,
    sample_unfinished,
};

use engine::{Actor, Game};
use std::collections::HashMap;

/// Refused: enumerating the chance that follows would take more than `limit` chance
/// outcomes applied. Nothing is approximated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "too large to enumerate exactly: more than {limit} chance outcomes before the next decision (odds are never approximated; raise the limit)"
)]
pub struct TooLarge {
    /// The limit that was reached.
    pub limit: usize,
}

/// One position reached once chance has resolved, with its probability.
#[derive(Clone, Debug)]
pub struct Reached<G> {
    /// The probability of reaching it (over every path of chance that leads to it).
    pub probability: f64,
    /// Its [`Game::state_hash`].
    pub hash: u64,
    /// The position: a side is to decide, or the game is over.
    pub game: G,
    /// Its tally minus the tally before, in the order of [`Distribution::keys`].
    pub changes: Vec<i64>,
}

/// One class of outcome: every reached position with the same tally changes.
#[derive(Clone, Debug, PartialEq)]
pub struct Class {
    /// The probability of the class.
    pub probability: f64,
    /// The keys that changed and by how much, in tally order; empty when nothing did.
    pub changes: Vec<(String, i64)>,
}

/// One tally key's distribution of change.
#[derive(Clone, Debug, PartialEq)]
pub struct Marginal {
    /// The tally key.
    pub key: String,
    /// (change, probability), changes ascending, probabilities summing to one.
    pub values: Vec<(i64, f64)>,
}

impl Marginal {
    /// Whether the key can change at all.
    #[must_use]
    pub fn varies(&self) -> bool {
        self.values.iter().any(|&(d, _)| d != 0)
    }
}

/// What can happen after an action: every position reached once chance has resolved,
/// merged by state hash, most likely first.
#[derive(Clone, Debug)]
pub struct Distribution<G> {
    /// The tally keys, in the ruleset's order.
    pub keys: Vec<String>,
    /// The tally before the action, in the order of `keys`.
    pub before: Vec<i64>,
    /// The positions reached, most likely first.
    pub positions: Vec<Reached<G>>,
    /// How many chance outcomes were applied to enumerate them.
    pub expanded: usize,
}

impl<G: Game> Distribution<G> {
    /// The sum of the probabilities: one, up to rounding.
    #[must_use]
    pub fn total(&self) -> f64 {
        self.positions.iter().map(|r| r.probability).sum()
    }

    /// The expectation of `f` over the positions reached.
    pub fn mean(&self, f: impl Fn(&G) -> f64) -> f64 {
        self.positions.iter().map(|r| r.probability * f(&r.game)).sum()
    }

    /// The positions grouped by their tally changes, most likely first (ties in tally
    /// order of their changes, so the order is fixed).
    #[must_use]
    pub fn classes(&self) -> Vec<Class> {
        let mut index: HashMap<&[i64], usize> = HashMap::new();
        let mut classes: Vec<(&[i64], f64)> = Vec::new();
        for r in &self.positions {
            match index.get(r.changes.as_slice()) {
                Some(&i) => classes[i].1 += r.probability,
                None => {
                    index.insert(&r.changes, classes.len());
                    classes.push((&r.changes, r.probability));
                }
            }
        }
        classes.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(b.0)));
        classes
            .into_iter()
            .map(|(changes, probability)| Class {
                probability,
                changes: self
                    .keys
                    .iter()
                    .zip(changes)
                    .filter(|(_, d)| **d != 0)
                    .map(|(k, d)| (k.clone(), *d))
                    .collect(),
            })
            .collect()
    }

    /// Every key's distribution of change, in tally order.
    #[must_use]
    pub fn marginals(&self) -> Vec<Marginal> {
        self.keys
            .iter()
            .enumerate()
            .map(|(i, key)| {
                let mut values: Vec<(i64, f64)> = Vec::new();
                for r in &self.positions {
                    let d = r.changes[i];
                    match values.iter_mut().find(|(v, _)| *v == d) {
                        Some(e) => e.1 += r.probability,
                        None => values.push((d, r.probability)),
                    }
                }
                values.sort_by_key(|&(d, _)| d);
                Marginal { key: key.clone(), values }
            })
            .collect()
    }

    /// The distribution of one key's change, if the ruleset tallies it.
    #[must_use]
    pub fn marginal(&self, key: &str) -> Option<Marginal> {
        self.marginals().into_iter().find(|m| m.key == key)
    }
}

/// The exact distribution of what follows `action` in `game`: the action applied to a
/// copy (logging off), then every chance decision expanded until a side is to decide
/// or the game is over. `game` is not changed.
///
/// # Errors
/// [`TooLarge`] when more than `limit` chance outcomes would have to be applied.
///
/// # Panics
/// If `action` is neither a legal action nor a chance outcome of `game` now (checked
/// in debug builds; in release builds the ruleset may panic or misbehave, as with
/// [`Game::apply_unchecked`]).
pub fn outcomes<G: Game>(game: &G, action: &G::Action, limit: usize) -> Result<Distribution<G>, TooLarge> {
    let before = game.tally();
    let (done, pending) = reach(game, action, limit);
    if !pending.is_empty() {
        return Err(TooLarge { limit });
    }
    Ok(tallied(&before, done.items, done.expanded))
}

/// The exact distribution of what follows from `game` as it stands: its pending chance
/// expanded until a side is to decide or the game is over (nothing to expand when a
/// side is to act already: one position, probability one).
///
/// # Errors
/// [`TooLarge`] when more than `limit` chance outcomes would have to be applied.
pub fn resolve<G: Game>(game: &G, limit: usize) -> Result<Distribution<G>, TooLarge> {
    let before = game.tally();
    let mut g = game.clone();
    g.set_logging(false);
    let (done, pending) = expand(g, limit, false);
    if !pending.is_empty() {
        return Err(TooLarge { limit });
    }
    Ok(tallied(&before, done.items, done.expanded))
}

/// Chance expanded exactly as far as `limit` allows, for players that can do with an
/// estimate below that: [`outcomes`]'s enumeration, layer by layer (one chance decision
/// per layer), stopping before a layer that would take the total past `limit` chance
/// outcomes. Nothing is tallied.
#[derive(Clone, Debug)]
pub struct Partial<G> {
    /// Positions where a side is to decide or the game is over, with their exact
    /// probabilities, merged by hash.
    pub resolved: Vec<(f64, G)>,
    /// Chance decisions not expanded, with the exact probability of reaching each:
    /// empty when everything fitted. The probabilities of both lists sum to one.
    pub pending: Vec<(f64, G)>,
    /// Chance outcomes applied.
    pub expanded: usize,
}

/// [`Partial`]: what follows `action` in `game`, enumerated exactly up to `limit` chance
/// outcomes and left pending beyond. `game` is not changed.
///
/// # Panics
/// As [`outcomes`].
pub fn partial<G: Game>(game: &G, action: &G::Action, limit: usize) -> Partial<G> {
    let (done, pending) = reach(game, action, limit);
    Partial {
        resolved: done.items.into_iter().map(|(_, g, p)| (p, g)).collect(),
        pending: pending.into_iter().map(|(g, p)| (p, g)).collect(),
        expanded: done.expanded,
    }
}

/// The action applied to a copy, then [`expand`].
fn reach<G: Game>(game: &G, action: &G::Action, limit: usize) -> (Pool<G>, Vec<(G, f64)>) {
    reach_until(game, action, limit, false)
}

/// [`reach`], stopping at [`Game::odds_horizon`] positions too when `horizon` is set.
fn reach_until<G: Game>(game: &G, action: &G::Action, limit: usize, horizon: bool) -> (Pool<G>, Vec<(G, f64)>) {
    debug_assert!(game.is_legal(action), "analysis::outcomes: {action:?} is not open in this position");
    let mut g = game.clone();
    g.set_logging(false);
    g.apply_unchecked(action);
    expand(g, limit, horizon)
}

/// Positions merged by hash, in first-seen order (so results do not depend on a hash
/// map's iteration order).
struct Pool<G> {
    index: HashMap<u64, usize>,
    items: Vec<(u64, G, f64)>,
    /// Chance outcomes applied to fill it.
    expanded: usize,
    /// The prompts of the rolls met on the way, one per layer of chance (the first
    /// position's), in order: what dice decide it ([`Through::rolls`]).
    rolls: Vec<String>,
}

impl<G> Pool<G> {
    fn new() -> Pool<G> {
        Pool { index: HashMap::new(), items: Vec::new(), expanded: 0, rolls: Vec::new() }
    }

    fn add(&mut self, hash: u64, game: G, p: f64) {
        match self.index.get(&hash) {
            Some(&i) => self.items[i].2 += p,
            None => {
                self.index.insert(hash, self.items.len());
                self.items.push((hash, game, p));
            }
        }
    }
}

/// The most roll prompts a [`Pool`] keeps.
const MAX_ROLLS: usize = 12;

/// Expands chance breadth-first, one chance decision per layer, merging equal positions
/// within each layer and among the results. Before a layer is expanded its outcomes are
/// counted; if they would take the total past `limit`, the layer is returned unexpanded
/// (pending), so a refusal costs a listing, not the work refused.
/// With `horizon`, a chance position at the ruleset's [`Game::odds_horizon`] is not expanded
/// either: it is reached.
fn expand<G: Game>(start: G, limit: usize, horizon: bool) -> (Pool<G>, Vec<(G, f64)>) {
    let mut done: Pool<G> = Pool::new();
    let mut layer: Vec<(G, f64)> = Vec::new();
    let open = |g: &G| g.actor() == Actor::Chance && !(horizon && g.odds_horizon());
    if open(&start) {
        layer.push((start, 1.0));
    } else {
        done.add(start.state_hash(), start, 1.0);
    }
    let mut expanded = 0usize;
    while !layer.is_empty() {
        if let Some((g, _)) = layer.first()
            && done.rolls.len() < MAX_ROLLS
        {
            let p = g.prompt();
            let said = if p.rule.is_empty() { p.text } else { format!("{} ({})", p.text, p.rule) };
            if !done.rolls.contains(&said) {
                done.rolls.push(said);
            }
        }
        let outcomes: Vec<Vec<(G::Action, f64)>> = layer.iter().map(|(g, _)| g.chance_outcomes()).collect();
        let count: usize = outcomes.iter().map(|o| o.iter().filter(|(_, q)| *q > 0.0).count()).sum();
        if expanded + count > limit {
            done.expanded = expanded;
            return (done, layer);
        }
        let mut next: Pool<G> = Pool::new();
        for ((g, p), outcomes) in layer.into_iter().zip(outcomes) {
            if outcomes.is_empty() {
                // A ruleset bug (chance with nothing to roll): keep it visible rather
                // than lose its probability.
                done.add(g.state_hash(), g, p);
                continue;
            }
            for (a, q) in outcomes {
                if q <= 0.0 {
                    continue;
                }
                expanded += 1;
                let mut child = g.clone();
                child.apply_unchecked(&a);
                let h = child.state_hash();
                if open(&child) {
                    next.add(h, child, p * q);
                } else {
                    done.add(h, child, p * q);
                }
            }
        }
        layer = next.items.into_iter().map(|(_, g, p)| (g, p)).collect();
    }
    done.expanded = expanded;
    (done, Vec::new())
}

/// The reached positions with their tally changes, most likely first.
fn tallied<G: Game>(before: &[(String, i64)], items: Vec<(u64, G, f64)>, expanded: usize) -> Distribution<G> {
    let mut keys: Vec<String> = before.iter().map(|(k, _)| k.clone()).collect();
    let mut positions: Vec<Reached<G>> = Vec::with_capacity(items.len());
    let mut afters = Vec::with_capacity(items.len());
    for (hash, game, probability) in items {
        let after = game.tally();
        for (k, _) in &after {
            if !keys.contains(k) {
                keys.push(k.clone());
            }
        }
        afters.push(after);
        positions.push(Reached { probability, hash, game, changes: Vec::new() });
    }
    // A ruleset lists the same keys in the same order everywhere; a key missing from a
    // tally counts as zero there.
    let value = |t: &[(String, i64)], i: usize, k: &str| match t.get(i) {
        Some((n, v)) if n == k => *v,
        _ => t.iter().find(|(n, _)| n == k).map_or(0, |(_, v)| *v),
    };
    let before_values: Vec<i64> = keys.iter().enumerate().map(|(i, k)| value(before, i, k)).collect();
    for (r, after) in positions.iter_mut().zip(&afters) {
        r.changes = keys.iter().enumerate().map(|(i, k)| value(after, i, k) - before_values[i]).collect();
    }
    // Stable: equally likely positions stay in the order first reached.
    positions.sort_by(|a, b| b.probability.total_cmp(&a.probability));
    Distribution { keys, before: before_values, positions, expanded }
}

#[cfg(test)]
mod tests;

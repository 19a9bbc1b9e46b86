//! Monte Carlo tree search (UCT) with explicit chance nodes.
//!
//! The tree holds a node per position visited: a **decision node** where a side is to
//! act (one edge per legal action, untried ones tried in random order),
//! a **chance node** where Chance acts (one edge per outcome, with its probability), or
//! a terminal node. Nodes store no game: each iteration copies the root position and
//! applies the edges' actions on the way down.
//!
//! One iteration:
//! 1. *Selection*: at a decision node whose edges have all been tried, follow UCT for
//!    the side to act there (mean reward of that side, normalised + `exploration` ×
//!    √(ln N / n)); at a chance node, sample an outcome by its probability with the
//!    bot's seeded [`Dice`]. Means are normalised to the range of rewards seen in the
//!    search so far (as MuZero does): an evaluation that moves little (Belmont's VP
//!    margin over a short rollout shifts it by a few hundredths) still separates the
//!    actions, instead of drowning under the exploration term.
//! 2. *Expansion*: at a decision node with an untried edge, try it and add its node;
//!    if that is a chance node, keep sampling and adding nodes until a decision (or the
//!    end) is reached, so each iteration adds one decision node.
//! 3. *Rollout* (when `rollout_depth` is above 0): from there, the random policy (chance sampled by probability) for at
//!    most `rollout_depth` actions, chance included; then the leaf is scored with
//!    [`score`] for both sides (the result if the game ended, else
//!    [`Game::evaluate`]).
//! 4. *Backpropagation*: every node on the path adds the pair of rewards; each side
//!    reads its own.
//!
//! Explicit chance nodes rather than open loop: a node is one position, so its hash
//! identifies it, and the tree can be reused when the game moves on. After a decision
//! the tree is kept; at the next one the bot looks in it for the node whose
//! [`Game::state_hash`] is the new position's (whatever chance and the opponent did in
//! between) and keeps that subtree, visits and all.
//!
//! The move played is the root edge with the most visits (ties to the higher mean), unless
//! it is a loop ([`crate::Recent`]) or a rearrangement (a free turn, formation change or stack
//! reorder, [`rearranges`]) that the search cannot tell from an action that makes progress
//! (see [`prefer_progress`]); below the root the root's side makes none in its own run, and
//! none follows another ([`MctsBot::iterate`]). A search against the clock stops early once more would not change
//! the move ([`MctsBot::settled`]); a decision with one legal action is taken without search.
//!
//! Rollouts: by default none (`rollout_depth` 0): the expanded node is scored by the
//! ruleset's evaluation straight away. Random rollouts played worse and cost more in both
//! rulesets: in Fire on the Mountain a uniform pick among a Movement Phase's actions soon
//! ends the phase, so a rollout mostly measures a side that stops moving (mcts:200 as the
//! Union won 0 of 4 games against random with 20-action rollouts, 3 of 4 without), and a
//! Belmont rollout of `d` actions costs about `d` × 90 µs (mcts:100 took 270 s a game
//! with 20-action rollouts, 30 s without, and won its games against random both ways).
//! Set `rollout_depth` for a ruleset whose evaluation is too coarse to search on alone.

use crate::{Bot, Budget, Recent, score};
use engine::{Actor, Dice, Game, Side};
use std::time::{Duration, Instant};

/// How an [`MctsBot`] searches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations or time a decision.
    pub budget: Budget,
    /// Actions (chance included) a rollout plays before the leaf is evaluated; 0 scores
    /// the expanded node itself.
    pub rollout_depth: u32,
    /// The UCT exploration constant (rewards lie in 0..=1).
    pub exploration: f64,
    /// Keep the tree between decisions and reuse the subtree of the new position.
    pub reuse: bool,
    /// No more nodes are added beyond this many (iterations then roll out from the
    /// frontier).
    pub max_nodes: usize,
    /// Whatever the budget, a decision stops searching after this long (at least one
    /// iteration): a server's ceiling on a seat's bot.
    pub time_cap: Option<std::time::Duration>,
}

impl Default for MctsConfig {
    fn default() -> MctsConfig {
        MctsConfig {
            budget: Budget::Iterations(crate::spec::DEFAULT_ITERATIONS),
            rollout_depth: 0,
            exploration: 1.0,
            reuse: true,
            max_nodes: 2_000_000,
            time_cap: None,
        }
    }
}

/// What the last search did, for reports.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run for the last decision.
    pub iterations: u64,
    /// Visits the root already had from the previous search (tree reuse).
    pub reused_visits: u64,
    /// Nodes in the tree after the search.
    pub nodes: usize,
    /// Time spent.
    pub elapsed: Duration,
}

type Id = u32;

struct Edge<A> {
    action: A,
    /// Chance outcomes' probability; 0 at decision nodes.
    prob: f64,
    child: Option<Id>,
    /// A rearrangement ([`rearranges`]), known once the edge has been tried.
    free: bool,
}

struct Node<A> {
    hash: u64,
    actor: Actor,
    /// Decision nodes list their legal actions the first time the search passes through
    /// them, not when they are added: most leaves are never revisited, and a list can be
    /// long (Belmont's set-up offers 35,000 placements).
    listed: bool,
    edges: Vec<Edge<A>>,
    /// Decision nodes: edges `..tried` have been tried (they have children); the rest are
    /// in the order listed until picked.
    tried: usize,
    visits: u64,
    /// Sum of rewards, Union then Confederate.
    value: [f64; 2],
    /// Sum of the rewards' squares, for the noise of the mean ([`Ranked::se`]).
    sq: [f64; 2],
}

/// A UCT player with chance nodes: see the [module documentation](self).
pub struct MctsBot<G: Game> {
    config: MctsConfig,
    dice: Dice,
    nodes: Vec<Node<G::Action>>,
    root: Option<Id>,
    stats: SearchStats,
    /// The lowest and highest reward seen this search, per side.
    range: [(f64, f64); 2],
    recent: Recent,
}

impl<G: Game> std::fmt::Debug for MctsBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MctsBot").field("config", &self.config).field("nodes", &self.nodes.len()).finish()
    }
}

impl<G: Game> MctsBot<G> {
    /// An MCTS bot seeded `seed`.
    #[must_use]
    pub fn new(seed: u64, config: MctsConfig) -> MctsBot<G> {
        MctsBot {
            config,
            dice: Dice::seeded(seed),
            nodes: Vec::new(),
            root: None,
            stats: SearchStats::default(),
            range: [(f64::INFINITY, f64::NEG_INFINITY); 2],
            recent: Recent::default(),
        }
    }

    /// What the last search did.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        self.stats
    }

    /// The root's edges after the last search: (action, visits, mean reward of the side
    /// to act), in the order tried.
    #[must_use]
    pub fn root_edges(&self) -> Vec<(G::Action, u64, f64)> {
        let Some(r) = self.root else { return Vec::new() };
        let node = &self.nodes[r as usize];
        let Actor::Side(side) = node.actor else { return Vec::new() };
        node.edges
            .iter()
            .filter_map(|e| e.child.map(|c| (e.action.clone(), &self.nodes[c as usize])))
            .map(|(a, c)| (a, c.visits, mean(c, side)))
            .collect()
    }

    fn make_node(&mut self, game: &G) -> Id {
        let actor = game.actor();
        let edges = match actor {
            Actor::Chance => game
                .chance_outcomes()
                .into_iter()
                .map(|(action, prob)| Edge { action, prob, child: None, free: false })
                .collect(),
            Actor::Side(_) | Actor::Over => Vec::new(),
        };
        let listed = !matches!(actor, Actor::Side(_));
        let id = Id::try_from(self.nodes.len()).expect("fewer than 2^32 nodes");
        self.nodes.push(Node {
            hash: game.state_hash(),
            actor,
            listed,
            edges,
            tried: 0,
            visits: 0,
            value: [0.0; 2],
            sq: [0.0; 2],
        });
        id
    }

    /// Lists a decision node's legal actions, `game` being its position.
    fn list(&mut self, node: Id, game: &G) {
        let n = &mut self.nodes[node as usize];
        if !n.listed {
            n.edges = game
                .legal_actions()
                .into_iter()
                .map(|action| Edge { action, prob: 0.0, child: None, free: false })
                .collect();
            n.listed = true;
        }
    }

    /// Finds the new position in the kept tree and keeps only its subtree, or starts a
    /// new tree.
    fn set_root(&mut self, game: &G) {
        let hash = game.state_hash();
        let found = if self.config.reuse && self.root.is_some() {
            // The most visited node of that position (a position can be reached by
            // more than one path).
            (0..self.nodes.len())
                .filter(|&i| self.nodes[i].hash == hash && self.nodes[i].actor == game.actor())
                .max_by_key(|&i| self.nodes[i].visits)
        } else {
            None
        };
        match found {
            Some(i) => self.keep_subtree(Id::try_from(i).expect("fits")),
            None => {
                self.nodes.clear();
                let r = self.make_node(game);
                self.root = Some(r);
            }
        }
        self.unprune_root();
    }

    /// Makes the rearrangements pruned at the new root untried again: the root weighs every
    /// action (see [`MctsBot::iterate`]).
    fn unprune_root(&mut self) {
        let Some(r) = self.root else { return };
        let n = &mut self.nodes[r as usize];
        let pruned = |e: &Edge<G::Action>| e.free && e.child.is_none();
        let (mut kept, mut back): (Vec<_>, Vec<_>) = n.edges.drain(..n.tried).partition(|e| !pruned(e));
        if back.is_empty() {
            kept.append(&mut n.edges);
            n.edges = kept;
            return;
        }
        n.tried = kept.len();
        for e in &mut back {
            e.free = false;
        }
        kept.append(&mut back);
        kept.append(&mut n.edges);
        n.edges = kept;
    }

    /// Compacts the arena to the subtree under `new_root`.
    fn keep_subtree(&mut self, new_root: Id) {
        let mut old = std::mem::take(&mut self.nodes);
        let mut map: Vec<Option<Id>> = vec![None; old.len()];
        let mut order = vec![new_root];
        map[new_root as usize] = Some(0);
        let mut k = 0;
        while k < order.len() {
            let id = order[k] as usize;
            k += 1;
            for e in &old[id].edges {
                if let Some(c) = e.child
                    && map[c as usize].is_none()
                {
                    map[c as usize] = Some(Id::try_from(order.len()).expect("fits"));
                    order.push(c);
                }
            }
        }
        let mut nodes = Vec::with_capacity(order.len());
        for &id in &order {
            let mut n = std::mem::replace(
                &mut old[id as usize],
                Node {
                    hash: 0,
                    actor: Actor::Over,
                    listed: true,
                    edges: Vec::new(),
                    tried: 0,
                    visits: 0,
                    value: [0.0; 2],
                    sq: [0.0; 2],
                },
            );
            for e in &mut n.edges {
                e.child = e.child.and_then(|c| map[c as usize]);
            }
            nodes.push(n);
        }
        self.nodes = nodes;
        self.root = Some(0);
    }

    /// One iteration from the root position `root_game`.
    ///
    /// Below the root, the side to act there makes no rearrangement ([`rearranges`]) until
    /// chance or the other side acts, and elsewhere no rearrangement follows another: the edge
    /// is found to be one when first tried, then left without a child (pruned) and another
    /// tried instead. Rearrangements are free, so a side can make them for ever; a search that
    /// lets it finds that putting off the other side's turn looks better than ending its own (it
    /// sees less of the reply), and its bot reorders stacks and turns its units without end.
    /// Kept out of the root's own run, they leave each root action to be weighed on the same
    /// footing, a rearrangement now against none ([`prefer_progress`]); the next one is weighed
    /// when the bot decides again.
    fn iterate(&mut self, root_game: &G) {
        let root = self.root.expect("a root");
        let mut g = root_game.clone();
        let mut path = vec![root];
        let mut node = root;
        let mut created = false;
        // Whether the edge into `node` was a rearrangement.
        let mut came_free = false;
        // Whether only the root's side has acted so far, chance not.
        let mut root_run = true;
        let root_actor = self.nodes[root as usize].actor;
        let max_nodes = self.config.max_nodes;
        loop {
            let n = &self.nodes[node as usize];
            root_run &= n.actor == root_actor;
            let prune = node != root && (root_run || came_free);
            let (i, fresh) = match n.actor {
                Actor::Over => break,
                Actor::Side(side) => {
                    if created {
                        break;
                    }
                    self.list(node, &g);
                    let n = &self.nodes[node as usize];
                    let (tried, len) = (n.tried, n.edges.len());
                    if tried < len {
                        if self.nodes.len() >= max_nodes {
                            break;
                        }
                        // An untried edge at random, swapped to the front of the
                        // untried ones (a Fisher-Yates shuffle, one step at a time).
                        let rest = u32::try_from(len - tried).expect("fewer than 2^32 actions");
                        let j = tried + self.dice.below(rest) as usize;
                        let n = &mut self.nodes[node as usize];
                        n.edges.swap(tried, j);
                        n.tried += 1;
                        (tried, Some(side))
                    } else {
                        match self.select(node, side) {
                            Some(i) => (i, None),
                            None => break,
                        }
                    }
                }
                Actor::Chance => {
                    if n.edges.is_empty() {
                        break;
                    }
                    let mut u = self.dice.unit();
                    let mut i = n.edges.len() - 1;
                    for (k, e) in n.edges.iter().enumerate() {
                        if u < e.prob {
                            i = k;
                            break;
                        }
                        u -= e.prob;
                    }
                    (i, None)
                }
            };
            let edge = &self.nodes[node as usize].edges[i];
            // A side's edge tried for the first time: is it a rearrangement?
            let before = fresh.map(|side| (side, g.layout_hash(), g.places_hash()));
            let undo = (fresh.is_some() && prune).then(|| g.clone());
            g.apply_unchecked(&edge.action);
            node = match edge.child {
                Some(c) => {
                    came_free = edge.free;
                    c
                }
                None if self.nodes.len() >= max_nodes => break,
                None => {
                    let free = before.is_some_and(|(side, layout, places)| rearranges(&g, side, layout, places));
                    if let (true, Some(back)) = (free, undo) {
                        // Pruned (see above).
                        self.nodes[node as usize].edges[i].free = true;
                        g = back;
                        continue;
                    }
                    created = true;
                    came_free = free;
                    let c = self.make_node(&g);
                    let e = &mut self.nodes[node as usize].edges[i];
                    e.child = Some(c);
                    e.free = free;
                    c
                }
            };
            path.push(node);
        }
        let reward = self.rollout(g);
        for (r, (lo, hi)) in reward.iter().zip(&mut self.range) {
            *lo = lo.min(*r);
            *hi = hi.max(*r);
        }
        for id in path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            for ((v, sq), r) in n.value.iter_mut().zip(&mut n.sq).zip(reward) {
                *v += r;
                *sq += r * r;
            }
        }
    }

    /// UCT among the tried edges of a decision node for the side to act there (none if every
    /// one was pruned).
    fn select(&self, node: Id, side: Side) -> Option<usize> {
        let n = &self.nodes[node as usize];
        #[allow(clippy::cast_precision_loss)]
        let ln = (n.visits.max(1) as f64).ln();
        let (lo, hi) = self.range[side.index()];
        let scale = if hi - lo > 1e-9 { hi - lo } else { 1.0 };
        let mut best = (f64::NEG_INFINITY, None);
        for (i, e) in n.edges.iter().enumerate() {
            let Some(c) = e.child else { continue };
            let c = &self.nodes[c as usize];
            #[allow(clippy::cast_precision_loss)]
            let visits = c.visits.max(1) as f64;
            let q = if hi - lo > 1e-9 { (mean(c, side) - lo) / scale } else { mean(c, side) };
            let u = q + self.config.exploration * (ln / visits).sqrt();
            if u > best.0 {
                best = (u, Some(i));
            }
        }
        best.1
    }

    /// Plays the random policy for at most `rollout_depth` actions and scores the leaf.
    fn rollout(&mut self, mut g: G) -> [f64; 2] {
        for _ in 0..self.config.rollout_depth {
            let a = match g.actor() {
                Actor::Over => break,
                Actor::Chance => {
                    let outcomes = g.chance_outcomes();
                    if outcomes.is_empty() {
                        break;
                    }
                    self.dice.sample(&outcomes).clone()
                }
                Actor::Side(_) => {
                    let legal = g.legal_actions();
                    if legal.is_empty() {
                        break;
                    }
                    self.dice.choose(&legal).clone()
                }
            };
            g.apply_unchecked(&a);
        }
        [score(&g, Side::Union), score(&g, Side::Confederate)]
    }

    /// Searches from `game` within the budget and returns the root's tried actions, the
    /// most visited first (ties to the higher mean).
    fn search(&mut self, game: &G) -> Vec<Ranked<G::Action>> {
        let start = Instant::now();
        let mut root_game = game.clone();
        root_game.set_logging(false);
        self.set_root(&root_game);
        self.range = [(f64::INFINITY, f64::NEG_INFINITY); 2];
        let root = self.root.expect("a root");
        let reused = self.nodes[root as usize].visits;
        let mut iterations = 0u64;
        loop {
            let go = match self.config.budget {
                Budget::Iterations(n) => iterations < u64::from(n),
                Budget::Time(d) => iterations == 0 || start.elapsed() < d,
            } && (iterations == 0 || self.config.time_cap.is_none_or(|cap| start.elapsed() < cap));
            if !go || (iterations.is_multiple_of(SETTLED_EVERY) && self.settled(root, iterations, start)) {
                break;
            }
            self.iterate(&root_game);
            iterations += 1;
        }
        self.stats =
            SearchStats { iterations, reused_visits: reused, nodes: self.nodes.len(), elapsed: start.elapsed() };
        let n = &self.nodes[root as usize];
        let Actor::Side(side) = n.actor else { return Vec::new() };
        let mut ranked: Vec<Ranked<G::Action>> = n
            .edges
            .iter()
            .filter_map(|e| {
                let c = &self.nodes[e.child? as usize];
                Some(Ranked {
                    action: e.action.clone(),
                    visits: c.visits,
                    mean: mean(c, side),
                    se: se(c, side),
                    free: e.free,
                })
            })
            .collect();
        ranked.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.mean.total_cmp(&a.mean)));
        ranked
    }

    /// The least gain a rearrangement must show for `side`: [`LEAST_GAIN`] of the spread of
    /// rewards this search has seen.
    fn least_gain(&self, side: Side) -> f64 {
        let (lo, hi) = self.range[side.index()];
        if hi > lo { LEAST_GAIN * (hi - lo) } else { 0.0 }
    }

    /// Whether a search against the clock from `root` may stop before its time because more
    /// would not change the move (a bot turn of forty decisions at two seconds each is over a
    /// minute; issue 15 asks trivial decisions at once): every action has been tried and either
    /// the most visited leads the next by more visits than the time left buys at the rate so
    /// far, or every reward seen is the same (nothing to choose between). An iteration budget
    /// is a fixed amount of work, always spent: the same seed plays the same game.
    fn settled(&self, root: Id, iterations: u64, start: Instant) -> bool {
        let n = &self.nodes[root as usize];
        let Budget::Time(budget) = self.config.budget else { return false };
        if iterations == 0 || !n.listed || n.tried < n.edges.len() {
            return false;
        }
        if self.range.iter().all(|(lo, hi)| hi - lo <= 1e-12) {
            return true;
        }
        let elapsed = start.elapsed().as_secs_f64();
        #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let by_time = |d: Duration| {
            let left = (d.as_secs_f64() - elapsed).max(0.0);
            (iterations as f64 * left / elapsed.max(1e-9)).ceil() as u64
        };
        let mut left = by_time(budget);
        if let Some(cap) = self.config.time_cap {
            left = left.min(by_time(cap));
        }
        let (mut first, mut second) = (0, 0);
        for e in &n.edges {
            let v = e.child.map_or(0, |c| self.nodes[c as usize].visits);
            if v > first {
                (first, second) = (v, first);
            } else if v > second {
                second = v;
            }
        }
        first > second + left
    }
}

/// How often (in iterations) a search asks whether it has [`MctsBot::settled`].
const SETTLED_EVERY: u64 = 32;

/// How many standard errors apart two means must be for the search to tell them apart
/// ([`prefer_progress`]).
const NOISE_Z: f64 = 2.0;

/// The least gain a rearrangement must show, as a share of the spread of rewards the search
/// has seen, whatever its standard errors: the evaluation is exact, so a node's spread says
/// little of how far its mean still has to move, and a rearrangement stands for the best of
/// all that may follow it, so its mean runs ahead of any one action's (in Fire on the Mountain,
/// turns and reorders that change nothing the evaluation reads led the best move by up to 5%
/// of that spread, at 300 iterations and at 12,000, while a turn that readies a brigade to
/// assault a gap (`evaluate::READY`) is worth most of it).
const LEAST_GAIN: f64 = 0.1;

/// A root action after the search: its visits, its mean reward for the side to act, that
/// mean's standard error, and whether it is a rearrangement ([`rearranges`]).
#[derive(Clone, Debug)]
struct Ranked<A> {
    action: A,
    visits: u64,
    mean: f64,
    se: f64,
    free: bool,
}

/// Whether an action taken by `side` in a position of that `layout` and those `places`
/// ([`Game::layout_hash`], [`Game::places_hash`]) is a *rearrangement*, `next` being where it
/// led: the same side decides again with no chance between, the units stand in the places they
/// stood in, and only how they stand changed (a facing, a formation, a stack's order). Such an
/// action costs nothing and, where the evaluation does not read how units stand, its subtree
/// is worth what the actions after it are worth, so a search finds it as good as the best of
/// them, within its noise, and a bot that takes the most visited action turns and reorders for
/// nothing (a playtest: nine to thirty reorders (FotM 4.2) each Confederate Movement Phase, a
/// brigade facing five ways in one move and then force-marching, 13.5).
fn rearranges<G: Game>(next: &G, side: Side, layout: u64, places: u64) -> bool {
    next.actor() == Actor::Side(side) && next.places_hash() == places && next.layout_hash() != layout
}

/// The standard error of node `n`'s mean reward for `side`; infinite below two visits.
fn se<A>(n: &Node<A>, side: Side) -> f64 {
    if n.visits < 2 {
        return f64::INFINITY;
    }
    #[allow(clippy::cast_precision_loss)]
    let v = n.visits as f64;
    let m = n.value[side.index()] / v;
    let var = (n.sq[side.index()] / v - m * m).max(0.0);
    (var / (v - 1.0)).sqrt()
}

/// Among the root's actions, ranked, the one to play: the first for which `ok` holds (the
/// most visited that is no loop), unless it is a rearrangement ([`rearranges`]) whose mean
/// beats that of the most visited action that is none (also `ok`) by no more than its noise
/// ([`NOISE_Z`] standard errors of their difference, and at least `least`): then that action.
/// So a turn or a reorder is played only when the search sees it gain (a facing that readies
/// an attack, say), not because it ties with the move it would put off. With no `ok` action,
/// the first.
fn prefer_progress<A>(ranked: &[Ranked<A>], least: f64, mut ok: impl FnMut(&A) -> bool) -> Option<&Ranked<A>> {
    let best = ranked.iter().find(|r| ok(&r.action)).or(ranked.first())?;
    if !best.free {
        return Some(best);
    }
    let Some(progress) = ranked.iter().find(|r| !r.free && ok(&r.action)) else { return Some(best) };
    let noise = (NOISE_Z * (best.se.powi(2) + progress.se.powi(2)).sqrt()).max(least);
    Some(if best.mean - progress.mean > noise { best } else { progress })
}

fn mean<A>(n: &Node<A>, side: Side) -> f64 {
    if n.visits == 0 {
        return 0.5;
    }
    #[allow(clippy::cast_precision_loss)]
    let v = n.visits as f64;
    n.value[side.index()] / v
}

impl<G: Game> Bot<G> for MctsBot<G> {
    fn name(&self) -> String {
        format!("mcts:{}", self.config.budget)
    }

    fn choose(&mut self, game: &G) -> G::Action {
        let legal = game.legal_actions();
        self.choose_from(game, &legal)
    }

    fn choose_from(&mut self, game: &G, legal: &[G::Action]) -> G::Action {
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
        let ranked = self.search(game);
        // The best action that does not lead straight back to a position decided in
        // lately (a loop, see [`Recent`]); the best one if all do.
        let side = game.actor();
        let loops = |a: &G::Action| {
            let mut next = game.clone();
            next.apply_unchecked(a);
            match next.actor() {
                // A roll between (opportunity fire at the unit stepping back) hides no loop.
                Actor::Chance => self.recent.goes_back(&next),
                a => a == side && (self.recent.contains(next.state_hash()) || self.recent.goes_back(&next)),
            }
        };
        let least = match side {
            Actor::Side(s) => self.least_gain(s),
            _ => 0.0,
        };
        let chosen = match prefer_progress(&ranked, least, |a| !loops(a)) {
            Some(r) if legal.contains(&r.action) => r.action.clone(),
            // The tree's root is not this decision (cannot happen for a side to act),
            // or the search found nothing: any legal action.
            _ => self.dice.choose(legal).clone(),
        };
        self.recent.chose(game, chosen)
    }
}

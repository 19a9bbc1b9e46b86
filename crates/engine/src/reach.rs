//! Moves by destination (issue 15): everywhere a unit can get to in this phase by its own
//! consecutive decisions, each with the actions that take it there, so a page can show the
//! reach at once and move a unit by one click. Found by playing the unit's own actions
//! forward on copies (select, move, face: by [`crate::ActionView::kind`]), never by a second
//! model of movement, so the reach is exactly what the rules allow. A path ends where
//! another decides (opportunity fire, the defender) or chance does (a forced-march roll):
//! that hex is a destination that stops the move, with the rule that stops it.

use crate::{Actor, Game};
use serde::Serialize;
use std::collections::{HashMap, HashSet, VecDeque};

/// Action kinds that carry a unit on in its move: choosing it, stepping, turning.
const KINDS: [&str; 3] = ["select", "move", "face"];

/// One hex the unit can reach.
#[derive(Clone, Debug, Serialize)]
pub struct Destination<A> {
    /// The hex's label.
    pub hex: String,
    /// The actions that take the unit there, in order: the fewest found, preferring a path
    /// with no warning and no interruption on its last step.
    pub path: Vec<A>,
    /// The hexes the path steps into, in order, this one last (for a page to draw the path).
    pub via: Vec<String>,
    /// The rule of the decision that takes over on arrival when it is not the mover's own
    /// (chance: a forced-march roll, 13.5; the enemy: opportunity fire, 5.2): the move stops
    /// there, or may.
    pub stops: Option<String>,
    /// The prompt on arrival, in the rulebook's words ("Scammon's Brigade in 1712, 3 of 4
    /// MP spent: move on, or end its move").
    pub after: String,
    /// What the last step risks ([`crate::ActionView::warning`]: a forced march), if anything.
    pub warning: Option<String>,
}

/// Every hex `unit` can reach from `game` by the seat to act's own consecutive decisions,
/// nearest (fewest actions) first, without its starting hex; at most `max_positions`
/// positions are looked at.
pub fn destinations<G: Game>(game: &G, unit: &str, max_positions: usize) -> Vec<Destination<G::Action>> {
    let Actor::Side(side) = game.actor() else { return Vec::new() };
    let mut start = game.clone();
    start.set_logging(false);
    let mut seen = HashSet::from([start.state_hash()]);
    let mut queue: VecDeque<(G, Vec<G::Action>, Vec<String>)> = VecDeque::from([(start, Vec::new(), Vec::new())]);
    let mut found: HashMap<String, Destination<G::Action>> = HashMap::new();
    let mut order: Vec<String> = Vec::new();
    let home = game.board().counters.into_iter().find(|c| c.id == unit).map(|c| c.hex);
    while let Some((g, path, via)) = queue.pop_front() {
        for a in g.legal_actions() {
            let view = g.action_view(&a);
            if view.unit.as_deref() != Some(unit) || !KINDS.contains(&view.kind.as_str()) {
                continue;
            }
            let mut child = g.clone();
            child.apply_unchecked(&a);
            let mut steps = path.clone();
            steps.push(a);
            let mut through = via.clone();
            if let (Some(hex), "move") = (&view.hex, view.kind.as_str()) {
                through.push(hex.clone());
            }
            let mine = child.actor() == Actor::Side(side);
            if let (Some(hex), "move") = (view.hex, view.kind.as_str()) {
                let stops = (!mine).then(|| child.prompt().rule);
                // The fewest actions, but a path free of warnings and interruptions first.
                let clean = stops.is_none() && view.warning.is_none();
                let better = match found.get(&hex) {
                    None => true,
                    Some(old) => clean && (old.stops.is_some() || old.warning.is_some()),
                };
                if home.as_ref() != Some(&hex) && better {
                    if !found.contains_key(&hex) {
                        order.push(hex.clone());
                    }
                    let (after, warning) = (child.prompt().text, view.warning);
                    let d = Destination {
                        hex: hex.clone(),
                        path: steps.clone(),
                        via: through.clone(),
                        stops,
                        after,
                        warning,
                    };
                    found.insert(hex, d);
                }
            }
            if mine && seen.len() < max_positions && seen.insert(child.state_hash()) {
                queue.push_back((child, steps, through));
            }
        }
    }
    order.into_iter().filter_map(|h| found.remove(&h)).collect()
}

//! Asking the rules about an action that is not offered, without acting (issue 15): a page
//! whose player clicks a hex nothing highlights, picks a unit that may not act, or looks for
//! Done asks [`explain`], and says why with the rule. The ruleset maps the click to the
//! actions it would mean ([`crate::Game::probe`]); [`crate::Game::why_illegal`], the one
//! source of refusals, says what forbids each.

use crate::{Game, Illegal};
use serde::{Deserialize, Serialize};

/// What a player looked for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "on")]
pub enum Probe {
    /// A click on the hex labelled `hex` ("1814"), with the unit `unit` (a
    /// [`crate::CounterView`] id) selected, or none.
    Hex {
        /// The hex's label.
        hex: String,
        /// The unit selected, if any.
        unit: Option<String>,
    },
    /// A click on a unit: acting with it (selecting it to move, say).
    Unit {
        /// The unit's id.
        unit: String,
    },
    /// Ending the phase or the choice under way (Done).
    Finish,
}

/// What the rules say of a [`Probe`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Explanation {
    /// Some action the probe means is legal now, for the unit selected (the page may simply
    /// offer it).
    pub offered: bool,
    /// The legal actions the probe means, by their index in [`crate::Game::legal_actions`],
    /// so a page can offer them where the player looked instead of pointing to a list; listed
    /// also when they are not the selected unit's to take ([`crate::Game::probe_bar`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub actions: Vec<usize>,
    /// Why each action the probe means is refused, each reason once, in the ruleset's order;
    /// empty when the ruleset names no action for it (nothing of the kind is pending).
    pub refusals: Vec<Illegal>,
}

/// Asks `game` about `probe`: whether any action it means is legal, and why the others are
/// refused.
pub fn explain<G: Game>(game: &G, probe: &Probe) -> Explanation {
    let actions = game.probe(probe);
    let legal = game.legal_actions();
    let mut out = Explanation::default();
    for a in &actions {
        if let Some(i) = legal.iter().position(|l| l == a) {
            out.offered = true;
            if !out.actions.contains(&i) {
                out.actions.push(i);
            }
        } else {
            let why = game.why_illegal(a);
            if !out.refusals.contains(&why) {
                out.refusals.push(why);
            }
        }
    }
    if out.offered {
        out.refusals.clear();
        // Offered, but not to the unit the player picked: the actions stay, with its bar.
        if let Some(bar) = game.probe_bar(probe) {
            out.offered = false;
            out.refusals.push(bar);
        }
    }
    out
}

//! Game records: scenario, options and every action (chance outcomes included), saved
//! as JSON and replayed to the identical state.

use crate::{Game, Illegal};
use serde::{Deserialize, Serialize};

/// Everything needed to rebuild a game: the ruleset, the scenario, its options and every
/// action taken, chance outcomes included, in order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record<A> {
    /// The ruleset that plays the scenario.
    pub ruleset: String,
    /// The scenario id.
    pub scenario: String,
    /// Options switched on.
    #[serde(default)]
    pub options: Vec<String>,
    /// The seed the runner sampled chance with, if any (informational only: replay
    /// uses the stored chance outcomes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Every action, in order.
    pub actions: Vec<A>,
    /// The state hash after the last action, if the writer recorded it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub final_hash: Option<String>,
}

/// Why a record did not replay.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RecordError {
    /// Action `index` (0-based) was refused.
    #[error("action {index} is illegal: {illegal}")]
    Illegal {
        /// Index of the first bad action.
        index: usize,
        /// The rule it breaks.
        illegal: Illegal,
    },
    /// The replay reached a different state than the record says.
    #[error("replay reached hash {got}, the record says {want}")]
    HashMismatch {
        /// The hash the replay reached.
        got: String,
        /// The hash the record claims.
        want: String,
    },
}

/// Formats a state hash the way records and reports print it.
#[must_use]
pub fn hash_hex(h: u64) -> String {
    format!("{h:016x}")
}

/// Replays `actions` onto `game`, checking each one; on the first illegal action
/// returns its index and the rule it breaks.
///
/// # Errors
/// [`RecordError::Illegal`] for the first refused action.
pub fn replay<G: Game>(mut game: G, actions: &[G::Action]) -> Result<G, RecordError> {
    for (index, a) in actions.iter().enumerate() {
        game.apply(a).map_err(|illegal| RecordError::Illegal { index, illegal })?;
    }
    Ok(game)
}

impl<A> Record<A> {
    /// Checks the recorded final hash, if any, against a replayed game.
    ///
    /// # Errors
    /// [`RecordError::HashMismatch`] when they differ.
    pub fn check_hash<G: Game<Action = A>>(&self, game: &G) -> Result<(), RecordError> {
        let got = hash_hex(game.state_hash());
        match &self.final_hash {
            Some(want) if *want != got => Err(RecordError::HashMismatch { got, want: want.clone() }),
            _ => Ok(()),
        }
    }
}

//! Record files: an [`engine::Record`] as JSON, one action a line so that a person can
//! read and diff it; read back generically and replayed with [`engine::replay`].

use anyhow::{Context, Result, bail};
use engine::{Game, Record, RecordError, hash_hex};
use serde::Serialize;
use std::fmt::Write as _;
use std::path::Path;

/// The record of `game` so far: its scenario and options, the seed chance was sampled
/// with, the actions taken and the hash of the position they reach.
pub fn record_of<G: Game>(game: &G, seed: Option<u64>, actions: &[G::Action]) -> Record<G::Action> {
    let (scenario, options) = game.scenario();
    Record {
        ruleset: catalog::scenario(scenario).map_or_else(|| scenario.to_string(), |s| s.ruleset),
        scenario: scenario.to_string(),
        options: options.to_vec(),
        seed,
        actions: actions.to_vec(),
        final_hash: Some(hash_hex(game.state_hash())),
    }
}

/// The record as JSON text: the header fields, then one action a line.
pub fn to_json<A: Serialize>(record: &Record<A>) -> Result<String> {
    let mut s = String::from("{\n");
    writeln!(s, "  \"ruleset\": {},", serde_json::to_string(&record.ruleset)?)?;
    writeln!(s, "  \"scenario\": {},", serde_json::to_string(&record.scenario)?)?;
    writeln!(s, "  \"options\": {},", serde_json::to_string(&record.options)?)?;
    if let Some(seed) = record.seed {
        writeln!(s, "  \"seed\": {seed},")?;
    }
    if let Some(h) = &record.final_hash {
        writeln!(s, "  \"final_hash\": {},", serde_json::to_string(h)?)?;
    }
    s.push_str("  \"actions\": [");
    for (i, a) in record.actions.iter().enumerate() {
        s.push_str(if i == 0 { "\n    " } else { ",\n    " });
        s.push_str(&serde_json::to_string(a)?);
    }
    s.push_str(if record.actions.is_empty() { "]\n}\n" } else { "\n  ]\n}\n" });
    Ok(s)
}

/// Writes a record file, creating its folder.
pub fn save<A: Serialize>(path: &Path, record: &Record<A>) -> Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    std::fs::write(path, to_json(record)?).with_context(|| format!("writing {}", path.display()))
}

/// A record file read as JSON, not yet typed: its scenario and options tell the
/// catalog which game to build, and that game's action type reads the actions.
pub struct RawRecord {
    /// Where it was read from.
    pub path: String,
    /// The scenario id.
    pub scenario: String,
    /// The options switched on.
    pub options: Vec<String>,
    /// The whole file.
    pub value: serde_json::Value,
}

/// Reads a record file's scenario and options.
pub fn read(path: &Path) -> Result<RawRecord> {
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let value: serde_json::Value =
        serde_json::from_str(&text).with_context(|| format!("{} is not JSON", path.display()))?;
    let Some(scenario) = value.get("scenario").and_then(|s| s.as_str()) else {
        bail!("{} is not a muster record: no \"scenario\"", path.display());
    };
    let options = match value.get("options") {
        None | Some(serde_json::Value::Null) => Vec::new(),
        Some(o) => serde_json::from_value(o.clone())
            .with_context(|| format!("{}: \"options\" is not a list of names", path.display()))?,
    };
    Ok(RawRecord { path: path.display().to_string(), scenario: scenario.to_string(), options, value })
}

impl RawRecord {
    /// Types the record with the game's action type.
    ///
    /// # Errors
    /// A message naming the file when its actions are not this game's.
    pub fn typed<G: Game>(&self) -> Result<Record<G::Action>> {
        serde_json::from_value(self.value.clone())
            .with_context(|| format!("{}: not a {} record", self.path, self.scenario))
    }

    /// Replays `actions` onto `fresh`, naming the first refused action, its JSON and
    /// the rule it breaks.
    ///
    /// # Errors
    /// The first illegal action, as a message.
    pub fn replay_actions<G: Game>(&self, fresh: G, actions: &[G::Action]) -> Result<G> {
        match engine::replay(fresh, actions) {
            Ok(g) => Ok(g),
            Err(RecordError::Illegal { index, illegal }) => {
                let action = serde_json::to_string(&actions[index]).unwrap_or_default();
                bail!(
                    "{}: record refused: action {index} ({action}) is illegal under {}: {}",
                    self.path,
                    illegal.rule,
                    illegal.reason
                );
            }
            Err(e) => bail!("{}: {e}", self.path),
        }
    }

    /// Types the record with the game's action type, replays it onto `fresh` (a game of
    /// its scenario and options just set up) and checks its final hash if it has one.
    ///
    /// # Errors
    /// A message naming the index of the first refused action and the rule it breaks,
    /// or the hash mismatch.
    pub fn replay<G: Game>(&self, fresh: G) -> Result<(G, Record<G::Action>)> {
        let record = self.typed::<G>()?;
        let game = self.replay_actions(fresh, &record.actions)?;
        if let Err(e) = record.check_hash(&game) {
            bail!("{}: record refused: {e}", self.path);
        }
        Ok((game, record))
    }
}

//! The event log: every event cites the rule that produced it.

use serde::{Deserialize, Serialize};
use std::hash::{Hash, Hasher};

/// One thing that happened, with the rule that made it happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// The rule cited ("Belmont 5.1 Volley Fire").
    pub rule: String,
    /// What happened.
    pub text: String,
    /// The counter it is about (a [`crate::CounterView`] id), when that is not the unit of
    /// the action that wrote it: a unit's move ended by choosing the next (FotM 13.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
}

/// The log of a game. It is a record of the play, not part of the position: it is left
/// out of the state hash, and can be switched off for bulk simulation.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Log {
    enabled: bool,
    events: Vec<Event>,
}

impl Log {
    /// A log that records.
    #[must_use]
    pub fn recording() -> Log {
        Log { enabled: true, events: Vec::new() }
    }

    /// A log that records nothing (and can be a `static`).
    #[must_use]
    pub const fn silent() -> Log {
        Log { enabled: false, events: Vec::new() }
    }

    /// Records an event; the text is only built when recording is on.
    pub fn push(&mut self, rule: &str, text: impl FnOnce() -> String) {
        if self.enabled {
            self.events.push(Event { rule: rule.to_string(), text: text(), unit: None });
        }
    }

    /// Records an event about counter `unit`, for a page that groups events by unit.
    pub fn push_about(&mut self, unit: &str, rule: &str, text: impl FnOnce() -> String) {
        if self.enabled {
            self.events.push(Event { rule: rule.to_string(), text: text(), unit: Some(unit.to_string()) });
        }
    }

    /// Turns recording on or off.
    pub fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
    }

    /// Whether events are being recorded.
    #[must_use]
    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// The events so far.
    #[must_use]
    pub fn events(&self) -> &[Event] {
        &self.events
    }
}

/// The log is not part of the position.
impl Hash for Log {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl PartialEq for Log {
    fn eq(&self, _: &Log) -> bool {
        true
    }
}

impl Eq for Log {}

//! What every authored data file of the crate shares (`data/sheets.ron`, `data/belmont.table.ron`,
//! `data/belmont-oob.ron`): where each value comes from, the header that says the file is ours
//! and not a published one, and lengths written in inches.

use datafile::RonCheck;
use serde::Deserialize;

/// Where a value comes from: the rulebook's case, our own reasoning, or the history notes.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub enum Source {
    /// Fixed or named by the text at this case.
    Rulebook(String),
    /// Ours, with why.
    Authored(String),
    /// From `../shared/history`, with its key.
    History(String),
}

/// A value's sources.
pub type Sources = Vec<Source>;

/// A file's header (its title is for people; play reads the status).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct Header {
    pub title: String,
    pub status: String,
}

/// A file's header where its values are to be tuned by measured play.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
pub(crate) struct TunedHeader {
    pub title: String,
    pub status: String,
    pub tuned: bool,
    pub tuning_note: String,
}

/// The brief's labelling rule: a file's `status` says it is AUTHORED; `what` names what the
/// file is not ("the published sheets").
pub(crate) fn check_authored(ck: &mut RonCheck<'_>, status: &str, what: &str) {
    if !status.contains("AUTHORED") {
        let line = ck.key_line("status");
        ck.at(line, format!("the header's status must say the file is AUTHORED, not {what}"));
    }
}

/// Inches as the files write them ("6", "1/2", "2 1/2", "1 1/4") in sixteenths (plan 1.2).
pub(crate) fn sixteenths(text: &str) -> Option<i32> {
    let frac = |f: &str| -> Option<i32> {
        let (n, d) = f.split_once('/')?;
        let (n, d): (i32, i32) = (n.parse().ok()?, d.parse().ok()?);
        (d > 0 && 16 % d == 0 && n < d).then(|| n * (16 / d))
    };
    let t = text.trim();
    match t.split_once(' ') {
        Some((w, f)) => Some(w.parse::<i32>().ok()? * 16 + frac(f)?),
        None if t.contains('/') => frac(t),
        None => t.parse::<i32>().ok().map(|w| w * 16),
    }
}

//! The Great Battles of the American Civil War standard rules
//! (`shared/rules/gbacw-standard-rules.txt`), built in the steps of `docs/plans/gbacw.md`.
//!
//! **Under construction, not yet a playable ruleset, and not in the catalog.** Built so far:
//! step 1, the charts the rulebook prints ([`charts`]). The mapsheet charts the text cites
//! but does not hold (5.19, 8.18, 9.25, 9.56) will be authored data files, labelled so.

pub mod charts;
pub mod facing;
pub mod los;

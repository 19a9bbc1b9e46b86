//! The Great Battles of the American Civil War standard rules
//! (`shared/rules/gbacw-standard-rules.txt`), built in the steps of `docs/plans/gbacw.md`.
//!
//! **Under construction, not yet a playable ruleset, and not in the catalog.** Built so far:
//! - step 1, the charts the rulebook prints ([`charts`]);
//! - step 3, the data and its loaders, every file labelled authored where it is ours: the
//!   mapsheet charts the text cites but does not print, 5.19, 8.18, 9.25, 9.56 and 9.73's
//!   gauge ([`authored`], `data/standard-charts.ron`); the Belmont battlefield at 120 yards a
//!   hex ([`map`], `data/belmont.map`); Belmont's order of battle, leaders, reinforcements,
//!   promotion priority and BCE ([`oob`], `data/belmont-oob.ron`); the terrain names they
//!   share ([`terrain`]). Each loader reports every problem with its file and line;
//! - from later steps, hexside facing (7.0, [`facing`]) and line of sight (9.7, [`los`]).
//!
//! Scale (issue 16): 120 yards a hex, 20 minutes a Game-Turn, a Strength Point about 100 men
//! or one gun.

pub mod authored;
pub mod charts;
pub mod facing;
pub mod los;
pub mod map;
pub mod oob;
pub mod terrain;

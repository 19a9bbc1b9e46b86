//! Regimental On To Richmond (issue 17; `docs/plans/rotr.md`): a miniatures ruleset played on a
//! continuous table (`crates/table`). Built step by step by the plan; so far step 2:
//!
//! - [`sheets`]: game sheets A, B and C, **authored, not the published sheets**, with their
//!   loader (every problem with its line) and the chart functions the rules will call.
//! - [`dice`]: the D10, the percentile die and averaging dice as exact distributions.
//! - [`scenario`]: the Belmont scenario's table and orders of battle, **authored from the
//!   history, not a published scenario**, with their loader (every problem with its line).

mod authored;
pub mod dice;
pub mod scenario;
pub mod sheets;

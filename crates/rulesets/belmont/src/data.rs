//! Errors from loading authored data files: every problem, each with file and line. The
//! readers the loaders share live in the `datafile` crate.

pub use datafile::{DataError, report};

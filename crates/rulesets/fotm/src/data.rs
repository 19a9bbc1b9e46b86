//! Errors from loading authored data files: every problem, each with file and line. The
//! readers the map and order-of-battle loaders share live in the `datafile` crate.

pub use datafile::{DataError, report};

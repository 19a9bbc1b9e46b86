//! Belmont: Grant's Baptism of Command (John Poniske, Compass Games / Paper Wars 2017).
//!
//! Every rule of the rulebook in code, cited by number; numbers in `data/`. The map and
//! counter values are **authored** (the rulebook text has neither): see [`map`] and
//! [`counters`].

pub mod counters;
pub mod data;
pub mod map;

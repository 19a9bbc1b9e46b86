//! The catalog of rulesets (to be written).

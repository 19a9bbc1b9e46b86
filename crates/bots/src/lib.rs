//! Bots (to be written).

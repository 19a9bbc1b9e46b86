//! Fire on the Mountain (John Poniske, Legion Wargames 2022): brigade-level South Mountain,
//! 14 September 1862, with facing, zones of control by facing and elevation, step losses on
//! strength counters, and hourly player turns from 7 AM to 9 PM.
//!
//! This crate will hold every rule of the game in code on the shared `engine` core, as
//! `belmont` does for Belmont. For now it holds the scenario's **authored data** and its
//! loaders; the rules follow in a later session on the same data.
//!
//! - [`map`]: the South Mountain map, `data/south-mountain.map`: terrain, elevation levels,
//!   roads, entry hexes and places, with Fox's Gap on 1607, Turner's Gap on 2405 and the key
//!   hex 2601 where 8.5 and 18.1 need them. West is at the top of the printed map.
//! - [`oob`]: the order of battle and the set-up and reinforcement card (19.0, 19.1),
//!   `data/south-mountain-oob.ron`: every brigade with its step track, artillery ranged and
//!   canister values, cavalry, commanders with their Command Modifiers, set-up hexes and
//!   arrival turns.
//! - [`view`]: the empty map (or the set-up) as an [`engine::BoardView`] for `muster render`.
//! - [`data`]: the loaders' error type. Every loader reports every problem at once, each with
//!   its file and line.
//!
//! **Authored.** The rulebook text has no map, no counter values and no player aid card. All
//! three are drawn from `shared/history/belmont-and-south-mountain.md` ("GAME 2: FIRE ON THE
//! MOUNTAIN") and say so in their headers. A player who owns the published game can type the
//! printed values into the data files; the loaders check whatever is there. Rule numbers are
//! cited; no rulebook prose is copied.

pub mod data;
pub mod map;
pub mod oob;
pub mod view;

pub use view::{board_view, setup_view};

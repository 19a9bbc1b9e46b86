//! Where games live: each game is its scenario, options and seats, and an append-only
//! list of entries (every action, chance outcomes included, and undo markers). Nothing
//! stored is ever changed; the position is rebuilt by replaying the entries.
//!
//! Two back ends behind one type: SQLite in WAL mode (the default, one file, one
//! machine) and PostgreSQL (several server instances on one database). Both make an
//! append durable before [`Store::append`] returns, and both refuse an append whose first
//! sequence number is already taken ([`StoreError::Conflict`]), which is how two tabs,
//! or two server instances, racing on one game apply exactly one action.

mod postgres;
mod sqlite;

pub use postgres::PgStore;
pub use sqlite::SqliteStore;

use serde::{Deserialize, Serialize};

/// A game's fixed facts, written once when it is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameMeta {
    /// The game's id (in its links).
    pub id: String,
    /// The scenario id in the catalog.
    pub scenario: String,
    /// Options switched on.
    pub options: Vec<String>,
    /// Who plays each side, Union then Confederate: `human` or a bot spec.
    pub players: [String; 2],
    /// Each human seat's secret token, Union then Confederate.
    pub tokens: [Option<String>; 2],
    /// Seconds since the Unix epoch.
    pub created: i64,
    /// Each human seat's webhook URL, Union then Confederate, if it gave one (older games
    /// have none).
    #[serde(default)]
    pub webhooks: [Option<String>; 2],
}

/// A stored game: its facts and its entries, in sequence order from 0.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The facts.
    pub meta: GameMeta,
    /// Every entry (JSON text), entry `i` having sequence number `i`.
    pub entries: Vec<String>,
}

/// A line of a game's chat (issue 15): said by a seat, kept with the game but apart from
/// its entries, so it can never change the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// Its number in the game's chat, from 0.
    pub n: u64,
    /// Seconds since the Unix epoch.
    pub at: i64,
    /// Who said it: `union` or `confederate`.
    pub seat: String,
    /// What was said.
    pub text: String,
}

/// Why the store refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Sequence number `seq` of game `id` is already taken: someone else appended first.
    #[error("game {id}: entry {seq} was already written by another writer")]
    Conflict {
        /// The game.
        id: String,
        /// The first sequence number asked for.
        seq: u64,
    },
    /// A game with this id already exists.
    #[error("game {0} already exists")]
    Exists(String),
    /// The database failed (I/O, connection, corruption).
    #[error("storage: {0}")]
    Backend(String),
}

/// The game store: SQLite or PostgreSQL.
pub enum Store {
    /// One SQLite file in WAL mode, with group commit.
    Sqlite(SqliteStore),
    /// A PostgreSQL database.
    Postgres(PgStore),
}

impl Store {
    /// Opens the store `spec` names: a `postgres://` or `postgresql://` URL, or else the
    /// path of an SQLite file (created if missing).
    ///
    /// # Errors
    /// [`StoreError::Backend`] when the database cannot be opened or its tables made.
    pub async fn open(spec: &str) -> Result<Store, StoreError> {
        if spec.starts_with("postgres://") || spec.starts_with("postgresql://") {
            Ok(Store::Postgres(PgStore::open(spec).await?))
        } else {
            Ok(Store::Sqlite(SqliteStore::open(spec)?))
        }
    }

    /// Which back end, for logs: `sqlite PATH` or `postgres`.
    #[must_use]
    pub fn describe(&self) -> String {
        match self {
            Store::Sqlite(s) => format!("sqlite {}", s.path().display()),
            Store::Postgres(_) => "postgres".to_string(),
        }
    }

    /// Appends made by any server instance sharing this database, as `(game id, sequence
    /// number after)`, where the back end can tell (PostgreSQL); `None` for SQLite, which
    /// one instance owns.
    #[must_use]
    pub fn appended(&self) -> Option<tokio::sync::broadcast::Receiver<(String, u64)>> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(s) => Some(s.appended()),
        }
    }

    /// Chat lines said through any instance sharing this database, as `(game id, line
    /// number)`, where the back end can tell (PostgreSQL); `None` for SQLite.
    #[must_use]
    pub fn chatted(&self) -> Option<tokio::sync::broadcast::Receiver<(String, u64)>> {
        match self {
            Store::Sqlite(_) => None,
            Store::Postgres(s) => Some(s.chatted()),
        }
    }

    /// Adds a line to game `id`'s chat, durable when this returns, numbered after the last.
    ///
    /// # Errors
    /// [`StoreError::Backend`] on failure or for an unknown game.
    pub async fn say(&self, id: &str, at: i64, seat: &str, text: &str) -> Result<ChatLine, StoreError> {
        match self {
            Store::Sqlite(s) => s.say(id, at, seat, text).await,
            Store::Postgres(s) => s.say(id, at, seat, text).await,
        }
    }

    /// Notes that game `id` was played at `at` (seconds since the Unix epoch), for
    /// [`Store::expire`]; a game never touched counts from its creation.
    ///
    /// # Errors
    /// [`StoreError::Backend`] on failure or for an unknown game.
    pub async fn touch(&self, id: &str, at: i64) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.touch(id, at).await,
            Store::Postgres(s) => s.touch(id, at).await,
        }
    }

    /// Deletes every game last touched (or, never touched, made) before `before`, with its
    /// entries and chat; returns how many games went.
    ///
    /// # Errors
    /// [`StoreError::Backend`] on failure (nothing is deleted).
    pub async fn expire(&self, before: i64) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => s.expire(before).await,
            Store::Postgres(s) => s.expire(before).await,
        }
    }

    /// Game `id`'s chat lines numbered `from` on, in order.
    ///
    /// # Errors
    /// [`StoreError::Backend`] on failure.
    pub async fn chat(&self, id: &str, from: u64) -> Result<Vec<ChatLine>, StoreError> {
        match self {
            Store::Sqlite(s) => s.chat(id, from).await,
            Store::Postgres(s) => s.chat(id, from).await,
        }
    }

    /// Writes a new game with no entries.
    ///
    /// # Errors
    /// [`StoreError::Exists`] if the id is taken; [`StoreError::Backend`] on failure.
    pub async fn create(&self, meta: &GameMeta) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.create(meta).await,
            Store::Postgres(s) => s.create(meta).await,
        }
    }

    /// The game with this id, or `None`.
    ///
    /// # Errors
    /// [`StoreError::Backend`] on failure.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        match self {
            Store::Sqlite(s) => s.load(id).await,
            Store::Postgres(s) => s.load(id).await,
        }
    }

    /// Appends `entries` to game `id` as sequence numbers `seq`, `seq + 1`, ...; all or
    /// none, durable when this returns `Ok`.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if `seq` is taken; [`StoreError::Backend`] on failure
    /// (nothing was written).
    pub async fn append(&self, id: &str, seq: u64, entries: Vec<String>) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.append(id, seq, entries).await,
            Store::Postgres(s) => s.append(id, seq, entries).await,
        }
    }

    /// The number of entries of game `id` (0 for an unknown game), for checks and tests.
    ///
    /// # Errors
    /// [`StoreError::Backend`] on failure.
    pub async fn count(&self, id: &str) -> Result<u64, StoreError> {
        Ok(self.load(id).await?.map_or(0, |g| g.entries.len() as u64))
    }
}

#[cfg(test)]
pub(crate) mod tests;

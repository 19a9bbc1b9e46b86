//! SQLite in WAL mode with group commit: one writer thread owns the writing connection
//! and commits every append waiting in its queue in one transaction, so many games'
//! actions share one `fsync` (`synchronous=FULL`: a commit is on disk when it returns).
//! Reads use their own connection, which WAL lets run beside the writer.

use super::{ChatLine, GameMeta, StoreError, StoredGame};
use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};
use tokio::sync::oneshot;

/// The most appends committed in one transaction.
const GROUP: usize = 512;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS chat (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    at INTEGER NOT NULL,
    seat TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, n)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS activity (
    game TEXT PRIMARY KEY REFERENCES games(id),
    touched INTEGER NOT NULL
) WITHOUT ROWID;
";

/// What a write answers: a chat line's number, 0 for the others.
type Done = oneshot::Sender<Result<u64, StoreError>>;

enum Write {
    Create(GameMeta, Done),
    Append { id: String, seq: u64, entries: Vec<String>, done: Done },
    Say { id: String, at: i64, seat: String, text: String, done: Done },
    Touch { id: String, at: i64, done: Done },
    Expire { before: i64, done: Done },
}

/// The SQLite store.
pub struct SqliteStore {
    path: PathBuf,
    writes: mpsc::Sender<Write>,
    reader: Arc<Mutex<Connection>>,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn connect(path: &Path) -> Result<Connection, StoreError> {
    let c = Connection::open(path).map_err(|e| StoreError::Backend(format!("{}: {e}", path.display())))?;
    c.pragma_update(None, "journal_mode", "WAL").map_err(backend)?;
    c.pragma_update(None, "synchronous", "FULL").map_err(backend)?;
    c.pragma_update(None, "foreign_keys", "ON").map_err(backend)?;
    c.busy_timeout(std::time::Duration::from_secs(10)).map_err(backend)?;
    Ok(c)
}

impl SqliteStore {
    /// Opens (or creates) the database file at `path` and starts its writer thread.
    ///
    /// # Errors
    /// [`StoreError::Backend`] when the file cannot be opened or the tables made.
    pub fn open(path: impl AsRef<Path>) -> Result<SqliteStore, StoreError> {
        let path = path.as_ref().to_path_buf();
        let writer = connect(&path)?;
        writer.execute_batch(SCHEMA).map_err(backend)?;
        let reader = connect(&path)?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || write_loop(writer, &rx))
            .map_err(backend)?;
        Ok(SqliteStore { path, writes: tx, reader: Arc::new(Mutex::new(reader)) })
    }

    /// The database file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    async fn send(&self, make: impl FnOnce(Done) -> Write) -> Result<u64, StoreError> {
        let (done, wait) = oneshot::channel();
        self.writes.send(make(done)).map_err(|_| backend("the writer thread has stopped"))?;
        wait.await.map_err(|_| backend("the writer thread has stopped"))?
    }

    pub(super) async fn create(&self, meta: &GameMeta) -> Result<(), StoreError> {
        let meta = meta.clone();
        self.send(|done| Write::Create(meta, done)).await.map(drop)
    }

    pub(super) async fn append(&self, id: &str, seq: u64, entries: Vec<String>) -> Result<(), StoreError> {
        let id = id.to_string();
        self.send(|done| Write::Append { id, seq, entries, done }).await.map(drop)
    }

    pub(super) async fn say(&self, id: &str, at: i64, seat: &str, text: &str) -> Result<ChatLine, StoreError> {
        let (id, seat, text) = (id.to_string(), seat.to_string(), text.to_string());
        let n = self.send(|done| Write::Say { id, at, seat: seat.clone(), text: text.clone(), done }).await?;
        Ok(ChatLine { n, at, seat, text })
    }

    pub(super) async fn touch(&self, id: &str, at: i64) -> Result<(), StoreError> {
        let id = id.to_string();
        self.send(|done| Write::Touch { id, at, done }).await.map(drop)
    }

    pub(super) async fn expire(&self, before: i64) -> Result<u64, StoreError> {
        self.send(|done| Write::Expire { before, done }).await
    }

    pub(super) async fn chat(&self, id: &str, from: u64) -> Result<Vec<ChatLine>, StoreError> {
        let reader = Arc::clone(&self.reader);
        let id = id.to_string();
        tokio::task::spawn_blocking(move || {
            let c = reader.lock().map_err(|_| backend("reader lock poisoned"))?;
            let mut stmt = c
                .prepare_cached("SELECT n, at, seat, text FROM chat WHERE game = ?1 AND n >= ?2 ORDER BY n")
                .map_err(backend)?;
            let from = i64::try_from(from).unwrap_or(i64::MAX);
            let rows = stmt
                .query_map(params![id, from], |r| {
                    Ok(ChatLine { n: r.get::<_, i64>(0)? as u64, at: r.get(1)?, seat: r.get(2)?, text: r.get(3)? })
                })
                .map_err(backend)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(backend)
        })
        .await
        .map_err(backend)?
    }

    pub(super) async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let reader = Arc::clone(&self.reader);
        let id = id.to_string();
        tokio::task::spawn_blocking(move || {
            let c = reader.lock().map_err(|_| backend("reader lock poisoned"))?;
            read_game(&c, &id)
        })
        .await
        .map_err(backend)?
    }
}

fn read_game(c: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let tx = c.unchecked_transaction().map_err(backend)?;
    let meta: Option<String> =
        tx.query_row("SELECT meta FROM games WHERE id = ?1", [id], |r| r.get(0)).optional().map_err(backend)?;
    let Some(meta) = meta else { return Ok(None) };
    let meta: GameMeta = serde_json::from_str(&meta).map_err(backend)?;
    let mut stmt = tx.prepare_cached("SELECT seq, entry FROM entries WHERE game = ?1 ORDER BY seq").map_err(backend)?;
    let rows = stmt.query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))).map_err(backend)?;
    let mut entries = Vec::new();
    for row in rows {
        let (seq, entry) = row.map_err(backend)?;
        if usize::try_from(seq).ok() != Some(entries.len()) {
            return Err(backend(format!("game {id}: entry {seq} out of sequence")));
        }
        entries.push(entry);
    }
    Ok(Some(StoredGame { meta, entries }))
}

/// The writer: takes every write waiting (up to [`GROUP`]), commits them in one
/// transaction, and only then answers each. A write the store refuses (a taken sequence
/// number, an id in use) is found by reading before anything of it is written, so it
/// leaves the batch's other writes in; a database failure fails the whole batch.
fn write_loop(mut c: Connection, rx: &mpsc::Receiver<Write>) {
    while let Ok(first) = rx.recv() {
        let mut batch = vec![first];
        while batch.len() < GROUP {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        let results = commit(&mut c, &batch);
        for (w, r) in batch.into_iter().zip(results) {
            let done = match w {
                Write::Create(_, done)
                | Write::Append { done, .. }
                | Write::Say { done, .. }
                | Write::Touch { done, .. }
                | Write::Expire { done, .. } => done,
            };
            let _ = done.send(r);
        }
    }
}

fn commit(c: &mut Connection, batch: &[Write]) -> Vec<Result<u64, StoreError>> {
    let fail_all = |e: &dyn std::fmt::Display| batch.iter().map(|_| Err(backend(e))).collect();
    let tx = match c.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        Err(e) => return fail_all(&e),
    };
    let mut results = Vec::with_capacity(batch.len());
    for w in batch {
        match write_one(&tx, w) {
            Ok(r) => results.push(r),
            // The transaction is dropped, so rolled back: nothing of the batch is kept.
            Err(e) => return fail_all(&e),
        }
    }
    match tx.commit() {
        Ok(()) => results,
        Err(e) => fail_all(&e),
    }
}

/// Writes one create, append or chat line: `Ok(Err(refusal))` when the store refuses it
/// (nothing of it written), `Err` when the database fails.
fn write_one(c: &Connection, w: &Write) -> Result<Result<u64, StoreError>, rusqlite::Error> {
    let game_known = |id: &str| -> Result<bool, rusqlite::Error> {
        c.prepare_cached("SELECT 1 FROM games WHERE id = ?1")?.exists([id])
    };
    match w {
        Write::Create(meta, _) => {
            if game_known(&meta.id)? {
                return Ok(Err(StoreError::Exists(meta.id.clone())));
            }
            let json = serde_json::to_string(meta).expect("game facts serialise");
            c.prepare_cached("INSERT INTO games (id, meta, created) VALUES (?1, ?2, ?3)")?.execute(params![
                meta.id,
                json,
                meta.created
            ])?;
            Ok(Ok(0))
        }
        Write::Append { id, seq, entries, .. } => {
            if !game_known(id)? {
                return Ok(Err(backend(format!("no game {id}"))));
            }
            // The new entries must follow the last one stored: an earlier one means another
            // writer got there first, a later one a writer that never saw the entries before.
            let next: i64 = c
                .prepare_cached("SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game = ?1")?
                .query_row([id], |r| r.get(0))?;
            if i64::try_from(*seq).ok() != Some(next) {
                return Ok(Err(StoreError::Conflict { id: id.clone(), seq: *seq }));
            }
            let mut insert = c.prepare_cached("INSERT INTO entries (game, seq, entry) VALUES (?1, ?2, ?3)")?;
            for (i, e) in entries.iter().enumerate() {
                insert.execute(params![id, next + i as i64, e])?;
            }
            Ok(Ok(0))
        }
        Write::Say { id, at, seat, text, .. } => {
            if !game_known(id)? {
                return Ok(Err(backend(format!("no game {id}"))));
            }
            // One writer: the next number is free.
            let n: i64 = c
                .prepare_cached("SELECT COALESCE(MAX(n) + 1, 0) FROM chat WHERE game = ?1")?
                .query_row([id], |r| r.get(0))?;
            c.prepare_cached("INSERT INTO chat (game, n, at, seat, text) VALUES (?1, ?2, ?3, ?4, ?5)")?
                .execute(params![id, n, at, seat, text])?;
            Ok(Ok(n as u64))
        }
        Write::Touch { id, at, .. } => {
            if !game_known(id)? {
                return Ok(Err(backend(format!("no game {id}"))));
            }
            c.prepare_cached(
                "INSERT INTO activity (game, touched) VALUES (?1, ?2) ON CONFLICT (game) DO UPDATE SET touched = excluded.touched",
            )?
            .execute(params![id, at])?;
            Ok(Ok(0))
        }
        Write::Expire { before, .. } => {
            let old = "SELECT g.id FROM games g LEFT JOIN activity a ON a.game = g.id WHERE COALESCE(a.touched, g.created) < ?1";
            for table in ["chat", "entries", "activity"] {
                c.execute(&format!("DELETE FROM {table} WHERE game IN ({old})"), [before])?;
            }
            let n = c.execute(&format!("DELETE FROM games WHERE id IN ({old})"), [before])?;
            Ok(Ok(n as u64))
        }
    }
}

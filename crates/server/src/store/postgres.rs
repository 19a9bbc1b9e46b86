//! PostgreSQL, for several server instances on one database, with group commit. Appends
//! go to a few writer tasks (a game always to the same one), each owning a connection:
//! a writer takes every append waiting in its queue and commits them in one transaction,
//! so many games' actions share one WAL flush (`synchronous_commit` on, its default: a
//! commit is on disk when it returns). Each append is one `INSERT ... SELECT` that checks
//! the game exists and that `seq` follows the last stored entry, so it inserts all its
//! entries or none; the primary key on `(game, seq)` refuses a second writer (another
//! instance) that passed the same check. The batch's statements are pipelined: `BEGIN`,
//! every append and `COMMIT` go out together, one round trip per batch. Creates and loads
//! use their own connections.

use super::{ChatLine, GameMeta, StoreError, StoredGame};
use futures_util::StreamExt;
use futures_util::future::{BoxFuture, FutureExt};
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::Poll;
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, Client, NoTls, Statement, error::SqlState};

/// The channel every instance announces appends on (`game-id seq`).
const CHANNEL: &str = "muster_entries";

/// Connections opened for creates and loads; statements are spread over them.
const CONNECTIONS: usize = 4;

/// Writer tasks, each with its own connection: one batch can fill while another commits.
const WRITERS: usize = 2;

/// The most appends committed in one transaction.
const GROUP: usize = 256;

/// How many times a batch is retried after a deadlock with another instance's batch
/// before the append that met it is refused.
const RETRIES: usize = 3;

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    created BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    game TEXT NOT NULL REFERENCES games(id),
    seq BIGINT NOT NULL,
    entry TEXT NOT NULL,
    PRIMARY KEY (game, seq)
);
CREATE TABLE IF NOT EXISTS chat (
    game TEXT NOT NULL REFERENCES games(id),
    n BIGINT NOT NULL,
    at BIGINT NOT NULL,
    seat TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
CREATE TABLE IF NOT EXISTS activity (
    game TEXT PRIMARY KEY REFERENCES games(id),
    touched BIGINT NOT NULL
);
";

/// The channel every instance announces chat lines on (`game-id n`).
const CHAT_CHANNEL: &str = "muster_chat";

/// A chat line takes the next number; the primary key refuses a second instance that took
/// the same one at the same moment, which then tries again.
const SAY: &str = "
INSERT INTO chat (game, n, at, seat, text)
SELECT $1::text, COALESCE((SELECT MAX(n) + 1 FROM chat WHERE game = $1::text), 0), $2, $3, $4
WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::text)
RETURNING n";

/// One append: all of its entries or none (the `WHERE` does not depend on the row), and
/// when all landed a notice to every instance, sent by PostgreSQL on commit. Returns the
/// number of entries inserted. (`muster_entries` is [`CHANNEL`].)
const APPEND: &str = "
WITH ins AS (
    INSERT INTO entries (game, seq, entry)
    SELECT $1::text, $2::bigint + t.ord - 1, t.e FROM unnest($3::text[]) WITH ORDINALITY AS t(e, ord)
    WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::text)
      AND $2::bigint = (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game = $1::text)
    RETURNING 1
), n AS (SELECT count(*) AS n FROM ins)
SELECT n.n, CASE WHEN n.n = cardinality($3::text[])
                 THEN pg_notify('muster_entries', $1::text || ' ' || ($2::bigint + n.n))::text END
FROM n";

/// What a writer did with one append.
enum Outcome {
    /// Committed, with this many entries inserted (0 or all).
    Inserted(u64),
    /// Refused by the primary key: another writer took the sequence number.
    Taken,
    /// The database failed; nothing was written.
    Failed(String),
}

struct Append {
    id: String,
    first: i64,
    entries: Vec<String>,
    done: oneshot::Sender<Outcome>,
}

/// The PostgreSQL store.
pub struct PgStore {
    clients: Vec<Client>,
    next: AtomicUsize,
    writers: Vec<mpsc::UnboundedSender<Append>>,
    /// Kept open for `LISTEN`; its notifications go to `appended`.
    _listener: Client,
    appended: broadcast::Sender<(String, u64)>,
    chatted: broadcast::Sender<(String, u64)>,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn is_unique(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

async fn connect(url: &str) -> Result<Client, StoreError> {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await.map_err(|e| backend(format!("{url}: {e}")))?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            eprintln!("postgres connection closed: {e}");
        }
    });
    Ok(client)
}

impl PgStore {
    /// Connects to the database at `url`, makes the tables if they are missing and starts
    /// the writer tasks.
    ///
    /// # Errors
    /// [`StoreError::Backend`] when it cannot connect or make the tables.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let mut clients = Vec::with_capacity(CONNECTIONS);
        for _ in 0..CONNECTIONS {
            clients.push(connect(url).await?);
        }
        // Two instances starting together may both try to make the tables.
        if let Err(e) = clients[0].batch_execute(SCHEMA).await
            && !is_unique(&e)
        {
            return Err(backend(e));
        }
        let mut writers = Vec::with_capacity(WRITERS);
        for _ in 0..WRITERS {
            let client = connect(url).await?;
            let append = client.prepare(APPEND).await.map_err(backend)?;
            let (tx, rx) = mpsc::unbounded_channel();
            tokio::spawn(write_loop(client, append, rx));
            writers.push(tx);
        }
        let (appended, _) = broadcast::channel(1024);
        let (chatted, _) = broadcast::channel(1024);
        let listener = listen(url, appended.clone(), chatted.clone()).await?;
        Ok(PgStore { clients, next: AtomicUsize::new(0), writers, _listener: listener, appended, chatted })
    }

    /// Chat lines said through any instance on this database, as `(game id, line number)`.
    pub fn chatted(&self) -> broadcast::Receiver<(String, u64)> {
        self.chatted.subscribe()
    }

    pub(super) async fn say(&self, id: &str, at: i64, seat: &str, text: &str) -> Result<ChatLine, StoreError> {
        for _ in 0..RETRIES {
            match self.client().query_opt(SAY, &[&id, &at, &seat, &text]).await {
                Ok(Some(row)) => {
                    let n: i64 = row.get(0);
                    let payload = format!("{id} {n}");
                    let _ = self.client().execute("SELECT pg_notify($1, $2)", &[&CHAT_CHANNEL, &payload]).await;
                    let n = u64::try_from(n).map_err(backend)?;
                    return Ok(ChatLine { n, at, seat: seat.to_string(), text: text.to_string() });
                }
                Ok(None) => return Err(backend(format!("no game {id}"))),
                Err(e) if is_unique(&e) => {}
                Err(e) => return Err(backend(e)),
            }
        }
        Err(backend(format!("game {id}: chat busy, try again")))
    }

    pub(super) async fn touch(&self, id: &str, at: i64) -> Result<(), StoreError> {
        let n = self
            .client()
            .execute(
                "INSERT INTO activity (game, touched) SELECT $1::text, $2 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1::text)
                 ON CONFLICT (game) DO UPDATE SET touched = EXCLUDED.touched",
                &[&id, &at],
            )
            .await
            .map_err(backend)?;
        if n == 0 { Err(backend(format!("no game {id}"))) } else { Ok(()) }
    }

    pub(super) async fn expire(&self, before: i64) -> Result<u64, StoreError> {
        // One statement: its deletes see one snapshot and the foreign keys hold at its end.
        let row = self
            .client()
            .query_one(
                "WITH old AS (SELECT g.id FROM games g LEFT JOIN activity a ON a.game = g.id
                              WHERE COALESCE(a.touched, g.created) < $1),
                      c AS (DELETE FROM chat WHERE game IN (SELECT id FROM old)),
                      e AS (DELETE FROM entries WHERE game IN (SELECT id FROM old)),
                      a AS (DELETE FROM activity WHERE game IN (SELECT id FROM old))
                 SELECT count(*) FROM old",
                &[&before],
            )
            .await
            .map_err(backend)?;
        let n: i64 = row.get(0);
        if n > 0 {
            self.client()
                .execute(
                    "DELETE FROM games g WHERE NOT EXISTS (SELECT 1 FROM entries e WHERE e.game = g.id)
                     AND NOT EXISTS (SELECT 1 FROM activity a WHERE a.game = g.id) AND g.created < $1",
                    &[&before],
                )
                .await
                .map_err(backend)?;
        }
        u64::try_from(n).map_err(backend)
    }

    pub(super) async fn chat(&self, id: &str, from: u64) -> Result<Vec<ChatLine>, StoreError> {
        let from = i64::try_from(from).unwrap_or(i64::MAX);
        let rows = self
            .client()
            .query("SELECT n, at, seat, text FROM chat WHERE game = $1 AND n >= $2 ORDER BY n", &[&id, &from])
            .await
            .map_err(backend)?;
        rows.iter()
            .map(|r| {
                Ok(ChatLine {
                    n: u64::try_from(r.get::<_, i64>(0)).map_err(backend)?,
                    at: r.get(1),
                    seat: r.get(2),
                    text: r.get(3),
                })
            })
            .collect()
    }

    /// Appends by any instance on this database, as `(game id, sequence number after)`.
    pub fn appended(&self) -> broadcast::Receiver<(String, u64)> {
        self.appended.subscribe()
    }

    fn client(&self) -> &Client {
        &self.clients[self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len()]
    }

    /// The writer for game `id`: always the same one, so this instance's appends to one
    /// game never wait on each other's locks across two transactions.
    fn writer(&self, id: &str) -> &mpsc::UnboundedSender<Append> {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        id.hash(&mut h);
        let n = usize::try_from(h.finish() % self.writers.len() as u64).unwrap_or(0);
        &self.writers[n]
    }

    pub(super) async fn create(&self, meta: &GameMeta) -> Result<(), StoreError> {
        let json = serde_json::to_string(meta).map_err(backend)?;
        match self
            .client()
            .execute("INSERT INTO games (id, meta, created) VALUES ($1, $2, $3)", &[&meta.id, &json, &meta.created])
            .await
        {
            Ok(_) => Ok(()),
            Err(e) if is_unique(&e) => Err(StoreError::Exists(meta.id.clone())),
            Err(e) => Err(backend(e)),
        }
    }

    pub(super) async fn append(&self, id: &str, seq: u64, entries: Vec<String>) -> Result<(), StoreError> {
        let first = i64::try_from(seq).map_err(backend)?;
        let len = entries.len() as u64;
        let (done, wait) = oneshot::channel();
        let stopped = || backend("the postgres writer has stopped");
        self.writer(id).send(Append { id: id.to_string(), first, entries, done }).map_err(|_| stopped())?;
        match wait.await.map_err(|_| stopped())? {
            Outcome::Inserted(n) if n == len => Ok(()),
            Outcome::Inserted(_) if self.load(id).await?.is_none() => Err(backend(format!("no game {id}"))),
            Outcome::Inserted(_) | Outcome::Taken => Err(StoreError::Conflict { id: id.to_string(), seq }),
            Outcome::Failed(e) => Err(StoreError::Backend(e)),
        }
    }

    pub(super) async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let c = self.client();
        let Some(row) = c.query_opt("SELECT meta FROM games WHERE id = $1", &[&id]).await.map_err(backend)? else {
            return Ok(None);
        };
        let meta: GameMeta = serde_json::from_str(row.get::<_, &str>(0)).map_err(backend)?;
        let rows =
            c.query("SELECT seq, entry FROM entries WHERE game = $1 ORDER BY seq", &[&id]).await.map_err(backend)?;
        let mut entries = Vec::with_capacity(rows.len());
        for row in rows {
            let seq: i64 = row.get(0);
            if usize::try_from(seq).ok() != Some(entries.len()) {
                return Err(backend(format!("game {id}: entry {seq} out of sequence")));
            }
            entries.push(row.get(1));
        }
        Ok(Some(StoredGame { meta, entries }))
    }
}

/// A writer task: takes what is queued (up to [`GROUP`] appends), commits it, answers
/// each append, and again, until the store is dropped.
async fn write_loop(client: Client, append: Statement, mut queue: mpsc::UnboundedReceiver<Append>) {
    let mut batch = Vec::with_capacity(GROUP);
    while queue.recv_many(&mut batch, GROUP).await > 0 {
        commit(&client, &append, &mut batch).await;
        batch.clear();
    }
}

/// How one try at committing a batch went.
enum Attempt {
    /// Committed: the entries each append inserted.
    Committed(Vec<u64>),
    /// Append `k` failed, so the transaction was rolled back (the `COMMIT` of an aborted
    /// transaction is a rollback); the appends after it failed only because of it.
    Refused(usize, tokio_postgres::Error),
    /// `BEGIN` or `COMMIT` failed: nothing is known to be written.
    Failed(tokio_postgres::Error),
}

/// Commits `batch` and answers every append in it. An append refused by the database is
/// answered and taken out, and the others are tried again in a new transaction.
async fn commit(client: &Client, append: &Statement, batch: &mut Vec<Append>) {
    let mut retries = 0;
    while !batch.is_empty() {
        match attempt(client, append, batch).await {
            Attempt::Committed(counts) => {
                for (a, n) in batch.drain(..).zip(counts) {
                    let _ = a.done.send(Outcome::Inserted(n));
                }
            }
            Attempt::Refused(_, e)
                if retries < RETRIES
                    && matches!(e.code(), Some(c) if *c == SqlState::T_R_DEADLOCK_DETECTED
                        || *c == SqlState::T_R_SERIALIZATION_FAILURE) =>
            {
                retries += 1;
            }
            Attempt::Refused(k, e) if !e.is_closed() => {
                let a = batch.remove(k);
                let _ = a.done.send(if is_unique(&e) { Outcome::Taken } else { Outcome::Failed(e.to_string()) });
            }
            Attempt::Refused(_, e) | Attempt::Failed(e) => {
                for a in batch.drain(..) {
                    let _ = a.done.send(Outcome::Failed(e.to_string()));
                }
            }
        }
    }
}

/// One transaction over the whole batch, its statements pipelined.
async fn attempt(client: &Client, append: &Statement, batch: &[Append]) -> Attempt {
    type Step<'a> = BoxFuture<'a, Result<u64, tokio_postgres::Error>>;
    let params: Vec<[&(dyn ToSql + Sync); 3]> =
        batch.iter().map(|a| [&a.id as _, &a.first as _, &a.entries as _]).collect();
    let mut steps: Vec<Step<'_>> = Vec::with_capacity(batch.len() + 2);
    steps.push(client.batch_execute("BEGIN").map(|r| r.map(|()| 0)).boxed());
    for p in &params {
        steps.push(
            client.query_one(append, p).map(|r| r.map(|row| u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))).boxed(),
        );
    }
    steps.push(client.batch_execute("COMMIT").map(|r| r.map(|()| 0)).boxed());
    let mut results = in_order(steps).await;
    let commit = results.pop().expect("COMMIT");
    let mut results = results.into_iter();
    if let Some(Err(e)) = results.next() {
        return Attempt::Failed(e);
    }
    let mut counts = Vec::with_capacity(batch.len());
    for (k, r) in results.enumerate() {
        match r {
            Ok(n) => counts.push(n),
            Err(e) => return Attempt::Refused(k, e),
        }
    }
    match commit {
        Ok(_) => Attempt::Committed(counts),
        Err(e) => Attempt::Failed(e),
    }
}

/// Runs `steps` together and returns their results. Each is first polled in turn, which
/// is when tokio-postgres sends its statement, so they reach the server in this order.
async fn in_order<T>(mut steps: Vec<BoxFuture<'_, T>>) -> Vec<T> {
    let mut results: Vec<Option<T>> = steps.iter().map(|_| None).collect();
    let mut waiting = 0;
    std::future::poll_fn(|cx| {
        for (step, result) in steps.iter_mut().zip(results.iter_mut()).skip(waiting) {
            if result.is_none()
                && let Poll::Ready(r) = step.as_mut().poll(cx)
            {
                *result = Some(r);
            }
        }
        while results.get(waiting).is_some_and(Option::is_some) {
            waiting += 1;
        }
        if waiting == results.len() { Poll::Ready(()) } else { Poll::Pending }
    })
    .await;
    results.into_iter().map(|r| r.expect("every step finished")).collect()
}

/// Opens the connection that `LISTEN`s for other instances' appends and chat lines and
/// forwards them.
async fn listen(
    url: &str,
    out: broadcast::Sender<(String, u64)>,
    chat: broadcast::Sender<(String, u64)>,
) -> Result<Client, StoreError> {
    let (client, mut connection) = tokio_postgres::connect(url, NoTls).await.map_err(backend)?;
    tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let AsyncMessage::Notification(n) = message
                && let Some((id, seq)) = n.payload().split_once(' ')
                && let Ok(seq) = seq.parse()
            {
                let to = if n.channel() == CHAT_CHANNEL { &chat } else { &out };
                let _ = to.send((id.to_string(), seq));
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}; LISTEN {CHAT_CHANNEL}")).await.map_err(backend)?;
    Ok(client)
}

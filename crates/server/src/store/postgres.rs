//! PostgreSQL, for several server instances on one database. Each append is one
//! `INSERT ... SELECT` statement (atomic without an explicit transaction, so statements
//! from many games pipeline on a few shared connections); the primary key on
//! `(game, seq)` and the check that `seq` follows the last stored entry refuse a second
//! writer. PostgreSQL's own commit makes it durable (`synchronous_commit` on, its default)
//! and groups concurrent commits into one flush.

use super::{GameMeta, StoreError, StoredGame};
use futures_util::StreamExt;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::broadcast;
use tokio_postgres::{AsyncMessage, Client, NoTls, error::SqlState};

/// The channel every instance announces appends on (`game-id seq`).
const CHANNEL: &str = "muster_entries";

/// Connections opened; statements are spread over them.
const CONNECTIONS: usize = 4;

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
";

/// The PostgreSQL store.
pub struct PgStore {
    clients: Vec<Client>,
    next: AtomicUsize,
    /// Kept open for `LISTEN`; its notifications go to `appended`.
    _listener: Client,
    appended: broadcast::Sender<(String, u64)>,
}

fn backend(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backend(e.to_string())
}

fn is_unique(e: &tokio_postgres::Error) -> bool {
    e.code() == Some(&SqlState::UNIQUE_VIOLATION)
}

impl PgStore {
    /// Connects to the database at `url` and makes the tables if they are missing.
    ///
    /// # Errors
    /// [`StoreError::Backend`] when it cannot connect or make the tables.
    pub async fn open(url: &str) -> Result<PgStore, StoreError> {
        let mut clients = Vec::with_capacity(CONNECTIONS);
        for _ in 0..CONNECTIONS {
            let (client, connection) =
                tokio_postgres::connect(url, NoTls).await.map_err(|e| backend(format!("{url}: {e}")))?;
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    eprintln!("postgres connection closed: {e}");
                }
            });
            clients.push(client);
        }
        // Two instances starting together may both try to make the tables.
        if let Err(e) = clients[0].batch_execute(SCHEMA).await
            && !is_unique(&e)
        {
            return Err(backend(e));
        }
        let (appended, _) = broadcast::channel(1024);
        let listener = listen(url, appended.clone()).await?;
        Ok(PgStore { clients, next: AtomicUsize::new(0), _listener: listener, appended })
    }

    /// Appends by any instance on this database, as `(game id, sequence number after)`.
    pub fn appended(&self) -> broadcast::Receiver<(String, u64)> {
        self.appended.subscribe()
    }

    fn client(&self) -> &Client {
        &self.clients[self.next.fetch_add(1, Ordering::Relaxed) % self.clients.len()]
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
        let conflict = || StoreError::Conflict { id: id.to_string(), seq };
        let inserted = self
            .client()
            .execute(
                "INSERT INTO entries (game, seq, entry)
                 SELECT $1, $2 + t.ord - 1, t.e FROM unnest($3::text[]) WITH ORDINALITY AS t(e, ord)
                 WHERE EXISTS (SELECT 1 FROM games WHERE id = $1)
                   AND $2 = (SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE game = $1)",
                &[&id, &first, &entries],
            )
            .await;
        match inserted {
            Ok(n) if n as usize == entries.len() => {
                // Tell other instances watching this game; the append is durable already, so
                // a lost notice costs only a late update on their pages.
                let notice = format!("{id} {}", seq + n);
                let _ = self.client().execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &notice]).await;
                Ok(())
            }
            Ok(_) if self.load(id).await?.is_none() => Err(backend(format!("no game {id}"))),
            Ok(_) => Err(conflict()),
            Err(e) if is_unique(&e) => Err(conflict()),
            Err(e) => Err(backend(e)),
        }
    }

    pub(super) async fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let c = self.client();
        let Some(row) = c.query_opt("SELECT meta FROM games WHERE id = $1", &[&id]).await.map_err(backend)? else {
            return Ok(None);
        };
        let meta: GameMeta = serde_json::from_str(row.get::<_, &str>(0)).map_err(backend)?;
        let rows = c.query("SELECT seq, entry FROM entries WHERE game = $1 ORDER BY seq", &[&id]).await.map_err(backend)?;
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

/// Opens the connection that `LISTEN`s for other instances' appends and forwards them.
async fn listen(url: &str, out: broadcast::Sender<(String, u64)>) -> Result<Client, StoreError> {
    let (client, mut connection) = tokio_postgres::connect(url, NoTls).await.map_err(backend)?;
    tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(Ok(message)) = messages.next().await {
            if let AsyncMessage::Notification(n) = message
                && let Some((id, seq)) = n.payload().split_once(' ')
                && let Ok(seq) = seq.parse()
            {
                let _ = out.send((id.to_string(), seq));
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await.map_err(backend)?;
    Ok(client)
}

//! `muster serve`: the lobby, one generic game page for every ruleset, game storage and
//! seats, over HTTP and WebSocket. The contract is `API.md` beside this crate.
//!
//! - [`store`]: SQLite (WAL, group commit) or PostgreSQL; each game an append-only list of
//!   entries.
//! - [`session`]: one live game of any ruleset behind an object-safe trait, built by
//!   replaying its entries through the catalog.
//! - [`hub`]: the games in memory, the one path by which a game changes (durable before
//!   acknowledged), and the bot seats.
//! - [`api`] and [`ws`]: the routes; [`ui`]: the page's files, built in.
//! - [`config`]: the operator's limits and settings (a TOML file and flags).
//! - [`webhook`]: a seat's "your move" call to its own URL, public addresses only by default.

pub mod api;
mod author;
mod beyond;
pub mod config;
pub mod hub;
mod memo;
pub mod metrics;
pub mod pool;
pub mod ratelimit;
pub mod session;
pub mod store;
pub mod ui;
pub mod webhook;
mod ws;

pub use config::Settings;
pub use hub::Hub;
pub use store::{Store, StoreError};

use std::net::SocketAddr;
use std::sync::Arc;

/// How to serve.
#[derive(Clone, Debug)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// An SQLite file path or a `postgres://` URL.
    pub database: String,
    /// What the hub allows and how it calls out.
    pub settings: Settings,
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The store could not be opened.
    #[error("cannot open the game store: {0}")]
    Store(#[from] StoreError),
    /// The address could not be bound or the server failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Binds `config.addr`, then calls `ready` with the bound address (the port may have
/// been 0) and serves until Ctrl-C or SIGTERM.
///
/// # Errors
/// [`ServeError`] when the store cannot be opened or the address bound.
pub async fn serve(config: Config, ready: impl FnOnce(SocketAddr, &Store)) -> Result<(), ServeError> {
    let store = Store::open(&config.database).await?;
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    ready(addr, &store);
    let hub = Hub::with_settings(store, config.settings);
    // Answers are small and follow an update frame: without TCP_NODELAY, Nagle's algorithm
    // holds each one until the client's delayed ACK (about 40 ms).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    // The client's address reaches the routes (rate limits, /metrics).
    let app = api::router(Arc::clone(&hub)).into_make_service_with_connect_info::<SocketAddr>();
    axum::serve(listener, app).with_graceful_shutdown(shutdown()).await?;
    Ok(())
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}

//! `muster serve`: the browser front end, from inside the binary.

use anyhow::{Context, Result};
use std::net::SocketAddr;
use std::process::ExitCode;

/// Serve the lobby and game pages: play in the browser against a friend on the same
/// screen, a friend elsewhere (send them their seat's link), or the computer.
///
/// Open the printed address, choose a scenario and who plays each side, and follow the
/// link. Games are stored as they are played (every action, dice included, durable
/// before it is acknowledged) and survive a restart. The page needs nothing else: its
/// files are built into this binary.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on (port 0 picks a free port; the one chosen is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where games are stored: an SQLite file (created if missing) or a PostgreSQL URL
    /// (postgres://user:password@host/db) for several server instances on one database.
    #[arg(long, default_value = "muster-games.db")]
    database: String,
    /// Which webhook URLs a game may give its seats (called when the decision comes to the
    /// seat): `public` addresses only (the default: never this machine or its private
    /// network), `any` (a trusted private network), or `off`.
    #[arg(long, value_enum, default_value_t = server::webhook::Policy::Public)]
    webhooks: server::webhook::Policy,
    /// The address players reach this server at (https://muster.example.org), used in the
    /// links webhooks send; without it they send paths only.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Print the address as JSON ({"url": ..., "store": ...}) when ready, for scripts.
    #[arg(long)]
    json: bool,
}

/// Runs the command until Ctrl-C or SIGTERM.
pub fn run(args: &Args) -> Result<ExitCode> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let settings = server::Settings { webhooks: args.webhooks, public_url: args.public_url.clone() };
    let config = server::Config { addr: args.addr, database: args.database.clone(), settings };
    let json = args.json;
    runtime.block_on(server::serve(config, |addr, store| {
        let url = format!("http://{addr}/");
        // The address goes out at once, so a script waiting for it can go on.
        let line = if json {
            serde_json::json!({"url": url, "store": store.describe()}).to_string()
        } else {
            format!("muster serve: open {url} (games in {}; Ctrl-C to stop)", store.describe())
        };
        let _ = super::print(&line);
    }))?;
    Ok(ExitCode::SUCCESS)
}

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
    /// Settings from a TOML file (every key optional; see the README's "Running a server"):
    /// webhooks, public_url, trust_forwarded_for and [limits] with [limits.rates]. Flags
    /// below override it.
    #[arg(long, value_name = "FILE")]
    config: Option<std::path::PathBuf>,
    /// Which webhook URLs a game may give its seats (called when the decision comes to the
    /// seat): `public` addresses only (the default: never this machine or its private
    /// network), `any` (a trusted private network), or `off`.
    #[arg(long, value_enum)]
    webhooks: Option<server::webhook::Policy>,
    /// The address players reach this server at (https://muster.example.org), used in the
    /// links webhooks send; without it they send paths only.
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,
    /// Behind your own reverse proxy: take each client's address from the last
    /// X-Forwarded-For entry (for rate limits). Never set it on a server clients reach
    /// directly: they could then claim any address.
    #[arg(long)]
    trust_forwarded_for: bool,
    /// The longest a computer seat may think a decision, in seconds [default: 5]. A game
    /// asking for more (mcts:60s) is refused, naming the limit.
    #[arg(long, value_name = "SECONDS", help_heading = "Limits")]
    bot_seconds: Option<f64>,
    /// The most MCTS iterations a computer seat may ask a decision [default: 50000].
    #[arg(long, value_name = "N", help_heading = "Limits")]
    bot_iterations: Option<u32>,
    /// Computer seats thinking at once; the rest wait, and their pages say so [default: the
    /// cores less one, at least 1].
    #[arg(long, value_name = "N", help_heading = "Limits")]
    bots_thinking: Option<usize>,
    /// Computer seats waiting to think at most; past it, games with a computer seat are
    /// refused (503) until the queue shortens [default: 64].
    #[arg(long, value_name = "N", help_heading = "Limits")]
    bots_waiting: Option<usize>,
    /// Odds, replay and reach requests worked on at once [default: the cores less one].
    #[arg(long, value_name = "N", help_heading = "Limits")]
    analysis_running: Option<usize>,
    /// The longest an odds or replay request may take, in seconds, before it is refused
    /// with 503 [default: 10].
    #[arg(long, value_name = "SECONDS", help_heading = "Limits")]
    analysis_seconds: Option<f64>,
    /// Games held in memory at most; idle ones beyond it leave and are rebuilt from the store
    /// when opened [default: 4096].
    #[arg(long, value_name = "N", help_heading = "Limits")]
    games_in_memory: Option<usize>,
    /// Minutes after which an untouched game leaves memory [default: 30].
    #[arg(long, value_name = "MINUTES", help_heading = "Limits")]
    idle_minutes: Option<u64>,
    /// Delete games nobody has played for this many days, with their chat [default: 0,
    /// never].
    #[arg(long, value_name = "DAYS", help_heading = "Limits")]
    expire_days: Option<u64>,
    /// New games a client may make: PER_SECOND:BURST [default: 0.2:10].
    #[arg(long, value_name = "RATE", help_heading = "Limits")]
    rate_create: Option<server::config::Rate>,
    /// Moves (actions, undo, chat) a client may send: PER_SECOND:BURST [default: 20:60].
    #[arg(long, value_name = "RATE", help_heading = "Limits")]
    rate_actions: Option<server::config::Rate>,
    /// Odds, replay and reach requests: PER_SECOND:BURST [default: 4:20].
    #[arg(long, value_name = "RATE", help_heading = "Limits")]
    rate_analysis: Option<server::config::Rate>,
    /// Other requests (states, maps, the lobby): PER_SECOND:BURST [default: 50:200].
    #[arg(long, value_name = "RATE", help_heading = "Limits")]
    rate_reads: Option<server::config::Rate>,
    /// WebSocket messages of any kind: PER_SECOND:BURST [default: 30:90].
    #[arg(long, value_name = "RATE", help_heading = "Limits")]
    rate_socket: Option<server::config::Rate>,
    /// Print the address as JSON ({"url": ..., "store": ...}) when ready, for scripts.
    #[arg(long)]
    json: bool,
}

/// The settings: the file's (or the defaults), then each flag given.
fn settings(args: &Args) -> Result<server::Settings> {
    let mut s = match &args.config {
        Some(path) => {
            // A file that cannot be read or is malformed is a usage error (exit code 2).
            let text = std::fs::read_to_string(path)
                .map_err(|e| crate::Usage(format!("cannot read {}: {e}", path.display())))?;
            server::Settings::from_toml(&text, &path.display().to_string()).map_err(crate::Usage)?
        }
        None => server::Settings::default(),
    };
    if let Some(w) = args.webhooks {
        s.webhooks = w;
    }
    if args.public_url.is_some() {
        s.public_url.clone_from(&args.public_url);
    }
    s.trust_forwarded_for |= args.trust_forwarded_for;
    let l = &mut s.limits;
    macro_rules! set {
        ($($field:ident),*) => { $( if let Some(v) = args.$field { l.$field = v; } )* };
    }
    set!(
        bot_seconds,
        bot_iterations,
        bots_thinking,
        bots_waiting,
        analysis_running,
        analysis_seconds,
        games_in_memory,
        idle_minutes,
        expire_days
    );
    let r = &mut l.rates;
    for (flag, rate) in [
        (args.rate_create, &mut r.create),
        (args.rate_actions, &mut r.actions),
        (args.rate_analysis, &mut r.analysis),
        (args.rate_reads, &mut r.reads),
        (args.rate_socket, &mut r.socket),
    ] {
        if let Some(v) = flag {
            *rate = v;
        }
    }
    s.limits.check().map_err(anyhow::Error::msg)?;
    Ok(s)
}

/// Runs the command until Ctrl-C or SIGTERM.
pub fn run(args: &Args) -> Result<ExitCode> {
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    let settings = settings(args)?;
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

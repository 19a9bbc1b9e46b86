//! `muster-load`: a load generator for `muster serve`.
//!
//! It drives N concurrent human-vs-human games over the WebSocket API (`API.md`): per
//! game it asks for the legal actions, picks one uniformly with a seeded generator,
//! sends it and waits for the `ack`, which the server sends only once the action and its
//! chance outcomes are durable. It reports acknowledged actions per second and the
//! send→ack latency percentiles. When a game ends, a new one starts in its place.
//!
//! `--acked FILE` appends `GAME_ID SEQ` for every acknowledged action, and
//! `--verify FILE` later checks that the server still has every one of them: together
//! they are the crash test (`bench/kill_test.sh`, `docs/performance.md`).
//!
//! `--hostile K` runs K attacking clients beside the load (`hostile.rs`): they make games as
//! fast as they can, seat the longest bots the server allows, spam moves, odds and replay
//! requests and socket messages, each from an address of its own (`X-Forwarded-For`, so
//! the server must run with `--trust-forwarded-for`); `--from ADDR` gives the measured
//! traffic its own address. The report then has the attack's tally beside the honest
//! player's latency (issue 18's hostile-load test, `docs/performance.md`).
//!
//! Exit codes: 0 success, 1 an unexpected error (or, with `--verify`, a lost action),
//! 2 a usage error.

use clap::Parser;
use engine::Dice;
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::{Barrier, mpsc};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// Drive `muster serve` with N concurrent games of random legal actions over WebSocket,
/// and report acknowledged actions per second and latency percentiles.
#[derive(Parser, Debug)]
#[command(name = "muster-load", version)]
struct Args {
    /// The server's address, as `muster serve` prints it (http://HOST:PORT/).
    #[arg(long)]
    url: String,
    /// Games played at once (each with two seat sockets).
    #[arg(long, default_value_t = 16)]
    games: usize,
    /// Seconds to run.
    #[arg(long, default_value_t = 10.0)]
    duration: f64,
    /// The scenario each game plays.
    #[arg(long, default_value = "belmont")]
    scenario: String,
    /// Target actions per second over all games; 0 sends as fast as acks come back.
    #[arg(long, default_value_t = 0.0)]
    rate: f64,
    /// Seed of the generator choosing the actions (game slot i uses a stream of its own).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Append `GAME_ID SEQ` to this file for every acknowledged action.
    #[arg(long)]
    acked: Option<PathBuf>,
    /// Instead of generating load, check that the server holds every action this acked
    /// file lists.
    #[arg(long, conflicts_with_all = ["acked", "rate"])]
    verify: Option<PathBuf>,
    /// Print the report as one JSON object.
    #[arg(long)]
    json: bool,
    /// Send the measured traffic as from this address (an X-Forwarded-For header; the server
    /// must trust it, `muster serve --trust-forwarded-for`).
    #[arg(long, value_name = "ADDR")]
    from: Option<String>,
    /// Run this many hostile clients beside the measured load, each from an address of its
    /// own (see `--from`).
    #[arg(long, default_value_t = 0, value_name = "K")]
    hostile: usize,
}

mod hostile;

/// How long to wait for any one answer before giving the game up.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

/// Bytes a socket reads at a time (tungstenite's default, 128 KiB, costs a memset each).
const READ_BUFFER: usize = 16 * 1024;

/// How often the acked file is flushed at least.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

fn main() -> ExitCode {
    let args = Args::parse();
    if let Err(e) = check_usage(&args) {
        eprintln!("error: {e}\n\nFor more information, try '--help'.");
        return ExitCode::from(2);
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    let result = runtime.block_on(async {
        let mut target = Target::parse(&args.url)?;
        target.from.clone_from(&args.from);
        match &args.verify {
            Some(file) => verify(&target, file, args.json).await,
            None => load(target, &args).await,
        }
    });
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn check_usage(args: &Args) -> Result<(), String> {
    if !args.url.starts_with("http://") {
        return Err(format!("--url must start with http:// (got '{}')", args.url));
    }
    if args.verify.is_some() {
        return Ok(());
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    if !(args.duration > 0.0 && args.duration.is_finite()) {
        return Err("--duration must be a positive number of seconds".into());
    }
    if !(args.rate >= 0.0 && args.rate.is_finite()) {
        return Err("--rate must be 0 or a positive number of actions per second".into());
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The server's address and a minimal HTTP/1.1 client (one request per connection).
// ---------------------------------------------------------------------------------------

/// Where the server is: `host:port` and the path prefix the URL had (usually empty).
#[derive(Clone, Debug)]
struct Target {
    host: String,
    prefix: String,
    /// The X-Forwarded-For address to send, if any.
    from: Option<String>,
}

impl Target {
    fn parse(url: &str) -> Result<Target, String> {
        let rest = url.strip_prefix("http://").ok_or_else(|| format!("not an http:// URL: {url}"))?;
        let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
        if host.is_empty() {
            return Err(format!("no host in {url}"));
        }
        let prefix = if path.is_empty() { String::new() } else { format!("/{}", path.trim_end_matches('/')) };
        Ok(Target { host: host.to_string(), prefix, from: None })
    }

    fn path(&self, p: &str) -> String {
        format!("{}{p}", self.prefix)
    }

    fn ws_url(&self, game: &str, token: &str) -> String {
        format!("ws://{}{}/api/games/{game}/ws?seat={token}", self.host, self.prefix)
    }
}

/// One request, `Connection: close`; the status and the body parsed as JSON.
async fn http(target: &Target, method: &str, path: &str, body: Option<&Value>) -> Result<(u16, Value), String> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let from = target.from.as_ref().map(|a| format!("X-Forwarded-For: {a}\r\n")).unwrap_or_default();
    let request = format!(
        "{method} {} HTTP/1.1\r\nHost: {}\r\n{from}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        target.path(path),
        target.host,
        body.len()
    );
    let mut stream = TcpStream::connect(&target.host).await.map_err(|e| format!("connect {}: {e}", target.host))?;
    stream.write_all(request.as_bytes()).await.map_err(|e| format!("send: {e}"))?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.map_err(|e| format!("receive: {e}"))?;
    let (status, body) = split_response(&raw)?;
    let value =
        serde_json::from_slice(&body).map_err(|e| format!("{method} {path}: status {status}, body not JSON: {e}"))?;
    Ok((status, value))
}

/// The status code and body of a whole HTTP/1.1 response.
fn split_response(raw: &[u8]) -> Result<(u16, Vec<u8>), String> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").ok_or("truncated HTTP response")?;
    let head = String::from_utf8_lossy(&raw[..end]).to_ascii_lowercase();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line: {}", head.lines().next().unwrap_or("")))?;
    let body = &raw[end + 4..];
    let body = if head.contains("transfer-encoding: chunked") { dechunk(body)? } else { body.to_vec() };
    Ok((status, body))
}

fn dechunk(mut body: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    loop {
        let eol = body.windows(2).position(|w| w == b"\r\n").ok_or("truncated chunk")?;
        let size = std::str::from_utf8(&body[..eol])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next()?.trim(), 16).ok());
        let size = size.ok_or("bad chunk size")?;
        if size == 0 {
            return Ok(out);
        }
        let data = body.get(eol + 2..eol + 2 + size).ok_or("truncated chunk")?;
        out.extend_from_slice(data);
        body = body.get(eol + 4 + size..).ok_or("truncated chunk")?;
    }
}

// ---------------------------------------------------------------------------------------
// One game: two seat sockets, answers routed back by id, updates dropped.
// ---------------------------------------------------------------------------------------

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Why a game was given up: the server answered something unexpected (an error kind),
/// or the connection failed (a short kind, and what the library said).
enum Failure {
    Answer(String),
    Transport(&'static str, String),
}

impl Failure {
    fn transport(kind: &'static str) -> impl FnOnce(String) -> Failure {
        move |detail| Failure::Transport(kind, detail)
    }
}

/// A server message, as far as the load generator reads it. The legal actions stay
/// unparsed JSON text: one is sent back, the rest only counted.
#[derive(Deserialize)]
struct Answer {
    #[serde(rename = "type")]
    kind: String,
    id: Option<u64>,
    seq: Option<u64>,
    actor: Option<String>,
    error: Option<String>,
    #[serde(default)]
    actions: Vec<Box<RawValue>>,
}

impl Answer {
    fn error_kind(&self, fallback: &str) -> String {
        self.error.clone().unwrap_or_else(|| fallback.to_string())
    }
}

/// An action message for the server, the action passed through as it came.
#[derive(Serialize)]
struct ActionMsg<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    id: u64,
    seq: u64,
    action: &'a RawValue,
}

/// A live game: its id, a sink per seat (Union, Confederate), and the answers of both
/// sockets (everything but `update`).
struct Game {
    id: String,
    sinks: [SplitSink<Socket, Message>; 2],
    answers: mpsc::UnboundedReceiver<Answer>,
    next_id: u64,
}

impl Game {
    /// Creates a human-vs-human game and opens both seats' sockets.
    async fn start(target: &Target, scenario: &str) -> Result<Game, Failure> {
        let body = json!({"scenario": scenario, "options": [], "seats": {"union": "human", "confederate": "human"}});
        let (status, created) =
            http(target, "POST", "/api/games", Some(&body)).await.map_err(Failure::transport("create"))?;
        if status != 201 {
            return Err(Failure::Answer(created["error"].as_str().unwrap_or("create").to_string()));
        }
        let field = |v: &Value, what: &str| {
            v.as_str().map(str::to_string).ok_or_else(|| Failure::Answer(format!("create: no {what}")))
        };
        let id = field(&created["id"], "id")?;
        let token = |seat: &str| field(&created["seats"][seat]["token"], "token");
        let tokens = [token("union")?, token("confederate")?];
        let (tx, answers) = mpsc::unbounded_channel();
        let union = connect(target, &target.ws_url(&id, &tokens[0]), tx.clone()).await?;
        let confederate = connect(target, &target.ws_url(&id, &tokens[1]), tx).await?;
        Ok(Game { id, sinks: [union, confederate], answers, next_id: 0 })
    }

    /// Sends the message `make` writes for a fresh id on `seat`'s socket and waits for
    /// its answer.
    async fn ask(&mut self, seat: usize, make: impl FnOnce(u64) -> String) -> Result<Answer, Failure> {
        self.next_id += 1;
        let id = self.next_id;
        self.sinks[seat]
            .send(Message::text(make(id)))
            .await
            .map_err(|e| Failure::Transport("connection closed", e.to_string()))?;
        let deadline = tokio::time::Instant::now() + ANSWER_TIMEOUT;
        loop {
            let answer = tokio::time::timeout_at(deadline, self.answers.recv())
                .await
                .map_err(|_| Failure::Transport("timeout", format!("no answer in {ANSWER_TIMEOUT:?}")))?
                .ok_or_else(|| Failure::Transport("connection closed", "the socket closed".into()))?;
            if answer.id == Some(id) {
                return Ok(answer);
            }
        }
    }

    async fn close(mut self) {
        for sink in &mut self.sinks {
            let _ = sink.close().await;
        }
    }
}

/// Opens a socket; a task forwards its answers to `answers` (dropping `update`s) until
/// it closes, so neither seat's socket ever backs up.
async fn connect(
    target: &Target,
    url: &str,
    answers: mpsc::UnboundedSender<Answer>,
) -> Result<SplitSink<Socket, Message>, Failure> {
    let socket = open_socket(target, url).await.map_err(|e| Failure::Transport("connect", e))?;
    let (sink, stream) = socket.split();
    tokio::spawn(forward(stream, answers));
    Ok(sink)
}

/// A WebSocket to `url`, sent as from `target.from` when it names an address.
async fn open_socket(target: &Target, url: &str) -> Result<Socket, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = url.into_client_request().map_err(|e| e.to_string())?;
    if let Some(from) = &target.from {
        request.headers_mut().insert("x-forwarded-for", from.parse().map_err(|_| format!("bad address {from}"))?);
    }
    // tungstenite zeroes its whole read buffer before every read: keep it small.
    let config = WebSocketConfig::default().read_buffer_size(READ_BUFFER);
    let (socket, _) =
        tokio_tungstenite::connect_async_with_config(request, Some(config), true).await.map_err(|e| e.to_string())?;
    Ok(socket)
}

async fn forward(mut stream: SplitStream<Socket>, answers: mpsc::UnboundedSender<Answer>) {
    while let Some(Ok(msg)) = stream.next().await {
        let Message::Text(text) = msg else { continue };
        let Ok(answer) = serde_json::from_str::<Answer>(&text) else { continue };
        if answer.kind != "update" && answers.send(answer).is_err() {
            break;
        }
    }
}

// ---------------------------------------------------------------------------------------
// The load: one task per game slot, shared counters, the acked file, the report.
// ---------------------------------------------------------------------------------------

/// What one game slot saw.
#[derive(Default)]
struct Tally {
    acked: u64,
    latencies_us: Vec<u32>,
    errors: BTreeMap<String, u64>,
    unexpected: u64,
    /// What the library said the first time each transport error happened.
    first_detail: BTreeMap<String, String>,
    finished: u64,
    legal_us: Vec<u32>,
    legal_actions: u64,
}

impl Tally {
    fn error(&mut self, kind: &str, expected: bool) {
        *self.errors.entry(kind.to_string()).or_default() += 1;
        if !expected {
            self.unexpected += 1;
        }
    }

    fn merge(&mut self, other: Tally) {
        self.acked += other.acked;
        self.latencies_us.extend(other.latencies_us);
        for (k, n) in other.errors {
            *self.errors.entry(k).or_default() += n;
        }
        self.unexpected += other.unexpected;
        for (k, d) in other.first_detail {
            self.first_detail.entry(k).or_insert(d);
        }
        self.finished += other.finished;
        self.legal_us.extend(other.legal_us);
        self.legal_actions += other.legal_actions;
    }
}

/// What every slot shares.
struct Shared {
    target: Target,
    scenario: String,
    seed: u64,
    /// Seconds between one slot's actions, when a rate is set.
    period: Option<Duration>,
    start_gate: Barrier,
    acked_count: AtomicU64,
    acked_file: Option<std::sync::mpsc::Sender<(String, u64)>>,
}

async fn load(target: Target, args: &Args) -> Result<bool, String> {
    let (acked_file, writer) = match &args.acked {
        Some(path) => {
            let (tx, thread) = acked_writer(path)?;
            (Some(tx), Some(thread))
        }
        None => (None, None),
    };
    let period = (args.rate > 0.0).then(|| Duration::from_secs_f64(args.games as f64 / args.rate));
    let shared = Arc::new(Shared {
        target,
        scenario: args.scenario.clone(),
        seed: args.seed,
        period,
        start_gate: Barrier::new(args.games + 1),
        acked_count: AtomicU64::new(0),
        acked_file,
    });
    let duration = Duration::from_secs_f64(args.duration);
    let mut tasks = tokio::task::JoinSet::new();
    for slot in 0..args.games {
        let shared = Arc::clone(&shared);
        tasks.spawn(async move { run_slot(&shared, slot as u64, duration).await });
    }
    shared.start_gate.wait().await;
    let started = Instant::now();
    let attack = (args.hostile > 0).then(|| hostile::attack(shared.target.clone(), args.hostile, started + duration));
    let progress = progress(&shared, started, duration);
    let mut total = Tally::default();
    while let Some(t) = tasks.join_next().await {
        total.merge(t.map_err(|e| format!("a game task failed: {e}"))?);
    }
    let elapsed = started.elapsed();
    let attack = match attack {
        Some(a) => Some(a.await.map_err(|e| format!("the attack failed: {e}"))?),
        None => None,
    };
    progress.abort();
    let _ = progress.await; // its handle on `shared` goes with it
    drop(shared); // the last sender: the acked-file writer flushes and stops
    if let Some(w) = writer {
        w.join().map_err(|_| "the acked-file writer failed".to_string())??;
    }
    report(args, &mut total, elapsed, attack.as_ref());
    Ok(total.unexpected == 0)
}

/// Plays games in slot `slot` until `duration` has passed since the common start.
async fn run_slot(shared: &Shared, slot: u64, duration: Duration) -> Tally {
    let mut tally = Tally::default();
    let mut dice = Dice::seeded(Dice::game_seed(shared.seed, slot));
    let first = Game::start(&shared.target, &shared.scenario).await;
    shared.start_gate.wait().await;
    let deadline = tokio::time::Instant::now() + duration;
    let mut pace = shared.period.map(|p| pacer(p, &mut dice));
    let mut game = match first {
        Ok(g) => g,
        Err(f) => return failed(tally, &f),
    };
    loop {
        match play(shared, &mut game, &mut dice, &mut tally, &mut pace, deadline).await {
            Ok(true) => {
                tally.finished += 1;
                game.close().await;
                game = match Game::start(&shared.target, &shared.scenario).await {
                    Ok(g) => g,
                    Err(f) => return failed(tally, &f),
                };
            }
            Ok(false) => break,
            Err(f) => return failed(tally, &f),
        }
    }
    game.close().await;
    tally
}

fn failed(mut tally: Tally, f: &Failure) -> Tally {
    match f {
        Failure::Answer(kind) => tally.error(kind, false),
        Failure::Transport(kind, detail) => {
            tally.error(kind, false);
            tally.first_detail.entry((*kind).to_string()).or_insert_with(|| detail.clone());
        }
    }
    tally
}

/// A slot's clock at `period` a tick, started at a random phase so slots spread out.
fn pacer(period: Duration, dice: &mut Dice) -> tokio::time::Interval {
    let phase = period.mul_f64(dice.unit());
    let mut i = tokio::time::interval_at(tokio::time::Instant::now() + phase, period);
    i.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    i
}

/// Plays `game` until it ends (`Ok(true)`) or the deadline (`Ok(false)`).
async fn play(
    shared: &Shared,
    game: &mut Game,
    dice: &mut Dice,
    tally: &mut Tally,
    pace: &mut Option<tokio::time::Interval>,
    deadline: tokio::time::Instant,
) -> Result<bool, Failure> {
    let mut seat = 0;
    while tokio::time::Instant::now() < deadline {
        let asked = Instant::now();
        let legal = game.ask(seat, |id| format!(r#"{{"type":"legal","id":{id}}}"#)).await?;
        tally.legal_us.push(micros(asked));
        seat = match legal.actor.as_deref() {
            Some("union") => 0,
            Some("confederate") => 1,
            Some("over") => return Ok(true),
            Some("chance") => {
                tokio::time::sleep(Duration::from_millis(1)).await;
                continue;
            }
            _ => return Err(Failure::Answer(legal.error_kind("bad_legal_answer"))),
        };
        if legal.actions.is_empty() {
            return Err(Failure::Answer("no_legal_actions".into()));
        }
        tally.legal_actions += legal.actions.len() as u64;
        let action = &legal.actions[dice.below(legal.actions.len() as u32) as usize];
        let seq = legal.seq.unwrap_or(0);
        if let Some(p) = pace {
            p.tick().await;
        }
        let sent = Instant::now();
        let message = |id| serde_json::to_string(&ActionMsg { kind: "action", id, seq, action }).expect("serialises");
        let answer = game.ask(seat, message).await?;
        match (answer.kind.as_str(), answer.seq) {
            ("ack", Some(seq)) => acknowledged(shared, game, tally, sent, seq),
            // `stale` (another move landed first) is expected; anything else is counted as
            // unexpected. Either way the loop asks for the legal actions again.
            _ => {
                let kind = answer.error_kind("bad_answer");
                tally.error(&kind, kind == "stale");
            }
        }
    }
    Ok(false)
}

fn acknowledged(shared: &Shared, game: &Game, tally: &mut Tally, sent: Instant, seq: u64) {
    tally.latencies_us.push(micros(sent));
    tally.acked += 1;
    shared.acked_count.fetch_add(1, Ordering::Relaxed);
    if let Some(file) = &shared.acked_file {
        let _ = file.send((game.id.clone(), seq));
    }
}

/// Microseconds since `t`.
fn micros(t: Instant) -> u32 {
    u32::try_from(t.elapsed().as_micros()).unwrap_or(u32::MAX)
}

/// A thread appending `GAME_ID SEQ` lines to `path`, flushed at least every
/// [`FLUSH_EVERY`] and when every sender is gone.
#[allow(clippy::type_complexity)]
fn acked_writer(
    path: &Path,
) -> Result<(std::sync::mpsc::Sender<(String, u64)>, std::thread::JoinHandle<Result<(), String>>), String> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let name = path.display().to_string();
    let (tx, rx) = std::sync::mpsc::channel::<(String, u64)>();
    let thread = std::thread::spawn(move || {
        let mut out = std::io::BufWriter::new(file);
        let fail = |e: std::io::Error| format!("{name}: {e}");
        let mut last_flush = Instant::now();
        loop {
            match rx.recv_timeout(FLUSH_EVERY) {
                Ok((id, seq)) => writeln!(out, "{id} {seq}").map_err(fail)?,
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if last_flush.elapsed() >= FLUSH_EVERY {
                out.flush().map_err(fail)?;
                last_flush = Instant::now();
            }
        }
        out.flush().map_err(fail)
    });
    Ok((tx, thread))
}

/// A progress bar on stderr (only when it is a terminal), updated five times a second.
fn progress(shared: &Arc<Shared>, started: Instant, duration: Duration) -> tokio::task::JoinHandle<()> {
    let bar = if std::io::stderr().is_terminal() {
        ProgressBar::new(duration.as_millis() as u64)
    } else {
        ProgressBar::hidden()
    };
    bar.set_style(ProgressStyle::with_template("{bar:40} {elapsed}/{duration} {msg}").expect("a valid template"));
    let shared = Arc::clone(shared);
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_millis(200));
        loop {
            tick.tick().await;
            let t = started.elapsed();
            let n = shared.acked_count.load(Ordering::Relaxed);
            bar.set_position(t.as_millis() as u64);
            bar.set_message(format!("{n} acked, {:.0}/s", n as f64 / t.as_secs_f64().max(1e-3)));
            if t >= duration {
                bar.finish_and_clear();
                break;
            }
        }
    })
}

/// The `q` quantile of sorted microsecond latencies, in milliseconds.
fn quantile_ms(sorted: &[u32], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    f64::from(sorted[i]) / 1000.0
}

fn report(args: &Args, total: &mut Tally, elapsed: Duration, attack: Option<&hostile::Attack>) {
    total.latencies_us.sort_unstable();
    total.legal_us.sort_unstable();
    let secs = elapsed.as_secs_f64();
    let rate = total.acked as f64 / secs;
    let [p50, p90, p99, p999, max] = [0.5, 0.9, 0.99, 0.999, 1.0].map(|q| quantile_ms(&total.latencies_us, q));
    let [legal_p50, legal_p99] = [0.5, 0.99].map(|q| quantile_ms(&total.legal_us, q));
    let legal_requests = total.legal_us.len() as u64;
    let mean_legal = total.legal_actions as f64 / legal_requests.max(1) as f64;
    if args.json {
        let v = json!({
            "games": args.games, "scenario": args.scenario, "seconds": secs, "target_rate": args.rate,
            "acked": total.acked, "actions_per_s": rate,
            "latency_ms": {"p50": p50, "p90": p90, "p99": p99, "p999": p999, "max": max},
            "legal_requests": legal_requests, "legal_ms": {"p50": legal_p50, "p99": legal_p99},
            "mean_legal_actions": mean_legal,
            "errors": total.errors, "error_details": total.first_detail,
            "unexpected_errors": total.unexpected, "games_finished": total.finished,
            "attack": attack.map(hostile::Attack::json),
        });
        out(&format!("{v}\n"));
        return;
    }
    let target = if args.rate > 0.0 { format!(", target {:.0} actions/s", args.rate) } else { String::new() };
    let mut text = format!("muster-load: {} {} games for {secs:.1} s{target}\n", args.games, args.scenario);
    text += &format!("acknowledged actions: {} ({rate:.0} actions/s)\n", total.acked);
    text += &format!("latency send->ack ms: p50 {p50:.2}  p90 {p90:.2}  p99 {p99:.2}  p99.9 {p999:.2}  max {max:.2}\n");
    text += &format!("legal requests: {legal_requests}, p50 {legal_p50:.2} ms, p99 {legal_p99:.2} ms, ");
    text += &format!("{mean_legal:.0} actions listed on average\n");
    text += &format!("games finished: {}\n", total.finished);
    if let Some(a) = attack {
        text += &a.text();
    }
    if total.errors.is_empty() {
        text += "errors: none\n";
    } else {
        let list: Vec<String> = total.errors.iter().map(|(k, n)| format!("{k} {n}")).collect();
        text += &format!("errors: {} ({} unexpected)\n", list.join(", "), total.unexpected);
        for (k, d) in &total.first_detail {
            text += &format!("  first {k}: {d}\n");
        }
    }
    out(&text);
}

/// Writes to stdout, ignoring a closed pipe (`muster-load ... | head`).
fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush());
}

// ---------------------------------------------------------------------------------------
// --verify: every acknowledged action is still on the server.
// ---------------------------------------------------------------------------------------

/// The highest acknowledged seq of each game, and the number of lines read.
fn read_acked(path: &Path) -> Result<(BTreeMap<String, u64>, u64), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut highest = BTreeMap::new();
    let mut lines = 0;
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|e| format!("{}: {e}", path.display()))?;
        let mut words = line.split_whitespace();
        let (Some(id), Some(seq), None) =
            (words.next(), words.next().and_then(|s| s.parse::<u64>().ok()), words.next())
        else {
            return Err(format!("{}:{}: expected 'GAME_ID SEQ', got '{line}'", path.display(), n + 1));
        };
        let h = highest.entry(id.to_string()).or_insert(0);
        *h = (*h).max(seq);
        lines += 1;
    }
    Ok((highest, lines))
}

/// A game whose server seq is behind its highest acknowledged one.
struct Lost {
    game: String,
    acked: u64,
    stored: Option<u64>,
}

async fn verify(target: &Target, file: &Path, as_json: bool) -> Result<bool, String> {
    let (highest, actions) = read_acked(file)?;
    let mut lost = Vec::new();
    // Entries stored past the last ack: actions committed whose ack never arrived.
    let mut beyond = 0;
    for (game, &acked) in &highest {
        let (status, state) = http(target, "GET", &format!("/api/games/{game}/state"), None).await?;
        let stored = if status == 200 { state["seq"].as_u64() } else { None };
        match stored {
            Some(s) if s >= acked => beyond += s - acked,
            _ => lost.push(Lost { game: game.clone(), acked, stored }),
        }
    }
    if as_json {
        let lost_json: Vec<Value> =
            lost.iter().map(|l| json!({"game": l.game, "acked_seq": l.acked, "stored_seq": l.stored})).collect();
        let v = json!({"games": highest.len(), "acked_actions": actions, "lost_games": lost.len(), "lost": lost_json,
                       "entries_past_last_ack": beyond});
        out(&format!("{v}\n"));
    } else {
        let mut text = format!(
            "verified {} games, {actions} acknowledged actions: {} games lost actions\n",
            highest.len(),
            lost.len()
        );
        text += &format!("entries stored past the last acknowledged one (in flight): {beyond}\n");
        for l in &lost {
            let stored = l.stored.map_or("missing".to_string(), |s| format!("seq {s}"));
            text += &format!("  lost: game {} acknowledged seq {} but the server has {stored}\n", l.game, l.acked);
        }
        out(&text);
    }
    Ok(lost.is_empty())
}

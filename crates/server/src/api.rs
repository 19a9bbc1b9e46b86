//! The HTTP routes of `API.md`: pages, the lobby's JSON, a game's state, actions, undo,
//! replay and odds. Every error is JSON `{error, message, ...}` with a status that means
//! it; bodies are read as bytes and parsed here, so malformed JSON gets our message.

use crate::hub::{Hub, HubError, seat_of};
use crate::ratelimit::{Kind, client_ip};
use crate::session::{Refusal, Session};
use crate::{ui, ws};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, Query, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use engine::Side;
use serde::Deserialize;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;

/// The largest request body or WebSocket message accepted.
pub const MAX_BODY: usize = 64 * 1024;

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    body: Value,
}

impl ApiError {
    pub(crate) fn new(status: StatusCode, code: &str, message: impl Into<String>) -> ApiError {
        ApiError { status, body: json!({"error": code, "message": message.into()}) }
    }

    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    /// The error's JSON body (the socket sends it as an `error` message).
    pub(crate) fn into_body(self) -> Value {
        self.body
    }
}

impl From<HubError> for ApiError {
    fn from(e: HubError) -> ApiError {
        let msg = e.to_string();
        match e {
            HubError::NotFound(_) => ApiError::new(StatusCode::NOT_FOUND, "not_found", msg),
            HubError::BadRequest(_) => ApiError::bad_request(msg),
            HubError::Forbidden(_) => ApiError::new(StatusCode::FORBIDDEN, "forbidden", msg),
            HubError::Stale { current, .. } => {
                let mut err = ApiError::new(StatusCode::CONFLICT, "stale", msg);
                err.body["seq"] = json!(current);
                err
            }
            HubError::Refused(r) => match r {
                Refusal::Illegal(i) => ApiError {
                    status: StatusCode::UNPROCESSABLE_ENTITY,
                    body: json!({"error": "illegal", "message": i.to_string(), "rule": i.rule, "reason": i.reason}),
                },
                Refusal::BadAction(_) => ApiError::bad_request(msg),
                Refusal::NotYourTurn(_) => ApiError::new(StatusCode::FORBIDDEN, "forbidden", msg),
                Refusal::CannotUndo(_) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "cannot_undo", msg),
                Refusal::OutOfRange(_) => ApiError::bad_request(msg),
                Refusal::TooLarge(_) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "too_large", msg),
                Refusal::Corrupt(_) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", msg),
            },
            HubError::Busy(_) => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", msg),
            HubError::Store(_) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "storage", msg),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body)).into_response()
    }
}

type Answer = Result<Response, ApiError>;

fn json_ok(status: StatusCode, v: Value) -> Answer {
    Ok((status, axum::Json(v)).into_response())
}

/// JSON already serialised (a state).
fn json_text(text: String) -> Answer {
    Ok(([(header::CONTENT_TYPE, "application/json")], text).into_response())
}

/// Parses a JSON body into `T`, with a message that says what is wrong.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body).map_err(|e| ApiError::bad_request(format!("malformed request: {e}")))
}

/// The router over `hub`.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/", get(|| async { ui::page(ui::LOBBY) }))
        .route("/game/{id}", get(|| async { ui::page(ui::GAME) }))
        .route("/assets/{file}", get(ui::asset))
        .route("/healthz", get(|| async { "ok" }))
        .route("/metrics", get(metrics))
        .route("/api/scenarios", get(scenarios))
        .route("/api/bots", get(|State(hub): State<Arc<Hub>>| async move { axum::Json(bots_offered(&hub)) }))
        .route("/api/games", post(create))
        .route("/api/games/{id}/map.svg", get(map_svg))
        .route("/api/games/{id}/legend.svg", get(legend_svg))
        .route("/api/games/{id}/legend", get(legend))
        .route("/api/games/{id}/summary", get(summary))
        .route("/api/games/{id}/state", get(state))
        .route("/api/games/{id}/actions", post(act).get(unit_actions))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/preview", post(preview))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/marks", get(marks))
        .route("/api/games/{id}/odds", get(odds))
        .route("/api/games/{id}/why", get(why))
        .route("/api/games/{id}/reach", get(reach))
        .route("/api/games/{id}/chat", get(chat).post(say))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such page") })
        .layer(axum::middleware::from_fn_with_state(Arc::clone(&hub), limit))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        // A set-up state lists thousands of placements: gzip takes it from megabytes to
        // a few hundred kilobytes.
        .layer(tower_http::compression::CompressionLayer::new())
        .with_state(hub)
}

/// The client's address, as the settings say to read it (`None` without a connection, as
/// in tests that call the router directly).
pub(crate) fn client_of(
    hub: &Hub,
    req_headers: &axum::http::HeaderMap,
    peer: Option<SocketAddr>,
) -> Option<std::net::IpAddr> {
    peer.map(|p| client_ip(req_headers, p.ip(), hub.settings().trust_forwarded_for))
}

/// What kind of request this is, for its rate limit.
fn kind_of(method: &axum::http::Method, path: &str) -> Kind {
    let last = path.rsplit('/').next().unwrap_or("");
    match (method.as_str(), path.starts_with("/api/games")) {
        ("POST", true) if path == "/api/games" => Kind::Create,
        ("POST", true) if matches!(last, "actions" | "undo" | "chat") => Kind::Actions,
        ("GET", true) if matches!(last, "odds" | "replay" | "reach" | "why" | "marks") => Kind::Analysis,
        ("POST", true) if last == "preview" => Kind::Analysis,
        _ => Kind::Reads,
    }
}

/// A refusal for rate: 429 saying when to try again, in whole seconds (`retry_after`).
pub(crate) fn too_many(kind: Kind, wait: std::time::Duration) -> ApiError {
    let secs = retry_secs(wait);
    let mut e = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        format!("too many {} from your address: try again in {secs} s", kind.words()),
    );
    e.body["retry_after"] = json!(secs);
    e
}

/// The rate limits (issue 18), before any route: a request over its kind's limit is
/// answered 429 with `Retry-After` and goes no further.
/// A wait in whole seconds, at least one (as `Retry-After` takes it).
fn retry_secs(wait: std::time::Duration) -> u64 {
    wait.as_secs_f64().ceil().max(1.0) as u64
}

async fn limit(State(hub): State<Arc<Hub>>, req: Request, next: Next) -> Response {
    let peer = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
    if let Some(ip) = client_of(&hub, req.headers(), peer) {
        let kind = kind_of(req.method(), req.uri().path());
        if let Err(wait) = hub.limiter.check(ip, kind) {
            hub.metrics.limited[kind.index()].fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let mut r = too_many(kind, wait).into_response();
            r.headers_mut().insert(header::RETRY_AFTER, retry_secs(wait).into());
            return r;
        }
    }
    next.run(req).await
}

/// `GET /metrics`: the Prometheus text, to this machine only (behind the operator's proxy
/// with `trust_forwarded_for`, to the proxy's own requests without a forwarded address).
async fn metrics(State(hub): State<Arc<Hub>>, req: Request) -> Answer {
    let peer = req.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
    let ip = client_of(&hub, req.headers(), peer);
    if ip.is_some_and(|ip| !ip.is_loopback()) {
        return Err(ApiError::new(StatusCode::FORBIDDEN, "forbidden", "metrics are for this machine only"));
    }
    let text = hub.metrics.render(hub.live_games());
    Ok(([(header::CONTENT_TYPE, "text/plain; version=0.0.4")], text).into_response())
}

async fn scenarios() -> Response {
    axum::Json(catalog::scenarios()).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    scenario: String,
    #[serde(default)]
    options: Vec<String>,
    seats: Seats,
    /// A webhook URL per human seat, called when the decision comes to it.
    #[serde(default)]
    webhooks: Webhooks,
}

#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Webhooks {
    union: Option<String>,
    confederate: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Seats {
    union: String,
    confederate: String,
}

async fn create(State(hub): State<Arc<Hub>>, body: Bytes) -> Answer {
    let req: NewGame = parse(&body)?;
    if catalog::scenario(&req.scenario).is_none() {
        let known: Vec<String> = catalog::scenarios().into_iter().map(|s| s.id).collect();
        return Err(ApiError::bad_request(format!(
            "unknown scenario '{}' (known: {})",
            req.scenario,
            known.join(", ")
        )));
    }
    let hooks = [req.webhooks.union, req.webhooks.confederate].map(|u| u.filter(|u| !u.trim().is_empty()));
    let meta = hub.create(&req.scenario, req.options, [req.seats.union, req.seats.confederate], hooks).await?;
    let title = catalog::scenario(&meta.scenario).map(|s| s.title).unwrap_or_default();
    let mut seats = serde_json::Map::new();
    for side in Side::BOTH {
        let mut seat = json!({"player": meta.players[side.index()]});
        if let Some(hook) = &meta.webhooks[side.index()] {
            seat["webhook"] = json!(hook);
        }
        if let Some(t) = &meta.tokens[side.index()] {
            seat["token"] = json!(t);
            seat["link"] = json!(format!("/game/{}?seat={t}", meta.id));
        }
        seats.insert(side.name().into(), seat);
    }
    json_ok(
        StatusCode::CREATED,
        json!({"id": meta.id, "scenario": meta.scenario, "title": title, "seats": seats,
               "spectator": format!("/game/{}", meta.id)}),
    )
}

async fn map_svg(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Answer {
    let svg = hub.with(&id, |s| s.map_svg()).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "max-age=3600")], svg).into_response())
}

/// The map's key as an SVG document (`render::legend_svg`), for the page's legend.
async fn legend_svg(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Answer {
    let svg = hub.with(&id, |s| s.legend_svg()).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "max-age=3600")], svg).into_response())
}

#[derive(Deserialize)]
struct StateQuery {
    seat: Option<String>,
    #[serde(default)]
    log_from: usize,
}

async fn state(State(hub): State<Arc<Hub>>, Path(id): Path<String>, Query(q): Query<StateQuery>) -> Answer {
    json_text(hub.state(&id, q.seat.as_deref(), q.log_from).await?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    seat: Option<String>,
    seq: u64,
    #[serde(default)]
    action: Option<Value>,
    #[serde(default)]
    log_from: usize,
    /// Undo only: take back every action from this ply on (one click's, API.md).
    #[serde(default)]
    ply: Option<usize>,
}

async fn act(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Bytes) -> Answer {
    let req: ActBody = parse(&body)?;
    let action = req.action.clone().ok_or_else(|| ApiError::bad_request("missing field `action`"))?;
    answer_change(&hub, &id, &req, hub.act(&id, req.seat.as_deref(), req.seq, &action).await).await
}

/// The position an action would leave, played on a copy: nothing is stored or announced.
async fn preview(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Bytes) -> Answer {
    let req: ActBody = parse(&body)?;
    let action = req.action.clone().ok_or_else(|| ApiError::bad_request("missing field `action`"))?;
    let v = hub
        .with(&id, |s| {
            asking_seat(s, req.seq, req.seat.as_deref(), "previews")?;
            let side = seat_of(s.meta(), req.seat.as_deref()).side().expect("asking_seat checked the seat");
            s.preview(side, &action).map_err(HubError::Refused)
        })
        .await??;
    json_ok(StatusCode::OK, v)
}

async fn undo(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Bytes) -> Answer {
    let req: ActBody = parse(&body)?;
    answer_change(&hub, &id, &req, hub.undo(&id, req.seat.as_deref(), req.seq, req.ply).await).await
}

/// The state after a change; a stale request gets the current state with its 409.
async fn answer_change(hub: &Arc<Hub>, id: &str, req: &ActBody, result: Result<u64, HubError>) -> Answer {
    match result {
        Ok(_) => json_text(hub.state(id, req.seat.as_deref(), req.log_from).await?),
        Err(e @ HubError::Stale { .. }) => {
            let mut err = ApiError::from(e);
            let state = hub.state(id, req.seat.as_deref(), req.log_from).await?;
            err.body["state"] = serde_json::from_str(&state).unwrap_or(Value::Null);
            Err(err)
        }
        Err(e) => Err(e.into()),
    }
}

#[derive(Deserialize)]
struct ReplayQuery {
    ply: usize,
}

async fn replay(State(hub): State<Arc<Hub>>, Path(id): Path<String>, Query(q): Query<ReplayQuery>) -> Answer {
    let v = hub.with(&id, |s| s.replay(q.ply)).await?.map_err(|r| ApiError::from(HubError::Refused(r)))?;
    json_ok(StatusCode::OK, v)
}

#[derive(Deserialize)]
struct OddsQuery {
    seq: u64,
    index: usize,
    seat: Option<String>,
    /// A unit the page sends in after the action, by the same click (an Assault announced
    /// with a brigade selected, which then joins it): the odds are of the two together.
    follow: Option<String>,
}

async fn odds(State(hub): State<Arc<Hub>>, Path(id): Path<String>, Query(q): Query<OddsQuery>) -> Answer {
    let key = crate::memo::Key { game: id.clone(), seq: q.seq, index: q.index, follow: q.follow.clone() };
    let claim = hub
        .with(&id, |s| {
            asking_seat(s, q.seq, q.seat.as_deref(), "odds")?;
            match hub.odds_memo.claim(&key) {
                crate::memo::Claim::Found(rx) => Ok::<_, HubError>((rx, None)),
                crate::memo::Claim::Mine(tx, rx) => {
                    Ok((rx, Some((tx, s.odds(q.index, q.follow.as_deref()).map_err(HubError::Refused)?))))
                }
            }
        })
        .await??;
    let (rx, mine) = claim;
    run_kept(&hub, rx, mine).await
}

/// Odds kept once worked out ([`crate::memo`]): the request that claimed them starts the
/// work as [`run_job`] does, but the work, once it has a slot, runs to its end and keeps its
/// answer whether or not its request is still waiting; any request for the same odds waits
/// on the same answer within its own budget.
async fn run_kept(
    hub: &Arc<Hub>,
    mut rx: tokio::sync::watch::Receiver<crate::memo::Answer>,
    mine: Option<(tokio::sync::watch::Sender<crate::memo::Answer>, crate::session::Job)>,
) -> Answer {
    let budget = std::time::Duration::from_secs_f64(hub.settings().limits.analysis_seconds);
    let started = tokio::time::Instant::now();
    if mine.is_none() && rx.borrow().is_some() {
        hub.metrics.odds_kept.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    if let Some((tx, job)) = mine {
        // No slot within the budget, or a panic: the sender goes unanswered, which frees the
        // key for the next ask.
        let hub = Arc::clone(hub);
        tokio::spawn(async move {
            if let Some(Some(v)) = on_slot(hub, budget, job).await {
                let _ = tx.send(Some(v));
            }
        });
    }
    let left = budget.saturating_sub(started.elapsed());
    let answered = tokio::time::timeout(left, rx.wait_for(Option::is_some)).await;
    match answered {
        Ok(Ok(v)) => {
            let v = v.clone().expect("answered");
            json_ok(StatusCode::OK, v.map_err(|r| ApiError::from(HubError::Refused(r)))?)
        }
        // Never ran (no slot in time) or still at work: the work keeps its answer for the next ask.
        Ok(Err(_)) | Err(_) => Err(over_budget(hub, budget)),
    }
}

/// 503 `over_budget`, counted.
fn over_budget(hub: &Hub, budget: std::time::Duration) -> ApiError {
    hub.metrics.analysis_over_budget.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "over_budget",
        format!("this analysis takes more than this server's {} s budget", budget.as_secs_f64()),
    )
}

#[derive(Deserialize)]
struct WhyQuery {
    seq: u64,
    seat: Option<String>,
    hex: Option<String>,
    unit: Option<String>,
    #[serde(default)]
    finish: bool,
}

/// Why something the seat to act looked for is not offered: `hex` (with `unit` selected),
/// `unit` alone, or `finish=true` (Done).
async fn why(State(hub): State<Arc<Hub>>, Path(id): Path<String>, Query(q): Query<WhyQuery>) -> Answer {
    let probe = match (q.finish, q.hex, q.unit) {
        (true, _, _) => engine::Probe::Finish,
        (false, Some(hex), unit) => engine::Probe::Hex { hex, unit },
        (false, None, Some(unit)) => engine::Probe::Unit { unit },
        (false, None, None) => {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad_request",
                "ask about a hex, a unit or finish=true",
            ));
        }
    };
    let v = hub
        .with(&id, |s| {
            asking_seat(s, q.seq, q.seat.as_deref(), "reasons")?;
            Ok::<_, HubError>(s.why(&probe))
        })
        .await??;
    json_ok(StatusCode::OK, v)
}

/// An analysis request (odds, reasons) about the position a seat saw: `seq` must be the
/// current one and `seat` a seat's token.
fn asking_seat(s: &dyn Session, seq: u64, seat: Option<&str>, what: &str) -> Result<(), HubError> {
    if s.seq() != seq {
        return Err(HubError::Stale { current: s.seq(), expected: seq });
    }
    if seat_of(s.meta(), seat).side().is_none() {
        return Err(HubError::Forbidden(format!("{what} are for the seat to act")));
    }
    Ok(())
}

#[derive(Deserialize)]
struct UnitActionsQuery {
    seat: Option<String>,
    unit: String,
}

/// The hex actions of one unit, for a state that only counted them (`unit_actions`).
async fn unit_actions(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<UnitActionsQuery>,
) -> Answer {
    let text = hub.with(&id, |s| s.unit_actions(seat_of(s.meta(), q.seat.as_deref()).side(), &q.unit)).await?;
    json_text(text)
}

/// Everywhere a unit can get to this phase, with the actions that take it there.
async fn reach(State(hub): State<Arc<Hub>>, Path(id): Path<String>, Query(q): Query<UnitActionsQuery>) -> Answer {
    let text = hub.with(&id, |s| s.reach(seat_of(s.meta(), q.seat.as_deref()).side(), &q.unit)).await?;
    json_text(text)
}

/// The bots the lobby offers, each with what it is (issue 15: the lobby explains itself),
/// those within this server's ceiling (issue 18), and the ceiling. Strength from
/// `docs/performance.md` ("Bots: strength"); speed on this class of machine.
fn bots_offered(hub: &Hub) -> Value {
    let ceiling = hub.settings().limits.ceiling();
    let about = [
        ("random", "Picks any legal move at random. Instant. For trying the rules, not for a game."),
        (
            "greedy",
            "Looks one decision ahead, weighing the dice exactly, and takes the best by the scenario's evaluation. A few milliseconds a move; the reference opponent the balance figures use.",
        ),
        (
            "mcts:0.5s",
            "Monte Carlo tree search, half a second a decision. About as strong as greedy, with some variety.",
        ),
        (
            "mcts:2s",
            "Monte Carlo tree search, two seconds a decision with a real choice in it. The strongest offered here; a bot's turn takes a while: a few minutes in Belmont, where each company's activation is many small decisions.",
        ),
    ];
    let about: Vec<_> =
        about.into_iter().filter(|(b, _)| bots::parse_bot_spec(b).is_ok_and(|s| s.within(&ceiling).is_ok())).collect();
    json!({
        "bots": about.iter().map(|(b, _)| *b).collect::<Vec<_>>(),
        "about": about.iter().map(|(b, d)| (b.to_string(), json!(d))).collect::<serde_json::Map<String, Value>>(),
        "ceiling": {"seconds": ceiling.time.as_secs_f64(), "iterations": ceiling.iterations},
    })
}

/// The map's terrain legend and the ruleset's player aids: `{"terrain": [{"terrain", "name",
/// "fill"}], "aids": [{"title", "rule", "columns", "rows", "key"}]}`.
/// The game as a record for the command line (`muster replay`, `position`, `odds`), as a
/// download named after the game.
async fn record(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Answer {
    let v = hub.with(&id, |s| s.record()).await?;
    let name = format!("attachment; filename=\"muster-{id}.json\"");
    let body = serde_json::to_string_pretty(&v).unwrap_or_default();
    Ok(([(header::CONTENT_TYPE, "application/json".to_string()), (header::CONTENT_DISPOSITION, name)], body)
        .into_response())
}

async fn legend(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Answer {
    let v = hub.with(&id, |s| s.legend()).await?;
    json_ok(StatusCode::OK, v)
}

/// Where each turn and each side's stretch of play begins, for replay by turn and phase.
async fn marks(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Answer {
    let job = hub.with(&id, |s| s.marks()).await?;
    run_job(&hub, job).await
}

/// Runs analysis work off the game's lock, on a blocking thread, once one of the server's
/// analysis slots is free (issue 18: bounded analysis). Work over the time budget is
/// answered 503 `over_budget`; its thread keeps the slot until it ends, so the CPU given to
/// analysis stays bounded.
async fn run_job(hub: &Arc<Hub>, job: crate::session::Job) -> Answer {
    let budget = std::time::Duration::from_secs_f64(hub.settings().limits.analysis_seconds);
    let v = tokio::time::timeout(budget, on_slot(Arc::clone(hub), budget, job))
        .await
        .ok()
        .flatten()
        .ok_or_else(|| over_budget(hub, budget))?
        .ok_or_else(|| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", "the analysis failed"))?
        .map_err(|r| ApiError::from(HubError::Refused(r)))?;
    json_ok(StatusCode::OK, v)
}

/// Runs `job` on the analysis pool once one of the server's analysis slots is free, waiting
/// at most `budget` for one: `None` with no slot in time, else the work's answer (itself
/// `None` if the work panicked). Once queued the work runs to its end with its slot, whether
/// or not anyone still awaits it, so the CPU given to analysis stays bounded.
async fn on_slot(
    hub: Arc<Hub>,
    budget: std::time::Duration,
    job: crate::session::Job,
) -> Option<Option<Result<Value, Refusal>>> {
    let permit = tokio::time::timeout(budget, Arc::clone(&hub.analysis_slots).acquire_owned()).await.ok()?.ok()?;
    let running = Arc::clone(&hub);
    running.metrics.analysis_running.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let work = hub.analysis_pool.run(move || {
        let v = job();
        running.metrics.analysis_running.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
        drop(permit);
        v
    });
    Some(work.await)
}

#[derive(Deserialize)]
struct ChatQuery {
    #[serde(default)]
    from: u64,
}

/// The game's chat from line `from` on: `{"lines": [{"n", "at", "seat", "text"}]}`. Anyone
/// with the game's link reads it.
async fn chat(State(hub): State<Arc<Hub>>, Path(id): Path<String>, Query(q): Query<ChatQuery>) -> Answer {
    let lines = hub.chat(&id, q.from).await?;
    json_ok(StatusCode::OK, json!({ "lines": lines }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SayBody {
    seat: Option<String>,
    text: String,
}

/// A seat says a line in the chat; answers the line as stored.
async fn say(State(hub): State<Arc<Hub>>, Path(id): Path<String>, body: Bytes) -> Answer {
    let req: SayBody = parse(&body)?;
    let line = hub.say(&id, req.seat.as_deref(), &req.text).await?;
    json_ok(StatusCode::CREATED, json!({ "line": line }))
}

/// A game in a line, for the lobby's "My games" (whose move, the players, the result).
async fn summary(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Answer {
    let v = hub.with(&id, |s| s.summary()).await?;
    json_ok(StatusCode::OK, v)
}

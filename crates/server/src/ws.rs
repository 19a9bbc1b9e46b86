//! A game's WebSocket (`API.md`): pushes `update` on every change, and takes actions,
//! undo and legal-action requests for its seat, each answered by `ack` or `error` once
//! durable. A malformed message gets an error and the socket stays open; an oversized
//! one closes it (the limit is set on the upgrade).

use crate::api::{ApiError, MAX_BODY, parse};
use crate::hub::{Hub, HubError};
use crate::ratelimit::Kind;
use crate::session::actor_name;
use crate::store::ChatLine;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use tokio::sync::{broadcast, mpsc};

#[derive(Deserialize)]
pub(crate) struct WsQuery {
    seat: Option<String>,
}

/// `GET /api/games/{id}/ws`: checks the game exists, then upgrades.
pub(crate) async fn upgrade(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(q): Query<WsQuery>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: axum::http::HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    let ip = crate::api::client_of(&hub, &headers, Some(peer));
    let slot = match hub.slot(&id).await {
        Ok(s) => s,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let updates = slot.updates.subscribe();
    let chat = slot.chat.subscribe();
    ws.max_message_size(MAX_BODY)
        .max_frame_size(MAX_BODY)
        // tungstenite clears its whole read buffer before each read: keep it small.
        .read_buffer_size(8 * 1024)
        .on_upgrade(move |socket| serve(socket, hub, id, q.seat, ip, updates, chat))
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
enum ClientMsg {
    Action { id: Option<Value>, seq: u64, action: Value },
    Undo { id: Option<Value>, seq: u64, ply: Option<usize> },
    Legal { id: Option<Value> },
    Chat { id: Option<Value>, text: String },
}

async fn serve(
    socket: WebSocket,
    hub: Arc<Hub>,
    game: String,
    token: Option<String>,
    ip: Option<IpAddr>,
    mut updates: broadcast::Receiver<u64>,
    mut chat: broadcast::Receiver<ChatLine>,
) {
    hub.metrics.sockets.fetch_add(1, Ordering::Relaxed);
    let (mut sink, mut stream) = socket.split();
    let (out, mut outgoing) = mpsc::channel::<String>(64);
    // One writer task owns the sink: updates and answers go through `out`.
    let writer = tokio::spawn(async move {
        while let Some(v) = outgoing.recv().await {
            if sink.send(Message::text(v)).await.is_err() {
                break;
            }
        }
    });
    let seq = hub.with(&game, |s| s.seq()).await.unwrap_or(0);
    let _ = out.send(update(seq)).await;
    let pusher = {
        let out = out.clone();
        tokio::spawn(async move {
            loop {
                let msg = tokio::select! {
                    u = updates.recv() => match u {
                        Ok(seq) => update(seq),
                        // Missed some: the latest will do, the page refetches the state anyway.
                        Err(broadcast::error::RecvError::Lagged(_)) => continue,
                        Err(broadcast::error::RecvError::Closed) => break,
                    },
                    c = chat.recv() => match c {
                        Ok(line) => json!({"type": "chat", "line": line}).to_string(),
                        // Missed lines: the page asks for the chat from its last line.
                        Err(broadcast::error::RecvError::Lagged(_)) => json!({"type": "chat_lagged"}).to_string(),
                        Err(broadcast::error::RecvError::Closed) => break,
                    },
                };
                if out.send(msg).await.is_err() {
                    break;
                }
            }
        })
    };
    // Refusals for rate in a row: a client that keeps sending through a whole burst's worth
    // of them is not listening, and is cut off (it may connect again, as a read).
    let mut refused = 0u32;
    let cut_off = hub.settings().limits.rates.socket.burst;
    while let Some(Ok(msg)) = stream.next().await {
        let text = match msg {
            Message::Text(t) => t,
            Message::Close(_) => break,
            _ => continue,
        };
        let reply = match ip.map(|ip| limited(&hub, ip, text.as_bytes())) {
            Some(Err(refusal)) => {
                refused += 1;
                if refused > cut_off {
                    hub.metrics.sockets_cut.fetch_add(1, Ordering::Relaxed);
                    break;
                }
                refusal
            }
            _ => {
                refused = 0;
                answer(&hub, &game, token.as_deref(), text.as_bytes()).await
            }
        };
        if out.send(reply).await.is_err() {
            break;
        }
    }
    pusher.abort();
    drop(out);
    let _ = writer.await;
    hub.metrics.sockets.fetch_sub(1, Ordering::Relaxed);
}

/// The socket's rate limits (issue 18): every message counts against the socket limit, and
/// an action, undo or chat line against the moves limit as well; over either, an `error`
/// `rate_limited` with `retry_after` (seconds) and the message is dropped. More refusals in
/// a row than the socket burst close the socket.
fn limited(hub: &Hub, ip: IpAddr, text: &[u8]) -> Result<(), String> {
    let msg = serde_json::from_slice::<Value>(text).unwrap_or(Value::Null);
    let moves = matches!(msg["type"].as_str(), Some("action" | "undo" | "chat"));
    let kinds: &[Kind] = if moves { &[Kind::Socket, Kind::Actions] } else { &[Kind::Socket] };
    for &kind in kinds {
        if let Err(wait) = hub.limiter.check(ip, kind) {
            hub.metrics.limited[kind.index()].fetch_add(1, Ordering::Relaxed);
            return Err(error(msg.get("id").cloned(), crate::api::too_many(kind, wait).into_body(), None));
        }
    }
    Ok(())
}

fn update(seq: u64) -> String {
    json!({"type": "update", "seq": seq}).to_string()
}

/// The `legal` answer, written around the actions' JSON as the ruleset serialised it (a
/// set-up lists tens of thousands: no JSON tree is built for them).
#[derive(Serialize)]
struct LegalMsg<'a> {
    r#type: &'static str,
    id: Option<Value>,
    seq: u64,
    actor: &'static str,
    actions: &'a RawValue,
}

async fn answer(hub: &Arc<Hub>, game: &str, token: Option<&str>, text: &[u8]) -> String {
    let msg: ClientMsg = match parse(text) {
        Ok(m) => m,
        Err(e) => return error(None, e.into_body(), None),
    };
    let (id, result) = match msg {
        ClientMsg::Action { id, seq, action } => (id, hub.act(game, token, seq, &action).await),
        ClientMsg::Undo { id, seq, ply } => (id, hub.undo(game, token, seq, ply).await),
        ClientMsg::Chat { id, text } => {
            return match hub.say(game, token, &text).await {
                Ok(line) => json!({"type": "ack", "id": id, "line": line}).to_string(),
                Err(e) => error(id, ApiError::from(e).into_body(), None),
            };
        }
        ClientMsg::Legal { id } => {
            return match hub.with(game, |s| (s.seq(), s.actor(), s.legal_json())).await {
                Ok((seq, actor, actions)) => {
                    let actions = RawValue::from_string(actions).expect("the ruleset wrote JSON");
                    let msg = LegalMsg { r#type: "legal", id, seq, actor: actor_name(actor), actions: &actions };
                    serde_json::to_string(&msg).expect("messages serialise")
                }
                Err(e) => error(id, ApiError::from(e).into_body(), None),
            };
        }
    };
    match result {
        Ok(seq) => json!({"type": "ack", "id": id, "seq": seq}).to_string(),
        Err(e) => {
            let current = match &e {
                HubError::Stale { current, .. } => Some(*current),
                _ => hub.with(game, |s| s.seq()).await.ok(),
            };
            error(id, ApiError::from(e).into_body(), current)
        }
    }
}

fn error(id: Option<Value>, mut body: Value, seq: Option<u64>) -> String {
    body["type"] = json!("error");
    body["id"] = json!(id);
    if let Some(seq) = seq {
        body["seq"] = json!(seq);
    }
    body.to_string()
}

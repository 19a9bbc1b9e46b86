//! The attack beside the measured load (issue 18): K clients, each from an address of its
//! own (`10.66.0.K`, sent as `X-Forwarded-For`), doing at once the four things the issue
//! names, as fast as the server answers and whatever it answers:
//! - making games, each with both seats the longest bot the server offers;
//! - sending moves that are not legal, and undo, to a human game of their own;
//! - asking for odds, replay marks, replays and reach;
//! - sending socket messages (`legal`, the largest answer) without waiting.
//!
//! It counts what it sent and how the server answered; it never stops for a 429.

use super::{Target, http, open_socket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio_tungstenite::tungstenite::Message;

/// What the attack did, by request kind and answer.
#[derive(Default, Debug)]
pub struct Attack {
    /// (kind, status) -> count; status 0 is a transport failure.
    pub answers: BTreeMap<(&'static str, u16), u64>,
    /// Socket messages sent, and `rate_limited` errors received.
    pub socket_sent: u64,
    /// See `socket_sent`.
    pub socket_limited: u64,
}

impl Attack {
    fn count(&mut self, kind: &'static str, status: u16) {
        *self.answers.entry((kind, status)).or_default() += 1;
    }

    /// As JSON: `{"answers": {"create 429": n, ...}, "socket_sent", "socket_limited"}`.
    pub fn json(&self) -> Value {
        let answers: serde_json::Map<String, Value> =
            self.answers.iter().map(|((k, s), n)| (format!("{k} {s}"), json!(n))).collect();
        json!({"answers": answers, "socket_sent": self.socket_sent, "socket_limited": self.socket_limited})
    }

    /// As lines of the text report.
    pub fn text(&self) -> String {
        let list: Vec<String> = self.answers.iter().map(|((k, s), n)| format!("{k} {s}: {n}")).collect();
        format!(
            "attack: {}\nattack sockets: {} messages sent, {} refused for rate\n",
            list.join(", "),
            self.socket_sent,
            self.socket_limited
        )
    }
}

/// Runs `clients` attackers until `until`, and returns what they did.
pub fn attack(target: Target, clients: usize, until: Instant) -> tokio::task::JoinHandle<Attack> {
    tokio::spawn(async move {
        let tally = Arc::new(Mutex::new(Attack::default()));
        let bot = longest_bot(&target).await;
        let mut tasks = tokio::task::JoinSet::new();
        for k in 0..clients {
            let mut t = target.clone();
            t.from = Some(format!("10.66.{}.{}", k / 250, k % 250 + 1));
            for role in 0..4 {
                let (t, tally, bot) = (t.clone(), Arc::clone(&tally), bot.clone());
                tasks.spawn(async move {
                    match role {
                        0 => creator(&t, &bot, &tally, until).await,
                        1 => mover(&t, &tally, until).await,
                        2 => analyst(&t, &tally, until).await,
                        _ => chatterer(&t, &tally, until).await,
                    }
                });
            }
        }
        while tasks.join_next().await.is_some() {}
        Arc::try_unwrap(tally).map(|m| m.into_inner().expect("tally")).unwrap_or_default()
    })
}

/// The slowest bot the server offers (the lobby's list is within its ceiling), and past it
/// a day a decision, which it must refuse.
async fn longest_bot(target: &Target) -> String {
    match http(target, "GET", "/api/bots", None).await {
        Ok((_, v)) => v["ceiling"]["seconds"].as_f64().map_or_else(|| "mcts:2s".into(), |s| format!("mcts:{s}s")),
        Err(_) => "mcts:2s".into(),
    }
}

fn new_game(union: &str, confederate: &str) -> Value {
    json!({"scenario": "fotm", "seats": {"union": union, "confederate": confederate}})
}

async fn creator(t: &Target, bot: &str, tally: &Mutex<Attack>, until: Instant) {
    let mut k = 0u64;
    while Instant::now() < until {
        // Every fourth asks a day a decision, past any ceiling.
        let b = if k % 4 == 3 { "mcts:86400s" } else { bot };
        let status = http(t, "POST", "/api/games", Some(&new_game(b, b))).await.map_or(0, |(s, _)| s);
        tally.lock().expect("tally").count("create", status);
        k += 1;
    }
}

/// A human game of the attacker's own, for the other three to hammer: its id and the Union
/// seat's token, or none when the server will not make one now.
async fn own_game(t: &Target) -> Option<(String, String)> {
    for _ in 0..50 {
        if let Ok((201, g)) = http(t, "POST", "/api/games", Some(&new_game("human", "human"))).await {
            return Some((g["id"].as_str()?.to_string(), g["seats"]["union"]["token"].as_str()?.to_string()));
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    None
}

async fn mover(t: &Target, tally: &Mutex<Attack>, until: Instant) {
    let Some((id, token)) = own_game(t).await else { return };
    let path = format!("/api/games/{id}/actions");
    while Instant::now() < until {
        let junk = json!({"seat": token, "seq": 0, "action": {"Nonsense": 99}});
        let status = http(t, "POST", &path, Some(&junk)).await.map_or(0, |(s, _)| s);
        tally.lock().expect("tally").count("move", status);
    }
}

async fn analyst(t: &Target, tally: &Mutex<Attack>, until: Instant) {
    let Some((id, token)) = own_game(t).await else { return };
    let asks = [
        format!("/api/games/{id}/odds?seq=0&index=0&seat={token}"),
        format!("/api/games/{id}/marks"),
        format!("/api/games/{id}/replay?ply=0"),
        format!("/api/games/{id}/reach?unit=Scammon&seat={token}"),
    ];
    let mut k = 0usize;
    while Instant::now() < until {
        let status = http(t, "GET", &asks[k % asks.len()], None).await.map_or(0, |(s, _)| s);
        tally.lock().expect("tally").count("analysis", status);
        k += 1;
    }
}

async fn chatterer(t: &Target, tally: &Mutex<Attack>, until: Instant) {
    let Some((id, token)) = own_game(t).await else { return };
    let url = t.ws_url(&id, &token);
    let Ok(socket) = open_socket(t, &url).await else {
        tally.lock().expect("tally").count("socket-open", 0);
        return;
    };
    let (mut sink, mut stream) = socket.split();
    let reader = tokio::spawn(async move {
        let mut limited = 0u64;
        while let Some(Ok(m)) = stream.next().await {
            if let Message::Text(text) = m
                && text.contains("rate_limited")
            {
                limited += 1;
            }
        }
        limited
    });
    let mut sent = 0u64;
    while Instant::now() < until {
        if sink.send(Message::text(json!({"type": "legal", "id": sent}).to_string())).await.is_err() {
            break;
        }
        sent += 1;
        if sent.is_multiple_of(64) {
            tokio::task::yield_now().await;
        }
    }
    let _ = sink.close().await;
    let limited = tokio::time::timeout(std::time::Duration::from_secs(5), reader).await.ok().and_then(Result::ok);
    let mut a = tally.lock().expect("tally");
    a.socket_sent += sent;
    a.socket_limited += limited.unwrap_or(0);
}

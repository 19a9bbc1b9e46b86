//! The live games: each loaded once from the store into a slot, changed only under its
//! slot's lock, and written to the store before anyone is told. The hub also plays the
//! bot seats and tells every watcher of a game (its WebSockets) when it changed.
//!
//! Invariant: a session in memory never runs ahead of the store. An action is applied in
//! memory, its entries appended, and only when the append is durable is it acknowledged
//! and announced; if the append fails, the slot is emptied and the game reloaded from the
//! store, so the in-memory position falls back to what is durable.

use crate::metrics::Metrics;
use crate::session::{self, BotStatus, Refusal, Session};
use crate::store::{ChatLine, GameMeta, Store, StoreError, StoredGame};
use crate::{Settings, webhook};
use engine::{Actor, Side};
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::{Mutex as AsyncMutex, broadcast};

/// Why the hub refused a request.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// No game with this id.
    #[error("no game '{0}'")]
    NotFound(String),
    /// The request is malformed (unknown scenario, option or bot).
    #[error("{0}")]
    BadRequest(String),
    /// No seat has this token, or it is not that seat's decision.
    #[error("{0}")]
    Forbidden(String),
    /// The sequence number is not the current one.
    #[error("stale: the game is at entry {current}, the request expected {expected}")]
    Stale {
        /// The current sequence number.
        current: u64,
        /// What the request said.
        expected: u64,
    },
    /// The session refused it.
    #[error("{0}")]
    Refused(Refusal),
    /// The server is at a limit that will pass (its bots' queue is full).
    #[error("{0}")]
    Busy(String),
    /// The store failed.
    #[error("{0}")]
    Store(#[from] StoreError),
}

/// One game in memory.
pub struct Slot {
    session: AsyncMutex<Option<Box<dyn Session>>>,
    /// Sends the new sequence number on every change.
    pub updates: broadcast::Sender<u64>,
    /// Sends every chat line said (here, or through another instance).
    pub chat: broadcast::Sender<ChatLine>,
    thinking: AtomicBool,
    /// The bot is queued for a thinking slot.
    waiting: AtomicBool,
    /// When it was last asked for, in seconds since the Unix epoch.
    touched: std::sync::atomic::AtomicI64,
    /// When the store last heard it was played (see [`Hub::commit`]).
    stored_touch: std::sync::atomic::AtomicI64,
}

impl Slot {
    fn new(session: Option<Box<dyn Session>>) -> Slot {
        Slot {
            session: AsyncMutex::new(session),
            updates: broadcast::channel(64).0,
            chat: broadcast::channel(64).0,
            thinking: AtomicBool::new(false),
            waiting: AtomicBool::new(false),
            touched: std::sync::atomic::AtomicI64::new(now()),
            stored_touch: std::sync::atomic::AtomicI64::new(0),
        }
    }

    /// Whether it may leave memory: nobody holds it, watches it or thinks in it.
    fn idle(self: &Arc<Self>) -> bool {
        Arc::strong_count(self) == 1 && !self.watched() && !self.thinking.load(Ordering::Acquire)
    }

    /// Whether anyone is watching (a socket holds a receiver).
    fn watched(&self) -> bool {
        self.updates.receiver_count() > 0 || self.chat.receiver_count() > 0
    }
}

/// The longest chat line, in characters.
pub const CHAT_CHARS: usize = 500;

/// The most chat lines a game keeps; past them the chat is full.
pub const CHAT_LINES: u64 = 2_000;

/// A seat, as a token resolves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// One side's player.
    Player(Side),
    /// Anyone else: watches only.
    Spectator,
}

impl Seat {
    /// The side, for a player.
    #[must_use]
    pub fn side(self) -> Option<Side> {
        match self {
            Seat::Player(s) => Some(s),
            Seat::Spectator => None,
        }
    }
}

/// Every game the server has touched since it started, and the store behind them.
pub struct Hub {
    store: Store,
    slots: Mutex<HashMap<String, Arc<Slot>>>,
    settings: Settings,
    /// Bots thinking at once ([`crate::config::Limits::bots_thinking`]).
    bot_slots: Arc<tokio::sync::Semaphore>,
    /// The threads they think on, below the players' priority.
    bot_pool: crate::pool::LowPool,
    /// The threads analysis runs on, below the players' priority too.
    pub(crate) analysis_pool: crate::pool::LowPool,
    /// Analysis requests worked on at once ([`crate::config::Limits::analysis_running`]).
    pub(crate) analysis_slots: Arc<tokio::sync::Semaphore>,
    /// Odds once worked out, and those under way (`crate::memo`).
    pub(crate) odds_memo: crate::memo::Memo,
    /// What `/metrics` reports.
    pub metrics: Metrics,
    /// Rate limits per client.
    pub limiter: crate::ratelimit::Limiter,
}

const ALPHABET: &[u8; 32] = b"abcdefghijkmnpqrstuvwxyz23456789";

/// `n` random base-32 characters (5 bits each) from the operating system's source.
pub(crate) fn random_word(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes.iter().map(|b| ALPHABET[usize::from(b & 31)] as char).collect()
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

impl Hub {
    /// A hub over `store`. Over PostgreSQL it also follows other instances' appends, so a
    /// page connected here hears of a move made through another instance. Call from
    /// within the async runtime.
    #[must_use]
    pub fn new(store: Store) -> Arc<Hub> {
        Hub::with_settings(store, Settings::default())
    }

    /// A hub under the operator's `settings` (see [`Hub::new`]).
    #[must_use]
    pub fn with_settings(store: Store, settings: Settings) -> Arc<Hub> {
        let appended = store.appended();
        let chatted = store.chatted();
        let settings_rates = settings.limits.rates;
        let bot_slots = Arc::new(tokio::sync::Semaphore::new(settings.limits.bots_thinking));
        let bot_pool = crate::pool::LowPool::new("bot", settings.limits.bots_thinking);
        let analysis_pool = crate::pool::LowPool::new("analysis", settings.limits.analysis_running);
        let analysis_slots = Arc::new(tokio::sync::Semaphore::new(settings.limits.analysis_running));
        let hub = Arc::new(Hub {
            store,
            slots: Mutex::new(HashMap::new()),
            settings,
            bot_pool,
            analysis_pool,
            bot_slots,
            analysis_slots,
            odds_memo: crate::memo::Memo::default(),
            metrics: Metrics::default(),
            limiter: crate::ratelimit::Limiter::new(settings_rates),
        });
        if let Some(appended) = appended {
            hub.follow(appended, |hub, id, seq| Box::pin(async move { hub.catch_up(&id, seq).await }));
        }
        if let Some(chatted) = chatted {
            hub.follow(chatted, |hub, id, n| Box::pin(async move { hub.relay_chat(&id, n).await }));
        }
        // Games nobody has played for `expire_days` are deleted, looked for every hour.
        let days = hub.settings.limits.expire_days;
        if days > 0 {
            let weak = Arc::downgrade(&hub);
            tokio::spawn(async move {
                loop {
                    let Some(hub) = weak.upgrade() else { break };
                    let before = now().saturating_sub(i64::try_from(days.saturating_mul(86_400)).unwrap_or(i64::MAX));
                    match hub.store.expire(before).await {
                        Ok(0) => {}
                        Ok(n) => eprintln!("expired {n} games nobody had played for {days} days"),
                        Err(e) => eprintln!("game expiry failed: {e}"),
                    }
                    drop(hub);
                    tokio::time::sleep(std::time::Duration::from_secs(3_600)).await;
                }
            });
        }
        // Games untouched for `idle_minutes` leave memory, looked for every minute (or
        // sooner when the setting is shorter).
        let idle = i64::try_from(hub.settings.limits.idle_minutes.saturating_mul(60)).unwrap_or(i64::MAX);
        let weak = Arc::downgrade(&hub);
        tokio::spawn(async move {
            let every = std::time::Duration::from_secs(u64::try_from(idle.clamp(1, 60)).unwrap_or(60));
            loop {
                tokio::time::sleep(every).await;
                let Some(hub) = weak.upgrade() else { break };
                hub.let_go_idle(idle);
            }
        });
        hub
    }

    /// Lets go every game untouched for `idle` seconds that nobody holds, watches or thinks in
    /// (it is all in the store); returns how many went.
    pub fn let_go_idle(&self, idle: i64) -> usize {
        let cutoff = now().saturating_sub(idle);
        let mut slots = self.slots.lock().expect("slots");
        let before = slots.len();
        slots.retain(|_, s| s.touched.load(Ordering::Relaxed) > cutoff || !s.idle());
        before - slots.len()
    }

    /// Runs `f` on every notice another instance sends through the database, for as long as
    /// the hub lives.
    fn follow(
        self: &Arc<Self>,
        mut notices: broadcast::Receiver<(String, u64)>,
        f: fn(Arc<Hub>, String, u64) -> futures_util::future::BoxFuture<'static, ()>,
    ) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let (id, n) = match notices.recv().await {
                    Ok(x) => x,
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => break,
                };
                let Some(hub) = weak.upgrade() else { break };
                f(hub, id, n).await;
            }
        });
    }

    /// A chat line was said through some instance: if game `id` is watched here, pass it on
    /// (a line said here arrives twice; pages keep one per number).
    async fn relay_chat(self: &Arc<Self>, id: &str, n: u64) {
        let Some(slot) = self.slots.lock().expect("slots").get(id).cloned() else { return };
        if slot.chat.receiver_count() == 0 {
            return;
        }
        if let Ok(lines) = self.store.chat(id, n).await {
            for line in lines.into_iter().filter(|l| l.n == n) {
                let _ = slot.chat.send(line);
            }
        }
    }

    /// Says `text` in game `id`'s chat as the seat holding `token`: stored, then sent to
    /// every watcher. Spectators read the chat but do not write in it.
    ///
    /// # Errors
    /// [`HubError::Forbidden`] for a spectator; [`HubError::BadRequest`] for an empty or
    /// over-long line or a full chat; [`HubError::NotFound`]; [`HubError::Store`].
    pub async fn say(self: &Arc<Self>, id: &str, token: Option<&str>, text: &str) -> Result<ChatLine, HubError> {
        let slot = self.slot(id).await?;
        let meta = self.with(id, |s| s.meta().clone()).await?;
        let Seat::Player(side) = seat_of(&meta, token) else {
            return Err(HubError::Forbidden(
                "this link is a spectator's: it reads the chat but cannot write in it".into(),
            ));
        };
        // Control characters other than line breaks are dropped: a line is text.
        let text: String = text.trim().chars().filter(|c| !c.is_control() || *c == '\n').collect();
        if text.is_empty() {
            return Err(HubError::BadRequest("a chat line needs some text".into()));
        }
        let chars = text.chars().count();
        if chars > CHAT_CHARS {
            return Err(HubError::BadRequest(format!(
                "a chat line is at most {CHAT_CHARS} characters (this one has {chars})"
            )));
        }
        if !self.store.chat(id, CHAT_LINES - 1).await?.is_empty() {
            return Err(HubError::BadRequest(format!("this game's chat is full ({CHAT_LINES} lines)")));
        }
        let line = self.store.say(id, now(), side.name(), &text).await?;
        let _ = slot.chat.send(line.clone());
        Ok(line)
    }

    /// Game `id`'s chat from line `from` on.
    ///
    /// # Errors
    /// [`HubError::NotFound`]; [`HubError::Store`].
    pub async fn chat(self: &Arc<Self>, id: &str, from: u64) -> Result<Vec<ChatLine>, HubError> {
        self.slot(id).await?;
        Ok(self.store.chat(id, from).await?)
    }

    /// Another instance appended to game `id` up to `seq`: if it is in memory here and
    /// behind, reload it from the store and tell its watchers.
    async fn catch_up(self: &Arc<Self>, id: &str, seq: u64) {
        let Some(slot) = self.slots.lock().expect("slots").get(id).cloned() else { return };
        let mut guard = slot.session.lock().await;
        if guard.as_deref().is_some_and(|s| s.seq() >= seq) {
            return;
        }
        *guard = self.load(id).await.ok();
        let now = guard.as_deref().map_or(seq, |s| s.seq());
        drop(guard);
        let _ = slot.updates.send(now);
        self.kick(id);
    }

    /// The operator's settings.
    #[must_use]
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The store, for tests and reports.
    #[must_use]
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Creates a game: checks the scenario, options and bot specs, stores it with a
    /// token per human seat, and starts any bot that moves first.
    ///
    /// # Errors
    /// [`HubError::BadRequest`] naming what was refused; [`HubError::Store`].
    pub async fn create(
        self: &Arc<Self>,
        scenario: &str,
        options: Vec<String>,
        players: [String; 2],
        webhooks: [Option<String>; 2],
    ) -> Result<GameMeta, HubError> {
        let mut players = players;
        for p in &mut players {
            let t = p.trim().to_ascii_lowercase();
            *p = if t == "human" {
                t
            } else {
                let spec = bots::parse_bot_spec(&t).map_err(HubError::BadRequest)?;
                spec.within(&self.settings.limits.ceiling()).map_err(HubError::BadRequest)?;
                spec.to_string()
            };
        }
        for side in Side::BOTH {
            if let Some(url) = &webhooks[side.index()] {
                if players[side.index()] != "human" {
                    return Err(HubError::BadRequest(format!(
                        "the {} seat is a bot: only a human seat has a webhook",
                        side.name()
                    )));
                }
                webhook::check_url(url, self.settings.webhooks)
                    .map_err(|e| HubError::BadRequest(format!("{} webhook: {e}", side.name())))?;
            }
        }
        let waiting = self.metrics.bots_waiting.load(Ordering::Relaxed);
        let limit = self.settings.limits.bots_waiting as u64;
        if players.iter().any(|p| p != "human") && waiting >= limit {
            return Err(HubError::Busy(format!(
                "this server's computer players are all busy ({waiting} waiting to think): try again later, or play a human"
            )));
        }
        let tokens = [0, 1].map(|i| (players[i] == "human").then(|| random_word(26)));
        let meta = GameMeta {
            id: random_word(10),
            scenario: scenario.to_string(),
            options,
            players,
            tokens,
            created: now(),
            webhooks,
        };
        let mut session =
            session::build(&StoredGame { meta: meta.clone(), entries: Vec::new() }, &self.settings.limits.ceiling())
                .map_err(HubError::BadRequest)?;
        let entries = session.settle();
        self.store.create(&meta).await?;
        if !entries.is_empty() {
            self.store.append(&meta.id, 0, entries).await?;
        }
        let slot = Arc::new(Slot::new(Some(session)));
        self.insert(&meta.id, slot);
        self.metrics.games_created.fetch_add(1, Ordering::Relaxed);
        self.kick(&meta.id);
        Ok(meta)
    }

    /// The slot of game `id`, loading it from the store if it is not in memory.
    ///
    /// # Errors
    /// [`HubError::NotFound`]; [`HubError::Store`].
    pub async fn slot(self: &Arc<Self>, id: &str) -> Result<Arc<Slot>, HubError> {
        if let Some(s) = self.slots.lock().expect("slots").get(id) {
            s.touched.store(now(), Ordering::Relaxed);
            return Ok(Arc::clone(s));
        }
        let slot = Arc::new(Slot::new(None));
        // Load under the slot's own lock, so nobody acts on it half-built.
        let mut guard = slot.session.lock().await;
        *guard = Some(self.load(id).await?);
        drop(guard);
        let slot = self.insert(id, slot);
        self.kick(id);
        Ok(slot)
    }

    /// Puts a slot in the map (keeping one already there), first letting idle games go
    /// if the map is full. Everything let go is durable: the store has every entry.
    fn insert(&self, id: &str, slot: Arc<Slot>) -> Arc<Slot> {
        let mut slots = self.slots.lock().expect("slots");
        if slots.len() >= self.settings.limits.games_in_memory {
            slots.retain(|_, s| !s.idle());
        }
        Arc::clone(slots.entry(id.to_string()).or_insert(slot))
    }

    /// How many games are in memory, for tests and reports.
    #[must_use]
    pub fn live_games(&self) -> usize {
        self.slots.lock().expect("slots").len()
    }

    async fn load(&self, id: &str) -> Result<Box<dyn Session>, HubError> {
        let stored = self.store.load(id).await?.ok_or_else(|| HubError::NotFound(id.to_string()))?;
        let mut session = session::build(&stored, &self.settings.limits.ceiling())
            .map_err(|e| HubError::Refused(Refusal::Corrupt(e)))?;
        // A write cut short between an action and its dice leaves chance to act: roll now.
        let seq = session.seq();
        let entries = session.settle();
        if !entries.is_empty() {
            self.store.append(id, seq, entries).await?;
        }
        Ok(session)
    }

    /// Runs `f` on the session of game `id` (loaded if need be), under its lock.
    ///
    /// # Errors
    /// As [`Hub::slot`].
    pub async fn with<T>(self: &Arc<Self>, id: &str, f: impl FnOnce(&dyn Session) -> T) -> Result<T, HubError> {
        let slot = self.slot(id).await?;
        let mut guard = slot.session.lock().await;
        if guard.is_none() {
            *guard = Some(self.load(id).await?);
        }
        Ok(f(guard.as_deref().expect("loaded")))
    }

    /// The state (JSON text) for the holder of `token`.
    ///
    /// # Errors
    /// As [`Hub::slot`].
    pub async fn state(self: &Arc<Self>, id: &str, token: Option<&str>, log_from: usize) -> Result<String, HubError> {
        let slot = self.slot(id).await?;
        let bot = match (slot.thinking.load(Ordering::Relaxed), slot.waiting.load(Ordering::Relaxed)) {
            (false, _) => BotStatus::Idle,
            (true, true) => BotStatus::Waiting,
            (true, false) => BotStatus::Thinking,
        };
        self.with(id, |s| {
            // Thinking means a bot seat is to act, not only that the bot task is alive.
            let bot = if bot_to_act(s) { bot } else { BotStatus::Idle };
            s.state(seat_of(s.meta(), token).side(), log_from, bot)
        })
        .await
    }

    /// Applies the action of the seat holding `token`, if `seq` is current; returns the
    /// new sequence number once the action and its dice are durable.
    ///
    /// # Errors
    /// [`HubError::Forbidden`], [`HubError::Stale`], [`HubError::Refused`], [`HubError::Store`].
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        seq: u64,
        action: &Value,
    ) -> Result<u64, HubError> {
        self.change(id, token, seq, |s, side| s.act(side, action)).await
    }

    /// Takes back the last action of the seat holding `token`, or with `to` all its actions
    /// from ply `to` on (`Session::undo`).
    ///
    /// # Errors
    /// As [`Hub::act`].
    pub async fn undo(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        seq: u64,
        to: Option<usize>,
    ) -> Result<u64, HubError> {
        self.change(id, token, seq, |s, side| s.undo(side, to)).await
    }

    async fn change(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        seq: u64,
        f: impl FnOnce(&mut dyn Session, Side) -> Result<Vec<String>, Refusal>,
    ) -> Result<u64, HubError> {
        let slot = self.slot(id).await?;
        let mut guard = slot.session.lock().await;
        if guard.is_none() {
            *guard = Some(self.load(id).await?);
        }
        let session = guard.as_deref_mut().expect("loaded");
        let Seat::Player(side) = seat_of(session.meta(), token) else {
            return Err(HubError::Forbidden("this link is a spectator's: it cannot act".into()));
        };
        self.commit(&slot, &mut guard, id, seq, |s| f(s, side)).await
    }

    /// The one path by which a game changes: check `seq`, apply `f`, append its entries,
    /// and only then announce. On a failed append the slot is emptied (reloaded next
    /// time from what is durable).
    async fn commit(
        self: &Arc<Self>,
        slot: &Slot,
        guard: &mut Option<Box<dyn Session>>,
        id: &str,
        seq: u64,
        f: impl FnOnce(&mut dyn Session) -> Result<Vec<String>, Refusal>,
    ) -> Result<u64, HubError> {
        let session = guard.as_deref_mut().expect("loaded");
        let current = session.seq();
        if seq != current {
            return Err(HubError::Stale { current, expected: seq });
        }
        let before = session.actor();
        let entries = f(session).map_err(HubError::Refused)?;
        let new_seq = session.seq();
        let started = std::time::Instant::now();
        let appended = self.store.append(id, current, entries).await;
        self.metrics.appended(u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX));
        match appended {
            Ok(()) => {
                self.metrics.actions.fetch_add(1, Ordering::Relaxed);
                // The game's last play, for expiry: at most once an hour a game.
                let t = now();
                if t - slot.stored_touch.load(Ordering::Relaxed) >= 3_600 {
                    slot.stored_touch.store(t, Ordering::Relaxed);
                    if let Err(e) = self.store.touch(id, t).await {
                        eprintln!("game {id}: its last play was not noted: {e}");
                    }
                }
                let _ = slot.updates.send(new_seq);
                self.call_webhooks(guard.as_deref().expect("loaded"), before);
                self.kick(id);
                Ok(new_seq)
            }
            Err(StoreError::Conflict { .. }) => {
                // Another server instance wrote first: catch up from the store.
                *guard = Some(self.load(id).await?);
                let current = guard.as_deref().map_or(current, |s| s.seq());
                let _ = slot.updates.send(current);
                Err(HubError::Stale { current, expected: seq })
            }
            Err(e) => {
                *guard = None;
                Err(HubError::Store(e))
            }
        }
    }

    /// After a durable change: a human seat the decision has just come to (or, at the end,
    /// every human seat) is told at its webhook, if it gave one.
    fn call_webhooks(&self, s: &dyn Session, before: Actor) {
        let after = s.actor();
        if after == before || self.settings.webhooks == webhook::Policy::Off {
            return;
        }
        let meta = s.meta();
        let told: Vec<Side> = match after {
            Actor::Side(side) => vec![side],
            Actor::Over => Side::BOTH.to_vec(),
            Actor::Chance => Vec::new(),
        };
        for side in told {
            let (Some(url), Some(token)) = (&meta.webhooks[side.index()], &meta.tokens[side.index()]) else { continue };
            let base = self.settings.public_url.as_deref().unwrap_or("").trim_end_matches('/');
            let link = format!("{base}/game/{}?seat={token}", meta.id);
            webhook::send(self.settings.webhooks, url.clone(), webhook::body(&s.summary(), side.name(), &link));
        }
    }

    /// If a bot seat of game `id` is to act and none is thinking, starts it: it chooses on
    /// a blocking thread, then commits like any player, and kicks again.
    pub fn kick(self: &Arc<Self>, id: &str) {
        let Some(slot) = self.slots.lock().expect("slots").get(id).cloned() else { return };
        if slot.thinking.swap(true, Ordering::AcqRel) {
            return;
        }
        let hub = Arc::clone(self);
        let id = id.to_string();
        tokio::spawn(async move {
            loop {
                let job = {
                    let guard = slot.session.lock().await;
                    guard.as_deref().and_then(Session::bot_job)
                };
                let Some(job) = job else { break };
                // A thinking slot (issue 18: a bounded pool, so bots never take every core
                // from the players' requests); the page shows the wait.
                let permit = match Arc::clone(&hub.bot_slots).try_acquire_owned() {
                    Ok(p) => p,
                    Err(_) => {
                        slot.waiting.store(true, Ordering::Release);
                        hub.metrics.bots_waiting.fetch_add(1, Ordering::Relaxed);
                        let _ = slot.updates.send(job.seq);
                        let p = Arc::clone(&hub.bot_slots).acquire_owned().await;
                        hub.metrics.bots_waiting.fetch_sub(1, Ordering::Relaxed);
                        slot.waiting.store(false, Ordering::Release);
                        let Ok(p) = p else { break };
                        p
                    }
                };
                let _ = slot.updates.send(job.seq);
                hub.metrics.bots_thinking.fetch_add(1, Ordering::Relaxed);
                let thought = hub.bot_pool.run(job.work).await;
                hub.metrics.bots_thinking.fetch_sub(1, Ordering::Relaxed);
                drop(permit);
                let Some(action) = thought else { break };
                let mut guard = slot.session.lock().await;
                if guard.as_deref().map(Session::seq) != Some(job.seq) {
                    continue; // the position changed while the bot thought (an undo): think again
                }
                let side = job.side;
                if let Err(e) = hub.commit(&slot, &mut guard, &id, job.seq, |s| s.act(side, &action)).await {
                    eprintln!("game {id}: the {} bot's move was not kept: {e}", side.name());
                    break;
                }
            }
            slot.thinking.store(false, Ordering::Release);
            // A change that landed after the last look would otherwise wait for the next action.
            let again = slot.session.lock().await.as_deref().is_some_and(bot_to_act);
            if again {
                hub.kick(&id);
            }
        });
    }
}

/// Whether a bot seat of this game is to act.
fn bot_to_act(s: &dyn Session) -> bool {
    matches!(s.actor(), Actor::Side(side) if s.meta().players[side.index()] != "human")
}

/// The seat `token` opens in a game with these facts.
#[must_use]
pub fn seat_of(meta: &GameMeta, token: Option<&str>) -> Seat {
    let Some(token) = token.filter(|t| !t.is_empty()) else { return Seat::Spectator };
    Side::BOTH
        .into_iter()
        .find(|s| meta.tokens[s.index()].as_deref().is_some_and(|t| constant_time_eq(t.as_bytes(), token.as_bytes())))
        .map_or(Seat::Spectator, Seat::Player)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn idle_games_are_let_go_and_reload_as_they_were() {
        let dir = std::env::temp_dir().join(format!("muster-hub-{}", random_word(8)));
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::open(dir.join("g.db").to_str().unwrap()).await.unwrap();
        let mut settings = Settings::default();
        settings.limits.games_in_memory = 3;
        let hub = Hub::with_settings(store, settings);
        let mut games = Vec::new();
        for _ in 0..5 {
            let meta = hub.create("belmont", vec![], ["human".into(), "human".into()], [None, None]).await.unwrap();
            let token = meta.tokens[0].clone();
            let legal = hub.with(&meta.id, |s| s.legal_json()).await.unwrap();
            let action = serde_json::from_str::<Vec<Value>>(&legal).unwrap()[0].clone();
            let seq = hub.act(&meta.id, token.as_deref(), 0, &action).await.unwrap();
            games.push((meta.id, seq));
        }
        assert!(hub.live_games() <= 3, "{} games in memory", hub.live_games());
        // A watched game is kept; every game, let go or not, comes back as it was.
        let watched = hub.slot(&games[4].0).await.unwrap();
        let _rx = watched.updates.subscribe();
        drop(watched);
        for (id, seq) in &games {
            assert_eq!(hub.with(id, |s| s.seq()).await.unwrap(), *seq);
        }
        assert!(hub.slots.lock().unwrap().contains_key(&games[4].0));
        // Idle for long enough (here: any time at all), every game but the watched one goes,
        // and comes back as it was. (A game just loaded is looked at for a bot to start: a
        // moment later nobody holds it.)
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        assert!(hub.let_go_idle(-10) >= 1);
        assert_eq!(hub.live_games(), 1, "only the watched game stays");
        assert!(hub.slots.lock().unwrap().contains_key(&games[4].0));
        for (id, seq) in &games {
            assert_eq!(hub.with(id, |s| s.seq()).await.unwrap(), *seq);
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

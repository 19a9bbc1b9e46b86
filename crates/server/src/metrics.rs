//! What `GET /metrics` reports, in the Prometheus text format (issue 18: an operator's view of
//! a server open to the internet): games in memory, sockets, bots thinking and waiting,
//! analysis running, actions, refusals for rate, store latency. Plain atomics the hub and the
//! routes bump; the text is written on request.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};

/// The server's counters and gauges.
#[derive(Debug, Default)]
pub struct Metrics {
    /// WebSockets open now.
    pub sockets: AtomicU64,
    /// Bots choosing now.
    pub bots_thinking: AtomicU64,
    /// Bots waiting for a thinking slot.
    pub bots_waiting: AtomicU64,
    /// Analysis requests being worked on.
    pub analysis_running: AtomicU64,
    /// Analysis requests refused for time.
    pub analysis_over_budget: AtomicU64,
    /// Odds requests answered from odds already worked out (`crate::memo`).
    pub odds_kept: AtomicU64,
    /// Actions (players' and bots', chance's not counted) made durable.
    pub actions: AtomicU64,
    /// Games made.
    pub games_created: AtomicU64,
    /// Requests refused for rate, by kind: create, actions, analysis, reads, socket.
    pub limited: [AtomicU64; 5],
    /// Sockets closed for sending on through their refusals for rate.
    pub sockets_cut: AtomicU64,
    /// Store appends, and their total time in microseconds.
    pub appends: AtomicU64,
    /// See `appends`.
    pub append_micros: AtomicU64,
}

/// The rate-limit kinds, in the order of [`Metrics::limited`].
pub const KINDS: [&str; 5] = ["create", "actions", "analysis", "reads", "socket"];

impl Metrics {
    /// Counts one store append that took `micros`.
    pub fn appended(&self, micros: u64) {
        self.appends.fetch_add(1, Ordering::Relaxed);
        self.append_micros.fetch_add(micros, Ordering::Relaxed);
    }

    /// The Prometheus text, with `games` in memory now.
    #[must_use]
    pub fn render(&self, games: usize) -> String {
        let get = |a: &AtomicU64| a.load(Ordering::Relaxed);
        let mut out = String::new();
        let mut one = |name: &str, kind: &str, help: &str, value: String| {
            let _ = writeln!(out, "# HELP muster_{name} {help}\n# TYPE muster_{name} {kind}\nmuster_{name} {value}");
        };
        one("games_in_memory", "gauge", "Games held in memory.", games.to_string());
        one("sockets_open", "gauge", "WebSockets open.", get(&self.sockets).to_string());
        one(
            "sockets_cut_total",
            "counter",
            "Sockets closed for ignoring their rate limit.",
            get(&self.sockets_cut).to_string(),
        );
        one("bots_thinking", "gauge", "Bot seats choosing now.", get(&self.bots_thinking).to_string());
        one("bots_waiting", "gauge", "Bot seats waiting for a thinking slot.", get(&self.bots_waiting).to_string());
        one(
            "analysis_running",
            "gauge",
            "Odds, replay and reach requests at work.",
            get(&self.analysis_running).to_string(),
        );
        one(
            "analysis_over_budget_total",
            "counter",
            "Analysis requests refused for taking too long.",
            get(&self.analysis_over_budget).to_string(),
        );
        one(
            "odds_kept_total",
            "counter",
            "Odds requests answered from odds already worked out.",
            get(&self.odds_kept).to_string(),
        );
        one("actions_total", "counter", "Actions made durable (players' and bots').", get(&self.actions).to_string());
        one("games_created_total", "counter", "Games made.", get(&self.games_created).to_string());
        one("store_appends_total", "counter", "Appends to the game store.", get(&self.appends).to_string());
        one(
            "store_append_seconds_total",
            "counter",
            "Time spent in store appends (divide by store_appends_total for the mean).",
            format!("{:.6}", get(&self.append_micros) as f64 / 1e6),
        );
        let _ = writeln!(
            out,
            "# HELP muster_rate_limited_total Requests refused with 429, by kind.\n# TYPE muster_rate_limited_total counter"
        );
        for (kind, n) in KINDS.iter().zip(&self.limited) {
            let _ = writeln!(out, "muster_rate_limited_total{{kind=\"{kind}\"}} {}", get(n));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_text_is_prometheus_exposition() {
        let m = Metrics::default();
        m.actions.fetch_add(3, Ordering::Relaxed);
        m.appended(1_500);
        m.limited[1].fetch_add(2, Ordering::Relaxed);
        let text = m.render(7);
        assert!(text.contains("# TYPE muster_games_in_memory gauge\nmuster_games_in_memory 7\n"), "{text}");
        assert!(text.contains("muster_actions_total 3\n"));
        assert!(text.contains("muster_store_append_seconds_total 0.001500\n"));
        assert!(text.contains("muster_rate_limited_total{kind=\"actions\"} 2\n"));
        // Every sample line is `name{labels} value` with a number.
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let value = line.rsplit(' ').next().unwrap();
            assert!(value.parse::<f64>().is_ok(), "{line}");
        }
    }
}

//! The operator's settings (issue 18: a server open to the internet): how bots may think,
//! how often a client may ask, how much stays in memory, where webhooks may go. Every limit
//! has a default fit for a small club server, can be set in a TOML file
//! (`muster serve --config FILE`, each key optional, unknown keys refused with their line) and
//! overridden by a flag.

use crate::webhook;
use serde::Deserialize;
use std::time::Duration;

/// A rate limit: `per_second` on average, `burst` at once (a token bucket).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rate {
    /// Requests a second, on average.
    pub per_second: f64,
    /// Requests at once after a quiet spell.
    pub burst: u32,
}

impl Rate {
    const fn new(per_second: f64, burst: u32) -> Rate {
        Rate { per_second, burst }
    }
}

/// `PER_SECOND:BURST`, as the flags take it (`--rate-actions 20:40`).
impl std::str::FromStr for Rate {
    type Err = String;
    fn from_str(s: &str) -> Result<Rate, String> {
        let (r, b) = s.split_once(':').ok_or_else(|| format!("'{s}': a rate is PER_SECOND:BURST, e.g. 20:40"))?;
        let per_second: f64 = r.trim().parse().map_err(|_| format!("'{s}': '{r}' is not a number a second"))?;
        let burst: u32 = b.trim().parse().map_err(|_| format!("'{s}': '{b}' is not a whole burst"))?;
        let rate = Rate { per_second, burst };
        rate.check("rate")?;
        Ok(rate)
    }
}

impl Rate {
    fn check(&self, name: &str) -> Result<(), String> {
        if !(self.per_second.is_finite() && self.per_second > 0.0) || self.burst == 0 {
            return Err(format!("{name}: a rate needs more than 0 a second and a burst of at least 1"));
        }
        Ok(())
    }
}

/// Rate limits per client address, by what is asked.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rates {
    /// Making games (`POST /api/games`).
    pub create: Rate,
    /// Actions, undo and chat lines, over HTTP and the socket.
    pub actions: Rate,
    /// Analysis: odds, replay, reach, reasons, replay marks.
    pub analysis: Rate,
    /// Everything else read: states, maps, legends, the lobby's lists.
    pub reads: Rate,
    /// Socket messages of any kind (on top of the kind's own limit).
    pub socket: Rate,
}

impl Default for Rates {
    fn default() -> Rates {
        Rates {
            create: Rate::new(0.2, 10),
            actions: Rate::new(20.0, 60),
            analysis: Rate::new(4.0, 20),
            reads: Rate::new(50.0, 200),
            socket: Rate::new(30.0, 90),
        }
    }
}

/// Every limit the hub applies.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Limits {
    /// The longest a bot seat may think a decision, in seconds (a game asking more is refused).
    pub bot_seconds: f64,
    /// The most MCTS iterations a bot seat may ask a decision.
    pub bot_iterations: u32,
    /// Bots thinking at once; the rest wait their turn in a queue the page shows.
    pub bots_thinking: usize,
    /// Bots waiting at most; past it, games with a computer seat are refused until the queue
    /// shortens (a client making bot games faster than they are played cannot grow it).
    pub bots_waiting: usize,
    /// Analysis requests (odds, replay, reach) worked on at once; more wait for a slot.
    pub analysis_running: usize,
    /// The longest an analysis request may take, in seconds, before it is refused.
    pub analysis_seconds: f64,
    /// Games kept in memory at most; when full, the idle ones (nobody watching, no bot
    /// thinking) go.
    pub games_in_memory: usize,
    /// A game nobody has touched for this many minutes leaves memory (rebuilt from the
    /// store when next opened).
    pub idle_minutes: u64,
    /// Games nobody has played for this many days are deleted from the store, with their
    /// chat (0: never).
    pub expire_days: u64,
    /// Rate limits per client address.
    pub rates: Rates,
}

/// The machine's cores, at least one.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

impl Default for Limits {
    fn default() -> Limits {
        let ceiling = bots::Ceiling::default();
        Limits {
            bot_seconds: ceiling.time.as_secs_f64(),
            bot_iterations: ceiling.iterations,
            // A core left for the players' requests.
            bots_thinking: cores().saturating_sub(1).max(1),
            bots_waiting: 64,
            analysis_running: cores().saturating_sub(1).max(1),
            analysis_seconds: 10.0,
            games_in_memory: 4096,
            idle_minutes: 30,
            expire_days: 0,

            rates: Rates::default(),
        }
    }
}

impl Limits {
    /// The bot ceiling these limits set.
    #[must_use]
    pub fn ceiling(&self) -> bots::Ceiling {
        bots::Ceiling { time: Duration::from_secs_f64(self.bot_seconds), iterations: self.bot_iterations }
    }

    /// Every limit in range, or each that is not, in words.
    ///
    /// # Errors
    /// One line per limit out of range.
    pub fn check(&self) -> Result<(), String> {
        let mut bad = Vec::new();
        if !(self.bot_seconds.is_finite() && self.bot_seconds > 0.0 && self.bot_seconds <= 3_600.0) {
            bad.push(format!("bot_seconds: {} is not between 0 and 3600", self.bot_seconds));
        }
        if self.bot_iterations == 0 {
            bad.push("bot_iterations: at least 1".into());
        }
        if self.bots_thinking == 0 || self.analysis_running == 0 || self.bots_waiting == 0 {
            bad.push("bots_thinking, bots_waiting and analysis_running: at least 1".into());
        }
        if !(self.analysis_seconds.is_finite() && self.analysis_seconds > 0.0) {
            bad.push(format!("analysis_seconds: {} is not more than 0", self.analysis_seconds));
        }
        if self.games_in_memory < 16 {
            bad.push(format!("games_in_memory: {} is under 16", self.games_in_memory));
        }
        let r = &self.rates;
        for (name, rate) in [
            ("create", r.create),
            ("actions", r.actions),
            ("analysis", r.analysis),
            ("reads", r.reads),
            ("socket", r.socket),
        ] {
            if let Err(e) = rate.check(&format!("rates.{name}")) {
                bad.push(e);
            }
        }
        if bad.is_empty() { Ok(()) } else { Err(bad.join("\n")) }
    }
}

/// The operator's choices the hub applies.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Which webhook URLs are called.
    pub webhooks: webhook::Policy,
    /// The address players reach the server at (`https://muster.example.org`), for links
    /// sent out of the page (webhooks); without it they are paths.
    pub public_url: Option<String>,
    /// Take the client's address from the last `X-Forwarded-For` entry (behind a reverse
    /// proxy the operator runs), not from the connection.
    pub trust_forwarded_for: bool,
    /// The limits.
    pub limits: Limits,
}

impl Settings {
    /// Reads settings from TOML text (`file` names it in messages).
    ///
    /// # Errors
    /// The file's problems, with their line, or each limit out of range.
    pub fn from_toml(text: &str, file: &str) -> Result<Settings, String> {
        let s: Settings = toml::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        s.limits.check().map_err(|e| format!("{file}: {e}"))?;
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_sets_what_it_names_and_leaves_the_rest() {
        let s = Settings::from_toml(
            "webhooks = \"off\"\ntrust_forwarded_for = true\n[limits]\nbot_seconds = 2.5\n[limits.rates]\nactions = { per_second = 5, burst = 10 }\n",
            "muster.toml",
        )
        .unwrap();
        assert_eq!(s.webhooks, webhook::Policy::Off);
        assert!(s.trust_forwarded_for);
        assert_eq!(s.limits.bot_seconds, 2.5);
        assert_eq!(s.limits.rates.actions, Rate { per_second: 5.0, burst: 10 });
        assert_eq!(s.limits.rates.create, Rates::default().create, "unnamed keys keep their defaults");
        assert_eq!(s.limits.games_in_memory, Limits::default().games_in_memory);
    }

    #[test]
    fn a_bad_file_names_the_file_the_line_and_the_key() {
        let e = Settings::from_toml("[limits]\nbot_second = 2\n", "muster.toml").unwrap_err();
        assert!(e.contains("muster.toml") && e.contains("line 2") && e.contains("bot_second"), "{e}");
        let e = Settings::from_toml("[limits]\nbot_seconds = -1\ngames_in_memory = 3\n", "m.toml").unwrap_err();
        assert!(e.contains("bot_seconds") && e.contains("games_in_memory"), "every problem: {e}");
    }

    #[test]
    fn rates_read_from_flags() {
        assert_eq!("20:40".parse::<Rate>(), Ok(Rate { per_second: 20.0, burst: 40 }));
        assert_eq!("0.5:3".parse::<Rate>(), Ok(Rate { per_second: 0.5, burst: 3 }));
        for bad in ["20", "x:3", "3:y", "0:5", "5:0"] {
            assert!(bad.parse::<Rate>().is_err(), "{bad}");
        }
    }
}

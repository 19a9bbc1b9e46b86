//! Bots by name, as the command line and the lobby name them: `random`, `greedy`,
//! `mcts`, `mcts:2000` (iterations a decision), `mcts:2s` or `mcts:0.5s` (seconds).

use crate::{Bot, GreedyBot, MctsBot, MctsConfig, RandomBot};
use engine::Game;
use std::fmt;
use std::time::Duration;

/// How much search an [`MctsBot`] spends on a decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many iterations (reproducible: the same seed plays the same game).
    Iterations(u32),
    /// As many iterations as fit in this time (faster machines search more, so a game
    /// is not reproducible from its seed).
    Time(Duration),
}

/// A bot named on the command line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BotSpec {
    /// [`RandomBot`].
    Random,
    /// [`GreedyBot`].
    Greedy,
    /// [`MctsBot`] with this budget (the rest of [`MctsConfig`] at its defaults).
    Mcts(Budget),
}

/// The budget of a bare `mcts`.
pub const DEFAULT_ITERATIONS: u32 = 1000;

/// The most nodes an MCTS bot in a server seat keeps ([`BotSpec::build_for_seat`]): a
/// server runs many seats at once, and a two-second search of Fire on the Mountain adds
/// over half a million nodes (`muster selfplay fotm --union mcts:2s` peaked at 511 MB,
/// about 850 bytes a node). At the cap a seat's tree stays under about 100 MB, and a
/// search goes on refining the tree it has.
pub const SEAT_MAX_NODES: usize = 100_000;

/// Reads a bot's name: `random`, `greedy`, `mcts` (1000 iterations a decision),
/// `mcts:N` (N iterations), `mcts:Xs` (X seconds, decimals allowed).
///
/// # Errors
/// A message naming what was wrong and the accepted forms.
pub fn parse_bot_spec(s: &str) -> Result<BotSpec, String> {
    const FORMS: &str =
        "random, greedy, mcts, mcts:ITERATIONS (e.g. mcts:2000) or mcts:SECONDSs (e.g. mcts:2s, mcts:0.5s)";
    let t = s.trim().to_ascii_lowercase();
    match t.as_str() {
        "random" => return Ok(BotSpec::Random),
        "greedy" => return Ok(BotSpec::Greedy),
        "mcts" => return Ok(BotSpec::Mcts(Budget::Iterations(DEFAULT_ITERATIONS))),
        _ => {}
    }
    let Some(budget) = t.strip_prefix("mcts:") else {
        return Err(format!("unknown bot '{s}' (known: {FORMS})"));
    };
    if let Some(secs) = budget.strip_suffix('s') {
        let x: f64 =
            secs.parse().map_err(|_| format!("'{s}': '{secs}' is not a number of seconds (known: {FORMS})"))?;
        if !(x.is_finite() && x > 0.0 && x <= 86_400.0) {
            return Err(format!("'{s}': the time a decision must be more than 0 and at most a day"));
        }
        return Ok(BotSpec::Mcts(Budget::Time(Duration::from_secs_f64(x))));
    }
    match budget.parse::<u32>() {
        Ok(0) => Err(format!("'{s}': at least one iteration a decision")),
        Ok(n) => Ok(BotSpec::Mcts(Budget::Iterations(n))),
        Err(_) => Err(format!("'{s}': '{budget}' is not a number of iterations or of seconds (known: {FORMS})")),
    }
}

impl std::str::FromStr for BotSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<BotSpec, String> {
        parse_bot_spec(s)
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "{n}"),
            Budget::Time(d) => write!(f, "{}s", d.as_secs_f64()),
        }
    }
}

/// The name [`parse_bot_spec`] reads back: `random`, `greedy`, `mcts:1000`, `mcts:0.5s`.
impl fmt::Display for BotSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotSpec::Random => f.write_str("random"),
            BotSpec::Greedy => f.write_str("greedy"),
            BotSpec::Mcts(b) => write!(f, "mcts:{b}"),
        }
    }
}

/// What a server allows a seat's bot on each decision (issue 18: bot budgets the server
/// decides): a game asking for more is refused, and a search also stops at the time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ceiling {
    /// The longest a decision may search.
    pub time: Duration,
    /// The most MCTS iterations a decision.
    pub iterations: u32,
}

impl Default for Ceiling {
    /// Five seconds and 50,000 iterations: above the strongest bot the lobby offers
    /// (`mcts:2s`) and about what five seconds buys on Fire on the Mountain.
    fn default() -> Ceiling {
        Ceiling { time: Duration::from_secs(5), iterations: 50_000 }
    }
}

impl BotSpec {
    /// The bot, seeded `seed` (the same seed and, for MCTS, an iteration budget play the
    /// same actions in the same game).
    #[must_use]
    pub fn build<G: Game>(&self, seed: u64) -> Box<dyn Bot<G> + Send> {
        self.build_capped(seed, MctsConfig::default().max_nodes, None)
    }

    /// Whether the spec keeps within `ceiling`.
    ///
    /// # Errors
    /// A message naming what it asks, the ceiling, and the most it may ask.
    pub fn within(&self, ceiling: &Ceiling) -> Result<(), String> {
        match *self {
            BotSpec::Mcts(Budget::Time(d)) if d > ceiling.time => Err(format!(
                "'{self}' asks {}s a decision; this server allows at most {}s (mcts:{}s)",
                d.as_secs_f64(),
                ceiling.time.as_secs_f64(),
                ceiling.time.as_secs_f64()
            )),
            BotSpec::Mcts(Budget::Iterations(n)) if n > ceiling.iterations => Err(format!(
                "'{self}' asks {n} iterations a decision; this server allows at most {} (mcts:{})",
                ceiling.iterations, ceiling.iterations
            )),
            _ => Ok(()),
        }
    }

    /// The bot for a server seat: as [`BotSpec::build`], an MCTS tree held to
    /// [`SEAT_MAX_NODES`] so that many seats fit in a server's memory, and every search cut
    /// at the ceiling's time (a game stored before the ceiling was lowered keeps its spec but
    /// not its old budget).
    #[must_use]
    pub fn build_for_seat<G: Game>(&self, seed: u64, ceiling: &Ceiling) -> Box<dyn Bot<G> + Send> {
        self.build_capped(seed, SEAT_MAX_NODES, Some(ceiling.time))
    }

    fn build_capped<G: Game>(&self, seed: u64, max_nodes: usize, time_cap: Option<Duration>) -> Box<dyn Bot<G> + Send> {
        match *self {
            BotSpec::Random => Box::new(RandomBot::new(seed)),
            BotSpec::Greedy => Box::new(GreedyBot::new(seed)),
            BotSpec::Mcts(budget) => {
                Box::new(MctsBot::new(seed, MctsConfig { budget, max_nodes, time_cap, ..MctsConfig::default() }))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_print_back() {
        assert_eq!(parse_bot_spec("random"), Ok(BotSpec::Random));
        assert_eq!(parse_bot_spec("Greedy"), Ok(BotSpec::Greedy));
        assert_eq!(parse_bot_spec("mcts"), Ok(BotSpec::Mcts(Budget::Iterations(DEFAULT_ITERATIONS))));
        assert_eq!(parse_bot_spec("mcts:2000"), Ok(BotSpec::Mcts(Budget::Iterations(2000))));
        assert_eq!(parse_bot_spec("mcts:2s"), Ok(BotSpec::Mcts(Budget::Time(Duration::from_secs(2)))));
        assert_eq!(parse_bot_spec("mcts:0.5s"), Ok(BotSpec::Mcts(Budget::Time(Duration::from_millis(500)))));
        for s in ["random", "greedy", "mcts:1000", "mcts:2000", "mcts:2s", "mcts:0.5s"] {
            assert_eq!(parse_bot_spec(s).unwrap().to_string(), s);
        }
        assert_eq!("mcts:7".parse::<BotSpec>(), Ok(BotSpec::Mcts(Budget::Iterations(7))));
    }

    #[test]
    fn a_ceiling_refuses_more_and_allows_up_to_it() {
        let c = Ceiling { time: Duration::from_secs(5), iterations: 50_000 };
        for ok in ["random", "greedy", "mcts", "mcts:5s", "mcts:0.5s", "mcts:50000"] {
            assert_eq!(parse_bot_spec(ok).unwrap().within(&c), Ok(()), "{ok}");
        }
        let e = parse_bot_spec("mcts:86400s").unwrap().within(&c).unwrap_err();
        assert!(e.contains("at most 5s") && e.contains("mcts:5s"), "{e}");
        let e = parse_bot_spec("mcts:50001").unwrap().within(&c).unwrap_err();
        assert!(e.contains("at most 50000"), "{e}");
    }

    #[test]
    fn bad_specs_say_what_is_accepted() {
        for bad in ["human", "mcts:", "mcts:0", "mcts:-3", "mcts:xs", "mcts:0s", "mcts:fast", "alphazero", "mcts:1e99s"]
        {
            let e = parse_bot_spec(bad).unwrap_err();
            assert!(e.contains(bad), "{bad}: {e}");
        }
        assert!(parse_bot_spec("minimax").unwrap_err().contains("mcts:2s"));
    }
}

//! `muster play`: a game in the terminal, each seat a person or a bot.

use crate::records;
use anyhow::Result;
use bots::{Bot, BotSpec, parse_bot_spec};
use catalog::Visit;
use engine::{Actor, Dice, Game, Side};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Seat {
    /// A person at this terminal, typing.
    Human,
    /// A bot.
    Bot(BotSpec),
}

/// Reads a seat: `human` or a bot's name.
fn parse_seat(s: &str) -> Result<Seat, String> {
    if s.trim().eq_ignore_ascii_case("human") {
        return Ok(Seat::Human);
    }
    parse_bot_spec(s).map(Seat::Bot).map_err(|e| format!("{e}; or human"))
}

/// Play a game in the terminal, each side a person or a bot.
///
/// Before each decision of a human seat it shows the
/// turn, VP and tracks, what happened since (every event with the rule it cites), the
/// decision asked for with its rule, and the legal actions numbered. Type a number to
/// take one, or text to list only the actions that mention it (a hex like 1712, a
/// unit, a word like volley), then a number from that list; `a` lists every action,
/// `l` shows the whole log, `s` saves, `q` quits, `?` explains. Chance (dice, chit
/// pulls) is sampled with the seed; bots play their seats: random, greedy (best
/// expected evaluation after chance), or mcts (mcts:N iterations, mcts:Xs seconds a
/// decision; mcts:2s is a real opponent). Input is read line by line, so a script can
/// pipe it in; end of input quits.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The scenario (see `muster scenarios`).
    scenario: String,
    /// Who plays the Union: human, random, greedy, mcts, mcts:ITERATIONS or
    /// mcts:SECONDSs.
    #[arg(long, value_name = "PLAYER", default_value = "human", value_parser = parse_seat)]
    union: Seat,
    /// Who plays the Confederacy: human, random, greedy, mcts, mcts:ITERATIONS or
    /// mcts:SECONDSs.
    #[arg(long, value_name = "PLAYER", default_value = "random", value_parser = parse_seat)]
    confederate: Seat,
    /// Seed for chance and the bots (default: from the clock, printed at the start).
    #[arg(long)]
    seed: Option<u64>,
    /// Switch on an optional rule (repeatable; see `muster scenarios`).
    #[arg(long = "option", value_name = "NAME")]
    options: Vec<String>,
    /// Save the game record here at the end, on `s`, and on quitting.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
}

/// Tracks with longer values than this are shown only when they change.
const LONG_TRACK: usize = 40;
/// Lists of at most this many actions are shown whole.
const SHOW_ALL: usize = 40;
/// Longer lists show this many, and how to narrow them.
const SHOW_HEAD: usize = 20;

const HELP: &str = "\
  N      take action N of the list shown (#N also works; a four-digit number is
         read as a hex label, so pick those entries as #1712)
  TEXT   list only the actions whose description contains every word of TEXT
         (a hex like 1712, a unit, a word like volley); numbers then pick from it
  a      list every legal action
  l      show the whole log
  s      save the record now (to --save FILE)
  q      quit (saving to --save FILE if given); end of input quits too
  ?      this help";

struct Play<'a> {
    args: &'a Args,
    seed: u64,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    echo: bool,
}

/// What a human typed at a decision.
enum Choice<A> {
    Act(A),
    Quit,
}

struct Session<'a, G: Game> {
    game: G,
    /// The same position with its log empty and off, for the bots, which clone what
    /// they are shown many times (the log is not part of the position).
    quiet: Option<G>,
    actions: Vec<G::Action>,
    seed: u64,
    save: Option<&'a Path>,
    out: &'a mut dyn Write,
    input: &'a mut dyn BufRead,
    shown_log: usize,
    tracks: Vec<(String, String)>,
    echo: bool,
}

impl Visit for Play<'_> {
    type Out = Result<()>;
    fn visit<G: Game>(self, mut game: G) -> Result<()> {
        game.set_logging(true);
        let seats = [self.args.union, self.args.confederate];
        let mut bots: Vec<Option<Box<dyn Bot<G> + Send>>> = seats
            .iter()
            .zip([1, 2])
            .map(|(seat, k)| match seat {
                Seat::Human => None,
                Seat::Bot(spec) => Some(spec.build::<G>(Dice::game_seed(self.seed, k))),
            })
            .collect();
        let quiet = bots.iter().any(Option::is_some).then(|| {
            let mut q = game.clone();
            q.set_logging(false);
            q
        });
        let mut dice = Dice::seeded(self.seed);
        writeln!(self.out, "{}", game.board().title)?;
        writeln!(
            self.out,
            "Union: {}, Confederate: {}; seed {} (play the same chance again with --seed {}). Type ? for help.\n",
            seat_name(&seats[0]),
            seat_name(&seats[1]),
            self.seed,
            self.seed
        )?;
        let mut s = Session {
            game,
            quiet,
            actions: Vec::new(),
            seed: self.seed,
            save: self.args.save.as_deref(),
            out: self.out,
            input: self.input,
            shown_log: 0,
            tracks: Vec::new(),
            echo: self.echo,
        };
        loop {
            s.show_new_events()?;
            match s.game.actor() {
                Actor::Over => {
                    s.show_tracks(true)?;
                    let outcome = s.game.outcome();
                    let vp = s.game.vp();
                    let who = match outcome.and_then(|o| o.winner) {
                        Some(Side::Union) => "the Union wins",
                        Some(Side::Confederate) => "the Confederacy wins",
                        None => "a draw",
                    };
                    let rule = s.game.prompt().rule;
                    writeln!(
                        s.out,
                        "\nGame over [{rule}]: {who}. VP Union {}, Confederate {}; {} decisions.",
                        vp[0],
                        vp[1],
                        s.actions.len()
                    )?;
                    s.save_record()?;
                    return Ok(());
                }
                Actor::Chance => {
                    let outcomes = s.game.chance_outcomes();
                    if outcomes.is_empty() {
                        let msg = format!(
                            "chance has no outcomes under {} after {} decisions",
                            s.game.prompt().rule,
                            s.actions.len()
                        );
                        return Err(s.fail(msg));
                    }
                    let a = dice.sample(&outcomes).clone();
                    writeln!(s.out, "[{}] chance: {}", s.game.prompt().rule, s.game.describe(&a))?;
                    s.take(a)?;
                }
                Actor::Side(side) => {
                    let legal = s.game.legal_actions();
                    if legal.is_empty() {
                        let msg = format!(
                            "dead end: {} is to act under {} but has no legal action",
                            side.name(),
                            s.game.prompt().rule
                        );
                        return Err(s.fail(msg));
                    }
                    match seats[side.index()] {
                        Seat::Human => match s.ask(side, &legal)? {
                            Choice::Act(a) => s.take(a)?,
                            Choice::Quit => {
                                writeln!(s.out, "Quit after {} decisions.", s.actions.len())?;
                                s.save_record()?;
                                return Ok(());
                            }
                        },
                        Seat::Bot(_) => {
                            s.show_tracks(false)?;
                            let bot = bots[side.index()].as_mut().expect("a bot for a bot's seat");
                            let a = bot.choose_from(s.quiet.as_ref().unwrap_or(&s.game), &legal);
                            let p = s.game.prompt();
                            writeln!(
                                s.out,
                                "[{}] {} ({}): {}",
                                p.rule,
                                side_title(side),
                                bot.name(),
                                s.game.describe(&a)
                            )?;
                            s.take(a)?;
                        }
                    }
                }
            }
        }
    }
}

fn seat_name(seat: &Seat) -> String {
    match seat {
        Seat::Human => "human".into(),
        Seat::Bot(spec) => format!("{spec} bot"),
    }
}

fn side_title(side: Side) -> &'static str {
    match side {
        Side::Union => "Union",
        Side::Confederate => "Confederate",
    }
}

impl<G: Game> Session<'_, G> {
    fn take(&mut self, a: G::Action) -> Result<()> {
        if let Err(e) = self.game.apply(&a) {
            let msg = format!("the game refused {}: {e}", self.game.describe(&a));
            return Err(self.fail(msg));
        }
        if let Some(q) = &mut self.quiet {
            q.apply_unchecked(&a);
        }
        self.actions.push(a);
        Ok(())
    }

    /// A ruleset failure: saves the record so far (to report it), and returns the error.
    fn fail(&mut self, msg: String) -> anyhow::Error {
        if let Err(e) = self.save_record() {
            return anyhow::anyhow!("{msg} (and saving the record failed: {e:#})");
        }
        anyhow::anyhow!(msg)
    }

    fn show_new_events(&mut self) -> Result<()> {
        let events = self.game.log().events();
        for e in &events[self.shown_log.min(events.len())..] {
            writeln!(self.out, "  [{}] {}", e.rule, e.text)?;
        }
        self.shown_log = events.len();
        Ok(())
    }

    /// Prints the tracks. For a bot's decision (`full` false), only those changed since
    /// last shown. Before a person's decision (`full` true), the short ones on a line or
    /// two and the long ones (a cup's contents) when they have changed.
    fn show_tracks(&mut self, full: bool) -> Result<()> {
        let tracks = self.game.board().tracks;
        let changed = |t: &(String, String)| !self.tracks.contains(t);
        if full {
            let short: Vec<String> = tracks
                .iter()
                .filter(|(_, v)| v.chars().count() <= LONG_TRACK)
                .map(|(k, v)| format!("{k}: {v}"))
                .collect();
            writeln!(self.out)?;
            for line in render::wrap(&short.join(" | "), 100) {
                writeln!(self.out, "  {line}")?;
            }
            for (k, v) in tracks.iter().filter(|t| t.1.chars().count() > LONG_TRACK && changed(t)) {
                writeln!(self.out, "  {k}: {v}")?;
            }
        } else {
            for (k, v) in tracks.iter().filter(|t| changed(t)) {
                writeln!(self.out, "  {k}: {v}")?;
            }
        }
        self.tracks = tracks;
        Ok(())
    }

    fn save_record(&mut self) -> Result<()> {
        match self.save {
            Some(path) => {
                records::save(path, &records::record_of(&self.game, Some(self.seed), &self.actions))?;
                writeln!(self.out, "Saved the record ({} decisions) to {}.", self.actions.len(), path.display())?;
            }
            None => writeln!(self.out, "(Not saved: no --save FILE given.)")?,
        }
        Ok(())
    }

    fn show_list(&mut self, descriptions: &[String], view: &[usize], whole: bool) -> Result<()> {
        let n = if whole || view.len() <= SHOW_ALL { view.len() } else { SHOW_HEAD };
        let width = view.len().to_string().len();
        for (k, &i) in view.iter().take(n).enumerate() {
            writeln!(self.out, "  {:>width$}. {}", k + 1, descriptions[i])?;
        }
        if n < view.len() {
            writeln!(
                self.out,
                "  ... and {} more: type text to narrow the list (a hex like 1712, a unit, a word), or a to list all",
                view.len() - n
            )?;
        }
        Ok(())
    }

    /// Asks the human at `side` for one of `legal`.
    fn ask(&mut self, side: Side, legal: &[G::Action]) -> Result<Choice<G::Action>> {
        self.show_tracks(true)?;
        let p = self.game.prompt();
        writeln!(self.out, "\n{} to decide [{}]: {}", side_title(side), p.rule, p.text)?;
        let descriptions: Vec<String> = legal.iter().map(|a| self.game.describe(a)).collect();
        let all: Vec<usize> = (0..legal.len()).collect();
        let mut view = all.clone();
        self.show_list(&descriptions, &view, false)?;
        let mut line = String::new();
        loop {
            write!(self.out, "{}> ", side.name())?;
            self.out.flush()?;
            line.clear();
            if self.input.read_line(&mut line)? == 0 {
                writeln!(self.out, "(end of input)")?;
                return Ok(Choice::Quit);
            }
            let t = line.trim();
            if self.echo {
                // Piped input: show what was read, so the transcript reads like a session.
                writeln!(self.out, "{t}")?;
            }
            match t {
                "" => self.show_list(&descriptions, &view, false)?,
                "q" | "quit" => return Ok(Choice::Quit),
                "?" | "h" | "help" => writeln!(self.out, "{HELP}")?,
                "s" | "save" => self.save_record()?,
                "a" | "all" => {
                    view.clone_from(&all);
                    self.show_list(&descriptions, &view, true)?;
                }
                "l" | "log" => {
                    let events = self.game.log().events();
                    if events.is_empty() {
                        writeln!(self.out, "  (the log is empty)")?;
                    }
                    for e in events {
                        writeln!(self.out, "  [{}] {}", e.rule, e.text)?;
                    }
                }
                _ => {
                    if let Some(k) = pick(t) {
                        match k.checked_sub(1).and_then(|k| view.get(k)) {
                            Some(&i) => {
                                writeln!(self.out, "{} chooses: {}", side_title(side), descriptions[i])?;
                                return Ok(Choice::Act(legal[i].clone()));
                            }
                            None => writeln!(self.out, "  No action {k} in the list of {}.", view.len())?,
                        }
                        continue;
                    }
                    let words = super::filter_words(t);
                    let found: Vec<usize> =
                        all.iter().copied().filter(|&i| super::mentions(&descriptions[i], &words)).collect();
                    if found.is_empty() {
                        writeln!(self.out, "  No legal action mentions '{t}' ({} actions; ? for help).", legal.len())?;
                    } else {
                        view = found;
                        writeln!(self.out, "  {} of {} actions mention '{t}':", view.len(), legal.len())?;
                        self.show_list(&descriptions, &view, false)?;
                    }
                }
            }
        }
    }
}

/// The list entry a typed line picks, if it is a pick: `N` or `#N`, but a bare
/// four-digit number is a hex label to filter on.
fn pick(t: &str) -> Option<usize> {
    if let Some(n) = t.strip_prefix('#') {
        return n.trim().parse().ok();
    }
    if t.len() == 4 {
        return None;
    }
    t.parse().ok()
}

/// Runs the command.
pub fn run(args: &Args) -> Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| {
            // The low 64 bits of the nanoseconds are plenty for a seed.
            #[allow(clippy::cast_possible_truncation)]
            let n = d.as_nanos() as u64;
            n
        })
    });
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let echo = !std::io::stdin().is_terminal();
    let play = Play { args, seed, input: &mut input, out: &mut out, echo };
    let result = super::with_game(&args.scenario, &args.options, play)?;
    out.flush()?;
    result?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::{Seat, parse_seat, pick};

    #[test]
    fn seats_are_human_or_a_bot() {
        assert_eq!(parse_seat("human"), Ok(Seat::Human));
        assert_eq!(parse_seat("mcts:2s").unwrap(), Seat::Bot(bots::parse_bot_spec("mcts:2s").unwrap()));
        assert_eq!(parse_seat("greedy"), Ok(Seat::Bot(bots::BotSpec::Greedy)));
        let e = parse_seat("robot").unwrap_err();
        assert!(e.contains("greedy") && e.contains("human"), "{e}");
    }

    #[test]
    fn numbers_pick_and_hex_labels_filter() {
        assert_eq!(pick("3"), Some(3));
        assert_eq!(pick("120"), Some(120));
        assert_eq!(pick("#1712"), Some(1712));
        assert_eq!(pick("1712"), None);
        assert_eq!(pick("0512"), None);
        assert_eq!(pick("27IL"), None);
        assert_eq!(pick("volley"), None);
    }
}

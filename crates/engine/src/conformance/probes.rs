//! The conformance check of [`crate::explain`]: a page asks the rules why a click was not
//! offered, at any position, with any unit of the board selected, so the answers must never
//! panic, never change the game, and agree with the legal actions.

use super::{Trail, random_action, run_batch};
use crate::{Actor, Dice, Game, Probe, explain};

/// Positions apart at which [`probes_explained`] asks.
const STRIDE: usize = 16;

/// Counters probed at a position at most (the first ones on the board, then every k-th).
const COUNTERS: usize = 24;

/// Board hexes probed with each counter selected, besides its own and some of the hexes the
/// legal actions name.
const SAMPLE_HEXES: usize = 4;

/// Hexes the legal actions name probed at a position at most (a set-up names hundreds).
const TARGETS: usize = 6;

/// Checks [`crate::explain`] along `games` random games (to the end or to `max_decisions`):
/// every 16th position where a side acts is asked about Done, about each counter (a click on
/// the unit), and about its own hex, some of the hexes the legal actions name and a few board hexes
/// with it selected. None may panic or change [`Game::state_hash`] or the log's length; an
/// answer that says `offered` lists no refusal; every refusal cites a rule and gives a
/// reason; and a probe whose actions include a legal one (the page's target hexes) says
/// `offered`.
///
/// # Errors
/// One line per failing game.
pub fn probes_explained<G: Game>(new: impl Fn() -> G, games: u64, seed: u64, max_decisions: u64) -> Result<(), String> {
    run_batch("probes_explained", &new, games, seed, |trail| {
        let mut game = new();
        let mut dice = Dice::seeded(trail.game_seed);
        while (trail.actions.len() as u64) < max_decisions {
            if trail.actions.len().is_multiple_of(STRIDE) && matches!(game.actor(), Actor::Side(_)) {
                ask_all(&game, &mut dice).map_err(|e| trail.fail(&new, e))?;
            }
            let Some(action) = random_action(&game, &mut dice) else { break };
            Trail::play(trail, &mut game, action);
        }
        Ok(())
    })
}

/// Every probe of one position.
fn ask_all<G: Game>(game: &G, dice: &mut Dice) -> Result<(), String> {
    let board = game.board();
    let named: Vec<String> = game
        .legal_actions()
        .iter()
        .filter_map(|a| game.action_view(a).hex)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    let targets: Vec<String> = named.iter().step_by(named.len().div_ceil(TARGETS).max(1)).cloned().collect();
    let step = board.counters.len().div_ceil(COUNTERS).max(1);
    let mut probes = vec![Probe::Finish];
    for c in board.counters.iter().step_by(step) {
        probes.push(Probe::Unit { unit: c.id.clone() });
        let mut hexes = vec![c.hex.clone()];
        hexes.extend(targets.iter().cloned());
        for _ in 0..SAMPLE_HEXES.min(board.hexes.len()) {
            hexes.push(dice.choose(&board.hexes).hex.clone());
        }
        probes.extend(hexes.into_iter().map(|hex| Probe::Hex { hex, unit: Some(c.id.clone()) }));
    }
    probes.extend(targets.iter().map(|hex| Probe::Hex { hex: hex.clone(), unit: None }));
    for p in &probes {
        ask(game, p)?;
    }
    Ok(())
}

/// One probe, checked.
fn ask<G: Game>(game: &G, p: &Probe) -> Result<(), String> {
    let (hash, log) = (game.state_hash(), game.log().events().len());
    let e = explain(game, p);
    if game.state_hash() != hash || game.log().events().len() != log {
        return Err(format!("explain({p:?}) changed the game"));
    }
    if e.offered && !e.refusals.is_empty() {
        return Err(format!("explain({p:?}) says offered and lists refusals"));
    }
    if let Some(bad) = e.refusals.iter().find(|r| r.rule.is_empty() || r.reason.is_empty()) {
        return Err(format!("explain({p:?}) gives a refusal without its rule or reason: {bad:?}"));
    }
    let legal = game.legal_actions();
    let barred = game.probe_bar(p).is_some();
    if (game.probe(p).iter().any(|a| legal.contains(a)) && !barred) != e.offered {
        return Err(format!("explain({p:?}) disagrees with the legal actions"));
    }
    Ok(())
}

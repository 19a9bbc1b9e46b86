//! Why a unit cannot get to a hex this phase, in the terms of its reach (issue 15 F2): a click
//! on a far hex heard "1710 is not adjacent to 1716 (FotM 13.1)" while the real reason was the
//! movement points, a ZOC or a pause on the way. From the reach ([`engine::reach`]) the
//! destination nearest the hex is found, and the engine is asked ([`engine::explain`]) why the
//! unit may not step on from there toward it: the rule that cut the ring short.

use engine::reach::{Destination, destinations, moves_now};
use engine::{Actor, Game, Illegal, Probe};
use hexmap::Hex;

/// Why `unit` cannot reach `hex` this phase, when it may move but not there (or nowhere) and
/// `hex` is more than a step away (a step's own refusal says it better); `None` otherwise. `first` is
/// the engine's own first refusal, whose rule is kept when nothing more precise is found.
pub(crate) fn beyond_reach<G: Game>(
    game: &G,
    unit: &str,
    hex: &str,
    max_positions: usize,
    first: Option<&Illegal>,
) -> Option<Illegal> {
    let target = Hex::from_label(hex).ok()?;
    let board = game.board();
    let counter = board.counters.iter().find(|c| c.id == unit)?;
    let name = counter.name.clone();
    let from = Hex::from_label(&counter.hex).ok()?;
    if from.distance(target) <= 1 {
        return None;
    }
    let dests = destinations(game, unit, max_positions);
    // No reach at all: only a unit that may move now hears why its first step is refused
    // (the eighth playtest: a dismounted battery's far hex said "not adjacent").
    if dests.iter().any(|d| d.hex == hex) || (dests.is_empty() && !moves_now(game, unit)) {
        return None;
    }
    let dist = |d: &Destination<G::Action>| Hex::from_label(&d.hex).map_or(u16::MAX, |h| h.distance(target));
    let best = dests.iter().map(dist).min().unwrap_or(u16::MAX);
    let head = format!("{hex} is beyond {name}'s reach this phase");
    let fallback = first.map_or_else(|| "reach".to_string(), |r| r.rule.clone());
    if best >= from.distance(target) {
        // It can get no nearer than where it stands: the first step toward the hex.
        let why = step_refusal(game, unit, from, target);
        return Some(match why {
            Some(r) => Illegal {
                rule: r.rule,
                reason: format!("{head}: it can get no nearer than {}; {}", counter.hex, r.reason),
            },
            None => Illegal { rule: fallback, reason: format!("{head}: it can get no nearer than {}", counter.hex) },
        });
    }
    let near: Vec<&Destination<G::Action>> = dests.iter().filter(|d| dist(d) == best).collect();
    // "1713 (4 of 4 MP spent)": the prompt there, before its question, less the unit and hex.
    let at = |d: &Destination<G::Action>| {
        let mut spent = d.after.split(':').next().unwrap_or_default().trim();
        if let Some((_, rest)) = spent.split_once(&format!(" in {}, ", d.hex)) {
            spent = rest;
        }
        if spent.is_empty() { d.hex.clone() } else { format!("{} ({spent})", d.hex) }
    };
    for d in &near {
        if let Some(stops) = &d.stops {
            return Some(Illegal {
                rule: stops.clone(),
                reason: format!("{head}: the nearest it can get is {}, where its move stops", at(d)),
            });
        }
        let mut there = game.clone();
        there.set_logging(false);
        for a in &d.path {
            there.apply_unchecked(a);
        }
        if there.actor() != game.actor() || matches!(there.actor(), Actor::Chance | Actor::Over) {
            continue;
        }
        let Ok(dh) = Hex::from_label(&d.hex) else { continue };
        if let Some(r) = step_refusal(&there, unit, dh, target) {
            return Some(Illegal {
                rule: r.rule,
                reason: format!("{head}: the nearest it can get is {}; from there {}", at(d), r.reason),
            });
        }
    }
    Some(Illegal { rule: fallback, reason: format!("{head}: the nearest it can get is {}", at(near[0])) })
}

/// Why `unit` may not step from `at` to its neighbour nearest `target`, asked of the engine.
fn step_refusal<G: Game>(game: &G, unit: &str, at: Hex, target: Hex) -> Option<Illegal> {
    let next = at.neighbours().into_iter().min_by_key(|n| n.distance(target))?;
    let why = engine::explain(game, &Probe::Hex { hex: next.label(), unit: Some(unit.to_string()) });
    if why.offered { None } else { why.refusals.into_iter().next() }
}

#[cfg(test)]
mod tests {
    use super::beyond_reach;
    use engine::{Game, Side};
    use fotm::testkit::{after_setup, clear_map, phase, put};
    use fotm::{Action, Phase, Unit};

    /// The eighth playtest (finding 7): Robertson's horse artillery, dismounted and moving
    /// with no reach, hears for a far hex why its first step is refused (8.4), not "not
    /// adjacent"; in the Combat Phase, where it may not move, nothing is added.
    #[test]
    fn a_unit_with_no_reach_hears_why_its_first_step_is_refused() {
        let mut g = after_setup(&[]);
        clear_map(&mut g);
        let r = put(&mut g, "Robertson", "1816", 0);
        g.bde_mut(r).mounted = false;
        // Ringed by the enemy: it may mount, and then step nowhere.
        for (name, at) in [
            ("Colquitt", "1815"),
            ("Garland", "1916"),
            ("Rodes", "1917"),
            ("Ripley", "1817"),
            ("GBAnderson", "1717"),
            ("Drayton", "1716"),
        ] {
            put(&mut g, name, at, 3);
        }
        phase(&mut g, 3, Side::Union, Phase::Movement);
        let far = |g: &fotm::Fotm| beyond_reach(g, "Robertson", "1812", 2000, None);
        // In the Combat Phase it may not move: a far hex is the Assault's business.
        phase(&mut g, 3, Side::Union, Phase::Combat);
        assert_eq!(far(&g), None);
        phase(&mut g, 3, Side::Union, Phase::Movement);
        g.apply(&Action::Select(Unit::Brigade(r))).unwrap();
        assert!(engine::reach::destinations(&g, "Robertson", 2000).is_empty(), "no reach");
        let why = far(&g).expect("a reason");
        assert_eq!(why.rule, "FotM 13.4", "{why:?}");
        assert!(
            why.reason.starts_with("1812 is beyond Robertson's reach this phase: it can get no nearer than 1816;"),
            "{why:?}"
        );
        // A neighbouring hex is the step's own refusal, told by the engine.
        assert_eq!(beyond_reach(&g, "Robertson", "1815", 2000, None), None);
    }
}

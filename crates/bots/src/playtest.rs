//! The greedy bot on positions from a browser playtest of Fire on the Mountain and Belmont,
//! each with the neighbouring position where the behaviour must not change.

use crate::{Bot, GreedyBot};
use engine::{Game, Side};
use fotm::testkit::{after_setup, clear_map, hex, id, phase_going_on, put};
use fotm::{Action, Fotm, Phase, Unit};
use hexmap::Hex;

/// A Movement Phase of `side` on turn 6 with brigade `mover` selected on a road hex, brigade
/// `threat` (the other side's) on a clear level neighbouring hex or, with `far`, well away,
/// and each objective held by a Confederate brigade (so that no step changes who garrisons
/// what, 18.1). With `by_2601` the road hex is beside 2601, else two hexes or more from every
/// objective. Returns the game, the mover's hex and the threat's.
fn on_a_road(side: Side, mover: &str, threat: &str, by_2601: bool, far: bool) -> (Fotm, Hex, Hex) {
    let mut g = after_setup(&[]);
    clear_map(&mut g);
    let map = fotm::map::south_mountain();
    let objectives = [map.fox_gap(), map.turners_gap(), hex("2601")];
    let candidates: Vec<Hex> = if by_2601 {
        hex("2601").neighbours().into_iter().filter(|&h| objectives[..2].iter().all(|o| o.distance(h) > 2)).collect()
    } else {
        map.hexes().map(|(h, _)| h).filter(|&h| objectives.iter().all(|o| o.distance(h) > 3)).collect()
    };
    let (at, beside) = candidates
        .into_iter()
        .filter(|&h| map.is_road_hex(h))
        .find_map(|h| {
            let n = h.neighbours().into_iter().find(|&n| {
                !objectives.contains(&n)
                    && map.terrain(n) == Some(fotm::map::Terrain::Clear)
                    && map.elevation(n) == map.elevation(h)
            })?;
            Some((h, n))
        })
        .expect("a road hex with a clear level neighbour");
    for (name, objective) in [("Colquitt", objectives[0]), ("GBAnderson", objectives[1]), ("Rodes", objectives[2])] {
        put(&mut g, name, &objective.label(), 0);
    }
    let other = if far { hex("3020") } else { beside };
    put(&mut g, mover, &at.label(), fotm::facing::front_towards(at, beside));
    put(&mut g, threat, &other.label(), fotm::facing::front_towards(other, at));
    phase_going_on(&mut g, 6, side, Phase::Movement);
    g.apply(&Action::Select(Unit::Brigade(id(&g, mover)))).expect("the mover moves");
    (g, at, other)
}

/// 13.5: a step that forces a march costs a step half the time when the move ends: greedy does
/// not take one that gains nothing, while an ordinary step that gains nothing is worth what
/// ending the move is.
#[test]
fn greedy_does_not_force_march_for_nothing() {
    let (mut g, _, _) = on_a_road(Side::Confederate, "Garland", "Crook", true, true);
    let mut bot = GreedyBot::new(0).lookahead(0);
    let plain =
        |g: &Fotm| g.legal_actions().into_iter().find(|a| matches!(a, Action::Step(to) if fotm_step_is_plain(g, *to)));
    let ordinary = plain(&g).expect("a step forward");
    let end = bot.value(&g, &Action::EndMove, Side::Confederate);
    assert!((bot.value(&g, &ordinary, Side::Confederate) - end).abs() < 1e-12, "an ordinary step is free");
    g.apply(&ordinary).expect("legal");
    // Spend the rest turning between the two facings that keep one hex ahead (13.2: each
    // turn after two costs 1 MP) until the step into it is the forced march.
    let garland = id(&g, "Garland");
    let at = g.hex_of(garland).expect("on the map");
    let ahead = at
        .neighbours()
        .into_iter()
        .find(|&n| {
            let mut t = g.clone();
            let f = fotm::facing::front_towards(at, n);
            (f == t.bde(garland).facing || t.apply(&Action::Face(f)).is_ok())
                && t.legal_actions().contains(&Action::Step(n))
        })
        .expect("a hex to step on into");
    let facings = fotm::facing::facings_towards(at.direction_to(ahead).expect("adjacent"));
    while fotm_step_is_plain(&g, ahead) {
        let f = if g.bde(garland).facing == facings[0] { facings[1] } else { facings[0] };
        g.apply(&Action::Face(f)).expect("a turn");
    }
    let forced = Action::Step(ahead);
    assert!(g.legal_actions().contains(&forced), "{}", g.prompt().text);
    let end = bot.value(&g, &Action::EndMove, Side::Confederate);
    let value = bot.value(&g, &forced, Side::Confederate);
    assert!(value < end, "{value} {end}");
    for seed in 0..6 {
        assert!(!matches!(GreedyBot::new(seed).choose(&g), Action::Step(_)), "seed {seed}");
    }
}

/// Whether the step into `to` is paid from the allowance (no forced march, 13.5: the page
/// warns of one).
fn fotm_step_is_plain(g: &Fotm, to: Hex) -> bool {
    g.action_view(&Action::Step(to)).warning.is_none()
}

/// Plays Belmont's set-up (2.0) with the Union keeping its default deployment and a greedy
/// Confederate re-placing its units; returns the position after the set-up and how many units
/// the Confederates re-placed.
fn belmont_confederate_setup(seed: u64) -> (belmont::Belmont, usize) {
    use belmont::{Action as B, Belmont, Frame};
    let mut g = Belmont::new(&[]).expect("the scenario");
    g.set_logging(false);
    let mut bot = GreedyBot::new(seed).max_actions(60);
    let mut placed = 0;
    loop {
        let confederate = matches!(g.top(), Some(Frame::Deploy { side: Side::Confederate, .. }));
        let legal = g.legal_actions();
        let a = if confederate {
            bot.choose_from(&g, &legal)
        } else if matches!(g.top(), Some(Frame::Deploy { .. } | Frame::GuardRegiment | Frame::GuardCompanies { .. })) {
            legal.iter().find(|a| matches!(a, B::Done)).unwrap_or(&legal[0]).clone()
        } else {
            return (g, placed);
        };
        placed += usize::from(matches!(a, B::Place { .. }));
        g.apply(&a).expect("legal");
    }
}

/// 6.7: a leader alone in his hex is captured by the first enemy into it: greedy's set-up
/// leaves no Confederate leader without a company or battery of his side. It still re-places
/// units (the term costs nothing where a leader keeps company).
#[test]
fn greedy_set_up_leaves_no_leader_alone() {
    let mut moved = 0;
    for seed in 0..3 {
        let (g, placed) = belmont_confederate_setup(seed);
        moved += placed;
        for u in g.ids().filter(|&u| g.is_leader(u) && g.counter(u).side == Side::Confederate) {
            let Some(h) = g.hex_of(u) else { continue };
            if !g.is_land(h) {
                continue;
            }
            let company = g.ground_at(h).into_iter().any(|x| g.owner(x) == Side::Confederate && !g.is_leader(x));
            assert!(company, "seed {seed}: {} alone in {h}", g.name(u));
        }
    }
    assert!(moved > 0, "greedy re-placed nothing");
}

/// 14.2: Ripley and Rodes, due at 12 PM by the Boonsboro road (2601), come on when their
/// Reinforcement Phase comes: greedy brings them on rather than holding them at the entry.
#[test]
fn greedy_brings_confederate_reinforcements_on() {
    let mut g = after_setup(&[]);
    clear_map(&mut g);
    let map = fotm::map::south_mountain();
    for (name, objective) in [("Colquitt", map.fox_gap()), ("GBAnderson", map.turners_gap())] {
        put(&mut g, name, &objective.label(), 0);
    }
    put(&mut g, "Crook", "1609", 0);
    for name in ["Ripley", "Rodes"] {
        let b = id(&g, name);
        g.bde_mut(b).loc = fotm::Loc::Entering;
    }
    phase_going_on(&mut g, 6, Side::Confederate, Phase::Reinforcement);
    for seed in 0..4 {
        let mut g = g.clone();
        let mut bot = GreedyBot::new(seed);
        while g.turn == 6 && g.actor() == engine::Actor::Side(Side::Confederate) {
            let a = bot.choose(&g);
            g.apply(&a).expect("legal");
        }
        for name in ["Ripley", "Rodes"] {
            assert!(g.hex_of(id(&g, name)).is_some(), "seed {seed}: {name} held back");
        }
    }
}

//! 2.3 The step track: a brigade loses steps one counter at a time and is eliminated when it
//! loses the last; 18.1 scores an eliminated brigade (and one routed off the map, 17.4) to the
//! enemy. Every step loss in the game, in combat (15.8, 9.4) or on a forced march (13.5), goes
//! through here.

use crate::oob::Arm;
use crate::state::{Bid, Fate, Fotm, Loc};
use crate::victory;

/// The brigade loses up to `n` steps; eliminated on losing its last (2.3). Returns the steps
/// actually lost.
pub(crate) fn lose_steps(g: &mut Fotm, b: Bid, n: u8, rule: &str) -> u8 {
    let mut lost = 0;
    for _ in 0..n {
        if g.hex_of(b).is_none() {
            break;
        }
        g.bde_mut(b).losses += 1;
        lost += 1;
        if g.steps_left(b) == 0 {
            eliminate(g, b, Fate::Eliminated, rule);
            break;
        }
    }
    if lost > 0 && g.hex_of(b).is_some() {
        g.note_bde(b, rule, |g| format!("{} loses {lost} step(s), now {}", g.name(b), g.strength(b).words()));
    }
    lost
}

/// Takes a brigade out of the game with this fate, scoring an elimination for the enemy where
/// 18.1 counts one (eliminated, routed off).
pub(crate) fn eliminate(g: &mut Fotm, b: Bid, fate: Fate, rule: &str) {
    g.set_loc(b, Loc::Gone(fate));
    g.note_bde(b, rule, |g| format!("{} is out of the game: {}", g.name(b), fate.words()));
    if matches!(fate, Fate::Eliminated | Fate::RoutedOff) {
        let vp = if g.arm(b) == Arm::Infantry {
            victory::vp::ELIMINATED_INFANTRY
        } else {
            victory::vp::ELIMINATED_ARTILLERY_OR_CAVALRY
        };
        g.score(g.side_of(b).enemy(), vp, "FotM 18.1", |g| format!("{} eliminated", g.name(b)));
    }
}

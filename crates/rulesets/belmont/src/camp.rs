//! 13.0 Camp Johnston: capture (13.2) and its consequences: the capture award (14.2),
//! Confederate morale loss (13.2.1, in movement and the turn sequence), Polk releasing
//! the reserve (13.2.2), looting (13.2.3, in movement) and the High Morale swap
//! (13.2.4, 9.1).

use crate::charts;
use crate::counters::Kind;
use crate::state::{Belmont, ChitLoc, Loc};
use engine::Side;

/// 13.2: after all melee of an activation, Union possession of any camp hex captures
/// the camp.
pub(crate) fn check_capture(g: &mut Belmont) {
    if g.camp_captured.is_some() {
        return;
    }
    let held =
        g.map().camp.iter().any(|&h| g.holder(h) == Some(Side::Union) && g.side_at(h, Side::Confederate).is_empty());
    if !held {
        return;
    }
    let turn = g.turn;
    g.camp_captured = Some(turn);
    let award = charts::camp_capture_award(turn);
    g.vp[0] += award;
    g.log.push("Belmont 13.2", || format!("The Union captures Camp Johnston on turn {turn}."));
    g.log.push("Belmont 14.2", || format!("Capture award: {} VP to the Union.", award / charts::VP_UNIT));
    g.log.push("Belmont 13.2.1", || "Confederates in Missouri are demoralized for the rest of the turn.".into());
}

/// 13.2.2: once the end-of-turn functions of the capture turn are done, the Iron Banks
/// batteries may fire on Missouri land hexes (5.1, 12.0) and the long-range ones outside
/// their LOS (12.1). Reading: not earlier in the capture turn; 5.1's "lifted with the
/// Union capture" is read with 13.2.2, which lists it among the end-of-turn functions.
pub(crate) fn banks_unleashed(g: &Belmont) -> bool {
    g.camp_captured.is_some_and(|t| g.turn > t)
}

/// 13.2.2 at the end of the capture turn, with 9.1 / 13.2.4 High Morale and 10.0's
/// chit swap.
pub(crate) fn polk_releases_reserve(g: &mut Belmont) {
    let reserve: Vec<_> = g
        .ids()
        .filter(|&u| {
            g.unit(u).loc == Loc::Reserve
                && g.counter(u).kind != Kind::Transport
                && g.counter(u).side == Side::Confederate
        })
        .collect();
    crate::sequence::release_to_columbus(g, &reserve);
    for c in 0..g.chits.len() {
        let chit = &g.oob().chits[c];
        if g.chits[c] == ChitLoc::Reserve {
            g.chits[c] = ChitLoc::Cup;
        }
        // 13.2.2: the CS Confused Orders chit leaves; the Union's enters.
        if chit.formation.is_none() {
            g.chits[c] = if chit.side == Side::Confederate { ChitLoc::Removed } else { ChitLoc::Cup };
        }
    }
    g.confused[Side::Confederate.index()] = false;
    crate::sequence::release_transports(g, usize::MAX);
    g.transport_limits = false;
    g.high_morale = [false, true];
    g.log.push("Belmont 13.2.2", || {
        "Polk releases the reserve: every reserve unit to Columbus, their chits into the cup, all transports to the dock, \
         transport limits lifted, Iron Banks may fire on Missouri, Confused Orders chits swapped."
            .into()
    });
    g.log.push("Belmont 13.2.4", || "The Union loses High Morale; the Confederates gain it.".into());
    // Said ahead (the fifth playtest: the looters stood still next turn with no word why).
    g.log.push("Belmont 13.2.3", || {
        "Next turn the Union troops in Camp Johnston and within three hexes of it loot and celebrate: \
         they may not move unless they retreat from combat."
            .into()
    });
}

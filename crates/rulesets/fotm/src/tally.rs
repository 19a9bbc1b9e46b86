//! Counts that a report of what happened cares about (`engine::Game::tally`): for each side,
//! steps lost, brigades eliminated, routed (now or off the map), retreats made, captured (prisoners and exited), Leader
//! Casualty Markers, commander casualties, the gaps and 2601 it controls (18.1: an Assault's
//! odds say whether Fox's Gap falls), and VP. `muster odds` reports the change in each.

use crate::state::{Fate, Fotm, Loc};
use engine::Side;

/// The tally of the whole position, the same keys in the same order every time.
pub(crate) fn tally(g: &Fotm) -> Vec<(String, i64)> {
    let vp = crate::victory::vp(g);
    let mut out = Vec::new();
    for side in Side::BOTH {
        let mine = || g.all_brigades().filter(move |&b| g.side_of(b) == side);
        let count = |f: &dyn Fn(crate::Bid) -> bool| i64::try_from(mine().filter(|&b| f(b)).count()).unwrap_or(0);
        let name = side.name();
        out.push((format!("{name} steps lost"), mine().map(|b| i64::from(g.bde(b).losses)).sum()));
        out.push((
            format!("{name} brigades eliminated"),
            count(&|b| matches!(g.bde(b).loc, Loc::Gone(Fate::Eliminated | Fate::RoutedOff))),
        ));
        // Routed on the map or routed off it: a routed brigade that leaves is still one routed,
        // so the count never falls when a rout ends in elimination.
        out.push((
            format!("{name} brigades routed"),
            count(&|b| {
                (g.bde(b).routed && matches!(g.bde(b).loc, Loc::Map(_))) || g.bde(b).loc == Loc::Gone(Fate::RoutedOff)
            }),
        ));
        out.push((format!("{name} retreats"), i64::from(g.retreats[side.index()])));
        out.push((
            format!("{name} brigades captured"),
            count(&|b| matches!(g.bde(b).loc, Loc::Prisoner(_) | Loc::Gone(Fate::Captured))),
        ));
        out.push((format!("{name} LCMs"), mine().map(|b| i64::from(g.bde(b).lcm)).sum()));
        out.push((
            format!("{name} commander casualties"),
            g.all_commanders().filter(|&c| g.cinfo(c).side == side).map(|c| i64::from(g.cmdr(c).casualties)).sum(),
        ));
        out.push((
            format!("{name} gaps and 2601 held"),
            i64::try_from(g.control.iter().filter(|&&c| c == side).count()).unwrap_or(0),
        ));
        out.push((format!("{name} vp"), i64::from(vp[side.index()])));
    }
    out
}

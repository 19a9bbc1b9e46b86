//! What a balance study measures at the end of a Belmont game ([`engine::Game::metrics`]):
//! when Camp Johnston fell (13.2, 14.2), whether Grant called the reserve (14.3), the
//! artillery each side took (8.7, 14.4) and the companies each side lost (7.1, 14.1).

use crate::counters::{Kind, UnitId};
use crate::state::{Belmont, Fate, Loc};
use engine::{Metric, Side};

/// The measures, the same keys in the same order in every position.
pub(crate) fn metrics(g: &Belmont) -> Vec<(String, Metric)> {
    let mut out = vec![
        ("camp johnston falls (turn)".to_string(), Metric::Number(g.camp_captured.map(f64::from))),
        ("camp johnston captured".to_string(), Metric::YesNo(Some(g.camp_captured.is_some()))),
        ("union reserve called".to_string(), Metric::YesNo(Some(g.guard_released))),
    ];
    let count = |f: &dyn Fn(UnitId) -> bool| {
        #[allow(clippy::cast_precision_loss)]
        let n = g.ids().filter(|&u| f(u)).count() as f64;
        Metric::Number(Some(n))
    };
    for side in Side::BOTH {
        // An enemy gun this side holds on the map or has taken out of the game.
        let taken = count(&|u| {
            let c = g.counter(u);
            c.side != side
                && matches!(c.kind, Kind::FieldArtillery | Kind::IronBanks)
                && match g.unit(u).loc {
                    Loc::Gone(Fate::Captured) => true,
                    _ => g.unit(u).captor.is_some() && g.owner(u) == side,
                }
        });
        out.push((format!("{} guns captured", side.name()), taken));
    }
    for side in Side::BOTH {
        let lost = count(&|u| {
            let c = g.counter(u);
            c.side == side
                && matches!(c.kind, Kind::Infantry | Kind::Cavalry)
                && g.unit(u).loc == Loc::Gone(Fate::Eliminated)
        });
        out.push((format!("{} companies eliminated", side.name()), lost));
    }
    out
}

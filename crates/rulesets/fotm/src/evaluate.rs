//! How well a side stands, for bots that cut searches short (`engine::Game::evaluate`):
//! the 18.1 VP margin, the gaps held (a Decisive Victory is worth more than any margin), the
//! strength each side has left, and for the Union how close its brigades have come to the
//! gaps. Authored weights, tuned only by bot-against-bot play.

use crate::state::{Fotm, Loc};
use engine::Side;

/// Weight of one gap held, in VP-margin units.
const GAP: f64 = 8.0;
/// Weight of the SP difference on the map, in VP-margin units a SP.
const SP: f64 = 0.5;
/// Weight of the Union's approach: VP-margin units per hex closer of its nearest brigade to
/// each gap it does not hold.
const APPROACH: f64 = 0.4;
/// Scale of the logistic squashing, in VP-margin units.
const SCALE: f64 = 12.0;

/// A number from 0 to 1: how well `side` stands.
pub(crate) fn evaluate(g: &Fotm, side: Side) -> f64 {
    let vp = crate::victory::vp(g);
    let mut union = f64::from(vp[0]) - f64::from(vp[1]);
    for (i, s) in g.control[..2].iter().enumerate() {
        union += if *s == Side::Union { GAP } else { -GAP };
        if *s == Side::Confederate {
            let gap = crate::victory::tracked(g)[i];
            let nearest = g
                .on_map(Side::Union)
                .filter_map(|b| g.hex_of(b).map(|h| h.distance(gap)))
                .min()
                .unwrap_or(30);
            union -= APPROACH * f64::from(nearest.min(30));
        }
    }
    let sp = |s: Side| -> f64 {
        g.all_brigades()
            .filter(|&b| g.side_of(b) == s && matches!(g.bde(b).loc, Loc::Map(_) | Loc::Entering | Loc::Waiting))
            .map(|b| f64::from(g.printed_sp(b)))
            .sum()
    };
    // The Union starts with far more SP: compare against the starting ratio, not zero.
    union += SP * (sp(Side::Union) / 2.5 - sp(Side::Confederate));
    let margin = if side == Side::Union { union } else { -union };
    1.0 / (1.0 + (-margin / SCALE).exp())
}

//! 16.0 Leader casualties and 7.2 sharpshooters: Leader Casualty Markers on the Lead Brigade,
//! commanders hit once a brigade has two, and the commander casualty itself (16.2): flipped to
//! the replacement, Reno inside Cox, McClellan and Lee irreplaceable, and their VP (18.1).

use crate::action::Action;
use crate::procedure::{Frame, Procedure};
use crate::state::{Bid, Cid, Fotm, Unit};
use crate::victory::vp;
use engine::{Actor, Side};

/// 16.1: attacker sixes in one Assault (with both artillery fire and close combat) that cause a
/// Leader Casualty.
pub const LEADER_SIXES: u8 = 4;
/// 7.2: ones that cause a Leader Casualty when sharpshooters roll.
pub const SHARPSHOOTER_ONES: u8 = 2;
/// 16.1: the most LCMs a brigade can carry.
pub const MAX_LCM: u8 = 2;

/// A leader casualty awaiting a decision or a roll.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum CasualtyFrame {
    /// 7.2: the sharpshooters' owner picks a commander in the hex, or the Lead Brigade's officers.
    Sharpshooters {
        /// The sharpshooters' side, who picks.
        side: Side,
        /// The enemy Lead Brigade.
        lead: Bid,
        /// The commanders that may be picked.
        cmdrs: Vec<Cid>,
    },
    /// 16.2: two commanders are with the Lead Brigade: each rolls a die, the higher is hit.
    /// Reading: ties are rolled again, so each is hit with probability one half.
    TwoCommanders {
        /// The two commanders.
        cmdrs: [Cid; 2],
    },
}

/// The commanders with the brigade who can become casualties (10.4: never Lee).
fn exposed(g: &Fotm, b: Bid) -> Vec<Cid> {
    let Some(h) = g.hex_of(b) else { return vec![] };
    let side = g.side_of(b);
    g.commanders_at(h)
        .into_iter()
        .filter(|&c| g.cinfo(c).side == side && !g.cmdr(c).gone && g.cinfo(c).id != "Lee")
        .collect()
}

/// A Leader Casualty on the Lead Brigade `lead` (16.1); `sharpshooters` is the side whose
/// sharpshooters caused it (7.2), who may pick a commander in the hex instead.
pub(crate) fn leader_casualty(g: &mut Fotm, lead: Bid, sharpshooters: Option<Side>) {
    if g.hex_of(lead).is_none() {
        return;
    }
    if let Some(side) = sharpshooters {
        let cmdrs = exposed(g, lead);
        if !cmdrs.is_empty() {
            g.stack.push(Frame::Combat(Box::new(crate::combat::CombatFrame::Casualty(CasualtyFrame::Sharpshooters {
                side,
                lead,
                cmdrs,
            }))));
            return;
        }
    }
    on_brigade(g, lead);
}

/// 16.1-16.2: an LCM on the brigade, or with two already, a commander with it is hit.
fn on_brigade(g: &mut Fotm, lead: Bid) {
    if g.bde(lead).lcm < MAX_LCM {
        g.bde_mut(lead).lcm += 1;
        g.note("FotM 16.1", |g| format!("Leader casualty: {} takes an LCM ({})", g.name(lead), g.bde(lead).lcm));
        g.score(g.side_of(lead).enemy(), vp::LCM, "FotM 18.1", |g| format!("LCM on {}", g.name(lead)));
        return;
    }
    match exposed(g, lead).as_slice() {
        [] => g.note("FotM 16.2", |g| {
            format!("Leader casualty: {} already has two LCMs and no commander is with it", g.name(lead))
        }),
        [c] => commander_casualty(g, *c),
        [a, b, ..] => {
            g.stack.push(Frame::Combat(Box::new(crate::combat::CombatFrame::Casualty(CasualtyFrame::TwoCommanders {
                cmdrs: [*a, *b],
            }))))
        }
    }
}

/// 16.2: the commander is a casualty: flipped to his replacement, or removed when he is a
/// replacement already or has none; 18.1 VP to the enemy.
///
/// Reading: Reno (inside Cox) is a named commander: his casualty scores the 2 VP, and so does
/// the later flip to Cox's replacement; Longstreet's and Burnside's 5 VP and McClellan's 10 VP
/// replace the 2; a replacement removed scores nothing.
pub(crate) fn commander_casualty(g: &mut Fotm, c: Cid) {
    let info = g.cinfo(c);
    if info.id == "Lee" {
        return;
    }
    let side = info.side;
    let before = g.cmdr(c).casualties;
    let named_hit = if info.inherent.is_some() { before <= 1 } else { before == 0 };
    let removed = match (&info.replacement, &info.inherent) {
        (None, _) => true,
        (Some(_), Some(_)) => before >= 2,
        (Some(_), None) => before >= 1,
    };
    let who =
        if info.inherent.is_some() && before == 0 { info.inherent.clone().unwrap_or_default() } else { g.cname(c) };
    let cm = g.cmdr_mut(c);
    cm.casualties += 1;
    if removed {
        cm.gone = true;
        cm.hex = None;
    }
    g.note("FotM 16.2", |g| {
        if removed {
            format!("{who} is a casualty and is removed from the game")
        } else {
            format!("{who} is a casualty; {} takes over", g.cname(c))
        }
    });
    if named_hit {
        let pts = match info.id.as_str() {
            "McClellan" => vp::MCCLELLAN,
            "Longstreet" if before == 0 => vp::LONGSTREET,
            "Burnside" if before == 0 => vp::BURNSIDE,
            _ => vp::COMMANDER,
        };
        g.score(side.enemy(), pts, "FotM 18.1", |_| format!("{who} a casualty"));
    }
}

impl Procedure<Fotm, Action> for CasualtyFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            CasualtyFrame::Sharpshooters { side, .. } => Actor::Side(*side),
            CasualtyFrame::TwoCommanders { .. } => Actor::Chance,
        }
    }

    fn prompt(&self, g: &Fotm) -> (&'static str, String) {
        match self {
            CasualtyFrame::Sharpshooters { lead, .. } => (
                "FotM 7.2",
                format!(
                    "Sharpshooters' leader casualty: pick a commander with {}, or its brigade officers",
                    g.name(*lead)
                ),
            ),
            CasualtyFrame::TwoCommanders { cmdrs } => (
                "FotM 16.2",
                format!(
                    "{} and {}: each rolls a die, the higher is the casualty",
                    g.cname(cmdrs[0]),
                    g.cname(cmdrs[1])
                ),
            ),
        }
    }

    fn legal(&self, _g: &Fotm) -> Vec<Action> {
        match self {
            CasualtyFrame::Sharpshooters { lead, cmdrs, .. } => std::iter::once(Action::Pick(Unit::Brigade(*lead)))
                .chain(cmdrs.iter().map(|&c| Action::Pick(Unit::Commander(c))))
                .collect(),
            CasualtyFrame::TwoCommanders { .. } => vec![],
        }
    }

    fn chance(&self, _g: &Fotm) -> Vec<(Action, f64)> {
        match self {
            CasualtyFrame::TwoCommanders { cmdrs } => {
                cmdrs.iter().map(|&c| (Action::Pick(Unit::Commander(c)), 0.5)).collect()
            }
            CasualtyFrame::Sharpshooters { .. } => vec![],
        }
    }

    fn apply(self, g: &mut Fotm, a: &Action) {
        match (self, *a) {
            (CasualtyFrame::Sharpshooters { .. }, Action::Pick(Unit::Brigade(b))) => on_brigade(g, b),
            (_, Action::Pick(Unit::Commander(c))) => commander_casualty(g, c),
            (f, a) => unreachable!("{f:?} cannot take {a:?}"),
        }
    }
}

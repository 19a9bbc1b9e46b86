//! 17.5 and 17.75: where leaders may end a Movement Phase, and a leader alone captured.
//!
//! Readings:
//! - 17.52's distance is in hexes, to the nearest enemy combat unit on the map.
//! - 17.75's "Friendly unit" is a combat unit (or wagon): a leader entering a hex holding only
//!   enemy leaders does not capture them, and may not enter it (5.12).
//! - A leader whose move has ended is not moved again (issue 16), so the last combat unit may
//!   not leave him where he may not stay (17.52).

use crate::refusal::why;
use crate::state::{Fate, Gbacw, LeaderId, Loc};
use engine::{Illegal, Side};
use hexmap::Hex;

/// 17.52: the distance at which a leader may stand alone.
pub const ALONE_DISTANCE: u16 = 5;

/// The leaders of `side` in `h`.
#[must_use]
pub fn leaders_at(g: &Gbacw, h: Hex, side: Side) -> Vec<LeaderId> {
    g.leader_ids().filter(|&l| g.leader_hex(l) == Some(h) && g.leader_info(l).2 == side).collect()
}

/// Distance from `h` to the nearest combat unit of `side`'s enemy on the map.
#[must_use]
pub fn enemy_distance(g: &Gbacw, h: Hex, side: Side) -> Option<u16> {
    g.unit_ids().filter(|&u| g.side_of(u) != side).filter_map(|u| g.hex_of(u)).map(|e| e.distance(h)).min()
}

/// 17.52: whether a leader of `side` may end the phase alone in `h`.
#[must_use]
pub fn may_stand_alone(g: &Gbacw, h: Hex, side: Side) -> bool {
    enemy_distance(g, h, side).is_none_or(|d| d >= ALONE_DISTANCE)
}

/// 17.52: why leader `l` may not end the phase where he stands, if he may not. A leader in a
/// pinned hex is not held to it: he may not move (9.84, 9.86), so the phase could not end.
#[must_use]
pub fn fault(g: &Gbacw, l: LeaderId) -> Option<Illegal> {
    let h = g.leader_hex(l)?;
    if g.pinned.contains(&h) {
        return None;
    }
    let side = g.leader_info(l).2;
    let with_unit = g.units_here(h).any(|u| g.side_of(u) == side && crate::stacking::stacks(g, u));
    (!with_unit && !may_stand_alone(g, h, side)).then(|| Illegal {
        rule: "GBACW 17.52".into(),
        reason: why!(
            "{} would end the Movement Phase alone in {h}, within {} hexes of the enemy: move a combat unit \
             there first (each move is judged as it ends, so the phase can always end; plan, 17.52)",
            g.leader_info(l).1,
            ALONE_DISTANCE - 1
        ),
    })
}

/// 17.75: enemy leaders alone in `h`, entered by `side`'s combat unit, are captured.
pub fn capture_alone(g: &mut Gbacw, h: Hex, side: Side) {
    let enemy = side.enemy();
    if g.units_here(h).any(|u| g.side_of(u) == enemy) {
        return;
    }
    for l in leaders_at(g, h, enemy) {
        g.leaders[usize::from(l)].loc = Loc::Gone(Fate::Captured);
        let name = g.leader_info(l).1;
        g.log.push("GBACW 17.75", || format!("{name}, alone in {h}, is captured."));
    }
}

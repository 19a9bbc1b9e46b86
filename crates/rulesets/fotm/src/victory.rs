//! 18.0 How to win: holding both gaps is a Decisive Victory; otherwise the VP margin decides
//! (0-7 a draw, 8-15 a Minor Victory, 16+ a Major Victory). VP come from the 18.1 schedule;
//! events add to [`Fotm::scored`] where they happen, control of 2601 is counted when VP are
//! read.

use crate::state::Fotm;
use engine::Side;
use hexmap::Hex;

/// 18.1: VP for controlling hex 2601.
pub const KEY_HEX_VP: u16 = 5;
/// 18.1: the largest margin that is a draw.
pub const DRAW_MAX: u16 = 7;
/// 18.1: the largest margin that is a Minor Victory.
pub const MINOR_MAX: u16 = 15;

/// 18.1 VP for the schedule's events, by kind.
pub mod vp {
    /// An eliminated artillery or cavalry brigade.
    pub const ELIMINATED_ARTILLERY_OR_CAVALRY: u16 = 1;
    /// An eliminated infantry brigade.
    pub const ELIMINATED_INFANTRY: u16 = 2;
    /// A Leader Casualty Marker.
    pub const LCM: u16 = 1;
    /// A captured brigade exited off the map.
    pub const CAPTURED_EXITED: u16 = 1;
    /// A Union cavalry brigade exited off the West edge (8.5).
    pub const CAVALRY_EXITED: u16 = 1;
    /// Each turn Lee is within two hexes of a Union brigade (10.4).
    pub const LEE_NEAR_UNION: u16 = 1;
    /// A named commander's casualty (the counter flipped to its replacement side).
    ///
    /// Reading (18.1): the lines for Longstreet (5), Burnside (5) and McClellan (10) give those
    /// commanders' value in place of this one, not on top of it: the schedule reads as a scale
    /// of worth (2, 5, 10) and says "5 VPs if Longstreet is a casualty", not "5 more"; a
    /// replacement hit again scores nothing (casualty.rs applies it).
    pub const COMMANDER: u16 = 2;
    /// Longstreet a casualty.
    pub const LONGSTREET: u16 = 5;
    /// Burnside a casualty.
    pub const BURNSIDE: u16 = 5;
    /// McClellan a casualty.
    pub const MCCLELLAN: u16 = 10;
}

/// The three hexes whose control the rules track: Fox's Gap, Turner's Gap, 2601.
#[must_use]
pub fn tracked(g: &Fotm) -> [Hex; 3] {
    let m = g.map();
    [m.fox_gap(), m.turners_gap(), m.key_hex()]
}

/// A brigade of `side` has entered `hex`: it now controls the hex if the rules track it.
/// Reading (18.1 "hold", "controlling"; 8.5 "captured"): a gap or 2601 belongs to the side
/// whose brigade last occupied it; the Confederates hold all three at the start. Entering is
/// occupying, so a brigade that only passes through in its move (or its rout, retreat or
/// advance) takes the hex, as a player marks a hex captured when his brigade enters it; the
/// enemy takes it back only by entering it in turn. Commanders and guards never take one (they
/// are not brigades). The first Union capture of a gap starts the 8.5 breakout clock.
pub(crate) fn occupy(g: &mut Fotm, hex: Hex, side: Side) {
    let t = tracked(g);
    for (i, h) in t.iter().enumerate() {
        if *h == hex && g.control[i] != side {
            g.control[i] = side;
            let name = ["Fox's Gap", "Turner's Gap", "hex 2601"][i];
            g.note("FotM 18.1", |_| format!("{} takes control of {name} ({hex})", side.title()));
            if i < 2 && side == Side::Union && g.gap_captured.is_none() {
                g.gap_captured = Some(g.turn);
                g.note("FotM 8.5", |_| "A gap is captured: the Union cavalry may break out from next turn".into());
            }
        }
    }
}

/// Victory points now, Union then Confederate (18.1).
#[must_use]
pub fn vp(g: &Fotm) -> [u16; 2] {
    let mut v = g.scored;
    v[g.control[2].index()] += KEY_HEX_VP;
    v
}

/// The level of a result (18.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Level {
    /// Holding both gaps.
    Decisive,
    /// A margin of 16 or more.
    Major,
    /// A margin of 8 to 15.
    Minor,
    /// A margin of 7 or less.
    Draw,
}

/// The result if the game ended now: the winner (none for a draw) and its level.
#[must_use]
pub fn result(g: &Fotm) -> (Option<Side>, Level) {
    if g.control[0] == g.control[1] {
        return (Some(g.control[0]), Level::Decisive);
    }
    let [u, c] = vp(g);
    let margin = u.abs_diff(c);
    let winner = if u > c { Side::Union } else { Side::Confederate };
    match margin {
        0..=DRAW_MAX => (None, Level::Draw),
        m if m <= MINOR_MAX => (Some(winner), Level::Minor),
        _ => (Some(winner), Level::Major),
    }
}

/// The result's level in 18.1's words, with why: the gaps, or the VP margin.
#[must_use]
pub fn level_words(g: &Fotm, level: Level) -> String {
    let [u, c] = vp(g);
    let margin = u.abs_diff(c);
    match level {
        Level::Decisive => "Decisive Victory: both gaps held (18.1)".into(),
        Level::Draw => format!("a Draw: the gaps split and {margin} VP between the sides (18.1: 0-7)"),
        Level::Minor => format!("a Minor Victory: the gaps split, {margin} VP ahead (18.1: 8-15)"),
        Level::Major => format!("a Major Victory: the gaps split, {margin} VP ahead (18.1: 16+)"),
    }
}

/// C: the final check after 9 PM, logged.
pub(crate) fn final_scoring(g: &mut Fotm) {
    let [u, c] = vp(g);
    let (winner, level) = result(g);
    g.note("FotM 18.1", |_| {
        let who = winner.map_or("Neither side".to_string(), |s| s.title().to_string());
        format!("Game over: Union {u} VP, Confederate {c} VP; {who}: {level:?}")
    });
}

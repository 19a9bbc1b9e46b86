//! 11.0 The sequence of play: hourly turns from 7 AM to 9 PM, the Union phasing first (11.2);
//! the first turn starting with Union movement (11.3); Burnside's pause and roll (11.4, 11.5,
//! 10.6); dusk (11.6); and the optional Lee (10.4) and Longstreet bonus (10.5), whose timing
//! belongs to the turn.

use crate::action::Action;
use crate::procedure::{Frame, Procedure, d6};
use crate::state::{Fotm, LongstreetBonus, Pause, Phase};
use crate::{combat, movement, rally, retreat, stacking, victory, zoc};
use engine::{Actor, Side};

/// 11.5: the lowest Burnside roll that resumes the offensive, by turn label.
pub const BURNSIDE_ROLL: [(&str, u8); 2] = [("1 PM", 5), ("2 PM", 4)];
/// 11.4: the turn the pause begins.
pub const PAUSE_STARTS: &str = "12 PM";
/// 11.4: the turn normal offensive operations resume at the latest.
pub const PAUSE_ENDS: &str = "3 PM";
/// 10.4: Lee may come from this turn on.
pub const LEE_FROM: &str = "3 PM";
/// 10.4: Lee leaves in the Rally Phase this many turns after he arrives.
pub const LEE_STAYS: u8 = 3;
/// 10.4: the Union scores a VP each turn Lee is within this many hexes of a Union brigade.
pub const LEE_EXPOSED: u16 = 2;

/// The sequence's own steps.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum SeqFrame {
    /// After set-up: the first turn begins.
    GameStart,
    /// A turn begins: lay out its phases (11.2).
    TurnStart,
    /// A phase begins for a side.
    Phase(Side, Phase),
    /// 11.5: the Burnside roll.
    BurnsideRoll,
    /// 10.4: the Confederates may bring Lee on.
    LeeArrives,
    /// 10.5: the Confederates choose Longstreet's bonus.
    LongstreetBonus,
    /// C and D: check victory, move the turn marker.
    EndTurn,
}

impl Procedure<Fotm, Action> for SeqFrame {
    fn actor(&self, _g: &Fotm) -> Actor {
        match self {
            SeqFrame::BurnsideRoll => Actor::Chance,
            SeqFrame::LeeArrives | SeqFrame::LongstreetBonus => Actor::Side(Side::Confederate),
            _ => unreachable!("automatic"),
        }
    }

    fn prompt(&self, g: &Fotm) -> (&'static str, String) {
        match self {
            SeqFrame::BurnsideRoll => {
                ("FotM 11.5", format!("Burnside roll ({}): does the Union resume the offensive?", g.turn_label()))
            }
            SeqFrame::LeeArrives => ("FotM 10.4", "Bring Lee onto the map in Longstreet's hex?".into()),
            SeqFrame::LongstreetBonus => (
                "FotM 10.5",
                "Longstreet's bonus this turn: yes for +1 to his Rally and Regroup attempts, no for +2 SP in one Assault"
                    .into(),
            ),
            _ => ("FotM 11.2", String::new()),
        }
    }

    fn legal(&self, _g: &Fotm) -> Vec<Action> {
        match self {
            SeqFrame::LeeArrives | SeqFrame::LongstreetBonus => vec![Action::Choose(true), Action::Choose(false)],
            _ => vec![],
        }
    }

    fn chance(&self, _g: &Fotm) -> Vec<(Action, f64)> {
        match self {
            SeqFrame::BurnsideRoll => d6(),
            _ => vec![],
        }
    }

    fn automatic(&self, _g: &Fotm) -> bool {
        !matches!(self, SeqFrame::BurnsideRoll | SeqFrame::LeeArrives | SeqFrame::LongstreetBonus)
    }

    fn apply(self, g: &mut Fotm, a: &Action) {
        match (self, *a) {
            (SeqFrame::BurnsideRoll, Action::Roll(d)) => {
                let need = burnside_need(g).unwrap_or(7);
                if d >= need {
                    g.pause = Pause::Resumed;
                    g.note("FotM 11.5", |g| {
                        format!("Burnside roll {d} ({}): the Union resumes the offensive", g.turn_label())
                    });
                } else {
                    g.note("FotM 11.5", |g| {
                        format!("Burnside roll {d} ({}): Burnside still hesitates", g.turn_label())
                    });
                }
            }
            (SeqFrame::LeeArrives, Action::Choose(yes)) => {
                if yes {
                    lee_arrives(g);
                }
            }
            (SeqFrame::LongstreetBonus, Action::Choose(rally)) => {
                let bonus = if rally { LongstreetBonus::Rally } else { LongstreetBonus::Assault };
                g.lee.bonus = Some(bonus);
                g.note("FotM 10.5", |_| {
                    format!(
                        "Longstreet's bonus: {}",
                        if rally {
                            "+1 to his Rally and Regroup attempts this turn"
                        } else {
                            "+2 SP to one Assault this turn"
                        }
                    )
                });
            }
            (f, a) => unreachable!("{f:?} cannot take {a:?}"),
        }
    }

    fn run(self, g: &mut Fotm) {
        match self {
            SeqFrame::GameStart => {
                g.note("FotM 11.1", |g| format!("The game begins: {} turn", g.turn_label()));
                g.stack.push(Frame::Seq(SeqFrame::TurnStart));
            }
            SeqFrame::TurnStart => turn_start(g),
            SeqFrame::Phase(side, phase) => phase_start(g, side, phase),
            SeqFrame::EndTurn => end_turn(g),
            f => unreachable!("{f:?} waits for a decision"),
        }
    }
}

/// The roll needed this turn, if this is a Burnside roll turn (11.5).
fn burnside_need(g: &Fotm) -> Option<u8> {
    BURNSIDE_ROLL.iter().find(|(t, _)| g.oob().turn(t) == Some(g.turn)).map(|(_, n)| *n)
}

fn turn_is(g: &Fotm, label: &str) -> bool {
    g.oob().turn(label) == Some(g.turn)
}

fn turn_start(g: &mut Fotm) {
    g.note("FotM 11.2", |g| format!("Turn {} ({})", g.turn, g.turn_label()));
    for b in g.all_brigades() {
        g.bde_mut(b).regrouped = false;
    }
    // 11.4: the pause starts at 12 PM; 10.6 Burnside's resolve ends it at 1 PM without a roll;
    // it ends at 3 PM at the latest.
    if turn_is(g, PAUSE_STARTS) && g.pause == Pause::NotYet {
        g.pause = Pause::InForce;
        g.note("FotM 11.4", |_| {
            "Burnside pauses: Union units must leave Confederate ZOCs and may not enter them or assault".into()
        });
    } else if g.pause == Pause::InForce
        && (turn_is(g, PAUSE_ENDS)
            || (g.opt.burnside_resolve && g.oob().turn(PAUSE_STARTS).is_some_and(|t| g.turn > t)))
    {
        g.pause = Pause::Resumed;
        let rule = if turn_is(g, PAUSE_ENDS) { "FotM 11.4" } else { "FotM 10.6" };
        g.note(rule, |_| "Union offensive operations resume".into());
    }
    let mut phases: Vec<Frame> = vec![Frame::Seq(SeqFrame::EndTurn)];
    for side in [Side::Confederate, Side::Union] {
        for phase in [Phase::Combat, Phase::Reinforcement, Phase::Movement, Phase::Rally] {
            // 11.3: turn one begins with the Union Movement Phase.
            if g.turn == 1 && side == Side::Union && phase == Phase::Rally {
                continue;
            }
            phases.push(Frame::Seq(SeqFrame::Phase(side, phase)));
        }
    }
    if burnside_need(g).is_some() && g.pause == Pause::InForce {
        phases.push(Frame::Seq(SeqFrame::Phase(Side::Union, Phase::BurnsideRoll)));
    }
    g.stack.extend(phases);
}

fn phase_start(g: &mut Fotm, side: Side, phase: Phase) {
    g.phasing = side;
    g.phase = phase;
    // 10.2: each commander's CM reaches a fresh set of brigades each phase.
    g.cm_used.clear();
    match phase {
        Phase::BurnsideRoll => g.stack.push(Frame::Seq(SeqFrame::BurnsideRoll)),
        Phase::Rally => {
            rally::start_phase(g, side);
            if side == Side::Confederate {
                lee_in_rally_phase(g);
            }
        }
        Phase::Movement => {
            for b in g.all_brigades() {
                g.bde_mut(b).moved = false;
            }
            for c in g.all_commanders() {
                g.cmdr_mut(c).moved = false;
            }
            movement::start_phase(g, side);
        }
        Phase::Reinforcement => {
            retreat::rejoin_guards(g, side);
            movement::start_reinforcements(g, side);
        }
        Phase::Combat => {
            for b in g.all_brigades() {
                g.bde_mut(b).assaulted = false;
            }
            combat::start_phase(g, side);
        }
        Phase::Setup | Phase::EndTurn | Phase::Over => {}
    }
}

/// 10.4 and 10.5 in the Confederate Rally Phase: Lee leaves three turns after he came (and
/// Longstreet's bonus may follow), or may come from 3 PM.
fn lee_in_rally_phase(g: &mut Fotm) {
    if !g.opt.lee {
        return;
    }
    if g.lee.bonus_turn == Some(g.turn) && g.lee.bonus.is_none() && g.opt.longstreet_bonus {
        g.stack.push(Frame::Seq(SeqFrame::LongstreetBonus));
    }
    match g.lee.arrived {
        Some(t) if !g.lee.left && g.turn >= t + LEE_STAYS => lee_leaves(g, "FotM 10.4", "his three turns are up"),
        None => {
            let from = g.oob().turn(LEE_FROM).unwrap_or(u8::MAX);
            // 10.4 places Lee in Longstreet's hex, and 4.1/10.2 allow two commanders a hex:
            // Lee is not offered while Longstreet shares his hex with another commander. Nothing
            // else bars him: a Union brigade already beside Longstreet does not (see
            // `union_brigade_moved`).
            let room = longstreet_hex(g).is_some_and(|h| stacking::has_commander_room(g, h, Side::Confederate, None));
            if g.turn >= from && room && lee_id(g).is_some() {
                g.stack.push(Frame::Seq(SeqFrame::LeeArrives));
            }
        }
        _ => {}
    }
}

fn lee_id(g: &Fotm) -> Option<u8> {
    g.commander_id("Lee")
}

fn longstreet_hex(g: &Fotm) -> Option<hexmap::Hex> {
    let c = g.commander_id("Longstreet")?;
    g.cmdr(c).hex
}

fn lee_arrives(g: &mut Fotm) {
    let (Some(lee), Some(h)) = (lee_id(g), longstreet_hex(g)) else { return };
    g.cmdr_mut(lee).hex = Some(h);
    g.lee.arrived = Some(g.turn);
    g.note("FotM 10.4", |_| format!("Lee arrives in Longstreet's hex {h}"));
}

/// Removes Lee from the map (10.4); with 10.5, Longstreet in or adjacent to his hex earns the
/// bonus next turn.
fn lee_leaves(g: &mut Fotm, rule: &str, why: &str) {
    let Some(lee) = lee_id(g) else { return };
    let Some(h) = g.cmdr(lee).hex else { return };
    if g.opt.longstreet_bonus && longstreet_hex(g).is_some_and(|l| l.distance(h) <= 1) {
        g.lee.bonus_turn = Some(g.turn + 1);
        g.note("FotM 10.5", |_| "Longstreet was with Lee: his bonus is available next turn".into());
    }
    let c = g.cmdr_mut(lee);
    c.hex = None;
    c.gone = true;
    g.lee.left = true;
    g.note(rule, |_| format!("Lee leaves the map: {why}"));
}

/// Whether Longstreet's 10.5 bonus of this kind applies this turn.
#[must_use]
pub fn longstreet_bonus(g: &Fotm, kind: LongstreetBonus) -> bool {
    g.lee.bonus_turn == Some(g.turn) && g.lee.bonus == Some(kind)
}

fn end_turn(g: &mut Fotm) {
    g.phase = Phase::EndTurn;
    // 10.4: a VP to the Union each turn Lee is within two hexes of a Union brigade.
    if let Some(lee) = lee_id(g)
        && let Some(h) = g.cmdr(lee).hex
        && g.on_map(Side::Union).any(|b| g.hex_of(b).is_some_and(|x| x.distance(h) <= LEE_EXPOSED))
    {
        g.score(Side::Union, victory::vp::LEE_NEAR_UNION, "FotM 10.4", |_| {
            "Lee within two hexes of a Union brigade".into()
        });
    }
    if g.turn >= g.last_turn() {
        victory::final_scoring(g);
        g.phase = Phase::Over;
        g.stack.push(Frame::Over);
        return;
    }
    g.turn += 1;
    g.stack.push(Frame::Seq(SeqFrame::TurnStart));
}

/// 10.4: a Union brigade has moved into `hex` (by any move: movement, entry, retreat, rout,
/// advance; [`Fotm::set_loc`] calls this). If that is next to Lee's hex, Lee is removed at once,
/// and the Union scores this turn's VP for him: he was within two hexes of a Union brigade this
/// turn, and his removal must not cost the Union the VP the end-of-turn check would have given.
///
/// Readings (10.4): the removal is triggered by a Union brigade's move only, as the text says
/// ("should a Union Brigade somehow move adjacent"), so Lee may arrive in Longstreet's hex, or
/// move as a commander, beside a Union brigade and stay (the Union scores him each turn). The
/// VP is otherwise checked at the end of each turn (phase C), so a turn in which Lee is within
/// two hexes only in passing, and is not chased off, scores nothing; the turn he is chased off
/// scores one.
pub(crate) fn union_brigade_moved(g: &mut Fotm, hex: hexmap::Hex) {
    if let Some(lee) = lee_id(g)
        && let Some(h) = g.cmdr(lee).hex
        && h.distance(hex) <= 1
    {
        g.score(Side::Union, victory::vp::LEE_NEAR_UNION, "FotM 10.4", |_| {
            "Lee within two hexes of a Union brigade this turn (chased off)".into()
        });
        lee_leaves(g, "FotM 10.4", "a Union brigade moved adjacent");
    }
}

/// Checks after every change: 10.1 Burnside and McClellan put in an enemy ZOC by an enemy
/// advance must leave it. (10.4 Lee's removal follows a Union brigade's move:
/// [`union_brigade_moved`].)
pub(crate) fn after_change(g: &mut Fotm) {
    if g.phasing == Side::Confederate {
        for id in ["Burnside", "McClellan"] {
            if let Some(c) = g.commander_id(id)
                && let Some(h) = g.cmdr(c).hex
                && !g.cmdr(c).must_leave_zoc
                && zoc::in_enemy_zoc(g, h, Side::Union)
            {
                g.cmdr_mut(c).must_leave_zoc = true;
                g.note("FotM 10.1", |g| {
                    format!("{} is in a Confederate ZOC and must leave it next Movement Phase", g.cname(c))
                });
            }
        }
    }
}

/// 11.4: Confederate infantry or artillery assaulting (other than with Suppression Fire) or
/// entering a Union ZOC frees the Union from the pause.
pub(crate) fn end_pause(g: &mut Fotm, why: &str) {
    if g.pause == Pause::InForce {
        g.pause = Pause::Resumed;
        g.note("FotM 11.4", |_| format!("The Union resumes offensive operations: {why}"));
    }
}

/// 11.4: whether Union units are held by the pause (no entering Confederate ZOC, no assault).
#[must_use]
pub fn union_paused(g: &Fotm) -> bool {
    g.pause == Pause::InForce
}

/// 11.4: whether this is the turn all Union units must move out of Confederate ZOC (12 PM,
/// with the pause in force).
#[must_use]
pub fn must_withdraw(g: &Fotm) -> bool {
    g.pause == Pause::InForce && turn_is(g, PAUSE_STARTS)
}

/// 11.6: the MP allowance lost at dusk.
pub const DUSK_MP_LOSS: u8 = 1;
/// 11.6: artillery range at dusk.
pub const DUSK_RANGE: u16 = 1;
/// 11.6: the DRM to Rally and Regroup attempts at dusk.
pub const DUSK_RALLY_DRM: i8 = -1;

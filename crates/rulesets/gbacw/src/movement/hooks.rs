//! Where movement meets the other rules: zones of control (10.0, [`crate::zoc`]) and
//! withdrawal fire (10.1, 6.23, 6.24, [`crate::withdrawal`]). A step or formation change
//! that draws fire at the movers is held on the move ([`Pending`]) while the enemy fires, and
//! made afterwards by those still able (10.15).

use super::{MoveFrame, Mover, end_move, may_end, step_check, take_step};
use crate::action::Piece;
use crate::procedure::Frame;
use crate::state::{Formation, Gbacw, UnitId};
use engine::Side;
use hexmap::Hex;

/// What a move holds while withdrawal fire is taken at it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pending {
    /// 10.1: the step from `from` into `to`.
    Step {
        /// The hex being left.
        from: Hex,
        /// The hex to enter.
        to: Hex,
    },
    /// 6.23, 6.24: the change to `to`; `crew` the battery's crew steps lost before the fire.
    Form {
        /// The formation.
        to: Formation,
        /// Crew steps lost before (6.23: a casualty cancels).
        crew: u8,
    },
}

/// Whether `h` is in the ZOC of an enemy of `side` for movement (5.2, 10.1): a zone that
/// triggers fire and bars a restricted mover ([`crate::zoc::Purpose::Fire`]). Reading: the
/// mover is taken as on foot, so mounted cavalry's zone (which counts only against mounted
/// cavalry, 10.0) does not bar it.
#[must_use]
pub fn in_enemy_zoc(g: &Gbacw, side: Side, h: Hex) -> bool {
    crate::zoc::in_enemy_zoc(g, side, h, crate::zoc::Purpose::Fire { mounted: false })
}

/// 10.1, 10.13, 10.14, 10.16: the counters of `m` are to step from `from` into `to` at
/// `costs`. With no fire, the move back to go on. Otherwise the frames are pushed: movers
/// covered by units staying step at once and the stayers are fired at (10.14); movers fired
/// at face `to` (7.11, R39) and wait for the fire (`None` either way).
pub(super) fn withdrawal_on_leaving(g: &mut Gbacw, mut m: Mover, from: Hex, to: Hex, costs: &[u16]) -> Option<Mover> {
    let Some((volley, covered)) = crate::withdrawal::leaving(g, m.side, &m.pieces, from) else { return Some(m) };
    if covered {
        take_step(g, &mut m, to, costs);
        let moved: Vec<UnitId> = units(&m);
        let side = m.side;
        g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
        crate::withdrawal::covering(g, side, &moved, from);
        return None;
    }
    if let Some(f) = crate::facing::toward(from, to) {
        for u in units(&m) {
            g.unit_mut(u).facing = f;
        }
    }
    m.pending = Some(Pending::Step { from, to });
    g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
    volley.push(g);
    None
}

/// 6.23, 6.24: unit `u` of `m` in `at` is to change to `f`. With no fire, the move back to
/// make it; otherwise the change is held and the fire pushed.
pub(super) fn withdrawal_on_formation_change(
    g: &mut Gbacw,
    mut m: Mover,
    u: UnitId,
    at: Hex,
    f: Formation,
) -> Option<Mover> {
    let Some(volley) = crate::withdrawal::formation_change(g, u, at, f) else { return Some(m) };
    m.pending = Some(Pending::Form { to: f, crew: g.unit(u).crew_lost });
    g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
    volley.push(g);
    None
}

/// The units of a move.
pub(super) fn units(m: &Mover) -> Vec<UnitId> {
    m.pieces
        .iter()
        .filter_map(|&p| match p {
            Piece::Unit(u) => Some(u),
            Piece::Leader(_) => None,
        })
        .collect()
}

/// 6.22: cavalry unit `u` mounts or dismounts.
pub(super) fn mount(g: &mut Gbacw, u: UnitId, to: Formation) {
    g.unit_mut(u).formation = to;
    let n = g.info(u).name.clone();
    let verb = if to == Formation::Mounted { "mounts" } else { "dismounts" };
    g.log.push("GBACW 6.22", || format!("{n} {verb}."));
}

/// The withdrawal fire at a held move is done: what it held is made by those still able.
pub(super) fn resume(g: &mut Gbacw, mut m: Mover) {
    match m.pending.take() {
        Some(Pending::Step { from, to }) => resume_step(g, m, from, to),
        Some(Pending::Form { to, crew }) => {
            let Piece::Unit(u) = m.pieces[0] else { unreachable!("a unit changes formation") };
            if g.unit(u).routed || g.hex_of(u).is_none() {
                // Routed (it has retreated) or gone: its move is over.
                end_move(g, &m, None);
                return;
            }
            let at = g.hex_of(u).expect("on the map");
            let name = g.info(u).name.clone();
            let limbering = matches!(to, Formation::Limbered | Formation::Unlimbered);
            if limbering && (g.pinned.contains(&at) || g.unit(u).crew_lost > crew) {
                g.log.push("GBACW 6.23", || format!("{name} may not complete its change of formation."));
            } else {
                g.unit_mut(u).formation = to;
                g.log.push("GBACW 6.2", || format!("{name} changes to {to:?}."));
            }
            g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m))));
        }
        None => g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(m)))),
    }
}

/// 10.15, R41: the movers still in `from` and not routed take the step into `to`; one the
/// fire pinned takes it and is pinned there (unless it could not stand there: it stays).
/// Those routed (retreated) or gone end their moves.
fn resume_step(g: &mut Gbacw, m: Mover, from: Hex, to: Hex) {
    let still = |g: &Gbacw, p: Piece| match p {
        Piece::Unit(u) => g.hex_of(u) == Some(from) && !g.unit(u).routed,
        Piece::Leader(l) => g.leader_hex(l) == Some(from),
    };
    let (mut on, mut off) = (m.clone(), m.clone());
    on.pieces.clear();
    on.spent.clear();
    off.pieces.clear();
    off.spent.clear();
    for (&p, &s) in m.pieces.iter().zip(&m.spent) {
        let keep = if still(g, p) { &mut on } else { &mut off };
        keep.pieces.push(p);
        keep.spent.push(s);
    }
    if !off.pieces.is_empty() {
        end_move(g, &off, None);
    }
    if units(&on).is_empty() {
        if !on.pieces.is_empty() {
            end_move(g, &on, None);
        }
        return;
    }
    let pinned = g.pinned.contains(&from);
    g.pinned.retain(|&h| h != from);
    match step_check(g, &on, to) {
        Ok(costs) if pinned && !may_end_after(g, &on, to, &costs) => {
            // 10.15 "may": pinned, it stays rather than step where it could not stand.
            g.pinned.push(from);
            let who = super::name(g, on.pieces[0]);
            g.log.push("GBACW 10.15", || format!("{who}, pinned, could not stand in {to}: it stays in {from}."));
        }
        Ok(costs) => {
            take_step(g, &mut on, to, &costs);
            if pinned {
                if g.units_here(from).next().is_some() {
                    g.pinned.push(from);
                }
                if !g.pinned.contains(&to) {
                    g.pinned.push(to);
                }
                let who = super::name(g, on.pieces[0]);
                g.log.push("GBACW 10.15", || format!("{who}, pinned, takes its one step and is pinned in {to}."));
            }
        }
        Err(_) if pinned => g.pinned.push(from),
        Err(_) => {}
    }
    g.stack.push(Frame::Move(Box::new(MoveFrame::Moving(on))));
}

/// Whether the move could end in `to` after stepping there (8.11-8.17, 17.52).
pub(super) fn may_end_after(g: &Gbacw, m: &Mover, to: Hex, costs: &[u16]) -> bool {
    let mut after = g.clone();
    engine::Game::set_logging(&mut after, false);
    let mut m = m.clone();
    take_step(&mut after, &mut m, to, costs);
    may_end(&after, &m).is_ok()
}

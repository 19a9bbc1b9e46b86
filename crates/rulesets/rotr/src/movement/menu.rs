//! The finite menu of body moves bots and the terminal choose from (plan 4.1 item 6): a few
//! points of each exact range, chosen to meet the game's real choices: as far as the unit may
//! go, the half-move threshold that keeps its fire (3.0), an inch, straight at the nearest
//! enemy, and the wheel that faces him. Every entry passes the predicate (the conformance suite
//! plays listed actions through `apply`); a page's drag reaches the rest of each range.

use super::ops::range;
use super::{End, OBLIQUE, moves_as_a_body};
use crate::action::Action;
use crate::activation::Activation;
use crate::state::{Rotr, UnitId};
use table::angle::facing_toward;

/// An inch, in sixteenths.
const INCH: i64 = 16;

/// Degrees from unit `u`'s facing to the nearest enemy unit's nearest stand, seen from the
/// middle of its front, in -180..180 (positive to the right); `None` with no enemy on the
/// table.
#[must_use]
pub fn toward_enemy(g: &Rotr, u: UnitId) -> Option<i32> {
    let body = g.body(u)?;
    let from = body.front_middle();
    let side = g.info(u).side;
    let nearest = g
        .unit_ids()
        .filter(|&o| g.info(o).side != side)
        .filter_map(|o| g.body(o))
        .flat_map(|b| b.stands.iter().map(|s| s.centre))
        .min_by_key(|c| from.dist2(*c))?;
    let to = i32::from(facing_toward(from, nearest).degrees());
    let delta = (to - i32::from(body.facing().degrees()) + 540) % 360 - 180;
    Some(delta)
}

/// Unit `u`'s body moves on the menu.
#[must_use]
pub fn body_moves(g: &Rotr, act: &Activation, u: UnitId) -> Vec<Action> {
    if g.body(u).is_none() {
        return Vec::new();
    }
    if super::terrain::owed(g, act, u).is_some() {
        // Only the test lets it move on (R19); an about face is no move.
        let mut out = vec![Action::Enter(u)];
        if range(g, act, &Action::AboutFace(u)).is_ok() {
            out.push(Action::AboutFace(u));
        }
        return out;
    }
    if super::column::marches(g.unit(u).formation) {
        return marches(g, act, u);
    }
    if !moves_as_a_body(g.unit(u).formation) {
        return Vec::new();
    }
    let mut out = Vec::new();

    let spent = act.spent(g, u);
    let half = spent.normal / 2 - spent.used;
    let enemy = toward_enemy(g, u);
    let to_i32 = |v: i64| i32::try_from(v).unwrap_or(i32::MAX);
    let mut angles = vec![0, -OBLIQUE, OBLIQUE];
    if let Some(d) = enemy.filter(|d| d.abs() <= OBLIQUE && !angles.contains(d)) {
        angles.push(d);
    }
    for angle in angles {
        let probe = Action::Move { unit: u, angle, dist: 1 };
        let Ok(r) = range(g, act, &probe) else { continue };
        for d in distances(*r.end(), &[half, INCH]) {
            out.push(Action::Move { unit: u, angle, dist: to_i32(d) });
        }
    }
    for right in [false, true] {
        let Ok(r) = range(g, act, &Action::SideStep { unit: u, right, dist: 1 }) else { continue };
        for d in distances(*r.end(), &[INCH]) {
            out.push(Action::SideStep { unit: u, right, dist: to_i32(d) });
        }
    }
    for end in [End::Left, End::Right] {
        for forward in [true, false] {
            let Ok(r) = range(g, act, &Action::Wheel { unit: u, end, forward, deg: 1 }) else { continue };
            let most = *r.end();
            // The wheel that turns the front square to the nearest enemy, if this one turns
            // that way (clockwise: about the right end forward, or the left end back).
            let clockwise = matches!((end, forward), (End::Right, true) | (End::Left, false));
            let face = enemy.filter(|d| (*d > 0) == clockwise && *d != 0).map(|d| i64::from(d.abs()));
            // `distances` keeps each value once.
            let mut points = vec![45, 90];
            points.extend(face);
            for d in distances(most, &points) {
                out.push(Action::Wheel { unit: u, end, forward, deg: to_i32(d) });
            }
        }
    }
    if range(g, act, &Action::AboutFace(u)).is_ok() {
        out.push(Action::AboutFace(u));
    }
    out
}

/// The most, then each of `points` inside 1..most, each once.
fn distances(most: i64, points: &[i64]) -> Vec<i64> {
    if most < 1 {
        return Vec::new();
    }
    let mut out = vec![most];
    for &p in points {
        if (1..most).contains(&p) && !out.contains(&p) {
            out.push(p);
        }
    }
    out
}

/// A March Column's marches on the menu: its head straight on, 45 and 90 degrees either way and
/// toward the nearest enemy; each as far as it may go, half that, and an inch; and the
/// countermarch.
fn marches(g: &Rotr, act: &Activation, u: UnitId) -> Vec<Action> {
    let mut out = Vec::new();
    let mut turns = vec![0, -45, 45, -90, 90];
    if let Some(d) = toward_enemy(g, u).filter(|d| d.abs() <= super::column::TURN_MOST && !turns.contains(d)) {
        turns.push(d);
    }
    for turn in turns {
        let Ok(r) = range(g, act, &Action::March { unit: u, turn, dist: 1 }) else { continue };
        let most = *r.end();
        for d in distances(most, &[most / 2, INCH]) {
            out.push(Action::March { unit: u, turn, dist: i32::try_from(d).unwrap_or(i32::MAX) });
        }
    }
    if range(g, act, &Action::AboutFace(u)).is_ok() {
        out.push(Action::AboutFace(u));
    }
    out
}

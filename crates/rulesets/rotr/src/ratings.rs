//! Combat values and quality (2.0-2.5, 4.2): the dice that rate commanders and units.
//!
//! - **Commanders (2.3, 2.4, ruling R5).** Every commander's quality is rolled on sheet A's
//!   column for his type at set-up, before the first chit, the Union's first and each side's in
//!   the scenario's order; the overall commanders are rated as brigade commanders are. His
//!   morale passes (10.4) follow from the quality.
//! - **Units (2.1, 2.2, ruling R4).** A unit's performance, and with it its Combat Value, is
//!   rolled on sheet A's column for its type when a rule first reads it (its first fire, closure,
//!   CV roll, marker removal or melee: the steps that build those push the roll), or for every
//!   unit at set-up with `performance-at-start`. Neither a disordering roll (6.7, which reads the
//!   type) nor an enemy's fire at the unit reads it. The impetuous roll (2.7) that follows a Raw
//!   or Trained unit's performance comes with its option.
//! - With `assigned-values` (2.5) both are the scenario's values and nothing is rolled.

use crate::action::Action;
use crate::procedure::{Frame, Procedure};
use crate::sheets::Performance;
use crate::state::{CommanderId, Rotr, UnitId};
use engine::Actor;

/// A rating to roll: one D10 read on sheet A.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rating {
    /// A commander's quality (2.3, R5).
    Quality(CommanderId),
    /// A unit's performance (2.1, R4).
    Performance(UnitId),
}

/// The commanders in R5's order: the Union's first, each side's in the scenario's order.
#[must_use]
pub fn rating_order(g: &Rotr) -> Vec<CommanderId> {
    let mut order: Vec<CommanderId> = g.commander_ids().collect();
    order.sort_by_key(|&c| g.commander_info(c).side != crate::scenario::Side::Union);
    order
}

/// Sets the ratings known at set-up, or pushes their rolls so that they come in order: every
/// commander by R5 first, then (with `performance-at-start`) every unit in the orders of
/// battle's order. With `assigned-values` (2.5) the scenario's values, nothing rolled.
pub(crate) fn at_set_up(g: &mut Rotr) {
    if g.opt.assigned_values {
        for c in rating_order(g) {
            let t = &g.commander_info(c).commander_type;
            let q = g.scenario().assigned.commanders.iter().find(|(k, _)| k == t).map(|&(_, q)| q);
            g.commanders[usize::from(c.0)].quality = q;
        }
        for u in g.unit_ids() {
            let p = g.scenario().assigned.performance_of(&g.info(u).name);
            g.unit_mut(u).performance = Some(p);
        }
        return;
    }
    if g.opt.performance_at_start {
        for u in g.unit_ids().collect::<Vec<_>>().into_iter().rev() {
            g.stack.push(Frame::Rate(Rating::Performance(u)));
        }
    }
    for c in rating_order(g).into_iter().rev() {
        g.stack.push(Frame::Rate(Rating::Quality(c)));
    }
}

/// The passes commander `c` has for the game (10.4), once his quality is known.
#[must_use]
pub fn passes(g: &Rotr, c: CommanderId) -> Option<u8> {
    g.commander(c).quality.map(|q| g.sheets().passes(q))
}

/// Unit `u`'s Combat Value (2.1), once its performance is known.
#[must_use]
pub fn cv(g: &Rotr, u: UnitId) -> Option<u8> {
    let p: Performance = g.unit(u).performance?;
    g.sheets().cv(&g.info(u).unit_type, p)
}

impl Procedure<Rotr, Action> for Rating {
    fn actor(&self, _: &Rotr) -> Actor {
        Actor::Chance
    }

    fn prompt(&self, g: &Rotr) -> (&'static str, String) {
        match *self {
            Rating::Quality(c) => {
                let c = g.commander_info(c);
                ("ROTR 2.3", format!("{}'s quality (type {}): a D10 on sheet A", c.name, c.commander_type))
            }
            Rating::Performance(u) => {
                let u = g.info(u);
                ("ROTR 2.1", format!("{}'s performance ({}): a D10 on sheet A", u.name, u.unit_type))
            }
        }
    }

    fn legal(&self, _: &Rotr) -> Vec<Action> {
        Vec::new()
    }

    fn chance(&self, _: &Rotr) -> Vec<(Action, f64)> {
        Action::d10()
    }

    fn apply(self, g: &mut Rotr, a: &Action) {
        let Action::D10(face) = *a else { return };
        match self {
            Rating::Quality(c) => {
                let info = g.commander_info(c);
                let q = g.sheets().quality(&info.commander_type, face);
                g.commanders[usize::from(c.0)].quality = q;
                let passes = q.map_or(0, |q| g.sheets().passes(q));
                let quality = q.map_or("unrated", |q| q.name());
                let plural = if passes == 1 { "" } else { "es" };
                g.log.push("ROTR 2.3", || {
                    format!(
                        "{} (type {}) rolls {face}: {quality}, {passes} morale pass{plural} (10.4).",
                        info.name, info.commander_type
                    )
                });
            }
            Rating::Performance(u) => {
                let info = g.info(u);
                let p = g.sheets().performance(&info.unit_type, face);
                g.unit_mut(u).performance = p;
                let cv = cv(g, u).map_or_else(|| "-".to_string(), |v| v.to_string());
                let name = p.map_or("unrated", Performance::name);
                g.log.push_about(&info.name, "ROTR 2.1", || {
                    format!("{} ({}) rolls {face}: {name}, Combat Value {cv}.", info.name, info.unit_type)
                });
            }
        }
    }
}

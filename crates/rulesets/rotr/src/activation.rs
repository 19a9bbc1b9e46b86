//! A brigade's activation (4.4, ruling R6): the phasing player picks each unit to operate in
//! the order he chooses, may pass any, brings on the brigade's units due this turn (R55), and
//! ends the activation; then the chit is set aside. The operations a selected unit makes (its
//! moves, fire, formation changes) join as the plan's steps 5-12 build them, with the melees
//! that follow every other operation (4.4).
//!
//! Finite by construction: a unit once finished is not selected again, and a unit is selected
//! again only after the unit selected in between has done something (R6 lets the player switch
//! and come back; switching with nothing done would be an endless loop of free decisions).

use crate::action::Action;
use crate::procedure::Procedure;
use crate::state::{BrigadeId, Place, Rotr, UnitId};
use engine::{Actor, Illegal};
use table::{Body, Polygon, inside, overlap_interior};

/// The activation under way.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Activation {
    /// The brigade whose chit was drawn.
    pub brigade: BrigadeId,
    /// The unit operating now (R6).
    pub selected: Option<UnitId>,
    /// Units selected since the last operation: none of them may be selected again until a
    /// unit has done something.
    pub tried: Vec<UnitId>,
    /// Units whose operations are over this activation (4.4).
    pub finished: Vec<UnitId>,
    /// What each unit that has operated has spent (R7).
    pub spent: Vec<crate::movement::ops::Spent>,
}

impl Activation {
    /// Brigade `b`'s activation, nothing done yet.
    #[must_use]
    pub fn new(b: BrigadeId) -> Activation {
        Activation { brigade: b, selected: None, tried: Vec::new(), finished: Vec::new(), spent: Vec::new() }
    }
}

/// R55: unit `u`'s stands and trail as it enters: a column (every arrival of the scenario) with
/// its rear stand's back edge on the entry point, facing the point's bearing.
#[must_use]
pub fn entry(g: &Rotr, u: UnitId) -> Option<(Option<table::Trail>, Body)> {
    let crate::scenario::Entry::Arrives { at, formation, .. } = &g.info(u).entry else { return None };
    if crate::movement::column::marches(*formation) {
        let p = g.scenario().table.point(at)?;
        let (t, b) = crate::movement::column::entering(g, u, p.at, p.bearing);
        return Some((Some(t), b));
    }
    g.scenario().arrival_body(g.info(u)).map(|b| (None, b))
}

/// R55: whether unit `u`'s entry is clear: its stands, placed as they enter, lie on the table
/// and meet no other unit's stands. If not, the unit waits for a later activation.
#[must_use]
pub fn entry_clear(g: &Rotr, u: UnitId) -> bool {
    let Some((_, body)) = entry(g, u) else { return false };
    let table = g.scenario().table.rect();
    clear_of_others(g, u, &body) && body.stands.iter().all(|s| inside(&s.polygon(), &table))
}

/// Whether `body` meets the stands of no unit but `u`.
fn clear_of_others(g: &Rotr, u: UnitId, body: &Body) -> bool {
    let mine: Vec<Polygon> = body.stands.iter().map(table::Stand::polygon).collect();
    g.unit_ids().filter(|&o| o != u).filter_map(|o| g.body(o)).all(|other| {
        other.stands.iter().all(|s| {
            let p = s.polygon();
            !mine.iter().any(|m| overlap_interior(m, &p))
        })
    })
}

impl Activation {
    /// Unit `u` has done something: it is the unit operating, and any other may be selected
    /// again (R6; what keeps an activation finite).
    pub fn operated(&mut self, u: UnitId) {
        self.selected = Some(u);
        self.tried.clear();
        self.tried.push(u);
    }

    /// The brigade's units due this turn that may enter now (R55).
    fn may_arrive(&self, g: &Rotr) -> Vec<UnitId> {
        g.brigade_units(self.brigade).filter(|&u| g.arriving(u) && entry_clear(g, u)).collect()
    }

    /// The units the player may select next (R6).
    fn selectable(&self, g: &Rotr) -> Vec<UnitId> {
        g.brigade_units(self.brigade)
            .filter(|&u| Some(u) != self.selected && crate::movement::ops::may_operate(g, self, u).is_ok())
            .collect()
    }
}

impl Procedure<Rotr, Action> for Activation {
    fn actor(&self, g: &Rotr) -> Actor {
        Actor::Side(g.brigade_side(self.brigade))
    }

    fn prompt(&self, g: &Rotr) -> (&'static str, String) {
        let chit = &g.brigade(self.brigade).chit;
        match self.selected {
            Some(u) => ("ROTR 4.4", format!("{chit}'s brigade: {} operates, or finish it", g.info(u).name)),
            None => ("ROTR 4.4", format!("{chit}'s brigade: select a unit to operate, or end the activation")),
        }
    }

    fn legal(&self, g: &Rotr) -> Vec<Action> {
        let arrive = self.may_arrive(g);
        let mut out: Vec<Action> = self.selectable(g).into_iter().map(Action::Select).collect();
        out.extend(arrive.iter().map(|&u| Action::Arrive(u)));
        if let Some(u) = self.selected {
            out.extend(crate::movement::menu::body_moves(g, self, u));
            out.extend(crate::movement::formation::menu(g, self, u));
        }
        out.extend(crate::commanders::menu(g, self));
        out.extend(self.selected.map(Action::FinishUnit));
        if arrive.is_empty() {
            out.push(Action::EndActivation);
        }
        out
    }

    fn apply(mut self, g: &mut Rotr, a: &Action) {
        let side = g.brigade(self.brigade).side.name();
        match *a {
            Action::Select(u) => {
                self.selected = Some(u);
                self.tried.push(u);
            }
            Action::FinishUnit(u) => {
                self.selected = None;
                self.finished.push(u);
                let name = &g.info(u).name;
                g.log.push_about(name, "ROTR 4.4", || format!("{name}'s operations are over for this activation."));
            }
            Action::Arrive(u) => {
                let (trail, body) = entry(g, u).expect("an arriving unit has an entry");
                g.unit_mut(u).place = Place::Table(body);
                g.unit_mut(u).trail = trail;
                self.operated(u);
                let info = g.info(u);
                let at = match &info.entry {
                    crate::scenario::Entry::Arrives { at, .. } => at.as_str(),
                    crate::scenario::Entry::SetUp { .. } => "",
                };
                let formation = g.unit(u).formation.words();
                g.log.push_about(&info.name, "ROTR R55", || {
                    format!("{} ({side}) arrives at {at} in {formation}.", info.name)
                });
            }
            Action::EndActivation => {
                let chit = &g.brigade(self.brigade).chit;
                g.log.push("ROTR 4.4", || format!("{chit}'s activation ends; the chit is set aside."));
                return;
            }
            Action::D10(_) | Action::Draw(_) => {}
            Action::Move { .. }
            | Action::SideStep { .. }
            | Action::Wheel { .. }
            | Action::AboutFace(_)
            | Action::March { .. } => {
                crate::movement::ops::apply(g, &mut self, a);
            }
            Action::Walk { .. } | Action::Attach { .. } => crate::commanders::apply(g, &self, a),
            Action::Form { .. } => crate::movement::formation::apply(g, &mut self, a),
            Action::Enter(u) => {
                if let Ok(f) = crate::movement::terrain::check(g, &self, u) {
                    // The activation waits beneath the test (6.7); the unit is the one operating.
                    self.selected = Some(u);
                    if !self.spent.iter().any(|s| s.unit == u) {
                        let s = self.spent(g, u);
                        self.spent.push(s);
                    }
                    g.stack.push(crate::procedure::Frame::Activation(Box::new(self)));
                    crate::movement::terrain::enter(g, u, f);
                    return;
                }
            }
        }
        g.stack.push(crate::procedure::Frame::Activation(Box::new(self)));
    }

    fn why(&self, g: &Rotr, a: &Action) -> Option<Illegal> {
        if a.body_move().is_some() {
            return crate::movement::ops::check(g, self, a).err();
        }
        if matches!(a, Action::Walk { .. } | Action::Attach { .. }) {
            return crate::commanders::check(g, self, a).err();
        }
        if matches!(a, Action::Form { .. }) {
            return crate::movement::formation::check(g, self, a).err();
        }
        if let Action::Enter(u) = *a {
            return crate::movement::terrain::check(g, self, u).err();
        }
        match *a {
            Action::EndActivation if !self.may_arrive(g).is_empty() => Some(Illegal::new(
                "ROTR R55",
                "a unit due this turn must arrive while its entry is clear: bring it on first",
            )),
            // 4.4, R6: the one test of whether a unit may operate.
            Action::Select(u) => crate::movement::ops::may_operate(g, self, u).err(),
            Action::FinishUnit(u) | Action::Arrive(u) if g.brigade_of(u) != self.brigade => Some(Illegal::new(
                "ROTR 4.4",
                format!(
                    "{} is not of {}'s brigade, whose chit was drawn",
                    g.info(u).name,
                    g.brigade(self.brigade).chit
                ),
            )),
            Action::Arrive(u) if g.arriving(u) => {
                Some(Illegal::new("ROTR R55", format!("{}'s entry is not clear: it waits", g.info(u).name)))
            }
            _ => None,
        }
    }
}

//! Disordering terrain (6.7, ruling R19): a unit moving into ground of type A to D stops with its
//! first stand at the edge (the move's range ends there), and before it moves on its player
//! tests the ground ([`Action::Enter`]): a D10 at or under sheet A's number for its arm,
//! formation and type passes; over it, its normal distance is halved, and having used more than
//! the halved distance it moves no further this turn. A unit with a stand in such ground when it
//! begins to move tests it first (R19.3). Each new piece of ground tests again, unless the move
//! is halved already (R19.4). Slopes disorder only when moderate or steep (R19.6; Belmont's are
//! slight); a charge's test comes with charges (R19.7).

use crate::action::Action;
use crate::activation::Activation;
use crate::procedure::{Frame, Procedure};
use crate::scenario::{Arm, Shape};
use crate::state::{Rotr, UnitId};
use engine::{Actor, Illegal};
use table::{Body, Polygon};

/// The table's disordering areas: (feature index, outline, type 0 for A to 3 for D).
#[must_use]
pub fn areas(g: &Rotr) -> Vec<(u8, &'static Polygon, usize)> {
    g.scenario()
        .table
        .features
        .iter()
        .enumerate()
        .filter_map(|(i, f)| match &f.shape {
            Shape::Area { polygon, .. } => {
                g.sheets().disorder_type(&f.kind).map(|t| (u8::try_from(i).unwrap_or(u8::MAX), polygon, t))
            }
            _ => None,
        })
        .collect()
}

/// The piece of terrain that is the table's ground, wherever no area lies (the scenario's
/// `ground`: Belmont's timbered bottomland, type C), in [`Spent::rolled`](super::ops::Spent).
pub const GROUND: u8 = u8::MAX;

/// The ground's disordering type, if it disorders.
#[must_use]
pub fn ground_type(g: &Rotr) -> Option<usize> {
    g.sheets().disorder_type(&g.scenario().table.ground)
}

/// Every area of the table, of any kind: where none lies, the ground is.
#[must_use]
pub fn all_areas(g: &Rotr) -> Vec<&'static Polygon> {
    g.scenario()
        .table
        .features
        .iter()
        .filter_map(|f| match &f.shape {
            Shape::Area { polygon, .. } => Some(polygon),
            _ => None,
        })
        .collect()
}

/// Whether `shape` lies on the ground somewhere: inside no single area of the table (a reading:
/// a stand straddling two areas that meet is taken to touch the ground between them).
#[must_use]
pub fn on_ground(areas: &[&Polygon], shape: &Polygon) -> bool {
    let Some(sb) = shape.bbox() else { return false };
    // An area holds the shape only if its box holds the shape's box.
    let holds = |b: table::Bbox| b.lo.x <= sb.lo.x && b.lo.y <= sb.lo.y && sb.hi.x <= b.hi.x && sb.hi.y <= b.hi.y;
    !areas.iter().any(|a| a.bbox().is_some_and(holds) && table::inside(shape, a))
}

/// The disordering areas unit `u` must still stop at the edge of in `act`: none once its move is
/// halved (R19.4), else those it has not tested; and whether the ground is one of them.
#[must_use]
pub fn unrolled(g: &Rotr, act: &Activation, u: UnitId) -> (Vec<&'static Polygon>, bool) {
    let s = act.spent(g, u);
    if s.halved {
        return (Vec::new(), false);
    }
    let areas = areas(g).into_iter().filter(|(f, _, _)| !s.rolled.contains(f)).map(|(_, p, _)| p).collect();
    (areas, ground_type(g).is_some() && !s.rolled.contains(&GROUND))
}

/// The first untested disordering area `body` meets: inside it (`inside`), or touching it; the
/// ground ([`GROUND`]) when a stand lies on it, or is a sixteenth from it.
fn met(g: &Rotr, act: &Activation, u: UnitId, body: &Body, inside: bool) -> Option<u8> {
    let s = act.spent(g, u);
    if s.halved {
        return None;
    }
    if ground_type(g).is_some() && !s.rolled.contains(&GROUND) {
        let all = all_areas(g);
        let nudged = |st: &table::Stand| {
            // A sixteenth further along its facing, or to either side, or back.
            [0, 90, 180, 270].into_iter().any(|t| {
                let c = table::contact::moved(st.centre, st.facing.turned(t), 1);
                on_ground(&all, &table::Stand { centre: c, ..*st }.polygon())
            })
        };
        if body.stands.iter().any(|st| on_ground(&all, &st.polygon()) || (!inside && nudged(st))) {
            return Some(GROUND);
        }
    }
    areas(g).into_iter().filter(|(f, _, _)| !s.rolled.contains(f)).find_map(|(f, p, _)| {
        body.stands
            .iter()
            .any(|st| {
                let q = st.polygon();
                if inside { table::interiors_meet(&q, p) } else { table::within(&q, p, 0) }
            })
            .then_some(f)
    })
}

/// The area unit `u` must test before it moves on (R19.2, R19.3): one its move stopped at the
/// edge of, or, before it has moved at all, one it stands in.
#[must_use]
pub fn owed(g: &Rotr, act: &Activation, u: UnitId) -> Option<u8> {
    let s = act.spent(g, u);
    if s.owes.is_some() {
        return s.owes;
    }
    (s.used == 0 && !s.moved).then(|| g.body(u).and_then(|b| met(g, act, u, b, true))).flatten()
}

/// After a move of unit `u`: the untested area its stands now touch, which it owes a test.
#[must_use]
pub fn reached(g: &Rotr, act: &Activation, u: UnitId) -> Option<u8> {
    g.body(u).and_then(|b| met(g, act, u, b, false))
}

/// The name and disordering type of piece `feature` (an area's index, or [`GROUND`]).
#[must_use]
pub fn piece(g: &Rotr, feature: u8) -> (String, usize) {
    if feature == GROUND {
        return (format!("the {}", g.scenario().table.ground), ground_type(g).unwrap_or(0));
    }
    let f = &g.scenario().table.features[usize::from(feature)];
    (f.name.clone(), g.sheets().disorder_type(&f.kind).unwrap_or(0))
}

/// Sheet A's number for unit `u` entering ground of type `t` (6.7); `None` if it names none.
#[must_use]
pub fn number(g: &Rotr, u: UnitId, t: usize) -> Option<i8> {
    let info = g.info(u);
    let arm = match info.arm {
        Arm::Infantry => "Infantry",
        Arm::Cavalry => "MountedCavalry",
        Arm::Artillery => "Artillery",
    };
    g.sheets().disorder_number(arm, g.unit(u).formation.name(), &info.unit_type, t)
}

/// Why unit `u` may not test ground now, if it may not.
pub fn check(g: &Rotr, act: &Activation, u: UnitId) -> Result<u8, Illegal> {
    super::ops::may_operate(g, act, u)?;
    owed(g, act, u)
        .ok_or_else(|| Illegal::new("ROTR 6.7", format!("{} has no disordering ground to test", g.info(u).name)))
}

/// The test under way: a D10 for unit `unit` entering feature `feature` (6.7).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Test {
    /// The unit.
    pub unit: UnitId,
    /// The feature's index on the table.
    pub feature: u8,
}

/// `Enter`: the test's die is rolled next (the activation waits beneath).
pub fn enter(g: &mut Rotr, u: UnitId, feature: u8) {
    g.stack.push(Frame::Terrain(Test { unit: u, feature }));
}

impl Procedure<Rotr, Action> for Test {
    fn actor(&self, _: &Rotr) -> Actor {
        Actor::Chance
    }

    fn prompt(&self, g: &Rotr) -> (&'static str, String) {
        let (name, t) = piece(g, self.feature);
        let kind = ["A", "B", "C", "D"][t.min(3)];
        ("ROTR 6.7", format!("{} tests {name} (type {kind}): a D10", g.info(self.unit).name))
    }

    fn legal(&self, _: &Rotr) -> Vec<Action> {
        Vec::new()
    }

    fn chance(&self, _: &Rotr) -> Vec<(Action, f64)> {
        Action::d10()
    }

    fn apply(self, g: &mut Rotr, a: &Action) {
        let Action::D10(face) = *a else { return };
        let (what_piece, t) = piece(g, self.feature);
        let n = number(g, self.unit, t);
        let pass = n.is_none_or(|n| i16::from(face) <= i16::from(n));
        let Some(Frame::Activation(act)) = g.stack.last_mut() else { return };
        act.tested(self.unit, self.feature, pass);
        let name = &g.info(self.unit).name;
        let kind = ["A", "B", "C", "D"][t.min(3)];
        let number = n.map_or_else(|| "-".to_string(), |n| n.to_string());
        let what = if pass { "moves on normally".to_string() } else { "disordered: its move is halved".to_string() };
        g.log.push_about(name, "ROTR 6.7", || {
            format!("{name} tests {what_piece} (type {kind}): rolls {face} against {number}: {what}.")
        });
    }
}

//! Movement I (plan step 5): the operations' movement budget (3.0-3.2, ruling R7) and the
//! moves of a unit in a line or an Assault Column as geometry on the table: straight ahead and
//! obliquely up to 45 degrees (6.3, R13), side steps (R12), wheels about either end of the
//! front, forward or back (R11), and the about face (R14). Each is one action with whole values
//! (sixteenths of an inch, degrees) and an exact legal range (plan 4.1), computed here once and
//! read by the predicate ([`crate::Rotr`]'s `is_legal`), the menu ([`menu`]) and the page's
//! ranges alike, so the three never disagree.
//!
//! Interpenetration (6.6, R10): every stand's swept ground is tested against every other unit's
//! stands, impassable terrain and the table's edge ([`obstacles`]). A move stops a sixteenth
//! short of its first contact; a stand already touching an obstacle (a friend beside it, 6.6
//! lets units touch) may move along or away from it but never into it.

pub mod column;
pub mod formation;
pub mod menu;
pub mod ops;
pub mod terrain;

use crate::scenario::{Formation, Shape};
use crate::state::{Rotr, UnitId};
use table::{Bbox, Body, Clearance, Facing, Polygon, Pos, Sense, Stand};

/// Angles an oblique may take off the facing either way (6.3: 45 degrees).
pub const OBLIQUE: i32 = 45;

/// The most degrees one wheel may swing (R11.3).
pub const WHEEL_MOST: u16 = 180;

/// A range a body move's values are bounded by, for [`Reach`]: the most a unit may move at an
/// angle, side-step to a side, wheel about an end, march after a turn, and whether it may
/// countermarch.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Query {
    /// Straight at this angle off the facing.
    Move(i32),
    /// A side step, right or left.
    SideStep(bool),
    /// A wheel about this end, forward or back.
    Wheel(End, bool),
    /// A countermarch (1 clear, 0 not).
    AboutFace,
    /// A march after this turn.
    March(i32),
    /// A formation change into this formation about this stand to this facing (1 clear).
    Form(crate::scenario::Formation, u8, i32),
}

/// The ranges found in the position as it stands, each computed once (a page's drag, the
/// menu and the predicate ask the same ranges many times; the angle run of one move asks
/// ninety). Not part of the position: forgotten at every change of it, hashing to nothing and
/// equal to any other, as `engine::LegalMemo` is.
#[derive(Debug, Default)]
pub struct Reach(std::sync::Mutex<std::collections::HashMap<(UnitId, Query), i64>>);

impl Reach {
    /// The value of `q` for unit `u`, computed by `f` if not yet known in this position.
    pub fn get_or(&self, u: UnitId, q: Query, f: &dyn Fn() -> i64) -> i64 {
        if let Ok(m) = self.0.lock()
            && let Some(&v) = m.get(&(u, q))
        {
            return v;
        }
        let v = f();
        if let Ok(mut m) = self.0.lock() {
            m.insert((u, q), v);
        }
        v
    }

    /// Forgets every value: the position changed.
    pub fn forget(&self) {
        if let Ok(mut m) = self.0.lock() {
            m.clear();
        }
    }
}

impl Clone for Reach {
    /// A copy of the same position knows the same ranges.
    fn clone(&self) -> Reach {
        Reach(std::sync::Mutex::new(self.0.lock().map(|m| m.clone()).unwrap_or_default()))
    }
}

impl std::hash::Hash for Reach {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl PartialEq for Reach {
    fn eq(&self, _: &Reach) -> bool {
        true
    }
}

/// Which end of the front stays put in a wheel (R11.1).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum End {
    /// The left end of the front (as the unit faces).
    Left,
    /// The right end.
    Right,
}

/// The way a wheel about `end` turns the body, the moving end swinging forward or back (R11.3).
#[must_use]
pub fn sense(end: End, forward: bool) -> Sense {
    match (end, forward) {
        (End::Right, true) | (End::Left, false) => Sense::Clockwise,
        (End::Left, true) | (End::Right, false) => Sense::Anticlockwise,
    }
}

/// Whether a unit in `f` moves by the straight moves, side steps and wheels of this module: the
/// line formations, the Assault Column (which wheels as a line, R11.5) and guns in battery
/// (hand-hauled, R24). A March Column and limbered guns follow their trail (R15).
#[must_use]
pub fn moves_as_a_body(f: Formation) -> bool {
    !matches!(f, Formation::MarchColumn | Formation::Limbered)
}

/// Everything a move of unit `u` may not pass through (R10): the stands of every other unit on
/// the table, impassable terrain (sheet A's key, R10.5) and four bands just outside the
/// table's edges (R10.4).
#[must_use]
pub fn obstacles(g: &Rotr, u: UnitId) -> Vec<Polygon> {
    let mut out: Vec<Polygon> = g
        .unit_ids()
        .filter(|&o| o != u)
        .filter_map(|o| g.body(o))
        .flat_map(|b| b.stands.iter().map(Stand::polygon))
        .collect();
    let s = g.scenario();
    for f in &s.table.features {
        if let Shape::Area { polygon, .. } = &f.shape
            && g.sheets().impassable(&f.kind)
        {
            out.push(polygon.clone());
        }
    }
    let (w, d) = (s.table.size.x, s.table.size.y);
    let band = 16 * 1024;
    let rect = |x0: i32, y0: i32, x1: i32, y1: i32| Polygon {
        points: vec![Pos::new(x0, y0), Pos::new(x1, y0), Pos::new(x1, y1), Pos::new(x0, y1)],
    };
    out.push(rect(-band, -band, w + band, 0));
    out.push(rect(-band, d, w + band, d + band));
    out.push(rect(-band, 0, 0, d));
    out.push(rect(w, 0, w + band, d));
    out
}

/// What a unit's move must not pass through, sorted once a position (R10): what some stand of
/// its body touches already (a friend beside it, 6.6 lets units touch), which it may slide
/// along or leave but never enter, and the rest, which it must stay clear of.
#[derive(Clone, Debug, Default)]
pub struct Ground {
    /// Obstacles a stand touches now.
    pub touching: Vec<Polygon>,
    /// Obstacles apart from every stand.
    pub apart: Vec<Polygon>,
    /// Disordering ground the unit must stop at the edge of (6.7, R19.1): a move may touch it
    /// but not enter it (exact for concave shapes, `table::interiors_meet`; a column's sweep
    /// tests it as a convex obstacle, which can only stop it sooner).
    pub terrain: Vec<&'static Polygon>,
    /// When the table's disordering ground is untested (R19.1 for the ground): the areas a
    /// move must stay within, each stand inside one of them, since beyond them is the ground.
    /// Empty when the ground need not be tested.
    pub open: Vec<&'static Polygon>,
}

impl Ground {
    /// Unit `u`'s ground, its stands as `body`.
    #[must_use]
    pub fn of(g: &Rotr, u: UnitId, body: &Body) -> Ground {
        let stands: Vec<(Polygon, Option<Bbox>)> =
            body.stands.iter().map(Stand::polygon).map(|p| (p.clone(), p.bbox())).collect();
        let (touching, apart) = obstacles(g, u).into_iter().partition(|o| {
            let ob = o.bbox();
            stands.iter().any(|(s, sb)| {
                let near = match (sb, ob) {
                    (Some(a), Some(b)) => a.near(&b, 0),
                    _ => false,
                };
                near && table::within(s, o, 0)
            })
        });
        Ground { touching, apart, terrain: Vec::new(), open: Vec::new() }
    }
}

/// The farthest whole sixteenths, at most `limit`, that `body` may travel straight along
/// `bearing` with every stand's way clear (R10): a sixteenth short of its first contact with
/// anything it does not touch, and never into the inside of what it touches. Every travel from
/// 1 up to the answer is clear, and none beyond it up to `limit`; 0 when not even one is.
#[must_use]
pub fn max_travel(body: &Body, bearing: Facing, ground: &Ground, limit: i64) -> i64 {
    let stands: Vec<Polygon> = body.stands.iter().map(Stand::polygon).collect();
    let mut most = limit;
    if let Some(t) = table::contact::first_contact_all(&stands, bearing, &ground.apart) {
        most = most.min(i64::try_from(t.floor()).unwrap_or(i64::MAX) - 1);
    }
    if most < 1 || (ground.touching.is_empty() && ground.terrain.is_empty() && ground.open.is_empty()) {
        return most.max(0);
    }
    let open = &ground.open;
    // Into a touching obstacle's inside: monotone in the travel, so the last clear travel is
    // found by halving. Disordering ground beyond the move's reach is left out first.
    let terrain = near(body, &ground.terrain, most);
    let enters = |d: i64| {
        body.stands.iter().any(|s| {
            let swept = table::sweep::translation(s, table::contact::moved(s.centre, bearing, d));
            ground.touching.iter().any(|o| table::overlap_interior(&swept, o))
                || terrain.iter().any(|o| table::interiors_meet(&swept, o))
                || (!open.is_empty() && terrain::on_ground(open, &swept))
        })
    };
    if !enters(most) {
        return most;
    }
    let (mut lo, mut hi) = (0, most);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if enters(mid) { hi = mid } else { lo = mid }
    }
    lo
}

/// The most whole degrees, up to `limit`, that `body` may wheel about `pivot` the way `sense`
/// turns with every degree's pose clear (R11.4): apart from what it does not touch, and not
/// into the inside of what it touches.
#[must_use]
pub fn max_wheel(body: &Body, pivot: Pos, sense: Sense, ground: &Ground, limit: u16) -> u16 {
    let a = table::first_blocked_degree(body, pivot, sense, &ground.apart, Clearance::Apart(0), limit);
    let b = table::first_blocked_degree(body, pivot, sense, &ground.touching, Clearance::Touch, limit);
    let limit = [a, b].into_iter().flatten().min().map_or(limit, |d| d - 1);
    // Into disordering ground (R19.1): the first degree whose pose enters it.
    let (l, r) = body.front();
    let terrain = near(body, &ground.terrain, (l.dist2(r) as f64).sqrt().ceil() as i64 + 1);
    let signed = sense.sign();
    let open = &ground.open;
    if terrain.is_empty() && open.is_empty() {
        return limit;
    }
    let enters = |d: u16| {
        body.wheeled(pivot, signed * i32::from(d)).stands.iter().any(|s| {
            let p = s.polygon();
            terrain.iter().any(|o| table::interiors_meet(&p, o)) || (!open.is_empty() && terrain::on_ground(open, &p))
        })
    };
    (1..=limit).find(|&d| enters(d)).map_or(limit, |d| d - 1)
}

/// The shapes of `shapes` whose boxes come within `reach` sixteenths of `body`'s.
fn near<'a>(body: &Body, shapes: &[&'a Polygon], reach: i64) -> Vec<&'a Polygon> {
    let points: Vec<Pos> = body.stands.iter().flat_map(Stand::corners).collect();
    let Some(bb) = Bbox::of(&points) else { return Vec::new() };
    shapes.iter().copied().filter(|o| o.bbox().is_some_and(|b| bb.near(&b, reach))).collect()
}

/// The ends of `body`'s front: the pivot a wheel about `end` turns on.
#[must_use]
pub fn pivot(body: &Body, end: End) -> Pos {
    let (l, r) = body.front();
    match end {
        End::Left => l,
        End::Right => r,
    }
}

/// The width of `body`'s front in sixteenths, for the wheel's arc (R11.2).
#[must_use]
pub fn front_width(body: &Body) -> i32 {
    let (l, r) = body.front();
    let d2 = u64::try_from(l.dist2(r)).unwrap_or(0);
    // The integer square root, rounded up: the arc is never undercharged.
    let w = d2.isqrt();
    let w = if w * w < d2 { w + 1 } else { w };
    i32::try_from(w).unwrap_or(i32::MAX)
}

/// A length in sixteenths as a player reads it: "3 1/2 in", "5/16 in".
#[must_use]
pub fn inches(sixteenths: i64) -> String {
    let (whole, mut part, mut den) = (sixteenths / 16, sixteenths % 16, 16);
    while part > 0 && part % 2 == 0 {
        part /= 2;
        den /= 2;
    }
    match (whole, part) {
        (w, 0) => format!("{w} in"),
        (0, p) => format!("{p}/{den} in"),
        (w, p) => format!("{w} {p}/{den} in"),
    }
}

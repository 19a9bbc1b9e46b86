//! A March Column's march (5.1, 6.3, ruling R15): the head turns up to 90 degrees for free and
//! walks straight on, and the stands behind follow the way it came (its trail), each on the
//! trail. "The column passed clear" (6.6, R10) is R15.3's sweep: each stand's way along the
//! trail swept whole (`table::column_sweep_clear` with one window the march's length). The countermarch (R14) turns the trail about. Limbered
//! batteries march as columns. Roads (R15.4) come with terrain (step 6).

use super::Ground;
use crate::scenario::{Arm, Formation};
use crate::state::{Rotr, UnitId};
use table::{Bbox, Body, Clearance, Polygon, Pos, Trail, column_sweep_clear, march};

/// The least window of a column's sweep (R15.3), for a march shorter than it.
pub const STEP: i32 = 4;

/// The most a column's head turns before it walks (6.3: up to 90 degrees, free).
pub const TURN_MOST: i32 = 90;

/// Whether a unit in `f` marches on a trail.
#[must_use]
pub fn marches(f: Formation) -> bool {
    matches!(f, Formation::MarchColumn | Formation::Limbered)
}

/// Unit `u`'s column: stands, their width and depth, and the gap between them (5.1: as deep
/// as its Line is wide, the spare depth shared between the gaps; mounted cavalry touching), as
/// `table::layout` lays a March Column out.
#[must_use]
pub fn spec(g: &Rotr, u: UnitId) -> (usize, i32, i32, i32) {
    let info = g.info(u);
    let n = g.body(u).map_or(info.stand_figures.len(), |b| b.stands.len());
    let (width, depth) = g.body(u).and_then(|b| b.stands.first()).map_or(info.stand, |s| (s.width, s.depth));
    let count = i32::try_from(n).unwrap_or(1);
    let touching = info.arm == Arm::Cavalry;
    let spare = if touching || count < 2 { 0 } else { (count * width - count * depth).max(0) };
    (n, width, depth, spare / (count - 1).max(1))
}

/// The column's length from the head's front to the last stand's back, in sixteenths.
fn length((n, _, depth, gap): (usize, i32, i32, i32)) -> f64 {
    let n = i32::try_from(n).unwrap_or(1);
    f64::from(n * depth + (n - 1).max(0) * gap)
}

/// Unit `u`'s column laid straight behind `head` (the middle of its head's front edge), facing
/// `facing`, on a straight trail as long as the column: how a column arrives (R55), is set up
/// or forms, so that its stands stand exactly where its marches will put them (the trail's even
/// gaps, not `table::layout`'s, which spreads the spare depth a sixteenth at a time).
#[must_use]
pub fn straight(g: &Rotr, u: UnitId, head: Pos, facing: table::Facing) -> (Trail, Body) {
    let column = spec(g, u);
    #[allow(clippy::cast_possible_truncation)]
    let trail = Trail::straight(head, facing, length(column).ceil() as i64);
    let (n, w, d, gap) = column;
    let body = trail.column(n, w, d, gap);
    (trail, body)
}

/// R55: unit `u`'s column entering with its rear stand's back edge on `at`, facing `bearing`.
#[must_use]
pub fn entering(g: &Rotr, u: UnitId, at: Pos, bearing: table::Facing) -> (Trail, Body) {
    #[allow(clippy::cast_possible_truncation)]
    let len = length(spec(g, u)).ceil() as i64;
    straight(g, u, table::contact::moved(at, bearing, len), bearing)
}

/// Unit `u`'s trail: the one it has walked, or (not yet marched) a straight one behind its
/// head as long as the column (R15.1).
#[must_use]
pub fn trail(g: &Rotr, u: UnitId) -> Option<Trail> {
    if let Some(t) = &g.unit(u).trail {
        return Some(t.clone());
    }
    let head = g.body(u)?.stands.first()?;
    let len = length(spec(g, u)).ceil();
    #[allow(clippy::cast_possible_truncation)]
    Some(Trail::straight(head.front_middle(), head.facing, len as i64))
}

/// What a march may meet, kept to what lies near ([`near`]): the sweep takes owned shapes.
struct Near {
    touching: Vec<Polygon>,
    apart: Vec<Polygon>,
    terrain: Vec<Polygon>,
    open: Vec<&'static Polygon>,
}

/// The obstacles of `ground` a march of at most `limit` sixteenths from `trail` could meet:
/// those whose boxes come within the column's length and the march of its head.
fn near(ground: &Ground, trail: &Trail, column: (usize, i32, i32, i32), limit: i64) -> Near {
    let reach = i32::try_from(limit + length(column).ceil() as i64 + i64::from(column.1)).unwrap_or(i32::MAX);
    let h = trail.head();
    let region = Bbox { lo: h, hi: h }.grown(reach);
    let close = |o: &&Polygon| o.bbox().is_some_and(|b| b.near(&region, 0));
    let keep = |v: &[Polygon]| v.iter().filter(close).cloned().collect();
    Near {
        touching: keep(&ground.touching),
        apart: keep(&ground.apart),
        terrain: ground.terrain.iter().copied().filter(close).cloned().collect(),
        open: ground.open.clone(),
    }
}

/// Whether the column passes clear marching `dist` after turning `turn` (R15.3, R10): each
/// stand's whole way along the trail swept in one piece (its straight stretches by the hull of
/// their ends, each corner a whole degree at a time), which holds every layout between, so no
/// sampling of the head's travel is needed beyond the march's own length.
fn clear(trail: &Trail, column: (usize, i32, i32, i32), ground: &Near, turn: i32, dist: i64) -> bool {
    let Some(after) = march(trail, turn, dist) else { return false };
    let step = i32::try_from(dist).unwrap_or(i32::MAX).max(STEP);
    column_sweep_clear(trail, &after, column, &ground.apart, Clearance::Apart(0), step) == Some(true)
        && column_sweep_clear(trail, &after, column, &ground.touching, Clearance::Touch, step) == Some(true)
        && column_sweep_clear(trail, &after, column, &ground.terrain, Clearance::Touch, step) == Some(true)
        && (ground.open.is_empty() || {
            // Onto the untested ground (R19.1): judged on the column where the march ends, a
            // reading (its sweep is not kept), so the halving finds the edge.
            let (n, w, d, gap) = column;
            !after.column(n, w, d, gap).stands.iter().any(|s| super::terrain::on_ground(&ground.open, &s.polygon()))
        })
}

/// The farthest whole sixteenths, at most `limit`, that unit `u`'s column may march after
/// turning `turn` degrees, found by halving: a stand's sweep along the trail holds the sweep of
/// every shorter march (the same way, cut shorter), so the clear marches are those up to this
/// one; 0 when none is.
#[must_use]
pub fn max_march(g: &Rotr, u: UnitId, turn: i32, ground: &Ground, limit: i64) -> i64 {
    let (Some(t), true) = (trail(g, u), turn.abs() <= TURN_MOST) else { return 0 };
    let column = spec(g, u);
    let ground = near(ground, &t, column, limit);
    if limit < 1 || !clear(&t, column, &ground, turn, 1) {
        return 0;
    }
    if clear(&t, column, &ground, turn, limit) {
        return limit;
    }
    let (mut lo, mut hi) = (1, limit);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if clear(&t, column, &ground, turn, mid) { lo = mid } else { hi = mid }
    }
    lo
}

/// Unit `u`'s trail and stands after marching `dist` after turning `turn`: the trail kept to
/// the column's length.
#[must_use]
pub fn marched(g: &Rotr, u: UnitId, turn: i32, dist: i64) -> Option<(Trail, Body)> {
    let column = spec(g, u);
    let after = march(&trail(g, u)?, turn, dist)?.trimmed(length(column));
    let (n, w, d, gap) = column;
    let body = after.column(n, w, d, gap);
    Some((after, body))
}

/// R14: the countermarch: the trail turned about, the rear stand leading.
#[must_use]
pub fn countermarched(g: &Rotr, u: UnitId) -> Option<(Trail, Body)> {
    let column = spec(g, u);
    let after = trail(g, u)?.trimmed(length(column)).reversed();
    let (n, w, d, gap) = column;
    let body = after.column(n, w, d, gap);
    Some((after, body))
}

/// Whether `body` (a countermarched column) meets the inside of no obstacle.
#[must_use]
pub fn lies_clear(body: &Body, ground: &Ground) -> bool {
    body.stands.iter().all(|s| {
        let p = s.polygon();
        ground.touching.iter().chain(&ground.apart).all(|o| !table::overlap_interior(&p, o))
    })
}

//! Commanders on the table (6.14, 10.2, ruling R8): a commander is a point, or rides attached
//! to a unit at no cost; he never blocks and is never blocked. He walks 24 inches a turn
//! (sheet A) in straight legs, each costing its length rounded up to the sixteenth (at least a
//! sixteenth, so that walking is never free and an activation stays finite); what he has left
//! carries from one activation to the next within the turn. A brigade commander walks during
//! his brigade's activation, the overall commander during any of his side's. `Attach` walks him
//! to the nearest point of a friendly unit's stands and attaches him; `Walk` detaches him and
//! walks him to a point. The morale passes he carries (10.4) come with morale (step 9).

use crate::action::Action;
use crate::activation::Activation;
use crate::state::{CommanderId, Post, Rotr, UnitId};
use engine::Illegal;
use table::Pos;
use table::measure::point_within_segment;

/// Sixteenths a commander walks in a turn (6.14, sheet A).
#[must_use]
pub fn allowance(g: &Rotr) -> i64 {
    i64::from(g.sheets().movement("Commander", "Any").unwrap_or(24 * 16))
}

/// Sixteenths commander `c` has left to walk this turn (R8.2).
#[must_use]
pub fn left(g: &Rotr, c: CommanderId) -> i64 {
    (allowance(g) - g.commander(c).walked).max(0)
}

/// Whether commander `c` may walk in activation `act` (R8.2): on the table, of the drawn
/// brigade's side, and its brigade's commander or his side's overall commander.
pub fn may_walk(g: &Rotr, act: &Activation, c: CommanderId) -> Result<(), Illegal> {
    let info = g.commander_info(c);
    if g.commander_point(c).is_none() {
        return Err(Illegal::new("ROTR 6.14", format!("{} is not on the table", info.name)));
    }
    if Rotr::engine_side(info.side) != g.brigade_side(act.brigade) {
        return Err(Illegal::new("ROTR 6.14", format!("{} is not of the side whose chit was drawn", info.name)));
    }
    match &info.brigade {
        Some(chit) if *chit != g.brigade(act.brigade).chit => Err(Illegal::new(
            "ROTR 6.14",
            format!(
                "{} walks only in his brigade's activation, not {}'s (R8.2)",
                info.name,
                g.brigade(act.brigade).chit
            ),
        )),
        _ => Ok(()),
    }
}

/// A walk of `dist2` square sixteenths costs its length rounded up, and at least a sixteenth.
fn cost(dist2: i64) -> i64 {
    let d = u64::try_from(dist2).unwrap_or(0);
    let r = d.isqrt();
    let r = if r * r < d { r + 1 } else { r };
    i64::try_from(r).unwrap_or(i64::MAX).max(1)
}

/// Sixteenths from `p` to the nearest point of unit `u`'s stands (0 inside one), the least
/// whole number within reach.
fn gap(g: &Rotr, u: UnitId, p: Pos) -> Option<i64> {
    let body = g.body(u)?;
    if body.stands.iter().any(|s| table::point_in_polygon(p, &s.polygon())) {
        return Some(0);
    }
    let within = |r: i64| {
        body.stands.iter().any(|s| {
            let poly = s.polygon();
            poly.edges().any(|(a, b)| point_within_segment(p, a, b, r))
        })
    };
    let (mut lo, mut hi) = (0i64, 1i64);
    while !within(hi) {
        lo = hi;
        hi *= 2;
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if within(mid) { hi = mid } else { lo = mid }
    }
    Some(hi)
}

/// What action `a` (a `Walk` or an `Attach`) costs commander `c`, or why he may not take it.
pub fn check(g: &Rotr, act: &Activation, a: &Action) -> Result<i64, Illegal> {
    let (c, what) = match *a {
        Action::Walk { commander, .. } | Action::Attach { commander, .. } => (commander, a),
        _ => return Err(Illegal::new("ROTR 6.14", "not a commander's walk")),
    };
    may_walk(g, act, c)?;
    let name = &g.commander_info(c).name;
    let from = g.commander_point(c).expect("checked on the table");
    let left = left(g, c);
    let cost = match *what {
        Action::Walk { x, y, .. } => {
            let size = g.scenario().table.size;
            if !(0..=size.x).contains(&x) || !(0..=size.y).contains(&y) {
                return Err(Illegal::new("ROTR R10", format!("{name} may not walk off the table")));
            }
            let to = Pos::new(x, y);
            if to == from && matches!(g.commander(c).post, Post::At(_)) {
                return Err(Illegal::new("ROTR 6.14", format!("{name} stands there already")));
            }
            cost(from.dist2(to))
        }
        Action::Attach { unit, .. } => {
            if g.info(unit).side != g.commander_info(c).side {
                return Err(Illegal::new("ROTR 6.14", format!("{name} attaches only to his own side's units")));
            }
            if g.commander(c).post == Post::With(unit) {
                return Err(Illegal::new("ROTR 6.14", format!("{name} is with {} already", g.info(unit).name)));
            }
            let Some(d) = gap(g, unit, from) else {
                return Err(Illegal::new("ROTR 6.14", format!("{} is not on the table", g.info(unit).name)));
            };
            d.max(1)
        }
        _ => unreachable!("matched above"),
    };
    if cost > left {
        return Err(Illegal::new(
            "ROTR 6.14",
            format!(
                "{name} has {} of his 24 inches left this turn; that walk is {}",
                crate::movement::inches(left),
                crate::movement::inches(cost)
            ),
        ));
    }
    Ok(cost)
}

/// The whole values of `x` (with `y` as given) that commander `c` may walk to (R8.3: within
/// the inches left, on the table, not where he stands), as the run around `at_x`; `None` when
/// there is none.
#[must_use]
pub fn x_run(g: &Rotr, c: CommanderId, at_x: i32, y: i32) -> Option<(i32, i32)> {
    let from = g.commander_point(c)?;
    run(from.x, from.y, left(g, c), g.scenario().table.size.x, at_x, y, matches!(g.commander(c).post, Post::At(_)))
}

/// As [`x_run`] for `y`, with `x` as given.
#[must_use]
pub fn y_run(g: &Rotr, c: CommanderId, x: i32, at_y: i32) -> Option<(i32, i32)> {
    let from = g.commander_point(c)?;
    run(from.y, from.x, left(g, c), g.scenario().table.size.y, at_y, x, matches!(g.commander(c).post, Post::At(_)))
}

/// The run of values `v` around `at` in `0..=size` with `(v - v0)^2 + (w - w0)^2 <= r^2`, the
/// point `(v0, w0)` itself left out when `skip_self` (a walk to where he stands is none).
fn run(v0: i32, w0: i32, r: i64, size: i32, at: i32, w: i32, skip_self: bool) -> Option<(i32, i32)> {
    let dw = i64::from(w - w0);
    let room = r * r - dw * dw;
    if room < 0 {
        return None;
    }
    let h = i32::try_from(u64::try_from(room).unwrap_or(0).isqrt()).unwrap_or(i32::MAX);
    let (mut lo, mut hi) = ((v0 - h).max(0), (v0 + h).min(size));
    if skip_self && w == w0 {
        if at > v0 {
            lo = v0 + 1;
        } else if at < v0 {
            hi = v0 - 1;
        } else {
            return None;
        }
    }
    (lo <= at && at <= hi).then_some((lo, hi))
}

/// Applies a commander's walk or attachment, known legal.
pub fn apply(g: &mut Rotr, act: &Activation, a: &Action) {
    let Ok(cost) = check(g, act, a) else { return };
    let (c, post, words) = match *a {
        Action::Walk { commander, x, y } => {
            (commander, Post::At(Pos::new(x, y)), format!("walks {} (6.14)", crate::movement::inches(cost)))
        }
        Action::Attach { commander, unit } => (
            commander,
            Post::With(unit),
            format!("rides {} to {} and attaches himself (6.14)", crate::movement::inches(cost), g.info(unit).name),
        ),
        _ => return,
    };
    let s = &mut g.commanders[usize::from(c.0)];
    s.post = post;
    s.walked += cost;
    let left = left(g, c);
    let name = g.commander_info(c).name.clone();
    g.log.push("ROTR 6.14", || format!("{name} {words}; {} left this turn.", crate::movement::inches(left)));
}

/// The commanders' actions on the menu (plan 4.2): each who may walk attaches to each unit of
/// his command within reach he is not with, and walks halfway toward the farthest of them he
/// can reach (so a page and the suite meet a `Walk` and its ranges).
#[must_use]
pub fn menu(g: &Rotr, act: &Activation) -> Vec<Action> {
    let mut out = Vec::new();
    for c in g.commander_ids() {
        if may_walk(g, act, c).is_err() {
            continue;
        }
        let command: Vec<UnitId> = match &g.commander_info(c).brigade {
            Some(chit) => g.brigade_named(chit).map(|b| g.brigade_units(b).collect()).unwrap_or_default(),
            None => g.brigade_units(act.brigade).collect(),
        };
        let mut farthest: Option<(i64, Pos)> = None;
        let from = g.commander_point(c).expect("checked on the table");
        for u in command.into_iter().filter(|&u| g.body(u).is_some()) {
            let a = Action::Attach { commander: c, unit: u };
            if check(g, act, &a).is_ok() {
                out.push(a);
                let at = g.body(u).expect("on").front_middle();
                let d = from.dist2(at);
                if farthest.is_none_or(|(f, _)| d > f) {
                    farthest = Some((d, at));
                }
            }
        }
        if let Some((_, at)) = farthest {
            let (x, y) = (from.x + (at.x - from.x) / 2, from.y + (at.y - from.y) / 2);
            let a = Action::Walk { commander: c, x, y };
            if check(g, act, &a).is_ok() {
                out.push(a);
            }
        }
    }
    out
}

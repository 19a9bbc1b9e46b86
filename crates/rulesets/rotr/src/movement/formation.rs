//! Formation changes (6.2, ruling R16): about a stand the player picks, whose front edge's
//! middle stays where it is, to a new facing he picks. The new formation is laid out whole (the
//! stands are picked up; nothing is swept) and must be clear of every other unit, impassable
//! ground and the table's edge (R10). A change costs half the unit's move (3.1 operation 3,
//! sheet A), so it needs half its move still unused, and is made once an activation (R16.4). A
//! change clears a column's trail (R16.6); a change into March Column starts a straight one.
//! Limbering and unlimbering guns (3.2) come with the artillery's operations (step 8).

use crate::action::Action;
use crate::activation::Activation;
use crate::scenario::{Arm, Formation};
use crate::state::{Rotr, UnitId};
use engine::Illegal;
use table::{Body, Facing, Stand};

/// The formations unit `u` may change into (5.0, 6.2): infantry any of the five; mounted
/// cavalry all but the Assault Column (5.0); artillery none here.
#[must_use]
pub fn open_to(g: &Rotr, u: UnitId) -> Vec<Formation> {
    match g.info(u).arm {
        Arm::Infantry => vec![
            Formation::Line,
            Formation::ExtendedLine,
            Formation::SkirmishLine,
            Formation::AssaultColumn,
            Formation::MarchColumn,
        ],
        Arm::Cavalry => vec![Formation::Line, Formation::ExtendedLine, Formation::SkirmishLine, Formation::MarchColumn],
        Arm::Artillery => Vec::new(),
    }
}

/// R16.2: the slot the pivot stand (index `i` of `n`, counted from the left, the head first in
/// a column) takes in formation `to`.
fn slot(to: Formation, i: usize, n: usize, files: u8) -> usize {
    match to {
        Formation::AssaultColumn if files >= 2 && i >= n / 2 => 1,
        Formation::AssaultColumn | Formation::MarchColumn | Formation::Limbered => 0,
        _ => i,
    }
}

/// Unit `u`'s stands laid out in `to` about its stand `pivot`, facing `facing` (R16.1-2), with
/// the trail a column starts; `None` for a stand it does not have.
#[must_use]
pub fn laid_out(
    g: &Rotr,
    u: UnitId,
    to: Formation,
    pivot: usize,
    facing: Facing,
) -> Option<(Option<table::Trail>, Body)> {
    let body = g.body(u)?;
    let st: &Stand = body.stands.get(pivot)?;
    let at = st.front_middle();
    if super::column::marches(to) {
        let (t, b) = super::column::straight(g, u, at, facing);
        return Some((Some(t), b));
    }
    let n = body.stands.len();
    let files = g.scenario().assault_column_files;
    let f = match to {
        Formation::Line | Formation::Unlimbered => table::Formation::Line,
        Formation::ExtendedLine => table::Formation::ExtendedLine,
        Formation::SkirmishLine => table::Formation::SkirmishLine,
        Formation::AssaultColumn => table::Formation::AssaultColumn { files },
        Formation::MarchColumn | Formation::Limbered => unreachable!("columns above"),
    };
    table::layout_about(f, n, st.width, st.depth, slot(to, pivot, n, files), at, facing).map(|b| (None, b))
}

/// Whether `body` lies clear (R10): inside no friend's stands, clear of every enemy's and of
/// impassable ground, and on the table (the edge bands of [`super::obstacles`]).
fn lies_clear(g: &Rotr, u: UnitId, body: &Body) -> bool {
    let side = g.info(u).side;
    let enemies: Vec<table::Polygon> = g
        .unit_ids()
        .filter(|&o| g.info(o).side != side)
        .filter_map(|o| g.body(o))
        .flat_map(|b| b.stands.iter().map(Stand::polygon))
        .collect();
    let boxed = |v: Vec<table::Polygon>| -> Vec<(Option<table::Bbox>, table::Polygon)> {
        v.into_iter().map(|o| (o.bbox(), o)).collect()
    };
    let (others, enemies) = (boxed(super::obstacles(g, u)), boxed(enemies));
    body.stands.iter().all(|s| {
        let p = s.polygon();
        let pb = p.bbox();
        let near = |ob: &Option<table::Bbox>| match (pb, ob) {
            (Some(a), Some(b)) => a.near(b, 0),
            _ => false,
        };
        others.iter().filter(|(b, _)| near(b)).all(|(_, o)| !table::overlap_interior(&p, o))
            && enemies.iter().filter(|(b, _)| near(b)).all(|(_, o)| !table::within(&p, o, 0))
    })
}

/// Why formation change `a` may not be made now, if it may not (6.2, R7, R16).
pub fn check(g: &Rotr, act: &Activation, a: &Action) -> Result<(), Illegal> {
    let Action::Form { unit: u, to, pivot, facing } = *a else {
        return Err(Illegal::new("ROTR 6.2", "not a formation change"));
    };
    super::ops::may_operate(g, act, u)?;
    let name = &g.info(u).name;
    let now = g.unit(u).formation;
    if to == now {
        return Err(Illegal::new("ROTR 6.2", format!("{name} is in {} already", now.words())));
    }
    if !open_to(g, u).contains(&now) || !open_to(g, u).contains(&to) {
        return Err(Illegal::new(
            "ROTR 6.2",
            format!("{name} may not change from {} to {} (5.0)", now.words(), to.words()),
        ));
    }
    if !(0..360).contains(&facing) {
        return Err(Illegal::new("ROTR 6.2", format!("a facing is a whole degree from 0 to 359, not {facing}")));
    }
    let spent = act.spent(g, u);
    if spent.formed {
        return Err(Illegal::new("ROTR 6.2", format!("{name} has changed formation this activation already (R16.4)")));
    }
    let half = spent.normal / 2;
    if spent.used + half > spent.normal {
        return Err(Illegal::new(
            "ROTR 3.1",
            format!(
                "{name} has used {} of its {}: a formation change needs half its move (operation 3)",
                super::inches(spent.used),
                super::inches(spent.normal)
            ),
        ));
    }
    let Some((_, body)) = laid_out(g, u, to, usize::from(pivot), Facing::new(facing)) else {
        return Err(Illegal::new("ROTR 6.2", format!("{name} has no stand {pivot}")));
    };
    let clear = g.reach.get_or(u, super::Query::Form(to, pivot, facing), &|| i64::from(lies_clear(g, u, &body)));
    if clear == 0 {
        return Err(Illegal::new(
            "ROTR 6.6",
            format!("{name}'s new {} would meet another unit or leave the table (R16.3)", to.words()),
        ));
    }
    Ok(())
}

/// The run of facings around `facing`, within 0..=359, at which change `a` is legal.
#[must_use]
pub fn facing_run(g: &Rotr, act: &Activation, a: &Action) -> Option<(i32, i32)> {
    let Action::Form { unit, to, pivot, facing } = *a else { return None };
    let ok = |f: i32| check(g, act, &Action::Form { unit, to, pivot, facing: f }).is_ok();
    if !ok(facing) {
        return None;
    }
    let (mut lo, mut hi) = (facing, facing);
    while lo > 0 && ok(lo - 1) {
        lo -= 1;
    }
    while hi < 359 && ok(hi + 1) {
        hi += 1;
    }
    Some((lo, hi))
}

/// Applies formation change `a`, known legal: the stands laid out anew, half the move paid.
pub fn apply(g: &mut Rotr, act: &mut Activation, a: &Action) {
    let Action::Form { unit: u, to, pivot, facing } = *a else { return };
    let Some((trail, body)) = laid_out(g, u, to, usize::from(pivot), Facing::new(facing)) else { return };
    let from = g.unit(u).formation;
    // Paid before the change: the normal distance is the old formation's (6.1, R7.2).
    let half = act.spent(g, u).normal / 2;
    act.formed(g, u, half);
    let s = g.unit_mut(u);
    s.place = crate::state::Place::Table(body);
    s.formation = to;
    s.trail = trail;
    let name = g.info(u).name.clone();
    let left = act.left(g, u);
    g.log.push_about(&name, "ROTR 6.2", || {
        format!(
            "{name} changes from {} to {} about its stand {}, facing {facing} degrees (6.2; half its move); {} left.",
            from.words(),
            to.words(),
            pivot + 1,
            super::inches(left)
        )
    });
}

/// The formation changes on the menu (plan 4.2): into each formation open to it, about its
/// middle stand facing as now, toward the nearest enemy, a quarter turn either way and about;
/// about each end stand facing as now.
#[must_use]
pub fn menu(g: &Rotr, act: &Activation, u: UnitId) -> Vec<Action> {
    let Some(body) = g.body(u) else { return Vec::new() };
    let n = body.stands.len();
    let now = i32::from(body.facing().degrees());
    let mut facings = vec![now, (now + 90) % 360, (now + 270) % 360, (now + 180) % 360];
    if let Some(d) = super::menu::toward_enemy(g, u) {
        facings.push((now + d + 360) % 360);
    }
    let mut out = Vec::new();
    for to in open_to(g, u) {
        let mut tries: Vec<(usize, i32)> = facings.iter().map(|&f| (n / 2, f)).collect();
        tries.push((0, now));
        tries.push((n.saturating_sub(1), now));
        for (pivot, facing) in tries {
            let a = Action::Form { unit: u, to, pivot: u8::try_from(pivot).unwrap_or(0), facing };
            if !out.contains(&a) && check(g, act, &a).is_ok() {
                out.push(a);
            }
        }
    }
    out
}

//! Actions in the rulebook's words, and as a page shows them (`engine::ActionView`): a unit's
//! action names its table id so a page can hang it on the unit's stands.

use crate::action::Action;
use crate::movement::{End, inches};
use crate::procedure::Frame;
use crate::ratings::Rating;
use crate::state::Rotr;
use crate::view::unit_id;
use engine::{ActionView, Param};

/// Whether every unit and chit the action names is one of the scenario's (a hostile record's
/// `{"Select": 99}` names none).
#[must_use]
pub fn names_known(g: &Rotr, a: &Action) -> bool {
    match *a {
        Action::Select(u)
        | Action::FinishUnit(u)
        | Action::Arrive(u)
        | Action::Move { unit: u, .. }
        | Action::SideStep { unit: u, .. }
        | Action::Wheel { unit: u, .. }
        | Action::AboutFace(u)
        | Action::March { unit: u, .. } => usize::from(u.0) < g.units.len(),
        Action::Draw(b) => usize::from(b.0) < g.scenario().brigades.len(),
        Action::D10(f) => f <= 9,
        Action::Walk { commander, .. } => usize::from(commander.0) < g.commanders.len(),
        Action::Form { unit, .. } | Action::Enter(unit) => usize::from(unit.0) < g.units.len(),
        Action::Attach { commander, unit } => {
            usize::from(commander.0) < g.commanders.len() && usize::from(unit.0) < g.units.len()
        }
        Action::EndActivation => true,
    }
}

/// The action in words.
#[must_use]
pub fn describe(g: &Rotr, a: &Action) -> String {
    if !names_known(g, a) {
        return format!("{a:?}, which names no unit, chit or die face of the scenario");
    }
    match *a {
        Action::D10(f) => match g.stack.last() {
            Some(Frame::Rate(Rating::Quality(c))) => format!("{} rolls {f} (D10, 2.3)", g.commander_info(*c).name),
            Some(Frame::Rate(Rating::Performance(u))) => format!("{} rolls {f} (D10, 2.1)", g.info(*u).name),
            _ => format!("D10: {f}"),
        },
        Action::Draw(b) => format!("{}'s chit is drawn (4.3)", g.brigade(b).chit),
        Action::Select(u) => format!("Select {} to operate (4.4)", g.info(u).name),
        Action::FinishUnit(u) => format!("Finish {}'s operations (4.4)", g.info(u).name),
        Action::Arrive(u) => {
            let at = match &g.info(u).entry {
                crate::scenario::Entry::Arrives { at, .. } => at.as_str(),
                crate::scenario::Entry::SetUp { .. } => "its entry",
            };
            format!("Bring {} on at {at} (R55)", g.info(u).name)
        }
        Action::EndActivation => match g.stack.last() {
            Some(Frame::Activation(a)) => format!("End {}'s activation (4.4)", g.brigade(a.brigade).chit),
            _ => "End the activation (4.4)".into(),
        },
        Action::Move { unit, angle, dist } => {
            let how = match angle {
                0 => "straight ahead".to_string(),
                a => format!("obliquely, {} degrees to the {}", a.abs(), if a > 0 { "right" } else { "left" }),
            };
            format!("{} moves {} {how} (6.3)", g.info(unit).name, inches(i64::from(dist)))
        }
        Action::SideStep { unit, right, dist } => format!(
            "{} side-steps {} to the {} (6.3)",
            g.info(unit).name,
            inches(i64::from(dist)),
            if right { "right" } else { "left" }
        ),
        Action::Wheel { unit, end, forward, deg } => format!(
            "{} wheels {deg} degrees about its {} end, {} (6.3)",
            g.info(unit).name,
            match end {
                End::Left => "left",
                End::Right => "right",
            },
            if forward { "forward" } else { "back" }
        ),
        Action::AboutFace(u) => format!("{} about-faces (6.3)", g.info(u).name),
        Action::March { unit, turn, dist } => {
            let how = match turn {
                0 => "straight on".to_string(),
                t => format!("its head turning {} degrees to the {}", t.abs(), if t > 0 { "right" } else { "left" }),
            };
            format!("{} marches {} in column, {how} (5.1)", g.info(unit).name, inches(i64::from(dist)))
        }
        Action::Walk { commander, x, y } => format!(
            "{} walks to ({}, {}) (6.14)",
            g.commander_info(commander).name,
            inches(i64::from(x)),
            inches(i64::from(y))
        ),
        Action::Attach { commander, unit } => {
            format!("{} rides to {} and attaches himself (6.14)", g.commander_info(commander).name, g.info(unit).name)
        }
        Action::Enter(unit) => {
            let what = match g.stack.last() {
                Some(Frame::Activation(act)) => {
                    crate::movement::terrain::owed(g, act, unit).map(|f| crate::movement::terrain::piece(g, f).0)
                }
                _ => None,
            };
            format!("{} tests {} to move on (6.7)", g.info(unit).name, what.unwrap_or_else(|| "the ground".into()))
        }
        Action::Form { unit, to, pivot, facing } => format!(
            "{} forms {} about its stand {}, facing {facing} degrees (6.2)",
            g.info(unit).name,
            to.words(),
            u16::from(pivot) + 1
        ),
    }
}

/// The values a body move carries, each with its exact range (plan 4.1 item 3): the angle of a
/// move (the run of angles at which its distance is legal) and its distance, a side step's
/// distance, a wheel's degrees. None for any other action, or one not legal now.
#[must_use]
pub fn params(g: &Rotr, a: &Action) -> Vec<Param> {
    let Some(Frame::Activation(act)) = g.stack.last() else { return Vec::new() };
    if let Action::Form { facing, .. } = *a {
        return crate::movement::formation::facing_run(g, act, a)
            .map(|(lo, hi)| {
                vec![Param {
                    name: "facing".into(),
                    unit: "degree".into(),
                    min: i64::from(lo),
                    max: i64::from(hi),
                    value: i64::from(facing),
                }]
            })
            .unwrap_or_default();
    }
    if let Action::Walk { commander, x, y } = *a {
        if crate::commanders::check(g, act, a).is_err() {
            return Vec::new();
        }
        let (Some(xr), Some(yr)) =
            (crate::commanders::x_run(g, commander, x, y), crate::commanders::y_run(g, commander, x, y))
        else {
            return Vec::new();
        };
        let p = |name: &str, (lo, hi): (i32, i32), v: i32| Param {
            name: name.into(),
            unit: "1/16 in".into(),
            min: i64::from(lo),
            max: i64::from(hi),
            value: i64::from(v),
        };
        return vec![p("across", xr, x), p("down", yr, y)];
    }
    let range = |a: &Action| crate::movement::ops::range(g, act, a);
    let Ok(r) = range(a) else { return Vec::new() };
    let p = |name: &str, unit: &str, min: i64, max: i64, value: i64| Param {
        name: name.into(),
        unit: unit.into(),
        min,
        max,
        value,
    };
    let (lo, hi) = (*r.start(), *r.end());
    match *a {
        Action::Move { unit, angle, dist } => {
            let d = i64::from(dist);
            let fits = |x: i32| range(&Action::Move { unit, angle: x, dist }).is_ok_and(|r| r.contains(&d));
            let (min, max) = run(angle, crate::movement::OBLIQUE, fits);
            vec![
                p("angle", "degree", i64::from(min), i64::from(max), i64::from(angle)),
                p("distance", "1/16 in", lo, hi, d),
            ]
        }
        Action::March { unit, turn, dist } => {
            let d = i64::from(dist);
            let fits = |x: i32| range(&Action::March { unit, turn: x, dist }).is_ok_and(|r| r.contains(&d));
            let (min, max) = run(turn, crate::movement::column::TURN_MOST, fits);
            vec![
                p("turn", "degree", i64::from(min), i64::from(max), i64::from(turn)),
                p("distance", "1/16 in", lo, hi, d),
            ]
        }
        Action::SideStep { dist, .. } => vec![p("distance", "1/16 in", lo, hi, i64::from(dist))],
        Action::Wheel { deg, .. } => vec![p("wheel", "degree", lo, hi, i64::from(deg))],
        _ => Vec::new(),
    }
}

/// The run of whole values around `at`, within `-most..=most`, for which `fits` holds.
fn run(at: i32, most: i32, fits: impl Fn(i32) -> bool) -> (i32, i32) {
    let mut min = at;
    while min > -most && fits(min - 1) {
        min -= 1;
    }
    let mut max = at;
    while max < most && fits(max + 1) {
        max += 1;
    }
    (min, max)
}

/// `a` with the values [`params`] lists set to `values`, in the same order.
#[must_use]
pub fn with_params(a: &Action, values: &[i64]) -> Option<Action> {
    let v = |i: usize| values.get(i).and_then(|&x| i32::try_from(x).ok());
    match *a {
        Action::Move { unit, .. } if values.len() == 2 => Some(Action::Move { unit, angle: v(0)?, dist: v(1)? }),
        Action::March { unit, .. } if values.len() == 2 => Some(Action::March { unit, turn: v(0)?, dist: v(1)? }),
        Action::Walk { commander, .. } if values.len() == 2 => Some(Action::Walk { commander, x: v(0)?, y: v(1)? }),
        Action::Form { unit, to, pivot, .. } if values.len() == 1 => {
            Some(Action::Form { unit, to, pivot, facing: v(0)? })
        }
        Action::SideStep { unit, right, .. } if values.len() == 1 => {
            Some(Action::SideStep { unit, right, dist: v(0)? })
        }
        Action::Wheel { unit, end, forward, .. } if values.len() == 1 => {
            Some(Action::Wheel { unit, end, forward, deg: v(0)? })
        }
        _ => None,
    }
}

/// The action as a page shows it.
#[must_use]
pub fn action_view(g: &Rotr, a: &Action) -> ActionView {
    if !names_known(g, a) {
        return ActionView { label: describe(g, a), kind: "choice".into(), ..ActionView::default() };
    }
    let (kind, unit) = match *a {
        Action::D10(_) | Action::Draw(_) => ("chance", None),
        Action::Select(u) => ("select", Some(u)),
        Action::FinishUnit(u) => ("choice", Some(u)),
        // Not on the table until it arrives: a button, not a unit's action.
        Action::Arrive(_) => ("move", None),
        Action::Move { unit, .. } | Action::SideStep { unit, .. } | Action::March { unit, .. } => ("move", Some(unit)),
        Action::Wheel { unit, .. } | Action::AboutFace(unit) => ("face", Some(unit)),
        Action::Walk { .. } | Action::Attach { .. } => ("move", None),
        Action::Form { unit, .. } => ("formation", Some(unit)),
        Action::Enter(unit) => ("choice", Some(unit)),
        Action::EndActivation => ("done", None),
    };
    let (commander, target) = match *a {
        Action::Walk { commander, .. } => (Some(commander), None),
        Action::Attach { commander, unit } => (Some(commander), Some(unit)),
        _ => (None, None),
    };
    ActionView {
        label: describe(g, a),
        kind: kind.into(),
        unit: unit.map(unit_id).or_else(|| commander.map(crate::view::commander_id)),
        target: target.map(unit_id),
        params: params(g, a),
        ..ActionView::default()
    }
}

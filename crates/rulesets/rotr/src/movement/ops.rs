//! The operations' movement budget (3.0-3.2, ruling R7) and the body moves of Movement I
//! (6.3, R11-R14): each one's exact legal range, its check and its effect.
//!
//! R7 as built so far: a unit's *movement used* this activation is the sum of every distance it
//! moved and every cost it paid; its *normal distance* is sheet A's rate for the formation it
//! was in when it began moving; it may use at most the normal distance. The operations' other
//! deeds (fire, formation changes) and the half-move rule that binds them join with fire
//! (step 8) and formation changes (step 6).

use super::{End, Ground, OBLIQUE, WHEEL_MOST, column, max_travel, max_wheel, moves_as_a_body, pivot, sense};
use crate::action::Action;
use crate::activation::Activation;
use crate::scenario::{Arm, Formation};
use crate::state::{Place, Rotr, UnitId};
use engine::Illegal;
use std::ops::RangeInclusive;

/// What a unit has spent this activation (R7).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Spent {
    /// Whose.
    pub unit: UnitId,
    /// Sixteenths of movement used: distances moved and costs paid (R7.1).
    pub used: i64,
    /// Sixteenths side-stepped (R12: at most half the normal move in all).
    pub side: i64,
    /// Its normal distance (R7.2), fixed by its formation when it began.
    pub normal: i64,
    /// Whether it has changed formation this activation (R16.4).
    pub formed: bool,
    /// Whether it has moved at all (R19.3: ground it stands in is tested before it moves).
    pub moved: bool,
    /// The disordering areas it has tested this activation, by feature index (R19.4).
    pub rolled: Vec<u8>,
    /// The area whose edge its move stopped at, to test before it moves on (R19.2).
    pub owes: Option<u8>,
    /// Whether a failed test halved its move (R19.2); it tests no more ground (R19.4).
    pub halved: bool,
    /// Whether its last deed was an about face: another straight after it would undo it for
    /// nothing (R14, an endless loop of free actions).
    pub about_faced: bool,
}

/// Sheet A's rate for unit `u` in its formation now (6.1), in sixteenths.
#[must_use]
pub fn normal_distance(g: &Rotr, u: UnitId) -> i64 {
    let arm = match g.info(u).arm {
        Arm::Infantry => "Infantry",
        Arm::Cavalry => "MountedCavalry",
        Arm::Artillery => "Artillery",
    };
    i64::from(g.sheets().movement(arm, g.unit(u).formation.name()).unwrap_or(0))
}

impl Activation {
    /// What unit `u` has spent so far this activation (nothing yet: its normal distance from
    /// its formation now).
    #[must_use]
    pub fn spent(&self, g: &Rotr, u: UnitId) -> Spent {
        self.spent.iter().find(|s| s.unit == u).cloned().unwrap_or(Spent {
            unit: u,
            used: 0,
            side: 0,
            normal: normal_distance(g, u),
            formed: false,
            moved: false,
            rolled: Vec::new(),
            owes: None,
            halved: false,
            about_faced: false,
        })
    }

    /// The movement unit `u` has left this activation (R7), in sixteenths.
    #[must_use]
    pub fn left(&self, g: &Rotr, u: UnitId) -> i64 {
        let s = self.spent(g, u);
        (s.normal - s.used).max(0)
    }

    /// Records unit `u`'s test of the ground of feature `feature` (6.7, R19.2): tested; its
    /// normal distance halved if it failed.
    pub fn tested(&mut self, u: UnitId, feature: u8, pass: bool) {
        let Some(s) = self.spent.iter_mut().find(|s| s.unit == u) else { return };
        s.rolled.push(feature);
        s.owes = None;
        if !pass {
            s.halved = true;
            s.normal /= 2;
        }
    }

    /// Records unit `u`'s formation change, costing `cost` (R16).
    pub fn formed(&mut self, g: &Rotr, u: UnitId, cost: i64) {
        self.pay(g, u, cost, 0, false);
        if let Some(s) = self.spent.iter_mut().find(|s| s.unit == u) {
            s.formed = true;
        }
        self.operated(u);
    }

    /// Records what unit `u` spent on a deed.
    fn pay(&mut self, g: &Rotr, u: UnitId, cost: i64, side: i64, about_face: bool) {
        let mut s = self.spent(g, u);
        s.used += cost;
        s.side += side;
        s.about_faced = about_face;
        self.spent.retain(|x| x.unit != u);
        self.spent.push(s);
    }
}

/// Whether unit `u` may make an operation in `act` now (4.4, R6): of the drawn brigade, on the
/// table, not finished, and the unit selected or one the player may select.
pub fn may_operate(g: &Rotr, act: &Activation, u: UnitId) -> Result<(), Illegal> {
    let name = &g.info(u).name;
    if g.brigade_of(u) != act.brigade {
        return Err(Illegal::new(
            "ROTR 4.4",
            format!("{name} is not of {}'s brigade, whose chit was drawn", g.brigade(act.brigade).chit),
        ));
    }
    if !matches!(g.unit(u).place, Place::Table(_)) {
        return Err(Illegal::new("ROTR R55", format!("{name} is not on the table")));
    }
    if act.finished.contains(&u) {
        return Err(Illegal::new("ROTR 4.4", format!("{name}'s operations are over for this activation")));
    }
    if act.selected != Some(u) && act.tried.contains(&u) {
        return Err(Illegal::new(
            "ROTR 4.4",
            format!("{name} was selected and has done nothing since: operate the unit selected, or finish it"),
        ));
    }
    Ok(())
}

/// The range of whole values a body move's last value may take with its other values as
/// given, by the rules of 6.3 and R10-R14, or why it may take none. For `Move` the distance,
/// for `SideStep` the distance, for `Wheel` the degrees; `AboutFace` is `0..=0` when legal.
pub fn range(g: &Rotr, act: &Activation, a: &Action) -> Result<RangeInclusive<i64>, Illegal> {
    range_on(g, act, a, None)
}

/// [`range`] with the unit's [`Ground`] already sorted (the menu and a page's ranges ask many
/// values of one unit in one position).
pub fn range_on(
    g: &Rotr,
    act: &Activation,
    a: &Action,
    ground: Option<&Ground>,
) -> Result<RangeInclusive<i64>, Illegal> {
    let Some(u) = a.body_move() else { return Err(Illegal::new("ROTR 6.3", "not a move")) };
    may_operate(g, act, u)?;
    let name = &g.info(u).name;
    let formation = g.unit(u).formation;
    let column = column::marches(formation);
    match *a {
        Action::March { .. } if !column => {
            return Err(Illegal::new(
                "ROTR 5.1",
                format!("{name} is in {}: only a March Column marches on its trail (R15)", formation.words()),
            ));
        }
        Action::Move { .. } | Action::SideStep { .. } | Action::Wheel { .. } if !moves_as_a_body(formation) => {
            return Err(Illegal::new(
                "ROTR 5.1",
                format!("{name} is in {}: a column follows its head's path (R15)", formation.words()),
            ));
        }
        _ => {}
    }
    let body = g.body(u).expect("on the table").clone();
    if !matches!(a, Action::AboutFace(_))
        && let Some(f) = super::terrain::owed(g, act, u)
    {
        let feature = super::terrain::piece(g, f).0;
        return Err(Illegal::new("ROTR 6.7", format!("{name} must test {feature} before it moves on (R19)")));
    }
    // The unit's ground, sorted once and only when a value is not already known.
    let owned = std::cell::OnceCell::new();
    let ground = || {
        ground.unwrap_or_else(|| {
            owned.get_or_init(|| {
                let mut gr = Ground::of(g, u, &body);
                let (terrain, ground) = super::terrain::unrolled(g, act, u);
                gr.terrain = terrain;
                if ground {
                    gr.open = super::terrain::all_areas(g);
                }
                gr
            })
        })
    };
    let left = act.left(g, u);
    let spent = act.spent(g, u);
    let none = |rule: &str, why: &dyn std::fmt::Display| Err(Illegal::new(rule, format!("{name}: {why}")));
    let most = |q: super::Query, f: &dyn Fn() -> i64| g.reach.get_or(u, q, f);
    match *a {
        Action::Move { angle, .. } => {
            if !(-OBLIQUE..=OBLIQUE).contains(&angle) {
                return none(
                    "ROTR 6.3",
                    &format!("an oblique may turn at most {OBLIQUE} degrees off the facing, not {angle}"),
                );
            }
            let bearing = body.facing().turned(angle);
            Ok(1..=most(super::Query::Move(angle), &|| max_travel(&body, bearing, ground(), left)))
        }
        Action::SideStep { right, .. } => {
            let cap = (spent.normal / 2 - spent.side).min(left);
            let bearing = body.facing().turned(if right { 90 } else { -90 });
            Ok(1..=most(super::Query::SideStep(right), &|| max_travel(&body, bearing, ground(), cap.max(0))))
        }
        Action::Wheel { end, forward, .. } => {
            let width = super::front_width(&body);
            let affordable = (0..=WHEEL_MOST).rev().find(|&d| table::arc_cost(width, d) <= left).unwrap_or(0);
            Ok(1..=most(super::Query::Wheel(end, forward), &|| {
                i64::from(max_wheel(&body, pivot(&body, end), sense(end, forward), ground(), affordable))
            }))
        }
        Action::AboutFace(_) => {
            if spent.about_faced {
                return none("ROTR 6.3", &"its last deed was an about face; another would undo it");
            }
            let cost = about_face_cost(formation, spent.normal);
            if cost > left {
                return none(
                    "ROTR 6.3",
                    &format!("an about face costs {} and it has {} left", super::inches(cost), super::inches(left)),
                );
            }
            let clear =
                || i64::from(column::countermarched(g, u).is_some_and(|(_, b)| column::lies_clear(&b, ground())));
            if column && most(super::Query::AboutFace, &clear) == 0 {
                return none("ROTR 6.6", &"its countermarch would meet another unit (R10, R14)");
            }
            Ok(0..=0)
        }
        Action::March { turn, .. } => {
            if turn.abs() > column::TURN_MOST {
                return none(
                    "ROTR 6.3",
                    &format!("a column's head turns at most {} degrees, not {}", column::TURN_MOST, turn.abs()),
                );
            }
            Ok(1..=most(super::Query::March(turn), &|| column::max_march(g, u, turn, ground(), left)))
        }
        _ => unreachable!("matched above"),
    }
}

/// 6.3, R14: an about face is free for the line formations and guns in battery; a column's
/// countermarch costs a quarter of its move.
#[must_use]
pub fn about_face_cost(f: Formation, normal: i64) -> i64 {
    match f {
        Formation::Line | Formation::ExtendedLine | Formation::SkirmishLine | Formation::Unlimbered => 0,
        Formation::AssaultColumn | Formation::MarchColumn | Formation::Limbered => (normal + 3) / 4,
    }
}

/// The value a body move carries that [`range`] bounds.
#[must_use]
pub fn value(a: &Action) -> i64 {
    match *a {
        Action::Move { dist, .. } | Action::SideStep { dist, .. } | Action::March { dist, .. } => i64::from(dist),
        Action::Wheel { deg, .. } => i64::from(deg),
        _ => 0,
    }
}

/// Whether body move `a` is legal now (the predicate, R10-R14).
pub fn check(g: &Rotr, act: &Activation, a: &Action) -> Result<(), Illegal> {
    let r = range(g, act, a)?;
    let v = value(a);
    if r.contains(&v) {
        return Ok(());
    }
    let name = &g.info(a.body_move().expect("range checked the kind")).name;
    Err(match *a {
        Action::Wheel { .. } if *r.end() < 1 => {
            Illegal::new("ROTR 6.3", format!("{name} cannot wheel that way: blocked or no movement left (R11)"))
        }
        Action::Wheel { .. } => {
            Illegal::new("ROTR 6.3", format!("{name} may wheel 1 to {} degrees that way, not {v} (R11)", r.end()))
        }
        _ if *r.end() < 1 => {
            Illegal::new("ROTR 6.6", format!("{name} cannot move that way: blocked or no movement left (R10)"))
        }
        _ => Illegal::new(
            "ROTR 6.6",
            format!(
                "{name} may move {} to {} that way, not {} (R10)",
                super::inches(1),
                super::inches(*r.end()),
                super::inches(v)
            ),
        ),
    })
}

/// Applies body move `a`, known legal: the stands moved, the movement paid, the log written.
pub fn apply(g: &mut Rotr, act: &mut Activation, a: &Action) {
    let Some(u) = a.body_move() else { return };
    let mut trail = None;
    let (body, cost, side, about, words) = {
        let body = g.body(u).expect("on the table").clone();
        match *a {
            Action::Move { angle, dist, .. } => {
                let d = i64::from(dist);
                let how = if angle == 0 {
                    "straight ahead".to_string()
                } else {
                    format!("obliquely {} degrees {}", angle.abs(), if angle > 0 { "right" } else { "left" })
                };
                (
                    body.translated(body.facing().turned(angle), d),
                    d,
                    0,
                    false,
                    format!("moves {} {how} (6.3)", super::inches(d)),
                )
            }
            Action::SideStep { right, dist, .. } => {
                let d = i64::from(dist);
                (
                    body.translated(body.facing().turned(if right { 90 } else { -90 }), d),
                    d,
                    d,
                    false,
                    format!("side-steps {} to the {} (6.3)", super::inches(d), if right { "right" } else { "left" }),
                )
            }
            Action::Wheel { end, forward, deg, .. } => {
                let cost = table::arc_cost(super::front_width(&body), u16::try_from(deg).unwrap_or(0));
                let turned = body.wheeled(pivot(&body, end), sense(end, forward).sign() * deg);
                let about = match end {
                    End::Left => "left",
                    End::Right => "right",
                };
                (
                    turned,
                    cost,
                    0,
                    false,
                    format!(
                        "wheels {deg} degrees about its {about} end, {} (6.3; the arc costs {}, R11)",
                        if forward { "forward" } else { "back" },
                        super::inches(cost)
                    ),
                )
            }
            Action::AboutFace(_) => {
                let formation = g.unit(u).formation;
                let cost = about_face_cost(formation, act.spent(g, u).normal);
                let turned = if column::marches(formation) {
                    let (t, b) = column::countermarched(g, u).expect("checked legal");
                    trail = Some(t);
                    b
                } else {
                    body.about_face()
                };
                (turned, cost, 0, true, format!("about-faces (6.3, R14; costs {})", super::inches(cost)))
            }
            Action::March { turn, dist, .. } => {
                let d = i64::from(dist);
                let (t, b) = column::marched(g, u, turn, d).expect("checked legal");
                trail = Some(t);
                let how = match turn {
                    0 => String::new(),
                    t => format!(
                        ", its head turning {} degrees to the {}",
                        t.abs(),
                        if t > 0 { "right" } else { "left" }
                    ),
                };
                (b, d, 0, false, format!("marches {}{how} (5.1, R15)", super::inches(d)))
            }
            _ => return,
        }
    };
    g.unit_mut(u).place = Place::Table(body);
    if trail.is_some() {
        g.unit_mut(u).trail = trail;
    }
    act.pay(g, u, cost, side, about);
    if !about {
        // It has moved: the ground its stands now touch is tested before it moves on (R19).
        let owes = super::terrain::reached(g, act, u);
        if let Some(s) = act.spent.iter_mut().find(|s| s.unit == u) {
            s.moved = true;
            s.owes = owes;
        }
    }
    act.operated(u);
    let left = act.left(g, u);
    let name = g.info(u).name.clone();
    g.log.push_about(&name, "ROTR 6.3", || format!("{name} {words}; {} of movement left.", super::inches(left)));
}

//! Resolving one declared fire (9.0's procedure, R19): the dice of each group (8.22: long-range
//! artillery one die per unit), small-arms depletion (11.21), losses (8.21, 9.42, 9.81-9.82,
//! 15.11-15.12) with exploding caissons (15.2) and wagons' ammunition (11.34), leader casualties (17.72, 17.76) and then morale ([`super::morale`]).
//!
//! The same resolution serves the free shots of withdrawal and retreat fire (10.1, 10.2,
//! [`crate::withdrawal`]) and a displaced stack's morale check (14.3): [`Shot`] says which.
//! Units it routs retreat when it is done (13.31, [`crate::retreat`]).

use super::morale::{self, Check};
use super::{Declaration, FireFrame, Record, Share, fire_strength, is_battery, is_foot_or_horse, targets_in};
use crate::action::Action;
use crate::authored::Arm;
use crate::charts::{self, FireResult, FireRow, LeaderFate, LeaderRisk};
use crate::procedure::Frame;
use crate::state::{Fate, Gbacw, LeaderId, Loc, UnitId};
use crate::{facing, strength};
use engine::Side;
use hexmap::{Crossing, Hex};

/// 15.2: the die that hits a caisson.
pub const CAISSON_HIT: u8 = 1;

/// 8.22: artillery at this range or more fires at each unit of a stack separately.
pub const LONG_RANGE: u16 = 3;

/// One arm's fire at the hex (9.41: small arms and artillery never added).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Group {
    /// The arm.
    pub arm: Arm,
    /// Its shares.
    pub shares: Vec<Share>,
    /// 8.22: artillery every one of whose shares is at three hexes or more (reading: a closer
    /// gun makes it one fire at the stack).
    pub long: bool,
    /// Dice rolled: the unit the die is for and the die.
    pub dice: Vec<(UnitId, u8)>,
}

/// Where a resolution is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Stage {
    /// The fire dice (9.16).
    Dice,
    /// 11.21 depletion rolls.
    Depletion,
    /// 17.72 leader rolls, losses applied.
    Leaders,
    /// 13.0 morale checks.
    Morale,
}

/// A chance decision pending in a resolution.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// The fire die of group `group` for unit `unit` (8.22) or the stack.
    Die {
        /// The group's place.
        group: u8,
        /// The unit the die is for.
        unit: UnitId,
    },
    /// 11.21: a depletion die for a small-arms unit that fired.
    Deplete(UnitId),
    /// 17.72: two dice for a leader stacked with a unit that suffered a casualty to `arm`.
    Leader(LeaderId, Arm),
    /// 13.0: a morale check (two dice on 13.15 first for a green unit, 13.14).
    Morale(UnitId, Check),
    /// 11.12, 11.34: artillery's result of this many points on a wagon: the die.
    Ammo(UnitId, u8),
    /// 15.2: a battery that lost guns to artillery: a 1 hits a caisson.
    Caisson(UnitId),
    /// 15.2: a caisson hit: the die is the rounds lost.
    CaissonRounds(UnitId),
}

/// What a resolution is for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Shot {
    /// A fire of a Fire Phase (9.0): the phase goes on after it.
    Phase,
    /// Withdrawal fire (10.1, 6.23, 6.24): a free shot, outside any Fire Phase (10.17).
    Withdrawal,
    /// Retreat fire (10.2): a free shot; a routed unit it hurts does not rout again (R11).
    Retreat,
    /// No fire at all: a displaced stack's morale check (14.3).
    Displaced,
}

/// One fire being resolved.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Resolution {
    /// What it is for.
    pub shot: Shot,
    /// The units it may hit, top first: every enemy unit in the hex, or those a free shot is
    /// aimed at (10.14, 10.2, 6.23).
    pub hit: Vec<UnitId>,
    /// The enemy units that caused it (10.2: they fire no retreat fire at the retreat).
    pub cause: Vec<UnitId>,
    /// Units it routed (or routed again, 13.33), to retreat when it is done (13.31).
    pub routed: Vec<UnitId>,
    /// The Fire Phase's record.
    pub rec: Record,
    /// The target hex.
    pub target: Hex,
    /// The firing side.
    pub side: Side,
    /// The small-arms and artillery groups.
    pub groups: Vec<Group>,
    /// 8.23, 8.33-8.34, R19: the hex's density points before any loss.
    pub density: u32,
    /// Where it is.
    pub stage: Stage,
    /// Pending chance decisions, next first.
    pub steps: Vec<Step>,
    /// Units enfiladed by this fire (7.23, 6.35; R7 for their morale).
    pub enfiladed: Vec<UnitId>,
    /// Arms whose fire caused a casualty (17.72).
    pub casualties: Vec<Arm>,
    /// Units that have made or have pending a morale check.
    pub checked: Vec<UnitId>,
    /// The first unit the fire hit (13.42's top unit).
    pub top: Option<UnitId>,
}

/// 8.33-8.34: density points of the units in `h`: current strength, a battery 1, a wagon 4.
#[must_use]
pub fn density_points(g: &Gbacw, h: Hex) -> u32 {
    g.units_here(h)
        .map(|u| match g.info(u).kind {
            crate::oob::Kind::Wagon { .. } => 4,
            crate::oob::Kind::Battery { .. }
            | crate::oob::Kind::Gunboat { .. }
            | crate::oob::Kind::HeavyGuns { .. } => 1,
            _ => u32::from(g.strength(u)),
        })
        .sum()
}

/// 8.21, 11.12: the unit a fire at the stack hits first: the top infantry or cavalry unit, or
/// with none the top battery or wagon.
#[must_use]
pub fn first_hit(g: &Gbacw, side: Side, h: Hex) -> Option<UnitId> {
    first_of(g, &targets_in(g, side, h))
}

/// 8.21: the first of `units` (top first) a fire hits.
fn first_of(g: &Gbacw, units: &[UnitId]) -> Option<UnitId> {
    units.iter().copied().find(|&u| is_foot_or_horse(g, u)).or_else(|| units.first().copied())
}

/// 9.14-9.15: the row a fire of `arm` at unit `u` reads.
#[must_use]
pub fn row(g: &Gbacw, arm: Arm, u: UnitId) -> FireRow {
    if arm == Arm::Artillery && is_foot_or_horse(g, u) {
        FireRow::Grapeshot
    } else {
        FireRow::SmallArmsAndCounterBattery
    }
}

/// 7.23, 6.35, R6: whether `share` enfilades unit `u` at `target` (a routed unit always is;
/// mounted cavalry, Column and limbered always are: one shift, however many reasons).
#[must_use]
pub fn enfilades(g: &Gbacw, s: &Share, u: UnitId, target: Hex) -> bool {
    g.unit(u).routed || facing::enfiladed(super::facing_kind(g, u), g.unit(u).facing, target, s.from)
}

/// 9.52, 9.56: columns left for a hexside the share's line enters `target` by: its chart
/// shift; a crest's only when the firer stands lower. At a vertex, the better of the two.
#[must_use]
pub fn hexside_shift(g: &Gbacw, s: &Share, target: Hex) -> i32 {
    let sides = match hexmap::exit(target, s.from) {
        None => return 0,
        Some(Crossing::Side(d)) => vec![d],
        Some(Crossing::Vertex(a, b)) => vec![a, b],
    };
    let lower = g.map().height_ft(s.from).unwrap_or(0) < g.map().height_ft(target).unwrap_or(0);
    sides
        .into_iter()
        .filter_map(|d| g.map().hexside(target, target.neighbour(d)))
        .filter(|&k| k != crate::terrain::HexsideKind::Crest || lower)
        .map(|k| i32::from(g.charts().hexside_fire_shift(k)))
        .max()
        .unwrap_or(0)
}

/// 9.5-9.53, 9.61, 7.23, 8.35, 9.51 (R5): the shifts of a group's fire at unit `u` in `target`:
/// the hex's terrain, the best hexside any share comes through, one right if any share
/// enfilades, density from the whole stack.
#[must_use]
pub fn shifts(g: &Gbacw, shares: &[Share], u: UnitId, target: Hex, density: u32) -> Vec<i32> {
    let terrain = g.map().terrain(target).map_or(0, |t| i32::from(g.charts().fire_shift(t)));
    let side = shares.iter().map(|s| hexside_shift(g, s, target)).max().unwrap_or(0);
    let enf = i32::from(shares.iter().any(|s| enfilades(g, s, u, target)));
    vec![-terrain, -side, enf, charts::density_shift(density)]
}

/// 9.16: the column a group fires on at unit `u`.
#[must_use]
pub fn group_column(g: &Gbacw, grp: &Group, u: UnitId, target: Hex, density: u32) -> usize {
    let total = strength::total_points(grp.shares.iter().map(|s| s.halves));
    strength::column(row(g, grp.arm, u), total, shifts(g, &grp.shares, u, target, density))
}

/// Starts resolving a declared fire of `side`: the groups, 11.31 rounds, 9.44 marks, and the
/// dice. `hit` names the units a free shot is aimed at (empty: every enemy unit in the hex).
pub(crate) fn start(g: &mut Gbacw, d: Declaration, side: Side, shot: Shot, hit: Vec<UnitId>) {
    let Declaration { mut rec, target, shares } = d;
    let mut groups = Vec::new();
    for arm in [Arm::SmallArms, Arm::Artillery] {
        let sh: Vec<Share> = shares.iter().copied().filter(|s| s.arm == arm).collect();
        if sh.is_empty() {
            continue;
        }
        let long = arm == Arm::Artillery && sh.iter().all(|s| s.range >= LONG_RANGE);
        groups.push(Group { arm, shares: sh, long, dice: Vec::new() });
    }
    for s in &shares {
        // 12.22, 12.26: what each unit fired at offensively, for the Melee Phase (a free shot
        // is no Fire Phase's fire, 10.17).
        let offensive = g.phase == crate::state::Phase::OffensiveFire && shot == Shot::Phase;
        if offensive && !g.fired_at.contains(&(s.unit, target)) {
            g.fired_at.push((s.unit, target));
        }
        if super::has_rounds(g, s.unit) && !rec.paid.contains(&s.unit) {
            rec.paid.push(s.unit);
            let st = g.unit_mut(s.unit);
            st.rounds = st.rounds.saturating_sub(1);
        }
        // 11.33: a battery that fires may not share rounds until a Game-Turn has passed.
        if super::has_rounds(g, s.unit) && !g.fired_guns.contains(&s.unit) {
            g.fired_guns.push(s.unit);
        }
    }
    let units = if hit.is_empty() { targets_in(g, side, target) } else { hit };
    for grp in &groups {
        for &u in &units {
            if !rec.fired_on(u, grp.arm) {
                rec.fired_on.push((u, grp.arm));
            }
        }
    }
    let top = first_of(g, &units);
    let mut steps = Vec::new();
    for (i, grp) in groups.iter().enumerate() {
        let i = u8::try_from(i).expect("two groups");
        if grp.long {
            steps.extend(units.iter().map(|&unit| Step::Die { group: i, unit }));
        } else if let Some(unit) = top {
            steps.push(Step::Die { group: i, unit });
        }
    }
    let enfiladed =
        units.iter().copied().filter(|&u| shares.iter().any(|s| enfilades(g, s, u, target))).collect::<Vec<_>>();
    let density = density_points(g, target);
    let cause = shares.iter().map(|s| s.unit).collect();
    let r = Resolution {
        shot,
        hit: units,
        cause,
        routed: Vec::new(),
        rec,
        target,
        side,
        groups,
        density,
        stage: Stage::Dice,
        steps,
        enfiladed,
        casualties: Vec::new(),
        checked: Vec::new(),
        top,
    };
    r.advance(g);
}

/// One die's outcomes.
pub(crate) fn d6() -> Vec<(Action, f64)> {
    (1..=6).map(|d| (Action::Roll(d), 1.0 / 6.0)).collect()
}

/// Two dice summed.
pub(crate) fn two_d6() -> Vec<(Action, f64)> {
    engine::chance::two_d6_sum().into_iter().map(|(s, p)| (Action::Roll2(s), p)).collect()
}

impl Resolution {
    /// The pending step's outcomes.
    pub(crate) fn chance(&self, g: &Gbacw) -> Vec<(Action, f64)> {
        match self.steps.first() {
            Some(Step::Leader(..)) => two_d6(),
            Some(Step::Morale(u, _)) if g.unit(*u).morale.is_none() => two_d6(),
            Some(_) => d6(),
            None => Vec::new(),
        }
    }

    /// The pending step's rule and text.
    pub(crate) fn prompt(&self, g: &Gbacw) -> (&'static str, String) {
        match self.steps.first() {
            Some(Step::Die { unit, .. }) => ("GBACW 9.16", format!("the fire die at {}", g.info(*unit).name)),
            Some(Step::Deplete(u)) => ("GBACW 11.21", format!("{}'s ammunition depletion roll", g.info(*u).name)),
            Some(Step::Ammo(u, _)) => ("GBACW 11.34", format!("{}'s ammunition loss roll", g.info(*u).name)),
            Some(Step::Caisson(u)) => ("GBACW 15.2", format!("whether {}'s caissons are hit", g.info(*u).name)),
            Some(Step::CaissonRounds(u)) => ("GBACW 15.2", format!("the rounds {} loses", g.info(*u).name)),
            Some(Step::Leader(l, _)) => ("GBACW 17.72", format!("{}'s casualty roll", g.leader_info(*l).1)),
            Some(Step::Morale(u, _)) if g.unit(*u).morale.is_none() => {
                ("GBACW 13.14", format!("{} sees the elephant", g.info(*u).name))
            }
            Some(Step::Morale(u, _)) => ("GBACW 13.0", format!("{}'s morale check", g.info(*u).name)),
            None => ("GBACW 9.0", "the fire is resolved".into()),
        }
    }

    /// Applies a chance outcome to the pending step.
    pub(crate) fn apply(mut self, g: &mut Gbacw, a: &Action) {
        let step = self.steps.remove(0);
        match (step, *a) {
            (Step::Die { group, unit }, Action::Roll(die)) => {
                let grp = &mut self.groups[usize::from(group)];
                grp.dice.push((unit, die));
                let (target, density) = (self.target, self.density);
                let grp = &self.groups[usize::from(group)];
                let col = group_column(g, grp, unit, target, density);
                let res = charts::fire_result(col, die);
                let name = g.info(unit).name.clone();
                g.log.push("GBACW 9.16", || format!("Fire at {name}: column {}, die {die}: {res}.", col + 1));
            }
            (Step::Deplete(u), Action::Roll(die)) => {
                if charts::ammo_depleted(die) {
                    g.unit_mut(u).depleted = true;
                    // 8.41: a top unit out of ammunition: the stack may be reordered.
                    if let Some(h) = g.hex_of(u)
                        && g.units_at(h).first() == Some(&u)
                        && !self.rec.reorder.contains(&h)
                    {
                        self.rec.reorder.push(h);
                    }
                    let name = g.info(u).name.clone();
                    g.log.push("GBACW 11.21", || format!("{name} rolls {die}: out of ammunition."));
                }
            }
            (Step::Leader(l, arm), Action::Roll2(roll)) => leader_roll(g, l, arm, roll),
            (Step::Ammo(u, points), Action::Roll(die)) => super::wagon::ammunition_hit(g, u, points, die),
            (Step::Caisson(u), Action::Roll(die)) => {
                if die == CAISSON_HIT {
                    self.steps.insert(0, Step::CaissonRounds(u));
                }
            }
            (Step::CaissonRounds(u), Action::Roll(die)) => {
                let st = g.unit_mut(u);
                st.rounds = st.rounds.saturating_sub(die);
                let name = g.info(u).name.clone();
                g.log.push("GBACW 15.2", || format!("A caisson of {name} explodes: {die} round(s) lost."));
            }
            (Step::Morale(u, check), Action::Roll2(roll)) if g.unit(u).morale.is_none() => {
                let m = charts::seeing_the_elephant(roll);
                g.unit_mut(u).morale = Some(m);
                let name = g.info(u).name.clone();
                g.log.push("GBACW 13.14", || format!("{name} sees the elephant: dice {roll}, morale {m} (13.15)."));
                self.steps.insert(0, Step::Morale(u, check));
            }
            (Step::Morale(u, check), Action::Roll(die)) => morale::check(g, &mut self, u, check, die),
            (s, a) => unreachable!("{s:?} {a:?}"),
        }
        self.advance(g);
    }

    /// Moves on to the next chance decision, or finishes the fire.
    fn advance(mut self, g: &mut Gbacw) {
        loop {
            if !self.steps.is_empty() {
                g.stack.push(Frame::Fire(FireFrame::Resolve(Box::new(self))));
                return;
            }
            match self.stage {
                Stage::Dice => {
                    self.stage = Stage::Depletion;
                    // 11.21: a die of 1 on a small-arms fire: each unit that fired rolls.
                    for grp in &self.groups {
                        if grp.arm == Arm::SmallArms && grp.dice.iter().any(|&(_, d)| charts::fire_ammo_check(d)) {
                            self.steps.extend(grp.shares.iter().map(|s| Step::Deplete(s.unit)));
                        }
                    }
                }
                Stage::Depletion => {
                    self.stage = Stage::Leaders;
                    let checks = self.apply_losses(g);
                    // 17.72: each leader with a unit that suffered a casualty, before morale.
                    let owner = self.side.enemy();
                    for l in crate::leaders::leaders_at(g, self.target, owner) {
                        self.steps.extend(self.casualties.iter().map(|&arm| Step::Leader(l, arm)));
                    }
                    self.stage = Stage::Morale;
                    // Morale waits behind the leader rolls.
                    for (u, c) in checks {
                        self.checked.push(u);
                        self.steps.push(Step::Morale(u, c));
                    }
                }
                Stage::Leaders | Stage::Morale => {
                    let target = self.target;
                    // 6.11: a unit in Column fired upon goes into Line once the fire is
                    // resolved, keeping its facing (R39).
                    for &u in &self.hit {
                        if g.unit(u).formation == crate::state::Formation::Column && g.hex_of(u).is_some() {
                            g.unit_mut(u).formation = crate::state::Formation::Line;
                            let name = g.info(u).name.clone();
                            g.log.push("GBACW 6.11", || format!("{name}, fired upon in Column, goes into Line."));
                        }
                    }
                    if self.shot != Shot::Displaced {
                        g.log.push("GBACW 9.0", || format!("The fire at {target} is resolved."));
                    }
                    if self.shot == Shot::Phase {
                        g.stack.push(Frame::Fire(FireFrame::Phase(self.rec)));
                    }
                    strand(g, target, self.side.enemy());
                    // 13.31, 13.33: the units it routed retreat, the first listed first.
                    crate::retreat::rout(g, &self.routed, &self.cause);
                    return;
                }
            }
        }
    }

    /// 9.42: every group's result applied at once, after all dice; the morale checks they call
    /// for, top unit first (13.41-13.42, 13.44, 9.81, 9.83, 9.87, 9.88).
    fn apply_losses(&mut self, g: &mut Gbacw) -> Vec<(UnitId, Check)> {
        let target = self.target;
        let units: Vec<UnitId> = self.hit.iter().copied().filter(|&u| g.hex_of(u) == Some(target)).collect();
        // Per unit: points lost, a "*", and the P/R results.
        let mut lost: Vec<(UnitId, u8, bool)> = Vec::new();
        let mut marks: Vec<(UnitId, Check)> = Vec::new();
        for grp in &self.groups {
            for &(unit, die) in &grp.dice {
                let res = charts::fire_result(group_column(g, grp, unit, self.target, self.density), die);
                match res {
                    FireResult::NoEffect => {}
                    FireResult::Pin => marks.push((unit, Check::Pin)),
                    FireResult::Rout => marks.push((unit, Check::Rout)),
                    FireResult::PinOrRout => marks.push((unit, Check::PinOrRout)),
                    FireResult::Loss { points, .. } if super::wagon::is_wagon(g, unit) => {
                        // 11.12: small arms kill the crew; artillery rolls on 11.34.
                        if grp.arm == Arm::Artillery {
                            self.steps.push(Step::Ammo(unit, points));
                        } else if super::wagon::crew_killed(g, unit) && !self.casualties.contains(&grp.arm) {
                            self.casualties.push(grp.arm);
                        }
                    }
                    FireResult::Loss { points, then_pin } => {
                        let took = if grp.long || !is_foot_or_horse(g, unit) {
                            vec![(unit, points)]
                        } else {
                            overflow(g, &units, points)
                        };
                        for (u, p) in took {
                            if p > 0 && lose(g, u, p, grp.arm) {
                                // 15.2: guns lost to artillery: the caissons may go up.
                                if grp.arm == Arm::Artillery && is_battery(g, u) && g.hex_of(u).is_some() {
                                    self.steps.push(Step::Caisson(u));
                                }
                                if !self.casualties.contains(&grp.arm) {
                                    self.casualties.push(grp.arm);
                                }
                                match lost.iter_mut().find(|(v, ..)| *v == u) {
                                    Some(e) => {
                                        e.1 += p;
                                        e.2 |= then_pin;
                                    }
                                    None => lost.push((u, p, then_pin)),
                                }
                            }
                        }
                    }
                }
            }
        }
        let mut checks = Vec::new();
        let mut rerouted = false;
        for &u in &units {
            if g.hex_of(u).is_none() || super::wagon::crew_dead(g, u) {
                continue;
            }
            let hurt = lost.iter().find(|(v, ..)| *v == u).map(|&(_, _, then_pin)| then_pin);
            if hurt.is_some() && g.unit(u).routed {
                if self.shot == Shot::Retreat {
                    // 10.2, R11: hurt by retreat fire, it does not rout again.
                    continue;
                }
                // 13.33: routed and hurt again: routs again, no die; nothing further (9.88).
                rerouted = true;
                if !self.routed.contains(&u) {
                    self.routed.push(u);
                }
                let name = g.info(u).name.clone();
                g.log.push("GBACW 13.33", || format!("{name}, routed, suffers casualties: it routs again."));
                continue;
            }
            if let Some(then_pin) = hurt {
                checks.push((u, Check::Casualty { then_pin }));
            }
            checks.extend(marks.iter().filter(|(v, _)| *v == u).copied());
        }
        // 13.42, 8.22: a unit routed, the others of the hex check.
        if rerouted {
            for &u in &units {
                let hurt_routed = g.unit(u).routed && lost.iter().any(|(v, ..)| *v == u);
                if stands(g, u) && !hurt_routed && !checks.iter().any(|(v, _)| *v == u) {
                    checks.push((u, Check::Rout));
                }
            }
        }
        // 13.42: the top unit eliminated, the one beneath checks as if on top.
        if let Some(top) = self.top
            && !stands(g, top)
            && let Some(next) = units.iter().copied().find(|&u| stands(g, u))
            && !checks.iter().any(|(v, _)| *v == next)
        {
            checks.push((next, Check::Rout));
        }
        // 13.44: casualties to long-range artillery: every unit in the hex checks.
        let long_hurt = self.groups.iter().any(|grp| grp.long) && self.casualties.contains(&Arm::Artillery);
        if long_hurt {
            for &u in &units {
                if stands(g, u) && !checks.iter().any(|(v, _)| *v == u) {
                    checks.push((u, Check::Rout));
                }
            }
        }
        checks
    }
}

/// 17.53: leaders of `owner` left alone in `h` go to the nearest unit of their command (the
/// owner choosing among several), or are captured if the hex is surrounded.
pub(crate) fn strand(g: &mut Gbacw, h: Hex, owner: Side) {
    let alone = !g.units_here(h).any(|u| g.side_of(u) == owner);
    if alone && super::after::surrounded(g, h, owner) {
        for leader in crate::leaders::leaders_at(g, h, owner) {
            g.leaders[usize::from(leader)].loc = Loc::Gone(Fate::Captured);
            let name = g.leader_info(leader).1;
            g.log.push("GBACW 17.53", || format!("{name}, alone and surrounded in {h}, is captured."));
        }
        return;
    }
    for (leader, hexes) in super::after::stranded(g, h, owner) {
        if let [only] = hexes[..] {
            super::after::place(g, leader, only);
        } else {
            g.stack.push(Frame::Fire(FireFrame::Place { leader, hexes }));
        }
    }
}

/// 14.3: the morale check of a displaced stack (and of 12.83's retreat before melee, 12.92's and
/// 12.95's melee results) of `owner` in `h` (its top unit; the rest if
/// it routs, 13.42), resolved as a fire's morale is; `cause` the enemy units behind the retreat.
pub(crate) fn displaced_check(g: &mut Gbacw, h: Hex, owner: Side, units: Vec<UnitId>, cause: Vec<UnitId>) {
    let Some(&top) = units.first() else { return };
    check_stack(g, h, owner, units, cause, vec![top]);
}

/// 13.41 after a melee: every unit of the stack meleed checks, each separately (13.42's top
/// unit first is for combat that reaches only the top unit, "as in fire"; the third audit:
/// the units beneath a meleed top unit went unchecked unless it routed).
pub(crate) fn meleed_check(g: &mut Gbacw, h: Hex, owner: Side, units: Vec<UnitId>, cause: Vec<UnitId>) {
    if units.is_empty() {
        return;
    }
    let each = units.clone();
    check_stack(g, h, owner, units, cause, each);
}

/// Morale checks for `first` of the stack `units` in `h` (13.4), and for the rest as 13.42
/// then calls for.
fn check_stack(g: &mut Gbacw, h: Hex, owner: Side, units: Vec<UnitId>, cause: Vec<UnitId>, first: Vec<UnitId>) {
    let top = units[0];
    let r = Resolution {
        shot: Shot::Displaced,
        hit: units,
        cause,
        routed: Vec::new(),
        rec: Record::default(),
        target: h,
        side: owner.enemy(),
        groups: Vec::new(),
        density: 0,
        stage: Stage::Morale,
        steps: first.iter().map(|&u| Step::Morale(u, Check::Rout)).collect(),
        enfiladed: Vec::new(),
        casualties: Vec::new(),
        checked: first,
        top: Some(top),
    };
    r.advance(g);
}

/// Whether a unit is still there to check its morale: on the map, and not a wagon whose crew
/// was killed.
#[must_use]
pub fn stands(g: &Gbacw, u: UnitId) -> bool {
    g.hex_of(u).is_some() && !super::wagon::crew_dead(g, u)
}

/// 8.21: `points` from the infantry and cavalry of the stack, top first, each overflowing to
/// the next.
fn overflow(g: &Gbacw, units: &[UnitId], mut points: u8) -> Vec<(UnitId, u8)> {
    let mut out = Vec::new();
    for &u in units.iter().filter(|&&u| is_foot_or_horse(g, u)) {
        if points == 0 {
            break;
        }
        let p = points.min(g.strength(u));
        out.push((u, p));
        points -= p;
    }
    out
}

/// 9.81-9.82, 15.11-15.12: unit `u` loses `points` to fire of `arm`; whether anything was
/// lost. Infantry and cavalry lose Strength Points; a battery loses guns to artillery and crew
/// steps to small arms (two steps and it is gone, 15.12). A unit with nothing left is
/// eliminated.
fn lose(g: &mut Gbacw, u: UnitId, points: u8, arm: Arm) -> bool {
    let name = g.info(u).name.clone();
    if super::is_crewed_guns(g, u) && arm == Arm::SmallArms {
        let before = g.unit(u).crew_lost;
        let after = (before + points).min(2);
        g.unit_mut(u).crew_lost = after;
        g.log.push("GBACW 9.82", || format!("{name}'s crew loses {} step(s).", after - before));
        if after >= 2 {
            g.unit_mut(u).loc = Loc::Gone(Fate::Eliminated);
            g.log.push("GBACW 15.12", || format!("{name}'s crew is gone: its guns are eliminated."));
        }
        return after > before;
    }
    let p = points.min(g.strength(u));
    g.unit_mut(u).lost += p;
    let what = if super::has_rounds(g, u) { "gun(s)" } else { "Strength Point(s)" };
    g.log.push("GBACW 9.81", || format!("{name} loses {p} {what}."));
    if g.strength(u) == 0 || fire_strength(g, u) == 0 {
        g.unit_mut(u).loc = Loc::Gone(Fate::Eliminated);
        g.log.push("GBACW 9.81", || format!("{name} is eliminated."));
    }
    p > 0
}

/// 17.76: a leader's two dice on the column of the fire that caused the casualty.
fn leader_roll(g: &mut Gbacw, l: LeaderId, arm: Arm, roll: u8) {
    let risk = if arm == Arm::SmallArms { LeaderRisk::SmallArms } else { LeaderRisk::Artillery };
    leader_casualty(g, l, risk, roll);
}

/// 17.76, 17.73: leader `l`'s two dice summing to `roll` on column `risk` (fire or melee),
/// R18's option applied.
pub(crate) fn leader_casualty(g: &mut Gbacw, l: LeaderId, risk: LeaderRisk, roll: u8) {
    if g.leader_hex(l).is_none() {
        return;
    }
    let fate = charts::leader_casualty(risk, roll)
        .filter(|&f| !(g.opt.no_fire_capture && risk == LeaderRisk::SmallArms && f == LeaderFate::Captured));
    let name = g.leader_info(l).1;
    let Some(fate) = fate else {
        g.log.push("GBACW 17.76", || format!("{name} rolls {roll}: unhurt."));
        return;
    };
    let gone = match fate {
        LeaderFate::Wounded => Fate::Wounded,
        LeaderFate::Killed => Fate::Killed,
        LeaderFate::Captured => Fate::Captured,
    };
    g.leaders[usize::from(l)].loc = Loc::Gone(gone);
    g.log.push("GBACW 17.73", || format!("{name} rolls {roll}: {fate:?}."));
}

//! 5.0 Ranged Combat: volley fire (5.1), opportunity fire (5.2), defensive fire (5.3,
//! started by the melee procedure), and 7.0 Combat Results: the order hits are applied
//! in (7.0), broken and reduced units (7.1) and casualty checks (7.2).

use crate::action::Action;
use crate::charts::{self, Effect};
use crate::counters::{Kind, Rank, UnitId};
use crate::los::los;
use crate::map::Region;
use crate::procedure::{Frame, VolleyDie};
use crate::sequence::{activated, activated_units};
use crate::state::{Belmont, Fate, Loc};
use engine::Side;
use hexmap::Hex;

/// Units in `hex` that may fire a volley now (5.1), in id order.
pub(crate) fn volley_firers(g: &Belmont, hex: Hex) -> Vec<UnitId> {
    let act = g.act.as_ref().expect("activation");
    if act.fired_from.contains(&hex) {
        return vec![];
    }
    g.at(hex)
        .into_iter()
        .filter(|&u| {
            activated(g, u)
                && match g.counter(u).kind {
                    Kind::Infantry => !g.unit(u).flipped,
                    Kind::FieldArtillery | Kind::IronBanks | Kind::Gunboat => true,
                    _ => false,
                }
                // 13.2.1: demoralized Confederates in Missouri may not volley.
                && !(act.demoralized && g.map().get(hex).is_some_and(|i| i.region == Region::Missouri))
                // 12.1: a long-range battery's shot outside LOS was its volley.
                && !act.banks_fired.contains(&u)
        })
        .collect()
}

/// 5.1: the firers a volley's bitmask picks among `firers` (a bit per unit, in order; at
/// most eight).
pub(crate) fn picked(firers: &[UnitId], mask: u8) -> Vec<UnitId> {
    firers.iter().enumerate().filter(|(i, _)| *i < 8 && mask & (1 << i) != 0).map(|(_, &u)| u).collect()
}

/// The range of a firer (Volley Fire Chart).
pub(crate) fn range_of(g: &Belmont, u: UnitId) -> u16 {
    let c = g.counter(u);
    match c.kind {
        Kind::Infantry => charts::INFANTRY_RANGE,
        Kind::FieldArtillery => charts::FIELD_ARTILLERY_RANGE,
        Kind::Gunboat => charts::GUNBOAT_RANGE,
        Kind::IronBanks if c.long_range => charts::LONG_RANGE,
        Kind::IronBanks => charts::IRON_BANKS_RANGE,
        _ => 0,
    }
}

/// Whether `u` may fire at `target` from `from` (5.1, 11.4, 12.0, Terrain Effects Chart).
fn may_target(g: &Belmont, u: UnitId, from: Hex, target: Hex) -> bool {
    let side = g.owner(u);
    let Some(info) = g.map().get(target) else {
        return false;
    };
    let d = from.distance(target);
    if d == 0 || d > range_of(g, u) || !los(g, from, target) {
        return false;
    }
    let enemy_ground = g.side_at(target, side.enemy());
    let enemy_vessels: Vec<UnitId> =
        g.at(target).into_iter().filter(|&v| g.is_vessel(v) && g.owner(v) != side).collect();
    let kind = g.counter(u).kind;
    // Only gunboats may fire on the Iron Banks entrenchments, only batteries and gunboats
    // on a river hex.
    if !charts::may_target(info.terrain, kind) {
        return false;
    }
    match kind {
        // Infantry and field artillery may not target a gunboat.
        Kind::Infantry | Kind::FieldArtillery => !enemy_ground.is_empty(),
        Kind::Gunboat => !enemy_ground.is_empty() || !enemy_vessels.is_empty(),
        Kind::IronBanks => {
            let gunboat = enemy_vessels.iter().any(|&v| g.counter(v).kind == Kind::Gunboat);
            // 5.1 / 13.2.2: until the camp falls, only Union gunboats.
            gunboat || (crate::camp::banks_unleashed(g) && info.region == Region::Missouri && !enemy_ground.is_empty())
        }
        _ => false,
    }
}

/// Why no unit in `from` may volley at `target` (5.1), in the order a player checks: nobody
/// there may fire this activation, no enemy there, out of every firer's range, no line of
/// sight, or a target the firers may not take (a river hex, a gunboat, the Iron Banks).
pub(crate) fn volley_refusal(g: &Belmont, from: Hex, target: Hex) -> String {
    let firers = volley_firers(g, from);
    let Some(&first) = firers.first() else {
        return format!("no unit in {from} may fire a volley in this activation");
    };
    let side = g.owner(first);
    if !g.ids().any(|u| g.owner(u) != side && g.hex_of(u) == Some(target)) {
        return format!("no enemy unit stands in {target}");
    }
    let d = from.distance(target);
    let reach = firers.iter().map(|&u| range_of(g, u)).max().unwrap_or(0);
    if d == 0 || d > reach {
        return format!("{target} is {d} hexes from {from}; the firers there reach {reach} (Volley Fire Chart)");
    }
    if !los(g, from, target) {
        return format!("there is no line of sight from {from} to {target} (5.3)");
    }
    format!("the units in {from} may not take {target} as a target (a river hex, a gunboat or the Iron Banks, 5.1)")
}

/// Why the volley the player named is not offered though each firer may take the target:
/// terrain takes every die, or it could change nothing (`volley_futile`).
pub(crate) fn volley_pointless(g: &Belmont, from: Hex, target: Hex, mask: u8) -> Option<String> {
    if all_dice_lost(g, from, target, mask) {
        let lost = terrain_dice(g, from, target);
        return Some(format!("terrain takes {lost} dice from a volley at {target}: these firers would roll none"));
    }
    let every_firer_may = picked(&volley_firers(g, from), mask).into_iter().all(|u| may_target(g, u, from, target));
    (every_firer_may && volley_futile(g, from, target, mask)).then(|| {
        format!(
            "infantry at {} hexes can only force a retreat (Volley Fire Chart), and nothing in {target} retreats (8.0) or takes a leader's casualty check: the volley could change nothing",
            from.distance(target)
        )
    })
}

/// 5.1: every legal volley (firing hex, target, subset of firers).
pub(crate) fn volley_legal(g: &Belmont) -> Vec<Action> {
    let act = g.act.as_ref().expect("activation");
    let mut hexes: Vec<Hex> = activated_units(g).into_iter().filter_map(|u| g.hex_of(u)).collect();
    hexes.sort();
    hexes.dedup();
    let mut out = Vec::new();
    for from in hexes {
        if act.fired_from.contains(&from) {
            continue;
        }
        let firers = volley_firers(g, from);
        if firers.is_empty() {
            continue;
        }
        let reach = firers.iter().map(|&u| range_of(g, u)).max().unwrap_or(0);
        let side = g.owner(firers[0]);
        let mut targets: Vec<Hex> = g
            .ids()
            .filter(|&u| g.owner(u) != side)
            .filter_map(|u| g.hex_of(u))
            .filter(|h| h.distance(from) <= reach)
            .collect();
        targets.sort();
        targets.dedup();
        for target in targets {
            let able: Vec<bool> = firers.iter().map(|&u| may_target(g, u, from, target)).collect();
            // Found once a target, not once a subset of firers.
            let untouchable = infantry_cannot_touch(g, from, target, side);
            let n = firers.len().min(8);
            for mask in 1u16..(1 << n) {
                if (0..n).all(|i| mask & (1 << i) == 0 || able[i])
                    && volley_dice(g, from, target, mask as u8) > 0
                    && !(untouchable && only_infantry(g, &firers, mask as u8))
                {
                    out.push(Action::Volley { from, target, firers: mask as u8 });
                }
            }
        }
    }
    out
}

/// 5.1: the dice a volley from `from` at `target` by the firers in `mask` rolls: their SP
/// less the dice terrain takes. A volley whose every die terrain takes is none: no fire, so
/// no leader's casualty check after it (7.2; the fourth playtest saw a 1-SP company "fire"
/// 0 dice into the woods and a leader checked).
pub(crate) fn volley_dice(g: &Belmont, from: Hex, target: Hex, mask: u8) -> u16 {
    let sp: u16 = picked(&volley_firers(g, from), mask).into_iter().map(|u| u16::from(g.sp(u))).sum();
    sp.saturating_sub(u16::from(terrain_dice(g, from, target)))
}

/// Whether a volley by the firers in `mask` can change nothing: infantry beyond one hex only
/// force retreats (Volley Fire Chart), artillery does not retreat (8.0), and with no leader
/// in the target there is no casualty check (5.1) either. Such a volley is not offered: it
/// would only spend the hex's fire (fifth playtest: infantry at range 2 on a battery).
pub(crate) fn volley_futile(g: &Belmont, from: Hex, target: Hex, mask: u8) -> bool {
    let firers = volley_firers(g, from);
    firers.first().is_some_and(|&f| infantry_cannot_touch(g, from, target, g.owner(f)))
        && only_infantry(g, &firers, mask)
}

/// Whether infantry of `side` firing from `from` could do nothing at `target` ([`volley_futile`]):
/// beyond one hex, with nothing there that retreats and no leader.
fn infantry_cannot_touch(g: &Belmont, from: Hex, target: Hex, side: Side) -> bool {
    let enemy = side.enemy();
    from.distance(target) > 1
        && crate::retreat::retreater_candidates(g, target, enemy, None).is_empty()
        && !g.side_at(target, enemy).into_iter().any(|u| g.is_leader(u))
}

/// Whether the firers in `mask` (of `firers`, in order) are infantry only.
fn only_infantry(g: &Belmont, firers: &[UnitId], mask: u8) -> bool {
    picked(firers, mask).into_iter().all(|u| g.counter(u).kind == Kind::Infantry)
}

/// Whether a volley by the firers in `mask` would be legal but for terrain taking every die.
fn all_dice_lost(g: &Belmont, from: Hex, target: Hex, mask: u8) -> bool {
    let chosen = picked(&volley_firers(g, from), mask);
    !chosen.is_empty()
        && chosen.iter().all(|&u| may_target(g, u, from, target))
        && volley_dice(g, from, target, mask) == 0
}

/// Dice lost to terrain (Terrain Effects Chart, Direct Fire Effects).
pub(crate) fn terrain_dice(g: &Belmont, from: Hex, target: Hex) -> u8 {
    let map = g.map();
    let (Some(f), Some(t)) = (map.get(from), map.get(target)) else {
        return 0;
    };
    let mut minus = charts::fire_dice_lost_into(t.terrain, f.terrain) + charts::fire_dice_lost_from(f.terrain);
    // From the bottom of a slope to its top: the target is a slope hex above the
    // firer (map convention: a height change without a slope hex has no effect).
    if t.slope && t.height > f.height {
        minus += charts::SLOPE_FIRE_DICE;
    }
    minus
}

/// 5.1: declares a volley and rolls its dice one at a time.
pub(crate) fn volley(g: &mut Belmont, from: Hex, target: Hex, mask: u8) {
    let firers = picked(&volley_firers(g, from), mask);
    let side = g.owner(firers[0]);
    g.act.as_mut().expect("activation").fired_from.push(from);
    let mut dice = Vec::new();
    for &u in &firers {
        let kind = match g.counter(u).kind {
            Kind::Infantry => VolleyDie::Infantry,
            Kind::FieldArtillery => VolleyDie::FieldArtillery,
            Kind::Gunboat => VolleyDie::Gunboat,
            _ => VolleyDie::Battery { unit: u, hit_on: g.counter(u).hit_on.unwrap_or(6) },
        };
        dice.extend(std::iter::repeat_n((u, kind), usize::from(g.sp(u))));
    }
    let minus = terrain_dice(g, from, target);
    let range = from.distance(target);
    let names: Vec<&str> = firers.iter().map(|&u| g.name(u)).collect();
    let n = dice.len().saturating_sub(usize::from(minus));
    g.log.push("Belmont 5.1", || {
        format!(
            "Volley from {from} at {target} (range {range}) by {}: {} ({minus} lost to terrain).",
            names.join(", "),
            crate::describe::dice_words(n)
        )
    });
    lose_terrain_dice(g, (side, target, range), dice, minus);
}

/// 5.1: terrain takes `lose` dice off the volley's total. Reading: the rule subtracts from
/// the hex's total SP without saying whose, so when the dice are of more than one kind
/// (infantry and artillery, or two batteries, each its own kind as each may fail on its
/// own, 12.2) the firer chooses
/// which are lost, one at a time; dice of one kind are simply dropped.
fn lose_terrain_dice(g: &mut Belmont, shot: (Side, Hex, u16), mut dice: Vec<(UnitId, VolleyDie)>, mut lose: u8) {
    let (side, target, range) = shot;
    while lose > 0 && !dice.is_empty() {
        if dice.iter().any(|&(_, d)| d != dice[0].1) {
            g.stack.push(Frame::TerrainDice { side, target, range, dice, lose });
            return;
        }
        dice.pop();
        lose -= 1;
    }
    let dice = dice.into_iter().map(|(_, d)| d).collect();
    g.stack.push(Frame::Volley { side, target, range, dice, entry: None, targets: None });
}

/// 5.1: one firer of each kind of die in the volley: whose die is lost to terrain next.
pub(crate) fn terrain_dice_legal(dice: &[(UnitId, VolleyDie)]) -> Vec<Action> {
    let mut kinds: Vec<VolleyDie> = Vec::new();
    let mut out = Vec::new();
    for &(u, d) in dice {
        if !kinds.contains(&d) {
            kinds.push(d);
            out.push(Action::LoseDie(u));
        }
    }
    out
}

/// 5.1: the firer has chosen whose die is lost.
pub(crate) fn terrain_dice_apply(
    g: &mut Belmont,
    shot: (Side, Hex, u16),
    mut dice: Vec<(UnitId, VolleyDie)>,
    lose: u8,
    a: &Action,
) {
    let Action::LoseDie(u) = *a else { unreachable!() };
    let i = dice.iter().rposition(|&(f, _)| f == u).expect("a die of that firer");
    dice.remove(i);
    let n = g.name(u);
    g.log.push("Belmont 5.1", || format!("A die of {n} is lost to terrain."));
    lose_terrain_dice(g, shot, dice, lose - 1);
}

/// One volley die (5.1, 5.3, 12.2): its effect is applied at once.
pub(crate) fn volley_die(g: &mut Belmont, f: Frame, a: &Action) {
    let Frame::Volley { side, target, range, mut dice, entry, targets } = f else { unreachable!() };
    let Action::Roll(roll) = *a else { unreachable!() };
    let die = dice.remove(0);
    let defensive = matches!(die, VolleyDie::DefInfantry | VolleyDie::DefArtillery);
    let effect = match die {
        VolleyDie::Infantry => charts::infantry_volley(range, roll),
        VolleyDie::FieldArtillery => charts::field_artillery_volley(range, roll),
        VolleyDie::Gunboat => charts::gunboat_volley(range, roll),
        VolleyDie::Battery { hit_on, .. } => {
            if roll >= hit_on {
                Effect::Hit
            } else {
                Effect::Miss
            }
        }
        VolleyDie::DefInfantry => charts::infantry_defensive(roll),
        VolleyDie::DefArtillery => charts::artillery_defensive(roll),
    };
    let rule = if defensive { "Belmont 5.3" } else { "Belmont 5.1" };
    g.log.push(rule, || format!("Rolled {roll}: {effect:?}."));
    let rest = true;
    // Keep rolling while anything remains to be hit.
    let alive = |g: &Belmont| match &targets {
        Some(t) => t.iter().any(|&u| g.hex_of(u) == Some(target)),
        None => {
            !g.side_at(target, side.enemy()).is_empty()
                || g.here(target).iter().any(|&v| g.is_vessel(v) && g.owner(v) != side)
        }
    };
    g.stack.push(Frame::Volley { side, target, range, dice, entry, targets: targets.clone() });
    if let VolleyDie::Battery { unit, .. } = die
        && roll == 1
        && g.counter(unit).catastrophic
    {
        catastrophic_failure(g, unit);
    }
    match effect {
        Effect::Miss => {}
        Effect::Hit => {
            let vessels: Vec<UnitId> =
                g.at(target).into_iter().filter(|&v| g.is_vessel(v) && g.owner(v) != side).collect();
            let ground = g.side_at(target, side.enemy());
            // 11.4: a hit on a hex of several Iron Banks batteries strikes one at random
            // (Reading: any of them, reduced or not; the owner does not choose, 7.0).
            let batteries: Vec<UnitId> =
                ground.iter().copied().filter(|&u| g.counter(u).kind == Kind::IronBanks).collect();
            // 5.1: until the camp falls the Iron Banks fire only at gunboats: a hit in a
            // dock hex never lands on the ground units sharing it.
            let gunboats_only = matches!(die, VolleyDie::Battery { .. }) && !crate::camp::banks_unleashed(g);
            if gunboats_only {
                let gunboats = vessels.into_iter().filter(|&v| g.counter(v).kind == Kind::Gunboat).collect();
                crate::naval::hit_vessels(g, gunboats, 1);
            } else if ground.iter().all(|&u| g.is_leader(u)) && !vessels.is_empty() {
                crate::naval::hit_vessels(g, vessels, 1);
            } else if batteries.len() > 1 && ground.iter().all(|&u| g.is_leader(u) || batteries.contains(&u)) {
                g.stack.push(Frame::PickStruck { among: batteries, hits: 1 });
            } else {
                push_hit(g, target, side.enemy(), defensive, targets.clone());
            }
        }
        Effect::Retreat => push_retreat_result(g, target, side.enemy(), entry, targets.clone()),
    }
    if rest && !alive(g) {
        // The target hex emptied (5.1: results are applied as they occur).
        if let Some(pos) = g.stack.iter().rposition(|f| matches!(f, Frame::Volley { .. }))
            && let Frame::Volley { dice, .. } = &mut g.stack[pos]
        {
            dice.clear();
        }
    }
}

/// After the last die (or once the target hex is empty): 5.1 casualty checks.
pub(crate) fn volley_finish(g: &mut Belmont, f: Frame) {
    let Frame::Volley { side, target, entry, .. } = f else { unreachable!() };
    if entry.is_none() && g.act.is_some() {
        push_volley_casualty_checks(g, target, side.enemy());
    }
}

/// 12.2: whether battery `u`'s next explosion reduces it (Point Coupee's first) rather than
/// destroying it.
fn failure_reduces(g: &Belmont, u: UnitId) -> bool {
    g.counter(u).sp_reverse > 0 && g.counter(u).id.to_lowercase().contains("coupee") && !g.unit(u).flipped
}

/// 12.2: Stewart explodes on a 1; Point Coupee is reduced the first time, destroyed
/// the second.
fn catastrophic_failure(g: &mut Belmont, u: UnitId) {
    let n = g.name(u);
    // The third playtest: the log says what the explosion did, not only that it happened.
    if failure_reduces(g, u) {
        g.log.push("Belmont 12.2", || format!("Catastrophic failure: {n} explodes and is reduced."));
        g.unit_mut(u).flipped = true;
    } else {
        g.log.push("Belmont 12.2", || format!("Catastrophic failure: {n} explodes and is destroyed."));
        g.set_loc(u, Loc::Gone(Fate::Eliminated));
        // A destroyed battery rolls none of its remaining dice. (Reading: a reduced Point
        // Coupee finishes the dice already declared.)
        if let Some(Frame::Volley { dice, .. }) = g.stack.last_mut() {
            dice.retain(|d| !matches!(d, VolleyDie::Battery { unit, .. } if *unit == u));
        }
    }
}

/// 5.1: leaders in the target hex undergo one casualty check per activation.
fn push_volley_casualty_checks(g: &mut Belmont, target: Hex, side: Side) {
    for l in g.leaders_at(target, side) {
        let act = g.act.as_mut().expect("activation");
        if !act.volley_checked.contains(&l) {
            act.volley_checked.push(l);
            g.stack.push(Frame::Casualty { leader: l });
        }
    }
}

/// 7.0: who may take the next hit in `hex`: unbroken infantry (and cavalry), then broken,
/// then artillery, then damaged artillery.
pub(crate) fn hit_candidates(g: &Belmont, hex: Hex, side: Side, among: Option<&[UnitId]>) -> Vec<UnitId> {
    let units: Vec<UnitId> =
        g.side_at(hex, side).into_iter().filter(|&u| !g.is_leader(u) && among.is_none_or(|a| a.contains(&u))).collect();
    let tier = |u: UnitId| match g.counter(u).kind {
        Kind::Infantry | Kind::Cavalry => usize::from(g.unit(u).flipped),
        _ => 2 + usize::from(g.unit(u).flipped),
    };
    let Some(best) = units.iter().map(|&u| tier(u)).min() else {
        return vec![];
    };
    units.into_iter().filter(|&u| tier(u) == best).collect()
}

/// Schedules one hit on `hex`: applied at once if only one unit qualifies, otherwise
/// the owner chooses (7.0).
pub(crate) fn push_hit(g: &mut Belmont, hex: Hex, side: Side, melee: bool, among: Option<Vec<UnitId>>) {
    let c = hit_candidates(g, hex, side, among.as_deref());
    match c.len() {
        0 => {}
        1 => apply_hit(g, c[0], melee),
        _ => g.stack.push(Frame::Hit { hex, side, melee, among }),
    }
}

pub(crate) fn hit_legal(g: &Belmont, f: &Frame) -> Vec<Action> {
    let Frame::Hit { hex, side, among, .. } = f else { unreachable!() };
    hit_candidates(g, *hex, *side, among.as_deref()).into_iter().map(Action::TakeHit).collect()
}

pub(crate) fn hit_apply(g: &mut Belmont, f: Frame, a: &Action) {
    let (Frame::Hit { melee, .. }, Action::TakeHit(u)) = (f, a) else { unreachable!() };
    apply_hit(g, *u, melee);
}

/// 7.1: flips a unit to its broken / reduced side, or removes it if already flipped.
/// 8.7: in a melee, damaged artillery left alone is captured instead.
pub(crate) fn apply_hit(g: &mut Belmont, u: UnitId, melee: bool) {
    let n = g.name(u);
    let hex = g.hex_of(u);
    if !g.unit(u).flipped {
        g.unit_mut(u).flipped = true;
        // 6.0: a company broken in its melee, by the defensive fire before it or in a
        // round, goes on attacking (melee hits are those two alone).
        if melee {
            g.unit_mut(u).broken_in_melee = true;
        }
        let what = if g.is_artillery(u) { "reduced" } else { "broken" };
        g.log.push("Belmont 7.1", || format!("{n} is {what}."));
        return;
    }
    if melee && g.is_artillery(u) {
        let alone = hex.is_some_and(|h| g.side_at(h, g.owner(u)).iter().all(|&o| o == u || g.is_leader(o)));
        if alone {
            crate::retreat::capture_artillery(g, u);
            return;
        }
    }
    eliminate(g, u);
}

/// Removes a company, battery or vessel (7.1, 11.1) and scores it (14.1).
pub(crate) fn eliminate(g: &mut Belmont, u: UnitId) {
    let n = g.name(u);
    let enemy = g.counter(u).side.enemy();
    g.set_loc(u, Loc::Gone(Fate::Eliminated));
    if matches!(g.counter(u).kind, Kind::Infantry | Kind::Cavalry) {
        g.vp[enemy.index()] += charts::vp::COMPANY;
        g.log.push("Belmont 14.1", || format!("{n} is eliminated: 2 VP."));
    } else {
        g.log.push("Belmont 7.1", || format!("{n} is destroyed."));
    }
    if let Some(act) = g.act.as_mut()
        && act.moving == Some(u)
    {
        act.moving = None;
    }
}

/// 8.3 / 5.3: schedules a retreat result in `hex`.
fn push_retreat_result(g: &mut Belmont, hex: Hex, side: Side, entry: Option<Hex>, among: Option<Vec<UnitId>>) {
    let c = crate::retreat::retreater_candidates(g, hex, side, among.as_deref());
    match c.len() {
        0 => {}
        // Defensive fire (an entry hex) is part of the melee (6.1): one retreating group (8.5).
        1 => crate::retreat::start_retreat(g, c[0], entry, entry.is_some()),
        _ => g.stack.push(Frame::ChooseRetreater { hex, side, entry, among }),
    }
}

/// 5.2: opportunity-fire dice against a unit that entered `hex` (one per eligible unit).
pub(crate) fn opportunity_dice(g: &Belmont, mover: UnitId, hex: Hex, only_from: Option<Hex>) -> u8 {
    u8::try_from(opportunity_units(g, mover, hex, only_from).len()).unwrap_or(u8::MAX)
}

/// 5.2: the enemy units that would fire at `mover` entering `hex`, one die each (8.6: in a
/// breakout into an enemy hex, only that hex's companies), for the dice and for the prompt
/// that names them.
pub(crate) fn opportunity_units(g: &Belmont, mover: UnitId, hex: Hex, only_from: Option<Hex>) -> Vec<UnitId> {
    let enemy = g.owner(mover).enemy();
    match only_from {
        Some(o) => g.side_at(o, enemy).into_iter().filter(|&u| g.exerts_zoc(u) && !g.unit(u).shaken).collect(),
        None => opportunity_firers(g, mover, hex),
    }
}

/// 5.2: the enemy units that fire at `mover` entering `hex`, one die each: those exerting a
/// ZOC into it from a hex that is not a melee target, not shaken, and no gunboat that has
/// fired already this activation.
fn opportunity_firers(g: &Belmont, mover: UnitId, hex: Hex) -> Vec<UnitId> {
    let enemy = g.owner(mover).enemy();
    let marked: Vec<Hex> = g.markers.iter().filter(|m| !m.resolved).map(|m| m.target).collect();
    hex.neighbours()
        .into_iter()
        .filter(|adj| !marked.contains(adj))
        .flat_map(|adj| g.here(adj).iter().copied())
        .filter(|&u| g.owner(u) == enemy && g.exerts_zoc(u) && !g.unit(u).shaken && !gunboat_fired(g, u))
        .collect()
}

/// 12.2: what a volley by `firers` risks for the Iron Banks batteries among them, for a
/// page to say before it is fired (the ninth playtest: nothing marked the risk). Each die a
/// battery rolls fails on a 1: the chance is of at least one 1 among its dice, an upper
/// bound when terrain takes some of them (5.1). `None` when no firer can fail so.
/// `blind`: the one die of a shot outside LOS (12.1).
pub(crate) fn catastrophe_warning(g: &Belmont, firers: &[UnitId], blind: bool) -> Option<String> {
    let risks: Vec<String> = firers
        .iter()
        .filter(|&&u| g.counter(u).catastrophic)
        .map(|&u| {
            let dice = if blind { 1 } else { i32::from(g.sp(u)).max(1) };
            let p = 1.0 - (5.0f64 / 6.0).powi(dice);
            let fate = if failure_reduces(g, u) { "is reduced" } else { "is destroyed" };
            if dice == 1 {
                format!("{} {fate} if its die rolls a 1: {:.0}%", g.name(u), p * 100.0)
            } else {
                format!("{} {fate} if one of its {dice} dice rolls a 1: up to {:.0}%", g.name(u), p * 100.0)
            }
        })
        .collect();
    (!risks.is_empty()).then(|| format!("catastrophic failure (Belmont 12.2): {}", risks.join("; ")))
}

/// 5.2 (and 7.2): what entering `hex` risks, for a page to say before the move is made
/// (issue 15: warn with odds on moves that draw opportunity fire): the dice the rules would
/// offer the enemy ([`opportunity_dice`], as [`after_entering`] counts them) and the chance
/// of at least one hit, or a leader's casualty check. `None` when no enemy may fire.
pub(crate) fn opportunity_warning(g: &Belmont, mover: UnitId, hex: Hex) -> Option<String> {
    if g.is_vessel(mover) {
        return None;
    }
    let dice = opportunity_dice(g, mover, hex, None);
    if dice == 0 {
        return None;
    }
    let firers = if dice == 1 { "1 enemy unit".to_string() } else { format!("{dice} enemy units") };
    if g.is_leader(mover) {
        return Some(format!(
            "opportunity fire (Belmont 5.2, 7.2): {firers} may fire on entering {hex}; a leader makes a casualty check"
        ));
    }
    let p = 1.0 - (1.0 - crate::charts::opportunity_hit_chance()).powi(i32::from(dice));
    Some(format!(
        "opportunity fire (Belmont 5.2): {firers} may fire on entering {hex}, a die each hitting on a 6: {:.0}% chance of at least one hit",
        p * 100.0
    ))
}

/// After a unit enters a hex: 5.2 opportunity fire, if any enemy may fire.
pub(crate) fn after_entering(g: &mut Belmont, mover: UnitId, hex: Hex, only_from: Option<Hex>) {
    if g.is_vessel(mover) || g.hex_of(mover) != Some(hex) {
        return;
    }
    let dice = opportunity_dice(g, mover, hex, only_from);
    if dice > 0 {
        g.stack.push(Frame::OppOffer { mover, hex, dice, only_from });
    }
}

/// 5.2: a gunboat that has used its one opportunity fire of the activation (see
/// `naval`'s Readings: gunboats are excepted from "no limit" as the Iron Banks are).
fn gunboat_fired(g: &Belmont, u: UnitId) -> bool {
    g.counter(u).kind == Kind::Gunboat && g.act.as_ref().is_some_and(|a| a.banks_fired.contains(&u))
}

pub(crate) fn opp_offer(g: &mut Belmont, mover: UnitId, hex: Hex, dice: u8, only: Option<Hex>, a: &Action) {
    if *a != Action::Fire(true) {
        return;
    }
    // 5.2: the gunboats among the firers have fired for this activation.
    if only.is_none() {
        let fired: Vec<UnitId> =
            opportunity_firers(g, mover, hex).into_iter().filter(|&u| g.counter(u).kind == Kind::Gunboat).collect();
        if let Some(act) = g.act.as_mut() {
            act.banks_fired.extend(fired);
        }
    }
    let n = g.name(mover);
    g.log.push("Belmont 5.2", || format!("Opportunity fire at {n} in {hex}: {}.", crate::describe::dice_words(dice)));
    if g.is_leader(mover) {
        // 7.2: a leader moving through a hex under opportunity fire: a casualty check.
        g.stack.push(Frame::Casualty { leader: mover });
    } else {
        g.stack.push(Frame::OppRoll { mover, dice });
    }
}

pub(crate) fn opp_roll(g: &mut Belmont, mover: UnitId, a: &Action) {
    let Action::Hits(k) = *a else { unreachable!() };
    let n = g.name(mover);
    g.log.push("Belmont 5.2", || match k {
        0 => format!("No sixes: no hits on {n}."),
        1 => format!("One six: one hit on {n}."),
        _ => format!("{k} sixes: {k} hits on {n}."),
    });
    if g.is_vessel(mover) {
        if k > 0 {
            g.stack.push(Frame::VesselHits { vessel: mover, hits: k });
        }
        return;
    }
    for _ in 0..k {
        if g.in_play(mover) {
            apply_hit(g, mover, false);
        }
    }
}

/// 7.2: a casualty check.
pub(crate) fn casualty(g: &mut Belmont, leader: UnitId, a: &Action) {
    let Action::Roll(r) = *a else { unreachable!() };
    if !g.in_play(leader) {
        return;
    }
    let n = g.name(leader);
    if !g.unit(leader).flipped {
        if r >= charts::WOUND_ON {
            g.unit_mut(leader).flipped = true;
            g.log.push("Belmont 7.2", || format!("Casualty check {r}: {n} is wounded."));
        } else {
            g.log.push("Belmont 7.2", || format!("Casualty check {r}: {n} is unhurt."));
        }
    } else if r >= charts::KILL_WOUNDED_ON {
        g.log.push("Belmont 7.2", || format!("Casualty check {r}: {n} is killed."));
        kill_leader(g, leader, Fate::Killed);
    } else {
        g.log.push("Belmont 7.2", || format!("Casualty check {r}: {n} survives."));
    }
}

/// 14.1: what a leader killed or captured is worth to the enemy, in quarter VP.
pub(crate) fn leader_vp(g: &Belmont, leader: UnitId) -> i32 {
    match g.counter(leader).rank {
        Some(Rank::Army) => charts::vp::ARMY_LEADER,
        Some(Rank::Brigade) => charts::vp::BRIGADE_LEADER,
        _ => charts::vp::REGIMENT_LEADER,
    }
}

/// A leader killed (7.2, 14.4) or captured (6.7, scored as killed): 14.1 VP.
pub(crate) fn kill_leader(g: &mut Belmont, leader: UnitId, fate: Fate) {
    let enemy = g.counter(leader).side.enemy();
    let vp = leader_vp(g, leader);
    g.vp[enemy.index()] += vp;
    g.set_loc(leader, Loc::Gone(fate));
    let n = g.name(leader);
    g.log.push("Belmont 14.1", || format!("{n} lost: {} VP.", vp / charts::VP_UNIT));
    // Passengers and leaders aboard are not affected; a killed leader's followers lose
    // the High Morale bonus (9.1, checked at rally).
}

/// 8.5, 11.1: a die that breaks a company.
pub(crate) fn break_roll(g: &mut Belmont, unit: UnitId, on: u8, a: &Action) {
    let Action::Roll(r) = *a else { unreachable!() };
    let n = g.name(unit);
    if r >= on && g.in_play(unit) && !g.unit(unit).flipped {
        g.unit_mut(unit).flipped = true;
        g.log.push("Belmont 8.5", || format!("Rolled {r}: {n} breaks."));
    } else {
        g.log.push("Belmont 8.5", || format!("Rolled {r}: {n} holds."));
    }
}

//! 15.2-15.5: who may assault and join, the strengths they bring and the dice they roll:
//! the arithmetic and eligibility the Assault procedure ([`super::Assault`]) asks.

use super::*;

/// 15.2, 8.3, 17.4: an infantry or cavalry brigade's SP before arc and terrain: dismounted
/// cavalry halved rounded down; defending in column or routed, a quarter rounded up.
#[must_use]
pub fn base_sp(g: &Fotm, b: Bid, defending: bool) -> u8 {
    let mut sp = g.printed_sp(b);
    if g.arm(b) == Arm::Cavalry && !g.bde(b).mounted {
        sp /= 2;
    }
    if defending && (g.bde(b).column || g.bde(b).routed) {
        sp = sp.div_ceil(QUARTER);
    }
    sp
}

pub(super) fn elevation(g: &Fotm, h: Hex) -> i32 {
    i32::from(g.map().elevation(h).unwrap_or(0))
}

/// 15.3: the close-combat SP adjustment for one hex firing at `target` (see
/// [`terrain::close_combat_elevation`]).
#[must_use]
pub fn elevation_adjust(g: &Fotm, from: Hex, target: Hex) -> i32 {
    terrain::close_combat_elevation(elevation(g, from), elevation(g, target))
}

/// 15.2: whether Union brigades of more than one corps are among `bs`.
pub(crate) fn mixed_corps(g: &Fotm, bs: &[Bid]) -> bool {
    let mut corps: Vec<_> = bs.iter().filter_map(|&b| g.info(b).corps).collect();
    corps.sort_by_key(|c| *c as u8);
    corps.dedup();
    corps.len() > 1
}

/// 15.2, 17.4: an artillery brigade's fire `sp` when it defends: a quarter, rounded up, in
/// column or routed (whether canister or suppression fire).
pub(super) fn defending(g: &Fotm, b: Bid, sp: u8) -> u8 {
    if g.bde(b).column || g.bde(b).routed { sp.div_ceil(QUARTER) } else { sp }
}

/// Dice for an SP total: at most ten, never negative (15.2).
pub(crate) fn dice(sp: i32) -> u8 {
    u8::try_from(sp.clamp(0, i32::from(MAX_DICE))).unwrap_or(0)
}

/// 15.2: the dice a roll of `sp` SP gets out of its side's ten for the whole Assault, of
/// which `used` are rolled already (and counted in).
pub(crate) fn take_dice(used: &mut u8, sp: i32) -> u8 {
    let n = dice(sp).min(MAX_DICE.saturating_sub(*used));
    *used += n;
    n
}

/// Steps lost so far, from the record of one entry a step (15.7, 15.8: two at most).
pub(super) fn lost(steps: &[Bid]) -> u8 {
    u8::try_from(steps.len()).unwrap_or(u8::MAX)
}

pub(super) fn is_melee(g: &Fotm, b: Bid) -> bool {
    matches!(g.arm(b), Arm::Infantry | Arm::Cavalry)
}

/// The arc of `target` from the brigade.
pub(super) fn arc_to(g: &Fotm, b: Bid, target: Hex) -> Option<Arc> {
    g.hex_of(b).and_then(|h| facing::arc(h, g.bde(b).facing, target))
}

/// Whether a brigade may take part in an Assault at all this phase: not assaulted yet (15.2),
/// not regrouped this turn (12.3), not routed, not in column (15.2), not ordered off the map.
pub(super) fn may_assault(g: &Fotm, b: Bid) -> bool {
    let d = g.bde(b);
    g.hex_of(b).is_some() && !d.assaulted && !d.regrouped && !d.routed && !d.column && !d.pursuing
}

/// Whether an infantry or cavalry brigade may make close combat into the adjacent `target`:
/// not into its rear (5.1); mounted cavalry not into woods nor a higher hex (8.2).
pub(crate) fn may_close(g: &Fotm, b: Bid, target: Hex) -> bool {
    let Some(h) = g.hex_of(b) else { return false };
    if !is_melee(g, b) || h.distance(target) != 1 || matches!(arc_to(g, b, target), Some(Arc::Rear) | None) {
        return false;
    }
    if g.arm(b) == Arm::Cavalry && g.bde(b).mounted {
        let uphill = elevation(g, target) > elevation(g, h);
        return g.map().terrain(target).map_or(!uphill, |t| terrain::mounted_may_close(t, uphill));
    }
    true
}

/// Enemy artillery (of the side opposing `side`) in `hex`.
pub(super) fn enemy_artillery(g: &Fotm, hex: Hex, side: Side) -> Vec<Bid> {
    g.brigades_at(hex, side.enemy()).into_iter().filter(|&b| g.arm(b).is_artillery()).collect()
}

/// 15.4, 15.5: whether brigade `b` may join an Assault on `target`.
#[must_use]
pub fn can_join(g: &Fotm, b: Bid, target: Hex) -> bool {
    if !may_assault(g, b) {
        return false;
    }
    if is_melee(g, b) {
        return may_close(g, b, target);
    }
    if !enemy_artillery(g, target, g.side_of(b)).is_empty() {
        artillery::ranged_sp(g, b, target).is_some()
    } else {
        artillery::offensive_sp(g, b, target).is_some()
    }
}

/// Why brigade `b` may not join an Assault on `target`, naming the first rule that bars it
/// (the seventh playtest: a battery's refusal listed every condition, not the one that
/// failed, 9.5), or `None` when it may. Whether is [`can_join`]'s alone; this only explains.
#[must_use]
pub fn join_refusal(g: &Fotm, b: Bid, target: Hex) -> Option<(&'static str, String)> {
    if can_join(g, b, target) {
        return None;
    }
    let name = g.name(b);
    let d = g.bde(b);
    let why = |rule: &'static str, what: String| Some((rule, what));
    let Some(h) = g.hex_of(b) else { return why("FotM 15.4", format!("{name} is not on the map")) };
    if d.routed {
        return why("FotM 17.4", format!("{name} is routed"));
    }
    if d.assaulted {
        return why("FotM 15.2", format!("{name} has assaulted already this Combat Phase"));
    }
    if d.regrouped {
        return why("FotM 12.3", format!("{name} regrouped this turn"));
    }
    if d.column {
        return why("FotM 15.2", format!("{name} is in column"));
    }
    if d.pursuing {
        return why("FotM 8.5", format!("{name} is ordered off the map"));
    }
    if is_melee(g, b) {
        if h.distance(target) != 1 {
            return why("FotM 15.4", format!("{name} is not adjacent to {target}"));
        }
        if matches!(arc_to(g, b, target), Some(Arc::Rear) | None) {
            return why("FotM 5.1", format!("{target} is in {name}'s rear"));
        }
        return why("FotM 8.2", format!("{name}, mounted, may not close into {target}'s woods or uphill"));
    }
    if !artillery::can_fire(g, b) {
        return why("FotM 8.4", format!("{name} is mounted horse artillery: it fires dismounted"));
    }
    let dist = h.distance(target);
    if dist > artillery::CANISTER_RANGE && !artillery::in_range(g, h, target) {
        return why("FotM 9.1", format!("{target} is {dist} hexes from {name}, beyond its range"));
    }
    if dist > artillery::CANISTER_RANGE && !crate::los::clear(g, h, target) {
        return why("FotM 9.5", format!("{name} has no line of sight to {target}"));
    }
    why("FotM 9.0", format!("{name} cannot fire at {target} (its rear, or a cliff for canister, 5.1, 9.3)"))
}

/// How far from a hex a brigade may take part in an Assault on it: the artillery's range
/// with its downhill bonus (9.1), which covers the adjacent infantry and cavalry.
const ASSAULT_REACH: u16 = artillery::RANGE + artillery::RANGE_DOWNHILL_BONUS;

/// The bars of up to three of `pairs` (brigade, hex), nearest first, each said once, as
/// "prefix: reason (rule)"; `prefix` names what varies (the brigade's hex, or nothing).
fn bars(g: &Fotm, mut pairs: Vec<(Bid, Hex)>, prefix: impl Fn(Bid, Hex) -> String) -> Vec<String> {
    pairs.sort_by_key(|&(b, h)| (g.hex_of(b).map(|x| x.distance(h)), b, h));
    let mut said: Vec<String> = Vec::new();
    let mut out = Vec::new();
    for (b, h) in pairs {
        let Some((rule, why)) = join_refusal(g, b, h) else { continue };
        let why = format!("{why} ({rule})");
        if out.len() < 3 && !said.contains(&why) {
            out.push(format!("{}{why}", prefix(b, h)));
            said.push(why);
        }
    }
    out
}

/// 15.4: why `side` may make no Assault on the enemy hex `h` (a click on it the page did not
/// offer): each nearby brigade's own bar, nearest first (the seventh playtest).
#[must_use]
pub fn assault_refusal(g: &Fotm, side: Side, h: Hex) -> String {
    let near = g.on_map(side).filter(|&b| g.hex_of(b).is_some_and(|x| x.distance(h) <= ASSAULT_REACH));
    let bars = bars(g, near.map(|b| (b, h)).collect(), |_, _| String::new());
    let detail =
        if bars.is_empty() { "none stands next to it (artillery: in range)".to_string() } else { bars.join("; ") };
    format!("no brigade of yours may assault {h}: {detail}")
}

/// 15.4: why brigade `b` may make no Assault now (the page asking about the brigade between
/// Assaults): what bars it from each enemy hex in reach, nearest first; `None` when it may
/// join one once it is announced.
#[must_use]
pub fn brigade_refusal(g: &Fotm, b: Bid, targeted: &[Hex]) -> Option<String> {
    let at = g.hex_of(b)?;
    let mut hexes: Vec<Hex> = g.on_map(g.side_of(b).enemy()).filter_map(|e| g.hex_of(e)).collect();
    hexes.retain(|h| h.distance(at) <= ASSAULT_REACH && !targeted.contains(h));
    hexes.sort();
    hexes.dedup();
    if hexes.iter().any(|&h| can_join(g, b, h)) {
        return None;
    }
    let bars = bars(g, hexes.into_iter().map(|h| (b, h)).collect(), |_, h| format!("{h}: "));
    Some(if bars.is_empty() {
        format!("{} has no enemy within reach to assault", g.name(b))
    } else {
        format!("{} may assault nothing now: {}", g.name(b), bars.join("; "))
    })
}

/// 15.4: hexes owed close combat: enemy hexes adjacent at the same elevation to a phasing
/// infantry or cavalry brigade that could still assault them (see the module's Reading).
#[must_use]
pub fn mandatory_hexes(g: &Fotm, side: Side, targeted: &[Hex]) -> Vec<Hex> {
    if side == Side::Union && sequence::union_paused(g) {
        return vec![];
    }
    let occupancy = g.occupancy();
    let mut out = Vec::new();
    for b in g.on_map(side) {
        if !is_melee(g, b) || !may_assault(g, b) {
            continue;
        }
        let Some(h) = g.hex_of(b) else { continue };
        for n in h.neighbours() {
            if out.contains(&n) || targeted.contains(&n) || occupancy.occupant(n) != Some(side.enemy()) {
                continue;
            }
            if elevation(g, n) == elevation(g, h) && may_close(g, b, n) {
                out.push(n);
            }
        }
    }
    out
}

/// Hexes holding an enemy guard (2.4).
pub(super) fn guard_hexes(g: &Fotm, side: Side) -> Vec<Hex> {
    g.guards.iter().filter(|gd| gd.side == side.enemy() && !gd.done).filter_map(|gd| gd.hex).collect()
}

/// The hexes `side` may announce an Assault on now.
#[must_use]
pub fn targets(g: &Fotm, side: Side, targeted: &[Hex]) -> Vec<Hex> {
    if side == Side::Union && sequence::union_paused(g) {
        return vec![];
    }
    let guards = guard_hexes(g, side);
    let occupancy = g.occupancy();
    let mut out: Vec<Hex> = Vec::new();
    for b in g.on_map(side) {
        if !may_assault(g, b) {
            continue;
        }
        let Some(h) = g.hex_of(b) else { continue };
        let reach = if g.arm(b).is_artillery() { artillery::RANGE + artillery::RANGE_DOWNHILL_BONUS } else { 1 };
        for n in h.within(reach) {
            if out.contains(&n) || targeted.contains(&n) {
                continue;
            }
            if (occupancy.occupant(n) == Some(side.enemy()) || guards.contains(&n)) && can_join(g, b, n) {
                out.push(n);
            }
        }
    }
    out.sort();
    out
}

//! 14.0 Reinforcements: who waits at which entry this phase (14.1), the hexes a unit may come
//! on by and in what order the column enters (14.2), its facing on arrival, and the entry
//! closed by enemy occupation or Burnside's pause (4.1, 11.4, 6.1).

use super::*;

/// Begins a side's Reinforcement Phase (14.1): units whose turn has come wait at their entry;
/// the player brings them on.
pub(crate) fn start_reinforcements(g: &mut Fotm, side: Side) {
    for b in g.all_brigades() {
        if g.side_of(b) == side && g.bde(b).loc == Loc::Waiting && g.info(b).start.arrived_by(g.turn) {
            g.bde_mut(b).loc = Loc::Entering;
            g.bde_mut(b).moved = false;
        }
    }
    for c in g.all_commanders() {
        g.cmdr_mut(c).moved = false;
    }
    if entering_units(g, side).next().is_some() {
        g.stack.push(Frame::Move(Box::new(MoveFrame::Phase { side, reinforce: true, columns: vec![] })));
    }
}

/// The entry hex a reinforcement comes in by.
pub(super) fn entry_of(g: &Fotm, u: Unit) -> Option<Hex> {
    let start = match u {
        Unit::Brigade(b) => &g.info(b).start,
        Unit::Commander(c) => &g.cinfo(c).start,
    };
    match start {
        Start::Arrive { entry, .. } => g.map().entry(entry).map(|e| e.hex),
        _ => None,
    }
}

/// Units of `side` waiting at their entry this Reinforcement Phase (14.2).
pub(super) fn entering_units(g: &Fotm, side: Side) -> impl Iterator<Item = Unit> + '_ {
    let brigades =
        g.all_brigades().filter(move |&b| g.side_of(b) == side && g.bde(b).loc == Loc::Entering).map(Unit::Brigade);
    let commanders = g
        .all_commanders()
        .filter(move |&c| {
            let cm = g.cmdr(c);
            g.cinfo(c).side == side && cm.hex.is_none() && !cm.gone && g.cinfo(c).start.arrived_by(g.turn)
        })
        .map(Unit::Commander);
    brigades.chain(commanders)
}

/// 14.2 (the third playtest: Done ended a Reinforcement Phase with a brigade still off the map,
/// without a word): what Done leaves waiting at the entries, if the phase under way is a
/// Reinforcement Phase and some unit has not come on.
pub(crate) fn done_warning(g: &Fotm) -> Option<String> {
    let Some(Frame::Move(f)) = g.stack.last() else { return None };
    let MoveFrame::Phase { side, reinforce: true, .. } = **f else { return None };
    let waiting: Vec<String> = entering_units(g, side).map(|u| g.uname(u)).collect();
    (!waiting.is_empty()).then(|| format!("{} will stay off the map until a later turn (14.2)", waiting.join(", ")))
}

/// 11.4: whether the pause bars this side's units from entering an enemy ZOC.
pub(super) fn barred_from_zoc(g: &Fotm, side: Side) -> bool {
    side == Side::Union && sequence::union_paused(g)
}

/// 14.2 with 11.4: whether a unit of `side` may not come on at its designated entry hex: an
/// enemy brigade holds it, or, for a Union unit during Burnside's pause, it lies in a
/// Confederate ZOC the unit may not enter.
pub(super) fn entry_blocked(g: &Fotm, ctx: &Ctx, side: Side, entry: Hex) -> bool {
    ctx.enemy_at(entry) || (barred_from_zoc(g, side) && ctx.zoc(entry))
}

/// 14.2: whether the unit moving (not yet on the map, coming by `entry`) may come on at `to`,
/// and whether it must stop there. The designated hex, unless it is blocked; then an edge hex
/// within two hexes of it. Entering an enemy ZOC stops the unit (6.1), so it needs room to end
/// its move there (4.1); a Union unit may not enter one during Burnside's pause (11.4).
pub(super) fn entry_check(g: &Fotm, ctx: &Ctx, m: &Mover, entry: Hex, to: Hex) -> Result<bool, Illegal> {
    let map = g.map();
    if !map.contains(to) {
        return Err(no("FotM 13.1", format!("{to} is off the map")));
    }
    if to != entry {
        if !entry_blocked(g, ctx, m.side, entry) {
            return Err(no(
                "FotM 14.2",
                format!("{} enters at {entry}: the entry hex is not blocked", g.uname(m.unit)),
            ));
        }
        if to.distance(entry) > ENTRY_RADIUS || !map.on_any_edge(to) {
            return Err(no(
                "FotM 14.2",
                format!("{entry} is blocked: a unit enters at a map-edge hex within two hexes of it, not {to}"),
            ));
        }
    }
    if ctx.enemy_at(to) {
        return Err(no("FotM 13.4", format!("enemy brigades occupy {to}")));
    }
    let zoc = ctx.zoc(to);
    if zoc && barred_from_zoc(g, m.side) {
        return Err(no("FotM 11.4", format!("Burnside's pause: Union units may not enter a Confederate ZOC ({to})")));
    }
    if zoc && !room(g, m.unit, to) {
        return Err(no(
            "FotM 4.1",
            format!("{} would stop in {to} (enemy ZOC) and has no room there", g.uname(m.unit)),
        ));
    }
    Ok(zoc)
}

/// The reinforcement step onto the map: the hexes a unit entering by `entry` may be placed
/// on (14.2): [`entry_check`] over the designated hex and, when it is blocked, the edge hexes
/// within two hexes of it.
pub(super) fn entry_hexes(g: &Fotm, ctx: &Ctx, m: &Mover, entry: Hex) -> Vec<Hex> {
    let mut v: Vec<Hex> = if entry_blocked(g, ctx, m.side, entry) { entry.within(ENTRY_RADIUS) } else { vec![entry] };
    v.retain(|&h| g.map().contains(h) && entry_check(g, ctx, m, entry, h).is_ok());
    v.sort();
    v
}

/// The facing of a column entering at `entry`: along the road into the map (14.2).
pub(super) fn entry_facing(g: &Fotm, entry: Hex) -> u8 {
    let map = g.map();
    entry.neighbours().into_iter().find(|&n| map.road(entry, n)).map_or(0, |n| facing::front_towards(entry, n))
}

/// The half MP a unit entering at `entry` spends off the map, joining the column (14.2).
pub(super) fn join_column(g: &Fotm, columns: &mut Vec<Column>, entry: Hex, u: Unit) -> u8 {
    let i = match columns.iter().position(|c| c.entry == entry) {
        Some(i) => i,
        None => {
            columns.push(Column { entry, ahead: 0, forming: vec![] });
            columns.len() - 1
        }
    };
    let col = &mut columns[i];
    if let Unit::Brigade(b) = u {
        let mut with = col.forming.clone();
        with.push(b);
        if !col.forming.is_empty() && !stacking::legal_stack(g, &with) {
            col.ahead += 1;
            col.forming = vec![b];
        } else {
            col.forming = with;
        }
    }
    col.ahead * OFF_MAP_HALF_PER_STACK
}

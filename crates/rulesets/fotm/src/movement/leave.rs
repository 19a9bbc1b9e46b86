//! Leaving enemy ZOC when the rules order it (11.4 Burnside's pause, 10.1 a commander who
//! must get clear): who is bound to leave, whether a way out is open, and who has still to
//! go before the phase may end.

use super::*;

/// 11.4 and 10.1: whether this unit must leave enemy ZOC in this Movement Phase.
pub(super) fn bound_to_leave(g: &Fotm, u: Unit) -> bool {
    if g.owner(u) != Side::Union {
        return false;
    }
    sequence::must_withdraw(g) || matches!(u, Unit::Commander(c) if g.cmdr(c).must_leave_zoc)
}

/// Whether the unit, starting its move on `at` in an enemy ZOC, could step out of it: some
/// adjacent hex out of enemy ZOC it may enter and end in (any direction: the two free facing
/// changes reach every hexside).
pub(super) fn could_leave(g: &Fotm, ctx: &Ctx, u: Unit, at: Hex, mount_changed: bool) -> bool {
    if !ctx.zoc(at) {
        return false;
    }
    if let Unit::Brigade(b) = u
        && g.arm(b) == Arm::HorseArtillery
        && !g.bde(b).mounted
        && mount_changed
    {
        return false;
    }
    let map = g.map();
    let held_east = union_cavalry(g, u).is_some() && g.cavalry_halted && !g.cavalry_released;
    at.neighbours().into_iter().any(|n| {
        let westward = held_east && map.eastward(n) < map.eastward(at);
        map.contains(n)
            && !westward
            && !ctx.enemy_at(n)
            && !ctx.zoc(n)
            && room(g, u, n)
            && match u {
                Unit::Brigade(b) => brigade_cost(g, b, at, n, false).is_ok(),
                Unit::Commander(_) => commander_cost(g, at, n).is_ok(),
            }
    })
}

/// Whether the mover, on `at` in an enemy ZOC, can still step out of it now: before its first
/// hex any way out will do (13.1, the first hex always); after it, a step it has the MP for.
/// Reading (10.1, 11.4): "must exit the ZOC" is satisfied only by ending out of it, so a unit
/// that moves on but stays in an enemy ZOC must go on while a way out is open.
pub(super) fn may_still_leave(g: &Fotm, ctx: &Ctx, m: &Mover, at: Hex) -> bool {
    if m.steps == 0 {
        return could_leave(g, ctx, m.unit, at, m.mount_changed);
    }
    at.neighbours()
        .into_iter()
        .any(|n| !ctx.zoc(n) && step_check(g, ctx, m, at, n).is_ok_and(|i| !i.forced) && room(g, m.unit, n))
}

/// Units that have not moved yet but must, and can, leave enemy ZOC (11.4, 10.1). The board
/// is read only when some unit is bound to leave (rarely: this is asked at every Movement
/// Phase decision).
pub(super) fn pending_leavers(g: &Fotm, side: Side, reinforce: bool) -> Vec<Unit> {
    if reinforce || side != Side::Union {
        return vec![];
    }
    let bound: Vec<Unit> = selectable(g, side, false).into_iter().filter(|&u| bound_to_leave(g, u)).collect();
    if bound.is_empty() {
        return bound;
    }
    let ctx = Ctx::new(g, side);
    bound.into_iter().filter(|&u| g.unit_hex(u).is_some_and(|h| could_leave(g, &ctx, u, h, false))).collect()
}

//! Moves the rules order: leaving enemy ZOC (11.4 Burnside's pause, 10.1 a commander who
//! must get clear) and Union cavalry closing up on its infantry and artillery (11.3): who is
//! bound, whether the way is open, and who has still to go before the phase may end.
//!
//! Reading (11.3, "for the remainder of the game, Union Cavalry Brigades must remain within
//! two hexes of Union Infantry or Artillery Brigades"; the third, seventh and eighth
//! playtests): the rule binds the cavalry, not the infantry, which may walk away from it. No
//! step may take a cavalry brigade farther than two hexes from the nearest such brigade; one
//! that stands farther (left behind, or ahead since turn one) is stranded: each of its steps
//! must bring it nearer (`step_check`; the ninth playtest saw a move spent sideways), its
//! move may not end while a step nearer is open (after a turn, if it must turn), and the
//! Movement Phase may not end while a stranded brigade that has not moved could take one. The leash binds from Pleasonton's stop or
//! turn 2, lapses once the 8.5 breakout is open, and with no Union infantry or artillery on
//! the map. Horse artillery is not the support 11.3 waits for: Robertson's battery rides
//! with Pleasonton's cavalry division (its corps is the cavalry's), so it neither releases
//! the cavalry on turn one nor holds it on the leash (the ninth playtest asked).

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
fn pending_leavers(g: &Fotm, side: Side, reinforce: bool) -> Vec<Unit> {
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

/// Why the Movement Phase may not end yet: a unit that has not moved and must, and can,
/// leave enemy ZOC (11.4, 10.1), or a stranded Union cavalry brigade that can close up
/// (11.3); `None` when it may.
pub(super) fn pending_bound(g: &Fotm, side: Side, reinforce: bool) -> Option<Illegal> {
    if let Some(&u) = pending_leavers(g, side, reinforce).first() {
        let rule = if sequence::must_withdraw(g) { "FotM 11.4" } else { "FotM 10.1" };
        return Some(no(rule, format!("{} must still move out of the Confederate ZOC", g.uname(u))));
    }
    if reinforce || side != Side::Union || !leash_binds(g) {
        return None;
    }
    // The board is read only when some cavalry that has not moved stands off its support.
    let support: Vec<Hex> = g.on_map(side).filter(|&b| supports(g, b)).filter_map(|b| g.hex_of(b)).collect();
    let off = |u: Unit| {
        g.unit_hex(u).is_some_and(|h| support.iter().map(|s| s.distance(h)).min().is_some_and(|d| d > CAVALRY_LEASH))
    };
    let cavalry: Vec<Unit> =
        selectable(g, side, false).into_iter().filter(|&u| union_cavalry(g, u).is_some() && off(u)).collect();
    if cavalry.is_empty() {
        return None;
    }
    let ctx = Ctx::new(g, side);
    let u = cavalry.into_iter().find(|&u| g.unit_hex(u).is_some_and(|h| could_close(g, &ctx, u, h)))?;
    Some(no("FotM 11.3", format!("{} must still close within two hexes of Union infantry or artillery", g.uname(u))))
}

/// 11.3: whether the two-hex leash binds Union cavalry now (see the module's Reading).
pub(super) fn leash_binds(g: &Fotm) -> bool {
    (g.turn > 1 || g.cavalry_halted) && !breakout_open(g)
}

/// 11.3: whether a Union cavalry brigade on `at` is stranded: farther than two hexes from the
/// nearest Union infantry or artillery brigade, with one on the map.
fn stranded(g: &Fotm, ctx: &Ctx, u: Unit, at: Hex) -> bool {
    union_cavalry(g, u).is_some_and(|b| !g.bde(b).pursuing)
        && leash_binds(g)
        && support_distance(ctx, at).is_some_and(|d| d > CAVALRY_LEASH)
}

/// 11.3: whether stranded cavalry that has not moved could step nearer its infantry and
/// artillery (any direction: the two free facing changes reach every hexside).
fn could_close(g: &Fotm, ctx: &Ctx, u: Unit, at: Hex) -> bool {
    let Some(b) = union_cavalry(g, u) else { return false };
    if !stranded(g, ctx, u, at) {
        return false;
    }
    let map = g.map();
    let held_east = g.cavalry_halted && !g.cavalry_released;
    let here = support_distance(ctx, at);
    at.neighbours().into_iter().any(|n| {
        map.contains(n)
            && support_distance(ctx, n) < here
            && !(held_east && map.eastward(n) < map.eastward(at))
            && !ctx.enemy_at(n)
            && !(ctx.zoc(at) && ctx.zoc(n))
            && !(ctx.zoc(n) && sequence::union_paused(g))
            && room(g, u, n)
            && brigade_cost(g, b, at, n, false).is_ok()
    })
}

/// 11.3: whether the stranded cavalry moving, on `at`, can still step nearer its infantry
/// and artillery now: its move may not end while it can.
pub(super) fn may_still_close(g: &Fotm, ctx: &Ctx, m: &Mover, at: Hex) -> bool {
    if !stranded(g, ctx, m.unit, at) {
        return false;
    }
    if m.steps == 0 && !could_close(g, ctx, m.unit, at) {
        return false;
    }
    let here = support_distance(ctx, at);
    at.neighbours()
        .into_iter()
        .any(|n| support_distance(ctx, n) < here && room(g, m.unit, n) && steps_nearer(g, ctx, m, at, n))
}

/// Whether the mover can step from `at` into `n` now, as it faces or after turning to face
/// it (13.2: the free changes first, then paid ones while it has the MP; the ninth playtest:
/// a brigade facing away from its infantry could end its move where it stood).
fn steps_nearer(g: &Fotm, ctx: &Ctx, m: &Mover, at: Hex, n: Hex) -> bool {
    if step_check(g, ctx, m, at, n).is_ok_and(|i| !i.forced) {
        return true;
    }
    let Unit::Brigade(b) = m.unit else { return false };
    let Some(f) = (0..6u8).find(|&f| crate::facing::arc(at, f, n) == Some(crate::facing::Arc::Front)) else {
        return false;
    };
    let Ok(half) = super::face_cost(g, m, b, f) else { return false };
    let mut turned = g.clone();
    turned.bde_mut(b).facing = f;
    let t = crate::facing::turns(g.bde(b).facing, f);
    let m2 = Mover { spent: m.spent + half, turns: m.turns + t, ..m.clone() };
    step_check(&turned, ctx, &m2, at, n).is_ok_and(|i| !i.forced)
}

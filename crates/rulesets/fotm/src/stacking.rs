//! 4.0 Stacking: at most three brigades a hex but never three infantry, at most two
//! commanders (4.1), and the Lead Brigade that absorbs a stack's step losses (4.2).
//!
//! Changing stacking order (4.2): the phasing player in his own Movement Phase (in
//! `movement`) and at the end of each of his Assaults (in `combat`). With the optional simple
//! stacking rule, at any time outside an Assault. Reading: "at any time" is at every decision
//! of the phasing player outside an Assault: his Rally, Movement, Reinforcement and Combat
//! Phases (between Assaults); he reorders his own stacks only.

use crate::action::Action;
use crate::oob::Arm;
use crate::state::{Bid, Fotm, Loc};
use engine::{Illegal, Side};
use hexmap::Hex;

/// 4.1: brigades a hex may hold.
pub const MAX_BRIGADES: usize = 3;
/// 4.1: infantry brigades a hex may hold ("three infantry brigades cannot stack together").
pub const MAX_INFANTRY: usize = 2;
/// 4.1: commanders a hex may hold.
pub const MAX_COMMANDERS: usize = 2;

/// Whether the brigade counts as infantry for 4.1. Reading: dismounted cavalry "functions as
/// infantry for all game purposes" except as Lead Brigade (8.3), so it counts here.
#[must_use]
pub fn counts_as_infantry(g: &Fotm, b: Bid) -> bool {
    match g.arm(b) {
        Arm::Infantry => true,
        Arm::Cavalry => !g.bde(b).mounted,
        Arm::Artillery | Arm::HorseArtillery => false,
    }
}

/// Whether a set of brigades may share one hex (4.1).
#[must_use]
pub fn legal_stack(g: &Fotm, brigades: &[Bid]) -> bool {
    legal_stack_of(g, brigades.iter().copied())
}

/// [`legal_stack`] over any collection of distinct brigades, without a list.
fn legal_stack_of(g: &Fotm, brigades: impl Iterator<Item = Bid>) -> bool {
    legal_stack_by(brigades, |b| counts_as_infantry(g, b))
}

/// 4.1's limits over distinct brigades, `infantry` saying which count as infantry.
fn legal_stack_by(brigades: impl Iterator<Item = Bid>, infantry: impl Fn(Bid) -> bool) -> bool {
    let (total, inf) = brigades.fold((0usize, 0usize), |(n, i), b| (n + 1, i + usize::from(infantry(b))));
    total <= MAX_BRIGADES && inf <= MAX_INFANTRY
}

/// The friendly brigades on `hex` with `b`, whether or not it is there yet.
fn with_stack(g: &Fotm, hex: Hex, b: Bid) -> impl Iterator<Item = Bid> + '_ {
    let side = g.side_of(b);
    g.all_brigades().filter(move |&x| x == b || (g.bde(x).loc == Loc::Map(hex) && g.side_of(x) == side))
}

/// Whether `b` may end a move on `hex` alongside the friendly brigades already there (4.1).
#[must_use]
pub fn has_room(g: &Fotm, hex: Hex, b: Bid) -> bool {
    // Stack order does not matter to 4.1, so no sorted list (this is asked for every step
    // considered).
    legal_stack_of(g, with_stack(g, hex, b))
}

/// Whether cavalry brigade `b` would still have room on `hex` dismounted (8.3: dismounted
/// cavalry stacks as infantry, 4.1).
#[must_use]
pub fn has_room_dismounted(g: &Fotm, hex: Hex, b: Bid) -> bool {
    legal_stack_by(with_stack(g, hex, b), |x| x == b || counts_as_infantry(g, x))
}

/// Whether a commander of `side` may end a move on `hex` (4.1: two commanders a hex).
#[must_use]
pub fn has_commander_room(g: &Fotm, hex: Hex, side: Side, moving: Option<u8>) -> bool {
    g.commanders_at(hex).iter().filter(|&&c| g.cinfo(c).side == side && Some(c) != moving).count() < MAX_COMMANDERS
}

/// Whether the hex holds more than 4.1 allows (after a retreat).
#[must_use]
pub fn over_stacked(g: &Fotm, hex: Hex, side: Side) -> bool {
    !legal_stack(g, &g.brigades_at(hex, side))
}

/// The brigades that may be the Lead Brigade among `brigades` (4.2, 7.2, 8.3), in stack order
/// within each hex. `brigades` are those of one side taking part in one Assault, or defending
/// one hex, in any order. The owning player chooses among more than one.
///
/// - Sharpshooter brigades present: they lead, whatever their losses (7.2).
/// - Otherwise infantry leads: the topmost infantry brigade of each hex is a candidate (the
///   4.2 examples let the attacker take the top infantry brigade of either hex).
/// - A cavalry brigade (mounted or dismounted) may be chosen instead when every infantry
///   brigade present has lost two or more SP, and leads when there is no infantry.
/// - Artillery never leads, unless it is all there is (4.2 says alone in an assaulted hex;
///   Reading: likewise an assault made by artillery alone takes its losses on artillery).
#[must_use]
pub fn lead_candidates(g: &Fotm, brigades: &[Bid]) -> Vec<Bid> {
    let mut sorted: Vec<Bid> = brigades.to_vec();
    sorted.sort_by_key(|&b| (g.bde(b).order, b));
    let sharp: Vec<Bid> = sorted.iter().copied().filter(|&b| g.info(b).sharpshooters).collect();
    if !sharp.is_empty() {
        return sharp;
    }
    let hex_of = |b: Bid| match g.bde(b).loc {
        Loc::Map(h) => Some(h),
        _ => None,
    };
    // The topmost brigade of each hex among those passing `pick`.
    let tops = |pick: &dyn Fn(Bid) -> bool| -> Vec<Bid> {
        let mut seen: Vec<Option<Hex>> = Vec::new();
        let mut out = Vec::new();
        for &b in &sorted {
            if pick(b) && !seen.contains(&hex_of(b)) {
                seen.push(hex_of(b));
                out.push(b);
            }
        }
        out
    };
    let infantry = tops(&|b| g.arm(b) == Arm::Infantry);
    let cavalry = tops(&|b| g.arm(b) == Arm::Cavalry);
    let all_infantry_worn = sorted.iter().filter(|&&b| g.arm(b) == Arm::Infantry).all(|&b| g.bde(b).losses >= 2);
    if !infantry.is_empty() {
        let mut c = infantry;
        if all_infantry_worn {
            c.extend(cavalry);
        }
        return c;
    }
    if !cavalry.is_empty() {
        return cavalry;
    }
    tops(&|_| true)
}

/// 4.2: why `b` may not be chosen as the Lead Brigade now.
#[must_use]
pub(crate) fn lead_refused(g: &Fotm, b: Bid) -> Illegal {
    Illegal {
        rule: "FotM 4.2".into(),
        reason: format!(
            "{} may not lead: sharpshooters lead when present; otherwise the top infantry brigade of a hex, or the top cavalry brigade once every infantry brigade has lost two SP; artillery only when nothing else is there",
            g.name(b)
        ),
    }
}

/// 4.2: putting `side`'s brigades on top of their stacks, as actions: every brigade of the side
/// that is not already on top of its hex.
#[must_use]
pub(crate) fn to_top_actions(g: &Fotm, side: Side) -> Vec<Action> {
    g.on_map(side)
        .filter(|&b| g.hex_of(b).is_some_and(|h| g.brigades_at(h, side).first() != Some(&b)))
        .map(Action::ToTop)
        .collect()
}

/// 4.2 optional (simple stacking): the reorderings open to `side` at a decision outside an
/// Assault and outside its own Movement Phase; none without the option.
#[must_use]
pub(crate) fn reorder_actions(g: &Fotm, side: Side) -> Vec<Action> {
    if g.opt.simple_stacking { to_top_actions(g, side) } else { vec![] }
}

/// 4.2: puts the brigade on top of its stack, logging it.
pub(crate) fn to_top(g: &mut Fotm, b: Bid) {
    g.to_top(b);
    g.note("FotM 4.2", |g| format!("{} goes to the top of its stack", g.name(b)));
}

/// 4.2: why a change of stacking order is refused now.
#[must_use]
pub(crate) fn reorder_refused() -> Illegal {
    Illegal {
        rule: "FotM 4.2".into(),
        reason: "stacking order changes only in the owner's Movement Phase or at the end of his Assault (any time outside an Assault with the simple-stacking option)".into(),
    }
}

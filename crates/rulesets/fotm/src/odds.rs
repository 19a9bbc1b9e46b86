//! Quick exact odds of one Assault (15.4), for players who want an answer without a position:
//! the SP of each roll in, the distribution of steps lost by each side (with the caps of 9.4
//! and 15.8), the rout (17.4), leader casualties (16.1, 7.2) and the assaulting Lead Brigade's
//! morale check (15.7) out. Every roll is enumerated exactly with the dice distribution the
//! Assault itself rolls ([`combat_dice`]) and read with the combat module's constants, in the
//! Assault's order: offensive suppression or ranged/canister fire (15.6), defensive fire (15.7),
//! the attacker's morale check after two losses (15.7), close combat (15.4), the end (16.1,
//! 17.4). `tests/odds.rs` checks it against the engine's own enumeration of real Assaults.
//!
//! What it leaves out, because it depends on the position: each roll's SP is taken as given
//! (in play a step lost early in an Assault can lower a later roll's SP, say the assaulting
//! Lead Brigade's close combat after defensive fire); every brigade is assumed to have steps to
//! lose; defensive suppression fire at the assaulting guns; the choices that follow (17.2 the
//! defender's morale check or retreat after two losses, 16.2 which commander is hit).

use crate::action::Action;
use crate::casualty::{LEADER_SIXES, SHARPSHOOTER_ONES};
use crate::combat::{MAX_DICE, MAX_STEP_LOSS, ROUT_SIXES, SUPPRESSION_MAX, WOODS_KEEP, dice, take_dice};
use crate::procedure::combat_dice;
use crate::retreat::MORALE_PASS;

/// An Assault as the player totals it (15.4). SP are after arcs (5.1), elevation (15.3),
/// column and dismounted halving (15.2, 8.3), the corps penalty (15.2, once a side, on its main
/// roll) and Longstreet (10.5); each side rolls at most ten dice in the whole Assault (15.2:
/// see [`Assault::ten_dice`]); zero or less means the roll is not made.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Assault {
    /// 15.4 close combat: the assaulting infantry and cavalry.
    pub attack_sp: i32,
    /// 15.7 defensive fire: the defending hex's infantry, cavalry and canister.
    pub defend_sp: i32,
    /// 15.6 offensive ranged or canister fire at the defending infantry and cavalry.
    pub artillery_sp: i32,
    /// 9.4, 15.6 offensive suppression fire at the defending hex's artillery (at most one step).
    pub suppression_sp: i32,
    /// 15.3: the defending hex is woods (the defender re-rolls one of the attacker's sixes).
    pub woods: bool,
    /// 15.3: the assaulting Lead Brigade's hex is woods (it re-rolls one defensive-fire six).
    pub attacker_in_woods: bool,
    /// 11.6: dusk, each side's first six in the Assault is ignored.
    pub dusk: bool,
    /// 7.2: sharpshooters assault (two ones in close combat: a defending leader casualty).
    pub attacker_sharpshooters: bool,
    /// 7.2: sharpshooters defend (two ones in defensive fire: an assaulting leader casualty).
    pub defender_sharpshooters: bool,
    /// 17.4: mounted cavalry in the defending hex screens it from the rout.
    pub screened: bool,
    /// 17.2, 15.7: the assaulting Lead Brigade's morale check modifier (-1 per LCM, + a
    /// commander's CM).
    pub attack_morale_drm: i8,
}

impl Assault {
    /// 15.2: each roll's SP as the Assault rolls it: a side rolls at most ten dice in the whole
    /// Assault, each roll taking what the side's earlier rolls left, in the Assault's order
    /// (the attacker's suppression or ranged/canister fire, then its close combat; the
    /// defender's one roll).
    #[must_use]
    pub fn ten_dice(&self) -> Assault {
        let mut a = *self;
        let mut used = 0;
        // The engine's own budget (combat::take_dice), in SP: a roll of SP > 0 keeps its dice.
        let mut take = |sp: &mut i32| {
            if *sp > 0 {
                *sp = i32::from(take_dice(&mut used, *sp));
            }
        };
        if a.suppression_sp > 0 {
            take(&mut a.suppression_sp);
        } else {
            take(&mut a.artillery_sp);
        }
        take(&mut a.attack_sp);
        a.defend_sp = a.defend_sp.min(i32::from(MAX_DICE));
        a
    }
}

/// What one Assault did.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct Outcome {
    /// 15.8: steps the defending hex lost to ranged or canister fire and close combat (at most 2).
    pub defender_steps: u8,
    /// 9.4: steps the defending artillery lost to suppression fire (at most 1).
    pub artillery_steps: u8,
    /// 15.7, 15.8: steps the assaulting Lead Brigade lost to defensive fire (at most 2).
    pub attacker_steps: u8,
    /// 15.7: the assaulting Lead Brigade failed its morale check: no close combat.
    pub attacker_fell_back: bool,
    /// 17.4: four or more attacker sixes rout the defending hex.
    pub rout: bool,
    /// 16.1, 7.2: leader casualties on the defending Lead Brigade (0 to 2).
    pub defender_leader_casualties: u8,
    /// 7.2: leader casualties on the assaulting Lead Brigade (0 or 1).
    pub attacker_leader_casualties: u8,
}

/// Where the enumeration stands: the outcome so far and what later rolls need.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
struct State {
    out: Outcome,
    /// 16.1, 17.4: the attacker's sixes against the hex so far (after dusk and woods).
    sixes: u8,
    /// 11.6: each side's first six has been ignored (attacker, defender).
    dusk_used: [bool; 2],
}

/// A value's fields packed into a `u64`, a byte each (the flags share one): equal keys, equal
/// values, so [`Merged`] compares keys, not values. The bytes are deliberately not in field
/// order, so the packing stays shifts of the single fields (a field-order packing gets merged
/// into wide loads of a value just written a byte at a time, which stall).
trait Key: Copy {
    fn key(&self) -> u64;
}

impl Key for Outcome {
    fn key(&self) -> u64 {
        u64::from(self.defender_steps) << 24
            | u64::from(self.artillery_steps) << 8
            | u64::from(self.attacker_steps) << 32
            | u64::from(self.defender_leader_casualties)
            | u64::from(self.attacker_leader_casualties) << 40
            | (u64::from(self.attacker_fell_back) | u64::from(self.rout) << 1) << 16
    }
}

impl Key for State {
    fn key(&self) -> u64 {
        self.out.key()
            | u64::from(self.sixes) << 48
            | (u64::from(self.dusk_used[0]) << 2 | u64::from(self.dusk_used[1]) << 3) << 16
    }
}

/// A distribution, equal values merged, in the order each value was first added (so each
/// value's probability is summed in the order its branches were enumerated, as a list
/// searched from the front would). Values are found by key through a small open-addressing
/// table of indices, not by scanning the list; the first [`Merged::INDEXED`] values are in
/// it, any beyond are scanned.
#[derive(Clone, Copy)]
struct Entry<T> {
    key: u64,
    value: T,
    p: f64,
}

#[derive(Clone)]
struct Merged<T> {
    /// Each value with its key and probability.
    items: Vec<Entry<T>>,
    /// Index + 1 into `items` of the value hashed there, 0 for none.
    slots: [u8; 128],
}

impl<T: Key> Merged<T> {
    /// At most half the table full, so probes stay short.
    const INDEXED: usize = 64;

    fn with_capacity(n: usize) -> Self {
        Self { items: Vec::with_capacity(n), slots: [0; 128] }
    }

    fn clear(&mut self) {
        self.items.clear();
        self.slots.fill(0);
    }

    #[inline(always)]
    fn add(&mut self, t: T, p: f64) {
        let key = t.key();
        let mut h = usize::from(key.wrapping_mul(0x9E37_79B9_7F4A_7C15).to_be_bytes()[0] >> 1);
        loop {
            match self.slots[h] {
                0 => break,
                i => {
                    let e = &mut self.items[usize::from(i) - 1];
                    if e.key == key {
                        e.p += p;
                        return;
                    }
                }
            }
            h = (h + 1) & 127;
        }
        // Not among the indexed values: among the rest, or new.
        if let Some(e) = self.items.iter_mut().skip(Self::INDEXED).find(|e| e.key == key) {
            e.p += p;
            return;
        }
        if self.items.len() < Self::INDEXED {
            self.slots[h] = u8::try_from(self.items.len() + 1).expect("INDEXED < 128");
        }
        self.items.push(Entry { key, value: t, p });
    }
}

/// A distribution over states, equal states merged.
type Dist = Merged<State>;

/// One outcome of a combat roll: (sixes, ones (0, 1, or 2 for two or more), probability).
type Face = (u8, u8, f64);

/// [`combat_dice`] for every number of dice up to ten, with and without the ones counted,
/// computed once: the same probabilities in the same order, without re-deriving them (and
/// allocating) for every state of every roll.
fn combat_table(n: u8, count_ones: bool) -> &'static [Face] {
    static TABLE: std::sync::OnceLock<Vec<[Vec<Face>; 2]>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let faces = |n: u8, ones: bool| -> Vec<Face> {
            combat_dice(n, ones)
                .into_iter()
                .filter_map(|(a, p)| match a {
                    Action::Dice { sixes, ones } => Some((sixes, ones, p)),
                    _ => None,
                })
                .collect()
        };
        (0..=MAX_DICE).map(|n| [faces(n, false), faces(n, true)]).collect()
    });
    &table[usize::from(n)][usize::from(count_ones)]
}

/// One roll of `sp` dice by the attacker (or the defender), dusk (11.6) and the woods re-roll
/// (15.3) applied as the Assault applies them, then `hits(state, sixes, ones)`; `d` becomes
/// the distribution after the roll (`spare` is scratch space).
#[allow(clippy::too_many_arguments)]
fn roll(
    d: &mut Dist,
    spare: &mut Dist,
    sp: i32,
    attacker: bool,
    woods: bool,
    dusk: bool,
    ones: bool,
    hits: impl Fn(&mut State, u8, u8),
) {
    let n = dice(sp);
    if n == 0 {
        return;
    }
    let side = usize::from(!attacker);
    let keep = f64::from(7 - WOODS_KEEP) / 6.0;
    let faces = combat_table(n, ones);
    let next = spare;
    next.clear();
    for &Entry { value: s, p, .. } in &d.items {
        for &(mut sixes, ones, q) in faces {
            let mut s = s;
            if dusk && sixes > 0 && !s.dusk_used[side] {
                s.dusk_used[side] = true;
                sixes -= 1;
            }
            let mut branch = |sixes: u8, r: f64| {
                let mut t = s;
                hits(&mut t, sixes, ones);
                next.add(t, p * q * r);
            };
            if woods && sixes > 0 {
                branch(sixes, keep);
                branch(sixes - 1, 1.0 - keep);
            } else {
                branch(sixes, 1.0);
            }
        }
    }
    core::mem::swap(&mut d.items, &mut next.items);
    core::mem::swap(&mut d.slots, &mut next.slots);
}

/// The exact distribution of what one Assault does, most likely first; probabilities sum to
/// one.
#[must_use]
pub fn assault(a: &Assault) -> Vec<(Outcome, f64)> {
    let a = &a.ten_dice();
    let mut d = Dist::with_capacity(16);
    let mut spare = Dist::with_capacity(16);
    d.add(State::default(), 1.0);
    // 15.6: the guns suppress the hex's artillery if it holds any, else fire at the brigades.
    let suppressing = a.suppression_sp > 0;
    roll(&mut d, &mut spare, a.suppression_sp, true, a.woods, a.dusk, false, |s, sixes, _| {
        s.sixes += sixes;
        s.out.artillery_steps = sixes.min(SUPPRESSION_MAX);
    });
    let gun_sp = if suppressing { 0 } else { a.artillery_sp };
    roll(&mut d, &mut spare, gun_sp, true, a.woods, a.dusk, false, |s, sixes, _| {
        s.sixes += sixes;
        s.out.defender_steps = sixes.min(MAX_STEP_LOSS);
    });
    let artillery_fired = dice(a.suppression_sp) > 0 || dice(gun_sp) > 0;
    // 15.7: defensive fire at the assaulting Lead Brigade; two ones of sharpshooters hit a leader.
    roll(
        &mut d,
        &mut spare,
        a.defend_sp,
        false,
        a.attacker_in_woods,
        a.dusk,
        a.defender_sharpshooters,
        |s, sixes, ones| {
            s.out.attacker_steps = sixes.min(MAX_STEP_LOSS);
            if a.defender_sharpshooters && ones >= SHARPSHOOTER_ONES {
                s.out.attacker_leader_casualties += 1;
            }
        },
    );
    // 15.7: two steps lost: the Lead Brigade's morale check; failed, the Assault ends. The
    // states are distinct, so each gives at most one that fought and one that fell back, each
    // the sum of its dice's p / 6 in die order; those that fought stay in order, as do those
    // that fell back.
    let fought = &mut spare;
    fought.clear();
    let mut fell_back: Vec<(State, f64)> = Vec::new();
    for &Entry { value: s, p, .. } in &d.items {
        if s.out.attacker_steps < MAX_STEP_LOSS {
            fought.add(s, p);
            continue;
        }
        let (mut held, mut fell) = (None, None);
        for die in 1..=6i8 {
            let sum = if die + a.attack_morale_drm < MORALE_PASS { &mut fell } else { &mut held };
            *sum = Some(sum.map_or(p / 6.0, |q: f64| q + p / 6.0));
        }
        if let Some(q) = held {
            fought.add(s, q);
        }
        if let Some(q) = fell {
            fell_back.push((State { out: Outcome { attacker_fell_back: true, ..s.out }, ..s }, q));
        }
    }
    // 15.4 close combat by those that did not fall back.
    roll(fought, &mut d, a.attack_sp, true, a.woods, a.dusk, a.attacker_sharpshooters, |s, sixes, ones| {
        s.sixes += sixes;
        s.out.defender_steps = (s.out.defender_steps + sixes).min(MAX_STEP_LOSS);
        if a.attacker_sharpshooters && ones >= SHARPSHOOTER_ONES {
            s.out.defender_leader_casualties += 1;
        }
    });
    let close_combat = dice(a.attack_sp) > 0;
    // 16.1, 17.4 at the end of the Assault.
    let mut out = Merged::<Outcome>::with_capacity(16);
    for ((mut s, p), closed) in
        fought.items.iter().map(|e| ((e.value, e.p), close_combat)).chain(fell_back.iter().map(|&x| (x, false)))
    {
        s.out.rout = s.sixes >= ROUT_SIXES && !a.screened;
        if artillery_fired && closed && s.sixes >= LEADER_SIXES {
            s.out.defender_leader_casualties += 1;
        }
        out.add(s.out, p);
    }
    let mut out: Vec<(Outcome, f64)> = out.items.iter().map(|e| (e.value, e.p)).collect();
    out.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
    out
}

/// The 15.2 combat roll of `n` dice: `p[k]` is the probability of exactly k sixes (the
/// distribution the Assault rolls).
#[must_use]
pub fn sixes(n: u8) -> Vec<f64> {
    if n > MAX_DICE {
        let mut p = vec![0.0; usize::from(n) + 1];
        for (a, q) in combat_dice(n, false) {
            if let Action::Dice { sixes, .. } = a {
                p[usize::from(sixes)] += q;
            }
        }
        return p;
    }
    let mut p = vec![0.0; usize::from(n) + 1];
    for &(sixes, _, q) in combat_table(n, false) {
        p[usize::from(sixes)] += q;
    }
    p
}

/// One field's distribution over an Assault's outcomes: (value, probability), values ascending.
#[must_use]
pub fn marginal(outcomes: &[(Outcome, f64)], field: impl Fn(&Outcome) -> u8) -> Vec<(u8, f64)> {
    let mut m: Vec<(u8, f64)> = Vec::new();
    for (o, p) in outcomes {
        let v = field(o);
        match m.iter_mut().find(|(x, _)| *x == v) {
            Some((_, q)) => *q += p,
            None => m.push((v, *p)),
        }
    }
    m.sort_by_key(|&(v, _)| v);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The enumeration as it was before the cached dice table and the indexed merge, kept
    /// to check the faster one gives the same distributions, bit for bit.
    mod reference {
        use super::super::{Assault, Outcome};
        use crate::action::Action;
        use crate::casualty::{LEADER_SIXES, SHARPSHOOTER_ONES};
        use crate::combat::{MAX_DICE, MAX_STEP_LOSS, ROUT_SIXES, SUPPRESSION_MAX, WOODS_KEEP};
        use crate::procedure::combat_dice;
        use crate::retreat::MORALE_PASS;

        /// Where the enumeration stands: the outcome so far and what later rolls need.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
        struct State {
            out: Outcome,
            /// 16.1, 17.4: the attacker's sixes against the hex so far (after dusk and woods).
            sixes: u8,
            /// 11.6: each side's first six has been ignored (attacker, defender).
            dusk_used: [bool; 2],
        }

        /// A distribution over states, equal states merged.
        type Dist = Vec<(State, f64)>;

        fn add(d: &mut Dist, s: State, p: f64) {
            match d.iter_mut().find(|(t, _)| *t == s) {
                Some((_, q)) => *q += p,
                None => d.push((s, p)),
            }
        }

        /// Dice for an SP total: at most ten, never negative (15.2).
        fn dice(sp: i32) -> u8 {
            u8::try_from(sp.clamp(0, i32::from(MAX_DICE))).unwrap_or(0)
        }

        /// One roll of `sp` dice by the attacker (or the defender), dusk (11.6) and the woods re-roll
        /// (15.3) applied as the Assault applies them, then `hits(state, sixes, ones)`.
        fn roll(
            d: Dist,
            sp: i32,
            attacker: bool,
            woods: bool,
            dusk: bool,
            ones: bool,
            hits: impl Fn(&mut State, u8, u8),
        ) -> Dist {
            let n = dice(sp);
            if n == 0 {
                return d;
            }
            let side = usize::from(!attacker);
            let keep = f64::from(7 - WOODS_KEEP) / 6.0;
            let mut next = Dist::new();
            for (s, p) in d {
                for (a, q) in combat_dice(n, ones) {
                    let Action::Dice { mut sixes, ones } = a else { continue };
                    let mut s = s;
                    if dusk && sixes > 0 && !s.dusk_used[side] {
                        s.dusk_used[side] = true;
                        sixes -= 1;
                    }
                    let mut branch = |sixes: u8, r: f64| {
                        let mut t = s;
                        hits(&mut t, sixes, ones);
                        add(&mut next, t, p * q * r);
                    };
                    if woods && sixes > 0 {
                        branch(sixes, keep);
                        branch(sixes - 1, 1.0 - keep);
                    } else {
                        branch(sixes, 1.0);
                    }
                }
            }
            next
        }

        /// The exact distribution of what one Assault does, most likely first; probabilities sum to
        /// one.
        pub fn assault(a: &Assault) -> Vec<(Outcome, f64)> {
            let a = &a.ten_dice();
            let mut d: Dist = vec![(State::default(), 1.0)];
            // 15.6: the guns suppress the hex's artillery if it holds any, else fire at the brigades.
            let suppressing = a.suppression_sp > 0;
            d = roll(d, a.suppression_sp, true, a.woods, a.dusk, false, |s, sixes, _| {
                s.sixes += sixes;
                s.out.artillery_steps = sixes.min(SUPPRESSION_MAX);
            });
            let gun_sp = if suppressing { 0 } else { a.artillery_sp };
            d = roll(d, gun_sp, true, a.woods, a.dusk, false, |s, sixes, _| {
                s.sixes += sixes;
                s.out.defender_steps = sixes.min(MAX_STEP_LOSS);
            });
            let artillery_fired = dice(a.suppression_sp) > 0 || dice(gun_sp) > 0;
            // 15.7: defensive fire at the assaulting Lead Brigade; two ones of sharpshooters hit a leader.
            d = roll(d, a.defend_sp, false, a.attacker_in_woods, a.dusk, a.defender_sharpshooters, |s, sixes, ones| {
                s.out.attacker_steps = sixes.min(MAX_STEP_LOSS);
                if a.defender_sharpshooters && ones >= SHARPSHOOTER_ONES {
                    s.out.attacker_leader_casualties += 1;
                }
            });
            // 15.7: two steps lost: the Lead Brigade's morale check; failed, the Assault ends.
            let mut checked = Dist::new();
            for (s, p) in d {
                if s.out.attacker_steps < MAX_STEP_LOSS {
                    add(&mut checked, s, p);
                    continue;
                }
                for die in 1..=6i8 {
                    let mut t = s;
                    t.out.attacker_fell_back = die + a.attack_morale_drm < MORALE_PASS;
                    add(&mut checked, t, p / 6.0);
                }
            }
            // 15.4 close combat by those that did not fall back.
            let (mut fought, mut fell_back): (Dist, Dist) =
                checked.into_iter().partition(|(s, _)| !s.out.attacker_fell_back);
            fought = roll(fought, a.attack_sp, true, a.woods, a.dusk, a.attacker_sharpshooters, |s, sixes, ones| {
                s.sixes += sixes;
                s.out.defender_steps = (s.out.defender_steps + sixes).min(MAX_STEP_LOSS);
                if a.attacker_sharpshooters && ones >= SHARPSHOOTER_ONES {
                    s.out.defender_leader_casualties += 1;
                }
            });
            let close_combat = dice(a.attack_sp) > 0;
            // 16.1, 17.4 at the end of the Assault.
            let mut out: Vec<(Outcome, f64)> = Vec::new();
            for (mut s, p, closed) in fought
                .into_iter()
                .map(|(s, p)| (s, p, close_combat))
                .chain(fell_back.drain(..).map(|(s, p)| (s, p, false)))
            {
                s.out.rout = s.sixes >= ROUT_SIXES && !a.screened;
                if artillery_fired && closed && s.sixes >= LEADER_SIXES {
                    s.out.defender_leader_casualties += 1;
                }
                match out.iter_mut().find(|(o, _)| *o == s.out) {
                    Some((_, q)) => *q += p,
                    None => out.push((s.out, p)),
                }
            }
            out.sort_by(|x, y| y.1.total_cmp(&x.1).then(x.0.cmp(&y.0)));
            out
        }
    }

    #[test]
    fn merged_past_the_indexed_values_still_merges_in_order() {
        let mut m = Dist::with_capacity(4);
        for round in 0..3u8 {
            for sixes in 0..200u8 {
                m.add(State { sixes, ..State::default() }, f64::from(round + 1));
            }
        }
        assert_eq!(m.items.len(), 200);
        for (i, e) in m.items.iter().enumerate() {
            assert_eq!((usize::from(e.value.sixes), e.p), (i, 6.0));
        }
        m.clear();
        m.add(State::default(), 0.5);
        assert_eq!(m.items.len(), 1);
    }

    #[test]
    fn the_indexed_enumeration_equals_the_reference_bit_for_bit() {
        let mut checked = 0;
        for (i, &(artillery_sp, suppression_sp, defend_sp, attack_sp)) in [
            (0, 0, 0, 6),
            (2, 0, 0, 4),
            (4, 0, 0, 10),
            (3, 0, 5, 8),
            (0, 2, 10, 10),
            (10, 0, 10, 10),
            (0, 0, 7, 0),
            (6, 3, 4, 12),
        ]
        .iter()
        .enumerate()
        {
            for flags in 0..128u32 {
                let bit = |b: u32| flags >> b & 1 == 1;
                let a = Assault {
                    attack_sp,
                    defend_sp,
                    artillery_sp,
                    suppression_sp,
                    woods: bit(0),
                    attacker_in_woods: bit(1),
                    dusk: bit(2),
                    attacker_sharpshooters: bit(3),
                    defender_sharpshooters: bit(4),
                    screened: bit(5),
                    attack_morale_drm: if bit(6) { 1 } else { -i8::try_from(i % 3).unwrap_or(0) },
                };
                assert_eq!(assault(&a), reference::assault(&a), "{a:?}");
                checked += 1;
            }
        }
        assert_eq!(checked, 8 * 128);
    }

    fn total(o: &[(Outcome, f64)]) -> f64 {
        o.iter().map(|(_, p)| p).sum()
    }

    #[test]
    fn close_combat_alone_is_binomial_with_the_cap() {
        let o = assault(&Assault { attack_sp: 3, ..Assault::default() });
        assert!((total(&o) - 1.0).abs() < 1e-12);
        let steps = marginal(&o, |o| o.defender_steps);
        let p0 = (5.0f64 / 6.0).powi(3);
        assert!((steps[0].1 - p0).abs() < 1e-12);
        assert!((steps[2].1 - (3.0 * 5.0 + 1.0) / 216.0).abs() < 1e-12);
        assert!(o.iter().all(|(o, _)| !o.rout), "three dice never rout");
    }

    /// 15.2: ten dice per Assault, not per roll: 4 artillery and 10 close-combat SP roll four
    /// and six dice, so four sixes (rout, 17.4; leader casualty, 16.1) come as often as on ten
    /// dice, about 7%, not 19% as fourteen dice would give.
    #[test]
    fn ten_dice_per_assault_not_per_roll() {
        let o = assault(&Assault { attack_sp: 10, artillery_sp: 4, ..Assault::default() });
        let rout: f64 = o.iter().filter(|(o, _)| o.rout).map(|(_, p)| p).sum();
        let ten: f64 = sixes(10).iter().skip(4).sum();
        let fourteen: f64 = sixes(14).iter().skip(4).sum();
        assert!((rout - ten).abs() < 1e-12, "{rout} {ten}");
        assert!((ten - 0.0697).abs() < 1e-3 && (fourteen - 0.1937).abs() < 1e-3, "{ten} {fourteen}");
        // Suppression takes its share first too; the defender's one roll is ten at most.
        let a = Assault { suppression_sp: 3, artillery_sp: 5, attack_sp: 9, defend_sp: 12, ..Assault::default() };
        assert_eq!(a.ten_dice(), Assault { suppression_sp: 3, artillery_sp: 5, attack_sp: 7, defend_sp: 10, ..a });
        // Under ten, nothing changes.
        let b = Assault { artillery_sp: 2, attack_sp: 8, defend_sp: -1, ..Assault::default() };
        assert_eq!(b.ten_dice(), b);
    }

    #[test]
    fn every_option_still_sums_to_one() {
        let a = Assault {
            attack_sp: 12,
            defend_sp: 6,
            artillery_sp: 4,
            woods: true,
            attacker_in_woods: true,
            dusk: true,
            attacker_sharpshooters: true,
            defender_sharpshooters: true,
            attack_morale_drm: 1,
            ..Assault::default()
        };
        let o = assault(&a);
        assert!((total(&o) - 1.0).abs() < 1e-12);
        assert!(o.iter().any(|(o, _)| o.defender_leader_casualties == 2));
    }
}

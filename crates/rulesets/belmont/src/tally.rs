//! What the odds calculator counts in a Belmont position ([`engine::Game::tally`]): per
//! side, the losses so far and the state of its units now, and the VP. Each key counts
//! the side that suffers it (the counter's own side), so "confederate companies
//! eliminated +1" is a Confederate loss. A count of a state that can worsen includes the
//! worse state ("companies broken or eliminated"), so a broken company eliminated later
//! never shows as "-1 broken": the odds rows read as losses, never as negative counts.

use crate::counters::Kind;
use crate::state::{Belmont, Fate, Loc};
use engine::Side;

/// The counts, Union keys then Confederate keys, always in this order.
pub(crate) fn tally(g: &Belmont) -> Vec<(String, i64)> {
    let mut out = Vec::with_capacity(24);
    for side in Side::BOTH {
        // [companies eliminated, companies broken or eliminated, artillery reduced or
        // eliminated, artillery eliminated, artillery captured, units retreated, leaders
        // wounded, killed or captured, leaders killed, leaders captured, vessels damaged or sunk,
        // vessel damage, vessels sunk]
        let mut n = [0i64; 12];
        for u in g.ids() {
            let c = g.counter(u);
            if c.side != side {
                continue;
            }
            let unit = g.unit(u);
            let in_play = g.in_play(u);
            let gone = |f: Fate| unit.loc == Loc::Gone(f);
            match c.kind {
                // 7.1, 14.1 eliminated; 7.0, 8.5 broken.
                Kind::Infantry | Kind::Cavalry => {
                    n[0] += i64::from(gone(Fate::Eliminated));
                    n[1] += i64::from((in_play && unit.flipped) || gone(Fate::Eliminated));
                }
                // 7.1 reduced or eliminated; 8.7 captured (on the map under its captor,
                // or out of the game).
                Kind::FieldArtillery | Kind::IronBanks => {
                    n[2] += i64::from((in_play && unit.flipped) || gone(Fate::Eliminated));
                    n[3] += i64::from(gone(Fate::Eliminated));
                    n[4] += i64::from(unit.captor.is_some() || gone(Fate::Captured));
                }
                // 7.2 wounded or killed; 6.7, 8.6 captured. Captured counts as worse than
                // wounded, so a wounded leader captured later is no "-1 wounded" (the fourth
                // playtest's odds showed one).
                Kind::Leader => {
                    n[6] += i64::from((in_play && unit.flipped) || gone(Fate::Killed) || gone(Fate::Captured));
                    n[7] += i64::from(gone(Fate::Killed));
                    n[8] += i64::from(gone(Fate::Captured));
                }
                // 11.1: damage marks, and six sink.
                Kind::Gunboat | Kind::Transport => {
                    n[9] += i64::from((in_play && unit.damage > 0) || gone(Fate::Eliminated));
                    n[10] += i64::from(unit.damage);
                    n[11] += i64::from(gone(Fate::Eliminated));
                }
            }
        }
        // 8.0: retreat results taken, each one (a unit's own mark lasts an activation).
        n[5] = i64::from(g.retreats[side.index()]);
        let names = [
            "companies eliminated",
            "companies broken or eliminated",
            "artillery reduced or eliminated",
            "artillery eliminated",
            "artillery captured",
            "units retreated",
            "leaders wounded, killed or captured",
            "leaders killed",
            "leaders captured",
            "vessels damaged or sunk",
            "vessel damage",
            "vessels sunk",
        ];
        out.extend(names.iter().zip(n).map(|(k, v)| (format!("{} {k}", side.name()), v)));
        out.push((format!("{} vp x4", side.name()), i64::from(g.vp[side.index()])));
    }
    out
}

#[cfg(test)]
mod tests {
    use crate::counters::UnitId;
    use engine::{Game, Side};

    /// Breaks a Confederate company on the map, and says which.
    fn break_a_company(g: &mut crate::Belmont) -> UnitId {
        let u = g
            .ids()
            .find(|&u| {
                g.counter(u).side == Side::Confederate && g.counter(u).company.is_some() && g.hex_of(u).is_some()
            })
            .expect("a Confederate company on the map");
        let id = g.name(u);
        g.set_flipped(id, true);
        u
    }

    #[test]
    fn a_broken_company_is_counted_for_its_side_only() {
        let mut g = crate::Belmont::after_setup(&[]);
        let before = g.tally();
        assert_eq!(before.len(), 26);
        assert!(before.iter().all(|(k, _)| k.starts_with("union ") || k.starts_with("confederate ")));
        break_a_company(&mut g);
        let after = g.tally();
        let get = |t: &[(String, i64)], k: &str| t.iter().find(|(n, _)| n == k).unwrap().1;
        assert_eq!(
            get(&after, "confederate companies broken or eliminated"),
            get(&before, "confederate companies broken or eliminated") + 1
        );
        assert_eq!(
            get(&after, "union companies broken or eliminated"),
            get(&before, "union companies broken or eliminated")
        );
        assert_eq!(get(&after, "union vp x4"), i64::from(g.vp[0]));
    }

    /// A broken company later eliminated is one more eliminated and still one broken or
    /// eliminated: no row of the odds reads "-1".
    #[test]
    fn a_broken_company_eliminated_counts_no_negative() {
        let mut g = crate::Belmont::after_setup(&[]);
        let u = break_a_company(&mut g);
        let broken = g.tally();
        crate::fire::eliminate(&mut g, u);
        let gone = g.tally();
        let get = |t: &[(String, i64)], k: &str| t.iter().find(|(n, _)| n == k).unwrap().1;
        let k = "confederate companies broken or eliminated";
        assert_eq!(get(&gone, k), get(&broken, k));
        let e = "confederate companies eliminated";
        assert_eq!(get(&gone, e), get(&broken, e) + 1);
        assert!(broken.iter().zip(&gone).all(|((_, a), (_, b))| b >= a), "{broken:?} -> {gone:?}");
    }

    /// The fourth playtest: "units retreated" counted the units marked this activation, so
    /// odds that ran past the activation's end read "-1 retreated", and a second retreat of
    /// the same company none. Each retreat result now counts once for good: the mark's
    /// reset at the activation's end changes nothing, and the Union's count is untouched.
    #[test]
    fn each_retreat_counts_once_and_the_activations_end_takes_none_back() {
        let mut g = crate::Belmont::after_setup(&[]);
        let u = break_a_company(&mut g);
        let get = |g: &crate::Belmont, k: &str| g.tally().into_iter().find(|(n, _)| n == k).unwrap().1;
        let k = "confederate units retreated";
        assert_eq!(get(&g, k), 0);
        crate::retreat::start_retreat(&mut g, u, None, false);
        assert_eq!(get(&g, k), 1);
        for id in g.ids().collect::<Vec<_>>() {
            g.unit_mut(id).shaken = false; // as the activation's end does (3.2.2)
        }
        assert_eq!(get(&g, k), 1, "no retreat taken back");
        g.stack.clear();
        crate::retreat::start_retreat(&mut g, u, None, false);
        assert_eq!(get(&g, k), 2, "a second retreat counts");
        assert_eq!(get(&g, "union units retreated"), 0);
    }
}

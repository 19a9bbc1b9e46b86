//! 14.0 Scoring at the end of the game (14.4) and the 15.0 optional awards. Scoring
//! during play is where it happens: 14.1 in `fire`, 14.2 in `camp`, 14.3 in `sequence`.

use crate::action::Action;
use crate::charts::{self, vp};
use crate::counters::Kind;
use crate::procedure::Frame;
use crate::state::{Belmont, Fate, Loc};
use engine::Side;

/// 14.4: roll for every wounded leader, then the final tally.
pub(crate) fn final_scoring(g: &mut Belmont) {
    g.stack.push(Frame::Over);
    tally(g);
    for l in g.ids().collect::<Vec<_>>() {
        if g.is_leader(l) && g.in_play(l) && g.unit(l).flipped {
            g.stack.push(Frame::WoundedRoll { leader: l });
        }
    }
}

/// 14.4: a six kills the wounded leader (scored as killed, not wounded).
pub(crate) fn wounded_roll(g: &mut Belmont, l: crate::counters::UnitId, a: &Action) {
    let Action::Roll(r) = *a else { unreachable!() };
    let n = g.name(l);
    if r >= charts::WOUNDED_DIES_ON {
        g.log.push("Belmont 14.4", || format!("Rolled {r}: {n} dies of his wounds."));
        crate::fire::kill_leader(g, l, Fate::Killed);
    } else {
        let enemy = g.counter(l).side.enemy();
        g.vp[enemy.index()] += vp::LEADER_WOUNDED;
        g.log.push("Belmont 14.4", || format!("Rolled {r}: {n} survives wounded: 2 VP."));
    }
    if !g.stack.iter().any(|f| matches!(f, Frame::WoundedRoll { .. })) {
        let [u, c] = engine::Game::vp(g);
        let winner = if g.vp[0] >= g.vp[1] { "the Union" } else { "the Confederates" };
        g.log.push("Belmont 14.0", || format!("Final score: Union {u}, Confederate {c}: {winner} win."));
    }
}

fn tally(g: &mut Belmont) {
    let add = |g: &mut Belmont, side: Side, pts: i32, why: String| {
        if pts != 0 {
            g.vp[side.index()] += pts;
            g.log.push("Belmont 14.4", || {
                format!("{} VP to the {}: {why}.", f64::from(pts) / f64::from(charts::VP_UNIT), side.title())
            });
        }
    };
    for v in g.ids().collect::<Vec<_>>() {
        let c = g.counter(v);
        // 2 VP for each enemy vessel damaged (and afloat).
        if matches!(c.kind, Kind::Gunboat | Kind::Transport) && g.in_play(v) && g.unit(v).damage > 0 {
            add(g, c.side.enemy(), vp::VESSEL_DAMAGED, format!("{} damaged", c.id));
        }
        // 2 VP for each enemy artillery counter captured, to the side holding it (8.7: a
        // gun re-taken by its own side is that side's captured artillery, but not an
        // enemy counter, so it scores for no one).
        if matches!(c.kind, Kind::FieldArtillery | Kind::IronBanks) {
            let holder = match g.unit(v).loc {
                Loc::Gone(Fate::Captured) => Some(c.side.enemy()),
                _ => g.unit(v).captor.map(|_| g.owner(v)),
            };
            if let Some(side) = holder.filter(|&s| s != c.side) {
                add(g, side, vp::ARTILLERY_CAPTURED, format!("{} captured", c.id));
            }
        }
    }
    // 1/2 VP to the Confederates for each broken Union unit on the map.
    let broken =
        g.ids().filter(|&u| g.counter(u).side == Side::Union && g.is_broken(u) && g.hex_of(u).is_some()).count();
    add(g, Side::Confederate, vp::BROKEN_UNION_UNIT * broken as i32, format!("{broken} broken Union units on the map"));
    // 5 VP to the Confederates if the camp never fell.
    if g.camp_captured.is_none() {
        add(g, Side::Confederate, vp::CAMP_HELD, "Camp Johnston never captured".into());
    }
    // 15.0 options.
    if g.opt.adjacent_vp {
        let n = g
            .ids()
            .filter(|&u| {
                g.counter(u).side == Side::Confederate && g.counter(u).kind == Kind::Infantry && !g.unit(u).flipped
            })
            .filter(|&u| {
                g.hex_of(u).is_some_and(|h| {
                    h.neighbours().iter().any(|&n| {
                        g.side_at(n, Side::Union)
                            .iter()
                            .any(|&x| g.counter(x).kind == Kind::Infantry && !g.unit(x).flipped)
                    })
                })
            })
            .count();
        add(
            g,
            Side::Confederate,
            vp::OPT_ADJACENT * n as i32,
            format!("{n} CS companies adjacent to unbroken Union companies (15.0)"),
        );
    }
    if g.opt.union_on_map_vp {
        // Reading: "non-broken Union unit" counts companies that are not broken and field
        // artillery (reduced or not: artillery is never broken, 7.1), not leaders or
        // gunboats.
        let n = g
            .ids()
            .filter(|&u| {
                g.counter(u).side == Side::Union
                    && g.hex_of(u).is_some()
                    && !g.is_leader(u)
                    && !g.is_vessel(u)
                    && !g.is_broken(u)
            })
            .count();
        add(
            g,
            Side::Confederate,
            vp::OPT_UNION_ON_MAP * n as i32,
            format!("{n} unbroken Union units on the map (15.0)"),
        );
    }
    if !g.stack.iter().any(|f| matches!(f, Frame::WoundedRoll { .. }))
        && g.ids().all(|l| !(g.is_leader(l) && g.in_play(l) && g.unit(l).flipped))
    {
        let [u, c] = engine::Game::vp(g);
        let winner = if g.vp[0] >= g.vp[1] { "the Union" } else { "the Confederates" };
        g.log.push("Belmont 14.0", || format!("Final score: Union {u}, Confederate {c}: {winner} win."));
    }
}

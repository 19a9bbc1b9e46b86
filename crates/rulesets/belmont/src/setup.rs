//! 2.0 Setting up the game: the Union's guard regiment (2.1), each side's deployment in
//! its zone (2.1, 2.2), the reserve box (2.3) and the chits (2.4).
//!
//! Reading: the rulebook lets each side place its units freely within its zone. The game
//! starts from an authored default deployment (filled nearest the camp first), then each
//! side may re-place any of its units once, within its zone and the stacking limit,
//! before saying Done. A human sees a playable line-up at once; a bot may rearrange it.

use crate::action::Action;
use crate::counters::{FormationKind, Kind, UnitId, Zone};
use crate::procedure::{Frame, run};
use crate::state::{Belmont, Loc, Unit};
use crate::{Options, charts};
use engine::{Log, Side};
use hexmap::Hex;

pub(crate) fn new_game(options: Vec<String>, opt: Options) -> Belmont {
    let oob = crate::counters::belmont();
    let units = oob.counters.iter().map(|_| Unit::fresh(Loc::Reserve)).collect();
    let transports: Vec<UnitId> =
        (0..oob.counters.len()).filter(|&i| oob.counters[i].kind == Kind::Transport).map(|i| i as UnitId).collect();
    let mut g = Belmont {
        options,
        opt,
        turn: 0,
        units,
        chits: Belmont::initial_chits(oob),
        vp: [0, 0],
        camp_captured: None,
        influence: charts::GRANT_INFLUENCE_POINTS,
        high_morale: [true, false],
        guard: None,
        guard_units: Vec::new(),
        guard_released: false,
        confused: [false, false],
        act: None,
        markers: Vec::new(),
        transports_free: Vec::new(),
        transports_held: Vec::new(),
        transport_limits: true,
        embarked: [0, 0],
        retreats: [0, 0],
        stack: vec![Frame::GuardRegiment],
        log: Log::recording(),
        occ: crate::state::Occupancy::new(crate::map::belmont().cells.len()),
        legal_memo: engine::LegalMemo::default(),
    };
    let _ = transports;
    default_deployment(&mut g);
    g.log.push("Belmont 2.0", || "Set-up: the Union places first, then the Confederates.".into());
    run(&mut g);
    g
}

/// The zone a counter belongs to (2.1-2.3).
fn zone(u: UnitId) -> Zone {
    crate::counters::belmont().zones[usize::from(u)]
}

/// 2.1: "within three land hexes of the dock": a path of at most `n` land hexes. From
/// Hunter's Farm dock (every caller) the steps are read from a table worked out once.
pub(crate) fn within_land_hexes(g: &Belmont, from: Hex, to: Hex, n: u16) -> bool {
    if from.distance(to) > n || !g.is_land(to) {
        return false;
    }
    let map = g.map();
    if from == map.hunters_farm_dock
        && let Ok(n) = u8::try_from(n)
        && n < 254
    {
        return crate::tables::tables().land_near_dock(map, to, n);
    }
    let r = hexmap::reach(from, u32::from(n), |_, b| g.is_land(b).then_some(1), |_| true);
    r.cost.contains_key(&to)
}

fn guard_leader(g: &Belmont) -> Option<UnitId> {
    g.guard.and_then(|f| g.oob().formations[usize::from(f)].leader)
}

/// Whether `u` may be on `hex` with what is there (4.2: three units; cavalry alone;
/// Iron Banks: up to three per entrenchment, 2.2).
pub(crate) fn stack_ok(g: &Belmont, u: UnitId, hex: Hex) -> bool {
    Stack::of(g, hex, Some(u)).admits(Joining::of(g, u))
}

/// The two things 4.2 asks of a unit joining a stack.
#[derive(Clone, Copy)]
struct Joining {
    cavalry: bool,
    leader: bool,
}

impl Joining {
    fn of(g: &Belmont, u: UnitId) -> Joining {
        Joining { cavalry: is_cavalry(g, u), leader: g.is_leader(u) }
    }
}

/// What 4.2 asks of a hex's counters (vessels aside) when another unit would join them.
#[derive(Clone, Copy)]
struct Stack {
    /// Units that count against the limit (leaders do not).
    count: usize,
    /// Some are cavalry or cavalry leaders.
    cavalry: bool,
    /// Some are neither.
    other: bool,
}

impl Stack {
    /// The counters on `hex` other than `except`.
    fn of(g: &Belmont, hex: Hex, except: Option<UnitId>) -> Stack {
        let mut s = Stack { count: 0, cavalry: false, other: false };
        for &o in g.here(hex) {
            if Some(o) == except || g.is_vessel(o) {
                continue;
            }
            if is_cavalry(g, o) {
                s.cavalry = true;
            } else {
                s.other = true;
            }
            s.count += usize::from(!g.is_leader(o));
        }
        s
    }

    fn admits(self, u: Joining) -> bool {
        // 4.2: cavalry and cavalry leaders may not share a hex with other units.
        let mixed = if u.cavalry { self.other } else { self.cavalry };
        // 4.2: leaders ignore the limit.
        !mixed && (u.leader || self.count < charts::STACK_LIMIT)
    }
}

fn is_cavalry(g: &Belmont, u: UnitId) -> bool {
    g.counter(u).kind == Kind::Cavalry || g.is_cavalry_leader(u)
}

fn default_deployment(g: &mut Belmont) {
    let map = g.map();
    let oob = g.oob();
    let camp = map.camp.first().copied().unwrap_or(map.belmont_dock);
    let sorted = |set: Vec<Hex>| {
        let mut v = set;
        v.sort_by_key(|h| (h.distance(camp), *h));
        v
    };
    let union: Vec<Hex> = sorted(map.union_setup.iter().copied().filter(|h| g.is_land(*h)).collect());
    let cs: Vec<Hex> = sorted(map.confederate_setup.iter().copied().filter(|h| g.is_land(*h)).collect());
    let section1 = river_hexes(g, 1);
    let mut v1 = 0;
    for u in g.ids() {
        let loc = match zone(u) {
            Zone::ReserveBox => Loc::Reserve,
            Zone::TurnTrack => Loc::TurnTrack,
            Zone::BelmontDock => Loc::Hex(map.belmont_dock),
            Zone::RiverSection(_) => {
                v1 += 1;
                Loc::Hex(section1[(v1 - 1) % section1.len()])
            }
            Zone::UnionSetup | Zone::HunterFarmGuard => place_first(g, u, &union),
            Zone::ConfederateSetup => place_first(g, u, &cs),
            Zone::Columbus => {
                let mut c = map.columbus.clone();
                c.push(map.columbus_dock);
                place_first(g, u, &c)
            }
            Zone::Entrenchment => place_first(g, u, &map.entrenchments),
        };
        g.set_loc(u, loc);
    }
    // Regiment leaders start with their regiment's first company.
    for (fi, f) in oob.formations.iter().enumerate() {
        if f.kind != FormationKind::Regiment {
            continue;
        }
        if let (Some(l), Some(first)) = (f.leader, oob.companies_of(fi).first().copied())
            && zone(l) == zone(first)
        {
            g.set_loc(l, g.unit(first).loc);
        }
    }
    place_hq_leaders(g);
}

/// Army, brigade, artillery and cavalry leaders start with the company of their command
/// nearest the enemy's zone (any of their side's companies if none of theirs is there),
/// within their own zone and never with the dock guard, so none stands alone where the
/// first enemy into his hex would capture him (6.7): Grant, McClernand and Dougherty once
/// stood alone nearest the camp and fell on turn 1. With the leading company rather than
/// the rearmost, greedy against greedy stays near even (20 games: Union 45%; from the rear,
/// 30%: docs/performance.md). Run again once the guard is placed (2.1), as the guard may
/// take a leader's company away.
fn place_hq_leaders(g: &mut Belmont) {
    let map = g.map();
    let oob = g.oob();
    let land =
        |set: &std::collections::BTreeSet<Hex>| -> Vec<Hex> { set.iter().copied().filter(|h| g.is_land(*h)).collect() };
    let (union, cs) = (land(&map.union_setup), land(&map.confederate_setup));
    for u in g.ids() {
        let free = matches!(zone(u), Zone::UnionSetup | Zone::ConfederateSetup)
            && g.is_leader(u)
            && !oob.formations.iter().any(|f| f.kind == FormationKind::Regiment && f.leader == Some(u));
        if !free {
            continue;
        }
        let side = oob.counter(u).side;
        let (own, enemy) = if side == Side::Union { (&union, &cs) } else { (&cs, &union) };
        let away = |h: Hex| enemy.iter().map(|e| e.distance(h)).min().unwrap_or(0);
        let with = |c: UnitId| match g.unit(c).loc {
            Loc::Hex(h)
                if !g.is_leader(c)
                    && oob.counter(c).side == side
                    && own.contains(&h)
                    && !g.guard_units.contains(&c) =>
            {
                Some(h)
            }
            _ => None,
        };
        let commands = |c: UnitId| {
            oob.counter(c)
                .formation
                .is_some_and(|f| oob.formations[f].leader == Some(u) || oob.formations[f].brigade == Some(u))
        };
        let theirs: Vec<Hex> = g.ids().filter(|&c| commands(c)).filter_map(with).collect();
        let hexes = if theirs.is_empty() { g.ids().filter_map(with).collect() } else { theirs };
        if let Some(h) = hexes.into_iter().min_by_key(|&h| (away(h), h)) {
            g.set_loc(u, Loc::Hex(h));
        }
    }
}

fn place_first(g: &Belmont, u: UnitId, hexes: &[Hex]) -> Loc {
    hexes
        .iter()
        .find(|&&h| stack_ok(g, u, h) && g.ground_at(h).len() < 2 + usize::from(g.is_leader(u)))
        .or_else(|| hexes.iter().find(|&&h| stack_ok(g, u, h)))
        .map_or(Loc::Reserve, |h| Loc::Hex(*h))
}

pub(crate) fn river_hexes(g: &Belmont, section: u8) -> Vec<Hex> {
    g.map()
        .hexes()
        .filter(|(_, i)| i.river_section == Some(section) && i.terrain == crate::map::Terrain::River)
        .map(|(h, _)| h)
        .collect()
}

pub(crate) fn legal(g: &Belmont, f: &Frame) -> Vec<Action> {
    let oob = g.oob();
    match f {
        Frame::GuardRegiment => (0..oob.formations.len())
            .filter(|&i| oob.formations[i].side == Side::Union && oob.formations[i].kind == FormationKind::Regiment)
            .map(|i| Action::Guard(i as u8))
            .collect(),
        Frame::GuardCompanies { formation } => oob
            .companies_of(usize::from(*formation))
            .into_iter()
            .filter(|u| !g.guard_units.contains(u))
            .map(Action::GuardCompany)
            .collect(),
        Frame::Deploy { side, placed } => {
            let mut out = vec![Action::Done];
            let map = g.map();
            let dock = map.hunters_farm_dock;
            let guard_hexes: Vec<Hex> =
                map.union_setup.iter().copied().filter(|&h| within_land_hexes(g, dock, h, 3)).collect();
            let mut union: Vec<Hex> = map.union_setup.iter().copied().collect();
            let mut cs: Vec<Hex> = map.confederate_setup.iter().copied().collect();
            union.sort();
            cs.sort();
            let mut columbus = map.columbus.clone();
            columbus.push(map.columbus_dock);
            // Each zone's land hexes with their stacks, worked out once for every unit
            // (a unit is never among a hex's counters here: it is not offered its own hex).
            let stacks = |hexes: &[Hex]| -> Vec<(Hex, Stack)> {
                hexes.iter().filter(|&&h| g.is_land(h)).map(|&h| (h, Stack::of(g, h, None))).collect()
            };
            let (guard_hexes, union, cs) = (stacks(&guard_hexes), stacks(&union), stacks(&cs));
            let (columbus, entrenchments) = (stacks(&columbus), stacks(&map.entrenchments));
            for u in g.ids() {
                if g.counter(u).side != *side || placed.contains(&u) || g.is_vessel(u) {
                    continue;
                }
                let Loc::Hex(now) = g.unit(u).loc else {
                    continue;
                };
                if zone(u) == Zone::BelmontDock {
                    continue; // 2.2: fixed on the Belmont dock hex.
                }
                let guard = g.guard_units.contains(&u) || (g.guard.is_some() && guard_leader(g) == Some(u));
                let zone_hexes: &[(Hex, Stack)] = if guard {
                    &guard_hexes
                } else {
                    match zone(u) {
                        Zone::UnionSetup => &union,
                        Zone::ConfederateSetup => &cs,
                        Zone::Columbus => &columbus,
                        Zone::Entrenchment => &entrenchments,
                        _ => &[],
                    }
                };
                let joining = Joining::of(g, u);
                for &(h, stack) in zone_hexes {
                    if h != now && stack.admits(joining) {
                        out.push(Action::Place { unit: u, hex: h });
                    }
                }
            }
            out
        }
        _ => vec![],
    }
}

pub(crate) fn apply(g: &mut Belmont, f: Frame, a: &Action) {
    match (f, a) {
        (Frame::GuardRegiment, Action::Guard(fi)) => {
            g.guard = Some(*fi);
            let name = g.oob().formations[usize::from(*fi)].name.clone();
            g.log.push("Belmont 2.1", || format!("The {name} guards Hunter's Farm dock."));
            g.stack.push(Frame::GuardCompanies { formation: *fi });
        }
        (Frame::GuardCompanies { formation }, Action::GuardCompany(u)) => {
            g.guard_units.push(*u);
            let name = g.name(*u);
            g.log.push("Belmont 2.1", || format!("{name} stays at the dock."));
            if g.guard_units.len() < 5 {
                g.stack.push(Frame::GuardCompanies { formation });
            } else {
                place_guard(g);
                g.stack.push(Frame::Deploy { side: Side::Confederate, placed: vec![] });
                g.stack.push(Frame::Deploy { side: Side::Union, placed: vec![] });
            }
        }
        (Frame::Deploy { side, mut placed }, Action::Place { unit, hex }) => {
            g.set_loc(*unit, Loc::Hex(*hex));
            placed.push(*unit);
            let (n, h) = (g.name(*unit), *hex);
            g.log.push("Belmont 2.0", || format!("{n} sets up at {h}."));
            g.stack.push(Frame::Deploy { side, placed });
        }
        (Frame::Deploy { side, .. }, Action::Done) => {
            g.log.push("Belmont 2.0", || format!("{} set-up complete.", side.title()));
            if side == Side::Confederate {
                g.stack.push(Frame::TurnStart);
            }
        }
        (f, a) => unreachable!("setup {f:?} {a:?}"),
    }
}

/// 2.1: the guard companies and their leader go within three land hexes of the dock.
fn place_guard(g: &mut Belmont) {
    let dock = g.map().hunters_farm_dock;
    let mut hexes: Vec<Hex> =
        g.map().union_setup.iter().copied().filter(|&h| within_land_hexes(g, dock, h, 3)).collect();
    hexes.sort_by_key(|h| (h.distance(dock), *h));
    let mut units = g.guard_units.clone();
    units.extend(guard_leader(g));
    for u in units {
        g.set_loc(u, Loc::Reserve);
        if let Loc::Hex(h) = place_first(g, u, &hexes) {
            g.set_loc(u, Loc::Hex(h));
        } else if let Some(h) = hexes.first() {
            g.set_loc(u, Loc::Hex(*h));
        }
    }
    // The other companies of the regiment may have been deployed onto guard hexes:
    // nothing further, stacking is checked at placement.
    place_hq_leaders(g);
}

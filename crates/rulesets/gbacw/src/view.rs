//! The position as a page or `muster render` draws it (`engine::BoardView`): the authored
//! map's terrain, heights, roads and hexsides; every counter on the map facing its hexside
//! (7.0); the turn track and the phase.

use crate::command;
use crate::oob::Kind;
use crate::state::{Formation, Gbacw, LeaderId, Loc};
use crate::terrain::{HexsideKind, Terrain};
use engine::{BoardView, CounterView, HexView, LegendEntry, LineView, StatusView};

/// Terrain, its legend name and fill.
const LEGEND: [(Terrain, &str, &str); 9] = [
    (Terrain::Clear, "Clear", "#e8e2b8"),
    (Terrain::Cornfield, "Cornfield", "#e3cf6a"),
    (Terrain::Camp, "Camp", "#f0d8a0"),
    (Terrain::Buildings, "Buildings", "#c9a27e"),
    (Terrain::Woods, "Woods", "#6f9a55"),
    (Terrain::Abatis, "Abatis (felled timber)", "#a7a060"),
    (Terrain::Marsh, "Marsh, dry bayou", "#9fc2a8"),
    (Terrain::Pond, "Pond, wet bayou", "#8fb8d8"),
    (Terrain::River, "River", "#5b8fc7"),
];

/// The map with every unit and leader on it.
#[must_use]
pub fn board(g: &Gbacw) -> BoardView {
    let map = g.map();
    let hexes = map
        .hexes()
        .map(|(h, info)| HexView {
            hex: h.label(),
            terrain: info.terrain.key().into(),
            elevation: i8::try_from(info.height).unwrap_or(i8::MAX),
            name: info.name.clone(),
        })
        .collect();
    let mut lines: Vec<LineView> = map
        .road_paths
        .iter()
        .map(|r| LineView { kind: "road".into(), hexside: false, hexes: r.hexes.iter().map(|h| h.label()).collect() })
        .collect();
    for kind in HexsideKind::ALL {
        let sides: Vec<String> = map
            .hexsides
            .iter()
            .filter(|(_, k)| **k == kind)
            .flat_map(|(s, _)| {
                let (a, b) = s.hexes();
                [a.label(), b.label()]
            })
            .collect();
        if !sides.is_empty() {
            lines.push(LineView { kind: kind.key().into(), hexside: true, hexes: sides });
        }
    }
    BoardView {
        title: format!("Belmont, 7 November 1861 (GBACW standard rules): {}", g.turn_label()),
        hexes,
        lines,
        counters: counters(g),
        tracks: vec![
            ("Game-Turn".into(), format!("{} ({} of {})", g.turn_label(), g.turn, g.last_turn())),
            ("Phase".into(), format!("{} Player-Turn, {}", g.phasing.title(), g.phase.name())),
            ("Command".into(), format!("{} (17.0)", command::summary(g))),
            ("Brigade Combat Effectiveness".into(), bce_track(g)),
            ("Victory Points".into(), vp_track(g)),
            // The exclusive rule's object, in view (the sixth playtest found it only in the log).
            (
                "Camp Johnston".into(),
                if g.camp_burned {
                    format!("burned: {} VP to the Union (exclusive rule)", crate::scenario::belmont().camp_burned)
                } else {
                    "standing: an unrouted Union unit in it in the Union's Final Command Phase burns it (exclusive rule)"
                        .into()
                },
            ),
            (
                "Scale".into(),
                "120 yards a hex, 20 minutes a Game-Turn, a Strength Point about 100 men or one gun (authored)".into(),
            ),
        ],
        legend: LEGEND
            .iter()
            .map(|(t, n, f)| LegendEntry { terrain: t.key().into(), name: (*n).into(), fill: (*f).into() })
            .collect(),
        north: Some(0),
        marks: Vec::new(),
        statuses: statuses(),
        table: None,
    }
}

/// Each side's Victory Points and what they come from ("Union 47: troops and guns 35,
/// commanders 6, the camp 6"; the sixth playtest had no breakdown at the end).
fn vp_track(g: &Gbacw) -> String {
    let parts = crate::victory::vp_by_source(g);
    engine::Side::BOTH
        .iter()
        .map(|&side| {
            let p = parts[side.index()];
            let total: u16 = p.iter().sum();
            let list: Vec<String> = crate::victory::VP_SOURCES
                .iter()
                .zip(p)
                .filter(|&(_, v)| v > 0)
                .map(|(name, v)| format!("{name} {v}"))
                .collect();
            if list.is_empty() {
                format!("{} {total}", side.title())
            } else {
                format!("{} {total}: {}", side.title(), list.join(", "))
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// 18.0: each brigade's BCE boxes marked off of its total, by side ("Buford 3/10"), those
/// that have lost it marked.
fn bce_track(g: &Gbacw) -> String {
    let oob = g.oob();
    engine::Side::BOTH
        .iter()
        .map(|&side| {
            let list = (0..oob.brigades.len())
                .filter(|&b| oob.brigades[b].side == side)
                .map(|b| {
                    let (marked, boxes) = crate::victory::bce_marked(g, b);
                    let lost = if marked >= boxes { " lost" } else { "" };
                    format!("{} {}/{boxes}{lost}", oob.brigades[b].leader, marked.min(boxes))
                })
                .collect::<Vec<_>>()
                .join(", ");
            format!("{}: {list}", side.title())
        })
        .collect::<Vec<_>>()
        .join("; ")
        + " (18.0)"
}

/// The status words GBACW's counters carry, with their badges.
fn statuses() -> Vec<StatusView> {
    use StatusView as S;
    vec![
        S::new("column", "COL", "COL column (6.11)"),
        S::new("limbered", "LIM", "LIM limbered (6.13)"),
        S::new("mounted", "MTD", "MTD mounted (6.14)"),
        S::new("routed", "RT", "RT routed (13.21)"),
        S::new("pinned", "PIN", "PIN pinned (9.84)"),
        S::new("engaged", "ENG", "ENG engaged in melee: no fire, move or zone; melees again (12.94)"),
        S::new("captured #", "C#", "C1 Strength Points or guns captured in melee (12.93)"),
        S::new("out of ammunition", "AMMO", "AMMO out of ammunition (11.22)"),
        S::new("green", "?", "? green: morale unknown (13.12)"),
        S::new("lost #", "-#", "-2 Strength Points or guns lost (3.32)"),
        S::new("half crew", "HC", "HC half crew (15.13)"),
        S::new("weapon *", "", "the unit's weapon (3.34; its ranges on the Range Effects chart, 9.25)"),
        S::new("radius #", "ER#", "ER3 a brigade commander's Effectiveness Radius (17.11)"),
        S::new("rally #", "", "a brigade commander's Rally Rating (17.13)"),
        S::new("DIR #", "DIR#", "DIR5 a commander's Divisional Integrity Radius (17.21)"),
        S::new("CP #", "CP#", "CP2 Command Points a commander has left (17.22)"),
        S::new("rounds #", "R#", "R6 rounds of artillery ammunition left, a battery's or a wagon's (11.3, 11.32)"),
        S::new("boxes #", "B#", "B3 small-arms boxes left on a wagon: units it may resupply (11.24)"),
        S::new(
            "crewless",
            "NC",
            "NC supply wagon without its crew: no move, fire or resupply; enemy foot or horse entering take it (11.1, 11.19)",
        ),
        S::new("off its guns", "OFF", "OFF battery crew routed off its guns (15.16)"),
        S::new(
            "off its wagon",
            "OFF",
            "OFF wagon crew gone from its wagon: back onto it, rallied, it crews it again (11.17)",
        ),
        S::new(
            "abandoned",
            "ABN",
            "ABN guns abandoned by their crew: enemy foot or horse entering take them (15.16, R27)",
        ),
        S::new(
            "out of command",
            "OOC",
            "OOC out of command: one hex, no offensive fire, melee or formation change (17.11)",
        ),
        S::new("out of DIR", "DIR", "DIR brigade commander out of Divisional Integrity Radius: one hex (17.21)"),
        S::new("detached", "DET", "DET brigade detached from its division (17.61)"),
        S::new("attached", "ATT", "ATT brigade attached to another division (17.64)"),
        S::new("ER +#", "+#", "+1 Effectiveness Radius augmented by Command Points (17.22)"),
    ]
}

/// A brigade commander's command words (17.21, 17.22, 17.6).
fn leader_status(g: &Gbacw, l: LeaderId) -> Vec<String> {
    let Some(b) = command::brigade(g, l) else {
        // A commander above the brigades: his Divisional Integrity Radius and the Command
        // Points he has left (17.21, 17.22; the sixth playtest found no rating shown).
        // A brigade commander promoted to the division brings his own radius (17.85; the
        // fourth audit: the view showed the lost commander's).
        let dir = command::dir_radius(g, l);
        return vec![format!("DIR {dir}"), format!("CP {}", g.command.points[usize::from(l)])];
    };
    let info = &g.oob().brigades[b];
    let ratings = if g.leaders[usize::from(l)].replaced { &info.replacement } else { &info.ratings };
    // 17.11, 17.13: the radius his units must stand within, and his Rally Rating.
    let mut out = vec![format!("radius {}", command::effectiveness_radius(g, b)), format!("rally {}", ratings.rally)];
    if !command::brigade_in_dir(g, l) {
        out.push("out of DIR".to_string());
    }
    if g.command.attached[b].is_some_and(|d| Some(d) != command::original_division(g, b)) {
        out.push("attached".into());
    } else if g.command.detached[b] {
        out.push("detached".into());
    }
    if let Some((_, n)) = g.command.augment[b] {
        out.push(format!("ER +{n}"));
    }
    out
}

/// Units then leaders on the map, bottom of each stack first.
fn counters(g: &Gbacw) -> Vec<CounterView> {
    let mut out = Vec::new();
    let mut units: Vec<_> = g.unit_ids().filter(|&u| matches!(g.unit(u).loc, Loc::Map(_))).collect();
    units.sort_by_key(|&u| std::cmp::Reverse((g.unit(u).order, u)));
    for u in units {
        let (info, st) = (g.info(u), g.unit(u));
        let Loc::Map(h) = st.loc else { continue };
        let kind = match info.kind {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::Battery { .. } => "battery",
            Kind::Wagon { .. } if st.abandoned.is_some() => "wagon crew",
            Kind::Wagon { .. } => "wagon",
            Kind::Gunboat { .. } => "gunboat",
            Kind::HeavyGuns { .. } => "artillery",
        };
        let mut status = Vec::new();
        let afloat = crate::fire::is_exclusive_guns(g, u);
        match st.formation {
            // The gunboats have no formation (the second audit: shown as "limbered").
            _ if afloat => {}
            Formation::Column => status.push("column".to_string()),
            Formation::Limbered => status.push("limbered".to_string()),
            Formation::Mounted => status.push("mounted".to_string()),
            _ => {}
        }
        if st.routed {
            status.push("routed".into());
        }
        if g.engaged.contains(&h) {
            status.push("engaged".into());
        }
        if st.captured > 0 {
            status.push(format!("captured {}", st.captured));
        }
        if g.pinned.contains(&h) {
            status.push("pinned".into());
        }
        if st.depleted {
            status.push("out of ammunition".into());
        }
        if st.morale.is_none() {
            status.push("green".into());
        }
        if st.lost > 0 {
            status.push(format!("lost {}", st.lost));
        }
        if st.crew_lost == 1 {
            status.push("half crew".into());
        }
        // 11.3, 11.24: the ammunition left, which a player plans around.
        if matches!(info.kind, Kind::Infantry | Kind::Cavalry | Kind::Wagon { .. }) {
            status.push(format!("weapon {}", info.weapon));
        }
        let wagon_itself = crate::fire::wagon::is_wagon_itself(g, u);
        if crate::fire::has_rounds(g, u) || wagon_itself {
            status.push(format!("rounds {}", st.rounds));
        }
        if wagon_itself {
            status.push(format!("boxes {}", st.boxes));
        }
        let wagon = crate::fire::wagon::is_wagon(g, u);
        if st.abandoned.is_some() {
            status.push(if wagon { "off its wagon" } else { "off its guns" }.into());
        }
        if crate::fire::wagon::crew_dead(g, u) {
            status.push("crewless".into());
        }
        if !command::in_command(g, u) {
            status.push("out of command".into());
        }
        let morale = st.morale.map_or("?".to_string(), |m| m.to_string());
        out.push(CounterView {
            id: info.id.clone(),
            hex: h.label(),
            side: g.side_of(u).name().into(),
            kind: kind.into(),
            name: info.name.clone(),
            strength: format!("{}-{}", g.strength(u), morale),
            status,
            facing: None,
            faces_side: (st.formation != Formation::Wagon && !afloat).then_some(st.facing),
        });
        // 15.16: the guns the crew left stand in their own hex; 11.17: so does the wagon.
        if let Some(guns) = st.abandoned {
            let (suffix, kind, what, left) =
                if wagon { ("wagon", "wagon", "wagon", "crewless") } else { ("guns", "battery", "guns", "abandoned") };
            out.push(CounterView {
                id: format!("{}-{suffix}", info.id),
                hex: guns.label(),
                side: g.side_of(u).name().into(),
                kind: kind.into(),
                name: format!("{}'s {what}", info.name),
                strength: if wagon { "0".into() } else { g.strength(u).to_string() },
                status: vec![left.into()],
                facing: None,
                faces_side: None,
            });
        }
    }
    for l in g.leader_ids() {
        let Some(h) = g.leader_hex(l) else { continue };
        let (id, _, side) = g.leader_info(l);
        let name = g.leader_name(l);
        out.push(CounterView {
            id: id.into(),
            hex: h.label(),
            side: side.name().into(),
            kind: "leader".into(),
            name,
            strength: String::new(),
            status: leader_status(g, l),
            facing: None,
            faces_side: None,
        });
    }
    out
}

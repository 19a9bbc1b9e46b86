//! The position as something to draw (engine's `BoardView`): terrain with a legend,
//! roads, the set-up line, counters with strength and status, and the tracks.

use crate::counters::Kind;
use crate::map::Terrain;
use crate::state::{Belmont, ChitLoc, Loc};
use engine::{BoardView, CounterView, HexView, LegendEntry, LineView};

const LEGEND: [(Terrain, &str, &str, &str); 12] = [
    (Terrain::Clear, "clear", "Clear", "#e8e2b8"),
    (Terrain::Building, "building", "Building", "#c9a27e"),
    (Terrain::Camp, "camp", "Camp", "#f0d8a0"),
    (Terrain::FelledTrees, "felled", "Felled Trees", "#a7a060"),
    (Terrain::Brush, "brush", "Brush", "#b9c98a"),
    (Terrain::Woods, "woods", "Woods", "#6f9a55"),
    (Terrain::Crops, "crops", "Crops", "#e3cf6a"),
    (Terrain::Pond, "pond", "Pond", "#8fb8d8"),
    (Terrain::Marsh, "marsh", "Marsh", "#9fc2a8"),
    (Terrain::Dock, "dock", "Dock", "#8a6a4a"),
    (Terrain::River, "river", "River", "#5b8fc7"),
    (Terrain::Entrenchment, "entrenchment", "Iron Banks Entrenchment", "#7a5a5a"),
];

fn key(t: Terrain) -> &'static str {
    LEGEND.iter().find(|(x, ..)| *x == t).map_or("clear", |(_, k, ..)| k)
}

/// The terrain's name as the map legend shows it, so the player aids name it the same way.
pub(crate) fn terrain_name(t: Terrain) -> &'static str {
    LEGEND.iter().find(|(x, ..)| *x == t).map_or("Clear", |(_, _, name, _)| name)
}

pub(crate) fn board(g: &Belmont) -> BoardView {
    let map = g.map();
    let hexes = map
        .hexes()
        .map(|(h, i)| HexView {
            hex: h.label(),
            terrain: key(i.terrain).into(),
            elevation: i8::try_from(i.height).unwrap_or(0),
            name: i.name.clone().or_else(|| {
                i.river_section.filter(|_| i.terrain == Terrain::River).map(|s| format!("§{s}")).filter(|_| false)
            }),
        })
        .collect();
    let mut lines: Vec<LineView> = map
        .road_paths
        .iter()
        .map(|p| LineView { kind: "road".into(), hexside: false, hexes: p.iter().map(|h| h.label()).collect() })
        .collect();
    lines.push(LineView {
        kind: "setup-line".into(),
        hexside: true,
        hexes: map.setup_line.iter().flat_map(|(a, b)| [a.label(), b.label()]).collect(),
    });
    let slopes: Vec<String> = map.hexes().filter(|(_, i)| i.shore).map(|(h, _)| h.label()).collect();
    let _ = slopes;
    let mut counters = Vec::new();
    for u in g.ids() {
        let Loc::Hex(h) = g.unit(u).loc else { continue };
        let c = g.counter(u);
        let unit = g.unit(u);
        let mut status = Vec::new();
        if unit.flipped {
            status.push(
                match c.kind {
                    Kind::Infantry | Kind::Cavalry => "broken",
                    Kind::Leader => "wounded",
                    _ => "reduced",
                }
                .to_string(),
            );
        }
        if unit.damage > 0 {
            status.push(format!("damage {}", unit.damage));
        }
        // 12.2: the white block on the counter.
        if c.catastrophic {
            status.push("explodes on a 1".into());
        }
        if unit.captor.is_some() {
            status.push("captured".into());
        }
        let aboard = g.ids().filter(|&x| g.unit(x).loc == Loc::Aboard(u)).count();
        if aboard > 0 {
            status.push(format!("{aboard} aboard"));
        }
        let kind = match c.kind {
            Kind::Infantry => "infantry",
            Kind::Cavalry => "cavalry",
            Kind::FieldArtillery => "artillery",
            Kind::IronBanks => "battery",
            Kind::Gunboat => "gunboat",
            Kind::Transport => "transport",
            Kind::Leader => "leader",
        };
        let strength = match c.hit_on {
            Some(n) => format!("{} ({n}-6)", g.sp(u)),
            None => g.sp(u).to_string(),
        };
        counters.push(CounterView {
            id: c.id.clone(),
            hex: h.label(),
            side: g.owner(u).name().into(),
            kind: kind.into(),
            // The id as the log and the buttons write it ("27IL-G"), one name everywhere.
            name: c.id.clone(),
            strength,
            status,
            facing: None,
            faces_side: None,
        });
    }
    let vp = engine::Game::vp(g);
    let cup: Vec<String> = g.cup().into_iter().map(|c| g.chit_name(c)).collect();
    let track: Vec<String> =
        (0..g.chits.len()).filter(|&c| g.chits[c] == ChitLoc::Track).map(|c| g.chit_name(c as u8)).collect();
    let reserve = g.ids().filter(|&u| g.unit(u).loc == Loc::Reserve).count();
    let tracks = vec![
        ("Turn".into(), format!("{} of 12", g.turn)),
        ("VP".into(), format!("Union {}, Confederate {}", vp[0], vp[1])),
        ("Grant's influence".into(), g.influence.to_string()),
        (
            "High Morale".into(),
            match g.high_morale {
                [true, _] => "Union".into(),
                [_, true] => "Confederate".into(),
                _ => "none".into(),
            },
        ),
        (
            "Camp Johnston".into(),
            g.camp_captured.map_or("held by the Confederates".into(), |t| format!("captured on turn {t}")),
        ),
        ("Draw cup".into(), cup.join(", ")),
        ("Order Chit Track".into(), track.join(", ")),
        ("CSA Columbus Reserve Box".into(), format!("{reserve} counters")),
    ];
    BoardView {
        title: "Belmont, 7 November 1861 (map authored from the historical geography)".into(),
        hexes,
        lines,
        counters,
        tracks,
        legend: LEGEND
            .iter()
            .map(|(_, k, n, f)| LegendEntry { terrain: (*k).into(), name: (*n).into(), fill: (*f).into() })
            .collect(),
        // The authored map is drawn north up (the Confused Orders die's directions, 10.0).
        north: Some(0),
        marks: melee_marks(g),
        statuses: statuses(),
        table: None,
    }
}

/// The status words Belmont's counters carry, with their badges: broken companies, reduced
/// batteries and wounded leaders are drawn flipped (a stripe), the rest as badges.
fn statuses() -> Vec<engine::StatusView> {
    use engine::StatusView as S;
    vec![
        S::new("broken", "", "broken (flipped, 1.2, 7.1)"),
        S::new("reduced", "", "reduced (flipped, 7.1)"),
        S::new("wounded", "", "wounded (flipped, 7.2)"),
        S::new("damage #", "D#", "D2 vessel damage"),
        S::new("captured", "CAP", "CAP captured"),
        S::new("explodes on a 1", "1!", "1! a volley die of 1 blows the battery up (12.2)"),
        S::new("# aboard", "+#", "+3 aboard"),
    ]
}

/// The melee markers placed this activation (4.3.1), each on the hexside its group crossed,
/// and a coordinated melee's second group (6.10).
fn melee_marks(g: &Belmont) -> Vec<engine::MarkView> {
    let mut out = Vec::new();
    for m in &g.markers {
        let mut mark = |from: hexmap::Hex, rule: &str| {
            out.push(engine::MarkView {
                kind: if m.charge { "charge".into() } else { "melee".into() },
                from: Some(from.label()),
                hex: m.target.label(),
                label: format!("{} ({rule})", if m.charge { "Cavalry charge" } else { "Melee marker" }),
            });
        };
        mark(m.entry, if m.charge { "Belmont 6.5" } else { "Belmont 4.3.1" });
        if let Some((entry, _)) = &m.second {
            mark(*entry, "Belmont 6.10");
        }
    }
    out
}

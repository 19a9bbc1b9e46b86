//! The map as something to draw (`engine::BoardView`): terrain with a legend, elevation levels,
//! roads and place names, and optionally the set-up counters. `muster render fotm` can show it.

use crate::map::{self, Map, Terrain};
use crate::oob::{self, Arm, OrderOfBattle, Strength};
use engine::{BoardView, CounterView, HexView, LegendEntry, LineView, Side};

/// Terrain class keys, legend names and fills.
const LEGEND: [(Terrain, &str, &str, &str); 2] =
    [(Terrain::Clear, "clear", "Clear", "#e8e2b8"), (Terrain::Woods, "woods", "Woods", "#6f9a55")];

fn key(t: Terrain) -> &'static str {
    LEGEND.iter().find(|(x, ..)| *x == t).map_or("clear", |(_, k, ..)| k)
}

/// The empty South Mountain map: every hex with its terrain class and elevation level, the
/// roads, the place names, a legend, and tracks that explain the levels and the orientation.
#[must_use]
pub fn board_view() -> BoardView {
    empty(map::south_mountain())
}

/// The map with every unit the set-up card (11.1) puts on it, at its listed hex.
#[must_use]
pub fn setup_view() -> BoardView {
    let mut board = board_view();
    let oob = oob::south_mountain();
    board.title = "South Mountain, 7 AM set-up (authored from the history, not the published card)".into();
    board.counters = setup_counters(oob);
    let reinforcements: Vec<String> = oob
        .reinforcements()
        .iter()
        .map(|a| {
            let mut ids: Vec<&str> = a.commanders.iter().map(|c| c.id.as_str()).collect();
            ids.extend(a.brigades.iter().map(|b| b.id.as_str()));
            format!("{} {} at {}: {}", oob.turn_label(a.turn).unwrap_or("?"), a.side.name(), a.entry, ids.join(", "))
        })
        .collect();
    board.tracks.push(("Reinforcements (19.1)".into(), reinforcements.join("; ")));
    board
}

fn empty(map: &Map) -> BoardView {
    let hexes = map
        .hexes()
        .map(|(h, i)| HexView {
            hex: h.label(),
            terrain: key(i.terrain).into(),
            elevation: i8::try_from(i.elevation).unwrap_or(i8::MAX),
            name: i.name.clone(),
        })
        .collect();
    let lines = map
        .road_paths
        .iter()
        .map(|r| LineView { kind: "road".into(), hexside: false, hexes: r.hexes.iter().map(|h| h.label()).collect() })
        .collect();
    let levels: Vec<String> =
        map.levels.iter().map(|l| format!("{} {} ({}-{} ft)", l.level, l.name, l.from_ft, l.to_ft)).collect();
    let entries: Vec<String> = map.entries.iter().map(|e| format!("{} {} {}", e.side.name(), e.name, e.hex)).collect();
    BoardView {
        title: "South Mountain, 14 September 1862 (map authored from the historical geography, not the published map)"
            .into(),
        hexes,
        lines,
        counters: Vec::new(),
        tracks: vec![
            ("Orientation".into(), "West is at the top: row 01 is the west edge (8.5), column 01 the south.".into()),
            ("Elevation levels".into(), levels.join("; ")),
            (
                "Key hexes (18.1)".into(),
                format!("Fox's Gap {}, Turner's Gap {}, {}", map::FOX_GAP, map::TURNERS_GAP, map::KEY_HEX),
            ),
            ("Entry hexes (14.2)".into(), entries.join("; ")),
            ("Turn".into(), "7 AM".into()),
        ],
        legend: LEGEND
            .iter()
            .map(|(_, k, n, f)| LegendEntry { terrain: (*k).into(), name: (*n).into(), fill: (*f).into() })
            .collect(),
    }
}

fn strength(s: Strength) -> String {
    match s {
        Strength::Sp(n) => n.to_string(),
        Strength::Fire { ranged, canister } => format!("{ranged}-{canister}"),
    }
}

fn setup_counters(oob: &OrderOfBattle) -> Vec<CounterView> {
    let mut out = Vec::new();
    for side in Side::BOTH {
        for (id, hex) in oob.setup(side) {
            let view = if let Some(b) = oob.brigade(id) {
                let kind = match b.arm {
                    Arm::Infantry => "infantry",
                    Arm::Cavalry => "cavalry",
                    Arm::Artillery | Arm::HorseArtillery => "artillery",
                };
                let mut status = Vec::new();
                if b.sharpshooters {
                    status.push("sharpshooters".into());
                }
                if b.arm == Arm::HorseArtillery {
                    status.push("horse artillery".into());
                }
                CounterView {
                    id: b.id.clone(),
                    hex: hex.label(),
                    side: side.name().into(),
                    kind: kind.into(),
                    name: b.id.clone(),
                    strength: strength(b.full()),
                    status,
                }
            } else if let Some(c) = oob.commander(id) {
                CounterView {
                    id: c.id.clone(),
                    hex: hex.label(),
                    side: side.name().into(),
                    kind: "leader".into(),
                    name: c.id.clone(),
                    strength: format!("CM {}", c.cm),
                    status: Vec::new(),
                }
            } else {
                continue;
            };
            out.push(view);
        }
    }
    out
}

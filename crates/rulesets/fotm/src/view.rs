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

/// The terrain's name as the map legend shows it, so the player aids name it the same way.
pub(crate) fn terrain_name(t: Terrain) -> &'static str {
    LEGEND.iter().find(|(x, ..)| *x == t).map_or("Clear", |(_, _, name, _)| name)
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
        north: Some(north_bearing(map.west)),
        marks: Vec::new(),
        statuses: statuses(),
        table: None,
    }
}

/// The status words Fire on the Mountain's counters carry, with their badges.
fn statuses() -> Vec<engine::StatusView> {
    use engine::StatusView as S;
    vec![
        S::new("steps lost #", "-#", "-2 steps lost (15.8)"),
        S::new("column", "COL", "COL column (13.3)"),
        S::new("dismounted", "DIS", "DIS dismounted (8.1)"),
        S::new("routed", "RT", "RT routed (17.4)"),
        S::new("LCM #", "L#", "L1 leader casualty markers (7.2)"),
        S::new("sharpshooters", "SS", "SS sharpshooters"),
        S::new("horse artillery", "HA", "HA horse artillery"),
        S::new("pursuing (8.5)", "PUR", "PUR pursuing (8.5)"),
        S::new("casualties #", "C#", "C1 commander casualties (16.0)"),
        S::new("prisoner *", "P", "P prisoner escorted"),
    ]
}

/// The Assault under way (15.2): an arrow from each hex it is made from (or, before launch,
/// each joined brigade's hex) to the hex assaulted.
fn assault_marks(g: &crate::Fotm) -> Vec<engine::MarkView> {
    let Some(x) = crate::combat::announced(g) else { return Vec::new() };
    let mut from: Vec<hexmap::Hex> =
        if x.hexes.is_empty() { x.joined.iter().filter_map(|&b| g.hex_of(b)).collect() } else { x.hexes.clone() };
    from.sort_unstable_by_key(|h| h.label());
    from.dedup();
    let mark = |from: Option<String>| engine::MarkView {
        kind: "assault".into(),
        from,
        hex: x.target.label(),
        label: "Assault (FotM 15.2)".into(),
    };
    if from.is_empty() { vec![mark(None)] } else { from.into_iter().map(|h| mark(Some(h.label()))).collect() }
}

/// Where north lies on the page, given the edge the map file names as west (8.5): north is a
/// quarter turn clockwise from west.
fn north_bearing(west: map::Edge) -> u16 {
    match west {
        map::Edge::Top => 90,
        map::Edge::Right => 180,
        map::Edge::Bottom => 270,
        map::Edge::Left => 0,
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
                    facing: None,
                    faces_side: None,
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
                    facing: None,
                    faces_side: None,
                }
            } else {
                continue;
            };
            out.push(view);
        }
    }
    out
}

/// A position as something to draw: the map, every unit on it with its current counter (step
/// strength), facing and markers (column, dismounted, rout, LCMs), guards with their
/// prisoners, and the tracks: turn and phase, VP, gap control, Burnside's pause, the breakout.
#[must_use]
pub fn board(g: &crate::Fotm) -> BoardView {
    use crate::state::{Loc, Pause};
    let mut board = board_view();
    board.title = format!("Fire on the Mountain, South Mountain: {} turn", g.turn_label());
    let mut counters = Vec::new();
    let mut brigades: Vec<_> = g.all_brigades().filter(|&b| matches!(g.bde(b).loc, Loc::Map(_))).collect();
    // Bottom of each stack first.
    brigades.sort_by_key(|&b| std::cmp::Reverse((g.bde(b).order, b)));
    for b in brigades {
        let Loc::Map(hex) = g.bde(b).loc else { continue };
        let info = g.info(b);
        let st = g.bde(b);
        let kind = match info.arm {
            Arm::Infantry => "infantry",
            Arm::Cavalry => "cavalry",
            Arm::Artillery | Arm::HorseArtillery => "artillery",
        };
        let mut status = Vec::new();
        if info.sharpshooters {
            status.push("sharpshooters".into());
        }
        if info.arm == Arm::HorseArtillery {
            status.push("horse artillery".into());
        }
        if st.losses > 0 {
            status.push(format!("steps lost {}", st.losses));
        }
        if st.column {
            status.push("column".into());
        }
        if matches!(info.arm, Arm::Cavalry | Arm::HorseArtillery) && !st.mounted {
            status.push("dismounted".into());
        }
        if st.routed {
            status.push("routed".into());
        }
        if st.lcm > 0 {
            status.push(format!("LCM {}", st.lcm));
        }
        if st.pursuing {
            status.push("pursuing (8.5)".into());
        }
        let side = info.side.name().to_string();
        counters.push(CounterView {
            id: info.id.clone(),
            hex: hex.label(),
            side,
            kind: kind.into(),
            name: info.id.clone(),
            strength: strength(g.strength(b)),
            status,
            facing: Some(st.facing),
            faces_side: None,
        });
    }
    for c in g.all_commanders() {
        let Some(hex) = g.cmdr(c).hex else { continue };
        let info = g.cinfo(c);
        let mut status = Vec::new();
        if g.cmdr(c).casualties > 0 {
            status.push(format!("casualties {}", g.cmdr(c).casualties));
        }
        counters.push(CounterView {
            id: info.id.clone(),
            hex: hex.label(),
            side: info.side.name().into(),
            kind: "leader".into(),
            name: g.cname(c),
            strength: format!("CM {}", g.cm(c)),
            status,
            facing: None,
            faces_side: None,
        });
    }
    for (i, guard) in g.guards.iter().enumerate() {
        let Some(hex) = guard.hex else { continue };
        if guard.done {
            continue;
        }
        let prisoners: Vec<&str> = guard.prisoners.iter().map(|&p| g.info(p).id.as_str()).collect();
        counters.push(CounterView {
            id: format!("guard-{i}"),
            hex: hex.label(),
            side: guard.side.name().into(),
            kind: "guard".into(),
            name: format!("Guard ({})", g.info(guard.parent).id),
            strength: "1".into(),
            status: prisoners.iter().map(|p| format!("prisoner {p}")).collect(),
            facing: None,
            faces_side: None,
        });
    }
    board.counters = counters;
    let vp = crate::victory::vp(g);
    let who = |s: Side| s.name().to_string();
    board.marks = assault_marks(g);
    board.tracks.retain(|(k, _)| k != "Turn");
    board.tracks.push(("Turn".into(), format!("{} (turn {} of {})", g.turn_label(), g.turn, g.last_turn())));
    // 11.1: each side sets up in turn, the Confederacy first; the phase names the side
    // setting up now, as the prompt does (issue 15 F3).
    let phasing = match g.stack.last() {
        Some(crate::procedure::Frame::Setup(f)) => f.side,
        _ => g.phasing,
    };
    board.tracks.push(("Phase".into(), format!("{} {}", phasing.title(), g.phase.words())));
    board.tracks.push(("VP (18.1)".into(), format!("Union {}, Confederate {}", vp[0], vp[1])));
    board.tracks.push((
        "Control (18.1)".into(),
        format!("Fox's Gap: {}; Turner's Gap: {}; 2601: {}", who(g.control[0]), who(g.control[1]), who(g.control[2])),
    ));
    let pause = match g.pause {
        Pause::NotYet => "not yet (12 PM)",
        Pause::InForce => "in force",
        Pause::Resumed => "over: offensive resumed",
    };
    board.tracks.push(("Burnside pause (11.4)".into(), pause.into()));
    if g.gap_captured.is_some() || g.broke_out > 0 {
        board.tracks.push((
            "Cavalry breakout (8.5)".into(),
            format!("{} Union cavalry exited; Confederates owe {} SP off the map", g.broke_out, g.pursuit_owed),
        ));
    }
    let mut gone: Vec<String> = Vec::new();
    for b in g.all_brigades() {
        if let Loc::Gone(f) = g.bde(b).loc {
            gone.push(format!("{} ({})", g.name(b), f.words()));
        }
    }
    if !gone.is_empty() {
        board.tracks.push(("Off the map".into(), gone.join(", ")));
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The authored map has west at the top (row 01 is the 8.5 West edge), so north points
    /// to the right; each edge named west turns the rose its own way.
    #[test]
    fn the_compass_follows_the_edge_the_map_names_west() {
        assert_eq!(board_view().north, Some(90));
        assert_eq!(north_bearing(map::Edge::Left), 0);
        assert_eq!(north_bearing(map::Edge::Bottom), 270);
        assert_eq!(north_bearing(map::Edge::Right), 180);
    }
}

//! Player aids (`engine::Game::aids`, issue 15): the turn record with the reinforcement card
//! (11.2, 14.1, 19.1), read from the order of battle the rules bring units on from; the
//! Terrain Effects Chart (13.2, 15.3, 9.5), priced by the movement costs' own
//! [`movement::ground_cost`] and read from [`crate::terrain`]; and the Assault's fire and
//! results (9.x, 15.x, 16.1, 17.x) from the constants the combat code rolls by. So no aid can
//! disagree with play.

use crate::map::{Map, Terrain};
use crate::movement::{self, Ground};
use crate::oob::OrderOfBattle;
use crate::view::terrain_name;
use crate::{artillery, casualty, combat, retreat, sequence, terrain};
use engine::{AidTable, Side};

/// Every aid: the turn record, the Terrain Effects Chart, the Assault's fire and its results.
pub(crate) fn aids(oob: &OrderOfBattle, map: &Map) -> Vec<AidTable> {
    vec![turn_record(oob, map), terrain_chart(), assault_fire(), assault_results()]
}

/// The turn record: each turn's label and who enters, by side, at which entry.
fn turn_record(oob: &OrderOfBattle, map: &Map) -> AidTable {
    let card = oob.reinforcements();
    let rows = oob
        .turns
        .iter()
        .enumerate()
        .map(|(i, label)| {
            let turn = u8::try_from(i + 1).unwrap_or(u8::MAX);
            let side = |s: Side| {
                card.iter()
                    .filter(|a| a.turn == turn && a.side == s)
                    .map(|a| {
                        let names: Vec<&str> = a
                            .commanders
                            .iter()
                            .map(|c| c.name.as_str())
                            .chain(a.brigades.iter().map(|b| b.name.as_str()))
                            .collect();
                        format!("{} (at {})", names.join(", "), entry_words(map, a.entry))
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            vec![format!("{} {label}", i + 1), side(Side::Union), side(Side::Confederate)]
        })
        .collect();
    AidTable {
        title: "Turn record and reinforcements".into(),
        rule: "FotM 14.1".into(),
        columns: vec!["turn".into(), "Union enters".into(), "Confederacy enters".into()],
        rows,
        key: Some("Entries by their map names (14.2); dusk turns 8 PM and 9 PM (11.6).".into()),
    }
}

/// An entry as a player finds it on the map: its name in words and its hex ("Old Sharpsburg,
/// 0818"), not the order of battle's key ("old-sharpsburg").
fn entry_words(map: &Map, key: &str) -> String {
    let words: Vec<String> = key
        .split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
        })
        .collect();
    match map.entry(key) {
        Some(e) => format!("{}, {}", words.join(" "), e.hex.label()),
        None => words.join(" "),
    }
}

/// Half MP as the chart prints MP: "1/2", "1", "1 1/2".
fn mp(half: u8) -> String {
    match (half / 2, half % 2) {
        (0, 0) => "0".into(),
        (0, _) => "1/2".into(),
        (w, 0) => w.to_string(),
        (w, _) => format!("{w} 1/2"),
    }
}

/// A brigade's cost cell for `ground`: MP, ", stop" where it must stop, "no" where barred.
fn brigade(ground: Ground, foot: bool, column_road: bool) -> String {
    match movement::ground_cost(ground, foot, column_road) {
        Ok((half, stop)) => format!("{}{}", mp(half), if stop { ", stop" } else { "" }),
        Err(_) => "no".into(),
    }
}

/// A commander's cost cell for `ground`.
fn commander(ground: Ground) -> String {
    movement::commander_ground_cost(ground).map_or_else(|| "no".into(), mp)
}

/// What `ground` adds to a clear hex's cost, or "no" where it bars the unit.
fn extra(cost: Option<u8>, clear: Option<u8>) -> String {
    match (cost, clear) {
        (Some(c), Some(base)) => format!("+{}", mp(c.saturating_sub(base))),
        _ => "no".into(),
    }
}

/// The die faces from `n` up: "6" or "5-6".
fn from_up(n: u8) -> String {
    if n >= 6 { n.to_string() } else { format!("{n}-6") }
}

/// 15.3 in a target hex of this terrain, for close combat (`close`) or any fire.
fn combat_at(t: Terrain, close: bool) -> String {
    let mut out = Vec::new();
    if terrain::rerolls_a_six(t) {
        out.push(format!("one 6 re-rolled, stands on {}", from_up(combat::WOODS_KEEP)));
    }
    if close && !terrain::mounted_may_close(t, false) {
        out.push("no mounted cavalry".into());
    }
    if out.is_empty() { "-".into() } else { out.join("; ") }
}

/// 15.3, 9.2, 9.3 for a target `n` levels above or below: close combat's SP per hex, mounted
/// cavalry uphill, and artillery's SP and range.
fn elevation_at(n: u8) -> (String, String) {
    let up = terrain::close_combat_elevation(0, i32::from(n));
    let down = terrain::close_combat_elevation(i32::from(n), 0);
    let mounted = if terrain::mounted_may_close(Terrain::Clear, true) { "" } else { ", no mounted cavalry" };
    let close = format!("higher {up:+} SP a hex{mounted}; lower {down:+} SP a hex");
    let canister = if n >= artillery::CANISTER_CLIFF { "; no canister" } else { "" };
    let guns = format!(
        "higher -{} SP a ranged brigade; lower +{} hex range{canister}",
        artillery::UPHILL_PENALTY,
        artillery::RANGE_DOWNHILL_BONUS
    );
    (close, guns)
}

/// The Terrain Effects Chart: movement costs (13.2, 13.3) for brigades on foot and not and for
/// commanders, artillery LOS (9.5) and the combat effects of the target hex (15.3), a row for
/// each terrain, the road, each elevation change and the steep hillside.
fn terrain_chart() -> AidTable {
    let mut rows: Vec<Vec<String>> = Terrain::ALL
        .into_iter()
        .map(|t| {
            let g = Ground::of(t);
            vec![
                terrain_name(t).into(),
                brigade(g, true, false),
                brigade(g, false, false),
                commander(g),
                if terrain::blocks_sight(t) { "yes" } else { "no" }.into(),
                combat_at(t, true),
                combat_at(t, false),
            ]
        })
        .collect();
    let same = || "as hex".to_string();
    let road = Ground { road: true, ..Ground::default() };
    rows.push(vec![
        "Road, in column".into(),
        brigade(road, true, true),
        brigade(road, false, true),
        commander(road),
        same(),
        same(),
        same(),
    ]);
    let woods_road = Ground { road: true, ..Ground::of(Terrain::Woods) };
    rows.push(vec![
        "Road into woods, in line".into(),
        brigade(woods_road, true, false),
        brigade(woods_road, false, false),
        commander(woods_road),
        same(),
        same(),
        same(),
    ]);
    let cost = |g: Ground, foot: bool| movement::ground_cost(g, foot, false).ok().map(|(h, _)| h);
    let flat = Ground::default();
    let climbs = (1..=movement::PROHIBITED_CHANGE).map(|n| {
        let label = if n == 1 { "1 level up or down".to_string() } else { format!("{n} levels up or down") };
        (label, Ground { change: n, ..flat }, Some(elevation_at(n)))
    });
    let steep = ("Steep hillside".to_string(), Ground { steep: true, ..flat }, None);
    for (label, g, combat) in climbs.chain([steep]) {
        let (close, guns) = combat.unwrap_or_else(|| ("-".into(), "-".into()));
        rows.push(vec![
            label,
            extra(cost(g, true), cost(flat, true)),
            extra(cost(g, false), cost(flat, false)),
            extra(movement::commander_ground_cost(g), movement::commander_ground_cost(flat)),
            "by level (9.5)".into(),
            close,
            guns,
        ]);
    }
    AidTable {
        title: "Terrain Effects Chart".into(),
        rule: "FotM 13.2".into(),
        columns: vec![
            "terrain".into(),
            "infantry".into(),
            "cavalry, artillery".into(),
            "commanders".into(),
            "blocks artillery LOS".into(),
            "close combat at it".into(),
            "fire at it".into(),
        ],
        rows,
        key: Some(
            "MP to enter; 'stop': the move ends there; '+': added to the hex's cost; 'no': may not \
             enter. Infantry includes dismounted cavalry and guards; cavalry, artillery includes \
             horse artillery. Combat cells are for the hex fired at; 'higher'/'lower': that hex \
             against the firers'."
                .into(),
        ),
    }
}

/// The Assault's rolls (15.4): what each fires with, how far, and the most steps it takes.
fn assault_fire() -> AidTable {
    let range = format!(
        "{}, {} at a lower hex, {} at dusk",
        artillery::RANGE,
        artillery::RANGE + artillery::RANGE_DOWNHILL_BONUS,
        sequence::DUSK_RANGE
    );
    let adjacent = artillery::CANISTER_RANGE.to_string();
    let steps = combat::MAX_STEP_LOSS.to_string();
    let row = |fire: &str, sp: &str, range: &str, most: String, rule: &str| {
        vec![fire.into(), sp.into(), range.into(), most, rule.into()]
    };
    AidTable {
        title: "Assault fire".into(),
        rule: "FotM 15.4".into(),
        columns: vec!["roll".into(), "SP".into(), "range".into(), "most steps".into(), "rule".into()],
        rows: vec![
            row(
                "suppression fire",
                "ranged (left)",
                &range,
                format!("{}, on the artillery", combat::SUPPRESSION_MAX),
                "9.4",
            ),
            row("ranged fire", "ranged (left)", &range, format!("{steps}, with close combat"), "9.2"),
            row("canister fire", "canister (right)", &adjacent, format!("{steps}, with close combat"), "9.3"),
            row(
                "defensive fire",
                "infantry, cavalry, canister",
                &adjacent,
                format!("{steps}, on the assaulting Lead"),
                "15.7",
            ),
            row("close combat", "infantry, cavalry", &adjacent, steps.clone(), "15.4"),
        ],
        key: Some(format!(
            "Each roll is a die per SP, at most {} dice a side in one Assault; each six takes a \
             step (15.8). Suppression fire aims at artillery only.",
            combat::MAX_DICE
        )),
    }
}

/// What an Assault's dice and strengths come to (15.2, 15.8, 16.1, 17.2, 17.4, 7.2, 11.6, 10.5).
fn assault_results() -> AidTable {
    let row = |when: String, effect: String, rule: &str| vec![when, effect, rule.into()];
    AidTable {
        title: "Assault results".into(),
        rule: "FotM 15.8".into(),
        columns: vec!["when".into(), "result".into(), "rule".into()],
        rows: vec![
            row("each 6".into(), "one step lost".into(), "15.8"),
            row(
                format!("{}+ attacker 6s in the Assault", combat::ROUT_SIXES),
                "the defending hex routs".into(),
                "17.4",
            ),
            row(
                format!("{}+ attacker 6s, artillery fire and close combat", casualty::LEADER_SIXES),
                "leader casualty (LCM)".into(),
                "16.1",
            ),
            row(
                format!("{}+ 1s in close or defensive fire, sharpshooters present", casualty::SHARPSHOOTER_ONES),
                "leader casualty (LCM)".into(),
                "7.2",
            ),
            row(
                format!("{} steps lost by one brigade", combat::MAX_STEP_LOSS),
                format!("morale check passes on {}+, modified", retreat::MORALE_PASS),
                "17.2",
            ),
            row("dusk".into(), "each side's first 6 ignored".into(), "11.6"),
            row("defending in column or routed".into(), format!("1/{} of SP, rounded up", combat::QUARTER), "15.2"),
            row("dismounted cavalry".into(), "1/2 of SP, rounded down".into(), "15.2"),
            row("Union brigades of two corps".into(), format!("-{} SP", combat::CORPS_PENALTY), "15.2"),
            row("Longstreet's bonus (optional)".into(), format!("+{} SP", combat::LONGSTREET_SP), "10.5"),
        ],
        key: Some(format!(
            "A brigade loses at most {} steps in an Assault from fire and close combat, one more \
             from suppression fire.",
            combat::MAX_STEP_LOSS
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexmap::Hex;

    /// Every turn has its row, and the first Union reinforcement (Scammon, 7 AM) is on it.
    #[test]
    fn the_turn_record_lists_every_turn_and_the_card() {
        let oob = crate::oob::south_mountain();
        let aid = &turn_record(oob, crate::map::south_mountain());
        assert_eq!(aid.rows.len(), oob.turns.len());
        assert!(aid.rows[0][1].contains("Scammon"), "{:?}", aid.rows[0]);
        // Entries in words with their hex, never the data's keys (the second playtest).
        assert!(aid.rows.iter().any(|r| r[1].contains("(at Old Sharpsburg, 0818)")), "{:?}", aid.rows);
        assert!(!aid.rows.iter().any(|r| r[1].contains("old-sharpsburg")));
        assert!(aid.rows.iter().all(|r| r.len() == aid.columns.len()));
    }

    /// Every aid's rows are as wide as its columns.
    #[test]
    fn every_row_fills_its_columns() {
        for aid in aids(crate::oob::south_mountain(), crate::map::south_mountain()) {
            assert!(aid.rows.iter().all(|r| r.len() == aid.columns.len()), "{}", aid.title);
        }
    }

    /// A brigade's cost as the chart writes it.
    fn show(cost: Result<(u8, bool), engine::Illegal>) -> String {
        cost.map_or_else(|_| "no".into(), |(half, stop)| format!("{}{}", mp(half), if stop { ", stop" } else { "" }))
    }

    /// The terrain chart against the rules on the shipped map: what `terrain_cost` and
    /// `commander_cost` charge across every level hexside off the road, what each elevation
    /// change adds to a clear hex, a road in column, and the close-combat adjustment
    /// `combat::elevation_adjust` gives up and down real slopes.
    #[test]
    fn the_terrain_chart_shows_what_the_rules_charge() {
        use crate::movement::{commander_cost, terrain_cost};
        let g = crate::testkit::after_setup(&[]);
        let map = g.map();
        let aid = terrain_chart();
        let row = |label: &str| aid.rows.iter().find(|r| r[0].starts_with(label)).expect(label).clone();
        let pairs: Vec<(Hex, Hex)> = map
            .hexes()
            .flat_map(|(a, _)| a.neighbours().into_iter().map(move |b| (a, b)))
            .filter(|&(a, b)| map.contains(b) && !map.road(a, b) && !map.steep_hillside(b))
            .collect();
        let level = |t: Terrain| {
            pairs.iter().copied().find(|&(a, b)| map.elevation_change(a, b) == Some(0) && map.terrain(b) == Some(t))
        };
        let (ca, cb) = level(Terrain::Clear).expect("a level clear hexside");
        let base = |foot| terrain_cost(&g, foot, ca, cb, false).expect("open").0;
        let commander_base = commander_cost(&g, ca, cb).expect("open");
        let mut changes = Vec::new();
        for &(a, b) in &pairs {
            let change = map.elevation_change(a, b).expect("on the map");
            let t = map.terrain(b).expect("on the map");
            if change == 0 {
                let r = row(terrain_name(t));
                assert_eq!(r[1], show(terrain_cost(&g, true, a, b, false)), "{a} to {b}");
                assert_eq!(r[2], show(terrain_cost(&g, false, a, b, false)), "{a} to {b}");
                assert_eq!(r[3], commander_cost(&g, a, b).map_or_else(|_| "no".into(), mp), "{a} to {b}");
            } else if t == Terrain::Clear {
                let r = row(&format!("{change} level"));
                let more =
                    |c: Result<u8, _>, base: u8| c.map_or_else(|_| "no".into(), |h| format!("+{}", mp(h - base)));
                for (i, foot) in [(1, true), (2, false)] {
                    let cost = terrain_cost(&g, foot, a, b, false).map(|(h, _)| h);
                    assert_eq!(r[i], more(cost, base(foot)), "{a} to {b}");
                }
                assert_eq!(r[3], more(commander_cost(&g, a, b), commander_base), "{a} to {b}");
                let (low, high) = if map.elevation(a) < map.elevation(b) { (a, b) } else { (b, a) };
                let up = combat::elevation_adjust(&g, low, high);
                let down = combat::elevation_adjust(&g, high, low);
                assert!(r[5].starts_with(&format!("higher {up:+} SP")), "{:?}", r[5]);
                assert!(r[5].contains(&format!("lower {down:+} SP")), "{:?}", r[5]);
                changes.push(change);
            }
        }
        assert!(changes.contains(&1) && changes.contains(&2), "the map has one- and two-level slopes");
        let (a, b) = map
            .hexes()
            .flat_map(|(a, _)| a.neighbours().into_iter().map(move |b| (a, b)))
            .find(|&(a, b)| map.road(a, b) && terrain_cost(&g, true, a, b, true).is_ok())
            .expect("a road");
        assert_eq!(row("Road, in column")[1], show(terrain_cost(&g, true, a, b, true)));
        assert_eq!(row("Road, in column")[3], mp(commander_cost(&g, a, b).expect("open")));
    }

    /// The fire table's ranges are where `artillery::in_range` stops on the shipped map, level
    /// and downhill, and its dice limit is what `combat::dice` allows.
    #[test]
    fn the_fire_table_shows_what_the_guns_reach() {
        let g = crate::testkit::after_setup(&[]);
        let map = g.map();
        let aid = assault_fire();
        let ranged = &aid.rows[1][2];
        let reach: Vec<u16> =
            ranged.split(", ").map(|p| p.split(' ').next().and_then(|n| n.parse().ok()).expect("a number")).collect();
        let hexes: Vec<Hex> = map.hexes().map(|(h, _)| h).step_by(5).collect();
        let (mut level, mut down) = (false, false);
        for &a in &hexes {
            for &b in &hexes {
                let d = a.distance(b);
                let (ea, eb) = (map.elevation(a), map.elevation(b));
                let far = if ea == eb {
                    level = true;
                    reach[0]
                } else if eb < ea {
                    down = true;
                    reach[1]
                } else {
                    continue;
                };
                assert_eq!(artillery::in_range(&g, a, b), d > 0 && d <= far, "{a} to {b}");
            }
        }
        assert!(level && down);
        let key = aid.key.expect("a key");
        assert!(key.contains(&format!("at most {} dice", combat::dice(i32::MAX))), "{key}");
    }

    /// The strength rows are what `combat::base_sp` gives a brigade in column and a dismounted
    /// cavalry brigade.
    #[test]
    fn the_results_table_shows_the_strengths_the_rules_use() {
        use crate::oob::Arm;
        let mut g = crate::testkit::after_setup(&[]);
        let aid = assault_results();
        let row = |label: &str| aid.rows.iter().find(|r| r[0].starts_with(label)).expect(label).clone();
        // "1/n of SP, rounded up|down": the fraction the cell names.
        let part = |cell: &str| -> u8 { cell[2..].split(' ').next().and_then(|n| n.parse().ok()).expect("1/n") };
        let column = row("defending in column");
        let inf =
            g.all_brigades().find(|&b| g.arm(b) == Arm::Infantry && !g.printed_sp(b).is_multiple_of(part(&column[1])));
        let inf = inf.expect("an infantry brigade with an uneven SP");
        g.bde_mut(inf).column = true;
        assert!(column[1].ends_with("rounded up"));
        assert_eq!(combat::base_sp(&g, inf, true), g.printed_sp(inf).div_ceil(part(&column[1])));
        let dismounted = row("dismounted cavalry");
        let cav = g.all_brigades().find(|&b| g.arm(b) == Arm::Cavalry).expect("cavalry");
        g.bde_mut(cav).mounted = false;
        assert!(dismounted[1].ends_with("rounded down"));
        assert_eq!(combat::base_sp(&g, cav, false), g.printed_sp(cav) / part(&dismounted[1]));
    }
}

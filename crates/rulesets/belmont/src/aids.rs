//! Player aids (`engine::Game::aids`, issue 15): the rules card's Volley Fire Chart (5.1),
//! defensive fire (5.3), the melee round (6.1) with the melee and casualty rolls (6.3, 6.8,
//! 7.2), and the Terrain Effects Chart. Each cell is read from the functions and constants in
//! `charts.rs` that the fire, melee, movement and LOS rules themselves call, so the aid cannot
//! disagree with play.

use crate::charts::{self, Effect};
use crate::counters::Kind;
use crate::map::Terrain;
use crate::view::terrain_name;
use engine::AidTable;

/// A chart cell: "-" no effect, "R" retreat, "H" hit.
fn cell(e: Effect) -> String {
    match e {
        Effect::Miss => "-",
        Effect::Retreat => "R",
        Effect::Hit => "H",
    }
    .into()
}

/// Every aid: the fire charts, the melee charts, then the Terrain Effects Chart.
pub(crate) fn aids() -> Vec<AidTable> {
    let mut v = fire();
    v.extend(melee());
    v.push(terrain());
    v
}

/// The Volley Fire Chart and the defensive fire table.
fn fire() -> Vec<AidTable> {
    let dice: Vec<String> = (1..=6).map(|d| d.to_string()).collect();
    let row = |firer: &str, range: String, f: &dyn Fn(u8) -> Effect| {
        let mut r = vec![firer.to_string(), range];
        r.extend((1..=6).map(|d| cell(f(d))));
        r
    };
    let mut columns = vec!["firer".to_string(), "range".to_string()];
    columns.extend(dice.iter().cloned());
    let art_far = format!("3-{}", charts::FIELD_ARTILLERY_RANGE);
    let boat_far = format!("6-{}", charts::GUNBOAT_RANGE);
    let volley = AidTable {
        title: "Volley Fire Chart (a die per SP)".into(),
        rule: "Belmont 5.1".into(),
        columns: columns.clone(),
        rows: vec![
            row("infantry", "1".into(), &|d| charts::infantry_volley(1, d)),
            row("infantry", "2".into(), &|d| charts::infantry_volley(2, d)),
            row("field artillery", "1".into(), &|d| charts::field_artillery_volley(1, d)),
            row("field artillery", "2".into(), &|d| charts::field_artillery_volley(2, d)),
            row("field artillery", art_far, &|d| charts::field_artillery_volley(3, d)),
            row("gunboat", "1-5".into(), &|d| charts::gunboat_volley(1, d)),
            row("gunboat", boat_far, &|d| charts::gunboat_volley(6, d)),
        ],
        key: Some("- no effect, R one unit retreats (8.3), H one hit (7.0)".into()),
    };
    let mut def_columns = vec!["firer".to_string(), String::new()];
    def_columns.extend(dice);
    let defensive = AidTable {
        title: "Defensive fire at melee attackers".into(),
        rule: "Belmont 5.3".into(),
        columns: def_columns,
        rows: vec![
            row("unbroken infantry", String::new(), &charts::infantry_defensive),
            row("field artillery", String::new(), &charts::artillery_defensive),
        ],
        key: Some("- no effect, R retreat, H hit".into()),
    };
    vec![volley, defensive]
}

/// A number of hits as a cell: "-" for none.
fn hits(n: u8) -> String {
    if n == 0 { "-".into() } else { n.to_string() }
}

/// The die faces from `n` up, as the charts print them: "6" or "4-6".
fn from_up(n: u8) -> String {
    if n >= 6 { n.to_string() } else { format!("{n}-6") }
}

/// The melee round by the difference of the two melee strengths, read from
/// [`charts::melee_hits`] at each band's edge, and the rolls around a melee.
fn melee() -> Vec<AidTable> {
    let s = charts::MELEE_SECOND_HIT;
    let bands = [
        (format!("+{s} or more"), s),
        (format!("+1 to +{}", s - 1), 1),
        ("0 (tie)".to_string(), 0),
        (format!("-1 to -{}", s - 1), -1),
        (format!("-{s} or less"), -s),
    ];
    let rows = bands
        .into_iter()
        .map(|(label, diff)| {
            let (att, def) = charts::melee_hits(diff, 0);
            vec![label, hits(att), hits(def)]
        })
        .collect();
    let round = AidTable {
        title: "Melee round".into(),
        rule: "Belmont 6.1".into(),
        columns: vec!["attacker minus defender".into(), "attacker's hits".into(), "defender's hits".into()],
        rows,
        key: Some(
            "Each side's strength is its SP plus one die; the attacker's is reduced by the terrain \
             chart's melee columns. Hits are those each side takes; - none."
                .into(),
        ),
    };
    let rolls = AidTable {
        title: "Melee and casualty rolls".into(),
        rule: "Belmont 6.3".into(),
        columns: vec!["roll".into(), "needs".into(), "rule".into()],
        rows: vec![
            vec!["Unbridled Fury, defender gone".into(), from_up(charts::FURY_ON), "6.3".into()],
            vec![
                "Grant re-rolls the Union die".into(),
                format!("within {} hexes, {} uses", charts::GRANT_INFLUENCE_RANGE, charts::GRANT_INFLUENCE_POINTS),
                "6.8".into(),
            ],
            vec!["healthy leader wounded".into(), from_up(charts::WOUND_ON), "7.2".into()],
            vec!["wounded leader killed".into(), from_up(charts::KILL_WOUNDED_ON), "7.2".into()],
        ],
        key: None,
    };
    vec![round, rolls]
}

/// Half MP as the chart prints MP: "1/2", "1", "2".
pub(crate) fn mp(half: u8) -> String {
    match (half / charts::HALF, half % charts::HALF) {
        (0, 0) => "0".into(),
        (0, _) => "1/2".into(),
        (w, 0) => w.to_string(),
        (w, _) => format!("{w} 1/2"),
    }
}

/// A terrain's movement cost cell, for field artillery or everyone else.
fn cost(t: Terrain, artillery: bool) -> String {
    charts::terrain_cost(t, artillery).map_or_else(|| "no entry".into(), mp)
}

/// A loss of dice or strength as a cell: "-" for none.
fn loss(n: u8) -> String {
    if n == 0 { "-".into() } else { format!("-{n}") }
}

/// A loss that depends on the terrain of the other hex (the firer's, the attackers' entry):
/// one cell if it is the same from every terrain, else the terrains it comes from.
fn loss_by(f: impl Fn(Terrain) -> u8) -> String {
    let all: Vec<(Terrain, u8)> = Terrain::ALL.into_iter().map(|o| (o, f(o))).collect();
    if all.iter().all(|&(_, n)| n == all[0].1) {
        return loss(all[0].1);
    }
    let mut values: Vec<u8> = all.iter().map(|&(_, n)| n).filter(|&n| n > 0).collect();
    values.sort_unstable();
    values.dedup();
    values
        .into_iter()
        .map(|n| {
            let from: Vec<&str> = all.iter().filter(|&&(_, m)| m == n).map(|&(o, _)| terrain_name(o)).collect();
            format!("{} from {}", loss(n), from.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The firers the chart tells apart, by kind.
const FIRERS: [(Kind, &str); 4] = [
    (Kind::Infantry, "infantry"),
    (Kind::FieldArtillery, "field artillery"),
    (Kind::IronBanks, "batteries"),
    (Kind::Gunboat, "gunboats"),
];

/// Volley fire into a hex of this terrain: who may fire at it, and the dice lost.
fn volley_into(t: Terrain) -> String {
    let dice = loss_by(|firer| charts::fire_dice_lost_into(t, firer));
    let may: Vec<&str> = FIRERS.iter().filter(|(k, _)| charts::may_target(t, *k)).map(|(_, n)| *n).collect();
    if may.len() == FIRERS.len() {
        return dice;
    }
    let who = format!("{} only", may.join(", "));
    if dice == "-" { who } else { format!("{who}; {dice}") }
}

/// The Blocks LOS? cell.
fn sight(after: Option<u8>) -> String {
    match after {
        None => "no".into(),
        Some(n) if n <= 1 => "yes".into(),
        Some(n) => format!("through {n}"),
    }
}

/// The Terrain Effects Chart: a row for each terrain of the map legend, then the slope, shore
/// and road overlays, each cell from the `charts.rs` function the rules call for it.
fn terrain() -> AidTable {
    let mut rows: Vec<Vec<String>> = Terrain::ALL
        .into_iter()
        .map(|t| {
            let melee_into = if charts::melee_allowed(t) {
                loss_by(|entry| charts::melee_lost_into(t, entry))
            } else {
                "no melee".into()
            };
            vec![
                terrain_name(t).into(),
                cost(t, false),
                cost(t, true),
                sight(charts::los_blocked_after(t, false)),
                volley_into(t),
                loss(charts::fire_dice_lost_from(t)),
                loss(charts::melee_lost_from(t)),
                melee_into,
            ]
        })
        .collect();
    let same = || "as hex".to_string();
    let below = |n: u8| format!("{} from below", loss(n));
    rows.push(vec![
        "Slope".into(),
        same(),
        same(),
        sight(charts::los_blocked_after(Terrain::Clear, true)),
        below(charts::SLOPE_FIRE_DICE),
        "-".into(),
        "-".into(),
        below(charts::SLOPE_MELEE_LOSS),
    ]);
    let shore = format!("{} along shore, else {}", mp(charts::COST_SHORE_ALONG), mp(charts::COST_SHORE_OTHER));
    let road = format!("{} along road", mp(charts::COST_ROAD));
    for (name, cost) in [("Shore", shore), ("Road", road)] {
        let mut row = vec![name.to_string(), cost.clone(), cost];
        row.extend((0..5).map(|_| same()));
        rows.push(row);
    }
    AidTable {
        title: "Terrain Effects Chart".into(),
        rule: "Belmont 4.1".into(),
        columns: vec![
            "terrain".into(),
            "MP".into(),
            "artillery MP".into(),
            "blocks LOS".into(),
            "volley into".into(),
            "volley out of".into(),
            "melee from".into(),
            "melee into".into(),
        ],
        rows,
        key: Some(format!(
            "MP to enter; volley cells are dice lost by the firers, melee cells strength lost by \
             the attackers (melee from: their entry hex; melee into: the melee hex). 'through {n}': \
             a line through that many such hexes is blocked. 'from below': firing or attacking \
             from the foot of a slope up to its top. 'as hex': the hex's own terrain decides.",
            n = charts::BRUSH_LOS_HEXES
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The aid reads the rules' own chart: infantry at range 1 retreats on 5 and hits on 6.
    #[test]
    fn the_volley_chart_shows_what_the_rules_roll() {
        let aids = aids();
        let volley = &aids[0];
        assert_eq!(volley.rows[0], ["infantry", "1", "-", "-", "-", "-", "R", "H"]);
        assert_eq!(volley.rows[1], ["infantry", "2", "-", "-", "-", "-", "-", "R"]);
        assert!(volley.rows.iter().all(|r| r.len() == volley.columns.len()));
    }

    /// Every aid's rows are as wide as its columns.
    #[test]
    fn every_row_fills_its_columns() {
        for aid in aids() {
            assert!(aid.rows.iter().all(|r| r.len() == aid.columns.len()), "{}", aid.title);
        }
    }

    /// The melee round's cells are what a round resolves to at every difference (each band
    /// holds every difference it names), and the fury roll is the one the rules make.
    #[test]
    fn the_melee_chart_shows_what_a_round_does() {
        let aids = aids();
        let round = aids.iter().find(|a| a.rule == "Belmont 6.1").expect("melee round");
        let s = charts::MELEE_SECOND_HIT;
        let band = |diff: i16| match diff {
            d if d >= s => 0,
            d if d > 0 => 1,
            0 => 2,
            d if d > -s => 3,
            _ => 4,
        };
        for diff in -12..=12 {
            let (a, d) = charts::melee_hits(20 + diff, 20);
            let row = &round.rows[band(diff)];
            assert_eq!((row[1].as_str(), row[2].as_str()), (hits(a).as_str(), hits(d).as_str()), "{diff}");
        }
        assert_eq!(round.rows[0][2], "2", "a big win inflicts a second hit");
        assert_eq!(round.rows[2][1], "1", "a tie costs the attacker");
        let rolls = aids.iter().find(|a| a.rule == "Belmont 6.3").expect("melee rolls");
        assert_eq!(rolls.rows[0][1], from_up(charts::FURY_ON));
    }

    /// The terrain chart against the rules' own reckoning on the shipped map: the MP the
    /// movement search pays into every inland hex off the road, a road's cost, the dice a
    /// volley loses and the strength a melee loses for woods, felled trees and marsh.
    #[test]
    fn the_terrain_chart_shows_what_the_rules_charge() {
        use crate::map::Region;
        use crate::state::Belmont;
        use crate::tables::chart_cost;
        let g = Belmont::after_setup(&[]);
        let map = g.map();
        let aid = terrain();
        let row = |t: &str| aid.rows.iter().find(|r| r[0] == t).unwrap_or_else(|| panic!("{t}")).clone();
        let cell = |c: Option<u8>| c.map_or_else(|| "no entry".to_string(), mp);
        let mut seen = Vec::new();
        for (h, info) in map.hexes() {
            if info.shore || info.region == Region::River {
                continue;
            }
            for n in h.neighbours().into_iter().filter(|&n| map.get(n).is_some() && !map.road(n, h)) {
                let r = row(terrain_name(info.terrain));
                assert_eq!(r[1], cell(chart_cost(map, false, n, h)), "{n} to {h}");
                assert_eq!(r[2], cell(chart_cost(map, true, n, h)), "{n} to {h}, artillery");
                seen.push(info.terrain);
            }
        }
        for t in [Terrain::Clear, Terrain::Woods, Terrain::Pond, Terrain::Marsh, Terrain::FelledTrees] {
            assert!(seen.contains(&t), "no {t:?} hex was checked");
        }
        let (a, b) = map
            .hexes()
            .flat_map(|(h, _)| h.neighbours().into_iter().map(move |n| (h, n)))
            .find(|&(a, b)| map.road(a, b) && chart_cost(map, false, a, b).is_some())
            .expect("a road");
        assert!(row("Road")[1].starts_with(&mp(chart_cost(map, false, a, b).expect("open"))));

        // A pair of adjacent hexes of the given terrains with no slope between them.
        let pair = |from: Terrain, to: Terrain| {
            map.hexes()
                .filter(|(_, i)| i.terrain == from)
                .flat_map(|(f, _)| f.neighbours().into_iter().map(move |t| (f, t)))
                .find(|&(f, t)| {
                    map.get(t).is_some_and(|i| i.terrain == to && !i.slope) && map.get(f).is_some_and(|i| !i.slope)
                })
                .unwrap_or_else(|| panic!("no {from:?} next to {to:?}"))
        };
        let (c, w) = pair(Terrain::Clear, Terrain::Woods);
        let into_woods = &row("Woods")[4];
        assert!(into_woods.starts_with(&loss(crate::fire::terrain_dice(&g, c, w))), "{into_woods}");
        assert!(into_woods.contains(terrain_name(Terrain::Clear)), "{into_woods}");
        let (w2, w) = pair(Terrain::Woods, Terrain::Woods);
        assert_eq!(crate::fire::terrain_dice(&g, w2, w), 0);
        assert!(!into_woods.contains(terrain_name(Terrain::Woods)), "{into_woods}");
        let (c, f) = pair(Terrain::Clear, Terrain::FelledTrees);
        assert_eq!(row("Felled Trees")[4], loss(crate::fire::terrain_dice(&g, c, f)));
        let (m, t) = pair(Terrain::Marsh, Terrain::Woods);
        assert_eq!(row("Marsh")[6], loss(crate::melee::melee_terrain(&g, m, t)));
        let (c, w) = pair(Terrain::Clear, Terrain::Woods);
        assert!(row("Woods")[7].starts_with(&loss(crate::melee::melee_terrain(&g, c, w))));
        assert_eq!(row("River")[7], "no melee");
    }
}

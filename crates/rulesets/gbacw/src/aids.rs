//! Player aids (`engine::Game::aids`, issue 15): the turn record with the reinforcement
//! schedule (4.0 B), the Fire Combat Results Table (9.16), the Melee Combat Results Table
//! (12.98) and the Terrain Effects on Movement Chart (5.19), each read from the very tables
//! play reads ([`crate::charts`], [`crate::authored`], [`crate::oob`]), so no aid can disagree
//! with play.

use crate::authored::{Charts, Cost, Mover};
use crate::charts::{self, FIRE_COLUMNS, FireResult, FireRow, MELEE_DIFFERENTIALS, MeleeEffect};
use crate::oob::OrderOfBattle;
use crate::terrain::Terrain;
use engine::{AidTable, Side};

/// Every aid.
/// `last` is the scenario's last Game-Turn (the short scenario's record stops there).
/// `short` is the camp scenario (its own Victory Point line).
pub(crate) fn aids(oob: &OrderOfBattle, charts: &Charts, last: u8, short: bool) -> Vec<AidTable> {
    use crate::aids_charts as more;
    vec![
        turn_record(oob, last),
        more::vp_chart(crate::scenario::belmont(), short),
        fire_table(),
        more::range_chart(charts),
        more::combat_chart(charts),
        melee_table(),
        terrain_chart(charts),
        more::allowance_chart(charts),
        more::stacking_chart(charts),
    ]
}

/// 4.0 B: each Game-Turn's time and who lands, by side.
fn turn_record(oob: &OrderOfBattle, last: u8) -> AidTable {
    let card = oob.reinforcements();
    let rows = (1..=last)
        .map(|t| {
            let side = |s: Side| {
                card.iter()
                    .filter(|a| a.turn == t && a.side == s)
                    .map(|a| {
                        let names: Vec<&str> = a.leaders.iter().chain(&a.units).copied().collect();
                        format!("{} (at the {} landing)", names.join(", "), a.landing)
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            vec![format!("{t} {}", oob.turns.label(t).unwrap_or_default()), side(Side::Union), side(Side::Confederate)]
        })
        .collect();
    AidTable {
        title: "Turn record and reinforcements".into(),
        rule: "GBACW 4.0".into(),
        columns: vec!["Game-Turn".into(), "Union lands".into(), "Confederacy lands".into()],
        rows,
        key: Some(format!("The {} player moves first each Game-Turn.", oob.first_player.title())),
    }
}

/// A fire result as the table prints it.
fn fire_cell(r: FireResult) -> String {
    match r {
        FireResult::NoEffect => "-".into(),
        FireResult::Pin => "P".into(),
        FireResult::Rout => "R".into(),
        FireResult::PinOrRout => "P/R".into(),
        FireResult::Loss { points, then_pin } => format!("{points}{}", if then_pin { "*" } else { "" }),
    }
}

/// 9.16: the columns by both rows' strengths, the results by die.
fn fire_table() -> AidTable {
    let ranges = |row: FireRow| -> Vec<String> {
        let least = charts::fire_column_least(row);
        (0..FIRE_COLUMNS)
            .map(|c| match (c, least.get(c + 1)) {
                (0, Some(next)) => format!("{} or less", next - 1),
                (_, Some(next)) if next - 1 > least[c] => format!("{}-{}", least[c], next - 1),
                (_, Some(_)) => least[c].to_string(),
                (_, None) => format!("{}+", least[c]),
            })
            .collect()
    };
    let (grape, small) = (ranges(FireRow::Grapeshot), ranges(FireRow::SmallArmsAndCounterBattery));
    let mut rows = vec![
        std::iter::once("Grapeshot".to_string()).chain(grape).collect::<Vec<_>>(),
        std::iter::once("Small arms, counter-battery".to_string()).chain(small).collect(),
    ];
    rows.extend((1..=6u8).map(|die| {
        std::iter::once(format!("die {die}"))
            .chain((0..FIRE_COLUMNS).map(|c| fire_cell(charts::fire_result(c, die))))
            .collect()
    }));
    AidTable {
        title: "Fire Combat Results Table".into(),
        rule: "GBACW 9.16".into(),
        columns: std::iter::once(String::new()).chain((1..=FIRE_COLUMNS).map(|c| format!("col {c}"))).collect(),
        rows,
        key: Some(
            "First two rows: Total Fire Strength by row (9.14-9.15); then results by die. -: no effect; P: pin check; R: rout check; P/R: pinned, or routed above morale; a number: Strength Points or guns lost and a morale check; *: then a pin check (9.81-9.88). Shifts by terrain, enfilade and density move the column (9.5, 8.35)."
                .into(),
        ),
    }
}

/// A melee effect as the table prints it.
fn melee_cell(e: MeleeEffect) -> String {
    match e {
        MeleeEffect::NoEffect => "-".into(),
        MeleeEffect::Casualty => "K".into(),
        MeleeEffect::Loss { captured: 0, retreat } => format!("R{retreat}"),
        MeleeEffect::Loss { captured, retreat } => format!("C{captured}R{retreat}"),
        MeleeEffect::Engaged => "Eng".into(),
        MeleeEffect::Repulsed => "Rpls".into(),
    }
}

/// 12.98: attacker / defender by die and differential.
fn melee_table() -> AidTable {
    let (least, greatest) = MELEE_DIFFERENTIALS;
    let columns = std::iter::once("die".to_string())
        .chain((least..=greatest).map(|d| if d > 0 { format!("+{d}") } else { d.to_string() }))
        .collect();
    let rows = (1..=6u8)
        .map(|die| {
            std::iter::once(die.to_string())
                .chain((least..=greatest).map(|d| {
                    let (a, b) = charts::melee_result(d, die);
                    format!("{} / {}", melee_cell(a), melee_cell(b))
                }))
                .collect()
        })
        .collect();
    AidTable {
        title: "Melee Combat Results Table".into(),
        rule: "GBACW 12.98".into(),
        columns,
        rows,
        key: Some(
            "Attacker / defender, by the differential (attacker less defender) and the die; beyond the ends read the end columns. K: a Strength Point lost; C#: points captured; R#: retreat so many hexes; Eng: engaged; Rpls: repulsed (12.91-12.95)."
                .into(),
        ),
    }
}

/// A movement cost as the chart prints it.
fn cost_cell(c: Cost) -> String {
    c.mp().map_or_else(|| "P".into(), |mp| mp.to_string())
}

/// 5.19 (authored): entering each terrain, by mover.
fn terrain_chart(charts: &Charts) -> AidTable {
    let rows = Terrain::ALL
        .into_iter()
        .map(|t| {
            std::iter::once(t.key().to_string())
                .chain(Mover::ALL.into_iter().map(|m| cost_cell(charts.enter_cost(t, m))))
                .collect()
        })
        .collect();
    AidTable {
        title: "Terrain Effects on Movement Chart (authored)".into(),
        rule: "GBACW 5.19".into(),
        columns: std::iter::once("terrain".to_string()).chain(Mover::ALL.into_iter().map(|m| m.key().to_string())).collect(),
        rows,
        key: Some("Movement Points to enter; P: prohibited. Hexsides add their own cost; roads serve all but Line (6.11-6.12).".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every aid's rows are as wide as its columns, and the turn record has every turn.
    #[test]
    fn every_row_fills_its_columns_and_every_turn_has_its_row() {
        let (oob, charts) = (crate::oob::belmont(), crate::authored::standard());
        let all = aids(oob, charts, oob.turns.count, false);
        for aid in &all {
            assert!(aid.rows.iter().all(|r| r.len() == aid.columns.len()), "{}", aid.title);
        }
        assert_eq!(all[0].rows.len(), usize::from(oob.turns.count));
        assert!(all[0].rows.iter().any(|r| r[2].contains("2TN")), "Walker's regiments land");
    }

    /// The aids print what play reads: the 12.98 cell R17 flags, a fire column's range.
    #[test]
    fn the_aids_print_the_tables_play_reads() {
        let melee = melee_table();
        let col = melee.columns.iter().position(|c| c == "+2").unwrap();
        assert_eq!(melee.rows[5][col], "C1R2 / Rpls", "die 6 at +2, as printed (R17)");
        let fire = fire_table();
        assert_eq!(fire.rows[1][1], "0 or less");
        assert_eq!(fire.rows[1][11], "51+");
        assert_eq!(fire.rows[2 + 5][1], "P/R", "die 6, first column");
    }
}

#[cfg(test)]
mod more_tests {
    use super::*;

    /// The sixth playtest: the page had no ranges, stacking, combat terrain, allowances or
    /// Victory Points. Each aid prints what play reads.
    #[test]
    fn the_charts_a_player_plans_by_are_aids_and_read_the_tables_play_reads() {
        let (oob, charts) = (crate::oob::belmont(), crate::authored::standard());
        let all = aids(oob, charts, oob.turns.count, true);
        let titles: Vec<&str> = all.iter().map(|a| a.title.as_str()).collect();
        for want in ["Range Effects", "Terrain Effects on Combat", "Stacking", "Movement Allowances", "Victory Points"]
        {
            assert!(titles.iter().any(|t| t.contains(want)), "{want}: {titles:?}");
        }
        let range = all.iter().find(|a| a.rule == "GBACW 9.25").unwrap();
        let m = range.rows.iter().find(|r| r[0] == "M").expect("the musket");
        let w = charts.weapon("M").unwrap();
        assert!(m[2].contains(&format!("{}", w.bands[0].times)), "{m:?}");
        let vp = all.iter().find(|a| a.title.starts_with("Victory")).unwrap();
        assert!(vp.rows.iter().any(|r| r[0].contains("still standing")), "the short scenario's own line");
        let full = aids(oob, charts, oob.turns.count, false);
        let vp = full.iter().find(|a| a.title.starts_with("Victory")).unwrap();
        assert!(!vp.rows.iter().any(|r| r[0].contains("still standing")));
        let stacking = all.iter().find(|a| a.rule == "GBACW 8.11").unwrap();
        let clear = stacking.rows.iter().find(|r| r[0] == Terrain::Clear.key()).unwrap();
        assert_eq!(clear[1], charts.stacking(Terrain::Clear).units.to_string());
        for aid in &all {
            assert!(aid.rows.iter().all(|r| r.len() == aid.columns.len()), "{}", aid.title);
        }
    }
}

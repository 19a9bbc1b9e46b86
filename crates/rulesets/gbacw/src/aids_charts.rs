//! The rest of the player aids (the sixth playtest found them missing from the page): the
//! Range Effects Chart (9.25), the Terrain Effects on Combat Chart (9.56), the stacking chart
//! (8.11-8.13, 12.71, 7.21), the Movement Allowances and formation costs (5.19, 6.2) and the
//! Victory Point schedule of the exclusive rules, each read from the tables play reads
//! ([`crate::authored`], [`crate::scenario`]), so no aid can disagree with play.

use crate::authored::{Charts, FormationChange, Mover};
use crate::scenario::Exclusive;
use crate::terrain::{HexsideKind, Terrain};
use engine::AidTable;

/// 9.25 (authored): each weapon type's range bands and multipliers.
pub(crate) fn range_chart(charts: &Charts) -> AidTable {
    let rows = charts
        .weapons()
        .iter()
        .map(|w| {
            let mut from = 1;
            let bands: Vec<String> = w
                .bands
                .iter()
                .map(|b| {
                    let text = if from == b.to {
                        format!("{from}: {}", b.times)
                    } else {
                        format!("{from}-{}: {}", b.to, b.times)
                    };
                    from = b.to + 1;
                    text
                })
                .collect();
            vec![w.code.clone(), w.name.clone(), bands.join(" · ")]
        })
        .collect();
    AidTable {
        title: "Range Effects Chart (authored)".into(),
        rule: "GBACW 9.25".into(),
        columns: vec!["weapon".into(), "type".into(), "range in hexes: times current strength".into()],
        rows,
        key: Some("The target hex counts, the firer's does not (9.23); beyond the last band, no fire.".into()),
    }
}

/// 9.56 (authored): what each terrain and hexside does to fire, sight, melee and charges.
pub(crate) fn combat_chart(charts: &Charts) -> AidTable {
    let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
    let mut rows: Vec<Vec<String>> = Terrain::ALL
        .into_iter()
        .map(|t| {
            let c = charts.terrain_combat(t);
            vec![
                t.key().into(),
                c.fire_shift.to_string(),
                c.los_ft.to_string(),
                format!("{:+}", c.melee),
                yes(c.charge),
            ]
        })
        .collect();
    rows.extend(HexsideKind::ALL.into_iter().map(|k| {
        let c = charts.hexside_combat(k);
        vec![
            format!("{} hexside", k.key()),
            c.fire_shift.to_string(),
            "-".into(),
            format!("{:+}", c.melee),
            yes(c.charge),
        ]
    }));
    AidTable {
        title: "Terrain Effects on Combat Chart (authored)".into(),
        rule: "GBACW 9.56".into(),
        columns: vec![
            "terrain".into(),
            "fire: columns left".into(),
            "sight: height (ft)".into(),
            "melee: to the attacker".into(),
            "cavalry may charge".into(),
        ],
        rows,
        key: Some(
            "A crest's effects apply only from below (9.52, 12.31); one point of terrain a melee at most (12.0); a height of 0 never blocks sight (9.71)."
                .into(),
        ),
    }
}

/// 8.11-8.13, 12.71, 7.21 (authored): the stacking limits of each terrain.
pub(crate) fn stacking_chart(charts: &Charts) -> AidTable {
    let rows = Terrain::ALL
        .into_iter()
        .map(|t| {
            let s = charts.stacking(t);
            vec![
                t.key().into(),
                s.units.to_string(),
                s.sp.to_string(),
                s.batteries.to_string(),
                s.melee_units.to_string(),
                s.melee_sp.to_string(),
                s.fire_sp.to_string(),
            ]
        })
        .collect();
    AidTable {
        title: "Stacking Chart (authored)".into(),
        rule: "GBACW 8.11".into(),
        columns: vec![
            "terrain".into(),
            "units".into(),
            "Stacking Points".into(),
            "batteries".into(),
            "units that melee".into(),
            "SP that melee".into(),
            "small-arms SP firing out of a hexside".into(),
        ],
        rows,
        key: Some("A unit's Stacking Points are its strength; a battery 1, a wagon 4 (8.12, 11.14); leaders never count (8.14).".into()),
    }
}

/// 5.19, 6.2 (authored): each mover's allowance and what a formation change costs.
pub(crate) fn allowance_chart(charts: &Charts) -> AidTable {
    let mut rows: Vec<Vec<String>> = Mover::ALL
        .into_iter()
        .map(|m| vec![format!("{} (Movement Allowance)", m.key()), charts.allowance(m).to_string()])
        .collect();
    rows.extend(FormationChange::ALL.into_iter().map(|c| {
        let name = match c {
            FormationChange::LineColumn => "Line to Column or back (6.2)",
            FormationChange::LimberUnlimber => "limber or unlimber (6.13)",
            FormationChange::MountDismount => "mount or dismount (6.14)",
            FormationChange::Facing => "change facing (7.12)",
        };
        vec![name.to_string(), charts.formation_cost(c).to_string()]
    }));
    AidTable {
        title: "Movement Allowances and formation changes (authored)".into(),
        rule: "GBACW 5.19".into(),
        columns: vec!["mover or change".into(), "MP".into()],
        rows,
        key: Some("Out of command a unit moves one hex a turn (17.11).".into()),
    }
}

/// The exclusive rules' Victory Points; `short` for the camp scenario.
pub(crate) fn vp_chart(ex: &Exclusive, short: bool) -> AidTable {
    let s = &ex.vp;
    let n = |v: u16| v.to_string();
    let mut rows = vec![
        vec!["each enemy Strength Point killed".into(), n(s.sp_killed)],
        vec!["each enemy Strength Point captured (12.93, 14.1)".into(), n(s.sp_captured)],
        vec!["each enemy gun lost".into(), n(s.gun_lost)],
        vec!["each enemy gun captured".into(), n(s.gun_captured)],
        vec![
            "enemy brigade commander killed / wounded / captured".into(),
            format!(
                "{} / {} / {}",
                s.brigade_commander.killed, s.brigade_commander.wounded, s.brigade_commander.captured
            ),
        ],
        vec![
            "enemy division commander killed / wounded / captured".into(),
            format!(
                "{} / {} / {}",
                s.division_commander.killed, s.division_commander.wounded, s.division_commander.captured
            ),
        ],
        vec!["Union: Camp Johnston burned by an unrouted unit in it, Final Command Phase".into(), n(ex.camp_burned)],
    ];
    if short {
        rows.push(vec!["Confederates: Camp Johnston still standing at the end".into(), n(ex.camp_held)]);
    } else {
        rows.push(vec![
            "Confederates: Union troops left on the map at the end count as captured".into(),
            "as above".into(),
        ]);
    }
    rows.push(vec!["a margin this small or smaller is a draw".into(), n(ex.draw_within)]);
    AidTable {
        title: "Victory Points (exclusive rules, authored)".into(),
        rule: "GBACW 4.0 J".into(),
        columns: vec!["what".into(), "VP".into()],
        rows,
        key: Some("18.0: a brigade that loses its Brigade Combat Effectiveness scores its BCE VP to the enemy.".into()),
    }
}

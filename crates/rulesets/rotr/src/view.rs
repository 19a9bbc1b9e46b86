//! The position as a page draws it (`engine::TableView`, plan 4.4): the table's terrain, every
//! stand turned to its facing with its figures, the units with their formations, the
//! commanders where they stand, and the tracks (turn, cup, VP). Ids: a unit is `u` and its
//! index in the orders of battle, a commander `c` and his.

use crate::scenario::{Arm, Shape, Side};
use crate::state::{CommanderId, Post, Rotr, UnitId};
use engine::{BoardView, LegendEntry, StandView, TableArea, TableCommander, TableLine, TableUnit, TableView};
use table::Pos;

/// Unit `u`'s id on the page and in action views.
#[must_use]
pub fn unit_id(u: UnitId) -> String {
    format!("u{}", u.0)
}

/// Commander `c`'s id on the page.
#[must_use]
pub fn commander_id(c: CommanderId) -> String {
    format!("c{}", c.0)
}

/// The engine's name of a side.
fn side_key(side: Side) -> String {
    side.name().to_lowercase()
}

fn point(p: Pos) -> [i32; 2] {
    [p.x, p.y]
}

/// The fill for each terrain kind on the table, for the legend.
const LEGEND: [(&str, &str, &str); 9] = [
    ("open", "Open ground", "#e8e2c4"),
    ("woods", "Woods", "#9bb57e"),
    ("water", "Water", "#9cc3de"),
    ("swamp", "Swamp", "#b7c9a8"),
    ("abatis", "Abatis", "#b49a74"),
    ("camp", "Camp", "#e6d3a3"),
    ("wood_building", "Wooden building", "#a8825a"),
    ("hill", "Higher ground", "#d8c8a0"),
    ("road", "Road", "#8a6d3b"),
];

/// The table and everything on it.
#[must_use]
pub fn table(g: &Rotr) -> TableView {
    let s = g.scenario();
    let mut areas = Vec::new();
    let mut lines = Vec::new();
    for f in &s.table.features {
        match &f.shape {
            Shape::Area { polygon, .. } => areas.push(TableArea {
                kind: f.kind.clone(),
                name: Some(f.name.clone()),
                points: polygon.points.iter().map(|&p| point(p)).collect(),
                level: 0,
            }),
            Shape::Rise { level, polygon } => {
                let points: Vec<[i32; 2]> = polygon.points.iter().map(|&p| point(p)).collect();
                lines.push(TableLine {
                    kind: "contour".into(),
                    points: points.iter().copied().chain(points.first().copied()).collect(),
                    slope: Some(f.kind.clone()),
                });
                areas.push(TableArea {
                    kind: "hill".into(),
                    name: Some(f.name.clone()),
                    points,
                    level: i8::try_from(*level).unwrap_or(i8::MAX),
                });
            }
            Shape::Line(l) => lines.push(TableLine {
                kind: f.kind.clone(),
                points: l.points.iter().map(|&p| point(p)).collect(),
                slope: None,
            }),
        }
    }
    let mut stands = Vec::new();
    let mut units = Vec::new();
    for u in g.unit_ids() {
        let Some(body) = g.body(u) else { continue };
        let info = g.info(u);
        for (st, (&now, &start)) in body.stands.iter().zip(g.unit(u).figures.iter().zip(&info.stand_figures)) {
            stands.push(StandView {
                unit: unit_id(u),
                centre: point(st.centre),
                facing: st.facing.degrees(),
                width: st.width,
                depth: st.depth,
                figures: now,
                lost: start.saturating_sub(now),
            });
        }
        let mut status = Vec::new();
        if let Some(p) = g.unit(u).performance {
            let cv = crate::ratings::cv(g, u).map_or_else(String::new, |v| format!(", CV {v}"));
            status.push(format!("{}{cv}", p.name()));
        }
        units.push(TableUnit {
            id: unit_id(u),
            name: info.name.clone(),
            side: side_key(info.side),
            arm: match info.arm {
                Arm::Infantry => "infantry",
                Arm::Cavalry => "cavalry",
                Arm::Artillery => "artillery",
            }
            .into(),
            formation: g.unit(u).formation.words().into(),
            status,
        });
    }
    let commanders = g
        .commander_ids()
        .filter_map(|c| {
            let at = g.commander_point(c)?;
            let info = g.commander_info(c);
            Some(TableCommander {
                id: commander_id(c),
                name: info.name.clone(),
                side: side_key(info.side),
                at: point(at),
                unit: match g.commander(c).post {
                    Post::With(u) => Some(unit_id(u)),
                    Post::At(_) => None,
                },
            })
        })
        .collect();
    TableView {
        width: s.table.size.x,
        depth: s.table.size.y,
        areas,
        lines,
        stands,
        units,
        commanders,
        marks: Vec::new(),
    }
}

/// The whole board: the table and the tracks.
#[must_use]
pub fn board(g: &Rotr) -> BoardView {
    let s = g.scenario();
    let last = crate::sequence::last_turn();
    let turn = if g.over() {
        format!("the game is over after turn {last}")
    } else {
        format!("{} ({} of {last})", g.clock(), g.turn)
    };
    let cup: Vec<&str> = g.cup.iter().map(|&b| g.brigade(b).chit.as_str()).collect();
    let [u, c] = crate::victory::vp(g);
    let ratings: Vec<String> = g
        .commander_ids()
        .map(|c| {
            let q = g.commander(c).quality.map_or("not yet rated", |q| q.name());
            format!("{}: {q}", g.commander_info(c).name)
        })
        .collect();
    BoardView {
        title: format!("{} (Regimental On To Richmond)", s.title),
        tracks: vec![
            ("Turn".into(), turn),
            ("Cup".into(), if cup.is_empty() { "empty".into() } else { cup.join(", ") }),
            ("Commanders".into(), ratings.join("; ")),
            ("Victory Points".into(), format!("Union {u}, Confederate {c} (objectives at the end, plan 6.7)")),
        ],
        legend: LEGEND
            .iter()
            .map(|&(terrain, name, fill)| LegendEntry { terrain: terrain.into(), name: name.into(), fill: fill.into() })
            .collect(),
        table: Some(table(g)),
        ..BoardView::default()
    }
}

//! Player aids (`engine::Game::aids`, issue 15): the rules card's Volley Fire Chart (5.1) and
//! defensive fire (5.3), each cell read from the functions in `charts.rs` that the fire rules
//! themselves call, so the aid cannot disagree with play.

use crate::charts::{self, Effect};
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

/// The Volley Fire Chart and the defensive fire table.
pub(crate) fn aids() -> Vec<AidTable> {
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
}

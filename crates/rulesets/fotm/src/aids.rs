//! Player aids (`engine::Game::aids`, issue 15): the turn record with the reinforcement card
//! (11.2, 14.1, 19.1), read from the order of battle the rules bring units on from, so the aid
//! cannot disagree with play.

use crate::oob::OrderOfBattle;
use engine::{AidTable, Side};

/// The turn record: each turn's label and who enters, by side, at which entry.
pub(crate) fn aids(oob: &OrderOfBattle) -> Vec<AidTable> {
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
                        format!("{} (at {})", names.join(", "), a.entry)
                    })
                    .collect::<Vec<_>>()
                    .join("; ")
            };
            vec![format!("{} {label}", i + 1), side(Side::Union), side(Side::Confederate)]
        })
        .collect();
    vec![AidTable {
        title: "Turn record and reinforcements".into(),
        rule: "FotM 14.1".into(),
        columns: vec!["turn".into(), "Union enters".into(), "Confederacy enters".into()],
        rows,
        key: Some("Entries by their map names (14.2); dusk turns 8 PM and 9 PM (11.6).".into()),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every turn has its row, and the first Union reinforcement (Scammon, 7 AM) is on it.
    #[test]
    fn the_turn_record_lists_every_turn_and_the_card() {
        let oob = crate::oob::south_mountain();
        let aid = &aids(oob)[0];
        assert_eq!(aid.rows.len(), oob.turns.len());
        assert!(aid.rows[0][1].contains("Scammon"), "{:?}", aid.rows[0]);
        assert!(aid.rows.iter().all(|r| r.len() == aid.columns.len()));
    }
}

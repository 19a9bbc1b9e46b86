//! `muster odds gbacw fire`: the exact odds of one fire at one unit under the GBACW standard
//! rules, read from the ruleset's own `odds` module (tested against the engine's enumeration
//! of real fires).

use super::{Report, dist_json, dist_text, indexed};
use crate::Usage;
use anyhow::Result;
use catalog::calculators::{gbacw, gbacw_charts};
use serde_json::json;

/// The row of the Fire Combat Results Table and the arm firing (9.14-9.16).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArmArg {
    /// Small arms (9.15): the lower row; a 1 calls for depletion rolls (11.21).
    SmallArms,
    /// Artillery at infantry or cavalry (9.14): the Grapeshot row.
    Grapeshot,
    /// Artillery at artillery or wagons (9.14): the lower row, no depletion.
    CounterBattery,
}

/// `muster odds gbacw fire`.
#[derive(clap::Args, Debug)]
pub struct FireArgs {
    /// Total Fire Strength after range (9.2-9.31), whole points (a half is dropped, R29), 0 to
    /// 99.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(0..=99))]
    strength: u32,
    /// Which row the fire reads and which arm fires.
    #[arg(long, value_enum, default_value = "small-arms")]
    arm: ArmArg,
    /// Column shifts from terrain, enfilade, mounted cavalry and density (9.5, 9.51, 6.14,
    /// 8.35; right positive; the net is capped at two either way, R5), -2 to 2.
    #[arg(long, value_name = "S", default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::value_parser!(i32).range(-2..=2))]
    shift: i32,
    /// The target's Morale Rating, 1 to 5; leave it out for a green unit, which sees the
    /// elephant first (13.14, 13.15).
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(u8).range(1..=5))]
    morale: Option<u8>,
    /// A leader stands in the target's hex (13.23: -1 on its morale dice; 17.72 may take him
    /// first, which this calculator does not weigh).
    #[arg(long)]
    leader: bool,
    /// The fire enfilades the target (13.26 read as 7.23, 9.83: +1 on its morale dice; give the
    /// column shift in --shift).
    #[arg(long)]
    enfiladed: bool,
    /// The target's initial strength (13.24), 1 to 20.
    #[arg(long, value_name = "SP", default_value_t = 5, value_parser = clap::value_parser!(u8).range(1..=20))]
    initial: u8,
    /// Points it lost before this fire (13.24: past half its initial strength, +1 on its morale
    /// dice).
    #[arg(long, value_name = "L", default_value_t = 0)]
    lost: u8,
    /// Print {"ruleset", "procedure", "inputs", "column", "loss": [{"value", "probability"}],
    /// "eliminated", "routed", "pinned", "depleted_per_firer"}.
    #[arg(long)]
    pub json: bool,
}

/// One fire's odds, as text and JSON.
///
/// # Errors
/// [`Usage`] when the losses so far leave nothing to fire at.
pub fn fire(a: &FireArgs) -> Result<Report> {
    if a.lost >= a.initial {
        return Err(Usage(format!("--lost {} leaves nothing of an initial strength of {}", a.lost, a.initial)).into());
    }
    let row = if a.arm == ArmArg::Grapeshot {
        gbacw_charts::FireRow::Grapeshot
    } else {
        gbacw_charts::FireRow::SmallArmsAndCounterBattery
    };
    let column = gbacw_charts::shift_column(gbacw_charts::fire_column(row, a.strength), a.shift);
    let f = gbacw::Fire {
        column,
        small_arms: a.arm == ArmArg::SmallArms,
        morale: a.morale,
        modifier: i32::from(a.enfiladed) - i32::from(a.leader),
        initial: a.initial,
        lost: a.lost,
    };
    let o = gbacw::fire(&f);
    let loss = indexed(&o.loss);
    let morale = a.morale.map_or_else(|| "green (13.15 first)".to_string(), |m| m.to_string());
    let mut text = format!(
        "GBACW 9.16 fire: strength {} on the {} row, shift {:+}: column {} (exact)\nTarget: morale {morale}, {} of {} SP left{}{}\n\n",
        a.strength,
        if row == gbacw_charts::FireRow::Grapeshot { "Grapeshot" } else { "Small-arms and Counter-battery" },
        a.shift,
        column + 1,
        a.initial - a.lost,
        a.initial,
        if a.leader { ", a leader with it" } else { "" },
        if a.enfiladed { ", enfiladed" } else { "" },
    );
    dist_text(&mut text, "Strength Points (or guns) lost (9.81)", &loss);
    let pct = crate::commands::odds::percent;
    text.push_str(&format!(
        "\nEliminated  {}\nRouted      {} (13.21)\nPinned      {} (9.84, not routed)\n",
        pct(o.eliminated),
        pct(o.routed),
        pct(o.pinned)
    ));
    if f.small_arms {
        text.push_str(&format!("Each firing unit out of ammunition  {} (11.21)\n", pct(o.depleted)));
    }
    let json = json!({
        "ruleset": "gbacw",
        "procedure": "fire",
        "inputs": {
            "strength": a.strength, "arm": format!("{:?}", a.arm), "shift": a.shift, "morale": a.morale,
            "leader": a.leader, "enfiladed": a.enfiladed, "initial": a.initial, "lost": a.lost,
        },
        "column": column + 1,
        "loss": dist_json(&loss),
        "eliminated": o.eliminated,
        "routed": o.routed,
        "pinned": o.pinned,
        "depleted_per_firer": o.depleted,
    });
    Ok(Report { text, json })
}

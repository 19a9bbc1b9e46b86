//! `muster odds gbacw fire` and `muster odds gbacw melee`: the exact odds of one fire at one
//! unit and of one melee under the GBACW standard rules, read from the ruleset's own `odds`
//! module (tested against the engine's enumeration of real fires and melees).

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

/// `muster odds gbacw melee`.
#[derive(clap::Args, Debug)]
pub struct MeleeArgs {
    /// The attacker's melee strength after every adjustment, in R16's order: participating
    /// points capped by the Stacking Chart (12.72), doubled for a charge (16.24) or halved when
    /// routed (12.51), +1 for a leader (12.4), +1 for morale two better (12.52), -1 for terrain
    /// crossed (12.31); 0 to 60.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i32).range(0..=60))]
    attacker: i32,
    /// The defender's melee strength after the same adjustments; 0 to 60.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(i32).range(0..=60))]
    defender: i32,
    /// Strength Points the attacker has to lose (a "C3" takes no more than there are);
    /// default: its strength.
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u8).range(1..=60))]
    attacker_points: Option<u8>,
    /// Strength Points the defender has to lose; default: its strength.
    #[arg(long, value_name = "P", value_parser = clap::value_parser!(u8).range(1..=60))]
    defender_points: Option<u8>,
    /// Read the Melee Results Table with the `melee-erratum` option (plan R17): die 2 at +1 and
    /// die 6 at +2 as the table's diagonals run.
    #[arg(long)]
    erratum: bool,
    /// Print {"ruleset", "procedure", "inputs", "differential", "rows": [{"die", "attacker",
    /// "defender"}], "attacker": {"killed", "captured", "retreat"}, "defender": {...},
    /// "repulsed", "engaged"}.
    #[arg(long)]
    pub json: bool,
}

/// One melee's odds (12.98), as text and JSON.
///
/// # Errors
/// None today; the signature matches the other calculators.
pub fn melee(a: &MeleeArgs) -> Result<Report> {
    let differential = a.attacker - a.defender;
    let points =
        |given: Option<u8>, strength: i32| given.unwrap_or_else(|| u8::try_from(strength.max(1)).unwrap_or(60));
    let m = gbacw::Melee {
        differential,
        erratum: a.erratum,
        points: [points(a.attacker_points, a.attacker), points(a.defender_points, a.defender)],
    };
    let o = gbacw::melee(&m);
    let (least, greatest) = gbacw_charts::MELEE_DIFFERENTIALS;
    let read = differential.clamp(least, greatest);
    let cell = |die: u8| {
        if a.erratum {
            gbacw_charts::melee_result_erratum(differential, die)
        } else {
            gbacw_charts::melee_result(differential, die)
        }
    };
    let pct = crate::commands::odds::percent;
    let mut text = format!(
        "GBACW 12.98 melee: attacker {} against defender {}, differential {differential:+}{} (exact){}\n\n  die  attacker  defender\n",
        a.attacker,
        a.defender,
        if read == differential { String::new() } else { format!(", read at {read:+} (R1)") },
        if a.erratum { ", melee-erratum" } else { "" },
    );
    let mut rows = Vec::new();
    for die in 1..=6u8 {
        let (x, y) = cell(die);
        text.push_str(&format!("  {die:>3}  {:>8}  {:>8}\n", x.to_string(), y.to_string()));
        rows.push(json!({ "die": die, "attacker": x.to_string(), "defender": y.to_string() }));
    }
    text.push_str(&format!(
        "\n              killed (12.91)  captured (12.93)  retreats\nAttacker      {:>14.2}  {:>16.2}  {:>8}\nDefender      {:>14.2}  {:>16.2}  {:>8}\n\nRepulsed (12.95)  {}\nEngaged (12.94)   {}\n",
        o.killed[0],
        o.captured[0],
        pct(o.retreat[0]),
        o.killed[1],
        o.captured[1],
        pct(o.retreat[1]),
        pct(o.repulsed),
        pct(o.engaged),
    ));
    text.push_str(
        "\nKilled and captured are expected Strength Points. Left out, because they depend on the position:\nwhose points a loss comes from, 12.97's wipe-out of both sides, leader rolls and the morale\nchecks after a retreat (`muster odds RECORD` weighs the exact position).\n",
    );
    let side = |i: usize| json!({ "killed": o.killed[i], "captured": o.captured[i], "retreat": o.retreat[i] });
    let json = json!({
        "ruleset": "gbacw",
        "procedure": "melee",
        "inputs": {
            "attacker": a.attacker, "defender": a.defender, "attacker_points": m.points[0],
            "defender_points": m.points[1], "erratum": a.erratum,
        },
        "differential": differential,
        "rows": rows,
        "attacker": side(0),
        "defender": side(1),
        "repulsed": o.repulsed,
        "engaged": o.engaged,
    });
    Ok(Report { text, json })
}

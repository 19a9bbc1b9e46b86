//! `muster odds belmont volley|melee`, `muster odds fotm assault`, `muster odds gbacw
//! fire|melee` and the hidden `muster odds dice`: quick exact odds of the common procedures
//! without a position. The numbers come from each ruleset's `odds` module, which reads the charts the procedures themselves use
//! and is tested against the engine's own enumeration; this module parses and prints.

#[path = "calc/gbacw.rs"]
mod gbacw_calc;

use crate::Usage;
use anyhow::Result;
use belmont::Firer;
use catalog::calculators::{belmont, fotm};
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::process::ExitCode;

/// A quick calculator: the exact odds of one procedure, with no position needed.
#[derive(clap::Subcommand, Debug)]
pub enum Calc {
    /// Belmont (Compass Games, 2017): one volley or one melee round.
    #[command(subcommand)]
    Belmont(BelmontCalc),
    /// Fire on the Mountain (Legion Wargames, 2022): one Assault.
    #[command(subcommand)]
    Fotm(FotmCalc),
    /// The Great Battles of the American Civil War standard rules: one fire at one unit, or one
    /// melee.
    #[command(subcommand)]
    Gbacw(GbacwCalc),
    /// Exact dice distributions as muster computes them, timed (for bench/icepool_compare.py).
    #[command(hide = true)]
    Dice(DiceArgs),
}

/// Belmont's calculators.
#[derive(clap::Subcommand, Debug)]
pub enum BelmontCalc {
    /// One volley (5.1, Volley Fire Chart): the exact distributions of its hit and retreat
    /// results.
    ///
    /// Each die is read on the Volley Fire Chart (rules card 6.1) for the firer and range; hits
    /// break, reduce or remove units (7.0, 7.1), retreats send a unit back (8.3). Counted as
    /// rolled: in play the dice stop once the target hex is empty (5.1), and terrain may cost
    /// dice first (Terrain Effects Chart: subtract them from --dice yourself).
    Volley(VolleyArgs),
    /// One melee round (6.1): the exact distribution of the hits each side suffers.
    ///
    /// Each side adds a d6 to its strength; the lower suffers one hit, two at a difference of
    /// 5 or more; a tie costs the attacker one hit. Defensive fire (5.3), Grant's re-roll (6.8)
    /// and later rounds are not included.
    Melee(MeleeArgs),
}

/// Fire on the Mountain's calculators.
#[derive(clap::Subcommand, Debug)]
pub enum FotmCalc {
    /// One Assault (15.4): the exact distributions of steps lost by each side, rout and leader
    /// casualties.
    ///
    /// The rolls, in the Assault's order: offensive suppression (9.4) or ranged/canister fire
    /// (15.6), defensive fire (15.7), the assaulting Lead Brigade's morale check after two
    /// losses (15.7, a failure ends the Assault), close combat (15.4). Each die scores a step on
    /// a six (15.2); a side rolls at most ten dice in the whole Assault, so close combat gets what
    /// the artillery roll left. Caps (15.8): the defending hex loses at most two
    /// steps to fire and close combat, its artillery at most one to suppression, the assaulting
    /// Lead Brigade at most two. Four or more attacker sixes rout the hex (17.4); with artillery
    /// fire and close combat they also cause a leader casualty (16.1); two ones rolled by
    /// sharpshooters cause one (7.2). Give each roll's SP after arcs (5.1), terrain (15.3),
    /// column, dismounted and corps adjustments (15.2: the corps -1 once, on the side's main
    /// roll) and Longstreet (10.5); they are taken as
    /// given (in play a step lost early can lower a later roll's SP; `muster odds RECORD` weighs
    /// the exact position). The defender's choices afterwards (17.2) are not included.
    Assault(AssaultArgs),
}

/// The GBACW standard rules' calculators.
#[derive(clap::Subcommand, Debug)]
pub enum GbacwCalc {
    /// One fire at one unit standing alone (9.16 with 9.5, 9.81-9.88, 11.21, 13.14-13.26): the
    /// exact distribution of points lost and the chances of elimination, rout, pin and each
    /// firer's depletion.
    ///
    /// The column is read from the Total Fire Strength on its row (9.14-9.16) and moved by
    /// --shift (9.5, 9.51, 8.35); the CRT die, then 11.21's depletion die, a green unit's 13.15
    /// roll, the morale die and 9.88's second die are enumerated in the fire's order. Left out,
    /// because they depend on the position: a stack (8.21, 13.42, 8.22), a second arm at the
    /// same hex (9.42), and 17.72's leader roll before the check (`muster odds RECORD` weighs
    /// the exact position).
    Fire(gbacw_calc::FireArgs),
    /// One melee (12.98) at the differential of two melee strengths: each die's cells, the
    /// expected Strength Points killed and captured on each side, and the chances of a retreat,
    /// "Rpls" and "Eng".
    ///
    /// Give each side's strength after every adjustment (R16's order: 12.72's cap, a charge's
    /// doubling or a routed side's halving, leader, morale, terrain). A differential beyond the
    /// table is read at its end column (R1). Left out, because they depend on the position:
    /// whose points a loss comes from, 12.97's wipe-out of both sides, leader rolls and the morale
    /// checks after a retreat (`muster odds RECORD` weighs the exact position).
    Melee(gbacw_calc::MeleeArgs),
}

/// `muster odds belmont volley`.
#[derive(clap::Args, Debug)]
pub struct VolleyArgs {
    /// Who fires (Volley Fire Chart): infantry (range 1-2), field-artillery (1-8), gunboat (1-14).
    #[arg(long, value_enum)]
    firer: FirerArg,
    /// Dice rolled: the firing hex's SP after terrain (5.1), 1 to 60.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=60))]
    dice: u8,
    /// Range in hexes, counting the target hex and not the firer's (5.1).
    #[arg(long, value_name = "R", value_parser = clap::value_parser!(u16).range(1..))]
    range: u16,
    /// Print {"ruleset", "procedure", "inputs", "per_die": {"hit", "retreat", "miss"}, "hits":
    /// [{"value", "probability"}], "retreats": [...], "outcomes": [{"hits", "retreats",
    /// "probability"}]}.
    #[arg(long)]
    json: bool,
}

/// The firers of the Volley Fire Chart a player can name.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum FirerArg {
    Infantry,
    FieldArtillery,
    Gunboat,
}

impl From<FirerArg> for Firer {
    fn from(f: FirerArg) -> Firer {
        match f {
            FirerArg::Infantry => Firer::Infantry,
            FirerArg::FieldArtillery => Firer::FieldArtillery,
            FirerArg::Gunboat => Firer::Gunboat,
        }
    }
}

/// `muster odds belmont melee`.
#[derive(clap::Args, Debug)]
pub struct MeleeArgs {
    /// The attacker's SP in the melee (6.1: companies, a broken one only with its regimental
    /// leader or if broken by this melee's defensive fire, plus one leader), 0 to 40.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(i16).range(0..=40))]
    attacker: i16,
    /// The defender's SP (6.1: companies and one leader; artillery adds none, 6.6), 0 to 40.
    #[arg(long, value_name = "M", value_parser = clap::value_parser!(i16).range(0..=40))]
    defender: i16,
    /// Added to the attacker's strength: the Terrain Effects Chart's melee modifier (-1 from
    /// felled trees, pond or marsh, -1 clear into woods, -1 up a slope), -10 to 10.
    #[arg(long, value_name = "K", default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::value_parser!(i16).range(-10..=10))]
    attacker_modifier: i16,
    /// Print {"ruleset", "procedure", "inputs", "attacker_hits": [{"value", "probability"}],
    /// "defender_hits": [...]}.
    #[arg(long)]
    json: bool,
}

/// `muster odds fotm assault`.
#[derive(clap::Args, Debug)]
pub struct AssaultArgs {
    /// Close combat SP of the assaulting infantry and cavalry (15.4); 0: an artillery-only
    /// Assault.
    #[arg(long, value_name = "N", default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=40))]
    attack_sp: i32,
    /// Defensive fire SP of the defending hex (15.7: infantry, cavalry and canister); 0: none
    /// (no assaulting brigade adjacent, or all fire at its rear arc is lost).
    #[arg(long, value_name = "M", default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=40))]
    defend_sp: i32,
    /// Offensive ranged or canister fire SP at the defending infantry and cavalry (9.2, 9.3,
    /// 15.6).
    #[arg(long, value_name = "K", default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=40))]
    artillery_sp: i32,
    /// Offensive suppression fire SP at the defending hex's artillery (9.4, 15.6: used instead
    /// of --artillery-sp when the hex holds artillery; at most one step).
    #[arg(long, value_name = "S", default_value_t = 0, value_parser = clap::value_parser!(i32).range(0..=40))]
    suppression_sp: i32,
    /// The defending hex is woods (15.3): the defender re-rolls one of each attacker roll's
    /// sixes, which still scores on 5-6.
    #[arg(long)]
    woods: bool,
    /// The assaulting Lead Brigade's hex is woods (15.3): it re-rolls one defensive-fire six.
    #[arg(long)]
    attacker_in_woods: bool,
    /// Dusk (11.6, 8 PM and 9 PM): each side's first six in the Assault is ignored.
    #[arg(long)]
    dusk: bool,
    /// Sharpshooters assault (7.2): two ones in close combat cause a defending leader casualty.
    #[arg(long)]
    attacker_sharpshooters: bool,
    /// Sharpshooters defend (7.2): two ones in defensive fire cause an assaulting leader
    /// casualty.
    #[arg(long)]
    defender_sharpshooters: bool,
    /// Mounted cavalry in the defending hex screens it from the rout (17.4).
    #[arg(long)]
    screened: bool,
    /// The assaulting Lead Brigade's morale check modifier (17.2: -1 per LCM, + a commander's
    /// CM), -2 to 5.
    #[arg(long, value_name = "D", default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::value_parser!(i8).range(-2..=5))]
    attack_morale_drm: i8,
    /// Print {"ruleset", "procedure", "inputs", "defender_steps_lost", "artillery_steps_lost",
    /// "attacker_steps_lost", "attacker_fell_back", "rout", "defender_leader_casualties",
    /// "attacker_leader_casualties" (each [{"value", "probability"}]), "outcomes": [{...,
    /// "probability"}]}.
    #[arg(long)]
    json: bool,
}

/// `muster odds dice` (hidden): exact distributions of dice pools, each computed `--repeat`
/// times and timed, for the icepool comparison.
#[derive(clap::Args, Debug)]
pub struct DiceArgs {
    /// A pool: sixes:N (sixes among N d6, the 15.2 combat roll), sum:N (the sum of N d6),
    /// assault:K,A (FotM: K artillery dice then A close-combat dice; steps lost capped at two,
    /// 15.8). Repeat the flag for several pools.
    #[arg(long, value_name = "POOL", required = true)]
    pool: Vec<String>,
    /// Evaluations per pool to time.
    #[arg(long, value_name = "R", default_value_t = 1000)]
    repeat: u32,
    /// Print [{"pool", "distribution": [{"value", "probability"}], "seconds_per_evaluation"}].
    #[arg(long)]
    json: bool,
}

/// Runs a calculator.
pub fn run(calc: &Calc) -> Result<ExitCode> {
    let (json, out) = match calc {
        Calc::Belmont(BelmontCalc::Volley(a)) => (a.json, volley(a)?),
        Calc::Belmont(BelmontCalc::Melee(a)) => (a.json, melee(a)),
        Calc::Fotm(FotmCalc::Assault(a)) => (a.json, assault(a)),
        Calc::Gbacw(GbacwCalc::Fire(a)) => (a.json, gbacw_calc::fire(a)?),
        Calc::Gbacw(GbacwCalc::Melee(a)) => (a.json, gbacw_calc::melee(a)?),
        Calc::Dice(a) => (a.json, dice(a)?),
    };
    if json {
        super::print(&serde_json::to_string_pretty(&out.json)?)?;
    } else {
        super::print(out.text.trim_end())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A calculator's answer in both forms.
struct Report {
    text: String,
    json: Value,
}

/// A distribution as [{"value", "probability"}].
fn dist_json<V: serde::Serialize>(d: &[(V, f64)]) -> Value {
    Value::Array(d.iter().map(|(v, p)| json!({ "value": v, "probability": p })).collect())
}

/// A distribution as one table row per value, under `title`.
fn dist_text<V: std::fmt::Display>(s: &mut String, title: &str, d: &[(V, f64)]) {
    let _ = writeln!(s, "{title}");
    for (v, p) in d {
        let _ = writeln!(s, "  {v:>5}  {:>8}  {p:.6}", super::odds::percent(*p));
    }
}

fn indexed(v: &[f64]) -> Vec<(usize, f64)> {
    v.iter().copied().enumerate().collect()
}

fn volley(a: &VolleyArgs) -> Result<Report> {
    let firer = Firer::from(a.firer);
    if a.range > firer.max_range() {
        return Err(Usage(format!(
            "--range {}: {} fires at most {} hexes (Volley Fire Chart)",
            a.range,
            firer.name(),
            firer.max_range()
        ))
        .into());
    }
    let v = belmont::volley(firer, a.dice, a.range);
    let (hit, retreat, miss) = v.per_die;
    let (hits, retreats) = (indexed(&v.hits), indexed(&v.retreats));
    let mut text = format!(
        "Belmont 5.1 volley: {} dice, {}, range {} (exact)\nEach die: hit {}, retreat {}, miss {}\n\n",
        a.dice,
        firer.name(),
        a.range,
        super::odds::percent(hit),
        super::odds::percent(retreat),
        super::odds::percent(miss)
    );
    dist_text(&mut text, "Hits (7.0)", &hits);
    if retreat > 0.0 {
        dist_text(&mut text, "\nRetreat results (8.3)", &retreats);
    } else {
        text.push_str("\nRetreat results (8.3): none at this range\n");
    }
    let outcomes: Vec<Value> =
        v.joint.iter().map(|&(h, r, p)| json!({ "hits": h, "retreats": r, "probability": p })).collect();
    let json = json!({
        "ruleset": "belmont",
        "procedure": "volley",
        "inputs": { "firer": firer.name(), "dice": a.dice, "range": a.range },
        "per_die": { "hit": hit, "retreat": retreat, "miss": miss },
        "hits": dist_json(&hits),
        "retreats": dist_json(&retreats),
        "outcomes": outcomes,
    });
    Ok(Report { text, json })
}

fn melee(a: &MeleeArgs) -> Report {
    let m = belmont::melee_round(a.attacker + a.attacker_modifier, a.defender);
    let (att, def) = (indexed(&m.attacker_hits), indexed(&m.defender_hits));
    let mut text = format!(
        "Belmont 6.1 melee round: attacker {} SP {:+} against defender {} SP, a d6 each (exact)\n\n",
        a.attacker, a.attacker_modifier, a.defender
    );
    dist_text(&mut text, "Hits suffered by the attacker", &att);
    dist_text(&mut text, "\nHits suffered by the defender", &def);
    let json = json!({
        "ruleset": "belmont",
        "procedure": "melee",
        "inputs": { "attacker": a.attacker, "defender": a.defender, "attacker_modifier": a.attacker_modifier },
        "attacker_hits": dist_json(&att),
        "defender_hits": dist_json(&def),
    });
    Report { text, json }
}

/// One reported field of an Assault's outcome: JSON key, table title, reader.
type Field = (&'static str, &'static str, fn(&fotm::Outcome) -> u8);

fn assault(a: &AssaultArgs) -> Report {
    use fotm::{Assault, marginal};
    let input = Assault {
        attack_sp: a.attack_sp,
        defend_sp: a.defend_sp,
        artillery_sp: a.artillery_sp,
        suppression_sp: a.suppression_sp,
        woods: a.woods,
        attacker_in_woods: a.attacker_in_woods,
        dusk: a.dusk,
        attacker_sharpshooters: a.attacker_sharpshooters,
        defender_sharpshooters: a.defender_sharpshooters,
        screened: a.screened,
        attack_morale_drm: a.attack_morale_drm,
    };
    let o = fotm::assault(&input);
    let fields: [Field; 7] = [
        ("defender_steps_lost", "Steps lost by the defending hex (15.8, at most 2)", |o| o.defender_steps),
        ("artillery_steps_lost", "Steps lost by the defending artillery to suppression (9.4, at most 1)", |o| {
            o.artillery_steps
        }),
        ("attacker_steps_lost", "Steps lost by the assaulting Lead Brigade (15.7, at most 2)", |o| o.attacker_steps),
        ("attacker_fell_back", "Assaulting Lead Brigade failed its morale check, no close combat (15.7)", |o| {
            u8::from(o.attacker_fell_back)
        }),
        ("rout", "Defending hex routs (17.4)", |o| u8::from(o.rout)),
        ("defender_leader_casualties", "Leader casualties on the defending Lead Brigade (16.1, 7.2)", |o| {
            o.defender_leader_casualties
        }),
        ("attacker_leader_casualties", "Leader casualties on the assaulting Lead Brigade (7.2)", |o| {
            o.attacker_leader_casualties
        }),
    ];
    let mut text = format!(
        "Fire on the Mountain 15.4 Assault: close combat {} SP, defensive fire {} SP, artillery {} SP, suppression {} SP{}{}{}{}{}{}{} (exact)\n\n",
        a.attack_sp,
        a.defend_sp,
        a.artillery_sp,
        a.suppression_sp,
        if a.woods { ", woods" } else { "" },
        if a.attacker_in_woods { ", attacker in woods" } else { "" },
        if a.dusk { ", dusk" } else { "" },
        if a.attacker_sharpshooters { ", attacking sharpshooters" } else { "" },
        if a.defender_sharpshooters { ", defending sharpshooters" } else { "" },
        if a.screened { ", screened" } else { "" },
        if a.attack_morale_drm != 0 { format!(", morale DRM {:+}", a.attack_morale_drm) } else { String::new() },
    );
    let mut json = json!({
        "ruleset": "fotm",
        "procedure": "assault",
        "inputs": {
            "attack_sp": a.attack_sp, "defend_sp": a.defend_sp, "artillery_sp": a.artillery_sp,
            "suppression_sp": a.suppression_sp, "woods": a.woods, "attacker_in_woods": a.attacker_in_woods,
            "dusk": a.dusk, "attacker_sharpshooters": a.attacker_sharpshooters,
            "defender_sharpshooters": a.defender_sharpshooters, "screened": a.screened,
            "attack_morale_drm": a.attack_morale_drm,
        },
    });
    for (i, (key, title, f)) in fields.iter().enumerate() {
        let m = marginal(&o, f);
        if i > 0 {
            text.push('\n');
        }
        dist_text(&mut text, title, &m);
        json[*key] = dist_json(&m);
    }
    json["outcomes"] = Value::Array(
        o.iter()
            .map(|(x, p)| {
                json!({
                    "defender_steps_lost": x.defender_steps, "artillery_steps_lost": x.artillery_steps,
                    "attacker_steps_lost": x.attacker_steps, "attacker_fell_back": x.attacker_fell_back,
                    "rout": x.rout, "defender_leader_casualties": x.defender_leader_casualties,
                    "attacker_leader_casualties": x.attacker_leader_casualties, "probability": p,
                })
            })
            .collect(),
    );
    Report { text, json }
}

/// One pool of `muster odds dice`.
#[derive(Clone, Copy, Debug)]
enum Pool {
    /// Sixes among N d6.
    Sixes(u8),
    /// The sum of N d6.
    Sum(usize),
    /// FotM: K artillery dice, then A close-combat dice.
    Assault(i32, i32),
}

fn parse_pool(spec: &str) -> Result<Pool> {
    let bad = || Usage(format!("--pool {spec}: expected sixes:N, sum:N (N 1 to 60) or assault:K,A (0 to 10 each)"));
    let (kind, arg) = spec.split_once(':').ok_or_else(bad)?;
    let num = |s: &str, max: u8| s.trim().parse::<u8>().ok().filter(|&n| n <= max).ok_or_else(bad);
    Ok(match kind {
        "sixes" => Pool::Sixes(num(arg, 60)?),
        "sum" => Pool::Sum(usize::from(num(arg, 60)?)),
        "assault" => {
            let (k, a) = arg.split_once(',').ok_or_else(bad)?;
            Pool::Assault(i32::from(num(k, 10)?), i32::from(num(a, 10)?))
        }
        _ => return Err(bad().into()),
    })
}

/// The pool's exact distribution, as muster's procedures compute it.
fn compute(pool: Pool) -> Vec<(usize, f64)> {
    match pool {
        Pool::Sixes(n) => indexed(&fotm::sixes(n)),
        Pool::Sum(n) => indexed(&analysis::dice::sum(n, 6)),
        Pool::Assault(k, a) => {
            let input = fotm::Assault { artillery_sp: k, attack_sp: a, ..fotm::Assault::default() };
            let o = fotm::assault(&input);
            fotm::marginal(&o, |o| o.defender_steps).into_iter().map(|(v, p)| (usize::from(v), p)).collect()
        }
    }
}

fn dice(a: &DiceArgs) -> Result<Report> {
    let mut text = String::from("pool          seconds/evaluation  distribution\n");
    let mut rows = Vec::new();
    for spec in &a.pool {
        let pool = parse_pool(spec)?;
        let d = compute(pool);
        let start = std::time::Instant::now();
        for _ in 0..a.repeat {
            std::hint::black_box(compute(std::hint::black_box(pool)));
        }
        let per = start.elapsed().as_secs_f64() / f64::from(a.repeat.max(1));
        let shown: Vec<String> = d.iter().take(6).map(|(v, p)| format!("{v}:{p:.4}")).collect();
        let _ = writeln!(text, "{spec:<13} {per:>18.3e}  {}", shown.join(" "));
        rows.push(json!({ "pool": spec, "distribution": dist_json(&d), "seconds_per_evaluation": per }));
    }
    Ok(Report { text, json: Value::Array(rows) })
}

//! `muster odds belmont volley|melee`, `muster odds fotm assault` and `muster odds gbacw
//! fire|melee`: exact answers checked against probabilities worked out here from the rules and
//! binomial formulas, sums to one, and usage errors (exit code 2).

use serde_json::Value;
use std::process::{Command, Output};

fn muster(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_muster")).args(args).output().expect("muster runs")
}

/// Runs a calculator with --json, expecting success.
fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let out = muster(&all);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// A distribution [{value, probability}] as (value, probability) pairs; sums to one.
fn dist(v: &Value) -> Vec<(i64, f64)> {
    let d: Vec<(i64, f64)> = v
        .as_array()
        .expect("a distribution")
        .iter()
        .map(|e| (e["value"].as_i64().expect("value"), e["probability"].as_f64().expect("probability")))
        .collect();
    let total: f64 = d.iter().map(|(_, p)| p).sum();
    assert!((total - 1.0).abs() < 1e-12, "sums to {total}: {v}");
    d
}

fn p_of(d: &[(i64, f64)], value: i64) -> f64 {
    d.iter().filter(|(v, _)| *v == value).map(|(_, p)| p).sum()
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} != {b}");
}

fn choose(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1))
}

/// P(exactly k successes in n trials of probability p).
fn binom(n: u32, k: u32, p: f64) -> f64 {
    choose(n, k) * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

#[test]
fn belmont_volley_infantry_at_one_hex_is_binomial() {
    // Volley Fire Chart: infantry at range 1, 6 a hit and 5 a retreat.
    let v = json(&["odds", "belmont", "volley", "--firer", "infantry", "--dice", "4", "--range", "1"]);
    assert_eq!(v["inputs"]["dice"], 4);
    let (hits, retreats) = (dist(&v["hits"]), dist(&v["retreats"]));
    for k in 0..=4 {
        close(p_of(&hits, i64::from(k)), binom(4, k, 1.0 / 6.0));
        close(p_of(&retreats, i64::from(k)), binom(4, k, 1.0 / 6.0));
    }
    // Joint: two hits and one retreat = 4!/(2!1!1!) (1/6)^3 (4/6).
    let joint = v["outcomes"].as_array().unwrap();
    let p21 = joint.iter().find(|o| o["hits"] == 2 && o["retreats"] == 1).unwrap()["probability"].as_f64().unwrap();
    close(p21, 12.0 * (1.0f64 / 6.0).powi(3) * (4.0 / 6.0));
    close(joint.iter().map(|o| o["probability"].as_f64().unwrap()).sum(), 1.0);
}

#[test]
fn belmont_volley_field_artillery_and_gunboats_by_range() {
    // Field artillery at range 2: 6 a hit, 4-5 a retreat.
    let v = json(&["odds", "belmont", "volley", "--firer", "field-artillery", "--dice", "3", "--range", "2"]);
    let (hits, retreats) = (dist(&v["hits"]), dist(&v["retreats"]));
    for k in 0..=3 {
        close(p_of(&hits, i64::from(k)), binom(3, k, 1.0 / 6.0));
        close(p_of(&retreats, i64::from(k)), binom(3, k, 2.0 / 6.0));
    }
    // Gunboats at range 1-5: 5-6 a hit; beyond, 6 only; never a retreat.
    let near = json(&["odds", "belmont", "volley", "--firer", "gunboat", "--dice", "5", "--range", "5"]);
    let far = json(&["odds", "belmont", "volley", "--firer", "gunboat", "--dice", "5", "--range", "6"]);
    for k in 0..=5 {
        close(p_of(&dist(&near["hits"]), i64::from(k)), binom(5, k, 2.0 / 6.0));
        close(p_of(&dist(&far["hits"]), i64::from(k)), binom(5, k, 1.0 / 6.0));
    }
    close(p_of(&dist(&far["retreats"]), 0), 1.0);
}

/// 6.1 by hand: over the 36 rolls, the hits each side suffers.
fn melee_by_hand(attack: i32, defence: i32) -> ([f64; 3], [f64; 3]) {
    let (mut att, mut def) = ([0.0; 3], [0.0; 3]);
    for a in 1..=6 {
        for d in 1..=6 {
            let diff = (attack + a) - (defence + d);
            let (ah, dh) = match diff {
                x if x >= 5 => (0, 2),
                x if x > 0 => (0, 1),
                0 => (1, 0),
                x if x > -5 => (1, 0),
                _ => (2, 0),
            };
            att[ah] += 1.0 / 36.0;
            def[dh] += 1.0 / 36.0;
        }
    }
    (att, def)
}

#[test]
fn belmont_melee_round_matches_the_rule_by_hand() {
    for (n, m, k) in [(2, 2, 0), (6, 2, -1), (1, 7, 0), (4, 3, -2)] {
        let (ns, ms, ks) = (n.to_string(), m.to_string(), k.to_string());
        let v = json(&["odds", "belmont", "melee", "--attacker", &ns, "--defender", &ms, "--attacker-modifier", &ks]);
        let (att, def) = melee_by_hand(n + k, m);
        let (a, d) = (dist(&v["attacker_hits"]), dist(&v["defender_hits"]));
        for h in 0..3 {
            close(p_of(&a, h as i64), att[h]);
            close(p_of(&d, h as i64), def[h]);
        }
    }
    // Equal strengths: the attacker is hit on a tie or a lower roll, 21 of 36.
    let v = json(&["odds", "belmont", "melee", "--attacker", "3", "--defender", "3"]);
    close(p_of(&dist(&v["attacker_hits"]), 0), 15.0 / 36.0);
}

#[test]
fn fotm_assault_close_combat_caps_and_rout() {
    // 6 close-combat dice: k sixes lose min(k, 2) steps; four or more rout (17.4).
    let v = json(&["odds", "fotm", "assault", "--attack-sp", "6"]);
    let steps = dist(&v["defender_steps_lost"]);
    close(p_of(&steps, 0), binom(6, 0, 1.0 / 6.0));
    close(p_of(&steps, 1), binom(6, 1, 1.0 / 6.0));
    close(p_of(&steps, 2), (2..=6).map(|k| binom(6, k, 1.0 / 6.0)).sum());
    close(p_of(&dist(&v["rout"]), 1), (4..=6).map(|k| binom(6, k, 1.0 / 6.0)).sum());
    // No artillery fire: no 16.1 leader casualty.
    close(p_of(&dist(&v["defender_leader_casualties"]), 0), 1.0);
    let total: f64 = v["outcomes"].as_array().unwrap().iter().map(|o| o["probability"].as_f64().unwrap()).sum();
    close(total, 1.0);
}

#[test]
fn fotm_assault_ten_dice_at_most_and_leader_casualty_with_artillery() {
    // 15.2: 14 SP roll ten dice.
    let ten = json(&["odds", "fotm", "assault", "--attack-sp", "14"]);
    close(p_of(&dist(&ten["defender_steps_lost"]), 0), (5.0f64 / 6.0).powi(10));
    // Ten dice per Assault, not per roll: 4 artillery dice leave close combat six of its 10 SP,
    // so four sixes (rout) come about 7% of the time, as on ten dice, not 19% as on fourteen.
    let both = json(&["odds", "fotm", "assault", "--artillery-sp", "4", "--attack-sp", "10"]);
    close(p_of(&dist(&both["rout"]), 1), (4..=10).map(|k| binom(10, k, 1.0 / 6.0)).sum());
    // 2 artillery dice then 4 close-combat dice: six dice in all; four sixes with both kinds of
    // fire cause a leader casualty (16.1).
    let v = json(&["odds", "fotm", "assault", "--artillery-sp", "2", "--attack-sp", "4"]);
    let four_plus: f64 = (4..=6).map(|k| binom(6, k, 1.0 / 6.0)).sum();
    close(p_of(&dist(&v["defender_leader_casualties"]), 1), four_plus);
    close(p_of(&dist(&v["rout"]), 1), four_plus);
    // Screened by mounted cavalry: no rout.
    let s = json(&["odds", "fotm", "assault", "--attack-sp", "6", "--screened"]);
    close(p_of(&dist(&s["rout"]), 1), 0.0);
}

#[test]
fn fotm_assault_woods_dusk_defensive_fire_and_morale() {
    // Woods: one six re-rolled, kept on 5-6 (1/3). One die: P(a step) = 1/6 * 1/3.
    let w = json(&["odds", "fotm", "assault", "--attack-sp", "1", "--woods"]);
    close(p_of(&dist(&w["defender_steps_lost"]), 1), 1.0 / 18.0);
    // Dusk: the first six is ignored. Three dice: a step needs two sixes.
    let d = json(&["odds", "fotm", "assault", "--attack-sp", "3", "--dusk"]);
    let dl = dist(&d["defender_steps_lost"]);
    close(p_of(&dl, 1), binom(3, 2, 1.0 / 6.0));
    close(p_of(&dl, 2), binom(3, 3, 1.0 / 6.0));
    // Defensive fire of 4: two or more sixes cost two steps and a morale check, failed on
    // 1-4 (with DRM +1: on 1-3), which ends the Assault (15.7).
    let two: f64 = (2..=4).map(|k| binom(4, k, 1.0 / 6.0)).sum();
    let m = json(&["odds", "fotm", "assault", "--attack-sp", "5", "--defend-sp", "4", "--attack-morale-drm", "1"]);
    close(p_of(&dist(&m["attacker_steps_lost"]), 2), two);
    close(p_of(&dist(&m["attacker_fell_back"]), 1), two * 3.0 / 6.0);
    // Close combat happens only when the Assault goes on.
    let none = (1.0 - two * 0.5) * (5.0f64 / 6.0).powi(5) + two * 0.5;
    close(p_of(&dist(&m["defender_steps_lost"]), 0), none);
    // Sharpshooters: two or more ones among two close-combat dice, 1/36.
    let s = json(&["odds", "fotm", "assault", "--attack-sp", "2", "--attacker-sharpshooters"]);
    close(p_of(&dist(&s["defender_leader_casualties"]), 1), 1.0 / 36.0);
}

/// GBACW 9.16: strength 6 of small arms reads the third column (4-6); its dice there are -,
/// -, P, R, P/R and 1 (a loss and a check). At morale 3 each check fails on 4-6, one in two:
/// routed 3/12, pinned 2/12; a 1 on the CRT die calls a depletion roll failing on 1-2. A leader
/// (-1) makes each check fail on 5-6 only.
#[test]
fn gbacw_fire_by_hand() {
    let v = json(&["odds", "gbacw", "fire", "--strength", "6", "--morale", "3"]);
    assert_eq!(v["column"], 3);
    let loss = dist(&v["loss"]);
    close(p_of(&loss, 1), 1.0 / 6.0);
    close(v["routed"].as_f64().unwrap(), 3.0 / 12.0);
    close(v["pinned"].as_f64().unwrap(), 2.0 / 12.0);
    close(v["depleted_per_firer"].as_f64().unwrap(), 1.0 / 18.0);
    let v = json(&["odds", "gbacw", "fire", "--strength", "6", "--morale", "3", "--leader"]);
    close(v["routed"].as_f64().unwrap(), 3.0 * (1.0 / 6.0) * (2.0 / 6.0));
    // Artillery on the Grapeshot row: 6 reads the second column (4-8), and no depletion.
    let v = json(&["odds", "gbacw", "fire", "--strength", "6", "--arm", "grapeshot", "--morale", "3"]);
    assert_eq!(v["column"], 2);
    close(v["depleted_per_firer"].as_f64().unwrap(), 0.0);
}

/// GBACW 12.98 at +2 (7 against 5): the attacker's cells read -, -, -, K, Eng, C1R2 and the
/// defender's C1R3, C1R2, C1R2, C1R2, Eng, Rpls (R17 keeps die 6 as printed); so the defender
/// loses a point captured on dice 1-4 and retreats with it, the attacker loses one killed (die 4)
/// and one captured with a retreat (die 6). With `--erratum` die 6 reads Rpls on both sides.
/// Beyond +6 the table's last column is read (R1), and a side can lose no more points than it has.
#[test]
fn gbacw_melee_by_hand() {
    let v = json(&["odds", "gbacw", "melee", "--attacker", "7", "--defender", "5"]);
    assert_eq!(v["differential"], 2);
    assert_eq!(v["rows"][5]["attacker"], "C1R2");
    close(v["defender"]["captured"].as_f64().unwrap(), 4.0 / 6.0);
    close(v["defender"]["retreat"].as_f64().unwrap(), 4.0 / 6.0);
    close(v["attacker"]["killed"].as_f64().unwrap(), 1.0 / 6.0);
    close(v["attacker"]["captured"].as_f64().unwrap(), 1.0 / 6.0);
    close(v["engaged"].as_f64().unwrap(), 1.0 / 6.0);
    close(v["repulsed"].as_f64().unwrap(), 0.0);
    let v = json(&["odds", "gbacw", "melee", "--attacker", "7", "--defender", "5", "--erratum"]);
    assert_eq!(v["rows"][5]["attacker"], "Rpls");
    close(v["repulsed"].as_f64().unwrap(), 1.0 / 6.0);
    close(v["attacker"]["captured"].as_f64().unwrap(), 0.0);
    let v = json(&["odds", "gbacw", "melee", "--attacker", "20", "--defender", "2"]);
    assert_eq!(v["rows"], json(&["odds", "gbacw", "melee", "--attacker", "8", "--defender", "2"])["rows"]);
    assert!(v["defender"]["captured"].as_f64().unwrap() <= 2.0);
}

#[test]
fn calculators_print_readable_tables() {
    let out = muster(&["odds", "belmont", "volley", "--firer", "infantry", "--dice", "2", "--range", "2"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Hits") && text.contains("Retreat results") && text.contains("69.44%"), "{text}");
    let out = muster(&["odds", "fotm", "assault", "--attack-sp", "6"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Defending hex routs (17.4)"), "{text}");
}

#[test]
fn bad_calculator_values_are_usage_errors() {
    for args in [
        &["odds", "belmont", "volley", "--firer", "infantry", "--dice", "3", "--range", "3"][..],
        &["odds", "belmont", "volley", "--firer", "cavalry", "--dice", "3", "--range", "1"],
        &["odds", "belmont", "volley", "--firer", "gunboat", "--dice", "0", "--range", "1"],
        &["odds", "belmont", "melee", "--attacker", "-1", "--defender", "2"],
        &["odds", "fotm", "assault", "--attack-sp", "x"],
        &["odds", "fotm", "assault", "--attack-morale-drm", "9"],
        &["odds", "gbacw", "melee", "--attacker", "61", "--defender", "2"],
    ] {
        let out = muster(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(!out.stderr.is_empty());
    }
    let out = muster(&["odds", "gbacw", "fire", "--strength", "6", "--lost", "5", "--initial", "5"]);
    assert_eq!(out.status.code(), Some(2), "nothing left to fire at is a usage error");
    let out = muster(&["odds", "belmont", "volley", "--firer", "infantry", "--dice", "3", "--range", "3"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("infantry fires at most 2 hexes"), "{err}");
}

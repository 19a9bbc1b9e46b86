//! `muster position`, the test-position builder, run as a user runs it: cut a record,
//! append actions and dice by number, words or JSON, save the position, and see it
//! reported by `replay` as a position rather than a checked game.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn muster(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_muster")).args(args).output().expect("muster runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn json(args: &[&str]) -> Value {
    let out = muster(args);
    assert!(out.status.success(), "muster {args:?} failed: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("muster {args:?}: not JSON ({e})"))
}

fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-position-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A random Belmont game saved in `dir`, and how many actions it has.
fn game(dir: &std::path::Path) -> (String, usize) {
    let out = muster(&["selfplay", "belmont", "--games", "1", "--seed", "5", "--save-dir", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let path = dir.join("belmont-0.json");
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    (path.to_str().unwrap().to_string(), v["actions"].as_array().unwrap().len())
}

#[test]
fn a_fresh_scenario_lists_the_first_decision_and_picks_by_number_words_and_json() {
    let v = json(&["position", "belmont", "--json"]);
    assert_eq!(v["decisions"], 0);
    assert_eq!(v["actor"], "union");
    assert_eq!(v["prompt"]["rule"], "Belmont 2.1");
    let choices = v["choices"].as_array().unwrap();
    assert!(choices.len() > 1 && choices.iter().all(|c| c["probability"].is_null()));
    // The same decision three ways reaches the same position.
    let second = choices[1].clone();
    let words = second["description"].as_str().unwrap().to_string();
    let action = serde_json::to_string(&second["action"]).unwrap();
    let by: Vec<Value> = ["#2", words.as_str(), action.as_str()]
        .iter()
        .map(|pick| json(&["position", "belmont", "--then", pick, "--json"]))
        .collect();
    assert_eq!(by[0]["decisions"], 1);
    assert_eq!(by[0], by[1]);
    assert_eq!(by[0], by[2]);
}

#[test]
fn a_cut_record_with_chosen_dice_saves_as_a_position_that_replay_calls_unchecked() {
    let dir = scratch("cut");
    let (record, n) = game(&dir);
    let full = json(&["replay", &record, "--json"]);
    assert_eq!(full["checked"], true, "a selfplay record carries its hash");
    // Cut back until chance is to act, then choose the least likely outcome.
    let mut at = n / 2;
    let chance = loop {
        let v = json(&["position", &record, "--at", &at.to_string(), "--json"]);
        if v["actor"] == "chance" {
            break v;
        }
        at += 1;
    };
    let outcomes = chance["choices"].as_array().unwrap();
    let total: f64 = outcomes.iter().map(|c| c["probability"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-9, "chance sums to one: {total}");
    let last = format!("#{}", outcomes.len());
    let saved = dir.join("position.json");
    let out =
        muster(&["position", &record, "--at", &at.to_string(), "--then", &last, "--save", saved.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("no final_hash"), "{}", text(&out.stdout));
    let v: Value = serde_json::from_str(&std::fs::read_to_string(&saved).unwrap()).unwrap();
    assert!(v.get("final_hash").is_none() && v.get("seed").is_none());
    assert_eq!(v["actions"].as_array().unwrap().len(), at + 1);
    assert_eq!(v["actions"][at], outcomes.last().unwrap()["action"], "the chosen die is the one appended");
    // replay checks every action but says plainly that nothing vouches for the game.
    let r = json(&["replay", saved.to_str().unwrap(), "--json"]);
    assert_eq!(r["checked"], false);
    assert_eq!(r["decisions"], at + 1);
    let out = muster(&["replay", saved.to_str().unwrap()]);
    assert!(text(&out.stdout).contains("not a checked game"), "{}", text(&out.stdout));
    let out = muster(&["replay", saved.to_str().unwrap(), "--strict"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no final_hash"), "{}", text(&out.stderr));
    // The neighbouring case: the whole record is checked and --strict takes it.
    assert!(muster(&["replay", &record, "--strict"]).status.success());
}

#[test]
fn a_bad_pick_is_refused_with_the_reason_and_nothing_is_written() {
    let dir = scratch("bad");
    let saved = dir.join("never.json");
    let s = saved.to_str().unwrap();
    // Several set-up choices mention "guards": ambiguous.
    let out = muster(&["position", "belmont", "--then", "guards", "--save", s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("matches"), "{}", text(&out.stderr));
    // A word no entry has.
    let out = muster(&["position", "belmont", "--then", "volley", "--save", s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no entry"), "{}", text(&out.stderr));
    // An entry number past the list.
    let out = muster(&["position", "belmont", "--then", "#999", "--save", s]);
    assert_eq!(out.status.code(), Some(1));
    // A well-formed action that is not legal here names the rule it breaks.
    let later = json(&["position", "belmont", "--then", "#1", "--json"]);
    let not_yet = serde_json::to_string(&later["choices"][0]["action"]).unwrap();
    let out = muster(&["position", "belmont", "--then", &not_yet, "--save", s]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("illegal under"), "{}", text(&out.stderr));
    assert!(!saved.exists(), "a refused build writes nothing");
    // --at needs a record; past the record's end is a usage error.
    assert_eq!(muster(&["position", "belmont", "--at", "3"]).status.code(), Some(2));
    let (record, n) = game(&dir);
    assert_eq!(muster(&["position", &record, "--at", &(n + 1).to_string()]).status.code(), Some(2));
}

/// `--units` (the audit's wish): every unit with its hex, the hex's terrain and elevation and
/// its facing, so a ruling on facing or elevation is read from the binary, not the SVG; off
/// without the flag.
#[test]
fn units_shows_hex_terrain_elevation_and_facing() {
    let v = json(&["position", "fotm", "--then", "Done", "--then", "Done", "--units", "--json"]);
    let units = v["units"].as_array().expect("units");
    let garland = units.iter().find(|u| u["id"] == "Garland").expect("Garland on the map");
    assert!(garland["hex"].is_string() && garland["terrain"].is_string(), "{garland}");
    assert!(garland["elevation"].is_i64() && garland["facing"].is_u64(), "{garland}");
    let out = muster(&["position", "fotm", "--then", "Done", "--then", "Done", "--units"]);
    let t = text(&out.stdout);
    assert!(t.contains("Garland") && t.contains("level") && t.contains("facing"), "{t}");
    assert!(json(&["position", "fotm", "--json"]).get("units").is_none());
}

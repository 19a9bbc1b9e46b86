//! The `muster` binary, run as a user runs it: arguments, piped input, exit codes,
//! JSON output and the files it writes.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn muster() -> Command {
    Command::new(env!("CARGO_BIN_EXE_muster"))
}

/// A fresh scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("muster-cli-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs `muster args`, feeding `input` on standard input (closed at its end).
fn run(args: &[&str], input: &str) -> Output {
    let mut child = muster()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("muster runs");
    child.stdin.take().expect("stdin").write_all(input.as_bytes()).expect("input written");
    child.wait_with_output().expect("muster ends")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `muster args` and parses its standard output as JSON, requiring success.
fn json(args: &[&str]) -> Value {
    let out = run(args, "");
    assert!(out.status.success(), "muster {args:?} failed: {}", text(&out.stderr));
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("muster {args:?}: not JSON ({e}): {}", text(&out.stdout)))
}

fn replay_json(path: &Path) -> Value {
    json(&["replay", path.to_str().unwrap(), "--json"])
}

#[test]
fn scenarios_json_lists_belmont_with_its_options() {
    let v = json(&["scenarios", "--json"]);
    let all = v.as_array().expect("an array");
    let belmont = all.iter().find(|s| s["id"] == "belmont").expect("belmont is listed");
    assert!(belmont["description"].as_str().unwrap().contains("not the published map"));
    let options = belmont["options"].as_array().unwrap();
    assert!(options.iter().any(|o| o["name"] == "embark-vp" && o["description"].as_str().unwrap().contains("15.0")));
    // And the text form names them too.
    let out = run(&["scenarios"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("embark-vp"));
}

#[test]
fn usage_errors_exit_2_and_runtime_failures_exit_1() {
    for args in [
        &["play", "gettysburg"][..],
        &["selfplay", "belmont", "--games", "1", "--option", "no-such-rule"],
        &["render", "belmont"],
        &["selfplay"],
        &["frobnicate"],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "muster {args:?}: {}", text(&out.stderr));
    }
    let out = run(&["play", "gettysburg"], "");
    assert!(text(&out.stderr).contains("belmont"), "the known scenarios are listed");
    // A server's settings file that is missing or malformed is a usage error too, named
    // with its line.
    let bad = scratch("bad-config").join("bad.toml");
    std::fs::write(&bad, "[limits]\ngames_in_memory = \"many\"\n").unwrap();
    for config in [bad.to_str().unwrap(), "/nonexistent/muster.toml"] {
        let out = run(&["serve", "--addr", "127.0.0.1:0", "--config", config], "");
        assert_eq!(out.status.code(), Some(2), "--config {config}: {}", text(&out.stderr));
    }
    let out = run(&["serve", "--addr", "127.0.0.1:0", "--config", bad.to_str().unwrap()], "");
    assert!(text(&out.stderr).contains("bad.toml"), "{}", text(&out.stderr));
    let out = run(&["replay", "/nonexistent/record.json"], "");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn every_command_explains_itself() {
    for cmd in ["scenarios", "play", "selfplay", "replay", "odds", "render", "position"] {
        let out = run(&[cmd, "--help"], "");
        assert!(out.status.success());
        let help = text(&out.stdout);
        assert!(help.lines().next().is_some_and(|l| l.len() > 20), "{cmd} has a summary: {help}");
        if cmd != "play" {
            assert!(help.contains("--json"), "{cmd} --help mentions --json");
        }
    }
}

/// Three random games: no errors, every saved record replays to the hash reported,
/// and a record with one action changed is refused, naming that action.
#[test]
fn selfplay_records_replay_to_the_same_hash_and_tampering_is_refused() {
    let dir = scratch("selfplay");
    let v =
        json(&["selfplay", "belmont", "--games", "3", "--seed", "1", "--json", "--save-dir", dir.to_str().unwrap()]);
    assert_eq!(v["games"], 3);
    assert_eq!(v["errors"], 0, "{v}");
    let wins = v["wins"]["union"].as_u64().unwrap()
        + v["wins"]["confederate"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(wins, 3);
    assert!(v["mean_decisions"].as_f64().unwrap() > 100.0);
    assert!(v["mean_vp"]["union"].is_number() && v["mean_vp"]["confederate"].is_number());
    let per_game = v["per_game"].as_array().unwrap();
    assert_eq!(per_game.len(), 3);

    // Replay the three records side by side.
    let children: Vec<_> = (0..3)
        .map(|i| {
            muster()
                .args(["replay", "--json"])
                .arg(dir.join(format!("belmont-{i}.json")))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("replay runs")
        })
        .collect();
    for (i, child) in children.into_iter().enumerate() {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "record {i}: {}", text(&out.stderr));
        let r: Value = serde_json::from_slice(&out.stdout).unwrap();
        let g = &per_game[i];
        assert_eq!(r["final_hash"], g["final_hash"], "game {i}");
        assert_eq!(r["decisions"], g["decisions"], "game {i}");
        assert_eq!(r["winner"], g["winner"], "game {i}");
        assert_eq!(r["over"], true);
        assert_eq!(r["scenario"], "belmont");
    }

    // Change one die roll to a face the die does not have.
    let record: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("belmont-0.json")).unwrap()).unwrap();
    let mut tampered = record.clone();
    let actions = tampered["actions"].as_array_mut().unwrap();
    let index = actions.iter().position(|a| a.get("roll").is_some()).expect("a die roll in a game");
    actions[index] = serde_json::json!({ "roll": 7 });
    let bad = dir.join("tampered.json");
    std::fs::write(&bad, tampered.to_string()).unwrap();
    let out = run(&["replay", bad.to_str().unwrap(), "--json"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains(&format!("action {index} ")), "names the action: {err}");
    assert!(err.contains("Belmont "), "names the rule: {err}");
    assert!(out.stdout.is_empty(), "no result for a refused record");

    // A record whose hash does not match is refused too.
    let mut wrong = record;
    wrong["final_hash"] = Value::String("0123456789abcdef".into());
    let bad = dir.join("wrong-hash.json");
    std::fs::write(&bad, wrong.to_string()).unwrap();
    let out = run(&["replay", bad.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("0123456789abcdef"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Games cut short by the decision bound are errors (exit 1), still reported and saved;
/// the report does not depend on the number of threads.
#[test]
fn selfplay_counts_errors_and_does_not_depend_on_threads() {
    let dir = scratch("selfplay-bound");
    let mut reports = Vec::new();
    for threads in ["1", "3"] {
        let out = run(
            &[
                "selfplay",
                "belmont",
                "--games",
                "3",
                "--seed",
                "9",
                "--max-decisions",
                "150",
                "--threads",
                threads,
                "--json",
                "--save-dir",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(1), "errors exit 1");
        assert!(text(&out.stderr).contains("did not end within 150 decisions"));
        let v: Value = serde_json::from_slice(&out.stdout).expect("JSON even with errors");
        assert_eq!(v["errors"], 3);
        assert_eq!(v["mean_decisions"], Value::Null, "no game finished");
        reports.push(v);
    }
    assert_eq!(reports[0], reports[1]);
    let g = &reports[0]["per_game"][1];
    assert_eq!(g["winner"], Value::Null);
    assert_eq!(g["decisions"], 150);
    let r = replay_json(&dir.join("belmont-1.json"));
    assert_eq!(r["final_hash"], g["final_hash"]);
    assert_eq!(r["over"], false);
    // The human summary.
    let out = run(&["selfplay", "belmont", "--games", "1", "--max-decisions", "10"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("Errors"), "{}", text(&out.stdout));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_random_against_random_to_the_end() {
    let dir = scratch("play-random");
    let save = dir.join("game.json");
    let out = run(
        &[
            "play",
            "belmont",
            "--union",
            "random",
            "--confederate",
            "random",
            "--seed",
            "3",
            "--save",
            save.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Game over ["), "{}", &stdout[stdout.len().saturating_sub(2000)..]);
    assert!(stdout.contains("[Belmont 3.2.2]"), "decisions cite their rules");
    let r = replay_json(&save);
    assert_eq!(r["over"], true);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_person_plays_by_numbers_and_filters_then_quits_and_the_saved_record_replays() {
    let dir = scratch("play-human");
    let save = dir.join("game.json");
    // Help, pick the guard regiment, a filter that matches nothing, one that matches,
    // a pick from the filtered list, the log, save, then quit.
    let input = "?\n1\nno such thing\nstays dock\n2\nl\ns\nq\n";
    let out =
        run(&["play", "belmont", "--confederate", "random", "--seed", "2", "--save", save.to_str().unwrap()], input);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Union to decide [Belmont 2.1]"), "{stdout}");
    assert!(stdout.contains("  1. "), "actions are numbered");
    assert!(stdout.contains("No legal action mentions 'no such thing'"), "{stdout}");
    assert!(stdout.contains("mention 'stays dock'"), "{stdout}");
    assert!(stdout.contains("Turn: "), "tracks are shown");
    assert!(stdout.contains("Quit after 2 decisions"), "{stdout}");
    assert!(stdout.contains("Saved the record (2 decisions)"));
    let r = replay_json(&save);
    assert_eq!(r["decisions"], 2);
    assert_eq!(r["over"], false);
    assert_eq!(r["winner"], Value::Null);
    let record: Value = serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(record["final_hash"], r["final_hash"]);
    assert_eq!(record["seed"], 2);

    // End of input quits and saves as well; a four-digit number filters by hex.
    let save2 = dir.join("eof.json");
    let out = run(&["play", "belmont", "--seed", "2", "--save", save2.to_str().unwrap()], "1\n#1\n1\n2\n3\n4\n0101\n");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("(end of input)"), "{stdout}");
    assert!(stdout.contains("mention '0101'"), "{stdout}");
    assert_eq!(replay_json(&save2)["decisions"], 6);

    // The saved position renders.
    let svg = dir.join("position.svg");
    let out = run(&["render", "belmont", "--record", save2.to_str().unwrap(), "--out", svg.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn render_draws_the_map_as_svg() {
    let dir = scratch("render");
    let out_path = dir.join("sub").join("belmont.svg");
    let v = json(&["render", "belmont", "--out", out_path.to_str().unwrap(), "--json"]);
    assert!(v["hexes"].as_u64().unwrap() > 500);
    let svg = std::fs::read_to_string(&out_path).unwrap();
    assert!(svg.starts_with("<svg"));
    assert!(svg.matches("<polygon").count() > 500, "a polygon a hex");
    assert!(svg.contains("Camp Johnston"), "place names");
    assert!(svg.contains("class=\"road\""), "roads");
    assert!(svg.contains("class=\"setup-line\""), "the set-up line");
    assert!(svg.contains("Turn"), "the tracks panel");
    assert!(svg.trim_end().ends_with("</svg>"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record of a random Belmont game, played until a volley is among the legal actions;
/// returns the record's path and the volley's number in the list (from 1).
fn volley_record(dir: &Path) -> (PathBuf, usize, Vec<belmont::Action>) {
    use engine::{Actor, Dice, Game, Record, hash_hex};
    let mut game = belmont::Belmont::new(&[]).unwrap();
    game.set_logging(false);
    let mut dice = Dice::seeded(11);
    let mut actions = Vec::new();
    loop {
        assert_ne!(game.actor(), Actor::Over, "a volley before the end");
        if matches!(game.actor(), Actor::Side(_)) {
            let legal = game.legal_actions();
            if let Some(i) = legal.iter().position(|a| matches!(a, belmont::Action::Volley { .. })) {
                let record = Record {
                    ruleset: "belmont".into(),
                    scenario: "belmont".into(),
                    options: vec![],
                    seed: Some(11),
                    actions: actions.clone(),
                    final_hash: Some(hash_hex(game.state_hash())),
                };
                let path = dir.join("volley.json");
                std::fs::write(&path, serde_json::to_string(&record).unwrap()).unwrap();
                actions.push(legal[i].clone());
                return (path, i + 1, actions);
            }
        }
        let a = engine::conformance::random_action(&game, &mut dice).expect("an action");
        game.apply(&a).unwrap();
        actions.push(a);
    }
}

fn sums_to_one(probabilities: impl Iterator<Item = f64>) -> bool {
    (probabilities.sum::<f64>() - 1.0).abs() < 1e-9
}

#[test]
fn odds_are_exact_and_too_large_is_refused() {
    let dir = scratch("odds");
    let (path, volley, actions) = volley_record(&dir);
    let file = path.to_str().unwrap();
    let v = json(&["odds", file, "--json"]);
    assert!(v["position"]["rule"].as_str().unwrap().starts_with("Belmont "), "{v}");
    assert!(v["position"]["prompt"].is_string());
    let all = v["actions"].as_array().unwrap();
    assert!(all.len() >= volley);
    for a in all {
        let outcomes = a["outcomes"].as_array().unwrap();
        assert!(sums_to_one(outcomes.iter().map(|o| o["probability"].as_f64().unwrap())), "{a}");
        for (key, values) in a["marginals"].as_object().unwrap() {
            let values = values.as_array().unwrap();
            assert!(sums_to_one(values.iter().map(|d| d[1].as_f64().unwrap())), "{key}: {a}");
        }
    }
    let fire = &all[volley - 1];
    assert_eq!(fire["index"], volley);
    assert!(fire["action"].as_str().unwrap().contains("volley"), "{fire}");
    assert!(fire["outcomes"].as_array().unwrap().len() > 1, "a volley has more than one outcome: {fire}");
    assert!(!fire["marginals"].as_object().unwrap().is_empty());

    // One action, in words.
    let n = volley.to_string();
    let out = run(&["odds", file, "--action", &n], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("Exact odds") && t.contains(&format!("{n}. ")) && t.contains('%'), "{t}");
    assert_eq!(json(&["odds", file, "--action", &n, "--json"])["actions"].as_array().unwrap().len(), 1);
    // --through (issue 15): on through the other side's choices; still sums to one, and says
    // how many it answered (null without it).
    let through = json(&["odds", file, "--action", &n, "--through", "--json"]);
    let t = &through["actions"][0];
    assert!(t["replies"].is_u64(), "{t}");
    assert!(sums_to_one(t["outcomes"].as_array().unwrap().iter().map(|o| o["probability"].as_f64().unwrap())), "{t}");
    assert!(json(&["odds", file, "--action", &n, "--json"])["actions"][0]["replies"].is_null());

    // Too large for the limit: refused, exit 1, nothing approximated.
    let out = run(&["odds", file, "--action", &n, "--limit", "1"], "");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("too large to enumerate exactly") && err.contains("--limit"), "{err}");
    assert!(out.stdout.is_empty());
    // No such action: a usage error.
    let out = run(&["odds", file, "--action", "100000"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));

    // With the volley taken, chance is to act: the odds of what it rolls.
    let mut record: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record["final_hash"] = Value::Null;
    record["actions"] = serde_json::to_value(&actions).unwrap();
    let pending = dir.join("pending.json");
    std::fs::write(&pending, record.to_string()).unwrap();
    let v = json(&["odds", pending.to_str().unwrap(), "--json"]);
    let all = v["actions"].as_array().unwrap();
    assert_eq!(all.len(), 1);
    assert_eq!(all[0]["index"], Value::Null);
    assert!(sums_to_one(all[0]["outcomes"].as_array().unwrap().iter().map(|o| o["probability"].as_f64().unwrap())));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn selfplay_and_play_take_any_bot() {
    let dir = scratch("bots");
    let out = run(
        &[
            "selfplay",
            "belmont",
            "--games",
            "2",
            "--union",
            "mcts:2",
            "--confederate",
            "greedy",
            "--max-decisions",
            "40",
            "--threads",
            "1",
            "--json",
            "--save-dir",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1), "cut short: errors");
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["bots"]["union"], "mcts:2");
    assert_eq!(v["bots"]["confederate"], "greedy");
    assert_eq!(v["errors"], 2);
    let r = replay_json(&dir.join("belmont-1.json"));
    assert_eq!(r["decisions"], 40);
    // An unknown bot is a usage error that lists the known ones.
    let out = run(&["selfplay", "belmont", "--union", "deep-blue"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("mcts:2s"), "{}", text(&out.stderr));
    let out = run(&["play", "belmont", "--confederate", "mcts:zero"], "");
    assert_eq!(out.status.code(), Some(2));

    // The MCTS bot sets up the Union; the person quits at the Confederacy's first
    // decision. (The greedy bot plays Belmont in the bots crate's tests: here its
    // set-up, weighing 1,000 of 35,000 placements a decision, would take a while.)
    let save = dir.join("play.json");
    let out = run(
        &[
            "play",
            "belmont",
            "--union",
            "mcts:1",
            "--confederate",
            "human",
            "--seed",
            "2",
            "--save",
            save.to_str().unwrap(),
        ],
        "q\n",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("Union: mcts:1 bot, Confederate: human"), "{}", &stdout[..500.min(stdout.len())]);
    assert!(stdout.contains("Union (mcts:1): "), "the bot plays its seat");
    assert!(stdout.contains("Confederate to decide"), "then the person");
    assert_eq!(replay_json(&save)["over"], false);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Fire on the Mountain through the same commands and JSON shapes: random games with no
/// errors whose records replay to their hashes, and a render with the gaps, elevation and
/// facing.
#[test]
fn fotm_plays_replays_and_renders_through_the_same_commands() {
    let dir = scratch("fotm");
    let v = json(&["selfplay", "fotm", "--games", "2", "--seed", "3", "--json", "--save-dir", dir.to_str().unwrap()]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["errors"], 0, "{v}");
    assert_eq!(v["bots"]["union"], "random");
    let results = v["wins"]["union"].as_u64().unwrap()
        + v["wins"]["confederate"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(results, 2, "a draw is a result: {v}");
    for (i, g) in v["per_game"].as_array().unwrap().iter().enumerate() {
        let r = replay_json(&dir.join(format!("fotm-{i}.json")));
        assert_eq!(r["final_hash"], g["final_hash"], "game {i}");
        assert_eq!(r["scenario"], "fotm");
        assert_eq!(r["over"], true);
    }
    let record = dir.join("fotm-0.json");
    let svg_path = dir.join("fotm.svg");
    let out = run(&["render", "fotm", "--record", record.to_str().unwrap(), "--out", svg_path.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    assert!(svg.contains("Fox&apos;s Gap") && svg.contains("Turner&apos;s Gap"), "the two gaps are named");
    assert!(svg.contains("Level 3"), "elevation levels in the legend");
    assert!(svg.contains("class=\"facing\""), "facing wedges");
    let _ = std::fs::remove_dir_all(&dir);
}

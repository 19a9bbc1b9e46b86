//! Browser end-to-end tests: starts `muster serve` on a free loopback port with a
//! throwaway SQLite file, then runs `node --test e2e/game.test.mjs` (Playwright driving
//! Debian's Chromium through the lobby and the game page) with the server's address in
//! `MUSTER_URL`, and requires node's test runner to pass.
//!
//! Needs `/usr/bin/chromium` (or `MUSTER_CHROMIUM`), node, and `e2e/node_modules`
//! (`npm ci` in `e2e/`); `.ci/run` installs them. Without them the test fails when `CI`
//! is set and is skipped, saying so, otherwise.

use std::fs::{self, File};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The longest the whole browser suite may take before it is stopped.
const NODE_LIMIT: Duration = Duration::from_secs(300);
/// The longest the server may take to print its address.
const START_LIMIT: Duration = Duration::from_secs(60);

/// The repository root (where `e2e/` is).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repository root")
}

fn on_ci() -> bool {
    std::env::var_os("CI").is_some_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// A child process killed (and reaped) when dropped, also when a test panics.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A scratch folder removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let dir = std::env::temp_dir().join(format!("muster-e2e-{}-{nanos}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("scratch folder");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// What the browser tests need and is missing, if anything.
fn missing(root: &Path, chromium: &Path) -> Vec<String> {
    let mut out = Vec::new();
    if !chromium.is_file() {
        out.push(format!(
            "no Chromium at {} (Debian: apt-get install -y --no-install-recommends chromium)",
            chromium.display()
        ));
    }
    let node = Command::new("node").arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status();
    if !node.is_ok_and(|s| s.success()) {
        out.push("no `node` on the PATH (node 20 or later)".to_string());
    }
    if !root.join("e2e/node_modules/playwright-core/package.json").is_file() {
        out.push("no e2e/node_modules/playwright-core (run `npm ci` in e2e/)".to_string());
    }
    out
}

fn read_file(path: &Path) -> String {
    let mut s = String::new();
    if let Ok(mut f) = File::open(path) {
        let _ = f.read_to_string(&mut s);
    }
    s
}

/// Starts `muster serve` and returns it with the URL it printed.
fn start_server(scratch: &Path) -> (KillOnDrop, String) {
    let log = scratch.join("server.log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_muster"))
        .args(["serve", "--addr", "127.0.0.1:0", "--json", "--database"])
        .arg(scratch.join("games.db"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(File::create(&log).expect("server log"))
        .spawn()
        .expect("muster serve starts");
    let stdout = child.stdout.take().expect("stdout");
    let server = KillOnDrop(child);
    // Read the first line on a thread (a server that never prints must not hang the
    // test), then keep draining so the server never blocks on a full pipe.
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stdout);
        let mut line = String::new();
        let _ = tx.send(reader.read_line(&mut line).map(|n| (n, line)));
        let _ = std::io::copy(&mut reader, &mut std::io::sink());
    });
    let line = match rx.recv_timeout(START_LIMIT) {
        Ok(Ok((n, line))) if n > 0 => line,
        other => panic!(
            "muster serve printed no address within {START_LIMIT:?} ({other:?}); its stderr:\n{}",
            read_file(&log)
        ),
    };
    let v: serde_json::Value =
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("muster serve --json printed {line:?}: {e}"));
    let url = v["url"].as_str().unwrap_or_else(|| panic!("no url in {line}")).to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "serving on loopback: {url}");
    (server, url)
}

/// Runs node until it ends or `limit` passes (then kills it); its status, or None on timeout.
fn run_with_limit(mut cmd: Command, limit: Duration) -> Option<ExitStatus> {
    let mut node = KillOnDrop(cmd.spawn().expect("node starts"));
    let start = Instant::now();
    loop {
        if let Some(status) = node.0.try_wait().expect("node's status") {
            return Some(status);
        }
        if start.elapsed() > limit {
            return None; // dropped: killed
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn browser_plays_lobby_moves_reload_live_updates_and_spectator() {
    let root = root();
    let chromium = std::env::var_os("MUSTER_CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
    let missing = missing(&root, &chromium);
    if !missing.is_empty() {
        let what = missing.join("; ");
        assert!(
            !on_ci(),
            "the browser end-to-end tests cannot run: {what}. .ci/run must install Debian's chromium \
             (apt-get install -y --no-install-recommends chromium) and run `npm ci` in e2e/"
        );
        eprintln!("skipped: browser end-to-end tests (e2e/game.test.mjs): {what}");
        return;
    }

    let scratch = Scratch::new();
    let (server, url) = start_server(&scratch.0);
    let out_path = scratch.0.join("node.out");
    let out = File::create(&out_path).expect("node output file");
    let mut cmd = Command::new("node");
    cmd.args(["--test", "--test-reporter=spec", "e2e/game.test.mjs"])
        .current_dir(&root)
        .env("MUSTER_URL", &url)
        .env("MUSTER_CHROMIUM", &chromium)
        .stdin(Stdio::null())
        .stdout(out.try_clone().expect("node output file"))
        .stderr(out);
    let status = run_with_limit(cmd, NODE_LIMIT);
    let output = read_file(&out_path);
    println!("node --test e2e/game.test.mjs against {url}:\n{output}");
    let server_log = read_file(&scratch.0.join("server.log"));
    drop(server);
    match status {
        Some(s) if s.success() => {}
        Some(s) => panic!("the browser tests failed ({s}):\n{output}\nserver stderr:\n{server_log}"),
        None => panic!("the browser tests took over {NODE_LIMIT:?} and were stopped:\n{output}\nserver stderr:\n{server_log}"),
    }
}

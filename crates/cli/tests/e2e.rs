//! Browser end-to-end tests: starts `muster serve` on a free loopback port with a
//! throwaway SQLite file, then runs `node --test e2e/game.test.mjs` (Playwright driving
//! Debian's Chromium through the lobby and the game page) with the server's address in
//! `MUSTER_URL`, and requires node's test runner to pass.
//!
//! Needs `/usr/bin/chromium` (or `MUSTER_CHROMIUM`), node, and `e2e/node_modules`
//! (`npm ci` in `e2e/`); `.ci/run` installs them. Without them the test fails when `CI`
//! is set and is skipped, saying so, otherwise.
//!
//! A second test runs the page's own unit tests (`crates/server/ui/tests/*.test.mjs`,
//! the pure helpers of `ui/app.js`) under `node --test`: node only, no server or browser.

use std::fs::{self, File};
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The longest the whole browser suite may take before it is stopped.
const NODE_LIMIT: Duration = Duration::from_secs(300);
/// The longest the page's unit tests may take.
const UNIT_LIMIT: Duration = Duration::from_secs(120);
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
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        // Two tests of this binary run at once: the counter keeps their folders apart.
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("muster-e2e-{}-{nanos}-{n}", std::process::id()));
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
    if !have_node() {
        out.push("no `node` on the PATH (node 20 or later)".to_string());
    }
    if !root.join("e2e/node_modules/playwright-core/package.json").is_file() {
        out.push("no e2e/node_modules/playwright-core (run `npm ci` in e2e/)".to_string());
    }
    out
}

/// Whether `node --version` runs.
fn have_node() -> bool {
    Command::new("node")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
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
        // Every test makes its games from this one address, and one walks a game to a
        // position by the API: more than a public server's defaults allow at once.
        .args(["serve", "--addr", "127.0.0.1:0", "--json", "--rate-create", "10:200"])
        .args(["--rate-actions", "1000:1000", "--rate-reads", "1000:1000", "--database"])
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
    let chromium =
        std::env::var_os("MUSTER_CHROMIUM").map_or_else(|| PathBuf::from("/usr/bin/chromium"), PathBuf::from);
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
        None => panic!(
            "the browser tests took over {NODE_LIMIT:?} and were stopped:\n{output}\nserver stderr:\n{server_log}"
        ),
    }
}

/// `node --test crates/server/ui/tests/` as the README has it, with the files named one by
/// one: node 20 searches a directory argument, node 21 and later take arguments as globs
/// and fail on a bare directory.
#[test]
fn page_unit_tests_pass_under_node() {
    let root = root();
    if !have_node() {
        assert!(!on_ci(), "the page's unit tests cannot run: no `node` on the PATH (node 20 or later)");
        eprintln!("skipped: the page's unit tests (crates/server/ui/tests/): no `node` on the PATH");
        return;
    }
    let dir = root.join("crates/server/ui/tests");
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(".test.mjs")))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.test.mjs in {}", dir.display());
    let rel: Vec<&Path> = files.iter().map(|p| p.strip_prefix(&root).expect("under the repository root")).collect();

    let scratch = Scratch::new();
    let out_path = scratch.0.join("unit.out");
    let out = File::create(&out_path).expect("node output file");
    let mut cmd = Command::new("node");
    cmd.args(["--test", "--test-reporter=spec"])
        .args(&rel)
        .current_dir(&root)
        .stdin(Stdio::null())
        .stdout(out.try_clone().expect("node output file"))
        .stderr(out);
    let status = run_with_limit(cmd, UNIT_LIMIT);
    let output = read_file(&out_path);
    println!("node --test {}:\n{output}", rel.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" "));
    match status {
        Some(s) if s.success() => {}
        Some(s) => panic!("the page's unit tests failed ({s}):\n{output}"),
        None => panic!("the page's unit tests took over {UNIT_LIMIT:?} and were stopped:\n{output}"),
    }
    // The runner's summary ("ℹ pass 12" from the spec reporter, "# pass 12" from tap).
    let passed = output
        .lines()
        .filter_map(|l| l.trim_start_matches(|c: char| !c.is_ascii_alphabetic()).strip_prefix("pass "))
        .find_map(|n| n.trim().parse::<u32>().ok());
    assert!(passed.is_some_and(|n| n > 0), "node ran no tests ({passed:?} passed):\n{output}");
}

#!/usr/bin/env bash
# Crash test for `muster serve`: no acknowledged action is lost when the server is killed
# with SIGKILL under load.
#
# Each run: start the server on a fresh SQLite database, drive it with `muster-load
# --acked` (every acknowledged action is appended to a file as `GAME_ID SEQ`), `kill -9`
# the server mid-load, restart it on the same database, and run `muster-load --verify`,
# which checks that every game's stored seq is at least the highest seq acknowledged for
# it. Prints one summary line per run and exits 1 if any run lost an action, 2 on a usage
# error, 3 if the set-up failed (no server, nothing acknowledged).
#
# Usage: bench/kill_test.sh [--runs N] [--games N] [--duration S] [--kill-after S]
#                           [--scenario fotm|belmont] [--keep]
# Run from anywhere; it builds the release binaries first (set MUSTER and MUSTER_LOAD to
# use other binaries). --keep leaves the work directory (databases, acked files, logs).
#
# What it shows: an ack is only sent after the action is written and committed, so a
# process crash cannot lose it. SIGKILL leaves the kernel's page cache intact, so this
# does not test fsync against power loss (synchronous=FULL is what covers that).

set -uo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RUNS=3 GAMES=64 DURATION=10 KILL_AFTER=5 SCENARIO=fotm KEEP=0

# usage CODE: prints the header comment, exits CODE (0 for --help, 2 for a usage error).
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit "$1"; }
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS=$2; shift 2 ;;
        --games) GAMES=$2; shift 2 ;;
        --duration) DURATION=$2; shift 2 ;;
        --kill-after) KILL_AFTER=$2; shift 2 ;;
        --scenario) SCENARIO=$2; shift 2 ;;
        --keep) KEEP=1; shift ;;
        -h|--help) usage 0 ;;
        *) echo "kill_test: unknown argument '$1'" >&2; usage 2 ;;
    esac
done

if [ -z "${MUSTER:-}" ] || [ -z "${MUSTER_LOAD:-}" ]; then
    (cd "$ROOT" && cargo build --release -q -p cli -p server --bins) || { echo "kill_test: build failed" >&2; exit 3; }
fi
MUSTER=${MUSTER:-$ROOT/target/release/muster}
MUSTER_LOAD=${MUSTER_LOAD:-$ROOT/target/release/muster-load}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/muster-kill.XXXXXX")
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ]; then kill -9 "$SERVER_PID" 2>/dev/null; wait "$SERVER_PID" 2>/dev/null; fi
    if [ "$KEEP" = 1 ]; then echo "kill_test: work directory kept: $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT

# start_server DB LOG: starts the server, sets SERVER_PID and URL.
start_server() {
    local db=$1 out=$2.out
    : > "$out"
    "$MUSTER" serve --addr 127.0.0.1:0 --database "$db" --config "$ROOT/bench/load.toml" --json > "$out" 2> "$2.err" &
    SERVER_PID=$!
    for _ in $(seq 100); do
        URL=$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' "$out")
        [ -n "$URL" ] && return 0
        kill -0 "$SERVER_PID" 2>/dev/null || break
        sleep 0.1
    done
    echo "kill_test: the server did not start (see $2.err)" >&2
    cat "$2.err" >&2
    exit 3
}

# one_run I: prints a summary line; returns 0 (nothing lost), 1 (lost) or 3 (set-up).
one_run() {
    local i=$1 db=$WORK/run$1.db acked=$WORK/run$1.acked
    start_server "$db" "$WORK/run$i.server1"
    "$MUSTER_LOAD" --url "$URL" --games "$GAMES" --duration "$DURATION" --scenario "$SCENARIO" \
        --seed "$i" --acked "$acked" --json > "$WORK/run$i.load.json" 2> "$WORK/run$i.load.err" &
    local load=$!
    sleep "$KILL_AFTER"
    kill -9 "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null
    SERVER_PID=""
    # The load generator sees its sockets close, stops, and flushes the acked file.
    wait "$load"
    local acked_lines
    acked_lines=$(wc -l < "$acked" 2>/dev/null || echo 0)
    if [ "$acked_lines" -eq 0 ]; then
        echo "run $i: nothing was acknowledged before the kill (see $WORK/run$i.load.err)" >&2
        return 3
    fi
    start_server "$db" "$WORK/run$i.server2"
    "$MUSTER_LOAD" --url "$URL" --verify "$acked" --json > "$WORK/run$i.verify.json"
    local verified=$?
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null
    SERVER_PID=""
    python3 - "$WORK/run$i.verify.json" "$i" "$KILL_AFTER" <<'EOF'
import json, sys
v = json.load(open(sys.argv[1]))
print(f"run {sys.argv[2]}: SIGKILL after {sys.argv[3]} s; {v['acked_actions']} acknowledged actions "
      f"in {v['games']} games checked after restart; {v['lost_games']} games lost actions; "
      f"{v['entries_past_last_ack']} entries stored past the last ack")
for l in v["lost"]:
    print(f"  lost: game {l['game']} acknowledged seq {l['acked_seq']}, stored {l['stored_seq']}")
EOF
    return $(( verified == 0 ? 0 : 1 ))
}

echo "kill_test: $RUNS runs, $GAMES $SCENARIO games, load for $DURATION s, SIGKILL after $KILL_AFTER s"
status=0
for i in $(seq "$RUNS"); do
    one_run "$i"
    r=$?
    if [ $r -gt $status ]; then status=$r; fi
done
if [ $status -eq 0 ]; then
    echo "kill_test: PASS: no acknowledged action lost in $RUNS runs"
else
    echo "kill_test: FAIL (status $status)"
fi
exit $status

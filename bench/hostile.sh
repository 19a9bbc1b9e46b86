#!/usr/bin/env bash
# Issue 18's hostile-load test: one honest player's action latency, alone and beside K
# attacking clients (muster-load --hostile: game creation as fast as the server answers with
# the longest bots allowed, illegal moves, odds and replay requests, socket floods), each
# client from an address of its own through X-Forwarded-For (the server trusts it here).
# The server runs with its default limits. Figures: docs/performance.md.
#
#   bench/hostile.sh [K] [SECONDS]     (defaults 8 and 30)
#
# Exit codes: 0 done (the figures printed), 3 the set-up failed.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
K=${1:-8}
SECS=${2:-30}
WORK=$(mktemp -d)
trap 'kill $SERVER_PID 2>/dev/null || true; rm -rf "$WORK"' EXIT
(cd "$ROOT" && cargo build --release -q -p cli -p server --bins) || { echo "hostile: build failed" >&2; exit 3; }
MUSTER="$ROOT/target/release/muster"
LOAD="$ROOT/target/release/muster-load"
"$MUSTER" serve --addr 127.0.0.1:0 --database "$WORK/games.db" --trust-forwarded-for --json > "$WORK/url" 2> "$WORK/server.err" &
SERVER_PID=$!
for _ in $(seq 50); do [ -s "$WORK/url" ] && break; sleep 0.1; done
URL=$(python3 -c "import json,sys; print(json.load(open('$WORK/url'))['url'])") || { echo "hostile: no server" >&2; exit 3; }
run() { # run K: the honest player's figures beside K attackers
    "$LOAD" --url "$URL" --games 1 --rate 10 --duration "$SECS" --scenario fotm --from 198.51.100.1 --hostile "$1" --json
}
for k in 0 "$K"; do
    run "$k" > "$WORK/run$k.json"
    rss=$(ps -o rss= -p $SERVER_PID | tr -d ' ')
    python3 - "$WORK/run$k.json" "$k" "$rss" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
l = d["latency_ms"]
print(f"attackers {sys.argv[2]}: honest actions {d['acked']}, p50 {l['p50']:.2f} ms, p99 {l['p99']:.2f} ms, "
      f"max {l['max']:.2f} ms; server RSS {int(sys.argv[3]) // 1024} MB")
if d.get("attack"):
    print("  attack:", json.dumps(d["attack"]))
PY
done

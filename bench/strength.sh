#!/usr/bin/env bash
# The strength study of docs/performance.md ("Bots: strength"): MCTS against random and
# against greedy, each side, GAMES games each, one JSON file a pairing in docs/strength/;
# and greedy against greedy, the baseline that says what each side wins against greedy
# without search (the scenarios are not even between equal players).
# Usage: bench/strength.sh SCENARIO MCTS_SPEC GAMES [PAIRING...]
#   PAIRING: mcts-random, random-mcts, mcts-greedy, greedy-mcts, greedy-greedy (Union
#   first; default all five)
# Example: bench/strength.sh fotm mcts:1000 200
set -euo pipefail
cd "$(dirname "$0")/.."
scenario=$1 mcts=$2 games=$3
shift 3
pairings=("$@")
[ ${#pairings[@]} -eq 0 ] && pairings=(mcts-random random-mcts mcts-greedy greedy-mcts greedy-greedy)
cargo build --release -q -p cli
mkdir -p docs/strength
for p in "${pairings[@]}"; do
  union=${p%-*} confederate=${p#*-}
  [ "$union" = mcts ] && union=$mcts
  [ "$confederate" = mcts ] && confederate=$mcts
  out="docs/strength/$scenario-$p.json"
  echo "== $scenario: $union (Union) vs $confederate (Confederate), $games games -> $out" >&2
  /usr/bin/time -f "%e s wall, %U s user" target/release/muster selfplay "$scenario" --games "$games" --seed 1 \
    --threads 2 --max-decisions 50000 --union "$union" --confederate "$confederate" --json >"$out"
done

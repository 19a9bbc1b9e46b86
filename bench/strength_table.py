#!/usr/bin/env python3
"""Prints the strength table of docs/performance.md from the JSON files that
bench/strength.sh writes to docs/strength/: for each pairing, the MCTS side's wins,
draws and losses with Wilson 95% intervals. Usage: python3 bench/strength_table.py"""
import glob
import json
import math
import os

Z = 1.959963984540054


def wilson(k, n):
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + Z * Z / n
    c = (p + Z * Z / (2 * n)) / d
    h = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def pct(k, n):
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}%)" if n else "-"


print("| scenario | MCTS plays | against | games | MCTS wins (95% interval) | draws | MCTS losses | errors | mean decisions |")
print("|---|---|---|---|---|---|---|---|---|")
root = os.path.join(os.path.dirname(__file__), "..", "docs", "strength")
for path in sorted(glob.glob(os.path.join(root, "*.json"))):
    if os.path.getsize(path) == 0:
        continue  # a run still going
    with open(path) as f:
        d = json.load(f)
    scenario = os.path.basename(path).split("-")[0]
    u, c = d["bots"]["union"], d["bots"]["confederate"]
    side, opponent = ("Union", c) if u.startswith("mcts") else ("Confederate", u)
    mcts = u if side == "Union" else c
    n = d["games"] - d["errors"]
    wins = d["wins"][side.lower()]
    losses = d["wins"]["confederate" if side == "Union" else "union"]
    print(f"| {scenario} | {side} ({mcts}) | {opponent} | {d['games']} | {pct(wins, n)} | "
          f"{d['draws']} | {losses} | {d['errors']} | {d['mean_decisions']:.0f} |")

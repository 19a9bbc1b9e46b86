#!/usr/bin/env python3
"""Prints the strength table of docs/performance.md from the JSON files that
bench/strength.sh writes to docs/strength/: for each pairing, the MCTS side's wins,
draws and losses with Wilson 95% intervals; for greedy against greedy (the baseline), a
row for each side. Usage: python3 bench/strength_table.py"""
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


print("| scenario | plays | against | games | wins (95% interval) | draws | losses | errors | mean decisions |")
print("|---|---|---|---|---|---|---|---|---|")
root = os.path.join(os.path.dirname(__file__), "..", "docs", "strength")
for path in sorted(glob.glob(os.path.join(root, "*.json"))):
    if os.path.getsize(path) == 0:
        continue  # a run still going
    with open(path) as f:
        d = json.load(f)
    scenario = os.path.basename(path).split("-")[0]
    u, c = d["bots"]["union"], d["bots"]["confederate"]
    if u.startswith("mcts"):
        rows = [("Union", u, c)]
    elif c.startswith("mcts"):
        rows = [("Confederate", c, u)]
    else:  # the baseline: each side's row
        rows = [("Union", u, c), ("Confederate", c, u)]
    n = d["games"] - d["errors"]
    for side, player, opponent in rows:
        wins = d["wins"][side.lower()]
        losses = d["wins"]["confederate" if side == "Union" else "union"]
        print(f"| {scenario} | {side} ({player}) | {opponent} | {d['games']} | {pct(wins, n)} | "
              f"{d['draws']} | {losses} | {d['errors']} | {d['mean_decisions']:.0f} |")

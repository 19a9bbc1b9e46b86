#!/usr/bin/env python3
"""How often rules fire in seeded self-play: the figures issue 14 asks to compare before
and after a ruling changes (transports hit and sunk, opportunity-fire dice at transports,
leaders captured alone, Unbridled Fury; Assaults, routs and four-six results per Assault).

It plays GAMES games with `muster selfplay` (seeded, so a rerun plays the same games
until the rules change), replays each record with `--log`, and counts the log lines that
match each pattern below (by rule number and words, so a reworded message shows up as a
zero, not as a wrong count). Prints a table, or JSON with --json.

Usage: python3 bench/rule_counts.py SCENARIO GAMES [--union BOT] [--confederate BOT]
                                    [--seed S] [--bin PATH] [--json]
Example: python3 bench/rule_counts.py belmont 200
         python3 bench/rule_counts.py fotm 200 --union greedy --confederate greedy
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

# name -> (regex over one log line, what a match adds: None for 1, a group number to add
# that group's number, or a function of the match)
PATTERNS = {
    "belmont": {
        "transport sailings": (r"^\[Belmont 11\.5\] Transport-\d+ sails", None),
        "opportunity-fire volleys at transports": (r"^\[Belmont 5\.2\] Opportunity fire at Transport", None),
        # Before issue 14: "... at Transport-2 in 2332: 20 dice."; after: "... at Transport-2 by
        # Tyler, Lexington." (one die a gunboat, 5.2).
        "opportunity-fire dice at transports": (
            r"^\[Belmont 5\.2\] Opportunity fire at Transport-\d+ (?:in \d+: (\d+) dice\.|by (.+)\.)$",
            lambda m: int(m.group(1)) if m.group(1) else len(m.group(2).split(", "))),
        "rolls at transports": (r"^\[Belmont 5\.2\] \d+ sixes: \d+ hits on Transport", None),
        "transport hits": (r"^\[Belmont 11\.1\] Transport-\d+ is hit", None),
        "transports sunk": (r"^\[Belmont 11\.1\] Transport-\d+ sinks", None),
        "gunboats sunk": (r"^\[Belmont [\d.]+\] (Tyler|Lexington) sinks", None),
        "leaders captured unsupported": (r"unsupported in the melee hex, is captured", None),
        "Unbridled Fury": (r"Unbridled Fury!", None),
    },
    "fotm": {
        "Assaults": (r"^\[FotM [\d.]+\] (Union|Confederate) assault \d+ with", None),
        "four-six results (every brigade routs)": (r"Four or more sixes", None),
        "brigades routed": (r"^\[FotM 17\.4\] .* routs$", None),
        "routed brigades captured": (r"is routed again: it is captured", None),
        "step losses": (r"loses \d+ step\(s\)", None),
        "brigades eliminated": (r"is out of the game: Eliminated", None),
    },
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario", choices=sorted(PATTERNS))
    ap.add_argument("games", type=int)
    ap.add_argument("--union", default="random")
    ap.add_argument("--confederate", default="random")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bin", default="target/release/muster")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    patterns = {k: (re.compile(r), g) for k, (r, g) in PATTERNS[a.scenario].items()}
    totals = {k: 0 for k in patterns}
    with tempfile.TemporaryDirectory() as d:
        subprocess.run(
            [a.bin, "selfplay", a.scenario, "--games", str(a.games), "--seed", str(a.seed), "--threads", "2",
             "--union", a.union, "--confederate", a.confederate, "--save-dir", d, "--json"],
            check=True, stdout=subprocess.DEVNULL)
        files = sorted(f for f in os.listdir(d) if f.endswith(".json"))
        for f in files:
            log = subprocess.run([a.bin, "replay", os.path.join(d, f), "--log"], check=True,
                                 capture_output=True, text=True).stdout
            for line in log.splitlines():
                for k, (rx, group) in patterns.items():
                    m = rx.search(line)
                    if m:
                        if group is None:
                            totals[k] += 1
                        elif callable(group):
                            totals[k] += group(m)
                        else:
                            totals[k] += int(m.group(group))
    n = len(files)
    out = {"scenario": a.scenario, "games": n, "union": a.union, "confederate": a.confederate, "seed": a.seed,
           "per_game": {k: v / n for k, v in totals.items()}, "totals": totals}
    if a.scenario == "fotm" and totals["Assaults"]:
        out["per_assault"] = {k: totals[k] / totals["Assaults"] for k in totals if k != "Assaults"}
    if a.json:
        json.dump(out, sys.stdout, indent=2)
        print()
        return
    print(f"{a.scenario}: {n} games, {a.union} (Union) against {a.confederate} (Confederate), seed {a.seed}")
    for k, v in totals.items():
        extra = f"  ({v / totals['Assaults']:.3f} per Assault)" if "per_assault" in out and k != "Assaults" else ""
        print(f"  {k:<42} {v:>8}  {v / n:>8.2f} a game{extra}")


if __name__ == "__main__":
    main()

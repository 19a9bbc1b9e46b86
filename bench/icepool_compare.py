#!/usr/bin/env python3
"""Exact odds, muster against icepool: the same distributions computed both ways.

For each dice pool, muster computes the exact distribution with the functions its rules use
(`muster odds dice`, a hidden subcommand that also times many evaluations in-process) and
icepool (https://pypi.org/project/icepool/, exact dice probabilities in Python) computes it
too. The script asserts they agree within 1e-12 and prints per-evaluation times and the ratio.
Both sides are timed alike: the best of ROUNDS timed batches (muster: ROUNDS runs of the binary,
each timing --repeat evaluations in-process, so start-up and JSON printing are not counted;
icepool: ROUNDS batches of at least 0.2 s), so a busy machine skews neither side more.

Pools:
  sixes:N     the number of sixes among N d6 (Fire on the Mountain 15.2's combat roll)
  sum:N       the sum of N d6
  assault:K,A Fire on the Mountain: K artillery dice then A close-combat dice, the defending
              hex's steps lost capped at two (15.6, 15.4, 15.8)

Run from the repository root:  python3 bench/icepool_compare.py
It builds muster in release mode and, if icepool is missing, installs it into bench/.venv.
Not part of `cargo test` (it needs PyPI).
"""

import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, "bench", ".venv")
TOLERANCE = 1e-12


def ensure_icepool():
    """Re-runs this script under bench/.venv with icepool installed, if it is not importable."""
    try:
        import icepool  # noqa: F401
        return
    except ImportError:
        pass
    python = os.path.join(VENV, "bin", "python")
    if os.path.realpath(sys.prefix) == os.path.realpath(VENV):
        sys.exit("icepool is still missing inside bench/.venv")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([python, "-m", "pip", "install", "-q", "icepool"], check=True)
    os.execv(python, [python] + sys.argv)


ensure_icepool()
import icepool  # noqa: E402

POOLS = [f"sixes:{n}" for n in range(1, 11)] + ["sum:2", "sum:3", "sum:10"] + [
    "assault:0,6",
    "assault:2,4",
    "assault:4,10",
]


def icepool_die(pool):
    """The pool as an icepool Die, built from scratch (no reuse between evaluations)."""
    kind, arg = pool.split(":")
    six = icepool.d6.map(lambda x: 1 if x == 6 else 0)
    if kind == "sixes":
        return int(arg) @ six
    if kind == "sum":
        return int(arg) @ icepool.d6
    if kind == "assault":
        k, a = (int(x) for x in arg.split(","))
        # 15.8: the steps lost to ranged fire and close combat together, at most two.
        return ((k + a) @ six).map(lambda s: min(s, 2))
    raise ValueError(pool)


def icepool_dist(pool):
    die = icepool_die(pool)
    return {int(o): float(p) for o, p in zip(die.outcomes(), die.probabilities())}


ROUNDS = int(os.environ.get("ROUNDS", "5"))


def time_icepool(pool, seconds=0.2):
    """Seconds per evaluation: the best of ROUNDS batches of at least `seconds` (and 20 evaluations)."""
    best = None
    for _ in range(ROUNDS):
        reps, start = 0, time.perf_counter()
        while True:
            icepool_dist(pool)
            reps += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds and reps >= 20:
                break
        best = elapsed / reps if best is None else min(best, elapsed / reps)
    return best


def muster(pools, repeat):
    """Each pool's row, its seconds per evaluation the best of ROUNDS runs of the binary."""
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "cli"], cwd=ROOT, check=True)
    exe = os.path.join(ROOT, "target", "release", "muster")
    args = [exe, "odds", "dice", "--json", "--repeat", str(repeat)]
    for p in pools:
        args += ["--pool", p]
    rows = {}
    for _ in range(ROUNDS):
        out = subprocess.run(args, cwd=ROOT, check=True, capture_output=True, text=True).stdout
        for row in json.loads(out):
            best = rows.get(row["pool"])
            if best is None or row["seconds_per_evaluation"] < best["seconds_per_evaluation"]:
                rows[row["pool"]] = row
    return rows


def main():
    repeat = int(os.environ.get("MUSTER_REPEAT", "200000"))
    ours = muster(POOLS, repeat)
    print(f"icepool {icepool.__version__}, muster release build, {repeat} muster evaluations per pool,"
          f" best of {ROUNDS} rounds each side\n")
    print(f"{'pool':<13} {'outcomes':>8} {'max |diff|':>11} {'muster':>11} {'icepool':>11} {'ratio':>9}")
    worst_ratio = None
    for pool in POOLS:
        theirs = icepool_dist(pool)
        mine = {e["value"]: e["probability"] for e in ours[pool]["distribution"] if e["probability"] > 0.0}
        keys = set(theirs) | set(mine)
        diff = max(abs(theirs.get(k, 0.0) - mine.get(k, 0.0)) for k in keys)
        assert diff <= TOLERANCE, f"{pool}: muster and icepool differ by {diff}"
        t_muster = ours[pool]["seconds_per_evaluation"]
        t_icepool = time_icepool(pool)
        ratio = t_icepool / t_muster
        worst_ratio = ratio if worst_ratio is None else min(worst_ratio, ratio)
        print(f"{pool:<13} {len(keys):>8} {diff:>11.1e} {t_muster * 1e6:>9.3f}us {t_icepool * 1e6:>9.1f}us {ratio:>8.0f}x")
    print(f"\nAll {len(POOLS)} pools agree within {TOLERANCE:g}; muster is at least {worst_ratio:,.0f} times faster.")
    if worst_ratio < 1000:
        print("(below the 1,000x aim)")


if __name__ == "__main__":
    main()

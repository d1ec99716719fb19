#!/usr/bin/env python3
"""Records fixtures/stats/ab-vs-fishtest.json: where fishtest's own SPRT stops on koth ab's pairs.

Reads the pair outcomes of koth ab runs (JSON from tools/oracle/stats/ab-pairs.ts on stdin) and
feeds them, one pair at a time, to fishtest's update_SPRT (server/fishtest/stats/stat_util.py of
a checkout OUTSIDE this repo, the commit named in fixtures/stats/README.md): pentanomial counts,
batch_size 1, logistic elo0 0, elo1 5, alpha = beta = 0.05 — once as fishtest runs it (with its
dynamic overshoot correction) and once with the correction removed (the "overshoot" entry deleted,
which update_SPRT supports). Outcomes that are not multiples of 1/4 (dice's shared wins) cannot
be pentanomial counts: fishtest is fed them rounded to the nearest quarter (floor(4x + 1/2) / 4).
Per run it records the pair and state of each stop, and the outcomes up to the later stop + 50.

  npx tsx tools/oracle/stats/ab-pairs.ts | \\
    python3 tools/oracle/stats/ab-vs-fishtest.py --fishtest-stats DIR > fixtures/stats/ab-vs-fishtest.json

Needs python3 with scipy (fishtest imports it).
"""
import argparse
import importlib
import json
import math
import os
import sys
import types
import warnings

SPRT = {"elo0": 0, "elo1": 5, "alpha": 0.05, "beta": 0.05}


def load_stat_util(stats_dir):
    pkg = types.ModuleType("fishtest")
    pkg.__path__ = [os.path.dirname(os.path.abspath(stats_dir))]
    sys.modules["fishtest"] = pkg
    return importlib.import_module("fishtest.stats.stat_util")


def fishtest_stop(su, quarters, overshoot):
    sp = su.SPRT(alpha=SPRT["alpha"], beta=SPRT["beta"], elo0=SPRT["elo0"], elo1=SPRT["elo1"], elo_model="logistic", batch_size=1)
    if not overshoot:
        del sp["overshoot"]
    counts = [0] * 5
    for i, k in enumerate(quarters):
        counts[k] += 1
        su.update_SPRT({"pentanomial": list(counts)}, sp)
        if sp["state"]:
            return {"pairs": i + 1, "state": sp["state"], "llr": sp["llr"]}
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fishtest-stats", required=True)
    a = ap.parse_args()
    su = load_stat_util(a.fishtest_stats)
    runs = []
    for run in json.load(sys.stdin):
        xs = run["outcomes"]
        quarters = [int(math.floor(4 * x + 0.5)) for x in xs]
        exact = all(4 * x == k for x, k in zip(xs, quarters))
        stops = {"overshoot": fishtest_stop(su, quarters, True), "plain": fishtest_stop(su, quarters, False)}
        keep = max(s["pairs"] for s in stops.values()) + 50
        rec = {k: run[k] for k in ("game", "candidate", "baseline", "seed")}
        rec.update({"sprt": SPRT, "fishtest": stops})
        if exact:
            rec["quarters"] = "".join(str(k) for k in quarters[:keep])
        else:
            rec["outcomes"] = xs[:keep]
        runs.append(rec)
    sys.stdout.write('{"runs": [\n' + ",\n".join(json.dumps(r) for r in runs) + "\n]}\n")


if __name__ == "__main__":
    warnings.simplefilter("ignore")
    main()

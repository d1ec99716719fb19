#!/usr/bin/env python3
"""Records reference SPRT / Elo / LOS figures for fixtures/stats/sprt-reference.json.

Runs fishtest's statistics (server/fishtest/stats of official-stockfish/fishtest, a checkout
OUTSIDE this repo, path given on the command line) and, optionally, a program you built yourself
outside the repo from cutechess's Sprt and Elo classes (see fixtures/stats/README.md for what it
must do). Nothing of either is copied here: this file only lists the count vectors and calls them.

  python3 tools/oracle/stats/record.py --fishtest-stats DIR [--cutechess-driver BIN] > out.json

Needs python3 with scipy (fishtest imports scipy.optimize / scipy.stats).
"""
import argparse
import importlib
import json
import math
import os
import subprocess
import sys
import types

# (counts, elo0, elo1) — trinomial [L, D, W] and pentanomial [LL, LD+DL, LW+DD+WL, DW+WD, WW]
TRINOMIAL = [
    ([10, 20, 30], 0, 5),
    ([65804, 56553, 65388], -3, 1),   # fishtest's own example (stat_util.py __main__)
    ([591, 2163, 716], 0, 6),
    ([1500, 4000, 1450], 0, 6),
    ([13624, 34333, 13543], -3, 1),
    ([0, 5, 10], 0, 5),                 # zero losses
    ([100, 0, 0], 0, 5),                # lopsided: every game lost
    ([3, 0, 2], 0, 5),                  # small, no draws
    ([1, 1, 1], -10, 10),
    ([40, 0, 60], 0, 20),               # no draws (win/lose games)
    ([250, 10, 240], -5, 5),
    ([7, 300, 9], 0, 2),
]
PENTANOMIAL = [
    ([10789, 19328, 33806, 19402, 10543], -3, 1),  # fishtest's own example
    ([1187, 7410, 13475, 7378, 1164], -3, 1),      # fishtest's own example
    ([39, 2226, 31451, 2412, 40], 0.2, 0.9),       # fishtest's own example
    ([0, 0, 10, 0, 0], 0, 5),                      # a self-test: every pair even
    ([0, 3, 10, 5, 2], 0, 5),
    ([0, 0, 0, 0, 20], 0, 5),                      # lopsided: every pair won twice
    ([5, 10, 20, 15, 8], 0, 5),
    ([1, 0, 0, 0, 0], 0, 5),                       # one pair
    ([200, 800, 1500, 900, 300], 0, 10),
    ([0, 100, 0, 100, 0], -2, 2),
    ([30, 0, 40, 0, 50], 0, 20),                   # win/lose games: pairs are 0, 1/2, 1
    ([1234, 0, 2345, 0, 1300], 0, 3),
]
# Arbitrary pair values (multi-player games with shared wins): [value, count], fed to LLRcalc.LLR
# as an empirical pdf. Our llrScores adds the end points 0 and 1 with fishtest's regulariser 1e-3
# when they are absent, so the histograms below already hold them.
SCORES = [
    ([[0, 1e-3], [1 / 3, 12], [0.5, 40], [2 / 3, 15], [1, 1e-3]], 0, 5),
    ([[0, 3], [1 / 6, 7], [0.5, 50], [5 / 6, 9], [1, 2]], -5, 5),
    ([[0, 1e-3], [0.4, 100], [0.55, 120], [0.9, 30], [1, 1e-3]], 0, 10),
]
SPRT_ALPHA, SPRT_BETA = 0.05, 0.05


def load_fishtest(stats_dir):
    pkg = types.ModuleType("fishtest")
    pkg.__path__ = [os.path.dirname(os.path.abspath(stats_dir))]
    sys.modules["fishtest"] = pkg
    mods = {}
    for name in ("LLRcalc", "stat_util", "sprt"):
        mods[name] = importlib.import_module("fishtest.stats." + name)
    return mods


def cutechess(driver, counts, elo0, elo1):
    # driver reads "W L D elo0 elo1 alpha beta" and prints llr lBound uBound eloDiff errorMargin LOS
    line = f"{counts[2]} {counts[0]} {counts[1]} {elo0} {elo1} {SPRT_ALPHA} {SPRT_BETA}\n"
    out = subprocess.run([driver], input=line, capture_output=True, text=True, check=True).stdout.split()
    keys = ["llr", "lBound", "uBound", "eloDiff", "eloErrorMargin", "losPercent"]
    # cutechess does not guard its logs: an all-loss count gives -inf Elo and a NaN margin; such
    # figures are kept as the strings "inf", "-inf", "nan" (JSON has no non-finite numbers)
    return {k: (float(v) if math.isfinite(float(v)) else repr(float(v))) for k, v in zip(keys, out)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fishtest-stats", required=True, help="server/fishtest/stats of a fishtest checkout")
    ap.add_argument("--cutechess-driver", help="your driver over cutechess's Sprt/Elo (fixtures/stats/README.md)")
    a = ap.parse_args()
    m = load_fishtest(a.fishtest_stats)
    LLRcalc, stat_util = m["LLRcalc"], m["stat_util"]
    out = {"alpha": SPRT_ALPHA, "beta": SPRT_BETA, "cases": []}
    for kind, table in (("trinomial", TRINOMIAL), ("pentanomial", PENTANOMIAL)):
        for counts, elo0, elo1 in table:
            case = {"kind": kind, "counts": counts, "elo0": elo0, "elo1": elo1}
            case["fishtest"] = {"llr": LLRcalc.LLR_logistic(elo0, elo1, list(counts))}
            if sum(counts) > 0:
                el, elo95, los = stat_util.get_elo(list(counts))
                case["fishtest"].update({"elo": el, "elo95": elo95, "los": los,
                                         "regularized": LLRcalc.regularize(list(counts))})
            R = {"pentanomial": list(counts)} if kind == "pentanomial" else {
                "losses": counts[0], "draws": counts[1], "wins": counts[2]}
            sp = {"elo0": elo0, "elo1": elo1, "alpha": SPRT_ALPHA, "beta": SPRT_BETA}
            st = stat_util.SPRT(alpha=SPRT_ALPHA, beta=SPRT_BETA, elo0=elo0, elo1=elo1, elo_model="logistic")
            stat_util.update_SPRT(dict(R), st)
            case["fishtest"].update({"state": st["state"], "lower_bound": st["lower_bound"], "upper_bound": st["upper_bound"]})
            if kind == "trinomial" and a.cutechess_driver:
                case["cutechess"] = cutechess(a.cutechess_driver, counts, elo0, elo1)
            out["cases"].append(case)
    for hist, elo0, elo1 in SCORES:
        N = sum(c for _, c in hist)
        pdf = [(v, c / N) for v, c in hist]
        s0, s1 = LLRcalc.L_(elo0), LLRcalc.L_(elo1)
        out["cases"].append({"kind": "scores", "hist": hist, "elo0": elo0, "elo1": elo1,
                             "fishtest": {"llr": N * LLRcalc.LLR(pdf, s0, s1)}})
    # one case a line, floats as Python's repr (shortest round-trip, 17 significant digits at most)
    sys.stdout.write('{"alpha": %s, "beta": %s, "cases": [\n' % (json.dumps(SPRT_ALPHA), json.dumps(SPRT_BETA)))
    sys.stdout.write(",\n".join(json.dumps(c, allow_nan=False) for c in out["cases"]))
    sys.stdout.write("\n]}\n")


if __name__ == "__main__":
    main()

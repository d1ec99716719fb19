#!/usr/bin/env python3
"""Records fixtures/stats/sprt-extreme.json: fishtest's GSPRT LLR at extreme Elo hypotheses,
evaluated exactly (80 significant digits, mpmath) — and what fishtest's own LLR_logistic gives.

The model is fishtest's (server/fishtest/stats/LLRcalc.py, LLR_logistic): zero bins regularised to
1e-3, each hypothesis' maximum-likelihood distribution with mean L(elo) found from the secular
equation sum_i p_i a_i / (1 + x a_i) = 0, a_i = v_i - L(elo). Here the same formula is evaluated in
80-digit arithmetic: L(elo) and 1 - L(elo) = L(-elo) both exact to 80 digits (a_i = v_i - L(elo)
for v_i <= 1/2, (v_i - 1) + L(-elo) above), the root by bisection to 70 digits. No code of fishtest
is used for the exact figures; with --fishtest-stats DIR (a checkout OUTSIDE this repo, the commit
named in fixtures/stats/README.md) each case also records fishtest's own answer, or the exception
it raises (its brentq starts 1e-9 inside the poles: from |Elo| 2890 on the margin is below an ulp).

  python3 tools/oracle/stats/extreme.py [--fishtest-stats DIR] > fixtures/stats/sprt-extreme.json

Needs python3 with mpmath (and scipy for fishtest).
"""
import argparse
import importlib
import json
import math
import os
import sys
import types

from mpmath import mp, mpf, log, power

mp.dps = 80
VALUES = [0, 0.25, 0.5, 0.75, 1]
COUNTS = [
    [0, 0, 0, 0, 0],                       # no pairs yet: every bin regularised
    [10, 40, 100, 45, 12],
    [0, 0, 0, 0, 30],                      # every pair won twice
    [30, 0, 0, 0, 0],                      # every pair lost twice
    [10789, 19328, 33806, 19402, 10543],   # fishtest's own example
]
# (elo0, elo1): one hypothesis extreme against 0 or 5, and two extreme hypotheses 5 apart.
ELOS = []
for e in [2000, 2890, 3000, 4000, 5000, 6000, 6400, 7000, 10000, 30000, 50000, 100000, 123000, 123061]:
    ELOS += [(0, e), (-e, 5), (e - 5, e), (-e, -e + 5)]


def L(e):
    return 1 / (1 + power(10, -mpf(e) / 400))


def a_of(v, e):
    v = mpf(v)
    return v - L(e) if v <= 0.5 else (v - 1) + L(-e)


def secular(a, p):
    lo = max(-1 / ai for ai in a if ai > 0)
    hi = min(-1 / ai for ai in a if ai < 0)
    f = lambda x: sum(pi * ai / (1 + x * ai) for ai, pi in zip(a, p))
    while hi - lo > (abs(lo) + abs(hi)) * mpf(10) ** -70:
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def exact_llr(counts, e0, e1):
    c = [mpf(x) if x != 0 else mpf("0.001") for x in counts]
    n = sum(c)
    p = [x / n for x in c]
    a0 = [a_of(v, e0) for v in VALUES]
    a1 = [a_of(v, e1) for v in VALUES]
    x0, x1 = secular(a0, p), secular(a1, p)
    return n * sum(pi * (log(1 + x0 * u) - log(1 + x1 * w)) for pi, u, w in zip(p, a0, a1))


def load_llrcalc(stats_dir):
    pkg = types.ModuleType("fishtest")
    pkg.__path__ = [os.path.dirname(os.path.abspath(stats_dir))]
    sys.modules["fishtest"] = pkg
    return importlib.import_module("fishtest.stats.LLRcalc")


def fishtest_llr(llrcalc, counts, e0, e1):
    try:
        v = llrcalc.LLR_logistic(e0, e1, list(counts))
        return v if math.isfinite(v) else repr(v)
    except Exception as ex:  # what fishtest raises there, by name
        return type(ex).__name__


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fishtest-stats", help="server/fishtest/stats of a fishtest checkout")
    a = ap.parse_args()
    llrcalc = load_llrcalc(a.fishtest_stats) if a.fishtest_stats else None
    cases = []
    for counts in COUNTS:
        for e0, e1 in ELOS:
            case = {"counts": counts, "elo0": e0, "elo1": e1, "exact": float(exact_llr(counts, e0, e1))}
            if llrcalc:
                case["fishtest"] = fishtest_llr(llrcalc, counts, e0, e1)
            cases.append(case)
    sys.stdout.write('{"digits": 80, "cases": [\n')
    sys.stdout.write(",\n".join(json.dumps(c, allow_nan=False) for c in cases))
    sys.stdout.write("\n]}\n")


if __name__ == "__main__":
    import warnings
    warnings.simplefilter("ignore")  # scipy's RuntimeWarnings on fishtest's failing cases
    main()

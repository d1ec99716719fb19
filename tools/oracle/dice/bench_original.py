#!/usr/bin/env python3
"""koth-replay's own bench driver for the ORIGINAL dice controller (question 177765).

It contains no original code: it puts DIR (a checkout the user fetched: the updated
controller `forty_game_controller.py` and the bot snapshot `auto_bots.py`) on sys.path,
imports both files unchanged and times the controller's own `run_simulation` on one core:

    python3 tools/oracle/dice/bench_original.py --dir DIR --games N --seed S --bots A,B,...

Shims that touch neither the game nor the random stream: `time.clock = time.perf_counter`
(removed in Python 3.8, the controller times every turn with it), a stub `lxml.html` when lxml
is missing (only the never-called downloader uses it), and the progress bar's output is
discarded. Prints one JSON line: games, seconds (wall, run_simulation only), cpuSeconds,
gamesPerSecond, maxRssKb (this process's peak resident set, getrusage).
"""
import argparse
import io
import json
import os
import random
import resource
import sys
import time
import types


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--dir', required=True, help='folder holding forty_game_controller.py and auto_bots.py')
    ap.add_argument('--games', type=int, default=20000)
    ap.add_argument('--seed', type=int, default=12345)
    ap.add_argument('--bots', required=True, help='comma-separated class names, pool order')
    a = ap.parse_args()
    d = os.path.abspath(a.dir)
    for f in ('forty_game_controller.py', 'auto_bots.py'):
        if not os.path.isfile(os.path.join(d, f)):
            sys.exit(f'{f} not found in {d}: give --dir the folder with the original forty-game files')
    sys.path.insert(0, d)
    time.clock = time.perf_counter  # removed in Python 3.8; the controller times turns with it
    try:
        import lxml.html  # noqa: F401
    except ImportError:
        lxml = types.ModuleType('lxml')
        lxml.html = types.ModuleType('lxml.html')
        sys.modules['lxml'] = lxml
        sys.modules['lxml.html'] = lxml.html
    import auto_bots
    sys.modules.setdefault('forty_game_bots', auto_bots)
    import forty_game_controller as ctl

    names = [n for n in a.bots.split(',') if n]
    missing = [n for n in names if not hasattr(auto_bots, n)]
    if missing:
        sys.exit(f'no class {", ".join(missing)} in {d}/auto_bots.py')
    pool = [getattr(auto_bots, n) for n in names]

    random.seed(a.seed)
    saved = sys.stdout
    sys.stdout = io.StringIO()
    c0 = time.process_time()
    t0 = time.perf_counter()
    try:
        ctl.run_simulation(0, 8, a.games, pool)
    finally:
        t1 = time.perf_counter()
        c1 = time.process_time()
        sys.stdout = saved
    s = t1 - t0
    print(json.dumps({
        'games': a.games,
        'seconds': s,
        'cpuSeconds': c1 - c0,
        'gamesPerSecond': a.games / s,
        'maxRssKb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        'python': sys.version.split()[0],
    }))


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""koth-replay's own bench driver for the ORIGINAL ruins driver (question 183101).

It contains no original code: in a checkout of GitHub Beefster09/pcg-general given on the
command line, it runs the driver's own command line

    ruins.py -d test_bots -s SEED -o winner

in this process (runpy, as `__main__`: the test bots import Adventurer from `__main__`), with
its output captured, and times it:

    python3 tools/oracle/ruins/bench_original.py --checkout DIR --seed K48XMESC [--bot-dir test_bots]

Prints one JSON line: seconds (wall), cpuSeconds (time.process_time), maxRssKb (this
process's peak resident set, getrusage), winner (from the driver's "The winner of the
tournament is X!" line), python. The time includes importing ruins.py and loading the bot
directory (a few milliseconds next to the tournament). No generator is touched.
"""
import argparse
import contextlib
import io
import json
import os
import platform
import re
import resource
import runpy
import sys
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--checkout', required=True, help='a checkout of Beefster09/pcg-general (holding ruins.py)')
    ap.add_argument('--seed', default='K48XMESC', help='the -s string (a str seed, as ruins.py passes it)')
    ap.add_argument('--bot-dir', default='test_bots', help="ruins.py's -d (relative to the checkout)")
    a = ap.parse_args()
    d = os.path.abspath(a.checkout)
    script = os.path.join(d, 'ruins.py')
    if not os.path.isfile(script) or not os.path.isdir(os.path.join(d, a.bot_dir)):
        sys.exit(f'ruins.py or {a.bot_dir}/ not found in {d}: give --checkout a checkout of Beefster09/pcg-general')
    os.chdir(d)
    sys.path.insert(0, d)
    sys.argv = ['ruins.py', '-d', a.bot_dir, '-s', a.seed, '-o', 'winner']
    out = io.StringIO()
    t0 = time.perf_counter()
    c0 = time.process_time()
    with contextlib.redirect_stdout(out):
        runpy.run_path(script, run_name='__main__')
    cpu = time.process_time() - c0
    wall = time.perf_counter() - t0
    m = re.search(r'The winner of the tournament is (.+?)!', re.sub(r'\x1b\[[0-9;]*m', '', out.getvalue()))
    print(json.dumps({
        'seconds': wall,
        'cpuSeconds': cpu,
        'maxRssKb': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
        'winner': m.group(1) if m else None,
        'python': platform.python_version(),
    }))


if __name__ == '__main__':
    main()

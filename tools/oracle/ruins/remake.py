#!/usr/bin/env python3
"""Remakes every ruins golden with the original driver and compares it with the committed one.

    python3 tools/oracle/ruins/remake.py OUT PCG@f83740b PCG@254d63f [NAME ...]

PCG@c = a checkout of GitHub Beefster09/pcg-general at commit c. Each committed file's name says
how it was made (KIND-DIR-SEED, see capture.py); the remade file goes to OUT, and the two are
compared as JSON, except `command` (it names the folder the bots were in) and object addresses
(`<chaos.Fragile object at 0x...>`). Exit 1 if any differs. Our own code.
"""
import gzip
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDENS = os.environ.get('RUINS_GOLDENS') or os.path.join(HERE, '..', '..', '..', 'fixtures', 'ruins', 'goldens')
KINDS = {'single': 'single', 'tournament': 'tournament', 'original': 'original', 'stdout': 'stdout',
         'debuglog': 'debuglog', 'statelog': 'statelog', 'crash': 'crash'}
DIRS = {'test-bots': 'test_bots'}


def read(path):
    with (gzip.open(path, 'rt') if path.endswith('.gz') else open(path)) as f:
        return json.load(f)


def normal(x):
    s = json.dumps(x, sort_keys=True)
    s = re.sub(r'"command": "(?:[^"\\]|\\.)*"', '"command": ""', s)
    return re.sub(r' object at 0x[0-9a-f]+>', ' object at 0x…>', s)


def capture(current, old, kind, d, seed, mode=None):
    args = [sys.executable, os.path.join(HERE, 'capture.py'), '--checkout', old if kind == 'original' else current,
            '--kind', kind, '--dir', DIRS.get(d, d), '--seed', seed] + (['--mode', mode] if mode else [])
    return json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)


def main():
    out, current, old, *names = sys.argv[1:]
    os.makedirs(out, exist_ok=True)
    files = names or sorted(f for f in os.listdir(GOLDENS) if re.match(r'.*\.json(\.gz)?$', f))
    bad = []
    for f in files:
        committed = read(os.path.join(GOLDENS, f))
        base = re.sub(r'\.json(\.gz)?$', '', f)
        if base.startswith('crashes-'):
            made = [capture(current, old, 'crash', base.split('-', 1)[1], c['seed'], c['mode']) for c in committed]
        else:
            kind, rest = base.split('-', 1)
            d, seed = rest.rsplit('-', 1)
            made = capture(current, old, KINDS[kind], d, seed)
        with open(os.path.join(out, base + '.json'), 'w') as w:
            json.dump(made, w)
        same = normal(made) == normal(committed)
        print(('same ' if same else 'DIFF ') + f, flush=True)
        if not same:
            bad.append(f)
    if bad:
        print(f'{len(bad)} of {len(files)} differ: {", ".join(bad)}')
        sys.exit(1)
    print(f'all {len(files)} equal')


if __name__ == '__main__':
    main()

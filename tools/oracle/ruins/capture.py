#!/usr/bin/env python3
"""Ruins golden recorder: runs the ORIGINAL ruins.py command line (GitHub Beefster09/pcg-general)
in a checkout given on the command line, and turns what it printed into the golden JSON of
fixtures/ruins/goldens/. Our own code: it contains nothing of ruins.py.

    python3 tools/oracle/ruins/capture.py --checkout PCG@f83740b --kind KIND --dir DIR --seed S [--mode M]

KIND    single     ruins.py -d DIR -s S -1 --score-only          -> {"seed","bots","command","rows"}
        tournament ruins.py -d DIR -s S -o pool final tourney warning winner bad
                   -> {"seed","bots","command",["poolRows","poolCountWarnings"],"finalGames","ended",["lead"],"rows","winner"}
        original   the same tournament with the driver at 254d63f (--checkout PCG@254d63f)
        stdout     ruins.py -d DIR -s S -1                         -> {"seed","bots","command","lines"}
        debuglog   ruins.py -d DIR -s S -1 --debug                 -> {..., "lines", ["crash"]}
        statelog   ruins.py -d DIR+recorder -s S -1 --score-only   -> {..., "turns": every get_action call}
        crash      CRASH=M ruins.py -d DIR -s S -1 --debug         -> {"mode",...,"crash","lines"}
DIR     test_bots (the driver's own, in the checkout) or a folder name under tools/oracle/ruins/bots/
        (their modules import oraclebots.py from this folder: to run one by hand, put
        tools/oracle/ruins on PYTHONPATH and run ruins.py in the checkout).

The load order of a bot directory ("bots") is read from the `[Pregame] * Name (Class)` lines of
`ruins.py -d DIR -s 0 -1 -o info`. Stand-ins for `requests`, `lxml` and `tabulate` (cells joined
with ' | ') are put on PYTHONPATH for the old driver, which imports them unconditionally; the
current driver falls back by itself. Neither touches a generator.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BOTS = os.path.join(HERE, 'bots')
TOURNEY_ONLY = ['-o', 'pool', 'final', 'tourney', 'warning', 'winner', 'bad']

STANDINS = {
    'requests.py': '',
    'lxml/__init__.py': '',
    'lxml/html.py': '',
    'tabulate.py': (
        "def tabulate(rows, headers=(), **_):\n"
        "    out = [' | '.join(str(h) for h in headers)] if headers else []\n"
        "    out += [' | '.join(str(c) for c in r) for r in rows]\n"
        "    return '\\n'.join(out)\n"
    ),
}


def standins():
    d = tempfile.mkdtemp(prefix='ruins-standins-')
    for name, text in STANDINS.items():
        os.makedirs(os.path.dirname(os.path.join(d, name)), exist_ok=True)
        with open(os.path.join(d, name), 'w') as f:
            f.write(text)
    return d


def bot_dir(name, record, checkout):
    """The -d argument; with `record`, a temporary copy of the directory plus our recorder."""
    src = name if name == 'test_bots' else os.path.join(BOTS, name)
    if not record:
        return src
    tmp = tempfile.mkdtemp(prefix=f'ruins-{name}rec-')
    base = src if os.path.isabs(src) else os.path.join(checkout, src)
    for f in sorted(os.listdir(base)):
        if f.endswith('.py'):
            shutil.copy(os.path.join(base, f), tmp)
    shutil.copy(os.path.join(HERE, 'recorder.py'), os.path.join(tmp, 'zz_recorder.py'))
    return tmp


def run(checkout, args, env=None):
    e = dict(os.environ, **(env or {}))
    e.pop('FORCE_COLOR', None)
    return subprocess.run([sys.executable, 'ruins.py', *args], cwd=checkout, env=e, capture_output=True, text=True)


def load_order(checkout, d, env):
    p = run(checkout, ['-d', d, '-s', '0', '-1', '-o', 'info'], env)
    return [m.group(1) for m in re.finditer(r'^\[Pregame\] \* .* \((\w+)\)$', p.stdout, re.M)]


def command(dname, args, prefix=''):
    shown = dname if dname == 'test_bots' else f'tools/oracle/ruins/bots/{dname}'
    return f"{prefix}python3 ruins.py -d {shown} {' '.join(args)}"


def crash_of(p):
    lines = [l for l in p.stderr.splitlines() if l.strip()]
    return lines[-1] if p.returncode != 0 and lines else None


def table_rows(lines):
    """Rows of a table printed by tabulate (its fallback: cells padded, '|' between; or ' | ')."""
    rows = []
    for l in lines:
        if not l.strip() or set(l.strip()) <= set('-+'):
            continue
        rows.append([c.strip() for c in l.split('|')])
    return rows[1:]  # without the header


def score_rows(stdout):
    lines = stdout.splitlines()
    i = next(k for k, l in enumerate(lines) if l.endswith('Score for this game:'))
    body = []
    for l in lines[i + 1:]:
        if not l.strip():
            break
        body.append(l)
    return [
        {'bot': r[0], 'character': r[1], 'money': None if r[2] == 'DEAD' else int(r[2].lstrip('$')),
         'treasures': int(r[3]), 'weight': int(r[4]), 'stamina': int(r[5]), 'score': int(r[6])}
        for r in table_rows(body)
    ]


def tourney_table(lines, start):
    """A [==TOURNAMENT==] table: header line after `start`, one row per line (prefixed or not)."""
    out = []
    for l in lines[start + 1:]:
        l = re.sub(r'^\[==TOURNAMENT==\] ', '', l)
        if not l.strip() or l.startswith('[') or ('|' not in l and not set(l.strip()) <= set('-+')):
            break
        out.append(l)
    return [{'bot': r[0], 'score': int(r[1]), 'meanScore': float(r[2])} for r in table_rows(out)]


def tournament(stdout, stderr_crash, old):
    lines = stdout.splitlines()
    out = {}
    pool = next((k for k, l in enumerate(lines) if l.endswith('Results from pool series:')), None)
    if pool is not None:
        out['poolRows'] = tourney_table(lines, pool)
        if not old:
            out['poolCountWarnings'] = {m.group(1): int(m.group(2)) for l in lines for m in [re.search(r'\] (\w+) played (\d+) games\.$', l)] if m}
    games = [int(m.group(1)) for l in lines for m in [re.search(r'Starting game (\d+) of the final round', l)] if m]
    out['finalGames'] = games[-1] if games else 0
    if stderr_crash:
        out['ended'] = 'crash'
        out['crash'] = stderr_crash
        return out
    lead = next((int(m.group(1)) for l in lines for m in [re.search(r'achieved a (\d+) point lead', l)] if m), None)
    if any("There aren't enough competitors" in l for l in lines):
        out['ended'] = 'not-enough-competitors'
        return out
    if any('All competitors seem to have died' in l for l in lines):
        out['ended'] = 'all-died'
        out['rows'] = []
        return out
    out['ended'] = 'lead' if lead is not None else 'max-games'
    if lead is not None and not old:
        out['lead'] = lead
    final = next(k for k, l in enumerate(lines) if 'Final scores of the finalists:' in l)
    out['rows'] = tourney_table(lines, final)
    out['winner'] = next(m.group(1) for l in lines for m in [re.search(r'The winner of the tournament is (\w+)!', l)] if m)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--checkout', required=True, help='a checkout of Beefster09/pcg-general (f83740b; 254d63f for --kind original)')
    ap.add_argument('--kind', required=True, choices=['single', 'tournament', 'original', 'stdout', 'debuglog', 'statelog', 'crash'])
    ap.add_argument('--dir', required=True)
    ap.add_argument('--seed', required=True)
    ap.add_argument('--mode', help='CRASH mode for --kind crash')
    a = ap.parse_args()
    checkout = os.path.abspath(a.checkout)
    env = {'CRASH': a.mode} if a.mode else {}
    old = a.kind == 'original'
    # Our bot modules import oraclebots (beside this file); the old driver needs stand-ins.
    env['PYTHONPATH'] = os.pathsep.join([HERE] + ([standins()] if old else []))
    d = bot_dir(a.dir, a.kind == 'statelog', checkout)
    bots = load_order(checkout, d, env)
    base = {'seed': a.seed, 'bots': bots}
    if a.kind == 'single':
        args = ['-s', a.seed, '-1', '--score-only']
        p = run(checkout, ['-d', d, *args], env)
        out = {**base, 'command': command(a.dir, args), 'rows': score_rows(p.stdout)}
    elif a.kind in ('tournament', 'original'):
        args = ['-s', a.seed, *TOURNEY_ONLY]
        p = run(checkout, ['-d', d, *args], env)
        out = {**base, 'command': command(a.dir, args) + ('   # ruins.py at 254d63f' if old else '')}
        if old:
            out['driver'] = '254d63f'
        out.update(tournament(p.stdout, crash_of(p), old))
    elif a.kind in ('stdout', 'debuglog', 'crash'):
        args = ['-s', a.seed, '-1'] + ([] if a.kind == 'stdout' else ['--debug'])
        p = run(checkout, ['-d', d, *args], env)
        out = {**base, 'command': command(a.dir, args, f'CRASH={a.mode} ' if a.mode else ''), 'lines': p.stdout.splitlines()}
        crash = crash_of(p)
        if a.kind == 'crash':
            out = {'mode': a.mode, **out}
            out = {k: out[k] for k in ['mode', 'seed', 'bots', 'command']} | {'crash': crash, 'lines': out['lines']}
        elif crash:
            out['crash'] = crash
    else:  # statelog
        args = ['-s', a.seed, '-1', '--score-only']
        log = os.path.join(tempfile.mkdtemp(prefix='ruins-statelog-'), 'calls.json')
        run(checkout, ['-d', d, *args], {**env, 'STATELOG': log})
        with open(log) as f:
            turns = json.load(f)
        out = {**base, 'command': command(a.dir + 'rec' if a.dir != 'test_bots' else 'testrec', args), 'turns': turns}
    sys.stdout.write(json.dumps(out) + '\n')


if __name__ == '__main__':
    main()

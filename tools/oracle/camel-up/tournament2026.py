#!/usr/bin/env python3
"""Camel Up Cup 2026 tournament and Elo recorder: runs the ORIGINAL tournament loop
(tournament_core.run_game) and the ORIGINAL leaderboard rating (lambda/handler.py's _fit_elo)
of GitHub trbarron/Camel_Up_Cup_2K18 at 2dbad1c, both imported from the checkout given, and
prints what they computed as JSON. Our own code: no original code here.

Tournament mode (the golden of `koth replay camel-up --format 2026 --exact --seed S`):

    PYTHONHASHSEED=0 python3 tools/oracle/camel-up/tournament2026.py --checkout CAMEL@2dbad1c \
        --seed 1 --games 200 --modules port_twins,misbehaving --path tools/oracle/camel-up/bots \
        --pool Player0,Player1,Player2,Crasher,RoundBetter,Trapper

  `random.seed(S)` once, then `run_game(bots, names, stats, seat_stats, game_log=glog)` N
  times, exactly as tournament.py's main loop calls it (which never seeds: we do, once).
  `bots` are the classes named by --pool, taken from --modules (dotted, importable from the
  checkout or from --path); names are the pool's names as given (no "tb-" prefix: run_game only
  uses them as keys). Output: {"games":[{"order":[names by seat],"money":[by seat],
  "winners":[names, as run_game returns them],"turns":n}], "stats":{name:{"wins","games",
  "coins_total"}}, "elo":{...}, "eloUnrounded":{...}}. If run_game raises (it reads
  `result[0]` outside its try: an empty or non-indexable answer), the output has
  "crash":{"game":k (1-based),"type","message"} and the games before it.

Elo mode (the fixture of engines/core/stats/bradley-terry.test.ts):

    PYTHONHASHSEED=0 python3 tools/oracle/camel-up/tournament2026.py --checkout CAMEL@2dbad1c \
        --elo-logs LOGS.json

  LOGS.json: {"logs": {"<name>": [[[player, coins] x seats] per game]}} (run_game's game_log
  format). Prints {"<name>": {"elo": _fit_elo(log), "eloUnrounded": ...}} for each.

"elo" is _fit_elo's own answer (rounded to 0.1 by its last line). "eloUnrounded" is the same
function run with the module-global name `round` of handler.py bound to `lambda x, n=None: x`
(a module global shadows the builtin), so the fit is compared to 1e-9 and not to 0.05. The
iteration order of _fit_elo's `players` set depends on str hashing: run with PYTHONHASHSEED=0
(the recorder re-executes itself so when it is unset); it only reorders float sums (last-bit
differences). handler.py imports boto3 lazily; a stand-in module is put in sys.modules only if
boto3 is not installed (never in the checkout).
"""
import argparse
import json
import os
import random
import sys
import types


def import_originals(checkout):
    sys.path.insert(0, os.path.join(checkout, 'lambda'))
    sys.path.insert(0, checkout)
    try:
        import boto3  # noqa: F401
    except ImportError:
        sys.modules['boto3'] = types.ModuleType('boto3')  # stand-in: _fit_elo never calls it
    import tournament_core
    import handler
    return tournament_core, handler


def fit(handler, glog):
    rounded = handler._fit_elo(glog)
    handler.round = lambda x, n=None: x
    try:
        unrounded = handler._fit_elo(glog)
    finally:
        del handler.round
    return rounded, unrounded


def main():
    if os.environ.get('PYTHONHASHSEED') is None:
        os.execve(sys.executable, [sys.executable] + sys.argv, {**os.environ, 'PYTHONHASHSEED': '0'})
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--checkout', required=True)
    ap.add_argument('--seed', type=int)
    ap.add_argument('--games', type=int)
    ap.add_argument('--pool')
    ap.add_argument('--modules', default='port_twins,misbehaving')
    ap.add_argument('--path', action='append', default=[])
    ap.add_argument('--elo-logs', help='fit _fit_elo on each game log of this JSON file instead of playing')
    a = ap.parse_args()
    core, handler = import_originals(os.path.abspath(a.checkout))
    if a.elo_logs:
        with open(a.elo_logs) as f:
            logs = json.load(f)['logs']
        out = {}
        for name, glog in logs.items():
            r, u = fit(handler, glog)
            out[name] = {'elo': r, 'eloUnrounded': u}
        sys.stdout.write(json.dumps(out, indent=1, sort_keys=True) + '\n')
        return
    if a.seed is None or a.games is None or not a.pool:
        ap.error('give --seed, --games and --pool (or --elo-logs FILE)')
    sys.path.extend(os.path.abspath(p) for p in a.path)
    classes = {}
    for mod in a.modules.split(','):
        m = __import__(mod, fromlist=['*'])
        classes.update({k: v for k, v in vars(m).items() if isinstance(v, type)})
    names = a.pool.split(',')
    bots = [classes[n] for n in names]
    stats = core.init_stats(names)
    seat_stats = {i: {'wins': 0.0, 'games': 0, 'coins_total': 0} for i in range(4)}
    glog = []
    games = []
    crash = None
    random.seed(a.seed)
    for k in range(a.games):
        try:
            winners, turns = core.run_game(bots, names, stats, seat_stats, game_log=glog)
        except Exception as e:  # noqa: BLE001 -- recorded: the original tournament ended here
            crash = {'game': k + 1, 'type': type(e).__name__, 'message': str(e)}
            break
        entry = glog[-1]
        games.append({'order': [n for n, _c in entry], 'money': [c for _n, c in entry], 'winners': winners, 'turns': turns})
    r, u = fit(handler, glog)
    out = {
        'games': games,
        'stats': {n: {'wins': s['wins'], 'games': s['games'], 'coins_total': s['coins_total']} for n, s in stats.items()},
        'elo': r,
        'eloUnrounded': u,
    }
    if crash:
        out['crash'] = crash
    sys.stdout.write(json.dumps(out) + '\n')


if __name__ == '__main__':
    main()

#!/usr/bin/env python3
"""Camel Up Cup 2k18 golden recorder (question 167101): plays games with the ORIGINAL
controller camelup.py and the ORIGINAL players (GitHub trbarron/Camel_Up_Cup_2K18, a 2018
commit), imported from the checkout given, and prints one line per game.

    python3 tools/oracle/camel-up/record.py --checkout CAMEL@46f6797 --seed S --games N \
        [--pool Player0,Player1,Player2,Sir_Humpfree_Bogart] [--timing]
        [--modules players,Sir_Humpfree_Bogart] [--path DIR]

The 2026 revision (commit 2dbad1c: players in bots/test/players.py and bots/house/*.py; our own
misbehaving players in tools/oracle/camel-up/bots/misbehaving.py):

    python3 tools/oracle/camel-up/record.py --checkout CAMEL@2dbad1c --seed 1 --games 20 \
        --modules bots.test.players,misbehaving --path tools/oracle/camel-up/bots \
        --pool Player0,Player2,Crasher,Misfit,RoundBetter,Trapper

--modules names the modules (dotted, importable from the checkout or --path) whose classes make
the pool's names; --path puts a folder of our own players on sys.path after the checkout.

camelup.py runs its tournament when imported; this recorder executes the module's
definitions only (every top-level statement except its tournament `for` loop) and then runs
the same tournament loop itself: `random.seed(S)` once, then per game
`order = [0..len(pool)-1]; random.shuffle(order)`, `PlayGame(pool[order[0]], …, pool[order[3]])`,
a point to every winner. It prints {"games":[{"order":[names in seat order],"winnerSeats":[…],
"money":[… in seat order]}]} (money read from the game's GameState, which a subclass keeps).
With --timing the output also has "seconds", "cpuSeconds" (time.process_time) of the games loop
alone and "python" (its version): `koth bench camel-up --original DIR` runs it so.
Bet hashing (uuid4, not the `random` stream) is left as it is. Our own code: no original
code here.
"""
import argparse
import ast
import json
import os
import platform
import random
import sys
import time


def load_controller(checkout):
    sys.path.insert(0, checkout)
    path = os.path.join(checkout, 'camelup.py')
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    # Definitions only: leave out the module-level tournament loop.
    tree.body = [s for s in tree.body if not isinstance(s, ast.For)]
    ns = {'__name__': 'camelup', '__file__': path}
    exec(compile(tree, path, 'exec'), ns)
    return ns


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--checkout', required=True)
    ap.add_argument('--seed', required=True, type=int)
    ap.add_argument('--games', required=True, type=int)
    ap.add_argument('--pool', default='Player0,Player1,Player2,Sir_Humpfree_Bogart')
    ap.add_argument('--modules', default='players,Sir_Humpfree_Bogart',
                    help='comma-separated modules whose classes the pool names (2026: bots.test.players,bots.house.HandcodedHenry,...)')
    ap.add_argument('--path', action='append', default=[], help='a folder of our own players to import from (after the checkout)')
    ap.add_argument('--timing', action='store_true',
                    help='also output seconds and cpuSeconds (time.process_time) of the games loop alone, and the python version (for koth bench camel-up)')
    a = ap.parse_args()
    ns = load_controller(os.path.abspath(a.checkout))
    sys.path.extend(os.path.abspath(p) for p in a.path)
    classes = {}
    for mod in a.modules.split(','):
        try:
            m = __import__(mod, fromlist=['*'])
        except ImportError:
            if a.modules != ap.get_default('modules'):
                raise
            continue
        classes.update({k: v for k, v in vars(m).items() if isinstance(v, type)})
    pool = [classes[n] for n in a.pool.split(',')]
    names = a.pool.split(',')

    kept = {}
    Base = ns['GameState']

    class Kept(Base):
        def __init__(self):
            super().__init__()
            kept['g'] = self

    ns['GameState'] = Kept
    random.seed(a.seed)
    games = []
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for _ in range(a.games):
        order = [i for i in range(len(pool))]
        random.shuffle(order)
        winner = ns['PlayGame'](pool[order[0]], pool[order[1]], pool[order[2]], pool[order[3]])
        games.append({'order': [names[order[s]] for s in range(4)], 'winnerSeats': list(winner), 'money': list(kept['g'].player_money_values)})
        print(json.dumps(games[-1]), file=sys.stderr, flush=True)
    out = {'games': games}
    if a.timing:
        out.update(seconds=time.perf_counter() - wall0, cpuSeconds=time.process_time() - cpu0, python=platform.python_version())
    sys.stdout.write(json.dumps(out) + '\n')


if __name__ == '__main__':
    main()

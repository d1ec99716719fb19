#!/usr/bin/env python3
"""Makes the game logs of fixtures/camel-up/elo/logs.json (our own synthetic logs, in
tournament_core.run_game's game_log format: per game [[player, coins] x seats]) for the
Bradley-Terry fit test; tournament2026.py --elo-logs then fits them with the original _fit_elo.

    python3 tools/oracle/camel-up/make-elo-logs.py TOURNAMENT.json > fixtures/camel-up/elo/logs.json

TOURNAMENT.json: a tournament2026.py output whose games become the log "tournament-seed1".
Everything else is drawn from random.seed(2026) here. Our own code."""
import json
import random
import sys

random.seed(2026)
names = ['Ann', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay', 'Gus']
logs = {}


def game(players, lo, hi):
    return [[p, random.randint(lo, hi)] for p in players]


# Small coin ranges: many ties for first (the 0.5 split).
logs['ties'] = [game(random.sample(names[:5], 4), 0, 3) for _ in range(150)]
# One player who always wins (undefeated) and one who never does (winless): the anchor keeps them finite.
und = []
for _ in range(80):
    ps = random.sample(names[:6], 4)
    g = game(ps, 0, 10)
    for e in g:
        if e[0] == 'Ann':
            e[1] = 99
        if e[0] == 'Fay':
            e[1] = -5
    und.append(g)
logs['undefeated-winless'] = und
# A name seated twice in one game (run_game with fewer than 4 bots draws seats with repeats).
logs['repeats'] = [game([random.choice(names[:3]) for _ in range(4)], 0, 6) for _ in range(60)]
# Two players, three seats each... and games of 2 and 3 seats.
logs['small-games'] = [game(random.sample(names, random.randint(2, 3)), 0, 4) for _ in range(40)]
logs['one-game'] = [[['Ann', 5], ['Bob', 5], ['Cy', 1], ['Dee', 0]]]
logs['empty'] = []
with open(sys.argv[1]) as f:
    t = json.load(f)
logs['tournament-seed1'] = [[[n, c] for n, c in zip(g['order'], g['money'])] for g in t['games']]
sys.stdout.write(json.dumps({'logs': logs}) + '\n')

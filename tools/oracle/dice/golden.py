#!/usr/bin/env python3
"""Golden recorder for the dice game (question 177765): runs the ORIGINAL controller with the
ORIGINAL bots, imported unchanged from the paths given, and prints the golden JSON that
engines/dice/goldens.test.ts compares with `koth replay dice --exact`.

    python3 tools/oracle/dice/golden.py --snapshot ORIG/auto_bots.py \
        --controller ORIG/forty_game_controller.py --rules fixed|original \
        --seed S --games N --bots A,B,...|@pool.txt

--snapshot   the 2019-01-07 snapshot of every answer (nanopi-cloud forty-game/auto_bots.py @ e7f8d68), or
             the 2019-02-18 one with CloneBot (nanopi-cloud forty-game/auto_bots.py @ 5384447)
--controller `fixed`: nanopi-cloud forty-game/forty_game_controller.py @ 84d4df6;
             `original`: misc-scripts codegolf/forty-game/forty_game_controller.py @ 032491a
This file is our own code: it contains none of the originals. It only adds shims that touch
neither the game nor the random stream (time.clock, stub lxml/requests modules for the
never-called downloader), silences the progress bar, and for `original` observes the
statistics the first controller does not collect (wrappers that call the original methods).
Its Controller subclasses keep the class name `Controller`: CloneBot looks for a frame whose
`self` is an object of a class of that name.
"""
import argparse
import importlib.util
import io
import json
import os
import random
import sys
import time
import types
from contextlib import redirect_stdout


def stub_modules():
    """Modules the controllers import for their downloader only (never called here)."""
    for name in ('lxml', 'lxml.html', 'requests'):
        if name in sys.modules:
            continue
        try:
            __import__(name)
        except ImportError:
            sys.modules[name] = types.ModuleType(name)
    sys.modules['lxml'].html = sys.modules['lxml.html']
    if not hasattr(time, 'clock'):
        time.clock = time.perf_counter  # removed in Python 3.8; only timing uses it


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def observe_first_controller(ctl):
    """The first controller collects wins, games, ties and time-outs only: observe the rest
    exactly as the updated controller adds them, without changing a decision or a draw."""
    base = ctl.Controller

    class Observed(base):
        def __init__(self, *a, **k):
            super().__init__(*a, **k)
            self.obs = {}  # bot -> [max, scoreSum, winScoreSum, throws, successes, turns]
            self.total_rounds = 0
            self.highest_round = 0
            self.winning_scores = {}
            self._scores = None
            self._last_seat_turns = 0

        def row(self, name):
            return self.obs.setdefault(name, [0, 0, 0, 0, 0, 0])

        def throw_die(self):
            d = base.throw_die(self)
            self._throws.append(d)
            return d

        def single_bot(self, index, bot, game_scores, last_round):
            self._scores = game_scores
            self._throws = []
            base.single_bot(self, index, bot, game_scores, last_round)
            r = self.row(bot.__class__.__name__)
            r[3] += len(self._throws)
            r[4] += int(self._throws[-1] != 6)
            r[5] += 1
            if index == self.bots_per_game - 1:
                self._last_seat_turns += 1

        def play(self, game_bots):
            self._last_seat_turns = 0
            timed_out = self.timed_out_games
            base.play(self, game_bots)
            rounds = self._last_seat_turns - (1 if self.timed_out_games > timed_out else 0)
            scores = self._scores
            top = max(scores)
            for i, bot in enumerate(game_bots):
                r = self.row(bot.__class__.__name__)
                r[1] += scores[i]
                r[0] = max(r[0], scores[i])
                if scores[i] == top:
                    r[2] += scores[i]
            self.total_rounds += rounds
            self.highest_round = max(self.highest_round, rounds)
            self.winning_scores[top] = self.winning_scores.get(top, 0) + 1

    Observed.__name__ = Observed.__qualname__ = 'Controller'  # CloneBot finds the controller by its class name
    ctl.Controller = Observed
    return Observed


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--snapshot', required=True)
    ap.add_argument('--controller', required=True)
    ap.add_argument('--rules', choices=['fixed', 'original'], required=True)
    ap.add_argument('--seed', required=True)
    ap.add_argument('--games', type=int, required=True)
    ap.add_argument('--bots', required=True, help='comma-separated class names, or @file with them')
    a = ap.parse_args()

    names = open(a.bots[1:]).read() if a.bots.startswith('@') else a.bots
    names = [n.strip() for n in names.replace('\n', ',').split(',') if n.strip()]
    seed = int(a.seed) if a.seed.lstrip('-').isdigit() else a.seed

    stub_modules()
    sys.path.insert(0, os.path.dirname(os.path.abspath(a.snapshot)))
    bots_mod = load(a.snapshot, 'auto_bots')
    sys.modules['forty_game_bots'] = bots_mod  # the name the first controller imports
    ctl = load(a.controller, 'forty_game_controller')
    if a.rules == 'original':
        observe_first_controller(ctl)
    pool = [getattr(bots_mod, n) for n in names]

    holder = {}
    Base = ctl.Controller

    class Keep(Base):  # keeps the controller run_simulation builds (its stats live on it)
        def __init__(self, *x, **k):
            super().__init__(*x, **k)
            holder['c'] = self

    Keep.__name__ = Keep.__qualname__ = 'Controller'  # CloneBot (2019-02-18) finds the controller by its class name
    ctl.Controller = Keep
    random.seed(seed)
    with redirect_stdout(io.StringIO()):
        ctl.run_simulation(0, 8, a.games, pool)
    c = holder['c']

    rows = []
    for n in names:
        if a.rules == 'fixed':
            h = c.highscore[n]
        else:
            h = c.obs.get(n, [0, 0, 0, 0, 0, 0])
        rows.append({'bot': n, 'wins': c.wins[n], 'played': c.played_games[n], 'max': h[0], 'scoreSum': h[1],
                     'winScoreSum': h[2], 'throws': h[3], 'successes': h[4], 'turns': h[5]})
    out = {
        'seed': seed, 'games': a.games, 'rules': a.rules, 'bots': names,
        'tiedGames': c.tied_games, 'timedOutGames': c.timed_out_games,
        'totalRounds': c.total_rounds, 'highestRound': c.highest_round,
        'winningScores': {str(k): v for k, v in sorted(c.winning_scores.items())},
        'rows': rows,
    }
    sys.stdout.write(json.dumps(out, separators=(',', ':')) + '\n')


if __name__ == '__main__':
    main()

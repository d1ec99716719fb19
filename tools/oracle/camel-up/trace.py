#!/usr/bin/env python3
"""Decision traces of the camel-up players (question 167101): plays games of the ORIGINAL
camelup.py with the ORIGINAL players (imported from the checkout given, as record.py does)
and, before every call of the traced player, seeds the shared `random` with a fresh seed; it
records the state the player was given, that seed, its answer and the generator's next 32 bits.

    python3 tools/oracle/camel-up/trace.py --checkout CAMEL@46f6797 --player Sir_Humpfree_Bogart --calls N > out.json

The 2026 revision (commit 2dbad1c): the house bots (bots/house/*.py) against the test players,
each call given camelup.py's own player_view(g, seat), as its PlayGame gives it:

    python3 tools/oracle/camel-up/trace.py --checkout CAMEL@2dbad1c --player HandcodedHenry --calls 60 \
        --modules bots.test.players,bots.house.HandcodedHenry --pool HandcodedHenry,Player0,Player1,Player2

Game seeds 1, 2, … (--pool, default Player0, Player1, Player2, Sir_Humpfree_Bogart); per-call seeds from
random.Random('trace/<player>'). Hidden game bets are written as the camel they hide (a port
may only ask whether a bet was made on a given camel); a bet the 2026 player_view redacted is
written null, as the view has it (None). --modules/--path as in record.py. Our own code.

A bot with state of its own (FabelFelix: a module-level `_rng = random.Random(0xCA3E1)`) and a
wall-clock budget (time.perf_counter): --private-rng _rng reseeds that module generator before
each call too (privateSeed; privateAfter = its next 32 bits after the call), and --freeze-clock
makes time.perf_counter return 0.0 for the whole run, so every budget check passes (the full
search, as on a machine fast enough for it). The output names the Python version (sum() of
floats differs from 3.12 on).
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record import load_controller  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--checkout', required=True)
    ap.add_argument('--player', required=True)
    ap.add_argument('--calls', type=int, default=500)
    ap.add_argument('--checkout-commit', default='46f6797', help="the checkout's commit, as written in the recipe")
    ap.add_argument('--pool', default='Player0,Player1,Player2,Sir_Humpfree_Bogart')
    ap.add_argument('--modules', default='players,Sir_Humpfree_Bogart', help='comma-separated modules whose classes the pool names (as record.py)')
    ap.add_argument('--path', action='append', default=[], help='a folder of our own players to import from (after the checkout)')
    ap.add_argument('--private-rng', default=None, help="a module-level random.Random of the traced bot's module to reseed before each call (FabelFelix: _rng)")
    ap.add_argument('--freeze-clock', action='store_true', help='time.perf_counter returns 0.0 (budgets by the clock never run out)')
    a = ap.parse_args()
    if a.freeze_clock:
        import time
        time.perf_counter = lambda: 0.0
    ns = load_controller(os.path.abspath(a.checkout))
    sys.path.extend(os.path.abspath(p) for p in a.path)
    classes = {}
    for mod in a.modules.split(','):
        m = __import__(mod, fromlist=['*'])
        classes.update({k: v for k, v in vars(m).items() if isinstance(v, type)})
    seeds = random.Random('trace/' + a.player)
    calls = []
    real = {}
    # Remember what each hashed bet hides (the controller's hash_bet), to write it in the trace.
    hash_bet = ns['hash_bet']

    def remembering(bet):
        h = hash_bet(bet)
        real[h] = bet
        return h
    ns['hash_bet'] = remembering
    def shown(b):
        return None if b is None else real[b]
    traced = classes[a.player]
    orig_move = traced.move
    traced_module = sys.modules[traced.__module__]

    def move(player, g):
        seed = seeds.getrandbits(32)
        random.seed(seed)
        if a.private_rng:
            private_seed = seeds.getrandbits(32)
            getattr(traced_module, a.private_rng).seed(private_seed)
        state = {
            'camel_track': g.camel_track, 'trap_track': g.trap_track, 'player_has_placed_trap': g.player_has_placed_trap,
            'round_bets': g.round_bets, 'game_winner_bets': [[shown(b), p] for b, p in g.game_winner_bets],
            'game_loser_bets': [[shown(b), p] for b, p in g.game_loser_bets],
            'player_game_bets': [[shown(b) for b in r] for r in g.player_game_bets],
            'player_money_values': g.player_money_values, 'camel_yet_to_move': g.camel_yet_to_move,
        }
        state = json.loads(json.dumps(state))
        answer = orig_move(player, g)
        call = {'player': player, 'state': state, 'rngSeed': seed, 'answer': answer, 'rngAfter': random.getrandbits(32)}
        if a.private_rng:
            call['privateSeed'] = private_seed
            call['privateAfter'] = getattr(traced_module, a.private_rng).getrandbits(32)
        calls.append(call)
        return answer
    traced.move = move
    pool = [classes[n] for n in a.pool.split(',')]
    game_seed = 0
    while len(calls) < a.calls:
        game_seed += 1
        random.seed(game_seed)
        order = list(range(4))
        random.shuffle(order)
        ns['PlayGame'](*[pool[i] for i in order])
        print(len(calls), file=sys.stderr, flush=True)
    recipe = 'python3 tools/oracle/camel-up/trace.py --checkout CAMEL@%s --player %s --calls %d --pool %s' % (a.checkout_commit, a.player, a.calls, a.pool)
    if a.modules != ap.get_default('modules'):
        recipe += ' --modules ' + a.modules
    if a.private_rng:
        recipe += ' --private-rng ' + a.private_rng
    if a.freeze_clock:
        recipe += ' --freeze-clock'
    out = {'player': a.player, 'recipe': recipe, 'calls': calls[:a.calls]}
    if a.private_rng or a.freeze_clock:
        out['python'] = sys.version.split()[0]
    sys.stdout.write(json.dumps(out) + '\n')


if __name__ == '__main__':
    main()

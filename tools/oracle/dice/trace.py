#!/usr/bin/env python3
"""Decision-trace recorder for the dice bots (question 177765): runs ONE original bot class,
imported unchanged from the snapshot file given, through given situations under an
emulation of the updated controller's `single_bot`, and writes what it decided.

    python3 tools/oracle/dice/trace.py --snapshot ORIG/auto_bots.py --bot NAME \
        --situations fixtures/dice/traces/NAME.json.gz > NAME.json

The situations (seat, the 8 classes of the game, per turn the scores, the last-round flag
and the seed of the module-global generator, and the seed of the case's dice stream) are
read from an existing trace file; the recorder re-derives everything the bot determines:
the dice used, each decision, how the turn ended and the global generator's next 32 bits.
Re-recording the committed files must give them back byte for byte (tools/oracle/remake.sh).
See fixtures/dice/traces/README.md for the protocol. Our own code: no original code here.
"""
import argparse
import gzip
import importlib.util
import json
import os
import random
import sys

CAP = 500


def load_snapshot(path):
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec = importlib.util.spec_from_file_location('auto_bots', path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules['auto_bots'] = mod
    sys.modules['forty_game_bots'] = mod
    spec.loader.exec_module(mod)
    return mod


def one_turn(bot, scores, last_round, dice):
    """The updated controller's single_bot, recording decisions and how the turn ended."""
    throws = [dice.randint(1, 6)]
    decisions = []
    if throws[-1] == 6:
        return throws, decisions, 'six'
    gen = None
    end = None
    try:
        bot.update_state(throws[:])
        gen = bot.make_throw(scores[:], last_round)
        while True:
            if len(decisions) >= CAP:
                end = 'cap'
                break
            try:
                value = next(gen)
            except StopIteration:
                end = 'exhausted'
                break
            decisions.append(bool(value))
            if not value:
                end = 'stop'
                break
            throws.append(dice.randint(1, 6))
            if throws[-1] == 6:
                end = 'six'
                break
            bot.update_state(throws[:])
    except Exception as e:  # the controller would have crashed here
        end = 'error:%s: %s' % (type(e).__name__, e)
    if gen is not None:
        gen.close()
    return throws, decisions, end


def play_case(case, cls, classes):
    """Builds the game's bots seat by seat in a frame holding `game_bots` (what HarkonnenBot,
    TleilaxuBot and CopyBot look up with inspect), then plays the traced bot's turns."""
    game_bots = [None] * 8
    for i, name in enumerate(case['gameBots']):
        game_bots[i] = (cls if i == case['index'] else classes[name])(i, 40)
    me = game_bots[case['index']]
    dice = random.Random(case['caseSeed'])
    turns = []
    for t in case['turns']:
        random.seed(t['rngSeed'])
        throws, decisions, end = one_turn(me, t['scores'], t['lastRound'], dice)
        turns.append({'scores': t['scores'], 'lastRound': t['lastRound'], 'rngSeed': t['rngSeed'],
                      'throws': throws, 'decisions': decisions, 'end': end, 'rngAfter': random.getrandbits(32)})
        if end.startswith('error:'):
            break
    return turns


def run_cases(cases, cls, classes, bots):
    # `bots` is the local CopyBot looks for: Bot.__subclasses__(), what run_simulation held.
    out = []
    for case in cases:
        turns = play_case(case, cls, classes)
        out.append({'index': case['index'], 'caseSeed': case['caseSeed'], 'gameBots': case['gameBots'], 'turns': turns})
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--snapshot', required=True)
    ap.add_argument('--bot', required=True)
    ap.add_argument('--situations', required=True, help='a trace file (.json or .json.gz) whose situations to replay')
    a = ap.parse_args()
    mod = load_snapshot(a.snapshot)
    opener = gzip.open if a.situations.endswith('.gz') else open
    with opener(a.situations, 'rt') as f:
        given = json.load(f)
    classes = {c.__name__: c for c in mod.Bot.__subclasses__()}
    for c in list(classes.values()):
        for sub in c.__subclasses__():
            classes.setdefault(sub.__name__, sub)
    cls = classes[a.bot]
    cases = run_cases(given['cases'], cls, classes, mod.Bot.__subclasses__())
    sys.stdout.write(json.dumps({'bot': a.bot, 'recipe': given['recipe'], 'cases': cases}, separators=(',', ':')))


if __name__ == '__main__':
    main()

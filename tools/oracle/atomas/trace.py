#!/usr/bin/env python3
"""Decision traces of one posted Atomas bot (question 95889): plays runs of the posted controller
with the ORIGINAL bot (both imported unchanged from the paths given, as record.py does) and,
before every bot call, seeds the shared Python-2 generator with a fresh seed; it records the
text the bot read, that seed, what the bot printed, and the generator's next 32 bits after it.
The port must print the same and leave the generator in the same state
(transpiled-bots/atomas/traces.test.ts).

    python3 tools/oracle/atomas/trace.py --controller ORIG/controller.py --bot ORIG/<Bot>.py --runs R > <Bot>.json

Runs use controller seeds 1..R (the situations); the per-call seeds come from
random.Random('trace/<Bot>'). A controller crash ends a run, as in the original. Our own code.
"""
import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from record import setup  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--controller', required=True)
    ap.add_argument('--bot', required=True)
    ap.add_argument('--runs', type=int, default=3)
    ap.add_argument('--max-calls', type=int, default=4000)
    a = ap.parse_args()
    name = os.path.splitext(os.path.basename(a.bot))[0]
    seeds = random.Random('trace/' + name)
    calls = []

    class Hook(object):
        def before(self, text):
            self.seed = seeds.getrandbits(32)
            rng.seed(self.seed)

        def after(self, text, printed):
            calls.append({'input': text, 'rngSeed': self.seed, 'printed': printed, 'rngAfter': rng.getrandbits(32)})

    controller, bot_file = os.path.abspath(a.controller), os.path.abspath(a.bot)
    for run in range(1, a.runs + 1):
        ctl, bot, rng, _ = setup(controller, bot_file, run)
        bot.hook = Hook()
        for _ in range(20):
            try:
                ctl.init()
            except Exception:
                break
            if len(calls) >= a.max_calls:
                break
        if len(calls) >= a.max_calls:
            break
    sys.stdout.write(json.dumps({'bot': name, 'recipe': 'python3 tools/oracle/atomas/trace.py --controller controller.py --bot %s.py --runs %d --max-calls %d' % (name, a.runs, a.max_calls), 'calls': calls}) + '\n')


if __name__ == '__main__':
    main()

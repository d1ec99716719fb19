#!/usr/bin/env python3
"""Writes fixtures/camel-up/python-answers/answers.json: API-shaped answers (our own players,
not scraped code) for the `koth replay camel-up --python-bots cache` test. Run from the
repository root: python3 tools/oracle/camel-up/make-python-answers.py"""
import html
import json
import os
import re

here = os.path.dirname(os.path.abspath(__file__))
twins = open(os.path.join(here, 'bots', 'port_twins.py')).read()


def block(name):
    m = re.search(r'^class %s\(.*?(?=^class |\Z)' % name, twins, re.S | re.M)
    return m.group(0).rstrip() + '\n'


# Pasted into players.py as the question asked: no imports of their own (players.py has
# random, math and PlayerInterface); the helper the twins share is written inline.
examples = '\n\n'.join(block(n) for n in ('Player0', 'Player1', 'Player2')).replace('_random_camel(g)', 'random.randint(0, len(g.camels) - 1)')
leader = 'from camelup import FindCamelInNthPlace, check_bet\n\n' + block('LeaderBetter')


def answer(aid, day, user, body):
    return {'answer_id': aid, 'question_id': 167101, 'score': 1, 'creation_date': 1527000000 + day * 86400,
            'last_activity_date': 1527000000 + day * 86400, 'body': body,
            'owner': {'display_name': user, 'user_id': aid - 4000 + 500, 'user_type': 'registered', 'reputation': 101}}


code = lambda text: '<pre><code>' + html.escape(text, quote=False) + '</code></pre>\n'
items = [
    answer(4001, 0, 'Example Poster', '<h1>The three example players</h1>\n<p>Dumb, less dumb, dumb.</p>\n' + code(examples)),
    answer(4002, 1, 'Ada B', '<h1>Leader Better</h1>\n<p>Bets on whoever leads.</p>\n' + code(leader)),
    answer(4003, 2, 'Commenter', '<p>Is a trap on square 0 legal?</p>\n<pre><code>print(1)\n</code></pre>\n'),
]
out = os.path.join('fixtures', 'camel-up', 'python-answers', 'answers.json')
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, 'w') as f:
    json.dump({'items': items}, f, indent=1)
    f.write('\n')

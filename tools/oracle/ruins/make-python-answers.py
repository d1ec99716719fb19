"""Writes fixtures/ruins/python-answers/: ruins answers we wrote ourselves (no scraped code),
API-shaped like fixtures/scraper/, for engines/ruins/python-cache.test.ts (the --python-bots cache
path). Run from the repository root: python3 tools/oracle/ruins/make-python-answers.py"""
import json, html
Q = 183101
def body(title, code, pre='', post=''):
    h = f'<h1>{html.escape(title, quote=False)}</h1>\n' if title else ''
    return h + pre + f'<pre><code>{html.escape(code, quote=False)}</code></pre>\n' + post

DIVER = '''import math

class Diver(Adventurer):
    def enter_ruins(self):
        self.target = self.random.randint(3, 8)

    def get_action(self, state):
        cost = 10 + math.ceil(state.carry_weight / 5)
        if state.stamina // cost <= state.room + 1:
            return 'previous'
        if state.room < self.target:
            return 'next'
        best = None
        for i, t in enumerate(state.treasures):
            if state.carry_weight + t.weight > 50:
                continue
            if best is None or t.value * state.treasures[best].weight > state.treasures[best].value * t.weight:
                best = i
        if best is not None:
            bid = state.treasures[best].weight + (1 if state.players else 0)
            if bid < state.stamina:
                return 'take', best, bid
        return 'previous' if state.inventory else 'next'
'''
MAGPIE = '''class Magpie(Adventurer):
    def get_action(self, state):
        cost = 10 + -(-state.carry_weight // 5)
        if state.stamina // cost <= state.room + 1:
            return 'previous'
        fits = [i for i, t in enumerate(state.treasures) if state.carry_weight + t.weight <= 12]
        if fits:
            i = max(fits, key=lambda j: state.treasures[j].value)
            return ('take', i, state.treasures[i].weight + self.random.randrange(len(state.players) + 1))
        if self.random.random() < 0.85 or state.room == 1:
            return 'next'
        return 'previous'
'''
CARL = '''class Carl(Adventurer):
    depth = 2

    def get_action(self, state):
        if len(state.inventory) >= 2 or state.stamina < 200:
            return 'previous'
        if state.room < self.depth:
            return 'next'
        if state.treasures:
            i = min(range(len(state.treasures)), key=lambda j: (state.treasures[j].weight, -state.treasures[j].value))
            return 'take', i, state.treasures[i].weight
        return 'next'

class CarlJr(Carl):
    depth = 3
'''
def sneak(depth):
    return f'''class Sneak(Adventurer):
    def get_action(self, state):
        if state.inventory or state.stamina < 150:
            return 'previous'
        if state.room < {depth} or not state.treasures:
            return 'next'
        return 'take', 0, state.treasures[0].weight
'''
OLDIE = '''class Oldie(Adventurer):
    def get_action(self, state):
        print "room", state.room
        return 'next'
'''
NUMPY = '''import numpy as np

class Vector(Adventurer):
    def get_action(self, state):
        return 'next' if np.random.rand() < 0.9 else 'previous'
'''
LATE = '''class Latecomer(Adventurer):
    def get_action(self, state):
        return 'previous' if state.room >= 2 else 'next'
'''
def owner(name, uid): return {"display_name": name, "user_id": uid, "user_type": "registered", "reputation": 101}
def ans(aid, created, b, who, uid, edited=None, score=1):
    a = {"answer_id": aid, "question_id": Q, "score": score, "creation_date": created,
         "last_activity_date": edited or created, "body": b, "owner": owner(who, uid)}
    if edited: a["last_edit_date"] = edited
    return a

answers = [
    ans(3001, 1555100000, body('Deep Diver', DIVER, '<p>Picks a depth, then the best value per kg.</p>\n'), 'Marta K', 301),
    ans(3002, 1555200000, body('Magpie', MAGPIE), 'jo', 302, score=3),
    ans(3003, 1555300000, body('Cautious Carl (and Carl Jr.)', CARL), '9 lives', 303),
    ans(3004, 1555400000, body('Sneak', sneak(6), post='<p>Edit: deeper now.</p>\n'), 'Pat', 304, edited=1558000000),
    ans(3005, 1555500000, body('Oldie', OLDIE, '<p>My first bot.</p>\n'), 'old timer', 305),
    ans(3006, 1555600000, body(None, LATE.replace('Latecomer', 'Untitled'), '<p>No heading, so the driver\'s downloader skipped me.</p>\n'), 'anon', 306),
    ans(3007, 1558500000, body('Latecomer', LATE), 'zed', 307),
]
revisions = [
    {"post_id": 3004, "revision_number": 1, "revision_type": "single_user", "post_type": "answer", "creation_date": 1555400000,
     "body": body('Sneak', sneak(4)), "comment": ""},
    {"post_id": 3004, "revision_number": 2, "revision_type": "single_user", "post_type": "answer", "creation_date": 1558000000,
     "body": answers[3]["body"], "comment": "deeper"},
]
numpy_answer = [ans(3101, 1555150000, body('Vector Bot', NUMPY), 'Nu', 311)]
d = 'fixtures/ruins/python-answers/'
json.dump({"items": answers}, open(d + 'answers.json', 'w'), indent=1, ensure_ascii=False)
json.dump({"items": revisions}, open(d + 'revisions.json', 'w'), indent=1, ensure_ascii=False)
json.dump({"items": numpy_answer}, open(d + 'numpy-answer.json', 'w'), indent=1, ensure_ascii=False)

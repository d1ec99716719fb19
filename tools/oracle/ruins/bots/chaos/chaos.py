# Our own adversarial adventurers for the ruins goldens (not answer code); their TypeScript
# twins, drawing the same numbers, are test/ruins-oracle-adventurers.ts.
import math
from oraclebots import test_bots
from __main__ import Adventurer, Drunkard
_t = test_bots()
EagerThief, GreedyBastard, Coward = _t.EagerThief, _t.GreedyBastard, _t.Coward
del _t

# Shapes the driver rejects (the adventurer dies) or an exception ('RAISE').
WEIRD = [
    None, 42, 'sideways', 'take', ('take', 0), ('drop',), ('next',),
    ('take', 'abc', 5), ('take', 0, '1.5'), ('take', 99, 5), ('take', 0, 0),
    ('take', 0, 10 ** 9), ('drop', 99), ('drop', 'x'), ('drop', None),
    ('take', None, 5), ('take', float('nan'), 5), ('take', 0, float('nan')),
    ('take', 0, 'seven'), 'RAISE', ('take', 0, True), ('take', -99, 3),
]


class Chaos(Adventurer):
    def enter_ruins(self):
        self.greed = self.random.randint(20, 55)
        self.risk = self.random.random() * 0.04

    def get_action(self, state):
        r = self.random
        if r.random() < self.risk:
            w = WEIRD[r.randrange(len(WEIRD))]
            if w == 'RAISE':
                raise Exception('chaos!')
            return w
        cost = 10 + math.ceil(state.carry_weight / 5)
        if state.stamina // cost <= state.room + 1:
            return 'previous'
        if state.inventory and r.random() < 0.05:
            n = len(state.inventory)
            k = r.randrange(n)
            form = r.randrange(4)
            return ['drop', [k, k - n, str(k), k + 0.5][form]]
        fits = [i for i, t in enumerate(state.treasures) if t.weight + state.carry_weight <= self.greed]
        if fits and r.random() < 0.7:
            i = r.choice(fits)
            t = state.treasures[i]
            bid = t.weight + r.randrange(len(state.players) + 1)
            form = r.randrange(6)
            if form == 1:
                return ['take', i, str(bid)]
            if form == 2:
                return ['take', i, bid + 0.75]
            if form == 3:
                return ['take', i, ' %d ' % bid]
            if form == 4 and not state.players:
                return ['take', i - len(state.treasures), bid]
            if form == 5 and i == 1:
                return ['take', True, bid]
            return ['take', i, bid]
        if r.random() < 0.8 or state.room == 1:
            return 'next'
        return 'previous'


class Fragile(GreedyBastard):
    def enter_ruins(self):
        if self.random.random() < 0.3:
            raise Exception('too fragile')


for _i in range(5):
    globals()[f'Chaos{_i}'] = type(f'Chaos{_i}', (Chaos,), {})
del _i


class Brittle(EagerThief):
    def get_action(self, state):
        if self.random.random() < 0.04:
            raise KeyError(state.room)
        return super().get_action(state)

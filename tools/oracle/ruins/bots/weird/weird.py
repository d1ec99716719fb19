# Our own adversarial test adventurers (not answer code): they return the loose action shapes
# ruins.py accepts or chokes on. Loaded by the driver from a bot directory (see
# fixtures/ruins/goldens/README.md); their TypeScript twins are engines/ruins/test-adventurers.ts.
from __main__ import Adventurer
import math

def tired(state):
    move_cost = 10 + int(math.ceil(state.carry_weight / 5))
    return state.stamina // move_cost <= state.room + 1

class FloatBidder(Adventurer):
    def get_action(self, state):
        if tired(state): return 'previous'
        if state.treasures and state.carry_weight + state.treasures[0].weight <= 50:
            return 'take', 0, state.treasures[0].weight + 0.7
        return 'next'

class NegativeIndexer(Adventurer):
    def get_action(self, state):
        if tired(state): return 'previous'
        if state.treasures and state.carry_weight + state.treasures[-1].weight <= 50:
            return ('take', -1, state.treasures[-1].weight + self.random.randrange(3))
        return 'next'

class Juggler(Adventurer):
    def get_action(self, state):
        if tired(state): return 'previous'
        if state.inventory and state.room % 3 == 0:
            return 'drop', -1
        if state.treasures and state.carry_weight + state.treasures[0].weight <= 50:
            return 'take', 0, state.treasures[0].weight
        return 'next'

class WrongArity(Adventurer):
    def get_action(self, state):
        return 'take', 0

class ListNext(Adventurer):
    def get_action(self, state):
        return ['next']

class Thrower(Adventurer):
    def get_action(self, state):
        if state.room > 2:
            raise ValueError('oops')
        return 'next'

class HighBidder(Adventurer):
    def get_action(self, state):
        if state.treasures:
            return 'take', 0, 5000
        return 'next'

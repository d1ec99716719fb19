# Our own adversarial test adventurers (not answer code): they return the loose action shapes
# ruins.py accepts or chokes on. Loaded by the driver from a bot directory (see
# fixtures/ruins/goldens/README.md); their TypeScript twins are engines/ruins/test-adventurers.ts.
from __main__ import Adventurer
import math

def tired(state):
    move_cost = 10 + int(math.ceil(state.carry_weight / 5))
    return state.stamina // move_cost <= state.room + 1

class StringIndexer(Adventurer):
    def get_action(self, state):
        if tired(state): return 'previous'
        if state.treasures and state.carry_weight + state.treasures[-1].weight <= 50:
            return ['take', str(len(state.treasures) - 1), str(state.treasures[-1].weight + 1)]
        return 'next'


# Our own Python adventurers for `koth verify ruins` tests (not answer or driver code): each
# behaves, action for action and draw for draw, like the port of the same name in
# transpiled-bots/ruins/ (written by us from those ports). See engines/ruins/verify.test.ts.
import math
from __main__ import Adventurer


class Drunkard(Adventurer):
    def get_action(self, state):
        cost = 10 + math.ceil(state.carry_weight / 5)
        if state.stamina // cost <= state.room + 1:
            return 'previous'
        moves = ['next'] + (['previous'] if state.room > 1 else []) + (['take'] * 5 if state.treasures else [])
        move = self.random.choice(moves)
        if move != 'take':
            return move
        i = self.random.randrange(len(state.treasures))
        t = state.treasures[i]
        if t.weight + state.carry_weight > 50:
            return 'drop', self.random.randrange(len(state.inventory))
        return 'take', i, t.weight + (self.random.randrange(5) if state.players else 0)


class Coward(Adventurer):
    def get_action(self, state):
        return 'previous'

# Our own adventurers that make the driver itself crash (not answer code); mode from $CRASH.
# Their TypeScript twins: crashers() in test/ruins-oracle-adventurers.ts.
import os
from __main__ import Adventurer

MODES = {
    'str_index': ['take', '0', 20],
    'float_index': ['take', 0.5, 20],
    'none_bid': ['take', 0, None],
    'list_bid': ['take', 0, [20]],
    'empty': [],
    'empty_str': '',
    'inf_bid': ['take', 0, float('inf')],
    'inf_index': ['take', float('inf'), 20],
    'inf_drop': ['drop', float('-inf')],
}
MODE = os.environ.get('CRASH', 'str_index')


class Crasher(Adventurer):
    def get_action(self, state):
        if MODE == 'alias':
            return 'previous' if state.inventory else ['take', -1, 20]
        return MODES[MODE]


class Crasher2(Adventurer):
    def get_action(self, state):
        if MODE == 'alias':
            return 'previous' if state.inventory else ['take', len(state.treasures) - 1, 20]
        return 'previous'

/**
 * Our Python stand-in for what ruins answers import (`from __main__ import Adventurer`):
 * the Adventurer base class, Treasure and RoomState with the same fields, properties and
 * str() as the driver's, written by us from the driver's documented interface (question
 * 183101), plus the glue the TypeScript adapter calls (python-bots.ts). Loaded into the
 * Pyodide sandbox as the module `koth_ruins`, also visible as `__main__` members and `ruins`.
 */
export const RUINS_STANDIN_PY = String.raw`
import sys, math, random as _random_module
from collections import namedtuple
import koth_sandbox

class Treasure(namedtuple('Treasure', ['name', 'value', 'weight'])):
    def __str__(self):
        return "%s ($%s, %skg)" % (self.name, self.value, self.weight)

class RoomState(namedtuple('RoomState', ['room', 'treasures', 'players', 'inventory', 'stamina'])):
    def __str__(self):
        lines = ["Room #%s" % self.room, "  Treasures:"]
        lines += ["    %s" % t for t in self.treasures]
        lines.append("  Other Players:")
        lines += ["    %s" % p for p in self.players]
        lines.append("  Your Inventory:")
        lines += ["    %s" % t for t in self.inventory]
        lines.append("  Stamina: %s" % self.stamina)
        return '\n'.join(lines)

    @property
    def carry_weight(self):
        return sum(t.weight for t in self.inventory)

    @property
    def total_value(self):
        return sum(t.value for t in self.inventory)

class Adventurer:
    def __init__(self, name, random):
        self.name = name
        self.random = random

    def get_action(self, state):
        raise NotImplementedError()

    def enter_ruins(self):
        pass

_main = sys.modules['__main__']
for _k, _v in (('Adventurer', Adventurer), ('Treasure', Treasure), ('RoomState', RoomState)):
    setattr(_main, _k, _v)
sys.modules['ruins'] = sys.modules[__name__]
# The module-global generator was unseeded in ruins.py (different every run); here it is
# seeded at every load of a bot set (reset) so a replay is repeatable.
def reset():
    _random_module.seed(0)
reset()

_classes = {}
_bots = {}
_next = [0]

def _state_in(r, state):
    if state is not None:
        r.setstate((3, tuple(state['internal']), state['gaussNext']))

def _state_out(r, before):
    after = r.getstate()
    if after == before:
        return None
    return {'kind': 'PyRandom', 'version': 3, 'internal': list(after[1]), 'gaussNext': after[2]}

def _t(x):
    return None if x is None else Treasure(x['name'], x['value'], x['weight'])

def classes_of(module_name):
    # The driver's rule: every Adventurer subclass among the module's names, in dict order.
    m = sys.modules[module_name]
    out = []
    for obj in vars(m).values():
        if obj is not Adventurer and isinstance(obj, type) and issubclass(obj, Adventurer):
            key = '%s:%d' % (module_name, len(_classes))
            _classes[key] = obj
            out.append([key, obj.__name__])
    return out

def new_bot(key, name, state):
    r = _random_module.Random()
    _state_in(r, state)
    before = r.getstate()
    bot = _classes[key](name, r)
    _next[0] += 1
    _bots[_next[0]] = (bot, r)
    return [_next[0], _state_out(r, before)]

def free_bots(handles):
    for h in handles:
        _bots.pop(h, None)

def get_action(handle, s, state):
    bot, r = _bots[handle]
    _state_in(r, state)
    before = r.getstate()
    rs = RoomState(s['room'], [_t(t) for t in s['treasures']], list(s['players']), [_t(t) for t in s['inventory']], s['stamina'])
    try:
        action = bot.get_action(rs)
    except Exception as e:
        # Carry the generator's state out with the exception (the draws happened).
        e.args = e.args
        _pending[0] = _state_out(r, before)
        raise
    return [koth_sandbox.tag(action), _state_out(r, before)]

_pending = [None]

def pending_state():
    s = _pending[0]
    _pending[0] = None
    return s

def enter_ruins(handle, state):
    bot, r = _bots[handle]
    _state_in(r, state)
    before = r.getstate()
    try:
        bot.enter_ruins()
    except Exception:
        _pending[0] = _state_out(r, before)
        raise
    return [None, _state_out(r, before)]

for _n, _f in (('ruins_reset', reset), ('ruins_classes', classes_of), ('ruins_new', new_bot), ('ruins_free', free_bots), ('ruins_act', get_action), ('ruins_enter', enter_ruins), ('ruins_pending_state', pending_state)):
    koth_sandbox.register(_n, _f)
`;

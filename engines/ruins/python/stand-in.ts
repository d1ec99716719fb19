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
    _bots.clear()
    for _h in [h for h in koth_sandbox.streams if h]:
        del koth_sandbox.streams[_h]

_bots = {}

_classes = {}
reset()

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

# Every adventurer's self.random is a stream of its own (koth_sandbox.new_stream(h), made by the
# engine's first koth_stream_set), kept in step with the engine's PyRandom of that adventurer
# (engines/core/pyodide/stream-link.ts). The calls below return [ok, value or [type, message,
# where], what the stream did (koth_stream_code)]; adv is the words the engine drew since.

def _err(e):
    tb = koth_sandbox.traceback.extract_tb(e.__traceback__)
    return [type(e).__name__, str(e), '%s:%s' % (tb[-1].filename, tb[-1].lineno) if tb else '']

def new_bot(key, name, h, adv):
    r = koth_sandbox.streams[h]
    koth_sandbox.advance(r, adv)
    try:
        _bots[h] = _classes[key](name, r)
    except BaseException as e:
        return [False, _err(e), koth_sandbox.stream_code(r)]
    return [True, None, koth_sandbox.stream_code(r)]

def free_bots(handles):
    for h in handles:
        _bots.pop(h, None)
        koth_sandbox.streams.pop(h, None)

def get_action(h, s, adv):
    bot = _bots[h]
    r = koth_sandbox.streams[h]
    koth_sandbox.advance(r, adv)
    try:
        rs = RoomState(s['room'], [_t(t) for t in s['treasures']], list(s['players']), [_t(t) for t in s['inventory']], s['stamina'])
        action = bot.get_action(rs)
    except BaseException as e:
        return [False, _err(e), koth_sandbox.stream_code(r)]
    return [True, koth_sandbox.tag(action), koth_sandbox.stream_code(r)]

def enter_ruins(h, adv):
    bot = _bots[h]
    r = koth_sandbox.streams[h]
    koth_sandbox.advance(r, adv)
    try:
        bot.enter_ruins()
    except BaseException as e:
        return [False, _err(e), koth_sandbox.stream_code(r)]
    return [True, None, koth_sandbox.stream_code(r)]

for _n, _f in (('ruins_reset', reset), ('ruins_classes', classes_of), ('ruins_new', new_bot), ('ruins_free', free_bots), ('ruins_act', get_action), ('ruins_enter', enter_ruins)):
    koth_sandbox.register(_n, _f)
`;

/**
 * Our Python stand-in for what dice answers rely on (question 177765): the `Bot` base class
 * with the controller's documented interface (index, end_score, update_state, make_throw),
 * written by us, and the glue the TypeScript adapter (engines/dice/python-bots.ts) calls.
 * Loaded into the Pyodide sandbox as the module `koth_dice`, also importable under the names
 * bots used for the controller's files (`forty_game_controller`, `forty_game_bots`).
 *
 * One stream: the bots' module-global `random` is the standard module, whose hidden generator
 * (`random._inst`: what random.randint, random.getstate... and `import random as rnd` reach)
 * is set from the engine's PyRandom before every call and sent back after it (koth_state_in/out).
 */
export const DICE_STANDIN_PY = String.raw`
import sys, random, types
import koth_sandbox

class Bot:
    def __init__(self, index, end_score):
        self.index = index
        self.end_score = end_score

    def update_state(self, current_throws):
        self.current_throws = current_throws

    def make_throw(self, scores, last_round):
        yield False

for _alias in ('forty_game_controller', 'forty_game_bots'):
    sys.modules[_alias] = sys.modules[__name__]

_R = random._inst
_classes = {}
_bots = {}
_live = {}
_next = [0]

def _is_bot_class(obj, base):
    return isinstance(obj, type) and issubclass(obj, base) and obj is not base

def load(name, filename, code):
    """Loads a bot file; returns its classes: [key, name, direct subclass?, refusal or None], in the
    order the controller found them (Bot.__subclasses__(): direct ones, in definition order) and
    then the indirect ones (reachable with --bots)."""
    missing = koth_sandbox.exec_with_placeholders(name, filename, code, {'Bot': Bot, 'random': random})
    m = sys.modules[name]
    why = koth_sandbox.refusals(code, filename, missing)
    own = vars(m).get('Bot')
    base = own if isinstance(own, type) and own is not Bot and getattr(own, '__module__', None) == name else Bot
    direct = [c for c in base.__subclasses__() if c.__module__ == name]
    others = [v for v in vars(m).values() if _is_bot_class(v, base) and v.__module__ == name and v not in direct]
    out = []
    for c in direct + others:
        key = '%s:%d' % (name, len(_classes))
        _classes[key] = c
        out.append([key, c.__name__, c in direct, why.get(c.__name__)])
    return out

def new_bot(key, index, end_score, rs):
    if index == 0:
        # A game builds its bots from seat 0: the previous game's bots are done.
        _bots.clear()
        _live.clear()
    koth_sandbox.state_in(_R, rs)
    before = _R.getstate()
    try:
        bot = _classes[key](index, end_score)
    except BaseException:
        _pending[0] = koth_sandbox.state_out(_R, before)
        raise
    _next[0] += 1
    _bots[_next[0]] = [bot, None, None, None]
    return [_next[0], koth_sandbox.state_out(_R, before)]

_pending = [None]

def pending_state():
    s = _pending[0]
    _pending[0] = None
    return s

def step(handle, throws, start, rs):
    """update_state(throws) when given, make_throw(scores, last_round) when starting a turn,
    then one step of the generator: [done, truthy, state out, the scores list if the bot changed it]."""
    entry = _bots[handle]
    bot = entry[0]
    koth_sandbox.state_in(_R, rs)
    before = _R.getstate()
    try:
        if start is not None:
            scores, last_round, live_id = start
            # The list the bot gets: one Python list per engine array (under the first
            # controller's live scores the same list every turn, refreshed here).
            live = _live.get(live_id)
            if live is None:
                live = _live[live_id] = list(scores)
            else:
                live[:] = scores
            entry[2] = live
            entry[3] = list(live)
        if throws is not None:
            bot.update_state(throws)
        if start is not None:
            entry[1] = iter(bot.make_throw(entry[2], last_round))
        try:
            v = next(entry[1])
            out = [False, bool(v)]
        except StopIteration:
            out = [True, False]
    except BaseException:
        _pending[0] = koth_sandbox.state_out(_R, before)
        raise
    out.append(koth_sandbox.state_out(_R, before))
    changed = entry[2] is not None and entry[2] != entry[3]
    if changed:
        entry[3] = list(entry[2])
    out.append(list(entry[2]) if changed else None)
    return out

for _n, _f in (('dice_load', load), ('dice_new', new_bot), ('dice_step', step), ('dice_pending_state', pending_state)):
    koth_sandbox.register(_n, _f)
`;

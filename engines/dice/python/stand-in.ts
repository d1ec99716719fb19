/**
 * Our Python stand-in for what dice answers rely on (question 177765): the `Bot` base class
 * with the controller's documented interface (index, end_score, update_state, make_throw),
 * written by us, and the glue the TypeScript adapter (engines/dice/python-bots.ts) calls.
 * Loaded into the Pyodide sandbox as the module `koth_dice`, also importable under the names
 * bots used for the controller's files (`forty_game_controller`, `forty_game_bots`).
 *
 * One stream: the bots' module-global `random` is the standard module, whose hidden generator
 * (`random._inst`: what random.randint, random.getstate... and `import random as rnd` reach)
 * is the sandbox's stream 0 (a KothStream, engines/core/pyodide/bootstrap.ts), kept in step with
 * the engine's PyRandom by counting words (engines/core/pyodide/stream-link.ts).
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

_S = koth_sandbox.streams[0]
_cbits = koth_sandbox.c_getrandbits
_classes = []
_bots = {}
_gens = {}
_throws = {}
_lists = {}
_err = [None]

def _is_bot_class(obj, base):
    return isinstance(obj, type) and issubclass(obj, base) and obj is not base

def load(name, filename, code):
    """Loads a bot file; returns its classes: [index, name, direct subclass?, refusal or None], in the
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
        out.append([len(_classes), c.__name__, c in direct, why.get(c.__name__)])
        _classes.append(c)
    return out

def forget():
    """A new set of bot files: the classes of the previous one are not reachable any more."""
    del _classes[:]
    _bots.clear(); _gens.clear(); _throws.clear(); _lists.clear()

# The calls below take plain values and return one int: what the stream did (koth_stream_code)
# << 5 | 16 the scores list given to make_throw was changed by the bot | 4 the bot raised
# (last_error tells) | 2 make_throw ended | 1 it yielded something truthy. adv is the words the
# engine drew since the last call (koth_sandbox.advance).

def _code(flags):
    if _S.koth_replaced or _S.gauss_next is not None:
        return 32 | flags
    return (_S.koth_words << 6) | flags

def new_bot(h, ci, index, end_score, adv):
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    if index == 0:
        # A game builds its bots from seat 0: the previous game's bots are done.
        _bots.clear(); _gens.clear(); _throws.clear(); _lists.clear()
    try:
        _bots[h] = _classes[ci](index, end_score)
    except BaseException as e:
        _err[0] = e
        return _code(4)
    return _code(0)

def start(h, adv, dice, last_round, list_id, *scores):
    """A turn from its throws so far ('5' at the start of a controller's turn; a verifier's edge
    case may start later): update_state(throws), make_throw(scores, last_round), the first step."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    lst = _lists.get(list_id)
    if lst is None:
        lst = _lists[list_id] = list(scores)
    else:
        # The same engine list again (the first controller's live scores): the same Python list.
        lst[:] = scores
    throws = _throws[h] = [int(d) for d in dice.split(',')]
    snap = lst[:]
    try:
        bot = _bots[h]
        bot.update_state(throws[:])
        g = _gens[h] = iter(bot.make_throw(lst, last_round))
        flags = 1 if next(g) else 0
    except StopIteration:
        flags = 2
    except BaseException as e:
        _err[0] = e
        flags = 4
    return _code(_scores_check(lst, snap, flags))

def _scores_check(lst, snap, flags):
    """flags | 16 when the bot changed the scores list it was given (kept for changed_scores)."""
    if lst != snap:
        _changed[0] = lst
        flags |= 16
    return flags

def step(h, adv, die):
    """The next die of the turn (not a 6): update_state(throws), the generator's next step."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    throws = _throws[h]
    throws.append(die)
    try:
        _bots[h].update_state(throws[:])
        flags = 1 if next(_gens[h]) else 0
    except StopIteration:
        flags = 2
    except BaseException as e:
        _err[0] = e
        flags = 4
    return _code(flags)

def turn(h, adv, last_round, list_id, *scores):
    """A whole turn, as the controller's single_bot plays it: the dice are random.randint(1, 6) of
    the shared stream (CPython 3: getrandbits(3) of one word until below 6), update_state gets a
    copy of the throws before every decision, make_throw's yields decide. Returns
    'stream code:flags:dice' (flags as above; 2 is not used)."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    words = 0
    lst = _lists.get(list_id)
    if lst is None:
        lst = _lists[list_id] = list(scores)
    else:
        lst[:] = scores
    snap = lst[:]
    flags = 0
    r = _cbits(_S, 3)
    words += 1
    while r >= 6:
        r = _cbits(_S, 3)
        words += 1
    throws = [r + 1]
    if r != 5:
        try:
            bot = _bots[h]
            bot.update_state(throws[:])
            for throw in bot.make_throw(lst, last_round):
                if not throw:
                    break
                r = _cbits(_S, 3)
                words += 1
                while r >= 6:
                    r = _cbits(_S, 3)
                    words += 1
                throws.append(r + 1)
                if r == 5:
                    break
                bot.update_state(throws[:])
        except BaseException as e:
            _err[0] = e
            flags = 4
    flags = _scores_check(lst, snap, flags)
    if _S.koth_replaced or _S.gauss_next is not None:
        # The bot reseeded or set the generator: the dice after that came from the new state,
        # and the engine fetches the whole state.
        code = 1
    else:
        code = (_S.koth_words + words) << 1
    return '%d:%d:%s' % (code, flags, ''.join(map(str, throws)))

_changed = [None]

def changed_scores():
    """The scores list a bot changed (flag 16), as 'a,b,c'."""
    lst = _changed[0]
    _changed[0] = None
    return ','.join(str(x) for x in lst)

def last_error():
    e = _err[0]
    _err[0] = None
    tb = koth_sandbox.traceback.extract_tb(e.__traceback__)
    where = '%s:%s' % (tb[-1].filename, tb[-1].lineno) if tb else ''
    return koth_sandbox.json.dumps([type(e).__name__, str(e), where])

for _n, _f in (('dice_load', load), ('dice_forget', forget), ('dice_new', new_bot), ('dice_start', start),
               ('dice_step', step), ('dice_turn', turn), ('dice_changed_scores', changed_scores), ('dice_last_error', last_error)):
    koth_sandbox.register(_n, _f)
`;

/**
 * Our Python stand-in for what dice answers rely on (question 177765): the `Bot` base class
 * with the controller's documented interface (index, end_score, update_state, make_throw),
 * written by us, and the glue the TypeScript adapter (engines/dice/python-bots.ts) calls.
 * Loaded into the Pyodide sandbox as the module `koth_dice`, also importable under the names
 * bots used for the controller's files (`forty_game_controller`, `forty_game_bots`).
 *
 * One stream: the bots' module-global `random` is the standard module, whose hidden generator
 * (`random._inst`: what random.randint, random.getstate... and `import random as rnd` reach)
 * is the sandbox's stream 0 (a KothStream, engines/core/sandbox/runtimes/python/bootstrap.ts), kept in step with
 * the engine's PyRandom by counting words (engines/core/sandbox/runtimes/python/stream-link.ts).
 *
 * The answers that reach into the controller with \`inspect\` (HarkonnenBot, TleilaxuBot, CopyBot,
 * NeoBot of the 2019-01-07 snapshot, CloneBot of the 2019-02-18 one) find here what they found
 * there: every bot is built and called from a Python function of ours (new_bot, turn) whose frame
 * holds the locals they look for — \`game_bots\` (this game's bot objects, filled seat by seat as
 * simulate_games filled its list, the same list for the whole game), \`bots\` (the run's classes in
 * pool order, run_simulation's argument) and \`self\` (a stand-in \`Controller\` with \`bots\`,
 * \`wins\`, \`played_games\` kept as the controller kept them, and its plain settings) — and whose
 * module globals hold \`random\` (NeoBot's \`inspect.stack()[1][0].f_globals['random']\`).
 *
 * The dice are the original's \`random.randint(1, 6)\` and the seats its \`random.sample\`: while a
 * bot has not replaced those module functions, the dice are drawn here from the stream directly
 * (the same words) and the engine draws the seats; once one is replaced, the dice (and, through
 * the engine's controller watch, the seats) come from the module's function, as in the original.
 */
export const DICE_STANDIN_PY = String.raw`
import sys, random, types, collections
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


class Controller:
    """Stand-in for the original controller object, for the answers that find it on the stack
    (CloneBot reads bots, wins and played_games). wins and played_games are kept as the
    controller kept them: the updated controller's defaultdicts (a name appears at its first game
    / first win), or the first controller's dicts prefilled with the pool's names."""

    def __init__(self, bots, bots_per_game, end_score, max_rounds, prefilled):
        self.bots_per_game = bots_per_game
        self.bots = bots
        self.number_of_bots = len(bots)
        if prefilled:
            self.wins = {bot.__name__: 0 for bot in bots}
            self.played_games = {bot.__name__: 0 for bot in bots}
        else:
            self.wins = collections.defaultdict(int)
            self.played_games = collections.defaultdict(int)
        self.end_score = end_score
        self.max_rounds = max_rounds


_S = koth_sandbox.streams[0]
_cbits = koth_sandbox.c_getrandbits
_RANDINT = random.randint
_SAMPLE = random.sample
_classes = []
_bots = {}
_gens = {}
_throws = {}
_lists = {}
_err = [None]
_run = [Controller([], 8, 40, 200, False)]
_game = [[None] * 8]
_swapper = [None]


class KothCannotFollow(Exception):
    """The original would have gone on with something koth does not model (a die that is not an int)."""


def _is_bot_class(obj, base):
    return isinstance(obj, type) and issubclass(obj, base) and obj is not base

import numpy as _numpy  # our stand-in (python/numpy.ts), loaded before this module
_NUMPY = frozenset(n for n in vars(_numpy) if not n.startswith('_'))

def load(name, filename, code):
    """Loads a bot file; returns its classes: [index, name, direct subclass?, refusal or None,
    refusal in a lockstep verify or None], in the order the controller found them
    (Bot.__subclasses__(): direct ones, in definition order) and then the indirect ones
    (reachable with --bots)."""
    missing = koth_sandbox.exec_with_placeholders(name, filename, code, {'Bot': Bot, 'random': random})
    _note(filename)
    m = sys.modules[name]
    why = koth_sandbox.refusals(code, filename, missing, True, {'numpy': _NUMPY})
    alone = koth_sandbox.refusals(code, filename, missing, False, {'numpy': _NUMPY})
    own = vars(m).get('Bot')
    base = own if isinstance(own, type) and own is not Bot and getattr(own, '__module__', None) == name else Bot
    direct = [c for c in base.__subclasses__() if c.__module__ == name]
    others = [v for v in vars(m).values() if _is_bot_class(v, base) and v.__module__ == name and v not in direct]
    out = []
    for c in direct + others:
        out.append([len(_classes), c.__name__, c in direct, why.get(c.__name__), alone.get(c.__name__)])
        _classes.append(c)
    return out

def forget():
    """A new set of bot files: the classes of the previous one are not reachable any more."""
    del _classes[:]
    _bots.clear(); _gens.clear(); _throws.clear(); _lists.clear()
    _run[0] = Controller([], 8, 40, 200, False)
    _game[0] = [None] * 8
    _swapper[0] = None

def _note(who):
    """Remembers who first replaced random.randint or random.sample (for messages)."""
    if _swapper[0] is None and (random.randint is not _RANDINT or random.sample is not _SAMPLE):
        _swapper[0] = who

def _sample_replaced():
    return 8 if random.sample is not _SAMPLE else 0

# The calls below take plain values and return one int: what the stream did (koth_stream_code)
# << 5 | 16 the scores list given to make_throw was changed by the bot | 8 random.sample is not
# the module's own (the engine asks for the seats) | 4 the bot raised (last_error tells) | 2
# make_throw ended | 1 it yielded something truthy. adv is the words the engine drew since the
# last call (koth_sandbox.advance).

def _code(flags):
    if _S.koth_replaced or _S.gauss_next is not None:
        return 32 | flags
    return (_S.koth_words << 6) | flags

def run_start(adv, prefilled, bots_per_game, end_score, max_rounds, *cis):
    """The controller of a run (run_simulation's Controller(...)): its pool, in order."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    _run[0] = Controller([_classes[ci] for ci in cis], bots_per_game, end_score, max_rounds, prefilled)
    _game[0] = [None] * bots_per_game
    return _code(_sample_replaced())

def new_bot(h, ci, index, end_score, adv):
    """simulate_games building seat index: played_games counted, then the bot built in a frame
    holding self (the controller), bots (the pool) and game_bots (this game's list)."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    self = _run[0]
    bots = self.bots
    if index == 0:
        # A game builds its bots from seat 0: the previous game's bots are done.
        _bots.clear(); _gens.clear(); _throws.clear(); _lists.clear()
        _game[0] = [None for _ in range(max(self.bots_per_game, 1))]
    game_bots = _game[0]
    cls = _classes[ci]
    try:
        self.played_games[cls.__name__] += 1
        bot = _bots[h] = cls(index, end_score)
        if 0 <= index < len(game_bots):
            game_bots[index] = bot
    except BaseException as e:
        _err[0] = e
        _note(cls.__name__)
        return _code(4)
    _note(cls.__name__)
    return _code(0)

def game_over(adv, *scores):
    """The end of Controller.play: every seat with the top score wins (wins counted by class name)."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    self = _run[0]
    game_bots = _game[0]
    top = max(scores)
    for i in range(min(self.bots_per_game, len(game_bots), len(scores))):
        if scores[i] == top:
            self.wins[game_bots[i].__class__.__name__] += 1
    return _code(_sample_replaced())

def seats(adv, n, k):
    """The seats of the next game when random.sample was replaced: random.sample(range(n), k) as
    simulate_games called it. Returns 'stream code:flags:i,j,...' (indices normalised to 0..n-1)."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    self = _run[0]
    bots = self.bots
    try:
        got = list(random.sample(range(n), k))
        if len(got) != k:
            raise IndexError('random.sample gave %d seats for %d (the controller then fails on game_bots)' % (len(got), k))
        out = []
        for v in got:
            if not isinstance(v, int):
                raise TypeError('list indices must be integers or slices, not %s' % type(v).__name__)
            if not -n <= v < n:
                raise IndexError('list index out of range')
            out.append(v % n)
    except BaseException as e:
        _err[0] = e
        return '%d:4:' % koth_sandbox.stream_code(_S)
    return '%d:0:%s' % (koth_sandbox.stream_code(_S), ','.join(map(str, out)))

def swapper():
    return _swapper[0] or ''

def start(h, adv, dice, last_round, list_id, *scores):
    """A turn from its throws so far ('5' at the start of a controller's turn; a verifier's edge
    case may start later): update_state(throws), make_throw(scores, last_round), the first step."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    self = _run[0]
    bots = self.bots
    game_bots = _game[0]
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
    self = _run[0]
    bots = self.bots
    game_bots = _game[0]
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

def _die(rint, who):
    """A die from a replaced random.randint, as the controller's throw_die called it."""
    d = rint(1, 6)
    if isinstance(d, int) and -2**53 < d < 2**53:
        return int(d)
    raise KothCannotFollow(
        'random.randint was replaced (by %s) and gave the die %r (%s): the original controller threw its dice with '
        'random.randint(1, 6) and would have gone on with that value, which koth does not model (it follows a replaced '
        'random.randint while it gives integers)' % (_swapper[0] or who, d, type(d).__name__))

def turn(h, adv, last_round, list_id, *scores):
    """A whole turn, as the controller's single_bot plays it: the dice are random.randint(1, 6)
    (of the shared stream, CPython 3: getrandbits(3) of one word until below 6, drawn here
    directly while the module's randint is its own), update_state gets a copy of the throws
    before every decision, make_throw's yields decide. Returns 'stream code:flags:dice' (flags
    as above; 2 is not used; 32: the dice are comma-separated, one was not 1-6)."""
    if adv:
        _cbits(_S, adv << 5)
    _S.koth_words = 0
    self = _run[0]
    bots = self.bots
    game_bots = _game[0]
    words = 0
    lst = _lists.get(list_id)
    if lst is None:
        lst = _lists[list_id] = list(scores)
    else:
        lst[:] = scores
    snap = lst[:]
    flags = 0
    bot = _bots[h]
    throws = []
    try:
        rint = random.randint
        if rint is _RANDINT:
            r = _cbits(_S, 3)
            words += 1
            while r >= 6:
                r = _cbits(_S, 3)
                words += 1
            throws.append(r + 1)
        else:
            throws.append(_die(rint, bot.__class__.__name__))
        if throws[-1] != 6:
            bot.update_state(throws[:])
            for throw in bot.make_throw(lst, last_round):
                if not throw:
                    break
                rint = random.randint
                if rint is _RANDINT:
                    r = _cbits(_S, 3)
                    words += 1
                    while r >= 6:
                        r = _cbits(_S, 3)
                        words += 1
                    throws.append(r + 1)
                else:
                    throws.append(_die(rint, bot.__class__.__name__))
                if throws[-1] == 6:
                    break
                bot.update_state(throws[:])
    except BaseException as e:
        _err[0] = e
        flags = 4
    _note(bot.__class__.__name__)
    flags = _scores_check(lst, snap, flags) | _sample_replaced()
    if _S.koth_replaced or _S.gauss_next is not None:
        # The bot reseeded or set the generator: the dice after that came from the new state,
        # and the engine fetches the whole state.
        code = 1
    else:
        code = (_S.koth_words + words) << 1
    for d in throws:
        if not 1 <= d <= 6:
            return '%d:%d:%s' % (code, flags | 32, ','.join(map(str, throws)))
    return '%d:%d:%s' % (code, flags, ''.join(map(str, throws)))

_changed = [None]

def changed_scores():
    """The scores list a bot changed (flag 16), as JSON: ints as they are, anything else as
    {"__pyrepr__": repr, "__pytype__": type} (the engine follows ints only)."""
    lst = _changed[0]
    _changed[0] = None
    return koth_sandbox.json.dumps([int(v) if type(v) is int or type(v) is bool else {'__pyrepr__': repr(v), '__pytype__': type(v).__name__} for v in lst])

def last_error():
    e = _err[0]
    _err[0] = None
    tb = koth_sandbox.traceback.extract_tb(e.__traceback__)
    where = '%s:%s' % (tb[-1].filename, tb[-1].lineno) if tb else ''
    return koth_sandbox.json.dumps([type(e).__name__, str(e), where])

for _n, _f in (('dice_load', load), ('dice_forget', forget), ('dice_run_start', run_start), ('dice_new', new_bot),
               ('dice_game_over', game_over), ('dice_seats', seats), ('dice_swapper', swapper), ('dice_start', start),
               ('dice_step', step), ('dice_turn', turn), ('dice_changed_scores', changed_scores), ('dice_last_error', last_error)):
    koth_sandbox.register(_n, _f)

# The stand-in (and the numpy stand-in beside it) are part of the clean state every load starts from.
koth_sandbox.baseline()
`;

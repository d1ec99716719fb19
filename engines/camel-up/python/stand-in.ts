/**
 * Our Python stand-in for what camel-up answers rely on (question 167101), written by us from
 * our engine (engines/camel-up/rules.ts), not from camelup.py: loaded into the Pyodide sandbox
 * as the module `koth_camel`, importable under the names players used, `playerinterface`
 * (PlayerInterface) and `camelup` (GameState, the constants, FindCamelInNthPlace, hash_bet /
 * check_bet and the rule functions, for a player that simulates with them; they follow the
 * run's rule flags), plus the glue the TypeScript adapter (engines/camel-up/python-players.ts)
 * calls.
 *
 * A player is a class whose `move(player, g)` the controller calls on the class itself (no
 * instance): `Cls.move(seat, g)`, g a fresh GameState holding the game as camelup.py handed it
 * (a deep copy of its state: the same attributes, in the same order, game bets as
 * "sha256hex:salt" strings, camel_bet_values once a round has ended).
 *
 * One stream: the module-global `random` (what `import random` gives every player) is set from
 * the engine's PyRandom by counting words (engines/core/sandbox/runtimes/python/stream-link.ts).
 *
 * The move's answer is read here the way the controller read it (`result[0] == 0` ... with
 * Python's ==, `str(camel)` for game bets, a trap square used as a list index), so an odd
 * answer raises what camelup.py raised; values the controller stored as they were (a round
 * bet's camel, a trap's type) travel tagged (floats) and come back in later states.
 */
export const CAMEL_STANDIN_PY = String.raw`
import sys, random, math, copy, hashlib, operator, uuid
import koth_sandbox

camels = [0, 1, 2, 3, 4]
num_camels = len(camels)
num_players = 4
finish_line = 16
display_updates = False
_SQUARES = 29

class PlayerInterface():
    """What camel-up players derive from: a player supplies move(player, g), called on the class."""
    def move(self):
        raise NotImplementedError('a camel-up player defines move(player, g)')

_flags = {'stackFromBottom': False, 'bottomStackPopsWrongCamels': True, 'settlementSkipsLastBet': True,
          'loserBetsCheckWinner': True, 'endOfRoundTwice': True, 'fourthLosingRoundBetFree': True,
          'finishOnly16to18': True, 'fullStateCopy': True, 'crashEndsTournament': True, 'invalidActionsUnchecked': True}
_salts = [0]

def _salt():
    # camelup.py salted with uuid4 (OS entropy, not the random stream); ours count, so runs repeat.
    _salts[0] += 1
    return uuid.UUID(bytes=hashlib.sha256(b'koth-camel-salt/%d' % _salts[0]).digest()[:16], version=4).hex

def hash_bet(bet):
    salt = _salt()
    return hashlib.sha256(salt.encode() + bet.encode()).hexdigest() + ':' + salt

def check_bet(hashed_bet, user_bet):
    digest, salt = hashed_bet.split(':')
    return digest == hashlib.sha256(salt.encode() + user_bet.encode()).hexdigest()

class GameState:
    def __init__(self):
        # A new game: empty tracks, then the five camels placed on squares 0-2 in random order.
        self.camel_track = [[] for _ in range(_SQUARES)]
        self.trap_track = [[] for _ in range(_SQUARES)]
        self.player_has_placed_trap = [False] * 4
        self.round_bets = []
        self.game_winner_bets = []
        self.game_loser_bets = []
        self.player_game_bets = [[], [], [], []]
        self.player_money_values = [2, 2, 2, 2]
        self.camel_yet_to_move = [True] * 5
        self.active_game = True
        self.game_winner = []
        self.camels = camels
        left = list(camels)
        for _ in range(num_camels):
            k = random.randint(0, len(left) - 1)
            square = random.randint(0, 2)
            self.camel_track[square].append(left.pop(k))

def FindCamelInNthPlace(track, n):
    if n > num_camels or n < 1:
        raise ValueError('no camel can be in place %r' % (n,))
    seen = 0
    back = 1
    while True:
        row = track[len(track) - back]
        if len(row) >= n - seen:
            return row[len(row) - (n - seen)]
        seen += len(row)
        back += 1

def _where(track, camel):
    return [(x, y) for x, row in enumerate(track) for y, c in enumerate(row) if c == camel][0]

def MoveCamel(g, player):
    while True:
        camel = random.randint(0, num_camels - 1)
        if g.camel_yet_to_move[camel]:
            break
    g.camel_yet_to_move[camel] = False
    pos, y = _where(g.camel_track, camel)
    height = len(g.camel_track[pos]) - y
    distance = random.randint(1, 3)
    under = _flags['stackFromBottom']
    trap = g.trap_track[pos + distance]
    if len(trap) > 0:
        if trap[0] == -1:
            under = True
        g.player_money_values[trap[1]] += 1
        distance += trap[0]
    src, dest = g.camel_track[pos], g.camel_track[pos + distance]
    if under and _flags['bottomStackPopsWrongCamels']:
        for c in range(height):
            dest.insert(0, src.pop(height - c - 1))
    elif under:
        moving = src[y:]
        del src[y:]
        dest[0:0] = moving
    else:
        for _ in range(height):
            dest.append(src.pop(y))
    g.player_money_values[player] += 1
    ended = not any(g.camel_yet_to_move)
    if ended:
        EndOfRound(g)
    last = finish_line + 3 if _flags['finishOnly16to18'] else len(g.camel_track)
    if any(len(g.camel_track[i]) > 0 for i in range(finish_line, last)):
        if not ended or _flags['endOfRoundTwice']:
            EndOfRound(g)
        EndOfGame(g)
    return True

def PlaceTrap(g, trap_type, trap_place, player):
    t = g.trap_track
    if (trap_place > 0 and len(t[trap_place - 1]) != 0) or len(t[trap_place]) != 0 or (trap_place < len(t) and len(t[trap_place + 1]) != 0):
        raise ValueError('%s tried to place a trap in an illegal spot' % player)
    if g.player_has_placed_trap[player]:
        raise ValueError('%s tried to place two traps somehow' % player)
    t[trap_place] = [trap_type, player]
    g.player_has_placed_trap[player] = True
    return True

def MoveTrap(g, trap_type, trap_place, player):
    [mine] = [x for x, row in enumerate(g.trap_track) if len(row) > 0 and row[1] == player]
    g.trap_track[mine] = []
    g.player_has_placed_trap[player] = False
    return PlaceTrap(g, trap_type, trap_place, player)

def _game_bet(g, bets, camel, player):
    if any(check_bet(h, str(camel)) for h in g.player_game_bets[player]):
        return False
    bets.append([hash_bet(str(camel)), player])
    g.player_game_bets[player].append(hash_bet(str(camel)))
    return True

def PlaceGameWinnerBet(g, camel, player):
    return _game_bet(g, g.game_winner_bets, camel, player)

def PlaceGameLoserBet(g, camel, player):
    return _game_bet(g, g.game_loser_bets, camel, player)

def PlaceRoundWinnerBet(g, camel, player):
    g.round_bets.append([camel, player])
    return True

def _settled(bets):
    return bets[:len(bets) - 1] if _flags['settlementSkipsLastBet'] else bets

def EndOfRound(g):
    pays = ([5, 3, 2, 0], [1, 1, 1, 0], [-1, -1, -1, 0])
    used = [0, 0, 0]
    first = FindCamelInNthPlace(g.camel_track, 1)
    second = FindCamelInNthPlace(g.camel_track, 2)
    for camel, who in _settled(g.round_bets):
        k = 0 if camel == first else 1 if camel == second else 2
        if k == 2 and not _flags['fourthLosingRoundBetFree']:
            g.player_money_values[who] -= 1
            continue
        g.player_money_values[who] += pays[k][used[k]] if used[k] < 4 else 0
        used[k] += 1
    g.camel_bet_values = [5, 5, 5, 5, 5]
    g.camel_yet_to_move = [True] * 5
    g.round_bets = []
    g.trap_track = [[] for _ in range(_SQUARES)]
    g.player_has_placed_trap = [False] * 4

def EndOfGame(g):
    winner = str(FindCamelInNthPlace(g.camel_track, 1))
    loser = str(FindCamelInNthPlace(g.camel_track, num_camels))
    pays = [8, 5, 3, 1]
    k = 0
    for h, who in _settled(g.game_winner_bets):
        if check_bet(h, winner):
            g.player_money_values[who] += pays[k] if k < 4 else 1
            k += 1
        else:
            g.player_money_values[who] -= 1
    k = 0
    for h, who in _settled(g.game_loser_bets):
        if check_bet(h, winner if _flags['loserBetsCheckWinner'] else loser):
            g.player_money_values[who] += pays[k] if _flags['loserBetsCheckWinner'] else (pays[k] if k < 4 else 1)
            k += 1
        else:
            g.player_money_values[who] -= 1
    g.active_game = False
    top = max(g.player_money_values)
    g.game_winner = [i for i, m in enumerate(g.player_money_values) if m == top]
    return True

def player_view(g, player):
    # The 2026 view: a deep copy with opponents' game bets redacted to None (their seat kept).
    v = copy.deepcopy(g)
    v.game_winner_bets = [[b[0] if b[1] == player else None, b[1]] for b in g.game_winner_bets]
    v.game_loser_bets = [[b[0] if b[1] == player else None, b[1]] for b in g.game_loser_bets]
    v.player_game_bets = [bets if p == player else [None] * len(bets) for p, bets in enumerate(g.player_game_bets)]
    return v

def _read_action(g, result, player):
    kind = result[0]
    if kind == 0:
        MoveCamel(g, player)
    elif kind == 1:
        (MoveTrap if g.player_has_placed_trap[player] else PlaceTrap)(g, result[1], result[2], player)
    elif kind == 2:
        PlaceRoundWinnerBet(g, result[1], player)
    elif kind == 3:
        PlaceGameWinnerBet(g, result[1], player)
    elif kind == 4:
        PlaceGameLoserBet(g, result[1], player)
    else:
        print('action out of bounds: player %s, action %s' % (player, result))

def PlayGame(player0, player1, player2, player3):
    moves = [player0.move, player1.move, player2.move, player3.move]
    g = GameState()
    turn = 0
    while g.active_game:
        seat = turn % 4
        _read_action(g, moves[seat](seat, copy.deepcopy(g)), seat)
        turn += 1
    return g.game_winner

def DisplayTrackState(track):
    for square, row in enumerate(track[:finish_line + 3]):
        if row:
            print('\t%2d: %s' % (square, row))

def DisplayGamestate(g):
    print('Track:')
    DisplayTrackState(g.camel_track)
    print('Traps:')
    DisplayTrackState(g.trap_track)
    print('$ Totals:\n\t' + str(g.player_money_values))

for _alias in ('camelup', 'playerinterface'):
    sys.modules[_alias] = sys.modules[__name__]

# ---- the adapter's side ----
_S = koth_sandbox.streams[0]
_classes = {}
_hashes = {}

class KothUnfollowable(Exception):
    """An answer value the engine cannot carry with Python's meaning (a list as a camel ...)."""

def _is_player(c, name):
    return isinstance(c, type) and c.__module__ == name and c is not PlayerInterface and callable(getattr(c, 'move', None)) and getattr(c, 'move', None) is not PlayerInterface.move

def configure(flags):
    _flags.update(flags)

def load(name, filename, code, preset):
    """Runs a player file as module name; returns its players [key, name, refusal or None] in file order."""
    pre = {'PlayerInterface': PlayerInterface, 'random': random, 'math': math} if preset else None
    missing = koth_sandbox.exec_with_placeholders(name, filename, code, pre)
    why = koth_sandbox.refusals(code, filename, missing)
    if missing:
        # Of camelup.py's own tree (2018 or 2026: tournament_core, bots.*, lambda ...) the stand-ins are camelup and playerinterface only.
        why = {k: v + '; of the Camel Up tree only camelup and playerinterface have stand-ins here' for k, v in why.items()}
    out = []
    for v in list(vars(sys.modules[name]).values()):
        if _is_player(v, name):
            key = '%s:%d' % (name, len(_classes))
            _classes[key] = v
            out.append([key, v.__name__, why.get(v.__name__)])
    return out

def _value(v):
    if isinstance(v, dict) and '__pyfloat__' in v:
        return float(v['__pyfloat__'])
    if isinstance(v, dict) and '__pyint__' in v:
        return int(v['__pyint__'], 16)
    return v

def _hidden(ref, which):
    if ref is None:
        return None  # redacted by the 2026 player_view
    # ref = [bet id, the camel string]: one hash per place the controller stored it (it hashed twice).
    k = (ref[0], which)
    h = _hashes.get(k)
    if h is None:
        h = _hashes[k] = hash_bet(ref[1])
    return h

def _state(s):
    g = GameState.__new__(GameState)
    g.camel_track = s['camel_track']
    g.trap_track = [[_value(t[0]), t[1]] if t else [] for t in s['trap_track']]
    g.player_has_placed_trap = s['player_has_placed_trap']
    g.round_bets = [[_value(c), p] for c, p in s['round_bets']]
    g.game_winner_bets = [[_hidden(b, 'list'), p] for b, p in s['game_winner_bets']]
    g.game_loser_bets = [[_hidden(b, 'list'), p] for b, p in s['game_loser_bets']]
    g.player_game_bets = [[_hidden(b, 'player') for b in row] for row in s['player_game_bets']]
    g.player_money_values = s['player_money_values']
    g.camel_yet_to_move = s['camel_yet_to_move']
    g.active_game = s['active_game']
    g.game_winner = s['game_winner']
    g.camels = s['camels']
    if 'camel_bet_values' in s:
        g.camel_bet_values = s['camel_bet_values']
    return g

def _shown(v):
    # repr() without the memory address of a default repr (<object object at 0x7f..>): the same words in every run and worker.
    import re as _re
    return _re.sub(r' at 0x[0-9a-fA-F]+', '', repr(v))

def _stored(v, what):
    # A value the controller stores as it is and compares or adds later: kept with its Python type.
    if v is None or type(v) in (int, bool, float, str):
        return koth_sandbox.tag(v)
    raise KothUnfollowable('%s %s is a %s: camelup.py stored it as it was; this replay carries only int, bool, float, str or None there' % (what, _shown(v), type(v).__name__))

def _run_game_reads(result):
    # tournament_core.run_game (2026) reads ACTION_MAP.get(result[0], "unknown") outside its try: what it raised there, or None.
    try:
        {}.get(result[0])
    except Exception as e:
        return [type(e).__name__, str(e)]
    return None

def _checked_action(result):
    """2026 (invalidActionsUnchecked off): the answer as action() read it; what it refused is [9, why,
    what run_game raised reading it or None] (the player rolls), a trap answer it could index is
    [1, type or None, square or None] (the engine removes a seat's old trap first, as MoveTrap did,
    then refuses None)."""
    try:
        kind = result[0]
        if kind == 0:
            return [0]
        if kind == 1:
            trap_type, place = result[1], result[2]
        elif kind in (2, 3, 4):
            camel = result[1]
        else:
            return [9, 'action code out of bounds', _run_game_reads(result)]
    except Exception as e:
        return [9, 'malformed result: %s' % type(e).__name__, _run_game_reads(result)]
    if kind == 1:
        try:
            ok = trap_type in (-1, 1)
        except Exception:
            ok = False
        if ok and type(trap_type) not in (int, bool):
            raise KothUnfollowable('the trap type %s is a %s: camelup.py 2026 stored it and would add it to a square index later; this replay carries only int or bool there' % (_shown(trap_type), type(trap_type).__name__))
        sq = place if isinstance(place, int) else None
        return [1, int(trap_type) if ok else None, koth_sandbox.tag(int(sq)) if sq is not None else None]
    try:
        ok = camel in camels
    except Exception:
        ok = False
    if not ok:
        return [9, 'a bet on an invalid camel']
    return [kind, _stored(camel, 'the camel')]

def _action(result):
    """The answer as the controller read it: [kind 0-4 or 5 (out of bounds), its arguments]."""
    if not _flags['invalidActionsUnchecked']:
        return _checked_action(result)
    kind = result[0]
    if kind == 0:
        return [0]
    if kind == 1:
        trap_type, place = result[1], result[2]
        # PlaceTrap compares the square with 0 and indexes the track with it.
        if isinstance(place, str) or place is None:
            place > 0
        return [1, _stored(trap_type, 'the trap type'), operator.index(place)]
    if kind == 2:
        return [2, _stored(result[1], 'the round bet camel')]
    if kind == 3 or kind == 4:
        # The controller stores str(camel): an int or str travels as it is (the engine's str() of it is Python's).
        camel = result[1]
        return [3 if kind == 3 else 4, camel if type(camel) in (int, str) else str(camel)]
    return [5, str(result)]

def move(key, seat, state, adv):
    """[True, the answer as the controller read it, stream code] or [False, [type, message, where], stream code]."""
    g = _state(state)
    koth_sandbox.advance(_S, adv)
    try:
        out = _action(_classes[key].move(seat, g))
    except BaseException as e:
        tb = koth_sandbox.traceback.extract_tb(e.__traceback__)
        return [False, [type(e).__name__, str(e), '%s:%s' % (tb[-1].filename, tb[-1].lineno) if tb else ''], koth_sandbox.stream_code(_S)]
    return [True, out, koth_sandbox.stream_code(_S)]

for _n, _f in (('camel_configure', configure), ('camel_load', load), ('camel_move', move)):
    koth_sandbox.register(_n, _f)
`;

# Our own recorder module (not answer code): copied as zz_recorder.py into a bot directory,
# the driver's loader imports it after the bots (it defines no adventurer). It wraps every
# adventurer's get_action once the game is set up and, at exit, writes each call's state and
# raw return value to $STATELOG as JSON. It draws from no generator.
import atexit, json, os
import __main__

_calls = []
_init = __main__.Ruins.__init__


def _treasures(ts):
    return [[t.name, t.value, t.weight] for t in ts]


def _wrapped_init(self, *a, **k):
    _init(self, *a, **k)
    game = self
    for player in self.players.values():
        bot = player.bot
        original = bot.get_action

        def get_action(state, _p=player, _orig=original):
            action = _orig(state)
            _calls.append({
                'turn': game.turn_number, 'player': _p.name, 'bot': type(_p.bot).__name__,
                'room': state.room, 'stamina': state.stamina, 'treasures': _treasures(state.treasures),
                'others': list(state.players), 'inventory': _treasures(state.inventory),
                'action': list(action) if isinstance(action, tuple) else action,
            })
            return action
        bot.get_action = get_action


__main__.Ruins.__init__ = _wrapped_init


@atexit.register
def _write():
    with open(os.environ['STATELOG'], 'w') as f:
        json.dump(_calls, f)

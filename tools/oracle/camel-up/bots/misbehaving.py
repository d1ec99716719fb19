"""Our own camel-up players that misbehave (for the 2026 goldens), twins of
engines/camel-up/test-bots.ts: same answers, same draws from the module-global `random`.
Written by us; not anybody's answer."""
import random

from playerinterface import PlayerInterface


class Crasher(PlayerInterface):
    def move(player, g):
        if random.random() < 0.5:
            return 1 / 0
        return [2, random.randint(0, 4)]


_MISFIT = [
    lambda: [7],
    lambda: [],
    lambda: [1, 1],
    lambda: [1, 2, 5],
    lambda: [1, -1, 0],
    lambda: [1, 1, 28],
    lambda: [1, 1, random.randint(1, 27)],
    lambda: [1, -1, random.randint(1, 27)],
    lambda: [3, '3'],
    lambda: [2, 9],
    lambda: [3, random.randint(0, 4)],
    lambda: [4, random.randint(0, 4)],
]


class Misfit(PlayerInterface):
    def move(player, g):
        return _MISFIT[random.randint(0, len(_MISFIT) - 1)]()


class RoundBetter(PlayerInterface):
    def move(player, g):
        return [2, random.randint(0, 4)] if random.random() < 0.8 else [0]


class Trapper(PlayerInterface):
    def move(player, g):
        return [0] if g.player_has_placed_trap[player] else [1, 1, 18]

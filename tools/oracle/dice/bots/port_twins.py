# Our own Python bots for the dice tests (not answer code): each behaves, decision for decision
# and draw for draw, like the port of the same name in transpiled-bots/dice/ (written by us from
# those ports; ThrowTwiceBot and GoToTenBot are the question's own examples). Loaded by
# `koth replay|play dice --python-bots` in engines/dice/python-bots.test.ts, which checks that
# they play exactly as the ports. The last three classes cannot run in the sandbox and must be
# refused by name (numpy names our small numpy stand-in does not have).
import random


class ThrowTwiceBot(Bot):
    def make_throw(self, scores, last_round):
        yield True
        yield False


class GoToTenBot(Bot):
    def make_throw(self, scores, last_round):
        while sum(self.current_throws) < 10:
            yield True
        yield False


class OneInFiveBot(Bot):
    # one shared stream: the module-global generator, also the controller's dice
    def make_throw(self, scores, last_round):
        while random.randint(1, 5) != 5:
            yield True
        yield False


class BlessRNG(Bot):
    def make_throw(self, scores, last_round):
        if random.randint(1, 2) == 1:
            yield True
        yield False


class FlipCoinRollDice(Bot):
    def make_throw(self, scores, last_round):
        while random.randint(1, 2) == 2:
            n = 1 if random.randint(1, 6) != 6 else 0
            for _ in range(n):
                yield True
        yield False


class BringMyOwn_dice(Bot):
    def make_throw(self, scores, last_round):
        from random import randint as my_die  # the same module-global generator, another name
        faces = my_die(1, 6) + my_die(1, 6)
        mine = scores[self.index]
        max(scores)
        for _ in range(faces):
            if mine + sum(self.current_throws) > 39:
                break
            yield True
        yield False


class KwisatzHaderach(Bot):
    def __init__(self, index, end_score):
        super().__init__(index, end_score)
        self.roller = random.Random(0)

    def sixes_away(self):
        self.roller.setstate(random.getstate())
        n = 0
        while self.roller.randint(1, 6) != 6:
            n += 1
        return n

    def make_throw(self, scores, last_round):
        target = max(scores) if last_round else self.end_score
        while True:
            for _ in range(self.sixes_away()):
                yield True
            if sum(self.current_throws) > target + random.randint(1, 6):
                yield False


class QuotaBot(Bot):
    def __init__(self, *args):
        super().__init__(*args)
        self.quota, self.low, self.high = 20, 15, 35

    def make_throw(self, scores, last_round):
        mean = sum(scores) / len(scores)
        mine = scores[self.index]
        if mine < mean - 5:
            self.quota += 1.5
        if mine > mean + 5:
            self.quota -= 1.5
        self.quota = max(min(self.quota, self.high), self.low)
        if last_round:
            self.quota = max(scores) - mine + 1
        while sum(self.current_throws) < self.quota:
            yield True
        yield False


class GoTo20Bot(Bot):
    def make_throw(self, scores, last_round):
        mine = scores[self.index]
        goal = max(scores) - mine + 1 if last_round else min(20, 40 - mine)
        while sum(self.current_throws) < goal:
            yield True
        yield False


class SlowStart(Bot):
    def __init__(self, *args):
        super().__init__(*args)
        self.finished, self.rolls, self.cap = False, 1, 8

    def make_throw(self, scores, last_round):
        if self.finished:
            self.rolls = self.rolls * 2 if self.rolls < self.cap else self.rolls + 1
        else:
            self.cap, self.rolls = self.rolls // 2, 1
        self.finished = False
        while 1 < self.rolls:
            yield True
        self.finished = True
        yield False


class CooperativeSwarmBot(Bot):
    def defect(self, scores, last_round):
        yield False

    def make_throw(self, scores, last_round):
        if max(scores) == 0:
            while True:
                yield True
        else:
            yield from self.defect(scores, last_round)


class CooperativeThrowTwice(CooperativeSwarmBot):
    # not a direct subclass of Bot: the controller never found it; only --bots reaches it
    def defect(self, scores, last_round):
        yield True
        yield False


import numpy as np


class NumpyBot(Bot):
    def make_throw(self, scores, last_round):
        yield np.mean(scores) > 10


from numpy import cumsum


class CumsumBot(Bot):
    def make_throw(self, scores, last_round):
        yield cumsum(scores)[-1] > 10


class NumpyHeir(NumpyBot):
    pass

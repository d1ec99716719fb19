# Our own Python dice bots (not answer code) that do what some answers did to the controller:
# read its stack frames (game_bots, bots, the controller object and its wins/played_games, the
# caller's module globals), change the live scores list the first controller hands out, replace
# the random module's randint and sample. Written by us to pin down the original controller's
# behaviour: tools/oracle/dice/golden.py runs this file (as the "snapshot") with the ORIGINAL
# controllers, fixtures/dice/goldens-ours/ holds the results, and engines/dice/python-bots.test.ts
# checks that `koth replay dice --exact --python-bots` on this file equals them.
# It defines its own Bot, as the snapshots did, so that golden.py can import it unchanged.
import inspect
import random


class Bot:
    def __init__(self, index, end_score):
        self.index = index
        self.end_score = end_score

    def update_state(self, current_throws):
        self.current_throws = current_throws

    def make_throw(self, scores, last_round):
        yield False


def find_local(name):
    for f_info in inspect.stack():
        try:
            return f_info.frame.f_locals[name]
        except KeyError:
            pass
        finally:
            del f_info
    return None


def find_controller():
    for f_info in inspect.stack():
        try:
            other = f_info.frame.f_locals['self']
            if other.__class__.__name__ == 'Controller':
                return other
        except KeyError:
            pass
        finally:
            del f_info
    return None


class Plain(Bot):
    def make_throw(self, scores, last_round):
        while sum(self.current_throws) < 12:
            yield True
        yield False


class Careful(Bot):
    def make_throw(self, scores, last_round):
        goal = max(scores) - scores[self.index] + 1 if last_round else 8
        while sum(self.current_throws) < goal:
            yield True
        yield False


class Bold(Bot):
    def make_throw(self, scores, last_round):
        while sum(self.current_throws) < 20:
            yield True
        yield False


class Timid(Bot):
    def make_throw(self, scores, last_round):
        yield sum(self.current_throws) < 5
        yield False


class Seer(Bot):
    """game_bots while being built (later seats still None) and during play; the pool's names."""

    def __init__(self, index, end_score):
        super().__init__(index, end_score)
        seats = find_local('game_bots')
        self.unbuilt = sum(1 for b in seats if b is None)
        self.seats = seats
        self.pool = [c.__name__ for c in find_local('bots')]

    def make_throw(self, scores, last_round):
        names = [b.__class__.__name__ for b in find_local('game_bots')]
        assert self.seats is find_local('game_bots')
        goal = 8 + self.unbuilt + names.count('Plain') * 2 + len(self.pool) % 5
        while sum(self.current_throws) < goal:
            yield True
        yield False


class Tally(Bot):
    """The controller object: its wins and played_games, their key order (dict or defaultdict)."""

    def __init__(self, index, end_score):
        super().__init__(index, end_score)
        c = find_controller()
        me = self.__class__.__name__
        keys = list(c.wins)
        self.rank = keys.index(me) if me in keys else len(keys)
        rate = c.wins[me] / max(1, c.played_games[me])
        self.goal = 10 + int(rate * 20) + self.rank % 4 + len(c.played_games) % 3

    def make_throw(self, scores, last_round):
        while sum(self.current_throws) < self.goal:
            yield True
        yield False


class Oracle(Bot):
    """The caller's module globals' random (NeoBot's way), drawn from: one stream with the dice."""

    def make_throw(self, scores, last_round):
        rnd = inspect.stack()[1][0].f_globals['random']
        while rnd.random() < 0.7:
            yield True
        yield False


class Mutator(Bot):
    """Changes the scores list it is handed (the first controller's own list; a copy in the updated one)."""

    def make_throw(self, scores, last_round):
        other = (self.index + 1) % 8
        if scores[other] >= 3:
            scores[other] -= 3
        if len(scores) < 10:
            scores.append(1)
        while sum(self.current_throws) < 10:
            yield True
        yield False


class Swapper(Bot):
    """Replaces random.randint and random.sample after a while: the controller's dice and seats follow."""
    turns = 0

    def make_throw(self, scores, last_round):
        Swapper.turns += 1
        if Swapper.turns == 40:
            draw = random.random
            random.randint = lambda a, b: a + int(draw() * (b - a + 1))
        if Swapper.turns == 80:
            sample = random.sample
            random.sample = lambda population, k: list(reversed(sample(population, k)))
        while sum(self.current_throws) < 9:
            yield True
        yield False

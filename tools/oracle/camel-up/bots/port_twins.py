"""Our own Python twins of the camel-up ports (transpiled-bots/camel-up/Player0.ts, Player1.ts,
Player2.ts), written from the TypeScript for the tests: in camelup.py's player interface
(a class whose move(player, g) is called on the class, `random` the module-global generator),
they decide and draw exactly as the ports do. LeaderBetter is a fourth player of ours whose
TypeScript twin lives in engines/camel-up/python-players.test.ts: it uses what players import
from camelup (FindCamelInNthPlace, check_bet) and reads the game bets, round bets and
camel_bet_values of the state it is handed. Not the originals."""
import math
import random

from camelup import FindCamelInNthPlace, check_bet
from playerinterface import PlayerInterface


def _random_camel(g):
    return random.randint(0, len(g.camels) - 1)


class Player0(PlayerInterface):
    def move(player, g):
        return [0]


class Player1(PlayerInterface):
    def move(player, g):
        money = g.player_money_values
        if money[player] == min(money):
            return [2, _random_camel(g)]
        trap = math.floor(2 * random.random()) * 2 - 1
        return [1, trap, random.randint(1, 10)]


class Player2(PlayerInterface):
    def move(player, g):
        return [2, _random_camel(g)]


class LeaderBetter(PlayerInterface):
    def move(player, g):
        first = FindCamelInNthPlace(g.camel_track, 1)
        last = FindCamelInNthPlace(g.camel_track, 5)
        mine = g.player_game_bets[player]
        has = lambda camel: any(check_bet(h, str(camel)) for h in mine)
        if not has(first) and random.random() < 0.25:
            return [3, first]
        if not has(last) and random.random() < 0.15:
            return [4, last]
        if len([b for b in g.round_bets if b[0] == first]) < 2:
            return [2, first]
        if hasattr(g, 'camel_bet_values') and len(g.game_winner_bets) + len(g.game_loser_bets) > 3:
            return [3, FindCamelInNthPlace(g.camel_track, 2)]
        return [0]

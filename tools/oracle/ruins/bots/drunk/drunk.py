# Our own test adventurers for the ruins goldens (not answer code); see fixtures/ruins/goldens/README.md.
from oraclebots import test_bots
from __main__ import Adventurer
from __main__ import Drunkard
EagerThief = test_bots().EagerThief
for _i in range(9):
    globals()[f"Drunk{_i}"] = type(f"Drunk{_i}", (Drunkard,), {})
del _i

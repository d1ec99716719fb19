# Our own test adventurers for the ruins goldens (not answer code); see fixtures/ruins/goldens/README.md.
from oraclebots import test_bots
from __main__ import Adventurer
_t = test_bots()
EagerThief, GreedyBastard, Chad = _t.EagerThief, _t.GreedyBastard, _t.Chad
del _t

# Our own test adventurers for the ruins goldens (not answer code); see fixtures/ruins/goldens/README.md.
from oraclebots import test_bots
from __main__ import Adventurer
_t = test_bots()
Chad, Coward = _t.Chad, _t.Coward
del _t

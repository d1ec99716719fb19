# Our own test adventurers for the ruins goldens (not answer code); see fixtures/ruins/goldens/README.md.
from oraclebots import test_bots
from __main__ import Adventurer
from __main__ import Drunkard
_t = test_bots()
for _n in ["EagerThief", "EmoKid", "Chad", "Coward", "GreedyBastard", "MischievousKid"] + [f"EagerClone{i}" for i in range(6)]:
    globals()[_n] = getattr(_t, _n)
for _i in range(5):
    globals()[f"ExtraThief{_i}"] = type(f"ExtraThief{_i}", (_t.EagerThief,), {})
for _i in range(6):
    globals()[f"Drunk{_i}"] = type(f"Drunk{_i}", (Drunkard,), {})
del _t, _n, _i

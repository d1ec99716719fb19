"""Shared pieces of our own ruins test adventurers (not answer code), imported by the modules
of tools/oracle/ruins/bots/<dir>/ (this file is outside the bot directories, so the driver
does not load it as bots). Run ruins.py from the root of a Beefster09/pcg-general checkout:
the driver's own test bots are read from ./test_bots/test_bots.py.
"""
import importlib.util
import os
import sys


def test_bots():
    """The driver's test_bots module (loaded once, as the driver would: `from __main__ import Adventurer`)."""
    if 'test_bots_module' not in sys.modules:
        path = os.path.join(os.getcwd(), 'test_bots', 'test_bots.py')
        spec = importlib.util.spec_from_file_location('test_bots_module', path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules['test_bots_module'] = mod
        spec.loader.exec_module(mod)
    return sys.modules['test_bots_module']

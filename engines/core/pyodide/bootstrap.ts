/**
 * The Python side of the sandbox, run once after Pyodide loads: the call dispatcher
 * (`_koth_call(fn, json_args)` → JSON), module loading, and what untrusted answers may not
 * import or call. This Python-level fence is the first wall; the worker's JavaScript
 * lockdown (worker.mjs) is the second, for code that climbs out of the first.
 */
export const BOOTSTRAP_PY = String.raw`
import sys, json, types, traceback, os, posix

_KOTH_DENY_ROOTS = frozenset((
    'js', 'pyodide_js', 'pyodide', '_pyodide', '_pyodide_core', 'micropip',
    'ctypes', '_ctypes', 'subprocess', '_posixsubprocess', 'multiprocessing',
    'socket', '_socket', 'ssl', '_ssl', 'select', 'selectors', 'webbrowser', 'asyncio',
))
_KOTH_DENY_NAMES = frozenset(('urllib.request', 'http.client'))

class _KothDeny:
    def find_spec(self, name, path=None, target=None):
        if name in _KOTH_DENY_NAMES or name.partition('.')[0] in _KOTH_DENY_ROOTS:
            raise ImportError('import of %r is blocked in the koth Python sandbox (no host, no network, no processes)' % name, name=name)
        return None
    def find_module(self, name, path=None):
        return None

def _koth_blocked(what):
    def blocked(*a, **k):
        raise PermissionError('%s is blocked in the koth Python sandbox' % what)
    return blocked

for _m in (os, posix):
    for _n in list(vars(_m)):
        if _n in ('system', 'popen', 'fork', 'forkpty', 'kill', 'killpg', 'abort', '_exit') or _n.startswith(('exec', 'spawn', 'posix_spawn')):
            if callable(getattr(_m, _n)):
                setattr(_m, _n, _koth_blocked('os.' + _n))

_koth_fns = {}

def koth_register(name, fn):
    _koth_fns[name] = fn

def _koth_exec(name, filename, code):
    m = types.ModuleType(name)
    m.__file__ = filename
    sys.modules[name] = m
    exec(compile(code, filename, 'exec'), m.__dict__)
    return None

def _koth_enc(o):
    if isinstance(o, (set, frozenset)):
        return sorted(o, key=repr)
    return {'__pyrepr__': repr(o), '__pytype__': type(o).__name__}

def _koth_call(fn, args):
    try:
        r = _koth_fns[fn](*json.loads(args))
        return json.dumps({'ok': True, 'value': r}, default=_koth_enc)
    except BaseException as e:
        tb = traceback.extract_tb(e.__traceback__)
        where = '%s:%s' % (tb[-1].filename, tb[-1].lineno) if tb else ''
        return json.dumps({'ok': False, 'type': type(e).__name__, 'message': str(e), 'where': where})

koth_register('exec', _koth_exec)
_sb = types.ModuleType('koth_sandbox')
_sb.register = koth_register
sys.modules['koth_sandbox'] = _sb

for _k in list(sys.modules):
    if _k in _KOTH_DENY_NAMES or _k.partition('.')[0] in _KOTH_DENY_ROOTS:
        del sys.modules[_k]
sys.meta_path.insert(0, _KothDeny())
del _m, _n, _k
`;

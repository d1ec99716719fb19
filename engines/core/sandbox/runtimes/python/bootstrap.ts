/**
 * The Python side of the sandbox, run once after Pyodide loads: the call dispatcher
 * (`_koth_call(fn, json_args)` → JSON), module loading, and what untrusted answers may not
 * import or call. This Python-level fence is the first wall; the worker's JavaScript
 * lockdown (job-worker.ts) is the second, for code that climbs out of the first.
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

# No real clock (the sandbox worker freezes Date.now and performance.now at 0 before any answer
# runs): time.time(), perf_counter(), monotonic() ... all read one instant. time.sleep would wait
# for that clock to move, forever: here it checks its argument as CPython does and returns at once.
import time as _koth_time
def _koth_sleep(secs):
    secs = float(secs)
    if secs != secs or secs < 0:
        raise ValueError('sleep length must be non-negative')
    return None
_koth_time.sleep = _koth_sleep

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

_KOTH_SAFE_INT = 2 ** 53 - 1
# 16 digits in a row: maybe an int beyond 2**53 - 1 in the JSON (no int below it has 16 digits).
_KOTH_LONG_DIGITS = __import__('re').compile(r'[0-9]{16}')

def koth_tag(x, floats=True):
    # JSON loses what JavaScript cannot tell apart: an integral float (2.0 is 2 there) and
    # nan/inf (not JSON at all) travel as {"__pyfloat__": repr}; an int beyond 2**53 - 1 (a
    # double would round it, 10**400 would be Infinity) as {"__pyint__": hex}, exact (hex has
    # no digit limit, str has); the host revives them (a BigInt).
    if isinstance(x, float):
        if floats and (x != x or x in (float('inf'), float('-inf')) or x.is_integer()):
            return {'__pyfloat__': repr(x)}
        return x
    if isinstance(x, int) and not isinstance(x, bool) and not -_KOTH_SAFE_INT <= x <= _KOTH_SAFE_INT:
        return {'__pyint__': hex(x)}
    if isinstance(x, (list, tuple)):
        return [koth_tag(v, floats) for v in x]
    if isinstance(x, dict):
        return {k: koth_tag(v, floats) for k, v in x.items()}
    return x

def _koth_call(fn, args):
    try:
        r = _koth_fns[fn](*json.loads(args))
        try:
            s = json.dumps({'ok': True, 'value': r}, default=_koth_enc, allow_nan=False)
            # Long runs of digits (a long float, or text): only the big ints get tagged, floats stay as they went.
            return s if not _KOTH_LONG_DIGITS.search(s) else json.dumps({'ok': True, 'value': koth_tag(r, False)}, default=_koth_enc)
        except ValueError:
            return json.dumps({'ok': True, 'value': koth_tag(r)}, default=_koth_enc)
    except BaseException as e:
        tb = traceback.extract_tb(e.__traceback__)
        where = '%s:%s' % (tb[-1].filename, tb[-1].lineno) if tb else ''
        return json.dumps({'ok': False, 'type': type(e).__name__, 'message': str(e), 'where': where})

koth_register('exec', _koth_exec)

# ---- Streams: the module-global generator (random._inst and the module's functions bound to
# it) is a KothStream, a random.Random that counts the 32-bit words drawn through it (random():
# 2, getrandbits(k): ceil(k/32), everything else goes through those two) and notes seed() and
# setstate(). The engine then keeps its PyRandom in step by drawing the same number of words
# (engines/core/sandbox/runtimes/python/stream-link.ts), instead of copying 625-word states at every call.
# Games make further streams (a ruins adventurer's self.random) with koth_sandbox.new_stream.
import random as _koth_random_mod, _random as _koth_c_random
_koth_c_bits = _koth_c_random.Random.getrandbits
_koth_c_rand = _koth_c_random.Random.random

class KothStream(_koth_random_mod.Random):
    koth_words = 0
    koth_replaced = False

    def random(self):
        self.koth_words += 2
        return _koth_c_rand(self)

    def getrandbits(self, k):
        r = _koth_c_bits(self, k)
        if k > 0:
            self.koth_words += ((k - 1) >> 5) + 1
        return r

    def seed(self, *a, **kw):
        super().seed(*a, **kw)
        self.koth_replaced = True

    def setstate(self, state):
        super().setstate(state)
        self.koth_replaced = True

_koth_streams = {}

def koth_new_stream(sid):
    s = _koth_streams[sid] = KothStream()
    return s

def koth_stream_advance(s, n):
    """The engine drew n words since both agreed: draw them here too (one C call), start counting."""
    if n:
        _koth_c_bits(s, n << 5)
    s.koth_words = 0

def koth_stream_code(s):
    """What a call did to the stream: words drawn << 1, | 1 when it was reseeded or set (or holds
    a gauss() value), so the engine must fetch the whole state (koth_stream_get)."""
    if s.koth_replaced or s.gauss_next is not None:
        return 1
    return s.koth_words << 1

def koth_stream_set(sid, text):
    s = _koth_streams.get(sid) or koth_new_stream(sid)
    st = json.loads(text)
    _koth_random_mod.Random.setstate(s, (3, tuple(st[:625]), st[625]))
    s.koth_words = 0
    s.koth_replaced = False

def koth_stream_get(sid):
    s = _koth_streams[sid]
    st = s.getstate()
    s.koth_words = 0
    s.koth_replaced = False
    return json.dumps(list(st[1]) + [st[2]])

def koth_stream_catchup(sid, n):
    koth_stream_advance(_koth_streams[sid], n)

_koth_inst = koth_new_stream(0)
_koth_random_mod._inst = _koth_inst
for _n in ('seed', 'random', 'uniform', 'triangular', 'randint', 'choice', 'randrange', 'sample', 'shuffle',
           'choices', 'normalvariate', 'lognormvariate', 'expovariate', 'vonmisesvariate', 'gammavariate',
           'gauss', 'betavariate', 'binomialvariate', 'paretovariate', 'weibullvariate', 'getstate', 'setstate',
           'getrandbits', 'randbytes'):
    if hasattr(_koth_random_mod, _n):
        setattr(_koth_random_mod, _n, getattr(_koth_inst, _n))
koth_register('koth_stream_set', koth_stream_set)
koth_register('koth_stream_get', koth_stream_get)
koth_register('koth_stream_catchup', koth_stream_catchup)

# ---- Modules the offline sandbox does not have (numpy...): a file that imports one still
# loads (the name is bound to a placeholder that fails when used), and koth_refusals() names
# every class that would need it, so the caller refuses those by name instead of failing the file.
import ast, importlib.util

class _KothMissing:
    def __init__(self, name):
        object.__setattr__(self, '_koth_name', name)
    def __getattr__(self, a):
        if a.startswith('__'):
            raise AttributeError(a)
        return _KothMissing(self._koth_name + '.' + a)
    def __call__(self, *a, **k):
        raise ImportError('%s is not available in the offline koth Python sandbox' % self._koth_name)
    def __repr__(self):
        return '<not available offline: %s>' % self._koth_name

class _KothMissingModule(types.ModuleType):
    def __getattr__(self, a):
        if a.startswith('__'):
            raise AttributeError(a)
        return _KothMissing(self.__name__ + '.' + a)

def _koth_imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            yield node.module

def koth_missing_modules(code, filename):
    """The top-level packages code imports that this sandbox lacks (blocked ones excluded)."""
    out = []
    for name in _koth_imports(ast.parse(code, filename)):
        root = name.partition('.')[0]
        if root in out:
            continue
        if isinstance(sys.modules.get(root), _KothMissingModule):
            out.append(root)
            continue
        if root in sys.modules:
            continue
        try:
            found = importlib.util.find_spec(root) is not None
        except ImportError:
            found = True  # blocked: importing it raises the sandbox's own ImportError
        if not found:
            out.append(root)
    return out

def koth_exec_with_placeholders(name, filename, code, preset=None):
    """Runs code as module name; a missing package becomes a placeholder module. Returns the missing ones."""
    missing = koth_missing_modules(code, filename)
    for root in missing:
        sys.modules[root] = _KothMissingModule(root)
    m = types.ModuleType(name)
    m.__file__ = filename
    for k, v in (preset or {}).items():
        setattr(m, k, v)
    sys.modules[name] = m
    exec(compile(code, filename, 'exec'), m.__dict__)
    return missing

_KOTH_INSPECT = ("looks into the controller's stack frames (inspect / frame objects); here the controller is "
                 "our TypeScript engine, so the frames and locals it reads are not there")

def koth_refusals(code, filename, missing, frames_ok=False, standins=None):
    """{top-level class or function name: why it cannot run here}: it imports or uses a missing
    package, reads stack frames (unless frames_ok: the game's stand-in calls bots from frames
    that hold what they look for), uses a name of a stand-in module (standins: {module: the
    names it has}) that the stand-in does not have, or uses/derives from something refused
    (to a fixpoint)."""
    tree = ast.parse(code, filename)
    missing = set(missing)
    standins = standins or {}
    alias = {}
    salias = {}   # name bound to a stand-in module -> that module
    sbad = {}     # name bound to something a stand-in module lacks -> 'module.name'
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                root = a.name.partition('.')[0]
                if root in standins:
                    salias[a.asname or root] = root
                elif node in tree.body and root in missing:
                    alias[a.asname or root] = a.name
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            root = node.module.partition('.')[0]
            if root in standins:
                for a in node.names:
                    if node.module != root or a.name not in standins[root]:
                        sbad[a.asname or a.name] = '%s.%s' % (node.module, a.name)
            elif node in tree.body and root in missing:
                for a in node.names:
                    alias[a.asname or a.name] = node.module
    def lacks(what, mod):
        return ('it uses %s, which koth\'s small %s stand-in does not have (it has only %s: what the posted '
                'answers call)' % (what, mod, ', '.join(sorted(standins[mod]))))
    defs = [n for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    why = {}
    for d in defs:
        for sub in ast.walk(d):
            r = None
            if isinstance(sub, (ast.Import, ast.ImportFrom)):
                for m in ([a.name for a in sub.names] if isinstance(sub, ast.Import) else [sub.module or '']):
                    if m.partition('.')[0] in missing:
                        r = 'it imports %s, which the offline Pyodide sandbox does not have (only the standard library)' % m
                    elif m.partition('.')[0] == 'inspect' and not frames_ok:
                        r = 'it ' + _KOTH_INSPECT
            elif isinstance(sub, ast.Name) and sub.id in alias:
                r = 'it uses %s (%s), which the offline Pyodide sandbox does not have (only the standard library)' % (alias[sub.id], sub.id)
            elif isinstance(sub, ast.Name) and sub.id in sbad:
                mod = sbad[sub.id].partition('.')[0]
                r = lacks(sbad[sub.id], mod)
            elif isinstance(sub, ast.Attribute) and isinstance(sub.value, ast.Name) and sub.value.id in salias \
                    and sub.attr not in standins[salias[sub.value.id]]:
                r = lacks('%s.%s' % (salias[sub.value.id], sub.attr), salias[sub.value.id])
            elif isinstance(sub, ast.Name) and sub.id == 'inspect' and not frames_ok:
                r = 'it ' + _KOTH_INSPECT
            elif isinstance(sub, ast.Attribute) and sub.attr in ('_getframe', 'f_back', 'f_globals', 'f_locals') and not frames_ok:
                r = 'it ' + _KOTH_INSPECT
            if r:
                why[d.name] = r
                break
    changed = True
    while changed:
        changed = False
        for d in defs:
            if d.name in why:
                continue
            bases = [b.id for b in getattr(d, 'bases', []) if isinstance(b, ast.Name)]
            for b in bases:
                if b in why:
                    why[d.name] = 'it derives from %s, which is refused (%s)' % (b, why[b])
                    break
            else:
                for sub in ast.walk(d):
                    if isinstance(sub, ast.Name) and sub.id != d.name and sub.id in why:
                        why[d.name] = 'it uses %s, which is refused (%s)' % (sub.id, why[sub.id])
                        break
            changed = changed or d.name in why
    return why

# ---- A clean interpreter for every task that asks for one (a game's shard): sandboxed code may
# change builtins, standard modules (random.randint = ...), classes defined in them, sys.path,
# sys.meta_path, os.environ, the working directory... koth_baseline() records that state (the
# bootstrap's end, then again after a game's own stand-in modules are loaded); koth_reset() puts
# it back: modules imported since are dropped from sys.modules, every recorded module's
# namespace and the namespaces of the classes defined in it get their recorded entries back
# (entries added since are removed). Values are restored by identity: a recorded object that
# was mutated in place (a list in a module, a generator's state) is the game's own business
# (each shard reloads the bots and resets its streams).
import builtins as _koth_builtins

_koth_base = {}

def _koth_heap_types(ns):
    for v in list(ns.values()):
        if isinstance(v, type) and not (v.__flags__ & (1 << 8)):  # not Py_TPFLAGS_IMMUTABLETYPE
            yield v

def koth_baseline():
    mods = {}
    classes = {}
    for name, m in list(sys.modules.items()):
        ns = getattr(m, '__dict__', None)
        if not isinstance(ns, dict):
            continue
        mods[name] = (m, dict(ns))
        for c in _koth_heap_types(ns):
            if id(c) not in classes:
                classes[id(c)] = (c, dict(c.__dict__))
    _koth_base.clear()
    _koth_base.update(
        mods=mods, classes=classes, builtins=dict(_koth_builtins.__dict__),
        path=list(sys.path), meta_path=list(sys.meta_path), path_hooks=list(sys.path_hooks),
        importer_cache=dict(sys.path_importer_cache), streams=(sys.stdin, sys.stdout, sys.stderr),
        displayhook=sys.displayhook, excepthook=sys.excepthook, recursion=sys.getrecursionlimit(),
        environ=dict(os.environ), cwd=os.getcwd(), trace=sys.gettrace(), profile=sys.getprofile(),
        streams_ns={sid: (st, dict(st.__dict__)) for sid, st in _koth_streams.items()})
    return None

def _koth_restore_dict(ns, saved, setter=None, deleter=None):
    for k in [k for k in ns if k not in saved]:
        try:
            deleter(k) if deleter else ns.pop(k)
        except (AttributeError, TypeError, KeyError):
            pass
    for k, v in saved.items():
        if ns.get(k, _koth_base) is not v:
            try:
                setter(k, v) if setter else ns.__setitem__(k, v)
            except (AttributeError, TypeError):
                pass

def koth_reset():
    b = _koth_base
    if not b:
        return None
    sys.settrace(b['trace'])
    sys.setprofile(b['profile'])
    _koth_restore_dict(_koth_builtins.__dict__, b['builtins'])
    for name in [n for n in sys.modules if n not in b['mods']]:
        del sys.modules[name]
    for name, (m, ns) in b['mods'].items():
        sys.modules[name] = m
        _koth_restore_dict(m.__dict__, ns)
    for c, ns in b['classes'].values():
        _koth_restore_dict(c.__dict__, ns, lambda k, v, c=c: setattr(c, k, v), lambda k, c=c: delattr(c, k))
    for sid, (st, ns) in b['streams_ns'].items():
        _koth_streams[sid] = st
        _koth_restore_dict(st.__dict__, ns)
    sys.path[:] = b['path']
    sys.meta_path[:] = b['meta_path']
    sys.path_hooks[:] = b['path_hooks']
    sys.path_importer_cache.clear()
    sys.path_importer_cache.update(b['importer_cache'])
    sys.stdin, sys.stdout, sys.stderr = b['streams']
    sys.displayhook, sys.excepthook = b['displayhook'], b['excepthook']
    sys.setrecursionlimit(b['recursion'])
    os.environ.clear()
    os.environ.update(b['environ'])
    try:
        os.chdir(b['cwd'])
    except OSError:
        pass
    return None

koth_register('koth_baseline', koth_baseline)
koth_register('koth_reset', koth_reset)

_sb = types.ModuleType('koth_sandbox')
_sb.register = koth_register
_sb.tag = koth_tag
_sb.exec_with_placeholders = koth_exec_with_placeholders
_sb.refusals = koth_refusals
_sb.Missing = _KothMissing
_sb.baseline = koth_baseline
_sb.reset = koth_reset
_sb.KothStream = KothStream
_sb.streams = _koth_streams
_sb.new_stream = koth_new_stream
_sb.advance = koth_stream_advance
_sb.stream_code = koth_stream_code
_sb.c_getrandbits = _koth_c_bits
_sb.json = json
_sb.traceback = traceback
sys.modules['koth_sandbox'] = _sb

for _k in list(sys.modules):
    if _k in _KOTH_DENY_NAMES or _k.partition('.')[0] in _KOTH_DENY_ROOTS:
        del sys.modules[_k]
sys.meta_path.insert(0, _KothDeny())
del _m, _n, _k
koth_baseline()
`;

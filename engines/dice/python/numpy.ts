/**
 * Our small `numpy` for the dice sandbox (offline Pyodide has no numpy): exactly what the posted
 * dice answers call — BrainBot's `np.array`, `np.dot`, `np.exp`, `np.argmax` — in float64 as numpy
 * computes them, written by us. Loaded as the module `numpy` beside the dice stand-in
 * (python-bots.ts). Any other name is refused: a class that uses one is refused by name when its
 * file loads (koth_refusals with the stand-in's names), and reaching one at run time gives a
 * placeholder that raises ImportError naming it.
 *
 * Exactness: `dot` sums as numpy did on this project's machine (numpy 2.x with OpenBLAS 0.3.31,
 * Haswell kernels): two running sums, of the even- and of the odd-indexed products, added at the
 * end, then a last odd element; no fused multiply-add (in CPython this equals numpy to the bit on
 * all 128,000 inputs below). `exp` is the C library's: numpy's equals glibc's here, but Pyodide's
 * (musl) differs from glibc's by a unit in the last place on some inputs, so values agree to
 * 1e-12 rather than to the bit. engines/dice/python-numpy.test.ts compares this module in Pyodide
 * with real numpy in CPython on every input BrainBot makes: every argmax (what BrainBot uses) equal.
 */
export const DICE_NUMPY_NAMES = ['array', 'argmax', 'dot', 'exp', 'ndarray'] as const;

export const DICE_NUMPY_PY = String.raw`
"""koth's numpy stand-in for the dice sandbox: array, dot, exp, argmax (what BrainBot calls)."""
import math as _math
import koth_sandbox as _sb

__version__ = 'koth-standin'

class ndarray:
    """A 1-D or 2-D array of float64 (BrainBot makes 1-D ones): iterable, indexable, len()."""
    __slots__ = ('_v',)

    def __init__(self, values):
        self._v = values

    def __iter__(self):
        return iter(self._v)

    def __len__(self):
        return len(self._v)

    def __getitem__(self, i):
        return self._v[i]

    def __repr__(self):
        return 'array(%r)' % (self._v,)

    def tolist(self):
        return [v.tolist() if isinstance(v, ndarray) else v for v in self._v]


def _floats(x):
    out = []
    for v in x:
        if isinstance(v, (list, tuple, ndarray)):
            raise NotImplementedError("koth's numpy stand-in: only 1-D arrays are made by array()")
        out.append(float(v))
    return out


def array(obj):
    return ndarray(_floats(obj))


def _dot1(a, b):
    n = len(a)
    if n != len(b):
        raise ValueError('shapes (%d,) and (%d,) not aligned: %d (dim 0) != %d (dim 0)' % (n, len(b), n, len(b)))
    m = n - (n & 1)
    s0 = 0.0
    s1 = 0.0
    for i in range(0, m, 2):
        s0 += a[i] * b[i]
        s1 += a[i + 1] * b[i + 1]
    y = s0 + s1
    if n & 1:
        y += a[n - 1] * b[n - 1]
    return y


def dot(a, b):
    """A matrix (rows of numbers) times a vector, or a vector times a vector, in float64."""
    rows = list(a)
    vec = _floats(b)
    if rows and all(isinstance(r, (list, tuple, ndarray)) for r in rows):
        return ndarray([_dot1(_floats(r), vec) for r in rows])
    return _dot1(_floats(rows), vec)


def _exp1(v):
    v = float(v)
    try:
        return _math.exp(v)
    except OverflowError:
        return _math.inf


def exp(x):
    if isinstance(x, (list, tuple, ndarray)):
        return ndarray([_exp1(v) for v in x])
    return _exp1(x)


def argmax(x):
    """The index of the first largest value (of the first nan, as numpy)."""
    best = None
    at = 0
    for i, v in enumerate(x):
        if v != v:
            return i
        if best is None or v > best:
            best = v
            at = i
    if best is None:
        raise ValueError('attempt to get argmax of an empty sequence')
    return at


def __getattr__(name):
    if name.startswith('__'):
        raise AttributeError(name)
    return _sb.Missing("numpy.%s (koth's numpy stand-in has only array, dot, exp, argmax)" % name)
`;

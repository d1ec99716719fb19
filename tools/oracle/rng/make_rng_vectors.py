#!/usr/bin/env python3
"""Makes fixtures/rng/*.json: what CPython's random.Random draws for many seeds.

Our own script (no original code). Run from the repository root:
    python3 test/oracle/make_rng_vectors.py fixtures/rng
Each seed gets one sequential stream of calls (the order below is the contract with
engines/core/rng/python-random.test.ts). Python 2.7 vectors (py2-*.json) are made by
spelling out Python 2.7's Lib/random.py algorithms (int(random() * n)) on top of CPython 3's
generator, whose MT19937, seeding of ints and random() are unchanged since 2.7.
"""
import json, math, random, sys

def seeds():
    out = []
    out += [("int", s) for s in [0, 1, 2, 3, 42, 1000, 177765, 2**31 - 1, 2**32 - 1, 2**32, 123456789]]
    out += [("negative", s) for s in [-1, -2, -42, -177765, -2**32, -2**40 - 7, -999999999999, -3, -65536, -12345678901234]]
    out += [("bigint", s) for s in [2**53 + 1, 2**64 - 1, 2**64, 3**80, 2**100 + 12345, 10**30 + 7, 2**1337 - 1, 7**200, 2**63, 98765432109876543210987654321]]
    out += [("str", s) for s in ["", "a", "K48XMESC", "hello world", "seed", "0", "1234", "ruins", "\u00e9t\u00e9 \u2603", "x" * 300]]
    out += [("bytes", s) for s in [b"", b"\x00", b"abc", b"K48XMESC", b"\xff" * 40, bytes(range(256)), b"dice", b"1", b"\x80\x81", b"camel"]]
    return out

def encode_seed(kind, s):
    if kind == "bytes":
        return {"kind": kind, "hex": s.hex()}
    if kind == "str":
        return {"kind": kind, "value": s}
    return {"kind": kind, "value": str(s)}

def stream(r, py2=False):
    """Calls in a fixed order; returns a dict of method -> list of results."""
    if py2:
        below = lambda n: int(r.random() * n)
    else:
        below = r._randbelow
    def randrange(start, stop=None, step=1):
        if not py2:
            return r.randrange(start, stop, step)
        # Python 2.7 randrange, spelled out.
        if stop is None:
            return below(start) if start < 2**53 else r._randbelow(start)
        width = stop - start
        if step == 1:
            return start + (below(width) if width < 2**53 else py2_randbelow(width))
        n = (width + step - 1) // step if step > 0 else (width + step + 1) // step
        return start + step * (below(n) if n < 2**53 else py2_randbelow(n))
    def py2_randbelow(n):
        k = int(1.00001 + math.log(n - 1, 2.0))
        x = r.getrandbits(k)
        while x >= n:
            x = r.getrandbits(k)
        return x
    out = {}
    out["random"] = [r.random() for _ in range(500)]
    out["randint_1_6"] = [randrange(1, 7) for _ in range(1000)]
    out["getrandbits_32"] = [r.getrandbits(32) for _ in range(500)]
    ks = [1, 2, 3, 5, 8, 31, 32, 33, 52, 53, 54, 63, 64, 65, 100, 128, 1337]
    out["getrandbits_k"] = [[k, str(r.getrandbits(k))] for _ in range(6) for k in ks]
    specs = [(10,), (1, 11), (0, 100, 7), (100, 0, -3), (-50, 50), (5, 6), (2**31,), (2**32,), (2**32 + 1,), (3, 2**40, 5), (-(2**45), 2**45), (2**53 - 1,), (0, 2**53, 3)]
    out["randrange"] = [[list(map(str, sp)), str(randrange(*sp))] for _ in range(20) for sp in specs]
    bigspecs = [(2**53 + 1,), (2**64,), (0, 3**80, 7), (-(2**70), 2**70), (10**30, 10**31, -1 * -13)]
    out["randrange_big"] = [[list(map(str, sp)), str(randrange(*sp) if not py2 else (randrange(*sp)))] for _ in range(10) for sp in bigspecs]
    out["randint_m10_10"] = [randrange(-10, 11) for _ in range(300)]
    seq = list("abcdefghijklmnopqrstuvwxyz")
    out["choice"] = [seq[below(len(seq))] for _ in range(300)]
    shuffles = []
    for n in [1, 2, 3, 8, 10, 25, 60, 100]:
        x = list(range(n))
        if py2:
            for i in reversed(range(1, len(x))):
                j = int(r.random() * (i + 1))
                x[i], x[j] = x[j], x[i]
        else:
            r.shuffle(x)
        shuffles.append(x)
    out["shuffle"] = shuffles
    samples = []
    for n, k in [(49, 8), (10, 10), (5, 0), (7, 3), (100, 5), (30, 6), (1000, 20), (22, 21), (200, 100), (26, 5), (2**20, 40), (300, 8), (21, 3), (22, 3), (85, 21), (86, 21), (85, 6), (86, 6)]:
        pop = range(n)
        if py2:
            # Python 2.7 sample: same setsize rule, int(random() * m) draws.
            result = [None] * k
            setsize = 21
            if k > 5:
                setsize += 4 ** math.ceil(math.log(k * 3, 4))
            if n <= setsize:
                pool = list(pop)
                for i in range(k):
                    j = int(r.random() * (n - i))
                    result[i] = pool[j]
                    pool[j] = pool[n - i - 1]
            else:
                selected = set()
                for i in range(k):
                    j = int(r.random() * n)
                    while j in selected:
                        j = int(r.random() * n)
                    selected.add(j)
                    result[i] = pop[j]
            samples.append([n, k, result])
        else:
            samples.append([n, k, r.sample(pop, k)])
    out["sample"] = samples
    out["uniform"] = [r.uniform(-3.5, 10.25) for _ in range(100)]
    if not py2:
        out["choices"] = [r.choices(seq, k=5) for _ in range(20)] + [r.choices(seq, weights=list(range(1, 27)), k=5) for _ in range(20)]
    st = r.getstate()
    out["state_after"] = {"pos": st[1][-1], "first": st[1][0], "sum": sum(st[1][:-1]) % (2**61 - 1)}
    out["random_after"] = [r.random() for _ in range(5)]
    return out

def main(outdir):
    for py2 in (False, True):
        for kind in ["int", "negative", "bigint", "str", "bytes"]:
            if py2 and kind in ("str", "bytes"):
                continue
            vectors = []
            for k2, s in seeds():
                if k2 != kind:
                    continue
                r = random.Random(s)
                vectors.append({"seed": encode_seed(kind, s), "calls": stream(r, py2)})
            name = ("py2-" if py2 else "py3-") + kind + ".json"
            with open(f"{outdir}/{name}", "w") as f:
                json.dump({"python": sys.version.split()[0], "mode": "python2" if py2 else "python3", "vectors": vectors}, f, separators=(",", ":"))
    # getstate()/setstate() round trip: CPython's state after seeding 2019 and 1000 draws.
    r = random.Random(2019)
    for _ in range(1000):
        r.random()
    st = r.getstate()
    with open(f"{outdir}/state-2019.json", "w") as f:
        json.dump({"seed": 2019, "draws": 1000, "version": st[0], "internal": list(st[1]), "gaussNext": st[2], "next": [r.random() for _ in range(10)]}, f)

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "fixtures/rng")

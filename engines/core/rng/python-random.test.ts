import { describe, expect, it } from 'vitest';
import { fixture } from '../../../test/fixtures.ts';
import { generatorKind } from './generators.ts';
import { IntWords, PyRandom, sampleSetsize, versionTwoSeed, versionTwoWords, type PySeed } from './python-random.ts';

// Vectors made by CPython 3.11 (tools/oracle/rng/make_rng_vectors.py; see fixtures/rng/README.md).
const load = (name: string) => fixture(`rng/${name}`);

type SeedSpec = { kind: string; value?: string; hex?: string };
function seedOf(s: SeedSpec): PySeed {
  if (s.kind === 'bytes') return Uint8Array.from(Buffer.from(s.hex!, 'hex'));
  if (s.kind === 'str') return s.value!;
  return BigInt(s.value!);
}
const num = (x: string) => BigInt(x);

/** Replays the oracle's call order (make_rng_vectors.py `stream`) and returns the same shape. */
function stream(r: PyRandom): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  out.random = Array.from({ length: 500 }, () => r.random());
  out.randint_1_6 = Array.from({ length: 1000 }, () => r.randint(1, 6));
  out.getrandbits_32 = Array.from({ length: 500 }, () => Number(r.getrandbits(32)));
  const ks = [1, 2, 3, 5, 8, 31, 32, 33, 52, 53, 54, 63, 64, 65, 100, 128, 1337];
  const gk: [number, string][] = [];
  for (let i = 0; i < 6; i++) for (const k of ks) gk.push([k, r.getrandbits(k).toString()]);
  out.getrandbits_k = gk;
  const specs: bigint[][] = [[10n], [1n, 11n], [0n, 100n, 7n], [100n, 0n, -3n], [-50n, 50n], [5n, 6n], [2n ** 31n], [2n ** 32n], [2n ** 32n + 1n], [3n, 2n ** 40n, 5n], [-(2n ** 45n), 2n ** 45n], [2n ** 53n - 1n], [0n, 2n ** 53n, 3n]];
  const rr: [string[], string][] = [];
  // Safe-integer specs go through the number path, the way engines call it.
  for (let i = 0; i < 20; i++)
    for (const sp of specs) {
      const args = sp.map(Number) as [number, number?, number?];
      const safe = sp.every((v) => Number.isSafeInteger(Number(v)));
      const v = safe ? r.randrange(...args) : r.randrange(sp[0]!, sp[1], sp[2]);
      rr.push([sp.map(String), String(v)]);
    }
  out.randrange = rr;
  const bigspecs: bigint[][] = [[2n ** 53n + 1n], [2n ** 64n], [0n, 3n ** 80n, 7n], [-(2n ** 70n), 2n ** 70n], [10n ** 30n, 10n ** 31n, 13n]];
  const rb: [string[], string][] = [];
  for (let i = 0; i < 10; i++) for (const sp of bigspecs) rb.push([sp.map(String), String(r.randrange(sp[0]!, sp[1], sp[2]))]);
  out.randrange_big = rb;
  out.randint_m10_10 = Array.from({ length: 300 }, () => r.randint(-10, 10));
  const seq = 'abcdefghijklmnopqrstuvwxyz'.split('');
  out.choice = Array.from({ length: 300 }, () => r.choice(seq));
  out.shuffle = [1, 2, 3, 8, 10, 25, 60, 100].map((n) => {
    const x = Array.from({ length: n }, (_, i) => i);
    r.shuffle(x);
    return x;
  });
  const sizes: [number, number][] = [[49, 8], [10, 10], [5, 0], [7, 3], [100, 5], [30, 6], [1000, 20], [22, 21], [200, 100], [26, 5], [2 ** 20, 40], [300, 8], [21, 3], [22, 3], [85, 21], [86, 21], [85, 6], [86, 6]];
  out.sample = sizes.map(([n, k]) => {
    // A range-like population: indexable without materializing 2^20 numbers.
    const pop = new Proxy({ length: n } as ArrayLike<number>, { get: (t, p) => (p === 'length' ? n : typeof p === 'string' ? Number(p) : undefined) });
    return [n, k, r.sample(n > 5000 ? pop : Array.from({ length: n }, (_, i) => i), k)];
  });
  out.uniform = Array.from({ length: 100 }, () => r.uniform(-3.5, 10.25));
  if (!r.python2) {
    const c: string[][] = [];
    for (let i = 0; i < 20; i++) c.push(r.choices(seq, 5));
    const w = Array.from({ length: 26 }, (_, i) => i + 1);
    for (let i = 0; i < 20; i++) c.push(r.choices(seq, 5, w));
    out.choices = c;
  }
  const st = r.getstate().internal;
  let sum = 0n;
  for (let i = 0; i < 624; i++) sum += BigInt(st[i]!);
  out.state_after = { pos: st[624], first: st[0], sum: Number(sum % (2n ** 61n - 1n)) };
  out.random_after = Array.from({ length: 5 }, () => r.random());
  return out;
}

const files = ['py3-int', 'py3-negative', 'py3-bigint', 'py3-str', 'py3-bytes', 'py2-int', 'py2-negative', 'py2-bigint'];

describe('PyRandom matches CPython vectors', () => {
  for (const file of files) {
    const data = load(`${file}.json`);
    it(`${file}: ${data.vectors.length} seeds, every method`, () => {
      expect(data.vectors.length).toBeGreaterThanOrEqual(10);
      for (const v of data.vectors) {
        const r = new PyRandom(seedOf(v.seed), { python2: data.mode === 'python2' });
        const got = stream(r);
        for (const key of Object.keys(v.calls)) {
          expect(got[key], `${file} seed ${JSON.stringify(v.seed)} method ${key}`).toEqual(v.calls[key]);
        }
      }
    });
  }
});

describe('PyRandom state', () => {
  it('getstate equals CPython getstate after seeding 2019 and 1000 draws', () => {
    const s = load('state-2019.json');
    const r = new PyRandom(2019);
    for (let i = 0; i < 1000; i++) r.random();
    expect(r.getstate().internal).toEqual(s.internal);
    expect(Array.from({ length: 10 }, () => r.random())).toEqual(s.next);
  });

  it('setstate from a CPython state continues the CPython stream', () => {
    const s = load('state-2019.json');
    const r = new PyRandom(1);
    r.setstate({ internal: s.internal, gaussNext: s.gaussNext });
    expect(Array.from({ length: 10 }, () => r.random())).toEqual(s.next);
  });

  it('a snapshot taken mid-stream survives JSON and replays the rest', () => {
    const r = new PyRandom('mid-game');
    for (let i = 0; i < 777; i++) r.randint(1, 6);
    r.gauss();
    const snap = JSON.parse(JSON.stringify(r.getState()));
    const rest = Array.from({ length: 2000 }, () => [r.random(), r.randint(1, 6), r.gauss()]);
    const q = new PyRandom(0);
    q.setState(snap);
    expect(Array.from({ length: 2000 }, () => [q.random(), q.randint(1, 6), q.gauss()])).toEqual(rest);
  });

  it('rejects malformed states and seeds with a clear error', () => {
    const r = new PyRandom(1);
    expect(() => r.setstate({ internal: [1, 2, 3] })).toThrow(/625 entries/);
    expect(() => r.setState({ kind: 'SeededRandom' })).toThrow(/cannot restore/);
    expect(() => new PyRandom(1.5)).toThrow(/not a safe integer/);
    expect(() => r.randrange(0)).toThrow(/empty range/);
    expect(() => r.choice([])).toThrow(/empty sequence/);
    expect(() => r.sample([1, 2], 3)).toThrow(/larger than population/);
  });

  it('number and bigint seeds of the same value give the same stream', () => {
    const a = new PyRandom(123456789);
    const b = new PyRandom(123456789n);
    expect(Array.from({ length: 50 }, () => a.random())).toEqual(Array.from({ length: 50 }, () => b.random()));
  });
});

describe('getrandbitsWords and IntWords seeds', () => {
  it('draws what getrandbits draws, as 32-bit words', () => {
    // getrandbits above 53 bits is built on getrandbitsWords (both checked against CPython by the
    // vectors' getrandbits_k); `c` spells out CPython's _random_Random_getrandbits_impl from raw
    // outputs: 32-bit words, least significant first, the last one's top bits.
    for (const k of [0, 1, 31, 32, 33, 53, 64, 100, 420, 744, 1337]) {
      const a = new PyRandom(`words/${k}`);
      const b = new PyRandom(`words/${k}`);
      const c = new PyRandom(`words/${k}`);
      for (let i = 0; i < 5; i++) {
        const w = a.getrandbitsWords(k);
        expect(w.words.length).toBe(Math.ceil(k / 32));
        expect(w.toBigInt()).toBe(b.getrandbits(k));
        let expected = 0n;
        for (let left = k, shift = 0n; left > 0; left -= 32, shift += 32n) expected |= BigInt(c.nextUint32() >>> Math.max(0, 32 - left)) << shift;
        expect(w.toBigInt()).toBe(expected);
      }
      expect(a.getstate()).toEqual(b.getstate());
      expect(a.getstate()).toEqual(c.getstate());
    }
  });

  it('seeds as the int it stands for (high zero words and zero included)', () => {
    const src = new PyRandom(2024);
    const cases: Uint32Array[] = [new Uint32Array(0), new Uint32Array(3), Uint32Array.of(7, 0, 0), Uint32Array.of(0, 0, 1), Uint32Array.of(0xffffffff)];
    for (const k of [32, 744, 1337, 20000]) cases.push(src.getrandbitsWords(k).words);
    for (const words of cases) {
      const w = new IntWords(words);
      const n = w.toBigInt();
      const a = new PyRandom(w);
      const b = new PyRandom(n);
      expect(a.getstate()).toEqual(b.getstate());
      expect(a.random()).toBe(b.random());
      expect(String(w)).toBe(n.toString());
    }
  });
});

describe('str and bytes seeds without a bigint (versionTwoWords)', () => {
  it('the words are those of versionTwoSeed\'s int, and seed the same state', () => {
    const seeds: (string | Uint8Array)[] = ['', '1/pair/0', 'ab/1/pair/123456', 'é∑😀', 'x'.repeat(257), new Uint8Array(0), Uint8Array.of(0, 0, 0, 0, 0, 9), Uint8Array.of(255, 1, 2)];
    for (const s of seeds) {
      const w = versionTwoWords(s);
      expect(w.toBigInt()).toBe(versionTwoSeed(s));
      const byWords = new PyRandom(s).getstate();
      // The int itself through the bigint path (words32 of it):
      expect(new PyRandom(versionTwoSeed(s)).getstate()).toEqual(byWords);
    }
  });

  it('clone() copies the state without seeding: the same draws from there on, independently', () => {
    const a = new PyRandom('clone-me');
    for (let i = 0; i < 700; i++) a.d6();
    const b = a.clone();
    expect(b.getstate()).toEqual(a.getstate());
    const xs = Array.from({ length: 900 }, () => a.d6());
    expect(Array.from({ length: 900 }, () => b.d6())).toEqual(xs);
    a.random();
    expect(a.getstate()).not.toEqual(b.getstate());
  });
});

describe('reseed and copyFrom (koth ab keeps two generators per shard)', () => {
  it('reseed in place gives what fromSeed gives (cpython3, cpython2); copyFrom takes the state', () => {
    for (const kind of ['cpython3', 'cpython2'] as const) {
      const k = generatorKind(kind);
      const r = k.fromSeed('first') as PyRandom;
      for (let i = 0; i < 1000; i++) r.random();
      r.gauss();
      k.reseed!(r, '7/pair/42');
      const fresh = k.fromSeed('7/pair/42') as PyRandom;
      expect(r.getstate()).toEqual(fresh.getstate());
      const c = new PyRandom(5, { python2: kind === 'cpython2' });
      c.copyFrom(r);
      expect(Array.from({ length: 700 }, () => c.randint(1, 6))).toEqual(Array.from({ length: 700 }, () => fresh.randint(1, 6)));
    }
  });
});

describe('d6 (randint(1, 6) from a per-block table)', () => {
  it("draws CPython's randint(1, 6) vectors", () => {
    for (const file of files.filter((f) => f.startsWith('py3'))) {
      for (const v of load(`${file}.json`).vectors) {
        const r = new PyRandom(seedOf(v.seed));
        for (let i = 0; i < 500; i++) r.random();
        expect(Array.from({ length: 1000 }, () => r.d6()), `${file} seed ${JSON.stringify(v.seed)}`).toEqual(v.calls.randint_1_6);
      }
    }
  });

  it('leaves the generator where randint(1, 6) does, mixed with other draws and state changes', () => {
    const a = new PyRandom('d6 mix');
    const b = new PyRandom('d6 mix');
    const ops = new PyRandom('ops');
    for (let step = 0; step < 200_000; step++) {
      const op = ops.randbelow(100);
      if (op < 85) expect(a.d6()).toBe(b.randint(1, 6));
      else if (op < 95) {
        const k = 1 + ops.randbelow(40);
        expect(a.getrandbits(k)).toBe(b.getrandbits(k));
      } else if (op < 98) {
        // setstate mid-block: the table must follow the new words.
        const other = new PyRandom(step);
        for (let i = ops.randbelow(700); i > 0; i--) other.random();
        a.setstate(other.getstate());
        b.setstate(other.getstate());
      } else {
        a.seed(step);
        b.seed(step);
      }
      if (step % 997 === 0) expect(a.getstate()).toEqual(b.getstate());
    }
    expect(a.getstate()).toEqual(b.getstate());
  });
});

describe('str and bytes seeds without a bigint (the pairs of koth ab seed this way)', () => {
  it('seed(str) and versionTwoWords give the state of seeding with versionTwoSeed\'s int, for any str', () => {
    const seeds: (string | Uint8Array)[] = ['', 'a', 'abc', '1', 'bench-ab/0/pair/12345', 'x'.repeat(63), 'y'.repeat(64), 'z'.repeat(65), 'long/'.repeat(60), 'w'.repeat(5000), 'dé', '🎲 pair/7', 'lone \ud800 surrogate', '\u007f\u0080', Uint8Array.from([0, 0, 1]), Uint8Array.from([255, 0, 128, 7])];
    for (let i = 0; i < 300; i += 7) seeds.push(`seed/pair/${i}`);
    for (const s of seeds) {
      const want = new PyRandom(versionTwoSeed(s)).getstate();
      expect(new PyRandom(s).getstate(), JSON.stringify(String(s))).toEqual(want);
      expect(new PyRandom(versionTwoWords(s)).getstate()).toEqual(want);
      // Reseeding a used generator (the pairs' kept generators) gives the same.
      const r = new PyRandom('before');
      r.random();
      r.seed(s);
      expect(r.getstate()).toEqual(want);
    }
  });
});

describe('the Mersenne Twister computes a new block as it is drawn (64 words at a time)', () => {
  // A textbook MT19937 over the words getstate shows: a whole block twisted at once.
  function reference(seed: string) {
    const st = new PyRandom(seed).getstate().internal;
    const mt = Uint32Array.from(st.slice(0, 624));
    let i = st[624]!;
    const next = (): number => {
      if (i >= 624) {
        for (let k = 0; k < 624; k++) {
          const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % 624]! & 0x7fffffff);
          mt[k] = mt[(k + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
        }
        i = 0;
      }
      let y = mt[i++]!;
      y ^= y >>> 11;
      y ^= (y << 7) & 0x9d2c5680;
      y ^= (y << 15) & 0xefc60000;
      return (y ^ (y >>> 18)) >>> 0;
    };
    const d6 = (): number => {
      let r = next() >>> 29;
      while (r >= 6) r = next() >>> 29;
      return r + 1;
    };
    return { next, d6, state: () => [...mt, i] };
  }

  it('draws, dice, skips and getstate at every stop around chunk and block ends equal a whole-block twist', () => {
    for (const stop of [0, 1, 63, 64, 65, 127, 128, 129, 200, 226, 227, 228, 500, 622, 623, 624, 625, 688, 1247, 1248, 1249, 2000]) {
      const r = new PyRandom('chunks');
      const ref = reference('chunks');
      const got: number[] = [];
      const want: number[] = [];
      // Dice until `stop` words are passed, then a skip and plain draws: positions land everywhere.
      while (r.streamPos() - 624 < stop) {
        got.push(r.d6());
        want.push(ref.d6());
      }
      r.skip(stop % 7);
      for (let k = 0; k < stop % 7; k++) ref.next();
      for (let k = 0; k < 3; k++) {
        got.push(r.nextUint32());
        want.push(ref.next());
      }
      expect(got, `stop ${stop}`).toEqual(want);
      expect(r.getstate().internal, `stop ${stop}`).toEqual(ref.state());
      // After getstate completed the block, the stream goes on unchanged.
      expect(Array.from({ length: 700 }, () => r.nextUint32())).toEqual(Array.from({ length: 700 }, () => ref.next()));
    }
  });

  it('a copy taken mid-chunk draws what the original draws', () => {
    const a = new PyRandom('copy');
    for (let k = 0; k < 100; k++) a.d6();
    const b = new PyRandom(0);
    b.copyFrom(a);
    expect(Array.from({ length: 1500 }, () => b.d6())).toEqual(Array.from({ length: 1500 }, () => a.d6()));
    expect(b.getstate()).toEqual(a.getstate());
  });
});

describe('sampleInto', () => {
  it('sampleSetsize is CPython\'s 21 + 4 ** ceil(log(3k, 4)) (k > 5)', () => {
    for (let k = 0; k <= 20000; k++) expect(sampleSetsize(k), `k ${k}`).toBe(k > 5 ? 21 + 4 ** Math.ceil(Math.log(k * 3) / Math.log(4)) : 21);
  });

  it('gives what sample gives and leaves the generator where sample does (pool and set strategies, python2)', () => {
    for (const python2 of [false, true]) {
      for (const [n, k] of [[8, 8], [47, 7], [10, 0], [21, 5], [22, 5], [85, 7], [86, 7], [200, 30]] as const) {
        const pop = Array.from({ length: n }, (_, i) => `b${i}`);
        const a = new PyRandom(n * 1000 + k, { python2 });
        const b = new PyRandom(n * 1000 + k, { python2 });
        const out: string[] = [];
        const scratch: string[] = [];
        for (let t = 0; t < 20; t++) expect(b.sampleInto(pop, k, out, scratch).slice(0, k), `${n} ${k}`).toEqual(a.sample(pop, k));
        expect(b.getstate()).toEqual(a.getstate());
      }
    }
    expect(() => new PyRandom(1).sampleInto([1, 2], 3, [], [])).toThrow(/larger than population/);
  });
});

describe('a generator takes the words its copy already computed (the two games of an A/B pair)', () => {
  it('draws what it would have drawn, whatever the copy did after the copy', () => {
    const stream = (r: PyRandom) => [...Array.from({ length: 300 }, () => r.d6()), ...Array.from({ length: 1500 }, () => r.nextUint32())];
    const want = stream(new PyRandom('twin'));
    // The copy draws a little, to a chunk's end, a whole block and more, is reseeded, or is set.
    const after: ((c: PyRandom) => void)[] = [
      (c) => c.nextUint32(),
      (c) => c.skip(64),
      (c) => c.skip(700),
      (c) => c.skip(1300),
      (c) => Array.from({ length: 400 }, () => c.d6()),
      (c) => c.seed('other'),
      (c) => (c.seed('other'), c.skip(100)),
      (c) => (c.skip(100), c.setstate(new PyRandom('x').getstate())),
      (c) => (c.skip(100), c.getstate()),
    ];
    for (const [k, f] of after.entries()) {
      const b = new PyRandom('twin');
      const a = new PyRandom(0);
      a.copyFrom(b);
      f(a);
      expect(stream(b), `case ${k}`).toEqual(want);
    }
    // The original draws first, then the copy: nothing is shared the other way, and both are right.
    const b = new PyRandom('twin');
    const a = new PyRandom(0);
    a.copyFrom(b);
    expect(stream(b)).toEqual(want);
    expect(stream(a)).toEqual(want);
  });
});

/**
 * Pair i's generator (pair-state.ts): the recipe printed in docs/ab.md "Pair i's generator" is run
 * with python3 and gives the same draws (skipped with a message without python3); pinned words
 * for when it is missing; in place = fresh; distinct pairs differ in every word; the index range.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PAIRS, pairKey, pairRandom, seedPair } from './pair-state.ts';
import { PyRandom } from './python-random.ts';
import { generatorKind } from './generators.ts';
import { pairGenerator, pairSeed } from '../ab/pairs.ts';

const DOC = join(import.meta.dirname, '../../../docs/ab.md');

/** The python block under the heading "### Pair i's generator" of docs/ab.md. */
function recipe(): string {
  const doc = readFileSync(DOC, 'utf8');
  const at = doc.indexOf("### Pair i's generator");
  expect(at).toBeGreaterThan(0);
  const m = /```python\n([\s\S]*?)```/.exec(doc.slice(at));
  expect(m).not.toBeNull();
  return m![1]!;
}

const CASES: [string, number][] = [
  ['', 0],
  ['ab/1', 0],
  ['ab/1', 1],
  ['bench-ab/0', 12345],
  ['x', 2 ** 31],
  ['x', 2 ** 32 - 1],
  ['dé 🎲', 7],
];

/**
 * What the tests compare: the state words, then 20 random(), 20 getrandbits(32), 10 randint(1, 6),
 * then past the first twist (600 more words): 5 getrandbits(32) and the state's position and words.
 */
function draws(r: PyRandom) {
  const st = r.getstate().internal;
  const out = {
    words: st.slice(0, 8).concat(st.slice(620)),
    random: Array.from({ length: 20 }, () => r.random()),
    bits: Array.from({ length: 20 }, () => Number(r.getrandbits(32))),
    dice: Array.from({ length: 10 }, () => Number(r.randint(1, 6))),
    twisted: [] as number[],
  };
  for (let j = 0; j < 600; j++) r.getrandbits(32);
  const bits = Array.from({ length: 5 }, () => Number(r.getrandbits(32)));
  const after = r.getstate().internal;
  out.twisted = bits.concat(after.slice(0, 4), after.slice(621));
  return out;
}

const probe = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const havePython = probe.status === 0;

describe.skipIf(!havePython)(`docs/ab.md's recipe in CPython gives pair i's generator${havePython ? '' : ' (skipped: python3 is not installed: apt-get install python3)'}`, () => {
  it('the same state words and draws for ASCII, non-ASCII and extreme pair indices', () => {
    const driver = `${recipe()}\nimport json, sys\nout = []\nfor seed, i in json.loads(sys.argv[1]):\n    r = pair_random(seed, i)\n    st = r.getstate()[1]\n    out.append({'words': list(st[:8]) + list(st[620:]), 'random': [r.random() for _ in range(20)], 'bits': [r.getrandbits(32) for _ in range(20)], 'dice': [r.randint(1, 6) for _ in range(10)]})\n    [r.getrandbits(32) for _ in range(600)]\n    bits = [r.getrandbits(32) for _ in range(5)]\n    st = r.getstate()[1]\n    out[-1]['twisted'] = bits + list(st[:4]) + list(st[621:])\nprint(json.dumps(out))\n`;
    const res = spawnSync('python3', ['-c', driver, JSON.stringify(CASES)], { encoding: 'utf8' });
    expect(res.stderr).toBe('');
    const py = JSON.parse(res.stdout) as unknown[];
    expect(py).toEqual(CASES.map(([s, i]) => draws(pairRandom(s, i))));
  });
});

describe("pair i's generator", () => {
  it('pinned words (CPython with the recipe, 2026-11-26): seed "ab/1", pairs 0 and 1', () => {
    expect(Array.from(pairRandom('ab/1', 0).getstate().internal.slice(0, 4))).toEqual(PINNED_0);
    expect(Array.from(pairRandom('ab/1', 1).getstate().internal.slice(0, 4))).toEqual(PINNED_1);
  });

  it('in place (seedPair on a used generator, Python 2 mode too) equals a new one; the key cache follows the seed', () => {
    const r = new PyRandom('used');
    r.gauss();
    for (const [s, i] of CASES) {
      seedPair(r, s, i);
      expect(draws(r)).toEqual(draws(pairRandom(s, i)));
    }
    const k1 = Array.from(pairKey('one'));
    expect(Array.from(pairKey('two'))).not.toEqual(k1);
    expect(Array.from(pairKey('one'))).toEqual(k1);
    const p2 = pairRandom('ab/1', 3, { python2: true });
    expect(p2.getstate().internal).toEqual(pairRandom('ab/1', 3).getstate().internal);
  });

  it('words hashed as drawn (no getstate first) give what the whole state gives; copies and the twin hand-over too', () => {
    /** A mix of draws: dice (d6's table, and randint), words, floats, skips — 2,000 words or so, past three twists. */
    const use = (r: PyRandom, n: number) => {
      const out: number[] = [];
      for (let t = 0; t < n; t++) {
        for (let d = t % 5; d >= 0; d--) out.push(r.d6());
        out.push(Number(r.randint(1, 6)), Number(r.getrandbits(32)), r.random());
        if (t % 37 === 0) r.skip(t % 70);
      }
      return out;
    };
    for (const [s, i] of CASES) {
      const eager = pairRandom(s, i);
      eager.getstate(); // every word computed
      const want = use(eager, 400);
      expect(use(pairRandom(s, i), 400)).toEqual(want);
      // As pairTrials does: b in the pair's state, a a copy of it; a plays first, then b takes a's words.
      const b = new PyRandom(1);
      seedPair(b, s, i);
      const a = new PyRandom(2);
      a.copyFrom(b);
      // a stays in the first block (as a dice game does), b then takes its words and dice tables.
      const first = use(a, 40);
      expect(a.streamPos()).toBeLessThan(600);
      expect(first).toEqual(want.slice(0, first.length));
      expect(use(b, 30)).toEqual(want.slice(0, use(pairRandom(s, i), 30).length));
      const ref = pairRandom(s, i);
      ref.getstate();
      use(ref, 30);
      expect(b.getstate()).toEqual(ref.getstate()); // mid-block, the state shown whole
    }
    // The two games part: b builds a chunk's dice table from earlier in it than a did (a drew words
    // there first), or from later; what b takes of a's table is only what a's covers.
    for (const [wa, wb] of [[70, 64], [64, 70], [130, 129], [5, 100]] as const) {
      const b = new PyRandom(1);
      seedPair(b, 'part', wa);
      const a = new PyRandom(2);
      for (let d = 0; d < 1000; d++) a.d6(); // its dice table full of another state's entries (a run's generators are reused)
      a.copyFrom(b);
      a.skip(wa);
      for (let d = 0; d < 40; d++) a.d6();
      b.skip(wb);
      const ref = pairRandom('part', wa);
      ref.skip(wb);
      expect(Array.from({ length: 60 }, () => b.d6())).toEqual(Array.from({ length: 60 }, () => ref.d6()));
    }
    // A state shown whole part-way through the first block is the eager one's at the same draw.
    const lazy = pairRandom('ab/1', 5);
    const eager = pairRandom('ab/1', 5);
    eager.getstate();
    use(lazy, 20);
    use(eager, 20);
    expect(lazy.getstate()).toEqual(eager.getstate());
  });

  it('two pairs of a run differ in every state word; two runs differ', () => {
    const w = (s: string, i: number) => pairRandom(s, i).getstate().internal.slice(0, 624);
    for (const [i, j] of [[0, 1], [5, 6], [0, 2 ** 31], [100, 101]] as const) {
      const a = w('run', i);
      const b = w('run', j);
      expect(a.filter((x, k) => x === b[k]).length).toBe(0);
    }
    expect(w('run', 0)).not.toEqual(w('run2', 0));
  });

  it('pair indices are integers in [0, 2^32)', () => {
    const r = new PyRandom(0);
    for (const bad of [-1, 0.5, MAX_PAIRS, Number.NaN]) expect(() => seedPair(r, 's', bad)).toThrow(RangeError);
  });

  it('the generator kinds: cpython3 and cpython2 use it, seedrandom seeds "<seed>/pair/<i>"', () => {
    const py3 = pairGenerator(generatorKind('cpython3'), 'k', 9) as PyRandom;
    expect(py3.getstate().internal).toEqual(pairRandom('k', 9).getstate().internal);
    const into = new PyRandom(1);
    expect(pairGenerator(generatorKind('cpython3'), 'k', 9, into)).toBe(into);
    expect(into.getstate().internal).toEqual(py3.getstate().internal);
    const py2 = pairGenerator(generatorKind('cpython2'), 'k', 9) as PyRandom;
    expect(py2.getstate().internal).toEqual(py3.getstate().internal);
    const sr = pairGenerator(generatorKind('seedrandom'), 'k', 9);
    expect(sr.random()).toBe(generatorKind('seedrandom').fromSeed(pairSeed('k', 9)).random());
  });
});

const PINNED_0 = [2733847297, 3817265022, 303648755, 2863144812];
const PINNED_1 = [2911015338, 997102767, 4190647410, 2113781792];

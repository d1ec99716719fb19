/**
 * A hosted game's seed (seeds.ts): the recipe printed in docs/host.md "Seeds" is run with python3
 * and gives the same draws as gameGenerator in the CPython kinds (skipped with a message without
 * python3); values pinned from that recipe for when python3 is missing; the seedrandom kind seeds
 * with the documented string; the same inputs give the same generator, and each input changes it;
 * test runs are their own; bad rules versions and keys are refused.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatorKind } from '../rng/generators.ts';
import { PyRandom } from '../rng/python-random.ts';
import { SeededRandom } from '../rng/seeded-random.ts';
import { fieldRunSeed, gameGenerator, smokeRunSeed, testRunSeed } from './seeds.ts';

const DOC = join(import.meta.dirname, '../../../docs/host.md');

/** The python block under the heading "### Seeds" of docs/host.md. */
function recipe(): string {
  const doc = readFileSync(DOC, 'utf8');
  const at = doc.indexOf('### Seeds');
  expect(at).toBeGreaterThan(0);
  const m = /```python\n([\s\S]*?)```/.exec(doc.slice(at));
  expect(m).not.toBeNull();
  return m![1]!;
}

const CASES: [string, string, number][] = [
  ['koth', 'original', 0],
  ['koth', 'original', 1],
  ['koth', '2026', 1],
  ['other', 'original', 1],
  ['', 'r', 12345],
  ['dé 🎲', '2026', 2 ** 32 - 1],
];

/** 10 random(), 10 getrandbits(32), then past the first twist (700 words on): 3 getrandbits(32). */
function draws(r: PyRandom) {
  const out = { random: Array.from({ length: 10 }, () => r.random()), bits: Array.from({ length: 10 }, () => Number(r.getrandbits(32))), twisted: [] as number[] };
  for (let j = 0; j < 700; j++) r.getrandbits(32);
  out.twisted = Array.from({ length: 3 }, () => Number(r.getrandbits(32)));
  return out;
}

const cpython3 = generatorKind('cpython3');
const game = (s: string, rules: string, key: number) => gameGenerator(cpython3, s, rules, key) as PyRandom;

const havePython = spawnSync('python3', ['--version'], { encoding: 'utf8' }).status === 0;

describe.skipIf(!havePython)(`docs/host.md's recipe in CPython gives a hosted game's generator${havePython ? '' : ' (skipped: python3 is not installed: apt-get install python3)'}`, () => {
  it('the same draws, before and after the first twist, for ASCII and non-ASCII seeds, two rules versions and the extreme keys', () => {
    const driver = `${recipe()}\nimport json, sys\nout = []\nfor s, rules, key in json.loads(sys.argv[1]):\n    r = host_game_random(s, rules, key)\n    d = {'random': [r.random() for _ in range(10)], 'bits': [r.getrandbits(32) for _ in range(10)]}\n    [r.getrandbits(32) for _ in range(700)]\n    d['twisted'] = [r.getrandbits(32) for _ in range(3)]\n    out.append(d)\nprint(json.dumps(out))\n`;
    const res = spawnSync('python3', ['-c', driver, JSON.stringify(CASES)], { encoding: 'utf8' });
    expect(res.stderr).toBe('');
    const py = JSON.parse(res.stdout) as unknown[];
    expect(py).toEqual(CASES.map(([s, rules, key]) => draws(game(s, rules, key))));
  });
});

describe("a hosted game's generator", () => {
  it("pinned draws (CPython with docs/host.md's recipe, 2026-11-28), the first of them the value the page prints", () => {
    const r = game('koth', 'original', 0);
    expect(r.random()).toBe(0.3262227237677089);
    expect([0, 1, 2].map(() => Number(r.getrandbits(32)))).toEqual([350065352, 224480476, 1391763263]);
    expect(game('koth', 'original', 1).random()).toBe(0.4802335860347491);
    expect(game('dé 🎲', '2026', 2 ** 32 - 1).random()).toBe(0.5562505873740211);
    expect(readFileSync(DOC, 'utf8')).toContain("`host_game_random('koth', 'original', 0).random()` is `0.3262227237677089`");
  });

  it('is a function of (host seed, rules version, key): the same inputs the same draws, each input changing them; Python 2 mode draws the same random()', () => {
    expect(draws(game('koth', 'original', 7))).toEqual(draws(game('koth', 'original', 7)));
    const base = draws(game('koth', 'original', 7)).random;
    expect(draws(game('kotH', 'original', 7)).random).not.toEqual(base);
    expect(draws(game('koth', '2026', 7)).random).not.toEqual(base);
    expect(draws(game('koth', 'original', 8)).random).not.toEqual(base);
    const py2 = gameGenerator(generatorKind('cpython2'), 'koth', 'original', 7) as PyRandom;
    expect(Array.from({ length: 10 }, () => py2.random())).toEqual(base);
    // In place, into a used generator, as a scheduler reusing one per worker would.
    const used = new PyRandom('used');
    used.random();
    expect(gameGenerator(cpython3, 'koth', 'original', 7, used)).toBe(used);
    expect(draws(used)).toEqual(draws(game('koth', 'original', 7)));
  });

  it('gun-duel\'s seedrandom is seeded with the string host/<seed>/rules/<rules>/pair/<key>', () => {
    const r = gameGenerator(generatorKind('seedrandom'), 'koth', 'original', 42);
    const want = new SeededRandom('host/koth/rules/original/pair/42');
    expect(Array.from({ length: 10 }, () => r.random())).toEqual(Array.from({ length: 10 }, () => want.random()));
  });

  it('run seeds: the field\'s and a test\'s are the documented strings; tests never share the field\'s generator', () => {
    expect(fieldRunSeed('koth', 'original')).toBe('host/koth/rules/original');
    expect(testRunSeed('koth', 'original', 3)).toBe('host/koth/rules/original/test/3');
    expect(() => testRunSeed('koth', 'original', 0)).toThrow('tests are numbered from 1');
  });

  it('refuses a rules version that is empty or holds "/", and keys outside 0 … 2^32 − 1', () => {
    expect(() => fieldRunSeed('koth', 'a/b')).toThrow(`rules version "a/b": a rules version is a non-empty name without '/'`);
    expect(() => fieldRunSeed('koth', '')).toThrow('a rules version is a non-empty name');
    expect(() => game('koth', 'original', -1)).toThrow('seed key -1: keys are 0 to 2^32 − 1');
    expect(() => game('koth', 'original', 2 ** 32)).toThrow('keys are 0 to 2^32 − 1');
    expect(() => game('koth', 'original', 1.5)).toThrow('keys are 0 to 2^32 − 1');
  });
});

describe('smokeRunSeed', () => {
  it("names a version's smoke run by the host seed, the rules and the code's sha256 only", () => {
    const sha = 'ab'.repeat(32);
    expect(smokeRunSeed('koth', 'fixed', sha)).toBe(`host/koth/rules/fixed/smoke/${sha}`);
    expect(() => smokeRunSeed('koth', 'fixed', 'AB'.repeat(32))).toThrow(/sha256/);
    expect(() => smokeRunSeed('koth', 'a/b', sha)).toThrow(/rules version/);
  });
});

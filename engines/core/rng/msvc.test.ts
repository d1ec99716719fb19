import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Mt19937, MsvcMt19937, msvcSort } from './msvc.ts';

// Raw std::mt19937 outputs recorded from g++ by tools/oracle/gun-duel/mt19937-vectors.cpp (the
// stream is fixed by the standard; MSVC's default_random_engine is this engine).
const vec = JSON.parse(readFileSync(new URL('../../../fixtures/gun-duel/rng-vectors/mt19937.json', import.meta.url), 'utf8')) as {
  cases: { seed: number; raw: number[]; at10000: number }[];
};
const raw = (seed: number, n: number) => {
  const g = new Mt19937(seed);
  return Array.from({ length: n }, () => g.nextU32());
};

describe('mt19937 (raw stream = g++ std::mt19937)', () => {
  for (const c of vec.cases) {
    it(`seed ${c.seed}: 1300 outputs (past two twists) and the 10000th`, () => {
      const g = new Mt19937(c.seed);
      const got = Array.from({ length: c.raw.length }, () => g.nextU32());
      expect(got).toEqual(c.raw);
      for (let i = c.raw.length; i < 9999; i++) g.nextU32();
      expect(g.nextU32()).toBe(c.at10000);
    });
  }
  it('state saves and restores as JSON', () => {
    const g = new MsvcMt19937(7);
    g.uniformInt(0, 9);
    const s = JSON.parse(JSON.stringify(g.getState()));
    const a = Array.from({ length: 700 }, () => g.uniformInt(0, 99));
    const h = new MsvcMt19937(1);
    h.setState(s);
    expect(Array.from({ length: 700 }, () => h.uniformInt(0, 99))).toEqual(a);
    expect(() => h.setState({ kind: 'minstd_rand0' })).toThrow(/not an mt19937 state/);
  });
});

describe("MSVC's distributions (from their definition in microsoft/STL 2195148)", () => {
  it('uniform_int_distribution<int>(0, 0) takes no draw; (0, −1) is the raw draw as an int; (0, INT_MAX) is the draw mod 2^31', () => {
    const g = new MsvcMt19937(12345);
    const r = raw(12345, 3);
    expect(g.uniformInt(0, 0)).toBe(0);
    expect(g.uniformInt(0, -1)).toBe(r[0]! | 0);
    expect(g.uniformInt(0, 2147483647)).toBe(r[1]! % 2 ** 31);
    expect(g.uniformInt(0, 0)).toBe(0);
    expect(g.uniformInt(0, 0)).toBe(0);
    expect(g.uniformInt(0, -1)).toBe(r[2]! | 0);
  });
  it('small ranges: r mod n unless r is in the incomplete last block (then a fresh draw)', () => {
    const r = raw(99, 200);
    const g = new MsvcMt19937(99);
    expect(Array.from({ length: 200 }, () => g.uniformInt(3, 12))).toEqual(r.map((x) => (x % 10) + 3)); // 10 rejects only r ≥ 4294967290
    // n = 3·2^30: limit ⌊(2^32−1)/n⌋ = 1, so draws ≥ n are rejected (a quarter of them)
    const h = new MsvcMt19937(5);
    const s = raw(5, 400).filter((x) => x < 3 * 2 ** 30);
    expect(s.length).toBeLessThan(380);
    expect(Array.from({ length: 100 }, () => h.uniformInt(-(2 ** 31), 2 ** 30 - 1))).toEqual(s.slice(0, 100).map((x) => x - 2 ** 31));
  });
  it('generate_canonical: (g1 + g2·2^32) / 2^64; uniform_real scales it', () => {
    const r = raw(3, 4);
    const g = new MsvcMt19937(3);
    expect(g.uniformReal(0, 1)).toBe((r[0]! + r[1]! * 2 ** 32) / 2 ** 64);
    expect(g.uniformReal(2, 5)).toBe(((r[2]! + r[3]! * 2 ** 32) / 2 ** 64) * 3 + 2);
  });
  it('std::shuffle: for i = 1…n−1 swap a[i] with a[index(i+1)]', () => {
    const r = raw(42, 16);
    const want = Array.from({ length: 17 }, (_, i) => i);
    for (let i = 1, k = 0; i < 17; i++, k++) {
      const j = r[k]! % (i + 1); // none of these 16 draws falls in a rejected block (checked below)
      expect(Math.floor(r[k]! / (i + 1))).toBeLessThan(Math.floor((2 ** 32 - 1) / (i + 1)));
      [want[i], want[j]] = [want[j]!, want[i]!];
    }
    const got = Array.from({ length: 17 }, (_, i) => i);
    new MsvcMt19937(42).shuffle(got);
    expect(got).toEqual(want);
  });
  it('std::sort of ≤ 32 elements is an insertion sort: stable', () => {
    const a = [5, 3, 5, 1, 3, 9, 1].map((v, i) => ({ v, i }));
    msvcSort(a, (x, y) => x.v > y.v);
    expect(a.map((x) => `${x.v}.${x.i}`)).toEqual(['9.5', '5.0', '5.2', '3.1', '3.4', '1.3', '1.6']);
    expect(() => msvcSort(Array.from({ length: 33 }, (_, i) => i), (x, y) => x < y)).toThrow(/only MSVC's small-input path/);
  });
});

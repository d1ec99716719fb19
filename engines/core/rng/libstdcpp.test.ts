import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { downscaling, LibstdcppMinstd0, minstdStep } from './libstdcpp.ts';
import { glibcLog } from './glibc-log.ts';

// Vectors recorded from g++ 12 / libstdc++ by tools/oracle/gun-duel/rng-vectors.cpp.
const vec = JSON.parse(readFileSync(new URL('../../../fixtures/gun-duel/rng-vectors/libstdcpp.json', import.meta.url), 'utf8')) as {
  cases: { seed: number; raw: number[]; ints: [number, number][]; reals: string[]; shuffles: Record<string, number[]> }[];
  log: string[];
};
const bits = (d: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(d);
  return b.toString('hex');
};

describe('libstdc++ minstd_rand0 and distributions', () => {
  for (const c of vec.cases) {
    it(`seed ${c.seed}: raw engine`, () => {
      const g = new LibstdcppMinstd0(c.seed);
      expect(c.raw.map(() => g.next())).toEqual(c.raw);
    });
    it(`seed ${c.seed}: uniform_int_distribution<int> incl. INT_MAX and (0,-1)`, () => {
      const g = new LibstdcppMinstd0(c.seed);
      expect(c.ints.map(([m]) => [m, g.uniformInt(0, m)])).toEqual(c.ints);
    });
    it(`seed ${c.seed}: uniform_real_distribution<double>`, () => {
      const g = new LibstdcppMinstd0(c.seed);
      expect(c.reals.map(() => bits(g.uniformReal(0, 1)))).toEqual(c.reals);
    });
    it(`seed ${c.seed}: std::shuffle`, () => {
      for (const [n, want] of Object.entries(c.shuffles)) {
        const v = Array.from({ length: Number(n) }, (_, i) => i);
        new LibstdcppMinstd0(c.seed).shuffle(v);
        expect(v, `n=${n}`).toEqual(want);
      }
    });
  }
  it('getState/setState round-trips through JSON', () => {
    const g = new LibstdcppMinstd0(42);
    g.uniformInt(0, 2147483647);
    const s = JSON.parse(JSON.stringify(g.getState()));
    const a = Array.from({ length: 10 }, () => g.uniformInt(0, 9));
    const h = new LibstdcppMinstd0(1);
    h.setState(s);
    expect(Array.from({ length: 10 }, () => h.uniformInt(0, 9))).toEqual(a);
    expect(() => h.setState({ kind: 'PyRandom' })).toThrow(/minstd_rand0/);
  });
});

describe('minstd_rand0 step in 32-bit integer arithmetic', () => {
  // the plain definition: 16807·x < 2^45 is exact in a double
  const exact = (x: number) => (x * 16807) % 2147483647;
  it('equals 16807·x mod (2^31 − 1) on the edges and along a long orbit', () => {
    for (const x of [1, 2, 127773, 127774, 0xffff, 0x10000, 0x7fff0000, 2147483645, 2147483646]) expect(minstdStep(x)).toBe(exact(x));
    let x = 1;
    for (let i = 0; i < 1_000_000; i++) {
      const y = minstdStep(x);
      if (y !== exact(x)) expect(y).toBe(exact(x));
      x = y;
    }
  });
  it('down-scaling factors MontePlayer writes as literals', () => {
    const scale = [1, 2, 3, 4, 5].map(downscaling);
    expect(scale).toEqual([2147483645, 1073741822, 715827881, 536870911, 429496729]);
    expect(scale.map((s, i) => s * (i + 1))).toEqual([2147483645, 2147483644, 2147483643, 2147483644, 2147483645]);
  });
});

describe('glibc log', () => {
  it('equals glibc for every integer 1..20000', () => {
    const got = vec.log.map((_, i) => bits(glibcLog(i + 1)));
    expect(got).toEqual(vec.log);
  });
  it('V8 Math.log really differs somewhere (the table is needed)', () => {
    expect(vec.log.some((h, i) => bits(Math.log(i + 1)) !== h)).toBe(true);
  });
});

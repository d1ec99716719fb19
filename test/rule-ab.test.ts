/**
 * --compare-rules A,B in all five games: the one paired rule A/B of engines/core/ab/rules.ts —
 * the same JSON shape, the paired section on the --report page, A,A gives exactly 0 difference,
 * and --workers 1 and 2 give the same figures.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { koth, tempDirs } from './helpers.ts';
import { pairedRow, ruleAbTrials, type PairSums } from '../engines/core/ab/rules.ts';
import { zFor } from '../engines/core/stats/intervals.ts';

const GAMES: Record<string, { args: string[]; ab: string; rows: number }> = {
  dice: { args: ['--games', '1000', '--shard-size', '250'], ab: 'original,fixed', rows: 49 },
  'camel-up': { args: ['--pool', 'dumb', '--games', '40', '--shard-size', '10'], ab: 'original,fixed', rows: 3 },
  atomas: { args: ['--runs', '6', '--shard-size', '3', '--bots', 'RandomBot,BadPlayer'], ab: 'original,fixed', rows: 2 },
  'gun-duel': { args: ['--tournaments', '2', '--repetition', '1', '--players', 'GunClubPlayer,DeceptivePlayer,FatedPlayer'], ab: 'original,fixed', rows: 3 },
  ruins: { args: ['--tournaments', '2', '--bots', 'EagerThief,EmoKid,Chad,Coward'], ab: 'original,fixed', rows: 4 },
};

const figures = (j: Record<string, unknown>) => ({ ...j, seconds: 0, workers: 0 });

describe('the paired rule A/B (core) in every game', () => {
  const tmp = tempDirs('koth-rule-ab-');
  for (const [game, g] of Object.entries(GAMES)) {
    it(`${game}: --compare-rules ${g.ab} --json has the one shape; --report has the paired section; --workers 2 equals --workers 1`, () => {
      const dir = `${tmp()}/out`;
      const one = koth(['replay', game, '--compare-rules', g.ab, ...g.args, '--workers', '1', '--json', '--report', dir]);
      expect(one.status, one.stderr).toBe(0);
      const r = one.json();
      expect(r).toMatchObject({ challenge: game, kind: 'rules', compare: g.ab.split(',') });
      expect(r.pairs).toBeGreaterThan(0);
      expect(r.bots).toHaveLength(g.rows);
      for (const b of r.bots) {
        expect(b.diff.low).toBeLessThanOrEqual(b.diff.d);
        expect(b.diff.d).toBeLessThanOrEqual(b.diff.high);
        expect(b.diff.d).toBeCloseTo(b.b - b.a, 9); // a paired mean difference: both means over the same pairs
      }
      const html = readFileSync(`${dir}/index.html`, 'utf8');
      expect(html).toContain(`id="${game}-rules"`);
      expect(html).toContain('paired');
      const two = koth(['replay', game, '--compare-rules', g.ab, ...g.args, '--workers', '2', '--json']);
      expect(two.status, two.stderr).toBe(0);
      expect(figures(two.json())).toEqual(figures(r));
    });
    it(`${game}: --compare-rules A,A gives exactly 0 difference for every bot`, () => {
      const v = g.ab.split(',')[1]!;
      const r = koth(['replay', game, '--compare-rules', `${v},${v}`, ...g.args, '--workers', '1', '--json']);
      expect(r.status, r.stderr).toBe(0);
      const j = r.json();
      for (const b of [...j.bots, ...(j.groups?.rows ?? [])]) expect(b.diff).toEqual({ d: 0, low: 0, high: 0, significant: false });
      expect(j.bots.some((b: { pairs: number }) => b.pairs > 0)).toBe(true);
    });
  }
});

describe('pairedRow: the interval comes from the pairs\' differences', () => {
  it('a constant difference has no spread (interval of width 0); two independent proportions would give a wide one', () => {
    // 10 pairs, a = 0 and b = 1 in each: d = 1 every time.
    const s: PairSums = [10, 0, 10, 10];
    expect(pairedRow('x', s, zFor(0.99), 100)).toEqual({ key: 'x', pairs: 10, a: 0, b: 100, diff: { d: 100, low: 100, high: 100, significant: true } });
  });
  it('mean ± z·sd/√n of the differences', () => {
    // differences 1, -1, 1, 1: mean 0.5, sample variance 1, n 4 → half-width z·0.5
    const s: PairSums = [4, 1, 3, 4];
    const z = zFor(0.95);
    const r = pairedRow('x', s, z);
    expect(r.diff.d).toBe(0.5);
    expect(r.diff.high - r.diff.d).toBeCloseTo(z * 0.5, 12);
    expect(r.diff.significant).toBe(false);
  });
  it('the wrapper plays both games of a pair from the same generator state (a trial spec that reports its first draw)', async () => {
    const { generatorKind } = await import('../engines/core/rng/generators.ts');
    const spec = {
      generator: 'cpython3' as const,
      run: (o: { rules: string }, rng: { random(): number }, count: number) => ({ n: count, draws: [rng.random()], rules: o.rules }),
      merge: (a: { n: number; draws: number[]; rules: string }, b: { n: number; draws: number[]; rules: string }) => ({ n: a.n + b.n, draws: [...a.draws, ...b.draws], rules: a.rules }),
      empty: (o: { rules: string }) => ({ n: 0, draws: [], rules: o.rules }),
      count: (a: { n: number }) => a.n,
    };
    const pairs = ruleAbTrials(spec as never, (acc: { draws: number[] }) => ({ rows: { x: acc.draws[0]! } }));
    const acc = pairs.run({ a: { rules: 'A' }, b: { rules: 'B' }, keys: ['x'], groupKeys: [], first: 0, batch: 3 }, generatorKind('ab-shard').fromSeed('s/shard/0'), 3) as never as { a: { draws: number[] }; b: { draws: number[] }; rows: PairSums[] };
    expect(acc.a.draws).toEqual(acc.b.draws);
    expect(new Set(acc.a.draws).size).toBe(3); // each pair its own generator
    expect(acc.rows[0]![3]).toBe(0); // Σ(b − a)²
  });

  it('gun-duel: the bare --compare-rules (one seed exactly) refuses the paired A/B\'s options instead of ignoring them (exit 2)', () => {
    for (const extra of [['--tournaments', '2'], ['--checkpoint', `${tempDirs('koth-rule-ab-bare-')()}/c.json`]]) {
      const r = koth(['replay', 'gun-duel', '--compare-rules', '--seed', '3', '--repetition', '1', ...extra]);
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toContain(`${extra[0]} belongs to the paired rule A/B: write --compare-rules original,fixed --tournaments N`);
    }
  });
});

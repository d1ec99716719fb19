import { describe, expect, it } from 'vitest';
import { compareExact, compareMean, compareProportion, exitCodeFor, tableVerdict } from './compare.ts';

describe('comparison of a reproduced table with a published one', () => {
  const base = { bot: 'OptFor2X', metric: 'winPct', decimals: 1, scale: 100 };

  it('agrees when the published figure is inside our interval widened by its rounding', () => {
    const row = compareProportion({ ...base, published: 21.6, reproduced: { k: 21_580, n: 100_000 } }, 0.999);
    expect(row.verdict).toBe('agree');
    expect(row.reproduced).toBeCloseTo(21.58, 10);
    expect(row.low!).toBeLessThan(21.6);
    expect(row.high!).toBeGreaterThan(21.6);
  });

  it('disagrees when far outside, and rounding alone can rescue a borderline figure', () => {
    expect(compareProportion({ ...base, published: 23.0, reproduced: { k: 21_580, n: 100_000 } }, 0.999).verdict).toBe('disagree');
    // 10^8 trials: sampling error is tiny; 21.6 printed vs 21.62 true is within rounding, 21.7 is not.
    const huge = { k: 21_620_000, n: 100_000_000 };
    expect(compareProportion({ ...base, published: 21.6, reproduced: huge }, 0.999).verdict).toBe('agree');
    expect(compareProportion({ ...base, published: 21.7, reproduced: huge }, 0.999).verdict).toBe('disagree');
  });

  it('the published counts widen the interval', () => {
    const narrow = compareProportion({ ...base, published: 21.6, reproduced: { k: 2158, n: 10_000 } }, 0.999);
    const wide = compareProportion({ ...base, published: 21.6, publishedCounts: { k: 216, n: 1000 }, reproduced: { k: 2158, n: 10_000 } }, 0.999);
    expect(wide.high! - wide.low!).toBeGreaterThan(narrow.high! - narrow.low!);
  });

  it('rows without data are n/a and do not decide the table', () => {
    const na = compareProportion({ ...base, published: 21.6, reproduced: null }, 0.999);
    expect(na.verdict).toBe('n/a');
    expect(tableVerdict([na])).toBe('n/a');
    const ok = compareMean({ bot: 'x', metric: 'avg', published: 3.73, decimals: 2, reproduced: { value: 3.731, se: 0.001 } }, 0.999);
    expect(tableVerdict([na, ok])).toBe('agree');
    const bad = compareExact('x', 'score', 898, 897, 0);
    expect(bad.verdict).toBe('disagree');
    expect(tableVerdict([ok, bad])).toBe('disagree');
    expect(exitCodeFor('disagree')).toBe(1);
    expect(exitCodeFor('agree')).toBe(0);
  });

  it('a disagreement with a documented cause stays DISAGREE but does not decide the table', () => {
    const ok = compareMean({ bot: 'x', metric: 'avg', published: 3.73, decimals: 2, reproduced: { value: 3.731, se: 0.001 } }, 0.999);
    const bad = { ...compareExact('y', 'score', 898, 897, 0), explained: 'published by an earlier controller' };
    expect(bad.verdict).toBe('disagree');
    expect(tableVerdict([ok, bad])).toBe('agree');
    expect(tableVerdict([ok, bad, compareExact('z', 'score', 1, 2, 0)])).toBe('disagree');
  });

  it('intervals of rates stay within [0, 100%], and of non-negative means above 0', () => {
    // 1 success in 50 trials, 99.9%, widened by the published counts and the rounding: below 0 unclamped.
    const rare = compareProportion({ ...base, published: 0.5, decimals: 0, publishedCounts: { k: 1, n: 200 }, reproduced: { k: 1, n: 50 } }, 0.999);
    expect(rare.low).toBe(0);
    expect(rare.high!).toBeGreaterThan(2);
    expect(rare.verdict).toBe('agree');
    const sure = compareProportion({ ...base, published: 99.5, decimals: 0, publishedCounts: { k: 199, n: 200 }, reproduced: { k: 49, n: 50 } }, 0.999);
    expect(sure.high).toBe(100);
    expect(sure.verdict).toBe('agree');
    const fraction = compareProportion({ ...base, scale: 1, published: 0, decimals: 2, reproduced: { k: 0, n: 10 } }, 0.999);
    expect([fraction.low, fraction.verdict]).toEqual([0, 'agree']);
    const rounds = { bot: '(all games)', metric: 'avgRounds', published: 0.2, decimals: 1, reproduced: { value: 0.3, se: 0.2 } };
    expect(compareMean(rounds, 0.999).low!).toBeLessThan(0);
    const clamped = compareMean({ ...rounds, nonNegative: true }, 0.999);
    expect(clamped.low).toBe(0);
    expect(clamped.verdict).toBe('agree');
  });
});

import { describe, expect, it } from 'vitest';
import { columnDecimals, decimalsOf, meanInterval, normalQuantile, roundingHalfWidth, wilson, zFor } from './intervals.ts';

describe('intervals', () => {
  it('normal quantiles match tabulated values', () => {
    expect(zFor(0.95)).toBeCloseTo(1.959963984540054, 12);
    expect(zFor(0.999)).toBeCloseTo(3.290526731491926, 12);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 9);
    expect(() => zFor(1)).toThrow(/confidence/);
  });

  it('Wilson interval: known values and edge cases', () => {
    // 81 successes of 263, 95%: [0.2553, 0.3662] (Wilson 1927 / Newcombe 1998 style check).
    const w = wilson(81, 263, zFor(0.95));
    expect(w.low).toBeCloseTo(0.2553, 3);
    expect(w.high).toBeCloseTo(0.3662, 3);
    const zero = wilson(0, 50, zFor(0.95));
    expect(zero.low).toBe(0);
    expect(zero.high).toBeGreaterThan(0.05);
    expect(wilson(0, 0, 3)).toEqual({ low: 0, high: 1 });
  });

  it('mean interval shrinks with the square root of n', () => {
    const a = meanInterval(10, 2, 100, 2);
    const b = meanInterval(10, 2, 400, 2);
    expect(a.high - a.low).toBeCloseTo(2 * (b.high - b.low), 12);
  });

  it('published rounding is column-wise', () => {
    expect(decimalsOf(21.6)).toBe(1);
    expect(decimalsOf(44)).toBe(0);
    expect(columnDecimals([4.02, 3.9, 4.5])).toBe(2);
    expect(roundingHalfWidth(1)).toBeCloseTo(0.05, 15);
  });
});

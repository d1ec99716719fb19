import { describe, expect, it } from 'vitest';
import { columnDecimals, complementOf, confidencePercent, decimalsOf, tailPercent, meanInterval, normalQuantile, roundingHalfWidth, wilson, zFor } from './intervals.ts';

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

  it('a mean that cannot be negative gets no negative low end', () => {
    // 3 runs with scores 0, 0 and 30: mean 10, sd 17.3: the normal interval reaches far below 0.
    expect(meanInterval(10, 17.32, 3, zFor(0.999)).low).toBeLessThan(0);
    const clamped = meanInterval(10, 17.32, 3, zFor(0.999), true);
    expect(clamped.low).toBe(0);
    expect(clamped.high).toBe(meanInterval(10, 17.32, 3, zFor(0.999)).high);
  });

  it('confidence levels are printed with every digit they have, never rounded up to 100%', () => {
    expect(confidencePercent(0.999)).toBe('99.9%');
    expect(confidencePercent(0.95)).toBe('95%');
    expect(confidencePercent(0.99)).toBe('99%');
    expect(confidencePercent(0.999999999)).toBe('99.9999999%');
    expect(confidencePercent(0.999999999999)).toBe('99.9999999999%');
  });

  it('1 − c and the two-sided tail in percent with the digits c was written with, not float noise (audit #20)', () => {
    expect(complementOf(0.95)).toBe(0.05);
    expect(complementOf(0.99)).toBe(0.01);
    expect(complementOf(0.999999999999)).toBe(1e-12); // 1 − c is 1.000088900582341e-12 in doubles
    expect(complementOf(1e-7)).toBe(0.9999999);
    expect(tailPercent(0.95)).toBe(2.5); // ((1 − 0.95) / 2) * 100 is 2.500000000000002
    expect(tailPercent(0.99)).toBe(0.5);
    expect(tailPercent(0.999)).toBe(0.05);
    expect(tailPercent(0.999999999999)).toBe(5e-11);
    expect(String(tailPercent(0.9))).toBe('5');
  });
});

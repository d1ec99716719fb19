import { describe, expect, it } from 'vitest';
import { formatFixedPython, pyPercent } from './format.ts';

describe("Python's fixed-point formatting", () => {
  it('rounds exact binary ties to even, like format(x, ".3f")', () => {
    // 117/16 = 7.3125 exactly: Python prints 7.312 (toFixed would print 7.313).
    expect(formatFixedPython(117 / 16, 3)).toBe('7.312');
    expect(formatFixedPython(7.3135, 3)).toBe('7.314'); // 7.3135 is not exact in binary: no tie
    expect(formatFixedPython(898 / 123, 3)).toBe('7.301');
    expect(formatFixedPython(0, 3)).toBe('0.000');
    expect(formatFixedPython(2.5, 0)).toBe('2');
    expect(formatFixedPython(3.5, 0)).toBe('4');
    expect(formatFixedPython(-1.0625, 3)).toBe('-1.062');
  });
});

// Expected strings printed by CPython 3.11 for the same expressions.
describe("Python's % formatting", () => {
  it('formats like CPython', () => {
    expect(pyPercent('%d points', 87)).toBe('87 points');
    expect(pyPercent('%s: %d/%d', ['Player0', 12, 100])).toBe('Player0: 12/100');
    expect(pyPercent('%5.2f|%-6s|%03d', [3.14159, 'ab', 7])).toBe(' 3.14|ab    |007');
    expect(pyPercent('%.3f', 117 / 16)).toBe('7.312');
    expect(pyPercent('%r %r %r', ['a', [1, 'b'], null])).toBe("'a' [1, 'b'] None");
    expect(pyPercent('%+d %+d % d', [5, -5, 5])).toBe('+5 -5  5');
    expect(pyPercent('%x %X %o %c', [255, 255, 8, 65])).toBe('ff FF 10 A');
    expect(pyPercent('%e', 12345.678)).toBe('1.234568e+04');
    expect(pyPercent('%g %g', [0.0001, 123456789])).toBe('0.0001 1.23457e+08');
    expect(pyPercent('100%%', [])).toBe('100%');
    expect(pyPercent('%s', true)).toBe('True');
    expect(pyPercent('%d', true)).toBe('1');
    expect(pyPercent('%06.2f', -1.5)).toBe('-01.50');
  });

  it("raises Python's errors", () => {
    expect(() => pyPercent('%d %d', [1])).toThrow('TypeError: not enough arguments for format string');
    expect(() => pyPercent('%d', [1, 2])).toThrow('TypeError: not all arguments converted during string formatting');
    expect(() => pyPercent('%d', 'x')).toThrow(/TypeError: %d format: a real number is required, not str/);
  });
});

import { describe, expect, it } from 'vitest';
import { formatFixedPython } from './format.ts';

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

/**
 * Python built-ins as the originals used them, with Python's results and exceptions.
 * JavaScript has one number type: an integer-valued number stands for a Python int, any
 * other number for a Python float.
 */
import { PythonError } from './errors.ts';
import { pyRepr } from './repr.ts';
import { PyFloat } from './float.ts';
export { PyFloat } from './float.ts';

/** Python truthiness (False, None, 0, '', empty list/dict/set are false). */
export function pyTruthy(v: unknown): boolean {
  if (v instanceof PyFloat) return v.value !== 0;
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof Map || v instanceof Set) return v.size > 0;
  if (typeof v === 'bigint') return v !== 0n;
  return !!v;
}

/** Python's sum() of a list of numbers. */
export function sum(xs: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < xs.length; i++) s += xs[i]!;
  return s;
}

/** Python's max() of a non-empty list (ValueError when empty, like Python). */
export function max(xs: readonly number[]): number {
  if (xs.length === 0) throw new PythonError('ValueError', 'max() arg is an empty sequence');
  let m = xs[0]!;
  for (let i = 1; i < xs.length; i++) if (xs[i]! > m) m = xs[i]!;
  return m;
}

/** Python's min() of a non-empty list. */
export function min(xs: readonly number[]): number {
  if (xs.length === 0) throw new PythonError('ValueError', 'min() arg is an empty sequence');
  let m = xs[0]!;
  for (let i = 1; i < xs.length; i++) if (xs[i]! < m) m = xs[i]!;
  return m;
}

/** The largest index CPython takes (a C Py_ssize_t, 64-bit): an int beyond it cannot index at all. */
const SSIZE_MAX = 2n ** 63n - 1n;

/**
 * Python's IndexError for list index `i` out of range: an int beyond a C Py_ssize_t (only a
 * BigInt can be: ints beyond 2**53 − 1 of an original player arrive as BigInt) gets CPython's
 * "cannot fit 'int' into an index-sized integer", any other "list index out of range".
 */
function indexError(i: number | bigint): PythonError {
  if (typeof i === 'bigint' && (i > SSIZE_MAX || i < -SSIZE_MAX - 1n)) return new PythonError('IndexError', "cannot fit 'int' into an index-sized integer");
  return new PythonError('IndexError', 'list index out of range');
}

/** Python list indexing with negative indices and IndexError (`i` an int: a number, or a BigInt beyond 2**53 − 1). */
export function at<T>(xs: readonly T[], i: number | bigint): T {
  if (typeof i === 'number') {
    // The usual case, inline (engines index in their hot loops).
    const j = i < 0 ? xs.length + i : i;
    if (j >= 0 && j < xs.length) return xs[j]!;
  }
  return xs[pyIndex(xs.length, i)]!;
}

/** The position Python's `xs[i]` reads in a list of `length` (negative indices count from the end), else its IndexError. */
export function pyIndex(length: number, i: number | bigint): number {
  const j = pyIndexOf(length, i);
  if (j === undefined) throw indexError(i);
  return j;
}

/** Python list indexing by an int (negative indices count from the end); undefined when out of range. */
export function pyIndexOf(length: number, i: number | bigint): number | undefined {
  if (typeof i === 'bigint') return i >= -BigInt(length) && i < BigInt(length) ? pyIndexOf(length, Number(i)) : undefined;
  const j = i < 0 ? length + i : i;
  return j >= 0 && j < length ? j : undefined;
}

/** Python's type name of a value. */
export function pyTypeName(x: unknown): string {
  if (x === null || x === undefined) return 'NoneType';
  if (typeof x === 'boolean') return 'bool';
  if (typeof x === 'bigint') return 'int';
  if (typeof x === 'number') return Number.isInteger(x) ? 'int' : 'float';
  if (x instanceof PyFloat) return 'float';
  if (typeof x === 'string') return 'str';
  if (Array.isArray(x)) return 'list';
  if (typeof x === 'function') return 'function';
  return 'dict';
}

const INT_LITERAL = /^[+-]?\d+(?:_\d+)*$/;
/** What Python's str.strip() removes: Unicode whitespace and the ASCII separators 0x1c-0x1f. */
const PY_SPACE = /^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/gu;

/** Python's int(x) for the values a port can return (decimal strings: ASCII digits). */
export function pyInt(x: unknown): number {
  if (typeof x === 'number' && Number.isInteger(x)) return x || 0; // an int (the usual case; -0 is 0)
  if (x instanceof PyFloat) return pyInt(x.value);
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'bigint') return Number(x);
  if (typeof x === 'number') {
    if (Number.isNaN(x)) throw new PythonError('ValueError', 'cannot convert float NaN to integer');
    if (!Number.isFinite(x)) throw new PythonError('OverflowError', 'cannot convert float infinity to integer');
    return Math.trunc(x) || 0;
  }
  if (typeof x === 'string') {
    const s = x.replace(PY_SPACE, '');
    if (INT_LITERAL.test(s)) return Number(s.replace(/_/g, '')) || 0;
    throw new PythonError('ValueError', `invalid literal for int() with base 10: ${pyRepr(x)}`);
  }
  throw new PythonError('TypeError', `int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(x)}'`);
}

/** Python's `a // b` on ints (floor division; ZeroDivisionError on 0). Python 2's `/` on ints too. */
export function floorDiv(a: number, b: number): number {
  if (b === 0) throw new PythonError('ZeroDivisionError', 'integer division or modulo by zero');
  return Math.floor(a / b);
}

/** Python's `a % b` on ints (the sign of the divisor). */
export function pyMod(a: number, b: number): number {
  if (b === 0) throw new PythonError('ZeroDivisionError', 'integer division or modulo by zero');
  const r = a % b;
  return r !== 0 && r < 0 !== b < 0 ? r + b : r;
}

/** Python's `xs[start:stop]` (step 1): negative bounds count from the end, out-of-range bounds clamp. */
export function pySlice<T>(xs: readonly T[], start?: number, stop?: number): T[] {
  const n = xs.length;
  const norm = (i: number | undefined, dflt: number) => (i === undefined ? dflt : i < 0 ? Math.max(0, n + i) : Math.min(n, i));
  return xs.slice(norm(start, 0), norm(stop, n));
}

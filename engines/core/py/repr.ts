/** Python's repr() and str() of the values ports exchange with engines, exactly as CPython 3 prints them. */
import { PyFloat } from './float.ts';

/** Python's float repr (shortest round-trip digits; exponent form below 1e-4 and from 1e16). */
export function pyFloatRepr(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [mant, expText] = x.toExponential().split('e') as [string, string];
  const exp = Number(expText);
  const neg = mant.startsWith('-');
  const digits = mant.replace('-', '').replace('.', '');
  let body: string;
  if (exp < -4 || exp >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    body = `${m}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  } else if (exp < 0) {
    body = `0.${'0'.repeat(-exp - 1)}${digits}`;
  } else if (digits.length > exp + 1) {
    body = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  } else {
    body = `${digits}${'0'.repeat(exp + 1 - digits.length)}.0`;
  }
  return (neg ? '-' : '') + body;
}

/** Python's repr() of a str. */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/**
 * A game's repr of its own objects (a ruins Treasure namedtuple ...): a string, or undefined
 * for the default (a plain object is a dict). `repr` renders nested values the same way.
 */
export type ObjectRepr = (o: object, repr: (v: unknown) => string) => string | undefined;

/** Python's repr() of a value a port returned; `tuple` renders an array as a tuple. */
export function pyRepr(x: unknown, tuple = false, objectRepr?: ObjectRepr): string {
  if (x === null || x === undefined) return 'None';
  if (typeof x === 'boolean') return x ? 'True' : 'False';
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'number') {
    if (Number.isInteger(x)) return Math.abs(x) < 1e21 ? String(x === 0 ? 0 : x) : BigInt(x).toString();
    return pyFloatRepr(x);
  }
  if (typeof x === 'string') return pyStrRepr(x);
  if (x instanceof PyFloat) return pyFloatRepr(x.value);
  if (Array.isArray(x)) {
    const inner = x.map((v) => pyRepr(v, false, objectRepr)).join(', ');
    return tuple ? (x.length === 1 ? `(${inner},)` : `(${inner})`) : `[${inner}]`;
  }
  if (typeof x === 'object') {
    const own = objectRepr?.(x, (v) => pyRepr(v, false, objectRepr));
    if (own !== undefined) return own;
    return `{${Object.entries(x).map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v, false, objectRepr)}`).join(', ')}}`;
  }
  return `<${typeof x}>`;
}

/** Python's str(): strings as they are, anything else as repr (top-level arrays as tuples). */
export function pyStr(x: unknown, objectRepr?: ObjectRepr): string {
  return typeof x === 'string' ? x : pyRepr(x, true, objectRepr);
}


/** What a BigInt stands for in pyJson's first pass (a string no JSON value of ours holds), then its digits. */
const BIG_MARK = '\u0000pyint:';

/**
 * JSON text of a value that may hold Python ints beyond 2**53 − 1 (BigInt: an original player's
 * answer): each written as its exact digits, as Python's json.dumps writes it (JSON.stringify
 * refuses a BigInt). Anything else as JSON.stringify writes it.
 */
export function pyJson(v: unknown): string {
  let big = false;
  const text = JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? ((big = true), `${BIG_MARK}${x}`) : x));
  return big ? text.replace(/"\\u0000pyint:(-?\d+)"/g, '$1') : text;
}

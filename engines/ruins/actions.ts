/**
 * How ruins.py read an adventurer's return value (Player.get_action) and the numbers in it
 * (Python's int()), with Python's exceptions: those the driver caught become a dead
 * adventurer; those it did not catch stopped the whole driver (DriverCrash), and we stop too.
 *
 * JavaScript has one number type: an integer-valued number stands for a Python int, any
 * other number for a Python float (a port cannot return the float 2.0 as distinct from 2).
 * Arrays stand for tuples at the top level of an action (`return 'take', 0, 5` in Python)
 * and for lists inside it.
 */

/** An exception the original driver did not catch: the whole run ended with this traceback. */
export class DriverCrash extends Error {
  constructor(
    /** Python exception class, e.g. 'TypeError'. */
    readonly pyType: string,
    /** Python's message, exactly as the traceback's last line shows it after "Type: ". */
    readonly pyMessage: string,
    /** Where it happened (game, turn, player), filled in by the engine. */
    public where = '',
  ) {
    super(`${pyType}: ${pyMessage}`);
    this.name = 'DriverCrash';
  }

  /** Results the driver had printed before it stopped (a tournament's pool table). */
  partial?: Record<string, unknown>;

  /** The traceback's last line, as CPython prints it. */
  get pythonLine(): string {
    return `${this.pyType}: ${this.pyMessage}`;
  }
}

/** Python's int(x) raised: caught or not depending on where the driver called it. */
export class PyIntError extends Error {
  constructor(
    readonly pyType: 'TypeError' | 'ValueError' | 'OverflowError',
    readonly pyMessage: string,
  ) {
    super(`${pyType}: ${pyMessage}`);
  }
}

/** Python's type name of a value a port returned. */
export function pyTypeName(x: unknown): string {
  if (x === null || x === undefined) return 'NoneType';
  if (typeof x === 'boolean') return 'bool';
  if (typeof x === 'bigint') return 'int';
  if (typeof x === 'number') return Number.isInteger(x) ? 'int' : 'float';
  if (typeof x === 'string') return 'str';
  if (Array.isArray(x)) return 'list';
  if (typeof x === 'function') return 'function';
  return 'dict';
}

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

function pyStrRepr(s: string): string {
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

/** Python's repr() of a value a port returned; `tuple` renders an array as a tuple. */
export function pyRepr(x: unknown, tuple = false): string {
  if (x === null || x === undefined) return 'None';
  if (typeof x === 'boolean') return x ? 'True' : 'False';
  if (typeof x === 'bigint') return x.toString();
  if (typeof x === 'number') {
    if (Number.isInteger(x)) return Math.abs(x) < 1e21 ? String(x === 0 ? 0 : x) : BigInt(x).toString();
    return pyFloatRepr(x);
  }
  if (typeof x === 'string') return pyStrRepr(x);
  if (Array.isArray(x)) {
    const inner = x.map((v) => pyRepr(v)).join(', ');
    return tuple ? (x.length === 1 ? `(${inner},)` : `(${inner})`) : `[${inner}]`;
  }
  if (typeof x === 'object') {
    const t = x as { name?: unknown; value?: unknown; weight?: unknown };
    if (typeof t.name === 'string' && typeof t.value === 'number' && typeof t.weight === 'number' && Object.keys(x).length === 3) {
      return `Treasure(name=${pyRepr(t.name)}, value=${t.value}, weight=${t.weight})`;
    }
    return `{${Object.entries(x).map(([k, v]) => `${pyStrRepr(k)}: ${pyRepr(v)}`).join(', ')}}`;
  }
  return `<${typeof x}>`;
}

/** Python's str(): strings as they are, anything else as repr (top-level arrays as tuples). */
export function pyStr(x: unknown): string {
  return typeof x === 'string' ? x : pyRepr(x, true);
}

const INT_LITERAL = /^[+-]?\d+(?:_\d+)*$/;
/** What Python's str.strip() removes: Unicode whitespace and the ASCII separators 0x1c-0x1f. */
const PY_SPACE = /^[\s\u001c-\u001f\u0085]+|[\s\u001c-\u001f\u0085]+$/gu;

/** Python's int(x) for the values a port can return (decimal strings: ASCII digits). */
export function pyInt(x: unknown): number {
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'bigint') return Number(x);
  if (typeof x === 'number') {
    if (Number.isNaN(x)) throw new PyIntError('ValueError', 'cannot convert float NaN to integer');
    if (!Number.isFinite(x)) throw new PyIntError('OverflowError', 'cannot convert float infinity to integer');
    return Math.trunc(x) || 0;
  }
  if (typeof x === 'string') {
    const s = x.replace(PY_SPACE, '');
    if (INT_LITERAL.test(s)) return Number(s.replace(/_/g, '')) || 0;
    throw new PyIntError('ValueError', `invalid literal for int() with base 10: ${pyRepr(x)}`);
  }
  throw new PyIntError('TypeError', `int() argument must be a string, a bytes-like object or a real number, not '${pyTypeName(x)}'`);
}

/** Python list indexing by an int (negative indices count from the end); undefined when out of range. */
export function pyIndexOf(length: number, i: number): number | undefined {
  const j = i < 0 ? length + i : i;
  return j >= 0 && j < length ? j : undefined;
}

export interface Move {
  kind: 'move';
  direction: 1 | -1;
}
/** Take(treasure, bid): both exactly as the port returned them. */
export interface Take {
  kind: 'take';
  treasure: unknown;
  bid: unknown;
}
export interface Drop {
  kind: 'drop';
  treasure: unknown;
}
export type Action = Move | Take | Drop | null;

/** Python's repr of the namedtuple the driver built (what its debug log prints). */
export function actionRepr(a: Action): string {
  if (a === null) return 'None';
  if (a.kind === 'move') return `Move(direction=${a.direction})`;
  if (a.kind === 'take') return `Take(treasure=${pyRepr(a.treasure)}, bid=${pyRepr(a.bid)})`;
  return `Drop(treasure=${pyRepr(a.treasure)})`;
}

export interface Interpreted {
  action: Action;
  /** The driver's "Invalid action from …" message (a TypeError it caught), when there was one. */
  invalid?: string;
}

function unpackable(raw: unknown): unknown[] | undefined {
  if (typeof raw === 'string') return [...raw];
  if (Array.isArray(raw)) return raw;
  if (raw !== null && typeof raw === 'object' && Symbol.iterator in raw && !(raw instanceof Map)) return [...(raw as Iterable<unknown>)];
  return undefined;
}

/**
 * Player.get_action's conversion: 'next'/'previous' → Move; otherwise `atype, *args =
 * raw_action` (a string unpacks into its characters); 'take' needs exactly two more items,
 * 'drop' exactly one. A TypeError on the way (a non-iterable, a wrong count) was caught and
 * printed as "Invalid action from …"; any other first item gives None silently. Unpacking an
 * empty sequence raised ValueError, which the driver did not catch.
 */
export function interpretAction(raw: unknown): Interpreted {
  if (raw === 'next') return { action: { kind: 'move', direction: 1 } };
  if (raw === 'previous') return { action: { kind: 'move', direction: -1 } };
  const items = unpackable(raw);
  if (!items) return { action: null, invalid: pyStr(raw) };
  if (items.length === 0) throw new DriverCrash('ValueError', 'not enough values to unpack (expected at least 1, got 0)');
  const [atype, ...args] = items;
  if (atype === 'take') return args.length === 2 ? { action: { kind: 'take', treasure: args[0], bid: args[1] } } : { action: null, invalid: pyStr(raw) };
  if (atype === 'drop') return args.length === 1 ? { action: { kind: 'drop', treasure: args[0] } } : { action: null, invalid: pyStr(raw) };
  return { action: null };
}

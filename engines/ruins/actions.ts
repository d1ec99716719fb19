/**
 * How ruins.py read an adventurer's return value (Player.get_action) and the numbers in it
 * (Python's int()), with Python's exceptions: the ones the driver caught become a dead
 * adventurer; the ones it did not catch stopped the whole driver (DriverCrash).
 */
export type Action =
  | { kind: 'move'; direction: 1 | -1 }
  | { kind: 'take'; treasure: unknown; bid: unknown }
  | { kind: 'drop'; treasure: unknown }
  | null;

/** An exception the original driver did not catch: it ended the whole run. */
export class DriverCrash extends Error {
  constructor(
    readonly pyType: string,
    message: string,
  ) {
    super(`${pyType}: ${message} — ruins.py does not catch this; the original run stopped here.`);
    this.name = 'DriverCrash';
  }
}

/** Python's int(x) error, caught or not depending on where the driver called it. */
export class PyIntError extends Error {
  constructor(readonly pyType: 'TypeError' | 'ValueError' | 'OverflowError', message: string) {
    super(`${pyType}: ${message}`);
  }
}

/** Python's int(x) for the values a bot can return. */
export function pyInt(x: unknown): number {
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (typeof x === 'bigint') return Number(x);
  if (typeof x === 'number') {
    if (Number.isNaN(x)) throw new PyIntError('ValueError', 'cannot convert float NaN to integer');
    if (!Number.isFinite(x)) throw new PyIntError('OverflowError', 'cannot convert float infinity to integer');
    return Math.trunc(x);
  }
  if (typeof x === 'string') {
    const s = x.trim();
    if (/^[+-]?\d+(_\d+)*$/.test(s)) return Number.parseInt(s.replace(/_/g, ''), 10);
    throw new PyIntError('ValueError', `invalid literal for int() with base 10: '${x}'`);
  }
  throw new PyIntError('TypeError', `int() argument must be a string, a bytes-like object or a real number, not '${x === null || x === undefined ? 'NoneType' : typeof x}'`);
}

/**
 * Player.get_action's conversion: 'next'/'previous' → Move; otherwise `atype, *args =
 * raw_action` (a string unpacks into its characters), 'take' needs exactly 2 more items and
 * 'drop' exactly 1; a TypeError on the way gives None (the adventurer is then killed by a
 * trap). Unpacking an empty sequence raised ValueError, which the driver did not catch.
 */
export function interpretAction(raw: unknown): Action {
  if (raw === 'next') return { kind: 'move', direction: 1 };
  if (raw === 'previous') return { kind: 'move', direction: -1 };
  let items: unknown[];
  if (typeof raw === 'string') items = [...raw];
  else if (Array.isArray(raw)) items = raw;
  else return null; // not iterable: TypeError, caught
  if (items.length === 0) throw new DriverCrash('ValueError', 'not enough values to unpack (expected at least 1, got 0)');
  const [atype, ...args] = items;
  if (atype === 'take') return args.length === 2 ? { kind: 'take', treasure: args[0], bid: args[1] } : null;
  if (atype === 'drop') return args.length === 1 ? { kind: 'drop', treasure: args[0] } : null;
  return null;
}

/** Python list indexing by an int (negative wraps); undefined when out of range. */
export function pyIndex<T>(xs: readonly T[], i: number): T | undefined {
  const j = i < 0 ? xs.length + i : i;
  return j >= 0 && j < xs.length ? xs[j] : undefined;
}

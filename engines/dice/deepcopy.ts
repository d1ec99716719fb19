/**
 * Python's copy.deepcopy and bound methods, for the bots that clone other bots (TleilaxuBot's
 * "ghola") or hand out methods (Rebel's `hide_from_harkonnen`, HarkonnenBot's `elacca`).
 *
 * Semantics copied from CPython's Lib/copy.py:
 *  - numbers, strings, booleans, null/undefined: as they are;
 *  - lists (arrays), dicts (Map / plain objects), sets: new containers, items deep-copied;
 *  - a PyRandom: a new generator with the same state (Random pickles through getstate);
 *  - an instance (a bot): a new object of the same class whose own attributes are deep
 *    copies (symbol-keyed engine fields such as the bot's env are shared, not copied);
 *  - plain functions and lambdas: the same function (copy treats them as atomic), so a
 *    copied lambda still closes over the ORIGINAL object;
 *  - a bound method (made with bindMethod): a new bound method of a deep copy of its
 *    object (copy._deepcopy_method);
 *  - a memo maps originals to copies, so cycles and shared references inside ONE deepcopy
 *    call are preserved.
 */
import { PyRandom } from '../core/rng/python-random.ts';

const BOUND = Symbol('python bound method');

interface BoundInfo {
  self: object;
  fn: (...args: never[]) => unknown;
}

/** Python's `obj.method` as a value: callable, and rebindable by pyDeepCopy. */
export function bindMethod<T extends object, A extends unknown[], R>(self: T, fn: (this: T, ...args: A) => R): (...args: A) => R {
  const bound = (...args: A): R => fn.apply(self, args);
  Object.defineProperty(bound, BOUND, { value: { self, fn } satisfies BoundInfo });
  return bound;
}

/** The object a bound method is bound to (Python's `method.__self__`), if it is one. */
export function boundSelf(f: unknown): object | undefined {
  return typeof f === 'function' ? ((f as unknown as Record<symbol, BoundInfo | undefined>)[BOUND]?.self) : undefined;
}

export function pyDeepCopy<T>(x: T, memo: Map<unknown, unknown> = new Map()): T {
  if (x === null || (typeof x !== 'object' && typeof x !== 'function')) return x;
  if (memo.has(x)) return memo.get(x) as T;
  if (typeof x === 'function') {
    const info = (x as unknown as Record<symbol, BoundInfo | undefined>)[BOUND];
    if (!info) return x;
    const copy = bindMethod(pyDeepCopy(info.self, memo), info.fn as (...a: unknown[]) => unknown);
    memo.set(x, copy);
    return copy as T;
  }
  if (x instanceof PyRandom) {
    const copy = x.clone();
    memo.set(x, copy);
    return copy as T;
  }
  if (Array.isArray(x)) {
    const copy: unknown[] = [];
    memo.set(x, copy);
    for (const v of x) copy.push(pyDeepCopy(v, memo));
    return copy as T;
  }
  if (x instanceof Map) {
    const copy = new Map();
    memo.set(x, copy);
    for (const [k, v] of x) copy.set(pyDeepCopy(k, memo), pyDeepCopy(v, memo));
    return copy as T;
  }
  if (x instanceof Set) {
    const copy = new Set();
    memo.set(x, copy);
    for (const v of x) copy.add(pyDeepCopy(v, memo));
    return copy as T;
  }
  const copy = Object.create(Object.getPrototypeOf(x)) as object;
  memo.set(x, copy);
  copyOwnProperties(x as object, copy, (v) => pyDeepCopy(v, memo));
  return copy as T;
}

/**
 * Own string-keyed enumerable properties (the Python instance __dict__) go through `copy`;
 * symbol-keyed and non-enumerable ones (engine hooks such as the bot's env) are shared.
 */
function copyOwnProperties(src: object, dst: object, copy: (v: unknown) => unknown): void {
  const s = src as Record<string | symbol, unknown>;
  const d = dst as Record<string | symbol, unknown>;
  for (const key of Object.getOwnPropertyNames(src)) {
    const desc = Object.getOwnPropertyDescriptor(src, key)!;
    if (desc.enumerable) d[key] = copy(s[key]);
    else Object.defineProperty(dst, key, desc);
  }
  for (const sym of Object.getOwnPropertySymbols(src)) d[sym] = s[sym];
}

/**
 * TleilaxuBot's axolotl: `object.__new__(cls)`, the instance dict copied, then EACH attribute
 * deep-copied on its own (a fresh memo per attribute: references shared between attributes
 * are not shared in the copy).
 */
export function copyAttributesSeparately<T extends object>(bot: T): T {
  const ghola = Object.create(Object.getPrototypeOf(bot)) as T;
  copyOwnProperties(bot, ghola, (v) => pyDeepCopy(v));
  return ghola;
}

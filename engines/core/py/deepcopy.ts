/**
 * Python's copy.deepcopy / copy.copy and bound methods, for the bots that clone other bots
 * (TleilaxuBot's "ghola") or hand out methods (Rebel's `hide_from_harkonnen`, HarkonnenBot's
 * `elacca`).
 *
 * pyDeepCopy follows CPython's Lib/copy.py deepcopy:
 *  - numbers, strings, booleans, bigints, null/undefined: as they are;
 *  - lists (arrays), dicts (Map / plain objects), sets: new containers, items deep-copied;
 *  - a PyRandom: a new generator with the same state (random.Random pickles through
 *    getstate/setstate; no draw from any generator);
 *  - an instance (a bot): a new object of the same class (prototype) whose own enumerable
 *    attributes — the Python instance `__dict__` — are deep copies; symbol-keyed and
 *    non-enumerable properties (the engine hooks, e.g. a dice bot's env under its ENV
 *    symbol, which Python kept in module globals, not in `__dict__`) are shared;
 *    an attribute the original lacks (Python: never assigned) is lacking in the copy too;
 *  - plain functions and arrow functions (Python functions and lambdas): the same function
 *    (copy treats them as atomic), so a copied lambda still closes over the ORIGINAL object;
 *  - a bound method (made with bindMethod): a new bound method of a deep copy of its object
 *    (copy._deepcopy_method), through the same memo;
 *  - a memo maps originals to copies, so cycles and shared references inside ONE deepcopy
 *    call are preserved (the copy is registered before its contents are copied);
 *  - a value marked with pyModule (a Python module, e.g. NeoBot's `self.random`, which is the
 *    `random` MODULE): TypeError "cannot pickle 'module' object", like CPython — and so is
 *    deep-copying anything that contains it (a list of bots holding such a NeoBot...).
 */
import { PyRandom } from '../rng/python-random.ts';
import { PythonError } from './errors.ts';

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

const MODULES = new WeakSet<object>();

/**
 * Marks `x` as standing for a Python module (returns it unchanged). copy.deepcopy and
 * copy.copy raise TypeError on a module; TleilaxuBot's axolotl then keeps the same object.
 * Used by NeoBot, whose `self.random` is the controller's `random` module (env.random here).
 */
export function pyModule<T extends object>(x: T): T {
  MODULES.add(x);
  return x;
}

function cannotPickle(): never {
  throw new PythonError('TypeError', "cannot pickle 'module' object");
}

function boundInfo(x: unknown): BoundInfo | undefined {
  return (x as Record<symbol, BoundInfo | undefined>)[BOUND];
}

/** copy.deepcopy(x). Throws PythonError TypeError when x holds a module (see pyModule). */
export function pyDeepCopy<T>(x: T, memo?: Map<unknown, unknown>): T {
  if (x === null || (typeof x !== 'object' && typeof x !== 'function')) return x;
  // The memo is made only where something can be shared (TleilaxuBot copies each attribute
  // with a fresh one, most of them plain numbers: no Map for those).
  memo ??= new Map();
  if (memo.has(x)) return memo.get(x) as T;
  if (MODULES.has(x)) cannotPickle();
  if (typeof x === 'function') {
    const info = boundInfo(x);
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
    for (let i = 0; i < x.length; i++) copy.push(pyDeepCopy(x[i], memo));
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
 * copy.copy(x): containers and instances get a new shell holding the SAME items/attributes;
 * a PyRandom a new generator with the same state; a module raises TypeError; a bound method
 * is rebuilt as CPython does through its __reduce__, `getattr(method.__self__, name)`: the
 * instance attribute of that name if the object has one, else the class's method bound anew.
 */
export function pyCopy<T>(x: T): T {
  if (x === null || (typeof x !== 'object' && typeof x !== 'function')) return x;
  if (MODULES.has(x)) cannotPickle();
  if (typeof x === 'function') {
    const info = boundInfo(x);
    if (!info) return x;
    const self = info.self as Record<string, unknown>;
    const name = info.fn.name;
    if (Object.prototype.hasOwnProperty.call(self, name)) return self[name] as T;
    const method = self[name];
    if (typeof method !== 'function') throw new PythonError('AttributeError', `object has no attribute '${name}'`);
    return bindMethod(self, method as (...a: unknown[]) => unknown) as T;
  }
  if (x instanceof PyRandom) return x.clone() as T;
  if (Array.isArray(x)) return x.slice() as T;
  if (x instanceof Map) return new Map(x) as T;
  if (x instanceof Set) return new Set(x) as T;
  const copy = Object.create(Object.getPrototypeOf(x)) as object;
  copyOwnProperties(x as object, copy, (v) => v);
  return copy as T;
}

/**
 * Own string-keyed enumerable properties (the Python instance __dict__) go through `copy`;
 * symbol-keyed and non-enumerable ones (engine hooks such as the bot's env) are shared.
 */
const isEnumerable = Object.prototype.propertyIsEnumerable;

function copyOwnProperties(src: object, dst: object, copy: (v: unknown) => unknown): void {
  const s = src as Record<string | symbol, unknown>;
  const d = dst as Record<string | symbol, unknown>;
  // One Reflect.ownKeys (strings in creation order, then symbols) instead of
  // getOwnPropertyNames + getOwnPropertySymbols: the same keys in the same order, one call less.
  const keys = Reflect.ownKeys(src);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (typeof key === 'symbol') d[key] = s[key];
    else if (isEnumerable.call(src, key)) d[key] = copy(s[key]);
    else Object.defineProperty(dst, key, Object.getOwnPropertyDescriptor(src, key)!);
  }
}

/**
 * TleilaxuBot's axolotl: `object.__new__(cls)`, the instance dict copied, then EACH attribute
 * replaced on its own by `copy.deepcopy(a)` (a fresh memo per attribute: references shared
 * between attributes are not shared in the copy); where deepcopy raises, `copy.copy(a)`;
 * where that raises too, the attribute itself (the original's bare `except:` clauses).
 */
export function copyAttributesSeparately<T extends object>(bot: T): T {
  const ghola = Object.create(Object.getPrototypeOf(bot)) as T;
  copyOwnProperties(bot, ghola, attributeCopy);
  return ghola;
}

function attributeCopy(a: unknown): unknown {
  try {
    return pyDeepCopy(a);
  } catch {
    try {
      return pyCopy(a);
    } catch {
      return a;
    }
  }
}

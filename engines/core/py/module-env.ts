/**
 * A Python module's globals as an original controller shared them with its bots: the
 * module-global `random` (one generator for the controller and every bot that calls
 * `random.*`), and class attributes that bots mutate (one copy per process in the original:
 * here one per run or per shard). Dice, camel-up and atomas hand this to their ports.
 */
import type { PyRandom } from '../rng/python-random.ts';

export interface PyModuleEnv {
  /** The module-global generator (`import random` in the controller and the bots). */
  readonly random: PyRandom;
  /** A Python class attribute that bots mutate, created on first use (`Cls.attr = init()`). */
  classState<T>(key: string, init: () => T): T;
}

/** A fresh environment: `random` as given, no class state yet. */
export function moduleEnv(random: PyRandom): PyModuleEnv {
  return { random, classState: classStateStore() };
}

/** A per-run store of class attributes (the `classState` of a PyModuleEnv). */
export function classStateStore(): <T>(key: string, init: () => T) => T {
  const state = new Map<string, unknown>();
  return <T>(key: string, init: () => T): T => {
    if (!state.has(key)) state.set(key, init());
    return state.get(key) as T;
  };
}

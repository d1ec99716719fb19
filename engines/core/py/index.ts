/**
 * Python semantics shared by the engines and ports of games whose originals were Python
 * (dice, ruins, camel-up, atomas): exceptions, built-ins, repr/format, copy/deepcopy and the
 * module-global environment. CPython's own generator is engines/core/rng/python-random.ts.
 */
export * from './errors.ts';
export * from './builtins.ts';
export * from './repr.ts';
export * from './format.ts';
export * from './deepcopy.ts';
export * from './module-env.ts';

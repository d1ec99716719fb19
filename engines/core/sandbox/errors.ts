/**
 * What the sandbox reports, shared by the sandbox workers (pool.ts, local.ts) and the games'
 * adapters: a Python exception of sandboxed code, the sandbox ending a call, and the two helpers
 * every host needs (where Pyodide loads from, Python's floats revived from JSON).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PyFloat } from '../py/float.ts';

/** A Python exception raised by sandboxed code (the bot raised; the sandbox lives on). */
export class SandboxPythonError extends Error {
  constructor(
    readonly pyType: string,
    readonly pyMessage: string,
    readonly where: string,
  ) {
    super(pyMessage);
    this.name = 'SandboxPythonError';
  }
}

/** A bot file that does not load at all (the original controller's import of it would have failed too). */
export class PythonFileError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file} does not load: ${detail}`);
    this.name = 'PythonFileError';
  }
}

export type KillReason = 'timeout' | 'memory' | 'crashed';

/** The sandbox ended the worker (an endless loop, a memory bomb, a broken interpreter). */
export class SandboxKilled extends Error {
  constructor(
    readonly reason: KillReason,
    /** What happened, without the bot's name. */
    readonly detail: string,
    /** The bot whose call was running, when known (the running call's label): data, not a part of the message to parse. */
    readonly bot?: string,
  ) {
    super(bot === undefined ? detail : `${bot}: ${detail}`);
    this.name = 'SandboxKilled';
  }
}

/** node_modules/pyodide, the folder Pyodide loads its wasm and stdlib from (no network). */
export function pyodideIndexDir(): string {
  const req = createRequire(import.meta.url);
  return dirname(req.resolve('pyodide/package.json')) + '/';
}

/** Whether a JSON text from the sandbox holds a tagged value (koth_tag): then it is parsed with revivePyFloat. */
export const TAGGED = /"__py(?:float|int)__"/;

/**
 * {"__pyfloat__": repr} from the sandbox (bootstrap koth_tag): nan/inf as numbers, an integral
 * float as PyFloat; {"__pyint__": hex}: an int beyond 2**53 - 1, exactly, as a BigInt.
 */
export function revivePyFloat(_key: string, v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if ('__pyint__' in v) {
    const h = (v as { __pyint__: string }).__pyint__;
    return h.startsWith('-') ? -BigInt(h.slice(1)) : BigInt(h);
  }
  if (!('__pyfloat__' in v)) return v;
  const s = (v as { __pyfloat__: string }).__pyfloat__;
  if (s === 'nan') return NaN;
  if (s === 'inf') return Infinity;
  if (s === '-inf') return -Infinity;
  return new PyFloat(Number(s));
}

/**
 * What the sandbox reports, shared by the sandbox workers (pool.ts, local.ts), the queue and the
 * games' adapters: a Python exception of sandboxed code, the sandbox ending a call, an error as
 * data across a worker boundary (and the one table of the names the core tells errors apart by
 * there), and the two helpers every host needs (where Pyodide loads from, Python's floats
 * revived from JSON).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { PyFloat } from '../py/float.ts';

/**
 * The errors the core tells apart by name once they have crossed a worker boundary (a sandbox
 * worker's message, a failed queued job): an error travels as data (ErrorData), its class stays
 * behind. Each name is written here once; the class sets it as its `name`.
 */
export const ERROR_KIND = {
  /** The sandbox ended a call: SandboxKilled (fields reason, detail, bot). */
  sandboxKilled: 'SandboxKilled',
  /** A --python-bots file that does not load: PythonFileError. */
  pythonFileError: 'PythonFileError',
  /** A module of the originals refused because it cannot run offline (a game's own error, fields module, origin, reason: ruins). */
  pythonBotRefused: 'PythonBotRefused',
} as const;

/** An error as data: name, message, and its own plain fields (a game rebuilds its classes from them). */
export interface ErrorData {
  name: string;
  message: string;
  fields: Record<string, unknown>;
  cause?: ErrorData;
}

export function errorData(e: unknown): ErrorData {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(e)) {
    if (k === 'cause') continue;
    if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  }
  return { name: e.name, message: e.message, fields, cause: e.cause === undefined ? undefined : errorData(e.cause) };
}

/** A task failed with an error of the sandboxed code or of the game (as data). */
export class SandboxTaskError extends Error {
  constructor(readonly data: ErrorData) {
    super(data.message);
    this.name = data.name;
  }
}

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
    this.name = ERROR_KIND.pythonFileError;
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
    this.name = ERROR_KIND.sandboxKilled;
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

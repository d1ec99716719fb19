/**
 * What the sandbox reports, shared by the supervisor (pool.ts), its runtimes (runtimes/python,
 * runtimes/wasm), the queue and the games' adapters: a Python exception of sandboxed code, the
 * sandbox ending a call, and an error as data across a worker boundary (with the one table of
 * the names the core tells errors apart by there). A leaf: it imports nothing.
 */

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

/**
 * What a game's adapter for original Python answers needs of a Python interpreter (LocalPython,
 * local.ts: Pyodide in the sandbox worker's own thread, beside the engine — pool.ts starts those
 * workers and supervises them).
 *
 * Values across the boundary are plain: `fast` takes and returns numbers, strings, booleans and
 * null only (Python never holds a JavaScript object, and nothing is serialised), `call` takes
 * and returns JSON values.
 */
export type PyPlain = number | string | boolean | null;
export type PyFast = (...args: PyPlain[]) => PyPlain | bigint | undefined;

export interface PythonHost {
  readonly alive: boolean;
  /** A function registered with koth_sandbox.register(name, fn), called with plain values. */
  fast(name: string): PyFast;
  /** A registered function with JSON arguments and result (Python exceptions: SandboxPythonError). */
  call(fn: string, args: unknown[], what?: string): unknown;
  /** Runs `code` as a fresh module `name`. */
  loadModule(name: string, code: string, filename?: string): void;
  /** What sandboxed code printed since the last take. */
  takeOutput(): string[];
  /**
   * Names what the next calls are for (a bot), so that the supervisor can say which bot it
   * stopped; returns a small id to pass to `at`. Free to ignore for hosts without a supervisor.
   */
  label(text: string): number;
  at(id: number): void;
  /**
   * Why the sandbox stopped the code (its time limit interrupted it, its memory cap refused it),
   * once it has; then the adapter throws SandboxKilled instead of handling a Python exception.
   */
  stopReason(): 'timeout' | 'memory' | undefined;
}

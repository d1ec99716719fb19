/**
 * The cells a sandbox worker shares with its supervisor (pool.ts), whatever runtime runs the
 * untrusted code (Python/Pyodide, C++/WebAssembly): Int32 indices into one SharedArrayBuffer.
 * Every call into sandboxed code bumps `seq` and sets `inCall`; the supervisor's watchdog
 * stops a call that stays in for longer than its time limit.
 */
export const BEAT = {
  /** Pyodide's interrupt cell: the supervisor stores 2 (SIGINT) to raise KeyboardInterrupt (Python only). */
  interrupt: 0,
  /** Incremented at every call into sandboxed code. */
  seq: 1,
  /** 1 while a call into sandboxed code runs. */
  inCall: 2,
  /** The label (bot) of the running call. */
  label: 3,
  /** Set by the supervisor when it interrupted a call for its time. */
  interrupted: 4,
  /**
   * Set by the worker when its code passed the memory cap: the interpreter may be left in any
   * state (and its cap flag stays set), so the supervisor replaces the worker after the task.
   */
  memory: 5,
  size: 8,
} as const;

/** The runtimes a sandbox worker can hold (a game's descriptor names the one its answers need). */
export type SandboxRuntime = 'python' | 'wasm';
export const SANDBOX_RUNTIMES: readonly SandboxRuntime[] = ['python', 'wasm'];

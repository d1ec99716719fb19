/**
 * A Python sandbox for untrusted answers: Pyodide (CPython in WebAssembly, npm `pyodide`,
 * loaded offline from node_modules) in a worker thread.
 *
 *  - The worker has a JavaScript heap cap (`resourceLimits`) and an empty environment; the
 *    WebAssembly heap (where Python objects live) is outside that cap, so the host watches the
 *    process's resident memory while a call runs and ends the worker above `memoryMb`.
 *  - Every call has a time limit: past it the worker is ended and the call throws
 *    `SandboxKilled` ('timeout'); the sandbox is then dead (bots in it lose their state).
 *  - `js` is a bare object; `js`, `pyodide_js`, `pyodide`, sockets, subprocesses, ctypes are
 *    not importable; os.system, popen, the exec and spawn families, fork and kill raise PermissionError; no host
 *    directory is mounted (Python sees Pyodide's in-memory file system only); the worker's
 *    Node networking, child processes, file system, `process.getBuiltinModule` and every
 *    function's `.constructor` (the road from any JS object to `Function('return process')`)
 *    are taken away once Pyodide has loaded (worker.mjs).
 *
 * Calls are synchronous (the host blocks in Atomics.wait while the worker runs Python), so a
 * TypeScript engine can ask a Python bot for a move exactly where it asks a port.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { BOOTSTRAP_PY } from './bootstrap.ts';
import { PyFloat } from '../py/float.ts';
import type { PyFast, PythonHost } from './host.ts';

export interface SandboxOptions {
  /** Time limit of one call (ms); the worker is ended past it. Default 10 s. */
  timeoutMs?: number;
  /** Time limit for loading Pyodide (ms). Default 120 s. */
  loadTimeoutMs?: number;
  /** Growth of the process's resident memory allowed during one call (MB). Default 768. */
  memoryMb?: number;
  /** The worker's JavaScript heap cap (MB). Default 256. */
  jsHeapMb?: number;
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

export type KillReason = 'timeout' | 'memory' | 'crashed';

/** The sandbox ended the worker (an endless loop, a memory bomb, a broken interpreter). */
export class SandboxKilled extends Error {
  constructor(
    readonly reason: KillReason,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxKilled';
  }
}

/** node_modules/pyodide, the folder Pyodide loads its wasm and stdlib from (no network). */
export function pyodideIndexDir(): string {
  const req = createRequire(import.meta.url);
  return dirname(req.resolve('pyodide/package.json')) + '/';
}

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return join(dirname(here), 'worker.mjs');
  // Bundled: dist/koth.js or dist/chunks/*.js; build.mjs copies the worker to dist/.
  const js = join(dirname(here), here.includes('/chunks/') ? '../pyodide-worker.mjs' : 'pyodide-worker.mjs');
  if (!existsSync(js)) throw new Error(`the Pyodide worker ${js} is missing: run npm run build`);
  return js;
}

const decoder = new TextDecoder();

/** {"__pyfloat__": repr} from the sandbox (bootstrap koth_tag): nan/inf as numbers, an integral float as PyFloat. */
export function revivePyFloat(_key: string, v: unknown): unknown {
  if (v === null || typeof v !== 'object' || !('__pyfloat__' in v)) return v;
  const s = (v as { __pyfloat__: string }).__pyfloat__;
  if (s === 'nan') return NaN;
  if (s === 'inf') return Infinity;
  if (s === '-inf') return -Infinity;
  return new PyFloat(Number(s));
}
const rss = () => process.memoryUsage.rss();

export class PySandbox implements PythonHost {
  private worker: Worker | undefined;
  private readonly port: MessagePort;
  private readonly flag: Int32Array;
  private deadReason: string | undefined;
  /** Time limit of one call (ms); may be changed between calls. */
  timeoutMs: number;
  private readonly memoryBytes: number;
  /** What sandboxed code printed (bots' debug prints), most recent last; drained by takeOutput(). */
  private output: string[] = [];

  private constructor(o: SandboxOptions) {
    this.timeoutMs = o.timeoutMs ?? 10_000;
    this.memoryBytes = (o.memoryMb ?? 768) * 1024 * 1024;
    const signal = new SharedArrayBuffer(8 + 4 * 1024 * 1024);
    this.flag = new Int32Array(signal);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(workerFile(), {
      workerData: { indexURL: pyodideIndexDir(), signal, port: port2, bootstrap: BOOTSTRAP_PY },
      transferList: [port2],
      env: {},
      resourceLimits: { maxOldGenerationSizeMb: o.jsHeapMb ?? 256, maxYoungGenerationSizeMb: 32, stackSizeMb: 8 },
    });
    // Never let the worker keep the process alive (Python's prints are captured in the worker).
    this.worker.on('error', () => {});
    this.worker.unref();
    this.port.unref();
    const ready = this.wait(o.loadTimeoutMs ?? 120_000, 'loading Pyodide');
    if (!ready.ok) {
      this.kill();
      throw new Error(String(ready.error ?? 'Pyodide did not start'));
    }
  }

  /** Starts a worker and loads Pyodide in it (blocks for a few seconds). */
  static open(o: SandboxOptions = {}): PySandbox {
    return new PySandbox(o);
  }

  get alive(): boolean {
    return this.deadReason === undefined;
  }

  private kill(reason = 'closed'): void {
    this.deadReason ??= reason;
    void this.worker?.terminate();
    this.worker = undefined;
  }

  close(): void {
    this.kill();
    this.port.close();
  }

  takeOutput(): string[] {
    return this.output.splice(0);
  }

  /** Waits for the worker's next reply, watching the clock and the memory. */
  private wait(timeoutMs: number, what: string): { ok: boolean; value?: string; error?: string; fatal?: boolean; stdout?: string[]; ready?: boolean } {
    const start = performance.now();
    const base = rss();
    const slice = 25;
    const nap = new Int32Array(new SharedArrayBuffer(4));
    for (;;) {
      Atomics.wait(this.flag, 0, 0, slice);
      const f = Atomics.load(this.flag, 0);
      if (f === 1) {
        const bytes = new Uint8Array(this.flag.buffer, 8, this.flag[1]!);
        return this.unpack(JSON.parse(decoder.decode(bytes.slice())));
      }
      // A reply too big for the shared buffer comes over the port (flag 2), possibly a moment
      // after the signal; the port also carries nothing else. Anything else is waited out
      // until the time limit (a wake-up without a reply is not an answer).
      const m = receiveMessageOnPort(this.port);
      if (m) return this.unpack(m.message);
      if (f === 2) Atomics.wait(nap, 0, 0, 1);
      if (rss() - base > this.memoryBytes) {
        this.kill('memory');
        throw new SandboxKilled('memory', `${what}: used more than ${this.memoryBytes / 1048576} MB; the sandbox ended it`);
      }
      if (performance.now() - start > timeoutMs) {
        this.kill('timeout');
        throw new SandboxKilled('timeout', `${what}: no answer within ${timeoutMs} ms; the sandbox ended it`);
      }
      // The worker may have died (JS heap cap, a fatal error) without answering.
      if (this.worker && (this.worker as unknown as { threadId: number }).threadId === -1) {
        this.kill('crashed');
        throw new SandboxKilled('crashed', `${what}: the sandbox worker died`);
      }
    }
  }

  private unpack(msg: { ok: boolean; value?: string; error?: string; stdout?: string[] }) {
    if (msg.stdout) this.output.push(...msg.stdout);
    if (this.output.length > 2000) this.output.splice(0, this.output.length - 2000);
    return msg;
  }

  /**
   * Calls a registered Python function (koth_register(name, fn) in a loaded module) with
   * JSON arguments; returns its JSON result. A Python exception throws SandboxPythonError; an
   * ended worker throws SandboxKilled (every later call too).
   */
  call(fn: string, args: unknown[], what = fn, timeoutMs = this.timeoutMs): unknown {
    if (this.deadReason !== undefined || !this.worker) throw new SandboxKilled('crashed', `${what}: the sandbox was already ended (${this.deadReason})`);
    Atomics.store(this.flag, 0, 0);
    this.worker.postMessage({ fn, args: JSON.stringify(args) });
    const reply = this.wait(timeoutMs, what);
    if (!reply.ok) {
      // A JavaScript-level failure: the interpreter cannot be trusted after it.
      this.kill('crashed');
      throw new SandboxKilled('crashed', `${what}: the Python interpreter failed (${reply.error}); the sandbox ended it`);
    }
    const text = reply.value!;
    const r = JSON.parse(text, text.includes('"__pyfloat__"') ? revivePyFloat : undefined) as { ok: boolean; value?: unknown; type?: string; message?: string; where?: string };
    if (!r.ok) throw new SandboxPythonError(r.type!, r.message!, r.where ?? '');
    return r.value;
  }

  /** A registered function with plain values: here one round trip to the worker like `call`. */
  fast(name: string): PyFast {
    return (...args) => this.call(name, args) as ReturnType<PyFast>;
  }

  /** No supervisor reads labels here: this thread itself watches the call it waits for. */
  label(): number {
    return 0;
  }

  at(): void {}

  /** A stopped call throws SandboxKilled itself here (the worker was ended). */
  stopReason(): undefined {
    return undefined;
  }

  /** Runs `code` as a fresh module `name` (its classes and functions stay loaded). */
  loadModule(name: string, code: string, filename = `${name}.py`, timeoutMs = this.timeoutMs): void {
    this.call('exec', [name, filename, code], `loading ${filename}`, timeoutMs);
  }
}

let shared: PySandbox | undefined;
/**
 * The process's sandbox, opened on first use and reopened after the sandbox ended one: Pyodide
 * loads once per process however many runs and games use it (the CLI's, or a test file's).
 */
export function sharedSandbox(): PySandbox {
  if (!shared?.alive) shared = PySandbox.open();
  return shared;
}

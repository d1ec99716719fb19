/**
 * Python in THIS thread, beside the engine: Pyodide loaded into the sandbox worker that also
 * runs the game (pool.ts starts those workers, job-worker.ts is their entry). A call is a plain
 * function call — no thread hop, no serialisation for `fast` functions — which is what makes
 * the original answers run at a useful fraction of native CPython.
 *
 * Limits, enforced from outside this thread (the supervisor in pool.ts) and inside it:
 *  - time: every call bumps a heartbeat in shared memory; the supervisor raises
 *    KeyboardInterrupt in Python through Pyodide's interrupt buffer when one call takes too
 *    long, and ends the worker when even that does not return (a C-level loop, a bot that
 *    catches BaseException). `stopReason()` then says 'timeout' to the adapter.
 *  - memory: WebAssembly.Memory.prototype.grow is capped before Pyodide loads, so Python gets
 *    MemoryError at the cap and the interpreter stays usable (`stopReason()` says 'memory');
 *    the worker's JavaScript heap has its own cap (resourceLimits).
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { BOOTSTRAP_PY } from './bootstrap.ts';
import type { PyFast, PythonHost } from './host.ts';
import { SandboxPythonError } from '../../errors.ts';
import { revivePyFloat, TAGGED } from './values.ts';
import { bootPyodide } from './snapshot.ts';
import { BEAT } from '../../heartbeat.ts';

/** Shared cells between a sandbox worker and its supervisor: one table for every runtime (sandbox/heartbeat.ts). */

/** node_modules/pyodide, the folder Pyodide loads its wasm and stdlib from (no network). */
function pyodideIndexDir(): string {
  const req = createRequire(import.meta.url);
  return dirname(req.resolve('pyodide/package.json')) + '/';
}

interface PyodideLike {
  runPython(code: string): unknown;
  globals: { get(name: string): unknown };
  setInterruptBuffer(buf: Int32Array): void;
  makeMemorySnapshot(): Uint8Array;
  setStdout(o: { write(buf: Uint8Array): number }): void;
  setStderr(o: { write(buf: Uint8Array): number }): void;
}

/** Lines of output held until taken (then one line says the rest was left out), and the longest line kept. */
export const MAX_OUTPUT_LINES = 1000;
export const MAX_OUTPUT_LINE = 10_000;

/**
 * What the interpreter prints (stdout and stderr, in order), bounded: at most MAX_OUTPUT_LINES
 * lines held until taken, each cut at MAX_OUTPUT_LINE characters. Pyodide's `write` handlers get
 * the bytes as Python writes them: nothing beyond the bounds is decoded or kept, so an answer
 * printing megabytes costs what writing them costs (Pyodide's line-batched handler assembled
 * every line whole: half a second per 10 MB line).
 */
class OutputKeeper {
  readonly lines: string[] = [];
  private readonly partial = ['', ''];
  private readonly utf8 = [new TextDecoder(), new TextDecoder()];
  private dropped = false;

  private keep(line: string): void {
    if (this.lines.length < MAX_OUTPUT_LINES) this.lines.push(line.length > MAX_OUTPUT_LINE ? `${line.slice(0, MAX_OUTPUT_LINE)} …` : line);
    else if (!this.dropped) {
      this.dropped = true;
      this.lines.push(`(more output left out: at most ${MAX_OUTPUT_LINES} lines are kept)`);
    }
  }

  writer(stream: 0 | 1): { write(buf: Uint8Array): number } {
    return {
      write: (buf) => {
        if (this.lines.length < MAX_OUTPUT_LINES) {
          const parts = (this.partial[stream] + this.utf8[stream]!.decode(buf, { stream: true })).split('\n');
          this.partial[stream] = parts.pop()!.slice(0, MAX_OUTPUT_LINE + 1);
          for (const line of parts) this.keep(line);
        } else this.keep('');
        return buf.length;
      },
    };
  }

  /** The lines held (a partial last line of each stream too), emptied. */
  take(): string[] {
    for (const i of [0, 1]) {
      if (this.partial[i]) this.keep(this.partial[i]!);
      this.partial[i] = '';
    }
    this.dropped = false;
    return this.lines.splice(0);
  }
}

interface PyProxyFn {
  (...args: unknown[]): unknown;
}

export interface LocalPythonOptions {
  /** The shared cells (BEAT); a private buffer when not supervised. */
  cells?: Int32Array;
  /** WebAssembly memory cap of the interpreter (MB). */
  memoryMb?: number;
  /** Told the text of each new label (the supervisor names the bot it stops). */
  onLabel?: (id: number, text: string) => void;
}

let capBytes = Infinity;
let capHit = false;
/** The cells of this thread's interpreter: a cap hit is told to the supervisor there (BEAT.memory). */
let capCells: Int32Array | undefined;
let growWrapped = false;

/** Caps every WebAssembly memory of this thread (Pyodide's heap) at `mb`; past it grow() throws, malloc fails, Python raises MemoryError. */
function capWasmMemory(mb: number): void {
  capBytes = mb * 1024 * 1024;
  if (growWrapped) return;
  growWrapped = true;
  // (No DOM/WebAssembly types in this project's lib: the prototype is typed here by hand.)
  type Memory = { buffer: ArrayBuffer; grow(delta: number): number };
  const proto = (globalThis as unknown as { WebAssembly: { Memory: { prototype: Memory } } }).WebAssembly.Memory.prototype;
  const grow = proto.grow;
  proto.grow = function (this: Memory, delta: number): number {
    if (this.buffer.byteLength + delta * 65536 > capBytes) {
      capHit = true;
      if (capCells) capCells[BEAT.memory] = 1;
      throw new RangeError('the koth sandbox caps Python memory here');
    }
    return grow.call(this, delta);
  };
}

const decoder = (t: string) => JSON.parse(t, TAGGED.test(t) ? revivePyFloat : undefined) as { ok: boolean; value?: unknown; type?: string; message?: string; where?: string };

export class LocalPython implements PythonHost {
  private readonly fns: { get(name: string): PyProxyFn | undefined };
  private readonly callJson: PyProxyFn;
  private readonly cache = new Map<string, PyFast>();
  private readonly labels: string[] = [];
  private readonly output: OutputKeeper;
  readonly cells: Int32Array;
  private readonly onLabel?: (id: number, text: string) => void;

  private constructor(py: PyodideLike, output: OutputKeeper, o: LocalPythonOptions) {
    this.output = output;
    this.cells = o.cells ?? new Int32Array(new SharedArrayBuffer(BEAT.size * 4));
    capCells = this.cells;
    py.setInterruptBuffer(this.cells.subarray(BEAT.interrupt, BEAT.interrupt + 1));
    this.fns = py.globals.get('_koth_fns') as { get(name: string): PyProxyFn | undefined };
    this.callJson = py.globals.get('_koth_call') as PyProxyFn;
    this.onLabel = o.onLabel;
  }

  /** Loads Pyodide from node_modules (offline; 0.4 s from the boot snapshot, 2.7 s without) with the sandbox's bootstrap. */
  static async load(o: LocalPythonOptions = {}): Promise<LocalPython> {
    if (o.memoryMb) capWasmMemory(o.memoryMb);
    const { loadPyodide } = (await import('pyodide')) as unknown as { loadPyodide(o: object): Promise<PyodideLike> };
    const output = new OutputKeeper();
    const base = {
      indexURL: pyodideIndexDir(),
      // The `js` module is this object: nothing of the host.
      jsglobals: Object.create(null),
      env: { HOME: '/home/pyodide' },
      checkAPIVersion: true,
    };
    // From the on-disk snapshot of a booted interpreter when there is one (snapshot.ts).
    const py = await bootPyodide<PyodideLike>({ load: (extra) => loadPyodide({ ...base, ...extra }), snapshot: (p) => p.makeMemorySnapshot() });
    py.setStdout(output.writer(0));
    py.setStderr(output.writer(1));
    py.runPython(BOOTSTRAP_PY);
    return new LocalPython(py, output, o);
  }

  get alive(): boolean {
    return true;
  }

  fast(name: string): PyFast {
    let f = this.cache.get(name);
    if (!f) {
      const fn = this.fns.get(name);
      if (!fn) throw new Error(`no Python function registered as ${name}`);
      const cells = this.cells;
      f = (...args) => {
        cells[BEAT.seq]!++;
        cells[BEAT.inCall] = 1;
        try {
          return fn(...args) as ReturnType<PyFast>;
        } catch (e) {
          throw this.asPythonError(e, name);
        } finally {
          cells[BEAT.inCall] = 0;
        }
      };
      this.cache.set(name, f);
    }
    return f;
  }

  call(fn: string, args: unknown[], what = fn): unknown {
    const cells = this.cells;
    cells[BEAT.seq]!++;
    cells[BEAT.inCall] = 1;
    let text: string;
    try {
      text = this.callJson(fn, JSON.stringify(args)) as string;
    } catch (e) {
      throw this.asPythonError(e, what);
    } finally {
      cells[BEAT.inCall] = 0;
    }
    const r = decoder(text);
    if (!r.ok) throw new SandboxPythonError(r.type!, r.message!, r.where ?? '');
    return r.value;
  }

  loadModule(name: string, code: string, filename = `${name}.py`): void {
    this.call('exec', [name, filename, code], `loading ${filename}`);
  }

  takeOutput(): string[] {
    return this.output.take();
  }

  label(text: string): number {
    let id = this.labels.indexOf(text);
    if (id < 0) {
      id = this.labels.push(text) - 1;
      this.onLabel?.(id, text);
    }
    return id;
  }

  at(id: number): void {
    this.cells[BEAT.label] = id;
  }

  stopReason(): 'timeout' | 'memory' | undefined {
    if (this.cells[BEAT.interrupted]) return 'timeout';
    if (capHit) return 'memory';
    return undefined;
  }

  /** A Python exception that escaped a registered function (they catch the bots' own). */
  private asPythonError(e: unknown, what: string): Error {
    const m = String((e as Error)?.message ?? e);
    const type = /^(\w+(?:Error|Exception|Interrupt|Exit))\b/m.exec(m.split('\n').filter(Boolean).pop() ?? '')?.[1] ?? 'Error';
    return new SandboxPythonError(type, `${what}: ${m.split('\n').filter(Boolean).pop() ?? m}`, '');
  }
}

/** The LocalPython of this sandbox worker (set by job-worker.ts), for the games' job functions. */
const KEY = Symbol.for('koth.localPython');
export function setLocalPython(py: LocalPython): void {
  (globalThis as Record<symbol, unknown>)[KEY] = py;
}
export function localPython(): LocalPython {
  const py = (globalThis as Record<symbol, unknown>)[KEY] as LocalPython | undefined;
  if (!py) throw new Error('koth: original Python bots run only inside a sandbox worker (engines/core/sandbox/pool.ts); a test may pass a LocalPython of its own');
  return py;
}

/**
 * Where original Python runs when a game's adapter is not handed a host: this sandbox worker's
 * own Python, beside the engine. Outside a sandbox worker there is none: untrusted code runs only
 * where the supervisor can stop it (tests that need Python in their own thread pass a LocalPython).
 */
export function defaultPythonHost(): PythonHost {
  return localPython();
}

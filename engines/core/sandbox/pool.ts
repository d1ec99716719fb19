/**
 * The supervisor of sandbox workers (job-worker.ts: a game engine and Pyodide in one locked-down
 * thread each). This thread hands out tasks — shards of a game's trials, or a named job — one at
 * a time per worker, and enforces the limits the workers cannot enforce on themselves:
 *
 *  - time: each worker bumps a heartbeat (heartbeat.ts BEAT) at every call into Python. When one
 *    call runs longer than `timeoutMs`, the supervisor raises KeyboardInterrupt in it through
 *    Pyodide's interrupt buffer (stops Python loops, regex backtracking, big-int powers within
 *    milliseconds); the game's adapter reports the bot as stopped for its time. When the call
 *    still does not return after `graceMs` (a C-level loop, a bot catching BaseException), the
 *    worker is terminated. Either way the task fails with SandboxKilled('timeout') naming the
 *    bot, and the worker is replaced before the next task.
 *  - memory: Python's WebAssembly memory is capped in the worker (MemoryError at the cap); the
 *    JavaScript heap by `resourceLimits` (a worker over it dies: SandboxKilled('memory')).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BEAT } from './heartbeat.ts';
import type { SandboxRuntime } from './heartbeat.ts';
import { ERROR_KIND, SandboxKilled, SandboxTaskError, type ErrorData } from './errors.ts';
import type { SandboxTask } from './job-worker.ts';

export interface SandboxPoolOptions {
  /** Worker threads (each loads Pyodide, ~75 MB and 2–3 s). */
  workers: number;
  /** Modules the workers import before they lock down: every module a task may name. */
  modules: string[];
  /** One call's time limit (ms). Default 10 s. */
  timeoutMs?: number;
  /** After an interrupt, how long to wait before terminating the worker (ms). Default 2 s. */
  graceMs?: number;
  /** Python's WebAssembly memory cap per worker (MB). Default 1024. */
  memoryMb?: number;
  /** The JavaScript heap cap per worker (MB). Default 1024. */
  jsHeapMb?: number;
  /** Loading time limit (ms). Default 120 s. */
  loadTimeoutMs?: number;
  /**
   * What runs the untrusted code: 'python' (Pyodide, the default) or 'wasm' (compiled C++,
   * runtimes/wasm/wasm.ts: no Pyodide is loaded; a call over its time cannot be interrupted, so the
   * worker is ended at once).
   */
  runtime?: SandboxRuntime;
}

export interface TaskHandlers {
  onTick?: (n: number) => void;
  onLine?: (line: string) => void;
  onOutput?: (lines: string[]) => void;
}

/** A task as callers give it: no id; the module defaults to the pool's first. */
type Untagged<T> = T extends unknown ? Omit<T, 'id' | 'module'> & { module?: string } : never;
export type SandboxTaskSpec = Untagged<SandboxTask>;

interface Slot {
  worker: Worker;
  cells: Int32Array;
  ready: Promise<void>;
  labels: Map<number, string>;
  task?: { id: number; resolve(v: unknown): void; reject(e: unknown): void; h: TaskHandlers };
  /** Watchdog: the call seen running, since when, and when it was interrupted. */
  seq: number;
  since: number;
  interruptedAt: number;
  /** Replace before the next task (interrupted, or over its memory cap). */
  tainted: boolean;
  dead: boolean;
}

function workerFile(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { filename: fileURLToPath(new URL('./job-worker-dev.mjs', import.meta.url)), execArgv: [] };
  const js = fileURLToPath(new URL(import.meta.url.includes('/chunks/') ? '../sandbox-worker.js' : './sandbox-worker.js', import.meta.url));
  if (!existsSync(js)) throw new Error(`the sandbox worker ${js} is missing: run npm run build`);
  return { filename: js, execArgv: [] };
}

export class SandboxPool {
  private readonly o: Required<SandboxPoolOptions>;
  private readonly slots: (Slot | undefined)[];
  private readonly queue: { spec: SandboxTaskSpec; resolve(v: unknown): void; reject(e: unknown): void; h: TaskHandlers }[] = [];
  private nextId = 1;
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(o: SandboxPoolOptions) {
    const given = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as SandboxPoolOptions;
    this.o = { timeoutMs: 10_000, graceMs: 2_000, memoryMb: 1024, jsHeapMb: 1024, loadTimeoutMs: 120_000, runtime: 'python', ...given, workers: Math.max(1, o.workers) };
    this.slots = new Array(this.o.workers).fill(undefined);
    this.timer = setInterval(() => this.watch(), Math.max(5, Math.min(100, this.o.timeoutMs / 4)));
    this.timer.unref();
  }

  get workers(): number {
    return this.o.workers;
  }

  /** What runs the untrusted code in these workers (a queued shard declares it: `koth worker` runs it in a pool of the same runtime). */
  get runtime(): SandboxRuntime {
    return this.o.runtime;
  }

  /** One call's time limit (ms). */
  get timeoutMs(): number {
    return this.o.timeoutMs;
  }

  /** Runs a task on the next free worker; resolves with its value, rejects with SandboxKilled or SandboxTaskError. */
  run(spec: SandboxTaskSpec, h: TaskHandlers = {}): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('the sandbox pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ spec, resolve, reject, h });
      this.pump();
    });
  }

  /** Starts every worker now (they load Pyodide in parallel); resolves when all are ready. */
  async warm(): Promise<void> {
    for (let i = 0; i < this.slots.length; i++) if (!this.slots[i] || this.slots[i]!.dead) this.slots[i] = this.start();
    await Promise.all(this.slots.map((s) => s!.ready));
  }

  async destroy(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    for (const q of this.queue.splice(0)) q.reject(new Error('the sandbox pool was closed'));
    await Promise.all(this.slots.map((s) => s && !s.dead && this.end(s)));
  }

  private start(): Slot {
    const { filename, execArgv } = workerFile();
    const buf = new SharedArrayBuffer(BEAT.size * 4);
    const worker = new Worker(filename, {
      execArgv,
      workerData: { modules: this.o.modules, cells: buf, memoryMb: this.o.memoryMb, runtime: this.o.runtime },
      // Nothing of the host's environment but the boot snapshot's two settings (snapshot.ts).
      env: sandboxEnv(process.env),
      resourceLimits: { maxOldGenerationSizeMb: this.o.jsHeapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
      stdout: true,
      stderr: true,
    });
    worker.unref();
    worker.stdout.resume();
    worker.stderr.resume();
    const slot: Slot = { worker, cells: new Int32Array(buf), ready: Promise.resolve(), labels: new Map(), seq: -1, since: 0, interruptedAt: 0, tainted: false, dead: false };
    slot.ready = new Promise<void>((resolve, reject) => {
      const t = setTimeout(() => {
        reject(new SandboxKilled('timeout', `loading Pyodide took more than ${this.o.loadTimeoutMs} ms`));
        void this.end(slot);
      }, this.o.loadTimeoutMs);
      t.unref();
      worker.on('message', (m: { ready?: boolean; fatal?: string; label?: number; text?: string; id?: number; tick?: number; line?: string; ok?: boolean; value?: unknown; error?: ErrorData; output?: string[] }) => {
        if (m.ready) {
          clearTimeout(t);
          resolve();
        } else if (m.fatal) {
          clearTimeout(t);
          reject(new Error(m.fatal));
        } else if (m.label !== undefined) {
          slot.labels.set(m.label, m.text!);
        } else if (m.id !== undefined && slot.task?.id === m.id) {
          const task = slot.task;
          if (m.tick !== undefined) task.h.onTick?.(m.tick);
          else if (m.line !== undefined) task.h.onLine?.(m.line);
          else {
            slot.task = undefined;
            // idle: no longer keeps the process alive (unless it is being ended: end() waits for that)
            if (!slot.dead) worker.unref();
            if (m.output?.length) task.h.onOutput?.(m.output);
            // A call stopped for its time, or code past the memory cap: the worker is replaced after this task.
            if (slot.cells[BEAT.interrupted] || slot.cells[BEAT.memory]) slot.tainted = true;
            if (m.ok) task.resolve(m.value);
            else task.reject(rebuild(m.error!));
            this.pump();
          }
        }
      });
      worker.on('error', (e) => {
        clearTimeout(t);
        const oom = (e as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
        this.died(slot, oom ? new SandboxKilled('memory', `over the sandbox's JavaScript heap cap (${this.o.jsHeapMb} MB); the sandbox ended it`, this.bot(slot)) : new SandboxKilled('crashed', `the sandbox worker failed (${e.message})`, this.bot(slot)));
        reject(e);
      });
      worker.on('exit', () => {
        clearTimeout(t);
        this.died(slot, new SandboxKilled('crashed', 'the sandbox worker stopped', this.bot(slot)));
        reject(new Error('the sandbox worker stopped while loading'));
      });
    });
    slot.ready.catch(() => {});
    return slot;
  }

  /** The bot of the slot's running call, when known (undefined: the sandboxed code in general). */
  private bot(slot: Slot): string | undefined {
    return slot.labels.get(slot.cells[BEAT.label]!);
  }

  private died(slot: Slot, e: SandboxKilled): void {
    slot.dead = true;
    const task = slot.task;
    slot.task = undefined;
    task?.reject(e);
    this.pump();
  }

  private async end(slot: Slot): Promise<void> {
    slot.dead = true;
    // Ref'd until it has ended: an unref'd worker's end may never reach this thread, and whoever
    // awaits this (destroy() after a failed shard) would never settle.
    slot.worker.ref();
    await slot.worker.terminate();
  }

  private pump(): void {
    if (this.closed) return;
    for (let i = 0; i < this.slots.length && this.queue.length; i++) {
      let slot = this.slots[i];
      if (slot?.task) continue;
      if (slot && slot.tainted && !slot.dead) void this.end(slot);
      if (!slot || slot.dead) slot = this.slots[i] = this.start();
      const q = this.queue.shift()!;
      const id = this.nextId++;
      const s = slot;
      s.task = { id, resolve: q.resolve, reject: q.reject, h: q.h };
      // While it runs a task the worker keeps the process alive: its end (an 'exit' or an
      // 'error' such as ERR_WORKER_OUT_OF_MEMORY) must reach this thread and settle the task —
      // unref'd, the process could end first, exit 0 with the awaited result never settled.
      s.worker.ref();
      s.ready.then(
        () => {
          if (s.dead || s.task?.id !== id) return;
          s.seq = -1;
          s.worker.postMessage({ ...q.spec, module: q.spec.module ?? this.o.modules[0], id });
        },
        (e: unknown) => {
          if (s.task?.id === id) {
            s.task = undefined;
            q.reject(e instanceof SandboxKilled ? e : new SandboxKilled('crashed', `the sandbox worker did not start: ${(e as Error)?.message ?? e}`));
          }
        },
      );
    }
  }

  private watch(): void {
    const now = performance.now();
    for (const s of this.slots) {
      if (!s || s.dead || !s.task) continue;
      const seq = s.cells[BEAT.seq]!;
      if (!s.cells[BEAT.inCall] || seq !== s.seq) {
        s.seq = s.cells[BEAT.inCall] ? seq : -1;
        s.since = now;
        s.interruptedAt = 0;
        continue;
      }
      if (this.o.runtime === 'wasm' && now - s.since > this.o.timeoutMs) {
        // WebAssembly has no interrupt: the worker (and the instance in it) is ended.
        const e = new SandboxKilled('timeout', `no answer within ${this.o.timeoutMs} ms; the sandbox ended the worker`, this.bot(s));
        void this.end(s);
        this.died(s, e);
      } else if (!s.interruptedAt && now - s.since > this.o.timeoutMs) {
        s.interruptedAt = now;
        s.tainted = true;
        Atomics.store(s.cells, BEAT.interrupted, 1);
        Atomics.store(s.cells, BEAT.interrupt, 2); // SIGINT: KeyboardInterrupt at Python's next check
      } else if (s.interruptedAt && now - s.interruptedAt > this.o.graceMs) {
        const e = new SandboxKilled('timeout', `no answer within ${this.o.timeoutMs} ms, and interrupting it did not stop it; the sandbox ended the worker`, this.bot(s));
        void this.end(s);
        this.died(s, e);
      }
    }
  }
}

/** The environment a sandbox worker gets: only KOTH_PYODIDE_SNAPSHOT and KOTH_PYODIDE_SNAPSHOT_DIR, when set. */
export function sandboxEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of ['KOTH_PYODIDE_SNAPSHOT', 'KOTH_PYODIDE_SNAPSHOT_DIR']) if (env[k] !== undefined) out[k] = env[k]!;
  return out;
}

/** An error from a worker as an object of this thread: SandboxKilled stays one, the rest SandboxTaskError. */
function rebuild(d: ErrorData): Error {
  if (d.name === ERROR_KIND.sandboxKilled) return new SandboxKilled(d.fields.reason as 'timeout', typeof d.fields.detail === 'string' ? d.fields.detail : d.message, typeof d.fields.bot === 'string' ? d.fields.bot : undefined);
  return new SandboxTaskError(d);
}

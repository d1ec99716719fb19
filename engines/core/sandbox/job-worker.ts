/**
 * Entry of a sandbox worker (started by pool.ts; bundled to dist/sandbox-worker.js): the game
 * engine and Pyodide in ONE thread, so an engine's call into an original Python bot is a plain
 * function call (runtimes/python/local.ts). In order:
 *   1. networking and processes are taken away (Pyodide never needs them offline);
 *   2. the games' modules named by the supervisor are imported (their engines and adapters);
 *   3. Pyodide loads (its WebAssembly memory capped) with the sandbox's Python bootstrap;
 *   4. the file system, module loading, the process's dangerous calls, `eval` and every
 *      function's `.constructor` (the road from any JS object back to `Function('return process')`)
 *      are taken away: from here on only code already loaded runs, and Python holds no JS object;
 *   5. tasks come one at a time: a shard of a game's `trials`, or a named job function of a
 *      module, `fn(args, { python, tick })`. Results and errors go back as plain data.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { shardGenerator } from '../rng/generators.ts';
import type { Seed } from '../rng/rng.ts';
import type { TrialSpec } from '../runner/trial-spec.ts';
import { asRulePairs, type RuleOutcomes } from '../ab/rule-trials.ts';
import { readWorkerModule } from '../runner/trials-ref.ts';
import { LocalPython, setLocalPython } from './runtimes/python/local.ts';
import type { SandboxRuntime } from './heartbeat.ts';
import { errorData } from './errors.ts';

export type SandboxTask =
  | { id: number; kind: 'shard'; module: string; opts: unknown; seed: Seed; index: number; count: number }
  | { id: number; kind: 'job'; module: string; fn: string; args: unknown };

export interface JobContext {
  /** The worker's Python (runtime 'python'; asking for it in a 'wasm' worker throws). */
  python: LocalPython;
  /** Which runtime this sandbox worker holds. */
  runtime: SandboxRuntime;
  /** The heartbeat cells shared with the supervisor (sandbox/heartbeat.ts): runtimes other than Python bump them per call. */
  cells: Int32Array;
  /** Names what the next calls are for (a bot), so the supervisor's message can name it; returns its id for BEAT.label. */
  label(text: string): number;
  /** Progress: n more trials done. */
  tick(n: number): void;
  /** A line for the user (what a `play` prints), sent as it is made. */
  emit(line: string): void;
  /** Lines the sandboxed code printed (runtimes other than Python: a compiled answer's stdout/stderr), sent with the task's result or error as Python's are. */
  output(lines: string[]): void;
}

const { modules, cells, memoryMb, runtime = 'python' } = workerData as { modules: string[]; cells: SharedArrayBuffer; memoryMb: number; runtime?: SandboxRuntime };
const cellView = new Int32Array(cells);
const labels: string[] = [];
function label(text: string): number {
  let id = labels.indexOf(text);
  if (id < 0) {
    id = labels.push(text) - 1;
    port.postMessage({ label: id, text });
  }
  return id;
}
const port = parentPort!;
const require = createRequire(import.meta.url);

const blocked = (what: string) =>
  function () {
    throw new Error(`${what} is not available in the koth sandbox`);
  };

/** Replaces every function of a builtin module by one that throws (CommonJS and ESM views). */
function neuter(name: string): void {
  const m = require(name) as Record<string, unknown>;
  for (const k of Object.keys(m)) {
    if (typeof m[k] === 'function') {
      try {
        m[k] = blocked(`${name}.${k}`);
      } catch {
        /* read-only export: leave it */
      }
    }
  }
}

for (const m of ['node:child_process', 'node:net', 'node:tls', 'node:dgram', 'node:http', 'node:https', 'node:http2', 'node:dns', 'node:inspector', 'node:cluster']) neuter(m);
for (const g of ['fetch', 'WebSocket', 'XMLHttpRequest', 'EventSource', 'Request']) delete (globalThis as Record<string, unknown>)[g];
syncBuiltinESMExports();

const loaded = new Map<string, Record<string, unknown>>();
async function importModule(module: string): Promise<Record<string, unknown>> {
  // From sources, job-worker-dev.mjs has registered tsx's ESM hooks in this thread, so the
  // TypeScript module is imported like the bundle's dist/*.js: one module graph with this file.
  const { file } = readWorkerModule(module);
  return (await import(file.startsWith('file:') ? file : pathToFileURL(file).href)) as Record<string, unknown>;
}

let python: LocalPython | undefined;
try {
  for (const m of modules) loaded.set(m, await importModule(m));
  // Pyodide only where Python runs: a C++/WebAssembly worker instantiates the games' modules itself (runtimes/wasm/wasm.ts).
  if (runtime === 'python') {
    python = await LocalPython.load({ cells: cellView, memoryMb, onLabel: (id, text) => port.postMessage({ label: id, text }) });
    setLocalPython(python);
  }
} catch (e) {
  port.postMessage({ fatal: `the sandbox worker did not start: ${(e as Error)?.message ?? e}` });
  throw e;
}

// No real clock for posted code: Pyodide's clock_gettime reads performance.now() (time.perf_counter,
// time.monotonic, process_time) and Date.now() (time.time, datetime.now); from here on both answer
// one fixed instant, 0 (1970-01-01T00:00:00Z), so a bot that budgets by the clock always takes its
// whole budget of work and plays the same on every machine (a loop waiting for the clock to move is
// stopped by the sandbox's time limit). After Pyodide has loaded (its start-up may time itself).
if (runtime === 'python') {
  const frozen = () => 0;
  Object.defineProperty(performance, 'now', { value: frozen, writable: false, configurable: false });
  Object.defineProperty(Date, 'now', { value: frozen, writable: false, configurable: false });
}

for (const m of ['node:fs', 'node:fs/promises', 'node:vm', 'node:os']) neuter(m);
syncBuiltinESMExports();
neuter('node:module');
syncBuiltinESMExports();
for (const k of ['getBuiltinModule', 'binding', '_linkedBinding', 'dlopen', 'kill', 'chdir', 'setuid', 'setgid', 'abort', 'reallyExit']) {
  try {
    (process as unknown as Record<string, unknown>)[k] = blocked(`process.${k}`);
  } catch {
    /* ignore */
  }
}
for (const proto of [Function.prototype, Object.getPrototypeOf(async function () {}), Object.getPrototypeOf(function* () {}), Object.getPrototypeOf(async function* () {})]) {
  Object.defineProperty(proto, 'constructor', { value: undefined, writable: false, configurable: false });
}
globalThis.eval = blocked('eval') as typeof eval;

async function run(task: SandboxTask, printed: string[]): Promise<unknown> {
  const mod = loaded.get(task.module);
  if (!mod) throw new Error(`the sandbox worker was not started with ${task.module}`);
  const tick = (n: number) => port.postMessage({ id: task.id, tick: n });
  const ctx: JobContext = {
    get python(): LocalPython {
      if (!python) throw new Error('this sandbox worker runs C++/WebAssembly, not Python');
      return python;
    },
    runtime,
    cells: cellView,
    label,
    tick,
    emit: (line) => port.postMessage({ id: task.id, line }),
    output: (lines) => {
      printed.push(...lines);
    },
  };
  if (task.kind === 'shard') {
    const own = mod.trials as TrialSpec<unknown, unknown> | undefined;
    if (!own) throw new Error(`${task.module} exports no "trials"`);
    const trials = asRulePairs(task.module, own, mod.ruleOutcomes as RuleOutcomes<unknown, unknown> | undefined);
    return trials.run(task.opts, shardGenerator(trials.generator, task.seed, task.index), task.count, tick, ctx);
  }
  const fn = mod[task.fn];
  if (typeof fn !== 'function') throw new Error(`${task.module} exports no job function ${task.fn}`);
  return (fn as (args: unknown, ctx: JobContext) => unknown)(task.args, ctx);
}

port.on('message', (task: SandboxTask) => {
  void (async () => {
    const printed: string[] = [];
    try {
      const value = await run(task, printed);
      port.postMessage({ id: task.id, ok: true, value, output: [...(python?.takeOutput() ?? []), ...printed] });
    } catch (e) {
      port.postMessage({ id: task.id, ok: false, error: errorData(e), output: [...(python?.takeOutput() ?? []), ...printed] });
    }
  })();
});
port.postMessage({ ready: true });

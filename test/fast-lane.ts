/**
 * Setup file of the fast lane (vitest.config.ts): keeps it fast by refusing, in its test files, what
 * belongs to the other lanes — spawning the koth CLI (dist/koth.js), redis-server or chromium, and
 * starting a sandbox worker (Pyodide, compiled C++) or the C++ compiler. A file that needs one
 * fails here saying which lane to list it in, instead of slowing the lane down unnoticed.
 * Other programs (python3 for a recipe's check, a scratch program as a player) stay allowed.
 */
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import workerThreads from 'node:worker_threads';

function refuse(what: string, lane: string): never {
  throw new Error(`the fast lane does not ${what}: list this test file in the ${lane} lane (vitest.config.ts)`);
}

/** What a spawn of `file` with `args` needs, or undefined when the fast lane may do it. */
function laneOfProcess(file: string, args: readonly string[] = []): [string, string] | undefined {
  const words = [file, ...args].map(String);
  if (words.some((w) => /(^|\/)dist\/koth\.js$/.test(w))) return ['spawn the koth CLI (dist/koth.js; call cli/koth.ts main() through runKoth instead when the process is not the point)', 'cli'];
  if (/(^|\/)redis-server$/.test(file)) return ['start redis-server', 'services'];
  if (/(^|\/)chromium$/.test(file)) return ['start chromium', 'services'];
  return undefined;
}

for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync', 'fork'] as const) {
  const original = childProcess[name] as (...a: unknown[]) => unknown;
  (childProcess as unknown as Record<string, unknown>)[name] = function (this: unknown, file: string, args?: unknown, ...rest: unknown[]) {
    const modulePath = name === 'fork' ? [file] : [];
    const hit = laneOfProcess(name === 'fork' ? process.execPath : file, [...modulePath, ...(Array.isArray(args) ? args : [])]);
    if (hit) refuse(hit[0], hit[1]);
    return original.call(this, file, args, ...rest);
  };
}

const OriginalWorker = workerThreads.Worker;
class FastLaneWorker extends OriginalWorker {
  constructor(filename: string | URL, options?: workerThreads.WorkerOptions) {
    if (/(job-worker|clang-worker)[^/]*$/.test(String(filename))) refuse('start sandbox workers (Pyodide, compiled C++) or the C++ compiler', 'sandbox');
    super(filename, options);
  }
}
(workerThreads as { Worker: typeof OriginalWorker }).Worker = FastLaneWorker;

syncBuiltinESMExports();

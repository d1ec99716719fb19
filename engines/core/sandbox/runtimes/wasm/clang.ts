/**
 * C++ to WebAssembly for the sandbox's C++ runtime (wasm.ts): @yowasp/clang — Clang/LLD compiled
 * to WebAssembly, an npm dependency like pyodide (nothing is downloaded at run time) — run in a
 * worker thread (clang-worker.mjs), never on the main thread. Results are cached outside the
 * repository, beside the Pyodide snapshot: node_modules/.cache/koth-replay/cpp/<key>.kwasm, or
 * KOTH_CPP_CACHE_DIR; the key is sha256 of the compiler's version, the arguments and every input
 * file (the answer and the game's stand-ins), so a changed stand-in or flag compiles again.
 * An entry is sealed as the Pyodide snapshot is: a tag, then sha256(key, module), then the
 * module — an entry that is damaged (emptied, truncated) or another answer's module under this
 * key is never run: it is compiled again, and `rebuilt` says why. KOTH_CPP_CACHE=off compiles
 * every time.
 *
 * A compile is bounded (a template bomb grows without end): KOTH_CPP_COMPILE_TIMEOUT_S (default
 * 120 s, loading the compiler not counted) and KOTH_CPP_COMPILE_MEMORY_MB (default 1536 MB more
 * than the process held when it began); past either the compiler's thread is ended and the
 * answer refused (CppCompileLimit).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId, Worker } from 'node:worker_threads';

export interface CppCompileJob {
  /** Name for messages and progress (the answer). */
  name: string;
  /** clang++ arguments after the program name; the output file is `output`. */
  args: string[];
  /** The virtual file system's files: name → text. */
  files: Record<string, string>;
  output: string;
}

export interface CppCompiled {
  name: string;
  /** The cache key: sha256 of compiler version, arguments and files. */
  key: string;
  bytes: Uint8Array;
  cached: boolean;
  ms: number;
  /** Set when a cache entry was there but unusable, so the answer was compiled again: what was wrong, naming the file. */
  rebuilt?: string;
  /** Set when a fresh compile could not be written to the cache: why (the cache is off, or the folder cannot be written). */
  notCached?: string;
}

/** The compiler failed (the answer does not compile against the stand-ins): its diagnostics. */
export class CppCompileError extends Error {
  constructor(
    readonly answer: string,
    readonly diagnostics: string,
  ) {
    super(`${answer} does not compile:\n${diagnostics.trim().split('\n').slice(0, 20).join('\n')}`);
    this.name = 'CppCompileError';
  }
}

/** A compile past its time or memory bound (KOTH_CPP_COMPILE_TIMEOUT_S, KOTH_CPP_COMPILE_MEMORY_MB): the compiler was ended. */
export class CppCompileLimit extends Error {
  constructor(
    readonly answer: string,
    readonly limit: 'time' | 'memory',
    message: string,
  ) {
    super(message);
    this.name = 'CppCompileLimit';
  }
}

/** A bound from the environment: a positive number, else the default; anything else is refused naming the variable. */
function envBound(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const v = Number(raw);
  if (!Number.isFinite(v) || v <= 0) throw new CppCompileSetting(`${name}=${raw} is not a positive number (default ${fallback})`);
  return v;
}

/** A compile bound set wrong in the environment. */
export class CppCompileSetting extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CppCompileSetting';
  }
}

/** Default bounds of one compile. */
export const CPP_COMPILE_TIMEOUT_S = 120;
export const CPP_COMPILE_MEMORY_MB = 1536;

/** One compile's bounds: seconds (KOTH_CPP_COMPILE_TIMEOUT_S) and MB above the process's memory when it began (KOTH_CPP_COMPILE_MEMORY_MB). */
export function compileBounds(): { seconds: number; mb: number } {
  return { seconds: envBound('KOTH_CPP_COMPILE_TIMEOUT_S', CPP_COMPILE_TIMEOUT_S), mb: envBound('KOTH_CPP_COMPILE_MEMORY_MB', CPP_COMPILE_MEMORY_MB) };
}

/** The folder of the @yowasp/clang package (its exports hide package.json: found from its entry, gen/bundle.js). */
function clangPackageDir(): string | undefined {
  try {
    return dirname(dirname(createRequire(import.meta.url).resolve('@yowasp/clang')));
  } catch {
    return undefined;
  }
}

/** @yowasp/clang's version (part of the cache key), or undefined when it is not installed. */
export function clangVersion(): string | undefined {
  const dir = clangPackageDir();
  if (!dir) return undefined;
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return undefined;
  }
}

export function cppCacheDir(): string | undefined {
  if (/^(off|0|no|false)$/i.test(process.env.KOTH_CPP_CACHE ?? '')) return undefined;
  if (process.env.KOTH_CPP_CACHE_DIR) return process.env.KOTH_CPP_CACHE_DIR;
  const pkg = clangPackageDir();
  // node_modules/@yowasp/clang → node_modules/.cache/koth-replay/cpp
  return pkg ? join(dirname(dirname(pkg)), '.cache', 'koth-replay', 'cpp') : undefined;
}

export function cacheKey(job: CppCompileJob, version: string): string {
  const h = createHash('sha256').update(`clang ${version}\0`).update(JSON.stringify(job.args)).update('\0');
  for (const k of Object.keys(job.files).sort()) h.update(k).update('\0').update(job.files[k]!).update('\0');
  return h.digest('hex');
}

/** A cache entry's first bytes: this tag, then sha256(key, module) (32 bytes), then the module. */
const MAGIC = Buffer.from('koth-cpp-wasm sha256\n');

const sealDigest = (key: string, bytes: Uint8Array) => createHash('sha256').update(key).update('\0').update(bytes).digest();

/** The module as stored under `key`. */
export function sealEntry(key: string, bytes: Uint8Array): Buffer {
  return Buffer.concat([MAGIC, sealDigest(key, bytes), bytes]);
}

/** The module of a stored entry, or what is wrong with it (its tag or digest does not match the key, it is no WebAssembly). */
export function openEntry(key: string, file: Buffer): { bytes: Uint8Array } | { wrong: string } {
  const head = MAGIC.length + 32;
  if (file.length === 0) return { wrong: 'it is empty' };
  if (file.length <= head || !file.subarray(0, MAGIC.length).equals(MAGIC)) return { wrong: 'it is not a sealed entry' };
  const bytes = new Uint8Array(file.subarray(head));
  if (!sealDigest(key, bytes).equals(file.subarray(MAGIC.length, head))) return { wrong: 'its checksum does not match its key (edited, truncated, or another entry)' };
  if (!(globalThis as unknown as { WebAssembly: { validate(b: Uint8Array): boolean } }).WebAssembly.validate(bytes)) return { wrong: 'it is no valid WebAssembly' };
  return { bytes };
}

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return fileURLToPath(new URL('./clang-worker.mjs', import.meta.url));
  const js = fileURLToPath(new URL(import.meta.url.includes('/chunks/') ? '../clang-worker.js' : './clang-worker.js', import.meta.url));
  if (!existsSync(js)) throw new Error(`the compiler worker ${js} is missing: run npm run build`);
  return js;
}

/** What the worker says: a compile began (the compiler is loaded), or its result. */
type WorkerMessage = { id: number; started?: boolean; ok?: boolean; bytes?: Uint8Array; message?: string };

/**
 * Compiles the jobs (cached ones are read from the cache), one at a time in one worker thread
 * (a compile takes most of a core; 3–8 s each, ~15 s for the first, which loads the compiler).
 * `onStart` is told before each job that is compiled (not read from the cache), `onDone` after
 * each, for progress. Each compile is bounded (compileBounds): past a bound, CppCompileLimit.
 * A job that does not compile (or passes a bound) throws, ending the call; with `onFailed` it is
 * handed there instead and left out of the result, and the other jobs are compiled (a host
 * compiling many posted answers at once).
 */
export async function compileCpp(
  jobs: readonly CppCompileJob[],
  onDone?: (c: CppCompiled, done: number) => void,
  onStart?: (job: CppCompileJob, index: number) => void,
  onFailed?: (e: CppCompileError | CppCompileLimit, index: number) => void,
): Promise<CppCompiled[]> {
  const version = clangVersion();
  if (!version) throw new Error('@yowasp/clang is not installed: run npm install (it is a dependency of koth-replay)');
  const bounds = compileBounds();
  const dir = cppCacheDir();
  const out: CppCompiled[] = [];
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, (m: WorkerMessage) => void>();
  const started = new Map<number, () => void>();
  try {
    for (const [index, job] of jobs.entries()) {
      try {
        const key = cacheKey(job, version);
        const t0 = performance.now();
        const file = dir ? join(dir, `${key}.kwasm`) : undefined;
        let bytes: Uint8Array | undefined;
        let rebuilt: string | undefined;
        if (file && existsSync(file)) {
          let found: { bytes: Uint8Array } | { wrong: string };
          try {
            found = openEntry(key, readFileSync(file));
          } catch (e) {
            found = { wrong: `it cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` };
          }
          if ('bytes' in found) bytes = found.bytes;
          else rebuilt = `the cached build of ${job.name}, ${file}, was damaged (${found.wrong}): compiled again`;
        }
        const cached = !!bytes;
        let notCached: string | undefined;
        if (!bytes) {
          onStart?.(job, index);
          if (!worker) {
            worker = new Worker(workerFile(), { stdout: true, stderr: true });
            worker.stdout.resume();
            worker.stderr.resume();
            worker.on('message', (m: WorkerMessage) => {
              if (m.started) {
                started.get(m.id)?.();
                return;
              }
              pending.get(m.id)?.(m);
              pending.delete(m.id);
            });
            worker.on('error', (e) => {
              for (const [, r] of pending) r({ id: 0, ok: false, message: `the compiler thread failed: ${e.message}` });
              pending.clear();
            });
            // a thread that ends with a compile unanswered (it crashed): that compile fails, never hangs
            worker.on('exit', (code) => {
              for (const [, r] of pending) r({ id: 0, ok: false, message: `the compiler thread ended (exit code ${code}) without an answer` });
              pending.clear();
            });
          }
          const id = nextId++;
          const w = worker;
          let watch: NodeJS.Timeout | undefined;
          const m = await new Promise<WorkerMessage>((resolve, reject) => {
            pending.set(id, resolve);
            started.set(id, () => {
              // The bounds count from here: the compiler is loaded and this job's compile begins.
              const since = performance.now();
              const base = process.memoryUsage.rss();
              const stop = (e: CppCompileLimit) => {
                clearInterval(watch);
                pending.delete(id);
                worker = undefined;
                void w.terminate();
                reject(e);
              };
              watch = setInterval(() => {
                const mb = (process.memoryUsage.rss() - base) / 2 ** 20;
                if (mb > bounds.mb) stop(new CppCompileLimit(job.name, 'memory', `compiling ${job.name} took more than ${bounds.mb} MB of memory (KOTH_CPP_COMPILE_MEMORY_MB)`));
                else if (performance.now() - since > bounds.seconds * 1000) stop(new CppCompileLimit(job.name, 'time', `compiling ${job.name} took more than ${bounds.seconds} s (KOTH_CPP_COMPILE_TIMEOUT_S)`));
              }, 100);
            });
            w.postMessage({ id, args: ['clang++', ...job.args], files: job.files, output: job.output });
          }).finally(() => {
            clearInterval(watch);
            started.delete(id);
          });
          if (!m.ok) throw new CppCompileError(job.name, m.message ?? 'unknown error');
          bytes = new Uint8Array(m.bytes!);
          if (!file) notCached = 'KOTH_CPP_CACHE=off';
          else {
            try {
              mkdirSync(dirname(file), { recursive: true });
              const tmp = `${file}.${process.pid}.${threadId}.tmp`;
              writeFileSync(tmp, sealEntry(key, bytes));
              renameSync(tmp, file);
            } catch (e) {
              // a cache that cannot be written: compile again next time (and say so)
              notCached = `cannot write to ${dirname(file)} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
            }
          }
        }
        const c: CppCompiled = { name: job.name, key, bytes, cached, ms: performance.now() - t0, ...(rebuilt ? { rebuilt } : {}), ...(notCached ? { notCached } : {}) };
        out.push(c);
        onDone?.(c, out.length);
      } catch (e) {
        // With onFailed, an answer that does not compile is reported and the others go on (a thread ended at a bound is started again for the next).
        if (!onFailed || !(e instanceof CppCompileError || e instanceof CppCompileLimit)) throw e;
        onFailed(e, index);
      }
    }
  } finally {
    await worker?.terminate();
  }
  return out;
}

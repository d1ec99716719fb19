/**
 * C++ to WebAssembly for the sandbox's C++ runtime (wasm.ts): @yowasp/clang — Clang/LLD compiled
 * to WebAssembly, an npm dependency like pyodide (nothing is downloaded at run time) — run in a
 * worker thread (clang-worker.mjs), never on the main thread. Results are cached outside the
 * repository, beside the Pyodide snapshot: node_modules/.cache/koth-replay/cpp/<sha256>.wasm, or
 * KOTH_CPP_CACHE_DIR; the key is sha256 of the compiler's version, the arguments and every input
 * file (the answer and the game's stand-ins), so a changed stand-in or flag compiles again.
 * KOTH_CPP_CACHE=off compiles every time.
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

function workerFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return fileURLToPath(new URL('./clang-worker.mjs', import.meta.url));
  const js = fileURLToPath(new URL(import.meta.url.includes('/chunks/') ? '../clang-worker.js' : './clang-worker.js', import.meta.url));
  if (!existsSync(js)) throw new Error(`the compiler worker ${js} is missing: run npm run build`);
  return js;
}

/**
 * Compiles the jobs (cached ones are read from the cache), one at a time in one worker thread
 * (a compile takes most of a core; 3–8 s each, ~15 s for the first, which loads the compiler).
 * `onDone` is told after each, for a progress bar.
 */
export async function compileCpp(jobs: readonly CppCompileJob[], onDone?: (c: CppCompiled, done: number) => void): Promise<CppCompiled[]> {
  const version = clangVersion();
  if (!version) throw new Error('@yowasp/clang is not installed: run npm install (it is a dependency of koth-replay)');
  const dir = cppCacheDir();
  const out: CppCompiled[] = [];
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, (m: { ok: boolean; bytes?: Uint8Array; message?: string }) => void>();
  try {
    for (const job of jobs) {
      const key = cacheKey(job, version);
      const t0 = performance.now();
      const file = dir ? join(dir, `${key}.wasm`) : undefined;
      let bytes: Uint8Array | undefined;
      if (file && existsSync(file)) {
        try {
          bytes = new Uint8Array(readFileSync(file));
        } catch {
          bytes = undefined;
        }
      }
      const cached = !!bytes;
      if (!bytes) {
        if (!worker) {
          worker = new Worker(workerFile(), { stdout: true, stderr: true });
          worker.stdout.resume();
          worker.stderr.resume();
          worker.on('message', (m: { id: number; ok: boolean; bytes?: Uint8Array; message?: string }) => {
            pending.get(m.id)?.(m);
            pending.delete(m.id);
          });
          worker.on('error', (e) => {
            for (const [, r] of pending) r({ ok: false, message: `the compiler thread failed: ${e.message}` });
            pending.clear();
          });
        }
        const id = nextId++;
        const w = worker;
        const m = await new Promise<{ ok: boolean; bytes?: Uint8Array; message?: string }>((resolve) => {
          pending.set(id, resolve);
          w.postMessage({ id, args: ['clang++', ...job.args], files: job.files, output: job.output });
        });
        if (!m.ok) throw new CppCompileError(job.name, m.message ?? 'unknown error');
        bytes = new Uint8Array(m.bytes!);
        if (file) {
          try {
            mkdirSync(dirname(file), { recursive: true });
            const tmp = `${file}.${process.pid}.${threadId}.tmp`;
            writeFileSync(tmp, bytes);
            renameSync(tmp, file);
          } catch {
            /* a cache that cannot be written: compile again next time */
          }
        }
      }
      const c: CppCompiled = { name: job.name, key, bytes, cached, ms: performance.now() - t0 };
      out.push(c);
      onDone?.(c, out.length);
    }
  } finally {
    await worker?.terminate();
  }
  return out;
}

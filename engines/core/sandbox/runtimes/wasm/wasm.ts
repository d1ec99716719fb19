/**
 * The C++/WebAssembly runtime of the sandbox: one compiled answer (a WebAssembly module built
 * by a game's compiler step, e.g. engines/gun-duel/cpp/compile.ts) instantiated with a
 * HAND-WRITTEN import object — no `node:wasi`, which would hand out the real clock, entropy and
 * files. What a module may import:
 *  - `wasi_snapshot_preview1`: fd_write (stdout/stderr kept, capped; other descriptors EBADF),
 *    fd_seek/fd_close/fd_fdstat_get (EBADF), fd_prestat_get (EBADF: no preopened folders, so
 *    no files at all), environ/args (empty), clock_time_get (the FIXED clock the game gives),
 *    random_get (refused: a trap), proc_exit (a trap); any other WASI call answers ENOSYS;
 *  - the game's own module(s) of host functions (plain numbers in and out);
 *  - nothing else: a module importing anything more is refused before it runs.
 * Limits: the module's memory has the maximum its linker flags gave it (the game's compiler
 * sets it; `maxMemoryPages` is checked here after instantiation), every call bumps the
 * supervisor's heartbeat (heartbeat.ts) so that a call over its time ends the worker, and a
 * trap (unreachable, out-of-bounds, stack overflow, a `throw`, abort) leaves the instance
 * unusable — its stack pointer is not reset — so it is discarded: `dead` from then on.
 */
import { BEAT } from '../../heartbeat.ts';

// (No WebAssembly types in this project's lib: the few used are typed here by hand.)
export interface WasmModule {
  readonly __wasmModule?: never;
}
interface WasmMemory {
  buffer: ArrayBuffer;
}
interface WasmInstanceRaw {
  exports: Record<string, unknown>;
}
interface WasmApi {
  Module: { new (bytes: Uint8Array): WasmModule; imports(m: WasmModule): { module: string; name: string; kind: string }[]; exports(m: WasmModule): { name: string; kind: string }[] };
  Instance: new (m: WasmModule, imports: object) => WasmInstanceRaw;
  RuntimeError: new (...a: unknown[]) => Error;
}
const WA = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** Why sandboxed code stopped: a trap (abort, a bad pointer, stack overflow), a C++ `throw` nothing caught, out of memory, exit(), a refused call. */
export type WasmStopReason = 'trap' | 'throw' | 'memory' | 'exit' | 'refused';

/** The sandboxed code stopped: a trap, out of memory, exit(), a refused call. The instance is gone. */
export class WasmStopped extends Error {
  constructor(
    readonly reason: WasmStopReason,
    readonly what: string,
    message: string,
  ) {
    super(message);
    this.name = 'WasmStopped';
  }
}

/** A module that cannot be instantiated here (imports outside the sandbox's list, no memory…). */
export class WasmRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WasmRefused';
  }
}

export type HostFn = (...args: number[]) => number | void;

export interface WasmSandboxOptions {
  /** The game's host functions by module name (e.g. { koth: { random_integer } }). */
  host: Record<string, Record<string, HostFn>>;
  /** The wall clock the code reads (clock_time_get), in nanoseconds: fixed by the game. */
  clockNs: () => bigint;
  /** Heartbeat cells of the sandbox worker (heartbeat.ts); a private buffer when unsupervised. */
  cells?: Int32Array;
  /** Most pages (64 KiB) the memory may have; checked after instantiation. Default 4096 (256 MB). */
  maxMemoryPages?: number;
  /** Name for messages (the answer). */
  what: string;
  /** Lines of output kept (stdout and stderr) over the instance's life; then one line says the rest was left out. Default 200. */
  maxOutputLines?: number;
}

const ERRNO = { success: 0, badf: 8, inval: 28, nosys: 52 } as const;

/** A compiled module from its bytes (validated; nothing runs). */
export function compileWasm(bytes: Uint8Array): WasmModule {
  return new WA.Module(bytes);
}

/** The imports a module declares that the sandbox does not give (empty when it may run). */
export function refusedImports(mod: WasmModule, hostModules: readonly string[]): string[] {
  return WA.Module.imports(mod)
    .filter((i) => !(i.module === 'wasi_snapshot_preview1' && i.kind === 'function') && !(hostModules.includes(i.module) && i.kind === 'function'))
    .map((i) => `${i.module}.${i.name} (${i.kind})`);
}

export class WasmSandbox {
  private readonly exports: Record<string, unknown>;
  private readonly memory: WasmMemory;
  private readonly cells: Int32Array;
  private readonly output: string[] = [];
  private partial = '';
  /** Lines kept so far (the cap is over the instance's life, not per takeOutput). */
  private kept = 0;
  private stop?: { reason: WasmStopReason; detail: string };
  dead = false;

  constructor(mod: WasmModule, private readonly o: WasmSandboxOptions) {
    this.cells = o.cells ?? new Int32Array(new SharedArrayBuffer(BEAT.size * 4));
    const refused = refusedImports(mod, Object.keys(o.host));
    if (refused.length) throw new WasmRefused(`${o.what} imports what the sandbox does not give: ${refused.join(', ')}`);
    const wasi = this.wasi();
    const imports: Record<string, Record<string, unknown>> = { wasi_snapshot_preview1: wasi };
    for (const [m, fns] of Object.entries(o.host)) imports[m] = { ...fns };
    // every WASI call the module names and we do not write by hand: ENOSYS
    for (const i of WA.Module.imports(mod)) if (i.module === 'wasi_snapshot_preview1' && !(i.name in wasi)) wasi[i.name] = () => ERRNO.nosys;
    const inst = new WA.Instance(mod, imports);
    this.exports = inst.exports;
    const mem = inst.exports.memory as WasmMemory | undefined;
    if (!mem) throw new WasmRefused(`${o.what} exports no memory`);
    this.memory = mem;
    const init = inst.exports._initialize;
    if (typeof init === 'function') this.call('_initialize');
  }

  /** Calls an export with numbers; a trap (or a refused host call) ends this instance: WasmStopped. */
  call(name: string, ...args: number[]): number {
    if (this.dead) throw new WasmStopped(this.stop?.reason ?? 'trap', this.o.what, `${this.o.what} was stopped before (${this.stop?.detail ?? 'a trap'}); its instance is discarded`);
    const fn = this.exports[name];
    if (typeof fn !== 'function') throw new WasmRefused(`${this.o.what} exports no function ${name}`);
    const c = this.cells;
    c[BEAT.seq]!++;
    c[BEAT.inCall] = 1;
    try {
      return (fn as (...a: number[]) => number)(...args);
    } catch (e) {
      this.dead = true;
      const reason: WasmStopReason = this.stop?.reason ?? 'trap';
      const detail = this.stop?.detail ?? (e instanceof Error ? e.message : String(e));
      this.stop = { reason, detail };
      throw new WasmStopped(reason, this.o.what, `${this.o.what}: ${this.describe(reason, detail, name)}`);
    } finally {
      c[BEAT.inCall] = 0;
    }
  }

  /** The stop in words: what happened, in which export. */
  private describe(reason: WasmStopReason, detail: string, fn: string): string {
    const pages = this.memory.buffer.byteLength / 65536;
    if (reason === 'memory') return `out of memory in ${fn}: ${detail} (${pages} pages of 64 KiB in use, at most ${this.o.maxMemoryPages ?? 4096})`;
    if (reason === 'throw') return `threw an exception in ${fn} that nothing caught (${detail})`;
    if (reason === 'exit') return detail;
    return `trapped in ${fn}: ${detail}`;
  }

  /** Says why the next trap happens (a host function that is about to refuse, out of memory, a throw). */
  stopWith(reason: WasmStopReason, detail: string): void {
    this.stop = { reason, detail };
  }

  /** A UTF-8 string of the module's memory (a host function's argument). */
  readString(ptr: number, length: number): string {
    return Buffer.from(this.memory.buffer, ptr >>> 0, Math.min(length >>> 0, 10_000)).toString('utf8');
  }

  /** Memory now, in pages; past `maxMemoryPages` the instance is stopped. */
  checkMemory(): void {
    const pages = this.memory.buffer.byteLength / 65536;
    const max = this.o.maxMemoryPages ?? 4096;
    if (pages > max) {
      this.dead = true;
      this.stop = { reason: 'memory', detail: `${pages} pages` };
      throw new WasmStopped('memory', this.o.what, `${this.o.what}: over the sandbox's memory cap (${pages} pages of 64 KiB, at most ${max})`);
    }
  }

  private keep(line: string, max: number): void {
    if (this.kept < max) this.output.push(line);
    else if (this.kept === max) this.output.push(`(more output left out: at most ${max} lines are kept)`);
    else return;
    this.kept++;
  }

  /** The lines written since the last call (stdout and stderr, in order; a partial last line too). */
  takeOutput(): string[] {
    if (this.partial) this.keep(this.partial, this.o.maxOutputLines ?? 200), (this.partial = '');
    return this.output.splice(0);
  }

  private wasi(): Record<string, (...a: never[]) => unknown> {
    const view = () => new DataView(this.memory.buffer);
    // No environment and no arguments: zero entries of zero bytes (environ_sizes_get, args_sizes_get).
    const none = (count: number, size: number) => {
      const v = view();
      v.setUint32(count, 0, true);
      v.setUint32(size, 0, true);
      return ERRNO.success;
    };
    const max = this.o.maxOutputLines ?? 200;
    const trap = (reason: WasmStopReason, detail: string) => {
      this.stopWith(reason, detail);
      throw new Error(detail);
    };
    return {
      fd_write: (fd: number, iovs: number, n: number, written: number) => {
        if (fd !== 1 && fd !== 2) return ERRNO.badf;
        const v = view();
        let total = 0;
        for (let i = 0; i < n; i++) {
          const ptr = v.getUint32(iovs + 8 * i, true);
          const len = v.getUint32(iovs + 8 * i + 4, true);
          total += len;
          if (this.kept <= max) {
            const text = this.partial + Buffer.from(this.memory.buffer, ptr, len).toString('utf8');
            const lines = text.split('\n');
            this.partial = lines.pop()!.slice(0, 10_000);
            for (const l of lines) this.keep(l, max);
            if (this.kept > max) this.partial = '';
          }
        }
        v.setUint32(written, total, true);
        return ERRNO.success;
      },
      fd_read: () => ERRNO.badf,
      fd_seek: () => ERRNO.badf,
      fd_close: () => ERRNO.badf,
      fd_fdstat_get: () => ERRNO.badf,
      fd_prestat_get: () => ERRNO.badf,
      fd_prestat_dir_name: () => ERRNO.badf,
      environ_sizes_get: none,
      environ_get: () => ERRNO.success,
      args_sizes_get: none,
      args_get: () => ERRNO.success,
      clock_time_get: (_id: number, _precision: bigint, out: number) => {
        view().setBigUint64(out, BigInt.asUintN(64, this.o.clockNs()), true);
        return ERRNO.success;
      },
      clock_res_get: (_id: number, out: number) => {
        view().setBigUint64(out, 1n, true);
        return ERRNO.success;
      },
      random_get: () => trap('refused', 'random_get: the sandbox gives no entropy (draws come from the game\'s generator)'),
      proc_exit: (code: number) => trap('exit', `called exit(${code})`),
      sched_yield: () => ERRNO.success,
    };
  }
}

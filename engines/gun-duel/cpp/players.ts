/**
 * A compiled Gun Duel answer as a player of our engine (a PlayerClass like the ports): each
 * tournament (each PlayerEnv) gets a fresh instance of the answer's module — its statics start
 * as in a new process, as the g++ build ran one tournament per process — and every duel makes
 * and deletes its players inside it. What the module may call (engines/core/sandbox/runtimes/wasm/wasm.ts):
 *  - koth.random_integer(max): Player::GetRandomInteger on the tournament's shared engine;
 *  - koth.engine_new/engine_copy/engine_delete/engine_int/engine_real: a
 *    std::default_random_engine the answer made (copied, destroyed) itself, with
 *    uniform_int_distribution<int> / uniform_real_distribution<double> on it, as the chosen
 *    library's model (libstdc++ or MSVC) — built by the env's engine factory. These live on the
 *    host, outside the module's memory cap, so at most CPP_MAX_LIVE_ENGINES may be alive at once
 *    per answer and tournament; one more stops the answer for memory;
 *  - the clock: fixed at the clock reading CBetaPlayer's engine was seeded with (libc++'s
 *    system_clock counts microseconds, so the module is handed that many microseconds);
 *  - koth.oom(bytes) / koth.threw / koth.aborted(message): the answer ran out of memory / threw
 *    an exception nothing caught / the library stopped it (where libc++, built without
 *    exceptions, would throw: a vector too long, at() out of range…); the trap that follows is
 *    reported as such.
 * What the answer writes to stdout and stderr goes to `output`, a line at a time, after each call
 * (so the lines written before a trap are shown too).
 * A trap (or an answer out of memory) stops the instance for good: CppAnswerStopped, which the
 * tournament does not catch — the original controller had no handler either: an uncaught throw,
 * abort or crash ended the whole process (exit 3 here).
 */
import { compileWasm, WasmSandbox, WasmStopped, type WasmModule, type WasmStopReason } from '../../core/sandbox/runtimes/wasm/wasm.ts';
import type { RngState } from '../../core/rng/rng.ts';
import { Player, type Action, type CppEngine, type PlayerClass, type PlayerEnv, type Result } from '../player.ts';
import { CPP_MAX_MEMORY_PAGES, type CppAnswer } from './answers.ts';

/** A compiled answer stopped (trap, out of memory, exit): the original tournament would have crashed. */
export class CppAnswerStopped extends Error {
  constructor(
    readonly player: string,
    readonly reason: WasmStopReason,
    message: string,
  ) {
    super(message);
    this.name = 'CppAnswerStopped';
  }
}

export interface CppRuntimeOptions {
  /** The sandbox worker's heartbeat cells (its supervisor stops a call over its time). */
  cells?: Int32Array;
  /** Names the answer whose call runs (the supervisor's message names it). */
  label?: (text: string) => number;
  /** Where the answer's stdout/stderr lines go ("Name: line"), after each call. */
  output?: (lines: string[]) => void;
}

/**
 * Random engines one answer may have alive at once in one tournament (its instance): each is a
 * host object (an MSVC mt19937 model is about 5 KB), outside the module's memory cap. The posted
 * answers make one or two; an answer past this is stopped for memory.
 */
export const CPP_MAX_LIVE_ENGINES = 10_000;

/** A copy of an engine model with its state (C++ copies an engine by value). */
function copyEngine(env: PlayerEnv, e: CppEngine): CppEngine | undefined {
  const src = e as Partial<{ getState(): RngState }>;
  if (typeof src.getState !== 'function') return undefined;
  const c = env.make(env.lib, 1) as CppEngine & Partial<{ setState(s: RngState): void }>;
  if (typeof c.setState !== 'function') return undefined;
  c.setState(src.getState());
  return c;
}

const modules = new Map<string, WasmModule>();
function moduleOf(a: CppAnswer): WasmModule {
  let m = modules.get(a.key);
  if (!m) {
    m = compileWasm(new Uint8Array(Buffer.from(a.wasm, 'base64')));
    modules.set(a.key, m);
  }
  return m;
}

/** The answer's instance in one tournament. */
class AnswerInstance {
  readonly sb: WasmSandbox;
  /** The answer's live engines by handle (a destroyed one's slot is free for the next). */
  private readonly engines: (CppEngine | undefined)[] = [];
  private readonly freeHandles: number[] = [];
  private live = 0;
  private readonly labelId: number;

  constructor(
    readonly answer: CppAnswer,
    env: PlayerEnv,
    private readonly o: CppRuntimeOptions,
  ) {
    this.labelId = o.label?.(answer.name) ?? 0;
    const refuse = (reason: 'trap' | 'memory', detail: string): never => {
      this.sb?.stopWith(reason, detail);
      throw new Error(detail);
    };
    const engine = (h: number) => this.engines[h] ?? refuse('trap', `no engine ${h} (used after it was destroyed or moved from)`);
    const add = (e: CppEngine) => {
      if (this.live >= CPP_MAX_LIVE_ENGINES)
        refuse('memory', `more than ${CPP_MAX_LIVE_ENGINES} random engines alive at once (each is kept by the host, outside the answer's memory)`);
      this.live++;
      const h = this.freeHandles.pop() ?? this.engines.length;
      this.engines[h] = e;
      return h;
    };
    this.sb = new WasmSandbox(moduleOf(answer), {
      what: answer.name,
      cells: o.cells,
      maxMemoryPages: CPP_MAX_MEMORY_PAGES,
      clockNs: () => BigInt(env.realSeed) * 1000n,
      host: {
        koth: {
          random_integer: (max: number) => env.randomInteger(max),
          engine_new: (seed: number) => add(env.make(env.lib, seed >>> 0)),
          engine_copy: (h: number) => add(copyEngine(env, engine(h)) ?? refuse('trap', 'this engine model cannot be copied')),
          engine_delete: (h: number) => {
            engine(h);
            this.engines[h] = undefined;
            this.freeHandles.push(h);
            this.live--;
          },
          engine_int: (h: number, a: number, b: number) => engine(h).uniformInt(a, b),
          engine_real: (h: number, a: number, b: number) => engine(h).uniformReal(a, b),
          oom: (bytes: number) => this.sb?.stopWith('memory', bytes ? `could not allocate ${bytes >>> 0} bytes` : 'a new[] of more bytes than size_t counts (std::bad_array_new_length)'),
          threw: (ptr: number, length: number) => this.sb?.stopWith('throw', `${this.sb.readString(ptr, length)}; the original called std::terminate`),
          aborted: (ptr: number, length: number) => {
            // libc++ without exceptions: what it would have thrown (or a failed check), in its words
            const what = this.sb?.readString(ptr, length) ?? '';
            if (/bad_alloc/.test(what)) this.sb?.stopWith('memory', what);
            else if (/was thrown/.test(what)) this.sb?.stopWith('throw', `libc++: ${what}`);
            else this.sb?.stopWith('trap', `aborted: ${what}`);
          },
        },
      },
    });
    this.flush();
  }

  /** Hands the answer's output since the last call to `output`, each line with the answer's name. */
  private flush(): void {
    const lines = this.sb.takeOutput();
    if (lines.length && this.o.output) this.o.output(lines.map((l) => `${this.answer.name}: ${l}`));
  }

  call(fn: string, ...args: number[]): number {
    if (this.o.cells) this.o.cells[3] = this.labelId; // BEAT.label
    try {
      return this.sb.call(fn, ...args);
    } catch (e) {
      if (e instanceof WasmStopped) throw new CppAnswerStopped(this.answer.name, e.reason, `${e.message} (${this.answer.file})`);
      throw e;
    } finally {
      this.flush();
    }
  }
}

/** The compiled answer as a player class (one module instance per tournament). */
export function cppPlayerClass(answer: CppAnswer, o: CppRuntimeOptions = {}): PlayerClass {
  const instances = new WeakMap<PlayerEnv, AnswerInstance>();
  const instanceFor = (env: PlayerEnv) => {
    let i = instances.get(env);
    if (!i) {
      i = new AnswerInstance(answer, env, o);
      instances.set(env, i);
    }
    return i;
  };
  return class CompiledAnswer extends Player {
    static readonly botName = answer.name;
    static readonly compiled = true;
    private readonly inst: AnswerInstance;
    private ptr: number;

    constructor(opponentId: number, env: PlayerEnv) {
      super(opponentId, env);
      this.inst = instanceFor(env);
      this.ptr = this.inst.call('koth_new', opponentId >>> 0);
    }

    /** Runs the answer's own performFight (its turn, history and ammo); the base class keeps ours in step. */
    fight(): Action {
      return this.inst.call('koth_fight', this.ptr);
    }

    override perceive(action: Action): void {
      super.perceive(action);
      this.inst.call('koth_perceive', this.ptr, action | 0);
    }

    /** The duel's last call: the answer is told, then its player is deleted. */
    override declared(result: Result): void {
      this.inst.call('koth_declared', this.ptr, result);
      this.dispose();
    }

    dispose(): void {
      if (!this.ptr) return;
      const p = this.ptr;
      this.ptr = 0;
      this.inst.call('koth_delete', p);
    }
  };
}

/** Whether a player class is a compiled answer (not a port). */
export function isCompiled(p: PlayerClass): boolean {
  return (p as { compiled?: boolean }).compiled === true;
}

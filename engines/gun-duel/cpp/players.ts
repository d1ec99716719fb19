/**
 * A compiled Gun Duel answer as a player of our engine (a PlayerClass like the ports): each
 * tournament (each PlayerEnv) gets a fresh instance of the answer's module — its statics start
 * as in a new process, as the g++ build ran one tournament per process — and every duel makes
 * and deletes its players inside it. What the module may call (engines/core/sandbox/runtimes/wasm/wasm.ts):
 *  - koth.random_integer(max): Player::GetRandomInteger on the tournament's shared engine;
 *  - koth.engine_new/engine_int/engine_real: a std::default_random_engine the answer made
 *    itself, with uniform_int_distribution<int> / uniform_real_distribution<double> on it, as
 *    the chosen library's model (libstdc++ or MSVC) — built by the env's engine factory;
 *  - the clock: fixed at the clock reading CBetaPlayer's engine was seeded with (libc++'s
 *    system_clock counts microseconds, so the module is handed that many microseconds);
 *  - koth.oom: the answer ran out of memory (the trap that follows is reported as such).
 * A trap (or an answer out of memory) stops the instance for good: CppAnswerStopped, which the
 * tournament does not catch — the original controller had no handler either: an uncaught throw,
 * abort or crash ended the whole process (exit 3 here).
 */
import { compileWasm, WasmSandbox, WasmStopped, type WasmModule, type WasmStopReason } from '../../core/sandbox/runtimes/wasm/wasm.ts';
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
  private readonly engines: CppEngine[] = [];
  private readonly labelId: number;

  constructor(
    readonly answer: CppAnswer,
    env: PlayerEnv,
    private readonly o: CppRuntimeOptions,
  ) {
    this.labelId = o.label?.(answer.name) ?? 0;
    const engine = (h: number) => {
      const e = this.engines[h];
      if (!e) {
        this.sb.stopWith('trap', `no engine ${h}`);
        throw new Error(`no engine ${h}`);
      }
      return e;
    };
    this.sb = new WasmSandbox(moduleOf(answer), {
      what: answer.name,
      cells: o.cells,
      maxMemoryPages: CPP_MAX_MEMORY_PAGES,
      clockNs: () => BigInt(env.realSeed) * 1000n,
      host: {
        koth: {
          random_integer: (max: number) => env.randomInteger(max),
          engine_new: (seed: number) => this.engines.push(env.make(env.lib, seed >>> 0)) - 1,
          engine_int: (h: number, a: number, b: number) => engine(h).uniformInt(a, b),
          engine_real: (h: number, a: number, b: number) => engine(h).uniformReal(a, b),
          oom: () => this.sb.stopWith('memory', 'out of memory'),
        },
      },
    });
  }

  call(fn: string, ...args: number[]): number {
    if (this.o.cells) this.o.cells[3] = this.labelId; // BEAT.label
    try {
      return this.sb.call(fn, ...args);
    } catch (e) {
      if (e instanceof WasmStopped) throw new CppAnswerStopped(this.answer.name, e.reason, `${e.message} (${this.answer.file})`);
      throw e;
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

/**
 * Original ruins answers (Python) playing in our TypeScript engine, inside the Pyodide
 * sandbox (engines/core/pyodide). Each Python Adventurer subclass becomes an AdventurerClass:
 * the engine constructs it and asks it for actions exactly where it asks a port.
 *
 * One stream: the engine hands every adventurer its own PyRandom (Random(getrandbits(744)));
 * the Python bot's `self.random` is a real random.Random in the sandbox whose state is set
 * from that PyRandom before every call and copied back after it, so the draws are the ones
 * ruins.py made (PyRandom is bit-exact CPython).
 *
 * Failures: a Python exception from get_action/enter_ruins is an exception of the bot (the
 * driver caught `Exception`: the adventurer dies, the game goes on); SystemExit or
 * KeyboardInterrupt, or an exception in the bot's __init__, stopped ruins.py
 * (ControllerCrash); an endless loop, a memory bomb or a broken interpreter ends the sandbox
 * worker and the run stops with the bot named (`SandboxStop`): ruins.py had no time limit and
 * would have hung there.
 */
import { basename } from 'node:path';
import { ControllerCrash, SandboxStop } from '../core/py/errors.ts';
import { PySandbox, SandboxKilled, SandboxPythonError, sharedSandbox as sharedSandboxCore, type SandboxOptions } from '../core/pyodide/sandbox.ts';
import { type PyRandomState } from '../core/rng/python-random.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { Adventurer, SeedLater, type AdventurerClass, type RoomState } from './adventurer.ts';
import { RUINS_STANDIN_PY } from './python/stand-in.ts';

/** The run stopped because the sandbox ended a bot (timeout, memory, crash): the core's SandboxStop. */
export { SandboxStop };

export interface PythonSource {
  /** Module name (the file name without .py); modules load in sorted name order, as pkgutil did. */
  module: string;
  code: string;
  /** Where it came from (a path or "cache: answer N"). */
  origin: string;
}

/**
 * A module the sandbox cannot run as the original did: it imports a package offline Pyodide
 * lacks (numpy, ...: only the standard library is there) or one the sandbox blocks (sockets,
 * processes, `js`). ruins.py would have loaded it, so leaving it out would not be the original
 * run: the whole load is refused, naming the module and the reason (never dropped silently).
 */
export class PythonBotRefused extends Error {
  constructor(
    readonly module: string,
    readonly origin: string,
    readonly reason: string,
  ) {
    super(`${module} (${origin}): ${reason}`);
    this.name = 'PythonBotRefused';
  }
}

/** Why an import failure means "cannot run here" rather than "the driver skipped it too" (undefined). */
export function refusalReason(e: SandboxPythonError): string | undefined {
  if (e.pyType === 'ModuleNotFoundError') {
    const mod = /No module named '([^']+)'/.exec(e.pyMessage)?.[1] ?? e.pyMessage;
    return `it imports ${mod}, which the offline Pyodide sandbox does not have (only the standard library); the original controller's Python had it`;
  }
  if (e.pyType === 'ImportError' && /blocked in the koth Python sandbox/.test(e.pyMessage)) return `it imports what the sandbox blocks (${e.pyMessage})`;
  return undefined;
}

export interface LoadedPythonBots {
  classes: AdventurerClass[];
  /** Modules that failed to import ("Recovering from error in import"): skipped, as the driver skipped them. */
  skipped: { module: string; origin: string; error: string }[];
  /** Bot exceptions seen during play (for the report), by bot. */
  incidents: Map<string, string[]>;
  sandbox: PySandbox;
}

export function sourceFromFile(path: string, code: string): PythonSource {
  return { module: basename(path).replace(/\.py$/, ''), code, origin: path };
}

const FATAL_TYPES = new Set(['SystemExit', 'KeyboardInterrupt', 'GeneratorExit']);

/** Loads the modules (sorted by name) and collects their Adventurer subclasses in the driver's order. */
export function loadPythonRuinsBots(sources: readonly PythonSource[], sandbox?: PySandbox): LoadedPythonBots {
  const sb = sandbox ?? sharedSandbox();
  ensureStandIn(sb);
  sb.call('ruins_reset', []);
  const incidents = new Map<string, string[]>();
  const note = (bot: string, what: string) => {
    const l = incidents.get(bot) ?? [];
    if (l.length < 20) l.push(what);
    incidents.set(bot, l);
  };
  const skipped: LoadedPythonBots['skipped'] = [];
  const classes: AdventurerClass[] = [];
  const sorted = [...sources].sort((a, b) => (a.module < b.module ? -1 : a.module > b.module ? 1 : 0));
  for (const src of sorted) {
    try {
      sb.loadModule(src.module, src.code, `${src.module}.py`);
    } catch (e) {
      if (e instanceof SandboxPythonError) {
        const refused = refusalReason(e);
        if (refused) throw new PythonBotRefused(src.module, src.origin, refused);
        skipped.push({ module: src.module, origin: src.origin, error: `${e.pyType}: ${e.pyMessage}` });
        continue;
      }
      if (e instanceof SandboxKilled) throw new SandboxStop(src.module, e.reason, `importing ${src.origin}: ${e.message}`);
      throw e;
    }
    const found = sb.call('ruins_classes', [src.module]) as [string, string][];
    for (const [key, name] of found) classes.push(pythonAdventurer(sb, key, name, note));
  }
  return { classes, skipped, incidents, sandbox: sb };
}

/** The process's sandbox (engines/core/pyodide/sandbox.ts). */
export const sharedSandbox = sharedSandboxCore;

const standInLoaded = new WeakSet<PySandbox>();
function ensureStandIn(sb: PySandbox): void {
  if (standInLoaded.has(sb)) return;
  sb.loadModule('koth_ruins', RUINS_STANDIN_PY, 'koth_ruins.py');
  standInLoaded.add(sb);
}

/** A sandbox with the ruins stand-in loaded (share one per test file: loading takes seconds). */
export function openRuinsSandbox(o?: SandboxOptions): PySandbox {
  const sb = PySandbox.open(o);
  ensureStandIn(sb);
  return sb;
}

function pythonAdventurer(sb: PySandbox, key: string, botName: string, note: (bot: string, what: string) => void): AdventurerClass {
  const stop = (e: SandboxKilled): never => {
    note(botName, `sandbox ${e.reason}: ${e.message}`);
    throw new SandboxStop(botName, e.reason, e.message);
  };
  /** The generator state both sides last agreed on, per generator: unchanged states are not resent. */
  const agreed = new WeakMap<PyRandom, string>();
  const sync = (random: PyRandom, s: PyRandomState | null) => {
    if (s) random.setState(s);
    agreed.set(random, JSON.stringify(random.getState()));
  };
  const outgoing = (random: PyRandom): PyRandomState | null => {
    const now = random.getState();
    return agreed.get(random) === JSON.stringify(now) ? null : now;
  };
  /** A Python exception out of the bot: pull the generator state the bot left, then rethrow as the engine expects. */
  const botError = (e: SandboxPythonError, random: PyRandom, inInit: boolean): never => {
    try {
      sync(random, sb.call('ruins_pending_state', []) as PyRandomState | null);
    } catch {
      /* the sandbox is gone: the SandboxKilled path reports it */
    }
    note(botName, `${e.pyType}: ${e.pyMessage}`);
    if (inInit || FATAL_TYPES.has(e.pyType)) throw new ControllerCrash(e.pyType, e.pyMessage, inInit ? `${botName}.__init__` : botName);
    const err = new Error(e.pyMessage);
    err.name = e.pyType;
    throw err;
  };
  const cls = class extends Adventurer {
    static readonly botName = botName;
    static readonly python = true;
    private readonly handle: number;
    constructor(name: string, seeded: PyRandom | SeedLater) {
      super(name, seeded);
      // The Python object gets its random.Random's state now (the port's is made on first use).
      const random = this.random;
      let r: [number, PyRandomState | null];
      try {
        r = sb.call('ruins_new', [key, name, random.getState()], `${botName}(${JSON.stringify(name)})`) as [number, PyRandomState | null];
      } catch (e) {
        if (e instanceof SandboxKilled) stop(e);
        if (e instanceof SandboxPythonError) botError(e, random, true);
        throw e;
      }
      this.handle = r[0];
      sync(random, r[1]);
    }

    override getAction(state: RoomState): unknown {
      const s = {
        room: state.room,
        treasures: state.treasures,
        players: state.players,
        inventory: state.inventory,
        stamina: state.stamina,
      };
      try {
        const [action, after] = sb.call('ruins_act', [this.handle, s, outgoing(this.random)], `${botName}.get_action`) as [unknown, PyRandomState | null];
        sync(this.random, after);
        return action;
      } catch (e) {
        if (e instanceof SandboxKilled) stop(e);
        if (e instanceof SandboxPythonError) botError(e, this.random, false);
        throw e;
      }
    }

    override enterRuins(): void {
      try {
        const [, after] = sb.call('ruins_enter', [this.handle, outgoing(this.random)], `${botName}.enter_ruins`) as [unknown, PyRandomState | null];
        sync(this.random, after);
      } catch (e) {
        if (e instanceof SandboxKilled) stop(e);
        if (e instanceof SandboxPythonError) botError(e, this.random, false);
        throw e;
      }
    }
  };
  Object.defineProperty(cls, 'name', { value: botName });
  return cls;
}

/**
 * Original ruins answers (Python) playing in our TypeScript engine, inside the Pyodide
 * sandbox (engines/core/sandbox/runtimes/python/). Each Python Adventurer subclass becomes an AdventurerClass:
 * the engine constructs it and asks it for actions exactly where it asks a port.
 *
 * One stream per adventurer: the engine hands every adventurer its own PyRandom
 * (Random(getrandbits(744))); the Python bot's `self.random` is a random.Random of the sandbox
 * (a KothStream) kept in step with it by counting the words each side drew
 * (engines/core/sandbox/runtimes/python/stream-link.ts), so the draws are the ones ruins.py made.
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
import { SandboxKilled, SandboxPythonError } from '../core/sandbox/errors.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import { StreamLink } from '../core/sandbox/runtimes/python/stream-link.ts';
import { defaultPythonHost } from '../core/sandbox/runtimes/python/local.ts';
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
  /** The module of each class (same order as `classes`). */
  modules: string[];
  /** Modules that failed to import ("Recovering from error in import"): skipped, as the driver skipped them. */
  skipped: { module: string; origin: string; error: string }[];
  /** Bot exceptions seen during play (for the report), by bot. */
  incidents: Map<string, string[]>;
  sandbox: PythonHost;
}

/** What ruins.py's downloader wrote above every answer's code block, after its docstring (originals.ts, host.ts): the base class, print silenced. */
export const RUINS_ANSWER_PRELUDE = 'from __main__ import Adventurer\nprint = lambda *_, **__: None\n';

export function sourceFromFile(path: string, code: string): PythonSource {
  return { module: basename(path).replace(/\.py$/, ''), code, origin: path };
}

const FATAL_TYPES = new Set(['SystemExit', 'KeyboardInterrupt', 'GeneratorExit']);

/** Loads the modules (sorted by name) and collects their Adventurer subclasses in the driver's order. */
export function loadPythonRuinsBots(sources: readonly PythonSource[], sandbox?: PythonHost): LoadedPythonBots {
  const sb = sandbox ?? defaultPythonHost();
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
  const modules: string[] = [];
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
    for (const [key, name] of found) {
      classes.push(pythonAdventurer(sb, key, name, note));
      modules.push(src.module);
    }
  }
  return { classes, modules, skipped, incidents, sandbox: sb };
}

const standInLoaded = new WeakSet<PythonHost>();
function ensureStandIn(sb: PythonHost): void {
  if (standInLoaded.has(sb)) return;
  sb.loadModule('koth_ruins', RUINS_STANDIN_PY, 'koth_ruins.py');
  standInLoaded.add(sb);
}

let handles = 0;

function pythonAdventurer(sb: PythonHost, key: string, botName: string, note: (bot: string, what: string) => void): AdventurerClass {
  const label = sb.label(botName);
  /** One call: the sandbox's stop, a Python exception of the bot, or its value; the stream caught up. */
  const act = (what: string, fn: string, args: unknown[], random: PyRandom, link: StreamLink, inInit: boolean): unknown => {
    let r: [boolean, unknown, number];
    sb.at(label);
    try {
      r = sb.call(fn, args, what) as [boolean, unknown, number];
    } catch (e) {
      if (e instanceof SandboxKilled) {
        note(botName, `sandbox ${e.reason}: ${e.detail}`);
        throw new SandboxStop(botName, e.reason, e.detail);
      }
      // The sandbox's interrupt (or its memory cap) can surface outside the bot's own code: still its stop.
      const stop = sb.stopReason();
      if (stop && e instanceof SandboxPythonError) {
        const m = `${what}: stopped by the sandbox (${stop === 'timeout' ? 'its time limit' : 'its memory cap'}; Python raised ${e.pyType})`;
        note(botName, `sandbox ${stop}: ${m}`);
        throw new SandboxStop(botName, stop, m);
      }
      throw e;
    }
    link.in(random, r[2]);
    if (r[0]) return r[1];
    const [type, message] = r[1] as [string, string, string];
    const stop = sb.stopReason();
    if (stop) {
      const m = `${what}: stopped by the sandbox (${stop === 'timeout' ? 'its time limit' : 'its memory cap'}; Python raised ${type})`;
      note(botName, `sandbox ${stop}: ${m}`);
      throw new SandboxStop(botName, stop, m);
    }
    note(botName, `${type}: ${message}`);
    if (inInit || FATAL_TYPES.has(type)) throw new ControllerCrash(type, message, inInit ? `${botName}.__init__` : botName);
    const err = new Error(message);
    err.name = type;
    throw err;
  };
  const cls = class extends Adventurer {
    static readonly botName = botName;
    static readonly python = true;
    private readonly handle: number;
    private readonly link: StreamLink;
    constructor(name: string, seeded: PyRandom | SeedLater) {
      super(name, seeded);
      // The Python object gets its own stream, set to this adventurer's generator now (the port's is made on first use).
      const random = this.random;
      const h = (this.handle = ++handles);
      this.link = new StreamLink(sb, h);
      act(`${botName}(${JSON.stringify(name)})`, 'ruins_new', [key, name, h, this.link.out(random)], random, this.link, true);
    }

    override getAction(state: RoomState): unknown {
      const s = {
        room: state.room,
        treasures: state.treasures,
        players: state.players,
        inventory: state.inventory,
        stamina: state.stamina,
      };
      return act(`${botName}.get_action`, 'ruins_act', [this.handle, s, this.link.out(this.random)], this.random, this.link, false);
    }

    override enterRuins(): void {
      act(`${botName}.enter_ruins`, 'ruins_enter', [this.handle, this.link.out(this.random)], this.random, this.link, false);
    }
  };
  Object.defineProperty(cls, 'name', { value: botName });
  return cls;
}

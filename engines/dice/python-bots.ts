/**
 * Original dice answers (Python) playing in our TypeScript controller, inside the Pyodide
 * sandbox (engines/core/pyodide). Each Python Bot subclass becomes a DiceBotClass: the
 * controller constructs it, calls update_state and resumes make_throw exactly where it does
 * with a port (update_state is sent along with the next step of the generator: the
 * controller always resumes the generator right after it).
 *
 * One stream: the bots' module-global `random` is kept in step with the engine's PyRandom
 * (RandomLink), so a game with original bots draws exactly what the original controller drew.
 *
 * What cannot run here is refused by name with the reason, never dropped: a class that needs a
 * package offline Pyodide lacks (numpy), or that reads the controller's stack frames with
 * `inspect` (HarkonnenBot, TleilaxuBot, CopyBot, NeoBot did: the controller here is
 * TypeScript), or that derives from or uses a refused one.
 *
 * Failures: the original controller caught no exception, so a Python exception from a bot
 * ends the run (the engine's BotCrash, exit 3). An endless loop or a memory bomb ends the
 * sandbox worker; the run stops with the bot named (SandboxStop): the original controller had
 * no time limit and would have hung there.
 */
import { basename } from 'node:path';
import { PySandbox, SandboxKilled, SandboxPythonError, sharedSandbox } from '../core/pyodide/sandbox.ts';
import { RandomLink, type StateDelta } from '../core/pyodide/random-link.ts';
import { SandboxStop } from '../core/py/errors.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { DiceBot, type DiceBotClass, type DiceEnv } from './bot.ts';
import { DICE_STANDIN_PY } from './python/stand-in.ts';

/** The run stopped because the sandbox ended a bot (timeout, memory, crash). */
export class DiceSandboxStop extends SandboxStop {
  constructor(
    bot: string,
    reason: string,
    readonly detail: string,
  ) {
    super(bot, reason, detail);
  }
}

export interface PythonDiceClass {
  cls: DiceBotClass;
  name: string;
  /** A direct subclass of Bot (found by Bot.__subclasses__()); others only by --bots. */
  direct: boolean;
  /** Why it cannot run here (then cls must not be played). */
  refused: string | null;
  file: string;
}

export interface LoadedDiceBots {
  classes: PythonDiceClass[];
  sandbox: PySandbox;
}

const standIn = new WeakSet<PySandbox>();
let loads = 0;
const links = new WeakMap<PySandbox, RandomLink>();

/** The process's sandbox (engines/core/pyodide/sandbox.ts), shared with the other games. */
export const sharedDiceSandbox = sharedSandbox;

function prepare(sb: PySandbox): RandomLink {
  if (!standIn.has(sb)) {
    sb.loadModule('koth_dice', DICE_STANDIN_PY, 'koth_dice.py');
    standIn.add(sb);
  }
  let link = links.get(sb);
  if (!link) links.set(sb, (link = new RandomLink()));
  return link;
}

/**
 * Loads bot files in the given order (modules named after the files); the classes come in the
 * order the controller found them: per file, Bot.__subclasses__() (the file's own Bot when it
 * defines one, as the 2019-01-07 snapshot does, else our stand-in), then the indirect ones.
 */
export function loadPythonDiceBots(files: readonly { path: string; code: string }[], sandbox?: PySandbox): LoadedDiceBots {
  const sb = sandbox ?? sharedDiceSandbox();
  const link = prepare(sb);
  link.reset();
  const classes: PythonDiceClass[] = [];
  files.forEach((f) => {
    // A fresh module name per load: classes of an earlier load (same file) stay out of this one.
    const module = `dice_bots_${loads++}_${basename(f.path).replace(/\.py$/, '').replace(/\W/g, '_')}`;
    let found: [string, string, boolean, string | null][];
    try {
      found = sb.call('dice_load', [module, basename(f.path), f.code], `loading ${f.path}`) as typeof found;
    } catch (e) {
      if (e instanceof SandboxPythonError) throw new PythonFileError(f.path, `${e.pyType}: ${e.pyMessage}${e.where ? ` (${e.where})` : ''}`);
      if (e instanceof SandboxKilled) throw new DiceSandboxStop(basename(f.path), e.reason, `loading ${f.path}: ${e.message}`);
      throw e;
    }
    for (const [key, name, direct, refused] of found) {
      classes.push({ cls: pythonDiceBot(sb, link, key, name), name, direct, refused, file: f.path });
    }
  });
  return { classes, sandbox: sb };
}

/** A bot file that does not load at all (the original controller's import would have failed too). */
export class PythonFileError extends Error {
  constructor(
    readonly file: string,
    readonly detail: string,
  ) {
    super(`${file} does not load: ${detail}`);
    this.name = 'PythonFileError';
  }
}

function pythonDiceBot(sb: PySandbox, link: RandomLink, key: string, botName: string): DiceBotClass {
  /** Ids of the engine's score arrays: the same array again (live scores) is the same Python list. */
  const arrayIds = new WeakMap<number[], number>();
  let nextId = 0;
  const fail = (e: unknown, random: PyRandom, what: string): never => {
    if (e instanceof SandboxKilled) throw new DiceSandboxStop(botName, e.reason, e.message);
    if (e instanceof SandboxPythonError) {
      // The draws the bot made before raising are part of the stream.
      try {
        link.incoming(random, sb.call('dice_pending_state', []) as StateDelta);
      } catch {
        link.reset();
      }
      const err = new Error(`${e.pyMessage} (in ${what}${e.where ? `, ${e.where}` : ''})`);
      err.name = e.pyType;
      throw err;
    }
    throw e;
  };
  const cls = class extends DiceBot {
    static readonly botName = botName;
    static readonly python = true;
    declare handle: number;
    declare pendingThrows: number[] | null;

    constructor(index: number, endScore: number, env: DiceEnv) {
      super(index, endScore, env);
      this.pendingThrows = null;
      const random = env.random;
      try {
        const [h, d] = sb.call('dice_new', [key, index, endScore, link.outgoing(random)], `${botName}(${index}, ${endScore})`) as [number, StateDelta];
        link.incoming(random, d);
        this.handle = h;
      } catch (e) {
        fail(e, random, `${botName}.__init__`);
      }
    }

    override updateState(currentThrows: number[]): void {
      this.currentThrows = currentThrows;
      this.pendingThrows = currentThrows;
    }

    override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
      const random = this.env.random;
      let id = arrayIds.get(scores);
      if (id === undefined) arrayIds.set(scores, (id = nextId++));
      let start: [number[], boolean, number] | null = [scores, lastRound, id];
      for (;;) {
        let r: [boolean, boolean, StateDelta, number[] | null];
        try {
          r = sb.call('dice_step', [this.handle, this.pendingThrows, start, link.outgoing(random)], `${botName}.make_throw`) as typeof r;
        } catch (e) {
          return fail(e, random, `${botName}.make_throw`);
        }
        this.pendingThrows = null;
        start = null;
        link.incoming(random, r[2]);
        if (r[3]) scores.splice(0, scores.length, ...r[3]);
        if (r[0]) return undefined;
        yield r[1];
      }
    }
  };
  Object.defineProperty(cls, 'name', { value: botName });
  return cls as unknown as DiceBotClass;
}

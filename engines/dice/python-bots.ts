/**
 * Original dice answers (Python) playing in our TypeScript controller, inside the Pyodide
 * sandbox (engines/core/pyodide). Each Python Bot subclass becomes a DiceBotClass: the
 * controller constructs it, calls update_state and resumes make_throw exactly where it does
 * with a port (update_state is sent along with the next step of the generator: the
 * controller always resumes the generator right after it).
 *
 * One stream: the bots' module-global `random` is kept in step with the engine's PyRandom
 * (engines/core/pyodide/stream-link.ts: the words each side drew), so a game with original bots
 * draws exactly what the original controller drew.
 *
 * Every call takes plain values and returns one int (python/stand-in.ts): no JSON, no state
 * copies. In a sandbox worker (engines/core/sandbox/pool.ts) Python runs in the engine's own
 * thread and a call is a function call.
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
import { PythonFileError, SandboxKilled, SandboxPythonError } from '../core/sandbox/errors.ts';
import type { PythonHost } from '../core/pyodide/host.ts';
import { StreamLink } from '../core/pyodide/stream-link.ts';
import { defaultPythonHost } from '../core/pyodide/local.ts';
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
  sandbox: PythonHost;
  /** The stream of the bots' module-global `random` (check it against the engine's after a run). */
  link: StreamLink;
}

const prepared = new WeakMap<PythonHost, StreamLink>();
let loads = 0;
let handles = 0;


function prepare(host: PythonHost): StreamLink {
  let link = prepared.get(host);
  if (!link) {
    host.loadModule('koth_dice', DICE_STANDIN_PY, 'koth_dice.py');
    prepared.set(host, (link = new StreamLink(host, 0)));
  }
  return link;
}

/**
 * Loads bot files in the given order (modules named after the files); the classes come in the
 * order the controller found them: per file, Bot.__subclasses__() (the file's own Bot when it
 * defines one, as the 2019-01-07 snapshot does, else our stand-in), then the indirect ones.
 * Classes of an earlier load in the same host are forgotten (a fresh load = fresh class state).
 */
export function loadPythonDiceBots(files: readonly { path: string; code: string }[], host: PythonHost = defaultPythonHost()): LoadedDiceBots {
  const link = prepare(host);
  host.fast('dice_forget')();
  link.reset();
  const classes: PythonDiceClass[] = [];
  for (const f of files) {
    // A fresh module name per load: classes of an earlier load (same file) stay out of this one.
    const module = `dice_bots_${loads++}_${basename(f.path).replace(/\.py$/, '').replace(/\W/g, '_')}`;
    let found: [number, string, boolean, string | null][];
    try {
      host.at(host.label(`loading ${f.path}`));
      found = host.call('dice_load', [module, basename(f.path), f.code], `loading ${f.path}`) as typeof found;
    } catch (e) {
      const stop = host.stopReason();
      if (stop) throw new DiceSandboxStop(basename(f.path), stop, `loading ${f.path}: stopped by the sandbox (${stop})`);
      if (e instanceof SandboxPythonError) throw new PythonFileError(f.path, `${e.pyType}: ${e.pyMessage}${e.where ? ` (${e.where})` : ''}`);
      if (e instanceof SandboxKilled) throw new DiceSandboxStop(basename(f.path), e.reason, `loading ${f.path}: ${e.message}`);
      throw e;
    }
    for (const [ci, name, direct, refused] of found) {
      classes.push({ cls: pythonDiceBot(host, link, ci, name), name, direct, refused, file: f.path });
    }
  }
  return { classes, sandbox: host, link };
}


/** The bits of a call's result (python/stand-in.ts); the rest (÷ 32) is the stream's code. */
const YIELDED_TRUTHY = 1;
const ENDED = 2;
const RAISED = 4;
const SCORES_CHANGED = 16;

function pythonDiceBot(host: PythonHost, link: StreamLink, ci: number, botName: string): DiceBotClass {
  const fNew = host.fast('dice_new');
  const fStart = host.fast('dice_start');
  const fStep = host.fast('dice_step');
  const fTurn = host.fast('dice_turn');
  const fError = host.fast('dice_last_error');
  const fChanged = host.fast('dice_changed_scores');
  const label = host.label(botName);
  /** Ids of the engine's score lists: the same list again (live scores) is the same Python list. */
  const listIds = new WeakMap<number[], number>();
  let nextList = 0;
  const call = (f: () => unknown, what: string): number => {
    try {
      return f() as number;
    } catch (e) {
      if (e instanceof SandboxKilled) throw new DiceSandboxStop(botName, e.reason, e.detail);
      // The sandbox's interrupt (or its memory cap) can surface outside the bot's own code (the stand-in's): still its stop.
      const stop = host.stopReason();
      if (stop && e instanceof SandboxPythonError) throw new DiceSandboxStop(botName, stop, `${what}: stopped by the sandbox (${stop === 'timeout' ? 'its time limit' : 'its memory cap'}; Python raised ${e.pyType})`);
      throw e;
    }
  };
  /** Applies a call's result: the stream, a changed scores list, a raised exception; returns the flags. */
  const settle = (r: number, random: PyRandom, what: string, scores?: number[]): number => {
    const flags = r % 32;
    link.in(random, Math.floor(r / 32));
    if (flags & SCORES_CHANGED && scores) scores.splice(0, scores.length, ...(fChanged() as string).split(',').map(Number));
    if (flags & RAISED) {
      const [type, message, where] = JSON.parse(fError() as string) as [string, string, string];
      const stop = host.stopReason();
      if (stop) throw new DiceSandboxStop(botName, stop, `${what}: stopped by the sandbox (${stop === 'timeout' ? 'its time limit' : 'its memory cap'}; Python raised ${type})`);
      const err = new Error(`${message} (in ${what}${where ? `, ${where}` : ''})`);
      err.name = type;
      throw err;
    }
    return flags;
  };
  const cls = class extends DiceBot {
    static readonly botName = botName;
    static readonly python = true;
    declare handle: number;
    declare pending: number[] | undefined;

    constructor(index: number, endScore: number, env: DiceEnv) {
      super(index, endScore, env);
      this.pending = undefined;
      const random = env.random as PyRandom;
      const h = (this.handle = ++handles);
      host.at(label);
      settle(
        call(() => fNew(h, ci, index, endScore, link.out(random)), `${botName}(${index}, ${endScore})`),
        random,
        `${botName}.__init__`,
      );
    }

    override updateState(currentThrows: number[]): void {
      this.currentThrows = currentThrows;
      this.pending = currentThrows;
    }

    override *makeThrow(scores: number[], lastRound: boolean): Generator<unknown, unknown, undefined> {
      const random = this.env.random as PyRandom;
      let id = listIds.get(scores);
      if (id === undefined) listIds.set(scores, (id = nextList++));
      const first = this.pending!;
      const what = `${botName}.make_throw`;
      host.at(label);
      let r = call(() => fStart(this.handle, link.out(random), first.join(','), lastRound, id, ...scores), what);
      // The controller calls update_state with one more die before every further step.
      for (let seen = first.length; ; seen++) {
        const flags = settle(r, random, what, scores);
        if (flags & ENDED) return undefined;
        yield (flags & YIELDED_TRUTHY) !== 0;
        const t = this.pending!;
        if (t.length !== seen + 1) throw new Error(`koth: ${botName} was resumed without exactly one new die (${t.length} after ${seen})`);
        host.at(label);
        r = call(() => fStep(this.handle, link.out(random), t[seen]!), what);
      }
    }
  };
  /**
   * The controller's turn in one call (bot.ts playTurn): Python throws the dice from the shared
   * stream and resumes make_throw itself, as single_bot did; the engine skips the words drawn.
   */
  cls.prototype.playTurn = function (this: InstanceType<typeof cls>, scores: number[], lastRound: boolean): number[] {
    const random = this.env.random as PyRandom;
    let id = listIds.get(scores);
    if (id === undefined) listIds.set(scores, (id = nextList++));
    host.at(label);
    const r = call(() => fTurn(this.handle, link.out(random), lastRound, id, ...scores), `${botName}.make_throw`) as unknown as string;
    const a = r.indexOf(':');
    const b = r.indexOf(':', a + 1);
    const throws: number[] = [];
    for (let i = b + 1; i < r.length; i++) throws.push(r.charCodeAt(i) - 48);
    settle(Number(r.slice(0, a)) * 32 + Number(r.slice(a + 1, b)), random, `${botName}.make_throw`, scores);
    return throws;
  };
  Object.defineProperty(cls, 'name', { value: botName });
  return cls as unknown as DiceBotClass;
}

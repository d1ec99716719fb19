/**
 * Original dice answers (Python) playing in our TypeScript controller, inside the Pyodide
 * sandbox (engines/core/sandbox/runtimes/python/). Each Python Bot subclass becomes a DiceBotClass: the
 * controller constructs it, calls update_state and resumes make_throw exactly where it does
 * with a port (update_state is sent along with the next step of the generator: the
 * controller always resumes the generator right after it).
 *
 * One stream: the bots' module-global `random` is kept in step with the engine's PyRandom
 * (engines/core/sandbox/runtimes/python/stream-link.ts: the words each side drew), so a game with original bots
 * draws exactly what the original controller drew.
 *
 * Every call takes plain values and returns one int (python/stand-in.ts): no JSON, no state
 * copies. In a sandbox worker (engines/core/sandbox/pool.ts) Python runs in the engine's own
 * thread and a call is a function call.
 *
 * The answers that read the controller's stack frames with `inspect` (HarkonnenBot, TleilaxuBot,
 * CopyBot, NeoBot, CloneBot) run as posted: the stand-in builds and calls every bot from a Python
 * frame holding what they look for (python/stand-in.ts), and the controller tells it what the
 * original controller object held (DiceControllerWatch: the pool, the games played and won).
 * BrainBot's numpy is our small stand-in (python/numpy.ts).
 *
 * What cannot run here is refused by name with the reason, never dropped: a class that needs a
 * package offline Pyodide lacks, a numpy name our stand-in does not have, or that derives from
 * or uses a refused one. (`koth verify` seats a Python class among ports: there the frame
 * readers are refused too, `lockstepRefused`.)
 *
 * Failures: the original controller caught no exception, so a Python exception from a bot
 * ends the run (the engine's BotCrash, exit 3). An endless loop or a memory bomb ends the
 * sandbox worker; the run stops with the bot named (SandboxStop): the original controller had
 * no time limit and would have hung there.
 */
import { basename } from 'node:path';
import { PythonFileError, SandboxKilled, SandboxPythonError } from '../core/sandbox/errors.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import { StreamLink } from '../core/sandbox/runtimes/python/stream-link.ts';
import { defaultPythonHost } from '../core/sandbox/runtimes/python/local.ts';
import { SandboxStop } from '../core/py/errors.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { DiceBot, type DiceBotClass, type DiceControllerWatch, type DiceEnv } from './bot.ts';
import { DICE_NUMPY_PY } from './python/numpy.ts';
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

/**
 * A bot led the original controller somewhere koth does not model (a replaced random.randint
 * giving a die that is not an int, a live scores list given something that is not an int): the
 * original went on, koth cannot follow, so the run stops without results (exit 2).
 */
export class DiceCannotFollow extends Error {
  constructor(
    readonly bot: string,
    message: string,
  ) {
    super(message);
    this.name = 'DiceCannotFollow';
  }
}

export interface PythonDiceClass {
  cls: DiceBotClass;
  name: string;
  /** A direct subclass of Bot (found by Bot.__subclasses__()); others only by --bots. */
  direct: boolean;
  /** Why it cannot run here (then cls must not be played). */
  refused: string | null;
  /** Why it cannot run in a lockstep verify among ports (it reads the controller's frames), or null. */
  lockstepRefused: string | null;
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
    host.loadModule('numpy', DICE_NUMPY_PY, 'koth_numpy.py');
    host.loadModule('koth_dice', DICE_STANDIN_PY, 'koth_dice.py');
    prepared.set(host, (link = new StreamLink(host, 0)));
  }
  return link;
}

/**
 * Loads bot files in the given order (modules named after the files); the classes come in the
 * order the controller found them: per file, Bot.__subclasses__() (the file's own Bot when it
 * defines one, as the 2019-01-07 snapshot does, else our stand-in), then the indirect ones.
 * Classes of an earlier load in the same host are forgotten, and the interpreter is put back in
 * the state it had before any bot ran (bootstrap.ts koth_reset: builtins, standard modules and
 * their classes, sys.path, os.environ...): a fresh load = a fresh interpreter state, so a bot
 * that changed builtins cannot change a later shard.
 */
export function loadPythonDiceBots(files: readonly { path: string; code: string }[], host: PythonHost = defaultPythonHost()): LoadedDiceBots {
  host.fast('koth_reset')();
  const link = prepare(host);
  host.fast('dice_forget')();
  link.reset();
  const watch = controllerWatch(host, link);
  const classes: PythonDiceClass[] = [];
  for (const f of files) {
    // A fresh module name per load: classes of an earlier load (same file) stay out of this one.
    const module = `dice_bots_${loads++}_${basename(f.path).replace(/\.py$/, '').replace(/\W/g, '_')}`;
    let found: [number, string, boolean, string | null, string | null][];
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
    for (const [ci, name, direct, refused, lockstepRefused] of found) {
      classes.push({ cls: pythonDiceBot(host, link, ci, name, watch), name, direct, refused, lockstepRefused, file: f.path });
    }
  }
  return { classes, sandbox: host, link };
}


/** The bits of a call's result (python/stand-in.ts); the rest (÷ 32) is the stream's code. */
const YIELDED_TRUTHY = 1;
const ENDED = 2;
const RAISED = 4;
const SAMPLE_REPLACED = 8;
const SCORES_CHANGED = 16;
/** In a whole turn's flags: the dice are comma-separated (one is not 1-6: a replaced random.randint). */
const WIDE_DICE = 32;

/** The Python class's index in the stand-in (python/stand-in.ts _classes). */
const PY_INDEX = Symbol('python class index');

/** A Python exception of the stand-in's glue, as the error the controller reports (BotCrash's cause). */
function pythonError(host: PythonHost, bot: string, what: string): Error {
  const [type, message, where] = JSON.parse(host.fast('dice_last_error')() as string) as [string, string, string];
  const stop = host.stopReason();
  if (stop) return new DiceSandboxStop(bot, stop, `${what}: stopped by the sandbox (${stop === 'timeout' ? 'its time limit' : 'its memory cap'}; Python raised ${type})`);
  if (type === 'KothCannotFollow') return new DiceCannotFollow(bot, message);
  const err = new Error(`${message} (in ${what}${where ? `, ${where}` : ''})`);
  err.name = type;
  return err;
}

/**
 * What the original controller object held that answers read from the stack (CloneBot: its
 * pool, wins and games played), kept in the stand-in's Controller: told the run's pool, every
 * game's end; and the seats, drawn by the module's random.sample once a bot replaced it.
 */
function controllerWatch(host: PythonHost, link: StreamLink): DiceControllerWatch {
  const fStart = host.fast('dice_run_start');
  const fOver = host.fast('dice_game_over');
  const fSeats = host.fast('dice_seats');
  const fSwapper = host.fast('dice_swapper');
  const label = host.label('the controller (random.sample)');
  const settle = (r: number, random: PyRandom): boolean => {
    link.in(random, Math.floor(r / 32));
    return (r & SAMPLE_REPLACED) !== 0;
  };
  return {
    runStart(classes, settings, flags, random) {
      const cis = classes.map((c) => (c as unknown as { [PY_INDEX]?: number })[PY_INDEX]);
      if (cis.some((i) => i === undefined)) throw new Error('koth: a dice run mixes original Python bots with ports');
      host.at(label);
      return settle(fStart(link.out(random), flags.prefilledStats, settings.botsPerGame, settings.endScore, settings.maxRounds, ...(cis as number[])) as number, random);
    },
    gameOver(scores, random) {
      host.at(label);
      return settle(fOver(link.out(random), ...scores) as number, random);
    },
    seats(n, k, random) {
      host.at(label);
      const r = fSeats(link.out(random), n, k) as string;
      const a = r.indexOf(':');
      const b = r.indexOf(':', a + 1);
      link.in(random, Number(r.slice(0, a)));
      const who = (fSwapper() as string) || 'a bot';
      if (Number(r.slice(a + 1, b)) & RAISED) throw Object.assign(pythonError(host, who, `random.sample(range(${n}), ${k}) (replaced by ${who})`), { bot: who });
      return r
        .slice(b + 1)
        .split(',')
        .map(Number);
    },
  };
}

/** A changed live scores list as the engine keeps it (ints only: anything else cannot be followed). */
function changedScores(host: PythonHost, bot: string): number[] {
  const values = JSON.parse(host.fast('dice_changed_scores')() as string) as unknown[];
  return values.map((v) => {
    if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
    const tagged = v as { __pyrepr__?: string; __pytype__?: string } | null;
    const shown = tagged && typeof tagged === 'object' && tagged.__pyrepr__ !== undefined ? `${tagged.__pyrepr__} (${tagged.__pytype__})` : String(v);
    throw new DiceCannotFollow(
      bot,
      `${bot} put ${shown} into the live scores list (the first controller handed bots its own list): the original controller ` +
        'went on with that value, which koth does not model (it follows changes to that list while they are integers below 2**53)',
    );
  });
}

function pythonDiceBot(host: PythonHost, link: StreamLink, ci: number, botName: string, watch: DiceControllerWatch): DiceBotClass {
  const fNew = host.fast('dice_new');
  const fStart = host.fast('dice_start');
  const fStep = host.fast('dice_step');
  const fTurn = host.fast('dice_turn');
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
    // The first controller's live list: the engine's list follows the bot's changes (length too).
    if (flags & SCORES_CHANGED && scores) scores.splice(0, scores.length, ...changedScores(host, botName));
    if (flags & RAISED) throw pythonError(host, botName, what);
    return flags;
  };
  const cls = class extends DiceBot {
    static readonly botName = botName;
    static readonly python = true;
    static readonly watch = watch;
    static readonly [PY_INDEX] = ci;
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
    const flags = Number(r.slice(a + 1, b));
    let throws: number[];
    if (flags & WIDE_DICE) {
      throws = r
        .slice(b + 1)
        .split(',')
        .map(Number);
    } else {
      throws = [];
      for (let i = b + 1; i < r.length; i++) throws.push(r.charCodeAt(i) - 48);
    }
    settle(Number(r.slice(0, a)) * 32 + (flags % 32), random, `${botName}.make_throw`, scores);
    return throws;
  };
  Object.defineProperty(cls, 'name', { value: botName });
  return cls as unknown as DiceBotClass;
}

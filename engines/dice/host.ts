/**
 * Hosted dice games (`koth host`, engines/core/host/play.ts HostGame): one game of any seating of
 * ports and posted answers' classes, on pair `seedKey` of the job's run.
 *
 * A hosted game is what a new original controller does with the seated classes as its `bots`:
 * `Controller(bots).simulate_games(1)` on the game's generator — the seats drawn with
 * random.sample, then the game — with `bots_per_game` the number of seats (2 to 8). Every game
 * builds a new controller and, with posted answers, loads their code afresh into a reset
 * interpreter (python-bots.ts loadPythonDiceBots): a game depends on its seed key and seats only,
 * never on the games a worker played before, so any batch split gives the same results.
 *
 * Posted answers run only in the Pyodide sandbox (sandbox workers of kit.sandboxPool, the job
 * `diceHostGames`, exported by trials.ts for the workers); games of ports only are played here.
 * A game seating answers among ports runs the answers without the controller stand-in that the
 * frame readers need (as `koth verify` seats them): a class that reads the controller's frames is
 * refused there and plays only among answers.
 *
 * The result is each seat's final score (`s:`, result.ts), in the job's seat order. A seat that
 * fails the game — its code does not load, it raises (a make_throw that is no generator, too),
 * it passes the time limit or the memory cap — gives no result but its seat and reason.
 */
import { basename } from 'node:path';
import type { HostGame, HostGameSpec, HostJob, HostOutcome, HostSeat, HostWatch } from '../core/host/play.ts';
import { sandboxedPlayGames, sandboxedWatch, sandboxWatchJob, sandboxTaskJob, type SandboxedWatch, SeatFailure, seatFailed, stopKind, stopText } from '../core/host/sandboxed.ts';

import { encodeResult } from '../core/host/result.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { PythonFileError } from '../core/sandbox/errors.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import type { DiceBotClass } from './bot.ts';
import { diceClass } from './ports.ts';
import { DiceCannotFollow, DiceSandboxStop, loadPythonDiceBots, type LoadedDiceBots } from './python-bots.ts';
import { BotCrash, DEFAULT_SETTINGS, DiceController } from './rules.ts';
import { diceFlags } from './variants.ts';
import { diceWatchPage, gameWinners } from './watch.ts';
import type { DiceTurnEvent } from './rules.ts';

/** The time limit of one call into a posted dice answer (one decision, or loading its code), ms. */
export const DICE_HOST_TIME_LIMIT_MS = 2000;
/** Games per sandbox task by default. */
export const DICE_HOST_BATCH = 10;

/** The file name an answer's code is loaded under (its module name in Python). */
const fileOf = (sha256: string) => `answer_${sha256.slice(0, 12)}.py`;

const stopMessage = (reason: string, detail: string, limitMs: number | undefined) => stopText(reason, detail, limitMs ?? DICE_HOST_TIME_LIMIT_MS);

/** The seats' classes: ports by name, answers' classes loaded afresh from their code in `py`. */
function seatClasses(job: HostJob, g: HostGameSpec, py: PythonHost | undefined): { classes: DiceBotClass[]; loaded: LoadedDiceBots | undefined } {
  const codeSeats = g.seats.flatMap((s, i) => (typeof s === 'string' ? [] : [{ s, i }]));
  const mixed = codeSeats.length > 0 && codeSeats.length < g.seats.length;
  let loaded: LoadedDiceBots | undefined;
  if (codeSeats.length) {
    if (!py) throw new Error('koth: a dice game seating posted answers runs only in the sandbox');
    const shas = [...new Set(codeSeats.map((c) => c.s.sha256))];
    const files = shas.map((sha) => {
      const code = job.code[sha];
      if (code === undefined) throw new Error(`koth: the job holds no code ${sha}`);
      return { path: fileOf(sha), code };
    });
    try {
      loaded = loadPythonDiceBots(files, py);
    } catch (e) {
      const file = e instanceof PythonFileError ? e.file : e instanceof DiceSandboxStop ? e.bot : undefined;
      const seat = codeSeats.find((c) => fileOf(c.s.sha256) === (file && basename(file)))?.i ?? codeSeats[0]!.i;
      if (e instanceof PythonFileError) throw new SeatFailure(seat, 'load', e.detail);
      if (e instanceof DiceSandboxStop) throw new SeatFailure(seat, stopKind(e.reason), `while loading: ${stopMessage(e.reason, e.detail, job.timeLimitMs)}`);
      throw e;
    }
  }
  const classes = g.seats.map((s, i) => {
    if (typeof s === 'string') {
      const c = diceClass(s);
      if (!c) throw new Error(`koth: no dice port ${s}`);
      return c;
    }
    const c = loaded!.classes.find((k) => k.file === fileOf(s.sha256) && k.name === s.className);
    if (!c) throw new SeatFailure(i, 'refused', `its code defines no bot class ${s.className} (found: ${loaded!.classes.filter((k) => k.file === fileOf(s.sha256)).map((k) => k.name).join(', ') || 'none'})`);
    if (c.refused) throw new SeatFailure(i, 'refused', c.refused);
    if (!mixed) return c.cls;
    if (c.lockstepRefused) throw new SeatFailure(i, 'refused', `cannot sit among ports: ${c.lockstepRefused}`);
    // Among ports: without the controller stand-in (its watch), as `koth verify` seats an answer.
    const cls = class extends (c.cls as unknown as new (...a: ConstructorParameters<DiceBotClass>) => InstanceType<DiceBotClass>) {};
    Object.defineProperty(cls, 'watch', { value: undefined });
    Object.defineProperty(cls, 'botName', { value: c.cls.botName });
    return cls as unknown as DiceBotClass;
  });
  return { classes, loaded };
}

/** The seat a crash names (by class name): an answer's seat before a port's of the same name. */
function seatOfBot(g: HostGameSpec, bot: string): number {
  const name = (s: HostSeat) => (typeof s === 'string' ? s : s.className);
  const code = g.seats.findIndex((s) => typeof s !== 'string' && name(s) === bot);
  if (code >= 0) return code;
  const any = g.seats.findIndex((s) => name(s) === bot);
  return any >= 0 ? any : 0;
}

/** Plays one hosted game (`py`: the sandbox's Python, needed when answers are seated). */
export function playDiceHostGame(job: HostJob, g: HostGameSpec, py?: PythonHost, onTurn?: (e: DiceTurnEvent) => void): HostOutcome {
  const k = g.seats.length;
  if (k < DICE_HOST.seats.min || k > DICE_HOST.seats.max) throw new RangeError(`a hosted dice game seats ${DICE_HOST.seats.min} to ${DICE_HOST.seats.max} bots, got ${k}`);
  try {
    const { classes, loaded } = seatClasses(job, g, py);
    const random = pairGenerator(generatorKind('cpython3'), job.run, g.seedKey) as PyRandom;
    const controller = new DiceController(classes, random, diceFlags(job.rules), { ...DEFAULT_SETTINGS, botsPerGame: k });
    if (onTurn) controller.onTurn = onTurn;
    try {
      controller.simulate(1);
    } catch (e) {
      const cause = e instanceof BotCrash ? e.cause : e;
      const bot = e instanceof BotCrash ? e.bot : e instanceof DiceSandboxStop || e instanceof DiceCannotFollow ? e.bot : undefined;
      if (bot === undefined) throw e;
      const seat = seatOfBot(g, bot);
      if (cause instanceof DiceSandboxStop) throw new SeatFailure(seat, stopKind(cause.reason), stopMessage(cause.reason, cause.detail, job.timeLimitMs));
      if (cause instanceof DiceCannotFollow) throw new SeatFailure(seat, 'illegal', cause.message);
      const c = cause as Error;
      throw new SeatFailure(seat, 'crash', c instanceof Error ? `${c.name}: ${c.message}` : String(c));
    }
    // The answers' module-global random drew what the engine's generator drew (one stream, python-bots.ts).
    loaded?.link.check(random, 'at the end of a hosted game');
    const last = controller.lastGame()!;
    const scores = new Array<number>(k);
    for (let j = 0; j < k; j++) scores[last.seats[j]!] = last.scores[j]!;
    return { result: encodeResult({ kind: 'score', scores }) };
  } catch (e) {
    if (e instanceof SeatFailure) return seatFailed(e);
    throw e;
  }
}

/** Sandbox job: the games of a task, in order, in this worker's Python (stopping after a game the sandbox stopped: sandboxed.ts playTask). */
export const diceHostGames = sandboxTaskJob(playDiceHostGame);

/** The watch page's parts of a game played with its turns recorded. */
function watchOf(job: HostJob, g: HostGameSpec, turns: DiceTurnEvent[], outcome: HostOutcome): HostWatch {
  const page = diceWatchPage({ seed: `${job.run} pair ${g.seedKey}`, rules: job.rules, games: 1, turns, winners: gameWinners(turns), command: '' });
  return { steps: [...page.steps], intro: [...page.intro], ...(page.legend ? { legend: page.legend } : {}), outcome };
}

/**
 * HostGame.watch: a game played again turn by turn (the controller's turn events), as `koth play
 * dice --report` shows a game — a game of ports here, one seating posted answers in a sandbox
 * worker (the job `diceHostWatchGame`) when `ctx` gives one, else refused.
 */
const DICE_WATCH: SandboxedWatch<{ turns: DiceTurnEvent[]; outcome: HostOutcome }> = {
  game: 'dice',
  job: 'diceHostWatchGame',
  timeLimitMs: DICE_HOST_TIME_LIMIT_MS,
  play: (job, g, py) => {
    const turns: DiceTurnEvent[] = [];
    return { turns, outcome: playDiceHostGame(job, g, py, (e) => turns.push(e)) };
  },
  page: (job, g, r) => watchOf(job, g, r.turns, r.outcome),
};
const watchGame = sandboxedWatch(DICE_WATCH);
/** Sandbox job: the job's one game played with its steps recorded, for its watch page. */
export const diceHostWatchGame = sandboxWatchJob(DICE_WATCH);

/** Dice's hosting (engine.host): games of ports here, games seating answers in sandbox tasks (sandboxed.ts). */
export const DICE_HOST: HostGame = {
  seats: { min: 2, max: 8 },
  timeLimitMs: DICE_HOST_TIME_LIMIT_MS,
  playGames: sandboxedPlayGames({ game: 'dice', job: 'diceHostGames', batch: DICE_HOST_BATCH, timeLimitMs: DICE_HOST_TIME_LIMIT_MS, playHere: (job, g) => playDiceHostGame(job, g) }),
  watch: watchGame,
};

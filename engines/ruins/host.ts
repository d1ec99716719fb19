/**
 * Hosted ruins games (`koth host`, engines/core/host/play.ts HostGame): one game of any seating
 * of ports and posted answers' classes, on pair `seedKey` of the job's run.
 *
 * A hosted game is one game of ruins.py's run_tournament with the seated classes as its bots,
 * drawn from the game's generator as run_game draws it: the table is the seats, Drunkards filling
 * it up to ten (as a tournament of fewer than ten bots fills it; they are never scored), shuffled
 * under the `fixed` rules (HEAD's `rand.shuffle(bots)`; the `original` driver seats them in
 * order), then `Ruins(*table, seed=rand.getrandbits(1337))` played to its end (rules.ts).
 * Seats: 2 to 10 — ten is the tournament's table, and HEAD's run_tournament gives no result with
 * fewer than two scored bots ("There aren't enough competitors").
 *
 * Posted answers are seated as `koth replay ruins --python-bots cache` seats them: the code under
 * the prelude ruins.py's downloader wrote above an answer (`from __main__ import Adventurer`,
 * print silenced: originals.ts moduleOfAnswer), every Adventurer subclass of it (python-bots.ts
 * loadPythonRuinsBots, each adventurer's `self.random` in step with its generator), loaded afresh for every game into an interpreter put
 * back in its state before any answer ran (bootstrap.ts koth_reset), only in the Pyodide sandbox
 * (the job `ruinsHostGames`, exported by trials.ts for the workers); games of ports only are
 * played here.
 *
 * The result is each seat's score of the game (`s:`, result.ts), in the job's seat order: the
 * driver's `n − rank` for an adventurer alive with treasure, else 0 — the points the published
 * leaderboard sums (its `score` column). A seat that lost its place to a name collision (the
 * driver keeps players by character name) scores 0, as it did in ruins.py.
 *
 * What fails a seat: its code does not load (the Python error) or defines no such class; it
 * passes the time limit of a call or the memory cap; it raises where ruins.py did not catch it
 * (in `__init__`, SystemExit, KeyboardInterrupt: 'crash'); it returns an action ruins.py itself
 * crashed on (an empty action, a string treasure index with a valid bid, …: 'illegal'). An
 * exception in get_action or enter_ruins is no failure: the driver caught it and the adventurer
 * died, as in ruins.py. ruins.py had no time limit: the host's is RUINS_HOST_TIME_LIMIT_MS.
 */
import type { HostGame, HostGameSpec, HostJob, HostOutcome, HostWatch } from '../core/host/play.ts';
import { encodeResult } from '../core/host/result.ts';
import { answerModule, sandboxedPlayGames, sandboxedWatch, sandboxWatchJob, sandboxTaskJob, type SandboxedWatch, stopKind, stopText, SeatFailure } from '../core/host/sandboxed.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { ControllerCrash, SandboxStop } from '../core/py/errors.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import type { Adventurer, AdventurerClass, RoomState, SeedLater } from './adventurer.ts';
import { drunkard, ruinsClass } from './ports.ts';
import { loadPythonRuinsBots, PythonBotRefused, RUINS_ANSWER_PRELUDE } from './python-bots.ts';
import { Ruins, scoreRows, type LogLine, type ScoreRow } from './rules.ts';
import { RUINS_VARIANTS, type RuinsFlags } from './variants.ts';
import { ruinsRecorder, ruinsWatchPage, type RuinsSnapshot } from './watch.ts';

/** The time limit of one call into a posted answer (loading its code, __init__, get_action), ms: ruins.py had none. */
export const RUINS_HOST_TIME_LIMIT_MS = 2000;
/** Games per sandbox task by default. */
export const RUINS_HOST_BATCH = 5;
/** The tournament's table: ten adventurers a game (run_tournament's game size). */
export const RUINS_TABLE = 10;


function rulesFlags(rules: string): RuinsFlags {
  const v = RUINS_VARIANTS[rules as keyof typeof RUINS_VARIANTS];
  if (!v) throw new RangeError(`unknown ruins rules "${rules}" (known: ${Object.keys(RUINS_VARIANTS).join(', ')})`);
  return v.flags;
}

// The interpreter's clean state: the stand-in loaded, nothing of an answer (bootstrap.ts koth_baseline / koth_reset).
const FORGET_PY = `
import sys, koth_sandbox
def _forget():
    sys.modules['koth_ruins']._classes.clear()
koth_sandbox.register('ruins_host_forget', _forget)
`;
const baselined = new WeakSet<PythonHost>();

/** Puts the interpreter back in its state before any answer ran (a hosted game depends on its seed and seats only). */
function freshInterpreter(py: PythonHost): void {
  if (!baselined.has(py)) {
    loadPythonRuinsBots([], py); // the stand-in, loaded once per interpreter
    py.loadModule('koth_ruins_host', FORGET_PY, 'koth_ruins_host.py');
    py.fast('koth_baseline')();
    baselined.add(py);
  }
  py.fast('koth_reset')();
  py.fast('ruins_host_forget')();
}

/** Which seat each adventurer of a game is, and the seat of the bot call that raised (a crash out of its own code). */
interface SeatWatch {
  seatOf: Map<Adventurer, number>;
  raisedBy: WeakMap<object, number>;
}

/** `cls` as seat `seat`: its instances are known by seat, and a ControllerCrash out of its calls names it. */
function seated(cls: AdventurerClass, seat: number, w: SeatWatch): AdventurerClass {
  const mark = (e: unknown) => {
    if (e instanceof ControllerCrash && !w.raisedBy.has(e)) w.raisedBy.set(e, seat);
    return e;
  };
  const Base = cls as new (name: string, random: PyRandom | SeedLater) => Adventurer;
  const tagged = class extends Base {
    constructor(name: string, random: PyRandom | SeedLater) {
      try {
        super(name, random);
      } catch (e) {
        throw mark(e);
      }
      w.seatOf.set(this, seat);
    }
    override getAction(state: RoomState): unknown {
      try {
        return super.getAction(state);
      } catch (e) {
        throw mark(e);
      }
    }
    override enterRuins(): void {
      try {
        super.enterRuins();
      } catch (e) {
        throw mark(e);
      }
    }
  };
  Object.defineProperty(tagged, 'botName', { value: cls.botName });
  Object.defineProperty(tagged, 'name', { value: cls.name });
  return tagged as unknown as AdventurerClass;
}

/** The seats' classes: ports by name, answers' classes loaded afresh from their code in `py`. */
function seatClasses(job: HostJob, g: HostGameSpec, py: PythonHost | undefined, w: SeatWatch): AdventurerClass[] {
  const codeSeats = g.seats.flatMap((s, i) => (typeof s === 'string' ? [] : [{ s, i }]));
  let loaded: ReturnType<typeof loadPythonRuinsBots> | undefined;
  if (codeSeats.length) {
    if (!py) throw new Error('koth: a ruins game seating posted answers runs only in the sandbox');
    const seatOfModule = (m: string) => codeSeats.find((c) => answerModule(c.s.sha256) === m)?.i ?? codeSeats[0]!.i;
    const shas = [...new Set(codeSeats.map((c) => c.s.sha256))];
    const sources = shas.map((sha) => {
      const code = job.code[sha];
      if (code === undefined) throw new Error(`koth: the job holds no code ${sha}`);
      // Under the downloader's prelude, as ruins.py ran a posted answer (its line numbers are the code's + 2).
      return { module: answerModule(sha), code: RUINS_ANSWER_PRELUDE + code, origin: `answer ${sha.slice(0, 12)}` };
    });
    freshInterpreter(py);
    try {
      loaded = loadPythonRuinsBots(sources, py);
    } catch (e) {
      if (e instanceof PythonBotRefused) throw new SeatFailure(seatOfModule(e.module), 'refused', e.reason);
      if (e instanceof SandboxStop) throw new SeatFailure(seatOfModule(e.bot), stopKind(e.reason), `while loading: ${stopText(e.reason, e.pyMessage, job.timeLimitMs ?? RUINS_HOST_TIME_LIMIT_MS)}`);
      throw e;
    }
    const failed = loaded.skipped[0];
    if (failed) {
      const stop = py.stopReason();
      if (stop) throw new SeatFailure(seatOfModule(failed.module), stopKind(stop), `while loading: ${stopText(stop, failed.error, job.timeLimitMs ?? RUINS_HOST_TIME_LIMIT_MS)}`);
      throw new SeatFailure(seatOfModule(failed.module), 'load', failed.error);
    }
  }
  return g.seats.map((s, i) => {
    if (typeof s === 'string') {
      const c = ruinsClass(s);
      if (!c) throw new Error(`koth: no ruins port ${s}`);
      return seated(c, i, w);
    }
    const m = answerModule(s.sha256);
    const k = loaded!.classes.findIndex((c, j) => loaded!.modules[j] === m && c.botName === s.className);
    if (k < 0) {
      const found = loaded!.classes.filter((_, j) => loaded!.modules[j] === m).map((c) => c.botName);
      throw new SeatFailure(i, 'refused', `its code defines no Adventurer subclass ${s.className} (found: ${found.join(', ') || 'none'})`);
    }
    return seated(loaded!.classes[k]!, i, w);
  });
}

/** A hosted game as its watch page shows it (plain data: it comes back from a sandbox worker). */
export interface RuinsGameRecord {
  /** The game before its first turn and after every turn (watch.ts ruinsRecorder). */
  snapshots: RuinsSnapshot[];
  /** The driver's whole log. */
  log: LogLine[];
  /** The driver's score table (none when a seat failed the game). */
  rows: ScoreRow[];
}

/**
 * Plays one hosted game (`py`: the sandbox's Python, needed when answers are seated); `record`,
 * when given, receives the game turn by turn with the driver's log (its watch page).
 */
export function playRuinsHostGame(job: HostJob, g: HostGameSpec, py?: PythonHost, record?: RuinsGameRecord): HostOutcome {
  const k = g.seats.length;
  if (k < RUINS_HOST.seats.min || k > RUINS_HOST.seats.max) throw new RangeError(`a hosted ruins game seats ${RUINS_HOST.seats.min} to ${RUINS_HOST.seats.max} bots, got ${k}`);
  const flags = rulesFlags(job.rules);
  const limitMs = job.timeLimitMs ?? RUINS_HOST_TIME_LIMIT_MS;
  const w: SeatWatch = { seatOf: new Map(), raisedBy: new WeakMap() };
  let game: Ruins | undefined;
  try {
    const table = seatClasses(job, g, py, w);
    // run_tournament's run_game: Drunkards fill the table, the seats shuffled (HEAD), one 1337-bit seed.
    while (table.length < RUINS_TABLE) table.push(drunkard());
    const rand = pairGenerator(generatorKind('cpython3'), job.run, g.seedKey) as PyRandom;
    if (flags.shuffleSeats) rand.shuffle(table);
    const recorder = record && ruinsRecorder();
    try {
      game = new Ruins(table, rand.getrandbitsWords(1337), recorder ? { log: true, onTurnEnd: recorder.onTurnEnd } : {});
      const scored = game.runGame();
      if (record) record.rows = scoreRows(scored);
      const scores = new Array<number>(k).fill(0);
      for (const { player, score } of scored) {
        const seat = w.seatOf.get(player.bot);
        if (seat !== undefined) scores[seat] = score;
      }
      return { result: encodeResult({ kind: 'score', scores }) };
    } catch (e) {
      if (!(e instanceof ControllerCrash)) throw e;
      const own = w.raisedBy.get(e);
      const text = `${e.pyType}: ${e instanceof SandboxStop ? e.pyMessage.slice(e.bot.length + 2) : e.pyMessage}`;
      if (e instanceof SandboxStop) throw new SeatFailure(own ?? culpritSeat(game, w, g), stopKind(e.reason), stopText(e.reason, e.pyMessage.slice(e.bot.length + 2), limitMs));
      if (own !== undefined) throw new SeatFailure(own, 'crash', `${text} (${e.where || 'in its own code'}: ruins.py did not catch it and stopped)`);
      throw new SeatFailure(culpritSeat(game, w, g), 'illegal', `ruins.py crashed on its action: ${text}${e.where ? ` (${e.where})` : ''}`);
    } finally {
      if (record && recorder) {
        record.snapshots = recorder.snapshots;
        record.log = game ? [...game.log] : [];
      }
    }
  } catch (e) {
    if (e instanceof SeatFailure) return { failed: { seat: e.seat, kind: e.kind, reason: e.message } };
    throw e;
  }
}

/** The seat whose action the driver crashed on (the first answer's when the game cannot say). */
function culpritSeat(game: Ruins | undefined, w: SeatWatch, g: HostGameSpec): number {
  const p = game?.culprit;
  const seat = p && w.seatOf.get(p.bot);
  if (seat !== undefined) return seat;
  return Math.max(0, g.seats.findIndex((s) => typeof s !== 'string'));
}

/** Sandbox job: the games of a task, in order, in this worker's Python (stopping after a game the sandbox stopped). */
export const ruinsHostGames = sandboxTaskJob(playRuinsHostGame);

/** The watch page's parts of a game played with its turns recorded (as `koth play ruins --report` shows a game). */
function watchOf(job: HostJob, g: HostGameSpec, record: RuinsGameRecord, outcome: HostOutcome): HostWatch {
  const page = ruinsWatchPage(`${job.run} pair ${g.seedKey}`, record.snapshots, record.log, record.rows, '');
  // Without a score table (a seat failed the game) the page's result line has nothing to say.
  const intro = record.rows.length ? page.intro : page.intro.slice(0, 1);
  return { steps: [...page.steps], intro: [...intro], ...(page.legend ? { legend: page.legend } : {}), outcome };
}

/**
 * HostGame.watch: a game played again turn by turn (Ruins' onTurnEnd and the driver's log), as
 * `koth play ruins --report` shows a game — a game of ports here, one seating posted answers in a
 * sandbox worker (the job `ruinsHostWatchGame`) when `ctx` gives one, else refused.
 */
const RUINS_WATCH: SandboxedWatch<{ record: RuinsGameRecord; outcome: HostOutcome }> = {
  game: 'ruins',
  job: 'ruinsHostWatchGame',
  timeLimitMs: RUINS_HOST_TIME_LIMIT_MS,
  play: (job, g, py) => {
    const record: RuinsGameRecord = { snapshots: [], log: [], rows: [] };
    return { record, outcome: playRuinsHostGame(job, g, py, record) };
  },
  page: (job, g, r) => watchOf(job, g, r.record, r.outcome),
};
const watchGame = sandboxedWatch(RUINS_WATCH);
/** Sandbox job: the job's one game played with its steps recorded, for its watch page. */
export const ruinsHostWatchGame = sandboxWatchJob(RUINS_WATCH);

/** Ruins' hosting (engine.host). */
export const RUINS_HOST: HostGame = {
  seats: { min: 2, max: RUINS_TABLE },
  timeLimitMs: RUINS_HOST_TIME_LIMIT_MS,
  playGames: sandboxedPlayGames({ game: 'ruins', job: 'ruinsHostGames', batch: RUINS_HOST_BATCH, timeLimitMs: RUINS_HOST_TIME_LIMIT_MS, playHere: (job, g) => playRuinsHostGame(job, g) }),
  watch: watchGame,
};

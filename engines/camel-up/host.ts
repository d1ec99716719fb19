/**
 * Hosted camel-up games (`koth host`, engines/core/host/play.ts HostGame): one game of four seats
 * — ports by name, posted answers' classes — on pair `seedKey` of the job's run, under the rule
 * variant `job.rules` (a key of CAMEL_VARIANTS: `original`, `pre-0620`, `fixed`, `2026`).
 *
 * A hosted game is one game of the tournament loop of its rules with the four seats as its pool,
 * on the game's generator (the module-global `random` camelup.py and its players share):
 *  - the 2018 controllers (`original`, `pre-0620`, `fixed`): camelup.py's loop (tournament.ts
 *    playGames) — the pool's indices shuffled, the first four play in that order;
 *  - the 2026 Cup (`2026`): tournament_core.py's run_game (format2026.ts playTournament2026) —
 *    four seats drawn with random.sample, the game under camelup.py 2026, run_game's reading of
 *    every answer.
 * Four seats exactly: camelup.py's GameState has four players.
 *
 * Posted answers are seated as `koth replay camel-up --python-bots` seats the posted ones
 * (python-players.ts loadPythonCamelPlayers, the code a block pasted into players.py: it has
 * `random`, `math` and `PlayerInterface`), loaded afresh for every game into an interpreter put
 * back in its state before any answer ran (bootstrap.ts koth_reset), only in the Pyodide sandbox
 * (the job `camelHostGames`, exported by trials.ts for the workers); games of ports only are
 * played here.
 *
 * The result is each seat's place by its coins at the end (`p:`, result.ts: the seats holding the
 * most coins share place 1), in the job's seat order — what the 2026 leaderboard rates (its
 * _fit_elo: every seat with the most coins wins, ties share; rate.ts reads place 1 as the
 * winners). A game in which nobody ever ends it (no seated player rolls: camelup.py would hang)
 * is stopped after MAX_ACTIONS actions with no place: `p:-,-,-,-`.
 *
 * What fails a seat: its code does not load (the Python error) or defines no such player; it
 * passes the time limit of a move or the memory cap; under the 2018 rules, a Python exception out
 * of its move ('crash': camelup.py caught none and the tournament ended) or an answer camelup.py
 * raised on (an illegal trap, …: 'illegal'); under the 2026 rules a raising player or an invalid
 * answer rolls instead (camelup.py 2026), but an answer run_game cannot read (`result[0]` of an
 * empty answer: the 2026 tournament ended) is 'illegal'. An answer koth cannot carry with its
 * Python meaning (CamelUnfollowable) is 'refused'. camelup.py had no time limit: the host's is the
 * replay's move limit, CAMEL_MOVE_TIMEOUT_MS (a 2018 answer that simulates 10,000 futures a move
 * takes seconds in Pyodide).
 */
import { basename } from 'node:path';
import type { HostGame, HostGameSpec, HostJob, HostOutcome, HostWatch } from '../core/host/play.ts';
import { encodeResult, placesOfScores } from '../core/host/result.ts';
import { answerModule, sandboxedPlayGames, sandboxedWatch, sandboxWatchJob, sandboxTaskJob, type SandboxedWatch, stopKind, stopText, SeatFailure } from '../core/host/sandboxed.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { ControllerCrash, PythonError, SandboxStop } from '../core/py/errors.ts';
import { PythonFileError } from '../core/sandbox/errors.ts';
import type { PythonHost } from '../core/sandbox/runtimes/python/host.ts';
import { playTournament2026, RunGameCrash } from './format2026.ts';
import { camelBot } from './ports.ts';
import { CAMEL_MOVE_TIMEOUT_MS, CamelUnfollowable, loadPythonCamelPlayers, type CamelSandbox } from './python-players.ts';
import { MAX_ACTIONS, type CamelPlayer } from './rules.ts';
import { playGames, type CamelTurnEvent } from './tournament.ts';
import { camelFlags } from './variants.ts';
import { camelRecorder, camelWatchPage, type CamelSnapshot } from './watch.ts';

/** The time limit of one move of a posted answer (or loading its code), ms: the replay's (camelup.py had none). */
export const CAMEL_HOST_TIME_LIMIT_MS = CAMEL_MOVE_TIMEOUT_MS;
/** Games per sandbox task by default. */
export const CAMEL_HOST_BATCH = 5;
/** Seats of a game: camelup.py's four players. */
export const CAMEL_SEATS = 4;


class NoEnd extends Error {}

/** The answer's file as loaded (its module and the path the loader names in errors). */
const answerPath = (sha256: string) => `${answerModule(sha256)}.py`;

// The interpreter's clean state: the stand-in loaded, nothing of an answer (bootstrap.ts koth_baseline / koth_reset).
// The stand-in keeps what it loaded and hashed in module dicts, and counts its salts: emptied and restarted per game.
const FORGET_PY = `
import sys, koth_sandbox
def _forget():
    m = sys.modules['koth_camel']
    m._classes.clear()
    m._hashes.clear()
    m._salts[0] = 0
koth_sandbox.register('camel_host_forget', _forget)
`;
const baselined = new WeakSet<PythonHost>();

/** Puts the interpreter back in its state before any answer ran (a hosted game depends on its seed and seats only). */
function freshInterpreter(py: CamelSandbox): void {
  if (!baselined.has(py)) {
    loadPythonCamelPlayers([], { sandbox: py }); // the stand-in, loaded once per interpreter
    py.loadModule('koth_camel_host', FORGET_PY, 'koth_camel_host.py');
    py.fast('koth_baseline')();
    baselined.add(py);
  }
  py.fast('koth_reset')();
  py.fast('camel_host_forget')();
}

/** The seats' players: ports by name (fresh instances), answers' players loaded afresh from their code in `py`. */
function seatPlayers(job: HostJob, g: HostGameSpec, py: CamelSandbox | undefined, limitMs: number): CamelPlayer[] {
  const codeSeats = g.seats.flatMap((s, i) => (typeof s === 'string' ? [] : [{ s, i }]));
  let loaded: ReturnType<typeof loadPythonCamelPlayers> | undefined;
  if (codeSeats.length) {
    if (!py) throw new Error('koth: a camel-up game seating posted answers runs only in the sandbox');
    const seatOfFile = (file: string | undefined) => codeSeats.find((c) => answerPath(c.s.sha256) === (file && basename(file)))?.i ?? codeSeats[0]!.i;
    const shas = [...new Set(codeSeats.map((c) => c.s.sha256))];
    const files = shas.map((sha) => {
      const code = job.code[sha];
      if (code === undefined) throw new Error(`koth: the job holds no code ${sha}`);
      return { path: answerPath(sha), module: answerModule(sha), code, pasted: true };
    });
    freshInterpreter(py);
    try {
      loaded = loadPythonCamelPlayers(files, { sandbox: py, rules: job.rules, moveTimeoutMs: limitMs });
    } catch (e) {
      const stop = py.stopReason();
      if (e instanceof PythonFileError) {
        if (stop) throw new SeatFailure(seatOfFile(e.file), stopKind(stop), `while loading: ${stopText(stop, e.detail, limitMs)}`);
        throw new SeatFailure(seatOfFile(e.file), 'load', e.detail);
      }
      if (e instanceof SandboxStop) throw new SeatFailure(seatOfFile(e.bot), stopKind(e.reason), `while loading: ${stopText(e.reason, e.pyMessage, limitMs)}`);
      throw e;
    }
  }
  return g.seats.map((s, i) => {
    if (typeof s === 'string') {
      const p = camelBot(s);
      if (!p) throw new Error(`koth: no camel-up port ${s}`);
      return p;
    }
    const file = answerPath(s.sha256);
    const c = loaded!.classes.find((k) => k.file === file && k.name === s.className);
    if (!c) throw new SeatFailure(i, 'refused', `its code defines no player class ${s.className} (found: ${loaded!.classes.filter((k) => k.file === file).map((k) => k.name).join(', ') || 'none'})`);
    if (c.refused) throw new SeatFailure(i, 'refused', c.refused);
    return c.player;
  });
}

/** A hosted game as its watch page shows it (plain data: it comes back from a sandbox worker). */
export interface CamelGameRecord {
  /** Every action, as a turn event. */
  events: CamelTurnEvent[];
  /** The game's state before every action and at its end (watch.ts camelRecorder). */
  snapshots: CamelSnapshot[];
  /** The game as it ended: the seated players in play order, their money and the winners' seats (none when it did not end). */
  games: { order: string[]; money: number[]; winnerSeats: number[] }[];
}

/**
 * Plays one hosted game (`py`: the sandbox's Python, needed when answers are seated); `record`,
 * when given, receives the game action by action (its watch page).
 */
export function playCamelHostGame(job: HostJob, g: HostGameSpec, py?: PythonHost, record?: CamelGameRecord): HostOutcome {
  if (g.seats.length !== CAMEL_SEATS) throw new RangeError(`a hosted camel-up game seats ${CAMEL_SEATS} players, got ${g.seats.length}`);
  camelFlags(job.rules); // an unknown variant throws here
  const is2026 = job.rules.split('+')[0] === '2026';
  const limitMs = job.timeLimitMs ?? CAMEL_HOST_TIME_LIMIT_MS;
  try {
    const players = seatPlayers(job, g, py as CamelSandbox | undefined, limitMs);
    // Every move is known by its seat (the job's): the last mover, and the seat a crash came out of.
    let mover = -1;
    const raisedBy = new WeakMap<object, number>();
    const seated = players.map(
      (p, i): CamelPlayer => ({
        name: p.name,
        move(seat, view, env) {
          mover = i;
          try {
            return p.move(seat, view, env);
          } catch (e) {
            if (e !== null && typeof e === 'object' && !raisedBy.has(e)) raisedBy.set(e, i);
            throw e;
          }
        },
      }),
    );
    // The pool's names: the seats' own, told apart when two seats hold one player.
    const names = g.seats.map((s, i) => {
      const n = typeof s === 'string' ? s : s.className;
      return g.seats.filter((t) => (typeof t === 'string' ? t : t.className) === n).length > 1 ? `${n}#${i}` : n;
    });
    const resolve = (n: string) => seated[names.indexOf(n)];
    const random = pairGenerator(generatorKind('cpython3'), job.run, g.seedKey) as PyRandom;
    let actions = 0;
    const count = () => {
      if (++actions > MAX_ACTIONS) throw new NoEnd();
    };
    const money = new Array<number>(CAMEL_SEATS);
    const recorder = record && camelRecorder();
    const ended = (r: { order: string[]; money: number[]; winnerSeats: number[] }) => record?.games.push({ order: [...r.order], money: [...r.money], winnerSeats: [...r.winnerSeats] });
    try {
      if (is2026)
        playTournament2026(names, resolve, random, 1, (r) => (r.seats.forEach((p, j) => (money[p] = r.money[j]!)), ended(r)), count, recorder && { onAction: (e) => record!.events.push(e), onState: recorder.onState });
      else
        playGames(
          names,
          resolve,
          random,
          job.rules,
          1,
          (r, order) => (order.forEach((p, j) => (money[p] = r.money[j]!)), ended(r)),
          record ? (e) => (count(), record.events.push(e)) : count,
          recorder?.onState,
        );
    } catch (e) {
      if (e instanceof NoEnd) return { result: encodeResult({ kind: 'place', places: [null, null, null, null] }) };
      const own = e !== null && typeof e === 'object' ? raisedBy.get(e) : undefined;
      const seat = own ?? Math.max(0, mover);
      if (e instanceof SandboxStop) throw new SeatFailure(seat, stopKind(e.reason), stopText(e.reason, e.pyMessage.slice(e.bot.length + 2), limitMs));
      if (e instanceof CamelUnfollowable) throw new SeatFailure(seat, 'refused', `koth cannot carry its answer with its Python meaning: ${e.pyType}: ${e.pyMessage}`);
      if (e instanceof RunGameCrash) throw new SeatFailure(seat, 'illegal', `tournament_core.run_game raised ${e.pyType}: ${e.pyMessage} reading its answer (result[0], outside its try): the 2026 tournament ended there`);
      if (e instanceof PythonError) {
        const text = `${e.pyType}: ${e.pyMessage}`;
        if (own !== undefined) throw new SeatFailure(seat, 'crash', `${text}${e instanceof ControllerCrash && e.where ? ` (${e.where})` : ''}: camelup.py did not catch it and stopped`);
        throw new SeatFailure(seat, 'illegal', `camelup.py raised on its answer: ${text}`);
      }
      throw e;
    } finally {
      if (record && recorder) record.snapshots = recorder.snapshots;
    }
    return { result: encodeResult({ kind: 'place', places: placesOfScores(money) }) };
  } catch (e) {
    if (e instanceof SeatFailure) return { failed: { seat: e.seat, kind: e.kind, reason: e.message } };
    throw e;
  }
}

/** Sandbox job: the games of a task, in order, in this worker's Python (stopping after a game the sandbox stopped). */
export const camelHostGames = sandboxTaskJob(playCamelHostGame);

/** The watch page's parts of a game played with its actions recorded (as `koth play camel-up --report` shows a game). */
function watchOf(job: HostJob, g: HostGameSpec, record: CamelGameRecord, outcome: HostOutcome): HostWatch {
  const page = camelWatchPage({ seed: `${job.run} pair ${g.seedKey}`, rules: job.rules, events: record.events, snapshots: record.snapshots, games: record.games, command: '' });
  return { steps: [...page.steps], intro: [...page.intro], ...(page.legend ? { legend: page.legend } : {}), outcome };
}

/**
 * HostGame.watch: a game played again action by action (the turn events and the game's state
 * before each), as `koth play camel-up --report` shows a game — a game of ports here, one
 * seating posted answers in a sandbox worker (the job `camelHostWatchGame`) when `ctx` gives
 * one, else refused.
 */
const CAMEL_WATCH: SandboxedWatch<{ record: CamelGameRecord; outcome: HostOutcome }> = {
  game: 'camel-up',
  job: 'camelHostWatchGame',
  timeLimitMs: CAMEL_HOST_TIME_LIMIT_MS,
  play: (job, g, py) => {
    const record: CamelGameRecord = { events: [], snapshots: [], games: [] };
    return { record, outcome: playCamelHostGame(job, g, py, record) };
  },
  page: (job, g, r) => watchOf(job, g, r.record, r.outcome),
};
const watchGame = sandboxedWatch(CAMEL_WATCH);
/** Sandbox job: the job's one game played with its steps recorded, for its watch page. */
export const camelHostWatchGame = sandboxWatchJob(CAMEL_WATCH);

/** Camel-up's hosting (engine.host). */
export const CAMEL_HOST: HostGame = {
  seats: { min: CAMEL_SEATS, max: CAMEL_SEATS },
  timeLimitMs: CAMEL_HOST_TIME_LIMIT_MS,
  playGames: sandboxedPlayGames({ game: 'camel-up', job: 'camelHostGames', batch: CAMEL_HOST_BATCH, timeLimitMs: CAMEL_HOST_TIME_LIMIT_MS, playHere: (job, g) => playCamelHostGame(job, g) }),
  watch: watchGame,
};

/**
 * How a game plays a batch of hosted games (play.ts HostGame.playGames) when some seat posted
 * answers that run only in the sandbox — the part that is the same for every game, written once
 * (engines/ruins/host.ts and engines/camel-up/host.ts declare theirs with it):
 *
 *  - games of ports only are played here, on the main thread;
 *  - the others go to sandbox tasks (a job the game's trials module exports for the workers) of
 *    `batch` games each, spread over the workers of the pool handed in (or of one started here);
 *  - a task stops after a game in which the sandbox stopped a call (its time limit interrupted
 *    Python, or its memory cap refused it): that worker keeps the stop for the rest of the task,
 *    so the task's remaining games go again in a new task (the pool replaces an interrupted
 *    worker first) — and a task whose worker was ended (SandboxKilled) plays its games again one
 *    by one, so only the game that ended it fails and the others keep their results.
 *
 * Every game starts from a fresh controller and fresh interpreter state (the game's job sees to
 * that), so the outcomes are the same for any batch, any split and any number of workers.
 */
import { HostWatchRefused, seatName, type HostFailure, type HostGameSpec, type HostJob, type HostOutcome, type HostPlayContext, type HostWatch } from './play.ts';
import { SandboxKilled } from '../sandbox/errors.ts';
import type { SandboxRuntime } from '../sandbox/heartbeat.ts';
import type { JobContext } from '../sandbox/job-worker.ts';
import type { PythonHost } from '../sandbox/runtimes/python/host.ts';
import type { SandboxPool } from '../sandbox/pool.ts';

/** A seat that failed its game: thrown by a game's play, turned into the game's outcome (seatFailed). */
export class SeatFailure extends Error {
  constructor(
    readonly seat: number,
    readonly kind: HostFailure,
    reason: string,
  ) {
    super(reason);
  }
}

/** The outcome of a game a seat failed. */
export const seatFailed = (e: SeatFailure): HostOutcome => ({ failed: { seat: e.seat, kind: e.kind, reason: e.message } });

/** What a game needs done before its tasks (gun-duel: the answers compiled), and its tasks' arguments. */
export interface PreparedAnswers {
  /** Games that fail already (an answer that does not compile), by their index in the job. */
  failed?: ReadonlyMap<number, HostOutcome>;
  /** The sandbox job's arguments for a batch of the job's games. */
  args(games: HostGameSpec[]): unknown;
}

/** A game's way of playing hosted games with the sandbox, as data. */
export interface SandboxedHosting {
  /** The game's id (kit.sandboxPool's). */
  game: string;
  /** The sandbox job playing a task's games (an export of the game's trials module for the workers). */
  job: string;
  /** Games per sandbox task when the caller sets none. */
  batch: number;
  /** The time limit of one call into a posted answer, ms, when the caller sets none. */
  timeLimitMs: number;
  /** Plays a game of ports only, here. */
  playHere(job: HostJob, g: HostGameSpec): HostOutcome;
  /** The sandbox the answers run in (default 'python'); a pool of another runtime handed in is not used: one of this runtime is started. */
  runtime?: SandboxRuntime;
  /** Before any task, once per job seating answers (default: the tasks take the job with the code of their games' answers). */
  prepare?(job: HostJob): Promise<PreparedAnswers>;
  /** A task's error that is its one game's failure (not the sandbox's), when the game knows it (gun-duel: a module the sandbox refuses). */
  taskFailure?(e: unknown, g: HostGameSpec): HostOutcome | undefined;
}

/** The failure kind of a sandbox stop ('timeout', 'memory'; a worker that crashed: its seat crashed). */
export const stopKind = (reason: string): HostFailure => (reason === 'timeout' ? 'timeout' : reason === 'memory' ? 'memory' : 'crash');

/** A sandbox stop as a bot author reads it: the limit passed, and what the sandbox saw. */
export const stopText = (reason: string, detail: string, limitMs: number): string =>
  reason === 'timeout' ? `passed the time limit of ${limitMs} ms a call (${detail})` : reason === 'memory' ? `passed the sandbox's memory cap (${detail})` : detail;

/** Whether a failed outcome is the sandbox's stop (after it, the worker is not used again for this task). */
export const stoppedBySandbox = (o: HostOutcome): boolean => 'failed' in o && (o.failed.kind === 'timeout' || o.failed.kind === 'memory');

/**
 * The games of a sandbox task, in order, each by `play`; it stops after a game the sandbox
 * stopped (`stopped()`: the interpreter says so, or that game's outcome is a time or memory
 * failure) and returns the outcomes so far: the caller plays the rest in a new task. A game whose
 * play threw once the sandbox had stopped a call of the game's own machinery (putting the
 * interpreter back, loading the stand-in: not an answer's call, those give outcomes) has no
 * outcome here: it is played again in the new task.
 */
export function playTask(job: HostJob, play: (g: HostGameSpec) => HostOutcome, stopped: () => boolean): HostOutcome[] {
  const out: HostOutcome[] = [];
  for (const g of job.games) {
    let o: HostOutcome;
    try {
      o = play(g);
    } catch (e) {
      if (stopped()) break;
      throw e;
    }
    out.push(o);
    if (stoppedBySandbox(o) || stopped()) break;
  }
  return out;
}

/** Tasks in a row that may come back without an outcome (the sandbox stopped the host's own calls) before playGames gives up. */
const EMPTY_TASKS = 3;

/** The outcome of a game whose worker the sandbox ended: the answer whose call was running (by its class name in the call's label), else the first answer. */
function killedOutcome(g: HostGameSpec, e: SandboxKilled, limitMs: number): HostOutcome {
  const named = e.bot === undefined ? -1 : g.seats.findIndex((s) => typeof s !== 'string' && e.bot!.includes(s.className));
  const first = g.seats.findIndex((s) => typeof s !== 'string');
  return { failed: { seat: Math.max(0, named >= 0 ? named : first), kind: stopKind(e.reason), reason: stopText(e.reason, e.detail, limitMs) } };
}

async function inSandbox(h: SandboxedHosting, job: HostJob, pool: SandboxPool, games: HostGameSpec[], limitMs: number, prepared: PreparedAnswers | undefined): Promise<HostOutcome[]> {
  const out: HostOutcome[] = [];
  let empty = 0;
  while (out.length < games.length) {
    const rest = games.slice(out.length);
    try {
      const got = (await pool.run({ kind: 'job', fn: h.job, args: prepared ? prepared.args(rest) : { ...job, games: rest } })) as HostOutcome[];
      if (!got.length && ++empty >= EMPTY_TASKS) {
        throw new Error(`koth: the sandbox stopped the host's own calls of ${h.game} (not an answer's) ${empty} tasks in a row: the time limit of ${limitMs} ms a call is too short for this machine`);
      }
      if (got.length) empty = 0;
      out.push(...got.slice(0, rest.length));
    } catch (e) {
      const own = rest.length === 1 ? h.taskFailure?.(e, rest[0]!) : undefined;
      if (own) {
        out.push(own);
        continue;
      }
      if (!(e instanceof SandboxKilled) && !(h.taskFailure && rest.length > 1 && h.taskFailure(e, rest[0]!))) throw e;
      // The worker was ended (or the task refused for one game's sake): each game again on its own, so the others keep their results.
      if (rest.length === 1) out.push(killedOutcome(rest[0]!, e as SandboxKilled, limitMs));
      else for (const g of rest) out.push(...(await inSandbox(h, job, pool, [g], limitMs, prepared)));
    }
  }
  return out;
}

/** HostGame.playGames of a game hosted this way (see the module's comment). */
export function sandboxedPlayGames(h: SandboxedHosting): (job: HostJob, ctx: HostPlayContext) => Promise<HostOutcome[]> {
  return async (job, ctx) => {
    const out = new Array<HostOutcome>(job.games.length);
    const sandboxed: number[] = [];
    const answers = job.games.some((g) => g.seats.some((s) => typeof s !== 'string'));
    const prepared = answers && h.prepare ? await h.prepare(job) : undefined;
    job.games.forEach((g, i) => {
      const failed = prepared?.failed?.get(i);
      if (failed) out[i] = failed;
      else if (g.seats.every((s) => typeof s === 'string')) out[i] = h.playHere(job, g);
      else sandboxed.push(i);
    });
    if (!sandboxed.length) return out;
    const batch = Math.max(1, ctx.batch ?? h.batch);
    const runtime = h.runtime ?? 'python';
    const own = ctx.sandbox === undefined || ctx.sandbox.runtime !== runtime;
    const pool = own ? ctx.kit.sandboxPool(h.game, Math.max(1, ctx.workers ?? 1), { runtime, timeoutMs: ctx.timeLimitMs ?? h.timeLimitMs }) : ctx.sandbox!;
    const timeLimitMs = pool.timeoutMs;
    try {
      const tasks: number[][] = [];
      for (let i = 0; i < sandboxed.length; i += batch) tasks.push(sandboxed.slice(i, i + batch));
      await Promise.all(
        tasks.map(async (t) => {
          const games = t.map((i) => job.games[i]!);
          const code = Object.fromEntries(Object.entries(job.code).filter(([sha]) => games.some((g) => g.seats.some((s) => typeof s !== 'string' && s.sha256 === sha))));
          const got = await inSandbox(h, { ...job, code, timeLimitMs }, pool, games, timeLimitMs, prepared);
          t.forEach((i, j) => (out[i] = got[j]!));
        }),
      );
    } finally {
      if (own) await pool.destroy();
    }
    return out;
  };
}

/** The file name (module) a posted answer's code is loaded under: its hash's first 12 hex digits. */
export const answerModule = (sha256: string): string => `answer_${sha256.slice(0, 12)}`;

/** A game's way of making a hosted game again for its watch page with the Python sandbox, as data. */
export interface SandboxedWatch<R extends { outcome: HostOutcome }> {
  /** The game's id (kit.sandboxPool's). */
  game: string;
  /** The sandbox job playing the job's one game with its steps recorded (an export of the game's trials module). */
  job: string;
  /** The time limit of one call into a posted answer, ms, when the caller sets none. */
  timeLimitMs: number;
  /** Plays a game with its steps recorded: of ports here (no `py`), or in a worker's Python (the job, sandboxWatchJob). */
  play(job: HostJob, g: HostGameSpec, py?: PythonHost): R;
  /** The watch page's parts of a recorded game. */
  page(job: HostJob, g: HostGameSpec, recorded: R): HostWatch;
}

/**
 * HostGame.watch of a game hosted this way: a game of ports played here at once; one seating
 * posted answers played by the sandbox job in a worker of `ctx` (its own pool when `ctx` has
 * none), and refused (HostWatchRefused) without `ctx`.
 */
export function sandboxedWatch<R extends { outcome: HostOutcome }>(w: SandboxedWatch<R>): (job: HostJob, g: HostGameSpec, ctx?: HostPlayContext) => HostWatch | Promise<HostWatch> {
  return (job, g, ctx) => {
    const answers = g.seats.flatMap((s) => (typeof s === 'string' ? [] : [seatName(s)]));
    if (!answers.length) return w.page(job, g, w.play(job, g));
    if (!ctx) throw new HostWatchRefused(`it seats posted answers (${answers.join(', ')}), which play only in the sandbox`);
    return (async () => {
      const timeLimitMs = ctx.timeLimitMs ?? w.timeLimitMs;
      const own = ctx.sandbox === undefined;
      const pool = ctx.sandbox ?? ctx.kit.sandboxPool(w.game, 1, { timeoutMs: timeLimitMs });
      try {
        return w.page(job, g, (await pool.run({ kind: 'job', fn: w.job, args: { ...job, games: [g], timeLimitMs } })) as R);
      } finally {
        if (own) await pool.destroy();
      }
    })();
  };
}

/** The sandbox job of a SandboxedWatch (exported by the game's trials module as `w.job`): the job's one game played by `w.play` in this worker's Python. */
export function sandboxWatchJob<R extends { outcome: HostOutcome }>(w: Pick<SandboxedWatch<R>, 'play'>): (job: HostJob, ctx: JobContext) => R {
  return (job, ctx) => w.play(job, job.games[0]!, ctx.python);
}

/** The sandbox job playing a task's games in this worker's Python, each by `play`, stopping after one the sandbox stopped (playTask). */
export function sandboxTaskJob(play: (job: HostJob, g: HostGameSpec, py: PythonHost) => HostOutcome): (job: HostJob, ctx: JobContext) => HostOutcome[] {
  return (job, ctx) => playTask(job, (g) => play(job, g, ctx.python), () => ctx.python.stopReason() !== undefined);
}

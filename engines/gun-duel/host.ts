/**
 * Hosted Gun Duel games (`koth host`, engines/core/host/play.ts HostGame): one duel of two seats,
 * ports by name or posted C++ answers, on pair `seedKey` of the job's run.
 *
 * A hosted game is what the game's own statistical tournament (trials.ts) does with the two
 * seated players as its field and one repetition: the pair's generator (the game's `seedrandom`
 * kind) gives the tournament its three engine seeds (trials.ts statisticalSeeds), the identifiers
 * are shuffled as Tournament.hpp shuffles them, and the two fight one duel, seat 0 as player A —
 * a two-player tournament of one repetition is exactly one duel (a win eliminates the loser, a
 * draw both). The result is the duel's points as the tournament scores it: `s:1,0` (seat 0 won),
 * `s:0,1`, `s:0,0` (a draw). Every game builds a fresh PlayerEnv, and a compiled answer gets a
 * fresh instance of its module in it (cpp/players.ts): a game depends on its seed key and seats
 * only, so any batch split gives the same results.
 *
 * Posted answers are C++ (version language `cpp`), compiled to WebAssembly by @yowasp/clang
 * against our stand-in Player.hpp (cpp/answers.ts, cached as `--cpp-players` caches:
 * KOTH_CPP_CACHE_DIR or node_modules/.cache) on the host, then played in C++ sandbox workers (the
 * job `gunDuelHostGames`, which the game's worker module engines/wiring/gun-duel-trials.ts
 * exports); games of ports only are played here. A seat fails its game when its answer does not
 * compile ('load': the compiler's first error lines), traps, throws or aborts ('crash'), runs out
 * of memory ('memory'), or passes the time limit of a call ('timeout': the sandbox ends the worker).
 */
import { HostWatchRefused, seatName, type CodeSeat, type HostGame, type HostGameSpec, type HostJob, type HostOutcome, type HostPlayContext, type HostWatch } from '../core/host/play.ts';
import { sandboxedPlayGames, stopKind, type PreparedAnswers } from '../core/host/sandboxed.ts';
import { encodeResult } from '../core/host/result.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { SandboxContext } from '../core/runner/trial-spec.ts';
import { SandboxTaskError } from '../core/sandbox/errors.ts';
import { compileCpp, CppCompileError } from '../core/sandbox/runtimes/wasm/clang.ts';
import { WasmRefused } from '../core/sandbox/runtimes/wasm/wasm.ts';
import { compileJob, type CppAnswer } from './cpp/answers.ts';
import { cppPlayerClass, CppAnswerStopped } from './cpp/players.ts';
import type { PlayerClass } from './player.ts';
import { findPlayer } from './ports.ts';
import { AWIN, BWIN, type Outcome } from './rules.ts';
import { runTournament } from './tournament.ts';
import { statisticalSeeds } from './trials.ts';
import type { GunDuelVariant } from './variants.ts';
import { duelView, GUN_DUEL_LEGEND, gunDuelWatchSteps, type DuelView } from './watch.ts';

/** The time limit of one call into a compiled answer (a turn, a notice, making or deleting a player), ms. */
export const GUN_DUEL_HOST_TIME_LIMIT_MS = 1000;
/** Games per sandbox task by default. */
export const GUN_DUEL_HOST_BATCH = 50;
/** Lines of the compiler's diagnostics a `load` failure shows, from its first error. */
const COMPILER_LINES = 6;

/** A seated answer's key: its code and class (one compile each). */
const keyOf = (s: CodeSeat) => `${s.sha256}:${s.className}`;

/** A batch of games as the sandbox job takes it: the host job with the answers compiled instead of their code. */
export interface GunDuelHostTask {
  run: string;
  rules: string;
  games: HostGameSpec[];
  /** The compiled answers by key (sha256:class). */
  compiled: Record<string, CppAnswer>;
}


/** The seat a stopped answer (by class name) sat in: the first code seat of that class. */
function seatOfAnswer(g: HostGameSpec, name: string | undefined): number {
  const i = g.seats.findIndex((s) => typeof s !== 'string' && name !== undefined && (name === s.className || name.includes(s.className)));
  return i >= 0 ? i : Math.max(0, g.seats.findIndex((s) => typeof s !== 'string'));
}

/**
 * Plays one hosted duel. Compiled answers need the C++ sandbox worker's context (`sandbox`);
 * games of ports only run anywhere. `onDuel`, when given, sees every duel played (its watch page).
 */
export function playGunDuelHostGame(task: Pick<GunDuelHostTask, 'run' | 'rules' | 'compiled'>, g: HostGameSpec, sandbox?: SandboxContext, onDuel?: (d: DuelView) => void): HostOutcome {
  if (g.seats.length !== 2) throw new RangeError(`a hosted gun-duel game seats 2 players, got ${g.seats.length}`);
  // One class per compiled answer in this game: two seats of one answer share its instance, as one process would.
  const compiled = new Map<string, PlayerClass>();
  const players = g.seats.map((s) => {
    if (typeof s === 'string') {
      const p = findPlayer(s);
      if (!p) throw new Error(`koth: no gun-duel port ${s}`);
      return p;
    }
    const key = keyOf(s);
    let p = compiled.get(key);
    if (!p) {
      const answer = task.compiled[key];
      if (!answer) throw new Error(`koth: the task holds no compiled answer ${key}`);
      if (!sandbox || sandbox.runtime !== 'wasm') throw new Error('koth: a gun-duel game seating posted answers runs only in a C++ sandbox worker');
      p = cppPlayerClass(answer, { cells: sandbox.cells, label: (t) => sandbox.label(t) });
      compiled.set(key, p);
    }
    return p;
  });
  const rng = pairGenerator(generatorKind('seedrandom'), task.run, g.seedKey);
  // As trials.ts draws a statistical tournament's seeds from its generator.
  const seeds = statisticalSeeds(`gun-duel/${rng.randbelow(2 ** 48)}`);
  let status: Outcome | undefined;
  try {
    runTournament({ players, seeds, repetition: 1, variant: task.rules as GunDuelVariant, onDuel: (d) => {
        status = d.status;
        onDuel?.(duelView(d));
      },
    });
  } catch (e) {
    if (e instanceof CppAnswerStopped) return { failed: { seat: seatOfAnswer(g, e.player), kind: stopKind(e.reason), reason: e.message } };
    if (e instanceof WasmRefused) return { failed: { seat: seatOfAnswer(g, undefined), kind: 'load', reason: `its module cannot run in the sandbox: ${e.message}` } };
    throw e;
  }
  if (status === undefined) throw new Error('koth: a hosted gun-duel tournament of two players played no duel');
  return { result: encodeResult({ kind: 'score', scores: [status === AWIN ? 1 : 0, status === BWIN ? 1 : 0] }) };
}

/** Sandbox job (C++ sandbox worker): the games of a task, in order. */
export function gunDuelHostGames(task: GunDuelHostTask, ctx: SandboxContext): HostOutcome[] {
  return task.games.map((g) => playGunDuelHostGame(task, g, ctx));
}

/** Sandbox job (C++ sandbox worker): the task's one game played with its duels recorded, for its watch page. */
export function gunDuelHostWatchGame(task: GunDuelHostTask, ctx: SandboxContext): { duels: DuelView[]; outcome: HostOutcome } {
  const duels: DuelView[] = [];
  const outcome = playGunDuelHostGame(task, task.games[0]!, ctx, (d) => duels.push(d));
  return { duels, outcome };
}

/** A compile error as a bot author reads it: the compiler's lines from its first error. */
function compilerLines(e: CppCompileError): string {
  const lines = e.diagnostics.split('\n').map((l) => l.trimEnd()).filter(Boolean);
  const first = Math.max(0, lines.findIndex((l) => /\berror\b/.test(l)));
  const shown = lines.slice(first, first + COMPILER_LINES).join('\n');
  return `does not compile (clang, C++17, against the stand-in Player.hpp):\n${shown.length > 1500 ? `${shown.slice(0, 1499)}…` : shown}`;
}

/**
 * The seated answers compiled (cached, in one compiler thread): each key's CppAnswer, or why it
 * does not load (the others are compiled all the same).
 */
async function compileSeats(job: HostJob, seats: readonly CodeSeat[]): Promise<Map<string, CppAnswer | { failed: string }>> {
  const out = new Map<string, CppAnswer | { failed: string }>();
  const jobs = seats.map((s) => {
    const code = job.code[s.sha256];
    if (code === undefined) throw new Error(`koth: the job holds no code ${s.sha256}`);
    // Named by its key, so that two answers of one class name are told apart.
    return { ...compileJob({ name: s.className, file: `${s.className}.hpp`, code }), name: keyOf(s) };
  });
  const compiled = await compileCpp(jobs, undefined, undefined, (e, i) =>
    out.set(jobs[i]!.name, { failed: e instanceof CppCompileError ? compilerLines(e) : `does not compile: ${e.message}` }),
  );
  for (const c of compiled) {
    const s = seats[jobs.findIndex((j) => j.name === c.name)]!;
    out.set(c.name, { name: s.className, file: `${s.className}.hpp`, key: c.key, wasm: Buffer.from(c.bytes).toString('base64') });
  }
  return out;
}

/** The answers compiled before any task (prepare): games seating one that does not compile fail at once; tasks carry the modules of their games. */
async function prepare(job: HostJob): Promise<PreparedAnswers> {
  const codeSeats = new Map<string, CodeSeat>();
  for (const g of job.games) for (const s of g.seats) if (typeof s !== 'string') codeSeats.set(keyOf(s), s);
  const compiled = await compileSeats(job, [...codeSeats.values()]);
  const failed = new Map<number, HostOutcome>();
  job.games.forEach((g, i) => {
    if (g.seats.length !== 2) throw new RangeError(`a hosted gun-duel game seats 2 players, got ${g.seats.length}`);
    const broken = g.seats.findIndex((s) => typeof s !== 'string' && 'failed' in compiled.get(keyOf(s))!);
    if (broken >= 0) failed.set(i, { failed: { seat: broken, kind: 'load', reason: (compiled.get(keyOf(g.seats[broken] as CodeSeat)) as { failed: string }).failed } });
  });
  return {
    failed,
    args(games): GunDuelHostTask {
      const keys = new Set(games.flatMap((g) => g.seats.flatMap((s) => (typeof s === 'string' ? [] : [keyOf(s)]))));
      return { run: job.run, rules: job.rules, games, compiled: Object.fromEntries([...keys].map((k) => [k, compiled.get(k) as CppAnswer])) };
    },
  };
}

/** A module the C++ sandbox refuses (it imports what the sandbox does not give): its game's answer does not load. */
function taskFailure(e: unknown, g: HostGameSpec): HostOutcome | undefined {
  if (e instanceof SandboxTaskError && e.data.name === 'WasmRefused') return { failed: { seat: seatOfAnswer(g, undefined), kind: 'load', reason: e.message } };
  return undefined;
}

/** HostGame.playGames: answers compiled first; games of ports only here, the others in C++ sandbox tasks of `batch` games (sandboxed.ts). */
const playGames = sandboxedPlayGames({
  game: 'gun-duel',
  job: 'gunDuelHostGames',
  batch: GUN_DUEL_HOST_BATCH,
  timeLimitMs: GUN_DUEL_HOST_TIME_LIMIT_MS,
  runtime: 'wasm',
  playHere: (job, g) => playGunDuelHostGame({ ...job, compiled: {} }, g),
  prepare,
  taskFailure,
});

/** The watch page's parts of a duel played with its duels recorded (as `koth play gun-duel --report` shows the first round). */
function watchOf(job: HostJob, g: HostGameSpec, duels: readonly DuelView[], outcome: HostOutcome): HostWatch {
  const names = g.seats.map(seatName);
  return {
    steps: gunDuelWatchSteps(duels, names),
    intro: [`A duel of ${names.join(' and ')} (rules ${job.rules}), its seeds drawn from ${job.run} pair ${g.seedKey}: each step, one duel.`],
    legend: GUN_DUEL_LEGEND,
    outcome,
  };
}

/**
 * HostGame.watch: the duel played again with its duels recorded (the tournament's onDuel) — a
 * duel of ports here at once; one seating posted answers compiled (as playGames' prepare
 * compiles them) and played in a C++ sandbox worker (the job `gunDuelHostWatchGame`) when `ctx`
 * is given, else refused.
 */
function watchGame(job: HostJob, g: HostGameSpec, ctx?: HostPlayContext): HostWatch | Promise<HostWatch> {
  const answers = g.seats.flatMap((s) => (typeof s === 'string' ? [] : [seatName(s)]));
  if (!answers.length) {
    const duels: DuelView[] = [];
    const outcome = playGunDuelHostGame({ ...job, compiled: {} }, g, undefined, (d) => duels.push(d));
    return watchOf(job, g, duels, outcome);
  }
  if (!ctx) throw new HostWatchRefused(`it seats posted answers (${answers.join(', ')}), which play only in the C++ sandbox`);
  return (async () => {
    const one = { ...job, games: [g] };
    const prepared = await prepare(one);
    const failed = prepared.failed?.get(0);
    if (failed) return watchOf(job, g, [], failed);
    const timeLimitMs = ctx.timeLimitMs ?? GUN_DUEL_HOST_TIME_LIMIT_MS;
    const own = ctx.sandbox === undefined || ctx.sandbox.runtime !== 'wasm';
    const pool = own ? ctx.kit.sandboxPool('gun-duel', 1, { runtime: 'wasm', timeoutMs: timeLimitMs }) : ctx.sandbox!;
    try {
      let r: { duels: DuelView[]; outcome: HostOutcome };
      try {
        r = (await pool.run({ kind: 'job', fn: 'gunDuelHostWatchGame', args: prepared.args([g]) })) as typeof r;
      } catch (e) {
        const outcome = taskFailure(e, g);
        if (!outcome) throw e;
        r = { duels: [], outcome };
      }
      return watchOf(job, g, r.duels, r.outcome);
    } finally {
      if (own) await pool.destroy();
    }
  })();
}

/** Gun Duel's hosting (engine.host): duels of two seats; posted answers are C++ compiled to WebAssembly. */
export const GUN_DUEL_HOST: HostGame = { seats: { min: 2, max: 2 }, languages: ['cpp'], runtime: 'wasm', timeLimitMs: GUN_DUEL_HOST_TIME_LIMIT_MS, playGames, watch: watchGame };

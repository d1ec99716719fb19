/**
 * How a game plays hosted games (docs/host.md "Schedule and play"), declared as data on the game
 * (`engine.host`, engines/core/game.ts), as OpenSpiel's games declare their parameters: the seats
 * a game takes and one function that plays a batch of games. The host core schedules, stores and
 * rates; only the game knows how a seating of ports and posted answers is played.
 *
 * A hosted game is (run seed, seed key, seats): its generator is pair `seedKey` of the `koth ab`
 * run seeded with `run` (ab/pairs.ts pairGenerator; seeds.ts names the runs: field games, SPRT
 * tests, smoke games), its seats are ports by name or posted answers' classes by code hash. Its
 * result, in the notation of result.ts, is a function of those only: whatever the batch, the batch
 * split or the number of workers (each game starts from fresh interpreter state and a fresh
 * controller).
 */
import type { ReplayKit } from '../kit-types.ts';
import type { SandboxPool } from '../sandbox/pool.ts';
import type { WatchStep } from '../report/html/watch.ts';
import type { SandboxRuntime } from '../sandbox/heartbeat.ts';

/** A posted answer's class, seated from its code (the version's sha256; the text travels in the job's `code`). */
export interface CodeSeat {
  sha256: string;
  className: string;
  /**
   * The version's language (what ingest stored: `python`, `cpp`, `program:sh`…), for a game whose
   * answers are not all one kind of text (a program's interpreter); absent: the game's first.
   */
  language?: string;
}

/** A seat: a port (or house bot) by name, or a posted answer's class. */
export type HostSeat = string | CodeSeat;

/** One game to play: the seed key of its run and its seats, in order (the result's order). */
export interface HostGameSpec {
  seedKey: number;
  seats: HostSeat[];
}

/** A batch of games of one run under one rules version (plain data: it crosses threads and the queue). */
export interface HostJob {
  /** The run seed the games' generators come from (seeds.ts fieldRunSeed, testRunSeed, smokeRunSeed). */
  run: string;
  /** The rules version (one of the game's rule variants). */
  rules: string;
  games: HostGameSpec[];
  /** The code of every CodeSeat, by sha256. */
  code: Record<string, string>;
  /** The time limit of a call the sandbox runs under (set by playGames: its failures' messages name it). */
  timeLimitMs?: number;
}

/**
 * What became of one game: its result string (result.ts), or the seat that failed it and why —
 * a Python error (its text), a limit passed (time, memory), a class that cannot be seated. A
 * failed game has no result: validation rejects the failing version, the field never sees it.
 */
export type HostOutcome = { result: string } | { failed: { seat: number; reason: string; kind: HostFailure } };

/** Why a seat failed a game: its code does not load, it raised, it passed a limit, it cannot be seated here. */
export type HostFailure = 'load' | 'crash' | 'timeout' | 'memory' | 'illegal' | 'refused';

/** What playGames is handed besides the job. */
export interface HostPlayContext {
  kit: Pick<ReplayKit, 'sandboxPool'>;
  /**
   * Sandbox workers the caller holds (kit.sandboxPool(game id, workers, { timeoutMs })), kept
   * across calls (Pyodide starts in seconds); when absent playGames starts and ends its own.
   */
  sandbox?: SandboxPool;
  /** Sandbox workers for posted answers, when playGames starts its own (1 when absent). */
  workers?: number;
  /** Games per sandbox task (the game's default when absent): any split gives the same outcomes. */
  batch?: number;
  /** The time limit of one call into an answer, ms (the game's `timeLimitMs` when absent). */
  timeLimitMs?: number;
}

/** A game's hosting, as data: its seats, what it can seat, and how it plays a batch of games. */
export interface HostGame {
  /** How many seats a game takes. */
  seats: { min: number; max: number };
  /**
   * The version languages (the `language` ingest stores, host/ingest.ts answerLanguage and
   * fileLanguage) of the posted answers the game can seat; `program` stands for a program in any
   * language (`program`, `program:<language>`), which runs only on a host made with
   * --allow-programs. Absent: ['python'] (Python answers in Pyodide).
   */
  languages?: readonly string[];
  /**
   * The sandbox its posted answers run in (the workers of kit.sandboxPool it is handed as
   * HostPlayContext.sandbox): 'python' (Pyodide; the default) or 'wasm' (C++ compiled to
   * WebAssembly); 'none' for a game whose answers are programs, run unsandboxed.
   */
  runtime?: SandboxRuntime | 'none';
  /** The time limit of one call into a posted answer, ms: past it the answer fails its game. */
  timeLimitMs: number;
  /** Field games a tick plays at most by default (host/tick.ts DEFAULT_TICK_GAMES when absent). */
  tickGames?: number;
  /** Plays the games, outcomes in the job's order. */
  playGames(job: HostJob, ctx: HostPlayContext): Promise<HostOutcome[]>;
  /**
   * One game of the job played again, step by step, for its watch page (watch.ts): its steps and
   * lines about it, and the outcome it gave (checked against the stored one). A game of ports is
   * played here and returned at once; a game seating posted answers needs the sandbox: given
   * `ctx` it is played in a sandbox worker (a promise), without it refused (HostWatchRefused).
   */
  watch?(job: HostJob, game: HostGameSpec, ctx?: HostPlayContext): HostWatch | Promise<HostWatch>;
}

/** A hosted game made again for its watch page: the game's own steps, lines and legend, and its outcome. */
export interface HostWatch {
  steps: WatchStep[];
  intro: string[];
  legend?: string;
  outcome: HostOutcome;
}

/** A game whose watch page cannot be made here (it seats posted answers: the sandbox plays those). */
export class HostWatchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HostWatchRefused';
  }
}

/**
 * The sandbox workers a hosted game's posted answers run in: kit.sandboxPool of its runtime with
 * its call time limit; undefined for a game whose answers run in none (programs).
 */
export function hostSandbox(kit: Pick<ReplayKit, 'sandboxPool'>, game: string, host: HostGame, workers: number, timeLimitMs: number = host.timeLimitMs): SandboxPool | undefined {
  if (host.runtime === 'none') return undefined;
  return kit.sandboxPool(game, Math.max(1, workers), { runtime: host.runtime ?? 'python', timeoutMs: timeLimitMs });
}

/** The languages a hosted game seats (HostGame.languages; ['python'] when it names none). */
export function hostLanguages(host: HostGame): readonly string[] {
  return host.languages ?? ['python'];
}

/** Whether a version language is a program's (`program`, `program:<language>`): run unsandboxed, only with --allow-programs. */
export const isProgramLanguage = (language: string): boolean => language === 'program' || language.startsWith('program:');

/** Whether the hosted game seats answers in `language`: one of its languages, or any program when it seats `program`. */
export function seatsLanguage(host: HostGame, language: string): boolean {
  const langs = hostLanguages(host);
  return langs.includes(language) || (isProgramLanguage(language) && langs.includes('program'));
}

/** The seat's display name (messages): the port's name, or the class name with its code's short hash. */
export function seatName(s: HostSeat): string {
  return typeof s === 'string' ? s : `${s.className} (${s.sha256.slice(0, 12)})`;
}

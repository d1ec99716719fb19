/**
 * Hosted Atomas games (`koth host`, engines/core/host/play.ts HostGame): a solo game, one seat —
 * a port by name or a posted program — on pair `seedKey` of the job's run.
 *
 * A hosted game is one game of a new posted controller on the pair's Python 2 generator (the
 * game's `cpython2` kind), as `koth ab atomas` plays each game of a pair (ab.ts): a fresh
 * controller, so nothing carries over from another game (the `globalsCarryOver` of a 20-game run
 * has no earlier game here). The result is the game's score, `s:<score>`; the ratings compare
 * the seats of games of one seed key (docs/host.md).
 *
 * Posted answers are programs in any language (version language `program…`, seated only on a
 * host made with --allow-programs): each is written to a file (core/host/programs.ts: its `#!`
 * line or its script's extension says how to run it) and run as `--bot-cmd` runs one, spawned
 * once per move with the board on stdin (external.ts, engines/core/process/). A program has
 * randomness of its own, so only games of ports are exact functions of their seeds. A seat fails
 * its game when its program cannot be started ('load'), a move exits non-zero or dies ('crash'),
 * passes the time limit ('timeout'), prints more than the stdout kept, or prints an answer the
 * controller cannot take — not a number where one is needed, an index off the board ('illegal',
 * with the controller's Python error). A crash of the controller's own (the posted controller's
 * black + bug under `original`) ends the game as it ended the original's: the score so far.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HostWatchRefused, seatName, type CodeSeat, type HostFailure, type HostGame, type HostGameSpec, type HostJob, type HostOutcome, type HostPlayContext, type HostWatch } from '../core/host/play.ts';
import { writeProgram } from '../core/host/programs.ts';
import { encodeResult } from '../core/host/result.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { MAX_STDOUT_BYTES, ProgramNotFound, type OnceResult } from '../core/process/command.ts';
import { externalBot } from './external.ts';
import { atomasBot } from './ports.ts';
import { AtomasController, type AtomasBot, type AtomasGame } from './rules.ts';
import type { AtomasMove } from './tournament.ts';
import { atomasFlags } from './variants.ts';
import { atomasWatchPage } from './watch.ts';

/** The time limit of one move of a posted program (its process started, fed, and its answer read), ms. */
export const ATOMAS_HOST_TIME_LIMIT_MS = 2000;

/** A controller crash that the bot's answer caused: its index off the board, or no number where one was needed. */
const ANSWER_CRASH = /^(IndexError|ValueError: invalid literal for int\(\))/;

class SeatFailure extends Error {
  constructor(
    readonly kind: HostFailure,
    reason: string,
  ) {
    super(reason);
  }
}

/** What went wrong with a move's run, or undefined when it exited 0 in time. */
function runFault(r: OnceResult, move: number, limitMs: number): SeatFailure | undefined {
  if (r.kind === 'timeout') return new SeatFailure('timeout', `move ${move} passed the time limit of ${limitMs} ms (killed)`);
  if (r.kind === 'overflow') return new SeatFailure('illegal', `move ${move} printed more than ${MAX_STDOUT_BYTES / (1 << 20)} MiB (killed)`);
  if (r.kind === 'signal') return new SeatFailure('crash', `move ${move}: the program was ended by ${r.signal}`);
  if (r.status !== 0) return new SeatFailure('crash', `move ${move}: the program exited with status ${r.status}`);
  return undefined;
}

/** A posted seat's program: its code and its language. */
const programKey = (s: CodeSeat) => `${s.sha256}\n${s.language ?? 'program'}`;

/** A hosted game's moves and its end as the controller gave them (its watch page: watch.ts atomasWatchSteps). */
export interface AtomasGameRecord {
  moves: AtomasMove[];
  /** The game as the controller ended it (none when a seat failed it). */
  games: AtomasGame[];
}

/**
 * Plays one hosted game; `commands` maps a posted seat's program (programKey) to its command
 * (playGames writes them); `record`, when given, receives its moves and end (its watch page).
 */
export function playAtomasHostGame(job: Pick<HostJob, 'run' | 'rules' | 'timeLimitMs'>, g: HostGameSpec, commands: ReadonlyMap<string, string> = new Map(), record?: AtomasGameRecord): HostOutcome {
  if (g.seats.length !== 1) throw new RangeError(`a hosted atomas game seats 1 bot, got ${g.seats.length}`);
  const seat = g.seats[0]!;
  const limitMs = job.timeLimitMs ?? ATOMAS_HOST.timeLimitMs;
  let bot: AtomasBot;
  if (typeof seat === 'string') {
    const port = atomasBot(seat);
    if (!port) throw new Error(`koth: no atomas port ${seat}`);
    bot = port;
  } else {
    const command = commands.get(programKey(seat));
    if (command === undefined) throw new Error(`koth: no program written for ${seat.sha256}`);
    bot = externalBot(command, limitMs, (r, move) => {
      const fault = runFault(r, move, limitMs);
      if (fault) throw fault;
    });
  }
  const controller = new AtomasController(pairGenerator(generatorKind('cpython2'), job.run, g.seedKey) as PyRandom, atomasFlags(job.rules));
  try {
    const game = controller.playGame(bot, record && ((input, output) => record.moves.push({ game: 1, input, output, scoreBefore: controller.score })));
    record?.games.push(game);
    if (game.crash !== null && typeof seat !== 'string' && ANSWER_CRASH.test(game.crash))
      return { failed: { seat: 0, kind: 'illegal', reason: `move ${game.moves}: the controller cannot take its answer (${game.crash})` } };
    return { result: encodeResult({ kind: 'score', scores: [game.score] }) };
  } catch (e) {
    if (e instanceof SeatFailure) return { failed: { seat: 0, kind: e.kind, reason: e.message } };
    if (e instanceof ProgramNotFound) return { failed: { seat: 0, kind: 'load', reason: e.message } };
    throw e;
  }
}

/**
 * The job's posted programs written to a temporary folder for `play` (by programKey: its command,
 * or why it cannot be run), removed after it.
 */
function withPrograms<T>(job: HostJob, play: (commands: ReadonlyMap<string, string>, refused: ReadonlyMap<string, string>) => T): T {
  const posted = job.games.some((g) => g.seats.some((s) => typeof s !== 'string'));
  const dir = posted ? mkdtempSync(join(tmpdir(), 'koth-host-atomas-')) : undefined;
  try {
    // By program: its code and language (one text may be a program of two languages).
    const commands = new Map<string, string>();
    const refused = new Map<string, string>();
    for (const g of job.games) {
      for (const s of g.seats) {
        if (typeof s === 'string' || commands.has(programKey(s)) || refused.has(programKey(s))) continue;
        const code = job.code[s.sha256];
        if (code === undefined) throw new Error(`koth: the job holds no code ${s.sha256}`);
        const w = writeProgram(join(dir!, String(commands.size + refused.size)), s.sha256, code, s.language ?? 'program');
        if ('command' in w) commands.set(programKey(s), w.command);
        else refused.set(programKey(s), w.refused);
      }
    }
    return play(commands, refused);
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** One game of the job with its programs written: its outcome (a program that cannot be run fails its seat, 'load'). */
function playWritten(job: HostJob, g: HostGameSpec, commands: ReadonlyMap<string, string>, refused: ReadonlyMap<string, string>, record?: AtomasGameRecord): HostOutcome {
  const s = g.seats[0];
  const why = s !== undefined && typeof s !== 'string' ? refused.get(programKey(s)) : undefined;
  return why !== undefined ? { failed: { seat: 0, kind: 'load', reason: why } } : playAtomasHostGame(job, g, commands, record);
}

/** HostGame.playGames: one game after another in this thread (a program's moves are processes; ports answer at once). */
async function playGames(job: HostJob, ctx: HostPlayContext): Promise<HostOutcome[]> {
  const timeLimitMs = ctx.timeLimitMs ?? job.timeLimitMs ?? ATOMAS_HOST.timeLimitMs;
  return withPrograms(job, (commands, refused) => job.games.map((g) => playWritten({ ...job, timeLimitMs }, g, commands, refused)));
}

/** The watch page's parts of a game played with its moves recorded (as `koth play atomas --report` shows a game). */
function watchOf(job: HostJob, g: HostGameSpec, record: AtomasGameRecord, outcome: HostOutcome): HostWatch {
  const page = atomasWatchPage(seatName(g.seats[0]!), `${job.run} pair ${g.seedKey}`, job.rules, record.moves, record.games, '');
  return { steps: [...page.steps], intro: [...page.intro], ...(page.legend ? { legend: page.legend } : {}), outcome };
}

/**
 * HostGame.watch: the game played again move by move (the controller's move hook) — a port's
 * here at once; a posted program's run as playGames runs it (a process per move, here: atomas
 * has no sandbox) when `ctx` is given, else refused (programs run only where the host allows them).
 */
function watchGame(job: HostJob, g: HostGameSpec, ctx?: HostPlayContext): HostWatch | Promise<HostWatch> {
  const seat = g.seats[0];
  if (seat === undefined || typeof seat === 'string') {
    const record: AtomasGameRecord = { moves: [], games: [] };
    return watchOf(job, g, record, playAtomasHostGame(job, g, new Map(), record));
  }
  if (!ctx) throw new HostWatchRefused(`it seats a posted program (${seatName(seat)}), which is run only by a host that plays its games`);
  return (async () => {
    const timeLimitMs = ctx.timeLimitMs ?? job.timeLimitMs ?? ATOMAS_HOST.timeLimitMs;
    const one = { ...job, games: [g], timeLimitMs };
    const record: AtomasGameRecord = { moves: [], games: [] };
    const outcome = withPrograms(one, (commands, refused) => playWritten(one, g, commands, refused, record));
    return watchOf(job, g, record, outcome);
  })();
}

/** Atomas's hosting (engine.host): solo games; posted answers are programs (only with --allow-programs). */
export const ATOMAS_HOST: HostGame = { seats: { min: 1, max: 1 }, languages: ['program'], runtime: 'none', timeLimitMs: ATOMAS_HOST_TIME_LIMIT_MS, playGames, watch: watchGame };

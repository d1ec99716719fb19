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
import type { CodeSeat, HostFailure, HostGame, HostGameSpec, HostJob, HostOutcome, HostPlayContext } from '../core/host/play.ts';
import { writeProgram } from '../core/host/programs.ts';
import { encodeResult } from '../core/host/result.ts';
import { pairGenerator } from '../core/ab/pairs.ts';
import { generatorKind } from '../core/rng/generators.ts';
import type { PyRandom } from '../core/rng/python-random.ts';
import { MAX_STDOUT_BYTES, ProgramNotFound, type OnceResult } from '../core/process/command.ts';
import { externalBot } from './external.ts';
import { atomasBot } from './ports.ts';
import { AtomasController, type AtomasBot } from './rules.ts';
import { atomasFlags } from './variants.ts';

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

/** Plays one hosted game; `commands` maps a posted seat's program (programKey) to its command (playGames writes them). */
export function playAtomasHostGame(job: Pick<HostJob, 'run' | 'rules' | 'timeLimitMs'>, g: HostGameSpec, commands: ReadonlyMap<string, string> = new Map()): HostOutcome {
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
    const game = controller.playGame(bot);
    if (game.crash !== null && typeof seat !== 'string' && ANSWER_CRASH.test(game.crash))
      return { failed: { seat: 0, kind: 'illegal', reason: `move ${game.moves}: the controller cannot take its answer (${game.crash})` } };
    return { result: encodeResult({ kind: 'score', scores: [game.score] }) };
  } catch (e) {
    if (e instanceof SeatFailure) return { failed: { seat: 0, kind: e.kind, reason: e.message } };
    if (e instanceof ProgramNotFound) return { failed: { seat: 0, kind: 'load', reason: e.message } };
    throw e;
  }
}

/** HostGame.playGames: one game after another in this thread (a program's moves are processes; ports answer at once). */
async function playGames(job: HostJob, ctx: HostPlayContext): Promise<HostOutcome[]> {
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
    const timeLimitMs = ctx.timeLimitMs ?? job.timeLimitMs ?? ATOMAS_HOST.timeLimitMs;
    return job.games.map((g): HostOutcome => {
      const s = g.seats[0];
      const why = s !== undefined && typeof s !== 'string' ? refused.get(programKey(s)) : undefined;
      return why !== undefined ? { failed: { seat: 0, kind: 'load', reason: why } } : playAtomasHostGame({ ...job, timeLimitMs }, g, commands);
    });
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

/** Atomas's hosting (engine.host): solo games; posted answers are programs (only with --allow-programs). */
export const ATOMAS_HOST: HostGame = { seats: { min: 1, max: 1 }, languages: ['program'], runtime: 'none', timeLimitMs: ATOMAS_HOST_TIME_LIMIT_MS, playGames };

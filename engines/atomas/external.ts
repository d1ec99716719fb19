/**
 * `--bot-cmd "<program>"`: a bot that is an external program, spawned for every move as the
 * posted controller did (`subprocess.Popen(bot_command.split())`, the text written to its
 * stdin, stdin closed, its first stdout line read). The controller waited forever; here a move
 * has a time limit, after which the program is killed and counts as having printed nothing
 * (what the controller would then read), and the run reports how often that happened. Such a
 * program draws from its own randomness, so its runs are not exact replays. Reading and checking
 * `--bot-cmd` and running a program once per move are the core's (engines/core/entrants/
 * program.ts), shared with gun-duel's; this file is how atomas talks to it.
 */
import { MoveProgram } from '../core/entrants/program.ts';
import { MAX_STDOUT_BYTES, type OnceResult } from '../core/process/command.ts';
import type { ProgramEntrants } from '../core/entrants/entrant.ts';
import type { AtomasBot } from './rules.ts';

/** A command for the examples of messages. */
const EXAMPLE = 'python2 mybot.py';

const NEEDS_NAME = (text: string) => `--bot-cmd "${text}": in koth ab a program needs a name to be called by: --bot-cmd "Name=<program>" (Name: letters, digits, _), e.g. --bot-cmd "Mine=${EXAMPLE}" --candidate Mine.`;

/** How atomas talks to programs, as data for the core (engines/core/entrants/program.ts), with its refusals' words. */
export const ATOMAS_PROGRAMS: ProgramEntrants = {
  example: EXAMPLE,
  timedOutMove: 'empty',
  oneInterface: 'the posted controller\'s ("atom/board" on stdin, its answer on stdout, once per move)',
  // `koth replay atomas --exact` seats one program without a name, in place of the bot; its --help:
  replay: {
    bare: true,
    botCmd: 'with --exact: play this program instead of a port, spawned once per move as the controller did (it reads "atom/board" on stdin and prints its answer)',
    moveTimeout: 'with --bot-cmd: time limit of one move (the program is then killed and its answer is empty)',
  },
  words: {
    malformed: NEEDS_NAME,
    badName: NEEDS_NAME,
    twice: (name) => `--bot-cmd names ${name} twice: each program is called by a name of its own.`,
    alone: 'ports answer at once',
  },
};

export interface ExternalBot extends AtomasBot {
  /** Moves that ran out of time (killed; read as an empty answer). */
  readonly timeouts: number;
  /** Moves whose program printed more than the most stdout kept (killed; what it printed up to there read). */
  readonly overflows: number;
  /** Moves whose program exited non-zero or was ended by a signal of its own. */
  readonly failures: number;
}

/** What went wrong with a program's moves, for stderr (empty when nothing did). */
export function describeExternalBot(bot: ExternalBot, moveTimeoutMs: number): string[] {
  return [
    bot.timeouts ? `${bot.timeouts} move(s) ran past ${moveTimeoutMs} ms (killed; read as an empty answer)` : '',
    bot.overflows ? `${bot.overflows} move(s) printed more than ${MAX_STDOUT_BYTES / (1 << 20)} MiB (killed; its first line read)` : '',
    bot.failures ? `${bot.failures} exited non-zero` : '',
  ].filter(Boolean);
}

/**
 * The program as a bot. `onRun`, when given, sees every move's run before its answer is read (the
 * move's number from 1): a hosted game (host.ts) ends the game there on a move that went wrong.
 */
export function externalBot(command: string, timeoutMs: number, onRun?: (r: OnceResult, move: number) => void): ExternalBot {
  const program = new MoveProgram(command, EXAMPLE, timeoutMs);
  let failures = 0;
  return {
    name: command,
    get timeouts() {
      return program.counts.timeouts;
    },
    get overflows() {
      return program.counts.overflows;
    },
    get failures() {
      return failures;
    },
    move(input: string): string {
      const r = program.run({ input });
      onRun?.(r, program.counts.processes);
      if (r.kind === 'timeout') return '';
      if (r.kind === 'signal' || (r.kind === 'exited' && r.status !== 0)) failures++;
      return r.stdout;
    },
  };
}

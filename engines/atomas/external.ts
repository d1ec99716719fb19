/**
 * `--bot-cmd "<program>"`: a bot that is an external program, spawned for every move as the
 * posted controller did (`subprocess.Popen(bot_command.split())`, the text written to its
 * stdin, stdin closed, its first stdout line read). The controller waited forever; here a move
 * has a time limit, after which the program is killed and counts as having printed nothing
 * (what the controller would then read), and the run reports how often that happened. Such a
 * program draws from its own randomness, so its runs are not exact replays. The process
 * handling is the core's (engines/core/process/command.ts), shared with gun-duel's.
 */
import { parseCommand, runOnce, ProgramNotFound } from '../core/process/command.ts';
import type { AtomasBot } from './rules.ts';

export { ProgramNotFound };

export interface ExternalBot extends AtomasBot {
  /** Moves that ran out of time, and moves whose program exited non-zero. */
  readonly timeouts: number;
  readonly failures: number;
}

export function externalBot(command: string, timeoutMs: number): ExternalBot {
  const cmd = parseCommand(command, '--bot-cmd', 'python2 mybot.py');
  let timeouts = 0;
  let failures = 0;
  return {
    name: command,
    get timeouts() {
      return timeouts;
    },
    get failures() {
      return failures;
    },
    move(input: string): string {
      const r = runOnce(cmd, '--bot-cmd', { input, timeoutMs });
      if (r.kind === 'timeout') {
        timeouts++;
        return '';
      }
      if (r.kind !== 'exited' || r.status !== 0) failures++;
      return r.stdout;
    },
  };
}

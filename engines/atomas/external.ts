/**
 * `--bot-cmd "<program>"`: a bot that is an external program, spawned for every move as the
 * posted controller did (`subprocess.Popen(bot_command.split())`, the text written to its
 * stdin, stdin closed, its first stdout line read). The controller waited forever; here a move
 * has a time limit, after which the program is killed and counts as having printed nothing
 * (what the controller would then read), and the run reports how often that happened. Such a
 * program draws from its own randomness, so its runs are not exact replays.
 */
import { spawnSync } from 'node:child_process';
import type { AtomasBot } from './rules.ts';

export interface ExternalBot extends AtomasBot {
  /** Moves that ran out of time, and moves whose program exited non-zero. */
  readonly timeouts: number;
  readonly failures: number;
}

export class ProgramNotFound extends Error {}

export function externalBot(command: string, timeoutMs: number): ExternalBot {
  const [file, ...args] = command.trim().split(/\s+/);
  if (!file) throw new ProgramNotFound('--bot-cmd is empty: give the command that runs your bot, e.g. --bot-cmd "python2 mybot.py"');
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
      const r = spawnSync(file, args, { input, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1 << 20 });
      if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new ProgramNotFound(`cannot run "${file}" (--bot-cmd "${command}"): no such program. Give a command that runs on this machine.`);
      }
      if (r.error && (r.error as NodeJS.ErrnoException).code === 'ETIMEDOUT') {
        timeouts++;
        return '';
      }
      if (r.status !== 0) failures++;
      return r.stdout ?? '';
    },
  };
}

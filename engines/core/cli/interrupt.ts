/**
 * Ctrl-C during a run that cannot resume (an exact replay, a tournament, `koth verify`): the run
 * ends with exit 130 and a message saying what was interrupted and how to run it again, instead
 * of Node's silent default. Runs that can resume (sharded runs, kit.runSharded) handle SIGINT
 * themselves: `skip()` says when to leave the signal to them.
 */
import { EXIT, UserError } from './errors.ts';

export async function untilInterrupted<T>(run: () => Promise<T>, message: () => string, skip: () => boolean = () => false): Promise<T> {
  let onSigint!: () => void;
  const interrupted = new Promise<never>((_, reject) => {
    onSigint = () => {
      if (!skip()) reject(new UserError(`interrupted: ${message()}`, EXIT.interrupted));
      // Left to a resumable run, which stops at its next shard; once it has taken its Ctrl-C, a second one ends koth at once (Node's default).
      else if (process.listenerCount('SIGINT') === 1) process.exit(EXIT.interrupted);
    };
  });
  interrupted.catch(() => {});
  process.on('SIGINT', onSigint);
  try {
    return await Promise.race([run(), interrupted]);
  } finally {
    process.off('SIGINT', onSigint);
  }
}

/** Whether koth runs as the program (cli/koth.ts), not called in-process (tests): see `runAsProgram`. */
let asProgram = false;

/**
 * Said by the koth program at start: sharded runs then run every shard on a worker thread, even
 * with one worker, so that this thread hears Ctrl-C while a shard runs (a game that never ends, a
 * slow --bot-cmd program). Tests that call main() in-process keep one worker's shards on their
 * thread, which starts faster.
 */
export function runAsProgram(): void {
  asProgram = true;
}

export const runningAsProgram = (): boolean => asProgram;

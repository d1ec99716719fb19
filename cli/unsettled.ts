/**
 * The last guard of a command: when Node's event loop empties while the command's promise has
 * not settled, nothing is left that could ever settle it (a worker that ended unnoticed, a
 * callback never called) and Node would end the process with exit 0 and no output — a run that
 * looks done but printed nothing. `beforeExit` fires exactly then: the command is reported as a
 * bug (exit 70, EXIT.internal), never as a success.
 */
import pc from 'picocolors';
import { EXIT } from '../engines/core/cli/errors.ts';

/** Watches the command's promise; if the process is about to end with it unsettled, exit 70 with a message. */
export function exitWhenUnsettled(command: Promise<unknown>): void {
  let settled = false;
  const done = () => {
    settled = true;
  };
  command.then(done, done);
  process.once('beforeExit', () => {
    if (settled) return;
    process.stderr.write(
      pc.red('koth: internal error: the process ended before the command finished (its result never came: a worker or callback ended without answering). Please report it with the command line.\n'),
    );
    process.exitCode = EXIT.internal;
  });
}

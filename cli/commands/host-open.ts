/**
 * The host commands' one way to open a host (cli/commands/host*.ts): a DIR that is not a host,
 * was made by a newer koth or is one already (HostStateError) is the user's input — exit 2, its
 * message saying what to do — and nothing is done.
 */
import { EXIT, UserError } from '../../engines/core/cli/errors.ts';
import { HostStateError, openStore, type Store } from '../../engines/core/host/store.ts';

/** Runs `fn` (opening or making a host), its HostStateError turned into the user's error (exit 2). */
export function opened<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof HostStateError) throw new UserError(e.message, EXIT.usage);
    throw e;
  }
}

/** Opens the host in `dir`, refusing what is not one (exit 2). */
export const openHost = (dir: string): Store => opened(() => openStore(dir));

/**
 * The one exit-code table of every `koth` command, and the error meant for the user.
 */
import { printable } from '../report/printable.ts';

/** Exit codes: what a script calling koth can rely on. */
export const EXIT = {
  /** Done; every comparable row agrees (or there was nothing to compare). */
  ok: 0,
  /** A row disagrees with the published table (replay), or a port with its original (verify). */
  disagree: 1,
  /** Bad command line or input: an unknown option, bot, pool, seed or file. Nothing was run. */
  usage: 2,
  /** The original controller would have crashed here (an exception it did not catch): the replay stops where it stopped. */
  originalCrashed: 3,
  /** The network or the API failed (scrape), or Redis cannot be reached (--queue, koth worker, koth queue). */
  network: 4,
  /** The API quota is spent or the server asks to wait longer than allowed: resume later (scrape says when). */
  quota: 5,
  /** The cache cannot be used: nothing cached for --offline, another scrape holds its lock, it is a file, or it cannot be written (read-only, full); or a host is busy with another tick (`koth host tick --wait`). */
  cache: 6,
  /** A bug in koth itself (a stack trace is printed). */
  internal: 70,
  /** Interrupted (Ctrl-C, or a checkpoint that could not be written: a full disk); a run with --checkpoint resumes when rerun. */
  interrupted: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The table as --help prints it. */
export function exitCodeHelp(): string {
  const lines: [number, string][] = [
    [EXIT.ok, 'done; every comparable row agrees'],
    [EXIT.disagree, 'a row disagrees with the published table'],
    [EXIT.usage, 'bad command line or input (nothing was run)'],
    [EXIT.originalCrashed, 'the original controller would have crashed here; the replay stopped where it did'],
    [EXIT.network, 'network or API failure (scrape), or Redis unreachable (--queue, worker, queue)'],
    [EXIT.quota, 'API quota spent or a wait too long: resume later (scrape)'],
    [EXIT.cache, 'cache unusable: nothing cached for --offline, locked by another scrape, a file, or not writable; or a host busy with another tick'],
    [EXIT.internal, 'a bug in koth (please report it with the stack trace)'],
    [EXIT.interrupted, 'interrupted (Ctrl-C, or the checkpoint could not be written); rerun a --checkpoint run to resume'],
  ];
  return 'Exit codes:\n' + lines.map(([c, t]) => `  ${String(c).padStart(3)}  ${t}`).join('\n');
}

/**
 * `text` as a sentence, its first letter upper-cased — unless it starts with text the user gave
 * (`given`: a path, a name), which is printed as given ("ckdir is a folder", not "Ckdir ...").
 */
export function asSentence(text: string, given: readonly string[]): string {
  if (given.some((g) => g !== '' && text.startsWith(g))) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * An error meant for the user: printed without a stack trace, with what to do next. Its message
 * echoes the user's text (names, paths, seeds): its control characters are escaped here, once for
 * every refusal (docs/cli.md, Output).
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.usage,
  ) {
    super(printable(message));
    this.name = 'UserError';
  }
}

/**
 * The end of a `koth play <game>` run, written once for every game: the `--report DIR` page
 * (engines/core/report/html/watch.ts) with the command line that remakes it, then either the
 * JSON result on stdout and the page's path on stderr (stdout stays machine-readable), or the
 * game's text with the page's path in it.
 */
import { writeWatchPage, type WatchPage } from '../report/html/watch.ts';
import { commandLine } from './kit.ts';
import { printable } from '../report/printable.ts';

/** What a game's `play` prints: its page, its JSON result, its text. */
export interface PlayOutput {
  /** The step-by-step page, given the command line that remakes it (written only with --report). */
  page(command: string): WatchPage;
  /** The result printed with --json, as one line. */
  json(): unknown;
  /** The text; `report` is the line naming the page (`report: PATH\n`, or '' without --report), where the game places it. */
  text(report: string): string;
}

/** Writes the page (with --report), then the JSON result or the text. */
export function printPlay(opts: { json?: boolean; report?: string }, out: PlayOutput): void {
  const written = opts.report ? writeWatchPage(opts.report, out.page(commandLine())) : null;
  // The page's path is the user's --report DIR: printed escaped (docs/cli.md, Output).
  const page = written === null ? null : printable(written);
  if (opts.json) {
    process.stdout.write(JSON.stringify(out.json()) + '\n');
    if (page) process.stderr.write(`report: ${page}\n`);
    return;
  }
  process.stdout.write(out.text(page ? `report: ${page}\n` : ''));
}

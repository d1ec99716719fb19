/**
 * The one reader of an entrant's code (a `python` or `cpp` entrant's EntrantSource): a file named
 * on the command line is read here, with the option's messages (missing, a folder, unreadable:
 * exit 2); code in hand (an answer's block) is taken as it is; the scrape cache is laid out by
 * the game, as its original driver did (one answer may hold several sources). `koth replay
 * --python-bots` and `--cpp-players`, `koth ab` and `koth verify --source` read through it, so a
 * file is refused in the same words whichever command names it.
 */
import { readInputFile } from '../cli/files.ts';
import type { EntrantSource } from './entrant.ts';

/** How the sources of one option are read, and what each becomes (the game's source type). */
export interface SourceReading<S> {
  /** The option the sources were given with, for messages ("--python-bots", "--source"). */
  option: string;
  /** What a file must be, for messages ("give the original's Python file"). */
  hint: string;
  /** A file's or an answer's code, with where it is from (the file's path, the answer's origin). */
  fromCode(origin: string, code: string): S;
  /** The scrape cache (`cache`): the game's sources, of the as-of scrape when given. */
  fromCache?(asOf: string | undefined): S[];
}

/** The code of one source: one element for a file or code in hand, the game's cached sources for `cache`. */
export function readEntrantSource<S>(source: EntrantSource, r: SourceReading<S>): S[] {
  if (source.from === 'text') return [r.fromCode(source.origin, source.code)];
  if (source.from === 'file') return [r.fromCode(source.path, readInputFile(r.option, source.path, r.hint))];
  if (!r.fromCache) throw new Error(`${r.option}: this game reads no scrape cache (the options refuse "cache" before any source is read)`);
  return r.fromCache(source.asOf);
}

/** The code of every source, in the order given. */
export function readEntrantSources<S>(sources: readonly EntrantSource[], r: SourceReading<S>): S[] {
  return sources.flatMap((s) => readEntrantSource(s, r));
}

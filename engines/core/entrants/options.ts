/**
 * From a command line (or an answer) to entrants: the one resolution path of a user's bots. The
 * options that bring each kind are the core's (`--python-bots`, `--cpp-players`, `--bot-cmd` with
 * `--interface`, `--move-timeout`, `--stdio-newline`); a game takes those of the kinds it accepts
 * (GameEntrants), and its commands derive their options, help and refusals from that.
 */
import type { BotLanguage, GameEntrants } from '../game.ts';
import { UserError } from '../cli/errors.ts';
import { namedPrograms, type ProgramOptions } from './program.ts';
import type { Entrant, EntrantSource, UserEntrantKind } from './entrant.ts';

/** The option that brings entrants of a kind. */
export const KIND_FLAG: Readonly<Record<UserEntrantKind, string>> = { python: '--python-bots', cpp: '--cpp-players', program: '--bot-cmd' };

/** The entrant options' values as commander hands them (camel-case names). */
export interface EntrantOptionValues extends ProgramOptions {
  pythonBots?: string | undefined;
  cppPlayers?: string | undefined;
  /** With `cache`: the as-of scrape. */
  asOf?: string | undefined;
}

/**
 * `FILE[,FILE…]` or `cache` (the game's scraped answers, when it reads them) as sources, in the
 * order given; [] for a list without a name (the caller says what to give).
 */
export function sourcesOf(text: string, o: { cache: boolean; asOf?: string | undefined }): EntrantSource[] {
  const t = text.trim();
  if (t === 'cache' && o.cache) return [{ from: 'cache', ...(o.asOf !== undefined ? { asOf: o.asOf } : {}) }];
  return t
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean)
    .map((path) => ({ from: 'file', path }));
}

/** The file kind of each kind's sources (messages). */
const FILES: Readonly<Record<'python' | 'cpp', string>> = { python: '.py', cpp: '.hpp' };

/** The sources of a --python-bots / --cpp-players value; a value naming none is refused (exit 2) saying what to give. */
function sourcesGiven(kind: 'python' | 'cpp', text: string, o: { cache: boolean; asOf?: string | undefined }): EntrantSource[] {
  const s = sourcesOf(text, o);
  if (!s.length) throw new UserError(`${KIND_FLAG[kind]}: give ${FILES[kind]} files, comma-separated${o.cache ? ', or "cache"' : ''}`);
  return s;
}

/**
 * The entrants the options bring, for a game that accepts their kinds (a command has refused the
 * options of other kinds): python and cpp sources in the order given, programs checked
 * (namedPrograms: refusals before any play); a list naming no file is refused.
 */
export function entrantsOf(decl: GameEntrants | undefined, o: EntrantOptionValues): Entrant[] {
  const out: Entrant[] = [];
  if (decl?.python && o.pythonBots !== undefined) for (const source of sourcesGiven('python', o.pythonBots, { cache: !!decl.python.fromCache, asOf: o.asOf })) out.push({ kind: 'python', source });
  if (decl?.cpp && o.cppPlayers !== undefined) for (const source of sourcesGiven('cpp', o.cppPlayers, { cache: true, asOf: o.asOf })) out.push({ kind: 'cpp', source });
  if (decl?.program) out.push(...namedPrograms(decl.program, o));
  return out;
}

/** The kind an answer's code is, from the game's language: a host validates and runs answers through this path. */
export function answerKind(language: BotLanguage): 'python' | 'cpp' {
  return language === 'C++' ? 'cpp' : 'python';
}

/** An answer's code block as an entrant of its game's language (`origin`: where it is from, e.g. "answer 12345 block 0"). */
export function entrantOfAnswer(language: BotLanguage, origin: string, code: string): Entrant {
  return { kind: answerKind(language), source: { from: 'text', origin, code } };
}

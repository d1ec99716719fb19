/**
 * `--python-bots FILE.py[,FILE2.py…]|cache` for `koth replay ruins` and `koth play ruins`: what is
 * ruins' own in running the original answers (the one core path is engines/core/cli/originals.ts;
 * the jobs are in trials.ts, the adapter in python-bots.ts).
 *
 * `cache` reads the scrape cache the way ruins.py's own downloader (`-u URL`) laid the
 * answers out: for every answer with an H1, a module `<user>__<title>.py` (sanitized,
 * lower-cased; prefixed `a__` when it does not start with a letter) holding the docstring,
 * `from __main__ import Adventurer`, a silenced print and the answer's first code block;
 * modules load in sorted file-name order. Use an as-of scrape to rerun a published table:
 *   koth scrape ruins --as-of 2019-05-04
 *   koth replay ruins --seed K48XMESC --python-bots cache --as-of 2019-05-04
 */
import * as cheerio from 'cheerio';
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import type { Originals } from '../core/cli/originals.ts';
import type { OriginalBots } from '../core/game.ts';
import { printable } from '../core/report/table.ts';
import { AnswerCache, checkCacheRoot, defaultCacheDir, type CachedAnswer } from '../../scraper/cache.ts';
import { RUINS_ANSWER_PRELUDE, sourceFromFile, type PythonSource } from './python-bots.ts';
import { crashOf, type RuinsPythonArgs, type RuinsPythonRun } from './trials.ts';

/** ruins.py's sanitize(): words joined by "_", cut at the first character that is neither "_" nor alphanumeric. */
export function sanitize(name: string): string {
  const s = name.split(/\s+/).filter(Boolean).join('_');
  const i = [...s].findIndex((ch) => ch !== '_' && !/[\p{L}\p{N}]/u.test(ch));
  return i < 0 ? s : [...s].slice(0, i).join('');
}

/** The module the driver's downloader wrote for an answer (undefined: the driver skipped it). */
export function moduleOfAnswer(a: Pick<CachedAnswer, 'author' | 'body' | 'blocks' | 'answer_id'>): PythonSource | undefined {
  const $ = cheerio.load(a.body);
  const h1 = $('h1').first();
  const code = $('pre code').first();
  if (!h1.length || !code.length || a.author === null) return undefined;
  const title = h1.text();
  const user = a.author;
  let file = `${sanitize(user).toLowerCase()}__${sanitize(title).toLowerCase()}.py`;
  if (!/^\p{L}/u.test(file)) file = 'a__' + file;
  const header = `'''${title}\nby ${user}\n'''\n${RUINS_ANSWER_PRELUDE}\n`;
  return { module: file.replace(/\.py$/, ''), code: header + code.text(), origin: `answer ${a.answer_id} (${file})` };
}

export function sourcesFromCache(root: string, asOf: string | null): PythonSource[] {
  checkCacheRoot(root, false);
  const cache = new AnswerCache(root, 'ruins', asOf);
  if (!cache.exists()) {
    throw new UserError(
      `no ruins scrape in ${cache.dir}: run koth scrape ruins${asOf ? ` --as-of ${asOf}` : ''} first (or set KOTH_CACHE)`,
      EXIT.cache,
    );
  }
  // Oldest first; a later answer with the same module name replaces the file, as the downloader's open(..., 'w') did.
  const byModule = new Map<string, PythonSource>();
  for (const a of cache.all()) {
    const m = moduleOfAnswer(a);
    if (m) byModule.set(m.module, m);
  }
  return [...byModule.values()];
}

export const ruinsOriginals: OriginalBots<RuinsPythonArgs> = {
  help:
    'run the ORIGINAL Python answers (sandboxed in Pyodide) instead of ports: FILE.py[,FILE2.py...] (modules load in sorted name order, classes in module order, as ruins.py -d DIR), ' +
    'or "cache" = the scraped answers laid out as ruins.py -u did (KOTH_CACHE, --as-of DAY for an as-of scrape); --bots then picks and orders classes by name',
  controller: 'ruins.py',
  noun: 'bot',
  classNoun: 'classes',
  fromFile: (path, code) => sourceFromFile(path, code),
  fromCache: (asOf) => sourcesFromCache(defaultCacheDir(), asOf),
  args: (sources, opts) => {
    const bots = opts.bots?.split(',').map((n) => n.trim()).filter(Boolean);
    return { sources: sources as PythonSource[], ...(bots ? { bots } : {}) };
  },
  inspectJob: 'ruinsInspect',
  repeats: true,
  refusedModuleHint: 'Port its bots (transpiled-bots/ruins/) to replay with them.',
};

export type RuinsPython = Originals<RuinsPythonArgs>;

/** The Python bots' exceptions of a command's run, by bot (what ruins.py printed as it caught them): filled by runRuinsJob, printed by reportPythonIncidents. */
export type PythonIncidents = Map<string, string[]>;

/** After a run: the Python bots' exceptions, on stderr (each once: the list is emptied). */
export function reportPythonIncidents(incidents: PythonIncidents): void {
  for (const [bot, list] of incidents) process.stderr.write(pc.yellow(`python bot ${printable(bot)}: ${list.length} exception(s), first: ${printable(list[0] ?? '')}\n`));
  incidents.clear();
}

/**
 * Runs a job of engines/ruins/trials.ts; the engine's crash comes back as the error it was
 * (ControllerCrash, SandboxStop). A game's or tournament's Python exceptions replace what
 * `incidents` held.
 */
export async function runRuinsJob(p: Pick<RuinsPython, 'run'>, fn: string, args: unknown, incidents?: PythonIncidents): Promise<unknown> {
  const r = await p.run(fn, args);
  const run = r as RuinsPythonRun & { value?: unknown };
  if (run.incidents && incidents) {
    incidents.clear();
    for (const [bot, list] of run.incidents) incidents.set(bot, list);
  }
  if (run.crash) {
    const e = crashOf(run.crash);
    // A game's log as far as it got, for printing before the crash (ruins.py had printed it).
    const log = (r as { log?: unknown }).log;
    if (log) e.partial = { ...e.partial, log };
    throw e;
  }
  return r;
}

/**
 * `--python-bots FILE.py[,FILE2.py…]|cache` for `koth replay ruins` and `koth play ruins`:
 * the original answers play in our engine inside the Pyodide sandbox (python-bots.ts).
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
import { readInputFile } from '../core/cli/files.ts';
import { AnswerCache, checkCacheRoot, defaultCacheDir, type CachedAnswer } from '../../scraper/cache.ts';
import type { AdventurerClass } from './adventurer.ts';
import { loadPythonRuinsBots, PythonBotRefused, sourceFromFile, type LoadedPythonBots, type PythonSource } from './python-bots.ts';

export const PYTHON_BOTS_HELP =
  'run the ORIGINAL Python answers (sandboxed in Pyodide) instead of ports: FILE.py[,FILE2.py...] (modules load in sorted name order, classes in module order, as ruins.py -d DIR), ' +
  'or "cache" = the scraped answers laid out as ruins.py -u did (KOTH_CACHE, --as-of DAY for an as-of scrape); --bots then picks and orders classes by name';

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
  const header = `'''${title}\nby ${user}\n'''\nfrom __main__ import Adventurer\nprint = lambda *_, **__: None\n\n`;
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

interface Opts {
  pythonBots?: string;
  bots?: string;
  pool?: string;
  asOf?: string;
  json?: boolean;
}

let lastIncidents: Map<string, string[]> | undefined;

/** After a run: the Python bots' exceptions (what ruins.py printed as it caught them), on stderr. */
export function reportPythonIncidents(): void {
  for (const [bot, list] of lastIncidents ?? []) process.stderr.write(pc.yellow(`python bot ${bot}: ${list.length} exception(s), first: ${list[0]}\n`));
  lastIncidents = undefined;
}

export function pythonPool(opts: Opts): AdventurerClass[] {
  if (opts.pool) throw new UserError('--python-bots and --pool exclude each other: --bots A,B picks among the Python classes');
  const spec = opts.pythonBots!;
  let sources: PythonSource[];
  if (spec === 'cache') sources = sourcesFromCache(defaultCacheDir(), opts.asOf ?? null);
  else {
    sources = spec
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean)
      .map((f) => sourceFromFile(f, readInputFile('--python-bots', f, 'give .py files, comma-separated, or "cache"')));
  }
  if (!sources.length) throw new UserError('--python-bots: no Python modules to load');
  let loaded: LoadedPythonBots;
  try {
    loaded = loadPythonRuinsBots(sources);
  } catch (e) {
    if (e instanceof PythonBotRefused) {
      throw new UserError(
        `--python-bots: refused module ${e.module} (${e.origin}): ${e.reason}.\n` +
          'ruins.py would have loaded it, so a run without it is not the original one; nothing was run. Port its bots (transpiled-bots/ruins/) to replay with them.',
      );
    }
    throw e;
  }
  for (const s of loaded.skipped) process.stderr.write(pc.yellow(`Recovering from error in import: ${s.origin}: ${s.error} (ruins.py skipped this module too)\n`));
  lastIncidents = loaded.incidents;
  let classes = loaded.classes;
  if (opts.bots) {
    const names = opts.bots.split(',').map((n) => n.trim()).filter(Boolean);
    const unknown = names.filter((n) => !classes.some((c) => c.botName === n));
    if (unknown.length) throw new UserError(`--bots: ${unknown.join(', ')} not among the Python classes (${classes.map((c) => c.botName).join(', ')})`);
    classes = names.map((n) => classes.find((c) => c.botName === n)!);
  }
  if (!classes.length) throw new UserError('--python-bots: the modules define no Adventurer subclass');
  return classes;
}

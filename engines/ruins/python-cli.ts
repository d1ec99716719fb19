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
import type { ReplayKit } from '../core/cli/kit.ts';
import { SandboxTaskError, type SandboxPool } from '../core/sandbox/pool.ts';
import { SandboxKilled } from '../core/sandbox/errors.ts';
import { SandboxStop, sourceFromFile, type PythonSource } from './python-bots.ts';
import { crashOf, type ruinsInspect, type RuinsPythonArgs, type RuinsPythonRun } from './trials.ts';

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

/** The Python bots' exceptions of a command's run, by bot (what ruins.py printed as it caught them): filled by runRuinsJob, printed by reportPythonIncidents. */
export type PythonIncidents = Map<string, string[]>;

/** After a run: the Python bots' exceptions, on stderr (each once: the list is emptied). */
export function reportPythonIncidents(incidents: PythonIncidents): void {
  for (const [bot, list] of incidents) process.stderr.write(pc.yellow(`python bot ${bot}: ${list.length} exception(s), first: ${list[0]}\n`));
  incidents.clear();
}

/** The original modules and the classes to seat, checked in a sandbox worker (engine + Pyodide, engines/core/sandbox/pool.ts). */
export interface RuinsPython {
  pool: SandboxPool;
  args: RuinsPythonArgs;
}

export async function openRuinsPython(opts: Opts, kit: ReplayKit): Promise<RuinsPython> {
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
  const pool = kit.sandboxPool('ruins', 1);
  try {
    const found = (await runRuinsJob(pool, 'ruinsInspect', { sources })) as ReturnType<typeof ruinsInspect>;
    for (const s of found.skipped) process.stderr.write(pc.yellow(`Recovering from error in import: ${s.origin}: ${s.error} (ruins.py skipped this module too)\n`));
    let names = found.names;
    if (opts.bots) {
      const wanted = opts.bots.split(',').map((n) => n.trim()).filter(Boolean);
      const unknown = wanted.filter((n) => !names.includes(n));
      if (unknown.length) throw new UserError(`--bots: ${unknown.join(', ')} not among the Python classes (${names.join(', ')})`);
      names = wanted;
    }
    if (!names.length) throw new UserError('--python-bots: the modules define no Adventurer subclass');
    return { pool, args: { sources, ...(opts.bots ? { bots: names } : {}) } };
  } catch (e) {
    await pool.destroy();
    throw e;
  }
}

/**
 * Runs a job of engines/ruins/trials.ts; the engine's crash comes back as the error it was
 * (ControllerCrash, SandboxStop). A game's or tournament's Python exceptions replace what
 * `incidents` held.
 */
export async function runRuinsJob(pool: SandboxPool, fn: string, args: unknown, incidents?: PythonIncidents): Promise<unknown> {
  let r: unknown;
  try {
    r = await pool.run({ kind: 'job', fn, args });
  } catch (e) {
    if (e instanceof SandboxTaskError && e.data.name === 'PythonBotRefused') {
      const f = e.data.fields;
      throw new UserError(
        `--python-bots: refused module ${f.module} (${f.origin}): ${f.reason}.\n` +
          'ruins.py would have loaded it, so a run without it is not the original one; nothing was run. Port its bots (transpiled-bots/ruins/) to replay with them.',
      );
    }
    if (e instanceof SandboxKilled) {
      const bot = e.message.split(':')[0]!;
      throw new SandboxStop(bot, e.reason, e.message.slice(bot.length + 2));
    }
    throw e;
  }
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

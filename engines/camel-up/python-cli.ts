/**
 * `--python-bots FILE.py[,FILE2.py…]|cache` for `koth replay camel-up --exact` and `koth play
 * camel-up`: the original Python players play in our engine inside the Pyodide sandbox
 * (python-players.ts).
 *
 * Files load in the order given and players come in file order, each file's classes in the
 * order it defines them: with players.py and Sir_Humpfree_Bogart.py that is camelup.py's own
 * player_pool (Player0, Player1, Player2, Sir_Humpfree_Bogart). `--bots A,B,C,D` orders the
 * pool as player_pool did (a name may repeat, as in player_pool).
 *
 * `cache`: the scraped answers (koth scrape camel-up [--as-of DAY]), oldest first; every code
 * block of an answer in which the extractor found a player becomes a module, given players.py's
 * names (random, math, PlayerInterface) since answers were pasted into players.py.
 */
import { existsSync, readFileSync } from 'node:fs';
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { AnswerCache, defaultCacheDir } from '../../scraper/cache.ts';
import type { CamelPlayer } from './rules.ts';
import { CAMEL_MOVE_TIMEOUT_MS, CamelFileError, loadPythonCamelPlayers, type CamelPythonSource, type LoadedCamelPlayers } from './python-players.ts';

export const CAMEL_PYTHON_BOTS_HELP =
  'play the ORIGINAL Python players (sandboxed in Pyodide) instead of ports: FILE.py[,FILE2.py...] loaded in this order, players in file order ' +
  '(camelup.py\'s player_pool with players.py,Sir_Humpfree_Bogart.py), or "cache" = the scraped answers (KOTH_CACHE, --as-of DAY); --bots orders the pool';

/** The scraped answers' player blocks, oldest answer first (one module per code block holding a player). */
export function camelSourcesFromCache(root: string, asOf: string | null): CamelPythonSource[] {
  const cache = new AnswerCache(root, 'camel-up', asOf);
  if (!cache.exists()) {
    throw new UserError(`no camel-up scrape in ${cache.dir}: run koth scrape camel-up${asOf ? ` --as-of ${asOf}` : ''} first (or set KOTH_CACHE)`, EXIT.cache);
  }
  const out: CamelPythonSource[] = [];
  for (const a of cache.all()) {
    const blocks = [...new Set(a.bots.map((b) => b.block))];
    for (const k of blocks) out.push({ path: `cache: answer ${a.answer_id} block ${k}`, module: `answer_${a.answer_id}_${k}`, code: a.blocks[k]!.text, pasted: true });
  }
  return out;
}

export interface PythonCamelPool {
  names: string[];
  resolve: (name: string) => CamelPlayer | undefined;
  loaded: LoadedCamelPlayers;
}

export function pythonCamelPool(opts: { pythonBots?: string; bots?: string; pool?: string; asOf?: string; rules?: string; moveTimeout?: number }): PythonCamelPool {
  if (opts.pool) throw new UserError('--python-bots and --pool exclude each other: --bots A,B,C,D picks and orders the Python players');
  const spec = opts.pythonBots!.trim();
  let sources: CamelPythonSource[];
  if (spec === 'cache') sources = camelSourcesFromCache(defaultCacheDir(), opts.asOf ?? null);
  else {
    const files = spec
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (!files.length) throw new UserError('--python-bots: give .py files, comma-separated, or "cache"');
    for (const f of files) if (!existsSync(f)) throw new UserError(`--python-bots: no file ${f} (give .py files, comma-separated, or "cache")`);
    sources = files.map((path) => ({ path, code: readFileSync(path, 'utf8') }));
  }
  if (!sources.length) throw new UserError('--python-bots: no Python player to load (the cache holds no answer with a move(player, g) class)');
  let loaded: LoadedCamelPlayers;
  try {
    loaded = loadPythonCamelPlayers(sources, { rules: opts.rules, moveTimeoutMs: opts.moveTimeout === undefined ? undefined : opts.moveTimeout * 1000 });
  } catch (e) {
    if (e instanceof CamelFileError) throw new UserError(`--python-bots: ${e.message}. camelup.py could not have imported it either; fix the file or leave it out.`);
    throw e;
  }
  const byName = new Map<string, LoadedCamelPlayers['classes'][number]>();
  for (const c of loaded.classes) if (!byName.has(c.name)) byName.set(c.name, c);
  // camelup.py's player_pool may list a class twice (the dumb pool does): so may --bots here.
  const names = opts.bots !== undefined ? opts.bots.split(',').map((n) => n.trim()).filter(Boolean) : loaded.classes.map((c) => c.name).filter((n, i, all) => all.indexOf(n) === i);
  const unknown = names.filter((n) => !byName.has(n));
  if (unknown.length) throw new UserError(`--bots: ${unknown.join(', ')} not among the Python players (${[...byName.keys()].join(', ') || 'none'})`);
  const refused = names.map((n) => byName.get(n)!).filter((c) => c.refused);
  if (refused.length) {
    throw new UserError(
      `--python-bots: ${refused.length} player(s) cannot run in the offline sandbox, so this is refused rather than run without them:\n` +
        refused.map((c) => `  ${c.name} (${c.file}): ${c.refused}`).join('\n') +
        `\nRun the others by naming them: --bots ${names.filter((n) => !byName.get(n)!.refused).join(',')}`,
    );
  }
  if (names.length < 4) throw new UserError(`a camel-up game seats 4 players: give at least 4 (got ${names.length}: ${names.join(', ') || 'none'}); camelup.py would fail with IndexError`);
  return { names, resolve: (n) => byName.get(n)?.player, loaded };
}

export const MOVE_TIMEOUT_HELP = `with --python-bots: the time limit of one move in seconds (default ${CAMEL_MOVE_TIMEOUT_MS / 1000}: Sir_Humpfree_Bogart needs seconds a move in the sandbox); past it the sandbox ends the player and the run stops (exit 3)`;

/** After a run: what the players printed, and the answers camelup.py printed and skipped ("oh jeez"), on stderr. */
export function reportCamelNotes(p: PythonCamelPool | undefined): void {
  if (!p) return;
  const printed = p.loaded.output();
  for (const line of printed.slice(0, 50)) process.stderr.write(pc.dim(`python: ${line}\n`));
  if (printed.length > 50) process.stderr.write(pc.dim(`python: ... ${printed.length - 50} more lines\n`));
  const notes = p.loaded.notes.splice(0);
  for (const n of notes.slice(0, 20)) process.stderr.write(pc.yellow(n + '\n'));
  if (notes.length > 20) process.stderr.write(pc.yellow(`... ${notes.length - 20} more\n`));
}

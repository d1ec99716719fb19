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
import pc from 'picocolors';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { readInputFile } from '../core/cli/files.ts';
import type { ReplayKit } from '../core/cli/kit.ts';
import { SandboxTaskError, type SandboxPool } from '../core/sandbox/pool.ts';
import { SandboxKilled } from '../core/sandbox/errors.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import type { Seed } from '../core/rng/rng.ts';
import { AnswerCache, defaultCacheDir } from '../../scraper/cache.ts';
import { CAMEL_MOVE_TIMEOUT_MS, CamelSandboxStop, CamelUnfollowable, type CamelPythonSource } from './python-players.ts';
import type { runExact, CamelTurnEvent } from './tournament.ts';
import type { camelExactJob, camelInspect, CamelPythonArgs } from './trials.ts';

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
  pool: SandboxPool;
  args: CamelPythonArgs;
  /** What camelup.py printed and skipped ("oh jeez"), and what the players printed: shown after the run. */
  notes: string[];
  output: string[];
}

export async function openCamelPython(
  opts: { pythonBots?: string; bots?: string; pool?: string; asOf?: string; rules?: string; moveTimeout?: number },
  kit: ReplayKit,
): Promise<PythonCamelPool> {
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
    sources = files.map((path) => ({ path, code: readInputFile('--python-bots', path, 'give .py files, comma-separated, or "cache"') }));
  }
  if (!sources.length) throw new UserError('--python-bots: no Python player to load (the cache holds no answer with a move(player, g) class)');
  const args: CamelPythonArgs = { sources, rules: opts.rules ?? 'original' };
  const pool = kit.sandboxPool('camel-up', 1, { timeoutMs: opts.moveTimeout === undefined ? CAMEL_MOVE_TIMEOUT_MS : opts.moveTimeout * 1000 });
  const p: PythonCamelPool = { names: [], pool, args, notes: [], output: [] };
  try {
    const classes = (await runCamelJob(p, 'camelInspect', args)) as ReturnType<typeof camelInspect>;
    const byName = new Map<string, (typeof classes)[number]>();
    for (const c of classes) if (!byName.has(c.name)) byName.set(c.name, c);
    // camelup.py's player_pool may list a class twice (the dumb pool does): so may --bots here.
    const names = opts.bots !== undefined ? opts.bots.split(',').map((n) => n.trim()).filter(Boolean) : classes.map((c) => c.name).filter((n, i, all) => all.indexOf(n) === i);
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
    p.names = names;
    return p;
  } catch (e) {
    await pool.destroy();
    throw e;
  }
}

/** Runs a job of engines/camel-up/trials.ts in the pool; a file that does not load is bad input (exit 2). */
export async function runCamelJob(p: PythonCamelPool, fn: string, args: unknown, onLine?: (line: string) => void): Promise<unknown> {
  try {
    return await p.pool.run({ kind: 'job', fn, args }, { onLine, onOutput: (lines) => p.output.push(...lines) });
  } catch (e) {
    if (e instanceof SandboxTaskError && e.data.name === 'PythonFileError') throw new UserError(`--python-bots: ${e.data.message}. camelup.py could not have imported it either; fix the file or leave it out.`);
    if (e instanceof SandboxKilled) {
      const bot = e.message.split(':')[0]!;
      throw new CamelSandboxStop(bot, e.reason, e.message.slice(bot.length + 2));
    }
    throw e;
  }
}

/** The exact tournament with the original players in the sandbox worker; a crash is rethrown as the error it was. */
export async function camelPythonExact(p: PythonCamelPool, seed: Seed, games: number, onTurn?: (e: CamelTurnEvent) => void): Promise<ReturnType<typeof runExact>> {
  const r = (await runCamelJob(p, 'camelExactJob', { ...p.args, bots: p.names, seed, games, turns: !!onTurn }, onTurn && ((l) => onTurn(JSON.parse(l) as CamelTurnEvent)))) as ReturnType<typeof camelExactJob>;
  p.notes.push(...r.notes);
  if (r.crash) {
    const c = r.crash;
    if (c.kind === 'stop') throw new CamelSandboxStop(c.bot!, c.reason!, c.pyMessage);
    const e = c.kind === 'unfollowable' ? new CamelUnfollowable(c.pyType, c.pyMessage, c.where) : new ControllerCrash(c.pyType, c.pyMessage, c.where);
    throw e;
  }
  return r.value!;
}

export const MOVE_TIMEOUT_HELP = `with --python-bots: the time limit of one move in seconds (default ${CAMEL_MOVE_TIMEOUT_MS / 1000}: Sir_Humpfree_Bogart needs seconds a move in the sandbox); past it the sandbox ends the player and the run stops (exit 3)`;

/** After a run: what the players printed, and the answers camelup.py printed and skipped ("oh jeez"), on stderr. */
export function reportCamelNotes(p: PythonCamelPool | undefined): void {
  if (!p) return;
  const printed = p.output.splice(0);
  for (const line of printed.slice(0, 50)) process.stderr.write(pc.dim(`python: ${line}\n`));
  if (printed.length > 50) process.stderr.write(pc.dim(`python: ... ${printed.length - 50} more lines\n`));
  const notes = p.notes.splice(0);
  for (const n of notes.slice(0, 20)) process.stderr.write(pc.yellow(n + '\n'));
  if (notes.length > 20) process.stderr.write(pc.yellow(`... ${notes.length - 20} more\n`));
}

/**
 * `--python-bots FILE.py[,FILE2.py…]|cache` for `koth replay camel-up --exact` and `koth play
 * camel-up`: what is camel-up's own in running the original Python players (the one core path
 * is engines/core/cli/originals.ts; the jobs are in trials.ts, the adapter in python-players.ts).
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
import type { Originals } from '../core/cli/originals.ts';
import type { OriginalBots } from '../core/game.ts';
import { ControllerCrash } from '../core/py/errors.ts';
import { printable } from '../core/report/table.ts';
import type { Seed } from '../core/rng/rng.ts';
import { AnswerCache, defaultCacheDir } from '../../scraper/cache.ts';
import { CAMEL_MOVE_TIMEOUT_MS, CamelSandboxStop, CamelUnfollowable, type CamelPythonSource } from './python-players.ts';
import type { runExact, CamelTurnEvent } from './tournament.ts';
import { revivePyFloat } from '../core/sandbox/runtimes/python/values.ts';
import type { camelExactJob, CamelPythonArgs } from './trials.ts';

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

export const camelOriginals: OriginalBots<CamelPythonArgs> = {
  help:
    'play the ORIGINAL Python players (sandboxed in Pyodide) instead of ports: FILE.py[,FILE2.py...] loaded in this order, players in file order ' +
    '(camelup.py\'s player_pool with players.py,Sir_Humpfree_Bogart.py), or "cache" = the scraped answers (KOTH_CACHE, --as-of DAY); --bots orders the pool',
  controller: 'camelup.py',
  noun: 'player',
  classNoun: 'players',
  fromFile: (path, code) => ({ path, code }),
  fromCache: (asOf) => camelSourcesFromCache(defaultCacheDir(), asOf),
  args: (sources, opts) => ({ sources: sources as CamelPythonSource[], rules: opts.rules ?? 'original' }),
  inspectJob: 'camelInspect',
  // camelup.py's player_pool may list a class twice (the dumb pool does): so may --bots here.
  repeats: true,
  seats: { min: 4, why: 'camelup.py would fail with IndexError' },
  // An answer koth cannot carry, stopping a sharded run (koth ab): the explanation koth replay gives (exit 3).
  rebuild: (d) => (d.name === 'CamelUnfollowable' ? unfollowableError(new CamelUnfollowable(String(d.fields.pyType), String(d.fields.pyMessage), String(d.fields.where ?? ''))) : undefined),
};

/** An answer value the engine cannot carry (CamelUnfollowable): exit 3, saying so; koth replay and koth ab say the same. */
export function unfollowableError(c: CamelUnfollowable): UserError {
  return new UserError(`${c.where}: ${c.pyMessage}. The replay stops here rather than play on with another meaning.`, EXIT.originalCrashed);
}

export const MOVE_TIMEOUT_HELP = `with --python-bots: the time limit of one move in seconds (default ${CAMEL_MOVE_TIMEOUT_MS / 1000}: Sir_Humpfree_Bogart needs seconds a move in the sandbox); past it the sandbox ends the player and the run stops (exit 3)`;

/** The pool's time limit of one move (ms). */
export const camelMoveTimeoutMs = (moveTimeout: number | undefined) => (moveTimeout === undefined ? CAMEL_MOVE_TIMEOUT_MS : moveTimeout * 1000);

/** What camelup.py printed and skipped ("oh jeez"), and what the players printed: shown after the run. */
export interface CamelPrinted {
  notes: string[];
  output: string[];
}

/** The exact tournament with the original players in the sandbox worker; a crash is rethrown as the error it was. */
export async function camelPythonExact(p: Originals<CamelPythonArgs>, printed: CamelPrinted, seed: Seed, games: number, onTurn?: (e: CamelTurnEvent) => void): Promise<ReturnType<typeof runExact>> {
  const r = (await p.run('camelExactJob', { ...p.args, bots: p.names, seed, games, turns: !!onTurn }, {
    ...(onTurn ? { onLine: (l: string) => onTurn(JSON.parse(l, revivePyFloat) as CamelTurnEvent) } : {}),
    onOutput: (lines) => printed.output.push(...lines),
  })) as ReturnType<typeof camelExactJob>;
  printed.notes.push(...r.notes);
  if (r.crash) {
    const c = r.crash;
    if (c.kind === 'stop') throw new CamelSandboxStop(c.bot!, c.reason!, c.pyMessage);
    throw c.kind === 'unfollowable' ? new CamelUnfollowable(c.pyType, c.pyMessage, c.where) : new ControllerCrash(c.pyType, c.pyMessage, c.where);
  }
  return r.value!;
}

/** After a run: what the players printed, and the answers camelup.py printed and skipped ("oh jeez"), on stderr. */
export function reportCamelNotes(p: CamelPrinted | undefined): void {
  if (!p) return;
  const printed = p.output.splice(0);
  for (const line of printed.slice(0, 50)) process.stderr.write(pc.dim(`python: ${printable(line)}\n`));
  if (printed.length > 50) process.stderr.write(pc.dim(`python: ... ${printed.length - 50} more lines\n`));
  const notes = p.notes.splice(0);
  for (const n of notes.slice(0, 20)) process.stderr.write(pc.yellow(printable(n) + '\n'));
  if (notes.length > 20) process.stderr.write(pc.yellow(`... ${notes.length - 20} more\n`));
}

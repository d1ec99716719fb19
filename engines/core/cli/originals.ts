/**
 * `--python-bots FILE.py[,FILE2.py…]|cache`: the ORIGINAL Python answers playing in our engine
 * inside sandbox workers (engines/core/sandbox/pool.ts), for every game that has them. One path,
 * driven by the game's `engine.entrants.python` (engines/core/game.ts `OriginalBots`):
 *
 *   1. the sources: the python entrants of `--python-bots` (entrantsOf, the one resolution path
 *      of a user's bots), read by the core's reader (engines/core/entrants/source.ts): the files
 *      given, or the scrape cache (the game lays it out as its original driver did);
 *   2. the pool of sandbox workers, each holding the game's trials module and Pyodide;
 *   3. the inspect job (the game's own): the classes the sources define, in the original's order,
 *      with those that cannot run offline refused by name, and the modules the original skipped;
 *   4. `--bots`: unknown names, repeats (when the original's pool could not repeat), refusals,
 *      the seat minimum — each a clear message, exit 2, nothing run;
 *   5. every job and shard: the sandbox's errors become the CLI's (exit codes of the README).
 *      The bot a stop names travels as data (SandboxKilled.bot, SandboxStop.bot), never
 *      recovered from a message.
 */
import pc from 'picocolors';
import type { OriginalBots, Originals, OriginalsInspection, OriginalsOptions, ReplayKit } from '../kit-types.ts';

export type { Originals, OriginalsInspection };
import type { SandboxPool, TaskHandlers } from '../sandbox/pool.ts';
import { ERROR_KIND, SandboxKilled, SandboxTaskError, type ErrorData } from '../sandbox/errors.ts';
import { SandboxStop } from '../py/errors.ts';
import { printable } from '../report/table.ts';
import { EXIT, UserError } from './errors.ts';
import { entrantsOf } from '../entrants/options.ts';
import { readEntrantSources } from '../entrants/source.ts';
import { untilInterrupted } from './interrupt.ts';

const names = (text: string) =>
  text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** A name for the terminal: a Python class name may hold any character (`type('\x1b[2J', ...)`). */
export const shown = (name: string) => printable(name);

/** At the start of a sentence: "the original controller" → "The …"; a file name (ruins.py) stays as it is. */
const capital = (s: string) => (s.startsWith('the ') ? 'T' + s.slice(1) : s);

/**
 * The sandbox ended an original bot: exit 3 with the bot named and what is true — the original
 * had no limit, so it would have hung or died there (it did NOT stop there on its own).
 */
export function sandboxStopError(spec: Pick<OriginalBots, 'controller' | 'noun'>, e: SandboxStop): UserError {
  return new UserError(
    `the Python sandbox stopped ${spec.noun} ${shown(e.bot)} (${e.reason})${e.where ? ` at ${e.where}` : ''}: ${shown(e.pyMessage.startsWith(`${e.bot}: `) ? e.pyMessage.slice(e.bot.length + 2) : e.pyMessage)}\n` +
      `${capital(spec.controller)} had no time or memory limit (and caught no exception), so it would have hung or died here; ` +
      'this run stops, and no results exist for it.',
    EXIT.originalCrashed,
  );
}

/** A sandbox stop carried as data (an error's own fields: bot, reason, detail), e.g. the cause of a dice BotCrash. */
function stopOf(d: ErrorData | undefined, where = ''): SandboxStop | undefined {
  if (!d || typeof d.fields.bot !== 'string' || typeof d.fields.reason !== 'string') return undefined;
  const detail = typeof d.fields.detail === 'string' ? d.fields.detail : d.message;
  const s = new SandboxStop(d.fields.bot, d.fields.reason, detail);
  s.where = where;
  return s;
}

/** Maps a failure of a sandbox task (job or shard) to the error the CLI reports. */
export function originalsError(spec: OriginalBots<any>, e: unknown): unknown {
  if (e instanceof SandboxKilled) return new SandboxStop(e.bot ?? 'the sandboxed code', e.reason, e.detail);
  if (!(e instanceof SandboxTaskError)) return e;
  const d = e.data;
  const own = spec.rebuild?.(d);
  if (own) return own;
  if (d.name === ERROR_KIND.pythonFileError) return new UserError(`--python-bots: ${shown(d.message)}. ${capital(spec.controller)} could not have imported it either; fix the file or leave it out.`);
  if (d.name === ERROR_KIND.pythonBotRefused) {
    const f = d.fields;
    return new UserError(
      `--python-bots: refused module ${shown(String(f.module))} (${shown(String(f.origin))}): ${shown(String(f.reason))}.\n` +
        `${capital(spec.controller)} would have loaded it, so a run without it is not the original one; nothing was run.${spec.refusedModuleHint ? ' ' + spec.refusedModuleHint : ''}`,
    );
  }
  const stop = stopOf(d) ?? stopOf(d.cause, typeof d.fields.game === 'number' ? `game ${d.fields.game}` : '');
  if (stop) return stop;
  return e;
}

/** Runs a job of the game's trials module in `pool`; failures become the CLI's errors (also for benches, which start their own pools). */
export async function runOriginalsJob(spec: OriginalBots<any>, pool: SandboxPool, fn: string, args: unknown, h: TaskHandlers = {}): Promise<unknown> {
  try {
    return await pool.run({ kind: 'job', fn, args }, h);
  } catch (e) {
    throw originalsError(spec, e);
  }
}

/** Reads the sources, starts the sandbox workers, finds the classes and checks the names. */
export async function openOriginals<Args>(game: string, spec: OriginalBots<Args>, opts: OriginalsOptions, kit: Pick<ReplayKit, 'sandboxPool'>, o: { workers?: number; timeoutMs?: number } = {}): Promise<Originals<Args>> {
  const noun = spec.noun;
  if (opts.pool) throw new UserError(`--python-bots and --pool exclude each other: --bots A,B picks among the Python ${noun}s`);
  // The one resolution path of a user's bots (engines/core/entrants): the python entrants' sources, read by the core's reader.
  const given = entrantsOf({ python: spec }, { pythonBots: opts.pythonBots!, asOf: opts.asOf }).flatMap((e) => (e.kind === 'python' ? [e.source] : []));
  const fromCache = given.some((s) => s.from === 'cache');
  const sources = readEntrantSources<unknown>(given, {
    option: '--python-bots',
    hint: spec.fromCache ? 'give .py files, comma-separated, or "cache"' : 'give .py files, comma-separated',
    fromCode: (path, code) => spec.fromFile(path, code),
    ...(spec.fromCache ? { fromCache: (asOf: string | undefined) => spec.fromCache!(asOf ?? null) } : {}),
  });
  if (!sources.length) throw new UserError(`--python-bots: no Python ${noun} to load${fromCache ? ' (the cache holds no answer with one)' : ''}`);
  const args = spec.args(sources, opts);
  const pool = kit.sandboxPool(game, o.workers ?? 1, o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs });
  const error = (e: unknown) => originalsError(spec, e);
  const run = (fn: string, a: unknown, h: TaskHandlers = {}) => runOriginalsJob(spec, pool, fn, a, h);
  try {
    const found = (await run(spec.inspectJob, args)) as OriginalsInspection;
    for (const s of found.skipped ?? []) process.stderr.write(pc.yellow(`Recovering from error in import: ${shown(s.origin)}: ${shown(s.error)} (${spec.controller} skipped this module too)\n`));
    const byName = new Map<string, OriginalsInspection['classes'][number]>();
    for (const c of found.classes) if (!byName.has(c.name)) byName.set(c.name, c);
    const all = () => [...byName.keys()].map(shown).join(', ') || 'none';
    const named = opts.bots !== undefined;
    const chosen = named ? names(opts.bots!) : found.classes.filter((c) => c.direct !== false).map((c) => c.name).filter((n, i, a) => a.indexOf(n) === i);
    const unknown = chosen.filter((n) => !byName.has(n));
    if (unknown.length) throw new UserError(`--bots: ${unknown.map(shown).join(', ')} not among the Python ${spec.classNoun ?? 'classes'} (${all()})`);
    if (!spec.repeats) {
      const dup = chosen.filter((n, i) => chosen.indexOf(n) !== i);
      if (dup.length) throw new UserError(`--bots: ${[...new Set(dup)].map(shown).join(', ')} given twice`);
    }
    const refused = chosen.map((n) => byName.get(n)!).filter((c) => c.refused);
    if (refused.length) {
      throw new UserError(
        `--python-bots: ${refused.length} ${noun}(s) cannot run in the offline sandbox, so this is refused rather than run without them:\n` +
          refused.map((c) => `  ${shown(c.name)} (${shown(c.file)}): ${c.refused}`).join('\n') +
          `\nRun the others by naming them: --bots ${chosen.filter((n) => !byName.get(n)!.refused).map(shown).join(',')}` +
          (spec.refusedHint ? `\n${spec.refusedHint}` : ''),
      );
    }
    if (!chosen.length) throw new UserError(`--python-bots: the files define no ${spec.classNoun ?? 'class'} to play`);
    if (spec.seats && chosen.length < spec.seats.min) {
      throw new UserError(`a ${game} game seats ${spec.seats.min} ${noun}s: give at least ${spec.seats.min} (got ${chosen.length}: ${chosen.map(shown).join(', ') || 'none'})${spec.seats.why ? `; ${spec.seats.why}` : ''}`);
    }
    const sandboxError = (e: unknown) => {
      const m = error(e);
      return m instanceof SandboxStop ? sandboxStopError(spec, m) : m;
    };
    return { game, spec, pool, args, names: chosen, named, run, error, sharded: () => ({ sandbox: pool, sandboxError }), close: () => pool.destroy() };
  } catch (e) {
    await pool.destroy();
    throw e;
  }
}

/** Opens the originals, hands them to `use`, and closes the sandbox workers afterwards; Ctrl-C ends it with exit 130 and says what stopped. */
export async function withOriginals<Args, T>(
  game: string,
  spec: OriginalBots<Args>,
  opts: OriginalsOptions,
  kit: Pick<ReplayKit, 'sandboxPool'>,
  o: { workers?: number; timeoutMs?: number; sharding?: () => boolean },
  use: (p: Originals<Args>) => Promise<T>,
): Promise<T> {
  let p: Originals<Args> | undefined;
  try {
    return await untilInterrupted(
      async () => {
        p = await openOriginals(game, spec, opts, kit, o);
        return use(p);
      },
      () =>
        `the ${game} run with the original Python ${spec.noun}s (--python-bots) was stopped before it finished; its sandbox workers are ended and nothing of it was kept. ` +
        'Rerun the same command to run it again (a replay with the originals starts from its seed; only a sharded statistical run with --checkpoint resumes).',
      // A sharded run (kit.runSharded) stops at a shard boundary itself, keeping its checkpoint.
      o.sharding,
    );
  } finally {
    await p?.close();
  }
}

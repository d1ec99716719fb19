/**
 * `--python-bots FILE.py[,FILE2.py…]` for `koth replay dice` (exact or statistical) and
 * `koth play dice`: the original answers play in our controller inside sandbox workers
 * (engines/core/sandbox/pool.ts: the engine and Pyodide in one thread each; jobs in trials.ts).
 */
import { EXIT, UserError } from '../core/cli/errors.ts';
import { readInputFile } from '../core/cli/files.ts';
import type { ReplayKit } from '../core/cli/kit.ts';
import type { SandboxPool } from '../core/sandbox/pool.ts';
import { SandboxTaskError } from '../core/sandbox/pool.ts';
import { SandboxKilled } from '../core/sandbox/errors.ts';
import type { ErrorData } from '../core/sandbox/job-worker.ts';
import { BotCrash } from './rules.ts';
import { DiceSandboxStop } from './python-bots.ts';
import type { diceInspect } from './trials.ts';

export const DICE_PYTHON_BOTS_HELP =
  'run the ORIGINAL Python bots (sandboxed in Pyodide) instead of ports: FILE.py[,FILE2.py...] loaded in this order; ' +
  'bots are found as the controller found them (Bot.__subclasses__(), the file\'s own Bot if it defines one) unless --bots names them ' +
  '(indirect subclasses too); bots that cannot run offline (numpy, inspect on the controller\'s frames) are refused by name';

export interface DicePython {
  pool: SandboxPool;
  files: { path: string; code: string }[];
  /** The bots to seat, in pool order. */
  names: string[];
}

/** Reads the files, starts the sandbox workers, finds the classes and checks the names (refused ones by name). */
export async function openDicePython(opts: { pythonBots?: string; bots?: string; pool?: string }, kit: ReplayKit, workers: number): Promise<DicePython> {
  if (opts.pool) throw new UserError('--python-bots and --pool exclude each other: --bots A,B picks among the Python classes');
  const paths = opts
    .pythonBots!.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!paths.length) throw new UserError('--python-bots: give .py files, comma-separated');
  const files = paths.map((path) => ({ path, code: readInputFile('--python-bots', path, 'give .py files, comma-separated') }));
  const pool = kit.sandboxPool('dice', workers);
  try {
    const classes = (await runDiceJob(pool, 'diceInspect', { files })) as ReturnType<typeof diceInspect>;
    const byName = new Map<string, (typeof classes)[number]>();
    for (const c of classes) if (!byName.has(c.name)) byName.set(c.name, c);
    const names = opts.bots
      ? opts.bots
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : classes.filter((c) => c.direct).map((c) => c.name);
    const unknown = names.filter((n) => !byName.has(n));
    if (unknown.length) throw new UserError(`--bots: ${unknown.join(', ')} not among the Python classes (${[...byName.keys()].join(', ')})`);
    const dup = names.filter((n, i) => names.indexOf(n) !== i);
    if (dup.length) throw new UserError(`--bots: ${[...new Set(dup)].join(', ')} given twice`);
    const refused = names.map((n) => byName.get(n)!).filter((c) => c.refused);
    if (refused.length) {
      const runnable = names.filter((n) => !byName.get(n)!.refused);
      throw new UserError(
        `--python-bots: ${refused.length} bot(s) cannot run in the offline sandbox, so this is refused rather than run without them:\n` +
          refused.map((c) => `  ${c.name} (${c.file}): ${c.refused}`).join('\n') +
          `\nRun the others by naming them: --bots ${runnable.join(',')}` +
          '\n(or use the ports: koth replay dice --exact --bots ..., which have explicit hooks for the inspect tricks).',
      );
    }
    if (names.length < 8) throw new UserError(`a dice game seats 8 bots: give at least 8 (got ${names.length}: ${names.join(', ')})`);
    return { pool, files, names };
  } catch (e) {
    await pool.destroy();
    throw e;
  }
}

/** Runs a job of engines/dice/trials.ts in the pool; failures become the CLI's errors (exit codes of the README). */
export async function runDiceJob(pool: SandboxPool, fn: string, args: unknown, h: Parameters<SandboxPool['run']>[1] = {}): Promise<unknown> {
  try {
    return await pool.run({ kind: 'job', fn, args }, h);
  } catch (e) {
    throw diceSandboxError(e);
  }
}

/** What a failure in a sandbox worker means to the user. */
export function diceSandboxError(e: unknown): unknown {
  const stopped = (bot: string, reason: string, detail: string) =>
    new UserError(
      `the Python sandbox stopped bot ${bot} (${reason}): ${detail}\n` +
        'The original controller had no time or memory limit (and caught no exception), so it would have hung or died here; ' +
        'this replay stops, and no results exist for it.',
      EXIT.originalCrashed,
    );
  if (e instanceof SandboxKilled) return stopped(e.message.split(':')[0]!, e.reason, e.message);
  if (!(e instanceof SandboxTaskError)) return e;
  const d = e.data;
  const cause: ErrorData | undefined = d.cause;
  if (d.name === 'BotCrash') {
    if (cause && cause.fields.reason !== undefined && cause.fields.detail !== undefined) return stopped(String(cause.fields.bot), String(cause.fields.reason), String(cause.fields.detail));
    return new UserError(d.message, EXIT.originalCrashed);
  }
  if (d.name === 'PythonFileError') return new UserError(`--python-bots: ${d.message}. The original controller could not have imported it either; fix the file or leave it out.`);
  if (d.fields.reason !== undefined && d.fields.detail !== undefined) return stopped(String(d.fields.bot), String(d.fields.reason), String(d.fields.detail));
  return e;
}

/** A BotCrash (this thread) whose cause is the sandbox ending a bot: what the original did and why we stop. */
export function sandboxStopMessage(e: BotCrash): string | undefined {
  if (!(e.cause instanceof DiceSandboxStop)) return undefined;
  const s = e.cause;
  return (
    `the Python sandbox stopped bot ${s.bot} (${s.reason}) in game ${e.game}: ${s.detail}\n` +
    'The original controller had no time or memory limit (and caught no exception), so it would have hung or died here; ' +
    'this replay stops, and no results exist for it.'
  );
}

export { EXIT };

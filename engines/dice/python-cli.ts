/**
 * `--python-bots FILE.py[,FILE2.py…]` for `koth replay dice --exact` and `koth play dice`: the
 * original answers play in our controller inside the Pyodide sandbox (python-bots.ts).
 */
import { EXIT, UserError } from '../core/cli/errors.ts';
import { readInputFile } from '../core/cli/files.ts';
import type { DiceBotClass } from './bot.ts';
import { BotCrash } from './rules.ts';
import { DiceSandboxStop, loadPythonDiceBots, PythonFileError } from './python-bots.ts';

export const DICE_PYTHON_BOTS_HELP =
  'run the ORIGINAL Python bots (sandboxed in Pyodide) instead of ports: FILE.py[,FILE2.py...] loaded in this order; ' +
  'bots are found as the controller found them (Bot.__subclasses__(), the file\'s own Bot if it defines one) unless --bots names them ' +
  '(indirect subclasses too); bots that cannot run offline (numpy, inspect on the controller\'s frames) are refused by name';

export interface PythonDicePool {
  names: string[];
  resolve: (name: string) => DiceBotClass | undefined;
}

export function pythonDicePool(opts: { pythonBots?: string; bots?: string; pool?: string }): PythonDicePool {
  if (opts.pool) throw new UserError('--python-bots and --pool exclude each other: --bots A,B picks among the Python classes');
  const files = opts
    .pythonBots!.split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!files.length) throw new UserError('--python-bots: give .py files, comma-separated');
  const sources = files.map((path) => ({ path, code: readInputFile('--python-bots', path, 'give .py files, comma-separated') }));
  let loaded;
  try {
    loaded = loadPythonDiceBots(sources);
  } catch (e) {
    if (e instanceof PythonFileError) throw new UserError(`--python-bots: ${e.message}. The original controller could not have imported it either; fix the file or leave it out.`);
    throw e;
  }
  const byName = new Map<string, (typeof loaded.classes)[number]>();
  for (const c of loaded.classes) if (!byName.has(c.name)) byName.set(c.name, c);
  const names = opts.bots
    ? opts.bots
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : loaded.classes.filter((c) => c.direct).map((c) => c.name);
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
  return { names, resolve: (n) => byName.get(n)?.cls };
}

/** A BotCrash whose cause is the sandbox ending a bot: what the original did and why we stop. */
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

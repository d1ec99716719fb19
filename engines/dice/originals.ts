/**
 * `--python-bots FILE.py[,FILE2.py…]` for `koth replay dice` (exact or statistical) and
 * `koth play dice`: what is the dice game's own in running the original answers (the one core
 * path is engines/core/cli/originals.ts; the jobs are in trials.ts).
 */
import type { OriginalBots } from '../core/game.ts';
import { EXIT, UserError } from '../core/cli/errors.ts';
import { SandboxStop } from '../core/py/errors.ts';
import { printable } from '../core/report/table.ts';
import type { DicePythonFiles } from './trials.ts';

export const diceOriginals: OriginalBots<DicePythonFiles> = {
  help:
    'run the ORIGINAL Python bots (sandboxed in Pyodide) instead of ports: FILE.py[,FILE2.py...] loaded in this order; ' +
    "bots are found as the controller found them (Bot.__subclasses__(), the file's own Bot if it defines one) unless --bots names them " +
    "(indirect subclasses too); bots that read the controller's frames with inspect run as posted; a package the offline sandbox lacks " +
    '(numpy beyond what the posted answers call) is refused by name',
  controller: 'the original controller',
  noun: 'bot',
  fromFile: (path, code) => ({ path, code }),
  args: (sources) => ({ files: sources as DicePythonFiles['files'] }),
  inspectJob: 'diceInspect',
  seats: { min: 8 },
  rebuild(d) {
    // A bot's exception ends the run as it ended the original controller (Controller.single_bot calls make_throw bare);
    // a sandbox stop (its cause) is told as one (the core's message: the original would have hung or died, not stopped).
    if (d.name !== 'BotCrash') return undefined;
    const cause = d.cause as { fields: Record<string, unknown>; message: string } | undefined;
    if (cause && typeof cause.fields.bot === 'string' && typeof cause.fields.reason === 'string') {
      const s = new SandboxStop(cause.fields.bot, cause.fields.reason, typeof cause.fields.detail === 'string' ? cause.fields.detail : cause.message);
      s.where = `game ${String(d.fields.game)}`;
      return s;
    }
    if (cause && (cause as { name?: string }).name === 'DiceCannotFollow') return cannotFollowError(cause.message);
    return new UserError(printable(d.message), EXIT.originalCrashed);
  },
};

/** A bot led the original where koth does not follow (python-bots.ts DiceCannotFollow): refused, no results (exit 2). */
export function cannotFollowError(message: string): UserError {
  return new UserError(`${printable(message)}.\nThis run stops without results: it would not be the original one.`, EXIT.usage);
}

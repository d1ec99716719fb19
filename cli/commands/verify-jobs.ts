/**
 * One `koth verify` job (a whole bot: port against original), run in this thread or in a
 * worker thread (verify-worker.ts) with that thread's own Python sandbox. The game is found in
 * the registry, so neither this file nor the CLI imports a game. What comes back is plain data
 * (errors included: a worker's exceptions lose their classes on the way back).
 */
import { findGame } from '../../engines/registry.ts';
import { isVerifier, type VerifySource } from '../../engines/core/game.ts';
import { SandboxStop } from '../../engines/core/py/errors.ts';
import { PythonFileError } from '../../engines/core/sandbox/errors.ts';
import type { SandboxContext } from '../../engines/core/runner/trial-spec.ts';
import { nondeterminismOf, sha256, VerifyInputError, type VerifyResult } from '../../engines/core/verify/verify.ts';

export interface VerifyJob {
  game: string;
  bot: string;
  source: VerifySource;
  seed: string;
  games: number;
  /** The rule variant the situations are played under (games whose verifier has rules; absent: the bot's default). */
  rules?: string;
  /** What the game's verifier prepared from the source on the main thread (a compiled original). */
  prepared?: unknown;
}

export type VerifyJobResult =
  | { ok: true; result: VerifyResult }
  | { ok: false; kind: 'input'; message: string }
  | { ok: false; kind: 'sandbox'; bot: string; reason: string; message: string }
  | { ok: false; kind: 'bug'; message: string };

export function runVerifyJob(job: VerifyJob, sandbox?: SandboxContext): VerifyJobResult {
  const v = findGame(job.game)?.verify;
  if (!isVerifier(v)) return { ok: false, kind: 'input', message: `${job.game} has no verifier` };
  try {
    const r = v.verify(job.bot, job.source, { seed: job.seed, games: job.games, prepared: job.prepared, sandbox, ...(job.rules !== undefined ? { rules: job.rules } : {}) });
    return { ok: true, result: { ...r, source: { path: job.source.path, sha256: sha256(job.source.code) }, nondeterministic: nondeterminismOf(job.source.code) } };
  } catch (e) {
    if (e instanceof VerifyInputError) return { ok: false, kind: 'input', message: e.message };
    // The same files give the same codes as under --python-bots: a file that does not load is bad input (2), a stop is 3.
    if (e instanceof PythonFileError) return { ok: false, kind: 'input', message: `--source: ${e.message}. The original controller could not have imported it either; fix the file.` };
    // A stop may come wrapped by the game (dice: a BotCrash whose cause is the stop).
    let stop: unknown = e;
    while (stop instanceof Error && !(stop instanceof SandboxStop) && stop.cause !== undefined) stop = stop.cause;
    if (stop instanceof SandboxStop) return { ok: false, kind: 'sandbox', bot: stop.bot, reason: stop.reason, message: stop.pyMessage.startsWith(`${stop.bot}: `) ? stop.pyMessage.slice(stop.bot.length + 2) : stop.pyMessage };
    if (e instanceof SandboxStop) return { ok: false, kind: 'sandbox', bot: e.bot, reason: e.reason, message: e.pyMessage };
    // the game's own stops of the original, as it declares them (gun-duel: a compiled original that trapped): this file knows no game's errors
    const own = v.stopOf?.(e);
    if (own) return { ok: false, kind: 'sandbox', bot: job.bot, reason: own.reason, message: own.message };
    return { ok: false, kind: 'bug', message: (e as Error).stack ?? String(e) };
  }
}

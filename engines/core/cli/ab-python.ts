/**
 * `koth ab <game> --python-bots FILES` (AbGame.python): the game's original Python classes as A, B
 * and the field, through the one CLI path of --python-bots (originals.ts, beside it): the
 * files are read here, the sandbox workers hold the game's A/B module (`<id>:ab`, which exports the
 * originals' inspect job), the classes are listed, and every batch runs in those workers — or, with
 * --queue, in the sandbox workers of `koth worker`s, the files travelling by content (sha256, the
 * runner's content.ts) with the run's options: a worker never reads a path of the coordinator.
 */
import type { GameDescriptor, Originals, ReplayKit } from '../game.ts';
import { openOriginals } from './originals.ts';
import type { AbPythonExtra } from '../ab/types.ts';
import { trialsKey, trialsRef } from '../runner/trials-ref.ts';

/**
 * Opens the originals of `game` for its A/B pairs: every class the files define (the seats' minimum
 * of a replay does not apply: a pair seats A or B and the field). Close it with `close()`.
 */
export function openAbPython(game: GameDescriptor, files: string, kit: Pick<ReplayKit, 'sandboxPool'>, o: { workers: number; rules?: string | undefined }): Promise<Originals> {
  const spec = game.engine!.entrants!.python!;
  const py = game.engine!.ab!.python!;
  return openOriginals(
    trialsKey(trialsRef(game.id, 'ab')),
    { ...spec, seats: undefined },
    { pythonBots: files, ...(o.rules !== undefined ? { rules: o.rules } : {}) },
    kit,
    { workers: o.workers, ...(py.timeoutMs !== undefined ? { timeoutMs: py.timeoutMs } : {}) },
  );
}

/** The A/B run's `extra` with the originals' job arguments (the files' texts inside). */
export const abPythonExtra = (p: Originals): AbPythonExtra => ({ python: p.args });

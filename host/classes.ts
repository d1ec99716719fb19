/**
 * The real class discovery of ingest (host/ingest.ts ClassesOf): which bots a piece of Python code
 * defines, as the game's original controller found them — the game's own inspect job
 * (`engine.entrants.python.inspectJob`, the one `--python-bots` runs: engines/core/cli/originals.ts)
 * in a sandbox worker (Pyodide). The code is loaded as a file; when it does not load so and the
 * game's verifier says what a scraped block needs around it (`verify.wrap`: the controller's
 * imports an answer was pasted under), it is loaded wrapped. A code that loads neither way is
 * "cannot tell" (undefined): ingest then takes the classes its extractor reads, and validation
 * rejects the version with the Python error.
 *
 * C++ (gun-duel) and programs are not asked here (undefined): a C++ player is the class deriving
 * Player that the game's extractor and its C++ sandbox find alike (engines/gun-duel/extract.ts).
 */
import { isVerifier, type GameDescriptor, type ReplayKit } from '../engines/core/game.ts';
import type { OriginalsInspection } from '../engines/core/kit-types.ts';
import { runOriginalsJob } from '../engines/core/cli/originals.ts';
import type { SandboxPool } from '../engines/core/sandbox/pool.ts';
import { sha256 } from '../scraper/extract.ts';
import type { ClassesOf } from './ingest.ts';

export interface SandboxClasses {
  classesOf: ClassesOf;
  /** Ends the sandbox worker (started at the first question). */
  close(): Promise<void>;
}

/**
 * The game's class discovery in one sandbox worker of `kit` (the registry's replayKit() for the
 * command). `timeoutMs`: how long loading one code may take (the sandbox's default when absent;
 * KOTH_SANDBOX_TIMEOUT_MS overrides both): an answer that loops while loading is "cannot tell".
 */
export function sandboxClassesOf(game: GameDescriptor, kit: Pick<ReplayKit, 'sandboxPool'>, o: { timeoutMs?: number } = {}): SandboxClasses {
  const spec = game.engine?.entrants?.python;
  let pool: SandboxPool | undefined;
  const wrap = isVerifier(game.verify) ? game.verify.wrap : undefined;
  const inspect = async (code: string): Promise<string[] | undefined> => {
    pool ??= kit.sandboxPool(game.id, 1, o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs });
    const args = spec!.args([spec!.fromFile(`answer_${sha256(code).slice(0, 12)}.py`, code)], {});
    try {
      const found = (await runOriginalsJob(spec!, pool, spec!.inspectJob, args)) as OriginalsInspection;
      // What the controller would seat: its direct classes; one it skipped (the module failed) is no answer.
      if (found.skipped?.length) return undefined;
      return found.classes.filter((c) => c.direct !== false).map((c) => c.name);
    } catch {
      return undefined;
    }
  };
  return {
    async classesOf(language, code) {
      if (!spec || !language.startsWith('python')) return undefined;
      return (await inspect(code)) ?? (wrap ? inspect(wrap(code)) : undefined);
    },
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}

import type { GeneratorKind } from '../rng/generators.ts';
import type { Rng } from '../rng/rng.ts';
import type { SandboxRuntime } from '../sandbox/heartbeat.ts';

/** What a sandbox worker hands the code it runs besides the task (sandbox/job-worker.ts JobContext has these and more). */
export interface SandboxContext {
  runtime: SandboxRuntime;
  cells: Int32Array;
  label(text: string): number;
  /** Lines the sandboxed code printed (a compiled answer's stdout/stderr), to be shown with the task's result; absent where nobody shows them. */
  output?(lines: string[]): void;
}

/**
 * Shardable trials: a trial is one game (dice, camel-up) or one whole tournament
 * (gun-duel, atomas's 20-game series). The runner splits N trials into shards, gives each
 * shard its own generator of the trials' `generator` kind derived from (master seed, shard
 * index), runs shards on worker threads and merges the accumulators in shard order. `opts`
 * and the accumulator must be structured-cloneable (they cross thread boundaries and go into
 * checkpoint files). Workers import the object from its own module (`engines/<id>/trials.ts`
 * exporting `trials`, or the engine's `trialsModule`).
 */
export interface TrialSpec<Opts, Acc> {
  /** The kind of generator each shard is handed (rng/generators.ts). */
  generator: GeneratorKind;
  /**
   * `sandbox`: in a sandbox worker (engines/core/sandbox/pool.ts), the worker's context — the
   * same one its jobs get (its runtime, heartbeat cells, labels); absent on plain workers.
   */
  run(opts: Opts, rng: Rng, count: number, tick?: (done: number) => void, sandbox?: SandboxContext): Acc;
  /**
   * `a` and `b` together (b's trials after a's). The runner, checkpoints and queue always pass as
   * `a` an accumulator of their own (spec.empty's, or the one merging builds), so a spec may grow
   * `a` in place and return it (koth ab's pairs do: appending keeps a long run linear); `b` is
   * never changed.
   */
  merge(a: Acc, b: Acc): Acc;
  empty(opts: Opts): Acc;
  /**
   * How many trials an accumulator holds (its games, runs or tournaments). A checkpoint read
   * back must hold exactly the trials of the shards it says are done.
   */
  count(acc: Acc): number;
  /**
   * What is wrong with an accumulator read from a file beyond the shape of `empty(opts)`
   * (runner/acc-check.ts checks that), e.g. the elements of a list that grows; [] when nothing.
   */
  check?(acc: Acc, opts: Opts): string[];
}

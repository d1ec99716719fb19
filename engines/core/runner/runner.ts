/**
 * The generic tournament runner: N trials of a registered game, cut into fixed-size shards
 * (shards.ts), run in this thread or on worker threads, merged in shard order — so the
 * result is identical for any number of workers. Long runs write a checkpoint after
 * finished shards and resume from it. A run that must hear Ctrl-C while a shard runs (the koth
 * program: `offThread`) runs every shard on a worker thread, even with one worker.
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { Seed } from '../rng/rng.ts';
import { shardGenerator } from '../rng/generators.ts';
import type { TrialSpec } from './trial-spec.ts';
import { Progress } from './progress.ts';
import { planShards, type Shard } from './shards.ts';
import { Checkpoint, CheckpointWriteError, OrderedMerger } from './checkpoint.ts';
import type { ShardTask } from './worker.ts';
import type { SandboxPool } from '../sandbox/pool.ts';

export interface RunOptions<Opts, Acc> {
  /** The game's id: names the run (progress bar, checkpoint identity). */
  game: string;
  /** The game's trials, run here when workers is 1. */
  spec: TrialSpec<Opts, Acc>;
  /** The module workers import `trials` from (a path or file: URL): the same object as `spec`. */
  trialsModule: string;
  opts: Opts;
  seed: Seed;
  trials: number;
  shardSize: number;
  /** 1 runs in this thread; more starts that many worker threads. */
  workers?: number;
  /** Path of a checkpoint file: resumed if it exists and matches, updated as shards finish. */
  checkpoint?: string;
  /** Files whose content is part of the run's identity in the checkpoint (a --bot-cmd program: programFiles). */
  inputs?: readonly string[];
  /** This run's part in the checkpoint file (several runs of one command share the file); "main" by default. */
  checkpointPart?: string;
  /** Least time between checkpoint writes (1000 ms; tests use 0: a write after every shard). */
  checkpointEveryMs?: number;
  /** Label of the progress bar (shown on a terminal for runs over a second). */
  label?: string;
  /**
   * Asked after each shard merged in index order (the merged value, the shard's index; first for
   * the prefix a checkpoint resumes): true ends the run there — no shard starts, those under way
   * are abandoned, none after it is merged — and the run is complete, not interrupted (koth ab
   * stops at the pair whose LLR crosses a bound: at most about one batch per worker is played past it).
   */
  enough?: (acc: Acc, index: number) => boolean;
  /** Called once per finished shard (tests use it to interrupt a run). */
  onShard?: (done: number, total: number) => void;
  /** Stops scheduling new shards when aborted (the first Ctrl-C); the shards under way finish, the checkpoint keeps what finished. */
  signal?: AbortSignal;
  /**
   * Stops at once when aborted (a second Ctrl-C): the shards under way on worker threads are
   * abandoned, their threads ended (one on this thread is stopped after it); the checkpoint keeps
   * the shards that finished.
   */
  abort?: AbortSignal;
  /**
   * Runs even one worker's shards on a worker thread, keeping this thread free to hear Ctrl-C
   * while a shard runs (the koth program; tests calling the CLI in-process run them here, faster).
   */
  offThread?: boolean;
  /**
   * Sandbox workers (engines/core/sandbox/pool.ts) to run every shard on, instead of this thread
   * or plain workers: runs with original Python bots. Their number replaces `workers`.
   */
  sandbox?: SandboxPool;
  /** With `sandbox`: the lines its answers printed during a shard, as the pool hands them (engines/core/cli/answer-output.ts shows them). */
  onOutput?: (lines: string[]) => void;
}

export interface RunResult<Acc> {
  acc: Acc;
  shards: number;
  resumedShards: number;
  trials: number;
  /** Trials finished (all of them unless interrupted), resumed shards included. */
  done: number;
  workers: number;
  /** What ran the trials, in words, when not this machine's worker threads (the kit sets it: sandbox workers, a queue's koth workers). */
  ranOn?: string;
  elapsedMs: number;
  /** True when the run stopped before every shard finished: its signal, or a checkpoint that could not be written. */
  interrupted: boolean;
  /** `enough` ended the run before its last shard (not an interruption). */
  sated?: boolean;
  /**
   * The checkpoint could not be written (a full disk…). With `interrupted` the run stopped
   * there; without, every shard finished but the file holds an earlier state.
   */
  checkpointError?: CheckpointWriteError;
}

const abandon = Symbol('abandoned');

export function defaultWorkers(): number {
  return Math.max(1, Math.min(availableParallelism(), 8));
}

/** The worker script: dist/worker.js beside the bundle, or worker.ts through tsx from sources. */
export function workerFile(): { filename: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return { filename: fileURLToPath(new URL('./worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] };
  // Bundled: this code sits in dist/koth.js or in a shared chunk under dist/chunks/.
  const js = fileURLToPath(new URL(import.meta.url.includes('/chunks/') ? '../worker.js' : './worker.js', import.meta.url));
  if (!existsSync(js)) throw new Error(`worker script missing at ${js}: run "npm run build"`);
  return { filename: js, execArgv: [] };
}

export async function runTrials<Opts, Acc>(o: RunOptions<Opts, Acc>): Promise<RunResult<Acc>> {
  const started = performance.now();
  const spec = o.spec;
  const plan = planShards(o.trials, o.shardSize);
  const workers = Math.max(1, Math.min(o.sandbox?.workers ?? o.workers ?? 1, plan.length || 1));
  const merge = (a: Acc, b: Acc) => spec.merge(a, b);
  const cp = o.checkpoint
    ? new Checkpoint<Opts, Acc>(o.checkpoint, { game: o.game, seed: String(o.seed), trials: o.trials, shardSize: o.shardSize, opts: o.opts, ...(o.inputs ? { inputs: o.inputs } : {}) }, spec, o.opts, o.checkpointPart, o.checkpointEveryMs)
    : undefined;
  // Shards merge strictly in index order, whichever worker finishes first.
  const merger = cp?.merger ?? new OrderedMerger<Acc>(merge, { next: 0, acc: spec.empty(o.opts), pending: {} });
  // Enough already in what a checkpoint resumed (the prefix merged), else asked after each merge.
  if (o.enough) {
    if (merger.state.next > 0 && o.enough(merger.state.acc, merger.state.next - 1)) merger.sated = true;
    merger.enough = o.enough;
  }
  // Enough: the shards under way are abandoned (piscina: their signal; a sandbox's: left to its owner).
  const cut = new AbortController();
  const sated = () => merger.sated;
  const todo = plan.filter((s) => !merger.has(s.index));
  const resumedShards = plan.length - todo.length;
  const progress = new Progress(o.trials, o.label ?? o.game);
  progress.tick(plan.filter((s) => merger.has(s.index)).reduce((n, s) => n + s.count, 0));
  let finished = resumedShards;
  // A checkpoint write that fails stops the run (no new shard starts); the file keeps its last good state.
  let writeError: CheckpointWriteError | undefined;
  const saving = (f: () => void) => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof CheckpointWriteError)) throw e;
      writeError ??= e;
    }
  };
  // A shard recorded: wakes the lanes waiting for the merged prefix to advance (`inWindow`).
  const waiting: (() => void)[] = [];
  const record = (shard: Shard, acc: Acc) => {
    if (cp) saving(() => cp.record(shard.index, acc));
    else merger.add(shard.index, acc);
    finished++;
    o.onShard?.(finished, plan.length);
    if (merger.sated) cut.abort();
    for (const wake of waiting.splice(0)) wake();
  };
  /**
   * With `enough`, a shard starts only within workers + 1 of the first not merged: at the stop, at
   * most about one shard per worker has been played past it, however uneven the shards' times.
   */
  const inWindow = async (shard: Shard): Promise<void> => {
    while (o.enough && shard.index >= merger.state.next + workers + 1 && !sated() && !stopped()) {
      await Promise.race([new Promise<void>((r) => waiting.push(r)), abandoned]);
    }
  };
  const stopped = () => o.signal?.aborted || o.abort?.aborted || writeError !== undefined;
  let interrupted = false;
  // Resolves when the run is to stop at once: a shard under way is no longer waited for.
  const abandoned = new Promise<void>((r) => {
    if (o.abort?.aborted) return r();
    o.abort?.addEventListener('abort', () => r(), { once: true });
    cut.signal.addEventListener('abort', () => r(), { once: true });
  });
  const stopAt = o.abort ? AbortSignal.any([o.abort, cut.signal]) : cut.signal;
  try {
    if (o.sandbox) {
      const pool = o.sandbox;
      let next = 0;
      const lane = async () => {
        while (next < todo.length && !sated()) {
          // Ctrl-C, or a checkpoint that could not be written: no new shard starts.
          if (stopped()) {
            interrupted = true;
            return;
          }
          const shard = todo[next++]!;
          await inWindow(shard);
          if (sated()) return;
          if (stopped()) {
            interrupted = true;
            return;
          }
          const running = pool.run({ kind: 'shard', module: o.trialsModule, opts: o.opts, seed: o.seed, index: shard.index, count: shard.count }, { onTick: (n) => progress.tick(n), ...(o.onOutput ? { onOutput: o.onOutput } : {}) });
          // Stopped at once: the shard is left to the pool's owner, who ends its workers.
          const acc = (await Promise.race([running, abandoned.then(() => abandon)])) as Acc | typeof abandon;
          if (acc === abandon) {
            running.catch(() => {});
            if (!sated()) interrupted = true;
            return;
          }
          record(shard, acc);
        }
      };
      await Promise.all(Array.from({ length: workers }, lane));
    } else if (workers === 1 && !o.offThread) {
      for (const shard of todo) {
        if (sated()) break;
        if (stopped()) {
          interrupted = true;
          break;
        }
        const acc = spec.run(o.opts, shardGenerator(spec.generator, o.seed, shard.index), shard.count, (n) => progress.tick(n));
        record(shard, acc);
        // Let signals and timers in (Ctrl-C between shards).
        await new Promise((r) => setImmediate(r));
      }
    } else {
      const { filename, execArgv } = workerFile();
      const pool = new Piscina({ filename, execArgv, minThreads: workers, maxThreads: workers, idleTimeout: 1000 });
      try {
        let next = 0;
        const lane = async () => {
          while (next < todo.length && !sated()) {
            if (stopped()) {
              interrupted = true;
              return;
            }
            const shard = todo[next++]!;
            await inWindow(shard);
            if (sated()) return;
            if (stopped()) {
              interrupted = true;
              return;
            }
            const task: ShardTask = { module: o.trialsModule, opts: o.opts, seed: o.seed, index: shard.index, count: shard.count };
            let acc: Acc;
            try {
              // A stop at once ends the thread of the shard under way (piscina: its signal).
              acc = (await pool.run(task, { signal: stopAt })) as Acc;
            } catch (e) {
              if (sated()) return;
              if (!o.abort?.aborted) throw e;
              interrupted = true;
              return;
            }
            progress.tick(shard.count);
            record(shard, acc);
          }
        };
        await Promise.all(Array.from({ length: workers }, lane));
      } finally {
        await pool.destroy();
      }
    }
  } finally {
    progress.stop();
    if (cp && !writeError) saving(() => cp.flush(!interrupted && merger.state.next === plan.length));
  }
  if (!merger.sated && merger.state.next !== plan.length) interrupted = true;
  if (merger.sated && writeError) interrupted = true;
  const acc = merger.state.acc;
  const done = plan.filter((s) => merger.has(s.index)).reduce((n, s) => n + s.count, 0);
  return { acc, shards: plan.length, resumedShards, trials: o.trials, done, workers, elapsedMs: performance.now() - started, interrupted, ...(merger.sated ? { sated: true } : {}), ...(writeError ? { checkpointError: writeError } : {}) };
}

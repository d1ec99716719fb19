/**
 * The coordinator of a queued run (`koth replay … --queue URL`; fishtest's server side): adds the
 * run's shards as jobs, re-reads every pending job's state on a timer (no events: a Redis
 * restarted without persistence loses them) and re-adds the missing ones, checks each result
 * before it merges it in index order (checkpointed as a local run is), and removes the run's
 * jobs once all are merged.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, type Job } from 'bullmq';
import type { ShardedRun } from '../../game.ts';
import { Progress } from '../progress.ts';
import { planShards } from '../shards.ts';
import { Checkpoint, OrderedMerger } from '../checkpoint.ts';
import { shapeProblems } from '../acc-check.ts';
import { printable } from '../../report/table.ts';
import { SandboxKilled, SandboxTaskError } from '../../sandbox/errors.ts';
import { pythonSourcesToJob } from '../content.ts';
import { connect, envMs, QueueUnreachable, redact } from './connection.ts';
import { QueueJobFailed, contentKeyOf, encodeSeed, jobIdOf, OPTS_INLINE_MAX, optsKeyOf, QUEUE_NAME, QUEUE_PREFIX, rebuildStopped, runIdOf, type QueueJobData, type ShardSandbox } from './protocol.ts';

/** A shard failed on a worker (its error), or a worker handed in a result that cannot be this shard's: the run stops (exit 70). */
export { QueueJobFailed };

/** The run as the kit describes it (its identity, checkpoint, label), plus where the queue is. */
export interface QueuedRunOptions<Opts, Acc> extends Pick<ShardedRun<Opts, Acc>, 'game' | 'spec' | 'opts' | 'seed' | 'trials' | 'shardSize' | 'label' | 'checkpoint' | 'checkpointPart' | 'onShard' | 'enough'> {
  url: string;
  /** Every shard runs in a sandbox worker of this kind on the `koth worker` that takes it (the run's `sandbox` pool says which). */
  sandbox?: ShardSandbox;
  version: string;
  signal?: AbortSignal;
  /** A line for the user (stderr by default): re-added shards, waiting for workers, refusals. */
  say?: (line: string) => void;
  /**
   * Each shard's result as it is handed in (checked, before it is merged), with the worker that
   * played it as the queue knows it (the name a `koth worker` gives itself): for a caller that
   * audits who played what (`koth host tick --queue`). Not called for shards resumed from a checkpoint.
   */
  onResult?: (index: number, acc: Acc, worker: string | undefined) => void;
  /** false: no progress bar of its own (a caller that shows its own: `koth host tick`); default: on a terminal. */
  progressBar?: boolean;
}

export interface QueuedRunResult<Acc> {
  acc: Acc;
  shards: number;
  resumedShards: number;
  done: number;
  elapsedMs: number;
  interrupted: boolean;
  run: string;
}

/**
 * Why a result handed in for a shard of `count` trials cannot be that shard's, or []: its shape
 * against `empty(opts)` (runner/acc-check.ts), the game's own `TrialSpec.check`, its trial count,
 * and that it merges. A worker's result is checked before it is merged, as a checkpoint is.
 */
export function shardResultProblems<Opts, Acc>(acc: unknown, spec: QueuedRunOptions<Opts, Acc>['spec'], opts: Opts, count: number): string[] {
  if (acc === null || acc === undefined) return ['it is empty (no result)'];
  const template = spec.empty(opts);
  const shape = shapeProblems(acc, template, 'result');
  if (shape.length) return shape.slice(0, 3);
  const own = spec.check?.(acc as Acc, opts) ?? [];
  if (own.length) return own.slice(0, 3);
  const n = spec.count(acc as Acc);
  if (n !== count) return [`it holds ${n} trials, the shard has ${count}`];
  try {
    spec.merge(template, acc as Acc);
  } catch (e) {
    return [`it does not merge with this run's results (${(e as Error).message})`];
  }
  return [];
}

/** Who ran a job, as its worker named itself (`koth worker` names itself host, pid and version). */
const workerOf = (job: Job<QueueJobData> | undefined): string => (job?.processedBy ? `worker "${printable(job.processedBy)}"` : 'a worker that gave no name (not a koth worker?)');

/** The coordinator: adds the run's shards, polls their states, merges results in order. */
export async function runQueued<Opts, Acc>(o: QueuedRunOptions<Opts, Acc>): Promise<QueuedRunResult<Acc>> {
  const started = performance.now();
  const plan = planShards(o.trials, o.shardSize);
  const run = runIdOf(o.version, o.sandbox ? { ...o, opts: { opts: o.opts, sandbox: o.sandbox } } : o);
  const cp = o.checkpoint
    ? new Checkpoint<Opts, Acc>(o.checkpoint, { game: o.game, seed: String(o.seed), trials: o.trials, shardSize: o.shardSize, opts: o.opts }, o.spec, o.opts, o.checkpointPart, 1000)
    : undefined;
  const merger = cp?.merger ?? new OrderedMerger<Acc>((a, b) => o.spec.merge(a, b), { next: 0, acc: o.spec.empty(o.opts), pending: {} });
  // Enough (koth ab's verdict): no later shard is merged, so the result is a local run's; the queue still plays them.
  if (o.enough) {
    if (merger.state.next > 0 && o.enough(merger.state.acc, merger.state.next - 1)) merger.sated = true;
    merger.enough = o.enough;
  }
  // Shards handed in: a merger that has enough drops the later ones, which are then not waited for again.
  const handedIn = new Set<number>();
  const record = (i: number, acc: Acc) => {
    handedIn.add(i);
    if (cp) cp.record(i, acc);
    else merger.add(i, acc);
  };
  const conn = await connect(o.url, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  queue.on('error', () => {});
  // Python sources go by content: the job's options name each text by its sha256, the texts are stored once for the run.
  const byContent = o.sandbox?.runtime === 'python' ? pythonSourcesToJob(o.opts) : { opts: o.opts as unknown, contents: {} };
  const contents = Object.keys(byContent.contents).length ? byContent.contents : undefined;
  const optsText = JSON.stringify(byContent.opts) ?? 'null';
  const say = o.say ?? ((line: string) => process.stderr.write(`koth: ${line}\n`));
  const progress = o.progressBar === false ? new Progress(o.trials, o.label ?? o.game, false) : new Progress(o.trials, o.label ?? o.game);
  const pollMs = envMs('KOTH_QUEUE_POLL_MS', 500);
  const idleMs = envMs('KOTH_QUEUE_IDLE_MS', 10_000);
  const resumed = plan.filter((s) => merger.has(s.index));
  let resumedShards = resumed.length;
  let mergedShards = resumed.length;
  let interrupted = false;
  let first = true;
  let lastOk = performance.now();
  // When a worker last showed itself (a shard running or merged), and what was said about waiting.
  let lastSeen = performance.now();
  let saidWaiting = false;
  const refusedBy = new Set<string>();
  progress.tick(resumed.reduce((n, s) => n + s.count, 0));
  const aborted = new Promise<void>((r) => (o.signal?.aborted ? r() : o.signal?.addEventListener('abort', () => r(), { once: true })));
  let failure: unknown;
  try {
    while (mergedShards < plan.length) {
      if (o.signal?.aborted) {
        interrupted = true;
        break;
      }
      // Every pending job and its state, read in parallel (a run may have tens of thousands of shards).
      const pending = plan.filter((s) => !merger.has(s.index) && !handedIn.has(s.index));
      let jobs: (Job<QueueJobData> | undefined)[];
      let states: string[];
      let fresh: (Job<QueueJobData> | undefined)[];
      let finished: typeof pending;
      try {
        jobs = await Promise.all(pending.map((s) => queue.getJob(jobIdOf(run, s.index)) as Promise<Job<QueueJobData> | undefined>));
        states = await Promise.all(jobs.map((j) => (j ? j.getState() : 'unknown')));
        // A job read before it finished has no result yet: the finished ones are read again.
        finished = pending.filter((_s, k) => states[k] === 'completed');
        fresh = await Promise.all(finished.map((s) => queue.getJob(jobIdOf(run, s.index)) as Promise<Job<QueueJobData> | undefined>));
      } catch (e) {
        redisAway(e);
        await Promise.race([sleep(pollMs), aborted]);
        continue;
      }
      // Each result is checked before it is merged: a wrong one stops the run, naming its worker.
      for (let k = 0; k < finished.length; k++) {
        const s = finished[k]!;
        const job = fresh[k];
        if (!job) continue; // removed meanwhile: re-added below on the next round
        const problems = shardResultProblems(job.returnvalue, o.spec, o.opts, s.count);
        if (problems.length) {
          // Its job goes, and every other result that worker handed in that this round read: none can be trusted.
          const suspect = fresh.filter((j, i) => j && (j.processedBy === job.processedBy || shardResultProblems(j.returnvalue, o.spec, o.opts, finished[i]!.count).length));
          await Promise.all(suspect.map((j) => queue.remove(j!.id!).catch(() => 0)));
          throw new QueueJobFailed(
            `shard ${s.index} of ${printable(o.label ?? o.game)} came back from ${workerOf(job)} with a result that cannot be this shard's: ${problems.map(printable).join('; ')}. ` +
              `Nothing of it was merged and ${suspect.length > 1 ? `the ${suspect.length} jobs that worker handed in were` : 'the job was'} removed: stop that worker (or run one of this koth build), then rerun the same command to resume (the other finished shards are kept)`,
          );
        }
        o.onResult?.(s.index, job.returnvalue as Acc, job.processedBy);
        record(s.index, job.returnvalue as Acc);
        mergedShards++;
        lastSeen = performance.now();
        if (first) resumedShards++;
        progress.tick(s.count);
        o.onShard?.(mergedShards, plan.length);
      }
      const missing: typeof pending = [];
      const delayed: Job<QueueJobData>[] = [];
      try {
        for (let k = 0; k < pending.length; k++) {
          if (states[k] === 'failed') {
            if (first) await jobs[k]!.retry('failed');
            else {
              // Compiled (or Python) code that stopped in a worker's sandbox: the error a local run would throw, for the game to map.
              const stopped = rebuildStopped(jobs[k]!.progress, `shard ${pending[k]!.index}, on ${workerOf(jobs[k])}`);
              if (stopped) throw stopped;
              throw new QueueJobFailed(`shard ${pending[k]!.index} of ${printable(o.label ?? o.game)} failed on ${workerOf(jobs[k])}: ${printable(jobs[k]!.failedReason ?? '(no reason given)')}`);
            }
          } else if (states[k] === 'unknown') missing.push(pending[k]!);
          else if (states[k] === 'active') lastSeen = performance.now();
          else if (states[k] === 'delayed') delayed.push(jobs[k]!);
        }
        if (missing.length) {
          // Large options (compiled answers) once per run, set again with every re-add (a Redis restarted without persistence).
          if (optsText.length > OPTS_INLINE_MAX) await conn.set(optsKeyOf(run), optsText);
          if (contents) await conn.hset(contentKeyOf(run), contents);
          await queue.addBulk(
            missing.map((s) => ({
              name: o.game,
              data: { version: o.version, run, game: o.game, ...(optsText.length > OPTS_INLINE_MAX ? { opts: null, optsRef: run } : { opts: byContent.opts }), ...(contents ? { contentRef: run } : {}), seed: encodeSeed(o.seed), index: s.index, count: s.count, label: o.label ?? o.game, ...(o.sandbox ? { sandbox: o.sandbox } : {}) },
              opts: { jobId: jobIdOf(run, s.index), removeOnComplete: false, removeOnFail: false, attempts: 1 },
            })),
          );
          if (!first) say(`re-added ${missing.length} shard job(s) missing from the queue (Redis restarted?)`);
        }
        // Jobs are delayed only by workers of another koth version handing them back: say so, once per version.
        for (const j of delayed) {
          const by = (j.progress as { refusedBy?: unknown } | undefined)?.refusedBy;
          const v = typeof by === 'string' ? by : 'another version';
          if (refusedBy.has(v)) continue;
          refusedBy.add(v);
          say(`shards of this run were refused by a worker of koth ${printable(v)}; this run is koth ${printable(o.version)}: start "koth worker" of this same build (a worker runs only the jobs of its own version)`);
        }
        first = false;
        lastOk = performance.now();
      } catch (e) {
        if (e instanceof QueueJobFailed || e instanceof SandboxKilled || e instanceof SandboxTaskError) throw e;
        redisAway(e);
      }
      if (mergedShards === plan.length) break;
      if (!saidWaiting && performance.now() - lastSeen > idleMs) {
        saidWaiting = true;
        say(`${plan.length - mergedShards} shard(s) queued on ${redact(o.url)}, waiting for "koth worker --queue URL" (no worker has taken one for ${Math.round(idleMs / 1000)} s; Ctrl-C keeps them queued)`);
      } else if (saidWaiting && performance.now() - lastSeen < pollMs * 2) saidWaiting = false;
      await Promise.race([sleep(pollMs), aborted]);
    }
    if (!interrupted) {
      // Every shard merged: the run's jobs go.
      await Promise.all(plan.map((s) => queue.remove(jobIdOf(run, s.index)).catch(() => 0)));
      await conn.del(optsKeyOf(run), contentKeyOf(run)).catch(() => 0);
    }
  } catch (e) {
    failure = e;
    throw e;
  } finally {
    progress.stop();
    try {
      if (cp) cp.flush(!interrupted && merger.state.next === plan.length);
    } catch (e) {
      if (!failure) throw e; // the first error is the one reported
    }
    await queue.close().catch(() => {});
    conn.disconnect();
  }
  const done = plan.filter((s) => merger.has(s.index)).reduce((n, s) => n + s.count, 0);
  return { acc: merger.state.acc, shards: plan.length, resumedShards, done, elapsedMs: performance.now() - started, interrupted, run };

  /** Redis away: keep trying for a while (it may be restarting), then give up. */
  function redisAway(e: unknown): void {
    if (performance.now() - lastOk > envMs('KOTH_QUEUE_GIVEUP_MS', 120_000)) throw new QueueUnreachable(`lost Redis at ${redact(o.url)}: ${printable((e as Error).message)}`);
  }
}

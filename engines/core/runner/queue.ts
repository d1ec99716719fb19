/**
 * Shards on a Redis-backed queue (BullMQ): a coordinator (`koth replay … --queue URL`) adds a
 * run's shards as jobs and merges their results in index order; `koth worker --queue URL`
 * processes shards of any game on a thread pool (worker.ts through piscina).
 *
 * A job's id is the run's identity (game, seed, trials, shard size, options, koth version:
 * hashed) and the shard's index, so adding it again is a no-op and a restarted coordinator
 * finds the shards already done. The coordinator does not rely on events: it re-reads every
 * pending job's state on a timer and re-adds the missing ones (a Redis restarted without
 * persistence). Finished jobs stay in Redis until the run has merged all of them, then the
 * run's jobs are removed.
 */
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Seed } from '../rng/rng.ts';
import type { ShardedRun } from '../game.ts';
import { Progress } from './progress.ts';
import { planShards } from './shards.ts';
import { Checkpoint, OrderedMerger } from './checkpoint.ts';
import type { ShardTask } from './worker.ts';

import { versionWithBuild } from '../version.ts';

/** This koth's version for the queue: package version + build hash (bundle), or +src (from sources); KOTH_QUEUE_VERSION overrides it (tests). */
export function kothVersion(): string {
  return process.env.KOTH_QUEUE_VERSION || versionWithBuild();
}

export const QUEUE_NAME = 'shards';
export const QUEUE_PREFIX = 'koth';

/** Redis unreachable, or gone for longer than the run waits (exit 4). */
export class QueueUnreachable extends Error {}
/** A shard failed on a worker (its error, or a worker of another koth version refused it). */
export class QueueJobFailed extends Error {}

export interface QueueJobData {
  /** koth version that made the job (package version + build hash). */
  version: string;
  run: string;
  game: string;
  opts: unknown;
  /** The seed: a bigint travels as {bigint: "…"}. */
  seed: string | number | { bigint: string };
  index: number;
  count: number;
  label: string;
}

const envMs = (k: string, d: number) => (Number(process.env[k]) > 0 ? Number(process.env[k]) : d);

export function encodeSeed(s: Seed): QueueJobData['seed'] {
  return typeof s === 'bigint' ? { bigint: s.toString() } : s;
}
export function decodeSeed(s: QueueJobData['seed']): Seed {
  return typeof s === 'object' ? BigInt(s.bigint) : s;
}

/** A redis:// URL checked, or why not. */
export function checkQueueUrl(url: string): string | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return `--queue takes a URL like redis://[:password@]host:port, got "${url}"`;
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') return `--queue takes a redis:// or rediss:// URL, got "${url}"`;
  if (!u.hostname) return `--queue ${url} names no host`;
  return undefined;
}

/** A connection; `blocking` ones (workers) retry commands forever, as BullMQ requires. */
export async function connect(url: string, blocking: boolean): Promise<Redis> {
  const conn = new Redis(url, { maxRetriesPerRequest: blocking ? null : 20, lazyConnect: true, connectTimeout: envMs('KOTH_QUEUE_CONNECT_MS', 5000), retryStrategy: (n) => Math.min(n * 200, 2000) });
  conn.on('error', () => {}); // reconnects by itself; failures surface as command errors
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      conn.connect().then(() => conn.ping()),
      new Promise((_r, reject) => {
        timer = setTimeout(() => reject(new Error('no answer')), envMs('KOTH_QUEUE_CONNECT_MS', 5000));
      }),
    ]);
  } catch (e) {
    conn.disconnect();
    throw new QueueUnreachable(`cannot reach Redis at ${redact(url)}: ${(e as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
  return conn;
}

export function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}

export function runIdOf(version: string, id: { game: string; seed: Seed; trials: number; shardSize: number; opts: unknown }): string {
  const text = JSON.stringify({ version, game: id.game, seed: String(id.seed), trials: id.trials, shardSize: id.shardSize, opts: id.opts }, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}

export const jobIdOf = (run: string, index: number) => `${run}-${index}`;

/** The run as the kit describes it (its identity, checkpoint, label), plus where the queue is. */
export interface QueuedRunOptions<Opts, Acc> extends Pick<ShardedRun<Opts, Acc>, 'game' | 'spec' | 'opts' | 'seed' | 'trials' | 'shardSize' | 'label' | 'checkpoint' | 'checkpointPart' | 'onShard'> {
  url: string;
  version: string;
  signal?: AbortSignal;
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

/** The coordinator: adds the run's shards, polls their states, merges results in order. */
export async function runQueued<Opts, Acc>(o: QueuedRunOptions<Opts, Acc>): Promise<QueuedRunResult<Acc>> {
  const started = performance.now();
  const plan = planShards(o.trials, o.shardSize);
  const run = runIdOf(o.version, o);
  const cp = o.checkpoint
    ? new Checkpoint<Opts, Acc>(o.checkpoint, { game: o.game, seed: String(o.seed), trials: o.trials, shardSize: o.shardSize, opts: o.opts }, o.spec, o.opts, o.checkpointPart, 1000)
    : undefined;
  const merger = cp?.merger ?? new OrderedMerger<Acc>((a, b) => o.spec.merge(a, b), { next: 0, acc: o.spec.empty(o.opts), pending: {} });
  const record = (i: number, acc: Acc) => (cp ? cp.record(i, acc) : merger.add(i, acc));
  const conn = await connect(o.url, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  queue.on('error', () => {});
  const progress = new Progress(o.trials, o.label ?? o.game);
  const pollMs = envMs('KOTH_QUEUE_POLL_MS', 500);
  const resumed = plan.filter((s) => merger.has(s.index));
  let resumedShards = resumed.length;
  let mergedShards = resumed.length;
  let interrupted = false;
  let first = true;
  let lastOk = performance.now();
  progress.tick(resumed.reduce((n, s) => n + s.count, 0));
  const aborted = new Promise<void>((r) => (o.signal?.aborted ? r() : o.signal?.addEventListener('abort', () => r(), { once: true })));
  try {
    while (mergedShards < plan.length) {
      if (o.signal?.aborted) {
        interrupted = true;
        break;
      }
      try {
        // Every pending job and its state, read in parallel (a run may have tens of thousands of shards).
        const pending = plan.filter((s) => !merger.has(s.index));
        const jobs = await Promise.all(pending.map((s) => queue.getJob(jobIdOf(run, s.index)) as Promise<Job<QueueJobData> | undefined>));
        const states = await Promise.all(jobs.map((j) => (j ? j.getState() : 'unknown')));
        // A job read before it finished has no result yet: the finished ones are read again.
        const finished = pending.filter((_s, k) => states[k] === 'completed');
        const fresh = await Promise.all(finished.map((s) => queue.getJob(jobIdOf(run, s.index)) as Promise<Job<QueueJobData> | undefined>));
        finished.forEach((s, k) => {
          const acc = fresh[k]?.returnvalue as Acc | null | undefined;
          if (acc == null || o.spec.count(acc) !== s.count) return;
          record(s.index, acc);
          mergedShards++;
          if (first) resumedShards++;
          progress.tick(s.count);
          o.onShard?.(mergedShards, plan.length);
        });
        const missing: typeof pending = [];
        for (let k = 0; k < pending.length; k++) {
          if (states[k] === 'failed') {
            if (first) await jobs[k]!.retry('failed');
            else throw new QueueJobFailed(`shard ${pending[k]!.index} of ${o.game} failed on a worker: ${jobs[k]!.failedReason}`);
          } else if (states[k] === 'unknown') missing.push(pending[k]!);
        }
        if (missing.length) {
          await queue.addBulk(
            missing.map((s) => ({
              name: o.game,
              data: { version: o.version, run, game: o.game, opts: o.opts, seed: encodeSeed(o.seed), index: s.index, count: s.count, label: o.label ?? o.game },
              opts: { jobId: jobIdOf(run, s.index), removeOnComplete: false, removeOnFail: false, attempts: 1 },
            })),
          );
          if (!first) process.stderr.write(`koth: re-added ${missing.length} shard job(s) missing from the queue (Redis restarted?)\n`);
        }
        first = false;
        lastOk = performance.now();
      } catch (e) {
        if (e instanceof QueueJobFailed) throw e;
        // Redis away: keep trying for a while (it may be restarting), then give up.
        if (performance.now() - lastOk > envMs('KOTH_QUEUE_GIVEUP_MS', 120_000)) throw new QueueUnreachable(`lost Redis at ${redact(o.url)}: ${(e as Error).message}`);
      }
      if (mergedShards === plan.length) break;
      await Promise.race([sleep(pollMs), aborted]);
    }
    if (!interrupted) {
      // Every shard merged: the run's jobs go.
      await Promise.all(plan.map((s) => queue.remove(jobIdOf(run, s.index)).catch(() => 0)));
    }
  } finally {
    progress.stop();
    if (cp) cp.flush(!interrupted && merger.state.next === plan.length);
    await queue.close().catch(() => {});
    conn.disconnect();
  }
  const done = plan.filter((s) => merger.has(s.index)).reduce((n, s) => n + s.count, 0);
  return { acc: merger.state.acc, shards: plan.length, resumedShards, done, elapsedMs: performance.now() - started, interrupted, run };
}

export interface QueueWorkerOptions {
  url: string;
  version: string;
  threads: number;
  /** Where a game's trials module is (the registry's trialsModuleOf); throws for an unknown game. */
  trialsModuleOf: (game: string) => string;
  /** Runs one shard on the thread pool. */
  runShard: (task: ShardTask) => Promise<unknown>;
  log: (line: string) => void;
  signal: AbortSignal;
  /** The wall clock (ms since the epoch): when a refused job becomes available again. */
  now: () => number;
}

/** `koth worker`: processes shards until the signal; the current ones finish first. */
export async function runQueueWorker(o: QueueWorkerOptions): Promise<{ shards: number }> {
  const conn = await connect(o.url, true);
  let shards = 0;
  const worker = new Worker<QueueJobData>(
    QUEUE_NAME,
    async (job, token) => {
      const d = job.data;
      if (d.version !== o.version) {
        // Handed back (delayed a little), for a worker of the coordinator's version.
        o.log(`refused shard ${d.index} of ${d.game} (run ${d.run}): made by koth ${d.version}, this worker is koth ${o.version}`);
        await job.moveToDelayed(o.now() + envMs('KOTH_QUEUE_REFUSED_DELAY_MS', 5000), token);
        throw new DelayedError();
      }
      const t0 = performance.now();
      o.log(`shard ${d.index} of ${d.label} (run ${d.run}, ${d.count} trials) started`);
      const acc = await o.runShard({ module: o.trialsModuleOf(d.game), opts: d.opts, seed: decodeSeed(d.seed), index: d.index, count: d.count });
      shards++;
      o.log(`shard ${d.index} of ${d.label} (run ${d.run}) done in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
      return acc;
    },
    {
      connection: conn,
      prefix: QUEUE_PREFIX,
      concurrency: o.threads,
      lockDuration: envMs('KOTH_QUEUE_LOCK_MS', 30_000),
      stalledInterval: envMs('KOTH_QUEUE_STALLED_MS', 30_000),
      maxStalledCount: 3,
      drainDelay: 1,
      autorun: false,
    },
  );
  worker.on('error', (e) => o.log(`queue error: ${e.message}`));
  worker.on('failed', (job, e) => job && o.log(`shard ${job.data.index} of ${job.data.label} failed: ${e.message}`));
  const stop = new Promise<void>((r) => (o.signal.aborted ? r() : o.signal.addEventListener('abort', () => r(), { once: true })));
  void worker.run().catch((e) => o.log(`worker stopped: ${(e as Error).message}`));
  o.log(`waiting for shards on ${redact(o.url)} with ${o.threads} thread(s), koth ${o.version}`);
  await stop;
  o.log('stopping: finishing the current shard(s)…');
  await worker.close();
  conn.disconnect();
  return { shards };
}

export interface QueueRunSummary {
  run: string;
  game: string;
  label: string;
  version: string;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
}

/** `koth queue status`: the runs in the queue and their jobs by state. */
export async function queueStatus(url: string): Promise<QueueRunSummary[]> {
  const conn = await connect(url, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  try {
    const runs = new Map<string, QueueRunSummary>();
    for (const state of ['waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'] as const) {
      const jobs = (await queue.getJobs([state], 0, -1)) as Job<QueueJobData>[];
      for (const j of jobs) {
        if (!j?.data) continue;
        const r = runs.get(j.data.run) ?? { run: j.data.run, game: j.data.game, label: j.data.label, version: j.data.version, waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 };
        r[state === 'prioritized' ? 'waiting' : state]++;
        runs.set(j.data.run, r);
      }
    }
    return [...runs.values()];
  } finally {
    await queue.close().catch(() => {});
    conn.disconnect();
  }
}

/** `koth queue clean`: removes a run's jobs (all runs' when `run` is undefined); the number removed. */
export async function queueClean(url: string, run?: string): Promise<number> {
  const conn = await connect(url, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  try {
    const jobs = (await queue.getJobs(['waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'], 0, -1)) as Job<QueueJobData>[];
    const ours = jobs.filter((j) => j?.id && (!run || j.data?.run === run));
    const removed = await Promise.all(ours.map((j) => queue.remove(j.id!).catch(() => 0)));
    return removed.filter(Boolean).length;
  } finally {
    await queue.close().catch(() => {});
    conn.disconnect();
  }
}

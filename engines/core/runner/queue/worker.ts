/**
 * `koth worker --queue URL` (fishtest's worker side): takes shards of any game from the queue and
 * runs them on a thread pool, or in a sandbox worker when the job declares one; refuses (hands
 * back, delayed) a job of another koth version; reads a run's stored options and Python sources
 * (each text checked against its sha256 before anything runs); stores a sandbox's own error on a
 * failed job for the coordinator; on a stop, finishes the running shards and says what was lost.
 */
import { hostname } from 'node:os';
import { DelayedError, Worker } from 'bullmq';
import type { ShardTask } from '../worker.ts';
import { printable } from '../../report/table.ts';
import { ContentProblem, contentRefsOf, pythonSourcesFromJob, sha256Hex } from '../content.ts';
import { connect, envMs, redact } from './connection.ts';
import { contentKeyOf, decodeSeed, jobDataProblem, optsKeyOf, QUEUE_NAME, QUEUE_PREFIX, shardSandboxOf, stoppedData, type QueueJobData, type ShardSandbox } from './protocol.ts';

export interface QueueWorkerOptions {
  url: string;
  version: string;
  threads: number;
  /** Where a game's trials module is (the registry's trialsModuleOf); throws for an unknown game. */
  trialsModuleOf: (game: string) => string;
  /** Runs one shard on the thread pool, or, when the job declares a sandbox, in a sandbox worker of its runtime. */
  runShard: (task: ShardTask, sandbox?: ShardSandbox) => Promise<unknown>;
  log: (line: string) => void;
  signal: AbortSignal;
  /** The wall clock (ms since the epoch): when a refused job becomes available again. */
  now: () => number;
}

/** `koth worker`: processes shards until the signal; the current ones finish first. */
export async function runQueueWorker(o: QueueWorkerOptions): Promise<{ shards: number; lost: number; gaveUp: boolean }> {
  const conn = await connect(o.url, true);
  // Reads a run's stored options (optsRef) beside BullMQ's own connection; the last few runs' are kept here.
  const plain = await connect(o.url, false, false);
  const optsOf = new Map<string, Promise<unknown>>();
  const runOpts = (ref: string): Promise<unknown> => {
    let p = optsOf.get(ref);
    if (!p) {
      p = plain.get(optsKeyOf(ref)).then((t) => {
        if (t === null) throw new Error(`the options of run ${printable(ref)} are not on the queue (removed, or Redis restarted): rerun its command to store them again`);
        return JSON.parse(t) as unknown;
      });
      p.catch(() => optsOf.delete(ref));
      optsOf.set(ref, p);
      if (optsOf.size > 4) optsOf.delete(optsOf.keys().next().value!);
    }
    return p;
  };
  // Every job field reaches the log escaped: a job's text is anyone's who can write to the Redis.
  const p = (v: unknown) => printable(String(v));
  // A run's Python sources (contentRef): each text read once and checked against the sha256 its reference names; the last few runs' are kept here.
  const textsOf = new Map<string, Map<string, Promise<string>>>();
  const textOf = (run: string, sha: string): Promise<string> => {
    let known = textsOf.get(run);
    if (!known) {
      known = new Map();
      textsOf.set(run, known);
      if (textsOf.size > 4) textsOf.delete(textsOf.keys().next().value!);
      o.log(`run ${p(run)}: taking its Python sources from the queue by sha256`);
    }
    let t = known.get(sha);
    if (!t) {
      t = plain.hget(contentKeyOf(run), sha).then((text) => {
        if (text === null) throw new Error(`a Python source of run ${p(run)} (sha256 ${sha}) is not on the queue (removed, or Redis restarted): rerun its command to store it again`);
        // Checked before anything runs: a text that is not the one its sha256 names is never run (nor kept).
        const got = sha256Hex(text);
        if (got !== sha) throw new ContentProblem(`the text stored for sha256 ${sha} has sha256 ${got}: it is not the file the run was started with (damaged or forged on the queue)`, sha);
        return text;
      });
      const mine = t;
      t.catch(() => known!.get(sha) === mine && known!.delete(sha));
      known.set(sha, t);
    }
    return t;
  };
  const withSources = async (opts: unknown, d: QueueJobData, sandbox: ShardSandbox | undefined): Promise<unknown> => {
    const refs = contentRefsOf(opts);
    if (!refs.length) return opts;
    // Python runs only where the supervisor can stop it: never on a plain thread.
    if (sandbox?.runtime !== 'python') throw new Error('its options hold Python sources but it declares no Python sandbox: not run');
    if (typeof d.contentRef !== 'string') throw new Error('its options name Python sources by sha256 but not where they are stored: not run');
    const run = d.contentRef;
    const texts = await Promise.all(refs.map((sha) => textOf(run, sha)));
    return pythonSourcesFromJob(opts, new Map(refs.map((sha, i) => [sha, texts[i]!])));
  };
  let handedIn = 0; // shards stored in Redis as done
  let running = 0;
  const runningIds = new Set<string>(); // jobs whose shard is being run here
  const settledIds = new Set<string>(); // jobs stored as done, or as failed
  const worker = new Worker<QueueJobData>(
    QUEUE_NAME,
    async (job, token) => {
      const d = job.data;
      const problem = jobDataProblem(d);
      if (problem) {
        o.log(`failed job ${p(job.id)}: not a koth shard job (${problem})`);
        throw new Error(`not a koth shard job: ${problem}`);
      }
      const sandbox = shardSandboxOf(d.sandbox) as ShardSandbox | undefined; // checked by jobDataProblem
      if (d.version !== o.version) {
        // Handed back (delayed a little), for a worker of the coordinator's version; the coordinator reads who refused it.
        o.log(`refused shard ${d.index} of ${p(d.game)} (run ${p(d.run)}): made by koth ${p(d.version)}, this worker is koth ${p(o.version)}`);
        await job.updateProgress({ refusedBy: o.version }).catch(() => {});
        await job.moveToDelayed(o.now() + envMs('KOTH_QUEUE_REFUSED_DELAY_MS', 5000), token);
        throw new DelayedError();
      }
      const t0 = performance.now();
      running++;
      runningIds.add(String(job.id));
      try {
        o.log(`shard ${d.index} of ${p(d.label)} (run ${p(d.run)}, ${d.count} trials) started`);
        let acc: unknown;
        try {
          const stored = typeof d.optsRef === 'string' ? await runOpts(d.optsRef) : d.opts;
          const opts = await withSources(stored, d, sandbox).catch((e: unknown) => {
            throw e instanceof ContentProblem ? new Error(`its Python sources cannot be used: ${e.message}`) : e;
          });
          acc = await o.runShard({ module: o.trialsModuleOf(d.game), opts, seed: decodeSeed(d.seed), index: d.index, count: d.count }, sandbox);
        } catch (e) {
          // The sandbox's own error (a trap, a time-out: naming the answer) goes with the failed job, for the coordinator.
          const data = stoppedData(e);
          if (data) await job.updateProgress({ sandboxError: data }).catch(() => {});
          throw e;
        }
        o.log(`shard ${d.index} of ${p(d.label)} (run ${p(d.run)}) done in ${((performance.now() - t0) / 1000).toFixed(2)} s`);
        return acc;
      } finally {
        running--;
        runningIds.delete(String(job.id));
      }
    },
    {
      name: `koth worker on ${hostname()}, pid ${process.pid}, koth ${o.version}`,
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
  worker.on('completed', (job) => {
    handedIn++;
    settledIds.add(String(job.id));
  });
  let lastError = '';
  worker.on('error', (e) => {
    // A Redis that is gone gives the same error every few hundred milliseconds: said once until it changes.
    if (e.message !== lastError) o.log(`queue error: ${p(e.message)}`);
    lastError = e.message;
  });
  worker.on('failed', (job, e) => {
    if (!job || e instanceof DelayedError) return;
    settledIds.add(String(job.id));
    if (!jobDataProblem(job.data)) o.log(`shard ${p(job.data.index)} of ${p(job.data.label)} failed: ${p(e.message)}`);
  });
  const stop = new Promise<void>((r) => (o.signal.aborted ? r() : o.signal.addEventListener('abort', () => r(), { once: true })));
  void worker.run().catch((e) => o.log(`worker stopped: ${p((e as Error).message)}`));
  o.log(`waiting for shards on ${redact(o.url)} with ${o.threads} thread(s), koth ${p(o.version)}`);
  await stop;
  const atStop = [...runningIds];
  o.log(`stopping: finishing the current shard(s)${running ? ` (${running} running)` : ''}… (Ctrl-C again to exit at once: a shard not handed in is redone by another worker)`);
  // Handing in needs Redis: when it is gone and the shards are done, the wait is bounded.
  const stopMs = envMs('KOTH_QUEUE_STOP_MS', 15_000);
  let watch: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<'gave up'>((resolve) => {
    let since: number | undefined;
    let told = false;
    watch = setInterval(() => {
      const away = conn.status !== 'ready';
      if (!away) since = undefined;
      else since ??= performance.now();
      if (since === undefined) return;
      if (!told) {
        told = true;
        o.log(`Redis at ${redact(o.url)} is not answering: waiting up to ${Math.round(stopMs / 1000)} s after the running shard(s) to hand them in (Ctrl-C again to exit now)`);
      }
      if (running === 0 && performance.now() - since > stopMs) resolve('gave up');
    }, 100);
  });
  const closed = worker.close().then(() => 'closed' as const);
  const how = await Promise.race([closed, gaveUp]);
  clearInterval(watch);
  if (how === 'gave up') void worker.close(true).catch(() => {});
  conn.disconnect();
  plain.disconnect();
  // A shard running at the stop and never stored as done (Redis gone while handing it in) is lost, however the close ended.
  const lost = atStop.filter((id) => !settledIds.has(id)).length;
  return { shards: handedIn, lost, gaveUp: how === 'gave up' || lost > 0 };
}

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
 *
 * Nothing read from Redis is trusted: a result is checked (shape, TrialSpec.check, count) before
 * it is merged, and a wrong one stops the run naming the worker that handed it in; job data that
 * is not koth's is skipped (status) or failed (worker); every job field printed is escaped. A
 * connection is checked before use: password, database number, and for runs `noeviction`.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Seed } from '../rng/rng.ts';
import type { ShardedRun } from '../game.ts';
import { Progress } from './progress.ts';
import { planShards } from './shards.ts';
import { Checkpoint, OrderedMerger } from './checkpoint.ts';
import { shapeProblems } from './acc-check.ts';
import type { ShardTask } from './worker.ts';
import { printable } from '../report/table.ts';
import type { SandboxRuntime } from '../sandbox/heartbeat.ts';
import { SandboxKilled } from '../sandbox/errors.ts';
import { SandboxTaskError } from '../sandbox/pool.ts';
import type { ErrorData } from '../sandbox/job-worker.ts';
import { ContentProblem, contentRefsOf, pythonSourcesFromJob, pythonSourcesToJob, sha256Hex } from './content.ts';

import { versionWithBuild } from '../version.ts';

/** This koth's version for the queue: package version + build hash (bundle), or +src (from sources); KOTH_QUEUE_VERSION overrides it (tests). */
export function kothVersion(): string {
  return process.env.KOTH_QUEUE_VERSION || versionWithBuild();
}

export const QUEUE_NAME = 'shards';
export const QUEUE_PREFIX = 'koth';

/** Redis unreachable, or gone for longer than the run waits, or refusing the password (exit 4). */
export class QueueUnreachable extends Error {}
/** Redis is reachable but cannot hold a run as it is set up (an evicting maxmemory-policy): exit 4 with what to change. */
export class QueueMisconfigured extends Error {}
/** The URL names something the Redis there does not have (a database number out of range): exit 2. */
export class QueueBadUrl extends Error {}
/** A shard failed on a worker (its error), or a worker handed in a result that cannot be this shard's: the run stops (exit 70). */
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
  /**
   * Set instead of `opts` when the options are large (compiled answers: ~1 MB): they are stored once
   * per run under `koth:opts:<run>` (optsKeyOf), not in every shard's job.
   */
  optsRef?: string;
  /**
   * Set when the options hold Python sources by content (runner/content.ts: each text replaced by
   * its sha256): the texts are stored once per run under `koth:content:<run>` (contentKeyOf, a
   * hash from sha256 to text); the worker takes them from there and checks each one's sha256.
   */
  contentRef?: string;
  /**
   * The shard runs in a sandbox worker of this runtime (compiled C++ answers: 'wasm'), with this
   * call time limit; absent: on a plain worker thread. `koth worker` starts such workers when the
   * first such job arrives.
   */
  sandbox?: ShardSandbox;
}

/** How a queued shard must be run when its options hold untrusted code. */
export interface ShardSandbox {
  runtime: SandboxRuntime;
  timeoutMs: number;
}

/** The longest call time limit a job may ask of a worker (ms): a job cannot switch the watchdog off. */
export const MAX_SANDBOX_TIMEOUT_MS = 120_000;

/** A job's sandbox declaration checked (it is anyone's who can write to the Redis), or why not. */
export function shardSandboxOf(v: unknown): ShardSandbox | string | undefined {
  if (v === undefined) return undefined;
  const x = v as Partial<ShardSandbox> | null;
  if (!x || typeof x !== 'object' || (x.runtime !== 'wasm' && x.runtime !== 'python')) return 'its sandbox runtime is not one koth has (wasm, python)';
  if (typeof x.timeoutMs !== 'number' || !Number.isSafeInteger(x.timeoutMs) || x.timeoutMs < 1 || x.timeoutMs > MAX_SANDBOX_TIMEOUT_MS) return `its sandbox time limit is not a whole number of ms from 1 to ${MAX_SANDBOX_TIMEOUT_MS}`;
  return { runtime: x.runtime, timeoutMs: x.timeoutMs };
}

/** A sandbox error as a worker stores it on its failed job (the job's progress), for the coordinator to rebuild; its cause too (a dice BotCrash holds the sandbox's stop there). */
function stoppedData(e: unknown): ErrorData | undefined {
  if (e instanceof SandboxKilled) return { name: 'SandboxKilled', message: e.message, fields: { reason: e.reason, detail: e.detail, ...(e.bot === undefined ? {} : { bot: e.bot }) } };
  if (e instanceof SandboxTaskError) return { name: e.data.name, message: e.data.message, fields: e.data.fields, ...(e.data.cause ? { cause: e.data.cause } : {}) };
  return undefined;
}

/** Plain fields of an error read from Redis: numbers and booleans as they are, texts escaped, anything else left out. */
function plainFields(f: object): Record<string, string | number | boolean> {
  const fields: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(f)) if (typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  else if (typeof v === 'string') fields[k] = printable(v);
  return fields;
}

/** An error's cause read from Redis, escaped (a few levels at most), or undefined when it is not of koth's shape. */
function causeOf(c: unknown, depth = 0): ErrorData | undefined {
  const d = c as Partial<ErrorData> | null | undefined;
  if (depth > 3 || !d || typeof d !== 'object' || typeof d.name !== 'string' || typeof d.message !== 'string' || !d.fields || typeof d.fields !== 'object') return undefined;
  const cause = causeOf(d.cause, depth + 1);
  return { name: printable(d.name), message: printable(d.message), fields: plainFields(d.fields), ...(cause ? { cause } : {}) };
}

/**
 * The sandbox error a failed job's progress holds, rebuilt (SandboxKilled or SandboxTaskError, as a
 * local run throws them, so the game maps it the same way), every text escaped and said where it
 * came from; undefined when it holds none or one not of koth's shape.
 */
export function rebuildStopped(progress: unknown, where: string): Error | undefined {
  const d = (progress as { sandboxError?: Partial<ErrorData> } | null | undefined)?.sandboxError;
  if (!d || typeof d !== 'object' || typeof d.name !== 'string' || typeof d.message !== 'string' || !d.fields || typeof d.fields !== 'object') return undefined;
  const fields = plainFields(d.fields);
  if (d.name === 'SandboxKilled') {
    const reason = fields.reason;
    if (reason !== 'timeout' && reason !== 'memory' && reason !== 'crashed') return undefined;
    const detail = typeof fields.detail === 'string' ? fields.detail : printable(d.message);
    return new SandboxKilled(reason, `${detail} (${where})`, typeof fields.bot === 'string' ? fields.bot : undefined);
  }
  const cause = causeOf(d.cause);
  // A game may tell the error by its cause alone (a dice BotCrash caused by the sandbox's stop): the cause says where too.
  if (cause) {
    cause.message = `${cause.message} (${where})`;
    if (typeof cause.fields.detail === 'string') cause.fields.detail = `${cause.fields.detail} (${where})`;
  }
  return new SandboxTaskError({ name: printable(d.name), message: `${printable(d.message)} (${where})`, fields, ...(cause ? { cause } : {}) });
}

const envMs = (k: string, d: number) => (Number(process.env[k]) > 0 ? Number(process.env[k]) : d);

export function encodeSeed(s: Seed): QueueJobData['seed'] {
  return typeof s === 'bigint' ? { bigint: s.toString() } : s;
}
export function decodeSeed(s: QueueJobData['seed']): Seed {
  return typeof s === 'object' ? BigInt(s.bigint) : s;
}

/** A redis:// URL checked, or why not (the URL shown with its password hidden). */
export function checkQueueUrl(url: string): string | undefined {
  let u: URL;
  const shown = redact(url);
  try {
    u = new URL(url);
  } catch {
    return `--queue takes a URL like redis://[:password@]host:port[/db], got "${shown}"`;
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') return `--queue takes a redis:// or rediss:// URL, got "${shown}"`;
  if (!u.hostname) return `--queue ${shown} names no host`;
  if (!/^\/?(\d{1,9})?$/.test(u.pathname)) return `--queue ${shown}: the path names the database, a number (redis://host:port/0 is the default one), not "${printable(decodeURIComponent(u.pathname.slice(1)))}"`;
  if (u.hash) return `--queue ${shown}: a Redis URL has no #fragment`;
  const db = u.searchParams.get('db');
  if (db !== null && !/^\d{1,9}$/.test(db)) return `--queue ${shown}: db= names the database, a number, not "${printable(db)}"`;
  return undefined;
}

/** The database number a URL names, as its path (/N) or as ioredis also reads it (?db=N); 0 when it names none. */
export function queueDb(url: string): number {
  const u = new URL(url);
  const m = /^\/(\d+)$/.exec(u.pathname) ?? /^(\d+)$/.exec(u.searchParams.get('db') ?? '');
  return m ? Number(m[1]) : 0;
}

const redisAuthHelp = 'give it as redis://:PASSWORD@host:port (the requirepass of its redis.conf; with Redis ACL users redis://USER:PASSWORD@host:port)';

/** What to say when a connection failed: the server's own refusal (WRONGPASS, NOAUTH) rather than "Connection is closed.". */
function connectionProblem(url: string, e: Error, serverSaid: string | undefined): string {
  const said = [serverSaid, e.message].find((m) => m && /WRONGPASS|NOAUTH|invalid password|invalid username-password|AUTH.*(without any password|no password)/i.test(m));
  if (said) {
    const wrong = /WRONGPASS|invalid password|invalid username-password/i.test(said);
    return wrong
      ? `Redis at ${redact(url)} refused the password (WRONGPASS: ${printable(said.replace(/^(ReplyError: )?WRONGPASS /, ''))}): ${redisAuthHelp}`
      : /without any password|no password/i.test(said)
        ? `Redis at ${redact(url)} has no password set, but the URL gives one: leave it out (redis://host:port), or set requirepass there`
        : `Redis at ${redact(url)} needs a password (NOAUTH): ${redisAuthHelp}`;
  }
  return `cannot reach Redis at ${redact(url)}: ${printable((serverSaid && /Connection is closed/.test(e.message) ? serverSaid : e.message) ?? String(e))}`;
}

/** Whether a connection failed because of its credentials (then waiting does not help). */
export const isAuthProblem = (message: string) => /refused the password|needs a password|has no password set/.test(message);

/**
 * A connection; `blocking` ones (workers) retry commands forever, as BullMQ requires. Checked
 * before it is handed out: the password (WRONGPASS/NOAUTH said as such), the database number of
 * the URL (SELECT), and, when `forRuns`, the eviction policy: a Redis that evicts keys under
 * memory pressure drops jobs and finished shards, and a run re-adds and recomputes them without end.
 */
export async function connect(url: string, blocking: boolean, forRuns = true): Promise<Redis> {
  const conn = new Redis(url, { maxRetriesPerRequest: blocking ? null : 20, lazyConnect: true, connectTimeout: envMs('KOTH_QUEUE_CONNECT_MS', 5000), retryStrategy: (n) => Math.min(n * 200, 2000) });
  let serverSaid: string | undefined;
  conn.on('error', (e: Error) => (serverSaid = e.message)); // reconnects by itself; failures surface as command errors
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      conn.connect().then(() => conn.ping()),
      new Promise((_r, reject) => {
        timer = setTimeout(() => reject(new Error(serverSaid ?? 'no answer')), envMs('KOTH_QUEUE_CONNECT_MS', 5000));
      }),
    ]);
  } catch (e) {
    conn.disconnect();
    throw new QueueUnreachable(connectionProblem(url, e as Error, serverSaid));
  } finally {
    clearTimeout(timer);
  }
  try {
    await checkServer(conn, url, forRuns);
  } catch (e) {
    conn.disconnect();
    throw e;
  }
  return conn;
}

/** The database of the URL exists; with `forRuns`, Redis never evicts (maxmemory-policy noeviction). */
async function checkServer(conn: Redis, url: string, forRuns: boolean): Promise<void> {
  const db = queueDb(url);
  if (db) {
    try {
      await conn.select(db);
    } catch (e) {
      const msg = (e as Error).message;
      if (!/index|range|invalid/i.test(msg)) throw new QueueUnreachable(`cannot use Redis at ${redact(url)}: SELECT ${db}: ${printable(msg)}`);
      const n = await conn.config('GET', 'databases').then((r) => Number((r as string[])[1]), () => NaN);
      throw new QueueBadUrl(`Redis at ${redact(url)} has no database ${db}${n > 0 ? ` (it has ${n}: /0 to /${n - 1})` : ''}: give a database number it has, or none (database 0)`);
    }
  }
  if (!forRuns) return;
  const info = await conn.info('memory').catch(() => '');
  const policy = /^maxmemory_policy:(\S+)/m.exec(info)?.[1];
  if (policy && policy !== 'noeviction') {
    throw new QueueMisconfigured(
      `Redis at ${redact(url)} has maxmemory-policy ${printable(policy)}: it may drop queued jobs and finished shards when memory runs short, and a run would redo them without end. ` +
        'Set "maxmemory-policy noeviction" in its redis.conf (or: redis-cli CONFIG SET maxmemory-policy noeviction) and rerun. Nothing was run.',
    );
  }
}

/** A text with the password of every URL in it hidden (`redis://:secret@host` → `redis://***@host`): for anything printed or written to a page. */
export function redact(text: string): string {
  // The user information runs to the last "@" before white space (a password may hold "@" or "/").
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s@]*@(?:[^\s@]*@)*/gi, '$1***@');
}

/** One command-line word with a URL's password hidden; the word may hold spaces (a quoted password). */
export function redactWord(word: string): string {
  return word.replace(/([a-z][a-z0-9+.-]*:\/\/)(?:[^@]*@)+/gi, '$1***@');
}

export function runIdOf(version: string, id: { game: string; seed: Seed; trials: number; shardSize: number; opts: unknown }): string {
  const text = JSON.stringify({ version, game: id.game, seed: String(id.seed), trials: id.trials, shardSize: id.shardSize, opts: id.opts }, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));
  return createHash('sha256').update(text).digest('hex').slice(0, 20);
}

export const jobIdOf = (run: string, index: number) => `${run}-${index}`;

/** Where a run's options are stored once when they are too large to copy into every job. */
export const optsKeyOf = (run: string) => `${QUEUE_PREFIX}:opts:${run}`;
/** Options whose JSON is longer go to optsKeyOf(run) once, not into each job. */
export const OPTS_INLINE_MAX = 16_384;
/** Where a run's Python sources are stored by content (a hash: sha256 → text), once per run. */
export const contentKeyOf = (run: string) => `${QUEUE_PREFIX}:content:${run}`;

/** The run as the kit describes it (its identity, checkpoint, label), plus where the queue is. */
export interface QueuedRunOptions<Opts, Acc> extends Pick<ShardedRun<Opts, Acc>, 'game' | 'spec' | 'opts' | 'seed' | 'trials' | 'shardSize' | 'label' | 'checkpoint' | 'checkpointPart' | 'onShard'> {
  url: string;
  /** Every shard runs in a sandbox worker of this kind on the `koth worker` that takes it (the run's `sandbox` pool says which). */
  sandbox?: ShardSandbox;
  version: string;
  signal?: AbortSignal;
  /** A line for the user (stderr by default): re-added shards, waiting for workers, refusals. */
  say?: (line: string) => void;
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
  const record = (i: number, acc: Acc) => (cp ? cp.record(i, acc) : merger.add(i, acc));
  const conn = await connect(o.url, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  queue.on('error', () => {});
  // Python sources go by content: the job's options name each text by its sha256, the texts are stored once for the run.
  const byContent = o.sandbox?.runtime === 'python' ? pythonSourcesToJob(o.opts) : { opts: o.opts as unknown, contents: {} };
  const contents = Object.keys(byContent.contents).length ? byContent.contents : undefined;
  const optsText = JSON.stringify(byContent.opts) ?? 'null';
  const say = o.say ?? ((line: string) => process.stderr.write(`koth: ${line}\n`));
  const progress = new Progress(o.trials, o.label ?? o.game);
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
      const pending = plan.filter((s) => !merger.has(s.index));
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

/** Why a job's data cannot be a koth shard job (forged, damaged, or of a koth that wrote it otherwise), or undefined. */
export function jobDataProblem(d: unknown): string | undefined {
  if (typeof d !== 'object' || d === null) return 'it has no data';
  const x = d as Record<string, unknown>;
  const bad = (['version', 'run', 'game', 'label'] as const).filter((k) => typeof x[k] !== 'string');
  if (!Number.isSafeInteger(x.index) || (x.index as number) < 0) bad.push('index' as never);
  if (!Number.isSafeInteger(x.count) || (x.count as number) < 1) bad.push('count' as never);
  if (x.optsRef !== undefined && typeof x.optsRef !== 'string') bad.push('optsRef' as never);
  if (x.contentRef !== undefined && typeof x.contentRef !== 'string') bad.push('contentRef' as never);
  if (bad.length) return `its ${bad.join(', ')} ${bad.length > 1 ? 'are' : 'is'} missing or not what koth writes`;
  const sandbox = shardSandboxOf(x.sandbox);
  return typeof sandbox === 'string' ? sandbox : undefined;
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

/** A job on the queue that is not a koth shard job (forged, damaged, half evicted): skipped by `koth queue status`, and why. */
export interface UnreadableJob {
  id: string;
  state: string;
  why: string;
}

/** `koth queue status`: the runs in the queue and their jobs by state; jobs that are not koth's are skipped and listed. */
export async function queueStatus(url: string): Promise<{ runs: QueueRunSummary[]; unreadable: UnreadableJob[] }> {
  const conn = await connect(url, false, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  try {
    const runs = new Map<string, QueueRunSummary>();
    const unreadable: UnreadableJob[] = [];
    for (const state of ['waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'] as const) {
      const jobs = (await queue.getJobs([state], 0, -1)) as (Job<QueueJobData> | undefined)[];
      for (const j of jobs) {
        if (!j) continue; // removed while listed
        const why = jobDataProblem(j.data);
        if (why) {
          unreadable.push({ id: String(j.id), state, why });
          continue;
        }
        const r = runs.get(j.data.run) ?? { run: j.data.run, game: j.data.game, label: j.data.label, version: j.data.version, waiting: 0, active: 0, completed: 0, failed: 0, delayed: 0 };
        r[state === 'prioritized' ? 'waiting' : state]++;
        runs.set(j.data.run, r);
      }
    }
    return { runs: [...runs.values()], unreadable };
  } finally {
    await queue.close().catch(() => {});
    conn.disconnect();
  }
}

/** `koth queue clean`: removes a run's jobs (all runs' when `run` is undefined); the number removed. */
export async function queueClean(url: string, run?: string): Promise<number> {
  const conn = await connect(url, false, false);
  const queue = new Queue<QueueJobData>(QUEUE_NAME, { connection: conn, prefix: QUEUE_PREFIX });
  try {
    const jobs = (await queue.getJobs(['waiting', 'prioritized', 'active', 'completed', 'failed', 'delayed'], 0, -1)) as Job<QueueJobData>[];
    const ours = jobs.filter((j) => j?.id && (!run || j.data?.run === run));
    const removed = await Promise.all(ours.map((j) => queue.remove(j.id!).catch(() => 0)));
    // The runs' stored options (large ones) go with their jobs.
    const runs = new Set(ours.map((j) => j.data?.run).filter((r): r is string => typeof r === 'string'));
    if (run) runs.add(run);
    await Promise.all([...runs].map((r) => conn.del(optsKeyOf(r), contentKeyOf(r)).catch(() => 0)));
    if (!run) {
      // --all: also what a coordinator stopped between removing its jobs and its stored options/sources left behind.
      for (const pattern of [optsKeyOf('*'), contentKeyOf('*')]) {
        let cursor = '0';
        do {
          const [next, keys] = await conn.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
          cursor = next;
          if (keys.length) await conn.del(...keys);
        } while (cursor !== '0');
      }
    }
    return removed.filter(Boolean).length;
  } finally {
    await queue.close().catch(() => {});
    conn.disconnect();
  }
}

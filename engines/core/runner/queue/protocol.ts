/**
 * What travels on the queue between a coordinator (coordinator.ts) and its workers (worker.ts),
 * fishtest's server/worker split over Redis (BullMQ): the queue's names, a job's data and its
 * checks, a run's identity and where its large options and Python sources are stored, the
 * version a job is made by, and a sandbox error as a worker stores it on its failed job and the
 * coordinator rebuilds it.
 *
 * A job's id is the run's identity (game, seed, trials, shard size, options, koth version:
 * hashed) and the shard's index, so adding it again is a no-op and a restarted coordinator
 * finds the shards already done. Nothing read from Redis is trusted: job data that is not koth's
 * is skipped (status) or failed (worker), a result is checked before it is merged, and every job
 * field printed is escaped.
 */
import { createHash } from 'node:crypto';
import type { Seed } from '../../rng/rng.ts';
import { printable } from '../../report/table.ts';
import type { SandboxRuntime } from '../../sandbox/heartbeat.ts';
import { ERROR_KIND, SandboxKilled, SandboxTaskError, type ErrorData } from '../../sandbox/errors.ts';
import { versionWithBuild } from '../../version.ts';

/** This koth's version for the queue: package version + build hash (bundle), or +src (from sources); KOTH_QUEUE_VERSION overrides it (tests). */
export function kothVersion(): string {
  return process.env.KOTH_QUEUE_VERSION || versionWithBuild();
}

export const QUEUE_NAME = 'shards';
export const QUEUE_PREFIX = 'koth';
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
export function stoppedData(e: unknown): ErrorData | undefined {
  if (e instanceof SandboxKilled) return { name: ERROR_KIND.sandboxKilled, message: e.message, fields: { reason: e.reason, detail: e.detail, ...(e.bot === undefined ? {} : { bot: e.bot }) } };
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
  if (d.name === ERROR_KIND.sandboxKilled) {
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

export function encodeSeed(s: Seed): QueueJobData['seed'] {
  return typeof s === 'bigint' ? { bigint: s.toString() } : s;
}
export function decodeSeed(s: QueueJobData['seed']): Seed {
  return typeof s === 'object' ? BigInt(s.bigint) : s;
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

/** A shard's job failed on a worker for a reason of its own (not a stop of the sandbox): exit 70 with the worker's reason. Here, not in coordinator.ts, so the CLI can tell it without loading bullmq. */
export class QueueJobFailed extends Error {}

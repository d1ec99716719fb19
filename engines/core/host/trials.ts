/**
 * Hosted games as shards (`koth host tick --queue URL`, docs/host.md "Many machines, and trust"):
 * a batch of a host's games (a HostJob) put on the queue as a sharded run whose trial i plays game
 * i of the batch, so `koth worker` takes them as it takes any game's shards. A game's module of
 * hosted shards (engines/wiring/<id>-host.ts, the trials key `<id>:host`, runner/trials-ref.ts)
 * exports `trials = hostTrials(<its sandbox job>)`: the function that plays a HostJob in the
 * sandbox worker's own Python (dice: `diceHostGames`).
 *
 * Only games whose answers run in Python (HostGame.runtime 'python', the default) go on the queue:
 * dice, ruins and camel-up; gun-duel's answers are compiled on the host and atomas' are programs,
 * so a queued tick plays theirs itself (queuedHosting).
 *
 * A shard is a few games of the batch in a sandbox worker (posted answers run nowhere else); the
 * answers' code travels by content (runner/content.ts: each `code` text by its sha256, checked by
 * the worker before anything runs). The accumulator is the games' outcomes in order. Every game
 * is a function of (run, rules, seed key, seats): the shard split changes nothing.
 */
import { shardOf } from '../ab/pairs.ts';
import type { TrialSpec, SandboxContext } from '../runner/trial-spec.ts';
import { sha256Hex } from '../runner/content.ts';
import type { HostFailure, HostGame, HostGameSpec, HostJob, HostOutcome } from './play.ts';
import { decodeResult, seatsOf } from './result.ts';
import { MAX_RESULT_BYTES } from './store.ts';

/** What every shard of a queued batch is handed (plain data; each `code` travels by content). */
export interface HostShardOptions {
  run: string;
  rules: string;
  games: HostGameSpec[];
  /** The code of every posted answer seated, each once (`code`: replaced by its sha256 on the queue). */
  sources: { sha256: string; code: string }[];
  /** Games per shard: shard k holds games k·shardSize …. */
  shardSize: number;
  /** The time limit of one call into an answer, ms (the failures' messages name it). */
  timeLimitMs: number;
}

/** A shard's outcomes, in the batch's order. */
export interface HostShardAcc {
  outcomes: HostOutcome[];
}

/** How a game plays a HostJob inside a sandbox worker (its sandbox job: dice's `diceHostGames`). */
export type HostSandboxJob = (job: HostJob, ctx: never) => HostOutcome[];

/** Whether a hosted game's batches can go on the queue: its answers run in the Python sandbox (its module `<id>:host`, engines/wiring/<id>-host.ts, plays them there). */
export const queuedHosting = (host: HostGame): boolean => (host.runtime ?? 'python') === 'python';

/** A HostJob's games as shard options, `shardSize` games a shard. */
export function hostShardOptions(job: HostJob, shardSize: number, timeLimitMs: number): HostShardOptions {
  return { run: job.run, rules: job.rules, games: job.games, sources: Object.entries(job.code).map(([sha256, code]) => ({ sha256, code })), shardSize, timeLimitMs };
}

const FAILURES: readonly HostFailure[] = ['load', 'crash', 'timeout', 'memory', 'illegal', 'refused'];

/**
 * Why an outcome read back from a worker cannot be one of a game of `seats` seats (its form only:
 * whether it is true is the audit's to say), or undefined: a result must be one the store and
 * the ratings read (result.ts, canonical), seat for seat.
 */
export function outcomeProblem(o: unknown, seats?: number): string | undefined {
  const x = o as Record<string, unknown> | null;
  if (!x || typeof x !== 'object' || Array.isArray(x)) return 'it is not an outcome';
  if ('result' in x) {
    if (typeof x.result !== 'string' || Buffer.byteLength(x.result, 'utf8') > MAX_RESULT_BYTES) return `its result is not a string of at most ${MAX_RESULT_BYTES} bytes`;
    if (Object.keys(x).length !== 1) return 'it holds more than a result';
    try {
      const n = seatsOf(decodeResult(x.result));
      if (seats !== undefined && n !== seats) return `its result has ${n} seats, the game ${seats}`;
    } catch (e) {
      return `its result cannot be read (${(e as Error).message})`;
    }
    return undefined;
  }
  const f = x.failed as Record<string, unknown> | undefined;
  if (!f || typeof f !== 'object') return 'it holds neither a result nor a failure';
  if (!Number.isSafeInteger(f.seat) || (f.seat as number) < 0 || (seats !== undefined && (f.seat as number) >= seats)) return 'its failed seat is not one of the game';
  if (!FAILURES.includes(f.kind as HostFailure) || typeof f.reason !== 'string') return 'its failure is not of koth\'s shape';
  return undefined;
}

/**
 * The shardable side of a queued batch: trial i plays game i (with the `ab-shard` generator the
 * shard learns its index, runner/trials-ref.ts), in the sandbox worker by `play`. Without `play`
 * it is the coordinator's side (empty, merge, count, check), which never plays.
 */
export function hostTrials(play?: HostSandboxJob): TrialSpec<HostShardOptions, HostShardAcc> {
  return {
    generator: 'ab-shard',
    run(o, rng, count, tick, sandbox?: SandboxContext) {
      if (!play) throw new Error('koth: this side of hosted shards does not play games');
      if (!sandbox) throw new Error('koth: hosted games with posted answers run only in a sandbox worker');
      const { index } = shardOf(rng);
      const games = o.games.slice(index * o.shardSize, index * o.shardSize + count);
      const needed = new Set(games.flatMap((g) => g.seats.flatMap((s) => (typeof s === 'string' ? [] : [s.sha256]))));
      const code: Record<string, string> = {};
      for (const s of o.sources) {
        if (!needed.has(s.sha256)) continue;
        // The worker checked each text against its reference; here, that it is the version it names.
        if (sha256Hex(s.code) !== s.sha256) throw new Error(`koth: the code given for ${s.sha256} is not that version's`);
        code[s.sha256] = s.code;
      }
      const outcomes = play({ run: o.run, rules: o.rules, games, code, timeLimitMs: o.timeLimitMs }, sandbox as never);
      // A task stops after a game whose call the sandbox stopped (sandboxed.ts playTask): this worker cannot play the rest; the host plays the batch.
      if (outcomes.length !== games.length) throw new Error(`the sandbox stopped a call after ${outcomes.length} of the shard's ${games.length} games: the host plays them itself`);
      tick?.(count);
      return { outcomes };
    },
    merge(a, b) {
      a.outcomes.push(...b.outcomes);
      return a;
    },
    empty: () => ({ outcomes: [] }),
    count: (acc) => acc.outcomes.length,
    check(acc) {
      const out: string[] = [];
      acc.outcomes.forEach((x, i) => {
        const p = outcomeProblem(x);
        if (p && out.length < 3) out.push(`outcome ${i}: ${p}`);
      });
      return out;
    },
  };
}

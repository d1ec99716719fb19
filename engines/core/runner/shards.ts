
/**
 * Shard plan and per-shard seeds. A run of N trials is cut into fixed-size shards; shard i
 * draws from its own generator of the game's kind, seeded with the string
 * `<master seed>/shard/<i>` (rng/generators.ts; for CPython kinds a Python script can rebuild
 * any shard's generator). Because the plan and
 * the seeds depend only on (seed, N, shard size), the merged result is the same for any
 * number of workers.
 */
export interface Shard {
  index: number;
  count: number;
}

/** The most shards a run may have (the plan and a checkpoint hold one entry per shard): 10^10 trials at 10,000 a shard. */
export const MAX_SHARDS = 1_000_000;

export function planShards(trials: number, shardSize: number): Shard[] {
  if (!Number.isSafeInteger(trials) || trials < 0) throw new RangeError(`trials must be a non-negative integer, got ${trials}`);
  if (!Number.isSafeInteger(shardSize) || shardSize < 1) throw new RangeError(`shard size must be a positive integer, got ${shardSize}`);
  const shards: Shard[] = [];
  for (let i = 0, left = trials; left > 0; i++, left -= shardSize) shards.push({ index: i, count: Math.min(shardSize, left) });
  return shards;
}

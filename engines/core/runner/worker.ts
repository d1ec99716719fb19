/**
 * Worker-thread entry: runs one shard of a registered game's trials. Started by the runner
 * through piscina; bundled to dist/worker.js beside dist/koth.js.
 */
import { findGame } from '../../registry.ts';
import { shardRng } from './shards.ts';
import type { Seed } from '../rng/rng.ts';

export interface ShardTask {
  game: string;
  opts: unknown;
  seed: Seed;
  index: number;
  count: number;
}

export default function runShard(task: ShardTask): unknown {
  const game = findGame(task.game);
  if (!game?.trials) throw new Error(`worker: game ${task.game} has no shardable trials`);
  return game.trials.run(task.opts, shardRng(task.seed, task.index), task.count);
}

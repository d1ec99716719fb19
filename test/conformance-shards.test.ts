/**
 * Conformance of every registered game's sharded runs (OpenSpiel-style, beside
 * conformance.test.ts): a new game gets them by its one registry line, without editing this
 * file; the scratch coin-flip game, known to no file of the project, is registered at runtime to
 * prove it. Each runs its sample of trials (the descriptor's conformance.trials) on worker
 * threads: same seed, same result; 1 worker = 2 workers; an interrupted run resumes; a
 * checkpoint that claims more trials than it holds is refused.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { games, registerGame, trialsModuleOf, unregisterGame } from '../engines/registry.ts';
import { runTrials } from '../engines/core/runner/runner.ts';
import { coinGame } from './scratch-game/index.ts';

registerGame(coinGame);
afterAll(() => unregisterGame(coinGame.id));

const sharded = [...games].filter((g) => g.engine?.trials && g.engine.conformance.trials);

it('holds the scratch game among the sharded ones', () => {
  expect(sharded.map((g) => g.id)).toContain('coin');
});

describe.each(sharded.map((g) => [g.id, g] as const))('%s: sharded runs', (id, g) => {
  const spec = g.engine!.trials!;
  const sample = g.engine!.conformance.trials!;
  const base = { game: id, spec, trialsModule: trialsModuleOf(id), opts: sample.opts, seed: 'conformance', trials: sample.trials, shardSize: sample.shardSize };

  it('workers load the same trials from its module', async () => {
    const mod = (await import(trialsModuleOf(id))) as { trials?: typeof spec };
    expect(mod.trials?.generator).toBe(spec.generator);
  });

  it('same seed → same result; another seed → another result', async () => {
    const a = await runTrials({ ...base, workers: 1 });
    const b = await runTrials({ ...base, workers: 1 });
    const c = await runTrials({ ...base, workers: 1, seed: 'conformance-other' });
    expect(b.acc).toEqual(a.acc);
    expect(c.acc).not.toEqual(a.acc);
  });

  it('1 worker and 2 workers give identical results', async () => {
    const one = await runTrials({ ...base, workers: 1 });
    const two = await runTrials({ ...base, workers: 2 });
    expect(two.workers).toBe(2);
    expect(two.acc).toEqual(one.acc);
  });

  it('an interrupted run resumes from its checkpoint to the uninterrupted result', async () => {
    const path = join(mkdtempSync(join(tmpdir(), `koth-${id}-`)), 'run.checkpoint.json');
    const full = await runTrials({ ...base, workers: 1 });
    const stop = new AbortController();
    const half = Math.max(1, Math.floor(sample.trials / sample.shardSize / 2));
    const first = await runTrials({ ...base, workers: 2, checkpoint: path, signal: stop.signal, onShard: (done) => done >= half && stop.abort() });
    expect(first.interrupted).toBe(true);
    const resumed = await runTrials({ ...base, workers: 2, checkpoint: path });
    expect(resumed.interrupted).toBe(false);
    expect(resumed.resumedShards).toBeGreaterThanOrEqual(half);
    expect(resumed.acc).toEqual(full.acc);
  });

  it('count() is the number of trials an accumulator holds; a checkpoint that claims more is refused when loaded', async () => {
    const path = join(mkdtempSync(join(tmpdir(), `koth-${id}-`)), 'run.checkpoint.json');
    const full = await runTrials({ ...base, workers: 1, checkpoint: path });
    expect(spec.count(full.acc)).toBe(sample.trials);
    expect(spec.count(spec.empty(sample.opts))).toBe(0);
    // The whole run's results, recorded as if they were those of its first shard only.
    const file = JSON.parse(readFileSync(path, 'utf8'));
    const merger = file.parts.main.merger;
    Object.assign(merger, { next: 1, pending: {} });
    file.parts.main.complete = false;
    writeFileSync(path, JSON.stringify(file));
    await expect(runTrials({ ...base, workers: 1, checkpoint: path })).rejects.toThrow(new RegExp(`matches this run but cannot be used: its results hold ${sample.trials} trials, but its 1 finished shards hold ${sample.shardSize}`));
  });
});

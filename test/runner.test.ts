import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { games } from '../engines/registry.ts';
import { runTrials } from '../engines/core/runner/runner.ts';
import { dicePool } from '../engines/dice/cli.ts';

// Generic checks over every game with shardable trials (OpenSpiel-style): same seed → same
// result, and the result does not depend on the number of workers or on interruptions.
const sample: Record<string, unknown> = { dice: { bots: dicePool('official'), rules: 'fixed' } };

describe.each(games.filter((g) => g.trials && sample[g.id]).map((g) => g.id))('runner with %s', (id) => {
  const base = { game: id, opts: sample[id], seed: 'determinism', trials: 12_000, shardSize: 1_000 };

  it('1, 2 and 4 workers give identical totals', async () => {
    const one = await runTrials({ ...base, workers: 1 });
    const two = await runTrials({ ...base, workers: 2 });
    const four = await runTrials({ ...base, workers: 4 });
    expect(two.acc).toEqual(one.acc);
    expect(four.acc).toEqual(one.acc);
    expect(four.workers).toBe(4);
  });

  it('a different seed gives a different result', async () => {
    const a = await runTrials({ ...base, trials: 2_000, workers: 1 });
    const b = await runTrials({ ...base, trials: 2_000, workers: 1, seed: 'other' });
    expect(b.acc).not.toEqual(a.acc);
  });

  it('an interrupted run resumes from its checkpoint to the same result', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'koth-run-')), 'run.checkpoint.json');
    const full = await runTrials({ ...base, workers: 1 });
    const stop = new AbortController();
    const first = await runTrials({ ...base, workers: 2, checkpoint: path, signal: stop.signal, onShard: (done) => done >= 5 && stop.abort() });
    expect(first.interrupted).toBe(true);
    const resumed = await runTrials({ ...base, workers: 2, checkpoint: path });
    expect(resumed.interrupted).toBe(false);
    expect(resumed.resumedShards).toBeGreaterThanOrEqual(5);
    expect(resumed.acc).toEqual(full.acc);
  });
});

/** Hosted games as shards (engines/core/host/trials.ts): trial i plays game i of the batch, the answers' code checked, outcomes checked by form. */
import { describe, expect, it } from 'vitest';
import { shardGenerator } from '../rng/generators.ts';
import { sha256Hex } from '../runner/content.ts';
import type { HostJob } from './play.ts';
import { hostShardOptions, hostTrials, outcomeProblem } from './trials.ts';

const CODE = 'class A(Bot): pass\n';
const SHA = sha256Hex(CODE);
const job: HostJob = {
  run: 'r',
  rules: 'fixed',
  games: Array.from({ length: 7 }, (_, i) => ({ seedKey: 100 + i, seats: ['X', i % 2 ? { sha256: SHA, className: 'A' } : 'Y'] })),
  code: { [SHA]: CODE },
};
const sandbox = { runtime: 'python' as const, cells: new Int32Array(1), label: () => 0 };

describe('hostTrials', () => {
  it('shard k plays games k·shardSize …, each with the code it seats; the outcomes merge in order', () => {
    const seen: HostJob[] = [];
    const spec = hostTrials((j) => (seen.push(j), j.games.map((g) => ({ result: `s:${g.seedKey},0` }))));
    const o = hostShardOptions(job, 3, 2000);
    const shards = [0, 1, 2].map((k) => spec.run(o, shardGenerator(spec.generator, 'r', k), Math.min(3, 7 - 3 * k), undefined, sandbox));
    expect(seen.map((j) => j.games.map((g) => g.seedKey))).toEqual([[100, 101, 102], [103, 104, 105], [106]]);
    expect(seen[2]!.code).toEqual({}); // game 6 seats no answer
    expect(seen[0]!.code).toEqual({ [SHA]: CODE });
    expect(seen[0]).toMatchObject({ run: 'r', rules: 'fixed', timeLimitMs: 2000 });
    const all = shards.reduce((a, b) => spec.merge(a, b), spec.empty(o));
    expect(spec.count(all)).toBe(7);
    expect(all.outcomes.map((x) => ('result' in x ? x.result : ''))).toEqual(job.games.map((g) => `s:${g.seedKey},0`));
    expect(spec.check!(all, o)).toEqual([]);
  });

  it('refuses code that is not the version it names, and playing outside a sandbox worker', () => {
    const spec = hostTrials(() => []);
    const o = hostShardOptions({ ...job, code: { [SHA]: CODE + '# changed' } }, 3, 2000);
    expect(() => spec.run(o, shardGenerator(spec.generator, 'r', 0), 3, undefined, sandbox)).toThrow(/not that version's/);
    expect(() => spec.run(hostShardOptions(job, 3, 2000), shardGenerator(spec.generator, 'r', 0), 3)).toThrow(/sandbox worker/);
    expect(() => hostTrials().run(hostShardOptions(job, 3, 2000), shardGenerator(spec.generator, 'r', 0), 3, undefined, sandbox)).toThrow(/does not play/);
  });

  it('tells an outcome that cannot be one of the game', () => {
    expect(outcomeProblem({ result: 's:1,2' }, 2)).toBeUndefined();
    expect(outcomeProblem({ failed: { seat: 1, kind: 'crash', reason: 'x' } }, 2)).toBeUndefined();
    expect(outcomeProblem({ result: 's:1,2,3' }, 2)).toMatch(/3 seats, the game 2/);
    expect(outcomeProblem({ result: 'garbage' }, 2)).toMatch(/cannot be read/);
    expect(outcomeProblem({ result: 's:1,2', extra: 1 }, 2)).toMatch(/more than a result/);
    expect(outcomeProblem({ failed: { seat: 2, kind: 'crash', reason: 'x' } }, 2)).toMatch(/seat/);
    expect(outcomeProblem({ failed: { seat: 0, kind: 'lied', reason: 'x' } }, 2)).toMatch(/shape/);
    expect(outcomeProblem(null)).toMatch(/not an outcome/);
    expect(hostTrials().check!({ outcomes: [{ result: 'x' } as never] }, hostShardOptions(job, 3, 2000))[0]).toMatch(/^outcome 0: /);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Checkpoint, CheckpointMismatch, OrderedMerger } from './checkpoint.ts';
import { planShards } from './shards.ts';
import { shardSeed } from '../rng/generators.ts';

const concat = (a: string, b: string) => a + b;

describe('ordered merging and checkpoints', () => {
  it('merges shards in index order whatever order they finish in', () => {
    const m = new OrderedMerger(concat, { next: 0, acc: '', pending: {} });
    for (const i of [2, 0, 3, 1, 5, 4]) m.add(i, String(i));
    expect(m.state.acc).toBe('012345');
    expect(m.state.pending).toEqual({});
    expect(m.has(4)).toBe(true);
    expect(m.has(6)).toBe(false);
  });

  it('a checkpoint resumes the same run and refuses another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'koth-cp-'));
    const path = join(dir, 'run.checkpoint.json');
    const id = { game: 'g', seed: '1', trials: 10, shardSize: 2, opts: { bots: ['a'] } };
    const cp = new Checkpoint(path, id, concat, '');
    cp.record(1, 'b');
    cp.record(0, 'a');
    cp.flush();
    const again = new Checkpoint(path, id, concat, '');
    expect(again.resumed).toBe(true);
    expect(again.merger.state.acc).toBe('ab');
    expect(again.merger.has(1)).toBe(true);
    expect(() => new Checkpoint(path, { ...id, seed: '2' }, concat, '')).toThrow(CheckpointMismatch);
    writeFileSync(path, '{"truncated": ');
    expect(() => new Checkpoint(path, id, concat, '')).toThrow(/not readable JSON/);
    expect(readFileSync(path, 'utf8')).toBe('{"truncated": ');
  });

  it('plans shards and names their seeds', () => {
    expect(planShards(25, 10)).toEqual([
      { index: 0, count: 10 },
      { index: 1, count: 10 },
      { index: 2, count: 5 },
    ]);
    expect(planShards(0, 10)).toEqual([]);
    expect(() => planShards(5, 0)).toThrow(/shard size/);
    expect(shardSeed(2019n, 3)).toBe('2019/shard/3');
  });
});

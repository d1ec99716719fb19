import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Checkpoint, CheckpointInvalid, CheckpointMismatch, CheckpointWriteError, OrderedMerger, type CheckpointSpec } from './checkpoint.ts';
import { planShards } from './shards.ts';
import { runTrials } from './runner.ts';
import type { TrialSpec } from './trial-spec.ts';
import { shardGenerator, shardSeed } from '../rng/generators.ts';
import type { SandboxPool } from '../sandbox/pool.ts';

const concat = (a: string, b: string) => a + b;

/** A toy accumulator: how many trials, and their letters in order. */
interface Acc {
  n: number;
  text: string;
}
const spec: CheckpointSpec<unknown, Acc> = {
  merge: (a, b) => ({ n: a.n + b.n, text: a.text + b.text }),
  empty: () => ({ n: 0, text: '' }),
  count: (a) => a.n,
};
const shard = (letter: string, n = 2): Acc => ({ n, text: letter.repeat(n) });
const tmp = () => mkdtempSync(join(tmpdir(), 'koth-cp-'));

describe('ordered merging and checkpoints', () => {
  it('merges shards in index order whatever order they finish in', () => {
    const m = new OrderedMerger(concat, { next: 0, acc: '', pending: {} });
    for (const i of [2, 0, 3, 1, 5, 4]) m.add(i, String(i));
    expect(m.state.acc).toBe('012345');
    expect(m.state.pending).toEqual({});
    expect(m.has(4)).toBe(true);
    expect(m.has(6)).toBe(false);
  });

  it('a checkpoint resumes the same run and refuses another, saying what differs', () => {
    const path = join(tmp(), 'run.checkpoint.json');
    const id = { game: 'g', seed: '1', trials: 10, shardSize: 2, opts: { bots: ['a'] } };
    const cp = new Checkpoint(path, id, spec, {});
    cp.record(1, shard('b'));
    cp.record(0, shard('a'));
    cp.flush();
    const again = new Checkpoint(path, id, spec, {});
    expect(again.resumed).toBe(true);
    expect(again.merger.state.acc).toEqual({ n: 4, text: 'aabb' });
    expect(again.merger.has(1)).toBe(true);
    expect(() => new Checkpoint(path, { ...id, seed: '2' }, spec, {})).toThrow(CheckpointMismatch);
    expect(() => new Checkpoint(path, { ...id, seed: '2' }, spec, {})).toThrow(/belongs to another run \(its seed differ: seed "1"\)/);
    writeFileSync(path, '{"truncated": ');
    expect(() => new Checkpoint(path, id, spec, {})).toThrow(/not readable JSON/);
    expect(readFileSync(path, 'utf8')).toBe('{"truncated": ');
    writeFileSync(path, '{"some": "other file"}');
    expect(() => new Checkpoint(path, id, spec, {})).toThrow(/is not a koth checkpoint/);
  });

  it('one file holds several runs as named parts: each resumes by itself, the others are kept', () => {
    const path = join(tmp(), 'ab.json');
    const id = { game: 'g', seed: '1', trials: 4, shardSize: 2 };
    const a = new Checkpoint(path, { ...id, opts: { rules: 'original' } }, spec, {}, 'original');
    a.record(0, shard('a'));
    a.record(1, shard('a'));
    a.flush(true);
    const b = new Checkpoint(path, { ...id, opts: { rules: 'fixed' } }, spec, {}, 'fixed');
    expect(b.resumed).toBe(false);
    b.record(0, shard('b'));
    b.flush();
    const file = JSON.parse(readFileSync(path, 'utf8'));
    expect(Object.keys(file.parts)).toEqual(['original', 'fixed']);
    expect(new Checkpoint(path, { ...id, opts: { rules: 'original' } }, spec, {}, 'original').merger.state.acc).toEqual({ n: 4, text: 'aaaa' });
    expect(new Checkpoint(path, { ...id, opts: { rules: 'fixed' } }, spec, {}, 'fixed').merger.state.next).toBe(1);
    // A part with another identity under the same name is another run's.
    expect(() => new Checkpoint(path, { ...id, opts: { rules: 'fixed', bots: 2 } }, spec, {}, 'fixed')).toThrow(/belongs to another run \(its options/);
  });

  it('reads a first-format file (one run) as the part it matches', () => {
    const path = join(tmp(), 'v1.json');
    const id = { game: 'g', seed: '1', trials: 4, shardSize: 2, opts: {} };
    const cp = new Checkpoint(path, id, spec, {});
    cp.record(0, shard('a'));
    cp.flush();
    const v2 = JSON.parse(readFileSync(path, 'utf8'));
    writeFileSync(path, JSON.stringify({ format: 'koth-checkpoint/1', ...v2.parts.main }));
    expect(new Checkpoint(path, id, spec, {}, 'fixed').merger.state.acc).toEqual({ n: 2, text: 'aa' });
  });

  it('content that koth cannot have written is refused when loaded, naming the file and the problem', () => {
    const path = join(tmp(), 'bad.json');
    const id = { game: 'g', seed: '1', trials: 6, shardSize: 2, opts: {} };
    const cp = new Checkpoint(path, id, spec, {});
    cp.record(0, shard('a'));
    cp.record(2, shard('c'));
    cp.flush();
    const good = JSON.parse(readFileSync(path, 'utf8'));
    const tamper = (f: (m: { next: number; acc: any; pending: any }, part: any) => void) => {
      const copy = structuredClone(good);
      f(copy.parts.main.merger, copy.parts.main);
      writeFileSync(path, JSON.stringify(copy));
      try {
        new Checkpoint(path, id, spec, {});
      } catch (e) {
        expect(e).toBeInstanceOf(CheckpointInvalid);
        expect((e as Error).message).toContain(path);
        expect((e as Error).message).toMatch(/delete .* to start the run over/);
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(tamper((m) => (m.acc.n = -2))).toMatch(/results\.n is -2, not a count/);
    expect(tamper((m) => (m.acc = [1, 2]))).toMatch(/results is \[1,2\], not an object/);
    expect(tamper((m) => (m.acc.text = 5))).toMatch(/results\.text is 5, not a string/);
    expect(tamper((m) => delete m.acc.text)).toMatch(/results lacks text/);
    expect(tamper((m) => (m.acc.n = 200))).toMatch(/hold 200 trials, but its 1 finished shards hold 2 \(more than the run has done\)/);
    expect(tamper((m) => (m.next = 9))).toMatch(/9 shards are done, but the run has only 3/);
    expect(tamper((m) => (m.pending['7'] = shard('x')))).toMatch(/finished shard "7" that this run cannot have/);
    expect(tamper((m) => (m.pending['2'] = shard('x', 5)))).toMatch(/shard 2 holds 5 trials, not 2/);
    expect(tamper((_m, part) => (part.complete = true))).toMatch(/complete, but not every shard is done/);
    expect(tamper((m) => (m.pending = null))).toMatch(/progress record .* malformed/);
    // The untouched file still resumes.
    writeFileSync(path, JSON.stringify(good));
    expect(new Checkpoint(path, id, spec, {}).merger.state.next).toBe(1);
  });

  it('a write that fails mid-run stops the run, keeps the last good file, and the rerun resumes from it', async () => {
    const trials: TrialSpec<unknown, Acc> = {
      ...spec,
      generator: 'cpython3',
      run: (_o, rng, count) => ({ n: count, text: String(rng.randbelow(10)).repeat(count) }),
    } as TrialSpec<unknown, Acc>;
    const dir = join(tmp(), 'ck');
    mkdirSync(dir);
    const path = join(dir, 'run.json');
    const base = { game: 'g', spec: trials, trialsModule: 'unused', opts: {}, seed: 'w', trials: 40, shardSize: 4, workers: 1, checkpoint: path };
    const straight = await runTrials({ ...base, checkpoint: undefined });
    // After the third shard the folder is swapped for a file: every later write fails (as a full disk would; this works as root too).
    let moved = '';
    const res = await runTrials({
      ...base,
      checkpointEveryMs: 0,
      onShard: (done) => {
        if (done === 3) {
          moved = `${dir}.moved`;
          renameSync(dir, moved);
          writeFileSync(dir, 'not a folder');
        }
      },
    });
    expect(res.interrupted).toBe(true);
    expect(res.checkpointError).toBeInstanceOf(CheckpointWriteError);
    expect(res.done).toBe(16); // the shard whose write failed is the last one played
    expect(res.checkpointError!.savedTrials).toBe(12);
    // The last good file: whole, and it resumes to the uninterrupted result.
    const kept = join(moved, 'run.json');
    expect(existsSync(kept)).toBe(true);
    const resumed = await runTrials({ ...base, checkpoint: kept });
    expect(resumed.resumedShards).toBeGreaterThan(0);
    expect(resumed.resumedShards * 4).toBe(res.checkpointError!.savedTrials);
    expect(resumed.acc).toEqual(straight.acc);
  });

  it('in sandbox workers (--python-bots) too, a failed checkpoint write stops the run: no shard starts after it', async () => {
    const trials: TrialSpec<unknown, Acc> = {
      ...spec,
      generator: 'cpython3',
      run: (_o, rng, count) => ({ n: count, text: String(rng.randbelow(10)).repeat(count) }),
    } as TrialSpec<unknown, Acc>;
    // A stand-in for the sandbox pool: runs each shard here, as a sandbox worker would, and counts them.
    let started = 0;
    const sandbox = {
      workers: 1,
      run: async (t: { index: number; count: number; seed: string }) => {
        started++;
        return trials.run({}, shardGenerator('cpython3', t.seed, t.index), t.count, () => {});
      },
    } as unknown as SandboxPool;
    const dir = join(tmp(), 'ck');
    mkdirSync(dir);
    const path = join(dir, 'run.json');
    const res = await runTrials({
      game: 'g',
      spec: trials,
      trialsModule: 'unused',
      opts: {},
      seed: 'w',
      trials: 40,
      shardSize: 4,
      checkpoint: path,
      checkpointEveryMs: 0,
      sandbox,
      onShard: (done) => {
        if (done === 3) {
          renameSync(dir, `${dir}.moved`);
          writeFileSync(dir, 'not a folder');
        }
      },
    });
    expect(res.interrupted).toBe(true);
    expect(res.checkpointError).toBeInstanceOf(CheckpointWriteError);
    expect(res.done).toBe(16); // the shard whose write failed is the last one played
    expect(started).toBe(4); // of 10 shards
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

describe('a run that has enough (koth ab at its verdict)', () => {
  const trials: TrialSpec<unknown, Acc> = {
    ...spec,
    generator: 'cpython3',
    run: (_o, _rng, count) => ({ n: count, text: 'x'.repeat(count) }),
  };
  const base = { game: 'g', spec: trials, trialsModule: 'unused', opts: {}, seed: 'e', trials: 40, shardSize: 4, workers: 1 };

  it('ends after the shard where `enough` says so: no later shard runs or merges, and the run is not interrupted', async () => {
    const asked: number[] = [];
    let ran = 0;
    const res = await runTrials({ ...base, onShard: (done) => (ran = done), enough: (acc, i) => (asked.push(i), acc.n >= 12) });
    expect(asked).toEqual([0, 1, 2]);
    expect(ran).toBe(3);
    expect(res.acc.n).toBe(12);
    expect(res.sated).toBe(true);
    expect(res.interrupted).toBe(false);
  });

  it('a checkpoint that already holds enough runs nothing more when resumed', async () => {
    const checkpoint = join(tmp(), 'run.json');
    await runTrials({ ...base, checkpoint, checkpointEveryMs: 0, enough: (acc) => acc.n >= 12 });
    let ran = 0;
    const res = await runTrials({ ...base, checkpoint, onShard: () => ran++, enough: (acc) => acc.n >= 12 });
    expect(ran).toBe(0);
    expect(res.acc.n).toBe(12);
    expect(res.sated).toBe(true);
    expect(res.interrupted).toBe(false);
  });
});

describe('a merger that has enough', () => {
  it('drops the shards past it, pending or finishing later (so that its checkpoint resumes)', () => {
    const path = join(tmp(), 'run.json');
    const id = { game: 'g', seed: '1', trials: 20, shardSize: 2, opts: {} };
    const cp = new Checkpoint(path, id, spec, {});
    cp.merger.enough = (acc) => acc.n >= 4;
    cp.record(3, shard('d'));
    cp.record(2, shard('c'));
    cp.record(0, shard('a'));
    cp.record(1, shard('b')); // enough after shard 1: 2 and 3, pending, are dropped
    cp.record(4, shard('e')); // finished after: dropped
    cp.flush();
    expect(cp.merger.state).toEqual({ next: 2, acc: { n: 4, text: 'aabb' }, pending: {} });
    expect(new Checkpoint(path, id, spec, {}).merger.state.next).toBe(2);
  });
});

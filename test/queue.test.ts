/**
 * Queued runs (issue 23): `koth replay … --queue URL` with `koth worker` processes, against a
 * real redis-server this test starts on 127.0.0.1 (a free port, no persistence, noeviction,
 * its folder removed afterwards). Skipped, saying so, when redis-server is not installed.
 * Runs the bundle (dist/koth.js, built by `npm test`); short lock/stall/poll settings through
 * the environment. No timed assertions: every wait is bounded and fails with what it saw.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, haveRedis, redisServer, starter, until, untimed, type Proc } from './redis.ts';

if (!haveRedis) console.warn('test/queue.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

const procs: Proc[] = [];
const start = starter(procs);
const koth = (args: string[]) => start(process.execPath, ['dist/koth.js', ...args]);

let dir = '';
let port = 0;
let redis: Proc | undefined;
let url = '';

async function startRedis(): Promise<void> {
  redis = await redisServer(start, port, dir);
}

async function stopRedis(): Promise<void> {
  if (!redis) return;
  redis.child.kill('SIGKILL');
  await redis.done;
  redis = undefined;
}

// A run long enough to interrupt: 24 shards of 25,000 games (about half a second each here).
const RUN = ['replay', 'dice', '--games', '600000', '--shard-size', '25000', '--workers', '2', '--json'];
let local = '';

describe.skipIf(!haveRedis)('queued runs on a real redis-server', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-redis-'));
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    await startRedis();
    const l = koth(RUN);
    expect(await l.done, l.stderr).toBe(0);
    local = untimed(l.stdout);
  }, 120_000);

  afterEach(async () => {
    for (const p of procs) if (p !== redis && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.filter((p) => p !== redis).map((p) => p.done));
    procs.length = 0;
    if (redis) procs.push(redis);
    // Nothing of a finished test stays on the queue.
    const c = koth(['queue', 'clean', '--all', '--queue', url]);
    await c.done;
  });

  afterAll(async () => {
    await stopRedis();
    rmSync(dir, { recursive: true, force: true });
  });

  const stopWorkers = async (ws: Proc[]) => {
    for (const w of ws) w.child.kill('SIGTERM');
    for (const w of ws) expect(await w.done, w.stderr).toBe(0);
  };
  const started = (ws: Proc[]) => ws.reduce((n, w) => n + (w.stderr.match(/\) started/g)?.length ?? 0), 0);
  const finished = (ws: Proc[]) => ws.reduce((n, w) => n + (w.stderr.match(/ done in /g)?.length ?? 0), 0);

  it('(a) a queued run on 2 worker processes equals the local run; its jobs are removed', async () => {
    const ws = [koth(['worker', '--queue', url, '--threads', '1']), koth(['worker', '--queue', url, '--threads', '1'])];
    const q = koth([...RUN, '--queue', url]);
    expect(await q.done, q.stderr).toBe(0);
    expect(untimed(q.stdout)).toBe(local);
    expect(finished(ws)).toBe(24);
    const s = koth(['queue', 'status', '--queue', url, '--json']);
    expect(await s.done).toBe(0);
    expect(JSON.parse(s.stdout)).toEqual([]);
    await stopWorkers(ws);
    for (const w of ws) expect(w.stderr).toMatch(/stopped after \d+ shard/);
  }, 90_000);

  it('(b) a worker killed (SIGKILL) mid-shard: another redoes the shard, counted once, same result', async () => {
    const a = koth(['worker', '--queue', url, '--threads', '1']);
    const q = koth([...RUN, '--queue', url]);
    await until(() => started([a]) >= 1, 'worker A to start a shard');
    a.child.kill('SIGKILL');
    await a.done;
    const b = koth(['worker', '--queue', url, '--threads', '2']);
    expect(await q.done, q.stderr).toBe(0);
    expect(untimed(q.stdout)).toBe(local);
    // Worker B ran the shard A was killed in (and every other one A had not finished).
    expect(finished([b])).toBe(24 - finished([a]));
    await stopWorkers([b]);
  }, 90_000);

  it('(c) the coordinator killed and restarted with the same command resumes: no shard recomputed, same result', async () => {
    const ws = [koth(['worker', '--queue', url, '--threads', '1']), koth(['worker', '--queue', url, '--threads', '1'])];
    const q1 = koth([...RUN, '--queue', url]);
    await until(() => finished(ws) >= 4, 'some shards done');
    q1.child.kill('SIGKILL');
    await q1.done;
    const q2 = koth([...RUN, '--queue', url]);
    expect(await q2.done, q2.stderr).toBe(0);
    expect(untimed(q2.stdout)).toBe(local);
    expect(started(ws)).toBe(24);
    await stopWorkers(ws);
  }, 90_000);

  it('(d) Redis restarted mid-run without persistence: the coordinator re-adds the missing shards; same result, no hang', async () => {
    const ws = [koth(['worker', '--queue', url, '--threads', '1']), koth(['worker', '--queue', url, '--threads', '1'])];
    const q = koth([...RUN, '--queue', url]);
    await until(() => finished(ws) >= 4, 'some shards done');
    await stopRedis();
    await startRedis();
    expect(await q.done, q.stderr).toBe(0);
    expect(q.stderr).toMatch(/re-added \d+ shard job/);
    expect(untimed(q.stdout)).toBe(local);
    await stopWorkers(ws);
  }, 90_000);

  it('a worker of another koth version hands the jobs back; a worker of the right version runs them', async () => {
    const old = start(process.execPath, ['dist/koth.js', 'worker', '--queue', url, '--threads', '1'], { KOTH_QUEUE_VERSION: '0.0.0+other', KOTH_QUEUE_REFUSED_DELAY_MS: '300' });
    const q = koth([...RUN, '--queue', url]);
    await until(() => /refused shard \d+ of dice/.test(old.stderr), 'the old worker to refuse a shard');
    const w = koth(['worker', '--queue', url, '--threads', '2']);
    expect(await q.done, q.stderr).toBe(0);
    expect(untimed(q.stdout)).toBe(local);
    expect(finished([old])).toBe(0);
    await stopWorkers([old, w]);
  }, 90_000);

  it('every other game’s sharded run on the queue equals its local run (camel-up, atomas runs, gun-duel --tournaments)', async () => {
    const ws = [koth(['worker', '--queue', url, '--threads', '1']), koth(['worker', '--queue', url, '--threads', '1'])];
    const runs = [
      ['replay', 'camel-up', '--games', '8', '--shard-size', '2', '--json'],
      ['replay', 'atomas', '--runs', '8', '--shard-size', '2', '--bots', 'RandomBot,BadPlayer', '--json'],
      ['replay', 'gun-duel', '--tournaments', '3', '--repetition', '2', '--json'],
    ];
    let shardsBefore = 0;
    for (const run of runs) {
      // Runs this small may disagree with the published table (exit 1): the same verdict either way.
      const l = koth([...run, '--workers', '2']);
      const localExit = await l.done;
      expect([0, 1], l.stderr).toContain(localExit);
      const q = koth([...run, '--queue', url]);
      expect(await q.done, q.stderr).toBe(localExit);
      expect(untimed(q.stdout), run.join(' ')).toBe(untimed(l.stdout));
      // The shards really went through the workers.
      expect(finished(ws), run.join(' ')).toBeGreaterThan(shardsBefore);
      shardsBefore = finished(ws);
    }
    await stopWorkers(ws);
  }, 120_000);

  it('a rule A/B (--compare-rules) on the queue: workers play its pairs (they refused "dice:rules" before) and the figures equal the local run', async () => {
    const ws = [koth(['worker', '--queue', url, '--threads', '1']), koth(['worker', '--queue', url, '--threads', '1'])];
    const run = ['replay', 'dice', '--compare-rules', 'original,fixed', '--games', '400', '--shard-size', '100', '--json'];
    const l = koth([...run, '--workers', '2']);
    expect(await l.done, l.stderr).toBe(0);
    const q = koth([...run, '--queue', url]);
    expect(await q.done, q.stderr).toBe(0);
    // The figures of the pairs; where they ran (workers, ranOn) and how long they took differ by design.
    const figures = (out: string) => {
      const { bots, groups, extra, pairs, compare, seed } = JSON.parse(out);
      return { bots, groups, extra, pairs, compare, seed };
    };
    expect(figures(q.stdout)).toEqual(figures(l.stdout));
    expect(finished(ws)).toBeGreaterThanOrEqual(4);
    await stopWorkers(ws);
  }, 120_000);

  it('bad input and an unreachable Redis: clear messages, exit 2 and 4', async () => {
    const bad = koth([...RUN, '--queue', 'http://x']);
    expect(await bad.done).toBe(2);
    expect(bad.stderr).toMatch(/redis:\/\//);
    const closed = await freePort();
    const gone = koth([...RUN, '--queue', `redis://127.0.0.1:${closed}`]);
    expect(await gone.done).toBe(4);
    expect(gone.stderr).toMatch(/cannot reach Redis/);
    const w = koth(['worker']);
    expect(await w.done).toBe(2);
  }, 60_000);
});

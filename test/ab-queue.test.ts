/**
 * `koth ab --queue`: the pairs' batches run on `koth worker` processes through a real
 * redis-server, and the verdict, the pair count and every figure equal the local run's — also
 * when a worker is killed (SIGKILL) in the middle of a batch: another worker redoes that batch.
 * Skipped, saying so, when redis-server is not installed.
 */
import { describe, expect, it } from 'vitest';
import { haveRedis, killAtFirstShard, redisForSuite, until } from './redis.ts';
import { kothAsync } from './helpers.ts';

if (!haveRedis) console.warn('test/ab-queue.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

describe.skipIf(!haveRedis)('koth ab on the queue', () => {
  const { start, url: queueUrl } = redisForSuite('koth-ab-redis-');

  it('two koth workers: the same verdict, pair count and figures as --workers 1', async () => {
    const url = queueUrl();
    const env = { KOTH_QUEUE_POLL_MS: '200', NO_COLOR: '1', KOTH_QUEUE_VERSION: 'test+ab' };
    const workers = [1, 2].map(() => start(process.execPath, ['dist/koth.js', 'worker', '--queue', url, '--threads', '1'], env));
    const args = ['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'GoToTenBot', '--max-pairs', '5000', '--json'];
    const [queued, local] = await Promise.all([kothAsync([...args, '--queue', url], env), kothAsync([...args, '--workers', '1'], env)]);
    expect(queued.status, queued.stderr).toBe(0);
    expect(local.status, local.stderr).toBe(0);
    const q = queued.json();
    const l = local.json();
    expect(q.verdict).toBe('H1');
    expect(q.ranOn).toMatch(/koth worker processes through the queue/);
    expect({ ...q, ranOn: undefined }).toEqual({ ...l, ranOn: undefined });
    for (const w of workers) w.child.kill('SIGTERM');
    for (const w of workers) expect(await w.done).toBe(0);
  }, 180_000);

  it('a worker killed (SIGKILL) mid-batch: another worker redoes the batch; verdict, pairs and llr equal the local run', async () => {
    const url = queueUrl();
    const env = { KOTH_QUEUE_POLL_MS: '200', NO_COLOR: '1', KOTH_QUEUE_VERSION: 'test+ab-kill' };
    const args = ['ab', 'dice', '--candidate', 'OptFor2X', '--baseline', 'GoToTenBot', '--seed', 'kill', '--max-pairs', '5000', '--json'];
    const local = await kothAsync([...args, '--workers', '1'], env);
    expect(local.status, local.stderr).toBe(0);
    const a = start(process.execPath, ['dist/koth.js', 'worker', '--queue', url, '--threads', '1'], env);
    // Killed the moment it says a batch started (a batch of 200 pairs takes far longer than that).
    const killedIn = killAtFirstShard(a, 'dice A/B');
    const queued = kothAsync([...args, '--queue', url], env);
    await until(() => killedIn() !== '', 'worker A to start a batch', 60_000);
    await a.done;
    // It died inside that batch: it never said the batch was done.
    expect(a.stderr).not.toMatch(/ done in /);
    const b = start(process.execPath, ['dist/koth.js', 'worker', '--queue', url, '--threads', '1'], env);
    const q = await queued;
    expect(q.status, q.stderr).toBe(0);
    // Worker B ran the batch A was killed in.
    expect(b.stderr).toContain(`${killedIn()} done in `);
    const qj = q.json();
    const lj = local.json();
    expect({ verdict: qj.verdict, pairs: qj.pairs, llr: qj.llr }).toEqual({ verdict: lj.verdict, pairs: lj.pairs, llr: lj.llr });
    expect({ ...qj, ranOn: undefined }).toEqual({ ...lj, ranOn: undefined });
    b.child.kill('SIGTERM');
    expect(await b.done).toBe(0);
  }, 240_000);
});

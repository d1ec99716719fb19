/**
 * `koth ab --queue`: the pairs' batches run on `koth worker` processes through a real
 * redis-server, and the verdict, the pair count and every figure equal the local run's.
 * Skipped, saying so, when redis-server is not installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, haveRedis, redisServer, starter, type Proc } from './redis.ts';
import { kothAsync } from './helpers.ts';

if (!haveRedis) console.warn('test/ab-queue.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

const procs: Proc[] = [];
const start = starter(procs);
let dir = '';
let url = '';

describe.skipIf(!haveRedis)('koth ab on the queue', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-ab-redis-'));
    const port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    await redisServer(start, port, dir);
  }, 60_000);

  afterAll(async () => {
    for (const p of procs) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('two koth workers: the same verdict, pair count and figures as --workers 1', async () => {
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
});

/**
 * A queued run whose --checkpoint cannot be written (issue 31, defect 3's other half: an error
 * while merging a shard was taken for "Redis away" and retried in silence): it stops as a local
 * run does (exit 130, the message saying what to do), and the rerun resumes from the queue. The
 * write failure is injected (node:fs's writeFileSync wrapped, as in test/disk-full.test.ts); the
 * coordinator runs in process, the worker is a `koth worker` process, Redis a real redis-server.
 * Skipped, saying so, when redis-server is not installed.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { haveRedis, redisForSuite } from './redis.ts';

const fsHooks: { fail?: (path: string) => boolean } = {};
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  return {
    ...real,
    writeFileSync: (...args: Parameters<typeof real.writeFileSync>) => {
      const path = String(args[0]);
      if (fsHooks.fail?.(path)) throw Object.assign(new Error(`ENOSPC: no space left on device, write '${path}'`), { code: 'ENOSPC', errno: -28, syscall: 'write' });
      return real.writeFileSync(...args);
    },
  };
});
const { runKoth: koth } = await import('./test-server.ts');

if (!haveRedis) console.warn('test/queue-checkpoint.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

describe.skipIf(!haveRedis)('a queued run whose checkpoint cannot be written', () => {
  const suite = redisForSuite('koth-redis-');

  it('stops with exit 130 and what to do (not an endless "Redis away"); the rerun resumes from the queue', async () => {
    // One version for the coordinator (in process, from the sources) and the worker (the bundle).
    const [url, dir] = [suite.url(), suite.dir()];
    const env = { KOTH_QUEUE_POLL_MS: '200', NO_COLOR: '1', KOTH_QUEUE_VERSION: 'test+checkpoint' };
    const w = suite.start(process.execPath, ['dist/koth.js', 'worker', '--queue', url, '--threads', '1'], env);
    const ck = join(dir, 'ck.json');
    const args = ['replay', 'dice', '--games', '2000', '--shard-size', '1000', '--json', '--queue', url, '--checkpoint', ck];
    fsHooks.fail = (p) => p.startsWith(`${ck}.`); // the temp files of ck.json: the disk is full
    const r = await koth(args, env);
    delete fsHooks.fail;
    expect(r.status, r.stderr).toBe(130);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`koth: could not write the checkpoint ${ck}: no space left on the device (ENOSPC), so the run stopped; the finished shards stay on the queue ${url}: free space (or fix the folder) and rerun the same command to resume`);
    expect(r.stderr).not.toMatch(/internal error|    at /);
    const again = await koth(args, env);
    expect([0, 1], again.stderr).toContain(again.status);
    expect(JSON.parse(again.stdout).games ?? JSON.parse(again.stdout).summary).toBeTruthy();
    w.child.kill('SIGTERM');
    expect(await w.done).toBe(0);
  }, 90_000);
});

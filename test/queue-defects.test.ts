/**
 * Queue defects of issue 31 (3, 4, 8, 9, 11–15, and the WRONGPASS of 22), each against real
 * redis-servers this test starts on 127.0.0.1 (free ports, no persistence). A forged worker and
 * forged jobs are made here with BullMQ itself, as anyone who can write to the Redis could.
 * Skipped, saying so, when redis-server is not installed. No timed assertions: every wait is
 * bounded and fails with what it saw.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PyRandom } from '../engines/core/rng/python-random.ts';
import { trials as diceTrials } from '../engines/wiring/dice-trials.ts';
import { freePort, haveRedis, redisServer, starter, until, untimed, type Proc } from './redis.ts';

if (!haveRedis) console.warn('test/queue-defects.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

const procs: Proc[] = [];
const start = starter(procs);
const koth = (args: string[], env: Record<string, string> = {}) => start(process.execPath, ['dist/koth.js', ...args], env);
const servers: Proc[] = [];
let dir = '';
let url = '';
let port = 0;

/** Another redis-server (with settings), stopped after the file's tests. */
async function otherRedis(extra: string[]): Promise<{ port: number; server: Proc }> {
  const p = await freePort();
  const server = await redisServer(start, p, dir, extra);
  servers.push(server);
  return { port: p, server };
}

const connection = (p: number) => ({ host: '127.0.0.1', port: p, maxRetriesPerRequest: null });
/** No terminal control character: ESC, BEL, CSI, NUL… (the output is uncoloured: NO_COLOR). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

// 2 shards of 1,000 dice games: quick.
const SMALL = ['replay', 'dice', '--games', '2000', '--shard-size', '1000', '--json'];
// 1 shard: a forged worker hands in exactly one result.
const ONE = ['replay', 'dice', '--games', '1000', '--shard-size', '1000', '--json'];

describe.skipIf(!haveRedis)('queue defects (issue 31) on real redis-servers', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-redis-'));
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    servers.push(await redisServer(start, port, dir));
  }, 60_000);

  afterEach(async () => {
    for (const p of procs) if (!servers.includes(p) && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.filter((p) => !servers.includes(p)).map((p) => p.done));
    procs.length = 0;
    procs.push(...servers);
    const c = koth(['queue', 'clean', '--all', '--queue', url]);
    await c.done;
  });

  afterAll(async () => {
    for (const s of servers) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('3: a worker handing in a wrongly shaped result stops the coordinator (exit 70) naming the worker; nothing merged, the job removed, a rerun with real workers completes', async () => {
    const VERSION = { KOTH_QUEUE_VERSION: 'test+forged' };
    const forger = new Worker('shards', async () => ({ games: 1000 }), { name: 'forger on evil-host', connection: connection(port), prefix: 'koth' });
    try {
      const q = koth([...ONE, '--queue', url], VERSION);
      expect(await q.done, q.stderr).toBe(70);
      expect(q.stdout).toBe('');
      expect(q.stderr).toMatch(/shard 0 of dice fixed came back from worker "forger on evil-host" with a result that cannot be this shard's: result lacks/);
      expect(q.stderr).toMatch(/Nothing of it was merged and the job was removed/);
    } finally {
      await forger.close();
    }
    const left = koth(['queue', 'status', '--queue', url, '--json']);
    expect(await left.done).toBe(0);
    expect(JSON.parse(left.stdout)).toEqual([]);
    const local = koth(ONE);
    expect([0, 1]).toContain(await local.done);
    const w = koth(['worker', '--queue', url, '--threads', '1'], VERSION);
    const again = koth([...ONE, '--queue', url], VERSION);
    expect([0, 1], again.stderr).toContain(await again.done);
    // Only the worker count shown may differ (a one-shard local run uses one thread): not part of the results.
    const sameWork = (out: string) => untimed(out).replace(/"workers": \d+/, '"workers": W').replace(/\d+ worker\(s\)/, 'W worker(s)');
    expect(sameWork(again.stdout)).toBe(sameWork(local.stdout));
    w.child.kill('SIGTERM');
    expect(await w.done).toBe(0);
  }, 90_000);

  it('3: a plausible but impossible result (more tied games than games) is refused, not merged', async () => {
    const VERSION = { KOTH_QUEUE_VERSION: 'test+plausible' };
    // The real statistics of the shard, with one figure made impossible.
    const forger = new Worker(
      'shards',
      async (job) => {
        const d = job.data as { opts: { bots: string[]; rules: string }; count: number; index: number };
        const acc = diceTrials.run(d.opts, new PyRandom(`x/${d.index}`), d.count);
        return { ...acc, tiedGames: acc.games + 1 };
      },
      { name: 'plausible', connection: connection(port), prefix: 'koth' },
    );
    try {
      const q = koth([...ONE, '--queue', url], VERSION);
      expect(await q.done, q.stderr).toBe(70);
      expect(q.stderr).toMatch(/came back from worker "plausible" .*1001 tied games of 1000/);
      expect(q.stdout).toBe('');
    } finally {
      await forger.close();
    }
  }, 60_000);

  it('8, 9: forged jobs are skipped and flagged by "queue status" (exit 0); job fields reach no terminal raw, in status or in the worker log', async () => {
    const queue = new Queue('shards', { connection: connection(port), prefix: 'koth' });
    try {
      await queue.add('x', {}, { jobId: 'forged-empty' });
      await queue.add('x', { version: '0.0.0+\u001b[31mred', run: 'run\u001b]0;title\u0007', game: 'dice', label: '\u001b[2Jwiped', opts: {}, seed: 1, index: 0, count: 1 }, { jobId: 'forged-escapes' });
      const s = koth(['queue', 'status', '--queue', url]);
      expect(await s.done, s.stderr).toBe(0);
      expect(s.stderr).toMatch(/skipped 1 job\(s\) on the queue that are not koth shard jobs .*forged-empty \(waiting: its version, run, game, label, index, count are missing/);
      expect(s.stdout).toContain('\\x1b[2Jwiped');
      expect(s.stdout + s.stderr).not.toMatch(CONTROL);
      const j = koth(['queue', 'status', '--queue', url, '--json']);
      expect(await j.done).toBe(0);
      expect(JSON.parse(j.stdout)).toHaveLength(1);
      // A worker takes both: the forged one fails, the other is refused (another version); its log stays clean.
      const w = koth(['worker', '--queue', url, '--threads', '1'], { KOTH_QUEUE_REFUSED_DELAY_MS: '60000' });
      await until(() => /failed job forged-empty: not a koth shard job/.test(w.stderr) && /refused shard 0 of dice \(run run\\x1b\]0;title\\x07\): made by koth 0\.0\.0\+\\x1b\[31mred/.test(w.stderr), `the worker to fail and refuse the forged jobs (log: ${w.stderr})`);
      w.child.kill('SIGTERM');
      expect(await w.done, w.stderr).toBe(0);
      expect(w.stderr).not.toMatch(CONTROL);
    } finally {
      await queue.close();
    }
  }, 60_000);

  it('14: a coordinator without workers says it is waiting for "koth worker"; with only workers of another version, that they refused its shards', async () => {
    const q = koth([...SMALL, '--queue', url], { KOTH_QUEUE_IDLE_MS: '300' });
    await until(() => /2 shard\(s\) queued on redis:\/\/127\.0\.0\.1:\d+, waiting for "koth worker --queue URL"/.test(q.stderr), `the waiting message (stderr: ${q.stderr})`);
    const old = koth(['worker', '--queue', url, '--threads', '1'], { KOTH_QUEUE_VERSION: '0.0.0+other' });
    await until(() => /shards of this run were refused by a worker of koth 0\.0\.0\+other; this run is koth \S+: start "koth worker" of this same build/.test(q.stderr), `the refusal message (stderr: ${q.stderr})`);
    q.child.kill('SIGINT');
    expect(await q.done).toBe(130);
    old.child.kill('SIGTERM');
    expect(await old.done).toBe(0);
  }, 60_000);

  it('4, 22: a password is never printed nor written to the report; WRONGPASS and NOAUTH are said as such (exit 4)', async () => {
    const { port: p } = await otherRedis(['--requirepass', 's3cret-pw']);
    const wrong = koth(['queue', 'status', '--queue', `redis://:nope@127.0.0.1:${p}`]);
    expect(await wrong.done).toBe(4);
    expect(wrong.stderr).toMatch(/refused the password \(WRONGPASS/);
    expect(wrong.stderr).not.toMatch(/Connection is closed|nope/);
    const none = koth(['queue', 'status', '--queue', `redis://127.0.0.1:${p}`]);
    expect(await none.done).toBe(4);
    expect(none.stderr).toMatch(/needs a password \(NOAUTH\): give it as redis:\/\/:PASSWORD@host:port/);
    const good = `redis://:s3cret-pw@127.0.0.1:${p}`;
    const report = mkdtempSync(join(dir, 'report-'));
    const w = koth(['worker', '--queue', good, '--threads', '1']);
    const q = koth(['replay', 'dice', '--games', '2000', '--shard-size', '1000', '--queue', good, '--report', report]);
    expect(await q.done, q.stderr).toBeLessThanOrEqual(1);
    const page = readFileSync(join(report, 'index.html'), 'utf8');
    expect(page).toMatch(/Made by <code>koth replay dice [^<]*--queue [^<]*redis:\/\/\*\*\*@127\.0\.0\.1:\d+/);
    w.child.kill('SIGTERM');
    expect(await w.done).toBe(0);
    const s = koth(['queue', 'status', '--queue', good]);
    expect(await s.done).toBe(0);
    for (const out of [page, q.stdout, q.stderr, w.stderr, s.stdout, s.stderr]) expect(out).not.toContain('s3cret-pw');
    const bad = koth(['queue', 'status', '--queue', 'http://:s3cret-pw@host']);
    expect(await bad.done).toBe(2);
    expect(bad.stderr).not.toContain('s3cret-pw');
  }, 90_000);

  it('11: a Redis that evicts (maxmemory-policy allkeys-lru) is refused at the start with the README\'s advice (exit 4), by coordinator and worker', async () => {
    const { port: p } = await otherRedis(['--maxmemory-policy', 'allkeys-lru']);
    const u = `redis://127.0.0.1:${p}`;
    const q = koth([...SMALL, '--queue', u]);
    expect(await q.done).toBe(4);
    expect(q.stderr).toMatch(/has maxmemory-policy allkeys-lru: .*Set "maxmemory-policy noeviction" in its redis\.conf/);
    const w = koth(['worker', '--queue', u]);
    expect(await w.done).toBe(4);
    expect(w.stderr).toMatch(/maxmemory-policy allkeys-lru/);
    // What is on it can still be looked at and removed.
    const s = koth(['queue', 'status', '--queue', u]);
    expect(await s.done).toBe(0);
  }, 60_000);

  it('12: --queue with --exact (dice, atomas, camel-up) is refused before connecting (exit 2)', async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    for (const game of ['dice', 'atomas', 'camel-up']) {
      const q = koth(['replay', game, '--exact', '--queue', closed]);
      expect(await q.done, `${game}: ${q.stderr}`).toBe(2);
      expect(q.stderr).toMatch(/--queue cannot be combined with --exact/);
    }
  }, 60_000);

  it('13: a database path that is not a number, or a database the Redis lacks, is exit 2 with a message; one it has works', async () => {
    const abc = koth([...SMALL, '--queue', `${url}/abc`]);
    expect(await abc.done).toBe(2);
    expect(abc.stderr).toMatch(/the path names the database, a number .* not "abc"/);
    const n99 = koth(['queue', 'status', '--queue', `${url}/99`]);
    expect(await n99.done).toBe(2);
    expect(n99.stderr).toMatch(/has no database 99 \(it has 16: \/0 to \/15\)/);
    const run99 = koth([...SMALL, '--queue', `${url}/99`]);
    expect(await run99.done).toBe(2);
    const db3 = koth(['queue', 'status', '--queue', `${url}/3`]);
    expect(await db3.done).toBe(0);
    expect(db3.stdout).toMatch(/\/3 is empty/);
  }, 60_000);

  it('15: a worker mid-shard whose Redis is killed, then SIGINT: says "Ctrl-C again", gives up after a bounded wait (exit 4)', async () => {
    const { port: p, server } = await otherRedis([]);
    const u = `redis://127.0.0.1:${p}`;
    const w = koth(['worker', '--queue', u, '--threads', '1'], { KOTH_QUEUE_STOP_MS: '1000' });
    // One shard of 300,000 games: a few seconds.
    const q = koth(['replay', 'dice', '--games', '300000', '--shard-size', '300000', '--queue', u]);
    await until(() => /\) started/.test(w.stderr), 'the worker to start the shard');
    server.child.kill('SIGKILL');
    await server.done;
    w.child.kill('SIGINT');
    expect(await w.done, w.stderr).toBe(4);
    expect(w.stderr).toMatch(/Ctrl-C again to exit at once/);
    expect(w.stderr).toMatch(/did not answer, so \d finished shard\(s\) could not be handed in/);
    q.child.kill('SIGKILL');
  }, 90_000);
});

/**
 * Queued runs with original Python bots (issue 30, "Python answers on the queue"): `koth replay
 * dice --python-bots FILE --queue URL` against a real redis-server this test starts (skipped,
 * saying so, without one). The bots are small dice bots of OUR OWN written here (no original
 * code; named after rows of the published table only so that their win rates show in the report).
 *
 * The sources travel by content: the coordinator stores each file's text once for the run, keyed
 * by its sha256, and the jobs name them by sha256; `koth worker` reads them from Redis, checks the
 * sha256 and runs the shards in Python sandbox workers it starts when the first such job arrives.
 * So a worker never needs the coordinator's files: here it runs in another folder, and the file is
 * deleted once the shards are queued. Every wait is bounded; nothing is timed.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { freePort, haveRedis, redisServer, starter, until, untimed, type Proc } from './redis.ts';

if (!haveRedis) console.warn('test/queue-python.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

const procs: Proc[] = [];
const start = starter(procs);
const KOTH = join(ROOT, 'dist/koth.js');
/** koth in a folder of its own (`cwd`): the coordinator's folder holds the bot file, a worker's never does. */
const koth = (args: string[], cwd: string, env: Record<string, string> = {}) => start(process.execPath, [KOTH, ...args], env, cwd);

// Ours: eight simple dice strategies (a dice game seats at least 8 bots).
const bot = (name: string, body: string) => `class ${name}(Bot):\n    def make_throw(self, scores, last_round):\n${body.replace(/^/gm, '        ')}\n`;
const OURS = [
  bot('StopBot', 'yield False'),
  bot('ThrowThriceBot', 'for _ in range(3):\n    yield True\nyield False'),
  bot('GoTo20Bot', 'while sum(self.current_throws) < 20:\n    yield True\nyield False'),
  bot('Chaser', 'lead = max(scores) - scores[self.index]\nwhile sum(self.current_throws) < max(8, lead):\n    yield True\nyield False'),
  bot('TakeFive', 'while sum(self.current_throws) < 5:\n    yield True\nyield False'),
  bot('Crush', 'while sum(self.current_throws) < 25:\n    yield True\nyield False'),
  bot('Alpha', 'while sum(self.current_throws) < 15:\n    yield True\nyield False'),
  bot('FooBot', 'yield True\nyield False'),
];
const SEVEN = 'StopBot,ThrowThriceBot,GoTo20Bot,Chaser,TakeFive,Crush,Alpha';
// Ours: raises once someone has scored (the original controller caught nothing: its run ended there).
const CRASHER = bot('Crasher', 'if sum(scores) > 30:\n    raise ValueError("ours: raised on purpose")\nyield False');
// Ours: never answers once someone has scored (the sandbox's time limit stops it).
const LOOPER = bot('Looper', 'if sum(scores) > 30:\n    while True:\n        pass\nyield False');

// 40 games in 4 shards of 10.
const RUN = ['replay', 'dice', '--seed', '3', '--games', '40', '--shard-size', '10', '--python-bots', 'ours.py'];

let dir = '';
let here = ''; // the coordinator's folder: ours.py is there
let away = ''; // the workers' folder: no ours.py
let url = '';
let redis: Proc | undefined;
let localJson = '';
let localTable = '';
let localExit: number | null = null;

const started = (ws: Proc[]) => ws.reduce((n, w) => n + (w.stderr.match(/\) started/g)?.length ?? 0), 0);
const finished = (ws: Proc[]) => ws.reduce((n, w) => n + (w.stderr.match(/ done in /g)?.length ?? 0), 0);
const writeOurs = (code = OURS.join('\n')) => writeFileSync(join(here, 'ours.py'), code);
const redisKeys = (pattern: string): string[] | undefined => {
  const r = spawnSync('redis-cli', ['-p', new URL(url).port, '--scan', '--pattern', pattern], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.split('\n').filter(Boolean) : undefined;
};
/**
 * A worker's job lock: long, so that a live worker's shard is never taken for stalled when this
 * shared machine is too busy to renew a short lock in time (a sandbox worker loading Pyodide); the
 * worker killed mid-shard keeps the short one of QUEUE_ENV, so its shard is redone soon.
 */
const LIVE = { KOTH_QUEUE_LOCK_MS: '30000' };
const stopWorkers = async (ws: Proc[]) => {
  for (const w of ws) w.child.kill('SIGTERM');
  for (const w of ws) expect(await w.done, w.stderr).toBe(0);
};

describe.skipIf(!haveRedis)('queued runs with original Python bots on a real redis-server', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'koth-pyq-'));
    here = join(dir, 'coordinator');
    away = join(dir, 'worker');
    mkdirSync(here);
    mkdirSync(away);
    writeOurs();
    url = `redis://127.0.0.1:${await freePort()}`;
    redis = await redisServer(start, Number(new URL(url).port), dir);
    // The local runs (2 sandbox workers) the queued ones must equal: the JSON and the table.
    const [j, t] = [koth([...RUN, '--workers', '2', '--json'], here), koth([...RUN, '--workers', '2'], here)];
    localExit = await j.done;
    expect([0, 1], j.stderr).toContain(localExit);
    expect(await t.done, t.stderr).toBe(localExit);
    localJson = untimed(j.stdout);
    localTable = untimed(t.stdout);
    const rows = (JSON.parse(j.stdout) as { rows: { bot: string; reproduced: number | null }[] }).rows.filter((r) => r.reproduced !== null);
    // The Python bots played: their rows have win rates.
    expect(rows.map((r) => r.bot).sort()).toEqual(['Alpha', 'Chaser', 'Crush', 'FooBot', 'GoTo20Bot', 'StopBot', 'TakeFive', 'ThrowThriceBot']);
    expect(JSON.parse(j.stdout).playedBy).toBe('the original Python bots (sandboxed in Pyodide)');
  }, 600_000);

  afterEach(async () => {
    for (const p of procs) if (p !== redis && p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.filter((p) => p !== redis).map((p) => p.done));
    procs.length = 0;
    if (redis) procs.push(redis);
    await koth(['queue', 'clean', '--all', '--queue', url], ROOT).done;
    writeOurs();
  });

  afterAll(async () => {
    redis?.child.kill('SIGKILL');
    await redis?.done;
    rmSync(dir, { recursive: true, force: true });
  });

  it('one worker in another folder, the file deleted once queued, a worker of another version refusing: equals the local --workers 2 run (JSON and table)', async () => {
    const old = koth(['worker', '--queue', url, '--threads', '1'], away, { KOTH_QUEUE_VERSION: '0.0.0+other', KOTH_QUEUE_REFUSED_DELAY_MS: '300' });
    await until(() => /waiting for shards/.test(old.stderr), 'the other version\'s worker to start', 60_000);
    const q = koth([...RUN, '--queue', url, '--json'], here);
    // Queued (the other version's worker hands the shards back, and the coordinator says so): the file goes.
    await until(() => /refused by a worker of koth 0\.0\.0\+other/.test(q.stderr), 'the coordinator to say its shards were refused', 300_000);
    expect(old.stderr).toMatch(/refused shard \d+ of dice/);
    rmSync(join(here, 'ours.py'));
    expect(existsSync(join(away, 'ours.py'))).toBe(false);
    const w = koth(['worker', '--queue', url, '--threads', '1'], away, LIVE);
    expect(await q.done, q.stderr).toBe(localExit);
    expect(untimed(q.stdout)).toBe(localJson);
    expect(JSON.parse(q.stdout).ranOn).toMatch(/^koth worker processes through the queue redis:\/\/127\.0\.0\.1:\d+ \(the original Python bots in their Pyodide sandbox workers\)$/);
    expect(finished([w])).toBe(4);
    expect(finished([old])).toBe(0);
    expect(w.stderr).toMatch(/taking its Python sources from the queue by sha256/);
    expect(w.stderr.match(/starting 1 Python sandbox worker\(s\)/g)).toHaveLength(1);
    // The sources were stored once for the run and went with its jobs.
    const keys = redisKeys('koth:content:*');
    if (keys) expect(keys).toEqual([]);

    // The table, with the file back (the coordinator reads it), on the same worker.
    writeOurs();
    const t = koth([...RUN, '--queue', url], here);
    expect(await t.done, t.stderr).toBe(localExit);
    expect(untimed(t.stdout)).toBe(localTable);
    expect(finished([w])).toBe(8);
    await stopWorkers([old, w]);
  }, 900_000);

  it('two workers: the same result, each ran shards', async () => {
    const ws = [koth(['worker', '--queue', url, '--threads', '1'], away, LIVE), koth(['worker', '--queue', url, '--threads', '1'], away, LIVE)];
    await until(() => ws.every((w) => /waiting for shards/.test(w.stderr)), 'both workers to start', 60_000);
    const q = koth([...RUN, '--queue', url, '--json'], here);
    expect(await q.done, q.stderr).toBe(localExit);
    expect(untimed(q.stdout)).toBe(localJson);
    expect(finished(ws)).toBe(4);
    for (const w of ws) expect(started([w]), w.stderr).toBeGreaterThan(0);
    await stopWorkers(ws);
  }, 900_000);

  it('a worker killed (SIGKILL) mid-shard: another redoes the shard, counted once, same result', async () => {
    const a = koth(['worker', '--queue', url, '--threads', '1'], away);
    const q = koth([...RUN, '--queue', url, '--json'], here);
    await until(() => started([a]) >= 1, 'worker A to start a shard', 300_000);
    a.child.kill('SIGKILL');
    await a.done;
    // Killed with a shard taken and not handed in (its sandbox worker still loading or playing).
    expect(started([a])).toBeGreaterThan(finished([a]));
    const b = koth(['worker', '--queue', url, '--threads', '1'], away, LIVE);
    expect(await q.done, q.stderr).toBe(localExit);
    expect(untimed(q.stdout)).toBe(localJson);
    expect(finished([b])).toBe(4 - finished([a]));
    await stopWorkers([b]);
  }, 900_000);

  it('a bot that raises, or runs over its time, on a worker: exit 3 naming it, as the local run says it', async () => {
    // A long grace: on a loaded machine the interrupted loop may take over the default 2 s to see KeyboardInterrupt, and then the worker is ended (another message).
    const env = { KOTH_SANDBOX_TIMEOUT_MS: '1000', KOTH_SANDBOX_GRACE_MS: '30000', ...LIVE };
    const runOf = (extra: string) => ['replay', 'dice', '--seed', '3', '--games', '20', '--shard-size', '10', '--python-bots', 'ours.py', '--bots', `${SEVEN},${extra}`];
    const w = koth(['worker', '--queue', url, '--threads', '1'], away, env);
    for (const [name, code] of [['Crasher', CRASHER], ['Looper', LOOPER]] as const) {
      writeOurs([...OURS, code].join('\n'));
      const l = koth([...runOf(name), '--workers', '1'], here, env);
      expect(await l.done, l.stderr).toBe(3);
      const q = koth([...runOf(name), '--queue', url], here);
      expect(await q.done, q.stderr).toBe(3);
      // What it says of the bot: the same words, the queued run adding where it ran (and maybe that it waited for a worker).
      const said = (p: Proc) =>
        p.stderr
          .split('\n')
          .filter((line) => !/shard\(s\) queued on .* waiting for/.test(line))
          .join('\n')
          .replace(/^koth: /, '')
          .replace(/ \(shard \d+, on worker "[^"]*"\)/g, '');
      expect(said(q), q.stderr).toBe(said(l));
      expect(q.stderr).toMatch(new RegExp(`${name}`));
      expect(q.stderr).toMatch(/\(shard \d+, on worker "koth worker on /);
    }
    expect(w.stderr).toMatch(/call time limit 1000 ms/);
    w.child.kill('SIGTERM');
    await w.done;
  }, 900_000);

  it('a source on the queue that is not the one its sha256 names (forged or damaged) is never run: the shard fails naming it, exit 70', async () => {
    const q = koth([...RUN, '--queue', url, '--json'], here, { KOTH_QUEUE_IDLE_MS: '200' });
    await until(() => /waiting for "koth worker/.test(q.stderr), 'the run to be queued', 300_000);
    const keys = redisKeys('koth:content:*');
    if (!keys) return; // no redis-cli to forge with
    expect(keys).toHaveLength(1);
    const sha = createHash('sha256').update(OURS.join('\n'), 'utf8').digest('hex');
    // The text stored under the file's sha256 replaced by another (one that would hand a bot every game).
    const forged = spawnSync('redis-cli', ['-p', new URL(url).port, 'HSET', keys[0]!, sha, OURS.join('\n').replace('yield False', 'yield True')], { encoding: 'utf8' });
    expect(forged.status, forged.stderr).toBe(0);
    const w = koth(['worker', '--queue', url, '--threads', '1'], away, LIVE);
    expect(await q.done, q.stderr).toBe(70);
    expect(q.stderr).toMatch(new RegExp(`its Python sources cannot be used: the text stored for sha256 ${sha} has sha256 [0-9a-f]{64}: it is not the file the run was started with`));
    expect(w.stderr).not.toMatch(/ done in |starting \d+ Python sandbox/);
    w.child.kill('SIGTERM');
    await w.done;
  }, 600_000);

  it('queue clean removes a run\'s stored sources with its jobs', async () => {
    // A run no worker serves: its shards and sources stay queued until it is cleaned.
    const q = koth([...RUN, '--queue', url, '--json'], here, { KOTH_QUEUE_IDLE_MS: '200' });
    await until(() => /waiting for "koth worker/.test(q.stderr), 'the run to be queued', 300_000);
    q.child.kill('SIGKILL');
    await q.done;
    const keys = redisKeys('koth:content:*');
    if (!keys) return;
    expect(keys).toHaveLength(1);
    const c = koth(['queue', 'clean', '--all', '--queue', url], ROOT);
    expect(await c.done, c.stderr).toBe(0);
    expect(redisKeys('koth:content:*')).toEqual([]);
  }, 600_000);
});

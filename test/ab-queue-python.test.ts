/**
 * `koth ab <game> --python-bots FILES --queue URL` (dice, ruins, camel-up) against a real
 * redis-server this test starts on 127.0.0.1 (skipped, saying so, without one): the files travel
 * with the run by content (sha256; engines/core/runner/content.ts), and two `koth worker`s run the
 * batches in Python sandbox workers of their own from a folder that does not hold the files
 * (the coordinator names them by relative paths of its own folder). The JSON equals the local
 * run's but for what ran it; a worker killed (SIGKILL) in a batch: another redoes it and the JSON
 * still equals the local run's. The bots are ours (test/ab-python-bots.ts). Every wait is bounded.
 */
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';
import { haveRedis, killAtFirstShard, redisForSuite, until, type Proc } from './redis.ts';
import { CAMEL_TWINS, diceBots, RUINS_TWINS_PY } from './ab-python-bots.ts';

if (!haveRedis) console.warn('test/ab-queue-python.test.ts: SKIPPED — redis-server is not installed (apt-get install -y redis-server)');

const KOTH = join(ROOT, 'dist/koth.js');
/** A long job lock: a live worker's batch is never taken for stalled while its sandbox loads Pyodide on a busy machine. */
const LIVE = { KOTH_QUEUE_LOCK_MS: '30000' };
const count = (ws: Proc[], re: RegExp) => ws.reduce((n, w) => n + (w.stderr.match(re)?.length ?? 0), 0);
const finished = (ws: Proc[]) => count(ws, / done in /g);
const bySha = (ws: Proc[]) => count(ws, /taking its Python sources from the queue by sha256/g);

let here = ''; // the coordinator's folder: the bot files are there
let away = ''; // the workers' folder: none of them
let workers: Proc[] = [];

const RUNS: [string, string[]][] = [
  ['dice', ['--python-bots', 'bots.py', '--candidate', 'Timid', '--baseline', 'TenA', '--max-pairs', '20']],
  ['ruins', ['--python-bots', 'twins.py,more_twins.py', '--candidate', 'Drunkard', '--baseline', 'GreedyBastard', '--field', 'EagerThief', '--max-pairs', '40']],
  ['camel-up', ['--python-bots', 'port_twins.py', '--candidate', 'Player1', '--baseline', 'Player2', '--field', 'Player0', '--max-pairs', '40']],
];

describe.skipIf(!haveRedis)('koth ab --python-bots on the queue, on a real redis-server', () => {
  // The redis-server, its folder and every process started: cleaned up after the suite.
  const { start, url: queueUrl, dir } = redisForSuite('koth-ab-pyq-');
  const koth = (args: string[], cwd: string, env: Record<string, string> = {}) => start(process.execPath, [KOTH, ...args], env, cwd);
  let url = '';

  beforeAll(async () => {
    url = queueUrl();
    here = join(dir(), 'coordinator');
    away = join(dir(), 'worker');
    mkdirSync(here);
    mkdirSync(away);
    diceBots(here); // bots.py
    copyFileSync(join(ROOT, 'tools/oracle/ruins/bots/port_twins/twins.py'), join(here, 'twins.py'));
    writeFileSync(join(here, 'more_twins.py'), RUINS_TWINS_PY);
    copyFileSync(CAMEL_TWINS, join(here, basename(CAMEL_TWINS)));
    workers = [0, 1].map(() => koth(['worker', '--queue', url, '--threads', '1'], away, LIVE));
    await until(() => workers.every((w) => /waiting for shards/.test(w.stderr)), 'both workers to start', 60_000);
  }, 120_000);

  it.each(RUNS)('%s: the queued run equals the local one (JSON), the workers never seeing the files', async (game, args) => {
    const [before, fetched] = [finished(workers), bySha(workers)];
    const local = koth(['ab', game, ...args, '--workers', '1', '--json'], here);
    expect(await local.done, local.stderr).toBe(0);
    const queued = koth(['ab', game, ...args, '--queue', url, '--json'], here);
    expect(await queued.done, queued.stderr).toBe(0);
    const q = JSON.parse(queued.stdout);
    const l = JSON.parse(local.stdout);
    expect(q.ranOn).toMatch(/^koth worker processes through the queue redis:\/\/127\.0\.0\.1:\d+ \(the original Python bots in their Pyodide sandbox workers\)$/);
    expect(l.ranOn).toMatch(/sandbox worker\(s\) \(the original Python bots in Pyodide\)/);
    expect({ ...q, ranOn: undefined }).toEqual({ ...l, ranOn: undefined });
    expect(q.discordant).toBeGreaterThan(0);
    // The batches ran on the workers, which took the sources from the queue by sha256.
    expect(finished(workers)).toBeGreaterThan(before);
    expect(bySha(workers)).toBeGreaterThan(fetched);
    for (const f of args[1]!.split(',')) expect(existsSync(join(away, f))).toBe(false);
  }, 900_000);
});

describe.skipIf(!haveRedis)('koth ab --python-bots on the queue: a worker killed in a batch', () => {
  // A redis-server of its own: no other worker of this file takes (or refuses) these batches.
  const { start, url: queueUrl, dir } = redisForSuite('koth-ab-pyq-kill-');
  const koth = (args: string[], cwd: string, env: Record<string, string> = {}) => start(process.execPath, [KOTH, ...args], env, cwd);

  it('SIGKILL while a batch plays: another worker redoes it; verdict, pairs, llr and the whole JSON equal the local run', async () => {
    const url = queueUrl();
    const [coordinator, worker] = [join(dir(), 'coordinator'), join(dir(), 'worker')];
    mkdirSync(coordinator);
    mkdirSync(worker);
    diceBots(coordinator); // bots.py
    // 60 pairs in batches of 10 (dice's Python batch): a worker has batches left to play when it is killed.
    const args = ['ab', 'dice', '--python-bots', 'bots.py', '--candidate', 'Timid', '--baseline', 'TenA', '--max-pairs', '60', '--seed', 'kill', '--json'];
    const local = koth([...args, '--workers', '1'], coordinator);
    expect(await local.done, local.stderr).toBe(0);
    const a = koth(['worker', '--queue', url, '--threads', '1'], worker, LIVE);
    // Killed the moment it says a batch started (its sandbox still loading Pyodide or playing the batch).
    const killedIn = killAtFirstShard(a, 'dice A/B');
    const queued = koth([...args, '--queue', url], coordinator);
    await until(() => killedIn() !== '', 'worker A to start a batch', 120_000);
    await a.done;
    expect(a.stderr).not.toMatch(/ done in /);
    const b = koth(['worker', '--queue', url, '--threads', '1'], worker, LIVE);
    expect(await queued.done, queued.stderr).toBe(0);
    // Worker B played the batch A was killed in (once its lock ran out).
    expect(b.stderr).toContain(`${killedIn()} done in `);
    const q = JSON.parse(queued.stdout);
    const l = JSON.parse(local.stdout);
    expect({ verdict: q.verdict, pairs: q.pairs, llr: q.llr }).toEqual({ verdict: l.verdict, pairs: l.pairs, llr: l.llr });
    expect({ ...q, ranOn: undefined }).toEqual({ ...l, ranOn: undefined });
    b.child.kill('SIGTERM');
    expect(await b.done).toBe(0);
  }, 600_000);
});
